//! Input as the original reads it ({E§1.6}, {D:config/keys-ini.md}):
//! KEYS.INI bindings (a keyboard and a pad code per action; PC AT scancodes, 128–139 for
//! mouse and joystick), actions held from scancode state, and the walk/run choice.

use crate::formats::ini::{Ini, IniError};

/// Scancodes the state array covers (keyboard 0–127, mouse/joystick 128–139).
pub const SCANCODES: usize = 140;

/// The bound movement and action keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Forward.
    Up,
    /// Backward.
    Down,
    /// Turn left.
    Left,
    /// Turn right.
    Right,
    /// KEYS.INI `key_a`: the walk/run modifier (Shift as installed).
    Walk,
    /// KEYS.INI `key_b`: jump, the ledge climb, letting go of a hang (Space).
    Jump,
    /// KEYS.INI `key_c`: look (Alt); with the action held, sheathing.
    Look,
    /// KEYS.INI `key_d`: activate, or attack when armed (E).
    Act,
    /// The next item (`next_key`).
    Next,
    /// The previous item (`prev_key`).
    Prev,
    /// The inventory screen (`inventory_key`).
    Inventory,
}

impl Action {
    /// Every action: the eight movement and action keys in KEYS.INI order, then the item keys.
    pub const ALL: [Action; 11] = [
        Action::Up,
        Action::Down,
        Action::Left,
        Action::Right,
        Action::Walk,
        Action::Jump,
        Action::Look,
        Action::Act,
        Action::Next,
        Action::Prev,
        Action::Inventory,
    ];

    /// Whether KEYS.INI binds the action in two slots (`key_x[0]`, `key_x[1]`) rather than
    /// one plain key (`next_key`).
    pub const fn has_slots(self) -> bool {
        (self as usize) < 8
    }

    /// The KEYS.INI key stem (`key_up`, …; `next_key`, `prev_key`, `inventory_key`).
    pub const fn key(self) -> &'static str {
        match self {
            Action::Next => "next_key",
            Action::Prev => "prev_key",
            Action::Inventory => "inventory_key",
            Action::Up => "key_up",
            Action::Down => "key_down",
            Action::Left => "key_left",
            Action::Right => "key_right",
            Action::Walk => "key_a",
            Action::Jump => "key_b",
            Action::Look => "key_c",
            Action::Act => "key_d",
        }
    }

    const fn index(self) -> usize {
        self as usize
    }
}

/// The installed bindings: `[0]` keyboard, `[1]` pad (the item keys have one code: period,
/// comma and I).
pub const INSTALLED: [[u8; 2]; 11] = [
    [17, 138],
    [31, 139],
    [30, 136],
    [32, 137],
    [42, 135],
    [57, 133],
    [56, 134],
    [18, 132],
    [52, 0],
    [51, 0],
    [23, 0],
];

/// Two codes per action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bindings {
    /// `codes[action] = [keyboard, pad]`.
    pub codes: [[u8; 2]; 11],
}

impl Default for Bindings {
    fn default() -> Self {
        Bindings { codes: INSTALLED }
    }
}

impl Bindings {
    /// Reads `[input] key_x[0]`/`key_x[1]` over the installed values (a missing key keeps
    /// its installed code; codes outside 0–139 read as 0, no key).
    pub fn from_keys_ini(text: &str) -> Result<Bindings, IniError> {
        let ini = Ini::new_checked(text)?;
        let mut b = Bindings::default();
        for a in Action::ALL {
            if !a.has_slots() {
                if let Some(v) = ini.int_if_present("input", a.key())? {
                    b.codes[a.index()][0] = if (0..SCANCODES as i32).contains(&v) { v as u8 } else { 0 };
                }
                continue;
            }
            for slot in 0..2 {
                let mut key: heapless::String<16> = heapless::String::new();
                let _ = key.push_str(a.key());
                let _ = key.push_str(if slot == 0 { "[0]" } else { "[1]" });
                if let Some(v) = ini.int_if_present("input", &key)? {
                    b.codes[a.index()][slot] = if (0..SCANCODES as i32).contains(&v) { v as u8 } else { 0 };
                }
            }
        }
        Ok(b)
    }

    /// Whether `action` is held: its keyboard *or* its pad code is down (code 0 is no key).
    pub fn held(&self, action: Action, down: &[bool; SCANCODES]) -> bool {
        self.codes[action.index()].iter().any(|&c| c != 0 && down[c as usize])
    }
}

/// Walking or running.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gait {
    /// `WalkForward(1)`.
    Walk,
    /// `MoveForward(1)`.
    Run,
}

/// The walk/run choice: sheathed and out of combat, `walk_mode` 0 runs unless `key_a` is
/// held and nonzero walks unless it is held; armed or in combat, `key_a` walks, else run.
pub const fn gait(walk_mode: i32, key_a: bool, armed_or_combat: bool) -> Gait {
    // Armed, in combat or with walk_mode 0, key_a walks; otherwise key_a runs.
    let walk = if armed_or_combat || walk_mode == 0 { key_a } else { !key_a };
    if walk { Gait::Walk } else { Gait::Run }
}

/// What the controller sees of the movement keys: forward beats backward.
pub const fn forward_backward(up: bool, down: bool) -> i32 {
    if up {
        1
    } else if down {
        -1
    } else {
        0
    }
}

/// Tab's scancode: the fixed key that toggles `walk_mode`.
pub const TAB: u8 = 15;

/// What one update reads of the player's input: the bound actions held, and whether Tab
/// was pressed since the previous update (it toggles `walk_mode`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Input {
    /// Held actions, one bit per [`Action`] in [`Action::ALL`] order.
    pub held: u16,
    /// Tab was pressed.
    pub toggle_walk_mode: bool,
}

impl Input {
    /// Nothing held.
    pub const NONE: Input = Input { held: 0, toggle_walk_mode: false };

    /// The input with `actions` held.
    pub fn with(actions: &[Action]) -> Input {
        Input { held: actions.iter().fold(0, |m, a| m | 1 << a.index()), toggle_walk_mode: false }
    }

    /// Actions held from the scancode state through `bindings`; `tab` is Tab's press edge.
    pub fn from_scancodes(bindings: &Bindings, down: &[bool; SCANCODES], tab: bool) -> Input {
        let held = Action::ALL.iter().filter(|&&a| bindings.held(a, down)).fold(0, |m, a| m | 1 << a.index());
        Input { held, toggle_walk_mode: tab }
    }

    /// Whether `action` is held.
    pub const fn held(&self, action: Action) -> bool {
        self.held & (1 << action.index()) != 0
    }

    /// Holds or releases `action`.
    pub fn set(&mut self, action: Action, held: bool) {
        if held {
            self.held |= 1 << action.index();
        } else {
            self.held &= !(1 << action.index());
        }
    }
}

impl Action {
    /// The action's name in recordings and scenarios: its KEYS.INI stem without `key_`.
    pub const fn name(self) -> &'static str {
        match self {
            Action::Up => "up",
            Action::Down => "down",
            Action::Left => "left",
            Action::Right => "right",
            Action::Walk => "a",
            Action::Jump => "b",
            Action::Look => "c",
            Action::Act => "d",
            Action::Next => "next",
            Action::Prev => "prev",
            Action::Inventory => "inventory",
        }
    }

    /// The action called `name` (see [`Action::name`]), case-insensitive.
    pub fn from_name(name: &str) -> Option<Action> {
        Action::ALL.into_iter().find(|a| a.name().eq_ignore_ascii_case(name))
    }
}
