//! The static collision world: MPSO placements with their ROB models, sorted into 512-unit
//! cells (seed 000, "Static collision list order"), and the queries over them —
//! candidate gathering, the ordinary ground-support query, the forward sphere obstacle
//! probe and the residual face-contact query.

use super::admission::{segment_admits_model, sphere_admits_model};
use super::candidates::{self, Candidates, PLACEMENT_CELL, separate, within_distance};
use super::faces::{self, FaceContact, QuerySphere};
use super::support::{ModelSupport, Segment, Support, TerrainSupport, select_ordinary};
use crate::formats::model::Model;
use crate::formats::rgm::Rgm;
use crate::formats::rob::Rob;
use crate::terrain::{self, VertexHeights};

/// Placement cells per map side.
pub const CELLS: usize = 128;
/// "No placement" in the cell lists.
const NONE: u16 = u16::MAX;

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
    pub fn to_model(&self, world: [f32; 3]) -> [f32; 3] {
        let d = [0, 1, 2].map(|k| world[k] as f64 - self.position[k] as f64);
        let m = &self.matrix;
        [0, 1, 2].map(|c| (m[0][c] as f64 * d[0] + m[1][c] as f64 * d[1] + m[2][c] as f64 * d[2]) as f32)
    }

    /// Model → world of a point.
    pub fn to_world(&self, local: [f32; 3]) -> [f32; 3] {
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
    /// The separated candidate lists for a query at integer map `origin` with `query_radius`.
    fn candidates(&self, origin: [i32; 3], query_radius: i32) -> Candidates;
    /// The placed model of candidate index `index`.
    fn model(&self, index: usize) -> Option<PlacedModel<'a>>;
}

/// One static placement.
#[derive(Clone, Copy, Debug)]
pub struct Placement<'a> {
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
    next: u16,
}

/// Why a static world could not be built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StaticsError {
    /// More placements than the world's capacity.
    TooMany,
}

/// Static placements in cells, capacity `N` placements (at most 65,535).
#[derive(Clone, Debug)]
pub struct Statics<'a, const N: usize> {
    placements: heapless::Vec<Placement<'a>, N>,
    heads: [u16; CELLS * CELLS],
    /// Placements whose model name matched no embedded ROB segment.
    pub unmatched: usize,
}

/// The MPSO name as a ROB segment name: up to the first NUL or `.`, trimmed.
fn segment_name(mpso_name: &[u8]) -> &[u8] {
    let end = mpso_name.iter().position(|&b| b == 0 || b == b'.').unwrap_or(mpso_name.len());
    let name = &mpso_name[..end];
    let start = name.iter().position(|&b| b != b' ').unwrap_or(name.len());
    let stop = name.iter().rposition(|&b| b != b' ').map_or(start, |p| p + 1);
    &name[start..stop]
}

fn cell_index(x: f32, z: f32) -> Option<usize> {
    if !(x >= 0.0 && z >= 0.0) {
        return None;
    }
    let (cx, cz) = ((x as i32 / PLACEMENT_CELL) as usize, (z as i32 / PLACEMENT_CELL) as usize);
    (cx < CELLS && cz < CELLS).then_some(cz * CELLS + cx)
}

