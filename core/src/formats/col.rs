//! COL palettes ({F§5}, {D:formats/COL.md}): a 776-byte file, `u32` size 776,
//! `u32` magic `0xB123`, then 256 RGB8 entries.
//!
//! The reader keeps the file's eight-bit values. The world palette path's six-bit
//! conversion (`4 * (c >> 2)`, entry 0 forced to black) is offered separately as
//! [`Col::world_rgb`] because it belongs to that upload path, not to the file.

use super::{ErrorKind, Format, FormatError, bytes};

internal! {
    /// Byte offsets and sizes of the COL layout, shared with the writer in `stros-tools`.
    mod field {
        /// `u32` LE file size, always [`FILE_LEN`].
        pub const FILE_SIZE: usize = 0;
        /// `u32` LE magic, always [`super::MAGIC`].
        pub const MAGIC: usize = 4;
        /// First palette entry.
        pub const PALETTE: usize = 8;
        /// Bytes per entry (R, G, B).
        pub const ENTRY_LEN: usize = 3;
        /// Number of entries.
        pub const ENTRIES: usize = 256;
        /// Total file length.
        pub const FILE_LEN: usize = PALETTE + ENTRIES * ENTRY_LEN;
    }
}

/// The magic word at `field::MAGIC`.
pub const MAGIC: u32 = 0xB123;

const fn err(kind: ErrorKind, offset: usize) -> FormatError {
    FormatError::new(Format::Col, kind, offset)
}

/// A view over a COL palette.
#[derive(Clone, Copy, Debug)]
pub struct Col<'a> {
    data: &'a [u8],
}

impl<'a> Col<'a> {
    /// Wraps `data` without checking it. Accessors on a short buffer return black rather
    /// than panicking.
    pub const fn new_unchecked(data: &'a [u8]) -> Self {
        Col { data }
    }

    /// Checks the length, size field and magic.
    ///
    /// The length must be exactly `field::FILE_LEN`: the size field says so, and a
    /// longer buffer would mean the caller handed in something else.
    pub fn check(&self) -> Result<(), FormatError> {
        let d = self.data;
        let size = bytes::u32_le(d, field::FILE_SIZE).ok_or(err(ErrorKind::Truncated, field::FILE_SIZE))?;
        let magic = bytes::u32_le(d, field::MAGIC).ok_or(err(ErrorKind::Truncated, field::MAGIC))?;
        if magic != MAGIC {
            return Err(err(ErrorKind::BadMagic, field::MAGIC));
        }
        if size as usize != field::FILE_LEN {
            return Err(err(ErrorKind::BadSize, field::FILE_SIZE));
        }
        if d.len() < field::FILE_LEN {
            return Err(err(ErrorKind::Truncated, d.len()));
        }
        if d.len() > field::FILE_LEN {
            return Err(err(ErrorKind::BadSize, field::FILE_LEN));
        }
        Ok(())
    }

    /// Wraps `data` after [`check`](Self::check).
    pub fn new_checked(data: &'a [u8]) -> Result<Self, FormatError> {
        let c = Col::new_unchecked(data);
        c.check()?;
        Ok(c)
    }

    /// The underlying bytes.
    pub const fn as_bytes(&self) -> &'a [u8] {
        self.data
    }

    /// Entry `i` as stored: `[r, g, b]`.
    pub fn rgb(&self, i: u8) -> [u8; 3] {
        bytes::array(self.data, field::PALETTE + i as usize * field::ENTRY_LEN).unwrap_or([0; 3])
    }

    /// All 256 entries as stored.
    pub fn to_rgb_array(&self) -> [[u8; 3]; 256] {
        let mut out = [[0u8; 3]; 256];
        for (i, e) in out.iter_mut().enumerate() {
            *e = self.rgb(i as u8);
        }
        out
    }

    /// Entry `i` as the world palette upload shows it: each channel `4 * (c >> 2)` (the
    /// loader keeps six bits, the upload shifts them back), and entry 0 black.
    pub fn world_rgb(&self, i: u8) -> [u8; 3] {
        if i == 0 {
            return [0; 3];
        }
        self.rgb(i).map(|c| c & !3)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> [u8; field::FILE_LEN] {
        let mut d = [0u8; field::FILE_LEN];
        d[0..4].copy_from_slice(&776u32.to_le_bytes());
        d[4..8].copy_from_slice(&MAGIC.to_le_bytes());
        for i in 0..256 {
            let o = field::PALETTE + 3 * i;
            d[o] = i as u8;
            d[o + 1] = 255 - i as u8;
            d[o + 2] = (i as u8).wrapping_mul(7);
        }
        d
    }

    #[test]
    fn reads_entries() {
        let d = sample();
        let c = Col::new_checked(&d).unwrap();
        assert_eq!(c.rgb(0), [0, 255, 0]);
        assert_eq!(c.rgb(1), [1, 254, 7]);
        assert_eq!(c.rgb(255), [255, 0, 255u8.wrapping_mul(7)]);
        let all = c.to_rgb_array();
        assert_eq!(all[37], c.rgb(37));
        assert_eq!(all[255], c.rgb(255));
        assert_eq!(c.as_bytes().len(), 776);
    }

    #[test]
    fn world_conversion_keeps_six_bits_and_blacks_entry_zero() {
        let d = sample();
        let c = Col::new_checked(&d).unwrap();
        assert_eq!(c.world_rgb(0), [0, 0, 0]);
        assert_eq!(c.world_rgb(7), [4, 248, 48]);
        assert_eq!(c.world_rgb(255), [252, 0, 4 * ((255u8.wrapping_mul(7)) >> 2)]);
    }

    #[test]
    fn every_prefix_is_rejected() {
        let d = sample();
        for n in 0..d.len() {
            let e = Col::new_checked(&d[..n]).unwrap_err();
            assert_eq!(e.kind, ErrorKind::Truncated, "prefix {n}");
            assert_eq!(e.format, Format::Col);
        }
    }

    #[test]
    fn bad_magic_size_and_tail() {
        let mut d = sample();
        d[4] = 0x24;
        assert_eq!(Col::new_checked(&d).unwrap_err(), err(ErrorKind::BadMagic, 4));
        let mut d = sample();
        d[0] = 0;
        assert_eq!(Col::new_checked(&d).unwrap_err(), err(ErrorKind::BadSize, 0));
        let mut long = [0u8; field::FILE_LEN + 1];
        long[..field::FILE_LEN].copy_from_slice(&sample());
        assert_eq!(Col::new_checked(&long).unwrap_err(), err(ErrorKind::BadSize, 776));
    }

    #[test]
    fn unchecked_short_buffer_reads_black() {
        let c = Col::new_unchecked(&[1, 2, 3]);
        assert_eq!(c.rgb(200), [0, 0, 0]);
        assert_eq!(c.to_rgb_array()[0], [0, 0, 0]);
    }
}
