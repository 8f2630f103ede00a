//! The 27 maps of the retail install, what each stands on and how much it holds.
//!
//! ISLAND has the public counts of the real one exactly (972 objects, 268 definitions,
//! 1,691 statics, 576 flats). The others are sized so that all 27 come near the public
//! totals (3,147 objects, 4,161 statics, 956 flats, 1,925 lights, 29 ropes, 215 markers,
//! 1,107 RAAN entries, 108 walk maps of 4,323 nodes): each has a size (its objects), and
//! its other counts follow from it ([`plan_for`]).

use super::cast::Templates;
use super::ground::{Ground, Rooms, Sites, Terrain};
use super::models::TILE;
use super::populate::{self, Plan};
use super::scene::{IDENTITY, Scene};
use super::tavern;
use crate::world::village::PLATEAU_Y;

/// What a map stands on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The island: [`island_plan`] on `ISLAND.WLD`.
    Island,
    /// The tavern ([`tavern`]).
    Tavern,
    /// Outdoors on a terrain, at a `world_scapeshift`.
    Outdoor {
        /// Its WLD file.
        wld: &'static str,
        /// The offset its world decodes the heights with.
        scapeshift: i32,
    },
    /// Indoors: rooms of floor slabs and walls, the first tile centred on `origin`.
    Interior {
        /// The first tile's top centre.
        origin: [i32; 3],
    },
}

/// One map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MapSpec {
    /// The map's name (its RGM and ROB are `<NAME>.RGM`, `<NAME>.ROB`).
    pub name: &'static str,
    /// The RGM's path in the install, in the install's mixed case.
    pub file: &'static str,
    /// The world whose lights it holds (the first catalog world on it; the hideout's
    /// terrain world for HIDEOUT, which no world names).
    pub world: u16,
    /// Placed objects, from which its other counts follow.
    pub size: usize,
    /// What it stands on.
    pub kind: Kind,
}

/// Where an interior's first room is, when it has no terrain under it.
pub const INTERIOR_ORIGIN: [i32; 3] = [8192, 0, 8192];
/// The hideout interior sits on the hideout terrain's plateau (which its terrain keeps at
/// the island's height, −240), its floor level with the ground.
pub const HIDEINT_ORIGIN: [i32; 3] = [35000, PLATEAU_Y, 31000];
/// Where the outdoor maps' marker 0 is: the island's plateau, which every terrain keeps
/// flat.
pub const OUTDOOR_ENTRY: [i32; 2] = [35000, 30600];

const fn outdoor(
    name: &'static str,
    file: &'static str,
    world: u16,
    size: usize,
    wld: &'static str,
) -> MapSpec {
    MapSpec { name, file, world, size, kind: Kind::Outdoor { wld, scapeshift: 0 } }
}

const fn inside(name: &'static str, file: &'static str, world: u16, size: usize) -> MapSpec {
    MapSpec { name, file, world, size, kind: Kind::Interior { origin: INTERIOR_ORIGIN } }
}

