//! WLD terrain ({F§2}, {D:formats/WLD.md} and `engine/water.md`): a fixed
//! 263,432-byte file of a 1184-byte header, four sections (22-byte header, then four
//! 128×128 byte planes) and a 16-byte footer.
//!
//! Only two planes matter: Map1 (height, `& 0x7F` indexes [`HEIGHT_TABLE`]; bit 7 is a
//! build flag the loader strips) and Map3 (texture, `& 0x3F` is the `TEXBSI.302` image,
//! `>> 6` the quarter turns). The four sections tile a 256×256 grid: 0 top-left,
//! 1 top-right, 2 bottom-left, 3 bottom-right, each row-major.
//!
//! Two coordinate systems are exposed. *Source* (`col`, `row`) is the grid as stored,
//! both 0–255. *Engine* (`x`, `j`) is how the engine addresses it after reversing the rows
//! at load: `x` = `col`, source row = 256 − `j`, so `j` runs 1–256 and `j = 0` is outside.
//! The engine itself does no bounds checks; every accessor here returns `None` outside the
//! grid and leaves clamping to the caller.
//!
//! [`Wld::new_checked`] checks what the loader checks (header words 5 and 6), the 2×2
//! section grid it relies on, that the section offsets in the header are the sequential
//! layout the loader reads (so a reader following either agrees), and the exact length.
//! The other header words, the section headers and the footer are ignored, as the loader
//! ignores them; [`HEADER_WORDS`], [`SECTION_HEADERS`] and [`FOOTER`] give the shipped
//! values for writers.

use super::{ErrorKind, Format, FormatError, bytes};

internal! {
    /// Byte offsets and sizes of the WLD layout, shared with the writer in `stros-tools`.
    mod field {
        /// Header length: 296 LE `u32` words.
        pub const HEADER_LEN: usize = 1184;
        /// Header word 0 (always 16).
        pub const HEADER_0: usize = 0x00;
        /// Header word 1: section columns (2).
        pub const SECTION_COLS: usize = 0x04;
        /// Header word 2: section rows (2).
        pub const SECTION_ROWS: usize = 0x08;
        /// Header word 4 (always 160).
        pub const HEADER_4: usize = 0x10;
        /// Header word 5 (always 1; the loader checks it).
        pub const HEADER_5: usize = 0x14;
        /// Header word 6: section header size (22; the loader checks it).
        pub const SECTION_HEADER_SIZE: usize = 0x18;
        /// Header word 7: file size − 16 (263,416).
        pub const FILE_SIZE: usize = 0x1C;
        /// Header words 36–39: the four section offsets.
        pub const SECTION_OFFSETS: usize = 0x90;
        /// Header word 40 (always 0x7F501E19).
        pub const HEADER_40: usize = 0xA0;

        /// Number of sections.
        pub const SECTIONS: usize = 4;
        /// Length of one section.
        pub const SECTION_LEN: usize = SECTION_HEADER_LEN + 4 * PLANE_LEN;
        /// Length of a section header.
        pub const SECTION_HEADER_LEN: usize = 22;
        /// WldSection header: `u16` varying per section (not a TEXBSI id).
        pub const SECTION_UNKNOWN0: usize = 0;
        /// WldSection header: `u16` declared TEXBSI bank (302; the engine hard-wires 302).
        pub const SECTION_TEXBSI: usize = 6;
        /// WldSection header: `u16` map size (256).
        pub const SECTION_MAP_SIZE: usize = 8;

        /// Side of one section's plane.
        pub const PLANE_SIDE: usize = 128;
        /// Length of one plane.
        pub const PLANE_LEN: usize = PLANE_SIDE * PLANE_SIDE;
        /// Side of the combined grid.
        pub const GRID_SIDE: usize = 2 * PLANE_SIDE;

        /// Offset of the footer.
        pub const FOOTER: usize = HEADER_LEN + SECTIONS * SECTION_LEN;
        /// Length of the footer.
        pub const FOOTER_LEN: usize = 16;
        /// Total file length.
        pub const FILE_LEN: usize = FOOTER + FOOTER_LEN;

        /// Offset of section `i` (the sequential layout the loader reads).
        pub const fn section(i: usize) -> usize {
            HEADER_LEN + i * SECTION_LEN
        }
    }
}

