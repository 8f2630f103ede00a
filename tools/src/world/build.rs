//! Puts the island together: every file of the embedded world, as bytes in the original
//! formats.

use super::{archive, art, models, soupdef, terrain, village, worlds};
use crate::write;

/// The map's name: its files are `HARBOUR.WLD`, `HARBOUR.RGM`, `HARBOUR.ROB`, `HARBOUR.COL`.
pub const MAP: &str = "HARBOUR";

/// One generated file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct File {
    /// File name as the game spells it.
    pub name: String,
    /// Its bytes.
    pub bytes: Vec<u8>,
}

/// Where the committed copy lives: `core/data/world`, embedded by `stros-core`.
pub fn data_dir() -> std::path::PathBuf {
    crate::gen_tables::workspace_root().join("core/data/world")
}

/// The day sky's image (`world_skyfx`) and its palette beside it.
pub const SKY_BSI: &str = "SKYDAY.BSI";
/// The COL of [`SKY_BSI`].
pub const SKY_COL: &str = "SKYDAY.COL";
/// The sun disc's image (`world_sunimg`).
pub const SUN_BSI: &str = "SUN.BSI";

/// The WLD description of the island.
pub fn wld_desc() -> write::wld::WldDesc {
    let t = terrain::build(&stros_core::formats::wld::HEIGHT_TABLE);
    write::wld::WldDesc { height: t.height, texture: t.texture }
}

/// The palette.
pub fn col_desc() -> write::col::ColDesc {
    write::col::ColDesc { rgb: art::palette() }
}

fn bank(bank: u16, images: &[u8], draw: impl Fn(u8) -> art::Image) -> write::texbsi::TexbsiDesc {
    let images = images
        .iter()
        .map(|&i| {
            let img = draw(i);
            write::texbsi::ImageDesc::still(
                &art::image_name(bank, i),
                img.side as u16,
                img.side as u16,
                img.pixels,
            )
        })
        .collect();
    write::texbsi::TexbsiDesc { images }
}

/// Terrain textures (bank 302); the open water is animated ([`art::water_frames`]).
pub fn terrain_bank() -> write::texbsi::TexbsiDesc {
    let mut ids = terrain::tex::ALL.to_vec();
    ids.sort_unstable();
    let mut desc = bank(302, &ids, art::terrain_image);
    if let Some(water) = desc.images.iter_mut().find(|i| i.name == art::image_name(302, terrain::tex::WATER))
    {
        water.animated = true;
        water.frame_delay_ms = art::WATER_DELAY_MS;
        water.frames = art::water_frames();
    }
    desc
}

/// Village textures (bank 310): the models' images, then the flats'.
pub fn model_bank() -> write::texbsi::TexbsiDesc {
    let mut desc = bank(models::MODEL_BANK, &models::img::ALL, art::model_image);
    desc.images.extend(art::flat_img::ALL.iter().map(|&i| art::flat_image(models::MODEL_BANK, i)));
    desc
}

/// The sound bank.
pub fn sfx_desc() -> write::sfx::SfxDesc {
    let effects = (0..art::sound::COUNT)
        .map(|i| write::sfx::EffectDesc::mono8(art::SOUND_RATE, art::sound_pcm(i)))
        .collect();
    write::sfx::SfxDesc { description: b"Stros embedded world sounds".to_vec(), effects }
}

/// SURFACE.INI's `[surfaces]` section for the island: the terrain images of set 302 and the
/// village images of set 310, in the format the game's own file uses.
pub fn surface_ini() -> String {
    use super::models::img;
    use super::terrain::tex;
    let mut s = String::from("; Stros embedded world: the surfaces of HARBOUR's textures\r\n[surfaces]\r\n");
    let terrain = [
        (tex::WATER, "deepwater"),
        (tex::SAND, "sand"),
        (tex::GRASS, "scape"),
        (tex::MEADOW, "scape"),
        (tex::ROCK, "rock"),
        (tex::RIM_CORNER, "water"),
        (tex::RIM_EDGE, "water"),
        (tex::RIM_WIDE, "water"),
        (tex::PATH, "sand"),
        (tex::RIM_HALF, "water"),
        (tex::RIM_ROCK, "water"),
        (tex::SHOAL, "water"),
        (tex::RIM_EDGE2, "water"),
    ];
    for (image, kind) in terrain {
        s.push_str(&format!("302, {image}, {kind}\r\n"));
    }
    let village = [(img::PLASTER, "tile"), (img::PLANKS, "wood"), (img::TILES, "tile"), (img::STONE, "rock")];
    for (image, kind) in village {
        s.push_str(&format!("{}, {image}, {kind}\r\n", models::MODEL_BANK));
    }
    // The walk's footstep (a sand step) remapped by what Cyrus stands on.
    use super::art::sound;
    let steps = [
        ("water", sound::STEP_WATER),
        ("deepwater", sound::STEP_WATER),
        ("scapewater", sound::STEP_WATER),
        ("scapedeepwater", sound::STEP_WATER),
        ("wood", sound::STEP_WOOD),
        ("tile", sound::STEP_STONE),
        ("rock", sound::STEP_STONE),
    ];
    for (section, effect) in steps {
        s.push_str(&format!("\r\n[{section}]\r\n{} = {effect}\r\n", sound::STEP_SAND));
    }
    s
}

