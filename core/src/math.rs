//! Actor matrices and the arithmetic around them ({M}): "Upright actor orientation",
//! "Incremental orientation refresh", the integer matrix transform of "Ordinary forward-walk
//! support checks", "Heading-based translation" and "Direction recovered from displacement".
//!
//! The original keeps actor matrices as single-precision floats built from the shared
//! rotation table, and each product it stores is rounded to f32. Here every stored element
//! is computed in f64 (the products of two f32 values are exact there) and then rounded to
//! f32 once, which is what the x87 does when it stores an extended-precision sum.

use crate::tables;
use crate::units::{ANGLE_MASK, Angles, HALF_TURN, QUARTER_TURN};

/// Nearest-integer rounding with ties to even, the x87's default rounding mode
/// (`f32::round_ties_even` is not in `core`). Below 2²³ in magnitude, adding and then
/// subtracting 2²³ (with the value's sign) leaves the sum's own nearest-even rounding;
/// from 2²³ up every f32 is an integer already, and NaN and infinities pass through. The
/// sign is put back so that −0.3 gives −0, as `libm::roundevenf` does (the test compares
/// the two).
#[inline]
pub fn round_ties_even(x: f32) -> f32 {
    const TWO_23: f32 = 8_388_608.0;
    if x.abs() < TWO_23 {
        let m = TWO_23.copysign(x);
        ((x + m) - m).copysign(x)
    } else {
        x
    }
}

/// [`round_ties_even`] for f64 (2⁵² in place of 2²³).
#[inline]
pub fn round_ties_even_f64(x: f64) -> f64 {
    const TWO_52: f64 = 4_503_599_627_370_496.0;
    if x.abs() < TWO_52 {
        let m = TWO_52.copysign(x);
        ((x + m) - m).copysign(x)
    } else {
        x
    }
}

/// A 3×3 single-precision matrix, row-major: `m[row][col]`, mapping local column vectors
/// to world axes (`world = M · local`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Mat3 {
    /// Rows of the matrix.
    pub m: [[f32; 3]; 3],
}

/// Componentwise sum of two runtime vectors, each component wrapping as the original's
/// 32-bit additions do.
pub fn wrapping_add3(a: [i32; 3], b: [i32; 3]) -> [i32; 3] {
    [0, 1, 2].map(|k| a[k].wrapping_add(b[k]))
}

/// Componentwise difference `a − b` of two runtime vectors, each component wrapping.
pub fn wrapping_sub3(a: [i32; 3], b: [i32; 3]) -> [i32; 3] {
    [0, 1, 2].map(|k| a[k].wrapping_sub(b[k]))
}

/// The three rotation axes of the table-driven rotations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Axis {
    /// Pitch axis.
    X,
    /// Heading (yaw) axis.
    Y,
    /// Roll axis.
    Z,
}

