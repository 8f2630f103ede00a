//! `stros-tools gen-install --retail DIR`: an install shaped like the retail game's, so tests
//! and CI can exercise every world the original has without its data.
//!
//! The layout is the GOG install's, names in its mixed case (the engine matches them
//! without case): at the top `WORLD.INI` (the 29 worlds of the shipped catalog, [`catalog`]),
//! `SYSTEM.INI`, `KEYS.INI`, `surface.ini` and `SOUP386.DEF` (the embedded island's), and
//! `sound/MAIN.SFX`; in `maps/` the 27 RGM scenes and the four terrains; in `fxart/` a ROB
//! for every map, the nine palettes, the texture banks, the actor models (`.3DC`) and the
//! loose `.3D` props.
//!
//! Every map is made of the embedded island's pieces ([`cast`], [`models`]): ISLAND at the
//! public counts of the real one ([`maps::island`]), TAVERN as a fixed interior of statics
//! ([`tavern`]), the others smaller ([`maps::plan_for`]). The output is a pure function of
//! nothing: the only randomness is a fixed-seed generator per map.

pub mod art;
pub mod cast;
pub mod catalog;
pub mod ground;
pub mod models;
pub mod records;
pub mod scene;
