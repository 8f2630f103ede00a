//! Combat and weapons in the world update (seed 001; newest `engine/animation.md` "Combat
//! entry", "Weapon draw admission", "Equipped-weapon transition", "Weapon cleanup", "Dead
//! actor default selection"; newest `engine/SOUP.md` `SheathSword`, "Contact death animation
//! dispatch", `MoveBackward`'s "Nonplayer blocked-ahead probe"; newest `engine/player.md` "Nonplayer health mutation"), all through
//! `World::step`.

use stros_core::actor::living;
use stros_core::formats::rgm::Command::{EndAnimation, GoToFuture, GoToPrevious};
use stros_core::input::Input;
use stros_core::script::functions::id;
use stros_tests::fixtures::*;
use stros_tools::write::rgm::GroupDesc;

/// A fighter: combat record (14), weapon item (23), draw frame 2 (35), sheath frame 2 (34),
/// health 100, collision attribute `collide`.
fn fighter_attrs(collide: u8) -> [u8; 256] {
    let mut a = [0u8; 256];
    a[1] = collide;
    a[3] = 100;
    a[14] = 1;
    a[23] = 1;
    a[34] = 2;
    a[35] = 2;
    a
}

/// Idle 0, armed idle 8, and draw 91 / sheath 129 shaped like the shipped transitions: one
/// frame per tick (reload 1), looping through a `GoToFuture` that exits to a one-frame tail
/// once another group is pending.
fn fighter_groups() -> Vec<GroupDesc> {
    let transition = |number, frames: [u32; 3]| {
        let [a, b, c] = frames;
        g(
            number,
            1,
            1,
            vec![
                sf(a),
                sf(b),
                sf(c),
                GoToFuture { target: 5 },
                GoToPrevious { target: 0 },
                sf(c),
                EndAnimation { operand: 0 },
            ],
        )
    };
    vec![lp(0, &[0, 0]), lp(8, &[1, 1]), transition(91, [2, 3, 4]), transition(129, [4, 3, 2])]
}

fn fighter_world(
    attrs: [u8; 256],
    groups: Vec<GroupDesc>,
    script: B,
) -> (Box<stros_host::World<'static>>, u16) {
    let w = island(|d| replace_first_flag(d, npc(b"FIGHTER", groups, attrs, script.0)));
    let f = actor_named(&w, b"FIGHTER");
    (w, f)
}

#[test]
fn animation_table_setup_creates_the_combat_record_from_attribute_14() {
    // Seed 001 "Dead actor default selection", last paragraphs: with attribute 14 set, the
    // next combat index, no target, action −1, cooldown 0, flags clear, death selection 0
    // (attribute 44 is 9 here and is not copied); COMBAT.INI "Actor Move Selection": attack
    // slots from every nonzero byte of 70–78, defense slots from the nonzero prefix of 79–82.
    let mut attrs = fighter_attrs(0);
    attrs[44] = 9;
    attrs[70..79].copy_from_slice(&[3, 0, 5, 0, 0, 0, 0, 0, 9]);
    attrs[79..83].copy_from_slice(&[2, 7, 0, 4]);
    let w = island(|d| {
        replace_first_flag(d, npc(b"FIGHTER", fighter_groups(), attrs, Vec::new()));
        d.actors.iter_mut().find(|a| a.name == b"CYRUS").unwrap().attributes[14] = 1;
    });
    let f = actor_named(&w, b"FIGHTER");
    let c = w.actor(f).unwrap().combat.unwrap();
    assert_eq!((c.index, c.target, c.action, c.cooldown, c.flags, c.death_default), (0, None, -1, 0, 0, 0));
    assert_eq!(c.attacks, [Some(3), None, Some(5), None, None, None, None, None, Some(9)]);
    assert_eq!(c.defenses, [Some(2), Some(7), None, None], "the zero at 81 ends the list");
    // The player's table is set up after the map's actors: the next index.
    assert_eq!(w.selected_player().unwrap().combat.map(|c| c.index), Some(1));
    // Attribute 14 zero: no record (the fisher, the raft).
    for name in [&b"FISHER"[..], b"RAFT"] {
        assert_eq!(w.actor(actor_named(&w, name)).unwrap().combat, None);
    }
    // Reinitializing keeps the index and does not advance the counter.
    let mut a = w.actor(f).unwrap().clone();
    a.combat.as_mut().unwrap().flags = 0x04;
    let mut next = 7;
    a.setup_combat(&mut next);
    assert_eq!((a.combat.map(|c| (c.index, c.flags)), next), (Some((0, 0)), 7));
}

