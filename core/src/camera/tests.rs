use super::pose::{self, CameraScene};
use super::*;
use crate::actor::living;

/// An open world: one actor, flat terrain at `ground` (or none), no obstacles.
struct Open {
    bound: ([i32; 3], [i32; 3]),
    ground: Option<f32>,
    walls: &'static [([i32; 3], i32)],
}

impl CameraScene for Open {
    fn bound(&self, _: Option<u16>) -> Option<([i32; 3], [i32; 3])> {
        Some(self.bound)
    }
    fn obstacle(&self, _: [i32; 3], _: [i32; 3], _: i32, _: Option<u16>, hit: &mut dyn FnMut([i32; 3], i32)) {
        for &(p, rank) in self.walls {
            hit(p, rank);
        }
    }
    fn body_normals(&self, _: [i32; 3], _: f32, _: &mut dyn FnMut([i32; 3])) {}
    fn terrain_height(&self, _: i32, _: i32) -> Option<f32> {
        self.ground
    }
    fn frame_scale(&self) -> i32 {
        256
    }
}

fn player_at(map: [i32; 3], yaw: i32) -> Open {
    Open { bound: (map.map(|c| c << 8), [0, yaw, 0]), ground: None, walls: &[] }
}

/// {D:engine/SOUP.md} "Follow camera observation": with the installed record zero a player
/// at (32464, −275, 33892) facing 22 has the camera at (32481, −330, 33642) facing 2027.
/// By hand: 250 behind along heading 22 is (+250 sin 22, −250 cos 22) = (+16.8, −249.4);
/// the position offset lifts it 14000/256 = 54.7; the look target is the player's Y plus the
/// same 54.7 (slot zero takes only the target offset's Y), so the pitch is 0; the direction
/// camera − target = (16.8, 0, −249.4) has bearing 1024 − 21 (the octant table at
/// 512 × 34/510), less half a turn: 2027.
#[test]
fn the_follow_camera_sits_behind_and_above_the_player() {
    let mut cam = Camera::default();
    let scene = player_at([32464, -275, 33892], 22);
    pose::setup(&mut cam, &scene);
    let map = cam.position.map(|c| c >> 8);
    assert_eq!(map, [32480, -330, 33642]);
    assert_eq!(cam.angles, [0, 2027, 0]);
    assert_eq!(cam.previous_position, cam.position);
    assert_eq!(cam.render_position, [32480.0, -329.0, 33642.0], "the cut truncates toward zero");
}

/// The installed slot settings ("Camera record installed settings").
#[test]
fn the_records_take_the_installed_slots() {
    let cam = Camera::default();
    let r = &cam.records;
    assert_eq!((r[0].distance, r[0].min_distance, r[0].max_vel), (250, 120, 8000));
    assert_eq!((r[0].flags, r[0].target_offset), (0x40, [-6000, -14000, 0]));
    assert_eq!(
        (r[COMBAT].angle_offset, r[COMBAT].distance, r[COMBAT].target_offset),
        ([134, 245, 0], 260, [-6000, -14000, 0])
    );
    assert_eq!(
        (r[HANGING].angle_offset, r[HANGING].distance, r[HANGING].target_offset),
        ([256, 0, 0], 250, [0; 3])
    );
    assert_eq!((r[ROPE].flags, r[ROPE].max_vel), (0xc0, 18000));
    assert_eq!((r[6].flags, r[6].aim, r[7].aim), (0x40, [-512, 0, 0], [512, 0, 0]));
    // The debug slot's three reads land in the first field; the last (z = 0) stays.
    assert_eq!((r[DEBUG].angle_offset, r[DEBUG].distance), ([0, 0, 0], 300));
    assert_eq!((r[1].right, r[1].left), (-5000, 5000));
    assert_eq!(
        (cam.shared.obstacle, cam.shared.vertical, cam.shared.budget_increment),
        (20 << 8, -5000, 5000)
    );
}

/// "Player camera slot selection" and the selection guard.
#[test]
fn slots_follow_the_player_through_the_guard() {
    let mut cam = Camera::default();
    let armed = PlayerCamera { holding_weapon: true, living: living::HANGING, rope: true };
    assert_eq!(armed.slot(0), Some(COMBAT));
    assert_eq!(PlayerCamera { holding_weapon: false, ..armed }.slot(1), Some(DEBUG));
    assert_eq!(PlayerCamera { holding_weapon: false, ..armed }.slot(0), Some(HANGING));
    assert_eq!(PlayerCamera { rope: true, ..Default::default() }.slot(0), Some(ROPE));
    assert_eq!(PlayerCamera::default().slot(0), None);
    cam.reselect(&armed);
    assert_eq!((cam.index, cam.record, cam.transition), (COMBAT, COMBAT, 1));
    // The transition word holds the slot until a pose clears it (or flag 0x01 is set).
    cam.reselect(&PlayerCamera::default());
    assert_eq!(cam.index, COMBAT);
    cam.records[COMBAT].flags |= flag::UNLIMITED;
    cam.reselect(&PlayerCamera::default());
    assert_eq!(cam.index, 0);
    // A scripted camera or flag 0x20 inhibits the automatic request.
    cam.transition = 0;
    cam.scripted = 1;
    cam.reselect(&armed);
    assert_eq!(cam.index, 0);
}

