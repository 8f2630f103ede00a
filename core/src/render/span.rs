//! The rasterizer's inner loops: one row's run of pixels of a triangle, depth-tested and
//! coloured (flat, shaded or perspective-textured; see [`super::raster`]).
//!
//! Each run is worked in blocks of [`LANES`] pixels: first every value of the block is
//! computed (depth `1/z`, the texel's column and row after the per-pixel division, the
//! dithered shade row) with the same single-precision operations in the same order as one
//! pixel at a time, which the compiler turns into vector instructions; then the pixels
//! that pass the depth test are written one by one. IEEE arithmetic gives each lane the
//! value the scalar loop would, so the pixels are the same.

use super::look::Texels;
use super::palette::Shades;

/// Entries of the flattened shade table, a power of two.
const SHADE_TABLE: usize = super::palette::SHADE_LEVELS * 256;

/// Pixels computed together.
pub const LANES: usize = 8;

/// The chroma key of an 8-bit texture, palette index 0 ({D:engine/model-lighting.md}
/// "Texture transparency": the key is the palette's entry zero): a keyed model face's
/// texel of it is not drawn, nor a flat's.
pub const CHROMA_KEY: u8 = 0;

/// [`Run::blocks`]' admission of every pixel, for the paints without a key.
#[inline(always)]
fn every_pixel(_: &Lanes, _: usize) -> bool {
    true
}

/// `0.0, 1.0, …` for the lanes of a block.
const LANE_X: [f32; LANES] = {
    let mut t = [0f32; LANES];
    let mut k = 0;
    while k < LANES {
        t[k] = k as f32;
        k += 1;
    }
    t
};

/// `⌊x⌋` as an `i32`, saturating (NaN gives 0; below `i32::MIN` wraps to `i32::MAX`, as it
/// always has): cheaper than `floorf` per pixel.
#[inline(always)]
pub fn floor_i32(x: f32) -> i32 {
    let t = x as i32;
    if (t as f32) > x { t.wrapping_sub(1) } else { t }
}

/// Below this magnitude [`floor_lanes`] rounds by adding [`ROUNDER`].
const SMALL: f32 = 4_194_304.0;
/// `1.5 × 2²³`: added to `x` with `|x| < 2²²`, the sum lies where floats are one apart, so
/// it is `x` rounded to the nearest integer (ties to even), held in its low mantissa bits.
const ROUNDER: f32 = 12_582_912.0;

/// [`floor_i32`] of every lane. When every lane is below [`SMALL`] in magnitude the
/// integer is read from the bits of `x + ROUNDER` (rounded to nearest, then stepped down
/// where that rounded up) — the same value, without a saturating conversion per lane, so
/// the block stays in vector registers; otherwise lane by lane.
#[inline(always)]
fn floor_lanes(x: &[f32; LANES], out: &mut [i32; LANES]) {
    let small = x.iter().fold(true, |all, v| all & (v.abs() < SMALL));
    if small {
        for (o, &v) in out.iter_mut().zip(x) {
            let nearest = (v + ROUNDER).to_bits() as i32 - ROUNDER.to_bits() as i32;
            *o = nearest - ((nearest as f32 > v) as i32);
        }
    } else {
        for (o, &v) in out.iter_mut().zip(x) {
            *o = floor_i32(v);
        }
    }
}

/// A shade row as `Shades::shade` reads `level as i32`: the table clamps rows to
/// `0..=63`, and truncating then clamping equals clamping then truncating, which for values
/// in `0..=63` is the floor. `max` passes over a NaN, so a NaN row is 0, as `NaN as i32`
/// is; every lane is then small, and floors by [`ROUNDER`] without [`floor_lanes`]' test.
#[inline(always)]
// `clamp` keeps a NaN, which here must become row 0.
#[allow(clippy::manual_clamp)]
fn level_lanes(x: &[f32; LANES], out: &mut [i32; LANES]) {
    for (o, &v) in out.iter_mut().zip(x) {
        let v = v.max(0.0).min(63.0);
        let nearest = (v + ROUNDER).to_bits() as i32 - ROUNDER.to_bits() as i32;
        *o = nearest - ((nearest as f32 > v) as i32);
    }
}

/// A plane of a pixel value along one row: `at + step × x` at column `x`.
#[derive(Clone, Copy, Debug)]
pub struct Line {
    /// The value at column 0 of the row.
    pub at: f32,
    /// The change per column.
    pub step: f32,
}

/// One row's run: columns `lo ..= lo + px.len() − 1`, their pixels and depths.
pub struct Run<'r> {
    /// The pixels of the run.
    pub px: &'r mut [u8],
    /// Their depths (`1/z`, larger is nearer).
    pub depth: &'r mut [f32],
    /// The first column.
    pub lo: usize,
    /// The ordered-dither row of fractions of a shade row, by column modulo four.
    pub dither: &'r [f32; 4],
}

