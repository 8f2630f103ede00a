//! The static collision world: MPSO placements with their ROB models, sorted into 512-unit
//! cells ({M}, "Static collision list order"), and the queries over them —
//! candidate gathering, the ordinary ground-support query, the forward sphere obstacle
//! probe and the residual face-contact query.

use super::admission::{segment_admits_model, sphere_admits_model};
use super::candidates::{self, Candidate, Candidates, CellHeads, MAP_CELLS, PLACEMENT_CELL, within_distance};
use super::faces::{self, FaceContact, QuerySphere};
use super::shape::Sphere;
use super::support::{ModelSupport, Segment, Support, TerrainSupport, select_ordinary_noting};
use crate::capacity::{Capacity, Table};
use crate::formats::model::Model;
use crate::formats::rgm::Rgm;
use crate::formats::rob::{Rob, RobSegment};
use crate::terrain::{self, VertexHeights};
use core::borrow::Borrow;

/// Placement cells per map side.
pub const CELLS: usize = 128;
/// "No placement" in the cell lists.
const NONE: u16 = candidates::NO_HEAD;

/// A model placed in the world: what every face query reads of a candidate.
#[derive(Clone, Copy, Debug)]
pub struct PlacedModel<'a> {
    /// Map-unit position.
    pub position: [f32; 3],
    /// Row-major rotation, local → world.
    pub matrix: [[f32; 3]; 3],
    /// The model.
    pub model: Model<'a>,
    /// Model radius, map units.
    pub radius: f32,
    /// The collision flag byte (support metadata).
    pub flags: u8,
}

impl PlacedModel<'_> {
    /// World → model coordinates (the rotation's transpose).
    pub fn world_to_model(&self, world: [f32; 3]) -> [f32; 3] {
        let d = [0, 1, 2].map(|k| world[k] as f64 - self.position[k] as f64);
        let m = &self.matrix;
        [0, 1, 2].map(|c| (m[0][c] as f64 * d[0] + m[1][c] as f64 * d[1] + m[2][c] as f64 * d[2]) as f32)
    }

    /// Model → world of a point.
    pub fn model_to_world(&self, local: [f32; 3]) -> [f32; 3] {
        [0, 1, 2].map(|r| (self.position[r] as f64 + rotate_row(&self.matrix[r], local)) as f32)
    }

    /// Model → world of a direction.
    pub fn direction_to_world(&self, local: [f32; 3]) -> [f32; 3] {
        [0, 1, 2].map(|r| rotate_row(&self.matrix[r], local) as f32)
    }
}

/// What the collision queries search: candidate lists around a point, and the placed model
/// behind each candidate index. [`Statics`] is the static world alone; the world update adds
/// the live actors' models ("Live and transient collision candidates").
pub trait Scene<'a> {
    /// What [`Scene::candidates`] hands a query: lists computed for it, or a reference to
    /// lists prepared earlier. A reference keeps the queries' iterators small: they carry
    /// the lists they read, and every move of an owned pair copies two kilobytes.
    type Lists<'s>: Borrow<Candidates>
    where
        Self: 's;
    /// The separated candidate lists for a query at integer map `origin` with `query_radius`.
    fn candidates(&self, origin: [i32; 3], query_radius: i32) -> Self::Lists<'_>;
    /// The placed model of candidate index `index`.
    fn model(&self, index: usize) -> Option<PlacedModel<'a>>;
}

/// One static placement.
#[derive(Clone, Copy, Debug)]
pub struct StaticPlacement<'a> {
    /// Map-unit position.
    pub position: [f32; 3],
    /// Row-major rotation, local → world.
    pub matrix: [[f32; 3]; 3],
    /// The model.
    pub model: Model<'a>,
    /// Model radius, map units.
    pub radius: f32,
    /// The ROB segment's collision byte.
    pub flags: u8,
    /// The ROB segment's attribute byte, the draw flags of its instance
    /// ({D:engine/model-lighting.md} "Draw-flag ownership"; [`crate::formats::rob::ATTR_CHROMA_KEY`]).
    pub attributes: u8,
    /// Its MPSO record index (a PVO visibility id).
    pub mpso: u16,
    next: u16,
    /// The largest radius of this placement and those after it in its cell's list: a query
    /// farther from the cell than that reaches can stop the list here.
    chain_reach: f32,
}

