//! How the world looks apart from its geometry: texture images, the shade table, the light,
//! and the sky, gathered once into a [`Look`] that borrows the texture banks.
//!
//! Nothing here allocates: images are [`Texels`] views into the TEXBSI bytes, kept in fixed
//! arrays ([`TERRAIN_IMAGES`] terrain images, [`BANK_IMAGES`] images of each of at most
//! the build's [`Capacity`] of model banks) and decoded texel by texel while drawing.
//!
//! The light follows `engine/terrain-lighting.md` and `engine/model-lighting.md`: a surface
//! point's intensity is `clamp(A + B + max(0, −D·N) × S, 0, 255)` (ambient `A`, a model
//! face's brightness byte `B`, sun strength `S`, light direction `D`, normal `N`), and a
//! texel is modulated by `(I + 1) / 256`. A palette renderer cannot multiply colours, so the
//! modulation picks a row of the [`Shades`] table instead ([`shade_level`]), and distance
//! fog adds rows (the first renderer's rule, one ramp step per 4096 map units, in shade
//! rows: [`FOG_PER_LEVEL`]). The docs' Glide fog blends toward an RGB colour by FOG.INI's
//! density table (`config/fog-ini.md`); a world without FOG.INI has no such table, and
//! there distance darkening is Stros's stand-in for the software renderer's haze tables.

use core::cell::Cell;

use super::palette::{Palette, Shades, ramps};
use crate::capacity::{Capacity, Desktop, Table};
use crate::formats::col::Col;
use crate::formats::model::Texture;
use crate::formats::texbsi::ENCODING_RAW;
use crate::formats::texbsi::{ENCODING_ROWS, Image, Texbsi, field};
use crate::formats::{FormatError, bytes};
use crate::tables;

/// Images per model bank a [`Look`] keeps (v4 image numbers are below 70, v2's below 128).
pub const BANK_IMAGES: usize = 128;
/// Terrain images (the six-bit Map3 index).
pub const TERRAIN_IMAGES: usize = 64;
/// The colour of a model face whose bank or image is missing (a mid grey).
pub const FALLBACK_MODEL: u8 = ramps::GREY.start + 6;
/// The colour of terrain image 0 (open water in every map) when it is missing.
pub const FALLBACK_WATER: u8 = ramps::WATER.start + 4;
/// The colour of other terrain images when they are missing.
pub const FALLBACK_LAND: u8 = ramps::GRASS.start + 4;
/// Map units of distance per shade row of fog: one 16-entry ramp step (4 rows) per 4096.
pub const FOG_PER_LEVEL: f32 = 1024.0;

/// One frame of a TEXBSI image as texels, wrapping in both directions. Encodings 0 (raw)
/// and 4 (row offsets) are read in place; a row or texel missing from damaged data reads 0.
#[derive(Clone, Copy, Debug)]
pub struct Texels<'a> {
    data: &'a [u8],
    width: u32,
    height: u32,
    rows: bool,
    /// The frame's first row among the image's rows (every frame's rows follow each other).
    first_row: u32,
}

/// `x` wrapped into `0..n` (`n` > 0): a mask for powers of two.
#[inline]
fn wrap(x: i32, n: u32) -> usize {
    if n.is_power_of_two() { (x as u32 & (n - 1)) as usize } else { x.rem_euclid(n as i32) as usize }
}

impl<'a> Texels<'a> {
    /// Frame 0 of `image`; `None` when a side is zero or beyond `i16`.
    pub fn from_image(image: &Image<'a>) -> Option<Texels<'a>> {
        Texels::new(image.data(), image.width(), image.height(), image.encoding() == ENCODING_ROWS)
    }

    /// Texels over `data`: `width × height` indices row-major, or (`rows`) a table of
    /// `height` LE `u32` row offsets into `data`. `None` when a side is 0 or above 32767.
    pub fn new(data: &'a [u8], width: usize, height: usize, rows: bool) -> Option<Texels<'a>> {
        let side = 1..=i16::MAX as usize;
        if !side.contains(&width) || !side.contains(&height) {
            return None;
        }
        Some(Texels { data, width: width as u32, height: height as u32, rows, first_row: 0 })
    }

    /// Frame `frame` of the image these are frame 0 of (its rows follow the earlier frames'),
    /// `None` past `frames`.
    pub fn frame(&self, frame: usize, frames: usize) -> Option<Texels<'a>> {
        if frame >= frames {
            return None;
        }
        let first_row = u32::try_from(frame.checked_mul(self.height as usize)?).ok()?;
        Some(Texels { first_row, ..*self })
    }

    /// Width in texels.
    pub fn width(&self) -> usize {
        self.width as usize
    }

    /// Height in texels.
    pub fn height(&self) -> usize {
        self.height as usize
    }

    /// The texels row-major (`width × height`), unless they are stored by row offsets.
    pub fn raw_data(&self) -> Option<&'a [u8]> {
        let start = (self.first_row as usize).saturating_mul(self.width as usize);
        (!self.rows).then(|| self.data.get(start..).unwrap_or(&[]))
    }

