//! GXA bitmap-archive writer: `BMHD`, `BPAL`, `BBMP` and `END ` in the layout of
//! `stros_core::formats::gxa`, frames raw or run-length coded (LZHUF is read, not written).

use stros_core::formats::gxa::{TAG_BBMP, TAG_BMHD, TAG_BPAL, TAG_END, field};

/// One frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FrameDesc {
    /// Width, height.
    pub size: [u16; 2],
    /// HUD draw offsets.
    pub offset: [i16; 2],
    /// Stored run-length coded (else raw).
    pub rle: bool,
    /// Row-major palette indices (`width × height`; 0 transparent).
    pub pixels: Vec<u8>,
}

/// An archive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GxaDesc {
    /// The title (at most 22 bytes; the shipped one fills them, without a NUL).
    pub title: Vec<u8>,
    /// 256 colours of 6-bit RGB, when the archive carries a palette.
    pub palette: Option<Vec<[u8; 3]>>,
    /// The frames.
    pub frames: Vec<FrameDesc>,
}

fn chunk(out: &mut Vec<u8>, tag: [u8; 4], payload: &[u8]) {
    out.extend_from_slice(&tag);
    out.extend_from_slice(&(payload.len() as u32).to_be_bytes());
    out.extend_from_slice(payload);
}

/// Run-length codes `pixels`: runs of 2 or more as `0x80 | (n − 1)` and the byte, the rest
/// as literals `n − 1` and the bytes, at most 128 each.
pub fn rle(pixels: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < pixels.len() {
        let run = pixels[i..].iter().take(128).take_while(|&&b| b == pixels[i]).count();
        if run >= 2 {
            out.extend_from_slice(&[0x80 | (run - 1) as u8, pixels[i]]);
            i += run;
            continue;
        }
        let start = i;
        while i < pixels.len() && i - start < 128 && !(i + 1 < pixels.len() && pixels[i + 1] == pixels[i]) {
            i += 1;
        }
        let i_end = i.max(start + 1);
        out.push((i_end - start - 1) as u8);
        out.extend_from_slice(&pixels[start..i_end]);
        i = i_end;
    }
    out
}

/// The archive's bytes.
pub fn gxa(d: &GxaDesc) -> Vec<u8> {
    let mut out = Vec::new();
    let mut h = vec![0u8; field::BMHD_LEN];
    let n = d.title.len().min(field::TITLE_LEN);
    h[..n].copy_from_slice(&d.title[..n]);
    h[field::NUM_IMAGES..field::NUM_IMAGES + 2].copy_from_slice(&(d.frames.len() as i16).to_le_bytes());
    chunk(&mut out, TAG_BMHD, &h);
    if let Some(p) = &d.palette {
        let bytes: Vec<u8> = p.iter().flatten().copied().collect();
        chunk(&mut out, TAG_BPAL, &bytes);
    }
    let mut frames = Vec::new();
    for f in &d.frames {
        let mut r = [0u8; field::FRAME_HEADER_LEN];
        let put = |r: &mut [u8], at: usize, v: i16| r[at..at + 2].copy_from_slice(&v.to_le_bytes());
        put(&mut r, field::WIDTH, f.size[0] as i16);
        put(&mut r, field::HEIGHT, f.size[1] as i16);
        put(&mut r, field::OFFSET_X, f.offset[0]);
        put(&mut r, field::OFFSET_Y, f.offset[1]);
        put(&mut r, field::COMPRESSION, f.rle as i16);
        frames.extend_from_slice(&r);
        if f.rle {
            let coded = rle(&f.pixels);
            frames.extend_from_slice(&(coded.len() as u32).to_le_bytes());
            frames.extend_from_slice(&coded);
        } else {
            frames.extend_from_slice(&f.pixels);
        }
    }
    chunk(&mut out, TAG_BBMP, &frames);
    out.extend_from_slice(&TAG_END);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use stros_core::formats::gxa::{Compression, Gxa};

    /// Written and read back: both frames decode to their pixels; the run-length stream of
    /// `[3 × 5, 7, 8, 4 × 0]` is `82 05 01 07 08 83 00` by hand.
    #[test]
    fn round_trip() {
        let pixels = vec![5, 5, 5, 7, 8, 0, 0, 0, 0];
        assert_eq!(rle(&pixels), [0x82, 5, 0x01, 7, 8, 0x83, 0]);
        let long: Vec<u8> = (0..300u32).map(|k| (k % 7) as u8).chain(std::iter::repeat_n(9, 200)).collect();
        let d = GxaDesc {
            title: b"GXlib image conversion".to_vec(),
            palette: Some(vec![[1, 2, 3]; 256]),
            frames: vec![
                FrameDesc { size: [3, 3], offset: [0, 0], rle: true, pixels: pixels.clone() },
                FrameDesc { size: [25, 20], offset: [2, -1], rle: true, pixels: long.clone() },
                FrameDesc { size: [3, 3], offset: [0, 0], rle: false, pixels: pixels.clone() },
            ],
        };
        let bytes = gxa(&d);
        let g = Gxa::new_checked(&bytes).unwrap();
        assert_eq!((g.len(), g.title()), (3, &b"GXlib image conversion"[..]));
        let mut out = vec![0u8; 500];
        for (k, want) in [(0, &pixels), (1, &long), (2, &pixels)] {
            let f = g.frame(k).unwrap();
            f.decode(&mut out).unwrap();
            assert_eq!(&out[..f.pixels()], &want[..], "frame {k}");
        }
        assert_eq!(g.frame(1).unwrap().compression, Compression::Rle);
        assert_eq!(g.frame(1).unwrap().offset, [2, -1]);
    }
}
