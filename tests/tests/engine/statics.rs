//! The static collision world over the embedded island: cell order, candidates, and the
//! ground-support, obstacle and residual queries against the village models.

use stros_core::collision::SurfaceClass;
use stros_core::collision::candidates::Candidate;
use stros_core::collision::shape::{Sphere, build, collision_matrix, prepare};
use stros_core::collision::statics::Scene;
use stros_core::collision::statics::{Statics, SupportProbe, face_contacts, ground_support, obstacle};
use stros_core::collision::support::{Source, Support, actor_y_from_support};
use stros_core::embedded;
use stros_core::formats::rgm::Rgm;
use stros_core::formats::rob::Rob;
use stros_core::formats::wld::Wld;
use stros_core::terrain::Decoded;

fn world() -> (Rgm<'static>, Rob<'static>, Wld<'static>) {
    (
        Rgm::new_checked(embedded::RGM).unwrap(),
        Rob::new_checked(embedded::ROB).unwrap(),
        Wld::new_checked(embedded::WLD).unwrap(),
    )
}

const CYRUS: stros_core::collision::shape::Bounds = stros_core::collision::shape::Bounds {
    total: [48, 128, 49],
    positive: [24, 62, 11],
    negative: [24, 66, 38],
};

#[test]
fn placements_sit_in_cells_in_reverse_mpso_order() {
    let (rgm, rob, _) = world();
    let s = Statics::<stros_core::capacity::Small>::new(&rgm, &rob).unwrap();
    assert_eq!((s.placements().len(), s.unmatched), (26, 0));
    // Barrel 7 (34300, 32200) and crate 10 (34200, 32000) share cell (66, 62): the later
    // MPSO record comes first.
    let order: Vec<usize> = s.window(34_300, 32_200).collect();
    let crate_at = order.iter().position(|&i| i == 10).unwrap();
    let barrel_at = order.iter().position(|&i| i == 7).unwrap();
    assert_eq!(barrel_at, crate_at + 1);
    // Flags: the plant (0x02) never becomes a candidate, barrels (0x01) go to the actor list.
    let c = s.candidates([34_300, -240, 32_200], 200);
    assert!(c.actor_style.iter().all(|k| s.placements()[k.placement].flags == 0x01));
    assert!(!c.actor_style.is_empty());
    assert!(c.faces.iter().all(|k| s.placements()[k.placement].flags == 0));
}

#[test]
fn ground_support_on_the_plateau_the_bridge_deck_and_under_it() {
    let (rgm, rob, wld) = world();
    let s = Statics::<stros_core::capacity::Small>::new(&rgm, &rob).unwrap();
    let t = Decoded::new(wld, 0);
    // On the plateau at marker 0: terrain at −240.
    let mut sup = Support::default();
    ground_support(
        &mut sup,
        &s,
        &t,
        SupportProbe {
            origin: [35_000, -302, 30_600],
            positive_y_extent: 62,
            query_radius: 98,
            steep_test: true,
        },
        50,
    );
    assert_eq!((sup.source, sup.height, sup.class), (Source::Terrain, -240, Some(SurfaceClass::Ground)));
    assert_eq!(actor_y_from_support(sup.height, 62, -2), -304 * 256);
    // On the bridge deck (world Y −410): the deck wins; the terrain is below the segment.
    ground_support(
        &mut sup,
        &s,
        &t,
        SupportProbe {
            origin: [35_840, -472, 29_400],
            positive_y_extent: 62,
            query_radius: 98,
            steep_test: true,
        },
        50,
    );
    assert!(matches!(sup.source, Source::Model(_)), "{sup:?}");
    assert_eq!((sup.height, sup.normal, sup.metadata), (-410, [0, -256, 0], 0));
    // Under the deck: the terrain, the deck far above the segment.
    ground_support(
        &mut sup,
        &s,
        &t,
        SupportProbe {
            origin: [35_840, -302, 29_400],
            positive_y_extent: 62,
            query_radius: 98,
            steep_test: true,
        },
        50,
    );
    assert_eq!((sup.source, sup.height), (Source::Terrain, -240));
}

