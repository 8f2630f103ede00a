//! The geometry of "Ledge scan" and of the fit test of "Ledge record classification"
//! ({D:engine/player.md}, "Selected-player ledge entry"): one scan pass — a vertical segment
//! ahead of the actor finding each model's top, a wall segment below each top finding the
//! ledge's face — and the sphere test of a record's standing place. Sidedness is disabled for
//! every query here. The classification by the actor's state and the ledge transition that
//! reads the records belong to the player ([`crate::player::ledge`]).

use super::SurfaceClass;
use super::candidates::Candidates;
use super::shape::Sphere;
use super::statics::{Scene, WorldContact, segment_hits, sphere_contacts, world_contact};
use crate::math::{Mat3, direction_from_displacement};

/// The scan segments' reach ahead of the actor, runtime units.
pub const AHEAD: i32 = 9728;
/// The vertical segment's half-length, runtime units.
pub const HALF_HEIGHT: i32 = 40960;
/// The second pass's forward offset, runtime units.
pub const SECOND_PASS: i32 = 6144;
/// The wall segment runs this far below a top (map units).
pub const WALL_DROP: i32 = 16;
/// The lower wall segment runs this much further down.
pub const LOWER_WALL: i32 = 24;
/// Underside Y values one pass keeps.
pub const UNDERSIDES: usize = 64;

/// A record of one pass before classification.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Found {
    /// Record byte 0: a facing wall 24 units lower too.
    pub wall_below: bool,
    /// Wall X, top Y, wall Z, runtime units.
    pub point: [i32; 3],
    /// The top's placement (the hang model).
    pub top: usize,
    /// The wall normal's facing heading.
    pub heading: u16,
    /// The wall's placement (its actor, for a live model, supports the ledge).
    pub wall: usize,
}

/// What one scan collects over its passes.
#[derive(Clone, Debug, Default)]
pub struct Scan {
    /// At most four records ("A fifth record is not guarded against": Stros stops at four).
    pub found: heapless::Vec<Found, 4>,
    /// The Y of class 8 contacts from candidates whose type lacks bit 0x08.
    pub undersides: heapless::Vec<i32, UNDERSIDES>,
}

/// The facing heading of a contact normal: its displacement heading plus 1024.
pub fn facing(normal: [i32; 3]) -> u16 {
    (direction_from_displacement(normal[0], normal[2]).wrapping_add(1024)) & 2047
}

/// Whether two headings are within 256 of each other, the difference wrapped to 2048.
pub fn within_quarter(a: u16, b: u16) -> bool {
    let d = ((a as i32 - b as i32) & 2047) as i16;
    let d = if d > 1024 { d - 2048 } else { d };
    d.abs() <= 256
}

/// Local Q8 point `v` rotated by `m`, added to runtime `position`, shifted to map units.
fn place(position: [i32; 3], m: &Mat3, v: [i32; 3]) -> [i32; 3] {
    let t = m.transform_int(v);
    [0, 1, 2].map(|k| position[k].wrapping_add(t[k]) >> 8)
}

fn f(p: [i32; 3]) -> [f32; 3] {
    p.map(|c| c as f32)
}

/// The best facing wall (class 1, greatest fraction) of the horizontal segment from `a` to `b`
/// over every candidate.
fn wall<'a, S: Scene<'a>>(
    scene: &S,
    cands: &Candidates,
    a: [i32; 3],
    b: [i32; 3],
    heading: u16,
) -> Option<WorldContact> {
    let mut best: Option<WorldContact> = None;
    for (_, cand, p, c) in segment_hits(scene, cands, f(a), f(b), false) {
        let w = world_contact(&p, cand.placement, &c);
        if SurfaceClass::from_normal_y(w.normal[1]) != SurfaceClass::Side
            || !within_quarter(facing(w.normal), heading)
        {
            continue;
        }
        if best.is_none_or(|b| w.fraction > b.fraction) {
            best = Some(w);
        }
    }
    best
}