/// FOG.INI: the installed fallback's 18 records ({D:config/fog-ini.md} "Shipped values"),
/// so the island fogs as the original's worlds do — nothing nearer than 256 units, total by
/// 4,096.
pub fn fog_ini() -> String {
    let mut s = String::from("; the scene fog density by Glide table index (FOG.INI)\r\n");
    let records = [
        (0, 0),
        (33, 1),
        (34, 2),
        (35, 4),
        (36, 6),
        (37, 8),
        (38, 10),
        (39, 12),
        (40, 14),
        (41, 16),
        (42, 18),
        (43, 22),
        (44, 38),
        (45, 76),
        (46, 136),
        (47, 196),
        (48, 255),
    ];
    for (index, value) in records {
        s.push_str(&format!("{index},{value}\r\n"));
    }
    s.push_str("63\r\n");
    s
}

/// The island's water wave (`world_wave`): about 24 map units of swell (`[−1.5A, 0.5A]`),
/// one period every 7 seconds, rings roughly ten cells apart around the map's middle.
pub const WAVE: [i32; 3] = [16, 16, 1];

/// WORLD.INI for the island as map `map`: one world, [`worlds::ISLAND`], the new game's start at
/// marker 0, its files under the shipped folders (`MAPS\\`, `3DART\\`), its wave.
pub fn world_ini(map: &str) -> Vec<u8> {
    use write::worldini::{WorldDesc, WorldIniDesc, to_bytes};
    let world = WorldDesc::new(worlds::ISLAND, &format!("MAPS\\{map}.RGM"))
        .set("world_world", format!("MAPS\\{map}.WLD"))
        .set("world_palette", format!("3DART\\{map}.COL"))
        .set("world_scapeshift", 0)
        .set_list("world_wave", &WAVE)
        .set("world_skyfx", SKY_BSI)
        // 24 sixteenths: a texel and a half a tick.
        .set("world_skyspeed", 24)
        // The horizon's haze, the sky ramp's lightest colour: the frame's fill and fog colour.
        .set_list("world_fogrgb", &[200, 216, 236])
        // The sun disc: 64 texels × 0.5 × 80 = 2,560 units each side of its centre, about
        // 6.5° seen from 22,600 away.
        .set("world_sunimg", SUN_BSI)
        .set("world_sunscale", 8000)
        // Lit as ISLAND's day entry is: ambient 64, a white sun at angle 256, skew 512.
        .set_list("world_ambientrgb", &[64; 3])
        .set_list("world_sunrgb", &[255, 255, 255, 2])
        .set("world_sunangle", 256)
        .set("world_sunskew", 512);
    to_bytes(&WorldIniDesc {
        start_world: worlds::ISLAND as i32,
        start_marker: 0,
        test_map_delay: None,
        test_map_order: Vec::new(),
        // The fisher's hut at night ([`super::hut`]).
        worlds: vec![world, super::hut::world_desc()],
    })
}

