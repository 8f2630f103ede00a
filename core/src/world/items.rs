//! The item natives ({D:config/item-ini.md} "Script count and selection queries",
//! "Initialization and acquisition", "Removal during acquisition"; {D:engine/hud.md}
//! "Inventory ownership"): `AddItem`, `HaveItem`, `DropItem`, `SelectItem`, `ActiveItem`
//! on the world's [`crate::items::Items`]; `DropAllItems`, `ShowItem`, `ShowItemNoRtx`,
//! `chargeWeapon`, `SetPotion` and `GetPotion` ({D:engine/SOUP.md} sections of those names
//! and "Potion counters and combat strength and armor"); `HandItem`
//! ({D:engine/attachment.md} "Held-item assignment"). Their item operand is an integer
//! item id ({D:engine/SOUP.md} "Parameter Type Overrides").

use super::script::WorldHost;
use crate::actor::attr;

use crate::actor::living;
use crate::capacity::Capacity;
use crate::script::NativeCall;
use crate::script::functions::id;

/// `chargeWeapon`'s two weapons: the sabre and the charged weapon.
pub const SABRE: u8 = 1;
/// The charged weapon's item id.
pub const CHARGED: u8 = 75;

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
                let player = self.env.player_id;
                let mut picked = None;
                if let Some(k) = it {
                    self.env.systems.items.acquire(k, call.arg(1), &mut |w| picked = Some(w));
                }
                // The fallback's choice becomes the selected player's weapon attribute.
                if let (Some(w), Some(p)) = (picked, player.and_then(|p| self.actor_mut(p))) {
                    p.attributes[attr::WEAPON] = w;
                }
                0
            }
            id::HAVE_ITEM => it.map_or(0, |k| self.env.systems.items.count(k)),
            id::DROP_ITEM => {
                if let Some(k) = it {
                    self.env.systems.items.drop(k, call.arg(1));
                }
                0
            }
            id::SELECT_ITEM => {
                if let Some(k) = it {
                    self.env.systems.items.select(k);
                }
                0
            }
            id::ACTIVE_ITEM if self.env.systems.items.is_open() => {
                self.env.systems.items.selected().map_or(0, i32::from)
            }
            id::ACTIVE_ITEM => 0,
            id::DROP_ALL_ITEMS => {
                if self.task_system() {
                    self.env.systems.items.drop_all();
                }
                0
            }
            id::SHOW_ITEM => {
                self.env.systems.items.request_show(call.arg(0), [call.arg(2), call.arg(3)], false);
                0
            }
            id::SHOW_ITEM_NO_RTX => {
                self.env.systems.items.request_show(call.arg(0), [call.arg(1), call.arg(2)], true);
                0
            }
            id::CHARGE_WEAPON => {
                self.charge_weapon(call.arg(0) as i16 == 1);
                0
            }
            id::SET_POTION => {
                if let Some(p) =
                    usize::try_from(call.arg(0)).ok().and_then(|k| self.env.systems.items.potions.get_mut(k))
                {
                    *p = call.arg(1);
                }
                1
            }
            id::GET_POTION => usize::try_from(call.arg(0))
                .ok()
                .and_then(|k| self.env.systems.items.potions.get(k))
                .map_or(0, |&v| v),
            id::HAND_ITEM => {
                self.hand_item(it);
                0
            }
            _ => return None,
        })
    }

    /// `chargeWeapon(charge)`: to the charged weapon (`charged`) or back to the sabre — the
    /// one added, the receiver's weapon attribute set to it, the other emptied, the one
    /// selected, each through the shared routines.
    fn charge_weapon(&mut self, charged: bool) {
        let (to, from) = if charged { (CHARGED, SABRE) } else { (SABRE, CHARGED) };
        self.env.systems.items.acquire(to, 1, &mut |_| {});
        self.actor.attributes[attr::WEAPON] = to;
        self.env.systems.items.empty(from);
        self.env.systems.items.select(to);
    }

    /// `HandItem(id)`: refused in deep water, on an edge (states 10–19), in the air
    /// (falling, sliding or queued motion, states 27–29), holding a weapon, with the item
    /// system closed, from a shell record, or for an id without a record; otherwise the id's
    /// low byte is the receiver's held item.
    fn hand_item(&mut self, it: Option<u8>) {
        let a = &*self.actor;
        let in_air = a.falling != 0 || a.sliding != 0 || a.queued != 0 || living::is_in_air(a.living);
        let busy = a.in_deep_water() || living::is_ledge(a.living) || in_air || a.holds_weapon();
        let shell = self.env.systems.shells.list.contains(&self.me);
        if let Some(k) = it.filter(|&k| {
            !busy && !shell && self.env.systems.items.is_open() && self.env.systems.items.has_record(k)
        }) {
            self.actor.held_item = k;
        }
    }
}

impl<'a, C: Capacity> super::World<'a, C> {
    /// The item system.
    pub fn items(&self) -> &crate::items::Items<'a, C> {
        &self.systems.items
    }

    /// The item system, to restore (a save).
    pub fn items_mut(&mut self) -> &mut crate::items::Items<'a, C> {
        &mut self.systems.items
    }
}
