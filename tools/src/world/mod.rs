//! The embedded default world: an island with a harbour village, authored in code and
//! written in the original file formats by `stros-tools gen-world`.
//!
//! The design lives in format-neutral pieces ([`terrain`], [`mesh`] and [`models`], [`art`]);
//! the writers in [`crate::write`] turn them into WLD, RGM, ROB, 3D/3DC, COL, TEXBSI and SFX
//! bytes, which `stros-core` reads back through the same parsers a real install goes
//! through.

pub mod art;
pub mod build;
pub mod crowd;
pub mod hut;
pub mod install;
pub mod items;
pub mod mesh;
pub mod models;
pub mod override_scenario;
pub mod retail;
pub mod scripts;
pub mod talk;
pub mod terrain;
pub mod village;
