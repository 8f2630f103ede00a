//! The world and its update (seeds 000 and 001): terrain, the static placements in their
//! 512-unit cells, the actors in cell lists and the persistent list, the designated player
//! pair, and [`World::step`] — one update of the original's world loop, in its order:
//!
//! 1. "Timing boundary": the BIOS-clock timing, once per loop.
//! 2. The deferred relocation list, then the regional actor list of the view window
//!    ([`cells`]).
//! 3. Map-list presentation: each listed actor's matrix refreshed by its angle changes
//!    ("Incremental orientation refresh").
//! 4. "Ordinary actor update order" for every listed actor (`update.rs`): eligibility,
//!    default selection, animation, the pre-script stage, the script stage (the player's
//!    controller, [`crate::player::controller`]; every other actor's SOUP script,
//!    [`crate::script`]), continuation, the collision stage
//!    (`collide.rs`), cleanup.
//! 5. The follow camera, whose position is the next update's view coordinate.
//!
//! Nothing here reads a clock: the BIOS tick count and the input come in as arguments, so a
//! recorded run replays to the same trace on every machine. Every table has a fixed
//! capacity ([`MAX_ACTORS`], [`MAX_PLACEMENTS`], …); a map that exceeds one fails to load
//! with [`WorldError::Capacity`] instead of growing.

pub mod attributes;
pub mod cells;
mod collide;
pub mod entry;
pub(crate) mod queries;
mod rider;
pub mod scene;
mod script;
mod update;

use core::fmt;

use crate::actor::{Actor, ActorModel};
use crate::anim::{AnimContext, AnimEvent, AnimSet};
use crate::collision::shape::{self, Bounds};
use crate::collision::statics::{PlacedModel, Statics};
use crate::collision::support::{Support, SupportHistory};
use crate::config::SystemConfig;
use crate::files::Files;
use crate::formats::model::Model;
use crate::formats::rgm::{ModelPath, Rgm};
use crate::formats::rob::Rob;
use crate::formats::surface::SurfaceTable;
use crate::formats::wld::Wld;
use crate::formats::{FormatError, rgm};
use crate::input::{Bindings, Input};
use crate::math::Mat3;
use crate::player::{PlayerState, Turn};
use crate::terrain::{Decoded, VertexCache, Wave};
use crate::timing::{Clock, Tick, TimingConfig};
use crate::units::Angles;

pub use cells::Cells;
pub use script::{MAX_LOCALS, MAX_SCRIPT_EVENTS, ScriptTrace};

/// Most actors a world holds (placed objects and the player pair).
pub const MAX_ACTORS: usize = 64;
/// Most static placements (MPSO records with a model).
pub const MAX_PLACEMENTS: usize = 512;
/// Most distinct models (3DC files and ROB segments) actors use: the runtime model handle a
/// patched ShowFrame holds fits in a byte (newest `formats/RGM.md`, "RAGR").
pub const MAX_MODELS: usize = 256;
/// Most distinct animation sets (a definition over one frame source). Stros's choice; a set
/// is under a kilobyte.
pub const MAX_SETS: usize = 32;
/// Most frame-table entries (RAAN entries, or placement models) of all the sets together,
/// each resolved to a world model. Stros's choice: nothing in the docs limits an actor's
/// RAAN entries (`raan_count` is an i32).
pub const MAX_FRAME_MODELS: usize = 2048;
/// Events one update reports; later ones are counted as dropped.
pub const MAX_WORLD_EVENTS: usize = 32;

/// A file name as the world keeps it in errors and tables.
pub type Name = heapless::String<16>;

fn name_of(bytes: &[u8]) -> Name {
    let mut n = Name::new();
    for &b in bytes.iter().take(16) {
        let _ = n.push(if b.is_ascii_graphic() { b.to_ascii_uppercase() as char } else { '?' });
    }
    n
}

/// Why a world could not be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WorldError {
    /// A file the map needs is missing.
    Missing(Name),
    /// A file failed its format check.
    Format(Name, FormatError),
    /// SURFACE.INI failed to parse.
    Surface(crate::formats::surface::SurfaceError),
    /// The map has no `CYRUS` actor definition.
    NoPlayer,
    /// The requested marker does not exist.
    NoMarker(usize),
    /// A fixed table is full.
    Capacity(&'static str),
    /// `script disable` takes a basename of one through eight characters.
    ScriptName,
}

impl fmt::Display for WorldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WorldError::Missing(n) => write!(f, "{n}: file not found"),
            WorldError::Format(n, e) => write!(f, "{n}: {e}"),
            WorldError::Surface(e) => write!(f, "{e}"),
            WorldError::NoPlayer => write!(f, "the map has no CYRUS actor definition"),
            WorldError::NoMarker(m) => write!(f, "the map has no marker {m}"),
            WorldError::Capacity(what) => write!(f, "too many {what} for this build"),
            WorldError::ScriptName => write!(f, "a script basename has one through eight characters"),
        }
    }
}

