//! Opening what a run plays: the embedded island, a user's install (`--data`), or a
//! scenario or recording (`--replay`, `stros-tools replay`) with the files it replaces.
//! [`Opened`] owns every byte the session borrows; [`Opened::scenario`] is the one way a
//! scenario is opened, so the tools, both frontends and the tests replay it alike.

use std::path::{Path, PathBuf};

use stros_core::config::SystemConfig;
use stros_core::embedded::MAP;
use stros_core::files::{Embedded, Files, Overlay};
use stros_core::input::Bindings;
use stros_core::scenario::Scenario;
use stros_core::session::SessionError;
use stros_core::world::WorldError;
use stros_core::world::catalog::{self, Choice, WorldSpec};

use crate::install::Install;
use crate::{FileArgs, HostError, INSTALL_MAP, Session};

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

/// Which world a run plays: `--world N`, `--map NAME`, or a new game (WORLD.INI's start
/// world at its start marker; the default map where there is no WORLD.INI).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pick {
    /// A WORLD.INI index.
    Index(u16),
    /// A map's name.
    Map(String),
    /// A new game.
    NewGame,
}

/// Everything a session borrows, owned: the files, a scenario's replacements and text,
/// and where to start.
#[derive(Debug)]
pub struct Opened {
    base: Base,
    replaced: Vec<(String, Vec<u8>)>,
    scenario: Option<ScenarioFile>,
    pick: Pick,
    /// The map played without a catalog (the embedded island's, or ISLAND).
    default_map: &'static str,
    marker: Option<usize>,
    /// What a recording's header names as the world: `embedded` or the install directory.
    world: String,
    /// `--load`: the save the session is rebuilt to ([`crate::Runner::rebuild`]).
    loaded: Option<crate::saves::Loaded>,
    /// The records of the saves loaded during the run (F8): a session borrows its record's
    /// text (its origin) for as long as it runs, so each is kept until these files close.
    records: bumpalo::Bump,
}

impl Opened {
    /// What the options ask for: the recording to replay, else the install of `--data`,
    /// else the embedded island; warnings (optional files an install lacks) go to stderr
    /// after `program`.
    pub fn open(program: &str, args: &FileArgs) -> Result<Opened, HostError> {
        if let Some(path) = &args.replay {
            return Opened::scenario(path);
        }
        if let Some(path) = &args.load {
            let loaded = crate::saves::Loaded::read(path)?;
            let mut opened = Opened::scenario_text(loaded.record.clone(), &loaded.path)?;
            opened.loaded = Some(loaded);
            return Ok(opened);
        }
        let pick = match (args.world, &args.map) {
            (Some(n), _) => Pick::Index(n),
            (None, Some(map)) => Pick::Map(map.to_ascii_uppercase()),
            (None, None) => Pick::NewGame,
        };
        let (base, default_map, world) = match &args.data {
            // Absolute, so that a recording or save of it replays from anywhere.
            Some(dir) => {
                let world = dir.canonicalize().unwrap_or_else(|_| dir.clone()).display().to_string();
                (Base::Install(open_install(dir)?), INSTALL_MAP, world)
            }
            None => (Base::Embedded, MAP, "embedded".to_string()),
        };
        let opened = Opened::of(base, default_map, world, pick, args.marker);
        if args.list_worlds {
            opened.print_worlds_and_exit(program);
        }
        Ok(opened)
    }

    /// A new game of `base`, played from `default_map` without a catalog; `world` is what a
    /// recording names it.
    fn of(base: Base, default_map: &'static str, world: String, pick: Pick, marker: Option<usize>) -> Opened {
        Opened {
            base,
            replaced: Vec::new(),
            scenario: None,
            pick,
            default_map,
            marker,
            world,
            loaded: None,
            records: bumpalo::Bump::new(),
        }
    }

    /// A new game of the embedded island.
    pub fn embedded() -> Opened {
        Opened::of(Base::Embedded, MAP, "embedded".to_string(), Pick::NewGame, None)
    }

    /// A new game of `install` (its files in memory: [`Install::from_memory`]), checked as
    /// `--data` checks an install; warnings go to the log.
    pub fn of_install(install: Install) -> Result<Opened, HostError> {
        let install = checked(install)?;
        let world = install.root().display().to_string();
        Ok(Opened::of(Base::Install(install), INSTALL_MAP, world, Pick::NewGame, None))
    }

    /// `--list-worlds`: prints the catalog to stdout and ends the program (exit code 0; 2
    /// with one line on stderr when there is no WORLD.INI or it is damaged).
    fn print_worlds_and_exit(&self, program: &str) -> ! {
        match self.list_worlds() {
            Ok(Some(list)) => {
                print!("{list}");
                std::process::exit(0)
            }
            Ok(None) => eprintln!("{program}: {}: no WORLD.INI", self.place()),
            Err(e) => eprintln!("{program}: {e}"),
        }
        std::process::exit(2)
    }

