//! Combat-side animation rules on the actor record ({A} and {D:engine/animation.md}):
//! "Combat entry", "Weapon draw admission", "Equipped-weapon transition", "Weapon cleanup",
//! the `DrawSword`/`SheathSword`/`endCombat` natives ({D:engine/SOUP.md}) and the nonplayer
//! death-animation pairs of "Dead actor default selection" and "Contact death animation
//! dispatch".
//!
//! Where the world update calls them: the weapon-draw pass of each update (`world::step`),
//! states 20 and 21 of the collision stage and a nonplayer's death at zero health
//! (`world::collide`), weapon cleanup in default selection ([`super::default`]), and the
//! combat natives ([`super::natives`]). Attacks, hits and the selected player's health
//! service, which would call the rest of the death pairs, are not yet built (coverage:
//! SOUP.md "Attack executor").
//!
//! The weapon predicates want the item system loaded, an animation state and ordinary (not
//! shell) execution. The original always has its item system loaded, and a shell record
//! runs without an animation set ([`crate::world`]'s shells), so the animation-state gate
//! is the only one that can fail here, shells included.

use super::{Actor, combat_flag};
use crate::actor::attr;
use crate::actor::living;
use crate::anim::AnimContext;
use crate::anim::group;

/// Lifecycle selector of an actor in combat.
pub const LIFECYCLE_COMBAT: u8 = 6;
/// Lifecycle selector `endCombat` and the combat reset leave (`MyAIType` 1).
pub const LIFECYCLE_AFTER_COMBAT: u8 = 1;
/// Script-control bit set on a nonplayer's combat entry.
pub const SCRIPT_CONTROL_COMBAT: u8 = 0x02;
/// Combat cooldown `SheathSword` sets, nominal ticks.
pub const SHEATH_COOLDOWN: i32 = 24;

/// What combat entry asks for besides state changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CombatRequest {
    /// The begin-combat taunt of type 0.
    Taunt(u8),
}

/// "Weapon cleanup": the selected player's stored playback default is requested when the
/// current group is 91 or 129; states 20/21 reset; a drawn weapon is put away and the armed
/// combat flag cleared.
///
/// The companion motion byte the docs reset with states 20/21 has no writer Stros knows
/// of, so Stros keeps none. The selected player's health-candle show timer (25 ticks) is
/// the session's: it shows the candle whenever the player's drawn flag changes, which is
/// exactly when cleanup sets the timer.
pub fn weapon_cleanup(a: &mut Actor, is_player: bool, cx: &mut AnimContext<'_, '_>) {
    if is_player && (a.anim.current == group::DRAW || a.anim.current == group::SHEATH) {
        let default = a.anim.default;
        a.anim.request(cx, default, 0);
    }
    if a.living == living::DRAWING || a.living == living::SHEATHING {
        a.living = living::NONE;
    }
    if a.weapon_drawn {
        a.weapon_drawn = false;
        a.clear_combat_flags(combat_flag::ARMED);
    }
}

/// "Weapon draw admission" (`DrawSword` runs it for its receiver). Returns whether a draw
/// started (motion state 20); the drawn flag itself is set later by the equipped-weapon
/// transition.
pub fn weapon_draw_admission(a: &mut Actor, is_player: bool, cx: &mut AnimContext<'_, '_>) -> bool {
    let blocked = a.set.is_none()
        || a.rope
        || living::is_landing_or_bounce(a.living)
        || a.is_drawing()
        || a.is_sheathing()
        || a.holds_weapon()
        || a.falling != 0
        || a.queued != 0
        || a.living == living::HANGING
        || (is_player && a.attr(attr::PLAYER_TYPE) == 1);
    if blocked {
        return false;
    }
    // "Absence of assigned weapon state": no weapon item assigned (attribute 23).
    if a.weapon_drawn || a.attr(attr::WEAPON) == 0 {
        weapon_cleanup(a, is_player, cx);
        return false;
    }
    if living::is_ledge(a.living) || a.in_deep_water() {
        return false;
    }
    a.living = living::DRAWING;
    if is_player {
        a.set_combat_flags(combat_flag::ARMED);
    }
    true
}

/// "Combat entry" (`beginCombat`): script-control bit 0x02 for a nonplayer, then — unless
/// the lifecycle selector already is 6 — selector 6, the weapon setup of attribute 23,
/// combat flag 0x04 and the begin-combat taunt.
pub fn begin_combat(a: &mut Actor, is_player: bool, cx: &mut AnimContext<'_, '_>) -> Option<CombatRequest> {
    if !is_player {
        a.script_control |= SCRIPT_CONTROL_COMBAT;
    }
    if a.lifecycle == LIFECYCLE_COMBAT {
        return None;
    }
    a.lifecycle = LIFECYCLE_COMBAT;
    if a.attr(attr::WEAPON) != 0 {
        if cx.set.is_some_and(|s| s.has(group::DRAW)) {
            if !a.weapon_drawn {
                weapon_draw_admission(a, is_player, cx);
                a.anim.request(cx, group::DRAW, 0);
            }
        } else {
            weapon_cleanup(a, is_player, cx);
            a.weapon_drawn = true;
            a.living = living::NONE;
        }
    } else {
        a.weapon_drawn = true;
        a.living = living::NONE;
    }
    a.set_combat_flags(combat_flag::ARMED);
    Some(CombatRequest::Taunt(0))
}

