//! PVO visibility octrees ({D:formats/pvo/format.md}): an `OCTH` header, the `OCTR` node
//! records, the `PLST` leaf records, the `MLST` object-id table and an `END ` tag, each
//! framed by a tag and a big-endian payload length. The engine looks the camera up in the
//! octree and gets a list of placed-object ids ([`Pvo::select`]): MPSO record indices, and
//! past the MPSO count indices into the map's secondary (non-moving actor) table.
//!
//! [`Pvo::new_checked`] checks the framing, the MLST count against its section, that the
//! node and leaf records, read in order, each lie inside their section with every entry's
//! run inside MLST, and that every leaf and child reference has room for a record where it
//! points. References are byte offsets, so one can still land inside a record: a lookup
//! reads every field bounds-checked and an entry whose run leaves MLST gives no ids, so
//! nothing reads out of bounds; a walk stops after [`MAX_DEPTH`] descents (shared child
//! records could loop). An optional `PTCH` section (absent from shipped files; 6-byte
//! records) before `END ` is skipped; bytes after `END ` are ignored.

use super::{ErrorKind, Format, FormatError, bytes};

internal! {
    /// Byte offsets and sizes of the PVO layout, shared with the writer in `stros-tools`.
    mod field {
        /// Section framing: tag, then BE `u32` payload length.
        pub const SECTION_HEADER_LEN: usize = 8;
        /// The OCTH payload length.
        pub const OCTH_LEN: usize = 52;
        /// OCTH payload: LE `u32` depth (10 in shipped files).
        pub const DEPTH: usize = 0;
        /// LE `u32` total node count.
        pub const TOTAL_NODES: usize = 4;
        /// LE `u32` count of nodes with a leaf.
        pub const LEAF_NODES: usize = 8;
        /// LE `u32` MLST entry count.
        pub const MLST_COUNT: usize = 12;
        /// LE `u32`, zero.
        pub const RESERVED: usize = 16;
        /// LE `u32` root half-extent (map units).
        pub const CELL_SIZE: usize = 20;
        /// LE `i32` × 3 root centre.
        pub const CENTER: usize = 24;
        /// Node record: `u8` child mask, LE `u32` leaf reference, then one LE `u32` child
        /// reference per set mask bit, low bit first.
        pub const NODE_HEADER_LEN: usize = 5;
        /// Leaf record: `u8` entry count, then 6-byte entries (LE `u16` count, LE `u32` start).
        pub const LEAF_ENTRY_LEN: usize = 6;
    }
}

/// The OCTH tag.
pub const TAG_OCTH: [u8; 4] = *b"OCTH";
/// The OCTR tag.
pub const TAG_OCTR: [u8; 4] = *b"OCTR";
/// The PLST tag.
pub const TAG_PLST: [u8; 4] = *b"PLST";
/// The MLST tag.
pub const TAG_MLST: [u8; 4] = *b"MLST";
/// The optional PTCH tag.
pub const TAG_PTCH: [u8; 4] = *b"PTCH";
/// The END tag.
pub const TAG_END: [u8; 4] = *b"END ";
/// No leaf (an interior node), and the end of a walk.
pub const NO_LEAF: u32 = 0xFFFF_FFFF;
/// An uninitialized child slot: treated as absent.
pub const NO_CHILD: u32 = 0xFFFF_FFFE;
/// Most descents a lookup makes (the shipped depth is 10; halving a 32-bit extent ends
/// well before this).
pub const MAX_DEPTH: usize = 32;

fn err(kind: ErrorKind, offset: usize) -> FormatError {
    FormatError::new(Format::Pvo, kind, offset)
}

/// A checked PVO file.
#[derive(Clone, Copy, Debug)]
pub struct Pvo<'a> {
    octr: &'a [u8],
    plst: &'a [u8],
    mlst: &'a [u8],
    cell_size: u32,
    center: [i32; 3],
}

/// The placed-object ids a lookup selected: the leaf's entries in reverse, each entry's
/// MLST run in order (duplicates kept). Empty without a leaf.
#[derive(Clone, Copy, Debug, Default)]
pub struct Selected<'a> {
    entries: &'a [u8],
    mlst: &'a [u8],
}

impl<'a> Selected<'a> {
    /// Whether no id is selected.
    pub fn is_empty(&self) -> bool {
        self.ids().next().is_none()
    }

