//! 3D and 3DC model reader ({F§3}, {D:formats/models/3d.md} and {D:formats/models/3dc.md}).
//!
//! A [`Model`] is a zero-copy view over one model file (or a ROB segment payload). Version
//! v4.0 and v5.0 files are read fully: header, faces, vertices, face normals, vertex
//! normals and their index table, Glide animation frames (encodings 1, 2, 4 and 8) and the
//! Section4 collision subobjects. Version v2.6 and v2.7 files (the DOS software assets) are
//! read as header, vertices and faces only; their animation directory, normals and
//! auxiliary data are left unparsed.
//!
//! [`Model::new_checked`] walks the faces once and checks every count, offset and
//! reference, so accessors on a checked model only return `None` for indices the caller got
//! wrong. On an unchecked model they return `None` (or end early) instead of panicking.

use super::bytes::{f32_le, i8_at, i16_le, i32_le, u16_le, u32_le};
use super::{ErrorKind, Format, FormatError};

mod face;
mod subobject;

pub use face::*;
pub use subobject::*;

internal! {
    /// Byte offsets and sizes of every field the reader (and the writer in `stros-tools`) uses.
    mod field;
}

/// Bit pattern of a vertex normal component meaning "no normal" (use the face normal).
pub const NO_NORMAL_BITS: u32 = 0xFFC0_0000;
/// Frame-type flag: encoding-2 deltas are whole map units instead of 1/256.
pub const FRAME_FLAG_WHOLE_UNITS: u32 = 0x10;

/// Model file version.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Version {
    /// `v2.6` (DOS software assets).
    V2_6,
    /// `v2.7` (DOS software assets).
    V2_7,
    /// `v4.0` (Glide; `.3DC`, MENU.ROB and some `.3D`).
    V4_0,
    /// `v5.0` (Glide `.3D`, ROB payloads).
    V5_0,
}

impl Version {
    /// The 4 version bytes as stored.
    pub const fn bytes(self) -> [u8; 4] {
        match self {
            Version::V2_6 => *b"v2.6",
            Version::V2_7 => *b"v2.7",
            Version::V4_0 => *b"v4.0",
            Version::V5_0 => *b"v5.0",
        }
    }

    /// Reads the version from the first 4 bytes (a fifth byte such as `v4.02` belongs to
    /// the vertex count, so only 4 are compared).
    pub fn from_bytes(b: [u8; 4]) -> Option<Version> {
        match &b {
            b"v2.6" => Some(Version::V2_6),
            b"v2.7" => Some(Version::V2_7),
            b"v4.0" => Some(Version::V4_0),
            b"v5.0" => Some(Version::V5_0),
            _ => None,
        }
    }

    /// True for the software v2.x layouts.
    pub const fn is_v2(self) -> bool {
        matches!(self, Version::V2_6 | Version::V2_7)
    }

    /// Section4 node header length (v4.0 18, v5.0 30); `None` for v2 (no Section4).
    pub const fn node_len(self) -> Option<usize> {
        match self {
            Version::V4_0 => Some(field::NODE_V4_LEN),
            Version::V5_0 => Some(field::NODE_V5_LEN),
            _ => None,
        }
    }
}

/// A decoded face texture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Texture {
    /// A solid palette colour.
    Solid {
        /// Palette index.
        colour: u8,
    },
    /// An image of a texture bank (TEXBSI.### in v4/v5, TEXTURE.### in v2).
    Image {
        /// Bank (file) number. Signed: a v4 word below the 4000000 base decodes negative,
        /// as the C arithmetic would.
        bank: i32,
        /// Image number within the bank.
        image: u32,
    },
}

impl Texture {
    /// Decodes a v4/v5 texture word.
    pub fn from_v4(raw: u32) -> Texture {
        if raw >> 20 == 0xFFF {
            return Texture::Solid { colour: (raw >> 8) as u8 };
        }
        // C integer arithmetic (truncating division); t is within ±2^24, nothing overflows.
        let t = (raw >> 8) as i32 - 4_000_000;
        let a = (t / 250) % 40;
        let b = ((t - 250 * a) / 1000) % 100;
        let c = (t - 250 * a - 1000 * b) / 4000;
        let lo = raw & 0xFF;
        Texture::Image { bank: a + b + c, image: lo % 10 + (lo / 40) * 10 }
    }

