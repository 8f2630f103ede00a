//! TEXBSI texture bank writer: image records in the layout of
//! `stros_core::formats::texbsi`, ended by the nine-byte sentinel.
//!
//! Static images are written `BSIF` + raw indices (encoding 0); animated ones `IFHD` +
//! a row-offset table (encoding 4) in which identical rows are stored once, the way the
//! shipped banks share rows between frames. Offsets are assigned in first-use order, so the
//! output is the same on every run.

use std::collections::HashMap;

use stros_core::formats::texbsi::{
    ENCODING_RAW, ENCODING_ROWS, IFHD_PAYLOAD, TAG_BHDR, TAG_BSIF, TAG_CMAP, TAG_DATA, TAG_END, TAG_IFHD,
    field,
};

/// One image to write.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImageDesc {
    /// Name, at most 9 bytes, e.g. `b"D02005"` (bank 302, image 5); NUL-padded on write.
    pub name: Vec<u8>,
    /// `IFHD` + row table when true, `BSIF` + raw indices when false.
    pub animated: bool,
    /// X placement hint.
    pub x_offset: i16,
    /// Y placement hint.
    pub y_offset: i16,
    /// Width in pixels, 1–32767.
    pub width: u16,
    /// Height in pixels, 1–32767.
    pub height: u16,
    /// The export tool's flag byte (BHDR +9); the CMAP flag byte is derived from `cmap`.
    pub export_flags: u8,
    /// Frame delay in milliseconds.
    pub frame_delay_ms: i16,
    /// Texture scale, Q8 (0 = default 256).
    pub tex_scale: u16,
    /// Embedded palette.
    pub cmap: Option<[[u8; 3]; 256]>,
    /// The frames, each `width × height` indices, row-major; at least one.
    pub frames: Vec<Vec<u8>>,
}

impl ImageDesc {
    /// A static image with default header fields.
    pub fn still(name: &[u8], width: u16, height: u16, pixels: Vec<u8>) -> Self {
        ImageDesc {
            name: name.to_vec(),
            animated: false,
            x_offset: 0,
            y_offset: 0,
            width,
            height,
            export_flags: 0,
            frame_delay_ms: 0,
            tex_scale: 0,
            cmap: None,
            frames: vec![pixels],
        }
    }
}

/// A bank to write.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TexbsiDesc {
    /// The images in file order.
    pub images: Vec<ImageDesc>,
}

/// A standalone BSI file (`formats/BSI.md`: sky and sun images) of one raw frame:
/// `BSIF`, `BHDR` (the sides, one frame, raw encoding), `DATA` and `END `, chunk lengths big-endian.
///
/// # Panics
/// If a side is 0 or above 32767, or `pixels` is not `width × height` bytes.
pub fn standalone_bsi(width: u16, height: u16, pixels: &[u8]) -> Vec<u8> {
    use stros_core::formats::texbsi::field;
    assert!((1..=32767).contains(&width) && (1..=32767).contains(&height));
    assert_eq!(pixels.len(), width as usize * height as usize);
    let chunk = |out: &mut Vec<u8>, tag: &[u8; 4], body: &[u8]| {
        out.extend_from_slice(tag);
        out.extend_from_slice(&(body.len() as u32).to_be_bytes());
        out.extend_from_slice(body);
    };
    let mut bhdr = [0u8; field::BHDR_LEN];
    bhdr[field::BHDR_WIDTH..field::BHDR_WIDTH + 2].copy_from_slice(&width.to_le_bytes());
    bhdr[field::BHDR_HEIGHT..field::BHDR_HEIGHT + 2].copy_from_slice(&height.to_le_bytes());
    bhdr[field::BHDR_FRAMES..field::BHDR_FRAMES + 2].copy_from_slice(&1u16.to_le_bytes());
    let mut out = Vec::new();
    chunk(&mut out, b"BSIF", &[]);
    chunk(&mut out, b"BHDR", &bhdr);
    chunk(&mut out, b"DATA", pixels);
    chunk(&mut out, b"END ", &[]);
    out
}

/// The TEXBSI file for `desc`.
///
/// # Panics
/// If a name is longer than 9 bytes or all zero, a dimension is 0 or above 32767, there
/// are no frames or more than 32767, or a frame is not `width × height` bytes.
pub fn to_bytes(desc: &TexbsiDesc) -> Vec<u8> {
    let mut out = Vec::new();
    for img in &desc.images {
        write_image(&mut out, img);
    }
    out.extend_from_slice(&[0u8; field::NAME_LEN]);
    out
}

