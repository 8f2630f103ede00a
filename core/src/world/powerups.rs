//! The HUD's power-up slots ({D:engine/hud.md} "Power-up slots"): two slots, each showing
//! one frame of `[system] game_bitmap` (shipped `system\powerup.gxa`: frame 0 the
//! gauntlet, frame 1 the shield), set by `ShowBitmap(id, frame)` and cleared by
//! `UnShowBitmap(id)`. The slots live outside the world ([`super::retained`]): a world
//! swap keeps what they show and resets only which slot a new frame takes when both are
//! full; the session initializer empties both.

use super::script::WorldHost;
use crate::capacity::Capacity;
use crate::script::NativeCall;
use crate::script::functions::id;

/// The ids `ShowBitmap` accepts.
pub const IDS: core::ops::RangeInclusive<i32> = 0..=1;

/// What a slot shows: the `ShowBitmap` id and the bitmap frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shown {
    /// The id `UnShowBitmap` clears it by (0 or 1).
    pub id: u8,
    /// The frame of `game_bitmap`.
    pub frame: u16,
}

/// The two slots, slot 1 first, and the alternation: which slot a new frame takes when
/// both are full.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PowerUps {
    slots: [Option<Shown>; 2],
    /// The slot after the one last chosen (0 is slot 1, where it starts).
    next: u8,
}

impl PowerUps {
    /// As the session initializer leaves them: both empty (frame index −1), a new frame
    /// taking slot 1.
    pub const fn new() -> PowerUps {
        PowerUps { slots: [None, None], next: 0 }
    }

    /// What slot 1 and slot 2 show, in drawing order.
    pub fn slots(&self) -> [Option<Shown>; 2] {
        self.slots
    }

    /// `ShowBitmap(id, frame)`: a frame either slot shows already changes nothing;
    /// otherwise slot 1 if empty, else slot 2 if empty, else the slot after the one last
    /// chosen takes `(id, frame)`, and the other slot becomes the next. The original stops
    /// with a fatal error on an id other than 0 or 1 or an invalid frame; Stros ignores
    /// such a call (a frame the bitmap lacks is kept and drawn as nothing).
    pub fn show(&mut self, id: i32, frame: i32) {
        let (Ok(id), Ok(frame)) = (u8::try_from(id), u16::try_from(frame)) else { return };
        if !IDS.contains(&(id as i32)) || self.slots.iter().flatten().any(|s| s.frame == frame) {
            return;
        }
        let k = match self.slots {
            [None, _] => 0,
            [_, None] => 1,
            _ => self.next as usize,
        };
        self.slots[k] = Some(Shown { id, frame });
        self.next = 1 - k as u8;
    }

    /// `UnShowBitmap(id)`: slot 1 is cleared if it shows `id`, otherwise slot 2 if it does.
    /// An empty slot matches no id (a best guess: the docs do not say what id an empty
    /// slot keeps).
    pub fn unshow(&mut self, id: i32) {
        if let Some(k) = self.slots.iter().position(|s| s.is_some_and(|s| s.id as i32 == id)) {
            self.slots[k] = None;
        }
    }

    /// A world load: the frames stay, to be shown again in the next world, and a new frame
    /// takes slot 1 first again.
    pub fn world_loaded(&mut self) {
        self.next = 0;
    }
}

impl<C: Capacity> WorldHost<'_, '_, '_, '_, C> {
    /// `ShowBitmap(id, frame)` and `UnShowBitmap(id)` ([`PowerUps`]); `None` for other
    /// functions. Both return 0.
    pub(super) fn power_ups(&mut self, call: &NativeCall<'_>) -> Option<i32> {
        let slots = &mut self.env.systems.retained.power_ups;
        match call.function {
            id::SHOW_BITMAP => slots.show(call.arg(0), call.arg(1)),
            id::UN_SHOW_BITMAP => slots.unshow(call.arg(0)),
            _ => return None,
        }
        Some(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(p: &PowerUps) -> [Option<(u8, u16)>; 2] {
        p.slots().map(|s| s.map(|s| (s.id, s.frame)))
    }

    /// "Power-up slots": slot 1 if empty, else slot 2, else the slot after the last chosen;
    /// a frame already shown changes nothing; choosing an empty slot also makes the other
    /// next.
    #[test]
    fn show_fills_slot_1_then_slot_2_then_alternates() {
        let mut p = PowerUps::new();
        p.show(0, 0);
        assert_eq!(shown(&p), [Some((0, 0)), None]);
        // Frame 0 is shown already: nothing changes, whatever the id.
        p.show(1, 0);
        assert_eq!(shown(&p), [Some((0, 0)), None]);
        p.show(1, 1);
        assert_eq!(shown(&p), [Some((0, 0)), Some((1, 1))]);
        // Both full, slot 2 chosen last: slot 1 next, then slot 2.
        p.show(0, 5);
        assert_eq!(shown(&p), [Some((0, 5)), Some((1, 1))]);
        p.show(1, 6);
        assert_eq!(shown(&p), [Some((0, 5)), Some((1, 6))]);
        // Slot 1 cleared and taken again: slot 2 is the next when both are full.
        p.unshow(0);
        assert_eq!(shown(&p), [None, Some((1, 6))]);
        p.show(0, 7);
        p.show(0, 8);
        assert_eq!(shown(&p), [Some((0, 7)), Some((0, 8))]);
        // Slot 2 was chosen last, so slot 1 takes the next.
        p.show(1, 9);
        assert_eq!(shown(&p), [Some((1, 9)), Some((0, 8))]);
    }

    /// `UnShowBitmap(id)` clears slot 1 if its id matches, otherwise slot 2: one slot per
    /// call. Ids other than 0 and 1 and negative frames are refused.
    #[test]
    fn unshow_clears_the_first_matching_slot() {
        let mut p = PowerUps::new();
        p.show(1, 0);
        p.show(1, 1);
        p.unshow(1);
        assert_eq!(shown(&p), [None, Some((1, 1))]);
        p.unshow(0);
        assert_eq!(shown(&p), [None, Some((1, 1))]);
        p.unshow(1);
        assert_eq!(shown(&p), [None, None]);
        p.show(2, 0);
        p.show(-1, 0);
        p.show(0, -1);
        assert_eq!(shown(&p), [None, None]);
    }

    /// A world load keeps the frames and resets the alternation to slot 1.
    #[test]
    fn a_world_load_keeps_the_frames_and_restarts_at_slot_1() {
        let mut p = PowerUps::new();
        p.show(0, 0);
        p.show(1, 1);
        p.show(0, 2);
        // Slot 1 chosen last: slot 2 would be next …
        assert_eq!(shown(&p), [Some((0, 2)), Some((1, 1))]);
        p.world_loaded();
        assert_eq!(shown(&p), [Some((0, 2)), Some((1, 1))]);
        // … but after the load slot 1 is.
        p.show(1, 3);
        assert_eq!(shown(&p), [Some((1, 3)), Some((1, 1))]);
    }
}
