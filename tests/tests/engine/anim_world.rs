//! Seed 001's animation gates and inputs through `World::step`: the `animation_system`
//! switch at the request and advance boundary, the console's script-name exclusion, the
//! relocation list's removal rule, the rider transform's player rejection, and the
//! `Transition` inputs the world feeds (action words, the falling byte, the forward request).

use stros_core::anim::NO_GROUP;
use stros_core::config::SystemConfig;
use stros_core::formats::rgm::Command::{self, GoToPrevious};
use stros_core::input::{Action, Input};
use stros_core::script::functions::id;
use stros_core::world::{Event, WorldError};
use stros_host::World;
use stros_tests::fixtures::*;

fn t(mask: u8, start: i8, target: i8) -> Command {
    Command::Transition { mask, start, target }
}

/// An actor whose script plays group 5 once, over idle 0 (frames 0, 1) and 5 (frames 3, 4).
fn player_of_5(d: &mut stros_tools::write::rgm::RgmDesc) {
    let script = B::default().call(id::PLAY_ANIMATION, &[5, 0]).pause();
    replace_first_flag(d, npc(b"ACTOR", vec![lp(0, &[0, 1]), lp(5, &[3, 4])], [0; 256], script.0));
}

#[test]
fn animation_system_zero_rejects_requests_forced_requests_advances_and_play_animation() {
    // Seed 001 "Forced requests": the request and advance boundaries reject globally
    // disabled animation; SOUP.md PlayAnimation does nothing then. With the switch on (1, or
    // any nonzero value) placement's two requests start group 0 (frame 0); update 0's
    // script stage plays 5, which clears the current default and starts at once (frame 3);
    // a forced request for 0 restarts 0 (frame 0). With 0 nothing ever starts: no group, no
    // pose, for the placed actor and the player alike.
    for (value, on) in [("no", false), ("1", true), ("2", true)] {
        let config =
            SystemConfig::installed_with(&format!("[system]\nanimation_system = {value}\n")).unwrap();
        let (mut w, files) = island_with(player_of_5, config);
        w.enter_marker(files, 0, 0).unwrap();
        let f = actor_named(&w, b"ACTOR");
        let p = w.selected_player_id().unwrap();
        let frame = |w: &World<'_>, id| w.actor(id).unwrap().anim.pose.map(|p| p.frame);
        let current = |w: &World<'_>, id| w.actor(id).unwrap().anim.current;
        if on {
            assert_eq!((current(&w, f), frame(&w, f), current(&w, p)), (0, Some(0), 0), "{value}");
        } else {
            assert_eq!(
                (current(&w, f), frame(&w, f), current(&w, p), frame(&w, p)),
                (NO_GROUP, None, NO_GROUP, None)
            );
        }
        w.step(&Input::NONE, 0);
        let ran = w.report().script.iter().any(|s| s.actor == f);
        assert!(ran, "the script stage runs either way");
        if on {
            assert_eq!((current(&w, f), frame(&w, f)), (5, Some(3)), "{value}");
        } else {
            assert_eq!((current(&w, f), frame(&w, f)), (NO_GROUP, None));
        }
        w.force_group(f, 0);
        assert_eq!(current(&w, f), if on { 0 } else { NO_GROUP }, "{value}");
        for b in 1..5 {
            w.step(&Input::with(&[Action::Up]), b);
        }
        let a = w.actor(p).unwrap();
        if on {
            assert_eq!(a.anim.current, 18, "running");
        } else {
            assert_eq!((a.anim.current, a.anim.cursor, a.anim.pose), (NO_GROUP, 0, None));
        }
    }
}

