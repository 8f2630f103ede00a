//! Audio output through cpal. The core emits sound requests; until the mixer lands the
//! stream plays silence. Without an output device the game runs silently and says so once.

use cpal::traits::{DeviceTrait, HostTrait, StreamTrait};

/// Opens the default output device; `None` (after one line on stderr) when there is none.
pub fn start() -> Option<cpal::Stream> {
    match open() {
        Ok(stream) => Some(stream),
        Err(why) => {
            eprintln!("stros: audio is off ({why})");
            None
        }
    }
}

fn open() -> Result<cpal::Stream, String> {
    if !sound_server_or_card() {
        return Err("no sound device".into());
    }
    let host = cpal::default_host();
    let device = host.default_output_device().ok_or("no output device")?;
    let supported = device.default_output_config().map_err(|e| e.to_string())?;
    let config = supported.config();
    let err = |e| eprintln!("stros: audio stream error: {e}");
    let stream = match supported.sample_format() {
        cpal::SampleFormat::F32 => {
            device.build_output_stream(&config, |d: &mut [f32], _: &_| d.fill(0.0), err, None)
        }
        cpal::SampleFormat::I16 => {
            device.build_output_stream(&config, |d: &mut [i16], _: &_| d.fill(0), err, None)
        }
        cpal::SampleFormat::U16 => {
            device.build_output_stream(&config, |d: &mut [u16], _: &_| d.fill(u16::MAX / 2 + 1), err, None)
        }
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
