//! Seed 000's face contacts and traversal on hand-built geometry, and the seed-003 method:
//! 100,000 random sphere-vs-face and segment-vs-face cases against a straightforward f64
//! reference, agreeing except within a stated band around a boundary.

use stros_core::collision::faces::*;
use stros_core::formats::model::Model;
use stros_tests::Rng;
use stros_tools::write::model::{FaceDesc, ModelDesc, SubobjectDesc, to_bytes};

const UP: [f32; 3] = [0.0, -1.0, 0.0];
/// A 100 × 100 square at Y = 0 (Y down), wound so its normal faces up.
const SQUARE: [[f32; 3]; 4] = [[0.0, 0.0, 0.0], [100.0, 0.0, 0.0], [100.0, 0.0, 100.0], [0.0, 0.0, 100.0]];

#[test]
fn square_is_wound_for_its_normal() {
    assert!(inside_edges(&SQUARE, UP, [50.0, 0.0, 50.0]));
    assert!(inside_edges(&SQUARE, UP, [0.0, 0.0, 50.0]), "the boundary counts as inside");
    assert!(!inside_edges(&SQUARE, UP, [-0.5, 0.0, 50.0]));
}

#[test]
fn sphere_over_a_flat_square() {
    // Centre 10 above (Y −10): distance (V − C)·N = (0, 10, 0)·(0, −1, 0) = −10.
    let c = sphere_contact(&SQUARE, UP, [50.0, -10.0, 50.0], 10.0, true).unwrap();
    assert_eq!((c.distance, c.point), (-10.0, [50.0, 0.0, 50.0]), "equality is contact");
    assert!(sphere_contact(&SQUARE, UP, [50.0, -10.0, 50.0], 9.99, true).is_none());
    // Just behind the face: distance +4 passes, +4.5 is rejected with sidedness only.
    assert!(sphere_contact(&SQUARE, UP, [50.0, 4.0, 50.0], 10.0, true).is_some());
    assert!(sphere_contact(&SQUARE, UP, [50.0, 4.5, 50.0], 10.0, true).is_none());
    assert!(sphere_contact(&SQUARE, UP, [50.0, 4.5, 50.0], 10.0, false).is_some());
    // Off the edge: the projection (−6, 0, 50) is outside, but the edge is within reach.
    let c = sphere_contact(&SQUARE, UP, [-6.0, -8.0, 50.0], 10.0, true).unwrap();
    assert_eq!(c.point, [-6.0, 0.0, 50.0], "the reported contact stays the projection");
    assert!(sphere_contact(&SQUARE, UP, [-6.1, -8.0, 50.0], 10.0, true).is_none());
    // Near a corner: only the vertex is within reach.
    assert!(sphere_contact(&SQUARE, UP, [-6.0, -8.0, -0.0], 10.0, true).is_some());
}

#[test]
fn segment_through_a_flat_square() {
    // From 30 above to 10 below: dA = −30 (A above), dB = +10; t = −30 / −40 = 0.75.
    let c = segment_contact(&SQUARE, UP, [20.0, -30.0, 20.0], [20.0, 10.0, 20.0], true).unwrap();
    assert_eq!((c.point, c.fraction), ([20.0, 0.0, 20.0], 24576));
    // Ending exactly on the plane: dB = 0 is nonnegative, so it crosses, t = 1.
    assert_eq!(
        segment_contact(&SQUARE, UP, [20.0, -30.0, 20.0], [20.0, 0.0, 20.0], true).unwrap().fraction,
        32768
    );
    // Lying in the plane: no crossing.
    assert!(segment_contact(&SQUARE, UP, [10.0, 0.0, 10.0], [90.0, 0.0, 10.0], true).is_none());
    // Starting more than 4 behind: sidedness rejects.
    assert!(segment_contact(&SQUARE, UP, [20.0, 5.0, 20.0], [20.0, -30.0, 20.0], true).is_none());
    assert!(segment_contact(&SQUARE, UP, [20.0, 5.0, 20.0], [20.0, -30.0, 20.0], false).is_some());
    // Missing the square.
    assert!(segment_contact(&SQUARE, UP, [120.0, -30.0, 20.0], [120.0, 10.0, 20.0], true).is_none());
    let (p, n) = body_contact_integers([1.5, 2.5, -0.5], [0.0, -0.999, 0.0021]);
    assert_eq!((p, n), ([2, 2, 0], [0, -256, 1]));
}