#[test]
fn script_disable_suppresses_the_update_body_of_actors_with_that_script() {
    // Newest console.md `script disable [name]`; seed 001 "Ordinary actor eligibility": a
    // matching active script-name exclusion skips the animation stage and the main script
    // stage together. The basename is the actor's script (definition) name, case folded.
    let mut w = island(player_of_5);
    let f = actor_named(&w, b"ACTOR");
    w.disable_script(Some("actor")).unwrap();
    assert_eq!(w.script_exclusion(), Some("actor"));
    let before = w.actor(f).unwrap().anim;
    for b in 0..4 {
        // The keg, the raft, the yard's camera actor and the player still update.
        assert_eq!(w.step(&Input::NONE, b).updated, 4);
    }
    assert_eq!(w.actor(f).unwrap().anim, before, "neither animated nor scripted");
    // A name outside one through eight characters is refused and changes nothing.
    assert_eq!(w.disable_script(Some("")), Err(WorldError::ScriptName));
    assert_eq!(w.disable_script(Some("NINECHARS")), Err(WorldError::ScriptName));
    assert_eq!(w.script_exclusion(), Some("actor"));
    // Another name, then none: the actor's update body runs again and its script plays 5.
    w.disable_script(Some("FLAG2")).unwrap();
    assert_eq!(w.step(&Input::NONE, 4).updated, 5);
    assert_eq!(w.actor(f).unwrap().anim.current, 5);
    w.disable_script(None).unwrap();
    assert_eq!(w.script_exclusion(), None);
}

#[test]
fn removing_a_queued_actor_clears_its_pending_relocation() {
    // Seed 001 "Placed actor initialization and eligibility": moved actors enter the
    // deferred list in first-registration order; removing a queued actor clears its entry,
    // the others keep their order, and the actor leaves its list.
    use stros_core::world::cells::{Cells, Home};
    let mut c = Cells::<stros_core::capacity::Small>::default();
    for id in 0..3 {
        c.insert_cell(id, 1000, 1000);
    }
    c.insert_persistent(3);
    for id in [1, 0, 2, 3] {
        c.register_moved(id);
    }
    assert_eq!(c.deferred(), [1, 0, 2], "persistent actors are not queued");
    c.remove(0);
    assert_eq!(c.deferred(), [1, 2]);
    let cell = match c.links(1).home {
        Home::Cell(k) => k,
        other => panic!("{other:?}"),
    };
    assert_eq!(c.cell_actors(cell).collect::<Vec<_>>(), [2, 1]);
    assert_eq!((c.links(0).home, c.links(0).deferred), (Home::Nowhere, false));
    c.remove(3);
    assert_eq!(c.persistent_actors().count(), 0);
    // Relocation consumes the rest as before: actor 2 moves to another cell, 1 stays.
    c.relocate(|id| if id == 2 { ([5000, 1000], 0) } else { ([1000, 1000], 0) });
    assert_eq!(c.cell_actors(cell).collect::<Vec<_>>(), [1]);
    assert!(c.deferred().is_empty());
}

/// A runner: default group 18 (attribute 44) whose second command is `transition`, one
/// command per tick; attribute 11 (step type) zero, so `SetAction`'s step hold is true; no
/// collision attributes.
fn runner(transition: Command, script: B) -> impl FnOnce(&mut stros_tools::write::rgm::RgmDesc) {
    move |d| {
        let mut attrs = [0u8; 256];
        attrs[44] = 18;
        // 0 frame 1, 1 the transition, 2 frame 2, 3 back to 0, 4 frame 3, 5 frame 4.
        let commands = vec![sf(1), transition, sf(2), GoToPrevious { target: 0 }, sf(3), sf(4)];
        replace_first_flag(d, npc(b"RUNNER", vec![g(18, 1, 0, commands)], attrs, script.0));
    }
}

fn jump_entries(w: &World<'_>, id: u16) -> Vec<u8> {
    w.report()
        .events
        .iter()
        .filter(|e| e.actor == id)
        .filter_map(|e| match e.event {
            Event::JumpEntry { entry } => Some(entry),
            _ => None,
        })
        .collect()
}

