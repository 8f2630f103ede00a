//! Seed 000's worked examples for units, orientation, transforms, translation and
//! direction recovery, with a property test of the direction against a plain reference.

use stros_core::math::{
    Mat3, RotationMode, direction_from_displacement, refresh_orientation, translate_heading,
};
use stros_core::tables;
use stros_core::units::{Angles, map_to_runtime, runtime_to_map, wrap_angle};
use stros_tests::Rng;

#[test]
fn coordinate_and_heading_units() {
    assert_eq!(map_to_runtime(40816), 10_448_896);
    assert_eq!(runtime_to_map(10_448_896), 40816);
    assert_eq!(runtime_to_map(-10_448_896), -40816);
    assert_eq!(wrap_angle(-12), 2036);
    assert_eq!(wrap_angle(2048 + 5), 5);
}

#[test]
fn heading_based_translation_seed_example() {
    assert_eq!(translate_heading(10_446_802, 10_818_615, 2036, 680), (10_446_827, 10_819_295));
}

#[test]
fn keeping_the_sum_in_f64_changes_z() {
    let angle = -2036 & 2047;
    let (s, c) = (tables::sin(angle) as f64, tables::cos(angle) as f64);
    let x = (680.0 * s + 10_446_802f32 as f64) as i32;
    let z = (680.0 * c + 10_818_615f32 as f64) as i32;
    assert_eq!((x, z), (10_446_827, 10_819_294), "the f64 sum truncates one unit lower in Z");
}

#[test]
fn upright_orientation_rows() {
    for heading in [0, 1, 12, 511, 512, 1024, 1536, 2036] {
        let m = Mat3::from_orientation(Angles::new(0, heading, 0));
        let s = tables::rotation_sample((-heading & 2047) as usize).unwrap();
        let c = tables::rotation_sample((-heading & 2047) as usize + 512).unwrap();
        assert_eq!(m.m, [[c, 0.0, s], [0.0, 1.0, 0.0], [-s, 0.0, c]], "heading {heading}");
        // Local forward maps onto (s, 0, c).
        let f = [m.m[0][2], m.m[1][2], m.m[2][2]];
        assert_eq!(f, [s, 0.0, c]);
    }
}

#[test]
fn full_rebuild_applies_heading_then_pitch_then_roll() {
    let a = Angles::new(100, 300, 50);
    let mut expected = Mat3::IDENTITY.mul(&Mat3::rotation(stros_core::math::Axis::Y, -300));
    expected = expected.mul(&Mat3::rotation(stros_core::math::Axis::X, -100));
    expected = expected.mul(&Mat3::rotation(stros_core::math::Axis::Z, -50));
    assert_eq!(Mat3::from_orientation(a), expected);
    // A different order gives a different matrix, so the order is observable.
    let mut other = Mat3::IDENTITY.mul(&Mat3::rotation(stros_core::math::Axis::X, -100));
    other = other.mul(&Mat3::rotation(stros_core::math::Axis::Y, -300));
    other = other.mul(&Mat3::rotation(stros_core::math::Axis::Z, -50));
    assert_ne!(Mat3::from_orientation(a), other);
}

/// `m · R(axis, angle)` written out from the stored table samples (sine at `angle & 2047`,
/// cosine 512 later): each element a sum of products stored as f32, the zero terms of the
/// elementary rotation dropped (adding an exact zero changes nothing).
fn rotate_reference(m: [[f32; 3]; 3], axis: char, angle: i32) -> [[f32; 3]; 3] {
    let s = tables::rotation_sample((angle & 2047) as usize).unwrap() as f64;
    let c = tables::rotation_sample((angle & 2047) as usize + 512).unwrap() as f64;
    // The two columns the rotation mixes, and how: new_a = a·c + b·sb, new_b = a·sa + b·c.
    let (a, b, sb, sa) = match axis {
        'y' => (0, 2, -s, s),
        'x' => (1, 2, s, -s),
        _ => (0, 1, s, -s),
    };
    let mut out = m;
    for r in 0..3 {
        let (ma, mb) = (m[r][a] as f64, m[r][b] as f64);
        out[r][a] = (ma * c + mb * sb) as f32;
        out[r][b] = (ma * sa + mb * c) as f32;
    }
    out
}

