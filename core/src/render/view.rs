//! The world view: sky, WLD terrain, placed models and actors, textured and lit through
//! the palette's shade table and z-buffered by [`super::raster`].
//!
//! Everything is in map units with Y down. A [`View`] is an eye, a heading (2048 units a
//! turn, 0 looking along +Z, 512 along −X) and a pitch (positive looks down);
//! [`follow_view`] places one behind and above an actor. The projection is the original's
//! (`engine/projection.md`): a horizontal half-field tangent of 0.788 whatever the aspect
//! ratio, and the vertical scale of a picture shown at 4:3 ([`focal_lengths`]), so a
//! 320×200 frame's taller pixels do not stretch the world. [`draw`] fills the whole
//! framebuffer: the sky (the [`Look`]'s sky plane, or a gradient) above the horizon and
//! the far sea below it, then the terrain cells within [`TERRAIN_RADIUS`] of the eye, then
//! every [`Instance`].
//!
//! Terrain cells show their `TEXBSI.302` image (the Map3 byte's low six bits) turned by its
//! quarter turns (the top two bits) the way the blend coverage reads its mask
//! (`crate::terrain::mask_coordinates`), with the documented corner coordinates 1/256 and
//! 254/256 of the image (`engine/terrain-lighting.md`). Each terrain vertex is lit from its
//! shading normal, the normalised sum of its six incident triangles' unit normals, and the
//! light is interpolated across the triangles. Model faces show their TEXBSI image through
//! the corners' accumulated UVs (1/16 texel, `formats/models/3d.md`) — on an instance
//! whose draw flags hold [`ATTR_CHROMA_KEY`], with its texels of index 0 left undrawn —, or
//! their solid colour; a face is lit once from its stored normal plus its brightness byte
//! (`(tex_hi × 4) & 255`, `engine/model-lighting.md`). Light and distance pick a row of the
//! shade table ([`super::look::shade_level`]). A face whose image is missing, and every
//! face when [`Look::flat`] is set, is drawn in its image's representative colour instead.

use super::Framebuffer;
use super::flat::Flat;
use super::lights::{LocalLight, ModelLights};
use super::look::{Look, Sky, shade_level};
use super::palette::ramps;
use super::raster::{Corner, DITHER, Paint, Raster};
use crate::capacity::Capacity;
use crate::formats::model::{Model, Version};
use crate::formats::rob::ATTR_CHROMA_KEY;
use crate::formats::wld::Wld;
use crate::terrain::VertexHeights;

/// Focal length per pixel of framebuffer width: `(w / 2) / 0.788`, the original's fixed
/// horizontal half-field tangent (`engine/projection.md`), ≈ 76.5° across.
pub const FOCAL_PER_WIDTH: f32 = 0.5 / 0.788;
use super::camera::{Basis, dot, length, unit};
pub use super::camera::{View, heading_vector};
pub use super::terrain::{FAR, TERRAIN_RADIUS};

/// Sky ramp steps from the horizon haze to straight up.
pub const SKY_STEPS: f32 = 18.0;
/// How far [`follow_view`] raises its gaze above the target, 2048 units a turn (≈ 8°), so
/// the target sits below the middle of the screen.
pub const FOLLOW_LIFT: f32 = 48.0;

/// The shape every frame is shown at, width to height: the original's 640×480 on a 4:3
/// screen; Stros's 320×200 and 640×400 frames are shown at 4:3 too (the frontends'
/// letterbox), as the 320×200 modes of the day were.
pub const SHOWN_ASPECT: [usize; 2] = [4, 3];

/// The focal lengths, pixels, horizontal and vertical, of a `width × height` framebuffer
/// shown at [`SHOWN_ASPECT`] (`engine/projection.md`: `sx = 1 / 0.788`, `sy = (w / h) /
/// 0.788` on the display's own square pixels). The horizontal one is `(w / 2) / 0.788`;
/// the vertical one is that over the pixel's height in widths, `(4 h) / (3 w)`: 1 at
/// 640×480, 5/6 at 320×200 (whose vertical field is then the docs' 61.17°, not 52.4°).
pub fn focal_lengths(width: usize, height: usize) -> [f32; 2] {
    let fx = width as f32 * FOCAL_PER_WIDTH;
    let [aw, ah] = SHOWN_ASPECT;
    let pixel = (height * aw) as f32 / (width * ah) as f32;
    [fx, fx * pixel]
}