    /// The index at column `u`, row `v`, both wrapped into the image.
    #[inline]
    pub fn texel(&self, u: i32, v: i32) -> u8 {
        let (x, y) = (wrap(u, self.width), wrap(v, self.height) + self.first_row as usize);
        let at = if self.rows {
            match bytes::u32_le(self.data, y * field::ROW_OFFSET_LEN) {
                Some(start) => (start as usize).saturating_add(x),
                None => return 0,
            }
        } else {
            y * self.width as usize + x
        };
        self.data.get(at).copied().unwrap_or(0)
    }
}

/// The representative palette index of an image's first frame: the 16-entry ramp holding
/// most of its non-transparent pixels, at the rounded mean shade of those pixels. `None`
/// when every pixel is transparent (index 0).
pub fn representative_colour(image: &Image<'_>) -> Option<u8> {
    let mut count = [0u64; 16];
    let mut sum = [0u64; 16];
    for y in 0..image.height() {
        for &p in image.row(0, y).unwrap_or(&[]) {
            if p != 0 {
                count[(p >> 4) as usize] += 1;
                sum[(p >> 4) as usize] += (p & 15) as u64;
            }
        }
    }
    let mut best = 0;
    for r in 1..16 {
        if count[r] > count[best] {
            best = r;
        }
    }
    let n = count[best];
    if n == 0 {
        return None;
    }
    let shade = ((2 * sum[best] + n) / (2 * n)).min(15) as u8;
    Some(((best as u8) << 4) | shade)
}

/// One image slot: its texels (frame 0), representative colour, what a flat reads of it
/// (frame count, frame delay in BIOS ticks, texture scale in Q8) and its frame timeline.
#[derive(Clone, Debug)]
struct Slot<'a> {
    texels: Option<Texels<'a>>,
    colour: u8,
    frames: u16,
    delay: u16,
    scale: u16,
    timeline: Cell<Timeline>,
}

impl Slot<'_> {
    /// An image slot the bank does not fill: `colour`, no texels.
    const fn empty(colour: u8) -> Self {
        Slot { texels: None, colour, frames: 0, delay: 0, scale: 0, timeline: Cell::new(Timeline::LOADED) }
    }
}

/// A loaded image's animation state ({D:engine/texture-animation.md}), shared by every
/// polygon and flat that shows the image: its current frame (unset when loaded) and the BIOS
/// tick of its next update (zero when loaded).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timeline {
    /// The current frame; `None` until the first automatic request.
    pub frame: Option<u16>,
    /// The next-update deadline, BIOS ticks.
    pub deadline: u32,
}

impl Timeline {
    /// A newly loaded image's state.
    pub const LOADED: Timeline = Timeline { frame: None, deadline: 0 };

    /// An automatic frame request at BIOS tick `now` for an image of `frames` frames
    /// `delay` ticks apart ({D:engine/texture-animation.md} "Texture animation"): a
    /// single-frame image shows frame 0; an animated one advances one frame (wrapping to 0,
    /// the first request selecting 0) when its frame is unset or `now` has reached the
    /// deadline, which then becomes `now + delay`. A late request advances only once;
    /// requests before the deadline keep the frame. Returns the frame to show.
    pub fn request(&mut self, frames: usize, delay: u32, now: u32) -> usize {
        if frames <= 1 {
            return 0;
        }
        match self.frame {
            Some(f) if now < self.deadline => return f as usize,
            Some(f) => self.frame = Some(((f as usize + 1) % frames) as u16),
            None => self.frame = Some(0),
        }
        self.deadline = now.wrapping_add(delay);
        self.frame.map_or(0, |f| f as usize)
    }
}

