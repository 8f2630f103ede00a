//! Dialogue ({D:engine/sound.md} "SOUP functions" `RTX`, "Dialogue records", "RTX
//! lookup", "Periodic cache updates"; {D:engine/subtitles.md}; {D:engine/hud.md}
//! "Activation prompt"): what people say and how it is shown.
//!
//! - [`cache`]: the twenty-slot RTX cache lines and prompts are looked up through;
//! - [`voice`]: the speech clips started, modelled on the BIOS clock;
//! - [`lines`]: the dialogue records — the subtitle slots — and their per-frame update;
//! - [`subtitle`]: where a line's text wraps and sits on the 640×480 screen;
//! - [`menu`]: the scripted topic menu;
//! - [`activation`]: the activation prompt and its owner.
//!
//! [`Dialogue`] holds them for a world; the world's script host runs the natives on it and
//! the world loop runs its update after the object updates.

pub mod activation;
pub mod cache;
pub mod lines;
pub mod menu;
pub mod subtitle;
pub mod voice;

use crate::capacity::{Capacity, Desktop, Table};
use crate::formats::rtx::Rtx;
use lines::{Line, Sample};

/// What the dialogue system reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Talk {
    /// A record became active.
    Line {
        /// The record.
        record: u8,
        /// Its RTX label.
        label: [u8; 4],
        /// It remembers a sample.
        voiced: bool,
    },
    /// A record was cleared.
    LineEnd {
        /// The record.
        record: u8,
    },
    /// A speech clip started (pan 64, rate offset 0).
    Voice {
        /// The sample handle.
        handle: u8,
        /// The RTX label.
        label: [u8; 4],
        /// Volume 0–127.
        volume: u8,
    },
    /// A playing clip's volume and pan changed.
    VoiceLevel {
        /// The sample handle.
        handle: u8,
        /// Volume 0–127.
        volume: u8,
        /// Pan 0–127.
        pan: u8,
    },
    /// A clip was stopped.
    VoiceStop {
        /// The sample handle.
        handle: u8,
    },
    /// An activation fired.
    Activated {
        /// The prompt's RTX label.
        label: [u8; 4],
    },
    /// The topic menu opened.
    Menu {
        /// Its items.
        items: u8,
    },
    /// A topic was chosen.
    Chosen {
        /// The item.
        index: u8,
        /// Its value.
        value: i32,
    },
}

/// Events one update can hold before later ones are dropped.
pub const MAX_EVENTS: usize = 16;

/// The dialogue state of a world.
#[derive(Clone, Debug, Default)]
pub struct Dialogue<'a, C: Capacity = Desktop> {
    /// The world's RTX file.
    pub rtx: Option<Rtx<'a>>,
    /// The records (`max(dialog_max_dialog_lines, 16)`, held to the build's capacity).
    pub lines: C::Lines<Line<'a>>,
    /// The RTX cache.
    pub cache: cache::Cache<'a>,
    /// The speech clips.
    pub voices: voice::Voices,
    /// The activation prompt.
    pub activation: activation::Activation<'a>,
    /// The topic menu.
    pub menu: menu::Menu<'a, C>,
    /// The skip input's latch.
    pub skip_latch: bool,
    /// The record presented this frame.
    pub presented: Option<usize>,
    /// Events of the update under way, with the actor each came from.
    pub events: heapless::Vec<(u16, Talk), MAX_EVENTS>,
    /// Events dropped this update.
    pub dropped: u32,
}

impl<'a, C: Capacity> Dialogue<'a, C> {
    /// Reopens for a world over `rtx` with `configured` records (raised to 16, held to the
    /// build's capacity): fresh records, an empty cache and menu, nothing playing, pending
    /// or owned (emptied where they are).
    pub fn reopen(&mut self, rtx: Option<Rtx<'a>>, configured: i32) {
        self.rtx = rtx;
        let n = (configured.max(lines::MIN_LINES as i32) as usize)
            .min(C::holds(crate::capacity::TableKind::Lines));
        self.lines.clear();
        for _ in 0..n {
            let _ = self.lines.push(Line::default());
        }
        self.cache.reset();
        self.voices.stop_all();
        self.activation = activation::Activation::default();
        self.menu.reopen();
        (self.skip_latch, self.presented, self.dropped) = (false, None, 0);
        self.events.clear();
    }

