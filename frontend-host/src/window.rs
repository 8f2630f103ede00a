//! The minifb window's glue (feature `window`): minifb's keys named by their W3C codes for
//! [`crate::keys`], every key event in the order it came (a press and its release inside one
//! frame included), and fullscreen — the window re-created borderless and topmost at the
//! screen's size, which minifb does not tell, so the platform is asked (X11, Windows, macOS).

use std::cell::RefCell;
use std::rc::Rc;

use minifb::{InputCallback, Key, Scale, ScaleMode, Window, WindowOptions};

use crate::present::Letterbox;

/// The window's updates a second at most, as the original's frame rate allowed; the game
/// takes its pace from the BIOS ticks, whatever this is.
const FPS: usize = 70;

/// The window's title, and the prefix `xdotool search --name '^Stros'` finds it by.
pub const TITLE: &str = "Stros";

/// The W3C `KeyboardEvent.code` of a minifb key, for [`crate::keys::scancode`]. minifb on X11
/// names a key by its unshifted symbol in the active layout, so on a layout other than US
/// QWERTY the names follow the letters printed on the keys, not their places.
pub fn code(key: Key) -> Option<&'static str> {
    KEYS.iter().find(|(k, _)| *k == key).map(|&(_, c)| c)
}

/// Every minifb key with a W3C name; `Unknown` and `Count` have none.
const KEYS: [(Key, &str); 106] = [
    (Key::Key0, "Digit0"),
    (Key::Key1, "Digit1"),
    (Key::Key2, "Digit2"),
    (Key::Key3, "Digit3"),
    (Key::Key4, "Digit4"),
    (Key::Key5, "Digit5"),
    (Key::Key6, "Digit6"),
    (Key::Key7, "Digit7"),
    (Key::Key8, "Digit8"),
    (Key::Key9, "Digit9"),
    (Key::A, "KeyA"),
    (Key::B, "KeyB"),
    (Key::C, "KeyC"),
    (Key::D, "KeyD"),
    (Key::E, "KeyE"),
    (Key::F, "KeyF"),
    (Key::G, "KeyG"),
    (Key::H, "KeyH"),
    (Key::I, "KeyI"),
    (Key::J, "KeyJ"),
    (Key::K, "KeyK"),
    (Key::L, "KeyL"),
    (Key::M, "KeyM"),
    (Key::N, "KeyN"),
    (Key::O, "KeyO"),
    (Key::P, "KeyP"),
    (Key::Q, "KeyQ"),
    (Key::R, "KeyR"),
    (Key::S, "KeyS"),
    (Key::T, "KeyT"),
    (Key::U, "KeyU"),
    (Key::V, "KeyV"),
    (Key::W, "KeyW"),
    (Key::X, "KeyX"),
    (Key::Y, "KeyY"),
    (Key::Z, "KeyZ"),
    (Key::F1, "F1"),
    (Key::F2, "F2"),
    (Key::F3, "F3"),
    (Key::F4, "F4"),
    (Key::F5, "F5"),
    (Key::F6, "F6"),
    (Key::F7, "F7"),
    (Key::F8, "F8"),
    (Key::F9, "F9"),
    (Key::F10, "F10"),
    (Key::F11, "F11"),
    (Key::F12, "F12"),
    (Key::F13, "F13"),
    (Key::F14, "F14"),
    (Key::F15, "F15"),
    (Key::Down, "ArrowDown"),
    (Key::Left, "ArrowLeft"),
    (Key::Right, "ArrowRight"),
    (Key::Up, "ArrowUp"),
    (Key::Apostrophe, "Quote"),
    (Key::Backquote, "Backquote"),
    (Key::Backslash, "Backslash"),
    (Key::Comma, "Comma"),
    (Key::Equal, "Equal"),
    (Key::LeftBracket, "BracketLeft"),
    (Key::Minus, "Minus"),
    (Key::Period, "Period"),
    (Key::RightBracket, "BracketRight"),
    (Key::Semicolon, "Semicolon"),
    (Key::Slash, "Slash"),
    (Key::Backspace, "Backspace"),
    (Key::Delete, "Delete"),
    (Key::End, "End"),
    (Key::Enter, "Enter"),
    (Key::Escape, "Escape"),
    (Key::Home, "Home"),
    (Key::Insert, "Insert"),
    (Key::Menu, "ContextMenu"),
    (Key::PageDown, "PageDown"),
    (Key::PageUp, "PageUp"),
    (Key::Pause, "Pause"),
    (Key::Space, "Space"),
    (Key::Tab, "Tab"),
    (Key::NumLock, "NumLock"),
    (Key::CapsLock, "CapsLock"),
    (Key::ScrollLock, "ScrollLock"),
    (Key::LeftShift, "ShiftLeft"),
    (Key::RightShift, "ShiftRight"),
    (Key::LeftCtrl, "ControlLeft"),
    (Key::RightCtrl, "ControlRight"),
    (Key::NumPad0, "Numpad0"),
    (Key::NumPad1, "Numpad1"),
    (Key::NumPad2, "Numpad2"),
    (Key::NumPad3, "Numpad3"),
    (Key::NumPad4, "Numpad4"),
    (Key::NumPad5, "Numpad5"),
    (Key::NumPad6, "Numpad6"),
    (Key::NumPad7, "Numpad7"),
    (Key::NumPad8, "Numpad8"),
    (Key::NumPad9, "Numpad9"),
    (Key::NumPadDot, "NumpadDecimal"),
    (Key::NumPadSlash, "NumpadDivide"),
    (Key::NumPadAsterisk, "NumpadMultiply"),
    (Key::NumPadMinus, "NumpadSubtract"),
    (Key::NumPadPlus, "NumpadAdd"),
    (Key::NumPadEnter, "NumpadEnter"),
    (Key::LeftAlt, "AltLeft"),
    (Key::RightAlt, "AltRight"),
    (Key::LeftSuper, "MetaLeft"),
    (Key::RightSuper, "MetaRight"),
];

