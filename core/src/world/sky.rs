//! The sky plane's scrolling ({D:engine/sky.md} "Scrolling and rotation", "Initial scroll
//! direction"): a direction drawn from the shared random stream when the world opens, and
//! texture offsets that advance with the BIOS ticks.

use super::World;
use crate::capacity::Capacity;
use crate::tables;

/// Most ticks one frame advances the sky by.
pub const MAX_TICKS: u32 = 36;

/// Offsets wrap past this many texels either way.
pub const WRAP: f32 = 256.0;

/// A world's scrolling sky.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SkyMotion {
    /// The scroll direction, 2048 to a turn: the low eleven bits of one random draw.
    pub direction: u16,
    /// `world_skyspeed` as an unsigned byte: sixteenths of a texel per BIOS tick.
    pub speed: u8,
    /// The texture offsets `(su, sv)`, texels.
    pub scroll: [f32; 2],
    /// The last BIOS tick processed; `None` before the first frame.
    pub last: Option<u32>,
}

impl SkyMotion {
    /// A sky opened with `direction` and speed byte `speed`: offsets zero.
    pub fn new(direction: u16, speed: u8) -> Self {
        SkyMotion { direction, speed, scroll: [0.0; 2], last: None }
    }

    /// Advances to BIOS tick `now`: the ticks since the last processed one, at most
    /// [`MAX_TICKS`] (none on the first frame), times `speed / 16` texels along the
    /// direction's sine (u) and cosine (v) from the shared table, each offset wrapping past
    /// ±[`WRAP`]. Which offset takes the sine the docs do not say (best guess).
    pub fn advance(&mut self, now: u32) {
        let elapsed = self.last.map_or(0, |l| now.wrapping_sub(l).min(MAX_TICKS));
        self.last = Some(now);
        let step = self.speed as f32 / 16.0 * elapsed as f32;
        let d = self.direction as i32;
        self.scroll =
            [wrap(self.scroll[0] + step * tables::sin(d)), wrap(self.scroll[1] + step * tables::cos(d))];
    }
}

fn wrap(v: f32) -> f32 {
    if v > WRAP {
        v - 2.0 * WRAP
    } else if v < -WRAP {
        v + 2.0 * WRAP
    } else {
        v
    }
}

impl<C: Capacity> World<'_, C> {
    /// The sky's scroll offsets `(su, sv)` in texels after the latest update; zero for a
    /// world without a sky.
    pub fn sky_scroll(&self) -> [f32; 2] {
        self.systems.sky.map_or([0.0; 2], |s| s.scroll)
    }

    /// The sky's motion, when the world has a sky (`world_skyfx`).
    pub fn sky(&self) -> Option<&SkyMotion> {
        self.systems.sky.as_ref()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sky_drifts_along_its_direction() {
        // Direction 512 (a quarter turn): sin 1, cos 0 (the stored samples). Speed byte 32:
        // two texels a tick.
        let mut s = SkyMotion::new(512, 32);
        s.advance(100);
        assert_eq!(s.scroll, [0.0, 0.0], "the first frame only starts the count");
        s.advance(103);
        assert_eq!(s.scroll[0], 6.0);
        // A long pause counts 36 ticks at most: 6 + 72 = 78.
        s.advance(1000);
        assert_eq!(s.scroll[0], 78.0);
        // Past 256 the offset wraps: 78 + 72 × 3 = 294 → 294 − 512 = −218.
        for t in [1036, 1072, 1108] {
            s.advance(t);
        }
        assert_eq!(s.scroll[0], -218.0);
        assert!(s.scroll[1].abs() < 1e-3, "cos 512 is (nearly) 0");
    }
}
