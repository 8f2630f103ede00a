//! The original camera ({D:engine/SOUP.md} "Camera record initialization" through
//! "XResetCamera"): nine camera records, the slot the selected player's state asks for, the
//! pose stage that composes a candidate, collides it, limits it and publishes it
//! ([`pose`]), and the render step that glides or cuts the drawn pose towards the published
//! one ([`Camera::render_step`]).
//!
//! The camera reaches the world only through [`pose::CameraScene`] (the bound actor's pose, the
//! obstacle segment query, the camera body's contacts, the terrain height), so it sits
//! below the actors and the world that drive it. The published position is the original's
//! view origin: it centres the actor update window and is where sounds are heard from.

pub mod pose;

#[cfg(test)]
mod tests;

use crate::actor::living;
use crate::config::SystemConfig;
use crate::units::{ANGLE_MASK, Angles, HALF_TURN};

/// Camera records: slot 0 follow, 1, 2 scripted, 3 combat, 4 hanging, 5 rope, 6 rope
/// above, 7 rope below, 8 debug.
pub const RECORDS: usize = 9;
/// The scripted-camera record.
pub const SCRIPTED: usize = 2;
/// The combat slot.
pub const COMBAT: usize = 3;
/// The hanging slot.
pub const HANGING: usize = 4;
/// The rope slot.
pub const ROPE: usize = 5;
/// The debug slot.
pub const DEBUG: usize = 8;

/// Record flag bits ({D:engine/SOUP.md} "Camera request candidate position" and after).
pub mod flag {
    /// Bypasses movement limiting (and lets a slot request through the selection guard).
    pub const UNLIMITED: u8 = 0x01;
    /// Keeps the previously published angles ("Camera orientation retention").
    pub const FIXED_ORIENTATION: u8 = 0x02;
    /// The request is relative to the bound position.
    pub const RELATIVE: u8 = 0x04;
    /// The request is an absolute position.
    pub const ABSOLUTE: u8 = 0x08;
    /// Suppresses automatic slot reselection ("Ordinary camera selection inhibition").
    pub const HOLD: u8 = 0x20;
    /// The obstacle segment check runs.
    pub const COLLIDE: u8 = 0x40;
    /// The distance vector's pitch is the negated first angle offset alone.
    pub const OFFSET_PITCH: u8 = 0x80;
}

/// The installed `[camera]` glide factors: `glide_x`, `glide_y`, `glide_z`, then
/// `glide_angle_x`, `glide_angle_y`, `glide_angle_z` ({D:config/system-ini.md}). SYSTEM.INI
/// holds them as decimals; Stros reads only the installed file, so they are constants.
pub const GLIDE: [f32; 6] = [0.9, 0.2, 0.9, 0.7, 0.1, 0.7];

/// One camera record.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// Flag bits ([`flag`]).
    pub flags: u8,
    /// The bound actor; `None` is the selected player (every record but a scripted one).
    pub bound: Option<u16>,
    /// Position offset, runtime units, rotated by the bound angles.
    pub position_offset: [i32; 3],
    /// Angle offset (pitch, yaw, roll).
    pub angle_offset: [i32; 3],
    /// Target offset, runtime units: where the camera looks, from the bound position.
    pub target_offset: [i32; 3],
    /// Distance behind the bound actor, map units.
    pub distance: i32,
    /// Minimum distance (compared with the distance shifted left eight).
    pub min_distance: i32,
    /// Maximum movement per update, runtime units (unsigned in the original).
    pub max_vel: u32,
    /// Left position limit.
    pub left: i32,
    /// Right position limit (stored negated).
    pub right: i32,
    /// The scripted request vector.
    pub request: [i32; 3],
    /// The bound-position history the orientation stage refreshes.
    pub history: [i32; 3],
    /// The rope slots' aim vector.
    pub aim: [i32; 3],
}

/// The four marks the render step reads ({D:engine/SOUP.md} "Camera marks and the render
/// camera step"); the "in frame" mark is always set in Stros, which draws one frame per
/// update.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// A cut is pending.
    pub snap: bool,
    /// Forces a cut.
    pub hold: bool,
    /// Forces a glide and skips the obstacle check for the frame.
    pub forced_glide: bool,
}

