//! TEXBSI texture banks ({F§5}, {D:formats/TEXBSI.md}): image records, each a
//! 9-byte name and a LE byte count followed by tagged subrecords, the bank ended by nine
//! zero bytes.
//!
//! A record's subrecords come in a fixed order: `BSIF` (static, size 0) or `IFHD`
//! (animated, 44 bytes), `BHDR` (26 bytes), an optional `CMAP` (768), `DATA`, then
//! `END ` with a zero size word. Subrecord size words are big-endian, all else
//! little-endian. The record's byte count covers every subrecord including `END `; the
//! reader requires `END ` to close the record exactly there.
//!
//! The `BHDR` encoding field says how `DATA` is laid out: 0 is raw indices, 4 is a
//! `u32` row-offset table (`height × frames` entries, relative to the start of `DATA`, entry
//! `frame * height + row`) whose rows may be shared. Encodings 1–3 are unused by the game
//! and their layout is undocumented, so they are rejected. A raw image with several frames
//! stores them one after another (our reading; the shipped raw images have one frame).
//! Index 0 is transparent; that is for the renderer, not the reader.
//!
//! [`Texbsi::new_checked`] rejects a width, height or frame count ≤ 0, a `DATA` shorter than
//! its pixels or its offset table, a row offset whose row runs past `DATA`, a missing `END `
//! and a missing sentinel. Bytes after the sentinel are ignored.

use super::{ErrorKind, Format, FormatError, bytes};

internal! {
    /// Byte offsets and sizes of the TEXBSI layout, shared with the writer in `stros-tools`.
    mod field {
        /// Record: `[u8; 9]` image name, NUL-padded.
        pub const NAME: usize = 0;
        /// Width of the name field (and of the all-zero sentinel).
        pub const NAME_LEN: usize = 9;
        /// Record: LE `u32` byte count of the subrecords that follow.
        pub const RECORD_SIZE: usize = 9;
        /// Record header length (name and byte count); subrecords follow.
        pub const RECORD_HEADER_LEN: usize = 13;

        /// Subrecord: 4-byte tag.
        pub const SUB_TAG: usize = 0;
        /// Subrecord: BE `u32` payload size.
        pub const SUB_SIZE: usize = 4;
        /// Subrecord header length; the payload follows.
        pub const SUB_HEADER_LEN: usize = 8;

        /// `IFHD` payload length.
        pub const IFHD_LEN: usize = 44;
        /// `BHDR` payload length.
        pub const BHDR_LEN: usize = 26;
        /// `CMAP` payload length (256 × RGB8).
        pub const CMAP_LEN: usize = 768;

        /// BHDR: `i16` X placement hint.
        pub const BHDR_X_OFFSET: usize = 0;
        /// BHDR: `i16` Y placement hint.
        pub const BHDR_Y_OFFSET: usize = 2;
        /// BHDR: `i16` width in pixels.
        pub const BHDR_WIDTH: usize = 4;
        /// BHDR: `i16` height in pixels.
        pub const BHDR_HEIGHT: usize = 6;
        /// BHDR: `u8` export-tool flag, 1 when a CMAP is present (not read by the game).
        pub const BHDR_HAS_CMAP: usize = 8;
        /// BHDR: `u8` export-tool flags (not read by the game).
        pub const BHDR_EXPORT_FLAGS: usize = 9;
        /// BHDR: `i16` frame count.
        pub const BHDR_FRAMES: usize = 14;
        /// BHDR: `i16` frame delay in milliseconds.
        pub const BHDR_DELAY: usize = 16;
        /// BHDR: `u16` texture scale, Q8 (0 means 256).
        pub const BHDR_SCALE: usize = 22;
        /// BHDR: `i16` DATA encoding (see [`super::ENCODING_RAW`], [`super::ENCODING_ROWS`]).
        pub const BHDR_ENCODING: usize = 24;

        /// Size of one row-offset table entry (LE `u32`).
        pub const ROW_OFFSET_LEN: usize = 4;
    }
}

/// Static image marker.
pub const TAG_BSIF: [u8; 4] = *b"BSIF";
/// Animated image marker.
pub const TAG_IFHD: [u8; 4] = *b"IFHD";
/// Image header.
pub const TAG_BHDR: [u8; 4] = *b"BHDR";
/// Embedded palette.
pub const TAG_CMAP: [u8; 4] = *b"CMAP";
/// Pixel data.
pub const TAG_DATA: [u8; 4] = *b"DATA";
/// Record terminator (its size word is 0).
pub const TAG_END: [u8; 4] = *b"END ";

