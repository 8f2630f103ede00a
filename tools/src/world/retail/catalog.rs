//! The retail-shaped WORLD.INI: the 29 worlds of the shipped catalog ({D:config/world-ini.md}
//! "World Catalog": 0–8, 11–15, 17–30 and 99), each with its scene, terrain and palette
//! paths exactly as the table spells them, and plausible values for the other per-world
//! keys the docs list (music, shading, sun, ambient light, fog, sky, terrain offset, waves
//! and, for world 6 alone, rain).
//!
//! The file is one `[world]` section in CRLF lines, one key per line. The two typos of the
//! shipped file are kept verbatim (the docs' "Notes"): `orld_ambientfx[8]` and
//! `orld_sunangle[23]`, which match no key, so the engine keeps its defaults there.

use crate::write::worldini::{WorldDesc, WorldIniDesc, to_bytes};

/// The world a new game starts in (`start_world`) and its marker.
pub const START_WORLD: u16 = 0;

/// The island's wave (`world_wave` of worlds 1, 27, 28 and 30): the embedded island's.
pub const ISLAND_WAVE: [i32; 3] = crate::world::build::WAVE;
/// The starting hideout's wave (world 0): a calmer sea at sunset.
pub const HIDEOUT_WAVE: [i32; 3] = [10, 12, 1];
/// Necromancer's Isle (world 6): a storm swell, faster and denser rings.
pub const NECRISLE_WAVE: [i32; 3] = [28, 24, 2];

/// Necromancer's Isle's terrain offset: its heights 40 higher than the file's.
pub const NECRISLE_SCAPESHIFT: i32 = -40;
/// The island by night (world 27): 20 lower than by day, so two worlds on one WLD differ.
pub const NIGHT_SCAPESHIFT: i32 = 20;

/// How a world is lit and what sky it has: the keys that follow the mood of a place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Look {
    /// `world_shade`.
    pub shade: i32,
    /// `world_haze`.
    pub haze: i32,
    /// `world_sun`: direction and intensity.
    pub sun: [i32; 4],
    /// `world_ambient`.
    pub ambient: i32,
    /// `world_ambientrgb`.
    pub ambient_rgb: [i32; 3],
    /// `world_fogrgb`.
    pub fog_rgb: [i32; 3],
    /// `world_sky` and `world_skyfx`, for the worlds under an open sky.
    pub sky: Option<(&'static str, &'static str)>,
}

/// Daylight over the island.
const DAY: Look = Look {
    shade: 0,
    haze: 0,
    sun: [-11585, -23170, 11585, 220],
    ambient: 72,
    ambient_rgb: [128, 128, 128],
    fog_rgb: [132, 168, 212],
    sky: Some(("3DART\\SKY_DAY.GXA", "SKY888.BSI")),
};
/// The low sun of evening.
const SUNSET: Look = Look {
    shade: 1,
    haze: 1,
    sun: [-23170, -6000, 4000, 180],
    ambient: 56,
    ambient_rgb: [150, 110, 90],
    fog_rgb: [196, 120, 72],
    sky: Some(("3DART\\SKY_SET.GXA", "SKY887.BSI")),
};
/// Night: moonlight and dark blue fog.
const NIGHT: Look = Look {
    shade: 2,
    haze: 2,
    sun: [8000, -20000, -12000, 90],
    ambient: 36,
    ambient_rgb: [70, 80, 130],
    fog_rgb: [12, 16, 40],
    sky: Some(("3DART\\SKY_NITE.GXA", "SKY889.BSI")),
};
/// Necromancer's Isle: storm light, green-grey.
const NECRO: Look = Look {
    shade: 3,
    haze: 3,
    sun: [-4000, -26000, 9000, 120],
    ambient: 44,
    ambient_rgb: [96, 112, 96],
    fog_rgb: [48, 60, 52],
    sky: Some(("3DART\\SKY_NECR.GXA", "SKY886.BSI")),
};
/// Indoors by lamplight.
const INDOOR: Look = Look {
    shade: 0,
    haze: 0,
    sun: [0, -32767, 0, 60],
    ambient: 64,
    ambient_rgb: [140, 120, 96],
    fog_rgb: [0, 0, 0],
    sky: None,
};
/// Underground: caves, crypts and ruins.
const DARK: Look = Look {
    shade: 2,
    haze: 1,
    sun: [0, -32767, 0, 30],
    ambient: 40,
    ambient_rgb: [100, 90, 110],
    fog_rgb: [8, 4, 12],
    sky: None,
};