/// Every file of the embedded world, in a fixed order.
pub fn files() -> Vec<File> {
    let file = |name: String, bytes: Vec<u8>| File { name, bytes };
    vec![
        file(format!("{MAP}.WLD"), write::wld::to_bytes(&wld_desc())),
        file(format!("{MAP}.COL"), write::col::to_bytes(&col_desc())),
        file("TEXBSI.302".into(), write::texbsi::to_bytes(&terrain_bank())),
        file(format!("TEXBSI.{}", models::MODEL_BANK), write::texbsi::to_bytes(&model_bank())),
        // The environmental effects' bank: the water-entry splash.
        file(
            format!("TEXBSI.{:03}", art::SPLASH_BANK),
            write::texbsi::to_bytes(&write::texbsi::TexbsiDesc { images: vec![art::splash_image()] }),
        ),
        file("MAIN.SFX".into(), write::sfx::to_bytes(&sfx_desc())),
        file("SURFACE.INI".into(), surface_ini().into_bytes()),
        file("FOG.INI".into(), fog_ini().into_bytes()),
        file("SOUP386.DEF".into(), write::soupdef::to_bytes(&soupdef::soup_def())),
        // What the island says and the font it is written in ([`super::talk`]).
        file("ENGLISH.RTX".into(), write::rtx::to_bytes(&super::talk::rtx_entries())),
        file("REDSEL.FNT".into(), write::fnt::to_bytes(&super::talk::font())),
        // What can be carried ([`super::items`]).
        file("ITEM.INI".into(), super::items::item_ini().into_bytes()),
        file("PICKUPS.GXA".into(), write::gxa::gxa(&super::items::pickups())),
        file("WORLD.INI".into(), world_ini(MAP)),
        file(
            SKY_BSI.into(),
            write::texbsi::standalone_bsi(art::SKY_SIDE as u16, art::SKY_SIDE as u16, &art::sky_image()),
        ),
        // The sky's own palette: the island's (so its colours map onto themselves).
        file(SKY_COL.into(), write::col::to_bytes(&col_desc())),
        file(
            SUN_BSI.into(),
            write::texbsi::standalone_bsi(art::SUN_SIDE as u16, art::SUN_SIDE as u16, &art::sun_image()),
        ),
        file(format!("{MAP}.RGM"), write::rgm::to_bytes(&village::rgm_desc())),
        file(format!("{MAP}.ROB"), write::rob::to_bytes(&archive::rob_desc())),
        // The fisher's hut at night, world 2 ([`super::hut`]).
        file(format!("{}.RGM", super::hut::MAP), write::rgm::to_bytes(&super::hut::rgm_desc())),
        file(format!("{}.ROB", super::hut::MAP), write::rob::to_bytes(&super::hut::rob_desc())),
        file(format!("{}.COL", super::hut::MAP), write::col::to_bytes(&super::hut::col_desc())),
    ]
    .into_iter()
    .chain(
        archive::actor_models()
            .into_iter()
            .map(|(name, desc)| file(format!("{name}.3DC"), write::model::to_bytes(&desc))),
    )
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use stros_core::formats::{
        col::Col, model::Model, rgm::Rgm, rob::Rob, sfx::Sfx, texbsi::Texbsi, wld::Wld,
    };

    #[test]
    fn every_file_parses() {
        for f in files() {
            let b = &f.bytes;
            let ok = match f.name.rsplit('.').next().unwrap() {
                "WLD" => Wld::new_checked(b).map(|_| ()),
                "COL" => Col::new_checked(b).map(|_| ()),
                "SFX" => Sfx::new_checked(b).map(|_| ()),
                "RGM" => Rgm::new_checked(b).map(|_| ()),
                "ROB" => Rob::new_checked(b).map(|_| ()),
                "INI" if f.name == "WORLD.INI" => {
                    let text = std::str::from_utf8(b).unwrap();
                    let ini = stros_core::formats::worldini::WorldIni::new_checked(text).unwrap();
                    assert_eq!(ini.world(worlds::ISLAND).unwrap().map, format!("MAPS\\{MAP}.RGM"));
                    Ok(())
                }
                "INI" if f.name == "ITEM.INI" => {
                    stros_core::items::ItemIni::new_checked(std::str::from_utf8(b).unwrap()).unwrap();
                    Ok(())
                }
                "INI" if f.name == "FOG.INI" => {
                    let fog = stros_core::render::fog::FogTable::parse(std::str::from_utf8(b).unwrap());
                    assert_eq!(
                        (fog.density[32], fog.density[47], fog.density[62], fog.density[63]),
                        (0, 196, 255, 0)
                    );
                    Ok(())
                }
                "INI" => {
                    let text = std::str::from_utf8(b).unwrap();
                    stros_core::formats::surface::SurfaceTable::parse(text).unwrap();
                    Ok(())
                }
                "3DC" => Model::new_checked(b).map(|_| ()),
                "DEF" => stros_core::formats::soupdef::SoupDef::new_checked(b).map(|_| ()),
                "RTX" => stros_core::formats::rtx::Rtx::new_checked(b).map(|_| ()),
                "FNT" => stros_core::formats::fnt::Fnt::new_checked(b).map(|_| ()),
                "GXA" => stros_core::formats::gxa::Gxa::new_checked(b).map(|_| ()),
                "BSI" => stros_core::formats::texbsi::Image::standalone(b).map(|_| ()),
                _ => Texbsi::new_checked(b).map(|_| ()),
            };
            assert_eq!(ok, Ok(()), "{}", f.name);
        }
    }
}
