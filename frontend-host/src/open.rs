//! Opening what a run plays: the embedded island, a user's install (`--data`), or a
//! scenario or recording (`--replay`, `stros-tools replay`) with the files it replaces.
//! [`Opened`] owns every byte the session borrows; [`Opened::scenario`] is the one way a
//! scenario is opened, so the tools, both frontends and the tests replay it alike.

use std::path::{Path, PathBuf};

use crate::Session;
use stros_core::config::SystemConfig;
use stros_core::embedded::MAP;
use stros_core::files::{Embedded, Files, Overlay};
use stros_core::input::Bindings;
use stros_core::scenario::Scenario;

use crate::install::Install;
use crate::{FileArgs, HostError, INSTALL_MAP};

/// The files underneath: the embedded island or an install.
#[derive(Debug)]
pub enum Base {
    /// The embedded island.
    Embedded,
    /// A user's install.
    Install(Install),
}

/// [`Base`] as [`Files`].
#[derive(Clone, Copy, Debug)]
pub enum BaseFiles<'a> {
    /// The embedded island.
    Embedded,
    /// A user's install.
    Install(&'a Install),
}

impl<'a> Files<'a> for BaseFiles<'a> {
    fn file(&self, name: &str) -> Option<&'a [u8]> {
        match *self {
            BaseFiles::Embedded => Embedded.file(name),
            BaseFiles::Install(i) => i.bytes(name),
        }
    }
}

/// A scenario read from its file.
#[derive(Debug)]
struct ScenarioFile {
    path: PathBuf,
    text: String,
}

/// Everything a session borrows, owned: the files, a scenario's replacements and text,
/// and where to start.
#[derive(Debug)]
pub struct Opened {
    base: Base,
    replaced: Vec<(String, Vec<u8>)>,
    scenario: Option<ScenarioFile>,
    map: String,
    marker: usize,
    /// What a recording's header names as the world: `embedded` or the install directory.
    world: String,
}

impl Opened {
    /// What the options ask for: the recording to replay, else the install of `--data`,
    /// else the embedded island; warnings (optional files an install lacks) go to stderr
    /// after `program`.
    pub fn open(program: &str, args: &FileArgs) -> Result<Opened, HostError> {
        if let Some(path) = &args.replay {
            return Opened::scenario(program, path);
        }
        let marker = args.marker.unwrap_or(0);
        match &args.data {
            Some(dir) => {
                let map = args.map.as_deref().unwrap_or(INSTALL_MAP).to_ascii_uppercase();
                let install = open_install(program, dir, &map)?;
                let world = dir.display().to_string();
                Ok(Opened {
                    base: Base::Install(install),
                    replaced: Vec::new(),
                    scenario: None,
                    map,
                    marker,
                    world,
                })
            }
            None => Ok(Opened {
                base: Base::Embedded,
                replaced: Vec::new(),
                scenario: None,
                map: args.map.clone().unwrap_or_else(|| MAP.to_string()),
                marker,
                world: "embedded".to_string(),
            }),
        }
    }

    /// The scenario (or recording) at `path`: its `world` (`embedded` or an install
    /// directory) and its `rgm`/`rob`/`wld` replacements resolve against the scenario
    /// file's own directory, wherever the program runs from.
    pub fn scenario(program: &str, path: &Path) -> Result<Opened, HostError> {
        let text = std::fs::read_to_string(path).map_err(|e| HostError::io(path, e))?;
        Opened::scenario_text(program, text, path)
    }