/// Where world point `p` lands on a `width × height` screen seen from `view` (pixel
/// `(0, 0)` covers `[0, 1)²`), `None` behind the near plane.
pub fn project(view: &View, width: usize, height: usize, p: [f32; 3]) -> Option<[f32; 2]> {
    let centre = [width as f32 * 0.5, height as f32 * 0.5];
    super::raster::project_camera(focal_lengths(width, height), centre, view.to_camera(p))
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
    /// Rotation rows, local → world (as a static placement's matrix and `math::Mat3::m`).
    pub matrix: [[f32; 3]; 3],
    /// The map lights reach it: a static placement, or a non-moving actor showing a static
    /// model, whose face-vertex colours world entry bakes ({D:engine/model-lighting.md}
    /// "World prelighting", {D:engine/actor-prelighting.md}). Other models take only the
    /// object lights.
    pub map_lit: bool,
    /// Its draw flags: its ROB segment's attribute byte, copied by ordinary model submission;
    /// 0 for a model no segment names ({D:engine/model-lighting.md} "Draw-flag ownership").
    /// With [`ATTR_CHROMA_KEY`] its textured faces' texels of index 0 are not drawn
    /// ({D:engine/model-lighting.md} "Texture transparency").
    pub attributes: u8,
}

impl Instance<'_> {
    /// Its textured faces key out palette index 0 ([`ATTR_CHROMA_KEY`] of
    /// [`Instance::attributes`]; {D:formats/ROB.md} "Segment Attributes (0x10)").
    pub fn chroma_keyed(&self) -> bool {
        self.attributes & ATTR_CHROMA_KEY != 0
    }
}

/// Draws the world seen from `view` into `fb`: sky and far sea, the terrain (heights and
/// the WLD's Map3 for images) when given, then `instances`, as `look` says. `depth` is
/// scratch space of at least `width × height` values; when it is shorter nothing is drawn.
/// Non-finite eye positions draw only the sky and sea; non-finite instances and faces are
/// skipped.
pub fn draw<'m, H: VertexHeights, C: Capacity>(
    fb: &mut Framebuffer<'_>,
    depth: &mut [f32],
    view: &View,
    terrain: Option<(&H, &Wld<'_>)>,
    instances: impl IntoIterator<Item = Instance<'m>>,
    look: &Look<'_, C>,
) {
    let rows = 0..fb.height();
    draw_rows(fb, depth, rows, view, terrain, instances, look);
}

/// [`draw`] for framebuffer rows `rows` only, with a depth buffer of those rows
/// (`width × rows.len()` values): drawing a frame band by band gives the same pixels as
/// drawing it whole, with a depth buffer of one band.
pub fn draw_rows<'m, H: VertexHeights, C: Capacity>(
    fb: &mut Framebuffer<'_>,
    depth: &mut [f32],
    rows: core::ops::Range<usize>,
    view: &View,
    terrain: Option<(&H, &Wld<'_>)>,
    instances: impl IntoIterator<Item = Instance<'m>>,
    look: &Look<'_, C>,
) {
    draw_scene_rows(
        fb,
        depth,
        rows,
        view,
        terrain,
        Placed { models: instances, flats: [], lights: &[], object_lights: &[], prelit: false },
        look,
    );
}

/// What a map places, as drawn: its models, then its flats, and the local lights on them.
#[derive(Clone, Debug)]
pub struct Placed<'l, I, F> {
    /// The static and actor models.
    pub models: I,
    /// The placed flats ([`Flat`]), drawn after the models as the original submits them.
    pub flats: F,
    /// The map lights (MPSL) the prelit models take ([`Instance::map_lit`];
    /// [`LocalLight::selects`] decides per model).
    pub lights: &'l [LocalLight],
    /// The object lights (MPOB kind 6) every model takes.
    pub object_lights: &'l [LocalLight],
    /// World entry baked the map lights into the prelit models' colours: the world has
    /// map lights and static placements ({D:engine/model-lighting.md} "World prelighting").
    pub prelit: bool,
}

