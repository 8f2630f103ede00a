//! The host side both frontends share. [`Opened`] owns what a run plays (the embedded
//! island, a user's install with `--data`, or a scenario or recording to replay, with the
//! files it replaces); the session borrows it. [`Runner`] owns the loop around the session:
//! the PIT/BIOS clock shim ([`clock`]), recorded or live input, replay pacing, the
//! `--record` and `--trace` files ([`outputs`]) and sound ([`audio`], feature `audio`).
//! The frontends keep only their window or terminal, their keyboard and presenting
//! frames; the game stays in `stros-core`.

pub mod args;
#[cfg(feature = "audio")]
pub mod audio;
pub mod cli;
pub mod clock;
pub mod controls;
mod error;
#[cfg(feature = "gamepad")]
pub mod gamepad;
pub mod heap;
pub mod held;
pub mod install;
pub mod keys;
pub mod logging;
pub mod open;
pub mod outputs;
pub mod present;
pub mod runner;
pub mod saves;
pub mod settings;
pub mod shot;
pub mod text;
pub mod wav;
#[cfg(feature = "window")]
pub mod window;

pub use args::{CONTROLS, FileArgs, RunArgs};
pub use error::HostError;
pub use heap::{Desktop, Heap};
pub use open::Opened;
pub use runner::Runner;

/// The session the frontends play: the core's with its tables on the heap ([`heap`]).
pub type Session<'a> = stros_core::session::Session<'a, Desktop>;

/// The world the frontends play ([`Session::world`]).
pub type World<'a> = stros_core::world::World<'a, Desktop>;

/// The map a user's install starts on.
pub const INSTALL_MAP: &str = "ISLAND";

/// A frontend's exit: success, or the error after `program` on stderr with its code (2:
/// bad data or usage, 1: while running).
pub fn exit(program: &str, result: Result<(), (HostError, u8)>) -> std::process::ExitCode {
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err((e, code)) => {
            eprintln!("{program}: {e}");
            std::process::ExitCode::from(code)
        }
    }
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
