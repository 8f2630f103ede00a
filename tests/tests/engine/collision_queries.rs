//! The model queries over a hand-built scene (seed 000): "Sphere model admission" before
//! every sphere query (obstacle probe, primary body query, residual query, selected-player
//! fallback), no caps the seed does not have — faces past index 4095, more than 64
//! support offers, more than 64 segment contacts — and the one {D:engine/player.md} adds: the
//! body query refuses shapes of more than 24 spheres.

use stros_core::collision::candidates::{Candidate, Candidates};
use stros_core::collision::faces::{QuerySphere, inside_edges, sphere_query};
use stros_core::collision::shape::{Bounds, Sphere, build};
use stros_core::collision::statics::{
    IDENTITY, PlacedModel, Scene, SupportProbe, face_contact_normals, face_contacts, fallback_support,
    ground_support, obstacle, vertical_offers,
};
use stros_core::collision::support::{Source, Support, SupportHistory};
use stros_core::collision::{SurfaceClass, admission::sphere_admits_model};
use stros_core::formats::model::Model;
use stros_core::terrain::VertexHeights;
use stros_tools::write::model::{FaceDesc, ModelDesc, SubobjectDesc, Version, to_bytes};

/// Every placement is a face-model candidate, in order.
struct TestScene<'a>(Vec<PlacedModel<'a>>);

impl<'a> Scene<'a> for TestScene<'a> {
    type Lists<'s>
        = Candidates
    where
        Self: 's;
    fn candidates(&self, _origin: [i32; 3], _query_radius: i32) -> Candidates {
        let mut c = Candidates::default();
        for k in 0..self.0.len() {
            c.faces.push(Candidate { placement: k, flags: 0 }).unwrap();
        }
        c
    }

    fn model(&self, index: usize) -> Option<PlacedModel<'a>> {
        self.0.get(index).copied()
    }
}

/// Terrain far below everything: never a support candidate.
struct Abyss;

impl VertexHeights for Abyss {
    fn vertex_y(&self, _i: i32, _j: i32) -> f32 {
        100_000.0
    }
}

/// A v5 model of quads (map-unit corners, unit normal), one subobject (centre 0, radius
/// 2000) listing `refs`; the header radius is irrelevant here (the placement carries it).
fn quads(faces: &[([[f32; 3]; 4], [f32; 3])], refs: Vec<u32>) -> Model<'static> {
    let mut d = ModelDesc { version: Version::V5_0, ..ModelDesc::default() };
    let mut normals = Vec::new();
    for (corners, n) in faces {
        // Wind the corners so the inside test holds with the stored normal.
        let mut c = corners.to_vec();
        let centre = [0, 1, 2].map(|k| c.iter().map(|p| p[k]).sum::<f32>() / 4.0);
        if !inside_edges(&c, *n, centre) {
            c.reverse();
        }
        let base = d.vertices.len() as u32;
        for p in &c {
            d.vertices.push(p.map(|v| (v * 256.0) as i32));
        }
        d.faces.push(FaceDesc::solid(5, &[base, base + 1, base + 2, base + 3]));
        normals.push(n.map(|v| (v * 256.0) as i32));
    }
    d.face_normals = Some(normals);
    d.radius = 256 * 2000;
    d.subobjects.push(SubobjectDesc { centre: [0; 3], radius: 256 * 2000, extents: [1.0; 3], faces: refs });
    Model::new_checked(Box::leak(to_bytes(&d).into_boxed_slice())).unwrap()
}

const UP: [f32; 3] = [0.0, -1.0, 0.0];

/// A horizontal square from `lo` to `hi` in X and Z at height `y`, facing up.
fn floor(lo: f32, hi: f32, y: f32) -> ([[f32; 3]; 4], [f32; 3]) {
    ([[lo, y, lo], [hi, y, lo], [hi, y, hi], [lo, y, hi]], UP)
}

