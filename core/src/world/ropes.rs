//! Ropes and chains ({D:engine/SOUP.md} "Rope construction and swing", "Rope amplitude
//! updates", "Rope update order"; {D:formats/RGM.md} "MPRP (Rope Chains)"): one rope per
//! MPRP record, a column of link models hanging from its base that swings about its top.
//!
//! Each world loop first places every rope's links (the map render lists) and runs its
//! amplitude service, then advances its swing; the frame shows the links as placed.
//! Climbing them (attachment, the attached controls, the pump) is not built: no actor ever
//! attaches, so the swing sounds, which need an attachment, never play.

use super::{World, full};
use crate::capacity::{Capacity, Table, TableKind};
use crate::files::Files;
use crate::formats::model::Model;
use crate::formats::rgm::MprpRecord;
use crate::math::Mat3;
use crate::units::Angles;
use crate::world::WorldError;

/// Type bit: an end model hangs below the last link (set when the record names one).
pub const END_MODEL: u8 = 0x10;
/// Type bit: the rope starts swinging at its full amplitude.
pub const SWINGING: u8 = 0x20;
/// Type bits that hold the swing step (the phase does not advance).
pub const HELD: u8 = 0x0c;

/// One rope.
#[derive(Clone, Copy, Debug)]
pub struct Rope<'a> {
    /// The link model.
    pub link: Model<'a>,
    /// The end model, when the record names one.
    pub end: Option<Model<'a>>,
    /// The base, map units.
    pub base: [i32; 3],
    /// Links (`length` as stored; below 1, none).
    pub links: i16,
    /// A link's length, Q8.
    pub link_length: i32,
    /// The heading (`angle_y`), 2048 units a turn.
    pub heading: i32,
    /// The type byte ([`END_MODEL`], [`SWINGING`], [`HELD`]).
    pub kind: u8,
    /// The maximum amplitude (`swing`).
    pub maximum: i32,
    /// The phase rate (`speed`; below 1 reads 199).
    pub speed: i32,
    /// The live amplitude.
    pub amplitude: i32,
    /// The phase.
    pub phase: i32,
    /// The step angle every link takes.
    pub step: i32,
    /// The sum of the link step angles the amplitude service saw last.
    pub previous_sum: i32,
    /// The swing direction byte: 0 while the sum grows, else 1.
    pub direction: u8,
    /// The pending push (the pump's, which is not yet (coverage: SOUP.md "Rope control
    /// while attached")).
    pub push: i32,
    /// The amplitude and step the latest placement used: what the frame shows.
    pub placed: (i32, i32),
}

/// A link's length from its model: the model's height, its largest vertex Y less the
/// smallest (model vertices are Q8 map units already). Best guess: the docs say only that
/// it is "a fixed-point value taken from its model record"; RGM.md gives the shipped links'
/// heights as their spacing.
pub fn link_length(model: &Model<'_>) -> i32 {
    let (lo, hi) = model.vertices().fold((i32::MAX, i32::MIN), |(lo, hi), v| (lo.min(v[1]), hi.max(v[1])));
    if lo > hi { 0 } else { hi.wrapping_sub(lo) }
}

impl<'a> Rope<'a> {
    /// The rope an MPRP record builds with link model `link` and end model `end`.
    pub fn new(record: &MprpRecord<'_>, link: Model<'a>, end: Option<Model<'a>>) -> Self {
        let mut kind = record.rope_type() as u8;
        if end.is_some() {
            kind |= END_MODEL;
        }
        let maximum = record.swing();
        let speed = if record.speed() < 1 { 199 } else { record.speed() };
        Rope {
            link,
            end,
            base: record.position(),
            links: record.length(),
            link_length: link_length(&link),
            heading: record.angle_y(),
            kind,
            maximum,
            speed,
            amplitude: if kind & SWINGING != 0 { maximum } else { 0 },
            phase: 0,
            step: 0,
            previous_sum: 0,
            direction: 0,
            push: 0,
            placed: (0, 0),
        }
    }

    /// The sum of the step angles of links 1 onward: each takes the rope's one step angle
    /// (best guess: the docs compute one step angle per rope and sum it per link).
    pub fn step_sum(&self) -> i32 {
        self.step.wrapping_mul((self.links as i32 - 1).max(0))
    }

    /// The placement of the map render list: records what the frame shows, then the
    /// amplitude service with the links' step sum.
    pub fn place(&mut self) {
        self.placed = (self.amplitude, self.step);
        self.amplitude_service(self.step_sum());
    }

