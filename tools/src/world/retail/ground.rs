//! What a retail map stands on, and where on it things may go: a WLD terrain (the heights
//! the engine will sample, through `stros_core::terrain::sample`, at the world's
//! `world_scapeshift`) or the floor of an interior's rooms; random standing places on it
//! from a fixed-seed generator, kept clear of the markers and of one another.

use stros_core::formats::wld::Wld;
use stros_core::terrain::{self, Decoded};

use super::models::TILE;
use crate::world::art::Noise;

/// The island's middle in map units (the embedded terrain's centre cell, 256 units each).
pub const ISLAND_CENTRE: [i32; 2] =
    [crate::world::terrain::CENTRE.0 * terrain::CELL, crate::world::terrain::CENTRE.1 * terrain::CELL];
/// How far from [`ISLAND_CENTRE`] land can be (the coast is at most 67 cells out).
const ISLAND_REACH: i32 = 67 * terrain::CELL;
/// Lowest height index that is dry land above the beach.
const LAND_INDEX: u8 = 3;
/// Steepest ground a placement stands on: its normal's Y at most this (× 256, negative is
/// up): about 30 degrees.
const FLAT_ENOUGH: i32 = -222;
/// How far inside a room's walls a placement keeps.
const WALL_MARGIN: i32 = 120;
/// Tries for a free place before a placement settles for any valid ground.
const TRIES: usize = 300;

/// A WLD terrain at a world's `world_scapeshift`.
#[derive(Clone, Debug)]
pub struct Terrain {
    bytes: Vec<u8>,
    scapeshift: i32,
}

impl Terrain {
    /// The terrain of WLD `bytes` at `scapeshift`.
    ///
    /// # Panics
    /// When the bytes are not a WLD.
    pub fn new(bytes: Vec<u8>, scapeshift: i32) -> Terrain {
        Wld::new_checked(&bytes).expect("a generated WLD");
        Terrain { bytes, scapeshift }
    }

    fn decoded(&self) -> Decoded<'_> {
        Decoded::new(Wld::new_unchecked(&self.bytes), self.scapeshift)
    }

    /// The ground's height at map `(x, z)` (Y down), as the engine samples it.
    pub fn height(&self, x: i32, z: i32) -> i32 {
        terrain::sample(&self.decoded(), x, z).height.round() as i32
    }

    /// Whether `(x, z)` is dry land flat enough to stand on.
    pub fn standable(&self, x: i32, z: i32) -> bool {
        let (i, j) = terrain::cell_of(x, z);
        let wld = Wld::new_unchecked(&self.bytes);
        let dry = [(i, j), (i + 1, j), (i, j - 1), (i + 1, j - 1)]
            .iter()
            .all(|&(a, b)| wld.height_index(a, b).is_some_and(|h| h >= LAND_INDEX));
        dry && terrain::sample(&self.decoded(), x, z).normal[1] <= FLAT_ENOUGH
    }

    /// Whether `(x, z)` is open sea (every corner of its cell at height index 0).
    pub fn sea(&self, x: i32, z: i32) -> bool {
        let (i, j) = terrain::cell_of(x, z);
        let wld = Wld::new_unchecked(&self.bytes);
        [(i, j), (i + 1, j), (i, j - 1), (i + 1, j - 1)]
            .iter()
            .all(|&(a, b)| wld.height_index(a, b) == Some(0))
    }
}

/// An interior's floor: `tiles` slabs one [`TILE`] square in a grid, the first centred on
/// `origin` (whose Y is the floor's top), the others toward +X and +Z.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rooms {
    /// Centre of the first tile's top.
    pub origin: [i32; 3],
    /// Tiles along X and Z.
    pub tiles: (i32, i32),
}

impl Rooms {
    /// `[x0, z0, x1, z1]` of the whole floor.
    pub fn bounds(&self) -> [i32; 4] {
        let h = TILE / 2;
        let [x, _, z] = self.origin;
        [x - h, z - h, x - h + TILE * self.tiles.0, z - h + TILE * self.tiles.1]
    }

    /// The centre of tile `(i, k)`'s top.
    pub fn tile(&self, i: i32, k: i32) -> [i32; 3] {
        [self.origin[0] + TILE * i, self.origin[1], self.origin[2] + TILE * k]
    }
}

/// What a map stands on.
#[derive(Clone, Debug)]
pub enum Ground {
    /// Outdoors, on a terrain.
    Terrain(Terrain),
    /// Indoors, on floor slabs.
    Rooms(Rooms),
}

impl Ground {
    /// The standing height at `(x, z)`.
    pub fn y(&self, x: i32, z: i32) -> i32 {
        match self {
            Ground::Terrain(t) => t.height(x, z),
            Ground::Rooms(r) => r.origin[1],
        }
    }

    /// Whether something may stand at `(x, z)`, `margin` clear of any wall.
    fn standable(&self, x: i32, z: i32, margin: i32) -> bool {
        match self {
            Ground::Terrain(t) => t.standable(x, z),
            Ground::Rooms(r) => {
                let [x0, z0, x1, z1] = r.bounds();
                let m = WALL_MARGIN + margin;
                x > x0 + m && x < x1 - m && z > z0 + m && z < z1 - m
            }
        }
    }

