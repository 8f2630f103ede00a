//! Tests of the retail-shaped install: every file reads back through the core's checked
//! readers, WORLD.INI is the shipped catalog's shape, ISLAND has the public counts, every
//! retail model name resolves, marker 0 is on the ground, the tavern is the documented
//! room, and the 27 maps come near the public totals.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use stros_core::formats::model::Model;
use stros_core::formats::rgm::{Rgm, model_stem};
use stros_core::formats::rob::Rob;
use stros_core::formats::wld::Wld;
use stros_core::formats::worldini::WorldIni;

use super::maps::{self, Kind, MAPS, island};
use super::{catalog, layout, rob_path, tavern};

/// The install, built once for every test.
fn files() -> &'static BTreeMap<String, Vec<u8>> {
    static FILES: OnceLock<BTreeMap<String, Vec<u8>>> = OnceLock::new();
    FILES.get_or_init(|| {
        let list = layout();
        let n = list.len();
        let map: BTreeMap<_, _> = list.into_iter().collect();
        assert_eq!(map.len(), n, "two files share a path");
        map
    })
}

/// A file by its path, in any case (as the engine finds them).
fn file(path: &str) -> &'static [u8] {
    let want = path.to_ascii_uppercase();
    files()
        .iter()
        .find(|(p, _)| p.to_ascii_uppercase() == want)
        .map(|(_, b)| b.as_slice())
        .unwrap_or_else(|| panic!("no {path} in the install"))
}

fn has(path: &str) -> bool {
    let want = path.to_ascii_uppercase();
    files().keys().any(|p| p.to_ascii_uppercase() == want)
}

fn rgm(map: &maps::MapSpec) -> Rgm<'static> {
    Rgm::new_checked(file(map.file)).unwrap()
}

fn rob(map: &str) -> Rob<'static> {
    Rob::new_checked(file(&rob_path(map))).unwrap()
}

fn island_spec() -> &'static maps::MapSpec {
    MAPS.iter().find(|m| m.name == "ISLAND").unwrap()
}

#[test]
fn every_file_parses() {
    use stros_core::formats::{col::Col, sfx::Sfx, soupdef::SoupDef, texbsi::Texbsi};
    for (path, b) in files() {
        let upper = path.to_ascii_uppercase();
        let ext = upper.rsplit('.').next().unwrap();
        let ok = match ext {
            "RGM" => Rgm::new_checked(b).map(|_| ()),
            "WLD" => Wld::new_checked(b).map(|_| ()),
            "ROB" => Rob::new_checked(b).map(|_| ()),
            "COL" => Col::new_checked(b).map(|_| ()),
            "3D" | "3DC" => Model::new_checked(b).map(|_| ()),
            "SFX" => Sfx::new_checked(b).map(|_| ()),
            "DEF" => SoupDef::new_checked(b).map(|_| ()),
            "RTX" => stros_core::formats::rtx::Rtx::new_checked(b).map(|_| ()),
            "FNT" => stros_core::formats::fnt::Fnt::new_checked(b).map(|_| ()),
            "INI" => {
                let text = std::str::from_utf8(b).unwrap();
                match upper.as_str() {
                    "WORLD.INI" => assert!(WorldIni::new_checked(text).is_ok()),
                    "SYSTEM.INI" => assert!(stros_core::config::SystemConfig::load(text).is_ok()),
                    "KEYS.INI" => assert!(stros_core::input::Bindings::from_keys_ini(text).is_ok()),
                    "FXART/FOG.INI" => assert!(stros_core::render::fog::FogTable::parse(text).is_active()),
                    _ => assert!(stros_core::formats::surface::SurfaceTable::parse(text).is_ok()),
                }
                Ok(())
            }
            _ if upper.starts_with("FXART/TEXBSI.") => Texbsi::new_checked(b).map(|_| ()),
            _ => panic!("unexpected file {path}"),
        };
        assert_eq!(ok, Ok(()), "{path}");
    }
}