#[test]
fn draw_sword_starts_state_20_and_the_drawing_pass_completes_it_at_attribute_35() {
    // DrawSword (update 0's script stage) admits the draw: living state 20, no drawn flag
    // yet, no combat flag for a nonplayer. While in state 20 the collision stage's bit-0x04
    // dispatch runs weapon-draw admission — refused by its own drawing gate — instead of
    // the ground response, so the fighter, placed 300 units above the plateau with collision
    // attribute 0x04, hangs in the air. The drawing pass after the actor updates requests 91
    // (it starts at once, replacing the idle default: frame progress 0); 91 advances one
    // frame per update (progress 1, 2); at progress 2 = attribute 35 the pass sets the drawn
    // flag and state 0. The next update's ground response misses and the fall starts.
    let script = B::default().call(id::DRAW_SWORD, &[]).pause();
    let (mut w, f) = fighter_world(fighter_attrs(0x04), fighter_groups(), script);
    let y = w.actor(f).unwrap().position[1];
    w.actor_mut(f).unwrap().position[1] = y - 300 * 256;
    let mut seen = Vec::new();
    for b in 0..4 {
        w.step(&Input::NONE, b);
        let a = w.actor(f).unwrap();
        seen.push((a.living, a.weapon_drawn, a.anim.current, a.anim.real_frame, a.falling));
    }
    // Update 3: the fall starts; the armed fall group 113 is absent, so its forced request
    // falls back to the default 8.
    assert_eq!(seen, [(20, false, 91, 0, 0), (20, false, 91, 1, 0), (0, true, 91, 2, 0), (0, true, 8, 0, 1)]);
    let a = w.actor(f).unwrap();
    // Holding the weapon now (combat record, drawn, not sheathing): the default is 8.
    assert!(a.holds_weapon());
    assert_eq!((a.anim.default, a.combat.unwrap().flags), (8, 0));
}

#[test]
fn sheath_sword_starts_state_21_and_the_drawing_pass_completes_it_at_attribute_34() {
    // A fighter already holding its weapon (drawn flag set by hand) runs SheathSword in
    // update 0: state 21, combat flag 0x04 cleared, cooldown 24. The pass requests 129 —
    // it starts at once over the armed default 8 — without testing the threshold; in update
    // 1 the default becomes attribute 44 (sheathing) and 129 reaches progress 1; in update 2
    // progress 2 = attribute 34 completes: drawn flag clear, state 0.
    let script = B::default()
        .call(id::SHEATH_SWORD, &[])
        .pause()
        .call(id::SHEATH_SWORD, &[])
        .pause()
        .call(id::SHEATH_SWORD, &[])
        .pause();
    let (mut w, f) = fighter_world(fighter_attrs(0), fighter_groups(), script);
    {
        let a = w.actor_mut(f).unwrap();
        a.weapon_drawn = true;
        a.combat.as_mut().unwrap().flags = 0x04;
    }
    let mut seen = Vec::new();
    for b in 0..3 {
        w.step(&Input::NONE, b);
        let a = w.actor(f).unwrap();
        seen.push((a.living, a.weapon_drawn, a.anim.current, a.anim.real_frame, a.anim.default));
    }
    assert_eq!(seen, [(21, true, 129, 0, 8), (21, true, 129, 1, 0), (0, false, 129, 2, 0)]);
    let c = w.actor(f).unwrap().combat.unwrap();
    assert_eq!((c.flags, c.cooldown), (0, 24));
    // 129 loops on until the default request leaves 0 pending, exits in update 4 and hands
    // over to the idle default in update 5.
    for b in 3..6 {
        w.step(&Input::NONE, b);
    }
    assert_eq!(w.actor(f).unwrap().anim.current, 0);
    // Drawn again by hand: the cooldown of 24 refuses the next SheathSword (combat
    // maintenance, which counts it down, is not in the core); at 0 the same call acts.
    w.actor_mut(f).unwrap().weapon_drawn = true;
    resume(&mut w, f);
    w.step(&Input::NONE, 6);
    assert_eq!(w.actor(f).unwrap().living, 0);
    w.actor_mut(f).unwrap().combat.as_mut().unwrap().cooldown = 0;
    resume(&mut w, f);
    w.step(&Input::NONE, 7);
    assert_eq!(w.actor(f).unwrap().living, 21);
}