#[test]
fn set_action_feeds_transition_masks_1_and_2() {
    // "Action words", "Transition command". Update 0: the runner's default 18 starts (frame
    // 1, cursor 0); its script runs SetAction(1) — group 18, exit clear, step held — which
    // sets both low pending bits. Update 1: the advance reaches the transition at cursor 1,
    // whose condition (either low pending bit) holds: taken, cursor = start 6 − 2 = 4,
    // frame 3, exit set; mask 1 clears bit 1 (pending 1), mask 2 bit 0 (pending 2), and the
    // accepted word gains what is left. The action update after the script stage then finds
    // accepted bit 0 (mask 1) or 1 (mask 2), clears the low bits of both words and asks for
    // jump entry 8 or 9.
    // With the runner in living state 5 the jump entry's admission refuses (states 0 and 15
    // only), so the group goes on as the transition left it; in state 0 the entry starts the
    // jump ("Ordinary jump entry": group 18 selects queued 8 for entry 8, queued 9 for 9).
    for (mask, entry) in [(1u8, 8u8), (2, 9)] {
        for living in [5u8, 0] {
            let script = B::default().call(id::SET_ACTION, &[1]).pause();
            let mut w = island(runner(t(mask, 6, 0), script));
            let r = actor_named(&w, b"RUNNER");
            w.actor_mut(r).unwrap().living = living;
            w.step(&Input::NONE, 0);
            let a = w.actor(r).unwrap().anim;
            assert_eq!((a.current, a.cursor, a.actions.pending, a.actions.accepted), (18, 0, 3, 0));
            w.step(&Input::NONE, 1);
            let runner = w.actor(r).unwrap();
            let a = runner.anim;
            assert_eq!((a.actions.pending, a.actions.accepted), (0, 0));
            assert_eq!(jump_entries(&w, r), [entry], "mask {mask}");
            if living == 5 {
                assert_eq!((a.cursor, a.pose.map(|p| p.frame), a.exit), (4, Some(3), true), "mask {mask}");
                assert_eq!(runner.queued, 0);
            } else {
                assert_eq!(runner.queued, entry, "mask {mask}: the jump started");
            }
        }
    }
    // Without SetAction the transition is not taken: cursor 2, frame 2, no entry.
    let mut w = island(runner(t(1, 6, 0), B::default().pause()));
    let r = actor_named(&w, b"RUNNER");
    w.step(&Input::NONE, 0);
    w.step(&Input::NONE, 1);
    let a = w.actor(r).unwrap().anim;
    assert_eq!((a.cursor, a.pose.map(|p| p.frame), a.exit), (2, Some(2), false));
    assert!(jump_entries(&w, r).is_empty());
}

#[test]
fn reset_action_and_reset_all_action_clear_the_words_but_not_the_timer() {
    // ResetAction(mask) clears the mask's bits in both words, ResetAllAction both words;
    // neither touches the timer. The runner's words are set by hand before its script runs
    // (group 18 keeps them through the action update).
    let script =
        B::default().call(id::RESET_ACTION, &[0x102]).pause().call(id::RESET_ALL_ACTION, &[]).pause();
    let mut w = island(runner(t(0, 0, 0), script));
    let r = actor_named(&w, b"RUNNER");
    {
        let a = &mut w.actor_mut(r).unwrap().anim.actions;
        (a.pending, a.accepted, a.timer) = (0x1F0, 0x301, 5);
    }
    w.step(&Input::NONE, 0);
    let a = w.actor(r).unwrap().anim.actions;
    // The action update adds the tick: 5 + 1.
    assert_eq!((a.pending, a.accepted, a.timer), (0x0F0, 0x201 & !3, 6));
    resume(&mut w, r);
    w.step(&Input::NONE, 1);
    let a = w.actor(r).unwrap().anim.actions;
    assert_eq!((a.pending, a.accepted, a.timer), (0, 0, 7));
}

