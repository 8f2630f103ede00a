//! The activation prompt ({D:engine/hud.md} "Activation prompt", "Visibility" of the active
//! item, "Prompt text"): `Activate(label)` offers an RTX text as the prompt; held Activate
//! fires it, making the receiver the activation owner and blanking the prompt area for 22
//! ticks; the HUD draws a pending prompt once and so consumes it.

/// The hold-off a fired activation sets, ticks.
pub const HOLD_OFF: i32 = 22;

/// The shared activation state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Activation<'a> {
    /// The object holding the activation.
    pub owner: Option<u16>,
    /// The hold-off `A`, ticks.
    pub hold_off: i32,
    /// The pending prompt's text.
    pub pending: Option<&'a [u8]>,
    /// The prompt-override timer, ticks.
    pub override_timer: i32,
}

/// What the gates of an offer read of the world besides the activation state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Offer {
    /// The retained `LockoutPlayer` word.
    pub lockout: u16,
    /// The topic menu is open.
    pub menu_open: bool,
    /// The selected player's sword is drawn.
    pub sword_drawn: bool,
    /// The player is a gremlin (`attr_player_type` 1).
    pub gremlin: bool,
    /// The receiver's `attr_special_activate` is nonzero.
    pub special: bool,
    /// The receiver is on a rope or on an edge (states 10–19).
    pub receiver_busy: bool,
    /// The player holds a weapon, draws or sheathes one.
    pub player_armed: bool,
    /// The shared line-up result.
    pub lineup: i32,
    /// The player's torch-burning counter.
    pub torch: u8,
    /// `TorchActivate` (the torch must burn) rather than `Activate` (it must not).
    pub torch_call: bool,
    /// Activate (`key_d`) is held.
    pub use_held: bool,
}

/// What the HUD shows in the item area this frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ItemArea<'a> {
    /// Nothing (lockout 1, the hold-off, a suppressed prompt).
    Nothing,
    /// The prompt text (consumed).
    Prompt(&'a [u8]),
    /// The active item.
    Item,
}

impl<'a> Activation<'a> {
    /// `Activate(label)` / `TorchActivate(label)` from `receiver` with the entry's `text`
    /// (`None`: the RTX has no such entry, which never activates): every gate of the docs in
    /// their order; when they pass, the prompt is pending and, with Activate held, the
    /// activation fires (owner, hold-off 22, result 1).
    pub fn offer(&mut self, receiver: u16, text: Option<&'a [u8]>, o: &Offer) -> i32 {
        let owner_ok = self.owner.is_none_or(|k| k == receiver);
        let open = o.lockout != 1 && !o.menu_open && !o.sword_drawn && owner_ok && self.hold_off == 0;
        if !open || self.pending.is_some() || (o.gremlin && !o.special) || o.receiver_busy {
            return 0;
        }
        if o.player_armed || o.lineup != 0 || (o.torch != 0) != o.torch_call {
            return 0;
        }
        let Some(text) = text else { return 0 };
        self.pending = Some(text);
        if o.use_held {
            self.owner = Some(receiver);
            self.hold_off = HOLD_OFF;
            return 1;
        }
        0
    }

    /// `Deactivate` from `receiver`: the hold-off clears; the owner only when it is the
    /// receiver.
    pub fn deactivate(&mut self, receiver: u16) {
        self.hold_off = 0;
        if self.owner == Some(receiver) {
            self.owner = None;
        }
    }

