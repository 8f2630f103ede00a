//! Seed 000's terrain sections: "Terrain support sampling", "Terrain material lookup",
//! "Terrain material blend coverage", with a differential test of the height against a
//! plain f64 reference.

use stros_core::collision::SurfaceClass;
use stros_core::formats::wld::{HEIGHT_TABLE, Wld};
use stros_core::terrain::{self, Decoded, Triangle, VertexHeights};
use stros_tests::Rng;
use stros_tools::write::wld::{WldDesc, to_bytes};

/// A WLD whose engine vertex (i, j) has height index `f(i, j)` and texture `t(i, j)`.
fn world(f: impl Fn(i32, i32) -> u8, t: impl Fn(i32, i32) -> u8) -> Vec<u8> {
    let mut d = WldDesc::flat(0, 0);
    for j in 1..=256 {
        for i in 0..256 {
            let s = WldDesc::engine_index(i, j).unwrap();
            d.height[s] = f(i, j);
            d.texture[s] = t(i, j);
        }
    }
    to_bytes(&d)
}

/// A few vertex heights as the wave leaves them (fractions), zero elsewhere.
struct Fractional;

impl VertexHeights for Fractional {
    fn vertex_y(&self, i: i32, j: i32) -> f32 {
        match (i, j) {
            (10, 10) => 0.1,
            (11, 9) => 1000.0,
            (11, 10) => 300.7,
            (10, 9) => -77.3,
            _ => 0.0,
        }
    }
}

/// SOUP.md "Camera terrain-height clamp": the camera's plane over cell (10, 10). At map
/// (2600, 2400) the cell is (round(2600/256 − 0.5), round(2400/256 + 0.5)) = (10, 10) and
/// x − 2560 = 40 is not above 2560 − 2400 = 160: the triangle with (10, 9). Vertices
/// (2560, 0.1, 2560), (2560, −77.3, 2304), (2816, 1000, 2304); edges stored as f32:
/// e1 = (0, −77.40000152587891, −256), e2 = (256, 1077.300048828125, 0), the f32 of each
/// exact difference of the f32 heights. Their cross product gives the height
/// 120.05313167721033, stored as f32 120.05313110351562. The support sample's edges from
/// the first vertex (kept wide) give 120.05312357004732 → f32 120.0531234741211: the
/// rounding the docs warn about. Past the diagonal, at (2700, 2450) (140 > 110), both
/// constructions give f32 464.9710998535156.
#[test]
fn the_camera_plane_rounds_its_edges_to_single_precision() {
    // As f32 bit patterns: 120.05313110351562 is 0x42F0_1B34, one unit in the last place
    // above the support sample's 0x42F0_1B33; 464.9710998535156 is 0x43E8_7C4D.
    let camera = terrain::camera_height(&Fractional, 2600, 2400).unwrap();
    let support = terrain::sample(&Fractional, 2600, 2400).height;
    assert_eq!((camera.to_bits(), support.to_bits()), (0x42F0_1B34, 0x42F0_1B33));
    let past = terrain::camera_height(&Fractional, 2700, 2450).unwrap();
    assert_eq!(
        (past.to_bits(), terrain::sample(&Fractional, 2700, 2450).height.to_bits()),
        (0x43E8_7C4D, 0x43E8_7C4D)
    );
}

#[test]
fn cell_rounding_ties_to_even() {
    // x/256 − 0.5 and z/256 + 0.5 land on halves at multiples of 256.
    assert_eq!(terrain::cell_of(256, 0), (0, 0));
    assert_eq!(terrain::cell_of(512, 256), (2, 2));
    assert_eq!(terrain::cell_of(768, 512), (2, 2));
    assert_eq!(terrain::cell_of(1000, 1000), (3, 4));
    assert_eq!(terrain::cell_of(-1, -1), (-1, 0));
}