/// A model the world's actors use.
#[derive(Clone, Debug)]
pub struct WorldModel<'a> {
    /// Its name (file stem or ROB segment name).
    pub name: Name,
    /// The model.
    pub model: Model<'a>,
    /// Its ROB segment's collision byte (0 for a 3DC file).
    pub flags: u8,
}

impl WorldModel<'_> {
    /// Radius in map units.
    pub fn radius(&self) -> f32 {
        self.model.radius() as f32 / 256.0
    }
}

/// Where an instance's frame table comes from (seed 001, "Placed-object frame sources").
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FrameSource {
    /// The definition's RAAN entries.
    Raan,
    /// A type-1 MPOB placement's model (`model_name`, upper case) and the frame count its
    /// `is_static` byte gives.
    Placement {
        /// The model's name.
        model: Name,
        /// Frames in the table.
        frames: u8,
    },
}

/// An animation set: one definition's groups over one frame source, shared by every
/// instance with that pair. Placements of one definition with different models get
/// different sets, so each shows its own model.
#[derive(Clone, Debug)]
pub struct SetEntry<'a> {
    /// RAHD index.
    pub definition: u16,
    /// The frame source.
    pub source: FrameSource,
    /// The groups and frame table.
    pub set: AnimSet<'a>,
    /// Where the world models of the table's entries (in entry order) sit in the world's
    /// frame-model table ([`World::frame_model`]).
    pub models: core::ops::Range<u16>,
}

/// A frame-table entry whose model is missing.
const NO_MODEL: u16 = u16::MAX;

// Actors keep their set index in a byte, and the frame-model table's ends in u16s.
const _: () = assert!(MAX_SETS <= 256 && MAX_FRAME_MODELS < NO_MODEL as usize);

/// An animation `PlaySound` as a positional sound request (newest `engine/sound.md`,
/// "Animation PlaySound").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SoundRequest {
    /// The effect to play: the command's, remapped through SURFACE.INI by the actor's
    /// stored surface.
    pub effect: i16,
    /// The command's effect before the remap.
    pub requested: i16,
    /// The rate field (× 64 Hz).
    pub rate: i16,
    /// Where the actor was when its animation ran (its update-entry position), runtime
    /// units.
    pub emitter: [i32; 3],
    /// The selected player's own animation sound (channels from 0; others from 6).
    pub player: bool,
}

/// What an actor did that the frontends or a trace care about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// A sound request.
    Sound(SoundRequest),
    /// Another animation event (actor events, stopping the remembered sound, …).
    Anim(AnimEvent),
    /// The action update asked the ordinary jump entry for action entry 8 or 9 (newest
    /// `engine/animation.md`, "Action words"). The core has no jump entry yet (it starts
    /// queued motion, which only the ground response's queued-motion arbitration and vertical
    /// writer finish), so the request is reported and nothing else happens.
    JumpEntry {
        /// The action entry: 8 (accepted bit 0) or 9 (accepted bit 1).
        entry: u8,
    },
    /// A health change (a hurting landing or slide), and the health after it.
    Health {
        /// The change.
        change: i32,
        /// Attribute 3 afterwards.
        health: u8,
    },
}

/// One event of an update, with the actor it came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WorldEvent {
    /// The actor.
    pub actor: u16,
    /// What happened.
    pub event: Event,
}

/// What one update reports.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StepReport {
    /// Updates so far, this one included (the first is 1).
    pub update: u32,
    /// The BIOS tick count the update ran at.
    pub bios: u32,
    /// The timing the update used.
    pub tick: Tick,
    /// Measured FPS after this update's measurement.
    pub measured_fps: i32,
    /// Smoothed FPS.
    pub smoothed_fps: i32,
    /// Events in order.
    pub events: heapless::Vec<WorldEvent, MAX_WORLD_EVENTS>,
    /// Events that did not fit.
    pub dropped: u32,
    /// The support query of the player's forward probe, when one ran this update.
    pub probe: Option<Support>,
    /// Actors whose update body ran.
    pub updated: u16,
    /// The listener (the camera before this update's actors moved) sounds are heard from.
    pub listener: Listener,
    /// The script stages' trace in order: statements run, task-pass invocations, natives
    /// and properties not implemented, errors.
    pub script: heapless::Vec<ScriptTrace, MAX_SCRIPT_EVENTS>,
    /// Script trace events that did not fit.
    pub script_dropped: u32,
}

/// State shared by every actor of an update: the surface veto, the designated player's
/// support-history counter and his surface exclusion.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Shared {
    /// The shared surface veto.
    pub veto: bool,
    /// The designated player's support-history counter.
    pub history: SupportHistory,
    /// The selected-player surface exclusion: while set, the selected player's surface
    /// queries take the excluded-query result (newest `engine/player.md`, "Surface-query
    /// state retention"). The docs name no writer, so nothing in the core sets it.
    pub surface_exclusion: bool,
}

