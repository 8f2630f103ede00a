//! The files a run writes as it goes: the `--record` recording and the `--trace` lines.
//! Both are written update by update, so a run that crashes leaves a recording that
//! replays to the trace it left: every finished update entry is on disk at once, and the
//! one still open (identical updates are merged into one `repeat` entry) is kept where a
//! panic hook appends it before the program ends, naming the file.

use std::fs::File;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use crate::Session;
use stros_core::input::Input;
use stros_core::recording::Recorder;
use stros_core::trace::trace_line;

use crate::HostError;

/// A recording being written.
#[derive(Debug)]
struct Recording {
    path: PathBuf,
    file: Option<File>,
    recorder: Recorder,
    /// The BIOS tick of the previous update (`None` before the first).
    last_bios: Option<u32>,
}

/// A trace being written.
#[derive(Debug)]
struct Trace {
    path: PathBuf,
    file: Option<File>,
}

/// The session's record kept in memory: what a save's `STRS` chunk holds
/// ([`stros_core::save`]), the recording format from the session's start.
#[derive(Debug, Default)]
pub struct Journal {
    text: String,
    recorder: Recorder,
    last_bios: Option<u32>,
}

impl Journal {
    /// A journal that goes on from `text`, a complete record whose last update ran at BIOS
    /// tick `last_bios` (a loaded save's).
    pub fn continuing(text: &str, last_bios: u32) -> Journal {
        Journal { text: text.to_string(), recorder: Recorder::default(), last_bios: Some(last_bios) }
    }

    /// Notes an update that ran with `input` at `bios`.
    fn note(&mut self, session: &Session<'_>, input: &Input, bios: u32) -> std::fmt::Result {
        if self.last_bios.is_none() {
            Recorder::header(&mut self.text, &session.origin, bios)?;
        }
        let elapsed = self.last_bios.map_or(0, |l| bios.wrapping_sub(l));
        self.last_bios = Some(bios);
        self.recorder.record(&mut self.text, elapsed, *input)
    }

    /// The record so far, complete (a session of no update: its header alone).
    pub fn record(&self, session: &Session<'_>) -> String {
        let mut text = self.text.clone();
        if self.last_bios.is_none() {
            let _ = Recorder::header(&mut text, &session.origin, 0);
        }
        let _ = self.recorder.clone().finish(&mut text);
        text
    }
}

/// The recording and trace being written, and the journal.
#[derive(Debug, Default)]
pub struct Outputs {
    record: Option<Recording>,
    trace: Option<Trace>,
    /// The session's record, for a save.
    pub journal: Journal,
}

/// What a panic must still append to the recording: its path and the open entry (a
/// program writes one recording at a time).
static OPEN_ENTRY: Mutex<Option<(PathBuf, String)>> = Mutex::new(None);

fn formatting(path: &Path) -> impl Fn(std::fmt::Error) -> HostError + '_ {
    move |_| HostError::io(path, std::io::Error::other("formatting failed"))
}

/// Appends `text` to `file` (created at `path` on first use) and flushes it.
fn append(file: &mut Option<File>, path: &Path, text: &str) -> Result<(), HostError> {
    if file.is_none() {
        *file = Some(File::create(path).map_err(|e| HostError::io(path, e))?);
    }
    let Some(f) = file.as_mut() else { return Ok(()) };
    f.write_all(text.as_bytes()).and_then(|()| f.flush()).map_err(|e| HostError::io(path, e))
}

/// Installs, once, the panic hook that completes the recording being written (its open
/// entry) and names it before the usual panic message.
fn install_panic_hook() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if let Ok(mut open) = OPEN_ENTRY.try_lock()
                && let Some((path, entry)) = open.take()
            {
                let done = std::fs::OpenOptions::new()
                    .append(true)
                    .open(&path)
                    .and_then(|mut f| f.write_all(entry.as_bytes()));
                if done.is_ok() {
                    eprintln!("the recording so far is {}: replay it with --replay", path.display());
                }
            }
            previous(info);
        }));
    });
}

impl Outputs {
    /// Writes a recording to `record` and a trace to `trace`, when given, as the run goes.
    pub fn new(record: Option<PathBuf>, trace: Option<PathBuf>) -> Outputs {
        if record.is_some() {
            install_panic_hook();
        }
        Outputs {
            record: record.map(|path| Recording {
                path,
                file: None,
                recorder: Recorder::default(),
                last_bios: None,
            }),
            trace: trace.map(|path| Trace { path, file: None }),
            journal: Journal::default(),
        }
    }

    /// A loaded game goes on from `record`, a complete record whose last update ran at BIOS
    /// tick `last_bios`: the journal continues it, and a `--record` file is started again
    /// with it, so that the recording of a loaded game replays from the session's start.
    pub fn loaded(&mut self, record: &str, last_bios: u32) -> Result<(), HostError> {
        self.journal = Journal::continuing(record, last_bios);
        if let Some(r) = &mut self.record {
            r.file = Some(File::create(&r.path).map_err(|e| HostError::io(&r.path, e))?);
            (r.recorder, r.last_bios) = (Recorder::default(), Some(last_bios));
            append(&mut r.file, &r.path, record)?;
        }
        Ok(())
    }

    /// Notes an update of `session` that just ran with `input` at BIOS tick `bios`.
    pub fn after_step(&mut self, session: &Session<'_>, input: &Input, bios: u32) -> Result<(), HostError> {
        let world = &session.world;
        let _ = self.journal.note(session, input, bios);
        if let Some(r) = &mut self.record {
            let mut text = String::new();
            if r.last_bios.is_none() {
                Recorder::header(&mut text, &session.origin, bios).map_err(formatting(&r.path))?;
            }
            let elapsed = r.last_bios.map_or(0, |l| bios.wrapping_sub(l));
            r.last_bios = Some(bios);
            r.recorder.record(&mut text, elapsed, *input).map_err(formatting(&r.path))?;
            append(&mut r.file, &r.path, &text)?;
            let mut open = String::new();
            r.recorder.clone().finish(&mut open).map_err(formatting(&r.path))?;
            if let Ok(mut o) = OPEN_ENTRY.lock() {
                *o = Some((r.path.clone(), open));
            }
        }
        if let Some(t) = &mut self.trace {
            let mut line = String::new();
            trace_line(&mut line, world, world.report()).map_err(formatting(&t.path))?;
            line.push('\n');
            append(&mut t.file, &t.path, &line)?;
        }
        Ok(())
    }

    /// Completes the files (a recording of no update still gets `session`'s header, a trace
    /// of none is empty).
    pub fn finish(&mut self, session: &Session<'_>) -> Result<(), HostError> {
        if let Some(mut r) = self.record.take() {
            if let Ok(mut o) = OPEN_ENTRY.lock() {
                *o = None;
            }
            let mut text = String::new();
            if r.last_bios.is_none() {
                Recorder::header(&mut text, &session.origin, 0).map_err(formatting(&r.path))?;
            }
            r.recorder.finish(&mut text).map_err(formatting(&r.path))?;
            append(&mut r.file, &r.path, &text)?;
        }
        if let Some(mut t) = self.trace.take() {
            append(&mut t.file, &t.path, "")?;
        }
        Ok(())
    }
}
