//! The queries an actor update runs against its prepared scene ({M}): the ordinary
//! support wrapper with the support-history counter and the surface updater, the forward
//! obstacle probe, the forward slope selection, and the walk step check that chains them
//! ("Ordinary forward-walk support checks").

use super::live::{LiveScene, Prepared};
use super::models::ModelTables;
use super::{Assets, Systems};
use crate::actor::living;
use crate::actor::{Actor, Surroundings, attr, collide};
use crate::anim::group;
use crate::anim::{AnimContext, AnimEvent, AnimSet, Events};
use crate::capacity::Capacity;
use crate::collision::candidates::search_radius;
use crate::collision::shape::{collision_matrix, prepare};
use crate::collision::statics::{
    SupportProbe, fallback_support, ground_support_over, obstacle, vertical_offers,
};
use crate::collision::support::{
    SlopeVerdict, Support, SurfaceMode, SurfaceState, TerrainSupport, actor_y_from_support,
    forward_ground_admits, slope_surface, slope_verdict, update_surface,
};
use crate::config::SystemConfig;
use crate::terrain::{self, TerrainSample, VertexCache, VertexHeights};
use crate::timing::Tick;
use core::cell::Cell;

/// What the ordinary support wrapper answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Ground {
    /// The support state after the query.
    pub support: Support,
    /// The actor height the support gives (runtime units), `None` after a miss.
    pub actor_y: Option<i32>,
    /// The surface updater's return value, `None` when it did not run.
    pub surface: Option<u8>,
}

/// Terrain samples an actor update keeps: where it steps, where it is and where it was.
pub(crate) const SAMPLES: usize = 3;

/// A terrain sample an update keeps, with the integer map X/Z it was taken at.
pub(crate) type KeptSample = ((i32, i32), TerrainSample);

/// The scene type of an actor update: live scene, prepared once.
pub(crate) type UpdateScene<'s, 'a, C> = Prepared<'s, LiveScene<'s, 'a, C>>;

/// What one update step gives every actor update in it: its timing and the terrain heights.
#[derive(Clone, Copy)]
pub(crate) struct Step<'e, 'a> {
    /// This update's timing.
    pub tick: Tick,
    /// Terrain heights: the vertex cache near the camera, the decoded map beyond it.
    pub heights: &'e VertexCache<'a>,
}

/// Everything an actor's update reads besides the actor itself: the world's assets and
/// systems (borrowed whole, beside the actor tables the update holds its actor from), and
/// what this one update keeps. The one context of a per-actor stage: the script stage's
/// [`super::script::WorldHost`] holds it, and natives' [`crate::actor::natives::Globals`]
/// are built from it ([`Env::new`], [`Env::for_other`]).
pub(crate) struct Env<'e, 'a, C: Capacity> {
    /// SYSTEM.INI, the terrain map, SURFACE.INI, the models and sets, the map's RGM.
    pub assets: &'e Assets<'a, C>,
    /// The shared veto and support history, the selected player's retained controller
    /// state (his jumps and ledges read it; other actors' updates leave it alone), the
    /// random stream (the water sounds' variation), the walk maps, the camera, dialogue,
    /// items, shells, the global flags and the update's report.
    pub systems: &'e mut Systems<'a, C>,
    /// The world's model tables: which model each actor shows, and the spheres queries place
    /// for it ([`ModelTables::spheres`]).
    pub tables: ModelTables<'e, 'a>,
    /// The selected player's id.
    pub player_id: Option<u16>,
    /// This update's timing.
    pub tick: Tick,
    /// The actor's animation set.
    pub set: Option<&'e AnimSet<'a>>,
    /// The prepared collision scene.
    pub scene: &'e UpdateScene<'e, 'a, C>,
    /// Terrain heights: the vertex cache near the camera, the decoded map beyond it.
    pub heights: &'e VertexCache<'a>,
    /// The actor's events.
    pub events: &'e mut Events,
    /// The actor's id.
    pub me: u16,
    /// This actor is the designated (selected) player.
    pub is_player: bool,
    /// The player's forward probe support of this update.
    pub probe: Option<Support>,
    /// The measured FPS the frame scale came from (12 during the startup countdown).
    pub scale_fps: i32,
    /// The actor's health change of this update, if any.
    pub health: Option<i32>,
    /// The selected player holds a weapon (landing groups read the player's weapon state).
    pub player_armed: bool,
    /// The selected player's forward binding (`key_up`) is held: `Transition` mask 8's input.
    pub forward_held: bool,
    /// The last terrain samples ([`Env::terrain_sample`]).
    pub samples: Cell<[Option<KeptSample>; SAMPLES]>,
    /// The selected player's grip vertex ([`super::World::grip_vertex`]); `None` for others.
    pub grip: Option<[i32; 3]>,
}

