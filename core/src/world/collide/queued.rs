//! "Queued motion arbitration" and the queued half of "Queued and falling vertical motion"
//! ({D:engine/player.md}): a jump's rise. The arbitration requests the airborne group of the
//! queued state, the writer lifts the actor along the vertical factors from the fall origin
//! and hands the motion to falling once the factor reaches 256, and the clearance probe ends
//! a rise whose body (origin to feet) meets a supporting face.

use crate::actor::{Actor, attr};
use crate::anim::group;
use crate::capacity::Capacity;
use crate::world::queries::Env;

/// The vertical factor sequence of "Queued and falling vertical motion", which both
/// writers read.
/// Timer index `i`: `256 × (900 − (29 − i)²) / 900` below 30, 256
/// from 30 (the entries past 69 belong to other engine state; Stros keeps 256).
pub const fn fall_factor(i: i32) -> i32 {
    if i < 0 {
        fall_factor(0)
    } else if i < 30 {
        let k = 29 - i;
        256 * (900 - k * k) / 900
    } else {
        256
    }
}

/// The airborne group of low queued state `low` ("Queued motion arbitration"'s table): by
/// the torch, then the high bit; `None` for states without a request.
pub const fn airborne_group(low: u8, high: bool, torch: bool, armed: bool) -> Option<i16> {
    Some(match (low, torch, high) {
        (1, true, _) => group::AIRBORNE_1_TORCH,
        (1, false, false) => {
            if armed {
                group::AIRBORNE_1_ARMED
            } else {
                group::AIRBORNE_1
            }
        }
        (1, false, true) => group::AIRBORNE_1_HIGH,
        (2, true, _) => group::AIRBORNE_2_TORCH,
        (2, false, false) => group::AIRBORNE_2,
        (2, false, true) => group::AIRBORNE_2_HIGH,
        (3, true, _) => group::JUMP_BACK_TORCH,
        (3, false, _) => group::JUMP_BACK,
        (8 | 24, true, _) => group::AIRBORNE_8_TORCH,
        (8 | 24, false, false) => group::AIRBORNE_8,
        (9, true, _) => group::AIRBORNE_9_TORCH,
        (9, false, false) => group::AIRBORNE_9,
        (8 | 9 | 24, false, true) => group::AIRBORNE_HIGH,
        _ => return None,
    })
}

/// "Queued motion arbitration": whether it handled the update (the ground response then ends).
pub(super) fn arbitrate<C: Capacity>(a: &mut Actor, env: &mut Env<'_, '_, C>) -> bool {
    if a.queued == 0 {
        return false;
    }
    let torch = a.torch != 0;
    let (low, high) = (a.queued & 0x7f, a.queued & 0x80 != 0);
    if low == 3 {
        let need = if torch { group::JUMP_BACK_TORCH } else { group::JUMP_BACK };
        if !env.has(need) {
            a.queued = 0;
            return false;
        }
        if a.anim.current != need {
            return torch;
        }
    }
    if matches!(a.anim.pending, 32..=37 | 111) {
        return false;
    }
    if env.is_player && crate::player::ledge::edge_service(a, env) {
        a.queued = 0;
        return true;
    }
    if let Some(g) = airborne_group(low, high, torch, a.holds_weapon()) {
        env.request(a, g);
    }
    queued_writer(a, env);
    if a.queued == 0 {
        return true;
    }
    if clearance(a, env) < a.bounds.positive[1].wrapping_sub(4).wrapping_mul(256) {
        a.queued = 0;
        a.position = a.previous;
    }
    true
}

/// The queued-motion clearance probe ("Queued and falling vertical motion"): the segment
/// runs from the effective integer Y down to that Y plus the positive Y extent at the
/// effective X/Z — the reverse of the ledge probe's, so with sidedness an up-facing face
/// the rise has lifted the origin past is seen wherever it lies along the body (from the
/// feet it would be more than 4 in front of A and rejected); the clearance is measured
/// from the effective Q8 Y.
fn clearance<C: Capacity>(a: &Actor, env: &Env<'_, '_, C>) -> i32 {
    let q8 = a.effective_position();
    let at = q8.map(|c| c >> 8);
    env.vertical_clearance(a, at, at[1], at[1].wrapping_add(a.bounds.positive[1]), q8[1])
}

/// The queued vertical writer: skipped while an animated actor's `BreakPoint` marker holds
/// model-controlled vertical motion; otherwise `Y = origin − jump_height × factor[timer]`, the
/// byte timer advances by the fine ticks, and a factor above 255 at the advanced timer hands
/// the queued byte to falling (a high-bit motion forcing group 58 without a burning torch).
pub(super) fn queued_writer<C: Capacity>(a: &mut Actor, env: &mut Env<'_, '_, C>) {
    if a.anim.marker && a.set.is_some() {
        return;
    }
    let jump = a.attr(attr::JUMP_HEIGHT) as i32;
    let factor = fall_factor((a.fall_timer as i32).min(69));
    a.position[1] = a.fall_origin.wrapping_sub(jump.wrapping_mul(factor));
    a.fall_timer = a.fall_timer.wrapping_add(env.tick.fine_ticks as u8);
    if fall_factor((a.fall_timer as i32).min(69)) > 255 {
        a.falling = a.queued;
        a.queued = 0;
        if a.falling & 0x80 != 0 && a.torch == 0 {
            env.force(a, group::FALL_HIGH);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_vertical_factors() {
        // 256 × (900 − (29 − i)²) / 900, integer division: i = 0 gives 256 × 59 / 900 = 16
        // (16.78), i = 15 gives 256 × 704 / 900 = 200 (200.25), i = 28 gives 256 × 899 / 900 =
        // 255 (255.72), i = 29 exactly 256; 30 through 69 are 256. The first factor above 255
        // (which hands a rise to falling) is therefore at index 29.
        assert_eq!([0, 15, 28, 29].map(fall_factor), [16, 200, 255, 256]);
        assert!((30..70).all(|i| fall_factor(i) == 256));
        assert_eq!((0..70).find(|&i| fall_factor(i) > 255), Some(29));
        assert!((0..29).all(|i| fall_factor(i) < fall_factor(i + 1)), "rising");
    }

    #[test]
    fn the_arbitration_table() {
        // (low state, high bit, torch) → group, as the docs' table reads.
        let g = |low, high, torch| airborne_group(low, high, torch, false);
        assert_eq!(
            [g(1, false, false), g(1, true, false), g(1, false, true)],
            [Some(39), Some(40), Some(38)]
        );
        assert_eq!(airborne_group(1, false, false, true), Some(112), "holding a weapon");
        assert_eq!(
            [g(2, false, false), g(2, true, false), g(2, false, true)],
            [Some(42), Some(43), Some(41)]
        );
        assert_eq!(
            [g(3, false, false), g(3, true, false), g(3, false, true)],
            [Some(49), Some(49), Some(50)]
        );
        for s in [8, 24] {
            assert_eq!(
                [g(s, false, false), g(s, true, false), g(s, false, true)],
                [Some(44), Some(48), Some(45)]
            );
        }
        assert_eq!(
            [g(9, false, false), g(9, true, false), g(9, false, true)],
            [Some(46), Some(48), Some(47)]
        );
        assert_eq!(g(5, false, false), None);
    }
}
