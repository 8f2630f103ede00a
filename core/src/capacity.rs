//! How many of each table a world holds: the build's choice, not the core's.
//!
//! The original sizes its tables at run time; Stros has no allocator, so every table is
//! fixed-size storage, and the program that uses the core picks the sizes the way a smoltcp
//! user hands its `SocketSet` storage: a [`Capacity`] type parameter on
//! [`crate::world::World`] and [`crate::session::Session`], usually one of the presets. The
//! tables are `heapless` vectors inside the world; a host with a heap can keep them there
//! instead (`stros_host::Heap`) with the same sizes, so that no megabyte-sized value ever
//! sits on a stack.
//!
//! [`Desktop`] holds every shipped map. Public projects counted the retail install's maps
//! (their test suites ran on the shipped files; {D:config/world-ini.md} "World Catalog"):
//! ISLAND, the largest, places 972 MPOB objects (974 actors with CYRUS and GREMLIN), 1,691
//! MPSO statics and 576 flats, and has 268 RAHD definitions; all 27 maps together have 3,147
//! objects, 4,161 statics, 956 flats, 1,925 lights, 29 ropes, 215 markers, 1,107 RAAN
//! entries and 108 walk graphs of 4,323 nodes. Where a count bounds a table, the preset
//! holds at least twice the largest map's need:
//!
//! | table | bound | [`Desktop`] | margin |
//! |---|---|---|---|
//! | actors | ISLAND: 972 objects + the player pair = 974 | 2,048 | 2.1× |
//! | placements | ISLAND: 1,691 statics | 4,096 | 2.4× |
//! | walk nodes | all maps together: 4,323 (no map has more) | 9,216 | 2.1× |
//! | frame models | the RAAN tables of all maps together: 1,107 | 16,384 | 14.8× |
//!
//! Where no public count exists, the bound comes from the format:
//!
//! - **sets**: a set is built for a placed actor (or the player pair) that asks for one, and
//!   two actors of one definition and frame source share it, so a map needs at most one per
//!   actor: the actor table's 2,048. (A byte would not do: ISLAND's 268 definitions alone
//!   can ask for 268.)
//! - **models**: an actor's model is one of its definition's RAAN entries or its MPOB
//!   record's model name, so a map needs at most its RAAN entries plus its MPOB records —
//!   1,107 + 3,147 = 4,254 for all shipped maps together; 8,192.
//! - **frame models** beyond the RAAN tables: a type-1 placement's own table holds its
//!   `is_static` byte's count of frames, at most 255; the 15,277 entries left over hold
//!   sixty such tables.
//! - **locals**: each placed instance owns its definition's `num_variables` words (its RAVA
//!   slice), so a map needs at most its RAVA payload over four; the table holds what its
//!   16-bit offsets address, 65,535 words (256 KiB).
//! - **banks**: a bank is a `TEXBSI.###` file, so there are at most 1,000.
//!
//! [`Small`] is the embedded island with a little room to spare, small enough that world,
//! look, a 320×200 framebuffer, a band of depth and the stack fit an RP2040's 264 KiB.
//!
//! Any other sizes are a [`Caps`] away. A map that needs more than a build holds fails to
//! load with [`crate::world::WorldError::Capacity`], which names the table, what the map
//! needs and what the build holds (`crate::world::needs` counts a map's needs).

use core::fmt;
use core::ops::{Deref, DerefMut};

/// Fixed-capacity storage for one table: a `heapless::Vec` of the preset's size.
pub trait Table<T>: Default + Clone + fmt::Debug + Deref<Target = [T]> + DerefMut {
    /// Most elements the table holds.
    const CAPACITY: usize;
    /// Appends `value`, or gives it back when the table is full.
    fn push(&mut self, value: T) -> Result<(), T>;
    /// Removes element `index` (which must exist), keeping the others' order.
    fn remove(&mut self, index: usize) -> T;
    /// Removes every element.
    fn clear(&mut self);
    /// Whether the table is full.
    fn is_full(&self) -> bool {
        self.len() == Self::CAPACITY
    }
}

impl<T: Clone + fmt::Debug, const N: usize> Table<T> for heapless::Vec<T, N> {
    const CAPACITY: usize = N;
    fn push(&mut self, value: T) -> Result<(), T> {
        heapless::Vec::push(self, value)
    }
    fn remove(&mut self, index: usize) -> T {
        heapless::Vec::remove(self, index)
    }
    fn clear(&mut self) {
        heapless::Vec::clear(self)
    }
}

/// An element a table can hold.
pub trait Element: Clone + fmt::Debug {}
impl<T: Clone + fmt::Debug> Element for T {}