#[test]
fn begin_combat_enters_combat_once_and_end_combat_sheathes_and_leaves_it() {
    // beginCombat on a nonplayer: script-control bit 0x02 (the native hook off), lifecycle
    // selector 6, then — weapon item set, group 91 present, not drawn — weapon-draw
    // admission (state 20) and a request for 91, then combat flag 0x04. A second call only
    // sets the control bit again. endCombat: SheathSword (state 21, flag cleared), selector
    // 1, the hook re-enabled (bit 0x02 cleared).
    let script = B::default()
        .call(id::BEGIN_COMBAT, &[])
        .pause()
        .call(id::BEGIN_COMBAT, &[])
        .pause()
        .call(id::END_COMBAT, &[])
        .pause();
    let (mut w, f) = fighter_world(fighter_attrs(0), fighter_groups(), script);
    w.step(&Input::NONE, 0);
    let a = w.actor(f).unwrap();
    let control = stros_core::script::control::NO_MAIN | 0x02;
    assert_eq!((a.script_control, a.lifecycle, a.living, a.anim.current), (control, 6, 20, 91));
    assert_eq!(a.combat.unwrap().flags, 0x04);
    // The draw completes as the pass runs (progress 2 in update 2). The completing pass has
    // requested 91 once more, so 91 loops on through its GoToFuture (pending 91 is the
    // current group) until the default request of update 3 leaves 8 pending: the exit is
    // taken in update 6 and 8 starts in update 7.
    let mut current = Vec::new();
    for b in 1..8 {
        w.step(&Input::NONE, b);
        current.push(w.actor(f).unwrap().anim.current);
    }
    assert_eq!(current, [91, 91, 91, 91, 91, 91, 8]);
    assert_eq!((w.actor(f).unwrap().living, w.actor(f).unwrap().weapon_drawn), (0, true));
    w.actor_mut(f).unwrap().script_control = 0;
    w.step(&Input::NONE, 8);
    let a = w.actor(f).unwrap();
    assert_eq!((a.script_control, a.lifecycle, a.living), (control, 6, 0), "entered already");
    resume(&mut w, f);
    w.step(&Input::NONE, 9);
    let a = w.actor(f).unwrap();
    assert_eq!((a.script_control, a.lifecycle, a.living, a.combat.unwrap().flags), (1, 1, 21, 0));
    assert_eq!(a.combat.unwrap().cooldown, 24);
}

#[test]
fn the_selected_player_in_deep_water_selects_141_and_puts_his_weapon_away() {
    // "Living actor default selection": the selected player satisfying IsInDeepWater takes
    // 141 and the branch also runs weapon cleanup — state 20 back to 0, the drawn flag and
    // combat flag 0x04 cleared — before the animation stage. His stored surface is set to
    // deep water (2) by hand before the update: default selection reads it first.
    let w0 = island(|d| {
        let cyrus = d.actors.iter_mut().find(|a| a.name == b"CYRUS").unwrap();
        cyrus.attributes[14] = 1;
        cyrus.attributes[23] = 1;
    });
    let mut w = w0;
    let p = w.selected_player_id().unwrap();
    {
        let a = w.actor_mut(p).unwrap();
        a.weapon_drawn = true;
        a.living = living::DRAWING;
        a.combat.as_mut().unwrap().flags = 0x04;
        a.surface = 2;
    }
    w.step(&Input::NONE, 0);
    let a = w.actor(p).unwrap();
    assert_eq!((a.anim.default, a.living, a.weapon_drawn, a.combat.unwrap().flags), (141, 0, false, 0));
    // Out of the water (the meadow's surface stored again by the collision stage) nothing
    // is drawn any more: the idle default, attribute 44.
    w.step(&Input::NONE, 1);
    assert_eq!(w.actor(p).unwrap().anim.default, 0);
}

/// The fighter's groups plus the death groups: fatal landing 74, the pair 121/122, the dead
/// defaults 123/124, and the fall group 56.
fn mortal_groups() -> Vec<GroupDesc> {
    let mut groups = fighter_groups();
    groups.push(lp(56, &[0]));
    groups.push(lp(113, &[0]));
    groups.push(g(74, 1, 2, vec![sf(3), EndAnimation { operand: 0 }]));
    groups.push(g(122, 1, 2, vec![sf(2), EndAnimation { operand: 0 }]));
    groups.push(g(121, 1, 2, vec![sf(3), EndAnimation { operand: 0 }]));
    groups.push(lp(124, &[4]));
    groups.push(lp(123, &[2]));
    groups
}

/// Drops actor `f` from 800 units above where it stands and steps until it lands.
fn drop_to_death(w: &mut stros_host::World<'_>, f: u16) -> u32 {
    let y = w.actor(f).unwrap().position[1];
    w.actor_mut(f).unwrap().position[1] = y - 800 * 256;
    for b in 0..400 {
        w.step(&Input::NONE, b);
        if w.actor(f).unwrap().is_dead() {
            return b;
        }
    }
    panic!("never landed");
}

