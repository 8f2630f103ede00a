//! Seed 001's animation rules on hand-built groups, with exact cursor, countdown, loop,
//! group and frame values after each advance; the FLAG2 PushAnimation task; a golden trace
//! of the embedded world's CYRUS walk and FLAG2 groups.

use stros_core::actor::default::*;
use stros_core::actor::living;
use stros_core::actor::{Actor, Combat};
use stros_core::anim::task::{PushAnimation, TaskStatus, wait_anim_frame};
use stros_core::anim::{AnimContext, AnimEvent, AnimSet, AnimState, Events, NO_GROUP, Outcome, Pose};
use stros_core::formats::rgm::{Command, Rgm};
use stros_tools::write::rgm::{ActorDesc, GroupDesc, RaanDesc, RgmDesc, to_bytes};

use Command::{
    BreakPoint as Bp, DelayCounter as Delay, EndAnimation as End, GoToFuture as Fut, GoToPrevious as Prev,
    PlaySound, ShowFrame,
};

fn sf(frame: u32) -> Command {
    ShowFrame { frame }
}

fn scene(groups: Vec<GroupDesc>) -> Vec<u8> {
    let actor = ActorDesc {
        name: b"TEST".to_vec(),
        raan: vec![RaanDesc { frame_count: 12, model_type: b'c', path: b"TEST.3DC".to_vec() }],
        groups,
        ..ActorDesc::default()
    };
    to_bytes(&RgmDesc { actors: vec![actor], ..RgmDesc::default() })
}

fn g(number: u16, reload: u16, kind: u16, commands: Vec<Command>) -> GroupDesc {
    GroupDesc { number, anim_id: reload, kind, commands }
}

macro_rules! with_set {
    ($groups:expr, |$set:ident| $body:block) => {{
        let bytes = scene($groups);
        let rgm = Rgm::new_checked(&bytes).unwrap();
        let actor = rgm.actor(0).unwrap();
        let $set = AnimSet::from_actor(&actor).unwrap();
        $body
    }};
}

/// A living, sheathed actor with an animation state (set index 0) and a combat record.
fn fighter(attributes: [u8; 256]) -> Actor {
    let mut a = Actor::new(0, attributes);
    a.set = Some(0);
    a.combat = Some(Combat::new(0, &attributes));
    a
}

fn pose(frame: u16) -> Option<Pose> {
    Some(Pose { model: 0, frame })
}

fn idle_and_walk() -> Vec<GroupDesc> {
    vec![
        g(0, 1, 0, vec![sf(0), sf(0), Prev { target: 0 }]),
        g(
            20,
            1,
            1,
            vec![
                sf(1),
                Bp { operand: 0 },
                sf(2),
                sf(3),
                Fut { target: 6 },
                Prev { target: 0 },
                sf(4),
                PlaySound { effect: 3, rate: 0 },
                End { operand: 0 },
            ],
        ),
    ]
}

#[test]
fn type_one_walk_runs_its_exit_tail_and_starts_the_default_in_the_same_advance() {
    with_set!(idle_and_walk(), |set| {
        let mut a = AnimState::default();
        let mut ev = Events::default();
        // Actor setup: two ordinary requests for group 0.
        a.request(&mut AnimContext::new(&set, 1, &mut ev), 0, 0);
        a.request(&mut AnimContext::new(&set, 1, &mut ev), 0, 0);
        assert_eq!((a.current, a.pending, a.pose), (0, NO_GROUP, pose(0)));
        // Requesting the walk clears the current default and starts 20 at once: countdown
        // 1 decrements to 0 with the shared tick, command 0 is shown.
        a.request(&mut AnimContext::new(&set, 1, &mut ev), 20, 0);
        assert_eq!((a.current, a.cursor, a.countdown, a.pose), (20, 0, 0, pose(1)));
        // Next tick: the countdown expired, the cursor steps to the BreakPoint, which sets
        // the marker, and frame 2 is selected.
        assert_eq!(a.advance(&mut AnimContext::new(&set, 1, &mut ev)), Outcome::Frame);
        assert_eq!((a.cursor, a.pose, a.marker, a.real_frame), (2, pose(2), true, 1));
        assert_eq!(a.advance(&mut AnimContext::new(&set, 1, &mut ev)), Outcome::Frame);
        assert_eq!((a.cursor, a.pose, a.marker, a.real_frame), (3, pose(3), false, 2));
        // The default becomes pending; GoToFuture takes the exit tail.
        a.request(&mut AnimContext::new(&set, 1, &mut ev), 0, 0);
        assert_eq!((a.current, a.pending), (20, 0));
        a.advance(&mut AnimContext::new(&set, 1, &mut ev));
        assert_eq!((a.cursor, a.pose, a.exit, a.pending), (6, pose(4), true, 0), "the pending default waits");
        // PlaySound, then EndAnimation starts the default in this same advance.
        ev.queue.clear();
        a.advance(&mut AnimContext::new(&set, 1, &mut ev));
        assert_eq!((a.current, a.pending, a.cursor, a.pose, a.exit), (0, NO_GROUP, 0, pose(0), false));
        assert_eq!(&ev.queue[..], &[AnimEvent::Sound { effect: 3, rate: 0 }, AnimEvent::StopSound]);
    })
}