/// What a scripted pan keeps between its invocations (the original keeps it beside the
/// task; Stros keeps one, as only one scripted camera runs at a time).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pan {
    /// Start vector (or start position of an object pan).
    pub start: [i32; 3],
    /// Start distance.
    pub start_distance: i32,
    /// Start angles.
    pub start_angles: [i32; 3],
    /// Target angles.
    pub target: [i32; 3],
    /// Angle delta, each component wrapped into half a turn either side of zero.
    pub delta: [i32; 3],
    /// Final distance.
    pub distance: i32,
    /// An object pan's vector (`<< 8`, rotated for `showObjPanLoc`).
    pub vector: [i32; 3],
    /// An object pan's rotated position offset.
    pub offset: [i32; 3],
}

/// What the selected player's state contributes to slot selection and the render step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayerCamera {
    /// `IsHoldingWeapon`.
    pub holding_weapon: bool,
    /// Living state.
    pub living: u8,
    /// A rope association.
    pub rope: bool,
}

impl PlayerCamera {
    /// "Player camera slot selection": 3 holding a weapon, 8 with the debug word set, 4 in
    /// living state 15, 5 on a rope; `None` otherwise.
    pub fn slot(&self, debug: i32) -> Option<usize> {
        if self.holding_weapon {
            Some(COMBAT)
        } else if debug != 0 {
            Some(DEBUG)
        } else if self.living == living::HANGING {
            Some(HANGING)
        } else if self.rope {
            Some(ROPE)
        } else {
            None
        }
    }
}

/// Shared camera values outside the records ({D:engine/SOUP.md} "Camera record installed
/// settings", last paragraph).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Shared {
    /// `obstacle_size << 8`.
    pub obstacle: i32,
    /// `fudge_factor << 8`.
    pub fudge: i32,
    /// `max_acc`: the movement budget's increment.
    pub budget_increment: i32,
    /// `-max_y_vel`: the vertical limit.
    pub vertical: i32,
    /// The camera body's radius, map units.
    pub body_radius: f32,
    /// `[system] standing_height`, which `MovePlayerAboveMe` lifts the player's feet by.
    pub standing_height: i32,
}

/// The camera: records, selection, the published and render poses.
#[derive(Clone, Debug, PartialEq)]
pub struct Camera {
    /// The nine records.
    pub records: [Record; RECORDS],
    /// The selected record.
    pub record: usize,
    /// The selected index word (differs from `record` during a pan: {D:engine/SOUP.md}
    /// "Selected record and selected index").
    pub index: usize,
    /// The shared transition word.
    pub transition: i32,
    /// The scripted-camera active word.
    pub scripted: i32,
    /// The scripted-camera nesting count.
    pub nesting: i32,
    /// The shared debug word (zero at program start; nothing in the core sets it).
    pub debug: i32,
    /// The published position, runtime units.
    pub position: [i32; 3],
    /// The published angles (pitch, yaw, roll).
    pub angles: [i32; 3],
    /// The preceding published position.
    pub previous_position: [i32; 3],
    /// The preceding published angles.
    pub previous_angles: [i32; 3],
    /// The render position, whole map units.
    pub render_position: [f32; 3],
    /// The render angles.
    pub render_angles: [i32; 3],
    /// The render step's marks.
    pub marks: Marks,
    /// The shared minimum-position output of the obstacle query (never cleared).
    pub nearest_hit: [i32; 3],
    /// Shared values.
    pub shared: Shared,
    /// A scripted pan's state.
    pub pan: Pan,
    /// A location-camera native asked for one pose update with the bound record selected;
    /// the script host runs it as soon as the native returns, then clears flag 0x01.
    pub pose_requested: bool,
    /// That pose update is still not the published view origin: the world publishes it once
    /// the calling actor's update ends.
    pub publish_pending: bool,
    /// The screen-shake level (0 to 32).
    pub shake: i32,
    /// What the latest pose update did.
    pub report: pose::PoseReport,
    /// The frame's view angles: the published angles with the shake applied
    /// ([`Camera::frame_angles`]).
    pub view_angles: [i32; 3],
    /// `MovePlayerAboveMe`'s pending placement of the selected player: runtime position and
    /// yaw. The world applies it once after the update's actors and clears it.
    pub placement: Option<([i32; 3], i32)>,
    /// `XResetCamera` asked for the camera's reset; the world runs it after the native's
    /// script pass.
    pub reset_requested: bool,
    /// A `cameraController` hook ran: the world runs the camera update after that actor's
    /// update, in the traversal ({D:engine/SOUP.md} "Camera update").
    pub controller_requested: bool,
}