    /// "Rope amplitude updates": on a zero crossing of the step sum `t` (or when it and the
    /// previous sum are both zero) the amplitude takes one step toward the pending push, or
    /// without a push decays (5 above 4u, 4 above 3u, 2 above 2u, else 1 while nonzero,
    /// with `u` a fifth of the maximum); then the direction byte and the previous sum
    /// follow `t`.
    pub fn amplitude_service(&mut self, t: i32) {
        let previous = self.previous_sum;
        let crossing = (t >= 0 && previous < 0) || (t < 0 && previous >= 0) || (t == 0 && previous == 0);
        if crossing {
            let u = self.maximum / 5;
            let p = self.push;
            if p > 0 {
                let s = if p >= 5 && p > 4 * u {
                    5
                } else if p >= 4 && p > 3 * u {
                    4
                } else if p >= 2 && p > 2 * u {
                    2
                } else {
                    1
                };
                self.amplitude = self.amplitude.wrapping_add(s);
                self.push -= s;
            } else if p < 0 {
                let n = p.wrapping_neg();
                let s = if n > 4 * u {
                    5
                } else if n > 3 * u {
                    4
                } else if n > 2 || n <= 2 * u {
                    1
                } else {
                    2
                };
                self.amplitude = self.amplitude.wrapping_sub(s);
                self.push += s;
            } else if t != 0 || previous != 0 {
                let a = self.amplitude;
                self.amplitude = if a > 4 * u {
                    a - 5
                } else if a > 3 * u {
                    a - 4
                } else if a > 2 * u {
                    a - 2
                } else if a != 0 {
                    a - 1
                } else {
                    a
                };
            }
        }
        self.direction = if t != 0 && previous < t { 0 } else { 1 };
        self.previous_sum = t;
    }

    /// The rope update's swing step at frame scale `frame_scale`: the amplitude clamped to
    /// `0..=maximum`; unless a [`HELD`] bit is set, a nonzero amplitude advances the phase
    /// by `speed × 0x40 × frame_scale >> 8` and takes the step angle
    /// `sine[(phase >> 8) & 0x7FF] × amplitude >> 9`; a zero amplitude gives step 0.
    pub fn swing(&mut self, frame_scale: i32) {
        self.amplitude = self.amplitude.clamp(0, self.maximum.max(0));
        if self.amplitude == 0 {
            self.step = 0;
        } else if self.kind & HELD == 0 {
            let advance = self.speed.wrapping_mul(0x40).wrapping_mul(frame_scale) >> 8;
            self.phase = self.phase.wrapping_add(advance);
            let sine = crate::tables::int_sine((self.phase >> 8) & 0x7ff);
            self.step = sine.wrapping_mul(self.amplitude) >> 9;
        }
    }

    /// The links as placed, then the end model: each model with its map-unit position and
    /// orientation ([`RopeLinks`]).
    pub fn links(&self) -> RopeLinks<'a> {
        RopeLinks {
            link: self.link,
            end: self.end,
            heading: self.heading,
            amplitude: self.placed.0,
            step: self.placed.1,
            length: self.link_length as f32,
            count: self.links.max(0) as u16,
            index: 0,
            at: self.base.map(|c| c.wrapping_mul(256) as f32),
            matrix: Mat3::IDENTITY,
        }
    }
}

/// One placed link (or the end model).
#[derive(Clone, Copy, Debug)]
pub struct PlacedLink<'a> {
    /// The model.
    pub model: Model<'a>,
    /// Map units.
    pub position: [f32; 3],
    /// Local → world rotation.
    pub matrix: [[f32; 3]; 3],
}

/// A rope's links in order ("Rope construction and swing", the placement): link 0 at the
/// base, yawed by the heading and pitched by the amplitude `>> 8`; link `i` at the previous
/// link's position plus the previous link's matrix applied to `(0, link length, 0)`, pitched
/// by the step sum of links 1 to `i − 1` `>> 8` (link 1 is upright). Positions are kept in Q8
/// as single-precision values and divided by 256. The end model hangs where link `n` would.
#[derive(Clone, Debug)]
pub struct RopeLinks<'a> {
    link: Model<'a>,
    end: Option<Model<'a>>,
    heading: i32,
    amplitude: i32,
    step: i32,
    length: f32,
    count: u16,
    index: u16,
    /// The next link's position, Q8.
    at: [f32; 3],
    /// The previous link's matrix.
    matrix: Mat3,
}

impl<'a> Iterator for RopeLinks<'a> {
    type Item = PlacedLink<'a>;

    fn next(&mut self) -> Option<PlacedLink<'a>> {
        let i = self.index;
        let model = match i {
            _ if i < self.count => self.link,
            _ if i == self.count && self.count > 0 => self.end?,
            _ => return None,
        };
        if i > 0 {
            let m = &self.matrix.m;
            self.at = [0, 1, 2].map(|r| self.at[r] + m[r][1] * self.length);
        }
        let pitch = if i == 0 { self.amplitude >> 8 } else { self.step.wrapping_mul(i as i32 - 1) >> 8 };
        let angles =
            Angles { pitch: (pitch & 0x7ff) as u16, heading: (self.heading & 0x7ff) as u16, roll: 0 };
        self.matrix = Mat3::from_orientation(angles);
        self.index += 1;
        Some(PlacedLink { model, position: self.at.map(|c| c / 256.0), matrix: self.matrix.m })
    }
}