/// The key events minifb reports through its input callback, queued until the frame reads
/// them: its own key table keeps only each frame's levels, so a tap between two frames
/// would be lost and with it the press the host keys act on.
#[derive(Clone, Default)]
struct Queue(Rc<RefCell<Vec<(Key, bool)>>>);

impl InputCallback for Queue {
    fn add_char(&mut self, _: u32) {}

    fn set_key_state(&mut self, key: Key, down: bool) {
        self.0.borrow_mut().push((key, down));
    }
}

/// A key event: its W3C code, whether it went down, and whether that was a repeat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeyEvent {
    /// The key's W3C code.
    pub code: &'static str,
    /// Down (or repeating) rather than up.
    pub down: bool,
    /// A key repeat: down again without having gone up.
    pub repeat: bool,
}

/// The game's window: windowed at a size the player can change, or fullscreen.
pub struct Shown {
    window: Window,
    queue: Queue,
    /// The keys down, to tell repeats from presses.
    held: Vec<Key>,
    /// While fullscreen, the windowed size to go back to.
    windowed: Option<(usize, usize)>,
    /// The activity last reported ([`Shown::focus_change`]).
    active: bool,
    title_paused: bool,
    told_no_fullscreen: bool,
}

impl Shown {
    /// Opens a resizable window of `size` pixels.
    pub fn open(size: (usize, usize)) -> Result<Shown, String> {
        let (window, queue) = create(size, false)?;
        Ok(Shown {
            window,
            queue,
            held: Vec::new(),
            windowed: None,
            active: false,
            title_paused: false,
            told_no_fullscreen: false,
        })
    }

    /// The key events since the last call, in order.
    pub fn key_events(&mut self) -> Vec<KeyEvent> {
        read(std::mem::take(&mut *self.queue.0.borrow_mut()), &mut self.held)
    }

    /// Whether the window became active (`Some(true)`) or stopped being (`Some(false)`)
    /// since the last call. A new window is inactive until the platform says otherwise.
    pub fn focus_change(&mut self) -> Option<bool> {
        let now = self.window.is_active();
        (now != std::mem::replace(&mut self.active, now)).then_some(now)
    }

