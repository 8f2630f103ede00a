//! The island's `ITEM.INI` ({D:config/item-ini.md}): the compass (item 0, owned from the
//! start and selected), the bronze key from the pier (item 2: one in the world, one to
//! carry) and gold (item 3: the chest's twenty, up to a hundred carried). Names are RTX
//! labels ([`super::talk::ITEM_NAMES`]); `bitmap[x]` indexes the HUD's `PICKUPS.GXA`.

use super::scripts::item;

/// The file's text.
pub fn item_ini() -> String {
    let mut s = String::from(
        "; Stros embedded world: the items of HARBOUR\n\
         [items]\n\
         bitmap_file = SYSTEM\\PICKUPS.GXA\n\
         start_item_list = 0\n\
         start_item_select = 0\n\
         default_weapon_item = 0\n",
    );
    let records = [
        (item::COMPASS, super::talk::ITEM_NAMES[0].0, 1, 1, 0),
        (item::KEY, super::talk::ITEM_NAMES[1].0, 1, 1, 1),
        (item::GOLD, super::talk::ITEM_NAMES[2].0, 100, 100, 2),
    ];
    for (id, name, total, player_max, bitmap) in records {
        let name = String::from_utf8_lossy(&name);
        s.push_str(&format!(
            "\nname[{id}] = {name}\ntype[{id}] = 0\nflags[{id}] = 0\nhide[{id}] = 0\n\
             total[{id}] = {total}\nplayer_max[{id}] = {player_max}\nplayer_total[{id}] = 0\n\
             bitmap[{id}] = {bitmap}\n"
        ));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use stros_core::capacity::Desktop;
    use stros_core::items::{ItemIni, Items};

    /// Read as the world reads it: the compass owned and selected from the start (its
    /// `start_item_list` entry acquires one: total 1 − 0 leaves room for 1); the key and
    /// the gold have records and none owned.
    #[test]
    fn the_island_starts_with_the_compass() {
        let text = item_ini();
        let mut items = Items::<Desktop>::default();
        items.open(Some(ItemIni::new_checked(&text).unwrap()));
        assert_eq!(items.ids().collect::<Vec<_>>(), [0, 2, 3]);
        assert_eq!((items.count(0), items.count(2), items.count(3)), (1, 0, 0));
        assert_eq!(items.selected(), Some(0));
        // Twenty gold: held to total 100 − 0 and player_max 100 − 0.
        items.acquire(3, 20, &mut |_| {});
        assert_eq!(items.count(3), 20);
        // A second key: total 1 − 1 = 0 leaves no room.
        items.acquire(2, 1, &mut |_| {});
        items.acquire(2, 1, &mut |_| {});
        assert_eq!(items.count(2), 1);
    }
}
