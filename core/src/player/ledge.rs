//! "Selected-player ledge entry" ({D:engine/player.md}): the edge service, the ledge
//! transition of living states 10–19 (turning to low and high ledges, catching a hang, the
//! climbs with their per-frame tables, hanging, dropping), the hang release, the climb
//! request, the hang pose and the hand-nearest record. The geometry — the ledge scan, its
//! record classification and the support below the origin — is the world's
//! ([`PlayerScene::ledge_scan`]).

use super::PlayerScene;
use crate::actor::living::{
    self, CATCH, CLIMB_FROM_HANG, CLIMB_HIGH, CLIMB_LOW, DROP, ENTERING, FINISHED, HANGING, TURN_HIGH,
    TURN_LOW,
};
use crate::actor::motion::{self, Step};
use crate::actor::{Actor, Direction, attr};
use crate::anim::group;
use crate::math::round_ties_even_f64;

/// The low climb's height above the ledge per `real_frame` (map units; Y down).
pub const LOW_HEIGHT: [i32; 22] =
    [35, 35, 35, 35, 38, 29, 15, 0, -7, -21, -42, -56, -58, -60, -59, -61, -61, -61, -61, -61, -61, -61];
/// The low climb's distance from the wall per `real_frame` (map units).
pub const LOW_FORWARD: [i32; 22] = [28, 28, 27, 27, 28, 24, 21, 16, 8, 7, 6, 5, 4, 4, 4, 5, 4, 3, 2, 2, 2, 2];
/// The high climb's height per `real_frame`.
pub const HIGH_HEIGHT: [i32; 26] = [
    81, 67, 45, 24, 11, -1, -19, -28, -29, -29, -29, -29, -45, -53, -58, -60, -61, -61, -60, -60, -60, -60,
    -60, -60, -60, -60,
];
/// The high climb's distance from the wall per `real_frame`.
pub const HIGH_FORWARD: [i32; 26] =
    [30, 30, 30, 26, 20, 16, 8, 3, -6, -6, -4, 0, -6, -3, 1, 0, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2];

/// The action-inhibition countdown a ledge entry sets, whole nominal ticks.
pub const INHIBITION: i32 = 16;
/// The action-transition counter a drop sets.
pub const DROP_COUNTER: u8 = 6;

/// One record of the ledge table ("Ledge scan", step 4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// Record byte 0: the wall continued 24 units lower (a wall below the hands).
    pub wall_below: bool,
    /// Record byte 2: a hang may climb (class 3 only).
    pub climbable: bool,
    /// The ledge point: wall X/Z at the top's Y, runtime units.
    pub point: [i32; 3],
    /// The top's model (its candidate's placement): the hang-model reference.
    pub model: usize,
    /// The record heading: the wall normal's facing heading.
    pub heading: u16,
    /// The ledge-support actor: the wall candidate's actor, if it has one.
    pub support: Option<u16>,
    /// "Ledge record classification": 1 a low ledge, 2 a high ledge, 3 a hand-hold, 0 none.
    pub class: u8,
}

/// The ledge table of one scan: at most four records.
pub type Table = heapless::Vec<Record, 4>;

/// The scan's result: 1 when a class 1 record exists, else 2 for class 2, 3 for class 3, 0.
pub fn result(table: &Table) -> u8 {
    [1, 2, 3].into_iter().find(|&c| table.iter().any(|r| r.class == c)).unwrap_or(0)
}

/// The first record of `class`.
pub fn first(table: &Table, class: u8) -> Option<Record> {
    table.iter().copied().find(|r| r.class == class)
}

/// The hand-nearest class 3 record: the least `|t × 256 − (local_Y + g.y)|` for top Y `t`
/// (the record point's Y is `t × 256`), earliest on ties; none without the grip vertex `grip_y`.
pub fn hand_nearest(table: &Table, local_y: i32, grip_y: Option<i32>) -> Option<Record> {
    let hand = local_y.wrapping_add(grip_y?);
    table
        .iter()
        .filter(|r| r.class == 3)
        .min_by_key(|r| r.point[1].wrapping_sub(hand).wrapping_abs())
        .copied()
}

/// An offset `d` (runtime units) at heading `h`: `round(d × sine[u])` added to X and
/// `round(d × sine[u + 512])` to Z, `u = −h & 2047`, nearest-even.
pub fn offset(point: [i32; 3], d: i32, h: i32) -> [i32; 3] {
    let u = -h & 2047;
    let s = crate::tables::sin(u) as f64;
    let c = crate::tables::cos(u) as f64;
    [
        point[0].wrapping_add(round_ties_even_f64(d as f64 * s) as i32),
        point[1],
        point[2].wrapping_add(round_ties_even_f64(d as f64 * c) as i32),
    ]
}

