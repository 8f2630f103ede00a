//! `stros-term` on a pseudo-terminal that plays the terminal's part: with the kitty keyboard
//! protocol a key is held from its press to its release, with no repeats needed and Shift a
//! key of its own; without it, a press holds only a moment.

#![cfg(unix)]

use std::fs::File;
use std::io::{Read as _, Write as _};
use std::os::unix::process::CommandExt as _;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rustix::pty::{OpenptFlags, grantpt, openpt, ptsname, unlockpt};

/// The query `supports_keyboard_enhancement` sends: the protocol's flags, then the device
/// attributes that every terminal answers.
const QUERY: &[u8] = b"\x1b[?u\x1b[c";

/// Press and release of W, and of the left Shift key, in the protocol's encoding.
const W_DOWN: &[u8] = b"\x1b[119u";
const W_UP: &[u8] = b"\x1b[119;1:3u";
const SHIFT_DOWN: &[u8] = b"\x1b[57441;2u";
const SHIFT_UP: &[u8] = b"\x1b[57441;1:3u";
const SHIFT_W_DOWN: &[u8] = b"\x1b[119;2u";
const SHIFT_W_UP: &[u8] = b"\x1b[119;2:3u";

/// A running `stros-term --debug` and everything it has written.
struct Term {
    child: Child,
    keys: File,
    screen: Arc<Mutex<Vec<u8>>>,
}

impl Term {
    /// Starts the game on a new pseudo-terminal, answering the query as a terminal with
    /// the protocol (`kitty`) or without it.
    fn start(kitty: bool) -> Term {
        let master = openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY).unwrap();
        grantpt(&master).unwrap();
        unlockpt(&master).unwrap();
        let size = rustix::termios::Winsize { ws_row: 40, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0 };
        rustix::termios::tcsetwinsize(&master, size).unwrap();
        let slave = File::options()
            .read(true)
            .write(true)
            .open(ptsname(&master, Vec::new()).unwrap().to_str().unwrap())
            .unwrap();
        let mut command = Command::new(env!("CARGO_BIN_EXE_stros-term"));
        command.arg("--debug").stdin(slave.try_clone().unwrap()).stdout(slave).stderr(Stdio::null());
        // A session of its own, without a controlling terminal: the game then talks to the
        // pseudo-terminal on its standard streams, never to the one the tests run in.
        // SAFETY: setsid is async-signal-safe and touches no memory of the parent.
        unsafe { command.pre_exec(|| rustix::process::setsid().map(drop).map_err(Into::into)) };
        let child = command.spawn().unwrap();
        let master = File::from(master);
        let (mut reader, mut answer) = (master.try_clone().unwrap(), master.try_clone().unwrap());
        let screen = Arc::new(Mutex::new(Vec::new()));
        let seen = Arc::clone(&screen);
        std::thread::spawn(move || {
            let mut chunk = [0; 1 << 16];
            let mut answered = false;
            while let Ok(n @ 1..) = reader.read(&mut chunk) {
                let mut seen = seen.lock().unwrap();
                seen.extend_from_slice(&chunk[..n]);
                if !answered && seen.windows(QUERY.len()).any(|w| w == QUERY) {
                    answered = true;
                    let flags: &[u8] = if kitty { b"\x1b[?0u" } else { b"" };
                    let _ = answer.write_all(&[flags, b"\x1b[?62;22c"].concat());
                }
            }
        });
        Term { child, keys: master, screen }
    }

    fn send(&mut self, keys: &[u8]) {
        self.keys.write_all(keys).unwrap();
    }

    fn written(&self) -> Vec<u8> {
        self.screen.lock().unwrap().clone()
    }

    /// The player's last drawn map position along the axis he faces at the start (the
    /// third of the `now` line's map coordinates), once the game draws.
    fn position(&self) -> i64 {
        let start = Instant::now();
        loop {
            let text = String::from_utf8_lossy(&self.written()).into_owned();
            if let Some(z) = text.rsplit("now ").find_map(last_map_coordinate) {
                return z;
            }
            assert!(start.elapsed() < Duration::from_secs(30), "no debug line drawn");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Quits with q and checks the terminal is given back.
    fn quit(mut self) -> Vec<u8> {
        self.send(b"q");
        let status = self.child.wait().unwrap();
        assert!(status.success(), "{status:?}");
        std::thread::sleep(Duration::from_millis(200));
        let written = self.written();
        assert!(contains(&written, b"\x1b[?1049l"), "the alternate screen is left");
        written
    }
}

/// The third map coordinate of a `now … map X Y Z` line drawn whole (an escape sequence
/// follows it), from the text after `now `.
fn last_map_coordinate(line: &str) -> Option<i64> {
    let (_, map) = line.split_once(" map ")?;
    let mut numbers = map.splitn(3, ' ');
    let (_, _, rest) = (numbers.next()?, numbers.next()?, numbers.next()?);
    let end = rest.find('\x1b')?;
    rest[..end].parse().ok()
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

fn wait(ms: u64) {
    std::thread::sleep(Duration::from_millis(ms));
}

#[test]
fn with_the_kitty_protocol_a_key_is_held_until_its_release() {
    let mut term = Term::start(true);
    let start = term.position();
    term.send(W_DOWN);
    wait(600);
    let early = term.position();
    wait(600);
    let late = term.position();
    // No repeats were sent: only the press holds W, long after the fallback's 160 ms.
    assert!(start < early && early < late, "{start} {early} {late}");
    let run = late - early;
    term.send(W_UP);
    wait(600);
    let stopped = term.position();
    wait(600);
    assert_eq!(term.position(), stopped, "he stops once W is up");

    // Shift down by itself, then W: he walks, more slowly than he ran.
    term.send(SHIFT_DOWN);
    term.send(SHIFT_W_DOWN);
    wait(600);
    let early = term.position();
    wait(600);
    let walk = term.position() - early;
    assert!(0 < walk && walk * 2 < run, "walk {walk}, run {run}");
    term.send(SHIFT_W_UP);
    term.send(SHIFT_UP);

    let written = term.quit();
    assert!(contains(&written, b"\x1b[>11u"), "the flags pushed: disambiguate, event types, all keys");
    assert!(contains(&written, b"\x1b[<1u"), "and popped");
}

#[test]
fn without_it_a_press_holds_only_a_moment() {
    let mut term = Term::start(false);
    let start = term.position();
    term.send(W_DOWN);
    wait(600);
    let moved = term.position();
    wait(600);
    assert!(start < moved, "the press moved him: {start} {moved}");
    assert_eq!(term.position(), moved, "and with no repeat he stopped");
    let written = term.quit();
    assert!(!contains(&written, b"\x1b[>"), "no flags pushed");
}
