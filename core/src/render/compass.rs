//! The compass ({D:engine/hud.md} "Compass"): `SYSTEM\COMPASS2.GXA`'s 32 frames at
//! (`compass_xco`, `compass_yco`), the frame turning with the player's heading and the
//! world's `world_compass` offset.

/// The compass's GXA.
pub const FILE: &str = "SYSTEM\\COMPASS2.GXA";

/// The frame for the player's `heading` in a world of `world_compass`, both 2048 to the
/// circle: `((−(heading + world_compass)) mod 2048) >> 6`, so turning right (the heading
/// falling) raises the frame. Headings and offsets outside the circle wrap.
pub fn frame(heading: i32, world_compass: i32) -> u16 {
    (heading.wrapping_add(world_compass).wrapping_neg().rem_euclid(2048) >> 6) as u16
}

/// Whether the compass is drawn: lockout not 1, the player not a gremlin
/// (`attr_player_type` 1), item 0 owned and the display flag on.
pub fn shown(lockout: u16, player_type: u8, owns_item_0: bool, flag: bool) -> bool {
    lockout != 1 && player_type != 1 && owns_item_0 && flag
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The docs' table: heading 0 → 0; 1985–2047 → 0 (−1985 mod 2048 = 63, >> 6 = 0);
    /// 1984 → 1 (64 >> 6); 1024 → 16; 65 → 30 (1983 >> 6); 1–64 → 31 (2047 … 1984);
    /// with `world_compass` 2000: heading 0 → 0 (48 >> 6), 1000 → 17 (−3000 mod 2048 =
    /// 1144, >> 6 = 17).
    #[test]
    fn the_frame_table() {
        let f =
            |h: core::ops::RangeInclusive<i32>, c| h.map(|h| frame(h, c)).collect::<heapless::Vec<u16, 64>>();
        assert_eq!(frame(0, 0), 0);
        assert!(f(1985..=2047, 0).iter().all(|&k| k == 0));
        assert_eq!(frame(1984, 0), 1);
        assert_eq!(frame(1024, 0), 16);
        assert_eq!(frame(65, 0), 30);
        assert!(f(1..=64, 0).iter().all(|&k| k == 31));
        assert_eq!(frame(0, 2000), 0);
        assert_eq!(frame(1000, 2000), 17);
        // Angles wrap: a heading past the circle is the same heading.
        assert_eq!(frame(1024 + 2048, 0), 16);
        assert_eq!(frame(-1024, 0), 16);
    }

    /// Drawn only with lockout other than 1, a non-gremlin, item 0 owned and the flag on.
    #[test]
    fn the_gates() {
        assert!(shown(0, 0, true, true));
        assert!(shown(2, 2, true, true));
        assert!(!shown(1, 0, true, true));
        assert!(!shown(0, 1, true, true));
        assert!(!shown(0, 0, false, true));
        assert!(!shown(0, 0, true, false));
    }
}
