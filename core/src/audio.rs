//! Positional sound ({D:engine/sound.md}; {E§1.9}): what a sound request
//! becomes — volume by distance from the listener, pan by the listener's yaw, playback rate
//! — the 16 channels it starts on, and a mixer that turns the playing channels into
//! interleaved stereo samples.
//!
//! The world reports requests ([`crate::world::Event::Sound`]); a frontend hands them to a
//! [`Mixer`] together with the sound bank and asks it for samples from its audio callback.
//! Everything here is integer arithmetic on the bank's PCM: the same requests give the same
//! samples on every machine, and the mixer is tested without a device.

use crate::dialogue::Talk;
use crate::formats::rtx::Rtx;
use crate::formats::sfx::{Sfx, SoundKind};

/// Sample channels.
pub const CHANNELS: usize = 16;
/// First channel the player's own animation sounds may take.
pub const PLAYER_START: usize = 0;
/// First channel other sounds may take.
pub const OTHER_START: usize = 6;
/// Lowest playback rate, Hz.
pub const MIN_RATE: i32 = 512;
/// Highest playback rate, Hz.
pub const MAX_RATE: i32 = 44_000;
/// A `PlaySound` rate field's unit, Hz.
pub const RATE_STEP: i32 = crate::world::RATE_STEP;
/// Actors whose remembered animation sound the mixer tracks.
pub const MAX_OWNERS: usize = 256;

pub use crate::sound::{bearing, distance, pan, radius_and_divisor, volume};

/// "Playback rate": the effect's sample rate plus the offset (wrapping), clamped to
/// 512–44000 Hz.
pub fn playback_rate(sample_rate: u32, offset_hz: i32) -> u32 {
    (sample_rate as i32).wrapping_add(offset_hz).clamp(MIN_RATE, MAX_RATE) as u32
}

/// A sound to start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Start {
    /// The owning actor.
    pub owner: u16,
    /// The effect index in the bank (after any SURFACE.INI remap).
    pub effect: i16,
    /// The effect index before the remap.
    pub requested: i16,
    /// Playback-rate offset, Hz.
    pub rate_offset: i32,
    /// Volume 0–127.
    pub volume: u8,
    /// Pan 0–127.
    pub pan: u8,
    /// The first channel it may take.
    pub first_channel: usize,
}

/// One sample channel.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Channel {
    /// Playing.
    pub active: bool,
    /// Owner actor.
    pub owner: u16,
    /// Effect playing.
    pub effect: u16,
    /// Effect requested (before the remap).
    pub requested: i16,
    /// Volume 0–127.
    pub volume: u8,
    /// Pan 0–127.
    pub pan: u8,
    /// Playback rate, Hz.
    pub rate: u32,
    /// Position in the effect's frames, 16.16 fixed point.
    position: u64,
    /// Loops left (0: play once; `u32::MAX`: until stopped).
    loops: u32,
}

/// The 16 channels, the remembered animation sound of each actor, and the master volume.
#[derive(Clone, Debug)]
pub struct Mixer {
    /// The channels.
    pub channels: [Channel; CHANNELS],
    remembered: [Option<u8>; MAX_OWNERS],
    /// The sound each `AmbientSound` task (by owner and effect) remembers: its channel.
    ambient: heapless::Vec<((u16, i16), u8), CHANNELS>,
    /// The speech clips, by the dialogue system's sample handle.
    voices: [Option<VoiceChannel>; crate::dialogue::voice::VOICES],
    master: i32,
}

/// A playing speech clip.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct VoiceChannel {
    label: [u8; 4],
    kind: SoundKind,
    rate: u32,
    volume: u8,
    pan: u8,
    position: u64,
}

/// The pan law table: `2p` below 63, 128 from there.
fn pan_gain(p: u8) -> i32 {
    if p < 63 { 2 * p as i32 } else { 128 }
}

impl Mixer {
    /// Silent channels with master volume `master` (SYSTEM.INI `[system] volume`).
    pub fn new(master: i32) -> Mixer {
        Mixer {
            channels: [Channel::default(); CHANNELS],
            remembered: [None; MAX_OWNERS],
            ambient: heapless::Vec::new(),
            voices: [None; crate::dialogue::voice::VOICES],
            master,
        }
    }

