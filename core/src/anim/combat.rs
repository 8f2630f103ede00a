//! Combat-side animation rules (seed 001): "Combat entry", "Weapon draw admission",
//! "Weapon cleanup" and the nonplayer death-animation pairs of "Dead actor default
//! selection". Plain-data records; the actor issue embeds them in the actor.

use super::default::{
    GROUP_DRAW, GROUP_SHEATH, STATE_DRAWING, STATE_SHEATHING, Subject, is_drawing, is_holding_weapon,
    is_sheathing,
};
use super::{AnimSet, AnimState, Events};

/// Lifecycle selector of an actor in combat.
pub const LIFECYCLE_COMBAT: u8 = 6;
/// Combat flag set on entry and by a player's weapon draw.
pub const COMBAT_FLAG_ARMED: u8 = 0x04;
/// Script-control bit set on a nonplayer's combat entry.
pub const SCRIPT_CONTROL_COMBAT: u8 = 0x02;
/// Health-candle show timer after a draw or sheathe, nominal ticks.
pub const CANDLE_SHOW_TICKS: i32 = 25;
/// Attribute byte: weapon item.
pub const ATTR_WEAPON: usize = 23;
/// Attribute byte: player type (1 blocks the player's draw).
pub const ATTR_PLAYER_TYPE: usize = 105;

/// The mutable actor state these rules read and write.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fighter {
    /// Lifecycle selector.
    pub lifecycle: u8,
    /// Motion state.
    pub state: u8,
    /// The companion motion byte reset with states 20/21.
    pub companion: u8,
    /// Weapon-drawn flag.
    pub weapon_drawn: bool,
    /// Combat flags.
    pub combat_flags: u8,
    /// Script-control bits.
    pub script_control: u8,
    /// The actor has an assigned weapon state.
    pub has_weapon_state: bool,
    /// Falling or queued motion is active.
    pub falling_or_queued: bool,
    /// Stored surface.
    pub surface: u8,
    /// This is the selected player.
    pub is_player: bool,
    /// The player's stored playback-default group.
    pub playback_default: i16,
    /// The health-candle show timer (player only).
    pub candle_timer: i32,
}

/// What combat entry asks for besides state changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CombatRequest {
    /// The begin-combat taunt of type 0.
    Taunt(u8),
}

/// "Weapon cleanup": the player's playback default is requested when the current group is
/// 91 or 129; states 20/21 reset with the companion byte; a drawn weapon is put away, the
/// armed combat flag cleared and, for the player, the candle shown for 25 ticks.
pub fn weapon_cleanup(
    f: &mut Fighter,
    anim: &mut AnimState,
    set: &AnimSet<'_>,
    ticks: i32,
    events: &mut Events,
) {
    if f.is_player && (anim.current == GROUP_DRAW || anim.current == GROUP_SHEATH) {
        anim.request(set, f.playback_default, 0, ticks, events);
    }
    if f.state == STATE_DRAWING || f.state == STATE_SHEATHING {
        f.state = 0;
        f.companion = 0;
    }
    if f.weapon_drawn {
        f.weapon_drawn = false;
        f.combat_flags &= !COMBAT_FLAG_ARMED;
        if f.is_player {
            f.candle_timer = CANDLE_SHOW_TICKS;
        }
    }
}

/// "Weapon draw admission". Returns whether a draw started (motion state 20); the drawn flag
/// itself is not set here.
pub fn weapon_draw_admission(
    f: &mut Fighter,
    subject: &Subject<'_>,
    anim: &mut AnimState,
    set: &AnimSet<'_>,
    ticks: i32,
    events: &mut Events,
) -> bool {
    let blocked = !subject.item_system
        || subject.shell
        || subject.on_rope
        || (27..=32).contains(&f.state)
        || is_drawing(subject, anim)
        || is_sheathing(subject, anim)
        || is_holding_weapon(subject, anim)
        || f.falling_or_queued
        || f.state == 15
        || (f.is_player && subject.attributes[ATTR_PLAYER_TYPE] == 1);
    if blocked {
        return false;
    }
    if f.weapon_drawn || !f.has_weapon_state {
        weapon_cleanup(f, anim, set, ticks, events);
        return false;
    }
    if (10..=19).contains(&f.state) || f.surface == 2 || f.surface == 4 {
        return false;
    }
    f.state = STATE_DRAWING;
    if f.is_player {
        f.combat_flags |= COMBAT_FLAG_ARMED;
    }
    true
}

/// "Combat entry" (`beginCombat`).
pub fn begin_combat(
    f: &mut Fighter,
    subject: &Subject<'_>,
    anim: &mut AnimState,
    set: &AnimSet<'_>,
    ticks: i32,
    events: &mut Events,
) -> Option<CombatRequest> {
    if !f.is_player {
        f.script_control |= SCRIPT_CONTROL_COMBAT;
    }
    if f.lifecycle == LIFECYCLE_COMBAT {
        return None;
    }
    f.lifecycle = LIFECYCLE_COMBAT;
    if subject.attributes[ATTR_WEAPON] != 0 {
        if set.has(GROUP_DRAW) {
            if !f.weapon_drawn {
                weapon_draw_admission(f, subject, anim, set, ticks, events);
                anim.request(set, GROUP_DRAW, 0, ticks, events);
            }
        } else {
            weapon_cleanup(f, anim, set, ticks, events);
            f.weapon_drawn = true;
            f.state = 0;
        }
    } else {
        f.weapon_drawn = true;
        f.state = 0;
    }
    f.combat_flags |= COMBAT_FLAG_ARMED;
    Some(CombatRequest::Taunt(0))
}

/// The two nonplayer death animations and the stored default each pairs with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Death {
    /// Forced 122, stored default 124.
    Group122,
    /// Forced 121, stored default 123.
    Group121,
}

/// A nonplayer death animation: the combat death default is stored first — releasing the
/// actor's walk-node reservations (ownership bytes equal to the actor id's low byte cleared,
/// both reservation indices reset) — then the death group is forced.
#[allow(clippy::too_many_arguments)]
pub fn death_animation(
    death: Death,
    combat_death_default: &mut i16,
    node_owners: &mut [u8],
    reservations: &mut [i16; 2],
    actor_id: u32,
    anim: &mut AnimState,
    set: &AnimSet<'_>,
    ticks: i32,
    events: &mut Events,
) {
    let (forced, stored) = match death {
        Death::Group122 => (122, 124),
        Death::Group121 => (121, 123),
    };
    *combat_death_default = stored;
    for owner in node_owners.iter_mut().filter(|o| **o == actor_id as u8) {
        *owner = 0;
    }
    *reservations = [-1, -1];
    anim.force(set, forced, 0, ticks, events);
}
