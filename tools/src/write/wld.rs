//! WLD terrain writer: the fixed 263,432-byte layout of `stros_core::formats::wld`, with the
//! shipped header, section headers and footer, and zero Map2/Map4 planes.

use stros_core::formats::wld::{
    FOOTER, HEADER_WORDS, Plane, SECTION_HEADERS, engine_to_source, field, source_offset,
};

/// Cells in the combined grid.
pub const GRID_CELLS: usize = field::GRID_SIDE * field::GRID_SIDE;

/// A terrain to write, as two 256×256 source grids.
///
/// Both are row-major in *source* order: index `row * 256 + col`, row 0 at the top of the
/// file's grid. [`WldDesc::engine_index`] maps engine (`x`, `j`) to that index (source row
/// = 256 − `j`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WldDesc {
    /// Map1 bytes: height index in bits 0–6, the build flag in bit 7.
    pub height: Vec<u8>,
    /// Map3 bytes: texture index in bits 0–5, quarter turns in bits 6–7.
    pub texture: Vec<u8>,
}

impl WldDesc {
    /// A flat terrain: every cell has Map1 byte `height` and Map3 byte `texture`.
    pub fn flat(height: u8, texture: u8) -> Self {
        WldDesc { height: vec![height; GRID_CELLS], texture: vec![texture; GRID_CELLS] }
    }

    /// Index into the grids of source (`col`, `row`).
    pub fn source_index(col: usize, row: usize) -> Option<usize> {
        (col < field::GRID_SIDE && row < field::GRID_SIDE).then(|| row * field::GRID_SIDE + col)
    }

    /// Index into the grids of engine (`x`, `j`), through the reader's row flip.
    pub fn engine_index(x: i32, j: i32) -> Option<usize> {
        let (col, row) = engine_to_source(x, j)?;
        Self::source_index(col, row)
    }
}

