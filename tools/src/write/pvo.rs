//! PVO visibility octree writer: `OCTH`, `OCTR`, `PLST`, `MLST`, an optional `PTCH` and
//! `END ` in the layout of `stros_core::formats::pvo`. Nodes and leaves are described by
//! index; the writer lays the records out in order and turns the indices into the byte
//! offsets the file holds.

use stros_core::formats::pvo::{
    NO_CHILD, NO_LEAF, TAG_END, TAG_MLST, TAG_OCTH, TAG_OCTR, TAG_PLST, TAG_PTCH, field,
};

/// The header's depth word (10 in every shipped file; the reader does not use it).
pub const DEPTH: u32 = 10;

/// One octree node to write.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NodeDesc {
    /// The child node of each octant (bit 0 Z, bit 1 Y, bit 2 X set for the positive
    /// side), as an index into [`PvoDesc::nodes`]; several links may name the same node.
    pub children: [Option<usize>; 8],
    /// Octants present in the child mask with the [`NO_CHILD`] placeholder reference
    /// instead of a node (the reader ends a walk there, as at a missing octant).
    pub placeholders: u8,
    /// The node's leaf, as an index into [`PvoDesc::leaves`]; `None` writes [`NO_LEAF`]
    /// (an interior node).
    pub leaf: Option<usize>,
}

/// A visibility octree to write.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PvoDesc {
    /// The root half-extent (map units; 16384 or 8192 in the shipped files).
    pub cell_size: u32,
    /// The root centre (map units).
    pub center: [i32; 3],
    /// The nodes in record order; node 0 is the root. The header's node and leaf-node
    /// counts are written from them.
    pub nodes: Vec<NodeDesc>,
    /// The leaf records in order: each a list of (id count, first MLST index) entries, at
    /// most 255.
    pub leaves: Vec<Vec<(u16, u32)>>,
    /// The MLST object ids; the header's count is written from their number.
    pub mlst: Vec<u16>,
    /// `PTCH` records (OCTR node index, object id), written before `END ` when there are
    /// any (shipped files have none; the reader skips the section).
    pub patches: Vec<(u32, u16)>,
}

/// The PVO file for `desc`.
///
/// # Panics
/// If a node names a child or leaf index that does not exist, an octant is both a child
/// and a placeholder, a leaf has more than 255 entries, or a section does not fit the
/// 32-bit length words. Entries whose runs leave the MLST table are written as given (the
/// reader rejects them).
pub fn to_bytes(desc: &PvoDesc) -> Vec<u8> {
    let node_offsets =
        offsets(desc.nodes.iter().map(|n| field::NODE_HEADER_LEN + 4 * mask(n).count_ones() as usize));
    let leaf_offsets = offsets(desc.leaves.iter().map(|l| 1 + field::LEAF_ENTRY_LEN * l.len()));
    let reference = |offsets: &[u32], k: usize, what: &str| {
        *offsets.get(k).unwrap_or_else(|| panic!("{what} index {k} out of range ({} records)", offsets.len()))
    };

    let mut octr = Vec::new();
    for n in &desc.nodes {
        octr.push(mask(n));
        let leaf = n.leaf.map_or(NO_LEAF, |k| reference(&leaf_offsets, k, "leaf"));
        octr.extend_from_slice(&leaf.to_le_bytes());
        for (octant, child) in n.children.iter().enumerate() {
            let placeholder = n.placeholders & (1 << octant) != 0;
            let offset = match child {
                Some(k) => {
                    assert!(!placeholder, "octant {octant} is both a child and a placeholder");
                    reference(&node_offsets, *k, "child node")
                }
                None if placeholder => NO_CHILD,
                None => continue,
            };
            octr.extend_from_slice(&offset.to_le_bytes());
        }
    }
    let mut plst = Vec::new();
    for l in &desc.leaves {
        plst.push(u8::try_from(l.len()).expect("a leaf holds at most 255 entries"));
        for &(count, start) in l {
            plst.extend_from_slice(&count.to_le_bytes());
            plst.extend_from_slice(&start.to_le_bytes());
        }
    }
    let mlst: Vec<u8> = desc.mlst.iter().flat_map(|id| id.to_le_bytes()).collect();

    let mut octh = [0u8; field::OCTH_LEN];
    let leaf_nodes = desc.nodes.iter().filter(|n| n.leaf.is_some()).count();
    put(&mut octh, field::DEPTH, &DEPTH.to_le_bytes());
    put(&mut octh, field::TOTAL_NODES, &count(desc.nodes.len()).to_le_bytes());
    put(&mut octh, field::LEAF_NODES, &count(leaf_nodes).to_le_bytes());
    put(&mut octh, field::MLST_COUNT, &count(desc.mlst.len()).to_le_bytes());
    put(&mut octh, field::RESERVED, &0u32.to_le_bytes());
    put(&mut octh, field::CELL_SIZE, &desc.cell_size.to_le_bytes());
    for (k, c) in desc.center.iter().enumerate() {
        put(&mut octh, field::CENTER + 4 * k, &c.to_le_bytes());
    }

    let mut out = Vec::new();
    section(&mut out, TAG_OCTH, &octh);
    section(&mut out, TAG_OCTR, &octr);
    section(&mut out, TAG_PLST, &plst);
    section(&mut out, TAG_MLST, &mlst);
    if !desc.patches.is_empty() {
        let ptch: Vec<u8> = desc
            .patches
            .iter()
            .flat_map(|&(node, id)| [node.to_le_bytes().as_slice(), &id.to_le_bytes()].concat())
            .collect();
        section(&mut out, TAG_PTCH, &ptch);
    }
    section(&mut out, TAG_END, &[]);
    out
}