    /// The window's size in pixels now.
    pub fn size(&self) -> (usize, usize) {
        self.window.get_size()
    }

    /// Whether the window is still open (not closed by its close button).
    pub fn is_open(&self) -> bool {
        self.window.is_open()
    }

    /// Shows `letterbox` (drawn at [`Shown::size`]) pixel for pixel, the title saying whether
    /// the game is paused, and takes the platform's events.
    pub fn present(&mut self, letterbox: &Letterbox, paused: bool) -> Result<(), String> {
        if paused != std::mem::replace(&mut self.title_paused, paused) {
            self.window.set_title(if paused { "Stros (paused: P)" } else { TITLE });
        }
        match letterbox.size {
            // A window of no size (minimised by some platforms) shows nothing; its events
            // are still taken.
            (0, _) | (_, 0) => {
                self.window.update();
                Ok(())
            }
            (w, h) => self.window.update_with_buffer(&letterbox.pixels, w, h).map_err(|e| e.to_string()),
        }
    }

    /// Fullscreen on or off: the window re-created borderless and topmost at the screen's
    /// size, or back at its windowed size. Where the platform's screen size is unknown, says
    /// so once. Keys held across the switch count as released.
    pub fn toggle_fullscreen(&mut self) {
        let (size, fullscreen) = match self.windowed {
            Some(size) => (size, false),
            None => match screen_size(&self.window) {
                Some(size) => (size, true),
                None => {
                    if !std::mem::replace(&mut self.told_no_fullscreen, true) {
                        log::warn!("fullscreen is not available here: the screen's size is unknown");
                    }
                    return;
                }
            },
        };
        let windowed = self.window.get_size();
        match create(size, fullscreen) {
            Ok((window, queue)) => {
                // The old window closes only now, so the screen is never without one.
                self.window = window;
                self.queue = queue;
                self.held.clear();
                self.windowed = fullscreen.then_some(windowed);
                // The new window's activity is reported afresh: one that never gets it (no
                // window manager) plays on, as a first window does.
                self.active = false;
                self.title_paused = false;
                if fullscreen {
                    platform::raise(&self.window);
                }
            }
            Err(e) => log::error!("cannot switch fullscreen {}: {e}", if fullscreen { "on" } else { "off" }),
        }
    }
}

/// minifb's key events as W3C codes, a press of a key already in `held` (the keys down)
/// marked as a repeat; keys without a W3C name are left out.
fn read(events: Vec<(Key, bool)>, held: &mut Vec<Key>) -> Vec<KeyEvent> {
    let mut out = Vec::with_capacity(events.len());
    for (key, down) in events {
        let was = held.contains(&key);
        held.retain(|&k| k != key);
        if down {
            held.push(key);
        }
        if let Some(code) = code(key) {
            out.push(KeyEvent { code, down, repeat: down && was });
        }
    }
    out
}

/// A window of `size` showing a buffer of its own size unscaled, its key events queued;
/// fullscreen: borderless, topmost, at the screen's top left.
fn create(size: (usize, usize), fullscreen: bool) -> Result<(Window, Queue), String> {
    let options = WindowOptions {
        borderless: fullscreen,
        title: !fullscreen,
        resize: true,
        scale: Scale::X1,
        // The letterbox is drawn at the window's size; a frame drawn before a resize took
        // effect shows at the top left for one frame rather than stretched.
        scale_mode: ScaleMode::UpperLeft,
        topmost: fullscreen,
        ..WindowOptions::default()
    };
    let mut window = Window::new(TITLE, size.0.max(1), size.1.max(1), options).map_err(|e| e.to_string())?;
    window.set_target_fps(FPS);
    if fullscreen {
        window.set_position(0, 0);
    }
    let queue = Queue::default();
    window.set_input_callback(Box::new(queue.clone()));
    Ok((window, queue))
}

/// The size of the screen `window` is on, from the platform (minifb does not tell it).
pub fn screen_size(window: &Window) -> Option<(usize, usize)> {
    platform::screen_size(window).filter(|&(w, h)| w > 0 && h > 0)
}

