//! The selected player's native controller, run as his script stage ({M} and the
//! {D:engine/player.md}: "Ordinary controller dispatch", "Ground-turn eligibility and
//! animation", "Ground-turn arithmetic", "Controller initialization and preliminary state",
//! "Idle animation requests", "Controller under queued, falling and sliding motion").
//!
//! In order: the preliminary part (the conditional countdown, the pending action, the two
//! unconditional countdowns, the action-inhibition countdown, queued state 3, the idle counter's reset), the tap latches,
//! the lockout return, the idle requests, the view key's return, the turn accumulators and
//! the heading (with the turn animations and the running bank), then — hanging (state 15) —
//! the hanging keys ([`super::ledge`]: left and right sidestep, forward climbs, the jump key
//! lets go), or the sidestep block and forward or backward dispatch to the walk or run helper
//! ([`crate::actor::motion`]) by the walk/run choice, the jump key starting a jump in place
//! of a helper ([`super::jump`]); after it the forward steering of a standing jump, the jump
//! key's arbitration and the armed handler ([`super::armed`]). Hit inhibition hands the
//! call to the death controller ([`super::death`]) after the preliminary countdowns.

use super::turned;
use super::{PlayerScene, armed, death, jump, ledge};
use crate::actor::jump::Entry;
use crate::actor::living;
use crate::actor::motion::{self, Step};
use crate::actor::{Actor, attr};
use crate::anim::group;
use crate::input::{Action, Gait, Input, gait};

/// What the controller did this update (for traces and tests).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Dispatch {
    /// The heading update ran.
    pub turned: bool,
    /// The forward or backward helper that ran, and its result.
    pub step: Option<(Gait, bool, Step)>,
}

/// Whether the turn accumulators use the fight-turn attributes: the player holds a weapon
/// and his current group is neither 18 nor 31.
fn fight_turn(a: &Actor) -> bool {
    a.holds_weapon() && !matches!(a.anim.current, group::RUN | group::WALK_ARMED)
}

/// "Relaxing" the bank: above 1024 the roll becomes 0 past 2040, else gains 8; from 1
/// through 1024 it becomes 0 below 8, else loses 8.
fn relax(roll: u16) -> u16 {
    match roll {
        0 => 0,
        r if r > 1024 => {
            if r > 2040 {
                0
            } else {
                r + 8
            }
        }
        r if r < 8 => 0,
        r => r - 8,
    }
}

/// The running bank of a turn: a left turn adds 4 (8 above 1024) below 32 or above 1024; a
/// right turn takes 4 (8 below 1024) above 2016 or below 1024; no net turn relaxes.
fn bank(roll: u16, net: i32) -> u16 {
    let r = roll as i32;
    let out = if net > 0 {
        if !(32..=1024).contains(&r) { r + if r > 1024 { 8 } else { 4 } } else { r }
    } else if net < 0 {
        if !(1024..=2016).contains(&r) { r - if r < 1024 { 8 } else { 4 } } else { r }
    } else {
        return relax(roll);
    };
    (out & 2047) as u16
}

/// The preliminary part of a controller call ("Controller initialization and preliminary
/// state", "Controller under queued, falling and sliding motion"): the conditional countdown
/// (frozen under queued or falling motion), the pending action, the two unconditional
/// countdowns, the action-inhibition countdown, queued
/// state 3 cleared once its jump group has returned to the default, and the idle counter's
/// reset on a rope or out of group 0.
/// Hit inhibition then hands the call to the death controller ([`death::controller`]) and
/// `false` is returned: the controller returns before the idle counter's reset, the lockout
/// and the keyboard dispatch.
fn preliminary(a: &mut Actor, env: &mut impl PlayerScene) -> bool {
    let ticks = env.ticks();
    let state = env.state();
    if a.queued == 0 && a.falling == 0 {
        state.conditional = state.conditional.saturating_sub(ticks.max(0) as u32);
    }
    // The pending action (a fatal landing on steep support): action 74 while not sliding,
    // again every call — the flag stays. Its helper names the player as the source.
    if state.pending_action && a.sliding == 0 {
        state.death_override = Some(group::FATAL);
        env.death_health(a, -255, Some(a.attr(attr::DEATH_GROUP)));
    }
    let state = env.state();
    // After the pending action, before the hit-inhibition test, whatever the motion bytes
    // hold.
    state.unconditional_tick(ticks);
    state.ledge.tick(ticks);
    if a.queued == 3 && a.anim.current == a.anim.default {
        a.queued = 0;
    }
    // Best guess: the docs place the queued-3 clear only "before the lockout test"; Stros
    // keeps it ahead of the hit-inhibition test, with the countdowns.
    if env.state().death.hit_inhibition {
        death::controller(a, env);
        return false;
    }
    // The idle counter's reset precedes the lockout test; its requests follow it.
    if a.rope || a.anim.current != group::STAND {
        env.state().idle = 0;
    }
    true
}

