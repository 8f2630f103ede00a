//! [`World::step`]: one update of the original's world loop (the steps the module docs of
//! [`crate::world`] list), and the per-update passes around the actor updates.

use super::{Listener, StepReport, World};
use crate::actor::attr;
use crate::anim::AnimContext;
use crate::capacity::{Capacity, Table};
use crate::input::Input;
use crate::math::Mat3;
use crate::player::death;
use crate::timing::Tick;

impl<'a, C: Capacity> World<'a, C> {
    /// Runs one update of the world loop with `input` at BIOS tick `bios_now`.
    pub fn step(&mut self, input: &Input, bios_now: u32) -> &StepReport {
        self.step_with(input, bios_now, None)
    }

    /// [`World::step`] with the movement scale forced to `scale` for this update (replaying
    /// a recorded trace); animation and script ticks still come from the clock.
    pub fn step_with(&mut self, input: &Input, bios_now: u32, scale: Option<i32>) -> &StepReport {
        // "Terrain support sampling": near-camera queries read the terrain vertex cache. The
        // original draws after its actor update, so what this update's collision reads is
        // the cache the previous frame was drawn with — the previous update's BIOS tick and
        // the camera cell of the view before this update's actors move — which is what
        // `vertex_cache` gives before this update replaces the report and moves the camera.
        let heights = self.vertex_cache();
        let mut tick = self.systems.clock.update(bios_now);
        if let Some(s) = scale {
            tick.frame_scale = s;
        }
        let update = self.systems.report.update.wrapping_add(1);
        self.systems.report = StepReport {
            update,
            bios: bios_now,
            tick,
            measured_fps: self.systems.clock.measured_fps(),
            smoothed_fps: self.systems.clock.smoothed_fps(),
            listener: Listener { position: self.systems.view, yaw: self.systems.view_yaw },
            ..StepReport::default()
        };
        // Sound maintenance runs after clock sampling, before the object updates.
        let inhibited = self.systems.player.sound_inhibition;
        self.systems.report.sound_reset = self.systems.shared.sound.run(tick.nominal_ticks, inhibited);
        if input.toggle_walk_mode {
            self.systems.player.walk_mode = (self.systems.player.walk_mode == 0) as i32;
        }
        // "Idle animation requests": the clock measurement advances the idle counter once per
        // accumulated 18 BIOS ticks.
        self.systems.player.idle = self.systems.player.idle.wrapping_add(self.systems.clock.windows());
        self.relocate_deferred();
        let actors = &self.tables.actors;
        let active = self.tables.cells.select(self.systems.view[0] >> 8, self.systems.view[2] >> 8, |id| {
            actors.get(id as usize).is_some_and(|a| a.attr(crate::actor::attr::SHORT_MAPPING) != 0)
        });
        let mut copy = C::Work::<u16>::default();
        for &id in active {
            let _ = copy.push(id);
        }
        let active = copy;
        // "Family refresh" precedes map-list presentation and the actor updates.
        self.refresh_families();
        self.present(&active);
        self.admit_models();
        // The live effects are handed to the frame after the models are placed and before
        // the object updates ({D:engine/SOUP.md} "Environmental effect frame submission").
        self.systems.effects.submit(tick.nominal_ticks);
        // The ropes are placed with the render lists, then swing ("Rope update order").
        self.update_ropes(tick.frame_scale);
        // The designated pair: the selected player animates, the other does not.
        for (k, p) in self.tables.players.iter().enumerate() {
            if let Some(a) = p.and_then(|p| self.tables.actors.get_mut(p as usize)) {
                a.anim_update_exclusion = (k != self.tables.selected) as u8;
            }
        }
        self.tables.crowd.clear();
        for id in 0..self.tables.actors.len() {
            let a = &self.tables.actors[id];
            self.tables.crowd.push(a, self.model_reach(a));
        }
        self.tables.crowd.seal();
        // The shell records run before the ordinary actor updates.
        self.run_shells(input, tick, &heights);
        // "Camera update": at the CAMERA actor's place in the traversal when its hook runs;
        // a world without one (the embedded island) updates the camera after every actor.
        let mut camera_ran = false;
        for &id in active.iter() {
            self.update_actor(id, input, tick, &heights);
            self.camera_after_actor();
            if core::mem::take(&mut self.systems.camera.controller_requested) {
                self.camera_update();
                camera_ran = true;
            }
        }
        self.dialogue_stage(input, bios_now, tick.nominal_ticks);
        self.open_requested_shells();
        // The main loop acts on a session request after the script step; it is reported with
        // the update's events.
        if let Some((actor, request)) = self.systems.report.request {
            self.push_event(actor, super::Event::Request(request));
        }
        self.draw_weapons(&active, tick);
        self.apply_placement();
        if !camera_ran {
            self.camera_update();
        }
        // Effect lifetimes advance after the object systems ("Environmental effect
        // animation"): effects created this loop take part, unsubmitted.
        self.systems.effects.update(tick.nominal_ticks);
        self.death_exits(tick);
        self.swap_players();
        // The sky drifts once a frame ({D:engine/sky.md} "Scrolling and rotation"), unless
        // `[xngine] sky_move` is zero ("Global Engine Toggles").
        if let Some(sky) = self.systems.sky.as_mut().filter(|_| self.assets.config.sky_move != 0) {
            sky.advance(bios_now);
        }
        &self.systems.report
    }

