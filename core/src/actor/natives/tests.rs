//! The natives' unit tests: the player queries and `AtNodeMarker` through [`super::call`].

use super::*;
use crate::actor::living;

#[test]
fn player_status_takes_the_first_matching_rule() {
    let mut a = Actor::new(0, [0; 256]);
    let status = |a: &Actor| PlayerView::of(a).status();
    assert_eq!(status(&a), 0);
    a.anim.current = 22;
    assert_eq!(status(&a), 20);
    a.position[0] = 5;
    assert_eq!(status(&a), 20, "the group rule comes before the moved rule");
    a.anim.current = 0;
    assert_eq!(status(&a), 21, "moved since the update's entry");
    a.living = living::SHEATHING;
    assert_eq!(status(&a), 12);
    a.sliding = 1;
    assert_eq!(status(&a), 8);
    a.falling = 3;
    assert_eq!(status(&a), 7);
    a.queued = 8;
    assert_eq!(status(&a), 3);
    a.queued = 24;
    assert_eq!(status(&a), 7, "queued 24 has no class: the falling rule answers");
}

#[test]
fn movement_speed_by_group_and_turn_direction() {
    let mut attrs = [0u8; 256];
    (attrs[8], attrs[9], attrs[10], attrs[12], attrs[13]) = (16, 10, 6, 8, 7);
    let mut a = Actor::new(0, attrs);
    a.set = Some(0);
    let speed = |a: &Actor, g| {
        let mut v = PlayerView::of(a);
        v.group = g;
        v.movement_speed()
    };
    assert_eq!(
        [18, 30, 19, 20, 21, 22, 23, 24, 27, 0].map(|g| speed(&a, g)),
        [16, 16, 10, 8, 8, 7, 7, 6, 6, 0]
    );
    // The negated yaw grows when the heading falls: a right turn is +1. Across 0 (5 → 2040:
    // negated 2043 → 8, a change of −2035) the >1024 rule inverts the sign, so it is still +1.
    let turned = |from: u16, to: u16| {
        let mut v = PlayerView::of(&a);
        (v.previous_angles.heading, v.angles.heading) = (from, to);
        v.turned_direction()
    };
    assert_eq!(
        [turned(100, 90), turned(90, 100), turned(5, 2040), turned(2040, 5), turned(7, 7)],
        [1, -1, 1, -1, 0]
    );
    a.set = None;
    assert_eq!(speed(&a, 18), 0, "no animation state");
}

/// Calls native `function` with `args` on `actor` with the selected player `player`.
fn call_with(actor: &mut Actor, player: &Actor, function: u16, args: &[i32]) -> i32 {
    call_with_markers(actor, player, None, function, args)
}

fn call_with_markers(
    actor: &mut Actor,
    player: &Actor,
    markers: Option<crate::formats::rgm::Mpmk<'_>>,
    function: u16,
    args: &[i32],
) -> i32 {
    let (mut events, mut rng, mut flags) = (Events::default(), Rng::default(), Flags::default());
    let mut g = Globals {
        player: Some(PlayerView::of(player)),
        markers,
        ..Globals::detached(&mut events, &mut rng, &mut flags, 1)
    };
    let mut c = NativeCall::initial(function, args);
    call(actor, None, &mut g, &mut c).unwrap()
}

