//! `stros-tools replay`: runs a scenario (or a frontend's recording) through
//! `World::step` headless and prints one JSON object per update.
//!
//! The trace fields: `update`, `bios`, `scale`, `nominal_ticks`, `fine_ticks`,
//! `measured_fps`, `smoothed_fps`; for the player `pos` and `prev` (runtime units),
//! `heading`, `phase`, `group`, `pending`, `cursor`, `marker`, `surface`, `support` and
//! `probe` (`kind`, `class`, `normal`, `height`; `probe` is null when no forward probe ran);
//! and `events`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use stros_core::actor::Direction;
use stros_core::files::{Embedded, Files};
use stros_core::input::Bindings;
use stros_core::scenario::{PlayerStart, Scenario};
use stros_core::world::{StepReport, World};
use stros_host::install::Install;

/// The embedded world or an install, with some files replaced.
#[derive(Debug, Default)]
pub struct Overlay {
    base: Option<Install>,
    extra: Vec<(String, &'static [u8])>,
}

impl Overlay {
    fn insert(&mut self, as_name: &str, path: &Path) -> Result<(), String> {
        let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        self.extra.push((as_name.to_ascii_uppercase(), Box::leak(bytes.into_boxed_slice())));
        Ok(())
    }
}

impl Files<'static> for Overlay {
    fn file(&self, name: &str) -> Option<&'static [u8]> {
        let key = name.to_ascii_uppercase();
        self.extra
            .iter()
            .find(|(n, _)| *n == key)
            .map(|f| f.1)
            .or_else(|| self.base.as_ref().map_or_else(|| Embedded.file(name), |b| b.file(name)))
    }
}

/// A world built as a scenario asks, with its player entered.
pub fn build_world(scenario: &Scenario<'_>, base_dir: &Path) -> Result<World<'static>, String> {
    let mut files = Overlay::default();
    let map = if scenario.world.eq_ignore_ascii_case("embedded") {
        scenario.map.unwrap_or(stros_core::embedded::MAP)
    } else {
        files.base = Some(Install::open(&base_dir.join(scenario.world))?);
        scenario.map.unwrap_or(stros_host::INSTALL_MAP)
    };
    for (ext, file) in scenario.files.iter().map(|(e, f)| (e, Some(f))) {
        if let Some(f) = file {
            files.insert(&format!("{map}.{ext}"), &base_dir.join(f))?;
        }
    }
    let config = scenario.config();
    let bindings = match files.file("KEYS.INI") {
        Some(b) => {
            Bindings::from_keys_ini(&String::from_utf8_lossy(b)).map_err(|e| format!("KEYS.INI: {e}"))?
        }
        None => Bindings::default(),
    };
    // The world borrows the files for 'static: they are leaked for the program's life.
    let leaked: &'static Overlay = Box::leak(Box::new(files));
    let mut world = World::load(leaked, map, config, bindings).map_err(|e| e.to_string())?;
    match scenario.start {
        PlayerStart::Marker { index } => world.enter_marker(leaked, index, scenario.heading),
        PlayerStart::Position { pos } => world.enter_at(leaked, pos, scenario.heading, scenario.settle),
    }
    .map_err(|e| e.to_string())?;
    if let Some(id) = world.selected_player_id() {
        if let Some(g) = scenario.group {
            world.force_group(id, g);
        }
        if let (Some(p), Some(a)) = (scenario.phase, world.actor_mut(id)) {
            a.steps.set(Direction::Forward, p);
        }
    }
    Ok(world)
}

/// The trace line of the update `report` left in `world` ([`stros_core::trace::trace_line`]).
pub fn trace_line(world: &World<'_>, report: &StepReport) -> String {
    let mut s = String::new();
    let _ = stros_core::trace::trace_line(&mut s, world, report);
    s
}

/// Runs `scenario_text` (relative paths resolve against `base_dir`) and returns the trace,
/// one line per update.
pub fn run(scenario_text: &str, base_dir: &Path) -> Result<String, String> {
    let scenario = Scenario::parse(scenario_text).map_err(|e| e.to_string())?;
    let mut world = build_world(&scenario, base_dir)?;
    let mut out = String::new();
    let mut bios = scenario.bios_start;
    for u in scenario.steps() {
        bios = bios.wrapping_add(u.bios);
        let report = world.step_with(&u.input, bios, u.scale).clone();
        let _ = writeln!(out, "{}", trace_line(&world, &report));
    }
    Ok(out)
}

/// `stros-tools replay FILE`: the trace on standard output; errors name the file.
pub fn command(path: &Path) -> Result<String, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let base = path.parent().map_or_else(|| PathBuf::from("."), Path::to_path_buf);
    run(&text, &base).map_err(|e| format!("{}: {e}", path.display()))
}
