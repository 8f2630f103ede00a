//! The page's keyboard and focus: `keydown`/`keyup` by `KeyboardEvent.code`, the W3C names
//! the host glue maps to the PC AT scancodes KEYS.INI binds ([`stros_host::keys`]);
//! browsers report every release. The first key press also opens the sound (browsers let
//! a page start audio only from a user's gesture).

use std::cell::RefCell;
use std::rc::Rc;

use stros_core::input::{Input, TAB};
use stros_host::World;
use stros_host::controls::HostKey;
use stros_host::keys::{ARROWS, Keyboard, scancode};
use wasm_bindgen::prelude::*;
use web_sys::{AudioContext, KeyboardEvent};

/// The audio context the first key press opens, shared with the speaker.
pub type Audio = Rc<RefCell<Option<AudioContext>>>;

thread_local! {
    /// The page's one audio context: a game the player opens later plays through the one
    /// an earlier key press opened.
    static PAGE_AUDIO: Audio = Rc::default();
}

/// What the listeners saw since the game last looked.
struct State {
    keyboard: Keyboard,
    host: Vec<HostKey>,
    focus: Option<bool>,
    audio: Audio,
}

/// An event listener on the window.
type Listener = Closure<dyn FnMut(web_sys::Event)>;

/// The page's keys and focus, listened to on the window for as long as this lives.
pub struct Keys {
    state: Rc<RefCell<State>>,
    listeners: Vec<(&'static str, Listener)>,
}

/// The host keys a page keeps: pause, the volume, the debug lines. Quitting, fullscreen,
/// screenshots and the save slots are the browser's (its own keys and menus).
fn page_key(key: HostKey) -> bool {
    matches!(
        key,
        HostKey::Pause | HostKey::Mute | HostKey::VolumeDown | HostKey::VolumeUp | HostKey::DebugLines
    )
}

impl Keys {
    /// Listens for `world`'s keys (its KEYS.INI) on the page's window.
    pub fn listen(world: &World<'_>) -> Result<Keys, JsValue> {
        let state = Rc::new(RefCell::new(State {
            keyboard: Keyboard::for_world(world),
            host: Vec::new(),
            // A page that has the focus now pauses when it loses it (the runner plays on
            // until a window it never had the focus of first gets it).
            focus: web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.has_focus().ok())
                .filter(|&f| f),
            audio: PAGE_AUDIO.with(Rc::clone),
        }));
        let mut keys = Keys { state, listeners: Vec::new() };
        for (name, pressed) in [("keydown", true), ("keyup", false)] {
            let state = keys.state.clone();
            keys.add(name, move |e| {
                if let Some(e) = e.dyn_ref::<KeyboardEvent>() {
                    state.borrow_mut().key(e, pressed);
                }
            })?;
        }
        for (name, focused) in [("blur", false), ("focus", true)] {
            let state = keys.state.clone();
            keys.add(name, move |_| {
                let mut s = state.borrow_mut();
                s.focus = Some(focused);
                if !focused {
                    // Its releases go to another window.
                    s.keyboard.release_all();
                }
            })?;
        }
        Ok(keys)
    }

    fn add(&mut self, name: &'static str, f: impl FnMut(web_sys::Event) + 'static) -> Result<(), JsValue> {
        let closure = Listener::new(f);
        let window = web_sys::window().ok_or("no window")?;
        window.add_event_listener_with_callback(name, closure.as_ref().unchecked_ref())?;
        self.listeners.push((name, closure));
        Ok(())
    }

    /// The audio context, once a key press has opened it.
    pub fn audio(&self) -> Audio {
        self.state.borrow().audio.clone()
    }

    /// The host keys pressed since the last call.
    pub fn host_keys(&self) -> Vec<HostKey> {
        std::mem::take(&mut self.state.borrow_mut().host)
    }

    /// Whether the page gained (`true`) or lost the focus since the last call.
    pub fn focus_change(&self) -> Option<bool> {
        self.state.borrow_mut().focus.take()
    }

    /// The next update's input.
    pub fn input(&self) -> Input {
        self.state.borrow_mut().keyboard.input()
    }
}

impl State {
    /// A key went down or up. The browser's own use of the keys the game and the page
    /// use (scrolling, moving the focus, F1's help) is held back.
    fn key(&mut self, e: &KeyboardEvent, pressed: bool) {
        let code = e.code();
        let host = HostKey::of(&code, &self.keyboard).filter(|&k| page_key(k));
        if pressed && !e.repeat() {
            self.host.extend(host);
            self.open_audio();
        }
        let game = scancode(&code).is_some_and(|c| {
            self.keyboard.bound(c) || c == TAB || ARROWS.iter().any(|&(arrow, _)| arrow == c)
        });
        if game || host.is_some() {
            e.prevent_default();
        }
        self.keyboard.key(&code, pressed);
    }

    /// Opens the audio context on the first press (and wakes one the browser suspended).
    fn open_audio(&mut self) {
        let mut audio = self.audio.borrow_mut();
        if audio.is_none() {
            *audio = AudioContext::new().ok();
        }
        if let Some(context) = audio.as_ref()
            && context.state() == web_sys::AudioContextState::Suspended
        {
            let _ = context.resume();
        }
    }
}

impl Drop for Keys {
    fn drop(&mut self) {
        if let Some(window) = web_sys::window() {
            for (name, closure) in &self.listeners {
                let _ = window.remove_event_listener_with_callback(name, closure.as_ref().unchecked_ref());
            }
        }
    }
}
