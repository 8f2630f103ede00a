//! The indexed framebuffer: a borrowed byte slice of palette indices, row-major.

/// A palette index as a pixel colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PaletteIndex(pub u8);

/// Row-major palette indices over a slice the caller owns.
#[derive(Debug)]
pub struct Framebuffer<'a> {
    pixels: &'a mut [u8],
    width: usize,
    height: usize,
}

impl<'a> Framebuffer<'a> {
    /// Wraps `pixels` as `width × height`; `None` when the slice is too short, a side is
    /// zero, or the width exceeds [`super::MAX_WIDTH`].
    pub fn new(pixels: &'a mut [u8], width: usize, height: usize) -> Option<Self> {
        let len = width.checked_mul(height)?;
        if width == 0 || height == 0 || width > super::MAX_WIDTH || pixels.len() < len {
            return None;
        }
        Some(Framebuffer { pixels: &mut pixels[..len], width, height })
    }

    /// Width in pixels.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Height in pixels.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The pixels, row-major.
    pub fn pixels(&self) -> &[u8] {
        self.pixels
    }

    /// The pixels, row-major, for writing.
    pub fn pixels_mut(&mut self) -> &mut [u8] {
        self.pixels
    }

    /// Fills every pixel.
    pub fn clear(&mut self, index: u8) {
        self.pixels.fill(index);
    }

    /// The pixel at `(x, y)`, `None` outside.
    pub fn get(&self, x: usize, y: usize) -> Option<u8> {
        if x < self.width && y < self.height { Some(self.pixels[y * self.width + x]) } else { None }
    }

    /// Sets the pixel at `(x, y)`; outside is ignored.
    #[inline]
    pub fn set(&mut self, x: usize, y: usize, index: u8) {
        if x < self.width && y < self.height {
            self.pixels[y * self.width + x] = index;
        }
    }

    /// Fills rows `y0..y1` of column `x` (clipped).
    pub fn vspan(&mut self, x: usize, y0: usize, y1: usize, index: u8) {
        if x >= self.width {
            return;
        }
        for y in y0..y1.min(self.height) {
            self.pixels[y * self.width + x] = index;
        }
    }

    /// Fills a row `y` from `x0` to `x1` (clipped).
    pub fn hspan(&mut self, y: usize, x0: usize, x1: usize, index: u8) {
        if y >= self.height {
            return;
        }
        let row = y * self.width;
        let x1 = x1.min(self.width);
        if x0 < x1 {
            self.pixels[row + x0..row + x1].fill(index);
        }
    }
}

#[cfg(feature = "embedded-graphics")]
mod eg {
    use super::{Framebuffer, PaletteIndex};
    use embedded_graphics::pixelcolor::raw::RawU8;
    use embedded_graphics::prelude::*;

    impl PixelColor for PaletteIndex {
        type Raw = RawU8;
    }

    impl From<RawU8> for PaletteIndex {
        fn from(raw: RawU8) -> Self {
            PaletteIndex(raw.into_inner())
        }
    }

    impl OriginDimensions for Framebuffer<'_> {
        fn size(&self) -> Size {
            Size::new(self.width as u32, self.height as u32)
        }
    }

    impl DrawTarget for Framebuffer<'_> {
        type Color = PaletteIndex;
        type Error = core::convert::Infallible;

        fn draw_iter<I>(&mut self, pixels: I) -> Result<(), Self::Error>
        where
            I: IntoIterator<Item = Pixel<Self::Color>>,
        {
            for Pixel(p, c) in pixels {
                if p.x >= 0 && p.y >= 0 {
                    self.set(p.x as usize, p.y as usize, c.0);
                }
            }
            Ok(())
        }

        fn fill_solid(
            &mut self,
            area: &embedded_graphics::primitives::Rectangle,
            color: Self::Color,
        ) -> Result<(), Self::Error> {
            let area = area.intersection(&self.bounding_box());
            if let Some(br) = area.bottom_right() {
                for y in area.top_left.y..=br.y {
                    self.hspan(y as usize, area.top_left.x as usize, br.x as usize + 1, color.0);
                }
            }
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejects_short_or_empty_buffers() {
        let mut px = [0u8; 10];
        assert!(Framebuffer::new(&mut px, 5, 3).is_none());
        assert!(Framebuffer::new(&mut px, 0, 1).is_none());
        assert!(Framebuffer::new(&mut px, 5, 2).is_some());
    }

    #[test]
    fn spans_clip() {
        let mut px = [0u8; 12];
        let mut fb = Framebuffer::new(&mut px, 4, 3).unwrap();
        fb.hspan(1, 2, 99, 7);
        fb.vspan(0, 1, 99, 5);
        fb.set(9, 9, 1);
        assert_eq!(fb.pixels(), &[0, 0, 0, 0, 5, 0, 7, 7, 5, 0, 0, 0]);
    }
}