/// The WLD file for `desc`.
///
/// # Panics
/// If either grid is not 65,536 bytes.
pub fn to_bytes(desc: &WldDesc) -> Vec<u8> {
    assert_eq!(desc.height.len(), GRID_CELLS, "WLD height grid must be 256×256");
    assert_eq!(desc.texture.len(), GRID_CELLS, "WLD texture grid must be 256×256");
    let mut out = vec![0u8; field::FILE_LEN];
    for (off, v) in HEADER_WORDS {
        out[off..off + 4].copy_from_slice(&v.to_le_bytes());
    }
    for (i, h) in SECTION_HEADERS.iter().enumerate() {
        let at = field::section(i);
        out[at..at + field::SECTION_HEADER_LEN].copy_from_slice(h);
    }
    for row in 0..field::GRID_SIDE {
        for col in 0..field::GRID_SIDE {
            let i = row * field::GRID_SIDE + col;
            for (plane, grid) in [(Plane::Height, &desc.height), (Plane::Texture, &desc.texture)] {
                let at = source_offset(plane, col, row).expect("cell inside the grid");
                out[at] = grid[i];
            }
        }
    }
    out[field::FOOTER..field::FOOTER + field::FOOTER_LEN].copy_from_slice(&FOOTER);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use stros_core::formats::wld::{HEIGHT_TABLE, Wld, height_for_index, tex_index, tex_rotation};

    /// A grid where every cell is distinct enough to catch a swapped section, row or
    /// column.
    fn sample() -> WldDesc {
        let mut d = WldDesc::flat(0, 0);
        for row in 0..256 {
            for col in 0..256 {
                let i = WldDesc::source_index(col, row).unwrap();
                d.height[i] = ((col * 7 + row * 13) % 256) as u8;
                d.texture[i] = ((col * 3 + row * 5 + (col / 128) * 17 + (row / 128) * 29) % 256) as u8;
            }
        }
        d
    }

    #[test]
    fn round_trip_every_cell() {
        let desc = sample();
        let bytes = to_bytes(&desc);
        assert_eq!(bytes.len(), 263_432);
        let w = Wld::new_checked(&bytes).unwrap();
        for row in 0..256 {
            for col in 0..256 {
                let i = WldDesc::source_index(col, row).unwrap();
                assert_eq!(w.source_height(col, row), Some(desc.height[i]));
                assert_eq!(w.source_texture(col, row), Some(desc.texture[i]));
                assert_eq!(w.source(Plane::Map2, col, row), Some(0));
                assert_eq!(w.source(Plane::Map4, col, row), Some(0));
            }
        }
        for j in 1..=256 {
            for x in 0..256 {
                let i = WldDesc::engine_index(x, j).unwrap();
                let (h, t) = (desc.height[i], desc.texture[i]);
                assert_eq!(w.height_byte(x, j), Some(h));
                assert_eq!(w.height_index(x, j), Some(h & 0x7F));
                assert_eq!(w.vertex_height(x, j, 0), Some(-HEIGHT_TABLE[(h & 0x7F) as usize]));
                assert_eq!(w.vertex_height(x, j, 40), Some(height_for_index(h, 40)));
                assert_eq!(w.texture_byte(x, j), Some(t));
                assert_eq!(w.texture_index(x, j), Some(tex_index(t)));
                assert_eq!(w.texture_rotation(x, j), Some(tex_rotation(t)));
            }
        }
        for (x, j) in [(0, 0), (-1, 1), (256, 1), (0, 257)] {
            assert_eq!(w.height_index(x, j), None);
            assert_eq!(w.texture_byte(x, j), None);
            assert!(WldDesc::engine_index(x, j).is_none());
        }
        assert_eq!(to_bytes(&desc), bytes);
    }

    #[test]
    fn engine_rows_are_flipped_and_sections_tile() {
        let mut desc = WldDesc::flat(0, 0);
        // Engine j = 256 is source row 0 (top); engine j = 1 is source row 255 (bottom).
        desc.height[WldDesc::engine_index(3, 256).unwrap()] = 11;
        desc.height[WldDesc::engine_index(200, 1).unwrap()] = 22;
        let bytes = to_bytes(&desc);
        let w = Wld::new_checked(&bytes).unwrap();
        assert_eq!(w.source_height(3, 0), Some(11));
        assert_eq!(w.section(0).unwrap().get(Plane::Height, 3, 0), Some(11));
        assert_eq!(w.source_height(200, 255), Some(22));
        assert_eq!(w.section(3).unwrap().get(Plane::Height, 72, 127), Some(22));
        assert_eq!(w.section(3).unwrap().get(Plane::Height, 128, 0), None);
    }

    #[test]
    fn shipped_constants_are_written() {
        let bytes = to_bytes(&WldDesc::flat(0, 0));
        let w = Wld::new_checked(&bytes).unwrap();
        assert_eq!(w.header_word(0), Some(16));
        assert_eq!(w.header_word(4), Some(160));
        assert_eq!(w.header_word(7), Some(263_416));
        assert_eq!(w.header_word(40), Some(0x7F50_1E19));
        assert_eq!(w.header_word(41), Some(0));
        assert_eq!((1..296).filter(|&i| w.header_word(i) != Some(0)).count(), 11);
        assert_eq!(w.footer(), Some(&FOOTER[..]));
        let unknown: Vec<u16> = (0..4).map(|i| w.section(i).unwrap().unknown0()).collect();
        assert_eq!(unknown, [2152, 568, 1308, 10]);
        for (i, h) in SECTION_HEADERS.iter().enumerate() {
            let s = w.section(i).unwrap();
            assert_eq!(s.texbsi_file(), 302);
            assert_eq!(s.map_size(), 256);
            assert_eq!(s.header(), &h[..]);
            assert_eq!(s.plane(Plane::Height).len(), 16_384);
        }
        assert!(w.section(4).is_none());
    }

    #[test]
    fn grid_statistics() {
        let mut desc = WldDesc::flat(17, 1);
        let water = [(10, 100, 30), (9, 100, 5), (10, 101, 0), (9, 101, 31), (0, 200, 30)];
        for (x, j, t) in water {
            desc.texture[WldDesc::engine_index(x, j).unwrap()] = t;
        }
        desc.texture[WldDesc::engine_index(50, 50).unwrap()] = 0xC0 | 63;
        desc.height[WldDesc::engine_index(0, 1).unwrap()] = 0x80 | 100;
        desc.height[WldDesc::engine_index(1, 1).unwrap()] = 0x80 | 3;
        let mut bytes = to_bytes(&desc);
        let w = Wld::new_checked(&bytes).unwrap();
        let counts = w.texture_counts();
        assert_eq!(counts[1], 65_536 - 6);
        assert_eq!((counts[0], counts[5], counts[30], counts[31], counts[63]), (1, 1, 2, 1, 1));
        assert_eq!(counts.iter().sum::<u32>(), 65_536);
        assert_eq!(w.textures_used(), 1 << 0 | 1 << 1 | 1 << 5 | 1 << 30 | 1 << 31 | 1 << 63);
        assert_eq!(w.rotation_counts(), [65_535, 0, 0, 1]);
        let h = w.height_counts();
        assert_eq!((h[17], h[100], h[3]), (65_534, 1, 1));
        assert_eq!(w.height_index_range(), Some((3, 100)));
        assert_eq!(w.flagged_heights(), 2);
        assert_eq!(w.unused_nonzero(), 0);

        // The wave rule: (10, 100) is 30 with rim 5, 0, 31 toward −X and +Z.
        assert!(w.is_water_corner(10, 100));
        assert!(!w.is_water_corner(9, 100)); // 5 is never selected
        assert!(!w.is_water_corner(10, 101)); // its neighbours are dry
        assert!(!w.is_water_corner(0, 200)); // its −X neighbours are outside the grid
        assert!(!w.is_water_corner(5, 0)); // outside the grid

        let s = field::section(2) + Plane::Map4.offset() + 9;
        bytes[s] = 1;
        assert_eq!(Wld::new_checked(&bytes).unwrap().unused_nonzero(), 1);
    }

    #[test]
    fn checked_reader_rejects_edits_of_a_full_file() {
        let bytes = to_bytes(&WldDesc::flat(0, 0));
        let mut long = bytes.clone();
        long.push(0);
        assert_eq!(Wld::new_checked(&long).unwrap_err().offset, field::FILE_LEN);
        assert_eq!(Wld::new_checked(&bytes[..bytes.len() - 1]).unwrap_err().offset, field::FILE_LEN - 1);
        let mut bad = bytes.clone();
        bad[field::SECTION_OFFSETS + 4] ^= 1;
        assert!(Wld::new_checked(&bad).is_err());
    }
}