/// An image's size as a flat draws it ({D:engine/model-lighting.md} "Flat image
/// dimensions"): the source image's sides and its texture scale (Q8, an unset scale already
/// 256). The frame it shows comes from [`Look::flat_texels`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FlatImage {
    /// Width, texels.
    pub width: usize,
    /// Height, texels.
    pub height: usize,
    /// Texture scale, Q8.
    pub scale_q8: u32,
}

/// One model bank's images.
#[derive(Clone, Debug)]
struct Bank<'a> {
    bank: i32,
    images: [Slot<'a>; BANK_IMAGES],
}

/// Fills `out[i]` from the bank's image `i` (the first image with that number wins, as in
/// [`Texbsi::image`]); slots the bank lacks keep what they hold.
fn load_bank<'a, const N: usize>(bank: &Texbsi<'a>, out: &mut [Slot<'a>; N]) {
    let mut seen = [false; N];
    for image in bank.images() {
        let Some(i) = image.index().map(usize::from) else { continue };
        if let (Some(s), Some(o)) = (seen.get_mut(i), out.get_mut(i))
            && !*s
        {
            *s = true;
            o.texels = Texels::from_image(&image);
            o.frames = image.frames().min(u16::MAX as usize) as u16;
            o.delay = image.frame_delay_ticks().min(u16::MAX as u32) as u16;
            o.scale = image.scale_q8().min(u16::MAX as u32) as u16;
            if let Some(c) = representative_colour(&image) {
                o.colour = c;
            }
        }
    }
}

/// The world's light (`engine/terrain-lighting.md`, one channel: the palette renderer
/// shades all three alike, so RGB inputs are averaged).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Light {
    /// Ambient `A`, 0..=255.
    pub ambient: f32,
    /// Directional strength `S`, 0..=255.
    pub sun: f32,
    /// Unit direction the light travels, map axes (Y down); zero disables the sun.
    pub direction: [f32; 3],
}

impl Light {
    /// What a world without `world_ambientrgb`, `world_sunrgb`, `world_sunangle` and
    /// `world_sunskew` gets: ambient 128, sun (128, 128, 100), both angles 0 (straight down).
    pub fn absent() -> Light {
        Light::from_world([128; 3], [128, 128, 100], 0, 0)
    }

    /// ISLAND's day entry (world 1): ambient 64, sun 255, angle 256, skew 512. The embedded
    /// island stands in for Stros M'Kai, so it is lit this way.
    pub fn island_day() -> Light {
        Light::from_world([64; 3], [255; 3], 256, 512)
    }

    /// The light of a world entry: `world_ambientrgb`, `world_sunrgb` (its fourth component
    /// does not scale the terrain light), and the direction built from `world_sunangle` and
    /// `world_sunskew` through the shared rotation table — `sin(angle)`, `sin(angle + 512)`
    /// and `sin(skew)`, each × 16000 and truncated, then normalised.
    pub fn from_world(ambient: [u8; 3], sun: [u8; 3], angle: i32, skew: i32) -> Light {
        let mean = |c: [u8; 3]| (c[0] as f32 + c[1] as f32 + c[2] as f32) / 3.0;
        let v = [angle, angle.wrapping_add(512), skew].map(|a| (tables::sin(a) * 16000.0) as i32 as f32);
        let len = libm::sqrtf(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
        let direction = if len > 0.0 { v.map(|c| c / len) } else { [0.0; 3] };
        Light { ambient: mean(ambient), sun: mean(sun), direction }
    }

    /// The intensity of a surface with unit normal `normal` (map axes) and brightness byte
    /// `brightness`: `clamp(A + B + max(0, −D·N) × S, 0, 255)`. NaN gives 0.
    pub fn intensity(&self, normal: [f32; 3], brightness: f32) -> f32 {
        Self::clamp(self.unclamped(normal, brightness))
    }

    /// [`Light::intensity`] before the clamp, where local lights add to it.
    pub fn unclamped(&self, normal: [f32; 3], brightness: f32) -> f32 {
        let d = self.direction;
        let weight = -(d[0] * normal[0] + d[1] * normal[1] + d[2] * normal[2]);
        self.ambient + brightness + weight.max(0.0) * self.sun
    }

    /// An intensity clamped to `0..=255`; NaN gives 0.
    pub fn clamp(i: f32) -> f32 {
        if i.is_nan() { 0.0 } else { i.clamp(0.0, 255.0) }
    }
}

/// The shade row of a surface of `intensity` (0..=255) seen `distance` map units away:
/// `64 × (1 − (I + 1) / 256)` for the light's modulation, plus one row per
/// [`FOG_PER_LEVEL`] of distance. Not clamped (the rasterizer clamps after interpolating);
/// NaN inputs count as 0.
pub fn shade_level(intensity: f32, distance: f32) -> f32 {
    let i = if intensity.is_nan() { 0.0 } else { intensity.clamp(0.0, 255.0) };
    let d = if distance.is_nan() { 0.0 } else { distance.max(0.0) };
    64.0 * (1.0 - (i + 1.0) / 256.0) + d / FOG_PER_LEVEL
}

/// A sky image and the plane it is drawn on (`engine/sky.md`, the Glide sky plane): a
/// horizontal plane `level` map units high, `scale` texels from its centre to its edge
/// 65000 map units away, the texture following the camera at 0.009 texels per map unit
/// plus the world's scroll offset ([`Look::set_sky_scroll`]). Its pixels are remapped into the world palette (`remap`), as the
/// sky has its own COL.
#[derive(Clone, Debug)]
pub struct Sky<'a> {
    /// The image.
    pub texels: Texels<'a>,
    /// Sky palette index → world palette index.
    pub remap: [u8; 256],
    /// `world_skylevel`: the plane's Y (0 selects −3500).
    pub level: f32,
    /// `world_skyscale`: the texture half-span in texels (0 selects 2000).
    pub scale: f32,
}

