//! The world by what it holds ({M}): the assets a load reads and nothing after changes,
//! the per-actor tables, and the systems that run on them: three types side by side in
//! [`super::World`], so that a per-actor stage borrows `&Assets` beside `&mut ActorTables`
//! and `&mut Systems` (through [`super::queries::Env`]) with no borrow split by hand.

use super::{
    Cells, Name, ScriptName, SetEntry, Shared, StepReport, WorldModel, attributes, effects, live, models,
    nav, ropes, script, sky, update,
};
use crate::actor::Actor;
use crate::capacity::Capacity;
use crate::collision::statics::Statics;
use crate::config::SystemConfig;
use crate::formats::rgm::Rgm;
use crate::formats::rob::Rob;
use crate::formats::surface::SurfaceTable;
use crate::formats::wld::Wld;
use crate::input::Bindings;
use crate::player::PlayerState;
use crate::terrain::{Decoded, Wave};
use crate::timing::Clock;

/// A world's read-only-after-load part: the map's views (RGM, ROB, WLD, PVO), its models,
/// animation sets and static placements, the configuration and bindings it runs with and
/// the tables SURFACE.INI and SOUP386.DEF give. A stage borrows it beside the mutable
/// parts ([`ActorTables`], [`Systems`]), so no borrow has to be split by hand.
#[derive(Clone, Debug)]
pub(crate) struct Assets<'a, C: Capacity> {
    pub map: Name,
    /// The WORLD.INI index the world was loaded as, when it came from the catalog.
    pub world_id: Option<u16>,
    /// `world_compass`, the compass's heading offset (0 for a world of no catalog entry).
    pub compass: i32,
    pub rgm: Rgm<'a>,
    pub rob: Rob<'a>,
    pub wld: Wld<'a>,
    pub terrain: Decoded<'a>,
    pub statics: Statics<'a, C>,
    pub models: C::Models<WorldModel<'a>>,
    pub sets: C::Sets<SetEntry<'a>>,
    pub frame_models: C::FrameModels<u16>,
    pub mess_groups: attributes::MessGroups,
    pub config: SystemConfig,
    pub bindings: Bindings,
    pub surfaces: SurfaceTable,
    /// The map's PVO visibility octree, when it has one.
    pub pvo: Option<crate::formats::pvo::Pvo<'a>>,
    /// The `[refs]` ids of the properties the core implements (SOUP386.DEF).
    pub refs: crate::actor::props::References,
    /// Files the load looked for and did not find.
    pub missing: heapless::Vec<Name, 8>,
}

/// A world's per-actor tables, each indexed by actor id (or listing actor ids).
#[derive(Clone, Debug)]
pub(crate) struct ActorTables<C: Capacity> {
    pub actors: C::Actors<Actor>,
    /// Per actor, what its last update leaves for the next ([`update::ActorMemo`]).
    pub memos: C::Actors<update::ActorMemo>,
    /// Where the actors stood when the step began ([`live::Crowd`]).
    pub crowd: live::Crowd<C>,
    /// The candidate lists of the actor update under way, gathered in place: the original's
    /// one pair of 64-entry lists, which every update refills.
    pub lists: crate::collision::candidates::Candidates,
    pub cells: Cells<C>,
    /// The designated player pair (`CYRUS`, `GREMLIN`).
    pub players: [Option<u16>; 2],
    /// Which of the pair is selected.
    pub selected: usize,
    /// Family members, every parent before its children ([`super::World::init_families`]).
    pub families: C::Actors<u16>,
    /// The PVO's secondary table: the non-moving actors ([`super::World::build_secondary`]).
    pub secondary: C::Actors<u16>,
    /// The script states and the local-variable pool.
    pub scripts: script::ScriptTables<C>,
}

/// A world's systems: the clock, the selected player's retained state, the camera, the
/// walk maps, effects, ropes, dialogue, items, shells, the global flags and the random
/// stream, and what an update reports.
#[derive(Clone, Debug)]
pub(crate) struct Systems<'a, C: Capacity> {
    pub clock: Clock,
    pub shared: Shared,
    pub player: PlayerState,
    /// The camera's published position, runtime units: the next update's view coordinate.
    pub view: [i32; 3],
    /// The listener's yaw in the pan convention.
    pub view_yaw: u16,
    pub camera: crate::camera::Camera,
    /// The walk maps and what navigation shares ([`nav::WalkTables`]).
    pub walk: nav::WalkTables<'a, C>,
    /// Per static placement, whether the camera's PVO list leaves it undrawn (empty: all drawn).
    pub hidden_statics: C::Placements<bool>,
    pub wave: Wave,
    /// The sky's scrolling, when the world has a sky ([`sky::SkyMotion`]).
    pub sky: Option<sky::SkyMotion>,
    /// The environmental effect pool ([`effects::EffectPool`]).
    pub effects: effects::EffectPool<C>,
    /// The map's ropes ([`ropes::Rope`]).
    pub ropes: C::Ropes<ropes::Rope<'a>>,
    /// What people say ([`crate::dialogue`]): lines, the RTX cache, the prompt, the menu.
    pub dialogue: crate::dialogue::Dialogue<'a, C>,
    /// The shell records, newest first ([`super::shells`]).
    pub shells: script::Shells,
    /// The item system ([`crate::items`]): a session's, kept across world changes.
    pub items: crate::items::Items<'a, C>,
    /// What the HUD's item area shows this frame ([`crate::dialogue::activation::ItemArea`]).
    pub item_area: crate::dialogue::activation::ItemArea<'a>,
    pub report: StepReport,
    /// The global flags.
    pub flags: crate::script::Flags,
    /// What the session keeps outside the world ([`super::retained::Retained`]).
    pub retained: super::retained::Retained,
    /// The shared random stream.
    pub rng: crate::script::Rng,
    /// The next combat index animation-table setup hands out.
    pub combat_index: u16,
    /// The console's `script disable` basename, when one is active.
    pub script_exclusion: Option<ScriptName>,
}

impl<'a, C: Capacity> Assets<'a, C> {
    /// The model tables ([`models::ModelTables`]) over these assets, with the designated
    /// pair `players` (`selected` the selected one) and the selected player's `death` state.
    #[inline]
    pub fn model_tables(
        &self,
        players: [Option<u16>; 2],
        selected: usize,
        death: &crate::player::death::Death,
    ) -> models::ModelTables<'_, 'a> {
        models::ModelTables {
            rgm: &self.rgm,
            models: &self.models,
            sets: &self.sets,
            frame_models: &self.frame_models,
            wld: &self.wld,
            swim_depth: self.config.swim_depth,
            players,
            selected,
            death: (death.progress, death.hit_inhibition),
        }
    }
}
