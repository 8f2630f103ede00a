//! `stros-term`: Stros in a terminal.
//!
//! Interactive mode draws each frame with half-block characters (two pixels per cell, in
//! 24-bit colour) and the HUD as real text on the top line. `--frames N --dump` renders off
//! screen and prints the last frame as plain text, for scripts and CI. The loop, clock,
//! sound and replays are [`stros_host::Runner`]'s; the game is `stros-core`. A key is held
//! from press to release where the terminal reports releases, else a moment after each
//! press or repeat ([`stros_host::held`]).

use std::io::{self, Write as _};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Parser;
use crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, ModifierKeyCode};
use crossterm::{cursor, execute, queue, style, terminal};
use stros_core::input::Action;
use stros_core::render::Palette;
use stros_host::cli::TermArgs;
use stros_host::held::Held;
use stros_host::settings::Remembered;
use stros_host::text::{dump, hud_lines};
use stros_host::{HostError, Opened, Runner, Screen};

const PROGRAM: &str = "stros-term";

fn main() -> ExitCode {
    let mut args = TermArgs::parse();
    stros_host::logging::init(PROGRAM);
    let remembered = Remembered::open(&mut args.files, &mut args.run, !args.dump);
    let result = play(&args);
    if let Some(r) = remembered {
        r.save(stros_host::settings::Volume::of(&args.run));
    }
    stros_host::exit(PROGRAM, result)
}

/// The run; a failure with its exit code (2: bad data or usage, 1: while running).
fn play(args: &TermArgs) -> Result<(), (HostError, u8)> {
    let opened = Opened::open(PROGRAM, &args.files).map_err(|e| (e, 2))?;
    let mut runner = opened.runner(&args.files, &args.run).map_err(|e| (e, 2))?;
    let mut screen = Screen::new(args.run.high);
    let result = if args.dump {
        runner.run_offscreen().map(|()| {
            screen.draw(&runner.session);
            print!("{}", dump(&runner.session, &screen, args.cols as usize, args.rows as usize));
        })
    } else {
        interactive(&mut runner, &mut screen)
    };
    result.and_then(|()| runner.finish()).map_err(|e| (e, 1))
}

fn term(e: io::Error) -> HostError {
    HostError::Frontend(format!("terminal: {e}"))
}

fn interactive(runner: &mut Runner<'_>, screen: &mut Screen) -> Result<(), HostError> {
    // Before the alternate screen, so that a line saying the sound is off stays readable.
    runner.start_audio();
    let mut out = io::stdout();
    let play = Play::enter(&mut out).map_err(term)?;
    run(runner, screen, &mut out, Held::new(play.releases))
}

/// The terminal set up for play while this lives: raw input, the alternate screen, no
/// cursor, and where the terminal speaks the kitty keyboard protocol, key releases. Dropping
/// it, also on an error or a panic, puts the terminal back.
struct Play {
    releases: bool,
}

impl Play {
    fn enter(out: &mut io::Stdout) -> io::Result<Play> {
        terminal::enable_raw_mode()?;
        let mut play = Play { releases: false };
        execute!(out, terminal::EnterAlternateScreen, cursor::Hide)?;
        // After entering: the protocol keeps one stack of flags per screen. Reporting every
        // key as an escape code makes Shift a key of its own, with its own release.
        if terminal::supports_keyboard_enhancement().unwrap_or(false) {
            use event::KeyboardEnhancementFlags as F;
            play.releases = true;
            let flags =
                F::DISAMBIGUATE_ESCAPE_CODES | F::REPORT_EVENT_TYPES | F::REPORT_ALL_KEYS_AS_ESCAPE_CODES;
            execute!(out, event::PushKeyboardEnhancementFlags(flags))?;
        }
        Ok(play)
    }
}

impl Drop for Play {
    fn drop(&mut self) {
        let mut out = io::stdout();
        if self.releases {
            let _ = execute!(out, event::PopKeyboardEnhancementFlags);
        }
        let _ = execute!(out, style::ResetColor, cursor::Show, terminal::LeaveAlternateScreen);
        let _ = terminal::disable_raw_mode();
    }
}

