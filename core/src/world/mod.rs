//! The world and its update ({M} and {A}): terrain, the static placements in their
//! 512-unit cells, the actors in cell lists and the persistent list, the designated player
//! pair, and [`World::step`] — one update of the original's world loop, in its order:
//!
//! 1. "Timing boundary": the BIOS-clock timing, once per loop.
//! 2. The deferred relocation list, then the regional actor list of the view window
//!    (`cells`).
//! 3. Map-list presentation: each listed actor's matrix refreshed by its angle changes
//!    ("Incremental orientation refresh").
//! 4. "Ordinary actor update order" for every listed actor (`update.rs`): eligibility,
//!    default selection, animation, the pre-script stage, the script stage (the player's
//!    controller, `crate::player::controller`; every other actor's SOUP script,
//!    `crate::script`), continuation, the collision stage
//!    (`collide.rs`), cleanup.
//! 5. The camera update (`crate::camera`: at the CAMERA actor's place in the traversal when
//!    its `cameraController` hook runs, else after the actors), then its render step; the
//!    published position is the next update's view coordinate and the listener.
//!
//! Nothing here reads a clock: the BIOS tick count and the input come in as arguments, so a
//! recorded run replays to the same trace on every machine. Every table has the fixed
//! size the build's [`Capacity`] gives it; a map that needs more fails to load with
//! [`WorldError::Capacity`] instead of growing.

mod admission;
mod align;
internal! { mod attributes; }
mod camera;
pub mod catalog;
internal! { mod cells; }
mod collide;
mod dialogue;
internal! { mod effects; }
internal! { mod entry; }
mod family;
mod items;
mod ledge;
internal! { mod live; }
mod load;
pub(crate) mod models;
mod nav;
mod parts;
mod placed;
mod powerups;
pub use powerups::{PowerUps, Shown};
mod requests;
mod retained;
internal! { mod sky; }
pub use nav::is_hosted;
internal! { mod needs; }
pub(crate) mod queries;
mod rider;
internal! { mod ropes; }
mod script;
mod shells;
mod step;
mod update;
mod view;
mod vitals;

use core::fmt;

use crate::actor::{Actor, ActorModel};
use crate::anim::{AnimContext, AnimEvent, AnimSet};
use crate::capacity::{Capacity, Desktop, Table, TableKind};
use crate::collision::statics::{PlacedModel, Statics};
use crate::collision::support::{Support, SupportHistory};
use crate::config::SystemConfig;
use crate::files::Files;
use crate::formats::FormatError;
use crate::formats::model::Model;
use crate::formats::rgm::Rgm;
use crate::formats::surface::SurfaceTable;
use crate::formats::wld::Wld;
use crate::input::Bindings;
use crate::math::Mat3;
use crate::player::PlayerState;
use crate::terrain::{Decoded, VertexCache, Wave};
use crate::timing::{Clock, Tick};
use crate::units::Angles;

pub use crate::dialogue::Talk;
pub use crate::player::death::OUTCOME_DEATH;
pub use cells::Cells;
pub use load::RTX_FILE;
pub use needs::Needs;
pub(crate) use parts::{ActorTables, Assets, Systems};
pub use requests::SessionRequest;
pub use script::{MAX_SCRIPT_EVENTS, ScriptTrace};

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
    /// The map needs more of a table than the build holds ([`crate::capacity`]).
    Capacity(Overflow),
    /// One of the engine's own fixed tables is full (not one the build sizes).
    Limit(&'static str),
    /// `script disable` takes a basename of one through eight characters.
    ScriptName,
    /// WORLD.INI is not text: the byte at this offset is not UTF-8.
    CatalogText(usize),
    /// WORLD.INI failed to parse.
    Catalog(crate::formats::ini::IniError),
    /// A world was chosen by index, or a new game started, without a WORLD.INI.
    NoCatalog,
    /// WORLD.INI has no world of this index (or it is outside 0 through 99).
    NoWorld(i32),
    /// ITEM.INI failed to parse at this line (0: it is not text).
    Items(usize),
}