    /// [`Opened::scenario`] of a scenario already read: `text`, as if from the file at
    /// `path` (its directory resolves the scenario's paths; errors name it).
    pub fn scenario_text(program: &str, text: String, path: &Path) -> Result<Opened, HostError> {
        let bad = |message: String| HostError::Scenario { path: path.to_path_buf(), message };
        let s = Scenario::parse(&text).map_err(|e| bad(e.to_string()))?;
        let dir = path.parent().unwrap_or(Path::new(""));
        let (base, map) = if s.world.eq_ignore_ascii_case("embedded") {
            (Base::Embedded, s.map.unwrap_or(MAP).to_string())
        } else {
            let map = s.map.unwrap_or(INSTALL_MAP).to_string();
            (Base::Install(open_install(program, &dir.join(s.world), &map)?), map)
        };
        let mut replaced = Vec::new();
        for (ext, file) in s.files.iter() {
            let at = dir.join(file);
            let bytes =
                std::fs::read(&at).map_err(|e| bad(format!("{ext} override {}: {e}", at.display())))?;
            replaced.push((format!("{map}.{ext}"), bytes));
        }
        let world = s.world.to_string();
        drop(s);
        Ok(Opened {
            base,
            replaced,
            scenario: Some(ScenarioFile { path: path.to_path_buf(), text }),
            map,
            marker: 0,
            world,
        })
    }

    /// The files the session reads: the base with the scenario's replacements.
    pub fn files(&self) -> Result<Overlay<'_, BaseFiles<'_>>, HostError> {
        let base = match &self.base {
            Base::Embedded => BaseFiles::Embedded,
            Base::Install(i) => BaseFiles::Install(i),
        };
        let mut files = Overlay::new(base);
        for (name, bytes) in &self.replaced {
            files
                .replace(name, bytes)
                .map_err(|e| HostError::World { place: self.place(), message: format!("{name}: {e}") })?;
        }
        Ok(files)
    }

    /// The install underneath, if any.
    pub fn install(&self) -> Option<&Install> {
        match &self.base {
            Base::Install(i) => Some(i),
            Base::Embedded => None,
        }
    }

    fn place(&self) -> String {
        match (&self.scenario, &self.base) {
            (Some(s), _) => s.path.display().to_string(),
            (None, Base::Install(i)) => i.root().display().to_string(),
            (None, Base::Embedded) => "embedded".to_string(),
        }
    }

    /// The session: the scenario's world and updates, or the map entered at the marker;
    /// the install's SYSTEM.INI and KEYS.INI (the scenario's `[system]` overrides apply on
    /// top of the installed values).
    pub fn session(&self, program: &str) -> Result<Session<'_>, HostError> {
        let files = self.files()?;
        let install = self.install();
        let bindings = match install {
            Some(i) => i.bindings()?,
            None => keys_ini(&files)?,
        };
        let describe = |e| match install {
            Some(i) => i.describe(e),
            None => HostError::World { place: self.place(), message: e.to_string() },
        };
        let session = match &self.scenario {
            Some(f) => {
                let s = Scenario::parse(&f.text)
                    .map_err(|e| HostError::Scenario { path: f.path.clone(), message: e.to_string() })?;
                Session::replay(&files, &self.map, &s, bindings).map_err(|e| match install {
                    Some(_) => describe(e),
                    None => HostError::Scenario { path: f.path.clone(), message: e.to_string() },
                })?
            }
            None => {
                let config = install.map_or(Ok(SystemConfig::installed()), Install::config)?;
                let mut s =
                    Session::start(&files, &self.map, config, bindings, self.marker).map_err(describe)?;
                if install.is_some() {
                    s.origin.world = &self.world;
                    s.origin.map = Some(&self.map);
                }
                s
            }
        };
        if install.is_some() {
            for name in session.world.missing_models() {
                eprintln!("{program}: no model {name} (.3DC or .3D): its actors are not drawn");
            }
        }
        Ok(session)
    }
}

/// The bindings of the files' KEYS.INI, or the installed ones without it.
fn keys_ini<'a>(files: &impl Files<'a>) -> Result<Bindings, HostError> {
    match files.file("KEYS.INI") {
        Some(b) => Bindings::from_keys_ini(&String::from_utf8_lossy(b))
            .map_err(|e| HostError::Damaged { file: "KEYS.INI".to_string(), message: e.to_string() }),
        None => Ok(Bindings::default()),
    }
}

/// Opens an install and checks what `map` needs, printing the warnings after `program`.
fn open_install(program: &str, dir: &Path, map: &str) -> Result<Install, HostError> {
    let install = Install::open(dir)?;
    for w in install.check(map)? {
        eprintln!("{program}: {w}");
    }
    Ok(install)
}