impl Default for Camera {
    fn default() -> Self {
        Camera::new(&SystemConfig::installed())
    }
}

/// `a − b` wrapped once into half a turn either side of zero.
pub fn half_turn(d: i32) -> i32 {
    if d < -HALF_TURN {
        d + 2 * HALF_TURN
    } else if d > HALF_TURN {
        d - 2 * HALF_TURN
    } else {
        d
    }
}

impl Camera {
    /// "Camera record initialization" and "Camera record installed settings": record zero
    /// from `[camera]`, copied to slots one to eight, then the slot-specific values. The
    /// target offset goes to records zero and three only. Nothing is published yet: the
    /// world's setup runs [`pose::setup`].
    pub fn new(c: &SystemConfig) -> Camera {
        let base = Record {
            flags: flag::COLLIDE,
            bound: None,
            position_offset: [c.offset_pos_x, c.offset_pos_y, c.offset_pos_z],
            angle_offset: [c.offset_angle_x, c.offset_angle_y, c.offset_angle_z],
            distance: c.camera_distance,
            min_distance: c.camera_min_distance,
            max_vel: c.max_vel as u32,
            left: c.camera_left_pos,
            right: c.camera_right_pos.wrapping_neg(),
            ..Record::default()
        };
        let mut records = [base; RECORDS];
        let target = [c.target_offset_x, c.target_offset_y, c.target_offset_z];
        records[0].target_offset = target;
        records[COMBAT].target_offset = target;
        let slots = [
            (
                COMBAT,
                [c.combat_angle_x, c.combat_angle_y, c.combat_angle_z],
                c.combat_distance,
                c.combat_max_vel,
            ),
            (HANGING, [c.hang_angle_x, c.hang_angle_y, c.hang_angle_z], c.hang_distance, c.hang_max_vel),
            (ROPE, [c.rope_angle_x, c.rope_angle_y, c.rope_angle_z], c.rope_distance, c.rope_max_vel),
            (
                6,
                [c.rope_above_angle_x, c.rope_above_angle_y, c.rope_above_angle_z],
                c.rope_above_distance,
                c.rope_above_max_vel,
            ),
            (
                7,
                [c.rope_below_angle_x, c.rope_below_angle_y, c.rope_below_angle_z],
                c.rope_below_distance,
                c.rope_below_max_vel,
            ),
        ];
        for (slot, angles, distance, max_vel) in slots {
            let r = &mut records[slot];
            r.angle_offset = angles;
            r.distance = distance;
            if max_vel != 0 {
                r.max_vel = max_vel as u32;
            }
        }
        // The debug slot's three reads all land in the first angle-offset field.
        let debug = &mut records[DEBUG];
        debug.angle_offset[0] = c.debug_angle_z;
        debug.distance = c.debug_distance;
        if c.debug_max_vel != 0 {
            debug.max_vel = c.debug_max_vel as u32;
        }
        records[6].aim = [c.rope_above_aim_x, c.rope_above_aim_y, c.rope_above_aim_z];
        records[7].aim = [c.rope_below_aim_x, c.rope_below_aim_y, c.rope_below_aim_z];
        records[6].flags = flag::COLLIDE;
        records[7].flags = flag::COLLIDE;
        records[ROPE].flags |= flag::OFFSET_PITCH;
        Camera {
            records,
            record: 0,
            index: 0,
            transition: 0,
            scripted: 0,
            nesting: 0,
            debug: 0,
            position: [0; 3],
            angles: [0; 3],
            previous_position: [0; 3],
            previous_angles: [0; 3],
            render_position: [0.0; 3],
            render_angles: [0; 3],
            marks: Marks::default(),
            nearest_hit: [0; 3],
            shared: Shared {
                obstacle: c.obstacle_size.wrapping_shl(8),
                fudge: c.fudge_factor.wrapping_shl(8),
                budget_increment: c.max_acc,
                vertical: c.max_y_vel.wrapping_neg(),
                body_radius: c.camera_scape_size as f32,
                standing_height: c.standing_height,
            },
            pan: Pan::default(),
            pose_requested: false,
            publish_pending: false,
            shake: 0,
            report: pose::PoseReport::default(),
            view_angles: [0; 3],
            placement: None,
            reset_requested: false,
            controller_requested: false,
        }
    }

