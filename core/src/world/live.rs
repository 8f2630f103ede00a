//! The collision scene of one actor update ({M}, "Live and transient collision
//! candidates", "Ordinary candidate lifetime"): the static placements, then the live
//! actors' models, separated into the face-model and actor-style lists once per update and
//! reused by every later query of that update.

use crate::actor::Actor;
use crate::capacity::{Capacity, Table};
use crate::collision::candidates::{Candidate, Candidates, MAX_CANDIDATES, within_distance};
use crate::collision::statics::{CellHint, PlacedModel, Scene, Statics};

/// A live actor as a collision candidate.
#[derive(Clone, Copy, Debug)]
pub struct LiveModel<'a> {
    /// The actor.
    pub actor: u16,
    /// Its current model where it stands.
    pub placed: PlacedModel<'a>,
    /// It uses the static model path: a face model; otherwise an actor-style candidate.
    pub face: bool,
}

/// The static world plus the live actors' models, candidate indices numbering the static
/// placements first and the live models after them.
#[derive(Clone, Debug)]
pub struct LiveScene<'s, 'a, C: Capacity> {
    /// The static placements.
    pub statics: &'s Statics<'a, C>,
    /// The live actors admitted as candidates (already past their own gates), in a table
    /// the caller fills in place ([`crate::world::World`] builds it per actor update).
    pub live: &'s [LiveModel<'a>],
    /// The active transient records with a loaded model and flag 0x10, in their list order
    /// (candidate type 0x80). The docs name no record that produces one — the environmental
    /// effects are billboards, not models — so a world passes none.
    pub transients: &'s [PlacedModel<'a>],
}

impl<'a, C: Capacity> LiveScene<'_, 'a, C> {
    /// The live model behind candidate index `index`, if it is one.
    pub fn live_model(&self, index: usize) -> Option<&LiveModel<'a>> {
        index.checked_sub(self.statics.placements().len()).and_then(|k| self.live.get(k))
    }

    /// Candidate index `index` is a transient model (candidate type 0x80).
    pub fn is_transient(&self, index: usize) -> bool {
        index
            .checked_sub(self.statics.placements().len() + self.live.len())
            .is_some_and(|k| k < self.transients.len())
    }

    /// The transient model behind candidate index `index`, if it is one.
    fn transient(&self, index: usize) -> Option<PlacedModel<'a>> {
        let k = index.checked_sub(self.statics.placements().len() + self.live.len())?;
        self.transients.get(k).copied()
    }

    /// Candidates visiting static placements first, then live actors, then transient models,
    /// each list keeping its 64-entry limit across the phases. A full face list ends only the
    /// static scan; a full destination list skips a live actor; when both are full the
    /// traversal ends before any later live actor or transient model. Transient models enter
    /// the face list, with zero collision metadata and no distance filter, until it is full.
    pub fn gather(&self, origin: [i32; 3], query_radius: i32, excluded_actor: Option<u16>) -> Candidates {
        let mut c = Candidates::new();
        self.gather_into(origin, query_radius, excluded_actor, None, &mut c);
        c
    }

    /// [`LiveScene::gather`] into `c` (two kilobytes an actor update keeps where they are),
    /// the static placements through the querying actor's `hint`
    /// ([`Statics::candidates_hinted`]) when it has one.
    pub fn gather_into(
        &self,
        origin: [i32; 3],
        query_radius: i32,
        excluded_actor: Option<u16>,
        hint: Option<&mut CellHint>,
        c: &mut Candidates,
    ) {
        match hint {
            Some(hint) => self.statics.candidates_hinted(origin, query_radius, hint, c),
            None => self.statics.candidates_into(origin, query_radius, c),
        }
        let base = self.statics.placements().len();
        for (k, live) in self.live.iter().enumerate() {
            if Some(live.actor) == excluded_actor
                || !within_distance(origin, query_radius, live.placed.position, live.placed.radius)
            {
                continue;
            }
            if c.faces.len() == MAX_CANDIDATES && c.actor_style.len() == MAX_CANDIDATES {
                return;
            }
            let cand = Candidate { placement: base + k, flags: live.placed.flags };
            let _ = if live.face { c.faces.push(cand) } else { c.actor_style.push(cand) };
        }
        let base = base + self.live.len();
        for k in 0..self.transients.len() {
            if c.faces.push(Candidate { placement: base + k, flags: 0 }).is_err() {
                return;
            }
        }
    }

    /// `lists` without its transient models, when it has any: what the queries that leave
    /// out candidate type 0x80 while queued motion is 24 read ({D:engine/player.md} "Ordinary
    /// forward segment response", "State-fifteen bounds response", "Ground-support ranking",
    /// "Residual face-contact separation"; {D:engine/animation.md} "Supporting actor motion").
    pub fn without_transients(&self, lists: &Candidates) -> Option<Candidates> {
        if !lists.faces.iter().any(|c| self.is_transient(c.placement)) {
            return None;
        }
        let mut kept = lists.clone();
        kept.faces.retain(|c| !self.is_transient(c.placement));
        Some(kept)
    }
}