    /// The ids, in the engine's order. An entry whose run does not lie inside MLST (a
    /// reference into the middle of a record can land on one) gives nothing.
    pub fn ids(&self) -> impl Iterator<Item = u16> + 'a {
        let mlst = self.mlst;
        self.entries.rchunks_exact(field::LEAF_ENTRY_LEN).flat_map(move |e| {
            let count = bytes::u16_le(e, 0).unwrap_or(0) as usize;
            let start = bytes::u32_le(e, 2).unwrap_or(0) as usize;
            let run = start
                .checked_mul(2)
                .and_then(|from| bytes::slice(mlst, from, count.checked_mul(2)?))
                .unwrap_or(&[]);
            run.chunks_exact(2).map(|c| u16::from_le_bytes([c[0], c[1]]))
        })
    }

    /// Whether `id` is selected.
    pub fn contains(&self, id: u16) -> bool {
        self.ids().any(|i| i == id)
    }
}

/// One node record at `offset` of OCTR: its mask, leaf reference and child references.
fn node(octr: &[u8], offset: usize) -> Option<(u8, u32, &[u8])> {
    let mask = bytes::u8_at(octr, offset)?;
    let leaf = bytes::u32_le(octr, offset.checked_add(1)?)?;
    let children = bytes::slice(octr, offset + field::NODE_HEADER_LEN, 4 * mask.count_ones() as usize)?;
    Some((mask, leaf, children))
}

/// The entry bytes of the leaf record at `offset` of PLST.
fn leaf(plst: &[u8], offset: usize) -> Option<&[u8]> {
    let n = bytes::u8_at(plst, offset)? as usize;
    bytes::slice(plst, offset.checked_add(1)?, n * field::LEAF_ENTRY_LEN)
}