    /// "Camera initial state and player-type settings": record zero's distance, minimum
    /// distance, target offset and position offset for a selected player of
    /// `attr_player_type` `player_type` (type one takes halved values and a Y of 6,400).
    pub fn load_player_type(&mut self, c: &SystemConfig, player_type: u8) {
        let r = &mut self.records[0];
        if player_type == 1 {
            r.distance = c.camera_distance >> 1;
            r.min_distance = c.camera_min_distance >> 1;
            r.target_offset = [c.target_offset_x >> 1, 6400, c.target_offset_z >> 1];
            r.position_offset = [c.offset_pos_x >> 1, 6400, c.offset_pos_z >> 1];
        } else {
            r.distance = c.camera_distance;
            r.min_distance = c.camera_min_distance;
            r.target_offset = [c.target_offset_x, c.target_offset_y, c.target_offset_z];
            r.position_offset = [c.offset_pos_x, c.offset_pos_y, c.offset_pos_z];
        }
    }

    /// The selected record.
    pub fn selected(&self) -> &Record {
        &self.records[self.record]
    }

    /// The selected record, mutable.
    pub fn selected_mut(&mut self) -> &mut Record {
        &mut self.records[self.record]
    }

    /// Camera record selection: both the selected record and the index word.
    pub fn select(&mut self, slot: usize) {
        if slot < RECORDS {
            self.record = slot;
            self.index = slot;
        }
    }

    /// A slot request through the selection guard ({D:engine/SOUP.md} "Player camera slot
    /// selection"): a different slot is taken only when the transition word is zero or
    /// the current record has flag 0x01. "The current slot" is the selected record's: after
    /// a pan (index on the panned slot, record two) the request returns to the slot's own
    /// record, which the docs say the pan left unchanged for that. The docs do not say what
    /// sets the transition word; Stros sets it to one on a change, so a new slot settles (a
    /// pose update without limiting, or a correction) before the next change.
    pub fn request(&mut self, slot: usize) {
        if slot == self.record || slot >= RECORDS {
            return;
        }
        if self.transition == 0 || self.selected().flags & flag::UNLIMITED != 0 {
            self.select(slot);
            self.transition = 1;
        }
    }

    /// "Ordinary camera selection inhibition": unless a scripted camera is active or the
    /// selected record holds flag 0x20, the selected player's slot (or zero) is requested.
    pub fn reselect(&mut self, player: &PlayerCamera) {
        if self.scripted != 0 || self.selected().flags & flag::HOLD != 0 {
            return;
        }
        self.request(player.slot(self.debug).unwrap_or(0));
    }

    /// "Scripted camera begin and release", the begin: the active word set, slot two
    /// requested, the selected record's request cleared, the nesting count raised, its flags
    /// reset to 0x40 | 0x20.
    pub fn begin_scripted(&mut self) {
        self.scripted = 1;
        self.request(SCRIPTED);
        self.selected_mut().request = [0; 3];
        self.nesting = self.nesting.wrapping_add(1);
        self.selected_mut().flags = flag::COLLIDE | flag::HOLD;
    }

    /// The release step: slot two's record selected (the index word kept); 1 while
    /// `duration − 1` exceeds `elapsed`, else the nesting count drops (the active word
    /// clears at zero) and 0.
    pub fn release_step(&mut self, duration: i32, elapsed: i32) -> i32 {
        self.record = SCRIPTED;
        if duration.wrapping_sub(1) > elapsed {
            return 1;
        }
        self.nesting = self.nesting.wrapping_sub(1);
        if self.nesting <= 0 {
            self.nesting = 0;
            self.scripted = 0;
        }
        0
    }

    /// The camera-vector rotation ({D:engine/SOUP.md} "Camera request candidate position",
    /// last paragraph): identity, then negative yaw, positive pitch, positive roll, applied
    /// to the integer vector `v`.
    pub fn rotate(v: [i32; 3], angles: [i32; 3]) -> [i32; 3] {
        use crate::math::{Axis, Mat3};
        let mut m = Mat3::IDENTITY;
        m.rotate(Axis::Y, angles[1].wrapping_neg() & ANGLE_MASK);
        m.rotate(Axis::X, angles[0] & ANGLE_MASK);
        m.rotate(Axis::Z, angles[2] & ANGLE_MASK);
        m.transform_int(v)
    }