#[test]
fn incremental_refresh_keeps_its_rounding_history() {
    // Turning right by 12 per update (ground turning at scale 256 with the accumulator at
    // 12), 171 updates (about one turn): each refresh rotates the stored matrix by the
    // negated difference, (−(cur − prev)) & 2047 = 12, in its own frame, storing every
    // element as f32 — the reference below, step by step, exactly.
    let start = Angles::new(0, 0, 0);
    let mut m = Mat3::from_orientation(start);
    assert_eq!(m, Mat3::IDENTITY, "sin 0 = 0 and cos 0 = 1 are exact samples");
    let mut reference = m.m;
    let mut prev = start;
    for k in 1..=171 {
        let cur = Angles::new(0, -12 * k, 0);
        refresh_orientation(&mut m, cur, prev, RotationMode::Incremental);
        reference = rotate_reference(reference, 'y', 12);
        assert_eq!(m.m, reference, "update {k}");
        if k == 1 {
            // One step from identity is the rebuild itself.
            assert_eq!(m, Mat3::from_orientation(cur));
        }
        prev = cur;
    }
    // The history is single-precision rounding, not a different rotation: within 1e-5 of
    // the rebuild everywhere, and not equal to it.
    let rebuilt = Mat3::from_orientation(prev);
    assert_ne!(m, rebuilt, "accumulated f32 rotations differ from a rebuild");
    for r in 0..3 {
        for c in 0..3 {
            assert!(
                (m.m[r][c] - rebuilt.m[r][c]).abs() < 1e-5,
                "[{r}][{c}] {} vs {}",
                m.m[r][c],
                rebuilt.m[r][c]
            );
        }
    }
    let mut r = m;
    refresh_orientation(&mut r, prev, prev, RotationMode::Incremental);
    assert_eq!(r, m, "unchanged angles leave the matrix intact");
    // Heading, then pitch, then roll, each by its negated wrapped difference.
    let moved = Angles::new(prev.pitch as i32 + 40, prev.heading as i32 + 8, prev.roll as i32 - 20);
    refresh_orientation(&mut r, moved, prev, RotationMode::Incremental);
    let expected = rotate_reference(rotate_reference(rotate_reference(m.m, 'y', -8), 'x', -40), 'z', 20);
    assert_eq!(r.m, expected);
    refresh_orientation(&mut r, prev, Angles::new(0, 5, 0), RotationMode::Rebuild);
    assert_eq!(r, rebuilt, "attr_rotation 2 rebuilds from the current angles");
    assert_eq!(RotationMode::from_attr(0), Some(RotationMode::Incremental));
    assert_eq!(RotationMode::from_attr(2), Some(RotationMode::Rebuild));
    assert_eq!(RotationMode::from_attr(1), None);
}

#[test]
fn incremental_refresh_rotates_by_negated_wrapped_difference() {
    let prev = Angles::new(0, 2040, 0);
    let cur = Angles::new(0, 8, 0); // +16 across the wrap
    let mut m = Mat3::from_orientation(prev);
    let expected = m.mul(&Mat3::rotation(stros_core::math::Axis::Y, -16 & 2047));
    refresh_orientation(&mut m, cur, prev, RotationMode::Incremental);
    assert_eq!(m, expected);
}

#[test]
fn integer_transform_forward_probe() {
    // Cyrus: forward extent 11 + attr_forward_walk 8 = 19 map units → Z offset 4864.
    let m = Mat3::from_orientation(Angles::new(0, 2036, 0));
    // X = f32(sin(12) * 4864) = 179.0303 → 179; Z = f32(cos(12) * 4864) = 4860.704 → 4861.
    assert_eq!(m.transform_int([0, 0, 4864]), [179, 0, 4861]);
    let m0 = Mat3::from_orientation(Angles::new(0, 0, 0));
    assert_eq!(m0.transform_int([0, 0, 4864]), [0, 0, 4864]);
}