#[test]
fn flat_ground_and_engine_row_flip() {
    let bytes = world(|i, j| if i == 10 && j == 20 { 5 } else { 17 }, |_, _| 2);
    let wld = Wld::new_checked(&bytes).unwrap();
    let t = Decoded::new(wld, 0);
    assert_eq!(t.vertex_y(3, 3), -240.0, "index 17 is height 240, Y up is negative");
    assert_eq!(t.vertex_y(10, 20), -80.0);
    // Engine row 20 is source row 236.
    assert_eq!(wld.source_height(10, 236), Some(5));
    let s = terrain::sample(&t, 50 * 256 + 17, 50 * 256 - 3);
    assert_eq!((s.height, s.normal), (-240.0, [0, -256, 0]));
    assert_eq!(SurfaceClass::from_normal_y(s.normal[1]), SurfaceClass::Ground);
}

#[test]
fn triangle_choice_and_plane_height() {
    // Cell (4, 6): corners c1 = (1024, 1536) idx 0, c2 = (1280, 1536) idx 4 (80),
    // c3 = (1024, 1280) idx 7 (120), c4 = (1280, 1280) idx 0.
    let h = |i, j| match (i, j) {
        (5, 6) => 4,
        (4, 5) => 7,
        _ => 0,
    };
    let bytes = world(h, |_, _| 0);
    let t = Decoded::new(Wld::new_checked(&bytes).unwrap(), 0);
    // x − 256i = 128 > 256j − z = 64: the second-corner triangle (c1, c2, c4). On it the
    // height at (1152, 1472) is −80 × (1 − 64/256)·(128/256)… by the plane through
    // (0, 0, 0), (256, −80, 0), (256, 0, −256) in local (dx, y, −dz): y = −80·(dx − dz)/256.
    let s = terrain::sample(&t, 1024 + 128, 1536 - 64);
    assert_eq!((s.cell, s.triangle), ((4, 6), Triangle::Second));
    assert_eq!(s.height, -80.0 * (128.0 - 64.0) / 256.0);
    // On the diagonal (dx = dz) the third-corner triangle is used.
    let s = terrain::sample(&t, 1024 + 100, 1536 - 100);
    assert_eq!(s.triangle, Triangle::Third);
    assert_eq!(s.height, -120.0 * 0.0, "the diagonal is at height 0 in both triangles");
    let s = terrain::sample(&t, 1024 + 10, 1536 - 200);
    assert_eq!(s.triangle, Triangle::Third);
    // Third triangle: y = −120·(dz − dx)/256.
    assert_eq!(s.height, -120.0 * 190.0 / 256.0);
}

#[test]
fn slope_classes_from_the_sampled_normal() {
    // A ramp rising along +X by T[k] per cell: 40 per cell is ground, 640 per cell steep,
    // 2440 per cell a side surface (indices 1, 41, 100 of the height table).
    for (rise_index, class) in
        [(1u8, SurfaceClass::Ground), (41, SurfaceClass::Steep), (100, SurfaceClass::Side)]
    {
        let bytes = world(move |i, _| if i % 2 == 1 { rise_index } else { 0 }, |_, _| 0);
        let t = Decoded::new(Wld::new_checked(&bytes).unwrap(), 0);
        let s = terrain::sample(&t, 40 * 256 + 100, 60 * 256 - 30);
        let rise = HEIGHT_TABLE[rise_index as usize] as f64;
        let ny = -256.0 / (1.0 + (rise / 256.0).powi(2)).sqrt();
        assert_eq!(s.normal[1], ny.round() as i32, "rise {rise}");
        assert_eq!(SurfaceClass::from_normal_y(s.normal[1]), class, "rise {rise}");
    }
}

#[test]
fn material_lookup_valid_cells_and_row_flip() {
    let bytes = world(|_, _| 0, |i, j| ((i + j) % 64) as u8 | ((i as u8 & 3) << 6));
    let wld = Wld::new_checked(&bytes).unwrap();
    // Cell (10, 20) covers x in [2560, 2816], z in [4864, 5120].
    let byte = terrain::material(&wld, 2700, 5000);
    assert_eq!(byte, 30 | (2 << 6), "texture (10 + 20) % 64, rotation 10 & 3");
    assert_eq!(byte, wld.source_texture(10, 256 - 20).unwrap() as i32);
    // Column 254 is valid, 255 not; row 1 is valid, 0 not.
    assert!(terrain::material(&wld, 254 * 256 + 200, 5000) >= 0);
    assert_eq!(terrain::material(&wld, 255 * 256 + 200, 5000), -1);
    assert!(terrain::material(&wld, 2700, 100) >= 0, "row 1");
    assert_eq!(terrain::material(&wld, 2700, -200), -1, "row 0");
    assert_eq!(terrain::material(&wld, -300, 5000), -1);
}

