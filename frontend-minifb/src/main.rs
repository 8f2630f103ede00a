//! `stros`: Stros in a window.
//!
//! The frontend owns the host side only: a 320×200 (or 640×400) window scaled up (minifb), the keyboard
//! as PC AT scancodes through KEYS.INI's bindings, a PIT/BIOS clock shim, audio through
//! cpal, PNG screenshots, and the recording and trace files. Everything the game does
//! happens in `stros-core`'s `World::step`.

mod clock;

use std::path::PathBuf;
use std::process::ExitCode;

use minifb::{Key, KeyRepeat, Scale, Window, WindowOptions};
use stros_core::input::{Action, Bindings, Input, SCANCODES, TAB};
use stros_core::session::Session;

use stros_host::{FileOptions, Outputs, Screen};

const PROGRAM: &str = "stros";

const USAGE: &str = "\
stros — The Elder Scrolls Adventures: Redguard, reimplemented

USAGE:
    stros [OPTIONS]

OPTIONS:
    --data DIR          play a Redguard install (the GOG layout: fxart/, maps/,
                        sound/, SYSTEM.INI, KEYS.INI, surface.ini, …) instead of
                        the embedded island
    --map NAME          the map to load (default ISLAND with --data, else HARBOUR)
    --marker N          enter at map marker N (default 0)
    --frames N          stop after N frames
    --screenshot FILE   write the last frame as a PNG when stopping (needs --frames
                        or a window closed with Esc)
    --headless          render off-screen without opening a window; one BIOS tick
                        (1/18.2065 s) passes per frame, so runs are repeatable
    --record FILE       write the input and BIOS tick of every update to FILE (a
                        scenario `stros-tools replay FILE` and --replay read)
    --replay FILE       play a recording (or scenario) instead of the keyboard
    --trace FILE        write one JSON line per update (as `stros-tools replay`)
    --scale N           window scale: 1, 2, 4 or 8 (default 4, or 2 with --high)
    --high              draw at 640×400 instead of the original's 320×200
    --debug             show the debug overlay: FPS, frame scale, ticks, walk/run
                        and the `object coord` start and current positions (F1
                        toggles it in the window)
    -h, --help          this text

CONTROLS:
    W / Up      forward           A / Left    turn left
    S / Down    backward          D / Right   turn right
    Shift       walk instead of run (or run, after Tab)
    Tab         toggle walk mode
    F1          toggle the debug overlay
    F12         write a screenshot (stros-NNNN.png in the current directory)
    Esc         quit
";

struct Options {
    frames: Option<u64>,
    screenshot: Option<PathBuf>,
    headless: bool,
    scale: Option<Scale>,
    high: bool,
    debug: bool,
    files: FileOptions,
}

fn parse_args() -> Result<Options, String> {
    let mut o = Options {
        frames: None,
        screenshot: None,
        headless: false,
        scale: None,
        high: false,
        debug: false,
        files: FileOptions::default(),
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        if o.files.take(&a, &mut args)? {
            continue;
        }
        let mut value = |name: &str| args.next().ok_or_else(|| format!("{name} needs a value"));
        match a.as_str() {
            "--frames" => {
                let v = value("--frames")?;
                o.frames = Some(v.parse().map_err(|_| format!("--frames: `{v}` is not a count"))?);
            }
            "--screenshot" => o.screenshot = Some(value("--screenshot")?.into()),
            "--headless" => o.headless = true,
            "--high" => o.high = true,
            "--debug" => o.debug = true,
            "--scale" => {
                o.scale = Some(match value("--scale")?.as_str() {
                    "1" => Scale::X1,
                    "2" => Scale::X2,
                    "4" => Scale::X4,
                    "8" => Scale::X8,
                    v => return Err(format!("--scale: `{v}` is not 1, 2, 4 or 8")),
                })
            }
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
            eprintln!("stros: {e}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let (mut session, mut outputs) = match stros_host::open(PROGRAM, &opts.files) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{PROGRAM}: {e}");
            return ExitCode::from(2);
        }
    };
    session.debug_overlay = opts.debug;
    let mut screen = Screen::new(opts.high);

    let window = if opts.headless {
        None
    } else {
        let scale = opts.scale.unwrap_or(if opts.high { Scale::X2 } else { Scale::X4 });
        let options = WindowOptions { scale, ..WindowOptions::default() };
        match Window::new("Stros", screen.width, screen.height, options) {
            Ok(w) => Some(w),
            Err(e) if opts.frames.is_some() || session.is_replay() => {
                eprintln!("stros: no window ({e}); rendering off-screen");
                None
            }
            Err(e) => {
                eprintln!("stros: cannot open a window: {e} (try --headless --frames N)");
                return ExitCode::from(2);
            }
        }
    };

    let result = match window {
        Some(window) => play(window, &mut session, &mut outputs, &mut screen, opts.frames),
        None => {
            let r = stros_host::run_offscreen(&mut session, &mut outputs, opts.frames);
            screen.draw(&session);
            r
        }
    };
    let finished = outputs.finish(&session);
    if let Err(e) = result.and(finished) {
        eprintln!("stros: {e}");
        return ExitCode::from(1);
    }
    if let Some(path) = &opts.screenshot {
        if let Err(e) = write_png(path, &screen, &session) {
            eprintln!("stros: cannot write {}: {e}", path.display());
            return ExitCode::from(1);
        }
        println!("stros: wrote {}", path.display());
    }
    ExitCode::SUCCESS
}