/// A block's values for up to three per-pixel quantities, lane by lane.
type Lanes = [[i32; LANES]; 3];

impl Run<'_> {
    /// Stores the depth and the colour `write(lanes, l)` of every pixel of the run whose
    /// depth `z` (from `z_line`) is nearer than the stored one and that `shown(lanes, l)`
    /// admits, block by block; `values` fills a block's lanes from the block's first column
    /// (as `f32`) and the dither of its lanes. The paints without a key pass
    /// [`every_pixel`], which the compiler folds away.
    #[inline(always)]
    fn blocks(
        &mut self,
        z_line: Line,
        mut values: impl FnMut(f32, &[f32; LANES], &mut Lanes),
        mut write: impl FnMut(&Lanes, usize) -> u8,
        shown: impl Fn(&Lanes, usize) -> bool,
    ) {
        let dither: [f32; LANES] = core::array::from_fn(|l| self.dither[(self.lo + l) & 3]);
        let n = self.px.len().min(self.depth.len());
        let mut base = 0;
        while base < n {
            let x0 = (self.lo + base) as f32;
            let mut z = [0f32; LANES];
            for (l, z) in z.iter_mut().enumerate() {
                *z = z_line.at + z_line.step * (x0 + LANE_X[l]);
            }
            let end = (base + LANES).min(n);
            let (Some(px), Some(dp)) = (self.px.get_mut(base..end), self.depth.get_mut(base..end)) else {
                return;
            };
            let (any, all) =
                dp.iter().zip(&z).fold((false, true), |(any, all), (d, z)| (any | (z > d), all & (z > d)));
            // A block wholly behind what is already drawn needs no values.
            if !any {
                base = end;
                continue;
            }
            let mut lanes = [[0i32; LANES]; 3];
            values(x0, &dither, &mut lanes);
            let shown: [bool; LANES] = core::array::from_fn(|l| shown(&lanes, l));
            let all = shown.iter().fold(all, |all, s| all & s);
            match (dp.first_chunk_mut::<LANES>(), all) {
                // Wholly in front (as most of a frame drawn far to near is): every depth and
                // pixel is replaced.
                (Some(dp), true) => {
                    *dp = z;
                    for (l, p) in px.iter_mut().enumerate() {
                        *p = write(&lanes, l);
                    }
                }
                // Without branches: whether a pixel is nearer flips unpredictably along a
                // run's edges, and the colour's loads are cheap next to a mispredicted jump.
                _ => {
                    for (l, (p, d)) in px.iter_mut().zip(dp.iter_mut()).enumerate() {
                        let nearer = (z[l] > *d) & shown[l];
                        let colour = write(&lanes, l);
                        *d = if nearer { z[l] } else { *d };
                        *p = if nearer { colour } else { *p };
                    }
                }
            }
            base = end;
        }
    }

    /// Fills with one palette index.
    #[inline(never)]
    pub fn colour(&mut self, z: Line, colour: u8) {
        self.blocks(z, |_, _, _| {}, |_, _| colour, every_pixel);
    }

    /// Fills with `colour` darkened by the shade row `s` plus the dither.
    #[inline(never)]
    pub fn shaded(&mut self, z: Line, s: Line, colour: u8, shades: &Shades) {
        self.blocks(
            z,
            |x0, dither, [level, _, _]| {
                let x: [f32; LANES] = core::array::from_fn(|l| s.at + s.step * (x0 + LANE_X[l]) + dither[l]);
                level_lanes(&x, level);
            },
            |[level, _, _], l| shades.shade(level[l], colour),
            every_pixel,
        );
    }

    /// Fills with the texel at `(u/z ÷ 1/z, v/z ÷ 1/z)`, darkened by the shade row `s` plus
    /// the dither; when `keyed`, a texel of index 0 (the chroma key) leaves its pixel's colour
    /// and depth as they were ({D:engine/model-lighting.md} "Texture transparency"). The
    /// key and the image's wrapping are decided once per run, so the unkeyed loops test
    /// nothing per pixel.
    #[inline(never)]
    pub fn textured(&mut self, z: Line, uvs: [Line; 3], texels: &Texels<'_>, shades: &Shades, keyed: bool) {
        let texel_lanes =
            |x0, dither: &[f32; LANES], lanes: &mut Lanes| texel_lanes(z, uvs, x0, dither, lanes);
        // The whole shade table as an array (it always is one), for unchecked masked reads.
        let table = shades.flat().first_chunk::<SHADE_TABLE>();
        // The texel's offset and the shade row's offset computed with the block, so a pixel
        // costs two loads.
        let offsets =
            |x0, dither: &[f32; LANES], lanes: &mut Lanes, [width_shift, u_mask, v_mask]: [u32; 3]| {
                texel_lanes(x0, dither, lanes);
                let [tu, tv, level] = lanes;
                for l in 0..LANES {
                    // The width is a power of two: a shift, where a 32-bit vector multiply is
                    // several instructions without SSE4.1.
                    let at = ((tv[l] as u32 & v_mask) << width_shift).wrapping_add(tu[l] as u32 & u_mask);
                    tu[l] = at as i32;
                    level[l] <<= 8;
                }
            };
        // Rows are 0..=63 and texels below 256: the mask changes nothing and lets the index
        // go unchecked.
        let shade = |table: &[u8; SHADE_TABLE], row: i32, texel: u8| {
            table[(row as usize + texel as usize) & (SHADE_TABLE - 1)]
        };
        match (Fetch::new(texels), table, keyed) {
            (Fetch::Raw { data, width_shift, u_mask, v_mask }, Some(table), false) => {
                let fetch = |at: i32| data.get(at as u32 as usize).copied().unwrap_or(0);
                self.blocks(
                    z,
                    |x0, dither, lanes| offsets(x0, dither, lanes, [width_shift, u_mask, v_mask]),
                    |[at, _, row], l| shade(table, row[l], fetch(at[l])),
                    every_pixel,
                );
            }
            // Keyed: the texel is read with the block (into the texel-row lane, free once the
            // offset is made), so the key test and the colour share one load.
            (Fetch::Raw { data, width_shift, u_mask, v_mask }, Some(table), true) => {
                let fetch = |at: i32| data.get(at as u32 as usize).copied().unwrap_or(0);
                self.blocks(
                    z,
                    |x0, dither, lanes| {
                        offsets(x0, dither, lanes, [width_shift, u_mask, v_mask]);
                        let [at, texel, _] = lanes;
                        for l in 0..LANES {
                            texel[l] = fetch(at[l]) as i32;
                        }
                    },
                    |[_, texel, row], l| shade(table, row[l], texel[l] as u8),
                    |[_, texel, _], l| texel[l] != CHROMA_KEY as i32,
                );
            }
            (_, _, false) => self.blocks(
                z,
                texel_lanes,
                |[tu, tv, level], l| shades.shade(level[l], texels.texel(tu[l], tv[l])),
                every_pixel,
            ),
            (_, _, true) => self.blocks(
                z,
                |x0, dither, lanes| {
                    texel_lanes(x0, dither, lanes);
                    let [tu, tv, _] = lanes;
                    for l in 0..LANES {
                        tu[l] = texels.texel(tu[l], tv[l]) as i32;
                    }
                },
                |[texel, _, level], l| shades.shade(level[l], texel[l] as u8),
                |[texel, _, _], l| texel[l] != CHROMA_KEY as i32,
            ),
        }
    }
}