impl<'a, C: Capacity> Scene<'a> for LiveScene<'_, 'a, C> {
    type Lists<'s>
        = Candidates
    where
        Self: 's;
    fn candidates(&self, origin: [i32; 3], query_radius: i32) -> Candidates {
        self.gather(origin, query_radius, None)
    }

    fn model(&self, index: usize) -> Option<PlacedModel<'a>> {
        self.statics
            .placed(index)
            .or_else(|| self.live_model(index).map(|l| l.placed))
            .or_else(|| self.transient(index))
    }
}

/// Candidate lists prepared once for an actor update: every query of the update reads
/// these lists whatever its origin ("Movement and script changes do not rerun spatial
/// admission between these stages").
#[derive(Clone, Debug)]
pub struct Prepared<'s, S> {
    /// The scene the indices refer to.
    pub scene: &'s S,
    /// The retained lists.
    pub lists: &'s Candidates,
}

impl<'a, S: Scene<'a>> Scene<'a> for Prepared<'_, S> {
    type Lists<'s>
        = &'s Candidates
    where
        Self: 's;
    fn candidates(&self, _origin: [i32; 3], _query_radius: i32) -> &Candidates {
        self.lists
    }

    fn model(&self, index: usize) -> Option<PlacedModel<'a>> {
        self.scene.model(index)
    }
}

/// Where the actors stood when the step began and how far each reaches (map X, map Z and
/// the largest model radius it can show, by id, in compact columns), and how far any has
/// moved since. Each ordinary update's live-model gather ([`crate::world::World`]'s
/// `live_models`) visits only the actors these columns put within reach of it — farther
/// along X or Z than the query radius, the actor's reach, the model-distance test's slack
/// and the drift, no model it shows can pass — and tests eight actors at a time without
/// branches, which costs a fraction of reading each actor's record.
///
/// Every change of an actor's position or model during a step is reported here: each
/// update's own and the pushes of its overlap stage ([`Crowd::moved`]), and — since a script
/// may write any actor — every actor again after a script that wrote another one.
#[derive(Clone, Debug, Default)]
pub(crate) struct Crowd<C: Capacity> {
    /// Map X by actor id at the start of the step.
    xs: C::Actors<i32>,
    /// Map Z by actor id at the start of the step.
    zs: C::Actors<i32>,
    /// The largest model radius each actor can show, whole map units rounded up; −1 for
    /// none (nothing to admit).
    reach: C::Actors<i32>,
    /// The largest X or Z distance any actor has moved from its start.
    drift: i32,
    /// Actor ids in rows of start Z ([`ROW`] map units each), by increasing start X within
    /// a row ([`Crowd::seal`]), each with its [`row_key`]; kept from step to step, where the
    /// order barely changes.
    rows: C::Actors<(i64, u16)>,
    /// The largest reach any actor has had this step.
    max_reach: i32,
}

/// The most actors [`Crowd::near`] sorts out of its rows; more are scanned whole.
const BAND: usize = 64;

/// log2 of a row's depth in map units.
const ROW: u32 = 10;

/// The most rows [`Crowd::near`] searches; a deeper reach is scanned whole.
const MAX_ROWS: i64 = 8;

/// Where an actor at start map X/Z `(x, z)` sorts: its row, then its X.
fn row_key(x: i32, z: i32) -> i64 {
    (i64::from(z >> ROW) << 33) + i64::from(x) + (1 << 31)
}

/// Actors per group of the [`Crowd::near`] scan.
const LANES: usize = 8;

