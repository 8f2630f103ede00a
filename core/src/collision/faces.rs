//! Contacts with model polygons ({M}): "Sphere contact with model faces", "Segment
//! contact with model faces" and "Collision face traversal".
//!
//! Geometry is in model coordinates, map units (model vertices ÷ 256), with the model's
//! stored face normals (÷ 256) rather than a triangulated mesh.

use super::admission::{segment_admits_subobject, sphere_admits_subobject};
use crate::formats::model::Model;

/// Plane distance beyond which sidedness rejects a face, map units.
pub const SIDEDNESS_LIMIT: f32 = 4.0;
/// Successful contacts after which a model query stops.
pub const MAX_MODEL_CONTACTS: usize = 32;
/// Scale of a segment contact's stored fraction.
pub const FRACTION_SCALE: f32 = 32768.0;
/// Corners a face may have (the count is a byte).
pub const MAX_CORNERS: usize = 255;

fn sub(a: [f32; 3], b: [f32; 3]) -> [f64; 3] {
    [a[0] as f64 - b[0] as f64, a[1] as f64 - b[1] as f64, a[2] as f64 - b[2] as f64]
}
fn dot(a: [f64; 3], b: [f64; 3]) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}
fn cross(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
}
fn widen(a: [f32; 3]) -> [f64; 3] {
    a.map(|c| c as f64)
}

/// Whether `p` (in the face plane) lies inside every oriented edge: for each consecutive
/// pair A, B, `((A − p) × (B − p)) · N ≥ 0`. Boundary equality counts as inside.
pub fn inside_edges(polygon: &[[f32; 3]], normal: [f32; 3], p: [f32; 3]) -> bool {
    let n = widen(normal);
    (0..polygon.len()).all(|k| {
        let a = sub(polygon[k], p);
        let b = sub(polygon[(k + 1) % polygon.len()], p);
        dot(cross(a, b), n) >= 0.0
    })
}

/// A sphere contact: the plane projection of the centre (even when a vertex or an edge
/// accepted the face) and the face normal.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SphereContact {
    /// The contact point, model coordinates.
    pub point: [f32; 3],
    /// Signed plane distance `(V − C) · N`.
    pub distance: f32,
}

/// "Sphere contact with model faces".
///
/// `distance = (V − C) · N` with V the first vertex: with sidedness, a distance above 4
/// rejects the face; a squared distance above `r²` rejects it. The face passes when a
/// vertex is within the sphere, an edge meets it, or the projection `C + N × distance` is
/// inside every edge; equality counts as contact everywhere.
pub fn sphere_contact(
    polygon: &[[f32; 3]],
    normal: [f32; 3],
    centre: [f32; 3],
    radius: f32,
    sidedness: bool,
) -> Option<SphereContact> {
    let first = *polygon.first()?;
    let distance = plane_distance(first, normal, centre, radius, sidedness)?;
    let r2 = radius as f64 * radius as f64;
    let point = [0, 1, 2].map(|k| (centre[k] as f64 + normal[k] as f64 * distance as f64) as f32);
    let vertex_in = polygon.iter().any(|&v| {
        let d = sub(v, centre);
        dot(d, d) <= r2
    });
    let edge_in = || {
        (0..polygon.len()).any(|k| {
            let a = polygon[k];
            let b = polygon[(k + 1) % polygon.len()];
            let ab = sub(b, a);
            let ac = sub(centre, a);
            let len2 = dot(ab, ab);
            if len2 == 0.0 {
                return false;
            }
            let t = dot(ac, ab) / len2;
            if !(0.0..=1.0).contains(&t) {
                return false;
            }
            let closest = [ab[0] * t - ac[0], ab[1] * t - ac[1], ab[2] * t - ac[2]];
            dot(closest, closest) <= r2
        })
    };
    if vertex_in || edge_in() || inside_edges(polygon, normal, point) {
        Some(SphereContact { point, distance })
    } else {
        None
    }
}

