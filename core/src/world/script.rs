//! The world side of the script stage: per-actor script state in a table parallel to the
//! actors, the local-variable pool copied from RAVA, the global flags and the property
//! references from SOUP386.DEF, the random stream, and the [`Host`] the interpreter reaches
//! the world through ({E§1.8}; {A} "Ordinary actor update order": the stage
//! runs after animation advancement and movement handling, before the collision stage).
//!
//! SOUP386.DEF is optional here. With it, its `[flags]` declare the flags (kinds and initial
//! values, {D:engine/SOUP.md} "Global Flags") and its `[refs]` give property references
//! their names. Without it the original would not start (it reads the file at every session
//! start); Stros keeps going with the shipped count of flags, each a BOOL at 0
//! ([`Flags::default`]), and no property references (each access is reported, reads 0).

use super::live::LiveScene;
use super::models::{ModelTables, Running};
use super::queries::Env;
use super::view::View;
use super::{Files, SetEntry, WorldError, full, name_of};
use crate::actor::Actor;
use crate::actor::natives::{self, Home, PlayerView};
use crate::actor::props::References;
use crate::anim::AnimSet;
use crate::capacity::{Capacity, Desktop, Table, TableKind};
use crate::formats::bytes;
use crate::formats::rgm::{self, Rgm};
use crate::formats::soupdef::SoupDef;
use crate::script::{
    Flags, Host, MAX_FLAGS, NativeCall, Receiver, Rng, ScriptEvent, ScriptRef, ScriptState, Selector,
    TaskSlot,
};

/// The script definitions file.
pub const DEF_FILE: &str = "SOUP386.DEF";

// The capacity messages below spell the numbers out.
const _: () = assert!(MAX_FLAGS == 512 && crate::actor::props::MAX_REFERENCES == 64);

/// Script trace events one update reports; later ones are counted as dropped.
pub const MAX_SCRIPT_EVENTS: usize = 64;

/// One script trace event with the actor whose script made it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScriptTrace {
    /// The actor.
    pub actor: u16,
    /// What happened.
    pub event: ScriptEvent,
}

/// The script tables of a world.
#[derive(Clone, Debug, Default)]
pub(crate) struct ScriptTables<C: Capacity = Desktop> {
    /// Per-actor state, indexed like the actors.
    pub states: C::Actors<ScriptState>,
    /// The local-variable pool (every actor's RAVA copy).
    pub locals: C::Locals<i32>,
}

/// The flags and property references of `files`' SOUP386.DEF (the session
/// initializer's flag setup: every flag at its authored value, latch clear), or the
/// fallback without one. A DEF that does not parse, or declares more flags than
/// [`MAX_FLAGS`], fails the load.
pub(super) fn definitions<'a>(files: &impl Files<'a>) -> Result<(Flags, References), WorldError> {
    let Some(bytes) = files.file(DEF_FILE) else { return Ok((Flags::default(), References::default())) };
    let def = SoupDef::new_checked(bytes).map_err(|e| WorldError::Format(name_of(DEF_FILE.as_bytes()), e))?;
    let flags = Flags::from_def(&def)
        .map_err(|_| WorldError::Limit("global flags (SOUP386.DEF declares more than 512)"))?;
    let refs = References::from_def(&def).map_err(|_| {
        WorldError::Limit("property references (SOUP386.DEF names the core's properties over 64 times)")
    })?;
    Ok((flags, refs))
}

impl<C: Capacity> ScriptTables<C> {
    /// Adds the script state of instance `instance` of definition `def`: main at
    /// `script_pc`, an entry continuation when that is nonzero, and the instance's own copy
    /// of the RAVA initial values. Instances of one definition take successive RAVA slices
    /// ("Separate map object script state"); where RAVA holds fewer, the first slice is used.
    pub fn add(
        &mut self,
        rgm: &Rgm<'_>,
        def: &rgm::ActorDef<'_, '_>,
        instance: usize,
    ) -> Result<(), WorldError> {
        let h = def.header();
        let script = ScriptRef { definition: def.index() as u16, base: h.rasc_offset() };
        let mut st = ScriptState::new(script, def.script().len() as u32, def.script_pc());
        let n = h.num_variables() as usize;
        if self.locals.len().saturating_add(n) > C::holds(TableKind::Locals) {
            return Err(full::<C>(TableKind::Locals));
        }
        st.locals_start = self.locals.len() as u16;
        st.locals_len = n as u16;
        let own = (h.rava_offset() as usize).saturating_add(instance.saturating_mul(n * 4));
        for i in 0..n {
            let v = bytes::i32_le(rgm.rava(), own.saturating_add(4 * i)).or(def.variable(i)).unwrap_or(0);
            let _ = self.locals.push(v);
        }
        self.states.push(st).map_err(|_| full::<C>(TableKind::Actors))
    }

