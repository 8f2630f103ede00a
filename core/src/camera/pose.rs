//! The camera pose stage ({D:engine/SOUP.md} "Camera pose stage order" and the sections it
//! names): compose a candidate, check the obstacle segment, correct the distance and height,
//! respond to the camera body's contacts, limit the movement, clamp to the terrain, publish,
//! then orient.

use super::{Camera, flag};
use crate::math::{rounded_distance, sqrt_f32};
use crate::math::{wrapping_add3, wrapping_sub3};

/// What the pose stage reads of the world.
pub trait CameraScene {
    /// The bound actor's position (runtime units) and angles (pitch, yaw, roll); `None` is
    /// the selected player. `None` when there is no such actor.
    fn bound(&self, actor: Option<u16>) -> Option<([i32; 3], [i32; 3])>;
    /// The obstacle segment query ({D:engine/SOUP.md} "Camera collision candidate radius",
    /// "Camera collision candidate eligibility", "Camera collision result selection") from `from`
    /// to `to` (map units), models of radius strictly above `cutoff` (map units), the bound actor
    /// `excluded`'s own model
    /// skipped: `hit(point, rank)` for every hit record, point in map units, rank the segment
    /// parameter × 32,768.
    fn obstacle(
        &self,
        from: [i32; 3],
        to: [i32; 3],
        cutoff: i32,
        excluded: Option<u16>,
        hit: &mut dyn FnMut([i32; 3], i32),
    );
    /// The camera body's contact normals (× 256) for a sphere of `radius` map units at `at`
    /// (map units), in contact order.
    fn body_normals(&self, at: [i32; 3], radius: f32, normal: &mut dyn FnMut([i32; 3]));
    /// The terrain height (map units, Y down) under map `(x, z)`, when there is terrain.
    fn terrain_height(&self, x: i32, z: i32) -> Option<f32>;
    /// The update's frame scale (256 = one nominal tick).
    fn frame_scale(&self) -> i32;
}

/// What one pose update did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PoseReport {
    /// An obstacle segment check hit.
    pub collided: bool,
    /// The terrain clamp corrected the position.
    pub terrain: bool,
    /// Movement limiting scaled the displacement.
    pub limited: bool,
}

/// "Camera initial state": record zero selected, the transition, active and nesting words
/// zero, one pose update without movement limiting published as both the current and the
/// previous pose, and the render pose cut to it (the snap mark set, hold and forced glide
/// cleared).
pub fn setup(cam: &mut Camera, scene: &impl CameraScene) {
    cam.select(0);
    (cam.transition, cam.scripted, cam.nesting) = (0, 0, 0);
    update(cam, scene, false);
    cam.previous_position = cam.position;
    cam.previous_angles = cam.angles;
    cam.marks = super::Marks { snap: true, hold: false, forced_glide: false };
    cam.render_position = cam.position.map(|c| (c / 256) as f32);
    cam.render_angles = cam.angles;
}

/// One pose update of the selected record ("Camera update"; `limit` false is setup's pass,
/// which omits movement limiting).
pub fn update(cam: &mut Camera, scene: &impl CameraScene, limit: bool) -> PoseReport {
    let mut report = PoseReport::default();
    let record = cam.records[cam.record];
    let Some((bound, angles)) = scene.bound(record.bound) else { return report };
    let mut candidate = compose(cam, bound, angles);
    let collide = record.flags & flag::COLLIDE != 0 && !cam.marks.forced_glide;
    if collide && obstacle(cam, scene, &mut candidate, bound, angles) {
        report.collided = true;
        distance_height(cam, &mut candidate, bound);
        body_response(cam, scene, &mut candidate);
        report.terrain |= terrain_clamp(cam.shared.body_radius, scene, &mut candidate);
    }
    if collide && obstacle(cam, scene, &mut candidate, bound, angles) {
        report.collided = true;
    }
    distance_height(cam, &mut candidate, bound);
    body_response(cam, scene, &mut candidate);
    if limit {
        report.limited = movement_limit(cam, scene.frame_scale(), &mut candidate);
    }
    report.terrain |= terrain_clamp(cam.shared.body_radius, scene, &mut candidate);
    // "Camera pose publication".
    if report.collided || report.terrain || (cam.transition == 1 && !report.limited) {
        cam.transition = 0;
    }
    cam.previous_position = cam.position;
    cam.previous_angles = cam.angles;
    cam.position = candidate;
    orient(cam, bound, angles);
    cam.report = report;
    report
}

