//! The selected player's jumps ({D:engine/player.md} "Jump-key arbitration", "Jump window",
//! "Script Jump", "Controller under queued, falling and sliding motion"): the gates his jump
//! starts pass before the ordinary initialization of [`crate::actor::jump`], the jump key's
//! arbitration and the forward steering of a standing jump.

use super::{PlayerScene, ledge};
use crate::actor::jump::{self, Entry};
use crate::actor::living;
use crate::actor::{Actor, Direction, attr};
use crate::anim::SetAction;
use crate::anim::group;

/// The conditional countdown a backward jump (groups 49 and 50) sets, whole nominal ticks.
pub const BACK_JUMP_COUNTDOWN: u32 = 6;

/// A jump start of the selected player. His conditional preliminary countdown refuses
/// either entry. The ordinary entry ("Jump window") also refuses a rope, queued, falling or
/// sliding motion, a living state other than 0 and 15, and — with attribute 105 one — water
/// or lava surfaces (1 through 5); script `Jump` ("Script Jump") lists no rope and keeps its
/// own refusals, of which attribute 105's are the water surfaces 1 through 4 only. Then the
/// stable position becomes invalid; hanging (state 15) runs the hang release instead of a
/// jump, and state 0 the ledge entry, which ends the start when it holds a ledge. Otherwise
/// the ordinary initialization runs. Returns whether a jump started.
pub fn start(a: &mut Actor, env: &mut impl PlayerScene, entry: Entry) -> bool {
    let admitted = match entry {
        Entry::Ordinary(_) => {
            let water_or_lava = a.attr(attr::PLAYER_TYPE) == 1 && (1..=5).contains(&a.surface);
            jump::admits(a, false) && !a.rope && !water_or_lava
        }
        Entry::Script => jump::script_admits(a, false, true),
    };
    if env.state().conditional != 0 || !admitted {
        return false;
    }
    a.stable = None;
    if a.living == living::HANGING {
        ledge::hang_release(a, env);
        return false;
    }
    if ledge::entry(a, env) {
        return false;
    }
    let s = env.jump_init(a, entry);
    if s.countdown {
        env.state().conditional = BACK_JUMP_COUNTDOWN;
    }
    true
}

/// "Jump-key arbitration" with mask 1 (the jump key held, after movement dispatch): the
/// `SetAction` decision ([`crate::anim::ActionWords::set_action`]) — a pending running jump,
/// the low bits cleared in the air or landing, or a jump started at once.
pub fn key_arbitration(a: &mut Actor, env: &mut impl PlayerScene) -> SetAction {
    let step_hold = a.attr(attr::STEP_TYPE) == 0 || a.steps.get(Direction::Forward) == 3;
    let anim = a.anim;
    let decision = a.anim.actions.set_action(1, &anim, a.queued != 0, a.falling != 0, step_hold);
    if decision == SetAction::Jump {
        start(a, env, Entry::Script);
    }
    decision
}

/// Forward steering of a standing jump: with the forward key held, a queued byte whose low
/// seven bits are 1 in group 32 or 33 becomes exactly 2 (its high bit cleared).
pub fn steer(a: &mut Actor, forward: bool) {
    if forward
        && a.queued & 0x7f == 1
        && matches!(a.anim.current, group::JUMP_STAND | group::JUMP_STAND_TORCH)
    {
        a.queued = 2;
    }
}