    /// Adds a state without a script (the player pair: their controller is their script
    /// stage).
    pub fn add_none(&mut self) -> Result<(), WorldError> {
        self.states.push(ScriptState::default()).map_err(|_| full::<C>(TableKind::Actors))
    }
}

impl<C: Capacity> super::World<'_, C> {
    /// The global flags.
    pub fn flags(&self) -> &Flags {
        &self.systems.flags
    }

    /// The global flags, to change (a console, a test).
    pub fn flags_mut(&mut self) -> &mut Flags {
        &mut self.systems.flags
    }

    /// Actor `id`'s script state (continuations, task slots, the error that stopped it).
    pub fn script_state(&self, id: u16) -> Option<&ScriptState> {
        self.tables.scripts.states.get(id as usize)
    }

    /// Actor `id`'s local variables.
    pub fn locals(&self, id: u16) -> &[i32] {
        let Some(s) = self.tables.scripts.states.get(id as usize) else { return &[] };
        let start = s.locals_start as usize;
        self.tables.scripts.locals.get(start..start + s.locals_len as usize).unwrap_or(&[])
    }

    /// The shared random generator's state.
    pub fn rng(&self) -> Rng {
        self.systems.rng
    }
}

/// Shell records a world runs at most (the map's two or three, and room for more).
pub const MAX_SHELLS: usize = 16;
/// `OpenShell` requests one update can make before later ones are dropped.
pub const MAX_OPENED: usize = 4;

/// The shell list and the records `OpenShell` asked for this update ([`super::shells`]).
#[derive(Clone, Debug, Default)]
pub struct Shells {
    /// The records' actor ids, newest first.
    pub(super) list: heapless::Vec<u16, MAX_SHELLS>,
    /// Definitions `OpenShell` named this update (created after it: "A record created
    /// during an iteration first runs in the next one").
    pub(super) opened: heapless::Vec<u16, MAX_OPENED>,
}

/// Everything the interpreter reaches while actor `me` (detached from `actors`) runs: the
/// actor tables it is detached from, and the running actor's surroundings ([`Env`]: the
/// world's assets and systems).
pub(super) struct WorldHost<'w, 'o, 'e, 'a, C: Capacity> {
    pub me: u16,
    pub actor: &'w mut Actor,
    /// The other actors (the running one is `actor`).
    pub actors: &'w mut super::live::Others<'o>,
    /// The other actors' script states (the running one's is the stage's own).
    pub states: &'w mut super::live::Others<'o, ScriptState>,
    pub me_locals: (u16, u16),
    pub locals: &'w mut [i32],
    /// The running actor's surroundings (its events, the world's assets and systems).
    pub env: &'w mut Env<'e, 'a, C>,
    /// The update's input (Activate, the menu's directions).
    pub input: crate::input::Input,
    /// The script changed another actor's record (a property, or a native run on it):
    /// where it stands may have changed.
    pub others_written: bool,
}

/// The actor whose script stage runs — its id, its record and the others it is detached
/// from — with its script state, detached from the others' states.
pub(super) struct RunningScript<'w, 'o> {
    pub me: u16,
    pub actor: &'w mut Actor,
    pub others: &'w mut super::live::Others<'o>,
    pub state: &'w mut ScriptState,
    pub states: &'w mut super::live::Others<'o, ScriptState>,
}

/// Runs the script stage of `running` in its surroundings `env`, with the local-variable
/// pool `locals` and the update's `input`, as the interpreter's host ([`WorldHost`]), for
/// an ordinary update and a shell record alike; the value is whether the script wrote
/// another actor.
pub(super) fn script_stage<C: Capacity>(
    running: RunningScript<'_, '_>,
    locals: &mut [i32],
    env: &mut Env<'_, '_, C>,
    input: &crate::input::Input,
) -> bool {
    let RunningScript { me, actor, others, state, states } = running;
    let assets = env.assets;
    let code = assets.rgm.actor(actor.definition as usize).map_or(&[][..], |d| d.script());
    let stage = crate::script::StageInput {
        task_system: assets.config.task_system == 1,
        frame_scale: env.tick.frame_scale,
    };
    let mut host = WorldHost {
        me,
        actor,
        actors: others,
        states,
        me_locals: (state.locals_start, state.locals_len),
        locals,
        env,
        input: *input,
        others_written: false,
    };
    crate::script::stage(state, code, &mut host, stage);
    host.others_written
}

fn set_of<'s, 'a>(sets: &'s [SetEntry<'a>], a: &Actor) -> Option<&'s AnimSet<'a>> {
    a.set.and_then(|s| sets.get(s as usize)).map(|e| &e.set)
}

