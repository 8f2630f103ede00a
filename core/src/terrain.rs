//! Terrain queries over the decoded WLD map ({M}): "Terrain support sampling",
//! "Terrain material lookup" and "Terrain material blend coverage".
//!
//! Engine vertex `(i, j)` sits at map `(256 i, Y, 256 j)` with `Y = scapeshift − T[b & 0x7F]`
//! (Y points down) and engine row `j` is WLD source row `256 − j`. The original reads
//! neighbouring vertices without bounds checks, addressing the height array linearly
//! ([`linear_vertex`]): a column past the east or west edge continues into the adjacent
//! row. Past the north or south end it reads memory outside the array, which Stros does not
//! have: there it clamps the row to the stored grid (rows 1..=256).
//!
//! Near the camera the original samples its terrain vertex cache, which carries the water
//! displacement; beyond 15 cells it reads the decoded map. [`VertexHeights`] is that seam:
//! [`Decoded`] is the decoded map and [`VertexCache`] adds the water wave near the camera.

use crate::formats::wld::Wld;
use crate::math::round_ties_even;

/// Map units per terrain cell.
pub const CELL: i32 = 256;
/// Distance in cells beyond which queries read the decoded map instead of the vertex cache.
pub const NEAR_CELLS: i32 = 15;
/// Valid material columns: `0..=MATERIAL_MAX_COLUMN`.
pub const MATERIAL_MAX_COLUMN: i32 = 254;
/// Valid material rows: `MATERIAL_MIN_ROW..=255`.
pub const MATERIAL_MIN_ROW: i32 = 1;
/// The texture set terrain surface assignments use.
pub const TERRAIN_TEXTURE_SET: u16 = 302;

/// Heights of terrain vertices, Y down, map units.
pub trait VertexHeights {
    /// The height of engine vertex `(i, j)`.
    fn vertex_y(&self, i: i32, j: i32) -> f32;

    /// Bounds `(lowest, highest)` of every height [`VertexHeights::vertex_y`] can give, when
    /// known: what lets the renderer skip terrain rows without reading them.
    fn height_range(&self) -> Option<(f32, f32)> {
        None
    }

    /// Whether there is terrain at all. A world without a WLD (the interiors and dungeons,
    /// {D:config/world-ini.md} "World Catalog") has none: every terrain query is skipped
    /// ([`query`]), as the docs' "when the world has terrain" paths are.
    fn present(&self) -> bool {
        true
    }
}

/// The decoded WLD heightmap, or the absence of one.
#[derive(Clone, Copy, Debug)]
pub struct Decoded<'a> {
    wld: Wld<'a>,
    scapeshift: i32,
    present: bool,
}

impl<'a> Decoded<'a> {
    /// The decoded map of `wld` with a `world_scapeshift` offset.
    pub fn new(wld: Wld<'a>, scapeshift: i32) -> Self {
        Decoded { wld, scapeshift, present: true }
    }

    /// No terrain: a world whose WORLD.INI entry names no `world_world`.
    pub fn none() -> Self {
        Decoded { wld: Wld::new_unchecked(&[]), scapeshift: 0, present: false }
    }

    /// The map (an empty one without terrain: every material lookup misses).
    pub fn wld(&self) -> &Wld<'a> {
        &self.wld
    }

    /// The `world_scapeshift` offset the heights were decoded with.
    pub fn scapeshift(&self) -> i32 {
        self.scapeshift
    }
}

impl VertexHeights for Decoded<'_> {
    fn vertex_y(&self, i: i32, j: i32) -> f32 {
        let (i, j) = linear_vertex(i, j);
        self.wld.vertex_height(i, j, self.scapeshift).unwrap_or(0) as f32
    }

    fn present(&self) -> bool {
        self.present
    }

    /// Every entry of the height table at this offset, and 0 (a missing vertex).
    fn height_range(&self) -> Option<(f32, f32)> {
        let heights = (0..=127u8).map(|b| crate::formats::wld::height_for_index(b, self.scapeshift));
        let (lo, hi) = heights.fold((0, 0), |(lo, hi), h| (lo.min(h), hi.max(h)));
        Some((lo as f32, hi as f32))
    }
}