#[test]
fn the_layout_has_the_retail_files() {
    for name in [
        "WORLD.INI",
        "SYSTEM.INI",
        "KEYS.INI",
        "surface.ini",
        "SOUP386.DEF",
        "sound/MAIN.SFX",
        "ENGLISH.RTX",
        "fonts/REDSEL.FNT",
    ] {
        assert!(files().contains_key(name), "{name}");
    }
    let rgms: Vec<&String> = files().keys().filter(|p| p.to_ascii_uppercase().ends_with(".RGM")).collect();
    assert_eq!(rgms.len(), 27);
    for p in ["maps/catacomb.rgm", "maps/ISLAND.RGM", "maps/Tavern.RGM", "maps/HIDEOUT.RGM"] {
        assert!(files().contains_key(p), "{p}");
    }
    let wlds: Vec<&str> =
        files().keys().filter(|p| p.to_ascii_uppercase().ends_with(".WLD")).map(|p| p.as_str()).collect();
    assert_eq!(wlds, ["maps/EXTPALAC.WLD", "maps/HIDEOUT.WLD", "maps/ISLAND.WLD", "maps/NECRISLE.WLD"]);
    for m in &MAPS {
        assert!(files().contains_key(&rob_path(m.name)), "{}'s ROB", m.name);
    }
    let palettes =
        ["island", "sunset", "nightsky", "necro", "catacomb", "palace00", "redcave", "observat", "hideout"];
    let mut seen = Vec::new();
    for p in palettes {
        let b = file(&format!("fxart/{p}.col"));
        assert!(!seen.contains(&b), "{p} looks like another palette");
        seen.push(b);
    }
    assert!(!files().keys().any(|p| p.to_ascii_uppercase().starts_with("3DART/")), "palettes only in fxart/");
}

/// The docs' "World Catalog" table: id, map, terrain, palette.
const CATALOG: [(u16, &str, &str, &str); 29] = [
    (0, "MAPS\\start.rgm", "MAPS\\hideout.WLD", "3DART\\sunset.COL"),
    (1, "MAPS\\ISLAND.rgm", "MAPS\\ISLAND.WLD", "3DART\\island.COL"),
    (2, "MAPS\\catacomb.rgm", "", "3DART\\catacomb.COL"),
    (3, "MAPS\\PALACE.rgm", "", "3DART\\palace00.COL"),
    (4, "MAPS\\caverns.rgm", "", "3DART\\REDcave.COL"),
    (5, "MAPS\\observe.rgm", "", "3DART\\observat.COL"),
    (6, "MAPS\\necrisle.rgm", "MAPS\\necrisle.WLD", "3DART\\necro.COL"),
    (7, "MAPS\\necrtowr.rgm", "", "3DART\\necro.COL"),
    (8, "MAPS\\drint.rgm", "", "3DART\\observat.COL"),
    (11, "MAPS\\jailint.rgm", "", "3DART\\necro.COL"),
    (12, "MAPS\\temple.rgm", "", "3DART\\island.COL"),
    (13, "MAPS\\mguild.rgm", "", "3DART\\redcave.COL"),
    (14, "MAPS\\vile.rgm", "", "3DART\\island.COL"),
    (15, "MAPS\\tavern.rgm", "", "3DART\\island.COL"),
    (17, "MAPS\\hideint.rgm", "MAPS\\hideout.WLD", "3DART\\hideout.COL"),
    (18, "maps\\silver1.rgm", "", "3DART\\island.COL"),
    (19, "maps\\silver2.rgm", "", "3DART\\island.COL"),
    (20, "maps\\belltowr.rgm", "", "3DART\\island.COL"),
    (21, "maps\\harbtowr.rgm", "", "3DART\\island.COL"),
    (22, "maps\\gerricks.rgm", "", "3DART\\island.COL"),
    (23, "maps\\cartogr.rgm", "", "3DART\\island.COL"),
    (24, "maps\\smden.rgm", "", "3DART\\island.COL"),
    (25, "maps\\rollos.rgm", "", "3DART\\island.COL"),
    (26, "maps\\jffers.rgm", "", "3DART\\island.COL"),
    (27, "MAPS\\island.rgm", "MAPS\\ISLand.WLD", "3DART\\nightsky.COL"),
    (28, "MAPS\\ISLAND.rgm", "MAPS\\ISLAND.WLD", "3DART\\sunset.COL"),
    (29, "maps\\brennans.rgm", "", "3DART\\island.COL"),
    (30, "MAPS\\extpalac.rgm", "MAPS\\ISLAND.WLD", "3DART\\sunset.COL"),
    (99, "maps\\brennans.rgm", "", "3DART\\island.COL"),
];