/// DATA encoding: `width × height` indices per frame, row-major, frames in order.
pub const ENCODING_RAW: i16 = 0;
/// DATA encoding: a row-offset table, then the rows.
pub const ENCODING_ROWS: i16 = 4;

/// The IFHD payload the shipped banks carry: `01` then 43 zero bytes.
pub const IFHD_PAYLOAD: [u8; field::IFHD_LEN] = {
    let mut p = [0u8; field::IFHD_LEN];
    p[0] = 1;
    p
};

const fn err(kind: ErrorKind, offset: usize) -> FormatError {
    FormatError::new(Format::Texbsi, kind, offset)
}

/// Frame delay in BIOS ticks for a delay in milliseconds: `round(ms × 18.2 / 1000)`, at
/// least 1.
///
/// Computed in integers as `(ms × 182 + 5000) / 10000`, so exact halves round up. Halves
/// occur only at `ms ≡ 2500 (mod 5000)`, outside the shipped range 0–500, where the
/// engine's floating-point rounding is not pinned down. Negative delays give 1.
pub const fn delay_ticks(ms: i16) -> u32 {
    if ms <= 0 {
        return 1;
    }
    let t = (ms as u32 * 182 + 5000) / 10000;
    if t == 0 { 1 } else { t }
}

/// A view over a TEXBSI bank.
#[derive(Clone, Copy, Debug)]
pub struct Texbsi<'a> {
    data: &'a [u8],
}

impl<'a> Texbsi<'a> {
    /// Wraps `data` without checking it. The image iterator stops at the first record it
    /// cannot read; nothing panics.
    pub const fn new_unchecked(data: &'a [u8]) -> Self {
        Texbsi { data }
    }

    /// Checks every record and the sentinel.
    pub fn check(&self) -> Result<(), FormatError> {
        let d = self.data;
        let mut off = 0;
        // Each record is at least 13 + 4 × 8 bytes long and `off` only grows, so the walk
        // ends within `d.len()` steps.
        loop {
            let name = bytes::slice(d, off, field::NAME_LEN).ok_or(err(ErrorKind::Truncated, off))?;
            if is_sentinel(name) {
                return Ok(());
            }
            off = parse_record(d, off)?.end;
        }
    }

    /// Wraps `data` after [`check`](Self::check).
    pub fn new_checked(data: &'a [u8]) -> Result<Self, FormatError> {
        let t = Texbsi::new_unchecked(data);
        t.check()?;
        Ok(t)
    }

    /// The underlying bytes.
    pub const fn as_bytes(&self) -> &'a [u8] {
        self.data
    }

    /// Every image in file order.
    pub fn images(&self) -> Images<'a> {
        Images { data: self.data, off: 0, done: false }
    }

    /// Number of images.
    pub fn len(&self) -> usize {
        self.images().count()
    }

    /// Whether the bank has no images.
    pub fn is_empty(&self) -> bool {
        self.images().next().is_none()
    }

    /// The first image named `name` (compared up to the field's first NUL).
    pub fn find(&self, name: &[u8]) -> Option<Image<'a>> {
        self.images().find(|i| i.name() == name)
    }

    /// The first image whose name ends in the three-digit image index `index` (how model
    /// faces and WLD Map3 refer to images; record order does not matter).
    pub fn image(&self, index: u16) -> Option<Image<'a>> {
        self.images().find(|i| i.index() == Some(index))
    }
}

fn is_sentinel(name: &[u8]) -> bool {
    name.iter().all(|&b| b == 0)
}

/// One subrecord inside a record ending at `end` (≤ `d.len()`).
struct Sub<'a> {
    tag: [u8; 4],
    /// Offset of the payload in the bank.
    at: usize,
    payload: &'a [u8],
    /// Offset of the next subrecord.
    next: usize,
}

fn subrecord(d: &[u8], p: usize, end: usize) -> Result<Sub<'_>, FormatError> {
    let at = p.checked_add(field::SUB_HEADER_LEN).ok_or(err(ErrorKind::BadSize, p))?;
    if at > end {
        return Err(err(ErrorKind::BadSize, p));
    }
    let tag = bytes::array::<4>(d, p + field::SUB_TAG).ok_or(err(ErrorKind::Truncated, p))?;
    let size = bytes::u32_be(d, p + field::SUB_SIZE).ok_or(err(ErrorKind::Truncated, p))? as usize;
    match at.checked_add(size) {
        Some(next) if next <= end => {
            let payload = bytes::slice(d, at, size).ok_or(err(ErrorKind::Truncated, p + field::SUB_SIZE))?;
            Ok(Sub { tag, at, payload, next })
        }
        _ => Err(err(ErrorKind::BadSize, p + field::SUB_SIZE)),
    }
}

