//! 3D and 3DC model reader (formats notes §3, newest `models/3d.md` and `models/3dc.md`).
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

use super::bytes::{f32_le, i8_at, i16_le, i32_le, slice, u8_at, u16_le, u32_le};
use super::{ErrorKind, Format, FormatError};

/// Byte offsets and sizes of every field the reader (and the writer in `stros-tools`) uses.
pub mod field {
    /// Version string (4 bytes; only these 4 are compared).
    pub const VERSION: usize = 0x00;
    /// Length of the version string.
    pub const VERSION_LEN: usize = 4;
    /// Vertex count.
    pub const VERTEX_COUNT: usize = 0x04;
    /// Face count.
    pub const FACE_COUNT: usize = 0x08;
    /// Bounding radius in model units (1/256 map units).
    pub const RADIUS: usize = 0x0C;
    /// Frame count.
    pub const FRAME_COUNT: usize = 0x10;
    /// Offset of the frame records.
    pub const FRAME_DATA_OFFSET: usize = 0x14;
    /// Sum of all face vertex counts (v4/v5); the entry count of the normal-index table.
    pub const TOTAL_FACE_VERTICES: usize = 0x18;
    /// Offset of Section4 (0 when absent).
    pub const SECTION4_OFFSET: usize = 0x1C;
    /// Number of Section4 nodes.
    pub const SECTION4_COUNT: usize = 0x20;
    /// Unused word.
    pub const UNUSED_24: usize = 0x24;
    /// Offset of the normal-index table (0 when absent).
    pub const NORMAL_INDEX_OFFSET: usize = 0x28;
    /// Offset of the vertex normals (0 when absent).
    pub const VERTEX_NORMAL_OFFSET: usize = 0x2C;
    /// Offset of the vertex coordinates.
    pub const VERTEX_OFFSET: usize = 0x30;
    /// Offset of the face normals.
    pub const FACE_NORMAL_OFFSET: usize = 0x34;
    /// Copy of [`TOTAL_FACE_VERTICES`] (v4/v5).
    pub const TOTAL_FACE_VERTICES_DUP: usize = 0x38;
    /// Offset of the face records (64 in v4/v5).
    pub const FACE_DATA_OFFSET: usize = 0x3C;
    /// Header length.
    pub const HEADER_LEN: usize = 64;

    /// Face record: vertex count N (u8).
    pub const FACE_VERTEX_COUNT: usize = 0;
    /// Face record: `tex_hi` byte (v4/v5), the separate `u1` byte (v2).
    pub const FACE_TEX_HI: usize = 1;
    /// Face record: texture word (u32 in v4/v5, u16 in v2).
    pub const FACE_TEXTURE: usize = 2;
    /// Face record v4/v5: unused u32 (0).
    pub const FACE_UNUSED: usize = 6;
    /// Face record v4/v5: fixed part before the N vertex entries.
    pub const FACE_HEADER_LEN: usize = 10;
    /// Face record v2: unused u32 (0).
    pub const V2_FACE_UNUSED: usize = 4;
    /// Face record v2: fixed part before the N vertex entries.
    pub const V2_FACE_HEADER_LEN: usize = 8;
    /// Face vertex entry: vertex index (u32; a byte offset in v2).
    pub const FACE_VERTEX_INDEX: usize = 0;
    /// Face vertex entry: U delta (i16, 1/16 pixel).
    pub const FACE_VERTEX_DU: usize = 4;
    /// Face vertex entry: V delta (i16, 1/16 pixel).
    pub const FACE_VERTEX_DV: usize = 6;
    /// Face vertex entry length.
    pub const FACE_VERTEX_LEN: usize = 8;

    /// Vertex record (i32×3).
    pub const VERTEX_LEN: usize = 12;
    /// Face normal record (i32×3, 1/256).
    pub const FACE_NORMAL_LEN: usize = 12;
    /// Vertex normal record (f32×3).
    pub const VERTEX_NORMAL_LEN: usize = 12;
    /// Normal-index table entry (u32 file offset of a vertex normal record).
    pub const NORMAL_INDEX_LEN: usize = 4;

