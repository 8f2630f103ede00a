//! Body contacts and the responses to them ({M}, with the {D:engine/player.md}):
//! "Primary body-contact collection", "Body-contact facing admission", "Horizontal
//! body-contact response", "Grounded wall-facing adjustment" and "Residual static-contact
//! separation".
//!
//! These are the seed's arithmetic. The {D:engine/player.md} narrow *when* they run: primary
//! body response only for living states 0, 15 and 27–32; the heading adjustment only with
//! the queued, falling, living-state and sliding bytes all zero; residual separation after
//! the overlap stage with working radii halved in state 15 and scaled by 200/256 while
//! queued or falling. Those gates read actor state, so the actor update applies them.

use super::SurfaceClass;
use crate::math::{direction_from_displacement, round_ties_even};

/// Model contacts after which primary collection stops.
pub const MAX_PRIMARY_MODEL_CONTACTS: usize = 16;
/// Length of a normalised movement or normal.
pub const NORMALISED: f64 = 65536.0;
/// Largest heading step of the wall-facing adjustment.
pub const WALL_TURN_STEP: i32 = 32;

/// A body contact: integer world point and normal, and its stored class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BodyContact {
    /// Nearest map-unit contact point.
    pub point: [i32; 3],
    /// Integer normal × 256.
    pub normal: [i32; 3],
    /// Classification of the integer normal's Y.
    pub class: SurfaceClass,
}

impl BodyContact {
    /// A contact classified by its integer normal.
    pub fn new(point: [i32; 3], normal: [i32; 3]) -> BodyContact {
        BodyContact { point, normal, class: SurfaceClass::from_normal_y(normal[1]) }
    }
}

/// The primary body query's contact list: at most 16 model contacts and one terrain contact.
pub type PrimaryContacts = heapless::Vec<BodyContact, { MAX_PRIMARY_MODEL_CONTACTS + 1 }>;

/// "Primary body-contact collection": model contacts in candidate and contact order, up to
/// the sixteenth (then later candidates and the terrain are omitted); an available terrain
/// contact is appended only below sixteen.
pub fn collect_primary(
    models: impl IntoIterator<Item = BodyContact>,
    terrain: Option<BodyContact>,
) -> PrimaryContacts {
    let mut out = PrimaryContacts::new();
    for c in models {
        let _ = out.push(c);
        if out.len() == MAX_PRIMARY_MODEL_CONTACTS {
            return out;
        }
    }
    if let Some(t) = terrain {
        let _ = out.push(t);
    }
    out
}

/// The 2047 correction: differences below −1024 gain 2047, above 1024 lose 2047 — not 2048,
/// as the original does, which makes the quarter-turn boundaries asymmetric.
pub const fn correct_2047(diff: i32) -> i32 {
    if diff < -1024 {
        diff + 2047
    } else if diff > 1024 {
        diff - 2047
    } else {
        diff
    }
}

/// The movement heading of a response: from the current-minus-previous X/Z displacement,
/// or the actor's heading when X and Z are unchanged.
pub fn movement_heading(current: [i32; 3], previous: [i32; 3], heading: u16) -> i32 {
    let (dx, dz) = (current[0].wrapping_sub(previous[0]), current[2].wrapping_sub(previous[2]));
    if dx == 0 && dz == 0 { heading as i32 } else { direction_from_displacement(dx, dz) as i32 }
}

/// The opposing actor-facing heading of a contact normal: the normal's quantised actor
/// heading ("Direction recovered from displacement", which already negates the raw bearing
/// once) plus half a turn, masked to 2047 — the heading that runs head-on into the wall.
/// Seed 000 "Body-contact facing admission" and "Grounded wall-facing adjustment" both use
/// it ("adding half a turn to its negated quantized heading").
pub fn opposing_heading(normal: [i32; 3]) -> i32 {
    (direction_from_displacement(normal[0], normal[2]) as i32 + 1024) & 2047
}

/// "Body-contact facing admission": ground contacts (class 4) never enter wall response;
/// others face the movement when the opposing normal heading minus the movement heading,
/// after the 2047 correction, is strictly between −512 and 512.
pub fn faces_movement(contact: &BodyContact, movement_heading: i32) -> bool {
    if contact.class == SurfaceClass::Ground {
        return false;
    }
    let diff = correct_2047(opposing_heading(contact.normal) - movement_heading);
    diff > -512 && diff < 512
}

/// Normalises an integer vector to length 65536: the length ÷ 65536 stored as f32, each
/// component divided by it and stored as f32, then nearest-even. A zero vector stays zero.
pub fn normalise(v: [i32; 3]) -> [i32; 3] {
    let sq = v.iter().map(|&c| c as f64 * c as f64).sum::<f64>();
    if sq == 0.0 {
        return [0; 3];
    }
    let scale = (libm::sqrt(sq) / NORMALISED) as f32;
    v.map(|c| round_ties_even((c as f64 / scale as f64) as f32) as i32)
}

