//! MPRP rope chains ({D:formats/RGM.md} "MPRP (Rope Chains)"): u32 LE count, then count ×
//! 80-byte records; the payload must be exactly 4 + 80n ({F§6}).
//!
//! A rope is `length` copies of its link model hung down from the base position, each
//! yawed by `angle_y`, with an optional terminal model under the last link.

use super::mpob::counted;
use super::{i16_at, i24_at, i32_at, name_at, u32_at};
use crate::formats::FormatError;

/// Record size.
pub const RECORD: usize = 80;
/// Mask of the yaw in `angle_y` (2048 units per turn, as MPOB angles).
pub const YAW_MASK: i32 = 0x7FF;

internal! {
    /// Field offsets within a record (LE).
    mod field {
        /// u32 id.
        pub const ID: usize = 0x00;
        /// u8, not read at runtime.
        pub const RESERVED: usize = 0x04;
        /// i24 + pad.
        pub const X: usize = 0x05;
        /// i24 + pad.
        pub const Y: usize = 0x09;
        /// i24 + pad: signed here, unlike the u24 Z of MPOB, MPSO and MPSF.
        pub const Z: usize = 0x0D;
        /// i32 heading (reduce with [`YAW_MASK`](super::YAW_MASK)).
        pub const ANGLE_Y: usize = 0x10;
        /// i32 rope type.
        pub const TYPE: usize = 0x14;
        /// i32 swing.
        pub const SWING: usize = 0x18;
        /// i32 speed.
        pub const SPEED: usize = 0x1C;
        /// i16 number of links.
        pub const LENGTH: usize = 0x20;
        /// `[u8; 9]` terminal model name (empty: none).
        pub const STATIC_MODEL: usize = 0x22;
        /// `[u8; 9]` link model name.
        pub const ROPE_MODEL: usize = 0x2B;
        /// Width of both names.
        pub const NAME_LEN: usize = 9;
        /// i32 × 3 swing sound effects, slow to fast (0 = none).
        pub const SOUNDS: usize = 0x34;
        /// i32 × 4 read at runtime, meaning unknown.
        pub const TRAILING: usize = 0x40;
    }
}

/// The MPRP section.
#[derive(Clone, Copy, Debug, Default)]
pub struct Mprp<'a> {
    records: &'a [u8],
}

impl<'a> Mprp<'a> {
    /// Checks the count against the payload (at file offset `base`). An empty payload
    /// (section absent) reads as no records.
    pub fn new_checked(payload: &'a [u8], base: usize) -> Result<Self, FormatError> {
        Ok(Mprp { records: counted(payload, base, RECORD)? })
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
    pub fn get(&self, i: usize) -> Option<MprpRecord<'a>> {
        self.records.as_chunks::<RECORD>().0.get(i).map(|raw| MprpRecord { raw })
    }
    /// All records in file order.
    pub fn iter(&self) -> impl Iterator<Item = MprpRecord<'a>> + use<'a> {
        self.records.as_chunks::<RECORD>().0.iter().map(|raw| MprpRecord { raw })
    }
}

/// One MPRP record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MprpRecord<'a> {
    raw: &'a [u8; RECORD],
}

