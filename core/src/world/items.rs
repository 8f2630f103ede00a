//! The item natives ({D:config/item-ini.md} "Script count and selection queries",
//! "Initialization and acquisition", "Removal during acquisition"; {D:engine/hud.md}
//! "Inventory ownership"): `AddItem`, `HaveItem`, `DropItem`, `SelectItem`, `ActiveItem`
//! on the world's [`crate::items::Items`]. Their item operand is an integer item id
//! ({D:engine/SOUP.md} "Parameter Type Overrides").

use super::script::WorldHost;
use crate::actor::combat::ATTR_WEAPON;
use crate::capacity::Capacity;
use crate::script::NativeCall;
use crate::script::functions::id;

/// The item natives the world answers.
pub const ITEMS: [u16; 5] = [id::ADD_ITEM, id::HAVE_ITEM, id::DROP_ITEM, id::SELECT_ITEM, id::ACTIVE_ITEM];

/// An item operand: an id 0–255, else none (no record has it).
fn item(v: i32) -> Option<u8> {
    u8::try_from(v).ok()
}

impl<C: Capacity> WorldHost<'_, '_, '_, '_, C> {
    /// The item natives; `None` for other functions. An id without a record is the
    /// original's lookup error; Stros answers 0 and changes nothing.
    pub(super) fn item_natives(&mut self, call: &NativeCall<'_>) -> Option<i32> {
        let it = item(call.arg(0));
        Some(match call.function {
            id::ADD_ITEM => {
                let player = self.player;
                let mut picked = None;
                if let Some(k) = it {
                    self.items.acquire(k, call.arg(1), &mut |w| picked = Some(w));
                }
                // The fallback's choice becomes the selected player's weapon attribute.
                if let (Some(w), Some(p)) = (picked, player.and_then(|p| self.actor_mut(p))) {
                    p.attributes[ATTR_WEAPON] = w;
                }
                0
            }
            id::HAVE_ITEM => it.map_or(0, |k| self.items.count(k)),
            id::DROP_ITEM => {
                if let Some(k) = it {
                    self.items.drop(k, call.arg(1));
                }
                0
            }
            id::SELECT_ITEM => {
                if let Some(k) = it {
                    self.items.select(k);
                }
                0
            }
            id::ACTIVE_ITEM if self.items.is_open() => self.items.selected().map_or(0, i32::from),
            id::ACTIVE_ITEM => 0,
            _ => return None,
        })
    }
}

impl<'a, C: Capacity> super::World<'a, C> {
    /// The item system.
    pub fn items(&self) -> &crate::items::Items<'a, C> {
        &self.items
    }

    /// The item system, to restore (a save).
    pub fn items_mut(&mut self) -> &mut crate::items::Items<'a, C> {
        &mut self.items
    }
}