/// Placements a hint holds at most ([`Statics::candidates_hinted`]).
pub const CELL_HINT_PLACEMENTS: usize = 24;

/// The placements the queries of one radius from one map cell can admit, kept between
/// queries ([`Statics::candidates_hinted`]).
#[derive(Clone, Debug, Default)]
pub struct CellHint {
    /// The cell (map X and Z >> 9) and query radius it was made for.
    key: Option<([i32; 2], i32)>,
    /// The placements, in window order.
    list: heapless::Vec<u16, CELL_HINT_PLACEMENTS>,
    /// They all fitted.
    fits: bool,
}

/// Why a static world could not be built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StaticsError {
    /// More placements than the world's capacity.
    TooMany,
}

/// Static placements in cells, as many as the build's [`Capacity`] holds.
#[derive(Clone, Debug)]
pub struct Statics<'a, C: Capacity = crate::capacity::Desktop> {
    placements: C::Placements<StaticPlacement<'a>>,
    heads: CellHeads<C::Placements<(u16, u16)>>,
    /// The largest placement radius.
    reach: f32,
    /// Placements outside every map cell (negative or past-the-map coordinates).
    outside: usize,
    /// Placements whose model name matched no embedded ROB segment.
    pub unmatched: usize,
}

/// The model of MPSO record `m` and the ROB segment holding it (its collision and attribute
/// bytes), when the segment exists and holds a model.
pub fn placement_model<'a>(
    m: &crate::formats::rgm::MpsoRecord<'a>,
    rob: &Rob<'a>,
) -> Option<(Model<'a>, RobSegment<'a>)> {
    let name = crate::formats::rgm::model_stem(m.model_name());
    rob.find(name).and_then(|seg| Some((seg.model().ok()?, seg)))
}

fn cell_index(x: f32, z: f32) -> Option<u16> {
    if !(x >= 0.0 && z >= 0.0) {
        return None;
    }
    let (cx, cz) = ((x as i32 / PLACEMENT_CELL) as usize, (z as i32 / PLACEMENT_CELL) as usize);
    (cx < MAP_CELLS && cz < MAP_CELLS).then_some((cz * MAP_CELLS + cx) as u16)
}

impl<C: Capacity> Default for Statics<'_, C> {
    /// No placements.
    fn default() -> Self {
        Statics {
            placements: Default::default(),
            heads: CellHeads::default(),
            reach: 0.0,
            outside: 0,
            unmatched: 0,
        }
    }
}

impl<'a, C: Capacity> Statics<'a, C> {
    /// The placements of `rgm` with models from `rob`. Each cell keeps its placements in
    /// reverse MPSO order (each one is put at the front of its cell's list).
    pub fn new(rgm: &Rgm<'a>, rob: &Rob<'a>) -> Result<Self, StaticsError> {
        let mut s = Statics::default();
        s.fill(rgm, rob)?;
        Ok(s)
    }

    /// No placements.
    pub fn clear(&mut self) {
        self.placements.clear();
        self.heads.clear();
        self.reach = 0.0;
        self.outside = 0;
        self.unmatched = 0;
    }

