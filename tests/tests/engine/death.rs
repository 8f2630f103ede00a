//! The selected player's death on the embedded island (issue 31, item 12):
//! {D:engine/SOUP.md} "Selected-player death-owning health mode", "Selected-player death
//! admission state", "Selected-player death animation override", "Selected-player death
//! controller", "World-loop death exit ordering"; {D:engine/player.md} "Ordinary landing
//! decision", "Controller initialization and preliminary state".

use stros_core::anim::AnimEvent;
use stros_core::files::Embedded;
use stros_core::input::{Action, Input};
use stros_core::player::death::OUTCOME_DEATH;
use stros_core::script::functions::id;
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
    // forward does not move him. The death completes while 74 is current with the command
    // cursor at or below the frame-progress byte ("Selected-player death controller"): the
    // island's 74 opens with twelve break points, which move the cursor to 12 without
    // counting frames, so outcome 5000 comes exactly when `real_frame` has reached 12 —
    // twelve expiries of its two-tick frame countdown after the group started.
    let (mut w, id, n) = dead_after_a_fall();
    let start = w.actor(id).unwrap().position;
    let (mut ticks, mut first_exit) = (0, None);
    for k in n..n + 20 {
        let r = w.step(&Input::with(&[Action::Up]), 2 * k);
        ticks += r.tick.nominal_ticks;
        let out = r.outcome;
        let a = w.actor(id).unwrap();
        assert_eq!((a.anim.current, a.anim.cursor), (74, 12));
        assert_eq!(out, (a.anim.real_frame >= 12).then_some(OUTCOME_DEATH), "update {k}");
        if out.is_some() && first_exit.is_none() {
            first_exit = Some(a.anim.real_frame);
        }
    }
    assert_eq!(first_exit, Some(12));
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

#[test]
fn a_restart_enters_the_player_again_where_the_session_started() {
    // Best guess (no save, no book menu in Stros): `Session::restart` loads the session's
    // world again and enters the player as the session started him — at marker 0 here,
    // where `start` recorded him — alive: health as the definition gives it (100), death
    // selector 0, hit inhibition and override clear. The debug overlay stays on.
    use stros_core::config::SystemConfig;
    use stros_core::input::Bindings;
    let mut s = stros_tests::start(
        &Embedded,
        stros_core::embedded::MAP,
        SystemConfig::installed(),
        Bindings::default(),
        0,
    )
    .unwrap();
    s.debug_overlay = true;
    let start = s.start;
    let id = s.world.selected_player_id().unwrap();
    {
        let a = s.world.actor_mut(id).unwrap();
        (a.attributes[3], a.lifecycle) = (0, 8);
        a.position[0] += 5000;
    }
    s.world.player_state_mut().death.hit_inhibition = true;
    s.world.player_state_mut().death_override = Some(74);
    s.restart(&Embedded).unwrap();
    let id = s.world.selected_player_id().unwrap();
    let (a, p) = (s.world.actor(id).unwrap(), s.world.player_state());
    assert_eq!((a.position, a.attributes[3], a.lifecycle), (start, 100, 0));
    assert_eq!((p.death.hit_inhibition, p.death_override), (false, None));
    assert_eq!((s.start, s.debug_overlay), (start, true));
}

#[test]
fn a_replay_keeps_its_place_across_a_restart() {
    // The replay's remaining updates survive the restart, so a recorded death restarts the
    // same way on replay: release_fall.toml's first update is 3 × (2 ticks, no keys), its
    // fourth the jump key; consuming three then restarting, the next is the fourth, and the
    // player stands at the scenario's position again (X and Z; settling moves only Y).
    use stros_core::input::{Bindings, Input};
    use stros_core::scenario::Scenario;
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/release_fall.toml");
    let text = std::fs::read_to_string(path).unwrap();
    let scenario = Scenario::parse(&text).unwrap();
    let mut s =
        stros_tests::replay(&Embedded, stros_core::embedded::MAP, &scenario, Bindings::default()).unwrap();
    for _ in 0..3 {
        let u = s.next_recorded().unwrap();
        assert_eq!(u.input, Input::NONE);
        s.step(&u.input, u.bios, u.scale);
    }
    s.restart(&Embedded).unwrap();
    let u = s.next_recorded().unwrap();
    assert!(u.input.held(Action::Jump));
    let a = s.world.selected_player().unwrap();
    assert_eq!((a.position[0], a.position[2]), (10_393_600, 8_074_240));
}

