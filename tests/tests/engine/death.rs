//! The selected player's death on the embedded island (issue 31, item 12):
//! {D:engine/SOUP.md} "Selected-player death-owning health mode", "Selected-player death
//! admission state", "Selected-player death animation override", "Selected-player death
//! controller", "World-loop death exit ordering"; {D:engine/player.md} "Ordinary landing
//! decision", "Controller initialization and preliminary state".

use stros_core::files::Embedded;
use stros_core::input::{Action, Input};
use stros_core::player::death::OUTCOME_DEATH;
use stros_core::world::Event;
use stros_host::World;

/// The island with the player dropped from 2000 map units onto level ground north of the
/// plateau (the fatal landing of `player_moves`), stepped two BIOS ticks an update until he
/// has landed; his id and the update count.
fn dead_after_a_fall() -> (Box<World<'static>>, u16, u32) {
    let mut w = stros_tests::island();
    let id = w.enter_at(&Embedded, [35_000 * 256, -2000 * 256, 35_920 * 256], 0, false).unwrap();
    for k in 0..40u32 {
        w.step(&Input::NONE, 2 * k);
        if w.actor(id).unwrap().falling == 0 {
            return (w, id, k + 1);
        }
    }
    panic!("he never landed");
}

#[test]
fn a_fatal_landing_kills_the_player() {
    // "Ordinary landing decision": the selected player's fatal landing stores override 74
    // and applies −256 through the generic admission (CYRUS has attributes 120 and 97 at 0),
    // which forwards to his death-owning health: 100 − 256 clamps to 0. At zero, with death
    // suppression clear: hit inhibition on, the progress word 0, his position captured,
    // death notification (selector 8); the existing override 74 is kept. Falling clears.
    let (w, id, _) = dead_after_a_fall();
    let (a, p) = (w.actor(id).unwrap(), w.player_state());
    assert_eq!((a.attributes[3], a.falling, a.lifecycle), (0, 0, 8));
    assert_eq!((p.death.hit_inhibition, p.death.progress, p.death_override), (true, 0, Some(74)));
    assert_eq!(p.death.position, a.position, "nothing moves him after the landing");
    assert!(!p.pending_action);
    assert_ne!(a.anim.current, 74, "no fatal animation request for the player");
}

#[test]
fn the_dead_player_is_held_by_the_death_controller() {
    // The next updates: default selection copies override 74 into his default ("death
    // animation override"); the controller, hit-inhibited, force-requests 74 and adds the
    // update's nominal ticks to the progress word, then returns before keyboard dispatch, so
    // forward does not move him. The island's CYRUS has no group 74, so the forced request
    // starts nothing and the death never completes: no world-loop exit.
    let (mut w, id, n) = dead_after_a_fall();
    let start = w.actor(id).unwrap().position;
    let mut ticks = 0;
    for k in n..n + 20 {
        let r = w.step(&Input::with(&[Action::Up]), 2 * k);
        ticks += r.tick.nominal_ticks;
        assert_eq!(r.outcome, None);
    }
    let (a, p) = (w.actor(id).unwrap(), w.player_state());
    assert_eq!(p.death.progress, ticks);
    assert_eq!(a.anim.default, 74);
    assert_eq!(a.position, start, "the death controller returns before movement");
}

#[test]
fn hit_inhibition_rejects_later_health_changes() {
    // A long slide's hurt after death: the selected player's change goes to his death-owning
    // health, which hit inhibition rejects before any service — health stays 0, no health
    // event, inhibition and selector stay.
    let (mut w, id, n) = dead_after_a_fall();
    let a = w.actor_mut(id).unwrap();
    (a.sliding, a.slide_distance) = (1, 1024 * 256 + 1);
    let r = w.step(&Input::NONE, 2 * n);
    assert!(!r.events.iter().any(|e| matches!(e.event, Event::Health { .. })));
    let (a, p) = (w.actor(id).unwrap(), w.player_state());
    assert_eq!((a.attributes[3], a.lifecycle, p.death.hit_inhibition), (0, 8, true));
}

#[test]
fn the_death_exits_when_the_override_group_plays_on() {
    // "Selected-player death controller": inhibited, the death completes while the current
    // group equals the override; for an override other than 13 and 74 the command cursor and
    // the frame-progress byte must differ. With override 56 (a group the island's CYRUS has,
    // the ledge drop, whose frame byte runs ahead of its command cursor; his hurt group 73
    // shows a frame at every command, so the two never differ there) the controller
    // force-starts it and default selection keeps it; every update reports outcome 5000
    // exactly when that holds, and it does happen.
    let (mut w, id, n) = dead_after_a_fall();
    w.player_state_mut().death_override = Some(56);
    let mut exits = 0;
    for k in n..n + 40 {
        let out = w.step(&Input::NONE, 2 * k).outcome;
        let a = w.actor(id).unwrap();
        let complete = a.anim.current == 56 && a.anim.cursor as i32 != a.anim.real_frame as i32;
        assert_eq!(out, complete.then_some(OUTCOME_DEATH), "update {k}");
        exits += complete as u32;
    }
    assert!(exits > 0);
}

#[test]
fn a_fall_too_long_ends_the_world_loop() {
    // "World-loop death exit ordering": the falling counter adds each update's nominal ticks
    // while the falling byte is set; the limit is max(player_fall_dead_time 12, 3) × 12 = 144.
    // Dropped from 60,000 map units he is still falling when the sum first exceeds 144: that
    // update, and no earlier one, reports outcome 5000 — without hit inhibition or damage.
    let mut w = stros_tests::island();
    let id = w.enter_at(&Embedded, [35_000 * 256, -60_000 * 256, 35_920 * 256], 0, false).unwrap();
    let mut sum = 0;
    for k in 0..200 {
        let r = w.step(&Input::NONE, 2 * k);
        sum += r.tick.nominal_ticks;
        let out = r.outcome;
        let (a, p) = (w.actor(id).unwrap(), w.player_state());
        assert_ne!(a.falling, 0);
        assert_eq!(out, (sum > 144).then_some(OUTCOME_DEATH), "update {k}, {sum} ticks");
        if out.is_some() {
            assert_eq!((a.attributes[3], p.death.hit_inhibition), (100, false));
            return;
        }
    }
    panic!("no exit");
}

#[test]
fn the_player_initializer_clears_the_death() {
    // "Controller initialization and preliminary state": entering the player again runs the
    // initializer, which clears hit inhibition, the override and the pending action flag
    // (and the death mode and progress).
    let (mut w, _, _) = dead_after_a_fall();
    w.enter_at(&Embedded, [35_000 * 256, -2000 * 256, 35_920 * 256], 0, false).unwrap();
    let p = w.player_state();
    assert_eq!((p.death.hit_inhibition, p.death_override, p.pending_action), (false, None, false));
    assert_eq!(p.death, Default::default());
}
