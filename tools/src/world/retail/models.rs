//! The retail install's models beyond the embedded village's: the pieces interiors are
//! built of (floor slabs, walls, the tavern's landing), more scenery for the island (a well,
//! fences, palms, rocks, pillars), the props placed as type-1 objects and kept as loose
//! `.3D` files (a coil of rope, a lantern, a chest, a sack, a table, a stool, a pot), and
//! the rope link.
//!
//! Map units, Y down (negative Y is up), origin at the model's base unless noted.

use crate::world::mesh::{ALL_SIDES, Mesh, Paint, Side};
use crate::world::models::{self as village, MODEL_BANK, colour, img};
use crate::write::model::Version;
use crate::write::rob::{COLLISION_ACTOR_LIST, COLLISION_EXCLUDED};

fn tex(image: u8) -> Paint {
    Paint::Texture { bank: MODEL_BANK, image }
}

/// Side of a floor slab and length of a wall: one room tile, map units.
pub const TILE: i32 = 2048;
/// Thickness of a floor slab (its bottom 32 below its top).
pub const FLOOR_THICKNESS: i32 = 32;
/// Height of a room's walls.
pub const WALL_HEIGHT: i32 = 400;
/// Thickness of a wall, behind its room-facing face.
const WALL_THICKNESS: f64 = 16.0;
/// The widest span one face covers: texture steps are stored as i16 sixteenths of a texel
/// (one texel a map unit), so a face must stay well under 2048 units across.
const PIECE: f64 = 512.0;

/// The tavern's landing: top 156 above its base, 160 wide (X), 512 deep (Z), centred on its
/// origin in X and Z.
pub const LANDING_SIZE: [i32; 3] = [160, 156, 512];

/// The pieces along `0..len` centred on zero: `(start, end)` of each, at most [`PIECE`].
fn pieces(len: f64) -> Vec<(f64, f64)> {
    let n = (len / PIECE).ceil().max(1.0) as usize;
    let step = len / n as f64;
    (0..n).map(|k| (-len / 2.0 + k as f64 * step, -len / 2.0 + (k + 1) as f64 * step)).collect()
}

/// A floor slab one tile square: its top at Y 0 facing up, its bottom at
/// [`FLOOR_THICKNESS`], its origin at the top's centre. Built of 512-unit tiles, one
/// collision group each.
pub fn floor() -> Mesh {
    let mut m = Mesh::default();
    let cut = pieces(TILE as f64);
    for (i, &(x0, x1)) in cut.iter().enumerate() {
        for (k, &(z0, z1)) in cut.iter().enumerate() {
            let mut sides = vec![Side::Top];
            if i == 0 {
                sides.push(Side::NegX);
            }
            if i == cut.len() - 1 {
                sides.push(Side::PosX);
            }
            if k == 0 {
                sides.push(Side::NegZ);
            }
            if k == cut.len() - 1 {
                sides.push(Side::PosZ);
            }
            let paint = if (i + k) % 2 == 0 { tex(img::PLANKS) } else { tex(img::STONE) };
            let faces = m.cuboid([x0, 0.0, z0], [x1, FLOOR_THICKNESS as f64, z1], &sides, paint);
            m.group(&faces);
        }
    }
    m
}

/// Which way a wall's room-facing face looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Facing {
    /// +X: the west wall of a room.
    East,
    /// −X: the east wall.
    West,
    /// +Z: the south wall (the low-Z side).
    North,
    /// −Z: the north wall.
    South,
}

/// A wall one tile long and [`WALL_HEIGHT`] high whose room-facing face is the plane
/// through its origin, looking `facing`; its thickness lies behind that face.
pub fn wall(facing: Facing) -> Mesh {
    let mut m = Mesh::default();
    let (h, t) = (-(WALL_HEIGHT as f64), WALL_THICKNESS);
    for (a, b) in pieces(TILE as f64) {
        let (min, max, sides) = match facing {
            Facing::East => ([-t, h, a], [0.0, 0.0, b], [Side::PosX, Side::NegX, Side::Top]),
            Facing::West => ([0.0, h, a], [t, 0.0, b], [Side::NegX, Side::PosX, Side::Top]),
            Facing::North => ([a, h, -t], [b, 0.0, 0.0], [Side::PosZ, Side::NegZ, Side::Top]),
            Facing::South => ([a, h, 0.0], [b, 0.0, t], [Side::NegZ, Side::PosZ, Side::Top]),
        };
        let faces = m.cuboid(min, max, &sides, tex(img::PLASTER));
        m.group(&faces);
    }
    m
}

/// The tavern's landing ([`LANDING_SIZE`]): a stone box whose top is 156 up, its sides down
/// to its base.
pub fn landing() -> Mesh {
    let mut m = Mesh::default();
    let [w, h, d] = LANDING_SIZE.map(f64::from);
    let sides = [Side::Top, Side::PosX, Side::NegX, Side::PosZ, Side::NegZ];
    for (z0, z1) in pieces(d) {
        let faces = m.cuboid([-w / 2.0, -h, z0], [w / 2.0, 0.0, z1], &sides, tex(img::STONE));
        m.group(&faces);
    }
    m
}

