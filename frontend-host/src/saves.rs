//! Saved games on disk ({D:formats/SAVEGAME.md} "Save-slot directories"): slot `N` is the
//! directory `SAVEGAME.NNN` holding `SAVEGAME.SAV`, under the saves directory (`--saves`,
//! else the current one). F5 saves the running game to slot 0 and F8 loads it (a best
//! guess: the book menu's save and load pages are not built); `--load` starts from a save
//! and `--save` writes one when a run ends.
//!
//! A save is read whole and checked ([`stros_core::formats::save::Save::new_checked`], its
//! `STRS` record parsed) before the running session is touched: a damaged save is one
//! line and the game goes on as it was.

use std::path::{Path, PathBuf};

use stros_core::formats::save::Save;

use crate::{HostError, Session};

/// The slot a quick save writes and a quick load reads.
pub const QUICK_SLOT: u32 = 0;

/// The save file of slot `slot` under `dir`.
pub fn slot_path(dir: &Path, slot: u32) -> PathBuf {
    dir.join(format!("SAVEGAME.{slot:03}")).join("SAVEGAME.SAV")
}

/// Writes `session`, whose record so far is `record`, to `path` (its directory made when
/// missing). The bytes go to a temporary file renamed over the old save, so a failed
/// write never leaves half a save.
pub fn write(path: &Path, session: &Session<'_>, record: &str) -> Result<(), HostError> {
    let mut bytes = Vec::new();
    let description = format!("{} - world {}", session.world.map(), session.world.world_id().unwrap_or(0));
    stros_core::save::write(session, description.as_bytes(), record, &mut |b| bytes.extend_from_slice(b));
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| HostError::io(dir, e))?;
    }
    let partial = path.with_extension("SAV.partial");
    std::fs::write(&partial, &bytes).map_err(|e| HostError::io(&partial, e))?;
    std::fs::rename(&partial, path).map_err(|e| HostError::io(path, e))
}

/// A save read from disk and checked: its bytes and its record's text.
#[derive(Debug)]
pub struct Loaded {
    /// Where it was read from.
    pub path: PathBuf,
    /// The container.
    pub bytes: Vec<u8>,
    /// Its `STRS` record (the recording format).
    pub record: String,
}

impl Loaded {
    /// Reads `path` (a `SAVEGAME.SAV`, or a slot directory holding one) and checks the
    /// container and that it has a record (which the session's replay parses).
    pub fn read(path: &Path) -> Result<Loaded, HostError> {
        let path = if path.is_dir() { path.join("SAVEGAME.SAV") } else { path.to_path_buf() };
        let bytes = std::fs::read(&path).map_err(|e| HostError::io(&path, e))?;
        let damaged = |message: String| HostError::Damaged { file: path.display().to_string(), message };
        let save = Save::new_checked(&bytes).map_err(|e| damaged(e.to_string()))?;
        let record = stros_core::save::record(&save).map_err(|e| damaged(e.to_string()))?.to_string();
        Ok(Loaded { path, bytes, record })
    }

    /// The container (checked when read).
    pub fn save(&self) -> Result<Save<'_>, HostError> {
        Save::new_checked(&self.bytes).map_err(|e| self.damaged(e))
    }

    /// A damaged-save error for this file.
    pub fn damaged(&self, message: impl std::fmt::Display) -> HostError {
        HostError::Damaged { file: self.path.display().to_string(), message: message.to_string() }
    }
}