    /// The scenario (or recording) at `path`: its `world` (`embedded` or an install
    /// directory) and its `rgm`/`rob`/`wld` replacements resolve against the scenario
    /// file's own directory, wherever the program runs from.
    pub fn scenario(path: &Path) -> Result<Opened, HostError> {
        let text = std::fs::read_to_string(path).map_err(|e| HostError::io(path, e))?;
        Opened::scenario_text(text, path)
    }

    /// [`Opened::scenario`] of a scenario already read: `text`, as if from the file at
    /// `path` (its directory resolves the scenario's paths; errors name it).
    pub fn scenario_text(text: String, path: &Path) -> Result<Opened, HostError> {
        let bad = |message: String| HostError::Scenario { path: path.to_path_buf(), message };
        let s = Scenario::parse(&text).map_err(|e| bad(e.to_string()))?;
        let dir = path.parent().unwrap_or(Path::new(""));
        let (base, default_map) = if s.world.eq_ignore_ascii_case("embedded") {
            (Base::Embedded, MAP)
        } else {
            (Base::Install(open_install(&dir.join(s.world))?), INSTALL_MAP)
        };
        let pick = match (s.world_index, s.map) {
            (Some(n), _) => Pick::Index(n),
            (None, map) => Pick::Map(map.unwrap_or(default_map).to_string()),
        };
        let mut opened = Opened {
            base,
            replaced: Vec::new(),
            scenario: None,
            pick,
            default_map,
            marker: None,
            world: s.world.to_string(),
            loaded: None,
            records: bumpalo::Bump::new(),
        };
        // The replacements are the chosen world's map's files.
        let map = opened.spec_of_base().map_err(|e| bad(e.to_string()))?.0.map_name();
        for (ext, file) in s.files.iter() {
            let at = dir.join(file);
            let bytes =
                std::fs::read(&at).map_err(|e| bad(format!("{ext} override {}: {e}", at.display())))?;
            opened.replaced.push((format!("{map}.{ext}"), bytes));
        }
        drop(s);
        opened.scenario = Some(ScenarioFile { path: path.to_path_buf(), text });
        Ok(opened)
    }