/// A v5 model of flat 100 × 100 squares at Y = 0 (model units × 256), in `groups`.
fn squares(count: usize, groups: &[Vec<u32>]) -> Vec<u8> {
    let mut d = ModelDesc::default();
    for k in 0..count {
        let base = d.vertices.len() as u32;
        for [x, _, z] in SQUARE {
            d.vertices.push([(x * 256.0) as i32 + k as i32 * 25_600, 0, (z * 256.0) as i32]);
        }
        d.faces.push(FaceDesc::solid(5, &[base, base + 1, base + 2, base + 3]));
    }
    d.face_normals = Some(vec![[0, -256, 0]; count]);
    d.radius = 256 * 100 * (count as u32 + 1);
    for g in groups {
        d.subobjects.push(SubobjectDesc {
            centre: [0; 3],
            radius: d.radius,
            extents: [1.0; 3],
            faces: g.clone(),
        });
    }
    to_bytes(&d)
}

#[test]
fn a_face_in_two_subobjects_counts_once_for_spheres_and_twice_for_segments() {
    let bytes = squares(2, &[vec![0, 1], vec![1, 0]]);
    let m = Model::new_checked(&bytes).unwrap();
    let sphere = [QuerySphere { centre: [50.0, -5.0, 50.0], radius: 10.0 }];
    let hits = sphere_query(&m, sphere, true);
    assert_eq!(hits.iter().map(|c| c.face).collect::<Vec<_>>(), [0]);
    // A second sphere cannot report face 0 again.
    let two = [sphere[0], QuerySphere { centre: [60.0, -5.0, 60.0], radius: 10.0 }];
    assert_eq!(sphere_query(&m, two, true).len(), 1);
    let seg = segment_query(&m, [50.0, -50.0, 50.0], [50.0, 50.0, 50.0], true);
    assert_eq!(seg.iter().map(|c| c.face).collect::<Vec<_>>(), [0, 0], "segment queries keep repeats");
    // A face listed by no subobject never collides.
    let bytes = squares(2, &[vec![1]]);
    let m = Model::new_checked(&bytes).unwrap();
    assert!(sphere_query(&m, sphere, true).is_empty());
}

#[test]
fn forty_coplanar_faces_stop_at_32() {
    // Forty faces all at the same square (the same vertices each time).
    let mut d = ModelDesc::default();
    for [x, _, z] in SQUARE {
        d.vertices.push([(x * 256.0) as i32, 0, (z * 256.0) as i32]);
    }
    d.faces = (0..40).map(|_| FaceDesc::solid(5, &[0, 1, 2, 3])).collect();
    d.face_normals = Some(vec![[0, -256, 0]; 40]);
    d.radius = 256 * 200;
    d.subobjects.push(SubobjectDesc {
        centre: [0; 3],
        radius: d.radius,
        extents: [1.0; 3],
        faces: (0..40).collect(),
    });
    let bytes = to_bytes(&d);
    let m = Model::new_checked(&bytes).unwrap();
    let hits = sphere_query(&m, [QuerySphere { centre: [50.0, -5.0, 50.0], radius: 10.0 }], true);
    assert_eq!(hits.len(), 32);
    assert_eq!(hits.iter().map(|c| c.face).collect::<Vec<_>>(), (0..32).collect::<Vec<_>>());
    assert_eq!(segment_query(&m, [50.0, -50.0, 50.0], [50.0, 50.0, 50.0], true).len(), 32);
}

// --- The independent reference (plain f64) -------------------------------------------

