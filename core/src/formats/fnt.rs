//! FNT bitmap fonts (`FONTS\REDSEL.FNT`; {D:formats/FNT.md}): tagged chunks — `FNHD` (the
//! header), `BPAL` or `FPAL` (a 768-byte 6-bit palette), `FBMP` (glyph records in code
//! order from 32), an optional `RDAT` — closed by an `END ` marker.
//!
//! Chunk sizes are big-endian, fields little-endian. The engine finds chunks by their tags
//! and reads only `line_height`, `character_count` (held to 256) and `has_palette` of the
//! header; [`Fnt::new_checked`] walks the chunks to `END `, requires `FNHD` (56 bytes),
//! `FBMP`, and the palette (768 bytes) when `has_palette` is set, and checks that every
//! glyph record the count names fits in `FBMP`. Glyphs are then found by walking the
//! records (at most 256), so nothing is copied.

use super::chunks::Chunks;
use super::{ErrorKind, Format, FormatError, bytes};

internal! {
    /// Byte offsets and sizes of the FNT layout, shared with the writer in `stros-tools`.
    mod field {
        /// `FNHD` payload length.
        pub const FNHD_LEN: usize = 56;
        /// FNHD: `[u8; 32]` description.
        pub const DESCRIPTION: usize = 0;
        /// FNHD: LE `u16` 1 when an `RDAT` chunk follows (not read by the engine).
        pub const HAS_RDAT: usize = 0x22;
        /// FNHD: LE `u16` export-tool maximum width (replaced by the width of `W`).
        pub const MAX_WIDTH: usize = 0x2A;
        /// FNHD: LE `u16` line height.
        pub const LINE_HEIGHT: usize = 0x2C;
        /// FNHD: LE `u16` first code (always 32; the engine assumes it).
        pub const CHARACTER_START: usize = 0x2E;
        /// FNHD: LE `u16` glyph records in FBMP.
        pub const CHARACTER_COUNT: usize = 0x30;
        /// FNHD: LE `u16` nonzero: the font has a palette chunk.
        pub const HAS_PALETTE: usize = 0x36;
        /// Palette payload length (256 RGB triplets of 6-bit components).
        pub const PALETTE_LEN: usize = 768;
        /// Glyph record: LE `u16` enabled.
        pub const GLYPH_ENABLED: usize = 0;
        /// Glyph record: LE `i16` left offset.
        pub const GLYPH_LEFT: usize = 2;
        /// Glyph record: LE `i16` top offset.
        pub const GLYPH_TOP: usize = 4;
        /// Glyph record: LE `u16` width.
        pub const GLYPH_WIDTH: usize = 6;
        /// Glyph record: LE `u16` height.
        pub const GLYPH_HEIGHT: usize = 8;
        /// Glyph record header length; `width × height` palette indices follow.
        pub const GLYPH_HEADER_LEN: usize = 10;
    }
}

/// The header chunk's tag.
pub const TAG_FNHD: [u8; 4] = *b"FNHD";
/// The usual palette chunk's tag.
pub const TAG_BPAL: [u8; 4] = *b"BPAL";
/// The palette chunk's tag in `ARIALVS.FNT`.
pub const TAG_FPAL: [u8; 4] = *b"FPAL";
/// The glyph chunk's tag.
pub const TAG_FBMP: [u8; 4] = *b"FBMP";
/// The optional metadata chunk's tag.
pub const TAG_RDAT: [u8; 4] = *b"RDAT";
/// The end marker.
pub use super::chunks::TAG_END;
/// The first code the glyph records start at.
pub const FIRST_CODE: u8 = 32;
/// Glyph records the engine reads at most.
pub const MAX_GLYPHS: usize = 256;

const fn err(kind: ErrorKind, offset: usize) -> FormatError {
    FormatError::new(Format::Fnt, kind, offset)
}

/// A view over an FNT font.
#[derive(Clone, Copy, Debug)]
pub struct Fnt<'a> {
    header: &'a [u8],
    palette: Option<&'a [u8]>,
    glyphs: &'a [u8],
    count: usize,
}

/// One glyph record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Glyph<'a> {
    /// Drawn and advancing (a disabled glyph advances 0 and is not drawn).
    pub enabled: bool,
    /// Horizontal draw offset.
    pub left: i16,
    /// Vertical draw offset from the line top.
    pub top: i16,
    /// Width, pixels.
    pub width: u16,
    /// Height, pixels.
    pub height: u16,
    /// Row-major palette indices (0 transparent).
    pub pixels: &'a [u8],
}

impl<'a> Fnt<'a> {
    /// Walks the chunks to `END ` and checks the header, the palette and the glyph records.
    pub fn new_checked(data: &'a [u8]) -> Result<Self, FormatError> {
        let (mut header, mut palette, mut glyphs) = (None, None, None);
        let mut chunks = Chunks::new(data, Format::Fnt);
        for c in &mut chunks {
            let c = c?;
            let bad_size = err(ErrorKind::BadSize, c.at + 4);
            match c.tag {
                TAG_FNHD if c.payload.len() != field::FNHD_LEN => return Err(bad_size),
                TAG_FNHD => header = header.or(Some(c.payload)),
                TAG_BPAL | TAG_FPAL if c.payload.len() != field::PALETTE_LEN => return Err(bad_size),
                TAG_BPAL | TAG_FPAL => palette = palette.or(Some(c.payload)),
                TAG_FBMP => glyphs = glyphs.or(Some((c.body, c.payload))),
                _ => {}
            }
        }
        let off = chunks.offset();
        let header = header.ok_or(err(ErrorKind::Invalid("no FNHD chunk"), off))?;
        let (at, glyphs) = glyphs.ok_or(err(ErrorKind::Invalid("no FBMP chunk"), off))?;
        let has_palette = bytes::u16_le(header, field::HAS_PALETTE).unwrap_or(0) != 0;
        if has_palette && palette.is_none() {
            return Err(err(ErrorKind::Invalid("no palette chunk"), off));
        }
        let count = (bytes::u16_le(header, field::CHARACTER_COUNT).unwrap_or(0) as usize).min(MAX_GLYPHS);
        let mut g = 0;
        for _ in 0..count {
            g = record(glyphs, g).map(|(_, next)| next).ok_or(err(ErrorKind::Truncated, at + g))?;
        }
        Ok(Fnt { header, palette: palette.filter(|_| has_palette), glyphs, count })
    }