    /// Starts `s` on the first idle channel at or above its start index (never stealing);
    /// an effect outside the bank starts nothing. Returns the channel. The volume sent is
    /// `(v × master) >> 8`; a start at volume 0 still occupies its channel.
    pub fn start(&mut self, bank: &Sfx<'_>, s: Start) -> Option<usize> {
        let effect = usize::try_from(s.effect).ok().and_then(|e| bank.effect(e))?;
        let k = (s.first_channel..CHANNELS).find(|&k| !self.channels[k].active)?;
        let loops = match effect.loop_flag() {
            0 => 0,
            0xFF => u32::MAX,
            n => n as u32,
        };
        self.channels[k] = Channel {
            active: true,
            owner: s.owner,
            effect: s.effect as u16,
            requested: s.requested,
            volume: ((s.volume as i32).wrapping_mul(self.master) >> 8).clamp(0, 127) as u8,
            pan: s.pan.min(127),
            rate: playback_rate(effect.rate(), s.rate_offset),
            position: 0,
            loops,
        };
        Some(k)
    }

    /// An animation `PlaySound` of `owner`: started, and remembered on the owner's animation
    /// (replacing, without stopping, what it remembered).
    pub fn play_animation_sound(&mut self, bank: &Sfx<'_>, s: Start) -> Option<usize> {
        let k = self.start(bank, s);
        if let (Some(k), Some(slot)) = (k, self.remembered.get_mut(s.owner as usize)) {
            *slot = Some(k as u8);
        }
        k
    }

    /// `EndAnimation` of `owner`: stops the channel its animation remembers (whatever plays
    /// there now: a handle names a slot) and forgets it.
    pub fn stop_animation_sound(&mut self, owner: u16) {
        if let Some(k) = self.remembered.get_mut(owner as usize).and_then(Option::take) {
            self.channels[k as usize].active = false;
        }
    }

    /// Mixes the playing channels into `out` (interleaved left/right) at `output_rate` Hz,
    /// adding to what `out` holds with saturation. 8-bit PCM goes through the `(v + 1) / 128`
    /// table law, 16-bit through `c = t × v / 127`; a mono sample feeds both sides; channels
    /// advance at their playback rate and go idle at their end (or loop).
    pub fn mix(&mut self, bank: &Sfx<'_>, output_rate: u32, out: &mut [i16]) {
        self.mix_with_voices(bank, |_| None, output_rate, out);
    }