impl<'a, C: Capacity> World<'a, C> {
    /// Builds the map's ropes when `[system] ropes_load` is set: one per MPRP record whose
    /// link model is found (best guess: a rope without one is left out; the docs do not
    /// say). More than the build holds (the original: 255) fails the load.
    pub(super) fn build_ropes(&mut self, files: &impl Files<'a>) -> Result<(), WorldError> {
        self.systems.ropes.clear();
        if self.assets.config.ropes_load == 0 {
            return Ok(());
        }
        let rgm = self.assets.rgm;
        for record in rgm.mprp().iter() {
            let link = self.model_named(files, record.rope_model())?;
            let end =
                self.model_named(files, record.static_model())?.map(|m| self.assets.models[m as usize].model);
            let Some(link) = link.map(|m| self.assets.models[m as usize].model) else { continue };
            self.systems
                .ropes
                .push(Rope::new(&record, link, end))
                .map_err(|_| full::<C>(TableKind::Ropes))?;
        }
        Ok(())
    }

    /// The map render lists' rope placement and amplitude service, then the rope update
    /// ("Rope update order").
    pub(super) fn update_ropes(&mut self, frame_scale: i32) {
        for rope in self.systems.ropes.iter_mut() {
            rope.place();
        }
        for rope in self.systems.ropes.iter_mut() {
            rope.swing(frame_scale);
        }
    }

    /// The ropes.
    pub fn ropes(&self) -> &[Rope<'a>] {
        &self.systems.ropes
    }

    /// Every rope's links and end model as the frame shows them.
    pub fn rope_links(&self) -> impl Iterator<Item = PlacedLink<'a>> + '_ {
        self.systems.ropes.iter().flat_map(Rope::links)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rope(maximum: i32, push: i32) -> Rope<'static> {
        Rope {
            link: Model::new_unchecked(&[]),
            end: None,
            base: [0; 3],
            links: 5,
            link_length: 16 * 256,
            heading: 0,
            kind: 0,
            maximum,
            speed: 199,
            amplitude: maximum,
            phase: 0,
            step: 0,
            previous_sum: 0,
            direction: 0,
            push,
            placed: (0, 0),
        }
    }

    #[test]
    fn the_swing_step_follows_the_integer_sine() {
        // Speed 199 at frame scale 256: the phase gains 199 × 64 = 12,736 a step; its high
        // part 12,736 >> 8 = 49 indexes the sine: trunc(sin(49π/1024) × 65536) = 9,814
        // (sin 0.15033 = 0.149764), × amplitude 1,000 >> 9 = 9,814,000 / 512 = 19,167.97 → 19,167.
        let mut r = rope(1000, 0);
        r.swing(256);
        assert_eq!(r.phase, 12_736);
        assert_eq!(crate::tables::int_sine(49), 9_814);
        assert_eq!(r.step, 19_167);
        // An amplitude above the maximum is clamped first; zero gives step 0.
        r.amplitude = 5000;
        r.swing(0);
        assert_eq!(r.amplitude, 1000);
        r.amplitude = 0;
        r.swing(256);
        assert_eq!(r.step, 0);
    }

    #[test]
    fn a_zero_crossing_decays_the_amplitude_without_a_push() {
        // u = 100 / 5 = 20. Amplitude 100 > 4u: falls by 5 when the sum changes sign.
        let mut r = rope(100, 0);
        r.previous_sum = 50;
        r.amplitude_service(30);
        assert_eq!((r.amplitude, r.direction, r.previous_sum), (100, 1, 30));
        r.amplitude_service(-10);
        assert_eq!((r.amplitude, r.direction), (95, 1));
        r.amplitude_service(5);
        assert_eq!((r.amplitude, r.direction), (90, 0));
        // At 41 (> 2u = 40, ≤ 3u = 60): 2; at 40: 1; at 0 nothing.
        r.amplitude = 41;
        r.amplitude_service(-1);
        assert_eq!(r.amplitude, 39);
        r.amplitude = 0;
        r.amplitude_service(1);
        assert_eq!(r.amplitude, 0);
    }

    #[test]
    fn a_push_moves_into_the_amplitude_by_its_steps() {
        // u = 20: a push of 100 (> 4u, ≥ 5) steps 5; a pull of 30 (≤ 2u, > 2) steps 1.
        let mut r = rope(100, 100);
        r.amplitude = 10;
        r.amplitude_service(0);
        assert_eq!((r.amplitude, r.push), (15, 95));
        r.push = -30;
        r.amplitude_service(0);
        assert_eq!((r.amplitude, r.push), (14, -29));
        // A pull of 70 (> 3u, ≤ 4u) steps 4.
        r.push = -70;
        r.amplitude_service(0);
        assert_eq!((r.amplitude, r.push), (10, -66));
    }
}
