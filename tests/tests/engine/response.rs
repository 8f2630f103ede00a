//! Seed 000's body-contact sections: collection, facing admission, horizontal response,
//! wall-facing adjustment and residual separation.

use stros_core::collision::SurfaceClass;
use stros_core::collision::response::*;
use stros_core::math::direction_from_displacement;

fn wall(normal: [i32; 3]) -> BodyContact {
    BodyContact::new([0; 3], normal)
}

#[test]
fn twenty_walls_fill_the_sixteen_cap_and_drop_the_terrain() {
    let walls = (0..20).map(|k| BodyContact::new([k, 0, 0], [256, 0, 0]));
    let terrain = Some(BodyContact::new([0, 0, 0], [0, -256, 0]));
    let c = collect_primary(walls, terrain);
    assert_eq!(c.len(), 16);
    assert!(c.iter().all(|x| x.class == SurfaceClass::Side));
    assert_eq!(c[15].point[0], 15, "candidate order kept");
    let c = collect_primary((0..3).map(|k| BodyContact::new([k, 0, 0], [256, 0, 0])), terrain);
    assert_eq!((c.len(), c[3].class), (4, SurfaceClass::Ground), "terrain appended below sixteen");
}

#[test]
fn facing_admission_and_the_2047_correction() {
    assert_eq!(correct_2047(1536), -511);
    assert_eq!(correct_2047(512), 512);
    assert_eq!(correct_2047(-1536), 511);
    // Moving at heading 0 (+Z). A wall facing −X has normal heading 512, opposing 1536:
    // the uncorrected difference 1536 becomes −511 and passes.
    assert_eq!(direction_from_displacement(-256, 0), 512);
    assert!(faces_movement(&wall([-256, 0, 0]), 0));
    // A wall facing +X: opposing 512, difference 512, fails.
    assert!(!faces_movement(&wall([256, 0, 0]), 0));
    // Head-on (normal facing −Z, back at the actor): difference 0, passes.
    assert!(faces_movement(&wall([0, 0, -256]), 0));
    // Ground contacts never enter wall response.
    assert!(!faces_movement(&wall([0, -256, 0]), 0));
    // The movement heading comes from the X/Z displacement, else the actor's heading.
    assert_eq!(movement_heading([5, 9, 0], [5, 0, 0], 700), 700);
    assert_eq!(movement_heading([0, 0, 100], [0, 0, 0], 700), 0);
}

#[test]
fn normalisation_to_65536() {
    assert_eq!(normalise([0, 0, 2048]), [0, 0, 65536]);
    assert_eq!(normalise([0, 0, -3]), [0, 0, -65536]);
    assert_eq!(normalise([2048, 0, 2048]), [46341, 0, 46341]);
    assert_eq!(normalise([0; 3]), [0; 3]);
    // The vertical component counts in the length.
    assert_eq!(normalise([0, 2048, 2048])[2], 46341);
}

#[test]
fn head_on_restores_and_glancing_slides() {
    let prev = [1000, 0, 1000];
    // Head-on into a wall facing −Z: dot = −65536 ≤ −60000, restore.
    assert_eq!(horizontal_response(prev, [1000, 0, 3048], [0, 0, -256], -60000), Horizontal::Restored);
    // At 45°: m = (46341, 0, 46341), dot = −46341 > −60000; minus the normal component
    // (0, 0, 46341) leaves (46341, 0, 0); >> 4 is 2896 along X.
    assert_eq!(
        horizontal_response(prev, [3048, 0, 3048], [0, 0, -256], -60000),
        Horizontal::Projected { x: 1000 + 2896, z: 1000 }
    );
    // The threshold is strict: with slide_range at the dot itself, restore.
    assert_eq!(horizontal_response(prev, [3048, 0, 3048], [0, 0, -256], -46341), Horizontal::Restored);
}

