//! Sound: the world's sound requests go to `stros-core`'s [`Mixer`], which the output asks
//! for samples. On Linux the output speaks to the sound server itself (PulseAudio's native
//! protocol, which PipeWire's pulse server speaks too) through the pure-Rust `pulseaudio`
//! client, so the build needs no system library; elsewhere, and on Linux with the `alsa`
//! feature, it goes through cpal. Without a server or a device the game runs silently and
//! warns once.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use stros_core::audio::Mixer;
use stros_core::formats::rtx::Rtx;
use stros_core::formats::sfx::Sfx;
use stros_core::world::Event;
use stros_core::world::StepReport;
use stros_core::world::Talk;

use crate::settings::Volume;

#[cfg(any(not(target_os = "linux"), feature = "alsa"))]
mod cpal_out;
#[cfg(all(target_os = "linux", not(feature = "alsa")))]
mod pulse;

#[cfg(any(not(target_os = "linux"), feature = "alsa"))]
use cpal_out::{Output, open};
#[cfg(all(target_os = "linux", not(feature = "alsa")))]
use pulse::{Output, open};

/// A playing output and the mixer it reads.
pub struct Audio {
    _output: Output,
    mixing: Arc<Mutex<Mixing>>,
    sound_distance: i32,
}

/// What the game thread and the output share: the mixer, and the player's volume and
/// pause, which act on the speakers only (never on the mixer's exact arithmetic).
struct Mixing {
    mixer: Mixer,
    /// The PCM of each speech clip started so far, by label (copied out of the RTX file
    /// once, so the output thread holds only what it plays).
    clips: HashMap<[u8; 4], Arc<[u8]>>,
    volume: Volume,
    paused: bool,
}

impl Audio {
    /// Opens the default output for the SFX bank `bank` (its bytes: the output thread
    /// keeps its own copy) with master volume `master` (SYSTEM.INI `[system] volume`);
    /// `None`, after a warning, when there is none.
    pub fn start(bank: &[u8], master: i32, sound_distance: i32) -> Option<Audio> {
        let mixing = Mixing {
            mixer: Mixer::new(master),
            clips: HashMap::new(),
            volume: Volume::default(),
            paused: false,
        };
        let mixing = Arc::new(Mutex::new(mixing));
        match open(Renderer::new(Arc::from(bank), Arc::clone(&mixing))) {
            Ok(output) => Some(Audio { _output: output, mixing, sound_distance }),
            Err(why) => {
                log::warn!("audio is off ({why})");
                None
            }
        }
    }

    /// Starts and stops what an update reported, from `bank`, and the speech clips it
    /// started, from `rtx`.
    pub fn play(&self, bank: &Sfx<'_>, report: &StepReport, rtx: Option<&Rtx<'_>>) {
        if let Ok(mut m) = self.mixing.lock() {
            m.mixer.play_report(bank, report, self.sound_distance);
            for e in &report.events {
                if let Event::Talk(Talk::Voice { label, .. }) = e.event
                    && let Some(v) = rtx.and_then(|r| r.find(label)).and_then(|e| e.voice)
                {
                    m.clips.entry(label).or_insert_with(|| Arc::from(v.pcm));
                }
            }
            m.mixer.play_talk(report, rtx);
        }
    }

    /// Sets the level of what reaches the speakers.
    pub fn set_volume(&self, volume: Volume) {
        if let Ok(mut m) = self.mixing.lock() {
            m.volume = volume;
        }
    }

    /// Holds (`true`) or resumes the sound: while paused the output gets silence and the
    /// mixer stands still, so a sound resumes where it stopped.
    pub fn pause(&self, paused: bool) {
        if let Ok(mut m) = self.mixing.lock() {
            m.paused = paused;
        }
    }
}

/// What an output asks for samples: the mixer over the bank, into a stereo buffer made once
/// (it grows only for a larger request than any before, once), so a request allocates
/// nothing.
pub(crate) struct Renderer {
    bank: Arc<[u8]>,
    mixing: Arc<Mutex<Mixing>>,
    stereo: Vec<i16>,
}

impl Renderer {
    fn new(bank: Arc<[u8]>, mixing: Arc<Mutex<Mixing>>) -> Renderer {
        Renderer { bank, mixing, stereo: Vec::with_capacity(1 << 15) }
    }

    /// The next `frames` stereo frames at `rate` Hz, left and right interleaved.
    pub(crate) fn render(&mut self, frames: usize, rate: u32) -> &[i16] {
        if self.stereo.len() < frames * 2 {
            self.stereo.resize(frames * 2, 0);
        }
        let stereo = &mut self.stereo[..frames * 2];
        stereo.fill(0);
        if let Ok(mut m) = self.mixing.lock()
            && !m.paused
        {
            let Mixing { mixer, clips, .. } = &mut *m;
            let pcm_of = |label: [u8; 4]| clips.get(&label).map(|c| &c[..]);
            mixer.mix_with_voices(&Sfx::new_unchecked(&self.bank), pcm_of, rate, stereo);
            let volume = m.volume;
            stereo.iter_mut().for_each(|s| *s = volume.apply(*s));
        }
        stereo
    }
}
