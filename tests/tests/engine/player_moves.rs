//! The player's jumps, ledges and swimming on the embedded island (issue 17): the scenarios
//! of `tests/scenarios/` replayed against their golden traces, and beside each golden the
//! values the newest `engine/player.md` gives, derived here independently of the code: the
//! vertical factors and the two writers, the pre-script displacement of a running jump, the
//! climb tables frame by frame, the hang pose, the groups in order.

use std::path::Path;
use stros_core::actor::living;

use stros_core::actor::Actor;
use stros_core::anim::AnimEvent;
use stros_core::collision::support::Source;
use stros_core::world::Event;
use stros_host::Opened;

/// What one update left.
#[derive(Clone, Debug)]
struct S {
    a: Actor,
    fine: i32,
    scale: i32,
    events: Vec<Event>,
    /// The player's presented model Y (map units).
    model_y: f32,
}

/// Replays `tests/scenarios/<name>.toml`: its trace and the player after each update.
fn play(name: &str) -> (String, Vec<S>) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios").join(format!("{name}.toml"));
    let opened = Opened::scenario(&path).unwrap();
    let mut session = opened.session().unwrap();
    let mut trace = String::new();
    let mut out = Vec::new();
    while let Some(u) = session.next_recorded() {
        session.step(&u.input, u.bios, u.scale);
        let w = &session.world;
        trace.push_str(&stros_tools::replay::trace_line(w, w.report()));
        trace.push('\n');
        let id = w.selected_player_id().unwrap();
        let model_y = w.placed_actors().find(|p| p.0 == id).map_or(f32::NAN, |p| p.3.position[1]);
        out.push(S {
            a: w.actor(id).unwrap().clone(),
            fine: w.report().tick.fine_ticks,
            scale: w.report().tick.frame_scale,
            events: w.report().events.iter().filter(|e| e.actor == id).map(|e| e.event).collect(),
            model_y,
        });
    }
    (trace, out)
}

/// The current groups in order, repeats folded.
fn groups(s: &[S]) -> Vec<i16> {
    let mut g: Vec<i16> = s.iter().map(|x| x.a.anim.current).collect();
    g.dedup();
    g
}

/// The vertical factor, as the docs give it: `256 × (900 − (29 − i)²) / 900` below 30, 256
/// from 30 to 69.
fn factor(i: i32) -> i32 {
    if i < 30 { 256 * (900 - (29 - i) * (29 - i)) / 900 } else { 256 }
}

/// Standing height −2, Cyrus's positive Y extent 62: an origin on ground at `g` (map units).
fn standing(g: i32) -> i32 {
    (g - 62 - 2) * 256
}

/// Checks every airborne update from `from` (the jump's update, timer 0) against the two
/// writers: queued `Y = origin − 80 × f(t)`, `t += fine`, handing over to falling once
/// `f(t) > 255`; falling with `t > 0` the same height and `t −= fine`, with `t ≤ 0`
/// `Y += min(50 × 512 − 256, 80 × f(0) × (fine + 2))`. Jump height 80 and
/// `post_collide_height` 50 are the installed SYSTEM.INI's. Returns the landing update.
fn check_writers(s: &[S], from: usize) -> usize {
    let origin = s[from].a.fall_origin;
    let mut t = 0i32;
    let mut queued = true;
    let mut y = origin;
    for (k, x) in s.iter().enumerate().skip(from) {
        if !queued && x.a.falling == 0 {
            return k;
        }
        if queued {
            y = origin - 80 * factor(t);
            t += x.fine;
            if factor(t) > 255 {
                queued = false;
                assert_eq!(
                    (x.a.queued, x.a.falling & 0x7f),
                    (0, s[from].a.queued & 0x7f),
                    "update {k}: handed over"
                );
            } else {
                assert_ne!(x.a.queued, 0, "update {k}");
            }
        } else if t > 0 {
            y = origin - 80 * factor(t);
            t -= x.fine;
        } else {
            y += (50 * 512 - 256).min(80 * factor(0) * (x.fine + 2));
        }
        assert_eq!(x.a.position[1], y, "update {k}");
    }
    panic!("never landed");
}

