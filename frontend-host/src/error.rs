//! What can go wrong on the host side, each kind with the one line a user sees.

use std::fmt;
use std::path::PathBuf;

/// A host-side failure: opening an install or a scenario, loading its world, writing a
/// recording or a trace. [`fmt::Display`] gives the one line the frontends print before
/// exiting with code 2 (bad data or usage) or 1 (a failure while running).
#[derive(Debug)]
pub enum HostError {
    /// A file or directory could not be read or written.
    Io {
        /// The path.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// `--data` (or a scenario's `world`) is not a directory.
    NotAnInstall(PathBuf),
    /// The install holds more files than [`crate::install::MAX_FILES`].
    TooManyFiles(PathBuf),
    /// A file the map needs is missing.
    Missing {
        /// Where it was looked for.
        place: String,
        /// The file.
        name: String,
        /// What it is for, if the line says so.
        what: Option<&'static str>,
    },
    /// A file is there but cannot be read.
    Unreadable {
        /// The file.
        path: PathBuf,
        /// What it is for.
        what: &'static str,
    },
    /// A file is damaged: its reader's own words.
    Damaged {
        /// The file as the user knows it (its path in an install).
        file: String,
        /// What its reader says.
        message: String,
    },
    /// A scenario or recording that does not read.
    Scenario {
        /// The scenario file.
        path: PathBuf,
        /// The reader's words (with the line).
        message: String,
    },
    /// The window, terminal or sound device failed: the frontend's own words.
    Frontend(String),
    /// The world did not load for another reason (a table too small, no marker, …).
    World {
        /// The install root, or the scenario file.
        place: String,
        /// The loader's words.
        message: String,
    },
}

impl HostError {
    /// An I/O failure at `path`.
    pub fn io(path: impl Into<PathBuf>, error: std::io::Error) -> HostError {
        HostError::Io { path: path.into(), error }
    }
}

impl fmt::Display for HostError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HostError::Io { path, error } => write!(f, "{}: {error}", path.display()),
            HostError::NotAnInstall(root) => {
                write!(f, "{}: not a directory (expected a Redguard install)", root.display())
            }
            HostError::TooManyFiles(root) => {
                write!(f, "{}: more than {} files", root.display(), crate::install::MAX_FILES)
            }
            HostError::Missing { place, name, what: Some(what) } => write!(f, "{place}: no {name} ({what})"),
            HostError::Missing { place, name, what: None } => write!(f, "{place}: no {name}"),
            HostError::Unreadable { path, what } => write!(f, "{}: cannot read ({what})", path.display()),
            HostError::Damaged { file, message } => write!(f, "{file}: {message}"),
            HostError::Scenario { path, message } => write!(f, "{}: {message}", path.display()),
            HostError::World { place, message } => write!(f, "{place}: {message}"),
            HostError::Frontend(message) => write!(f, "{message}"),
        }
    }
}

impl std::error::Error for HostError {}
