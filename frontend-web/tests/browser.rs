//! The web frontend in a real browser (`wasm-bindgen-test`, `run_in_browser`: headless
//! Chromium through ChromeDriver; docs/browser.md runs them). Each test drives the
//! crate's own code: the digests the page's check prints, a [`Game`] on a canvas of the
//! test's page, keys as `KeyboardEvent`s dispatched on the window.
#![cfg(target_arch = "wasm32")]

use stros_core::input::{Action, Input};
use stros_core::timing::bios_ticks_from_micros;
use stros_host::Opened;
use stros_web::Game;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{HtmlCanvasElement, KeyboardEvent, KeyboardEventInit};

wasm_bindgen_test_configure!(run_in_browser);

/// The yard walk the desktop, the tools and the microcontrollers replay.
const YARD_WALK: &str = include_str!("../../tests/scenarios/yard_walk.toml");

/// The animation frames the tests run, 17 ms apart (about 59 a second): whole
/// milliseconds, so the frame times are exact in the shim's microseconds.
const FRAME_MS: u64 = 17;

/// The yard walk replayed in the browser (the page's check) prints the digests a desktop prints for it
/// (`stros-tools replay tests/scenarios/yard_walk.toml --digest`, the figures in docs/microcontroller.md,
/// tests/tests/engine/digests.rs; CI compares the printed lines with the host's too).
#[wasm_bindgen_test]
fn the_yard_walk_prints_the_hosts_digests() {
    let digests = stros_web::yard_walk_digests().unwrap();
    console_log!("{digests}");
    assert_eq!(digests, "trace fnv1a64 f797d178fcdfcf92\nframe fnv1a64 ac4b65c2b6e7d0ee");
}

/// A canvas of the test's page, 0 × 0 until a game sizes it.
fn canvas() -> HtmlCanvasElement {
    let document = web_sys::window().unwrap().document().unwrap();
    let canvas = document.create_element("canvas").unwrap().dyn_into::<HtmlCanvasElement>().unwrap();
    document.body().unwrap().append_child(&canvas).unwrap();
    canvas
}

/// `code` going down or up, as the browser reports a key.
fn key(code: &str, down: bool) {
    let init = KeyboardEventInit::new();
    init.set_code(code);
    init.set_bubbles(true);
    let kind = if down { "keydown" } else { "keyup" };
    let e = KeyboardEvent::new_with_keyboard_event_init_dict(kind, &init).unwrap();
    web_sys::window().unwrap().dispatch_event(&e).unwrap();
}

/// Read back with `getImageData`, the canvas holds the frame's palette indices through
/// the world's palette, opaque, pixel for pixel.
#[wasm_bindgen_test]
fn the_canvas_shows_the_frame_through_the_palette() {
    let canvas = canvas();
    let opened = Opened::embedded();
    let mut game = Game::new(&opened, &canvas, false).unwrap();
    for k in 0..30 {
        assert!(game.frame((k * FRAME_MS) as f64).unwrap());
    }
    assert_eq!((canvas.width(), canvas.height()), (320, 200));
    let context =
        canvas.get_context("2d").unwrap().unwrap().dyn_into::<web_sys::CanvasRenderingContext2d>().unwrap();
    let shown = context.get_image_data(0.0, 0.0, 320.0, 200.0).unwrap().data();
    let (frame, palette) = (&game.screen().pixels, &game.session().palette);
    assert_eq!(shown.len(), frame.len() * 4);
    for (i, (&index, rgba)) in frame.iter().zip(shown.chunks_exact(4)).enumerate() {
        let [r, g, b] = palette.rgb[usize::from(index)];
        assert_eq!(rgba, [r, g, b, 255], "pixel ({}, {})", i % 320, i / 320);
    }
    let mut used = [false; 256];
    frame.iter().for_each(|&i| used[usize::from(i)] = true);
    let colours = used.iter().filter(|&&u| u).count();
    assert!(colours > 20, "a picture of the island, not a blank frame: {colours} colours");
}