    /// Frame record: offset of the frame's vertex data.
    pub const FRAME_VERTEX: usize = 0x00;
    /// Frame record: offset of the frame's face normal data.
    pub const FRAME_NORMAL: usize = 0x04;
    /// Frame record: reserved word (0).
    pub const FRAME_RESERVED: usize = 0x08;
    /// Frame record: frame type (meaningful in frame 0 only).
    pub const FRAME_TYPE: usize = 0x0C;
    /// Frame record length.
    pub const FRAME_LEN: usize = 16;
    /// Later-frame vertex length, encoding 1 (i8×3).
    pub const FRAME_I8_VERTEX_LEN: usize = 3;
    /// Later-frame vertex length, encoding 2 (i16×3).
    pub const FRAME_I16_VERTEX_LEN: usize = 6;
    /// Later-frame vertex length, encoding 4 (i32×3).
    pub const FRAME_I32_VERTEX_LEN: usize = 12;
    /// Later-frame packed 10:10:10 face normal length.
    pub const FRAME_PACKED_NORMAL_LEN: usize = 4;

    /// Section4 node: centre (i32×3).
    pub const NODE_CENTRE: usize = 0x00;
    /// Section4 node: radius (u32).
    pub const NODE_RADIUS: usize = 0x0C;
    /// Section4 node: face-reference count k (u16).
    pub const NODE_REF_COUNT: usize = 0x10;
    /// Section4 node: three f32 extent factors (v5.0 only).
    pub const NODE_EXTENTS: usize = 0x12;
    /// Section4 node header length in v4.0.
    pub const NODE_V4_LEN: usize = 18;
    /// Section4 node header length in v5.0.
    pub const NODE_V5_LEN: usize = 30;
    /// Face reference: file offset of the face record (u32).
    pub const REF_FACE_OFFSET: usize = 0;
    /// Face reference: face index × 4 (u16).
    pub const REF_FACE_INDEX: usize = 4;
    /// Face reference length.
    pub const REF_LEN: usize = 6;
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

/// One face record.
#[derive(Clone, Copy, Debug)]
pub struct Face<'a> {
    rec: &'a [u8],
    offset: usize,
    index: u32,
    v2: bool,
}

impl<'a> Face<'a> {
    fn parse(data: &'a [u8], off: usize, index: u32, v2: bool) -> Option<Face<'a>> {
        let n = u8_at(data, off)? as usize;
        let head = if v2 { field::V2_FACE_HEADER_LEN } else { field::FACE_HEADER_LEN };
        let rec = slice(data, off, head + n * field::FACE_VERTEX_LEN)?;
        Some(Face { rec, offset: off, index, v2 })
    }

    fn header_len(&self) -> usize {
        if self.v2 { field::V2_FACE_HEADER_LEN } else { field::FACE_HEADER_LEN }
    }

    /// Length of the record in bytes.
    pub fn record_len(&self) -> usize {
        self.rec.len()
    }
    /// File offset of the record.
    pub fn offset(&self) -> usize {
        self.offset
    }
    /// Face index.
    pub fn index(&self) -> u32 {
        self.index
    }
    /// Vertex count N.
    pub fn vertex_count(&self) -> u8 {
        u8_at(self.rec, field::FACE_VERTEX_COUNT).unwrap_or(0)
    }
    /// The `tex_hi` byte (v4/v5; 0xFF on solid faces), or v2's separate `u1` byte.
    pub fn tex_hi(&self) -> u8 {
        u8_at(self.rec, field::FACE_TEX_HI).unwrap_or(0)
    }
    /// The raw texture word (a u16 widened in v2).
    pub fn texture_raw(&self) -> u32 {
        if self.v2 {
            u16_le(self.rec, field::FACE_TEXTURE).unwrap_or(0) as u32
        } else {
            u32_le(self.rec, field::FACE_TEXTURE).unwrap_or(0)
        }
    }
    /// The decoded texture.
    pub fn texture(&self) -> Texture {
        if self.v2 {
            Texture::from_v2(self.texture_raw() as u16)
        } else {
            Texture::from_v4(self.texture_raw())
        }
    }
    /// The unused word after the texture (0 in shipped files).
    pub fn unused(&self) -> u32 {
        let at = if self.v2 { field::V2_FACE_UNUSED } else { field::FACE_UNUSED };
        u32_le(self.rec, at).unwrap_or(0)
    }
    /// The face's vertices in stored order.
    pub fn vertices(&self) -> FaceVertices<'a> {
        FaceVertices { rec: self.rec, off: self.header_len(), v2: self.v2, u: 0, v: 0 }
    }
}