/// The maps, with their files' spelling in the install.
pub const MAPS: [MapSpec; 27] = [
    outdoor("START", "maps/start.rgm", 0, 160, "HIDEOUT.WLD"),
    MapSpec { name: "ISLAND", file: "maps/ISLAND.RGM", world: 1, size: 972, kind: Kind::Island },
    inside("CATACOMB", "maps/catacomb.rgm", 2, 140),
    inside("PALACE", "maps/PALACE.RGM", 3, 136),
    inside("CAVERNS", "maps/caverns.rgm", 4, 110),
    inside("OBSERVE", "maps/Observe.rgm", 5, 70),
    MapSpec {
        name: "NECRISLE",
        file: "maps/necrisle.rgm",
        world: 6,
        size: 240,
        kind: Kind::Outdoor { wld: "NECRISLE.WLD", scapeshift: super::catalog::NECRISLE_SCAPESHIFT },
    },
    inside("NECRTOWR", "maps/NECRTOWR.RGM", 7, 80),
    inside("DRINT", "maps/drint.rgm", 8, 90),
    inside("JAILINT", "maps/JailInt.rgm", 11, 60),
    inside("TEMPLE", "maps/temple.rgm", 12, 70),
    inside("MGUILD", "maps/MGUILD.RGM", 13, 80),
    inside("VILE", "maps/vile.rgm", 14, 60),
    MapSpec { name: "TAVERN", file: "maps/Tavern.RGM", world: tavern::WORLD, size: 14, kind: Kind::Tavern },
    MapSpec {
        name: "HIDEINT",
        file: "maps/hideint.rgm",
        world: 17,
        size: 50,
        kind: Kind::Interior { origin: HIDEINT_ORIGIN },
    },
    inside("SILVER1", "maps/silver1.rgm", 18, 45),
    inside("SILVER2", "maps/SILVER2.RGM", 19, 45),
    inside("BELLTOWR", "maps/belltowr.rgm", 20, 40),
    inside("HARBTOWR", "maps/HarbTowr.rgm", 21, 45),
    inside("GERRICKS", "maps/gerricks.rgm", 22, 65),
    inside("CARTOGR", "maps/CARTOGR.RGM", 23, 50),
    inside("SMDEN", "maps/smden.rgm", 24, 80),
    inside("ROLLOS", "maps/Rollos.rgm", 25, 45),
    inside("JFFERS", "maps/jffers.rgm", 26, 55),
    inside("BRENNANS", "maps/BRENNANS.RGM", 29, 75),
    outdoor("EXTPALAC", "maps/extpalac.rgm", 30, 170, "ISLAND.WLD"),
    outdoor("HIDEOUT", "maps/HIDEOUT.RGM", 0, 110, "HIDEOUT.WLD"),
];

/// The island's exact counts.
pub mod island {
    /// MPOB objects.
    pub const OBJECTS: usize = 972;
    /// RAHD definitions (CYRUS, GREMLIN and 266 others).
    pub const DEFINITIONS: usize = 268;
    /// MPSO statics.
    pub const STATICS: usize = 1691;
    /// MPSF flats.
    pub const FLATS: usize = 576;
    /// Actors once the player pair enters: every object has a definition.
    pub const ACTORS: usize = OBJECTS + 2;
}

/// The island's plan: 972 objects (342 townsfolk of 126 definitions, 560 props of 100, 40
/// flags of 20, 30 buoys of 20), 1,691 statics, 576 flats, 700 lights (630 of world 1, 40
/// of world 27, 20 of world 28, 10 inactive), 10 ropes, 60 markers, 30 walk maps of 40
/// nodes.
pub fn island_plan() -> Plan {
    Plan {
        npcs: (342, 126),
        props: (560, 100),
        flags: (40, 20),
        buoys: (30, 20),
        statics: island::STATICS,
        flats: island::FLATS,
        lights: vec![(1, 630, true), (27, 40, true), (28, 20, true), (1, 10, false)],
        ropes: 10,
        markers: 60,
        walks: (30, 40),
    }
}

/// A map's counts from its size: about a third townsfolk (four definitions for every
/// five), a twentieth flags and outdoors a twenty-fifth buoys, the rest props (a
/// definition for every three); statics 8/7 of the size (an interior's floors and walls
/// among them), flats 7/40, lights 9/16, a rope per 80 (and one more outdoors), 4 + size/30
/// markers, three walk
/// maps of 40 nodes.
pub fn plan_for(spec: &MapSpec, room_pieces: usize) -> Plan {
    let size = spec.size;
    let outdoors = matches!(spec.kind, Kind::Outdoor { .. });
    let npcs = size * 35 / 100;
    let flags = size * 5 / 100;
    let buoys = if outdoors { size / 25 } else { 0 };
    let props = size - npcs - flags - buoys;
    let lights = size * 9 / 16;
    let inactive = size / 40;
    let world = spec.world as u32;
    Plan {
        npcs: (npcs, (npcs * 4 / 5).max(1)),
        props: (props, (props / 3).max(1)),
        flags: (flags, flags.div_ceil(2)),
        buoys: (buoys, buoys.div_ceil(3)),
        statics: (size * 8 / 7).saturating_sub(room_pieces),
        flats: size * 7 / 40,
        lights: vec![(world, lights - inactive, true), (world, inactive, false)],
        ropes: size / 80 + usize::from(outdoors),
        markers: 4 + size / 30,
        walks: (3, 40),
    }
}

