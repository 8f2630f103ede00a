//! The selected player's two contact lists ({D:engine/player.md} "Player contact lists"),
//! which `PlayerCollide` and `PlayerCollideStatic` read.

/// The first list's append bound: it accepts an append while it holds at most this many
/// entries, so it can reach one more.
pub const FIRST_BOUND: usize = 16;

/// The second list's append bound, read the same way.
pub const SECOND_BOUND: usize = 32;

/// One list of actor ids, in append order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ContactList<const N: usize> {
    ids: [u16; N],
    len: u8,
}

impl<const N: usize> Default for ContactList<N> {
    fn default() -> Self {
        ContactList { ids: [0; N], len: 0 }
    }
}

impl<const N: usize> ContactList<N> {
    /// The ids held, in append order.
    pub fn ids(&self) -> &[u16] {
        &self.ids[..self.len as usize]
    }

    /// Whether `id` is held.
    pub fn holds(&self, id: u16) -> bool {
        self.ids().contains(&id)
    }

    /// Appends `id` once: an id already held is not appended again, and a list already
    /// holding more than `N − 1` entries (the bound) refuses.
    fn append(&mut self, id: u16) {
        if self.holds(id) || self.len as usize >= N {
            return;
        }
        self.ids[self.len as usize] = id;
        self.len += 1;
    }
}

/// Both lists: the first holds body contacts and best support candidates, the second body
/// contacts only.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ContactLists {
    /// Read by `PlayerCollide`.
    pub first: ContactList<{ FIRST_BOUND + 1 }>,
    /// Read by `PlayerCollideStatic`.
    pub second: ContactList<{ SECOND_BOUND + 1 }>,
}

impl ContactLists {
    /// The clear at the start of the selected player's update.
    pub fn clear(&mut self) {
        *self = ContactLists::default();
    }

    /// The body contact pass touched actor `id`'s collision model.
    pub fn touched(&mut self, id: u16) {
        self.first.append(id);
        self.second.append(id);
    }

    /// Actor `id`'s model became the best candidate of a primary support query.
    pub fn best_support(&mut self, id: u16) {
        self.first.append(id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// "accepts an append while it holds at most sixteen entries" (thirty-two for the
    /// second): appending ids 0..40 leaves 17 in the first list (0..=16: at 16 held it still
    /// accepts, at 17 it refuses) and 33 in the second (0..=32). An id appended twice is held
    /// once; a support candidate goes to the first list only.
    #[test]
    fn bounds_are_inclusive_and_appends_are_once() {
        let mut l = ContactLists::default();
        for id in 0..40 {
            l.touched(id);
            l.touched(id);
        }
        assert_eq!(l.first.ids().len(), 17);
        assert_eq!(l.second.ids().len(), 33);
        assert!(l.first.holds(16) && !l.first.holds(17));
        assert!(l.second.holds(32) && !l.second.holds(33));
        l.clear();
        l.best_support(7);
        assert!(l.first.holds(7) && !l.second.holds(7));
        assert_eq!(l.first.ids(), &[7]);
    }
}
