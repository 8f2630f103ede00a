//! The terrain mesh around the eye (`engine/terrain-lighting.md`): WLD cells as two textured,
//! Gouraud-lit triangles each, drawn row by row through [`super::raster`].
//!
//! Cells show their `TEXBSI.302` image (the Map3 byte's low six bits) turned by its quarter
//! turns (the top two bits) the way the blend coverage reads its mask
//! (`crate::terrain::mask_coordinates`), with the documented corner coordinates 1/256 and
//! 254/256 of the image. Each vertex is lit from its shading normal, the normalised sum of
//! its six incident triangles' unit normals, and the light is interpolated across the
//! triangles.
//!
//! Most of the disc around the eye is behind or beside the view, so the work is lazy: each
//! row is cut into chunks of [`CHUNK`] cells, a chunk is tested as a box against the view
//! before any of its vertices is transformed, and a vertex is lit only when a triangle that
//! uses it is drawn. Triangles reach the rasterizer in the same order, with the same
//! values, as if every vertex had been computed: only work that draws nothing is skipped.

use super::camera::{Basis, dot, length, map3, unit};
use super::look::{Look, shade_level};
use super::raster::{Corner, Paint, Raster};
use crate::capacity::Capacity;
use crate::formats::wld::Wld;
use crate::terrain::{CELL, VertexHeights};
use core::ops::Range;

/// Terrain cells drawn around the eye, in cells (a disc of this radius).
pub const TERRAIN_RADIUS: i32 = 64;
/// Draw distance in map units: the terrain disc's radius; instances farther are skipped.
pub const FAR: f32 = TERRAIN_RADIUS as f32 * CELL as f32;

/// The distance models and terrain are drawn to: the look's back plane, or [`FAR`] for a
/// hand-built look.
pub fn draw_distance<C: Capacity>(look: &Look<'_, C>) -> f32 {
    look.far.unwrap_or(FAR)
}
/// Cells per row cache: the disc's diameter plus the closing vertex.
const ROW: usize = 2 * TERRAIN_RADIUS as usize + 2;
/// Heights per row cache: one more vertex on each side, for the shading normals.
const HEIGHTS: usize = ROW + 2;
/// Cells of a row tested against the view together.
pub const CHUNK: usize = 8;
/// Map units a chunk's box is widened by, so that rounding in the box test can only keep a
/// chunk, never drop one whose triangles the per-vertex test would draw.
const BOX_SLACK: f32 = 1.0;

/// A terrain vertex: camera coordinates, outcode and shade level, each computed on first
/// use in its row.
#[derive(Clone, Copy)]
struct TerrainVertex {
    cam: [f32; 3],
    code: u16,
    y: f32,
    shade: f32,
    /// The row whose `cam`, `code` and `y` these are.
    placed: i32,
    /// The row whose `shade` this is.
    lit: i32,
}

impl TerrainVertex {
    /// A vertex of no row.
    const NONE: TerrainVertex =
        TerrainVertex { cam: [0.0; 3], code: 0, y: 0.0, shade: 0.0, placed: i32::MIN, lit: i32::MIN };
}

/// The shading normal of the vertex at `k` of the middle row `mid`, with `below` the row
/// `j − 1` and `above` the row `j + 1` (`engine/terrain-lighting.md`, "Shading normals"):
/// the normalised sum of its six incident triangles' unit normals, pointing up (−Y).
/// Exact square roots stand in for the original's quantized reciprocal square root.
fn shading_normal(below: &[f32], mid: &[f32], above: &[f32], k: usize) -> [f32; 3] {
    let h = |row: &[f32], k: usize| row.get(k).copied().unwrap_or(0.0);
    let c = CELL as f32;
    let (y, w, e) = (h(mid, k), h(mid, k.wrapping_sub(1)), h(mid, k + 1));
    let (s, se) = (h(below, k), h(below, k + 1));
    let (n, nw) = (h(above, k), h(above, k.wrapping_sub(1)));
    // The two triangles of each cell touching the vertex, split along the diagonal from
    // (i, j) to (i + 1, j − 1) (see draw), each as an upward normal × 1/256.
    let triangles = [
        [e - y, -c, e - se],
        [se - s, -c, y - s],
        [y - w, -c, y - s],
        [e - y, -c, n - y],
        [n - nw, -c, n - y],
        [y - w, -c, nw - w],
    ];
    let sum = triangles.iter().fold([0f32; 3], |a, t| {
        let u = unit(*t);
        [a[0] + u[0], a[1] + u[1], a[2] + u[2]]
    });
    unit(sum)
}

