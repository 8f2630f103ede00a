//! The world view: sky, WLD terrain, placed models and actors, flat-shaded through the
//! palette's ramps and z-buffered by [`super::raster`].
//!
//! Everything is in map units with Y down. A [`View`] is an eye, a heading (2048 units a
//! turn, 0 looking along +Z, 512 along −X) and a pitch (positive looks down);
//! [`follow_view`] places one behind and above an actor. [`draw`] fills the whole
//! framebuffer: a sky gradient above the horizon and the far sea below it, then the terrain
//! cells within [`TERRAIN_RADIUS`] of the eye, then every [`Instance`].
//!
//! Faces are not textured yet. Each face gets one palette index: a solid face its colour, a
//! textured face a representative colour of its TEXBSI image ([`Colours`]), terrain cells
//! the colour of their `TEXBSI.302` image. That index is then moved down its 16-entry ramp
//! (toward 15, dark) by the face's angle to a fixed sun and by distance fog ([`shade`]),
//! never leaving the ramp. This assumes the palette is laid out in ramps of 16 from lit to
//! dark, as the embedded world's is.

use super::Framebuffer;
use super::palette::ramps;
use super::raster::Raster;
use crate::collision::statics::Placement;
use crate::formats::model::{Model, Texture};
use crate::formats::texbsi::{Image, Texbsi};
use crate::formats::wld::Wld;
use crate::tables;
use crate::terrain::{CELL, VertexHeights};

/// Focal length per pixel of framebuffer width: a horizontal field of view of
/// `2 atan(1 / 1.6)` ≈ 64°.
pub const FOCAL_PER_WIDTH: f32 = 0.8;
/// Terrain cells drawn around the eye, in cells (a disc of this radius).
pub const TERRAIN_RADIUS: i32 = 64;
/// Draw distance in map units: the terrain disc's radius; instances farther are skipped.
pub const FAR: f32 = TERRAIN_RADIUS as f32 * CELL as f32;
/// Unit vector toward the sun (Y down: high in the sky, a little east and south).
pub const SUN: [f32; 3] = [0.3478, -0.7950, -0.4969];
/// Ramp steps between a face lit head-on by the sun and one facing away.
pub const LIGHT_STEPS: f32 = 6.0;
/// Map units of distance per ramp step of fog.
pub const FOG_PER_SHADE: f32 = 4096.0;
/// Sky ramp steps from the horizon haze to straight up.
pub const SKY_STEPS: f32 = 18.0;
/// How far [`follow_view`] raises its gaze above the target, 2048 units a turn (≈ 8°), so
/// the target sits below the middle of the screen.
pub const FOLLOW_LIFT: f32 = 48.0;

/// Images per model bank whose colours [`Colours`] keeps (v4 image numbers are below 70,
/// v2's below 128).
pub const BANK_IMAGES: usize = 128;
/// Model banks [`Colours`] keeps.
pub const MODEL_BANKS: usize = 8;
/// Terrain images (the six-bit Map3 index).
pub const TERRAIN_IMAGES: usize = 64;
/// The colour of a model face whose bank or image is missing (a mid grey).
pub const FALLBACK_MODEL: u8 = ramps::GREY.start + 6;
/// The colour of terrain image 0 (open water in every map) when it is missing.
pub const FALLBACK_WATER: u8 = ramps::WATER.start + 4;
/// The colour of other terrain images when they are missing.
pub const FALLBACK_LAND: u8 = ramps::GRASS.start + 4;

/// A viewpoint.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct View {
    /// Eye position, map units (Y down).
    pub eye: [f32; 3],
    /// Heading, 2048 units a turn: 0 looks along +Z, 512 along −X.
    pub heading: u16,
    /// Pitch, 2048 units a turn: positive looks down.
    pub pitch: i16,
}

impl View {
    /// Camera coordinates of a world point: X right, Y down, Z forward, eye at the origin.
    pub fn to_camera(&self, world: [f32; 3]) -> [f32; 3] {
        Basis::new(self).camera(world)
    }

