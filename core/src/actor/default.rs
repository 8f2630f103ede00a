//! Default-group selection ({A}): "Ordinary idle animation default", "Living actor
//! default selection", "Dead actor default selection", and the replacement rules when the
//! default changes. The predicates it reads (`IsDead`, `IsSheathingSword`, `IsDrawingSword`,
//! `IsHoldingWeapon`) are the actor record's own ([`Actor::is_dead`] …).

use super::Actor;
use crate::actor::attr;
use crate::actor::living;
use crate::anim::group;
use crate::anim::{AnimContext, AnimState};

/// Lifecycle selector of a dead actor.
pub const LIFECYCLE_DEAD: u8 = 8;

/// "Living actor default selection": the first matching branch of the selected player in
/// deep water (141), rope (79), state 15 (7), sheathing (attribute 44), drawing or holding
/// (8), torch (5), else attribute 44. Pure: the deep-water branch's weapon cleanup is
/// [`select_default`]'s.
pub fn living_default(a: &Actor, is_player: bool) -> i16 {
    let panic = a.attributes[attr::PANIC_GROUP] as i16;
    if is_player && a.in_deep_water() {
        group::DEEP_WATER
    } else if a.rope {
        group::ROPE
    } else if a.living == living::HANGING {
        group::HANG
    } else if a.is_sheathing() {
        panic
    } else if a.is_drawing() || a.holds_weapon() {
        group::ARMED
    } else if a.torch != 0 {
        group::TORCH
    } else {
        panic
    }
}

/// "Dead actor default selection": the combat record's death-animation selection, else 123
/// when the group exists, else 124.
pub fn dead_default(a: &Actor, cx: &AnimContext<'_, '_>) -> i16 {
    match &a.combat {
        // The record keeps the full value `SetAttribute` stored; the group is 16 bits.
        Some(c) => c.death_default as i16,
        None if cx.set.is_some_and(|s| s.has(group::DEAD)) => group::DEAD,
        None => group::DEAD_ALT,
    }
}

/// The state-dependent default of an ordinary update. The selected player's deep-water
/// branch also runs weapon cleanup — selecting 141 alone does not put the weapon away
/// ({A} "Living actor default selection").
pub fn select_default(a: &mut Actor, is_player: bool, cx: &mut AnimContext<'_, '_>) -> i16 {
    if a.is_dead() {
        return dead_default(a, cx);
    }
    let group = living_default(a, is_player);
    if group == group::DEEP_WATER {
        super::combat::weapon_cleanup(a, is_player, cx);
    }
    group
}

/// {D:engine/SOUP.md} "Selected-player death animation override": while the selected
/// player's hit inhibition and override are both set, default selection copies the override
/// group into his default instead of selecting one. When it is already current, the pending
/// group is cancelled, the exit marker cleared and the finite loop countdown set to 32 (the
/// frame and command cursor stay); otherwise it is force-started.
pub fn death_override_default(anim: &mut AnimState, cx: &mut AnimContext<'_, '_>, group: i16) {
    anim.default = group;
    if anim.current == group {
        anim.pending = crate::anim::NO_GROUP;
        anim.exit = false;
        anim.loops = DEATH_LOOPS;
    } else {
        anim.force(cx, group, 0);
    }
}

/// The finite loop countdown the death override keeps its current group playing with.
pub const DEATH_LOOPS: u8 = 32;

/// Stores a new default. With the old default captured first: if it was current and its
/// exit marker is clear, the new default replaces it at once (a forced start); a pending
/// old default is replaced by an ordinary request for the new one. Nothing happens in the
/// shell context.
pub fn set_default(anim: &mut AnimState, cx: &mut AnimContext<'_, '_>, new_default: i16, shell: bool) {
    let old = anim.default;
    anim.default = new_default;
    if shell || old == new_default {
        return;
    }
    if anim.current == old && !anim.exit {
        anim.force(cx, new_default, 0);
    }
    if anim.pending == old {
        anim.request(cx, new_default, 0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::anim::Events;

    /// {D:engine/SOUP.md} "Selected-player death animation override": with the override
    /// group already current, the default becomes it, the pending group is cancelled, the
    /// exit marker cleared and the loop countdown set to 32, while the cursor and frame
    /// progress stay (cursor 3, frame 5 before and after).
    #[test]
    fn the_death_override_keeps_its_current_group_looping() {
        let mut events = Events::default();
        let mut cx = AnimContext {
            set: None,
            ticks: 1,
            events: &mut events,
            enabled: true,
            falling: 0,
            forward: None,
            move_bits: 0,
        };
        let mut anim = AnimState::default();
        (anim.current, anim.pending, anim.default, anim.exit) = (74, 18, 0, true);
        (anim.cursor, anim.real_frame, anim.loops) = (3, 5, 2);
        death_override_default(&mut anim, &mut cx, 74);
        assert_eq!(
            (anim.default, anim.pending, anim.exit, anim.loops),
            (74, crate::anim::NO_GROUP, false, 32)
        );
        assert_eq!((anim.current, anim.cursor, anim.real_frame), (74, 3, 5));
    }
}