/// An octagonal prism from radius `bottom` at Y 0 to `top` at `-height`, capped.
fn ring(bottom: f64, top: f64, height: f64, side: Paint, cap: Paint) -> Mesh {
    let mut m = Mesh::default();
    let corner = |r: f64, y: f64, k: usize| {
        let a = k as f64 * std::f64::consts::PI / 4.0;
        [r * libm::cos(a), y, r * libm::sin(a)]
    };
    let mut faces = Vec::new();
    for k in 0..8 {
        let n = (k + 1) % 8;
        let q = [
            corner(bottom, 0.0, k),
            corner(bottom, 0.0, n),
            corner(top, -height, n),
            corner(top, -height, k),
        ];
        let mid = corner(bottom, 0.0, k);
        let out = [(mid[0] + q[1][0]) / 2.0, 0.0, (mid[2] + q[1][2]) / 2.0];
        faces.push(m.polygon(&q, out, side));
    }
    let lid: Vec<[f64; 3]> = (0..8).map(|k| corner(top, -height, k)).collect();
    faces.push(m.polygon(&lid, [0.0, -1.0, 0.0], cap));
    m.group(&faces);
    m
}

/// A stone well, radius 64, 80 high.
pub fn well() -> Mesh {
    ring(64.0, 64.0, 80.0, tex(img::STONE), Paint::Solid(crate::world::art::ramp::WATER + 4))
}

/// A fence 300 long along X: three posts and two rails, 90 high.
pub fn fence() -> Mesh {
    let mut m = Mesh::default();
    let wood = Paint::Solid(colour::DARK_WOOD);
    let mut faces = Vec::new();
    for x in [-150.0, 0.0, 150.0] {
        faces.extend(m.cuboid([x - 5.0, -90.0, -5.0], [x + 5.0, 0.0, 5.0], &ALL_SIDES, wood));
    }
    for y in [-80.0, -40.0] {
        faces.extend(m.cuboid([-150.0, y - 6.0, -3.0], [150.0, y, 3.0], &ALL_SIDES, tex(img::PLANKS)));
    }
    m.group(&faces);
    m
}

/// A palm: a trunk 420 high and four leaves fanning out from its top.
pub fn palm() -> Mesh {
    let mut m = Mesh::default();
    let trunk = m.cuboid(
        [-10.0, -420.0, -10.0],
        [10.0, 0.0, 10.0],
        &[Side::PosX, Side::NegX, Side::PosZ, Side::NegZ],
        Paint::Solid(colour::DARK_WOOD),
    );
    let leaf = Paint::Solid(colour::LEAF);
    for (dx, dz) in [(1.0, 0.0), (-1.0, 0.0), (0.0, 1.0), (0.0, -1.0)] {
        let tip = [dx * 180.0, -360.0, dz * 180.0];
        let side = [dz * 40.0, -420.0, dx * 40.0];
        let other = [-dz * 40.0, -420.0, -dx * 40.0];
        m.polygon(&[side, tip, other], [0.0, -1.0, 0.0], leaf);
    }
    m.group(&trunk);
    m
}

/// A boulder: a box 160 × 90 × 120 with a narrower top, rock-grey.
pub fn rock() -> Mesh {
    let mut m = Mesh::default();
    let stone = tex(img::STONE);
    let (b, t) = ([80.0, 60.0], [50.0, 40.0]);
    let base = [[-b[0], 0.0, -b[1]], [b[0], 0.0, -b[1]], [b[0], 0.0, b[1]], [-b[0], 0.0, b[1]]];
    let top = [[-t[0], -90.0, -t[1]], [t[0], -90.0, -t[1]], [t[0], -90.0, t[1]], [-t[0], -90.0, t[1]]];
    let mut faces = Vec::new();
    for k in 0..4 {
        let n = (k + 1) % 4;
        let out = [(base[k][0] + base[n][0]) / 2.0, 0.0, (base[k][2] + base[n][2]) / 2.0];
        faces.push(m.polygon(&[base[k], base[n], top[n], top[k]], out, stone));
    }
    faces.push(m.polygon(&top, [0.0, -1.0, 0.0], stone));
    m.group(&faces);
    m
}

/// A square stone pillar, 48 across and 400 high.
pub fn pillar() -> Mesh {
    let mut m = Mesh::default();
    let faces = m.cuboid([-24.0, -400.0, -24.0], [24.0, 0.0, 24.0], &ALL_SIDES, tex(img::STONE));
    m.group(&faces);
    m
}

/// A coil of rope on the ground (`BT_ROP4`).
pub fn rope_coil() -> Mesh {
    ring(22.0, 18.0, 10.0, tex(img::PLANKS), Paint::Solid(colour::DARK_WOOD))
}

