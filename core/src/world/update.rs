//! "Ordinary actor update order" ({A}) for one listed actor: the eligibility tests,
//! the angle snapshot, the support-history decrement, state-dependent default selection,
//! animation advancement and the default request, the rollback snapshot, the candidate
//! lists, the pre-script directional stage, the script stage (the player's controller, or
//! a nonplayer's SOUP script through [`crate::script::stage`]),
//! animation-driven continuation, the collision stage, and cleanup.

use super::collide::Pushes;
use super::live::{LiveModel, LiveScene, Others, Prepared};
use super::models::Near;
use super::queries::{Env, KeptSample, Step};
use super::script::{RunningScript, script_stage};
use super::{Event, SoundRequest, World, WorldEvent};
use crate::actor::default::{death_override_default, select_default, set_default};
use crate::actor::{Actor, ActorModel, apply_debug_exclusions, attr, motion};
use crate::anim::{AnimContext, AnimEvent, Events};
use crate::capacity::{Capacity, Table};
use crate::collision::candidates::within_distance;
use crate::collision::statics::CellHint;
use crate::input::{Action, Input};
use crate::sound::ScriptSound;
use crate::terrain::VertexCache;
use crate::timing::Tick;
use core::cell::Cell;

/// What an actor's update leaves for its next one.
#[derive(Clone, Debug, Default)]
pub(crate) struct ActorMemo {
    /// The static placements its map cell can reach
    /// ([`crate::collision::statics::Statics::candidates_hinted`]).
    hint: CellHint,
    /// The terrain sample where it ended, when no tick or camera can change it
    /// ([`VertexCache::lasting`]): its next update samples where it was again.
    sample: Option<KeptSample>,
}

/// How far from an update's origin a gather of that update may be made and still find its
/// live candidates in the update's scene: the stable recovery probe's distance ahead, in map
/// units, with room to spare. Queries that gather anywhere else (a carried destination, a
/// script moving another actor) gather a scene of their own.
const NEAR_SLACK: i32 = (super::collide::recovery::PROBE_AHEAD >> 8) + 8;
impl<'a, C: Capacity> World<'a, C> {
    /// The live actors other than `me` as collision candidates ("Live and transient
    /// collision candidates"): the selected member of the player pair and actors outside
    /// it, with a clear animation-update exclusion, a loaded model other than `me`'s, and a
    /// zero attribute 55. Static-path actors are face models with their collision byte.
    /// With `near = Near { origin, query_radius }` the table holds only the actors the
    /// model-distance test admits for a gather at `origin` with `query_radius`, so that
    /// gather's candidates are the same (indices into the shorter table, which only this
    /// update reads); the step's crowd columns ([`super::live::Crowd`]) pass over the
    /// actors no model they can show brings within reach.
    pub(super) fn live_models(&self, me: u16, near: Option<Near>, live: &mut C::Work<LiveModel<'a>>) {
        let tables = self.tables();
        let Some(Near { origin, query_radius }) = near else {
            return tables.live_all(&self.tables.actors[..], me, live);
        };
        live.clear();
        let admit = |id: usize| {
            let Some(l) = self.tables.actors.get(id).and_then(|a| tables.live(me, id as u16, a, near)) else {
                return;
            };
            // At most one per actor, so the table has room.
            let _ = live.push(l);
        };
        self.tables.crowd.near([origin[0], origin[2]], query_radius, self.tables.actors.len(), admit);
        debug_assert!(
            near.is_none() || self.live_ids_unculled(me, near).eq(live.iter().map(|l| l.actor)),
            "the crowd cull left out an actor the model-distance test admits"
        );
    }

    /// The largest radius of a model actor `a` can show: its static model's, or the largest
    /// of its animation set's frame models ([`super::SetEntry::reach`]); `None` without one.
    pub(super) fn model_reach(&self, a: &Actor) -> Option<f32> {
        match a.model {
            ActorModel::Static { model, .. } => self.assets.models.get(model as usize).map(|m| m.radius()),
            ActorModel::Animated => a.set.and_then(|s| self.assets.sets.get(s as usize)).map(|e| e.reach),
            ActorModel::None => None,
        }
    }