    /// The item area's decision for one frame ("Visibility", in its order), `ticks` the
    /// frame's ticks: lockout 1 freezes everything; a hold-off decays and blanks; no pending
    /// prompt clears the override; a running override decays and shows the item; a
    /// `suppressed` prompt (the menu open, the player on a rope, an edge or in deep water)
    /// draws nothing and stays pending; otherwise the prompt is drawn and consumed — and,
    /// with a previous/next item key held (`item_key`), the override set to `override_time`.
    pub fn frame(
        &mut self,
        lockout: u16,
        ticks: i32,
        suppressed: bool,
        (item_key, override_time): (bool, i32),
    ) -> ItemArea<'a> {
        if lockout == 1 {
            return ItemArea::Nothing;
        }
        if self.hold_off > 0 {
            self.hold_off = (self.hold_off - ticks.max(0)).max(0);
            return ItemArea::Nothing;
        }
        let Some(text) = self.pending else {
            self.override_timer = 0;
            return ItemArea::Item;
        };
        if self.override_timer > 0 {
            self.override_timer = (self.override_timer - ticks.max(0)).max(0);
            return ItemArea::Item;
        }
        if suppressed {
            return ItemArea::Nothing;
        }
        self.pending = None;
        if item_key {
            self.override_timer = override_time;
        }
        ItemArea::Prompt(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_admitted_offer_holds_the_prompt_and_a_held_key_fires_it() {
        let mut a = Activation::default();
        let o = Offer::default();
        // Object 5 offers first: pending; object 6's offer in the same frame is refused.
        assert_eq!(a.offer(5, Some(b"Fisher"), &o), 0);
        assert_eq!(a.offer(6, Some(b"Door"), &o), 0);
        assert_eq!(a.pending, Some(&b"Fisher"[..]));
        // The HUD draws and consumes it.
        assert_eq!(a.frame(0, 1, false, (false, 24)), ItemArea::Prompt(b"Fisher"));
        assert_eq!(a.frame(0, 1, false, (false, 24)), ItemArea::Item);
        // Held Activate fires: result 1, owner 5, hold-off 22 blanking the area 22 ticks.
        assert_eq!(a.offer(5, Some(b"Fisher"), &Offer { use_held: true, ..o }), 1);
        assert_eq!((a.owner, a.hold_off), (Some(5), 22));
        assert_eq!(a.offer(6, Some(b"Door"), &o), 0);
        for _ in 0..11 {
            assert_eq!(a.frame(0, 2, false, (false, 24)), ItemArea::Nothing);
        }
        // The prompt stayed pending through the hold-off and shows once it ends.
        assert_eq!(a.frame(0, 2, false, (false, 24)), ItemArea::Prompt(b"Fisher"));
        // Another object is refused while 5 owns the activation; Deactivate from 6 only
        // clears the hold-off.
        a.deactivate(6);
        assert_eq!(a.offer(6, Some(b"Door"), &o), 0);
        a.deactivate(5);
        assert_eq!(a.offer(6, Some(b"Door"), &o), 0);
        assert_eq!(a.pending, Some(&b"Door"[..]));
    }

    /// "Activation prompt": drawing a prompt with an item key held sets the override (24
    /// ticks); while it runs and a prompt is pending the item shows, the override losing the
    /// frame's ticks; with no prompt pending it clears.
    #[test]
    fn an_item_key_over_a_prompt_sets_the_override() {
        let mut a = Activation::default();
        let o = Offer::default();
        a.offer(5, Some(b"Key"), &o);
        assert_eq!(a.frame(0, 2, false, (true, 24)), ItemArea::Prompt(b"Key"));
        assert_eq!(a.override_timer, 24);
        a.offer(5, Some(b"Key"), &o);
        assert_eq!(a.frame(0, 2, false, (false, 24)), ItemArea::Item);
        assert_eq!(a.override_timer, 22);
        // The prompt stays pending under the override, which keeps decaying.
        assert_eq!(a.frame(0, 2, false, (false, 24)), ItemArea::Item);
        assert_eq!((a.override_timer, a.pending), (20, Some(&b"Key"[..])));
        a.pending = None;
        assert_eq!(a.frame(0, 2, false, (false, 24)), ItemArea::Item);
        assert_eq!(a.override_timer, 0);
    }

    #[test]
    fn the_gates_refuse() {
        let o = Offer::default();
        for bad in [
            Offer { lockout: 1, ..o },
            Offer { menu_open: true, ..o },
            Offer { sword_drawn: true, ..o },
            Offer { gremlin: true, ..o },
            Offer { receiver_busy: true, ..o },
            Offer { player_armed: true, ..o },
            Offer { lineup: 1, ..o },
            Offer { torch: 3, ..o },
            Offer { torch_call: true, ..o },
        ] {
            let mut a = Activation::default();
            assert_eq!(a.offer(1, Some(b"x"), &Offer { use_held: true, ..bad }), 0, "{bad:?}");
            assert_eq!(a.pending, None);
        }
        let mut a = Activation::default();
        assert_eq!(a.offer(1, None, &Offer { use_held: true, ..o }), 0);
        // A gremlin may activate a special receiver; lockout 2 does not block.
        assert_eq!(
            a.offer(1, Some(b""), &Offer { gremlin: true, special: true, lockout: 2, use_held: true, ..o }),
            1
        );
    }
}
