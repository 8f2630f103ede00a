//! Z-buffered triangles into a [`Framebuffer`]: flat colours, shaded colours and
//! perspective-correct textures.
//!
//! Triangles arrive in camera space (map units; X right, Y down, Z forward, the eye at the
//! origin) and leave as palette indices. [`Raster::triangle`] (one colour) and
//! [`Raster::shaded_triangle`] (a [`Paint`] with per-corner texture coordinates and shade
//! levels) reject what lies wholly outside one frustum plane, clip the rest
//! (Sutherland–Hodgman, every attribute cut at the same edge parameter as the position)
//! against the near plane and a guard band around the screen, project, and fill the pieces.
//!
//! Textures are mapped perspective-correct per pixel, as the original's Glide path does
//! (`engine/shading.md`): `u/z`, `v/z` and `1/z` are interpolated linearly in screen space
//! and `u`, `v` recovered with one division per pixel, then point-sampled (the texel whose
//! square holds the point, wrapping); a keyed texture ([`Paint::Textured`]'s `keyed`) leaves
//! its pixels of index 0 as they were, colour and depth. Shade levels are interpolated
//! linearly in screen space (Gouraud, as the original interpolates its lighting colours)
//! and looked up in the [`Shades`] table, truncated to a row after adding the original
//! framebuffer's 4×4 ordered dither ([`DITHER`]), so a smooth light gradient does not band.
//!
//! Screen triangles are walked in fixed point ([`SUBPIXEL_BITS`] fraction bits) with integer
//! edge functions, sampled at pixel centres under the top-left fill rule, so triangles that
//! share an edge cover each pixel along it exactly once. Depth is `1/z`, interpolated
//! linearly in screen space (exact for planar triangles) and kept in a caller-owned `f32`
//! buffer; a pixel is written when its `1/z` is strictly greater (nearer) than the stored
//! one. Only IEEE single-precision arithmetic and integers are used, no fused or
//! platform-dependent operations, so the same input gives the same pixels everywhere.

use super::Framebuffer;
use super::camera::map3;
use super::look::Texels;
use super::palette::Shades;
use super::span::{Line, Run};

/// Distance of the near clipping plane in front of the eye, map units.
pub const NEAR: f32 = 8.0;
/// Fraction bits of the fixed-point screen coordinates.
pub const SUBPIXEL_BITS: u32 = 4;
/// Fixed-point steps per pixel.
const SUB: i64 = 1 << SUBPIXEL_BITS;
/// Pixels beyond each screen edge that clipped triangles may still reach; clipping there
/// instead of at the edge keeps most triangles unclipped while bounding coordinates.
pub const GUARD_BAND: f32 = 1024.0;
/// Largest screen coordinate magnitude [`Raster::screen_triangle`] accepts; the integer edge
/// functions stay far inside `i64` below it.
pub const SCREEN_LIMIT: f32 = 1_048_576.0;

/// Pixels beyond each edge of the drawn rows within which a triangle counts as visible: a
/// triangle wholly beyond one of these planes covers no pixel centre and is dropped before
/// clipping and setup. (Centres lie half a pixel inside the edges; the margin absorbs the
/// rounding of projection and clipping.)
pub const VIEW_MARGIN: f32 = 2.0;

/// The [`Raster::outcode`] bits of the clipping planes (near and the guard band).
pub const CLIP_BITS: u16 = 0x1F;

/// Most corners a triangle has after clipping against five planes.
const MAX_CLIPPED: usize = 3 + 5;

/// Values carried per clipped corner: camera X, Y, Z, texture U, V and the shade level.
const ATTRS: usize = 6;

/// A corner of a [`Raster::shaded_triangle`].
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Corner {
    /// Camera-space position, map units.
    pub at: [f32; 3],
    /// Texture coordinates in texels (column, row); ignored by untextured paints.
    pub uv: [f32; 2],
    /// Shade level, a row of the [`Shades`] table (0 lit, 63 darkest).
    pub shade: f32,
}