/// "Camera request candidate position": the distance raised to the minimum when below it
/// (compared shifted left eight, replaced unshifted); flag 0x04 the request plus the bound
/// position, else flag 0x08 the request; else the bound position plus the rotated position
/// offset plus `(0, 0, −distance << 8)` rotated by the bound angles minus the angle offset
/// (flag 0x80: the first of those the negated first offset).
pub fn compose(cam: &mut Camera, bound: [i32; 3], angles: [i32; 3]) -> [i32; 3] {
    let r = &mut cam.records[cam.record];
    if r.distance.wrapping_shl(8) < r.min_distance {
        r.distance = r.min_distance;
    }
    if r.flags & flag::RELATIVE != 0 {
        return wrapping_add3(r.request, bound);
    }
    if r.flags & flag::ABSOLUTE != 0 {
        return r.request;
    }
    let offset = Camera::rotate(r.position_offset, angles);
    let mut turn = [0, 1, 2].map(|k| angles[k].wrapping_sub(r.angle_offset[k]) & crate::units::ANGLE_MASK);
    if r.flags & flag::OFFSET_PITCH != 0 {
        turn[0] = r.angle_offset[0].wrapping_neg() & crate::units::ANGLE_MASK;
    }
    let behind = Camera::rotate([0, 0, r.distance.wrapping_shl(8).wrapping_neg()], turn);
    wrapping_add3(wrapping_add3(bound, offset), behind)
}

/// "Camera collision response": from the target (the rotated target offset plus the bound
/// position) to the candidate; any hit replaces the candidate with the shared
/// minimum-position output, which only a rank strictly below 32,767 replaces.
fn obstacle(
    cam: &mut Camera,
    scene: &impl CameraScene,
    candidate: &mut [i32; 3],
    bound: [i32; 3],
    angles: [i32; 3],
) -> bool {
    let r = cam.records[cam.record];
    let target = wrapping_add3(Camera::rotate(r.target_offset, angles), bound);
    let (mut count, mut best) = (0u32, 32767);
    let nearest = &mut cam.nearest_hit;
    scene.obstacle(
        target.map(|c| c >> 8),
        candidate.map(|c| c >> 8),
        cam.shared.obstacle >> 8,
        r.bound,
        &mut |p, rank| {
            count += 1;
            if rank < best {
                best = rank;
                *nearest = p.map(|c| c.wrapping_shl(8));
            }
        },
    );
    if count != 0 {
        *candidate = cam.nearest_hit;
    }
    count != 0
}

/// "Camera distance-height correction" (selected index 0 or 3): closer than the record's
/// distance, the candidate rises to the bound Y minus the vertical delta scaled by distance
/// over closeness; X and Z stay.
fn distance_height(cam: &Camera, candidate: &mut [i32; 3], bound: [i32; 3]) {
    if !matches!(cam.index, 0 | super::COMBAT) {
        return;
    }
    let d = wrapping_sub3(*candidate, bound).map(|c| (c / 256) as f32);
    let sum = d.iter().fold(0.0f32, |s, &c| (s as f64 + c as f64 * c as f64) as f32);
    let mut distance = sqrt_f32(sum as f64);
    if distance == 0.0 {
        distance = 0.1;
    }
    let threshold = cam.records[cam.record].distance as f32;
    if distance < threshold {
        let ratio = (d[1] as f64 / distance as f64) as f32;
        let scaled = (ratio as f64 * threshold as f64) as f32;
        candidate[1] = bound[1].wrapping_sub((libm::fabsf(scaled) * 256.0) as i32);
    }
}

/// "Camera contact-normal response": the camera body's contact normals summed (each /256,
/// stored f32), normalized, or the first contact's normal when they cancel; the truncated
/// body radius along it, × 256 truncated, added to the candidate.
fn body_response(cam: &Camera, scene: &impl CameraScene, candidate: &mut [i32; 3]) {
    let (mut sum, mut first, mut any) = ([0.0f32; 3], [0.0f32; 3], false);
    scene.body_normals(candidate.map(|c| c >> 8), cam.shared.body_radius, &mut |n| {
        let n = n.map(|c| c as f32 / 256.0);
        if !any {
            first = n;
            any = true;
        }
        sum = [0, 1, 2].map(|k| sum[k] + n[k]);
    });
    if !any {
        return;
    }
    let direction = if sum != [0.0; 3] {
        let length = sqrt_f32(sum.iter().map(|&c| c as f64 * c as f64).sum());
        let reciprocal = (1.0 / length as f64) as f32;
        sum.map(|c| c * reciprocal)
    } else {
        first
    };
    let radius = cam.shared.body_radius as i32 as f32;
    for k in 0..3 {
        let push = radius * direction[k];
        candidate[k] = candidate[k].wrapping_add((push * 256.0) as i32);
    }
}

