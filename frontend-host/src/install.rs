//! A user's Redguard install as the world's files (`--data DIR`): every file under the
//! directory indexed by its upper-case name (the GOG layout keeps `fxart/`, `maps/`,
//! `sound/`, `system/` and the INI files at the top, in mixed case), each read on first use
//! and kept as long as the install is, and the checks that turn a missing or damaged file
//! into one clear line.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use stros_core::config::SystemConfig;
use stros_core::files::Files;
use stros_core::formats::col::Col;
use stros_core::formats::sfx::Sfx;
use stros_core::formats::texbsi::Texbsi;
use stros_core::input::Bindings;
use stros_core::session::SessionError;
use stros_core::world::WorldError;

use crate::HostError;

/// Most files indexed (the GOG install has about a thousand).
pub const MAX_FILES: usize = 100_000;

/// One indexed file: where it is, and its bytes once read (`None`: unreadable).
#[derive(Debug)]
struct Entry {
    path: PathBuf,
    bytes: OnceLock<Option<Vec<u8>>>,
}

/// The files of an install. The world borrows their bytes from it (`&Install` is a
/// [`Files`]), so an install outlives the session built on it.
#[derive(Debug, Default)]
pub struct Install {
    root: PathBuf,
    entries: HashMap<String, Entry>,
}

impl Install {
    /// Indexes every file under `root` (the first of two files with one name wins, in
    /// directory order sorted by path so the choice is the same on every machine).
    pub fn open(root: &Path) -> Result<Install, HostError> {
        if !root.is_dir() {
            return Err(HostError::NotAnInstall(root.to_path_buf()));
        }
        let mut found = Vec::new();
        let mut stack = vec![root.to_path_buf()];
        while let Some(dir) = stack.pop() {
            let entries = std::fs::read_dir(&dir).map_err(|e| HostError::io(&dir, e))?;
            for e in entries {
                let path = e.map_err(|e| HostError::io(&dir, e))?.path();
                if path.is_dir() {
                    stack.push(path);
                } else {
                    found.push(path);
                    if found.len() > MAX_FILES {
                        return Err(HostError::TooManyFiles(root.to_path_buf()));
                    }
                }
            }
        }
        found.sort();
        let mut entries = HashMap::new();
        for path in found {
            if let Some(name) = path.file_name() {
                let key = name.to_string_lossy().to_ascii_uppercase();
                entries.entry(key).or_insert(Entry { path, bytes: OnceLock::new() });
            }
        }
        Ok(Install { root: root.to_path_buf(), entries })
    }

    /// Where `name` is, if the install has it.
    pub fn path(&self, name: &str) -> Option<&Path> {
        self.entries.get(&name.to_ascii_uppercase()).map(|e| e.path.as_path())
    }

    /// The install's root.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// `name`'s bytes, read on first use.
    pub fn bytes(&self, name: &str) -> Option<&[u8]> {
        let e = self.entries.get(&name.to_ascii_uppercase())?;
        e.bytes.get_or_init(|| std::fs::read(&e.path).ok()).as_deref()
    }

    /// `name`'s bytes, or the line saying what is missing or unreadable.
    pub fn require(&self, name: &str, what: &'static str) -> Result<&[u8], HostError> {
        match self.path(name) {
            None => Err(HostError::Missing { place: self.place(), name: name.to_string(), what: Some(what) }),
            Some(p) => self.bytes(name).ok_or_else(|| HostError::Unreadable { path: p.to_path_buf(), what }),
        }
    }

    /// The text of an INI file the install may have.
    fn text(&self, name: &str) -> Result<Option<&str>, HostError> {
        let Some(bytes) = self.bytes(name) else { return Ok(None) };
        std::str::from_utf8(bytes)
            .map(Some)
            .map_err(|_| self.damaged(name, "not text (expected an INI file)"))
    }

    /// SYSTEM.INI as the original loads it (a missing key reads 0), or the installed
    /// values when the install has none.
    pub fn config(&self) -> Result<SystemConfig, HostError> {
        match self.text("SYSTEM.INI")? {
            Some(t) => SystemConfig::load(t).map_err(|e| self.damaged("SYSTEM.INI", e)),
            None => Ok(SystemConfig::installed()),
        }
    }

    /// KEYS.INI's bindings, or the installed ones.
    pub fn bindings(&self) -> Result<Bindings, HostError> {
        match self.text("KEYS.INI")? {
            Some(t) => Bindings::from_keys_ini(t).map_err(|e| self.damaged("KEYS.INI", e)),
            None => Ok(Bindings::default()),
        }
    }

    fn place(&self) -> String {
        self.root.display().to_string()
    }

    /// A damaged file `name`, shown by its path in the install.
    fn damaged(&self, name: &str, message: impl std::fmt::Display) -> HostError {
        let file = self.path(name).map_or_else(|| name.to_string(), |p| p.display().to_string());
        HostError::Damaged { file, message: message.to_string() }
    }

    /// A world loader's error with the install's path of the file it names.
    pub fn describe(&self, e: SessionError) -> HostError {
        let SessionError::World(e) = e;
        match e {
            WorldError::Missing(name) => {
                HostError::Missing { place: self.place(), name: name.to_string(), what: None }
            }
            WorldError::Format(name, err) => self.damaged(&name, err),
            other => HostError::World { place: self.place(), message: other.to_string() },
        }
    }

    /// The files a map needs besides the ones the world loader checks: its palette
    /// `<MAP>.COL` (required), the terrain bank `TEXBSI.302` and `MAIN.SFX` (optional, but
    /// must be sound when present), SURFACE.INI (must parse when present). Returns warnings
    /// for what is missing but optional.
    pub fn check(&self, map: &str) -> Result<Vec<String>, HostError> {
        let mut warnings = Vec::new();
        let col = format!("{map}.COL");
        Col::new_checked(self.require(&col, "the map's palette")?).map_err(|e| self.damaged(&col, e))?;
        match self.bytes("TEXBSI.302") {
            Some(b) => {
                Texbsi::new_checked(b).map_err(|e| self.damaged("TEXBSI.302", e))?;
            }
            None => warnings.push("no TEXBSI.302: the terrain is drawn in flat colours".to_string()),
        }
        match self.bytes("MAIN.SFX") {
            Some(b) => {
                Sfx::new_checked(b).map_err(|e| self.damaged("MAIN.SFX", e))?;
            }
            None => warnings.push("no MAIN.SFX: no sound".to_string()),
        }
        if let Some(t) = self.text("SURFACE.INI")? {
            stros_core::formats::surface::SurfaceTable::parse(t)
                .map_err(|e| self.damaged("SURFACE.INI", e))?;
        }
        Ok(warnings)
    }
}

impl<'a> Files<'a> for &'a Install {
    fn file(&self, name: &str) -> Option<&'a [u8]> {
        Install::bytes(self, name)
    }
}
