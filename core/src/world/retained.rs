//! What the session keeps outside the world ({D:engine/menu.md} "Selection and actions"):
//! state a plain world replacement (`LoadWorld`) leaves alone and only the session
//! initializer (a first start, New Game) sets up. Every world load starts it afresh, as
//! the initializer leaves it, and [`super::World::change_world`] puts it back after its
//! load.
//!
//! - The player's health: every health change of the selected player stores his attribute
//!   3 here, and world entry copies it into attribute 3 of both player records, so the
//!   damage taken in one world is still taken in the next. The initializer sets it to 100.
//! - The power-up slots ({D:engine/hud.md} "Power-up slots", [`super::PowerUps`]): their
//!   frames survive a world swap; the initializer empties them.
//! - The compass display flag ({D:engine/hud.md} "Compass"): off at the start; only using
//!   item 0 and a startup switch change it.

use crate::actor::attr;

/// The session-retained state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Retained {
    /// The retained player health, 0 through 100.
    pub health: u8,
    /// The HUD's power-up slots.
    pub power_ups: super::PowerUps,
    /// The compass display flag.
    pub compass: bool,
}

impl Retained {
    /// As the session initializer leaves it: full health, no power-ups.
    pub const fn new() -> Retained {
        Retained { health: attr::MAX_HEALTH as u8, power_ups: super::PowerUps::new(), compass: false }
    }
}

impl Default for Retained {
    fn default() -> Self {
        Retained::new()
    }
}

impl<C: crate::capacity::Capacity> super::World<'_, C> {
    /// The session's retained player health, which world entry gives the player.
    pub fn retained_health(&self) -> u8 {
        self.systems.retained.health
    }

    /// The HUD's power-up slots, which `ShowBitmap` and `UnShowBitmap` set.
    pub fn power_ups(&self) -> &super::PowerUps {
        &self.systems.retained.power_ups
    }

    /// The compass display flag: the compass is drawn while it is on and the player owns
    /// item 0.
    pub fn compass_display(&self) -> bool {
        self.systems.retained.compass
    }

    /// Sets the compass display flag: the original's startup switch (and, until item use
    /// exists, the only way to turn it on; coverage: hud.md "Compass").
    pub fn set_compass_display(&mut self, on: bool) {
        self.systems.retained.compass = on;
    }

    /// Sets the retained player health (clamped to 100), which the next world entry gives
    /// both player records: a scenario's `health` start, before the player enters.
    pub fn set_retained_health(&mut self, health: u8) {
        self.systems.retained.health = health.min(attr::MAX_HEALTH as u8);
    }
}