#[test]
fn blend_coverage_rows() {
    use terrain::{blend_coverage, blend_mask, mask_coordinates};
    assert_eq!(blend_mask(127, 127), 0);
    assert_eq!(blend_mask(128, 128), 4);
    assert_eq!(blend_mask(255, 255), 255);
    // Rotations select (u, v), (127−v, u), (127−u, 127−v), (v, 127−u); u = (X>>1)&127,
    // v = 127 − ((Z>>1)&127). X = 20 → u = 10; Z = 60 → v = 97.
    assert_eq!(mask_coordinates(20, 60, 0), (10, 97));
    assert_eq!(mask_coordinates(20, 60, 1), (30, 10));
    assert_eq!(mask_coordinates(20, 60, 2), (117, 30));
    assert_eq!(mask_coordinates(20, 60, 3), (97, 117));
    // a, b from X = 2a, Z chosen so that v = b (rotation 0).
    let at = |a: i32, b: i32| (2 * a, 2 * (127 - b));
    let cov = |image: u8, a: i32, b: i32| {
        let (x, z) = at(a, b);
        blend_coverage(image, x, z)
    };
    assert_eq!(cov(0, 3, 4), 256);
    assert_eq!(cov(5, 10, 20), blend_mask(119, 129));
    assert_eq!(cov(5, 127, 127), 255, "image 5 never reaches full coverage");
    assert_eq!(cov(6, 28, 0), 0);
    assert_eq!(cov(6, 29, 0), 455 >> 7);
    assert_eq!(cov(52, 99, 0), (71 * 455) >> 7);
    assert_eq!(cov(52, 100, 0), 256);
    assert_eq!(cov(7, 100, 120), blend_mask(132, 152));
    assert_eq!(cov(30, 60, 70), blend_mask(188, 198));
    assert_eq!(cov(31, 4, 50), 0);
    assert_eq!(cov(31, 5, 50), 256);
    assert_eq!(cov(32, 60, 60), 0, "mask at (124, 124) is zero");
    assert_eq!(cov(32, 64, 64), 256, "mask at (128, 128) is nonzero");
    assert_eq!(cov(9, 64, 64), 0, "other images have no coverage");
}

#[test]
fn surface_assignment_with_blend_rules() {
    use terrain::surface;
    // Cells: (1,2) image 0, (2,2) image 5, (3,2) image 6, (4,2) image 31, (5,2) image 9.
    let images = [0u8, 0, 5, 6, 31, 9];
    let bytes = world(|_, _| 0, move |i, _| images.get(i as usize).copied().unwrap_or(9));
    let wld = Wld::new_checked(&bytes).unwrap();
    // SURFACE.INI stand-in: water images are water (1), image 9 is tile (8).
    let base = |set: u16, image: u8| {
        assert_eq!(set, 302);
        match image {
            0 | 5 => surface::WATER,
            9 => 8,
            63 => 11,
            _ => 0,
        }
    };
    let z = 2 * 256 - 10; // row 2 (z in [256, 512]); b = 127 − ((502 >> 1) & 127) = 4
    // Cell i covers x in [256i, 256(i+1)); a = (x >> 1) & 127.
    let x_in = |cell: i32, a: i32| cell * 256 + 2 * a;
    assert_eq!(terrain::surface_at(&wld, x_in(1, 40), z, base), surface::SCAPEDEEPWATER, "coverage 256");
    assert_eq!(
        terrain::surface_at(&wld, x_in(2, 100), z, base),
        surface::SCAPEWATER,
        "coverage 255 is not 256"
    );
    assert_eq!(terrain::surface_at(&wld, x_in(2, 0), z, base), surface::SAND, "dry rim pixel");
    assert_eq!(terrain::surface_at(&wld, x_in(3, 10), z, base), surface::SAND, "dry beach edge");
    assert_eq!(terrain::surface_at(&wld, x_in(4, 2), z, base), surface::ROCK, "dry rock strip");
    assert_eq!(terrain::surface_at(&wld, x_in(5, 60), z, base), 8, "base assignment kept");
    assert_eq!(terrain::surface_at(&wld, -5000, z, base), 11, "outside the valid cells: image 63");
}

