//! MPMK markers ({F§1.4}; {D:formats/RGM.md} "MPMK"): u32 LE count, then
//! count × 12-byte positions (i24 + pad × 3), then a *separate* array of count aux bytes;
//! not interleaved 13-byte records. Payload = 4 + 13n (§6). A marker is usable when its
//! aux byte equals 1 (0.10.2 briefly said ≠0; the {D} say == 1).

use super::i24_at;
use super::mpob::counted_with;
use crate::formats::FormatError;

/// Position record size.
pub const RECORD: usize = 12;

internal! {
    /// Field offsets within a position record.
    mod field {
        /// i24 + pad.
        pub const X: usize = 0x00;
        /// i24 + pad.
        pub const Y: usize = 0x04;
        /// i24 + pad.
        pub const Z: usize = 0x08;
    }
}

/// The MPMK section.
#[derive(Clone, Copy, Debug, Default)]
pub struct Mpmk<'a> {
    positions: &'a [u8],
    aux: &'a [u8],
}

impl<'a> Mpmk<'a> {
    /// Checks the count against the payload (at file offset `base`). An empty payload
    /// (section absent) reads as no markers.
    pub fn new_checked(payload: &'a [u8], base: usize) -> Result<Self, FormatError> {
        let positions = counted_with(payload, base, RECORD, 1)?;
        let aux = payload.get(4 + positions.len()..).unwrap_or(&[]);
        Ok(Mpmk { positions, aux })
    }
    /// Number of markers.
    pub fn len(&self) -> usize {
        self.positions.len() / RECORD
    }
    /// No markers.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Marker `i`.
    pub fn get(&self, i: usize) -> Option<Marker> {
        let raw = self.positions.as_chunks::<RECORD>().0.get(i)?;
        Some(Marker {
            position: [i24_at(raw, field::X), i24_at(raw, field::Y), i24_at(raw, field::Z)],
            aux: *self.aux.get(i)?,
        })
    }
    /// All markers.
    pub fn iter(&self) -> impl Iterator<Item = Marker> + '_ {
        (0..self.len()).filter_map(|i| self.get(i))
    }
}

/// One marker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Marker {
    /// Map-unit position (the player start is this × 256).
    pub position: [i32; 3],
    /// The aux byte.
    pub aux: u8,
}

impl Marker {
    /// Usable by lookups: aux == 1 exactly.
    pub fn usable(&self) -> bool {
        self.aux == 1
    }
}