/// One corner of a face.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FaceVertex {
    /// Vertex index (v2's byte offset already divided by 12).
    pub index: u32,
    /// Stored U delta (1/16 pixel).
    pub du: i16,
    /// Stored V delta (1/16 pixel).
    pub dv: i16,
    /// Accumulated U from 0 (1/16 pixel; i32 so sums cannot wrap).
    pub u: i32,
    /// Accumulated V from 0 (1/16 pixel).
    pub v: i32,
}

/// Iterator over a face's corners.
#[derive(Clone, Debug)]
pub struct FaceVertices<'a> {
    rec: &'a [u8],
    off: usize,
    v2: bool,
    u: i32,
    v: i32,
}

impl Iterator for FaceVertices<'_> {
    type Item = FaceVertex;
    fn next(&mut self) -> Option<FaceVertex> {
        let raw = u32_le(self.rec, self.off.checked_add(field::FACE_VERTEX_INDEX)?)?;
        let du = i16_le(self.rec, self.off.checked_add(field::FACE_VERTEX_DU)?)?;
        let dv = i16_le(self.rec, self.off.checked_add(field::FACE_VERTEX_DV)?)?;
        self.off += field::FACE_VERTEX_LEN;
        // At most 255 corners of ±32768: far from i32 overflow.
        self.u += du as i32;
        self.v += dv as i32;
        let index = if self.v2 { raw / field::VERTEX_LEN as u32 } else { raw };
        Some(FaceVertex { index, du, dv, u: self.u, v: self.v })
    }
}

/// Iterator over a model's faces in stored order.
#[derive(Clone, Debug)]
pub struct Faces<'a> {
    data: &'a [u8],
    off: usize,
    index: u32,
    count: u32,
    v2: bool,
}

impl<'a> Iterator for Faces<'a> {
    type Item = Face<'a>;
    fn next(&mut self) -> Option<Face<'a>> {
        if self.index >= self.count {
            return None;
        }
        let Some(face) = Face::parse(self.data, self.off, self.index, self.v2) else {
            self.count = 0;
            return None;
        };
        self.index += 1;
        self.off += face.record_len();
        Some(face)
    }
}

/// One Section4 node.
#[derive(Clone, Copy, Debug)]
pub struct Subobject<'a> {
    node: &'a [u8],
    refs: &'a [u8],
    offset: usize,
}

impl<'a> Subobject<'a> {
    /// File offset of the node.
    pub fn offset(&self) -> usize {
        self.offset
    }
    /// Centre in model units.
    pub fn centre(&self) -> [i32; 3] {
        read3_i32(self.node, field::NODE_CENTRE).unwrap_or([0; 3])
    }
    /// Radius in model units.
    pub fn radius(&self) -> u32 {
        u32_le(self.node, field::NODE_RADIUS).unwrap_or(0)
    }
    /// Number of face references.
    pub fn ref_count(&self) -> u16 {
        u16_le(self.node, field::NODE_REF_COUNT).unwrap_or(0)
    }
    /// The three extent factors (v5.0 only), as read: they may be 0 or non-finite.
    pub fn extents(&self) -> Option<[f32; 3]> {
        read3_f32(self.node, field::NODE_EXTENTS)
    }
    /// The face references in authored order (repeats kept).
    pub fn face_refs(&self) -> FaceRefs<'a> {
        FaceRefs { refs: self.refs, off: 0 }
    }
    /// The referenced face indices in authored order.
    pub fn face_indices(&self) -> impl Iterator<Item = u32> + use<'a> {
        self.face_refs().map(|r| r.index)
    }
}