fn placed(model: Model<'static>, position: [f32; 3], radius: f32) -> PlacedModel<'static> {
    PlacedModel { position, matrix: IDENTITY, model, radius, flags: 0 }
}

#[test]
fn a_sphere_the_model_radius_rejects_touches_nothing_in_any_sphere_query() {
    // A 100 × 100 floor at model Y 0 (X, Z 0…100), placed at (1000, 0, 1000). A radius-10
    // sphere centred 5 above the floor's point (50, 50) touches it (|distance| 5 ≤ 10).
    // Admission: the placement's offset from the sphere's actor origin, in actor-local axes
    // (identity here), is subtracted from the local centre, leaving (50, −5, 50): squared
    // length 2500 + 25 + 2500 = 5025. The sphere passes when 5025 ≤ R² + r² = R² + 100, so
    // R = 70 (5000) rejects it and R = 71 (5141) admits it — though (R + r)² = 6400 would
    // admit both.
    assert!(!sphere_admits_model([50.0, -5.0, 50.0], 10.0, [0.0; 3], 70.0));
    assert!(sphere_admits_model([50.0, -5.0, 50.0], 10.0, [0.0; 3], 71.0));
    let square = quads(&[floor(0.0, 100.0, 0.0)], vec![0]);
    for (radius, admitted) in [(70.0, false), (71.0, true)] {
        let scene = TestScene(vec![placed(square, [1000.0, 0.0, 1000.0], radius)]);
        // The obstacle probe, the primary body query and the residual query: the actor at
        // (1050, −5, 1050) with one local sphere at its origin.
        let origin = [1050, -5, 1050];
        let one = [Sphere { centre: [0; 3], radius: 10 }];
        assert_eq!(obstacle(&scene, origin, &IDENTITY, one.iter().copied(), 200), admitted, "R {radius}");
        let contacts: Vec<_> = face_contacts(&scene, origin, &IDENTITY, one.iter().copied(), 200).collect();
        assert_eq!(contacts.len(), admitted as usize, "R {radius}");
        if admitted {
            assert_eq!((contacts[0].point, contacts[0].normal), ([1050, 0, 1050], [0, -256, 0]));
        }
        let expected = if admitted { ([0, -256, 0], 1) } else { ([0; 3], 0) };
        assert_eq!(face_contact_normals(&scene, origin, &IDENTITY, one.iter().copied(), 200), expected);
        // The selected player's fallback sphere: radius 10 (history 0) at the origin plus the
        // positive Y extent (62) minus 3, with an identity rotation. At runtime Y −64 × 256
        // its centre is at map Y −64 + 59 = −5, the same sphere as above.
        let mut support = Support { height: -999, ..Support::default() };
        let at = [1050 * 256, -64 * 256, 1050 * 256];
        fallback_support(
            &mut support,
            &scene,
            SupportProbe {
                origin: at.map(|c| c >> 8),
                positive_y_extent: 62,
                query_radius: 200,
                steep_test: true,
            },
            [0; 3],
            &SupportHistory(0),
        );
        assert_eq!(support.found(), admitted, "R {radius}");
        if admitted {
            assert_eq!(
                (support.source, support.class, support.height),
                (Source::Model(0), Some(SurfaceClass::Ground), -999)
            );
        }
    }
}

#[test]
fn face_5000_of_a_big_model_is_hit() {
    // 5001 faces: 0…4999 a floor far away (X, Z 3000…3100), face 5000 the floor at 0…100.
    let mut faces = vec![floor(3000.0, 3100.0, 0.0); 5000];
    faces.push(floor(0.0, 100.0, 0.0));
    // The subobject lists every face, face 5000 twice.
    let mut refs: Vec<u32> = (0..=5000).collect();
    refs.push(5000);
    let model = quads(&faces, refs);
    assert_eq!(model.face_count(), 5001);
    let s = QuerySphere { centre: [50.0, -5.0, 50.0], radius: 10.0 };
    let hits = sphere_query(&model, [s, QuerySphere { centre: [60.0, -5.0, 50.0], ..s }], true);
    // Found once: the accepted-face list skips its second reference and the second sphere.
    assert_eq!(hits.iter().map(|c| c.face).collect::<Vec<_>>(), [5000]);
    // Through the production body query.
    let scene = TestScene(vec![placed(model, [1000.0, 0.0, 1000.0], 2000.0)]);
    let one = [Sphere { centre: [0; 3], radius: 10 }];
    let contacts: Vec<_> =
        face_contacts(&scene, [1050, -5, 1050], &IDENTITY, one.iter().copied(), 200).collect();
    assert_eq!(contacts.iter().map(|c| c.face).collect::<Vec<_>>(), [5000]);
}

#[test]
fn the_body_query_refuses_a_shape_of_more_than_24_spheres() {
    // {D:engine/player.md} "Sphere contact with model faces": the model body-query adapter
    // rejects working shapes of more than 24 spheres. Upright totals (8, Y, 8): radius
    // max(4, 8 / 2) = 4, spacing 3 × (4 / 2) = 6, (Y − 50) / 6 spheres, the last at
    // positive Y − 50 − 4.
    let upright = |y: i32| Bounds { total: [8, 2 * y, 8], positive: [4, y, 4], negative: [4, y, 4] };
    let scene_at = |y: f32| {
        TestScene(vec![placed(quads(&[floor(-20.0, 20.0, y)], vec![0]), [1000.0, 0.0, 1000.0], 2000.0)])
    };
    let origin = [1000, 0, 1000];
    // Y 194: 144 / 6 = 24 spheres, the allowed most. The first 23 at 4 − 97 + 6k (the 23rd
    // at 39), the 24th at 97 − 50 − 4 = 43. A floor at 45 is 2 from the 24th, 6 from the
    // 23rd: the 24th sphere alone blocks, and the body query returns the floor once.
    let full = build(&upright(97), 0, 50, -2);
    assert_eq!(full.ordinary(), 24);
    let scene = scene_at(45.0);
    assert!(obstacle(&scene, origin, &IDENTITY, full.ordinary_spheres(), 200));
    assert_eq!(face_contacts(&scene, origin, &IDENTITY, full.ordinary_spheres(), 200).count(), 1);
    // Y 200: 150 / 6 = 25 spheres, the 23rd and 24th at 4 − 100 + 6 × 22 = 36 and 42, the
    // 25th at 100 − 50 − 4 = 46. A floor at 39 is 3 from the 23rd and 24th, 7 from the
    // 25th: the first 24 spheres find it, yet the whole shape is refused before any of
    // them is tested — no block, no contact, no residual normal.
    let over = build(&upright(100), 0, 50, -2);
    assert_eq!(over.ordinary(), 25);
    let scene = scene_at(39.0);
    assert!(obstacle(&scene, origin, &IDENTITY, over.ordinary_spheres().take(24), 200));
    assert_eq!(face_contacts(&scene, origin, &IDENTITY, over.ordinary_spheres().take(24), 200).count(), 1);
    assert!(!obstacle(&scene, origin, &IDENTITY, over.ordinary_spheres(), 200));
    assert_eq!(face_contacts(&scene, origin, &IDENTITY, over.ordinary_spheres(), 200).count(), 0);
    assert_eq!(face_contact_normals(&scene, origin, &IDENTITY, over.ordinary_spheres(), 200), ([0; 3], 0));
}

#[test]
fn the_sixty_fifth_support_offer_and_later_still_compete() {
    // Three models of 32 stacked copies of one floor: each model query returns 32 contacts,
    // 96 offers in all. The third model's floor is 5 higher.
    let stack = |y: f32| quads(&vec![floor(-50.0, 50.0, y); 32], (0..32).collect());
    let (low, high) = (stack(0.0), stack(-5.0));
    let scene = TestScene(vec![
        placed(low, [1000.0, -240.0, 1000.0], 2000.0),
        placed(low, [1000.0, -240.0, 1000.0], 2000.0),
        placed(high, [1000.0, -240.0, 1000.0], 2000.0),
    ]);
    assert_eq!(vertical_offers(&scene, [1000, -302, 1000], 200, -290, -190).count(), 96);
    // The ordinary segment around −302 + 62 = −240, reach 50: −290 … −190. The low floors
    // (−240) rank 0.5 × 32768 = 16384, the high one (−245) 0.45 × 32768 = 14746: offers 65
    // to 96 win, the last of equals replacing (ranks ≤ the current one replace).
    let mut support = Support::default();
    ground_support(
        &mut support,
        &scene,
        &Abyss,
        SupportProbe {
            origin: [1000, -302, 1000],
            positive_y_extent: 62,
            query_radius: 200,
            steep_test: true,
        },
        50,
    );
    assert_eq!((support.source, support.height, support.rank), (Source::Model(2), -245, 14746));
}

#[test]
fn the_fallback_takes_a_non_side_contact_after_64_walls() {
    // Two models of 32 copies of a wall facing −Z 5 from the sphere, then a floor 5 below it:
    // the first non-side contact is the 65th.
    let wall =
        ([[-50.0, -50.0, 5.0], [50.0, -50.0, 5.0], [50.0, 50.0, 5.0], [-50.0, 50.0, 5.0]], [0.0, 0.0, -1.0]);
    let walls = quads(&vec![wall; 32], (0..32).collect());
    let ground = quads(&[floor(-50.0, 50.0, 5.0)], vec![0]);
    let at = [1000.0, 0.0, 1000.0];
    let scene =
        TestScene(vec![placed(walls, at, 2000.0), placed(walls, at, 2000.0), placed(ground, at, 2000.0)]);
    // The sphere (radius 10) at runtime Y −59 × 256: map −59 + 62 − 3 = 0.
    let mut support = Support::default();
    fallback_support(
        &mut support,
        &scene,
        SupportProbe {
            origin: [1000, -59, 1000],
            positive_y_extent: 62,
            query_radius: 200,
            steep_test: true,
        },
        [0; 3],
        &SupportHistory(0),
    );
    assert_eq!((support.source, support.normal), (Source::Model(2), [0, -256, 0]));
}