/// The tables a world is built from, one size each; [`Caps`] implements it for any sizes.
pub trait Capacity: Copy + fmt::Debug + Default + 'static {
    /// Per actor: the actors, their list links, script states, the regional and deferred
    /// lists, the live models of a collision scene and the occupied actor cells.
    type Actors<T: Element>: Table<T>;
    /// Per static placement (MPSO records with a model): the placements and their cells.
    type Placements<T: Element>: Table<T>;
    /// Distinct models (ROB segments, `.3DC`/`.3D` files) actors use.
    type Models<T: Element>: Table<T>;
    /// Animation sets (a definition over one frame source).
    type Sets<T: Element>: Table<T>;
    /// Frame-table entries of all the sets together.
    type FrameModels<T: Element>: Table<T>;
    /// Script local variables of all the actors together.
    type Locals<T: Element>: Table<T>;
    /// Model texture banks the look keeps.
    type Banks<T: Element>: Table<T>;
    /// Walk-map nodes (and, in a table of their own size, the maps).
    type WalkNodes<T: Element>: Table<T>;
    /// Ropes (MPRP records; the original builds at most 255).
    type Ropes<T: Element>: Table<T>;
    /// Environmental effect slots (`[system] max_effects`, installed 32, is held to this).
    type Effects<T: Element>: Table<T>;
    /// Dialogue records, the subtitle slots (`[dialog] dialog_max_dialog_lines`, at least 16,
    /// installed 20, is held to this).
    type Lines<T: Element>: Table<T>;
    /// Topic-menu items (the original allocates `max(dialog_max_menu_items, 300)`).
    type Topics<T: Element>: Table<T>;
    /// Item ids the item system holds a count for (ITEM.INI's ids; 0–255 at most, the
    /// weapon attribute keeps an id's low byte).
    type Items<T: Element>: Table<T>;
    /// A work list of up to one entry per actor that lives for one call: the regional
    /// list's copy, the live models of one update, a traversal. Always a stack value, even
    /// where the tables are kept elsewhere ([`Capacity`]'s implementors may put them on a
    /// heap), so that an update allocates nothing.
    type Work<T: Element>: Table<T>;

    /// Whether the sizes are ones the world's indices address; asserted at compile time
    /// where a world is loaded, so other sizes fail the build: models and locals at most
    /// 65,535; actors, placements, sets and frame-table models below 65,535 (u16 ids, links
    /// and offsets, with `u16::MAX` for none); walk nodes below 32,768 (the route table's
    /// signed entries).
    const FITS: bool;

    /// What the build holds of `table`.
    fn holds(table: TableKind) -> usize {
        match table {
            TableKind::Actors => <Self::Actors<u8> as Table<u8>>::CAPACITY,
            TableKind::Placements => <Self::Placements<u8> as Table<u8>>::CAPACITY,
            TableKind::Models => <Self::Models<u8> as Table<u8>>::CAPACITY,
            TableKind::Sets => <Self::Sets<u8> as Table<u8>>::CAPACITY,
            TableKind::FrameModels => <Self::FrameModels<u8> as Table<u8>>::CAPACITY,
            TableKind::Locals => <Self::Locals<u8> as Table<u8>>::CAPACITY,
            TableKind::Banks => <Self::Banks<u8> as Table<u8>>::CAPACITY,
            TableKind::WalkNodes => <Self::WalkNodes<u8> as Table<u8>>::CAPACITY,
            TableKind::Ropes => <Self::Ropes<u8> as Table<u8>>::CAPACITY,
            TableKind::Effects => <Self::Effects<u8> as Table<u8>>::CAPACITY,
            TableKind::Lines => <Self::Lines<u8> as Table<u8>>::CAPACITY,
            TableKind::Topics => <Self::Topics<u8> as Table<u8>>::CAPACITY,
            TableKind::Items => <Self::Items<u8> as Table<u8>>::CAPACITY,
        }
    }
}

/// One of a world's sized tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TableKind {
    /// Actors.
    Actors,
    /// Static placements.
    Placements,
    /// Models.
    Models,
    /// Animation sets.
    Sets,
    /// Frame-table models.
    FrameModels,
    /// Script local variables.
    Locals,
    /// Model texture banks.
    Banks,
    /// Walk-map nodes.
    WalkNodes,
    /// Ropes.
    Ropes,
    /// Environmental effect slots (not a map's need: the configured pool is held to it).
    Effects,
    /// Dialogue records (subtitle slots; the configured count is held to it).
    Lines,
    /// Topic-menu items.
    Topics,
    /// Item ids.
    Items,
}

impl TableKind {
    /// Every table, in report order.
    pub const ALL: [TableKind; 13] = [
        TableKind::Actors,
        TableKind::Placements,
        TableKind::Models,
        TableKind::Sets,
        TableKind::FrameModels,
        TableKind::Locals,
        TableKind::Banks,
        TableKind::WalkNodes,
        TableKind::Ropes,
        TableKind::Effects,
        TableKind::Lines,
        TableKind::Topics,
        TableKind::Items,
    ];