/// A seed from a map's name (FNV-1a), so each map has its own layout.
fn seed(name: &str) -> u32 {
    name.bytes().fold(0x811c_9dc5u32, |h, b| (h ^ b as u32).wrapping_mul(0x0100_0193))
}

/// The rooms of an interior of `size` objects: about 30 objects a tile, as square as
/// whole tiles make it.
fn rooms_for(size: usize, origin: [i32; 3]) -> Rooms {
    let tiles = size.div_ceil(30).max(1);
    let nx = (tiles as f64).sqrt().ceil() as usize;
    Rooms { origin, tiles: (nx as i32, tiles.div_ceil(nx) as i32) }
}

/// Places an interior's floor slabs and the walls round them; returns how many.
fn build_rooms(scene: &mut Scene, rooms: &Rooms) -> usize {
    let (nx, nz) = rooms.tiles;
    let [x0, z0, x1, z1] = rooms.bounds();
    let before = scene.rgm.mpso.len();
    for k in 0..nz {
        for i in 0..nx {
            scene.place("FLOOR", rooms.tile(i, k), IDENTITY);
        }
    }
    let y = rooms.origin[1];
    for i in 0..nx {
        let x = rooms.tile(i, 0)[0];
        scene.place("WALLS", [x, y, z0], IDENTITY);
        scene.place("WALLN", [x, y, z1], IDENTITY);
    }
    for k in 0..nz {
        let z = rooms.tile(0, k)[2];
        scene.place("WALLW", [x0, y, z], IDENTITY);
        scene.place("WALLE", [x1, y, z], IDENTITY);
    }
    scene.rgm.mpso.len() - before
}

/// The terrains by file, as bytes.
pub type Terrains = Vec<(&'static str, Vec<u8>)>;

fn terrain(terrains: &Terrains, wld: &str, scapeshift: i32) -> Terrain {
    let bytes = terrains.iter().find(|(n, _)| *n == wld).map(|(_, b)| b.clone()).expect("a generated WLD");
    Terrain::new(bytes, scapeshift)
}

/// Map `spec`'s scene.
pub fn scene(spec: &MapSpec, templates: &Templates, terrains: &Terrains) -> Scene {
    match spec.kind {
        Kind::Tavern => tavern::scene(templates),
        Kind::Island => {
            let ground = Ground::Terrain(terrain(terrains, "ISLAND.WLD", 0));
            on_terrain(spec, templates, &ground, &island_plan(), (11, 2400), true)
        }
        Kind::Outdoor { wld, scapeshift } => {
            let ground = Ground::Terrain(terrain(terrains, wld, scapeshift));
            on_terrain(spec, templates, &ground, &plan_for(spec, 0), (5, 1800), false)
        }
        Kind::Interior { origin } => {
            let rooms = rooms_for(spec.size, origin);
            let mut scene = Scene::new(templates, false);
            let pieces = build_rooms(&mut scene, &rooms);
            let ground = Ground::Rooms(rooms);
            let mut sites = Sites::new(&ground, seed(spec.name));
            let entry = [origin[0], origin[1], origin[2] - TILE / 4];
            populate::fill(&mut scene, &mut sites, templates, &plan_for(spec, pieces), entry);
            scene
        }
    }
}

/// An outdoor map: marker 0 on the plateau, `clusters.0` villages `clusters.1` wide
/// besides the plateau's, everything else from `plan`. The island alone has `GREMLIN`.
fn on_terrain(
    spec: &MapSpec,
    templates: &Templates,
    ground: &Ground,
    plan: &Plan,
    clusters: (usize, i32),
    shadow: bool,
) -> Scene {
    let mut scene = Scene::new(templates, shadow);
    let mut sites = Sites::new(ground, seed(spec.name));
    sites.pick_clusters(&[OUTDOOR_ENTRY], clusters.0, clusters.1);
    let [x, z] = OUTDOOR_ENTRY;
    populate::fill(&mut scene, &mut sites, templates, plan, [x, ground.y(x, z), z]);
    scene
}