#[test]
fn a_pending_non_default_replaces_a_type_one_group_once_the_exit_marker_is_set() {
    let mut groups = idle_and_walk();
    groups.push(g(30, 2, 0, vec![sf(9), Prev { target: 0 }]));
    with_set!(groups, |set| {
        let (mut a, mut ev) = (AnimState::default(), Events::default());
        a.request(&mut AnimContext::new(&set, 1, &mut ev), 20, 0);
        a.advance(&mut AnimContext::new(&set, 1, &mut ev));
        a.advance(&mut AnimContext::new(&set, 1, &mut ev));
        a.request(&mut AnimContext::new(&set, 1, &mut ev), 30, 0);
        a.advance(&mut AnimContext::new(&set, 1, &mut ev));
        assert_eq!((a.current, a.cursor, a.exit), (20, 6, true), "GoToFuture took the exit");
        // The next advance replaces 20 by 30 before the countdown: countdown 2 → 1, frame 9.
        a.advance(&mut AnimContext::new(&set, 1, &mut ev));
        assert_eq!((a.current, a.pending, a.cursor, a.countdown, a.pose), (30, NO_GROUP, 0, 1, pose(9)));
    })
}

#[test]
fn multi_tick_advances_skip_frames_and_zero_ticks_still_interpret() {
    let frames = vec![
        Bp { operand: 0 },
        sf(0),
        sf(1),
        PlaySound { effect: 1, rate: 2 },
        sf(2),
        sf(3),
        sf(4),
        sf(5),
        Prev { target: 1 },
    ];
    with_set!(vec![g(0, 1, 0, frames)], |set| {
        let (mut a, mut ev) = (AnimState::default(), Events::default());
        // Zero ticks: no countdown change, but the BreakPoint is interpreted before frame 0.
        a.request(&mut AnimContext::new(&set, 0, &mut ev), 0, 0);
        assert_eq!((a.cursor, a.countdown, a.marker, a.pose), (1, 1, true, pose(0)));
        a.advance(&mut AnimContext::new(&set, 1, &mut ev)); // countdown 1 → 0, frame 0 kept
        assert_eq!((a.cursor, a.countdown, a.pose, a.marker), (1, 0, pose(0), true));
        // Three ticks: the cursor steps to frame 1 and skips two ShowFrames; PlaySound
        // consumes no skip.
        ev.queue.clear();
        a.advance(&mut AnimContext::new(&set, 3, &mut ev));
        assert_eq!((a.cursor, a.pose, a.real_frame, a.marker), (5, pose(3), 3, false));
        assert_eq!(&ev.queue[..], &[AnimEvent::Sound { effect: 1, rate: 2 }]);
        // Zero ticks keep the selected frame and the countdown.
        a.advance(&mut AnimContext::new(&set, 0, &mut ev));
        assert_eq!((a.cursor, a.countdown, a.pose), (5, 0, pose(3)));
    })
}

#[test]
fn delays_255_wait_forever_and_finite_ones_expire_with_the_full_ticks() {
    let groups = vec![
        g(0, 1, 0, vec![sf(0), Delay { value: 255 }, sf(1), Prev { target: 0 }]),
        g(
            1,
            1,
            0,
            vec![sf(0), Delay { value: 3 }, sf(1), sf(2), sf(3), sf(4), sf(5), sf(6), Prev { target: 0 }],
        ),
    ];
    with_set!(groups, |set| {
        let (mut a, mut ev) = (AnimState::default(), Events::default());
        a.request(&mut AnimContext::new(&set, 1, &mut ev), 0, 0);
        assert_eq!(a.advance(&mut AnimContext::new(&set, 1, &mut ev)), Outcome::Delayed);
        assert_eq!((a.cursor, a.delay, a.pose), (2, 255, pose(0)), "the pose stays during the wait");
        for _ in 0..50 {
            assert_eq!(a.advance(&mut AnimContext::new(&set, 5, &mut ev)), Outcome::Delayed);
        }
        // Finite: 3 − 1 = 2 yields; zero ticks preserve it; 2 − 4 expires and the full four
        // ticks then run the countdown (cursor 2 → 3, the delay's cursor had already moved)
        // and skip three frames (2, 3, 4) to select frame 5.
        a.force(&mut AnimContext::new(&set, 1, &mut ev), 1, 0);
        assert_eq!((a.current, a.pose), (1, pose(0)));
        assert_eq!(a.advance(&mut AnimContext::new(&set, 1, &mut ev)), Outcome::Delayed);
        assert_eq!(a.delay, 3);
        assert_eq!(a.advance(&mut AnimContext::new(&set, 1, &mut ev)), Outcome::Delayed);
        assert_eq!(a.delay, 2);
        assert_eq!(a.advance(&mut AnimContext::new(&set, 0, &mut ev)), Outcome::Delayed);
        assert_eq!(a.delay, 2);
        assert_eq!(a.advance(&mut AnimContext::new(&set, 4, &mut ev)), Outcome::Frame);
        assert_eq!((a.delay, a.cursor, a.pose), (0, 6, pose(5)));
    })
}

