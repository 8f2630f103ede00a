//! The two frontends' command lines, here rather than in their binaries so that
//! `stros-tools completions` and `stros-tools man` generate from the same definitions.

use std::path::PathBuf;

use crate::{CONTROLS, FileArgs, RunArgs};

/// The window's keys, after the shared controls, for `--help`.
const WINDOW_KEYS: &str = "\
    Shift       walk instead of run (or run, after Tab)
    P           pause (also while the window has no focus)
    F11, Alt+Enter  fullscreen on and off
    - / =       volume down and up      F9  mute on and off
    F12         write a screenshot (stros-NNNN.png in the current directory)
    Esc         quit
Every key is read through KEYS.INI's scancodes, so an install's rebinding holds.";

/// The Elder Scrolls Adventures: Redguard, reimplemented
#[derive(clap::Parser, Debug)]
#[command(name = "stros", version, after_help = format!("{CONTROLS}\n{WINDOW_KEYS}"))]
pub struct WindowArgs {
    #[command(flatten)]
    pub files: FileArgs,
    #[command(flatten)]
    pub run: RunArgs,
    /// Write the last frame as a PNG when stopping (needs --frames or a window closed
    /// with Esc)
    #[arg(long, value_name = "FILE")]
    pub screenshot: Option<PathBuf>,
    /// Write what the window shows (the picture letterboxed at its size) as a PNG when
    /// stopping
    #[arg(long, value_name = "FILE")]
    pub window_screenshot: Option<PathBuf>,
    /// Render off-screen without opening a window; one BIOS tick (1/18.2065 s) passes per
    /// frame, so runs are repeatable
    #[arg(long)]
    pub headless: bool,
    /// Window scale: 1, 2, 4 or 8 (default 4, or 2 with --high; remembered)
    #[arg(long, value_name = "N", value_parser = scale)]
    pub scale: Option<u8>,
}

/// Stros in a terminal
#[derive(clap::Parser, Debug)]
#[command(name = "stros-term", version, after_help = format!("{CONTROLS}\n    Shift+W/S/A/D   walk instead of run (or run, after Tab)\n    q / Esc     quit"))]
pub struct TermArgs {
    #[command(flatten)]
    pub files: FileArgs,
    #[command(flatten)]
    pub run: RunArgs,
    /// Render off-screen (one BIOS tick per frame, or the recording's updates with
    /// --replay) and print the last frame as plain text: the HUD line, then the picture
    #[arg(long)]
    pub dump: bool,
    /// Width of the dump in characters
    #[arg(long, value_name = "N", default_value_t = 80, value_parser = clap::value_parser!(u16).range(8..=1000))]
    pub cols: u16,
    /// Height of the dump picture in lines
    #[arg(long, value_name = "N", default_value_t = 25, value_parser = clap::value_parser!(u16).range(4..=1000))]
    pub rows: u16,
}

/// `--scale`: 1, 2, 4 or 8.
fn scale(s: &str) -> Result<u8, String> {
    s.parse().ok().filter(|n| [1, 2, 4, 8].contains(n)).ok_or_else(|| format!("{s} is not 1, 2, 4 or 8"))
}