/// The requests of {D:engine/player.md} "Idle animation requests", which run only past the
/// lockout return (the counter's reset belongs to [`preliminary`]): for an unattached
/// player, below health 40 a counter above 4 requests group 4, otherwise one above 12
/// requests group 1, 2 or 3 (the random generator's low two bits, 3 drawn again, plus one);
/// either first sets the counter to −1. The default group is not changed. Out of group 0 the
/// reset has left the counter at 0, so nothing is requested there.
fn idle_request(a: &mut Actor, env: &mut impl PlayerScene) {
    if a.rope {
        return;
    }
    let counter = env.state().idle;
    let group = if a.attr(attr::HEALTH) < 40 {
        if counter <= 4 {
            return;
        }
        4
    } else {
        if counter <= 12 {
            return;
        }
        let mut v = env.random() & 3;
        while v == 3 {
            v = env.random() & 3;
        }
        v as i16 + 1
    };
    env.state().idle = -1;
    env.request(a, group);
}

/// Whether the jump key starts a jump in place of a movement helper: not with the walk key;
/// holding a weapon only without the action key; otherwise not from the groups `moving`.
fn jump_instead(a: &Actor, input: &Input, moving: &[i16]) -> bool {
    let (walk_key, jump_key) = (input.held(Action::Walk), input.held(Action::Jump));
    if walk_key || !jump_key {
        false
    } else if a.holds_weapon() {
        !input.held(Action::Act)
    } else {
        !moving.contains(&a.anim.current)
    }
}

/// One controller call for the selected player. The controller is his per-update hook
/// ({D:engine/SOUP.md} "PlayerMain"), so the hook-disabled bit — the alignment flag the
/// line-ups and `PlayerFaceObj` set — stops it.
pub(crate) fn run(a: &mut Actor, env: &mut impl PlayerScene, input: &Input) -> Dispatch {
    let mut out = Dispatch::default();
    if a.script_control & crate::script::control::NO_HOOK != 0 {
        return out;
    }
    if !preliminary(a, env) {
        return out;
    }
    let window = armed::tap_window(env.config().tap_time, env.frame_scale());
    env.state().armed.latches.sample(input, window);
    // {D:engine/sound.md}: an open topic menu or a waiting dialogue sets sound-maintenance
    // inhibition; with both clear it clears only when the lockout word is zero.
    let talk = env.state().talk;
    if talk.menu != 0 || talk.waiting {
        env.state().sound_inhibition = true;
    } else if env.state().lockout == 0 {
        env.state().sound_inhibition = false;
    }
    // A retained `LockoutPlayer` word returns before keyboard movement dispatch.
    if env.state().lockout != 0 {
        return out;
    }
    idle_request(a, env);
    // The idle requests precede the dialogue and topic-menu returns.
    if talk.dialogue == 1 || talk.menu == 1 {
        return out;
    }
    // The view key leaves ordinary movement: an unarmed player looking stands still; an armed
    // one still has his armed handler.
    if input.held(Action::Look) {
        armed_handler(a, env, input);
        return out;
    }
    // Drawing or sheathing (groups 91 and 129) returns before turning ({D:engine/player.md}
    // "Ground-turn eligibility and animation"); the item system the docs also ask for is
    // always ready in Stros, and a paused game runs no update.
    if matches!(a.anim.current, group::DRAW | group::SHEATH) {
        return out;
    }
    let state = *env.state();
    let (left, right) = (input.held(Action::Left), input.held(Action::Right));
    let (up, down) = (input.held(Action::Up), input.held(Action::Down));
    let walk_key = input.held(Action::Walk);

    // The accumulators are recomputed on every input update.
    let (inc, limit) = if fight_turn(a) {
        (a.attr(attr::FIGHT_TURN_ACCEL) as i32, a.attr(attr::FIGHT_TURN_SPEED) as i32)
    } else {
        (env.config().turn_speed, env.config().turn_max_speed)
    };
    let mut turn = state.turn;
    let net = turn.step(left, right, inc, limit, env.frame_scale());
    env.state().turn = turn;

    let motion_free = a.queued == 0 && a.falling == 0;
    let turn_blocked = matches!(
        a.living,
        living::DRAWING | living::SHEATHING | living::LIGHTING_TORCH | living::DOUSING_TORCH
    );
    let running = matches!(a.anim.current, group::RUN | group::RUN_TORCH);
    let mut plain_turn = false;
    if !turn_blocked {
        if !walk_key {
            if (a.living == living::NONE || a.living == living::LANDED_ON_ACTOR) && motion_free {
                a.angles.heading = turned(a.angles.heading, net);
                out.turned = true;
                plain_turn = true;
                let swimmer = a.attr(attr::HOLDING_WEAPON) != 0;
                let armed = a.weapon_drawn && a.combat.is_some();
                if net != 0 && !swimmer && !armed && !a.in_deep_water() {
                    let group = match (net > 0, a.torch != 0) {
                        (true, false) => group::TURN_LEFT,
                        (false, false) => group::TURN_RIGHT,
                        (true, true) => group::TURN_LEFT_TORCH,
                        (false, true) => group::TURN_RIGHT_TORCH,
                    };
                    env.request(a, group);
                }
            }
        } else if (up || down) && motion_free && !living::is_ledge(a.living) {
            a.angles.heading = turned(a.angles.heading, net);
            out.turned = true;
        }
    }
    // Banking reads the group current before this update's steps.
    if running {
        if plain_turn {
            a.angles.roll = bank(a.angles.roll, net);
        }
    } else {
        a.angles.roll = relax(a.angles.roll);
        if plain_turn && net == 0 {
            a.angles.roll = relax(a.angles.roll);
        }
    }

    if a.living == living::HANGING {
        hanging(a, env, input);
        return out;
    }
    // Sidesteps: with the walk key held, left or right alone strafes when neither forward
    // nor backward is held; the result is ignored.
    if walk_key && !up && !down && left != right {
        motion::move_sideways(a, env, left);
    }

    // Forward beats backward; each has its running groups the jump key does not interrupt.
    if up || down {
        let g = gait(state.walk_mode, walk_key, a.in_combat_stance());
        let moving: &[i16] = if up { &[18, 30] } else { &[19, 23] };
        if jump_instead(a, input, moving) {
            jump::start(a, env, Entry::Script);
        } else {
            let step = match (g, up) {
                (Gait::Walk, true) => motion::walk_forward(a, env),
                (Gait::Run, true) => motion::move_forward(a, env),
                (Gait::Walk, false) => motion::walk_backward(a, env),
                (Gait::Run, false) => motion::move_backward(a, env),
            };
            out.step = Some((g, up, step));
        }
    }
    jump::steer(a, up);
    if input.held(Action::Jump) {
        jump::key_arbitration(a, env);
    }
    armed_handler(a, env, input);
    out
}

