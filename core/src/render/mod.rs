//! The software renderer: 8-bit indexed pixels into a framebuffer the frontend owns.
//!
//! The original draws 320×200 (or 640×400) palette indices and lights them through shading
//! ramps of its palette; Stros does the same so that one renderer can feed a window, a
//! terminal or a microcontroller's LCD. The frontend only converts indices to its colours
//! ([`Palette`]) and presents them.
//!
//! With the `embedded-graphics` feature, [`Framebuffer`] is an `embedded_graphics`
//! `DrawTarget` over [`PaletteIndex`] colours and [`hud`] draws text through its fonts.
//!
//! This first renderer draws a heightfield column by column ([`terrain`]); the textured
//! WLD terrain, models and actors replace it as the world arrives.

pub mod framebuffer;
pub mod hud;
pub mod palette;
pub mod raster;
pub mod terrain;

pub use framebuffer::{Framebuffer, PaletteIndex};
pub use palette::{Palette, Ramp};

/// Width of the original's low-resolution mode.
pub const WIDTH: usize = 320;
/// Height of the original's low-resolution mode.
pub const HEIGHT: usize = 200;
/// Width of the high-resolution option.
pub const WIDTH_HIGH: usize = 640;
/// Height of the high-resolution option.
pub const HEIGHT_HIGH: usize = 400;
/// Widest framebuffer the renderer's fixed per-column buffers accept.
pub const MAX_WIDTH: usize = WIDTH_HIGH;
