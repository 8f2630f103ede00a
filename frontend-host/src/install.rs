//! A user's Redguard install as the world's files (`--data DIR`): every file under the
//! directory indexed by its upper-case name (the GOG layout keeps `fxart/`, `maps/`,
//! `sound/`, `system/` and the INI files at the top, in mixed case), read on first use and
//! kept for the program's life, and the checks that turn a missing or damaged file into one
//! clear line.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use stros_core::config::SystemConfig;
use stros_core::files::Files;
use stros_core::formats::col::Col;
use stros_core::formats::sfx::Sfx;
use stros_core::formats::texbsi::Texbsi;
use stros_core::input::Bindings;
use stros_core::session::SessionError;
use stros_core::world::WorldError;

/// Most files indexed (the GOG install has about a thousand).
pub const MAX_FILES: usize = 100_000;

/// The files of an install.
#[derive(Debug, Default)]
pub struct Install {
    root: PathBuf,
    paths: HashMap<String, PathBuf>,
    loaded: Mutex<HashMap<String, &'static [u8]>>,
}

impl Install {
    /// Indexes every file under `root` (the first of two files with one name wins, in
    /// directory order sorted by path so the choice is the same on every machine).
    pub fn open(root: &Path) -> Result<Install, String> {
        if !root.is_dir() {
            return Err(format!("{}: not a directory (expected a Redguard install)", root.display()));
        }
        let mut found = Vec::new();
        let mut stack = vec![root.to_path_buf()];
        while let Some(dir) = stack.pop() {
            let entries = std::fs::read_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            for e in entries {
                let path = e.map_err(|e| format!("{}: {e}", dir.display()))?.path();
                if path.is_dir() {
                    stack.push(path);
                } else {
                    found.push(path);
                    if found.len() > MAX_FILES {
                        return Err(format!("{}: more than {MAX_FILES} files", root.display()));
                    }
                }
            }
        }
        found.sort();
        let mut paths = HashMap::new();
        for p in found {
            if let Some(name) = p.file_name() {
                paths.entry(name.to_string_lossy().to_ascii_uppercase()).or_insert(p);
            }
        }
        Ok(Install { root: root.to_path_buf(), paths, loaded: Mutex::default() })
    }

    /// Serves `name` from the file at `path` instead (a scenario's override).
    pub fn replace(&mut self, name: &str, path: &Path) {
        self.paths.insert(name.to_ascii_uppercase(), path.to_path_buf());
        if let Ok(mut l) = self.loaded.lock() {
            l.remove(&name.to_ascii_uppercase());
        }
    }

    /// Where `name` is, if the install has it.
    pub fn path(&self, name: &str) -> Option<&Path> {
        self.paths.get(&name.to_ascii_uppercase()).map(PathBuf::as_path)
    }

    /// The install's root.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// `name`'s bytes, or a line saying what is missing or unreadable.
    pub fn require(&self, name: &str, what: &str) -> Result<&'static [u8], String> {
        match self.path(name) {
            None => Err(format!("{}: no {name} ({what})", self.root.display())),
            Some(p) => self.file(name).ok_or_else(|| format!("{}: cannot read ({what})", p.display())),
        }
    }

    /// The text of an INI file the install may have.
    fn text(&self, name: &str) -> Result<Option<&'static str>, String> {
        let Some(bytes) = self.file(name) else { return Ok(None) };
        let shown = self.path(name).map_or_else(|| name.to_string(), |p| p.display().to_string());
        std::str::from_utf8(bytes).map(Some).map_err(|_| format!("{shown}: not text (expected an INI file)"))
    }

    /// SYSTEM.INI as the original loads it (a missing key reads 0), or the installed
    /// values when the install has none.
    pub fn config(&self) -> Result<SystemConfig, String> {
        match self.text("SYSTEM.INI")? {
            Some(t) => SystemConfig::load(t).map_err(|e| format!("{}: {e}", self.shown("SYSTEM.INI"))),
            None => Ok(SystemConfig::installed()),
        }
    }

    /// KEYS.INI's bindings, or the installed ones.
    pub fn bindings(&self) -> Result<Bindings, String> {
        match self.text("KEYS.INI")? {
            Some(t) => Bindings::from_keys_ini(t).map_err(|e| format!("{}: {e}", self.shown("KEYS.INI"))),
            None => Ok(Bindings::default()),
        }
    }

    fn shown(&self, name: &str) -> String {
        self.path(name).map_or_else(|| name.to_string(), |p| p.display().to_string())
    }

    /// A world loader's error with the install's path of the file it names.
    pub fn describe(&self, e: SessionError) -> String {
        let SessionError::World(e) = e;
        match e {
            WorldError::Missing(name) => format!("{}: no {name}", self.root.display()),
            WorldError::Format(name, err) => format!("{}: {err}", self.shown(&name)),
            other => format!("{}: {other}", self.root.display()),
        }
    }

    /// The files a map needs besides the ones the world loader checks: its palette
    /// `<MAP>.COL` (required), the terrain bank `TEXBSI.302` and `MAIN.SFX` (optional, but
    /// must be sound when present), SURFACE.INI (must parse when present). Returns warnings
    /// for what is missing but optional.
    pub fn check(&self, map: &str) -> Result<Vec<String>, String> {
        let mut warnings = Vec::new();
        let col = format!("{map}.COL");
        Col::new_checked(self.require(&col, "the map's palette")?)
            .map_err(|e| format!("{}: {e}", self.shown(&col)))?;
        match self.file("TEXBSI.302") {
            Some(b) => {
                Texbsi::new_checked(b).map_err(|e| format!("{}: {e}", self.shown("TEXBSI.302")))?;
            }
            None => warnings.push("no TEXBSI.302: the terrain is drawn in flat colours".to_string()),
        }
        match self.file("MAIN.SFX") {
            Some(b) => {
                Sfx::new_checked(b).map_err(|e| format!("{}: {e}", self.shown("MAIN.SFX")))?;
            }
            None => warnings.push("no MAIN.SFX: no sound".to_string()),
        }
        if let Some(t) = self.text("SURFACE.INI")? {
            stros_core::formats::surface::SurfaceTable::parse(t)
                .map_err(|e| format!("{}: {e}", self.shown("SURFACE.INI")))?;
        }
        Ok(warnings)
    }
}

impl Files<'static> for Install {
    fn file(&self, name: &str) -> Option<&'static [u8]> {
        let key = name.to_ascii_uppercase();
        let mut loaded = self.loaded.lock().ok()?;
        if let Some(&b) = loaded.get(&key) {
            return Some(b);
        }
        let bytes: &'static [u8] = Box::leak(std::fs::read(self.paths.get(&key)?).ok()?.into_boxed_slice());
        loaded.insert(key, bytes);
        Some(bytes)
    }
}
