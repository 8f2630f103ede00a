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