/// Where sounds are heard from: the render camera's position (runtime units) and yaw,
/// reported with each update for the mixer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Listener {
    /// Position, runtime units.
    pub position: [i32; 3],
    /// Yaw in the pan's bearing convention (0 looking along +Z, 512 along +X): an actor
    /// heading `h` looks along bearing `−h & 2047`.
    pub yaw: u16,
}

/// A playable world.
#[derive(Clone, Debug)]
pub struct World<'a> {
    map: Name,
    rgm: Rgm<'a>,
    rob: Rob<'a>,
    wld: Wld<'a>,
    terrain: Decoded<'a>,
    wave: Wave,
    statics: Statics<'a, MAX_PLACEMENTS>,
    models: heapless::Vec<WorldModel<'a>, MAX_MODELS>,
    sets: heapless::Vec<SetEntry<'a>, MAX_SETS>,
    frame_models: heapless::Vec<u16, MAX_FRAME_MODELS>,
    mess_groups: attributes::MessGroups,
    actors: heapless::Vec<Actor, MAX_ACTORS>,
    cells: Cells<MAX_ACTORS>,
    players: [Option<u16>; 2],
    selected: usize,
    config: SystemConfig,
    bindings: Bindings,
    surfaces: SurfaceTable,
    clock: Clock,
    shared: Shared,
    player: PlayerState,
    view: [i32; 3],
    view_yaw: u16,
    report: StepReport,
    missing: heapless::Vec<Name, 8>,
    scripts: script::ScriptTables,
    /// The next combat index animation-table setup hands out.
    combat_index: u16,
    /// The console's `script disable` basename, when one is active.
    script_exclusion: Option<ScriptName>,
}

/// A script basename as the console's `script disable` takes it: one through eight
/// characters.
pub type ScriptName = heapless::String<8>;

/// The map-unit stem of a RAAN path: after the last `\`, `/` or `:`, before the first `.`.
fn stem(path: &[u8]) -> &[u8] {
    let start = path.iter().rposition(|&b| matches!(b, b'\\' | b'/' | b':')).map_or(0, |p| p + 1);
    let name = &path[start..];
    let end = name.iter().position(|&b| b == b'.' || b == 0).unwrap_or(name.len());
    let name = &name[..end];
    let trim = name.iter().rposition(|&b| b != b' ').map_or(0, |p| p + 1);
    &name[..trim]
}

impl<'a> World<'a> {
    /// Loads map `map` (`<map>.RGM`, `.ROB`, `.WLD`, the actor models, and `SURFACE.INI` and
    /// `SOUP386.DEF` when present) from `files`, with `config` and the KEYS.INI `bindings`,
    /// and places its actors. The player enters separately ([`World::enter_marker`] or
    /// [`World::enter_at`]).
    pub fn load(
        files: &impl Files<'a>,
        map: &str,
        config: SystemConfig,
        bindings: Bindings,
    ) -> Result<Self, WorldError> {
        let get = |ext: &str| {
            let mut n = Name::new();
            let _ = n.push_str(map);
            let _ = n.push_str(ext);
            files.file(&n).ok_or(WorldError::Missing(n))
        };
        let named = |ext: &str| {
            let mut n = Name::new();
            let _ = n.push_str(map);
            let _ = n.push_str(ext);
            n
        };
        let rgm = Rgm::new_checked(get(".RGM")?).map_err(|e| WorldError::Format(named(".RGM"), e))?;
        let rob = Rob::new_checked(get(".ROB")?).map_err(|e| WorldError::Format(named(".ROB"), e))?;
        let wld = Wld::new_checked(get(".WLD")?).map_err(|e| WorldError::Format(named(".WLD"), e))?;
        let surfaces = match files.file("SURFACE.INI") {
            Some(bytes) => {
                let text = core::str::from_utf8(bytes).unwrap_or("");
                SurfaceTable::parse(text).map_err(WorldError::Surface)?
            }
            None => SurfaceTable::new(),
        };
        let scripts = script::ScriptTables::load(files)?;
        let statics = Statics::new(&rgm, &rob).map_err(|_| WorldError::Capacity("static placements"))?;
        let mut world = World {
            map: name_of(map.as_bytes()),
            rgm,
            rob,
            wld,
            terrain: Decoded::new(wld, 0),
            // No WORLD.INI is read, so every world gets the island's wave.
            wave: crate::terrain::ISLAND_WAVE,
            statics,
            models: heapless::Vec::new(),
            sets: heapless::Vec::new(),
            frame_models: heapless::Vec::new(),
            // "Opening an actor-definition map resets this shared counter to zero."
            mess_groups: attributes::MessGroups::default(),
            actors: heapless::Vec::new(),
            cells: Cells::default(),
            players: [None, None],
            selected: 0,
            player: PlayerState { turn: Turn::default(), walk_mode: config.walk_mode },
            clock: Clock::new(TimingConfig::from(&config)),
            config,
            bindings,
            surfaces,
            shared: Shared::default(),
            view: [0; 3],
            view_yaw: 0,
            report: StepReport::default(),
            missing: heapless::Vec::new(),
            scripts,
            combat_index: 0,
            script_exclusion: None,
        };
        world.place_actors(files)?;
        Ok(world)
    }