impl fmt::Display for WorldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WorldError::Missing(n) => write!(f, "{n}: file not found"),
            WorldError::Format(n, e) => write!(f, "{n}: {e}"),
            WorldError::Surface(e) => write!(f, "{e}"),
            WorldError::NoPlayer => write!(f, "the map has no CYRUS actor definition"),
            WorldError::NoMarker(m) => write!(f, "the map has no marker {m}"),
            WorldError::Capacity(o) => write!(f, "{o}"),
            WorldError::Limit(what) => write!(f, "too many {what}"),
            WorldError::ScriptName => write!(f, "a script basename has one through eight characters"),
            WorldError::CatalogText(at) => write!(f, "WORLD.INI: byte {at} is not text"),
            WorldError::Catalog(e) => write!(f, "WORLD.INI: {e}"),
            WorldError::NoCatalog => write!(f, "no WORLD.INI: choose a world by its map's name"),
            WorldError::NoWorld(n) => write!(f, "WORLD.INI has no world {n}"),
            WorldError::Items(line) => write!(f, "ITEM.INI: line {line} does not read (line 0: not text)"),
        }
    }
}

/// A table a map needs more of than the build holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Overflow {
    /// The table.
    pub table: TableKind,
    /// What the map needs (its full count, not just the first entry past the end).
    pub needs: usize,
    /// What the build holds.
    pub holds: usize,
}

impl fmt::Display for Overflow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the map needs {} {} and this build holds {}", self.needs, self.table, self.holds)
    }
}

/// The error for a full `table` of the build `C`; [`World::load`] fills in what the map
/// needs.
pub(crate) fn full<C: Capacity>(table: TableKind) -> WorldError {
    WorldError::Capacity(Overflow { table, needs: 0, holds: C::holds(table) })
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
    /// Its ROB segment's attribute byte (0 when the archive names no segment so), which the
    /// archive loader keeps as model metadata and submission copies into the draw flags
    /// ({D:formats/ROB.md} "Segment Attributes (0x10)", {D:engine/model-lighting.md}
    /// "Draw-flag ownership").
    pub attributes: u8,
}

impl WorldModel<'_> {
    /// Radius in map units.
    #[inline]
    pub fn radius(&self) -> f32 {
        self.model.radius() as f32 / 256.0
    }
}

/// Where an instance's frame table comes from ({A}, "Placed-object frame sources").
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
    /// The largest radius of those models: an actor showing any of them is no bigger.
    pub reach: f32,
}

/// A frame-table entry whose model is missing.
const NO_MODEL: u16 = u16::MAX;

/// An animation `PlaySound` as a positional sound request ({D:engine/sound.md},
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
    /// The playback-rate offset, Hz: the rate field × 64, or a sound's own Hz variation.
    pub offset_hz: i32,
    /// How its volume and pan are set.
    pub level: SoundLevel,
    /// The actor's animation remembers it (`EndAnimation` stops it): every engine start but a
    /// script's.
    pub remembered: bool,
    /// Where the actor was when its animation ran (its update-entry position), runtime
    /// units.
    pub emitter: [i32; 3],
    /// The selected player's own animation sound (channels from 0; others from 6).
    pub player: bool,
    /// A run of an `AmbientSound` task: keep the owner's sound of this effect going
    /// (`Some(true)`: forget the remembered one first); `None` for every other sound.
    pub ambient: Option<bool>,
}

/// A `PlaySound` rate field's unit, Hz.
pub const RATE_STEP: i32 = 64;

/// How a sound's start volume and pan are set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SoundLevel {
    /// By distance and bearing from the listener, with a volume offset (0 for animation
    /// sounds; `Sound`'s argument).
    Positional(i32),
    /// `FlatSound`: pan 64 and the effect's base volume plus this, clamped 0–127.
    Flat(i32),
}

/// What an actor did that the frontends or a trace care about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// A sound request.
    Sound(SoundRequest),
    /// Another animation event (actor events, stopping the remembered sound, …).
    Anim(AnimEvent),
    /// The action update asked the ordinary jump entry for action entry 8 or 9 (
    /// {D:engine/animation.md}, "Action words"), which ran ({D:engine/player.md} "Jump window").
    JumpEntry {
        /// The action entry: 8 (accepted bit 0) or 9 (accepted bit 1).
        entry: u8,
    },
    /// What the dialogue system did.
    Talk(Talk),
    /// A session request a script made this update ([`SessionRequest`]).
    Request(SessionRequest),
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
    /// The world loop's outcome, when this update ended it: the selected player's death
    /// ([`OUTCOME_DEATH`]).
    pub outcome: Option<i32>,
    /// Sound maintenance reset the sound this update: every channel stops before its sounds.
    pub sound_reset: bool,
    /// The session request a script made this update and its actor ([`World::change_world`]).
    pub request: Option<(u16, SessionRequest)>,
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
    /// queries take the excluded-query result ({D:engine/player.md}, "Surface-query
    /// state retention"). The docs name no writer, so nothing in the core sets it.
    pub surface_exclusion: bool,
    /// Sound maintenance: the periodic reset's accumulator and the sample-reset flag.
    pub sound: crate::sound::Maintenance,
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

