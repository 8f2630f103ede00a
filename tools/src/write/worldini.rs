//! WORLD.INI writer, in the shipped style: CRLF line ends, one `[world]` section, the
//! globals, then each world's `key[N]=value` records with a blank line between worlds. Key
//! names come from `stros_core::formats::worldini::key`, the reader's own table; the tests
//! read every written key back through the reader.

use std::fmt::Display;

use stros_core::formats::worldini::{WorldEntry, key};

/// A catalog.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WorldIniDesc {
    /// `start_world`.
    pub start_world: i32,
    /// `start_marker`.
    pub start_marker: i32,
    /// `test_map_delay`, written when set.
    pub test_map_delay: Option<i32>,
    /// `test_map_order` without its terminator: written, followed by `-2`, when not empty.
    pub test_map_order: Vec<i32>,
    /// The worlds, written in this order.
    pub worlds: Vec<WorldDesc>,
}

/// One world's records.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WorldDesc {
    /// The world index `N`.
    pub id: u16,
    /// (key without its `[N]`, value as written), in the order written:
    /// `("world_palette", "3DART\\island.COL")`, `("world_node_map1", "MAPS\\islan001.noo")`.
    pub keys: Vec<(String, String)>,
}

impl WorldDesc {
    /// World `id` with its `world_map`.
    pub fn new(id: u16, map: &str) -> Self {
        WorldDesc { id, keys: Vec::new() }.set("world_map", map)
    }

    /// The world with `key` (without `[N]`) set to `value` as text.
    pub fn set(mut self, key: &str, value: impl Display) -> Self {
        self.keys.push((key.to_string(), value.to_string()));
        self
    }

    /// The world with `key` set to a comma list (`world_sun`, `world_wave`, …).
    pub fn set_list(self, key: &str, values: &[i32]) -> Self {
        self.set(key, join(values))
    }

    /// The world with `world_node_map1`, `world_node_map2`, … set to `paths`.
    pub fn node_maps(self, paths: &[&str]) -> Self {
        paths.iter().enumerate().fold(self, |w, (k, p)| w.set(&format!("{}{}", key::NODE_MAP, k + 1), p))
    }

    /// The world with `world_rain_sphere1`, … set to `spheres` (x, y, z, radius).
    pub fn rain_spheres(self, spheres: &[[i32; 4]]) -> Self {
        spheres
            .iter()
            .enumerate()
            .fold(self, |w, (k, s)| w.set_list(&format!("{}{}", key::RAIN_SPHERE, k + 1), s))
    }

    /// Every key of a read entry, in the docs' order, then its node maps and rain spheres:
    /// the integers as the reader holds them (so `world_ambientfx` and `world_scapeshift` as
    /// their 16-bit words, which read back unchanged), absent paths and colours left out.
    pub fn from_entry(e: &WorldEntry<'_>) -> Self {
        let int = |v: i32| Some(v.to_string());
        let text = |v: Option<&str>| v.map(str::to_string);
        let values: [Option<String>; 34] = [
            Some(e.map.to_string()),
            text(e.terrain),
            e.redbook.map(|v| v.to_string()),
            text(e.palette),
            int(e.shade),
            int(e.haze),
            int(e.back_plane),
            int(e.background),
            int(e.compass),
            text(e.flash_filename),
            Some(join(&e.sun)),
            int(e.ambient),
            int(e.ambientfx.into()),
            e.ambientrgb.map(|v| join(&v)),
            int(e.sunangle),
            int(e.sunskew),
            e.sunrgb.map(|v| join(&v)),
            Some(join(&e.fogrgb)),
            text(e.sky),
            text(e.skyfx),
            int(e.skyscale),
            int(e.skylevel),
            int(e.skyspeed),
            int(e.sky_xrotate),
            int(e.sky_yrotate),
            text(e.sunimg),
            e.sunimgrgb.map(|v| join(&v)),
            int(e.sunscale),
            int(e.scapeshift.into()),
            Some(join(&[e.wave.amplitude, e.wave.speed, e.wave.frequency])),
            int(e.rain_delay),
            int(e.rain_drops),
            int(e.rain_start),
            int(e.rain_end),
        ];
        let mut w = WorldDesc { id: e.id, keys: Vec::new() };
        for (name, value) in key::PER_WORLD.iter().zip(values) {
            if let Some(v) = value {
                w = w.set(name, v);
            }
        }
        let maps: Vec<&str> = e.node_maps().collect();
        let spheres: Vec<[i32; 4]> = e.rain_spheres().collect();
        w.node_maps(&maps).rain_spheres(&spheres)
    }
}

