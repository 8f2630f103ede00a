//! The health natives the script host runs ({D:engine/SOUP.md} "Health native routing",
//! "Retained health source context"): `setHealth` and `adjustHealth` change health through
//! the world's health services (`collide::health`), which animate and may kill, so they run
//! with the receiver's own surroundings ([`WorldHost::with_mover`]); `ReplenishHealth`
//! ("Replenishing health") fills the byte, and on the selected player stores the session's
//! retained health ({D:engine/menu.md} "Selection and actions").

use super::collide::{additive_admission, additive_health, change_health, death_owning_health};
use super::script::WorldHost;
use crate::actor::{Actor, attr};
use crate::capacity::Capacity;
use crate::script::NativeCall;
use crate::script::functions::id;

impl<C: Capacity> WorldHost<'_, '_, '_, '_, C> {
    /// `setHealth(value)` and `adjustHealth(change, mode)` on `receiver`; `None` for other
    /// functions. Both return 0.
    ///
    /// `setHealth` passes `value − health` (wrapping) through the generic health-with-death
    /// admission, the selected player included. `adjustHealth` on the selected player takes
    /// his additive health for mode 0 and his death-owning health otherwise, past the
    /// admission's gates, with the retained native-command source — the actor whose script
    /// runs, absent when it is the receiver — supplying its attribute 109; on anyone else
    /// mode 1 takes the health-with-death admission and any other mode the additive one.
    ///
    /// Stros keeps the running actor as the source: the alternate entry path that retains
    /// an earlier source is not told apart. The HUD feedback timer both raise first is the
    /// HUD's, which the core does not keep.
    pub(super) fn health(&mut self, receiver: u16, call: &NativeCall<'_>) -> Option<i32> {
        let function = call.function;
        if function == id::REPLENISH_HEALTH {
            return self.replenish_health(receiver);
        }
        if function != id::SET_HEALTH && function != id::ADJUST_HEALTH {
            return None;
        }
        let selected = self.env.player_id == Some(receiver);
        let source = (receiver != self.me).then(|| self.actor.attr(attr::DEATH_GROUP));
        let (a0, a1) = (call.arg(0), call.arg(1));
        self.with_mover(receiver, |a, env| match function {
            id::SET_HEALTH => change_health(a, env, a0.wrapping_sub(a.attr(attr::HEALTH) as i32)),
            _ if selected && a1 == 0 => additive_health(a, env, a0),
            _ if selected => death_owning_health(a, env, a0, source),
            _ if a1 == 1 => change_health(a, env, a0),
            _ => additive_admission(a, env, a0),
        })?;
        Some(0)
    }

    /// `ReplenishHealth()` ({D:engine/SOUP.md} "Replenishing health"): below 100 the health
    /// byte becomes 100 and the answer is 1; at 100 or more nothing changes and it is 0. On
    /// the selected player the result is the session's retained health, as every health
    /// change of his is (the health services of `collide` store it too). The HUD feedback
    /// timer it also raises is the HUD's.
    fn replenish_health(&mut self, receiver: u16) -> Option<i32> {
        let selected = self.env.player_id == Some(receiver);
        let a = self.actor_mut(receiver)?;
        let answer = replenish(a);
        let health = a.attr(attr::HEALTH);
        if selected {
            self.env.systems.retained.health = health;
        }
        Some(answer)
    }
}

/// "Replenishing health" on one actor: 1 when the byte was below 100 and is now 100, 0 when
/// it was 100 or more and stays.
fn replenish(a: &mut Actor) -> i32 {
    let low = (a.attr(attr::HEALTH) as i32) < attr::MAX_HEALTH;
    if low {
        a.attributes[attr::HEALTH] = attr::MAX_HEALTH as u8;
    }
    low as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    /// "Replenishing health": below 100 the byte becomes 100 and the answer is 1 (40 → 100);
    /// at 100 or more it is 0 and nothing changes (120 stays).
    #[test]
    fn replenish_health_fills_to_100() {
        let mut a = Actor::new(0, [0; 256]);
        a.attributes[attr::HEALTH] = 40;
        assert_eq!(replenish(&mut a), 1);
        assert_eq!(a.attributes[attr::HEALTH], 100);
        a.attributes[attr::HEALTH] = 120;
        assert_eq!(replenish(&mut a), 0);
        assert_eq!(a.attributes[attr::HEALTH], 120);
    }
}
