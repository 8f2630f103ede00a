//! `stros`: Stros in a window.
//!
//! A 320×200 (or 640×400) window scaled up (minifb), the keyboard as PC AT scancodes
//! through KEYS.INI's bindings, and PNG screenshots. The loop, clock, sound, replays,
//! recordings and traces are [`stros_host::Runner`]'s; the game is `stros-core`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Parser;
use minifb::{Key, KeyRepeat, Scale, Window, WindowOptions};
use stros_core::input::{Action, Bindings, Input, SCANCODES, TAB};
use stros_host::Session;
use stros_host::cli::WindowArgs;
use stros_host::{HostError, Opened, Runner, Screen};

const PROGRAM: &str = "stros";

fn main() -> ExitCode {
    let args = WindowArgs::parse();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err((e, code)) => {
            eprintln!("{PROGRAM}: {e}");
            ExitCode::from(code)
        }
    }
}

/// The run; a failure with its exit code (2: bad data or usage, 1: while running).
fn run(args: &WindowArgs) -> Result<(), (HostError, u8)> {
    let opened = Opened::open(PROGRAM, &args.files).map_err(|e| (e, 2))?;
    let mut runner = Runner::new(opened.session(PROGRAM).map_err(|e| (e, 2))?, &args.files, &args.run);
    let mut screen = Screen::new(args.run.high);
    let result = match open_window(args, &screen, &runner).map_err(|e| (e, 2))? {
        Some(window) => play(window, &mut runner, &mut screen),
        None => runner.run_offscreen().map(|()| screen.draw(&runner.session)),
    };
    result.and_then(|()| runner.finish()).map_err(|e| (e, 1))?;
    if let Some(path) = &args.screenshot {
        write_png(path, &screen, &runner.session).map_err(|e| (e, 1))?;
        println!("{PROGRAM}: wrote {}", path.display());
    }
    Ok(())
}

/// The window, or `None` to render off-screen (`--headless`, or no display for a run that
/// ends by itself).
fn open_window(args: &WindowArgs, screen: &Screen, runner: &Runner<'_>) -> Result<Option<Window>, HostError> {
    if args.headless {
        return Ok(None);
    }
    let scale = match args.scale.as_deref() {
        Some("1") => Scale::X1,
        Some("2") => Scale::X2,
        Some("8") => Scale::X8,
        Some(_) => Scale::X4,
        None if args.run.high => Scale::X2,
        None => Scale::X4,
    };
    match Window::new(
        "Stros",
        screen.width,
        screen.height,
        WindowOptions { scale, ..WindowOptions::default() },
    ) {
        Ok(w) => Ok(Some(w)),
        Err(e) if args.run.frames.is_some() || runner.session.is_replay() => {
            eprintln!("{PROGRAM}: no window ({e}); rendering off-screen");
            Ok(None)
        }
        Err(e) => Err(HostError::Frontend(format!("cannot open a window: {e} (try --headless --frames N)"))),
    }
}

/// The interactive loop: the runner steps (live keyboard, or the recording at its pace),
/// the window shows each frame and takes F1 and F12.
fn play(mut window: Window, runner: &mut Runner<'_>, screen: &mut Screen) -> Result<(), HostError> {
    runner.start_audio(PROGRAM);
    window.set_target_fps(70);
    let mut rgb = vec![0u32; screen.pixels.len()];
    let (mut tab_was_down, mut shots) = (false, 0u32);
    let bindings = *runner.session.world.bindings();
    while window.is_open() && !window.is_key_down(Key::Escape) {
        let live = || {
            let tab = window.is_key_down(Key::Tab);
            keyboard(&window, &bindings, std::mem::replace(&mut tab_was_down, tab) != tab && tab)
        };
        let pause = || std::thread::sleep(std::time::Duration::from_millis(5));
        if !runner.update(live, pause)? {
            break;
        }
        if window.is_key_pressed(Key::F1, KeyRepeat::No) {
            runner.session.debug_overlay = !runner.session.debug_overlay;
        }
        screen.draw(&runner.session);
        if window.is_key_pressed(Key::F12, KeyRepeat::No) {
            let path = loop {
                shots += 1;
                let p = PathBuf::from(format!("stros-{shots:04}.png"));
                if !p.exists() {
                    break p;
                }
            };
            match write_png(&path, screen, &runner.session) {
                Ok(()) => println!("{PROGRAM}: wrote {}", path.display()),
                Err(e) => eprintln!("{PROGRAM}: {e}"),
            }
        }
        for (o, &i) in rgb.iter_mut().zip(screen.pixels.iter()) {
            *o = runner.session.palette.xrgb(i);
        }
        window
            .update_with_buffer(&rgb, screen.width, screen.height)
            .map_err(|e| HostError::Frontend(format!("window update failed: {e}")))?;
    }
    Ok(())
}

/// The PC AT scancodes of the keys the game reads; the arrows stand in for the keys bound
/// to the four movement actions, and right Shift for left Shift.
fn keyboard(window: &Window, bindings: &Bindings, tab_pressed: bool) -> Input {
    const KEYS: [(Key, u8); 9] = [
        (Key::W, 17),
        (Key::S, 31),
        (Key::A, 30),
        (Key::D, 32),
        (Key::E, 18),
        (Key::LeftShift, 42),
        (Key::RightShift, 42),
        (Key::Space, 57),
        (Key::LeftAlt, 56),
    ];
    let mut down = [false; SCANCODES];
    for (key, code) in KEYS {
        down[code as usize] |= window.is_key_down(key);
    }
    down[TAB as usize] = window.is_key_down(Key::Tab);
    let mut input = Input::from_scancodes(bindings, &down, tab_pressed);
    let arrows = [
        (Key::Up, Action::Up),
        (Key::Down, Action::Down),
        (Key::Left, Action::Left),
        (Key::Right, Action::Right),
    ];
    for (key, action) in arrows {
        if window.is_key_down(key) {
            input.set(action, true);
        }
    }
    input
}

/// Writes the frame as it is, an 8-bit indexed PNG with the session's palette.
fn write_png(path: &Path, screen: &Screen, session: &Session<'_>) -> Result<(), HostError> {
    let io = |e: std::io::Error| HostError::io(path, e);
    let file = std::fs::File::create(path).map_err(io)?;
    let mut enc = png::Encoder::new(std::io::BufWriter::new(file), screen.width as u32, screen.height as u32);
    enc.set_color(png::ColorType::Indexed);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_palette(session.palette.rgb.iter().flatten().copied().collect::<Vec<u8>>());
    let mut writer = enc.write_header().map_err(|e| io(std::io::Error::other(e)))?;
    writer.write_image_data(&screen.pixels).map_err(|e| io(std::io::Error::other(e)))
}
