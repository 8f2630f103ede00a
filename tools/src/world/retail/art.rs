//! The retail install's art: the nine palettes the catalog names (the island's palette in
//! nine tints), the four terrains (the island's and three variants of it), the actor
//! models (`.3DC`) and the loose `.3D` props.

use super::cast::NPC_MODELS;
use crate::world::terrain::tex;
use crate::world::{archive, art, build, models};
use crate::write::model::Version;
use crate::write::wld::WldDesc;

/// A palette file of `fxart/` and its tint (per channel, 256 = unchanged).
pub struct Palette {
    /// File name, lower case as the install's are.
    pub file: &'static str,
    /// Red, green, blue multipliers over 256.
    pub tint: [u32; 3],
}

/// The palettes WORLD.INI names, each visibly its own: day a touch warm, sunset orange,
/// night blue, the necromancer's green-grey, the catacombs brown, the palace gold, the red
/// cave red, the observatory violet, the hideout dusky.
pub const PALETTES: [Palette; 9] = [
    Palette { file: "island.col", tint: [264, 252, 236] },
    Palette { file: "sunset.col", tint: [300, 200, 150] },
    Palette { file: "nightsky.col", tint: [110, 130, 230] },
    Palette { file: "necro.col", tint: [170, 210, 170] },
    Palette { file: "catacomb.col", tint: [200, 170, 140] },
    Palette { file: "palace00.col", tint: [280, 250, 170] },
    Palette { file: "redcave.col", tint: [290, 140, 120] },
    Palette { file: "observat.col", tint: [180, 160, 260] },
    Palette { file: "hideout.col", tint: [210, 190, 200] },
];

/// The island's palette through `tint`, each channel still a multiple of 4 (COL's 6 bits).
pub fn tinted(tint: [u32; 3]) -> [[u8; 3]; 256] {
    let mut rgb = art::palette();
    for e in rgb.iter_mut().skip(1) {
        for k in 0..3 {
            e[k] = ((e[k] as u32 * tint[k] / 256).min(252) as u8) & !3;
        }
    }
    rgb
}

/// The terrains: `(file, description)`.
pub fn terrains() -> Vec<(&'static str, WldDesc)> {
    let island = build::wld_desc();
    vec![
        ("EXTPALAC.WLD", extpalac(&island)),
        ("HIDEOUT.WLD", hideout(&island)),
        ("ISLAND.WLD", island.clone()),
        ("NECRISLE.WLD", necrisle(&island)),
    ]
}

/// A Map3 byte with its texture index mapped and its rotation kept.
fn retexture(byte: u8, map: &[(u8, u8)]) -> u8 {
    let (image, turns) = (byte & 0x3F, byte & 0xC0);
    map.iter().find(|m| m.0 == image).map_or(byte, |m| m.1 | turns)
}

/// The palace grounds: the island's heights, its grass the plateau's meadow and its sand
/// paths, so palace exterior and island look apart when loaded by map name.
fn extpalac(island: &WldDesc) -> WldDesc {
    let map = [(tex::GRASS, tex::MEADOW), (tex::SAND, tex::PATH)];
    WldDesc {
        height: island.height.clone(),
        texture: island.texture.iter().map(|&t| retexture(t, &map)).collect(),
    }
}

/// Highest height index of the hideout's terrain: the island with its mountain cut down.
const HIDEOUT_CAP: u8 = 60;

/// The hideout's island: the mountain cut to [`HIDEOUT_CAP`], its rock grassed over. The
/// plateau (height 17) is untouched, so the hideout interior's floor sits on it.
fn hideout(island: &WldDesc) -> WldDesc {
    let height = island.height.iter().map(|&h| (h & 0x80) | (h & 0x7F).min(HIDEOUT_CAP)).collect();
    let map = [(tex::ROCK, tex::GRASS)];
    WldDesc { height, texture: island.texture.iter().map(|&t| retexture(t, &map)).collect() }
}

/// Height indices Necromancer's Isle's land is raised by.
const NECRISLE_RAISE: u8 = 8;

/// Necromancer's Isle: the island's land raised [`NECRISLE_RAISE`] indices (a cliff all
/// round), bare rock where there was grass.
fn necrisle(island: &WldDesc) -> WldDesc {
    let height = island
        .height
        .iter()
        .map(|&h| match h & 0x7F {
            0 => h,
            i => (h & 0x80) | (i + NECRISLE_RAISE).min(127),
        })
        .collect();
    let map = [(tex::GRASS, tex::ROCK), (tex::MEADOW, tex::ROCK), (tex::SAND, tex::PATH)];
    WldDesc { height, texture: island.texture.iter().map(|&t| retexture(t, &map)).collect() }
}

/// Body and leg colours of the townsfolk outfits, by [`NPC_MODELS`] order.
const OUTFITS: [(u8, u8); 4] = [
    (models::colour::ROBE, models::colour::ROBE),
    (art::ramp::TILES + 3, models::colour::TROUSERS),
    (art::ramp::WATER + 4, art::ramp::WOOD + 6),
    (art::ramp::STONE + 5, art::ramp::STONE + 9),
];

/// Frame encoding of the townsfolk's later frames: absolute positions, as the village NPC.
const FRAMES_ABSOLUTE: u32 = 4;

/// The `.3DC` actor models: the island's (CYRUS, NPC, FLAG, BUOY, RAFT) and the four
/// townsfolk outfits.
pub fn actor_models() -> Vec<(String, Vec<u8>)> {
    let mut out: Vec<(String, Vec<u8>)> = archive::actor_models()
        .into_iter()
        .map(|(n, d)| (n.to_string(), crate::write::model::to_bytes(&d)))
        .collect();
    for (name, (body, legs)) in NPC_MODELS.iter().zip(OUTFITS) {
        let (mesh, frames) = models::figure(body, legs);
        let desc = archive::model_desc(&mesh, Version::V4_0, FRAMES_ABSOLUTE, &frames);
        out.push((name.to_string(), crate::write::model::to_bytes(&desc)));
    }
    out
}

/// Frame type of a static `.3D` file.
const FRAME_3D: u32 = 0;

/// The loose `.3D` models: `(stem, bytes)`.
pub fn loose_models() -> Vec<(&'static str, Vec<u8>)> {
    super::models::loose()
        .into_iter()
        .map(|(name, mesh)| {
            let mut desc = archive::model_desc(&mesh, Version::V5_0, 0, &[]);
            desc.frame_type = FRAME_3D;
            (name, crate::write::model::to_bytes(&desc))
        })
        .collect()
}