#[test]
fn a_standing_jump_rises_and_falls_by_the_vertical_factors() {
    let (trace, s) = play("standing_jump");
    stros_tests::assert_golden("standing_jump.jsonl", &trace);
    let ground = standing(-240);
    let j = s.iter().position(|x| x.a.queued != 0).unwrap();
    // Script Jump's last row (current group 0, no weapon, no torch): queued 1, group 32; the
    // fall origin is where he stood, motion direction 2, the stable position invalid.
    assert_eq!((s[j].a.queued, s[j].a.fall_origin, s[j].a.motion_direction), (1, ground, 2));
    let land = check_writers(&s, j);
    // The first rise, 80 × f(0) = 80 × 16, and the peak 80 × 256 above the origin.
    assert_eq!(s[j].a.position[1], ground - 1280);
    assert_eq!(s[j..land].iter().map(|x| x.a.position[1]).min(), Some(ground - 80 * 256));
    // Landing: the ground again, falling clear, no hurt (the distance is 0).
    assert_eq!((s[land].a.position[1], s[land].a.falling), (ground, 0));
    assert!(s.iter().all(|x| x.events.iter().all(|e| !matches!(e, Event::Health { .. }))));
    // Take-off 32, rising 39 (queued state 1), falling 56 (falling state 1), landing 65.
    assert_eq!(groups(&s), [0, 32, 39, 56, 65, 0]);
}

#[test]
fn a_running_jump_crosses_the_gap() {
    let (trace, s) = play("running_jump");
    stros_tests::assert_golden("running_jump.jsonl", &trace);
    let j = s.iter().position(|x| x.a.queued != 0).unwrap();
    // The window's accepted bit 0 asked the ordinary jump entry for 8 while running (18):
    // queued 8, group 34 requested.
    assert!(s[j].events.contains(&Event::JumpEntry { entry: 8 }));
    assert_eq!((s[j].a.queued, s[j].a.anim.current, s[j].a.anim.pending), (8, 18, 34));
    // The pre-script stage from the next update: (0x10000 / jump_time 6) × scale >> 8 along
    // the heading (+X), accumulated up to 0x18000, nothing else moving X meanwhile.
    let mut acc = 0;
    let mut k = j + 1;
    while s[k - 1].a.queued != 0 || s[k - 1].a.falling != 0 {
        let step = (((0x10000 / 6) * s[k].scale) >> 8).min(0x18000 - acc);
        acc += step;
        assert_eq!(s[k].a.position[0] - s[k - 1].a.position[0], step, "update {k}");
        k += 1;
    }
    assert_eq!(acc, 0x18000, "the whole 384 units");
    // Landed on the second block (x 40040 to 40320, top −304), with the running-jump landing.
    let land = k - 1;
    assert_eq!(s[land].a.falling, 0);
    assert!(matches!(s[land].a.support.source, Source::Model(_)));
    assert_eq!((s[land].a.support.height, s[land].a.position[1]), (-304, standing(-304)));
    assert!((40_040 * 256..40_320 * 256).contains(&s[land].a.position[0]));
    // Run 18, take-off 34, airborne 44 (queued 8), falling off a run 59 (falling 8 near its
    // origin), landing 67 (falling 8, unarmed, no torch).
    let g = groups(&s);
    let from = g.iter().position(|&x| x == 34).unwrap();
    assert_eq!(g[from - 1..from + 5], [18, 34, 44, 59, 67, 18]);
}

// The climb tables as {D:engine/player.md} "Ledge transition" prints them (map units),
// written out here rather than imported, so the climbs are checked against the docs and not
// against the code's own copy.
const LOW_HEIGHT: [i32; 22] =
    [35, 35, 35, 35, 38, 29, 15, 0, -7, -21, -42, -56, -58, -60, -59, -61, -61, -61, -61, -61, -61, -61];
