//! The picture: the frame's palette indices through the world's palette into RGBA, put on
//! the canvas with `putImageData`. The canvas keeps the frame's size (320×200); the page's
//! CSS stretches it to the original's 4:3 with `image-rendering: pixelated`.

use stros_core::render::Palette;
use stros_host::Screen;
use wasm_bindgen::{Clamped, JsCast, JsValue};
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, ImageData};

/// The canvas and the RGBA bytes drawn on it.
pub struct Video {
    context: CanvasRenderingContext2d,
    rgba: Vec<u8>,
    width: u32,
}

impl Video {
    /// Draws on `canvas`, which is made `width`×`height`.
    pub fn new(canvas: &HtmlCanvasElement, width: usize, height: usize) -> Result<Video, JsValue> {
        canvas.set_width(width as u32);
        canvas.set_height(height as u32);
        let context =
            canvas.get_context("2d")?.ok_or("no 2d context")?.dyn_into::<CanvasRenderingContext2d>()?;
        Ok(Video { context, rgba: vec![0; width * height * 4], width: width as u32 })
    }

    /// Puts `screen`'s frame, coloured by `palette`, on the canvas.
    pub fn present(&mut self, screen: &Screen, palette: &Palette) -> Result<(), JsValue> {
        to_rgba(&screen.pixels, palette, &mut self.rgba);
        let image = ImageData::new_with_u8_clamped_array_and_sh(
            Clamped(&self.rgba),
            self.width,
            (self.rgba.len() / 4) as u32 / self.width,
        )?;
        self.context.put_image_data(&image, 0.0, 0.0)
    }
}

/// Palette indices → opaque RGBA bytes (four to a pixel) in `out`.
pub fn to_rgba(pixels: &[u8], palette: &Palette, out: &mut [u8]) {
    let table: [[u8; 4]; 256] = core::array::from_fn(|i| {
        let [r, g, b] = palette.rgb[i];
        [r, g, b, 255]
    });
    for (o, &i) in out.chunks_exact_mut(4).zip(pixels) {
        o.copy_from_slice(&table[usize::from(i)]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Index 1 of a palette whose entry 1 is (8, 16, 32) becomes those bytes and an opaque
    /// alpha; every pixel is written.
    #[test]
    fn indices_become_opaque_rgba() {
        let mut rgb = [[0u8; 3]; 256];
        rgb[1] = [8, 16, 32];
        rgb[255] = [255, 254, 253];
        let palette = Palette { rgb };
        let mut out = [7u8; 12];
        to_rgba(&[1, 0, 255], &palette, &mut out);
        assert_eq!(out, [8, 16, 32, 255, 0, 0, 0, 255, 255, 254, 253, 255]);
    }
}
