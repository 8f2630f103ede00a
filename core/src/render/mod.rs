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
//! [`view`] draws the world in 3D: the sky, the WLD terrain around the eye, the static
//! village models and animated actors, textured from their TEXBSI banks and lit through the
//! palette's shade table ([`palette::Shades`]), seen from a [`view::View`] such as the
//! third-person [`view::follow_view`]. [`look::Look`] gathers what decides how things look
//! (texture views, shade table, light, sky), built once from the world's files.
//! It rasterizes through [`raster`], a clipping, z-buffered, perspective-correct triangle
//! filler over the framebuffer and a depth buffer the caller owns, so nothing allocates.
//!
//! [`world`] puts a [`crate::world::World`] on screen: the follow camera behind the selected
//! player, the terrain with its water wave, the static placements and every actor in its
//! current frame. [`hud`] draws the health candle (and, on request, the debug lines) over
//! it.
//!
//! Both the original's 320×200 and its 640×400 option work: everything scales with the
//! framebuffer's width, up to [`MAX_WIDTH`].

pub mod bitmap;
mod camera;
pub mod compass;
pub mod flat;
pub mod fog;
pub mod framebuffer;
pub mod hud;
pub mod lights;
pub mod look;
pub mod palette;
pub mod raster;
mod span;
pub mod terrain;
pub mod text;
pub mod view;
pub mod world;

pub use framebuffer::{Framebuffer, PaletteIndex};
pub use look::Look;
pub use palette::{Palette, Ramp, Shades};

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
