//! Diagnostics (sound off, a stream error) go through `log`, so `RUST_LOG` can quiet them
//! or ask for more; what a program produces, and the error it stops on, stay plain output.

use std::io::Write as _;

use log::Level;

/// What is shown without `RUST_LOG`: our crates' notes (all their names start `stros`),
/// and only warnings and errors of the libraries under them.
const DEFAULT_FILTER: &str = "warn,stros=info";

/// Sends log lines to stderr as `program: message` (`program: warning: …` and
/// `program: error: …` for those levels), as the programs' own lines look. Once per
/// process: later calls keep the first logger.
pub fn init(program: &str) {
    let program = program.to_string();
    let _ = env_logger::Builder::from_env(env_logger::Env::default().default_filter_or(DEFAULT_FILTER))
        .format(move |buf, record| match record.level() {
            Level::Error => writeln!(buf, "{program}: error: {}", record.args()),
            Level::Warn => writeln!(buf, "{program}: warning: {}", record.args()),
            Level::Info => writeln!(buf, "{program}: {}", record.args()),
            // Asked for with RUST_LOG: where it comes from helps there.
            _ => writeln!(buf, "{program}: {}: {}", record.target(), record.args()),
        })
        .try_init();
}