    /// The unit vector the view looks along.
    pub fn forward(&self) -> [f32; 3] {
        Basis::new(self).rows[2]
    }
}

/// The horizontal unit vector of a heading: `(sin(−h), 0, cos(−h))` from the shared table.
pub fn heading_vector(heading: i32) -> [f32; 3] {
    [tables::sin(heading.wrapping_neg()), 0.0, tables::cos(heading.wrapping_neg())]
}

/// The focal length, pixels, for a framebuffer `width` pixels wide.
pub fn focal_length(width: usize) -> f32 {
    width as f32 * FOCAL_PER_WIDTH
}

/// Where world point `p` lands on a `width × height` screen seen from `view` (pixel
/// `(0, 0)` covers `[0, 1)²`), `None` behind the near plane.
pub fn project(view: &View, width: usize, height: usize, p: [f32; 3]) -> Option<[f32; 2]> {
    let c = view.to_camera(p);
    if c[2] < super::raster::NEAR || c[2].is_nan() {
        return None;
    }
    let s = focal_length(width) / c[2];
    Some([width as f32 * 0.5 + c[0] * s, height as f32 * 0.5 + c[1] * s])
}

/// A third-person view of `target` from `distance` behind it (along `heading`) and
/// `height` above it, looking along `heading` and pitched down toward the target, less
/// [`FOLLOW_LIFT`] so the target sits in the lower middle of the screen.
pub fn follow_view(target: [f32; 3], heading: u16, distance: f32, height: f32) -> View {
    let f = heading_vector(heading as i32);
    let eye = [target[0] - f[0] * distance, target[1] - height, target[2] - f[2] * distance];
    let down = libm::atan2f(height, distance) * (1024.0 / core::f32::consts::PI) - FOLLOW_LIFT;
    // A NaN becomes 0 (level); the clamp keeps the view between straight down and up.
    let pitch = libm::roundf(down).clamp(-512.0, 512.0) as i16;
    View { eye, heading, pitch }
}

/// A model placed in the world: `world = matrix · local + position`.
#[derive(Clone, Copy, Debug)]
pub struct Instance<'m> {
    /// The model.
    pub model: Model<'m>,
    /// Animation frame (a frame the model lacks draws frame 0).
    pub frame: u32,
    /// Position of the model's origin, map units.
    pub position: [f32; 3],
    /// Rotation rows, local → world (as [`Placement::matrix`] and `math::Mat3::m`).
    pub matrix: [[f32; 3]; 3],
}