pub use super::lights::MODEL_LIGHTS;

/// [`draw_rows`] with placed flats too.
pub fn draw_scene_rows<'m, H: VertexHeights, C: Capacity>(
    fb: &mut Framebuffer<'_>,
    depth: &mut [f32],
    rows: core::ops::Range<usize>,
    view: &View,
    terrain: Option<(&H, &Wld<'_>)>,
    placed: Placed<'_, impl IntoIterator<Item = Instance<'m>>, impl IntoIterator<Item = Flat>>,
    look: &Look<'_, C>,
) {
    let focal = focal_lengths(fb.width(), fb.height());
    let Some(mut raster) = Raster::band(fb, depth, focal, rows) else { return };
    let basis = Basis::new(view);
    draw_background(&mut raster, &basis, look, terrain.is_some());
    if let Some(sun) = &look.sun {
        draw_sun(&mut raster, &basis, sun);
    }
    if !view.eye.iter().all(|c| c.is_finite()) {
        return;
    }
    match look.far {
        Some(far) => raster.clear_depth_to(far),
        None => raster.clear_depth(),
    }
    if let Some((heights, wld)) = terrain {
        super::terrain::draw(&mut raster, &basis, heights, wld, look);
    }
    for instance in placed.models {
        let map = (instance.map_lit && placed.prelit).then_some(placed.lights);
        draw_instance(&mut raster, &basis, &instance, look, (map, placed.object_lights));
    }
    for flat in placed.flats {
        draw_flat(&mut raster, &basis, &flat, look);
    }
    // A world's look fogs what it drew toward its fill colour.
    if let (Some(far), Some(fill), true) = (look.far, look.background, look.fog.is_active()) {
        raster.fog(&look.fog, fill, 1.0 / far);
    }
}

/// One placed flat ({D:engine/model-lighting.md} "Placed flat drawing", "Flat image
/// dimensions"; {D:formats/RGM.md} "MPSF (Flat Objects)"): a quad of the image's sides
/// times its scale centred on the flat, parallel to the screen; its bound (the quantized
/// half-diagonal) must touch the view. The first two corners take the image's top edge and
/// the other two its bottom edge, covering the whole source image; texel 0 is transparent.
/// Lit as a face toward the camera with the flat's brightness; depth-tested and written.
fn draw_flat<C: Capacity>(raster: &mut Raster<'_, '_>, basis: &Basis, flat: &Flat, look: &Look<'_, C>) {
    let Some(image) = look.flat_image(flat.bank, flat.image) else { return };
    let (w, h) = (image.width, image.height);
    let [width, height] = super::flat::extents(w, h, image.scale_q8, flat.scale);
    let centre = basis.camera(flat.position);
    let radius = super::flat::bound_radius(w, h, image.scale_q8, flat.scale);
    if !centre.iter().all(|c| c.is_finite())
        || !raster.sphere_visible(centre, radius)
        || length(centre) - radius > super::terrain::draw_distance(look)
    {
        return;
    }
    // The quad's normal faces the camera: local (0, 0, −1) under the camera's orientation.
    let light = super::look::Light { direction: basis.rotate(look.light.direction), ..look.light };
    let intensity = light.intensity([0.0, 0.0, -1.0], flat.brightness);
    // Flags 0x20 and 0x40 negate the local half extents: the image mirrors, the bound stays.
    let mirror = |bit: u32| if flat.draw.flags & bit != 0 { -0.5 } else { 0.5 };
    let (hw, hh) = (width * mirror(super::flat::MIRROR_X), height * mirror(super::flat::MIRROR_Y));
    let corner = |dx: f32, dy: f32, uv: [f32; 2]| {
        let at = [centre[0] + dx, centre[1] + dy, centre[2]];
        Corner { at, uv, shade: shade_level(intensity, look.shade_distance(length(at))) }
    };
    let (wt, ht) = (w as f32, h as f32);
    // The frame is requested once the bound is admitted: the image's shared timeline
    // ({D:engine/texture-animation.md} "Placed flat admission"), or the explicit frame.
    let texels = match flat.frame {
        None => look.flat_texels(flat.bank, flat.image),
        Some(k) => look.flat_frame(flat.bank, flat.image, k),
    };
    let Some(texels) = texels else { return };
    let quad = [
        corner(-hw, -hh, [0.0, 0.0]),
        corner(hw, -hh, [wt, 0.0]),
        corner(hw, hh, [wt, ht]),
        corner(-hw, hh, [0.0, ht]),
    ];
    let paint = Paint::Sprite {
        texels: &texels,
        shades: &look.shades,
        coverage: super::flat::coverage(&flat.draw),
        depth: super::span::SpriteDepth::of_flags(flat.draw.flags),
    };
    // Mirroring one axis turns the quad over; the rasterizer fills either winding.
    raster.shaded_triangle([quad[0], quad[1], quad[2]], paint);
    raster.shaded_triangle([quad[0], quad[2], quad[3]], paint);
}

