//! The embedded world's palette, textures and sounds, drawn and synthesised from code.
//!
//! Deterministic: a fixed xorshift generator, integer maths where it matters, so every run
//! on every machine writes the same bytes.

/// A 16-entry shading ramp: its first index and its lit and dark colours.
struct RampDef {
    start: u8,
    lit: [u8; 3],
    dark: [u8; 3],
}

const RAMPS: [RampDef; 16] = [
    RampDef { start: 0, lit: [252, 252, 252], dark: [0, 0, 0] },
    RampDef { start: 16, lit: [200, 216, 236], dark: [40, 72, 148] },
    RampDef { start: 32, lit: [72, 140, 184], dark: [8, 28, 60] },
    RampDef { start: 48, lit: [236, 212, 152], dark: [88, 72, 44] },
    RampDef { start: 64, lit: [120, 176, 72], dark: [20, 44, 16] },
    RampDef { start: 80, lit: [168, 156, 140], dark: [40, 36, 32] },
    RampDef { start: 96, lit: [176, 188, 92], dark: [36, 48, 16] },
    RampDef { start: 112, lit: [164, 120, 72], dark: [36, 24, 12] },
    RampDef { start: 128, lit: [236, 188, 148], dark: [72, 44, 28] },
    RampDef { start: 144, lit: [200, 60, 48], dark: [48, 12, 8] },
    RampDef { start: 160, lit: [96, 100, 140], dark: [16, 16, 32] },
    RampDef { start: 176, lit: [152, 96, 176], dark: [32, 16, 44] },
    RampDef { start: 192, lit: [240, 228, 196], dark: [76, 68, 56] },
    RampDef { start: 208, lit: [196, 104, 64], dark: [48, 20, 12] },
    RampDef { start: 224, lit: [172, 176, 188], dark: [36, 40, 52] },
    RampDef { start: 240, lit: [244, 204, 56], dark: [88, 40, 12] },
];

/// Ramp starts, by use (the first six match `stros_core::render::palette::ramps`).
pub mod ramp {
    /// Greys (entry 0 is black, forced by the world path anyway).
    pub const GREY: u8 = 0;
    /// Sky.
    pub const SKY: u8 = 16;
    /// Sea.
    pub const WATER: u8 = 32;
    /// Sand.
    pub const SAND: u8 = 48;
    /// Grass.
    pub const GRASS: u8 = 64;
    /// Rock.
    pub const ROCK: u8 = 80;
    /// Meadow.
    pub const MEADOW: u8 = 96;
    /// Wood.
    pub const WOOD: u8 = 112;
    /// Plaster.
    pub const PLASTER: u8 = 192;
    /// Roof tiles.
    pub const TILES: u8 = 208;
    /// Dressed stone.
    pub const STONE: u8 = 224;
    /// Flag cloth.
    pub const CLOTH: u8 = 240;
}

/// The 256-colour palette, each channel a multiple of 4 (COL's 6-bit precision).
pub fn palette() -> [[u8; 3]; 256] {
    let mut rgb = [[0u8; 3]; 256];
    for r in &RAMPS {
        for i in 0..16u32 {
            let mix = |a: u8, b: u8| (((a as u32 * (15 - i) + b as u32 * i) / 15) as u8) & !3;
            rgb[r.start as usize + i as usize] =
                [mix(r.lit[0], r.dark[0]), mix(r.lit[1], r.dark[1]), mix(r.lit[2], r.dark[2])];
        }
    }
    rgb[0] = [0, 0, 0];
    rgb
}

/// The generator's random numbers (xorshift32), seeded per asset.
#[derive(Clone, Debug)]
pub struct Noise(u32);

impl Noise {
    /// A generator from a seed (zero is replaced).
    pub fn new(seed: u32) -> Noise {
        Noise(if seed == 0 { 0x9e37_79b9 } else { seed })
    }
    /// The next value.
    pub fn next_u32(&mut self) -> u32 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.0 = x;
        x
    }
    /// A value in `0..n`.
    pub fn below(&mut self, n: u32) -> u32 {
        self.next_u32() % n.max(1)
    }
}

/// Side of every generated texture.
pub const TEXTURE_SIDE: usize = 64;

