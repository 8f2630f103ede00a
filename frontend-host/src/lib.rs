//! Host-side glue both frontends share: the session over the embedded world, a user's
//! install (`--data DIR`, [`install`]) or a recording to replay; the files a session writes
//! as it runs — the `--record` recording and the `--trace` JSON lines; and sound output
//! ([`audio`], feature `audio`). Windows, terminals, keyboards and clocks stay in the
//! frontends; the game stays in `stros-core`.

#[cfg(feature = "audio")]
pub mod audio;
pub mod install;

use std::path::PathBuf;

use stros_core::config::SystemConfig;
use stros_core::embedded::MAP;
use stros_core::files::Embedded;
use stros_core::input::{Bindings, Input};
use stros_core::recording::Recorder;
use stros_core::scenario::Scenario;
use stros_core::session::{Session, SessionError};
use stros_core::trace::trace_line;

use install::Install;

/// The file options every frontend takes.
#[derive(Clone, Debug, Default)]
pub struct FileOptions {
    /// `--data DIR`: a Redguard install.
    pub data: Option<PathBuf>,
    /// `--map NAME` (default ISLAND with `--data`, the embedded HARBOUR without).
    pub map: Option<String>,
    /// `--marker N` (default 0).
    pub marker: Option<usize>,
    /// `--record FILE`.
    pub record: Option<PathBuf>,
    /// `--replay FILE`.
    pub replay: Option<PathBuf>,
    /// `--trace FILE`.
    pub trace: Option<PathBuf>,
}

impl FileOptions {
    /// Takes `flag` (and its value from `args`) when it is one of these options: `Ok(true)`
    /// when taken, `Ok(false)` when the flag is another one, an error for a missing or bad
    /// value.
    pub fn take(&mut self, flag: &str, args: &mut impl Iterator<Item = String>) -> Result<bool, String> {
        let mut value = || args.next().ok_or_else(|| format!("{flag} needs a value"));
        match flag {
            "--data" => self.data = Some(value()?.into()),
            "--map" => self.map = Some(value()?),
            "--marker" => {
                let v = value()?;
                self.marker = Some(v.parse().map_err(|_| format!("--marker: `{v}` is not a marker number"))?);
            }
            "--record" => self.record = Some(value()?.into()),
            "--replay" => self.replay = Some(value()?.into()),
            "--trace" => self.trace = Some(value()?.into()),
            _ => return Ok(false),
        }
        Ok(true)
    }
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

/// The map a user's install starts on.
pub const INSTALL_MAP: &str = "ISLAND";

fn leak<T>(value: T) -> &'static T {
    Box::leak(Box::new(value))
}

/// Opens an install, checks what the map needs (printing warnings for what is missing but
/// optional, prefixed by `program`), and reads its SYSTEM.INI and KEYS.INI.
fn open_install(program: &str, dir: &std::path::Path, map: &str) -> Result<&'static Install, String> {
    let install = leak(Install::open(dir)?);
    for w in install.check(map)? {
        eprintln!("{program}: {w}");
    }
    Ok(install)
}

/// Opens the session the options ask for: the embedded island (or a user's install with
/// `--data`) with the player at `--marker` (default 0), or the recording to replay (whose
/// world is `"embedded"` or an install directory).
pub fn open(program: &str, opts: &FileOptions) -> Result<(Box<Session<'static>>, Outputs), String> {
    let session = Box::new(match &opts.replay {
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
            let text: &'static str = Box::leak(text.into_boxed_str());
            let scenario = Scenario::parse(text).map_err(|e| format!("{}: {e}", path.display()))?;
            let at = |e: SessionError| format!("{}: {e}", path.display());
            if scenario.world.eq_ignore_ascii_case("embedded") {
                Session::replay(&Embedded, MAP, &scenario).map_err(at)?
            } else {
                let map = scenario.map.unwrap_or(INSTALL_MAP);
                let install = open_install(program, std::path::Path::new(scenario.world), map)?;
                Session::replay(install, map, &scenario).map_err(|e| install.describe(e))?
            }
        }
        None => match &opts.data {
            Some(dir) => {
                let map = opts.map.as_deref().unwrap_or(INSTALL_MAP).to_ascii_uppercase();
                let install = open_install(program, dir, &map)?;
                let mut s = Session::start(
                    install,
                    &map,
                    install.config()?,
                    install.bindings()?,
                    opts.marker.unwrap_or(0),
                )
                .map_err(|e| install.describe(e))?;
                for name in s.world.missing_models() {
                    eprintln!("{program}: no model {name} (.3DC or .3D): its actors are not drawn");
                }
                let world: &'static str = Box::leak(dir.display().to_string().into_boxed_str());
                let map: &'static str = Box::leak(map.into_boxed_str());
                s.origin.world = world;
                s.origin.map = Some(map);
                s
            }
            None => Session::start(
                &Embedded,
                opts.map.as_deref().unwrap_or(MAP),
                SystemConfig::installed(),
                Bindings::default(),
                opts.marker.unwrap_or(0),
            )
            .map_err(|e| e.to_string())?,
        },
    });
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
#[cfg(feature = "audio")]
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

/// The frame a frontend draws into: 320×200, or 640×400 with `--high`, as palette indices
/// plus the depth buffer the renderer needs.
pub struct Screen {
    /// Width in pixels.
    pub width: usize,
    /// Height in pixels.
    pub height: usize,
    /// The last frame drawn, row by row.
    pub pixels: Vec<u8>,
    depth: Vec<f32>,
}

impl Screen {
    /// A blank frame at the original's resolution, or twice it each way when `high`.
    pub fn new(high: bool) -> Screen {
        use stros_core::render::{HEIGHT, HEIGHT_HIGH, WIDTH, WIDTH_HIGH};
        let (width, height) = if high { (WIDTH_HIGH, HEIGHT_HIGH) } else { (WIDTH, HEIGHT) };
        Screen { width, height, pixels: vec![0; width * height], depth: vec![0.0; width * height] }
    }

    /// Draws `session` (world and HUD) into the frame.
    pub fn draw(&mut self, session: &Session<'_>) {
        let mut fb = stros_core::render::Framebuffer::new(&mut self.pixels, self.width, self.height)
            .expect("the buffer is sized for the frame");
        session.draw(&mut fb, &mut self.depth);
    }

    /// The palette index at `(x, y)`.
    pub fn at(&self, x: usize, y: usize) -> u8 {
        self.pixels[y * self.width + x]
    }
}