    /// A point anywhere the ground could be (not yet checked).
    fn anywhere(&self, rng: &mut Noise) -> [i32; 2] {
        match self {
            Ground::Terrain(_) => {
                let r = ISLAND_REACH as u32;
                let [cx, cz] = ISLAND_CENTRE;
                [cx - r as i32 + rng.below(2 * r) as i32, cz - r as i32 + rng.below(2 * r) as i32]
            }
            Ground::Rooms(r) => {
                let [x0, z0, x1, z1] = r.bounds();
                [x0 + rng.below((x1 - x0) as u32) as i32, z0 + rng.below((z1 - z0) as u32) as i32]
            }
        }
    }
}

/// A circle nothing else may overlap: `(x, z, radius)`.
pub type Keepout = ([i32; 2], i32);

/// Random standing places on a ground, clear of what is kept out.
pub struct Sites<'g> {
    /// The ground.
    pub ground: &'g Ground,
    /// The generator.
    pub rng: Noise,
    /// Circles kept clear: the markers' surroundings and the big placements so far.
    pub keepout: Vec<Keepout>,
    /// Rectangles `[x0, z0, x1, z1]` kept clear (a test's path, say).
    pub lanes: Vec<[i32; 4]>,
    /// Where things gather (villages outdoors): `(centre, radius)`.
    pub clusters: Vec<Keepout>,
}

impl<'g> Sites<'g> {
    /// Sites on `ground` from a generator seeded with `seed`.
    pub fn new(ground: &'g Ground, seed: u32) -> Sites<'g> {
        Sites { ground, rng: Noise::new(seed), keepout: Vec::new(), lanes: Vec::new(), clusters: Vec::new() }
    }

    /// Whether a placement `footprint` wide at `p` keeps out of every circle kept clear.
    fn free(&self, p: [i32; 2], footprint: i32) -> bool {
        self.keepout.iter().all(|&(c, r)| {
            let (dx, dz) = ((p[0] - c[0]) as i64, (p[1] - c[1]) as i64);
            dx * dx + dz * dz > ((r + footprint) as i64).pow(2)
        })
    }

    /// Whether a placement `footprint` wide at `p` keeps off every lane.
    fn off_lanes(&self, p: [i32; 2], footprint: i32) -> bool {
        self.lanes.iter().all(|l| {
            p[0] + footprint < l[0]
                || p[0] - footprint > l[2]
                || p[1] + footprint < l[1]
                || p[1] - footprint > l[3]
        })
    }

    fn candidate(&mut self, clustered: bool) -> [i32; 2] {
        if clustered && !self.clusters.is_empty() {
            let (c, r) = self.clusters[self.rng.below(self.clusters.len() as u32) as usize];
            let r = r.max(1) as u32;
            [c[0] - r as i32 + self.rng.below(2 * r) as i32, c[1] - r as i32 + self.rng.below(2 * r) as i32]
        } else {
            self.ground.anywhere(&mut self.rng)
        }
    }

    /// A standing place `footprint` wide (radius), near a cluster when `clustered`, clear
    /// of the lanes and of every circle kept out; after many tries, any standable place off
    /// the lanes. Big placements (`keep`) are kept out of later ones.
    pub fn spot(&mut self, clustered: bool, footprint: i32, keep: bool) -> [i32; 3] {
        let mut fallback = None;
        for attempt in 0..TRIES {
            let p = self.candidate(clustered && attempt < TRIES / 2);
            if !self.ground.standable(p[0], p[1], footprint) || !self.off_lanes(p, footprint) {
                continue;
            }
            if self.free(p, footprint) {
                if keep {
                    self.keepout.push((p, footprint));
                }
                return [p[0], self.ground.y(p[0], p[1]), p[1]];
            }
            fallback.get_or_insert(p);
        }
        let p = fallback.unwrap_or_else(|| self.clusters.first().map_or([0, 0], |c| c.0));
        [p[0], self.ground.y(p[0], p[1]), p[1]]
    }

    /// A point of open sea near the coast: out from the island's middle along a random
    /// bearing to the first sea, then `beyond` further.
    pub fn offshore(&mut self, beyond: i32) -> [i32; 3] {
        let Ground::Terrain(t) = self.ground else { return [0; 3] };
        let a = self.rng.below(2048) as f64 * std::f64::consts::PI / 1024.0;
        let (dx, dz) = (libm::cos(a), libm::sin(a));
        let [cx, cz] = ISLAND_CENTRE;
        let at = |r: f64| [cx + (dx * r) as i32, cz + (dz * r) as i32];
        let mut r = 1024.0;
        while r < ISLAND_REACH as f64 + 4096.0 && !t.sea(at(r)[0], at(r)[1]) {
            r += 128.0;
        }
        let p = at(r + beyond as f64);
        [p[0], 0, p[1]]
    }

    /// A heading, 2048 a turn, in steps of `step`.
    pub fn heading(&mut self, step: u32) -> i32 {
        (self.rng.below(2048 / step.max(1)) * step) as i32
    }

    /// Picks `n` cluster centres `radius` wide on standable ground, apart from each other,
    /// after `fixed` ones.
    pub fn pick_clusters(&mut self, fixed: &[[i32; 2]], n: usize, radius: i32) {
        self.clusters.extend(fixed.iter().map(|&c| (c, radius)));
        let mut tries = 0;
        while self.clusters.len() < fixed.len() + n && tries < 10_000 {
            tries += 1;
            let p = self.ground.anywhere(&mut self.rng);
            let apart = self.clusters.iter().all(|(c, _)| {
                let (dx, dz) = ((p[0] - c[0]) as i64, (p[1] - c[1]) as i64);
                dx * dx + dz * dz > (2 * radius as i64).pow(2)
            });
            if apart && self.ground.standable(p[0], p[1], 0) {
                self.clusters.push((p, radius));
            }
        }
    }
}
