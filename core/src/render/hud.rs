//! The HUD: the health candle ({E§1.10}, {D:engine/hud.md}) and the debug
//! lines — the status line (FPS, frame scale and nominal ticks from [`crate::timing`]) and
//! the console's `object coord` report of the player's start and current position.
//!
//! [`Candle`] is the candle's state machine: the shown level stepping one level per
//! rendered frame toward the health's level through transition frames, the five-frame
//! flicker, the snuff-out, and the show timer of `[screen] candle_mode` 0. It only counts;
//! [`draw_candle`] draws a frame of it. The original draws frames of `SYSTEM\SNUFF.GXA`
//! (81 frames of 50×98 on its virtual 640×480 screen at `candle_xco`, `candle_yco` =
//! 12, 8); no world Stros ships has that image, so the candle is drawn as a shape whose wax
//! follows the frame's level and whose flame follows its flicker step, in the palette
//! colours nearest to wax, brass and flame ([`CandleColours`]).
//!
//! Text ([`status_line`], [`object_coord`]) is formatted without allocating; with the
//! `embedded-graphics` feature it is drawn in a mono font with a shadow.

use crate::actor::attr;
use core::fmt::Write as _;

use super::Framebuffer;
use super::palette::Palette;
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

/// Longest `object coord` line.
pub const COORD_CAPACITY: usize = 80;

/// One line of the `object coord` report: `label` then the runtime position (Q8, eight
/// fractional bits) and the map position (runtime >> 8), e.g.
/// `start 8960000 -77312 7833600  map 35000 -302 30600`.
pub fn object_coord(label: &str, runtime: [i32; 3]) -> heapless::String<COORD_CAPACITY> {
    let mut s = heapless::String::new();
    let m = runtime.map(|c| c >> 8);
    // 5 + 3 × 12 + 5 + 3 × 9 < 80 for labels up to 7 bytes; a longer label is cut short.
    let _ = write!(s, "{label} {} {} {}  map {} {} {}", runtime[0], runtime[1], runtime[2], m[0], m[1], m[2]);
    s
}

/// The snuffed level (health 0).
pub const SNUFFED: u8 = 11;
/// First frame of the snuff-out animation.
pub const SNUFF_FRAME: u8 = 66;
/// Frames of the candle image.
pub const FRAMES: u8 = 81;
/// Show-timer value after a health change or a draw/sheathe.
pub const SHOW_TICKS: i32 = 25;
/// Show-timer value that never decays (sword drawn, inventory open).
pub const HOLD_TICKS: i32 = 50;

/// The candle level of `health` ({D:engine/hud.md} "Level"):
/// `((((100 − min(h, 100)) × 256) / 100) × 11) >> 8`, 0 at
/// 91–100 up to 10 at 1–8 and 11 (snuffed) only at 0. Health below 0 counts as 0.
pub fn level(health: i32) -> u8 {
    let h = health.clamp(0, attr::MAX_HEALTH);
    ((((attr::MAX_HEALTH - h) * 256) / attr::MAX_HEALTH * 11) >> 8) as u8
}

/// The health candle's state: shown level `S` (unset until the first frame), step counter
/// `C`, the frame last shown and the show timer `T` (whole nominal ticks).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Candle {
    shown: Option<u8>,
    counter: u8,
    frame: u8,
    timer: i32,
}

impl Candle {
    /// A candle as a play session opens: `S` unset, `C` 0, the timer 0.
    pub const fn new() -> Candle {
        Candle { shown: None, counter: 0, frame: 0, timer: 0 }
    }

    /// One rendered frame with the player at `health` (whether or not the candle is
    /// visible; {D:engine/hud.md} "Animation", frames by "Frame layout"): steps the shown level one level toward the health's, or flickers, or
    /// snuffs; returns the frame shown.
    pub fn advance(&mut self, health: i32) -> u8 {
        let target = level(health);
        let mut s = self.shown.unwrap_or(target);
        if target < SNUFFED {
            self.counter = if self.counter >= 4 { 0 } else { self.counter + 1 };
            if s < target {
                self.frame = 6 * s + 5;
                s += 1;
                self.counter = 4;
            } else if s > target {
                s -= 1;
                self.frame = 6 * s + 5;
                self.counter = 4;
            } else {
                self.frame = 6 * s + self.counter;
            }
        } else {
            if s == SNUFFED {
                self.counter = self.counter.saturating_add(1);
            } else {
                s = SNUFFED;
                self.counter = 0;
            }
            self.counter = self.counter.min(14);
            self.frame = SNUFF_FRAME + self.counter;
        }
        self.shown = Some(s);
        self.frame
    }

