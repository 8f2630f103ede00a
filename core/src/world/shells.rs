//! Shell scripts ({D:engine/SOUP.md} "World shell-script preparation", "Shell script
//! execution"): scripts that run as actors without a map object. World loading prepares the
//! `DEBUG` (unless `[debug] final_version` is nonzero), `COMMON` and map-named scripts that
//! the map defines, in that order, each record prepended to the shell list; every loop
//! iteration, before the ordinary actor updates, each record runs in list order (the newest
//! first) with its attributes and control state zeroed for the run, its locals, continuation
//! and task slots kept; `KillMe` finishes a record, which is freed after that run.
//!
//! A shell record is kept as an actor of the world's table that no cell lists, with no
//! model and no placement: it is never updated, drawn or collided with as an actor.

use super::live::{LiveModel, LiveScene, Others, Prepared};
use super::queries::{Env, Step};
use super::script::{RunningScript, Shells, WorldHost, script_stage};
use super::{World, WorldError, full};
use crate::actor::Actor;
use crate::capacity::{Capacity, Table, TableKind};
use crate::input::Input;
use crate::terrain::VertexCache;
use crate::timing::Tick;

/// The debug shell's script.
pub const DEBUG: &str = "DEBUG";
/// The shared shell's script.
pub const COMMON: &str = "COMMON";

impl<C: Capacity> WorldHost<'_, '_, '_, '_, C> {
    /// `OpenShell(name)`: the script named by the calling script's string `name` (names
    /// compare without case) is opened after the update; a name the map does not define
    /// opens nothing (the original reports an error). Returns zero.
    pub(super) fn open_shell(&mut self, call: &crate::script::NativeCall<'_>) -> Option<i32> {
        if call.function != crate::script::functions::id::OPEN_SHELL {
            return None;
        }
        let own = self.env.assets.rgm.actor(self.actor.definition as usize);
        let name = own.and_then(|d| d.string(call.arg(0) as u8 as usize));
        let target = name.and_then(|n| self.env.assets.rgm.actor_by_name(n)).map(|d| d.index() as u16);
        if let Some(definition) = target {
            let _ = self.env.systems.shells.opened.push(definition);
        }
        Some(0)
    }
}

impl<'a, C: Capacity> World<'a, C> {
    /// "World shell-script preparation", after the map objects and before the player
    /// records: a record for each of `DEBUG`, `COMMON` and the map's own script the map
    /// defines, each prepended to the list.
    pub(super) fn prepare_shells(&mut self) -> Result<(), WorldError> {
        self.systems.shells = Shells::default();
        let map = self.assets.map.clone();
        let debug = (self.assets.config.final_version == 0).then_some(DEBUG);
        for name in debug.into_iter().chain([COMMON, map.as_str()]) {
            if let Some(def) = self.assets.rgm.actor_by_name(name.as_bytes()) {
                self.open_record(def.index() as u16)?;
            }
        }
        Ok(())
    }

    /// A record of definition `definition`, with its own copy of the initial locals,
    /// prepended to the list.
    fn open_record(&mut self, definition: u16) -> Result<(), WorldError> {
        let rgm = self.assets.rgm;
        let def = rgm.actor(definition as usize).ok_or(WorldError::Limit("shell scripts"))?;
        let id = self.tables.actors.len() as u16;
        let instance = self.tables.actors.iter().filter(|x| x.definition == definition).count();
        self.tables
            .actors
            .push(Actor::new(definition, [0; 256]))
            .map_err(|_| full::<C>(TableKind::Actors))?;
        self.tables.scripts.add(&rgm, &def, instance)?;
        self.systems.shells.list.insert(0, id).map_err(|_| WorldError::Limit("shell scripts"))
    }

    /// The records `OpenShell` asked for during the update, created after it (a full actor
    /// table or shell list leaves the rest unopened).
    pub(super) fn open_requested_shells(&mut self) {
        for definition in core::mem::take(&mut self.systems.shells.opened) {
            if self.open_record(definition).is_err() {
                break;
            }
        }
    }

    /// The shell records, newest first.
    pub fn shells(&self) -> &[u16] {
        &self.systems.shells.list
    }

    /// "Shell script execution": each record's script stage, in list order; a record its
    /// script killed is dropped from the list after its run.
    pub(super) fn run_shells(&mut self, input: &Input, tick: Tick, heights: &VertexCache<'a>) {
        let list = self.systems.shells.list.clone();
        for id in list {
            let Some(a) = self.tables.actors.get_mut(id as usize) else { continue };
            (a.attributes, a.script_control) = ([0; 256], 0);
            self.run_shell(id, input, tick, heights);
            if self.tables.actors.get(id as usize).is_none_or(|a| a.killed) {
                self.systems.shells.list.retain(|&k| k != id);
            }
        }
    }

    /// One record's script stage, as an actor's without its animation, movement or
    /// collision: nothing to collide with gathered, no candidate lists.
    fn run_shell(&mut self, id: u16, input: &Input, tick: Tick, heights: &VertexCache<'a>) {
        let mut events = crate::anim::Events::default();
        let live = C::Work::<LiveModel<'a>>::default();
        let scene = LiveScene { statics: &self.assets.statics, live: &live, transients: &[] };
        let lists = crate::collision::candidates::Candidates::default();
        let prepared = Prepared { scene: &scene, lists: &lists };
        let Some((a, mut others)) = Others::split(&mut self.tables.actors, id) else { return };
        let Some((state, mut states)) = Others::split(&mut self.tables.scripts.states, id) else { return };
        let world = (&self.assets, &mut self.systems);
        let designated = (self.tables.players, self.tables.selected);
        let mut env = Env::new(world, designated, id, Step { tick, heights }, &prepared, &mut events);
        let running = RunningScript { me: id, actor: a, others: &mut others, state, states: &mut states };
        script_stage(running, &mut self.tables.scripts.locals, &mut env, input);
        let emitter = [0; 3];
        self.push_anim_events(id, &events, emitter, 0, false);
    }
}