#[test]
fn world_ini_is_the_shipped_catalog() {
    let text = std::str::from_utf8(file("WORLD.INI")).unwrap();
    assert!(!text.replace("\r\n", "").contains('\n') && text.ends_with("\r\n"), "CRLF lines");
    let ini = WorldIni::new_checked(text).unwrap();
    assert_eq!((ini.start_world(), ini.start_marker(), ini.test_map_delay()), (0, 0, 1));
    let order: Vec<i32> = ini.test_map_order().collect();
    assert!(order.len() > 29 && order.contains(&99));
    assert!(text.contains(",-2\r\n"), "the loop ends with -2");
    let ids: Vec<u16> = ini.ids().collect();
    assert_eq!(ids, CATALOG.map(|c| c.0));
    for (id, map, terrain, palette) in CATALOG {
        let w = ini.world(id).unwrap();
        assert_eq!(w.map, map, "world {id}");
        assert_eq!(w.terrain.unwrap_or(""), terrain, "world {id}");
        assert_eq!(w.palette, Some(palette), "world {id}");
        // Every path names a file of the install (the art folder is fxart/).
        let path = |p: &str| p.replace('\\', "/").replace("3DART/", "fxart/");
        assert!(
            has(&path(map)) && (terrain.is_empty() || has(&path(terrain))) && has(&path(palette)),
            "{id}"
        );
        assert!(w.redbook.is_some() && w.ambientrgb.is_some(), "world {id}");
    }
    assert!(text.contains("\r\norld_ambientfx[8]=128\r\n") && text.contains("\r\norld_sunangle[23]=256\r\n"));
    let world = |id| ini.world(id).unwrap();
    for id in [1, 27, 28, 30] {
        assert_eq!(
            world(id).wave,
            stros_core::formats::worldini::Wave { amplitude: 16, speed: 16, frequency: 1 }
        );
    }
    for id in [0, 6] {
        assert!(world(id).wave.amplitude != 0 && world(id).wave != world(1).wave, "world {id}");
    }
    assert_ne!(world(6).scapeshift, 0);
    assert_ne!(world(27).scapeshift, world(1).scapeshift);
    assert!(world(6).rain_drops > 0 && world(6).rain_spheres().count() == 4);
    for id in [0, 1, 6, 27, 28, 30] {
        assert!(world(id).sky.is_some() && world(id).skyfx.is_some(), "world {id}");
    }
    assert!(world(15).sky.is_none());
}

#[test]
fn the_island_has_the_public_counts() {
    let r = rgm(island_spec());
    assert_eq!(r.mpob().len(), island::OBJECTS);
    assert_eq!(r.actors().count(), island::DEFINITIONS);
    assert_eq!(r.mpso().len(), island::STATICS);
    assert_eq!(r.mpsf().len(), island::FLATS);
    for name in [&b"CYRUS"[..], b"GREMLIN"] {
        assert!(r.actor_by_name(name).is_some());
    }
    // Every object has a definition: with the player pair, 974 actors.
    let placed = r.mpob().iter().filter(|o| r.actor_by_name(o.script_name()).is_some()).count();
    assert_eq!(placed + 2, island::ACTORS);
    let lights = r.mpsl();
    let world = |k: usize| lights.get(k).unwrap().world_id();
    let active = |k: usize| lights.get(k).unwrap().active() == 1;
    assert!((650..=750).contains(&lights.len()));
    assert!((0..lights.len()).filter(|&k| world(k) == 1 && active(k)).count() > lights.len() / 2);
    assert!((0..lights.len()).any(|k| world(k) == 27) && (0..lights.len()).any(|k| world(k) == 28));
    assert!((0..lights.len()).any(|k| !active(k)));
    assert!((5..=15).contains(&r.mprp().len()));
    assert!((50..=70).contains(&r.mpmk().len()));
    let nodes: u32 = r.wdnm().walk_maps().map(|m| m.node_count()).sum();
    assert!((25..=35).contains(&r.wdnm().len()) && (1000..=1400).contains(&nodes));
}