/// One world of the catalog.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct World {
    /// Its index `N`.
    pub id: u16,
    /// `world_map`, as the catalog spells it.
    pub map: &'static str,
    /// `world_world`, only for the worlds on a terrain.
    pub terrain: Option<&'static str>,
    /// `world_palette`, as the catalog spells it.
    pub palette: &'static str,
    /// `world_redbook`: its CD track.
    pub redbook: i32,
    /// Light and sky.
    pub look: Look,
    /// `world_scapeshift`.
    pub scapeshift: i32,
    /// `world_wave`, for the outdoor worlds.
    pub wave: Option<[i32; 3]>,
}

const fn world(id: u16, map: &'static str, terrain: Option<&'static str>, palette: &'static str) -> World {
    World { id, map, terrain, palette, redbook: 2, look: INDOOR, scapeshift: 0, wave: None }
}

const fn outdoor(mut w: World, look: Look, wave: [i32; 3], scapeshift: i32) -> World {
    w.look = look;
    w.wave = Some(wave);
    w.scapeshift = scapeshift;
    w
}

const fn with(mut w: World, look: Look, redbook: i32) -> World {
    w.look = look;
    w.redbook = redbook;
    w
}

const HIDEOUT_WLD: Option<&str> = Some("MAPS\\hideout.WLD");
const ISLAND_WLD: Option<&str> = Some("MAPS\\ISLAND.WLD");

/// The catalog, in index order: paths exactly as the docs' "World Catalog" table has them.
pub const WORLDS: [World; 29] = [
    outdoor(
        with(world(0, "MAPS\\start.rgm", HIDEOUT_WLD, "3DART\\sunset.COL"), SUNSET, 3),
        SUNSET,
        HIDEOUT_WAVE,
        0,
    ),
    outdoor(with(world(1, "MAPS\\ISLAND.rgm", ISLAND_WLD, "3DART\\island.COL"), DAY, 4), DAY, ISLAND_WAVE, 0),
    with(world(2, "MAPS\\catacomb.rgm", None, "3DART\\catacomb.COL"), DARK, 7),
    with(world(3, "MAPS\\PALACE.rgm", None, "3DART\\palace00.COL"), INDOOR, 8),
    with(world(4, "MAPS\\caverns.rgm", None, "3DART\\REDcave.COL"), DARK, 9),
    with(world(5, "MAPS\\observe.rgm", None, "3DART\\observat.COL"), DARK, 10),
    outdoor(
        with(world(6, "MAPS\\necrisle.rgm", Some("MAPS\\necrisle.WLD"), "3DART\\necro.COL"), NECRO, 11),
        NECRO,
        NECRISLE_WAVE,
        NECRISLE_SCAPESHIFT,
    ),
    with(world(7, "MAPS\\necrtowr.rgm", None, "3DART\\necro.COL"), DARK, 11),
    with(world(8, "MAPS\\drint.rgm", None, "3DART\\observat.COL"), DARK, 10),
    with(world(11, "MAPS\\jailint.rgm", None, "3DART\\necro.COL"), DARK, 12),
    with(world(12, "MAPS\\temple.rgm", None, "3DART\\island.COL"), INDOOR, 5),
    with(world(13, "MAPS\\mguild.rgm", None, "3DART\\redcave.COL"), INDOOR, 6),
    with(world(14, "MAPS\\vile.rgm", None, "3DART\\island.COL"), DARK, 12),
    with(world(15, "MAPS\\tavern.rgm", None, "3DART\\island.COL"), INDOOR, 5),
    with(world(17, "MAPS\\hideint.rgm", HIDEOUT_WLD, "3DART\\hideout.COL"), INDOOR, 3),
    with(world(18, "maps\\silver1.rgm", None, "3DART\\island.COL"), INDOOR, 5),
    with(world(19, "maps\\silver2.rgm", None, "3DART\\island.COL"), INDOOR, 5),
    with(world(20, "maps\\belltowr.rgm", None, "3DART\\island.COL"), INDOOR, 6),
    with(world(21, "maps\\harbtowr.rgm", None, "3DART\\island.COL"), INDOOR, 6),
    with(world(22, "maps\\gerricks.rgm", None, "3DART\\island.COL"), INDOOR, 5),
    with(world(23, "maps\\cartogr.rgm", None, "3DART\\island.COL"), INDOOR, 5),
    with(world(24, "maps\\smden.rgm", None, "3DART\\island.COL"), DARK, 12),
    with(world(25, "maps\\rollos.rgm", None, "3DART\\island.COL"), INDOOR, 5),
    with(world(26, "maps\\jffers.rgm", None, "3DART\\island.COL"), INDOOR, 5),
    outdoor(
        with(world(27, "MAPS\\island.rgm", Some("MAPS\\ISLand.WLD"), "3DART\\nightsky.COL"), NIGHT, 13),
        NIGHT,
        ISLAND_WAVE,
        NIGHT_SCAPESHIFT,
    ),
    outdoor(
        with(world(28, "MAPS\\ISLAND.rgm", ISLAND_WLD, "3DART\\sunset.COL"), SUNSET, 3),
        SUNSET,
        ISLAND_WAVE,
        0,
    ),
    with(world(29, "maps\\brennans.rgm", None, "3DART\\island.COL"), INDOOR, 4),
    outdoor(
        with(world(30, "MAPS\\extpalac.rgm", ISLAND_WLD, "3DART\\sunset.COL"), SUNSET, 8),
        SUNSET,
        ISLAND_WAVE,
        0,
    ),
    with(world(99, "maps\\brennans.rgm", None, "3DART\\island.COL"), INDOOR, 4),
];

