//! Default-group selection (seed 001): "Ordinary idle animation default", "Living actor
//! default selection", "Dead actor default selection", and the replacement rules when the
//! default changes.

use super::{AnimSet, AnimState, Events};

/// Group of the selected player in deep water.
pub const GROUP_DEEP_WATER: i16 = 141;
/// Group of an actor on a rope.
pub const GROUP_ROPE: i16 = 79;
/// Group of actor state 15.
pub const GROUP_STATE_15: i16 = 7;
/// Group while drawing or holding a weapon.
pub const GROUP_ARMED: i16 = 8;
/// Group while a torch burns.
pub const GROUP_TORCH: i16 = 5;
/// Dead default when present.
pub const GROUP_DEAD: i16 = 123;
/// Dead default otherwise.
pub const GROUP_DEAD_ALT: i16 = 124;
/// Weapon-draw group.
pub const GROUP_DRAW: i16 = 91;
/// Weapon-sheath group.
pub const GROUP_SHEATH: i16 = 129;
/// Actor state while drawing.
pub const STATE_DRAWING: u8 = 20;
/// Actor state while sheathing.
pub const STATE_SHEATHING: u8 = 21;
/// Lifecycle selector of a dead actor.
pub const LIFECYCLE_DEAD: u8 = 8;
/// Attribute byte: panic (default) group.
pub const ATTR_PANIC_GROUP: usize = 44;
/// Attribute byte: holding a weapon.
pub const ATTR_HOLDING_WEAPON: usize = 110;

/// The actor-side state default selection reads (plain data; the actor record grows around it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Subject<'a> {
    /// Attribute bytes (RAAT).
    pub attributes: &'a [u8; 256],
    /// Motion ("actor") state.
    pub state: u8,
    /// Lifecycle selector (`IsDead` reads 8).
    pub lifecycle: u8,
    /// The selected player's death override is active.
    pub death_override: bool,
    /// Weapon-drawn flag.
    pub weapon_drawn: bool,
    /// The actor can fight (has combat state).
    pub combat_capable: bool,
    /// The combat state's death-animation selection, if the actor has combat state.
    pub combat_death_default: Option<i16>,
    /// Torch-burning counter.
    pub torch: u8,
    /// Attached to a rope.
    pub on_rope: bool,
    /// This is the selected player and it is in deep water (stored surface 2 or 4).
    pub player_in_deep_water: bool,
    /// The item system is loaded.
    pub item_system: bool,
    /// Execution is in the shell context.
    pub shell: bool,
}

fn gates(s: &Subject<'_>) -> bool {
    s.item_system && !s.shell
}

/// `IsSheathingSword`: actor state 21 or current group 129, behind the item-system, animation
/// and shell gates.
pub fn is_sheathing(s: &Subject<'_>, anim: &AnimState) -> bool {
    gates(s) && (s.state == STATE_SHEATHING || anim.current == GROUP_SHEATH)
}

/// `IsDrawingSword`: actor state 20 or current group 91, behind the same gates.
pub fn is_drawing(s: &Subject<'_>, anim: &AnimState) -> bool {
    gates(s) && (s.state == STATE_DRAWING || anim.current == GROUP_DRAW)
}

/// `IsHoldingWeapon`: attribute 110 first (before any gate); otherwise the gates, combat
/// capability, a drawn weapon and not sheathing.
pub fn is_holding_weapon(s: &Subject<'_>, anim: &AnimState) -> bool {
    s.attributes[ATTR_HOLDING_WEAPON] != 0
        || (gates(s) && s.combat_capable && s.weapon_drawn && !is_sheathing(s, anim))
}

/// `IsDead`: lifecycle selector 8 or the selected player's death override.
pub fn is_dead(s: &Subject<'_>) -> bool {
    s.lifecycle == LIFECYCLE_DEAD || s.death_override
}

/// "Living actor default selection": the first matching branch of deep water (141), rope
/// (79), state 15 (7), sheathing (attribute 44), drawing or holding (8), torch (5), else
/// attribute 44.
pub fn living_default(s: &Subject<'_>, anim: &AnimState) -> i16 {
    let panic = s.attributes[ATTR_PANIC_GROUP] as i16;
    if s.player_in_deep_water {
        GROUP_DEEP_WATER
    } else if s.on_rope {
        GROUP_ROPE
    } else if s.state == 15 {
        GROUP_STATE_15
    } else if is_sheathing(s, anim) {
        panic
    } else if is_drawing(s, anim) || is_holding_weapon(s, anim) {
        GROUP_ARMED
    } else if s.torch != 0 {
        GROUP_TORCH
    } else {
        panic
    }
}

/// "Dead actor default selection": the combat state's death default, else 123 when the
/// group exists, else 124.
pub fn dead_default(s: &Subject<'_>, set: &AnimSet<'_>) -> i16 {
    match s.combat_death_default {
        Some(g) => g,
        None if set.has(GROUP_DEAD) => GROUP_DEAD,
        None => GROUP_DEAD_ALT,
    }
}

/// The state-dependent default of an ordinary update.
pub fn select_default(s: &Subject<'_>, anim: &AnimState, set: &AnimSet<'_>) -> i16 {
    if is_dead(s) { dead_default(s, set) } else { living_default(s, anim) }
}

/// Stores a new default. With the old default captured first: if it was current and its
/// exit marker is clear, the new default replaces it at once (a forced start); a pending
/// old default is replaced by an ordinary request for the new one. Nothing happens in the
/// shell context.
pub fn set_default(
    anim: &mut AnimState,
    set: &AnimSet<'_>,
    new_default: i16,
    shell: bool,
    ticks: i32,
    events: &mut Events,
) {
    let old = anim.default;
    anim.default = new_default;
    if shell || old == new_default {
        return;
    }
    if anim.current == old && !anim.exit {
        anim.force(set, new_default, 0, ticks, events);
    }
    if anim.pending == old {
        anim.request(set, new_default, 0, ticks, events);
    }
}