/// A terrain tile's first texture coordinate, of [`TILE_RANGE`]: the original inset its
/// corners by one unit rather than using 0 and 256 (`engine/terrain-lighting.md`).
pub const TILE_FIRST: f32 = 1.0;
/// A terrain tile's last texture coordinate, of [`TILE_RANGE`].
pub const TILE_LAST: f32 = 254.0;
/// The Glide texture coordinate range the tile corners are given in.
pub const TILE_RANGE: f32 = 256.0;

/// Texture coordinates of a cell's corners `(i, j)`, `(i + 1, j)`, `(i + 1, j − 1)`,
/// `(i, j − 1)` for an image `w × h` texels turned `rotation` quarter turns: the cell's
/// `(s, t)` (`s` along +X, `t` along −Z, both 0..1 from corner `(i, j)`) turned as the
/// blend mask is (`crate::terrain::mask_coordinates`), then mapped to the documented
/// endpoints 1/256 and 254/256 of the image.
pub fn cell_uv(rotation: u8, w: f32, h: f32) -> [[f32; 2]; 4] {
    let end = |x: f32| (TILE_FIRST + (TILE_LAST - TILE_FIRST) * x) / TILE_RANGE;
    [[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]].map(|[s, t]| {
        let (a, b) = match rotation & 3 {
            0 => (s, t),
            1 => (1.0 - t, s),
            2 => (1.0 - s, 1.0 - t),
            _ => (t, 1.0 - s),
        };
        [w * end(a), h * end(b)]
    })
}

/// Where row `j` lives in a ring of `n` rows (a power of two).
#[inline(always)]
fn ring(j: i32, n: i32) -> usize {
    (j & (n - 1)) as usize
}

/// The terrain being drawn: what it is drawn into and from, the two vertex rows and the
/// four height rows around the cells of the current row.
struct Mesh<'r, 'f, 'p, 'w, 'a, H, C: Capacity> {
    raster: &'r mut Raster<'f, 'p>,
    basis: &'r Basis,
    heights: &'r H,
    wld: &'r Wld<'w>,
    look: &'r Look<'a, C>,
    /// First drawn column, and vertex columns per row.
    i0: i32,
    columns: usize,
    /// Near and view planes of the raster in world coordinates (`n · p + d ≥ 0` inside).
    planes: [[f32; 4]; 5],
    /// Heights of rows `j − 2 ..= j + 1` while drawing the cells of row `j`, row `r` at
    /// `r mod 4`; each row holds vertices `i0 − 1 ..= i1 + 2`.
    h: [[f32; HEIGHTS]; 4],
    /// The row each of `h` holds (rows the view skips are never read).
    h_rows: [i32; 4],
    /// Vertices of rows `j − 1` and `j`, row `r` at `r mod 2`.
    vertices: [[TerrainVertex; ROW]; 2],
}

