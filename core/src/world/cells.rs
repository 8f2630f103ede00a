//! Where actors live between updates ({A}, "Placed actor initialization and
//! eligibility"): ordinary placed actors in 512-unit map cells, the persistent list, the
//! regional update list built from the view window, and the deferred relocation list.
//!
//! Every list is an index list over the world's actor table, so nothing allocates: each
//! cell and the persistent list are singly linked through [`Links::next`].

use crate::capacity::{Capacity, Desktop, Table};
use crate::collision::candidates::{
    CellHeads, MAP_CELLS, NO_HEAD, PLACEMENT_CELL, is_window_border, window_start_cell,
};

/// End of a linked list.
pub const NONE: u16 = NO_HEAD;
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
    (cz as usize * MAP_CELLS + cx as usize) as u16
}

/// The actor lists of a world with room for the build's actors. The cells' heads are kept
/// for occupied cells only (`CellHeads`): there are never more than there are actors.
#[derive(Clone, Debug)]
pub struct Cells<C: Capacity = Desktop> {
    heads: CellHeads<C::Actors<(u16, u16)>>,
    persistent: u16,
    /// By actor id; ids past the end have the default (unlinked) links.
    links: C::Actors<Links>,
    /// The regional update list of the latest selection, in update order.
    active: C::Actors<u16>,
    /// The window start cells the active list was built for (`None`: rebuild).
    cached: Option<(i32, i32)>,
    /// The deferred relocation list, in first-registration order.
    deferred: C::Actors<u16>,
}

impl<C: Capacity> Default for Cells<C> {
    fn default() -> Self {
        Cells {
            heads: CellHeads::default(),
            persistent: NONE,
            links: Default::default(),
            active: Default::default(),
            cached: None,
            deferred: Default::default(),
        }
    }
}

/// The actors of the list starting at `head`, following `links` (at most one pass over
/// the table, so a damaged chain cannot loop).
fn chain(links: &[Links], head: u16) -> impl Iterator<Item = u16> + '_ {
    core::iter::successors((head != NONE).then_some(head), move |&i| {
        let n = links.get(i as usize).copied().unwrap_or_default().next;
        (n != NONE).then_some(n)
    })
    .take(links.len())
}

impl<C: Capacity> Cells<C> {
    /// No actors, the tables emptied where they are.
    pub fn clear(&mut self) {
        self.heads.clear();
        self.persistent = NONE;
        self.links.clear();
        self.active.clear();
        self.cached = None;
        self.deferred.clear();
    }

    /// Actor `id`'s links.
    pub fn links(&self, id: u16) -> Links {
        self.links.get(id as usize).copied().unwrap_or_default()
    }

    /// Actor `id`'s links, mutable: the table grows to `id` with unlinked entries; `None`
    /// past the build's actor capacity.
    fn links_mut(&mut self, id: u16) -> Option<&mut Links> {
        while self.links.len() <= id as usize {
            self.links.push(Links::default()).ok()?;
        }
        self.links.get_mut(id as usize)
    }

    /// Makes `id` the head of `cell`. Every occupied cell holds a linked actor, so the
    /// heads never outnumber the actor table and the insertion cannot fail.
    fn set_head(&mut self, cell: u16, id: u16) {
        self.heads.set(cell, id);
    }

    /// Inserts actor `id` at the front of the cell of its decoded map X/Z.
    pub fn insert_cell(&mut self, id: u16, map_x: i32, map_z: i32) {
        let cell = cell_of(map_x, map_z);
        let next = self.heads.get(cell);
        let Some(l) = self.links_mut(id) else { return };
        *l = Links { home: Home::Cell(cell), next, deferred: false };
        self.set_head(cell, id);
        self.cached = None;
    }

    /// Inserts actor `id` at the front of the persistent list.
    pub fn insert_persistent(&mut self, id: u16) {
        let next = self.persistent;
        let Some(l) = self.links_mut(id) else { return };
        *l = Links { home: Home::Persistent, next, deferred: false };
        self.persistent = id;
        self.cached = None;
    }