#[test]
fn integer_transform_rounds_ties_to_even() {
    let half = Mat3 { m: [[0.5, 0.0, 0.0], [0.0, 0.5, 0.0], [0.0, 0.0, -0.5]] };
    assert_eq!(half.transform_int([3, 5, 5]), [2, 2, -2]);
    assert_eq!(half.transform_int([7, 1, 9]), [4, 0, -4]);
    // The f32 store happens before rounding: 16777217 is not an f32.
    assert_eq!(Mat3::IDENTITY.transform_int([16_777_217, 0, 0]), [16_777_216, 0, 0]);
}

#[test]
fn direction_seed_rules() {
    // Axis-aligned: quarter turns, negated into the heading convention.
    assert_eq!(direction_from_displacement(0, 5), 0);
    assert_eq!(direction_from_displacement(5, 0), 1536);
    assert_eq!(direction_from_displacement(0, -5), 1024);
    assert_eq!(direction_from_displacement(-5, 0), 512);
    // Equal magnitudes select 256 explicitly, not T[512] = 255.
    assert_eq!(direction_from_displacement(300, 300), (-256i32 & 2047) as u16);
    assert_eq!(direction_from_displacement(-300, -300), (-(1024 + 256) & 2047) as u16);
    // Halving: (1001, 1000) halves to (500, 500), equal after halving.
    assert_eq!(direction_from_displacement(1001, 1000), 1792);
    // Z larger: T[floor(512 * 100 / 400)] = T[128].
    assert_eq!(direction_from_displacement(100, 400), (-(tables::octant(128) as i32) & 2047) as u16);
    // X larger: 512 - T[...].
    assert_eq!(direction_from_displacement(400, 100), (-(512 - tables::octant(128) as i32) & 2047) as u16);
    // Consistent with translation: moving along heading h recovers h for long moves.
    for h in [0, 100, 700, 1024, 1500, 2000] {
        let (x, z) = translate_heading(0, 0, h, 1 << 20);
        let d = direction_from_displacement(x, z) as i32;
        let err = ((d - h + 1024) & 2047) - 1024;
        assert!(err.abs() <= 1, "heading {h} came back as {d}");
    }
}

/// A straightforward restatement of the seed's rule, written independently: reduce, find
/// the angle from the +Z axis toward +X in the first quadrant, reflect, negate.
fn reference_direction(dx: i32, dz: i32) -> u16 {
    let (mut x, mut z) = (dx.abs() as i64, dz.abs() as i64);
    while x >= 512 || z >= 512 {
        x /= 2;
        z /= 2;
    }
    let first = if x == 0 {
        0
    } else if z == 0 {
        512
    } else if x == z {
        256
    } else if x < z {
        tables::octant((512 * x / z) as usize) as i64
    } else {
        512 - tables::octant((512 * z / x) as usize) as i64
    };
    let bearing = if dz >= 0 {
        if dx >= 0 { first } else { 2048 - first }
    } else if dx >= 0 {
        1024 - first
    } else {
        1024 + first
    };
    ((2048 - bearing) % 2048) as u16
}

#[test]
fn direction_matches_reference_on_random_displacements() {
    let mut rng = Rng(0x5eed_0000_0001);
    let mut differs_from_atan2 = 0;
    for _ in 0..200_000 {
        let dx = rng.range(-4_000_000, 4_000_000) >> rng.range(0, 20);
        let dz = rng.range(-4_000_000, 4_000_000) >> rng.range(0, 20);
        assert_eq!(direction_from_displacement(dx, dz), reference_direction(dx, dz), "({dx}, {dz})");
        if dx != 0 || dz != 0 {
            let cont = libm::atan2(dx as f64, dz as f64) * 1024.0 / core::f64::consts::PI;
            let rounded = (-(libm::round(cont) as i64)).rem_euclid(2048) as u16;
            differs_from_atan2 += (rounded != direction_from_displacement(dx, dz)) as u32;
        }
    }
    // Seed 000: rounding a continuous atan2 gives different results.
    assert!(differs_from_atan2 > 1000, "atan2 rounding differed only {differs_from_atan2} times");
}