/// How a triangle's pixels are coloured.
#[derive(Clone, Copy, Debug)]
pub enum Paint<'t> {
    /// One palette index; the corners' shade levels are ignored.
    Colour(u8),
    /// One palette index darkened through `shades` by the interpolated shade level.
    Shaded {
        /// The palette index.
        colour: u8,
        /// The shade table.
        shades: &'t Shades,
    },
    /// The texel under each pixel, darkened through `shades` by the interpolated level.
    Textured {
        /// The image.
        texels: &'t Texels<'t>,
        /// The shade table.
        shades: &'t Shades,
        /// Texels of index 0, the chroma key, are not drawn: their pixels keep their colour
        /// and depth ({D:engine/model-lighting.md} "Texture transparency").
        keyed: bool,
    },
    /// A flat's texels: index 0 transparent (no depth written), drawn over `coverage` of the
    /// pixels through the ordered dither where the flat blends.
    Sprite {
        /// The image.
        texels: &'t Texels<'t>,
        /// The shade table.
        shades: &'t Shades,
        /// The fraction of pixels drawn (1 or more: all).
        coverage: f32,
        /// How the sprite meets the depth buffer.
        depth: super::span::SpriteDepth,
    },
}

/// The original framebuffer's 4×4 ordered-dither thresholds (`engine/fog.md`), indexed by
/// row then column modulo four.
pub const DITHER: [[u8; 4]; 4] = [[0, 8, 2, 10], [12, 4, 14, 6], [3, 11, 1, 9], [15, 7, 13, 5]];

/// [`DITHER`] as fractions of a shade row, `(b + ½) / 16`.
const DITHER_ROWS: [[f32; 4]; 4] = {
    let mut t = [[0f32; 4]; 4];
    let mut y = 0;
    while y < 4 {
        let mut x = 0;
        while x < 4 {
            t[y][x] = (DITHER[y][x] as f32 + 0.5) / 16.0;
            x += 1;
        }
        y += 1;
    }
    t
};

/// The frustum planes as `[a, b, c, d]`, inside where `a x + b y + c z + d ≥ 0`, in the order
/// near, left, right, top, bottom.
type Planes = [[f32; 4]; 5];

/// Where camera-space `p` lands on a screen with focal lengths `focal` (pixels, horizontal
/// and vertical) about `centre`, `None` behind the near plane.
pub fn project_camera(focal: [f32; 2], centre: [f32; 2], p: [f32; 3]) -> Option<[f32; 2]> {
    if p[2] < NEAR || p[2].is_nan() {
        return None;
    }
    let (sx, sy) = (focal[0] / p[2], focal[1] / p[2]);
    Some([centre[0] + p[0] * sx, centre[1] + p[1] * sy])
}

/// A depth-tested rasterizer over a framebuffer and a depth buffer the caller owns.
#[derive(Debug)]
pub struct Raster<'f, 'p> {
    fb: &'f mut Framebuffer<'p>,
    /// Depth of the rows in `rows` only, row `rows.start` first.
    depth: &'f mut [f32],
    /// The band of framebuffer rows drawn: every row, or a horizontal band of them.
    rows: core::ops::Range<usize>,
    /// Focal lengths in pixels: horizontal, vertical (they differ where pixels are not
    /// square, [`super::view::focal_lengths`]).
    focal: [f32; 2],
    centre: [f32; 2],
    /// Clipping planes, widened by the guard band.
    clip: Planes,
    /// The side planes of the drawn rows widened by [`VIEW_MARGIN`]: left, right, top and
    /// bottom (of the band).
    view: [[f32; 4]; 4],
    /// The exact view frustum, normalised (for sphere tests).
    frustum: Planes,
}

impl<'f, 'p> Raster<'f, 'p> {
    /// A rasterizer with focal lengths `focal` (pixels, horizontal and vertical) and the
    /// projection centre in the middle of `fb`. `None` when `depth` holds fewer than
    /// `width × height` values or a focal length is not a positive finite number. The depth
    /// buffer is not cleared.
    pub fn new(fb: &'f mut Framebuffer<'p>, depth: &'f mut [f32], focal: [f32; 2]) -> Option<Self> {
        let h = fb.height();
        Raster::band(fb, depth, focal, 0..h)
    }