/// The timing helper: the frame scale floored at 180, a wrapping product, shifted right
/// eight.
fn timed(v: i32, frame_scale: i32) -> i32 {
    v.wrapping_mul(frame_scale.max(180)) >> 8
}

/// "Camera movement limiting" (bypassed by flag 0x01): outside slot one the vertical
/// displacement is held above the timed `-max_y_vel` and at most `max_y_vel`; a
/// displacement longer than the timed budget (the last published move plus `max_acc`,
/// capped by the record's maximum) is scaled by an 8-bit fraction. Reports the scaling.
fn movement_limit(cam: &Camera, frame_scale: i32, candidate: &mut [i32; 3]) -> bool {
    let r = &cam.records[cam.record];
    if r.flags & flag::UNLIMITED != 0 {
        return false;
    }
    let mut d = wrapping_sub3(*candidate, cam.position);
    if cam.index != 1 {
        let lower = timed(cam.shared.vertical, frame_scale);
        if d[1] < lower {
            d[1] = lower;
        } else if d[1] > lower.wrapping_neg() {
            d[1] = cam.shared.vertical.wrapping_neg();
        }
    }
    let moved = rounded_distance(wrapping_sub3(cam.position, cam.previous_position));
    let budget = (moved.wrapping_add(cam.shared.budget_increment) as u32).min(r.max_vel) as i32;
    let budget = timed(budget, frame_scale);
    let length = rounded_distance(d);
    let limited = length > budget;
    if limited && length != 0 {
        let fraction = budget.wrapping_shl(8) / length;
        d = d.map(|c| c.wrapping_mul(fraction) >> 8);
    }
    *candidate = wrapping_add3(cam.position, d);
    limited
}

/// "Camera terrain-height clamp": a candidate whose Y plus the clearance is strictly greater
/// than the truncated terrain height (Y down) goes to that height minus the clearance. The
/// height is the camera's own plane over the vertex cache ([`crate::terrain::camera_height`]:
/// the retained window's wave heights within 15 cells, the map beyond). The clearance is
/// the body radius × 1,024 — a best guess: the docs name only "the camera body's stored
/// clearance parameter" and give it no value.
pub fn terrain_clamp(body_radius: f32, scene: &impl CameraScene, candidate: &mut [i32; 3]) -> bool {
    let Some(h) = scene.terrain_height(candidate[0] >> 8, candidate[2] >> 8) else { return false };
    let height = (h as i32).wrapping_mul(256);
    let clearance = (body_radius * 1024.0) as i32;
    if candidate[1].wrapping_add(clearance) > height {
        candidate[1] = height.wrapping_sub(clearance);
        return true;
    }
    false
}

/// "Camera orientation retention": flag 0x02 keeps the previously published angles;
/// otherwise the camera looks from its published position at the bound position plus the
/// rotated target offset (slots 0 and 1 its vertical component only), and the record's
/// bound-position history takes the bound position.
fn orient(cam: &mut Camera, bound: [i32; 3], angles: [i32; 3]) {
    let index = cam.index;
    let r = &mut cam.records[cam.record];
    if r.flags & flag::FIXED_ORIENTATION != 0 {
        cam.angles = cam.previous_angles;
        return;
    }
    let t = if index <= 1 { [0, r.target_offset[1], 0] } else { r.target_offset };
    let target = wrapping_add3(Camera::rotate(t, angles), bound);
    r.history = bound;
    cam.angles = Camera::orientation(wrapping_sub3(cam.position, target));
}

/// The render-step terrain correction of a glided position (runtime units).
pub fn clamp_to_terrain(body_radius: f32, scene: &impl CameraScene, p: [i32; 3]) -> [i32; 3] {
    let mut p = p;
    terrain_clamp(body_radius, scene, &mut p);
    p
}
