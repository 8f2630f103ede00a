//! The item system ({D:config/item-ini.md} "Initialization and acquisition", "Empty-selection
//! fallback", "Removal during acquisition", "Script count and selection queries";
//! {D:engine/hud.md} "Inventory ownership"): ITEM.INI's records, each item's owned count and
//! the selected item.
//!
//! The INI text stays where it is: a record's fields (`type[x]`, `total[x]`, the item lists)
//! are read from it when a rule needs them, so the only state is one owned count per item
//! id, which records exist, and the selection. Counts belong to the game session and
//! survive world changes ([`crate::world::World::change_world`]).

use core::fmt::Write as _;

use crate::capacity::{Capacity, Desktop, Table};
use crate::formats::ini::{Ini, IniError, parse_int};

/// The item database's file (`[system] item_ini` as installed).
pub const ITEM_FILE: &str = "ITEM.INI";
/// The section every field lives in.
pub const SECTION: &str = "items";
/// How many times the recursive list rules may apply within one request before the rest is
/// left undone (the original recurses without a bound: a cycle in the lists would not end
/// there, and lists naming each other would branch without end).
pub const MAX_STEPS: u32 = 256;
/// Item lists hold at most this many entries here (the shipped lists hold a handful).
pub const MAX_LIST: usize = 32;
/// Item type 1: a weapon.
pub const TYPE_WEAPON: i32 = 1;
/// `flags[x]` bit 1: dropping removes every unit.
pub const FLAG_REMOVE_ON_DROP: i32 = 1;

/// The per-item fields the rules read (`name[x]` and friends are read where they are used).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// `type[x]`.
    Type,
    /// `flags[x]`.
    Flags,
    /// `hide[x]`.
    Hide,
    /// `total[x]`.
    Total,
    /// `player_max[x]`.
    PlayerMax,
    /// `player_total[x]`.
    PlayerTotal,
    /// `bitmap[x]`.
    Bitmap,
}

impl Field {
    const fn key(self) -> &'static str {
        match self {
            Field::Type => "type",
            Field::Flags => "flags",
            Field::Hide => "hide",
            Field::Total => "total",
            Field::PlayerMax => "player_max",
            Field::PlayerTotal => "player_total",
            Field::Bitmap => "bitmap",
        }
    }
}

/// The item lists of a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum List {
    /// `add_item_list[x]`: acquired one unit each when `x` is acquired.
    Add,
    /// `drop_add_item_list[x]`: dropped one unit each when `x` is acquired.
    DropAdd,
    /// `remove_drop_item_list[x]`: cleared when `x` is dropped and still owned.
    RemoveDrop,
    /// `required_item_list[x]`: owned before `x` can be acquired.
    Required,
    /// `drop_use_item_list[x]`: dropped one unit each when `x` is used.
    DropUse,
}

impl List {
    const fn key(self) -> &'static str {
        match self {
            List::Add => "add_item_list",
            List::DropAdd => "drop_add_item_list",
            List::RemoveDrop => "remove_drop_item_list",
            List::Required => "required_item_list",
            List::DropUse => "drop_use_item_list",
        }
    }
}

/// A view of ITEM.INI's `[items]` section.
#[derive(Clone, Copy, Debug)]
pub struct ItemIni<'a> {
    ini: Ini<'a>,
}

/// `name[id]`.
fn indexed(name: &str, id: u8) -> heapless::String<32> {
    let mut key = heapless::String::new();
    let _ = write!(key, "{name}[{id}]");
    key
}

/// Comma-separated decimal item ids (entries outside 0–255 are passed over).
fn ids(value: &str) -> impl Iterator<Item = u8> + '_ {
    value.split(',').filter_map(|v| parse_int(v).and_then(|n| u8::try_from(n).ok()))
}

impl<'a> ItemIni<'a> {
    /// Checks the text as the INI reader does.
    pub fn new_checked(text: &'a str) -> Result<Self, IniError> {
        Ok(ItemIni { ini: Ini::new_checked(text)? })
    }

