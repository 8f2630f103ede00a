//! The keyboard as the original reads it: PC AT (set 1) scancodes in the 140-entry state
//! table that KEYS.INI's bindings index (`config/keys-ini.md`, "Input state"). A frontend
//! names each physical key by its W3C `KeyboardEvent.code` (a browser gives it; the window
//! names minifb's keys so in `window`), and [`Keyboard`] keeps the table.

use stros_core::input::{Action, Bindings, Input, SCANCODES, TAB};

/// The scancode the keyboard interrupt stores for a physical key, by W3C code name. The
/// extended keys (arrows, the editing block, right Ctrl and Alt, keypad Enter and `/`)
/// arrive as `E0`-prefixed codes and share the state slot of their keypad or left twin,
/// which is also how KEYS.INI's name table lists them (72 "kbd up", 75 "kbd left", …).
pub fn scancode(code: &str) -> Option<u8> {
    // The digits and the three letter rows run in keyboard order from their first key.
    const RUNS: [(&str, u8, &str); 4] = [
        ("Digit", 2, "1234567890"),
        ("Key", 16, "QWERTYUIOP"),
        ("Key", 30, "ASDFGHJKL"),
        ("Key", 44, "ZXCVBNM"),
    ];
    for (prefix, first, keys) in RUNS {
        if let Some(rest) = code.strip_prefix(prefix).filter(|r| r.len() == 1)
            && let Some(i) = keys.find(rest)
        {
            return Some(first + i as u8);
        }
    }
    if let Some(n) = code.strip_prefix('F').and_then(|n| n.parse::<u8>().ok()) {
        return match n {
            1..=10 => Some(58 + n),
            11 | 12 => Some(76 + n),
            _ => None,
        };
    }
    Some(match code {
        "Escape" => 1,
        "Minus" => 12,
        "Equal" => 13,
        "Backspace" => 14,
        "Tab" => 15,
        "BracketLeft" => 26,
        "BracketRight" => 27,
        "Enter" | "NumpadEnter" => 28,
        "ControlLeft" | "ControlRight" => 29,
        "Semicolon" => 39,
        "Quote" => 40,
        "Backquote" => 41,
        "ShiftLeft" => 42,
        "Backslash" => 43,
        "Comma" => 51,
        "Period" => 52,
        "Slash" | "NumpadDivide" => 53,
        "ShiftRight" => 54,
        "NumpadMultiply" | "PrintScreen" => 55,
        "AltLeft" | "AltRight" => 56,
        "Space" => 57,
        "CapsLock" => 58,
        "NumLock" => 69,
        "ScrollLock" => 70,
        "Numpad7" | "Home" => 71,
        "Numpad8" | "ArrowUp" => 72,
        "Numpad9" | "PageUp" => 73,
        "NumpadSubtract" => 74,
        "Numpad4" | "ArrowLeft" => 75,
        "Numpad5" => 76,
        "Numpad6" | "ArrowRight" => 77,
        "NumpadAdd" => 78,
        "Numpad1" | "End" => 79,
        "Numpad2" | "ArrowDown" => 80,
        "Numpad3" | "PageDown" => 81,
        "Numpad0" | "Insert" => 82,
        "NumpadDecimal" | "Delete" => 83,
        "IntlBackslash" => 86,
        _ => return None,
    })
}

/// The arrows' scancodes and the movement each stands for when no binding uses it: a Stros
/// convenience (the installed KEYS.INI binds W/S/A/D), which a user's binding of an arrow
/// overrides.
pub const ARROWS: [(u8, Action); 4] =
    [(72, Action::Up), (80, Action::Down), (75, Action::Left), (77, Action::Right)];

/// The state table a frontend's key events fill (keyboard 0–127, the pad's 132–139), and
/// the updates' input read from it through the bindings.
pub struct Keyboard {
    /// Whether each scancode is down.
    pub down: [bool; SCANCODES],
    bindings: Bindings,
    tab_pressed: bool,
    /// A gamepad, polled before each update as the original polled its joystick.
    #[cfg(feature = "gamepad")]
    pad: Option<crate::gamepad::Gamepad>,
}

impl Keyboard {
    /// An idle keyboard read through `bindings`.
    pub fn new(bindings: Bindings) -> Keyboard {
        Keyboard {
            down: [false; SCANCODES],
            bindings,
            tab_pressed: false,
            #[cfg(feature = "gamepad")]
            pad: None,
        }
    }