/// One Section4 face reference.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FaceRef {
    /// File offset of the face record.
    pub face_offset: u32,
    /// Face index (the stored value ÷ 4).
    pub index: u32,
}

/// Iterator over a node's face references.
#[derive(Clone, Debug)]
pub struct FaceRefs<'a> {
    refs: &'a [u8],
    off: usize,
}

impl Iterator for FaceRefs<'_> {
    type Item = FaceRef;
    fn next(&mut self) -> Option<FaceRef> {
        let face_offset = u32_le(self.refs, self.off.checked_add(field::REF_FACE_OFFSET)?)?;
        let idx4 = u16_le(self.refs, self.off.checked_add(field::REF_FACE_INDEX)?)?;
        self.off += field::REF_LEN;
        Some(FaceRef { face_offset, index: idx4 as u32 / 4 })
    }
}

/// Iterator over Section4 nodes.
#[derive(Clone, Debug)]
pub struct Subobjects<'a> {
    data: &'a [u8],
    off: usize,
    remaining: u32,
    node_len: usize,
}

impl<'a> Iterator for Subobjects<'a> {
    type Item = Subobject<'a>;
    fn next(&mut self) -> Option<Subobject<'a>> {
        if self.remaining == 0 {
            return None;
        }
        self.remaining -= 1;
        let parse = || {
            let node = slice(self.data, self.off, self.node_len)?;
            let k = u16_le(node, field::NODE_REF_COUNT)? as usize;
            let refs = slice(self.data, self.off + self.node_len, k * field::REF_LEN)?;
            Some(Subobject { node, refs, offset: self.off })
        };
        match parse() {
            Some(s) => {
                self.off += self.node_len + s.refs.len();
                Some(s)
            }
            None => {
                self.remaining = 0;
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn put(b: &mut [u8], off: usize, v: u32) {
        b[off..off + 4].copy_from_slice(&v.to_le_bytes());
    }
    fn put16(b: &mut [u8], off: usize, v: u16) {
        b[off..off + 2].copy_from_slice(&v.to_le_bytes());
    }

    // v5.0 model: 3 vertices, 2 triangles, Section4 with 2 nodes, normal table, vertex normals.
    // Layout: header 0..64, faces 64..132 (2×34), vertices 132..168, face normals 168..192,
    // frame 192..208, section4 208..(30+12)+(30+6)=286, table 286..310, vnormals 310..346.
    const LEN: usize = 346;
    fn v5() -> [u8; LEN] {
        let mut b = [0u8; LEN];
        b[0..4].copy_from_slice(b"v5.0");
        put(&mut b, field::VERTEX_COUNT, 3);
        put(&mut b, field::FACE_COUNT, 2);
        put(&mut b, field::RADIUS, 512);
        put(&mut b, field::FRAME_COUNT, 1);
        put(&mut b, field::FRAME_DATA_OFFSET, 192);
        put(&mut b, field::TOTAL_FACE_VERTICES, 6);
        put(&mut b, field::TOTAL_FACE_VERTICES_DUP, 6);
        put(&mut b, field::SECTION4_OFFSET, 208);
        put(&mut b, field::SECTION4_COUNT, 2);
        put(&mut b, field::NORMAL_INDEX_OFFSET, 286);
        put(&mut b, field::VERTEX_NORMAL_OFFSET, 310);
        put(&mut b, field::VERTEX_OFFSET, 132);
        put(&mut b, field::FACE_NORMAL_OFFSET, 168);
        put(&mut b, field::FACE_DATA_OFFSET, 64);
        for f in 0..2usize {
            let o = 64 + 34 * f;
            b[o] = 3;
            b[o + 1] = if f == 0 { 0xFF } else { 61 };
            put(&mut b, o + 2, if f == 0 { 0xFFF0_2A00 } else { ((4_000_000 + 250 * 3) << 8) | 42 });
            for k in 0..3usize {
                let v = o + 10 + 8 * k;
                put(&mut b, v, if f == 0 { k as u32 } else { 2 - k as u32 });
                put16(&mut b, v + 4, 16 * k as u16);
                put16(&mut b, v + 6, (-8i16 * k as i16) as u16);
            }
        }
        for (i, c) in [[0, 0, 0], [256, 0, 0], [0, -256, 512]].iter().enumerate() {
            for (j, x) in c.iter().enumerate() {
                put(&mut b, 132 + 12 * i + 4 * j, *x as u32);
            }
        }
        put(&mut b, 168 + 8, 256);
        put(&mut b, 180 + 4, (-256i32) as u32);
        put(&mut b, 192, 132);
        put(&mut b, 196, 168);
        // node 0: faces 1, 0; node 1: face 1 again.
        put(&mut b, 208, 10);
        put(&mut b, 212, (-20i32) as u32);
        put(&mut b, 216, 30);
        put(&mut b, 220, 700);
        put16(&mut b, 224, 2);
        b[226..230].copy_from_slice(&1.0f32.to_le_bytes());
        b[230..234].copy_from_slice(&0.5f32.to_le_bytes());
        b[234..238].copy_from_slice(&f32::NAN.to_le_bytes());
        put(&mut b, 238, 98);
        put16(&mut b, 242, 4);
        put(&mut b, 244, 64);
        put16(&mut b, 248, 0);
        put16(&mut b, 250 + 16, 1);
        put(&mut b, 280, 98);
        put16(&mut b, 284, 4);
        for k in 0..6usize {
            put(&mut b, 286 + 4 * k, 310 + 12 * (k as u32 % 3));
        }
        for c in 0..3usize {
            put(&mut b, 310 + 4 * c, NO_NORMAL_BITS);
            b[322 + 4 * c..326 + 4 * c].copy_from_slice(&0.25f32.to_le_bytes());
        }
        b
    }

    #[test]
    fn v5_fields() {
        let b = v5();
        let m = Model::new_checked(&b).unwrap();
        assert_eq!(m.version(), Some(Version::V5_0));
        assert_eq!((m.vertex_count(), m.face_count(), m.radius()), (3, 2, 512));
        assert_eq!(m.vertex(2), Some([0, -256, 512]));
        assert_eq!(m.vertex(3), None);
        assert_eq!(m.vertices().count(), 3);
        assert_eq!(m.face_normal(0), Some([0, 0, 256]));
        assert_eq!(m.face_normal(1), Some([0, -256, 0]));
        let f0 = m.face(0).unwrap();
        assert_eq!((f0.vertex_count(), f0.tex_hi(), f0.offset(), f0.record_len()), (3, 0xFF, 64, 34));
        assert_eq!(f0.texture(), Texture::Solid { colour: 0x2A });
        let f1 = m.face(1).unwrap();
        assert_eq!(f1.texture(), Texture::Image { bank: 3, image: 2 + 10 });
        let mut vs = f1.vertices();
        assert_eq!(vs.next(), Some(FaceVertex { index: 2, du: 0, dv: 0, u: 0, v: 0 }));
        assert_eq!(vs.next(), Some(FaceVertex { index: 1, du: 16, dv: -8, u: 16, v: -8 }));
        assert_eq!(vs.next().map(|v| (v.u, v.v)), Some((48, -24)));
        assert_eq!(vs.next(), None);
        assert!(m.face(2).is_none());
        assert_eq!(
            m.frame(0),
            Some(FrameRecord { vertex_offset: 132, normal_offset: 168, reserved: 0, kind: 0 })
        );
        assert_eq!(m.frame_encoding(), FrameEncoding::Static);
        assert_eq!(m.frame_vertex(0, 1), Some([256, 0, 0]));
        assert_eq!(m.frame_vertex(1, 1), None);
        assert_eq!(m.normal_index_count(), 6);
        assert_eq!(m.normal_index(4), Some(1));
        assert_eq!(m.normal_index(6), None);
        assert!(is_no_normal(m.vertex_normal(0).unwrap()));
        assert_eq!(m.vertex_normal(1), Some([0.25; 3]));
        let subs = m.subobjects();
        assert_eq!(subs.clone().count(), 2);
        let mut it = m.runtime_subobjects();
        let s0 = it.next().unwrap();
        assert_eq!((s0.centre(), s0.radius(), s0.ref_count()), ([10, -20, 30], 700, 2));
        let e = s0.extents().unwrap();
        assert_eq!((e[0], e[1]), (1.0, 0.5));
        assert!(e[2].is_nan(), "non-finite extents are exposed as read");
        let mut idx = s0.face_indices();
        assert_eq!((idx.next(), idx.next(), idx.next()), (Some(1), Some(0), None));
        let r = s0.face_refs().next().unwrap();
        assert_eq!(
            m.face_at(r.face_offset, r.index).unwrap().texture_raw(),
            m.face(1).unwrap().texture_raw()
        );
        let s1 = it.next().unwrap();
        assert_eq!(s1.offset(), 250);
        assert_eq!(s1.face_indices().next(), Some(1));
        assert!(it.next().is_none());
    }

    fn expect(b: &[u8], kind: ErrorKind, offset: usize) {
        assert_eq!(Model::new_checked(b).unwrap_err(), FormatError::new(Format::Model, kind, offset));
    }

    #[test]
    fn v5_errors() {
        let good = v5();
        for n in 0..LEN {
            assert!(Model::new_checked(&good[..n]).is_err(), "prefix {n}");
        }
        let mut b = good;
        b[3] = b'1';
        expect(&b, ErrorKind::BadMagic, 0);
        let mut b = good;
        put(&mut b, 64 + 10 + 8, 3);
        expect(&b, ErrorKind::OutOfRange, 64 + 18);
        let mut b = good;
        b[64] = 0;
        expect(&b, ErrorKind::Invalid("face without vertices"), 64);
        let mut b = good;
        b[64] = 255;
        expect(&b, ErrorKind::Truncated, 64);
        let mut b = good;
        put(&mut b, field::VERTEX_COUNT, u32::MAX);
        expect(&b, ErrorKind::TooMany, field::VERTEX_COUNT);
        let mut b = good;
        put(&mut b, field::FACE_COUNT, 0x4000_0000);
        expect(&b, ErrorKind::TooMany, field::FACE_COUNT);
        let mut b = good;
        put(&mut b, field::TOTAL_FACE_VERTICES, 5);
        expect(&b, ErrorKind::BadSize, field::TOTAL_FACE_VERTICES);
        let mut b = good;
        put(&mut b, field::SECTION4_COUNT, u32::MAX);
        expect(&b, ErrorKind::TooMany, field::SECTION4_COUNT);
        let mut b = good;
        put16(&mut b, 248, 2); // index not a multiple of 4
        expect(&b, ErrorKind::OutOfRange, 244 + field::REF_FACE_INDEX);
        let mut b = good;
        put16(&mut b, 248, 8); // face 2 of 2
        expect(&b, ErrorKind::OutOfRange, 244 + field::REF_FACE_INDEX);
        let mut b = good;
        put(&mut b, 244, 98); // offset of face 1, index of face 0
        expect(&b, ErrorKind::Invalid("face reference offset disagrees with its index"), 244);
        let mut b = good;
        put16(&mut b, 224, 0xFFFF);
        expect(&b, ErrorKind::Truncated, 238);
        let mut b = good;
        put(&mut b, 286, 311);
        expect(&b, ErrorKind::Invalid("normal index not on a record boundary"), 286);
        let mut b = good;
        put(&mut b, 286, 12);
        expect(&b, ErrorKind::OutOfRange, 286);
        let mut b = good;
        put(&mut b, 286, 310 + 36);
        expect(&b, ErrorKind::OutOfRange, 286);
        let mut b = good;
        put(&mut b, field::FACE_NORMAL_OFFSET, u32::MAX);
        expect(&b, ErrorKind::OutOfRange, field::FACE_NORMAL_OFFSET);
        let mut b = good;
        put(&mut b, field::FRAME_COUNT, u32::MAX);
        expect(&b, ErrorKind::TooMany, field::FRAME_COUNT);
        let mut b = good;
        put(&mut b, field::FRAME_COUNT, 2); // the second record is Section4 bytes, type 0
        expect(&b, ErrorKind::Invalid("later frames with a frame type that has no encoding"), 192 + 12);
        // Unchecked views of garbage never panic.
        let junk = [0xFFu8; 80];
        let m = Model::new_unchecked(&junk);
        assert!(m.faces().next().is_none() && m.subobjects().next().is_none() && m.vertex(0).is_none());
        let mut b = good;
        b[64] = 200;
        let m = Model::new_unchecked(&b);
        assert_eq!(m.faces().count(), 0);
        assert_eq!(m.frame_vertex(5, 0), None);
    }

    #[test]
    fn v4_section4_is_not_kept_at_run_time() {
        // v4.0: 1 vertex, 1 one-corner face, an 18-byte node referencing it.
        let mut b = [0u8; 64 + 18 + 12 + 12 + 18 + 6];
        b[0..4].copy_from_slice(b"v4.0");
        put(&mut b, field::VERTEX_COUNT, 1);
        put(&mut b, field::FACE_COUNT, 1);
        put(&mut b, field::TOTAL_FACE_VERTICES, 1);
        put(&mut b, field::FACE_DATA_OFFSET, 64);
        put(&mut b, field::VERTEX_OFFSET, 82);
        put(&mut b, field::FACE_NORMAL_OFFSET, 94);
        put(&mut b, field::SECTION4_OFFSET, 106);
        put(&mut b, field::SECTION4_COUNT, 1);
        b[64] = 1;
        put(&mut b, 106 + 12, 99);
        put16(&mut b, 106 + 16, 1);
        put(&mut b, 124, 64);
        let m = Model::new_checked(&b).unwrap();
        let s = m.subobjects().next().unwrap();
        assert_eq!((s.radius(), s.extents(), s.face_indices().next()), (99, None, Some(0)));
        assert!(m.runtime_subobjects().next().is_none());
    }

    #[test]
    fn frames_decode_by_type() {
        // v4.0 3DC: 1 vertex, 1 face, 4 frames; frame 0 type given per case.
        // header 64, face 64..82, vertex 82..94, normal 94..106, frames 106..170, data 170..
        let mut b = [0u8; 170 + 12 + 4 + 12 + 4 + 12 + 4];
        b[0..4].copy_from_slice(b"v4.0");
        put(&mut b, field::VERTEX_COUNT, 1);
        put(&mut b, field::FACE_COUNT, 1);
        put(&mut b, field::TOTAL_FACE_VERTICES, 1);
        put(&mut b, field::FACE_DATA_OFFSET, 64);
        put(&mut b, field::VERTEX_OFFSET, 82);
        put(&mut b, field::FACE_NORMAL_OFFSET, 94);
        put(&mut b, field::FRAME_COUNT, 4);
        put(&mut b, field::FRAME_DATA_OFFSET, 106);
        b[64] = 1;
        put(&mut b, 82, 1000);
        put(&mut b, 86, (-1000i32) as u32);
        put(&mut b, 90, 0);
        for f in 1..4usize {
            put(&mut b, 106 + 16 * f, 170 + 16 * (f as u32 - 1));
            put(&mut b, 106 + 16 * f + 4, 170 + 16 * (f as u32 - 1) + 12);
        }
        // Frame 1 data as i32 / i16 / i8 depending on the type.
        put(&mut b, 170, 0x0000_0102); // i16: 258, 0 ; i8: 2, 1, 0 ; i32: 258
        put(&mut b, 174, 0xFFFF_FFFF);
        put(&mut b, 178, 7);
        put(&mut b, 182, 0x3FF | (5 << 10) | (0x200 << 20) | (3 << 30));
        let mut case = |t: u32, want: Option<[i32; 3]>| {
            put(&mut b, 106 + 12, t);
            let m = Model::new_checked(&b).unwrap();
            assert_eq!(m.frame_vertex(1, 0), want, "type {t}");
            assert_eq!(m.frame_vertex(0, 0), Some([1000, -1000, 0]));
            if want.is_some() {
                assert_eq!(m.frame_face_normal(1, 0), Some([-1, 5, -512]));
            }
        };
        case(4, Some([258, -1, 7]));
        case(2, Some([1000 - 258, -1000, 1]));
        case(0x12, Some([1000 - 258 * 256, -1000, 256]));
        case(1, Some([1000 - 512, -1000 - 256, 0]));
        put(&mut b, 106 + 12, 2);
        let m = Model::new_checked(&b).unwrap();
        assert_eq!(m.frame_vertex_map(1, 0), Some([(1000.0 - 258.0) / 256.0, -1000.0 / 256.0, 1.0 / 256.0]));
        assert_eq!(m.frame_vertex(4, 0), None);
        put(&mut b, 106 + 12, 8);
        expect(&b, ErrorKind::Invalid("later frames with a frame type that has no encoding"), 106 + 12);
        put(&mut b, field::FRAME_COUNT, 1);
        let m = Model::new_checked(&b).unwrap();
        assert_eq!(m.frame_encoding(), FrameEncoding::SingleStatic);
        put(&mut b, field::FRAME_COUNT, 4);
        put(&mut b, 106 + 12, 4);
        put(&mut b, 106 + 48, 210); // frame 3 vertices past the end
        expect(&b, ErrorKind::OutOfRange, 106 + 48);
    }

    #[test]
    fn v2_faces_use_byte_offsets() {
        // v2.7: 2 vertices at 112, faces at 64 (one 2-corner face, 24 bytes), 24 bytes of vertices.
        let mut b = [0u8; 136];
        b[0..4].copy_from_slice(b"v2.7");
        put(&mut b, field::VERTEX_COUNT, 2);
        put(&mut b, field::FACE_COUNT, 1);
        put(&mut b, field::FACE_DATA_OFFSET, 64);
        put(&mut b, field::VERTEX_OFFSET, 112);
        put(&mut b, field::TOTAL_FACE_VERTICES, 0xDEAD); // a normal offset in v2: ignored
        b[64] = 2;
        put16(&mut b, 66, (5 << 7) | 9);
        put(&mut b, 72 + 8, 12);
        put(&mut b, 124, 77);
        let m = Model::new_checked(&b).unwrap();
        assert_eq!(m.version(), Some(Version::V2_7));
        let f = m.face(0).unwrap();
        assert_eq!(f.record_len(), 24);
        assert_eq!(f.texture(), Texture::Image { bank: 5, image: 9 });
        assert_eq!(f.vertices().map(|v| v.index).nth(1), Some(1));
        assert_eq!(m.vertex(1), Some([77, 0, 0]));
        assert_eq!(m.face_normal(0), None);
        assert!(m.subobjects().next().is_none());
        put(&mut b, 72 + 8, 13);
        expect(&b, ErrorKind::Invalid("vertex offset not a multiple of 12"), 80);
        put(&mut b, 72 + 8, 24);
        expect(&b, ErrorKind::OutOfRange, 80);
        assert_eq!(Texture::from_v2(0x00C3), Texture::Solid { colour: 0xC3 });
    }

    #[test]
    fn texture_words() {
        assert_eq!(Texture::from_v4(0xFFF0_1234), Texture::Solid { colour: 0x12 });
        // a = 3, b = 20, c = 100: bank 123.
        let t = 250 * 3 + 1000 * 20 + 4000 * 100;
        assert_eq!(
            Texture::from_v4(((4_000_000 + t) << 8) | 47),
            Texture::Image { bank: 3 + 20 + 100, image: 7 + 10 }
        );
        assert_eq!(unpack_normal(0xC000_0000), [0, 0, 0]);
        assert_eq!(unpack_normal(0x1FF), [511, 0, 0]);
    }
}