/// A small octree with every record shape the reader walks: a root with a leaf of its own,
/// a leaf child, an interior child whose two links lead to a leaf grandchild and back to the
/// first child (a shared record), a placeholder octant, an empty leaf entry, duplicate ids
/// and one patch. Centre (1000, -200, 3000), half-extent 2048. The tests, the mutation test
/// and the `pvo` fuzz seeds (prefixes of its bytes) use it.
///
/// What [`stros_core::formats::pvo::Pvo::select`] gives, by the point less the centre:
/// (0, 0, 0) octant 0, node 1: [4, 4, 5, 1, 4]; (1000, 1000, 1500) octant 7, then 1,
/// node 3: [4, 2, 0, 2, 0]; (1500, 1500, 1000) octant 7, then 6, node 1 again; (100, 100,
/// 100) octant 7, then 0 (missing), node 2 (no leaf): nothing; (-10, 10, 10) octant 3 (the
/// placeholder) and (10, -10, 10) octant 5 (missing), the root: [3]; beyond 2048 on an
/// axis: nothing.
pub fn sample() -> PvoDesc {
    let mut root = NodeDesc { leaf: Some(0), placeholders: 1 << 3, ..NodeDesc::default() };
    root.children[0] = Some(1);
    root.children[7] = Some(2);
    let mut interior = NodeDesc::default();
    interior.children[1] = Some(3);
    interior.children[6] = Some(1);
    PvoDesc {
        cell_size: 2048,
        center: [1000, -200, 3000],
        nodes: vec![
            root,
            NodeDesc { leaf: Some(1), ..NodeDesc::default() },
            interior,
            NodeDesc { leaf: Some(2), ..NodeDesc::default() },
        ],
        leaves: vec![vec![(1, 6)], vec![(3, 0), (2, 2)], vec![(2, 4), (0, 0), (3, 3)]],
        mlst: vec![5, 1, 4, 4, 2, 0, 3],
        patches: vec![(1, 6)],
    }
}

/// A node's child mask: its children and placeholders.
fn mask(n: &NodeDesc) -> u8 {
    n.children.iter().enumerate().filter(|(_, c)| c.is_some()).fold(n.placeholders, |m, (k, _)| m | 1 << k)
}

/// The byte offset of each record of the given sizes, laid out in order.
fn offsets(sizes: impl Iterator<Item = usize>) -> Vec<u32> {
    let mut at = 0usize;
    sizes
        .map(|size| {
            let offset = count(at);
            assert!(offset < NO_CHILD, "section larger than its references can name");
            at += size;
            offset
        })
        .collect()
}

/// A count or offset as the file's 32-bit word.
fn count(n: usize) -> u32 {
    u32::try_from(n).expect("PVO section larger than 4 GiB")
}

/// A section: its tag, big-endian payload length and payload.
fn section(out: &mut Vec<u8>, tag: [u8; 4], payload: &[u8]) {
    out.extend_from_slice(&tag);
    out.extend_from_slice(&count(payload.len()).to_be_bytes());
    out.extend_from_slice(payload);
}

fn put(out: &mut [u8], off: usize, bytes: &[u8]) {
    out[off..off + bytes.len()].copy_from_slice(bytes);
}

#[cfg(test)]
mod tests {
    use super::*;
    use stros_core::formats::pvo::Pvo;

    fn ids(pvo: &Pvo<'_>, p: [i32; 3]) -> Vec<u16> {
        pvo.select(p).ids().collect()
    }