impl Sub<'_> {
    fn expect_tag(&self, want: [u8; 4], p: usize) -> Result<(), FormatError> {
        if self.tag == want { Ok(()) } else { Err(err(ErrorKind::BadMagic, p)) }
    }

    fn expect_len(&self, want: usize, p: usize) -> Result<(), FormatError> {
        if self.payload.len() == want { Ok(()) } else { Err(err(ErrorKind::BadSize, p + field::SUB_SIZE)) }
    }
}

/// Reads and checks the record at `off`.
fn parse_record(d: &[u8], off: usize) -> Result<Image<'_>, FormatError> {
    let name = bytes::slice(d, off, field::NAME_LEN).ok_or(err(ErrorKind::Truncated, off))?;
    let size_at = off + field::RECORD_SIZE;
    let size = bytes::u32_le(d, size_at).ok_or(err(ErrorKind::Truncated, size_at))? as usize;
    let body = off + field::RECORD_HEADER_LEN;
    let end = match body.checked_add(size) {
        Some(e) if e <= d.len() => e,
        _ => return Err(err(ErrorKind::Truncated, size_at)),
    };
    parse_body(d, off, name, body, end, Some(size_at))
}

/// Reads and checks the subrecords from `body`, within `end`. With `size_at` (a record's
/// byte count) `END ` must close the record exactly at `end`; without it (a standalone BSI)
/// the bytes after `END ` are ignored.
fn parse_body<'a>(
    d: &'a [u8],
    off: usize,
    name: &'a [u8],
    body: usize,
    end: usize,
    size_at: Option<usize>,
) -> Result<Image<'a>, FormatError> {
    let mut p = body;
    let s = subrecord(d, p, end)?;
    let animated = if s.tag == TAG_BSIF {
        s.expect_len(0, p)?;
        false
    } else if s.tag == TAG_IFHD {
        s.expect_len(field::IFHD_LEN, p)?;
        true
    } else {
        return Err(err(ErrorKind::BadMagic, p));
    };
    let marker = s.payload;
    p = s.next;

    let s = subrecord(d, p, end)?;
    s.expect_tag(TAG_BHDR, p)?;
    s.expect_len(field::BHDR_LEN, p)?;
    let (bhdr, bhdr_at) = (s.payload, s.at);
    p = s.next;

    let mut s = subrecord(d, p, end)?;
    let mut cmap = None;
    if s.tag == TAG_CMAP {
        s.expect_len(field::CMAP_LEN, p)?;
        cmap = Some(s.payload);
        p = s.next;
        s = subrecord(d, p, end)?;
    }
    s.expect_tag(TAG_DATA, p)?;
    let (data, data_at, data_off) = (s.payload, p, s.at);
    p = s.next;

    let s = subrecord(d, p, end)?;
    s.expect_tag(TAG_END, p)?;
    s.expect_len(0, p)?;
    let end = match size_at {
        Some(at) if s.next != end => return Err(err(ErrorKind::BadSize, at)),
        Some(_) => end,
        None => s.next,
    };

    let image = Image { offset: off, name, animated, marker, bhdr, cmap, data, end };
    let positive = |v: i16, f: usize, what: &'static str| {
        if v > 0 { Ok(v as usize) } else { Err(err(ErrorKind::Invalid(what), bhdr_at + f)) }
    };
    let w = positive(image.bhdr_i16(field::BHDR_WIDTH), field::BHDR_WIDTH, "width not positive")?;
    let h = positive(image.bhdr_i16(field::BHDR_HEIGHT), field::BHDR_HEIGHT, "height not positive")?;
    let frames =
        positive(image.bhdr_i16(field::BHDR_FRAMES), field::BHDR_FRAMES, "frame count not positive")?;
    // All three are below 2^15, so these products fit even in a 32-bit usize.
    let rows = h * frames;
    match image.encoding() {
        ENCODING_RAW => {
            if data.len() < rows * w {
                return Err(err(ErrorKind::BadSize, data_at + field::SUB_SIZE));
            }
        }
        ENCODING_ROWS => {
            if data.len() < rows * field::ROW_OFFSET_LEN {
                return Err(err(ErrorKind::BadSize, data_at + field::SUB_SIZE));
            }
            for i in 0..rows {
                let at = i * field::ROW_OFFSET_LEN;
                let start = bytes::u32_le(data, at).unwrap_or(u32::MAX) as usize;
                if bytes::slice(data, start, w).is_none() {
                    return Err(err(ErrorKind::OutOfRange, data_off + at));
                }
            }
        }
        _ => {
            return Err(err(
                ErrorKind::Invalid("unsupported pixel encoding"),
                bhdr_at + field::BHDR_ENCODING,
            ));
        }
    }
    Ok(image)
}

