//! TAVERN (world 15): an interior built of statics, where Cyrus walks on a floor slab
//! between four walls, up the island's stairs onto a landing. No terrain: everything he
//! stands on is a static. The geometry is fixed here so tests can walk it.
//!
//! Map units; Y points down (up is negative Y); heading 0 faces +Z. Every placement has the
//! identity matrix and ROB collision byte 0.

use super::cast::Templates;
use super::ground::{Ground, Rooms, Sites};
use super::models::{FLOOR_THICKNESS, LANDING_SIZE, TILE, WALL_HEIGHT};
use super::populate::{self, Plan};
use super::scene::{IDENTITY, Scene};

/// The tavern's world in the catalog.
pub const WORLD: u16 = 15;

/// Top of the floor (its bottom is [`FLOOR_THICKNESS`] lower, at Y 32).
pub const FLOOR_Y: i32 = 0;
/// The floor's low X and Z edge (the room is square).
pub const ROOM_MIN: i32 = 7168;
/// The floor's high X and Z edge.
pub const ROOM_MAX: i32 = 9216;
/// The floor's centre: where the floor slab is placed (its origin is its top's centre).
pub const FLOOR_AT: [i32; 3] = [(ROOM_MIN + ROOM_MAX) / 2, FLOOR_Y, (ROOM_MIN + ROOM_MAX) / 2];
/// Height of the walls: they rise from Y 0 to Y −400.
pub const WALL_TOP_Y: i32 = FLOOR_Y - WALL_HEIGHT;
/// The west wall (its face at X = 7168, toward +X), full Z span.
pub const WALL_WEST_AT: [i32; 3] = [ROOM_MIN, FLOOR_Y, FLOOR_AT[2]];
/// The east wall (face at X = 9216, toward −X).
pub const WALL_EAST_AT: [i32; 3] = [ROOM_MAX, FLOOR_Y, FLOOR_AT[2]];
/// The south wall (face at Z = 7168, toward +Z), full X span.
pub const WALL_SOUTH_AT: [i32; 3] = [FLOOR_AT[0], FLOOR_Y, ROOM_MIN];
/// The north wall (face at Z = 9216, toward −Z).
pub const WALL_NORTH_AT: [i32; 3] = [FLOOR_AT[0], FLOOR_Y, ROOM_MAX];

/// Where the island's `STAIRS` stand: the bottom front centre of six steps 26 high and 48
/// deep, 160 wide, climbing toward +Z.
pub const STAIRS_AT: [i32; 3] = [8192, FLOOR_Y, 8400];
/// Rise of one step.
pub const STEP_RISE: i32 = 26;
/// Depth of one step.
pub const STEP_DEPTH: i32 = 48;
/// Steps.
pub const STEPS: i32 = 6;
/// Half the stairs' width.
pub const STAIRS_HALF_WIDTH: i32 = 80;
/// The top tread's height: Y −156.
pub const STAIRS_TOP_Y: i32 = FLOOR_Y - STEPS * STEP_RISE;
/// The top tread's Z span: 8640..8688.
pub const TOP_TREAD_Z: (i32, i32) =
    (STAIRS_AT[2] + (STEPS - 1) * STEP_DEPTH, STAIRS_AT[2] + STEPS * STEP_DEPTH);

/// The landing's top (the top tread's height).
pub const LANDING_Y: i32 = STAIRS_TOP_Y;
/// The landing's X span.
pub const LANDING_X: (i32, i32) = (8112, 8272);
/// The landing's Z span (from the top tread's back edge toward the north wall).
pub const LANDING_Z: (i32, i32) = (8688, 9200);
/// Where the landing is placed: its origin is its base's centre.
pub const LANDING_AT: [i32; 3] = [(LANDING_X.0 + LANDING_X.1) / 2, FLOOR_Y, (LANDING_Z.0 + LANDING_Z.1) / 2];

/// Marker 0: on the floor in front of the stairs, facing them with heading 0.
pub const MARKER_ENTRY: [i32; 3] = [8192, FLOOR_Y, 8000];
/// Marker 1: on the floor near the east (X = 9216) wall, for a run along it.
pub const MARKER_WALL_RUN: [i32; 3] = [8800, FLOOR_Y, 7400];

/// The placed geometry: `(ROB segment, position)`, each with the identity matrix.
pub const GEOMETRY: [(&str, [i32; 3]); 7] = [
    ("FLOOR", FLOOR_AT),
    ("WALLW", WALL_WEST_AT),
    ("WALLE", WALL_EAST_AT),
    ("WALLS", WALL_SOUTH_AT),
    ("WALLN", WALL_NORTH_AT),
    ("STAIRS", STAIRS_AT),
    ("LANDING", LANDING_AT),
];

/// What the tavern's people and props keep out of: everything east of X = 7800, so the walk
/// from marker 0 to the stairs, the stairs and landing, and the run along the east wall
/// stay clear; they stand in the strip along the west wall.
pub const KEEP_CLEAR: [i32; 4] = [7800, ROOM_MIN, ROOM_MAX, ROOM_MAX];

/// The tavern's counts: a few townsfolk and props, lights, flats, two more markers, three
/// walk maps.
fn plan() -> Plan {
    Plan {
        npcs: (4, 3),
        props: (10, 5),
        flags: (0, 0),
        buoys: (0, 0),
        statics: 0,
        flats: 2,
        lights: vec![(WORLD as u32, 10, true), (WORLD as u32, 1, false)],
        ropes: 0,
        markers: 2,
        walks: (3, 24),
    }
}

/// TAVERN.RGM's scene.
pub fn scene(templates: &Templates) -> Scene {
    // The constants above describe the models of `models.rs`: they must agree.
    const _: () = assert!(TILE == ROOM_MAX - ROOM_MIN && LANDING_SIZE[1] == -STAIRS_TOP_Y);
    const _: () = assert!(FLOOR_THICKNESS == 32 && LANDING_SIZE[0] == LANDING_X.1 - LANDING_X.0);
    const _: () = assert!(LANDING_SIZE[2] == LANDING_Z.1 - LANDING_Z.0 && TOP_TREAD_Z.1 == LANDING_Z.0);
    let mut scene = Scene::new(templates, false);
    for (model, at) in GEOMETRY {
        scene.place(model, at, IDENTITY);
    }
    let room = Ground::Rooms(Rooms { origin: FLOOR_AT, tiles: (1, 1) });
    let mut sites = Sites::new(&room, TAVERN_SEED);
    sites.lanes.push(KEEP_CLEAR);
    scene.marker(MARKER_ENTRY, true);
    let plan = plan();
    // Marker 1, then the plan's others in the west strip.
    populate::markers(&mut scene, &mut sites, plan.markers + 1, MARKER_WALL_RUN);
    populate::fill_after_markers(&mut scene, &mut sites, templates, &plan);
    scene
}

/// The tavern's generator seed.
const TAVERN_SEED: u32 = 0x7A7E_0015;
