//! A gamepad as the original's joystick (`config/keys-ini.md`, "Input state"): buttons 1–4
//! set codes 132–135 while pressed; the stick (or the d-pad) sets 136/137 when its X reading
//! is past `joy_tolerance` left or right of centre, 138/139 for Y up and down.
//!
//! Best guess, where the docs stop at the DOS game port: which pad buttons are buttons 1–4
//! (south, east, west, north: Activate, Jump, Look, Walk/run with the installed KEYS.INI),
//! and the stick's scale: the game port read roughly ±128 counts from centre, so the
//! tolerance (SYSTEM.INI `joy_tolerance`, 60) is taken as that fraction of the stick's throw.

use gilrs::{Axis, Button, Gilrs};
use stros_core::input::SCANCODES;

/// The codes 132–139 for buttons 1–4 and a stick at `(x, y)` (each −1 to 1, up positive).
pub fn pad_codes(buttons: [bool; 4], (x, y): (f32, f32), joy_tolerance: i32) -> [bool; 8] {
    let t = joy_tolerance as f32 / 128.0;
    let [b1, b2, b3, b4] = buttons;
    [b1, b2, b3, b4, x < -t, x > t, y > t, y < -t]
}

/// The first connected pad.
pub struct Gamepad {
    gilrs: Gilrs,
    joy_tolerance: i32,
}

impl Gamepad {
    /// The pads' event source; `None` when the platform has none.
    pub fn open(joy_tolerance: i32) -> Option<Gamepad> {
        Gilrs::new().ok().map(|gilrs| Gamepad { gilrs, joy_tolerance })
    }

    /// Writes codes 132–139 of `down` from the pad's state now.
    pub fn poll(&mut self, down: &mut [bool; SCANCODES]) {
        while self.gilrs.next_event().is_some() {}
        let Some((_, pad)) = self.gilrs.gamepads().next() else { return };
        let pressed = |b| pad.is_pressed(b);
        let buttons = [Button::South, Button::East, Button::West, Button::North].map(pressed);
        let dpad = |minus, plus| f32::from(u8::from(pressed(plus))) - f32::from(u8::from(pressed(minus)));
        let axis = |a, d: f32| if d != 0.0 { d } else { pad.value(a) };
        let x = axis(Axis::LeftStickX, dpad(Button::DPadLeft, Button::DPadRight));
        let y = axis(Axis::LeftStickY, dpad(Button::DPadDown, Button::DPadUp));
        down[132..140].copy_from_slice(&pad_codes(buttons, (x, y), self.joy_tolerance));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// joy_tolerance 60 is 60/128 = 0.46875 of the throw: 0.46 is inside, 0.47 past it.
    #[test]
    fn the_stick_passes_the_tolerance_as_the_game_port_did() {
        let idle = pad_codes([false; 4], (0.46, -0.46), 60);
        assert_eq!(idle, [false; 8]);
        let pushed = pad_codes([true, false, false, true], (-0.47, 0.47), 60);
        assert_eq!(pushed, [true, false, false, true, true, false, true, false]);
        assert_eq!(pad_codes([false; 4], (1.0, -1.0), 60)[4..], [false, true, false, true]);
    }
}
