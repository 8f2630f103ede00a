//! Dialogue records, the subtitle slots ({D:engine/sound.md} "Dialogue creation", "Dialogue
//! lifetime", "Dialogue record updates"; {D:engine/subtitles.md} "Slots", "Timing").

use crate::formats::rtx::Entry;

/// The least number of records (`[dialog] dialog_max_dialog_lines` is raised to it).
pub const MIN_LINES: usize = 16;
/// The lifetime a record loses per whole nominal tick.
pub const LOSS_PER_TICK: i32 = 21;
/// Lifetime per text byte of a line without a sample.
pub const PER_BYTE: i32 = 15;

/// A record's remembered sample.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Sample {
    /// A fresh record's zero-valued field.
    #[default]
    Fresh,
    /// The absent-handle value a cleared record holds.
    Absent,
    /// A sample handle.
    Handle(u8),
}

impl Sample {
    /// The handle, if one is remembered.
    pub fn handle(self) -> Option<u8> {
        match self {
            Sample::Handle(k) => Some(k),
            _ => None,
        }
    }
}

/// One record.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Line<'a> {
    /// Active (the word `WaitOnDialog` scans).
    pub active: bool,
    /// The speaking actor.
    pub speaker: u16,
    /// The RTX label of the line.
    pub label: [u8; 4],
    /// The text: a voiced entry's label, a text entry's text.
    pub text: &'a [u8],
    /// The remembered sample.
    pub sample: Sample,
    /// Remaining lifetime, 1/256 second (signed).
    pub lifetime: i32,
}

impl<'a> Line<'a> {
    /// A new active record of `speaker` for `entry` with its remembered sample: lifetime
    /// from the clip's duration when a sample is remembered, else 15 × the text bytes.
    pub fn new(speaker: u16, label: [u8; 4], entry: &Entry<'a>, sample: Option<u8>) -> Line<'a> {
        let lifetime = match (sample, entry.voice) {
            (Some(_), Some(v)) => v.duration_256(),
            _ => PER_BYTE.saturating_mul(entry.text.len() as i32),
        };
        let sample = sample.map_or(Sample::Absent, Sample::Handle);
        Line { active: true, speaker, label, text: entry.text, sample, lifetime }
    }

    /// Clearing: inactive, no text, the absent handle; the other fields stay.
    pub fn clear(&mut self) {
        (self.active, self.text, self.sample) = (false, &[], Sample::Absent);
    }
}

/// What one record-update pass did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pass {
    /// The record presented (drawn) this frame.
    pub presented: Option<usize>,
    /// The record whose voice volume was refreshed.
    pub refreshed: Option<usize>,
}

/// One record-update pass over `lines` ({D:engine/sound.md} "Dialogue record updates"):
/// each active record loses `21 × ticks`; with speech, a still-playing sample presents
/// the line and ends the pass, a finished one clears it and ends the pass, and a line
/// without a sample stays and the pass goes on; without speech, a positive lifetime
/// presents and ends the pass, an expired line is cleared and the pass goes on.
/// `cleared` hears each record the pass clears.
pub fn pass(
    lines: &mut [Line<'_>],
    ticks: i32,
    speech: bool,
    playing: impl Fn(u8) -> bool,
    mut cleared: impl FnMut(usize),
) -> Pass {
    let mut out = Pass::default();
    for (k, line) in lines.iter_mut().enumerate().filter(|(_, l)| l.active) {
        line.lifetime = line.lifetime.wrapping_sub(LOSS_PER_TICK.wrapping_mul(ticks));
        if speech {
            let Some(h) = line.sample.handle() else { continue };
            if playing(h) {
                (out.presented, out.refreshed) = (Some(k), Some(k));
            } else {
                line.clear();
                cleared(k);
            }
            return out;
        }
        if line.lifetime > 0 {
            out.presented = Some(k);
            return out;
        }
        line.clear();
        cleared(k);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(sample: Sample, lifetime: i32) -> Line<'static> {
        Line { active: true, speaker: 3, label: *b"abcd", text: b"Hello", sample, lifetime }
    }

    #[test]
    fn a_text_line_lasts_fifteen_per_byte_and_loses_21_a_tick() {
        let e = Entry { tag: *b"abcd", text: b"Hello there", voice: None };
        let l = Line::new(3, *b"abcd", &e, None);
        // 11 bytes × 15 = 165: 7 ticks leave 165 − 147 = 18, the 8th expires it.
        assert_eq!((l.lifetime, l.sample), (165, Sample::Absent));
        let mut lines = [l];
        for _ in 0..7 {
            assert_eq!(pass(&mut lines, 1, false, |_| false, |_| {}).presented, Some(0));
        }
        assert_eq!(lines[0].lifetime, 18);
        let mut gone = None;
        assert_eq!(pass(&mut lines, 1, false, |_| false, |k| gone = Some(k)).presented, None);
        assert_eq!((gone, lines[0].active, lines[0].lifetime), (Some(0), false, -3));
    }

    #[test]
    fn with_speech_the_lowest_voiced_line_shows_and_text_lines_stay() {
        // Record 0 has no sample: skipped and kept; record 1 plays: shown, the pass ends
        // before record 2.
        let mut lines = [line(Sample::Absent, 0), line(Sample::Handle(4), 100), line(Sample::Handle(5), 100)];
        let p = pass(&mut lines, 2, true, |h| h == 4, |_| {});
        assert_eq!(p.presented, Some(1));
        assert!(lines[0].active);
        assert_eq!((lines[1].lifetime, lines[2].lifetime), (58, 100));
        // Handle 4 finished: record 1 is cleared and the pass ends; nothing is shown.
        let p = pass(&mut lines, 1, true, |h| h == 5, |_| {});
        assert_eq!((p.presented, lines[1].active, lines[2].active), (None, false, true));
        assert_eq!(pass(&mut lines, 1, true, |h| h == 5, |_| {}).presented, Some(2));
    }
}