/// W held for a second (a `keydown` with code `KeyW`, sixty frames, the `keyup`) moves
/// Cyrus exactly as the core moves him with the forward action held at the same BIOS
/// ticks, and the key press opened the sound: from then on each update that reached a new
/// tick scheduled one buffer of the mix.
#[wasm_bindgen_test]
fn a_held_w_moves_cyrus_and_schedules_the_sound() {
    let canvas = canvas();
    let opened = Opened::embedded();
    let mut game = Game::new(&opened, &canvas, false).unwrap();
    let start = game.session().world.selected_player().unwrap().position;
    game.frame(0.0).unwrap();
    key("KeyW", true);
    for k in 1..=60 {
        game.frame((k * FRAME_MS) as f64).unwrap();
    }
    key("KeyW", false);
    let walked = game.session().world.selected_player().unwrap();

    // The same updates straight through the core: nothing held at tick 0, then forward
    // held at each frame's tick (the shim started at the page's time 0).
    let reference = Opened::embedded();
    let mut session = reference.session().unwrap();
    let mut forward = Input::NONE;
    forward.set(Action::Up, true);
    session.step(&Input::NONE, 0, None);
    for k in 1..=60 {
        session.step(&forward, bios_ticks_from_micros(k * FRAME_MS * 1000), None);
    }
    let expected = session.world.selected_player().unwrap();
    assert_eq!(walked.position, expected.position);
    assert_eq!(walked.angles, expected.angles);
    let moved = (0..3).map(|i| (walked.position[i] - start[i]).unsigned_abs()).max().unwrap();
    assert!(moved > 10_000, "Cyrus ran: {start:?} → {:?}", walked.position);

    // Sixty frames of 17 ms are 1.02 s, 18.57 ticks at 18.2065 a second: the sound opened
    // at tick 0 and the ticks 1 to 18 each brought one buffer, 18 ticks of sound in all:
    // 18 × 44,100 × 65,536 / 1,193,182 = 43,599.9 frames, floored. They are silent: the
    // plateau's grass (`scape` in SURFACE.INI) has no step sound, and nothing else near
    // sounds yet.
    assert_eq!(bios_ticks_from_micros(60 * FRAME_MS * 1000), 18);
    let speaker = game.speaker();
    assert_eq!((speaker.scheduled, speaker.frames, speaker.peak), (18, 43_599, 0));
}

/// The yard walk's sound through the page's speaker: Cyrus's steps on the yard's tiles
/// are heard, and the mix scheduled is as long as `--audio-out`'s file without its tail
/// (tests/tests/engine/audio.rs: the first update at tick 2, the last at 628).
#[wasm_bindgen_test]
fn the_yard_walks_steps_are_scheduled() {
    use stros_core::scenario::Scenario;
    let scenario = Scenario::parse(YARD_WALK).unwrap();
    let mut session = Box::new(stros_host::Session::unloaded(scenario.config(), Default::default()));
    session
        .load(
            &stros_core::files::Embedded,
            stros_core::Choice::Map(stros_core::embedded::MAP),
            stros_core::Start::Replay(&scenario),
        )
        .unwrap();
    let audio: stros_web::keys::Audio = std::rc::Rc::default();
    *audio.borrow_mut() = Some(web_sys::AudioContext::new().unwrap());
    let mut speaker = stros_web::speaker::Speaker::new(audio);
    while let Some(u) = session.next_recorded() {
        session.step(&u.input, u.bios, u.scale);
        speaker.after_step(&session, u.bios, Default::default()).unwrap();
    }
    // 626 ticks: 626 × 44,100 × 65,536 / 1,193,182 = 1,516,303.6 frames, floored.
    assert_eq!(speaker.frames, 1_516_303);
    assert!(speaker.peak > 1000, "the steps are heard: peak {}", speaker.peak);
}