impl<'e, 'a, C: Capacity> Env<'e, 'a, C> {
    /// The surroundings of actor `me` for one update in `step`, over world parts `assets`
    /// and `systems` with the designated pair `(players, selected)`, its candidate lists
    /// `scene`, reporting animation events to `events`: no animation set, no probe, health
    /// change or kept samples yet, the player's weapon, forward key and grip unset (an
    /// ordinary update fills in its own).
    pub fn new(
        (assets, systems): (&'e Assets<'a, C>, &'e mut Systems<'a, C>),
        (players, selected): ([Option<u16>; 2], usize),
        me: u16,
        step: Step<'e, 'a>,
        scene: &'e UpdateScene<'e, 'a, C>,
        events: &'e mut Events,
    ) -> Self {
        let player_id = players[selected];
        Env {
            tables: assets.model_tables(players, selected, &systems.player.death),
            scale_fps: systems.clock.scale_fps(),
            assets,
            systems,
            player_id,
            tick: step.tick,
            set: None,
            scene,
            heights: step.heights,
            events,
            me,
            is_player: player_id == Some(me),
            probe: None,
            health: None,
            player_armed: false,
            forward_held: false,
            samples: Cell::new([None; SAMPLES]),
            grip: None,
        }
    }

    /// What a native called on actor `receiver` from this update's script stage reaches
    /// ([`crate::actor::natives::Globals`]): the selected player's `player` view, this
    /// update's timing, events and forward key (`forward_held`), the map's markers, the
    /// world's random stream, flags, camera, listener and walk maps.
    pub fn globals(
        &mut self,
        receiver: u16,
        player: Option<crate::actor::natives::PlayerView>,
        forward_held: bool,
    ) -> crate::actor::natives::Globals<'_> {
        let (assets, systems) = (self.assets, &mut *self.systems);
        let config = &assets.config;
        crate::actor::natives::Globals {
            player,
            ticks: self.tick.nominal_ticks,
            frame_scale: self.tick.frame_scale,
            markers: Some(assets.rgm.mpmk()),
            events: &mut *self.events,
            rng: &mut systems.rng,
            flags: &mut systems.flags,
            animation: config.animation_system != 0,
            task_system: config.task_system == 1,
            receiver,
            selected: self.player_id == Some(receiver),
            hit_inhibition: systems.player.death.hit_inhibition,
            sound_reset: systems.shared.sound.reset,
            forward_held,
            listener: crate::sound::radius_and_divisor(config.sound_distance).map(|(radius, divisor)| {
                crate::actor::natives::SoundListener { position: systems.camera.position, radius, divisor }
            }),
            camera: Some(&mut systems.camera),
            walk: Some(&mut systems.walk),
        }
    }

    /// The walk maps.
    pub fn walk(&mut self) -> crate::actor::walk::WalkMaps<'_, 'a> {
        self.systems.walk.parts().0
    }

    /// [`Env::anim`] and the walk maps at once (the death pair releases walk nodes while it
    /// animates).
    pub fn anim_and_walk<'s>(
        &'s mut self,
        a: &Actor,
    ) -> (AnimContext<'s, 'a>, crate::actor::walk::WalkMaps<'s, 'a>) {
        let cx = AnimContext {
            set: self.set,
            ticks: self.tick.nominal_ticks,
            events: &mut *self.events,
            enabled: self.assets.config.animation_system != 0,
            falling: a.falling,
            forward: (self.is_player && self.forward_held).then(|| a.forward_group()),
            move_bits: 0,
        };
        (cx, self.systems.walk.parts().0)
    }
}