#[test]
fn an_armed_nonplayer_killed_by_a_fall_takes_the_122_pair() {
    // "Ordinary landing decision": more than fall_death_height (568) × 256 of fall applies
    // −256 health; "Nonplayer health mutation": at zero health the armed actor takes the
    // combat death animation — group 122 forced — and, with its combat record, the stored
    // death default 124, the walk nodes released and the action selector reset; the death
    // notification sets selector 8. The next updates' dead default is that 124.
    let (mut w, f) = fighter_world(fighter_attrs(0x04), mortal_groups(), B::default());
    {
        let a = w.actor_mut(f).unwrap();
        a.weapon_drawn = true;
        (a.nav.current, a.nav.next) = (4, 5);
        a.combat.as_mut().unwrap().action = 2;
    }
    let b = drop_to_death(&mut w, f);
    let a = w.actor(f).unwrap();
    let c = a.combat.unwrap();
    assert_eq!((a.attr(3), a.lifecycle, a.anim.current), (0, 8, 122));
    assert_eq!((c.death_default, c.action, (a.nav.current, a.nav.next)), (124, -1, (-1, -1)));
    w.step(&Input::NONE, b + 1);
    w.step(&Input::NONE, b + 2);
    let a = w.actor(f).unwrap();
    assert_eq!((a.anim.default, a.anim.current), (124, 124));
}

#[test]
fn an_unarmed_nonplayer_killed_by_a_fall_takes_74_and_the_123_default() {
    // Unarmed (no combat record, no drawn weapon), still falling when health reaches zero:
    // group 74 is forced; death selector 8. Without a combat record the dead default is 123
    // (present in the set).
    let mut attrs = fighter_attrs(0x04);
    attrs[14] = 0;
    let (mut w, f) = fighter_world(attrs, mortal_groups(), B::default());
    let b = drop_to_death(&mut w, f);
    let a = w.actor(f).unwrap();
    assert_eq!((a.attr(3), a.lifecycle, a.anim.current, a.combat), (0, 8, 74, None));
    w.step(&Input::NONE, b + 1);
    w.step(&Input::NONE, b + 2);
    assert_eq!(w.actor(f).unwrap().anim.default, 123);
}

/// `MoveBackward(20)` on an armed fighter (attribute 110) facing 0 behind the ledge course's
/// third block (X 40400–40480, Y −360 to −240, Z 31600–31720; its +Z face at 31720). In the
/// combat stance the blocked-ahead probe runs with distance 30 ({D:engine/SOUP.md}
/// "MoveBackward", "Nonplayer blocked-ahead probe"); it applies at once, the armed idle 8
/// being a class-1 group ({D:engine/animation.md} "Animation group classes"), and a blocked
/// probe completes the call before group 93 is requested. With positive Y extent 120 and
/// `post_collide_height` 50 the local offset is (0, (120 − 50 − 30) × 256, −14336), 40 and
/// −56 map units, unturned at heading 0: from (40440, −340, 31776) the point is (40440, −300,
/// 31720), on the face's plane and inside it, which a radius-zero point touches, so the task
/// completes. One unit farther (Z 31777) the point is at 31721, off the plane, where a zero
/// radius touches nothing: 93 plays and the duration keeps the task running. (Attribute 18,
/// the step length, is zero: the fighter never moves off its spot.)
#[test]
fn move_backward_in_the_combat_stance_stops_at_the_blocked_ahead_probe() {
    use stros_core::script::decode::CallKind;
    for (z, blocked) in [(31_776, true), (31_777, false)] {
        let mut attrs = fighter_attrs(0);
        attrs[110] = 1;
        let mut groups = fighter_groups();
        groups.push(lp(93, &[0, 0]));
        let script = B(stros_tests::one_call(CallKind::Task, id::MOVE_BACKWARD, &[20]));
        let (mut w, f) = fighter_world(attrs, groups, script);
        let a = w.actor_mut(f).unwrap();
        a.position = [40_440 * 256, -340 * 256, z * 256];
        a.bounds.positive[1] = 120;
        let start = a.position;
        let point = |w: &stros_host::World<'_>| {
            let mut a = w.actor(f).unwrap().clone();
            a.anim.current = 93;
            stros_core::actor::combat::blocked_ahead_point(&a, 50, 30).unwrap()
        };
        assert_eq!(point(&w), [40_440 * 256, -300 * 256, (z - 56) * 256]);
        let (mut played, mut done) = (false, false);
        for t in 0..6 {
            w.step(&Input::NONE, 1000 + 2 * t);
            played |= w.actor(f).unwrap().anim.current == 93;
            done = w.script_state(f).unwrap().tasks.slots().is_empty();

            if done {
                break;
            }
        }
        let end = w.actor(f).unwrap().position;
        assert_eq!(w.actor(f).unwrap().anim.default, 8, "armed: the class-1 idle");
        assert_eq!(
            (done, played),
            (blocked, !blocked),
            "z {z}: the probe completes the task only on the plane"
        );
        assert_eq!(end, start, "z {z}");
    }
}