impl<'a, C: Capacity> WorldHost<'_, '_, '_, 'a, C> {
    /// `[system] task_system` is 1.
    pub(super) fn task_system(&self) -> bool {
        self.env.assets.config.task_system == 1
    }

    /// A location camera's one pose update, inside its handler ({D:engine/SOUP.md} "Location
    /// camera request"): the world as it stands mid-script — the running actor where its
    /// script has put it — with the live models gathered again for the camera; the world
    /// publishes the new pose once the actor's update ends.
    #[inline(never)]
    fn location_pose(&mut self) {
        let actors = Running { me: self.me, actor: self.actor, others: self.actors };
        // The death state as the script has left it.
        let death = (self.env.systems.player.death.progress, self.env.systems.player.death.hit_inhibition);
        let tables = ModelTables { death, ..self.env.tables };
        let mut live = C::Work::<super::live::LiveModel<'a>>::default();
        tables.live_all(
            &actors,
            self.env.systems.camera.selected().bound.or(self.env.player_id).unwrap_or(u16::MAX),
            &mut live,
        );
        let view = View {
            actors: &actors,
            player: self.env.player_id,
            scene: LiveScene {
                statics: self.env.scene.scene.statics,
                live: &live,
                transients: self.env.scene.scene.transients,
            },
            crowd: None,
            heights: self.env.heights,
            frame_scale: self.env.tick.frame_scale,
        };
        super::view::location_pose(&mut self.env.systems.camera, &view);
        self.env.systems.camera.publish_pending = true;
    }

    fn receiver(&self, id: u16) -> Receiver {
        if id == self.me { Receiver::Me } else { Receiver::Actor(id) }
    }

    /// The actor id of `who`.
    fn id_of(&self, who: Receiver) -> u16 {
        match who {
            Receiver::Me => self.me,
            Receiver::Actor(id) => id,
        }
    }

    fn locals_of(&self, who: Receiver) -> (usize, usize) {
        let (start, len) = match who {
            Receiver::Me => self.me_locals,
            Receiver::Actor(id) => {
                self.states.get(id as usize).map_or((0, 0), |s| (s.locals_start, s.locals_len))
            }
        };
        (start as usize, len as usize)
    }

    /// The record of `who` (the running actor is detached from `actors`).
    fn record(&self, who: Receiver) -> Option<&Actor> {
        match who {
            Receiver::Me => Some(self.actor),
            Receiver::Actor(id) => self.actors.get(id as usize),
        }
    }

    /// Actor `id`'s record (the running actor included).
    pub(super) fn record_of(&self, id: u16) -> Option<&Actor> {
        self.record(self.receiver(id))
    }

    /// Actor `id`'s record, mutable (the running actor included; writing another one is
    /// noted: where it stands may have changed).
    pub(super) fn actor_mut(&mut self, id: u16) -> Option<&mut Actor> {
        if id == self.me {
            return Some(&mut *self.actor);
        }
        self.others_written = true;
        self.actors.get_mut(id as usize)
    }

    fn local_slot(&self, who: Receiver, index: u8) -> Option<usize> {
        let (start, len) = self.locals_of(who);
        ((index as usize) < len).then_some(start + index as usize).filter(|&k| k < self.locals.len())
    }
}