impl<'a> Sky<'a> {
    /// Default plane height when `world_skylevel` is 0 or absent.
    pub const DEFAULT_LEVEL: f32 = -3500.0;
    /// Default texture half-span when `world_skyscale` is 0 or absent.
    pub const DEFAULT_SCALE: f32 = 2000.0;
    /// Half the plane's side, map units.
    pub const HALF_SPAN: f32 = 65000.0;
    /// Texels the texture moves per map unit of camera X/Z.
    pub const FOLLOW: f32 = 0.009;
    /// The plane's tilt about the camera's horizontal right axis, 2048 units a turn
    /// ({D:engine/sky.md} "Plane tilt": fixed at 24, about 4.2°).
    pub const TILT: i32 = 24;

    /// A sky of `texels` coloured by `sky_rgb` (its COL, 8-bit channels), remapped into
    /// `world` by nearest colour, at `level` and `scale` (0 selects the defaults).
    pub fn new(
        texels: Texels<'a>,
        sky_rgb: &[[u8; 3]; 256],
        world: &Palette,
        level: i32,
        scale: i32,
    ) -> Self {
        let mut remap = [0u8; 256];
        for (r, rgb) in remap.iter_mut().zip(sky_rgb.iter()) {
            *r = world.nearest([4 * (rgb[0] >> 2), 4 * (rgb[1] >> 2), 4 * (rgb[2] >> 2)]);
        }
        let or = |v: i32, d: f32| if v == 0 { d } else { v as f32 };
        Sky { texels, remap, level: or(level, Self::DEFAULT_LEVEL), scale: or(scale, Self::DEFAULT_SCALE) }
    }

    /// The sky of an install's files: a standalone BSI image (`world_skyfx`, e.g.
    /// `SKY888.BSI`, frame 0) and its matching COL, remapped into `world`.
    pub fn from_files(
        bsi: &'a [u8],
        col: &[u8],
        world: &Palette,
        level: i32,
        scale: i32,
    ) -> Result<Sky<'a>, FormatError> {
        let image = Image::standalone(bsi)?;
        let col = Col::new_checked(col)?;
        // A checked image has positive sides below 2^15, so the view exists.
        let texels = Texels::from_image(&image).unwrap_or(Texels {
            data: &[],
            width: 1,
            height: 1,
            rows: image.encoding() != ENCODING_RAW,
            first_row: 0,
        });
        Ok(Sky::new(texels, &col.to_rgb_array(), world, level, scale))
    }
}

/// The sun disc ({D:engine/sky.md} "Sun disc"): a camera-facing sprite at a fixed offset
/// from the camera, its image's indices read as opacity, drawn in one tint colour before the
/// scene and without fog.
#[derive(Clone, Debug)]
pub struct Sun<'a> {
    /// The image (indices are alpha).
    pub texels: Texels<'a>,
    /// The tint's palette index (nearest `world_sunimgrgb`).
    pub tint: u8,
    /// The centre relative to the camera, map units: the negated
    /// `(trunc(16000 sin angle), trunc(16000 cos angle), trunc(16000 sin skew))`.
    pub offset: [f32; 3],
    /// Half the sprite's width and height, map units: the image's sides times
    /// `0.5 × tex_scale / 256 × world_sunscale / 100` (a zero scale is 12,800).
    pub half: [f32; 2],
}

