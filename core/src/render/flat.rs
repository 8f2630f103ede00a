//! Placed flats ({D:formats/RGM.md} "MPSF (Flat Objects)" and "FLAT";
//! {D:engine/model-lighting.md} "Placed flat drawing" and "Flat image dimensions"): quads
//! centred on their placed position that copy the camera's orientation, so they always face
//! it, textured with one image of a texture bank.

use crate::formats::rgm::FlatDraw;

/// One placed flat as drawn.
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
}

/// The full width and height of a flat in map units: the source image's sides times its
/// texture scale (Q8; an unset one is already 256) and the ordinary geometry scale 1.
pub fn extents(width: usize, height: usize, scale_q8: u32) -> [f32; 2] {
    let scale = scale_q8 as f32 / 256.0;
    [width as f32 * scale, height as f32 * scale]
}

/// The radius a flat's bound is tested with: the single-precision squared diagonal of the
/// source image through the quantized square root ([`crate::tables::quantized_sqrt`]),
/// halved, times the texture scale and the geometry scale (1), each stored at single
/// precision. Not the quad's exact half-diagonal.
pub fn bound_radius(width: usize, height: usize, scale_q8: u32) -> f32 {
    let (w, h) = (width as f32, height as f32);
    let half = crate::tables::quantized_sqrt(w * w + h * h) * 0.5;
    half * (scale_q8 as f32 / 256.0)
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
        assert_eq!(extents(64, 32, 128), [32.0, 16.0]);
        assert_eq!(bound_radius(64, 32, 128), 17.875);
        assert_eq!(coverage(&FlatDraw { flags: 1, alpha: 255 }), 1.0);
        assert_eq!(coverage(&FlatDraw { flags: 1, alpha: 256 }), 1.0);
        assert_eq!(coverage(&FlatDraw { flags: 1, alpha: 128 }), 128.0 / 255.0);
        assert_eq!(
            (brightness(&FlatDraw { flags: 1, alpha: 128 }), brightness(&FlatDraw { flags: 1, alpha: 255 })),
            (255.0, 0.0)
        );
    }
}