#[test]
fn player_looking_and_arctan() {
    // The player 1000 map units north (+Z) of the receiver. The bearing receiver → player
    // is heading 0. Facing the receiver (heading 1024), his yaw + 1024 is 0: looking, with
    // any tolerance from 0. Facing away (heading 0): 1024 off. PlayerArcTan is the
    // negated bearing: 0; with the player due east (+X, heading 1536 from the receiver)
    // it is 512.
    let mut me = Actor::new(0, [0; 256]);
    let mut p = Actor::new(0, [0; 256]);
    p.position = [0, 0, 1000 * 256];
    p.angles.heading = 1024;
    assert_eq!(call_with(&mut me, &p, id::PLAYER_LOOKING, &[0]), 1);
    assert_eq!(call_with(&mut me, &p, id::PLAYER_LOOKING, &[-1]), 0, "a negative tolerance rejects");
    p.angles.heading = 0;
    assert_eq!(call_with(&mut me, &p, id::PLAYER_LOOKING, &[1023]), 0);
    assert_eq!(call_with(&mut me, &p, id::PLAYER_LOOKING, &[1024]), 1);
    assert_eq!(call_with(&mut me, &p, id::PLAYER_ARC_TAN, &[]), 0);
    p.position = [1000 * 256, 0, 0];
    let bearing = crate::math::direction_from_displacement(1000 * 256, 0) as i32;
    assert_eq!(bearing, 1536);
    assert_eq!(call_with(&mut me, &p, id::PLAYER_ARC_TAN, &[]), 512);
    // AcuratePlayerDistance: 3-4-5 in runtime units (the sum PlayerDistance gives is 7).
    p.position = [300 * 256, 0, 400 * 256];
    assert_eq!(call_with(&mut me, &p, id::ACURATE_PLAYER_DISTANCE, &[]), 500 * 256);
    assert_eq!(call_with(&mut me, &p, id::PLAYER_DISTANCE, &[]), 700 * 256);
}

#[test]
fn at_node_marker_measures_all_three_axes() {
    // Two markers: 0 at map (100, 0, 0) usable, 1 at the origin with aux 0 (unusable).
    // Positions are i24 + pad; the aux bytes follow the positions.
    let mut b = 2u32.to_le_bytes().to_vec();
    for p in [[100i32, 0, 0], [0, 0, 0]] {
        for c in p {
            b.extend_from_slice(&c.to_le_bytes());
        }
    }
    b.extend_from_slice(&[1, 0]);
    let markers = crate::formats::rgm::Mpmk::new_checked(&b, 0).unwrap();
    let mut me = Actor::new(0, [0; 256]);
    me.position = [100 * 256, 30 * 256, 40 * 256];
    let p = Actor::new(0, [0; 256]);
    let at = |me: &mut Actor, m, d| call_with_markers(me, &p, Some(markers), id::AT_NODE_MARKER, &[m, d]);
    // 30-40-50 from the marker in runtime units: 50 × 256 = 12800, inclusive.
    assert_eq!(at(&mut me, 0, 12_800), 1);
    assert_eq!(at(&mut me, 0, 12_799), 0);
    assert_eq!(at(&mut me, 1, 1 << 30), 0, "an unusable marker");
    assert_eq!(at(&mut me, 2, 1 << 30), 0, "past the table");
    assert_eq!(at(&mut me, -1, 1 << 30), 0);
}

/// "ResetRotation" and "ResetPosition": only the axes with a nonzero argument go back to
/// the creation values; the histories follow.
#[test]
fn resets_restore_the_chosen_axes() {
    let mut a = Actor::new(0, [0; 256]);
    let p = Actor::new(0, [0; 256]);
    a.home = [100, 200, 300];
    a.home_angles = crate::units::Angles::new(1, 2, 3);
    a.position = [7, 8, 9];
    a.angles = crate::units::Angles::new(10, 20, 30);
    assert_eq!(call_with(&mut a, &p, id::RESET_ROTATION, &[0, 1, 1]), 0);
    assert_eq!((a.angles, a.previous_angles), (crate::units::Angles::new(10, 2, 3), a.angles));
    assert_eq!(a.matrix, crate::math::Mat3::from_orientation(a.angles));
    assert_eq!(call_with(&mut a, &p, id::RESET_POSITION, &[1, 0, 1]), 0);
    assert_eq!((a.position, a.previous), ([100, 8, 300], [100, 8, 300]));
    a.angles.heading = 99;
    assert_eq!(call_with(&mut a, &p, id::RELOAD_ROTATION, &[]), 0);
    assert_eq!((a.previous_angles.heading, a.matrix), (99, crate::math::Mat3::from_orientation(a.angles)));
}