impl<'m> From<&Placement<'m>> for Instance<'m> {
    fn from(p: &Placement<'m>) -> Self {
        Instance { model: p.model, frame: 0, position: p.position, matrix: p.matrix }
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

/// One model bank's image colours.
#[derive(Clone, Debug)]
struct BankColours {
    bank: i32,
    images: [u8; BANK_IMAGES],
}

/// Face colours, computed once from the texture banks: one palette index per terrain image
/// and per image of each model bank. Fixed-size, no allocation.
#[derive(Clone, Debug)]
pub struct Colours {
    terrain: [u8; TERRAIN_IMAGES],
    banks: heapless::Vec<BankColours, MODEL_BANKS>,
}

impl Default for Colours {
    /// Fallback colours only.
    fn default() -> Self {
        Colours::new(None, &[])
    }
}

/// The representative colours of a bank's images `0..N`, in `out`; images the bank lacks
/// keep what `out` holds. The first image with a given number wins, as in [`Texbsi::image`].
fn bank_colours<const N: usize>(bank: &Texbsi<'_>, out: &mut [u8; N]) {
    let mut seen = [false; N];
    for image in bank.images() {
        let Some(i) = image.index().map(usize::from) else { continue };
        if let (Some(s), Some(o)) = (seen.get_mut(i), out.get_mut(i))
            && !*s
        {
            *s = true;
            if let Some(c) = representative_colour(&image) {
                *o = c;
            }
        }
    }
}

impl Colours {
    /// Colours from the terrain bank (`TEXBSI.302`) and the model banks, each with its bank
    /// number as model faces name it. Banks beyond [`MODEL_BANKS`] and repeated bank numbers
    /// are ignored; missing banks and images get the fallback colours.
    pub fn new(terrain_bank: Option<&Texbsi<'_>>, model_banks: &[(u16, Texbsi<'_>)]) -> Colours {
        let mut terrain = [FALLBACK_LAND; TERRAIN_IMAGES];
        terrain[0] = FALLBACK_WATER;
        if let Some(bank) = terrain_bank {
            bank_colours(bank, &mut terrain);
        }
        let mut banks = heapless::Vec::new();
        for (number, bank) in model_banks {
            let number = *number as i32;
            if banks.iter().any(|b: &BankColours| b.bank == number) {
                continue;
            }
            let mut images = [FALLBACK_MODEL; BANK_IMAGES];
            bank_colours(bank, &mut images);
            if banks.push(BankColours { bank: number, images }).is_err() {
                break;
            }
        }
        Colours { terrain, banks }
    }

    /// The colour of terrain image `image` (the low six bits of a Map3 byte).
    pub fn terrain(&self, image: u8) -> u8 {
        self.terrain.get(image as usize).copied().unwrap_or(FALLBACK_LAND)
    }

    /// The colour of a model face.
    pub fn face(&self, texture: Texture) -> u8 {
        match texture {
            Texture::Solid { colour } => colour,
            Texture::Image { bank, image } => self
                .banks
                .iter()
                .find(|b| b.bank == bank)
                .and_then(|b| b.images.get(image as usize))
                .copied()
                .unwrap_or(FALLBACK_MODEL),
        }
    }
}

/// `colour` moved down its ramp: `(1 − light) × LIGHT_STEPS` for a face lit `light`
/// (0 facing away from the sun, 1 facing it) plus one step per [`FOG_PER_SHADE`] of
/// `distance`, rounded, and clamped to the ramp's darkest entry.
pub fn shade(colour: u8, light: f32, distance: f32) -> u8 {
    let steps = (1.0 - light.clamp(0.0, 1.0)) * LIGHT_STEPS + distance.max(0.0) / FOG_PER_SHADE;
    // The cast saturates, and a NaN converts to 0: the face keeps its base shade.
    let s = ((colour & 15) as i32).saturating_add((steps + 0.5) as i32);
    (colour & 0xF0) | s.clamp(0, 15) as u8
}

/// The light of a horizontal surface: how a flat cell and the far sea are lit.
fn flat_light() -> f32 {
    -SUN[1]
}

/// The view's axes and eye, for transforming many points.
#[derive(Clone, Copy, Debug)]
struct Basis {
    eye: [f32; 3],
    /// Right, down and forward, in world coordinates.
    rows: [[f32; 3]; 3],
}

fn dot(a: [f32; 3], b: [f32; 3]) -> f32 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

fn length(a: [f32; 3]) -> f32 {
    libm::sqrtf(dot(a, a))
}

impl Basis {
    fn new(view: &View) -> Basis {
        let h = view.heading as i32;
        let f = heading_vector(h);
        // Screen right is the forward vector of heading h − 512.
        let right = heading_vector(h - 512);
        let (sp, cp) = (tables::sin(view.pitch as i32), tables::cos(view.pitch as i32));
        let forward = [f[0] * cp, sp, f[2] * cp];
        let down = [-f[0] * sp, cp, -f[2] * sp];
        Basis { eye: view.eye, rows: [right, down, forward] }
    }

    fn rotate(&self, v: [f32; 3]) -> [f32; 3] {
        self.rows.map(|r| dot(r, v))
    }

    fn camera(&self, p: [f32; 3]) -> [f32; 3] {
        self.rotate([p[0] - self.eye[0], p[1] - self.eye[1], p[2] - self.eye[2]])
    }
}

