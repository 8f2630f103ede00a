//! Seed 000's ground-support rules: ordinary ranking, startup settling, misses, height
//! conversion, forward slope selection, fallback support, the support-history counter.

use stros_core::collision::SurfaceClass;
use stros_core::collision::support::*;

fn contact(candidate: usize, height: i32, ny: i32, rank: i32) -> ModelSupport {
    ModelSupport {
        candidate,
        height,
        normal: [0, ny, 0],
        rank,
        metadata: candidate as u8,
        texture: 100 + candidate as u32,
    }
}
const FLAT: [i32; 3] = [0, -256, 0];

#[test]
fn terrain_rank_formula_and_ends() {
    // Cyrus at map Y −302 (feet at −240): centre −240, R = 50 → segment −290 … −190.
    let seg = Segment::ordinary(-302, 62, 50);
    assert_eq!(seg, Segment { start: -290, end: -190 });
    // truncate(16777216 / 100) = 167772; (167772 × (−240 − −290)) >> 8 = 32767.
    assert_eq!(terrain_rank(seg, -240.7), Some((167_772 * 50) >> 8));
    assert_eq!(terrain_rank(seg, -290.0), Some(0));
    assert_eq!(terrain_rank(seg, -190.0), Some((167_772 * 100) >> 8));
    assert_eq!(terrain_rank(seg, -291.0), Some(65_535), "above the upper end");
    assert_eq!(terrain_rank(seg, -189.0), None, "below the lower end");
    // Truncation toward zero: −290.9 truncates to −290, inside.
    assert_eq!(terrain_rank(seg, -290.9), Some(0));
}

#[test]
fn ordinary_selection_prefers_later_equal_and_supporting_classes() {
    let seg = Segment::around(-240, 50);
    let terrain = TerrainSupport { height: -240.0, normal: FLAT };
    let mut s = Support::default();
    // Terrain rank 32767; a model contact at 20000 beats it, a later equal one replaces it.
    select_ordinary(
        &mut s,
        seg,
        Some(terrain),
        [contact(0, -250, -256, 20_000), contact(1, -250, -256, 20_000)],
        true,
    );
    assert_eq!((s.source, s.rank, s.metadata, s.texture), (Source::Model(1), 20_000, 1, 101));
    // Side (1) and underside (8) contacts never support.
    let mut s = Support::default();
    select_ordinary(&mut s, seg, Some(terrain), [contact(0, -260, 0, 10), contact(1, -260, 200, 10)], true);
    assert_eq!((s.source, s.metadata), (Source::Terrain, 0), "terrain metadata is zero");
    // Steep contacts: stored as steep with bit 2, as ground without; the normal is unchanged.
    let mut s = Support::default();
    select_ordinary(&mut s, seg, None, [contact(3, -250, -100, 5)], true);
    assert_eq!(s.class, Some(SurfaceClass::Steep));
    select_ordinary(&mut s, seg, None, [contact(3, -250, -100, 5)], false);
    assert_eq!((s.class, s.normal), (Some(SurfaceClass::Ground), [0, -100, 0]));
}

#[test]
fn a_miss_keeps_normal_texture_and_metadata() {
    let seg = Segment::around(-240, 50);
    let mut s = Support::default();
    select_ordinary(&mut s, seg, None, [ModelSupport { metadata: 0x04, ..contact(2, -250, -256, 7) }], true);
    assert!(s.found());
    select_ordinary(&mut s, seg, Some(TerrainSupport { height: 500.0, normal: FLAT }), [], true);
    assert!(!s.found());
    assert_eq!((s.class, s.normal, s.texture, s.metadata), (None, [0, -256, 0], 102, 0x04));
    // The designated-player wrapper still resets the history on the retained metadata.
    let mut h = SupportHistory(0);
    h.after_query(&s);
    assert_eq!(h.0, 12);
    h.tick(5);
    assert_eq!((h.0, h.fallback_radius()), (7, 14));
    h.tick(100);
    assert_eq!((h.0, h.fallback_radius()), (0, 10));
}

#[test]
fn settling_keeps_the_earlier_of_equals() {
    let seg = Segment::around(-240 + 62, SETTLE_REACH);
    // Terrain at −300: |16384 − ((|−300 − −678| × 8388) >> 8)| = |16384 − 12385| = 3999.
    assert_eq!(select_settling(seg, Some(-300.4), []), Some(-300));
    let terrain_rank = (16_384i32 - ((378 * 8388) >> 8)).abs();
    assert_eq!(terrain_rank, 3999);
    // A model contact of equal rank does not replace the terrain; a smaller one does.
    let equal = contact(0, -280, -256, 16_384 - 3999);
    assert_eq!(select_settling(seg, Some(-300.0), [equal]), Some(-300));
    let better = contact(0, -280, -256, 16_384 - 3998);
    assert_eq!(select_settling(seg, Some(-300.0), [better]), Some(-280));
    // Terrain exactly at an end is not eligible.
    assert_eq!(select_settling(seg, Some(seg.start as f32), []), None);
}

