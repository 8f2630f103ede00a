//! Face records: a face's vertices, its texture and its normal.

use super::*;
use crate::formats::bytes::{slice, u8_at, u16_le, u32_le};

/// One face record.
#[derive(Clone, Copy, Debug)]
pub struct Face<'a> {
    pub(super) rec: &'a [u8],
    pub(super) offset: usize,
    pub(super) index: u32,
    pub(super) v2: bool,
}

impl<'a> Face<'a> {
    pub(super) fn parse(data: &'a [u8], off: usize, index: u32, v2: bool) -> Option<Face<'a>> {
        let n = u8_at(data, off)? as usize;
        let head = if v2 { field::V2_FACE_HEADER_LEN } else { field::FACE_HEADER_LEN };
        let rec = slice(data, off, head + n * field::FACE_VERTEX_LEN)?;
        Some(Face { rec, offset: off, index, v2 })
    }

    pub(super) fn header_len(&self) -> usize {
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
    pub(super) rec: &'a [u8],
    pub(super) off: usize,
    pub(super) v2: bool,
    pub(super) u: i32,
    pub(super) v: i32,
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
    pub(super) data: &'a [u8],
    pub(super) off: usize,
    pub(super) index: u32,
    pub(super) count: u32,
    pub(super) v2: bool,
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