#[test]
fn the_falling_byte_feeds_transition_mask_4() {
    // "Transition command" mask 4: the actor's falling byte, fed to every advancement of its
    // update. The runner has no collision attributes, so nothing in its update changes the
    // byte set by hand. Update 1 reaches the transition at cursor 1: with falling set it
    // jumps to the target 4 like a taken GoToFuture (frame 3, exit set); without, it walks on
    // to frame 2.
    for (falling, cursor, frame, exit) in [(1u8, 4, 3, true), (0, 2, 2, false)] {
        let mut w = island(runner(t(4, 0, 4), B::default().pause()));
        let r = actor_named(&w, b"RUNNER");
        w.step(&Input::NONE, 0);
        w.actor_mut(r).unwrap().falling = falling;
        w.step(&Input::NONE, 1);
        let a = w.actor(r).unwrap();
        assert_eq!((a.anim.cursor, a.anim.pose.map(|p| p.frame), a.anim.exit), (cursor, Some(frame), exit));
        assert_eq!(a.falling, falling);
    }
}

#[test]
fn the_selected_players_forward_binding_feeds_transition_mask_8() {
    // "Transition command" mask 8: taken for the selected player while `key_up` is held; it
    // sets the animation record's byte +0x0a, forces group 31 when he holds a weapon, else 30
    // with a burning torch, else 18, sets bits 0x30 of his move counter and ends the update.
    // Cyrus's idle defaults (0 plain, 5 with a torch, 8 holding — attribute 110 here) all
    // carry the transition at command 1, one command per tick. Update 0, without input,
    // starts the default at command 0; update 1 reaches the transition in the animation
    // stage, before his controller runs.
    let cases = [(0u8, 0u8, true, 0, 18), (3, 0, true, 5, 30), (0, 1, true, 8, 31), (0, 0, false, 0, 0)];
    for (torch, holding, up, default, group) in cases {
        let mut w = island(|d| {
            let cyrus = d.actors.iter_mut().find(|a| a.name == b"CYRUS").unwrap();
            cyrus.groups.retain(|g| g.number != 0);
            for n in [0, 5, 8] {
                cyrus.groups.push(g(n, 1, 0, vec![sf(0), t(8, 0, 0), sf(1), GoToPrevious { target: 0 }]));
            }
            cyrus.groups.push(lp(30, &[2]));
            cyrus.groups.push(lp(31, &[3]));
        });
        let p = w.selected_player_id().unwrap();
        {
            let a = w.actor_mut(p).unwrap();
            a.torch = torch;
            a.attributes[110] = holding;
        }
        // Idle until the next advancement reaches command 1: cursor 0 with the countdown out.
        // (A default that changes in update 0 — the torch's 5, the holder's 8 — is forced in
        // and then advanced, passing the transition once, untaken, without input.)
        let mut b = 0;
        loop {
            w.step(&Input::NONE, b);
            b += 1;
            let a = w.actor(p).unwrap().anim;
            assert!(!a.transition_flag);
            if (a.cursor, a.countdown) == (0, 0) {
                break;
            }
            assert!(b < 4, "the loop of four commands comes round");
        }
        assert_eq!(w.actor(p).unwrap().anim.default, default);
        let input = if up { Input::with(&[Action::Up]) } else { Input::NONE };
        w.step(&input, b);
        let a = w.actor(p).unwrap();
        if up {
            // (The move-counter bits are the stepper's to keep or clear by the end of the
            // update; `transitions_by_mask` in tests/tests/anim.rs sees them set.)
            assert_eq!(
                (a.anim.current, a.anim.transition_flag),
                (group, true),
                "torch {torch}, holding {holding}"
            );
        } else {
            // Not taken: the cursor walks on to command 2 (frame 1) of the default.
            assert_eq!((a.anim.current, a.anim.cursor, a.anim.transition_flag), (default, 2, false));
        }
    }
}