/// The armed handler ([`armed::handle`]) for a player holding a weapon while the jump key
/// is up.
fn armed_handler(a: &mut Actor, env: &mut impl PlayerScene, input: &Input) {
    if !a.holds_weapon() || input.held(Action::Jump) {
        return;
    }
    let (ticks, delay) = (env.ticks(), env.config().sheath_sword_delay);
    let task_system = env.config().task_system == 1;
    let mut state = env.state().armed;
    armed::handle(a, &mut state, input, ticks, delay, task_system);
    env.state().armed = state;
}

/// Hanging (living state 15): the jump key lets go (its jump start runs the hang release),
/// forward climbs when the ledge allows it, left or right alone is a hanging sidestep.
fn hanging(a: &mut Actor, env: &mut impl PlayerScene, input: &Input) {
    let (left, right) = (input.held(Action::Left), input.held(Action::Right));
    if input.held(Action::Jump) {
        jump::start(a, env, Entry::Script);
    } else if input.held(Action::Up) {
        ledge::climb(a, env);
    } else if left != right {
        ledge::sidestep(a, env, left);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bank_and_relax() {
        assert_eq!(bank(0, 1), 4);
        assert_eq!(bank(28, 1), 32);
        assert_eq!(bank(32, 1), 32, "no further left bank at 32");
        assert_eq!(bank(2040, 1), 0, "above 1024 a left turn adds 8, wrapping");
        assert_eq!(bank(0, -1), 2040, "a right turn below 1024 takes 8");
        assert_eq!(bank(2020, -1), 2016);
        assert_eq!(bank(2016, -1), 2016, "no further right bank at 2016");
        assert_eq!(relax(2044), 0);
        assert_eq!(relax(2030), 2038);
        assert_eq!(relax(7), 0);
        assert_eq!(relax(20), 12);
        assert_eq!(bank(20, 0), 12);
    }
}
