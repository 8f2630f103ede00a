//! What the island says and how it is written: `ENGLISH.RTX` (the fisher's prompt, his
//! voiced lines, Cyrus' questions, the two topics, the villager's calls; the voices are
//! synthesized here from the text) and `FONTS\REDSEL.FNT` (a proportional font cut from
//! embedded-graphics' 9×18 bold face, yellow with a crimson edge in the colours the docs
//! give REDSEL: index 81 `60,59,11`, index 195 `39,3,14`).

use embedded_graphics::mono_font::MonoTextStyle;
use embedded_graphics::mono_font::ascii::FONT_9X18_BOLD;
use embedded_graphics::pixelcolor::BinaryColor;
use embedded_graphics::prelude::*;
use embedded_graphics::text::{Baseline, Text};

use crate::write::fnt::{FntDesc, GlyphDesc};
use crate::write::rtx::{EntryDesc, VoiceDesc};

/// The fisher's activation prompt (a text entry).
pub const PROMPT: [u8; 4] = *b"fish";
/// The fisher's greeting.
pub const GREETING: [u8; 4] = *b"fs01";
/// Topic 1 and its value.
pub const TOPIC_FISHING: ([u8; 4], i32) = (*b"t001", 1);
/// Topic 2 and its value.
pub const TOPIC_HUT: ([u8; 4], i32) = (*b"t002", 2);
/// Cyrus asks about the fishing.
pub const ASK_FISHING: [u8; 4] = *b"cy01";
/// The fisher answers.
pub const ANSWER_FISHING: [u8; 4] = *b"fs02";
/// Cyrus asks about the hut.
pub const ASK_HUT: [u8; 4] = *b"cy02";
/// The fisher answers.
pub const ANSWER_HUT: [u8; 4] = *b"fs03";
/// The villager's call.
pub const CALL: [u8; 4] = *b"vl01";

/// The fisher's hut door's prompt, outside.
pub const HUT_DOOR: [u8; 4] = *b"door";
/// The same door's prompt, inside.
pub const HUT_EXIT: [u8; 4] = *b"exit";

/// The key on the pier's prompt.
pub const KEY: [u8; 4] = *b"key1";
/// Cyrus, taking the key.
pub const KEY_TAKEN: [u8; 4] = *b"cy03";
/// The chest's prompt.
pub const CHEST: [u8; 4] = *b"chst";
/// Cyrus, at the chest without the key.
pub const CHEST_LOCKED: [u8; 4] = *b"cy04";
/// Cyrus, opening the chest.
pub const CHEST_OPENED: [u8; 4] = *b"cy05";
/// The items' names ({D:config/item-ini.md} `name[x]`: RTX labels).
pub const ITEM_NAMES: [([u8; 4], &str); 3] =
    [(*b"?cmp", "Compass"), (*b"?key", "Bronze key"), (*b"?gld", "Gold")];

/// Speech sample rate (the shipped file's lower rate).
pub const RATE: u32 = 11_025;

/// Every entry: `(tag, text, voice pitch in Hz or none for a text entry)`.
pub const LINES: [([u8; 4], &str, Option<f64>); 19] = [
    (PROMPT, "Old Fisher", None),
    (GREETING, "Well met, stranger. The sea was kind this morning.", Some(110.0)),
    (TOPIC_FISHING.0, "The fishing", None),
    (TOPIC_HUT.0, "The hut", None),
    (ASK_FISHING, "How is the fishing?", Some(135.0)),
    (ANSWER_FISHING, "Silver and plenty. The shoals come close to the pier at dawn.", Some(110.0)),
    (ASK_HUT, "Is that your hut up the path?", Some(135.0)),
    (ANSWER_HUT, "Aye, my father built it. Mind the loose board by the door.", Some(110.0)),
    (CALL, "Fresh bread! Bread from the ovens!", Some(190.0)),
    (HUT_DOOR, "Fisher's hut", None),
    (HUT_EXIT, "Door", None),
    (KEY, "Key", None),
    (KEY_TAKEN, "A bronze key, green with salt. Someone will miss it.", Some(135.0)),
    (CHEST, "Chest", None),
    (CHEST_LOCKED, "Locked. The lock is bronze.", Some(135.0)),
    (CHEST_OPENED, "The key fits. Twenty gold pieces, and a smell of fish.", Some(135.0)),
    (ITEM_NAMES[0].0, ITEM_NAMES[0].1, None),
    (ITEM_NAMES[1].0, ITEM_NAMES[1].1, None),
    (ITEM_NAMES[2].0, ITEM_NAMES[2].1, None),
];

