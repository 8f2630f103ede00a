//! {D:engine/player.md} "Per-update collision shape preparation": an actor whose definition
//! carries `RAVC` records collides with spheres rebuilt from the model frame it shows.

use stros_core::anim::Pose;
use stros_core::collision::shape::{Sphere, vertex_sphere};
use stros_core::config::SystemConfig;
use stros_core::embedded::MAP;
use stros_core::input::{Bindings, Input};
use stros_host::World;
use stros_tests::fixtures::{actor_named, lp};
use stros_tools::world::{archive, models, village};
use stros_tools::write::model::Version;
use stros_tools::write::rgm::{ActorDesc, RaanDesc};

#[test]
fn a_vertex_sphere_divides_toward_zero_and_adds_the_offset() {
    // −1000 / 256 = −3.9 → −3, 515 / 256 → 2, 1023 / 256 = 3.99 → 3; plus (−3, 2, 127).
    assert_eq!(
        vertex_sphere([-1000, 515, 1023], [-3, 2, 127], 40),
        Sphere { centre: [-6, 4, 130], radius: 40 }
    );
    // −1 / 256 truncates to 0, not −1 as a shift would give.
    assert_eq!(vertex_sphere([2560, -256, -1], [-3, 2, 127], 9), Sphere { centre: [7, 1, 127], radius: 9 });
}

/// The island with a GOLEM (two frames of its own model, two RAVC records on vertices 0 and
/// 1) placed on the plateau, loaded and entered at marker 0.
fn golem_world(second_radius: u32) -> (Box<World<'static>>, u16) {
    // The barrel's mesh with its first two vertices moved where the arithmetic shows:
    // frame 0 (the base) at (−1000, 515, 1023) and (512, 0, −300); frame 1 (absolute) at
    // (2560, −256, −1) and (−255, 768, 256).
    let mut mesh = models::barrel();
    mesh.vertices[0] = [-1000, 515, 1023];
    mesh.vertices[1] = [512, 0, -300];
    let mut moved = mesh.vertices.clone();
    moved[0] = [2560, -256, -1];
    moved[1] = [-255, 768, 256];
    let frames = vec![mesh.vertices.clone(), moved];
    let golem = archive::model_desc(&mesh, Version::V4_0, 4, &frames);
    let def = ActorDesc {
        name: b"GOLEM".to_vec(),
        raan: vec![RaanDesc { frame_count: 2, model_type: b'c', path: b"GOLEM.3DC".to_vec() }],
        // Group 0 shows frame 1 for good.
        groups: vec![lp(0, &[1])],
        bounds: [0, -1, -1],
        vertex_spheres: vec![([-3, 2, 127], 0, 40), ([0, -1, 5], 1, second_radius)],
        ..ActorDesc::default()
    };
    let mut desc = village::rgm_desc();
    desc.actors.push(def);
    desc.mpob.push(stros_tests::placement(71, "GOLEM", [35_000, -240, 30_500], false));
    let files = stros_tests::replaced(vec![
        (format!("{MAP}.RGM"), stros_tools::write::rgm::to_bytes(&desc)),
        ("GOLEM.3DC".to_string(), stros_tools::write::model::to_bytes(&golem)),
    ]);
    let mut w = Box::new(World::load(files, MAP, SystemConfig::installed(), Bindings::default()).unwrap());
    w.enter_marker(files, 0, 0).unwrap();
    let id = actor_named(&w, b"GOLEM");
    (w, id)
}

#[test]
fn ravc_spheres_follow_the_frame_the_actor_shows() {
    let (mut w, id) = golem_world(0x1_0000);
    let spheres = |w: &World<'_>| w.collision_spheres(id).collect::<Vec<_>>();
    // Frame 1: (2560/256 = 10 − 3, −256/256 = −1 + 2, −1/256 → 0 + 127) = (7, 1, 127);
    // (−255/256 → 0 + 0, 768/256 = 3 − 1, 256/256 = 1 + 5) = (0, 2, 6).
    let frame_1 =
        [Sphere { centre: [7, 1, 127], radius: 40 }, Sphere { centre: [0, 2, 6], radius: 0x1_0000 }];
    // Placement initialization already showed group 0's frame.
    assert_eq!(w.actor(id).unwrap().anim.pose.map(|p| p.frame), Some(1));
    assert_eq!(spheres(&w), frame_1);
    // Frame 0, the base vertices: (−6, 4, 130) as above; (512/256 = 2 + 0, 0 − 1,
    // −300/256 = −1.17 → −1 + 5) = (2, −1, 4).
    w.actor_mut(id).unwrap().anim.pose = Some(Pose { model: 0, frame: 0 });
    assert_eq!(
        spheres(&w),
        [Sphere { centre: [-6, 4, 130], radius: 40 }, Sphere { centre: [2, -1, 4], radius: 0x1_0000 }]
    );
    w.step(&Input::default(), 1000);
    assert_eq!(spheres(&w), frame_1, "the next update shows frame 1 again");
    // Cyrus has no RAVC records: his built shape's two spheres (seed 000's worked example).
    let cyrus = w.selected_player_id().unwrap();
    let built: Vec<_> = w.actor(cyrus).unwrap().shape.ordinary_spheres().collect();
    assert_eq!(w.collision_spheres(cyrus).collect::<Vec<_>>(), built);
    assert_eq!(built.len(), 2);
}

#[test]
fn the_overlap_response_meets_the_vertex_spheres() {
    // Cyrus stands still; the golem is put 70 map units east of him at his height.
    let run = |radius: u32| {
        let (mut w, id) = golem_world(radius);
        let cyrus = w.selected_player_id().unwrap();
        let at = w.actor(cyrus).unwrap().position;
        let g = w.actor_mut(id).unwrap();
        g.position = [at[0] + 70 * 256, at[1], at[2]];
        g.previous = g.position;
        w.step(&Input::default(), 1000);
        let p = w.actor(cyrus).unwrap().position;
        [p[0] - at[0], p[1] - at[1], p[2] - at[2]]
    };
    // A second sphere of radius 1 reaches nothing: Cyrus stays.
    assert_eq!(run(1), [0, 0, 0]);
    // Radius 80. Cyrus's first sphere (0, −42, 0), radius 24 (seed 000), against the golem's
    // first, (70 + 7, 1, 127) radius 40: distance 154 ≥ 64, apart. Against its second,
    // (70 + 0, 2, 6) radius 80: d = (−70, −44, −6), √6872 = 82.9 → 83 < 104, so the
    // depth is 104 − round(√(70² + 6²) = 70.26) = 34. The golem weighs 0 (immovable),
    // Cyrus 64: mobility 192, divisor 192 + 256 = 448, factor 131,072 / 448 = 292;
    // separation (292 × 192 × 34 >> 9) + 255 = 3,723 + 255 = 3,978, away from the golem
    // (heading west).
    assert_eq!(run(80), [-3978, 0, 0]);
}