impl<'a, C: Capacity> Env<'_, 'a, C> {
    /// The surroundings of actor `me` (with animation set `set` and its own candidate
    /// lists `scene`) for a native that moves it from another actor's script: this update's
    /// configuration, timing, terrain and shared state, none of the running actor's own
    /// probe, health or samples.
    pub fn for_other<'x>(
        &'x mut self,
        me: u16,
        set: Option<&'x AnimSet<'a>>,
        scene: &'x UpdateScene<'x, 'a, C>,
    ) -> Env<'x, 'a, C> {
        let designated = (self.tables.players, self.tables.selected);
        let step = Step { tick: self.tick, heights: self.heights };
        let tables = self.tables;
        let player_armed = self.player_armed;
        let systems = &mut *self.systems;
        let mut env = Env::new((self.assets, systems), designated, me, step, scene, &mut *self.events);
        // The running update's model tables: the death state as its update began.
        (env.set, env.player_armed, env.tables) = (set, player_armed, tables);
        env
    }

    /// The animation context of actor `a` now: its set, the shared ticks, the update's
    /// events, `[system] animation_system`, its falling byte and — for the selected player
    /// holding forward — the mask-8 group.
    pub fn anim(&mut self, a: &Actor) -> AnimContext<'_, 'a> {
        self.anim_and_walk(a).0
    }

    /// Ordinary request for `group` with modifier 0.
    pub fn request(&mut self, a: &mut Actor, group: i16) {
        let mut cx = self.anim(a);
        a.anim.request(&mut cx, group, 0);
        a.steps.packed |= cx.move_bits;
    }

    /// Forced request for `group` with modifier 0.
    pub fn force(&mut self, a: &mut Actor, group: i16) {
        let mut cx = self.anim(a);
        a.anim.force(&mut cx, group, 0);
        a.steps.packed |= cx.move_bits;
    }

    /// Whether the actor's set has `group`.
    pub fn has(&self, group: i16) -> bool {
        self.set.is_some_and(|s| s.has(group))
    }

    /// The search radius of the actor's queries: twice its model radius, or 200.
    pub fn query_radius(a: &Actor) -> i32 {
        search_radius(a.model_radius)
    }

    /// The prepared lists without their transient models while `a`'s queued motion is 24
    /// ("Queued motion 24 excludes candidate type 0x80"); `None`: read the prepared lists.
    pub fn queued_lists(&self, a: &Actor) -> Option<crate::collision::candidates::Candidates> {
        if a.queued != 24 {
            return None;
        }
        self.scene.scene.without_transients(self.scene.lists)
    }

    /// The support probe distance: `post_collide_height`, or for a falling animated actor
    /// `(pch >> 2) × 3` at 10 FPS or more ("Queued and falling vertical motion").
    pub fn support_reach(&self, a: &Actor) -> i32 {
        let pch = self.assets.config.post_collide_height;
        if a.falling != 0 && a.set.is_some() && self.scale_fps >= 10 { (pch >> 2) * 3 } else { pch }
    }

    /// "Terrain support sampling" at integer map X/Z, `None` in a world without terrain. An
    /// update samples the same few points again and again (its position, where it was, where
    /// it steps), and the heights do not change within it, so the last [`SAMPLES`] are kept.
    pub fn terrain_sample(&self, x: i32, z: i32) -> Option<TerrainSample> {
        if !self.heights.present() {
            return None;
        }
        let kept = self.samples.get();
        if let Some(&(_, s)) = kept.iter().flatten().find(|(at, _)| *at == (x, z)) {
            return Some(s);
        }
        let s = terrain::sample(self.heights, x, z);
        self.samples.set([Some(((x, z), s)), kept[0], kept[1]]);
        Some(s)
    }

    /// The terrain surface at integer map X/Z.
    pub fn terrain_surface(&self, x: i32, z: i32) -> u8 {
        terrain::surface_at(&self.assets.wld, x, z, |set, image| self.assets.surfaces.lookup(set, image))
    }

    /// The ordinary support wrapper at runtime `position` ("Surface-query state retention",
    /// "Selected-player fallback support", the support-history counter): the primary
    /// terrain/model segment query, the designated player's fallback sphere after a miss,
    /// the history reset, and — with collision mask 0x04 — the surface updater and the
    /// water transition. Every support query goes through here, the forward probe's
    /// included, so a probe's surface change has its transition too.
    pub fn support_query(&mut self, a: &mut Actor, position: [i32; 3], reach: i32) -> Ground {
        // The wrapper captures the actor's surface before querying.
        let previous = a.surface;
        let steep = a.collide() & collide::GROUND != 0;
        let origin = position.map(|c| c >> 8);
        let mut support = a.support;
        let radius = Self::query_radius(a);
        let py = a.bounds.positive[1];
        let probe = SupportProbe { origin, positive_y_extent: py, query_radius: radius, steep_test: steep };
        let terrain = self.terrain_sample(origin[0], origin[2]).map(Into::into);
        // The selected player's first contact list takes each actor whose model becomes the
        // best candidate ({D:engine/player.md} "Player contact lists").
        // Queued motion 24 leaves transient models out of the primary query and the
        // selected player's fallback ("Ground-support ranking").
        let kept = self.queued_lists(a);
        let prepared = Prepared { scene: self.scene.scene, lists: kept.as_ref().unwrap_or(self.scene.lists) };
        let (scene, is_player, lists) = (&prepared, self.is_player, &mut self.systems.player.contacts);
        let mut note = |k: usize| {
            let owner = scene.lists.faces.get(k).and_then(|c| scene.scene.live_model(c.placement));
            if let Some(l) = owner.filter(|_| is_player) {
                lists.best_support(l.actor);
            }
        };
        ground_support_over(&mut support, scene, terrain, probe, reach, &mut note);
        let mut actor_y = support
            .found()
            .then(|| actor_y_from_support(support.height, py, self.assets.config.standing_height));
        if self.is_player {
            if !support.found() {
                fallback_support(&mut support, scene, probe, a.centre, &self.systems.shared.history);
                // The fallback keeps the actor's own height.
                actor_y = support.found().then_some(position[1]);
            }
            self.systems.shared.history.after_query(&support);
        }
        a.support = support;
        // The supporting actor: a live face model's owner ("Player contact lists"); or the
        // static placement ("Model admission and support ownership").
        let candidate = match support.source {
            crate::collision::support::Source::Model(k) => scene.lists.faces.get(k).map(|c| c.placement),
            _ => None,
        };
        let live = scene.scene;
        a.support_owner = candidate.and_then(|c| live.live_model(c)).map(|l| l.actor);
        a.support_static = candidate.and_then(|c| live.statics.placements().get(c)).map(|p| p.mpso);
        if a.collide() & collide::GROUND == 0 {
            return Ground { support, actor_y, surface: None };
        }
        let mode = self.surface_mode(a);
        let mut state = SurfaceState { surface: a.surface, veto: self.systems.shared.veto };
        let surfaces = &self.assets.surfaces;
        let wld = &self.assets.wld;
        let returned = update_surface(
            mode,
            &support,
            &mut state,
            || terrain::surface_at(wld, origin[0], origin[2], |set, image| surfaces.lookup(set, image)),
            |texture| surfaces.model_surface(texture),
        );
        a.surface = state.surface;
        self.systems.shared.veto = state.veto;
        self.water_transition(a, previous, returned, support.found().then_some(support.height as f32));
        Ground { support, actor_y, surface: Some(returned) }
    }

    /// Which path the surface updater takes ({D:engine/player.md}, "Surface-query state
    /// retention"): queued motion, either directional-state byte with either low bit set, or
    /// the selected player's surface exclusion excludes the query; then falling, sliding or
    /// living states 27–29 return without assigning; other actors assign.
    pub fn surface_mode(&self, a: &Actor) -> SurfaceMode {
        if a.queued != 0
            || a.directional_low_bits()
            || (self.is_player && self.systems.shared.surface_exclusion)
        {
            SurfaceMode::Excluded
        } else if a.falling != 0 || a.sliding != 0 || living::is_in_air(a.living) {
            SurfaceMode::Report
        } else {
            SurfaceMode::Assign
        }
    }

    /// "Water and lava transition effects" of the support wrapper: only for the selected
    /// player, only when the updater's return differs from the surface saved before the
    /// query. Outside water before and now, a change to or from lava (5) makes one effect
    /// 0x2580. Otherwise: leaving deep water requests the run (or torch run) after a forward
    /// motion byte (2 or 6), else the backward group; being in deep water the swim groups;
    /// then an effect 0x2500 and a sound — 70 leaving the water, 71 entering it or in deep
    /// water, else 70 — varied by a draw below 64 less 32 (Hz).
    fn water_transition(&mut self, a: &mut Actor, previous: u8, returned: u8, support_y: Option<f32>) {
        if !self.is_player || returned == previous {
            return;
        }
        let (p, s) = (previous, a.surface);
        let water = |v: u8| (1..=4).contains(&v);
        let deep = |v: u8| matches!(v, 2 | 4);
        if !water(s) && !water(p) {
            if s == 5 || p == 5 {
                self.effect(a, 0x2580, support_y);
            }
            return;
        }
        let forward = matches!(a.motion_direction, 2 | 6);
        let torch = a.torch != 0;
        let g = if !deep(s) && deep(p) {
            Some(match (forward, torch) {
                (true, false) => group::RUN,
                (true, true) => group::RUN_TORCH,
                (false, false) => group::BACK,
                (false, true) => group::BACK_TORCH,
            })
        } else if deep(s) {
            Some(if forward { group::SWIM } else { group::SWIM_BACK })
        } else {
            None
        };
        if let Some(g) = g {
            self.request(a, g);
        }
        self.effect(a, 0x2500, support_y);
        let effect = if !water(s) {
            70
        } else if !water(p) || deep(s) {
            71
        } else {
            70
        };
        let hz = self.systems.rng.bounded(64) - 32;
        self.events.push(AnimEvent::SoundHz { effect, hz: hz as i16 });
    }

    /// A transition effect at the actor: X/Z moved 0x800 toward the camera (the helper of
    /// {D:engine/SOUP.md} "Selected death effect admission"), Y the support height truncated
    /// plus `standing_height`, in runtime units, plus 0x600.
    fn effect(&mut self, a: &Actor, descriptor: u32, support_y: Option<f32>) {
        let [x, z] = toward_camera(a.position, self.systems.view);
        let height = support_y.map_or(a.position[1] >> 8, |h| h as i32);
        let y = height.wrapping_add(self.assets.config.standing_height).wrapping_mul(256).wrapping_add(0x600);
        self.events.push(AnimEvent::Effect { descriptor, at: [x, y, z] });
    }

    /// Whether the actor's ordinary spheres at runtime `position` touch a face model (the
    /// first check of the forward probe; terrain does not take part).
    pub fn body_blocked(&self, a: &Actor, position: [i32; 3]) -> bool {
        if self.no_face_models() {
            return false;
        }
        let placed = prepare(position, a.angles.pitch, a.angles.heading, a.angles.roll);
        let m = collision_matrix(placed.angle_fields);
        let origin = placed.origin.map(|c| c as i32);
        obstacle(self.scene, origin, &m, self.tables.spheres(a), Self::query_radius(a))
    }

    /// The prepared scene has no face-model candidate: model queries find nothing, and
    /// their geometry need not be set up.
    pub fn no_face_models(&self) -> bool {
        self.scene.lists.faces.is_empty()
    }

    /// The designated player's alternate collision mode: his support-history counter is
    /// nonzero (how the {D} identify the mode {M} names).
    pub fn alternate_mode(&self) -> bool {
        self.is_player && self.systems.shared.history.0 != 0
    }

    /// "Forward slope surface selection" at runtime `position`: whether the surface there
    /// is steep ground. Bypassed (never steep) when collision bit 0x04 is clear or the
    /// designated player is in his alternate collision mode.
    pub fn slope_rejects(&self, a: &Actor, position: [i32; 3]) -> bool {
        if a.collide() & collide::GROUND == 0 || self.alternate_mode() {
            return false;
        }
        self.steep_at(a, position)
    }

    /// The normal of the surface "Forward slope surface selection" picks at runtime
    /// `position`: the vertical segment of half-length `post_collide_height` around the
    /// integer Y plus the positive Y extent, over the prepared face models and the terrain.
    pub fn slope_normal(&self, a: &Actor, position: [i32; 3]) -> Option<[i32; 3]> {
        let o = position.map(|c| c >> 8);
        let reach = self.assets.config.post_collide_height;
        let centre = o[1].wrapping_add(a.bounds.positive[1]);
        let t: Option<TerrainSupport> = self.terrain_sample(o[0], o[2]).map(Into::into);
        if self.no_face_models() {
            return slope_surface(centre, reach, t, core::iter::empty());
        }
        let mut offers = vertical_offers(
            self.scene,
            o,
            Self::query_radius(a),
            centre.wrapping_sub(reach),
            centre.wrapping_add(reach),
        );
        // Lent: see `collision::statics::ground_support`.
        slope_surface(centre, reach, t, &mut offers)
    }

    /// Whether [`Env::slope_normal`]'s surface refuses a step: steep ground (class 2).
    pub fn steep_at(&self, a: &Actor, position: [i32; 3]) -> bool {
        slope_verdict(self.slope_normal(a, position)) == SlopeVerdict::Reject
    }

    /// "Forward ground-support admission" at runtime `destination`: the actor stands there
    /// for the support query, then all three coordinates come back; the query's other
    /// effects (support, surface, veto, history, transitions) stay. Fails without support,
    /// with the shared veto set, or on steep support with the steep test on.
    pub fn ground_admits(&mut self, a: &mut Actor, destination: [i32; 3]) -> bool {
        let steep = a.collide() & collide::GROUND != 0;
        let reach = self.support_reach(a);
        let saved = a.position;
        a.position = destination;
        let support = self.support_query(a, a.position, reach).support;
        a.position = saved;
        if self.is_player {
            self.probe = Some(support);
        }
        forward_ground_admits(&support, self.systems.shared.veto, steep)
    }

    /// The ordinary directional step check toward the local offset `offset` (runtime
    /// units, rotated by the actor matrix; Y kept): body contact, steep surface, ground
    /// support, in that order. A failure ORs `blocked` into the step-status byte (or
    /// `blocked_back` into its companion) and answers false. A rope refuses first; a
    /// lifecycle-7 actor without body contacts passes at once.
    pub fn step_check(&mut self, a: &mut Actor, offset: [i32; 3], backward: bool) -> bool {
        if a.rope {
            return false;
        }
        if a.lifecycle == 7 && a.collide() & collide::BODY == 0 {
            return true;
        }
        let t = a.matrix.transform_int(offset);
        let destination = [a.position[0].wrapping_add(t[0]), a.position[1], a.position[2].wrapping_add(t[2])];
        let ok = !self.body_blocked(a, destination)
            && !self.slope_rejects(a, destination)
            && self.ground_admits(a, destination);
        if !ok {
            if backward {
                a.step_status_back |= 0x01;
            } else {
                a.step_status |= 0x80;
            }
        }
        ok
    }

    /// The walk step check ahead: local offset `(0, 0, (attr_forward_walk + forward
    /// extent) × 256)`.
    pub fn walk_forward_check(&mut self, a: &mut Actor) -> bool {
        let reach = (a.attr(attr::FORWARD_WALK) as i32).wrapping_add(a.bounds.positive[2]).wrapping_mul(256);
        self.step_check(a, [0, 0, reach], false)
    }

    /// The backward step check: local offset `(0, 0, −(attr_backward_walk + negative Z
    /// extent) × 256)`.
    pub fn walk_backward_check(&mut self, a: &mut Actor) -> bool {
        let reach = (a.attr(attr::BACKWARD_WALK) as i32).wrapping_add(a.bounds.negative[2]).wrapping_mul(256);
        self.step_check(a, [0, 0, reach.wrapping_neg()], true)
    }

    /// "Nonplayer step hazard" at runtime `destination`: only with collision bit 0x02;
    /// a steep surface there is a hazard. The designated player never has one while his
    /// support-history counter is nonzero.
    pub fn step_hazard(&self, a: &Actor, destination: [i32; 3]) -> bool {
        if a.collide() & collide::STEP_HAZARD == 0 || self.alternate_mode() {
            return false;
        }
        self.steep_at(a, destination)
    }

    /// "Nonplayer blocked-ahead probe": its point
    /// ([`crate::actor::combat::blocked_ahead_point`]) as a sphere of radius zero, at integer
    /// map units, against the face models of the update's prepared candidate list; while
    /// queued motion is 24 only the static ones (the actor-owned models, after them in the
    /// list, are skipped). A faithful quirk: with radius zero the boundary-inclusive face
    /// test ({D:engine/player.md} "Sphere contact with model faces") touches only a face whose
    /// plane the point lies exactly on, so the probe rarely blocks.
    pub fn blocked_ahead(&self, a: &Actor, distance: i32) -> bool {
        let pch = self.assets.config.post_collide_height;
        let Some(point) = crate::actor::combat::blocked_ahead_point(a, pch, distance) else { return false };
        let mut lists = self.scene.lists.clone();
        if a.queued == 24 {
            let statics = self.scene.scene.statics.placements().len();
            lists.faces.retain(|c| c.placement < statics);
        }
        let scene = Prepared { scene: self.scene.scene, lists: &lists };
        let point_sphere = core::iter::once(crate::collision::shape::Sphere { centre: [0; 3], radius: 0 });
        obstacle(&scene, point.map(|c| c >> 8), &crate::collision::statics::IDENTITY, point_sphere, 0)
    }

    /// "Nonplayer deep-water and edge probe": only for actors in deep water; the point
    /// 16384 runtime units along the motion direction fails on dry rock (surface 10, no
    /// blend coverage) whose terrain is steep.
    pub fn edge_probe_passes(&self, a: &Actor, heading: i32) -> bool {
        if !a.in_deep_water() {
            return true;
        }
        let (x, z) = crate::math::translate_heading(a.position[0], a.position[2], heading, 16384);
        let (mx, mz) = (x >> 8, z >> 8);
        let byte = terrain::material(&self.assets.wld, mx, mz);
        if byte < 0 {
            return true;
        }
        let coverage = terrain::blend_coverage(byte as u8, mx, mz);
        let surface = self.terrain_surface(mx, mz);
        // A point without terrain passes.
        let Some(t) = self.terrain_sample(mx, mz) else { return true };
        let steep = crate::collision::SurfaceClass::from_normal_y(t.normal[1])
            == crate::collision::SurfaceClass::Steep;
        !(surface == 10 && coverage == 0 && steep)
    }
}