    /// The loaded model called `name` (case-insensitive), loading it on first use: a ROB
    /// segment with a model, else `<name>.3DC`, else `<name>.3D`.
    fn model_named(&mut self, files: &impl Files<'a>, name: &[u8]) -> Result<Option<u16>, WorldError> {
        let key = name_of(name);
        if key.is_empty() {
            return Ok(None);
        }
        if let Some(i) = self.models.iter().position(|m| m.name == key) {
            return Ok(Some(i as u16));
        }
        let segment = self.rob.find(name);
        let flags = segment.map_or(0, |s| s.collision_flags());
        let model = match segment.and_then(|s| s.model().ok()) {
            Some(m) => Some(m),
            None => {
                let mut found = None;
                for ext in [".3DC", ".3D"] {
                    let mut file = Name::new();
                    let _ = file.push_str(&key);
                    let _ = file.push_str(ext);
                    if let Some(bytes) = files.file(&file) {
                        found = Some(Model::new_checked(bytes).map_err(|e| WorldError::Format(file, e))?);
                        break;
                    }
                }
                found
            }
        };
        let Some(model) = model else {
            // Nothing to draw or collide with; the frontend says which file was missing.
            if !self.missing.contains(&key) {
                let _ = self.missing.push(key);
            }
            return Ok(None);
        };
        self.models
            .push(WorldModel { name: key, model, flags })
            .map_err(|_| WorldError::Capacity("models"))?;
        Ok(Some(self.models.len() as u16 - 1))
    }