    /// "World-loop death exit ordering" ({D:engine/SOUP.md}), after the updates and the
    /// presentation: the selected player's falling-death counter, then his inhibited death's
    /// completion ([`death::falling_exit`], [`death::inhibited_exit`]); either ends the loop
    /// with outcome 5000. Stros has no world transitions pending at this point.
    fn death_exits(&mut self, tick: Tick) {
        let Some(a) = self.selected_player_id().and_then(|id| self.tables.actors.get(id as usize)) else {
            return;
        };
        let limit = self.assets.config.player_fall_dead_time;
        let p = &mut self.systems.player;
        if death::falling_exit(a, &mut p.death, tick.nominal_ticks, limit)
            || death::inhibited_exit(a, &p.death, p.death_override)
        {
            self.systems.report.outcome = Some(death::OUTCOME_DEATH);
        }
    }

    /// The equipped-weapon drawing pass ("Equipped-weapon transition") of each listed actor
    /// the renderer draws — not the unselected player, whom player selection hides. The
    /// original runs it as it draws each actor, after the actor traversal; Stros draws one
    /// frame per update, so it runs once per update here, after every actor update and
    /// before the camera moves. Its requests use this update's ticks; its events are the
    /// actor's.
    fn draw_weapons(&mut self, active: &[u16], tick: Tick) {
        let hidden = self.tables.players[1 - self.tables.selected];
        for &id in active {
            let Some(a) = self.tables.actors.get_mut(id as usize) else { continue };
            // Actors the pass leaves alone (no weapon item).
            if Some(id) == hidden || a.attr(attr::WEAPON) == 0 {
                continue;
            }
            let Some(set) = a.set.and_then(|s| self.assets.sets.get(s as usize)).map(|e| &e.set) else {
                continue;
            };
            let mut events = crate::anim::Events::default();
            let mut cx = AnimContext {
                falling: a.falling,
                ..super::anim_context(&self.assets.config, set, tick.nominal_ticks, &mut events)
            };
            // Weapon models are not yet drawn (coverage: SOUP.md "Equipped-weapon combat
            // endpoints"): the pass's model choice goes unused.
            let _model = crate::actor::combat::equipped_weapon_pass(a, &mut cx);
            a.steps.packed |= cx.move_bits;
            let (position, surface) = (a.position, a.surface);
            self.push_anim_events(id, &events, position, surface, self.selected_player_id() == Some(id));
        }
    }

    /// Map-list presentation: "Incremental orientation refresh" of each listed actor whose
    /// angles changed since its update copied them; `attr_rotation = 2` rebuilds instead.
    /// The selected player with a nonzero roll (the running bank) takes the seed's separate
    /// rebuild branch: his matrix is rebuilt from identity with the negated current angles
    /// ([`Mat3::from_orientation`]) whatever `attr_rotation` holds, changed or not, which also
    /// drops his incremental rounding history.
    fn present(&mut self, active: &[u16]) {
        let selected = self.selected_player_id();
        for &id in active {
            // Family refresh owns an attached actor's matrix.
            let Some(a) = self.tables.actors.get_mut(id as usize).filter(|a| a.attached.is_none()) else {
                continue;
            };
            if Some(id) == selected && a.angles.roll != 0 {
                a.matrix = Mat3::from_orientation(a.angles);
                continue;
            }
            let Some(mode) = crate::math::RotationMode::from_attr(a.attr(crate::actor::attr::ROTATION))
            else {
                continue;
            };
            crate::math::refresh_orientation(&mut a.matrix, a.angles, a.previous_angles, mode);
        }
    }

    /// Consumes the deferred relocation list against the current camera: the rounded
    /// horizontal runtime-unit distance from the camera, shifted right eight bits. The cell
    /// comes from the actor's linked (or attached) position when it has one, else its local
    /// one ({D:engine/animation.md}: relocation uses the linked position when present).
    fn relocate_deferred(&mut self) {
        let actors = &self.tables.actors;
        let view = self.systems.view;
        self.tables.cells.relocate(|id| {
            let p = actors.get(id as usize).map_or([0; 3], |a| a.effective_position());
            let (dx, dz) = (p[0].wrapping_sub(view[0]) as f64, p[2].wrapping_sub(view[2]) as f64);
            let d = crate::math::round_ties_even_f64(libm::sqrt(dx * dx + dz * dz)) as i64;
            ([p[0] >> 8, p[2] >> 8], (d >> 8) as i32)
        });
    }
}