/// `SheathSword` ({D:engine/SOUP.md}): with the task system on, an animation state, a
/// combat record with zero cooldown, living state outside 27–32, neither drawing nor
/// sheathing, and `IsHoldingWeapon`: living state 21, combat flag 0x04 cleared, cooldown 24.
/// Returns whether it acted; the selected player's camera slot is the caller's (the
/// natives'). (The docs' "lifecycle byte" here is the motion state that 21, sheathing,
/// lives in.)
pub fn sheath_sword(a: &mut Actor, task_system: bool) -> bool {
    let admitted = task_system
        && a.set.is_some()
        && a.combat.as_ref().is_some_and(|c| c.cooldown == 0)
        && !living::is_landing_or_bounce(a.living)
        && !a.is_drawing()
        && !a.is_sheathing()
        && a.holds_weapon();
    if !admitted {
        return false;
    }
    a.living = living::SHEATHING;
    if let Some(c) = a.combat.as_mut() {
        c.flags &= !combat_flag::ARMED;
        c.cooldown = SHEATH_COOLDOWN;
    }
    true
}

/// `endCombat` ({D:engine/SOUP.md} "endCombat"): `SheathSword`, then lifecycle selector 1, the
/// native hook re-enabled, combat flag 0x04 cleared and the coordination state zeroed (Stros keeps
/// no AI mode and no coordination state). The original faults without a combat record; Stros leaves
/// such a receiver's record absent. Returns whether the `SheathSword` part acted.
pub fn end_combat(a: &mut Actor, task_system: bool) -> bool {
    let sheathed = sheath_sword(a, task_system);
    a.lifecycle = LIFECYCLE_AFTER_COMBAT;
    a.script_control &= !crate::script::control::NO_HOOK;
    a.clear_combat_flags(combat_flag::ARMED);
    sheathed
}

/// Which weapon model the drawing pass shows (weapon models are not yet drawn: coverage:
/// SOUP.md "Equipped-weapon combat endpoints").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WeaponModel {
    /// No pass: no animation state or no assigned weapon.
    None,
    /// The held (hand) model.
    Held,
    /// The sheathed (hilt) model at the scabbard.
    Sheathed,
    /// The sheathed model on the attached drawing path, while group 129 is current.
    SheathedAttached,
}

/// "Equipped-weapon transition": the weapon drawing pass of one actor. Needs an animation
/// state and an assigned weapon (attribute 23: ITEM.INI is not loaded, so any nonzero item
/// counts as a weapon). Without a combat record the drawn flag clears first. State 20
/// requests 91 and, while 91 is current, completes at frame progress ≥ attribute 35
/// (drawn, state 0); state 21 completes in 129 at ≥ attribute 34 (sheathed, state 0, a
/// pending 129 cancelled), else requests 129 without testing the threshold this pass.
pub fn equipped_weapon_pass(a: &mut Actor, cx: &mut AnimContext<'_, '_>) -> WeaponModel {
    if a.set.is_none() || a.attr(attr::WEAPON) == 0 {
        return WeaponModel::None;
    }
    if a.combat.is_none() {
        a.weapon_drawn = false;
    }
    match a.living {
        living::DRAWING => {
            a.anim.request(cx, group::DRAW, 0);
            if a.anim.current != group::DRAW || a.anim.real_frame < a.attr(attr::DRAW_FRAME) {
                return WeaponModel::Sheathed;
            }
            a.weapon_drawn = true;
            a.living = living::NONE;
            WeaponModel::Held
        }
        living::SHEATHING => {
            if a.anim.current != group::SHEATH {
                a.anim.request(cx, group::SHEATH, 0);
                return WeaponModel::Held;
            }
            if a.anim.real_frame < a.attr(attr::SHEATH_FRAME) {
                return WeaponModel::Held;
            }
            a.weapon_drawn = false;
            a.living = living::NONE;
            if a.anim.pending == group::SHEATH {
                a.anim.pending = crate::anim::NO_GROUP;
            }
            WeaponModel::Sheathed
        }
        _ if a.weapon_drawn => WeaponModel::Held,
        _ if a.anim.current == group::SHEATH => WeaponModel::SheathedAttached,
        _ => WeaponModel::Sheathed,
    }
}

/// The two nonplayer death animations and the stored default each pairs with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Death {
    /// Forced 122, stored default 124.
    Group122,
    /// Forced 121, stored default 123.
    Group121,
}

impl Death {
    /// The forced group and the death default stored with it.
    pub const fn groups(self) -> (i16, i32) {
        match self {
            Death::Group122 => (122, 124),
            Death::Group121 => (121, 123),
        }
    }
}

