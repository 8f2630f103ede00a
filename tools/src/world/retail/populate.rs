//! Filling a retail map from a [`Plan`]: its markers, scenery statics, placed objects
//! (townsfolk, props, flags, buoys), flats, lights, ropes and walk maps, at random standing
//! places of its ground ([`Sites`]). Every map but the tavern is made this way; the island
//! with the public counts, the others with smaller ones.

use super::cast::{self, Templates};
use super::ground::{Ground, Sites};
use super::records;
use super::scene::{Object, Scene, yaw_matrix};
use crate::write::rgm::ActorDesc;

/// How clear of scenery a marker's surroundings are kept (map units).
pub const MARKER_CLEAR: i32 = 260;
/// How clear of other markers a marker stands.
const MARKER_FOOTPRINT: i32 = 60;
/// Share of outdoor placements that gather in the clusters (villages), in percent.
const CLUSTERED_PERCENT: u32 = 70;

/// A map's counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Townsfolk placements and their definitions.
    pub npcs: (usize, usize),
    /// Type-1 prop placements and their definitions.
    pub props: (usize, usize),
    /// Flag placements and their definitions.
    pub flags: (usize, usize),
    /// Buoy placements (outdoors, at sea) and their definitions.
    pub buoys: (usize, usize),
    /// Scenery statics (besides an interior's floor and walls).
    pub statics: usize,
    /// Flats.
    pub flats: usize,
    /// Lights: `(world id, count, active)` runs.
    pub lights: Vec<(u32, usize, bool)>,
    /// Ropes.
    pub ropes: usize,
    /// Markers, marker 0 included.
    pub markers: usize,
    /// Walk maps and nodes in each.
    pub walks: (usize, usize),
}

impl Plan {
    /// Placed objects in all.
    pub fn objects(&self) -> usize {
        self.npcs.0 + self.props.0 + self.flags.0 + self.buoys.0
    }
}

