//! The world as the camera sees it ([`CameraScene`]): the bound actor's pose, the obstacle
//! candidates ({D:engine/SOUP.md} "Camera collision candidate radius" and
//! "Camera collision candidate eligibility"),
//! the camera body's contacts and the terrain; and the camera's place in the update ("Camera
//! update": once per ordinary update, then the render step).

use super::World;
use super::live::{LiveModel, LiveScene};
use crate::camera::pose::{self, CameraScene};
use crate::camera::{Camera, PlayerCamera};
use crate::capacity::Capacity;
use crate::collision::candidates::{Candidate, Candidates, MAX_CANDIDATES, within_distance};
use crate::collision::shape::Sphere;
use crate::collision::statics::{IDENTITY, face_contacts, segment_contacts};
use crate::terrain::VertexCache;

/// What one camera update reads of the world: the actors, the selected player, the live
/// models, the terrain and the frame scale (the camera itself stays borrowable apart).
struct View<'w, 'a, C: Capacity> {
    actors: &'w [crate::actor::Actor],
    player: Option<u16>,
    scene: LiveScene<'w, 'a, C>,
    heights: &'w VertexCache<'a>,
    frame_scale: i32,
}

impl<C: Capacity> View<'_, '_, C> {
    /// The obstacle candidates: static placements, then live actors' face models, each
    /// with a radius strictly above `cutoff` whose centre is within the model radius plus the
    /// segment's added radius of `from`, up to 64.
    fn candidates(&self, from: [i32; 3], to: [i32; 3], cutoff: i32, excluded: Option<u16>) -> Candidates {
        // The added radius: twice the integer root of the wrapped sum of wrapped squares.
        let d = crate::math::wrapping_sub3(to, from);
        let sum = d.iter().fold(0i32, |s, &c| s.wrapping_add(c.wrapping_mul(c).wrapping_abs()));
        let added = 2 * (sum as u32).isqrt() as i32;
        let mut c = Candidates::new();
        let statics = self.scene.statics.placements();
        for (k, p) in statics.iter().enumerate() {
            if p.radius > cutoff as f32 && within_distance(from, added, p.position, p.radius) {
                if c.faces.is_full() {
                    break;
                }
                let _ = c.faces.push(Candidate { placement: k, flags: p.flags });
            }
        }
        for (k, l) in self.scene.live.iter().enumerate() {
            let p = &l.placed;
            if !l.face || Some(l.actor) == excluded || p.radius <= cutoff as f32 {
                continue;
            }
            if within_distance(from, added, p.position, p.radius) {
                if c.faces.len() == MAX_CANDIDATES {
                    break;
                }
                let _ = c.faces.push(Candidate { placement: statics.len() + k, flags: p.flags });
            }
        }
        c
    }
}

impl<C: Capacity> CameraScene for View<'_, '_, C> {
    fn bound(&self, actor: Option<u16>) -> Option<([i32; 3], [i32; 3])> {
        // Where the actor is seen: an attached or linked actor's effective pose.
        let a = self.actors.get(actor.or(self.player)? as usize)?;
        let angles = a.effective_angles();
        Some((a.effective_position(), [angles.pitch as i32, angles.heading as i32, angles.roll as i32]))
    }

    fn obstacle(
        &self,
        from: [i32; 3],
        to: [i32; 3],
        cutoff: i32,
        excluded: Option<u16>,
        hit: &mut dyn FnMut([i32; 3], i32),
    ) {
        let excluded = excluded.or(self.player);
        let lists = self.candidates(from, to, cutoff, excluded);
        let (a, b) = (from.map(|c| c as f32), to.map(|c| c as f32));
        for w in segment_contacts(&self.scene, &lists, a, b, false) {
            hit(w.point, w.fraction);
        }
    }

    fn body_normals(&self, at: [i32; 3], radius: f32, normal: &mut dyn FnMut([i32; 3])) {
        let sphere = Sphere { centre: [0; 3], radius: radius as i32 };
        let query = radius as i32 + 1;
        for w in face_contacts(&self.scene, at, &IDENTITY, core::iter::once(sphere), query) {
            normal(w.normal);
        }
    }

    fn terrain_height(&self, x: i32, z: i32) -> Option<f32> {
        crate::terrain::camera_height(self.heights, x, z)
    }

    fn frame_scale(&self) -> i32 {
        self.frame_scale
    }
}

impl<'a, C: Capacity> World<'a, C> {
    /// The camera.
    pub fn camera(&self) -> &Camera {
        &self.camera
    }

    /// The selected player's part in slot selection and the render step.
    fn player_camera(&self) -> PlayerCamera {
        self.selected_player().map_or(PlayerCamera::default(), |p| PlayerCamera {
            holding_weapon: p.holds_weapon(),
            living: p.living,
            rope: p.rope,
        })
    }