impl<C: Capacity> Surroundings for Env<'_, '_, C> {
    fn config(&self) -> &SystemConfig {
        &self.assets.config
    }
    fn frame_scale(&self) -> i32 {
        self.tick.frame_scale
    }
    fn request(&mut self, a: &mut Actor, group: i16) {
        Env::request(self, a, group)
    }
    fn has(&self, group: i16) -> bool {
        Env::has(self, group)
    }
    fn body_blocked(&self, a: &Actor, position: [i32; 3]) -> bool {
        Env::body_blocked(self, a, position)
    }
    fn walk_forward_check(&mut self, a: &mut Actor) -> bool {
        Env::walk_forward_check(self, a)
    }
    fn walk_backward_check(&mut self, a: &mut Actor) -> bool {
        Env::walk_backward_check(self, a)
    }
    fn step_hazard(&self, a: &Actor, destination: [i32; 3]) -> bool {
        Env::step_hazard(self, a, destination)
    }
    fn edge_probe_passes(&self, a: &Actor, heading: i32) -> bool {
        Env::edge_probe_passes(self, a, heading)
    }
    fn lateral_edge(&mut self, a: &Actor, left: bool) -> bool {
        crate::player::ledge::lateral_edge(a, self, left)
    }
    fn blocked_ahead(&self, a: &Actor, distance: i32) -> bool {
        Env::blocked_ahead(self, a, distance)
    }
    fn jump_init(&mut self, a: &mut Actor, entry: crate::actor::jump::Entry) -> crate::actor::jump::Start {
        let mut cx = self.anim(a);
        let start = crate::actor::jump::initialize(a, &mut cx, entry);
        a.steps.packed |= cx.move_bits;
        start
    }
}

