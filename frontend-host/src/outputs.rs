//! The files a run writes as it goes: the `--record` recording and the `--trace` lines.

use std::path::PathBuf;

use crate::Session;
use stros_core::input::Input;
use stros_core::recording::Recorder;
use stros_core::trace::trace_line;

use crate::HostError;

/// A recording being written.
#[derive(Debug)]
struct Recording {
    path: PathBuf,
    text: String,
    recorder: Recorder,
    /// The BIOS tick of the previous update (`None` before the first).
    last_bios: Option<u32>,
}

/// A trace being written.
#[derive(Debug)]
struct Trace {
    path: PathBuf,
    text: String,
}

/// The recording and trace being written.
#[derive(Debug, Default)]
pub struct Outputs {
    record: Option<Recording>,
    trace: Option<Trace>,
}

fn formatting(path: &std::path::Path) -> impl Fn(std::fmt::Error) -> HostError + '_ {
    move |_| HostError::io(path, std::io::Error::other("formatting failed"))
}

impl Outputs {
    /// Writes a recording to `record` and a trace to `trace`, when given, at the end.
    pub fn new(record: Option<PathBuf>, trace: Option<PathBuf>) -> Outputs {
        Outputs {
            record: record.map(|path| Recording {
                path,
                text: String::new(),
                recorder: Recorder::default(),
                last_bios: None,
            }),
            trace: trace.map(|path| Trace { path, text: String::new() }),
        }
    }

    /// Notes an update of `session` that just ran with `input` at BIOS tick `bios`.
    pub fn after_step(&mut self, session: &Session<'_>, input: &Input, bios: u32) -> Result<(), HostError> {
        let world = &session.world;
        if let Some(r) = &mut self.record {
            if r.last_bios.is_none() {
                Recorder::header(&mut r.text, &session.origin, bios).map_err(formatting(&r.path))?;
            }
            let elapsed = r.last_bios.map_or(0, |l| bios.wrapping_sub(l));
            r.last_bios = Some(bios);
            r.recorder.record(&mut r.text, elapsed, *input).map_err(formatting(&r.path))?;
        }
        if let Some(t) = &mut self.trace {
            trace_line(&mut t.text, world, world.report()).map_err(formatting(&t.path))?;
            t.text.push('\n');
        }
        Ok(())
    }

    /// Writes the files (a recording of no update still gets `session`'s header).
    pub fn finish(&mut self, session: &Session<'_>) -> Result<(), HostError> {
        if let Some(mut r) = self.record.take() {
            if r.last_bios.is_none() {
                Recorder::header(&mut r.text, &session.origin, 0).map_err(formatting(&r.path))?;
            }
            r.recorder.finish(&mut r.text).map_err(formatting(&r.path))?;
            std::fs::write(&r.path, r.text).map_err(|e| HostError::io(&r.path, e))?;
        }
        if let Some(t) = self.trace.take() {
            std::fs::write(&t.path, t.text).map_err(|e| HostError::io(&t.path, e))?;
        }
        Ok(())
    }
}