/// The interactive loop: live keyboard and clock, or the recording paced by its BIOS ticks.
fn play(
    mut window: Window,
    session: &mut Session<'static>,
    outputs: &mut Outputs,
    screen: &mut Screen,
    frames: Option<u64>,
) -> Result<(), String> {
    let audio = stros_host::start_audio(PROGRAM, session);
    let clock = clock::BiosClock::start();
    window.set_target_fps(70);
    let mut rgb = vec![0u32; screen.pixels.len()];
    let mut frame = 0u64;
    let mut tab_was_down = false;
    let mut shots = 0u32;
    let bindings = *session.world.bindings();
    let mut replay_offset = None;
    while window.is_open() && !window.is_key_down(Key::Escape) {
        if frames.is_some_and(|n| frame >= n) {
            break;
        }
        if session.is_replay() {
            let Some((input, bios, scale)) = session.next_recorded() else { break };
            // Pace the recording: wait until the clock reaches its tick.
            let base = *replay_offset.get_or_insert(bios);
            while clock.now() < bios.wrapping_sub(base) && window.is_open() {
                window.update();
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
            session.step(&input, bios, scale);
            outputs.after_step(session, &input, bios)?;
            if let Some(a) = &audio {
                a.play(session.world.report());
            }
        } else {
            let tab = window.is_key_down(Key::Tab);
            let input = keyboard(&window, &bindings, tab && !tab_was_down);
            tab_was_down = tab;
            let bios = clock.now();
            session.step(&input, bios, None);
            outputs.after_step(session, &input, bios)?;
            if let Some(a) = &audio {
                a.play(session.world.report());
            }
        }
        if window.is_key_pressed(Key::F1, KeyRepeat::No) {
            session.debug_overlay = !session.debug_overlay;
        }
        screen.draw(session);
        if window.is_key_pressed(Key::F12, KeyRepeat::No) {
            let path = loop {
                shots += 1;
                let p = PathBuf::from(format!("stros-{shots:04}.png"));
                if !p.exists() {
                    break p;
                }
            };
            match write_png(&path, screen, session) {
                Ok(()) => println!("stros: wrote {}", path.display()),
                Err(e) => eprintln!("stros: cannot write {}: {e}", path.display()),
            }
        }
        for (o, &i) in rgb.iter_mut().zip(screen.pixels.iter()) {
            *o = session.palette.xrgb(i);
        }
        window
            .update_with_buffer(&rgb, screen.width, screen.height)
            .map_err(|e| format!("window update failed: {e}"))?;
        frame += 1;
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
        if window.is_key_down(key) {
            down[code as usize] = true;
        }
    }
    down[TAB as usize] = window.is_key_down(Key::Tab);
    let mut input = Input::from_scancodes(bindings, &down, tab_pressed);
    for (key, action) in [
        (Key::Up, Action::Up),
        (Key::Down, Action::Down),
        (Key::Left, Action::Left),
        (Key::Right, Action::Right),
    ] {
        if window.is_key_down(key) {
            input.set(action, true);
        }
    }
    input
}

/// Writes the frame as it is, an 8-bit indexed PNG with the session's palette.
fn write_png(path: &std::path::Path, screen: &Screen, session: &Session<'_>) -> Result<(), String> {
    let file = std::fs::File::create(path).map_err(|e| e.to_string())?;
    let mut enc = png::Encoder::new(std::io::BufWriter::new(file), screen.width as u32, screen.height as u32);
    enc.set_color(png::ColorType::Indexed);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_palette(session.palette.rgb.iter().flatten().copied().collect::<Vec<u8>>());
    let mut writer = enc.write_header().map_err(|e| e.to_string())?;
    writer.write_image_data(&screen.pixels).map_err(|e| e.to_string())
}
