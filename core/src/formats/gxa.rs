//! GXA bitmap archives ({D:formats/GXA.md}): tagged chunks — `BMHD` (title and frame
//! count), `BPAL` (a 768-byte 6-bit palette), `BBMP` (frame records back to back) — closed
//! by `END `. Chunk lengths are big-endian, fields little-endian.
//!
//! [`Gxa::new_checked`] walks the chunks once, requires `BMHD` and `BBMP`, clamps `BBMP`'s
//! length to the data (some shipped files store the file size minus 4 there: the docs'
//! "Section length quirk") and checks that every frame record the count names fits:
//! raw pixels, or an RLE or LZHUF stream of its stated size. [`Frame::decode`] expands a
//! frame into the caller's buffer.

use super::chunks::Chunks;
use super::{ErrorKind, Format, FormatError, bytes};

internal! {
    /// Byte offsets and sizes of the layout, shared with the writer in `stros-tools`.
    mod field {
        /// BMHD: `[u8; 22]` NUL-terminated title.
        pub const TITLE: usize = 0x00;
        /// The title's length.
        pub const TITLE_LEN: usize = 22;
        /// BMHD: LE `i16` frame count.
        pub const NUM_IMAGES: usize = 0x20;
        /// BMHD payload length.
        pub const BMHD_LEN: usize = 0x22;
        /// Palette payload length.
        pub const PALETTE_LEN: usize = 768;
        /// Frame: LE `i16` width.
        pub const WIDTH: usize = 0x02;
        /// Frame: LE `i16` height.
        pub const HEIGHT: usize = 0x04;
        /// Frame: LE `i16` draw offset x (HUD bitmaps add it to their anchor).
        pub const OFFSET_X: usize = 0x06;
        /// Frame: LE `i16` draw offset y.
        pub const OFFSET_Y: usize = 0x08;
        /// Frame: LE `i16` compression: 0 raw, 1 RLE, 2 LZHUF.
        pub const COMPRESSION: usize = 0x0A;
        /// Frame header length; raw pixels follow.
        pub const FRAME_HEADER_LEN: usize = 0x12;
        /// RLE and LZHUF: LE `u32` compressed size at the header's end.
        pub const COMPRESSED_SIZE: usize = 0x12;
        /// LZHUF: LE `u32` uncompressed size.
        pub const UNCOMPRESSED_SIZE: usize = 0x16;
    }
}

/// The header chunk's tag.
pub const TAG_BMHD: [u8; 4] = *b"BMHD";
/// The palette chunk's tag.
pub const TAG_BPAL: [u8; 4] = *b"BPAL";
/// The frame chunk's tag.
pub const TAG_BBMP: [u8; 4] = *b"BBMP";
/// The end marker.
pub use super::chunks::TAG_END;

const fn err(kind: ErrorKind, offset: usize) -> FormatError {
    FormatError::new(Format::Gxa, kind, offset)
}

/// How a frame's pixels are stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compression {
    /// `width × height` bytes.
    Raw,
    /// Run-length: a control byte `0x80..` repeats the next byte `(c & 0x7F) + 1` times,
    /// `..0x80` copies the next `c + 1` bytes.
    Rle,
    /// Okumura's LZHUF (LZSS with adaptive Huffman codes, a 4 KiB window of spaces).
    Lzhuf,
}

/// A view over a GXA archive.
#[derive(Clone, Copy, Debug)]
pub struct Gxa<'a> {
    header: &'a [u8],
    palette: Option<&'a [u8]>,
    frames: &'a [u8],
    count: usize,
}

/// One frame record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Frame<'a> {
    /// Width, pixels.
    pub width: u16,
    /// Height, pixels.
    pub height: u16,
    /// Draw offsets added to a HUD anchor.
    pub offset: [i16; 2],
    /// The pixel storage.
    pub compression: Compression,
    /// The stored pixels (raw) or stream (RLE, LZHUF).
    pub data: &'a [u8],
}