    /// [`Statics::new`] in place: this table emptied and filled with the placements of
    /// `rgm`.
    pub fn fill(&mut self, rgm: &Rgm<'a>, rob: &Rob<'a>) -> Result<(), StaticsError> {
        self.clear();
        let s = self;
        for (k, m) in rgm.mpso().iter().enumerate() {
            let Some((model, segment)) = placement_model(&m, rob) else {
                s.unmatched += 1;
                continue;
            };
            let p = m.position();
            let position = [p[0] as f32, p[1] as f32, p[2] as f32];
            let index = s.placements.len();
            if index >= NONE as usize {
                return Err(StaticsError::TooMany);
            }
            let cell = cell_index(position[0], position[2]);
            s.outside += cell.is_none() as usize;
            let next = cell.map_or(NONE, |c| s.heads.get(c));
            let radius = model.radius() as f32 / 256.0;
            let chain_reach = s.placements.get(next as usize).map_or(radius, |n| n.chain_reach.max(radius));
            s.reach = s.reach.max(radius);
            s.placements
                .push(StaticPlacement {
                    position,
                    matrix: m.matrix(),
                    radius,
                    model,
                    flags: segment.collision_flags(),
                    attributes: segment.attributes(),
                    mpso: k as u16,
                    next,
                    chain_reach,
                })
                .map_err(|_| StaticsError::TooMany)?;
            if let Some(c) = cell
                && !s.heads.set(c, index as u16)
            {
                return Err(StaticsError::TooMany);
            }
        }
        Ok(())
    }

    /// The placements, in MPSO order (unmatched ones left out).
    pub fn placements(&self) -> &[StaticPlacement<'a>] {
        &self.placements
    }