type V = [f64; 3];
fn d(a: V, b: V) -> V {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}
fn dt(a: V, b: V) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}
fn cr(a: V, b: V) -> V {
    [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
}

/// Closest point of a convex planar polygon to `p`: the projection if inside, else the
/// closest point on the nearest edge.
fn closest_on_polygon(poly: &[V], n: V, p: V) -> (V, f64) {
    let dist = dt(d(poly[0], p), n);
    let proj = [p[0] + n[0] * dist, p[1] + n[1] * dist, p[2] + n[2] * dist];
    let inside =
        (0..poly.len()).all(|k| dt(cr(d(poly[k], proj), d(poly[(k + 1) % poly.len()], proj)), n) >= 0.0);
    if inside {
        return (proj, dist.abs());
    }
    let mut best = (proj, f64::MAX);
    for k in 0..poly.len() {
        let (a, b) = (poly[k], poly[(k + 1) % poly.len()]);
        let ab = d(b, a);
        let t = (dt(d(p, a), ab) / dt(ab, ab)).clamp(0.0, 1.0);
        let q = [a[0] + ab[0] * t, a[1] + ab[1] * t, a[2] + ab[2] * t];
        let e = d(p, q);
        let len = dt(e, e).sqrt();
        if len < best.1 {
            best = (q, len);
        }
    }
    best
}

/// A random convex polygon (a triangle or quad on a random plane) with its unit normal.
fn random_face(rng: &mut Rng) -> (Vec<[f32; 3]>, [f32; 3]) {
    let f = |rng: &mut Rng| rng.range(-1000, 1000) as f32 / 10.0;
    let n = loop {
        let v = [f(rng), f(rng), f(rng)];
        let l = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt();
        if l > 1.0 {
            break v.map(|c| c / l);
        }
    };
    // Two axes in the plane.
    let t = if n[0].abs() < 0.9 { [1.0, 0.0, 0.0] } else { [0.0, 1.0, 0.0] };
    let u = cr(t, n.map(|c| c as f64));
    let ul = dt(u, u).sqrt();
    let u = u.map(|c| c / ul);
    let w = cr(n.map(|c| c as f64), u);
    let origin = [f(rng), f(rng), f(rng)];
    let corners = if rng.range(0, 1) == 0 { 3 } else { 4 };
    let radius = rng.range(10, 80) as f64;
    let start = rng.range(0, 628) as f64 / 100.0;
    let poly = (0..corners)
        .map(|k| {
            // Counter-clockwise about n, so the inside test holds with the stored normal.
            let a = start + k as f64 * std::f64::consts::TAU / corners as f64;
            let (s, c) = (libm::sin(a), libm::cos(a));
            [0, 1, 2].map(|i| (origin[i] as f64 + radius * (c * u[i] + s * w[i])) as f32)
        })
        .collect();
    (poly, n)
}

#[test]
fn sphere_contact_matches_reference_on_100000_cases() {
    let mut rng = Rng(0x5_1ace);
    let (mut band, mut hits) = (0, 0);
    for case in 0..100_000 {
        let (poly, n) = random_face(&mut rng);
        let c = [0, 1, 2].map(|k| poly[0][k] + rng.range(-900, 900) as f32 / 10.0);
        let r = rng.range(1, 600) as f32 / 10.0;
        let core = sphere_contact(&poly, n, c, r, true).is_some();
        let pv: Vec<V> = poly.iter().map(|p| p.map(|x| x as f64)).collect();
        let nv = n.map(|x| x as f64);
        let signed = dt(d(pv[0], c.map(|x| x as f64)), nv);
        let (_, closest) = closest_on_polygon(&pv, nv, c.map(|x| x as f64));
        let reference = signed <= 4.0 && closest <= r as f64;
        hits += reference as u32;
        if core != reference {
            let near = (closest - r as f64).abs() < 1e-3 * r.max(1.0) as f64 || (signed - 4.0).abs() < 1e-3;
            assert!(
                near,
                "case {case}: core {core}, reference {reference}, closest {closest}, r {r}, signed {signed}"
            );
            band += 1;
        }
    }
    println!(
        "sphere vs face: {hits} contacts; {band} of 100000 cases disagreed, all within 1e-3 of a boundary"
    );
    assert!(hits > 5_000, "the cases must exercise contacts");
}

#[test]
fn segment_contact_matches_reference_on_100000_cases() {
    let mut rng = Rng(0x5e6_3e47);
    let (mut band, mut hits) = (0, 0);
    for case in 0..100_000 {
        let (poly, n) = random_face(&mut rng);
        let centre = poly[0];
        let around = |rng: &mut Rng| [0, 1, 2].map(|k| centre[k] + rng.range(-500, 500) as f32 / 10.0);
        let (a, b) = (around(&mut rng), around(&mut rng));
        let core = segment_contact(&poly, n, a, b, true);
        let pv: Vec<V> = poly.iter().map(|p| p.map(|x| x as f64)).collect();
        let nv = n.map(|x| x as f64);
        let (av, bv) = (a.map(|x| x as f64), b.map(|x| x as f64));
        let da = dt(d(pv[0], av), nv);
        let db = dt(d(pv[0], bv), nv);
        let crosses = (da < 0.0) != (db < 0.0) && da <= 4.0;
        let mut reference = false;
        let mut edge_gap = f64::MAX;
        if crosses {
            let t = da / (da - db);
            let p = [av[0] + (bv[0] - av[0]) * t, av[1] + (bv[1] - av[1]) * t, av[2] + (bv[2] - av[2]) * t];
            let (q, dist) = closest_on_polygon(&pv, nv, p);
            reference = dist < 1e-9 || d(q, p).iter().all(|c| c.abs() < 1e-9);
            // Distance from p to the polygon boundary, for the band.
            for k in 0..pv.len() {
                let (e0, e1) = (pv[k], pv[(k + 1) % pv.len()]);
                let ab = d(e1, e0);
                let tt = (dt(d(p, e0), ab) / dt(ab, ab)).clamp(0.0, 1.0);
                let g = d(p, [e0[0] + ab[0] * tt, e0[1] + ab[1] * tt, e0[2] + ab[2] * tt]);
                edge_gap = edge_gap.min(dt(g, g).sqrt());
            }
            if reference {
                let f = (t * 32768.0).round() as i32;
                let got = core.map(|c| c.fraction).unwrap_or(-1);
                assert!(core.is_none() || (got - f).abs() <= 1, "case {case}: fraction {got} vs {f}");
            }
        }
        hits += reference as u32;
        if core.is_some() != reference {
            let near = edge_gap < 1e-2 || (da - 4.0).abs() < 1e-3 || da.abs() < 1e-3 || db.abs() < 1e-3;
            assert!(
                near,
                "case {case}: core {:?}, reference {reference}, da {da}, db {db}, gap {edge_gap}",
                core
            );
            band += 1;
        }
    }
    println!(
        "segment vs face: {hits} contacts; {band} of 100000 cases disagreed, all within 1e-2 of an edge or 1e-3 of a plane"
    );
    assert!(hits > 3_000, "the cases must exercise contacts");
}

/// The sphere traversal on every collision model of the island (random spheres in and
/// around each): `sphere_query` equals a plain reference traversal that loads every
/// admitted face whole before testing it (the query reads a face's plane first and skips
/// the rest when the plane rejects), and `sphere_touches` is exactly "the query found a
/// contact".
#[test]
fn the_island_traversals_match_a_whole_face_reference() {
    use stros_core::collision::admission::sphere_admits_subobject;
    use stros_core::formats::rob::Rob;
    let rob = Rob::new_checked(stros_core::embedded::file("HARBOUR.ROB").unwrap()).unwrap();
    let reference = |m: &Model<'_>, s: QuerySphere| -> Vec<u32> {
        let mut hits = Vec::new();
        for node in m.runtime_subobjects() {
            let centre = node.centre().map(|c| c as f32 / 256.0);
            let extents = node.extents().unwrap_or([1.0; 3]);
            if !sphere_admits_subobject(s.centre, s.radius, centre, node.radius() as f32 / 256.0, extents) {
                continue;
            }
            for r in node.face_refs() {
                let Some(face) = m.face_at(r.face_offset, r.index) else { continue };
                let poly: Option<Vec<[f32; 3]>> =
                    face.vertices().map(|c| m.vertex(c.index).map(|v| v.map(|x| x as f32 / 256.0))).collect();
                let (Some(poly), Some(n)) = (poly, m.face_normal(r.index)) else { continue };
                let normal = n.map(|x| x as f32 / 256.0);
                if !hits.contains(&r.index)
                    && sphere_contact(&poly, normal, s.centre, s.radius, false).is_some()
                {
                    hits.push(r.index);
                }
            }
        }
        hits.truncate(MAX_MODEL_CONTACTS);
        hits
    };
    let mut rng = Rng(0x005e_ed0f_c011_1de5);
    let (mut models, mut touching) = (0, 0);
    for seg in rob.segments() {
        let Ok(m) = seg.model() else { continue };
        if m.runtime_subobjects().count() == 0 {
            continue;
        }
        models += 1;
        let reach = m.radius() as i32 / 256 + 40;
        for _ in 0..5_000 {
            let centre =
                [0; 3].map(|_: i32| rng.range(-reach, reach) as f32 + rng.range(0, 99) as f32 / 100.0);
            let s = QuerySphere { centre, radius: rng.range(1, 60) as f32 };
            let faces: Vec<u32> = sphere_query(&m, [s], false).iter().map(|c| c.face).collect();
            assert_eq!(faces, reference(&m, s), "{s:?}");
            assert_eq!(sphere_touches(&m, [s], false), !faces.is_empty());
            touching += !faces.is_empty() as usize;
        }
    }
    // Eleven collision models (the rope frame, link and weight among them); a fair share of
    // the spheres touch something.
    assert_eq!(models, 11);
    assert!(touching > 1_000, "{touching}");
}