/// `AmbientSound(effect 3, offset 0, rate 0)` with the installed `sound_distance` 64
/// (radius 64 × 36 = 2,304 map units, divisor 65,536 / 18 = 3,640): 1,000 units from the
/// listener the curve gives 127 − (1,000 × 3,640 >> 16) = 72, so the task keeps its sound
/// (restarting it on its first run) and goes on; 2,400 units away it is past the radius:
/// the task stops its sound and ends. A first run or the sample-reset flag forgets the
/// remembered channel ({D:engine/sound.md} "SOUP functions").
#[test]
fn ambient_sound_runs_while_it_is_heard() {
    use crate::anim::{AnimEvent, SoundStop};
    use crate::sound::ScriptSound;
    let (radius, divisor) = crate::sound::radius_and_divisor(64).unwrap();
    assert_eq!((radius, divisor), (2304, 3640));
    let run_with = |distance: i32, elapsed: i32, sound_reset: bool| {
        let (mut events, mut rng, mut flags) = (Events::default(), Rng::default(), Flags::default());
        let mut a = Actor::new(0, [0; 256]);
        a.position = [distance << 8, 0, 0];
        let listener = SoundListener { position: [0; 3], radius, divisor };
        let mut g = Globals {
            listener: Some(listener),
            sound_reset,
            ..Globals::detached(&mut events, &mut rng, &mut flags, 1)
        };
        let mut c = NativeCall {
            function: id::AMBIENT_SOUND,
            args: [3, 0, 0, 0, 0, 0, 0, 0],
            argc: 3,
            elapsed,
            initial: elapsed == 0,
            scratch: [0; 2],
            tasks: None,
        };
        let r = call(&mut a, None, &mut g, &mut c).unwrap();
        (r, events.queue.first().copied())
    };
    let run = |distance: i32, elapsed: i32| run_with(distance, elapsed, false);
    assert_eq!(crate::sound::volume(1000, radius, divisor, 0), 72);
    // The shared sample-reset flag forgets the remembered channel on a later run too.
    assert_eq!(
        run_with(1000, 5, true).1,
        Some(AnimEvent::ScriptSound {
            effect: 3,
            volume: 0,
            hz: 0,
            kind: ScriptSound::Ambient { restart: true }
        })
    );
    assert_eq!(
        run(1000, 0),
        (
            1,
            Some(AnimEvent::ScriptSound {
                effect: 3,
                volume: 0,
                hz: 0,
                kind: ScriptSound::Ambient { restart: true }
            })
        )
    );
    assert_eq!(
        run(1000, 5).1,
        Some(AnimEvent::ScriptSound {
            effect: 3,
            volume: 0,
            hz: 0,
            kind: ScriptSound::Ambient { restart: false }
        })
    );
    assert_eq!(run(2400, 5), (0, Some(AnimEvent::EndSounds(SoundStop::MineOf(3)))));
}

/// "PlayerStand query" and "PlayerArc query": the player stands on the receiver when his
/// supporting actor is it (receiver 0 here); with the player 1000 units to −Z of a receiver
/// facing 0, the heading from him to it is 0, so `PlayerArc(0, t)` holds for any
/// `t ≥ 0`, and `PlayerArc(100, 99)` misses by one while `PlayerArc(100, 100)` holds.
#[test]
fn player_stand_and_arc() {
    let mut me = Actor::new(0, [0; 256]);
    let mut p = Actor::new(0, [0; 256]);
    assert_eq!(call_with(&mut me, &p, id::PLAYER_STAND, &[]), 0);
    p.support_owner = Some(0);
    assert_eq!(call_with(&mut me, &p, id::PLAYER_STAND, &[]), 1);
    p.position = [0, 0, -1000 << 8];
    assert_eq!(call_with(&mut me, &p, id::PLAYER_ARC, &[0, 0]), 1);
    assert_eq!(call_with(&mut me, &p, id::PLAYER_ARC, &[0, -1]), 0, "a negative tolerance fails");
    assert_eq!(call_with(&mut me, &p, id::PLAYER_ARC, &[100, 99]), 0);
    assert_eq!(call_with(&mut me, &p, id::PLAYER_ARC, &[100, 100]), 1);
}