    /// A header value (`start_item_select`, `torch_time`, …); `None` when absent or empty.
    pub fn header(&self, key: &str) -> Option<i32> {
        self.ini.get(SECTION, key).filter(|e| !e.value.trim().is_empty()).and_then(|e| e.int().ok())
    }

    /// Field `field` of item `id`; `None` when absent or empty (an omitted field), 0 for
    /// text that is not a number.
    pub fn field(&self, field: Field, id: u8) -> Option<i32> {
        let e = self.ini.get(SECTION, &indexed(field.key(), id))?;
        (!e.value.trim().is_empty()).then(|| e.int().unwrap_or(0))
    }

    /// The raw text of `name[id]`-style field `key` of item `id`.
    pub fn text(&self, key: &str, id: u8) -> Option<&'a str> {
        self.ini.get(SECTION, &indexed(key, id)).map(|e| e.value.trim()).filter(|v| !v.is_empty())
    }

    /// List `list` of item `id`, in order.
    pub fn list(&self, list: List, id: u8) -> heapless::Vec<u8, MAX_LIST> {
        let mut out = heapless::Vec::new();
        if let Some(v) = self.text(list.key(), id) {
            for k in ids(v) {
                if out.push(k).is_err() {
                    break;
                }
            }
        }
        out
    }

    /// `start_item_list`.
    pub fn start_items(&self) -> impl Iterator<Item = u8> + 'a {
        let v = self.ini.get(SECTION, "start_item_list").map_or("", |e| e.value);
        ids(v)
    }

    /// Header field `key`'s text (`bitmap_file`, …), when set.
    pub fn header_text(&self, key: &str) -> Option<&'a str> {
        self.ini.get(SECTION, key).map(|e| e.value.trim()).filter(|v| !v.is_empty())
    }

    /// The item ids that have a record (any `…[id]` key), a bit each.
    pub fn records(&self) -> [u32; 8] {
        let mut bits = [0u32; 8];
        for e in self.ini.entries().filter(|e| e.section.eq_ignore_ascii_case(SECTION)) {
            let index = e.key.strip_suffix(']').and_then(|k| k.rsplit_once('[')).map(|(_, n)| n);
            if let Some(id) = index.and_then(|n| n.trim().parse::<u8>().ok()) {
                bits[id as usize / 32] |= 1 << (id % 32);
            }
        }
        bits
    }
}

/// Potion counters the table holds ({D:engine/SOUP.md} "Potion counters and combat strength
/// and armor": the shipped scripts use 0–3; the table's size is not given, so 16 is a best
/// guess and other indices are neither stored nor read).
pub const POTIONS: usize = 16;

/// A pending request for the item viewer (`ShowItem`, `ShowItemNoRtx`): the item, the two
/// trailing words and the no-text flag.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ShowRequest {
    /// The item id as given.
    pub item: i32,
    /// The two trailing words.
    pub words: [i32; 2],
    /// `ShowItemNoRtx` set it; `ShowItem` leaves it as it was.
    pub no_text: bool,
}

/// One initialized item record's live fields: the owned count and what a save's `SVIT` can
/// replace ({D:formats/SAVEGAME.md} "Inventory"), initialized from ITEM.INI.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ItemRecord {
    /// The owned count (`player_total[x]` at start).
    pub count: i32,
    /// The total limit (`total[x]`).
    pub total: i32,
    /// The player's ownership limit (`player_max[x]`).
    pub player_max: i32,
    /// Visibility (`hide[x]`).
    pub hide: u8,
}

/// The item system: the records ITEM.INI defines, their owned counts and the selection; the
/// session's potion counters and item-viewer request beside them.
#[derive(Clone, Debug, Default)]
pub struct Items<'a, C: Capacity = Desktop> {
    ini: Option<ItemIni<'a>>,
    /// The live record by item id (ids the build does not hold have none).
    counts: C::Items<ItemRecord>,
    /// Which ids have a record, a bit each.
    defined: [u32; 8],
    selected: Option<u8>,
    /// `SetPotion`/`GetPotion`: zero at start, kept across world changes.
    pub potions: [i32; POTIONS],
    /// The item viewer's pending request (the viewer itself is not built: it stays).
    pub show: Option<ShowRequest>,
}