/// The stored vertex engine vertex `(i, j)` reads. {D:engine/player.md} "Queued and falling
/// vertical motion": terrain queries apply no height-grid bounds check and address the
/// array linearly, `row × width + column` over runtime rows, so column 256 of row `j` is
/// column 0 of row `j + 1` and column −1 is column 255 of row `j − 1`. A row that still
/// falls outside the array is clamped to the stored rows 1..=256: the original reads
/// whatever memory lies there, which the docs describe only by its effects.
pub fn linear_vertex(i: i32, j: i32) -> (i32, i32) {
    let width = CELL as i64;
    let k = (j as i64) * width + i as i64;
    (k.rem_euclid(width) as i32, k.div_euclid(width).clamp(1, 256) as i32)
}

/// Which triangle of a cell a point fell in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Triangle {
    /// The triangle with the cell's second corner `(256(i+1), 256j)`.
    Second,
    /// The triangle with the cell's third corner `(256i, 256(j−1))`.
    Third,
}

/// What a terrain support sample returns.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TerrainSample {
    /// The selected cell `(i, j)`.
    pub cell: (i32, i32),
    /// The triangle used.
    pub triangle: Triangle,
    /// Surface height at the point (Y down, map units), stored as f32.
    pub height: f32,
    /// The triangle's unit normal × 256, nearest-even (Y negative for ground).
    pub normal: [i32; 3],
}

/// The cell of integer map `(x, z)`: `round_even(x/256 − 0.5)`, `round_even(z/256 + 0.5)`,
/// each stored at single precision before rounding.
pub fn cell_of(map_x: i32, map_z: i32) -> (i32, i32) {
    let fx = (map_x as f32 * (1.0 / 256.0)) - 0.5;
    let fz = (map_z as f32 * (1.0 / 256.0)) + 0.5;
    (round_ties_even(fx) as i32, round_ties_even(fz) as i32)
}

/// The cell of integer map `(x, z)` and whether the point lies past its diagonal
/// (`x − 256i > 256j − z`: the triangle with the second corner `(i+1, j)`); equality is the
/// other triangle. Support sampling and the camera's query choose alike.
fn cell_and_side(map_x: i32, map_z: i32) -> ((i32, i32), bool) {
    let (i, j) = cell_of(map_x, map_z);
    let dx = map_x as i64 - i as i64 * CELL as i64;
    let dz = j as i64 * CELL as i64 - map_z as i64;
    ((i, j), dx > dz)
}

/// "Terrain support sampling" at integer map `(x, z)` (runtime coordinates already shifted
/// right by eight, so fractional bits never reach the interpolation).
///
/// The diagonal joins the cell's first corner `(256i, 256j)` and its last
/// `(256(i+1), 256(j−1))`; when `x − 256i > 256j − z` the point is in the triangle with the
/// second corner, otherwise in the one with the third. The height comes from that
/// triangle's plane; the normal is the plane's, normalised, × 256, nearest-even — not an
/// interpolated shading normal.
pub fn sample(heights: &impl VertexHeights, map_x: i32, map_z: i32) -> TerrainSample {
    let ((i, j), past_diagonal) = cell_and_side(map_x, map_z);
    let corner = |ci: i32, cj: i32| {
        [ci as f64 * CELL as f64, heights.vertex_y(ci, cj) as f64, cj as f64 * CELL as f64]
    };
    let c1 = corner(i, j);
    let c4 = corner(i.wrapping_add(1), j.wrapping_sub(1));
    let (triangle, other) = if past_diagonal {
        (Triangle::Second, corner(i.wrapping_add(1), j))
    } else {
        (Triangle::Third, corner(i, j.wrapping_sub(1)))
    };
    let u = [other[0] - c1[0], other[1] - c1[1], other[2] - c1[2]];
    let v = [c4[0] - c1[0], c4[1] - c1[1], c4[2] - c1[2]];
    let mut n = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
    // Face the normal up (negative Y): terrain is seen from above.
    if n[1] > 0.0 {
        n = [-n[0], -n[1], -n[2]];
    }
    let height = c1[1] - (n[0] * (map_x as f64 - c1[0]) + n[2] * (map_z as f64 - c1[2])) / n[1];
    let len = libm::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
    let normal = n.map(|c| round_ties_even((c / len * 256.0) as f32) as i32);
    TerrainSample { cell: (i, j), triangle, height: height as f32, normal }
}

