//! "Actor sphere overlap" and "Weighted actor overlap response".

use super::obstacle::obstacle_wrapper;
use super::{Push, Pushes};
use crate::actor::living;
use crate::actor::{Actor, ActorModel, attr, collide, response};
use crate::anim::group;
use crate::capacity::Capacity;
use crate::collision::statics::{PlacedModel, Scene};
use crate::math::{direction_from_displacement, translate_heading};
use crate::world::live::Others;
use crate::world::models::ModelTables;
use crate::world::queries::Env;

/// The centres of an actor shape's first 32 ordinary spheres (the separately stored support
/// sphere excluded) in world map units, truncated: "At most the first 32 spheres of each
/// shape participate" in actor overlap ({D:engine/player.md}, "Actor sphere overlap").
pub(super) fn sphere_centres(
    a: &Actor,
    tables: &ModelTables<'_, '_>,
) -> heapless::Vec<([i32; 3], i32), OVERLAP_SPHERES> {
    let o = a.position.map(|c| c >> 8);
    tables
        .spheres(a)
        .take(OVERLAP_SPHERES)
        .map(|s| {
            let c = a.matrix.m;
            let v = s.centre.map(|x| x as f64);
            let w = [0, 1, 2].map(|r| c[r][0] as f64 * v[0] + c[r][1] as f64 * v[1] + c[r][2] as f64 * v[2]);
            ([0, 1, 2].map(|k| o[k].wrapping_add(w[k] as f32 as i32)), s.radius)
        })
        .collect()
}

/// Spheres of each shape that take part in actor overlap.
pub(super) const OVERLAP_SPHERES: usize = 32;

/// The rounded distance of an integer difference: components stored as f32, squares
/// summed, root stored as f32, nearest-even ([`crate::math::rounded_distance`]).
pub(super) fn rounded_length(d: [i32; 3]) -> i32 {
    crate::math::rounded_distance(d)
}

/// "Actor sphere overlap": the first overlapping pair's truncated radius sum minus its
/// rounded horizontal distance, or 0.
pub(super) fn overlap_depth(mine: &[([i32; 3], i32)], theirs: &[([i32; 3], i32)]) -> i32 {
    for &(c, r) in mine {
        for &(o, ro) in theirs {
            let d = [0, 1, 2].map(|k| c[k].wrapping_sub(o[k]));
            let sum = r.wrapping_add(ro);
            if rounded_length(d) < sum {
                return sum - rounded_length([d[0], 0, d[2]]);
            }
        }
    }
    0
}

/// An actor's mobility: `256 − weight`, or 0 for weight zero.
pub(super) fn mobility(a: &Actor) -> i32 {
    match a.attr(attr::WEIGHT) {
        0 => 0,
        w => 256 - w as i32,
    }
}

/// The Q8 separation distance of a movable actor.
pub(super) fn separation(factor: i32, mobility: i32, depth: i32) -> i32 {
    (factor.wrapping_mul(mobility).wrapping_mul(depth) >> 9).wrapping_add(255)
}

/// "Weighted actor overlap response" over the retained actor-style list. Returns whether
/// any weighted separation happened; other actors' displacements go to `pushes`.
// Kept out of line on a microcontroller: inlined into its caller, its large frame would
// stack under the natives the caller's scripts call (the M0+ stack budget). A desktop
// build inlines it (about 9% of a retail ISLAND step).
#[cfg_attr(target_os = "none", inline(never))]
pub(super) fn overlap<C: Capacity>(
    a: &mut Actor,
    env: &mut Env<'_, '_, C>,
    actors: &Others<'_>,
    pushes: &mut Pushes,
) -> bool {
    let mut moved = false;
    // The scene is a shared reference: its lists are read in place while `env` is lent on.
    let scene = env.scene;
    for cand in scene.lists.actor_style.iter() {
        let mine = sphere_centres(a, &env.tables);
        let here = a.position.map(|c| c >> 8);
        let Some(placed): Option<PlacedModel<'_>> = env.scene.model(cand.placement) else { continue };
        let origin = placed.position.map(|c| c as i32);
        let away =
            direction_from_displacement(here[0].wrapping_sub(origin[0]), here[2].wrapping_sub(origin[2]));
        match env
            .scene
            .scene
            .live_model(cand.placement)
            .and_then(|l| actors.get(l.actor as usize).map(|o| (l, o)))
        {
            None => {
                // An actor-style static placement: one sphere of the model radius.
                let depth = overlap_depth(&mine, &[(origin, placed.radius as i32)]);
                if depth <= 0 {
                    continue;
                }
                let m = mobility(a);
                if m == 0 {
                    a.position = a.previous;
                    continue;
                }
                let d = separation(131_072 / m, m, depth);
                let (x, z) = translate_heading(a.position[0], a.position[2], away as i32, d);
                a.position[0] = x;
                a.position[2] = z;
                a.body_response |= response::OVERLAP;
                a.overlap_contact = None;
                moved = true;
            }
            Some((live, other)) => match pair(a, env, (live.actor, other), away as i32, pushes) {
                Pair::Skipped => {}
                Pair::Separated => moved = true,
                Pair::Ended => return false,
            },
        }
    }
    if moved {
        obstacle_wrapper(a, env);
    }
    moved
}