    /// A root at (100, 0, -100), half-extent 512, with a leaf (ids [7]) and two children:
    /// octant 2 (y+) an interior node, octant 5 (x+, z+) a leaf with two entries.
    #[test]
    fn three_nodes_round_trip() {
        let mut root = NodeDesc { leaf: Some(0), ..NodeDesc::default() };
        root.children[2] = Some(1);
        root.children[5] = Some(2);
        let desc = PvoDesc {
            cell_size: 512,
            center: [100, 0, -100],
            nodes: vec![root, NodeDesc::default(), NodeDesc { leaf: Some(1), ..NodeDesc::default() }],
            leaves: vec![vec![(1, 3)], vec![(2, 0), (1, 2)]],
            mlst: vec![10, 11, 12, 7],
            patches: vec![],
        };
        let bytes = to_bytes(&desc);
        let pvo = Pvo::new_checked(&bytes).unwrap();
        assert_eq!(pvo.cell_size(), 512);
        assert_eq!(pvo.center(), [100, 0, -100]);
        assert_eq!(pvo.id_count(), 4);
        // The child leaf's entries in reverse, each run forward.
        assert_eq!(ids(&pvo, [101, -5, -99]), [12, 10, 11]);
        assert!(pvo.select([101, -5, -99]).contains(11));
        assert_eq!(ids(&pvo, [612, -512, 412]), [12, 10, 11], "the extent itself is inside");
        // Octant 2: the interior child, no leaf; octant 0 (the centre): missing, the root.
        assert!(pvo.select([50, 5, -150]).is_empty());
        assert_eq!(ids(&pvo, [100, 0, -100]), [7]);
        assert!(pvo.select([613, 0, -100]).is_empty(), "beyond the extent");

        // The header through the reader's offsets, and the framing.
        let header = |k: usize| {
            let at = field::SECTION_HEADER_LEN + k;
            u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap())
        };
        assert_eq!(&bytes[..4], b"OCTH");
        assert_eq!(bytes[4..8], (field::OCTH_LEN as u32).to_be_bytes());
        assert_eq!(
            [field::DEPTH, field::TOTAL_NODES, field::LEAF_NODES, field::MLST_COUNT].map(header),
            [10, 3, 2, 4]
        );
        assert_eq!(bytes[bytes.len() - 8..], *b"END \0\0\0\0");
        assert_eq!(to_bytes(&desc), bytes);
    }

    /// The sample selects what its documentation says, and its patch is skipped.
    #[test]
    fn sample_round_trips() {
        let desc = sample();
        let bytes = to_bytes(&desc);
        let pvo = Pvo::new_checked(&bytes).unwrap();
        let c = desc.center;
        let at = |d: [i32; 3]| ids(&pvo, [c[0] + d[0], c[1] + d[1], c[2] + d[2]]);
        assert_eq!(at([0, 0, 0]), [4, 4, 5, 1, 4]);
        assert_eq!(at([1000, 1000, 1500]), [4, 2, 0, 2, 0]);
        assert_eq!(at([1500, 1500, 1000]), [4, 4, 5, 1, 4], "the shared record");
        assert_eq!(at([100, 100, 100]), [] as [u16; 0]);
        assert_eq!(at([-10, 10, 10]), [3], "the placeholder ends the walk at the root");
        assert_eq!(at([10, -10, 10]), [3]);
        assert_eq!(at([-2048, -2048, -2048]), [4, 4, 5, 1, 4], "the extent itself is inside");
        assert_eq!(at([0, 2049, 0]), [] as [u16; 0]);
        assert!(bytes.windows(4).any(|w| w == TAG_PTCH));
        // Every truncation is an error.
        for n in 0..bytes.len() {
            assert!(Pvo::new_checked(&bytes[..n]).is_err(), "truncated at {n}");
        }
    }

    #[test]
    fn empty_tree_round_trips() {
        let bytes = to_bytes(&PvoDesc::default());
        let pvo = Pvo::new_checked(&bytes).unwrap();
        assert_eq!(pvo.id_count(), 0);
        assert!(pvo.select([0, 0, 0]).is_empty());
        assert_eq!(bytes.len(), 5 * field::SECTION_HEADER_LEN + field::OCTH_LEN);
    }

    #[test]
    #[should_panic(expected = "child node index 5 out of range")]
    fn a_missing_child_panics() {
        let mut root = NodeDesc::default();
        root.children[0] = Some(5);
        to_bytes(&PvoDesc { nodes: vec![root], ..PvoDesc::default() });
    }
}
