//! `stros`: Stros in a window.
//!
//! The frontend owns the host side only: a 320×200 window scaled up (minifb), the keyboard,
//! a PIT/BIOS clock shim, audio through cpal, and PNG screenshots. Everything the game
//! does happens in `stros-core`.

mod audio;
mod clock;

use std::path::PathBuf;
use std::process::ExitCode;

use minifb::{Key, Scale, Window, WindowOptions};
use stros_core::config::SystemConfig;
use stros_core::demo::{Demo, DemoInput};
use stros_core::render::{Framebuffer, HEIGHT, Palette, WIDTH};

const USAGE: &str = "\
stros — The Elder Scrolls Adventures: Redguard, reimplemented

USAGE:
    stros [OPTIONS]

OPTIONS:
    --frames N          stop after N frames
    --screenshot FILE   write the last frame as a PNG when stopping (needs --frames
                        or a window closed with Esc)
    --headless          render off-screen without opening a window; one BIOS tick
                        (1/18.2065 s) passes per frame, so runs are repeatable
    --scale N           window scale: 1, 2, 4 or 8 (default 4)
    -h, --help          this text

CONTROLS:
    W / Up      forward           A / Left    turn left
    S / Down    backward          D / Right   turn right
    Esc         quit
";

struct Options {
    frames: Option<u64>,
    screenshot: Option<PathBuf>,
    headless: bool,
    scale: Scale,
}

fn parse_args() -> Result<Options, String> {
    let mut o = Options { frames: None, screenshot: None, headless: false, scale: Scale::X4 };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = |name: &str| args.next().ok_or_else(|| format!("{name} needs a value"));
        match a.as_str() {
            "--frames" => {
                let v = value("--frames")?;
                o.frames = Some(v.parse().map_err(|_| format!("--frames: `{v}` is not a count"))?);
            }
            "--screenshot" => o.screenshot = Some(value("--screenshot")?.into()),
            "--headless" => o.headless = true,
            "--scale" => {
                o.scale = match value("--scale")?.as_str() {
                    "1" => Scale::X1,
                    "2" => Scale::X2,
                    "4" => Scale::X4,
                    "8" => Scale::X8,
                    v => return Err(format!("--scale: `{v}` is not 1, 2, 4 or 8")),
                }
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
    let mut demo = Demo::new(SystemConfig::installed());
    let palette = Palette::default_world();
    let mut pixels = vec![0u8; WIDTH * HEIGHT];

    let window = if opts.headless {
        None
    } else {
        let options = WindowOptions { scale: opts.scale, ..WindowOptions::default() };
        match Window::new("Stros", WIDTH, HEIGHT, options) {
            Ok(w) => Some(w),
            Err(e) if opts.frames.is_some() => {
                eprintln!("stros: no window ({e}); rendering off-screen");
                None
            }
            Err(e) => {
                eprintln!("stros: cannot open a window: {e} (try --headless --frames N)");
                return ExitCode::from(2);
            }
        }
    };

    match window {
        Some(mut window) => {
            let _audio = audio::start();
            let clock = clock::BiosClock::start();
            window.set_target_fps(70);
            let mut rgb = vec![0u32; WIDTH * HEIGHT];
            let mut frame = 0u64;
            while window.is_open() && !window.is_key_down(Key::Escape) {
                if opts.frames.is_some_and(|n| frame >= n) {
                    break;
                }
                demo.step(input(&window), clock.now());
                draw(&demo, &mut pixels);
                for (o, &i) in rgb.iter_mut().zip(&pixels) {
                    *o = palette.xrgb(i);
                }
                if let Err(e) = window.update_with_buffer(&rgb, WIDTH, HEIGHT) {
                    eprintln!("stros: window update failed: {e}");
                    return ExitCode::from(1);
                }
                frame += 1;
            }
        }
        None => {
            let frames = opts.frames.unwrap_or(1);
            demo.run_offscreen(frames as u32);
            draw(&demo, &mut pixels);
        }
    }

    if let Some(path) = &opts.screenshot {
        if let Err(e) = write_png(path, &pixels, &palette) {
            eprintln!("stros: cannot write {}: {e}", path.display());
            return ExitCode::from(1);
        }
        println!("stros: wrote {}", path.display());
    }
    ExitCode::SUCCESS
}

fn input(window: &Window) -> DemoInput {
    let down = |a: Key, b: Key| window.is_key_down(a) || window.is_key_down(b);
    DemoInput {
        forward: down(Key::W, Key::Up),
        back: down(Key::S, Key::Down),
        left: down(Key::A, Key::Left),
        right: down(Key::D, Key::Right),
    }
}

fn draw(demo: &Demo, pixels: &mut [u8]) {
    let mut fb = Framebuffer::new(pixels, WIDTH, HEIGHT).expect("buffer sized for the frame");
    demo.draw(&mut fb);
}

/// Writes the indexed frame as an RGB PNG through the palette.
fn write_png(path: &std::path::Path, pixels: &[u8], palette: &Palette) -> Result<(), String> {
    let file = std::fs::File::create(path).map_err(|e| e.to_string())?;
    let mut enc = png::Encoder::new(std::io::BufWriter::new(file), WIDTH as u32, HEIGHT as u32);
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    let mut writer = enc.write_header().map_err(|e| e.to_string())?;
    let data: Vec<u8> = pixels.iter().flat_map(|&i| palette.rgb[i as usize]).collect();
    writer.write_image_data(&data).map_err(|e| e.to_string())
}
