//! The RTX cache ({D:engine/sound.md} "RTX lookup", "Periodic cache updates"): twenty
//! slots that hold a looked-up entry, a used flag, an age in nominal ticks and the sample
//! its voice was started on. The payloads stay in the file (the entry is a view), so the
//! cache keeps the original's observable rules — reuse by label, a fresh load into the
//! first unused slot even over another label, exhaustion when all twenty were used since
//! the last update, release by age — without copying bytes.

use super::voice::Voices;
use crate::formats::rtx::{self, Entry, Rtx};

/// Cache slots.
pub const SLOTS: usize = 20;
/// The age a lookup gives its slot, nominal ticks.
pub const AGE: i32 = 8;

/// One slot.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cached<'a> {
    /// The label loaded (folded).
    pub label: [u8; 4],
    /// The entry loaded (`None`: unoccupied).
    pub entry: Option<Entry<'a>>,
    /// Used since the last periodic update.
    pub used: bool,
    /// Nominal ticks left before an unused slot is released.
    pub age: i32,
    /// The sample handle its voice plays on.
    pub sample: Option<u8>,
}

/// Why a lookup failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LookupError {
    /// The file has no such entry (or there is no RTX file).
    Missing,
    /// Every slot was used since the last periodic update.
    Exhausted,
}

/// The twenty slots.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cache<'a> {
    slots: [Cached<'a>; SLOTS],
}

impl<'a> Cache<'a> {
    /// Slot `k`.
    pub fn get(&self, k: usize) -> Option<&Cached<'a>> {
        self.slots.get(k)
    }

    /// Slot `k`, mutable.
    pub fn get_mut(&mut self, k: usize) -> Option<&mut Cached<'a>> {
        self.slots.get_mut(k)
    }

    /// Looks `label` up: a slot already holding it is marked used with age 8; otherwise the
    /// first slot not used since the last update loads it (replacing what it held, its
    /// sample forgotten). Returns the slot.
    pub fn lookup(&mut self, file: Option<&Rtx<'a>>, label: [u8; 4]) -> Result<usize, LookupError> {
        let key = rtx::fold(label);
        if let Some(k) = self.slots.iter().position(|s| s.entry.is_some() && s.label == key) {
            let s = &mut self.slots[k];
            (s.used, s.age) = (true, AGE);
            return Ok(k);
        }
        let k = self.slots.iter().position(|s| !s.used).ok_or(LookupError::Exhausted)?;
        let entry = file.and_then(|f| f.find(key)).ok_or(LookupError::Missing)?;
        self.slots[k] = Cached { label: key, entry: Some(entry), used: true, age: AGE, sample: None };
        Ok(k)
    }

    /// The periodic update after the dialogue records, `ticks` the update's whole nominal
    /// ticks: a slot whose sample still plays is left alone; the others forget their
    /// sample; a used slot clears its flag and takes age 8; an unused one is released when
    /// its age is below `ticks` and otherwise ages by them.
    pub fn update(&mut self, voices: &Voices, bios: u32, ticks: i32) {
        for s in self.slots.iter_mut() {
            if s.sample.is_some_and(|k| voices.playing(k, bios)) {
                continue;
            }
            s.sample = None;
            if s.used {
                (s.used, s.age) = (false, AGE);
            } else if s.entry.is_some() {
                if s.age < ticks {
                    *s = Cached::default();
                } else {
                    s.age -= ticks;
                }
            }
        }
    }

    /// Releases every slot.
    pub fn reset(&mut self) {
        self.slots = [Cached::default(); SLOTS];
    }
}