const LOW_FORWARD: [i32; 22] = [28, 28, 27, 27, 28, 24, 21, 16, 8, 7, 6, 5, 4, 4, 4, 5, 4, 3, 2, 2, 2, 2];
const HIGH_HEIGHT: [i32; 26] = [
    81, 67, 45, 24, 11, -1, -19, -28, -29, -29, -29, -29, -45, -53, -58, -60, -61, -61, -60, -60, -60, -60,
    -60, -60, -60, -60,
];
const HIGH_FORWARD: [i32; 26] =
    [30, 30, 30, 26, 20, 16, 8, 3, -6, -6, -4, 0, -6, -3, 1, 0, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2];

#[test]
fn the_climb_tables_are_the_docs() {
    use stros_core::player::ledge;
    assert_eq!((ledge::LOW_HEIGHT, ledge::LOW_FORWARD), (LOW_HEIGHT, LOW_FORWARD));
    assert_eq!((ledge::HIGH_HEIGHT, ledge::HIGH_FORWARD), (HIGH_HEIGHT, HIGH_FORWARD));
}

/// The climb frames of `s`: `(real_frame, cursor)` and the position.
fn climb_frames(s: &[S], group: i16, living: u8) -> Vec<(usize, i32, [i32; 3])> {
    s.iter()
        .filter(|x| x.a.living == living && x.a.anim.current == group)
        .map(|x| (x.a.anim.real_frame as usize, x.a.anim.cursor as i32, x.a.position))
        .collect()
}

#[test]
fn a_low_climb_follows_its_tables() {
    let (trace, s) = play("low_climb");
    stros_tests::assert_golden("low_climb.jsonl", &trace);
    // The wall's face is at Z 31600 (runtime 8089600); the ledge heading is 0, so the climb's
    // offsets at heading 1024 move −Z: Z = 8089600 − (low_forward[f] × 256 − lag), lag =
    // max(0, cursor − 23 / 2) × 256 (22 frames and the end). Y from frame 7 on: the top (−304)
    // plus (low_height[f] + standing_height −2) × 256; before it, where he stood.
    let frames = climb_frames(&s, 90, 13);
    assert!(frames.len() >= 18, "{}", frames.len());
    let x0 = s[0].a.position[0];
    for &(f, cursor, p) in &frames {
        let lag = (cursor - 11).max(0) * 256;
        assert_eq!(p[2], 8_089_600 - (LOW_FORWARD[f] * 256 - lag), "frame {f}");
        assert_eq!(p[0], x0, "frame {f}");
        let y = if f > 6 { -304 * 256 + (LOW_HEIGHT[f] - 2) * 256 } else { standing(-240) };
        assert_eq!(p[1], y, "frame {f}");
    }
    // Frame 0 is 28 from the wall; then on the block, standing.
    assert_eq!(frames[0].2[2], 8_089_600 - 28 * 256);
    let last = s.last().unwrap();
    assert_eq!((last.a.living, last.a.support.height, last.a.position[1]), (0, -304, standing(-304)));
    assert!(groups(&s).starts_with(&[0, 90]));
}

