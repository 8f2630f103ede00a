//! `stros-term`: Stros in a terminal.
//!
//! Interactive mode draws each frame with half-block characters (two pixels per cell, in
//! 24-bit colour) and the HUD as real text on the top line. `--frames N --dump` renders off
//! screen and prints the last frame as plain text, for scripts and CI. The loop, clock,
//! sound and replays are [`stros_host::Runner`]'s; the game is `stros-core`.

use std::io::{self, Write as _};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Parser;
use crossterm::event::{self, Event, KeyCode, KeyEventKind, KeyModifiers};
use crossterm::{cursor, execute, queue, style, terminal};
use stros_core::input::{Action, Input};
use stros_core::render::{Palette, hud};
use stros_host::Session;
use stros_host::cli::TermArgs;
use stros_host::{HostError, Opened, Runner, Screen};

const PROGRAM: &str = "stros-term";

/// How long a key counts as held after its last press or repeat: terminals send no
/// release events, so holding is inferred from the key-repeat stream.
const HOLD: Duration = Duration::from_millis(160);

fn main() -> ExitCode {
    let args = TermArgs::parse();
    match play(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err((e, code)) => {
            eprintln!("{PROGRAM}: {e}");
            ExitCode::from(code)
        }
    }
}

/// The run; a failure with its exit code (2: bad data or usage, 1: while running).
fn play(args: &TermArgs) -> Result<(), (HostError, u8)> {
    let opened = Opened::open(PROGRAM, &args.files).map_err(|e| (e, 2))?;
    let mut runner = Runner::new(opened.session(PROGRAM).map_err(|e| (e, 2))?, &args.files, &args.run);
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

/// The text above the picture: the status line with the player's health (the candle's
/// number), then with the debug lines on the `object coord` start and current positions and
/// the camera's and the player's `World`/`Player` pose lines.
fn hud_lines(session: &Session<'_>) -> Vec<String> {
    let mut lines = vec![format!("{}  health {}", session.status_line(), session.health())];
    if session.debug_overlay {
        let now = session.world.selected_player().map_or([0; 3], |p| p.position);
        lines.push(hud::object_coord("start", session.start).to_string());
        lines.push(hud::object_coord("now", now).to_string());
        lines.extend(session.pose_lines().iter().map(|l| l.to_string()));
    }
    lines
}

/// The dump: one character per 16-entry palette ramp (the embedded palette's layout), so
/// it reads as a picture: sky blank, sea `~`, sand `:`, grass `"`, rock `#`, plaster `+`, …
fn dump(session: &Session<'_>, screen: &Screen, cols: usize, rows: usize) -> String {
    const GLYPHS: [char; 16] =
        ['@', ' ', '~', ':', '"', '#', ',', '=', 'o', '%', '&', '$', '+', '^', '#', '*'];
    let mut out: String = hud_lines(session).iter().map(|l| format!("{l}\n")).collect();
    for r in 0..rows {
        let y = (r * 2 + 1) * screen.height / (rows * 2);
        out.extend(
            (0..cols).map(|c| GLYPHS[(screen.at((c * 2 + 1) * screen.width / (cols * 2), y) >> 4) as usize]),
        );
        out.push('\n');
    }
    out
}

fn term(e: io::Error) -> HostError {
    HostError::Frontend(format!("terminal: {e}"))
}

fn interactive(runner: &mut Runner<'_>, screen: &mut Screen) -> Result<(), HostError> {
    let mut out = io::stdout();
    terminal::enable_raw_mode().map_err(term)?;
    execute!(out, terminal::EnterAlternateScreen, cursor::Hide).map_err(term)?;
    let result = run(runner, screen, &mut out);
    execute!(out, style::ResetColor, cursor::Show, terminal::LeaveAlternateScreen).map_err(term)?;
    terminal::disable_raw_mode().map_err(term)?;
    result
}

/// The keys a terminal reports, as the actions they hold: W/S/A/D and the arrows move,
/// Space jumps, L looks, a capital letter (Shift) holds the walk/run key too.
fn key_action(code: KeyCode) -> Option<(Action, bool)> {
    let (c, shift) = match code {
        KeyCode::Char(c) => (c.to_ascii_lowercase(), c.is_ascii_uppercase()),
        KeyCode::Up => ('w', false),
        KeyCode::Down => ('s', false),
        KeyCode::Left => ('a', false),
        KeyCode::Right => ('d', false),
        _ => return None,
    };
    // In KEYS.INI order: up, down, left, right, (the walk key: Shift), jump, look.
    let k = "wsad\0 l".find(c)?;
    Some((Action::ALL[k], shift))
}

fn run(runner: &mut Runner<'_>, screen: &mut Screen, out: &mut io::Stdout) -> Result<(), HostError> {
    runner.start_audio(PROGRAM);
    // When each action (up, down, left, right, the walk/run key, jump, look) was last reported.
    let mut last_seen = [None::<Instant>; 7];
    loop {
        let mut tab = false;
        while event::poll(Duration::from_millis(0)).map_err(term)? {
            let Event::Key(k) = event::read().map_err(term)? else { continue };
            match k.code {
                _ if k.kind == KeyEventKind::Release => {}
                KeyCode::Char('q') | KeyCode::Esc => return Ok(()),
                KeyCode::Char('c') if k.modifiers.contains(KeyModifiers::CONTROL) => return Ok(()),
                KeyCode::Tab => tab = true,
                KeyCode::F(1) => runner.session.debug_overlay = !runner.session.debug_overlay,
                code => {
                    if let Some((action, shift)) = key_action(code) {
                        last_seen[action as usize] = Some(Instant::now());
                        if shift || k.modifiers.contains(KeyModifiers::SHIFT) {
                            last_seen[4] = Some(Instant::now());
                        }
                    }
                }
            }
        }
        let live = || {
            let held = |i: usize| last_seen[i].is_some_and(|t| t.elapsed() < HOLD);
            let mut input = Input { held: 0, toggle_walk_mode: tab };
            for (i, &action) in Action::ALL[..7].iter().enumerate() {
                input.set(action, held(i));
            }
            input
        };
        if !runner.update(live, || std::thread::sleep(Duration::from_millis(5)))? {
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