/// A square palette-index image.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Image {
    /// Width and height.
    pub side: usize,
    /// Row-major palette indices.
    pub pixels: Vec<u8>,
}

fn speckle(seed: u32, ramp: u8, base: u32, spread: u32) -> Image {
    let mut n = Noise::new(seed);
    let pixels =
        (0..TEXTURE_SIDE * TEXTURE_SIDE).map(|_| ramp + (base + n.below(spread)).min(15) as u8).collect();
    Image { side: TEXTURE_SIDE, pixels }
}

/// Blend a water layer over `under` where `water(x, y)` (texture coordinates) holds.
fn with_water(under: Image, seed: u32, water: impl Fn(usize, usize) -> bool) -> Image {
    let mut n = Noise::new(seed);
    let mut img = under;
    for y in 0..TEXTURE_SIDE {
        for x in 0..TEXTURE_SIDE {
            let w = ramp::WATER + 3 + n.below(4) as u8;
            if water(x, y) {
                img.pixels[y * TEXTURE_SIDE + x] = w;
            }
        }
    }
    img
}

/// The terrain image `index` of bank 302, drawn so its water follows the coverage rule the
/// engine applies to it (seed 000, "Terrain material blend coverage"): mask-backed images
/// show water where the mask is nonzero.
pub fn terrain_image(index: u8) -> Image {
    use super::terrain::tex;
    // Texture pixel (x, y) of a 64-texel tile covers mask coordinates a = 2x, b = 2y.
    let mask = |x: usize, y: usize| (2 * (x + y) as i32 - 254).clamp(0, 255);
    let seed = 302 * 1000 + index as u32;
    match index {
        tex::WATER => speckle(seed, ramp::WATER, 2, 5),
        tex::SAND => speckle(seed, ramp::SAND, 1, 5),
        tex::GRASS => speckle(seed, ramp::GRASS, 2, 6),
        tex::MEADOW => speckle(seed, ramp::MEADOW, 1, 5),
        tex::ROCK => speckle(seed, ramp::ROCK, 2, 8),
        tex::PATH => speckle(seed, ramp::SAND, 5, 6),
        tex::RIM_CORNER => {
            with_water(speckle(seed, ramp::SAND, 1, 5), seed, |x, y| mask(2 * x + 109, 2 * y + 109) > 0)
        }
        tex::RIM_WIDE => {
            with_water(speckle(seed, ramp::SAND, 1, 5), seed, |x, y| mask(2 * x + 32, 2 * y + 32) > 0)
        }
        tex::RIM_HALF => {
            with_water(speckle(seed, ramp::SAND, 1, 5), seed, |x, y| mask(2 * x + 128, 2 * y + 128) > 0)
        }
        tex::RIM_EDGE | tex::RIM_EDGE2 => {
            with_water(speckle(seed, ramp::SAND, 1, 5), seed, |x, _| 2 * x > 28)
        }
        tex::RIM_ROCK => with_water(speckle(seed, ramp::ROCK, 3, 6), seed, |x, _| 2 * x >= 5),
        tex::SHOAL => {
            with_water(speckle(seed, ramp::ROCK, 3, 6), seed, |x, y| mask(2 * x + 64, 2 * y + 64) > 0)
        }
        _ => speckle(seed, ramp::GREY, 6, 4),
    }
}

/// The open water's frame delay, milliseconds: (220 × 182 + 5000) / 10000 = 4 BIOS ticks.
pub const WATER_DELAY_MS: i16 = 220;

/// The open water's four frames ({D:engine/texture-animation.md}): its speckle drifting a
/// quarter of the tile diagonally each frame, so the loop wraps seamlessly.
pub fn water_frames() -> Vec<Vec<u8>> {
    let base = terrain_image(super::terrain::tex::WATER);
    let s = base.side;
    (0..4)
        .map(|f| {
            let shift = f * s / 4;
            (0..s * s).map(|i| base.pixels[((i / s + shift) % s) * s + (i % s + shift) % s]).collect()
        })
        .collect()
}

