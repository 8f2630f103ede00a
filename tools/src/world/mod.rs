//! The embedded default world: an island with a harbour village, authored in code and
//! written in the original file formats by `stros-tools gen-world`.
//!
//! The design lives in format-neutral pieces ([`terrain`], [`mesh`] and [`models`], [`art`]);
//! the writers in [`crate::write`] turn them into WLD, RGM, ROB, 3D/3DC, COL, TEXBSI and SFX
//! bytes, which `stros-core` reads back through the same parsers a real install goes
//! through.
//!
//! The modules import one way (`.ci/module-graph.py` checks it), from the data tables up
//! to the builder:
//! - tables and helpers: [`mesh`], [`terrain`], [`talk`], [`worlds`], [`soupdef`];
//! - what is made of them: [`models`] (meshes), [`art`] (palette, textures, sounds),
//!   [`archive`] (model descriptions, the ROB), [`groups`] (animation groups), [`scripts`]
//!   (the SOUP scripts), [`items`];
//! - the maps: [`village`] (the island's RGM), then [`hut`] (which borrows its actors);
//! - on top: [`build`] (every file), [`install`], [`crowd`], [`override_scenario`],
//!   [`retail`] and [`listings`] (the scripts' committed disassembly, `docs/scripts`).

pub mod archive;
pub mod art;
pub mod build;
pub mod crowd;
pub mod groups;
pub mod hut;
pub mod install;
pub mod items;
pub mod listings;
pub mod mesh;
pub mod models;
pub mod override_scenario;
pub mod retail;
pub mod scripts;
pub mod soupdef;
pub mod talk;
pub mod terrain;
pub mod village;
pub mod worlds;