/// The colour of the far sea: terrain image 0's representative colour lit flat, fogged at
/// [`FAR`].
pub fn far_sea<C: Capacity>(look: &Look<'_, C>) -> u8 {
    let level = shade_level(look.light.intensity([0.0, -1.0, 0.0], 0.0), FAR);
    look.shades.shade(level as i32, look.terrain_colour(0))
}

/// Sky above the horizon — the sky plane where it is, else the background — and the far sea
/// below, for a world with terrain. The background is the world's fill colour
/// ([`Look::background`], {D:engine/sky.md} "Background Fill": the sky plane draws over it and
/// its fog blends toward it; a world without terrain shows it below the horizon too), or,
/// for a look without one, the gradient: the sky ramp from the horizon haze, [`SKY_STEPS`]
/// darker straight up.
fn draw_background<C: Capacity>(
    raster: &mut Raster<'_, '_>,
    basis: &Basis,
    look: &Look<'_, C>,
    terrain: bool,
) {
    // Below the horizon: an interior's fill, a world's look's fill (beyond its back plane
    // nothing is drawn), else the far sea.
    let sea = match look.background {
        Some(fill) if !terrain || look.far.is_some() => fill,
        _ => far_sea(look),
    };
    let [fx, fy] = raster.focal();
    let rows = raster.rows();
    let fb = raster.framebuffer();
    let (w, h) = (fb.width(), fb.height());
    let (cx, cy) = (w as f32 * 0.5, h as f32 * 0.5);
    let (forward_y, down_y) = (basis.rows[2][1], basis.rows[1][1]);
    for y in rows {
        // The ray through this row's centre: forward + t·down, |ray| = √(1 + t²).
        let t = (y as f32 + 0.5 - cy) / fy;
        let ray_y = forward_y + t * down_y;
        if ray_y >= 0.0 || ray_y.is_nan() {
            fb.hspan(y, 0, w, sea);
            continue;
        }
        // The gradient, dithered between its steps as the original's framebuffer dithers.
        let steps = -ray_y / libm::sqrtf(1.0 + t * t) * SKY_STEPS;
        let dither = &DITHER[y & 3];
        // The haze depends on the column only through the dither: four values a row.
        let haze = match look.background {
            Some(fill) => [fill; 4],
            None => dither.map(|d| ramps::SKY.shade((steps + (d as f32 + 0.5) / 16.0) as i32)),
        };
        let Some(row) = fb.pixels_mut().get_mut(y * w..(y + 1) * w) else { continue };
        match &look.sky {
            None => row.iter_mut().enumerate().for_each(|(x, p)| *p = haze[x & 3]),
            Some(sky) => sky_row(sky, look.sky_scroll(), basis, [t, cx, fx], y, &haze, row),
        }
    }
}

