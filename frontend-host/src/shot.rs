//! Screenshots as PNG: the frame as the game drew it (8-bit indexed, with the session's
//! palette) or the window as the player sees it (RGB, letterboxed).

use std::path::{Path, PathBuf};

use crate::{HostError, Screen, Session};

/// Writes the frame as it is, an 8-bit indexed PNG with the session's palette.
pub fn write_frame(path: &Path, screen: &Screen, session: &Session<'_>) -> Result<(), HostError> {
    let palette: Vec<u8> = session.palette.rgb.iter().flatten().copied().collect();
    write(path, (screen.width, screen.height), png::ColorType::Indexed, Some(palette), &screen.pixels)
}

/// Writes 0RGB window pixels, `width` per row, as an RGB PNG.
pub fn write_window(path: &Path, pixels: &[u32], width: usize) -> Result<(), HostError> {
    let rgb: Vec<u8> = pixels.iter().flat_map(|p| [(p >> 16) as u8, (p >> 8) as u8, *p as u8]).collect();
    write(path, (width, pixels.len() / width.max(1)), png::ColorType::Rgb, None, &rgb)
}

/// The screenshots asked for on the command line, written when the run stops: the frame
/// (`--screenshot`) and what the window showed (`--window-screenshot`, `window` being its
/// pixels and width).
pub fn at_exit(
    frame: Option<&Path>,
    window: Option<&Path>,
    screen: &Screen,
    session: &Session<'_>,
    (pixels, width): (&[u32], usize),
) -> Result<(), HostError> {
    if let Some(path) = frame {
        write_frame(path, screen, session)?;
        log::info!("wrote {}", path.display());
    }
    if let Some(path) = window {
        write_window(path, pixels, width)?;
        log::info!("wrote {}", path.display());
    }
    Ok(())
}

/// Writes the frame to the first `stros-NNNN.png` in the current directory that does not
/// exist yet (counting on from `*count`) and says which, or why not.
pub fn numbered(count: &mut u32, screen: &Screen, session: &Session<'_>) {
    let path = loop {
        *count += 1;
        let p = PathBuf::from(format!("stros-{count:04}.png"));
        if !p.exists() {
            break p;
        }
    };
    match write_frame(&path, screen, session) {
        Ok(()) => log::info!("wrote {}", path.display()),
        Err(e) => log::error!("{e}"),
    }
}

fn write(
    path: &Path,
    (width, height): (usize, usize),
    color: png::ColorType,
    palette: Option<Vec<u8>>,
    data: &[u8],
) -> Result<(), HostError> {
    let io = |e: std::io::Error| HostError::io(path, e);
    let file = std::fs::File::create(path).map_err(io)?;
    let mut enc = png::Encoder::new(std::io::BufWriter::new(file), width as u32, height as u32);
    enc.set_color(color);
    enc.set_depth(png::BitDepth::Eight);
    if let Some(p) = palette {
        enc.set_palette(p);
    }
    let mut writer = enc.write_header().map_err(|e| io(std::io::Error::other(e)))?;
    writer.write_image_data(data).map_err(|e| io(std::io::Error::other(e)))
}
