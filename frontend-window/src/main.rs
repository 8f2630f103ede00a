//! `stros`: Stros in a window.
//!
//! A resizable window (winit, drawn with softbuffer) showing the 320×200 frame at the
//! original's 4:3, letterboxed; every key goes through KEYS.INI's scancodes; fullscreen,
//! pause, volume and screenshots. The loop, clock, sound, keyboard table, settings and
//! replays are [`stros_host`]'s; the game is `stros-core`.

use std::num::NonZeroU32;
use std::process::ExitCode;
use std::rc::Rc;
use std::time::{Duration, Instant};

use clap::Parser;
use stros_host::cli::WindowArgs;
use stros_host::controls::HostKey;
use stros_host::keys::Keyboard;
use stros_host::present::Letterbox;
use stros_host::settings::Remembered;
use stros_host::{HostError, Opened, Runner, Screen, shot};
use winit::application::ApplicationHandler;
use winit::dpi::PhysicalSize;
use winit::event::{ElementState, KeyEvent, WindowEvent};
use winit::event_loop::{ActiveEventLoop, ControlFlow, EventLoop};
use winit::keyboard::PhysicalKey;
use winit::window::{Fullscreen, Window, WindowId};

const PROGRAM: &str = "stros";

/// The window's updates: about 70 a second, as the original's frame rate allowed; the game
/// takes its pace from the BIOS ticks, whatever this is.
const FRAME: Duration = Duration::from_micros(14_286);

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
    let mut app = App {
        screen: Screen::new(args.run.high),
        keyboard: Keyboard::for_world(&runner.session.world),
        runner,
        letterbox: Letterbox::default(),
        window: None,
        scale: scale as u32,
        next: Instant::now(),
        shots: 0,
        error: None,
    };
    let event_loop = match (args.headless, EventLoop::new()) {
        (true, _) => None,
        (false, Ok(el)) => Some(el),
        (false, Err(e)) => app.runner.without_window(e).map(|()| None)?,
    };
    let result = match event_loop {
        Some(el) => el.run_app(&mut app).map_err(|e| HostError::Frontend(e.to_string())),
        None => app.runner.run_offscreen().map(|()| app.screen.draw(&app.runner.session)),
    };
    let result = app.error.take().map_or(result, Err).and_then(|()| app.runner.finish());
    if let Some(r) = remembered {
        r.save(app.runner.volume);
    }
    result.map_err(|e| (e, 1))?;
    let (frame, window) = (args.screenshot.as_deref(), args.window_screenshot.as_deref());
    let pixels = (&app.letterbox.pixels[..], app.letterbox.size.0);
    shot::at_exit(frame, window, &app.screen, &app.runner.session, pixels).map_err(|e| (e, 1))
}

fn text(e: impl std::fmt::Display) -> String {
    e.to_string()
}

type Surface = softbuffer::Surface<Rc<Window>, Rc<Window>>;

struct App<'a> {
    runner: Runner<'a>,
    screen: Screen,
    keyboard: Keyboard,
    letterbox: Letterbox,
    window: Option<(Rc<Window>, Surface)>,
    scale: u32,
    /// When the next update is due.
    next: Instant,
    shots: u32,
    error: Option<HostError>,
}

impl App<'_> {
    fn open(&mut self, el: &ActiveEventLoop) -> Result<(), String> {
        let size =
            PhysicalSize::new(self.screen.width as u32 * self.scale, self.screen.height as u32 * self.scale);
        let attrs = Window::default_attributes().with_title("Stros").with_inner_size(size);
        let window =
            Rc::new(el.create_window(attrs.with_min_inner_size(PhysicalSize::new(64, 48))).map_err(text)?);
        let context = softbuffer::Context::new(Rc::clone(&window)).map_err(text)?;
        let surface = Surface::new(&context, Rc::clone(&window)).map_err(text)?;
        self.runner.start_audio();
        self.window = Some((window, surface));
        Ok(())
    }

    /// A key went down or up: into the game's table, and a press of a host key acts.
    fn key(&mut self, el: &ActiveEventLoop, e: &KeyEvent) {
        let PhysicalKey::Code(code) = e.physical_key else { return };
        let name = format!("{code:?}");
        self.keyboard.key(&name, e.state == ElementState::Pressed);
        let key =
            HostKey::of(&name, &self.keyboard).filter(|_| e.state == ElementState::Pressed && !e.repeat);
        match (key, &self.window) {
            (Some(HostKey::Quit), _) => el.exit(),
            (Some(HostKey::Fullscreen), Some((w, _))) => {
                w.set_fullscreen(w.fullscreen().is_none().then_some(Fullscreen::Borderless(None)))
            }
            (Some(HostKey::Screenshot), _) => {
                shot::numbered(&mut self.shots, &self.screen, &self.runner.session)
            }
            (Some(k), _) => self.runner.apply(k),
            (None, _) => {}
        }
        self.title();
    }

    fn fail(&mut self, el: &ActiveEventLoop, e: HostError) {
        self.error = Some(e);
        el.exit();
    }

    fn title(&self) {
        if let Some((w, _)) = &self.window {
            w.set_title(if self.runner.paused() { "Stros (paused: P)" } else { "Stros" });
        }
    }

    fn present(&mut self) -> Result<(), String> {
        let Some((window, surface)) = &mut self.window else { return Ok(()) };
        let size = window.inner_size();
        let (Some(w), Some(h)) = (NonZeroU32::new(size.width), NonZeroU32::new(size.height)) else {
            return Ok(());
        };
        surface.resize(w, h).map_err(text)?;
        let size = (w.get() as usize, h.get() as usize);
        self.letterbox.draw(&self.screen, &self.runner.session.palette, size);
        let mut buffer = surface.buffer_mut().map_err(text)?;
        buffer.copy_from_slice(&self.letterbox.pixels);
        buffer.present().map_err(text)
    }
}

impl ApplicationHandler for App<'_> {
    fn resumed(&mut self, el: &ActiveEventLoop) {
        if self.window.is_none()
            && let Err(e) = self.open(el)
        {
            self.fail(el, HostError::Frontend(format!("cannot open a window: {e}")));
        }
    }

    fn window_event(&mut self, el: &ActiveEventLoop, _: WindowId, event: WindowEvent) {
        match event {
            WindowEvent::CloseRequested => el.exit(),
            WindowEvent::Focused(focused) => {
                self.keyboard.release_all();
                self.runner.focus(focused);
                self.title();
            }
            WindowEvent::KeyboardInput { event, .. } => self.key(el, &event),
            WindowEvent::RedrawRequested => {
                if let Err(e) = self.present() {
                    self.fail(el, HostError::Frontend(format!("window update failed: {e}")));
                }
            }
            _ => {}
        }
    }

    /// Runs the update that is due, draws it and asks for the window to show it.
    fn about_to_wait(&mut self, el: &ActiveEventLoop) {
        if Instant::now() >= self.next {
            self.next = Instant::now() + FRAME;
            let keyboard = &mut self.keyboard;
            match self.runner.update(|| keyboard.input(), || std::thread::sleep(Duration::from_millis(5))) {
                Ok(true) => {}
                Ok(false) => el.exit(),
                Err(e) => self.fail(el, e),
            }
            self.screen.draw(&self.runner.session);
            if let Some((w, _)) = &self.window {
                w.request_redraw();
            }
        }
        el.set_control_flow(ControlFlow::WaitUntil(self.next));
    }
}
