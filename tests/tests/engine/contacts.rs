//! The selected player's contact lists ({D:engine/player.md} "Player contact lists") and the
//! weighted actor overlap ("Weighted actor overlap response") on the embedded island. The keg
//! (actor 5) is a static-path actor, a live face model with an actor owner, so both the body
//! contact pass and the ground-support query can reach it. Actor 7 is an animated actor with
//! collision bits 0x0d (overlap bit 3 included) and weight 64, like Cyrus.

use stros_core::files::Embedded;
use stros_core::input::Input;
use stros_host::World;
use stros_tests::island;

/// Derivations, from the doc's rules:
/// - Settled onto the keg's lid, the keg's lid contact becomes the best support candidate
///   (his support owner is the keg, as `standing_on_a_live_face_model_makes_it_the_support_owner`
///   shows), so the first list holds 5.
/// - Beside the keg, 10 map units off its axis at ground level, his lower sphere (radius 24)
///   reaches into the keg and the body pass reports a contact; the keg is then the touched
///   object, so both lists hold exactly [5] (no other actor-owned model is near).
/// - 200 units away, his spheres (radius 24) cannot reach the keg (model radius 76:
///   200 > 76 + 24) and his vertical support segment misses it, so nothing is appended; the
///   lists the previous update left are cleared at his update's start, so both are empty.
#[test]
fn the_body_pass_and_support_fill_the_lists_and_each_update_clears_them() {
    let mut w = island();
    let keg = w.actor(5).unwrap().position;
    let id = w.enter_at(&Embedded, [keg[0], keg[1] - 200 * 256, keg[2]], 0, true).unwrap();
    w.step(&Input::NONE, 0);
    assert_eq!(w.actor(id).unwrap().support_owner, Some(5));
    assert!(w.player_state().contacts.first.holds(5));

    let mut w = island();
    let id = w.enter_at(&Embedded, [keg[0] + 10 * 256, keg[1], keg[2]], 0, true).unwrap();
    w.step(&Input::NONE, 0);
    let a = w.actor(id).unwrap();
    assert_eq!((a.body_contacts, a.support_owner), (1, None), "touching the keg, standing on the ground");
    assert_eq!(w.player_state().contacts.first.ids(), &[5]);
    assert_eq!(w.player_state().contacts.second.ids(), &[5]);

    w.actor_mut(id).unwrap().position[0] += 190 * 256;
    w.step(&Input::NONE, 1);
    assert_eq!(w.actor(id).unwrap().body_contacts, 0);
    assert!(w.player_state().contacts.first.ids().is_empty());
    assert!(w.player_state().contacts.second.ids().is_empty());
}

/// Cyrus entered `dx` map units to +X of actor 7 and settled (to Y −944, actor 7 stands at
/// −880), with actor 7's update body excluded so only Cyrus's overlap pass runs.
fn beside_seven(dx: i32) -> (Box<World<'static>>, u16) {
    let mut w = island();
    let o = w.actor(7).unwrap().position;
    let id = w.enter_at(&Embedded, [o[0] + dx * 256, o[1], o[2]], 0, true).unwrap();
    w.actor_mut(7).unwrap().script_control |= 0x08;
    assert_eq!((w.actor(id).unwrap().position[1], o[1]), (-944 * 256, -880 * 256));
    (w, id)
}

/// X positions of Cyrus and actor 7 and their body-response bytes.
fn outcome(w: &World<'_>, id: u16) -> ([i32; 2], [u8; 2]) {
    let (c, o) = (w.actor(id).unwrap(), w.actor(7).unwrap());
    ([c.position[0], o.position[0]], [c.body_response, o.body_response])
}