    /// The animation set of `definition` over its RAAN table (`placement` `None`) or over
    /// `placement = (frames, model name)` (the type-1 MPOB fallback), built on first use and
    /// shared by every instance with the same definition and frame source. `None` when the
    /// definition has no animation table and no placement model is given.
    fn set_for(
        &mut self,
        files: &impl Files<'a>,
        definition: u16,
        placement: Option<(u8, &'a [u8])>,
    ) -> Result<Option<u8>, WorldError> {
        let source = match placement {
            Some((frames, name)) => FrameSource::Placement { model: name_of(name), frames },
            None => FrameSource::Raan,
        };
        if let Some(i) = self.sets.iter().position(|s| s.definition == definition && s.source == source) {
            return Ok(Some(i as u8));
        }
        let rgm = self.rgm;
        let Some(def) = rgm.actor(definition as usize) else { return Ok(None) };
        let set = match placement {
            Some((count, _)) => AnimSet::with_placement_model(&def, count),
            None => match AnimSet::from_actor(&def) {
                Some(set) => set,
                None => return Ok(None),
            },
        };
        if self.sets.is_full() {
            return Err(WorldError::Capacity("animation sets"));
        }
        let first = self.frame_models.len();
        let add = |world: &mut Self, name: &[u8]| -> Result<(), WorldError> {
            let m = world.model_named(files, name)?.unwrap_or(NO_MODEL);
            world.frame_models.push(m).map_err(|_| WorldError::Capacity("frame-table models"))
        };
        match placement {
            Some((_, name)) => add(self, name)?,
            None => {
                for e in def.raan_entries() {
                    add(self, stem(e.path))?;
                }
            }
        }
        // MAX_FRAME_MODELS < 65,536, so both ends fit.
        let models = first as u16..self.frame_models.len() as u16;
        self.sets
            .push(SetEntry { definition, source, set, models })
            .map_err(|_| WorldError::Capacity("animation sets"))?;
        Ok(Some(self.sets.len() as u8 - 1))
    }

    /// The world model of frame-table entry `k` of `entry`'s table.
    pub fn frame_model(&self, entry: &SetEntry<'a>, k: usize) -> Option<&WorldModel<'a>> {
        let at = (entry.models.start as usize).checked_add(k).filter(|&i| i < entry.models.end as usize)?;
        let m = *self.frame_models.get(at)?;
        self.models.get(m as usize)
    }

    /// Bounds and shape from the definition ("Ordinary actor collision-shape
    /// initialization"): the primary MPSZ record for an animation table, or for a static
    /// model with an MPOB `model_id` other than −1; bounds from the model's vertices for a
    /// static model with `model_id` −1; otherwise the default radius-12 sphere.
    fn init_shape(&self, a: &mut Actor, def: &rgm::Actor<'_, 'a>, model_id: i16) {
        let path = def.model_path();
        let raex_scale = def.extra().map_or(0, |x| x.sphere_scale_raw());
        let primary = def.bounds().primary;
        let from_record = match path {
            ModelPath::AnimationTable => primary,
            ModelPath::Static if model_id != -1 => primary,
            _ => None,
        };
        let pch = self.config.post_collide_height;
        let standing = self.config.standing_height;
        if let Some(r) = from_record {
            a.bounds = Bounds { total: r.total(), positive: r.positive(), negative: r.negative() };
            a.centre = r.centre();
            a.shape = shape::build(&a.bounds, raex_scale, pch, standing);
        } else if let (ModelPath::Static, -1, ActorModel::Static { model, .. }) = (path, model_id, a.model)
            && let Some(m) = self.models.get(model as usize)
        {
            a.bounds = vertex_bounds(&m.model, self.config.sphere_object_scale);
            a.shape = shape::build(&a.bounds, raex_scale, pch, standing);
        } else {
            a.bounds = Bounds { total: [24; 3], positive: [12; 3], negative: [12; 3] };
            a.shape = shape::Shape::default_shape();
        }
    }

    /// "Placed actor initialization and eligibility": every MPOB record whose script names
    /// an actor definition becomes an actor, in record order; activation 0 puts it at the
    /// front of its map cell, anything else at the front of the persistent list. Each gets
    /// its own attribute copy with the load-time defaults ([`attributes::initial`]); the
    /// animation-table path and the type-1 fallback that builds a table take the next
    /// message group.
    fn place_actors(&mut self, files: &impl Files<'a>) -> Result<(), WorldError> {
        let rgm = self.rgm;
        for (k, record) in rgm.mpob().iter().enumerate() {
            let Some(def) = rgm.actor_by_name(record.script_name()) else { continue };
            let definition = def.index() as u16;
            let mut a = Actor::new(definition, attributes::initial(def.attributes(), &self.config));
            a.placement = Some(k as u16);
            let p = record.position();
            a.position = p.map(|c| c.wrapping_mul(256));
            a.previous = a.position;
            let [ax, ay, az] = record.angles();
            a.set_orientation(Angles::new(ax as i32, ay as i32, az as i32));
            a.previous_angles = a.angles;
            a.water_record = a.position;
            // The definition's own model path first.
            match def.model_path() {
                ModelPath::AnimationTable => {
                    a.set = self.set_for(files, definition, None)?;
                    self.mess_groups.assign(&mut a.attributes);
                }
                ModelPath::Static => {
                    let name = def.raan_entries().next().map_or(&[][..], |e| stem(e.path));
                    if let Some(m) = self.model_named(files, name)? {
                        a.model = ActorModel::Static { model: m, flags: self.models[m as usize].flags };
                    }
                }
                ModelPath::None => {}
            }
            self.init_shape(&mut a, &def, record.model_id());
            // Then the type-1 placement-model fallback ("Placed-object frame sources"), when
            // the definition gave neither a table nor a static model.
            let name = record.model_name();
            if record.object_type() == 1 && def.model_path() == ModelPath::None && !name.is_empty() {
                match record.fallback_frames() {
                    None => {
                        if let Some(m) = self.model_named(files, name)? {
                            a.model = ActorModel::Static { model: m, flags: self.models[m as usize].flags };
                        }
                    }
                    Some(n) => {
                        a.set = self.set_for(files, definition, Some((n, name)))?;
                        self.mess_groups.assign(&mut a.attributes);
                    }
                }
            }
            if a.set.is_some() {
                a.model = ActorModel::Animated;
            }
            a.model_radius = self.actor_model(&a).map(|m| m.radius());
            if let Some(set) = a.set.and_then(|s| self.sets.get(s as usize)) {
                let mut events = crate::anim::Events::default();
                let mut cx = self.anim_context(&set.set, &mut events);
                a.anim = crate::anim::AnimState::placed(&mut cx);
                a.setup_combat(&mut self.combat_index);
            }
            // Instances of one definition take successive RAVA slices.
            let instance = self.actors.iter().filter(|x| x.definition == definition).count();
            let id = self.actors.len() as u16;
            self.actors.push(a).map_err(|_| WorldError::Capacity("actors"))?;
            self.scripts.add(&rgm, &def, instance)?;
            if record.activation() == 0 {
                self.cells.insert_cell(id, p[0], p[2]);
            } else {
                self.cells.insert_persistent(id);
            }
        }
        Ok(())
    }

    /// The world model actor `a` currently shows (the static model, or its pose's model).
    pub fn actor_model(&self, a: &Actor) -> Option<&WorldModel<'a>> {
        let index = match a.model {
            ActorModel::Static { model, .. } => Some(model),
            ActorModel::Animated => {
                let entry = self.sets.get(a.set? as usize)?;
                return self.frame_model(entry, a.anim.pose.map_or(0, |p| p.model as usize));
            }
            ActorModel::None => None,
        };
        self.models.get(index? as usize)
    }

    /// The frame actor `a` shows of its current model.
    pub fn actor_frame(&self, a: &Actor) -> u32 {
        match a.model {
            ActorModel::Animated => a.anim.pose.map_or(0, |p| p.frame as u32),
            _ => 0,
        }
    }

    /// The runs one update of the world loop with `input` at BIOS tick `bios_now`.
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
        let mut tick = self.clock.update(bios_now);
        if let Some(s) = scale {
            tick.frame_scale = s;
        }
        let update = self.report.update.wrapping_add(1);
        self.report = StepReport {
            update,
            bios: bios_now,
            tick,
            measured_fps: self.clock.measured_fps(),
            smoothed_fps: self.clock.smoothed_fps(),
            listener: Listener { position: self.view, yaw: self.view_yaw },
            ..StepReport::default()
        };
        if input.toggle_walk_mode {
            self.player.walk_mode = (self.player.walk_mode == 0) as i32;
        }
        self.relocate_deferred();
        let actors = &self.actors;
        let active = self.cells.select(self.view[0] >> 8, self.view[2] >> 8, |id| {
            actors.get(id as usize).is_some_and(|a| a.attr(crate::actor::attr::SHORT_MAPPING) != 0)
        });
        let active: heapless::Vec<u16, MAX_ACTORS> = active.iter().copied().collect();
        self.present(&active);
        // The designated pair: the selected player animates, the other does not.
        for (k, p) in self.players.iter().enumerate() {
            if let Some(a) = p.and_then(|p| self.actors.get_mut(p as usize)) {
                a.anim_update_exclusion = (k != self.selected) as u8;
            }
        }
        for &id in &active {
            self.update_actor(id, input, tick, &heights);
        }
        self.draw_weapons(&active, tick);
        self.follow_camera();
        &self.report
    }