/// The signed plane distance `(V − C) · N` of a sphere from the face through `first` with
/// `normal`, `None` when it rejects the face (sidedness, then the squared distance above
/// `r²`): the first test of [`sphere_contact`], which a query makes before loading the
/// rest of the face.
#[inline]
fn plane_distance(
    first: [f32; 3],
    normal: [f32; 3],
    centre: [f32; 3],
    radius: f32,
    sidedness: bool,
) -> Option<f32> {
    let distance = dot(sub(first, centre), widen(normal)) as f32;
    if sidedness && distance > SIDEDNESS_LIMIT {
        return None;
    }
    let r2 = radius as f64 * radius as f64;
    if (distance as f64 * distance as f64) > r2 {
        return None;
    }
    Some(distance)
}

/// A segment contact.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SegmentContact {
    /// The intersection, model coordinates.
    pub point: [f32; 3],
    /// The fraction from A to B × 32768, nearest (ties to even, the FPU's default mode).
    pub fraction: i32,
}

/// "Segment contact with model faces": endpoint distances `(V − A) · N`, `(V − B) · N`;
/// with sidedness an A distance above 4 rejects; one distance must be negative and the
/// other nonnegative (a segment in the plane never crosses); the fraction is
/// `dA / (dA − dB)` and the point must pass the inside test.
pub fn segment_contact(
    polygon: &[[f32; 3]],
    normal: [f32; 3],
    a: [f32; 3],
    b: [f32; 3],
    sidedness: bool,
) -> Option<SegmentContact> {
    let first = *polygon.first()?;
    let n = widen(normal);
    let da = dot(sub(first, a), n) as f32;
    let db = dot(sub(first, b), n) as f32;
    if sidedness && da > SIDEDNESS_LIMIT {
        return None;
    }
    let crosses = (da < 0.0 && db >= 0.0) || (db < 0.0 && da >= 0.0);
    if !crosses {
        return None;
    }
    let t = (da as f64 / (da as f64 - db as f64)) as f32;
    let point = [0, 1, 2].map(|k| (a[k] as f64 + (b[k] as f64 - a[k] as f64) * t as f64) as f32);
    if !inside_edges(polygon, normal, point) {
        return None;
    }
    Some(SegmentContact { point, fraction: crate::math::round_ties_even(t * FRACTION_SCALE) as i32 })
}

/// A face's first corner and its normal, map units.
fn face_plane(model: &Model<'_>, offset: u32, index: u32) -> Option<([f32; 3], [f32; 3])> {
    let face = model.face_at(offset, index)?;
    let first = model.vertex(face.vertices().next()?.index)?;
    let n = model.face_normal(index)?;
    Some((first.map(|x| x as f32 / 256.0), n.map(|x| x as f32 / 256.0)))
}

/// A face of a model, loaded into map units.
fn load_face(
    model: &Model<'_>,
    offset: u32,
    index: u32,
    out: &mut heapless::Vec<[f32; 3], MAX_CORNERS>,
) -> Option<[f32; 3]> {
    let face = model.face_at(offset, index)?;
    out.clear();
    for c in face.vertices() {
        let v = model.vertex(c.index)?;
        out.push(v.map(|x| x as f32 / 256.0)).ok()?;
    }
    let n = model.face_normal(index)?;
    Some(n.map(|x| x as f32 / 256.0))
}

/// One face contact of a model query.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FaceContact {
    /// The face index.
    pub face: u32,
    /// The contact point, model coordinates.
    pub point: [f32; 3],
    /// The face normal (stored ÷ 256).
    pub normal: [f32; 3],
    /// Segment fraction × 32768 (0 for sphere contacts).
    pub fraction: i32,
}

/// The contacts of one model query, in order of first success.
pub type ModelContacts = heapless::Vec<FaceContact, MAX_MODEL_CONTACTS>;

/// A sphere of a query, model coordinates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct QuerySphere {
    /// Centre.
    pub centre: [f32; 3],
    /// Radius.
    pub radius: f32,
}

/// "Collision face traversal" for spheres: spheres in order, then admitted subobjects
/// (version 5 only) in stored order, then their face references. A face that succeeded is
/// skipped for the rest of the query, even for later spheres; a failed one may be tried
/// again. Stops after 32 contacts.
///
/// The accepted-face set is the list of faces that succeeded, which is the contact list
/// itself: the query ends at its 32nd success, so the set never holds more than 32 faces,
/// whatever a face's index.
pub fn sphere_query(
    model: &Model<'_>,
    spheres: impl IntoIterator<Item = QuerySphere>,
    sidedness: bool,
) -> ModelContacts {
    let mut out = ModelContacts::new();
    sphere_traversal::<false>(model, spheres, sidedness, &mut out);
    out
}