/// Whether model `stem` resolves for map `map`: a ROB segment with a model, or a loose
/// `fxart/<STEM>.3D` (`.3DC`).
fn resolves(map: &str, stem: &[u8]) -> bool {
    let rob = rob(map);
    let stem = std::str::from_utf8(stem).unwrap();
    rob.find(stem.as_bytes()).is_some_and(|s| s.model().is_ok())
        || has(&format!("fxart/{stem}.3D"))
        || has(&format!("fxart/{stem}.3DC"))
}

#[test]
fn retail_model_names_resolve_by_their_stem() {
    let island = rgm(island_spec());
    let retail = |r: &Rgm<'_>| {
        r.mpob()
            .iter()
            .filter(|o| o.model_name().ends_with(b".3") || o.model_name().ends_with(b".3D"))
            .count()
    };
    assert!(retail(&island) >= 500, "{}", retail(&island));
    for m in &MAPS {
        let r = rgm(m);
        for o in r.mpob().iter() {
            let name = o.model_name();
            if name.ends_with(b".3") || name.ends_with(b".3D") {
                assert_eq!((o.object_type(), o.is_static()), (1, 1));
                assert!(resolves(m.name, model_stem(name)), "{}: {}", m.name, String::from_utf8_lossy(name));
            }
        }
        for s in r.mpso().iter() {
            assert!(s.model_name().ends_with(b".3D"));
            let seg = rob(m.name).find(model_stem(s.model_name())).and_then(|s| s.model().ok());
            assert!(seg.is_some(), "{}: {}", m.name, String::from_utf8_lossy(s.model_name()));
        }
        for a in r.actors() {
            for e in a.raan_entries() {
                let path = std::str::from_utf8(e.path).unwrap();
                let stem = path.rsplit('\\').next().unwrap().split('.').next().unwrap();
                assert!(has(&format!("fxart/{stem}.3DC")), "{}: {path}", m.name);
            }
        }
    }
}

/// The ground under map `m`'s marker 0 at `(x, z)`: the terrain its world samples, or the
/// top of a floor slab there.
fn ground_under(m: &maps::MapSpec, r: &Rgm<'_>, x: i32, z: i32) -> Option<i32> {
    let half = super::models::TILE / 2;
    let floor = r.mpso().iter().find(|s| {
        let p = s.position();
        model_stem(s.model_name()) == b"FLOOR" && (x - p[0]).abs() < half && (z - p[2]).abs() < half
    });
    if let Some(f) = floor {
        return Some(f.position()[1]);
    }
    let (wld, shift) = match m.kind {
        Kind::Island => ("ISLAND.WLD", 0),
        Kind::Outdoor { wld, scapeshift } => (wld, scapeshift),
        _ => return None,
    };
    let w = Wld::new_checked(file(&super::wld_path(wld))).unwrap();
    let d = stros_core::terrain::Decoded::new(w, shift);
    Some(stros_core::terrain::sample(&d, x, z).height.round() as i32)
}

#[test]
fn every_map_has_cyrus_and_marker_zero_on_the_ground() {
    for m in &MAPS {
        let r = rgm(m);
        assert!(r.actor_by_name(b"CYRUS").is_some(), "{}", m.name);
        let marker = r.mpmk().get(0).unwrap();
        assert!(marker.usable(), "{}", m.name);
        let [x, y, z] = marker.position;
        let ground =
            ground_under(m, &r, x, z).unwrap_or_else(|| panic!("{}: nothing under marker 0", m.name));
        assert!((y - ground).abs() <= 1, "{}: marker 0 at {y}, ground at {ground}", m.name);
    }
}

/// Y extent `(min, max)` of ROB segment `name`'s model, map units.
fn y_extent(map: &str, name: &str) -> (i32, i32) {
    let seg = rob(map).find(name.as_bytes()).unwrap();
    assert_eq!(seg.collision_flags(), 0, "{name}");
    let m = seg.model().unwrap();
    let ys: Vec<i32> = m.vertices().map(|v| v[1] / 256).collect();
    (*ys.iter().min().unwrap(), *ys.iter().max().unwrap())
}