/// The non-zero header words of every shipped WLD, as (byte offset, value); all other
/// header words are zero.
pub const HEADER_WORDS: [(usize, u32); 12] = [
    (field::HEADER_0, 16),
    (field::SECTION_COLS, 2),
    (field::SECTION_ROWS, 2),
    (field::HEADER_4, 160),
    (field::HEADER_5, 1),
    (field::SECTION_HEADER_SIZE, field::SECTION_HEADER_LEN as u32),
    (field::FILE_SIZE, field::FOOTER as u32),
    (field::SECTION_OFFSETS, field::section(0) as u32),
    (field::SECTION_OFFSETS + 4, field::section(1) as u32),
    (field::SECTION_OFFSETS + 8, field::section(2) as u32),
    (field::SECTION_OFFSETS + 12, field::section(3) as u32),
    (field::HEADER_40, 0x7F50_1E19),
];

/// The section headers of every shipped WLD (identical across files).
pub const SECTION_HEADERS: [[u8; field::SECTION_HEADER_LEN]; 4] =
    [section_header(2152), section_header(568), section_header(1308), section_header(10)];

const fn section_header(unknown0: u16) -> [u8; field::SECTION_HEADER_LEN] {
    let mut h = [0u8; field::SECTION_HEADER_LEN];
    let u = unknown0.to_le_bytes();
    h[field::SECTION_UNKNOWN0] = u[0];
    h[field::SECTION_UNKNOWN0 + 1] = u[1];
    let t = 302u16.to_le_bytes();
    h[field::SECTION_TEXBSI] = t[0];
    h[field::SECTION_TEXBSI + 1] = t[1];
    let m = 256u16.to_le_bytes();
    h[field::SECTION_MAP_SIZE] = m[0];
    h[field::SECTION_MAP_SIZE + 1] = m[1];
    h
}

/// The footer of every shipped WLD; it starts with `TULO`.
pub const FOOTER: [u8; field::FOOTER_LEN] =
    [0x54, 0x55, 0x4C, 0x4F, 0x28, 0xC0, 0x43, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0x35, 0x37, 0x04, 0x00];

/// The engine's source height table, positive values in map units. A vertex with height
/// index `b` is at Y = `offset − HEIGHT_TABLE[b]` (Y points down; see
/// [`height_for_index`]).
pub static HEIGHT_TABLE: [i32; 128] = [
    0, 40, 40, 40, 80, 80, 80, 120, 120, 120, //
    160, 160, 160, 200, 200, 200, 240, 240, 240, 280, //
    280, 320, 320, 320, 360, 360, 400, 400, 400, 440, //
    440, 480, 480, 480, 520, 520, 560, 560, 600, 600, //
    600, 640, 640, 680, 680, 720, 720, 760, 760, 800, //
    800, 840, 840, 880, 880, 920, 920, 960, 1000, 1000, //
    1040, 1040, 1080, 1120, 1120, 1160, 1160, 1200, 1240, 1240, //
    1280, 1320, 1320, 1360, 1400, 1440, 1440, 1480, 1520, 1560, //
    1600, 1600, 1640, 1680, 1720, 1760, 1800, 1840, 1880, 1920, //
    1960, 2000, 2040, 2080, 2120, 2200, 2240, 2280, 2320, 2400, //
    2440, 2520, 2560, 2640, 2680, 2760, 2840, 2920, 3000, 3080, //
    3160, 3240, 3360, 3440, 3560, 3680, 3800, 3960, 4080, 4280, //
    4440, 4680, 4920, 5200, 5560, 6040, 6680, 7760,
];

/// Vertex Y for a Map1 byte: `offset − HEIGHT_TABLE[b & 0x7F]`, where the offset is the
/// low signed 16-bit word of `world_scapeshift` (the engine rebuilds its table this way at
/// terrain initialisation; 0 gives the plain negative heights). The engine stores the
/// result as an `f32`; every value here is an integer well inside `f32`'s exact range.
pub fn height_for_index(b: u8, world_scapeshift: i32) -> i32 {
    (world_scapeshift as i16 as i32) - HEIGHT_TABLE[(b & 0x7F) as usize]
}

/// Height index of a Map1 byte (bit 7 dropped).
pub const fn height_bits(b: u8) -> u8 {
    b & 0x7F
}

/// Texture index of a Map3 byte: the `TEXBSI.302` image, 0–63.
pub const fn tex_index(b: u8) -> u8 {
    b & 0x3F
}