impl<'a, C: Capacity> Host<'a> for WorldHost<'_, '_, '_, 'a, C> {
    fn code(&self, definition: u16) -> &'a [u8] {
        self.env.assets.rgm.actor(definition as usize).map_or(&[], |d| d.script())
    }

    fn hook(&self) -> Option<&'a [u8]> {
        self.env.assets.rgm.actor(self.actor.definition as usize).and_then(|d| d.hook())
    }

    fn control(&self) -> u8 {
        self.actor.script_control
    }

    /// `Player` is the selected player; the core has no camera actor record (it does not
    /// load `CAMERA`), so `Camera` resolves to nothing; a name is compared, ASCII case
    /// folded, with the registered RANM namespace names in runtime-identifier order
    /// ({D:engine/SOUP.md} "Object Name Encoding", "Runtime object identifiers"): `CYRUS`
    /// (identifier 1; `GREMLIN`'s identifier 1 again adds no entry, so it is never found by
    /// name), then the map's ordinary actors, whose identifiers grow in file order from the
    /// pool capacity plus three. (The camera's identifier 2 would sit between them.)
    fn select(&self, selector: Selector) -> Option<Receiver> {
        match selector {
            Selector::Player => self.env.player_id.map(|p| self.receiver(p)),
            Selector::Camera => None,
            Selector::Name(index) => {
                let def = self.env.assets.rgm.actor(self.actor.definition as usize)?;
                let name = def.string(index as usize)?;
                if name.is_empty() {
                    return None;
                }
                let [cyrus, gremlin] = self.env.tables.players;
                let placed =
                    (0..self.actors.len() as u16).filter(|&id| Some(id) != cyrus && Some(id) != gremlin);
                cyrus.into_iter().chain(placed).find_map(|id| {
                    let definition = if id == self.me {
                        self.actor.definition
                    } else {
                        self.actors.get(id as usize)?.definition
                    };
                    let ns = self.env.assets.rgm.actor(definition as usize)?.namespace();
                    ns.eq_ignore_ascii_case(name).then(|| self.receiver(id))
                })
            }
        }
    }

    fn local(&self, who: Receiver, index: u8) -> Option<i32> {
        self.local_slot(who, index).map(|k| self.locals[k])
    }

    fn set_local(&mut self, who: Receiver, index: u8, value: i32) -> bool {
        let Some(k) = self.local_slot(who, index) else { return false };
        self.locals[k] = value;
        true
    }

    fn flag(&self, id: u16) -> Option<i32> {
        self.env.systems.flags.get(id)
    }

    fn set_flag(&mut self, id: u16, value: i32) -> bool {
        self.env.systems.flags.set(id, value)
    }

    /// SOUPPROPS descriptors through SOUP386.DEF's `[refs]` ([`crate::actor::props`]): the
    /// resolved actor's field, `anim.*` reading 0 without an animation set.
    fn property(&mut self, who: Receiver, reference: u16) -> Option<i32> {
        let p = self.env.assets.refs.property(reference)?;
        let a = self.record(who)?;
        Some(p.read(a, a.set.is_some()))
    }

    fn set_property(&mut self, who: Receiver, reference: u16, value: i32) -> bool {
        let Some(p) = self.env.assets.refs.property(reference) else { return false };
        let id = self.id_of(who);
        let Some(a) = self.actor_mut(id) else { return false };
        let animated = a.set.is_some();
        p.write(a, animated, value);
        true
    }

    fn native(&mut self, who: Receiver, call: &mut NativeCall<'_>) -> Option<i32> {
        let receiver = self.id_of(who);
        // The native table names the handler: the world's run here, the receiver's below
        // ([`natives::call`]).
        let world = match natives::home(call.function) {
            Some(Home::Linking) => self.linking(receiver, call),
            Some(Home::Alignment) => self.alignment(receiver, call),
            Some(Home::Health) => self.health(receiver, call),
            Some(Home::Dialogue) => self.dialogue(receiver, call),
            Some(Home::Requests) => self.requests(receiver, call),
            Some(Home::Shells) => self.open_shell(call),
            Some(Home::Items) => self.item_natives(call),
            Some(Home::PowerUps) => self.power_ups(call),
            // Navigation moves the running actor only.
            Some(Home::Navigation) if who == Receiver::Me => self.navigation(call),
            _ => None,
        };
        if world.is_some() {
            return world;
        }
        let player = match self.env.player_id {
            Some(p) if p == self.me => Some(PlayerView::of(self.actor)),
            Some(p) => self.actors.get(p as usize).map(PlayerView::of),
            None => None,
        }
        .map(|v| PlayerView {
            hang_support: self.env.systems.player.ledge.support,
            contacts: self.env.systems.player.contacts,
            ..v
        });
        let forward_held = self.input.held(crate::input::Action::Up);
        let assets = self.env.assets;
        let mut g = self.env.globals(receiver, player, forward_held);
        let r = match who {
            Receiver::Me => {
                let set = set_of(&assets.sets, self.actor);
                natives::call(self.actor, set, &mut g, call)
            }
            Receiver::Actor(id) => {
                let actor = self.actors.get_mut(id as usize)?;
                self.others_written = true;
                let set = set_of(&assets.sets, actor);
                let mut own =
                    NativeCall { tasks: self.states.get_mut(id as usize).map(|s| &mut s.tasks), ..*call };
                let r = natives::call(actor, set, &mut g, &mut own);
                call.scratch = own.scratch;
                r
            }
        };
        if core::mem::take(&mut self.env.systems.camera.pose_requested) {
            self.location_pose();
        }
        r
    }

    fn has_task(&self, who: u16, script: ScriptRef, at: u32) -> bool {
        self.states.get(who as usize).is_some_and(|s| s.tasks.find(script, at).is_some())
    }

    fn allocate(&mut self, who: u16, slot: TaskSlot) -> bool {
        self.states.get_mut(who as usize).is_some_and(|s| s.tasks.allocate(slot))
    }

    fn event(&mut self, event: ScriptEvent) {
        if self.env.systems.report.script.push(ScriptTrace { actor: self.me, event }).is_err() {
            self.env.systems.report.script_dropped += 1;
        }
    }
}