#[test]
fn house_walls_block_and_report_contacts() {
    let (rgm, rob, _) = world();
    let s = Statics::<stros_core::capacity::Small>::new(&rgm, &rob).unwrap();
    let shape = build(&CYRUS, 0, 50, -2);
    // Facing west (heading 512) into the first house's east wall at X 33200.
    let near = prepare([33_215 * 256, -302 * 256, 33_600 * 256], 0, 512, 0);
    let m = collision_matrix(near.angle_fields);
    let origin = near.origin.map(|c| c as i32);
    assert!(obstacle(&s, origin, &m, shape.ordinary_spheres(), 98));
    assert!(!obstacle(&s, [33_300, -302, 33_600], &m, shape.ordinary_spheres(), 98));
    let contacts: Vec<_> = face_contacts(&s, origin, &m, shape.ordinary_spheres(), 98).collect();
    assert!(!contacts.is_empty());
    assert!(contacts.iter().any(|c| c.normal == [256, 0, 0] && c.point[0] == 33_200), "{contacts:?}");
    // A sphere well inside the house, away from walls and floor, touches nothing.
    let free = [Sphere { centre: [0, -60, 0], radius: 20 }];
    assert!(face_contacts(&s, [33_000, -302, 33_600], &m, free.iter().copied(), 98).next().is_none());
}

#[test]
fn startup_settling_and_the_fallback_sphere() {
    use stros_core::collision::statics::{SupportProbe, fallback_support, settle};
    use stros_core::collision::support::SupportHistory;
    let (rgm, rob, wld) = world();
    let s = Statics::<stros_core::capacity::Small>::new(&rgm, &rob).unwrap();
    let t = Decoded::new(wld, 0);
    // Marker 0 (35000, −240, 30600) × 256: settling finds the plateau at −240.
    let y = settle(&s, &t, [35_000 * 256, -240 * 256, 30_600 * 256], 62, -2);
    assert_eq!(y, Some((-240 - 62 - 2) * 256));
    // Dropped 300 above the bridge deck: the ±500 segment sees deck and terrain; the deck
    // ranks closer to the segment centre.
    let y = settle(&s, &t, [35_840 * 256, -772 * 256, 29_400 * 256], 62, -2);
    assert_eq!(y, Some((-410 - 62 - 2) * 256));
    // Fallback sphere on the deck: radius 10 at the feet minus 3 touches the deck (class 4).
    let mut sup = Support { height: -999, ..Support::default() };
    fallback_support(
        &mut sup,
        &s,
        SupportProbe {
            origin: [35_840, -472, 29_400],
            positive_y_extent: 62,
            query_radius: 98,
            steep_test: true,
        },
        [0; 3],
        &SupportHistory(0),
    );
    assert_eq!((sup.class, sup.height), (Some(SurfaceClass::Ground), -999), "the actor's Y is kept");
    // Far above anything: no contact, a miss.
    fallback_support(
        &mut sup,
        &s,
        SupportProbe {
            origin: [35_840, -900, 29_400],
            positive_y_extent: 62,
            query_radius: 98,
            steep_test: true,
        },
        [0; 3],
        &SupportHistory(3),
    );
    assert!(!sup.found());
}

#[test]
fn seventy_crates_in_one_cell_and_the_64_cap() {
    use stros_tools::world::{archive, mesh::Mesh, models};
    use stros_tools::write::model::Version;
    use stros_tools::write::rgm::{MpsoDesc, RgmDesc, to_bytes as rgm_bytes};
    use stros_tools::write::rob::{RobDesc, SegmentDesc, to_bytes as rob_bytes};
    let crate_mesh: Mesh = models::crate_box();
    let model = stros_tools::write::model::to_bytes(&archive::model_desc(&crate_mesh, Version::V5_0, 8, &[]));
    let rob = rob_bytes(&RobDesc {
        segments: vec![SegmentDesc::embedded("CRATE", model), {
            let mut b = SegmentDesc::embedded(
                "BARREL",
                stros_tools::write::model::to_bytes(&archive::model_desc(
                    &models::barrel(),
                    Version::V5_0,
                    8,
                    &[],
                )),
            );
            b.collision_flags = 0x01;
            b
        }],
    });
    let identity = [1 << 28, 0, 0, 0, 1 << 28, 0, 0, 0, 1 << 28];
    let mut mpso: Vec<MpsoDesc> = (0..70)
        .map(|k| MpsoDesc {
            id: k,
            model_name: b"CRATE".to_vec(),
            position: [10_240 + (k as i32 % 10) * 40, 0, 10_240 + (k as i32 / 10) * 40],
            matrix: identity,
        })
        .collect();
    // A barrel earlier in MPSO order sits later in the cell's list (reverse order).
    mpso.insert(
        0,
        MpsoDesc { id: 99, model_name: b"BARREL".to_vec(), position: [10_300, 0, 10_300], matrix: identity },
    );
    let rgm = rgm_bytes(&RgmDesc { mpso, ..RgmDesc::default() });
    let (rgm, rob) = (Rgm::new_checked(&rgm).unwrap(), Rob::new_checked(&rob).unwrap());
    // 71 placements: more than the small preset's 64, which refuses them.
    assert!(Statics::<stros_core::capacity::Small>::new(&rgm, &rob).is_err());
    let s = Statics::<stros_host::Desktop>::new(&rgm, &rob).unwrap();
    assert_eq!(s.placements().len(), 71);
    let c = s.candidates([10_400, 0, 10_400], 400);
    assert_eq!(c.faces.len(), 64, "the face list holds 64");
    assert!(c.truncated, "the 65th face model ends the scan");
    assert!(c.actor_style.is_empty(), "the barrel, last in the cell, was never reached");
    // The first candidate is the last crate in MPSO order.
    assert_eq!(c.faces[0].placement, 70);
}