    /// The line height the layout steps by.
    pub fn line_height(&self) -> i32 {
        bytes::u16_le(self.header, field::LINE_HEIGHT).unwrap_or(0) as i32
    }

    /// Glyph records (held to 256).
    pub const fn glyph_count(&self) -> usize {
        self.count
    }

    /// The font's own palette, 768 bytes of 6-bit RGB, when it has one.
    pub const fn palette(&self) -> Option<&'a [u8]> {
        self.palette
    }

    /// The glyph of byte `code`, when the font has a record for it.
    pub fn glyph(&self, code: u8) -> Option<Glyph<'a>> {
        let k = code.checked_sub(FIRST_CODE)? as usize;
        if k >= self.count {
            return None;
        }
        let mut off = 0;
        for _ in 0..k {
            off = record(self.glyphs, off)?.1;
        }
        record(self.glyphs, off).map(|(g, _)| g)
    }
}

/// The glyph record at `off` and the offset after it.
fn record(d: &[u8], off: usize) -> Option<(Glyph<'_>, usize)> {
    let width = bytes::u16_le(d, off + field::GLYPH_WIDTH)?;
    let height = bytes::u16_le(d, off + field::GLYPH_HEIGHT)?;
    let n = width as usize * height as usize;
    let pixels = bytes::slice(d, off + field::GLYPH_HEADER_LEN, n)?;
    let g = Glyph {
        enabled: bytes::u16_le(d, off + field::GLYPH_ENABLED)? != 0,
        left: bytes::i16_le(d, off + field::GLYPH_LEFT)?,
        top: bytes::i16_le(d, off + field::GLYPH_TOP)?,
        width,
        height,
        pixels,
    };
    Some((g, off + field::GLYPH_HEADER_LEN + n))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// FNHD (line height 26, 2 glyphs), BPAL, FBMP (' ' disabled 0×0... 1×1, '!' 2×1), END.
    fn sample() -> [u8; 8 + 56 + 8 + 768 + 8 + 23 + 4] {
        let mut d = [0u8; 8 + 56 + 8 + 768 + 8 + 23 + 4];
        d[0..4].copy_from_slice(b"FNHD");
        d[4..8].copy_from_slice(&56u32.to_be_bytes());
        d[8 + 0x2C..8 + 0x2E].copy_from_slice(&26u16.to_le_bytes());
        d[8 + 0x30..8 + 0x32].copy_from_slice(&2u16.to_le_bytes());
        d[8 + 0x36] = 1;
        d[64..68].copy_from_slice(b"BPAL");
        d[68..72].copy_from_slice(&768u32.to_be_bytes());
        let f = 72 + 768;
        d[f..f + 4].copy_from_slice(b"FBMP");
        d[f + 4..f + 8].copy_from_slice(&23u32.to_be_bytes());
        let g = f + 8;
        // ' ': disabled, 1×1.
        d[g + 6] = 1;
        d[g + 8] = 1;
        // '!': enabled, left 1, top 3, 2×1, pixels 5 6.
        let h = g + 11;
        d[h] = 1;
        d[h + 2] = 1;
        d[h + 4] = 3;
        d[h + 6] = 2;
        d[h + 8] = 1;
        d[h + 10] = 5;
        d[h + 11] = 6;
        d[g + 23..g + 27].copy_from_slice(b"END ");
        d
    }

    #[test]
    fn glyphs_read_by_code() {
        let d = sample();
        let f = Fnt::new_checked(&d).unwrap();
        assert_eq!((f.line_height(), f.glyph_count(), f.palette().map(<[u8]>::len)), (26, 2, Some(768)));
        assert!(!f.glyph(b' ').unwrap().enabled);
        let bang = f.glyph(b'!').unwrap();
        assert_eq!((bang.left, bang.top, bang.width, bang.height, bang.pixels), (1, 3, 2, 1, &[5, 6][..]));
        assert!(f.glyph(b'"').is_none() && f.glyph(31).is_none());
    }

    #[test]
    fn bad_fonts_are_refused() {
        let d = sample();
        for cut in 0..d.len() {
            assert!(Fnt::new_checked(&d[..cut]).is_err(), "cut at {cut}");
        }
        let mut bad = d;
        bad[8 + 0x30] = 3; // a third glyph record is not there
        assert_eq!(Fnt::new_checked(&bad).unwrap_err().kind, ErrorKind::Truncated);
        let mut bad = d;
        bad[64..68].copy_from_slice(b"XPAL"); // has_palette without a palette
        assert!(matches!(Fnt::new_checked(&bad).unwrap_err().kind, ErrorKind::Invalid(_)));
    }
}