fn write_image(out: &mut Vec<u8>, img: &ImageDesc) {
    assert!(img.name.len() <= field::NAME_LEN, "TEXBSI name longer than 9 bytes");
    assert!(img.name.iter().any(|&b| b != 0), "an all-zero TEXBSI name is the end sentinel");
    let dim = |v: u16| {
        assert!((1..=i16::MAX as u16).contains(&v), "TEXBSI dimension out of range");
        v as usize
    };
    let (w, h) = (dim(img.width), dim(img.height));
    assert!(
        !img.frames.is_empty() && img.frames.len() <= i16::MAX as usize,
        "TEXBSI frame count out of range"
    );
    for f in &img.frames {
        assert_eq!(f.len(), w * h, "TEXBSI frame is not width × height");
    }

    let (marker_tag, marker, encoding): ([u8; 4], &[u8], i16) =
        if img.animated { (TAG_IFHD, &IFHD_PAYLOAD, ENCODING_ROWS) } else { (TAG_BSIF, &[], ENCODING_RAW) };

    let mut bhdr = [0u8; field::BHDR_LEN];
    let mut put16 = |off: usize, v: [u8; 2]| bhdr[off..off + 2].copy_from_slice(&v);
    put16(field::BHDR_X_OFFSET, img.x_offset.to_le_bytes());
    put16(field::BHDR_Y_OFFSET, img.y_offset.to_le_bytes());
    put16(field::BHDR_WIDTH, (w as i16).to_le_bytes());
    put16(field::BHDR_HEIGHT, (h as i16).to_le_bytes());
    put16(field::BHDR_FRAMES, (img.frames.len() as i16).to_le_bytes());
    put16(field::BHDR_DELAY, img.frame_delay_ms.to_le_bytes());
    put16(field::BHDR_SCALE, img.tex_scale.to_le_bytes());
    put16(field::BHDR_ENCODING, encoding.to_le_bytes());
    bhdr[field::BHDR_HAS_CMAP] = img.cmap.is_some() as u8;
    bhdr[field::BHDR_EXPORT_FLAGS] = img.export_flags;

    let data = if img.animated { row_table(img, w, h) } else { img.frames.concat() };

    let mut body = Vec::new();
    sub(&mut body, marker_tag, marker);
    sub(&mut body, TAG_BHDR, &bhdr);
    if let Some(cmap) = &img.cmap {
        sub(&mut body, TAG_CMAP, cmap.as_flattened());
    }
    sub(&mut body, TAG_DATA, &data);
    sub(&mut body, TAG_END, &[]);

    let mut name = [0u8; field::NAME_LEN];
    name[..img.name.len()].copy_from_slice(&img.name);
    let start = out.len();
    out.resize(start + field::RECORD_HEADER_LEN, 0);
    out[start + field::NAME..start + field::NAME + field::NAME_LEN].copy_from_slice(&name);
    let size = u32::try_from(body.len()).expect("TEXBSI record larger than 4 GiB");
    out[start + field::RECORD_SIZE..start + field::RECORD_SIZE + 4].copy_from_slice(&size.to_le_bytes());
    out.extend_from_slice(&body);
}

/// DATA for encoding 4: `height × frames` LE offsets, then each distinct row once.
fn row_table(img: &ImageDesc, w: usize, h: usize) -> Vec<u8> {
    let entries = h * img.frames.len();
    let mut table = Vec::with_capacity(entries * field::ROW_OFFSET_LEN);
    let mut rows: Vec<u8> = Vec::new();
    let mut seen: HashMap<&[u8], u32> = HashMap::new();
    let base = entries * field::ROW_OFFSET_LEN;
    for frame in &img.frames {
        for row in frame.chunks_exact(w) {
            let off = *seen.entry(row).or_insert_with(|| {
                let off = u32::try_from(base + rows.len()).expect("TEXBSI DATA larger than 4 GiB");
                rows.extend_from_slice(row);
                off
            });
            table.extend_from_slice(&off.to_le_bytes());
        }
    }
    table.extend_from_slice(&rows);
    table
}

fn sub(out: &mut Vec<u8>, tag: [u8; 4], payload: &[u8]) {
    out.extend_from_slice(&tag);
    let size = u32::try_from(payload.len()).expect("TEXBSI subrecord larger than 4 GiB");
    out.extend_from_slice(&size.to_be_bytes());
    out.extend_from_slice(payload);
}

#[cfg(test)]
mod tests {
    use super::*;
    use stros_core::formats::texbsi::{Texbsi, delay_ticks};