#[test]
fn pending_priority_rules() {
    let groups = vec![
        g(0, 1, 0, vec![sf(0), Prev { target: 0 }]),
        g(5, 1, 0, vec![sf(1), Prev { target: 0 }]),
        g(10, 1, 0, vec![sf(2), Prev { target: 0 }]),
        g(20, 1, 0, vec![sf(3), Prev { target: 0 }]),
    ];
    with_set!(groups, |set| {
        let (mut a, mut ev) = (AnimState::default(), Events::default());
        a.request(&mut AnimContext::new(&set, 1, &mut ev), 5, 0);
        assert_eq!(a.current, 5);
        a.request(&mut AnimContext::new(&set, 1, &mut ev), 20, 0);
        assert_eq!(a.pending, 20);
        // A lower number cannot replace a higher pending one …
        a.request(&mut AnimContext::new(&set, 1, &mut ev), 10, 0);
        assert_eq!(a.pending, 20);
        // … an equal or higher one can.
        a.request(&mut AnimContext::new(&set, 1, &mut ev), 20, 3);
        assert_eq!((a.pending, a.pending_reload), (20, 4));
        // A missing group falls back to the default.
        a.request(&mut AnimContext::new(&set, 1, &mut ev), 170, 0);
        assert_eq!(a.pending, 0);
        // With the pending group equal to the current one, anything replaces it.
        a.pending = 5;
        a.request(&mut AnimContext::new(&set, 1, &mut ev), 0, 0);
        assert_eq!(a.pending, 0);
        // The modifier adds to the reload byte with wrapping.
        a.request(&mut AnimContext::new(&set, 1, &mut ev), 10, 255);
        assert_eq!((a.pending, a.pending_reload), (10, 0));
    })
}

#[test]
fn forced_requests() {
    with_set!(idle_and_walk(), |set| {
        let (mut a, mut ev) = (AnimState::default(), Events::default());
        a.request(&mut AnimContext::new(&set, 1, &mut ev), 20, 0);
        a.advance(&mut AnimContext::new(&set, 1, &mut ev));
        a.pending = 0;
        // Forcing the current group before its exit marker only clears the pending request.
        a.force(&mut AnimContext::new(&set, 1, &mut ev), 20, 0);
        assert_eq!((a.current, a.pending, a.cursor, a.marker), (20, NO_GROUP, 2, true));
        // Forcing another group resets everything and starts it now.
        a.force(&mut AnimContext::new(&set, 1, &mut ev), 0, 0);
        assert_eq!((a.current, a.cursor, a.marker, a.exit, a.pose), (0, 0, false, false, pose(0)));
        // Rollback snapshots restore the receiver but not the default selection, nor the
        // action words: they are the actor's, and the action update after the snapshot
        // (here: SetAction's pending bits, then the timer's acceptance) stays done.
        let snap = a;
        a.default = 20;
        a.force(&mut AnimContext::new(&set, 1, &mut ev), 20, 0);
        a.actions.pending = 3;
        a.actions.accepted = 0x100;
        a.actions.timer = 7;
        a.restore(&snap);
        assert_eq!((a.current, a.cursor, a.marker, a.default), (0, 0, false, 20));
        assert_eq!((a.actions.pending, a.actions.accepted, a.actions.timer), (3, 0x100, 7));
    })
}

#[test]
fn push_animation_1_25_through_both_phases() {
    let groups = vec![
        g(0, 1, 0, vec![sf(0), Prev { target: 0 }]),
        g(1, 1, 0, vec![sf(1), sf(2), Prev { target: 0 }, End { operand: 0 }]),
    ];
    with_set!(groups, |set| {
        let (mut a, mut ev) = (AnimState::default(), Events::default());
        a.request(&mut AnimContext::new(&set, 1, &mut ev), 0, 0);
        let mut task = PushAnimation::default();
        // First invocation: the request starts group 1 at once, but the count is not set.
        assert_eq!(task.invoke(&mut a, &mut AnimContext::new(&set, 1, &mut ev), 1, 25), TaskStatus::Active);
        assert_eq!((a.current, a.loops, task.started), (1, 0, false));
        // Second: group 1 is current, loops = 25 (low byte), started.
        assert_eq!(
            task.invoke(&mut a, &mut AnimContext::new(&set, 1, &mut ev), 1, 25 + 256),
            TaskStatus::Active
        );
        assert_eq!((a.loops, task.started), (25, true));
        // 25 passes of two frames: each GoToPrevious decrements and jumps back (the 25th falls
        // through to End, which starts the default), so 2 × 25 advances.
        let mut advances = 0;
        while a.current == 1 {
            a.advance(&mut AnimContext::new(&set, 1, &mut ev));
            advances += 1;
            assert_eq!(
                task.invoke(&mut a, &mut AnimContext::new(&set, 1, &mut ev), 1, 99) == TaskStatus::Done,
                a.current != 1
            );
        }
        assert_eq!((a.current, advances), (0, 50));
        // A group the actor lacks ("The task does not test whether the requested group
        // exists"): group 0, the default, is current. Each invocation finds 77 not current,
        // so it stays not started and makes an ordinary request: 77 is "another group", so
        // the current default clears; 77 is absent, so the default 0 becomes pending with
        // reload 1 (its low header byte + modifier 0); with no current group the request
        // advances at once with 1 tick: 0 starts (cursor 0, countdown 1, real_frame 0), the
        // tick finds a nonzero countdown and only decrements it to 0, and ShowFrame 0 is
        // the pose. The loop count 1 is never stored (loops stays as group 1 left it, 0).
        let mut missing = PushAnimation::default();
        for _ in 0..3 {
            a.cursor = 1; // wherever the default had got to
            assert_eq!(
                missing.invoke(&mut a, &mut AnimContext::new(&set, 1, &mut ev), 77, 1),
                TaskStatus::Active
            );
            assert!(!missing.started);
            assert_eq!(
                (a.current, a.pending, a.cursor, a.countdown, a.real_frame, a.loops, a.pose),
                (0, NO_GROUP, 0, 0, 0, 0, pose(0))
            );
        }
        // The full 32-bit argument is compared: 65536 + 1 never equals group 1, though the
        // request, which takes a 16-bit group, asks for group 1. With group 1 current (not
        // the default) and nothing pending, the request makes 1 pending and, a group being
        // current, does not advance; the count 3 is never stored, and the task never starts.
        let mut wide = PushAnimation::default();
        a.force(&mut AnimContext::new(&set, 1, &mut ev), 1, 0);
        let loops = a.loops;
        for _ in 0..2 {
            assert_eq!(
                wide.invoke(&mut a, &mut AnimContext::new(&set, 1, &mut ev), 65_537, 3),
                TaskStatus::Active
            );
            assert_eq!((a.current, a.pending, a.loops, wide.started), (1, 1, loops, false));
        }
        assert_eq!(loops, 0);
    })
}

