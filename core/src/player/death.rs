//! The selected player's death ({D:engine/SOUP.md} "Selected-player death admission state",
//! "Selected-player death controller", "World-loop death exit ordering"): the state his
//! death-owning health service sets (hit inhibition, the death-progress word and mode), the
//! death controller his native controller hands over to while inhibited, and the world
//! loop's death exits. The service itself changes health and animates, so it runs where the
//! world's health changes do (`world::collide::health`).

use super::PlayerScene;
use crate::actor::{Actor, attr};
use crate::anim::group;

/// The world-loop outcome of a death exit.
pub const OUTCOME_DEATH: i32 = 5000;

/// Death progress the mode-2 exit and the effects' second variant wait past.
pub const PROGRESS_LIMIT: i32 = 12;

/// Attribute 105: 1 for the player type whose deep-water death waits on progress instead of
/// an animation.
const PLAYER_TYPE: usize = attr::PLAYER_TYPE;

/// The selected player's death state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Death {
    /// Selected-player hit inhibition: set when his death-owning health reaches zero, it
    /// rejects further health changes, makes `IsDead` true for him and hands his controller
    /// to the death controller.
    pub hit_inhibition: bool,
    /// The retained death-progress word: the nominal ticks the death controller has run,
    /// wrapping at 32 bits.
    pub progress: i32,
    /// The retained death mode: 2 when he died in deep water (stored surface 2 or 4); the
    /// core has no writer of mode 1 (the surface-5 prepass).
    pub mode: i32,
    /// The session death-suppression flag (the `drevil` cheat, {D:engine/cheats.md}). Stros
    /// has no cheat state, so nothing sets it.
    pub suppressed: bool,
    /// His local position captured when he died.
    pub position: [i32; 3],
    /// The retained falling-elapsed counter of the falling-death exit, nominal ticks.
    pub falling_elapsed: i32,
}

/// "Selected-player death controller", run by his controller after the preliminary
/// countdowns while hit inhibition is set (the caller tests it and returns after): a zero
/// override becomes 122 while he holds a weapon, else 134; the override is force-requested
/// with modifier 0; then the nominal ticks are added to the progress word, and death modes 1
/// and 2 emit their environmental effects from the new progress ([`PlayerScene::death_effects`]).
pub fn controller(a: &mut Actor, env: &mut impl PlayerScene) {
    let group = match env.state().death_override {
        Some(g) => g,
        None => {
            let g = if a.holds_weapon() { group::DEATH_ARMED } else { group::DEATH };
            env.state().death_override = Some(g);
            g
        }
    };
    env.force(a, group);
    let ticks = env.ticks();
    let death = &mut env.state().death;
    death.progress = death.progress.wrapping_add(ticks);
    let (mode, progress) = (death.mode, death.progress);
    env.death_effects(a, mode, progress);
}

/// The falling-death part of "World-loop death exit ordering": a zero falling byte clears
/// the counter, a nonzero one adds the nominal ticks (wrapping); a signed count strictly
/// above `limit` (`[game] player_fall_dead_time` as configuration keeps it: already
/// `max(t, 3) × 12`) exits. It does not need hit inhibition.
pub fn falling_exit(a: &Actor, death: &mut Death, ticks: i32, limit: i32) -> bool {
    if a.falling == 0 {
        death.falling_elapsed = 0;
        return false;
    }
    death.falling_elapsed = death.falling_elapsed.wrapping_add(ticks);
    death.falling_elapsed > limit
}

/// The inhibited part of "World-loop death exit ordering" ("Selected-player death
/// controller"): with attribute 105 at 1 and death mode 2, progress strictly above 12;
/// otherwise the current group must be the override and — for overrides 13 and 74 — the
/// signed command cursor at most the frame-progress byte, for any other override the two
/// different.
pub fn inhibited_exit(a: &Actor, death: &Death, death_override: Option<i16>) -> bool {
    if !death.hit_inhibition {
        return false;
    }
    if a.attr(PLAYER_TYPE) == 1 && death.mode == 2 {
        return death.progress > PROGRESS_LIMIT;
    }
    let group = death_override.unwrap_or(0);
    if a.anim.current != group {
        return false;
    }
    let (cursor, frame) = (a.anim.cursor as i32, a.anim.real_frame as i32);
    if matches!(group, 13 | 74) { cursor <= frame } else { cursor != frame }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn actor(group: i16, cursor: i16, frame: u8) -> Actor {
        let mut a = Actor::new(0, [0; 256]);
        (a.anim.current, a.anim.cursor, a.anim.real_frame) = (group, cursor, frame);
        a
    }

    /// {D:engine/SOUP.md} "Selected-player death controller": overrides 13 and 74 complete
    /// while the signed cursor is at most the frame byte (cursor 5, frame 5: yes; cursor 6:
    /// no; cursor −1 against byte 0: yes, signed); any other override while they differ
    /// (134 at 5/5: no, 5/6: yes); a current group other than the override never; without
    /// hit inhibition never.
    #[test]
    fn the_death_exit_compares_cursor_and_frame_progress() {
        let on = Death { hit_inhibition: true, ..Death::default() };
        assert!(inhibited_exit(&actor(74, 5, 5), &on, Some(74)));
        assert!(!inhibited_exit(&actor(74, 6, 5), &on, Some(74)));
        assert!(inhibited_exit(&actor(13, -1, 0), &on, Some(13)));
        assert!(!inhibited_exit(&actor(134, 5, 5), &on, Some(134)));
        assert!(inhibited_exit(&actor(134, 5, 6), &on, Some(134)));
        assert!(!inhibited_exit(&actor(0, 5, 6), &on, Some(134)));
        assert!(!inhibited_exit(&actor(74, 5, 5), &Death::default(), Some(74)));
    }

    /// Attribute 105 at 1 in death mode 2 waits on progress alone: 12 does not exit, 13
    /// does, whatever the animation.
    #[test]
    fn the_deep_water_death_exits_past_progress_twelve() {
        let mut a = actor(0, 0, 0);
        a.attributes[PLAYER_TYPE] = 1;
        let at = |progress| Death { hit_inhibition: true, mode: 2, progress, ..Death::default() };
        assert!(!inhibited_exit(&a, &at(12), Some(74)));
        assert!(inhibited_exit(&a, &at(13), Some(74)));
    }

    /// The falling counter: limit 36 (the minimum 3 × 12); two ticks an update exit on the
    /// 19th falling update (38 > 36), not the 18th (36); landing clears it.
    #[test]
    fn the_falling_death_counts_nominal_ticks() {
        let mut a = actor(0, 0, 0);
        a.falling = 1;
        let mut d = Death::default();
        for _ in 0..18 {
            assert!(!falling_exit(&a, &mut d, 2, 36));
        }
        assert_eq!(d.falling_elapsed, 36);
        assert!(falling_exit(&a, &mut d, 2, 36));
        a.falling = 0;
        assert!(!falling_exit(&a, &mut d, 2, 36));
        assert_eq!(d.falling_elapsed, 0);
    }
}
