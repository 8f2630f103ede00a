//! The queued-motion clearance probe of {D:engine/player.md} "Queued and falling vertical
//! motion" and "Queued motion arbitration" on the embedded island: a rise whose body meets
//! the bridge deck from below is cancelled, one in the open is not.

use stros_core::files::Embedded;
use stros_core::input::Input;
use stros_host::World;
use stros_tests::island;

/// The bridge: placed at (35840, −240, 29400) unrotated, its deck the up-facing quad at
/// model Y −170 spanning X ±80 and Z ±200, so at world Y −240 − 170 = −410 (Y down).
const BRIDGE: [i32; 2] = [35_840, 29_400];
const DECK_Y: i32 = -410;

/// The player entered at map X/Z `at` with a rise of queued state 1 in progress: fall timer 0
/// and a fall origin from which the first write, `origin − 80 × factor[0]` (Cyrus's jump
/// height 80, factor[0] = 256 × 59 / 900 = 16, so 1,280), puts the origin at map Y −430,
/// 20 above the deck. Returns the world, the player and his position before the update.
fn rising_at(at: [i32; 2]) -> (Box<World<'static>>, u16, [i32; 3]) {
    let mut w = island();
    let start = [at[0] * 256, (DECK_Y - 15) * 256, at[1] * 256];
    let id = w.enter_at(&Embedded, start, 0, false).unwrap();
    let a = w.actor_mut(id).unwrap();
    assert_eq!(a.attr(stros_core::actor::attr::JUMP_HEIGHT), 80);
    (a.queued, a.falling, a.fall_timer) = (1, 0, 0);
    a.fall_origin = (DECK_Y - 20) * 256 + 1280;
    (w, id, start)
}

#[test]
fn a_rise_whose_body_meets_the_deck_is_cancelled() {
    let (mut w, id, start) = rising_at(BRIDGE);
    let pos = w.actor(id).unwrap().bounds.positive[1];
    // After the write the probe's segment runs from the origin (−430) down to the feet
    // (−430 + pos), so it crosses the deck at −410 when pos ≥ 20. Its A end, the origin, is
    // behind the up-facing deck, so sidedness keeps it. The feet are more than 4 below the
    // deck when −430 + pos > −406, pos > 24: a segment from the feet would have had the
    // deck more than 4 in front of its A end and rejected it.
    assert!(pos > 24, "positive extent {pos}");
    let terrain = stros_core::terrain::sample(w.terrain(), BRIDGE[0], BRIDGE[1]).height as i32;
    assert!(terrain >= DECK_Y, "terrain {terrain} is no nearer than the deck");
    w.step(&Input::NONE, 0);
    let a = w.actor(id).unwrap();
    // The deck is class-4 ground (normal Y −256): clearance `−410 × 256 − (−430 × 256)` =
    // 20 × 256, strictly below `(pos − 4) × 256` since pos > 24, so the rise is cancelled:
    // queued cleared, every previous local coordinate restored.
    assert_eq!((a.queued, a.falling), (0, 0));
    assert_eq!(a.position, start);
}

#[test]
fn a_rise_in_the_open_goes_on() {
    // 400 map units east of the bridge's axis (its deck ends at +80): nothing but terrain
    // below, which lies under the feet, so the clearance is the terrain's and the rise goes
    // on: Y is the written −430 × 256 and the timer has advanced by the fine ticks.
    let (mut w, id, _) = rising_at([BRIDGE[0] + 400, BRIDGE[1]]);
    let pos = w.actor(id).unwrap().bounds.positive[1];
    let terrain = stros_core::terrain::sample(w.terrain(), BRIDGE[0] + 400, BRIDGE[1]).height as i32;
    assert!(terrain > DECK_Y - 20 + pos + 4, "terrain {terrain} leaves the body clear");
    w.step(&Input::NONE, 0);
    let a = w.actor(id).unwrap();
    assert_eq!((a.queued, a.position[1]), (1, (DECK_Y - 20) * 256));
    assert_ne!(a.fall_timer, 0);
}

/// The yard, standing on flat terrain; `surface` and attribute 105 set as a support query
/// left them, then one update with the jump key.
fn jump_key_on(surface: u8, player_type: u8) -> stros_core::actor::Actor {
    use stros_core::input::Action;
    let mut w = island();
    let id = w.enter_at(&Embedded, [7_978_140, -77_824, 7_099_379], 0, true).unwrap();
    for b in 0..3 {
        w.step(&Input::NONE, b);
    }
    let a = w.actor_mut(id).unwrap();
    assert_eq!((a.queued, a.falling, a.living, a.anim.current), (0, 0, 0, 0), "standing");
    (a.surface, a.attributes[105]) = (surface, player_type);
    w.step(&Input::with(&[Action::Jump]), 3);
    w.actor(id).unwrap().clone()
}

#[test]
fn the_jump_key_refuses_water_to_attribute_105_but_not_lava() {
    // The jump key starts script `Jump` ("Jump-key arbitration": `SetAction` 1 from a
    // standing group). {D:engine/player.md} "Script Jump": for the selected player with
    // attribute 105 one, water surfaces 1 through 4 refuse admission; lava (5) is not among
    // them — the "water or lava" gate belongs to the ordinary entry of "Jump window". A
    // standing jump (current group 0, no weapon, no torch) queues motion 1 and requests 32.
    for water in 1..=4 {
        let a = jump_key_on(water, 1);
        assert_eq!(a.queued, 0, "surface {water}");
    }
    let a = jump_key_on(5, 1);
    assert_eq!(a.queued & 0x7f, 1, "lava admits the script entry");
    let a = jump_key_on(1, 0);
    assert_eq!(a.queued & 0x7f, 1, "shallow water admits without attribute 105");
}

#[test]
fn a_jump_on_open_ground_finds_no_ledge_and_goes_on() {
    // The jump key's start runs the ledge entry first ("Jump window"): living state 19, the
    // ledge support cleared, the scan. On the open yard it finds no record ({D:engine/player.md}
    // "No ledge candidate"): the state returns to 0
    // and the jump starts as if the entry had not run — queued motion 1 (a standing jump),
    // the fall origin his standing Y before the rise (map −304, runtime −77,824).
    let a = jump_key_on(0, 0);
    assert_eq!((a.living, a.queued & 0x7f, a.fall_origin), (0, 1, -77_824));
}