impl Mat3 {
    /// The identity matrix every rebuild starts from.
    pub const IDENTITY: Mat3 = Mat3 { m: [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]] };

    /// The elementary rotation by a 2048-unit angle about `axis`, from the stored table
    /// samples (never exact zeros at quarter turns: {M} says the residuals matter).
    pub fn rotation(axis: Axis, angle: i32) -> Mat3 {
        let s = tables::sin(angle);
        let c = tables::cos(angle);
        let m = match axis {
            Axis::X => [[1.0, 0.0, 0.0], [0.0, c, -s], [0.0, s, c]],
            Axis::Y => [[c, 0.0, s], [0.0, 1.0, 0.0], [-s, 0.0, c]],
            Axis::Z => [[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]],
        };
        Mat3 { m }
    }

    /// `self · rhs`, each element stored as f32.
    pub fn mul(&self, rhs: &Mat3) -> Mat3 {
        let a = &self.m;
        let b = &rhs.m;
        let mut out = [[0.0f32; 3]; 3];
        for (r, row) in out.iter_mut().enumerate() {
            for (c, cell) in row.iter_mut().enumerate() {
                *cell = (a[r][0] as f64 * b[0][c] as f64
                    + a[r][1] as f64 * b[1][c] as f64
                    + a[r][2] as f64 * b[2][c] as f64) as f32;
            }
        }
        Mat3 { m: out }
    }

    /// Rotates this matrix by `angle` about `axis` in its own (local) frame:
    /// `self = self · R(axis, angle)`.
    pub fn rotate(&mut self, axis: Axis, angle: i32) {
        *self = self.mul(&Mat3::rotation(axis, angle));
    }

    /// "Upright actor orientation": assign an orientation by rebuilding from identity with
    /// the negative heading, then the negative pitch, then the negative roll.
    ///
    /// For zero pitch and roll the rows are `(c, 0, s)`, `(0, 1, 0)`, `(-s, 0, c)` where `s`
    /// is the table sample at `-heading & 2047` and `c` the sample 512 later.
    pub fn from_orientation(angles: Angles) -> Mat3 {
        let mut m = Mat3::IDENTITY;
        m.rotate(Axis::Y, -(angles.heading as i32));
        m.rotate(Axis::X, -(angles.pitch as i32));
        m.rotate(Axis::Z, -(angles.roll as i32));
        m
    }

    /// The integer matrix transform: each input component converted to f32, each rotated
    /// component stored as f32, then converted back with nearest-even rounding.
    pub fn transform_int(&self, v: [i32; 3]) -> [i32; 3] {
        let x = [v[0] as f32 as f64, v[1] as f32 as f64, v[2] as f32 as f64];
        let mut out = [0i32; 3];
        for (r, o) in out.iter_mut().enumerate() {
            let row = &self.m[r];
            let stored = (row[0] as f64 * x[0] + row[1] as f64 * x[1] + row[2] as f64 * x[2]) as f32;
            *o = round_ties_even(stored) as i32;
        }
        out
    }

    /// The transposed ("column") integer transform, `Mᵀ · v`, with the same stores.
    pub fn transform_int_transposed(&self, v: [i32; 3]) -> [i32; 3] {
        let x = [v[0] as f32 as f64, v[1] as f32 as f64, v[2] as f32 as f64];
        let m = &self.m;
        let mut out = [0i32; 3];
        for (c, o) in out.iter_mut().enumerate() {
            let stored = (m[0][c] as f64 * x[0] + m[1][c] as f64 * x[1] + m[2][c] as f64 * x[2]) as f32;
            *o = round_ties_even(stored) as i32;
        }
        out
    }
}

/// How the ordinary unattached refresh treats `attr_rotation` (RAAT byte 28).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RotationMode {
    /// `attr_rotation = 0`: rotate the existing matrix by the negated angle differences.
    Incremental,
    /// `attr_rotation = 2`: rebuild from identity with the negated current angles.
    Rebuild,
}

impl RotationMode {
    /// The mode for an `attr_rotation` byte; the spec defines only 0 and 2.
    pub fn from_attr(attr_rotation: u8) -> Option<RotationMode> {
        match attr_rotation {
            0 => Some(RotationMode::Incremental),
            2 => Some(RotationMode::Rebuild),
            _ => None,
        }
    }
}

/// "Incremental orientation refresh" in the ordinary unattached branch.
///
/// Incremental mode rotates the existing matrix by the negated differences of heading,
/// pitch and roll, in that order, each wrapped to 2048 for the table lookup; unchanged
/// angles leave the matrix alone, so the f32 rounding history accumulates exactly as in
/// the original. Rebuild mode is [`Mat3::from_orientation`] of the current angles.
pub fn refresh_orientation(m: &mut Mat3, current: Angles, previous: Angles, mode: RotationMode) {
    match mode {
        RotationMode::Rebuild => *m = Mat3::from_orientation(current),
        RotationMode::Incremental => {
            let steps = [
                (Axis::Y, current.heading, previous.heading),
                (Axis::X, current.pitch, previous.pitch),
                (Axis::Z, current.roll, previous.roll),
            ];
            for (axis, cur, prev) in steps {
                if cur != prev {
                    let diff = (cur as i32 - prev as i32) & ANGLE_MASK;
                    m.rotate(axis, -diff & ANGLE_MASK);
                }
            }
        }
    }
}