/// One pass at forward offset `p` (runtime units) for an actor at runtime `position` with
/// matrix `m` and heading `heading`: steps 1–4 of "Ledge scan", appending to `scan`.
pub fn pass<'a, S: Scene<'a>>(
    scene: &S,
    cands: &Candidates,
    position: [i32; 3],
    m: &Mat3,
    heading: u16,
    p: i32,
    scan: &mut Scan,
) {
    let ahead = AHEAD.wrapping_add(p);
    let a = place(position, m, [0, HALF_HEIGHT, ahead]);
    let b = place(position, m, [0, -HALF_HEIGHT, ahead]);
    // Each candidate's top: its class 4 contact of the greatest positive fraction, as
    // (candidate, fraction, Y, placement), in candidate order.
    let mut tops: heapless::Vec<(usize, i32, i32, usize), { super::candidates::MAX_CANDIDATES }> =
        heapless::Vec::new();
    for (k, cand, placed, c) in segment_hits(scene, cands, f(a), f(b), false) {
        let w = world_contact(&placed, cand.placement, &c);
        match SurfaceClass::from_normal_y(w.normal[1]) {
            SurfaceClass::Ground if w.fraction > 0 => match tops.last_mut() {
                Some(t) if t.0 == k => {
                    if w.fraction > t.1 {
                        *t = (k, w.fraction, w.point[1], cand.placement);
                    }
                }
                // One entry per candidate, and there are at most that many.
                _ => drop(tops.push((k, w.fraction, w.point[1], cand.placement))),
            },
            SurfaceClass::Underside if cand.flags & 0x08 == 0 => drop(scan.undersides.push(w.point[1])),
            _ => {}
        }
    }
    for &(_, _, top_y, top) in &tops {
        if scan.found.is_full() {
            break;
        }
        let near = place(position, m, [0, 0, p]);
        let far = place(position, m, [0, 0, ahead]);
        let at = |y: i32, q: [i32; 3]| [q[0], y, q[2]];
        let y = top_y.wrapping_add(WALL_DROP);
        let Some(w) = wall(scene, cands, at(y, far), at(y, near), heading) else { continue };
        let low = y.wrapping_add(LOWER_WALL);
        let wall_below = wall(scene, cands, at(low, far), at(low, near), heading).is_some();
        let _ = scan.found.push(Found {
            wall_below,
            point: [w.point[0], top_y, w.point[2]].map(|c| c.wrapping_mul(256)),
            top,
            heading: facing(w.normal),
            wall: w.placement,
        });
    }
}

/// The fit test of a record: the actor's `spheres` with collision `matrix` at integer map
/// `origin`, and one head sphere, against the candidates in order. A body contact fails the
/// body test and ends the loop; until then each candidate also takes the head sphere, whose
/// class 8 contact fails the head test. Returns `(body_ok, head_ok)`.
pub fn fit<'a, S: Scene<'a>>(
    scene: &S,
    cands: &Candidates,
    origin: [i32; 3],
    matrix: [[f32; 3]; 3],
    spheres: impl Iterator<Item = Sphere> + Clone,
    head: Sphere,
) -> (bool, bool) {
    let mut head_ok = true;
    for k in 0..cands.faces.len() {
        let mut one = Candidates::new();
        if let Some(&c) = cands.faces.get(k) {
            let _ = one.faces.push(c);
        }
        if sphere_contacts(scene, &one, origin, matrix, spheres.clone()).next().is_some() {
            return (false, head_ok);
        }
        let under =
            sphere_contacts(scene, &one, origin, matrix, core::iter::once(head)).any(|(_, cand, p, c)| {
                SurfaceClass::from_normal_y(world_contact(&p, cand.placement, &c).normal[1])
                    == SurfaceClass::Underside
            });
        if under {
            head_ok = false;
        }
    }
    (true, head_ok)
}