/// The camera's terrain query ({D:engine/SOUP.md} "Camera terrain-height clamp"): the cell
/// and triangle as [`sample`] chooses them, but its own plane. From the first vertex
/// `(i, j)` the next two are `(i+1, j−1)`, `(i+1, j)` past the diagonal and `(i, j−1)`,
/// `(i+1, j−1)` otherwise; the edges are second − first and third − second, each component
/// stored at single precision before the cross product. Over wave-displaced heights that
/// rounding can differ from the support sample's; over whole-number heights it cannot.
/// `None` where there is no terrain.
pub fn camera_height(heights: &impl VertexHeights, map_x: i32, map_z: i32) -> Option<f32> {
    if !heights.present() {
        return None;
    }
    let ((i, j), past_diagonal) = cell_and_side(map_x, map_z);
    let vertex = |ci: i32, cj: i32| {
        [ci as f64 * CELL as f64, heights.vertex_y(ci, cj) as f64, cj as f64 * CELL as f64]
    };
    let first = vertex(i, j);
    let (second, third) = if past_diagonal {
        (vertex(i.wrapping_add(1), j.wrapping_sub(1)), vertex(i.wrapping_add(1), j))
    } else {
        (vertex(i, j.wrapping_sub(1)), vertex(i.wrapping_add(1), j.wrapping_sub(1)))
    };
    let edge = |to: [f64; 3], from: [f64; 3]| [0, 1, 2].map(|k| (to[k] - from[k]) as f32 as f64);
    let (u, v) = (edge(second, first), edge(third, second));
    let n = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
    let height = first[1] - (n[0] * (map_x as f64 - first[0]) + n[2] * (map_z as f64 - first[2])) / n[1];
    Some(height as f32)
}

/// [`sample`] where there is terrain; `None` in a world without ([`VertexHeights::present`]).
pub fn query(heights: &impl VertexHeights, map_x: i32, map_z: i32) -> Option<TerrainSample> {
    heights.present().then(|| sample(heights, map_x, map_z))
}

/// "Terrain material lookup": the Map3 byte (texture index in the low six bits, rotation in
/// the top two) of the cell containing integer map `(x, z)`, or −1 outside columns
/// 0..=254 and rows 1..=255.
pub fn material(wld: &Wld<'_>, map_x: i32, map_z: i32) -> i32 {
    let (i, j) = cell_of(map_x, map_z);
    if !(0..=MATERIAL_MAX_COLUMN).contains(&i) || !(MATERIAL_MIN_ROW..=255).contains(&j) {
        return -1;
    }
    wld.texture_byte(i, j).map_or(-1, i32::from)
}

/// The generated 256×256 blend mask at `(x, y)`: `clamp(2 × (x + y − 254), 0, 255)`.
pub const fn blend_mask(x: i32, y: i32) -> i32 {
    let v = 2 * (x + y - 254);
    if v < 0 {
        0
    } else if v > 255 {
        255
    } else {
        v
    }
}

/// Full coverage. Mask-backed images reach at most 255, which is not full coverage.
pub const FULL_COVERAGE: i32 = 256;

/// The local mask coordinates `(a, b)` of integer map `(x, z)` under a tile rotation.
pub const fn mask_coordinates(map_x: i32, map_z: i32, rotation: u8) -> (i32, i32) {
    let u = (map_x >> 1) & 127;
    let v = 127 - ((map_z >> 1) & 127);
    match rotation & 3 {
        0 => (u, v),
        1 => (127 - v, u),
        2 => (127 - u, 127 - v),
        _ => (v, 127 - u),
    }
}