    /// [`Mixer::mix`] and the speech clips ([`Mixer::play_talk`]), whose PCM `pcm_of` finds
    /// by label, by the same law.
    pub fn mix_with_voices<'p>(
        &mut self,
        bank: &Sfx<'_>,
        pcm_of: impl Fn([u8; 4]) -> Option<&'p [u8]>,
        output_rate: u32,
        out: &mut [i16],
    ) {
        if output_rate == 0 {
            return;
        }
        for ch in self.channels.iter_mut().filter(|c| c.active) {
            let Some(effect) = bank.effect(ch.effect as usize) else {
                ch.active = false;
                continue;
            };
            let pcm = Pcm { bytes: effect.pcm(), kind: effect.kind() };
            let level = (ch.rate, ch.volume, ch.pan);
            ch.active = pcm.mix(level, &mut ch.position, &mut ch.loops, output_rate, out);
        }
        for slot in self.voices.iter_mut() {
            let Some(v) = slot else { continue };
            let Some(bytes) = pcm_of(v.label) else {
                *slot = None;
                continue;
            };
            let pcm = Pcm { bytes, kind: v.kind };
            let mut once = 0;
            if !pcm.mix((v.rate, v.volume, v.pan), &mut v.position, &mut once, output_rate, out) {
                *slot = None;
            }
        }
    }

    /// Starts, levels and stops the speech clips an update reported ([`Talk`]): a clip
    /// starts at its header volume (scaled by the master volume), pan 64 and its own rate;
    /// `rtx` gives its sample layout.
    pub fn play_talk(&mut self, report: &crate::world::StepReport, rtx: Option<&Rtx<'_>>) {
        use crate::world::Event;
        for e in &report.events {
            let Event::Talk(t) = e.event else { continue };
            match t {
                Talk::Voice { handle, label, volume } => {
                    let Some(v) = rtx.and_then(|r| r.find(label)).and_then(|e| e.voice) else { continue };
                    let volume = self.scaled(volume);
                    if let Some(slot) = self.voices.get_mut(handle as usize) {
                        *slot = Some(VoiceChannel {
                            label,
                            kind: v.kind,
                            rate: v.rate,
                            volume,
                            pan: 64,
                            position: 0,
                        });
                    }
                }
                Talk::VoiceLevel { handle, volume, pan } => {
                    let volume = self.scaled(volume);
                    if let Some(Some(v)) = self.voices.get_mut(handle as usize) {
                        (v.volume, v.pan) = (volume, pan.min(127));
                    }
                }
                Talk::VoiceStop { handle } => {
                    if let Some(slot) = self.voices.get_mut(handle as usize) {
                        *slot = None;
                    }
                }
                _ => {}
            }
        }
    }

    /// `(v × master) >> 8`, held to 0–127.
    fn scaled(&self, v: u8) -> u8 {
        ((v as i32).wrapping_mul(self.master) >> 8).clamp(0, 127) as u8
    }

    /// Speech clips playing.
    pub fn voices_playing(&self) -> usize {
        self.voices.iter().flatten().count()
    }

    /// Starts and stops what an update reported: each sound request at the volume of its
    /// distance from the report's listener (`sound_distance` gives the radius and divisor)
    /// and the pan of its bearing, on channels from 0 for the player's own sounds and from 6
    /// for the rest; each `StopSound` stops its actor's remembered sound.
    pub fn play_report(&mut self, bank: &Sfx<'_>, report: &crate::world::StepReport, sound_distance: i32) {
        use crate::anim::AnimEvent;
        use crate::world::{Event, SoundLevel};
        let (radius, divisor) = radius_and_divisor(sound_distance).unwrap_or((0, 0));
        let l = report.listener;
        // Sound maintenance's reset precedes the update's object updates and their sounds.
        if report.sound_reset {
            self.stop(0, crate::anim::SoundStop::All);
        }
        for e in &report.events {
            match e.event {
                Event::Sound(s) => {
                    let d = distance(s.emitter, l.position);
                    let (volume, pan) = match s.level {
                        SoundLevel::Positional(off) => (
                            volume(d, radius, divisor, off),
                            pan(
                                s.emitter[0].wrapping_sub(l.position[0]),
                                s.emitter[2].wrapping_sub(l.position[2]),
                                l.yaw,
                            ),
                        ),
                        SoundLevel::Flat(v) => {
                            let base =
                                bank.effect(s.effect.max(0) as usize).map_or(0, |f| f.base_volume() as i32);
                            (base.wrapping_add(v).clamp(0, 127) as u8, 64)
                        }
                    };
                    let start = Start {
                        owner: e.actor,
                        effect: s.effect,
                        requested: s.requested,
                        rate_offset: s.offset_hz,
                        volume,
                        pan,
                        first_channel: if s.player { PLAYER_START } else { OTHER_START },
                    };
                    match s.ambient {
                        Some(restart) => self.keep_ambient(bank, start, restart),
                        None if s.remembered => {
                            self.play_animation_sound(bank, start);
                        }
                        None => {
                            self.start(bank, start);
                        }
                    }
                }
                Event::Anim(AnimEvent::StopSound) => self.stop_animation_sound(e.actor),
                Event::Anim(AnimEvent::EndSounds(stop)) => self.stop(e.actor, stop),
                _ => {}
            }
        }
    }

    /// One run of an `AmbientSound` task ({D:engine/sound.md} "SOUP functions"): the task's
    /// remembered channel (forgotten first on a `restart`, its first run) gets the new volume
    /// and pan while it still plays the task's sound; otherwise the sound starts and its
    /// channel is remembered.
    pub fn keep_ambient(&mut self, bank: &Sfx<'_>, s: Start, restart: bool) {
        let key = (s.owner, s.requested);
        let at = self.ambient.iter().position(|(k, _)| *k == key);
        if restart && let Some(k) = at {
            self.ambient.swap_remove(k);
        }
        let held = self.ambient.iter().find(|(k, _)| *k == key).map(|&(_, ch)| ch as usize);
        if let Some(ch) = held.and_then(|ch| self.channels.get_mut(ch))
            && ch.active
            && ch.owner == s.owner
            && ch.requested == s.requested
        {
            ch.volume = ((s.volume as i32).wrapping_mul(self.master) >> 8).clamp(0, 127) as u8;
            ch.pan = s.pan;
            return;
        }
        self.ambient.retain(|(k, _)| *k != key);
        if let Some(ch) = self.start(bank, s) {
            if self.ambient.is_full() {
                self.ambient.remove(0);
            }
            let _ = self.ambient.push((key, ch as u8));
        }
    }

    /// A script's stop (`crate::anim::SoundStop`) from `owner`.
    pub fn stop(&mut self, owner: u16, stop: crate::anim::SoundStop) {
        use crate::anim::SoundStop;
        for ch in self.channels.iter_mut() {
            let ends = match stop {
                SoundStop::Effect(e) => ch.requested == e,
                SoundStop::MineOf(e) => ch.owner == owner && ch.requested == e,
                SoundStop::Mine => ch.owner == owner,
                SoundStop::All => true,
            };
            if ends {
                ch.active = false;
            }
        }
    }

    /// Channels playing.
    pub fn playing(&self) -> usize {
        self.channels.iter().filter(|c| c.active).count()
    }
}

