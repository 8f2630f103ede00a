//! The embedded default world: files in the original formats, written by
//! `stros-tools gen-world` and read through the same [`crate::formats`] parsers a real
//! install goes through. Behind the `embedded-world` feature.
//!
//! The island `HARBOUR`: terrain (WLD), the scene (RGM: Cyrus, three flags, a fisher, a
//! buoy, a keg, a raft; village placements; markers), the village models (ROB), the actor
//! models (3DC), the palette (COL), terrain and village textures (TEXBSI 302 and 310), the splash effect (TEXBSI 074),
//! sounds (SFX), texture surfaces (SURFACE.INI), the scene fog (FOG.INI), script definitions (SOUP386.DEF), dialogue (ENGLISH.RTX) and its font (REDSEL.FNT), the items (ITEM.INI), the
//! world catalog (WORLD.INI: the island, and the fisher's hut at night as world 2 with its HUTINT map, models and palette), the day sky (SKYDAY.BSI and its COL) and the sun (SUN.BSI).

/// One embedded file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EmbeddedFile {
    /// The file name, as the game spells it.
    pub name: &'static str,
    /// Its bytes.
    pub bytes: &'static [u8],
}

macro_rules! embedded {
    ($($(#[$doc:meta])* $id:ident = $file:literal;)*) => {
        $( $(#[$doc])* pub static $id: &[u8] = include_bytes!(concat!("../data/world/", $file)); )*
        /// Every embedded file, in generator order.
        pub static FILES: &[EmbeddedFile] = &[ $( EmbeddedFile { name: $file, bytes: $id }, )* ];
    };
}

embedded! {
    /// Terrain.
    WLD = "HARBOUR.WLD";
    /// Palette.
    COL = "HARBOUR.COL";
    /// Terrain textures.
    TEXBSI_302 = "TEXBSI.302";
    /// Village textures.
    TEXBSI_310 = "TEXBSI.310";
    /// The water-entry splash (environmental effect `0x2500`).
    TEXBSI_074 = "TEXBSI.074";
    /// Sounds.
    SFX = "MAIN.SFX";
    /// Texture surfaces.
    SURFACE_INI = "SURFACE.INI";
    /// The scene fog table.
    FOG_INI = "FOG.INI";
    /// Script definitions: the flags and property references of the island's scripts.
    SOUP386_DEF = "SOUP386.DEF";
    /// What the island says: the fisher's prompt and lines, Cyrus' questions, the topics,
    /// the villager's call, with their voices.
    ENGLISH_RTX = "ENGLISH.RTX";
    /// The subtitle and HUD font.
    REDSEL_FNT = "REDSEL.FNT";
    /// The item database: the compass, the key on the pier, the chest's gold.
    ITEM_INI = "ITEM.INI";
    /// The active item's icons.
    PICKUPS_GXA = "PICKUPS.GXA";
    /// The world catalog: the island as world 1, its files, its water wave, light and sky.
    WORLD_INI = "WORLD.INI";
    /// The day sky's image.
    SKYDAY_BSI = "SKYDAY.BSI";
    /// The day sky's palette.
    SKYDAY_COL = "SKYDAY.COL";
    /// The sun disc.
    SUN_BSI = "SUN.BSI";
    /// Scene.
    RGM = "HARBOUR.RGM";
    /// Village models.
    ROB = "HARBOUR.ROB";
    /// The fisher's hut at night (world 2): its scene.
    HUTINT_RGM = "HUTINT.RGM";
    /// The hut's models.
    HUTINT_ROB = "HUTINT.ROB";
    /// The hut's lamplit palette.
    HUTINT_COL = "HUTINT.COL";
    /// Cyrus.
    CYRUS_3DC = "CYRUS.3DC";
    /// The fisher.
    NPC_3DC = "NPC.3DC";
    /// The flag.
    FLAG_3DC = "FLAG.3DC";
    /// The buoy.
    BUOY_3DC = "BUOY.3DC";
    /// The raft.
    RAFT_3DC = "RAFT.3DC";
    /// The key on the pier.
    KEY_3DC = "KEY.3DC";
    /// The chest in the hut.
    CHEST_3DC = "CHEST.3DC";
}

/// The map name of the embedded world.
pub const MAP: &str = "HARBOUR";

/// The embedded file called `name` (case-insensitive), as a real install's lookup would
/// (`files::Embedded` finds a catalog path by its file name).
pub fn file(name: &str) -> Option<&'static [u8]> {
    FILES.iter().find(|f| f.name.eq_ignore_ascii_case(name)).map(|f| f.bytes)
}
