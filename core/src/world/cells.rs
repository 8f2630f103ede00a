//! Where actors live between updates ({A}, "Placed actor initialization and
//! eligibility"): ordinary placed actors in 512-unit map cells, the persistent list, the
//! regional update list built from the view window, and the deferred relocation list.
//!
//! Every list is an index list over the world's actor table, so nothing allocates: each
//! cell and the persistent list are singly linked through [`Links::next`].

use crate::collision::candidates::{PLACEMENT_CELL, is_window_border, window_cells, window_start_cell};

/// Cells per map side.
pub const CELLS: usize = 128;
/// End of a linked list.
pub const NONE: u16 = u16::MAX;
/// Horizontal camera distance (map units) beyond which a relocated actor invalidates the
/// cached regional list.
pub const RELOCATION_REBUILD_DISTANCE: i32 = 3584;

/// Where one actor is linked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Home {
    /// Not linked anywhere (the unlisted member of a role pair, say).
    Nowhere,
    /// In a map cell's list.
    Cell(u16),
    /// In the persistent list.
    Persistent,
}

/// One actor's links.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Links {
    /// Its list.
    pub home: Home,
    /// The next actor of that list.
    pub next: u16,
    /// Queued for relocation.
    pub deferred: bool,
}

impl Default for Links {
    fn default() -> Self {
        Links { home: Home::Nowhere, next: NONE, deferred: false }
    }
}

/// The cell of integer map X/Z: each coordinate masked to 16 bits, divided by 512.
pub fn cell_of(map_x: i32, map_z: i32) -> u16 {
    let cx = (map_x & 0xFFFF) / PLACEMENT_CELL;
    let cz = (map_z & 0xFFFF) / PLACEMENT_CELL;
    (cz as usize * CELLS + cx as usize) as u16
}

/// The actor lists of a world with room for `N` actors.
#[derive(Clone, Debug)]
pub struct Cells<const N: usize> {
    heads: [u16; CELLS * CELLS],
    persistent: u16,
    links: [Links; N],
    /// The regional update list of the latest selection, in update order.
    active: heapless::Vec<u16, N>,
    /// The window start cells the active list was built for (`None`: rebuild).
    cached: Option<(i32, i32)>,
    /// The deferred relocation list, in first-registration order.
    deferred: heapless::Vec<u16, N>,
}

impl<const N: usize> Default for Cells<N> {
    fn default() -> Self {
        Cells {
            heads: [NONE; CELLS * CELLS],
            persistent: NONE,
            links: [Links::default(); N],
            active: heapless::Vec::new(),
            cached: None,
            deferred: heapless::Vec::new(),
        }
    }
}

impl<const N: usize> Cells<N> {
    /// Actor `id`'s links.
    pub fn links(&self, id: u16) -> Links {
        self.links.get(id as usize).copied().unwrap_or_default()
    }

    /// Inserts actor `id` at the front of the cell of its decoded map X/Z.
    pub fn insert_cell(&mut self, id: u16, map_x: i32, map_z: i32) {
        let cell = cell_of(map_x, map_z);
        let Some(l) = self.links.get_mut(id as usize) else { return };
        *l = Links { home: Home::Cell(cell), next: self.heads[cell as usize], deferred: false };
        self.heads[cell as usize] = id;
        self.cached = None;
    }

    /// Inserts actor `id` at the front of the persistent list.
    pub fn insert_persistent(&mut self, id: u16) {
        let Some(l) = self.links.get_mut(id as usize) else { return };
        *l = Links { home: Home::Persistent, next: self.persistent, deferred: false };
        self.persistent = id;
        self.cached = None;
    }

    fn unlink(&mut self, id: u16) {
        let Home::Cell(cell) = self.links(id).home else { return };
        let next = self.links(id).next;
        let head = &mut self.heads[cell as usize];
        if *head == id {
            *head = next;
            return;
        }
        let mut at = *head;
        // Bounded by the table size even if a list were ever corrupted.
        for _ in 0..N {
            if at == NONE {
                return;
            }
            let n = self.links(at).next;
            if n == id {
                self.links[at as usize].next = next;
                return;
            }
            at = n;
        }
    }