/// Independent restatement: the cell from f64 rounding, the height by barycentric
/// interpolation of the three corners read straight from the description's grid.
fn reference_height(heights: &[u8], x: i32, z: i32) -> f64 {
    fn round_even(v: f64) -> f64 {
        let r = v.round();
        if (v - v.trunc()).abs() == 0.5 { 2.0 * (v / 2.0).round() } else { r }
    }
    let i = round_even(x as f64 / 256.0 - 0.5) as i32;
    let j = round_even(z as f64 / 256.0 + 0.5) as i32;
    let y = |ci: i32, cj: i32| {
        // Linear addressing over runtime rows: the flat index `cj × 256 + ci` picks the
        // stored vertex, so columns carry into the next or previous row; rows past the
        // stored ones stay clamped.
        let k = cj * 256 + ci;
        let (ci, cj) = (k.rem_euclid(256), k.div_euclid(256).clamp(1, 256));
        -(HEIGHT_TABLE[(heights[(256 - cj as usize) * 256 + ci as usize] & 0x7F) as usize] as f64)
    };
    let fx = (x - 256 * i) as f64 / 256.0; // 0..1 toward i+1
    let fz = (256 * j - z) as f64 / 256.0; // 0..1 toward j−1
    if fx > fz {
        // Corners c1 (0,0), c2 (1,0), c4 (1,1) in (fx, fz).
        y(i, j) * (1.0 - fx) + y(i + 1, j) * (fx - fz) + y(i + 1, j - 1) * fz
    } else {
        // Corners c1 (0,0), c3 (0,1), c4 (1,1).
        y(i, j) * (1.0 - fz) + y(i, j - 1) * (fz - fx) + y(i + 1, j - 1) * fx
    }
}

#[test]
fn columns_past_the_east_and_west_edges_continue_into_the_adjacent_rows() {
    // {D:engine/player.md} "Queued and falling vertical motion": the height array is
    // addressed linearly, row × 256 + column. Every vertex has index 17 (Y −240) but the
    // first column of row 21 and the last column of row 19, index 5 (Y −80).
    let bytes = world(|i, j| if (i, j) == (0, 21) || (i, j) == (255, 19) { 5 } else { 17 }, |_, _| 0);
    let t = Decoded::new(Wld::new_checked(&bytes).unwrap(), 0);
    // East: (65472, 4992) is in cell (round(255.75 − 0.5), round(19.5 + 0.5)) = (255, 20),
    // dx = 65472 − 65280 = 192 > dz = 5120 − 4992 = 128, the second-corner triangle: c1 =
    // (255, 20), c2 = (256, 20), c4 = (256, 19). Column 256 of row 20 is flat index
    // 20 × 256 + 256 = 21 × 256 + 0, vertex (0, 21): Y −80; c4 is (0, 20), −240. With
    // (fx, fz) = (0.75, 0.5) the plane gives −240 × 0.25 − 80 × 0.25 − 240 × 0.5 = −200
    // (clamping the column would read (255, 20), −240, and give −240).
    assert_eq!(terrain::sample(&t, 65_472, 4_992).height, -200.0);
    // West: (−64, 4992) is in cell (round(−0.25 − 0.5), 20) = (−1, 20), dx = −64 + 256 = 192
    // > dz = 128 again: c1 = (−1, 20) is flat index 20 × 256 − 1 = 19 × 256 + 255, vertex
    // (255, 19): −80; c2 = (0, 20) and c4 = (0, 19) are −240. −80 × 0.25 − 240 × 0.25 −
    // 240 × 0.5 = −200.
    assert_eq!(terrain::sample(&t, -64, 4_992).height, -200.0);
}

