//! The positional sound rules a sound's volume comes from ({D:engine/sound.md} "Radius and
//! divisor", "Distance", "Volume curve", "Pan"): what the mixer ([`crate::audio`]) starts a sound
//! at and what a script's `AmbientSound` tests before it keeps its sound going; and the
//! world loop's periodic sound reset ([`Maintenance`]).

use crate::math::round_ties_even;

/// "Radius and divisor": `R = sound_distance × 36` world units and
/// `D = floor(65536 / floor(R / 128))`; `None` when `floor(R / 128)` is zero (a division by
/// zero in the original).
pub fn radius_and_divisor(sound_distance: i32) -> Option<(i32, i32)> {
    let r = sound_distance.wrapping_mul(36);
    let q = r / 128;
    (q > 0).then(|| (r, 65_536 / q))
}

/// "Distance": `floor(round(sqrt(dx² + dy² + dz²)) / 256)` world units between runtime
/// positions (the root rounded at single precision, nearest-even).
pub fn distance(emitter: [i32; 3], listener: [i32; 3]) -> i32 {
    let d = [0, 1, 2].map(|k| emitter[k].wrapping_sub(listener[k]) as f64);
    let root = crate::math::sqrt_f32(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
    (round_ties_even(root) as i64 >> 8) as i32
}

/// "Volume curve": 0 beyond `R`; otherwise `127 − clamp((d × D) >> 16, 0, 127) + off`,
/// the sum wrapping at 32 bits before its clamp to 0–127.
pub fn volume(d: i32, radius: i32, divisor: i32, offset: i32) -> u8 {
    if d > radius {
        return 0;
    }
    let a = (d.wrapping_mul(divisor) >> 16).clamp(0, 127);
    127i32.wrapping_sub(a).wrapping_add(offset).clamp(0, 127) as u8
}

/// The heading from the listener to the emitter in the pan convention: 0 along +Z, 512
/// along +X, 1024 along −Z, 1536 along −X (halving both components while either exceeds
/// 511, the first-octant table between).
pub fn bearing(dx: i32, dz: i32) -> i32 {
    let (mut x, mut z) = (dx.unsigned_abs(), dz.unsigned_abs());
    while x > 511 || z > 511 {
        x >>= 1;
        z >>= 1;
    }
    let base = if x == 0 {
        return if dz >= 0 { 0 } else { 1024 };
    } else if z == 0 {
        return if dx >= 0 { 512 } else { 1536 };
    } else if x == z {
        256
    } else {
        let (s, b) = (x.min(z), x.max(z));
        let t = crate::tables::octant((s * 512 / b) as usize) as i32;
        if x < z { t } else { 512 - t }
    };
    let a = match (dx < 0, dz < 0) {
        (false, false) => base,
        (true, false) => -base,
        (false, true) => 1024 - base,
        (true, true) => base + 1024,
    };
    a & 2047
}

/// "Pan": `64 + p` with `p` the triangle wave of `u = (bearing − yaw) mod 2048`: 0–127,
/// centred straight ahead and behind (and, by the `& 511`, exactly abeam).
pub fn pan(dx: i32, dz: i32, yaw: u16) -> u8 {
    let u = (bearing(dx, dz) - yaw as i32) & 2047;
    let p = match u {
        0..=511 => u >> 3,
        512..=1023 => ((1024 - u) & 511) >> 3,
        1024..=1535 => -((u - 1024) >> 3),
        _ => -(((2048 - u) & 511) >> 3),
    };
    (64 + p) as u8
}

/// Which script sound a request is ({D:engine/sound.md} "SOUP functions").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScriptSound {
    /// `Sound`: by the curve with a volume offset.
    Positional,
    /// `FlatSound`: pan 64, the effect's base volume plus the volume.
    Flat,
    /// A run of an `AmbientSound` multitask: keep the task's sound going at the curve's
    /// volume (start it when it is not playing); `restart` forgets the sound the task
    /// remembered (its first run).
    Ambient {
        /// Forget the remembered sound first.
        restart: bool,
    },
}

/// Accumulated nominal ticks past which sound maintenance resets the channels.
pub const RESET_AFTER: i32 = 1400;

/// Sound maintenance's state ({D:engine/sound.md}): the accumulator of the periodic sound
/// reset and the shared sample-reset flag. World-loop entry clears both.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Maintenance {
    /// Nominal ticks since the last reset.
    pub accumulator: i32,
    /// The shared sample-reset flag: set by a reset for the rest of that loop iteration,
    /// so each `AmbientSound` task forgets its remembered channel.
    pub reset: bool,
}

impl Maintenance {
    /// One invocation, after clock sampling and before the object updates: the flag clears;
    /// with maintenance inhibition clear the accumulator gains `ticks` (wrapping); a signed
    /// value strictly above 1400 resets — all channels stop, the flag is set, the
    /// accumulator clears. Returns whether it reset.
    pub fn run(&mut self, ticks: i32, inhibited: bool) -> bool {
        self.reset = false;
        if !inhibited {
            self.accumulator = self.accumulator.wrapping_add(ticks);
        }
        if self.accumulator > RESET_AFTER {
            self.reset = true;
            self.accumulator = 0;
        }
        self.reset
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two ticks an invocation: 700 invocations reach exactly 1400, which does not reset;
    /// the 701st (1402) does, clearing the accumulator, and the next one clears the flag.
    /// Inhibited, the accumulator holds still, and a held value above 1400 would still reset.
    #[test]
    fn the_periodic_reset_follows_the_accumulator() {
        let mut m = Maintenance::default();
        for _ in 0..700 {
            assert!(!m.run(2, false));
        }
        assert_eq!(m.accumulator, 1400);
        assert!(!m.run(2, true), "inhibited: no gain");
        assert_eq!(m.accumulator, 1400);
        assert!(m.run(2, false));
        assert_eq!((m.accumulator, m.reset), (0, true));
        assert!(!m.run(2, false));
        assert_eq!((m.accumulator, m.reset), (2, false));
    }
}
