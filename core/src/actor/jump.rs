//! Jump starts ({D:engine/player.md} "Ordinary jump entry", "Script Jump"; {D:engine/animation.md}
//! "Action words"): the admission every actor's jump passes and the ordinary initialization —
//! the fall origin, the cleared timer and slide distance, and the queued motion and animation
//! its table selects. What a jump does next (queued-motion arbitration, the vertical writers,
//! landing) belongs to the ground response ([`crate::actor::motion`] steers it before the
//! script stage); the selected player's own gates (his countdown, the ledge entry) belong to
//! [`crate::player::jump`].

use super::{Actor, attr};
use crate::actor::living;
use crate::anim::AnimContext;
use crate::anim::group;

/// Which table a jump start reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    /// The ordinary jump entry with a requested motion (8 from the jump window's accepted bit
    /// 0 and from walk-off recovery, 9 from accepted bit 1).
    Ordinary(u8),
    /// The SOUP function `Jump` (and `SetAction`'s and the jump key's admitted states).
    Script,
}

/// What a jump start selected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Start {
    /// The queued motion byte.
    pub queued: u8,
    /// The group requested (or forced).
    pub group: i16,
    /// The group is forced (the runtime jump selector's 85), not requested.
    pub forced: bool,
    /// A backward jump (groups 49 and 50): the selected player's conditional countdown
    /// becomes 6.
    pub countdown: bool,
    /// Script `Jump` from group 19, 23 or 31: the heading is copied into `ov.vy`.
    pub heading_to_ov: bool,
}

/// The queued motion and group `entry` selects for `a` ("Ordinary jump entry" and the table of
/// "Script Jump"). A nonzero runtime jump selector overrides every row with queued motion 24
/// and group 85, forced.
pub fn select(a: &Actor, entry: Entry) -> Start {
    let start =
        |queued, group| Start { queued, group, forced: false, countdown: false, heading_to_ov: false };
    if a.jump_selector != 0 {
        return Start { forced: true, ..start(24, group::JUMP_SELECTED) };
    }
    let torch = a.torch != 0;
    let stand = if torch { group::JUMP_STAND_TORCH } else { group::JUMP_STAND };
    match entry {
        Entry::Ordinary(requested) => match (a.anim.current, requested) {
            (group::RUN, 9) => start(9, group::JUMP_RUN_BACK),
            (group::RUN, _) => start(8, group::JUMP_RUN),
            (group::RUN_TORCH, 9) => start(9, group::JUMP_RUN_BACK_TORCH),
            (group::RUN_TORCH, _) => start(8, group::JUMP_RUN_TORCH),
            _ => start(1, stand),
        },
        Entry::Script => match a.anim.current {
            group::RUN => start(8, group::JUMP_RUN),
            group::WALK_ARMED => Start { heading_to_ov: true, ..start(8, group::JUMP_RUN) },
            group::RUN_TORCH => start(8, group::JUMP_RUN_TORCH),
            group::BACK => Start { countdown: true, heading_to_ov: true, ..start(3, group::JUMP_BACK) },
            group::BACK_TORCH => {
                Start { countdown: true, heading_to_ov: true, ..start(3, group::JUMP_BACK_TORCH) }
            }
            _ if a.in_combat_stance() => start(1, group::JUMP_ARMED),
            _ => start(1, stand),
        },
    }
}

/// The admission both entries share: no active native task, no queued, falling or sliding
/// motion, living state 0 or 15.
pub fn admits(a: &Actor, native_task: bool) -> bool {
    !native_task
        && a.queued == 0
        && a.falling == 0
        && a.sliding == 0
        && matches!(a.living, living::NONE | living::HANGING)
}

/// Script `Jump`'s further refusals: deep water (surfaces 2 and 4), the landing groups 114,
/// 116, 130 and 131, and — for the selected player with attribute 105 one — any water
/// surface.
pub fn script_admits(a: &Actor, native_task: bool, selected: bool) -> bool {
    let landing = group::is_landing(a.anim.current);
    let kept_dry = selected && a.attr(attr::PLAYER_TYPE) == 1 && (1..=4).contains(&a.surface);
    admits(a, native_task) && !a.in_deep_water() && !landing && !kept_dry
}

/// The ordinary initialization: the stable position invalid, the fall origin at the current
/// Y, the fall timer and the accumulated sliding distance cleared, then the queued motion and
/// the request [`select`] chooses (ordinary, reverse zero; forced for group 85), and motion
/// direction 2. Returns the selection.
pub fn initialize(a: &mut Actor, cx: &mut AnimContext<'_, '_>, entry: Entry) -> Start {
    a.stable = None;
    a.fall_origin = a.position[1];
    a.fall_timer = 0;
    a.slide_distance = 0;
    let start = select(a, entry);
    if start.heading_to_ov {
        a.ov[1] = a.angles.heading as i32;
    }
    a.queued = start.queued;
    if start.forced {
        a.anim.force(cx, start.group, 0);
    } else {
        a.anim.request(cx, start.group, 0);
    }
    a.motion_direction = 2;
    start
}

#[cfg(test)]
mod tests {
    use super::*;

