//! The global flags ({D:engine/SOUP.md}, "Global Flags"): one table shared by every
//! script, sized and initialized by SOUP386.DEF's `[flags]` section. Each flag holds a
//! numeric value and a state byte with its declared kind and a separate latch.
//!
//! - The Flag operand (opcode 0x06) reads and assigns the numeric value; it never touches
//!   the latch (the console's flag lookup likewise "reads the current raw value, without
//!   invoking the flag's latch operation", `engine/console.md`).
//! - `SetGlobalFlag` dispatches on the kind: a BOOL toggles its value only while unlatched,
//!   then latches; a FLIPFLOP toggles on every set; a COUNTER decrements a nonzero value and
//!   latches, and leaves a zero one alone; a NUMBER only latches. `ResetGlobalFlag` clears
//!   the latch and keeps the value; `TestGlobalFlag` answers the latch as 1 or 0.
//! - Initializing a flag stores its authored value and clears its latch.
//!
//! Where the docs are silent: "toggle" is a logical not (0 becomes 1, any other value 0; the
//! two agree for the 0/1 values a BOOL or FLIPFLOP normally holds); a FLIPFLOP set leaves the
//! latch as it was (the paragraph names a latch for every other kind and none for it); a
//! COUNTER that stays at zero is not latched ("a zero value remains unchanged").

use crate::formats::soupdef::{FlagKind, SoupDef};

/// Flags the shipped SOUP386.DEF declares ("Global Flags": 369, indices 0–368).
pub const SHIPPED_FLAGS: usize = 369;
/// Most flags a world holds: the shipped 369 and room for a modified file's additions. A
/// file declaring more fails to load.
pub const MAX_FLAGS: usize = 512;
/// The latch ("set") bit of a state byte. `engine/console.md`: `setflag` with status 0
/// XORs the state byte with 239 "leaving the set bit unchanged", so the set bit is 0x10.
pub const LATCH: u8 = 0x10;
/// The kind bits of a state byte (our placement; the docs say "type bits" without one).
pub const KIND_BITS: u8 = 0x03;

/// More flags declared than [`MAX_FLAGS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooManyFlags;

/// The global flags: values and state bytes, and how many are declared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Flags {
    values: [i32; MAX_FLAGS],
    states: [u8; MAX_FLAGS],
    len: u16,
}

impl Default for Flags {
    /// The flags of a world without SOUP386.DEF: the shipped count, each a BOOL at 0 with a
    /// clear latch — a zero-filled table. The original reads the file at every session start
    /// and has no fallback of its own; this one keeps shipped flag ids in range and lets a
    /// BOOL `SetGlobalFlag` set its value, as most shipped flags would.
    fn default() -> Self {
        let mut f = Flags::empty();
        f.len = SHIPPED_FLAGS as u16;
        f
    }
}

/// "toggle" ("Global Flags"): a logical not.
fn toggled(v: i32) -> i32 {
    (v == 0) as i32
}

impl Flags {
    /// No flags declared.
    pub const fn empty() -> Self {
        Flags { values: [0; MAX_FLAGS], states: [0; MAX_FLAGS], len: 0 }
    }

    /// The flags `def` declares, in file order, each initialized to its authored value.
    pub fn from_def(def: &SoupDef<'_>) -> Result<Self, TooManyFlags> {
        let mut f = Flags::empty();
        for d in def.flags() {
            f.declare(d.kind, d.value)?;
        }
        Ok(f)
    }

    /// Declares the next flag: kind `kind`, value `value`, latch clear.
    pub fn declare(&mut self, kind: FlagKind, value: i32) -> Result<(), TooManyFlags> {
        let k = self.len as usize;
        if k >= MAX_FLAGS {
            return Err(TooManyFlags);
        }
        self.values[k] = value;
        self.states[k] = kind as u8;
        self.len += 1;
        Ok(())
    }

