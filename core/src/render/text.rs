//! FNT text on the virtual 640×480 screen ({D:engine/subtitles.md} "Glyphs";
//! {D:engine/hud.md} "Prompt text"), scaled to the framebuffer: subtitles, the activation
//! prompt and the topic menu.
//!
//! Exact: the pen advance (width + 1, a space also the width of `!`), the draw offsets,
//! index 0 transparent, the shadow copy drawn first one pixel right and down, the colours
//! the font's 6-bit palette shifted left two bits and scaled by the style's first value
//! over 255, the subtitle wrap and position (`crate::dialogue::subtitle`). The framebuffer
//! holds palette indices, so each colour is the scene palette's nearest, the shadow is
//! drawn in the palette's nearest black, and translucency is not reproduced (a best guess
//! in place of the Glide blend); a smaller screen keeps thin strokes (see `glyph`).

use super::Framebuffer;
use super::palette::Palette;
use crate::dialogue::subtitle::{self, SCREEN};
use crate::formats::fnt::Fnt;

/// A text style: the font palette's colours mapped to the scene palette after scaling by
/// the style's first value, and the shadow's index.
#[derive(Clone, Debug)]
pub struct Ink {
    colours: [u8; 256],
    shadow: Option<u8>,
}

impl Ink {
    /// The style of `[3dfx]` value `a` (255 full colour) for `font` over `palette`, with a
    /// black shadow or none.
    pub fn new(font: &Fnt<'_>, palette: &Palette, a: i32, shadow: bool) -> Ink {
        let mut colours = [0u8; 256];
        let scale = a.clamp(0, 255) as u32;
        if let Some(p) = font.palette() {
            for (k, c) in colours.iter_mut().enumerate() {
                let rgb = [0, 1, 2].map(|i| (((p[3 * k + i] as u32 & 63) << 2) * scale / 255) as u8);
                *c = palette.nearest(rgb);
            }
        } else {
            colours = core::array::from_fn(|k| k as u8);
        }
        Ink { colours, shadow: shadow.then(|| palette.nearest([0, 0, 0])) }
    }
}

/// Scales virtual x to the framebuffer.
fn sx(fb: &Framebuffer<'_>, x: i32) -> i32 {
    (x as i64 * fb.width() as i64 / SCREEN[0] as i64) as i32
}

/// Scales virtual y to the framebuffer.
fn sy(fb: &Framebuffer<'_>, y: i32) -> i32 {
    (y as i64 * fb.height() as i64 / SCREEN[1] as i64) as i32
}

/// Draws one glyph's pixels with its top-left at virtual `(x, y)`, each pixel through `ink`.
/// A framebuffer pixel shows the glyph pixel at its centre, or, where that is transparent,
/// the first opaque one its footprint covers, so that thin strokes survive a smaller screen.
fn glyph(
    fb: &mut Framebuffer<'_>,
    g: &crate::formats::fnt::Glyph<'_>,
    x: i32,
    y: i32,
    ink: impl Fn(u8) -> u8,
) {
    let (w, h) = (g.width as i32, g.height as i32);
    let (x0, x1, y0, y1) = (sx(fb, x), sx(fb, x + w), sy(fb, y), sy(fb, y + h));
    let (fw, fh) = (fb.width() as i64, fb.height() as i64);
    // The glyph columns (rows) framebuffer column (row) `d` covers, clamped to the glyph.
    let span = |d: i32, screen: i64, size: i64, origin: i32, extent: i32| {
        let from = (d as i64 * screen / size) as i32 - origin;
        let to = (((d as i64 + 1) * screen + size - 1) / size) as i32 - origin;
        (from.clamp(0, extent - 1), to.clamp(from.clamp(0, extent - 1) + 1, extent))
    };
    let at = |gx: i32, gy: i32| g.pixels.get((gy * w + gx) as usize).copied().unwrap_or(0);
    for dy in y0.max(0)..y1.min(fh as i32) {
        let (ry0, ry1) = span(dy, SCREEN[1] as i64, fh, y, h);
        for dx in x0.max(0)..x1.min(fw as i32) {
            let (rx0, rx1) = span(dx, SCREEN[0] as i64, fw, x, w);
            let centre = at((rx0 + rx1 - 1) / 2, (ry0 + ry1 - 1) / 2);
            let index = if centre != 0 {
                centre
            } else {
                (ry0..ry1)
                    .flat_map(|gy| (rx0..rx1).map(move |gx| (gx, gy)))
                    .map(|(gx, gy)| at(gx, gy))
                    .find(|&i| i != 0)
                    .unwrap_or(0)
            };
            if index != 0 {
                fb.set(dx as usize, dy as usize, ink(index));
            }
        }
    }
}

/// Draws `text` left-aligned with its line top at virtual `(x, y)`: the shadow copies,
/// then the main ones. Returns the pen's end x.
pub fn line(fb: &mut Framebuffer<'_>, font: &Fnt<'_>, ink: &Ink, text: &[u8], at: [i32; 2]) -> i32 {
    if let Some(s) = ink.shadow {
        pass(fb, font, text, [at[0] + 1, at[1] + 1], |_| s);
    }
    pass(fb, font, text, at, |i| ink.colours[i as usize])
}

fn pass(fb: &mut Framebuffer<'_>, font: &Fnt<'_>, text: &[u8], at: [i32; 2], ink: impl Fn(u8) -> u8) -> i32 {
    let mut pen = at[0];
    for &b in text {
        if let Some(g) = font.glyph(b).filter(|g| g.enabled) {
            glyph(fb, &g, pen + g.left as i32, at[1] + g.top as i32, &ink);
        }
        pen += subtitle::advance(font, b);
    }
    pen
}

/// Draws a subtitle: `text` wrapped at `[dialog] dialog_max_text_width` and centred,
/// the block's last line ending 26 above y 470.
pub fn subtitle(fb: &mut Framebuffer<'_>, font: &Fnt<'_>, ink: &Ink, text: &[u8], max_width: i32) {
    for (l, x, y) in subtitle::lines(font, text, subtitle::wrap_width(max_width)) {
        line(fb, font, ink, l, [x, y]);
    }
}