#[test]
fn wait_anim_frame_reads_the_progress_byte() {
    let mut a = AnimState { current: 3, pending: 4, real_frame: 2, ..AnimState::default() };
    assert_eq!(wait_anim_frame(&a, 3, 2), TaskStatus::Done);
    assert_eq!(wait_anim_frame(&a, 3, 3), TaskStatus::Active);
    assert_eq!(wait_anim_frame(&a, 4, 0), TaskStatus::Active, "only pending");
    assert_eq!(wait_anim_frame(&a, 5, 0), TaskStatus::Done, "neither");
    a.real_frame = 255;
    assert_eq!(wait_anim_frame(&a, 3, 256), TaskStatus::Active);
}

#[test]
fn a_self_jumping_group_cannot_hang() {
    let groups = vec![g(0, 1, 0, vec![Prev { target: 0 }]), g(1, 0, 0, vec![Fut { target: 0 }])];
    with_set!(groups, |set| {
        let (mut a, mut ev) = (AnimState::default(), Events::default());
        a.request(&mut AnimContext::new(&set, 1, &mut ev), 0, 0);
        assert_eq!(a.advance(&mut AnimContext::new(&set, 1, &mut ev)), Outcome::Runaway);
        a.pending = 1;
        a.force(&mut AnimContext::new(&set, 1, &mut ev), 1, 0);
        assert_eq!(a.advance(&mut AnimContext::new(&set, 3, &mut ev)), Outcome::Runaway);
    })
}

#[test]
fn default_selection_branches_and_replacement() {
    // "Living actor default selection", first matching branch; the predicates are the actor
    // record's, with the item system loaded (the original always has it).
    let mut attrs = [0u8; 256];
    attrs[44] = 9;
    let base = fighter(attrs);
    let with = |f: &dyn Fn(&mut Actor)| {
        let mut a = base.clone();
        f(&mut a);
        a
    };
    assert_eq!(living_default(&base, false), 9, "attribute 44");
    let deep = with(&|a| {
        a.surface = 2;
        a.rope = true;
    });
    assert_eq!((living_default(&deep, true), living_default(&deep, false)), (141, 79), "141: player only");
    assert_eq!(living_default(&with(&|a| (a.rope, a.living) = (true, 15)), false), 79);
    assert_eq!(living_default(&with(&|a| (a.living, a.torch) = (15, 4)), false), 7);
    assert_eq!(
        living_default(&with(&|a| (a.living, a.weapon_drawn) = (21, true)), false),
        9,
        "sheathing wins over holding"
    );
    assert_eq!(living_default(&with(&|a| a.living = living::DRAWING), false), 8, "drawing");
    assert_eq!(living_default(&with(&|a| a.anim.current = 91), false), 8, "group 91 is drawing");
    assert_eq!(living_default(&with(&|a| (a.weapon_drawn, a.torch) = (true, 1)), false), 8, "holding");
    assert_eq!(living_default(&with(&|a| a.torch = 1), false), 5);
    assert_eq!(
        living_default(&with(&|a| (a.weapon_drawn, a.combat, a.torch) = (true, None, 1)), false),
        5,
        "a drawn flag without a combat record is not holding"
    );
    assert_eq!(living_default(&with(&|a| (a.living, a.set) = (20, None)), false), 9, "no animation state");
    let a110 = with(&|a| {
        a.attributes[110] = 1;
        a.set = None;
    });
    assert!(a110.holds_weapon(), "attribute 110 before the gates");
    assert_eq!(living_default(&with(&|a| a.anim.current = 129), false), 9, "group 129 is sheathing");

    let groups = vec![
        g(0, 1, 0, vec![sf(0), Prev { target: 0 }]),
        g(9, 1, 0, vec![sf(5), Prev { target: 0 }]),
        g(123, 1, 0, vec![sf(6), Prev { target: 0 }]),
    ];
    with_set!(groups, |set| {
        let mut ev = Events::default();
        let cx = AnimContext::new(&set, 1, &mut ev);
        // "Dead actor default selection": the record's selection (0 until a death stores
        // one), else 123 when present, else 124.
        let dead = with(&|a| a.lifecycle = 8);
        assert!(dead.is_dead());
        assert_eq!(dead_default(&dead, &cx), 0, "a new record's death selection is 0, not attribute 44");
        assert_eq!(dead_default(&with(&|a| a.combat.as_mut().unwrap().death_default = 124), &cx), 124);
        assert_eq!(dead_default(&with(&|a| a.combat = None), &cx), 123);
        // The old default current and not exiting: the new default replaces it at once.
        let (mut a, mut ev) = (AnimState::default(), Events::default());
        a.request(&mut AnimContext::new(&set, 1, &mut ev), 0, 0);
        set_default(&mut a, &mut AnimContext::new(&set, 1, &mut ev), 9, false);
        assert_eq!((a.default, a.current, a.pose), (9, 9, pose(5)));
        // In the shell nothing is replaced.
        set_default(&mut a, &mut AnimContext::new(&set, 1, &mut ev), 0, true);
        assert_eq!((a.default, a.current), (0, 9));
    });
    let groups =
        vec![g(0, 1, 0, vec![sf(0), Prev { target: 0 }]), g(124, 1, 0, vec![sf(6), Prev { target: 0 }])];
    with_set!(groups, |set| {
        let mut ev = Events::default();
        let cx = AnimContext::new(&set, 1, &mut ev);
        assert_eq!(dead_default(&with(&|a| (a.lifecycle, a.combat) = (8, None)), &cx), 124, "no 123");
    })
}

