//! The HUD line: FPS, frame scale and nominal ticks from [`crate::timing`].
//!
//! [`status_line`] formats the text without allocating (the terminal frontend prints it);
//! with the `embedded-graphics` feature `draw` renders it with a shadow in a mono font.

use core::fmt::Write as _;

use crate::timing::Clock;

/// Longest HUD line.
pub const STATUS_CAPACITY: usize = 64;

/// `FPS 12  scale 256  ticks 1` for the clock's latest update.
pub fn status_line(clock: &Clock) -> heapless::String<STATUS_CAPACITY> {
    let mut s = heapless::String::new();
    let t = clock.tick();
    // Capacity covers the widest i32 values, so the write cannot fail.
    let _ = write!(s, "FPS {}  scale {}  ticks {}", clock.measured_fps(), t.frame_scale, t.nominal_ticks);
    s
}

/// Draws `text` at the top left of `fb` in white with a black shadow.
#[cfg(feature = "embedded-graphics")]
pub fn draw(fb: &mut super::Framebuffer<'_>, text: &str) {
    use super::PaletteIndex;
    use super::palette::{HUD_SHADOW, HUD_TEXT};
    use embedded_graphics::mono_font::{MonoTextStyle, ascii::FONT_6X10};
    use embedded_graphics::prelude::*;
    use embedded_graphics::text::{Baseline, Text};

    let shadow = MonoTextStyle::new(&FONT_6X10, PaletteIndex(HUD_SHADOW));
    let ink = MonoTextStyle::new(&FONT_6X10, PaletteIndex(HUD_TEXT));
    // Drawing into a Framebuffer is infallible.
    let _ = Text::with_baseline(text, Point::new(4, 3), shadow, Baseline::Top).draw(fb);
    let _ = Text::with_baseline(text, Point::new(3, 2), ink, Baseline::Top).draw(fb);
}
