//! The world update on the embedded island (seeds 000 and 001): the seed's turn and startup
//! examples through `World::step`, marker entry and the initial animation, the actor lists,
//! eligibility, default selection, the collision-stage dispatch and the rider transform.

use stros_core::actor::{Direction, attr};
use stros_core::collision::candidates::MAP_CELLS as CELLS;
use stros_core::config::SystemConfig;
use stros_core::embedded::MAP;
use stros_core::files::Embedded;
use stros_core::input::{Action, Bindings, Input};
use stros_core::world::cells::{Cells, Home};
use stros_host::World;
use stros_tests::{TestFiles, entered, island, replaced};

fn world_with(files: &'static TestFiles) -> Box<World<'static>> {
    Box::new(World::load(files, MAP, SystemConfig::installed(), Bindings::default()).unwrap())
}

fn player_pos(w: &World<'_>, id: u16) -> [i32; 3] {
    w.actor(id).unwrap().position
}

#[test]
fn five_right_turns_through_world_step() {
    // "Ground-turn arithmetic": at scale 256 (the first twelve updates after a timing reset),
    // five right-input updates from heading 0 give 2036, 2012, 1976, 1928, 1880.
    let (mut w, id) = entered(0, 0);
    let right = Input::with(&[Action::Right]);
    let mut headings = Vec::new();
    let mut accumulators = Vec::new();
    for bios in 0..5 {
        let r = w.step(&right, bios);
        assert_eq!(r.tick.frame_scale, 256);
        headings.push(w.actor(id).unwrap().angles.heading);
        accumulators.push(w.player_state().turn.right);
    }
    assert_eq!(headings, [2036, 2012, 1976, 1928, 1880]);
    assert_eq!(accumulators, [12, 24, 36, 48, 48]);
    // The ordinary turn animation: group 15 for a right turn.
    assert_eq!(w.actor(id).unwrap().anim.current, 15);
    // Releasing resets the accumulator; the heading stays.
    w.step(&Input::NONE, 5);
    assert_eq!((w.player_state().turn.right, w.actor(id).unwrap().angles.heading), (0, 1880));
}

/// player.md "Ground-turn eligibility and animation": while the current group is 91 or 129
/// the controller returns before turning, so neither the right turn (which from heading 0
/// at scale 256 gives 2036, as above) nor the forward dispatch happens. The island's CYRUS
/// gets a looping group 91 so that it is still current at the script stage.
#[test]
fn no_turning_or_moving_while_group_91_plays() {
    let mut desc = stros_tools::world::village::rgm_desc();
    let cyrus = desc.actors.iter_mut().find(|a| a.name == b"CYRUS").unwrap();
    use stros_core::formats::rgm::Command::{GoToPrevious, ShowFrame};
    let commands = vec![ShowFrame { frame: 1 }, GoToPrevious { target: 0 }];
    cyrus.groups.retain(|g| g.number != 91);
    cyrus.groups.push(stros_tools::write::rgm::GroupDesc { number: 91, anim_id: 2, kind: 0, commands });
    let files = replaced(vec![(format!("{MAP}.RGM"), stros_tools::write::rgm::to_bytes(&desc))]);
    let mut w = world_with(files);
    let id = w.enter_marker(files, 0, 0).unwrap();
    let start = player_pos(&w, id);
    w.force_group(id, 91);
    w.step(&Input::with(&[Action::Right, Action::Up]), 0);
    let a = w.actor(id).unwrap();
    assert_eq!((a.anim.current, a.angles.heading, a.position), (91, 0, start));
    // The same input outside group 91 turns him at once.
    w.force_group(id, 0);
    w.step(&Input::with(&[Action::Right]), 1);
    assert_eq!(w.actor(id).unwrap().angles.heading, 2036);
}

#[test]
fn startup_amounts_through_world_step() {
    // "Forward-walking startup": walking speed 8 with step type 1 gives 512, 682, 1024 and
    // then 2048 runtime units. Cyrus's walk group here has no BreakPoint, so every phase
    // translates.
    let mut desc = stros_tools::world::village::rgm_desc();
    let cyrus = desc.actors.iter_mut().find(|a| a.name == b"CYRUS").unwrap();
    let walk = cyrus.groups.iter_mut().find(|g| g.number == 20).unwrap();
    use stros_core::formats::rgm::Command::{GoToPrevious, ShowFrame};
    walk.commands = vec![
        ShowFrame { frame: 1 },
        ShowFrame { frame: 2 },
        ShowFrame { frame: 3 },
        ShowFrame { frame: 4 },
        GoToPrevious { target: 0 },
    ];
    let files = replaced(vec![("HARBOUR.RGM", stros_tools::write::rgm::to_bytes(&desc))]);
    let mut w = world_with(files);
    let id = w.enter_marker(files, 0, 0).unwrap();
    let walk = Input::with(&[Action::Up, Action::Walk]);
    let mut moved = Vec::new();
    let mut phases = Vec::new();
    for bios in 0..6 {
        let before = player_pos(&w, id);
        w.step(&walk, bios);
        let after = player_pos(&w, id);
        assert_eq!(after[0], before[0], "heading 0 moves along Z only");
        moved.push(after[2] - before[2]);
        phases.push(w.actor(id).unwrap().steps.get(Direction::Forward));
    }
    assert_eq!(moved, [512, 682, 1024, 2048, 2048, 2048]);
    assert_eq!(phases, [1, 2, 3, 3, 3, 3]);
}

#[test]
fn a_breakpoint_suppresses_translation_after_the_phase_advanced() {
    // The embedded walk group sets the movement marker on its second frame: the phase still
    // advances, so the half-speed amount is never seen ("the first visible displacement
    // need not use phase zero", and suppression does not undo the advance).
    let (mut w, id) = entered(0, 0);
    let walk = Input::with(&[Action::Up, Action::Walk]);
    let mut moved = Vec::new();
    let mut phases = Vec::new();
    let mut markers = Vec::new();
    for bios in 0..5 {
        let before = player_pos(&w, id);
        w.step(&walk, bios);
        moved.push(player_pos(&w, id)[2] - before[2]);
        let a = w.actor(id).unwrap();
        phases.push(a.steps.get(Direction::Forward));
        markers.push(a.anim.marker);
    }
    assert_eq!(moved, [512, 682, 0, 0, 2048]);
    assert_eq!(phases, [1, 2, 3, 3, 3]);
    assert_eq!(markers, [false, false, true, true, false]);
}

#[test]
fn marker_entry_settles_and_sets_up_the_initial_animation() {
    let mut w = island();
    let id = w.enter_marker(&Embedded, 5, -12).unwrap();
    let a = w.actor(id).unwrap();
    // Marker × 256; heading modulo 2048; pitch and roll zero.
    assert_eq!((a.position[0], a.position[2]), (31_200 * 256, 27_400 * 256));
    assert_eq!((a.angles.heading, a.angles.pitch, a.angles.roll), (2036, 0, 0));
    // Settling: (support − positive Y extent + standing_height) × 256 = (−240 − 62 − 2) × 256.
    assert_eq!(a.position[1], -304 * 256);
    // Two ordinary requests for group 0, then the forced default: group 0 current, default 0,
    // surface 0.
    assert_eq!((a.anim.current, a.anim.default, a.anim.pending, a.surface), (0, 0, -1, 0));
    // The player is the selected member of the pair and heads the persistent list.
    assert_eq!(w.selected_player_id(), Some(id));
    assert_eq!(w.cells().persistent_actors().next(), Some(id));
    assert_eq!(w.cells().links(id).home, Home::Persistent);
    // Without settling the marker's Y stays.
    let mut w = island();
    let id = w.enter_at(&Embedded, [31_200 * 256, -240 * 256, 27_400 * 256], 0, false).unwrap();
    assert_eq!(player_pos(&w, id)[1], -240 * 256);
    assert!(w.enter_marker(&Embedded, 99, 0).is_err());
}

#[test]
fn placed_actors_live_in_cells_and_the_persistent_list() {
    let w = island();
    let rgm = w.rgm();
    for (id, a) in w.actors().iter().enumerate() {
        let record = rgm.mpob().get(a.placement.unwrap() as usize).unwrap();
        let p = record.position();
        assert_eq!(a.position, p.map(|c| c * 256));
        let home = w.cells().links(id as u16).home;
        if record.activation() == 0 {
            let cell = (p[2] / 512) as usize * CELLS + (p[0] / 512) as usize;
            assert_eq!(home, Home::Cell(cell as u16), "actor {id}");
        } else {
            assert_eq!(home, Home::Persistent, "actor {id}");
        }
    }
    // The raft (activation 1) is the one persistent placed actor.
    assert_eq!(w.cells().persistent_actors().collect::<Vec<_>>(), [6]);
}

#[test]
fn the_regional_list_follows_the_view() {
    // At marker 0 (the plateau) the window holds the yard's camera actor (8), the plateau's
    // flag and the keg, then the persistent list (the player, then the raft); the beach's
    // actors and the hilltop's villager are out of it.
    let (mut w, id) = entered(0, 0);
    w.step(&Input::NONE, 0);
    let active = w.cells().active().to_vec();
    assert_eq!(active, [8, 0, 5, id, 6]);
    // At the beach (marker 2) the beach flag, the fisher, the buoy, the hut's door object
    // (9, at 34400, 17060) and the key on the pier (10, at 32790, 14950) are in it; the
    // hilltop flag (x 38400) is east of the window.
    let (mut w, id) = entered(2, 0);
    w.step(&Input::NONE, 0);
    let mut active = w.cells().active().to_vec();
    assert_eq!(active.split_off(active.len() - 2), [id, 6]);
    active.sort();
    assert_eq!(active, [1, 3, 4, 9, 10]);
}

#[test]
fn cell_lists_window_order_border_and_relocation() {
    let mut c = Box::new(Cells::<stros_core::capacity::Small>::default());
    // View at (10000, 10000): window start cells (10000 − 4608) / 512 = 10 on both axes.
    c.insert_cell(0, 12 * 512 + 5, 11 * 512 + 5);
    c.insert_cell(1, 11 * 512 + 5, 12 * 512 + 5);
    c.insert_cell(2, 12 * 512 + 5, 11 * 512 + 9); // same cell as 0: inserted in front
    c.insert_cell(3, 10 * 512 + 5, 14 * 512 + 5); // outer border (first column)
    c.insert_cell(4, 10 * 512 + 5, 15 * 512 + 5); // outer border, no attribute 113
    c.insert_cell(5, 40 * 512, 40 * 512); // outside the window
    c.insert_persistent(6);
    c.insert_persistent(7); // in front of 6
    let short_mapping = |id: u16| id == 3;
    let list = c.select(10_000, 10_000, short_mapping).to_vec();
    // X within Z rows: row 11 (2, 0), row 12 (1), row 15 (4); 3 is on the border with
    // attribute 113; the persistent list (7, 6) last.
    assert_eq!(list, [2, 0, 1, 4, 7, 6]);

    // Deferred relocation in first-registration order, deduplicated; a move within the cell
    // keeps the list, a cell change prepends to the destination.
    c.register_moved(1);
    c.register_moved(0);
    c.register_moved(1);
    c.register_moved(6); // persistent actors keep their membership
    assert_eq!(c.deferred(), [1, 0]);
    let mut seen = Vec::new();
    c.relocate(|id| {
        seen.push(id);
        match id {
            0 => ([12 * 512 + 100, 11 * 512 + 100], 100), // same cell
            _ => ([12 * 512 + 1, 11 * 512 + 1], 100),     // into 0's cell, nearby
        }
    });
    assert_eq!(seen, [1, 0]);
    assert!(c.deferred().is_empty());
    // Nearby relocation keeps the cached traversal...
    assert_eq!(c.select(10_000, 10_000, short_mapping), [2, 0, 1, 4, 7, 6]);
    // ...a rebuild shows 1 at the front of its new cell.
    c.invalidate();
    assert_eq!(c.select(10_000, 10_000, short_mapping), [1, 2, 0, 4, 7, 6]);
    // A cell change farther than 3584 map units from the camera invalidates the cache: 4
    // moves to the first row and the rebuilt list starts with it.
    c.register_moved(4);
    c.relocate(|_| ([12 * 512 + 5, 10 * 512 + 5], 3585));
    assert_eq!(c.select(10_000, 10_000, short_mapping), [4, 1, 2, 0, 7, 6]);
    // Exactly 3584 is not beyond: the cached order stays until another rebuild.
    c.register_moved(4);
    c.relocate(|_| ([13 * 512 + 5, 16 * 512 + 5], 3584));
    assert_eq!(c.select(10_000, 10_000, short_mapping), [4, 1, 2, 0, 7, 6], "3584 is not beyond");
    c.invalidate();
    assert_eq!(c.select(10_000, 10_000, short_mapping), [1, 2, 0, 4, 7, 6]);
}

#[test]
fn eligibility_and_the_debug_exclusions_gate_the_update_body() {
    // `[debug] disable_slaves` excludes a slave-only actor: its animation no longer
    // advances. The flag at the plateau (actor 0) is in the regional list at marker 0.
    let config = SystemConfig::installed_with("[debug]\ndisable_slaves = yes\n").unwrap();
    let mut w: Box<World> = Box::new(World::load(&Embedded, MAP, config, Bindings::default()).unwrap());
    w.enter_marker(&Embedded, 0, 0).unwrap();
    w.actor_mut(0).unwrap().attributes[attr::SLAVE] = 1;
    let before = w.actor(0).unwrap().anim;
    let updated = (0..6).map(|b| w.step(&Input::NONE, b).updated).collect::<Vec<_>>();
    assert_eq!(w.actor(0).unwrap().anim, before, "the excluded flag did not animate");
    assert_eq!(w.actor(0).unwrap().object_update_exclusion, 1);
    // The keg, the yard's camera actor, the player and the raft still update.
    assert!(updated.iter().all(|&n| n == 4), "{updated:?}");
    // Script-control bit 0x08 excludes the same way.
    let (mut w, _) = entered(0, 0);
    w.actor_mut(0).unwrap().script_control = 0x08;
    let before = w.actor(0).unwrap().anim;
    for b in 0..6 {
        w.step(&Input::NONE, b);
    }
    assert_eq!(w.actor(0).unwrap().anim, before);
}

#[test]
fn the_idle_default_comes_from_attribute_44() {
    // "Ordinary idle animation default": the flag's default is its panic group; changing it
    // while the old default is current replaces it at once. The flag's FLAG2 script would
    // request group 1 in the first update, so its main stage is switched off (script-control
    // bit 0x01, `DisableScript`).
    let (mut w, _) = entered(0, 0);
    w.actor_mut(0).unwrap().script_control = stros_core::script::control::NO_MAIN;
    w.step(&Input::NONE, 0);
    assert_eq!(w.actor(0).unwrap().anim.current, 0);
    w.actor_mut(0).unwrap().attributes[attr::PANIC_GROUP] = 10;
    w.step(&Input::NONE, 1);
    let a = w.actor(0).unwrap();
    assert_eq!((a.anim.default, a.anim.current), (10, 10));
}

#[test]
fn the_collision_stage_dispatch_follows_the_living_state() {
    // Running off the top of the yard's stairs: in living state 0 the support miss starts a
    // fall. In the ledge states 10-19 the ledge transition runs in place of the ordinary
    // ground response ("Per-update ledge dispatch"): state 12 (turning to a low ledge) with
    // no low ledge ahead gives up in its first update — living state 0, no fall and no
    // support assigned in that update — and the next updates fall as in state 0. States 20
    // and 21 run weapon-draw admission instead: tests/tests/combat.rs,
    // `draw_sword_starts_state_20_…`, shows a drawing fighter hanging in the air until the
    // draw completes.
    let top = [30_812 * 256, -460 * 256, 28_286 * 256];
    let run = Input::with(&[Action::Up]);
    for living in [0u8, 12] {
        let mut w = island();
        let id = w.enter_at(&Embedded, top, 0, false).unwrap();
        w.actor_mut(id).unwrap().living = living;
        let mut fell = false;
        for b in 0..12 {
            w.step(&run, b);
            let a = w.actor(id).unwrap();
            if b == 0 && living == 12 {
                assert_eq!((a.living, a.falling), (0, 0), "the transition gave up");
            }
            fell |= a.falling != 0;
        }
        assert!(fell, "living state {living}");
    }
}

#[test]
fn a_rider_moves_with_its_supporting_actor() {
    // "Supporting actor motion": Cyrus on the keg's lid (a live face model, so the keg is
    // his supporting actor) moves by the keg's position delta when the keg carries riders
    // (attribute 24). The keg's script would move it; here it is moved by hand, with its
    // update body excluded so its update-entry position stays where it was.
    let mut w = island();
    let keg = w.actor(5).unwrap().position;
    let id = w.enter_at(&Embedded, [keg[0], keg[1] - 200 * 256, keg[2]], 0, true).unwrap();
    w.step(&Input::NONE, 0);
    assert_eq!(w.actor(id).unwrap().support_owner, Some(5));
    let before = player_pos(&w, id);
    {
        let k = w.actor_mut(5).unwrap();
        k.attributes[attr::PLAYER_ALIGN] = 1;
        k.script_control = 0x08;
        k.previous = k.position;
        k.position[0] += 512;
        k.position[2] += 256;
    }
    w.step(&Input::NONE, 1);
    let after = player_pos(&w, id);
    assert_eq!((after[0] - before[0], after[2] - before[2]), (512, 256));
    // Without attribute 24 the keg carries nobody.
    let mut w = island();
    let id = w.enter_at(&Embedded, [keg[0], keg[1] - 200 * 256, keg[2]], 0, true).unwrap();
    w.step(&Input::NONE, 0);
    let before = player_pos(&w, id);
    {
        let k = w.actor_mut(5).unwrap();
        k.script_control = 0x08;
        k.previous = k.position;
        k.position[0] += 512;
    }
    w.step(&Input::NONE, 1);
    assert_eq!(player_pos(&w, id), before);
}

/// Runs `n` updates of `input` from BIOS tick `from`, collecting the health events.
fn health_events(w: &mut World<'_>, input: Input, from: u32, n: u32) -> Vec<(i32, u8)> {
    let mut out = Vec::new();
    for b in from..from + n {
        for e in &w.step(&input, b).events {
            if let stros_core::world::Event::Health { change, health } = e.event {
                out.push((change, health));
            }
        }
    }
    out
}

#[test]
fn a_long_fall_hurts_on_land_but_not_into_water() {
    // "Ordinary landing decision": a fall of more than fall_hurt_height (300) × 256 hurts by
    // fall_hurt_zap (10); landing on water (surfaces 1-4) counts as no distance.
    let ground = [35_000 * 256, (-240 - 62 - 2 - 420) * 256, 30_600 * 256];
    let mut w = island();
    let id = w.enter_at(&Embedded, ground, 0, false).unwrap();
    let hurt = health_events(&mut w, Input::NONE, 0, 40);
    assert_eq!(hurt, [(-10, 90)]);
    let a = w.actor(id).unwrap();
    assert_eq!((a.falling, a.position[1]), (0, -304 * 256));
    // Shallow water at (47880, 30552): the stored landing surface is water, no damage.
    let mut w = island();
    let y = stros_core::terrain::sample(w.terrain(), 47_880, 30_552).height as i32;
    let id = w.enter_at(&Embedded, [47_880 * 256, (y - 64 - 420) * 256, 30_552 * 256], 0, false).unwrap();
    assert!(health_events(&mut w, Input::NONE, 0, 40).is_empty());
    let a = w.actor(id).unwrap();
    assert_eq!(a.falling, 0);
    assert!((1..=4).contains(&a.surface), "landed in water, surface {}", a.surface);
}

#[test]
fn standing_on_a_live_face_model_makes_it_the_support_owner() {
    // The keg is a static-path actor: a live face model. Settled onto it, Cyrus stands on
    // its lid and the keg is his supporting actor.
    let mut w = island();
    let keg = w.actor(5).unwrap().position;
    let id = w.enter_at(&Embedded, [keg[0], keg[1] - 200 * 256, keg[2]], 0, true).unwrap();
    w.step(&Input::NONE, 0);
    let a = w.actor(id).unwrap();
    assert!(matches!(a.support.source, stros_core::collision::support::Source::Model(_)));
    assert!(a.position[1] < keg[1] - 62 * 256, "on top of the keg, not on the ground");
    assert_eq!(a.support_owner, Some(5));
}

#[test]
fn shift_with_a_turn_key_alone_sidesteps() {
    // With the walk key held, left alone is MoveLeft: strafe group 24, moving along
    // heading + 512 (−X at heading 0) without turning.
    let (mut w, id) = entered(0, 0);
    let before = player_pos(&w, id);
    for b in 0..8 {
        w.step(&Input::with(&[Action::Left, Action::Walk]), b);
    }
    let a = w.actor(id).unwrap();
    assert_eq!((a.anim.current, a.angles.heading, a.motion_direction), (24, 0, 4));
    assert!(a.position[0] < before[0] - 10 * 256 && a.position[2] == before[2], "{:?}", a.position);
    // Right alone with the walk key strafes the other way.
    for b in 8..20 {
        w.step(&Input::with(&[Action::Right, Action::Walk]), b);
    }
    assert_eq!(w.actor(id).unwrap().motion_direction, 5);
    assert!(player_pos(&w, id)[0] > w.actor(id).unwrap().previous[0] - 1);
}

#[test]
fn a_released_walk_continues_through_its_exit_tail() {
    // "Continuation after input release": group 20 keeps walking (the probe repeated, the
    // phase kept) while the default request stays pending; once idle, the phase resets.
    // At BIOS ticks one apart every update has scale 256 and one nominal tick, and each
    // frame of the walk group (show 1, BreakPoint, show 2, sound, show 3, GoToFuture 7,
    // GoToPrevious 0, show 4, sound, show 0, End) shows for two updates, as the walk's own
    // 512, 682, 0, 0, 2048… shows. Released after eight updates, the cursor is back at
    // show 2, whose BreakPoint set the marker: two accepted updates without translation.
    // Show 3 translates the phase-3 amount 8 × 256 = 2048 twice; then the GoToFuture takes
    // its exit (the default 0 pends) and clears the marker: show 4 and show 0 move 2048 for
    // two updates each. End starts the default at the ninth update after release; without
    // accepted forward motion the phase resets and nothing moves.
    let (mut w, id) = entered(0, 0);
    for b in 0..8 {
        w.step(&Input::with(&[Action::Up, Action::Walk]), b);
    }
    let mut moved = Vec::new();
    for b in 8..20 {
        let before = player_pos(&w, id);
        let probe = w.step(&Input::NONE, b).probe;
        let a = w.actor(id).unwrap();
        if a.anim.current == 20 {
            assert_eq!(a.anim.pending, 0, "the default stays pending");
            assert_eq!(a.steps.get(Direction::Forward), 3, "the phase is kept");
            assert!(probe.is_some(), "the forward probe runs again");
        } else {
            assert_eq!((a.anim.current, a.steps.get(Direction::Forward)), (0, 0));
        }
        assert_eq!(a.position[0], before[0]);
        moved.push(a.position[2] - before[2]);
    }
    assert_eq!(moved, [0, 0, 2048, 2048, 2048, 2048, 2048, 2048, 0, 0, 0, 0]);
    assert_eq!(w.actor(id).unwrap().anim.current, 0);
}

#[test]
fn the_collision_mask_selects_the_stages() {
    // Bit 0x04 runs the ground response: without it, running off the stairs' top does not
    // fall. Bit 0x01 runs body contacts: without it, running into the yard house's wall
    // passes the body response (only the segment response stops him).
    let top = [30_812 * 256, -460 * 256, 28_286 * 256];
    let run = Input::with(&[Action::Up]);
    for (mask, falls) in [(0x0Du8, true), (0x09, false), (0x00, false)] {
        let mut w = island();
        let id = w.enter_at(&Embedded, top, 0, false).unwrap();
        w.actor_mut(id).unwrap().attributes[attr::COLLIDE] = mask;
        let fell = (0..12).fold(false, |f, b| {
            w.step(&run, b);
            f || w.actor(id).unwrap().falling != 0
        });
        assert_eq!(fell, falls, "mask {mask:#x}");
    }
    // Against the house wall at a slant: with 0x01 the body response slides (marks 0x01 or
    // 0x02); without it no body-response mark is ever set.
    for (mask, marks) in [(0x0Du8, true), (0x0C, false)] {
        let mut w = island();
        let id = w.enter_at(&Embedded, [31_160 * 256, -304 * 256, 27_700 * 256], 170, false).unwrap();
        w.actor_mut(id).unwrap().attributes[attr::COLLIDE] = mask;
        let marked = (0..20).fold(false, |m, b| {
            w.step(&run, b);
            m || w.actor(id).unwrap().body_response & 0x03 != 0
        });
        assert_eq!(marked, marks, "mask {mask:#x}");
    }
}

#[test]
fn support_metadata_0x04_feeds_the_history_counter() {
    // The stairs' ROB collision byte set to 0x04: standing on them resets the designated
    // player's support-history counter to 12; off them it counts down by the nominal ticks.
    let mut rob = stros_tools::world::archive::rob_desc();
    rob.segments.iter_mut().find(|s| s.name == "STAIRS").unwrap().collision_flags = 0x04;
    let files = replaced(vec![("HARBOUR.ROB", stros_tools::write::rob::to_bytes(&rob))]);
    let mut w = world_with(files);
    let id = w.enter_at(files, [30_800 * 256, -500 * 256, 28_150 * 256], 0, true).unwrap();
    w.step(&Input::NONE, 0);
    assert!(matches!(w.actor(id).unwrap().support.source, stros_core::collision::support::Source::Model(_)));
    assert_eq!(w.actor(id).unwrap().support.metadata, 0x04);
    assert_eq!(w.shared().history.0, 12);
    // Walk back off the stairs onto the plateau: the counter falls by one per nominal tick.
    let mut w = world_with(files);
    let id = w.enter_at(files, [30_800 * 256, -500 * 256, 28_150 * 256], 1024, true).unwrap();
    let mut seen = Vec::new();
    for b in 0..60 {
        w.step(&Input::with(&[Action::Up]), b);
        seen.push(w.shared().history.0);
    }
    assert_eq!(w.actor(id).unwrap().support.source, stros_core::collision::support::Source::Terrain);
    assert_eq!(*seen.last().unwrap(), 0);
    let drop = seen.iter().position(|&h| h < 12).unwrap();
    assert_eq!(&seen[drop..drop + 3], &[11, 10, 9]);
}

#[test]
fn a_lava_surface_vetoes_the_walk_ahead() {
    // SURFACE.INI maps the yard ramp's planks (set 310, image 1) to lava: the shared veto
    // set by the probe's support query refuses the walk onto it ("Forward ground-support
    // admission"), though the ramp is ordinary ground.
    let ini = "[surfaces]\r\n310, 1, lava\r\n302, 3, scape\r\n";
    let files = replaced(vec![("SURFACE.INI", ini.as_bytes().to_vec())]);
    let mut w = world_with(files);
    let id = w.enter_marker(files, 5, 1024).unwrap();
    let mut blocked = false;
    for b in 0..40 {
        w.step(&Input::with(&[Action::Up, Action::Walk]), b);
        let a = w.actor(id).unwrap();
        blocked |= a.step_status & 0x80 != 0;
        assert!(a.position[2] > 27_290 * 256, "never onto the ramp: {:?}", a.position);
    }
    assert!(blocked);
    // The update's own support query, on the meadow, then assigns the meadow again and
    // clears the veto.
    assert_eq!(w.actor(id).unwrap().surface, 9);
    assert!(!w.shared().veto);
}

#[test]
fn the_banked_player_s_matrix_is_rebuilt_and_the_level_one_refreshed() {
    use stros_core::math::{Mat3, RotationMode, refresh_orientation};
    // "Incremental orientation refresh": map-list presentation, before each update, rotates
    // an actor's matrix by its angle changes (attr_rotation 0, Cyrus's); the selected
    // player with a nonzero roll instead rebuilds from identity with his negated current
    // angles. Running (group 18) and turning left banks him: the roll goes 4, 8, … while the
    // turn holds, and relaxes by 8 a update once it stops.
    let (mut w, id) = entered(0, 0);
    assert_eq!(w.actor(id).unwrap().attr(attr::ROTATION), 0);
    let mut banked = 0;
    let mut level = 0;
    let mut rolls = Vec::new();
    for b in 0..40 {
        let input = match b {
            0..8 => Input::with(&[Action::Up]),
            8..20 => Input::with(&[Action::Up, Action::Left]),
            _ => Input::with(&[Action::Up]),
        };
        let before = w.actor(id).unwrap().clone();
        w.step(&input, b);
        let a = w.actor(id).unwrap();
        rolls.push(a.angles.roll);
        // What presentation made of the matrix: the update's own changes come after it and
        // do not touch the matrix.
        let mut incremental = before.matrix;
        refresh_orientation(
            &mut incremental,
            before.angles,
            before.previous_angles,
            RotationMode::Incremental,
        );
        if before.angles.roll != 0 {
            assert_eq!(a.matrix, Mat3::from_orientation(before.angles), "update {b}: rebuilt");
            banked += (incremental != a.matrix) as u32;
        } else {
            assert_eq!(a.matrix, incremental, "update {b}: incremental");
            level += (before.angles != before.previous_angles) as u32;
        }
    }
    // Both branches ran, and the rebuild is observable: its matrix differs from what the
    // incremental refresh would have left.
    assert!(banked > 0 && level > 0, "banked {banked}, level turned {level}");
    assert_eq!(rolls.iter().copied().max(), Some(32), "the bank tops out at 32: {rolls:?}");
    assert_eq!(*rolls.last().unwrap(), 0, "and relaxes back: {rolls:?}");
}

#[test]
fn queued_motion_directional_bits_and_the_player_exclusion_exclude_the_surface_query() {
    // "Surface-query state retention": queued motion, either directional-state byte (the
    // low bytes of the pending and accepted action words) with either low bit set, or the
    // selected-player surface exclusion give the excluded result: the actor's surface and
    // the shared veto are not replaced. Cyrus idles at marker 0 on the plateau's meadow
    // (surface 9); his stored surface is set to 0 before each update to see whether the
    // update stores one.
    //
    // The action update between the script stage and ordinary movement ("Action words")
    // clears the low bits of both words unless the current group is 18 or 30, and always
    // consumes accepted low bits (its jump entry), so before each update Cyrus is put in
    // his run group 18: pending bits then survive to the collision stage's query, while
    // accepted ones start a running jump ("Ordinary jump entry": group 18 selects queued 8
    // for bit 0, 9 for bit 1), whose queued motion excludes the query.
    let (mut w, id) = entered(0, 0);
    w.step(&Input::NONE, 0);
    assert_eq!(w.actor(id).unwrap().surface, 9);
    type Setup = fn(&mut World<'static>, u16);
    let cases: [(&str, Setup, u8); 7] = [
        ("pending bit 0", |w, id| w.actor_mut(id).unwrap().anim.actions.pending = 0x01, 0),
        ("pending bit 1", |w, id| w.actor_mut(id).unwrap().anim.actions.pending = 0x02, 0),
        ("accepted bit 0, a jump", |w, id| w.actor_mut(id).unwrap().anim.actions.accepted = 0x01, 0),
        ("accepted bit 1, a jump", |w, id| w.actor_mut(id).unwrap().anim.actions.accepted = 0x02, 0),
        ("player exclusion", |w, _| w.shared_mut().surface_exclusion = true, 0),
        ("higher action bits", |w, id| w.actor_mut(id).unwrap().anim.actions.pending = 0xFC, 9),
        ("nothing", |_, _| {}, 9),
    ];
    for (k, (what, setup, surface)) in cases.into_iter().enumerate() {
        // Group 18 from its start, so its mask-1 transitions (cursor 2 and 5) are not reached
        // in the update.
        w.force_group(id, 0);
        w.force_group(id, 18);
        {
            let a = w.actor_mut(id).unwrap();
            (a.surface, a.anim.actions.pending, a.anim.actions.accepted) = (0, 0, 0);
            (a.queued, a.falling) = (0, 0);
        }
        w.shared_mut().surface_exclusion = false;
        w.shared_mut().veto = true;
        setup(&mut w, id);
        w.step(&Input::NONE, 1 + k as u32);
        let a = w.actor(id).unwrap();
        let jump = match k {
            2 => 8,
            3 => 9,
            _ => 0,
        };
        assert_eq!(a.queued, jump, "{what}");
        if jump == 0 {
            assert_eq!(a.anim.current, 18, "{what}");
        }
        assert_eq!(a.surface, surface, "{what}");
        assert_eq!(a.anim.actions.accepted & 3, 0, "{what}");
        // The veto is assigned only with the surface (the meadow clears it).
        assert_eq!(w.shared().veto, surface == 0, "{what}");
    }
}

#[test]
fn the_forward_probe_s_support_query_runs_the_water_transition() {
    // "Water and lava transition effects" run in the support wrapper, so the walk's forward
    // probe has them too. Cyrus stands on sand (surface 6) at (47854, 30720) facing +X with
    // scape deep water (4) 19 ahead, a torch burning: his set has no torch walk (21), so
    // the walk is refused after its probe and requests nothing itself. The probe's query
    // stores surface 4 and, his motion byte still 0 (not forward), requests swim-back 143,
    // which from idle starts at once. The update's own query then stores the sand again;
    // leaving deep water after the walk's motion byte 6 requests the torch run 30, which his
    // set lacks. He ends the update on sand, unmoved, in group 143.
    let mut w = island();
    let y = stros_core::terrain::sample(w.terrain(), 47_854, 30_720).height as i32;
    let at = [47_854 * 256, (y - 64) * 256, 30_720 * 256];
    let id = w.enter_at(&Embedded, at, 1536, false).unwrap();
    w.actor_mut(id).unwrap().torch = 1;
    let walk = Input::with(&[Action::Up, Action::Walk]);
    w.step(&walk, 0);
    let a = w.actor(id).unwrap();
    assert!(w.report().probe.is_some(), "the probe's support query ran");
    assert_eq!((a.surface, a.motion_direction, a.step_status & 0x80), (6, 6, 0));
    assert_eq!((a.position[0], a.position[2]), (at[0], at[2]));
    assert_eq!(a.anim.current, 143);
    // The next probe finds the deep water again, now after a forward motion byte: swim 142
    // is requested behind the current 143.
    w.step(&walk, 1);
    let a = w.actor(id).unwrap();
    assert_eq!((a.surface, a.anim.current, a.anim.pending), (6, 143, 142));
}

#[test]
fn the_walk_gate_is_animation_system_1() {
    // "Forward-walking startup": with animation_system = 1 a walk whose request leaves a
    // different group current returns before accepting or moving. After one update of a
    // left turn the turn group 14 is current; the walk's request for 20 then only pends.
    // Any other value leaves the gate open: the walk moves at once, phase 0 (8 × 256 >> 2)
    // along the turned heading (12).
    for (system, moved, phase) in [(1, 0, 0), (2, 512, 1)] {
        let ini = format!("[system]\nanimation_system = {system}\n");
        let config = SystemConfig::installed_with(&ini).unwrap();
        let mut w = Box::new(World::load(&Embedded, MAP, config, Bindings::default()).unwrap());
        let id = w.enter_marker(&Embedded, 0, 0).unwrap();
        w.step(&Input::with(&[Action::Left]), 0);
        assert_eq!(w.actor(id).unwrap().anim.current, 14);
        let before = player_pos(&w, id);
        w.step(&Input::with(&[Action::Up, Action::Walk]), 1);
        let a = w.actor(id).unwrap();
        assert_eq!(a.anim.current, 14, "animation_system {system}");
        assert_eq!(a.angles.heading, 12);
        let (x, z) = stros_core::math::translate_heading(before[0], before[2], 12, moved);
        assert_eq!(([a.position[0], a.position[2]], a.steps.get(Direction::Forward)), ([x, z], phase));
    }
}

#[test]
fn a_zero_walk_speed_walks_half_the_run_speed_unscaled() {
    // "Forward-walking startup": with attr_forward_walk 0 the walk's startup amount is
    // attr_forward_speed >> 1 = 16 >> 1 = 8 runtime units, not × 256; step type 1 takes a
    // quarter, a third, a half, then all of it: 2, 2, 4, 8 (scale 256). Released, the walk
    // group's continuation walks on with the same amount, 8 at phase 3. The walk group here
    // loops without a BreakPoint or an exit, so every update translates.
    let mut desc = stros_tools::world::village::rgm_desc();
    let cyrus = desc.actors.iter_mut().find(|a| a.name == b"CYRUS").unwrap();
    let walk = cyrus.groups.iter_mut().find(|g| g.number == 20).unwrap();
    use stros_core::formats::rgm::Command::{GoToPrevious, ShowFrame};
    walk.commands = vec![ShowFrame { frame: 1 }, ShowFrame { frame: 2 }, GoToPrevious { target: 0 }];
    let files = replaced(vec![("HARBOUR.RGM", stros_tools::write::rgm::to_bytes(&desc))]);
    let mut w = world_with(files);
    let id = w.enter_marker(files, 0, 0).unwrap();
    w.actor_mut(id).unwrap().attributes[attr::FORWARD_WALK] = 0;
    assert_eq!(w.actor(id).unwrap().attr(attr::FORWARD_SPEED), 16);
    let mut moved = Vec::new();
    for bios in 0..8 {
        let input = if bios < 5 { Input::with(&[Action::Up, Action::Walk]) } else { Input::NONE };
        let before = player_pos(&w, id);
        let r = w.step(&input, bios);
        assert_eq!(r.tick.frame_scale, 256);
        let a = w.actor(id).unwrap();
        assert_eq!((a.position[0], a.anim.current), (before[0], 20), "update {bios}");
        moved.push(a.position[2] - before[2]);
    }
    assert_eq!(moved, [2, 2, 4, 8, 8, 8, 8, 8]);
}

#[test]
fn the_walk_probe_s_support_query_is_kept_but_not_its_position() {
    // "Forward ground-support admission": the probe stands Cyrus at the destination for its
    // support query, then restores all three coordinates; the query's other effects stay.
    // The yard walk's start (marker 5, heading 1024, walking, BIOS two apart) with the
    // yard ramp's ROB collision byte set to 0x04: the first probe that lands on the ramp
    // resets the support-history counter to 12 while Cyrus himself still stands on the
    // terrain, and he moves by the walk's own amount, not to the probe point 19 ahead.
    let mut rob = stros_tools::world::archive::rob_desc();
    rob.segments.iter_mut().find(|s| s.name == "RAMP").unwrap().collision_flags = 0x04;
    let files = replaced(vec![("HARBOUR.ROB", stros_tools::write::rob::to_bytes(&rob))]);
    let mut w = world_with(files);
    let id = w.enter_marker(files, 5, 1024).unwrap();
    let walk = Input::with(&[Action::Up, Action::Walk]);
    let mut bios = 0;
    let (report, a) = loop {
        bios += 2;
        let r = w.step(&walk, bios).clone();
        assert!(bios < 100, "never probed the ramp");
        if r.probe.is_some_and(|p| matches!(p.source, stros_core::collision::support::Source::Model(_))) {
            break (r, w.actor(id).unwrap().clone());
        }
        assert_eq!(w.shared().history.0, 0);
    };
    let probe = report.probe.unwrap();
    // The probe met the ramp (height −241, metadata 0x04), 19 ahead: the counter was reset.
    assert_eq!((probe.height, probe.metadata), (-241, 0x04));
    assert_eq!(w.shared().history.0, 12);
    // His own support is the terrain's (metadata 0); his Y is the terrain's.
    assert_eq!(a.support.source, stros_core::collision::support::Source::Terrain);
    assert_eq!((a.support.height, a.support.metadata, a.position[1]), (-240, 0, -304 * 256));
    // He moved from where the update started by the phase-3 amount, 2048 scaled, south.
    let d = stros_core::actor::motion::scaled(2048, report.tick.frame_scale);
    let (x, z) = stros_core::math::translate_heading(a.previous[0], a.previous[2], 1024, d);
    assert_eq!((a.position[0], a.position[2]), (x, z));
    assert_eq!(a.steps.get(Direction::Forward), 3);
}
