//! MPSL map lights ({D:formats/RGM.md} "MPSL (Lights)"): u32 LE count, then count ×
//! 42-byte records; the payload must be exactly 4 + 42n ({F§6}).
//!
//! One file holds the lights of every world that uses the map; loading keeps those that
//! [`MpslRecord::selected_for`] the WORLD.INI entry being entered. The loader then writes
//! list links over the first two words, so `link` and `world_id` are only meaningful as
//! stored; position, radius and colour stay as in the file.

use super::mpob::counted;
use super::{i16_at, i32_at, u32_at};
use crate::formats::{FormatError, bytes};

/// Record size.
pub const RECORD: usize = 42;
/// The `active` byte of a light that loading may select.
pub const ACTIVE: u8 = 1;

internal! {
    /// Field offsets within a record (LE).
    mod field {
        /// u32 link (serialized; replaced once the light is in a spatial list).
        pub const LINK: usize = 0x00;
        /// u32 WORLD.INI entry the light belongs to.
        pub const WORLD_ID: usize = 0x04;
        /// i32 X, engine coordinates (not the i24 placement encoding).
        pub const X: usize = 0x08;
        /// i32 Y.
        pub const Y: usize = 0x0C;
        /// i32 Z.
        pub const Z: usize = 0x10;
        /// i16 radius, engine coordinates.
        pub const RADIUS: usize = 0x14;
        /// i16 auxiliary field.
        pub const FIELD_16: usize = 0x16;
        /// i16 × 3 red, green, blue; a negative channel subtracts light.
        pub const RGB: usize = 0x18;
        /// u8 auxiliary byte.
        pub const FIELD_1E: usize = 0x1E;
        /// u8: [`ACTIVE`](super::ACTIVE) for a selectable light.
        pub const ACTIVE: usize = 0x1F;
        /// `[u8; 6]` auxiliary bytes.
        pub const FIELD_20: usize = 0x20;
        /// Width of `FIELD_20`.
        pub const FIELD_20_LEN: usize = 6;
        /// `[u8; 4]` auxiliary bytes.
        pub const FIELD_26: usize = 0x26;
        /// Width of `FIELD_26`.
        pub const FIELD_26_LEN: usize = 4;
    }
}

/// The MPSL section.
#[derive(Clone, Copy, Debug, Default)]
pub struct Mpsl<'a> {
    records: &'a [u8],
}

impl<'a> Mpsl<'a> {
    /// Checks the count against the payload (at file offset `base`). An empty payload
    /// (section absent) reads as no records.
    pub fn new_checked(payload: &'a [u8], base: usize) -> Result<Self, FormatError> {
        Ok(Mpsl { records: counted(payload, base, RECORD)? })
    }
    /// Number of records.
    pub fn len(&self) -> usize {
        self.records.len() / RECORD
    }
    /// No records.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Record `i`.
    pub fn get(&self, i: usize) -> Option<MpslRecord<'a>> {
        self.records.as_chunks::<RECORD>().0.get(i).map(|raw| MpslRecord { raw })
    }
    /// All records in file order.
    pub fn iter(&self) -> impl Iterator<Item = MpslRecord<'a>> + use<'a> {
        self.records.as_chunks::<RECORD>().0.iter().map(|raw| MpslRecord { raw })
    }
    /// The lights loading keeps for WORLD.INI entry `world_id`, in file order (only with
    /// map lights enabled, which is the caller's business).
    pub fn selected(&self, world_id: u32) -> impl Iterator<Item = MpslRecord<'a>> + use<'a> {
        self.iter().filter(move |l| l.selected_for(world_id))
    }
}

/// One MPSL record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MpslRecord<'a> {
    raw: &'a [u8; RECORD],
}

