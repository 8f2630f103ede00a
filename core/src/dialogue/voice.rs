//! The speech samples the dialogue system starts and asks about ({D:engine/sound.md}
//! "Engine-internal starts": speech; "Dialogue record updates": a remembered sample "still
//! playing").
//!
//! The original asks its sound driver whether a clip still plays, which follows the wall
//! clock. Stros keeps the answer deterministic by modelling each started clip in the
//! world: it plays from the BIOS tick it started at for its length in BIOS ticks —
//! `ceil(bytes × 1,193,182 / (65,536 × bytes per second))` — so the same BIOS tick sequence
//! ends the same lines on every machine. The mixer plays the real PCM from the same start
//! and stop events. (A best guess at the driver's timing: the docs give the clip's length,
//! not when a driver reports it finished.)

use crate::formats::rtx::Voice;

/// Speech sample handles (the original's 16 sample channels).
pub const VOICES: usize = 16;
/// The PIT's input clock, Hz; one BIOS tick is 65,536 of its periods.
pub const PIT_HZ: u64 = 1_193_182;

/// One started clip.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Playing {
    /// The RTX label it plays.
    pub label: [u8; 4],
    /// The BIOS tick it started at.
    pub start: u32,
    /// Its length in BIOS ticks.
    pub length: u32,
    /// The volume last set, 0–127.
    pub volume: u8,
    /// The pan last set, 0–127.
    pub pan: u8,
}

/// A clip's length in BIOS ticks, rounded up.
pub fn bios_length(v: &Voice<'_>) -> u32 {
    let per_second = v.kind.channels() as u64 * v.rate as u64 * v.kind.bytes_per_sample() as u64;
    let num = v.pcm.len() as u64 * PIT_HZ;
    let den = 65_536 * per_second.max(1);
    num.div_ceil(den).min(u32::MAX as u64) as u32
}

/// The started clips, by handle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Voices {
    slots: [Option<Playing>; VOICES],
}

impl Voices {
    /// Starts `voice` at BIOS tick `bios` on the first handle from 0 that plays nothing.
    pub fn start(&mut self, label: [u8; 4], voice: &Voice<'_>, bios: u32) -> Option<u8> {
        let k = (0..VOICES).find(|&k| !self.playing(k as u8, bios))?;
        let volume = voice.volume.min(127);
        self.slots[k] = Some(Playing { label, start: bios, length: bios_length(voice), volume, pan: 64 });
        Some(k as u8)
    }

    /// Whether handle `k` still plays at BIOS tick `bios`.
    pub fn playing(&self, k: u8, bios: u32) -> bool {
        self.slots.get(k as usize).copied().flatten().is_some_and(|p| bios.wrapping_sub(p.start) < p.length)
    }

    /// Sets handle `k`'s volume and pan; whether they changed.
    pub fn set_level(&mut self, k: u8, volume: u8, pan: u8) -> bool {
        let Some(p) = self.slots.get_mut(k as usize).and_then(Option::as_mut) else { return false };
        let changed = (p.volume, p.pan) != (volume, pan);
        (p.volume, p.pan) = (volume, pan);
        changed
    }

    /// Stops handle `k`.
    pub fn stop(&mut self, k: u8) {
        if let Some(s) = self.slots.get_mut(k as usize) {
            *s = None;
        }
    }

    /// Stops every handle.
    pub fn stop_all(&mut self) {
        self.slots = [None; VOICES];
    }

    /// What handle `k` plays.
    pub fn get(&self, k: u8) -> Option<Playing> {
        self.slots.get(k as usize).copied().flatten()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::sfx::SoundKind;

    #[test]
    fn a_clip_plays_for_its_bios_length() {
        // 11,025 bytes of 8-bit mono at 11,025 Hz is one second: 1,193,182 / 65,536 =
        // 18.2065 → 19 ticks.
        let pcm = [0u8; 11_025];
        let v = Voice { kind: SoundKind::Mono8, rate: 11_025, volume: 100, pcm: &pcm };
        assert_eq!(bios_length(&v), 19);
        let mut voices = Voices::default();
        let k = voices.start(*b"abcd", &v, 1000).unwrap();
        assert_eq!(k, 0);
        assert!(voices.playing(k, 1018) && !voices.playing(k, 1019));
        // A second clip takes the next handle while the first plays, the first after it ends.
        assert_eq!(voices.start(*b"efgh", &v, 1001), Some(1));
        assert_eq!(voices.start(*b"ijkl", &v, 1019), Some(0));
    }
}