impl<'a, const N: usize> Statics<'a, N> {
    /// The placements of `rgm` with models from `rob`. Each cell keeps its placements in
    /// reverse MPSO order (each one is put at the front of its cell's list).
    pub fn new(rgm: &Rgm<'a>, rob: &Rob<'a>) -> Result<Self, StaticsError> {
        let mut s = Statics { placements: heapless::Vec::new(), heads: [NONE; CELLS * CELLS], unmatched: 0 };
        for m in rgm.mpso().iter() {
            let model = rob
                .find(segment_name(m.model_name()))
                .and_then(|seg| Some((seg.model().ok()?, seg.collision_flags())));
            let Some((model, flags)) = model else {
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
            let next = cell.map_or(NONE, |c| s.heads[c]);
            s.placements
                .push(Placement {
                    position,
                    matrix: m.matrix(),
                    radius: model.radius() as f32 / 256.0,
                    model,
                    flags,
                    next,
                })
                .map_err(|_| StaticsError::TooMany)?;
            if let Some(c) = cell {
                s.heads[c] = index as u16;
            }
        }
        Ok(s)
    }

    /// The placements, in MPSO order (unmatched ones left out).
    pub fn placements(&self) -> &[Placement<'a>] {
        &self.placements
    }

    /// Placements in window order around map `(x, z)`: cells by X within Z rows, each
    /// cell's list in its stored (reverse MPSO) order.
    pub fn window(&self, x: i32, z: i32) -> impl Iterator<Item = usize> + '_ {
        candidates::window_cells(x, z).flat_map(move |(cx, cz)| {
            let head = if (0..CELLS as i32).contains(&cx) && (0..CELLS as i32).contains(&cz) {
                self.heads[cz as usize * CELLS + cx as usize]
            } else {
                NONE
            };
            core::iter::successors((head != NONE).then_some(head), move |&i| {
                let n = self.placements[i as usize].next;
                (n != NONE).then_some(n)
            })
            .map(|i| i as usize)
        })
    }

    /// The separated candidate lists for a query at integer map `origin` with `query_radius`.
    pub fn candidates(&self, origin: [i32; 3], query_radius: i32) -> Candidates {
        separate(self.window(origin[0], origin[2]).map(|i| {
            let p = &self.placements[i];
            (i, p.flags, within_distance(origin, query_radius, p.position, p.radius))
        }))
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

impl<'a, const N: usize> Scene<'a> for Statics<'a, N> {
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

fn world_contact(p: &PlacedModel<'_>, index: usize, c: &FaceContact) -> WorldContact {
    let (point, normal) = faces::body_contact_integers(p.to_world(c.point), p.direction_to_world(c.normal));
    WorldContact { placement: index, face: c.face, point, normal, fraction: c.fraction }
}

/// The face-model candidates of a query with their placed models, in candidate order.
fn face_models<'a, 's, S: Scene<'a>>(
    scene: &'s S,
    cands: &'s Candidates,
) -> impl Iterator<Item = (usize, &'s super::candidates::Candidate, PlacedModel<'a>)> + 's {
    cands.faces.iter().enumerate().filter_map(|(k, c)| Some((k, c, scene.model(c.placement)?)))
}

/// The ordinary ground-support query at integer map `origin` (the actor's runtime position
/// `>> 8`): the segment of half-length `reach` around `origin.y + positive_y_extent`
/// against the terrain and the face-model candidates' polygons, then
/// [`select_ordinary`]. `query_radius` is [`candidates::search_radius`] of the actor.
#[allow(clippy::too_many_arguments)]
pub fn ground_support<'a>(
    state: &mut Support,
    scene: &impl Scene<'a>,
    heights: &impl VertexHeights,
    origin: [i32; 3],
    positive_y_extent: i32,
    reach: i32,
    query_radius: i32,
    steep_test: bool,
) {
    let seg = Segment::ordinary(origin[1], positive_y_extent, reach);
    let sample = terrain::sample(heights, origin[0], origin[2]);
    let terrain = TerrainSupport { height: sample.height, normal: sample.normal };
    let cands = scene.candidates(origin, query_radius);
    let (x, z) = (origin[0] as f32, origin[2] as f32);
    let contacts = segment_offers(scene, &cands, [x, seg.start as f32, z], [x, seg.end as f32, z]);
    select_ordinary(state, seg, Some(terrain), contacts, steep_test);
}

/// The world spheres of an actor shape: local centres through the collision matrix plus
/// the prepared origin (map units).
pub fn world_spheres<const M: usize>(
    origin: [f32; 3],
    matrix: &[[f32; 3]; 3],
    local: &[super::shape::Sphere],
) -> heapless::Vec<QuerySphere, M> {
    local
        .iter()
        .map(|s| {
            let c = s.centre.map(|v| v as f32);
            QuerySphere {
                centre: [0, 1, 2].map(|r| (origin[r] as f64 + rotate_row(&matrix[r], c)) as f32),
                radius: s.radius as f32,
            }
        })
        .take(M)
        .collect()
}

