//! The health natives the script host runs ({D:engine/SOUP.md} "Health native routing",
//! "Retained health source context"): `setHealth` and `adjustHealth` change health through
//! the world's health services (`collide::health`), which animate and may kill, so they run
//! with the receiver's own surroundings ([`WorldHost::with_mover`]).

use super::collide::{additive_admission, additive_health, change_health, death_owning_health};
use super::script::WorldHost;
use crate::actor::attr;
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
}
