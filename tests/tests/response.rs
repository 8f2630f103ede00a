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
fn wall_facing_turns_at_most_32_and_flips_past_a_quarter_turn() {
    // Normal facing −Z (heading 1024): the wall-facing heading is (1024 − 1024) = 0.
    assert_eq!(wall_facing(0, [0, 0, -256], 0), 0);
    // Movement heading 100: difference 0 − 100 = −100 adds 32.
    assert_eq!(wall_facing(100, [0, 0, -256], 100), 132);
    // Movement heading 2040: difference −2040 + 2047 = 7 subtracts 7.
    assert_eq!(wall_facing(2040, [0, 0, -256], 2040), 2033);
    // A pre-response heading more than 512 away from the movement heading flips it.
    assert_eq!(wall_facing(100, [0, 0, -256], 700), (132 + 1024) & 2047);
    assert_eq!(wall_facing(100, [0, 0, -256], 612), 132, "exactly 512 does not flip");
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
