//! `stros-term`: Stros in a terminal.
//!
//! Interactive mode draws each frame with half-block characters (two pixels per cell, in
//! 24-bit colour) and the HUD as real text on the top line. `--frames N --dump` renders off
//! screen and prints the last frame as plain text, for scripts and CI.

use std::io::{self, Write as _};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use crossterm::event::{self, Event, KeyCode, KeyEventKind, KeyModifiers};
use crossterm::{cursor, execute, queue, style, terminal};
use stros_core::config::SystemConfig;
use stros_core::demo::{Demo, DemoInput};
use stros_core::render::palette::ramps;
use stros_core::render::{Framebuffer, HEIGHT, Palette, WIDTH};
use stros_core::timing::bios_ticks_from_micros;

const USAGE: &str = "\
stros-term — Stros in a terminal

USAGE:
    stros-term [OPTIONS]

OPTIONS:
    --frames N      stop after N frames
    --dump          render off-screen (one BIOS tick per frame) and print the last
                    frame as plain text: the HUD line, then the picture
    --cols N        width of the dump in characters (default 80)
    --rows N        height of the dump picture in lines (default 25)
    -h, --help      this text

CONTROLS:
    W / Up      forward           A / Left    turn left
    S / Down    backward          D / Right   turn right
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
}

fn parse_args() -> Result<Options, String> {
    let mut o = Options { frames: None, dump: false, cols: 80, rows: 25 };
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
    let mut demo = Demo::new(SystemConfig::installed());
    let mut pixels = vec![0u8; WIDTH * HEIGHT];
    if opts.dump {
        demo.run_offscreen(opts.frames.unwrap_or(1) as u32);
        draw(&demo, &mut pixels);
        print!("{}", dump(&demo, &pixels, opts.cols, opts.rows));
        return ExitCode::SUCCESS;
    }
    match interactive(&mut demo, &mut pixels, opts.frames) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("stros-term: {e}");
            ExitCode::from(1)
        }
    }
}

fn draw(demo: &Demo, pixels: &mut [u8]) {
    let mut fb = Framebuffer::new(pixels, WIDTH, HEIGHT).expect("buffer sized for the frame");
    demo.draw(&mut fb);
}

/// One character per palette ramp, so the dump reads as a picture.
fn glyph(index: u8) -> char {
    let table = [
        (ramps::GREY, '@'),
        (ramps::SKY, ' '),
        (ramps::WATER, '~'),
        (ramps::SAND, ':'),
        (ramps::GRASS, '"'),
        (ramps::ROCK, '#'),
    ];
    table.iter().find(|(r, _)| r.contains(index)).map_or('.', |&(_, c)| c)
}

fn dump(demo: &Demo, pixels: &[u8], cols: usize, rows: usize) -> String {
    let mut out = String::new();
    out.push_str(&demo.status_line());
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

fn interactive(demo: &mut Demo, pixels: &mut [u8], frames: Option<u64>) -> io::Result<()> {
    let mut out = io::stdout();
    terminal::enable_raw_mode()?;
    execute!(out, terminal::EnterAlternateScreen, cursor::Hide)?;
    let result = run(demo, pixels, frames, &mut out);
    execute!(out, style::ResetColor, cursor::Show, terminal::LeaveAlternateScreen)?;
    terminal::disable_raw_mode()?;
    result
}

fn run(demo: &mut Demo, pixels: &mut [u8], frames: Option<u64>, out: &mut io::Stdout) -> io::Result<()> {
    let palette = Palette::default_world();
    let start = Instant::now();
    let mut last_seen = [None::<Instant>; 4];
    let mut frame = 0u64;
    loop {
        if frames.is_some_and(|n| frame >= n) {
            return Ok(());
        }
        while event::poll(Duration::from_millis(0))? {
            if let Event::Key(k) = event::read()? {
                if k.kind == KeyEventKind::Release {
                    continue;
                }
                let slot = match k.code {
                    KeyCode::Char('q') | KeyCode::Esc => return Ok(()),
                    KeyCode::Char('c') if k.modifiers.contains(KeyModifiers::CONTROL) => return Ok(()),
                    KeyCode::Char('w') | KeyCode::Up => 0,
                    KeyCode::Char('s') | KeyCode::Down => 1,
                    KeyCode::Char('a') | KeyCode::Left => 2,
                    KeyCode::Char('d') | KeyCode::Right => 3,
                    _ => continue,
                };
                last_seen[slot] = Some(Instant::now());
            }
        }
        let held = |i: usize| last_seen[i].is_some_and(|t| t.elapsed() < HOLD);
        let input = DemoInput { forward: held(0), back: held(1), left: held(2), right: held(3) };
        demo.step(input, bios_ticks_from_micros(start.elapsed().as_micros() as u64));
        draw(demo, pixels);
        present(demo, pixels, &palette, out)?;
        frame += 1;
        std::thread::sleep(Duration::from_millis(30));
    }
}

/// Half-block output: each cell shows the upper pixel as foreground of `▀` and the lower
/// one as background, scaled to the terminal; the HUD is the top line.
fn present(demo: &Demo, pixels: &[u8], palette: &Palette, out: &mut io::Stdout) -> io::Result<()> {
    let (cols, rows) = terminal::size()?;
    let (cols, rows) = (cols.max(1) as usize, rows.max(2) as usize - 1);
    let rgb = |i: u8| {
        let [r, g, b] = palette.rgb[i as usize];
        style::Color::Rgb { r, g, b }
    };
    queue!(out, cursor::MoveTo(0, 0), style::ResetColor, terminal::Clear(terminal::ClearType::CurrentLine))?;
    queue!(out, style::Print(demo.status_line().as_str()))?;
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