    /// Decodes a v2.6/v2.7 texture word (bank below 2 is a solid colour).
    pub fn from_v2(w: u16) -> Texture {
        let bank = (w >> 7) as i32;
        if bank < 2 {
            Texture::Solid { colour: w as u8 }
        } else {
            Texture::Image { bank, image: (w & 0x7F) as u32 }
        }
    }
}

/// How frames after frame 0 store their vertices: the low 4 bits of frame 0's type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FrameEncoding {
    /// Type 0: a static `.3D` model.
    Static,
    /// Type 1: i8 deltas subtracted from frame 0 in whole map units.
    I8Delta,
    /// Type 2: i16 deltas subtracted from frame 0; `/256` unless `whole_units`
    /// ([`FRAME_FLAG_WHOLE_UNITS`]).
    I16Delta {
        /// The 0x10 flag: deltas are whole map units.
        whole_units: bool,
    },
    /// Type 4: absolute i32 positions in model units.
    Absolute,
    /// Type 8: a single static frame.
    SingleStatic,
    /// Anything else; later frames cannot be decoded.
    Other(u32),
}

impl FrameEncoding {
    /// Classifies frame 0's type word.
    pub fn from_type(t: u32) -> FrameEncoding {
        match t & 0x0F {
            0 => FrameEncoding::Static,
            1 => FrameEncoding::I8Delta,
            2 => FrameEncoding::I16Delta { whole_units: t & FRAME_FLAG_WHOLE_UNITS != 0 },
            4 => FrameEncoding::Absolute,
            8 => FrameEncoding::SingleStatic,
            _ => FrameEncoding::Other(t),
        }
    }

    /// Bytes per vertex in frames 1+, or `None` when later frames carry no vertices.
    pub fn vertex_len(self) -> Option<usize> {
        match self {
            FrameEncoding::I8Delta => Some(field::FRAME_I8_VERTEX_LEN),
            FrameEncoding::I16Delta { .. } => Some(field::FRAME_I16_VERTEX_LEN),
            FrameEncoding::Absolute => Some(field::FRAME_I32_VERTEX_LEN),
            _ => None,
        }
    }
}

/// One 16-byte frame record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FrameRecord {
    /// File offset of the frame's vertex data.
    pub vertex_offset: u32,
    /// File offset of the frame's face normals.
    pub normal_offset: u32,
    /// Reserved word (0 in v4/v5).
    pub reserved: u32,
    /// Frame type (meaningful in frame 0 only).
    pub kind: u32,
}

/// Sign-extends the three 10-bit components of a Glide packed normal (x bits 0–9, y 10–19,
/// z 20–29; bits 30–31 ignored), in 1/256 units.
pub fn unpack_normal(p: u32) -> [i32; 3] {
    [((p << 22) as i32) >> 22, ((p << 12) as i32) >> 22, ((p << 2) as i32) >> 22]
}

/// True when a vertex normal is the authored "none" marker (any component `FFC00000`).
pub fn is_no_normal(n: [f32; 3]) -> bool {
    n.iter().any(|c| c.to_bits() == NO_NORMAL_BITS)
}

fn err(kind: ErrorKind, offset: usize) -> FormatError {
    FormatError::new(Format::Model, kind, offset)
}

/// Checks that `count` records of `size` bytes at the offset stored in header field
/// `field_off` fit in `len`; returns the offset.
fn check_array(
    len: usize,
    off: u32,
    count: u32,
    size: usize,
    field_off: usize,
    count_field: usize,
) -> Result<usize, FormatError> {
    let bytes = (count as usize).checked_mul(size).ok_or(err(ErrorKind::TooMany, count_field))?;
    let off = off as usize;
    let end = off.checked_add(bytes).ok_or(err(ErrorKind::OutOfRange, field_off))?;
    if end > len {
        return Err(err(
            if bytes > len { ErrorKind::TooMany } else { ErrorKind::OutOfRange },
            if bytes > len { count_field } else { field_off },
        ));
    }
    Ok(off)
}