    /// What [`Self::live_models`] admits, checked the long way for debug builds: every
    /// actor through the gates, then the model-distance test, without the axis cull.
    fn live_ids_unculled(&self, me: u16, near: Option<Near>) -> impl Iterator<Item = u16> + '_ {
        let tables = self.tables();
        self.tables.actors.iter().enumerate().filter_map(move |(id, a)| {
            // The gates and the model first, then the distance test on its own.
            let placed = tables.live(me, id as u16, a, None)?.placed;
            let admitted = near
                .is_none_or(|n| within_distance(n.origin, n.query_radius, placed.position, placed.radius));
            admitted.then_some(id as u16)
        })
    }

    /// One ordinary actor update of actor `id`, in the seed's "Ordinary actor update order":
    /// eligibility ([`Self::admitted`]), default selection and animation ([`animate`]), the
    /// pre-script stage, the script stage (the controller or the SOUP script), the action
    /// update, continuation, the collision stage, then cleanup (overlap pushes, events).
    // Kept out of line on a microcontroller: inlined into its caller, its large frame would
    // stack under the natives the caller's scripts call (the M0+ stack budget). A desktop
    // build inlines it (about 9% of a retail ISLAND step).
    #[cfg_attr(target_os = "none", inline(never))]
    pub(super) fn update_actor(&mut self, id: u16, input: &Input, tick: Tick, heights: &VertexCache<'a>) {
        if !self.admitted(id, tick) {
            return;
        }
        self.ensure_memo(id);
        let is_player = self.selected_player_id() == Some(id);
        if is_player {
            // {D:engine/player.md} "Player contact lists": cleared as his update starts.
            self.systems.player.contacts.clear();
        }
        let forward_held = is_player && input.held(Action::Up);
        let mut events = Events::default();
        // The update works on its actor in place; until the others are split off, it is
        // looked up each time it is needed.
        let a = &mut self.tables.actors[id as usize];
        // Sounds of this update are heard from here, remapped by the surface stood on now.
        let (emitter, surface) = (a.position, a.surface);
        let set = a.set.and_then(|s| self.assets.sets.get(s as usize)).map(|e| &e.set);
        // The selected player's death override replaces default selection while he is
        // hit-inhibited.
        let death = &self.systems.player.death;
        let stage = Stage {
            enabled: self.assets.config.animation_system != 0,
            is_player,
            forward_held,
            death_override: self.systems.player.death_override.filter(|_| is_player && death.hit_inhibition),
        };
        animation_stage(a, set, tick, &mut events, stage);
        let snapshot = super::collide::Snapshot { anim: a.anim, steps: a.steps.packed };

        // Candidate lists, prepared once before the script wrapper.
        let (origin, query_radius) = (a.effective_position().map(|c| c >> 8), Env::<C>::query_radius(a));
        let mut live = C::Work::<LiveModel<'a>>::default();
        // The actors a gather from within `NEAR_SLACK` of the origin can admit.
        let near = Some(Near { origin, query_radius: query_radius.saturating_add(NEAR_SLACK) });
        self.live_models(id, near, &mut live);
        let scene = LiveScene { statics: &self.assets.statics, live: &live, transients: &[] };
        let memo = self.tables.memos.get_mut(id as usize);
        let kept = memo.as_ref().and_then(|m| m.sample);
        scene.gather_into(origin, query_radius, Some(id), memo.map(|m| &mut m.hint), &mut self.tables.lists);
        let prepared = Prepared { scene: &scene, lists: &self.tables.lists };
        // The selected player's weapon: his own when he is the one updating.
        let player_armed = self.selected_player().is_some_and(|p| p.holds_weapon());
        let grip = if is_player { self.grip_vertex(&self.tables.actors[id as usize]) } else { None };
        let Some((a, mut others)) = Others::split(&mut self.tables.actors, id) else { return };
        let world = (&self.assets, &mut self.systems);
        let step = Step { tick, heights };
        let designated = (self.tables.players, self.tables.selected);
        let mut env = Env::new(world, designated, id, step, &prepared, &mut events);
        env.set = set;
        (env.player_armed, env.forward_held, env.grip) = (player_armed, forward_held, grip);
        env.samples = Cell::new([kept, None, None]);
        super::collide::pre_script(a, &mut env);
        // A script that wrote another actor may have moved it: the crowd columns are read
        // again once this update is done (the next gather is the next update's).
        let mut others_written = false;
        if is_player {
            // The selected player's controller is his script stage.
            crate::player::controller::run(a, &mut env, input);
        } else if let Some((state, mut states)) = Others::split(&mut self.tables.scripts.states, id) {
            let running = RunningScript { me: id, actor: a, others: &mut others, state, states: &mut states };
            others_written = script_stage(running, &mut self.tables.scripts.locals, &mut env, input);
        }
        // After the script work, which reads the marks the previous collision stage left.
        age_response(a, tick.nominal_ticks);
        let jump_entry = jump_window(a, &mut env);
        motion::continue_forward(a, &mut env);
        let overlap = super::collide::stage(a, &mut env, &snapshot, &others, id);
        let (probe, health) = (env.probe, env.health);
        let lasting = lasting_sample(&env, a.map_position(), heights);

        a.steps.end_update();
        let moved = a.position[0] != a.previous[0] || a.position[2] != a.previous[2];
        let health_now = a.attr(attr::HEALTH);
        if moved {
            self.tables.cells.register_moved(id);
        }
        self.push_others(&overlap);
        self.systems.report.probe = if is_player { probe } else { self.systems.report.probe };
        self.push_anim_events(id, &events, emitter, surface, is_player);
        if let Some(entry) = jump_entry {
            self.push_event(id, Event::JumpEntry { entry });
        }
        if let Some(change) = health {
            self.push_event(id, Event::Health { change, health: health_now });
        }
        if let Some(memo) = self.tables.memos.get_mut(id as usize) {
            memo.sample = lasting;
        }
        let a = &self.tables.actors[id as usize];
        self.tables.crowd.moved(id, a, self.model_reach(a));
        if others_written {
            self.crowd_moved_all();
        }
    }

    /// "Ordinary actor eligibility" of actor `id` (with the debug exclusions applied first),
    /// and the bookkeeping every admitted update starts with: the previous position and
    /// angles, the cleared per-update step flags, the support-history countdown. `false`:
    /// not admitted (its exclusions are stored; nothing else changes).
    fn admitted(&mut self, id: u16, tick: Tick) -> bool {
        let is_player = self.selected_player_id() == Some(id);
        let unselected_player = self.tables.players[1 - self.tables.selected] == Some(id);
        let Some(a) = self.tables.actors.get(id as usize).filter(|a| !a.killed) else { return false };
        let script_name_excluded = self.script_excluded(a);
        let Some(a) = self.tables.actors.get_mut(id as usize) else { return false };
        apply_debug_exclusions(
            &a.attributes,
            self.assets.config.disable_slaves,
            self.assets.config.disable_master_slaves,
            &mut a.object_update_exclusion,
        );
        let eligible = crate::actor::Eligibility {
            unselected_player,
            script_name_excluded,
            object_update_exclusion: a.object_update_exclusion,
            script_control: a.script_control,
        };
        if !eligible.admitted() {
            return false;
        }
        a.previous_angles = a.angles;
        a.previous = a.position;
        a.step_status &= !0x80;
        a.step_status_back &= !0x01;
        a.steps.called = 0;
        self.systems.report.updated += 1;
        if is_player {
            self.systems.shared.history.tick(tick.nominal_ticks);
        }
        true
    }

    /// Makes actor `id`'s memo when it has none yet.
    fn ensure_memo(&mut self, id: u16) {
        while self.tables.memos.len() <= id as usize {
            // As many as the actors: the table has their capacity.
            if self.tables.memos.push(ActorMemo::default()).is_err() {
                break;
            }
        }
    }

    /// Applies the overlap stage's effects on other actors, after the update: displacement,
    /// body-response marks and requested groups (whose events are the other actor's).
    fn push_others(&mut self, overlap: &Pushes) {
        for push in overlap {
            let (other, [dx, dz]) = (push.actor, push.displacement);
            if let Some(group) = push.request {
                self.request_on(other, group);
            }
            let Some(o) = self.tables.actors.get_mut(other as usize) else { continue };
            o.body_response |= push.mark;
            o.position[0] = o.position[0].wrapping_add(dx);
            o.position[2] = o.position[2].wrapping_add(dz);
            if push.contact.is_some() {
                o.overlap_contact = push.contact;
            }
            if dx != 0 || dz != 0 {
                self.tables.cells.register_moved(other);
            }
            let o = &self.tables.actors[other as usize];
            self.tables.crowd.moved(other, o, self.model_reach(o));
        }
    }

    /// An ordinary request for `group` (modifier 0) on actor `id` outside its own update.
    fn request_on(&mut self, id: u16, group: i16) {
        let Some(a) = self.tables.actors.get(id as usize) else { return };
        let Some(set) = a.set.and_then(|s| self.assets.sets.get(s as usize)) else { return };
        let (position, surface) = (a.position, a.surface);
        let mut events = Events::default();
        let mut anim = a.anim;
        let mut cx = self.anim_context(&set.set, &mut events);
        anim.request(&mut cx, group, 0);
        let bits = cx.move_bits;
        let a = &mut self.tables.actors[id as usize];
        a.anim = anim;
        a.steps.packed |= bits;
        self.push_anim_events(id, &events, position, surface, false);
    }

    /// The crowd columns re-read for every actor (after a script wrote another actor).
    fn crowd_moved_all(&mut self) {
        for (id, a) in self.tables.actors.iter().enumerate() {
            self.tables.crowd.moved(id as u16, a, self.model_reach(a));
        }
    }

    /// Reports actor `id`'s animation events: sounds as positional requests from `emitter`,
    /// remapped by the stored `surface`, the rest as they are.
    pub(super) fn push_anim_events(
        &mut self,
        id: u16,
        events: &Events,
        emitter: [i32; 3],
        surface: u8,
        player: bool,
    ) {
        for e in events.queue.iter() {
            let event = match *e {
                AnimEvent::Sound { effect, rate } => Event::Sound(SoundRequest {
                    effect: self.assets.surfaces.remap_sound(surface, effect),
                    requested: effect,
                    rate,
                    offset_hz: (rate as i32).wrapping_mul(super::RATE_STEP),
                    level: super::SoundLevel::Positional(0),
                    remembered: true,
                    emitter,
                    player,
                    ambient: None,
                }),
                AnimEvent::SoundHz { effect, hz } => Event::Sound(SoundRequest {
                    effect,
                    requested: effect,
                    rate: 0,
                    offset_hz: hz as i32,
                    level: super::SoundLevel::Positional(0),
                    remembered: true,
                    emitter,
                    player,
                    ambient: None,
                }),
                // Script sounds start from channel 6 whoever calls them.
                AnimEvent::ScriptSound { effect, volume, hz, kind } => Event::Sound(SoundRequest {
                    effect,
                    requested: effect,
                    rate: 0,
                    offset_hz: hz,
                    level: match kind {
                        ScriptSound::Flat => super::SoundLevel::Flat(volume),
                        _ => super::SoundLevel::Positional(volume),
                    },
                    remembered: false,
                    emitter,
                    player: false,
                    ambient: match kind {
                        ScriptSound::Ambient { restart } => Some(restart),
                        _ => None,
                    },
                }),
                AnimEvent::Actor { mask } => {
                    self.actor_event_effects(id, mask, emitter, surface);
                    // "Actor events": bit 0x10 shakes the screen.
                    if mask & 0x10 != 0 {
                        self.systems.camera.shake_impulse();
                    }
                    Event::Anim(AnimEvent::Actor { mask })
                }
                other => Event::Anim(other),
            };
            self.push_event(id, event);
        }
        self.systems.report.dropped += events.dropped;
        // Then what its script said and asked of the dialogue system.
        self.drain_talk();
    }

    /// The actor-event effects ([`super::queries::actor_event_effects`]) of `mask` for
    /// actor `id`. `at` is where the update found the actor (its sounds' emitter): the
    /// commands run in the animation stage, before the update moves it.
    fn actor_event_effects(&mut self, id: u16, mask: i32, at: [i32; 3], surface: u8) {
        let Some(extent) = self.tables.actors.get(id as usize).map(|a| a.bounds.positive[1]) else { return };
        for (descriptor, at) in
            super::queries::actor_event_effects(mask, surface, at, extent, self.systems.view)
        {
            self.push_event(id, Event::Anim(AnimEvent::Effect { descriptor, at }));
        }
    }

    pub(super) fn push_event(&mut self, actor: u16, event: Event) {
        // Every effect the engine reports is constructed with zero spread and speed one.
        if let Event::Anim(AnimEvent::Effect { descriptor, at }) = event {
            self.systems.effects.construct(descriptor, at, 1);
        }
        if self.systems.report.events.push(WorldEvent { actor, event }).is_err() {
            self.systems.report.dropped += 1;
        }
    }
}