/// The RTX entries.
pub fn rtx_entries() -> Vec<EntryDesc> {
    LINES
        .iter()
        .map(|&(tag, text, pitch)| EntryDesc {
            tag,
            text: text.as_bytes().to_vec(),
            voice: pitch.map(|p| VoiceDesc { type_id: 0, rate: RATE, volume: 100, pcm: speech(text, p) }),
        })
        .collect()
}

/// Vowel formants (F1, F2), Hz.
fn formants(c: char) -> Option<(f64, f64)> {
    Some(match c {
        'a' => (730.0, 1090.0),
        'e' => (530.0, 1840.0),
        'i' | 'y' => (300.0, 2200.0),
        'o' => (570.0, 840.0),
        'u' => (320.0, 900.0),
        _ => return None,
    })
}

/// A two-pole resonator.
struct Resonator {
    y1: f64,
    y2: f64,
}

impl Resonator {
    fn step(&mut self, x: f64, freq: f64, bandwidth: f64) -> f64 {
        let r = (-std::f64::consts::PI * bandwidth / RATE as f64).exp();
        let c = 2.0 * r * (2.0 * std::f64::consts::PI * freq / RATE as f64).cos();
        let y = (1.0 - r) * x + c * self.y1 - r * r * self.y2;
        (self.y2, self.y1) = (self.y1, y);
        y
    }
}

/// Speech-like 8-bit PCM for `text` at pitch `f0`: each vowel a voiced segment through its
/// two formants, voiced consonants a low hum, the others a noise burst, spaces and
/// punctuation pauses; the pitch falls through a sentence and rises at a question.
pub fn speech(text: &str, f0: f64) -> Vec<u8> {
    let ms = |m: f64| (m * RATE as f64 / 1000.0) as usize;
    let mut out = Vec::new();
    let (mut r1, mut r2) = (Resonator { y1: 0.0, y2: 0.0 }, Resonator { y1: 0.0, y2: 0.0 });
    let mut phase = 0.0f64;
    let mut noise = 0x1234_5678u32;
    let chars: Vec<char> = text.to_lowercase().chars().collect();
    let question = text.trim_end().ends_with('?');
    for (k, &c) in chars.iter().enumerate() {
        let progress = k as f64 / chars.len().max(1) as f64;
        let pitch = f0 * if question { 0.9 + 0.3 * progress } else { 1.1 - 0.25 * progress };
        let (len, voiced, form, gain) = match c {
            ' ' => (ms(40.0), false, None, 0.0),
            ',' | '.' | '!' | '?' => (ms(160.0), false, None, 0.0),
            _ if formants(c).is_some() => (ms(85.0), true, formants(c), 1.0),
            'm' | 'n' | 'l' | 'r' | 'w' | 'v' | 'b' | 'd' | 'g' => {
                (ms(45.0), true, Some((280.0, 1200.0)), 0.5)
            }
            _ => (ms(40.0), false, Some((3000.0, 5000.0)), 0.35),
        };
        for n in 0..len {
            let env =
                ((n as f64 / ms(8.0) as f64).min(1.0)) * (((len - n) as f64 / ms(12.0) as f64).min(1.0));
            let source = if voiced {
                phase = (phase + pitch / RATE as f64).fract();
                1.0 - 2.0 * phase
            } else {
                noise ^= noise << 13;
                noise ^= noise >> 17;
                noise ^= noise << 5;
                (noise as f64 / u32::MAX as f64) * 2.0 - 1.0
            };
            let s = match form {
                Some((f1, f2)) => r1.step(source, f1, 90.0) * 3.0 + r2.step(source, f2, 120.0) * 2.0,
                None => 0.0,
            };
            let v = (s * gain * env * 40.0).clamp(-127.0, 127.0);
            out.push((128.0 + v).round() as u8);
        }
    }
    out
}

/// The font's line height (REDSEL's subtitle step).
pub const LINE_HEIGHT: u16 = 26;
/// Glyph ink.
pub const INK: u8 = 81;
/// Glyph edge.
pub const EDGE: u8 = 195;

