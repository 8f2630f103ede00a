//! Walk-node maps at run time ({D:engine/SOUP.md} "Navigation map validation", "Nearest
//! free walk node", "Nearest node within one walk map", "Walk-route search and next-hop
//! selection"; {D:formats/RGM.md} "Runtime node selection"): the loaded maps' nodes with
//! their reservation bytes, an actor's held nodes, and the route search.

/// A node at run time: its packed position (map units: unsigned X/Z, signed Y), the
/// reservation byte (0 free, else the owner's identifier byte) and its raw routes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Node<'a> {
    /// X, Y, Z in map units.
    pub position: [i32; 3],
    /// The reservation byte.
    pub owner: u8,
    /// `(target, cost)` routes, four bytes each, as the file holds them.
    pub routes: &'a [u8],
}

/// A loaded map: where its nodes start in the node table, how many, and the runtime
/// disabled byte (cleared by loading).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Map {
    /// Index of its first node in the node table.
    pub first: u32,
    /// Its node count.
    pub count: u32,
    /// The runtime disabled byte.
    pub disabled: bool,
}

/// An actor's navigation state ({D:engine/SOUP.md} "Navigation map validation",
/// "Point-navigation command state").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Nav {
    /// The current walk map (load-order index).
    pub map: Option<u8>,
    /// Held current node (−1 unset).
    pub current: i16,
    /// Held next node (−1 unset).
    pub next: i16,
    /// Final destination node (−1 unset).
    pub destination: i16,
    /// The previous-next record.
    pub previous_next: i16,
    /// The point command's 32-bit value.
    pub command: i32,
    /// The point command word.
    pub word: u16,
    /// The point command phase.
    pub phase: u8,
    /// The blocked-route counter.
    pub counter: u8,
}

impl Default for Nav {
    /// "Common actor initialization": no map, the three indices −1, the command word
    /// 0xFFFF, the rest as allocation left it (zero).
    fn default() -> Self {
        Nav {
            map: None,
            current: -1,
            next: -1,
            destination: -1,
            previous_next: 0,
            command: 0,
            word: 0xffff,
            phase: 0,
            counter: 0,
        }
    }
}

/// The reservation byte of actor `id`: its identifier's low byte. Stros numbers actors from
/// zero and zero means free, so the identifier is the index plus one.
pub fn owner_byte(id: u16) -> u8 {
    (id as u8).wrapping_add(1)
}

/// Manhattan-nearest bound: only distances strictly below it qualify.
pub const NEAREST_BOUND: i32 = 4096;
/// An improving distance strictly below this returns at once.
pub const NEAREST_EARLY: i32 = 12;
/// The largest route cost the forward search follows.
pub const MAX_LINK_COST: u16 = 2048;

/// The loaded maps over their node table.
#[derive(Debug)]
pub struct WalkMaps<'m, 'a> {
    /// Every map's nodes, maps in load order.
    pub nodes: &'m mut [Node<'a>],
    /// The maps in load order (the runtime list visits them in reverse).
    pub maps: &'m mut [Map],
    /// The route search's queue: the original sizes it to the largest map's node count
    /// plus eight.
    pub queue: &'m mut [(i16, u16)],
}

/// Releasing an actor's held walk nodes: what the natives outside the navigation host reach
/// of the walk maps (`SetAttribute` on a dead actor's 44).
pub trait Release: core::fmt::Debug {
    /// [`WalkMaps::release`].
    fn release(&mut self, nav: &mut Nav, owner: u8);
}

impl Release for WalkMaps<'_, '_> {
    fn release(&mut self, nav: &mut Nav, owner: u8) {
        WalkMaps::release(self, nav, owner);
    }
}