impl<'a> Gxa<'a> {
    /// Walks the chunks to `END ` and checks every frame record (see the module text).
    pub fn new_checked(data: &'a [u8]) -> Result<Self, FormatError> {
        let (mut header, mut palette, mut frames) = (None, None, None);
        // The quirk: BBMP's length may overstate the data; the frames end the file's use.
        let mut chunks = Chunks::new(data, Format::Gxa).clamping(TAG_BBMP);
        for c in &mut chunks {
            let c = c?;
            let bad_size = err(ErrorKind::BadSize, c.at + 4);
            match c.tag {
                TAG_BBMP => frames = frames.or(Some((c.body, c.payload))),
                TAG_BMHD if c.payload.len() < field::BMHD_LEN => return Err(bad_size),
                TAG_BMHD => header = header.or(Some(c.payload)),
                TAG_BPAL if c.payload.len() != field::PALETTE_LEN => return Err(bad_size),
                TAG_BPAL => palette = palette.or(Some(c.payload)),
                _ => {}
            }
        }
        let off = chunks.offset();
        let header = header.ok_or(err(ErrorKind::Invalid("no BMHD chunk"), off))?;
        let (at, frames) = frames.ok_or(err(ErrorKind::Invalid("no BBMP chunk"), off))?;
        let count = bytes::i16_le(header, field::NUM_IMAGES).unwrap_or(0);
        let count =
            usize::try_from(count).map_err(|_| err(ErrorKind::Invalid("negative frame count"), 0x20))?;
        let mut f = 0;
        for _ in 0..count {
            f = record(frames, f).map_err(|(kind, o)| err(kind, at + o))?.1;
        }
        Ok(Gxa { header, palette, frames, count })
    }

    /// The title, up to its first NUL.
    pub fn title(&self) -> &'a [u8] {
        let t = &self.header[..field::TITLE_LEN];
        &t[..t.iter().position(|&b| b == 0).unwrap_or(t.len())]
    }

    /// Frames.
    pub const fn len(&self) -> usize {
        self.count
    }

    /// Whether there are none.
    pub const fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The archive's palette, 768 bytes of 6-bit RGB, when it has one.
    pub const fn palette(&self) -> Option<&'a [u8]> {
        self.palette
    }

    /// Frame `k`.
    pub fn frame(&self, k: usize) -> Option<Frame<'a>> {
        if k >= self.count {
            return None;
        }
        let mut off = 0;
        for _ in 0..k {
            off = record(self.frames, off).ok()?.1;
        }
        record(self.frames, off).ok().map(|(f, _)| f)
    }
}

/// The frame record at `off` and the offset after it, or what is wrong and where.
fn record(d: &[u8], off: usize) -> Result<(Frame<'_>, usize), (ErrorKind, usize)> {
    let at = |o: usize| off + o;
    let i16_at = |o: usize| bytes::i16_le(d, at(o)).ok_or((ErrorKind::Truncated, at(o)));
    let (width, height) = (i16_at(field::WIDTH)?, i16_at(field::HEIGHT)?);
    let (Ok(width), Ok(height)) = (u16::try_from(width), u16::try_from(height)) else {
        return Err((ErrorKind::Invalid("negative frame size"), at(field::WIDTH)));
    };
    let offset = [i16_at(field::OFFSET_X)?, i16_at(field::OFFSET_Y)?];
    let raw = width as usize * height as usize;
    let size = |o: usize| bytes::u32_le(d, at(o)).map(|n| n as usize).ok_or((ErrorKind::Truncated, at(o)));
    let (compression, start, len) = match i16_at(field::COMPRESSION)? {
        0 => (Compression::Raw, at(field::FRAME_HEADER_LEN), raw),
        1 => (Compression::Rle, at(field::COMPRESSED_SIZE + 4), size(field::COMPRESSED_SIZE)?),
        2 if size(field::UNCOMPRESSED_SIZE)? != raw => {
            return Err((ErrorKind::BadSize, at(field::UNCOMPRESSED_SIZE)));
        }
        2 => (Compression::Lzhuf, at(field::UNCOMPRESSED_SIZE + 4), size(field::COMPRESSED_SIZE)?),
        _ => return Err((ErrorKind::Invalid("unknown compression"), at(field::COMPRESSION))),
    };
    let data = bytes::slice(d, start, len).ok_or((ErrorKind::Truncated, start))?;
    Ok((Frame { width, height, offset, compression, data }, start + len))
}