/// A model radius as a crowd reach: whole map units rounded up (at least the radius), −1
/// for no model.
fn reach_units(radius: Option<f32>) -> i32 {
    radius.map_or(-1, |r| (r.clamp(0.0, (1 << 28) as f32) as i32).saturating_add(1))
}

impl<C: Capacity> Crowd<C> {
    /// No actors.
    pub fn clear(&mut self) {
        self.xs.clear();
        self.zs.clear();
        self.reach.clear();
        self.drift = 0;
        self.max_reach = -1;
    }

    /// Every actor is pushed: the ids are put in row order again (an insertion sort of the
    /// last step's order, linear when few actors changed places).
    pub fn seal(&mut self) {
        let n = self.xs.len().min(self.zs.len());
        if self.rows.len() != n {
            self.rows.clear();
            for id in 0..n {
                // The columns and the order have the same capacity.
                let _ = self.rows.push((0, id as u16));
            }
        }
        let (xs, zs) = (&self.xs[..n], &self.zs[..n]);
        let rows = &mut self.rows[..];
        for (key, id) in rows.iter_mut() {
            *key = row_key(xs[*id as usize], zs[*id as usize]);
        }
        for k in 1..rows.len() {
            let mut j = k;
            while j > 0 && rows[j - 1].0 > rows[j].0 {
                rows.swap(j - 1, j);
                j -= 1;
            }
        }
    }

    /// The ids [`Crowd::near`]'s `test` admits among the actors whose start lies within
    /// `widest` of `origin` along both axes, in id order; `None` when they would take more
    /// than [`MAX_ROWS`] rows or hold more than [`BAND`] actors.
    fn near_rows(
        &self,
        origin: [i32; 2],
        widest: i64,
        test: impl Fn(usize) -> bool,
    ) -> Option<heapless::Vec<u16, BAND>> {
        let (first, last) = ((origin[1] as i64 - widest) >> ROW, (origin[1] as i64 + widest) >> ROW);
        if last - first >= MAX_ROWS {
            return None;
        }
        let mut hits = heapless::Vec::<u16, BAND>::new();
        let mut seen = 0;
        for row in first..=last {
            let base = (row << 33) + (1 << 31);
            let lo = self.rows.partition_point(|r| r.0 < base + i64::from(origin[0]) - widest);
            let hi = self.rows.partition_point(|r| r.0 <= base + i64::from(origin[0]) + widest);
            seen += hi.saturating_sub(lo);
            if seen > BAND {
                return None;
            }
            for &(_, id) in self.rows.get(lo..hi)? {
                if test(id as usize) {
                    // No more than `seen`, which is within the capacity.
                    let _ = hits.push(id);
                }
            }
        }
        hits.sort_unstable();
        Some(hits)
    }

    /// The next actor by id stands where `a` does and can show models up to `radius`.
    pub fn push(&mut self, a: &Actor, radius: Option<f32>) {
        // Where its model stands: an attached or linked actor's effective position.
        let [x, _, z] = a.effective_position().map(|c| c >> 8);
        // The columns have the actors' capacity.
        let _ = self.xs.push(x);
        let _ = self.zs.push(z);
        let _ = self.reach.push(reach_units(radius));
        self.max_reach = self.max_reach.max(reach_units(radius));
    }

    /// Actor `id` now stands where `a` does and can show models up to `radius`.
    pub fn moved(&mut self, id: u16, a: &Actor, radius: Option<f32>) {
        let [x, _, z] = a.effective_position().map(|c| c >> 8);
        let id = id as usize;
        let d = match (self.xs.get(id), self.zs.get(id)) {
            (Some(&sx), Some(&sz)) => {
                x.wrapping_sub(sx).unsigned_abs().max(z.wrapping_sub(sz).unsigned_abs())
            }
            // An actor the start did not see: no bound holds (and `near` visits it).
            _ => u32::MAX,
        };
        self.drift = self.drift.max(d.min(i32::MAX as u32) as i32);
        if let Some(r) = self.reach.get_mut(id) {
            *r = reach_units(radius);
        }
        self.max_reach = self.max_reach.max(reach_units(radius));
    }

