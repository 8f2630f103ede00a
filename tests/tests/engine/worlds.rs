//! WORLD.INI's worlds ({D:config/world-ini.md}) on the install `stros-tools gen-install`
//! writes (the embedded island as world 1 of its catalog, map ISLAND): a new game starts at
//! the catalog's start world and marker; worlds that share one map and one WLD keep their
//! own palette and `world_scapeshift`; a world without `world_world` has no terrain; retail
//! model names resolve by their stem; and every catalog mistake is one line naming WORLD.INI.

use std::path::{Path, PathBuf};

use stros_core::files::Embedded;
use stros_core::input::{Action, Input};
use stros_core::world::catalog::{self, Choice};
use stros_host::{FileArgs, Opened};
use stros_tools::write::rgm::to_bytes;

fn install(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("stros-worlds-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    stros_tools::world::install::write(&dir).unwrap();
    dir
}

/// Replaces the install's WORLD.INI with `lines` (CRLF, as shipped).
fn catalog_of(dir: &Path, lines: &[&str]) {
    std::fs::write(dir.join("WORLD.INI"), lines.join("\r\n")).unwrap();
}

fn data(dir: &Path) -> FileArgs {
    FileArgs { data: Some(dir.to_path_buf()), ..FileArgs::default() }
}

/// The one line opening `args` fails with, if it fails.
fn open_error(args: &FileArgs) -> Option<String> {
    match Opened::open("test", args) {
        Err(e) => Some(e.to_string()),
        Ok(o) => o.session().err().map(|e| e.to_string()),
    }
}

/// The island as world 1 and again as world 27 on the same map and WLD, at night: its own
/// palette (`3DART\nightsky.COL`, which the install keeps in `fxart/`), a scapeshift of 20
/// and still water; world 12 plays the same map without terrain.
const THREE_WORLDS: &[&str] = &[
    "[world]",
    "start_world=1",
    "start_marker=5",
    "world_map[1]=MAPS\\ISLAND.RGM",
    "world_world[1]=MAPS\\ISLAND.WLD",
    "world_palette[1]=3DART\\ISLAND.COL",
    "world_wave[1]=16,16,1",
    "world_map[27]=MAPS\\island.rgm",
    "world_world[27]=MAPS\\ISLand.WLD",
    "world_palette[27]=3DART\\nightsky.COL",
    "world_scapeshift[27]=20",
    "world_map[12]=maps\\Island.RGM",
    "world_palette[12]=3DART\\island.COL",
];

/// The night palette: the island's with every channel halved.
fn night_palette(dir: &Path) -> Vec<u8> {
    let col = stros_core::formats::col::Col::new_checked(stros_core::embedded::COL).unwrap();
    let rgb = col.to_rgb_array().map(|[r, g, b]| [r / 2, g / 2, b / 2]);
    let bytes = stros_tools::write::col::to_bytes(&stros_tools::write::col::ColDesc { rgb });
    std::fs::write(dir.join("fxart/nightsky.col"), &bytes).unwrap();
    bytes
}

#[test]
fn a_new_game_starts_at_the_catalogs_start_world_and_marker() {
    let dir = install("newgame");
    catalog_of(&dir, THREE_WORLDS);
    let o = Opened::open("test", &data(&dir)).unwrap();
    let s = o.session().unwrap();
    // start_world=1, start_marker=5: marker 5 of ISLAND is the yard, (31,200, −240, 27,400).
    assert_eq!(s.world.world_id(), Some(1));
    let p = s.world.selected_player().unwrap().position;
    assert_eq!((p[0] >> 8, p[2] >> 8), (31_200, 27_400));
    // --marker wins over the start marker: marker 2 is the beach, (32,400, −40, 16,600).
    let o = Opened::open("test", &FileArgs { marker: Some(2), ..data(&dir) }).unwrap();
    let p = o.session().unwrap().world.selected_player().unwrap().position;
    assert_eq!((p[0] >> 8, p[2] >> 8), (32_400, 16_600));
    // The embedded island's own catalog: world 1 at marker 0, the plateau (35,000, 30,600).
    let (spec, marker) = catalog::resolve(&Embedded, Choice::NewGame).unwrap();
    assert_eq!((spec.id, marker, spec.map), (Some(1), Some(0), "MAPS\\HARBOUR.RGM"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn worlds_on_one_wld_keep_their_own_palette_and_scapeshift() {
    let dir = install("shared");
    catalog_of(&dir, THREE_WORLDS);
    let night = night_palette(&dir);
    let world =
        |n: u16| Opened::open("test", &FileArgs { world: Some(n), marker: Some(2), ..data(&dir) }).unwrap();
    let (day, dusk) = (world(1), world(27));
    let (mut day, mut dusk) = (day.session().unwrap(), dusk.session().unwrap());
    assert_eq!((day.world.map(), dusk.world.map()), ("ISLAND", "ISLAND"));
    assert_eq!((day.world.world_id(), dusk.world.world_id()), (Some(1), Some(27)));
    // Each world's palette: world 27's is nightsky.col, each channel of the island's halved.
    let col = stros_core::formats::col::Col::new_checked(&night).unwrap();
    assert_eq!(dusk.palette, stros_core::render::Palette::from_rgb8(&col.to_rgb_array()));
    assert_ne!(dusk.palette, day.palette);
    // {D:formats/WLD.md} "Height Values (Map 1)": a vertex is at `scapeshift − T[b]`, so
    // every vertex of world 27 is 20 lower (Y down) than world 1's.
    use stros_core::terrain::VertexHeights;
    for (i, j) in [(0, 1), (128, 128), (131, 194), (255, 256), (140, 60)] {
        let (a, b) = (day.world.terrain().vertex_y(i, j), dusk.world.terrain().vertex_y(i, j));
        assert_eq!(b - a, 20.0, "vertex ({i}, {j})");
    }
    // Its wave: world 1's 16,16,1; world 27 names none, so its water is still.
    assert_eq!(
        (day.world.wave().amplitude, day.world.wave().speed, day.world.wave().frequency),
        (16.0, 16, 1)
    );
    assert_eq!(dusk.world.wave(), stros_core::terrain::Wave::NONE);
    // Cyrus on the beach (marker 2) stands on the terrain in both: the support's height moves
    // with the terrain, so ({M} "Startup ground settling") his Y, `(height − positive Y
    // extent + standing_height) × 256`, is 20 × 256 lower in world 27.
    let (a, b) = (day.world.selected_player().unwrap(), dusk.world.selected_player().unwrap());
    assert_eq!(b.position[1] - a.position[1], 20 * 256);
    for k in 0..20 {
        day.step(&Input::with(&[Action::Up]), k, None);
        dusk.step(&Input::with(&[Action::Up]), k, None);
    }
    let (a, b) = (day.world.selected_player().unwrap(), dusk.world.selected_player().unwrap());
    assert_eq!(a.support.source, stros_core::collision::support::Source::Terrain);
    assert_eq!(b.support.source, stros_core::collision::support::Source::Terrain);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_world_without_terrain_stands_on_its_statics_alone() {
    let dir = install("interior");
    catalog_of(&dir, THREE_WORLDS);
    let open = |n: u16, marker: usize| {
        Opened::open("test", &FileArgs { world: Some(n), marker: Some(marker), ..data(&dir) }).unwrap()
    };
    let (o1, o12) = (open(1, 4), open(12, 4));
    let (mut with, mut without) = (o1.session().unwrap(), o12.session().unwrap());
    assert!(with.world.has_terrain() && !without.world.has_terrain());
    // Marker 4, the end of the pier: its deck carries him with or without terrain below.
    for k in 0..40 {
        with.step(&Input::NONE, k, None);
        without.step(&Input::NONE, k, None);
    }
    let (a, b) = (with.world.selected_player().unwrap(), without.world.selected_player().unwrap());
    assert_eq!(a.position, b.position);
    assert!(matches!(b.support.source, stros_core::collision::support::Source::Model(_)));
    // Marker 0, the plateau by the village, is terrain: without it nothing holds him up.
    let o = open(12, 0);
    let mut s = o.session().unwrap();
    let y0 = s.world.selected_player().unwrap().position[1];
    for k in 0..60 {
        s.step(&Input::NONE, k, None);
    }
    let y = s.world.selected_player().unwrap().position[1];
    assert!(y - y0 > 200 * 256, "he fell: {} map units", (y - y0) >> 8);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_scenario_and_a_recording_choose_the_world_by_index() {
    let dir = install("scenario");
    catalog_of(&dir, THREE_WORLDS);
    night_palette(&dir);
    let text =
        format!("world = \"{}\"\nworld_index = 27\nmarker = 2\n\n[[update]]\nrepeat = 3\n", dir.display());
    let o = Opened::scenario_text(text, &dir.join("night.toml")).unwrap();
    let s = o.session().unwrap();
    assert_eq!(s.world.world_id(), Some(27));
    // A world by index and a map by name at once is refused on its line.
    let both = "world = \"embedded\"\nmap = \"HARBOUR\"\nworld_index = 1\nmarker = 0\n".to_string();
    let e = Opened::scenario_text(both, &dir.join("both.toml")).unwrap_err().to_string();
    assert!(e.contains("line 3"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn every_catalog_mistake_is_one_line_naming_world_ini() {
    let dir = install("mistakes");
    let long = format!("world_sky[1]={}", "A".repeat(300));
    let cases: [(Vec<&str>, Option<u16>, &str); 6] = [
        (
            vec!["[world]", "start_world=1", "world_map[1]=MAPS\\NOPE.RGM"],
            None,
            "WORLD.INI: world 1's map MAPS\\NOPE.RGM is not in the install",
        ),
        (vec!["[world]", "start_world=4", "world_map[1]=MAPS\\ISLAND.RGM"], None, "WORLD.INI: no world 4"),
        (vec!["[world]", "world_map[1]=MAPS\\ISLAND.RGM"], Some(9), "WORLD.INI: no world 9"),
        (vec!["[world]", "world_map[1]=MAPS\\ISLAND.RGM"], Some(100), "WORLD.INI: no world 100"),
        (
            vec!["[world]", "world_map[1]=MAPS\\ISLAND.RGM", &long],
            Some(1),
            "WORLD.INI: INI line 3: longer than 255 bytes",
        ),
        (
            vec!["[world", "world_map[1]=MAPS\\ISLAND.RGM"],
            Some(1),
            "WORLD.INI: INI line 1: section header without `]`",
        ),
    ];
    for (lines, world, expected) in cases {
        catalog_of(&dir, &lines);
        let err =
            open_error(&FileArgs { world, ..data(&dir) }).unwrap_or_else(|| panic!("{expected}: opened"));
        assert!(err.contains(expected) && !err.contains('\n'), "{err}");
    }
    // Not text.
    std::fs::write(dir.join("WORLD.INI"), b"[world]\r\nworld_map[1]=MAPS\\\xffISLAND.RGM\r\n").unwrap();
    let err = open_error(&data(&dir)).unwrap();
    // "[world]\r\n" is 9 bytes, "world_map[1]=" 13 and "MAPS\\" 5: the 0xFF is byte 27.
    assert!(err.contains("WORLD.INI: byte 27 is not text"), "{err}");
    // No catalog: a map still plays by name, an index cannot be chosen.
    std::fs::remove_file(dir.join("WORLD.INI")).unwrap();
    assert!(open_error(&FileArgs { map: Some("ISLAND".into()), ..data(&dir) }).is_none());
    let err = open_error(&FileArgs { world: Some(1), ..data(&dir) }).unwrap();
    assert!(err.contains("no WORLD.INI") && !err.contains('\n'), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_catalog_lists_every_world() {
    let dir = install("list");
    catalog_of(&dir, THREE_WORLDS);
    let o = Opened::open("test", &data(&dir)).unwrap();
    let list = o.list_worlds().unwrap().unwrap();
    let lines: Vec<&str> = list.lines().collect();
    assert_eq!(lines[0], "start: world 1 at marker 5");
    assert!(
        lines[1].starts_with(" 1  MAPS\\ISLAND.RGM") && lines[1].ends_with("3DART\\ISLAND.COL"),
        "{list}"
    );
    assert!(lines[2].starts_with("12  maps\\Island.RGM") && lines[2].contains(" - "), "{list}");
    assert!(lines[3].starts_with("27  MAPS\\island.rgm") && lines[3].contains("MAPS\\ISLand.WLD"), "{list}");
    assert_eq!(lines.len(), 4);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn retail_model_names_resolve_by_their_stem_and_are_drawn() {
    // The keg is a type-1 placement on the static model path; retail names keep `.3D` (cut
    // to the nine-byte field): `BARREL.3D` finds the ROB's BARREL, `PROP7.3D` a loose
    // PROP7.3D file (the raft's model), `NOSUCH.3D` nothing.
    let frame = |model: &str| {
        let mut desc = stros_tools::world::village::rgm_desc();
        let keg = desc.mpob.iter_mut().find(|m| m.script_name == b"KEG").unwrap();
        keg.model_name = model.as_bytes().to_vec();
        // Ahead and to the side of Cyrus at marker 0 (35,000, −240, 30,600), who faces +Z.
        keg.position = [35_150, -240, 31_100];
        let files = stros_tests::replaced(vec![
            ("HARBOUR.RGM".to_string(), to_bytes(&desc)),
            ("PROP7.3D".to_string(), stros_core::embedded::RAFT_3DC.to_vec()),
        ]);
        let mut s = stros_tests::start(
            files,
            stros_core::embedded::MAP,
            stros_core::config::SystemConfig::installed(),
            Default::default(),
            0,
        )
        .unwrap();
        for k in 0..4 {
            s.step(&Input::NONE, k, None);
        }
        let keg = stros_tests::fixtures::actor_named(&s.world, b"KEG");
        let name = s.world.actor_model(s.world.actor(keg).unwrap()).map(|m| m.name.to_string());
        let mut pixels = vec![0u8; 320 * 200];
        let mut depth = vec![0f32; 320 * 200];
        s.draw(&mut stros_core::render::Framebuffer::new(&mut pixels, 320, 200).unwrap(), &mut depth);
        (name, s.world.missing_models().len(), pixels)
    };
    let (barrel, missing, with_barrel) = frame("BARREL.3D");
    assert_eq!((barrel.as_deref(), missing), (Some("BARREL"), 0));
    let (prop, missing, with_prop) = frame("PROP7.3D");
    assert_eq!((prop.as_deref(), missing), (Some("PROP7"), 0));
    let (none, missing, without) = frame("NOSUCH.3D");
    assert_eq!((none, missing), (None, 1));
    // Drawn: each found model changes the frame; two different models change it differently.
    assert!(with_barrel != without, "the barrel is drawn");
    assert!(with_prop != without, "the prop is drawn");
    assert!(with_barrel != with_prop, "each its own model");
}

/// The embedded catalog's world 2, the fisher's hut at night (`stros_tools::world::hut`):
/// an interior (no WLD, no sky) with its own palette, lit by its own two map lights.
#[test]
fn the_hut_at_night_is_world_two_lit_by_its_own_lights() {
    use stros_core::world::catalog::{Choice, resolve};
    use stros_tools::world::hut;
    let (spec, _) = resolve(&stros_core::files::Embedded, Choice::Index(2)).unwrap();
    assert_eq!((spec.id, spec.map, spec.sky), (Some(2), "MAPS\\HUTINT.RGM", None));
    let installed = stros_core::config::SystemConfig::installed();
    let s = Box::new(
        stros_tests::start_world(&stros_core::files::Embedded, &spec, installed, Default::default(), 0)
            .unwrap(),
    );
    assert!(!s.world.has_terrain());
    assert_eq!(s.world.statics().placements().len(), 3);
    // MPSL selection by world: both of the hut's records name world 2 (the island's name 1).
    let lights: Vec<[i32; 3]> = s.world.lights().map(|l| l.position()).collect();
    assert_eq!(
        lights,
        [[hut::LAMP[0], hut::LAMP[1] + 20, hut::LAMP[2]], [hut::AT[0] - 120, -120, hut::AT[2] + 100]]
    );
    // Night: ambient (20 + 22 + 34) / 3, no sun; no sky, no sun disc; the frame filled with
    // the palette entry nearest world_fogrgb (6, 6, 12).
    assert_eq!((s.look.light.ambient, s.look.light.sun), (76.0 / 3.0, 0.0));
    assert!(s.look.sky.is_none() && s.look.sun.is_none());
    assert_eq!(s.look.background, Some(s.palette.nearest([6, 6, 12])));
    // Its palette is its own: the island's warmed (entry 200: green × 7/8, blue × 5/8).
    let island = stros_tools::world::art::palette()[200];
    let warm = [island[0], ((island[1] as u32 * 7 / 8) as u8) & !3, ((island[2] as u32 * 5 / 8) as u8) & !3];
    let xrgb = s.palette.xrgb(200);
    let got = [(xrgb >> 16) as u8, (xrgb >> 8) as u8, xrgb as u8];
    // The COL's six-bit channels read back as value × 255 / 63 or value × 4: compare the
    // upper six bits.
    assert_eq!(got.map(|c| c >> 2), warm.map(|c| c >> 2));
    // The island (world 1) does not select the hut's lights.
    let (island_spec, _) = resolve(&stros_core::files::Embedded, Choice::Index(1)).unwrap();
    let w = stros_host::World::load_world(
        &stros_core::files::Embedded,
        &island_spec,
        installed,
        Default::default(),
    );
    assert!(w.unwrap().lights().all(|l| l.world_id() == 1));
}