/// The island with a second barrel (a static-path KEG placement, a live face model) floating
/// 100 units above the first one's base, `west` map units west of it; the player entered on
/// the first keg's lid 16 units east of its centre. Returns the world, the player and the
/// first keg.
fn on_the_keg(west: i32) -> (Box<World<'static>>, u16, u16) {
    let (mut w, files) = island_with(
        |d| {
            let k = d.mpob.iter().find(|m| m.script_name == b"KEG").unwrap().clone();
            let p = k.position;
            d.mpob.push(stros_tools::write::rgm::MpobDesc {
                id: 99,
                position: [p[0] - west, p[1] - 100, p[2]],
                ..k
            });
        },
        SystemConfig::installed(),
    );
    let keg = actor_named(&w, b"KEG");
    let k = w.actor(keg).unwrap().position;
    let p = w.enter_at(files, [k[0] + 16 * 256, k[1] - 200 * 256, k[2]], 0, true).unwrap();
    w.step(&Input::NONE, 0);
    assert_eq!(w.actor(p).unwrap().support_owner, Some(keg));
    (w, p, keg)
}

/// Moves `keg` 512 runtime units east and turns it half a turn (heading + 1024), with its
/// update body excluded so its update-entry pose stays the one before the move.
fn carry(w: &mut World<'_>, keg: u16) {
    let k = w.actor_mut(keg).unwrap();
    k.attributes[stros_core::actor::attr::PLAYER_ALIGN] = 1;
    k.script_control = 0x08;
    k.previous = k.position;
    k.previous_angles = k.angles;
    k.position[0] += 512;
    k.angles.heading = (k.angles.heading + 1024) & 2047;
}

#[test]
fn the_selected_player_with_body_contacts_rejects_a_carried_destination_that_meets_a_model() {
    // "Supporting actor motion": the selected player with collision bit 0x01 takes the
    // support's translation (+512 in X) and heading delta (+1024) first; the rotated
    // destination is stored only when his body spheres placed there, and the segment from his
    // update-entry position to it, meet no candidate (sidedness off). He stands at X = K +
    // 4096 (16 map units east of the keg's centre K); the destination is his offset turned
    // half round about the moved centre: K + 512 − 4096 = X + 512 − 8192.
    let (mut w, p, keg) = on_the_keg(50);
    let (x, heading) = (w.actor(p).unwrap().position[0], w.actor(p).unwrap().angles.heading);
    carry(&mut w, keg);
    w.step(&Input::NONE, 1);
    let a = w.actor(p).unwrap();
    // The second barrel, 50 west of the keg, stands where the destination would put him:
    // rejected — translated and turned, not rotated.
    assert_eq!((a.position[0] - x, a.angles.heading), (512, (heading + 1024) & 2047));
    // With the second barrel 200 west the destination is clear: the rotated position.
    let (mut w, p, keg) = on_the_keg(200);
    let x = w.actor(p).unwrap().position[0];
    carry(&mut w, keg);
    w.step(&Input::NONE, 1);
    assert_eq!(w.actor(p).unwrap().position[0] - x, 512 - 2 * 16 * 256);
    // Without collision bit 0x01 the player takes the ordinary path: rotated, barrel or not.
    let (mut w, p, keg) = on_the_keg(50);
    let x = w.actor(p).unwrap().position[0];
    w.actor_mut(p).unwrap().attributes[stros_core::actor::attr::COLLIDE] &= !0x01;
    carry(&mut w, keg);
    w.step(&Input::NONE, 1);
    assert_eq!(w.actor(p).unwrap().position[0] - x, 512 - 2 * 16 * 256);
}