/// What the animation stage of an update needs to know of the world.
#[derive(Clone, Copy, Debug)]
struct Stage {
    /// `[system] animation_system` is nonzero.
    enabled: bool,
    /// The actor is the selected player.
    is_player: bool,
    /// He holds the forward binding.
    forward_held: bool,
    /// His death-animation override while hit inhibition is set.
    death_override: Option<i16>,
}

/// The animation stage of an actor with an animation set: its context (the forward
/// binding's group for the selected player holding it) and [`animate`].
fn animation_stage(
    a: &mut Actor,
    set: Option<&crate::anim::AnimSet<'_>>,
    tick: Tick,
    events: &mut Events,
    stage: Stage,
) {
    if set.is_none() {
        return;
    }
    let forward = stage.forward_held.then(|| a.forward_group());
    let mut cx = AnimContext {
        set,
        ticks: tick.nominal_ticks,
        events,
        enabled: stage.enabled,
        falling: a.falling,
        forward,
        move_bits: 0,
    };
    animate(a, stage, &mut cx);
}

/// "Jump window" ({D:engine/animation.md} "Action words"): the action update between the
/// script stage and ordinary movement; an accepted bit starts the ordinary jump entry with
/// its requested motion, which is returned.
fn jump_window<C: Capacity>(a: &mut Actor, env: &mut Env<'_, '_, C>) -> Option<u8> {
    let entry = a.anim.actions.update(env.tick.nominal_ticks, a.anim.current, a.queued != 0)?;
    super::collide::jump_entry(a, env, crate::actor::jump::Entry::Ordinary(entry));
    Some(entry)
}

