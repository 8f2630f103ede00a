//! Seed 001's "Ordinary actor eligibility" and "Supporting actor motion".

use stros_core::actor::*;
use stros_core::math::Mat3;
use stros_core::units::Angles;

#[test]
fn eligibility_and_debug_exclusions() {
    assert!(Eligibility::default().admitted());
    assert!(!Eligibility { unselected_player: true, ..Default::default() }.admitted());
    assert!(!Eligibility { script_name_excluded: true, ..Default::default() }.admitted());
    assert!(!Eligibility { object_update_exclusion: 2, ..Default::default() }.admitted());
    assert!(!Eligibility { script_control: 0x08 | 0x01, ..Default::default() }.admitted());
    assert!(
        Eligibility { script_control: 0x07, ..Default::default() }.admitted(),
        "only 0x08 excludes the body"
    );
    let mut attrs = [0u8; 256];
    attrs[26] = 1; // slave only
    let mut x = 0;
    apply_debug_exclusions(&attrs, 0, 1, &mut x);
    assert_eq!(x, 0, "disable_master_slaves skips slave-only actors");
    apply_debug_exclusions(&attrs, 1, 0, &mut x);
    assert_eq!(x, 1);
    apply_debug_exclusions(&attrs, 0, 0, &mut x);
    assert_eq!(x, 1, "turning the option off does not clear the exclusion");
    attrs[25] = 1; // master and slave
    let mut y = 0;
    apply_debug_exclusions(&attrs, 1, 0, &mut y);
    assert_eq!(y, 0);
    apply_debug_exclusions(&attrs, 0, 1, &mut y);
    assert_eq!(y, 1);
}

#[test]
fn a_raft_carries_and_turns_its_rider() {
    // The raft moves 1000 along X and turns left a quarter (heading 0 → 512); the rider
    // stands 2560 to its +X side.
    let support = SupportPose {
        position: [11_000, 0, 5_000],
        entry_position: [10_000, 0, 5_000],
        angles: Angles::new(0, 512, 0),
        previous_angles: Angles::new(0, 0, 0),
    };
    let (mut rider, mut heading) = ([12_560, -100, 5_000], 100u16);
    carry_rider(&mut rider, &mut heading, &support, 1);
    // Offset (2560, −100, 0) through the current rows (c, 0, s), (0, 1, 0), (−s, 0, c) with
    // s = sin(1536) = −1 and c the stored residual: X = c × 2560 → 0, Z = 2560.
    let m = Mat3::from_orientation(support.angles);
    assert_eq!(m.transform_int([2560, -100, 0]), [0, -100, 2560]);
    assert_eq!((rider, heading), ([11_000, -100, 7_560], 612));
    // Attribute 24 zero: nothing moves.
    let (mut r2, mut h2) = ([1, 2, 3], 9u16);
    carry_rider(&mut r2, &mut h2, &support, 0);
    assert_eq!((r2, h2), ([1, 2, 3], 9));
    // No motion, no turn: the rider stays put exactly.
    let still = SupportPose { entry_position: support.position, previous_angles: support.angles, ..support };
    let (mut r3, mut h3) = ([11_123, -50, 6_789], 7u16);
    carry_rider(&mut r3, &mut h3, &still, 1);
    assert_eq!((r3, h3), ([11_123, -50, 6_789], 7));
}
