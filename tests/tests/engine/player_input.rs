//! Seed 000's ground-turn and startup examples, and the KEYS.INI input rules.

use stros_core::actor::motion::{scaled, startup_adjust, walk_amount};
use stros_core::config::SystemConfig;
use stros_core::input::{Action, Bindings, Gait, SCANCODES, forward_backward, gait};
use stros_core::player::{Turn, accumulate, turned};

#[test]
fn five_right_turns_at_scale_256() {
    // The functions the controller runs: Turn::step, then turned.
    let config = SystemConfig::installed();
    let (inc, limit) = (config.turn_speed, config.turn_max_speed);
    assert_eq!((inc, limit), (12, 48));
    let mut turn = Turn::default();
    let mut heading = 0u16;
    let mut headings = Vec::new();
    let mut accumulators = Vec::new();
    for _ in 0..5 {
        heading = turned(heading, turn.step(false, true, inc, limit, 256));
        headings.push(heading);
        accumulators.push(turn.right);
    }
    assert_eq!(accumulators, [12, 24, 36, 48, 48]);
    assert_eq!(headings, [2036, 2012, 1976, 1928, 1880]);
    // Releasing resets that direction only.
    assert_eq!(turn.step(true, false, inc, limit, 256), 12);
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
    let mut t = Turn::default();
    let nets: Vec<i32> = (0..4).map(|_| t.step(true, false, 20, 48, 256)).collect();
    assert_eq!(nets, [20, 40, 60, 60]);
    // Each direction is scaled and shifted on its own. Left 12 and right 24 at scale 30:
    // (360 >> 8) − (720 >> 8) = 1 − 2 = −1, where ((12 − 24) × 30) >> 8 would be −2.
    let mut t = Turn { left: 0, right: 12 };
    let net = t.step(true, true, 12, 48, 30);
    assert_eq!((net, t.left, t.right), (-1, 12, 24));
    assert_eq!(turned(1000, net), 999);
    assert_eq!(turned(5, -12), 2041, "wraps to 2048");
}

#[test]
fn startup_amounts_quarter_third_half_whole() {
    // The steppers' own functions: walk_amount, then startup_adjust by the step counter.
    // A walking speed of 8 is 8 × 256 = 2048; step type 1: 512, 682, 1024, then 2048.
    let amounts: Vec<i32> = (0..4).map(|p| startup_adjust(walk_amount(8, 16), 1, p)).collect();
    assert_eq!(amounts, [512, 682, 1024, 2048]);
    // A zero walking speed falls back to attr_forward_speed >> 1 = 20, not × 256:
    // 20 >> 2, 20 / 3, 20 >> 1, 20.
    assert_eq!(walk_amount(0, 40), 20);
    assert_eq!((0..4).map(|p| startup_adjust(walk_amount(0, 40), 1, p)).collect::<Vec<_>>(), [5, 6, 10, 20]);
    // Types 2 and 3 (newest SOUP.md's table); other types keep the whole distance.
    assert_eq!((0..4).map(|p| startup_adjust(2048, 2, p)).collect::<Vec<_>>(), [0, 680, 1360, 2048]);
    assert_eq!((0..4).map(|p| startup_adjust(2048, 3, p)).collect::<Vec<_>>(), [0, 0, 1024, 2048]);
    assert_eq!((0..4).map(|p| startup_adjust(2048, 0, p)).collect::<Vec<_>>(), [2048; 4]);
    assert_eq!(scaled(2048, 128), 1024);
    assert_eq!(scaled(682, 161), 428, "682 × 161 = 109802, >> 8 = 428");
    assert_eq!(scaled(-5, 100), -2, "-500 >> 8 is arithmetic: −2");
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
