//! Sound through cpal (macOS, Windows; Linux with the `alsa` feature, which needs ALSA's
//! headers to build).

use cpal::traits::{DeviceTrait, HostTrait, StreamTrait};

use super::Renderer;

/// A playing cpal stream.
pub(super) type Output = cpal::Stream;

/// The default device's stream, asking `renderer` for samples.
pub(super) fn open(mut renderer: Renderer) -> Result<cpal::Stream, String> {
    if !sound_server_or_card() {
        return Err("no sound device".into());
    }
    let host = cpal::default_host();
    let device = host.default_output_device().ok_or("no output device")?;
    let supported = device.default_output_config().map_err(|e| e.to_string())?;
    let config = supported.config();
    let channels = config.channels.max(1) as usize;
    let rate = config.sample_rate.0;
    let err = |e| log::error!("audio stream: {e}");
    // The frames are spread over the device's channels by `put` (mono takes the left side;
    // extra channels stay silent).
    let mut render = move |frames: usize, put: &mut dyn FnMut(usize, i16)| {
        let stereo = renderer.render(frames, rate);
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