/// "Terrain material blend coverage" of a Map3 byte at integer map `(x, z)`: 0..=256.
pub fn blend_coverage(byte: u8, map_x: i32, map_z: i32) -> i32 {
    let image = byte & 0x3F;
    let (a, b) = mask_coordinates(map_x, map_z, byte >> 6);
    match image {
        0 => FULL_COVERAGE,
        5 => blend_mask(a + 109, b + 109),
        6 | 52 => {
            if a <= 28 {
                0
            } else if a < 100 {
                ((a - 28) * 455) >> 7
            } else {
                FULL_COVERAGE
            }
        }
        7 => blend_mask(a + 32, b + 32),
        30 => blend_mask(a + 128, b + 128),
        31 => {
            if a < 5 {
                0
            } else {
                FULL_COVERAGE
            }
        }
        32 => {
            if blend_mask(a + 64, b + 64) == 0 {
                0
            } else {
                FULL_COVERAGE
            }
        }
        _ => 0,
    }
}

/// SURFACE.INI surface ids the blend rules name.
pub mod surface {
    /// Water.
    pub const WATER: u8 = 1;
    /// Deep water.
    pub const DEEPWATER: u8 = 2;
    /// Terrain water (nonzero, partial coverage).
    pub const SCAPEWATER: u8 = 3;
    /// Terrain deep water (full coverage).
    pub const SCAPEDEEPWATER: u8 = 4;
    /// Sand.
    pub const SAND: u8 = 6;
    /// Rock.
    pub const ROCK: u8 = 10;
}

/// The terrain surface at integer map `(x, z)`: the base assignment of texture set 302 and
/// the image index (`base`, the SURFACE.INI table), then the blend rules: dry pixels of
/// images 6 and 52 are sand and of 31 and 32 rock; on the other mask-backed images (5, 7,
/// 30) zero coverage turns water or deep water into sand; then nonzero coverage selects
/// scape water (3), and full coverage (256, never 255) scape deep water (4). Outside the
/// valid cells the material is −1, whose low six bits select image 63.
pub fn surface_at(wld: &Wld<'_>, map_x: i32, map_z: i32, base: impl Fn(u16, u8) -> u8) -> u8 {
    // Outside the valid cells the lookup's −1 supplies image 63 (its low six bits), which
    // then goes through the usual assignment and coverage rules.
    let byte = material(wld, map_x, map_z) as u8;
    let image = byte & 0x3F;
    let coverage = blend_coverage(byte, map_x, map_z);
    let mut s = base(TERRAIN_TEXTURE_SET, image);
    match image {
        6 | 52 if coverage == 0 => s = surface::SAND,
        31 | 32 if coverage == 0 => s = surface::ROCK,
        5 | 7 | 30 if coverage == 0 && (s == surface::WATER || s == surface::DEEPWATER) => s = surface::SAND,
        _ => {}
    }
    if coverage == FULL_COVERAGE {
        surface::SCAPEDEEPWATER
    } else if coverage > 0 {
        surface::SCAPEWATER
    } else {
        s
    }
}

/// `world_wave` parameters of a map (WORLD.INI): amplitude (float), speed and spatial
/// frequency (truncated to integers at terrain setup). A zero amplitude disables waves.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Wave {
    /// Vertical displacement scale, map units.
    pub amplitude: f32,
    /// Phase advance per BIOS tick.
    pub speed: i32,
    /// Multiplier of the squared grid distance.
    pub frequency: i32,
}

impl Wave {
    /// No wave: the water of a world without `world_wave` stays still.
    pub const NONE: Wave = Wave { amplitude: 0.0, speed: 0, frequency: 0 };
}

/// The terrain cell the vertex cache is centred on: the camera's map X and Z each divided
/// by 256, rounded to single precision and then to the nearest integer, ties to even
/// ({D:engine/water.md}, "Terrain window").
pub fn camera_cell(camera_x: i32, camera_z: i32) -> (i32, i32) {
    let cell = |c: i32| round_ties_even(c as f32 / CELL as f32) as i32;
    (cell(camera_x), cell(camera_z))
}