#[test]
fn a_high_ledge_is_caught_hung_from_sidestepped_and_climbed() {
    let (trace, s) = play("high_ledge");
    stros_tests::assert_golden("high_ledge.jsonl", &trace);
    // The tall wall's top is at −500 (260 above the plateau). The catch (states 19, 14, 15 in
    // one call) puts him 30 from the wall (high_forward[0]) and forces 89: the wall continues
    // 24 below the hands (record byte 0).
    let catch = s.iter().position(|x| x.a.living == living::HANGING).unwrap();
    assert_eq!((s[catch].a.anim.current, s[catch].a.position[2]), (89, 8_089_600 - 30 * 256));
    assert_eq!(s[catch].a.queued + s[catch].a.falling, 0, "motion cleared");
    // The hang pose: Y = top × 256 + standing_height × 256 + |grip Y| + 512, the grip vertex
    // 100 above the origin in the hang frame: −500 × 256 − 512 + 25600 + 512 = −400 × 256.
    let hanging: Vec<&S> =
        s.iter().filter(|x| x.a.living == living::HANGING && x.a.anim.current == 7).collect();
    assert!(!hanging.is_empty());
    assert!(hanging.iter().all(|x| x.a.position[1] == -400 * 256 && x.a.position[2] == 8_081_920));
    // Hanging, the forward probes are the state-fifteen bounds response: its first segment
    // runs at X +24 from Z +11 to +38 at the feet (the extents' magnitudes, not negated),
    // through the wall 30 ahead, so every hanging update marks 0x40.
    assert!(hanging.iter().all(|x| x.a.body_response & 0x40 != 0));
    // The sidestep left: group 28, X falling, Y and Z kept by the hang.
    let side: Vec<&S> =
        s.iter().filter(|x| x.a.living == living::HANGING && x.a.anim.current == 28).collect();
    assert!(side.windows(2).any(|w| w[1].a.position[0] < w[0].a.position[0]));
    assert!(side.iter().all(|x| x.a.position[1] == -400 * 256));
    // The climb (16, then 11 with 86): Z = 8089600 − (high_forward[f] × 256 − lag), lag over
    // 26 frames and the end (half 13), and Y = −500 × 256 + (high_height[f] − 2) × 256.
    let frames = climb_frames(&s, 86, 11);
    assert!(frames.len() >= 15, "{}", frames.len());
    for &(f, cursor, p) in &frames {
        let lag = (cursor - 13).max(0) * 256;
        assert_eq!(p[2], 8_089_600 - (HIGH_FORWARD[f] * 256 - lag), "frame {f}");
        assert_eq!(p[1], -500 * 256 + (HIGH_HEIGHT[f] - 2) * 256, "frame {f}");
    }
    let last = s.last().unwrap();
    assert_eq!((last.a.living, last.a.support.height, last.a.position[1]), (0, -500, standing(-500)));
    let g = groups(&s);
    let from = g.iter().position(|&x| x == 32).unwrap();
    assert_eq!(g[from..from + 6], [32, 39, 89, 7, 28, 7], "{g:?}");
    assert!(g.contains(&86));
}

#[test]
fn letting_go_of_a_hang_falls_to_the_ground() {
    let (trace, s) = play("release_fall");
    stros_tests::assert_golden("release_fall.jsonl", &trace);
    let hang = s.iter().position(|x| x.a.living == living::HANGING).unwrap();
    let drop = s[hang..].iter().position(|x| x.a.living == living::NONE).unwrap() + hang;
    // The release: state 17 forces 56 and sets the action-transition counter to 6, living
    // state 0; the support miss then starts a fall from the hang (98 above the ground).
    assert_eq!((s[drop].a.anim.current, s[drop].a.falling), (56, 1));
    assert_eq!(s[drop].a.position[1], -400 * 256);
    let land = s[drop..].iter().position(|x| x.a.falling == 0).unwrap() + drop;
    assert_eq!((s[land].a.position[1], s[land].a.support.height), (standing(-240), -240));
    // 98 units is below the hurt height: no health change.
    assert!(s.iter().all(|x| x.events.iter().all(|e| !matches!(e, Event::Health { .. }))));
}

#[test]
fn swimming_out_from_the_pier_and_back() {
    let (trace, s) = play("swim");
    stros_tests::assert_golden("swim.jsonl", &trace);
    // Into deep water (scape deep water, surface 4): the transition requests the swim group
    // 142 after forward motion, makes effect 0x2500 and sound 71 varied by a draw below 64
    // less 32.
    let into = s.iter().position(|x| x.a.surface == 4).unwrap();
    assert_eq!(s[into].a.anim.pending, 142);
    let effect = |x: &S| {
        x.events.iter().any(|e| matches!(e, Event::Anim(AnimEvent::Effect { descriptor: 0x2500, .. })))
    };
    let sound = |x: &S, id: i16| {
        x.events
            .iter()
            .any(|e| matches!(e, Event::Sound(r) if r.effect == id && (-32..32).contains(&r.offset_hz)))
    };
    assert!(effect(&s[into]) && sound(&s[into], 71));
    // Swimming (142) and treading (141, the deep-water default) with the model 64 + 40
    // (`swim_depth`) below the logical Y.
    let swim: Vec<&S> =
        s.iter().filter(|x| x.a.surface == 4 && (141..=143).contains(&x.a.anim.current)).collect();
    assert!(swim.iter().any(|x| x.a.anim.current == 141) && swim.iter().any(|x| x.a.anim.current == 142));
    assert!(swim.iter().all(|x| x.model_y == ((x.a.position[1] >> 8) + 64 + 40) as f32));
    // Back out: leaving deep water after forward motion requests the run 18, with effect and
    // sound 70.
    let out = s[into..].iter().position(|x| x.a.surface != 4).unwrap() + into;
    assert_eq!(s[out].a.anim.pending, 18);
    assert!(effect(&s[out]) && sound(&s[out], 70));
    assert!(s[out].a.position[2] > s[into].a.position[2] - 1024, "he came back north");
}

