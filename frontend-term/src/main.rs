//! `stros-term`: Stros in a terminal.
//!
//! Interactive mode draws each frame with half-block characters (two pixels per cell, in
//! 24-bit colour) and the HUD as real text on the top line. `--frames N --dump` renders off
//! screen and prints the last frame as plain text, for scripts and CI. The game itself is
//! `stros-core`'s `World::step`, driven through the same session as the window.

use std::io::{self, Write as _};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use crossterm::event::{self, Event, KeyCode, KeyEventKind, KeyModifiers};
use crossterm::{cursor, execute, queue, style, terminal};
use stros_core::input::{Action, Input};
use stros_core::render::{Palette, hud};
use stros_core::session::Session;
use stros_core::timing::bios_ticks_from_micros;
use stros_host::{FileOptions, Outputs, Screen};

const PROGRAM: &str = "stros-term";

const USAGE: &str = "\
stros-term — Stros in a terminal

USAGE:
    stros-term [OPTIONS]

OPTIONS:
    --data DIR      play a Redguard install (the GOG layout) instead of the
                    embedded island
    --map NAME      the map to load (default ISLAND with --data, else HARBOUR)
    --marker N      enter at map marker N (default 0)
    --frames N      stop after N frames
    --dump          render off-screen (one BIOS tick per frame, or the recording's
                    updates with --replay) and print the last frame as plain text:
                    the HUD line, then the picture
    --cols N        width of the dump in characters (default 80)
    --rows N        height of the dump picture in lines (default 25)
    --high          draw at 640×400 instead of the original's 320×200 (finer
                    detail in large terminals and dumps)
    --debug         add the `object coord` start and current positions under
                    the HUD line (F1 toggles it)
    --record FILE   write the input and BIOS tick of every update to FILE
    --replay FILE   play a recording (or scenario) instead of the keyboard
    --trace FILE    write one JSON line per update (as `stros-tools replay`)
    -h, --help      this text

CONTROLS:
    W / Up      forward           A / Left    turn left
    S / Down    backward          D / Right   turn right
    Shift+W/S/A/D   walk instead of run (or run, after Tab)
    Tab         toggle walk mode
    F1          toggle the debug lines
    q / Esc     quit
";

/// How long a key counts as held after its last press or repeat: terminals send no
/// release events, so holding is inferred from the key-repeat stream.
const HOLD: Duration = Duration::from_millis(160);

struct Options {
    frames: Option<u64>,
    dump: bool,
    cols: usize,
    rows: usize,
    high: bool,
    debug: bool,
    files: FileOptions,
}

fn parse_args() -> Result<Options, String> {
    let mut o = Options {
        frames: None,
        dump: false,
        cols: 80,
        rows: 25,
        high: false,
        debug: false,
        files: FileOptions::default(),
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        if o.files.take(&a, &mut args)? {
            continue;
        }
        let mut count = |name: &str| -> Result<u64, String> {
            let v = args.next().ok_or_else(|| format!("{name} needs a value"))?;
            v.parse().map_err(|_| format!("{name}: `{v}` is not a count"))
        };
        match a.as_str() {
            "--frames" => o.frames = Some(count("--frames")?),
            "--dump" => o.dump = true,
            "--high" => o.high = true,
            "--debug" => o.debug = true,
            "--cols" => o.cols = count("--cols")?.clamp(8, 1000) as usize,
            "--rows" => o.rows = count("--rows")?.clamp(4, 1000) as usize,
            "-h" | "--help" => {
                print!("{USAGE}");
                std::process::exit(0);
            }
            other => return Err(format!("unknown option `{other}`")),
        }
    }
    Ok(o)
}

fn main() -> ExitCode {
    let opts = match parse_args() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("stros-term: {e}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let (mut session, mut outputs) = match stros_host::open(PROGRAM, &opts.files) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("stros-term: {e}");
            return ExitCode::from(2);
        }
    };
    let mut screen = Screen::new(opts.high);
    let mut debug = opts.debug;
    let result = if opts.dump {
        stros_host::run_offscreen(&mut session, &mut outputs, opts.frames).map(|()| {
            screen.draw(&session);
            print!("{}", dump(&session, &screen, debug, opts.cols, opts.rows));
        })
    } else {
        interactive(&mut session, &mut outputs, &mut screen, &mut debug, opts.frames)
            .map_err(|e| e.to_string())
    };
    match result.and(outputs.finish(&session)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("stros-term: {e}");
            ExitCode::from(1)
        }
    }
}

/// The text above the picture: the status line with the player's health (the candle's
/// number), then with `debug` the `object coord` start and current positions.
fn hud_lines(session: &Session<'_>, debug: bool) -> Vec<String> {
    let mut lines = vec![format!("{}  health {}", session.status_line(), session.health())];
    if debug {
        let now = session.world.selected_player().map_or([0; 3], |p| p.position);
        lines.push(hud::object_coord("start", session.start).to_string());
        lines.push(hud::object_coord("now", now).to_string());
    }
    lines
}

/// One character per 16-entry palette ramp (the embedded palette's layout), so the dump
/// reads as a picture: sky blank, sea `~`, sand `:`, grass `"`, rock `#`, plaster `+`, …
fn glyph(index: u8) -> char {
    const GLYPHS: [char; 16] =
        ['@', ' ', '~', ':', '"', '#', ',', '=', 'o', '%', '&', '$', '+', '^', '#', '*'];
    GLYPHS[(index >> 4) as usize]
}

