//! Coordinate and heading units ({M}, "Coordinate and heading units",
//! "Marker-based world entry").
//!
//! Runtime positions carry eight fractional bits ("runtime units"); files and collision
//! queries use whole map units. Headings, pitches and rolls are 2048 units per revolution.
//! At heading zero, forward movement increases Z; turning right decreases the heading.

/// Fractional bits of a runtime coordinate.
pub const RUNTIME_FRACTION_BITS: u32 = 8;

/// One map unit in runtime units.
pub const RUNTIME_PER_MAP_UNIT: i32 = 1 << RUNTIME_FRACTION_BITS;

/// Angle units per revolution.
pub const ANGLE_UNITS: i32 = 2048;

/// Mask that wraps an angle modulo 2048.
pub const ANGLE_MASK: i32 = ANGLE_UNITS - 1;

/// A quarter revolution.
pub const QUARTER_TURN: i32 = 512;

/// Half a revolution.
pub const HALF_TURN: i32 = 1024;

/// A map coordinate (marker, MPOB, MPSO) as a runtime coordinate: `× 256`.
///
/// File coordinates are 24-bit, so the product always fits; it wraps like the original's
/// 32-bit multiply if a caller feeds it something larger.
#[inline]
pub const fn map_to_runtime(map: i32) -> i32 {
    map.wrapping_mul(RUNTIME_PER_MAP_UNIT)
}

/// A runtime coordinate as whole map units: arithmetic `>> 8`, so negative values round
/// toward negative infinity exactly as the original's `sar`.
#[inline]
pub const fn runtime_to_map(runtime: i32) -> i32 {
    runtime >> RUNTIME_FRACTION_BITS
}

/// Wraps any signed angle to `0..2048`.
#[inline]
pub const fn wrap_angle(angle: i32) -> u16 {
    (angle & ANGLE_MASK) as u16
}

/// Pitch, heading and roll, each kept modulo 2048 ({M}, "Upright actor orientation").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Angles {
    /// Rotation about X.
    pub pitch: u16,
    /// Rotation about Y; 0 faces +Z.
    pub heading: u16,
    /// Rotation about Z.
    pub roll: u16,
}

impl Angles {
    /// Builds angles, wrapping each modulo 2048.
    pub const fn new(pitch: i32, heading: i32, roll: i32) -> Self {
        Angles { pitch: wrap_angle(pitch), heading: wrap_angle(heading), roll: wrap_angle(roll) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marker_to_runtime_matches_seed() {
        assert_eq!(map_to_runtime(40816), 10_448_896);
        assert_eq!(runtime_to_map(10_448_896), 40816);
    }

    #[test]
    fn runtime_to_map_is_an_arithmetic_shift() {
        assert_eq!(runtime_to_map(-1), -1);
        assert_eq!(runtime_to_map(-256), -1);
        assert_eq!(runtime_to_map(-257), -2);
        assert_eq!(runtime_to_map(255), 0);
    }

    #[test]
    fn angles_wrap_modulo_2048() {
        assert_eq!(wrap_angle(-12), 2036);
        assert_eq!(wrap_angle(2048), 0);
        assert_eq!(wrap_angle(4097), 1);
        assert_eq!(Angles::new(-1, 2049, 2047), Angles { pitch: 2047, heading: 1, roll: 2047 });
    }
}
