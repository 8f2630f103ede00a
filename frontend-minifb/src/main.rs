//! `stros`: Stros in a window.
//!
//! A resizable minifb window showing the 320×200 frame at the original's 4:3, letterboxed;
//! every key goes through KEYS.INI's scancodes; fullscreen, pause, volume and screenshots.
//! The window's glue (keys by W3C code, fullscreen) is [`stros_host::window`]; the loop,
//! clock, sound, keyboard table, settings and replays are [`stros_host`]'s; the game is
//! `stros-core`.

use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use stros_host::cli::WindowArgs;
use stros_host::controls::HostKey;
use stros_host::keys::Keyboard;
use stros_host::present::Letterbox;
use stros_host::settings::Remembered;
use stros_host::window::Shown;
use stros_host::{HostError, Opened, Runner, Screen, shot};

const PROGRAM: &str = "stros";

fn main() -> ExitCode {
    let mut args = WindowArgs::parse();
    stros_host::logging::init(PROGRAM);
    let remembered = Remembered::open(&mut args.files, &mut args.run, !args.headless);
    stros_host::exit(PROGRAM, run(&args, remembered))
}

/// The run; a failure with its exit code.
fn run(args: &WindowArgs, mut remembered: Option<Remembered>) -> Result<(), (HostError, u8)> {
    let opened = Opened::open(PROGRAM, &args.files).map_err(|e| (e, 2))?;
    let runner = opened.runner(&args.files, &args.run).map_err(|e| (e, 2))?;
    let scale = Remembered::scale(remembered.as_mut(), args.scale, if args.run.high { 2 } else { 4 });
    let screen = Screen::new(args.run.high);
    let size = (screen.width * scale as usize, screen.height * scale as usize);
    let shown = match (args.headless, Shown::open(size)) {
        (true, _) => None,
        (false, Ok(shown)) => Some(shown),
        (false, Err(e)) => runner.without_window(e).map(|()| None)?,
    };
    let mut game = Game { screen, keyboard: Keyboard::for_world(&runner.session.world), runner, shots: 0 };
    let mut letterbox = Letterbox::default();
    let result = match shown {
        Some(shown) => game.play(shown, &mut letterbox),
        None => game.runner.run_offscreen().map(|()| game.screen.draw(&game.runner.session)),
    };
    let result = result.and_then(|()| game.runner.finish());
    if let Some(r) = remembered {
        r.save(game.runner.volume);
    }
    result.map_err(|e| (e, 1))?;
    let (frame, window) = (args.screenshot.as_deref(), args.window_screenshot.as_deref());
    let pixels = (&letterbox.pixels[..], letterbox.size.0);
    shot::at_exit(frame, window, &game.screen, &game.runner.session, pixels).map_err(|e| (e, 1))
}

/// The game as the window plays it.
struct Game<'a> {
    runner: Runner<'a>,
    screen: Screen,
    keyboard: Keyboard,
    shots: u32,
}

impl Game<'_> {
    /// The window's loop: its key events and focus, the update that is due, the frame
    /// letterboxed at the window's size. Ends on Esc, the window's close button, or when
    /// the run does (`--frames`, the recording's end).
    fn play(&mut self, mut shown: Shown, letterbox: &mut Letterbox) -> Result<(), HostError> {
        self.runner.start_audio();
        while shown.is_open() {
            if !self.keys(&mut shown) {
                return Ok(());
            }
            if let Some(active) = shown.focus_change() {
                self.keyboard.release_all();
                self.runner.focus(active);
            }
            let keyboard = &mut self.keyboard;
            if !self.runner.update(|| keyboard.input(), || std::thread::sleep(Duration::from_millis(5)))? {
                return Ok(());
            }
            self.screen.draw(&self.runner.session);
            letterbox.draw(&self.screen, &self.runner.session.palette, shown.size());
            shown
                .present(letterbox, self.runner.paused())
                .map_err(|e| HostError::Frontend(format!("window update failed: {e}")))?;
        }
        Ok(())
    }

    /// The keys since the last frame into the game's table, in order; a press of a host key
    /// acts. `false` when Esc asks to stop.
    fn keys(&mut self, shown: &mut Shown) -> bool {
        for e in shown.key_events() {
            self.keyboard.key(e.code, e.down);
            let key = HostKey::of(e.code, &self.keyboard).filter(|_| e.down && !e.repeat);
            match key {
                Some(HostKey::Quit) => return false,
                Some(HostKey::Fullscreen) => {
                    shown.toggle_fullscreen();
                    self.keyboard.release_all();
                }
                Some(HostKey::Screenshot) => {
                    shot::numbered(&mut self.shots, &self.screen, &self.runner.session)
                }
                Some(k) => self.runner.apply(k),
                None => {}
            }
        }
        true
    }
}