#[test]
fn a_replayed_fall_to_death_restarts_alike_in_every_path() {
    // Dropped from 60,000 map units (as in `a_fall_too_long_ends_the_world_loop`) for 130
    // updates of two ticks: the falling death ends the world loop once more than 144 nominal
    // ticks have passed falling, before the 130th update; `stros-tools replay` and the
    // frontends' runner both restart the session after that update's line, so the next line
    // is update 1 of the world loaded again, and the two traces are the same.
    use stros_host::{FileArgs, Opened, RunArgs, Runner};
    let text = "world = \"embedded\"\npos = [8960000, -15360000, 9195520]\nheading = 0\nsettle = false\n\n\
                [[update]]\nbios = 2\nkeys = []\nrepeat = 130\n";
    let d = std::env::temp_dir().join(format!("stros-death-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    let scenario = d.join("fall.toml");
    std::fs::write(&scenario, text).unwrap();
    let tools = stros_tools::replay::command(&scenario).unwrap();
    let lines: Vec<&str> = tools.lines().collect();
    assert_eq!(lines.len(), 130);
    let restarts: Vec<usize> =
        lines.iter().enumerate().filter(|(_, l)| l.starts_with("{\"update\":1,")).map(|(k, _)| k).collect();
    assert_eq!(restarts.len(), 2, "the start and one restart");
    assert!((100..130).contains(&restarts[1]), "restarted after update {}", restarts[1]);

    let trace = d.join("runner.jsonl");
    let files = FileArgs { replay: Some(scenario), trace: Some(trace.clone()), ..FileArgs::default() };
    let opened = Opened::open("test", &files).unwrap();
    let mut runner =
        Runner::new(opened.session().unwrap(), &files, &RunArgs::default()).restarting_from(&opened);
    runner.run_offscreen().unwrap();
    runner.finish().unwrap();
    assert_eq!(std::fs::read_to_string(&trace).unwrap(), tools);
    std::fs::remove_dir_all(&d).unwrap();
}

/// The random generator after one update of the player standing at marker 0 with the
/// sliding byte set and `distance` accumulated, in `group` when given.
fn after_a_slide(distance: i32, group: Option<i16>) -> (stros_core::script::Rng, u8, Option<i16>, bool) {
    let (mut w, id) = stros_tests::entered(0, 0);
    for k in 0..3 {
        w.step(&Input::NONE, 2 * k);
    }
    if let Some(g) = group {
        w.force_group(id, g);
    }
    let a = w.actor_mut(id).unwrap();
    (a.sliding, a.slide_distance) = (1, distance);
    w.step(&Input::NONE, 6);
    let p = w.player_state();
    (w.rng(), w.actor(id).unwrap().attributes[3], p.death_override, p.death.hit_inhibition)
}

#[test]
fn a_nonfatal_hurt_takes_the_damage_reaction() {
    // {D:engine/SOUP.md} "Selected-player death-owning health mode": a nonfatal negative
    // change clears the override (the slide stored 74), hit inhibition and progress, then
    // runs the damage reaction ("Selected-player additive health"), which draws the shared
    // random generator once for its parity — unless the current or pending group is 73, 74,
    // 117, 118, 132 or 133. A slide over slide_hurt_height × 256 hurts by 10 (100 → 90); an
    // empty one (distance 0) does not. Hurt in group 0 the generator is one draw ahead of the
    // unhurt update's; hurt while the hurt group 73 plays it is not.
    let threshold = 1024 * 256 + 1;
    let (hurt, health, ov, inhibited) = after_a_slide(threshold, None);
    assert_eq!((health, ov, inhibited), (90, None, false));
    let (mut unhurt, health, ..) = after_a_slide(0, None);
    assert_eq!(health, 100);
    unhurt.draw();
    assert_eq!(hurt, unhurt, "one draw for the parity");
    let (hurt, health, ..) = after_a_slide(threshold, Some(73));
    let (unhurt, ..) = after_a_slide(0, Some(73));
    assert_eq!((hurt, health), (unhurt, 90), "suppressed in group 73: no draw");
}

#[test]
fn a_dead_player_in_water_sinks_with_his_death_progress() {
    // {D:engine/SOUP.md} "Current model presentation": hit-inhibited, the selected player on
    // surfaces 2, 3 and 4 is presented at logical Y (map units) + 64 + his death progress,
    // with no coverage sampling; on surface 5 the progress is added to the 64 whether or not
    // he is inhibited; surface 1 stays + 64. With progress 40: + 104, + 104, + 104, + 104, + 64.
    let (mut w, id, _) = dead_after_a_fall();
    w.player_state_mut().death.progress = 40;
    let y = w.actor(id).unwrap().position[1] >> 8;
    let presented = |w: &World<'static>| {
        w.placed_actors().find(|(i, ..)| *i == id).map(|(.., p)| p.position[1]).unwrap() as i32
    };
    for (surface, sink) in [(2, 104), (3, 104), (4, 104), (5, 104), (1, 64)] {
        w.actor_mut(id).unwrap().surface = surface;
        assert_eq!(presented(&w), y + sink, "surface {surface}");
    }
    w.player_state_mut().death.hit_inhibition = false;
    w.actor_mut(id).unwrap().surface = 5;
    assert_eq!(presented(&w), y + 104, "surface 5 adds the progress regardless");
}

/// The island with one placed actor, HURTER (attribute 109 = `group`), whose script calls
/// `Player.function(args)` once and pauses; stepped `n` updates. The player's id.
fn hurt_by_script(function: u16, args: &[i32], group: u8, n: u32) -> (Box<World<'static>>, u16) {
    calls_on_player(&[(function, args)], group, n)
}

/// [`hurt_by_script`] with several calls on the player, in order, before the pause.
fn calls_on_player(calls: &[(u16, &[i32])], group: u8, n: u32) -> (Box<World<'static>>, u16) {
    use stros_core::script::decode::CallKind;
    use stros_tools::write::soup::{Object, Value};
    let mut script = stros_tests::fixtures::B::default();
    for &(function, args) in calls {
        let args: Vec<Value<'_>> = args.iter().map(|&n| Value::Num(n)).collect();
        script = script.with(|a| a.object_call(Object::Player, CallKind::Function, function, &args));
    }
    let script = script.pause().0;
    let mut attributes = [0u8; 256];
    attributes[109] = group;
    let hurter = stros_tools::write::rgm::ActorDesc {
        name: b"HURTER".to_vec(),
        namespace: b"HURTER".to_vec(),
        attributes,
        script,
        ..Default::default()
    };
    let mut w = stros_tests::island_with(
        0,
        vec![hurter],
        vec![stros_tests::placement(75, "HURTER", [35_000, -240, 31_000], false)],
    );
    for k in 0..n {
        w.step(&Input::NONE, 1000 + 2 * k);
    }
    let id = w.selected_player_id().unwrap();
    (w, id)
}

#[test]
fn adjust_health_mode_one_kills_with_the_sources_death_group() {
    // {D:engine/SOUP.md} "Health native routing": `adjustHealth(change, mode)` on the selected
    // player with a nonzero mode goes straight to his death-owning health, its source the
    // actor whose script runs. −255 takes 100 to 0: he dies, and with no override yet the
    // source's nonzero attribute 109 (73) becomes it.
    let (w, id) = hurt_by_script(id::ADJUST_HEALTH, &[-255, 1], 73, 2);
    let (a, p) = (w.actor(id).unwrap(), w.player_state());
    assert_eq!((a.attributes[3], a.lifecycle), (0, 8));
    assert_eq!((p.death.hit_inhibition, p.death_override), (true, Some(73)));
}

#[test]
fn adjust_health_mode_zero_never_kills() {
    // Mode 0 takes his additive health: the sum clamped to 0 … 100, no death at zero
    // ("Selected-player additive health"). −30: 70. −255: 0, still alive and uninhibited.
    let (w, id) = hurt_by_script(id::ADJUST_HEALTH, &[-30, 0], 0, 2);
    assert_eq!(w.actor(id).unwrap().attributes[3], 70);
    let (w, id) = hurt_by_script(id::ADJUST_HEALTH, &[-255, 0], 0, 2);
    let (a, p) = (w.actor(id).unwrap(), w.player_state());
    assert_eq!((a.attributes[3], a.lifecycle, p.death.hit_inhibition), (0, 0, false));
    // +500 clamps to the session maximum, 100.
    let (w, id) = hurt_by_script(id::ADJUST_HEALTH, &[500, 0], 0, 2);
    assert_eq!(w.actor(id).unwrap().attributes[3], 100);
}

#[test]
fn replenish_health_on_the_player_is_his_retained_health() {
    // {D:engine/SOUP.md} "Replenishing health" on the selected player, whose every health
    // change is the session's retained health ({D:engine/menu.md} "Selection and actions"):
    // additive −60 takes 100 to 40, retained 40; `ReplenishHealth` then fills him to 100,
    // retained 100 — what the next world entry gives him.
    let (w, id) = hurt_by_script(id::ADJUST_HEALTH, &[-60, 0], 0, 2);
    assert_eq!((w.actor(id).unwrap().attributes[3], w.retained_health()), (40, 40));
    let (w, id) = calls_on_player(&[(id::ADJUST_HEALTH, &[-60, 0]), (id::REPLENISH_HEALTH, &[])], 0, 2);
    assert_eq!((w.actor(id).unwrap().attributes[3], w.retained_health()), (100, 100));
}

#[test]
fn set_health_goes_through_the_death_admission() {
    // `setHealth(value)` passes value − health through the generic health-with-death
    // admission, which forwards the selected player to his death-owning health with no
    // source: 5 leaves him at 5, alive; 0 kills him. With no override, no source, dry land,
    // not falling and unarmed, the service force-starts group 134 and sets no override; the
    // death controller, at his next controller call, assigns 134 as the override since he
    // holds no weapon.
    let (w, id) = hurt_by_script(id::SET_HEALTH, &[5], 0, 2);
    let a = w.actor(id).unwrap();
    assert_eq!((a.attributes[3], a.lifecycle), (5, 0));
    let (w, id) = hurt_by_script(id::SET_HEALTH, &[0], 0, 2);
    let (a, p) = (w.actor(id).unwrap(), w.player_state());
    assert_eq!((a.attributes[3], a.lifecycle, p.death.hit_inhibition), (0, 8, true));
    assert_eq!(p.death_override, Some(134));
}

#[test]
fn death_mode_two_bubbles_and_gurgles() {
    // {D:engine/SOUP.md} "Selected death effect admission": in death mode 2 each death
    // controller call may emit one image — descriptor 0x2500 while the (incremented) progress
    // is below 12, 0x12500 from 12 — followed by sound 71 (70 from 12) with a Hz offset of
    // Rnd(64) − 32, so within −32 … 31. The image's Y is his logical Y plus his positive Y
    // extent × 256 plus 1536. In mode 0 nothing is emitted.
    let (mut w, id, n) = dead_after_a_fall();
    let quiet: Vec<_> = (n..n + 30)
        .flat_map(|k| w.step(&Input::NONE, 2 * k).events.clone())
        .filter(|e| matches!(e.event, Event::Anim(AnimEvent::Effect { .. })))
        .collect();
    assert!(quiet.is_empty(), "mode 0: no effects");
    w.player_state_mut().death.mode = 2;
    let (mut images, mut early, mut late) = (0, 0, 0);
    for k in n + 30..n + 130 {
        let events: Vec<_> =
            w.step(&Input::NONE, 2 * k).events.iter().filter(|e| e.actor == id).map(|e| e.event).collect();
        let (a, progress) = (w.actor(id).unwrap(), w.player_state().death.progress);
        let y = a.position[1] + a.bounds.positive[1] * 256 + 1536;
        let (descriptor, sound) = if progress >= 12 { (0x12500, 70) } else { (0x2500, 71) };
        for (i, e) in events.iter().enumerate() {
            if let Event::Anim(AnimEvent::Effect { descriptor: d, at }) = *e {
                images += 1;
                assert_eq!((d, at[1]), (descriptor, y), "update {k}");
                match events.get(i + 1) {
                    Some(Event::Sound(s)) => {
                        assert_eq!(s.requested, sound);
                        assert!((-32..32).contains(&s.offset_hz));
                    }
                    other => panic!("no sound after the image: {other:?}"),
                }
                if progress >= 12 { late += 1 } else { early += 1 }
            }
        }
    }
    assert!(images > 0 && late > 0, "{images} images, {early} early, {late} late");
}