    fn actor(current: i16) -> Actor {
        let mut a = Actor::new(0, [0; 256]);
        a.anim.current = current;
        a
    }

    #[test]
    fn the_ordinary_entry_table() {
        // "Ordinary jump entry": group 18 with requested 9 is queued 9 and group 36, else 8 and
        // 34; group 30 the same with 37 and 35; any other group queued 1 and 32 (33 with a
        // torch).
        let pick = |g, r, torch| {
            let mut a = actor(g);
            a.torch = torch;
            let s = select(&a, Entry::Ordinary(r));
            (s.queued, s.group)
        };
        assert_eq!(pick(18, 8, 0), (8, 34));
        assert_eq!(pick(18, 9, 0), (9, 36));
        assert_eq!(pick(30, 8, 1), (8, 35));
        assert_eq!(pick(30, 9, 1), (9, 37));
        assert_eq!(pick(0, 8, 0), (1, 32));
        assert_eq!(pick(20, 9, 1), (1, 33));
    }

    #[test]
    fn the_script_jump_table() {
        // "Script Jump": 18 → 8/34, 30 → 8/35, 19 → 3/49 and 23 → 3/50 with the countdown,
        // 31 → 8/34, armed → 1/111, torch → 1/33, else 1/32. No row selects queued 9.
        let pick = |g, torch, weapon| {
            let mut a = actor(g);
            a.torch = torch;
            a.attributes[attr::HOLDING_WEAPON] = weapon;
            let s = select(&a, Entry::Script);
            (s.queued, s.group, s.countdown, s.heading_to_ov)
        };
        // Rows 19, 23 and 31 also copy the heading into `ov.vy`; only 19 and 23 set the
        // countdown.
        assert_eq!(pick(18, 0, 0), (8, 34, false, false));
        assert_eq!(pick(30, 1, 0), (8, 35, false, false));
        assert_eq!(pick(19, 0, 0), (3, 49, true, true));
        assert_eq!(pick(23, 1, 0), (3, 50, true, true));
        assert_eq!(pick(31, 0, 1), (8, 34, false, true));
        assert_eq!(pick(0, 1, 1), (1, 111, false, false));
        assert_eq!(pick(0, 1, 0), (1, 33, false, false));
        assert_eq!(pick(0, 0, 0), (1, 32, false, false));
    }

    #[test]
    fn a_runtime_selector_overrides_every_row() {
        for entry in [Entry::Ordinary(8), Entry::Ordinary(9), Entry::Script] {
            let mut a = actor(18);
            a.jump_selector = 25;
            let want = Start { queued: 24, group: 85, forced: true, countdown: false, heading_to_ov: false };
            assert_eq!(select(&a, entry), want);
        }
    }

    #[test]
    fn admission() {
        let mut a = actor(0);
        assert!(script_admits(&a, false, true));
        assert!(!script_admits(&a, true, true), "an active native task");
        a.living = living::HANGING;
        assert!(script_admits(&a, false, true), "hanging admits (the release runs instead)");
        a.living = living::CATCH;
        assert!(!script_admits(&a, false, true));
        a.living = living::NONE;
        for g in [114, 116, 130, 131] {
            a.anim.current = g;
            assert!(!script_admits(&a, false, false), "group {g}");
        }
        a.anim.current = 0;
        a.surface = 2;
        assert!(!script_admits(&a, false, false), "deep water");
        assert!(admits(&a, false), "the ordinary entry has no water test of its own");
        a.surface = 1;
        assert!(script_admits(&a, false, true));
        a.attributes[attr::PLAYER_TYPE] = 1;
        assert!(!script_admits(&a, false, true), "attribute 105 refuses shallow water to him");
        assert!(script_admits(&a, false, false), "but not to others");
        a.surface = 0;
        for (q, f, s) in [(1, 0, 0), (0, 1, 0), (0, 0, 1)] {
            (a.queued, a.falling, a.sliding) = (q, f, s);
            assert!(!admits(&a, false));
        }
    }

    #[test]
    fn initialization_writes() {
        let mut a = actor(0);
        a.position = [0, -5000, 0];
        a.stable = Some([1, 2, 3]);
        a.fall_timer = 9;
        a.slide_distance = 77;
        let mut events = crate::anim::Events::default();
        let mut cx = AnimContext {
            set: None,
            ticks: 1,
            events: &mut events,
            enabled: true,
            falling: 0,
            forward: None,
            move_bits: 0,
        };
        let s = initialize(&mut a, &mut cx, Entry::Script);
        assert_eq!((s.queued, s.group), (1, 32));
        assert_eq!((a.queued, a.fall_origin, a.fall_timer, a.slide_distance), (1, -5000, 0, 0));
        assert_eq!((a.stable, a.motion_direction), (None, 2));
        assert_eq!(a.ov, [0; 3], "group 0's row copies nothing");
        // From group 31 (and 19, 23) the heading, 1500, lands in `ov.vy`; the other two
        // words stay.
        let mut b = actor(31);
        b.angles.heading = 1500;
        b.ov = [7, 0, 9];
        let s = initialize(&mut b, &mut cx, Entry::Script);
        assert_eq!((s.queued, s.group, b.ov), (8, 34, [7, 1500, 9]));
    }
}
