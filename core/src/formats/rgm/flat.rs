//! FLAT texture draw attributes ({D:formats/RGM.md} "FLAT"; {F§1.1}): 512 little-endian
//! u16 record counts, one per texture archive, then every archive's 3-byte records in
//! ascending archive order. There is no total-count word, so the counts alone must account
//! for every byte after them.
//!
//! The records belong to textures, not to placements: MPSF flats
//! ({D:formats/RGM.md} "MPSF (Flat Objects)") and the flat sprite of a type-3 placement
//! ({D:engine/SOUP.md} "KillMe and Resurrect") look up the same table, so a lookup takes
//! the packed texture word and nothing about who draws it.

use super::{err, u16_at};
use crate::formats::{ErrorKind, FormatError, bytes};

/// Texture archives with a count (the nine bits above a texture word's image id).
pub const ARCHIVES: usize = 512;
/// Bytes of one attribute record.
pub const RECORD: usize = 3;
/// Bits of a texture word that hold the image id; the archive id is above them.
pub const IMAGE_BITS: u32 = 7;
/// Mask of the image id in a texture word.
pub const IMAGE_MASK: u16 = (1 << IMAGE_BITS) - 1;

internal! {
    /// Offsets in the payload and in one record.
    mod field {
        /// u16 × [`ARCHIVES`](super::ARCHIVES) record counts, in archive order.
        pub const COUNTS: usize = 0x000;
        /// The first record, right after the counts.
        pub const RECORDS: usize = 2 * super::ARCHIVES;
        /// Record: u8 image id, compared with a texture word's low seven bits.
        pub const IMAGE: usize = 0;
        /// Record: u8 drawing flags.
        pub const FLAGS: usize = 1;
        /// Record: u8 alpha byte.
        pub const ALPHA: usize = 2;
    }
}

/// The archive id of a packed texture word.
pub const fn texture_archive(texture_data: u16) -> u16 {
    texture_data >> IMAGE_BITS
}

/// The seven-bit image id of a packed texture word.
pub const fn texture_image(texture_data: u16) -> u8 {
    (texture_data & IMAGE_MASK) as u8
}

/// One attribute record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FlatAttributes {
    /// Image id within its archive.
    pub image: u8,
    /// Drawing flags.
    pub flags: u8,
    /// Alpha byte as stored.
    pub alpha: u8,
}

impl FlatAttributes {
    fn from_record(r: &[u8; RECORD]) -> Self {
        FlatAttributes { image: r[field::IMAGE], flags: r[field::FLAGS], alpha: r[field::ALPHA] }
    }

    /// The alpha input a draw receives: the byte plus one, widened first so that a stored
    /// 255 gives 256 instead of wrapping to 0.
    pub const fn alpha_input(&self) -> u16 {
        self.alpha as u16 + 1
    }
}

/// The FLAT section.
#[derive(Clone, Copy, Debug, Default)]
pub struct Flat<'a> {
    data: &'a [u8],
}

impl<'a> Flat<'a> {
    /// Checks the counts against the payload (at file offset `base`). An empty payload
    /// (section absent) reads as no records.
    pub fn new_checked(payload: &'a [u8], base: usize) -> Result<Self, FormatError> {
        if payload.is_empty() {
            return Ok(Flat { data: payload });
        }
        let records = payload.len().checked_sub(field::RECORDS).ok_or(err(ErrorKind::Truncated, base))?;
        let total: usize = (0..ARCHIVES).map(|a| count_at(payload, a)).sum();
        if records % RECORD != 0 || records / RECORD != total {
            return Err(err(ErrorKind::BadSize, base));
        }
        Ok(Flat { data: payload })
    }
    /// The raw payload.
    pub fn raw(&self) -> &'a [u8] {
        self.data
    }
    /// Record count of archive `a` (0 from [`ARCHIVES`] on).
    pub fn count(&self, a: usize) -> usize {
        count_at(self.data, a)
    }
    /// The records of archive `a`, each `[image, flags, alpha]`.
    pub fn records(&self, a: usize) -> &'a [[u8; RECORD]] {
        let first: usize = (0..a.min(ARCHIVES)).map(|k| self.count(k)).sum();
        let start = field::RECORDS + first * RECORD;
        let recs = bytes::slice(self.data, start, self.count(a) * RECORD).unwrap_or(&[]);
        recs.as_chunks::<RECORD>().0
    }
    /// Every record with its archive id, in file order.
    pub fn iter(&self) -> impl Iterator<Item = (u16, FlatAttributes)> + use<'a> {
        let data = self.data;
        let recs = data.get(field::RECORDS..).unwrap_or(&[]).as_chunks::<RECORD>().0;
        let (mut archive, mut left) = (0usize, count_at(data, 0));
        recs.iter().map_while(move |r| {
            while left == 0 {
                archive += 1;
                if archive >= ARCHIVES {
                    return None;
                }
                left = count_at(data, archive);
            }
            left -= 1;
            Some((archive as u16, FlatAttributes::from_record(r)))
        })
    }
    /// The first record of `archive` whose image id is `image`: the search stops there, so
    /// a later record for the same image never applies.
    pub fn lookup(&self, archive: usize, image: u8) -> Option<FlatAttributes> {
        self.records(archive).iter().find(|r| r[field::IMAGE] == image).map(FlatAttributes::from_record)
    }
    /// The attributes of a packed texture word ({D:formats/RGM.md} "FLAT": archive id above
    /// the seven-bit image id); `None` for a missing archive or image.
    pub fn attributes(&self, texture_data: u16) -> Option<FlatAttributes> {
        self.lookup(texture_archive(texture_data) as usize, texture_image(texture_data))
    }
}

