//! The options every frontend takes, parsed with clap and flattened into each frontend's
//! own arguments.

use std::path::PathBuf;

/// Where the game comes from and what a run writes: `--data`, `--world`, `--map`,
/// `--marker`, `--list-worlds`, `--record`, `--replay`, `--load`, `--save`, `--saves`,
/// `--trace`.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct FileArgs {
    /// Play a Redguard install (the GOG layout: fxart/, maps/, sound/, SYSTEM.INI,
    /// KEYS.INI, surface.ini, …) instead of the embedded island
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
    /// Play the embedded island even when an install is remembered from an earlier --data
    #[arg(long, conflicts_with = "data")]
    pub island: bool,
    /// Play WORLD.INI's world N (0 through 99); with neither --world nor --map, a new game:
    /// WORLD.INI's start world at its start marker
    #[arg(long, value_name = "N", conflicts_with = "map")]
    pub world: Option<u16>,
    /// Play the first WORLD.INI world whose map is NAME (without WORLD.INI: NAME.RGM on
    /// NAME.WLD with NAME.COL)
    #[arg(long, value_name = "NAME")]
    pub map: Option<String>,
    /// Enter at map marker N (default: the new game's start marker, else 0)
    #[arg(long, value_name = "N")]
    pub marker: Option<usize>,
    /// Print the worlds of WORLD.INI (index, map, terrain, palette) and exit
    #[arg(long)]
    pub list_worlds: bool,
    /// Write the input and BIOS tick of every update to FILE (a scenario that
    /// `stros-tools replay FILE` and --replay read)
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// Play a recording (or scenario) instead of the keyboard; its paths resolve against
    /// its own directory
    #[arg(long, value_name = "FILE")]
    pub replay: Option<PathBuf>,
    /// Start from a saved game (a SAVEGAME.SAV, or its SAVEGAME.NNN slot directory)
    #[arg(long, value_name = "FILE", conflicts_with = "replay")]
    pub load: Option<PathBuf>,
    /// Write the game to FILE as a save when the run ends
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// Where F5 saves (slot 0: SAVEGAME.000/SAVEGAME.SAV) and F8 loads (default: the
    /// current directory)
    #[arg(long, value_name = "DIR")]
    pub saves: Option<PathBuf>,
    /// Write one JSON line per update (as `stros-tools replay`)
    #[arg(long, value_name = "FILE")]
    pub trace: Option<PathBuf>,
    /// Write the sound to a WAV file, clocked by the BIOS ticks (with --headless and --replay
    /// the same bytes on every machine)
    #[arg(long, value_name = "FILE.wav")]
    pub audio_out: Option<PathBuf>,
}

/// How a run looks and how long it lasts: `--frames`, `--high`, `--debug`.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct RunArgs {
    /// Stop after N frames
    #[arg(long, value_name = "N")]
    pub frames: Option<u64>,
    /// Draw at 640×400 instead of the original's 320×200
    #[arg(long)]
    pub high: bool,
    /// Show the debug lines: the status line (FPS, frame scale, ticks, walk/run) and the
    /// `object coord` start and current positions, the camera's and the player's pose (F1 toggles them)
    #[arg(long)]
    pub debug: bool,
    /// Panic before update N+1 (a test of the crash-safe recording)
    #[arg(long, value_name = "N", hide = true)]
    pub panic_after: Option<u64>,
    /// Sound volume in percent, 0 to 100 (default 100; remembered)
    #[arg(long, value_name = "PERCENT", value_parser = clap::value_parser!(u8).range(0..=100))]
    pub volume: Option<u8>,
    /// Start with the sound muted (M toggles it in the window)
    #[arg(long)]
    pub mute: bool,
}

/// The movement controls both frontends share, for `--help` (each adds its own keys).
pub const CONTROLS: &str = "\
CONTROLS:
    W / Up      forward           A / Left    turn left
    S / Down    backward          D / Right   turn right
    Space       jump, climb a ledge ahead; hanging: let go
    Tab         toggle walk mode  F1          toggle the debug lines";