/// The embedded CYRUS and FLAG2 groups driven by one tick sequence: two placed requests for
/// group 0, a request for the walk (20) or group 1 at step 2, for the default (0) or group 10
/// at step 12, and one advancement per step.
fn embedded_anim_trace() -> String {
    use std::fmt::Write as _;
    let rgm = Rgm::new_checked(stros_core::embedded::RGM).unwrap();
    let mut trace = String::new();
    let ticks = [1, 1, 0, 2, 1, 1, 3, 1, 0, 1, 1, 2, 1, 1, 1, 4, 1, 0, 1, 1, 1, 2, 1, 1];
    for name in [&b"CYRUS"[..], b"FLAG2"] {
        let actor = rgm.actor_by_name(name).unwrap();
        let set = AnimSet::from_actor(&actor).unwrap();
        let (mut a, mut ev) = (AnimState::default(), Events::default());
        a.request(&mut AnimContext::new(&set, 1, &mut ev), 0, 0);
        a.request(&mut AnimContext::new(&set, 1, &mut ev), 0, 0);
        let walk: i16 = if name == b"CYRUS" { 20 } else { 1 };
        for (k, &t) in ticks.iter().enumerate() {
            if k == 2 {
                a.request(&mut AnimContext::new(&set, t, &mut ev), walk, 0);
            }
            if k == 12 {
                a.request(&mut AnimContext::new(&set, t, &mut ev), if name == b"CYRUS" { 0 } else { 10 }, 0);
            }
            let out = a.advance(&mut AnimContext::new(&set, t, &mut ev));
            let frame = a.pose.map_or(-1, |p| p.frame as i32);
            writeln!(
                trace,
                "{} {k:2} t={t} {out:?} group={} pending={} cursor={} frame={frame} marker={}",
                String::from_utf8_lossy(name),
                a.current,
                a.pending,
                a.cursor,
                a.marker as u8
            )
            .unwrap();
        }
    }
    trace
}

#[test]
fn golden_trace_of_the_embedded_walk_and_flag_groups() {
    let trace = embedded_anim_trace();
    stros_tests::assert_golden("anim_trace.txt", &trace);
}

