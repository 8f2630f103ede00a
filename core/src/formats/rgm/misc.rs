//! Sections the core only frames ({F§1.1}, §6; {D:formats/RGM.md}): MPRP,
//! MPSL, MPSF as raw fixed-size records behind their counts, RAVC vertex spheres, FLAT
//! draw attributes and WDNM walk-node maps as length-checked payload slices.

use super::mpob::counted;
use super::{err, i8_byte, span, u16_at, u32_at};
use crate::formats::{ErrorKind, FormatError, bytes};

/// A count-prefixed section of raw `N`-byte records (`u32 n` + exactly `n × N` bytes).
#[derive(Clone, Copy, Debug, Default)]
pub struct Counted<'a, const N: usize> {
    records: &'a [u8],
}

impl<'a, const N: usize> Counted<'a, N> {
    /// Checks the count against the payload (at file offset `base`). An empty payload
    /// (section absent) reads as no records.
    pub fn new_checked(payload: &'a [u8], base: usize) -> Result<Self, FormatError> {
        Ok(Counted { records: counted(payload, base, N)? })
    }
    /// Number of records.
    pub fn len(&self) -> usize {
        self.records.len() / N
    }
    /// No records.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Record `i`, raw.
    pub fn get(&self, i: usize) -> Option<&'a [u8; N]> {
        self.records.as_chunks::<N>().0.get(i)
    }
}

/// MPRP ropes: 80-byte records.
pub type Mprp<'a> = Counted<'a, 80>;
/// MPSL lights: 42-byte records.
pub type Mpsl<'a> = Counted<'a, 42>;
/// MPSF flat sprites: 24-byte records.
pub type Mpsf<'a> = Counted<'a, 24>;

/// RAVC record size.
pub const RAVC_RECORD: usize = 9;

/// RAVC vertex collision spheres: len / 9 records, tail ignored.
#[derive(Clone, Copy, Debug, Default)]
pub struct Ravc<'a> {
    data: &'a [u8],
}

/// One RAVC sphere.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VertexSphere {
    /// i8 × 3 local offset.
    pub offset: [i8; 3],
    /// u16 model vertex.
    pub vertex: u16,
    /// u32 radius.
    pub radius: u32,
}

impl<'a> Ravc<'a> {
    /// Any length is valid.
    pub fn new(payload: &'a [u8]) -> Self {
        Ravc { data: payload }
    }
    /// Whole records.
    pub fn len(&self) -> usize {
        self.data.len() / RAVC_RECORD
    }
    /// No whole record.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The sphere at byte offset `off`.
    pub fn at(&self, off: usize) -> Option<VertexSphere> {
        let r = self.data.get(off..)?.first_chunk::<RAVC_RECORD>()?;
        Some(VertexSphere {
            offset: [i8_byte(r[0]), i8_byte(r[1]), i8_byte(r[2])],
            vertex: u16_at(r, 3),
            radius: u32_at(r, 5),
        })
    }
    /// Record `i`.
    pub fn get(&self, i: usize) -> Option<VertexSphere> {
        self.at(i.checked_mul(RAVC_RECORD)?)
    }
}

/// Number of texture archives FLAT has a count for.
pub const FLAT_ARCHIVES: usize = 512;
/// FLAT record size: image id, flags, alpha.
pub const FLAT_RECORD: usize = 3;

/// FLAT sprite draw attributes: 512 u16 counts, then their 3-byte records in archive
/// order. The counts must add up to exactly (len − 1024) / 3 records.
#[derive(Clone, Copy, Debug, Default)]
pub struct Flat<'a> {
    data: &'a [u8],
}

impl<'a> Flat<'a> {
    /// Checks the counts against the payload. An empty payload (absent) reads as no records.
    pub fn new_checked(payload: &'a [u8], base: usize) -> Result<Self, FormatError> {
        if payload.is_empty() {
            return Ok(Flat { data: payload });
        }
        let head = FLAT_ARCHIVES * 2;
        let records = payload.len().checked_sub(head).ok_or(err(ErrorKind::Truncated, base))?;
        let total: usize = (0..FLAT_ARCHIVES).map(|a| u16_at(payload, 2 * a) as usize).sum();
        if records % FLAT_RECORD != 0 || records / FLAT_RECORD != total {
            return Err(err(ErrorKind::BadSize, base));
        }
        Ok(Flat { data: payload })
    }
    /// The raw payload.
    pub fn raw(&self) -> &'a [u8] {
        self.data
    }
    /// Record count of archive `a`.
    pub fn count(&self, a: usize) -> usize {
        if a < FLAT_ARCHIVES { u16_at(self.data, 2 * a) as usize } else { 0 }
    }
    /// The records of archive `a`, each `[image, flags, alpha]`.
    pub fn records(&self, a: usize) -> &'a [[u8; FLAT_RECORD]] {
        let first: usize = (0..a.min(FLAT_ARCHIVES)).map(|k| self.count(k)).sum();
        let start = FLAT_ARCHIVES * 2 + first * FLAT_RECORD;
        let recs = bytes::slice(self.data, start, self.count(a) * FLAT_RECORD).unwrap_or(&[]);
        recs.as_chunks::<FLAT_RECORD>().0
    }
}

/// WDNM walk-node maps: u32 count, then that many maps, each a u32 length (excluding
/// itself) and its payload. Only the map framing is checked.
#[derive(Clone, Copy, Debug, Default)]
pub struct Wdnm<'a> {
    data: &'a [u8],
    count: usize,
}

impl<'a> Wdnm<'a> {
    /// Checks that all maps fit. An empty payload (absent) reads as no maps; bytes after
    /// the last map are ignored.
    pub fn new_checked(payload: &'a [u8], base: usize) -> Result<Self, FormatError> {
        if payload.is_empty() {
            return Ok(Wdnm { data: payload, count: 0 });
        }
        let count = bytes::u32_le(payload, 0).ok_or(err(ErrorKind::Truncated, base))? as usize;
        // Each map takes at least its 4-byte length: bounds the walk before it starts.
        if span(count, 4, 4, base)? > payload.len() {
            return Err(err(ErrorKind::TooMany, base));
        }
        let mut pos = 4usize;
        for _ in 0..count {
            let len = bytes::u32_le(payload, pos).ok_or(err(ErrorKind::Truncated, base + pos))? as usize;
            let map = bytes::slice(payload, pos + 4, len).ok_or(err(ErrorKind::Truncated, base + pos))?;
            super::walk::WalkMap::new_checked(map, base + pos + 4)?;
            pos += 4 + len;
        }
        Ok(Wdnm { data: payload, count })
    }
    /// Number of maps.
    pub fn len(&self) -> usize {
        self.count
    }
    /// No maps.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }
    /// Each map, decoded, in file order.
    pub fn walk_maps(&self) -> impl Iterator<Item = super::walk::WalkMap<'a>> + 'a {
        self.maps().filter_map(|m| super::walk::WalkMap::new_checked(m, 0).ok())
    }

    /// Each map's payload (after its length word), in file order.
    pub fn maps(&self) -> impl Iterator<Item = &'a [u8]> + 'a {
        let data = self.data;
        let mut pos = 4usize;
        (0..self.count).map_while(move |_| {
            let len = bytes::u32_le(data, pos)? as usize;
            let map = bytes::slice(data, pos + 4, len)?;
            pos += 4 + len;
            Some(map)
        })
    }
}