/// "Camera movement limiting": a jump of 100 map units (25,600) against a budget of
/// min(0 + 5000, 8000) = 5000 at scale 256: the fraction is (5000 << 8) / 25600 = 50, so
/// X becomes 25600 × 50 >> 8 = 5000, reported as limited; the slot-zero vertical limit
/// holds a rise of 10,000 at −5000.
#[test]
fn movement_is_limited_by_the_budget() {
    let mut cam = Camera::default();
    let mut scene = player_at([1000, 0, 1000], 0);
    pose::setup(&mut cam, &scene);
    let start = cam.position;
    scene.bound.0[0] += 25600;
    let report = pose::update(&mut cam, &scene, true);
    assert!(report.limited);
    assert_eq!(cam.position[0] - start[0], 5000);
    assert_eq!(cam.position[2], start[2]);
    let mut scene = player_at([1000, 0, 1000], 0);
    pose::setup(&mut cam, &scene);
    let start = cam.position;
    scene.bound.0[1] -= 10000;
    pose::update(&mut cam, &scene, true);
    assert_eq!(cam.position[1] - start[1], -5000);
}

/// "Camera terrain-height clamp": ground at Y = −300 lifts a camera whose Y plus the
/// clearance (5 × 1024) passes it to −300 × 256 − 5120; the collision result (a hit of
/// rank 100 at a point) replaces the candidate first.
#[test]
fn terrain_and_obstacles_move_the_candidate() {
    let mut cam = Camera::default();
    let mut scene = player_at([1000, -200, 1000], 0);
    scene.ground = Some(-300.7);
    pose::setup(&mut cam, &scene);
    assert_eq!(cam.position[1], -300 * 256 - 5120);
    let mut scene = player_at([1000, 0, 1000], 0);
    scene.walls = &[([1000, -60, 900], 100), ([1000, -60, 800], 32767)];
    pose::setup(&mut cam, &scene);
    assert_eq!(cam.nearest_hit, [1000 << 8, -60 << 8, 900 << 8]);
    assert_eq!([cam.position[0], cam.position[2]], [1000 << 8, 900 << 8]);
}

/// The render step: setup's snap mark cuts once; then slot zero glides by 0.9 in X
/// (from 1000 towards 1100: 1090) and 0.2 in Y, and the yaw by 0.7 of the change.
#[test]
fn the_render_pose_cuts_then_glides() {
    let mut cam = Camera::default();
    let scene = player_at([1000, 0, 1000], 0);
    pose::setup(&mut cam, &scene);
    let free = PlayerCamera::default();
    cam.render_step(&free, |p| p);
    assert!(!cam.marks.snap);
    let before = cam.render_position;
    cam.position[0] += 100 * 256;
    cam.position[1] -= 100 * 256;
    cam.angles[1] = 100;
    cam.render_step(&free, |p| p);
    assert_eq!(cam.render_position[0], before[0] + 90.0);
    assert_eq!(cam.render_position[1], before[1] - 20.0);
    assert_eq!(cam.angles[1], 70);
    // A scripted camera cuts.
    cam.scripted = 1;
    cam.position[0] += 100 * 256;
    cam.render_step(&free, |p| p);
    assert_eq!(cam.render_position[0], (cam.position[0] / 256) as f32);
}

/// "Frame view angles and screen shake": an impulse raises the level to 32 (capped); even
/// frames subtract it from the pitch and halve it, odd frames add it and keep it.
#[test]
fn the_shake_wobbles_the_pitch() {
    let mut cam = Camera { angles: [10, 20, 0], ..Camera::default() };
    cam.shake_impulse();
    cam.shake_impulse();
    assert_eq!(cam.shake, 32);
    assert_eq!(cam.frame_angles(0), [(10 - 32) & 2047, 20, 0]);
    assert_eq!(cam.shake, 16);
    assert_eq!(cam.frame_angles(1), [26, 20, 0]);
    assert_eq!(cam.shake, 16);
}
