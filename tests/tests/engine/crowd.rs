//! The crowd of `bench step --actors N` (`stros_tools::world::crowd`): walkers in rings
//! round marker 0, each update gathering its live collision candidates through the
//! distance cull of `World::live_models`.

use stros_core::config::SystemConfig;
use stros_core::files::{Embedded, Overlay};
use stros_core::input::{Bindings, Input};
use stros_host::World;
use stros_tools::world::crowd::{crowd_rgm, walker_definition};

/// Sixty-four walkers for 150 updates. In a debug build (how `cargo test` builds) every
/// ordinary update also gathers its live table the long way — every actor through the
/// gates and the model-distance test, no cull — and asserts the two agree, so this test
/// fails if the cull ever leaves out an actor the gather would admit. The walkers turn a
/// sixth of a turn every four strides, so rings meet and part.
#[test]
fn a_crowd_of_walkers_steps_with_the_distance_cull() {
    let rgm = crowd_rgm(64);
    let scene = format!("{}.RGM", stros_core::embedded::MAP);
    let files = Overlay::<_, 1>::new(Embedded).with(&scene, &rgm).unwrap();
    let mut world: Box<World> = Box::new(
        World::load(&files, stros_core::embedded::MAP, SystemConfig::installed(), Bindings::default())
            .unwrap(),
    );
    world.enter_marker(&files, 0, 0).unwrap();
    let walker = walker_definition();
    let at = |w: &World| -> Vec<[i32; 3]> {
        w.actors().iter().filter(|a| a.definition == walker).map(|a| a.position).collect()
    };
    let start = at(&world);
    assert_eq!(start.len(), 64);
    for tick in 0..150 {
        // The island's five actors (the yard's camera actor among them) and the 64
        // walkers, every update (the camera at marker 0 holds them all in its window).
        assert_eq!(world.step(&Input::NONE, tick).updated, 69, "update {tick}");
    }
    let end = at(&world);
    assert!(start.iter().zip(&end).all(|(a, b)| a != b), "every walker walked");
}