/// A lantern on a short post.
pub fn lantern() -> Mesh {
    let mut m = Mesh::default();
    let mut faces =
        m.cuboid([-3.0, -60.0, -3.0], [3.0, 0.0, 3.0], &ALL_SIDES, Paint::Solid(colour::DARK_WOOD));
    faces.extend(m.cuboid(
        [-9.0, -84.0, -9.0],
        [9.0, -60.0, 9.0],
        &ALL_SIDES,
        Paint::Solid(crate::world::art::ramp::CLOTH),
    ));
    m.group(&faces);
    m
}

/// A chest 64 × 40 × 40.
pub fn chest() -> Mesh {
    let mut m = Mesh::default();
    let faces = m.cuboid([-32.0, -40.0, -20.0], [32.0, 0.0, 20.0], &ALL_SIDES, tex(img::PLANKS));
    m.group(&faces);
    m
}

/// A sack, narrower at the top.
pub fn sack() -> Mesh {
    ring(20.0, 12.0, 36.0, Paint::Solid(crate::world::art::ramp::SAND + 4), Paint::Solid(colour::DARK_WOOD))
}

/// A table: a top 120 × 80 at 64 up on four legs.
pub fn table() -> Mesh {
    let mut m = Mesh::default();
    let wood = tex(img::PLANKS);
    let mut faces = m.cuboid([-60.0, -64.0, -40.0], [60.0, -56.0, 40.0], &ALL_SIDES, wood);
    for (x, z) in [(-52.0, -32.0), (52.0, -32.0), (-52.0, 32.0), (52.0, 32.0)] {
        faces.extend(m.cuboid(
            [x - 4.0, -56.0, z - 4.0],
            [x + 4.0, 0.0, z + 4.0],
            &ALL_SIDES,
            Paint::Solid(colour::DARK_WOOD),
        ));
    }
    m.group(&faces);
    m
}

/// A stool: a seat 32 across at 36 up on one post.
pub fn stool() -> Mesh {
    let mut m = Mesh::default();
    let mut faces = m.cuboid([-16.0, -36.0, -16.0], [16.0, -30.0, 16.0], &ALL_SIDES, tex(img::PLANKS));
    faces.extend(m.cuboid([-4.0, -30.0, -4.0], [4.0, 0.0, 4.0], &ALL_SIDES, Paint::Solid(colour::DARK_WOOD)));
    m.group(&faces);
    m
}

/// A clay pot (`BT_POT2`).
pub fn pot() -> Mesh {
    ring(14.0, 10.0, 30.0, tex(img::TILES), Paint::Solid(colour::DARK_WOOD))
}

/// The rope link: 0.8 tall in the exporter's units (16 map units), centred on its origin,
/// as the shipped `ROPELINK` ({D:formats/RGM.md} "MPRP (Rope Chains)").
pub fn rope_link() -> Mesh {
    let mut m = Mesh::default();
    let faces = m.cuboid([-3.0, -8.0, -3.0], [3.0, 8.0, 3.0], &ALL_SIDES, Paint::Solid(colour::DARK_WOOD));
    m.group(&faces);
    m
}

/// A ROB static: its segment name, mesh, model version and collision byte.
pub struct Static {
    /// Segment name.
    pub name: &'static str,
    /// Geometry.
    pub mesh: Mesh,
    /// Model version.
    pub version: Version,
    /// ROB collision byte.
    pub collision: u8,
}

/// Every static a retail map's ROB may hold: the village's (with the village's collision
/// bytes), the island's new scenery, and the interior pieces.
pub fn statics() -> Vec<Static> {
    let s = |name, mesh, collision| Static { name, mesh, version: Version::V5_0, collision };
    vec![
        s("HOUSE", village::house(), 0),
        s("STAIRS", village::stairs(), 0),
        s("RAMP", village::ramp(), 0),
        s("BRIDGE", village::bridge(), 0),
        s("PIER", village::pier(), 0),
        s("BARREL", village::barrel(), COLLISION_ACTOR_LIST),
        s("PLANT", village::plant(), COLLISION_EXCLUDED),
        Static { name: "CRATE4", mesh: village::crate_box(), version: Version::V4_0, collision: 0 },
        s("WELL", well(), 0),
        s("FENCE", fence(), 0),
        s("PALM", palm(), 0),
        s("ROCK", rock(), 0),
        s("PILLAR", pillar(), 0),
        s("FLOOR", floor(), 0),
        s("WALLW", wall(Facing::East), 0),
        s("WALLE", wall(Facing::West), 0),
        s("WALLS", wall(Facing::North), 0),
        s("WALLN", wall(Facing::South), 0),
        s("LANDING", landing(), 0),
    ]
}

/// The loose `.3D` models of `fxart/`: the type-1 props and the rope link.
pub fn loose() -> Vec<(&'static str, Mesh)> {
    vec![
        ("BT_ROP4", rope_coil()),
        ("LANTERN", lantern()),
        ("CHEST", chest()),
        ("SACK", sack()),
        ("TABLE", table()),
        ("STOOL", stool()),
        ("BT_POT2", pot()),
        (super::records::ROPE_LINK, rope_link()),
    ]
}