/// The village image `index` of the model bank.
pub fn model_image(index: u8) -> Image {
    use super::models::img;
    let seed = 310 * 1000 + index as u32;
    let s = TEXTURE_SIDE;
    let mut image = match index {
        img::PLASTER => speckle(seed, ramp::PLASTER, 1, 3),
        img::PLANKS => speckle(seed, ramp::WOOD, 2, 3),
        img::TILES => speckle(seed, ramp::TILES, 2, 3),
        img::STONE => speckle(seed, ramp::STONE, 2, 4),
        img::CLOTH => speckle(seed, ramp::CLOTH, 0, 2),
        _ => speckle(seed, ramp::GREY, 6, 4),
    };
    for y in 0..s {
        for x in 0..s {
            let line = match index {
                img::PLANKS => y % 16 == 0,
                img::TILES => y % 8 == 0 || (x + if (y / 8) % 2 == 0 { 0 } else { 8 }) % 16 == 0,
                img::STONE => y % 16 == 0 || (x + if (y / 16) % 2 == 0 { 0 } else { 16 }) % 32 == 0,
                img::CLOTH => (16..48).contains(&y) && (16..48).contains(&x),
                _ => false,
            };
            if line {
                let p = &mut image.pixels[y * s + x];
                *p = if index == img::CLOTH { 144 + 2 } else { (*p & !15) + 12 };
            }
        }
    }
    image
}

/// The flats' images in the village bank ({D:formats/RGM.md} "MPSF (Flat Objects)"): index 0
/// is transparent.
pub mod flat_img {
    /// A leafy bush, 32 × 48 texels (64 × 96 map units).
    pub const BUSH: u8 = 20;
    /// A torch flame, 16 × 24 texels (32 × 48 map units), four frames.
    pub const FLAME: u8 = 21;
    /// Both images' texture scale, Q8: twice their texel sizes in map units.
    pub const SCALE: u16 = 512;
    /// Both.
    pub const ALL: [u8; 2] = [BUSH, FLAME];
    /// The flame's frame delay, milliseconds (two BIOS ticks: 110 × 18.2 / 1000 = 2.002).
    pub const FLAME_DELAY_MS: i16 = 110;
}

/// A TEXBSI image name: type letter, the bank's two-digit file number, the image index.
pub fn image_name(bank: u16, image: u8) -> Vec<u8> {
    format!("D{:02}{:03}", bank % 100, image).into_bytes()
}

/// Flat image `index` ([`flat_img`]) as a bank image: its name in bank `bank`, sides and
/// frames.
pub fn flat_image(bank: u16, index: u8) -> crate::write::texbsi::ImageDesc {
    let name = image_name(bank, index);
    match index {
        flat_img::FLAME => {
            let (w, h) = (16usize, 24usize);
            let frames = (0..4)
                .map(|f| {
                    let mut n = Noise::new(0xF1A3 + f);
                    let sway = [0.0, 1.0, 0.0, -1.0][f as usize];
                    let mut px = vec![0u8; w * h];
                    for y in 0..h {
                        // A teardrop: widest a quarter up from the base, swaying at the tip.
                        let t = y as f64 / (h - 1) as f64;
                        let half = 6.5 * (t * std::f64::consts::PI * 0.8).sin().max(0.0) + 0.5;
                        let centre = 7.5 + sway * (1.0 - t);
                        for x in 0..w {
                            let d = (x as f64 - centre).abs() / half;
                            if d < 1.0 {
                                // Yellow at the heart, orange outside, red at the edge.
                                let heat = (1.0 - d) * (0.4 + 0.6 * t);
                                let jitter = n.below(2) as u8;
                                px[y * w + x] = match heat {
                                    h if h > 0.55 => ramp::CLOTH + jitter,
                                    h if h > 0.25 => ramp::CLOTH + 6 + jitter,
                                    _ => 144 + 2 + jitter,
                                };
                            }
                        }
                    }
                    px
                })
                .collect();
            crate::write::texbsi::ImageDesc {
                animated: true,
                frame_delay_ms: flat_img::FLAME_DELAY_MS,
                tex_scale: flat_img::SCALE,
                frames,
                ..crate::write::texbsi::ImageDesc::still(&name, w as u16, h as u16, Vec::new())
            }
        }
        _ => {
            let (w, h) = (32usize, 48usize);
            let mut n = Noise::new(0xB05);
            let mut px = vec![0u8; w * h];
            // Five fronds fanning up from the base, each an ellipse.
            let fronds = [
                (16.0, 30.0, 5.0, 17.0),
                (9.0, 32.0, 5.0, 13.0),
                (23.0, 32.0, 5.0, 13.0),
                (5.0, 38.0, 4.0, 9.0),
                (27.0, 38.0, 4.0, 9.0),
            ];
            for y in 0..h {
                for x in 0..w {
                    let inside = fronds.iter().any(|&(cx, cy, rx, ry): &(f64, f64, f64, f64)| {
                        let (dx, dy) = ((x as f64 - cx) / rx, (y as f64 - cy) / ry);
                        dx * dx + dy * dy < 1.0
                    });
                    if inside {
                        px[y * w + x] = ramp::GRASS + (2 + n.below(8)) as u8;
                    }
                }
            }
            crate::write::texbsi::ImageDesc {
                tex_scale: flat_img::SCALE,
                ..crate::write::texbsi::ImageDesc::still(&name, w as u16, h as u16, px)
            }
        }
    }
}