    /// Reports `talk` from `actor`.
    pub fn emit(&mut self, actor: u16, talk: Talk) {
        if self.events.push((actor, talk)).is_err() {
            self.dropped += 1;
        }
    }

    /// Looks `label` up through the cache; a voiced entry whose slot remembers no sample
    /// starts its clip at BIOS tick `bios` (`speech` off stops it at once). Returns the slot.
    pub fn load(
        &mut self,
        actor: u16,
        label: [u8; 4],
        bios: u32,
        speech: bool,
    ) -> Result<usize, cache::LookupError> {
        let rtx = self.rtx;
        let k = self.cache.lookup(rtx.as_ref(), label)?;
        let Some(slot) = self.cache.get(k).copied() else { return Ok(k) };
        if let (Some(voice), None) = (slot.entry.and_then(|e| e.voice), slot.sample)
            && let Some(h) = self.voices.start(slot.label, &voice, bios)
        {
            let volume = voice.volume.min(127);
            self.emit(actor, Talk::Voice { handle: h, label: slot.label, volume });
            if !speech {
                self.voices.stop(h);
                self.emit(actor, Talk::VoiceStop { handle: h });
            }
            if let Some(s) = self.cache.get_mut(k) {
                s.sample = Some(h);
            }
        }
        Ok(k)
    }

    /// Creates a record of `speaker` for cache slot `k` in the first inactive record from 1
    /// (`None` when all are active), or replaces record 0 when `player_record`.
    pub fn create(&mut self, speaker: u16, k: usize, player_record: bool) -> Option<usize> {
        let slot = *self.cache.get(k)?;
        let entry = slot.entry?;
        let line = Line::new(speaker, slot.label, &entry, slot.sample);
        let r = match player_record {
            true => 0,
            false => (1..self.lines.len()).find(|&r| !self.lines[r].active)?,
        };
        *self.lines.get_mut(r)? = line;
        self.emit(speaker, Talk::Line { record: r as u8, label: slot.label, voiced: slot.sample.is_some() });
        Some(r)
    }

    /// Whether record `r` is active (`None` or out of range: inactive).
    pub fn active(&self, r: Option<usize>) -> bool {
        r.and_then(|r| self.lines.get(r)).is_some_and(|l| l.active)
    }

    /// `WaitOnDialog`: any record active.
    pub fn any_active(&self) -> bool {
        self.lines.iter().any(|l| l.active)
    }

    /// Clears record `r`, reporting it.
    pub fn clear(&mut self, r: usize) {
        let Some(l) = self.lines.get_mut(r) else { return };
        let (was, speaker) = (l.active, l.speaker);
        l.clear();
        if was {
            self.emit(speaker, Talk::LineEnd { record: r as u8 });
        }
    }

    /// Stops sample `h` and clears the active ordinary records (from 1) that remember it.
    pub fn silence(&mut self, actor: u16, h: u8) {
        self.voices.stop(h);
        self.emit(actor, Talk::VoiceStop { handle: h });
        for r in 1..self.lines.len() {
            let l = self.lines[r];
            if l.active && l.sample == Sample::Handle(h) {
                self.clear(r);
            }
        }
    }

    /// The skip input's edge ({D:engine/sound.md} "Before record traversal"): a new press
    /// of the walk/run binding under lockout 1 stops every record's playing sample and
    /// clears every record. Returns whether it did (the update then ends).
    pub fn skip(&mut self, pressed: bool, lockout: u16, bios: u32) -> bool {
        if !pressed {
            self.skip_latch = false;
            return false;
        }
        if self.skip_latch {
            return false;
        }
        self.skip_latch = true;
        if lockout != 1 {
            return false;
        }
        // The update ends here: nothing is presented this frame.
        self.presented = None;
        for r in 0..self.lines.len() {
            let l = self.lines[r];
            if let Some(h) = l.sample.handle().filter(|&h| self.voices.playing(h, bios)) {
                self.voices.stop(h);
                self.emit(l.speaker, Talk::VoiceStop { handle: h });
            }
            self.clear(r);
        }
        true
    }