fn join(values: &[i32]) -> String {
    values.iter().map(i32::to_string).collect::<Vec<_>>().join(",")
}

/// The file's bytes.
pub fn to_bytes(d: &WorldIniDesc) -> Vec<u8> {
    let mut s = String::new();
    let mut line = |l: &str| {
        s.push_str(l);
        s.push_str("\r\n");
    };
    line(&format!("[{}]", key::SECTION));
    line(&format!("{}={}", key::START_WORLD, d.start_world));
    line(&format!("{}={}", key::START_MARKER, d.start_marker));
    if let Some(delay) = d.test_map_delay {
        line(&format!("{}={delay}", key::TEST_MAP_DELAY));
    }
    if !d.test_map_order.is_empty() {
        line(&format!("{}={},-2", key::TEST_MAP_ORDER, join(&d.test_map_order)));
    }
    for w in &d.worlds {
        line("");
        for (k, v) in &w.keys {
            line(&format!("{k}[{}]={v}", w.id));
        }
    }
    s.into_bytes()
}

/// The shipped catalog as far as the docs give it ({D:config/world-ini.md} "World
/// Catalog"): each world's scene, terrain and palette, world 0's CD track, the fog colours
/// of the outdoor worlds ({D:engine/sky.md} "Background Fill") and the ISLAND day lighting
/// ({D:engine/terrain-lighting.md}). New games start at world 0, marker 0.
pub fn documented_catalog() -> WorldIniDesc {
    const ROWS: [(u16, &str, Option<&str>, &str); 29] = [
        (0, "MAPS\\start.rgm", Some("MAPS\\hideout.WLD"), "sunset"),
        (1, "MAPS\\ISLAND.rgm", Some("MAPS\\ISLAND.WLD"), "island"),
        (2, "MAPS\\catacomb.rgm", None, "catacomb"),
        (3, "MAPS\\PALACE.rgm", None, "palace00"),
        (4, "MAPS\\caverns.rgm", None, "REDcave"),
        (5, "MAPS\\observe.rgm", None, "observat"),
        (6, "MAPS\\necrisle.rgm", Some("MAPS\\necrisle.WLD"), "necro"),
        (7, "MAPS\\necrtowr.rgm", None, "necro"),
        (8, "MAPS\\drint.rgm", None, "observat"),
        (11, "MAPS\\jailint.rgm", None, "necro"),
        (12, "MAPS\\temple.rgm", None, "island"),
        (13, "MAPS\\mguild.rgm", None, "redcave"),
        (14, "MAPS\\vile.rgm", None, "island"),
        (15, "MAPS\\tavern.rgm", None, "island"),
        (17, "MAPS\\hideint.rgm", Some("MAPS\\hideout.WLD"), "hideout"),
        (18, "maps\\silver1.rgm", None, "island"),
        (19, "maps\\silver2.rgm", None, "island"),
        (20, "maps\\belltowr.rgm", None, "island"),
        (21, "maps\\harbtowr.rgm", None, "island"),
        (22, "maps\\gerricks.rgm", None, "island"),
        (23, "maps\\cartogr.rgm", None, "island"),
        (24, "maps\\smden.rgm", None, "island"),
        (25, "maps\\rollos.rgm", None, "island"),
        (26, "maps\\jffers.rgm", None, "island"),
        (27, "MAPS\\island.rgm", Some("MAPS\\ISLand.WLD"), "nightsky"),
        (28, "MAPS\\ISLAND.rgm", Some("MAPS\\ISLAND.WLD"), "sunset"),
        (29, "maps\\brennans.rgm", None, "island"),
        (30, "MAPS\\extpalac.rgm", Some("MAPS\\ISLAND.WLD"), "sunset"),
        (99, "maps\\brennans.rgm", None, "island"),
    ];
    const FOG: [(u16, [i32; 3]); 5] = [
        (0, [200, 100, 100]),
        (1, [200, 190, 250]),
        (6, [57, 49, 49]),
        (27, [0, 0, 10]),
        (28, [200, 100, 100]),
    ];
    let worlds = ROWS
        .iter()
        .map(|&(id, map, terrain, palette)| {
            let mut w = WorldDesc::new(id, map);
            if let Some(t) = terrain {
                w = w.set("world_world", t);
            }
            w = w.set("world_palette", format!("3DART\\{palette}.COL"));
            if let Some((_, rgb)) = FOG.iter().find(|(f, _)| *f == id) {
                w = w.set_list("world_fogrgb", rgb);
            }
            match id {
                0 => w.set("world_redbook", 7),
                1 => w.set_list("world_ambientrgb", &[64; 3]).set_list("world_sunrgb", &[255, 255, 255, 2]),
                _ => w,
            }
        })
        .collect();
    WorldIniDesc { start_world: 0, start_marker: 0, test_map_delay: None, test_map_order: Vec::new(), worlds }
}

