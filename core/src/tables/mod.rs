//! Tables the original builds at start-up, shipped as generated `static` data.
//!
//! - The **shared rotation table** ({M}, "Upright actor orientation" and "Heading-based
//!   translation", via the water docs' "Wave lookup table"): 2,561 f32 samples of
//!   `sin(n * 6.2831852 / 2048)`, the angle kept at register precision. Cosine of angle `a`
//!   is entry `a + 512`, which is why the table runs a quarter turn past 2048.
//! - The **first-octant table** ({M}, "Direction recovered from displacement"):
//!   `truncate(atan(i / 512) * 65536 / 3.141592654) >> 6` for `i` in `0..512`.
//!
//! - The **quantized square-root table** ({D:engine/model-lighting.md} "Local-light vertex
//!   contribution", used by "Flat image dimensions" too): 256 seven-bit fractions.
//! - The **quantized reciprocal-square-root table** ({D:engine/terrain-lighting.md}, the
//!   normalization stages, and the local-light vertex contribution): 256 seven-bit fractions.
//!
//! `stros-tools gen-tables` writes `rotation_data.rs`, `octant_data.rs` and `sqrt_data.rs`;
//! a test recomputes them with `libm` and checks the bit patterns the docs list.

mod int_sine_data;
mod octant_data;
mod rotation_data;
mod rsqrt_data;
mod sqrt_data;

/// Entries of the shared rotation table (full turn + quarter turn + endpoint).
pub const ROTATION_ENTRIES: usize = 2561;

/// Entries of the first-octant table.
pub const OCTANT_ENTRIES: usize = 512;

/// Offset from a sine sample to its cosine.
pub const COSINE_OFFSET: usize = 512;

/// Sample `n` (`0..=2560`) of the shared rotation table, or `None` past its end.
#[inline]
pub fn rotation_sample(n: usize) -> Option<f32> {
    rotation_data::ROTATION_BITS.get(n).map(|&b| f32::from_bits(b))
}

/// The stored sine of a 2048-unit angle (wrapped first).
#[inline]
pub fn sin(angle: i32) -> f32 {
    f32::from_bits(rotation_data::ROTATION_BITS[(angle & 2047) as usize])
}

/// The stored cosine of a 2048-unit angle: the sample 512 entries after its sine.
#[inline]
pub fn cos(angle: i32) -> f32 {
    f32::from_bits(rotation_data::ROTATION_BITS[(angle & 2047) as usize + COSINE_OFFSET])
}

/// Entry `i` of the first-octant table (`i` is masked to `0..512`).
#[inline]
pub fn octant(i: usize) -> u8 {
    octant_data::OCTANT[i & (OCTANT_ENTRIES - 1)]
}

/// The quantized square root of `q`: with `e` its unbiased exponent and `m` its upper seven
/// fraction bits, table entry `m + 128 (e & 1)` as the fraction and `⌊e / 2⌋ + 127` as the
/// exponent. Zero, negative and subnormal inputs give 0 (the docs do not say what the
/// original gives them; nothing here asks), infinities and NaNs give themselves.
pub fn quantized_sqrt(q: f32) -> f32 {
    let bits = q.to_bits();
    let biased = ((bits >> 23) & 0xff) as i32;
    if q.is_sign_negative() || biased == 0 {
        return 0.0;
    }
    if biased == 0xff {
        return q;
    }
    let e = biased - 127;
    let m = ((bits >> 16) & 0x7f) as usize;
    let fraction = sqrt_data::SQRT[m + 128 * (e & 1) as usize] as u32;
    f32::from_bits((((e.div_euclid(2) + 127) as u32) << 23) | (fraction << 16))
}

/// The quantized reciprocal square root of `q`: with `e` its unbiased exponent and `m` its
/// upper seven fraction bits, table entry `m + 128 (e & 1)` as the fraction and, as a
/// biased exponent, `⌊(253 − e) / 2⌋` when the entry is nonzero or `⌊(254 − e) / 2⌋` when
/// it is zero. Zero, negative and subnormal inputs give 0 (a zero-length vector stays
/// zero), infinities 0 and NaNs themselves.
pub fn quantized_rsqrt(q: f32) -> f32 {
    let bits = q.to_bits();
    let biased = ((bits >> 23) & 0xff) as i32;
    if q.is_nan() {
        return q;
    }
    if q.is_sign_negative() || biased == 0 || biased == 0xff {
        return 0.0;
    }
    let e = biased - 127;
    let m = ((bits >> 16) & 0x7f) as usize;
    let fraction = rsqrt_data::RSQRT[m + 128 * (e & 1) as usize] as u32;
    let exponent = if fraction != 0 { (253 - e).div_euclid(2) } else { (254 - e).div_euclid(2) };
    if exponent <= 0 {
        return 0.0;
    }
    f32::from_bits(((exponent as u32) << 23) | (fraction << 16))
}

/// Entry `angle & 2047` of the integer sine table ({D:engine/SOUP.md} "Rope construction
/// and swing"): the sine of `angle` in 2048 units a turn, × 65536, truncated.
pub fn int_sine(angle: i32) -> i32 {
    int_sine_data::INT_SINE[(angle & 2047) as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cosine_is_sine_a_quarter_later() {
        assert_eq!(cos(0).to_bits(), 0x3f80_0000);
        assert_eq!(cos(2047).to_bits(), rotation_sample(2559).unwrap().to_bits());
        assert_eq!(sin(-512).to_bits(), 0xbf80_0000);
        assert!(rotation_sample(ROTATION_ENTRIES).is_none());
    }
}