/// The forward obstacle probe: whether any face-model candidate reports a sphere contact
/// for the shape's ordinary spheres at `origin` (map units, integer). Spheres are first
/// admitted against each model's radius in actor-local axes ("Sphere model admission").
pub fn obstacle<'a>(
    scene: &impl Scene<'a>,
    origin: [i32; 3],
    matrix: &[[f32; 3]; 3],
    local: &[super::shape::Sphere],
    query_radius: i32,
) -> bool {
    let cands = scene.candidates(origin, query_radius);
    let o = origin.map(|c| c as f32);
    for (_, _, p) in face_models(scene, &cands) {
        // The model placement in actor-local axes: the collision matrix's transpose.
        let d = [0, 1, 2].map(|k| p.position[k] as f64 - o[k] as f64);
        let local_offset = [0, 1, 2].map(|c| {
            (matrix[0][c] as f64 * d[0] + matrix[1][c] as f64 * d[1] + matrix[2][c] as f64 * d[2]) as f32
        });
        let admitted: heapless::Vec<QuerySphere, { super::shape::MAX_SPHERES }> = local
            .iter()
            .filter(|s| {
                sphere_admits_model(s.centre.map(|v| v as f32), s.radius as f32, local_offset, p.radius)
            })
            .map(|s| {
                let c = s.centre.map(|v| v as f32);
                let world = [0, 1, 2].map(|r| (o[r] as f64 + rotate_row(&matrix[r], c)) as f32);
                QuerySphere { centre: p.to_model(world), radius: s.radius as f32 }
            })
            .collect();
        if !faces::sphere_query(&p.model, &admitted, true).is_empty() {
            return true;
        }
    }
    false
}

/// The residual query's contacts: every face-model candidate's sphere contacts (each model
/// keeps its 32-contact limit; no 16 cap, no terrain), as integer world contacts.
pub fn face_contacts<'a, const M: usize>(
    scene: &impl Scene<'a>,
    origin: [i32; 3],
    spheres: &[QuerySphere],
    query_radius: i32,
) -> heapless::Vec<WorldContact, M> {
    let mut out = heapless::Vec::new();
    let cands = scene.candidates(origin, query_radius);
    for (_, cand, p) in face_models(scene, &cands) {
        let local: heapless::Vec<QuerySphere, { super::shape::MAX_SPHERES }> =
            spheres.iter().map(|s| QuerySphere { centre: p.to_model(s.centre), radius: s.radius }).collect();
        for c in faces::sphere_query(&p.model, &local, true).iter() {
            if out.push(world_contact(&p, cand.placement, c)).is_err() {
                return out;
            }
        }
    }
    out
}

/// The residual query's normals: every face-model candidate's sphere contacts (each model
/// keeping its 32-contact limit, no overall cap, no terrain), their integer world normals
/// summed with wrapping and counted.
pub fn face_contact_normals<'a>(
    scene: &impl Scene<'a>,
    origin: [i32; 3],
    spheres: &[QuerySphere],
    query_radius: i32,
) -> ([i32; 3], u32) {
    let mut sum = [0i32; 3];
    let mut count = 0u32;
    let cands = scene.candidates(origin, query_radius);
    for (_, cand, p) in face_models(scene, &cands) {
        let local: heapless::Vec<QuerySphere, { super::shape::MAX_SPHERES }> =
            spheres.iter().map(|s| QuerySphere { centre: p.to_model(s.centre), radius: s.radius }).collect();
        for c in faces::sphere_query(&p.model, &local, true).iter() {
            let n = world_contact(&p, cand.placement, c).normal;
            sum = [0, 1, 2].map(|k| sum[k].wrapping_add(n[k]));
            count = count.saturating_add(1);
        }
    }
    (sum, count)
}

/// The segment contacts of every face-model candidate between map points `a` and `b`, as
/// integer world contacts in candidate and contact order ("Ordinary forward segment
/// response" reads them; `sidedness` is the polygon-sidedness flag).
pub fn segment_contacts<'a, const M: usize>(
    scene: &impl Scene<'a>,
    cands: &Candidates,
    a: [f32; 3],
    b: [f32; 3],
    sidedness: bool,
) -> heapless::Vec<WorldContact, M> {
    let mut out = heapless::Vec::new();
    for (_, cand, p) in face_models(scene, cands) {
        let (la, lb) = (p.to_model(a), p.to_model(b));
        if !segment_admits_model(la, lb, p.radius) {
            continue;
        }
        for c in faces::segment_query(&p.model, la, lb, sidedness).iter() {
            if out.push(world_contact(&p, cand.placement, c)).is_err() {
                return out;
            }
        }
    }
    out
}

