//! `--audio-out FILE.wav`: the mix written to a WAV file, clocked by the BIOS ticks of the
//! updates rather than by a device. An update at tick `t` starts its sounds at sample
//! `(t − t₀) × RATE × 65536 / 1193182` of the file (the PIT's 18.2065 Hz), the samples
//! before it mixed from what was already playing; one second of tail follows the last
//! update. The same recording replayed gives the same bytes on every machine.

use std::path::PathBuf;

use stros_core::audio::Mixer;

use crate::{HostError, Session};

/// Samples per second of the file (stereo, 16-bit).
pub const RATE: u32 = 44_100;

/// BIOS ticks of tail after the last update: about a second.
const TAIL_TICKS: u32 = 18;

/// The stereo frame at which BIOS tick `ticks` (counted from the first update) falls.
pub fn frame_of_tick(ticks: u32) -> usize {
    (ticks as u64 * RATE as u64 * 65_536 / 1_193_182) as usize
}

/// The mix clocked by the updates' BIOS ticks: what `--audio-out` writes, and what a
/// browser schedules ahead of its audio clock.
#[derive(Default)]
pub struct TickMix {
    mixer: Option<Mixer>,
    /// Stereo frames mixed so far.
    mixed: usize,
    first: Option<u32>,
    /// The last update's tick, counted from the first.
    last: u32,
}

impl TickMix {
    /// Appends to `out` the samples up to the update that just ran at BIOS tick `bios`
    /// (from what was already playing), then starts what it reported.
    pub fn after_step(&mut self, session: &Session<'_>, bios: u32, out: &mut Vec<i16>) {
        let first = *self.first.get_or_insert(bios);
        self.last = bios.wrapping_sub(first);
        self.mix_to(session, frame_of_tick(self.last), out);
        let Some(mixer) = self.mixer.as_mut() else { return };
        if let Some(bank) = &session.sounds {
            mixer.play_report(bank, session.world.report(), session.world.config().sound_distance);
        }
        mixer.play_talk(session.world.report(), session.world.dialogue().rtx.as_ref());
    }

    /// Appends to `out` about a second of what goes on sounding after the last update.
    pub fn tail(&mut self, session: &Session<'_>, out: &mut Vec<i16>) {
        self.mix_to(session, frame_of_tick(self.last.saturating_add(TAIL_TICKS)), out);
    }

    fn mix_to(&mut self, session: &Session<'_>, frame: usize, out: &mut Vec<i16>) {
        let mixer = self.mixer.get_or_insert_with(|| Mixer::new(session.world.config().volume));
        if frame <= self.mixed {
            return;
        }
        let at = out.len();
        out.resize(at + (frame - self.mixed) * 2, 0);
        self.mixed = frame;
        let rtx = session.world.dialogue().rtx;
        let pcm_of = |label| rtx.and_then(|r| r.find(label)).and_then(|e| e.voice).map(|v| v.pcm);
        let bank = session.sounds.unwrap_or(stros_core::formats::sfx::Sfx::new_unchecked(&[]));
        mixer.mix_with_voices(&bank, pcm_of, RATE, &mut out[at..]);
    }
}

/// The mix being written.
pub struct AudioOut {
    path: PathBuf,
    mix: TickMix,
    /// Interleaved left/right samples so far.
    samples: Vec<i16>,
}

impl AudioOut {
    /// A mix to write to `path` at the end of the run.
    pub fn new(path: PathBuf) -> AudioOut {
        AudioOut { path, mix: TickMix::default(), samples: Vec::new() }
    }

    /// Mixes up to the update that just ran at BIOS tick `bios`, then starts what it
    /// reported.
    pub fn after_step(&mut self, session: &Session<'_>, bios: u32) {
        self.mix.after_step(session, bios, &mut self.samples);
    }

    /// Mixes the tail and writes the file.
    pub fn finish(&mut self, session: &Session<'_>) -> Result<(), HostError> {
        self.mix.tail(session, &mut self.samples);
        std::fs::write(&self.path, wav_bytes(&self.samples)).map_err(|e| HostError::io(&self.path, e))
    }
}

/// A 16-bit stereo PCM WAV file of `samples` (interleaved) at [`RATE`].
pub fn wav_bytes(samples: &[i16]) -> Vec<u8> {
    let data = (samples.len() * 2) as u32;
    let mut out = Vec::with_capacity(44 + data as usize);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes()); // PCM
    out.extend_from_slice(&2u16.to_le_bytes()); // channels
    out.extend_from_slice(&RATE.to_le_bytes());
    out.extend_from_slice(&(RATE * 4).to_le_bytes()); // bytes per second
    out.extend_from_slice(&4u16.to_le_bytes()); // bytes per frame
    out.extend_from_slice(&16u16.to_le_bytes()); // bits per sample
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data.to_le_bytes());
    for s in samples {
        out.extend_from_slice(&s.to_le_bytes());
    }
    out
}