/// Draws the world seen from `view` into `fb`: sky and far sea, the terrain (heights and
/// the WLD's Map3 for colours) when given, then `instances`. `depth` is scratch space of at
/// least `width × height` values; when it is shorter nothing is drawn. Non-finite eye
/// positions draw only the sky and sea; non-finite instances and faces are skipped.
pub fn draw<'m, H: VertexHeights>(
    fb: &mut Framebuffer<'_>,
    depth: &mut [f32],
    view: &View,
    terrain: Option<(&H, &Wld<'_>)>,
    instances: impl IntoIterator<Item = Instance<'m>>,
    colours: &Colours,
) {
    let focal = focal_length(fb.width());
    let Some(mut raster) = Raster::new(fb, depth, focal) else { return };
    let basis = Basis::new(view);
    draw_background(&mut raster, &basis, colours);
    if !view.eye.iter().all(|c| c.is_finite()) {
        return;
    }
    raster.clear_depth();
    if let Some((heights, wld)) = terrain {
        draw_terrain(&mut raster, &basis, heights, wld, colours);
    }
    let sun = basis.rotate(SUN);
    for instance in instances {
        draw_instance(&mut raster, &basis, sun, &instance, colours);
    }
}

/// Sky above the horizon, shaded by the elevation of each row's view ray; the far sea below.
fn draw_background(raster: &mut Raster<'_, '_>, basis: &Basis, colours: &Colours) {
    let sea = shade(colours.terrain(0), flat_light(), FAR);
    let focal = raster.focal();
    let fb = raster.framebuffer();
    let (w, h) = (fb.width(), fb.height());
    let cy = h as f32 * 0.5;
    let (forward_y, down_y) = (basis.rows[2][1], basis.rows[1][1]);
    for y in 0..h {
        // The ray through this row's centre: forward + t·down, |ray| = √(1 + t²).
        let t = (y as f32 + 0.5 - cy) / focal;
        let ray_y = forward_y + t * down_y;
        let colour = if ray_y < 0.0 {
            let elevation = -ray_y / libm::sqrtf(1.0 + t * t);
            ramps::SKY.shade((elevation * SKY_STEPS) as i32)
        } else {
            sea
        };
        fb.hspan(y, 0, w, colour);
    }
}

/// Cells per row cache: the disc's diameter plus the closing vertex.
const ROW: usize = 2 * TERRAIN_RADIUS as usize + 2;

/// A terrain vertex: camera coordinates, clipping outcode and world Y.
#[derive(Clone, Copy, Default)]
struct TerrainVertex {
    cam: [f32; 3],
    code: u8,
    y: f32,
}

