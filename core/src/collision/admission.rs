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
///
/// Most spheres are far from most nodes (or well inside), so the verdict is first taken
/// from `Σ component² = R² Σ (dₖ eₖ)² / |d|²` evaluated without the square root: the f32
/// stores move the stored sum by less than 2⁻²² of itself, so a margin of 10⁻⁵ either side
/// decides exactly as the stored components would. Inside the margin, or for non-finite or
/// vanishing sums, the components are computed as stored.
#[inline]
pub fn sphere_admits_subobject(
    centre: [f32; 3],
    radius: f32,
    node: [f32; 3],
    node_radius: f32,
    extents: [f32; 3],
) -> bool {
    const SLACK: f64 = 1e-5;
    let d = [0, 1, 2].map(|k| (centre[k] as f64 - node[k] as f64) as f32);
    let sq = dot(d, d);
    if sq == 0.0 {
        return true;
    }
    let r2 = radius as f64 * radius as f64;
    let weighted = [0, 1, 2].map(|k| d[k] as f64 * extents[k] as f64);
    let sum = node_radius as f64 * node_radius as f64 * (weighted.iter().map(|w| w * w).sum::<f64>() / sq);
    // A sum of normal size (or exactly zero, when every component is zero as stored).
    if sum == 0.0 || (sum > 1e-60 && sum < 1e300) {
        if sq > sum * (1.0 + SLACK) + r2 {
            return false;
        }
        if sq < sum * (1.0 - SLACK) + r2 {
            return true;
        }
    }
    admits_as_stored(d, sq, r2, node_radius, extents)
}

/// The admission with each component stored as f32: the definition.
fn admits_as_stored(d: [f32; 3], sq: f64, r2: f64, node_radius: f32, extents: [f32; 3]) -> bool {
    let len = libm::sqrt(sq);
    let comp = [0, 1, 2].map(|k| (d[k] as f64 * node_radius as f64 / len * extents[k] as f64) as f32);
    sq <= dot(comp, comp) + r2
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The admission with its margin shortcut agrees with the stored-component definition
    /// on spheres near the boundary, far from it, and on degenerate input.
    #[test]
    fn the_shortcut_decides_as_the_stored_components() {
        let mut bits = crate::test_support::xorshift64(0x9e37_79b9_7f4a_7c15);
        let mut unit = || bits.next().map_or(0.0, |s| (s >> 11) as f64 / (1u64 << 53) as f64);
        let odd = [0.0, -0.0, 1e-39, 1e-20, 1e30, f32::MAX, f32::INFINITY, f32::NAN];
        let mut near = 0;
        for n in 0..400_000u32 {
            let mut v = || (unit() * 2.0 - 1.0) as f32;
            let (node, node_radius) = ([v() * 500.0, v() * 500.0, v() * 500.0], (v().abs() * 300.0));
            let mut extents = [v().abs() * 2.0, v().abs() * 2.0, v().abs() * 2.0];
            let mut radius = v().abs() * 60.0;
            let dir = [v(), v(), v()];
            let (u0, u1, u2) = (v().abs() as f64, v().abs() as f64, v().abs() as f64);
            // Put the centre at a chosen distance from the node: often right at the
            // boundary √(Σcomp² + r²), where the margin must hand over.
            let len = (dir.iter().map(|c| (*c as f64).powi(2)).sum::<f64>()).sqrt().max(1e-9);
            let unit_dir = dir.map(|c| c as f64 / len);
            let bound = node_radius as f64
                * (0..3).map(|k| (unit_dir[k] * extents[k] as f64).powi(2)).sum::<f64>().sqrt();
            let edge = (bound * bound + radius as f64 * radius as f64).sqrt();
            let t = if n.is_multiple_of(2) { edge * (1.0 + (u0 - 0.5) * 1e-6) } else { edge * u0 * 2.0 };
            let mut centre = [0, 1, 2].map(|k| (node[k] as f64 + unit_dir[k] * t) as f32);
            if n.is_multiple_of(97) {
                let pick = |k: u64| odd[(k % odd.len() as u64) as usize];
                let r = ((u1 + u2) * 5e5) as u64;
                extents[(r % 3) as usize] = pick(r / 3);
                radius = if r.is_multiple_of(5) { pick(r / 7) } else { radius };
                centre[(r % 2) as usize] = if r.is_multiple_of(11) { pick(r / 13) } else { centre[0] };
            }
            let d = [0, 1, 2].map(|k| (centre[k] as f64 - node[k] as f64) as f32);
            let sq = dot(d, d);
            let want =
                sq == 0.0 || admits_as_stored(d, sq, radius as f64 * radius as f64, node_radius, extents);
            let got = sphere_admits_subobject(centre, radius, node, node_radius, extents);
            assert_eq!(got, want, "centre {centre:?} r {radius} node {node:?} R {node_radius} e {extents:?}");
            near += n.is_multiple_of(2) as usize;
        }
        assert!(near > 100_000);
        // Worked case: d = (10, 0, 0), R 8, e = (0.5, 1, 1): component 4, so the node admits
        // a sphere of radius r when 100 ≤ 16 + r², from r = √84 ≈ 9.165.
        assert!(sphere_admits_subobject([10.0, 0.0, 0.0], 9.17, [0.0; 3], 8.0, [0.5, 1.0, 1.0]));
        assert!(!sphere_admits_subobject([10.0, 0.0, 0.0], 9.16, [0.0; 3], 8.0, [0.5, 1.0, 1.0]));
    }
}