#[test]
fn a_high_ledge_is_climbed_from_the_ground() {
    let (trace, s) = play("high_climb");
    stros_tests::assert_golden("high_climb.jsonl", &trace);
    // The block's top is at −360 (120 above the plateau): from where he stands (origin at
    // −304) that is between Y − neg − reach (−304 − 66 − 25 = −395) and Y − neg / 4 (−320):
    // class 2, a high ledge. State 10 sets Y to the ledge's and requests 86; state 11 then
    // writes Z = 8089600 − (high_forward[f] × 256 − lag) and Y = −360 × 256 +
    // (high_height[f] − 2) × 256 each frame.
    let frames = climb_frames(&s, 86, 11);
    assert!(frames.len() >= 15, "{}", frames.len());
    for &(f, cursor, p) in &frames {
        let lag = (cursor - 13).max(0) * 256;
        assert_eq!(p[2], 8_089_600 - (HIGH_FORWARD[f] * 256 - lag), "frame {f}");
        assert_eq!(p[1], -360 * 256 + (HIGH_HEIGHT[f] - 2) * 256, "frame {f}");
    }
    let last = s.last().unwrap();
    assert_eq!((last.a.living, last.a.support.height, last.a.position[1]), (0, -360, standing(-360)));
    assert!(s.iter().all(|x| x.a.queued == 0), "the ledge entry took the jump's place");
}

#[test]
fn stable_recovery_puts_a_sticking_runner_back_on_the_stairs() {
    // "Stable recovery probe" and "response": with attribute 89 (stick_to_surface) set, a fall
    // asks for recovery; the probe 24 ahead of him finds no ground within 50 of his feet (he
    // has run off the top of the yard's stairs, 156 up), so he goes back to his stable
    // position — falling cleared, collision transition bit 1 — and the ground response run
    // once more finds the top tread under him. Without the attribute he falls.
    use stros_core::files::Embedded;
    use stros_core::input::{Action, Input};
    let top = [30_812 * 256, -460 * 256, 28_286 * 256];
    let run = Input::with(&[Action::Up]);
    for stick in [0u8, 1] {
        let mut w = stros_tests::island();
        let id = w.enter_at(&Embedded, top, 0, true).unwrap();
        w.actor_mut(id).unwrap().attributes[89] = stick;
        let (mut lowest, mut recovered) = (i32::MIN, false);
        for b in 0..16 {
            w.step(&run, b * 2);
            let a = w.actor(id).unwrap();
            lowest = lowest.max(a.position[1]);
            recovered |= a.transition == 0x01;
        }
        let a = w.actor(id).unwrap();
        if stick == 1 {
            assert!(recovered, "recovery ran");
            assert_eq!((a.falling, a.position[1]), (0, (-396 - 64) * 256), "back on the top tread");
            assert!(lowest <= (-396 - 64) * 256, "never below the top: {}", lowest / 256);
        } else {
            assert!(lowest > (-396 - 64) * 256, "he fell: {}", lowest / 256);
        }
    }
}