    /// The keyboard of `world` (its KEYS.INI), with the first gamepad when built with the
    /// `gamepad` feature (SYSTEM.INI's `joy_tolerance` for its stick).
    pub fn for_world(world: &crate::World<'_>) -> Keyboard {
        #[allow(unused_mut)]
        let mut k = Keyboard::new(*world.bindings());
        #[cfg(feature = "gamepad")]
        {
            k.pad = crate::gamepad::Gamepad::open(world.config().joy_tolerance);
        }
        k
    }

    /// Whether a binding uses scancode `code` (then the key is the game's, not the host's).
    pub fn bound(&self, code: u8) -> bool {
        code != 0 && self.bindings.codes.iter().flatten().any(|&c| c == code)
    }

    /// A key went down or up; `code` is its W3C name. Unknown keys are ignored.
    pub fn key(&mut self, code: &str, pressed: bool) {
        if let Some(c) = scancode(code) {
            let c = c as usize;
            self.tab_pressed |= c == TAB as usize && pressed && !self.down[c];
            self.down[c] = pressed;
        }
    }

    /// Releases every key (the window lost focus: its releases go elsewhere).
    pub fn release_all(&mut self) {
        self.down = [false; SCANCODES];
    }

    /// The next update's input; a Tab press is reported once.
    pub fn input(&mut self) -> Input {
        #[cfg(feature = "gamepad")]
        if let Some(pad) = &mut self.pad {
            pad.poll(&mut self.down);
        }
        let mut input =
            Input::from_scancodes(&self.bindings, &self.down, core::mem::take(&mut self.tab_pressed));
        for (code, action) in ARROWS {
            if !self.bound(code) && self.down[code as usize] {
                input.set(action, true);
            }
        }
        input
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// KEYS.INI's `[defined]` names: 2–11 "1"…"0", 16–25 "q"…"p", 30–38 "a"…"l", 44–50
    /// "z"…"m", 59–68 "f1"…"f10", 87–88 "f11", "f12"; the arrows are 72/75/77/80.
    #[test]
    fn keys_land_on_the_original_scancodes() {
        let cases = [
            ("Digit1", 2),
            ("Digit0", 11),
            ("KeyQ", 16),
            ("KeyP", 25),
            ("KeyA", 30),
            ("KeyL", 38),
            ("KeyZ", 44),
            ("KeyM", 50),
            ("KeyW", 17),
            ("KeyS", 31),
            ("KeyD", 32),
            ("KeyE", 18),
            ("F1", 59),
            ("F10", 68),
            ("F11", 87),
            ("F12", 88),
            ("ShiftLeft", 42),
            ("ShiftRight", 54),
            ("AltLeft", 56),
            ("AltRight", 56),
            ("Space", 57),
            ("Tab", 15),
            ("Escape", 1),
            ("Enter", 28),
            ("ControlRight", 29),
            ("ArrowUp", 72),
            ("ArrowLeft", 75),
            ("ArrowRight", 77),
            ("ArrowDown", 80),
            ("Comma", 51),
            ("Period", 52),
            ("Slash", 53),
            ("Backquote", 41),
        ];
        for (code, want) in cases {
            assert_eq!(scancode(code), Some(want), "{code}");
        }
        for code in ["KeyQW", "F13", "F0", "Key", "Digit", "Fn", "MediaPlay"] {
            assert_eq!(scancode(code), None, "{code}");
        }
    }

    /// A rebinding moves an action to another key, and the installed key stops working.
    #[test]
    fn a_users_binding_is_what_the_keys_do() {
        let ini = "[input]\nkey_up[0] = 72\nkey_up[1] = 138\nkey_b[0] = 28\n";
        let mut k = Keyboard::new(Bindings::from_keys_ini(ini).unwrap());
        k.key("KeyW", true);
        assert!(!k.input().held(Action::Up), "W is no longer bound");
        k.key("ArrowUp", true);
        assert!(k.input().held(Action::Up));
        k.key("Enter", true);
        assert!(k.input().held(Action::Jump));
        k.key("Enter", false);
        assert!(!k.input().held(Action::Jump));
    }

    #[test]
    fn arrows_move_while_unbound_and_tab_is_one_press() {
        let mut k = Keyboard::new(Bindings::default());
        k.key("ArrowLeft", true);
        k.key("Tab", true);
        let first = k.input();
        assert!(first.held(Action::Left) && first.toggle_walk_mode);
        k.key("Tab", true); // a key repeat, not a press
        assert!(!k.input().toggle_walk_mode);
        k.release_all();
        assert_eq!(k.input().held, 0);
    }
}