/// Key lines of the golden above, derived by hand from seed 001 ("Forward frame countdown",
/// "Breakpoints and walking translation", "Forward type-one transitions", "Ordinary requests
/// and default groups") and the generator's groups, so the golden cannot simply bless the
/// interpreter:
///
/// CYRUS group 0: reload 4, `[F0, F0, Prev 0]`. Group 20 (type 1): reload 2, `[F1, Bp, F2,
/// Sound, F3, Fut 7, Prev 0, F4, Sound, F0, End]`. FLAG2 group 1 (type 0): reload 1,
/// `[F0 … F7, Prev 0, End]`.
#[test]
fn the_embedded_anim_trace_follows_the_seed_by_hand() {
    let trace = embedded_anim_trace();
    let lines: Vec<&str> = trace.lines().collect();
    let cyrus = |k: usize| lines[k];
    let flag = |k: usize| lines[24 + k];
    // Step 2 (t 0): group 0 is the current default, so the walk request clears it and starts
    // 20 at once with the existing ticks: cursor 0 shows F1; zero ticks leave the countdown at
    // its reload 2.
    assert_eq!(cyrus(2), "CYRUS  2 t=0 Frame group=20 pending=-1 cursor=0 frame=1 marker=0");
    // Step 3 (t 2): a nonzero countdown only decrements once (2 → 1); no skip, same frame.
    assert_eq!(cyrus(3), "CYRUS  3 t=2 Frame group=20 pending=-1 cursor=0 frame=1 marker=0");
    // Step 5 (t 1, countdown 0): the cursor steps to the BreakPoint, which sets the marker
    // and goes on to F2 in the same call.
    assert_eq!(cyrus(5), "CYRUS  5 t=1 Frame group=20 pending=-1 cursor=2 frame=2 marker=1");
    // Step 6 (t 3): countdown 1 → 0 only; the marker survives a decrement that keeps the cursor.
    assert_eq!(cyrus(6), "CYRUS  6 t=3 Frame group=20 pending=-1 cursor=2 frame=2 marker=1");
    // Step 7: the expired countdown advances the cursor (clearing the marker) over the
    // PlaySound to F3 at cursor 4.
    assert_eq!(cyrus(7), "CYRUS  7 t=1 Frame group=20 pending=-1 cursor=4 frame=3 marker=0");
    // Step 10: GoToFuture with no loop count, no pending group and no exit falls through to
    // GoToPrevious 0, which jumps: F1 again at cursor 0.
    assert_eq!(cyrus(10), "CYRUS 10 t=1 Frame group=20 pending=-1 cursor=0 frame=1 marker=0");
    // Step 12: requesting the default while 20 is current makes it pending (no queue, no
    // immediate start: a group is current).
    assert_eq!(cyrus(12), "CYRUS 12 t=1 Frame group=20 pending=0 cursor=2 frame=2 marker=1");
    // Step 16: with a pending group different from the current one GoToFuture takes its
    // target 7 (exit set, marker cleared): the exit tail's F4.
    assert_eq!(cyrus(16), "CYRUS 16 t=1 Frame group=20 pending=0 cursor=7 frame=4 marker=0");
    // Step 19: a pending *default* does not replace a type-one group even with the exit set;
    // playback continues through the tail (Sound, F0 at cursor 9).
    assert_eq!(cyrus(19), "CYRUS 19 t=1 Frame group=20 pending=0 cursor=9 frame=0 marker=0");
    // Step 21 (t 2): the countdown expires, the cursor reaches EndAnimation, which starts the
    // pending default in the same call with the same two ticks: group 0, countdown 4 → 3
    // (one decrement, no skip on a fresh group), F0.
    assert_eq!(cyrus(21), "CYRUS 21 t=2 Frame group=0 pending=-1 cursor=0 frame=0 marker=0");

    // FLAG2, reload 1: every tick after the first steps one frame.
    // Step 6 (t 3): the cursor steps to F3 and the two extra ticks skip F3 and F4: F5.
    assert_eq!(flag(6), "FLAG2  6 t=3 Frame group=1 pending=-1 cursor=5 frame=5 marker=0");
    // Step 10: past F7, GoToPrevious with no loop count jumps to F0.
    assert_eq!(flag(10), "FLAG2 10 t=1 Frame group=1 pending=-1 cursor=0 frame=0 marker=0");
    // Step 15 (t 4): cursor 6 (F6 skipped), F7 skipped, GoToPrevious 0 (control commands
    // consume no skip), F0 skipped, F1 shown.
    assert_eq!(flag(15), "FLAG2 15 t=4 Frame group=1 pending=10 cursor=1 frame=1 marker=0");
    // A type-0 group without GoToFuture never sets its exit: the pending 10 waits for ever.
    assert!((12..24).all(|k| flag(k).contains("group=1 pending=10")));
}