impl<'a> WalkMaps<'_, 'a> {
    /// Node `index` of `map`.
    pub fn node(&self, map: u8, index: i16) -> Option<&Node<'a>> {
        let m = self.maps.get(map as usize)?;
        let i = u32::try_from(index).ok().filter(|&i| i < m.count)?;
        self.nodes.get((m.first + i) as usize)
    }

    fn node_mut(&mut self, map: u8, index: i16) -> Option<&mut Node<'a>> {
        let m = *self.maps.get(map as usize)?;
        let i = u32::try_from(index).ok().filter(|&i| i < m.count)?;
        self.nodes.get_mut((m.first + i) as usize)
    }

    fn manhattan(n: &Node<'_>, p: [i32; 3]) -> i32 {
        (0..3).map(|k| (n.position[k] - p[k]).abs()).sum()
    }

    /// The nearest-node scan over `maps` (in the order given): the smallest Manhattan
    /// distance strictly below 4,096, the first of equals, an improvement below 12 at once.
    fn nearest_in(&self, maps: impl Iterator<Item = u8>, p: [i32; 3], free: bool) -> Option<(u8, i16)> {
        let mut best: Option<(u8, i16)> = None;
        let mut bound = NEAREST_BOUND;
        for map in maps {
            let m = self.maps[map as usize];
            for i in 0..m.count {
                let Some(n) = self.nodes.get((m.first + i) as usize) else { break };
                if free && n.owner != 0 {
                    continue;
                }
                let d = Self::manhattan(n, p);
                if d < bound {
                    (bound, best) = (d, Some((map, i as i16)));
                    if d < NEAREST_EARLY {
                        return best;
                    }
                }
            }
        }
        best
    }

    fn runtime_order(&self) -> impl Iterator<Item = u8> + use<> {
        (0..self.maps.len() as u8).rev()
    }

    /// The general nearest-node query ({D:formats/RGM.md} "Runtime node selection"), map
    /// coordinates; reservations do not filter it.
    pub fn nearest(&self, p: [i32; 3]) -> Option<(u8, i16)> {
        self.nearest_in(self.runtime_order(), p, false)
    }

    /// "Nearest free walk node": only unreserved nodes.
    pub fn nearest_free(&self, p: [i32; 3]) -> Option<(u8, i16)> {
        self.nearest_in(self.runtime_order(), p, true)
    }

    /// "Nearest node within one walk map": `None` for an absent or disabled map.
    pub fn nearest_in_map(&self, map: Option<u8>, p: [i32; 3]) -> Option<i16> {
        let map = map.filter(|&m| self.maps.get(m as usize).is_some_and(|m| !m.disabled))?;
        self.nearest_in(core::iter::once(map), p, false).map(|(_, n)| n)
    }

    /// Reservation release of `index` by `owner`: the byte clears only when it matches.
    fn release_node(&mut self, map: Option<u8>, index: i16, owner: u8) {
        if let Some(n) = map.and_then(|m| self.node_mut(m, index))
            && n.owner == owner
        {
            n.owner = 0;
        }
    }

    /// Releases the held next node, then the current one (both indices cleared whoever
    /// owns them).
    pub fn release(&mut self, nav: &mut Nav, owner: u8) {
        self.release_node(nav.map, nav.next, owner);
        self.release_node(nav.map, nav.current, owner);
        (nav.next, nav.current) = (-1, -1);
    }

    fn claim(&mut self, map: Option<u8>, index: i16, owner: u8) -> bool {
        match map.and_then(|m| self.node_mut(m, index)) {
            Some(n) if n.owner == 0 || n.owner == owner => {
                n.owner = owner;
                true
            }
            _ => false,
        }
    }

    /// Current-node assignment: the held next node (recorded as previous-next) then the
    /// current one released, then `index` claimed as current. 1 on a claim.
    pub fn assign_current(&mut self, nav: &mut Nav, index: i16, owner: u8) -> bool {
        if nav.map.is_none() {
            (nav.current, nav.next) = (-1, -1);
            return false;
        }
        if nav.next != -1 {
            nav.previous_next = nav.next;
        }
        self.release_node(nav.map, nav.next, owner);
        self.release_node(nav.map, nav.current, owner);
        (nav.next, nav.current) = (-1, -1);
        let ok = self.claim(nav.map, index, owner);
        if ok {
            nav.current = index;
        }
        ok
    }

    /// Next-node assignment: current then next released (previous-next untouched), then
    /// `index` claimed as next.
    pub fn assign_next(&mut self, nav: &mut Nav, index: i16, owner: u8) -> bool {
        if nav.map.is_none() {
            (nav.current, nav.next) = (-1, -1);
            return false;
        }
        self.release_node(nav.map, nav.current, owner);
        self.release_node(nav.map, nav.next, owner);
        (nav.next, nav.current) = (-1, -1);
        let ok = self.claim(nav.map, index, owner);
        if ok {
            nav.next = index;
        }
        ok
    }

    /// "Navigation map validation": without a map the indices are unset; an index at or
    /// past the node count (or a disabled map) releases the held nodes and removes the map.
    pub fn validate(&mut self, nav: &mut Nav, owner: u8) {
        let Some(m) = nav.map.and_then(|m| self.maps.get(m as usize).copied()) else {
            nav.map = None;
            (nav.current, nav.next, nav.destination) = (-1, -1, -1);
            return;
        };
        let fits = |i: i16| i < 0 || (i as u32) < m.count;
        if m.disabled {
            self.release(nav, owner);
            nav.map = None;
        } else if !(fits(nav.current) && fits(nav.next) && fits(nav.destination)) {
            self.release(nav, owner);
            nav.destination = -1;
            nav.map = None;
        }
    }

    /// "Walk-route search and next-hop selection": the next node after `current` on a route
    /// to `destination` in `map`, with the final predecessor scan's link flags (bits 14
    /// and 15 of the improving costs); `None` for no route (or when the queue is full).
    pub fn next_hop(
        &mut self,
        map: Option<u8>,
        current: i16,
        destination: i16,
        owner: u8,
    ) -> Option<(i16, [bool; 2])> {
        let queue = core::mem::take(&mut self.queue);
        let r = self.search(map, current, destination, owner, queue);
        self.queue = queue;
        r
    }

    fn search(
        &self,
        map: Option<u8>,
        current: i16,
        destination: i16,
        owner: u8,
        queue: &mut [(i16, u16)],
    ) -> Option<(i16, [bool; 2])> {
        if current < 0 {
            return None;
        }
        if current == destination {
            return Some((current, [false; 2]));
        }
        let m = map.and_then(|m| self.maps.get(m as usize).copied()).filter(|m| !m.disabled)?;
        let map = map?;
        let count = m.count as usize;
        let mut len = 0usize;
        let push = |queue: &mut [(i16, u16)], len: &mut usize, e: (i16, u16)| -> bool {
            match queue.get_mut(*len) {
                Some(slot) => {
                    *slot = e;
                    *len += 1;
                    true
                }
                None => false,
            }
        };
        if !push(queue, &mut len, (current, 1)) {
            return None;
        }
        // Visited marks live in the queue itself: a node is visited when queued.
        let visited = |queue: &[(i16, u16)], len: usize, n: i16| queue[..len].iter().any(|e| e.0 == n);
        let mut head = 0usize;
        let mut found = None;
        'search: while head < len {
            let (node, depth) = queue[head];
            head += 1;
            let Some(n) = self.node(map, node) else { continue };
            if n.owner != 0 && n.owner != owner {
                continue;
            }
            for (target, cost) in crate::formats::rgm::walk::routes(n.routes) {
                let target = target as i16;
                if cost > MAX_LINK_COST || (target as usize) >= count || visited(queue, len, target) {
                    continue;
                }
                if !push(queue, &mut len, (target, depth + 1)) {
                    return None;
                }
                if target == destination {
                    found = Some(len - 1);
                    break 'search;
                }
            }
        }
        let mut at = found?;
        while at > 0 {
            let (node, depth) = queue[at];
            let mut flags = [false; 2];
            let mut best: Option<(usize, u16)> = None;
            for k in (0..at).rev() {
                let (cand, d) = queue[k];
                if d + 1 != depth {
                    continue;
                }
                let Some(c) = self.node(map, cand) else { continue };
                let Some((_, cost)) =
                    crate::formats::rgm::walk::routes(c.routes).find(|r| r.0 as i16 == node)
                else {
                    continue;
                };
                if cost == 0 {
                    continue;
                }
                if best.is_none_or(|(_, b)| cost & 0x3fff < b) {
                    best = Some((k, cost & 0x3fff));
                    flags[0] |= cost & 0x4000 != 0;
                    flags[1] |= cost & 0x8000 != 0;
                }
            }
            let (k, _) = best?;
            if k == 0 {
                return Some((node, flags));
            }
            at = k;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(x: i32, z: i32, routes: &'static [u8]) -> Node<'static> {
        Node { position: [x, 0, z], owner: 0, routes }
    }

    /// A line 0 — 1 — 2 — 3 with a shortcut 0 → 2 whose cost is over 2048 (not followed),
    /// and a second map holding one node near the origin.
    fn line() -> ([Node<'static>; 5], [Map; 2]) {
        (
            [
                node(0, 0, &[1, 0, 0, 2, 2, 0, 1, 9]),
                node(100, 0, &[0, 0, 0, 2, 2, 0, 0, 2]),
                node(200, 0, &[1, 0, 0, 2, 3, 0, 0, 0x41, 3, 0, 0, 1]),
                node(300, 0, &[2, 0, 0, 2]),
                node(5, 5, &[]),
            ],
            [Map { first: 0, count: 4, disabled: false }, Map { first: 4, count: 1, disabled: false }],
        )
    }

    #[test]
    fn nearest_visits_maps_in_reverse_load_order() {
        let (mut nodes, mut maps) = line();
        let mut q = [(0i16, 0u16); 16];
        let w = WalkMaps { nodes: &mut nodes, maps: &mut maps, queue: &mut q };
        // Map 1 (loaded last, visited first) holds a node 10 away: below 12, it wins at once.
        assert_eq!(w.nearest([0, 0, 0]), Some((1, 0)));
        assert_eq!(w.nearest([190, 0, 0]), Some((0, 2)));
        assert_eq!(w.nearest([9000, 0, 0]), None, "4096 or more does not qualify");
        assert_eq!(w.nearest_in_map(Some(0), [0, 0, 0]), Some(0));
    }

    #[test]
    fn routes_follow_links_and_backtrack() {
        let (mut nodes, mut maps) = line();
        let mut q = [(0i16, 0u16); 16];
        let mut w = WalkMaps { nodes: &mut nodes, maps: &mut maps, queue: &mut q };
        // 0 → 3: the 0 → 2 shortcut costs 0x0901 > 2048, so the route is 0-1-2-3, next 1.
        assert_eq!(w.next_hop(Some(0), 0, 3, 1), Some((1, [false, false])));
        // 2 → 3: the first authored link (0x4100) is over 2048, its duplicate (0x0100)
        // admits 3; backtracking reads the first one, whose bit 14 is the leap flag.
        assert_eq!(w.next_hop(Some(0), 2, 3, 1), Some((3, [true, false])));
        assert_eq!(w.next_hop(Some(0), 1, 1, 1), Some((1, [false, false])));
        assert_eq!(w.next_hop(Some(0), -1, 1, 1), None);
        let mut short = [(0i16, 0u16); 2];
        w.queue = &mut short;
        assert_eq!(w.next_hop(Some(0), 0, 3, 1), None, "the queue's room runs out");
    }

    #[test]
    fn reservations_claim_and_release_in_order() {
        let (mut nodes, mut maps) = line();
        let mut q = [(0i16, 0u16); 16];
        let mut w = WalkMaps { nodes: &mut nodes, maps: &mut maps, queue: &mut q };
        let mut nav = Nav { map: Some(0), ..Nav::default() };
        assert!(w.assign_next(&mut nav, 1, 7));
        assert_eq!((nav.next, w.nodes[1].owner), (1, 7));
        assert!(w.assign_current(&mut nav, 1, 7));
        assert_eq!((nav.current, nav.next, nav.previous_next), (1, -1, 1));
        let mut other = Nav { map: Some(0), ..Nav::default() };
        assert!(!w.assign_next(&mut other, 1, 9), "another actor's node");
        w.release(&mut nav, 7);
        assert_eq!((nav.current, w.nodes[1].owner), (-1, 0));
        nav.destination = 9;
        w.validate(&mut nav, 7);
        assert_eq!((nav.map, nav.destination), (None, -1), "an index past the count removes the map");
    }
}
