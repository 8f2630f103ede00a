//! The scripted topic menu ({D:engine/SOUP.md} "menuNew and menuSelection";
//! {D:engine/sound.md}: the menu-state word `menuProc` sets and clears;
//! {D:config/system-ini.md} `[dialog]` `menu_start_x`, `menu_start_y`, `menu_traverse_delay`).
//!
//! Exact: the item table whose values outlive `menuNew`, the count, highlighted and
//! committed indices, `menuSelection` reading the committed slot without testing the count,
//! the state word. Best guesses (the docs describe neither the menu's drawing nor its
//! keys): Up and Down move the highlight round the list, repeating every
//! `menu_traverse_delay` BIOS ticks while held; Activate accepts, once it has been seen
//! released after the menu opened (the press that started the conversation does not
//! choose).

use crate::capacity::{Capacity, Desktop, Table};

/// One item: the RTX text it shows and the value `menuAddItem` stored.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Topic<'a> {
    /// The RTX label.
    pub label: [u8; 4],
    /// The entry's text (empty when the file has none).
    pub text: &'a [u8],
    /// The stored value (record offset 0x14).
    pub value: i32,
    /// `menuAddItem`'s third operand (drawn in the used-topic colours when nonzero: a best
    /// guess).
    pub used: i32,
}

/// The menu.
#[derive(Clone, Debug, Default)]
pub struct Menu<'a, C: Capacity = Desktop> {
    items: C::Topics<Topic<'a>>,
    count: usize,
    /// The highlighted index.
    pub highlighted: usize,
    /// The committed index (`menuSelection` reads it).
    pub committed: usize,
    /// The menu-state word (1 while `menuProc` shows the menu).
    pub state: i32,
    /// The pending flag `rtxAnim` clears while it runs.
    pub pending: bool,
    /// The delay counter `rtxAnim` clears when it completes.
    pub delay: i32,
    /// The highlighted choice's text, saved when a choice is accepted (`LockoutPlayer`
    /// clears it).
    pub saved: &'a [u8],
    /// BIOS tick before which a held direction does not move again.
    next_move: Option<u32>,
    /// Activate was seen released since the menu opened.
    armed: bool,
}

/// What one `menuProc` run did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proc {
    /// The menu shows (the task goes on).
    Open,
    /// The menu opened this run.
    Opened,
    /// A choice was accepted: its index and value.
    Chosen(usize, i32),
    /// Nothing to show.
    Empty,
}

impl<'a, C: Capacity> Menu<'a, C> {
    /// The items shown, in order.
    pub fn items(&self) -> &[Topic<'a>] {
        &self.items[..self.count.min(self.items.len())]
    }

    /// Empty and closed, as a world opens.
    pub fn reopen(&mut self) {
        self.items.clear();
        (self.count, self.highlighted, self.committed, self.state) = (0, 0, 0, 0);
        (self.pending, self.delay, self.saved, self.next_move, self.armed) = (false, 0, &[], None, false);
    }

    /// `menuNew`: nothing while the count is zero; otherwise the count and the highlighted
    /// index become zero and the two state words are cleared, the items' values kept.
    pub fn new_menu(&mut self) {
        if self.count == 0 {
            return;
        }
        (self.count, self.highlighted, self.pending, self.delay) = (0, 0, false, 0);
    }

    /// `menuAddItem`: the next slot takes `topic` (a full table takes nothing).
    pub fn add(&mut self, topic: Topic<'a>) {
        if self.count < self.items.len() {
            self.items[self.count] = topic;
        } else if self.items.push(topic).is_err() {
            return;
        }
        self.count += 1;
    }

    /// `menuSelection`: the value of the committed slot, whatever the count.
    pub fn selection(&self) -> i32 {
        self.items.get(self.committed).map_or(0, |t| t.value)
    }

    /// One `menuProc` run at BIOS tick `bios` with the held directions and Activate.
    pub fn proc(&mut self, bios: u32, up: bool, down: bool, activate: bool, traverse_delay: u32) -> Proc {
        if self.count == 0 {
            self.state = 0;
            return Proc::Empty;
        }
        let opened = self.state == 0;
        if opened {
            (self.state, self.pending, self.armed, self.next_move) = (1, true, false, None);
        }
        if up != down {
            if self.next_move.is_none_or(|t| bios.wrapping_sub(t) as i32 >= 0) {
                let n = self.count;
                self.highlighted =
                    if up { (self.highlighted + n - 1) % n } else { (self.highlighted + 1) % n };
                self.next_move = Some(bios.wrapping_add(traverse_delay.max(1)));
            }
        } else {
            self.next_move = None;
        }
        if !activate {
            self.armed = true;
        } else if self.armed {
            self.committed = self.highlighted;
            self.state = 0;
            self.saved = self.items().get(self.committed).map_or(&[], |t| t.text);
            return Proc::Chosen(self.committed, self.selection());
        }
        if opened { Proc::Opened } else { Proc::Open }
    }

    /// Open (the menu-state word is one).
    pub fn is_open(&self) -> bool {
        self.state == 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::capacity::Small;

    #[test]
    fn selection_outlives_menu_new_and_activate_needs_a_fresh_press() {
        let mut m = Menu::<Small>::default();
        m.add(Topic { label: *b"t001", text: b"Fish", value: 10, used: 0 });
        m.add(Topic { label: *b"t002", text: b"Hut", value: 20, used: 0 });
        // Activate still held from the conversation's start: the menu opens, nothing chosen.
        assert_eq!(m.proc(100, false, false, true, 4), Proc::Opened);
        assert!(m.is_open());
        // Down moves once, then waits 4 BIOS ticks while held.
        assert_eq!(m.proc(101, false, true, false, 4), Proc::Open);
        assert_eq!(m.highlighted, 1);
        m.proc(104, false, true, false, 4);
        assert_eq!(m.highlighted, 1);
        m.proc(105, false, true, false, 4);
        assert_eq!(m.highlighted, 0);
        m.proc(106, false, false, false, 4);
        m.proc(107, false, true, false, 4);
        assert_eq!(m.proc(108, false, false, true, 4), Proc::Chosen(1, 20));
        assert!(!m.is_open());
        assert_eq!((m.selection(), m.saved), (20, &b"Hut"[..]));
        // menuNew keeps the slot's value: menuSelection still reads 20.
        m.new_menu();
        assert_eq!((m.items().len(), m.selection()), (0, 20));
        m.add(Topic { label: *b"t003", text: b"Bye", value: 30, used: 0 });
        assert_eq!(m.selection(), 20);
        m.add(Topic { label: *b"t004", text: b"Fin", value: 40, used: 0 });
        assert_eq!(m.selection(), 40);
    }
}