/// Quarter-turn rotation of a Map3 byte, 0–3.
pub const fn tex_rotation(b: u8) -> u8 {
    b >> 6
}

/// The four planes of a section.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Plane {
    /// Map1: heights.
    Height,
    /// Map2: zero, skipped by the loader.
    Map2,
    /// Map3: texture and rotation.
    Texture,
    /// Map4: zero, skipped by the loader.
    Map4,
}

impl Plane {
    /// Offset of the plane within its section.
    pub const fn offset(self) -> usize {
        let n = match self {
            Plane::Height => 0,
            Plane::Map2 => 1,
            Plane::Texture => 2,
            Plane::Map4 => 3,
        };
        field::SECTION_HEADER_LEN + n * field::PLANE_LEN
    }
}

/// File offset of source cell (`col`, `row`) of `plane`; `None` outside 0–255.
pub const fn source_offset(plane: Plane, col: usize, row: usize) -> Option<usize> {
    if col >= field::GRID_SIDE || row >= field::GRID_SIDE {
        return None;
    }
    let s = field::PLANE_SIDE;
    let section = (row / s) * 2 + col / s;
    Some(field::section(section) + plane.offset() + (row % s) * s + col % s)
}

/// Source (`col`, `row`) of engine cell (`x`, `j`): `col = x`, `row = 256 − j`; `None`
/// unless `x` is 0–255 and `j` is 1–256.
pub const fn engine_to_source(x: i32, j: i32) -> Option<(usize, usize)> {
    let side = field::GRID_SIDE as i32;
    if x < 0 || x >= side || j < 1 || j > side {
        return None;
    }
    Some((x as usize, (side - j) as usize))
}

const fn err(kind: ErrorKind, offset: usize) -> FormatError {
    FormatError::new(Format::Wld, kind, offset)
}

/// A view over a WLD file.
#[derive(Clone, Copy, Debug)]
pub struct Wld<'a> {
    data: &'a [u8],
}

impl<'a> Wld<'a> {
    /// Wraps `data` without checking it. Accessors on a short buffer return `None` (or
    /// count nothing); nothing panics.
    pub const fn new_unchecked(data: &'a [u8]) -> Self {
        Wld { data }
    }

    /// Checks the header words the loader relies on, the section offsets and the length.
    pub fn check(&self) -> Result<(), FormatError> {
        let d = self.data;
        let word = |off: usize| bytes::u32_le(d, off).ok_or(err(ErrorKind::Truncated, off));
        for (off, want, why) in [
            (field::SECTION_COLS, 2, "not a 2×2 section grid"),
            (field::SECTION_ROWS, 2, "not a 2×2 section grid"),
            (field::HEADER_5, 1, "header constant differs"),
            (field::SECTION_HEADER_SIZE, field::SECTION_HEADER_LEN as u32, "header constant differs"),
        ] {
            if word(off)? != want {
                return Err(err(ErrorKind::Invalid(why), off));
            }
        }
        for i in 0..field::SECTIONS {
            let off = field::SECTION_OFFSETS + 4 * i;
            if word(off)? as usize != field::section(i) {
                return Err(err(ErrorKind::Invalid("section offset differs from the layout"), off));
            }
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
        let w = Wld::new_unchecked(data);
        w.check()?;
        Ok(w)
    }

    /// The underlying bytes.
    pub const fn as_bytes(&self) -> &'a [u8] {
        self.data
    }

    /// Header word `i` (0–295).
    pub fn header_word(&self, i: usize) -> Option<u32> {
        if i >= field::HEADER_LEN / 4 {
            return None;
        }
        bytes::u32_le(self.data, 4 * i)
    }

