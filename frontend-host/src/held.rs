//! Which actions a keyboard holds when its key-up events may not come. A terminal that
//! speaks the kitty keyboard protocol reports presses, repeats and releases, so a key is
//! held from its press to its release; a plain terminal reports only presses (its key
//! repeat sends more of them) and holding has to be guessed from how recent the last one is.

use std::time::{Duration, Instant};

use stros_core::input::{Action, Input};

/// How long a press counts as held when no release will come: a little longer than the
/// usual key-repeat interval, so a key held down stays held between its repeats.
pub const HOLD: Duration = Duration::from_millis(160);

/// The actions held down, by when each was last pressed.
#[derive(Clone, Debug)]
pub struct Held {
    releases: bool,
    pressed: [Option<Instant>; Action::ALL.len()],
}

impl Held {
    /// Tracking for a keyboard that reports releases (`releases`), or one that does not,
    /// where a press holds for [`HOLD`].
    pub fn new(releases: bool) -> Held {
        Held { releases, pressed: [None; Action::ALL.len()] }
    }

    /// Whether releases end holding (rather than [`HOLD`] running out).
    pub fn releases(&self) -> bool {
        self.releases
    }

    /// A press or a repeat of `action`'s key at `now`.
    pub fn press(&mut self, action: Action, now: Instant) {
        self.pressed[action as usize] = Some(now);
    }

    /// `action`'s key came up. Honoured in either mode: some keyboards without the
    /// protocol report releases all the same.
    pub fn release(&mut self, action: Action) {
        self.pressed[action as usize] = None;
    }

    /// Whether `action` is held at `now`.
    pub fn is_held(&self, action: Action, now: Instant) -> bool {
        self.pressed[action as usize]
            .is_some_and(|t| self.releases || now.saturating_duration_since(t) < HOLD)
    }

    /// The input of an update at `now`; `tab` is whether Tab was pressed since the last.
    pub fn input(&self, now: Instant, tab: bool) -> Input {
        let mut input = Input { held: 0, toggle_walk_mode: tab };
        for action in Action::ALL {
            input.set(action, self.is_held(action, now));
        }
        input
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn with_releases_a_key_is_held_from_press_to_release() {
        let t0 = Instant::now();
        let mut held = Held::new(true);
        assert!(!held.is_held(Action::Up, t0));
        held.press(Action::Up, t0);
        assert!(held.is_held(Action::Up, t0));
        // Long past the guess: a release, not time, ends it.
        assert!(held.is_held(Action::Up, t0 + ms(10_000)));
        assert!(!held.is_held(Action::Down, t0 + ms(10)));
        held.release(Action::Up);
        assert!(!held.is_held(Action::Up, t0 + ms(10_000)));
        assert!(!held.is_held(Action::Up, t0));
    }

    #[test]
    fn with_releases_a_repeat_keeps_the_key_held() {
        let t0 = Instant::now();
        let mut held = Held::new(true);
        held.press(Action::Left, t0);
        held.press(Action::Left, t0 + ms(500));
        assert!(held.is_held(Action::Left, t0 + ms(5_000)));
        held.release(Action::Left);
        assert!(!held.is_held(Action::Left, t0 + ms(5_000)));
    }

    #[test]
    fn without_releases_a_press_holds_for_160_ms() {
        let t0 = Instant::now();
        let mut held = Held::new(false);
        held.press(Action::Up, t0);
        assert!(held.is_held(Action::Up, t0));
        assert!(held.is_held(Action::Up, t0 + ms(159)));
        assert!(!held.is_held(Action::Up, t0 + ms(160)));
        assert!(!held.is_held(Action::Up, t0 + ms(161)));
    }

    #[test]
    fn without_releases_repeats_keep_the_key_held() {
        let t0 = Instant::now();
        let mut held = Held::new(false);
        held.press(Action::Right, t0);
        held.press(Action::Right, t0 + ms(100));
        held.press(Action::Right, t0 + ms(200));
        assert!(held.is_held(Action::Right, t0 + ms(359)));
        assert!(!held.is_held(Action::Right, t0 + ms(361)));
        // A release that does come ends it at once.
        held.press(Action::Right, t0 + ms(400));
        held.release(Action::Right);
        assert!(!held.is_held(Action::Right, t0 + ms(400)));
    }

    #[test]
    fn the_input_has_the_held_actions_and_tab() {
        let t0 = Instant::now();
        let mut held = Held::new(true);
        held.press(Action::Up, t0);
        held.press(Action::Walk, t0);
        let input = held.input(t0 + ms(1_000), true);
        assert_eq!(input.held, 0b1_0001);
        assert!(input.toggle_walk_mode);
        held.release(Action::Walk);
        assert_eq!(held.input(t0, false), Input { held: 0b1, toggle_walk_mode: false });
        assert_eq!(Held::new(false).input(t0, false), Input::NONE);
    }
}