impl<'a> Sun<'a> {
    /// The sun of a standalone BSI `image` (frame 0) tinted `rgb` in `palette`, for
    /// `world_sunangle` `angle`, `world_sunskew` `skew` and `world_sunscale` `scale`.
    pub fn new(
        image: &Image<'a>,
        rgb: [u8; 3],
        palette: &Palette,
        [angle, skew, scale]: [i32; 3],
    ) -> Option<Self> {
        let texels = Texels::from_image(image)?;
        let far = |a: i32| (tables::sin(a) * 16000.0) as i32 as f32;
        let offset = [-far(angle), -far(angle.wrapping_add(512)), -far(skew)];
        let scale = if scale == 0 { 12_800.0 } else { scale as f32 };
        let k = 0.5 * (image.scale_q8() as f32 / 256.0) * (scale / 100.0);
        Some(Sun {
            texels,
            tint: palette.nearest(rgb),
            offset,
            half: [image.width() as f32 * k, image.height() as f32 * k],
        })
    }
}

/// Everything that decides how the world looks besides its geometry. Built once (a few
/// milliseconds: the shade table) and borrowed by every frame.
#[derive(Clone, Debug)]
pub struct Look<'a, C: Capacity = Desktop> {
    terrain: [Slot<'a>; TERRAIN_IMAGES],
    banks: C::Banks<Bank<'a>>,
    /// The shade table of the world's palette.
    pub shades: Shades,
    /// The light.
    pub light: Light,
    /// The sky plane, when the world has a sky image.
    pub sky: Option<Sky<'a>>,
    /// The sun disc, when the world names one.
    pub sun: Option<Sun<'a>>,
    /// The scene's far clipping distance, map units: `world_back_plane` or SYSTEM.INI's
    /// `[xngine] back_plane` ({D:engine/fog.md} "Clipping distances") for a look built
    /// from a world's files ([`crate::render::world::look_into`]), which then draws as the
    /// original does — clipped there, fogged by [`Look::fog`], no darkening with distance.
    /// `None` (a look built by hand): drawn to the terrain's full reach, darkening a shade
    /// row per [`FOG_PER_LEVEL`] of distance, without fog.
    pub far: Option<f32>,
    /// The scene fog table (FOG.INI; [`super::fog`]).
    pub fog: super::fog::FogTable,
    /// `world_ambientfx` as world entry publishes it (128 without an entry): the brightness
    /// of explicit-frame environmental effects ({D:engine/SOUP.md} "Environmental effect
    /// frame submission").
    pub ambientfx: i16,
    /// The world's fill colour: the palette index nearest `world_fogrgb` (black when the
    /// entry has none), which clears the frame where nothing else draws and which the sky's
    /// fog blends toward; `None` (a look without a WORLD.INI entry) draws the gradient sky.
    pub background: Option<u8>,
    /// Draw every face in its image's representative colour instead of its texels (the
    /// first renderer's flat look; faces whose image is missing are always drawn so).
    pub flat: bool,
    /// The BIOS tick the images' automatic frame requests read ([`Look::set_clock`]).
    clock: Cell<u32>,
    /// The sky's scroll offsets `(su, sv)`, texels ([`Look::set_sky_scroll`]).
    sky_scroll: Cell<[f32; 2]>,
}

/// The terrain images before a bank is loaded: fallback land, and water for image 0.
fn fallback_terrain<'a>() -> [Slot<'a>; TERRAIN_IMAGES] {
    let mut terrain = [const { Slot::empty(FALLBACK_LAND) }; TERRAIN_IMAGES];
    terrain[0] = Slot::empty(FALLBACK_WATER);
    terrain
}

impl<C: Capacity> Default for Look<'_, C> {
    /// Fallback colours only, the built-in palette's shades, [`Light::absent`].
    // Not inlined, as [`crate::world::World::unloaded`].
    #[inline(never)]
    fn default() -> Self {
        // One expression, so the look is built where it is returned (a 24 KiB temporary on
        // a small machine's stack otherwise); [`Look::new`] without banks gives the same.
        Look {
            terrain: fallback_terrain(),
            banks: C::Banks::<Bank<'_>>::default(),
            ambientfx: 128,
            far: None,
            fog: super::fog::FogTable::NONE,
            shades: Shades::new(&Palette::default_world()),
            light: Light::absent(),
            sky: None,
            sun: None,
            background: None,
            flat: false,
            clock: Cell::new(0),
            sky_scroll: Cell::new([0.0; 2]),
        }
    }
}