/// `updatePlayerViewAttrib` is documented empty ("PlayerHanging and updatePlayerViewAttrib"): it
/// returns 0 and leaves the receiver and the player as they were (a hanging player's view and
/// attributes included).
#[test]
fn update_player_view_attrib_changes_nothing() {
    let mut me = Actor::new(0, [7; 256]);
    me.position = [100, -20, 300];
    let mut p = Actor::new(0, [0; 256]);
    p.living = living::HANGING;
    let (me_before, p_before) = (me.clone(), p.clone());
    assert_eq!(call_with(&mut me, &p, id::UPDATE_PLAYER_VIEW_ATTRIB, &[]), 0);
    assert_eq!(
        (me.position, me.angles.heading, me.attributes, me.living),
        (me_before.position, me_before.angles.heading, me_before.attributes, me_before.living)
    );
    assert_eq!(p.living, p_before.living);
}

/// "PlayerHanging and updatePlayerViewAttrib": living state 15 and the hang held by the receiver's
/// model (receiver 0).
#[test]
fn player_hanging_needs_the_state_and_the_model() {
    let me = Actor::new(0, [0; 256]);
    let mut p = Actor::new(0, [0; 256]);
    p.living = living::HANGING;
    let hanging = |view: PlayerView| {
        let (mut events, mut rng, mut flags) = (Events::default(), Rng::default(), Flags::default());
        let mut g = Globals { player: Some(view), ..Globals::detached(&mut events, &mut rng, &mut flags, 1) };
        let mut c = NativeCall::initial(id::PLAYER_HANGING, &[]);
        call(&mut me.clone(), None, &mut g, &mut c).unwrap()
    };
    assert_eq!(hanging(PlayerView::of(&p)), 0, "no hang model");
    assert_eq!(hanging(PlayerView { hang_support: Some(0), ..PlayerView::of(&p) }), 1);
    assert_eq!(hanging(PlayerView { hang_support: Some(4), ..PlayerView::of(&p) }), 0);
    p.living = living::NONE;
    assert_eq!(hanging(PlayerView { hang_support: Some(0), ..PlayerView::of(&p) }), 0);
}

/// "Player contact lists": `PlayerCollide` holds for the receiver (0) when the player's
/// support owner is it or the first list holds it; `PlayerCollideStatic` only when the second
/// list holds it. A support candidate goes to the first list alone (collide 1, static 0); a
/// body contact to both (1, 1); another actor's entries (4) answer (0, 0); standing on the
/// receiver with empty lists answers (1, 0).
#[test]
fn player_collide_reads_support_and_the_first_list_static_the_second() {
    use crate::actor::contacts::ContactLists;
    let me = Actor::new(0, [0; 256]);
    let p = Actor::new(0, [0; 256]);
    let ask = |view: PlayerView| {
        let (mut events, mut rng, mut flags) = (Events::default(), Rng::default(), Flags::default());
        let mut g = Globals { player: Some(view), ..Globals::detached(&mut events, &mut rng, &mut flags, 1) };
        [id::PLAYER_COLLIDE, id::PLAYER_COLLIDE_STATIC].map(|f| {
            let mut c = NativeCall::initial(f, &[]);
            call(&mut me.clone(), None, &mut g, &mut c).unwrap()
        })
    };
    let with = |f: fn(&mut ContactLists)| {
        let mut contacts = ContactLists::default();
        f(&mut contacts);
        PlayerView { contacts, ..PlayerView::of(&p) }
    };
    assert_eq!(ask(PlayerView::of(&p)), [0, 0]);
    assert_eq!(ask(with(|l| l.best_support(0))), [1, 0]);
    assert_eq!(ask(with(|l| l.touched(0))), [1, 1]);
    assert_eq!(ask(with(|l| l.touched(4))), [0, 0]);
    assert_eq!(ask(PlayerView { support_owner: Some(0), ..PlayerView::of(&p) }), [1, 0]);
}