impl<'a> MpslRecord<'a> {
    /// The raw bytes.
    pub fn raw(&self) -> &'a [u8; RECORD] {
        self.raw
    }
    /// The link word as stored.
    pub fn link(&self) -> u32 {
        u32_at(self.raw, field::LINK)
    }
    /// The WORLD.INI entry the light belongs to.
    pub fn world_id(&self) -> u32 {
        u32_at(self.raw, field::WORLD_ID)
    }
    /// Position: three i32, engine coordinates.
    pub fn position(&self) -> [i32; 3] {
        [i32_at(self.raw, field::X), i32_at(self.raw, field::Y), i32_at(self.raw, field::Z)]
    }
    /// Local-light radius, engine coordinates.
    pub fn radius(&self) -> i16 {
        i16_at(self.raw, field::RADIUS)
    }
    /// The auxiliary i16 at 0x16.
    pub fn field_16(&self) -> i16 {
        i16_at(self.raw, field::FIELD_16)
    }
    /// Signed red, green and blue strengths (a strength, not a direction).
    pub fn rgb(&self) -> [i16; 3] {
        core::array::from_fn(|k| i16_at(self.raw, field::RGB + 2 * k))
    }
    /// The auxiliary byte at 0x1E.
    pub fn field_1e(&self) -> u8 {
        self.raw[field::FIELD_1E]
    }
    /// The active byte.
    pub fn active(&self) -> u8 {
        self.raw[field::ACTIVE]
    }
    /// The auxiliary bytes at 0x20.
    pub fn field_20(&self) -> [u8; field::FIELD_20_LEN] {
        bytes::array(self.raw, field::FIELD_20).unwrap_or_default()
    }
    /// The auxiliary bytes at 0x26.
    pub fn field_26(&self) -> [u8; field::FIELD_26_LEN] {
        bytes::array(self.raw, field::FIELD_26).unwrap_or_default()
    }
    /// Whether loading keeps this light for WORLD.INI entry `world_id`: the active byte is
    /// exactly [`ACTIVE`] (any other nonzero value does not count) and the world matches.
    pub fn selected_for(&self, world_id: u32) -> bool {
        self.active() == ACTIVE && self.world_id() == world_id
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::ErrorKind;

    const N: usize = 6;

    /// `N` records from the {D} offset table (literal offsets): record 0 has every field
    /// set; the others vary only the world and the active byte.
    fn payload() -> [u8; 4 + N * 42] {
        let mut p = [0u8; 4 + N * 42];
        p[0..4].copy_from_slice(&(N as u32).to_le_bytes());
        let r = &mut p[4..46];
        r[0x00..0x04].copy_from_slice(&0xDEAD_BEEFu32.to_le_bytes());
        r[0x08..0x0C].copy_from_slice(&(-1000i32).to_le_bytes());
        r[0x0C..0x10].copy_from_slice(&0x0100_0000i32.to_le_bytes()); // beyond any i24
        r[0x10..0x14].copy_from_slice(&(-5i32).to_le_bytes());
        r[0x14..0x16].copy_from_slice(&600i16.to_le_bytes());
        r[0x16..0x18].copy_from_slice(&(-7i16).to_le_bytes());
        r[0x18..0x1A].copy_from_slice(&255i16.to_le_bytes());
        r[0x1A..0x1C].copy_from_slice(&(-64i16).to_le_bytes());
        r[0x1C..0x1E].copy_from_slice(&i16::MAX.to_le_bytes());
        r[0x1E] = 0x11;
        r[0x20..0x26].copy_from_slice(&[1, 2, 3, 4, 5, 6]);
        r[0x26..0x2A].copy_from_slice(&[7, 8, 9, 10]);
        // (world, active) per record: the world word is a whole u32 (65538 is not 2).
        let worlds: [(u32, u8); N] = [(2, 1), (2, 2), (3, 1), (2, 0), (65538, 1), (2, 1)];
        for (k, (w, a)) in worlds.into_iter().enumerate() {
            let r = &mut p[4 + 42 * k..4 + 42 * (k + 1)];
            r[0x04..0x08].copy_from_slice(&w.to_le_bytes());
            r[0x1F] = a;
            if k > 0 {
                r[0x00..0x04].copy_from_slice(&(k as u32).to_le_bytes());
            }
        }
        p
    }

    #[test]
    fn every_field_at_its_documented_offset() {
        let p = payload();
        let s = Mpsl::new_checked(&p, 0).unwrap();
        assert_eq!(s.len(), N);
        let l = s.get(0).unwrap();
        assert_eq!((l.link(), l.world_id(), l.active()), (0xDEAD_BEEF, 2, 1));
        assert_eq!(l.position(), [-1000, 0x0100_0000, -5]);
        assert_eq!((l.radius(), l.field_16(), l.rgb()), (600, -7, [255, -64, i16::MAX]));
        assert_eq!((l.field_1e(), l.field_20(), l.field_26()), (0x11, [1, 2, 3, 4, 5, 6], [7, 8, 9, 10]));
        assert!(s.get(N).is_none());
    }

    #[test]
    fn selection_needs_active_exactly_one_and_the_same_world() {
        let p = payload();
        let s = Mpsl::new_checked(&p, 0).unwrap();
        let picked = |w| s.selected(w).map(|l| l.link()).collect::<heapless::Vec<u32, N>>();
        // World 2: records 0 and 5; record 1 (active 2) and record 3 (active 0) are not.
        assert_eq!(picked(2), [0xDEAD_BEEF, 5]);
        assert_eq!(picked(3), [2]);
        assert_eq!(picked(65538), [4]);
        assert!(picked(0).is_empty());
        assert!(!s.get(1).unwrap().selected_for(2));
        assert!(!s.get(2).unwrap().selected_for(2));
        assert!(s.get(2).unwrap().selected_for(3));
    }

    #[test]
    fn a_count_that_disagrees_with_the_payload_is_refused() {
        let mut p = payload();
        p[0] = N as u8 + 1;
        assert_eq!(Mpsl::new_checked(&p, 9).unwrap_err().kind, ErrorKind::BadSize);
        assert_eq!(Mpsl::new_checked(&p, 9).unwrap_err().offset, 9);
        p[0] = N as u8;
        assert_eq!(Mpsl::new_checked(&p[..p.len() - 1], 0).unwrap_err().kind, ErrorKind::BadSize);
        assert!(Mpsl::new_checked(&[], 0).unwrap().is_empty());
    }
}