#[test]
fn script_jump_starts_queued_motion_from_the_script_table() {
    // "Script Jump": the runner's script calls `Jump()` in its first update, when its default
    // 18 is current: the script table's row 18 selects queued motion 8 (group 34, which the
    // runner lacks, so the request falls back to its default); the fall origin is its Y, the
    // timer 0, the motion direction 2. Living state 3 refuses (states 0 and 15 only).
    for (living, queued) in [(0u8, 8u8), (3, 0)] {
        let script = B::default().call(id::JUMP, &[]).pause();
        let mut w = island(runner(t(1, 6, 0), script));
        let r = actor_named(&w, b"RUNNER");
        w.actor_mut(r).unwrap().living = living;
        let y = w.actor(r).unwrap().position[1];
        w.step(&Input::NONE, 0);
        let a = w.actor(r).unwrap();
        assert_eq!(a.queued, queued, "living {living}");
        if queued != 0 {
            assert_eq!((a.fall_origin, a.motion_direction), (y, 2));
        }
    }
}

#[test]
fn a_script_sound_is_reported_for_the_mixer() {
    // `Sound(1, 7, 300)` from the runner's script: a positional sound request with volume
    // offset 7 and rate offset 300 Hz, not remembered by its animation; `EndMySounds()` a
    // stop of its own channels. Both return 0. (Immediate parameters are 16-bit unsigned,
    // so the fixture's builder writes no negative ones.)
    use stros_core::anim::{AnimEvent, SoundStop};
    use stros_core::world::SoundLevel;
    let script = B::default().call(id::SOUND, &[1, 7, 300]).call(id::END_MY_SOUNDS, &[]).pause();
    let mut w = island(runner(t(1, 6, 0), script));
    let r = actor_named(&w, b"RUNNER");
    w.step(&Input::NONE, 0);
    let events: Vec<Event> = w.report().events.iter().filter(|e| e.actor == r).map(|e| e.event).collect();
    let sound = events.iter().find_map(|e| match e {
        Event::Sound(s) => Some(*s),
        _ => None,
    });
    let s = sound.expect("a sound request");
    assert_eq!((s.effect, s.offset_hz, s.level, s.remembered), (1, 300, SoundLevel::Positional(7), false));
    assert!(events.contains(&Event::Anim(AnimEvent::EndSounds(SoundStop::Mine))));
}

#[test]
fn hide_me_takes_the_actor_out_of_the_picture_and_the_candidates() {
    // "HideMe and ShowMe": the hidden flag leaves the actor without a current presentation
    // record — not drawn (`placed_actors`), not a live collision candidate — while its script
    // and animation go on; `ShowMe` brings it back.
    let hide = B::default().call(id::HIDE_ME, &[]).pause();
    let mut w = island(runner(t(1, 6, 0), hide));
    let r = actor_named(&w, b"RUNNER");
    assert!(w.placed_actors().any(|p| p.0 == r));
    w.step(&Input::NONE, 0);
    assert!(w.actor(r).unwrap().hidden);
    assert!(!w.placed_actors().any(|p| p.0 == r), "not drawn");
    let current = w.actor(r).unwrap().anim.current;
    w.step(&Input::NONE, 1);
    assert_eq!(w.actor(r).unwrap().anim.current, current, "its animation still runs");
    let show = B::default().call(id::HIDE_ME, &[]).call(id::SHOW_ME, &[]).pause();
    let mut w = island(runner(t(1, 6, 0), show));
    let r = actor_named(&w, b"RUNNER");
    w.step(&Input::NONE, 0);
    assert!(!w.actor(r).unwrap().hidden && w.placed_actors().any(|p| p.0 == r));
}

#[test]
fn a_hidden_keg_is_no_support() {
    // The keg (actor 5) is a live face model Cyrus can stand on ("Player contact lists");
    // hidden, it has no presentation record, so it is no candidate and he falls past its lid.
    use stros_core::files::Embedded;
    for hidden in [false, true] {
        let mut w = stros_tests::island();
        let keg = w.actor(5).unwrap().position;
        w.actor_mut(5).unwrap().hidden = hidden;
        let id = w.enter_at(&Embedded, [keg[0], keg[1] - 200 * 256, keg[2]], 0, true).unwrap();
        w.step(&Input::NONE, 0);
        assert_eq!(w.actor(id).unwrap().support_owner, (!hidden).then_some(5), "hidden {hidden}");
    }
}
