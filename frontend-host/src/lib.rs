//! Host-side glue both frontends share: the session over the embedded world (or over a
//! recording to replay), and the files a session writes as it runs — the `--record`
//! recording and the `--trace` JSON lines. Windows, terminals, keyboards and clocks stay
//! in the frontends; the game stays in `stros-core`.

pub mod audio;

use std::path::PathBuf;

use stros_core::config::SystemConfig;
use stros_core::embedded::MAP;
use stros_core::input::{Bindings, Input};
use stros_core::replay::{Recorder, Scenario, trace_line};
use stros_core::session::Session;
use stros_core::world::Embedded;

/// The file options every frontend takes.
#[derive(Clone, Debug, Default)]
pub struct FileOptions {
    /// `--record FILE`.
    pub record: Option<PathBuf>,
    /// `--replay FILE`.
    pub replay: Option<PathBuf>,
    /// `--trace FILE`.
    pub trace: Option<PathBuf>,
}

/// The recording and trace being written.
#[derive(Debug, Default)]
pub struct Outputs {
    record: Option<(PathBuf, String, Recorder, Option<u32>)>,
    trace: Option<(PathBuf, String)>,
}

impl Outputs {
    /// Notes an update of `session` that just ran with `input` at BIOS tick `bios`.
    pub fn after_step(&mut self, session: &Session<'_>, input: &Input, bios: u32) -> Result<(), String> {
        let world = &session.world;
        if let Some((_, text, recorder, last)) = &mut self.record {
            if last.is_none() {
                Recorder::header(text, &session.origin, bios).map_err(|e| e.to_string())?;
            }
            let elapsed = last.map_or(0, |l| bios.wrapping_sub(l));
            *last = Some(bios);
            recorder.record(text, elapsed, *input).map_err(|e| e.to_string())?;
        }
        if let Some((_, text)) = &mut self.trace {
            trace_line(text, world, world.report()).map_err(|e| e.to_string())?;
            text.push('\n');
        }
        Ok(())
    }

    /// Writes the files (a recording of no update still gets `session`'s header).
    pub fn finish(&mut self, session: &Session<'_>) -> Result<(), String> {
        if let Some((path, mut text, mut recorder, last)) = self.record.take() {
            if last.is_none() {
                Recorder::header(&mut text, &session.origin, 0).map_err(|e| e.to_string())?;
            }
            recorder.finish(&mut text).map_err(|e| e.to_string())?;
            std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
        }
        if let Some((path, text)) = self.trace.take() {
            std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
        }
        Ok(())
    }
}

/// Opens the session the options ask for: the embedded island with the player at marker 0,
/// or the recording to replay.
pub fn open(opts: &FileOptions) -> Result<(Session<'static>, Outputs), String> {
    let session = match &opts.replay {
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
            let text: &'static str = Box::leak(text.into_boxed_str());
            let scenario = Scenario::parse(text).map_err(|e| format!("{}: {e}", path.display()))?;
            Session::replay(&Embedded, MAP, &scenario).map_err(|e| format!("{}: {e}", path.display()))?
        }
        None => Session::start(&Embedded, MAP, SystemConfig::installed(), Bindings::default())
            .map_err(|e| e.to_string())?,
    };
    let mut outputs = Outputs::default();
    if let Some(p) = &opts.record {
        outputs.record = Some((p.clone(), String::new(), Recorder::default(), None));
    }
    if let Some(p) = &opts.trace {
        outputs.trace = Some((p.clone(), String::new()));
    }
    Ok((session, outputs))
}

/// Opens audio for `session` (its sound bank, SYSTEM.INI's master volume and sound
/// distance); `None`, after one line naming `program`, without a bank or a device.
pub fn start_audio(program: &str, session: &Session<'static>) -> Option<audio::Audio> {
    let Some(bank) = session.sounds else {
        eprintln!("{program}: audio is off (no MAIN.SFX)");
        return None;
    };
    let c = session.world.config();
    audio::Audio::start(program, bank, c.volume, c.sound_distance)
}

/// The off-screen run: the recording's updates (all, or the first `frames`), or `frames`
/// updates (default 1) without input one BIOS tick apart from tick 0.
pub fn run_offscreen(
    session: &mut Session<'static>,
    outputs: &mut Outputs,
    frames: Option<u64>,
) -> Result<(), String> {
    let mut n = 0u64;
    while frames.is_none_or(|f| n < f) {
        let (input, bios, scale) = if session.is_replay() {
            match session.next_recorded() {
                Some(s) => s,
                None => break,
            }
        } else if n < frames.unwrap_or(1) {
            (Input::NONE, n as u32, None)
        } else {
            break;
        };
        session.step(&input, bios, scale);
        outputs.after_step(session, &input, bios)?;
        n += 1;
    }
    Ok(())
}