impl Frame<'_> {
    /// Pixels: `width × height`.
    pub fn pixels(&self) -> usize {
        self.width as usize * self.height as usize
    }

    /// Expands the frame's palette indices, rows top to bottom, into `out[..pixels()]`
    /// (index 0 is transparent). A stream that ends early leaves the rest 0; `out` shorter
    /// than the frame is an error.
    pub fn decode(&self, out: &mut [u8]) -> Result<(), FormatError> {
        let out = out.get_mut(..self.pixels()).ok_or(err(ErrorKind::TooMany, 0))?;
        out.fill(0);
        match self.compression {
            Compression::Raw => out.copy_from_slice(self.data),
            Compression::Rle => rle(self.data, out),
            Compression::Lzhuf => lzhuf::decode(self.data, out),
        }
        Ok(())
    }
}

/// The RLE expansion: each control byte makes progress, so the loop ends with the data.
fn rle(data: &[u8], out: &mut [u8]) {
    let (mut i, mut o) = (0, 0);
    while let (Some(&c), true) = (data.get(i), o < out.len()) {
        let n = (c & 0x7F) as usize + 1;
        let end = (o + n).min(out.len());
        if c & 0x80 != 0 {
            out[o..end].fill(data.get(i + 1).copied().unwrap_or(0));
            i += 2;
        } else {
            let src = data.get(i + 1..).unwrap_or(&[]);
            let k = (end - o).min(src.len());
            out[o..o + k].copy_from_slice(&src[..k]);
            i += 1 + n;
        }
        o = end;
    }
}

/// Okumura's LZHUF decoder (`lzhuf.c`, LHA's `lh1`): a 4,096-byte window filled with spaces,
/// 60-byte matches from a threshold of 2, an adaptive Huffman tree of 314 symbols rebuilt
/// at frequency 0x8000, positions' upper 6 bits by the fixed `d_code`/`d_len` tables. Bits
/// past the stream's end read as 0, as the original's `getc` at end of file gives.
mod lzhuf {
    const N: usize = 4096;
    const F: usize = 60;
    const THRESHOLD: usize = 2;
    const N_CHAR: usize = 256 - THRESHOLD + F;
    const T: usize = N_CHAR * 2 - 1;
    const R: usize = T - 1;
    const MAX_FREQ: u16 = 0x8000;

    /// Each first byte's code length: 32 bytes of 3 bits, 48 of 4, 64 of 5, 48 of 6, 48 of
    /// 7, 16 of 8 — the canonical assignment `lzhuf.c` tabulates.
    const fn d_len(byte: u8) -> u32 {
        match byte {
            0x00..=0x1F => 3,
            0x20..=0x4F => 4,
            0x50..=0x8F => 5,
            0x90..=0xBF => 6,
            0xC0..=0xEF => 7,
            _ => 8,
        }
    }

    /// The upper six position bits a first byte codes: codes numbered in order, each
    /// covering `2^(8 − d_len)` first bytes.
    const fn d_code(byte: u8) -> usize {
        let b = byte as usize;
        match byte {
            0x00..=0x1F => 0,
            0x20..=0x4F => 1 + (b - 0x20) / 16,
            0x50..=0x8F => 4 + (b - 0x50) / 8,
            0x90..=0xBF => 12 + (b - 0x90) / 4,
            0xC0..=0xEF => 24 + (b - 0xC0) / 2,
            _ => 48 + (b - 0xF0),
        }
    }

