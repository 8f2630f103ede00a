//! A user's Redguard install as the world's files (`--data DIR`): every file under the
//! directory indexed by its upper-case name (the GOG layout keeps `fxart/`, `maps/`,
//! `sound/`, `system/` and the INI files at the top, in mixed case) and by its path, each
//! read on first use and kept as long as the install is, and the checks that turn a
//! missing or damaged file into one clear line.
//!
//! A WORLD.INI path (`MAPS\ISLAND.rgm`, `3DART\sunset.COL`) is found relative to the
//! install's root, in any case; where the art folder it names is absent, the other of
//! `3DART` and `FXART` is tried (the GOG install has only `fxart/`, the catalog names
//! `3DART`). A bare name (`TEXBSI.302`) is found wherever the install keeps it.

use std::collections::{HashMap, HashSet};
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
use stros_core::world::catalog::{WORLD_INI, WorldSpec};

use crate::HostError;

/// Most entries (files and folders) an install's walk reads (the GOG install has about a
/// thousand files).
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
    entries: Vec<Entry>,
    /// By upper-case file name (the first in path order).
    by_name: HashMap<String, usize>,
    /// By upper-case path relative to the root, `/`-separated.
    by_path: HashMap<String, usize>,
    /// Every folder, upper case, relative to the root.
    folders: HashSet<String>,
}

/// The art folders a WORLD.INI path may name; where one is absent the other is tried.
pub const ART_FOLDERS: [&str; 2] = ["3DART", "FXART"];

impl Install {
    /// Indexes every file under `root` (the first of two files with one name wins, in
    /// directory order sorted by path so the choice is the same on every machine).
    pub fn open(root: &Path) -> Result<Install, HostError> {
        if !root.is_dir() {
            return Err(HostError::NotAnInstall(root.to_path_buf()));
        }
        let mut found = Vec::new();
        let mut stack = vec![root.to_path_buf()];
        // Each folder is walked once, by where it really is: a symbolic link back to an
        // ancestor (or a second link to one folder) adds nothing, so a loop ends. Every entry
        // read counts toward the bound, folders too, so the walk's work is bounded as well.
        let mut walked = HashSet::new();
        let mut read = 0usize;
        while let Some(dir) = stack.pop() {
            let real = std::fs::canonicalize(&dir).map_err(|e| HostError::io(&dir, e))?;
            if !walked.insert(real) {
                continue;
            }
            let entries = std::fs::read_dir(&dir).map_err(|e| HostError::io(&dir, e))?;
            for e in entries {
                read += 1;
                if read > MAX_FILES {
                    return Err(HostError::TooManyFiles(root.to_path_buf()));
                }
                let path = e.map_err(|e| HostError::io(&dir, e))?.path();
                if path.is_dir() {
                    stack.push(path);
                } else {
                    found.push(path);
                }
            }
        }
        found.sort();
        let mut install = Install { root: root.to_path_buf(), ..Install::default() };
        for path in found {
            let relative = path.strip_prefix(root).unwrap_or(&path).to_path_buf();
            install.add(path, &relative, OnceLock::new());
        }
        Ok(install)
    }

    /// An install whose files are already in memory (a browser's picked or dropped files),
    /// each by its `/`-separated path. The root is the folder that holds `WORLD.INI` (the
    /// shallowest one), else the folder every path starts with, so a picked install folder
    /// reads as `--data` of that folder; a file outside the root is still found by name.
    pub fn from_memory(place: &str, mut files: Vec<(String, Vec<u8>)>) -> Result<Install, HostError> {
        let root = PathBuf::from(place);
        if files.len() > MAX_FILES {
            return Err(HostError::TooManyFiles(root));
        }
        files.sort_by(|a, b| a.0.cmp(&b.0));
        let prefix = memory_root(files.iter().map(|(p, _)| p.as_str()));
        let mut install = Install { root, ..Install::default() };
        for (path, bytes) in files {
            let relative = path.strip_prefix(&prefix).unwrap_or(&path);
            let relative = PathBuf::from(relative.trim_start_matches('/'));
            install.add(PathBuf::from(&path), &relative, OnceLock::from(Some(bytes)));
        }
        Ok(install)
    }

    /// Indexes the file at `path` (`relative` to the root) by its name and its path.
    fn add(&mut self, path: PathBuf, relative: &Path, bytes: OnceLock<Option<Vec<u8>>>) {
        let Some(name) = relative.file_name() else { return };
        let key = name.to_string_lossy().to_ascii_uppercase();
        let parts: Vec<String> = relative.iter().map(|c| c.to_string_lossy().to_ascii_uppercase()).collect();
        for k in 1..parts.len() {
            self.folders.insert(parts[..k].join("/"));
        }
        let k = self.entries.len();
        self.entries.push(Entry { path, bytes });
        self.by_name.entry(key).or_insert(k);
        self.by_path.entry(parts.join("/")).or_insert(k);
    }

    /// The entry of `name`: a bare file name wherever it is, or a path from the root (in any
    /// case, `\` or `/`), with the other art folder where the one it names is absent; in
    /// an install without folders, a path's file name.
    fn entry(&self, name: &str) -> Option<&Entry> {
        let key = name.replace('\\', "/").to_ascii_uppercase();
        let key = key.trim_start_matches("./");
        // A set without folders (files dropped loose on a page, say) finds a path by its
        // file name, as the core's own sets do ([`stros_core::files::Files`]).
        let key = if self.folders.is_empty() { stros_core::files::base_name(key) } else { key };
        let k = if !key.contains('/') {
            self.by_name.get(key)
        } else {
            self.by_path.get(key).or_else(|| {
                let (first, rest) = key.split_once('/')?;
                let other = match ART_FOLDERS.iter().position(|&f| f == first)? {
                    0 => ART_FOLDERS[1],
                    _ => ART_FOLDERS[0],
                };
                (!self.folders.contains(first)).then(|| self.by_path.get(&format!("{other}/{rest}")))?
            })
        };
        self.entries.get(*k?)
    }