fn dump(session: &Session<'_>, screen: &Screen, debug: bool, cols: usize, rows: usize) -> String {
    let mut out = String::new();
    for line in hud_lines(session, debug) {
        out.push_str(&line);
        out.push('\n');
    }
    for r in 0..rows {
        let y = (r * 2 + 1) * screen.height / (rows * 2);
        for c in 0..cols {
            let x = (c * 2 + 1) * screen.width / (cols * 2);
            out.push(glyph(screen.at(x, y)));
        }
        out.push('\n');
    }
    out
}

fn interactive(
    session: &mut Session<'static>,
    outputs: &mut Outputs,
    screen: &mut Screen,
    debug: &mut bool,
    frames: Option<u64>,
) -> io::Result<()> {
    let mut out = io::stdout();
    terminal::enable_raw_mode()?;
    execute!(out, terminal::EnterAlternateScreen, cursor::Hide)?;
    let result = run(session, outputs, screen, debug, frames, &mut out);
    execute!(out, style::ResetColor, cursor::Show, terminal::LeaveAlternateScreen)?;
    terminal::disable_raw_mode()?;
    result
}

/// The keys a terminal reports, as the actions they hold: W/S/A/D and the arrows move,
/// a capital letter (Shift) holds the walk/run key too.
fn key_action(code: KeyCode) -> Option<(Action, bool)> {
    Some(match code {
        KeyCode::Char(c @ ('w' | 's' | 'a' | 'd' | 'W' | 'S' | 'A' | 'D')) => {
            let action = match c.to_ascii_lowercase() {
                'w' => Action::Up,
                's' => Action::Down,
                'a' => Action::Left,
                _ => Action::Right,
            };
            (action, c.is_ascii_uppercase())
        }
        KeyCode::Up => (Action::Up, false),
        KeyCode::Down => (Action::Down, false),
        KeyCode::Left => (Action::Left, false),
        KeyCode::Right => (Action::Right, false),
        _ => return None,
    })
}

fn run(
    session: &mut Session<'static>,
    outputs: &mut Outputs,
    screen: &mut Screen,
    debug: &mut bool,
    frames: Option<u64>,
    out: &mut io::Stdout,
) -> io::Result<()> {
    let audio = stros_host::start_audio(PROGRAM, session);
    let start = Instant::now();
    // When each action (and the walk/run key) was last reported.
    let mut last_seen = [None::<Instant>; 5];
    let mut frame = 0u64;
    let mut replay_base = None;
    loop {
        if frames.is_some_and(|n| frame >= n) {
            return Ok(());
        }
        let mut tab = false;
        while event::poll(Duration::from_millis(0))? {
            if let Event::Key(k) = event::read()? {
                if k.kind == KeyEventKind::Release {
                    continue;
                }
                match k.code {
                    KeyCode::Char('q') | KeyCode::Esc => return Ok(()),
                    KeyCode::Char('c') if k.modifiers.contains(KeyModifiers::CONTROL) => return Ok(()),
                    KeyCode::Tab => tab = true,
                    KeyCode::F(1) => *debug = !*debug,
                    code => {
                        if let Some((action, shift)) = key_action(code) {
                            let now = Instant::now();
                            last_seen[action as usize] = Some(now);
                            if shift || k.modifiers.contains(KeyModifiers::SHIFT) {
                                last_seen[4] = Some(now);
                            }
                        }
                    }
                }
            }
        }
        let bios = bios_ticks_from_micros(start.elapsed().as_micros() as u64);
        if session.is_replay() {
            let Some((input, at, scale)) = session.next_recorded() else { return Ok(()) };
            let base = *replay_base.get_or_insert(at);
            while bios_ticks_from_micros(start.elapsed().as_micros() as u64) < at.wrapping_sub(base) {
                std::thread::sleep(Duration::from_millis(5));
            }
            session.step(&input, at, scale);
            outputs.after_step(session, &input, at).map_err(io::Error::other)?;
            if let Some(a) = &audio {
                a.play(session.world.report());
            }
        } else {
            let held = |i: usize| last_seen[i].is_some_and(|t| t.elapsed() < HOLD);
            let mut input = Input { held: 0, toggle_walk_mode: tab };
            for (i, action) in [Action::Up, Action::Down, Action::Left, Action::Right].into_iter().enumerate()
            {
                input.set(action, held(i));
            }
            input.set(Action::A, held(4));
            session.step(&input, bios, None);
            outputs.after_step(session, &input, bios).map_err(io::Error::other)?;
            if let Some(a) = &audio {
                a.play(session.world.report());
            }
        }
        screen.draw(session);
        present(&hud_lines(session, *debug), screen, &session.palette, out)?;
        frame += 1;
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
        let y_top = (r * 2) * screen.height / (rows * 2);
        let y_bottom = (r * 2 + 1) * screen.height / (rows * 2);
        for c in 0..cols {
            let x = c * screen.width / cols;
            queue!(
                out,
                style::SetForegroundColor(rgb(screen.at(x, y_top))),
                style::SetBackgroundColor(rgb(screen.at(x, y_bottom))),
                style::Print('▀')
            )?;
        }
    }
    out.flush()
}