    struct Bits<'a> {
        data: &'a [u8],
        at: usize,
    }

    impl Bits<'_> {
        fn bit(&mut self) -> usize {
            let b = self.data.get(self.at / 8).map_or(0, |&b| (b >> (7 - self.at % 8)) & 1);
            self.at += 1;
            b as usize
        }
        fn byte(&mut self) -> u8 {
            (0..8).fold(0, |b, _| (b << 1) | self.bit() as u8)
        }
    }

    struct Tree {
        freq: [u16; T + 1],
        prnt: [u16; T + N_CHAR],
        son: [u16; T],
    }

    impl Tree {
        fn new() -> Tree {
            let mut t = Tree { freq: [0; T + 1], prnt: [0; T + N_CHAR], son: [0; T] };
            for i in 0..N_CHAR {
                t.freq[i] = 1;
                t.son[i] = (i + T) as u16;
                t.prnt[i + T] = i as u16;
            }
            let (mut i, mut j) = (0, N_CHAR);
            while j <= R {
                t.freq[j] = t.freq[i].wrapping_add(t.freq[i + 1]);
                t.son[j] = i as u16;
                (t.prnt[i], t.prnt[i + 1]) = (j as u16, j as u16);
                (i, j) = (i + 2, j + 1);
            }
            (t.freq[T], t.prnt[R]) = (0xFFFF, 0);
            t
        }

        /// Halves the frequencies and rebuilds the tree (`reconst`).
        fn rebuild(&mut self) {
            let mut j = 0;
            for i in 0..T {
                if self.son[i] as usize >= T {
                    self.freq[j] = self.freq[i].div_ceil(2);
                    self.son[j] = self.son[i];
                    j += 1;
                }
            }
            let mut i = 0;
            for j in N_CHAR..T {
                let f = self.freq[i].wrapping_add(self.freq[i + 1]);
                let mut k = j - 1;
                while k > 0 && f < self.freq[k] {
                    k -= 1;
                }
                k += 1;
                self.freq.copy_within(k..j, k + 1);
                self.freq[k] = f;
                self.son.copy_within(k..j, k + 1);
                self.son[k] = i as u16;
                i += 2;
            }
            for i in 0..T {
                let k = self.son[i] as usize;
                self.prnt[k] = i as u16;
                if k < T {
                    self.prnt[k + 1] = i as u16;
                }
            }
        }

        /// Counts symbol `c` and keeps the sibling order (`update`).
        fn update(&mut self, c: usize) {
            if self.freq[R] == MAX_FREQ {
                self.rebuild();
            }
            let mut c = self.prnt[c + T] as usize;
            loop {
                self.freq[c] = self.freq[c].wrapping_add(1);
                let k = self.freq[c];
                let mut l = c + 1;
                if k > self.freq[l] {
                    // freq[T] = 0xFFFF stops the scan: no count reaches it.
                    while k > self.freq[l + 1] {
                        l += 1;
                    }
                    self.freq[c] = self.freq[l];
                    self.freq[l] = k;
                    let i = self.son[c] as usize;
                    self.prnt[i] = l as u16;
                    if i < T {
                        self.prnt[i + 1] = l as u16;
                    }
                    let j = self.son[l] as usize;
                    self.son[l] = i as u16;
                    self.prnt[j] = c as u16;
                    if j < T {
                        self.prnt[j + 1] = c as u16;
                    }
                    self.son[c] = j as u16;
                    c = l;
                }
                c = self.prnt[c] as usize;
                if c == 0 {
                    break;
                }
            }
        }

        fn char(&mut self, bits: &mut Bits<'_>) -> usize {
            let mut c = self.son[R] as usize;
            // Each step goes one level down a tree of T nodes.
            for _ in 0..T {
                if c >= T {
                    break;
                }
                c = self.son[(c + bits.bit()).min(T - 1)] as usize;
            }
            let c = c.saturating_sub(T).min(N_CHAR - 1);
            self.update(c);
            c
        }
    }

    fn position(bits: &mut Bits<'_>) -> usize {
        let first = bits.byte();
        let mut i = first as usize;
        for _ in 0..d_len(first) - 2 {
            i = (i << 1) + bits.bit();
        }
        (d_code(first) << 6) | (i & 0x3F)
    }

    /// Decodes `data` until `out` is full.
    pub(super) fn decode(data: &[u8], out: &mut [u8]) {
        let mut window = [b' '; N];
        let mut tree = Tree::new();
        let mut bits = Bits { data, at: 0 };
        let (mut r, mut o) = (N - F, 0);
        while o < out.len() {
            let c = tree.char(&mut bits);
            let (from, n) = match c {
                0..256 => (None, 1),
                _ => (
                    Some((r.wrapping_sub(position(&mut bits)).wrapping_sub(1)) & (N - 1)),
                    c - 255 + THRESHOLD,
                ),
            };
            for k in 0..n.min(out.len() - o) {
                let b = from.map_or(c as u8, |from| window[(from + k) & (N - 1)]);
                (out[o], window[r]) = (b, b);
                (o, r) = (o + 1, (r + 1) & (N - 1));
            }
        }
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        /// The tables `lzhuf.c` prints: d_code[0x20] = 1, d_code[0x50] = 4, d_code[0xFF] =
        /// 63; d_len 3 … 8 at the same boundaries; every code covers 2^(8 − len) bytes.
        #[test]
        fn tables() {
            assert_eq!(
                (d_code(0x1F), d_code(0x20), d_code(0x50), d_code(0x90), d_code(0xC0)),
                (0, 1, 4, 12, 24)
            );
            assert_eq!((d_code(0xF0), d_code(0xFF)), (48, 63));
            assert_eq!((d_len(0x1F), d_len(0x20), d_len(0xFF)), (3, 4, 8));
            for b in 0..=255u8 {
                let width = 1usize << (8 - d_len(b));
                assert_eq!(d_code(b), d_code(b - b % width as u8), "byte {b:#x}");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// BMHD (2 frames), BPAL, BBMP (a raw 2×2, an RLE 3×2), END.
    fn sample() -> heapless::Vec<u8, 2048> {
        let mut d = heapless::Vec::<u8, 2048>::new();
        let chunk = |d: &mut heapless::Vec<u8, 2048>, tag: &[u8; 4], p: &[u8]| {
            d.extend_from_slice(tag).unwrap();
            d.extend_from_slice(&(p.len() as u32).to_be_bytes()).unwrap();
            d.extend_from_slice(p).unwrap();
        };
        let mut h = [0u8; field::BMHD_LEN];
        h[..22].copy_from_slice(b"GXlib image conversion");
        h[field::NUM_IMAGES] = 2;
        chunk(&mut d, &TAG_BMHD, &h);
        chunk(&mut d, &TAG_BPAL, &[0; 768]);
        let mut f = heapless::Vec::<u8, 256>::new();
        let head = |f: &mut heapless::Vec<u8, 256>, w: u8, h: u8, c: u8| {
            let mut r = [0u8; field::FRAME_HEADER_LEN];
            (r[field::WIDTH], r[field::HEIGHT], r[field::COMPRESSION]) = (w, h, c);
            f.extend_from_slice(&r).unwrap();
        };
        head(&mut f, 2, 2, 0);
        f.extend_from_slice(&[1, 2, 3, 4]).unwrap();
        head(&mut f, 3, 2, 1);
        // 0x82 5: three 5s; 0x01 7 8: two literals; then the stream ends (the last pixel 0).
        let rle = [0x82, 5, 0x01, 7, 8];
        f.extend_from_slice(&(rle.len() as u32).to_le_bytes()).unwrap();
        f.extend_from_slice(&rle).unwrap();
        chunk(&mut d, &TAG_BBMP, &f);
        d.extend_from_slice(b"END ").unwrap();
        d
    }

    #[test]
    fn frames() {
        let d = sample();
        let g = Gxa::new_checked(&d).unwrap();
        assert_eq!((g.title(), g.len()), (&b"GXlib image conversion"[..], 2));
        let mut px = [9u8; 6];
        g.frame(0).unwrap().decode(&mut px).unwrap();
        assert_eq!(px[..4], [1, 2, 3, 4]);
        let f = g.frame(1).unwrap();
        assert_eq!((f.width, f.height, f.compression), (3, 2, Compression::Rle));
        f.decode(&mut px).unwrap();
        assert_eq!(px, [5, 5, 5, 7, 8, 0]);
        assert!(f.decode(&mut [0; 5]).is_err(), "a buffer shorter than the frame");
        assert!(g.frame(2).is_none());
    }

    /// Every cut either fails or (past the BBMP records, the quirk's clamp) still reads
    /// both frames; none panics.
    #[test]
    fn damaged() {
        let d = sample();
        for n in 0..d.len() {
            if let Ok(g) = Gxa::new_checked(&d[..n]) {
                assert_eq!(g.len(), 2, "cut at {n}");
            }
        }
        // The quirk: BBMP's length stated as the file size − 4 is clamped.
        let mut q = d.clone();
        let at = 8 + field::BMHD_LEN + 8 + 768;
        let len = (d.len() - 4) as u32;
        q[at + 4..at + 8].copy_from_slice(&len.to_be_bytes());
        assert_eq!(Gxa::new_checked(&q).unwrap().len(), 2);
    }
}