    /// A rasterizer that draws only framebuffer rows `rows` (a horizontal band) with a depth
    /// buffer of those rows alone: `width × rows.len()` values. Projection and clipping are
    /// the whole frame's, and each pixel's values are computed from the triangle's planes at
    /// that pixel, so a frame drawn band by band equals the frame drawn whole. `None` as
    /// [`Raster::new`], or when the band is empty or leaves the frame.
    pub fn band(
        fb: &'f mut Framebuffer<'p>,
        depth: &'f mut [f32],
        focal: [f32; 2],
        rows: core::ops::Range<usize>,
    ) -> Option<Self> {
        let (w, h) = (fb.width(), fb.height());
        if rows.start >= rows.end || rows.end > h {
            return None;
        }
        let len = w.checked_mul(rows.len())?;
        if depth.len() < len || !focal.iter().all(|f| f.is_finite() && *f > 0.0) {
            return None;
        }
        let (w, h) = (w as f32, h as f32);
        let (cx, cy) = (w * 0.5, h * 0.5);
        let [fx, fy] = focal;
        let g = GUARD_BAND;
        let clip = [
            [0.0, 0.0, 1.0, -NEAR],
            [fx, 0.0, cx + g, 0.0],
            [-fx, 0.0, w + g - cx, 0.0],
            [0.0, fy, cy + g, 0.0],
            [0.0, -fy, h + g - cy, 0.0],
        ];
        let unit = |p: [f32; 4]| {
            let l = libm::sqrtf(p[0] * p[0] + p[1] * p[1] + p[2] * p[2]);
            [p[0] / l, p[1] / l, p[2] / l, p[3] / l]
        };
        let frustum = [
            [0.0, 0.0, 1.0, -NEAR],
            unit([fx, 0.0, cx, 0.0]),
            unit([-fx, 0.0, w - cx, 0.0]),
            unit([0.0, fy, cy, 0.0]),
            unit([0.0, -fy, h - cy, 0.0]),
        ];
        let (m, top, bottom) = (VIEW_MARGIN, rows.start as f32, rows.end as f32);
        let view = [
            [fx, 0.0, cx + m, 0.0],
            [-fx, 0.0, w + m - cx, 0.0],
            [0.0, fy, cy - top + m, 0.0],
            [0.0, -fy, bottom + m - cy, 0.0],
        ];
        Some(Raster { fb, depth: &mut depth[..len], rows, focal, centre: [cx, cy], clip, view, frustum })
    }

    /// The planes a visible point lies inside (`a x + b y + c z + d ≥ 0`, camera space):
    /// near, then left, right, top and bottom of the drawn rows widened by [`VIEW_MARGIN`].
    /// What lies wholly outside one of them draws nothing.
    pub fn cull_planes(&self) -> [[f32; 4]; 5] {
        let [l, r, t, b] = self.view;
        [self.clip[0], l, r, t, b]
    }

    /// Resets every depth to "infinitely far" (0, as depth is `1/z`).
    pub fn clear_depth(&mut self) {
        self.depth.fill(0.0);
    }

    /// Clears the depth band to the reciprocal of `far`: nothing beyond it passes the
    /// depth test, so the background drawn before shows there (the far clipping plane).
    pub fn clear_depth_to(&mut self, far: f32) {
        let w = 1.0 / far;
        self.depth.fill(if w.is_finite() && w > 0.0 { w } else { 0.0 });
    }

    /// The scene fog ({D:engine/fog.md} "Fog lookup"): every pixel of the band drawn nearer
    /// than `clear` (its reciprocal depth above it) takes `colour` where the blend weight of
    /// `table`'s density at that depth exceeds the pixel's ordered-dither threshold.
    pub fn fog(&mut self, table: &super::fog::FogTable, colour: u8, clear: f32) {
        let width = self.fb.width();
        let start = self.rows.start;
        let pixels = self.fb.pixels_mut();
        for (k, depths) in self.depth.chunks(width).enumerate() {
            let y = start + k;
            let Some(row) = pixels.get_mut(y * width..(y + 1) * width) else { break };
            let dither = &DITHER_ROWS[y & 3];
            for (x, (p, &w)) in row.iter_mut().zip(depths).enumerate() {
                if w > clear && super::fog::weight(table.density_at(w)) > dither[x & 3] {
                    *p = colour;
                }
            }
        }
    }

    /// The rows this rasterizer draws.
    pub fn rows(&self) -> core::ops::Range<usize> {
        self.rows.clone()
    }

    /// The depth buffer of the drawn rows (`1/z` per pixel, 0 where nothing was drawn).
    pub fn depth(&self) -> &[f32] {
        self.depth
    }

