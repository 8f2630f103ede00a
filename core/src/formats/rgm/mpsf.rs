//! MPSF placed flats ({D:formats/RGM.md} "MPSF (Flat Objects)"): u32 LE count, then
//! count × 24-byte records; the payload must be exactly 4 + 24n ({F§6}). Each record is a
//! camera-facing textured quad; its draw flags and alpha come from FLAT
//! ([`super::flat::FlatDraw::for_texture`]).

use super::flat::{Flat, FlatDraw, texture_archive, texture_image};
use super::mpob::counted;
use super::{i16_at, i24_at, i32_at, u16_at, u24_at, u32_at};
use crate::formats::FormatError;

/// Record size.
pub const RECORD: usize = 24;

internal! {
    /// Field offsets within a record (LE).
    mod field {
        /// u32 id.
        pub const ID: usize = 0x00;
        /// i32, not read at runtime.
        pub const RESERVED: usize = 0x04;
        /// i24 + pad.
        pub const X: usize = 0x08;
        /// i24 + pad.
        pub const Y: usize = 0x0C;
        /// u24 + pad.
        pub const Z: usize = 0x10;
        /// u16 packed texture: archive id above a seven-bit image id.
        pub const TEXTURE_DATA: usize = 0x14;
        /// i16, not read at runtime.
        pub const RESERVED_16: usize = 0x16;
    }
}

/// The MPSF section.
#[derive(Clone, Copy, Debug, Default)]
pub struct Mpsf<'a> {
    records: &'a [u8],
}

impl<'a> Mpsf<'a> {
    /// Checks the count against the payload (at file offset `base`). An empty payload
    /// (section absent) reads as no records.
    pub fn new_checked(payload: &'a [u8], base: usize) -> Result<Self, FormatError> {
        Ok(Mpsf { records: counted(payload, base, RECORD)? })
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
    pub fn get(&self, i: usize) -> Option<MpsfRecord<'a>> {
        self.records.as_chunks::<RECORD>().0.get(i).map(|raw| MpsfRecord { raw })
    }
    /// All records in file order.
    pub fn iter(&self) -> impl Iterator<Item = MpsfRecord<'a>> + use<'a> {
        self.records.as_chunks::<RECORD>().0.iter().map(|raw| MpsfRecord { raw })
    }
}

/// One MPSF record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MpsfRecord<'a> {
    raw: &'a [u8; RECORD],
}

impl<'a> MpsfRecord<'a> {
    /// The raw bytes.
    pub fn raw(&self) -> &'a [u8; RECORD] {
        self.raw
    }
    /// Id.
    pub fn id(&self) -> u32 {
        u32_at(self.raw, field::ID)
    }
    /// The i32 at 0x04 (not read at runtime).
    pub fn reserved(&self) -> i32 {
        i32_at(self.raw, field::RESERVED)
    }
    /// Position: signed X and Y, unsigned Z, map units (the MPOB encoding).
    pub fn position(&self) -> [i32; 3] {
        [i24_at(self.raw, field::X), i24_at(self.raw, field::Y), u24_at(self.raw, field::Z) as i32]
    }
    /// The packed texture word.
    pub fn texture_data(&self) -> u16 {
        u16_at(self.raw, field::TEXTURE_DATA)
    }
    /// Texture archive id: the word's top nine bits.
    pub fn texture_id(&self) -> u16 {
        texture_archive(self.texture_data())
    }
    /// Image id within the archive: the word's low seven bits.
    pub fn image_id(&self) -> u8 {
        texture_image(self.texture_data())
    }
    /// The i16 at 0x16 (not read at runtime).
    pub fn reserved_16(&self) -> i16 {
        i16_at(self.raw, field::RESERVED_16)
    }
    /// Draw flags and alpha input from the scene's FLAT table.
    pub fn draw(&self, flat: &Flat<'_>) -> FlatDraw {
        FlatDraw::for_texture(flat, self.texture_data())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::ErrorKind;

    /// Two records laid out from the {D} offset table with literal offsets, so a wrong
    /// `field` constant reads the wrong bytes.
    fn payload() -> [u8; 4 + 2 * 24] {
        let mut p = [0u8; 4 + 2 * 24];
        p[0..4].copy_from_slice(&2u32.to_le_bytes());
        let r = &mut p[4..28];
        r[0x00..0x04].copy_from_slice(&0x0102_0304u32.to_le_bytes());
        r[0x04..0x08].copy_from_slice(&(-2i32).to_le_bytes());
        r[0x08..0x0C].copy_from_slice(&[0x00, 0x00, 0x80, 0xAA]); // i24 −2^23, pad
        r[0x0C..0x10].copy_from_slice(&[0x34, 0x12, 0x00, 0xAA]); // 0x1234, pad
        r[0x10..0x14].copy_from_slice(&[0xFF, 0xFF, 0xFF, 0xAA]); // u24 2^24 − 1, pad
        r[0x14..0x16].copy_from_slice(&0x0283u16.to_le_bytes()); // archive 5, image 3
        r[0x16..0x18].copy_from_slice(&i16::MIN.to_le_bytes());
        let r = &mut p[28..52];
        r[0x14..0x16].copy_from_slice(&0xFFFFu16.to_le_bytes());
        p
    }

    #[test]
    fn every_field_at_its_documented_offset() {
        let p = payload();
        let s = Mpsf::new_checked(&p, 0).unwrap();
        assert_eq!(s.len(), 2);
        let f = s.get(0).unwrap();
        assert_eq!((f.id(), f.reserved(), f.reserved_16()), (0x0102_0304, -2, i16::MIN));
        // X and Y sign-extend from bit 23; Z does not (the MPOB encoding); pads ignored.
        assert_eq!(f.position(), [-(1 << 23), 0x1234, (1 << 24) - 1]);
        // 0x0283 = 643 = 5·128 + 3.
        assert_eq!((f.texture_data(), f.texture_id(), f.image_id()), (0x0283, 5, 3));
        // 0xFFFF: the top nine bits are archive 511, the low seven image 127.
        let g = s.get(1).unwrap();
        assert_eq!((g.texture_id(), g.image_id(), g.position()), (511, 127, [0, 0, 0]));
        assert!(s.get(2).is_none());
        assert!(s.iter().map(|r| r.texture_data()).eq([0x0283, 0xFFFF]));
        // No FLAT: base flags, default alpha.
        assert_eq!(f.draw(&Flat::default()), FlatDraw { flags: 1, alpha: 255 });
    }

    #[test]
    fn a_count_that_disagrees_with_the_payload_is_refused() {
        let mut p = payload();
        p[0] = 3;
        assert_eq!(Mpsf::new_checked(&p, 40).unwrap_err().kind, ErrorKind::BadSize);
        assert_eq!(Mpsf::new_checked(&p, 40).unwrap_err().offset, 40);
        p[0] = 1;
        assert_eq!(Mpsf::new_checked(&p, 0).unwrap_err().kind, ErrorKind::BadSize);
        assert_eq!(Mpsf::new_checked(&p[..2], 0).unwrap_err().kind, ErrorKind::Truncated);
        assert!(Mpsf::new_checked(&[], 0).unwrap().is_empty());
    }
}
