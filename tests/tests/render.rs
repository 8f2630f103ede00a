//! A frame of the game: the world view from the follow camera with Cyrus, terrain, sky and
//! the HUD land in the framebuffer, and the embedded-graphics seam draws through it.

use embedded_graphics::prelude::*;
use embedded_graphics::primitives::{PrimitiveStyle, Rectangle};
use stros_core::config::SystemConfig;
use stros_core::input::{Action, Bindings, Input};
use stros_core::render::palette::HUD_TEXT;
use stros_core::render::{Framebuffer, HEIGHT, PaletteIndex, WIDTH};
use stros_core::session::Session;
use stros_core::world::Embedded;

fn session() -> Box<Session<'static>> {
    Box::new(Session::start(&Embedded, "HARBOUR", SystemConfig::installed(), Bindings::default()).unwrap())
}

fn frame(s: &Session<'_>) -> Vec<u8> {
    let mut px = vec![0u8; WIDTH * HEIGHT];
    let mut depth = vec![0f32; WIDTH * HEIGHT];
    s.draw(&mut Framebuffer::new(&mut px, WIDTH, HEIGHT).unwrap(), &mut depth);
    px
}

fn run(input: Input, updates: u32) -> (Box<Session<'static>>, Vec<u8>) {
    let mut s = session();
    for b in 0..updates {
        s.step(&input, b, None);
    }
    let px = frame(&s);
    (s, px)
}

/// Pixels of the 16-entry ramp starting at `start` (the embedded palette's layout).
fn ramp_pixels(px: &[u8], start: u8) -> usize {
    px.iter().filter(|&&i| i & !15 == start).count()
}

#[test]
fn a_frame_shows_cyrus_the_plateau_and_the_hud() {
    let (s, px) = run(Input::NONE, 30);
    // Cyrus from behind in the lower middle: his tunic (ramp 144) around the centre column
    // (the flag's red stripes, high on the right, are that ramp too).
    let tunic: Vec<(usize, usize)> = (40..HEIGHT)
        .flat_map(|y| (80..240).map(move |x| (x, y)))
        .filter(|&(x, y)| px[y * WIDTH + x] & !15 == 144)
        .collect();
    assert!(tunic.len() > 500, "tunic pixels: {}", tunic.len());
    let cx = tunic.iter().map(|p| p.0).sum::<usize>() / tunic.len();
    let cy = tunic.iter().map(|p| p.1).sum::<usize>() / tunic.len();
    assert!((150..170).contains(&cx) && (100..150).contains(&cy), "tunic centred at ({cx}, {cy})");
    // The plateau's meadow (ramp 96) and path sand (48) around him.
    assert!(ramp_pixels(&px, 96) > 5_000 && ramp_pixels(&px, 48) > 5_000);
    let hud_pixels = px[..12 * WIDTH].iter().filter(|&&i| i == HUD_TEXT).count();
    assert!(hud_pixels > 100, "HUD text in the top rows, found {hud_pixels}");
    // The 30th update of the BIOS-tick-per-frame run: FPS measured over the first window.
    assert_eq!(s.status_line().as_str(), "FPS 19  scale 161  ticks 0  run");
}

#[test]
fn same_inputs_same_pixels() {
    assert_eq!(run(Input::NONE, 30).1, run(Input::NONE, 30).1);
}

#[test]
fn walking_changes_the_view() {
    let (_, still) = run(Input::NONE, 20);
    let (s, walked) = run(Input::with(&[Action::Up, Action::Left]), 20);
    assert_ne!(walked, still);
    assert_ne!(s.world.selected_player().unwrap().angles.heading, 0, "left turns raised the heading");
}

#[test]
fn draw_target_fills_clipped_rectangles() {
    let mut px = vec![0u8; 8 * 4];
    let mut fb = Framebuffer::new(&mut px, 8, 4).unwrap();
    Rectangle::new(Point::new(6, 2), Size::new(10, 10))
        .into_styled(PrimitiveStyle::with_fill(PaletteIndex(9)))
        .draw(&mut fb)
        .unwrap();
    Pixel(Point::new(-1, 0), PaletteIndex(3)).draw(&mut fb).unwrap();
    Pixel(Point::new(0, 0), PaletteIndex(3)).draw(&mut fb).unwrap();
    assert_eq!(fb.size(), Size::new(8, 4));
    assert_eq!(fb.get(0, 0), Some(3));
    assert_eq!(fb.get(6, 2), Some(9));
    assert_eq!(fb.get(7, 3), Some(9));
    assert_eq!(fb.get(5, 2), Some(0));
    assert_eq!(px.iter().filter(|&&i| i == 9).count(), 4);
}
