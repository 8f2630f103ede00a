//! The keys a frontend keeps for itself (pause, volume, fullscreen, screenshots, the
//! debug lines, quitting), beside the game's, which go through KEYS.INI. A key that a
//! binding uses stays the game's, so a user's rebinding always wins.

use crate::keys::{Keyboard, scancode};
use crate::settings::Volume;

/// What a host key does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HostKey {
    /// Esc: stop.
    Quit,
    /// F11 or Alt+Enter: fullscreen on or off.
    Fullscreen,
    /// P: pause or go on.
    Pause,
    /// F9: mute or unmute.
    Mute,
    /// `-`: ten points quieter.
    VolumeDown,
    /// `=` (or `+`): ten points louder.
    VolumeUp,
    /// F1: the debug lines on or off.
    DebugLines,
    /// F12: write a screenshot.
    Screenshot,
    /// F5: save the game to the quick slot.
    Save,
    /// F8: load the quick slot's game.
    Load,
}

impl HostKey {
    /// The host's meaning of a press of the key named `code` (W3C), if it has one and no
    /// binding of `keyboard` uses the key. Alt is read from the keyboard's table (code 56).
    pub fn of(code: &str, keyboard: &Keyboard) -> Option<HostKey> {
        if scancode(code).is_some_and(|c| keyboard.bound(c)) {
            return None;
        }
        Some(match code {
            "Escape" => HostKey::Quit,
            "F11" => HostKey::Fullscreen,
            "Enter" | "NumpadEnter" if keyboard.down[56] => HostKey::Fullscreen,
            "KeyP" => HostKey::Pause,
            "F9" => HostKey::Mute,
            "Minus" | "NumpadSubtract" => HostKey::VolumeDown,
            "Equal" | "NumpadAdd" => HostKey::VolumeUp,
            "F1" => HostKey::DebugLines,
            "F12" => HostKey::Screenshot,
            "F5" => HostKey::Save,
            "F8" => HostKey::Load,
            _ => return None,
        })
    }

    /// The volume after this key.
    pub fn volume(self, v: Volume) -> Volume {
        match self {
            HostKey::Mute => Volume { muted: !v.muted, ..v },
            HostKey::VolumeDown => v.step(false),
            HostKey::VolumeUp => v.step(true),
            _ => v,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use stros_core::input::Bindings;

    #[test]
    fn host_keys_yield_to_bindings() {
        let mut k = Keyboard::new(Bindings::default());
        assert_eq!(HostKey::of("KeyP", &k), Some(HostKey::Pause));
        assert_eq!(HostKey::of("Enter", &k), None, "Enter alone is no host key");
        k.key("AltLeft", true);
        assert_eq!(HostKey::of("Enter", &k), Some(HostKey::Fullscreen));
        // The installed KEYS.INI binds Alt (56) to look: Alt+Enter stays fullscreen since
        // Enter (28) is unbound; a binding of P (25) makes P the game's.
        let ini = "[input]\nkey_c[0] = 25\n";
        let k = Keyboard::new(Bindings::from_keys_ini(ini).unwrap());
        assert_eq!(HostKey::of("KeyP", &k), None);
        assert_eq!(HostKey::of("KeyW", &k), None);
        let v = Volume { percent: 50, muted: false };
        assert_eq!(HostKey::Mute.volume(v), Volume { percent: 50, muted: true });
        assert_eq!(HostKey::VolumeUp.volume(v).percent, 60);
    }
}