impl Run<'_> {
    /// A flat's pixels ({D:engine/model-lighting.md} "Placed flat drawing"): the texel at
    /// `(u/z ÷ 1/z, v/z ÷ 1/z)` point-sampled, darkened by the shade row `s` plus the dither,
    /// where it is nearer than the stored depth and its index is not 0 (the chroma key);
    /// transparent texels leave the depth as it was. With `coverage` below 1 (a flat's
    /// constant alpha under 254, as a fraction) a pixel is drawn only where `coverage`
    /// exceeds its ordered-dither threshold: a palette framebuffer cannot blend colours, so
    /// the blend becomes a screen-door of the same proportion (best guess; the docs
    /// describe the Glide RGB blend).
    #[inline(never)]
    pub fn sprite(
        &mut self,
        z: Line,
        [u, v, s]: [Line; 3],
        texels: &Texels<'_>,
        shades: &Shades,
        coverage: f32,
        mode: SpriteDepth,
    ) {
        for (k, (p, d)) in self.px.iter_mut().zip(self.depth.iter_mut()).enumerate() {
            let column = self.lo + k;
            let x = column as f32;
            let depth = z.at + z.step * x;
            let dither = self.dither[column & 3];
            let (nearer, covered) = (mode.always || depth > *d, coverage >= 1.0 || coverage > dither);
            if !(nearer && covered) {
                continue;
            }
            let inv = 1.0 / depth;
            let texel =
                texels.texel(floor_i32((u.at + u.step * x) * inv), floor_i32((v.at + v.step * x) * inv));
            if texel == CHROMA_KEY {
                continue;
            }
            let mut level = [0i32; LANES];
            level_lanes(&[s.at + s.step * x + dither; LANES], &mut level);
            if mode.write {
                *d = depth;
            }
            *p = shades.shade(level[0], texel);
        }
    }
}