/// `SetAttribute(44, g)` on a dead actor releases its held walk nodes through the world's
/// maps: the reservation bytes it owns (owner byte = id + 1) clear, another owner's stays,
/// and both held indices drop.
#[test]
fn set_attribute_44_on_the_dead_releases_walk_nodes() {
    use crate::actor::walk::{Map, Nav, Node, WalkMaps};
    let mut nodes = [0, 1, 2].map(|k| Node { position: [k * 100, 0, 0], owner: 0, routes: &[] });
    let mut maps = [Map { first: 0, count: 3, disabled: false }];
    let mut queue = [(0i16, 0u16); 11];
    (nodes[0].owner, nodes[1].owner, nodes[2].owner) = (5, 5, 9);
    let mut w = WalkMaps { nodes: &mut nodes, maps: &mut maps, queue: &mut queue };
    let mut a = Actor::new(0, [0; 256]);
    a.lifecycle = crate::actor::default::LIFECYCLE_DEAD;
    a.nav = Nav { map: Some(0), current: 0, next: 2, ..Nav::default() };
    let (mut events, mut rng, mut flags) = (Events::default(), Rng::default(), Flags::default());
    let mut g = Globals {
        receiver: 4,
        walk: Some(&mut w),
        ..Globals::detached(&mut events, &mut rng, &mut flags, 1)
    };
    let mut c = NativeCall::initial(id::SET_ATTRIBUTE, &[44, 12]);
    assert_eq!(call(&mut a, None, &mut g, &mut c), Some(0));
    assert_eq!((a.nav.current, a.nav.next), (-1, -1));
    assert_eq!([nodes[0].owner, nodes[1].owner, nodes[2].owner], [0, 5, 9], "only what it held and owned");
}

/// `IsInDeepWater()` reads the stored surface state: 1 for 2 and 4 only.
#[test]
fn is_in_deep_water_reads_the_stored_surface() {
    let player = Actor::new(0, [0; 256]);
    let mut a = Actor::new(0, [0; 256]);
    for (surface, deep) in [(0, 0), (1, 0), (2, 1), (3, 0), (4, 1), (5, 0)] {
        a.surface = surface;
        assert_eq!(call_with(&mut a, &player, id::IS_IN_DEEP_WATER, &[]), deep, "surface {surface}");
    }
}

/// `InRectangle(x1, z1, x2, z2)` on the receiver's effective X/Z: corners in either order,
/// inclusive; Y is not tested.
#[test]
fn in_rectangle_is_inclusive_either_way_round() {
    let player = Actor::new(0, [0; 256]);
    let mut a = Actor::new(0, [0; 256]);
    a.position = [100, -9999, 200];
    assert_eq!(call_with(&mut a, &player, id::IN_RECTANGLE, &[100, 200, 0, 0]), 1);
    assert_eq!(call_with(&mut a, &player, id::IN_RECTANGLE, &[0, 0, 100, 200]), 1);
    assert_eq!(call_with(&mut a, &player, id::IN_RECTANGLE, &[0, 0, 99, 200]), 0);
    assert_eq!(call_with(&mut a, &player, id::IN_RECTANGLE, &[0, 201, 100, 300]), 0);
}