/// PCM bytes and their layout: an effect's or a speech clip's.
struct Pcm<'p> {
    bytes: &'p [u8],
    kind: SoundKind,
}

impl Pcm<'_> {
    /// Frames (one sample per channel each).
    fn frames(&self) -> u64 {
        (self.bytes.len() / (self.kind.bytes_per_sample() * self.kind.channels()) as usize) as u64
    }

    /// Frame `i` as a signed 16-bit value (unsigned 8-bit PCM recentred and scaled; 16-bit
    /// little-endian as stored; stereo data reads its left sample).
    fn sample(&self, i: u64) -> i32 {
        let width = (self.kind.bytes_per_sample() * self.kind.channels()) as usize;
        let at = (i as usize).saturating_mul(width);
        if self.kind.bytes_per_sample() == 1 {
            self.bytes.get(at).map_or(0, |&b| (b as i32 - 128) * 256)
        } else {
            match (self.bytes.get(at), self.bytes.get(at + 1)) {
                (Some(&lo), Some(&hi)) => i16::from_le_bytes([lo, hi]) as i32,
                _ => 0,
            }
        }
    }

    /// Adds a channel at `(rate, volume, pan)` from `position` (16.16 frames) into `out` at
    /// `output_rate`, looping `loops` more times (`u32::MAX`: until stopped). Whether the
    /// channel still plays.
    fn mix(
        &self,
        level: (u32, u8, u8),
        position: &mut u64,
        loops: &mut u32,
        output_rate: u32,
        out: &mut [i16],
    ) -> bool {
        let (rate, volume, pan) = level;
        let frames = self.frames();
        if frames == 0 {
            return false;
        }
        let step = ((rate as u64) << 16) / output_rate as u64;
        let (left, right) = (pan_gain(127 - pan.min(127)), pan_gain(pan.min(127)));
        let v = volume as i32;
        for pair in out.chunks_exact_mut(2) {
            let mut frame = *position >> 16;
            if frame >= frames {
                if *loops == 0 {
                    return false;
                }
                if *loops != u32::MAX {
                    *loops -= 1;
                }
                *position %= frames << 16;
                frame = *position >> 16;
            }
            let s = self.sample(frame);
            let (l, r) = if self.kind.bytes_per_sample() == 1 {
                let a = if v != 0 { v + 1 } else { 0 };
                let scaled = (s * a).div_euclid(128);
                ((scaled * left).div_euclid(128), (scaled * right).div_euclid(128))
            } else {
                let (cl, cr) = (left * v / 127, right * v / 127);
                ((s * cl).div_euclid(128), (s * cr).div_euclid(128))
            };
            pair[0] = pair[0].saturating_add(l.clamp(i16::MIN as i32, i16::MAX as i32) as i16);
            pair[1] = pair[1].saturating_add(r.clamp(i16::MIN as i32, i16::MAX as i32) as i16);
            *position += step;
        }
        true
    }
}