    /// The dialogue-record update ({D:engine/sound.md} "Dialogue record updates") at BIOS
    /// tick `bios` with the update's whole nominal `ticks`; returns the record presented
    /// and the one whose voice volume the world refreshes.
    pub fn update(&mut self, ticks: i32, speech: bool, bios: u32) -> lines::Pass {
        let voices = self.voices;
        let mut gone: heapless::Vec<usize, 64> = heapless::Vec::new();
        let pass = lines::pass(
            &mut self.lines,
            ticks,
            speech,
            |h| voices.playing(h, bios),
            |r| {
                let _ = gone.push(r);
            },
        );
        for r in gone {
            let speaker = self.lines[r].speaker;
            self.emit(speaker, Talk::LineEnd { record: r as u8 });
        }
        self.presented = pass.presented;
        pass
    }

    /// The line presented this frame: its text and speaker.
    pub fn subtitle(&self) -> Option<&Line<'a>> {
        self.presented.and_then(|r| self.lines.get(r))
    }

    /// The file's entry `label` (folded), looked up directly rather than through the cache.
    pub fn entry(&self, label: [u8; 4]) -> Option<crate::formats::rtx::Entry<'a>> {
        self.rtx.and_then(|f| f.find(label))
    }

    /// What the player controller tests of the dialogue system: the topic-menu-state word and
    /// whether `WaitOnDialog` would wait.
    pub fn words(&self) -> (i32, bool) {
        (self.menu.state, self.any_active())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::capacity::Small;

    /// {D:engine/subtitles.md} "Slots": 16 records (the least; `Small` holds 16); ordinary
    /// speakers take the lowest free record from 1, so fifteen lines fill them and a
    /// sixteenth gets none; `RTXp`'s record 0 is replaced whatever it holds; the lowest
    /// active record is the one presented.
    #[test]
    fn ordinary_lines_take_the_lowest_free_record_and_the_player_record_zero() {
        let file = crate::formats::rtx::tests::sample();
        let rtx = Rtx::new_checked(&file).unwrap();
        let mut d = Dialogue::<Small>::default();
        d.reopen(Some(rtx), 20);
        assert_eq!(d.lines.len(), 16);
        let k = d.load(7, *b"#bon", 0, true).unwrap();
        for speaker in 1..=15u16 {
            assert_eq!(d.create(speaker, k, false), Some(speaker as usize));
        }
        assert_eq!(d.create(16, k, false), None);
        d.clear(3);
        assert_eq!(d.create(17, k, false), Some(3));
        // Record 0, twice: the second replaces the first.
        assert_eq!(d.create(99, k, true), Some(0));
        assert_eq!(d.create(98, k, true), Some(0));
        assert_eq!(d.lines[0].speaker, 98);
        // Text lines without speech: record 0 (the lowest active) is presented.
        let pass = d.update(1, false, 0);
        assert_eq!(pass.presented, Some(0));
        assert_eq!(d.subtitle().map(|l| l.text), Some(&b"Hi"[..]));
        // "Hi" lasts 15 × 2 = 30: one tick leaves 9, the next clears record 0 and shows 1.
        assert_eq!(d.lines[0].lifetime, 9);
        assert_eq!(d.update(1, false, 0).presented, Some(1));
        assert!(!d.lines[0].active);
    }

    /// A voiced entry starts its clip on the first lookup only: a second lookup of the same
    /// label reuses the slot and its remembered sample ({D:engine/sound.md} "RTX lookup").
    #[test]
    fn a_cached_voice_is_not_started_twice() {
        let file = crate::formats::rtx::tests::sample();
        let rtx = Rtx::new_checked(&file).unwrap();
        let mut d = Dialogue::<Small>::default();
        d.reopen(Some(rtx), 16);
        let a = d.load(1, *b"ABCD", 100, true).unwrap();
        let b = d.load(2, *b"abcd", 100, true).unwrap();
        assert_eq!(a, b);
        let voices = d.events.iter().filter(|(_, t)| matches!(t, Talk::Voice { .. })).count();
        assert_eq!(voices, 1);
        assert_eq!(d.cache.get(a).unwrap().sample, Some(0));
        assert_eq!(d.load(3, *b"none", 100, true), Err(cache::LookupError::Missing));
    }
}