impl<'a, C: Capacity> Look<'a, C> {
    /// The look of the terrain bank (`TEXBSI.302`) and the model banks, each with its bank
    /// number as model faces name it, shaded through `palette`. Banks beyond
    /// the build's capacity and repeated bank numbers are ignored; missing banks and images get
    /// the fallback colours. The light is [`Light::absent`], no sky image.
    pub fn new(
        terrain_bank: Option<&Texbsi<'a>>,
        model_banks: &[(u16, Texbsi<'a>)],
        palette: &Palette,
    ) -> Self {
        let mut look = Look {
            terrain: [const { Slot::empty(FALLBACK_LAND) }; TERRAIN_IMAGES],
            banks: C::Banks::<Bank<'a>>::default(),
            ambientfx: 128,
            far: None,
            fog: super::fog::FogTable::NONE,
            shades: Shades::black(),
            light: Light::absent(),
            sky: None,
            sun: None,
            background: None,
            flat: false,
            clock: Cell::new(0),
            sky_scroll: Cell::new([0.0; 2]),
        };
        // Built where the look is, not through a 16 KiB temporary.
        look.shades.rebuild(palette);
        look.reset_terrain(terrain_bank);
        for (number, bank) in model_banks {
            if !look.has_bank(*number) && !look.add_bank(*number, bank) {
                break;
            }
        }
        look
    }

    /// [`Look::new`] where this look is, without model banks (add them with
    /// [`Look::add_bank`]): the tables keep their storage, so a session loading another
    /// map rebuilds its look without allocating.
    pub fn rebuild(&mut self, terrain_bank: Option<&Texbsi<'a>>, palette: &Palette) {
        self.reset_terrain(terrain_bank);
        self.banks.clear();
        self.shades.rebuild(palette);
        (self.light, self.sky, self.sun, self.background, self.flat) =
            (Light::absent(), None, None, None, false);
    }

    fn reset_terrain(&mut self, terrain_bank: Option<&Texbsi<'a>>) {
        self.terrain = fallback_terrain();
        if let Some(bank) = terrain_bank {
            load_bank(bank, &mut self.terrain);
        }
    }

    /// Whether model bank `number` is loaded.
    pub fn has_bank(&self, number: u16) -> bool {
        self.banks.iter().any(|b| b.bank == number as i32)
    }

    /// Loads `bank` as model bank `number` (a repeated number replaces nothing: the first
    /// stays); `false` when the build's bank table is full.
    pub fn add_bank(&mut self, number: u16, bank: &Texbsi<'a>) -> bool {
        if self.has_bank(number) {
            return true;
        }
        let mut images = [const { Slot::empty(FALLBACK_MODEL) }; BANK_IMAGES];
        load_bank(bank, &mut images);
        self.banks.push(Bank { bank: number as i32, images }).is_ok()
    }

    fn terrain_slot(&self, image: u8) -> Option<&Slot<'a>> {
        self.terrain.get(image as usize)
    }

    fn bank_slot(&self, bank: i32, image: u32) -> Option<&Slot<'a>> {
        self.banks.iter().find(|b| b.bank == bank)?.images.get(image as usize)
    }

    /// The representative colour of terrain image `image` (the low six bits of a Map3 byte).
    pub fn terrain_colour(&self, image: u8) -> u8 {
        self.terrain_slot(image).map_or(FALLBACK_LAND, |s| s.colour)
    }

    /// Sets the BIOS tick the next frame's texture requests read (the latest update's).
    pub fn set_clock(&self, bios: u32) {
        self.clock.set(bios);
    }

    /// Sets the sky's scroll offsets the next frame draws with (the world's).
    pub fn set_sky_scroll(&self, scroll: [f32; 2]) {
        self.sky_scroll.set(scroll);
    }

    /// The distance a shade row darkens by: `distance` for a hand-built look, none for a
    /// world's look (its fog does that, [`Look::far`]).
    pub fn shade_distance(&self, distance: f32) -> f32 {
        if self.far.is_some() { 0.0 } else { distance }
    }