    /// The table's name in errors and the `needs` report.
    pub const fn name(self) -> &'static str {
        match self {
            TableKind::Actors => "actors",
            TableKind::Placements => "placements",
            TableKind::Models => "models",
            TableKind::Sets => "sets",
            TableKind::FrameModels => "frame_models",
            TableKind::Locals => "locals",
            TableKind::Banks => "banks",
            TableKind::WalkNodes => "walk_nodes",
            TableKind::Ropes => "ropes",
            TableKind::Effects => "effects",
            TableKind::Lines => "lines",
            TableKind::Topics => "topics",
            TableKind::Items => "items",
        }
    }
}

impl fmt::Display for TableKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A build's sizes: actors, static placements, models, animation sets, frame-table models,
/// script locals, model texture banks, walk-map nodes, ropes, effect slots, dialogue records, topic-menu items, item ids;
/// [`Capacity::FITS`] says which sizes build.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Caps<
    const ACTORS: usize,
    const PLACEMENTS: usize,
    const MODELS: usize,
    const SETS: usize,
    const FRAME_MODELS: usize,
    const LOCALS: usize,
    const BANKS: usize,
    const WALK_NODES: usize,
    const ROPES: usize,
    const EFFECTS: usize,
    const LINES: usize,
    const TOPICS: usize,
    const ITEMS: usize,
>;

impl<
    const ACTORS: usize,
    const PLACEMENTS: usize,
    const MODELS: usize,
    const SETS: usize,
    const FRAME_MODELS: usize,
    const LOCALS: usize,
    const BANKS: usize,
    const WALK_NODES: usize,
    const ROPES: usize,
    const EFFECTS: usize,
    const LINES: usize,
    const TOPICS: usize,
    const ITEMS: usize,
> Capacity
    for Caps<
        ACTORS,
        PLACEMENTS,
        MODELS,
        SETS,
        FRAME_MODELS,
        LOCALS,
        BANKS,
        WALK_NODES,
        ROPES,
        EFFECTS,
        LINES,
        TOPICS,
        ITEMS,
    >
{
    type Actors<T: Element> = heapless::Vec<T, ACTORS>;
    type Placements<T: Element> = heapless::Vec<T, PLACEMENTS>;
    type Models<T: Element> = heapless::Vec<T, MODELS>;
    type Sets<T: Element> = heapless::Vec<T, SETS>;
    type FrameModels<T: Element> = heapless::Vec<T, FRAME_MODELS>;
    type Locals<T: Element> = heapless::Vec<T, LOCALS>;
    type Banks<T: Element> = heapless::Vec<T, BANKS>;
    type WalkNodes<T: Element> = heapless::Vec<T, WALK_NODES>;
    type Ropes<T: Element> = heapless::Vec<T, ROPES>;
    type Effects<T: Element> = heapless::Vec<T, EFFECTS>;
    type Lines<T: Element> = heapless::Vec<T, LINES>;
    type Topics<T: Element> = heapless::Vec<T, TOPICS>;
    type Items<T: Element> = heapless::Vec<T, ITEMS>;
    type Work<T: Element> = heapless::Vec<T, ACTORS>;

    const FITS: bool = SETS < 65_535
        && MODELS <= 65_535
        && ACTORS < 65_535
        && PLACEMENTS < 65_535
        && FRAME_MODELS < 65_535
        && LOCALS <= 65_535
        && WALK_NODES < 32_768
        && ROPES <= 255;
}

/// The preset that holds every shipped map (the module's table): 2,048 actors, 4,096
/// static placements, 8,192 models, 2,048 animation sets, 16,384 frame-table models, 65,535
/// script locals, 1,000 model texture banks, 9,216 walk nodes, 255 ropes (the original's
/// limit), 256 effect slots (eight times the installed `max_effects`), 64 dialogue records
/// (the installed 20, over three times), 300 topic-menu items (the original's least), 256
/// item ids (every id an item byte names). Inline it is
/// megabytes: the frontends keep it on the heap (`stros_host::Desktop`).
pub type Desktop = Caps<2048, 4096, 8192, 2048, 16384, 65535, 1000, 9216, 255, 256, 64, 300, 256>;

/// The microcontroller preset: 16 actors, 64 static placements, 16 models, 8 animation
/// sets, 32 frame-table models, 64 script locals, 2 model texture banks, 32 walk nodes, 2
/// ropes, 8 effect slots, 16 dialogue records (the original's least), 4 topic-menu items,
/// 16 item ids —
/// the embedded island (`stros-tools inspect --needs` counts it)
/// with room to spare.
pub type Small = Caps<16, 64, 16, 8, 32, 64, 2, 32, 2, 8, 16, 4, 16>;
