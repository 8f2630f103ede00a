//! The running skeleton's picture: terrain and HUD land in the framebuffer, and the
//! embedded-graphics seam draws through it.

use embedded_graphics::prelude::*;
use embedded_graphics::primitives::{PrimitiveStyle, Rectangle};
use stros_core::config::SystemConfig;
use stros_core::demo::{Demo, DemoInput};
use stros_core::render::palette::{HUD_TEXT, ramps};
use stros_core::render::{Framebuffer, HEIGHT, PaletteIndex, WIDTH};

fn frame(updates: u32) -> (Demo, Vec<u8>) {
    let mut demo = Demo::new(SystemConfig::installed());
    for b in 0..updates {
        demo.step(DemoInput::default(), b);
    }
    let mut px = vec![0u8; WIDTH * HEIGHT];
    demo.draw(&mut Framebuffer::new(&mut px, WIDTH, HEIGHT).unwrap());
    (demo, px)
}

#[test]
fn skeleton_frame_shows_sky_terrain_and_hud() {
    let (demo, px) = frame(30);
    let count = |r: stros_core::render::Ramp| px.iter().filter(|&&i| r.contains(i)).count();
    assert!(count(ramps::SKY) > 5_000, "sky");
    assert!(count(ramps::WATER) > 5_000, "sea");
    assert!(count(ramps::GRASS) + count(ramps::ROCK) > 2_000, "land");
    let hud_pixels = px[..12 * WIDTH].iter().filter(|&&i| i == HUD_TEXT).count();
    assert!(hud_pixels > 100, "HUD text in the top rows, found {hud_pixels}");
    // The 30th update of the BIOS-tick-per-frame run: FPS measured over the first window.
    assert_eq!(demo.status_line().as_str(), "FPS 19  scale 161  ticks 0");
}

#[test]
fn same_inputs_same_pixels() {
    assert_eq!(frame(30).1, frame(30).1);
}

#[test]
fn walking_changes_the_view() {
    let (_, still) = frame(20);
    let mut demo = Demo::new(SystemConfig::installed());
    let walk = DemoInput { forward: true, left: true, ..DemoInput::default() };
    for b in 0..20 {
        demo.step(walk, b);
    }
    let mut px = vec![0u8; WIDTH * HEIGHT];
    demo.draw(&mut Framebuffer::new(&mut px, WIDTH, HEIGHT).unwrap());
    assert_ne!(px, still);
    assert_ne!(demo.camera().angles.heading, 40, "left turns raised the heading");
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
