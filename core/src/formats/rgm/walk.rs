//! WDNM walk-node maps, decoded ({D:formats/RGM.md} "WDNM (Walk Node Map)"): each map a
//! 24-byte header and `node_count` length-prefixed nodes, each node its packed position, a
//! discarded reservation byte and `route_count` four-byte routes (target node, cost).

use super::err;
use crate::formats::{ErrorKind, FormatError, bytes};

/// Bytes of a map's header after its length word.
pub const MAP_HEADER: usize = 24;
/// Bytes of a node's fixed part after its length word.
pub const NODE_FIXED: usize = 8;

/// One walk map (its payload after the length word), every node checked to fit.
#[derive(Clone, Copy, Debug)]
pub struct WalkMap<'a> {
    data: &'a [u8],
    nodes: u32,
}

impl<'a> WalkMap<'a> {
    /// Checks the header and that `node_count` nodes, each with its routes, fit (at file
    /// offset `base`). Bytes after the last node are ignored.
    pub fn new_checked(map: &'a [u8], base: usize) -> Result<WalkMap<'a>, FormatError> {
        let nodes = bytes::u32_le(map, 0).ok_or(err(ErrorKind::Truncated, base))?;
        if map.len() < MAP_HEADER || nodes as usize > (map.len() - MAP_HEADER) / (4 + NODE_FIXED) {
            return Err(err(
                if map.len() < MAP_HEADER { ErrorKind::Truncated } else { ErrorKind::TooMany },
                base,
            ));
        }
        let mut pos = MAP_HEADER;
        for _ in 0..nodes {
            let len = bytes::u32_le(map, pos).ok_or(err(ErrorKind::Truncated, base + pos))? as usize;
            let node = bytes::slice(map, pos + 4, len).ok_or(err(ErrorKind::Truncated, base + pos))?;
            let routes = *node.get(7).ok_or(err(ErrorKind::Truncated, base + pos))? as usize;
            if NODE_FIXED + 4 * routes > node.len() {
                return Err(err(ErrorKind::BadSize, base + pos));
            }
            pos += 4 + len;
        }
        Ok(WalkMap { data: map, nodes })
    }

    /// Number of nodes.
    pub fn node_count(&self) -> u32 {
        self.nodes
    }

    /// The map position (s24 each).
    pub fn position(&self) -> [i32; 3] {
        [8, 12, 16].map(|o| bytes::i24_le(self.data, o).unwrap_or(0))
    }

    /// The map's bounding radius.
    pub fn radius(&self) -> u32 {
        bytes::u32_le(self.data, 20).unwrap_or(0)
    }

    /// The nodes in file order, each with its byte offset in the map payload.
    pub fn nodes(&self) -> impl Iterator<Item = WalkNode<'a>> + 'a {
        let data = self.data;
        let mut pos = MAP_HEADER;
        (0..self.nodes).map_while(move |_| {
            let len = bytes::u32_le(data, pos)? as usize;
            let node = bytes::slice(data, pos + 4, len)?;
            pos += 4 + len;
            Some(WalkNode { data: node })
        })
    }
}

/// One node: position (unsigned X/Z, signed Y, map units) and routes.
#[derive(Clone, Copy, Debug)]
pub struct WalkNode<'a> {
    data: &'a [u8],
}

impl<'a> WalkNode<'a> {
    /// X, map units (unsigned).
    pub fn x(&self) -> u16 {
        bytes::u16_le(self.data, 0).unwrap_or(0)
    }
    /// Y, map units (signed).
    pub fn y(&self) -> i16 {
        bytes::i16_le(self.data, 2).unwrap_or(0)
    }
    /// Z, map units (unsigned).
    pub fn z(&self) -> u16 {
        bytes::u16_le(self.data, 4).unwrap_or(0)
    }
    /// The routes' raw bytes (`route_count × 4`).
    pub fn route_bytes(&self) -> &'a [u8] {
        let n = self.data.get(7).copied().unwrap_or(0) as usize;
        self.data.get(NODE_FIXED..NODE_FIXED + 4 * n).unwrap_or(&[])
    }
    /// The routes in authored order: `(target node, cost)`.
    pub fn routes(&self) -> impl Iterator<Item = (u16, u16)> + 'a {
        routes(self.route_bytes())
    }
}

/// Routes from their raw bytes: `(target node, cost)` pairs.
pub fn routes(raw: &[u8]) -> impl Iterator<Item = (u16, u16)> + '_ {
    raw.chunks_exact(4).map(|r| (u16::from_le_bytes([r[0], r[1]]), u16::from_le_bytes([r[2], r[3]])))
}

#[cfg(test)]
mod tests {
    use super::*;

    type Bytes = heapless::Vec<u8, 256>;

    type Spec<'s> = ([u16; 3], &'s [(u16, u16)]);

    fn map(nodes: &[Spec<'_>]) -> Bytes {
        let mut m = Bytes::new();
        m.resize(MAP_HEADER, 0).unwrap();
        m[0..4].copy_from_slice(&(nodes.len() as u32).to_le_bytes());
        m[4..8].copy_from_slice(&(nodes.len() as u32).to_le_bytes());
        m[8..11].copy_from_slice(&[0x10, 0x20, 0xff]);
        for (p, routes) in nodes {
            m.extend_from_slice(&((NODE_FIXED + 4 * routes.len()) as u32).to_le_bytes()).unwrap();
            for c in p {
                m.extend_from_slice(&c.to_le_bytes()).unwrap();
            }
            m.extend_from_slice(&[0xaa, routes.len() as u8]).unwrap();
            for (t, c) in *routes {
                m.extend_from_slice(&t.to_le_bytes()).unwrap();
                m.extend_from_slice(&c.to_le_bytes()).unwrap();
            }
        }
        m
    }

    #[test]
    fn nodes_and_routes_read_in_order() {
        let bytes = map(&[([100, 0xfff6, 300], &[(1, 512)]), ([400, 5, 600], &[(0, 512), (0, 0x4001)])]);
        let m = WalkMap::new_checked(&bytes, 0).unwrap();
        assert_eq!((m.node_count(), m.position()[0]), (2, -57_328));
        let n: heapless::Vec<_, 4> = m.nodes().collect();
        assert_eq!((n[0].x(), n[0].y(), n[0].z()), (100, -10, 300));
        assert!(n[1].routes().eq([(0, 512), (0, 0x4001)]));
    }

    #[test]
    fn short_or_lying_maps_are_errors() {
        let bytes = map(&[([1, 2, 3], &[(1, 2)])]);
        for cut in 0..bytes.len() {
            assert!(WalkMap::new_checked(&bytes[..cut], 0).is_err(), "cut {cut}");
        }
        let mut lying = bytes.clone();
        lying[MAP_HEADER + 4 + 7] = 9; // nine routes in an eight-byte-and-one-route node
        assert_eq!(WalkMap::new_checked(&lying, 0).unwrap_err().kind, ErrorKind::BadSize);
        let mut many = bytes.clone();
        many[0] = 200;
        assert_eq!(WalkMap::new_checked(&many, 0).unwrap_err().kind, ErrorKind::TooMany);
    }
}