/// A playable world, its tables sized by the build's [`Capacity`] ([`Desktop`] unless the
/// program chooses another).
#[derive(Clone, Debug)]
pub struct World<'a, C: Capacity = Desktop> {
    /// What the load reads and nothing after changes ([`Assets`]).
    assets: Assets<'a, C>,
    /// The per-actor tables ([`ActorTables`]).
    tables: ActorTables<C>,
    /// The systems that run on them ([`Systems`]).
    systems: Systems<'a, C>,
}

/// An animation context outside an actor update at `ticks` (loading, entry, tools, the
/// map-list passes): `config`'s `[system] animation_system`, no transition inputs.
fn anim_context<'c, 'a>(
    config: &SystemConfig,
    set: &'c AnimSet<'a>,
    ticks: i32,
    events: &'c mut crate::anim::Events,
) -> AnimContext<'c, 'a> {
    AnimContext { enabled: config.animation_system != 0, ..AnimContext::new(set, ticks, events) }
}

/// A script basename as the console's `script disable` takes it: one through eight
/// characters.
pub type ScriptName = heapless::String<8>;

impl<'a, C: Capacity> World<'a, C> {
    /// The world model actor `a` currently shows (the static model, or its pose's model).
    pub fn actor_model(&self, a: &Actor) -> Option<&WorldModel<'a>> {
        self.tables().actor_model(a)
    }

    /// The model tables ([`models::ModelTables`]), with the selected player's death state.
    fn tables(&self) -> models::ModelTables<'_, 'a> {
        self.assets.model_tables(self.tables.players, self.tables.selected, &self.systems.player.death)
    }

    /// The frame actor `a` shows of its current model.
    pub fn actor_frame(&self, a: &Actor) -> u32 {
        match a.model {
            ActorModel::Animated => a.anim.pose.map_or(0, |p| p.frame as u32),
            _ => 0,
        }
    }

    /// Every actor, in creation order.
    pub fn actors(&self) -> &[Actor] {
        &self.tables.actors
    }

    /// Actor `id`.
    pub fn actor(&self, id: u16) -> Option<&Actor> {
        self.tables.actors.get(id as usize)
    }

    /// Actor `id`, mutable (tests set up states through it).
    pub fn actor_mut(&mut self, id: u16) -> Option<&mut Actor> {
        self.tables.actors.get_mut(id as usize)
    }

    /// The selected player's actor id.
    pub fn selected_player_id(&self) -> Option<u16> {
        self.tables.players[self.tables.selected]
    }

    /// The selected player.
    pub fn selected_player(&self) -> Option<&Actor> {
        self.actor(self.selected_player_id()?)
    }

    /// The selected player, mutable.
    pub fn selected_player_mut(&mut self) -> Option<&mut Actor> {
        let id = self.selected_player_id()?;
        self.tables.actors.get_mut(id as usize)
    }

    /// A forced request for `group` on actor `id` (modifier 0, the current shared ticks): a
    /// test or scenario putting an actor into a known animation state.
    pub fn force_group(&mut self, id: u16, group: i16) {
        let Some(a) = self.tables.actors.get_mut(id as usize) else { return };
        let Some(set) = a.set.and_then(|s| self.assets.sets.get(s as usize)) else { return };
        let mut events = crate::anim::Events::default();
        let ticks = self.systems.clock.tick().nominal_ticks;
        a.anim.force(&mut anim_context(&self.assets.config, &set.set, ticks, &mut events), group, 0);
    }

    /// An animation context outside an actor update (loading, entry, tools): the current
    /// shared ticks, `[system] animation_system`, no transition inputs.
    fn anim_context<'c>(
        &self,
        set: &'c AnimSet<'a>,
        events: &'c mut crate::anim::Events,
    ) -> AnimContext<'c, 'a> {
        anim_context(&self.assets.config, set, self.systems.clock.tick().nominal_ticks, events)
    }

    /// The console's `script disable [name]` ({D:engine/console.md}): `Some(name)`
    /// suppresses the update body of every actor whose script basename (its definition's
    /// name) matches, ASCII case folded; `None` clears the suppression. A name outside one
    /// through eight characters is refused and changes nothing.
    pub fn disable_script(&mut self, name: Option<&str>) -> Result<(), WorldError> {
        self.systems.script_exclusion = match name {
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
        self.systems.script_exclusion.as_deref()
    }

    /// Whether the active script-name exclusion matches actor `a`'s script basename.
    fn script_excluded(&self, a: &Actor) -> bool {
        let Some(name) = &self.systems.script_exclusion else { return false };
        self.assets
            .rgm
            .actor(a.definition as usize)
            .is_some_and(|d| d.name().eq_ignore_ascii_case(name.as_bytes()))
    }

    /// The animation set of actor `a`.
    pub fn set_of(&self, a: &Actor) -> Option<&AnimSet<'a>> {
        self.assets.sets.get(a.set? as usize).map(|e| &e.set)
    }

    /// The animation sets.
    pub fn sets(&self) -> &[SetEntry<'a>] {
        &self.assets.sets
    }

    /// The actor lists.
    pub fn cells(&self) -> &Cells<C> {
        &self.tables.cells
    }

    /// The static placements.
    pub fn statics(&self) -> &Statics<'a, C> {
        &self.assets.statics
    }

    /// The models actors use.
    pub fn models(&self) -> &[WorldModel<'a>] {
        &self.assets.models
    }

    /// The frame-table models of every set: indices into [`World::models`]
    /// (`u16::MAX` for an entry whose model is missing).
    pub fn frame_models(&self) -> &[u16] {
        &self.assets.frame_models
    }

    /// What the world's tables hold now, in the terms of [`Needs`]: after a load and the
    /// player's entry, what the map needs. Banks are the distinct texture banks the
    /// placements' and models' faces name.
    pub fn held(&self) -> Needs {
        let (_, banks) = self.texture_banks::<heapless::Vec<u16, 256>>();
        Needs {
            actors: self.tables.actors.len(),
            placements: self.assets.statics.placements().len(),
            models: self.assets.models.len(),
            sets: self.assets.sets.len(),
            frame_models: self.assets.frame_models.len(),
            locals: self.tables.scripts.locals.len(),
            banks,
            walk_nodes: self.systems.walk.held(),
            ropes: self.systems.ropes.len(),
        }
    }

    /// The texture banks the static placements' and then the models' faces name, in first
    /// use order, as many as `T` holds; and how many there are (counting past a full table,
    /// where repeats can no longer be told apart).
    pub fn texture_banks<T: Table<u16>>(&self) -> (T, usize) {
        let (mut banks, mut count) = (T::default(), 0);
        for m in self.textured_models() {
            needs::note_banks(&m, &mut banks, &mut count);
        }
        (banks, count)
    }

    /// Calls `f` with the texture bank of every textured face of the static placements' and
    /// then the models' (repeats included), in that order.
    pub fn each_texture_bank(&self, mut f: impl FnMut(u16)) {
        for m in self.textured_models() {
            needs::each_bank(&m, &mut f);
        }
    }

    /// The static placements' models, then the actors' models.
    fn textured_models(&self) -> impl Iterator<Item = Model<'a>> + '_ {
        self.assets
            .statics
            .placements()
            .iter()
            .map(|p| p.model)
            .chain(self.assets.models.iter().map(|m| m.model))
    }

    /// Models the map names that neither its ROB nor a `.3DC`/`.3D` file supplied (the
    /// first eight): their actors have no model.
    pub fn missing_models(&self) -> &[Name] {
        &self.assets.missing
    }

    /// The map name the world was loaded as (upper case).
    pub fn map(&self) -> &str {
        &self.assets.map
    }

    /// The WORLD.INI index the world was loaded as (`None`: by map name, without a catalog
    /// entry).
    pub fn world_id(&self) -> Option<u16> {
        self.assets.world_id
    }

    /// The world's `world_compass`: the compass's heading offset ({D:engine/hud.md}
    /// "Compass"), 0 for a world loaded by map name.
    pub fn world_compass(&self) -> i32 {
        self.assets.compass
    }

    /// The scene.
    pub fn rgm(&self) -> &Rgm<'a> {
        &self.assets.rgm
    }

    /// The terrain map.
    pub fn wld(&self) -> &Wld<'a> {
        &self.assets.wld
    }

    /// The decoded terrain heights.
    pub fn terrain(&self) -> &Decoded<'a> {
        &self.assets.terrain
    }

    /// Whether the world has terrain: its WORLD.INI entry names a WLD (the interiors and
    /// dungeons name none, {D:config/world-ini.md} "World Catalog").
    pub fn has_terrain(&self) -> bool {
        crate::terrain::VertexHeights::present(&self.assets.terrain)
    }

    /// The water wave: the world's `world_wave` ({D:engine/water.md} "Wave parameters and
    /// enablement"), still without a catalog entry.
    pub fn wave(&self) -> Wave {
        self.systems.wave
    }

    /// Replaces the water wave ([`Wave::NONE`] stills the water); the next frame and the
    /// next update's collision see it.
    /// (Test set-up: with the `testing` feature only.)
    #[cfg(any(test, feature = "testing"))]
    pub fn set_wave(&mut self, wave: Wave) {
        self.systems.wave = wave;
    }

    /// The terrain vertex cache as the latest frame draws it: the decoded heights with the
    /// water wave at the BIOS tick of the latest update, around the camera's terrain cell
    /// (`crate::terrain::camera_cell` of [`World::view`]). The renderer draws it; the next
    /// update's collision queries read it ("Terrain support sampling"); beyond 15 cells of
    /// the camera both read the decoded map.
    pub fn vertex_cache(&self) -> VertexCache<'a> {
        let v = self.view();
        VertexCache::new(
            self.assets.terrain,
            self.systems.wave,
            self.systems.report.bios,
            crate::terrain::camera_cell(v[0], v[2]),
        )
    }

    /// The configuration.
    pub fn config(&self) -> &SystemConfig {
        &self.assets.config
    }

    /// Replaces the configuration. What it decides at load (the clock, the walk mode, the
    /// actors' attribute defaults) takes effect at the next [`World::load_in_place`].
    pub fn set_config(&mut self, config: SystemConfig) {
        self.assets.config = config;
    }

    /// The KEYS.INI bindings.
    pub fn bindings(&self) -> &Bindings {
        &self.assets.bindings
    }

    /// The surface assignments.
    pub fn surfaces(&self) -> &SurfaceTable {
        &self.assets.surfaces
    }

    /// The clock.
    pub fn clock(&self) -> &Clock {
        &self.systems.clock
    }
    /// The clock, to restore (a save).
    pub fn clock_mut(&mut self) -> &mut Clock {
        &mut self.systems.clock
    }

    /// State shared across actors (veto, support history, surface exclusion).
    pub fn shared(&self) -> &Shared {
        &self.systems.shared
    }

    /// State shared across actors, mutable (tests set up states through it).
    /// (Test set-up: with the `testing` feature only.)
    #[cfg(any(test, feature = "testing"))]
    pub fn shared_mut(&mut self) -> &mut Shared {
        &mut self.systems.shared
    }

    /// The player's controller state.
    pub fn player_state(&self) -> &PlayerState {
        &self.systems.player
    }

    /// The player's controller state, mutable (tests set up states through it).
    /// (Test set-up: with the `testing` feature only.)
    #[cfg(any(test, feature = "testing"))]
    pub fn player_state_mut(&mut self) -> &mut PlayerState {
        &mut self.systems.player
    }

    /// The latest update's report.
    pub fn report(&self) -> &StepReport {
        &self.systems.report
    }

    /// The view (camera) position, map units: the regional list's centre.
    pub fn view(&self) -> [i32; 3] {
        self.systems.view.map(|c| c >> 8)
    }

    /// Every actor with a model, as the renderer and the collision scene place it: the
    /// model, its frame, its map-unit position and its matrix.
    pub fn placed_actors(&self) -> impl Iterator<Item = (u16, &WorldModel<'a>, u32, PlacedModel<'a>)> + '_ {
        self.tables.actors.iter().enumerate().filter(|(_, a)| a.shown()).filter_map(move |(id, a)| {
            let m = self.actor_model(a)?;
            Some((id as u16, m, self.actor_frame(a), self.presented(id as u16, a, m)))
        })
    }
}

impl<'a, C: Capacity> World<'a, C> {
    /// Where actor `a`'s current model `m` is presented ([`models::ModelTables::presented`]).
    pub(super) fn presented(&self, id: u16, a: &Actor, m: &WorldModel<'a>) -> PlacedModel<'a> {
        self.tables().presented(id, a, m)
    }
}

/// Where actor `a` stands with its current model `m`.
#[inline(always)]
pub(super) fn placed_model<'a>(a: &Actor, m: &WorldModel<'a>) -> PlacedModel<'a> {
    PlacedModel {
        position: a.effective_position().map(|c| (c >> 8) as f32),
        matrix: a.matrix.m,
        model: m.model,
        radius: m.radius(),
        flags: match a.model {
            ActorModel::Static { flags, .. } => flags,
            _ => 0,
        },
    }
}

/// The presentation matrix of an actor's angles (re-exported for frontends and tests).
pub fn orientation(angles: Angles) -> Mat3 {
    Mat3::from_orientation(angles)
}