/// The selected player's ledge state outside the actor record.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ledge {
    /// The retained ledge point, runtime units.
    pub point: [i32; 3],
    /// The retained ledge heading.
    pub heading: u16,
    /// The ledge-support actor reference.
    pub support: Option<u16>,
    /// The global hang-model reference (the top's placement).
    pub hang_model: Option<usize>,
    /// The action-inhibition countdown, whole nominal ticks.
    pub inhibition: i32,
}

impl Ledge {
    /// The per-update countdown: less the whole nominal ticks; one that would not stay
    /// positive becomes zero.
    pub fn tick(&mut self, ticks: i32) {
        let left = self.inhibition.wrapping_sub(ticks);
        self.inhibition = if left > 0 { left } else { 0 };
    }

    fn take(&mut self, r: &Record) {
        self.point = r.point;
        self.heading = r.heading;
        self.support = r.support;
    }
}

/// The blocks the edge service and the transition share: living state 33 or 34, or current
/// group 149 or 150, while animation is enabled (the selected player's update is never in
/// shell context).
fn blocked(a: &Actor, animation: bool) -> bool {
    animation
        && (matches!(a.living, living::LIGHTING_TORCH | living::DOUSING_TORCH)
            || matches!(a.anim.current, group::LIGHT_TORCH | group::DOUSE_TORCH))
}

/// Clears the sliding, falling and queued-motion bytes.
fn clear_motion(a: &mut Actor) {
    a.sliding = 0;
    a.falling = 0;
    a.queued = 0;
}

/// "Edge service": nonzero when the selected player holds (or took) a ledge. `water_exit`:
/// the service's surface-2/4 branch runs (the jump's ledge entry skips it, and also the
/// countdown and the fall-bit clear: `full` false).
fn service(a: &mut Actor, env: &mut impl PlayerScene, full: bool) -> i32 {
    if a.attr(attr::PLAYER_TYPE) == 1 || a.torch != 0 || blocked(a, env.animation()) {
        return 0;
    }
    if full && a.in_deep_water() {
        if a.living == HANGING {
            hang_release(a, env);
            transition(a, env);
        }
        return 0;
    }
    match a.living {
        10..=19 => return 1,
        0 => {}
        _ => return 0,
    }
    a.living = ENTERING;
    env.state().ledge.support = None;
    let r = transition(a, env);
    if full {
        if a.living != living::NONE {
            clear_motion(a);
            env.state().ledge.inhibition = INHIBITION;
        } else if a.action_transition != 0 {
            a.queued &= 0x7f;
            a.falling &= 0x7f;
        }
    }
    r
}

/// The edge service of the ground response and queued-motion arbitration (selected player
/// only; the caller tests that).
pub fn edge_service(a: &mut Actor, env: &mut impl PlayerScene) -> bool {
    service(a, env, true) != 0
}

/// The ledge entry of a jump start (living state 0): the edge service without its water
/// exit, countdown and fall-bit clear. Whether it holds a ledge.
pub fn entry(a: &mut Actor, env: &mut impl PlayerScene) -> bool {
    a.living == living::NONE && service(a, env, false) != 0
}

/// "Ledge hang release": hanging with a zero action-inhibition countdown, the player drops
/// (state 17, the support reference cleared, the transition run); a nonzero resulting state
/// clears the motion bytes.
pub fn hang_release(a: &mut Actor, env: &mut impl PlayerScene) {
    if a.living != HANGING || env.state().ledge.inhibition != 0 {
        return;
    }
    a.living = DROP;
    env.state().ledge.support = None;
    transition(a, env);
    if a.living != living::NONE {
        clear_motion(a);
    }
}

/// "Ledge climb request": hanging, the hand-nearest class 3 record with byte 2 set starts
/// the climb from the hang (state 16); without one the player keeps hanging (1).
fn climb_request(a: &mut Actor, env: &mut impl PlayerScene) -> i32 {
    let table = env.ledge_scan(a, None);
    let Some(r) = hand_nearest(&table, a.position[1], env.grip(a).map(|g| g[1])) else { return 1 };
    if !r.climbable {
        return 1;
    }
    env.state().ledge.support = r.support;
    a.living = CLIMB_FROM_HANG;
    let out = transition(a, env);
    if a.living != living::NONE {
        clear_motion(a);
    }
    out
}

