//! The retail-shaped install (`stros-tools gen-install --retail`): the island at the real
//! install's counts loads in the desktop build with its flats, lights and ropes; the tavern,
//! an interior without terrain, carries Cyrus up its stairs and along its wall on statics
//! alone.

use std::path::PathBuf;
use std::sync::OnceLock;

use stros_core::formats::rgm::Rgm;
use stros_core::input::{Action, Input};
use stros_host::{FileArgs, Opened};
use stros_tools::world::retail::tavern;

/// The install, written once for the whole test binary (under the target directory's
/// scratch space, rewritten by each run).
fn install() -> &'static PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("retail-install");
        let _ = std::fs::remove_dir_all(&dir);
        stros_tools::world::retail::write(&dir).unwrap();
        dir
    })
}

fn world(n: u16, marker: usize) -> Opened {
    let args = FileArgs {
        data: Some(install().clone()),
        world: Some(n),
        marker: Some(marker),
        ..FileArgs::default()
    };
    Opened::open("test", &args).unwrap()
}

#[test]
fn the_island_loads_at_the_real_counts_with_its_flats_lights_and_ropes() {
    let o = world(1, 0);
    let s = o.session().unwrap();
    let w = &s.world;
    // 972 MPOB objects, each an actor, and the player pair.
    assert_eq!((w.rgm().mpob().len(), w.actors().len()), (972, 974));
    assert_eq!((w.rgm().actors().count(), w.statics().placements().len()), (268, 1_691));
    assert!(w.missing_models().is_empty(), "{:?}", w.missing_models());
    // Every retail `.3D` name found its model by its stem.
    let suffixed: Vec<_> = w
        .actors()
        .iter()
        .filter_map(|a| a.placement)
        .filter(|&k| w.rgm().mpob().get(k as usize).is_some_and(|r| r.model_name().contains(&b'.')))
        .collect();
    assert!(suffixed.len() >= 500, "{}", suffixed.len());
    let unmodelled = w
        .actors()
        .iter()
        .filter(|a| a.placement.is_some_and(|k| suffixed.contains(&k)) && w.actor_model(a).is_none());
    assert_eq!(unmodelled.count(), 0);
    // The flats: all 576, each with FLAT's draw inputs (flags 0 in the generator's records:
    // base flags 1; stored alpha 255 gives the input 256).
    assert_eq!(w.flats().count(), 576);
    assert!(w.flats().all(|(_, d)| d.flags == 1 && d.alpha == 256));
    // The lights the loader selects: active 1 and world 1, counted here from the bytes
    // ({D:formats/RGM.md} "MPSL (Lights)": world_id u32 at 0x04, active byte at 0x1F).
    let bytes = std::fs::read(install().join("maps/ISLAND.RGM")).unwrap();
    let rgm = Rgm::new_checked(&bytes).unwrap().mpsl();
    let by_hand = |id: u32| {
        rgm.iter()
            .filter(|l| l.raw()[0x1F] == 1 && u32::from_le_bytes(l.raw()[4..8].try_into().unwrap()) == id)
            .count()
    };
    assert_eq!(w.lights().count(), by_hand(1));
    assert_eq!((by_hand(1), by_hand(27), by_hand(28)), (630, 40, 20));
    let o27 = world(27, 0);
    assert_eq!(o27.session().unwrap().world.lights().count(), 40);
    assert_eq!(w.rope_records().count(), 10);
    assert!(w.rope_records().all(|r| r.rope_model() == b"ROPELINK"));
}

/// Cyrus's height standing on a surface at map Y `surface` ({M} "Startup ground settling"
/// and the ordinary support): `(surface − positive Y extent + standing_height) × 256`, with
/// the island's CYRUS bounds (MPSZ positive Y extent 62) and the installed
/// `standing_height` −2.
const fn standing_on(surface: i32) -> i32 {
    (surface - 62 - 2) * 256
}

#[test]
fn cyrus_walks_up_the_tavern_stairs_on_statics_alone() {
    let o = world(tavern::WORLD, 0);
    let mut s = o.session().unwrap();
    assert!(!s.world.has_terrain());
    let cyrus = s.world.selected_player().unwrap();
    assert_eq!((cyrus.bounds.positive[1], s.world.config().standing_height), (62, -2));
    // Marker 0, on the floor at Y 0 in front of the stairs.
    assert_eq!(
        cyrus.position,
        [tavern::MARKER_ENTRY[0] * 256, standing_on(tavern::FLOOR_Y), tavern::MARKER_ENTRY[2] * 256]
    );
    let mut ys = Vec::new();
    for k in 0..120 {
        s.step(&Input::with(&[Action::Up]), k, None);
        let p = s.world.selected_player().unwrap().position;
        ys.push((p[2] >> 8, p[1]));
    }
    // Up the six 26-high steps onto the landing at Y −156: 156 × 256 higher than on the
    // floor, and never lower than the floor nor higher than the landing on the way.
    let (z, y) = *ys.last().unwrap();
    assert_eq!(y, standing_on(tavern::LANDING_Y));
    assert_eq!(y - standing_on(tavern::FLOOR_Y), -156 * 256);
    assert!(z > tavern::LANDING_Z.0 && z < tavern::ROOM_MAX, "{z}");
    assert!(
        ys.iter().all(|&(_, y)| y <= standing_on(tavern::FLOOR_Y) && y >= standing_on(tavern::LANDING_Y))
    );
    // Each step's tread was stood on: some update's height is each of the six treads.
    for k in 1..=tavern::STEPS {
        let tread = standing_on(tavern::FLOOR_Y - k * tavern::STEP_RISE);
        assert!(ys.iter().any(|&(_, y)| y == tread), "tread {k}");
    }
}

#[test]
fn cyrus_runs_along_the_tavern_wall() {
    // Marker 1, on the floor 416 west of the east wall (X 9,216), facing heading 1792:
    // between +X (1536) and +Z (0), into the wall at 45°.
    let text = format!(
        "world = \"{}\"\nworld_index = {}\nmarker = 1\nheading = 1792\n\n[[update]]\nbios = 1\nkeys = [\"up\"]\nrepeat = 90\n",
        install().display(),
        tavern::WORLD
    );
    let o = Opened::scenario_text(text, &install().join("wall.toml")).unwrap();
    let mut s = o.session().unwrap();
    let start = s.world.selected_player().unwrap().position;
    assert_eq!((start[0] >> 8, start[2] >> 8), (tavern::MARKER_WALL_RUN[0], tavern::MARKER_WALL_RUN[2]));
    let mut path = Vec::new();
    while let Some(u) = s.next_recorded() {
        s.step(&u.input, u.bios, u.scale);
        path.push(s.world.selected_player().unwrap().position);
    }
    let east = tavern::ROOM_MAX * 256;
    // The wall stops him short of its face by his width (MPSZ half-width 24 on X), and he
    // stays on the floor all the way.
    assert!(path.iter().all(|p| p[0] <= east - 24 * 256 && p[1] == standing_on(tavern::FLOOR_Y)));
    // Once against it he slides along it: X stays at the wall while Z keeps growing.
    let touched = path.iter().position(|p| p[0] > east - 48 * 256).expect("he reached the wall");
    let (at, end) = (path[touched], *path.last().unwrap());
    assert!(end[2] - at[2] > 400 * 256, "slid {} map units", (end[2] - at[2]) >> 8);
    assert!(path[touched..].iter().all(|p| p[0] > east - 48 * 256));
}