/// "Heading-based translation": move `distance` runtime units along `heading`.
///
/// The sine sample is at `-heading & 2047`, the cosine 512 later. Each product is added to
/// the coordinate converted to f32, the sum is stored as f32 and then truncated. Keeping
/// the sum in f64 instead changes Z in the seed's own example.
pub fn translate_heading(x: i32, z: i32, heading: i32, distance: i32) -> (i32, i32) {
    let angle = -heading & ANGLE_MASK;
    let s = tables::sin(angle) as f64;
    let c = tables::cos(angle) as f64;
    let d = distance as f64;
    let nx = (d * s + x as f32 as f64) as f32;
    let nz = (d * c + z as f32 as f64) as f32;
    (nx as i32, nz as i32)
}

/// The first-quadrant threshold above which both components are halved.
const DIRECTION_COMPONENT_MAX: u32 = 511;

/// "Direction recovered from displacement": the actor heading of an integer X/Z
/// displacement, through the first-octant table.
///
/// Both magnitudes are halved (dropping remainders) until neither exceeds 511. Equal
/// magnitudes give 256 explicitly (the table's endpoint would give 255); otherwise the
/// table is indexed by `512 * smaller / larger`, and an X-major result is `512 - T`. The
/// first-quadrant bearing is reflected by the original signs, negated into the heading
/// convention and masked to 2047. A zero displacement has no direction and returns 0;
/// callers use the actor's heading instead, as the original does.
pub fn direction_from_displacement(dx: i32, dz: i32) -> u16 {
    let mut ax = dx.unsigned_abs();
    let mut az = dz.unsigned_abs();
    while ax > DIRECTION_COMPONENT_MAX || az > DIRECTION_COMPONENT_MAX {
        ax >>= 1;
        az >>= 1;
    }
    // A zero X component (including the zero vector) is the +Z bearing.
    let quadrant: i32 = if ax == 0 {
        0
    } else if az == 0 {
        QUARTER_TURN
    } else if ax == az {
        QUARTER_TURN / 2
    } else if az > ax {
        tables::octant((512 * ax / az) as usize) as i32
    } else {
        QUARTER_TURN - tables::octant((512 * az / ax) as usize) as i32
    };
    let bearing = match (dx < 0, dz < 0) {
        (false, false) => quadrant,
        (false, true) => HALF_TURN - quadrant,
        (true, true) => HALF_TURN + quadrant,
        (true, false) => -quadrant,
    };
    (-bearing & ANGLE_MASK) as u16
}

/// The single-precision store of an extended-precision square root of the double `s` (≥ 0):
/// the correctly rounded f32 root. An f64 root rounded again to f32 can land on an f32
/// midpoint the true root is not on; then `s` against the midpoint's square (exact in f64)
/// decides, an exact tie going to even.
pub fn sqrt_f32(s: f64) -> f32 {
    let r = libm::sqrt(s);
    let f = r as f32;
    if !(f.is_finite() && f > 0.0) {
        return f;
    }
    let a = if (f as f64) <= r { f } else { f32::from_bits(f.to_bits() - 1) };
    let b = f32::from_bits(a.to_bits() + 1);
    let mid = (a as f64 + b as f64) / 2.0;
    if r != mid {
        return f;
    }
    let square = mid * mid;
    if s > square {
        b
    } else if s < square {
        a
    } else {
        f
    }
}