/// The sky fog density (0..=255) at camera depth `depth` (`engine/sky.md`, "Sky fog"): the
/// table coordinate `4e + 8(1 − 2^e / d)` with `e = ⌊log2 d⌋`, clamped to 0..=63, into a
/// table that is 0 through entry 32, rises by 8 per entry to 240 at 62 and is 255 at 63,
/// interpolated between entries.
pub fn sky_fog(depth: f32) -> f32 {
    if depth.is_nan() || depth <= 0.0 {
        return 0.0;
    }
    let e = libm::floorf(libm::log2f(depth));
    let coord = (4.0 * e + 8.0 * (1.0 - libm::exp2f(e) / depth)).clamp(0.0, 63.0);
    let entry = |i: i32| -> f32 {
        match i {
            ..=32 => 0.0,
            33..=62 => (8 * (i - 32)) as f32,
            _ => 255.0,
        }
    };
    let i = coord as i32;
    let f = coord - i as f32;
    entry(i) + (entry(i + 1) - entry(i)) * f
}

/// The sky plane on row `y` (camera `t`; `cx` and the horizontal `focal` the projection):
/// each pixel's ray meets the plane at the camera depth `along`; where the hit lies within
/// the plane the image's texel (remapped into the world palette) shows, dithered toward
/// `haze` by the sky fog at that depth, else the haze. The view never rolls (the screen's right vector is
/// level), so every ray of a row meets the plane at the same depth and takes the same fog,
/// worked out once a row, and the hit point moves linearly along the row. A row whose rays
/// miss the plane, or whose fog weight exceeds every dither threshold (15.5 / 16), is haze
/// throughout. The plane is tilted ({D:engine/sky.md} "Plane tilt").
fn sky_row(
    sky: &Sky<'_>,
    scroll: [f32; 2],
    basis: &Basis,
    [t, cx, focal]: [f32; 3],
    y: usize,
    haze: &[u8; 4],
    row: &mut [u8],
) {
    let r = basis.rows;
    // The plane tilts by TILT about the camera's horizontal right axis: with `fwd` the unit
    // horizontal forward and q_t the tilted point's distance along it, the tilted plane is
    // y − tan(a)·q_t = level (relative), and its unrotated point — which the texture and
    // the plane's extent follow — lies (cos a − 1) / cos a · q_t back along `fwd`. The right
    // axis is level, so every ray of a row has the same q_t per unit of depth.
    let (sin_a, cos_a) = (crate::tables::sin(Sky::TILT), crate::tables::cos(Sky::TILT));
    let hl = libm::sqrtf(r[2][0] * r[2][0] + r[2][2] * r[2][2]);
    let fwd = if hl > 0.0 { [r[2][0] / hl, r[2][2] / hl] } else { [0.0, 0.0] };
    let (ax, az) = (r[1][0] * t + r[2][0], r[1][2] * t + r[2][2]);
    let ahead = ax * fwd[0] + az * fwd[1];
    let along = (sky.level - basis.eye[1]) / ((r[1][1] * t + r[2][1]) - sin_a / cos_a * ahead);
    let weight = if along.is_nan() || along <= 0.0 { 1.0 } else { (sky_fog(along) + 1.0) / 256.0 };
    if weight > 15.5 / 16.0 {
        row.iter_mut().enumerate().for_each(|(x, p)| *p = haze[x & 3]);
        return;
    }
    let k = sky.scale / Sky::HALF_SPAN;
    // Along the row the hit point, and so the texture coordinates, move linearly with the
    // column: each is its value at column 0 plus a step per column.
    let s0 = (0.5 - cx) / focal;
    let back = (cos_a - 1.0) / cos_a * (ahead * along);
    let (px0, pz0) =
        ((r[0][0] * s0 + ax) * along - back * fwd[0], (r[0][2] * s0 + az) * along - back * fwd[1]);
    let (dpx, dpz) = (r[0][0] / focal * along, r[0][2] / focal * along);
    let (u0, v0) =
        (k * px0 + Sky::FOLLOW * basis.eye[0] + scroll[0], -k * pz0 - Sky::FOLLOW * basis.eye[2] + scroll[1]);
    let (du, dv) = (k * dpx, -k * dpz);
    // Which columns of the four the fog turns to haze.
    let hazed = DITHER[y & 3].map(|d| weight > (d as f32 + 0.5) / 16.0);
    // A raw image with sides of powers of two (as sky images are) is read by masks.
    let (w, h) = (sky.texels.width(), sky.texels.height());
    let raw =
        sky.texels.raw_data().filter(|d| w.is_power_of_two() && h.is_power_of_two() && d.len() >= w * h);
    let texel = |u: i32, v: i32| match raw {
        Some(d) => d[(v as usize & (h - 1)) * w + (u as usize & (w - 1))],
        None => sky.texels.texel(u, v),
    };
    for (x, p) in row.iter_mut().enumerate() {
        let xf = x as f32;
        let (px, pz) = (px0 + dpx * xf, pz0 + dpz * xf);
        *p = if hazed[x & 3] || !(px.abs() <= Sky::HALF_SPAN && pz.abs() <= Sky::HALF_SPAN) {
            haze[x & 3]
        } else {
            let (u, v) = (u0 + du * xf, v0 + dv * xf);
            sky.remap[texel(super::span::floor_i32(u), super::span::floor_i32(v)) as usize]
        };
    }
}

