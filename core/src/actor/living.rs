//! The living state: the actor record's motion-state byte ([`super::Actor::living`]; the
//! living state of {D:engine/player.md}, the motion state of {D:engine/animation.md} and
//! {D:engine/hud.md}), and every value and range of it the engine tests, each named once.
//! The values are the original's.

/// No special motion: standing, walking, running, swimming.
pub const NONE: u8 = 0;

/// The ledge states are 10–19 ({D:engine/player.md} "Selected-player ledge entry"): turning
/// to a high ledge.
pub const TURN_HIGH: u8 = 10;
/// The high climb.
pub const CLIMB_HIGH: u8 = 11;
/// Turning to a low ledge.
pub const TURN_LOW: u8 = 12;
/// The low climb.
pub const CLIMB_LOW: u8 = 13;
/// Catching a hang.
pub const CATCH: u8 = 14;
/// Hanging from a ledge.
pub const HANGING: u8 = 15;
/// Climbing up from a hang.
pub const CLIMB_FROM_HANG: u8 = 16;
/// Dropping from a hang.
pub const DROP: u8 = 17;
/// A climb finished.
pub const FINISHED: u8 = 18;
/// Entering: the ledge scan decides which of the others follows.
pub const ENTERING: u8 = 19;

/// Drawing the weapon ({D:engine/animation.md}: a successful draw sets it).
pub const DRAWING: u8 = 20;
/// Sheathing the weapon.
pub const SHEATHING: u8 = 21;

/// Landed on another actor, who carries this one ({D:engine/player.md}: the overlap
/// landing sets it).
pub const LANDED_ON_ACTOR: u8 = 27;
/// An in-air state the docs name only as one of 27–29.
pub const IN_AIR_28: u8 = 28;

/// `BounceObject`'s entry: its group requested ({D:engine/SOUP.md} "BounceObject").
pub const BOUNCE_ENTRY: u8 = 30;
/// `BounceObject` rising.
pub const BOUNCE_RISING: u8 = 31;
/// `BounceObject` falling, the ordinary falling controller taking the descent.
pub const BOUNCE_FALLING: u8 = 32;

/// Lighting the torch (group 149; {D:engine/hud.md}).
pub const LIGHTING_TORCH: u8 = 33;
/// Dousing the torch (group 150).
pub const DOUSING_TORCH: u8 = 34;

/// The ledge states, 10 through 19.
pub const fn is_ledge(s: u8) -> bool {
    matches!(s, TURN_HIGH..=ENTERING)
}

/// The in-air states, 27 through 29 (in the in-air predicates beside the falling, sliding
/// and queued-motion bytes).
pub const fn is_in_air(s: u8) -> bool {
    matches!(s, LANDED_ON_ACTOR..=29)
}

/// The landing and bounce states, 27 through 32 (the in-air states and `BounceObject`'s).
pub const fn is_landing_or_bounce(s: u8) -> bool {
    matches!(s, LANDED_ON_ACTOR..=BOUNCE_FALLING)
}

/// Drawing or sheathing the weapon, 20 or 21.
pub const fn is_drawing_or_sheathing(s: u8) -> bool {
    matches!(s, DRAWING | SHEATHING)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ranges as the docs give them: ledge 10–19, in the air 27–29, landing and bounce
    /// 27–32; nothing outside them.
    #[test]
    fn the_ranges_are_the_docs() {
        for s in 0..=u8::MAX {
            assert_eq!(is_ledge(s), (10..=19).contains(&s), "{s}");
            assert_eq!(is_in_air(s), (27..=29).contains(&s), "{s}");
            assert_eq!(is_landing_or_bounce(s), (27..=32).contains(&s), "{s}");
            assert_eq!(is_drawing_or_sheathing(s), s == 20 || s == 21, "{s}");
        }
    }
}