    /// Placements in window order around map `(x, z)`: cells by X within Z rows, each
    /// cell's list in its stored (reverse MPSO) order.
    pub fn window(&self, x: i32, z: i32) -> impl Iterator<Item = usize> + '_ {
        self.heads.window(x, z).flat_map(move |(_, head)| self.chain(head))
    }

    /// The separated candidate lists for a query at integer map `origin` with `query_radius`.
    /// The window's rows and cells beyond the largest radius's reach are not visited, and a
    /// cell's list stops where the rest of it cannot reach: the model-distance test would
    /// refuse every placement left out, so the lists are the whole window's.
    pub fn candidates(&self, origin: [i32; 3], query_radius: i32) -> Candidates {
        let mut c = Candidates::new();
        self.candidates_into(origin, query_radius, &mut c);
        c
    }

    /// [`Statics::candidates`] into `out` ([`candidates::separate_into`]).
    pub fn candidates_into(&self, origin: [i32; 3], query_radius: i32, out: &mut Candidates) {
        let point = [[origin[0]; 2], [origin[2]; 2]];
        self.separate_tested(out, origin, query_radius, self.reachable(origin, point, query_radius));
    }

    /// [`candidates::separate_into`] over placements `near` (in window order), each with its
    /// flags and the model-distance test from `origin` with `query_radius`.
    fn separate_tested(
        &self,
        out: &mut Candidates,
        origin: [i32; 3],
        query_radius: i32,
        near: impl Iterator<Item = usize>,
    ) {
        candidates::separate_into(
            out,
            near.map(|i| {
                let p = &self.placements[i];
                (i, p.flags, within_distance(origin, query_radius, p.position, p.radius))
            }),
        );
    }

    /// [`Statics::candidates_into`] through `hint`, the placements a query with
    /// `query_radius` from anywhere in the origin's 512-unit map cell can admit: made again
    /// when the origin leaves the cell the hint was made for, then only its placements
    /// are tested. Every origin in a cell has the same window (its start is the cell's less
    /// nine, or a map edge's), and the hint keeps that window's order, so the lists are the
    /// same as [`Statics::candidates_into`]'s. A hint that would not fit falls back to it.
    pub fn candidates_hinted(
        &self,
        origin: [i32; 3],
        query_radius: i32,
        hint: &mut CellHint,
        out: &mut Candidates,
    ) {
        let cell = [origin[0] >> 9, origin[2] >> 9];
        if hint.key != Some((cell, query_radius)) {
            hint.key = Some((cell, query_radius));
            hint.list.clear();
            // The cell's span on each axis, inclusive.
            let span = cell.map(|c| [c << 9, (c << 9) | 511]);
            let reach = |p: &StaticPlacement<'_>| candidates::distance_reach(query_radius, p.radius);
            hint.fits = self
                .reachable(origin, span, query_radius)
                .filter(|&i| {
                    let p = &self.placements[i];
                    candidates::span_distance(span[0], p.position[0]) <= reach(p)
                        && candidates::span_distance(span[1], p.position[2]) <= reach(p)
                })
                .all(|i| hint.list.push(i as u16).is_ok());
        }
        if !hint.fits {
            return self.candidates_into(origin, query_radius, out);
        }
        self.separate_tested(out, origin, query_radius, hint.list.iter().map(|&i| i as usize));
        debug_assert_eq!(*out, self.candidates(origin, query_radius), "the cell hint's lists");
    }

    /// The placements, in the window order of a query centred at `centre`, that a query
    /// with `query_radius` from some point of the X and Z `spans` (inclusive) may admit:
    /// the window's rows and cells beyond the largest radius's reach are not visited, and
    /// a cell's list stops where the rest of it cannot reach. The model-distance test would
    /// refuse every placement left out.
    fn reachable(
        &self,
        centre: [i32; 3],
        spans: [[i32; 2]; 2],
        query_radius: i32,
    ) -> impl Iterator<Item = usize> + '_ {
        let reach = candidates::distance_reach(query_radius, self.reach);
        let (xs, zs) = (candidates::cells_within(spans[0], reach), candidates::cells_within(spans[1], reach));
        self.heads.window_within(centre[0], centre[2], xs, zs).flat_map(move |((cx, cz), head)| {
            let d = candidates::cell_distance(spans[0], cx).max(candidates::cell_distance(spans[1], cz));
            self.chain(head).take_while(move |&i| {
                d <= candidates::distance_reach(query_radius, self.placements[i].chain_reach)
            })
        })
    }

    /// Every placement a model-distance test from integer map `origin` with `query_radius`
    /// may admit, by increasing index, into `out` (the others would fail it): the cells
    /// within reach of the largest radius, gathered and sorted. `false` (with `out`
    /// unspecified) when they do not fit or when some placement lies outside every cell:
    /// the caller then tests every placement.
    pub fn reachable_in_order<const N: usize>(
        &self,
        origin: [i32; 3],
        query_radius: i32,
        out: &mut heapless::Vec<u16, N>,
    ) -> bool {
        out.clear();
        if self.outside != 0 {
            return false;
        }
        let reach = candidates::distance_reach(query_radius, self.reach);
        let cells = |v: i32| {
            let [lo, hi] = candidates::cells_within([v; 2], reach);
            lo.max(0)..=hi.min(MAP_CELLS as i32 - 1)
        };
        let (xs, zs) = (cells(origin[0]), cells(origin[2]));
        // A query reaching across much of the map is as well scanned whole.
        if xs.clone().count() * zs.clone().count() > 256 {
            return false;
        }
        for cz in zs {
            for cx in xs.clone() {
                let cell = (cz * MAP_CELLS as i32 + cx) as u16;
                if self.chain(self.heads.get(cell)).any(|i| out.push(i as u16).is_err()) {
                    return false;
                }
            }
        }
        out.sort_unstable();
        true
    }

    /// The list starting at `head`, in stored order.
    fn chain(&self, head: u16) -> impl Iterator<Item = usize> + '_ {
        core::iter::successors((head != NONE).then_some(head), move |&i| {
            let n = self.placements[i as usize].next;
            (n != NONE).then_some(n)
        })
        .map(|i| i as usize)
    }

    /// Placement `i` as a placed model.
    pub fn placed(&self, i: usize) -> Option<PlacedModel<'a>> {
        self.placements.get(i).map(|p| PlacedModel {
            position: p.position,
            matrix: p.matrix,
            model: p.model,
            radius: p.radius,
            flags: p.flags,
        })
    }
}

impl<'a, C: Capacity> Scene<'a> for Statics<'a, C> {
    type Lists<'s>
        = Candidates
    where
        Self: 's;
    fn candidates(&self, origin: [i32; 3], query_radius: i32) -> Candidates {
        Statics::candidates(self, origin, query_radius)
    }

    fn model(&self, index: usize) -> Option<PlacedModel<'a>> {
        self.placed(index)
    }
}

fn rotate_row(row: &[f32; 3], v: [f32; 3]) -> f64 {
    row[0] as f64 * v[0] as f64 + row[1] as f64 * v[1] as f64 + row[2] as f64 * v[2] as f64
}