#[test]
fn support_height_to_actor_position() {
    // Cyrus on ground at −680: (−680 − 62 − 2) × 256.
    assert_eq!(actor_y_from_support(-680, 62, -2), -744 * 256);
    assert_eq!(actor_y_from_support(-240, 62, -2), -304 * 256);
}

#[test]
fn forward_slope_rejects_steep_winners() {
    // The production pair: slope_surface selects, slope_verdict decides.
    let forward_slope = |centre, reach, terrain, contacts: &[ModelSupport]| {
        slope_verdict(slope_surface(centre, reach, terrain, contacts.iter().copied()))
    };
    let (centre, reach) = (-240, 50);
    // No surface at all: allowed.
    assert_eq!(forward_slope(centre, reach, None, &[]), SlopeVerdict::Allow);
    // A steep model contact near the centre wins and rejects.
    assert_eq!(forward_slope(centre, reach, None, &[contact(0, -240, -100, 16_384)]), SlopeVerdict::Reject);
    // Flat terrain closer to the centre than the steep contact replaces its normal.
    let terrain = TerrainSupport { height: -241.0, normal: FLAT };
    assert_eq!(
        forward_slope(centre, reach, Some(terrain), &[contact(0, -200, -100, 16_384)]),
        SlopeVerdict::Allow
    );
    // Terrain below the lower end does not participate.
    let low = TerrainSupport { height: -180.0, normal: FLAT };
    assert_eq!(
        forward_slope(centre, reach, Some(low), &[contact(0, -200, -100, 16_384)]),
        SlopeVerdict::Reject
    );
    // Steep terrain alone rejects.
    let steep = TerrainSupport { height: -240.0, normal: [0, -120, 240] };
    assert_eq!(forward_slope(centre, reach, Some(steep), &[]), SlopeVerdict::Reject);
    // The first of equal model ranks stays.
    let first = contact(0, -240, -256, 16_000);
    let second = contact(1, -240, -100, 16_768);
    assert_eq!(forward_slope(centre, reach, None, &[first, second]), SlopeVerdict::Allow);
}

#[test]
fn fallback_takes_the_first_non_side_contact() {
    let mut s = Support { height: -123, ..Support::default() };
    select_fallback(&mut s, [contact(0, -9, 0, 1), contact(1, -9, 200, 2), contact(2, -9, -256, 3)], true);
    assert_eq!((s.source, s.class, s.height), (Source::Model(1), Some(SurfaceClass::Underside), -123));
    select_fallback(&mut s, [contact(0, -9, 10, 1)], true);
    assert!(!s.found());
    assert!(surface_veto(5) && surface_veto(11) && !surface_veto(1) && !surface_veto(0));
}

#[test]
fn surface_updater_keeps_three_separate_results() {
    let terrain = Support { source: Source::Terrain, ..Support::default() };
    let model = Support { source: Source::Model(0), texture: 77, ..Support::default() };
    let mut st = SurfaceState { surface: 9, veto: true };
    // Excluded: 0 returned, nothing replaced.
    assert_eq!(update_surface(SurfaceMode::Excluded, &terrain, &mut st, || 1, |_| 2), 0);
    assert_eq!(st, SurfaceState { surface: 9, veto: true });
    // Report only: the resolved surface, state kept.
    assert_eq!(update_surface(SurfaceMode::Report, &model, &mut st, || 1, |t| (t / 7) as u8), 11);
    assert_eq!(st, SurfaceState { surface: 9, veto: true });
    // Assign: lava sets the veto, water clears it, a miss assigns 0.
    assert_eq!(update_surface(SurfaceMode::Assign, &terrain, &mut st, || 5, |_| 0), 5);
    assert_eq!(st, SurfaceState { surface: 5, veto: true });
    update_surface(SurfaceMode::Assign, &terrain, &mut st, || 1, |_| 0);
    assert_eq!(st, SurfaceState { surface: 1, veto: false });
    update_surface(SurfaceMode::Assign, &Support::default(), &mut st, || 1, |_| 11);
    assert_eq!(st, SurfaceState { surface: 0, veto: false });
}

#[test]
fn forward_admission_verdict() {
    // "Forward ground-support admission": absent support, the veto, or steep support with
    // collision bit 2 each fail the attempt; bypassing the slope check does not bypass the
    // last. (The restore of the position is the world's: see world.rs,
    // the_walk_probe_s_support_query_is_kept_but_not_its_position.)
    let ground = Support { source: Source::Terrain, class: Some(SurfaceClass::Ground), ..Support::default() };
    let steep = Support { class: Some(SurfaceClass::Steep), ..ground };
    assert!(forward_ground_admits(&ground, false, true));
    assert!(!forward_ground_admits(&steep, false, true), "steep with bit 2");
    assert!(forward_ground_admits(&steep, false, false), "steep without bit 2");
    assert!(!forward_ground_admits(&ground, true, false), "the veto");
    assert!(!forward_ground_admits(&Support::default(), false, false), "no support");
    // A miss keeps its class field cleared, so only the source decides.
    let mut missed = ground;
    missed.miss();
    assert!(!forward_ground_admits(&missed, false, false));
}