impl<'a> MprpRecord<'a> {
    /// The raw bytes.
    pub fn raw(&self) -> &'a [u8; RECORD] {
        self.raw
    }
    /// Id.
    pub fn id(&self) -> u32 {
        u32_at(self.raw, field::ID)
    }
    /// The byte at 0x04 (not read at runtime).
    pub fn reserved(&self) -> u8 {
        self.raw[field::RESERVED]
    }
    /// Base position, map units: three signed 24-bit values. The table types Z as i24,
    /// while the instancing text says the MPOB sign rules apply (where Z is u24); the
    /// table is the byte layout, so it wins. The two readings differ only for Z ≥ 2^23.
    pub fn position(&self) -> [i32; 3] {
        [i24_at(self.raw, field::X), i24_at(self.raw, field::Y), i24_at(self.raw, field::Z)]
    }
    /// The heading word as stored.
    pub fn angle_y(&self) -> i32 {
        i32_at(self.raw, field::ANGLE_Y)
    }
    /// The heading in 0..2048: the low eleven bits, which for a negative word is the
    /// Euclidean remainder, not `%`.
    pub fn yaw(&self) -> u16 {
        (self.angle_y() & YAW_MASK) as u16
    }
    /// Rope type.
    pub fn rope_type(&self) -> i32 {
        i32_at(self.raw, field::TYPE)
    }
    /// Swing parameter.
    pub fn swing(&self) -> i32 {
        i32_at(self.raw, field::SWING)
    }
    /// Speed parameter.
    pub fn speed(&self) -> i32 {
        i32_at(self.raw, field::SPEED)
    }
    /// Number of links, signed as stored.
    pub fn length(&self) -> i16 {
        i16_at(self.raw, field::LENGTH)
    }
    /// Terminal model name up to its NUL (empty: no terminal model).
    pub fn static_model(&self) -> &'a [u8] {
        name_at::<{ field::NAME_LEN }>(self.raw, field::STATIC_MODEL)
    }
    /// Link model name up to its NUL.
    pub fn rope_model(&self) -> &'a [u8] {
        name_at::<{ field::NAME_LEN }>(self.raw, field::ROPE_MODEL)
    }
    /// Swing sound effects for low, medium and high swing speed (0 = none).
    pub fn sounds(&self) -> [i32; 3] {
        core::array::from_fn(|k| i32_at(self.raw, field::SOUNDS + 4 * k))
    }
    /// The four trailing words (zero in every shipped record).
    pub fn trailing(&self) -> [i32; 4] {
        core::array::from_fn(|k| i32_at(self.raw, field::TRAILING + 4 * k))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::ErrorKind;

    /// One record from the {D} offset table (literal offsets).
    fn payload() -> [u8; 4 + 80] {
        let mut p = [0u8; 4 + 80];
        p[0..4].copy_from_slice(&1u32.to_le_bytes());
        let r = &mut p[4..];
        r[0x00..0x04].copy_from_slice(&29u32.to_le_bytes());
        r[0x04] = 0x5A;
        r[0x05..0x09].copy_from_slice(&[0x10, 0x00, 0x00, 0xAA]); // 16, pad
        r[0x09..0x0D].copy_from_slice(&[0xF0, 0xFF, 0xFF, 0xAA]); // −16, pad
        r[0x0D..0x11].copy_from_slice(&[0x00, 0x00, 0x80, 0xAA]); // i24 −2^23 (u24 would be 2^23)
        r[0x10..0x14].copy_from_slice(&(-1i32).to_le_bytes()); // overwrites Z's pad: no pad after Z
        r[0x14..0x18].copy_from_slice(&2i32.to_le_bytes());
        r[0x18..0x1C].copy_from_slice(&300i32.to_le_bytes());
        r[0x1C..0x20].copy_from_slice(&(-4i32).to_le_bytes());
        r[0x20..0x22].copy_from_slice(&12i16.to_le_bytes());
        r[0x22..0x2B].copy_from_slice(b"ROPEEND\0\xEE"); // NUL, then a stray byte
        r[0x2B..0x34].copy_from_slice(b"ROPELINK1"); // all nine bytes, no NUL
        r[0x34..0x38].copy_from_slice(&0i32.to_le_bytes());
        r[0x38..0x3C].copy_from_slice(&57i32.to_le_bytes());
        r[0x3C..0x40].copy_from_slice(&(-1i32).to_le_bytes());
        for (k, v) in [1i32, -2, 3, i32::MAX].into_iter().enumerate() {
            r[0x40 + 4 * k..0x44 + 4 * k].copy_from_slice(&v.to_le_bytes());
        }
        p
    }

    #[test]
    fn every_field_at_its_documented_offset() {
        let p = payload();
        let s = Mprp::new_checked(&p, 0).unwrap();
        assert_eq!(s.len(), 1);
        let r = s.get(0).unwrap();
        assert_eq!((r.id(), r.reserved()), (29, 0x5A));
        assert_eq!(r.position(), [16, -16, -(1 << 23)]);
        // −1 & 0x7FF = 2047: one unit short of a turn.
        assert_eq!((r.angle_y(), r.yaw()), (-1, 2047));
        assert_eq!((r.rope_type(), r.swing(), r.speed(), r.length()), (2, 300, -4, 12));
        assert_eq!((r.static_model(), r.rope_model()), (&b"ROPEEND"[..], &b"ROPELINK1"[..]));
        assert_eq!(r.sounds(), [0, 57, -1]);
        assert_eq!(r.trailing(), [1, -2, 3, i32::MAX]);
        assert!(s.iter().eq([r]) && s.get(1).is_none());
    }

    #[test]
    fn yaw_keeps_the_low_eleven_bits() {
        let mut p = payload();
        // 2049 = 2048 + 1; −2048 = −1·2048 + 0; 0x7FFF_FFFF & 0x7FF = 0x7FF.
        for (word, yaw) in [(2049i32, 1u16), (-2048, 0), (i32::MAX, 2047), (1024, 1024)] {
            p[4 + 0x10..4 + 0x14].copy_from_slice(&word.to_le_bytes());
            assert_eq!(Mprp::new_checked(&p, 0).unwrap().get(0).unwrap().yaw(), yaw, "{word}");
        }
    }

    #[test]
    fn a_count_that_disagrees_with_the_payload_is_refused() {
        let mut p = payload();
        p[0] = 0;
        assert_eq!(Mprp::new_checked(&p, 3).unwrap_err().kind, ErrorKind::BadSize);
        assert_eq!(Mprp::new_checked(&p, 3).unwrap_err().offset, 3);
        p[0..4].copy_from_slice(&u32::MAX.to_le_bytes());
        assert!(Mprp::new_checked(&p, 0).is_err());
        assert!(Mprp::new_checked(&[], 0).unwrap().is_empty());
    }
}