/// A world contact in the integer form the queries hand on ("Body-contact integer
/// conversion"): nearest map units and the normal × 256.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WorldContact {
    /// Placement index.
    pub placement: usize,
    /// Face index in the model.
    pub face: u32,
    /// Nearest map-unit point.
    pub point: [i32; 3],
    /// Normal × 256, nearest-even.
    pub normal: [i32; 3],
    /// Segment fraction × 32768 (segment queries).
    pub fraction: i32,
}

pub(super) fn world_contact(p: &PlacedModel<'_>, index: usize, c: &FaceContact) -> WorldContact {
    let (point, normal) = faces::body_contact_integers(p.model_to_world(c.point), p.direction_to_world(c.normal));
    WorldContact { placement: index, face: c.face, point, normal, fraction: c.fraction }
}

/// The face-model candidates of a query with their placed models, in candidate order. The
/// iterator owns the lists, so every query streams its contacts straight into its selection
/// ("Model contacts … compete in candidate and contact order": each one is visited).
fn face_models<'a, 's, S: Scene<'a>>(
    scene: &'s S,
    cands: impl Borrow<Candidates> + 's,
) -> impl Iterator<Item = (usize, Candidate, PlacedModel<'a>)> + 's {
    (0..cands.borrow().faces.len()).filter_map(move |k| {
        let c = *cands.borrow().faces.get(k)?;
        Some((k, c, scene.model(c.placement)?))
    })
}

/// The identity rotation the selected-player fallback sphere uses.
pub const IDENTITY: [[f32; 3]; 3] = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];

/// "Sphere model admission", then the model's coordinates: the local spheres of an actor
/// at integer map `origin` with collision `matrix` that pass the model-radius test, each
/// carried to world (`origin + matrix · centre`) and into the model (its inverse
/// placement). The test expresses the model placement's displacement from the origin in
/// actor-local axes (the matrix's transpose) and admits a sphere when its local centre's
/// squared distance from it is at most `R² + r²` (not `(R + r)²`). Every sphere query runs
/// through this: the obstacle probe, the primary body query, the residual query and the
/// selected player's fallback sphere (identity rotation).
pub fn model_spheres<'m>(
    p: PlacedModel<'m>,
    origin: [i32; 3],
    matrix: [[f32; 3]; 3],
    local: impl Iterator<Item = Sphere> + 'm,
) -> impl Iterator<Item = QuerySphere> + 'm {
    let o = origin.map(|c| c as f32);
    let d = [0, 1, 2].map(|k| p.position[k] as f64 - o[k] as f64);
    let local_offset = [0, 1, 2].map(|c| {
        (matrix[0][c] as f64 * d[0] + matrix[1][c] as f64 * d[1] + matrix[2][c] as f64 * d[2]) as f32
    });
    local.filter_map(move |s| {
        let c = s.centre.map(|v| v as f32);
        let radius = s.radius as f32;
        if !sphere_admits_model(c, radius, local_offset, p.radius) {
            return None;
        }
        let world = [0, 1, 2].map(|r| (o[r] as f64 + rotate_row(&matrix[r], c)) as f32);
        Some(QuerySphere { centre: p.world_to_model(world), radius })
    })
}

/// The most spheres a working shape may bring to the model body-query adapter
/// ({D:engine/player.md} "Sphere contact with model faces"): a longer shape is rejected.
pub const BODY_QUERY_SPHERES: usize = 24;