/// Grid centre of the wave's radial phase: the whole terrain's midpoint.
pub const WAVE_CENTRE: i32 = 128;

/// The wave phase of engine vertex `(i, j)` at BIOS tick `t`:
/// `(distance² × F + T × S) & 2047` from the terrain midpoint, with wrapping arithmetic.
pub fn wave_phase(wave: &Wave, i: i32, j: i32, bios_ticks: u32) -> i32 {
    let (dx, dz) = (i - WAVE_CENTRE, j - WAVE_CENTRE);
    let d2 = dx.wrapping_mul(dx).wrapping_add(dz.wrapping_mul(dz));
    d2.wrapping_mul(wave.frequency).wrapping_add((bios_ticks as i32).wrapping_mul(wave.speed)) & 2047
}

/// The terrain vertex cache near the camera: the decoded heights with the water wave of the
/// {D:engine/water.md} on the selected vertices (texture 0, 30 or 31 with the three
/// −X/+Z neighbours in 0, 5, 30, 31), `base + table[512 + phase] × A − A/2`, the half
/// amplitude stored as f32 first and the sum kept wide until the final f32 store. Vertices
/// more than 15 cells from the camera read the decoded map, as the original's far queries do.
#[derive(Clone, Copy, Debug)]
pub struct VertexCache<'a> {
    decoded: Decoded<'a>,
    wave: Wave,
    bios_ticks: u32,
    camera_cell: (i32, i32),
}

impl<'a> VertexCache<'a> {
    /// The cache for the camera's terrain cell at BIOS tick `bios_ticks`.
    pub fn new(decoded: Decoded<'a>, wave: Wave, bios_ticks: u32, camera_cell: (i32, i32)) -> Self {
        VertexCache { decoded, wave, bios_ticks, camera_cell }
    }

    fn near(&self, i: i32, j: i32) -> bool {
        (i - self.camera_cell.0).abs() <= NEAR_CELLS && (j - self.camera_cell.1).abs() <= NEAR_CELLS
    }

    /// Whether `sample` (taken from this cache) is what every cache of this map and wave
    /// gives, whatever its tick and camera: none of its triangle's corners is one the wave
    /// moves, so their heights are the decoded map's.
    pub fn lasting(&self, sample: &TerrainSample) -> bool {
        let (i, j) = sample.cell;
        let third = match sample.triangle {
            Triangle::Second => (i.wrapping_add(1), j),
            Triangle::Third => (i, j.wrapping_sub(1)),
        };
        self.wave.amplitude == 0.0
            || [(i, j), (i.wrapping_add(1), j.wrapping_sub(1)), third]
                .iter()
                .all(|&(i, j)| !self.decoded.wld().is_water_corner(i, j))
    }
}

impl VertexHeights for VertexCache<'_> {
    fn vertex_y(&self, i: i32, j: i32) -> f32 {
        let base = self.decoded.vertex_y(i, j);
        if self.wave.amplitude == 0.0 || !self.near(i, j) || !self.decoded.wld().is_water_corner(i, j) {
            return base;
        }
        let bias = self.wave.amplitude * 0.5;
        let sample =
            crate::tables::rotation_sample(512 + wave_phase(&self.wave, i, j, self.bios_ticks) as usize)
                .unwrap_or(0.0);
        (base as f64 + sample as f64 * self.wave.amplitude as f64 - bias as f64) as f32
    }

    fn present(&self) -> bool {
        self.decoded.present()
    }

    /// The decoded range widened by the wave's reach, `1.5 |A|` either way (and a unit).
    fn height_range(&self) -> Option<(f32, f32)> {
        let (lo, hi) = self.decoded.height_range()?;
        let reach = self.wave.amplitude.abs() * 1.5 + 1.0;
        reach.is_finite().then_some((lo - reach, hi + reach))
    }
}