    /// Calls `f` with the id of every actor that may stand close enough to map X/Z
    /// `origin` now for a gather with `query_radius` to admit it, in increasing order —
    /// those within query radius + reach + 16 + drift at the start — and then with every
    /// id from the start's count to `count`.
    pub fn near(&self, origin: [i32; 2], query_radius: i32, count: usize, mut f: impl FnMut(usize)) {
        let n = self.xs.len().min(self.zs.len()).min(self.reach.len());
        // The query radius and the slack (16) rounded up, plus the drift: each actor adds
        // its reach. Map coordinates are below 2^24 in magnitude and every limit is held to
        // 2^30, so `|d| <= limit` is `d + limit` within `0..=2 limit`, one unsigned
        // comparison.
        let base = query_radius.clamp(0, 1 << 28).saturating_add(17).saturating_add(self.drift.min(1 << 28));
        let within =
            |v: i32, o: i32, limit: i32| (v.wrapping_sub(o).wrapping_add(limit) as u32) <= (2 * limit) as u32;
        let test = |x: i32, z: i32, r: i32| {
            let limit = base + r;
            (r >= 0) & within(x, origin[0], limit) & within(z, origin[1], limit)
        };
        let (xs, zs, reach) = (&self.xs[..n], &self.zs[..n], &self.reach[..n]);
        if self.max_reach < 0 {
            // No actor shows a model.
            return (n..count).for_each(&mut f);
        }
        // The start X band every admitted actor lies in (its own reach at most the
        // largest); when few actors stand in it, only they are tested, in id order.
        if self.rows.len() == n {
            let widest = i64::from(base) + i64::from(self.max_reach);
            if let Some(hits) = self.near_rows(origin, widest, |k| test(xs[k], zs[k], reach[k])) {
                hits.iter().for_each(|&id| f(id as usize));
                return (n..count).for_each(&mut f);
            }
        }
        let groups = xs.chunks_exact(LANES).zip(zs.chunks_exact(LANES)).zip(reach.chunks_exact(LANES));
        for (g, ((x, z), r)) in groups.enumerate() {
            let (Some(x), Some(z), Some(r)) =
                (x.first_chunk::<LANES>(), z.first_chunk::<LANES>(), r.first_chunk::<LANES>())
            else {
                continue;
            };
            // Whole groups without branches: the compiler keeps the eight tests in vectors.
            let mut bits = 0u32;
            for k in 0..LANES {
                bits |= (test(x[k], z[k], r[k]) as u32) << k;
            }
            while bits != 0 {
                f(g * LANES + bits.trailing_zeros() as usize);
                bits &= bits - 1;
            }
        }
        for k in n - n % LANES..n {
            if test(xs[k], zs[k], reach[k]) {
                f(k);
            }
        }
        (n..count).for_each(&mut f);
    }
}

/// A per-actor table without the entry of the actor an update holds on its own (its
/// record, or its script state): looked up by id like the whole table, with that one id
/// absent. An update works on its own entries in place and reaches the others' through
/// this, where it used to copy its entries out and back (seven hundred bytes for a record).
#[derive(Debug)]
pub(super) struct Others<'w, T = Actor> {
    before: &'w mut [T],
    after: &'w mut [T],
}

impl<'w, T> Others<'w, T> {
    /// Entry `me` and the others, `None` when there is no entry `me`.
    pub fn split(table: &'w mut [T], me: u16) -> Option<(&'w mut T, Others<'w, T>)> {
        let (before, rest) = table.split_at_mut_checked(me as usize)?;
        let (me, after) = rest.split_first_mut()?;
        Some((me, Others { before, after }))
    }

    /// The id of the entry held apart.
    fn me(&self) -> usize {
        self.before.len()
    }

    /// Entry `id`, `None` for the one held apart.
    pub fn get(&self, id: usize) -> Option<&T> {
        match id.checked_sub(self.me()) {
            None => self.before.get(id),
            Some(0) => None,
            Some(k) => self.after.get(k - 1),
        }
    }

    /// Entry `id` to change, `None` for the one held apart.
    pub fn get_mut(&mut self, id: usize) -> Option<&mut T> {
        match id.checked_sub(self.me()) {
            None => self.before.get_mut(id),
            Some(0) => None,
            Some(k) => self.after.get_mut(k - 1),
        }
    }

    /// How many entries the whole table holds, the one held apart included.
    pub fn len(&self) -> usize {
        self.before.len() + 1 + self.after.len()
    }
}
