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

/// The HUD's icons (`SYSTEM\PICKUPS.GXA`, frames by `bitmap[x]`): the compass, the bronze
/// key and a stack of gold, 96 × 64 each (the shipped ones are 119 × 83), in the island's
/// palette; the gold stored run-length coded, the others raw.
pub fn pickups() -> crate::write::gxa::GxaDesc {
    use crate::write::gxa::{FrameDesc, GxaDesc};
    let (w, h) = (96usize, 64usize);
    let frame = |rle: bool, paint: &dyn Fn(f64, f64) -> u8| {
        let pixels = (0..w * h).map(|k| paint((k % w) as f64 - 48.0, (k / w) as f64 - 32.0)).collect();
        FrameDesc { size: [w as u16, h as u16], offset: [0, 0], rle, pixels }
    };
    let brass = |shade: u8| 240 + shade;
    let compass = frame(false, &|x, y| {
        let r = libm::sqrt(x * x + y * y);
        match r {
            _ if r > 30.0 => 0,
            _ if r > 26.0 => brass(3 + (r as u8 & 1)),
            // The needle: red to the north, white to the south.
            _ if x.abs() < 3.0 - y.abs() / 10.0 && y < 0.0 => 146,
            _ if x.abs() < 3.0 - y.abs() / 10.0 => 194,
            _ => 196,
        }
    });
    let bronze = super::models::colour::BRONZE;
    let key = frame(false, &|x, y| {
        let ring = libm::sqrt((x + 26.0) * (x + 26.0) + y * y);
        let shaft = (-14.0..36.0).contains(&x) && y.abs() <= 3.0;
        let teeth = (22.0..36.0).contains(&x) && (3.0..12.0).contains(&y) && (x as i32 / 4) % 2 == 0;
        match () {
            _ if (7.0..13.0).contains(&ring) => bronze + (ring as u8 & 1),
            _ if shaft || teeth => bronze + 1 + (y > 0.0) as u8,
            _ => 0,
        }
    });
    let gold = frame(true, &|x, y| {
        // Three coins stacked: ellipses 24 wide, 8 high, 7 apart.
        (0..3)
            .find(|&k| {
                let cy = 12.0 - 7.0 * k as f64;
                (x / 24.0) * (x / 24.0) + ((y - cy) / 8.0) * ((y - cy) / 8.0) <= 1.0
            })
            .map_or(0, |k| brass(1 + 2 * (k as u8 % 2)))
    });
    let palette = super::art::palette().iter().map(|c| c.map(|v| v >> 2)).collect();
    GxaDesc {
        title: b"GXlib image conversion".to_vec(),
        palette: Some(palette),
        frames: vec![compass, key, gold],
    }
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
