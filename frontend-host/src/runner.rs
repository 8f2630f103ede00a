//! The game loop every frontend runs: input recorded or live, the PIT/BIOS clock shim,
//! replay pacing, the update, the recording and trace, and sound. A frontend hands it its
//! keyboard and presents the frames.

use std::path::{Path, PathBuf};

use stros_core::input::Input;
use stros_core::scenario::Scenario;
use stros_core::session::Recorded;

use crate::Session;

use crate::clock::{BiosClock, Monotonic, Timebase};
use crate::outputs::Outputs;
use crate::{FileArgs, HostError, RunArgs};

/// A session and everything that runs around it, on the host's time `T` (the desktop's
/// monotonic clock, or a browser's frame times).
pub struct Runner<'a, T: Timebase + Clone = Monotonic> {
    /// The game.
    pub session: Box<Session<'a>>,
    outputs: Outputs,
    audio_out: Option<crate::wav::AudioOut>,
    #[cfg(feature = "audio")]
    audio: Option<crate::audio::Audio>,
    clock: BiosClock<T>,
    /// The BIOS tick of the last update run.
    bios: Option<u32>,
    /// The clock's tick at the first replayed update.
    replay_base: Option<u32>,
    frames: Option<u64>,
    /// `--panic-after`: the updates before a deliberate panic.
    panic_after: Option<u64>,
    /// Updates run so far.
    pub updates: u64,
    /// The player's volume (`--volume`, `--mute`, the window's keys).
    pub volume: crate::settings::Volume,
    /// Whether the player paused, and whether the window has the focus (`None` until it
    /// first gets it).
    pause_asked: bool,
    focused: Option<bool>,
    /// What the session restarts from after the player's death ([`Runner::restarting_from`]).
    restart: Option<&'a crate::Opened>,
    /// Where F5 and F8 save and load ([`crate::saves`]).
    saves: PathBuf,
    /// `--save`: the save written when the run ends.
    save_at_end: Option<PathBuf>,
    /// A script's `WonGame` ended the game.
    won: bool,
}

