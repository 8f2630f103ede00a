//! HUD bitmaps from GXA archives on the virtual 640×480 screen ({D:engine/hud.md} "Shared
//! rules"), scaled to the framebuffer: the top-left at the anchor plus the frame's draw
//! offsets, palette index 0 transparent.
//!
//! The framebuffer holds scene palette indices, so each of the archive's colours is the
//! scene palette's nearest ([`Colours`]; a best guess in place of the Glide build's true
//! colour textures). A framebuffer pixel shows the frame pixel under its centre.

use super::Framebuffer;
use super::palette::Palette;
use crate::dialogue::subtitle::SCREEN;
use crate::formats::gxa::{Compression, Frame};

/// Frames up to this many pixels are drawn when stored compressed (expanded on the stack
/// first); the shipped HUD frames are at most 119 × 83.
pub const MAX_DECODED: usize = 128 * 96;

/// An archive's colours in the scene palette: index `k` of the archive's 6-bit `BPAL` is
/// `colours[k]` (without a palette, the indices are the scene's own).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Colours(pub [u8; 256]);

impl Colours {
    /// The map of `bpal` (768 bytes of 6-bit RGB) onto `palette`.
    pub fn new(bpal: Option<&[u8]>, palette: &Palette) -> Colours {
        Colours(core::array::from_fn(|k| match bpal {
            Some(p) => palette.nearest([0, 1, 2].map(|i| (p.get(3 * k + i).copied().unwrap_or(0) & 63) << 2)),
            None => k as u8,
        }))
    }
}

impl Default for Colours {
    fn default() -> Self {
        Colours(core::array::from_fn(|k| k as u8))
    }
}

/// Draws `frame` with its top-left at virtual `at` plus its draw offsets (`offsets` false:
/// the anchor alone, as the power-up slots and the logbook icon are drawn).
pub fn draw(fb: &mut Framebuffer<'_>, frame: &Frame<'_>, colours: &Colours, at: [i32; 2], offsets: bool) {
    let at = if offsets { [at[0] + frame.offset[0] as i32, at[1] + frame.offset[1] as i32] } else { at };
    match frame.compression {
        Compression::Raw => draw_pixels(fb, frame, frame.data, colours, at),
        _ => draw_decoded(fb, frame, colours, at),
    }
}

/// A compressed frame, expanded first. Kept out of line: its buffer stays off the stack of
/// a raw frame's drawing.
#[inline(never)]
fn draw_decoded(fb: &mut Framebuffer<'_>, frame: &Frame<'_>, colours: &Colours, at: [i32; 2]) {
    let mut pixels = [0u8; MAX_DECODED];
    if frame.decode(&mut pixels).is_ok() {
        draw_pixels(fb, frame, &pixels, colours, at);
    }
}

/// The frame's `pixels` (row-major), each framebuffer pixel taking the one under its centre.
fn draw_pixels(fb: &mut Framebuffer<'_>, frame: &Frame<'_>, pixels: &[u8], colours: &Colours, at: [i32; 2]) {
    let (w, h) = (frame.width as i64, frame.height as i64);
    let (fw, fh) = (fb.width() as i64, fb.height() as i64);
    let (vw, vh) = (SCREEN[0] as i64, SCREEN[1] as i64);
    // The framebuffer rows and columns whose centres fall inside the frame.
    let x0 = ((at[0] as i64 * fw * 2 - vw).div_euclid(2 * vw) + 1).max(0);
    let x1 = (((at[0] as i64 + w) * fw * 2 - vw).div_euclid(2 * vw) + 1).min(fw);
    let y0 = ((at[1] as i64 * fh * 2 - vh).div_euclid(2 * vh) + 1).max(0);
    let y1 = (((at[1] as i64 + h) * fh * 2 - vh).div_euclid(2 * vh) + 1).min(fh);
    for y in y0..y1 {
        // The virtual row under this row's centre.
        let sy = ((2 * y + 1) * vh).div_euclid(2 * fh) - at[1] as i64;
        for x in x0..x1 {
            let sx = ((2 * x + 1) * vw).div_euclid(2 * fw) - at[0] as i64;
            if !(0..w).contains(&sx) || !(0..h).contains(&sy) {
                continue;
            }
            let k = pixels.get((sy * w + sx) as usize).copied().unwrap_or(0);
            if k != 0 {
                fb.set(x as usize, y as usize, colours.0[k as usize]);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 4 × 4 raw frame at virtual (8, 8) on a 320 × 240 framebuffer (half scale): pixels
    /// (4, 4)…(5, 5) show the virtual pixels under their centres, (8 + 1, 8 + 1), (11, 9),
    /// (9, 11), (11, 11): frame pixels (1, 1), (3, 1), (1, 3), (3, 3); index 0 stays.
    #[test]
    fn a_frame_lands_where_its_pixels_are() {
        let data: [u8; 16] = core::array::from_fn(|k| if k == 15 { 0 } else { 10 + k as u8 });
        let frame = Frame { width: 4, height: 4, offset: [0, 0], compression: Compression::Raw, data: &data };
        let mut px = [7u8; 320 * 240];
        let mut fb = Framebuffer::new(&mut px, 320, 240).unwrap();
        draw(&mut fb, &frame, &Colours::default(), [8, 8], true);
        let at = |x: usize, y: usize| px[y * 320 + x];
        assert_eq!([at(4, 4), at(5, 4), at(4, 5), at(5, 5)], [15, 17, 23, 7]);
        assert_eq!([at(3, 4), at(6, 4), at(4, 3), at(4, 6)], [7, 7, 7, 7]);
    }
}
