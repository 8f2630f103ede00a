//! The camera's place in the update ("Camera update": once per ordinary update, then the
//! render step), its setup and reset, and the view origin it publishes.

use super::World;
use super::live::LiveScene;
use super::view::View;
use crate::camera::pose;
use crate::camera::{Camera, PlayerCamera};
use crate::capacity::Capacity;

impl<'a, C: Capacity> World<'a, C> {
    /// The camera.
    pub fn camera(&self) -> &Camera {
        &self.systems.camera
    }

    /// The selected player's part in slot selection and the render step.
    fn player_camera(&self) -> PlayerCamera {
        self.selected_player().map_or(PlayerCamera::default(), |p| PlayerCamera {
            holding_weapon: p.holds_weapon(),
            living: p.living,
            rope: p.rope,
        })
    }

    /// Runs `f` with the camera and the world as the camera sees it. `in_step`: the step's
    /// crowd columns are current, and each camera query gathers the live models near it
    /// from them; otherwise every live model is gathered once.
    fn with_camera<R>(&mut self, in_step: bool, f: impl FnOnce(&mut Camera, &View<'_, 'a, C>) -> R) -> R {
        let heights = self.vertex_cache();
        let player = self.selected_player_id();
        let mut live = C::Work::<super::live::LiveModel<'a>>::default();
        let bound = self.systems.camera.selected().bound.or(player).unwrap_or(u16::MAX);
        if !in_step {
            self.tables().live_all(&self.tables.actors[..], bound, &mut live);
        }
        let view = View {
            actors: &self.tables.actors[..],
            player,
            scene: LiveScene { statics: &self.assets.statics, live: &live, transients: &[] },
            crowd: in_step.then(|| {
                (
                    &self.tables.crowd,
                    self.assets.model_tables(
                        self.tables.players,
                        self.tables.selected,
                        &self.systems.player.death,
                    ),
                    bound,
                )
            }),
            heights: &heights,
            frame_scale: self.systems.report.tick.frame_scale,
        };
        let r = f(&mut self.systems.camera, &view);
        self.publish_view();
        r
    }

    /// "Camera initial state": record zero takes the selected player's type settings, then
    /// setup's pose is published and cut to.
    pub(super) fn camera_setup(&mut self) {
        let kind = self.selected_player().map_or(0, |p| p.attr(crate::actor::attr::PLAYER_TYPE));
        self.systems.camera.load_player_type(&self.assets.config, kind);
        self.with_camera(false, |camera, view| pose::setup(camera, view));
        self.systems.camera.view_angles = self.systems.camera.angles;
    }

    /// "Camera update" and the render step: the automatic slot request, one pose update,
    /// then the glide or cut of the render pose (through the terrain correction).
    pub(super) fn camera_update(&mut self) {
        let player = self.player_camera();
        self.with_camera(true, |camera, view| {
            camera.reselect(&player);
            pose::update(camera, view, true);
            let radius = camera.shared.body_radius;
            camera.render_step(&player, |p| pose::clamp_to_terrain(radius, view, p));
        });
        self.systems.camera.view_angles = self.systems.camera.frame_angles(self.systems.report.update);
    }

    /// `MovePlayerAboveMe`'s pending placement, applied once per frame and cleared: the
    /// selected player's position and its history take it, his yaw the angle, and the camera
    /// cuts instead of gliding ({D:engine/SOUP.md} "MovePlayerAboveMe").
    pub(super) fn apply_placement(&mut self) {
        let Some((position, yaw)) = self.systems.camera.placement.take() else { return };
        if let Some(p) = self.selected_player_mut() {
            (p.position, p.previous) = (position, position);
            p.angles.heading = (yaw & 0x7ff) as u16;
            p.matrix = crate::math::Mat3::from_orientation(p.angles);
            self.systems.camera.marks.snap = true;
        }
        if let Some(id) = self.selected_player_id() {
            let reach = self.model_reach(&self.tables.actors[id as usize]);
            self.tables.crowd.moved(id, &self.tables.actors[id as usize], reach);
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
        if !core::mem::take(&mut self.systems.camera.reset_requested) {
            return;
        }
        self.systems.player.lockout = 0;
        for a in self.tables.actors.iter_mut() {
            super::align::lockout_attribute(a, 0, false);
        }
        let player = self.selected_player_id();
        if let Some(s) = player.and_then(|p| self.tables.scripts.states.get_mut(p as usize)) {
            s.tasks.clear();
        }
        if let Some(p) = self.selected_player_mut() {
            p.script_control &= !0x1f;
            p.matrix = crate::math::Mat3::from_orientation(p.angles);
            p.previous_angles = p.angles;
        }
        (self.systems.camera.scripted, self.systems.camera.nesting) = (0, 0);
        self.systems.camera.records[0].flags = crate::camera::flag::COLLIDE;
        self.camera_setup();
    }

    /// Once an actor's update ends: a pending `XResetCamera`, then the view origin a location
    /// camera's pose update ([`super::script::WorldHost`]) left unpublished.
    pub(super) fn camera_after_actor(&mut self) {
        self.camera_reset();
        if core::mem::take(&mut self.systems.camera.publish_pending) {
            self.publish_view();
        }
    }

    /// The published position is the view origin: the actor update window's centre and
    /// the listener; the listener's yaw is the published yaw (512 along +X).
    fn publish_view(&mut self) {
        self.systems.view = self.systems.camera.position;
        self.systems.view_yaw = (self.systems.camera.angles[1] & crate::units::ANGLE_MASK) as u16;
    }
}
