//! `stros-tools replay`: runs a scenario (or a frontend's recording) headless and prints
//! one JSON object per update. The scenario opens through [`Opened::scenario`], the one
//! function the frontends' `--replay` uses too, so the traces are the same byte for byte.
//!
//! The trace fields: `update`, `bios`, `scale`, `nominal_ticks`, `fine_ticks`,
//! `measured_fps`, `smoothed_fps`; for the player `pos` and `prev` (runtime units),
//! `heading`, `phase`, `group`, `pending`, `cursor`, `marker`, `surface`, `support` and
//! `probe` (`kind`, `class`, `normal`, `height`; `probe` is null when no forward probe ran),
//! `blocked`, `falling`, `queued`, `living`, `response`; and `events`.

use std::path::Path;

use stros_core::capacity::Capacity;
use stros_core::world::{StepReport, World};
use stros_host::{HostError, Opened};

/// The trace line of the update `report` left in `world` ([`stros_core::trace::trace_line`]).
pub fn trace_line<C: Capacity>(world: &World<'_, C>, report: &StepReport) -> String {
    let mut s = String::new();
    let _ = stros_core::trace::trace_line(&mut s, world, report);
    s
}

/// Replays every recorded update of `session` (opened from `opened`); the trace, one line
/// per update. A death outcome restarts the session from `opened` after its line, as the
/// frontends' runner does ([`stros_host::Runner::restarting_from`]).
pub fn trace<'s>(opened: &'s Opened, session: &mut stros_host::Session<'s>) -> Result<String, HostError> {
    let mut out = String::new();
    while let Some(u) = session.next_recorded() {
        session.step(&u.input, u.bios, u.scale);
        out.push_str(&trace_line(&session.world, session.world.report()));
        out.push('\n');
        opened.follow(session)?;
        if session.world.report().outcome == Some(stros_core::player::death::OUTCOME_DEATH) {
            opened.restart(session)?;
        }
    }
    Ok(out)
}

/// The scenario `text` opened as if read from a file in `dir` (its relative paths resolve
/// there).
pub fn open(text: &str, dir: &Path) -> Result<Opened, HostError> {
    Opened::scenario_text(text.to_string(), &dir.join("scenario.toml"))
}

/// Runs the scenario `text` (relative paths resolve against `dir`) and returns the trace.
pub fn run(text: &str, dir: &Path) -> Result<String, HostError> {
    let opened = open(text, dir)?;
    let mut session = opened.session()?;
    trace(&opened, &mut session)
}

/// `stros-tools replay FILE --digest`: the digests of the scenario's trace and of its last
/// frame drawn at 320×200 every eighth update ([`stros_core::session::Session::replay_digests`]), as
/// `frontend-mcu` prints them. The frame is drawn whole here (the microcontroller draws it
/// in bands): the two pictures are the same.
pub fn digest(path: &Path) -> Result<stros_core::session::Digests, HostError> {
    use stros_core::render::{Framebuffer, HEIGHT, WIDTH};
    let opened = Opened::scenario(path)?;
    let mut session = opened.session()?;
    let mut pixels = vec![0u8; WIDTH * HEIGHT];
    let mut depth = vec![0f32; WIDTH * HEIGHT];
    let Some(mut fb) = Framebuffer::new(&mut pixels, WIDTH, HEIGHT) else {
        unreachable!("320×200 is a valid framebuffer")
    };
    Ok(session.replay_digests(&mut fb, &mut depth, HEIGHT))
}

/// `stros-tools replay FILE`: the trace of the scenario in `FILE`.
pub fn command(path: &Path) -> Result<String, HostError> {
    let opened = Opened::scenario(path)?;
    let mut session = opened.session()?;
    trace(&opened, &mut session)
}