/// The keys a terminal reports, as the actions they hold: W/S/A/D and the arrows move,
/// Space jumps, L looks, E activates, `.` and `,` step the item; Shift is the walk/run key,
/// and a capital letter is Shift as well, for terminals that report Shift only on the keys
/// held with it.
fn key_action(code: KeyCode) -> Option<(Action, bool)> {
    let (c, shift) = match code {
        KeyCode::Char(c) => (c.to_ascii_lowercase(), c.is_ascii_uppercase()),
        KeyCode::Up => ('w', false),
        KeyCode::Down => ('s', false),
        KeyCode::Left => ('a', false),
        KeyCode::Right => ('d', false),
        KeyCode::Modifier(ModifierKeyCode::LeftShift | ModifierKeyCode::RightShift) => ('\0', false),
        _ => return None,
    };
    // In `Action::ALL` order: up, down, left, right, the walk/run key, jump, look,
    // activate, the next and previous item.
    let k = "wsad\0 le.,".find(c)?;
    Some((Action::ALL[k], shift))
}

/// What key event `k` at `now` holds or lets go. Shift seen on another key counts only
/// without releases: with them, Shift's own press and release decide.
fn hold(held: &mut Held, k: KeyEvent, now: Instant) {
    let Some((action, shift)) = key_action(k.code) else { return };
    match k.kind {
        KeyEventKind::Release => held.release(action),
        _ => held.press(action, now),
    }
    if !held.releases() && (shift || k.modifiers.contains(KeyModifiers::SHIFT)) {
        held.press(Action::Walk, now);
    }
}

fn run(
    runner: &mut Runner<'_>,
    screen: &mut Screen,
    out: &mut io::Stdout,
    mut held: Held,
) -> Result<(), HostError> {
    loop {
        let mut tab = false;
        while event::poll(Duration::ZERO).map_err(term)? {
            let Event::Key(k) = event::read().map_err(term)? else { continue };
            let press = k.kind == KeyEventKind::Press;
            match k.code {
                KeyCode::Char('q') | KeyCode::Esc if press => return Ok(()),
                KeyCode::Char('c') if press && k.modifiers.contains(KeyModifiers::CONTROL) => return Ok(()),
                KeyCode::Tab => tab |= press,
                KeyCode::F(1) if press => runner.session.debug_overlay = !runner.session.debug_overlay,
                KeyCode::F(5) if press => runner.apply(stros_host::controls::HostKey::Save),
                KeyCode::F(8) if press => runner.apply(stros_host::controls::HostKey::Load),
                _ => hold(&mut held, k, Instant::now()),
            }
        }
        if !runner
            .update(|| held.input(Instant::now(), tab), || std::thread::sleep(Duration::from_millis(5)))?
        {
            return Ok(());
        }
        screen.draw(&runner.session);
        present(&hud_lines(&runner.session), screen, &runner.session.palette, out).map_err(term)?;
        std::thread::sleep(Duration::from_millis(30));
    }
}

/// Half-block output: each cell shows the upper pixel as foreground of `▀` and the lower
/// one as background, scaled to the terminal; the HUD is the text lines above it.
fn present(hud: &[String], screen: &Screen, palette: &Palette, out: &mut io::Stdout) -> io::Result<()> {
    let (cols, rows) = terminal::size()?;
    let top = hud.len();
    let (cols, rows) = (cols.max(1) as usize, (rows as usize).max(top + 1) - top);
    let rgb = |i: u8| {
        let [r, g, b] = palette.rgb[i as usize];
        style::Color::Rgb { r, g, b }
    };
    for (i, line) in hud.iter().enumerate() {
        queue!(out, cursor::MoveTo(0, i as u16), style::ResetColor)?;
        queue!(out, terminal::Clear(terminal::ClearType::CurrentLine), style::Print(line.as_str()))?;
    }
    for r in 0..rows {
        queue!(out, cursor::MoveTo(0, (r + top) as u16))?;
        let (y_top, y_bottom) =
            ((r * 2) * screen.height / (rows * 2), (r * 2 + 1) * screen.height / (rows * 2));
        for c in 0..cols {
            let x = c * screen.width / cols;
            let (fg, bg) = (rgb(screen.at(x, y_top)), rgb(screen.at(x, y_bottom)));
            queue!(out, style::SetForegroundColor(fg), style::SetBackgroundColor(bg), style::Print('▀'))?;
        }
    }
    out.flush()
}