#[test]
fn height_matches_reference_on_100000_random_points() {
    // Exactly: corner heights are whole map units and the point's offsets in its cell are
    // whole units of a 256-unit cell, so the plane height is a multiple of 1/256 well inside
    // f32's exact range; both the core's plane and this barycentric reference compute it
    // without rounding, and the f32 store keeps it. Any other answer is a wrong triangle,
    // corner or row, not rounding — and the truncated support height follows exactly.
    let mut rng = Rng(0x7e44_a1b0);
    let mut d = WldDesc::flat(0, 0);
    for h in d.height.iter_mut() {
        *h = rng.range(0, 127) as u8;
    }
    let bytes = to_bytes(&d);
    let t = Decoded::new(Wld::new_checked(&bytes).unwrap(), 0);
    let mut fractional = 0;
    for _ in 0..100_000 {
        let x = rng.range(-300, 65_835);
        let z = rng.range(-300, 65_835);
        let core = terrain::sample(&t, x, z).height;
        let reference = reference_height(&d.height, x, z);
        assert_eq!(core as f64, reference, "({x}, {z})");
        assert_eq!(core as i32, reference.trunc() as i32, "({x}, {z})");
        fractional += (reference.fract() != 0.0) as u32;
    }
    // The cases are not all whole numbers, where rounding could hide.
    assert!(fractional > 50_000, "{fractional}");
}

#[test]
fn water_vertices_move_near_the_camera_only() {
    use terrain::{VertexCache, Wave, wave_phase};
    // Water (texture 0) everywhere except a grass strip at column 100.
    let bytes = world(|_, _| 3, |i, _| if i == 100 { 2 } else { 0 });
    let wld = Wld::new_checked(&bytes).unwrap();
    let decoded = Decoded::new(wld, 0);
    let wave = Wave { amplitude: 8.0, speed: 3, frequency: 5 };
    let cache = VertexCache::new(decoded, wave, 1000, (90, 90));
    // Vertex (90, 90): phase = ((−38)² + (−38)²) × 5 + 1000 × 3 = 17440 → & 2047 = 1056.
    assert_eq!(wave_phase(&wave, 90, 90, 1000), (2888 * 5 + 3000) & 2047);
    let sample = stros_core::tables::rotation_sample(512 + 1056).unwrap() as f64;
    assert_eq!(cache.vertex_y(90, 90), (-40.0 + sample * 8.0 - 4.0) as f32);
    // Column 100 is grass; column 101's −X neighbour is grass too: neither moves.
    assert_eq!(cache.vertex_y(100, 90), -40.0);
    assert_eq!(cache.vertex_y(101, 90), -40.0);
    // More than 15 cells from the camera: the decoded height.
    assert_eq!(cache.vertex_y(106, 90), -40.0);
    assert_ne!(cache.vertex_y(105, 90), -40.0);
    // Zero amplitude disables the wave; another tick moves it.
    let still = VertexCache::new(decoded, Wave { amplitude: 0.0, ..wave }, 1000, (90, 90));
    assert_eq!(still.vertex_y(90, 90), -40.0);
    let later = VertexCache::new(decoded, wave, 1001, (90, 90));
    assert_ne!(later.vertex_y(90, 90), cache.vertex_y(90, 90));
    // Support sampling reads the cache.
    let s = terrain::sample(&cache, 90 * 256, 90 * 256 - 1);
    assert!(s.height != -40.0);
}