/// Whether [`sphere_query`] would find a contact: the same traversal, stopped at the first
/// success.
pub fn sphere_touches(
    model: &Model<'_>,
    spheres: impl IntoIterator<Item = QuerySphere>,
    sidedness: bool,
) -> bool {
    let mut out = ModelContacts::new();
    sphere_traversal::<true>(model, spheres, sidedness, &mut out);
    !out.is_empty()
}

/// The sphere traversal into `out`, stopping at its 32nd contact, or at the first with
/// `FIRST`.
fn sphere_traversal<const FIRST: bool>(
    model: &Model<'_>,
    spheres: impl IntoIterator<Item = QuerySphere>,
    sidedness: bool,
    out: &mut ModelContacts,
) {
    let mut poly = heapless::Vec::new();
    for s in spheres {
        if sphere_faces(model, s, sidedness, FIRST, out, &mut poly) {
            return;
        }
    }
}

/// One sphere of [`sphere_traversal`] through the admitted subobjects and their faces;
/// `true` when the query is done (32 contacts, or one when `first`). Not generic, so it
/// is compiled once in this crate with the model accessors inlined into its loops.
fn sphere_faces(
    model: &Model<'_>,
    s: QuerySphere,
    sidedness: bool,
    first: bool,
    out: &mut ModelContacts,
    poly: &mut heapless::Vec<[f32; 3], MAX_CORNERS>,
) -> bool {
    for node in model.runtime_subobjects() {
        let centre = node.centre().map(|c| c as f32 / 256.0);
        let extents = node.extents().unwrap_or([1.0; 3]);
        if !sphere_admits_subobject(s.centre, s.radius, centre, node.radius() as f32 / 256.0, extents) {
            continue;
        }
        for r in node.face_refs() {
            if out.iter().any(|c| c.face == r.index) {
                continue;
            }
            // Most faces are rejected by their plane: only its first corner and normal are
            // read for that. A face that cannot be read is skipped either way.
            let Some((corner, normal)) = face_plane(model, r.face_offset, r.index) else { continue };
            if plane_distance(corner, normal, s.centre, s.radius, sidedness).is_none() {
                continue;
            }
            let Some(normal) = load_face(model, r.face_offset, r.index, poly) else { continue };
            if let Some(c) = sphere_contact(poly, normal, s.centre, s.radius, sidedness) {
                let _ = out.push(FaceContact { face: r.index, point: c.point, normal, fraction: 0 });
                if first || out.is_full() {
                    return true;
                }
            }
        }
    }
    false
}

/// "Collision face traversal" for a segment: admitted subobjects in order, their face
/// references in order, repeats kept; stops after 32 contacts.
pub fn segment_query(model: &Model<'_>, a: [f32; 3], b: [f32; 3], sidedness: bool) -> ModelContacts {
    let mut out = ModelContacts::new();
    let mut poly = heapless::Vec::new();
    for node in model.runtime_subobjects() {
        let centre = node.centre().map(|c| c as f32 / 256.0);
        let extents = node.extents().unwrap_or([1.0; 3]);
        if !segment_admits_subobject(a, b, centre, node.radius() as f32 / 256.0, extents) {
            continue;
        }
        for r in node.face_refs() {
            let Some(normal) = load_face(model, r.face_offset, r.index, &mut poly) else { continue };
            if let Some(c) = segment_contact(&poly, normal, a, b, sidedness) {
                let _ = out.push(FaceContact { face: r.index, point: c.point, normal, fraction: c.fraction });
                if out.is_full() {
                    return out;
                }
            }
        }
    }
    out
}

/// "Body-contact integer conversion": a world contact point to nearest map units and its
/// normal × 256 stored as f32 then nearest-even (not renormalised).
pub fn body_contact_integers(point: [f32; 3], normal: [f32; 3]) -> ([i32; 3], [i32; 3]) {
    use crate::math::round_ties_even;
    (point.map(|c| round_ties_even(c) as i32), normal.map(|c| round_ties_even(c * 256.0) as i32))
}
