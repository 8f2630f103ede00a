//! Seed 000's shape and candidate sections: "Upright actor collision spheres", the
//! horizontal shapes, "Per-update collision shape preparation", "Static collision list
//! order", "Model-distance candidate test", "Static candidate list separation", and the
//! sphere/segment admissions.

use stros_core::collision::admission::*;
use stros_core::collision::candidates::*;
use stros_core::collision::shape::*;

const CYRUS: Bounds = Bounds { total: [48, 128, 49], positive: [24, 62, 11], negative: [24, 66, 38] };

#[test]
fn cyrus_gets_two_radius_24_spheres_and_the_support_sphere() {
    let s = build(&CYRUS, 0, 50, -2);
    assert_eq!(s.kind, ShapeKind::Upright);
    // radius max(4, 49/2) = 24; spacing 3 × 12 = 36; (128 − 50) / 36 = 2 spheres.
    let centres: Vec<_> = s.ordinary_spheres().map(|p| (p.centre, p.radius)).collect();
    assert_eq!(centres, [([0, -42, 0], 24), ([0, -12, 0], 24)]);
    // The support sphere: 62 − 24 − (−2 << 8) − 2 = 548, the original's unit mix-up.
    assert_eq!(s.extra(), Some(Sphere { centre: [0, 548, 0], radius: 24 }));
    assert_eq!(working_counts(&s), (2, 3));
}

#[test]
fn upright_rules_scale_count_and_negative_height() {
    // RAEX scale 128 halves the stored radius; first centres keep the unscaled radius.
    let s = build(&CYRUS, 128, 50, -2);
    assert_eq!(s.ordinary_spheres().next().unwrap(), Sphere { centre: [0, -42, 0], radius: 12 });
    assert_eq!(s.ordinary_spheres().nth(1).unwrap().centre, [0, 62 - 50 - 12, 0]);
    // A tall actor: totals (20, 300, 20): radius 10, spacing 15, (300 − 50) / 15 = 16.
    let tall = Bounds { total: [20, 300, 20], positive: [10, 150, 10], negative: [10, 150, 10] };
    let s = build(&tall, 0, 50, -2);
    assert_eq!(s.ordinary(), 16);
    assert_eq!(
        s.ordinary_spheres().nth(1).unwrap().centre[1] - s.ordinary_spheres().next().unwrap().centre[1],
        15
    );
    // Total Y below post_collide_height: the available height becomes 50; minimum radius 4.
    let tiny = Bounds { total: [2, 30, 2], positive: [1, 15, 1], negative: [1, 15, 1] };
    let s = build(&tiny, -5, 50, -2);
    assert_eq!(
        (s.ordinary(), s.ordinary_spheres().next().unwrap().radius),
        (8, 4),
        "50 / (3 × 2) = 8, radius 4, scale 256"
    );
    // Ties pick the upright shape.
    let tie = Bounds { total: [100, 100, 40], positive: [50, 50, 20], negative: [50, 50, 20] };
    assert_eq!(build(&tie, 0, 50, -2).kind, ShapeKind::Upright);
}

#[test]
fn horizontal_shapes() {
    // X-dominant (200, 60, 40): radius 30; pch 50 < 60 → radius 30 − 25 = 5, Y = 5 − 30.
    let x = Bounds { total: [200, 60, 40], positive: [100, 30, 20], negative: [100, 30, 20] };
    let s = build(&x, 0, 50, -2);
    assert_eq!(s.kind, ShapeKind::XDominant);
    // spacing (3 × 5) >> 1 = 7; 200 / 7 = 28 spheres, all at the same X (5 − 100).
    assert_eq!(s.ordinary(), 28);
    assert!(s.ordinary_spheres().all(|p| p.centre == [-95, -25, 0] && p.radius == 5));
    assert_eq!(s.extra(), s.ordinary_spheres().next(), "a copy of the first sphere");
    assert_eq!(working_counts(&s), (28, 28));
    // Z-dominant (40, 30, 300) with pch 40, not below 2 × 20: radius 20, Y = −40, spacing 30.
    let z = Bounds { total: [40, 30, 300], positive: [20, 15, 150], negative: [20, 15, 150] };
    let s = build(&z, 0, 40, -2);
    assert_eq!(s.kind, ShapeKind::ZDominant);
    assert_eq!(s.ordinary(), 10);
    assert_eq!(s.ordinary_spheres().next().unwrap().centre, [0, -40, -130]);
    assert_eq!(s.ordinary_spheres().nth(9).unwrap().centre, [0, -40, -130 + 9 * 30]);
    // With pch 20 below 2 × 20 the radius drops to 10 and Y to 10 − 15; spacing 15.
    let s = build(&z, 0, 20, -2);
    assert_eq!(
        (
            s.ordinary(),
            s.ordinary_spheres().next().unwrap().centre,
            s.ordinary_spheres().next().unwrap().radius
        ),
        (20, [0, -5, -140], 10)
    );
    assert_eq!(
        Shape::default_shape().ordinary_spheres().collect::<Vec<_>>(),
        [Sphere { centre: [0; 3], radius: 12 }]
    );
}

