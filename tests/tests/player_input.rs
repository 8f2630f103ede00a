//! Seed 000's ground-turn and startup examples, and the KEYS.INI input rules.

use stros_core::config::SystemConfig;
use stros_core::input::{Action, Bindings, Gait, SCANCODES, forward_backward, gait};
use stros_core::player::{Turn, accumulate, scaled, startup_amount};

#[test]
fn five_right_turns_at_scale_256() {
    let config = SystemConfig::installed();
    let mut turn = Turn::default();
    let mut heading = 0u16;
    let mut headings = Vec::new();
    let mut accumulators = Vec::new();
    for _ in 0..5 {
        heading = turn.update(heading, false, true, 256, &config);
        headings.push(heading);
        accumulators.push(turn.right);
    }
    assert_eq!(accumulators, [12, 24, 36, 48, 48]);
    assert_eq!(headings, [2036, 2012, 1976, 1928, 1880]);
    // Releasing resets that direction only.
    turn.update(heading, true, false, 256, &config);
    assert_eq!((turn.left, turn.right), (12, 0));
}

#[test]
fn turn_accumulators_overshoot_and_scale_separately() {
    // turn_speed 20, limit 48: 20, 40, 60 (overshoot), 60.
    let steps: Vec<i32> = (0..4)
        .scan(0, |a, _| {
            *a = accumulate(*a, true, 20, 48);
            Some(*a)
        })
        .collect();
    assert_eq!(steps, [20, 40, 60, 60]);
    // Each direction is scaled and shifted on its own. Left 12 and right 24 at scale 30:
    // (360 >> 8) − (720 >> 8) = 1 − 2 = −1, where ((12 − 24) × 30) >> 8 would be −2.
    let config = SystemConfig::installed();
    let mut t = Turn { left: 0, right: 12 };
    assert_eq!(t.update(1000, true, true, 30, &config), 999);
    assert_eq!((t.left, t.right), (12, 24));
}

#[test]
fn startup_amounts_quarter_third_half_whole() {
    let amounts: Vec<i32> = (0..4).map(|p| startup_amount(8, 16, 1, p)).collect();
    assert_eq!(amounts, [512, 682, 1024, 2048]);
    // A zero walking speed falls back to attr_forward_speed >> 1, not × 256.
    assert_eq!((0..4).map(|p| startup_amount(0, 40, 1, p)).collect::<Vec<_>>(), [5, 6, 10, 20]);
    assert_eq!(scaled(2048, 128), 1024);
    assert_eq!(scaled(682, 161), (682 * 161) >> 8);
}

#[test]
fn keys_ini_bindings_and_gait() {
    let b = Bindings::default();
    let mut down = [false; SCANCODES];
    down[17] = true; // W
    assert!(b.held(Action::Up, &down));
    assert!(!b.held(Action::Down, &down));
    down[17] = false;
    down[138] = true; // the pad's forward
    assert!(b.held(Action::Up, &down), "either code holds the action");
    let custom = Bindings::from_keys_ini("[input]\nkey_up[0]=72\nkey_b[1] = 999\n").unwrap();
    assert_eq!(custom.codes[0], [72, 138]);
    assert_eq!(custom.codes[5], [57, 0], "out-of-range codes are no key");
    assert!(Bindings::from_keys_ini("[input\n").is_err());
    // Walk/run: sheathed, walk_mode 0 runs unless key_a; walk_mode 1 walks unless key_a;
    // armed, key_a walks.
    assert_eq!([gait(0, false, false), gait(0, true, false)], [Gait::Run, Gait::Walk]);
    assert_eq!([gait(1, false, false), gait(1, true, false)], [Gait::Walk, Gait::Run]);
    assert_eq!([gait(1, false, true), gait(1, true, true)], [Gait::Run, Gait::Walk]);
    assert_eq!(
        [forward_backward(true, true), forward_backward(false, true), forward_backward(false, false)],
        [1, -1, 0]
    );
}