#[test]
fn wall_facing_turns_at_most_32_away_from_head_on_and_flips_past_a_quarter_turn() {
    // The opposing heading is the normal's actor heading plus 1024: a wall facing −Z has
    // normal heading direction(0, −256) = 1024 (bearing 1024, negated, masked), opposing
    // (1024 + 1024) & 2047 = 0 — running +Z runs head-on into it.
    assert_eq!(opposing_heading([0, 0, -256]), 0);
    // Facing +X: normal heading 1536, opposing 512 (running −X); facing −X: 512, 1536.
    assert_eq!(opposing_heading([256, 0, 0]), 512);
    assert_eq!(opposing_heading([-256, 0, 0]), 1536);
    assert_eq!(opposing_heading([0, 0, 256]), 1024);
    // Head-on: difference 0 leaves the movement heading.
    assert_eq!(wall_facing(0, [0, 0, -256], 0), 0);
    // Movement 100 at the −Z wall: difference 0 − 100 = −100, so 32 is added: 132, further
    // from head-on (0).
    assert_eq!(wall_facing(100, [0, 0, -256], 100), 132);
    // Movement 2040 (8 right of head-on): 0 − 2040 = −2040 < −1024 gains 2047 → 7, so 7 is
    // subtracted: 2033. The 2047 correction makes this 7, not 8.
    assert_eq!(wall_facing(2040, [0, 0, -256], 2040), 2033);
    // The +X wall, movement 600 (88 left of head-on 512): 512 − 600 = −88 adds 32 → 632.
    // The earlier double negation took the wall-facing heading as (1024 − 1536) & 2047 =
    // 1536, difference 936, and turned Cyrus to 568, into the wall.
    assert_eq!(wall_facing(600, [256, 0, 0], 600), 632);
    // The −X wall, movement 1500 (36 right of head-on 1536): 1536 − 1500 = 36 subtracts 32.
    assert_eq!(wall_facing(1500, [-256, 0, 0], 1500), 1468);
    // The +Z wall, movement 1030: 1024 − 1030 = −6 adds 6 → 1036.
    assert_eq!(wall_facing(1030, [0, 0, 256], 1030), 1036);
    // A pre-response heading more than 512 from the movement heading flips the result:
    // 700 − 100 = 600 > 512, so 132 + 1024.
    assert_eq!(wall_facing(100, [0, 0, -256], 700), (132 + 1024) & 2047);
    assert_eq!(wall_facing(100, [0, 0, -256], 612), 132, "exactly 512 does not flip");
    // That comparison wraps with a full 2048: 100 − 1700 = −1600 → 448, no flip.
    assert_eq!(wall_facing(100, [0, 0, -256], 1700), 132);
}

/// A quarter turn of the heading convention: +Z (heading 0) goes to −X (heading 512).
fn quarter([x, y, z]: [i32; 3]) -> [i32; 3] {
    [-z, y, x]
}

/// The turn the adjustment takes for a corrected difference.
fn turn_of(c: i32) -> i32 {
    c.signum() * c.abs().min(32)
}