    /// Where `name` (a file name or a catalog path) is, if the install has it.
    pub fn path(&self, name: &str) -> Option<&Path> {
        self.entry(name).map(|e| e.path.as_path())
    }

    /// Every file name the install has (upper case), sorted.
    pub fn names(&self) -> Vec<&str> {
        let mut names: Vec<&str> = self.by_name.keys().map(String::as_str).collect();
        names.sort_unstable();
        names
    }

    /// The install's root.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// `name`'s bytes, read on first use.
    pub fn bytes(&self, name: &str) -> Option<&[u8]> {
        let e = self.entry(name)?;
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
            WorldError::Catalog(err) => self.damaged(WORLD_INI, err),
            WorldError::CatalogText(at) => self.damaged(WORLD_INI, format!("byte {at} is not text")),
            WorldError::NoWorld(n) => {
                self.damaged(WORLD_INI, format!("no world {n} (a world is 0 through 99 with a world_map)"))
            }
            WorldError::NoCatalog => HostError::Missing {
                place: self.place(),
                name: WORLD_INI.to_string(),
                what: Some("the world catalog a world index needs"),
            },
            other => HostError::World { place: self.place(), message: other.to_string() },
        }
    }

    /// The files world `spec` names, as one line each when one is missing: its map, its
    /// terrain (when it has one) and its palette (required when named; it must be sound). A
    /// catalog world's line names WORLD.INI and the world.
    pub fn check_world(&self, spec: &WorldSpec<'_>) -> Result<(), HostError> {
        let named = [("map", Some(spec.rgm())), ("terrain", spec.wld()), ("palette", spec.col())];
        for (what, file) in named {
            let Some(file) = file else { continue };
            if self.path(file.as_str()).is_some() {
                continue;
            }
            return Err(match spec.id {
                Some(id) => self.damaged(
                    WORLD_INI,
                    format!("world {id}'s {what} {} is not in the install", file.as_str()),
                ),
                None => HostError::Missing {
                    place: self.place(),
                    name: file.as_str().to_string(),
                    what: Some(what),
                },
            });
        }
        if let Some(col) = spec.col() {
            let bytes = self.require(col.as_str(), "the world's palette")?;
            Col::new_checked(bytes).map_err(|e| self.damaged(col.as_str(), e))?;
        }
        Ok(())
    }

    /// The files every world needs besides its own: the terrain bank `TEXBSI.302` and
    /// `MAIN.SFX`, `ENGLISH.RTX` and `FONTS\REDSEL.FNT` (optional, but must be sound when
    /// present), SURFACE.INI (must parse when present). Returns warnings for what is missing but optional.
    pub fn check(&self) -> Result<Vec<String>, HostError> {
        let mut warnings = Vec::new();
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
        // The dialogue file and the subtitle font (optional; sound when present).
        match self.bytes(stros_core::world::RTX_FILE) {
            Some(b) => {
                stros_core::formats::rtx::Rtx::new_checked(b)
                    .map_err(|e| self.damaged(stros_core::world::RTX_FILE, e))?;
            }
            None => warnings.push(format!("no {}: nobody talks", stros_core::world::RTX_FILE)),
        }
        match self.bytes(stros_core::session::FONT_FILE) {
            Some(b) => {
                stros_core::formats::fnt::Fnt::new_checked(b)
                    .map_err(|e| self.damaged(stros_core::session::FONT_FILE, e))?;
            }
            None => warnings.push(format!("no {}: no subtitles", stros_core::session::FONT_FILE)),
        }
        // The item database (optional; must read when present).
        if let Some(t) = self.text(stros_core::items::ITEM_FILE)? {
            stros_core::items::ItemIni::new_checked(t)
                .map_err(|e| self.damaged(stros_core::items::ITEM_FILE, e))?;
        }
        if let Some(t) = self.text("SURFACE.INI")? {
            stros_core::formats::surface::SurfaceTable::parse(t)
                .map_err(|e| self.damaged("SURFACE.INI", e))?;
        }
        Ok(warnings)
    }
}

/// The root of files in memory, as a `/`-terminated prefix of their paths ("" for none):
/// the shallowest folder holding `WORLD.INI` (any case), else the first folder every path
/// shares.
fn memory_root<'p>(paths: impl Iterator<Item = &'p str> + Clone) -> String {
    let catalog = paths
        .clone()
        .filter_map(|p| {
            let (folder, name) = p.rsplit_once('/').unwrap_or(("", p));
            name.eq_ignore_ascii_case(WORLD_INI).then_some(folder)
        })
        .min_by_key(|f| (f.matches('/').count(), f.len()));
    let folder = match catalog {
        Some(f) => f.to_string(),
        None => {
            let mut firsts = paths.map(|p| p.split_once('/').map(|(first, _)| first));
            match firsts.next().flatten() {
                Some(first) if firsts.all(|f| f == Some(first)) => first.to_string(),
                _ => String::new(),
            }
        }
    };
    if folder.is_empty() { folder } else { folder + "/" }
}

impl<'a> Files<'a> for &'a Install {
    fn file(&self, name: &str) -> Option<&'a [u8]> {
        Install::bytes(self, name)
    }
}
