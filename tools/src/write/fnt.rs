//! FNT font writer: `FNHD`, `BPAL`, `FBMP` and `END ` in the layout of
//! `stros_core::formats::fnt`.

use stros_core::formats::fnt::{FIRST_CODE, TAG_BPAL, TAG_END, TAG_FBMP, TAG_FNHD, field};

/// One glyph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GlyphDesc {
    /// Drawn and advancing.
    pub enabled: bool,
    /// Draw offsets (left, top).
    pub offset: [i16; 2],
    /// Width, height.
    pub size: [u16; 2],
    /// Row-major palette indices (`width × height`).
    pub pixels: Vec<u8>,
}

/// A font.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FntDesc {
    /// The description (at most 32 bytes).
    pub description: Vec<u8>,
    /// The line height.
    pub line_height: u16,
    /// 256 colours of 6-bit RGB.
    pub palette: Vec<[u8; 3]>,
    /// Glyphs from code 32 on.
    pub glyphs: Vec<GlyphDesc>,
}

fn chunk(out: &mut Vec<u8>, tag: &[u8; 4], body: &[u8]) {
    out.extend_from_slice(tag);
    out.extend_from_slice(&(body.len() as u32).to_be_bytes());
    out.extend_from_slice(body);
}

/// The FNT file for `desc`.
///
/// # Panics
/// If the description passes 32 bytes, the palette is not 256 colours, or a glyph's pixels
/// are not `width × height`.
pub fn to_bytes(desc: &FntDesc) -> Vec<u8> {
    assert!(desc.description.len() <= 32, "FNT description longer than 32 bytes");
    assert_eq!(desc.palette.len(), 256, "an FNT palette has 256 colours");
    let mut header = vec![0u8; field::FNHD_LEN];
    header[field::DESCRIPTION..field::DESCRIPTION + desc.description.len()]
        .copy_from_slice(&desc.description);
    let w = desc.glyphs.get((b'W' - FIRST_CODE) as usize).map_or(0, |g| g.size[0]);
    let put = |h: &mut Vec<u8>, at: usize, v: u16| h[at..at + 2].copy_from_slice(&v.to_le_bytes());
    put(&mut header, field::MAX_WIDTH, w);
    put(&mut header, field::LINE_HEIGHT, desc.line_height);
    put(&mut header, field::CHARACTER_START, FIRST_CODE as u16);
    put(&mut header, field::CHARACTER_COUNT, desc.glyphs.len() as u16);
    put(&mut header, field::HAS_PALETTE, 1);
    let palette: Vec<u8> = desc.palette.iter().flatten().copied().collect();
    let mut glyphs = Vec::new();
    for g in &desc.glyphs {
        assert_eq!(g.pixels.len(), g.size[0] as usize * g.size[1] as usize, "glyph pixels");
        glyphs.extend_from_slice(&(g.enabled as u16).to_le_bytes());
        glyphs.extend_from_slice(&g.offset[0].to_le_bytes());
        glyphs.extend_from_slice(&g.offset[1].to_le_bytes());
        glyphs.extend_from_slice(&g.size[0].to_le_bytes());
        glyphs.extend_from_slice(&g.size[1].to_le_bytes());
        glyphs.extend_from_slice(&g.pixels);
    }
    let mut out = Vec::new();
    chunk(&mut out, &TAG_FNHD, &header);
    chunk(&mut out, &TAG_BPAL, &palette);
    chunk(&mut out, &TAG_FBMP, &glyphs);
    out.extend_from_slice(&TAG_END);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use stros_core::formats::fnt::Fnt;

    #[test]
    fn glyphs_round_trip() {
        let g = |w: u16| GlyphDesc {
            enabled: true,
            offset: [1, 2],
            size: [w, 2],
            pixels: vec![7; 2 * w as usize],
        };
        let desc = FntDesc {
            description: b"test".to_vec(),
            line_height: 26,
            palette: vec![[63, 0, 0]; 256],
            glyphs: (0..95).map(|k| g(1 + k % 5)).collect(),
        };
        let bytes = to_bytes(&desc);
        let f = Fnt::new_checked(&bytes).unwrap();
        assert_eq!((f.line_height(), f.glyph_count()), (26, 95));
        let a = f.glyph(b'a').unwrap();
        // 'a' is code 97, record 65: width 1 + 65 % 5 = 1.
        assert_eq!((a.left, a.top, a.width, a.height, a.pixels), (1, 2, 1, 2, &[7u8, 7][..]));
        assert_eq!(f.palette().unwrap()[..3], [63, 0, 0]);
    }
}