#[test]
fn wall_response_headings_rotate_with_the_case_except_where_the_2047_correction_breaks_it() {
    // Rotating the whole case — the contact normal and the movement displacement by a
    // quarter turn in X/Z, the movement and pre-response headings by 512 — rotates the
    // admission and the adjusted heading, with one exception, the faithful quirk of the
    // 2047 correction. The octant quantisation is symmetric: a quarter turn swaps |X| and
    // |Z|, so the table index 512 × smaller / larger is the same and the reflection adds
    // exactly 512 (only the zero vector, which has no direction, is excluded). The
    // pre-response comparison wraps with a full 2048 and is symmetric. The 2047 correction
    // is not periodic in 2048: when one of the rotated headings wraps past 2047 the raw
    // difference changes by 2048 and the corrected one by 1 (k and k − 1), or flips from
    // 1024 to −1024. That changes the turn exactly when the smaller corrected difference is
    // within 31 of head-on or the pair is ±1024, and the admission exactly when the pair
    // straddles ±512 (the seed's 1536 → −511 passing while 512 fails).
    let mut rng = stros_tests::Rng(0x0a11_f4ce);
    let (mut turn_quirks, mut admission_quirks, mut cases) = (0, 0, 0);
    for _ in 0..200_000 {
        let n = [rng.range(-256, 256), rng.range(-256, 256), rng.range(-256, 256)];
        let d = [rng.range(-5000, 5000), rng.range(-300, 300), rng.range(-5000, 5000)];
        if (n[0] == 0 && n[2] == 0) || (d[0] == 0 && d[2] == 0) {
            continue;
        }
        let pre = rng.range(0, 2047) as u16;
        let m = direction_from_displacement(d[0], d[2]) as i32;
        let c = correct_2047(opposing_heading(n) - m);
        let adjusted = wall_facing(m, n, pre);
        let faces = faces_movement(&BodyContact::new([0; 3], n), m);
        let (mut nr, mut dr) = (n, d);
        for r in 1..=3 {
            cases += 1;
            nr = quarter(nr);
            dr = quarter(dr);
            let q = 512 * r;
            let mr = direction_from_displacement(dr[0], dr[2]) as i32;
            assert_eq!(mr, (m + q) & 2047, "the displacement's heading rotates: {d:?}");
            let pr = ((pre as i32 + q) & 2047) as u16;
            let cr = correct_2047(opposing_heading(nr) - mr);
            let wrapped = cr != c;
            let turn_quirk = wrapped && (c.abs().min(cr.abs()) <= 31 || c.abs() == 1024);
            let rotated = ((adjusted as i32 + q) & 2047) as u16;
            assert_eq!(wall_facing(mr, nr, pr) != rotated, turn_quirk, "{n:?} {d:?} pre {pre} r {r}");
            if turn_quirk {
                assert_ne!(turn_of(c), turn_of(cr));
                turn_quirks += 1;
            }
            let admission_quirk = wrapped && ((-511..=511).contains(&c) != (-511..=511).contains(&cr));
            let faces_r = faces_movement(&BodyContact::new([0; 3], nr), mr);
            let class = stros_core::collision::SurfaceClass::from_normal_y(n[1]);
            let ground = class == SurfaceClass::Ground;
            assert_eq!(faces_r != faces, admission_quirk && !ground, "{n:?} {d:?} r {r}");
            admission_quirks += (admission_quirk && !ground) as u32;
        }
    }
    // The exclusions are real: both quirks occur, and rarely.
    println!("{turn_quirks} turn and {admission_quirks} admission quirks in {cases} rotated cases");
    assert!(turn_quirks > 0 && admission_quirks > 0, "{turn_quirks} {admission_quirks}");
    assert!(
        turn_quirks * 50 < cases && admission_quirks * 50 < cases,
        "{turn_quirks} {admission_quirks} of {cases}"
    );
}

#[test]
fn residual_separation() {
    // |(3000, 4000)| = 5000 → 5000 >> 8 = 19; below 16 the minimum applies.
    assert_eq!(separation_distance(3000, 4000, 16), 19);
    assert_eq!(separation_distance(30, 40, 16), 16);
    // Two walls facing −Z and −X: average (−128, 0, −128) → (−46341, 0, −46341) >> 8 = −182.
    let p = residual_push([10_000, 77, 10_000], &[[0, 0, -256], [-256, 0, 0]], 16).unwrap();
    assert_eq!(p, [10_000 - 182 * 16, 77, 10_000 - 182 * 16]);
    // A contact set with no horizontal normal still reports a result but moves nothing.
    assert_eq!(residual_push([5, 6, 7], &[[0, -256, 0]], 16), Some([5, 6, 7]));
    assert_eq!(residual_push([5, 6, 7], &[], 16), None);
}