/// "SheathSword" for the selected player selects camera slot zero; through the selection
/// guard ("Player camera slot selection"), which passes here since the transition word is
/// zero. The camera starts on slot 3 (the armed slot). An armed receiver (animation set,
/// combat record with cooldown 0, weapon drawn) sheathes: living state 21, cooldown 24, and
/// as the selected player slot 0. The same sheathing for a receiver that is not the
/// selected player leaves slot 3; a refused call (cooldown nonzero) leaves it too.
#[test]
fn sheath_sword_selects_camera_slot_zero_for_the_selected_player() {
    let armed = || {
        let mut a = Actor::new(0, [0; 256]);
        (a.set, a.weapon_drawn) = (Some(0), true);
        a.combat = Some(crate::actor::Combat::new(0, &a.attributes));
        a
    };
    let run = |a: &mut Actor, selected: bool| {
        let mut cam = crate::camera::Camera::default();
        (cam.record, cam.index, cam.transition) = (3, 3, 0);
        let (mut events, mut rng, mut flags) = (Events::default(), Rng::default(), Flags::default());
        let mut g = Globals {
            selected,
            camera: Some(&mut cam),
            ..Globals::detached(&mut events, &mut rng, &mut flags, 1)
        };
        let mut c = NativeCall::initial(id::SHEATH_SWORD, &[]);
        assert_eq!(call(a, None, &mut g, &mut c), Some(0));
        (cam.record, cam.index)
    };
    let mut a = armed();
    assert_eq!(run(&mut a, true), (0, 0));
    assert_eq!((a.living, a.combat.unwrap().cooldown), (21, 24));
    let mut b = armed();
    assert_eq!(run(&mut b, false), (3, 3), "not the selected player");
    assert_eq!(b.living, 21);
    let mut c = armed();
    c.combat.as_mut().unwrap().cooldown = 1;
    assert_eq!(run(&mut c, true), (3, 3), "refused: a running cooldown");
    assert_eq!(c.living, 0);
}

/// `IsDead` ({D:engine/SOUP.md} "Selected-player death admission state"): true for death
/// selector 8, or for the selected player while hit inhibition is set; the inhibition of the
/// selected player says nothing of another receiver, and without it a living selected
/// player is not dead.
#[test]
fn is_dead_honours_the_selected_players_hit_inhibition() {
    let is_dead = |lifecycle: u8, selected: bool, hit_inhibition: bool| {
        let mut a = Actor::new(0, [0; 256]);
        a.lifecycle = lifecycle;
        let (mut events, mut rng, mut flags) = (Events::default(), Rng::default(), Flags::default());
        let mut g =
            Globals { selected, hit_inhibition, ..Globals::detached(&mut events, &mut rng, &mut flags, 1) };
        let mut c = NativeCall::initial(id::IS_DEAD, &[]);
        call(&mut a, None, &mut g, &mut c).unwrap()
    };
    assert_eq!(is_dead(0, true, true), 1);
    assert_eq!(is_dead(0, false, true), 0);
    assert_eq!(is_dead(0, true, false), 0);
    assert_eq!(is_dead(crate::actor::default::LIFECYCLE_DEAD, false, false), 1);
}