/// `VertexCache::lasting` (what an actor update may keep for its next one): a sample it
/// calls lasting is the same from every tick and camera, and on water near the camera some
/// are not. The map: water (texture 0) but for grass columns 100..=101 and 120.., with a
/// height ramp; samples at 6,000 points round the shore, from caches at five ticks and
/// three camera cells.
#[test]
fn lasting_samples_are_the_same_from_every_tick_and_camera() {
    use terrain::{VertexCache, Wave};
    let bytes =
        world(|i, j| ((i + 2 * j) % 100) as u8, |i, _| if i == 100 || i == 101 || i >= 120 { 2 } else { 0 });
    let wld = Wld::new_checked(&bytes).unwrap();
    let decoded = Decoded::new(wld, 0);
    let wave = Wave { amplitude: 8.0, speed: 3, frequency: 5 };
    let caches: Vec<VertexCache> =
        [(1000, (105, 90)), (1001, (105, 90)), (1777, (110, 95)), (5, (30, 30)), (60_000, (105, 92))]
            .into_iter()
            .map(|(tick, camera)| VertexCache::new(decoded, wave, tick, camera))
            .collect();
    let mut rng = Rng(7);
    let (mut lasting, mut moving) = (0, 0);
    for _ in 0..6_000 {
        let (x, z) = (rng.range(90 * 256, 125 * 256), rng.range(80 * 256, 100 * 256));
        let first = terrain::sample(&caches[0], x, z);
        if caches[0].lasting(&first) {
            lasting += 1;
            for c in &caches[1..] {
                assert_eq!(terrain::sample(c, x, z), first, "({x}, {z})");
                assert!(c.lasting(&first));
            }
        } else if caches[1..].iter().any(|c| terrain::sample(c, x, z) != first) {
            moving += 1;
        }
    }
    assert!(lasting > 1_000 && moving > 1_000, "{lasting} lasting, {moving} moving");
    // Without a wave every sample lasts.
    let still = VertexCache::new(decoded, Wave { amplitude: 0.0, ..wave }, 1000, (105, 90));
    assert!(still.lasting(&terrain::sample(&still, 95 * 256, 90 * 256)));
}

#[test]
fn extreme_coordinates_never_panic() {
    let bytes = world(|i, j| ((i * 7 + j) % 128) as u8, |i, _| (i % 64) as u8);
    let wld = Wld::new_checked(&bytes).unwrap();
    let t = Decoded::new(wld, 0);
    for x in [i32::MIN, i32::MIN + 1, -1, 0, 65_535, 65_536, i32::MAX] {
        for z in [i32::MIN, -1, 0, 65_536, i32::MAX] {
            let s = terrain::sample(&t, x, z);
            assert!(s.height.is_finite());
            let _ = terrain::material(&wld, x, z);
            let _ = terrain::surface_at(&wld, x, z, |_, _| 1);
            let _ = terrain::blend_coverage((x & 0xFF) as u8, x, z);
        }
    }
    use stros_core::collision::support::*;
    let seg = Segment::around(i32::MAX - 5, 50);
    let _ = terrain_rank(seg, f32::MAX);
    let _ = select_settling(seg, Some(f32::MIN), []);
    let _ = actor_y_from_support(i32::MIN, 62, -2);
    let _ = slope_verdict(slope_surface(
        i32::MAX,
        50,
        Some(TerrainSupport { height: f32::NAN, normal: [0, -256, 0] }),
        [],
    ));
}

/// Cyrus standing at engine vertex (192, 100), a shallow-water corner of the embedded sea
/// (surface 3, base height 0), with the follow camera `camera_distance` behind him; the Y
/// of each of `n` updates, BIOS ticks 8 apart.
fn standing_in_the_sea(camera_distance: i32, n: u32) -> Vec<(u32, i32, u8)> {
    use stros_core::files::Embedded;
    use stros_core::input::{Bindings, Input};
    use stros_host::World;
    let ini = format!("[camera]\ncamera_distance = {camera_distance}\n");
    let config = stros_core::config::SystemConfig::installed_with(&ini).unwrap();
    let mut w: Box<stros_host::World<'static>> =
        Box::new(World::load(&Embedded, stros_core::embedded::MAP, config, Bindings::default()).unwrap());
    let id = w.enter_at(&Embedded, [192 * 256 * 256, -64 * 256, 100 * 256 * 256], 0, false).unwrap();
    (1..=n)
        .map(|k| {
            let bios = 8 * k;
            w.step(&Input::NONE, bios);
            let a = w.actor(id).unwrap();
            (bios, a.position[1], a.surface)
        })
        .collect()
}