    /// The equipped-weapon drawing pass ("Equipped-weapon transition") of each listed actor
    /// the renderer draws — not the unselected player, whom player selection hides. The
    /// original runs it as it draws each actor, after the actor traversal; Stros draws one
    /// frame per update, so it runs once per update here, after every actor update and
    /// before the camera moves. Its requests use this update's ticks; its events are the
    /// actor's.
    fn draw_weapons(&mut self, active: &[u16], tick: Tick) {
        let hidden = self.players[1 - self.selected];
        for &id in active {
            let Some(a) = self.actors.get(id as usize) else { continue };
            // Actors the pass leaves alone (no weapon item) are not copied.
            if Some(id) == hidden || a.attr(crate::actor::combat::ATTR_WEAPON) == 0 {
                continue;
            }
            let Some(set) = a.set.and_then(|s| self.sets.get(s as usize)).map(|e| &e.set) else { continue };
            let mut a = a.clone();
            let mut events = crate::anim::Events::default();
            let mut cx = AnimContext {
                enabled: self.config.animation_system != 0,
                falling: a.falling,
                ..AnimContext::new(set, tick.nominal_ticks, &mut events)
            };
            // Stros shows no weapon models yet: the pass's model choice is not drawn.
            let _model = crate::actor::combat::equipped_weapon_pass(&mut a, &mut cx);
            a.steps.packed |= cx.move_bits;
            let (position, surface) = (a.position, a.surface);
            self.actors[id as usize] = a;
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
            let Some(a) = self.actors.get_mut(id as usize) else { continue };
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
    /// comes from the actor's local position: the seed takes a linked position first when
    /// the actor has one, but linked-position records come from the `Offset` natives, which
    /// the core does not implement, so no actor has one.
    fn relocate_deferred(&mut self) {
        let actors = &self.actors;
        let view = self.view;
        self.cells.relocate(|id| {
            let p = actors.get(id as usize).map_or([0; 3], |a| a.position);
            let (dx, dz) = (p[0].wrapping_sub(view[0]) as f64, p[2].wrapping_sub(view[2]) as f64);
            let d = crate::math::round_ties_even_f64(libm::sqrt(dx * dx + dz * dz)) as i64;
            ([p[0] >> 8, p[2] >> 8], (d >> 8) as i32)
        });
    }

    /// The follow camera: `[camera] camera_distance` behind the selected player at his
    /// heading, at his origin height. Its X/Z are the next update's view coordinates.
    fn follow_camera(&mut self) {
        let Some(p) = self.selected_player() else { return };
        let (x, z) = crate::math::translate_heading(
            p.position[0],
            p.position[2],
            (p.angles.heading as i32 + 1024) & 2047,
            self.config.camera_distance.wrapping_mul(256),
        );
        // The listener's yaw in the pan convention (512 along +X): the negated heading.
        let (y, yaw) = (p.position[1], (p.angles.heading as i32).wrapping_neg() as u16 & 2047);
        self.view = [x, y, z];
        self.view_yaw = yaw;
    }

    /// Every actor, in creation order.
    pub fn actors(&self) -> &[Actor] {
        &self.actors
    }

    /// Actor `id`.
    pub fn actor(&self, id: u16) -> Option<&Actor> {
        self.actors.get(id as usize)
    }

    /// Actor `id`, mutable (tests and tools set up states through it).
    pub fn actor_mut(&mut self, id: u16) -> Option<&mut Actor> {
        self.actors.get_mut(id as usize)
    }

    /// The selected player's actor id.
    pub fn selected_player_id(&self) -> Option<u16> {
        self.players[self.selected]
    }

    /// The selected player.
    pub fn selected_player(&self) -> Option<&Actor> {
        self.actor(self.selected_player_id()?)
    }

    /// The selected player, mutable.
    pub fn selected_player_mut(&mut self) -> Option<&mut Actor> {
        let id = self.selected_player_id()?;
        self.actors.get_mut(id as usize)
    }

    /// A forced request for `group` on actor `id` (modifier 0, the current shared ticks): a
    /// test or scenario putting an actor into a known animation state.
    pub fn force_group(&mut self, id: u16, group: i16) {
        let Some(mut a) = self.actors.get(id as usize).cloned() else { return };
        let Some(set) = a.set.and_then(|s| self.sets.get(s as usize)) else { return };
        let mut events = crate::anim::Events::default();
        a.anim.force(&mut self.anim_context(&set.set, &mut events), group, 0);
        self.actors[id as usize] = a;
    }

    /// An animation context outside an actor update (loading, entry, tools): the current
    /// shared ticks, `[system] animation_system`, no transition inputs.
    fn anim_context<'c>(
        &self,
        set: &'c AnimSet<'a>,
        events: &'c mut crate::anim::Events,
    ) -> AnimContext<'c, 'a> {
        AnimContext {
            enabled: self.config.animation_system != 0,
            ..AnimContext::new(set, self.clock.tick().nominal_ticks, events)
        }
    }

    /// The console's `script disable [name]` (newest `engine/console.md`): `Some(name)`
    /// suppresses the update body of every actor whose script basename (its definition's
    /// name) matches, ASCII case folded; `None` clears the suppression. A name outside one
    /// through eight characters is refused and changes nothing.
    pub fn disable_script(&mut self, name: Option<&str>) -> Result<(), WorldError> {
        self.script_exclusion = match name {
            None => None,
            Some(n) if (1..=8).contains(&n.len()) => {
                let mut s = ScriptName::new();
                let _ = s.push_str(n);
                Some(s)
            }
            Some(_) => return Err(WorldError::ScriptName),
        };
        Ok(())
    }

    /// The active `script disable` basename.
    pub fn script_exclusion(&self) -> Option<&str> {
        self.script_exclusion.as_deref()
    }

    /// Whether the active script-name exclusion matches actor `a`'s script basename.
    fn script_excluded(&self, a: &Actor) -> bool {
        let Some(name) = &self.script_exclusion else { return false };
        self.rgm.actor(a.definition as usize).is_some_and(|d| d.name().eq_ignore_ascii_case(name.as_bytes()))
    }

    /// The animation set of actor `a`.
    pub fn set_of(&self, a: &Actor) -> Option<&AnimSet<'a>> {
        self.sets.get(a.set? as usize).map(|e| &e.set)
    }