    fn sample() -> TexbsiDesc {
        let mut cmap = [[0u8; 3]; 256];
        for (i, c) in cmap.iter_mut().enumerate() {
            *c = [i as u8, 255 - i as u8, (i * 5) as u8];
        }
        let f0: Vec<u8> = (0..12).collect();
        // Frame 1 repeats frame 0's first row and changes the rest.
        let f1: Vec<u8> = [0, 1, 2, 3, 50, 51, 52, 53, 8, 9, 10, 11].to_vec();
        TexbsiDesc {
            images: vec![
                ImageDesc {
                    x_offset: -4,
                    y_offset: 9,
                    export_flags: 9,
                    tex_scale: 384,
                    ..ImageDesc::still(b"D02005", 3, 2, vec![0, 1, 2, 3, 4, 5])
                },
                ImageDesc {
                    name: b"D02030".to_vec(),
                    animated: true,
                    x_offset: 0,
                    y_offset: 0,
                    width: 4,
                    height: 3,
                    export_flags: 1,
                    frame_delay_ms: 500,
                    tex_scale: 0,
                    cmap: Some(cmap),
                    frames: vec![f0.clone(), f1, f0],
                },
                ImageDesc::still(b"D02063", 1, 1, vec![7]),
                // A sky-like record: IFHD with one frame.
                ImageDesc {
                    animated: true,
                    frame_delay_ms: 71,
                    ..ImageDesc::still(b"SKY", 2, 2, vec![1, 1, 1, 1])
                },
            ],
        }
    }

    #[test]
    fn round_trip() {
        let desc = sample();
        let bytes = to_bytes(&desc);
        let bank = Texbsi::new_checked(&bytes).unwrap();
        assert_eq!(bank.len(), desc.images.len());
        for (img, d) in bank.images().zip(&desc.images) {
            assert_eq!(img.name(), d.name.as_slice());
            assert_eq!(img.is_animated(), d.animated);
            assert_eq!(img.x_offset(), d.x_offset);
            assert_eq!(img.y_offset(), d.y_offset);
            assert_eq!(img.width(), d.width as usize);
            assert_eq!(img.height(), d.height as usize);
            assert_eq!(img.frames(), d.frames.len());
            assert_eq!(img.has_cmap_flag(), d.cmap.is_some() as u8);
            assert_eq!(img.export_flags(), d.export_flags);
            assert_eq!(img.frame_delay_ms(), d.frame_delay_ms);
            assert_eq!(img.frame_delay_ticks(), delay_ticks(d.frame_delay_ms));
            assert_eq!(img.tex_scale(), d.tex_scale);
            assert_eq!(img.encoding(), if d.animated { ENCODING_ROWS } else { ENCODING_RAW });
            assert_eq!(img.cmap(), d.cmap.as_ref().map(|c| c.as_flattened()));
            if let Some(c) = &d.cmap {
                assert_eq!(img.cmap_rgb(200), Some(c[200]));
            }
            for (f, pixels) in d.frames.iter().enumerate() {
                for y in 0..img.height() {
                    let w = img.width();
                    assert_eq!(img.row(f, y), Some(&pixels[y * w..(y + 1) * w]));
                    for x in 0..w {
                        assert_eq!(img.pixel(f, x, y), Some(pixels[y * w + x]));
                    }
                }
            }
        }
        assert_eq!(bank.image(30).unwrap().name(), b"D02030");
        assert_eq!(bank.image(63).unwrap().frame_pixels(0), Some(&[7u8][..]));
        assert_eq!(bank.find(b"SKY").unwrap().index(), None);
        assert_eq!(to_bytes(&desc), bytes);
    }

    #[test]
    fn shared_rows_are_stored_once() {
        let bytes = to_bytes(&sample());
        let bank = Texbsi::new_checked(&bytes).unwrap();
        let a = bank.image(30).unwrap();
        // 9 table entries, then rows f0r0, f0r1, f0r2, f1r1: frame 2 reuses frame 0.
        assert_eq!(a.data().len(), 9 * 4 + 4 * 4);
        let entry = |i: usize| u32::from_le_bytes(a.data()[4 * i..4 * i + 4].try_into().unwrap());
        assert_eq!(entry(3), entry(0));
        assert_eq!((entry(6), entry(7), entry(8)), (entry(0), entry(1), entry(2)));
    }

    #[test]
    fn empty_bank_is_the_sentinel() {
        assert_eq!(to_bytes(&TexbsiDesc::default()), vec![0u8; 9]);
    }
}
