//! The generated tables: recomputed with libm, checked against the published bit patterns,
//! and checked to be exactly what `stros-tools gen-tables` writes.

use stros_core::tables;

fn recompute(n: usize) -> u32 {
    (libm::sin(n as f64 * 6.2831852 / 2048.0) as f32).to_bits()
}

#[test]
fn rotation_table_has_the_published_bits() {
    // Seed 000 via the 0.10.4 water docs: angle at register precision, 2,561 entries.
    let expected = [
        (1, 0x3b49_0fc6),
        (12, 0x3d16_c32c),
        (65, 0x3e4a_da4f),
        (512, 0x3f80_0000),
        (524, 0x3f7f_d398),
        (1024, 0x3366_2a9a),
        (1536, 0xbf80_0000),
        (2022, 0xbda3_309a),
        (2048, 0xb3e6_2a9a),
        (2560, 0x3f80_0000),
    ];
    for (n, bits) in expected {
        assert_eq!(tables::rotation_sample(n).unwrap().to_bits(), bits, "entry {n}");
    }
    assert_eq!(tables::ROTATION_ENTRIES, 2561);
    assert!(tables::rotation_sample(2561).is_none());
}

#[test]
fn rotation_table_matches_a_fresh_computation() {
    for n in 0..tables::ROTATION_ENTRIES {
        assert_eq!(tables::rotation_sample(n).unwrap().to_bits(), recompute(n), "entry {n}");
    }
}

#[test]
fn rounding_the_angle_to_f32_first_would_differ() {
    // The older recipe differs at n = 1 (3b490fc5) and many others; ours must not be it.
    let old = |n: usize| {
        (libm::sin((n as f32 * stros_tools::gen_tables::ROTATION_PERIOD as f32 / 2048.0) as f64) as f32)
            .to_bits()
    };
    assert_eq!(old(1), 0x3b49_0fc5);
    let differing = (0..tables::ROTATION_ENTRIES).filter(|&n| old(n) != recompute(n)).count();
    assert!(differing > 1000, "the two recipes should differ widely, got {differing}");
}

#[test]
fn octant_table_checks() {
    assert_eq!(tables::octant(1), 0);
    assert_eq!(tables::octant(100), 62);
    assert_eq!(tables::octant(256), 151);
    assert_eq!(tables::octant(511), 255);
    for i in 0..tables::OCTANT_ENTRIES {
        let v = ((libm::atan(i as f64 / 512.0) * 65536.0 / stros_tools::gen_tables::ORIGINAL_PI) as i32) >> 6;
        assert_eq!(tables::octant(i) as i32, v, "entry {i}");
    }
}

#[test]
fn committed_tables_are_what_the_generator_writes() {
    for (path, text) in stros_tools::gen_tables::table_paths(&stros_tools::gen_tables::workspace_root()) {
        let committed = std::fs::read_to_string(&path).unwrap();
        assert!(
            committed == text,
            "{} is stale: run `cargo run -p stros-tools -- gen-tables`",
            path.display()
        );
    }
}

/// {D:engine/model-lighting.md} "Local-light vertex contribution": the quantized square
/// root, by hand from the table's definition.
#[test]
fn quantized_square_roots() {
    // 4 = 1.0 × 2²: e = 2, m = 0, entry 0 = the fraction of √1 = 0; exponent 1 → 2.
    assert_eq!(tables::quantized_sqrt(4.0), 2.0);
    // 2 = 1.0 × 2¹: e odd, entry 128 = the top seven fraction bits of √2 = 1.41421…,
    // 0.41421 × 128 = 53.02 → 53; exponent ⌊1/2⌋ = 0 → 1 + 53/128.
    assert_eq!(tables::quantized_sqrt(2.0), 1.0 + 53.0 / 128.0);
    // 5120 = 64² + 32² = 1.25 × 2¹²: m = 32, entry 32 = √1.25 = 1.11803… → 0.11803 × 128 =
    // 15.1 → 15; exponent 6 → 64 × (1 + 15/128) = 71.5 (the exact root is 71.55).
    assert_eq!(tables::quantized_sqrt(5120.0), 71.5);
    // 0.5 = 1.0 × 2⁻¹: e = −1 is odd (entry 128), ⌊−1/2⌋ = −1 → (1 + 53/128) / 2.
    assert_eq!(tables::quantized_sqrt(0.5), (1.0 + 53.0 / 128.0) / 2.0);
    assert_eq!(tables::quantized_sqrt(0.0), 0.0);
    assert_eq!(tables::quantized_sqrt(-4.0), 0.0);
}

/// {D:engine/terrain-lighting.md}: the quantized reciprocal square root, by hand.
#[test]
fn quantized_reciprocal_square_roots() {
    // 1 = 1.0 × 2⁰: entry 0 is 1/√1 = 1.0, fraction 0, so the exponent is ⌊254 / 2⌋ = 127: 1.
    assert_eq!(tables::quantized_rsqrt(1.0), 1.0);
    // 256 = 2⁸: entry 0, exponent ⌊(254 − 8) / 2⌋ = 123: 2⁻⁴.
    assert_eq!(tables::quantized_rsqrt(256.0), 0.0625);
    // 2 = 1.0 × 2¹: entry 128 = 1/√2 = 0.70711 = 1.41421 × 2⁻¹, fraction 53; nonzero, so
    // ⌊(253 − 1) / 2⌋ = 126: (1 + 53/128) / 2.
    assert_eq!(tables::quantized_rsqrt(2.0), (1.0 + 53.0 / 128.0) / 2.0);
    // 0.5 = 1.0 × 2⁻¹: the same entry, ⌊(253 + 1) / 2⌋ = 127: 1 + 53/128.
    assert_eq!(tables::quantized_rsqrt(0.5), 1.0 + 53.0 / 128.0);
    assert_eq!(tables::quantized_rsqrt(0.0), 0.0);
}