/// {D:engine/player.md} "Stable recovery response": after its admitted script work the
/// script wrapper ages the collision response — an all-zero packed record (the body-response
/// byte and the collision-transition byte; the auxiliary bytes Stros does not keep) clears
/// the age, otherwise it grows by the nominal ticks while below 200 — then clears the record
/// and the overlap contact identifier.
/// The script stage before it therefore reads the marks the previous update's collision
/// stage left ({D:engine/SOUP.md} "Point-navigation command state" reads them), and a transition mark
/// lasts one script stage.
fn age_response(a: &mut Actor, nominal_ticks: i32) {
    if a.body_response == 0 && a.transition == 0 {
        a.response_age = 0;
    } else if a.response_age < 200 {
        a.response_age = a.response_age.wrapping_add(nominal_ticks as u8);
    }
    a.body_response = 0;
    a.transition = 0;
    a.overlap_contact = None;
}

/// The ordinary animation block of an actor update: "Ordinary idle animation default" and
/// "Living actor default selection" (for the hit-inhibited selected player his death
/// override instead, [`death_override_default`]), then — with a clear animation-update exclusion — the
/// advancement and the ordinary request for the selected default. The falling byte and the
/// forward request in `cx` are the `Transition` inputs of this advancement.
fn animate(a: &mut Actor, stage: Stage, cx: &mut AnimContext<'_, '_>) {
    if let Some(group) = stage.death_override {
        death_override_default(&mut a.anim, cx, group);
    } else {
        let default = select_default(a, stage.is_player, cx);
        set_default(&mut a.anim, cx, default, false);
    }
    if a.anim_update_exclusion == 0 {
        a.anim.advance(cx);
        let default = a.anim.default;
        a.anim.request(cx, default, 0);
    }
    a.steps.packed |= cx.move_bits;
}

/// Where the actor ends is where its next update starts ("where it was"): the terrain sample
/// taken there is kept when no tick or camera can change it.
fn lasting_sample<C: Capacity>(
    env: &Env<'_, '_, C>,
    end: [i32; 3],
    heights: &VertexCache<'_>,
) -> Option<((i32, i32), crate::terrain::TerrainSample)> {
    env.samples
        .get()
        .into_iter()
        .flatten()
        .find(|&((x, z), s)| (x, z) == (end[0], end[2]) && heights.lasting(&s))
}