/// How one actor pair left the overlap pass.
enum Pair {
    /// No separation (no overlap, the support owner skipped, or both immovable).
    Skipped,
    /// Weighted separation.
    Separated,
    /// The pass ends here: a small contact or the landing branch.
    Ended,
}

/// The animation group an overlap landing gives the other actor.
const LANDED_ON: i16 = 10;

/// One actor-style candidate that is a live actor ({D:engine/player.md} "Weighted actor
/// overlap response"): the other actor's marks, the small-contact end, the support-owner skip
/// of living states 27–32, the landing branch, then weighted separation. What happens to the
/// other actor goes to `pushes`, one entry for the pair.
fn pair<C: Capacity>(
    a: &mut Actor,
    env: &mut Env<'_, '_, C>,
    (id, other): (u16, &Actor),
    away: i32,
    pushes: &mut Pushes,
) -> Pair {
    if other.attr(attr::SLAVE) != 0 {
        return Pair::Skipped;
    }
    let depth = overlap_depth(&sphere_centres(a, &env.tables), &sphere_centres(other, &env.tables));
    if depth <= 0 {
        return Pair::Skipped;
    }
    // Collision-attribute bit 3 (the overlap bit) on the other marks it for any positive
    // overlap, before the displacement handling.
    let mark = if other.collide() & collide::OVERLAP != 0 { response::OVERLAP } else { 0 };
    let mut push = Push { actor: id, mark, ..Push::default() };
    let result = pair_response(a, env, (id, other), depth, away, &mut push);
    if push != (Push { actor: id, ..Push::default() }) {
        let _ = pushes.push(push);
    }
    result
}

/// [`pair`] after the overlap and the other's collision-bit mark: what happens to both.
fn pair_response<C: Capacity>(
    a: &mut Actor,
    env: &mut Env<'_, '_, C>,
    (id, other): (u16, &Actor),
    depth: i32,
    away: i32,
    push: &mut Push,
) -> Pair {
    if depth < 3 {
        // Both are marked and each keeps the other as its overlap contact.
        a.body_response |= response::OVERLAP;
        a.overlap_contact = Some(id);
        push.mark |= response::OVERLAP;
        push.contact = Some(env.me);
        return Pair::Ended;
    }
    // Best guess: the doc places this skip "after the small-contact check" and says nothing
    // of its order against the landing branch; taking it first keeps a rider from landing
    // again on what already supports it.
    if living::is_landing_or_bounce(a.living) && a.support_owner == Some(id) {
        return Pair::Skipped;
    }
    let bounce = env.assets.config.fall_bounce_height.wrapping_mul(256);
    if a.falling != 0
        && other.attr(attr::BOUNCE_POWER) != 0
        && a.position[1].wrapping_sub(a.fall_origin).wrapping_abs() >= bounce
        && a.bounds.positive[1] > 0
    {
        a.body_response |= response::OVERLAP_LANDING;
        land_on(a, env, (id, other), push);
        return Pair::Ended;
    }
    let (m, mo) = (mobility(a), mobility(other));
    if m == 0 && mo == 0 {
        a.position = a.previous;
        return Pair::Skipped;
    }
    let divisor = if m != 0 && mo != 0 { m + mo } else { m.max(mo) + 256 };
    let factor = 131_072 / divisor;
    if m != 0 {
        let d = separation(factor, m, depth);
        let (x, z) = translate_heading(a.position[0], a.position[2], away, d);
        a.position[0] = x;
        a.position[2] = z;
    }
    if mo != 0 {
        let d = separation(factor, mo, depth);
        let (x, z) = translate_heading(other.position[0], other.position[2], away + 1024, d);
        push.displacement = [x.wrapping_sub(other.position[0]), z.wrapping_sub(other.position[2])];
    }
    a.body_response |= response::OVERLAP;
    a.overlap_contact = Some(id);
    Pair::Separated
}

/// The overlap landing on the other actor, when admitted: not in living states 10–19, 27 or
/// 28, not in deep water, not on an actor without a model. The other becomes the support,
/// the motion bytes and the first two retained motion words clear, living state 27, group
/// 10 on the other and the landing group (114 armed, 66 with a torch, else 65) on the actor.
fn land_on<C: Capacity>(
    a: &mut Actor,
    env: &mut Env<'_, '_, C>,
    (id, other): (u16, &Actor),
    push: &mut Push,
) {
    if (living::is_ledge(a.living) || matches!(a.living, living::LANDED_ON_ACTOR | living::IN_AIR_28))
        || a.in_deep_water()
        || matches!(other.model, ActorModel::None)
    {
        return;
    }
    a.support_owner = Some(id);
    a.support_static = None;
    a.sliding = 0;
    a.falling = 0;
    a.queued = 0;
    a.motion_vector[0] = 0;
    a.motion_vector[1] = 0;
    a.living = living::LANDED_ON_ACTOR;
    push.request = Some(LANDED_ON);
    let g = if a.holds_weapon() {
        group::LAND_ARMED
    } else if a.torch != 0 {
        group::LAND_TORCH
    } else {
        group::LAND
    };
    env.request(a, g);
}