/// A block's texel columns and rows (the perspective division per pixel) and shade rows,
/// from the planes of `1/z`, `u/z`, `v/z` and the shade level.
#[inline(never)]
fn texel_lanes(z: Line, [u, v, s]: [Line; 3], x0: f32, dither: &[f32; LANES], [tu, tv, level]: &mut Lanes) {
    let (mut fu, mut fv, mut fs) = ([0f32; LANES], [0f32; LANES], [0f32; LANES]);
    for l in 0..LANES {
        let x = x0 + LANE_X[l];
        // The same 1/z the block computed for its depth test, recomputed from its plane:
        // in registers that is cheaper than reading the block's depths back.
        let inv = 1.0 / (z.at + z.step * x);
        fu[l] = (u.at + u.step * x) * inv;
        fv[l] = (v.at + v.step * x) * inv;
        fs[l] = s.at + s.step * x + dither[l];
    }
    floor_lanes(&fu, tu);
    floor_lanes(&fv, tv);
    level_lanes(&fs, level);
}

/// [`Texels::texel`] with the image's wrapping decided once per run: masks for sides that
/// are powers of two (as every bank image is in practice), the general path otherwise.
enum Fetch<'t> {
    /// Row-major texels, both sides powers of two.
    Raw { data: &'t [u8], width_shift: u32, u_mask: u32, v_mask: u32 },
    /// Anything else, read through [`Texels::texel`].
    Any,
}

impl<'t> Fetch<'t> {
    fn new(texels: &'t Texels<'t>) -> Self {
        let (w, h) = (texels.width(), texels.height());
        match texels.raw_data() {
            Some(data) if w.is_power_of_two() && h.is_power_of_two() => Fetch::Raw {
                data,
                width_shift: w.trailing_zeros(),
                u_mask: w as u32 - 1,
                v_mask: h as u32 - 1,
            },
            _ => Fetch::Any,
        }
    }
}

/// A sprite's depth handling ({D:engine/SOUP.md} "Environmental effect frame submission":
/// drawing flag `0x100` selects an always-pass comparison, `0x200` disables depth writes;
/// otherwise nearer-than and written).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SpriteDepth {
    /// The comparison always passes.
    pub always: bool,
    /// Drawn texels write their depth.
    pub write: bool,
}

impl SpriteDepth {
    /// Tested and written: placed flats without those flags.
    pub const ORDINARY: SpriteDepth = SpriteDepth { always: false, write: true };

    /// The handling drawing flags `flags` select.
    pub fn of_flags(flags: u32) -> SpriteDepth {
        SpriteDepth {
            always: flags & super::flat::DEPTH_ALWAYS != 0,
            write: flags & super::flat::NO_DEPTH_WRITE == 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Values around every boundary the fast floor cares about: integers and halves (where
    /// rounding to nearest and flooring part), both signs, near ±2²², beyond it and not
    /// finite, plus a deterministic spread of ordinary fractions.
    fn samples() -> impl Iterator<Item = f32> {
        let edges = (-40i32..=40).flat_map(|k| {
            let k = k as f32 * 0.5;
            [k, next_up(k), next_down(k)]
        });
        let far = [SMALL, next_down(SMALL), -SMALL, next_up(-SMALL), 3e9, -3e9, 1e30, -1e30];
        let odd = [f32::NAN, f32::INFINITY, f32::NEG_INFINITY, -0.0, 8_388_607.5, -4_194_303.5];
        let spread = crate::test_support::xorshift32(0x2545_f491).map(f32::from_bits);
        edges.chain(far).chain(odd).chain(spread.filter(|v| v.abs() < 1e7).take(200_000))
    }

    fn next_up(x: f32) -> f32 {
        if x >= 0.0 { f32::from_bits(x.to_bits() + 1) } else { f32::from_bits(x.to_bits() - 1) }
    }

    fn next_down(x: f32) -> f32 {
        -next_up(-x)
    }

    #[test]
    fn block_floors_equal_the_scalar_floor() {
        let mut block = [0f32; LANES];
        let mut n = 0;
        let mut out = [0i32; LANES];
        let mut check = |block: &[f32; LANES]| {
            floor_lanes(block, &mut out);
            for (v, o) in block.iter().zip(out) {
                assert_eq!(o, floor_i32(*v), "floor of {v:e}");
            }
            let mut levels = [0i32; LANES];
            level_lanes(block, &mut levels);
            for (v, l) in block.iter().zip(levels) {
                assert_eq!(l, (*v as i32).clamp(0, 63), "shade row of {v:e}");
            }
        };
        for v in samples() {
            block[n % LANES] = v;
            n += 1;
            // Blocks of one kind and mixed blocks (one lane large or NaN sends all lanes
            // the scalar way).
            check(&[v; LANES]);
            if n % LANES == 0 {
                check(&block);
            }
        }
        assert_eq!(floor_i32(-0.5), -1);
        assert_eq!(floor_i32(2.0), 2);
        assert_eq!(floor_i32(f32::NAN), 0);
    }
}