/// The sun disc ({D:engine/sky.md} "Sun disc"), after the sky and before the scene: a
/// screen-aligned square about the camera-relative offset's projection, each pixel taking
/// the image's index under it (nearest texel; the docs' bilinear alpha is a best-guess
/// point sample here) as an opacity out of 256 and drawn in the tint where that exceeds the
/// pixel's ordered-dither threshold (a palette framebuffer cannot blend). Depth is left
/// clear, so the scene covers it.
fn draw_sun(raster: &mut Raster<'_, '_>, basis: &Basis, sun: &super::look::Sun<'_>) {
    let c = basis.rotate(sun.offset);
    if !c.iter().all(|v| v.is_finite()) || c[2] <= 1.0 {
        return;
    }
    let Some([cx, cy]) = raster.project(c) else { return };
    let [fx, fy] = raster.focal();
    let (hx, hy) = (sun.half[0] * (fx / c[2]), sun.half[1] * (fy / c[2]));
    let rows = raster.rows();
    let fb = raster.framebuffer();
    let (w, h) = (fb.width(), fb.height());
    let (tw, th) = (sun.texels.width() as f32, sun.texels.height() as f32);
    let clamp_row = |v: f32| v.clamp(0.0, h as f32) as usize;
    let (y0, y1) = (clamp_row(cy - hy).max(rows.start), clamp_row(cy + hy).min(rows.end));
    let (x0, x1) = ((cx - hx).clamp(0.0, w as f32) as usize, (cx + hx).clamp(0.0, w as f32) as usize);
    for y in y0..y1 {
        let v = ((y as f32 + 0.5 - (cy - hy)) / (2.0 * hy) * th) as i32;
        let Some(row) = fb.pixels_mut().get_mut(y * w..(y + 1) * w) else { continue };
        for x in x0..x1 {
            let u = ((x as f32 + 0.5 - (cx - hx)) / (2.0 * hx) * tw) as i32;
            let alpha = sun.texels.texel(u, v) as u32;
            // Drawn where alpha / 256 passes the dither threshold (b + ½) / 16.
            if let Some(p) = row.get_mut(x).filter(|_| alpha * 16 > DITHER[y & 3][x & 3] as u32 * 256 + 128) {
                *p = sun.tint;
            }
        }
    }
}

/// Most corners a face can have (the count is a byte).
const MAX_CORNERS: usize = 255;