#[test]
fn the_death_pair_is_forced_before_its_default_is_stored_and_the_walk_nodes_released() {
    // "Contact death animation dispatch", selector 0: group 122 when present (else 121);
    // after the start, a combat record releases its held walk nodes (a node's byte clears
    // only when the actor owns it) and stores 124 (123 for 121); the action selector resets.
    use stros_core::actor::combat::{Death, death_pair};
    let groups = vec![
        g(0, 1, 0, vec![sf(0), Prev { target: 0 }]),
        g(121, 1, 2, vec![sf(8), Prev { target: 0 }]),
        g(122, 1, 2, vec![sf(7), Prev { target: 0 }]),
    ];
    with_set!(groups, |set| {
        let mut ev = Events::default();
        let mut a = fighter([0; 256]);
        a.combat.as_mut().unwrap().action = 3;
        // Held nodes 1 (its own: the id's byte is 0x105 + 1 = 0x06) and 2 (another's, 9).
        use stros_core::actor::walk::{Map, Nav, Node, WalkMaps};
        let node = |owner| Node { position: [0; 3], owner, routes: &[] };
        let (mut nodes, mut maps, mut queue) = (
            [node(6), node(6), node(9), node(6)],
            [Map { first: 0, count: 4, disabled: false }],
            [(0i16, 0u16); 4],
        );
        let mut walk = WalkMaps { nodes: &mut nodes, maps: &mut maps, queue: &mut queue };
        a.nav = Nav { map: Some(0), current: 1, next: 2, ..Nav::default() };
        let pair = death_pair(&mut a, 0x105, Some(&mut walk), &mut AnimContext::new(&set, 1, &mut ev));
        assert_eq!(pair, Some(Death::Group122));
        let c = a.combat.unwrap();
        let owners = walk.nodes.iter().map(|n| n.owner).collect::<Vec<_>>();
        assert_eq!(
            (c.death_default, c.action, owners, (a.nav.current, a.nav.next)),
            (124, -1, vec![6, 0, 9, 6], (-1, -1))
        );
        assert_eq!((a.anim.current, a.anim.pose), (122, pose(7)));
        // Without a combat record the group still starts; nothing is stored or released.
        let mut b = fighter([0; 256]);
        b.combat = None;
        b.nav = Nav { map: Some(0), current: 1, ..Nav::default() };
        death_pair(&mut b, 5, Some(&mut walk), &mut AnimContext::new(&set, 1, &mut ev));
        assert_eq!((b.anim.current, b.nav.current), (122, 1));
    });
    let groups =
        vec![g(0, 1, 0, vec![sf(0), Prev { target: 0 }]), g(121, 1, 2, vec![sf(8), Prev { target: 0 }])];
    with_set!(groups, |set| {
        let mut ev = Events::default();
        let mut a = fighter([0; 256]);
        let pair = death_pair(&mut a, 1, None, &mut AnimContext::new(&set, 1, &mut ev));
        assert_eq!(
            (pair, a.combat.unwrap().death_default, a.anim.current),
            (Some(Death::Group121), 123, 121)
        );
    });
    with_set!(vec![g(0, 1, 0, vec![sf(0), Prev { target: 0 }])], |set| {
        let mut ev = Events::default();
        let mut a = fighter([0; 256]);
        a.nav.current = 1;
        let pair = death_pair(&mut a, 1, None, &mut AnimContext::new(&set, 1, &mut ev));
        assert_eq!((pair, a.combat.unwrap().death_default, a.nav.current), (None, 0, 1));
    })
}

#[test]
fn transitions_by_mask() {
    use Command::Transition;
    let t = |mask, start, target| Transition { mask, start, target };
    let groups = vec![
        g(0, 1, 0, vec![sf(0), Prev { target: 0 }]),
        g(18, 1, 0, vec![sf(1), Prev { target: 0 }]),
        // 0: frame, 1: mask-1 transition to start 6 (cursor 4), 2: mask 4 to 5, 3: mask 8.
        g(40, 0, 1, vec![sf(2), t(1, 6, 0), t(4, 0, 5), t(8, 0, 0), sf(3), sf(4), sf(5)]),
    ];
    with_set!(groups, |set| {
        let (mut a, mut ev) = (AnimState::default(), Events::default());
        a.request(&mut AnimContext::new(&set, 1, &mut ev), 40, 0);
        // Reload 0: the first tick already steps to the transitions; none is taken, so the
        // cursor walks on to frame 3 (mask 8 without a forward request is not taken).
        assert_eq!((a.cursor, a.pose), (4, pose(3)));
        // Mask 1 with a pending action: cursor = start − 2, exit set, bit 1 cleared, the
        // remaining pending bits accepted.
        a.force(&mut AnimContext::new(&set, 0, &mut ev), 40, 0);
        a.actions.pending = 0b111;
        a.cursor = 1;
        a.countdown = 1;
        a.advance(&mut AnimContext::new(&set, 0, &mut ev));
        assert_eq!((a.cursor, a.exit, a.actions.pending, a.actions.accepted), (4, true, 0b101, 0b101));
        // Mask 4 with the falling byte: jump to the third field like a taken GoToFuture.
        a.actions = Default::default();
        a.cursor = 2;
        a.marker = true;
        a.advance(&mut AnimContext { falling: 1, ..AnimContext::new(&set, 0, &mut ev) });
        assert_eq!((a.cursor, a.pose, a.exit, a.marker), (5, pose(4), true, false));
        // Mask 8 for the selected player holding forward: force group 18, set the move
        // counter's 0x30, end the update. The context's forward group is taken.
        a.cursor = 3;
        let mut cx = AnimContext { forward: Some(18), ..AnimContext::new(&set, 0, &mut ev) };
        a.advance(&mut cx);
        assert_eq!((a.current, a.transition_flag, cx.forward, cx.move_bits), (18, true, None, 0x30));
    })
}