impl<H: VertexHeights, C: Capacity> Mesh<'_, '_, '_, '_, '_, H, C> {
    /// Loads the heights of row `j`, unless they are loaded.
    fn load(&mut self, j: i32) {
        if self.h_rows[ring(j, 4)] == j {
            return;
        }
        let (i0, columns, heights) = (self.i0, self.columns, self.heights);
        for (k, y) in self.h[ring(j, 4)].iter_mut().enumerate().take(columns + 2) {
            *y = heights.vertex_y(i0 - 1 + k as i32, j);
        }
        self.h_rows[ring(j, 4)] = j;
    }

    /// Whether any cell of row `j` may be visible whatever its heights, from the heights'
    /// bounds (`true` when they are unknown). A row that fails has no visible chunk.
    fn row_may_show(&self, j: i32, cells: usize, range: Option<(f32, f32)>) -> bool {
        // Wider than any chunk box of the row, so rounding cannot make it the stricter test.
        range.is_none_or(|heights| self.cells_visible(j, 0..cells, heights, BOX_SLACK * 4.0))
    }

    /// Whether the cells at column offsets `cells` of row `j`, between heights `y_lo` and
    /// `y_hi`, may hold a visible point: their box widened by `slack` is not wholly outside
    /// one of the planes.
    fn cells_visible(&self, j: i32, cells: Range<usize>, (y_lo, y_hi): (f32, f32), slack: f32) -> bool {
        let (x_lo, x_hi, z_lo, z_hi) = self.cells_extent(j, cells);
        let s = slack;
        self.box_visible([x_lo - s, y_lo - s, z_lo - s], [x_hi + s, y_hi + s, z_hi + s])
    }

    /// The X and Z extent `(x_lo, x_hi, z_lo, z_hi)` of the cells at column offsets `cells`
    /// of row `j`.
    fn cells_extent(&self, j: i32, cells: Range<usize>) -> (f32, f32, f32, f32) {
        let cell = CELL as f32;
        let x = |k: usize| (self.i0 + k as i32) as f32 * cell;
        (x(cells.start), x(cells.end), (j - 1) as f32 * cell, j as f32 * cell)
    }

    /// The heights of row `j` (one of the four loaded).
    fn heights_of(&self, j: i32) -> &[f32; HEIGHTS] {
        &self.h[ring(j, 4)]
    }

    /// Whether the box `lo..=hi` (world coordinates) may hold a visible point: not wholly
    /// outside one of the planes.
    fn box_visible(&self, lo: [f32; 3], hi: [f32; 3]) -> bool {
        self.planes.iter().all(|p| {
            let far = map3([0, 1, 2], |k| if p[k] >= 0.0 { hi[k] } else { lo[k] });
            let d = p[0] * far[0] + p[1] * far[1] + p[2] * far[2] + p[3];
            // NaN keeps the chunk: the per-vertex tests decide.
            d >= 0.0 || d.is_nan()
        })
    }

    /// Vertex `k` of row `j` (the current row or the one before) placed in the camera,
    /// and lit too when `lit`.
    fn vertex(&mut self, k: usize, j: i32, lit: bool) -> TerrainVertex {
        let cell = CELL as f32;
        let rows = map3([j - 1, j, j + 1], |r| &self.h[ring(r, 4)]);
        let Some(v) = self.vertices[ring(j, 2)].get_mut(k) else { return TerrainVertex::NONE };
        if v.placed != j {
            let y = rows[1][k + 1];
            let cam = self.basis.camera([(self.i0 + k as i32) as f32 * cell, y, j as f32 * cell]);
            let code = self.raster.outcode(cam);
            *v = TerrainVertex { cam, code, y, shade: 0.0, placed: j, lit: i32::MIN };
        }
        if lit && v.lit != j {
            let normal = shading_normal(rows[0], rows[1], rows[2], k + 1);
            v.shade =
                shade_level(self.look.light.intensity(normal, 0.0), self.look.shade_distance(length(v.cam)));
            v.lit = j;
        }
        *v
    }

    /// The cells of row `j` from column offset `ka` to `kb − 1`, unless their box is
    /// outside the view or beyond `reach`.
    fn draw_chunk(&mut self, j: i32, ka: usize, kb: usize, reach: f32) {
        let eye = self.basis.eye;
        let (x_lo, x_hi, z_lo, z_hi) = self.cells_extent(j, ka..kb);
        // The nearest point of the chunk to the eye beyond reach: so is every cell centre.
        let (nx, nz) = (eye[0].clamp(x_lo, x_hi) - eye[0], eye[2].clamp(z_lo, z_hi) - eye[2]);
        if nx * nx + nz * nz > reach * reach {
            return;
        }
        let span = |j: i32| self.heights_of(j).get(ka + 1..=kb + 1).unwrap_or(&[]);
        let (y_lo, y_hi) = span(j - 1)
            .iter()
            .chain(span(j))
            .fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), &y| (lo.min(y), hi.max(y)));
        if !self.cells_visible(j, ka..kb, (y_lo, y_hi), BOX_SLACK) {
            return;
        }
        for k in ka..kb {
            self.draw_cell(j, k, reach);
        }
    }

    /// The two triangles of the cell at column offset `k` between rows `j − 1` and `j`,
    /// each unless it is outside the view or seen from below; nothing beyond `reach`.
    fn draw_cell(&mut self, j: i32, k: usize, reach: f32) {
        let (cell, eye) = (CELL as f32, self.basis.eye);
        let i = self.i0 + k as i32;
        let (a, b) = (self.vertex(k, j, false), self.vertex(k + 1, j, false));
        let (c, d) = (self.vertex(k + 1, j - 1, false), self.vertex(k, j - 1, false));
        // Both triangles wholly outside one plane (most cells behind or beside the view).
        if a.code & b.code & c.code & d.code != 0 {
            return;
        }
        let (dx, dz) = ((i as f32 + 0.5) * cell - eye[0], (j as f32 - 0.5) * cell - eye[2]);
        if dx * dx + dz * dz > reach * reach {
            return;
        }
        let look = self.look;
        let byte = self.wld.texture_byte(i, j).unwrap_or(0);
        let image = byte & 0x3F;
        // The cell's texture is bound (an automatic frame request) by its first admitted
        // triangle ({D:engine/texture-animation.md} "Terrain triangle admission").
        let mut bound = None;
        // From the eye to corner (i, j), for back-face culling.
        let to_a = [i as f32 * cell - eye[0], a.y - eye[1], j as f32 * cell - eye[2]];
        // Upward (−Y) plane normals × 1/256 of the two triangles, their corners (as offset
        // and row) and the corners' texture coordinates.
        let second =
            ([b.y - a.y, -cell, b.y - c.y], [(a, k, j), (b, k + 1, j), (c, k + 1, j - 1)], [0, 1, 2]);
        let third = ([c.y - d.y, -cell, a.y - d.y], [(a, k, j), (c, k + 1, j - 1), (d, k, j - 1)], [0, 2, 3]);
        for (normal, at, corners) in [second, third] {
            let [p, q, r] = map3(at, |(v, _, _)| v);
            // Outside the view, or seen from below (hidden by the terrain in front).
            if p.code & q.code & r.code != 0 || dot(normal, to_a) >= 0.0 {
                continue;
            }
            let texels = *bound.get_or_insert_with(|| look.terrain_texels(image));
            let (paint, uv) = match &texels {
                Some(texels) => (
                    Paint::Textured { texels, shades: &look.shades, keyed: false },
                    cell_uv(byte >> 6, texels.width() as f32, texels.height() as f32),
                ),
                None => (
                    Paint::Shaded { colour: look.terrain_colour(image), shades: &look.shades },
                    [[0.0; 2]; 4],
                ),
            };
            let lit = map3(at, |(_, k, j)| self.vertex(k, j, true));
            let tri = map3([0, 1, 2], |n| Corner { at: lit[n].cam, uv: uv[corners[n]], shade: lit[n].shade });
            self.raster.coded_triangle(tri, [p.code, q.code, r.code], paint);
        }
    }
}