/// A model face's brightness byte: `(tex_hi × 4) & 255` in v4.0/v5.0 files
/// (`engine/model-lighting.md`); 0 for the software v2 layouts, whose byte means something
/// else.
pub fn face_brightness(version: Option<Version>, tex_hi: u8) -> f32 {
    match version {
        Some(v) if !v.is_v2() => tex_hi.wrapping_mul(4) as f32,
        _ => 0.0,
    }
}

/// One model instance: culled by its bounding sphere, then each face lit by its stored
/// normal and drawn as a triangle fan. Faces whose stored normal points away from the eye
/// are culled; faces without a usable normal are drawn from both sides.
fn draw_instance<C: Capacity>(
    raster: &mut Raster<'_, '_>,
    basis: &Basis,
    instance: &Instance<'_>,
    look: &Look<'_, C>,
    (map_lights, object_lights): (Option<&[LocalLight]>, &[LocalLight]),
) {
    let Instance { model, frame, position, matrix, .. } = *instance;
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
        if !raster.sphere_visible(t, reach) || length(t) - reach > super::terrain::draw_distance(look) {
            return;
        }
    }
    // The light in camera space, so normals need no trip back to the world.
    let light = super::look::Light { direction: basis.rotate(look.light.direction), ..look.light };
    let lights = ModelLights::select(map_lights, object_lights, position, radius, &matrix);
    let version = model.version();
    let keyed = instance.chroma_keyed();
    let mut corners = [Corner::default(); MAX_CORNERS];
    let mut locals = [[0f32; 3]; MAX_CORNERS];
    'faces: for face in model.faces() {
        // A face with a stored normal that faces away is passed over on its first vertex
        // alone, before the others are read and moved (the same test as below).
        let stored = model.frame_face_normal(frame, face.index()).filter(|s| *s != [0; 3]);
        if let Some(s) = stored {
            let Some(v) = face.vertices().next() else { continue };
            let Some(local) = model.frame_vertex_map(frame, v.index) else { continue };
            let c = apply(local);
            if dot(apply(s.map(|c| c as f32)), [c[0] + t[0], c[1] + t[1], c[2] + t[2]]) >= 0.0 {
                continue;
            }
        }
        let mut n = 0;
        for v in face.vertices() {
            let Some(local) = model.frame_vertex_map(frame, v.index) else { continue 'faces };
            let (Some(slot), Some(at)) = (corners.get_mut(n), locals.get_mut(n)) else { break };
            *at = local;
            let c = apply(local);
            // UVs accumulate in 1/16 texel.
            *slot = Corner {
                at: [c[0] + t[0], c[1] + t[1], c[2] + t[2]],
                uv: [v.u as f32 / 16.0, v.v as f32 / 16.0],
                shade: 0.0,
            };
            n += 1;
        }
        let Some(corners) = corners.get_mut(..n) else { continue };
        if corners.len() < 3 {
            continue;
        }
        let first = corners[0].at;
        let mut normal = match stored {
            Some(s) => apply(s.map(|c| c as f32)),
            None => newell(corners),
        };
        let facing = dot(normal, first);
        if stored.is_some() && facing >= 0.0 {
            continue;
        }
        if facing > 0.0 {
            normal = normal.map(|c| -c);
        }
        // A polygon wholly outside one view plane binds no texture ({D:engine/texture-animation.md}
        // "Model polygon admission"; the clipped vertex count is not recounted here).
        if corners.iter().fold(u16::MAX, |codes, c| codes & raster.outcode(c.at)) != 0 {
            continue;
        }
        let lit = light.unclamped(unit(normal), face_brightness(version, face.tex_hi()));
        // Local lights add at each vertex with the face's stored normal, before the clamp.
        let supplied = stored.map(|s| s.map(|c| c as f32 / 256.0));
        for (c, local) in corners.iter_mut().zip(&locals) {
            c.shade = shade_level(lights.intensity(lit, *local, supplied), look.shade_distance(length(c.at)));
        }
        let texture = face.texture();
        let texels = look.face_texels(texture);
        let paint = match &texels {
            Some(texels) => Paint::Textured { texels, shades: &look.shades, keyed },
            None => Paint::Shaded { colour: look.face_colour(texture), shades: &look.shades },
        };
        let [first, rest @ ..] = &*corners else { continue };
        for pair in rest.windows(2) {
            raster.shaded_triangle([*first, pair[0], pair[1]], paint);
        }
    }
}