/// One image record of a bank, already checked.
#[derive(Clone, Copy, Debug)]
pub struct Image<'a> {
    offset: usize,
    name: &'a [u8],
    animated: bool,
    marker: &'a [u8],
    bhdr: &'a [u8],
    cmap: Option<&'a [u8]>,
    data: &'a [u8],
    end: usize,
}

impl<'a> Image<'a> {
    /// A standalone BSI file (`formats/BSI.md`: sky and sun images): the chunks of one
    /// record without its name and byte count, `IFHD`/`BSIF`, `BHDR`, an optional `CMAP`,
    /// `DATA` and `END `, checked as a record's are. Bytes after `END ` are ignored. The
    /// image has an empty name and offset 0.
    pub fn standalone(data: &'a [u8]) -> Result<Image<'a>, FormatError> {
        parse_body(data, 0, &[], 0, data.len(), None)
    }

    fn bhdr_i16(&self, f: usize) -> i16 {
        bytes::i16_le(self.bhdr, f).unwrap_or(0)
    }

    /// Byte offset of the record in the bank.
    pub const fn offset(&self) -> usize {
        self.offset
    }

    /// The name up to its first NUL, e.g. `D02005`.
    pub fn name(&self) -> &'a [u8] {
        bytes::name(self.name)
    }

    /// The whole 9-byte name field.
    pub const fn raw_name(&self) -> &'a [u8] {
        self.name
    }

    /// The image index: the three decimal digits after the type letter and the two-digit
    /// file number (`D02005` → 5). `None` when those are not digits.
    pub fn index(&self) -> Option<u16> {
        let n = self.name();
        let digits = n.get(3..6)?;
        let mut v = 0u16;
        for &c in digits {
            if !c.is_ascii_digit() {
                return None;
            }
            v = v * 10 + (c - b'0') as u16;
        }
        Some(v)
    }

    /// Whether the record is marked animated (`IFHD`) rather than static (`BSIF`).
    pub const fn is_animated(&self) -> bool {
        self.animated
    }

    /// The marker's payload: empty for `BSIF`, 44 bytes for `IFHD`.
    pub const fn marker_payload(&self) -> &'a [u8] {
        self.marker
    }

    /// The 26-byte `BHDR` payload.
    pub const fn bhdr(&self) -> &'a [u8] {
        self.bhdr
    }

    /// X placement hint.
    pub fn x_offset(&self) -> i16 {
        self.bhdr_i16(field::BHDR_X_OFFSET)
    }

    /// Y placement hint.
    pub fn y_offset(&self) -> i16 {
        self.bhdr_i16(field::BHDR_Y_OFFSET)
    }

    /// Width in pixels (≥ 1).
    pub fn width(&self) -> usize {
        self.bhdr_i16(field::BHDR_WIDTH).max(0) as usize
    }

    /// Height in pixels (≥ 1).
    pub fn height(&self) -> usize {
        self.bhdr_i16(field::BHDR_HEIGHT).max(0) as usize
    }

    /// Frame count (≥ 1).
    pub fn frames(&self) -> usize {
        self.bhdr_i16(field::BHDR_FRAMES).max(0) as usize
    }

    /// The export tool's CMAP flag byte.
    pub fn has_cmap_flag(&self) -> u8 {
        bytes::u8_at(self.bhdr, field::BHDR_HAS_CMAP).unwrap_or(0)
    }

    /// The export tool's flag byte.
    pub fn export_flags(&self) -> u8 {
        bytes::u8_at(self.bhdr, field::BHDR_EXPORT_FLAGS).unwrap_or(0)
    }

    /// Frame delay in milliseconds as stored.
    pub fn frame_delay_ms(&self) -> i16 {
        self.bhdr_i16(field::BHDR_DELAY)
    }

    /// Frame delay in BIOS ticks ([`delay_ticks`]).
    pub fn frame_delay_ticks(&self) -> u32 {
        delay_ticks(self.frame_delay_ms())
    }

    /// Texture scale as stored (Q8; 0 means unset).
    pub fn tex_scale(&self) -> u16 {
        bytes::u16_le(self.bhdr, field::BHDR_SCALE).unwrap_or(0)
    }

    /// Texture scale in Q8 with the engine's default: 0 becomes 256 (1.0).
    pub fn scale_q8(&self) -> u32 {
        match self.tex_scale() {
            0 => 256,
            s => s as u32,
        }
    }

    /// DATA encoding ([`ENCODING_RAW`] or [`ENCODING_ROWS`]).
    pub fn encoding(&self) -> i16 {
        self.bhdr_i16(field::BHDR_ENCODING)
    }

    /// The embedded palette, 768 bytes, if the record has one.
    pub const fn cmap(&self) -> Option<&'a [u8]> {
        self.cmap
    }

    /// Entry `i` of the embedded palette.
    pub fn cmap_rgb(&self, i: u8) -> Option<[u8; 3]> {
        bytes::array(self.cmap?, i as usize * 3)
    }

    /// The whole DATA payload.
    pub const fn data(&self) -> &'a [u8] {
        self.data
    }

    /// Row `y` of `frame`, `width()` indices; `None` outside the image.
    pub fn row(&self, frame: usize, y: usize) -> Option<&'a [u8]> {
        let (w, h) = (self.width(), self.height());
        if frame >= self.frames() || y >= h {
            return None;
        }
        let i = frame * h + y;
        match self.encoding() {
            ENCODING_ROWS => {
                let start = bytes::u32_le(self.data, i * field::ROW_OFFSET_LEN)? as usize;
                bytes::slice(self.data, start, w)
            }
            _ => bytes::slice(self.data, i * w, w),
        }
    }

    /// The index at (`x`, `y`) of `frame`; `None` outside the image.
    pub fn pixel(&self, frame: usize, x: usize, y: usize) -> Option<u8> {
        self.row(frame, y)?.get(x).copied()
    }

    /// For a raw image, the `width × height` indices of `frame` in one slice.
    pub fn frame_pixels(&self, frame: usize) -> Option<&'a [u8]> {
        if self.encoding() != ENCODING_RAW || frame >= self.frames() {
            return None;
        }
        let n = self.width() * self.height();
        bytes::slice(self.data, frame * n, n)
    }
}