/// {D:engine/animation.md} "Frame waits": `WaitPlayerAnimFrame(group, frame)` tests the
/// selected player, not the receiver. The player is in group 3 at progress byte 2 with 4
/// pending; the receiver is in group 4 at progress 0 (where `WaitAnimFrame(4, 0)` would be
/// done). Current 3: done (0) once 2 ≥ frame, so (3, 2) is 0 and (3, 3) waits (1); (4, 0)
/// matches only the player's pending group: waits (1); (5, 0) matches neither: done (0).
/// Without a player, or without his animation state, the task is done (0).
#[test]
fn wait_player_anim_frame_reads_the_selected_player() {
    let mut me = Actor::new(0, [0; 256]);
    (me.anim.current, me.anim.real_frame) = (4, 0);
    let mut p = Actor::new(0, [0; 256]);
    p.set = Some(0);
    (p.anim.current, p.anim.pending, p.anim.real_frame) = (3, 4, 2);
    let wait = |view: Option<PlayerView>, group: i32, frame: i32| {
        let (mut events, mut rng, mut flags) = (Events::default(), Rng::default(), Flags::default());
        let mut g = Globals { player: view, ..Globals::detached(&mut events, &mut rng, &mut flags, 1) };
        let mut c = NativeCall::initial(id::WAIT_PLAYER_ANIM_FRAME, &[group, frame]);
        call(&mut me.clone(), None, &mut g, &mut c).unwrap()
    };
    let v = Some(PlayerView::of(&p));
    assert_eq!([wait(v, 3, 2), wait(v, 3, 3), wait(v, 4, 0), wait(v, 5, 0)], [0, 1, 1, 0]);
    assert_eq!(wait(None, 3, 3), 0, "no selected player");
    p.set = None;
    assert_eq!(wait(Some(PlayerView::of(&p)), 3, 3), 0, "no animation state");
}

/// "Frame waits": `WaitAnimFrame` completes when its receiver has no animation association,
/// even where its state would wait (current group 3 at progress 2, frame 3 asked: the state
/// test alone answers "waits").
#[test]
fn wait_anim_frame_completes_without_an_animation_set() {
    let mut a = Actor::new(0, [0; 256]);
    (a.anim.current, a.anim.real_frame) = (3, 2);
    let (mut events, mut rng, mut flags) = (Events::default(), Rng::default(), Flags::default());
    let mut g = Globals::detached(&mut events, &mut rng, &mut flags, 1);
    let mut c = NativeCall::initial(id::WAIT_ANIM_FRAME, &[3, 3]);
    assert_eq!(crate::anim::task::wait_anim_frame(&a.anim, 3, 3), TaskStatus::Active);
    assert_eq!(call(&mut a, None, &mut g, &mut c), Some(0));
}

/// The native table against the handlers themselves: each of the receiver-side handlers
/// (called directly, once, on a fresh actor with fresh globals and a camera, as
/// [`answers`] calls the dispatch) answers exactly the functions the table gives its home,
/// and a function the table gives a world home answers in none of them.
#[test]
fn the_native_table_names_the_handler_that_answers() {
    use super::table::{Home, home};
    type Handler = fn(&mut Actor, &mut Globals<'_>, &mut NativeCall<'_>) -> Option<i32>;
    let handlers: [(Home, Handler); 9] = [
        (Home::Animation, |a, g, c| super::animation(a, None, g, c)),
        (Home::Rotation, |a, g, c| super::rotation(a, g, c)),
        (Home::Tasks, |_, _, c| super::tasks(c)),
        (Home::Attributes, |a, g, c| super::attributes(a, g, c)),
        (Home::Globals, |a, g, c| super::globals(a, g, c)),
        (Home::Combat, |a, g, c| super::actions_and_combat(a, None, g, c)),
        (Home::Sounds, |a, g, c| super::sounds(a, g, c)),
        (Home::Visibility, |a, _, c| super::visibility(a, c)),
        (Home::Camera, |a, g, c| super::camera::call(a, g, c)),
    ];
    let mut answered = 0;
    for function in 0..crate::script::functions::FUNCTIONS.len() as u16 {
        let answering: heapless::Vec<Home, 9> = handlers
            .iter()
            .filter(|(_, h)| super::probe(function, h).is_some())
            .map(|(home, _)| *home)
            .collect();
        let expected = match home(function) {
            Some(h) if h.in_world() || h == Home::Empty => None,
            other => other,
        };
        assert_eq!(&answering[..], expected.as_slice(), "function {function}");
        answered += answering.len();
    }
    // 160 natives in the table: 2 empty routines and 71 in the world's host beside these.
    assert_eq!(answered, 87);
}
