//! The positional sound rules a sound's volume comes from ({D:engine/sound.md} "Radius and
//! divisor", "Distance", "Volume curve"): what the mixer ([`crate::audio`]) starts a sound
//! at and what a script's `AmbientSound` tests before it keeps its sound going.

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
