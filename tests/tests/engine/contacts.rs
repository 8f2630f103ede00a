//! The selected player's contact lists ({D:engine/player.md} "Player contact lists") on the
//! embedded island: the keg (actor 5) is a static-path actor, a live face model with an
//! actor owner, so both the body contact pass and the ground-support query can reach it.

use stros_core::files::Embedded;
use stros_core::input::Input;
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
