//! The selected player's armed input ({D:engine/player.md} "Armed attack input", "Armed
//! look-key handling"): the input sampler's tap latches, the look-and-action sheath timer,
//! and the attack move the action key selects.
//!
//! What a selected move then does — the attack executor starting its slot's first motion,
//! the reach test over the actor list, the unarmed-opponent taunts, the defence stance and
//! its automatic variant — reads COMBAT.INI's attack and defence records, not yet loaded
//! (coverage: SOUP.md "Attack executor"): the selection is recorded in the combat record's action selector and
//! the pending move word, and no move animation starts.

use crate::actor::living;
use crate::actor::{Actor, combat};
use crate::input::{Action, Input};

/// The keys with a tap latch: up, left, right, the walk key, jump, look and action.
pub const LATCHED: [Action; 7] =
    [Action::Up, Action::Left, Action::Right, Action::Walk, Action::Jump, Action::Look, Action::Act];

/// One key's tap latch.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Latch {
    /// Held in the previous iteration.
    pub held: bool,
    /// Frames since release (restarted at each press).
    pub timer: i32,
    /// Presses counted within the tap window.
    pub count: i32,
}

impl Latch {
    /// One world-loop iteration: released, the timer counts and past the window the count
    /// clears; a new press counts one more when the timer is above zero and below the
    /// window, else starts at zero; the timer restarts either way.
    pub fn sample(&mut self, held: bool, window: i32) {
        if !held {
            self.timer = self.timer.wrapping_add(1);
            if self.timer > window {
                self.count = 0;
            }
        } else if !self.held {
            self.count = if self.timer > 0 && self.timer < window { self.count.wrapping_add(1) } else { 0 };
            self.timer = 0;
        }
        self.held = held;
    }

    /// Consumes the latch whatever its count.
    pub fn consume(&mut self) {
        *self = Latch::default();
    }

    /// A latch query: the press count equals `count`; a consuming match clears count, timer
    /// and held flag.
    pub fn query(&mut self, count: i32, consume: bool) -> bool {
        let matched = self.count == count;
        if matched && consume {
            *self = Latch::default();
        }
        matched
    }
}

/// The tap window: `[cyrus] tap_time << 8` divided by the frame scale (signed), at least 6.
pub fn tap_window(tap_time: i32, frame_scale: i32) -> i32 {
    if frame_scale == 0 {
        return 6;
    }
    (tap_time.wrapping_shl(8).wrapping_div(frame_scale)).max(6)
}

/// The latches of the sampled keys, in [`LATCHED`] order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Latches(pub [Latch; 7]);

impl Latches {
    /// Samples every latched key of `input` once.
    pub fn sample(&mut self, input: &Input, window: i32) {
        for (l, a) in self.0.iter_mut().zip(LATCHED) {
            l.sample(input.held(a), window);
        }
    }

    /// The latch of `action` (the up key's for keys without one).
    pub fn of(&mut self, action: Action) -> &mut Latch {
        let k = LATCHED.iter().position(|&a| a == action).unwrap_or(0);
        &mut self.0[k]
    }
}

/// The armed state the controller keeps between calls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Armed {
    /// The tap latches.
    pub latches: Latches,
    /// Nominal ticks the look and action keys have been held together.
    pub sheath_timer: i32,
    /// The pending move word (−1: none).
    pub pending_move: i8,
    /// A jump attack is pending (queued or falling motion with the action key).
    pub jump_attack: bool,
}

impl Default for Armed {
    fn default() -> Self {
        Armed { latches: Latches::default(), sheath_timer: 0, pending_move: -1, jump_attack: false }
    }
}

/// The move the action-key handler selects ("Armed attack input"'s table): the up latch
/// consumed at count 1 (a double tap) is the lunge 4; up held 3; the action latch consumed at
/// count 2 is 2, matching 1 is 1, matching 0 is 0. `None`: the action latch is consumed.
pub fn select_move(latches: &mut Latches, up_held: bool) -> Option<i8> {
    if latches.of(Action::Up).query(1, true) {
        Some(4)
    } else if up_held {
        Some(3)
    } else if latches.of(Action::Act).query(2, true) {
        Some(2)
    } else if latches.of(Action::Act).query(1, false) {
        Some(1)
    } else if latches.of(Action::Act).query(0, false) {
        Some(0)
    } else {
        latches.of(Action::Act).consume();
        None
    }
}