#[test]
fn the_tavern_is_the_documented_room() {
    let spec = MAPS.iter().find(|m| m.name == "TAVERN").unwrap();
    let r = rgm(spec);
    let geometry: Vec<(Vec<u8>, [i32; 3], [i32; 9])> = r
        .mpso()
        .iter()
        .map(|s| (model_stem(s.model_name()).to_vec(), s.position(), s.matrix_raw()))
        .collect();
    assert_eq!(geometry.len(), tavern::GEOMETRY.len());
    for ((name, at, matrix), (want, want_at)) in geometry.iter().zip(tavern::GEOMETRY) {
        assert_eq!((name.as_slice(), *at), (want.as_bytes(), want_at));
        assert_eq!(*matrix, super::scene::IDENTITY);
    }
    assert_eq!(y_extent("TAVERN", "FLOOR"), (tavern::FLOOR_Y, 32));
    assert_eq!(y_extent("TAVERN", "WALLW"), (tavern::WALL_TOP_Y, 0));
    assert_eq!(y_extent("TAVERN", "LANDING"), (tavern::LANDING_Y, 0));
    assert_eq!(y_extent("TAVERN", "STAIRS"), (tavern::STAIRS_TOP_Y, 0));
    assert_eq!((tavern::TOP_TREAD_Z, tavern::LANDING_Z.0), ((8640, 8688), 8688));
    assert_eq!(r.mpmk().get(0).unwrap().position, tavern::MARKER_ENTRY);
    assert_eq!(r.mpmk().get(1).unwrap().position, tavern::MARKER_WALL_RUN);
    // Nothing placed stands east of the west strip, where the markers' walks go.
    for o in r.mpob().iter() {
        assert!(o.position()[0] < tavern::KEEP_CLEAR[0], "{:?}", o.position());
    }
    // The floor's top face spans the room at Y 0, facing up.
    let floor = rob("TAVERN").find(b"FLOOR").unwrap().model().unwrap();
    let xs: Vec<i32> = floor.vertices().map(|v| v[0] / 256 + tavern::FLOOR_AT[0]).collect();
    assert_eq!((*xs.iter().min().unwrap(), *xs.iter().max().unwrap()), (tavern::ROOM_MIN, tavern::ROOM_MAX));
}

/// Counts of one map: objects, definitions, statics, flats, lights, ropes, markers, RAAN
/// entries, walk maps, walk nodes.
fn counts(r: &Rgm<'_>) -> [usize; 10] {
    let nodes: u32 = r.wdnm().walk_maps().map(|m| m.node_count()).sum();
    [
        r.mpob().len(),
        r.actors().count(),
        r.mpso().len(),
        r.mpsf().len(),
        r.mpsl().len(),
        r.mprp().len(),
        r.mpmk().len(),
        r.actors().map(|a| a.raan_entries().count()).sum(),
        r.wdnm().len(),
        nodes as usize,
    ]
}

#[test]
fn the_maps_come_near_the_public_totals() {
    let mut total = [0usize; 10];
    for m in &MAPS {
        let c = counts(&rgm(m));
        println!("{:<9} {c:?}", m.name);
        for (t, v) in total.iter_mut().zip(c) {
            *t += v;
        }
    }
    println!("total     {total:?}");
    // Public totals (objects, statics, flats, lights, markers, RAAN, walk maps, nodes) and
    // the ropes, which are few enough that a handful is the margin.
    let public = [(0, 3147), (2, 4161), (3, 956), (4, 1925), (6, 215), (7, 1107), (8, 108), (9, 4323)];
    for (k, want) in public {
        let got = total[k] as f64;
        assert!((got - want as f64).abs() <= 0.1 * want as f64, "count {k}: {got} vs {want}");
    }
    assert!((24..=34).contains(&total[5]), "ropes {}", total[5]);
    assert!(MAPS.iter().all(|m| rgm(m).wdnm().len() <= 256));
}

#[test]
fn the_install_is_deterministic() {
    let again: BTreeMap<String, Vec<u8>> = layout().into_iter().collect();
    assert!(again == *files());
}

#[test]
fn the_catalog_table_matches_the_maps() {
    for w in &catalog::WORLDS {
        let file = w.map.replace('\\', "/").to_ascii_uppercase();
        assert!(MAPS.iter().any(|m| m.file.to_ascii_uppercase() == file), "world {}", w.id);
    }
}
