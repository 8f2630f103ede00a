//! The Section4 collision subobjects and their face references.

use super::*;
use crate::formats::bytes::{slice, u16_le, u32_le};

/// One Section4 node.
#[derive(Clone, Copy, Debug)]
pub struct Subobject<'a> {
    pub(super) node: &'a [u8],
    pub(super) refs: &'a [u8],
    pub(super) offset: usize,
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
    pub(super) refs: &'a [u8],
    pub(super) off: usize,
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
    pub(super) data: &'a [u8],
    pub(super) off: usize,
    pub(super) remaining: u32,
    pub(super) node_len: usize,
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