impl<'a, C: Capacity> Items<'a, C> {
    /// Opens the item system over `ini` ("Initialization and acquisition"): each record's
    /// count from `player_total[x]`, one acquisition per `start_item_list` entry in order,
    /// then `start_item_select` (or, absent, the first record) selected. `None` closes it.
    pub fn open(&mut self, ini: Option<ItemIni<'a>>) {
        self.ini = ini;
        (self.potions, self.show) = ([0; POTIONS], None);
        self.counts.clear();
        (self.defined, self.selected) = ([0; 8], None);
        let Some(ini) = ini else { return };
        self.defined = ini.records();
        for id in 0..C::holds(crate::capacity::TableKind::Items).min(256) {
            let id = id as u8;
            let field = |f| if self.has_bit(id) { ini.field(f, id).unwrap_or(0) } else { 0 };
            let record = ItemRecord {
                count: field(Field::PlayerTotal),
                total: field(Field::Total),
                player_max: field(Field::PlayerMax),
                hide: field(Field::Hide) as u8,
            };
            let _ = self.counts.push(record);
        }
        for id in ini.start_items() {
            self.acquire(id, 1, &mut |_| {});
        }
        self.selected = match ini.header("start_item_select") {
            Some(id) => u8::try_from(id).ok().filter(|&id| self.has_record(id)),
            None => (0..=255u8).find(|&id| self.has_record(id)),
        };
    }

    /// Whether the item system is open.
    pub fn is_open(&self) -> bool {
        self.ini.is_some()
    }

    fn has_bit(&self, id: u8) -> bool {
        self.defined[id as usize / 32] & (1 << (id % 32)) != 0
    }

    /// Whether item `id` has a record (in an id range the build holds).
    pub fn has_record(&self, id: u8) -> bool {
        self.has_bit(id) && (id as usize) < self.counts.len()
    }

    /// `HaveItem(id)`: the owned count (0 when closed or unknown).
    pub fn count(&self, id: u8) -> i32 {
        if self.has_record(id) { self.counts[id as usize].count } else { 0 }
    }

