//! Two sections without a module of their own ({F§1.1}, §6; {D:formats/RGM.md}): RAVC
//! vertex spheres and WDNM walk-node maps (whose maps [`super::walk`] decodes), as
//! length-checked payload slices.

use super::{err, i8_byte, span, u16_at, u32_at};
use crate::formats::{ErrorKind, FormatError, bytes};

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