#[test]
fn preparation_shifts_positions_and_stores_negated_angles() {
    let p = prepare([10_448_896, -513, 255], 0, 2036, 1);
    assert_eq!(p.origin, [40816.0, -3.0, 0.0]);
    assert_eq!(p.angle_fields, [0, 12, 2047]);
    // Upright: local forward (0, 0, 1) maps to (−sy, 0, cy).
    let m = collision_matrix([0, p.angle_fields[1], 0]);
    let sy = stros_core::tables::sin(12);
    let cy = stros_core::tables::cos(12);
    assert_eq!([m[0][2], m[1][2], m[2][2]], [-sy, 0.0, cy]);
}

#[test]
fn window_start_and_order() {
    assert_eq!(window_start_cell(0), 0);
    assert_eq!(window_start_cell(4607), 0);
    assert_eq!(window_start_cell(4608), 0);
    assert_eq!(window_start_cell(10_000), (10_000 - 4608) / 512);
    assert_eq!(window_start_cell(60_927), (60_927 - 4608) / 512);
    assert_eq!(window_start_cell(60_928), 109, "56,319 / 512 at the upper edge");
    assert_eq!(window_start_cell(65_535), 109);
    let cells: Vec<_> = window_cells(10_000, 20_000).collect();
    assert_eq!(cells.len(), 18 * 18 - 4);
    let (x0, z0) = (window_start_cell(10_000), window_start_cell(20_000));
    assert_eq!(cells[0], (x0 + 1, z0), "the corner (x0, z0) is omitted");
    assert_eq!(cells[16], (x0, z0 + 1), "then the next row starts at x0");
    assert!(!cells.contains(&(x0 + 17, z0 + 17)));
    assert!(cells.windows(2).all(|w| (w[0].1, w[0].0) < (w[1].1, w[1].0)), "X within Z order");
    assert!(is_window_border(10_000, 20_000, (x0, z0 + 5)));
    assert!(!is_window_border(10_000, 20_000, (x0 + 1, z0 + 5)));
    assert_eq!(placement_cell(35_000, 1023), (68, 1));
}

#[test]
fn distance_test_uses_f32_and_equality_passes() {
    // 3-4-5: distance 500 with radii 200 + 300 passes exactly at equality.
    assert!(within_distance([0, 0, 0], 200, [300.0, 0.0, 400.0], 300.0));
    assert!(!within_distance([0, 0, 0], 200, [300.0, 0.0, 400.5], 300.0));
    // Far out (near the map's 65535 edge and past it) the squared distance is stored as
    // f32, whose spacing above 2²⁴ is 2. Query radius 4000 and model radius 1000 combine
    // to 5000, squared 25,000,000. Offsets (5000, 0, 1) give 25,000,001 — beyond it — but
    // that rounds to the even 25,000,000 as f32, so the model passes; (5000, 0, 2) give
    // 25,000,004, representable, and fail. In f64 both would fail.
    for origin in [[60_000, -240, 30_000], [65_535, 0, 65_535], [70_000, 100, 90_000]] {
        let at = |dz: f32| [origin[0] as f32 + 5000.0, origin[1] as f32, origin[2] as f32 + dz];
        assert!(within_distance(origin, 4000, at(1.0), 1000.0), "{origin:?}");
        assert!(!within_distance(origin, 4000, at(2.0), 1000.0), "{origin:?}");
        assert_eq!(25_000_001f32, 25_000_000f32);
    }
    assert_eq!(search_radius(None), 200);
    assert_eq!(search_radius(Some(37.9)), 75);
}