/// The terrain cells within [`TERRAIN_RADIUS`] of the eye, two triangles each, split along
/// the diagonal from `(i, j)` to `(i + 1, j − 1)` as [`crate::terrain::sample`] does. Each
/// vertex is transformed once: rows are loaded one after another and each cell reads its
/// own row and the previous one.
fn draw_terrain<H: VertexHeights>(
    raster: &mut Raster<'_, '_>,
    basis: &Basis,
    heights: &H,
    wld: &Wld<'_>,
    colours: &Colours,
) {
    let eye = basis.eye;
    let cell = CELL as f32;
    // The eye's cell: x in [256 i, 256 (i + 1)], z in [256 (j − 1), 256 j]. The casts and
    // the range arithmetic saturate.
    let ei = libm::floorf(eye[0] / cell) as i64;
    let ej = (libm::floorf(eye[2] / cell) as i64).saturating_add(1);
    let r = TERRAIN_RADIUS as i64;
    // Cells have columns 0..=254 and rows 2..=256, so every corner is a stored vertex.
    let (i0, i1) = (ei.saturating_sub(r).max(0), ei.saturating_add(r).min(254));
    let (j0, j1) = (ej.saturating_sub(r).max(2), ej.saturating_add(r).min(256));
    if i0 > i1 || j0 > j1 {
        return;
    }
    let (i0, i1, j0, j1) = (i0 as i32, i1 as i32, j0 as i32, j1 as i32);
    let load = |raster: &Raster<'_, '_>, j: i32, row: &mut [TerrainVertex; ROW]| {
        for (k, v) in row.iter_mut().enumerate().take((i1 - i0 + 2) as usize) {
            let i = i0 + k as i32;
            let mut y = heights.vertex_y(i, j);
            // The sea surface: water vertices below sea level are drawn at level 0.
            if y > 0.0 && wld.is_water_corner(i, j) {
                y = 0.0;
            }
            let cam = basis.camera([i as f32 * cell, y, j as f32 * cell]);
            *v = TerrainVertex { cam, code: raster.outcode(cam), y };
        }
    };
    let mut prev = [TerrainVertex::default(); ROW];
    let mut cur = [TerrainVertex::default(); ROW];
    load(raster, j0 - 1, &mut prev);
    let reach = FAR + cell;
    for j in j0..=j1 {
        load(raster, j, &mut cur);
        for i in i0..=i1 {
            let k = (i - i0) as usize;
            // k + 1 ≤ i1 − i0 + 1 < ROW.
            let (Some(&a), Some(&b), Some(&c), Some(&d)) =
                (cur.get(k), cur.get(k + 1), prev.get(k + 1), prev.get(k))
            else {
                continue;
            };
            // Both triangles wholly outside one plane (most cells behind or beside the view).
            if a.code & b.code & c.code & d.code != 0 {
                continue;
            }
            let (dx, dz) = ((i as f32 + 0.5) * cell - eye[0], (j as f32 - 0.5) * cell - eye[2]);
            if dx * dx + dz * dz > reach * reach {
                continue;
            }
            let colour = colours.terrain(wld.texture_index(i, j).unwrap_or(0));
            let centre = [0, 1, 2].map(|n| (a.cam[n] + c.cam[n]) * 0.5);
            let distance = length(centre);
            // From the eye to corner (i, j), for back-face culling.
            let to_a = [i as f32 * cell - eye[0], a.y - eye[1], j as f32 * cell - eye[2]];
            // Upward (−Y) plane normals × 1/256 of the two triangles.
            let second = [b.y - a.y, -cell, b.y - c.y];
            let third = [c.y - d.y, -cell, a.y - d.y];
            for (normal, [p, q, r]) in [(second, [a, b, c]), (third, [a, c, d])] {
                // Outside the view, or seen from below (hidden by the terrain in front).
                if p.code & q.code & r.code != 0 || dot(normal, to_a) >= 0.0 {
                    continue;
                }
                let light = dot(normal, SUN) / length(normal);
                raster.triangle([p.cam, q.cam, r.cam], shade(colour, light, distance));
            }
        }
        core::mem::swap(&mut prev, &mut cur);
    }
}

/// Most corners a face can have (the count is a byte).
const MAX_CORNERS: usize = 255;