#[cfg(target_os = "linux")]
mod platform {
    //! X11, through minifb's own connection and Xlib (loaded at run time, as minifb does).

    use std::ffi::c_long;

    use raw_window_handle::{HasDisplayHandle, HasWindowHandle, RawDisplayHandle, RawWindowHandle};
    use x11_dl::xlib;

    /// minifb's display connection, its screen and the window's id.
    fn handles(window: &minifb::Window) -> Option<(*mut xlib::Display, i32, xlib::Window)> {
        let RawDisplayHandle::Xlib(d) = window.display_handle().ok()?.as_raw() else { return None };
        let RawWindowHandle::Xlib(w) = window.window_handle().ok()?.as_raw() else { return None };
        Some((d.display?.as_ptr().cast(), d.screen, w.window))
    }

    /// The X screen's size.
    pub fn screen_size(window: &minifb::Window) -> Option<(usize, usize)> {
        let (display, screen, _) = handles(window)?;
        let x = xlib::Xlib::open().ok()?;
        // SAFETY: `display` is the open connection of `window`, which outlives the calls;
        // both only read the screen's size.
        let (w, h) = unsafe { ((x.XDisplayWidth)(display, screen), (x.XDisplayHeight)(display, screen)) };
        Some((usize::try_from(w).ok()?, usize::try_from(h).ok()?))
    }

    /// Asks the window manager to keep the window above the others and fullscreen (EWMH's
    /// `_NET_WM_STATE`; minifb's `topmost` does nothing on X11). Without a window manager
    /// nobody answers, and the borderless window at the screen's size is fullscreen already.
    pub fn raise(window: &minifb::Window) {
        let (Some((display, screen, id)), Ok(x)) = (handles(window), xlib::Xlib::open()) else { return };
        // SAFETY: `display` is the open connection of `window`, which outlives the calls;
        // the event is zeroed and then filled as a ClientMessage of 32-bit values, as EWMH
        // lays it out, and sent to the root window as EWMH asks.
        unsafe {
            let atom = |name: &std::ffi::CStr| (x.XInternAtom)(display, name.as_ptr(), xlib::False);
            let (state, above, full) =
                (atom(c"_NET_WM_STATE"), atom(c"_NET_WM_STATE_ABOVE"), atom(c"_NET_WM_STATE_FULLSCREEN"));
            let mut event: xlib::XEvent = std::mem::zeroed();
            event.client_message = xlib::XClientMessageEvent {
                type_: xlib::ClientMessage,
                serial: 0,
                send_event: xlib::True,
                display,
                window: id,
                message_type: state,
                format: 32,
                // 1: add the states; 1: asked by an ordinary application.
                data: xlib::ClientMessageData::from([1, above as c_long, full as c_long, 1, 0]),
            };
            let root = (x.XRootWindow)(display, screen);
            let mask = xlib::SubstructureRedirectMask | xlib::SubstructureNotifyMask;
            (x.XSendEvent)(display, root, xlib::False, mask, &mut event);
            (x.XFlush)(display);
        }
    }
}

#[cfg(windows)]
mod platform {
    //! Windows: the monitor the window is on.

    use raw_window_handle::{HasWindowHandle, RawWindowHandle};
    use winapi::shared::windef::HWND;
    use winapi::um::winuser::{GetMonitorInfoW, MONITOR_DEFAULTTONEAREST, MONITORINFO, MonitorFromWindow};

    /// The size of the monitor the window is on (its work area and task bar included).
    pub fn screen_size(window: &minifb::Window) -> Option<(usize, usize)> {
        let RawWindowHandle::Win32(h) = window.window_handle().ok()?.as_raw() else { return None };
        // SAFETY: MONITORINFO is plain data (zero is a valid value); the handle is
        // `window`'s, alive across the calls; `info` is sized as the call requires.
        let (ok, info) = unsafe {
            let mut info: MONITORINFO = std::mem::zeroed();
            info.cbSize = size_of::<MONITORINFO>() as u32;
            let monitor = MonitorFromWindow(h.hwnd.get() as HWND, MONITOR_DEFAULTTONEAREST);
            (GetMonitorInfoW(monitor, &mut info) != 0, info)
        };
        let r = info.rcMonitor;
        ok.then(|| ((r.right - r.left).max(0) as usize, (r.bottom - r.top).max(0) as usize))
    }

