//! "Nonplayer health mutation" and a nonplayer's death at zero health.

use super::group;
use crate::actor::combat;
use crate::actor::{Actor, attr};
use crate::capacity::Capacity;
use crate::world::queries::Env;

/// "Nonplayer health mutation" ({D:engine/player.md}): no change with attribute 120
/// (invulnerable), nor with attribute 97 unless holding a weapon or in combat; otherwise
/// attribute 3 plus the change, clamped to 0…255, and at zero the death dispatch. The
/// selected player's health service is not part of this core yet: his attribute 3 takes the
/// same arithmetic without the death dispatch.
pub(crate) fn change_health<C: Capacity>(a: &mut Actor, env: &mut Env<'_, '_, C>, change: i32) {
    if a.attr(120) != 0 || (a.attr(97) != 0 && !a.in_combat_stance()) {
        return;
    }
    let h = (a.attr(attr::HEALTH) as i32).wrapping_add(change).clamp(0, 255);
    a.attributes[attr::HEALTH] = h as u8;
    env.health = Some(env.health.unwrap_or(0).wrapping_add(change));
    if h == 0 && !env.is_player && !a.is_dead() {
        nonplayer_death(a, env);
    }
}

/// A nonplayer's death animation and notification at zero health. Unarmed, group 74 is
/// forced while falling or in landing groups 114, 116, 130 or 131, else 134. Armed
/// (`IsHoldingWeapon`), the docs give "separate combat animation and state services": Stros
/// takes the armed branch of the death-owning service and the contact death dispatch —
/// the 122/121 pair with its stored death default 124/123, the walk nodes released
/// ([`combat::death_pair`]). Either way death notification sets selector 8.
///
/// Of the seed's callers of the pairs only this one is reachable: the combat death service
/// and the contact dispatch follow weapon hits, and the selected player's death-owning
/// service follows his health service, none of which the core has yet.
pub(super) fn nonplayer_death<C: Capacity>(a: &mut Actor, env: &mut Env<'_, '_, C>) {
    if a.holds_weapon() {
        let me = env.me;
        let (mut cx, walk) = env.anim_and_walk(a);
        combat::death_pair(a, me, Some(walk), &mut cx);
        a.steps.packed |= cx.move_bits;
    } else {
        let unarmed_fatal = a.falling != 0 || matches!(a.anim.current, 114 | 116 | 130 | 131);
        env.force(a, if unarmed_fatal { group::FATAL } else { group::DEATH });
    }
    a.lifecycle = crate::actor::default::LIFECYCLE_DEAD;
}