    /// The frame last shown (0 before the first [`Candle::advance`]).
    pub fn frame(&self) -> u8 {
        self.frame
    }

    /// The shown level `S`, `None` before the first frame.
    pub fn shown_level(&self) -> Option<u8> {
        self.shown
    }

    /// The show timer `T`, whole nominal ticks.
    pub fn timer(&self) -> i32 {
        self.timer
    }

    /// The player's health changed: `T` = 25 while it is below 50.
    pub fn health_changed(&mut self) {
        if self.timer < HOLD_TICKS {
            self.timer = SHOW_TICKS;
        }
    }

    /// The player drew or sheathed the sword: `T` = 25.
    pub fn weapon_toggled(&mut self) {
        self.timer = SHOW_TICKS;
    }

    /// A frame with the sword drawn: `T` = 50 while `lockout` is 0.
    pub fn sword_drawn(&mut self, lockout: u16) {
        if lockout == 0 {
            self.timer = HOLD_TICKS;
        }
    }

    /// The inventory screen opened (`T` = 50) or closed (`T` = 0).
    pub fn inventory(&mut self, open: bool) {
        self.timer = if open { HOLD_TICKS } else { 0 };
    }

    /// Whether the candle is drawn under `[screen] candle_mode` `mode` ({D:engine/hud.md}
    /// "Visibility" of the candle): only while
    /// `lockout` is 0, and in mode 0 only while the timer runs.
    pub fn visible(&self, mode: i32, lockout: u16) -> bool {
        lockout == 0 && (mode != 0 || self.timer > 0)
    }

    /// Whether the health number is drawn below the candle: mode 2, when it is visible.
    pub fn shows_number(&self, mode: i32, lockout: u16) -> bool {
        mode == 2 && self.visible(mode, lockout)
    }

    /// After drawing a frame that passed `ticks` nominal ticks: a timer strictly between 0
    /// and 50 loses them, stopping at 0; 50 never decays; nothing decays while `lockout`
    /// hides the candle.
    pub fn decay(&mut self, ticks: i32, lockout: u16) {
        if lockout == 0 && self.timer > 0 && self.timer < HOLD_TICKS {
            self.timer = self.timer.saturating_sub(ticks.max(0)).max(0);
        }
    }
}

/// The candle's anchor on the original's virtual 640×480 screen (`candle_xco`,
/// `candle_yco`).
pub const CANDLE_AT: [i32; 2] = [12, 8];
/// The candle image's size on the virtual screen.
pub const CANDLE_SIZE: [i32; 2] = [50, 98];
/// The virtual screen the HUD is laid out on.
pub const VIRTUAL: [i32; 2] = [640, 480];

/// The palette indices the candle is drawn in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CandleColours {
    /// Lit wax.
    pub wax: u8,
    /// Wax in shadow (the body's right edge).
    pub shadow: u8,
    /// The brass dish.
    pub brass: u8,
    /// The wick.
    pub wick: u8,
    /// The flame's outside.
    pub flame: u8,
    /// The flame's core.
    pub core: u8,
    /// Smoke of the snuffed wick.
    pub smoke: u8,
}

impl CandleColours {
    /// The entries of `palette` nearest to ivory wax, brass, a dark wick, an orange flame
    /// with a pale yellow core, and grey smoke.
    pub fn new(palette: &Palette) -> CandleColours {
        let n = |rgb| palette.nearest(rgb);
        CandleColours {
            wax: n([236, 226, 200]),
            shadow: n([168, 150, 120]),
            brass: n([176, 130, 48]),
            wick: n([40, 32, 24]),
            flame: n([244, 150, 40]),
            core: n([252, 240, 160]),
            smoke: n([140, 140, 140]),
        }
    }
}