    /// The ids that have a record, in id order: the initialized item list.
    pub fn ids(&self) -> impl Iterator<Item = u8> + '_ {
        (0..=255u8).filter(|&id| self.has_record(id))
    }

    /// Item `id`'s field `f` (0 when absent or the system is closed): the live record's
    /// `total`, `player_max` and `hide` (which a save can replace), ITEM.INI's for the rest.
    pub fn field(&self, f: Field, id: u8) -> i32 {
        let live = self.record(id);
        match (f, live) {
            (Field::Total, Some(r)) => r.total,
            (Field::PlayerMax, Some(r)) => r.player_max,
            (Field::Hide, Some(r)) => r.hide as i32,
            _ => self.ini.and_then(|i| i.field(f, id)).unwrap_or(0),
        }
    }

    /// Item `id`'s live record, when it has one.
    pub fn record(&self, id: u8) -> Option<ItemRecord> {
        self.counts.get(id as usize).copied().filter(|_| self.has_record(id))
    }

    /// Restores item `id`'s record directly, as a save's `SVIT` does (no acquisition,
    /// requirements or lists: {D:formats/SAVEGAME.md} "Inventory").
    pub fn restore_record(&mut self, id: u8, record: ItemRecord) {
        if self.has_record(id) {
            self.counts[id as usize] = record;
        }
    }

    /// `DropAllItems` ({D:engine/SOUP.md} "DropAllItems"): every owned id in ascending order
    /// dropped by its whole count ([`Self::drop`]'s rules), then nothing selected.
    pub fn drop_all(&mut self) {
        for id in 0..=255u8 {
            let n = self.count(id);
            if n != 0 {
                self.drop(id, n);
            }
        }
        self.selected = None;
    }

    /// The shared "empty" routine: item `id`'s count set to 0 (an open system, a record).
    pub fn empty(&mut self, id: u8) {
        if self.is_open() && self.has_record(id) {
            self.counts[id as usize].count = 0;
        }
    }

    /// `ShowItem` (`no_text` false: the flag stays as it was) or `ShowItemNoRtx` (true):
    /// the request recorded for the item viewer.
    pub fn request_show(&mut self, item: i32, words: [i32; 2], no_text: bool) {
        let kept = self.show.is_some_and(|s| s.no_text);
        self.show = Some(ShowRequest { item, words, no_text: no_text || kept });
    }

    /// Restores the selection directly: a full id that has a record, else none.
    pub fn restore_selection(&mut self, id: i32) {
        self.selected = u8::try_from(id).ok().filter(|&id| self.has_record(id));
    }

    /// Item `id`'s `bitmap[x]` frame, when it has one.
    pub fn bitmap(&self, id: u8) -> Option<i32> {
        self.ini.and_then(|i| i.field(Field::Bitmap, id)).filter(|_| self.has_record(id))
    }

    /// The HUD's icon atlas, ITEM.INI's `bitmap_file` ({D:engine/hud.md} "Active item").
    pub fn bitmap_file(&self) -> Option<&'a str> {
        self.ini.and_then(|i| i.header_text("bitmap_file"))
    }

    /// Whether item `id` may be selected by the keys or the repair: a record, not hidden, owned.
    fn selectable(&self, id: u8) -> bool {
        self.has_record(id) && self.field(Field::Hide, id) != 1 && self.count(id) >= 1
    }

    /// One press of the next (`forward`) or previous item key ({D:engine/hud.md}
    /// "Selection"): the next selectable item in that direction of id order, wrapping
    /// (hidden and unowned items skipped); none found, the selection stays.
    pub fn cycle(&mut self, forward: bool) {
        let from = self.selected.map_or(if forward { 255 } else { 0 }, u16::from);
        let step = |k: u16| if forward { (from + k) as u8 } else { (from + 256 - k) as u8 };
        if let Some(id) = (1..=256u16).map(step).find(|&k| self.selectable(k)) {
            self.selected = Some(id);
        }
    }

    /// The overlay's repair of an exhausted selection ({D:engine/hud.md} "Selection"): when
    /// the selected item's count is below 1, the next selectable item in id order after it,
    /// wrapping; with none, nothing is selected.
    pub fn repair_selection(&mut self) {
        let Some(s) = self.selected.filter(|&s| self.count(s) < 1) else { return };
        self.selected = (1..=256u16).map(|k| (s as u16 + k) as u8).find(|&k| self.selectable(k));
    }

    /// The selected item (`ActiveItem`; none reads as 0, the compass).
    pub fn selected(&self) -> Option<u8> {
        self.selected
    }

    /// `SelectItem(id)`: the record selected whatever its count, visibility or type.
    pub fn select(&mut self, id: u8) {
        if self.has_record(id) {
            self.selected = Some(id);
        }
    }

    /// Whether what `id`'s required list names is owned and, recursively, meets its own.
    fn requirements_met(&self, id: u8, budget: &mut u32) -> bool {
        let Some(ini) = self.ini.filter(|_| *budget > 0) else { return false };
        *budget -= 1;
        ini.list(List::Required, id).iter().all(|&r| self.count(r) != 0 && self.requirements_met(r, budget))
    }

    /// Acquisition of `quantity` of `id` ("Initialization and acquisition"): held to
    /// `total − count` and `player_max − count`; nothing when that is not positive or a
    /// required item (recursively) is missing; otherwise one unit dropped of each
    /// `drop_add_item_list` entry, one acquired of each `add_item_list` entry, the
    /// empty-selection fallback, and the count raised last. `weapon` hears the item id the
    /// fallback selects (the selected player's weapon attribute takes its low byte).
    pub fn acquire(&mut self, id: u8, quantity: i32, weapon: &mut impl FnMut(u8)) {
        self.acquire_at(id, quantity, weapon, &mut { MAX_STEPS });
    }

    fn acquire_at(&mut self, id: u8, quantity: i32, weapon: &mut impl FnMut(u8), budget: &mut u32) {
        let Some(ini) = self.ini.filter(|_| self.has_record(id) && *budget > 0) else { return };
        *budget -= 1;
        let count = self.count(id);
        let room = |limit: i32| limit.wrapping_sub(count);
        let q = quantity.min(room(self.field(Field::Total, id))).min(room(self.field(Field::PlayerMax, id)));
        if q <= 0 || !self.requirements_met(id, budget) {
            return;
        }
        for d in ini.list(List::DropAdd, id) {
            self.drop_within(d, 1, budget);
        }
        for a in ini.list(List::Add, id) {
            self.acquire_at(a, 1, weapon, budget);
        }
        self.fallback(weapon);
        self.counts[id as usize].count = self.counts[id as usize].count.wrapping_add(q);
    }

    /// "Empty-selection fallback": with nothing selected, item 1 if it has a record, else the
    /// first owned weapon, else the first owned item (hidden ones too).
    fn fallback(&mut self, weapon: &mut impl FnMut(u8)) {
        if self.selected.is_some() {
            return;
        }
        let owned = |k: &u8| self.count(*k) > 0;
        let pick = if self.has_record(1) {
            Some(1)
        } else {
            (0..=255u8)
                .filter(owned)
                .find(|&k| self.field(Field::Type, k) == TYPE_WEAPON)
                .or_else(|| (0..=255u8).find(owned))
        };
        if let Some(k) = pick {
            self.selected = Some(k);
            weapon(k);
        }
    }

    /// `DropItem(id, quantity)` ("Removal during acquisition"): at most the owned count
    /// subtracted (flag bit 1 clears it); while some remain, each `remove_drop_item_list`
    /// entry has the same rule applied and is then cleared.
    pub fn drop(&mut self, id: u8, quantity: i32) {
        self.drop_within(id, quantity, &mut { MAX_STEPS });
    }

    fn drop_within(&mut self, id: u8, quantity: i32, budget: &mut u32) {
        if quantity <= 0 || !self.is_open() || !self.has_record(id) {
            return;
        }
        let k = id as usize;
        self.counts[k].count -= quantity.min(self.counts[k].count).max(0);
        if self.field(Field::Flags, id) & FLAG_REMOVE_ON_DROP != 0 {
            self.counts[k].count = 0;
        }
        self.clear_listed(id, budget);
    }

    /// The removal-list helper: while `id` is still owned, each listed item's own list is
    /// walked, then its count cleared.
    fn clear_listed(&mut self, id: u8, budget: &mut u32) {
        let Some(ini) = self.ini.filter(|_| self.count(id) != 0 && *budget > 0) else { return };
        *budget -= 1;
        for r in ini.list(List::RemoveDrop, id) {
            self.clear_listed(r, budget);
            if self.has_record(r) {
                self.counts[r as usize].count = 0;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::capacity::Small;

    /// A small database: 1 sabre (weapon), 2 gold (starts 52, max 200, total 500), 3 key
    /// (required by 4), 4 chest note (adds 5, drops 2 on pickup), 5 map, 6 amulet
    /// (removes 7 when dropped while owned), 7 gem.
    const INI: &str = "[items]\n\
        start_item_list = 1, 2\n\
        start_item_select = 1\n\
        type[1] = 1\ntotal[1] = 1\nplayer_max[1] = 1\n\
        total[2] = 500\nplayer_max[2] = 200\nplayer_total[2] = 52\n\
        total[3] = 1\nplayer_max[3] = 1\n\
        total[4] = 1\nplayer_max[4] = 1\nrequired_item_list[4] = 3\nadd_item_list[4] = 5\ndrop_add_item_list[4] = 2\n\
        total[5] = 1\nplayer_max[5] = 1\n\
        total[6] = 2\nplayer_max[6] = 2\nremove_drop_item_list[6] = 7\n\
        total[7] = 3\nplayer_max[7] = 3\n\
        flags[8] = 1\ntotal[8] = 9\nplayer_max[8] = 9\n";

    fn open() -> Items<'static, Small> {
        let mut items = Items::<Small>::default();
        items.open(Some(ItemIni::new_checked(INI).unwrap()));
        items
    }

    #[test]
    fn initialization_adds_the_start_list_to_player_total() {
        let items = open();
        // Gold: player_total 52 plus one from start_item_list (the docs' 53); the sabre 1.
        assert_eq!((items.count(2), items.count(1), items.selected()), (53, 1, Some(1)));
        assert!(items.has_record(8) && !items.has_record(9) && !items.has_record(0));
    }

    #[test]
    fn acquisition_is_held_to_the_limits_and_the_requirements() {
        let mut items = open();
        let mut none = |_| {};
        // Gold: 53 owned, player_max 200: 300 more is held to 147.
        items.acquire(2, 300, &mut none);
        assert_eq!(items.count(2), 200);
        items.acquire(2, 1, &mut none);
        assert_eq!(items.count(2), 200);
        // The note needs the key.
        items.acquire(4, 1, &mut none);
        assert_eq!(items.count(4), 0);
        items.acquire(3, 1, &mut none);
        items.acquire(4, 1, &mut none);
        // With the key: one gold dropped, the map added, the note owned.
        assert_eq!((items.count(4), items.count(5), items.count(2)), (1, 1, 199));
        // Nonpositive: nothing.
        items.acquire(7, 0, &mut none);
        items.acquire(7, -3, &mut none);
        assert_eq!(items.count(7), 0);
    }

    #[test]
    fn dropping_holds_to_the_count_and_clears_the_removal_list_while_owned() {
        let mut items = open();
        let mut none = |_| {};
        items.acquire(6, 2, &mut none);
        items.acquire(7, 3, &mut none);
        // One amulet dropped: one remains, so the gem (its removal list) is cleared.
        items.drop(6, 1);
        assert_eq!((items.count(6), items.count(7)), (1, 0));
        items.acquire(7, 2, &mut none);
        // The last amulet: none remain, the list is not walked.
        items.drop(6, 5);
        assert_eq!((items.count(6), items.count(7)), (0, 2));
        // Flag bit 1: every unit goes.
        items.acquire(8, 5, &mut none);
        items.drop(8, 1);
        assert_eq!(items.count(8), 0);
    }

    /// Lists that name each other (and themselves) stop within the step budget.
    #[test]
    fn cycles_in_the_lists_end() {
        let text = "[items]\ntotal[1]=9\nplayer_max[1]=9\nadd_item_list[1]=1,2,1,2\n\
            total[2]=9\nplayer_max[2]=9\nadd_item_list[2]=1,2\nremove_drop_item_list[1]=1,2\n\
            remove_drop_item_list[2]=2,1\nrequired_item_list[2]=2\n";
        let mut items = Items::<Small>::default();
        items.open(Some(ItemIni::new_checked(text).unwrap()));
        items.acquire(1, 1, &mut |_| {});
        assert!(items.count(1) >= 1);
        items.drop(1, 1);
    }

    #[test]
    fn with_nothing_selected_acquisition_selects_item_one() {
        let mut items = open();
        items.selected = None;
        let mut picked = None;
        items.acquire(7, 1, &mut |k| picked = Some(k));
        assert_eq!((items.selected(), picked), (Some(1), Some(1)));
        items.select(8);
        assert_eq!(items.selected(), Some(8));
        items.select(40);
        assert_eq!(items.selected(), Some(8));
    }
}
