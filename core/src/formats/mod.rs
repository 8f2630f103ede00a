//! Zero-copy readers of the game's files.
//!
//! Each reader follows smoltcp's `wire` style: a view over borrowed bytes with
//! `new_unchecked`, a `check_len`/validation pass and `new_checked` = both; fields are read
//! at named offsets (each module's `field` constants, which the world generator in
//! `stros-tools` writes through too, so reader and writer cannot disagree). Iterators
//! never allocate. Bad input is a [`FormatError`] naming the format, what was wrong and the
//! byte offset; nothing panics, reads out of bounds, overflows a `count × size` product or
//! loops without a bound.
//!
//! | module | file |
//! |---|---|
//! | [`ini`] | SYSTEM.INI, KEYS.INI |
//! | [`rgm`] | RGM scenes: actors, animation groups, placements, markers, bounds, scripts |
//! | [`wld`] | WLD terrain |
//! | [`model`] | 3D / 3DC models |
//! | [`rob`] | ROB model archives |
//! | [`col`] | COL palettes |
//! | [`texbsi`] | TEXBSI texture banks |
//! | [`sfx`] | SFX sound banks |
//! | [`rtx`] | RTX dialogue: text and voiced lines |
//! | [`chunks`] | the tag/length chunk walk FNT, GXA and saves share |
//! | [`fnt`] | FNT bitmap fonts |
//! | [`gxa`] | GXA bitmap archives: HUD, inventory and sky pictures |
//! | [`save`] | save-game containers: `SAVEGAME.SAV`, `.TSG` |
//! | [`soupdef`] | SOUP386.DEF script definitions (flags, property references) |
//! | [`pvo`] | PVO visibility octrees |
//! | [`surface`] | SURFACE.INI surface assignments |
//! | [`worldini`] | WORLD.INI, the world catalog |

use core::fmt;

pub mod chunks;
pub mod col;
pub mod fnt;
pub mod gxa;
pub mod ini;
pub mod model;
pub mod pvo;
pub mod rgm;
pub mod rob;
pub mod rtx;
pub mod save;
pub mod sfx;
pub mod soupdef;
pub mod surface;
pub mod texbsi;
pub mod wld;
pub mod worldini;

/// Which file format an error is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// RGM scene.
    Rgm,
    /// WLD terrain.
    Wld,
    /// 3D or 3DC model.
    Model,
    /// ROB archive.
    Rob,
    /// COL palette.
    Col,
    /// TEXBSI texture bank.
    Texbsi,
    /// SFX sound bank.
    Sfx,
    /// SOUP386.DEF script definitions.
    SoupDef,
    /// PVO visibility octree.
    Pvo,
    /// RTX dialogue file.
    Rtx,
    /// FNT bitmap font.
    Fnt,
    /// GXA bitmap archive.
    Gxa,
    /// Save-game container (`SAVEGAME.SAV`, `.TSG`).
    Save,
}

impl Format {
    /// The format's usual name.
    pub fn name(self) -> &'static str {
        match self {
            Format::Rgm => "RGM",
            Format::Wld => "WLD",
            Format::Model => "3D",
            Format::Rob => "ROB",
            Format::Col => "COL",
            Format::Texbsi => "TEXBSI",
            Format::Sfx => "SFX",
            Format::SoupDef => "DEF",
            Format::Pvo => "PVO",
            Format::Rtx => "RTX",
            Format::Fnt => "FNT",
            Format::Gxa => "GXA",
            Format::Save => "SAV",
        }
    }
}

/// What was wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// The data ends before a field or record it must contain.
    Truncated,
    /// A signature, tag or version string is not the expected one.
    BadMagic,
    /// A size or length field disagrees with the data or with a count.
    BadSize,
    /// A count is larger than the data can hold, overflows `count × size`, or exceeds a
    /// fixed capacity of the engine.
    TooMany,
    /// An offset, index or reference points outside what it refers to.
    OutOfRange,
    /// A value is outside what the format allows (the text says which).
    Invalid(&'static str),
}

/// A parse error: the format, what was wrong, and the byte offset in the file (or in the
/// buffer handed to the reader).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FormatError {
    /// The format being read.
    pub format: Format,
    /// What was wrong.
    pub kind: ErrorKind,
    /// Byte offset of the offending field.
    pub offset: usize,
}

impl FormatError {
    /// Builds an error.
    pub const fn new(format: Format, kind: ErrorKind, offset: usize) -> Self {
        FormatError { format, kind, offset }
    }
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.kind {
            ErrorKind::Truncated => "data ends early",
            ErrorKind::BadMagic => "wrong signature or version",
            ErrorKind::BadSize => "size field disagrees with the data",
            ErrorKind::TooMany => "count too large",
            ErrorKind::OutOfRange => "offset or index out of range",
            ErrorKind::Invalid(why) => why,
        };
        write!(f, "{}: {} at byte {}", self.format.name(), what, self.offset)
    }
}