    /// minifb's `topmost` does it on Windows.
    pub fn raise(_: &minifb::Window) {}
}

#[cfg(target_os = "macos")]
mod platform {
    //! macOS: the main display, from CoreGraphics (in points, as minifb's window sizes are).

    #[link(name = "CoreGraphics", kind = "framework")]
    unsafe extern "C" {
        fn CGMainDisplayID() -> u32;
        fn CGDisplayPixelsWide(display: u32) -> usize;
        fn CGDisplayPixelsHigh(display: u32) -> usize;
    }

    /// The main display's size.
    pub fn screen_size(_: &minifb::Window) -> Option<(usize, usize)> {
        // SAFETY: the three calls take and return plain values.
        unsafe {
            let d = CGMainDisplayID();
            Some((CGDisplayPixelsWide(d), CGDisplayPixelsHigh(d)))
        }
    }

    /// minifb's `topmost` does it on macOS.
    pub fn raise(_: &minifb::Window) {}
}

#[cfg(not(any(target_os = "linux", windows, target_os = "macos")))]
mod platform {
    //! Elsewhere the screen's size is unknown, and fullscreen says so.

    pub fn screen_size(_: &minifb::Window) -> Option<(usize, usize)> {
        None
    }

    pub fn raise(_: &minifb::Window) {}
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keys::scancode;

    /// Every named key is a W3C code the keyboard table knows, but the seven the PC AT set 1
    /// table of KEYS.INI has no slot for; no two keys share a name.
    #[test]
    fn minifb_keys_land_on_the_original_scancodes() {
        let unslotted = ["F13", "F14", "F15", "ContextMenu", "Pause", "MetaLeft", "MetaRight"];
        for (key, name) in KEYS {
            assert_eq!(scancode(name).is_some(), !unslotted.contains(&name), "{key:?} {name}");
            assert_eq!(KEYS.iter().filter(|(_, n)| *n == name).count(), 1, "{name}");
        }
        // KEYS.INI's `[defined]` numbers: 17 "w", 72 "kbd up", 28 "enter", 56 "alt",
        // 54 the right shift, 83 keypad '.', 88 "f12".
        let cases = [
            (Key::W, 17),
            (Key::Up, 72),
            (Key::NumPad8, 72),
            (Key::NumPadEnter, 28),
            (Key::LeftAlt, 56),
            (Key::RightShift, 54),
            (Key::NumPadDot, 83),
            (Key::F12, 88),
            (Key::Apostrophe, 40),
            (Key::LeftBracket, 26),
        ];
        for (key, want) in cases {
            assert_eq!(code(key).and_then(scancode), Some(want), "{key:?}");
        }
        assert_eq!(code(Key::Unknown), None);
    }

    /// The queue keeps a press and its release inside one frame, in order; a second press
    /// without a release is a repeat.
    #[test]
    fn key_events_keep_taps_and_tell_repeats() {
        let mut q = Queue::default();
        q.set_key_state(Key::P, true);
        q.set_key_state(Key::P, false);
        q.set_key_state(Key::W, true);
        q.set_key_state(Key::W, true);
        q.set_key_state(Key::Unknown, true);
        let mut held = vec![Key::LeftShift];
        let seen: Vec<_> =
            read(q.0.take(), &mut held).into_iter().map(|e| (e.code, e.down, e.repeat)).collect();
        assert_eq!(
            seen,
            [("KeyP", true, false), ("KeyP", false, false), ("KeyW", true, false), ("KeyW", true, true)]
        );
        assert_eq!(held, [Key::LeftShift, Key::W, Key::Unknown]);
        assert!(q.0.borrow().is_empty());
    }
}