/// Newell's normal of a polygon (its direction follows the winding).
fn newell(corners: &[Corner]) -> [f32; 3] {
    let mut n = [0f32; 3];
    for (k, a) in corners.iter().enumerate() {
        let (a, b) = (a.at, corners[(k + 1) % corners.len()].at);
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

    /// `engine/projection.md` on a picture shown at 4:3. A point 100 right of, 100 below
    /// and 1,000 ahead of a level eye, by hand: horizontal focal (w / 2) / 0.788; vertical
    /// that × (4h) / (3w).
    /// - 640×480 (square pixels): 320 / 0.788 = 406.091 both ways → (360.609, 280.609).
    /// - 320×200: 160 / 0.788 = 203.046 and × 5/6 = 169.205 → (180.305, 116.920).
    /// - 640×400: 406.091 and × 5/6 = 338.409 → (360.609, 233.841).
    ///
    /// The 320×200 frame's top edge is then 100 / 169.205 = 0.591 = 0.788 · 3/4 up: a
    /// vertical field of 2 atan(0.591) = 61.17°, the docs' figure, not 52.4° (square
    /// pixels); a ball's width and height on the shown screen agree.
    #[test]
    fn a_point_lands_where_a_4_3_picture_puts_it() {
        let level = View { eye: [0.0; 3], heading: 0, pitch: 0 };
        let at = |w, h| project(&level, w, h, [100.0, 100.0, 1000.0]).unwrap();
        let near = |p: [f32; 2], q: [f32; 2]| (p[0] - q[0]).abs() < 2e-3 && (p[1] - q[1]).abs() < 2e-3;
        assert!(near(at(640, 480), [360.609, 280.609]), "{:?}", at(640, 480));
        assert!(near(at(320, 200), [180.305, 116.920]), "{:?}", at(320, 200));
        assert!(near(at(640, 400), [360.609, 233.841]), "{:?}", at(640, 400));
        let [fx, fy] = focal_lengths(640, 480);
        assert_eq!(fx, fy);
        let [fx, fy] = focal_lengths(320, 200);
        assert!((fy / fx - 5.0 / 6.0).abs() < 1e-6);
        let half_field = libm::atanf(100.0 / fy) * 2.0 * 180.0 / core::f32::consts::PI;
        assert!((half_field - 61.166).abs() < 0.01, "{half_field}");
        // Shown at 4:3 a 320×200 pixel is 1.2 widths tall: a sphere's shown height is its
        // width.
        let (wide, tall) = (50.0 * fx / 1000.0, 50.0 * fy / 1000.0 * 1.2);
        assert!((wide - tall).abs() < 1e-3);
    }

    #[test]
    fn follow_view_puts_the_target_below_the_middle() {
        let view = follow_view([1000.0, -300.0, 1000.0], 256, 500.0, 200.0);
        let p = project(&view, 320, 200, [1000.0, -300.0, 1000.0]).unwrap();
        assert!((p[0] - 160.0).abs() < 0.5, "{p:?}");
        assert!(p[1] > 120.0 && p[1] < 160.0, "{p:?}");
    }

    #[test]
    fn sky_fog_follows_the_table() {
        assert_eq!(sky_fog(256.0), 0.0);
        assert_eq!(sky_fog(512.0), 32.0);
        assert_eq!(sky_fog(4096.0), 128.0);
        assert_eq!(sky_fog(32768.0), 224.0);
        assert_eq!(sky_fog(1e9), 255.0);
        assert_eq!(sky_fog(f32::NAN), 0.0);
        assert_eq!(face_brightness(Some(Version::V4_0), 61), 244.0);
        assert_eq!(face_brightness(Some(Version::V4_0), 0xFF), 252.0);
        assert_eq!(face_brightness(Some(Version::V2_7), 61), 0.0);
    }
}
