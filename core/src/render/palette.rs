//! The 256-colour palette and its shading ramps.
//!
//! The world path of the original expands each 6-bit COL channel as `4 * (c >> 2)` and
//! forces entry 0 to black; [`Palette::from_rgb8`] does the same for a loaded COL.
//! [`Palette::default_world`] is a built-in palette for worlds without a COL, with the
//! ramps the first renderer used, each running from lit (entry 0) to dark (entry 15).
//!
//! The original's software renderer lights indexed pixels through lookup tables of 64 rows
//! of 256 palette indices (`SHADE.###`, `formats/SHADE-HAZE.md`). The embedded world ships
//! none, so [`Shades`] builds the equivalent from the palette: row `r` maps every index to
//! the entry of its own 16-entry ramp nearest in RGB to its colour darkened to
//! `(64 − r) / 64`. Lighting and fog then only choose a row.

/// A run of palette entries from lit to dark.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ramp {
    /// First (brightest) entry.
    pub start: u8,
    /// Number of entries.
    pub len: u8,
}

impl Ramp {
    /// Entry `shade` of the ramp, clamped to its length (0 = lit).
    #[inline]
    pub fn shade(&self, shade: i32) -> u8 {
        self.start + shade.clamp(0, self.len as i32 - 1) as u8
    }

    /// Whether `index` belongs to this ramp.
    pub fn contains(&self, index: u8) -> bool {
        index >= self.start && index - self.start < self.len
    }
}

/// Built-in ramps of [`Palette::default_world`].
pub mod ramps {
    use super::Ramp;
    /// Greys, white first.
    pub const GREY: Ramp = Ramp { start: 1, len: 15 };
    /// Sky, horizon haze first.
    pub const SKY: Ramp = Ramp { start: 16, len: 16 };
    /// Sea.
    pub const WATER: Ramp = Ramp { start: 32, len: 16 };
    /// Beach sand.
    pub const SAND: Ramp = Ramp { start: 48, len: 16 };
    /// Grass.
    pub const GRASS: Ramp = Ramp { start: 64, len: 16 };
    /// Rock.
    pub const ROCK: Ramp = Ramp { start: 80, len: 16 };
    /// Every built-in ramp, for classification.
    pub const ALL: [Ramp; 6] = [GREY, SKY, WATER, SAND, GRASS, ROCK];
}

/// HUD text colour in [`Palette::default_world`] (white).
pub const HUD_TEXT: u8 = ramps::GREY.start;
/// HUD shadow colour (black).
pub const HUD_SHADOW: u8 = 0;

/// 256 RGB8 colours.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Palette {
    /// The colours, indexed by palette index.
    pub rgb: [[u8; 3]; 256],
}

impl Palette {
    /// A palette from COL-style 8-bit channels, with the world path's expansion.
    pub fn from_rgb8(rgb: &[[u8; 3]; 256]) -> Palette {
        let mut out = [[0u8; 3]; 256];
        for (o, c) in out.iter_mut().zip(rgb.iter()).skip(1) {
            *o = [4 * (c[0] >> 2), 4 * (c[1] >> 2), 4 * (c[2] >> 2)];
        }
        Palette { rgb: out }
    }

    /// The built-in palette with the ramps in [`ramps`].
    pub fn default_world() -> Palette {
        let mut rgb = [[0u8; 3]; 256];
        let ramp_colours: [(Ramp, [u8; 3], [u8; 3]); 6] = [
            (ramps::GREY, [252, 252, 252], [24, 24, 24]),
            (ramps::SKY, [200, 216, 236], [40, 72, 148]),
            (ramps::WATER, [72, 140, 184], [8, 28, 60]),
            (ramps::SAND, [236, 212, 152], [88, 72, 44]),
            (ramps::GRASS, [120, 176, 72], [20, 44, 16]),
            (ramps::ROCK, [168, 156, 140], [40, 36, 32]),
        ];
        for (ramp, lit, dark) in ramp_colours {
            let n = ramp.len as u32 - 1;
            for i in 0..ramp.len as u32 {
                let mix = |a: u8, b: u8| ((a as u32 * (n - i) + b as u32 * i) / n) as u8;
                rgb[(ramp.start as u32 + i) as usize] =
                    [mix(lit[0], dark[0]), mix(lit[1], dark[1]), mix(lit[2], dark[2])];
            }
        }
        Palette { rgb }
    }

    /// The colour of `index` as `0x00RRGGBB`.
    #[inline]
    pub fn xrgb(&self, index: u8) -> u32 {
        let [r, g, b] = self.rgb[index as usize];
        (r as u32) << 16 | (g as u32) << 8 | b as u32
    }
}

impl Default for Palette {
    fn default() -> Self {
        Palette::default_world()
    }
}

impl Palette {
    /// The entry nearest to `rgb` (squared RGB distance; the lowest index wins a tie).
    pub fn nearest(&self, rgb: [u8; 3]) -> u8 {
        let mut best = (u32::MAX, 0u8);
        for (i, c) in self.rgb.iter().enumerate() {
            let d = distance2(*c, rgb);
            if d < best.0 {
                best = (d, i as u8);
            }
        }
        best.1
    }
}