/// Whether the pending move word allows `mv`: moves 0 and 3 need −1, 1 needs 0, 2 needs 1.
pub fn allowed(mv: i8, pending: i8) -> bool {
    match mv {
        0 | 3 | 4 | 6 => pending == -1,
        1 => pending == 0,
        2 => pending == 1,
        _ => false,
    }
}

/// The armed handler after movement dispatch, for a player holding a weapon while the jump
/// key is up ("Armed look-key handling" then "Armed attack input"): look and action held
/// together count the sheath delay and sheathe; a drawing or sheathing sword ends it; the
/// action key selects a move (recorded, see the module note); with it released a pending
/// jump attack in the air is recorded.
pub fn handle(
    a: &mut Actor,
    armed: &mut Armed,
    input: &Input,
    ticks: i32,
    sheath_delay: i32,
    task_system: bool,
) {
    let (look, action) = (input.held(Action::Look), input.held(Action::Act));
    if look && action {
        armed.sheath_timer = armed.sheath_timer.wrapping_add(ticks);
        if armed.sheath_timer > sheath_delay {
            combat::sheath_sword(a, task_system);
        }
        return;
    }
    armed.sheath_timer = 0;
    if a.is_drawing() || a.is_sheathing() {
        return;
    }
    if !action || living::is_drawing_or_sheathing(a.living) {
        return;
    }
    let Some(selector) = a.combat.as_ref().map(|c| c.action) else { return };
    if !(-1..=1).contains(&selector) {
        return;
    }
    if a.queued != 0 || a.falling == 1 {
        armed.jump_attack = true;
        return;
    }
    armed.jump_attack = false;
    if a.anim.actions.pending & 3 != 0 {
        armed.latches.of(Action::Act).consume();
        return;
    }
    let Some(mv) = select_move(&mut armed.latches, input.held(Action::Up)) else { return };
    let populated = a.combat.as_ref().and_then(|c| c.attacks.get(mv as usize).copied().flatten()).is_some();
    if populated && allowed(mv, armed.pending_move) {
        armed.pending_move = mv;
        if let Some(c) = a.combat.as_mut() {
            c.action = mv;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tap_window() {
        // (12 << 8) / 256 = 12 at one nominal tick an update; / 341 = 9; / 1024 = 3 → 6.
        assert_eq!([256, 341, 1024, 0].map(|s| tap_window(12, s)), [12, 9, 6, 6]);
    }

    #[test]
    fn a_double_tap_counts_one() {
        let mut l = Latch::default();
        // Press (a fresh latch's timer is 0: count starts at 0), release two frames, press again
        // within the window: count 1.
        for held in [true, false, false, true] {
            l.sample(held, 12);
        }
        assert_eq!((l.count, l.timer), (1, 0));
        assert!(l.query(1, false) && l.count == 1);
        assert!(l.query(1, true));
        assert_eq!(l, Latch::default(), "consumed");
        // A press after the window restarts at zero.
        let mut l = Latch::default();
        l.sample(true, 6);
        for _ in 0..7 {
            l.sample(false, 6);
        }
        l.sample(true, 6);
        assert_eq!(l.count, 0);
    }

    #[test]
    fn the_move_table() {
        let tapped = |count| {
            let mut ls = Latches::default();
            ls.of(Action::Act).count = count;
            ls
        };
        let mut up = Latches::default();
        up.of(Action::Up).count = 1;
        assert_eq!(select_move(&mut up, false), Some(4), "a double tap of up lunges");
        assert_eq!(select_move(&mut tapped(0), true), Some(3));
        assert_eq!(select_move(&mut tapped(2), false), Some(2));
        assert_eq!(select_move(&mut tapped(1), false), Some(1));
        assert_eq!(select_move(&mut tapped(0), false), Some(0));
        assert_eq!(select_move(&mut tapped(5), false), None);
        assert!(allowed(0, -1) && allowed(3, -1) && allowed(1, 0) && allowed(2, 1));
        assert!(!allowed(1, -1) && !allowed(2, 0) && !allowed(0, 1));
    }
}
