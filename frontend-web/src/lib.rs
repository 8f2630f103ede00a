//! Stros in a browser: the embedded island, or a user's install picked or dropped on the
//! page, played on a canvas with the keyboard and WebAudio. As thin as the desktop
//! frontends: the game loop is the host glue's [`stros_host::Runner`], its BIOS clock shim
//! reading `requestAnimationFrame` times ([`FrameTime`]); this crate keeps only the
//! browser's canvas ([`video`]), keys ([`keys`]), speakers ([`speaker`]) and files
//! ([`files`]).
//!
//! The page (`index.html`) calls [`play_embedded`] on load and [`play_files`] or
//! [`play_dropped`] when the player brings an install; each game runs as one async task
//! that owns its files and awaits one animation frame per update ([`game`]).

pub mod files;
pub mod game;
pub mod keys;
pub mod speaker;
pub mod video;

use std::cell::Cell;

use stros_core::files::Embedded;
use stros_core::scenario::Scenario;
use stros_host::{HostError, Opened};
use wasm_bindgen::prelude::*;
use web_sys::HtmlCanvasElement;

pub use game::{FrameTime, Game};

thread_local! {
    /// Which game plays: starting one ends the one before at its next frame.
    static GENERATION: Cell<u32> = const { Cell::new(0) };
}

/// Plays the embedded island on `canvas`, at 640×400 when `high`.
#[wasm_bindgen]
pub fn play_embedded(canvas: HtmlCanvasElement, high: bool) {
    page_setup();
    play(canvas, high, Opened::embedded());
}

/// Plays the install among `files` (an `<input type=file webkitdirectory>`'s list) on
/// `canvas`, once they are read; the game before goes on when they are not an install
/// that loads.
#[wasm_bindgen]
pub fn play_files(canvas: HtmlCanvasElement, high: bool, files: web_sys::FileList) {
    page_setup();
    status("reading the files…");
    wasm_bindgen_futures::spawn_local(
        async move { open_install(canvas, high, files::from_list(files).await) },
    );
}

/// Plays the install dropped on the page (its folder, or its files) on `canvas`. Called
/// from the `drop` event's handler, which is when the drop's entries can be taken.
#[wasm_bindgen]
pub fn play_dropped(canvas: HtmlCanvasElement, high: bool, data: web_sys::DataTransfer) {
    page_setup();
    status("reading the files…");
    let entries = files::dropped(&data);
    let read = async move { open_install(canvas, high, files::from_drop(entries).await) };
    wasm_bindgen_futures::spawn_local(read);
}

/// The yard walk (tests/scenarios/yard_walk.toml), which the page's check replays.
const YARD_WALK: &str = include_str!("../../tests/scenarios/yard_walk.toml");

/// The yard walk's replay digests ([`digests`]): the page's "check this browser".
#[wasm_bindgen]
pub fn yard_walk_digests() -> Result<String, String> {
    digests(YARD_WALK)
}

/// The replay digests of a scenario on the embedded island, as `stros-tools replay
/// --digest` prints them on a desktop (two lines): the check that this browser computes
/// the host's bits.
pub fn digests(scenario: &str) -> Result<String, String> {
    use stros_core::render::{Framebuffer, HEIGHT, WIDTH};
    let scenario = Scenario::parse(scenario).map_err(|e| e.to_string())?;
    // Built in place on the heap, as the frontends build theirs.
    let mut session = Box::new(stros_host::Session::unloaded(scenario.config(), Default::default()));
    session
        .load(
            &Embedded,
            stros_core::Choice::Map(stros_core::embedded::MAP),
            stros_core::Start::Replay(&scenario),
        )
        .map_err(|e| e.to_string())?;
    let (mut frame, mut depth) = (vec![0; WIDTH * HEIGHT], vec![0.0; WIDTH * HEIGHT]);
    let mut fb = Framebuffer::new(&mut frame, WIDTH, HEIGHT).ok_or("no framebuffer")?;
    Ok(session.replay_digests(&mut fb, &mut depth, HEIGHT).to_string())
}

/// Opens the files read, or says why not (the running game goes on).
fn open_install(canvas: HtmlCanvasElement, high: bool, read: Result<Vec<files::Read>, HostError>) {
    let opened = read
        .and_then(|files| stros_host::install::Install::from_memory("the chosen files", files))
        .and_then(Opened::of_install);
    match opened {
        Ok(opened) => play(canvas, high, opened),
        Err(e) => status(&format!("stros: {e}")),
    }
}

/// Plays `opened` on `canvas` (640×400 when `high`) as a task of its own, once its
/// session has started; the game before it stops at its next frame.
fn play(canvas: HtmlCanvasElement, high: bool, opened: Opened) {
    wasm_bindgen_futures::spawn_local(async move {
        let mut game = match Game::new(&opened, &canvas, high) {
            Ok(game) => game,
            Err(e) => return status(&format!("stros: {e}")),
        };
        let me = GENERATION.with(|g| g.get().wrapping_add(1));
        GENERATION.with(|g| g.set(me));
        status("");
        loop {
            let Ok(time) = game::next_frame().await else { return };
            if GENERATION.with(Cell::get) != me {
                return;
            }
            match game.frame(time) {
                Ok(true) => {}
                Ok(false) => return status("the game is won: the ending is not built"),
                Err(e) => return status(&format!("stros: {e}")),
            }
        }
    });
}

/// Shows `text` in the page's `#status` line (when it has one) and the console.
fn status(text: &str) {
    if !text.is_empty() {
        log::info!("{text}");
    }
    let element = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id("status"));
    if let Some(e) = element {
        e.set_text_content(Some(text));
    }
}

/// Log lines and panics to the browser's console, once.
fn page_setup() {
    static LOGGER: Console = Console;
    if log::set_logger(&LOGGER).is_ok() {
        log::set_max_level(log::LevelFilter::Info);
        std::panic::set_hook(Box::new(|info| web_sys::console::error_1(&info.to_string().into())));
    }
}

/// `log` to the console: errors and warnings as such, the rest as plain lines.
struct Console;

impl log::Log for Console {
    fn enabled(&self, _: &log::Metadata<'_>) -> bool {
        true
    }

    fn log(&self, record: &log::Record<'_>) {
        let line = JsValue::from(format!("stros: {}", record.args()));
        match record.level() {
            log::Level::Error => web_sys::console::error_1(&line),
            log::Level::Warn => web_sys::console::warn_1(&line),
            _ => web_sys::console::log_1(&line),
        }
    }

    fn flush(&self) {}
}