fn read3_i32(data: &[u8], off: usize) -> Option<[i32; 3]> {
    Some([i32_le(data, off)?, i32_le(data, off.checked_add(4)?)?, i32_le(data, off.checked_add(8)?)?])
}

fn read3_f32(data: &[u8], off: usize) -> Option<[f32; 3]> {
    Some([f32_le(data, off)?, f32_le(data, off.checked_add(4)?)?, f32_le(data, off.checked_add(8)?)?])
}

/// A view over a 3D/3DC model file.
#[derive(Clone, Copy, Debug)]
pub struct Model<'a> {
    data: &'a [u8],
}

impl<'a> Model<'a> {
    /// Wraps `data` without checking it. Accessors never panic on bad data; they return
    /// `None` or stop early.
    pub const fn new_unchecked(data: &'a [u8]) -> Self {
        Model { data }
    }

    /// Wraps `data` after [`Model::check`].
    pub fn new_checked(data: &'a [u8]) -> Result<Self, FormatError> {
        let m = Model { data };
        m.check()?;
        Ok(m)
    }

    /// The bytes viewed.
    pub fn as_bytes(&self) -> &'a [u8] {
        self.data
    }

    fn hdr(&self, off: usize) -> u32 {
        u32_le(self.data, off).unwrap_or(0)
    }

    /// The version, or `None` when the 4 bytes are not a known version.
    pub fn version(&self) -> Option<Version> {
        Version::from_bytes(super::bytes::array(self.data, field::VERSION)?)
    }

    /// Vertex count.
    pub fn vertex_count(&self) -> u32 {
        self.hdr(field::VERTEX_COUNT)
    }
    /// Face count.
    pub fn face_count(&self) -> u32 {
        self.hdr(field::FACE_COUNT)
    }
    /// Bounding radius in model units (1/256 map units).
    pub fn radius(&self) -> u32 {
        self.hdr(field::RADIUS)
    }
    /// Frame count as stored (0 in v2.7 static files).
    pub fn frame_count(&self) -> u32 {
        self.hdr(field::FRAME_COUNT)
    }
    /// Offset of the frame records.
    pub fn frame_data_offset(&self) -> u32 {
        self.hdr(field::FRAME_DATA_OFFSET)
    }
    /// Sum of face vertex counts (v4/v5; a normal offset in v2).
    pub fn total_face_vertices(&self) -> u32 {
        self.hdr(field::TOTAL_FACE_VERTICES)
    }
    /// Section4 offset (0 when absent).
    pub fn section4_offset(&self) -> u32 {
        self.hdr(field::SECTION4_OFFSET)
    }
    /// Section4 node count.
    pub fn section4_count(&self) -> u32 {
        self.hdr(field::SECTION4_COUNT)
    }
    /// Normal-index table offset (0 when absent).
    pub fn normal_index_offset(&self) -> u32 {
        self.hdr(field::NORMAL_INDEX_OFFSET)
    }
    /// Vertex normal offset (0 when absent; a variant flag in v2).
    pub fn vertex_normal_offset(&self) -> u32 {
        self.hdr(field::VERTEX_NORMAL_OFFSET)
    }
    /// Vertex coordinate offset.
    pub fn vertex_offset(&self) -> u32 {
        self.hdr(field::VERTEX_OFFSET)
    }
    /// Face normal offset.
    pub fn face_normal_offset(&self) -> u32 {
        self.hdr(field::FACE_NORMAL_OFFSET)
    }
    /// The copy of the total face vertex count at 0x38.
    pub fn total_face_vertices_dup(&self) -> u32 {
        self.hdr(field::TOTAL_FACE_VERTICES_DUP)
    }
    /// Face record offset.
    pub fn face_data_offset(&self) -> u32 {
        self.hdr(field::FACE_DATA_OFFSET)
    }

    fn is_v2(&self) -> bool {
        self.version().is_some_and(Version::is_v2)
    }

    /// Vertex `i` in model units.
    pub fn vertex(&self, i: u32) -> Option<[i32; 3]> {
        if i >= self.vertex_count() {
            return None;
        }
        let off = (i as usize).checked_mul(field::VERTEX_LEN)?.checked_add(self.vertex_offset() as usize)?;
        read3_i32(self.data, off)
    }

    /// All vertices in order.
    pub fn vertices(&self) -> impl Iterator<Item = [i32; 3]> + use<'a> {
        let m = *self;
        (0..m.vertex_count()).map_while(move |i| m.vertex(i))
    }

    /// Stored normal of face `i` (i32×3, 1/256). `None` for v2 (left unparsed).
    pub fn face_normal(&self, i: u32) -> Option<[i32; 3]> {
        if i >= self.face_count() || self.is_v2() {
            return None;
        }
        let off = (i as usize)
            .checked_mul(field::FACE_NORMAL_LEN)?
            .checked_add(self.face_normal_offset() as usize)?;
        read3_i32(self.data, off)
    }

    /// The faces in stored order.
    pub fn faces(&self) -> Faces<'a> {
        Faces {
            data: self.data,
            off: self.face_data_offset() as usize,
            index: 0,
            count: if self.version().is_some() { self.face_count() } else { 0 },
            v2: self.is_v2(),
        }
    }

    /// Face `i` (walks the records before it).
    pub fn face(&self, i: u32) -> Option<Face<'a>> {
        self.faces().nth(i as usize)
    }

    /// The face record starting at file offset `off` (as stored in a Section4 reference),
    /// numbered `index`.
    pub fn face_at(&self, off: u32, index: u32) -> Option<Face<'a>> {
        if index >= self.face_count() {
            return None;
        }
        Face::parse(self.data, off as usize, index, self.is_v2())
    }

    /// Vertex normal record `i` as read (NaN components included; see [`is_no_normal`]).
    /// `None` when absent, for v2, or out of range of the data.
    pub fn vertex_normal(&self, i: u32) -> Option<[f32; 3]> {
        let base = self.vertex_normal_offset();
        if base == 0 || self.is_v2() {
            return None;
        }
        read3_f32(self.data, (i as usize).checked_mul(field::VERTEX_NORMAL_LEN)?.checked_add(base as usize)?)
    }

    /// Number of normal-index table entries (0 when the table is absent).
    pub fn normal_index_count(&self) -> u32 {
        if self.normal_index_offset() == 0 || self.is_v2() { 0 } else { self.total_face_vertices() }
    }

    /// Entry `k` of the normal-index table (face corners in face order) as a vertex normal
    /// record index: `(offset − vertex normal offset) / 12`.
    pub fn normal_index(&self, k: u32) -> Option<u32> {
        if k >= self.normal_index_count() {
            return None;
        }
        let off = (k as usize)
            .checked_mul(field::NORMAL_INDEX_LEN)?
            .checked_add(self.normal_index_offset() as usize)?;
        let rel = u32_le(self.data, off)?.checked_sub(self.vertex_normal_offset())?;
        rel.is_multiple_of(field::VERTEX_NORMAL_LEN as u32).then_some(rel / field::VERTEX_NORMAL_LEN as u32)
    }

    /// Frame record `f` (v4/v5 only).
    pub fn frame(&self, f: u32) -> Option<FrameRecord> {
        if f >= self.frame_count() || self.is_v2() {
            return None;
        }
        let off =
            (f as usize).checked_mul(field::FRAME_LEN)?.checked_add(self.frame_data_offset() as usize)?;
        Some(FrameRecord {
            vertex_offset: u32_le(self.data, off.checked_add(field::FRAME_VERTEX)?)?,
            normal_offset: u32_le(self.data, off.checked_add(field::FRAME_NORMAL)?)?,
            reserved: u32_le(self.data, off.checked_add(field::FRAME_RESERVED)?)?,
            kind: u32_le(self.data, off.checked_add(field::FRAME_TYPE)?)?,
        })
    }

    /// The later-frame encoding selected by frame 0's type ([`FrameEncoding::Static`] when
    /// there are no frame records).
    pub fn frame_encoding(&self) -> FrameEncoding {
        self.frame(0).map_or(FrameEncoding::Static, |r| FrameEncoding::from_type(r.kind))
    }

    fn later_frame(&self, frame: u32) -> Option<(FrameRecord, FrameEncoding)> {
        if frame == 0 || frame >= self.frame_count() {
            return None;
        }
        Some((self.frame(frame)?, self.frame_encoding()))
    }

    /// Vertex `i` of frame `frame` in model units (1/256 map units). Frame 0 is the base
    /// geometry. Deltas are applied with wrapping i32 arithmetic; the runtime holds the
    /// result at single precision (see [`Model::frame_vertex_map`]), which is the same
    /// value for coordinates below 2^24 in magnitude.
    pub fn frame_vertex(&self, frame: u32, i: u32) -> Option<[i32; 3]> {
        let base = self.vertex(i)?;
        if frame == 0 {
            return Some(base);
        }
        let (rec, enc) = self.later_frame(frame)?;
        let stride = enc.vertex_len()?;
        let off = (i as usize).checked_mul(stride)?.checked_add(rec.vertex_offset as usize)?;
        let mut out = [0i32; 3];
        for (c, o) in out.iter_mut().enumerate() {
            *o = match enc {
                FrameEncoding::I8Delta => {
                    let d = i8_at(self.data, off.checked_add(c)?)? as i32;
                    base[c].wrapping_sub(d.wrapping_mul(256))
                }
                FrameEncoding::I16Delta { whole_units } => {
                    let d = i16_le(self.data, off.checked_add(2 * c)?)? as i32;
                    base[c].wrapping_sub(if whole_units { d.wrapping_mul(256) } else { d })
                }
                FrameEncoding::Absolute => i32_le(self.data, off.checked_add(4 * c)?)?,
                _ => return None,
            };
        }
        Some(out)
    }

    /// Vertex `i` of frame `frame` in map units, computed at single precision the way the
    /// runtime decodes it (base ÷ 256, then the delta subtracted).
    pub fn frame_vertex_map(&self, frame: u32, i: u32) -> Option<[f32; 3]> {
        let base = self.vertex(i)?;
        let b = |c: usize| base[c] as f32 / 256.0;
        if frame == 0 {
            return Some([b(0), b(1), b(2)]);
        }
        let (rec, enc) = self.later_frame(frame)?;
        let stride = enc.vertex_len()?;
        let off = (i as usize).checked_mul(stride)?.checked_add(rec.vertex_offset as usize)?;
        let mut out = [0f32; 3];
        for (c, o) in out.iter_mut().enumerate() {
            *o = match enc {
                FrameEncoding::I8Delta => b(c) - i8_at(self.data, off.checked_add(c)?)? as f32,
                FrameEncoding::I16Delta { whole_units } => {
                    let d = i16_le(self.data, off.checked_add(2 * c)?)? as f32;
                    b(c) - if whole_units { d } else { d / 256.0 }
                }
                FrameEncoding::Absolute => i32_le(self.data, off.checked_add(4 * c)?)? as f32 / 256.0,
                _ => return None,
            };
        }
        Some(out)
    }

    /// Face normal of face `face` in frame `frame` (1/256 units): frame 0's stored normal,
    /// later frames' packed 10:10:10 normal.
    pub fn frame_face_normal(&self, frame: u32, face: u32) -> Option<[i32; 3]> {
        if frame == 0 {
            return self.face_normal(face);
        }
        let (rec, enc) = self.later_frame(frame)?;
        enc.vertex_len()?;
        if face >= self.face_count() {
            return None;
        }
        let off = (face as usize)
            .checked_mul(field::FRAME_PACKED_NORMAL_LEN)?
            .checked_add(rec.normal_offset as usize)?;
        Some(unpack_normal(u32_le(self.data, off)?))
    }

    /// All Section4 nodes as stored (v4.0 and v5.0; empty for v2 and when absent).
    pub fn subobjects(&self) -> Subobjects<'a> {
        let node_len = self.version().and_then(Version::node_len);
        let absent = self.section4_offset() == 0 || node_len.is_none();
        Subobjects {
            data: self.data,
            off: self.section4_offset() as usize,
            remaining: if absent { 0 } else { self.section4_count() },
            node_len: node_len.unwrap_or(field::NODE_V5_LEN),
        }
    }

    /// The subobjects the runtime keeps: all of them for v5.0, none otherwise (the loader
    /// clears the list for every other version, seed "Collision subobject admission").
    pub fn runtime_subobjects(&self) -> Subobjects<'a> {
        let mut s = self.subobjects();
        if self.version() != Some(Version::V5_0) {
            s.remaining = 0;
        }
        s
    }

    /// Checks every count, offset and reference (see the module docs).
    pub fn check(&self) -> Result<(), FormatError> {
        let data = self.data;
        let len = data.len();
        if len < field::HEADER_LEN {
            return Err(err(ErrorKind::Truncated, len));
        }
        let version = self.version().ok_or(err(ErrorKind::BadMagic, field::VERSION))?;
        let v2 = version.is_v2();
        let vcount = self.vertex_count();
        let fcount = self.face_count();

        if vcount > 0 {
            check_array(
                len,
                self.vertex_offset(),
                vcount,
                field::VERTEX_LEN,
                field::VERTEX_OFFSET,
                field::VERTEX_COUNT,
            )?;
        }

        // Faces: one bounded walk (each record is at least 8 bytes, so the count is
        // checked against the data first).
        let min_face = if v2 { field::V2_FACE_HEADER_LEN } else { field::FACE_HEADER_LEN };
        if (fcount as usize).checked_mul(min_face).is_none_or(|n| n > len) {
            return Err(err(ErrorKind::TooMany, field::FACE_COUNT));
        }
        let mut off = self.face_data_offset() as usize;
        let mut corners: u64 = 0;
        for index in 0..fcount {
            let face = Face::parse(data, off, index, v2).ok_or(err(ErrorKind::Truncated, off))?;
            if face.vertex_count() == 0 {
                return Err(err(ErrorKind::Invalid("face without vertices"), off));
            }
            for k in 0..face.vertex_count() as usize {
                let at = off + face.header_len() + k * field::FACE_VERTEX_LEN;
                let raw = u32_le(data, at).ok_or(err(ErrorKind::Truncated, at))?;
                let idx = if v2 {
                    if !raw.is_multiple_of(field::VERTEX_LEN as u32) {
                        return Err(err(ErrorKind::Invalid("vertex offset not a multiple of 12"), at));
                    }
                    raw / field::VERTEX_LEN as u32
                } else {
                    raw
                };
                if idx >= vcount {
                    return Err(err(ErrorKind::OutOfRange, at));
                }
            }
            corners += face.vertex_count() as u64;
            off += face.record_len();
        }
        if v2 {
            // Normals, frames and the animation directory of v2 models are not parsed.
            return Ok(());
        }
        if corners != self.total_face_vertices() as u64 {
            return Err(err(ErrorKind::BadSize, field::TOTAL_FACE_VERTICES));
        }
        if fcount > 0 {
            check_array(
                len,
                self.face_normal_offset(),
                fcount,
                field::FACE_NORMAL_LEN,
                field::FACE_NORMAL_OFFSET,
                field::FACE_COUNT,
            )?;
        }
        self.check_frames(len)?;
        self.check_section4(version)?;
        self.check_normals(len)
    }

    fn check_frames(&self, len: usize) -> Result<(), FormatError> {
        let frames = self.frame_count();
        if frames == 0 {
            return Ok(());
        }
        let table = check_array(
            len,
            self.frame_data_offset(),
            frames,
            field::FRAME_LEN,
            field::FRAME_DATA_OFFSET,
            field::FRAME_COUNT,
        )?;
        let enc = self.frame_encoding();
        for f in 1..frames {
            let at = table + f as usize * field::FRAME_LEN;
            let stride = enc.vertex_len().ok_or(err(
                ErrorKind::Invalid("later frames with a frame type that has no encoding"),
                table + field::FRAME_TYPE,
            ))?;
            let rec = self.frame(f).ok_or(err(ErrorKind::Truncated, at))?;
            let fv = at + field::FRAME_VERTEX;
            let fnm = at + field::FRAME_NORMAL;
            check_array(len, rec.vertex_offset, self.vertex_count(), stride, fv, fv)?;
            check_array(len, rec.normal_offset, self.face_count(), field::FRAME_PACKED_NORMAL_LEN, fnm, fnm)?;
        }
        Ok(())
    }

    fn check_section4(&self, version: Version) -> Result<(), FormatError> {
        let Some(node_len) = version.node_len() else { return Ok(()) };
        let count = self.section4_count();
        if self.section4_offset() == 0 || count == 0 {
            return Ok(());
        }
        let len = self.data.len();
        let start = self.section4_offset() as usize;
        if start > len {
            return Err(err(ErrorKind::OutOfRange, field::SECTION4_OFFSET));
        }
        if (count as usize).checked_mul(node_len).is_none_or(|n| n > len - start) {
            return Err(err(ErrorKind::TooMany, field::SECTION4_COUNT));
        }
        let fcount = self.face_count();
        // A cursor over the face records: sorted reference lists validate in one pass.
        let mut cursor = (0u32, self.face_data_offset() as usize);
        let mut off = start;
        for _ in 0..count {
            let k = u16_le(self.data, off + field::NODE_REF_COUNT)
                .filter(|_| off + node_len <= len)
                .ok_or(err(ErrorKind::Truncated, off))?;
            let refs = off + node_len;
            let end = refs + k as usize * field::REF_LEN;
            if end > len {
                return Err(err(ErrorKind::Truncated, refs));
            }
            for r in 0..k as usize {
                let at = refs + r * field::REF_LEN;
                let stored = u32_le(self.data, at + field::REF_FACE_OFFSET).unwrap_or(0) as usize;
                let idx4 = u16_le(self.data, at + field::REF_FACE_INDEX).unwrap_or(0) as u32;
                if !idx4.is_multiple_of(4) || idx4 / 4 >= fcount {
                    return Err(err(ErrorKind::OutOfRange, at + field::REF_FACE_INDEX));
                }
                let target = idx4 / 4;
                if target < cursor.0 {
                    cursor = (0, self.face_data_offset() as usize);
                }
                // Faces were validated above, so this walk stays in bounds and ends.
                while cursor.0 < target {
                    let face = Face::parse(self.data, cursor.1, cursor.0, false)
                        .ok_or(err(ErrorKind::Truncated, cursor.1))?;
                    cursor = (cursor.0 + 1, cursor.1 + face.record_len());
                }
                if cursor.1 != stored {
                    return Err(err(
                        ErrorKind::Invalid("face reference offset disagrees with its index"),
                        at,
                    ));
                }
            }
            off = end;
        }
        Ok(())
    }

    fn check_normals(&self, len: usize) -> Result<(), FormatError> {
        let vn = self.vertex_normal_offset();
        let table = self.normal_index_offset();
        if table != 0 {
            if vn == 0 {
                return Err(err(ErrorKind::OutOfRange, field::VERTEX_NORMAL_OFFSET));
            }
            let t = check_array(
                len,
                table,
                self.total_face_vertices(),
                field::NORMAL_INDEX_LEN,
                field::NORMAL_INDEX_OFFSET,
                field::TOTAL_FACE_VERTICES,
            )?;
            for k in 0..self.total_face_vertices() as usize {
                let at = t + k * field::NORMAL_INDEX_LEN;
                let e = u32_le(self.data, at).unwrap_or(0);
                let rel = e.checked_sub(vn).ok_or(err(ErrorKind::OutOfRange, at))?;
                if !rel.is_multiple_of(field::VERTEX_NORMAL_LEN as u32) {
                    return Err(err(ErrorKind::Invalid("normal index not on a record boundary"), at));
                }
                if (e as usize).checked_add(field::VERTEX_NORMAL_LEN).is_none_or(|end| end > len) {
                    return Err(err(ErrorKind::OutOfRange, at));
                }
            }
        } else if vn != 0 && self.vertex_count() > 0 {
            // Without the table normals are indexed by vertex.
            check_array(
                len,
                vn,
                self.vertex_count(),
                field::VERTEX_NORMAL_LEN,
                field::VERTEX_NORMAL_OFFSET,
                field::VERTEX_COUNT,
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