    /// The animation sets.
    pub fn sets(&self) -> &[SetEntry<'a>] {
        &self.sets
    }

    /// The actor lists.
    pub fn cells(&self) -> &Cells<MAX_ACTORS> {
        &self.cells
    }

    /// The static placements.
    pub fn statics(&self) -> &Statics<'a, MAX_PLACEMENTS> {
        &self.statics
    }

    /// The models actors use.
    pub fn models(&self) -> &[WorldModel<'a>] {
        &self.models
    }

    /// Models the map names that neither its ROB nor a `.3DC`/`.3D` file supplied (the
    /// first eight): their actors have no model.
    pub fn missing_models(&self) -> &[Name] {
        &self.missing
    }

    /// The map name the world was loaded as (upper case).
    pub fn map(&self) -> &str {
        &self.map
    }

    /// The scene.
    pub fn rgm(&self) -> &Rgm<'a> {
        &self.rgm
    }

    /// The terrain map.
    pub fn wld(&self) -> &Wld<'a> {
        &self.wld
    }

    /// The decoded terrain heights.
    pub fn terrain(&self) -> &Decoded<'a> {
        &self.terrain
    }

    /// The water wave (`world_wave`; the island's, [`crate::terrain::ISLAND_WAVE`], since no
    /// WORLD.INI is read).
    pub fn wave(&self) -> Wave {
        self.wave
    }

    /// Replaces the water wave ([`Wave::NONE`] stills the water); the next frame and the
    /// next update's collision see it.
    pub fn set_wave(&mut self, wave: Wave) {
        self.wave = wave;
    }

    /// The terrain vertex cache as the latest frame draws it: the decoded heights with the
    /// water wave at the BIOS tick of the latest update, around the camera's terrain cell
    /// ([`crate::terrain::camera_cell`] of [`World::view`]). The renderer draws it; the next
    /// update's collision queries read it ("Terrain support sampling"); beyond 15 cells of
    /// the camera both read the decoded map.
    pub fn vertex_cache(&self) -> VertexCache<'a> {
        let v = self.view();
        VertexCache::new(self.terrain, self.wave, self.report.bios, crate::terrain::camera_cell(v[0], v[2]))
    }

    /// The configuration.
    pub fn config(&self) -> &SystemConfig {
        &self.config
    }

    /// The KEYS.INI bindings.
    pub fn bindings(&self) -> &Bindings {
        &self.bindings
    }

    /// The surface assignments.
    pub fn surfaces(&self) -> &SurfaceTable {
        &self.surfaces
    }

    /// The clock.
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// State shared across actors (veto, support history, surface exclusion).
    pub fn shared(&self) -> &Shared {
        &self.shared
    }

    /// State shared across actors, mutable (tests and tools set up states through it).
    pub fn shared_mut(&mut self) -> &mut Shared {
        &mut self.shared
    }

    /// The player's controller state.
    pub fn player_state(&self) -> &PlayerState {
        &self.player
    }

    /// Actor `id`'s script state (continuations, task slots, the error that stopped it).
    pub fn script_state(&self, id: u16) -> Option<&crate::script::ScriptState> {
        self.scripts.states.get(id as usize)
    }

    /// Actor `id`'s local variables.
    pub fn locals(&self, id: u16) -> &[i32] {
        let Some(s) = self.scripts.states.get(id as usize) else { return &[] };
        let start = s.locals_start as usize;
        self.scripts.locals.get(start..start + s.locals_len as usize).unwrap_or(&[])
    }

    /// The global flags.
    pub fn flags(&self) -> &crate::script::Flags {
        &self.scripts.flags
    }

    /// The latest update's report.
    pub fn report(&self) -> &StepReport {
        &self.report
    }

    /// The view (camera) position, map units: the regional list's centre.
    pub fn view(&self) -> [i32; 3] {
        self.view.map(|c| c >> 8)
    }

    /// Every actor with a model, as the renderer and the collision scene place it: the
    /// model, its frame, its map-unit position and its matrix.
    pub fn placed_actors(&self) -> impl Iterator<Item = (u16, &WorldModel<'a>, u32, PlacedModel<'a>)> + '_ {
        self.actors.iter().enumerate().filter_map(move |(id, a)| {
            let m = self.actor_model(a)?;
            let placed = PlacedModel {
                position: a.position.map(|c| (c >> 8) as f32),
                matrix: a.matrix.m,
                model: m.model,
                radius: m.radius(),
                flags: match a.model {
                    ActorModel::Static { flags, .. } => flags,
                    _ => 0,
                },
            };
            Some((id as u16, m, self.actor_frame(a), placed))
        })
    }
}