#[cfg(test)]
mod tests {
    use super::*;
    use stros_core::formats::worldini::WorldIni;

    /// A world that sets every key the reader knows.
    fn every_key() -> WorldDesc {
        WorldDesc::new(6, "MAPS\\necrisle.rgm")
            .set("world_world", "MAPS\\necrisle.WLD")
            .set("world_redbook", 5)
            .set("world_palette", "3DART\\necro.COL")
            .set("world_shade", 1)
            .set("world_haze", 2)
            .set("world_back_plane", 3000)
            .set("world_background", 2)
            .set("world_compass", 512)
            .set("world_flash_filename", "system\\necro.gxa")
            .set_list("world_sun", &[1, -2, 3, 4])
            .set("world_ambient", 20)
            .set("world_ambientfx", 0)
            .set_list("world_ambientrgb", &[10, 20, 30])
            .set("world_sunangle", 256)
            .set("world_sunskew", -64)
            .set_list("world_sunrgb", &[200, 180, 160, 1])
            .set_list("world_fogrgb", &[57, 49, 49])
            .set("world_sky", "NECRO.GXA")
            .set("world_skyfx", "SKYNEC.BSI")
            .set("world_skyscale", 1500)
            .set("world_skylevel", -4000)
            .set("world_skyspeed", 32)
            .set("world_sky_xrotate", 3)
            .set("world_sky_yrotate", 40)
            .set("world_sunimg", "SUN001.BSI")
            .set_list("world_sunimgrgb", &[255, 240, 200])
            .set("world_sunscale", 4000)
            .set("world_scapeshift", 70000)
            .set_list("world_wave", &[16, 24, 3])
            .set("world_rain_delay", 2)
            .set("world_rain_drops", 200)
            .set("world_rain_start", -2000)
            .set("world_rain_end", 500)
            .node_maps(&["MAPS\\necro1.noo", "MAPS\\necro2.noo"])
            .rain_spheres(&[[1, 2, 3, 4], [5, 6, 7, 1000]])
    }