/// The world with index `id`.
pub fn world_by_id(id: u16) -> Option<&'static World> {
    WORLDS.iter().find(|w| w.id == id)
}

/// Necromancer's Isle's rain zones: four overlapping spheres (`x, y, z, radius`), the
/// second, the largest, over the approach.
pub const RAIN_SPHERES: [[i32; 4]; 4] = [
    [30000, -400, 30000, 600],
    [33000, -400, 28000, 1000],
    [36000, -600, 33000, 700],
    [31000, -300, 35000, 500],
];

/// The interleaved test-map loop the shipped file uses: every world, back to the island
/// (world 1) between each (the writer ends it with `-2`).
pub fn test_map_order() -> Vec<i32> {
    WORLDS.iter().filter(|w| w.id != 1).flat_map(|w| [w.id as i32, 1]).collect()
}

/// World `w` with every key it sets, in the shipped file's order.
fn world_desc(w: &World) -> WorldDesc {
    let l = &w.look;
    let mut d = WorldDesc::new(w.id, w.map);
    if let Some(t) = w.terrain {
        d = d.set("world_world", t);
    }
    d = d
        .set("world_redbook", w.redbook)
        .set("world_palette", w.palette)
        .set("world_shade", l.shade)
        .set("world_haze", l.haze)
        .set_list("world_sun", &l.sun)
        .set("world_ambient", l.ambient);
    // The shipped file's typos: the key loses its leading `w` and matches nothing.
    match w.id {
        8 => d = d.set("orld_ambientfx", 128),
        23 => d = d.set("orld_sunangle", 256),
        _ => {}
    }
    d = d.set_list("world_ambientrgb", &l.ambient_rgb).set_list("world_fogrgb", &l.fog_rgb);
    if let Some((sky, skyfx)) = l.sky {
        d = d
            .set("world_sky", sky)
            .set("world_skyfx", skyfx)
            .set("world_skyscale", 256)
            .set("world_skylevel", -1200)
            .set("world_skyspeed", 2);
    }
    d = d.set("world_scapeshift", w.scapeshift);
    if let Some(wave) = w.wave {
        d = d.set_list("world_wave", &wave);
    }
    if w.id == 6 {
        // World 6's rain keys and its rotating sky.
        d = d
            .set("world_sky_yrotate", 3)
            .set("world_rain_delay", 2)
            .set("world_rain_drops", 120)
            .set("world_rain_start", -900)
            .set("world_rain_end", 0)
            .rain_spheres(&RAIN_SPHERES);
    }
    d
}

/// WORLD.INI, CRLF, through [`crate::write::worldini`].
pub fn world_ini() -> Vec<u8> {
    to_bytes(&WorldIniDesc {
        start_world: START_WORLD as i32,
        start_marker: 0,
        test_map_delay: Some(1),
        test_map_order: test_map_order(),
        worlds: WORLDS.iter().map(world_desc).collect(),
    })
}
