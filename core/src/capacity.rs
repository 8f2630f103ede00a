//! How many of each table a world holds: the build's choice, not the core's.
//!
//! The original sizes its tables at run time; Stros has no allocator, so every table is
//! fixed-size storage, and the program that uses the core picks the sizes the way a smoltcp
//! user hands its `SocketSet` storage: a [`Capacity`] type parameter on
//! [`crate::world::World`] and [`crate::session::Session`], usually one of the presets.
//!
//! - [`Desktop`] (the default parameter), meant to hold every shipped map. The docs give
//!   one of the original's own sizes, the 3D manager's `max_objects` 255
//!   ({D:config/system-ini.md}, `[3dmanager]`), which the 256 models follow (the patched
//!   ShowFrame handle is a byte). They give no counts of the shipped maps' MPOB, MPSO or
//!   RAAN tables, and no install was at hand to count them (`stros-tools inspect --needs`
//!   does): the other figures are Stros's guesses, generous, and bounded so that a desktop
//!   world stays about half a megabyte.
//! - [`Small`]: the embedded island with a little room to spare, small enough that world,
//!   look, a 320×200 framebuffer, a band of depth and the stack fit an RP2040's 264 KiB.
//!
//! Any other sizes are a [`Caps`] away. A map that needs more than a build holds fails to
//! load with [`crate::world::WorldError::Capacity`], which names the table, what the map
//! needs and what the build holds ([`crate::world::needs`] counts a map's needs).

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

    /// Whether the sizes are ones the world's indices address; asserted at compile time
    /// where a world is loaded, so other sizes fail the build: sets at most 256 (an actor keeps its set in a byte), models at most 65,535,
    /// actors, placements, frame-table models and locals below 65,535 (u16 links and
    /// offsets).
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
}

impl TableKind {
    /// Every table, in report order.
    pub const ALL: [TableKind; 8] = [
        TableKind::Actors,
        TableKind::Placements,
        TableKind::Models,
        TableKind::Sets,
        TableKind::FrameModels,
        TableKind::Locals,
        TableKind::Banks,
        TableKind::WalkNodes,
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
        }
    }
}

impl fmt::Display for TableKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A build's sizes: actors, static placements, models, animation sets, frame-table models,
/// script locals, model texture banks, walk-map nodes; [`Capacity::FITS`] says which sizes
/// build.
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
> Capacity for Caps<ACTORS, PLACEMENTS, MODELS, SETS, FRAME_MODELS, LOCALS, BANKS, WALK_NODES>
{
    type Actors<T: Element> = heapless::Vec<T, ACTORS>;
    type Placements<T: Element> = heapless::Vec<T, PLACEMENTS>;
    type Models<T: Element> = heapless::Vec<T, MODELS>;
    type Sets<T: Element> = heapless::Vec<T, SETS>;
    type FrameModels<T: Element> = heapless::Vec<T, FRAME_MODELS>;
    type Locals<T: Element> = heapless::Vec<T, LOCALS>;
    type Banks<T: Element> = heapless::Vec<T, BANKS>;
    type WalkNodes<T: Element> = heapless::Vec<T, WALK_NODES>;

    const FITS: bool = SETS <= 256
        && MODELS <= 65_535
        && ACTORS < 65_535
        && PLACEMENTS < 65_535
        && FRAME_MODELS < 65_535
        && LOCALS < 65_535
        && WALK_NODES < 32_768;
}

/// The frontends' preset: 256 actors, 2,048 static placements, 256 models, 128 animation
/// sets, 4,096 frame-table models, 8,192 script locals, 16 model texture banks, 2,048 walk
/// nodes — about half a megabyte of world, small enough to move by value in an unoptimised
/// build.
pub type Desktop = Caps<256, 2048, 256, 128, 4096, 8192, 16, 2048>;

/// The microcontroller preset: 16 actors, 64 static placements, 16 models, 8 animation
/// sets, 32 frame-table models, 64 script locals, 2 model texture banks, 32 walk nodes — the
/// embedded island (`stros-tools inspect --needs` counts it) with room to spare.
pub type Small = Caps<16, 64, 16, 8, 32, 64, 2, 32>;