    /// The sky's scroll offsets.
    pub fn sky_scroll(&self) -> [f32; 2] {
        self.sky_scroll.get()
    }

    /// The frame `slot`'s image shows when bound now, advancing its timeline.
    fn request(&self, slot: &Slot<'a>) -> Option<Texels<'a>> {
        let frames = (slot.frames as usize).max(1);
        let mut t = slot.timeline.get();
        let frame = t.request(frames, slot.delay as u32, self.clock.get());
        slot.timeline.set(t);
        slot.texels?.frame(frame, frames)
    }

    /// The texels of terrain image `image` as a terrain triangle binds it (an automatic frame
    /// request), `None` when missing or when drawing flat.
    pub fn terrain_texels(&self, image: u8) -> Option<Texels<'a>> {
        if self.flat { None } else { self.request(self.terrain_slot(image)?) }
    }

    /// The timeline of terrain image `image`.
    pub fn terrain_timeline(&self, image: u8) -> Option<Timeline> {
        self.terrain_slot(image).map(|s| s.timeline.get())
    }

    /// The colour of a model face: a solid face's own, a textured face's representative.
    pub fn face_colour(&self, texture: Texture) -> u8 {
        match texture {
            Texture::Solid { colour } => colour,
            Texture::Image { bank, image } => {
                self.bank_slot(bank, image).map_or(FALLBACK_MODEL, |s| s.colour)
            }
        }
    }

    /// Image `image` of model bank `bank` as a flat draws it, `None` when the bank or the
    /// image is missing (a flat without its image is not drawn).
    pub fn flat_image(&self, bank: u16, image: u8) -> Option<FlatImage> {
        let slot = self.bank_slot(bank as i32, image as u32)?;
        let texels = slot.texels?;
        Some(FlatImage { width: texels.width(), height: texels.height(), scale_q8: slot.scale as u32 })
    }

