//! Sound through WebAudio: after each update the core's mixer runs up to the update's BIOS
//! tick ([`TickMix`], the clocking `--audio-out` uses), and what it mixed is scheduled as
//! one buffer just ahead of the audio clock, each buffer starting where the last ended.
//! Silent until the first key press opens the page's audio context ([`crate::keys`]).

use stros_host::Session;
use stros_host::settings::Volume;
use stros_host::wav::{RATE, TickMix};
use wasm_bindgen::JsValue;
use web_sys::AudioContext;

use crate::keys::Audio;

/// How far ahead of the audio clock a buffer starts after a gap, seconds: a few frames,
/// so a late frame does not cut the sound.
pub const LEAD: f64 = 0.1;

/// Most the schedule may run ahead of the audio clock, seconds; past it (the page's clock
/// outran the audio's) it starts again at [`LEAD`].
pub const AHEAD: f64 = 0.5;

/// The page's speakers.
pub struct Speaker {
    audio: Audio,
    mix: TickMix,
    samples: Vec<i16>,
    /// Where on the audio clock the next buffer starts, s.
    next: f64,
    /// Buffers scheduled so far.
    pub scheduled: usize,
    /// Stereo frames scheduled so far.
    pub frames: usize,
    /// The loudest sample scheduled so far.
    pub peak: i16,
}

impl Speaker {
    /// Speakers playing through the page's `audio` once it is open.
    pub fn new(audio: Audio) -> Speaker {
        Speaker {
            audio,
            mix: TickMix::default(),
            samples: Vec::new(),
            next: 0.0,
            scheduled: 0,
            frames: 0,
            peak: 0,
        }
    }

    /// Mixes up to the update that just ran at BIOS tick `bios`, starts the sounds it
    /// reported and schedules what was mixed at `volume`.
    pub fn after_step(&mut self, session: &Session<'_>, bios: u32, volume: Volume) -> Result<(), JsValue> {
        let Some(context) = self.audio.borrow().clone() else { return Ok(()) };
        self.samples.clear();
        self.mix.after_step(session, bios, &mut self.samples);
        if self.samples.is_empty() {
            return Ok(());
        }
        self.schedule(&context, volume)
    }

    fn schedule(&mut self, context: &AudioContext, volume: Volume) -> Result<(), JsValue> {
        let frames = self.samples.len() / 2;
        let (left, right) = planar(&self.samples, volume);
        self.peak = self.samples.iter().fold(self.peak, |p, &s| p.max(s.saturating_abs()));
        let buffer = context.create_buffer(2, frames as u32, RATE as f32)?;
        buffer.copy_to_channel(&left, 0)?;
        buffer.copy_to_channel(&right, 1)?;
        let source = context.create_buffer_source()?;
        source.set_buffer(Some(&buffer));
        source.connect_with_audio_node(&context.destination())?;
        self.next = start_time(self.next, context.current_time());
        source.start_with_when(self.next)?;
        self.next += frames as f64 / f64::from(RATE);
        self.scheduled += 1;
        self.frames += frames;
        Ok(())
    }
}

/// When the next buffer starts on the audio clock, now at `now`: where the last ended
/// (`next`), unless that has passed or lies more than [`AHEAD`] away; then [`LEAD`] from now.
pub fn start_time(next: f64, now: f64) -> f64 {
    if next < now || next > now + AHEAD { now + LEAD } else { next }
}

/// Interleaved 16-bit stereo as WebAudio's two channels of −1…1 floats, at `volume`.
pub fn planar(samples: &[i16], volume: Volume) -> (Vec<f32>, Vec<f32>) {
    let float = |s: i16| f32::from(volume.apply(s)) / 32768.0;
    samples.chunks_exact(2).map(|lr| (float(lr[0]), float(lr[1]))).unzip()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buffers_follow_on_unless_the_clocks_drifted() {
        assert_eq!(start_time(10.25, 10.0), 10.25, "right after the last");
        assert_eq!(start_time(9.5, 10.0), 10.0 + LEAD, "the last ended before now: a gap");
        assert_eq!(start_time(10.75, 10.0), 10.0 + LEAD, "more than half a second ahead");
        assert_eq!(start_time(0.0, 0.0), 0.0, "a suspended context's clock stands at 0");
    }

    #[test]
    fn stereo_splits_into_two_channels_of_floats() {
        let full = Volume::default();
        let (l, r) = planar(&[16384, -32768, 0, 32767], full);
        assert_eq!(l, [0.5, 0.0]);
        assert_eq!(r, [-1.0, 32767.0 / 32768.0]);
        let muted = Volume { muted: true, ..full };
        assert_eq!(planar(&[16384, -32768], muted), (vec![0.0], vec![0.0]));
    }
}