#[test]
fn standing_still_brings_the_idle_fidgets() {
    // "Idle animation requests": the clock's measurement adds one to the idle counter per
    // 18 BIOS ticks; standing in group 0, a counter above 12 requests group 1, 2 or 3 (the
    // random generator's low two bits, 3 drawn again, plus one), the counter becoming −1.
    // Below health 40 the threshold is 4 and the group 4. Two BIOS ticks an update: 117
    // updates pass 13 windows.
    use stros_core::input::Input;
    for (health, want) in [(100u8, 1..=3), (30, 4..=4)] {
        let (mut w, id) = stros_tests::entered(0, 0);
        w.actor_mut(id).unwrap().attributes[3] = health;
        let mut first = None;
        for k in 0..200u32 {
            w.step(&Input::NONE, 2 * k);
            let a = w.actor(id).unwrap();
            if a.anim.current != 0 && first.is_none() {
                first = Some((k, a.anim.current, w.player_state().idle));
            }
        }
        let (k, group, idle) = first.expect("a fidget");
        assert!(want.contains(&group), "health {health}: group {group}");
        assert_eq!(idle, -1, "the request set the counter to -1");
        // Counter above 12 (4): the 13th (5th) window, 18 ticks each, at two ticks an update.
        let windows = if health < 40 { 5 } else { 13 };
        assert!((k as i32 * 2 / 18 - windows).abs() <= 1, "health {health}: update {k}");
    }
}

#[test]
fn the_look_key_holds_movement() {
    // "Ordinary controller dispatch": the view key (KEYS.INI key_c) returns before the
    // ordinary movement dispatch. Forward with it held does not move Cyrus; without it, he
    // runs.
    use stros_core::input::{Action, Input};
    for (keys, moves) in [(&[Action::Up, Action::Look][..], false), (&[Action::Up][..], true)] {
        let (mut w, id) = stros_tests::entered(0, 0);
        let start = w.actor(id).unwrap().position;
        for k in 0..10 {
            w.step(&Input::with(keys), 2 * k);
        }
        assert_eq!(w.actor(id).unwrap().position != start, moves, "{keys:?}");
    }
}

#[test]
fn a_fatal_landing_on_steep_support_only_raises_the_pending_action() {
    // The steep branch of "Ordinary landing decision": dropped from 2000 onto the plateau's
    // north bank (class 2, normal Y −78) with the support-history counter held nonzero — his
    // alternate collision mode, which bypasses ground prevalidation so the bank is not taken
    // as a sliding surface first — the fatal landing only raises the pending action flag, and
    // falling stays set. The controller then takes action 74 while sliding is clear: the
    // death override, health −255 through his death-owning health, 100 − 255 clamped to 0,
    // so he dies ({D:engine/SOUP.md} "Selected-player death-owning health mode"): hit
    // inhibition, death selector 8, the override 74 kept. The flag stays.
    use stros_core::files::Embedded;
    use stros_core::input::Input;
    let mut w = stros_tests::island();
    let id = w.enter_at(&Embedded, [35_000 * 256, -2000 * 256, 35_800 * 256], 0, false).unwrap();
    let mut raised = None;
    for k in 0..40 {
        w.shared_mut().history.0 = 100;
        w.step(&Input::NONE, 2 * k);
        if raised.is_none() && w.player_state().pending_action {
            let a = w.actor(id).unwrap();
            raised = Some((a.falling, a.support.class, a.attributes[3]));
        }
    }
    let (falling, class, health) = raised.expect("the flag rose");
    assert_ne!(falling, 0, "falling stays set");
    assert_eq!(class, Some(stros_core::collision::SurfaceClass::Steep));
    assert_eq!(health, 100, "no health change with the flag itself");
    let p = w.player_state();
    assert_eq!((p.pending_action, p.death_override, p.death.hit_inhibition), (true, Some(74), true));
    let a = w.actor(id).unwrap();
    assert_eq!((a.attributes[3], a.lifecycle), (0, 8), "action 74 killed him");
}