    /// How many flags are declared.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// No flag is declared.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn index(&self, id: u16) -> Option<usize> {
        ((id as usize) < self.len()).then_some(id as usize)
    }

    /// Flag `id`'s value.
    pub fn get(&self, id: u16) -> Option<i32> {
        self.index(id).map(|k| self.values[k])
    }

    /// Assigns flag `id`'s value (the Flag operand; the latch is untouched); `false` when
    /// there is no such flag.
    pub fn set(&mut self, id: u16, value: i32) -> bool {
        self.index(id).map(|k| self.values[k] = value).is_some()
    }

    /// Flag `id`'s declared kind.
    pub fn kind(&self, id: u16) -> Option<FlagKind> {
        self.index(id).map(|k| FlagKind::from_bits(self.states[k]))
    }

    /// Flag `id`'s state byte: the kind in [`KIND_BITS`], the latch in [`LATCH`].
    pub fn state(&self, id: u16) -> Option<u8> {
        self.index(id).map(|k| self.states[k])
    }

    /// Restores flag `id`'s value and state byte directly, as a save's `SVGF` does
    /// ({D:formats/SAVEGAME.md} "Global flags"); `false` when there is no such flag.
    pub fn restore(&mut self, id: u16, value: i32, state: u8) -> bool {
        self.index(id).map(|k| (self.values[k], self.states[k]) = (value, state)).is_some()
    }

    /// Flag `id`'s latch.
    pub fn latch(&self, id: u16) -> bool {
        self.index(id).is_some_and(|k| self.states[k] & LATCH != 0)
    }

    /// `SetGlobalFlag(id)`: the kind's set operation. Nothing for an undeclared id.
    pub fn set_global(&mut self, id: u16) {
        let Some(k) = self.index(id) else { return };
        let (value, state) = (&mut self.values[k], &mut self.states[k]);
        match FlagKind::from_bits(*state) {
            FlagKind::Bool => {
                if *state & LATCH == 0 {
                    *value = toggled(*value);
                }
                *state |= LATCH;
            }
            FlagKind::FlipFlop => *value = toggled(*value),
            FlagKind::Counter => {
                if *value != 0 {
                    *value = value.wrapping_sub(1);
                    *state |= LATCH;
                }
            }
            FlagKind::Number => *state |= LATCH,
        }
    }

    /// `ResetGlobalFlag(id)`: clears the latch, keeps the value.
    pub fn reset_global(&mut self, id: u16) {
        if let Some(k) = self.index(id) {
            self.states[k] &= !LATCH;
        }
    }

    /// `TestGlobalFlag(id)`: the latch as 1 or 0 (0 for an undeclared id).
    pub fn test_global(&self, id: u16) -> i32 {
        self.latch(id) as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(kind: FlagKind, value: i32) -> Flags {
        let mut f = Flags::empty();
        f.declare(kind, value).unwrap();
        f
    }

    /// (value, latch) after each of `sets` SetGlobalFlag calls.
    fn after_sets(kind: FlagKind, value: i32, sets: usize) -> heapless::Vec<(i32, bool), 8> {
        let mut f = one(kind, value);
        (0..sets)
            .map(|_| {
                f.set_global(0);
                (f.get(0).unwrap(), f.latch(0))
            })
            .collect()
    }

    #[test]
    fn set_global_by_kind() {
        // BOOL: toggles once, then the latch holds the value.
        assert_eq!(after_sets(FlagKind::Bool, 0, 3).as_slice(), [(1, true), (1, true), (1, true)]);
        assert_eq!(after_sets(FlagKind::Bool, 1, 2).as_slice(), [(0, true), (0, true)]);
        // FLIPFLOP: toggles every time, no latch.
        assert_eq!(after_sets(FlagKind::FlipFlop, 0, 3).as_slice(), [(1, false), (0, false), (1, false)]);
        // COUNTER: 2 → 1 → 0 latched, then zero stays.
        assert_eq!(after_sets(FlagKind::Counter, 2, 3).as_slice(), [(1, true), (0, true), (0, true)]);
        assert_eq!(after_sets(FlagKind::Counter, 0, 1).as_slice(), [(0, false)]);
        assert_eq!(after_sets(FlagKind::Counter, -3, 1).as_slice(), [(-4, true)]);
        assert_eq!(after_sets(FlagKind::Counter, i32::MIN, 1).as_slice(), [(i32::MAX, true)]);
        // NUMBER: only the latch.
        assert_eq!(after_sets(FlagKind::Number, 7, 2).as_slice(), [(7, true), (7, true)]);
        // Toggling a value other than 0 or 1 is a logical not.
        assert_eq!(after_sets(FlagKind::FlipFlop, 5, 2).as_slice(), [(0, false), (1, false)]);
    }

    #[test]
    fn reset_clears_the_latch_and_keeps_the_value() {
        let mut f = one(FlagKind::Bool, 0);
        f.set_global(0);
        assert_eq!((f.get(0), f.test_global(0), f.state(0)), (Some(1), 1, Some(LATCH)));
        f.reset_global(0);
        assert_eq!((f.get(0), f.test_global(0), f.state(0)), (Some(1), 0, Some(0)));
        // Unlatched again, the BOOL toggles again.
        f.set_global(0);
        assert_eq!((f.get(0), f.test_global(0)), (Some(0), 1));
        // The Flag operand assigns the value and leaves the latch.
        assert!(f.set(0, 42));
        assert_eq!((f.get(0), f.latch(0)), (Some(42), true));
    }

    #[test]
    fn declared_from_a_def_with_authored_values() {
        let def = SoupDef::new_checked(
            b"[flags]\nBOOL A true\nFLIPFLOP B 0\nCOUNTER C 3\nNUMBER TimeOfDay 1 ; the sixth\n",
        )
        .unwrap();
        let mut f = Flags::from_def(&def).unwrap();
        assert_eq!(f.len(), 4);
        let got: heapless::Vec<_, 4> =
            (0..4).map(|i| (f.kind(i).unwrap(), f.get(i).unwrap(), f.latch(i))).collect();
        assert_eq!(
            got.as_slice(),
            [
                (FlagKind::Bool, 1, false),
                (FlagKind::FlipFlop, 0, false),
                (FlagKind::Counter, 3, false),
                (FlagKind::Number, 1, false)
            ]
        );
        assert_eq!(f.state(3), Some(3));
        // Ids past the declared ones are no flags.
        assert_eq!((f.get(4), f.set(4, 1), f.kind(4), f.test_global(4)), (None, false, None, 0));
    }

    #[test]
    fn capacity_and_the_fallback() {
        let mut f = Flags::empty();
        for _ in 0..MAX_FLAGS {
            f.declare(FlagKind::Number, 0).unwrap();
        }
        assert_eq!(f.declare(FlagKind::Number, 0), Err(TooManyFlags));
        assert_eq!(f.len(), 512);
        // Without a DEF: 369 BOOLs at 0.
        let d = Flags::default();
        assert_eq!(
            (d.len(), d.kind(368), d.get(368), d.get(369)),
            (369, Some(FlagKind::Bool), Some(0), None)
        );
    }
}
