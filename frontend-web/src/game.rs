//! One game on the page: the host's [`Runner`] around the session, one update per
//! animation frame at the BIOS tick the frame's time gives, the frame drawn to the canvas
//! and the update's sound scheduled.

use std::cell::Cell;
use std::rc::Rc;

use stros_host::clock::Timebase;
use stros_host::{FileArgs, HostError, Opened, RunArgs, Runner, Screen, Session};
use wasm_bindgen::prelude::*;
use web_sys::HtmlCanvasElement;

use crate::keys::Keys;
use crate::speaker::Speaker;
use crate::video::Video;

/// The page's time as the BIOS clock shim reads it: the timestamp of the animation frame
/// being run (`performance.now()`'s milliseconds), which the game loop sets before each
/// update, counted from the game's first frame, so that the first update sees tick 0
/// however long the page has been open.
#[derive(Clone, Debug, Default)]
pub struct FrameTime(Rc<Cell<Option<(f64, f64)>>>);

impl FrameTime {
    /// The frame at `ms` milliseconds runs now.
    pub fn set(&self, ms: f64) {
        let first = self.0.get().map_or(ms, |(first, _)| first);
        self.0.set(Some((first, ms)));
    }
}

impl Timebase for FrameTime {
    fn micros(&self) -> u64 {
        // Saturating: a time before the first frame, or not a number, reads 0.
        self.0.get().map_or(0, |(first, now)| ((now - first) * 1000.0) as u64)
    }
}

/// A game running on a canvas.
pub struct Game<'a> {
    runner: Runner<'a, FrameTime>,
    time: FrameTime,
    screen: Screen,
    video: Video,
    speaker: Speaker,
    keys: Keys,
}

impl<'a> Game<'a> {
    /// A new game of `opened` drawn on `canvas` (which takes the frame's size: 320×200, or
    /// 640×400 when `high`), listening to the page's keys and focus.
    pub fn new(opened: &'a Opened, canvas: &HtmlCanvasElement, high: bool) -> Result<Game<'a>, HostError> {
        let time = FrameTime::default();
        let runner = opened.runner_on(&FileArgs::default(), &RunArgs::default(), time.clone())?;
        let screen = Screen::new(high);
        let keys = Keys::listen(&runner.session.world).map_err(js_error)?;
        Ok(Game {
            video: Video::new(canvas, screen.width, screen.height).map_err(js_error)?,
            speaker: Speaker::new(keys.audio()),
            runner,
            time,
            screen,
            keys,
        })
    }

    /// The animation frame at `ms`: the host keys and focus changes since the last, one
    /// update (none while paused), its sound scheduled and its picture put on the canvas.
    /// `false` once the game has ended (a script's `WonGame`).
    pub fn frame(&mut self, ms: f64) -> Result<bool, HostError> {
        self.time.set(ms);
        for key in self.keys.host_keys() {
            self.runner.apply(key);
        }
        if let Some(focused) = self.keys.focus_change() {
            self.runner.focus(focused);
        }
        let before = self.runner.updates;
        let keys = &self.keys;
        let more = self.runner.update(|| keys.input(), || {})?;
        if let (true, Some(bios)) = (self.runner.updates > before, self.runner.bios()) {
            self.speaker.after_step(&self.runner.session, bios, self.runner.volume).map_err(js_error)?;
        }
        self.screen.draw(&self.runner.session);
        self.video.present(&self.screen, &self.runner.session.palette).map_err(js_error)?;
        Ok(more)
    }

    /// The session being played.
    pub fn session(&self) -> &Session<'a> {
        &self.runner.session
    }

    /// The last frame drawn (palette indices).
    pub fn screen(&self) -> &Screen {
        &self.screen
    }

    /// The sound output.
    pub fn speaker(&self) -> &Speaker {
        &self.speaker
    }
}

/// A browser API's failure, as the line the page shows.
pub fn js_error(e: JsValue) -> HostError {
    let text = e.as_string().or_else(|| e.dyn_ref::<js_sys::Error>().map(|e| String::from(e.message())));
    HostError::Frontend(text.unwrap_or_else(|| format!("{e:?}")))
}

/// The timestamp of the next animation frame, ms (`requestAnimationFrame`).
pub async fn next_frame() -> Result<f64, JsValue> {
    let window = web_sys::window().ok_or("no window")?;
    let promise = js_sys::Promise::new(&mut |resolve, reject| {
        if let Err(e) = window.request_animation_frame(&resolve) {
            let _ = reject.call1(&JsValue::NULL, &e);
        }
    });
    let time = wasm_bindgen_futures::JsFuture::from(promise).await?;
    time.as_f64().ok_or_else(|| "no frame time".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frame_times_count_from_the_first_frame() {
        let t = FrameTime::default();
        assert_eq!(t.micros(), 0);
        t.set(12_345.5);
        assert_eq!(t.micros(), 0, "the page was open 12 s before the game's first frame");
        t.set(12_362.25);
        assert_eq!(t.micros(), 16_750);
        t.set(f64::NAN);
        assert_eq!(t.micros(), 0);
    }
}