#[test]
fn a_hurting_slide_ends_with_a_directional_step() {
    // "Slide termination": standing on level ground (support found, no sliding surface) with
    // the sliding byte set, an accumulated distance over slide_hurt_height × 256 (installed
    // 1024 × 256) first takes directional displacement 0x800 — direction 2 in group 75 or
    // 77, direction 3 otherwise — then, for the selected player, the death override 74 and
    // health −slide_hurt_zap (10) through his death-owning health; nonfatal (100 − 10 = 90),
    // that health's nonfatal path clears the override again and leaves hit inhibition clear
    // ({D:engine/SOUP.md} "Selected-player death-owning health mode"); the sliding byte
    // clears. "Directional ordinary
    // displacement": direction 3 at heading + 1024, the translation −heading & 2047: heading
    // 0 gives angle 1024, sin 0 and cos −1, so Z loses 0x800 = 2048; direction 2 at the
    // heading itself adds it. The step writes the motion direction and marks its indicator,
    // so the movement bits it sets (backward 0xc0 = counter 3 at bits 6–7, forward 0x30 =
    // counter 3 at bits 4–5) survive the update's end; a bare translation would leave both
    // the direction and the counters at 0.
    use stros_core::actor::Direction;
    use stros_core::input::Input;
    for (group, direction, dz, counter) in
        [(0, 3, -2048, Direction::Backward), (75, 2, 2048, Direction::Forward)]
    {
        let (mut w, id) = stros_tests::entered(0, 0);
        for k in 0..3 {
            w.step(&Input::NONE, 2 * k);
        }
        let a = w.actor_mut(id).unwrap();
        (a.sliding, a.slide_distance, a.anim.current) = (1, 1024 * 256 + 1, group);
        let before = a.clone();
        assert_eq!((before.angles.heading, before.motion_direction, before.steps.packed), (0, 0, 0));
        w.step(&Input::NONE, 6);
        let a = w.actor(id).unwrap();
        let moved = [0, 1, 2].map(|k| a.position[k] - before.position[k]);
        assert_eq!(moved, [0, 0, dz], "group {group}");
        assert_eq!((a.motion_direction, a.steps.get(counter)), (direction, 3), "group {group}");
        assert_eq!((a.sliding, a.attributes[3]), (0, 90));
        let p = w.player_state();
        assert_eq!((p.death_override, p.death.hit_inhibition, a.lifecycle), (None, false, 0));
    }
}

#[test]
fn the_preliminary_countdowns_count_down_by_the_nominal_ticks() {
    // "Controller initialization and preliminary state": three unsigned countdowns in whole
    // nominal ticks; each nonzero one loses the update's nominal-tick increment, saturating
    // at zero. The conditional one moves only while queued and falling are both zero; the
    // two unconditional ones move on every controller call. Starting from (conditional,
    // unconditional) = (5, [5, 1]) and summing the ticks T of the updates run so far, each
    // is max(0, start − T) while motion is clear. Then, with queued motion set, the
    // conditional one is frozen at its value while the unconditional ones keep going.
    use stros_core::input::Input;
    let (mut w, id) = stros_tests::entered(0, 0);
    for k in 0..3 {
        w.step(&Input::NONE, 2 * k);
    }
    let p = w.player_state_mut();
    (p.conditional, p.unconditional) = (5, [5, 1]);
    let mut spent = 0u32;
    for k in 3..12 {
        let ticks = w.step(&Input::NONE, 2 * k).tick.nominal_ticks as u32;
        spent += ticks;
        let p = w.player_state();
        let expect = |start: u32| start.saturating_sub(spent);
        assert_eq!(
            (p.conditional, p.unconditional),
            (expect(5), [expect(5), expect(1)]),
            "after {spent} ticks"
        );
    }
    assert!(spent >= 5, "the countdowns reached zero ({spent} ticks)");
    // Frozen under queued motion: the conditional one keeps 4 while the others lose the ticks.
    let p = w.player_state_mut();
    (p.conditional, p.unconditional) = (4, [4, 4]);
    w.actor_mut(id).unwrap().queued = 1;
    let ticks = w.step(&Input::NONE, 24).tick.nominal_ticks as u32;
    assert!(ticks > 0, "an update with ticks");
    let p = w.player_state();
    assert_eq!((p.conditional, p.unconditional), (4, [4 - ticks, 4 - ticks]));
}