/// The static scan visits only the window cells and list entries a query can reach (by the
/// largest radius, then each list's remaining largest radius). Against the whole window
/// with every placement distance-tested: the same lists, for placements of four sizes
/// (crate, barrel, stairs, house) scattered over cell corners and edges, queried from
/// points around and between them with radii from 0 to past a cell.
#[test]
fn the_pruned_static_scan_equals_the_whole_window() {
    use stros_core::collision::candidates::{separate, within_distance};
    use stros_tools::world::{archive, models};
    use stros_tools::write::model::Version;
    use stros_tools::write::rgm::{MpsoDesc, RgmDesc, to_bytes as rgm_bytes};
    use stros_tools::write::rob::{RobDesc, SegmentDesc, to_bytes as rob_bytes};
    let names = ["CRATE", "BARREL", "STAIRS", "HOUSE"];
    let meshes = [models::crate_box(), models::barrel(), models::stairs(), models::house()];
    let segments = names
        .iter()
        .zip(&meshes)
        .enumerate()
        .map(|(k, (name, mesh))| {
            let model =
                stros_tools::write::model::to_bytes(&archive::model_desc(mesh, Version::V5_0, 8, &[]));
            let mut s = SegmentDesc::embedded(name, model);
            s.collision_flags = [0, 0x01, 0, 0x02][k];
            s
        })
        .collect();
    let rob = rob_bytes(&RobDesc { segments });
    // The same placements and queries on every machine.
    let mut rng = stros_tests::Rng(0x2545_f491);
    let mut next = move |n: u32| rng.range(0, n as i32 - 1) as u32;
    let identity = [1 << 28, 0, 0, 0, 1 << 28, 0, 0, 0, 1 << 28];
    // Around the corner of cells (19..21, 19..21): 10,240 is a cell boundary.
    let mpso: Vec<MpsoDesc> = (0..300)
        .map(|k| MpsoDesc {
            id: k,
            model_name: names[[0, 0, 0, 1, 1, 2, 3][next(7) as usize]].as_bytes().to_vec(),
            position: [9_200 + next(2_100) as i32, next(400) as i32 - 200, 9_200 + next(2_100) as i32],
            matrix: identity,
        })
        .collect();
    let rgm = rgm_bytes(&RgmDesc { mpso, ..RgmDesc::default() });
    let (rgm, rob) = (Rgm::new_checked(&rgm).unwrap(), Rob::new_checked(&rob).unwrap());
    let s = Statics::<stros_host::Desktop>::new(&rgm, &rob).unwrap();
    let radii: Vec<f32> = s.placements().iter().map(|p| p.radius).collect();
    assert!(radii.iter().any(|&r| r > 400.0) && radii.iter().any(|&r| r < 80.0));
    let mut differing_counts = std::collections::BTreeSet::new();
    for _ in 0..20_000 {
        let origin = [8_700 + next(3_100) as i32, next(800) as i32 - 400, 8_700 + next(3_100) as i32];
        let radius = [0, 24, 98, 200, 600][next(5) as usize];
        let whole = separate(s.window(origin[0], origin[2]).map(|i| {
            let p = &s.placements()[i];
            (i, p.flags, within_distance(origin, radius, p.position, p.radius))
        }));
        assert_eq!(s.candidates(origin, radius), whole, "origin {origin:?}, radius {radius}");
        differing_counts.insert((whole.faces.len(), whole.actor_style.len()));
    }
    // The queries saw empty, partial and full lists alike.
    assert!(differing_counts.len() > 50, "{}", differing_counts.len());
    assert!(differing_counts.iter().any(|&(f, _)| f == 0) && differing_counts.iter().any(|&(f, _)| f == 64));

    // Through cell hints (what an actor update uses): five walkers, one per radius, each
    // keeping its hint as it strolls across cell edges; the same lists as the whole window,
    // whether the hint was kept, made again, or too long to keep.
    use stros_core::collision::candidates::Candidates;
    use stros_core::collision::statics::CellHint;
    let mut walkers: Vec<([i32; 3], i32, CellHint)> = [0, 24, 98, 200, 600]
        .iter()
        .map(|&r| ([9_000 + next(2_500) as i32, 0, 9_000 + next(2_500) as i32], r, CellHint::default()))
        .collect();
    let mut out = Candidates::new();
    for _ in 0..20_000 {
        for (origin, radius, hint) in walkers.iter_mut() {
            for k in [0, 2] {
                origin[k] = (origin[k] + next(61) as i32 - 30).clamp(8_700, 11_800);
            }
            origin[1] = next(800) as i32 - 400;
            s.candidates_hinted(*origin, *radius, hint, &mut out);
            assert_eq!(out, s.candidates(*origin, *radius), "origin {origin:?}, radius {radius}");
        }
    }
}