    /// Runs `f` with the camera and the world as the camera sees it.
    fn with_camera<R>(&mut self, f: impl FnOnce(&mut Camera, &View<'_, 'a, C>) -> R) -> R {
        let heights = self.vertex_cache();
        let mut live = C::Work::<LiveModel<'a>>::default();
        let player = self.selected_player_id();
        let bound = self.camera.selected().bound.or(player);
        self.live_models(bound.unwrap_or(u16::MAX), None, &mut live);
        let view = View {
            actors: &self.actors,
            player,
            scene: LiveScene { statics: &self.statics, live: &live },
            heights: &heights,
            frame_scale: self.report.tick.frame_scale,
        };
        let r = f(&mut self.camera, &view);
        self.publish_view();
        r
    }

    /// "Camera initial state": record zero takes the selected player's type settings, then
    /// setup's pose is published and cut to.
    pub(super) fn camera_setup(&mut self) {
        let kind = self.selected_player().map_or(0, |p| p.attr(crate::actor::attr::PLAYER_TYPE));
        self.camera.load_player_type(&self.config, kind);
        self.with_camera(|camera, view| pose::setup(camera, view));
        self.camera.view_angles = self.camera.angles;
    }

    /// "Camera update" and the render step: the automatic slot request, one pose update,
    /// then the glide or cut of the render pose (through the terrain correction).
    pub(super) fn camera_update(&mut self) {
        let player = self.player_camera();
        self.with_camera(|camera, view| {
            camera.reselect(&player);
            pose::update(camera, view, true);
            let radius = camera.shared.body_radius;
            camera.render_step(&player, |p| pose::clamp_to_terrain(radius, view, p));
        });
        self.camera.view_angles = self.camera.frame_angles(self.report.update);
    }

    /// `MovePlayerAboveMe`'s pending placement, applied once per frame and cleared: the
    /// selected player's position and its history take it, his yaw the angle, and the camera
    /// cuts instead of gliding ({D:engine/SOUP.md} "MovePlayerAboveMe").
    pub(super) fn apply_placement(&mut self) {
        let Some((position, yaw)) = self.camera.placement.take() else { return };
        if let Some(p) = self.selected_player_mut() {
            (p.position, p.previous) = (position, position);
            p.angles.heading = (yaw & 0x7ff) as u16;
            p.matrix = crate::math::Mat3::from_orientation(p.angles);
            self.camera.marks.snap = true;
        }
    }

    /// `XResetCamera` ({D:engine/SOUP.md} "XResetCamera"), run once the calling actor's
    /// update ends: `LockoutPlayer(0)`; the selected player's tasks killed and the five
    /// script-control bits 0x01–0x10 cleared (the byte before the task arrays: Stros's
    /// script-control byte); his matrix rebuilt and his angle histories set to his angles;
    /// the scripted-camera words cleared; record zero's player-type defaults reloaded,
    /// record zero selected with flags 0x40, and the first pose recomputed as setup does.
    /// (Step 5, the same for the camera actor, has nothing to act on: the core has no
    /// camera actor record.)
    pub(super) fn camera_reset(&mut self) {
        if !core::mem::take(&mut self.camera.reset_requested) {
            return;
        }
        self.player.lockout = 0;
        for a in self.actors.iter_mut() {
            super::align::lockout_attribute(a, 0, false);
        }
        let player = self.selected_player_id();
        if let Some(s) = player.and_then(|p| self.scripts.states.get_mut(p as usize)) {
            s.tasks.clear();
        }
        if let Some(p) = self.selected_player_mut() {
            p.script_control &= !0x1f;
            p.matrix = crate::math::Mat3::from_orientation(p.angles);
            p.previous_angles = p.angles;
        }
        (self.camera.scripted, self.camera.nesting) = (0, 0);
        self.camera.records[0].flags = crate::camera::flag::COLLIDE;
        self.camera_setup();
    }

    /// A location camera's one pose update with its record selected, then flag 0x01
    /// cleared ({D:engine/SOUP.md} "Location camera request").
    pub(super) fn camera_requested_pose(&mut self) {
        self.camera_reset();
        if !self.camera.pose_requested {
            return;
        }
        self.camera.pose_requested = false;
        self.with_camera(|camera, view| {
            pose::update(camera, view, true);
            camera.selected_mut().flags &= !crate::camera::flag::UNLIMITED;
        });
    }

    /// The published position is the view origin: the actor update window's centre and
    /// the listener; the listener's yaw is the published yaw (512 along +X).
    fn publish_view(&mut self) {
        self.view = self.camera.position;
        self.view_yaw = (self.camera.angles[1] & crate::units::ANGLE_MASK) as u16;
    }
}