/// The effect-position helper ({D:engine/SOUP.md} "Selected death effect admission") with
/// offset 0x800: runtime X/Z of `at` moved toward the published camera position `camera`
/// along the bearing from the camera to the point (camera height takes no part).
pub(super) fn toward_camera(at: [i32; 3], camera: [i32; 3]) -> [i32; 2] {
    let bearing = crate::math::direction_from_displacement(
        at[0].wrapping_sub(camera[0]),
        at[2].wrapping_sub(camera[2]),
    ) as i32;
    let index = (bearing - 1024) & 2047;
    let moved = |c: i32, f: f32| (c as f32 + 2048.0 * f) as i32;
    [moved(at[0], crate::tables::sin(index)), moved(at[2], crate::tables::cos(index))]
}

/// {D:engine/animation.md} "Actor events": the effects of bits 0x01–0x08 of `mask`, in that
/// order, each only when the stored sound surface `surface` is the bit's (lava 5: 0x2580;
/// water 1: 0x2500 for 0x02 and again for 0x04; sand 6: 0x2700), all at the landing
/// effect's point for an actor at runtime `at` with positive Y extent `extent`: X/Z moved
/// 0x800 toward the camera at `camera`, Y plus `extent` × 256 plus 0x600 (wrapping).
pub(super) fn actor_event_effects(
    mask: i32,
    surface: u8,
    at: [i32; 3],
    extent: i32,
    camera: [i32; 3],
) -> impl Iterator<Item = (u32, [i32; 3])> {
    const BITS: [(i32, u8, u32); 4] =
        [(0x01, 5, 0x2580), (0x02, 1, 0x2500), (0x04, 1, 0x2500), (0x08, 6, 0x2700)];
    let [x, z] = toward_camera(at, camera);
    let y = at[1].wrapping_add(extent.wrapping_mul(256)).wrapping_add(0x600);
    BITS.into_iter()
        .filter(move |&(bit, wanted, _)| mask & bit != 0 && surface == wanted)
        .map(move |(_, _, descriptor)| (descriptor, [x, y, z]))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// "Actor events" on the camera's +Z axis: the actor at runtime (0, 100 × 256,
    /// 10,000 × 256) with the camera at the origin is at bearing 0 from it, so the helper's
    /// index is (0 − 1024) & 2047 = 1024: sin ≈ 0 (X stays 0 after truncation), cos = −1
    /// (Z loses 2048: 2,560,000 − 2048 = 2,557,952). Y: 25,600 + 40 × 256 + 1536 = 37,376.
    /// Mask 0x1f on water (1): bits 0x02 and 0x04, two effects 0x2500 (0x01 wants lava, 0x08
    /// sand; 0x10 is the shake, not an effect). Lava (5): one 0x2580; sand (6): one 0x2700;
    /// surface 0 none; water with only bits 0x01 and 0x08 none.
    #[test]
    fn actor_event_bits_make_surface_effects_toward_the_camera() {
        let at = [0, 100 * 256, 10_000 * 256];
        let effects = |mask, surface| {
            actor_event_effects(mask, surface, at, 40, [0; 3]).collect::<heapless::Vec<_, 4>>()
        };
        let point = [0, 37_376, 2_557_952];
        assert_eq!(effects(0x1f, 1), [(0x2500, point), (0x2500, point)]);
        assert_eq!(effects(0x1f, 5), [(0x2580, point)]);
        assert_eq!(effects(0x1f, 6), [(0x2700, point)]);
        assert!(effects(0x1f, 0).is_empty());
        assert!(effects(0x09, 1).is_empty());
    }
}