/// Releases the actor's held walk-node reservations with `walk` (a node's reservation byte
/// clears only when the actor owns it, [`crate::actor::walk::WalkMaps::release`]); without
/// the maps at hand both held indices are dropped and the bytes stay until the nodes are
/// next claimed by their owner.
pub fn release_walk_nodes(
    a: &mut Actor,
    actor_id: u16,
    walk: Option<&mut crate::actor::walk::WalkMaps<'_, '_>>,
) {
    match walk {
        Some(w) => w.release(&mut a.nav, crate::actor::walk::owner_byte(actor_id)),
        None => (a.nav.current, a.nav.next) = (-1, -1),
    }
}

/// The armed nonplayer death animation ({D:engine/SOUP.md} "Contact death animation
/// dispatch", with selector 0): group 122 when the set has it, else 121; after the forced
/// start a combat record releases the walk nodes, stores the paired death default (124 or
/// 123) and resets its action selector to −1. Missing groups skip all of that. Returns the
/// pair taken. The death selector 8 is the caller's.
pub fn death_pair(
    a: &mut Actor,
    actor_id: u16,
    walk: Option<&mut crate::actor::walk::WalkMaps<'_, '_>>,
    cx: &mut AnimContext<'_, '_>,
) -> Option<Death> {
    let has = |g: i16| cx.set.is_some_and(|s| s.has(g));
    let death = if has(122) {
        Death::Group122
    } else if has(121) {
        Death::Group121
    } else {
        return None;
    };
    let (group, stored) = death.groups();
    a.anim.force(cx, group, 0);
    if a.combat.is_some() {
        release_walk_nodes(a, actor_id, walk);
        if let Some(c) = a.combat.as_mut() {
            c.death_default = stored;
            c.action = -1;
        }
    }
    Some(death)
}

/// The class of animation group `group` ({D:engine/animation.md} "Animation group
/// classes"): 1 a fighting group, 2 a hit reaction or death, 0 any other (and any number
/// outside the table's 0–177).
pub const fn group_class(group: i16) -> u8 {
    match group {
        8 | 31 | 91..=120 | 129..=133 | 135..=140 | 175..=177 => 1,
        74 | 121..=128 | 134 => 2,
        _ => 0,
    }
}

/// Z of the blocked-ahead probe's local offset, runtime (Q8) units.
const BLOCKED_AHEAD_Z: i32 = -14336;

/// The point the nonplayer blocked-ahead probe tests for `distance` ({D:engine/SOUP.md}
/// "Nonplayer blocked-ahead probe"), runtime units: the local offset `[0, (positive Y extent
/// − post_collide_height − distance) × 256, −14336]` turned by the actor matrix, from the
/// actor's position. `None` when the probe does not apply: no combat record, or a current
/// group outside class 1.
pub fn blocked_ahead_point(a: &Actor, post_collide_height: i32, distance: i32) -> Option<[i32; 3]> {
    if a.combat.is_none() || group_class(a.anim.current) != 1 {
        return None;
    }
    let y = a.bounds.positive[1].wrapping_sub(post_collide_height).wrapping_sub(distance).wrapping_mul(256);
    Some(crate::math::wrapping_add3(a.position, a.matrix.transform_int([0, y, BLOCKED_AHEAD_Z])))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The class table's edges, as {D:engine/animation.md} "Animation group classes" lists
    /// them: class 1 is 8, 31, 91–120, 129–133, 135–140 and 175–177; class 2 is 74, 121–128
    /// and 134; the numbers just outside each run are 0 (or the other class).
    #[test]
    fn group_classes_by_the_table() {
        for g in [8, 31, 91, 93, 120, 129, 133, 135, 140, 175, 177] {
            assert_eq!(group_class(g), 1, "group {g}");
        }
        for g in [74, 121, 128, 134] {
            assert_eq!(group_class(g), 2, "group {g}");
        }
        for g in [0, 7, 9, 30, 32, 73, 75, 90, 141, 174, 178, -1] {
            assert_eq!(group_class(g), 0, "group {g}");
        }
    }

    /// The probe point of an actor facing 0 (identity matrix) at (1000, 2000, 3000), positive
    /// Y extent 62, with `post_collide_height` 20 and distance 30: Y offset (62 − 20 − 30) ×
    /// 256 = 3072, Z offset −14336, so (1000, 5072, −11336). In group 93 (class 1) with a
    /// combat record it applies; in group 0 (class 0), or without a combat record, it does not.
    #[test]
    fn the_blocked_ahead_point_by_hand() {
        let mut a = Actor::new(0, [0; 256]);
        a.position = [1000, 2000, 3000];
        a.bounds.positive[1] = 62;
        a.anim.current = 93;
        assert_eq!(blocked_ahead_point(&a, 20, 30), None, "no combat record");
        a.combat = Some(crate::actor::Combat::new(0, &a.attributes));
        assert_eq!(blocked_ahead_point(&a, 20, 30), Some([1000, 5072, -11336]));
        a.anim.current = 0;
        assert_eq!(blocked_ahead_point(&a, 20, 30), None, "group 0 is class 0");
    }
}
