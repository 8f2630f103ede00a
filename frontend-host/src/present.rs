//! Showing a frame in a window of any size: the 320×200 (or 640×400) picture at the 4:3
//! shape a 1998 monitor gave it (its pixels a fifth taller than wide), as large as fits,
//! centred, with black bars in the rest; pixels repeat by nearest neighbour, so nothing
//! blurs.

use stros_core::render::Palette;

/// Where the picture goes in a window: its left, top, width and height in window pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rect {
    /// Left edge.
    pub x: usize,
    /// Top edge.
    pub y: usize,
    /// Width.
    pub w: usize,
    /// Height.
    pub h: usize,
}

/// The largest 4:3 rectangle inside a `width`×`height` window, centred.
pub fn fit_4_3(width: usize, height: usize) -> Rect {
    let (w, h) = if width * 3 <= height * 4 { (width, width * 3 / 4) } else { (height * 4 / 3, height) };
    Rect { x: (width - w) / 2, y: (height - h) / 2, w, h }
}

/// The window's pixels (0RGB words) and the source column each picture column reads,
/// remade only when the window's size changes.
#[derive(Default)]
pub struct Letterbox {
    /// The window's pixels, row by row.
    pub pixels: Vec<u32>,
    /// The window's size.
    pub size: (usize, usize),
    columns: Vec<usize>,
}

impl Letterbox {
    /// Draws `screen`'s frame through `palette` into a window of `size`; black outside the
    /// picture.
    pub fn draw(&mut self, screen: &crate::Screen, palette: &Palette, size: (usize, usize)) {
        let (frame, width, height) = (&screen.pixels[..], screen.width, screen.height);
        let r = fit_4_3(size.0, size.1);
        if self.size != size || self.pixels.len() != size.0 * size.1 {
            self.size = size;
            self.pixels = vec![0; size.0 * size.1];
            self.columns = (0..r.w).map(|x| x * width / r.w).collect();
        }
        let xrgb: [u32; 256] = core::array::from_fn(|i| palette.xrgb(i as u8));
        for (y, row) in self.pixels.chunks_exact_mut(size.0.max(1)).enumerate() {
            if !(r.y..r.y + r.h).contains(&y) {
                row.fill(0);
                continue;
            }
            let src = &frame[(y - r.y) * height / r.h * width..][..width];
            row[..r.x].fill(0);
            row[r.x + r.w..].fill(0);
            for (o, &c) in row[r.x..r.x + r.w].iter_mut().zip(&self.columns) {
                *o = xrgb[src[c] as usize];
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_picture_keeps_4_3_in_any_window() {
        // 320×200 at scale 4 opens 1280×800, 16:10: a 1066-wide 4:3 picture (800·4/3 rounded
        // down) with bars of 107 and 107 at the sides.
        assert_eq!(fit_4_3(1280, 800), Rect { x: 107, y: 0, w: 1066, h: 800 });
        assert_eq!(fit_4_3(800, 600), Rect { x: 0, y: 0, w: 800, h: 600 });
        assert_eq!(fit_4_3(1000, 600), Rect { x: 100, y: 0, w: 800, h: 600 });
        // Taller than 4:3: bars above and below.
        assert_eq!(fit_4_3(640, 800), Rect { x: 0, y: 160, w: 640, h: 480 });
        assert_eq!(fit_4_3(0, 0), Rect { x: 0, y: 0, w: 0, h: 0 });
    }

    /// At 320×240 each of the 200 rows shows 1.2 times: rows 0–4 of the frame take window
    /// rows 0,1 / 2 / 3 / 4 / 5 (every fifth row twice: y·200/240 = 0,0,1,2,3,4,5,5,…).
    #[test]
    fn rows_repeat_as_the_4_3_stretch_needs_and_bars_are_black() {
        let mut palette = Palette { rgb: [[0; 3]; 256] };
        for (i, c) in palette.rgb.iter_mut().enumerate() {
            *c = [i as u8, 1, 2];
        }
        let mut screen = crate::Screen::new(false);
        screen.pixels = (0..320 * 200).map(|i| (i / 320) as u8).collect();
        let mut lb = Letterbox::default();
        lb.draw(&screen, &palette, (400, 240));
        let at = |x: usize, y: usize| lb.pixels[y * 400 + x];
        assert_eq!((at(0, 0), at(39, 100), at(360, 100), at(399, 239)), (0, 0, 0, 0));
        let row = |y: usize| at(200, y) >> 16;
        assert_eq!([0, 1, 2, 3, 4, 5, 6, 7].map(row), [0, 0, 1, 2, 3, 4, 5, 5]);
        assert_eq!(at(40, 0), 0x00_00_01_02);
        assert_eq!(row(239), 199);
    }
}