/// Every face-model candidate's sphere contacts for the local spheres `local` of an actor
/// at integer map `origin` with collision `matrix`: candidates in order, each model's
/// admitted spheres through [`faces::sphere_query`] (its own 32-contact limit), contacts in
/// order of first success. Lazy: a consumer that stops early queries no later model.
///
/// A shape of more than [`BODY_QUERY_SPHERES`] spheres gets no contact from any model: the
/// adapter counts the working shape it is given (not the spheres a model's radius admits)
/// and refuses it whole, so no sphere of it — not even one within the limit — reaches a
/// face. Shapes themselves stay uncapped ({M} builds them from the bounds); only this
/// query turns the long ones away.
pub(super) fn sphere_contacts<'a, 's, S: Scene<'a>, L: Iterator<Item = Sphere> + Clone + 's>(
    scene: &'s S,
    cands: impl Borrow<Candidates> + 's,
    origin: [i32; 3],
    matrix: [[f32; 3]; 3],
    local: L,
) -> impl Iterator<Item = (usize, Candidate, PlacedModel<'a>, FaceContact)> + 's
where
    'a: 's,
{
    // Counting stops one past the limit, so a huge shape costs no more than a legal one.
    let accepted = local.clone().take(BODY_QUERY_SPHERES + 1).count() <= BODY_QUERY_SPHERES;
    // A model no sphere is admitted to is passed over before a contact list is made for it
    // (a kilobyte the iterator moves).
    let reached = {
        let local = local.clone();
        move |(_, _, p): &(usize, Candidate, PlacedModel<'a>)| {
            model_spheres(*p, origin, matrix, local.clone()).next().is_some()
        }
    };
    face_models(scene, cands).filter(move |_| accepted).filter(reached).flat_map(move |(k, cand, p)| {
        let spheres = model_spheres(p, origin, matrix, local.clone());
        faces::sphere_query(&p.model, spheres, true).into_iter().map(move |c| (k, cand, p, c))
    })
}

/// Who asks a support query, and from where: what [`ground_support`] and
/// [`fallback_support`] read of the actor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SupportProbe {
    /// Integer map position: the actor's runtime position `>> 8`.
    pub origin: [i32; 3],
    /// The actor's positive Y extent.
    pub positive_y_extent: i32,
    /// [`candidates::search_radius`] of the actor.
    pub query_radius: i32,
    /// Collision bit 0x04: steep contacts are tested.
    pub steep_test: bool,
}

/// The ordinary ground-support query at the probe's origin: the segment of half-length
/// `reach` around `origin.y + positive_y_extent` against the terrain and the face-model
/// candidates' polygons, then [`super::support::select_ordinary`].
pub fn ground_support<'a>(
    state: &mut Support,
    scene: &impl Scene<'a>,
    heights: &impl VertexHeights,
    probe: SupportProbe,
    reach: i32,
) {
    let sample = terrain::query(heights, probe.origin[0], probe.origin[2]);
    ground_support_over(state, scene, sample.map(Into::into), probe, reach, &mut |_| {});
}

/// [`ground_support`] over the terrain `terrain` already sampled at the probe's X/Z (`None`:
/// the world has no terrain, and only models compete); `note` hears each face candidate
/// index as its contact becomes the best ([`super::support::select_ordinary_noting`]).
pub fn ground_support_over<'a>(
    state: &mut Support,
    scene: &impl Scene<'a>,
    terrain: Option<TerrainSupport>,
    probe: SupportProbe,
    reach: i32,
    note: &mut dyn FnMut(usize),
) {
    let SupportProbe { origin, positive_y_extent, query_radius, steep_test } = probe;
    let seg = Segment::ordinary(origin[1], positive_y_extent, reach);
    let cands = scene.candidates(origin, query_radius);
    // Without face models the terrain competes alone (most queries, away from buildings).
    if cands.borrow().faces.is_empty() {
        return select_ordinary_noting(state, seg, terrain, core::iter::empty(), steep_test, note);
    }
    let (x, z) = (origin[0] as f32, origin[2] as f32);
    let mut contacts = segment_offers(scene, cands, [x, seg.start as f32, z], [x, seg.end as f32, z]);
    // Lent, not moved: an offer stream holds a model's contact lists (two kilobytes), which
    // a move into the selection would copy.
    select_ordinary_noting(state, seg, terrain, &mut contacts, steep_test, note);
}