#[test]
fn the_request_path_carries_the_reverse_argument_to_the_selected_group() {
    // Every request the docs name passes reverse zero ("Non-forced requests use reverse
    // zero"); the argument travels with the pending request and becomes the direction when
    // that group is selected. A group selected in reverse at command 0 ends before its first
    // frame ("Reverse frame countdown": a cursor below one ends the group) and hands over to
    // the default in the same advancement. A forced request resets the direction.
    let groups = vec![
        g(0, 1, 0, vec![sf(0), Prev { target: 0 }]),
        g(3, 1, 0, vec![sf(1), sf(2), sf(3), Prev { target: 0 }]),
    ];
    with_set!(groups, |set| {
        let mut ev = Events::default();
        let mut a = AnimState::default();
        a.request(&mut AnimContext::new(&set, 1, &mut ev), 0, 0);
        a.request_with(&mut AnimContext::new(&set, 1, &mut ev), 3, 0, true);
        // 3 started reversed at command 0: before that command is decoded the cursor (0) is
        // below one, so the group ends and the default 0 starts forward at frame 0.
        assert_eq!((a.current, a.reverse, a.pose), (0, false, pose(0)));
        // Reverse set on a playing group (as the hit defence does to an attacker) steps back.
        a.force(&mut AnimContext::new(&set, 1, &mut ev), 3, 0);
        for _ in 0..2 {
            a.advance(&mut AnimContext::new(&set, 1, &mut ev));
        }
        assert_eq!((a.cursor, a.pose), (2, pose(3)));
        a.reverse = true;
        a.advance(&mut AnimContext::new(&set, 1, &mut ev));
        assert_eq!((a.current, a.cursor, a.pose), (3, 1, pose(2)));
        a.advance(&mut AnimContext::new(&set, 1, &mut ev));
        assert_eq!(
            (a.current, a.reverse, a.pose),
            (0, false, pose(0)),
            "command 0 is never shown in reverse"
        );
        // A forced request starts forward whatever the direction was.
        a.reverse = true;
        a.force(&mut AnimContext::new(&set, 1, &mut ev), 3, 0);
        assert_eq!((a.current, a.reverse, a.pose), (3, false, pose(1)));
    })
}

#[test]
fn placed_actors_start_in_group_zero_and_actions_are_accepted_after_36_ticks() {
    use stros_core::anim::ActionWords;
    with_set!(idle_and_walk(), |set| {
        let mut ev = Events::default();
        let a = AnimState::placed(&mut AnimContext::new(&set, 1, &mut ev));
        assert_eq!((a.current, a.default, a.pending, a.pose), (0, 0, NO_GROUP, pose(0)));
    });
    // "Action words": the timer accepts the pending word once strictly above 36; accepted
    // bit 0 then clears the low two bits of both words and asks for jump entry 8.
    let mut w = ActionWords { pending: 0b1101, ..ActionWords::default() };
    assert_eq!(w.update(36, 18, false), None);
    assert_eq!((w.pending, w.accepted, w.timer), (0b1101, 0, 36));
    assert_eq!(w.update(1, 18, false), Some(8));
    assert_eq!((w.pending, w.accepted, w.timer), (0, 0b1100, 0));
    // Bit 1 alone asks for entry 9; bit 0 wins when both are set.
    let mut w = ActionWords { accepted: 0b110, ..ActionWords::default() };
    assert_eq!((w.update(1, 30, false), w.accepted), (Some(9), 0b100));
    let mut w = ActionWords { accepted: 0b11, ..ActionWords::default() };
    assert_eq!((w.update(1, 30, false), w.accepted), (Some(8), 0));
    // Another group, or queued motion, clears the low two bits first: no entry.
    let mut w = ActionWords { pending: 0b110, accepted: 0b101, ..ActionWords::default() };
    assert_eq!((w.update(1, 20, false), w.pending, w.accepted), (None, 0b100, 0b100));
    let mut w = ActionWords { accepted: 0b1, ..ActionWords::default() };
    assert_eq!((w.update(1, 18, true), w.accepted), (None, 0));
    w.timer = 250;
    w.update(10, 18, false);
    assert_eq!(w.timer, 4, "the timer wraps as a byte");
}

#[test]
fn delta_opcodes_and_group_changes() {
    use Command::{ChangeAnimGroup, SetPositionAxis, SetPositionXyz, SetRotationAxis, SetRotationXyz};
    let groups = vec![
        g(0, 1, 0, vec![sf(0), Prev { target: 0 }]),
        g(
            1,
            1,
            0,
            vec![
                SetRotationXyz { x: 1, y: -2, z: 3 },
                SetPositionXyz { x: -1, y: 2, z: 31 },
                SetRotationAxis { axis: 1, value: 100 },
                SetPositionAxis { axis: 2, value: -7 },
                sf(1),
                ChangeAnimGroup { group: 2, frame: 1 },
            ],
        ),
        g(2, 3, 0, vec![sf(8), sf(9), ChangeAnimGroup { group: 3, frame: 0 }]),
        // Two groups changing into each other forever: bounded.
        g(3, 1, 0, vec![ChangeAnimGroup { group: 4, frame: 0 }]),
        g(4, 1, 0, vec![ChangeAnimGroup { group: 3, frame: 0 }]),
    ];
    with_set!(groups, |set| {
        let (mut a, mut ev) = (AnimState::default(), Events::default());
        a.request(&mut AnimContext::new(&set, 1, &mut ev), 1, 0);
        assert_eq!((a.rotate_delta, a.translate_delta, a.pose), ([256, 100, 768], [-8, 16, -7], pose(1)));
        // The next tick reaches ChangeAnimGroup and carries on at group 2, command 1.
        a.advance(&mut AnimContext::new(&set, 1, &mut ev));
        assert_eq!((a.current, a.cursor, a.pose, a.reload), (2, 1, pose(9), 3));
        // Group 2 hands over to the 3 ↔ 4 loop, which the command budget stops.
        a.countdown = 0;
        assert_eq!(a.advance(&mut AnimContext::new(&set, 1, &mut ev)), Outcome::Runaway);
        // Starting a group clears the deltas.
        a.force(&mut AnimContext::new(&set, 1, &mut ev), 0, 0);
        assert_eq!((a.rotate_delta, a.translate_delta), ([0; 3], [0; 3]));
    })
}