impl<'a> Runner<'a> {
    /// Runs `session` with the files and limits of the options, on the desktop's clock.
    pub fn new(session: Box<Session<'a>>, files: &FileArgs, run: &RunArgs) -> Runner<'a> {
        Runner::on(session, files, run, Monotonic::default())
    }
}

impl<'a, T: Timebase + Clone> Runner<'a, T> {
    /// Runs `session` with the files and limits of the options, its BIOS clock shim
    /// reading the host's time `time`.
    pub fn on(mut session: Box<Session<'a>>, files: &FileArgs, run: &RunArgs, time: T) -> Runner<'a, T> {
        session.debug_overlay = run.debug;
        Runner {
            session,
            outputs: Outputs::new(files.record.clone(), files.trace.clone()),
            audio_out: files.audio_out.clone().map(crate::wav::AudioOut::new),
            #[cfg(feature = "audio")]
            audio: None,
            clock: BiosClock::start_on(time),
            bios: None,
            replay_base: None,
            frames: run.frames,
            panic_after: run.panic_after,
            updates: 0,
            volume: crate::settings::Volume::of(run),
            pause_asked: false,
            focused: None,
            restart: None,
            saves: files.saves.clone().unwrap_or_default(),
            save_at_end: files.save.clone(),
            won: false,
        }
    }

    /// Restarts the session from `opened` (the files it was opened from) whenever the world
    /// loop ends with the player's death ([`stros_core::session::Session::restart`], a best
    /// guess). Without it the dead player stays where he fell.
    pub fn restarting_from(mut self, opened: &'a crate::Opened) -> Runner<'a, T> {
        self.restart = Some(opened);
        self
    }

    /// Opens sound output for an interactive run (its bank, SYSTEM.INI's master volume and
    /// sound distance); a warning when there is none.
    #[cfg(feature = "audio")]
    pub fn start_audio(&mut self) {
        let Some(bank) = self.session.sounds else {
            log::warn!("audio is off (no MAIN.SFX)");
            return;
        };
        let c = self.session.world.config();
        self.audio = crate::audio::Audio::start(bank.bytes(), c.volume, c.sound_distance);
        self.set_volume(self.volume);
    }

    /// Sets the speakers' level.
    pub fn set_volume(&mut self, volume: crate::settings::Volume) {
        self.volume = volume;
        #[cfg(feature = "audio")]
        if let Some(a) = &self.audio {
            a.set_volume(volume);
        }
    }

    /// What a host key asks of the game: pause, volume, the debug lines (the window's own
    /// keys, fullscreen and quitting, are the frontend's).
    pub fn apply(&mut self, key: crate::controls::HostKey) {
        use crate::controls::HostKey;
        match key {
            HostKey::Pause => {
                self.pause_asked = !self.pause_asked;
                self.pause(self.pause_asked || self.focused == Some(false));
            }
            HostKey::Mute | HostKey::VolumeDown | HostKey::VolumeUp => {
                self.set_volume(key.volume(self.volume))
            }
            HostKey::DebugLines => self.session.debug_overlay ^= true,
            HostKey::Save => {
                let path = crate::saves::slot_path(&self.saves, crate::saves::QUICK_SLOT);
                match self.save(&path) {
                    Ok(()) => log::info!("saved the game to {}", path.display()),
                    Err(e) => log::error!("{e}"),
                }
            }
            HostKey::Load => {
                let path = crate::saves::slot_path(&self.saves, crate::saves::QUICK_SLOT);
                match self.load(&path) {
                    Ok(()) => log::info!("loaded the game of {}", path.display()),
                    Err(e) => log::error!("{e} (the game goes on)"),
                }
            }
            HostKey::Quit | HostKey::Fullscreen | HostKey::Screenshot => {}
        }
    }

    /// The window gained or lost the focus: having lost it the game pauses, since its key
    /// releases go to another window. A window that never had it (a new window on a display
    /// without a window manager) plays on.
    pub fn focus(&mut self, focused: bool) {
        if focused || self.focused.is_some() {
            self.focused = Some(focused);
        }
        self.pause(self.pause_asked || self.focused == Some(false));
    }

    /// Pauses or resumes the game: the BIOS clock shim stops (so the paused time never
    /// reaches the game) and the sound holds.
    fn pause(&mut self, paused: bool) {
        self.clock.pause(paused);
        #[cfg(feature = "audio")]
        if let Some(a) = &self.audio {
            a.pause(paused);
        }
    }

    /// The BIOS tick of the last update run (`None` before the first).
    pub fn bios(&self) -> Option<u32> {
        self.bios
    }

    /// Whether the game is paused.
    pub fn paused(&self) -> bool {
        self.clock.paused()
    }

    /// There is no display (`why`): a run that ends by itself (`--frames`, `--replay`) goes on
    /// off-screen, after a line saying so; a live one cannot.
    pub fn without_window(&self, why: impl std::fmt::Display) -> Result<(), (HostError, u8)> {
        if self.frames.is_none() && !self.session.is_replay() {
            let e = format!("cannot open a window: {why} (try --headless --frames N)");
            return Err((HostError::Frontend(e), 2));
        }
        log::warn!("no window ({why}); rendering off-screen");
        Ok(())
    }

    /// Whether `--frames` updates have run, or a script's `WonGame` ended the game.
    pub fn done(&self) -> bool {
        self.won || self.frames.is_some_and(|n| self.updates >= n)
    }

    /// One update at the host clock's pace: the recording's next update once the clock
    /// reaches its tick (calling `wait` while it waits), or `live()` at the clock's tick now.
    /// `Ok(false)` when the recording is over or `--frames` updates have run.
    pub fn update(
        &mut self,
        live: impl FnOnce() -> Input,
        mut wait: impl FnMut(),
    ) -> Result<bool, HostError> {
        if self.done() {
            return Ok(false);
        }
        if self.paused() {
            wait();
            return Ok(true);
        }
        let next = if self.session.is_replay() {
            let Some(next) = self.session.next_recorded() else { return Ok(false) };
            let base = *self.replay_base.get_or_insert(next.bios);
            while self.clock.now() < next.bios.wrapping_sub(base) {
                wait();
            }
            next
        } else {
            Recorded { input: live(), bios: self.clock.now(), scale: None }
        };
        self.step(next)?;
        Ok(true)
    }

    /// Runs one update as the loop does (the recording, trace and sound written).
    pub fn step(&mut self, update: Recorded) -> Result<(), HostError> {
        if self.panic_after == Some(self.updates) {
            panic!("--panic-after {}: a deliberate crash", self.updates);
        }
        let Recorded { input, bios, scale } = update;
        self.session.step(&input, bios, scale);
        self.bios = Some(bios);
        self.outputs.after_step(&self.session, &input, bios)?;
        if let Some(out) = &mut self.audio_out {
            out.after_step(&self.session, bios);
        }
        #[cfg(feature = "audio")]
        if let (Some(a), Some(bank)) = (&self.audio, &self.session.sounds) {
            a.play(bank, self.session.world.report(), self.session.world.dialogue().rtx.as_ref());
        }
        self.updates += 1;
        self.after_update()
    }

    /// What follows an update in the game: the world its script asked for entered, the
    /// game started again after the player's death.
    fn after_update(&mut self) -> Result<(), HostError> {
        if let Some((_, stros_core::world::SessionRequest::WonGame)) = self.session.world.report().request {
            // A best guess: the original starts its ending (the book menu's credits), which
            // Stros does not draw; the run ends.
            log::info!("the game is won: the ending is not built, so the run ends here");
            self.won = true;
        }
        if let Some(opened) = self.restart
            && opened.follow(&mut self.session)?
        {
            log::info!("entered world {}", self.session.world.world_id().unwrap_or(0));
        }
        let died = self.session.world.report().outcome == Some(stros_core::world::OUTCOME_DEATH);
        if let (true, Some(opened)) = (died, self.restart) {
            log::info!("the player died: the game starts again");
            opened.restart(&mut self.session)?;
        }
        Ok(())
    }

    /// The off-screen run: the recording's updates (all, or the first `--frames`), or
    /// `--frames` updates (default 1) without input one BIOS tick apart from tick 0, as
    /// fast as they compute.
    pub fn run_offscreen(&mut self) -> Result<(), HostError> {
        let frames = self.frames;
        while !self.done() {
            let next = if self.session.is_replay() {
                match self.session.next_recorded() {
                    Some(s) => s,
                    None => break,
                }
            } else if self.updates < frames.unwrap_or(1) {
                Recorded { input: Input::NONE, bios: self.updates as u32, scale: None }
            } else {
                break;
            };
            self.step(next)?;
        }
        Ok(())
    }

    /// Writes the running game to `path` ([`crate::saves::write`]).
    pub fn save(&self, path: &Path) -> Result<(), HostError> {
        crate::saves::write(path, &self.session, &self.outputs.journal.record(&self.session))
    }

    /// Rebuilds the session, a replay of `loaded`'s record just started, to the moment of
    /// the save: every recorded update run as the loop runs it (without the outputs), the
    /// save's documented chunks restored ([`stros_core::save::apply`]), and the game goes
    /// on live from the last update's BIOS tick, its record (and a `--record` file)
    /// continuing the save's.
    pub fn rebuild(&mut self, loaded: &crate::saves::Loaded) -> Result<(), HostError> {
        while let Some(u) = self.session.next_recorded() {
            self.session.step(&u.input, u.bios, u.scale);
            self.after_update()?;
        }
        stros_core::save::apply(&mut self.session, &loaded.save()?).map_err(|e| loaded.damaged(e))?;
        let last = self.session.end_replay().unwrap_or(0);
        self.outputs.loaded(&loaded.record, last)?;
        self.clock = BiosClock::resumed_on(self.clock.time().clone(), last.wrapping_add(1));
        self.replay_base = None;
        Ok(())
    }

    /// Loads the save at `path` into the running game (F8). The save must be of these
    /// files (its record names the same world); it is read and checked whole, and the
    /// session rebuilt beside the running one, which stays as it was when anything fails.
    /// The record's text is kept while the files are open ([`crate::Opened::keep`]: the
    /// session's origin borrows it).
    pub fn load(&mut self, path: &Path) -> Result<(), HostError> {
        let opened =
            self.restart.ok_or_else(|| HostError::Frontend("no files to load a save with".into()))?;
        let loaded = crate::saves::Loaded::read(path)?;
        let text = opened.keep(&loaded.record);
        let scenario = Scenario::parse(text).map_err(|e| loaded.damaged(e))?;
        if scenario.world != self.session.origin.world {
            return Err(loaded.damaged(format!("a save of {}, not of this game's files", scenario.world)));
        }
        let session = opened.replay_session(&scenario)?;
        let running = std::mem::replace(&mut self.session, session);
        self.rebuild(&loaded).inspect_err(|_| self.session = running)
    }

    /// Writes the recording and the trace, and `--save`'s save.
    pub fn finish(&mut self) -> Result<(), HostError> {
        if let Some(path) = self.save_at_end.take() {
            self.save(&path)?;
        }
        if let Some(out) = &mut self.audio_out {
            out.finish(&self.session)?;
        }
        self.outputs.finish(&self.session)
    }
}