/// The forward obstacle probe: whether any face-model candidate reports a sphere contact
/// for the local spheres `local` at integer map `origin` with collision `matrix`. The first
/// blocking model ends the probe; later models are not queried.
pub fn obstacle<'a>(
    scene: &impl Scene<'a>,
    origin: [i32; 3],
    matrix: &[[f32; 3]; 3],
    local: impl Iterator<Item = Sphere> + Clone,
    query_radius: i32,
) -> bool {
    let cands = scene.candidates(origin, query_radius);
    sphere_contacts(scene, cands, origin, *matrix, local).next().is_some()
}

/// The primary body query's model contacts: every face-model candidate's sphere contacts for
/// the local spheres `local` at integer map `origin` with collision `matrix`, as integer
/// world contacts in candidate and contact order. The caller takes what it needs
/// ([`super::response::collect_primary`] stops at sixteen).
pub fn face_contacts<'a, 's, S: Scene<'a>>(
    scene: &'s S,
    origin: [i32; 3],
    matrix: &[[f32; 3]; 3],
    local: impl Iterator<Item = Sphere> + Clone + 's,
    query_radius: i32,
) -> impl Iterator<Item = WorldContact> + 's
where
    'a: 's,
{
    let cands = scene.candidates(origin, query_radius);
    sphere_contacts(scene, cands, origin, *matrix, local)
        .map(|(_, cand, p, c)| world_contact(&p, cand.placement, &c))
}

/// The residual query's normals: every face-model candidate's sphere contacts (each model
/// keeping its 32-contact limit, no overall cap, no terrain), their integer world normals
/// summed with wrapping and counted.
pub fn face_contact_normals<'a>(
    scene: &impl Scene<'a>,
    origin: [i32; 3],
    matrix: &[[f32; 3]; 3],
    local: impl Iterator<Item = Sphere> + Clone,
    query_radius: i32,
) -> ([i32; 3], u32) {
    face_contacts(scene, origin, matrix, local, query_radius).fold(([0i32; 3], 0u32), |(sum, count), w| {
        ([0, 1, 2].map(|k| sum[k].wrapping_add(w.normal[k])), count.saturating_add(1))
    })
}

/// The segment contacts of every face-model candidate between map points `a` and `b`, as
/// integer world contacts in candidate and contact order ("Ordinary forward segment
/// response" reads them; `sidedness` is the polygon-sidedness flag). Lazy, like the sphere
/// queries.
pub fn segment_contacts<'a, 's, S: Scene<'a>>(
    scene: &'s S,
    cands: impl Borrow<Candidates> + 's,
    a: [f32; 3],
    b: [f32; 3],
    sidedness: bool,
) -> impl Iterator<Item = WorldContact> + 's
where
    'a: 's,
{
    segment_hits(scene, cands, a, b, sidedness).map(|(_, cand, p, c)| world_contact(&p, cand.placement, &c))
}

/// Every face-model candidate's segment contacts from `a` to `b` (map units): models whose
/// radius the segment passes ("Segment model admission"), each model's contacts in order.
pub(super) fn segment_hits<'a, 's, S: Scene<'a>>(
    scene: &'s S,
    cands: impl Borrow<Candidates> + 's,
    a: [f32; 3],
    b: [f32; 3],
    sidedness: bool,
) -> impl Iterator<Item = (usize, Candidate, PlacedModel<'a>, FaceContact)> + 's
where
    'a: 's,
{
    // Models the segment misses are passed over before a contact list is made for them: a
    // list is a kilobyte the iterator moves.
    let admitted = move |(k, cand, p): (usize, Candidate, PlacedModel<'a>)| {
        let (la, lb) = (p.world_to_model(a), p.world_to_model(b));
        segment_admits_model(la, lb, p.radius).then_some((k, cand, p, la, lb))
    };
    face_models(scene, cands).filter_map(admitted).flat_map(move |(k, cand, p, la, lb)| {
        faces::segment_query(&p.model, la, lb, sidedness).into_iter().map(move |c| (k, cand, p, c))
    })
}

/// A face contact of candidate `k` as a support offer: world height and integer normal,
/// the segment fraction as its rank (0 for sphere contacts), the candidate's collision byte
/// as metadata and the face's texture word.
fn support_offer(p: &PlacedModel<'_>, k: usize, cand: &Candidate, c: &FaceContact) -> ModelSupport {
    let w = world_contact(p, cand.placement, c);
    let texture = p.model.face(c.face).map_or(0, |f| f.texture_raw());
    ModelSupport {
        candidate: k,
        height: w.point[1],
        normal: w.normal,
        rank: w.fraction,
        metadata: cand.flags,
        texture,
    }
}

/// Segment contacts of every face-model candidate as ranked support offers, streamed.
fn segment_offers<'a, 's, S: Scene<'a>>(
    scene: &'s S,
    cands: impl Borrow<Candidates> + 's,
    top: [f32; 3],
    bottom: [f32; 3],
) -> impl Iterator<Item = ModelSupport> + 's
where
    'a: 's,
{
    segment_hits(scene, cands, top, bottom, true).map(|(k, cand, p, c)| support_offer(&p, k, &cand, &c))
}