/// Iterator over the images of a [`Texbsi`].
#[derive(Clone, Debug)]
pub struct Images<'a> {
    data: &'a [u8],
    off: usize,
    done: bool,
}

impl<'a> Iterator for Images<'a> {
    type Item = Image<'a>;

    fn next(&mut self) -> Option<Image<'a>> {
        if self.done {
            return None;
        }
        let at_end = bytes::slice(self.data, self.off, field::NAME_LEN).is_none_or(is_sentinel);
        match (at_end, parse_record(self.data, self.off)) {
            (false, Ok(img)) => {
                self.off = img.end;
                Some(img)
            }
            _ => {
                self.done = true;
                None
            }
        }
    }
}

/// The file name of texture bank `n`: `TEXBSI.` and the number in at least three digits
/// (`TEXBSI.074`, `TEXBSI.302`).
pub fn bank_file_name(n: u16) -> heapless::String<12> {
    let mut name = heapless::String::new();
    // "TEXBSI." and at most five digits: twelve bytes, always room.
    let _ = core::fmt::write(&mut name, format_args!("TEXBSI.{n:03}"));
    name
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bank_file_names_have_three_digits_at_least() {
        assert_eq!(bank_file_name(74).as_str(), "TEXBSI.074");
        assert_eq!(bank_file_name(302).as_str(), "TEXBSI.302");
        assert_eq!(bank_file_name(u16::MAX).as_str(), "TEXBSI.65535");
    }

    struct Buf {
        b: [u8; 2048],
        n: usize,
    }

    impl Buf {
        fn new() -> Self {
            Buf { b: [0; 2048], n: 0 }
        }
        fn put(&mut self, s: &[u8]) -> usize {
            let at = self.n;
            self.b[at..at + s.len()].copy_from_slice(s);
            self.n += s.len();
            at
        }
        fn sub(&mut self, tag: &[u8; 4], payload: &[u8]) -> usize {
            let at = self.put(tag);
            self.put(&(payload.len() as u32).to_be_bytes());
            self.put(payload);
            at
        }
        fn bytes(&self) -> &[u8] {
            &self.b[..self.n]
        }
    }

    /// The BHDR fields a test image sets.
    struct Hdr {
        w: i16,
        h: i16,
        frames: i16,
        delay: i16,
        scale: u16,
        enc: i16,
        cmap: u8,
    }

    fn bhdr(Hdr { w, h, frames, delay, scale, enc, cmap }: Hdr) -> [u8; 26] {
        let mut b = [0u8; 26];
        b[0..2].copy_from_slice(&(-3i16).to_le_bytes());
        b[2..4].copy_from_slice(&7i16.to_le_bytes());
        b[4..6].copy_from_slice(&w.to_le_bytes());
        b[6..8].copy_from_slice(&h.to_le_bytes());
        b[8] = cmap;
        b[9] = 9;
        b[14..16].copy_from_slice(&frames.to_le_bytes());
        b[16..18].copy_from_slice(&delay.to_le_bytes());
        b[22..24].copy_from_slice(&scale.to_le_bytes());
        b[24..26].copy_from_slice(&enc.to_le_bytes());
        b
    }

    /// Offsets of interesting fields in the sample bank.
    struct At {
        rec2: usize,
        bhdr1: usize,
        data2: usize,
        end2: usize,
        sentinel: usize,
    }

    /// A static 3×2 image `D02005` and an animated 2×2, 2-frame image `D02030` with a CMAP
    /// and one row shared between frames.
    fn sample() -> (Buf, At) {
        let mut b = Buf::new();
        b.put(b"D02005\0\0\0");
        b.put(&(8 + 34 + 8 + 6 + 8u32).to_le_bytes());
        b.sub(b"BSIF", &[]);
        let bhdr1 =
            b.sub(b"BHDR", &bhdr(Hdr { w: 3, h: 2, frames: 1, delay: 71, scale: 0, enc: 0, cmap: 0 })) + 8;
        b.sub(b"DATA", &[1, 2, 3, 4, 5, 6]);
        b.sub(b"END ", &[]);

        let rec2 = b.put(b"D02030\0\0\0");
        let mut table = [0u8; 16 + 6];
        // Frame 0 rows at 16, 18; frame 1 rows at 20, 16 (shared).
        for (i, off) in [16u32, 18, 20, 16].iter().enumerate() {
            table[4 * i..4 * i + 4].copy_from_slice(&off.to_le_bytes());
        }
        table[16..22].copy_from_slice(&[10, 11, 12, 13, 14, 15]);
        b.put(&(8 + 44 + 34 + 776 + 8 + 22 + 8u32).to_le_bytes());
        b.sub(b"IFHD", &IFHD_PAYLOAD);
        b.sub(b"BHDR", &bhdr(Hdr { w: 2, h: 2, frames: 2, delay: 500, scale: 512, enc: 4, cmap: 1 }));
        let mut cmap = [0u8; 768];
        for (i, c) in cmap.iter_mut().enumerate() {
            *c = (i % 251) as u8;
        }
        b.sub(b"CMAP", &cmap);
        let data2 = b.sub(b"DATA", &table);
        let end2 = b.sub(b"END ", &[]);
        let sentinel = b.put(&[0; 9]);
        (b, At { rec2, bhdr1, data2, end2, sentinel })
    }

    #[test]
    fn reads_static_and_animated_images() {
        let (b, at) = sample();
        let t = Texbsi::new_checked(b.bytes()).unwrap();
        assert_eq!(t.len(), 2);
        assert!(!t.is_empty());

        let s = t.find(b"D02005").unwrap();
        assert_eq!(s.offset(), 0);
        assert_eq!(s.raw_name(), b"D02005\0\0\0");
        assert_eq!(s.index(), Some(5));
        assert!(!s.is_animated());
        assert_eq!(s.marker_payload(), &[] as &[u8]);
        assert_eq!(s.bhdr().len(), 26);
        assert_eq!((s.x_offset(), s.y_offset()), (-3, 7));
        assert_eq!((s.width(), s.height(), s.frames()), (3, 2, 1));
        assert_eq!((s.has_cmap_flag(), s.export_flags()), (0, 9));
        assert_eq!(s.frame_delay_ms(), 71);
        assert_eq!(s.frame_delay_ticks(), 1);
        assert_eq!((s.tex_scale(), s.scale_q8()), (0, 256));
        assert_eq!(s.encoding(), ENCODING_RAW);
        assert!(s.cmap().is_none() && s.cmap_rgb(0).is_none());
        assert_eq!(s.data(), &[1, 2, 3, 4, 5, 6]);
        assert_eq!(s.row(0, 1), Some(&[4u8, 5, 6][..]));
        assert_eq!(s.pixel(0, 2, 0), Some(3));
        assert_eq!(s.pixel(0, 3, 0), None);
        assert_eq!(s.row(0, 2), None);
        assert_eq!(s.row(1, 0), None);
        assert_eq!(s.frame_pixels(0), Some(&[1u8, 2, 3, 4, 5, 6][..]));
        assert_eq!(s.frame_pixels(1), None);

        let a = t.image(30).unwrap();
        assert_eq!(a.offset(), at.rec2);
        assert_eq!(a.name(), b"D02030");
        assert!(a.is_animated());
        assert_eq!(a.marker_payload(), &IFHD_PAYLOAD[..]);
        assert_eq!((a.width(), a.height(), a.frames()), (2, 2, 2));
        assert_eq!(a.has_cmap_flag(), 1);
        assert_eq!(a.frame_delay_ticks(), 9);
        assert_eq!((a.tex_scale(), a.scale_q8()), (512, 512));
        assert_eq!(a.encoding(), ENCODING_ROWS);
        assert_eq!(a.cmap().map(|c| c.len()), Some(768));
        assert_eq!(a.cmap_rgb(1), Some([3, 4, 5]));
        assert_eq!(a.row(0, 0), Some(&[10u8, 11][..]));
        assert_eq!(a.row(0, 1), Some(&[12u8, 13][..]));
        assert_eq!(a.row(1, 0), Some(&[14u8, 15][..]));
        assert_eq!(a.row(1, 1), Some(&[10u8, 11][..]));
        assert_eq!(a.pixel(1, 1, 0), Some(15));
        assert_eq!(a.row(2, 0), None);
        assert_eq!(a.frame_pixels(0), None);
        assert!(t.image(6).is_none());
        assert!(t.find(b"D02006").is_none());
    }

    #[test]
    fn standalone_bsi_is_a_record_without_its_header() {
        let (b, at) = sample();
        // The second record's chunks on their own, with trailing bytes.
        let mut d = b.bytes()[at.rec2 + 13..at.sentinel].to_vec();
        let len = d.len();
        d.extend_from_slice(b"tail");
        let img = Image::standalone(&d).unwrap();
        assert_eq!((img.width(), img.height(), img.frames(), img.name()), (2, 2, 2, &b""[..]));
        assert!(img.is_animated() && img.cmap().is_some());
        assert_eq!(img.row(1, 0), Some(&[14u8, 15][..]));
        for n in 0..len {
            assert!(Image::standalone(&d[..n]).is_err(), "prefix {n}");
        }
        assert!(Image::standalone(&[]).is_err());
    }

    #[test]
    fn delay_ticks_rounding() {
        assert_eq!(delay_ticks(0), 1);
        assert_eq!(delay_ticks(-5), 1);
        assert_eq!(delay_ticks(27), 1); // 0.49 → 0 → clamped
        assert_eq!(delay_ticks(71), 1); // 1.29
        assert_eq!(delay_ticks(83), 2); // 1.51
        assert_eq!(delay_ticks(500), 9); // 9.1
        assert_eq!(delay_ticks(2500), 46); // exact half rounds up
        assert_eq!(delay_ticks(i16::MAX), 596); // 596.36
    }

    #[test]
    fn empty_bank_and_trailing_bytes() {
        let t = Texbsi::new_checked(&[0; 9]).unwrap();
        assert!(t.is_empty());
        assert_eq!(t.len(), 0);
        let (mut b, _) = sample();
        b.put(b"junk");
        assert_eq!(Texbsi::new_checked(b.bytes()).unwrap().len(), 2);
    }

    #[test]
    fn every_prefix_is_rejected() {
        let (b, _) = sample();
        let d = b.bytes();
        for n in 0..d.len() {
            let e = Texbsi::new_checked(&d[..n]).unwrap_err();
            assert_eq!(e.kind, ErrorKind::Truncated, "prefix {n}");
            assert_eq!(e.format, Format::Texbsi);
            let t = Texbsi::new_unchecked(&d[..n]);
            for img in t.images() {
                for f in 0..img.frames() {
                    for y in 0..img.height() {
                        assert!(img.row(f, y).is_some());
                    }
                }
            }
        }
    }

    fn edit(f: impl FnOnce(&mut [u8], &At)) -> FormatError {
        let (mut b, at) = sample();
        let n = b.n;
        f(&mut b.b[..n], &at);
        Texbsi::new_checked(&b.b[..n]).unwrap_err()
    }

    #[test]
    fn bhdr_errors() {
        let (_, at) = sample();
        let w = at.bhdr1 + field::BHDR_WIDTH;
        assert_eq!(
            edit(|d, _| d[w..w + 2].copy_from_slice(&0i16.to_le_bytes())),
            err(ErrorKind::Invalid("width not positive"), w)
        );
        assert_eq!(
            edit(|d, _| d[w..w + 2].copy_from_slice(&(-1i16).to_le_bytes())),
            err(ErrorKind::Invalid("width not positive"), w)
        );
        let h = at.bhdr1 + field::BHDR_HEIGHT;
        assert_eq!(edit(|d, _| d[h + 1] = 0x80), err(ErrorKind::Invalid("height not positive"), h));
        let f = at.bhdr1 + field::BHDR_FRAMES;
        assert_eq!(edit(|d, _| d[f] = 0), err(ErrorKind::Invalid("frame count not positive"), f));
        let e = at.bhdr1 + field::BHDR_ENCODING;
        assert_eq!(edit(|d, _| d[e] = 2), err(ErrorKind::Invalid("unsupported pixel encoding"), e));
        // More frames than DATA holds (raw), and a table longer than DATA (rows).
        assert_eq!(edit(|d, _| d[f] = 2), err(ErrorKind::BadSize, at.bhdr1 + 26 + 4));
        assert_eq!(
            edit(|d, at| d[at.rec2 + 13 + 52 + 8 + field::BHDR_FRAMES] = 9),
            err(ErrorKind::BadSize, at.data2 + 4)
        );
        assert_eq!(edit(|d, _| d[w] = 4), err(ErrorKind::BadSize, at.bhdr1 + 26 + 4));
    }

    #[test]
    fn row_offset_errors() {
        // Entry 2 (frame 1, row 0) pointing at the last byte: its 2-byte row runs past DATA.
        let (_, at) = sample();
        let entry = at.data2 + 8 + 8;
        assert_eq!(edit(|d, _| d[entry] = 21), err(ErrorKind::OutOfRange, entry));
        assert_eq!(
            edit(|d, _| d[entry..entry + 4].copy_from_slice(&u32::MAX.to_le_bytes())),
            err(ErrorKind::OutOfRange, entry)
        );
        // The last byte that still fits is fine.
        let (mut b, _) = sample();
        b.b[entry] = 20;
        assert!(Texbsi::new_checked(b.bytes()).is_ok());
    }

    #[test]
    fn structure_errors() {
        let (_, at) = sample();
        // Wrong marker, missing BHDR, missing DATA, missing END.
        assert_eq!(edit(|d, _| d[13] = b'X'), err(ErrorKind::BadMagic, 13));
        assert_eq!(edit(|d, _| d[21] = b'X'), err(ErrorKind::BadMagic, 21));
        assert_eq!(edit(|d, at| d[at.data2] = b'X'), err(ErrorKind::BadMagic, at.data2));
        assert_eq!(edit(|d, at| d[at.end2] = b'X'), err(ErrorKind::BadMagic, at.end2));
        // Marker, BHDR, CMAP and END sizes.
        assert_eq!(edit(|d, _| d[20] = 1), err(ErrorKind::BadSize, 17));
        assert_eq!(edit(|d, at| d[at.rec2 + 13 + 7] = 43), err(ErrorKind::BadSize, at.rec2 + 17));
        assert_eq!(edit(|d, _| d[28] = 25), err(ErrorKind::BadSize, 25));
        let cmap = at.rec2 + 13 + 52 + 34;
        assert_eq!(edit(|d, _| d[cmap + 6] = 2), err(ErrorKind::BadSize, cmap + 4));
        assert_eq!(edit(|d, at| d[at.end2 + 7] = 1), err(ErrorKind::BadSize, at.end2 + 4));
        // A subrecord size running past the record.
        assert_eq!(edit(|d, _| d[28] = 0xFF), err(ErrorKind::BadSize, 25));
        assert_eq!(
            edit(|d, _| d[25..29].copy_from_slice(&u32::MAX.to_be_bytes())),
            err(ErrorKind::BadSize, 25)
        );
        // Record size larger than the subrecords (END not last), and past the file.
        assert_eq!(edit(|d, _| d[9] += 1), err(ErrorKind::BadSize, 9));
        assert_eq!(
            edit(|d, _| d[9..13].copy_from_slice(&u32::MAX.to_le_bytes())),
            err(ErrorKind::Truncated, 9)
        );
        // Record size ending inside END's header.
        assert_eq!(edit(|d, _| d[9] -= 1), err(ErrorKind::BadSize, 69));
        // Sentinel overwritten: the next "record" runs off the end.
        assert_eq!(edit(|d, at| d[at.sentinel] = b'D'), err(ErrorKind::Truncated, at.sentinel + 9));
    }
}