    fn base_files(&self) -> BaseFiles<'_> {
        match &self.base {
            Base::Embedded => BaseFiles::Embedded,
            Base::Install(i) => BaseFiles::Install(i),
        }
    }

    /// The world the pick names in the base files, and the marker a new game starts at.
    fn spec_of_base(&self) -> Result<(WorldSpec<'_>, Option<i32>), WorldError> {
        self.resolve(self.base_files())
    }

    fn resolve<'s>(&'s self, files: impl Files<'s>) -> Result<(WorldSpec<'s>, Option<i32>), WorldError> {
        match &self.pick {
            Pick::Index(n) => catalog::resolve(&files, Choice::Index(*n)),
            Pick::Map(m) => catalog::resolve(&files, Choice::Map(m)),
            // Without a catalog a new game plays the default map.
            Pick::NewGame => match catalog::resolve(&files, Choice::NewGame) {
                Err(WorldError::NoCatalog) => catalog::resolve(&files, Choice::Map(self.default_map)),
                other => other,
            },
        }
    }

    /// The files the session reads: the base with the scenario's replacements.
    pub fn files(&self) -> Result<Overlay<'_, BaseFiles<'_>>, HostError> {
        let mut files = Overlay::new(self.base_files());
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

    /// The catalog of the files, one line per world: its index, map, terrain (`-` for
    /// none) and palette; `None` without WORLD.INI.
    pub fn list_worlds(&self) -> Result<Option<String>, HostError> {
        let files = self.files()?;
        let describe = |e: WorldError| self.describe(SessionError::World(e));
        let Some(ini) = catalog::catalog(&files).map_err(describe)? else { return Ok(None) };
        let mut out = format!("start: world {} at marker {}\n", ini.start_world(), ini.start_marker());
        for id in ini.ids() {
            let Some(w) = ini.world(id) else { continue };
            let terrain = w.terrain.unwrap_or("-");
            out.push_str(&format!("{id:>2}  {:<20} {:<20} {}\n", w.map, terrain, w.palette.unwrap_or("-")));
        }
        Ok(Some(out))
    }

    fn describe(&self, e: SessionError) -> HostError {
        match (self.install(), &self.scenario) {
            (Some(i), _) => i.describe(e),
            (None, Some(f)) => HostError::Scenario { path: f.path.clone(), message: e.to_string() },
            (None, None) => HostError::World { place: self.place(), message: e.to_string() },
        }
    }

    /// Starts `session` (one [`Opened::session`] made) again from these files after the
    /// player's death ([`Session::restart`], a best guess for the original's menu).
    pub fn restart<'s>(&'s self, session: &mut Session<'s>) -> Result<(), HostError> {
        let files = self.files()?;
        session.restart(&files).map_err(|e| self.describe(e))
    }

    /// Acts on the session request `session`'s last update made ([`Session::follow_request`]:
    /// a script's `LoadWorld` loads the next world from these files). Whether it loaded one.
    pub fn follow<'s>(&'s self, session: &mut Session<'s>) -> Result<bool, HostError> {
        if session.world.report().request.is_none() {
            return Ok(false);
        }
        let files = self.files()?;
        session.follow_request(&files).map_err(|e| self.describe(e))
    }

    /// A frontend's runner of [`Opened::session`], restarting from these files after the
    /// player's death ([`crate::Runner::restarting_from`]).
    pub fn runner(
        &self,
        files: &crate::FileArgs,
        run: &crate::RunArgs,
    ) -> Result<crate::Runner<'_>, HostError> {
        self.runner_on(files, run, crate::clock::Monotonic::default())
    }

    /// [`Opened::runner`] on the host's time `time` (a browser's frame times).
    pub fn runner_on<T: crate::clock::Timebase + Clone>(
        &self,
        files: &crate::FileArgs,
        run: &crate::RunArgs,
        time: T,
    ) -> Result<crate::Runner<'_, T>, HostError> {
        let mut runner = crate::Runner::on(self.session()?, files, run, time).restarting_from(self);
        if let Some(loaded) = &self.loaded {
            runner.rebuild(loaded)?;
        }
        Ok(runner)
    }

    /// `text` kept for as long as these files are open (a loaded save's record).
    pub fn keep(&self, text: &str) -> &str {
        self.records.alloc_str(text)
    }

    /// A session replaying `scenario` with these files (a loaded save's record), built in
    /// place on the heap.
    pub fn replay_session<'s>(&'s self, scenario: &Scenario<'s>) -> Result<Box<Session<'s>>, HostError> {
        let files = self.files()?;
        let bindings = match self.install() {
            Some(i) => i.bindings()?,
            None => keys_ini(&files)?,
        };
        let map = match &self.pick {
            Pick::Map(m) => m.as_str(),
            _ => self.default_map,
        };
        let mut s = Box::new(Session::unloaded(scenario.config(), bindings));
        s.load(&files, stros_core::Choice::Map(map), stros_core::Start::Replay(scenario))
            .map_err(|e| self.describe(e))?;
        Ok(s)
    }

    /// The session: the scenario's world and updates, or the chosen world entered at the
    /// marker (`--marker`, else a new game's start marker, else 0); the install's SYSTEM.INI
    /// and KEYS.INI (the scenario's `[system]` overrides apply on top of the installed
    /// values). Built in place on the heap: the session is never moved by value (a browser's
    /// stack is a megabyte).
    pub fn session(&self) -> Result<Box<Session<'_>>, HostError> {
        let files = self.files()?;
        let install = self.install();
        let bindings = match install {
            Some(i) => i.bindings()?,
            None => keys_ini(&files)?,
        };
        let describe = |e| self.describe(e);
        let session = match &self.scenario {
            Some(f) => {
                let s = Scenario::parse(&f.text)
                    .map_err(|e| HostError::Scenario { path: f.path.clone(), message: e.to_string() })?;
                self.replay_session(&s)?
            }
            None => {
                let (spec, start) = self.resolve(&files).map_err(|e| describe(SessionError::World(e)))?;
                if let Some(i) = install {
                    i.check_world(&spec)?;
                }
                let marker = self.marker.or(start.and_then(|m| usize::try_from(m).ok())).unwrap_or(0);
                let config = install.map_or(Ok(SystemConfig::installed()), Install::config)?;
                let mut s = Box::new(Session::unloaded(config, bindings));
                s.load(&files, &spec, stros_core::Start::Marker(marker)).map_err(describe)?;
                s.origin.world = &self.world;
                if spec.id.is_none() && install.is_some() {
                    s.origin.map = Some(spec.map);
                }
                s
            }
        };
        if install.is_some() {
            for name in session.world.missing_models() {
                log::warn!("no model {name} (.3DC or .3D): its actors are not drawn");
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

/// Opens an install and checks what every world needs, printing the warnings after
/// `program`.
fn open_install(dir: &Path) -> Result<Install, HostError> {
    checked(Install::open(dir)?)
}

/// `install` once it has what every world needs, its warnings logged.
fn checked(install: Install) -> Result<Install, HostError> {
    for w in install.check()? {
        log::warn!("{w}");
    }
    Ok(install)
}
