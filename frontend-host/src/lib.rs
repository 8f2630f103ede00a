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
pub mod clock;
mod error;
pub mod install;
pub mod open;
pub mod outputs;
pub mod runner;

pub use args::{CONTROLS, FileArgs, RunArgs};
pub use error::HostError;
pub use open::Opened;
pub use runner::Runner;

use stros_core::session::Session;

/// Stack of the thread [`on_large_stack`] runs a program on.
pub const STACK_BYTES: usize = 64 << 20;

/// Runs `body` on a thread with a [`STACK_BYTES`] stack and returns what it returns. A
/// desktop world is about half a megabyte (its tables are fixed-size storage,
/// [`stros_core::capacity::Desktop`]) and moves by value through the core's constructors;
/// an unoptimised build copies it at every move and overflows the main thread's 8 MiB.
/// (Pages of the stack that are never touched cost nothing.)
pub fn on_large_stack<T: Send + 'static>(body: impl FnOnce() -> T + Send + 'static) -> T {
    match std::thread::Builder::new().stack_size(STACK_BYTES).spawn(body) {
        Ok(thread) => thread.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
        Err(e) => panic!("cannot start the program's thread: {e}"),
    }
}

/// The map a user's install starts on.
pub const INSTALL_MAP: &str = "ISLAND";

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