/// A scenery static a map may scatter: segment, relative weight, footprint radius.
type Scenery = (&'static str, u32, i32);

/// Outdoors: the village's houses, stairs, ramps, bridges, barrels, crates and plants, and
/// the island's wells, fences, palms, rocks and pillars — a dozen models.
const OUTDOOR: [Scenery; 12] = [
    ("HOUSE", 10, 300),
    ("FENCE", 12, 160),
    ("PALM", 16, 40),
    ("ROCK", 12, 100),
    ("PLANT", 14, 30),
    ("BARREL", 9, 30),
    ("CRATE4", 8, 45),
    ("WELL", 4, 70),
    ("STAIRS", 4, 170),
    ("RAMP", 4, 240),
    ("BRIDGE", 3, 470),
    ("PILLAR", 4, 30),
];

/// Indoors: barrels, crates, pillars, plants and rocks.
const INDOOR: [Scenery; 5] =
    [("BARREL", 30, 30), ("CRATE4", 30, 45), ("PILLAR", 20, 30), ("PLANT", 10, 30), ("ROCK", 10, 100)];

/// Footprints of placed objects.
const NPC_FOOTPRINT: i32 = 24;
const PROP_FOOTPRINT: i32 = 30;

/// Fills `scene` on `sites` after `entry` (marker 0's place) as `plan` says.
pub fn fill(scene: &mut Scene, sites: &mut Sites<'_>, templates: &Templates, plan: &Plan, entry: [i32; 3]) {
    markers(scene, sites, plan.markers, entry);
    fill_after_markers(scene, sites, templates, plan);
}

/// [`fill`] past the markers: what a map whose markers are placed already still needs.
pub fn fill_after_markers(scene: &mut Scene, sites: &mut Sites<'_>, templates: &Templates, plan: &Plan) {
    scenery(scene, sites, plan.statics);
    objects(scene, sites, templates, plan);
    extras(scene, sites, plan);
    walks(scene, sites, plan.walks);
}

/// Marker 0 at `entry`, the others on standable ground; every eighth unusable (aux 0),
/// as shipped maps have some. Each keeps its surroundings clear.
pub fn markers(scene: &mut Scene, sites: &mut Sites<'_>, n: usize, entry: [i32; 3]) {
    scene.marker(entry, true);
    sites.keepout.push(([entry[0], entry[2]], MARKER_CLEAR));
    for k in 1..n {
        let p = sites.spot(true, MARKER_FOOTPRINT, false);
        scene.marker(p, k % 8 != 7);
        sites.keepout.push(([p[0], p[2]], MARKER_CLEAR));
    }
}

fn pick(sites: &mut Sites<'_>, table: &[Scenery]) -> Scenery {
    let total: u32 = table.iter().map(|s| s.1).sum();
    let mut r = sites.rng.below(total);
    for s in table {
        if r < s.1 {
            return *s;
        }
        r -= s.1;
    }
    table[0]
}

/// `n` scenery statics: outdoors clustered in the villages and turned any way, indoors
/// square to the walls.
fn scenery(scene: &mut Scene, sites: &mut Sites<'_>, n: usize) {
    let outdoors = matches!(sites.ground, Ground::Terrain(_));
    let table: &[Scenery] = if outdoors { &OUTDOOR } else { &INDOOR };
    for _ in 0..n {
        let (model, _, footprint) = pick(sites, table);
        let clustered = sites.rng.below(100) < CLUSTERED_PERCENT;
        let p = sites.spot(clustered, footprint, true);
        let heading = if outdoors { sites.heading(16) } else { sites.heading(512) };
        scene.place(model, p, yaw_matrix(heading));
    }
}

/// Adds `defs` to `scene`; returns their names.
fn define_all(scene: &mut Scene, defs: impl Iterator<Item = ActorDesc>) -> Vec<String> {
    defs.map(|d| {
        let name = String::from_utf8_lossy(&d.name).to_string();
        scene.define(d);
        name
    })
    .collect()
}

/// The definitions and their placements: each placement of a kind takes the next
/// definition of that kind in turn.
fn objects(scene: &mut Scene, sites: &mut Sites<'_>, templates: &Templates, plan: &Plan) {
    let (npcs, npc_defs) = plan.npcs;
    let names = define_all(scene, (0..npc_defs).map(|k| templates.npc(k)));
    for k in 0..npcs {
        let def = k % names.len().max(1);
        let p = sites.spot(true, NPC_FOOTPRINT, false);
        let heading = sites.heading(1);
        let model = Templates::npc_model(def);
        scene.object(&Object { kind: 3, script: &names[def], model, is_static: 0, position: p, heading });
    }
    let (props, prop_defs) = plan.props;
    let names = define_all(scene, (0..prop_defs).map(cast::prop));
    for k in 0..props {
        let def = k % names.len().max(1);
        let kind = cast::prop_kind(def);
        if kind.in_rob {
            scene.need(kind.stem);
        }
        let model = cast::mpob_model(kind.stem);
        let p = sites.spot(true, PROP_FOOTPRINT, false);
        let heading = sites.heading(64);
        scene.object(&Object {
            kind: 1,
            script: &names[def],
            model: &model,
            is_static: 1,
            position: p,
            heading,
        });
    }
    placed_actors(scene, sites, templates, plan);
}

/// Flags on the ground, buoys at sea (outdoors only).
fn placed_actors(scene: &mut Scene, sites: &mut Sites<'_>, templates: &Templates, plan: &Plan) {
    let (flags, flag_defs) = plan.flags;
    let names = define_all(scene, (0..flag_defs).map(|k| templates.flag(k)));
    for k in 0..flags {
        let p = sites.spot(true, NPC_FOOTPRINT, false);
        let heading = sites.heading(128);
        let script = &names[k % names.len()];
        scene.object(&Object {
            kind: 1,
            script,
            model: cast::FLAG_MODEL,
            is_static: 0,
            position: p,
            heading,
        });
    }
    let (buoys, buoy_defs) = plan.buoys;
    let names = define_all(scene, (0..buoy_defs).map(|k| templates.buoy(k)));
    for k in 0..buoys {
        let beyond = 200 + sites.rng.below(600) as i32;
        let p = sites.offshore(beyond);
        let script = &names[k % names.len()];
        scene.object(&Object {
            kind: 1,
            script,
            model: cast::BUOY_MODEL,
            is_static: 0,
            position: p,
            heading: 0,
        });
    }
}

/// Flats a little above the ground, lights above head height, ropes hanging from high up.
fn extras(scene: &mut Scene, sites: &mut Sites<'_>, plan: &Plan) {
    for k in 0..plan.flats {
        let p = sites.spot(true, 0, false);
        scene.flat([p[0], p[1] - 48, p[2]], (k % crate::world::models::img::ALL.len()) as u8);
    }
    for &(world, n, active) in &plan.lights {
        for _ in 0..n {
            let p = sites.spot(true, 0, false);
            let radius = 300 + sites.rng.below(400) as i16;
            let rgb = [
                60 + sites.rng.below(60) as i16,
                40 + sites.rng.below(50) as i16,
                20 + sites.rng.below(30) as i16,
            ];
            scene.light(records::light(world, [p[0], p[1] - 220, p[2]], radius, rgb, active));
        }
    }
    for k in 0..plan.ropes {
        let p = sites.spot(true, NPC_FOOTPRINT, false);
        let heading = sites.heading(64);
        let links = 10 + sites.rng.below(6) as i16;
        scene.rope([p[0], p[1] - 360, p[2]], heading, links, k % 2 == 0);
    }
}

/// `walks.0` walk maps of `walks.1` nodes each: rings round the clusters outdoors, round
/// the room tiles indoors, each node joined to its neighbours and every eighth across.
fn walks(scene: &mut Scene, sites: &mut Sites<'_>, walks: (usize, usize)) {
    let (maps, n) = walks;
    for w in 0..maps {
        let (centre, radius) = match sites.ground {
            Ground::Terrain(_) => {
                let (c, r) = sites.clusters[w % sites.clusters.len().max(1)];
                (c, r / 4 + 120 * (w / sites.clusters.len().max(1)) as i32)
            }
            Ground::Rooms(rooms) => {
                let tiles = (rooms.tiles.0 * rooms.tiles.1).max(1) as usize;
                let t = rooms.tile((w % tiles) as i32 % rooms.tiles.0, (w % tiles) as i32 / rooms.tiles.0);
                ([t[0], t[2]], 300 + 120 * (w / tiles % 5) as i32)
            }
        };
        let points: Vec<[i32; 3]> = (0..n)
            .map(|k| {
                let a = k as f64 / n as f64 * std::f64::consts::TAU;
                let (x, z) = (
                    centre[0] + (radius as f64 * libm::cos(a)) as i32,
                    centre[1] + (radius as f64 * libm::sin(a)) as i32,
                );
                [x, sites.ground.y(x, z), z]
            })
            .collect();
        let mut links: Vec<(u16, u16)> = (0..n).map(|k| (k as u16, ((k + 1) % n) as u16)).collect();
        links.extend((0..n / 2).step_by(8).map(|k| (k as u16, (k + n / 2) as u16)));
        scene.walk(&points, &links, radius as u32 + 256);
    }
}
