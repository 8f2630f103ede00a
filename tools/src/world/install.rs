//! The embedded island written in a Redguard install's layout (the GOG one), as map
//! `ISLAND` (world 1 of its WORLD.INI), so `--data DIR` can be tested without the game:
//! `maps/` holds the scene and the terrain, `fxart/` the models, archives, palette and
//! texture banks, `sound/` the sound bank, and the INI files sit at the top — some names in
//! lower case, as the install's are, because the engine matches them case-insensitively.

use std::path::Path;

use stros_core::config::SystemConfig;
use stros_core::input::{Action, INSTALLED};

use super::build::{self, MAP};

/// The map name an install starts on.
pub const INSTALL_MAP: &str = "ISLAND";

/// SYSTEM.INI with the installed values, section by section.
pub fn system_ini() -> String {
    let raw = SystemConfig::installed_raw();
    let mut out = String::from("; SYSTEM.INI written by stros-tools gen-install: the installed values\r\n");
    let mut section = "";
    for &(sec, key) in SystemConfig::KEYS {
        if sec != section {
            out.push_str(&format!("\r\n[{sec}]\r\n"));
            section = sec;
        }
        out.push_str(&format!("{key} = {}\r\n", raw.get(sec, key).unwrap_or(0)));
    }
    out
}

/// KEYS.INI with the installed bindings.
pub fn keys_ini() -> String {
    let mut out = String::from("[input]\r\n");
    for (a, codes) in Action::ALL.iter().zip(INSTALLED) {
        if !a.has_slots() {
            out.push_str(&format!("{} = {}\r\n", a.key(), codes[0]));
            continue;
        }
        out.push_str(&format!("{}[0] = {}\r\n{}[1] = {}\r\n", a.key(), codes[0], a.key(), codes[1]));
    }
    out
}

/// Where each embedded file goes in the install, renamed from the embedded map to `ISLAND`.
pub fn layout() -> Vec<(String, Vec<u8>)> {
    let mut files = Vec::new();
    for f in build::files() {
        let upper = f.name.to_ascii_uppercase();
        if upper == "WORLD.INI" {
            // The catalog names the renamed map; its palette path says `3DART\`, which the
            // install keeps in `fxart/` (the engine tries the other art folder).
            files.push(("WORLD.INI".into(), build::world_ini(INSTALL_MAP)));
            continue;
        }
        let renamed = match upper.strip_prefix(MAP) {
            Some(ext) => format!("{INSTALL_MAP}{ext}"),
            None => f.name.clone(),
        };
        let path = match renamed.rsplit('.').next().unwrap_or("") {
            // The fog table lives with the art ({D:config/fog-ini.md}).
            _ if upper == "FOG.INI" => format!("fxart/{renamed}"),
            "RGM" | "WLD" => format!("maps/{renamed}"),
            "COL" => format!("fxart/{}", renamed.to_ascii_lowercase()),
            "SFX" => format!("sound/{renamed}"),
            // The fonts have a folder of their own; the dialogue file sits at the top.
            "FNT" => format!("fonts/{renamed}"),
            // The HUD's bitmaps ({D:engine/hud.md}).
            "GXA" => format!("system/{renamed}"),
            "RTX" => renamed,
            "INI" => renamed.to_ascii_lowercase(),
            _ => format!("fxart/{renamed}"),
        };
        files.push((path, f.bytes));
    }
    files.push(("SYSTEM.INI".into(), system_ini().into_bytes()));
    files.push(("KEYS.INI".into(), keys_ini().into_bytes()));
    files
}

/// Writes the install under `dir`.
pub fn write(dir: &Path) -> Result<(), String> {
    write_files(dir, layout())
}

/// Writes `files` (paths relative to `dir`, folders made as needed).
pub fn write_files(dir: &Path, files: Vec<(String, Vec<u8>)>) -> Result<(), String> {
    for (path, bytes) in files {
        let target = dir.join(&path);
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
        }
        std::fs::write(&target, bytes).map_err(|e| format!("{}: {e}", target.display()))?;
    }
    Ok(())
}