/// The splash effect's bank: the water-entry effect `0x2500` is archive 74's image 0
/// ({D:engine/player.md} "Water and lava transition effects").
pub const SPLASH_BANK: u16 = 74;
/// The splash's frames: one more than its last frame, which its lifetime plays to.
pub const SPLASH_FRAMES: usize = 5;
/// The splash's frame delay, milliseconds (two BIOS ticks, as the flame's).
pub const SPLASH_DELAY_MS: i16 = 110;

/// The water-entry splash, 24 × 24 texels at twice its size in map units: a crown of
/// spray that rises, spreads and falls back over [`SPLASH_FRAMES`] frames. Texel 0 is
/// clear.
pub fn splash_image() -> crate::write::texbsi::ImageDesc {
    let (w, h) = (24usize, 24usize);
    let frames = (0..SPLASH_FRAMES)
        .map(|f| {
            let mut n = Noise::new(0x5B1A + f as u32);
            let t = (f as f64 + 1.0) / SPLASH_FRAMES as f64;
            // The crown's height rises and falls back; its rim spreads outward.
            let (top, spread) = (4.0 + 18.0 * (t * std::f64::consts::PI * 0.85).sin(), 3.0 + 7.0 * t);
            let mut px = vec![0u8; w * h];
            for y in 0..h {
                for x in 0..w {
                    let (dx, up) = ((x as f64 - 11.5).abs(), (h - 1 - y) as f64);
                    // Spray leaning outward from the rim, thinning toward its top.
                    let lean = spread + up * 0.25;
                    let wall = (dx - lean).abs() < 2.8 - 1.6 * (up / top) && up <= top;
                    let sheet = dx < lean && up < top * 0.45 && n.below(4) == 0;
                    let foam = up < 2.5 && dx < lean + 1.5;
                    if wall || sheet || foam {
                        // White at the base and the crest, pale sea between.
                        let light = up < 1.5 || up > top - 3.0 || n.below(4) == 0;
                        px[y * w + x] = if light {
                            ramp::SKY + n.below(2) as u8
                        } else {
                            ramp::WATER + 1 + n.below(3) as u8
                        };
                    }
                }
            }
            px
        })
        .collect();
    crate::write::texbsi::ImageDesc {
        animated: true,
        frame_delay_ms: SPLASH_DELAY_MS,
        tex_scale: flat_img::SCALE,
        frames,
        ..crate::write::texbsi::ImageDesc::still(&image_name(SPLASH_BANK, 0), w as u16, h as u16, Vec::new())
    }
}

/// The side of the sky image.
pub const SKY_SIDE: usize = 128;

