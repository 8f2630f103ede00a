//! Statics culled by the PVO ({D:formats/pvo/format.md} "MLST Section — Master Polygon Index
//! Table"): the camera's selected list decides which static placements are drawn, as it
//! decides which actors are presented.

use stros_core::input::Input;
use stros_core::render::view::project;
use stros_core::render::{Framebuffer, world as draw};
use stros_host::Session;

/// The island with a PVO whose one leaf (covering the whole map) selects `ids` (MPSO
/// indices), entered at marker 0, one update done.
fn island(ids: Vec<u16>) -> Box<Session<'static>> {
    let map = stros_core::embedded::MAP;
    let files = stros_tests::replaced(vec![(format!("{map}.PVO"), stros_tests::pvo_selecting(ids))]);
    let config = stros_core::config::SystemConfig::installed();
    let mut s = Box::new(stros_tests::start(files, map, config, Default::default(), 0).unwrap());
    s.step(&Input::NONE, 1000, None);
    s
}

fn frame(s: &Session<'_>) -> Vec<u8> {
    let (mut px, mut depth) = (vec![0u8; 320 * 200], vec![0f32; 320 * 200]);
    s.draw(&mut Framebuffer::new(&mut px, 320, 200).unwrap(), &mut depth);
    px
}

#[test]
fn a_static_the_list_does_not_select_is_not_drawn() {
    let count = stros_tools::world::village::PLACEMENTS.len() as u16;
    let all = island((0..count).collect());
    // MPSO 0 is the house at (33,000, −240, 33,600), 200 units each side, 300 high: at
    // marker 0 it stands ahead and to the left.
    let without = island((1..count).collect());
    let drawn = |s: &Session<'_>| s.world.drawn_statics().map(|p| p.mpso).collect::<Vec<_>>();
    assert_eq!(drawn(&all), (0..count).collect::<Vec<_>>());
    assert_eq!(drawn(&without), (1..count).collect::<Vec<_>>());
    // The middle of its wall facing the camera (z = 33,400, 150 up), on screen.
    let camera = draw::follow(&all.world);
    let [x, y] = project(&camera, 320, 200, [33_000.0, -390.0, 33_400.0]).unwrap().map(|c| c as usize);
    assert!(x < 320 && y < 200, "({x}, {y}) on screen");
    let (a, b) = (frame(&all), frame(&without));
    // The house stands in the fog, whose ordered dither covers some pixels of each 4 × 4
    // block in both pictures: the wall shows in the others.
    let block = |p: &[u8]| {
        (y & !3..(y & !3) + 4)
            .flat_map(|r| (x & !3..(x & !3) + 4).map(move |c| p[r * 320 + c]))
            .collect::<Vec<_>>()
    };
    assert_ne!(block(&a), block(&b), "the house's wall is gone around ({x}, {y})");
    // Away from the house, the picture is the same.
    assert_eq!(a[10 * 320 + 300], b[10 * 320 + 300]);
    // An empty list, like no PVO, draws every static.
    assert_eq!(drawn(&island(Vec::new())), (0..count).collect::<Vec<_>>());
}