/// A monochrome grid embedded-graphics draws a glyph into.
struct Grid {
    size: Size,
    on: Vec<bool>,
}

impl OriginDimensions for Grid {
    fn size(&self) -> Size {
        self.size
    }
}

impl DrawTarget for Grid {
    type Color = BinaryColor;
    type Error = core::convert::Infallible;
    fn draw_iter<I: IntoIterator<Item = Pixel<BinaryColor>>>(
        &mut self,
        pixels: I,
    ) -> Result<(), Self::Error> {
        for Pixel(p, c) in pixels {
            if p.x >= 0 && p.y >= 0 && (p.x as u32) < self.size.width && (p.y as u32) < self.size.height {
                self.on[(p.y as u32 * self.size.width + p.x as u32) as usize] = c.is_on();
            }
        }
        Ok(())
    }
}

/// Glyph `c`: the face's pixels cropped to their ink (plus a one-pixel edge right and
/// below), positioned by its offsets; the space is 5 wide and empty.
fn glyph(c: char) -> GlyphDesc {
    let (w, h) = (9i32, 18i32);
    let mut grid = Grid { size: Size::new(w as u32, h as u32), on: vec![false; (w * h) as usize] };
    let style = MonoTextStyle::new(&FONT_9X18_BOLD, BinaryColor::On);
    let mut s = [0u8; 4];
    let _ = Text::with_baseline(c.encode_utf8(&mut s), Point::zero(), style, Baseline::Top).draw(&mut grid);
    let ink = |x: i32, y: i32| x >= 0 && y >= 0 && x < w && y < h && grid.on[(y * w + x) as usize];
    let cols: Vec<i32> = (0..w).filter(|&x| (0..h).any(|y| ink(x, y))).collect();
    let rows: Vec<i32> = (0..h).filter(|&y| (0..w).any(|x| ink(x, y))).collect();
    let (Some(&x0), Some(&x1), Some(&y0), Some(&y1)) = (cols.first(), cols.last(), rows.first(), rows.last())
    else {
        return GlyphDesc { enabled: true, offset: [0, 0], size: [5, 1], pixels: vec![0; 5] };
    };
    let (gw, gh) = (x1 - x0 + 2, y1 - y0 + 2);
    let mut pixels = Vec::with_capacity((gw * gh) as usize);
    for y in y0..y0 + gh {
        for x in x0..x0 + gw {
            pixels.push(if ink(x, y) {
                INK
            } else if ink(x - 1, y) || ink(x, y - 1) {
                EDGE
            } else {
                0
            });
        }
    }
    GlyphDesc { enabled: true, offset: [0, (y0 + 4) as i16], size: [gw as u16, gh as u16], pixels }
}

/// The font: codes 32–126, a greyscale palette with REDSEL's yellow and crimson.
pub fn font() -> FntDesc {
    let mut palette: Vec<[u8; 3]> = (0..256u32).map(|k| [(k / 4) as u8; 3]).collect();
    palette[INK as usize] = [60, 59, 11];
    palette[EDGE as usize] = [39, 3, 14];
    FntDesc {
        description: b"Stros REDSEL (generated)".to_vec(),
        line_height: LINE_HEIGHT,
        palette,
        glyphs: (32u8..=126).map(|b| glyph(b as char)).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use stros_core::formats::fnt::Fnt;
    use stros_core::formats::rtx::Rtx;

    #[test]
    fn the_island_s_lines_and_font_read_back() {
        let rtx = crate::write::rtx::to_bytes(&rtx_entries());
        let r = Rtx::new_checked(&rtx).unwrap();
        assert_eq!(r.len(), LINES.len());
        assert_eq!(r.find(PROMPT).unwrap().text, b"Old Fisher");
        let v = r.find(GREETING).unwrap().voice.unwrap();
        assert!(v.duration_256() > 256, "a greeting lasts over a second");
        let f = crate::write::fnt::to_bytes(&font());
        let f = Fnt::new_checked(&f).unwrap();
        assert_eq!((f.line_height(), f.glyph_count()), (26, 95));
        // The space is 5 wide; `!` is one ink column plus its edge.
        assert_eq!((f.glyph(b' ').unwrap().width, f.glyph(b'!').unwrap().width), (5, 3));
    }
}
