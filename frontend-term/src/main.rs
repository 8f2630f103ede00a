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
use stros_core::render::{Framebuffer, HEIGHT, Palette, WIDTH};
use stros_core::session::Session;
use stros_core::timing::bios_ticks_from_micros;
use stros_host::{FileOptions, Outputs};

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
    --record FILE   write the input and BIOS tick of every update to FILE
    --replay FILE   play a recording (or scenario) instead of the keyboard
    --trace FILE    write one JSON line per update (as `stros-tools replay`)
    -h, --help      this text

CONTROLS:
    W / Up      forward           A / Left    turn left
    S / Down    backward          D / Right   turn right
    Shift+W/S/A/D   walk instead of run (or run, after Tab)
    Tab         toggle walk mode
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
    files: FileOptions,
}

fn parse_args() -> Result<Options, String> {
    let mut o = Options { frames: None, dump: false, cols: 80, rows: 25, files: FileOptions::default() };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut count = |name: &str| -> Result<u64, String> {
            let v = args.next().ok_or_else(|| format!("{name} needs a value"))?;
            v.parse().map_err(|_| format!("{name}: `{v}` is not a count"))
        };
        match a.as_str() {
            "--frames" => o.frames = Some(count("--frames")?),
            "--dump" => o.dump = true,
            "--cols" => o.cols = count("--cols")?.clamp(8, 1000) as usize,
            "--rows" => o.rows = count("--rows")?.clamp(4, 1000) as usize,
            "--data" => o.files.data = Some(args.next().ok_or("--data needs a directory")?.into()),
            "--map" => o.files.map = Some(args.next().ok_or("--map needs a name")?),
            "--marker" => o.files.marker = Some(count("--marker")? as usize),
            "--record" => o.files.record = Some(args.next().ok_or("--record needs a file")?.into()),
            "--replay" => o.files.replay = Some(args.next().ok_or("--replay needs a file")?.into()),
            "--trace" => o.files.trace = Some(args.next().ok_or("--trace needs a file")?.into()),
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
    let mut pixels = vec![0u8; WIDTH * HEIGHT];
    let mut depth = vec![0f32; WIDTH * HEIGHT];
    let result = if opts.dump {
        stros_host::run_offscreen(&mut session, &mut outputs, opts.frames).map(|()| {
            draw(&session, &mut pixels, &mut depth);
            print!("{}", dump(&session, &pixels, opts.cols, opts.rows));
        })
    } else {
        interactive(&mut session, &mut outputs, &mut pixels, &mut depth, opts.frames)
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

fn draw(session: &Session<'_>, pixels: &mut [u8], depth: &mut [f32]) {
    let mut fb = Framebuffer::new(pixels, WIDTH, HEIGHT).expect("buffer sized for the frame");
    session.draw(&mut fb, depth);
}

/// One character per 16-entry palette ramp (the embedded palette's layout), so the dump
/// reads as a picture: sky blank, sea `~`, sand `:`, grass `"`, rock `#`, plaster `+`, …
fn glyph(index: u8) -> char {
    const GLYPHS: [char; 16] =
        ['@', ' ', '~', ':', '"', '#', ',', '=', 'o', '%', '&', '$', '+', '^', '#', '*'];
    GLYPHS[(index >> 4) as usize]
}

fn dump(session: &Session<'_>, pixels: &[u8], cols: usize, rows: usize) -> String {
    let mut out = String::new();
    out.push_str(&session.status_line());
    out.push('\n');
    for r in 0..rows {
        let y = (r * 2 + 1) * HEIGHT / (rows * 2);
        for c in 0..cols {
            let x = (c * 2 + 1) * WIDTH / (cols * 2);
            out.push(glyph(pixels[y * WIDTH + x]));
        }
        out.push('\n');
    }
    out
}

fn interactive(
    session: &mut Session<'static>,
    outputs: &mut Outputs,
    pixels: &mut [u8],
    depth: &mut [f32],
    frames: Option<u64>,
) -> io::Result<()> {
    let mut out = io::stdout();
    terminal::enable_raw_mode()?;
    execute!(out, terminal::EnterAlternateScreen, cursor::Hide)?;
    let result = run(session, outputs, pixels, depth, frames, &mut out);
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
    pixels: &mut [u8],
    depth: &mut [f32],
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
        draw(session, pixels, depth);
        present(session, pixels, &session.palette, out)?;
        frame += 1;
        std::thread::sleep(Duration::from_millis(30));
    }
}

/// Half-block output: each cell shows the upper pixel as foreground of `▀` and the lower
/// one as background, scaled to the terminal; the HUD is the top line.
fn present(session: &Session<'_>, pixels: &[u8], palette: &Palette, out: &mut io::Stdout) -> io::Result<()> {
    let (cols, rows) = terminal::size()?;
    let (cols, rows) = (cols.max(1) as usize, rows.max(2) as usize - 1);
    let rgb = |i: u8| {
        let [r, g, b] = palette.rgb[i as usize];
        style::Color::Rgb { r, g, b }
    };
    queue!(out, cursor::MoveTo(0, 0), style::ResetColor, terminal::Clear(terminal::ClearType::CurrentLine))?;
    queue!(out, style::Print(session.status_line().as_str()))?;
    for r in 0..rows {
        queue!(out, cursor::MoveTo(0, r as u16 + 1))?;
        let y_top = (r * 2) * HEIGHT / (rows * 2);
        let y_bottom = (r * 2 + 1) * HEIGHT / (rows * 2);
        for c in 0..cols {
            let x = c * WIDTH / cols;
            queue!(
                out,
                style::SetForegroundColor(rgb(pixels[y_top * WIDTH + x])),
                style::SetBackgroundColor(rgb(pixels[y_bottom * WIDTH + x])),
                style::Print('▀')
            )?;
        }
    }
    out.flush()
}