fn distance2(a: [u8; 3], b: [u8; 3]) -> u32 {
    let d = |k: usize| (a[k] as i32 - b[k] as i32).unsigned_abs();
    d(0) * d(0) + d(1) * d(1) + d(2) * d(2)
}

/// Rows of a shade table, as in the original's `SHADE.###` files.
pub const SHADE_LEVELS: usize = 64;

/// A shade table: row `level` (0 lit, 63 darkest) maps a palette index to the index that
/// shows it at brightness `(64 − level) / 64`, chosen within the index's own 16-entry ramp
/// (`index & 0xF0` onward) so a shaded texel keeps its hue. Row 0 is the identity. 16 KB,
/// built once per palette.
#[derive(Clone, PartialEq, Eq)]
pub struct Shades {
    rows: [[u8; 256]; SHADE_LEVELS],
}

impl core::fmt::Debug for Shades {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Shades").field("levels", &SHADE_LEVELS).finish_non_exhaustive()
    }
}

impl Shades {
    /// The shade table of `palette`.
    // Not inlined: built straight into its place (a look's field), not through a 16 KiB
    // temporary.
    #[inline(never)]
    pub fn new(palette: &Palette) -> Shades {
        let mut shades = Shades::black();
        shades.rebuild(palette);
        shades
    }

    /// A table that maps everything to index 0, for [`Shades::rebuild`] to fill.
    pub const fn black() -> Shades {
        Shades { rows: [[0u8; 256]; SHADE_LEVELS] }
    }

    /// [`Shades::new`] for `palette`, written where the table is (a 16 KiB table built by
    /// value passes through the builder's stack).
    pub fn rebuild(&mut self, palette: &Palette) {
        for (level, row) in self.rows.iter_mut().enumerate() {
            let keep = (SHADE_LEVELS - level) as u32;
            for (index, out) in row.iter_mut().enumerate() {
                if level == 0 {
                    *out = index as u8;
                    continue;
                }
                let rgb = palette.rgb[index];
                // Integer darkening: the same bytes on every machine.
                let target = rgb.map(|c| ((c as u32 * keep) / SHADE_LEVELS as u32) as u8);
                let base = index & 0xF0;
                let mut best = (u32::MAX, index as u8);
                for k in base..base + 16 {
                    let d = distance2(palette.rgb[k], target);
                    if d < best.0 {
                        best = (d, k as u8);
                    }
                }
                *out = best.1;
            }
        }
    }

    /// `index` at shade `level` (clamped to `0..SHADE_LEVELS`).
    #[inline]
    pub fn shade(&self, level: i32, index: u8) -> u8 {
        let level = level.clamp(0, SHADE_LEVELS as i32 - 1) as usize;
        self.rows[level][index as usize]
    }

    /// The whole table, row after row: `index` at shade `level` is at `level × 256 + index`.
    #[inline]
    pub fn flat(&self) -> &[u8] {
        self.rows.as_flattened()
    }

    /// Row `level` (clamped to `0..SHADE_LEVELS`).
    #[inline]
    pub fn row(&self, level: i32) -> &[u8; 256] {
        &self.rows[level.clamp(0, SHADE_LEVELS as i32 - 1) as usize]
    }
}

impl Default for Shades {
    /// The shade table of [`Palette::default_world`].
    fn default() -> Self {
        Shades::new(&Palette::default_world())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn col_expansion_forces_black_and_drops_low_bits() {
        let mut rgb = [[255u8; 3]; 256];
        rgb[1] = [7, 130, 3];
        let p = Palette::from_rgb8(&rgb);
        assert_eq!(p.rgb[0], [0, 0, 0]);
        assert_eq!(p.rgb[1], [4, 128, 0]);
        assert_eq!(p.rgb[2], [252, 252, 252]);
    }

    #[test]
    fn shades_darken_within_the_ramp() {
        let p = Palette::default_world();
        let s = Shades::new(&p);
        for i in 0..=255u8 {
            assert_eq!(s.shade(0, i), i);
            let mut prev = i;
            for level in 1..SHADE_LEVELS as i32 {
                let o = s.shade(level, i);
                assert_eq!(o & 0xF0, i & 0xF0, "index {i} level {level}");
                let lum = |x: u8| p.rgb[x as usize].iter().map(|&c| c as u32).sum::<u32>();
                assert!(lum(o) <= lum(prev), "index {i} level {level}: brighter than the level before");
                prev = o;
            }
        }
        // The grass ramp's lit entry at half brightness is about half way down the ramp.
        let half = s.shade(32, ramps::GRASS.start);
        assert!((ramps::GRASS.start + 6..=ramps::GRASS.start + 10).contains(&half), "{half}");
        assert_eq!(s.shade(-5, 70), 70);
        assert_eq!(s.shade(999, 70), s.shade(63, 70));
        assert_eq!(p.nearest([72, 140, 184]), ramps::WATER.start);
    }

    #[test]
    fn ramps_run_lit_to_dark() {
        let p = Palette::default_world();
        assert_eq!(p.rgb[ramps::SKY.start as usize], [200, 216, 236]);
        assert_eq!(p.rgb[(ramps::SKY.start + 15) as usize], [40, 72, 148]);
        assert_eq!(ramps::GRASS.shade(99), ramps::GRASS.start + 15);
        assert!(ramps::ROCK.contains(95) && !ramps::ROCK.contains(96));
    }
}