    /// The framebuffer drawn into.
    pub fn framebuffer(&mut self) -> &mut Framebuffer<'p> {
        self.fb
    }

    /// The focal lengths in pixels, horizontal and vertical.
    pub fn focal(&self) -> [f32; 2] {
        self.focal
    }

    /// The screen position of camera-space `p`, `None` behind the near plane.
    pub fn project(&self, p: [f32; 3]) -> Option<[f32; 2]> {
        project_camera(self.focal, self.centre, p)
    }

    /// Whether a sphere at camera-space `centre` with `radius` may touch the view
    /// (conservative: `true` unless it lies wholly outside one frustum plane).
    pub fn sphere_visible(&self, centre: [f32; 3], radius: f32) -> bool {
        let [x, y, z] = centre;
        self.frustum.iter().all(|p| p[0] * x + p[1] * y + p[2] * z + p[3] >= -radius)
    }

    /// Draws a camera-space triangle in palette index `colour`. Triangles with a
    /// non-finite coordinate are skipped; both windings are drawn.
    pub fn triangle(&mut self, tri: [[f32; 3]; 3], colour: u8) {
        let corner = |at| Corner { at, ..Corner::default() };
        self.shaded_triangle(tri.map(corner), Paint::Colour(colour));
    }

    /// Draws a camera-space triangle with `paint`. Triangles with a non-finite position
    /// are skipped; both windings are drawn. Non-finite texture coordinates or shade
    /// levels draw something arbitrary but never panic.
    pub fn shaded_triangle(&mut self, tri: [Corner; 3], paint: Paint<'_>) {
        let codes = map3(tri, |c| self.outcode(c.at));
        self.coded_triangle(tri, codes, paint);
    }

    /// [`Raster::shaded_triangle`] with the corners' [`Raster::outcode`]s already known (as
    /// for terrain vertices shared by several triangles).
    pub fn coded_triangle(&mut self, tri: [Corner; 3], codes: [u16; 3], paint: Paint<'_>) {
        if codes[0] & codes[1] & codes[2] != 0 {
            return;
        }
        if tri.iter().flat_map(|c| c.at).any(|c| !c.is_finite()) {
            return;
        }
        let full = map3(tri, |c| [c.at[0], c.at[1], c.at[2], c.uv[0], c.uv[1], c.shade]);
        let crossing = (codes[0] | codes[1] | codes[2]) & CLIP_BITS;
        if crossing == 0 {
            let s = map3(full, |v| self.to_screen(v));
            self.fill(s, paint);
            return;
        }
        let mut poly = Poly { v: [[0.0; ATTRS]; MAX_CLIPPED + 1], n: 3 };
        poly.v[..3].copy_from_slice(&full);
        for (k, plane) in self.clip.iter().enumerate() {
            if crossing & (1 << k) != 0 {
                poly = poly.clipped(plane);
            }
        }
        let Some(&first) = poly.corners().first() else { return };
        let a = self.to_screen(first);
        for pair in poly.corners().get(1..).unwrap_or(&[]).windows(2) {
            let (b, c) = (self.to_screen(pair[0]), self.to_screen(pair[1]));
            self.fill([a, b, c], paint);
        }
    }

    /// The clipping outcode of camera-space `v`: bit `k` set when it is outside plane `k`
    /// of near, left, right, top, bottom with the guard band (the [`CLIP_BITS`], which
    /// decide clipping), then left, right, top and bottom of the drawn rows widened by
    /// [`VIEW_MARGIN`] (which only reject). A NaN counts as outside. A triangle whose three
    /// codes share a bit covers no pixel of the drawn rows.
    #[inline]
    pub fn outcode(&self, v: [f32; 3]) -> u16 {
        // Every plane but the near one is `±fx · x + k z ≥ 0` or `±fy · y + k z ≥ 0` (see
        // `band`), so the products with the focal lengths are shared; for finite points the
        // sums are those of the full plane equations (adding the zero terms changes no sign).
        let [x, y, z] = v;
        let (fx, fy) = (self.focal[0] * x, self.focal[1] * y);
        let outside = |d: f32| d < 0.0 || d.is_nan();
        let planes = [
            z - NEAR,
            fx + self.clip[1][2] * z,
            self.clip[2][2] * z - fx,
            fy + self.clip[3][2] * z,
            self.clip[4][2] * z - fy,
            fx + self.view[0][2] * z,
            self.view[1][2] * z - fx,
            fy + self.view[2][2] * z,
            self.view[3][2] * z - fy,
        ];
        let mut code = 0;
        for (k, d) in planes.into_iter().enumerate() {
            code |= (outside(d) as u16) << k;
        }
        code
    }

    /// Projects a camera-space corner in front of the near plane to
    /// `[x, y, 1/z, u/z, v/z, shade]`.
    fn to_screen(&self, v: [f32; ATTRS]) -> [f32; ATTRS] {
        let inv = 1.0 / v[2];
        let (sx, sy) = (self.focal[0] * inv, self.focal[1] * inv);
        [self.centre[0] + v[0] * sx, self.centre[1] + v[1] * sy, inv, v[3] * inv, v[4] * inv, v[5]]
    }

    /// Fills a screen-space triangle given as `[x, y, 1/z]` corners (pixels, pixel `(0, 0)`
    /// covering `[0, 1) × [0, 1)`), depth-tested. Coordinates beyond ±[`SCREEN_LIMIT`] or
    /// not finite skip the triangle; either winding is drawn; degenerate triangles draw
    /// nothing.
    pub fn screen_triangle(&mut self, tri: [[f32; 3]; 3], colour: u8) {
        self.fill(tri.map(|v| [v[0], v[1], v[2], 0.0, 0.0, 0.0]), Paint::Colour(colour));
    }

    /// Fills a screen-space triangle of `[x, y, 1/z, u/z, v/z, shade]` corners.
    fn fill(&mut self, tri: [[f32; ATTRS]; 3], paint: Paint<'_>) {
        if tri.iter().any(|v| !(v[0].abs() <= SCREEN_LIMIT && v[1].abs() <= SCREEN_LIMIT && v[2].is_finite()))
        {
            return;
        }
        let fixed = |c: f32| round_half_away(c * SUB as f32);
        let mut p = map3(tri, |v| [fixed(v[0]), fixed(v[1])]);
        // The interpolated attributes: 1/z, u/z, v/z, shade.
        let mut z = map3(tri, |v| [v[2], v[3], v[4], v[5]]);
        let mut area = edge(p[0], p[1], p[2]);
        if area == 0 {
            return;
        }
        if area < 0 {
            p.swap(1, 2);
            z.swap(1, 2);
            area = -area;
        }
        let w = self.fb.width() as i64;
        let (band_start, band_end) = (self.rows.start as i64, self.rows.end as i64);
        // Pixel x samples at SUB·x + SUB/2: the first centre at or right of the leftmost
        // corner, the last at or left of the rightmost.
        let min = |k: usize| p[0][k].min(p[1][k]).min(p[2][k]);
        let max = |k: usize| p[0][k].max(p[1][k]).max(p[2][k]);
        let x0 = ceil_div(min(0) - SUB / 2, SUB).max(0);
        let x1 = (max(0) - SUB / 2).div_euclid(SUB).min(w - 1);
        let y0 = ceil_div(min(1) - SUB / 2, SUB).max(band_start);
        let y1 = (max(1) - SUB / 2).div_euclid(SUB).min(band_end - 1);
        if x0 > x1 || y0 > y1 {
            return;
        }

        // Edge k runs from corner k to corner k+1; the triangle is inside all three.
        let mut edges = map3([0, 1, 2], |k| Edge::new(p[k], p[(k + 1) % 3], x0, y0));

        // Each attribute's plane over pixel coordinates, from the fixed-point corners:
        // value at the centre of pixel (x, y) = origin + dx·x + dy·y.
        let f = map3(p, |c| [small_f32(c[0]) / SUB as f32, small_f32(c[1]) / SUB as f32]);
        let (bx, by) = (f[1][0] - f[0][0], f[1][1] - f[0][1]);
        let (cx, cy) = (f[2][0] - f[0][0], f[2][1] - f[0][1]);
        let af = area as f32 / (SUB * SUB) as f32;
        let plane = |k: usize| {
            let (db, dc) = (z[1][k] - z[0][k], z[2][k] - z[0][k]);
            let dx = (db * cy - dc * by) / af;
            let dy = (dc * bx - db * cx) / af;
            [z[0][k] - dx * (f[0][0] - 0.5) - dy * (f[0][1] - 0.5), dx, dy]
        };
        let depth_plane = plane(0);
        let planes = match paint {
            Paint::Colour(_) => None,
            _ => Some([plane(1), plane(2), plane(3)]),
        };

        let width = self.fb.width();
        let pixels = self.fb.pixels_mut();
        for y in y0..=y1 {
            // The span of this row where all three edge functions pass.
            let (mut lo, mut hi) = (x0, x1);
            for e in &mut edges {
                let q = e.columns.next();
                if e.step_x > 0 {
                    lo = lo.max(x0 - q);
                } else if e.step_x < 0 {
                    hi = hi.min(x0 + q);
                } else if q < 0 {
                    hi = lo - 1;
                }
            }
            if lo > hi {
                continue;
            }
            // 0 ≤ lo ≤ hi < width and y within the band: the slices are in range.
            let base = y as usize * width;
            let depth_base = (y - band_start) as usize * width;
            let (lo, hi) = (lo as usize, hi as usize);
            let (Some(px), Some(dp)) = (
                pixels.get_mut(base + lo..=base + hi),
                self.depth.get_mut(depth_base + lo..=depth_base + hi),
            ) else {
                continue;
            };
            // A row of the framebuffer: an `i32`.
            let yf = small_f32(y);
            // Each plane along this row: value at column x = (o + dy·y) + dx·x.
            let line = |[o, dx, dy]: [f32; 3]| Line { at: o + dy * yf, step: dx };
            let mut run = Run { px, depth: dp, lo, dither: &DITHER_ROWS[y as usize & 3] };
            let z = line(depth_plane);
            match (paint, planes) {
                (Paint::Shaded { colour, shades }, Some([_, _, s])) => run.shaded(z, line(s), colour, shades),
                (Paint::Textured { texels, shades, keyed }, Some(p)) => {
                    run.textured(z, map3(p, line), texels, shades, keyed)
                }
                (Paint::Sprite { texels, shades, coverage, depth }, Some(p)) => {
                    run.sprite(z, map3(p, line), texels, shades, coverage, depth)
                }
                (Paint::Colour(c), _) => run.colour(z, c),
                _ => run.colour(z, 0),
            }
        }
    }
}

