//! Rendering in bands: a frame drawn as horizontal bands, each with a depth buffer of that
//! band only, is byte for byte the frame drawn whole — at the bench's spots (the follow
//! camera at markers 0, 2, 3 and 5, and a fixed view over the sea), at both resolutions, for
//! band heights from one line to more than the frame.

use stros_core::config::SystemConfig;
use stros_core::files::Embedded;
use stros_core::input::{Action, Bindings, Input};
use stros_core::render::view::View;
use stros_core::render::{Framebuffer, HEIGHT, HEIGHT_HIGH, WIDTH, WIDTH_HIGH, world as view};
use stros_host::Session;

/// The frame of `session` (or of `fixed` view of its world), drawn in bands of `band` rows
/// with a depth buffer of exactly one band; `band = h` is the whole-frame render.
fn frame(session: &Session<'_>, fixed: Option<&View>, (w, h): (usize, usize), band: usize) -> Vec<u8> {
    let mut pixels = vec![0u8; w * h];
    let mut depth = vec![0f32; w * band.min(h)];
    let mut fb = Framebuffer::new(&mut pixels, w, h).unwrap();
    match fixed {
        None => session.draw_in_bands(&mut fb, &mut depth, band),
        Some(v) => view::draw_in_bands(&mut fb, &mut depth, band, &session.world, v, &session.look),
    }
    pixels
}

#[test]
fn band_frames_equal_whole_frames() {
    let sea = View { eye: [30000.0, -600.0, 12000.0], heading: 0, pitch: 40 };
    for (marker, fixed) in [(0, None), (2, None), (3, None), (5, None), (0, Some(&sea))] {
        let mut session =
            stros_tests::start(&Embedded, "HARBOUR", SystemConfig::installed(), Bindings::default(), marker)
                .unwrap();
        for b in 0..6 {
            session.step(&Input::with(&[Action::Up]), b, None);
        }
        for size in [(WIDTH, HEIGHT), (WIDTH_HIGH, HEIGHT_HIGH)] {
            let whole = frame(&session, fixed, size, size.1);
            // The picture has something in it: more than a few palette indices.
            let mut seen = [false; 256];
            whole.iter().for_each(|&p| seen[p as usize] = true);
            assert!(seen.iter().filter(|&&s| s).count() > 8, "marker {marker} {size:?}");
            for band in [1, 2, 7, 16, 50, size.1 - 1, size.1 + 3] {
                let banded = frame(&session, fixed, size, band);
                let first = whole.iter().zip(&banded).position(|(a, b)| a != b);
                assert_eq!(first, None, "marker {marker} {size:?} band {band}: first differing pixel");
            }
        }
    }
}

#[test]
fn a_band_depth_of_one_band_is_enough_and_a_shorter_one_draws_nothing() {
    let session =
        stros_tests::start(&Embedded, "HARBOUR", SystemConfig::installed(), Bindings::default(), 5).unwrap();
    // 320×200 in bands of 51 rows: 16,320 depth values (65,280 bytes of f32 instead of
    // 256,000), the last band 47 rows.
    let whole = frame(&session, None, (WIDTH, HEIGHT), HEIGHT);
    assert_eq!(frame(&session, None, (WIDTH, HEIGHT), 51), whole);
    let mut pixels = vec![7u8; WIDTH * HEIGHT];
    let mut depth = vec![0f32; WIDTH * 51 - 1];
    let mut fb = Framebuffer::new(&mut pixels, WIDTH, HEIGHT).unwrap();
    let camera = view::follow(&session.world);
    view::draw_in_bands(&mut fb, &mut depth, 51, &session.world, &camera, &session.look);
    assert!(pixels.iter().all(|&p| p == 7), "a depth buffer short of one band draws nothing");
}