#[test]
fn support_in_the_sea_follows_the_wave_near_the_camera_only() {
    // "Terrain support sampling": near the camera the ground query reads the vertex cache,
    // the frame before this update drew it — the previous update's BIOS tick. At (192 × 256,
    // 100 × 256) the cell is (192, 100) exactly (192 − 0.5 and 100 + 0.5 round to even) and
    // the point is its first corner, so the surface height is that vertex's cached height:
    // phase = ((192 − 128)² + (100 − 128)²) × 1 + T × 16 = 4880 + 16 T (& 2047), height
    // = 0 + table[512 + phase] × 16 − 8 (stored f32), truncated; Y = (h − 62 − 2) × 256.
    let expected_y = |t: u32| {
        let phase = (4880 + 16 * t as i32) & 2047;
        let sample = stros_core::tables::rotation_sample(512 + phase as usize).unwrap();
        let h = (sample as f64 * stros_tests::island_wave().amplitude as f64 - 8.0) as f32;
        (h as i32 - 62 - 2) * 256
    };
    // The installed camera, 250 behind him: within 15 cells.
    let near = standing_in_the_sea(250, 24);
    for k in 1..near.len() {
        let (previous_bios, (bios, y, surface)) = (near[k - 1].0, near[k]);
        assert_eq!(y, expected_y(previous_bios), "update at BIOS {bios}");
        assert_eq!(surface, 3, "shallow scape water");
    }
    // The wave really moves him: these are not all one height, and the current tick's
    // height would be a different sequence.
    let ys: std::collections::BTreeSet<i32> = near.iter().map(|u| u.1).collect();
    assert!(ys.len() >= 8, "{ys:?}");
    assert!((1..near.len()).any(|k| near[k].1 != expected_y(near[k].0)));
    // 5000 behind him the camera's cell is (192, 80): 20 cells away, so the query reads the
    // decoded map, height 0, every update.
    let far = standing_in_the_sea(5000, 24);
    assert!(far.iter().all(|u| u.1 == (0 - 62 - 2) * 256), "{far:?}");
}

/// The height bounds the renderer skips rows by hold every height: the decoded map's at any
/// offset (each height index somewhere, and vertices off the grid), and the vertex cache's
/// with the wave at many ticks around its camera.
#[test]
fn height_ranges_bound_every_vertex() {
    use terrain::{VertexCache, Wave};
    // Every height index 0..=127 appears; water (texture 0) everywhere, so the wave applies.
    let bytes = world(|i, j| ((i * 7 + j * 13) % 128) as u8, |_, _| 0);
    for shift in [0, 1200, -700] {
        let decoded = Decoded::new(Wld::new_checked(&bytes).unwrap(), shift);
        let (lo, hi) = decoded.height_range().unwrap();
        // −HEIGHT_TABLE spans the table; 0 for off-grid reads is inside it.
        let table = HEIGHT_TABLE.iter().map(|&h| shift as i16 as i32 - h);
        assert_eq!(
            (lo, hi),
            (table.clone().min().unwrap().min(0) as f32, table.max().unwrap().max(0) as f32)
        );
        let wave = Wave { amplitude: 24.0, speed: 7, frequency: 3 };
        for tick in (0..2048).step_by(37) {
            let cache = VertexCache::new(decoded, wave, tick, (120, 130));
            let (clo, chi) = cache.height_range().unwrap();
            assert!(clo <= lo - 36.0 && chi >= hi + 36.0);
            for i in 100..=140 {
                for j in 110..=150 {
                    let y = cache.vertex_y(i, j);
                    assert!((clo..=chi).contains(&y), "{i} {j} {y}");
                }
            }
        }
        for (i, j) in [(-5, 3), (300, 300), (0, 0), (255, 256)] {
            assert!((lo..=hi).contains(&decoded.vertex_y(i, j)));
        }
    }
}