impl Default for CandleColours {
    /// The nearest colours of [`Palette::default_world`].
    fn default() -> Self {
        CandleColours::new(&Palette::default_world())
    }
}

/// The flame's height (in 1/8 of its full height) and sideways sway (virtual pixels) for
/// each flicker step.
const FLICKER: [(i32, i32); 5] = [(8, 0), (7, 1), (9, 0), (7, -1), (8, 1)];

/// Maps a virtual-screen rectangle `[x0, y0, x1, y1)` to the framebuffer and fills it.
fn fill(fb: &mut Framebuffer<'_>, r: [i32; 4], colour: u8) {
    let (w, h) = (fb.width() as i64, fb.height() as i64);
    let sx = |x: i32| (x as i64 * w / VIRTUAL[0] as i64).clamp(0, w) as usize;
    let sy = |y: i32| (y as i64 * h / VIRTUAL[1] as i64).clamp(0, h) as usize;
    let (x0, x1) = (sx(r[0]), sx(r[2]).max(sx(r[0]) + 1));
    let (y0, y1) = (sy(r[1]), sy(r[3]).max(sy(r[1]) + 1));
    for y in y0..y1 {
        fb.hspan(y, x0, x1, colour);
    }
}

/// Draws candle frame `frame` (0..=80; larger draws the last) at the original's anchor,
/// scaled from the virtual 640×480 screen to `fb`: a brass dish, a wax body whose height
/// follows the frame's level (a transition frame half way to the next), a wick and a
/// flame flickering with the frame's step — or, in the snuff-out frames, no flame and a
/// wisp of smoke that rises and thins.
pub fn draw_candle(fb: &mut Framebuffer<'_>, frame: u8, colours: &CandleColours) {
    let [ax, ay] = CANDLE_AT;
    let [cw, ch] = CANDLE_SIZE;
    let mid = ax + cw / 2;
    let bottom = ay + ch;
    // The dish: 8 virtual pixels high across most of the width.
    fill(fb, [ax + 4, bottom - 8, ax + cw - 4, bottom], colours.brass);
    let frame = frame.min(FRAMES - 1);
    // Wax height in 1/22 of the full 62 pixels: 22 at level 0, 2 per level, one less in a
    // transition frame; a stub when snuffed.
    let halves = if frame >= SNUFF_FRAME {
        1
    } else {
        let (l, step) = ((frame / 6) as i32, (frame % 6) as i32);
        22 - 2 * l - (step == 5) as i32
    };
    let wax = 62 * halves / 22;
    let top = bottom - 8 - wax;
    fill(fb, [mid - 8, top, mid + 8, bottom - 8], colours.wax);
    fill(fb, [mid + 4, top, mid + 8, bottom - 8], colours.shadow);
    // The wick.
    fill(fb, [mid - 1, top - 4, mid + 1, top], colours.wick);
    if frame >= SNUFF_FRAME {
        // Smoke: a wisp rising two pixels a frame, thinning after frame 74.
        let c = (frame - SNUFF_FRAME) as i32;
        let rise = 6 + 2 * c;
        let puffs = if c < 9 { 4 } else { 13 - c };
        for k in 0..puffs.max(0) {
            let y = top - 6 - rise * (k + 1) / 4;
            let x = mid + if k % 2 == 0 { -2 } else { 2 };
            fill(fb, [x - 1, y - 2, x + 1, y], colours.smoke);
        }
        return;
    }
    let (height, sway) = FLICKER[(frame % 6).min(4) as usize];
    let flame = 24 * height / 8;
    let base = top - 3;
    // A teardrop: widest a third of the way up from its base.
    for k in 0..flame {
        let from_base = k as f32 / flame as f32;
        let half = if from_base < 0.33 { 2.0 + from_base * 12.0 } else { 6.0 * (1.0 - from_base) / 0.67 };
        let half = half as i32;
        let x = mid + sway * k / flame.max(1);
        let y = base - k;
        fill(fb, [x - half, y - 1, x + half.max(1), y], colours.flame);
        if k < flame * 2 / 3 && half > 2 {
            fill(fb, [x - half / 2, y - 1, x + half / 2, y], colours.core);
        }
    }
}