    /// WldSection `i` (0–3).
    pub fn section(&self, i: usize) -> Option<WldSection<'a>> {
        if i >= field::SECTIONS {
            return None;
        }
        bytes::slice(self.data, field::section(i), field::SECTION_LEN).map(|data| WldSection { data })
    }

    /// The 16-byte footer.
    pub fn footer(&self) -> Option<&'a [u8]> {
        bytes::slice(self.data, field::FOOTER, field::FOOTER_LEN)
    }

    /// The byte of `plane` at source (`col`, `row`).
    pub fn source(&self, plane: Plane, col: usize, row: usize) -> Option<u8> {
        bytes::u8_at(self.data, source_offset(plane, col, row)?)
    }

    /// The Map1 byte at source (`col`, `row`), bit 7 included.
    pub fn source_height(&self, col: usize, row: usize) -> Option<u8> {
        self.source(Plane::Height, col, row)
    }

    /// The Map3 byte at source (`col`, `row`).
    pub fn source_texture(&self, col: usize, row: usize) -> Option<u8> {
        self.source(Plane::Texture, col, row)
    }

    /// The byte of `plane` at engine (`x`, `j`).
    pub fn engine(&self, plane: Plane, x: i32, j: i32) -> Option<u8> {
        let (col, row) = engine_to_source(x, j)?;
        self.source(plane, col, row)
    }

    /// The Map1 byte at engine (`x`, `j`), bit 7 included.
    pub fn height_byte(&self, x: i32, j: i32) -> Option<u8> {
        self.engine(Plane::Height, x, j)
    }

    /// The height index (`map1 & 0x7F`) at engine (`x`, `j`).
    pub fn height_index(&self, x: i32, j: i32) -> Option<u8> {
        self.height_byte(x, j).map(height_bits)
    }

    /// Vertex Y at engine (`x`, `j`) ([`height_for_index`]).
    pub fn vertex_height(&self, x: i32, j: i32, world_scapeshift: i32) -> Option<i32> {
        self.height_byte(x, j).map(|b| height_for_index(b, world_scapeshift))
    }

    /// The Map3 byte at engine (`x`, `j`).
    pub fn texture_byte(&self, x: i32, j: i32) -> Option<u8> {
        self.engine(Plane::Texture, x, j)
    }

    /// The texture index (`& 0x3F`) at engine (`x`, `j`).
    pub fn texture_index(&self, x: i32, j: i32) -> Option<u8> {
        self.texture_byte(x, j).map(tex_index)
    }

    /// The rotation (`>> 6`) at engine (`x`, `j`).
    pub fn texture_rotation(&self, x: i32, j: i32) -> Option<u8> {
        self.texture_byte(x, j).map(tex_rotation)
    }

    /// Whether the wave animation selects the vertex at engine (`x`, `j`): its texture is
    /// 0, 30 or 31 and its three neighbours toward −X and +Z, (`x−1`, `j`), (`x`, `j+1`)
    /// and (`x−1`, `j+1`), are 0, 5, 30 or 31 (`engine/water.md`). A neighbour outside the
    /// grid means no.
    pub fn is_water_corner(&self, x: i32, j: i32) -> bool {
        let t = |x, j| self.texture_index(x, j);
        let rim = |v: Option<u8>| matches!(v, Some(0 | 5 | 30 | 31));
        matches!(t(x, j), Some(0 | 30 | 31)) && rim(t(x - 1, j)) && rim(t(x, j + 1)) && rim(t(x - 1, j + 1))
    }

    fn plane_bytes(&self, plane: Plane) -> impl Iterator<Item = u8> + 'a {
        let data = self.data;
        (0..field::SECTIONS)
            .filter_map(move |i| bytes::slice(data, field::section(i) + plane.offset(), field::PLANE_LEN))
            .flat_map(|p| p.iter().copied())
    }

    /// How many cells use each texture index.
    pub fn texture_counts(&self) -> [u32; 64] {
        let mut c = [0u32; 64];
        for b in self.plane_bytes(Plane::Texture) {
            c[tex_index(b) as usize] += 1;
        }
        c
    }

    /// Bit `i` set when texture index `i` occurs.
    pub fn textures_used(&self) -> u64 {
        self.plane_bytes(Plane::Texture).fold(0, |m, b| m | 1 << tex_index(b))
    }

    /// How many cells use each rotation.
    pub fn rotation_counts(&self) -> [u32; 4] {
        let mut c = [0u32; 4];
        for b in self.plane_bytes(Plane::Texture) {
            c[tex_rotation(b) as usize] += 1;
        }
        c
    }

    /// How many cells use each height index.
    pub fn height_counts(&self) -> [u32; 128] {
        let mut c = [0u32; 128];
        for b in self.plane_bytes(Plane::Height) {
            c[height_bits(b) as usize] += 1;
        }
        c
    }

    /// Lowest and highest height index, `None` for a buffer without planes.
    pub fn height_index_range(&self) -> Option<(u8, u8)> {
        self.plane_bytes(Plane::Height).map(height_bits).fold(None, |r, h| match r {
            None => Some((h, h)),
            Some((lo, hi)) => Some((lo.min(h), hi.max(h))),
        })
    }

    /// How many Map1 bytes have the build flag (bit 7) set.
    pub fn flagged_heights(&self) -> u32 {
        self.plane_bytes(Plane::Height).filter(|b| b & 0x80 != 0).count() as u32
    }

    /// How many bytes of the unused planes (Map2, Map4) are non-zero (0 in shipped files).
    pub fn unused_nonzero(&self) -> u32 {
        self.plane_bytes(Plane::Map2).chain(self.plane_bytes(Plane::Map4)).filter(|&b| b != 0).count() as u32
    }
}

