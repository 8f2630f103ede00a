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
    let _ = builder(program, env_logger::Env::default().default_filter_or(DEFAULT_FILTER)).try_init();
}

fn builder(program: &str, env: env_logger::Env<'_>) -> env_logger::Builder {
    let program = program.to_string();
    let mut builder = env_logger::Builder::from_env(env);
    builder.format(move |buf, record| match record.level() {
        Level::Error => writeln!(buf, "{program}: error: {}", record.args()),
        Level::Warn => writeln!(buf, "{program}: warning: {}", record.args()),
        Level::Info => writeln!(buf, "{program}: {}", record.args()),
        // Asked for with RUST_LOG: where it comes from helps there.
        _ => writeln!(buf, "{program}: {}: {}", record.target(), record.args()),
    });
    builder
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use log::Log as _;

    use super::*;

    /// A writer the test can read back.
    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);

    impl std::io::Write for Shared {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn lines_read_like_the_programs_own_and_the_default_shows_our_notes() {
        // The default as it applies without RUST_LOG, whatever the test's environment says.
        let env =
            env_logger::Env::new().filter("STROS_TEST_NO_SUCH_VARIABLE").default_filter_or(DEFAULT_FILTER);
        let out = Shared::default();
        let logger =
            builder("stros-term", env).target(env_logger::Target::Pipe(Box::new(out.clone()))).build();
        let log = |level, target, text: &str| {
            let args = format_args!("{text}");
            let record = log::Record::builder().level(level).target(target).args(args).build();
            if logger.enabled(record.metadata()) {
                logger.log(&record);
            }
        };
        log(Level::Warn, "stros_host::audio", "audio is off (no sound server)");
        log(Level::Info, "stros_tools", "a note");
        log(Level::Error, "stros_host::audio::cpal_out", "audio stream: gone");
        log(Level::Info, "pulseaudio::client", "a library's chatter");
        log(Level::Debug, "stros_host::audio::pulse", "asked for with RUST_LOG only");
        log(Level::Warn, "pulseaudio::client", "a library's warning");
        let text = String::from_utf8(out.0.lock().unwrap().clone()).unwrap();
        assert_eq!(
            text,
            "stros-term: warning: audio is off (no sound server)\n\
             stros-term: a note\n\
             stros-term: error: audio stream: gone\n\
             stros-term: warning: a library's warning\n"
        );
    }
}