/// Forward while hanging: the climb request ("Ledge climb request"), when the player hangs.
pub fn climb(a: &mut Actor, env: &mut impl PlayerScene) {
    if a.living == HANGING {
        climb_request(a, env);
    }
}

/// The lateral edge test of a hanging sidestep (also `MoveLeft`'s and `MoveRight`'s while
/// hanging, {D:engine/SOUP.md} "MoveLeft and MoveRight"): the ledge scan with the actor
/// shifted along his own X axis by his X extent on that side plus attribute 10, whole map
/// units, finds a hand-hold (class 3); the position is not changed.
pub fn lateral_edge(a: &Actor, env: &mut impl PlayerScene, left: bool) -> bool {
    let extent = if left { a.bounds.negative[0] } else { a.bounds.positive[0] };
    let reach = (a.attr(attr::SIDE_SPEED) as i32).wrapping_add(extent).wrapping_mul(256);
    let t = a.matrix.transform_int([if left { reach.wrapping_neg() } else { reach }, 0, 0]);
    env.ledge_scan(a, Some([t[0], 0, t[2]])).iter().any(|r| r.class == 3)
}

/// "Hanging sidestep": admitted when the ledge scan with the actor shifted along his own X
/// axis — by his X extent on that side plus attribute 10, whole map units — still finds a
/// hand-hold (the position comes back either way); then group 28 (left) or 29 (right), the
/// side's update indicator and a step of attribute 10 along his X axis ([`motion`]'s ramp,
/// none while the `BreakPoint` marker is set).
pub fn sidestep(a: &mut Actor, env: &mut impl PlayerScene, left: bool) -> Step {
    if !lateral_edge(a, env, left) {
        return Step::Refused;
    }
    let (group, direction, side) = if left {
        (group::HANG_LEFT, Direction::Left, 512)
    } else {
        (group::HANG_RIGHT, Direction::Right, -512)
    };
    let heading = a.angles.heading as i32 + side;
    motion::animate_and_accept(a, env, group, direction, a.attr(attr::SIDE_SPEED) as i32 * 256, heading)
}

/// "Ledge hang pose": X/Z at the ledge point plus `high_forward[0] × 256` at ledge heading plus
/// 1024, Y at `ledge_Y + standing_height × 256 + |g.y| + 512`; nothing without the grip.
fn hang_pose(a: &mut Actor, env: &mut impl PlayerScene) {
    let Some(g) = env.grip(a) else { return };
    let ledge = env.state().ledge;
    let p = offset(ledge.point, HIGH_FORWARD[0] * 256, ledge.heading as i32 + 1024);
    let standing = env.config().standing_height;
    a.position[0] = p[0];
    a.position[2] = p[2];
    a.position[1] = ledge.point[1]
        .wrapping_add(standing.wrapping_mul(256))
        .wrapping_add(g[1].wrapping_abs())
        .wrapping_add(512);
}

/// A climb frame (states 13 and 11): while `climb` is current, X/Z follow the forward table at
/// `real_frame` less the command lag and Y the height table (`from` frames on); otherwise the
/// climb is finished (state 18, motion cleared).
fn climb_frame(
    a: &mut Actor,
    env: &mut impl PlayerScene,
    climb: i16,
    forward: &[i32],
    height: &[i32],
    from: i32,
) {
    if a.anim.current != climb {
        a.living = FINISHED;
        clear_motion(a);
        return;
    }
    let f = a.anim.real_frame as usize;
    let ledge = env.state().ledge;
    // The original reads past the tables' ends; Stros holds the last entry.
    let fw = forward[f.min(forward.len() - 1)];
    let ht = height[f.min(height.len() - 1)];
    let lag = env.command_lag(a);
    let p = offset(ledge.point, (fw * 256).wrapping_sub(lag), ledge.heading as i32 + 1024);
    a.position[0] = p[0];
    a.position[2] = p[2];
    if f as i32 > from {
        let standing = env.config().standing_height;
        a.position[1] = ledge.point[1].wrapping_add(ht.wrapping_add(standing).wrapping_mul(256));
    }
}