/// Draws `text` at `(x, y)` of `fb` in white with a black shadow, in `font`.
#[cfg(feature = "embedded-graphics")]
fn text(
    fb: &mut Framebuffer<'_>,
    text: &str,
    at: [i32; 2],
    font: &embedded_graphics::mono_font::MonoFont<'_>,
) {
    use super::PaletteIndex;
    use super::palette::{HUD_SHADOW, HUD_TEXT};
    use embedded_graphics::mono_font::MonoTextStyle;
    use embedded_graphics::prelude::*;
    use embedded_graphics::text::{Baseline, Text};

    let shadow = MonoTextStyle::new(font, PaletteIndex(HUD_SHADOW));
    let ink = MonoTextStyle::new(font, PaletteIndex(HUD_TEXT));
    // Drawing into a Framebuffer is infallible.
    let _ = Text::with_baseline(text, Point::new(at[0] + 1, at[1] + 1), shadow, Baseline::Top).draw(fb);
    let _ = Text::with_baseline(text, Point::new(at[0], at[1]), ink, Baseline::Top).draw(fb);
}

/// Draws `text` at the top left of `fb` in white with a black shadow.
#[cfg(feature = "embedded-graphics")]
pub fn draw(fb: &mut Framebuffer<'_>, line: &str) {
    text(fb, line, [3, 2], &embedded_graphics::mono_font::ascii::FONT_6X10);
}

/// Draws `lines` one under another at `(x, y)` of `fb`, white with a black shadow, in a
/// font that fits 320 pixels (5×8) or wider screens (6×10).
#[cfg(feature = "embedded-graphics")]
pub fn draw_lines(fb: &mut Framebuffer<'_>, lines: &[&str], at: [i32; 2]) {
    use embedded_graphics::mono_font::ascii::{FONT_5X8, FONT_6X10};
    let font = if fb.width() >= 640 { &FONT_6X10 } else { &FONT_5X8 };
    let step = font.character_size.height as i32 + 1;
    for (k, line) in lines.iter().enumerate() {
        text(fb, line, [at[0], at[1] + step * k as i32], font);
    }
}

/// Draws the health number below the candle ({D:engine/hud.md} "Health number"; in a
/// mono font, not the docs' REDSEL with the subtitle centring), centred on `candle_xco + width / 2 − 5` with
/// its top at `candle_yco + height` of the virtual screen, scaled to `fb`.
#[cfg(feature = "embedded-graphics")]
pub fn draw_health(fb: &mut Framebuffer<'_>, health: i32) {
    use embedded_graphics::mono_font::ascii::{FONT_5X8, FONT_6X10};
    let mut s: heapless::String<12> = heapless::String::new();
    let _ = write!(s, "{health}");
    let font = if fb.width() >= 640 { &FONT_6X10 } else { &FONT_5X8 };
    let (w, h) = (fb.width() as i64, fb.height() as i64);
    let cx = (CANDLE_AT[0] + CANDLE_SIZE[0] / 2 - 5) as i64 * w / VIRTUAL[0] as i64;
    let top = (CANDLE_AT[1] + CANDLE_SIZE[1]) as i64 * h / VIRTUAL[1] as i64;
    let width = font.character_size.width as i64 * s.len() as i64;
    text(fb, &s, [(cx - width / 2) as i32, top as i32], font);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_follow_the_table() {
        let expect =
            [(100, 0), (91, 0), (90, 1), (82, 1), (81, 2), (54, 5), (46, 5), (45, 6), (9, 9), (8, 10)];
        for (h, l) in expect {
            assert_eq!(level(h), l, "health {h}");
        }
        assert_eq!((level(1), level(0), level(-7), level(300)), (10, 11, 11, 0));
    }

    #[test]
    fn object_coord_lines() {
        assert_eq!(
            object_coord("start", [8_960_000, -77_312, 7_833_600]).as_str(),
            "start 8960000 -77312 7833600  map 35000 -302 30600"
        );
        let widest = object_coord("now", [i32::MIN; 3]);
        assert!(widest.ends_with("map -8388608 -8388608 -8388608"), "{widest}");
    }
}