/// One section of a WLD: its header and four 128×128 planes.
#[derive(Clone, Copy, Debug)]
pub struct WldSection<'a> {
    data: &'a [u8],
}

impl<'a> WldSection<'a> {
    /// The 22-byte header.
    pub fn header(&self) -> &'a [u8] {
        bytes::slice(self.data, 0, field::SECTION_HEADER_LEN).unwrap_or(&[])
    }

    /// The header's first `u16` (varies by section, meaning unknown).
    pub fn unknown0(&self) -> u16 {
        bytes::u16_le(self.data, field::SECTION_UNKNOWN0).unwrap_or(0)
    }

    /// The declared TEXBSI bank (the engine uses 302 regardless).
    pub fn texbsi_file(&self) -> u16 {
        bytes::u16_le(self.data, field::SECTION_TEXBSI).unwrap_or(0)
    }

    /// The declared map size (256).
    pub fn map_size(&self) -> u16 {
        bytes::u16_le(self.data, field::SECTION_MAP_SIZE).unwrap_or(0)
    }

    /// The whole of `plane`, row-major.
    pub fn plane(&self, plane: Plane) -> &'a [u8] {
        bytes::slice(self.data, plane.offset(), field::PLANE_LEN).unwrap_or(&[])
    }

    /// The byte of `plane` at local (`col`, `row`), both 0–127.
    pub fn get(&self, plane: Plane, col: usize, row: usize) -> Option<u8> {
        if col >= field::PLANE_SIDE || row >= field::PLANE_SIDE {
            return None;
        }
        self.plane(plane).get(row * field::PLANE_SIDE + col).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header() -> [u8; field::HEADER_LEN] {
        let mut h = [0u8; field::HEADER_LEN];
        for (off, v) in HEADER_WORDS {
            h[off..off + 4].copy_from_slice(&v.to_le_bytes());
        }
        h
    }

    #[test]
    fn layout_numbers() {
        assert_eq!(field::SECTION_LEN, 65_558);
        assert_eq!(field::FOOTER, 263_416);
        assert_eq!(field::FILE_LEN, 263_432);
        assert_eq!([field::section(1), field::section(2), field::section(3)], [66_742, 132_300, 197_858]);
        assert_eq!(&FOOTER[..4], b"TULO");
        assert_eq!(
            SECTION_HEADERS[0],
            [0x68, 0x08, 0, 0, 0, 0, 0x2E, 0x01, 0x00, 0x01, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
        );
        assert_eq!(SECTION_HEADERS[2][..2], [0x1C, 0x05]);
        assert_eq!(SECTION_HEADERS[3][..2], [0x0A, 0x00]);
    }

    #[test]
    fn grid_mapping() {
        let base = |s: usize, p: Plane| field::section(s) + p.offset();
        assert_eq!(source_offset(Plane::Height, 0, 0), Some(base(0, Plane::Height)));
        assert_eq!(source_offset(Plane::Height, 127, 0), Some(base(0, Plane::Height) + 127));
        assert_eq!(source_offset(Plane::Height, 128, 0), Some(base(1, Plane::Height)));
        assert_eq!(source_offset(Plane::Texture, 5, 128), Some(base(2, Plane::Texture) + 5));
        assert_eq!(source_offset(Plane::Texture, 255, 255), Some(base(3, Plane::Texture) + 127 * 128 + 127));
        assert_eq!(source_offset(Plane::Map2, 1, 2), Some(base(0, Plane::Map2) + 2 * 128 + 1));
        assert_eq!(source_offset(Plane::Map4, 0, 0), Some(base(0, Plane::Map4)));
        assert_eq!(source_offset(Plane::Height, 256, 0), None);
        assert_eq!(source_offset(Plane::Height, 0, 256), None);
        assert_eq!(Plane::Map4.offset() + field::PLANE_LEN, field::SECTION_LEN);

        assert_eq!(engine_to_source(0, 256), Some((0, 0)));
        assert_eq!(engine_to_source(255, 1), Some((255, 255)));
        assert_eq!(engine_to_source(10, 100), Some((10, 156)));
        for (x, j) in [(0, 0), (-1, 5), (256, 5), (3, 257), (i32::MIN, i32::MAX)] {
            assert_eq!(engine_to_source(x, j), None);
        }
    }

    #[test]
    fn heights_and_texture_bits() {
        assert_eq!(HEIGHT_TABLE[0], 0);
        assert_eq!(HEIGHT_TABLE[17], 240);
        assert_eq!(HEIGHT_TABLE[41], 640);
        assert_eq!(HEIGHT_TABLE[127], 7760);
        assert!(HEIGHT_TABLE.windows(2).all(|w| w[0] <= w[1]));
        assert_eq!(height_for_index(17, 0), -240);
        assert_eq!(height_for_index(17 | 0x80, 0), -240);
        assert_eq!(height_for_index(0, 0), 0);
        assert_eq!(height_for_index(127, 100), 100 - 7760);
        // Only the low signed 16 bits of world_scapeshift count.
        assert_eq!(height_for_index(1, 0x0001_0000 + 5), 5 - 40);
        assert_eq!(height_for_index(1, 0xFFFF), -1 - 40);
        assert_eq!(height_bits(0xFF), 0x7F);
        assert_eq!(tex_index(0xC5), 5);
        assert_eq!(tex_rotation(0xC5), 3);
        assert_eq!(tex_rotation(0x7F), 1);
    }

    #[test]
    fn header_prefixes_are_truncated() {
        let h = header();
        for n in 0..h.len() {
            let e = Wld::new_checked(&h[..n]).unwrap_err();
            assert_eq!(e.kind, ErrorKind::Truncated, "prefix {n}");
        }
        // A whole header is not a whole file.
        assert_eq!(Wld::new_checked(&h).unwrap_err(), err(ErrorKind::Truncated, field::HEADER_LEN));
    }

    #[test]
    fn header_errors() {
        let bad = |off: usize, v: u32| {
            let mut h = header();
            h[off..off + 4].copy_from_slice(&v.to_le_bytes());
            Wld::new_checked(&h).unwrap_err()
        };
        assert_eq!(bad(0x14, 0), err(ErrorKind::Invalid("header constant differs"), 0x14));
        assert_eq!(bad(0x18, 24), err(ErrorKind::Invalid("header constant differs"), 0x18));
        assert_eq!(bad(0x04, 1), err(ErrorKind::Invalid("not a 2×2 section grid"), 0x04));
        assert_eq!(bad(0x08, 3), err(ErrorKind::Invalid("not a 2×2 section grid"), 0x08));
        assert_eq!(
            bad(0x98, u32::MAX),
            err(ErrorKind::Invalid("section offset differs from the layout"), 0x98)
        );
        assert_eq!(
            bad(0x9C, 197_859),
            err(ErrorKind::Invalid("section offset differs from the layout"), 0x9C)
        );
        // Words the loader ignores stay ignored.
        assert_eq!(bad(0x00, 0), err(ErrorKind::Truncated, field::HEADER_LEN));
        assert_eq!(bad(0xA0, 0), err(ErrorKind::Truncated, field::HEADER_LEN));
    }

    #[test]
    fn unchecked_short_buffers_answer_none() {
        let h = header();
        let w = Wld::new_unchecked(&h);
        assert_eq!(w.header_word(5), Some(1));
        assert_eq!(w.header_word(296), None);
        assert!(w.section(0).is_none());
        assert!(w.footer().is_none());
        assert_eq!(w.height_index(0, 256), None);
        assert_eq!(w.vertex_height(0, 256, 0), None);
        assert!(!w.is_water_corner(1, 1));
        assert_eq!(w.texture_counts(), [0; 64]);
        assert_eq!(w.textures_used(), 0);
        assert_eq!(w.height_index_range(), None);
        assert_eq!(w.flagged_heights(), 0);
        assert_eq!(w.unused_nonzero(), 0);
    }
}