/// The island's files as a player's picked files (a `FileList`, here made through a
/// `DataTransfer`; loose, without folders), or as dropped ones, are read whole and play as
/// the embedded island:
/// the same palette, and after the same frames Cyrus where the embedded game has him.
#[wasm_bindgen_test]
async fn picked_files_are_read_and_play_as_the_island() {
    let data = web_sys::DataTransfer::new().unwrap();
    for f in stros_core::embedded::FILES {
        let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(f.bytes));
        let file = web_sys::File::new_with_u8_array_sequence(&parts, f.name).unwrap();
        data.items().add_with_file(&file).unwrap();
    }
    let read = stros_web::files::from_list(data.files().unwrap()).await.unwrap();
    assert_eq!(read.len(), stros_core::embedded::FILES.len());
    for (f, (name, bytes)) in stros_core::embedded::FILES.iter().zip(&read) {
        assert_eq!((name.as_str(), bytes.as_slice()), (f.name, f.bytes));
    }
    // The same files dropped (as the page's drop handler takes them) read the same.
    let dropped = stros_web::files::from_drop(stros_web::files::dropped(&data)).await.unwrap();
    assert_eq!(dropped, read);
    let install = stros_host::install::Install::from_memory("the chosen files", read).unwrap();
    let picked = Opened::of_install(install).unwrap();
    let embedded = Opened::embedded();
    let mut games =
        [Game::new(&picked, &canvas(), false).unwrap(), Game::new(&embedded, &canvas(), false).unwrap()];
    for k in 0..20 {
        games.iter_mut().for_each(|g| assert!(g.frame((k * FRAME_MS) as f64).unwrap()));
    }
    let [a, b] = games
        .each_ref()
        .map(|g| (g.session().palette.clone(), g.session().world.selected_player().unwrap().position));
    assert_eq!(a, b);
    assert_eq!(games[0].session().world.map(), "HARBOUR");
}

/// A cancelable key event as the browser sends it; whether the page held back the
/// browser's own use of it.
fn held_back(code: &str) -> bool {
    let init = KeyboardEventInit::new();
    init.set_code(code);
    init.set_cancelable(true);
    let e = KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    web_sys::window().unwrap().dispatch_event(&e).unwrap();
    let prevented = e.default_prevented();
    key(code, false);
    prevented
}

/// The keys the game and the page use do not also scroll the page, move the focus or open
/// the browser's help; the rest stay the browser's. The page losing the focus it had
/// pauses the game (W held meanwhile moves nobody), and regaining it goes on.
#[wasm_bindgen_test]
fn the_page_keeps_its_keys_and_pauses_without_the_focus() {
    let canvas = canvas();
    let opened = Opened::embedded();
    let mut game = Game::new(&opened, &canvas, false).unwrap();
    // Space (jump), W, the arrows (movement when unbound), Tab (walk mode), F1 (the debug
    // lines), P (pause); Z, F5 and F12 are nobody's in a page.
    for code in ["Space", "KeyW", "ArrowUp", "ArrowLeft", "Tab", "F1", "KeyP"] {
        assert!(held_back(code), "{code}");
    }
    for code in ["KeyZ", "F5", "F12", "Escape"] {
        assert!(!held_back(code), "{code}");
    }
    let mut t = 0;
    let mut frames = |game: &mut Game<'_>, n: u64| {
        for _ in 0..n {
            game.frame((t * FRAME_MS) as f64).unwrap();
            t += 1;
        }
        game.session().world.selected_player().unwrap().position
    };
    // F1 and P went by above: the debug lines on, and paused, then P again goes on.
    frames(&mut game, 1);
    assert!(game.session().debug_overlay);
    key("KeyP", true);
    key("KeyP", false);
    window_event("focus");
    let start = frames(&mut game, 1);
    window_event("blur");
    key("KeyW", true);
    assert_eq!(frames(&mut game, 30), start, "paused while the page has lost the focus");
    window_event("focus");
    key("KeyW", true);
    assert_ne!(frames(&mut game, 30), start, "going on with the focus back");
    key("KeyW", false);
}

/// An event of `kind` on the window (its focus).
fn window_event(kind: &str) {
    let e = web_sys::Event::new(kind).unwrap();
    web_sys::window().unwrap().dispatch_event(&e).unwrap();
}
