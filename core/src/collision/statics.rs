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

    /// World → model coordinates of placement `i` (the rotation's transpose).
    pub fn to_model(&self, i: usize, world: [f32; 3]) -> [f32; 3] {
        let p = &self.placements[i];
        let d = [0, 1, 2].map(|k| world[k] as f64 - p.position[k] as f64);
        [0, 1, 2].map(|c| {
            (p.matrix[0][c] as f64 * d[0] + p.matrix[1][c] as f64 * d[1] + p.matrix[2][c] as f64 * d[2])
                as f32
        })
    }

    /// Model → world of a point of placement `i`.
    pub fn to_world(&self, i: usize, local: [f32; 3]) -> [f32; 3] {
        let p = &self.placements[i];
        [0, 1, 2].map(|r| (p.position[r] as f64 + rotate_row(&p.matrix[r], local)) as f32)
    }

    /// Model → world of a direction of placement `i`.
    pub fn direction_to_world(&self, i: usize, local: [f32; 3]) -> [f32; 3] {
        let p = &self.placements[i];
        [0, 1, 2].map(|r| rotate_row(&p.matrix[r], local) as f32)
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

fn world_contact<const N: usize>(s: &Statics<'_, N>, i: usize, c: &FaceContact) -> WorldContact {
    let (point, normal) =
        faces::body_contact_integers(s.to_world(i, c.point), s.direction_to_world(i, c.normal));
    WorldContact { placement: i, face: c.face, point, normal, fraction: c.fraction }
}

/// The ordinary ground-support query at integer map `origin` (the actor's runtime position
/// `>> 8`): the segment of half-length `reach` around `origin.y + positive_y_extent`
/// against the terrain and the face-model candidates' polygons, then
/// [`select_ordinary`]. `query_radius` is [`candidates::search_radius`] of the actor.
#[allow(clippy::too_many_arguments)]
pub fn ground_support<const N: usize>(
    state: &mut Support,
    statics: &Statics<'_, N>,
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
    let cands = statics.candidates(origin, query_radius);
    let (x, z) = (origin[0] as f32, origin[2] as f32);
    let contacts = segment_offers(statics, &cands, [x, seg.start as f32, z], [x, seg.end as f32, z]);
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
pub fn obstacle<const N: usize>(
    statics: &Statics<'_, N>,
    origin: [i32; 3],
    matrix: &[[f32; 3]; 3],
    local: &[super::shape::Sphere],
    query_radius: i32,
) -> bool {
    let cands = statics.candidates(origin, query_radius);
    let o = origin.map(|c| c as f32);
    for cand in cands.faces.iter() {
        let p = &statics.placements[cand.placement];
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
                QuerySphere { centre: statics.to_model(cand.placement, world), radius: s.radius as f32 }
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
pub fn face_contacts<const N: usize, const M: usize>(
    statics: &Statics<'_, N>,
    origin: [i32; 3],
    spheres: &[QuerySphere],
    query_radius: i32,
) -> heapless::Vec<WorldContact, M> {
    let mut out = heapless::Vec::new();
    let cands = statics.candidates(origin, query_radius);
    for cand in cands.faces.iter() {
        let p = &statics.placements[cand.placement];
        let local: heapless::Vec<QuerySphere, { super::shape::MAX_SPHERES }> = spheres
            .iter()
            .map(|s| QuerySphere { centre: statics.to_model(cand.placement, s.centre), radius: s.radius })
            .collect();
        for c in faces::sphere_query(&p.model, &local, true).iter() {
            if out.push(world_contact(statics, cand.placement, c)).is_err() {
                return out;
            }
        }
    }
    out
}

/// A face contact of candidate `k` as a support offer: world height and integer normal,
/// the segment fraction as its rank (0 for sphere contacts), the candidate's collision byte
/// as metadata and the face's texture word.
fn support_offer<const N: usize>(
    statics: &Statics<'_, N>,
    k: usize,
    cand: &super::candidates::Candidate,
    c: &FaceContact,
) -> ModelSupport {
    let w = world_contact(statics, cand.placement, c);
    let texture = statics.placements[cand.placement].model.face(c.face).map_or(0, |f| f.texture_raw());
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
fn segment_offers<const N: usize>(
    statics: &Statics<'_, N>,
    cands: &Candidates,
    top: [f32; 3],
    bottom: [f32; 3],
) -> heapless::Vec<ModelSupport, 64> {
    let mut offers = heapless::Vec::new();
    for (k, cand) in cands.faces.iter().enumerate() {
        let p = &statics.placements[cand.placement];
        let (a, b) = (statics.to_model(cand.placement, top), statics.to_model(cand.placement, bottom));
        if !segment_admits_model(a, b, p.radius) {
            continue;
        }
        for c in faces::segment_query(&p.model, a, b, true).iter() {
            if offers.push(support_offer(statics, k, cand, c)).is_err() {
                return offers;
            }
        }
    }
    offers
}

/// "Startup ground settling": candidates within 1,000 map units, the segment ±500 around
/// the prepared Y plus the positive Y extent, its own ranking (earlier equals kept). Returns
/// the new runtime Y, or `None` (Y unchanged) without a selection. X and Z never move.
pub fn settle<const N: usize>(
    statics: &Statics<'_, N>,
    heights: &impl VertexHeights,
    runtime_position: [i32; 3],
    positive_y_extent: i32,
    standing_height: i32,
) -> Option<i32> {
    use super::support::{SETTLE_RADIUS, SETTLE_REACH, actor_y_from_support, select_settling};
    let origin = runtime_position.map(|c| c >> 8);
    let seg = Segment::around(origin[1] + positive_y_extent, SETTLE_REACH);
    let cands = statics.candidates(origin, SETTLE_RADIUS);
    let (x, z) = (origin[0] as f32, origin[2] as f32);
    let offers = segment_offers(statics, &cands, [x, seg.start as f32, z], [x, seg.end as f32, z]);
    let terrain = terrain::sample(heights, origin[0], origin[2]).height;
    select_settling(seg, Some(terrain), offers)
        .map(|h| actor_y_from_support(h, positive_y_extent, standing_height))
}

/// "Selected-player fallback support": one sphere of radius 10 or 14 (the support-history
/// counter) at `(position >> 8) + centre_offset`, Y plus the positive extent minus 3, with an
/// identity rotation; the first non-side contact of the face candidates in order is taken,
/// and the support height stays the actor's own.
#[allow(clippy::too_many_arguments)]
pub fn fallback_support<const N: usize>(
    state: &mut Support,
    statics: &Statics<'_, N>,
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
    let cands = statics.candidates(origin, query_radius);
    let mut offers: heapless::Vec<ModelSupport, 64> = heapless::Vec::new();
    'models: for (k, cand) in cands.faces.iter().enumerate() {
        let p = &statics.placements[cand.placement];
        let local =
            [QuerySphere { centre: statics.to_model(cand.placement, sphere.centre), radius: sphere.radius }];
        for c in faces::sphere_query(&p.model, &local, true).iter() {
            if offers.push(support_offer(statics, k, cand, c)).is_err() {
                break 'models;
            }
        }
    }
    super::support::select_fallback(state, offers, steep_test);
}