    fn unlink(&mut self, id: u16) {
        let Home::Cell(cell) = self.links(id).home else { return };
        let next = self.links(id).next;
        let head = self.heads.get(cell);
        if head == id {
            self.set_head(cell, next);
            return;
        }
        let mut at = head;
        // Bounded by the table size even if a list were ever corrupted.
        for _ in 0..self.links.len() {
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
        self.chain(self.heads.get(cell))
    }

    /// The persistent list in order.
    pub fn persistent_actors(&self) -> impl Iterator<Item = u16> + '_ {
        self.chain(self.persistent)
    }

    fn chain(&self, head: u16) -> impl Iterator<Item = u16> + '_ {
        chain(&self.links, head)
    }

    /// The family-initialization traversal ({D:engine/SOUP.md} "Actor families and
    /// attached transforms") into `out`: the occupied cells in the order they were allocated
    /// — a cell is allocated by its first actor, and loading prepends, so that is the order
    /// of each list's last (earliest) actor — each in list order, then the persistent list.
    pub fn registry_order(&self, out: &mut C::Work<u16>) {
        let mut cells = C::Work::<(u16, u16)>::default();
        for &(_, head) in self.heads.iter() {
            if let Some(first) = self.chain(head).last() {
                let _ = cells.push((first, head));
            }
        }
        cells.sort_unstable();
        out.clear();
        for id in cells.iter().flat_map(|&(_, head)| self.chain(head)).chain(self.persistent_actors()) {
            let _ = out.push(id);
        }
    }

    /// Every listed actor in cell-coordinate order — cells by increasing Z, then X, each in
    /// list order — then the persistent list.
    pub fn coordinate_order(&self) -> impl Iterator<Item = u16> + '_ {
        self.heads.iter().flat_map(|&(_, head)| self.chain(head)).chain(self.persistent_actors())
    }

    /// Registers actor `id` as moved: appended once, in first-registration order. Persistent
    /// actors keep their membership and are not queued. (The seed's other exception,
    /// map-excluded script context, is the shell records (`world::shells`): they run as
    /// actors without a map object, so they have no cell link and the home test below
    /// leaves them out.)
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
        if let Some(l) = self.links.get_mut(id as usize) {
            *l = Links::default();
        }
        self.cached = None;
    }

    fn unlink_persistent(&mut self, id: u16) {
        let next = self.links(id).next;
        if self.persistent == id {
            self.persistent = next;
            return;
        }
        let mut at = self.persistent;
        for _ in 0..self.links.len() {
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
        let mut queued = C::Work::<u16>::default();
        for &id in self.deferred.iter() {
            let _ = queued.push(id);
        }
        self.deferred.clear();
        for &id in queued.iter() {
            let Some(l) = self.links.get_mut(id as usize) else { continue };
            l.deferred = false;
            let Home::Cell(old) = l.home else { continue };
            let ([x, z], distance) = map_position(id);
            let cell = cell_of(x, z);
            if cell == old {
                continue;
            }
            self.unlink(id);
            let next = self.heads.get(cell);
            self.links[id as usize] = Links { home: Home::Cell(cell), next, deferred: false };
            self.set_head(cell, id);
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
            // Rebuilt where it is: the list is one of the world's tables.
            let Cells { heads, links, active, persistent, .. } = self;
            active.clear();
            for (cell, head) in heads.window(view_x, view_z) {
                let border = is_window_border(view_x, view_z, cell);
                for id in chain(links, head) {
                    if !(border && short_mapping(id)) {
                        let _ = active.push(id);
                    }
                }
            }
            for id in chain(links, *persistent) {
                let _ = active.push(id);
            }
            self.cached = Some(start);
        }
        &self.active
    }

    /// The latest regional list.
    pub fn active(&self) -> &[u16] {
        &self.active
    }
}
