//! `stros-tools gen-install --retail DIR`: an install shaped like the retail game's, so tests
//! and CI can exercise every world the original has without its data.
//!
//! The layout is the GOG install's, names in its mixed case (the engine matches them
//! without case): at the top `WORLD.INI` (the 29 worlds of the shipped catalog, [`catalog`]),
//! `SYSTEM.INI`, `KEYS.INI`, `surface.ini`, `SOUP386.DEF` and `ENGLISH.RTX` (the embedded
//! island's), `fonts/REDSEL.FNT` and `sound/MAIN.SFX`; in `maps/` the 27 RGM scenes and the four terrains; in `fxart/` a ROB
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
pub mod maps;
pub mod models;
pub mod populate;
pub mod records;
pub mod scene;
pub mod tavern;

#[cfg(test)]
mod tests;

use std::path::Path;

use super::{build, install, soupdef};
use crate::write;

/// Where a map's ROB goes: `fxart/<NAME>.ROB`, the name the engine loads it by.
pub fn rob_path(map: &str) -> String {
    format!("fxart/{map}.ROB")
}

/// Where a terrain goes: `maps/<FILE>`.
pub fn wld_path(file: &str) -> String {
    format!("maps/{file}")
}

/// The files at the top, in `sound/` and `fonts/`: the catalog, the INI files, script
/// definitions and dialogue (the embedded island's), the island's sound bank and font.
fn top_files() -> Vec<(String, Vec<u8>)> {
    vec![
        ("WORLD.INI".into(), catalog::world_ini()),
        ("SYSTEM.INI".into(), install::system_ini().into_bytes()),
        ("KEYS.INI".into(), install::keys_ini().into_bytes()),
        ("surface.ini".into(), build::surface_ini().into_bytes()),
        ("SOUP386.DEF".into(), write::soupdef::to_bytes(&soupdef::soup_def())),
        ("sound/MAIN.SFX".into(), write::sfx::to_bytes(&build::sfx_desc())),
        // The dialogue file and the subtitle font (the island's), where the install keeps them.
        ("ENGLISH.RTX".into(), write::rtx::to_bytes(&super::talk::rtx_entries())),
        ("fonts/REDSEL.FNT".into(), write::fnt::to_bytes(&super::talk::font())),
        // The installed fallback fog table, in the art folder as shipped.
        ("fxart/FOG.INI".into(), build::fog_ini().into_bytes()),
    ]
}

/// The art of `fxart/` besides the ROBs: palettes, texture banks, actor and prop models.
fn art_files() -> Vec<(String, Vec<u8>)> {
    let mut files = Vec::new();
    for p in &art::PALETTES {
        let desc = write::col::ColDesc { rgb: art::tinted(p.tint) };
        files.push((format!("fxart/{}", p.file), write::col::to_bytes(&desc)));
    }
    files.push(("fxart/TEXBSI.302".into(), write::texbsi::to_bytes(&build::terrain_bank())));
    let bank = format!("fxart/TEXBSI.{}", crate::world::models::MODEL_BANK);
    files.push((bank, write::texbsi::to_bytes(&build::model_bank())));
    for (name, bytes) in art::actor_models() {
        files.push((format!("fxart/{name}.3DC"), bytes));
    }
    for (name, bytes) in art::loose_models() {
        files.push((format!("fxart/{name}.3D"), bytes));
    }
    files
}

/// Every file of the install: `(path under DIR, bytes)`, in a fixed order.
pub fn layout() -> Vec<(String, Vec<u8>)> {
    let mut files = top_files();
    let terrains: maps::Terrains =
        art::terrains().into_iter().map(|(name, desc)| (name, write::wld::to_bytes(&desc))).collect();
    files.extend(terrains.iter().map(|(name, bytes)| (wld_path(name), bytes.clone())));
    files.extend(art_files());
    let templates = cast::Templates::new();
    let library = scene::Library::new();
    for spec in &maps::MAPS {
        let (rgm, segments) = maps::scene(spec, &templates, &terrains).finish();
        let rob = library.rob(&segments, &scene::actor_models(&rgm));
        files.push((spec.file.to_string(), write::rgm::to_bytes(&rgm)));
        files.push((rob_path(spec.name), write::rob::to_bytes(&rob)));
    }
    files
}

/// Writes the install under `dir`.
pub fn write(dir: &Path) -> Result<(), String> {
    super::install::write_files(dir, layout())
}