/// `(b − a) × (c − a)` in screen space (y down): positive when `a, b, c` run clockwise on
/// screen.
fn edge(a: [i64; 2], b: [i64; 2], c: [i64; 2]) -> i64 {
    (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
}

/// `x` rounded to the nearest integer, halves away from zero (`roundf`), for finite
/// `|x| ≤ 2²⁴`. The fraction `x − trunc(x)` is exact in that range, so one comparison picks
/// the side: the same integers as `libm::roundf` without its bit handling.
#[inline(always)]
fn round_half_away(x: f32) -> i64 {
    // Through `i32`, which holds every such integer: a 32-bit machine converts that in one
    // instruction, where an `i64` is a library call.
    let t = x as i32;
    let fraction = x - t as f32;
    // Branch-free: which side a fraction falls on is unpredictable from one call to the next.
    t as i64 + (fraction >= 0.5) as i64 - (fraction <= -0.5) as i64
}

/// `v as f32` for a fixed-point corner coordinate (`round_half_away` of a value within
/// 2²⁴, so it fits an `i32`: the same float, converted in one instruction on a 32-bit
/// machine).
#[inline(always)]
fn small_f32(v: i64) -> f32 {
    v as i32 as f32
}

/// `⌈n / d⌉` for `d > 0`.
fn ceil_div(n: i64, d: i64) -> i64 {
    -((-n).div_euclid(d))
}

/// The position of a clipped corner.
fn pos(v: [f32; ATTRS]) -> [f32; 3] {
    [v[0], v[1], v[2]]
}

fn plane_distance(p: &[f32; 4], v: [f32; 3]) -> f32 {
    p[0] * v[0] + p[1] * v[1] + p[2] * v[2] + p[3]
}

/// One edge function, biased for the fill rule: a pixel is inside when the value is ≥ 0.
struct Edge {
    /// Change per pixel to the right.
    step_x: i64,
    /// Row by row, `⌊value / |step_x|⌋` of the value at column `x0` (the value itself when
    /// `step_x` is 0): the pixels of the row inside this edge are those right of
    /// `x0 − q` when `step_x > 0`, left of `x0 + q` when `step_x < 0`, all or none (`q < 0`)
    /// when it is 0.
    columns: FloorSteps,
}

/// `⌊(start + step × n) / d⌋` for `n = 0, 1, 2, …` (`d > 0`) by adding quotients and
/// remainders, one division per triangle edge instead of one per row.
#[derive(Clone, Copy, Debug)]
struct FloorSteps {
    quotient: i64,
    remainder: i64,
    step_quotient: i64,
    step_remainder: i64,
    d: i64,
}

impl FloorSteps {
    fn new(start: i64, step: i64, d: i64) -> Self {
        // The same quotients and remainders in 32 bits when everything fits (nearly every
        // edge): a 64-bit division is a library call on a 32-bit machine.
        if let (Ok(start), Ok(step), Ok(d)) = (i32::try_from(start), i32::try_from(step), i32::try_from(d)) {
            return FloorSteps {
                quotient: start.div_euclid(d) as i64,
                remainder: start.rem_euclid(d) as i64,
                step_quotient: step.div_euclid(d) as i64,
                step_remainder: step.rem_euclid(d) as i64,
                d: d as i64,
            };
        }
        FloorSteps {
            quotient: start.div_euclid(d),
            remainder: start.rem_euclid(d),
            step_quotient: step.div_euclid(d),
            step_remainder: step.rem_euclid(d),
            d,
        }
    }

    /// The current quotient; then moves on by one step.
    #[inline(always)]
    fn next(&mut self) -> i64 {
        let q = self.quotient;
        self.quotient += self.step_quotient;
        self.remainder += self.step_remainder;
        if self.remainder >= self.d {
            self.remainder -= self.d;
            self.quotient += 1;
        }
        q
    }
}

impl Edge {
    fn new(a: [i64; 2], b: [i64; 2], x0: i64, y0: i64) -> Edge {
        let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
        let centre = [SUB * x0 + SUB / 2, SUB * y0 + SUB / 2];
        let value = dx * (centre[1] - a[1]) - dy * (centre[0] - a[0]);
        // Top-left rule, for a clockwise (on screen) triangle: a top edge runs exactly
        // left to right, a left edge runs upward. Points on them belong to the triangle;
        // points on the other edges to the neighbour.
        let top_left = (dy == 0 && dx > 0) || dy < 0;
        let (start, step_x, step_y) = (if top_left { value } else { value - 1 }, -dy * SUB, dx * SUB);
        Edge { step_x, columns: FloorSteps::new(start, step_y, step_x.abs().max(1)) }
    }
}

/// A convex polygon being clipped, each corner its position and attributes.
#[derive(Clone, Copy)]
struct Poly {
    v: [[f32; ATTRS]; MAX_CLIPPED + 1],
    n: usize,
}

impl Poly {
    fn corners(&self) -> &[[f32; ATTRS]] {
        self.v.get(..self.n).unwrap_or(&[])
    }

    fn push(&mut self, p: [f32; ATTRS]) {
        if let Some(slot) = self.v.get_mut(self.n) {
            *slot = p;
            self.n += 1;
        }
    }

    /// The part of the polygon inside `plane`. An edge crossing the plane is always cut
    /// from its inside end toward its outside end, so two triangles sharing that edge get
    /// the very same new corner.
    fn clipped(&self, plane: &[f32; 4]) -> Poly {
        let mut out = Poly { v: [[0.0; ATTRS]; MAX_CLIPPED + 1], n: 0 };
        let c = self.corners();
        for (k, &a) in c.iter().enumerate() {
            let b = c[(k + 1) % c.len()];
            let (da, db) = (plane_distance(plane, pos(a)), plane_distance(plane, pos(b)));
            let (a_in, b_in) = (da >= 0.0, db >= 0.0);
            if a_in {
                out.push(a);
            }
            if a_in != b_in {
                let (inside, outside, di, dout) = if a_in { (a, b, da, db) } else { (b, a, db, da) };
                let t = di / (di - dout);
                out.push(core::array::from_fn(|k| inside[k] + (outside[k] - inside[k]) * t));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(px: &[u8], c: u8) -> usize {
        px.iter().filter(|&&p| p == c).count()
    }

    #[test]
    fn right_triangle_covers_the_pixels_left_of_its_hypotenuse() {
        let mut px = [0u8; 16 * 16];
        let mut depth = [0f32; 16 * 16];
        let mut fb = Framebuffer::new(&mut px, 16, 16).unwrap();
        let mut r = Raster::new(&mut fb, &mut depth, [10.0; 2]).unwrap();
        r.screen_triangle([[0.0, 0.0, 1.0], [8.0, 0.0, 1.0], [0.0, 8.0, 1.0]], 5);
        // Centres (x + ½, y + ½) with x + y < 7; the hypotenuse x + y = 7 is a right edge.
        assert_eq!(count(&px, 5), 28);
        assert_eq!(px[6], 5);
        assert_eq!(px[7], 0);
    }

    #[test]
    fn rounding_matches_roundf_up_to_the_screen_limit() {
        let limit = SCREEN_LIMIT * SUB as f32;
        let check = |x: f32| {
            if x.abs() <= limit {
                assert_eq!(round_half_away(x), libm::roundf(x) as i64, "{x:e}");
            }
        };
        // Every halfway point and its neighbours, both signs, up to 2¹² and near the limit.
        for k in (0..8192).chain(((1 << 25) - 64)..(1 << 25)) {
            let half = k as f32 * 0.5;
            for x in
                [half, f32::from_bits(half.to_bits() + 1), f32::from_bits(half.to_bits().saturating_sub(1))]
            {
                check(x);
                check(-x);
            }
        }
        // A deterministic spread over the whole range.
        for state in crate::test_support::xorshift32(0x9e37_79b9).take(500_000) {
            check(f32::from_bits(state));
        }
        assert_eq!(round_half_away(2.5), 3);
        assert_eq!(round_half_away(-2.5), -3);
        assert_eq!(round_half_away(0.49999997), 0);
    }

    #[test]
    fn outcodes_are_the_plane_equations() {
        let (mut px, mut depth) = ([0u8; 320 * 200], [0f32; 320 * 40]);
        let mut fb = Framebuffer::new(&mut px, 320, 200).unwrap();
        let r = Raster::band(&mut fb, &mut depth, [203.0; 2], 40..80).unwrap();
        let mut bits = crate::test_support::xorshift64(0x2545_f491_4f6c_dd1d);
        let mut next = || bits.next().map_or(0.0, |s| (s % 40_001) as f32 - 20_000.0);
        for n in 0..100_000 {
            let v = if n < 8 {
                [0.0, -0.0, NEAR].map(|c| c * (n as f32 - 3.0))
            } else {
                [next(), next(), next()]
            };
            let mut want = 0u16;
            for (k, p) in r.clip.iter().chain(&r.view).enumerate() {
                let d = plane_distance(p, v);
                want |= ((d < 0.0 || d.is_nan()) as u16) << k;
            }
            assert_eq!(r.outcode(v), want, "{v:?}");
        }
        // A point left of the band but inside the guard band, and one behind the eye.
        assert_eq!(r.outcode([-200.0, 60.0 - 100.0, 203.0]) & CLIP_BITS, 0);
        assert_eq!(r.outcode([-200.0, 60.0 - 100.0, 203.0]) >> 5, 0b0001);
        assert_eq!(r.outcode([0.0, 0.0, -1.0]) & 1, 1);
    }

    #[test]
    fn floor_steps_equal_a_division_per_row() {
        let mut bits = crate::test_support::xorshift64(0x1234_5678_9abc_def0);
        let mut next = |range: i64| bits.next().map_or(0, |s| (s % (2 * range as u64 + 1)) as i64 - range);
        for _ in 0..20_000 {
            // Edge values reach 2⁴⁹ at the screen limit; steps and divisors 2²⁵.
            let (start, step, d) = (next(1 << 49), next(1 << 25), next(1 << 25).abs().max(1));
            let mut steps = FloorSteps::new(start, step, d);
            for n in 0..40 {
                assert_eq!(steps.next(), (start + step * n).div_euclid(d), "{start} {step} {d} at {n}");
            }
        }
        // Exact multiples and remainders that wrap on the step.
        let mut s = FloorSteps::new(-7, 5, 4);
        let got: [i64; 5] = core::array::from_fn(|_| s.next());
        assert_eq!(got, [-2, -1, 0, 2, 3]);
    }

    #[test]
    fn near_clipping_keeps_the_visible_part() {
        let mut px = [0u8; 32 * 32];
        let mut depth = [0f32; 32 * 32];
        let mut fb = Framebuffer::new(&mut px, 32, 32).unwrap();
        let mut r = Raster::new(&mut fb, &mut depth, [16.0; 2]).unwrap();
        // A floor reaching behind the eye: clipped, not dropped.
        r.triangle([[-100.0, 10.0, -50.0], [100.0, 10.0, -50.0], [0.0, 10.0, 400.0]], 3);
        assert!(count(&px, 3) > 100);
        assert_eq!(px[0], 0, "above the floor's horizon stays empty");
    }
}