    /// "Camera orientation conversion" of a direction: yaw the X/Z bearing minus half a
    /// turn, pitch the bearing of the rounded horizontal length against Y minus a quarter
    /// turn, roll zero. The direction is scaled to length 65,536 first, each step stored as
    /// f32 and rounded to the nearest integer; a zero vector stays zero.
    pub fn orientation(d: [i32; 3]) -> [i32; 3] {
        use crate::math::{direction_from_displacement, round_ties_even, sqrt_f32};
        let f = d.map(|c| c as f32);
        let sum = f.iter().fold(0.0f32, |s, &c| (s as f64 + c as f64 * c as f64) as f32);
        let divisor = (sqrt_f32(sum as f64) as f64 / 65536.0) as f32;
        let q = if divisor == 0.0 {
            [0; 3]
        } else {
            f.map(|c| round_ties_even((c as f64 / divisor as f64) as f32) as i32)
        };
        let bearing = |x: i32, z: i32| -(direction_from_displacement(x, z) as i32) & ANGLE_MASK;
        let yaw = (bearing(q[0], q[2]) - HALF_TURN) & ANGLE_MASK;
        let horizontal = sqrt_f32((q[0] as f64) * (q[0] as f64) + (q[2] as f64) * (q[2] as f64));
        let pitch =
            (bearing(round_ties_even(horizontal) as i32, q[1]) - crate::units::QUARTER_TURN) & ANGLE_MASK;
        [pitch, yaw, 0]
    }

    /// The render step ({D:engine/SOUP.md} "Camera marks and the render camera step"): the
    /// render position clamped, then a glide towards the published pose (position per axis
    /// by `glide_x/y/z`, through `terrain`; the published angles smoothed in place) or a cut
    /// to it. `player` is the selected player's state (a weapon or a rope forces a glide).
    pub fn render_step(&mut self, player: &PlayerCamera, terrain: impl Fn([i32; 3]) -> [i32; 3]) {
        for k in [0, 2] {
            self.render_position[k] = self.render_position[k].clamp(0.0, 65535.0);
        }
        let glide = if self.marks.hold {
            false
        } else if self.marks.forced_glide || player.holding_weapon || player.rope {
            true
        } else if self.scripted != 0 {
            false
        } else if !self.marks.snap {
            true
        } else if self.selected().flags & flag::HOLD != 0 {
            false
        } else {
            matches!(self.index, 0 | COMBAT | HANGING)
        };
        if glide && !self.marks.snap {
            let mut fixed = [0i32; 3];
            for (k, f) in fixed.iter_mut().enumerate() {
                let p = (self.position[k] / 256) as f32;
                let r = self.render_position[k];
                let g = (r as f64 + (p as f64 - r as f64) * GLIDE[k] as f64) as f32;
                *f = (g * 256.0) as i32;
            }
            let corrected = terrain(fixed);
            self.render_position = corrected.map(|c| (c / 256) as f32);
            let factors = [GLIDE[4], GLIDE[3], GLIDE[5]];
            for (k, factor) in factors.into_iter().enumerate() {
                let previous = self.render_angles[k];
                let d = half_turn(self.angles[k].wrapping_sub(previous));
                let step = (d as f32 * factor) as i32;
                self.angles[k] = previous.wrapping_add(step) & ANGLE_MASK;
            }
        } else {
            self.render_position = self.position.map(|c| (c / 256) as f32);
            self.marks.snap = false;
            self.marks.hold = false;
        }
        self.marks.forced_glide = false;
        self.render_angles = self.angles;
    }

    /// The frame's view angles ({D:engine/SOUP.md} "Frame view angles and screen shake"):
    /// the published angles, the first wobbled by the shake level (on even frames it is
    /// subtracted, then halved; on odd frames added and kept).
    pub fn frame_angles(&mut self, frame: u32) -> [i32; 3] {
        let mut a = self.angles;
        if frame.is_multiple_of(2) {
            a[0] = a[0].wrapping_sub(self.shake);
            self.shake >>= 1;
        } else {
            a[0] = a[0].wrapping_add(self.shake);
        }
        a.map(|c| c & ANGLE_MASK)
    }

    /// One screen-shake impulse: the level rises by 32, at most 32.
    pub fn shake_impulse(&mut self) {
        self.shake = (self.shake + 32).min(32);
    }

    /// The published angles as actor-style angles (pitch, yaw, roll).
    pub fn published_angles(&self) -> Angles {
        Angles::new(self.angles[0], self.angles[1], self.angles[2])
    }
}