    #[test]
    fn every_key_round_trips() {
        let w = every_key();
        assert!(key::PER_WORLD.iter().all(|k| w.keys.iter().any(|(n, _)| n == k)));
        let desc = WorldIniDesc { start_world: 6, start_marker: 2, worlds: vec![w], ..Default::default() };
        let bytes = to_bytes(&desc);
        let text = std::str::from_utf8(&bytes).unwrap();
        let ini = WorldIni::new_checked(text).unwrap();
        assert_eq!((ini.start_world(), ini.start_marker(), ini.ids().collect::<Vec<_>>()), (6, 2, vec![6]));
        let e = ini.world(6).unwrap();
        assert_eq!(
            (e.map, e.terrain, e.redbook),
            ("MAPS\\necrisle.rgm", Some("MAPS\\necrisle.WLD"), Some(5))
        );
        assert_eq!((e.shade, e.haze, e.back_plane, e.background, e.compass), (1, 2, 3000, 2, 512));
        assert_eq!((e.palette, e.flash_filename), (Some("3DART\\necro.COL"), Some("system\\necro.gxa")));
        assert_eq!((e.sun, e.ambient, e.ambientrgb), ([1, -2, 3, 4], 20, Some([10, 20, 30])));
        // world_ambientfx 0 is the stored zero that becomes 128.
        assert_eq!((e.ambientfx, e.sunangle, e.sunskew), (128, 256, -64));
        assert_eq!((e.sunrgb, e.fogrgb), (Some([200, 180, 160, 1]), [57, 49, 49]));
        assert_eq!((e.sky, e.skyfx), (Some("NECRO.GXA"), Some("SKYNEC.BSI")));
        assert_eq!(
            (e.skyscale, e.skylevel, e.skyspeed, e.sky_xrotate, e.sky_yrotate),
            (1500, -4000, 32, 3, 40)
        );
        assert_eq!((e.sunimg, e.sunimgrgb, e.sunscale), (Some("SUN001.BSI"), Some([255, 240, 200]), 4000));
        // 70000 keeps its low word: 70000 - 65536 = 4464.
        assert_eq!(e.scapeshift, 4464);
        assert_eq!(e.wave.for_terrain(), (16.0, 24, 3));
        assert_eq!((e.rain_delay, e.rain_drops, e.rain_start, e.rain_end), (2, 200, -2000, 500));
        assert_eq!(e.node_maps().collect::<Vec<_>>(), ["MAPS\\necro1.noo", "MAPS\\necro2.noo"]);
        assert_eq!(e.rain_spheres().collect::<Vec<_>>(), [[1, 2, 3, 4], [5, 6, 7, 1000]]);

        // Written back from the entry: the same entry, with the words as read (128, 4464),
        // and writing that again changes nothing.
        let again = WorldIniDesc { worlds: vec![WorldDesc::from_entry(&e)], ..desc };
        let bytes2 = to_bytes(&again);
        let text2 = std::str::from_utf8(&bytes2).unwrap();
        assert!(
            text2.contains("world_ambientfx[6]=128\r\n") && text2.contains("world_scapeshift[6]=4464\r\n")
        );
        let e2 = WorldIni::new_checked(text2).unwrap().world(6).unwrap();
        assert_eq!(e2, e);
        assert_eq!(to_bytes(&WorldIniDesc { worlds: vec![WorldDesc::from_entry(&e2)], ..again }), bytes2);
    }

    #[test]
    fn shipped_style_text() {
        let desc = WorldIniDesc {
            start_world: 0,
            start_marker: 0,
            test_map_delay: Some(1),
            test_map_order: vec![0, 1, 17],
            worlds: vec![
                WorldDesc::new(17, "MAPS\\hideint.rgm").set("world_world", "MAPS\\hideout.WLD"),
                WorldDesc::new(2, "MAPS\\catacomb.rgm"),
            ],
        };
        let text = String::from_utf8(to_bytes(&desc)).unwrap();
        assert_eq!(
            text,
            "[world]\r\nstart_world=0\r\nstart_marker=0\r\ntest_map_delay=1\r\ntest_map_order=0,1,17,-2\r\n\r\n\
             world_map[17]=MAPS\\hideint.rgm\r\nworld_world[17]=MAPS\\hideout.WLD\r\n\r\n\
             world_map[2]=MAPS\\catacomb.rgm\r\n"
        );
        let ini = WorldIni::new_checked(&text).unwrap();
        assert_eq!(ini.test_map_order().collect::<Vec<_>>(), [0, 1, 17]);
        assert_eq!(ini.ids().collect::<Vec<_>>(), [2, 17]);
    }

    #[test]
    fn documented_catalog_reads_back() {
        let bytes = to_bytes(&documented_catalog());
        let ini = WorldIni::new_checked(std::str::from_utf8(&bytes).unwrap()).unwrap();
        // 0–30 without 9, 10 and 16, and 99: 31 - 3 + 1 = 29 worlds.
        let ids: Vec<u16> = ini.ids().collect();
        assert_eq!(ids.len(), 29);
        assert!(![9, 10, 16].iter().any(|id| ids.contains(id)) && ids.contains(&99));
        let outdoor: Vec<u16> =
            ids.iter().copied().filter(|&id| ini.world(id).unwrap().terrain.is_some()).collect();
        assert_eq!(outdoor, [0, 1, 6, 17, 27, 28, 30]);
        let [w0, w1, w17, w27] = [0, 1, 17, 27].map(|id| ini.world(id).unwrap());
        assert_eq!((w0.terrain, w17.terrain), (Some("MAPS\\hideout.WLD"), Some("MAPS\\hideout.WLD")));
        assert_eq!((w0.redbook, w0.fogrgb, w27.fogrgb), (Some(7), [200, 100, 100], [0, 0, 10]));
        assert_eq!((w1.ambientrgb, w1.sunrgb), (Some([64; 3]), Some([255, 255, 255, 2])));
        assert_eq!(w27.palette, Some("3DART\\nightsky.COL"));
    }
}