/// The turning states 12 and 10: the slope turn helper toward the ledge heading; still
/// turning within 256 keeps the state (1), turning further gives up; facing, a rescan must
/// return `want`. `Some(r)`: the transition returns `r` now.
fn turn_to_ledge(a: &mut Actor, env: &mut impl PlayerScene, want: u8) -> Option<i32> {
    let heading = env.state().ledge.heading;
    let r = env.turn_toward(a, heading as i32);
    if r != 0 {
        if r.abs() <= 256 {
            return Some(1);
        }
        a.living = living::NONE;
        return Some(0);
    }
    if result(&env.ledge_scan(a, None)) != want {
        a.living = living::NONE;
        return Some(0);
    }
    None
}

/// "Ledge transition": the states of 10–19 in the table's order within one call.
pub fn transition(a: &mut Actor, env: &mut impl PlayerScene) -> i32 {
    if a.attr(attr::PLAYER_TYPE) == 1 || !living::is_ledge(a.living) {
        return 0;
    }
    env.state().ledge.hang_model = None;
    if a.torch != 0 || blocked(a, env.animation()) {
        hang_release(a, env);
        return 0;
    }
    let mut table = Table::new();
    if a.living == HANGING {
        return hanging(a, env);
    }
    if a.living == ENTERING {
        table = env.ledge_scan(a, None);
        let grip = env.grip(a).map(|g| g[1]);
        let pick = match result(&table) {
            1 => first(&table, 1).map(|r| (r, TURN_LOW)),
            _ => first(&table, 2)
                .map(|r| (r, TURN_HIGH))
                .or_else(|| hand_nearest(&table, a.position[1], grip).map(|r| (r, CATCH))),
        };
        // {D:engine/player.md} "No ledge candidate": state 19 back to 0 and nothing else
        // touched, so the caller's fall or jump goes on as if the service had not run.
        let Some((r, state)) = pick else {
            a.living = living::NONE;
            return 0;
        };
        env.state().ledge.take(&r);
        a.living = state;
    }
    if a.living == TURN_LOW {
        if let Some(r) = turn_to_ledge(a, env, 1) {
            return r;
        }
        let ledge = env.state().ledge;
        let p = offset(ledge.point, LOW_FORWARD[0] * 256, ledge.heading as i32 + 1024);
        (a.position[0], a.position[2]) = (p[0], p[2]);
        env.force(a, group::CLIMB_LOW);
        a.living = CLIMB_LOW;
    }
    if a.living == CATCH {
        let ledge = env.state().ledge;
        let diff = ((a.angles.heading as i32 - ledge.heading as i32 + 1024) & 2047) - 1024;
        let grip = env.grip(a).map(|g| g[1]);
        let Some(r) = hand_nearest(&table, a.position[1], grip).filter(|_| diff.abs() <= 256) else {
            a.living = living::NONE;
            return 0;
        };
        let p = offset(ledge.point, HIGH_FORWARD[0] * 256, ledge.heading as i32 + 1024);
        (a.position[0], a.position[2]) = (p[0], p[2]);
        env.force(a, if r.wall_below { group::CATCH_FREE } else { group::CATCH });
        a.living = HANGING;
        a.angles.heading = r.heading;
        env.state().ledge.support = r.support;
        return 1;
    }
    if a.living == TURN_HIGH {
        if let Some(r) = turn_to_ledge(a, env, 2) {
            return r;
        }
        let ledge = env.state().ledge;
        let p = offset(ledge.point, HIGH_FORWARD[0] * 256, ledge.heading as i32 + 1024);
        a.position = [p[0], ledge.point[1], p[2]];
        env.request(a, group::CLIMB_HIGH);
        a.living = CLIMB_HIGH;
    }
    if a.living == CLIMB_LOW {
        climb_frame(a, env, group::CLIMB_LOW, &LOW_FORWARD, &LOW_HEIGHT, 6);
        return 1;
    }
    if a.living == CLIMB_FROM_HANG {
        env.force(a, group::CLIMB_HIGH);
        a.living = CLIMB_HIGH;
        a.anim.real_frame = 0;
    }
    if a.living == CLIMB_HIGH {
        climb_frame(a, env, group::CLIMB_HIGH, &HIGH_FORWARD, &HIGH_HEIGHT, -1);
        return 1;
    }
    if a.living == DROP {
        env.force(a, group::FALL);
        a.action_transition = DROP_COUNTER;
        a.living = living::NONE;
        env.state().ledge.support = None;
    }
    0
}