/// The terrain cells within [`TERRAIN_RADIUS`] of the eye, two triangles each, split along
/// the diagonal from `(i, j)` to `(i + 1, j − 1)` as [`crate::terrain::sample`] does. Rows
/// are visited one after another (heights one row ahead, for the shading normals), each in
/// chunks of [`CHUNK`] cells, and each cell reads its own row's vertices and the previous
/// row's.
pub(super) fn draw<H: VertexHeights, C: Capacity>(
    raster: &mut Raster<'_, '_>,
    basis: &Basis,
    heights: &H,
    wld: &Wld<'_>,
    look: &Look<'_, C>,
) {
    let eye = basis.eye;
    let cell = CELL as f32;
    // The eye's cell: x in [256 i, 256 (i + 1)], z in [256 (j − 1), 256 j]. The casts and
    // the range arithmetic saturate.
    let ei = libm::floorf(eye[0] / cell) as i64;
    let ej = (libm::floorf(eye[2] / cell) as i64).saturating_add(1);
    // The cells within the draw distance (a cell more for those it cuts), at most
    // TERRAIN_RADIUS.
    let reach = libm::ceilf(draw_distance(look) / cell) as i64 + 1;
    let r = reach.clamp(1, TERRAIN_RADIUS as i64);
    // Cells have columns 0..=254 and rows 2..=256, so every corner is a stored vertex.
    let (i0, i1) = (ei.saturating_sub(r).max(0), ei.saturating_add(r).min(254));
    let (j0, j1) = (ej.saturating_sub(r).max(2), ej.saturating_add(r).min(256));
    if i0 > i1 || j0 > j1 {
        return;
    }
    let (i0, i1, j0, j1) = (i0 as i32, i1 as i32, j0 as i32, j1 as i32);
    let planes = raster.cull_planes().map(|p| {
        let n =
            [0, 1, 2].map(|k| p[0] * basis.rows[0][k] + p[1] * basis.rows[1][k] + p[2] * basis.rows[2][k]);
        [n[0], n[1], n[2], p[3] - dot(n, eye)]
    });
    let mut mesh = Mesh {
        raster,
        basis,
        heights,
        wld,
        look,
        i0,
        columns: (i1 - i0 + 2) as usize,
        planes,
        h: [[0f32; HEIGHTS]; 4],
        h_rows: [i32::MIN; 4],
        vertices: [[TerrainVertex::NONE; ROW]; 2],
    };
    let reach = FAR + cell;
    let cells = (i1 - i0 + 1) as usize;
    let range = heights.height_range();
    for j in j0..=j1 {
        if !mesh.row_may_show(j, cells, range) {
            continue;
        }
        // The cells between rows j − 1 and j read the heights of rows j − 2 ..= j + 1.
        for r in j - 2..=j + 1 {
            mesh.load(r);
        }
        for ka in (0..cells).step_by(CHUNK) {
            mesh.draw_chunk(j, ka, (ka + CHUNK).min(cells), reach);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_corners_turn_with_the_mask() {
        // Rotation 0: corner (i, j) at the image's top left, (i + 1, j) top right.
        let uv = cell_uv(0, 64.0, 64.0);
        assert_eq!(uv[0], [0.25, 0.25]);
        assert_eq!(uv[1], [63.5, 0.25]);
        assert_eq!(uv[2], [63.5, 63.5]);
        // Rotation 1 maps (s, t) to (1 − t, s), as mask_coordinates maps (u, v) to (127 − v, u).
        assert_eq!(cell_uv(1, 64.0, 64.0)[0], [63.5, 0.25]);
        assert_eq!(cell_uv(2, 64.0, 64.0)[0], [63.5, 63.5]);
        assert_eq!(cell_uv(3, 64.0, 64.0)[0], [0.25, 63.5]);
    }

    #[test]
    fn flat_ground_has_an_upright_shading_normal() {
        let row = [-40.0f32; 5];
        let n = shading_normal(&row, &row, &row, 2);
        assert!((n[1] + 1.0).abs() < 1e-6 && n[0] == 0.0 && n[2] == 0.0, "{n:?}");
        // Rising toward +X tilts the normal toward −X.
        let slope = [0.0f32, -100.0, -200.0, -300.0, -400.0];
        let n = shading_normal(&slope, &slope, &slope, 2);
        assert!(n[0] < -0.3 && n[1] < -0.5 && n[2].abs() < 1e-6, "{n:?}");
    }
}