impl<'a> Pvo<'a> {
    /// Checks and wraps `data`.
    pub fn new_checked(data: &'a [u8]) -> Result<Pvo<'a>, FormatError> {
        let mut at = 0usize;
        let mut section = |tag: [u8; 4]| -> Result<(&'a [u8], usize), FormatError> {
            let found: [u8; 4] = bytes::array(data, at).ok_or(err(ErrorKind::Truncated, at))?;
            if found != tag {
                return Err(err(ErrorKind::BadMagic, at));
            }
            let len = bytes::u32_be(data, at + 4).ok_or(err(ErrorKind::Truncated, at + 4))? as usize;
            let start = at + field::SECTION_HEADER_LEN;
            let payload = bytes::slice(data, start, len).ok_or(err(ErrorKind::Truncated, start))?;
            at = start + len;
            Ok((payload, start))
        };
        let (octh, octh_at) = section(TAG_OCTH)?;
        if octh.len() != field::OCTH_LEN {
            return Err(err(ErrorKind::BadSize, octh_at - 4));
        }
        let (octr, octr_at) = section(TAG_OCTR)?;
        let (plst, plst_at) = section(TAG_PLST)?;
        let (mlst, mlst_at) = section(TAG_MLST)?;
        let u32_at = |k: usize| bytes::u32_le(octh, k).unwrap_or(0);
        if (u32_at(field::MLST_COUNT) as usize).checked_mul(2) != Some(mlst.len()) {
            return Err(err(ErrorKind::BadSize, mlst_at - 4));
        }
        let center = [0, 1, 2].map(|k| bytes::i32_le(octh, field::CENTER + 4 * k).unwrap_or(0));
        let pvo = Pvo { octr, plst, mlst, cell_size: u32_at(field::CELL_SIZE), center };
        pvo.check_nodes(octr_at)?;
        pvo.check_leaves(plst_at)?;
        // An optional PTCH (6-byte records), then END with a zero length.
        let mut tail = at;
        if bytes::array::<4>(data, tail) == Some(TAG_PTCH) {
            let len = bytes::u32_be(data, tail + 4).ok_or(err(ErrorKind::Truncated, tail + 4))? as usize;
            let start = tail + field::SECTION_HEADER_LEN;
            bytes::slice(data, start, len).ok_or(err(ErrorKind::Truncated, start))?;
            if !len.is_multiple_of(6) {
                return Err(err(ErrorKind::BadSize, tail + 4));
            }
            tail = start + len;
        }
        match (bytes::array::<4>(data, tail), bytes::u32_be(data, tail + 4)) {
            (Some(TAG_END), Some(0)) => Ok(pvo),
            (Some(TAG_END), Some(_)) => Err(err(ErrorKind::BadSize, tail + 4)),
            (Some(TAG_END), None) | (None, _) => Err(err(ErrorKind::Truncated, tail)),
            (Some(_), _) => Err(err(ErrorKind::BadMagic, tail)),
        }
    }

    /// Walks the node records in order: each whole inside OCTR, its leaf reference
    /// [`NO_LEAF`] or a whole leaf record's start inside PLST (checked by [`Self::check_leaves`]
    /// through [`leaf`]), each child reference [`NO_CHILD`] or a whole node record inside
    /// OCTR. (The header's node and leaf counts are not checked: the engine walks
    /// references, not counts, and shipped files agree with them anyway.)
    fn check_nodes(&self, octr_at: usize) -> Result<(), FormatError> {
        let mut offset = 0usize;
        while offset < self.octr.len() {
            let (_, leaf_ref, children) =
                node(self.octr, offset).ok_or(err(ErrorKind::Truncated, octr_at + offset))?;
            if leaf_ref != NO_LEAF && leaf(self.plst, leaf_ref as usize).is_none() {
                return Err(err(ErrorKind::OutOfRange, octr_at + offset + 1));
            }
            for (k, c) in children.chunks_exact(4).enumerate() {
                let child = u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
                if child != NO_CHILD && node(self.octr, child as usize).is_none() {
                    return Err(err(
                        ErrorKind::OutOfRange,
                        octr_at + offset + field::NODE_HEADER_LEN + 4 * k,
                    ));
                }
            }
            offset += field::NODE_HEADER_LEN + children.len();
        }
        Ok(())
    }

    /// Walks the leaf records in order: each whole inside PLST and every entry's run inside
    /// MLST.
    fn check_leaves(&self, plst_at: usize) -> Result<(), FormatError> {
        let count = self.mlst.len() / 2;
        let mut offset = 0usize;
        while offset < self.plst.len() {
            let entries = leaf(self.plst, offset).ok_or(err(ErrorKind::Truncated, plst_at + offset))?;
            for (k, e) in entries.chunks_exact(field::LEAF_ENTRY_LEN).enumerate() {
                let n = u16::from_le_bytes([e[0], e[1]]) as usize;
                let start = u32::from_le_bytes([e[2], e[3], e[4], e[5]]) as usize;
                if start.checked_add(n).is_none_or(|end| end > count) {
                    return Err(err(ErrorKind::OutOfRange, plst_at + offset + 1 + field::LEAF_ENTRY_LEN * k));
                }
            }
            offset += 1 + entries.len();
        }
        Ok(())
    }

    /// The root half-extent (map units).
    pub fn cell_size(&self) -> u32 {
        self.cell_size
    }

    /// The root centre (map units).
    pub fn center(&self) -> [i32; 3] {
        self.center
    }

    /// MLST entries.
    pub fn id_count(&self) -> usize {
        self.mlst.len() / 2
    }

    /// The lookup of map point `p` ("Purpose": the camera's coordinates truncated toward
    /// zero by the caller): `p` less the root centre; beyond the root half-extent on an
    /// axis, nothing. Otherwise from the root (the first record) each step picks the octant
    /// by strictly positive coordinates (bit 0 Z, bit 1 Y, bit 2 X); a missing child ends the
    /// walk at the current node, otherwise the extent halves and the child centre's
    /// displacement (± the new extent per axis) is subtracted. The selected node's leaf
    /// gives the ids; no leaf, none.
    pub fn select(&self, p: [i32; 3]) -> Selected<'a> {
        let mut rel = [0, 1, 2].map(|k| p[k] as i64 - self.center[k] as i64);
        let mut half = self.cell_size as i64;
        if rel.iter().any(|&r| r.abs() > half) {
            return Selected::default();
        }
        let mut at = 0usize;
        for _ in 0..MAX_DEPTH {
            let Some((mask, _, children)) = node(self.octr, at) else { break };
            let octant = (rel[2] > 0) as u8 | ((rel[1] > 0) as u8) << 1 | ((rel[0] > 0) as u8) << 2;
            if mask & (1 << octant) == 0 {
                break;
            }
            let slot = (mask & ((1u8 << octant) - 1)).count_ones() as usize;
            let child = bytes::u32_le(children, 4 * slot).unwrap_or(NO_CHILD);
            if child == NO_CHILD || child == NO_LEAF {
                break;
            }
            half /= 2;
            for (k, bit) in [(0, 4u8), (1, 2), (2, 1)] {
                rel[k] -= if octant & bit != 0 { half } else { -half };
            }
            at = child as usize;
        }
        match node(self.octr, at).map(|(_, l, _)| l) {
            Some(l) if l != NO_LEAF => {
                Selected { entries: leaf(self.plst, l as usize).unwrap_or(&[]), mlst: self.mlst }
            }
            _ => Selected::default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type Buf = heapless::Vec<u8, 256>;

    fn put(out: &mut Buf, bytes: &[u8]) {
        out.extend_from_slice(bytes).unwrap();
    }

    fn section(out: &mut Buf, tag: &[u8; 4], payload: &[u8]) {
        put(out, tag);
        put(out, &(payload.len() as u32).to_be_bytes());
        put(out, payload);
    }

    /// A root (half-extent 1024 at the origin) with a leaf of its own (ids 9) and one child
    /// in octant 5 (x+, z+) whose leaf has two entries: ids [1, 2] and [3].
    fn sample() -> Buf {
        let mut octh = [0u8; 52];
        octh[0..4].copy_from_slice(&10u32.to_le_bytes());
        octh[4..8].copy_from_slice(&2u32.to_le_bytes());
        octh[8..12].copy_from_slice(&2u32.to_le_bytes());
        octh[12..16].copy_from_slice(&4u32.to_le_bytes());
        octh[20..24].copy_from_slice(&1024u32.to_le_bytes());
        let mut octr = Buf::new();
        put(&mut octr, &[1 << 5]);
        put(&mut octr, &0u32.to_le_bytes());
        put(&mut octr, &9u32.to_le_bytes());
        put(&mut octr, &[0]);
        put(&mut octr, &7u32.to_le_bytes());
        let mut plst = Buf::new();
        put(&mut plst, &[1]);
        put(&mut plst, &1u16.to_le_bytes());
        put(&mut plst, &3u32.to_le_bytes());
        put(&mut plst, &[2]);
        for (n, s) in [(2u16, 0u32), (1, 2)] {
            put(&mut plst, &n.to_le_bytes());
            put(&mut plst, &s.to_le_bytes());
        }
        let mut mlst = Buf::new();
        for v in [1u16, 2, 3, 9] {
            put(&mut mlst, &v.to_le_bytes());
        }
        let mut out = Buf::new();
        section(&mut out, &TAG_OCTH, &octh);
        section(&mut out, &TAG_OCTR, &octr);
        section(&mut out, &TAG_PLST, &plst);
        section(&mut out, &TAG_MLST, &mlst);
        section(&mut out, &TAG_END, &[]);
        out
    }

    /// The child leaf's entries come back in reverse, each run forward: [3, 1, 2]. A point
    /// in another octant stops at the root (its own leaf, [9]); a point beyond the root
    /// extent selects nothing; zero is not positive (octant 0).
    #[test]
    fn select_walks_octants() {
        let data = sample();
        let pvo = Pvo::new_checked(&data).unwrap();
        let ids = |p| pvo.select(p).ids().collect::<heapless::Vec<u16, 8>>();
        assert_eq!(ids([10, -5, 10]), [3, 1, 2]);
        assert!(pvo.select([10, -5, 10]).contains(2));
        assert_eq!(ids([-10, 0, 10]), [9]);
        assert_eq!(ids([0, 0, 0]), [9]);
        assert!(pvo.select([1025, 0, 0]).is_empty());
        assert_eq!(ids([1024, -1024, 1024]), [3, 1, 2], "the extent itself is inside");
    }

    /// Every truncation and several lies are typed errors.
    #[test]
    fn bad_files_are_errors() {
        let data = sample();
        for n in 0..data.len() {
            assert!(Pvo::new_checked(&data[..n]).is_err(), "truncated at {n}");
        }
        let mut lying = data.clone();
        lying[8 + 12] = 5; // MLST count 5 for 4 entries
        assert_eq!(Pvo::new_checked(&lying).unwrap_err().kind, ErrorKind::BadSize);
        let mut bad_child = data.clone();
        bad_child[8 + 52 + 8 + 5] = 200; // the root's child reference past OCTR
        assert_eq!(Pvo::new_checked(&bad_child).unwrap_err().kind, ErrorKind::OutOfRange);
    }
}