    /// The actors of one cell in list order.
    pub fn cell_actors(&self, cell: u16) -> impl Iterator<Item = u16> + '_ {
        let head = self.heads.get(cell as usize).copied().unwrap_or(NONE);
        self.chain(head)
    }

    /// The persistent list in order.
    pub fn persistent_actors(&self) -> impl Iterator<Item = u16> + '_ {
        self.chain(self.persistent)
    }

    fn chain(&self, head: u16) -> impl Iterator<Item = u16> + '_ {
        core::iter::successors((head != NONE).then_some(head), move |&i| {
            let n = self.links(i).next;
            (n != NONE).then_some(n)
        })
        .take(N)
    }

    /// Registers actor `id` as moved: appended once, in first-registration order. Persistent
    /// actors keep their membership and are not queued. (The seed's other exception,
    /// map-excluded script context — the shell records, which run as actors without a map
    /// object — has no counterpart: Stros runs no shell scripts, and every registration
    /// comes from an ordinary actor update.)
    pub fn register_moved(&mut self, id: u16) {
        let Some(l) = self.links.get_mut(id as usize) else { return };
        if l.deferred || !matches!(l.home, Home::Cell(_)) {
            return;
        }
        if self.deferred.push(id).is_ok() {
            l.deferred = true;
        }
    }

    /// Removes actor `id` from its list ("Removing a queued actor clears its pending
    /// entry"): unlinked from its cell or the persistent list, and its deferred entry, if
    /// queued, taken out with the order of the others kept. Nothing in the core removes an
    /// actor yet — the original frees killed objects created after load, and Stros creates
    /// none — so this is the list side of that removal, ready for it.
    pub fn remove(&mut self, id: u16) {
        let Some(l) = self.links.get(id as usize).copied() else { return };
        match l.home {
            Home::Cell(_) => self.unlink(id),
            Home::Persistent => self.unlink_persistent(id),
            Home::Nowhere => {}
        }
        if l.deferred
            && let Some(k) = self.deferred.iter().position(|&d| d == id)
        {
            self.deferred.remove(k);
        }
        self.links[id as usize] = Links::default();
        self.cached = None;
    }

    fn unlink_persistent(&mut self, id: u16) {
        let next = self.links(id).next;
        if self.persistent == id {
            self.persistent = next;
            return;
        }
        let mut at = self.persistent;
        for _ in 0..N {
            if at == NONE {
                return;
            }
            let n = self.links(at).next;
            if n == id {
                self.links[at as usize].next = next;
                return;
            }
            at = n;
        }
    }

    /// The deferred list as registered.
    pub fn deferred(&self) -> &[u16] {
        &self.deferred
    }

    /// Consumes the deferred list: each actor whose cell changed (`map_position` gives its
    /// integer map X/Z) is unlinked and prepended to its new cell; a changed cell farther
    /// than 3584 map units from the camera (`distance`, the rounded horizontal distance)
    /// invalidates the cached regional list. The list and its marks clear afterwards.
    pub fn relocate(&mut self, mut map_position: impl FnMut(u16) -> ([i32; 2], i32)) {
        let queued = core::mem::take(&mut self.deferred);
        for &id in &queued {
            let Some(l) = self.links.get_mut(id as usize) else { continue };
            l.deferred = false;
            let Home::Cell(old) = l.home else { continue };
            let ([x, z], distance) = map_position(id);
            let cell = cell_of(x, z);
            if cell == old {
                continue;
            }
            self.unlink(id);
            let head = &mut self.heads[cell as usize];
            self.links[id as usize] = Links { home: Home::Cell(cell), next: *head, deferred: false };
            *head = id;
            if distance > RELOCATION_REBUILD_DISTANCE {
                self.cached = None;
            }
        }
    }

    /// Forgets the cached regional list so the next selection rebuilds it.
    pub fn invalidate(&mut self) {
        self.cached = None;
    }

    /// The regional update list for view coordinates `(view_x, view_z)`: rebuilt when the
    /// window's start cell differs from the cached one. Cells by X within Z rows, 18 × 18
    /// without corners; each cell's actors in list order, except that actors whose
    /// `short_mapping(id)` (attribute 113) is nonzero are left out on the outer border; the
    /// persistent list is appended.
    pub fn select(&mut self, view_x: i32, view_z: i32, short_mapping: impl Fn(u16) -> bool) -> &[u16] {
        let start = (window_start_cell(view_x), window_start_cell(view_z));
        if self.cached != Some(start) {
            let mut active = heapless::Vec::new();
            for (cx, cz) in window_cells(view_x, view_z) {
                if !(0..CELLS as i32).contains(&cx) || !(0..CELLS as i32).contains(&cz) {
                    continue;
                }
                let border = is_window_border(view_x, view_z, (cx, cz));
                let cell = (cz as usize * CELLS + cx as usize) as u16;
                for id in self.cell_actors(cell) {
                    if !(border && short_mapping(id)) {
                        let _ = active.push(id);
                    }
                }
            }
            for id in self.persistent_actors() {
                let _ = active.push(id);
            }
            self.active = active;
            self.cached = Some(start);
        }
        &self.active
    }

    /// The latest regional list.
    pub fn active(&self) -> &[u16] {
        &self.active
    }
}