/// Bounds from a static model's vertices: extents grow in stored order by nearest-even
/// components, negatives become magnitudes, X/Z scaled by `sphere_object_scale >> 8`
/// (nonpositive: 256), totals the sums, centre zero.
fn vertex_bounds(model: &Model<'_>, sphere_object_scale: i32) -> Bounds {
    let mut pos = [0i32; 3];
    let mut neg = [0i32; 3];
    for v in model.vertices() {
        for k in 0..3 {
            let c = crate::math::round_ties_even(v[k] as f32 / 256.0) as i32;
            pos[k] = pos[k].max(c);
            neg[k] = neg[k].min(c);
        }
    }
    let scale = if sphere_object_scale <= 0 { 256 } else { sphere_object_scale };
    let mut b = Bounds { total: [0; 3], positive: pos, negative: neg.map(|c| c.wrapping_neg()) };
    for k in [0, 2] {
        b.positive[k] = b.positive[k].wrapping_mul(scale) >> 8;
        b.negative[k] = b.negative[k].wrapping_mul(scale) >> 8;
    }
    b.total = [0, 1, 2].map(|k| b.positive[k].wrapping_add(b.negative[k]));
    b
}

/// The presentation matrix of an actor's angles (re-exported for frontends and tests).
pub fn orientation(angles: Angles) -> Mat3 {
    Mat3::from_orientation(angles)
}