/// State 15 of the transition: the hand-nearest class 3 record keeps the hang, its model
/// the hang-model reference; a sidestep this update shifts the record; with the marker clear
/// the record becomes the ledge and the heading; support near below the origin climbs,
/// otherwise the hang pose.
fn hanging(a: &mut Actor, env: &mut impl PlayerScene) -> i32 {
    let table = env.ledge_scan(a, None);
    let grip = env.grip(a).map(|g| g[1]);
    let Some(mut r) = hand_nearest(&table, a.position[1], grip) else {
        hang_release(a, env);
        return 0;
    };
    env.state().ledge.hang_model = Some(r.model);
    if a.steps.was_called(Direction::Left) || a.steps.was_called(Direction::Right) {
        r.point = offset(r.point, 256, -256);
    }
    if !a.anim.marker {
        let ledge = &mut env.state().ledge;
        ledge.point = r.point;
        ledge.heading = r.heading;
        a.angles.heading = r.heading;
    }
    let below = env.support_below(a);
    if below < a.bounds.positive[1].wrapping_add(24).wrapping_mul(256) {
        return climb_request(a, env);
    }
    hang_pose(a, env);
    env.state().ledge.support = r.support;
    1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_climb_tables() {
        // The docs' tables: 22 low entries, 26 high ones; the low climb starts 28 from the wall
        // 35 above the ledge and ends 2 from it 61 below; the high climb 30 and 81, ending 2
        // and 60.
        assert_eq!(
            (LOW_HEIGHT.len(), LOW_FORWARD.len(), HIGH_HEIGHT.len(), HIGH_FORWARD.len()),
            (22, 22, 26, 26)
        );
        assert_eq!((LOW_FORWARD[0], LOW_HEIGHT[0], LOW_FORWARD[21], LOW_HEIGHT[21]), (28, 35, 2, -61));
        assert_eq!((HIGH_FORWARD[0], HIGH_HEIGHT[0], HIGH_FORWARD[25], HIGH_HEIGHT[25]), (30, 81, 2, -60));
        assert_eq!(LOW_HEIGHT.iter().sum::<i32>(), -508, "222 up, then -303 and 7 x -61");
        assert_eq!(HIGH_FORWARD.iter().sum::<i32>(), 159, "163, then -24, then 10 x 2");
    }

    #[test]
    fn offsets_round_to_nearest() {
        // Heading 0 points along −Z… u = 0: sine 0, cosine 1: Z gains d.
        assert_eq!(offset([0, 5, 0], 7680, 0), [0, 5, 7680]);
        // Heading 1024 + 0 (from a wall facing heading 0, back toward open space): Z loses d.
        assert_eq!(offset([100, 0, 100], 7680, 1024), [100, 0, 100 - 7680]);
        // Heading 512: u = 1536, sine −1: X loses d.
        assert_eq!(offset([0, 0, 0], 256, 512), [-256, 0, 0]);
        // The hanging sidestep's shift, 256 at heading −256: sine[256] = sine[768] ≈ 0.7071,
        // 181.02 each, rounded to 181.
        assert_eq!(offset([0, 0, 0], 256, -256), [181, 0, 181]);
    }

    #[test]
    fn scan_results_and_hand_nearest() {
        let rec = |class, top| Record { class, point: [0, top * 256, 0], ..Record::default() };
        let mut t = Table::new();
        assert_eq!(result(&t), 0);
        t.extend([rec(3, -100), rec(2, -90), rec(3, -120)]);
        assert_eq!(result(&t), 2);
        // Hands at local Y −30000 + (−80 × 256): −50480; tops −100 and −120 ×256 are −25600 and
        // −30720: the second is nearer.
        assert_eq!(hand_nearest(&t, -30000, Some(-80 * 256)).map(|r| r.point[1]), Some(-120 * 256));
        assert_eq!(hand_nearest(&t, -30000, None), None, "no group 7 frame, no hand");
        // Ties keep the earliest.
        let t2: Table = [rec(3, -10), rec(3, 10)].into_iter().collect();
        assert_eq!(hand_nearest(&t2, 0, Some(0)).map(|r| r.point[1]), Some(-10 * 256));
        t.push(rec(1, 0)).unwrap();
        assert_eq!(result(&t), 1);
    }

    #[test]
    fn inhibition_counts_down_to_zero() {
        let mut l = Ledge { inhibition: INHIBITION, ..Ledge::default() };
        l.tick(5);
        assert_eq!(l.inhibition, 11);
        l.tick(11);
        assert_eq!(l.inhibition, 0, "a countdown that would not stay positive becomes zero");
        l.tick(3);
        assert_eq!(l.inhibition, 0);
    }
}