/// The day sky's image ({D:engine/sky.md} "Glide sky plane"): soft clouds of the sky ramp's
/// lightest entries over its mid blue, wrapping at the edges (the plane repeats it).
pub fn sky_image() -> Vec<u8> {
    let s = SKY_SIDE;
    let mut n = Noise::new(0x5C1E);
    // Clouds: a handful of wrapped blobs.
    let blobs: Vec<(f64, f64, f64)> = (0..14)
        .map(|_| (n.below(s as u32) as f64, n.below(s as u32) as f64, 6.0 + n.below(12) as f64))
        .collect();
    let mut px = vec![0u8; s * s];
    for y in 0..s {
        for x in 0..s {
            let cover = blobs.iter().fold(0.0f64, |c, &(bx, by, r)| {
                let wrap = |d: f64| d.abs().min(s as f64 - d.abs());
                let (dx, dy) = (wrap(x as f64 - bx), wrap(y as f64 - by) * 1.6);
                c.max(1.0 - (dx * dx + dy * dy).sqrt() / r)
            });
            let shade = if cover > 0.0 { (4.0 - cover * 4.0) as u8 } else { 7 + n.below(2) as u8 };
            px[y * s + x] = ramp::SKY + shade;
        }
    }
    px
}

/// The side of the sun disc's image.
pub const SUN_SIDE: usize = 64;

/// The sun disc's image ({D:engine/sky.md} "Sun disc"): its indices are opacity, full in a
/// core of a third of the radius and falling to nothing at the rim.
pub fn sun_image() -> Vec<u8> {
    let s = SUN_SIDE as f64;
    (0..SUN_SIDE * SUN_SIDE)
        .map(|i| {
            let (x, y) = ((i % SUN_SIDE) as f64 + 0.5 - s / 2.0, (i / SUN_SIDE) as f64 + 0.5 - s / 2.0);
            let r = (x * x + y * y).sqrt() / (s / 2.0);
            (255.0 * ((1.0 - r) * 1.5).clamp(0.0, 1.0)) as u8
        })
        .collect()
}

/// Sample rate of the generated sounds.
pub const SOUND_RATE: u32 = 11025;

/// The generated sounds, in effect-index order.
pub mod sound {
    /// Footstep on sand.
    pub const STEP_SAND: usize = 0;
    /// Footstep on wood.
    pub const STEP_WOOD: usize = 1;
    /// Footstep on stone.
    pub const STEP_STONE: usize = 2;
    /// Footstep in water.
    pub const STEP_WATER: usize = 3;
    /// The flag flapping.
    pub const FLAG_FLAP: usize = 4;
    /// Surf on the beach.
    pub const SURF: usize = 5;
    /// How many there are.
    pub const COUNT: usize = 6;
}

/// Unsigned 8-bit mono PCM of sound `index` (see [`sound`]).
pub fn sound_pcm(index: usize) -> Vec<u8> {
    let mut n = Noise::new(0x5f0 + index as u32);
    let ms = |m: u32| (SOUND_RATE * m / 1000) as usize;
    let (len, attack, decay, smooth, tone): (usize, usize, f64, f64, f64) = match index {
        sound::STEP_SAND => (ms(140), ms(8), 0.025, 0.75, 0.0),
        sound::STEP_WOOD => (ms(120), ms(2), 0.020, 0.35, 180.0),
        sound::STEP_STONE => (ms(90), ms(1), 0.012, 0.15, 900.0),
        sound::STEP_WATER => (ms(260), ms(20), 0.060, 0.55, 0.0),
        sound::FLAG_FLAP => (ms(420), ms(30), 0.200, 0.85, 0.0),
        _ => (ms(2400), ms(900), 0.700, 0.93, 0.0),
    };
    let mut out = Vec::with_capacity(len);
    let mut low = 0.0f64;
    for i in 0..len {
        let t = i as f64 / SOUND_RATE as f64;
        let env = if i < attack {
            i as f64 / attack.max(1) as f64
        } else {
            libm::exp(-((i - attack) as f64 / SOUND_RATE as f64) / decay)
        };
        let white = n.below(2001) as f64 / 1000.0 - 1.0;
        low = low * smooth + white * (1.0 - smooth);
        let flutter = if index == sound::FLAG_FLAP {
            0.5 + 0.5 * libm::sin(t * 2.0 * std::f64::consts::PI * 14.0).abs()
        } else {
            1.0
        };
        let ring = if tone > 0.0 { 0.6 * libm::sin(t * 2.0 * std::f64::consts::PI * tone) } else { 0.0 };
        let v = (low * 2.2 + ring) * env * flutter;
        out.push((128.0 + (v * 100.0).clamp(-127.0, 127.0)).round() as u8);
    }
    out
}