/// The model support offers of a vertical segment from Y `start` (its A end, which the
/// sidedness test measures from) to `end` (map units) at integer map X/Z `origin` — the
/// contacts "Forward slope surface selection" and ground prevalidation rank — streamed in
/// candidate and contact order.
pub fn vertical_offers<'a, 's, S: Scene<'a>>(
    scene: &'s S,
    origin: [i32; 3],
    query_radius: i32,
    start: i32,
    end: i32,
) -> impl Iterator<Item = ModelSupport> + 's
where
    'a: 's,
{
    let cands = scene.candidates(origin, query_radius);
    let (x, z) = (origin[0] as f32, origin[2] as f32);
    segment_offers(scene, cands, [x, start as f32, z], [x, end as f32, z])
}

/// "Startup ground settling": candidates within 1,000 map units, the segment ±500 around
/// the prepared Y plus the positive Y extent, its own ranking (earlier equals kept). Returns
/// the new runtime Y, or `None` (Y unchanged) without a selection. X and Z never move.
pub fn settle<'a>(
    scene: &impl Scene<'a>,
    heights: &impl VertexHeights,
    runtime_position: [i32; 3],
    positive_y_extent: i32,
    standing_height: i32,
) -> Option<i32> {
    use super::support::{SETTLE_RADIUS, SETTLE_REACH, actor_y_from_support, select_settling};
    let origin = runtime_position.map(|c| c >> 8);
    let seg = Segment::around(origin[1].wrapping_add(positive_y_extent), SETTLE_REACH);
    let cands = scene.candidates(origin, SETTLE_RADIUS);
    let (x, z) = (origin[0] as f32, origin[2] as f32);
    let mut offers = segment_offers(scene, cands, [x, seg.start as f32, z], [x, seg.end as f32, z]);
    let terrain = terrain::query(heights, origin[0], origin[2]).map(|t| t.height);
    select_settling(seg, terrain, &mut offers)
        .map(|h| actor_y_from_support(h, positive_y_extent, standing_height))
}

/// "Selected-player fallback support": one sphere of radius 10 or 14 (the support-history
/// counter) at the probe's origin plus `centre_offset`, Y plus the positive extent minus 3,
/// with an identity rotation, admitted against each model like every sphere query; the
/// first non-side contact of the face candidates in order is taken, and the support height
/// stays the actor's own.
pub fn fallback_support<'a>(
    state: &mut Support,
    scene: &impl Scene<'a>,
    probe: SupportProbe,
    centre_offset: [i32; 3],
    history: &super::support::SupportHistory,
) {
    let SupportProbe { origin, positive_y_extent, query_radius, steep_test } = probe;
    let mut centre = centre_offset;
    centre[1] = centre[1].wrapping_add(positive_y_extent).wrapping_sub(3);
    let sphere = Sphere { centre, radius: history.fallback_radius() };
    let cands = scene.candidates(origin, query_radius);
    let mut offers = sphere_contacts(scene, cands, origin, IDENTITY, core::iter::once(sphere))
        .map(|(k, cand, p, c)| support_offer(&p, k, &cand, &c));
    super::support::select_fallback(state, &mut offers, steep_test);
}