/// One model instance: culled by its bounding sphere, then each face lit by its stored
/// normal and drawn as a triangle fan. Faces whose stored normal points away from the eye
/// are culled; faces without a usable normal are drawn from both sides.
fn draw_instance(
    raster: &mut Raster<'_, '_>,
    basis: &Basis,
    sun: [f32; 3],
    instance: &Instance<'_>,
    colours: &Colours,
) {
    let Instance { model, frame, position, matrix } = *instance;
    if !position.iter().chain(matrix.iter().flatten()).all(|c| c.is_finite()) {
        return;
    }
    let frame = if frame < model.frame_count() { frame } else { 0 };
    // Camera = M · local + t, with M the view rotation times the placement matrix.
    let t = basis.camera(position);
    let m = basis
        .rows
        .map(|row| [0, 1, 2].map(|c| row[0] * matrix[0][c] + row[1] * matrix[1][c] + row[2] * matrix[2][c]));
    let apply = |v: [f32; 3]| [dot(m[0], v), dot(m[1], v), dot(m[2], v)];
    let radius = model.radius() as f32 / 256.0;
    if radius > 0.0 {
        // Later frames may reach a little past frame 0's radius.
        let reach = radius * 1.5 + 32.0;
        if !raster.sphere_visible(t, reach) || length(t) - reach > FAR {
            return;
        }
    }
    let mut corners = [[0f32; 3]; MAX_CORNERS];
    'faces: for face in model.faces() {
        let mut n = 0;
        for v in face.vertices() {
            let Some(local) = model.frame_vertex_map(frame, v.index) else { continue 'faces };
            let Some(slot) = corners.get_mut(n) else { break };
            let c = apply(local);
            *slot = [c[0] + t[0], c[1] + t[1], c[2] + t[2]];
            n += 1;
        }
        let Some(corners) = corners.get(..n) else { continue };
        let [first, rest @ ..] = corners else { continue };
        if rest.len() < 2 {
            continue;
        }
        let stored = model.frame_face_normal(frame, face.index()).filter(|s| *s != [0; 3]);
        let mut normal = match stored {
            Some(s) => apply(s.map(|c| c as f32)),
            None => newell(corners),
        };
        let facing = dot(normal, *first);
        if stored.is_some() && facing >= 0.0 {
            continue;
        }
        if facing > 0.0 {
            normal = normal.map(|c| -c);
        }
        let light = dot(normal, sun) / length(normal);
        let sum = corners.iter().fold([0f32; 3], |s, c| [s[0] + c[0], s[1] + c[1], s[2] + c[2]]);
        let distance = length(sum) / n as f32;
        let colour = shade(colours.face(face.texture()), light, distance);
        for pair in rest.windows(2) {
            raster.triangle([*first, pair[0], pair[1]], colour);
        }
    }
}

/// Newell's normal of a polygon (its direction follows the winding).
fn newell(corners: &[[f32; 3]]) -> [f32; 3] {
    let mut n = [0f32; 3];
    for (k, a) in corners.iter().enumerate() {
        let b = corners[(k + 1) % corners.len()];
        n[0] += (a[1] - b[1]) * (a[2] + b[2]);
        n[1] += (a[2] - b[2]) * (a[0] + b[0]);
        n[2] += (a[0] - b[0]) * (a[1] + b[1]);
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headings_follow_the_world_conventions() {
        let v = |heading| View { eye: [0.0; 3], heading, pitch: 0 };
        // Heading 0 looks along +Z with +X to the right; 512 looks along −X.
        let c = v(0).to_camera([1.0, 0.0, 10.0]);
        assert!((c[0] - 1.0).abs() < 1e-5 && (c[2] - 10.0).abs() < 1e-5);
        let c = v(512).to_camera([-10.0, 0.0, 1.0]);
        assert!((c[2] - 10.0).abs() < 1e-4 && (c[0] - 1.0).abs() < 1e-4, "{c:?}");
        // Looking down, a point below the eye moves up the screen toward the centre.
        let level = project(&v(0), 320, 200, [0.0, 50.0, 500.0]).unwrap();
        let down = project(&View { pitch: 40, ..v(0) }, 320, 200, [0.0, 50.0, 500.0]).unwrap();
        assert!(down[1] < level[1]);
    }

    #[test]
    fn follow_view_puts_the_target_below_the_middle() {
        let view = follow_view([1000.0, -300.0, 1000.0], 256, 500.0, 200.0);
        let p = project(&view, 320, 200, [1000.0, -300.0, 1000.0]).unwrap();
        assert!((p[0] - 160.0).abs() < 0.5, "{p:?}");
        assert!(p[1] > 120.0 && p[1] < 160.0, "{p:?}");
    }

    #[test]
    fn shading_stays_inside_the_ramp() {
        assert_eq!(shade(0xC2, 1.0, 0.0), 0xC2);
        assert_eq!(shade(0xC2, 0.0, 0.0), 0xC8);
        assert_eq!(shade(0xC2, 0.0, 1e9), 0xCF);
        assert_eq!(shade(0xCF, f32::NAN, f32::NAN), 0xCF);
        assert_eq!(shade(0x05, 1.0, FOG_PER_SHADE * 2.0), 0x07);
    }
}