/// The rounded Euclidean length of an integer difference by the node-marker arithmetic
/// ({D:engine/SOUP.md} "AtNodeMarker: node-marker distance"): each component stored as f32,
/// the sum of squares stored as f64, its root stored as f32 ([`sqrt_f32`]), nearest-even to
/// an integer.
pub fn rounded_distance(d: [i32; 3]) -> i32 {
    let f = d.map(|c| c as f32 as f64);
    round_ties_even(sqrt_f32(f[0] * f[0] + f[1] * f[1] + f[2] * f[2])) as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Around every power of two from 2⁻¹⁴⁹ to past 2²⁴ (either sign, with the neighbouring
    /// bit patterns), every half-integer and quarter up to ±2¹⁰, and a million bit patterns
    /// from a fixed xorshift: the same bits as `libm::roundevenf`, NaN for NaN.
    #[test]
    fn round_ties_even_is_libms_roundeven() {
        let check = |x: f32| {
            let (ours, theirs) = (round_ties_even(x), libm::roundevenf(x));
            assert!(
                ours.to_bits() == theirs.to_bits() || (ours.is_nan() && theirs.is_nan()),
                "{x:e}: {ours} vs {theirs}"
            );
            let (ours, theirs) = (round_ties_even_f64(x as f64), libm::roundeven(x as f64));
            assert!(ours.to_bits() == theirs.to_bits() || (ours.is_nan() && theirs.is_nan()), "{x:e} as f64");
        };
        for e in -149..=30 {
            let p = libm::ldexpf(1.0, e).to_bits();
            for bits in p.saturating_sub(3)..=p + 3 {
                check(f32::from_bits(bits));
                check(-f32::from_bits(bits));
            }
        }
        for k in -4096..=4096 {
            check(k as f32 / 4.0);
        }
        for x in [
            0.0,
            -0.0,
            f32::INFINITY,
            f32::NEG_INFINITY,
            f32::NAN,
            f32::MAX,
            f32::MIN,
            8_388_607.5,
            -8_388_607.5,
            4_194_303.5,
        ] {
            check(x);
        }
        for bits in crate::test_support::xorshift32(0x9e37_79b9).take(1_000_000) {
            check(f32::from_bits(bits));
        }
        // f64 beyond f32's range of fractions: near 2⁵².
        for x in [
            4_503_599_627_370_495.5f64,
            -4_503_599_627_370_495.5,
            2_251_799_813_685_247.5,
            0.5,
            -0.5,
            1.5,
            2.5,
        ] {
            assert_eq!(round_ties_even_f64(x).to_bits(), libm::roundeven(x).to_bits(), "{x}");
        }
    }

    #[test]
    fn upright_rows_use_stored_samples() {
        let m = Mat3::from_orientation(Angles::new(0, 512, 0));
        let s = tables::sin(-512);
        let c = tables::cos(-512);
        assert_eq!(m.m, [[c, 0.0, s], [0.0, 1.0, 0.0], [-s, 0.0, c]]);
        assert_ne!(c, 0.0, "the residual at a quarter turn is kept");
    }

    #[test]
    fn direction_axes_and_diagonals() {
        assert_eq!(direction_from_displacement(0, 100), 0);
        assert_eq!(direction_from_displacement(100, 0), 1536);
        assert_eq!(direction_from_displacement(0, -100), 1024);
        assert_eq!(direction_from_displacement(-100, 0), 512);
        assert_eq!(direction_from_displacement(7, 7), 1792);
        assert_eq!(direction_from_displacement(-7, 7), 256);
    }

    #[test]
    fn the_f32_root_is_correctly_rounded() {
        // Exact squares and a 3-4-5 triangle.
        assert_eq!(rounded_distance([3, 4, 0]), 5);
        assert_eq!(rounded_distance([0, 0, -7]), 7);
        assert_eq!(rounded_distance([300, 0, 400]), 500);
        // Against a reference that rounds the exact root once: every s whose f64 root sits
        // on an f32 midpoint must be decided by s itself. Build such s from midpoints m of
        // f32s near 2^20: s = m² ± one ulp of s, where the f64 root rounds back to m.
        let mut checked = 0;
        for k in 0u32..2000 {
            let a = f32::from_bits(0x4980_0000 + k * 977);
            let b = f32::from_bits(a.to_bits() + 1);
            let m = (a as f64 + b as f64) / 2.0;
            let sq = m * m;
            for s in [f64::from_bits(sq.to_bits() - 1), sq, f64::from_bits(sq.to_bits() + 1)] {
                // Above the midpoint b, below it a, on it the even one.
                let even = if a.to_bits().is_multiple_of(2) { a } else { b };
                let want = if s > sq {
                    b
                } else if s < sq {
                    a
                } else {
                    even
                };
                assert_eq!(sqrt_f32(s), want, "s = {s}");
                checked += (libm::sqrt(s) == m) as u32;
            }
        }
        assert!(checked > 0, "some roots landed on a midpoint");
    }
}
