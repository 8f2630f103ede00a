//! Model and subobject admission ({M}): "Sphere model admission", "Collision subobject
//! admission", "Segment model admission" and "Segment subobject admission". Values the
//! seed says are stored at single precision are rounded to f32 where it says so.

/// The single-precision 0.1 the segment tests compare squared lengths against.
pub const MIN_SEGMENT_LENGTH_SQ: f32 = 0.1;

fn dot(a: [f32; 3], b: [f32; 3]) -> f64 {
    a[0] as f64 * b[0] as f64 + a[1] as f64 * b[1] as f64 + a[2] as f64 * b[2] as f64
}

/// "Sphere model admission": `local_offset` is the model placement minus the actor origin,
/// already in actor-local axes. The sphere passes when `|centre − offset|² ≤ R² + r²`
/// (the sum of the squares, not the square of the sum).
pub fn sphere_admits_model(
    sphere_centre: [f32; 3],
    sphere_radius: f32,
    local_offset: [f32; 3],
    model_radius: f32,
) -> bool {
    let d = [0, 1, 2].map(|k| (sphere_centre[k] as f64 - local_offset[k] as f64) as f32);
    let sq = dot(d, d) as f32;
    let limit =
        (model_radius as f64 * model_radius as f64 + sphere_radius as f64 * sphere_radius as f64) as f32;
    sq <= limit
}

/// "Collision subobject admission" for a sphere at `centre` (model coordinates): with
/// `d = centre − node`, each component of `d × R / |d| × e` is stored as f32, and the node
/// passes when `|d|² ≤ Σ component² + r²`. A zero displacement always passes.
pub fn sphere_admits_subobject(
    centre: [f32; 3],
    radius: f32,
    node: [f32; 3],
    node_radius: f32,
    extents: [f32; 3],
) -> bool {
    let d = [0, 1, 2].map(|k| (centre[k] as f64 - node[k] as f64) as f32);
    let sq = dot(d, d);
    if sq == 0.0 {
        return true;
    }
    let len = libm::sqrt(sq);
    let comp = [0, 1, 2].map(|k| (d[k] as f64 * node_radius as f64 / len * extents[k] as f64) as f32);
    sq <= dot(comp, comp) + radius as f64 * radius as f64
}

/// The bounded segment/radius test shared by the segment admissions, on endpoints `a`, `b`
/// already relative to the centre. `strict_projection` requires `P > 0` (subobjects) instead
/// of `P ≥ 0` (the model radius).
fn segment_near(a: [f32; 3], b: [f32; 3], r: f32, strict_projection: bool) -> bool {
    let r2 = (r as f64 * r as f64) as f32;
    if (dot(a, a) as f32) <= r2 || (dot(b, b) as f32) <= r2 {
        return true;
    }
    let d = [0, 1, 2].map(|k| (a[k] as f64 - b[k] as f64) as f32);
    let l = dot(d, d) as f32;
    let p = dot(a, d) as f32;
    if l < MIN_SEGMENT_LENGTH_SQ {
        return false;
    }
    let projection_ok = if strict_projection { p > 0.0 } else { p >= 0.0 };
    if !projection_ok || p > l {
        return false;
    }
    let a2 = dot(a, a) as f32;
    (a2 as f64 * l as f64 - p as f64 * p as f64) <= r2 as f64 * l as f64
}

/// "Segment model admission": endpoints in model-local coordinates against the model
/// radius around the origin.
pub fn segment_admits_model(a: [f32; 3], b: [f32; 3], model_radius: f32) -> bool {
    segment_near(a, b, model_radius, false)
}

/// "Segment subobject admission": endpoints minus the node centre, each component times the
/// f32 reciprocal of its extent factor (stored f32), against the node radius.
pub fn segment_admits_subobject(
    a: [f32; 3],
    b: [f32; 3],
    node: [f32; 3],
    node_radius: f32,
    extents: [f32; 3],
) -> bool {
    let inv = extents.map(|e| (1.0f64 / e as f64) as f32);
    let scale = |p: [f32; 3]| {
        [0, 1, 2].map(|k| (((p[k] as f64 - node[k] as f64) as f32) as f64 * inv[k] as f64) as f32)
    };
    segment_near(scale(a), scale(b), node_radius, true)
}