/// What the horizontal response did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Horizontal {
    /// Slid along the wall: the new X and Z.
    Projected {
        /// New X, runtime units.
        x: i32,
        /// New Z, runtime units.
        z: i32,
    },
    /// Head-on: the previous X and Z are restored.
    Restored,
}

/// "Horizontal body-contact response" for a facing wall contact: the displacement from
/// `previous` to `attempted` (Y included) normalised to 65536; `dot = (mx·nx + mz·nz) >> 8`;
/// above `slide_range` the movement minus its normal component, each component `>> 4`, is
/// added to the previous X and Z; otherwise X and Z go back to the previous position.
///
/// The normal component is `(dot × n) >> 8` (the normal is 256 long, the movement 65536):
/// the seed names the subtraction, not its scaling, and this is the unit-consistent one.
pub fn horizontal_response(
    previous: [i32; 3],
    attempted: [i32; 3],
    normal: [i32; 3],
    slide_range: i32,
) -> Horizontal {
    let m = normalise([0, 1, 2].map(|k| attempted[k].wrapping_sub(previous[k])));
    let dot = (m[0] as i64 * normal[0] as i64 + m[2] as i64 * normal[2] as i64) >> 8;
    if dot > slide_range as i64 {
        let px = m[0] as i64 - ((dot * normal[0] as i64) >> 8);
        let pz = m[2] as i64 - ((dot * normal[2] as i64) >> 8);
        Horizontal::Projected {
            x: previous[0].wrapping_add((px >> 4) as i32),
            z: previous[2].wrapping_add((pz >> 4) as i32),
        }
    } else {
        Horizontal::Restored
    }
}

/// "Grounded wall-facing adjustment": starting from the attempted displacement's heading,
/// turn up to 32 away from the head-on heading [`opposing_heading`] (a positive 2047-corrected
/// difference subtracts, a negative one adds, zero keeps); then a pre-response heading more
/// than a quarter turn from the movement heading (full-turn wrap) flips the result by half
/// a turn.
///
/// The opposing heading is the same one the facing admission uses: an earlier reading took
/// `(1024 − h) & 2047`, negating the already negated heading a second time, which agrees
/// with this one only for walls facing ±Z and turned Cyrus into ±X walls until he stuck.
pub fn wall_facing(movement_heading: i32, normal: [i32; 3], pre_response_heading: u16) -> u16 {
    let diff = correct_2047(opposing_heading(normal) - movement_heading);
    let mut adjusted = movement_heading - diff.signum() * diff.abs().min(WALL_TURN_STEP);
    let mut turn = ((pre_response_heading as i32 & 2047) - (movement_heading & 2047)) & 2047;
    if turn > 1024 {
        turn -= 2048;
    }
    if turn.abs() > 512 {
        adjusted += 1024;
    }
    (adjusted & 2047) as u16
}

/// The residual separation distance: the X/Z displacement's length (components stored as
/// f32, squares summed wide, stored as f64, square root stored as f32, nearest-even) `>> 8`,
/// at least `poly_push_units`.
pub fn separation_distance(dx: i32, dz: i32, poly_push_units: i32) -> i32 {
    let (x, z) = (dx as f32 as f64, dz as f32 as f64);
    let length = crate::math::sqrt_f32(x * x + z * z);
    (round_ties_even(length) as i32 >> 8).max(poly_push_units)
}

/// "Residual static-contact separation": the contacts' integer normals summed, each
/// component divided by the count (truncating), normalised to 65536, `>> 8`, and X and Z
/// times `distance` added to the position. `None` without contacts; Y is never changed.
pub fn residual_push(position: [i32; 3], normals: &[[i32; 3]], distance: i32) -> Option<[i32; 3]> {
    let sum = normals
        .iter()
        .fold([0i32; 3], |a, v| [a[0].wrapping_add(v[0]), a[1].wrapping_add(v[1]), a[2].wrapping_add(v[2])]);
    residual_push_sum(position, sum, normals.len() as u32, distance)
}

/// [`residual_push`] from the (wrapping) sum of `count` contact normals.
pub fn residual_push_sum(position: [i32; 3], sum: [i32; 3], count: u32, distance: i32) -> Option<[i32; 3]> {
    if count == 0 {
        return None;
    }
    let n = count.min(i32::MAX as u32) as i32;
    let unit = normalise(sum.map(|c| c.wrapping_div(n))).map(|c| c >> 8);
    Some([
        position[0].wrapping_add(unit[0].wrapping_mul(distance)),
        position[1],
        position[2].wrapping_add(unit[2].wrapping_mul(distance)),
    ])
}