/// {D:engine/player.md} "Live and transient collision candidates": transient models come last,
/// into the face-model list only, with zero collision metadata and no distance filter, until
/// that list is full; queries that leave out candidate type 0x80 read the lists without them.
#[test]
fn transient_models_follow_the_live_actors_into_the_face_list() {
    use stros_core::world::live::{LiveModel, LiveScene};
    let (rgm, rob, _) = world();
    let s = Statics::<stros_core::capacity::Small>::new(&rgm, &rob).unwrap();
    let n = s.placements().len();
    // Near the barrel and the crate (the first test): both lists have static entries.
    let origin = [34_300, -240, 32_200];
    let face_static = (0..n).find(|&k| s.placements()[k].flags == 0).unwrap();
    let mut far = s.placed(face_static).unwrap();
    far.position = [0.0, 0.0, 0.0];
    far.flags = 0x40;
    // One live face model at the origin: candidate index n.
    let mut near = far;
    near.position = origin.map(|c| c as f32);
    let live = [LiveModel { actor: 9, placed: near, face: true }];
    let transients = [far, far];
    let without = LiveScene { statics: &s, live: &live, transients: &[] }.gather(origin, 200, None);
    let scene = LiveScene { statics: &s, live: &live, transients: &transients };
    let with = scene.gather(origin, 200, None);
    // Statics, then the live model (n), then both transients (n + 1, n + 2) although they
    // are 46,000 map units away, their flags read as 0.
    assert_eq!(with.actor_style, without.actor_style);
    let k = without.faces.len();
    assert_eq!(with.faces[..k], without.faces[..]);
    assert_eq!(without.faces[k - 1].placement, n);
    assert_eq!(
        with.faces[k..],
        [Candidate { placement: n + 1, flags: 0 }, Candidate { placement: n + 2, flags: 0 }]
    );
    assert!(scene.is_transient(n + 1) && scene.is_transient(n + 2));
    assert!(!scene.is_transient(n) && !scene.is_transient(n + 3));
    assert_eq!(scene.model(n + 2).unwrap().position, [0.0; 3]);
    assert_eq!(scene.without_transients(&with).unwrap(), without);
    assert_eq!(scene.without_transients(&without), None);
    // A face list 64 long keeps its first 64 entries: as many transients as it has room for.
    let many = vec![far; 64];
    let crowded = LiveScene { statics: &s, live: &live, transients: &many }.gather(origin, 200, None);
    assert_eq!(crowded.faces.len(), 64);
    assert_eq!(crowded.faces[63].placement, n + 1 + (63 - k));
}
