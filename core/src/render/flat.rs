//! Placed flats ({D:formats/RGM.md} "MPSF (Flat Objects)" and "FLAT";
//! {D:engine/model-lighting.md} "Placed flat drawing" and "Flat image dimensions"): quads
//! centred on their placed position that copy the camera's orientation, so they always face
//! it, textured with one image of a texture bank.

use crate::formats::rgm::FlatDraw;
use crate::formats::rgm::flat::{texture_archive, texture_image};
use crate::world::effects;

/// One billboard as drawn: a placed flat or an environmental effect.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Flat {
    /// Centre, map units.
    pub position: [f32; 3],
    /// The texture archive (bank) number.
    pub bank: u16,
    /// The image within it.
    pub image: u8,
    /// Submission flags and alpha input ([`FlatDraw::for_texture`]).
    pub draw: FlatDraw,
    /// The frame: `None` asks the image's timeline (an automatic request), `Some(k)` shows
    /// frame `k` (an explicit one; a frame the image lacks draws nothing).
    pub frame: Option<i32>,
    /// The geometry scale (1 for placed flats).
    pub scale: f32,
    /// The face brightness input.
    pub brightness: f32,
}

/// Drawing flag: the quad's local X half extent is negated (the image mirrored left to right).
pub const MIRROR_X: u32 = 0x20;
/// Drawing flag: the local Y half extent is negated (mirrored top to bottom).
pub const MIRROR_Y: u32 = 0x40;
/// Drawing flag: the depth comparison always passes.
pub const DEPTH_ALWAYS: u32 = 0x100;
/// Drawing flag: no depth writes.
pub const NO_DEPTH_WRITE: u32 = 0x200;

impl Flat {
    /// An MPSF placement ({D:engine/model-lighting.md} "Placed flat drawing"): automatic
    /// frames, geometry scale 1, the brightness [`brightness`] gives.
    pub fn placed(position: [f32; 3], bank: u16, image: u8, draw: FlatDraw) -> Flat {
        Flat { position, bank, image, draw, frame: None, scale: 1.0, brightness: brightness(&draw) }
    }

    /// A submitted environmental effect ({D:engine/SOUP.md} "Environmental effect frame
    /// submission"). The ordinary path: automatic frames, brightness 255, geometry scale
    /// 90/256 with `effects::SMALL` or 1, and `draw` — the map's FLAT attributes of the
    /// texture. The `effects::RISING` path: the retained frame, scale ½, alpha 140,
    /// flags `0x201` (no depth write), brightness `ambientfx`.
    pub fn effect(e: &effects::Submitted, draw: FlatDraw, ambientfx: f32) -> Flat {
        let flags = u32::from(e.flags) << 16;
        let (bank, image) = (texture_archive(e.texture), texture_image(e.texture));
        let position = e.position.map(|c| c as f32);
        if flags & effects::RISING != 0 {
            let draw = FlatDraw { flags: FlatDraw::BASE_FLAGS | NO_DEPTH_WRITE, alpha: 140 };
            Flat { position, bank, image, draw, frame: Some(e.frame), scale: 0.5, brightness: ambientfx }
        } else {
            let scale = if flags & effects::SMALL != 0 { 90.0 / 256.0 } else { 1.0 };
            Flat { position, bank, image, draw, frame: None, scale, brightness: 255.0 }
        }
    }
}

/// The full width and height of a flat in map units: the source image's sides times its
/// texture scale (Q8; an unset one is already 256) and its geometry scale (`geometry`),
/// each product stored at single precision.
pub fn extents(width: usize, height: usize, scale_q8: u32, geometry: f32) -> [f32; 2] {
    let scale = scale_q8 as f32 / 256.0 * geometry;
    [width as f32 * scale, height as f32 * scale]
}

/// The radius a flat's bound is tested with: the single-precision squared diagonal of the
/// source image through the quantized square root (`crate::tables::quantized_sqrt`),
/// halved, times the texture scale and the geometry scale, each stored at single
/// precision. Not the quad's exact half-diagonal.
pub fn bound_radius(width: usize, height: usize, scale_q8: u32, geometry: f32) -> f32 {
    let (w, h) = (width as f32, height as f32);
    let half = crate::tables::quantized_sqrt(w * w + h * h) * 0.5;
    half * (scale_q8 as f32 / 256.0) * geometry
}

/// The constant alpha of a flat as a fraction of pixels drawn: an alpha input of 254 or more
/// replaces (1); below it the low byte of the input over 255 blends.
pub fn coverage(draw: &FlatDraw) -> f32 {
    if draw.alpha >= 254 { 1.0 } else { (draw.alpha & 0xff) as f32 / 255.0 }
}

/// The face brightness a flat submits: 255 when it blends, else the flat-brightness input,
/// which the docs do not give a value for (best guess: 0, the ordinary face's).
pub fn brightness(draw: &FlatDraw) -> f32 {
    if draw.alpha < 254 { 255.0 } else { 0.0 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_64_by_32_image_at_half_scale() {
        // Scale 128 = ½: 32 × 16 map units. The bound: √(64² + 32²) = √5120 → the
        // quantized 71.5, halved 35.75, times ½ = 17.875 (the exact half-diagonal 17.89).
        assert_eq!(extents(64, 32, 128, 1.0), [32.0, 16.0]);
        assert_eq!(bound_radius(64, 32, 128, 1.0), 17.875);
        // An alternate-path effect's geometry scale ½ halves both.
        assert_eq!(extents(64, 32, 128, 0.5), [16.0, 8.0]);
        assert_eq!(bound_radius(64, 32, 128, 0.5), 8.9375);
        assert_eq!(coverage(&FlatDraw { flags: 1, alpha: 255 }), 1.0);
        assert_eq!(coverage(&FlatDraw { flags: 1, alpha: 256 }), 1.0);
        assert_eq!(coverage(&FlatDraw { flags: 1, alpha: 128 }), 128.0 / 255.0);
        assert_eq!(
            (brightness(&FlatDraw { flags: 1, alpha: 128 }), brightness(&FlatDraw { flags: 1, alpha: 255 })),
            (255.0, 0.0)
        );
    }
}