/// Bounds-checked little- and big-endian reads over a byte slice. Every read returns
/// `None` instead of panicking when the field does not fit.
pub mod bytes {
    /// `len` bytes at `off`.
    #[inline]
    pub fn slice(data: &[u8], off: usize, len: usize) -> Option<&[u8]> {
        data.get(off..off.checked_add(len)?)
    }
    /// Fixed-size array at `off`.
    #[inline]
    pub fn array<const N: usize>(data: &[u8], off: usize) -> Option<[u8; N]> {
        slice(data, off, N)?.try_into().ok()
    }
    /// `u8` at `off`.
    #[inline]
    pub fn u8_at(data: &[u8], off: usize) -> Option<u8> {
        data.get(off).copied()
    }
    /// `i8` at `off`.
    #[inline]
    pub fn i8_at(data: &[u8], off: usize) -> Option<i8> {
        u8_at(data, off).map(|b| b as i8)
    }
    /// Little-endian `u16` at `off`.
    #[inline]
    pub fn u16_le(data: &[u8], off: usize) -> Option<u16> {
        array(data, off).map(u16::from_le_bytes)
    }
    /// Little-endian `i16` at `off`.
    #[inline]
    pub fn i16_le(data: &[u8], off: usize) -> Option<i16> {
        array(data, off).map(i16::from_le_bytes)
    }
    /// Little-endian `u32` at `off`.
    #[inline]
    pub fn u32_le(data: &[u8], off: usize) -> Option<u32> {
        array(data, off).map(u32::from_le_bytes)
    }
    /// Little-endian `i32` at `off`.
    #[inline]
    pub fn i32_le(data: &[u8], off: usize) -> Option<i32> {
        array(data, off).map(i32::from_le_bytes)
    }
    /// Little-endian `f32` at `off`.
    #[inline]
    pub fn f32_le(data: &[u8], off: usize) -> Option<f32> {
        array(data, off).map(f32::from_le_bytes)
    }
    /// Big-endian `u32` at `off` (section and subrecord sizes of RGM, ROB, TEXBSI, SFX).
    #[inline]
    pub fn u32_be(data: &[u8], off: usize) -> Option<u32> {
        array(data, off).map(u32::from_be_bytes)
    }
    /// Little-endian 24-bit value at `off`, sign-extended from bit 23.
    #[inline]
    pub fn i24_le(data: &[u8], off: usize) -> Option<i32> {
        let [a, b, c] = array(data, off)?;
        Some(((a as i32) | (b as i32) << 8 | (c as i32) << 16) << 8 >> 8)
    }
    /// Little-endian 24-bit value at `off`, unsigned.
    #[inline]
    pub fn u24_le(data: &[u8], off: usize) -> Option<u32> {
        let [a, b, c] = array(data, off)?;
        Some((a as u32) | (b as u32) << 8 | (c as u32) << 16)
    }
    /// A fixed-width name field: the bytes up to the first NUL (all of them without one).
    #[inline]
    pub fn name(field: &[u8]) -> &[u8] {
        let end = field.iter().position(|&b| b == 0).unwrap_or(field.len());
        &field[..end]
    }
}

#[cfg(test)]
mod tests {
    use super::bytes::*;
    use super::*;

    #[test]
    fn reads_are_bounds_checked() {
        let d = [0x01, 0x02, 0x03, 0x84];
        assert_eq!(u32_le(&d, 0), Some(0x8403_0201));
        assert_eq!(u32_be(&d, 0), Some(0x0102_0384));
        assert_eq!(u32_le(&d, 1), None);
        assert_eq!(u16_le(&d, usize::MAX), None);
        assert_eq!(slice(&d, 2, usize::MAX), None);
        assert_eq!(i24_le(&d, 1), Some(0xff84_0302u32 as i32));
        assert_eq!(u24_le(&d, 1), Some(0x84_0302));
        assert_eq!(name(b"CYRUS\0\0xx"), b"CYRUS");
        assert_eq!(name(b"ABCDEFGH"), b"ABCDEFGH");
    }

    fn text(e: FormatError) -> heapless::String<80> {
        use core::fmt::Write as _;
        let mut s = heapless::String::new();
        write!(s, "{e}").unwrap();
        s
    }

    #[test]
    fn errors_display_format_kind_and_offset() {
        let e = FormatError::new(Format::Rgm, ErrorKind::Truncated, 42);
        assert_eq!(text(e), "RGM: data ends early at byte 42");
        let e = FormatError::new(Format::Wld, ErrorKind::Invalid("header constant differs"), 20);
        assert_eq!(text(e), "WLD: header constant differs at byte 20");
    }
}