    /// The frame of model bank `bank`'s image `image` a flat shows when bound now (an
    /// automatic frame request), `None` when missing.
    pub fn flat_texels(&self, bank: u16, image: u8) -> Option<Texels<'a>> {
        self.request(self.bank_slot(bank as i32, image as u32)?)
    }

    /// Frame `frame` of model bank `bank`'s image `image` (an explicit request: the timeline
    /// is not consulted), `None` when missing or past the image's frames.
    pub fn flat_frame(&self, bank: u16, image: u8, frame: i32) -> Option<Texels<'a>> {
        let slot = self.bank_slot(bank as i32, image as u32)?;
        slot.texels?.frame(usize::try_from(frame).ok()?, (slot.frames as usize).max(1))
    }

    /// The texels of a textured model face as its polygon binds them (an automatic frame
    /// request), `None` for solid faces, missing images, or when drawing flat.
    pub fn face_texels(&self, texture: Texture) -> Option<Texels<'a>> {
        match texture {
            Texture::Image { bank, image } if !self.flat => self.request(self.bank_slot(bank, image)?),
            _ => None,
        }
    }

    /// The timeline of model bank `bank`'s image `image`.
    pub fn bank_timeline(&self, bank: u16, image: u8) -> Option<Timeline> {
        self.bank_slot(bank as i32, image as u32).map(|s| s.timeline.get())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_image_timeline_advances_once_per_deadline() {
        // {D:engine/texture-animation.md}: four frames two ticks apart.
        let mut t = Timeline::LOADED;
        // The first request selects frame 0 whatever the deadline; the next is at 10 + 2.
        assert_eq!(t.request(4, 2, 10), 0);
        assert_eq!(t, Timeline { frame: Some(0), deadline: 12 });
        // Before the deadline the frame stays; at it the frame advances.
        assert_eq!(t.request(4, 2, 11), 0);
        assert_eq!(t.request(4, 2, 12), 1);
        assert_eq!(t.deadline, 14);
        // A late request (six ticks on) advances once, not three times.
        assert_eq!(t.request(4, 2, 20), 2);
        assert_eq!(t.deadline, 22);
        assert_eq!(t.request(4, 2, 22), 3);
        // Past the last frame: 0.
        assert_eq!(t.request(4, 2, 24), 0);
        // A single-frame image shows frame 0 and keeps its state.
        let mut still = Timeline::LOADED;
        assert_eq!(still.request(1, 2, 10), 0);
        assert_eq!(still, Timeline::LOADED);
    }

    #[test]
    fn a_sky_from_a_standalone_bsi_and_its_col() {
        // BSIF, BHDR (2×1 raw), DATA, END; then a COL whose entries 1 and 2 are red and blue.
        let mut bsi = b"BSIF\0\0\0\0BHDR\0\0\0\x1a".to_vec();
        let mut bhdr = [0u8; 26];
        bhdr[4] = 2;
        bhdr[6] = 1;
        bhdr[14] = 1;
        bsi.extend_from_slice(&bhdr);
        bsi.extend_from_slice(b"DATA\0\0\0\x02\x01\x02END \0\0\0\0");
        let mut col = 776u32.to_le_bytes().to_vec();
        col.extend_from_slice(&0xB123u32.to_le_bytes());
        let mut rgb = [0u8; 768];
        rgb[3..6].copy_from_slice(&[250, 0, 0]);
        rgb[6..9].copy_from_slice(&[0, 0, 250]);
        col.extend_from_slice(&rgb);
        let mut world = Palette::default_world();
        world.rgb[200] = [248, 0, 0];
        world.rgb[201] = [0, 0, 248];
        let sky = Sky::from_files(&bsi, &col, &world, -2000, 0).unwrap();
        assert_eq!((sky.texels.width(), sky.texels.height()), (2, 1));
        assert_eq!(
            (sky.remap[sky.texels.texel(0, 0) as usize], sky.remap[sky.texels.texel(1, 0) as usize]),
            (200, 201)
        );
        assert_eq!((sky.level, sky.scale), (-2000.0, Sky::DEFAULT_SCALE));
        assert!(Sky::from_files(&bsi[..20], &col, &world, 0, 0).is_err());
        assert!(Sky::from_files(&bsi, &col[..700], &world, 0, 0).is_err());
    }

    #[test]
    fn texels_wrap_and_read_both_encodings() {
        let raw = [1u8, 2, 3, 4, 5, 6];
        let t = Texels::new(&raw, 3, 2, false).unwrap();
        assert_eq!((t.texel(0, 0), t.texel(2, 1), t.texel(3, 0), t.texel(-1, -1)), (1, 6, 1, 6));
        assert_eq!((t.texel(i32::MIN, i32::MAX), t.width(), t.height()), (t.texel(1, 1), 3, 2));
        // Rows at 8 and 10 (the second shared with a bad offset that reads 0).
        let rows = [8u8, 0, 0, 0, 200, 0, 0, 0, 7, 9];
        let t = Texels::new(&rows, 2, 2, true).unwrap();
        assert_eq!((t.texel(0, 0), t.texel(1, 0), t.texel(0, 1)), (7, 9, 0));
        assert!(Texels::new(&raw, 0, 2, false).is_none());
        assert_eq!(Texels::new(&raw, 4, 4, false).unwrap().texel(3, 3), 0, "past the data reads 0");
    }

    #[test]
    fn light_follows_the_documented_island_day() {
        let l = Light::island_day();
        let d = l.direction;
        assert!((d[0] - 0.499_984).abs() < 1e-5 && (d[1] - d[0]).abs() < 1e-6, "{d:?}");
        assert!((d[2] - 0.707_129).abs() < 1e-5, "{d:?}");
        // Flat ground (normal up, −Y): 64 + 0.5 × 255.
        let flat = l.intensity([0.0, -1.0, 0.0], 0.0);
        assert!((flat - 191.5).abs() < 0.01, "{flat}");
        // Facing away from the sun: ambient only; a bright face saturates.
        assert_eq!(l.intensity([0.5, 0.5, 0.707], 0.0), 64.0);
        assert_eq!(l.intensity([-0.5, -0.5, -0.707], 0.0), 255.0);
        assert_eq!(l.intensity([0.0, -1.0, 0.0], 244.0), 255.0);
        assert_eq!(l.intensity([f32::NAN; 3], 0.0), 64.0, "a NaN normal gets the ambient");
        let absent = Light::absent();
        assert_eq!(absent.direction, [0.0, 1.0, 0.0]);
        assert!((absent.intensity([0.0, -1.0, 0.0], 0.0) - (128.0 + 356.0 / 3.0)).abs() < 0.01);
        assert_eq!(shade_level(255.0, 0.0), 0.0);
        assert_eq!(shade_level(127.0, 2048.0), 32.0 + 2.0);
        assert_eq!(shade_level(f32::NAN, f32::NAN), 64.0 * 255.0 / 256.0);
    }
}