fn count_at(payload: &[u8], a: usize) -> usize {
    if a < ARCHIVES { u16_at(payload, field::COUNTS + 2 * a) as usize } else { 0 }
}

/// What an MPSF flat's draw submission receives from FLAT ({D:formats/RGM.md} "FLAT").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FlatDraw {
    /// Submission flags: [`FlatDraw::BASE_FLAGS`], ORed with the record's flags.
    pub flags: u32,
    /// Alpha input: [`FlatDraw::DEFAULT_ALPHA`], or the record's [`FlatAttributes::alpha_input`].
    pub alpha: u16,
}

impl FlatDraw {
    /// Flags every MPSF draw starts from; the bit selects a centred quad, and a record's
    /// flags are added to it, never in place of it.
    pub const BASE_FLAGS: u32 = 1;
    /// Alpha input without a matching record.
    pub const DEFAULT_ALPHA: u16 = 255;

    /// The draw inputs of a flat showing `texture_data`. The actor flat sprite's text in
    /// {D:engine/SOUP.md} "KillMe and Resurrect" words its flag word as one *plus* the
    /// flag byte; that differs from this OR for odd flag bytes and is not decided here.
    pub fn for_texture(flat: &Flat<'_>, texture_data: u16) -> Self {
        match flat.attributes(texture_data) {
            Some(a) => FlatDraw { flags: Self::BASE_FLAGS | a.flags as u32, alpha: a.alpha_input() },
            None => FlatDraw { flags: Self::BASE_FLAGS, alpha: Self::DEFAULT_ALPHA },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RECORDS: usize = 7;
    const LEN: usize = 1024 + 3 * RECORDS;

    /// Counts at 2·archive, records from byte 1024 in archive order, written with literal
    /// offsets ({D:formats/RGM.md} "FLAT"):
    /// archive 0: image 0 (flags 0x10, alpha 0);
    /// archive 5: image 3 (flags 2, alpha 255), image 3 again (flags 4, alpha 7),
    ///            image 9 (flags 1, alpha 0x80);
    /// archive 7: a byte 0x83 in the image slot (flags 1, alpha 1);
    /// archive 511: image 127 (flags 0xFE, alpha 0), image 1 (flags 0, alpha 9).
    fn payload() -> [u8; LEN] {
        let mut p = [0u8; LEN];
        for (archive, count) in [(0usize, 1u16), (5, 3), (7, 1), (511, 2)] {
            p[2 * archive..2 * archive + 2].copy_from_slice(&count.to_le_bytes());
        }
        let recs: [[u8; 3]; RECORDS] =
            [[0, 0x10, 0], [3, 2, 255], [3, 4, 7], [9, 1, 0x80], [0x83, 1, 1], [127, 0xFE, 0], [1, 0, 9]];
        for (k, r) in recs.iter().enumerate() {
            p[1024 + 3 * k..1024 + 3 * k + 3].copy_from_slice(r);
        }
        p
    }

    /// Archive `a`, image `i` as a texture word: archive above the seven image bits.
    const fn word(a: u16, i: u16) -> u16 {
        a << 7 | i
    }

    #[test]
    fn lookups_split_the_texture_word_and_take_the_first_match() {
        let p = payload();
        let f = Flat::new_checked(&p, 0).unwrap();
        let at = |image, flags, alpha| Some(FlatAttributes { image, flags, alpha });
        assert_eq!((f.count(0), f.count(5), f.count(6), f.count(511), f.count(512)), (1, 3, 0, 2, 0));
        assert_eq!(f.attributes(word(0, 0)), at(0, 0x10, 0));
        // Image 3 is listed twice in archive 5: the first record (flags 2) wins.
        assert_eq!(f.attributes(word(5, 3)), at(3, 2, 255));
        assert_eq!(f.attributes(word(5, 9)), at(9, 1, 0x80));
        // 0xFFFF is archive 511, image 127; 0xFF81 is archive 511, image 1.
        assert_eq!(f.attributes(0xFFFF), at(127, 0xFE, 0));
        assert_eq!(f.attributes(0xFF81), at(1, 0, 9));
        // Missing archive (6 has no count), and images the archive does not list (archive 0
        // lists only image 0; archive 5 not 4 or 127).
        for w in [word(6, 3), word(0, 1), word(5, 4), word(5, 127)] {
            assert_eq!(f.attributes(w), None, "{w:#x}");
        }
        // The stored image byte is compared whole: 0x83 is not seven-bit image 3.
        assert_eq!(f.attributes(word(7, 3)), None);
        assert_eq!(f.lookup(7, 0x83), at(0x83, 1, 1));
        // Beyond the 512 archives there is nothing, however large the index.
        assert_eq!((f.lookup(512, 0), f.lookup(usize::MAX, 0)), (None, None));
        assert!(f.records(512).is_empty() && f.records(usize::MAX).is_empty());
        let all: heapless::Vec<(u16, u8), RECORDS> = f.iter().map(|(a, r)| (a, r.image)).collect();
        assert_eq!(all, [(0, 0), (5, 3), (5, 3), (5, 9), (7, 0x83), (511, 127), (511, 1)]);
    }

    #[test]
    fn mpsf_draw_inputs() {
        let p = payload();
        let f = Flat::new_checked(&p, 0).unwrap();
        let draw = |w| FlatDraw::for_texture(&f, w);
        // Flags 0x10 | base 1 = 0x11; alpha 0 + 1 = 1.
        assert_eq!(draw(word(0, 0)), FlatDraw { flags: 0x11, alpha: 1 });
        // Flags 2 | 1 = 3; alpha 255 + 1 = 256, not 0.
        assert_eq!(draw(word(5, 3)), FlatDraw { flags: 3, alpha: 256 });
        // Flags 1 | 1 = 1 (an OR: adding would give 2); alpha 0x80 + 1 = 129.
        assert_eq!(draw(word(5, 9)), FlatDraw { flags: 1, alpha: 129 });
        // 0xFE | 1 = 0xFF.
        assert_eq!(draw(0xFFFF), FlatDraw { flags: 0xFF, alpha: 1 });
        // No record: base flags 1, alpha input 255.
        assert_eq!(draw(word(6, 0)), FlatDraw { flags: 1, alpha: 255 });
        assert_eq!(FlatDraw::for_texture(&Flat::default(), 0), FlatDraw { flags: 1, alpha: 255 });
        assert_eq!(FlatAttributes { image: 0, flags: 0, alpha: 255 }.alpha_input(), 256);
    }

    #[test]
    fn counts_must_account_for_every_record_byte() {
        let p = payload();
        let mut q = p;
        q[2 * 5] = 4; // one record more than the payload holds
        assert_eq!(Flat::new_checked(&q, 70).unwrap_err(), super::err(ErrorKind::BadSize, 70));
        q[2 * 5] = 2; // one fewer
        assert_eq!(Flat::new_checked(&q, 0).unwrap_err().kind, ErrorKind::BadSize);
        // A partial record.
        assert_eq!(Flat::new_checked(&p[..LEN - 1], 0).unwrap_err().kind, ErrorKind::BadSize);
        // Shorter than the 512 counts.
        assert_eq!(Flat::new_checked(&p[..1023], 0).unwrap_err().kind, ErrorKind::Truncated);
        // 1024 zero bytes: every archive empty, valid.
        let z = Flat::new_checked(&[0; 1024], 0).unwrap();
        assert!(z.iter().next().is_none() && z.attributes(0).is_none());
        assert!(Flat::new_checked(&[], 0).unwrap().iter().next().is_none());
    }
}