#[test]
fn seventy_crates_in_one_cell_fill_the_64_cap() {
    // 70 face-model crates: the 65th ends the scan, so later barrels never arrive.
    let mut placements: Vec<(usize, u8, bool)> = (0..70).map(|k| (k, 0u8, true)).collect();
    placements.push((70, FLAG_ACTOR_STYLE, true));
    let c = separate(placements);
    assert_eq!(c.faces.len(), 64);
    assert!(c.truncated);
    assert!(c.actor_style.is_empty(), "the full face list ended the whole scan");
    // 70 barrels: the actor-style list fills at 64 and the scan continues to a face model.
    let mut placements: Vec<(usize, u8, bool)> = (0..70).map(|k| (k, FLAG_ACTOR_STYLE, true)).collect();
    placements.push((70, 0, true));
    placements.push((71, FLAG_EXCLUDED, true));
    placements.push((72, 0, false));
    let c = separate(placements);
    assert_eq!((c.actor_style.len(), c.faces.len(), c.truncated), (64, 1, false));
    assert_eq!(c.faces[0], Candidate { placement: 70, flags: 0 });
    // Flag 0x02 wins over 0x01.
    let c = separate([(0, FLAG_EXCLUDED | FLAG_ACTOR_STYLE, true)]);
    assert!(c.actor_style.is_empty() && c.faces.is_empty());
}

#[test]
fn sphere_admission_is_r_squared_plus_r_squared() {
    // Model radius 30, sphere radius 40: R² + r² = 2500, so 50 passes, 51 fails — though
    // (R + r)² = 4900 would admit up to 70.
    assert!(sphere_admits_model([0.0, 0.0, 50.0], 40.0, [0.0; 3], 30.0));
    assert!(!sphere_admits_model([0.0, 0.0, 51.0], 40.0, [0.0; 3], 30.0));
    // Subobject: d = (0, 0, 20), R = 10, e = (1, 1, 0.5): component (0, 0, 5) → 25 + r².
    assert!(
        sphere_admits_subobject([0.0, 0.0, 20.0], 19.4, [0.0; 3], 10.0, [1.0, 1.0, 0.5]),
        "400 ≤ 25 + 376.4"
    );
    assert!(
        !sphere_admits_subobject([0.0, 0.0, 20.0], 19.3, [0.0; 3], 10.0, [1.0, 1.0, 0.5]),
        "400 > 25 + 372.5"
    );
    assert!(
        sphere_admits_subobject([5.0, 5.0, 5.0], 0.0, [5.0, 5.0, 5.0], 0.0, [1.0; 3]),
        "zero displacement"
    );
}

#[test]
fn segment_admissions() {
    // Vertical segment from (20, −100, 0) to (20, 100, 0) against radius 25 at the origin:
    // passes through distance 20.
    let (a, b) = ([20.0, -100.0, 0.0], [20.0, 100.0, 0.0]);
    assert!(segment_admits_model(a, b, 25.0));
    assert!(!segment_admits_model(a, b, 19.0));
    assert!(segment_admits_model([10.0, 0.0, 0.0], [500.0, 0.0, 0.0], 12.0), "an endpoint inside");
    // The projection may be zero for the model test (closest point at A), not for subobjects.
    let (a, b) = ([0.0, 30.0, 0.0], [0.0, 30.0, 10.0]);
    assert!(segment_admits_model([0.0, 5.0, 0.0], [0.0, 5.0, -10.0], 5.0), "A on the radius");
    assert!(!segment_admits_model(a, b, 20.0));
    // Subobject with extents: scaling Y by 1/0.5 puts (0, 12, 0) at 24 from the centre.
    assert!(!segment_admits_subobject([0.0, 12.0, 0.0], [0.0, 12.0, 0.05], [0.0; 3], 20.0, [1.0, 0.5, 1.0]));
    assert!(segment_admits_subobject([0.0, 9.0, 0.0], [0.0, 9.0, 0.05], [0.0; 3], 20.0, [1.0, 0.5, 1.0]));
    // A segment shorter than √0.1 with both ends outside never passes.
    assert!(!segment_admits_subobject([30.0, 0.0, 0.0], [30.0, 0.0, 0.1], [0.0; 3], 20.0, [1.0; 3]));
}