/// Both shapes are spheres (0, −42, 0) and (0, −12, 0) of radius 24. At dx 20 the pairs in
/// order: Cyrus's first against 7's first differ by (20, −64, 0), length 67, not below 48;
/// against 7's second (20, −94, 0), no; Cyrus's second (Y −956) against 7's first (Y −922)
/// by (20, −34, 0), length √1556 = 39.4 → 39 < 48: depth 48 − 20 = 28. Mobilities
/// 256 − 64 = 192 each, divisor 384, factor 131072 / 384 = 341, distance
/// (341 × 192 × 28 >> 9) + 255 = (1833216 >> 9) + 255 = 3580 + 255 = 3835 runtime units:
/// Cyrus +X (away from 7), 7 −X. Cyrus is marked 0x04 by the weighted separation, 7 by its
/// collision bit 3; with that bit cleared 7 moves the same but is not marked.
#[test]
fn weighted_separation_moves_both_and_marks_the_other_by_its_overlap_bit() {
    let (mut w, id) = beside_seven(20);
    let ([x, ox], _) = outcome(&w, id);
    w.step(&Input::NONE, 0);
    assert_eq!(outcome(&w, id), ([x + 3835, ox - 3835], [0x04, 0x04]));

    let (mut w, id) = beside_seven(20);
    w.actor_mut(7).unwrap().attributes[stros_core::actor::attr::COLLIDE] = 0x05;
    w.step(&Input::NONE, 0);
    assert_eq!(outcome(&w, id), ([x + 3835, ox - 3835], [0x04, 0]));
}

/// With actor 7 raised to Cyrus's Y and dx 46, the first pair differs by (46, 0, 0): 46 < 48,
/// depth 2, below three: both are marked 0x04 (7 even with its overlap bit cleared), nobody
/// moves, and the pass ends.
#[test]
fn a_small_contact_marks_both_and_moves_neither() {
    let (mut w, id) = beside_seven(46);
    let o = w.actor_mut(7).unwrap();
    o.position[1] = -944 * 256;
    o.attributes[stros_core::actor::attr::COLLIDE] = 0x05;
    let ([x, ox], _) = outcome(&w, id);
    w.step(&Input::NONE, 0);
    assert_eq!(outcome(&w, id), ([x, ox], [0x04, 0x04]));
}

/// Living states 27–32 skip the actor pair whose other actor is the current support owner
/// (after the other's bit-3 mark, which still lands): at dx 20 (depth 28, as above) in
/// states 27 and 32 with owner 7 nobody moves and Cyrus gets no mark; owner none in state
/// 27, or owner 7 in state 0, separates by the 3835 derived above.
#[test]
fn states_27_to_32_skip_the_support_owner() {
    for (living, owner, moved) in
        [(27, Some(7), false), (32, Some(7), false), (27, None, true), (0, Some(7), true)]
    {
        let (mut w, id) = beside_seven(20);
        let c = w.actor_mut(id).unwrap();
        (c.living, c.support_owner) = (living, owner);
        let ([x, ox], _) = outcome(&w, id);
        w.step(&Input::NONE, 0);
        let expected = if moved { ([x + 3835, ox - 3835], [0x04, 0x04]) } else { ([x, ox], [0, 0x04]) };
        assert_eq!(outcome(&w, id), expected, "living {living}, owner {owner:?}");
    }
}

/// The landing branch: Cyrus falling (byte 1) with his fall origin 200 map units above him
/// (|ΔY| = 200 × 256 ≥ fall_bounce_height 100 × 256), positive Y extent 62 > 0, straight
/// over actor 7 (dx 0: his second sphere against 7's first differs by (0, −34, 0), depth
/// 48 ≥ 3) whose attribute 98 is 5. Admitted from living state 0: body-response 0x80,
/// living 27, falling 0, the unarmed torchless landing group 65 on Cyrus (it replaces his
/// idle default at once), group 10 on 7 (given Cyrus's set, the island's only one with a
/// group 10; with no current group it starts at once), and no separation. From living state
/// 28 the branch still marks 0x80 but is refused: 7 gets no group 10 and nobody moves.
#[test]
fn a_falling_actor_lands_on_a_bouncy_actor() {
    for living in [0u8, 28] {
        let (mut w, id) = beside_seven(0);
        let o = w.actor_mut(7).unwrap();
        o.attributes[98] = 5;
        o.set = Some(0);
        let c = w.actor_mut(id).unwrap();
        (c.falling, c.living) = (1, living);
        c.fall_origin = c.position[1] - 200 * 256;
        let ([x, ox], _) = outcome(&w, id);
        w.step(&Input::NONE, 0);
        let ([x2, ox2], [r, _]) = outcome(&w, id);
        assert_eq!([x2, ox2], [x, ox], "living {living}");
        assert_ne!(r & 0x80, 0, "living {living}");
        let (c, o) = (w.actor(id).unwrap(), w.actor(7).unwrap());
        if living == 0 {
            assert_eq!((c.living, c.falling, c.anim.current, o.anim.current), (27, 0, 65, 10));
        } else {
            assert_eq!(c.living, 28);
            assert_ne!(o.anim.current, 10);
        }
    }
}