/// A face contact of candidate `k` as a support offer: world height and integer normal,
/// the segment fraction as its rank (0 for sphere contacts), the candidate's collision byte
/// as metadata and the face's texture word.
fn support_offer(
    p: &PlacedModel<'_>,
    k: usize,
    cand: &super::candidates::Candidate,
    c: &FaceContact,
) -> ModelSupport {
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

/// Segment contacts of every face-model candidate as ranked support offers.
fn segment_offers<'a>(
    scene: &impl Scene<'a>,
    cands: &Candidates,
    top: [f32; 3],
    bottom: [f32; 3],
) -> heapless::Vec<ModelSupport, 64> {
    let mut offers = heapless::Vec::new();
    for (k, cand, p) in face_models(scene, cands) {
        let (a, b) = (p.to_model(top), p.to_model(bottom));
        if !segment_admits_model(a, b, p.radius) {
            continue;
        }
        for c in faces::segment_query(&p.model, a, b, true).iter() {
            if offers.push(support_offer(&p, k, cand, c)).is_err() {
                return offers;
            }
        }
    }
    offers
}

/// The model support offers of a vertical segment from `top` to `bottom` (map units) at
/// integer map X/Z `origin` — the contacts "Forward slope surface selection" and ground
/// prevalidation rank.
pub fn vertical_offers<'a>(
    scene: &impl Scene<'a>,
    origin: [i32; 3],
    query_radius: i32,
    top: i32,
    bottom: i32,
) -> heapless::Vec<ModelSupport, 64> {
    let cands = scene.candidates(origin, query_radius);
    let (x, z) = (origin[0] as f32, origin[2] as f32);
    segment_offers(scene, &cands, [x, top as f32, z], [x, bottom as f32, z])
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
    let seg = Segment::around(origin[1] + positive_y_extent, SETTLE_REACH);
    let cands = scene.candidates(origin, SETTLE_RADIUS);
    let (x, z) = (origin[0] as f32, origin[2] as f32);
    let offers = segment_offers(scene, &cands, [x, seg.start as f32, z], [x, seg.end as f32, z]);
    let terrain = terrain::sample(heights, origin[0], origin[2]).height;
    select_settling(seg, Some(terrain), offers)
        .map(|h| actor_y_from_support(h, positive_y_extent, standing_height))
}

/// "Selected-player fallback support": one sphere of radius 10 or 14 (the support-history
/// counter) at `(position >> 8) + centre_offset`, Y plus the positive extent minus 3, with an
/// identity rotation; the first non-side contact of the face candidates in order is taken,
/// and the support height stays the actor's own.
#[allow(clippy::too_many_arguments)]
pub fn fallback_support<'a>(
    state: &mut Support,
    scene: &impl Scene<'a>,
    runtime_position: [i32; 3],
    centre_offset: [i32; 3],
    positive_y_extent: i32,
    history: &super::support::SupportHistory,
    query_radius: i32,
    steep_test: bool,
) {
    let origin = runtime_position.map(|c| c >> 8);
    let mut centre = [0, 1, 2].map(|k| origin[k] + centre_offset[k]);
    centre[1] += positive_y_extent - 3;
    let sphere = QuerySphere { centre: centre.map(|c| c as f32), radius: history.fallback_radius() as f32 };
    let cands = scene.candidates(origin, query_radius);
    let mut offers: heapless::Vec<ModelSupport, 64> = heapless::Vec::new();
    'models: for (k, cand, p) in face_models(scene, &cands) {
        let local = [QuerySphere { centre: p.to_model(sphere.centre), radius: sphere.radius }];
        for c in faces::sphere_query(&p.model, &local, true).iter() {
            if offers.push(support_offer(&p, k, cand, c)).is_err() {
                break 'models;
            }
        }
    }
    super::support::select_fallback(state, offers, steep_test);
}
