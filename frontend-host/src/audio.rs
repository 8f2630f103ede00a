//! Sound through cpal: the world's sound requests go to `stros-core`'s [`Mixer`], which the
//! output stream's callback asks for samples. Without an output device the game runs
//! silently and says so once.

use std::sync::{Arc, Mutex};

use cpal::traits::{DeviceTrait, HostTrait, StreamTrait};
use stros_core::audio::Mixer;
use stros_core::formats::sfx::Sfx;
use stros_core::world::StepReport;

/// A playing output stream and the mixer it reads.
pub struct Audio {
    _stream: cpal::Stream,
    mixer: Arc<Mutex<Mixer>>,
    sound_distance: i32,
}

impl Audio {
    /// Opens the default output device for the SFX bank `bank` (its bytes: the output
    /// thread keeps its own copy) with master volume `master` (SYSTEM.INI `[system]
    /// volume`); `None`, after one line on stderr, when there is no device.
    pub fn start(program: &str, bank: &[u8], master: i32, sound_distance: i32) -> Option<Audio> {
        let mixer = Arc::new(Mutex::new(Mixer::new(master)));
        match open(Arc::from(bank), Arc::clone(&mixer)) {
            Ok(stream) => Some(Audio { _stream: stream, mixer, sound_distance }),
            Err(why) => {
                eprintln!("{program}: audio is off ({why})");
                None
            }
        }
    }

    /// Starts and stops what an update reported, from `bank`.
    pub fn play(&self, bank: &Sfx<'_>, report: &StepReport) {
        if let Ok(mut m) = self.mixer.lock() {
            m.play_report(bank, report, self.sound_distance);
        }
    }
}

fn open(bank: Arc<[u8]>, mixer: Arc<Mutex<Mixer>>) -> Result<cpal::Stream, String> {
    if !sound_server_or_card() {
        return Err("no sound device".into());
    }
    let host = cpal::default_host();
    let device = host.default_output_device().ok_or("no output device")?;
    let supported = device.default_output_config().map_err(|e| e.to_string())?;
    let config = supported.config();
    let channels = config.channels.max(1) as usize;
    let rate = config.sample_rate.0;
    let err = |e| eprintln!("stros: audio stream error: {e}");
    // Mixes into a stereo buffer made once, large enough for any usual callback (it grows
    // only for a larger one, once), so a callback allocates nothing; the frames are spread over the device's
    // channels by `put` (mono takes the left side; extra channels stay silent).
    let mut stereo: Vec<i16> = Vec::with_capacity(1 << 15);
    let mut render = move |frames: usize, put: &mut dyn FnMut(usize, i16)| {
        if stereo.len() < frames * 2 {
            stereo.resize(frames * 2, 0);
        }
        let stereo = &mut stereo[..frames * 2];
        stereo.fill(0);
        if let Ok(mut m) = mixer.lock() {
            m.mix(&Sfx::new_unchecked(&bank), rate, stereo);
        }
        for (f, pair) in stereo.chunks_exact(2).enumerate() {
            for c in 0..channels {
                put(f * channels + c, pair.get(c).copied().unwrap_or(0));
            }
        }
    };
    let stream = match supported.sample_format() {
        cpal::SampleFormat::F32 => device.build_output_stream(
            &config,
            move |d: &mut [f32], _: &_| render(d.len() / channels, &mut |k, s| d[k] = s as f32 / 32768.0),
            err,
            None,
        ),
        cpal::SampleFormat::I16 => device.build_output_stream(
            &config,
            move |d: &mut [i16], _: &_| render(d.len() / channels, &mut |k, s| d[k] = s),
            err,
            None,
        ),
        cpal::SampleFormat::U16 => device.build_output_stream(
            &config,
            move |d: &mut [u16], _: &_| {
                render(d.len() / channels, &mut |k, s| d[k] = (s as i32 + 32768) as u16)
            },
            err,
            None,
        ),
        other => return Err(format!("unsupported sample format {other}")),
    }
    .map_err(|e| e.to_string())?;
    stream.play().map_err(|e| e.to_string())?;
    Ok(stream)
}

/// Whether asking ALSA for a device can succeed: a sound card, or a PulseAudio/PipeWire
/// server. Asking without either makes libasound print its own errors before cpal reports
/// the failure, so the frontend checks first and says one line instead.
#[cfg(target_os = "linux")]
fn sound_server_or_card() -> bool {
    let runtime = std::env::var_os("XDG_RUNTIME_DIR").map(std::path::PathBuf::from);
    std::path::Path::new("/dev/snd").exists()
        || std::env::var_os("PULSE_SERVER").is_some()
        || runtime.is_some_and(|r| r.join("pulse").exists() || r.join("pipewire-0").exists())
}

#[cfg(not(target_os = "linux"))]
fn sound_server_or_card() -> bool {
    true
}
