//! The embedded world's models, authored with [`Mesh`]: the harbour village (houses with
//! walls and doorways, stairs, a ramp, a footbridge you can stand on and walk under, a pier),
//! props with ROB collision flags, and the animated actors (Cyrus, an NPC, the flag, a raft).
//!
//! Map units, Y down (negative Y is up), origin at the model's base unless noted.

use super::mesh::{ALL_SIDES, Mesh, Paint, Side};

/// Texture bank of the village models.
pub const MODEL_BANK: u16 = 310;
/// Images of [`MODEL_BANK`].
pub mod img {
    /// Plastered wall.
    pub const PLASTER: u8 = 0;
    /// Wooden planks.
    pub const PLANKS: u8 = 1;
    /// Roof tiles.
    pub const TILES: u8 = 2;
    /// Dressed stone.
    pub const STONE: u8 = 3;
    /// Flag cloth.
    pub const CLOTH: u8 = 4;
    /// Every image, for the texture bank.
    pub const ALL: [u8; 5] = [PLASTER, PLANKS, TILES, STONE, CLOTH];
}

fn tex(image: u8) -> Paint {
    Paint::Texture { bank: MODEL_BANK, image }
}

/// Solid colours (palette indices of the generated palette; see `palette.rs`).
pub mod colour {
    /// Dark wood (door frames, posts).
    pub const DARK_WOOD: u8 = 114;
    /// Iron bands of the barrel.
    pub const IRON: u8 = 6;
    /// Bronze (the key, the chest's lock).
    pub const BRONZE: u8 = 210;
    /// Leaves.
    pub const LEAF: u8 = 68;
    /// Cyrus's tunic.
    pub const TUNIC: u8 = 148;
    /// Skin.
    pub const SKIN: u8 = 130;
    /// Trousers.
    pub const TROUSERS: u8 = 164;
    /// The NPC's robe.
    pub const ROBE: u8 = 180;
}

/// A house 400 × 400, walls 300 high and 16 thick, a doorway 96 wide and 190 high in the
/// −Z wall, a hipped roof. Each wall is one collision group (outer and inner faces); the
/// floor is its own group and also listed by the front wall's group (the face in two
/// lists); the roof's underside is listed by none.
pub fn house() -> Mesh {
    let mut m = Mesh::default();
    let (w, h, t) = (200.0, -300.0, 16.0);
    let plaster = tex(img::PLASTER);
    // Side and back walls: outer then inner face.
    let east = vec![
        m.polygon(&[[w, 0.0, -w], [w, h, -w], [w, h, w], [w, 0.0, w]], [1.0, 0.0, 0.0], plaster),
        m.polygon(
            &[[w - t, 0.0, -w], [w - t, h, -w], [w - t, h, w], [w - t, 0.0, w]],
            [-1.0, 0.0, 0.0],
            plaster,
        ),
    ];
    let west = vec![
        m.polygon(&[[-w, 0.0, -w], [-w, h, -w], [-w, h, w], [-w, 0.0, w]], [-1.0, 0.0, 0.0], plaster),
        m.polygon(
            &[[-w + t, 0.0, -w], [-w + t, h, -w], [-w + t, h, w], [-w + t, 0.0, w]],
            [1.0, 0.0, 0.0],
            plaster,
        ),
    ];
    let north = vec![
        m.polygon(&[[-w, 0.0, w], [-w, h, w], [w, h, w], [w, 0.0, w]], [0.0, 0.0, 1.0], plaster),
        m.polygon(
            &[[-w, 0.0, w - t], [-w, h, w - t], [w, h, w - t], [w, 0.0, w - t]],
            [0.0, 0.0, -1.0],
            plaster,
        ),
    ];
    // Front wall around the doorway: left and right panels, and a solid-colour lintel
    // beside the textured panels.
    let (d, dh) = (48.0, -190.0);
    let mut front = Vec::new();
    for (x0, x1) in [(-w, -d), (d, w)] {
        front.push(m.polygon(
            &[[x0, 0.0, -w], [x0, h, -w], [x1, h, -w], [x1, 0.0, -w]],
            [0.0, 0.0, -1.0],
            plaster,
        ));
        front.push(m.polygon(
            &[[x0, 0.0, -w + t], [x0, h, -w + t], [x1, h, -w + t], [x1, 0.0, -w + t]],
            [0.0, 0.0, 1.0],
            plaster,
        ));
    }
    let lintel = Paint::Solid(colour::DARK_WOOD);
    front.push(m.polygon(&[[-d, dh, -w], [-d, h, -w], [d, h, -w], [d, dh, -w]], [0.0, 0.0, -1.0], lintel));
    front.push(m.polygon(
        &[[-d, dh, -w], [d, dh, -w], [d, dh, -w + t], [-d, dh, -w + t]],
        [0.0, 1.0, 0.0],
        lintel,
    ));
    // Door jambs.
    for x in [-d, d] {
        let toward = if x < 0.0 { [1.0, 0.0, 0.0] } else { [-1.0, 0.0, 0.0] };
        front.push(m.polygon(
            &[[x, 0.0, -w], [x, dh, -w], [x, dh, -w + t], [x, 0.0, -w + t]],
            toward,
            lintel,
        ));
    }
    // A wooden floor, a little above the ground.
    let floor = m.polygon(
        &[[-w + t, -2.0, -w], [w - t, -2.0, -w], [w - t, -2.0, w - t], [-w + t, -2.0, w - t]],
        [0.0, -1.0, 0.0],
        tex(img::PLANKS),
    );
    front.push(floor);
    // Roof: four tiled slopes up to a ridge point, and a ceiling underside in no group.
    let (rh, o) = (-440.0, 24.0);
    let apex = [0.0, rh, 0.0];
    let eaves = [[-w - o, h, -w - o], [w + o, h, -w - o], [w + o, h, w + o], [-w - o, h, w + o]];
    let mut roof = Vec::new();
    for k in 0..4 {
        let a = eaves[k];
        let b = eaves[(k + 1) % 4];
        let mid = [(a[0] + b[0]) / 2.0, -1.0, (a[2] + b[2]) / 2.0];
        roof.push(m.polygon(&[a, b, apex], [mid[0], -200.0, mid[2]], tex(img::TILES)));
    }
    m.polygon(&eaves, [0.0, 1.0, 0.0], Paint::Solid(colour::DARK_WOOD));
    m.group(&east);
    m.group(&west);
    m.group(&north);
    m.group(&front);
    m.group(&[floor]);
    m.group(&roof);
    m
}

/// The ledge course, stone blocks in a row along X, their faces toward −Z where the
/// walker comes from (heading 0 faces them), all 120 deep: a low block 64 high and 160 long
/// (a low ledge: the jump key climbs it), a gap 120 wide, a second 64-high block 280 long
/// (a running jump along +X crosses the gap onto it), a block 120 high (a high ledge the
/// jump key climbs from the ground) and a wall 260 high (a standing jump just catches its top, and the hang lets go 98 above the ground).
/// `(x0, x1, height)` of each, local X centred on the model.
pub const COURSE: [(f64, f64, f64); 4] =
    [(-440.0, -280.0, 64.0), (-160.0, 120.0, 64.0), (200.0, 280.0, 120.0), (360.0, 440.0, 260.0)];

/// The ledge course's blocks ([`COURSE`]), one collision group each.
pub fn ledge_course() -> Mesh {
    let mut m = Mesh::default();
    let sides = [Side::PosX, Side::NegX, Side::Top, Side::PosZ, Side::NegZ];
    for (x0, x1, h) in COURSE {
        let faces = m.cuboid([x0, -h, 0.0], [x1, 0.0, 120.0], &sides, tex(img::STONE));
        m.group(&faces);
    }
    m
}

/// Six stone steps, each 26 high and 48 deep, 160 wide, climbing toward +Z to 156.
pub fn stairs() -> Mesh {
    let mut m = Mesh::default();
    let stone = tex(img::STONE);
    let mut treads = Vec::new();
    let mut risers = Vec::new();
    for k in 0..6 {
        let (y0, y1) = (-(k as f64) * 26.0, -(k as f64 + 1.0) * 26.0);
        let z0 = k as f64 * 48.0;
        risers.push(m.polygon(
            &[[-80.0, y0, z0], [80.0, y0, z0], [80.0, y1, z0], [-80.0, y1, z0]],
            [0.0, 0.0, -1.0],
            stone,
        ));
        treads.push(m.polygon(
            &[[-80.0, y1, z0], [80.0, y1, z0], [80.0, y1, z0 + 48.0], [-80.0, y1, z0 + 48.0]],
            [0.0, -1.0, 0.0],
            stone,
        ));
    }
    let mut sides = Vec::new();
    for x in [-80.0, 80.0] {
        sides.push(m.polygon(
            &[[x, 0.0, 0.0], [x, -156.0, 240.0], [x, -156.0, 288.0], [x, 0.0, 288.0]],
            [x, 0.0, 0.0],
            stone,
        ));
    }
    m.group(&risers);
    m.group(&treads);
    m.group(&sides);
    m
}

/// A plank ramp rising 120 over 400 toward +Z (ordinary ground), 140 wide, with a steeper
/// stone end rising 160 over 60 (a steep bank) and the supports below.
pub fn ramp() -> Mesh {
    let mut m = Mesh::default();
    let top = m.polygon(
        &[[-70.0, 0.0, 0.0], [70.0, 0.0, 0.0], [70.0, -120.0, 400.0], [-70.0, -120.0, 400.0]],
        [0.0, -1.0, 0.0],
        tex(img::PLANKS),
    );
    let steep = m.polygon(
        &[[-70.0, -120.0, 400.0], [70.0, -120.0, 400.0], [70.0, -280.0, 460.0], [-70.0, -280.0, 460.0]],
        [0.0, -1.0, 0.0],
        tex(img::STONE),
    );
    let mut sides = Vec::new();
    for x in [-70.0, 70.0] {
        sides.push(m.polygon(
            &[[x, 0.0, 0.0], [x, -120.0, 400.0], [x, -280.0, 460.0], [x, 0.0, 460.0]],
            [x, 0.0, 0.0],
            Paint::Solid(colour::DARK_WOOD),
        ));
    }
    m.group(&[top]);
    m.group(&[steep]);
    m.group(&sides);
    m
}

/// A humpback footbridge along Z: ramps up 170 over 260 at each end, a level deck 400 long
/// at −170 whose underside (facing down) sits 154 above the ground, railings on both sides.
pub fn bridge() -> Mesh {
    let mut m = Mesh::default();
    let planks = tex(img::PLANKS);
    let (hw, y, th) = (80.0, -170.0, 16.0);
    let deck = m.polygon(
        &[[-hw, y, -200.0], [hw, y, -200.0], [hw, y, 200.0], [-hw, y, 200.0]],
        [0.0, -1.0, 0.0],
        planks,
    );
    let under = m.polygon(
        &[[-hw, y + th, -200.0], [hw, y + th, -200.0], [hw, y + th, 200.0], [-hw, y + th, 200.0]],
        [0.0, 1.0, 0.0],
        Paint::Solid(colour::DARK_WOOD),
    );
    let up = m.polygon(
        &[[-hw, 0.0, -460.0], [hw, 0.0, -460.0], [hw, y, -200.0], [-hw, y, -200.0]],
        [0.0, -1.0, 0.0],
        planks,
    );
    let down = m.polygon(
        &[[-hw, y, 200.0], [hw, y, 200.0], [hw, 0.0, 460.0], [-hw, 0.0, 460.0]],
        [0.0, -1.0, 0.0],
        planks,
    );
    let mut rails = Vec::new();
    for x in [-hw, hw] {
        let out = [x, 0.0, 0.0];
        let inn = [-x, 0.0, 0.0];
        let quad = [[x, y, -200.0], [x, y - 60.0, -200.0], [x, y - 60.0, 200.0], [x, y, 200.0]];
        rails.push(m.polygon(&quad, out, Paint::Solid(colour::DARK_WOOD)));
        rails.push(m.polygon(&quad, inn, Paint::Solid(colour::DARK_WOOD)));
    }
    m.group(&[up, deck, down]);
    m.group(&[under]);
    m.group(&rails);
    m
}

/// A pier 160 wide running 900 along +Z at deck height −40, on posts.
pub fn pier() -> Mesh {
    let mut m = Mesh::default();
    let deck = m.cuboid(
        [-80.0, -40.0, 0.0],
        [80.0, -28.0, 900.0],
        &[Side::Top, Side::PosX, Side::NegX, Side::PosZ],
        tex(img::PLANKS),
    );
    let mut posts = Vec::new();
    for k in 0..4 {
        let z = 100.0 + k as f64 * 250.0;
        for x in [-70.0, 70.0] {
            posts.extend(m.cuboid(
                [x - 8.0, -40.0, z - 8.0],
                [x + 8.0, 60.0, z + 8.0],
                &[Side::PosX, Side::NegX, Side::PosZ, Side::NegZ],
                Paint::Solid(colour::DARK_WOOD),
            ));
        }
    }
    m.group(&deck);
    m.group(&posts);
    m
}

/// An octagonal barrel, radius 30, 70 high (collision flag 0x01: one sphere).
pub fn barrel() -> Mesh {
    let mut m = Mesh::default();
    let ring = |y: f64| -> Vec<[f64; 3]> {
        (0..8)
            .map(|k| {
                let a = k as f64 * std::f64::consts::PI / 4.0;
                [30.0 * libm::cos(a), y, 30.0 * libm::sin(a)]
            })
            .collect()
    };
    let (bottom, top) = (ring(0.0), ring(-70.0));
    let mut faces = Vec::new();
    for k in 0..8 {
        let n = (k + 1) % 8;
        let mid = [(bottom[k][0] + bottom[n][0]) / 2.0, 0.0, (bottom[k][2] + bottom[n][2]) / 2.0];
        let paint = if k % 2 == 0 { tex(img::PLANKS) } else { Paint::Solid(colour::IRON) };
        faces.push(m.polygon(&[bottom[k], bottom[n], top[n], top[k]], mid, paint));
    }
    faces.push(m.polygon(&top, [0.0, -1.0, 0.0], tex(img::PLANKS)));
    m.group(&faces);
    m
}

/// A plant: two crossed leaf quads (collision flag 0x02: never collides).
pub fn plant() -> Mesh {
    let mut m = Mesh::default();
    let leaf = Paint::Solid(colour::LEAF);
    let a = m.polygon(
        &[[-50.0, 0.0, 0.0], [50.0, 0.0, 0.0], [60.0, -110.0, 0.0], [-60.0, -110.0, 0.0]],
        [0.0, 0.0, -1.0],
        leaf,
    );
    let b = m.polygon(
        &[[0.0, 0.0, -50.0], [0.0, 0.0, 50.0], [0.0, -110.0, 60.0], [0.0, -110.0, -60.0]],
        [1.0, 0.0, 0.0],
        leaf,
    );
    m.group(&[a, b]);
    m
}

/// The rope frame: two posts 20 × 20 and 220 high, 140 apart along X, under a beam; the
/// rope hangs from the beam's middle, [`ROPE_TOP`] above the ground.
pub fn rope_frame() -> Mesh {
    let mut m = Mesh::default();
    let wood = Paint::Solid(colour::DARK_WOOD);
    let mut faces = m.cuboid([-80.0, -220.0, -10.0], [-60.0, 0.0, 10.0], &ALL_SIDES, wood);
    faces.extend(m.cuboid([60.0, -220.0, -10.0], [80.0, 0.0, 10.0], &ALL_SIDES, wood));
    faces.extend(m.cuboid([-90.0, -236.0, -12.0], [90.0, -220.0, 12.0], &ALL_SIDES, wood));
    m.group(&faces);
    m
}

/// Height of the rope's base above the ground (the beam's underside).
pub const ROPE_TOP: i32 = 220;

/// A rope link: 6 × 6 across and [`ROPE_LINK`] tall, centred on its origin (as the shipped
/// `ROPELINK` is, {D:formats/RGM.md} "MPRP (Rope Chains)").
pub fn rope_link() -> Mesh {
    let mut m = Mesh::default();
    let h = ROPE_LINK as f64 / 2.0;
    let sides = [Side::PosX, Side::NegX, Side::PosZ, Side::NegZ];
    let faces = m.cuboid([-3.0, -h, -3.0], [3.0, h, 3.0], &sides, tex(img::PLANKS));
    m.group(&faces);
    m
}

/// A rope link's height, map units: the spacing of the links.
pub const ROPE_LINK: i32 = 16;

/// The weight at the rope's end: an iron-banded block 24 wide, centred as a link is.
pub fn rope_weight() -> Mesh {
    let mut m = Mesh::default();
    let faces = m.cuboid([-12.0, -12.0, -12.0], [12.0, 12.0, 12.0], &ALL_SIDES, Paint::Solid(colour::IRON));
    m.group(&faces);
    m
}

/// A crate stored as a version 4.0 model with Section4, which the runtime ignores.
pub fn crate_box() -> Mesh {
    let mut m = Mesh::default();
    let faces = m.cuboid([-40.0, -80.0, -40.0], [40.0, 0.0, 40.0], &ALL_SIDES, tex(img::PLANKS));
    m.group(&faces);
    m
}

/// The bronze key: a ring and a toothed shaft, 36 long, lying flat (3 thick).
pub fn key() -> Mesh {
    let mut m = Mesh::default();
    let bronze = Paint::Solid(colour::BRONZE);
    let mut faces = m.cuboid([-18.0, -3.0, -6.0], [-6.0, 0.0, 6.0], &ALL_SIDES, bronze);
    faces.extend(m.cuboid([-6.0, -3.0, -2.0], [18.0, 0.0, 2.0], &ALL_SIDES, bronze));
    faces.extend(m.cuboid([12.0, -3.0, 2.0], [18.0, 0.0, 7.0], &ALL_SIDES, bronze));
    m.group(&faces);
    m
}

/// A chest 70 wide, 44 deep and 46 high: planks, an iron band and lock.
pub fn chest() -> Mesh {
    let mut m = Mesh::default();
    let mut faces = m.cuboid([-35.0, -40.0, -22.0], [35.0, 0.0, 22.0], &ALL_SIDES, tex(img::PLANKS));
    faces.extend(m.cuboid(
        [-36.0, -46.0, -23.0],
        [36.0, -40.0, 23.0],
        &ALL_SIDES,
        Paint::Solid(colour::IRON),
    ));
    faces.extend(m.cuboid(
        [-5.0, -38.0, -25.0],
        [5.0, -28.0, -22.0],
        &ALL_SIDES,
        Paint::Solid(colour::BRONZE),
    ));
    m.group(&faces);
    m
}

/// A raft 240 × 240, 20 thick: the moving platform actor.
pub fn raft() -> Mesh {
    let mut m = Mesh::default();
    let faces = m.cuboid([-120.0, -20.0, -120.0], [120.0, 0.0, 120.0], &ALL_SIDES, tex(img::PLANKS));
    m.group(&faces);
    m
}

/// A walking figure: the mesh (frame 0) and the vertices of each frame, in model units.
///
/// The origin is the body centre: feet at Y +62, the top of the head at Y −66 (Cyrus's
/// MPSZ extents). Frame 0 stands; frames 1..=4 are a stride, the legs and arms swinging.
pub fn figure(body: u8, legs: u8) -> (Mesh, Vec<Vec<[i32; 3]>>) {
    let mut m = Mesh::default();
    let skin = Paint::Solid(colour::SKIN);
    m.cuboid([-10.0, -66.0, -9.0], [10.0, -44.0, 9.0], &ALL_SIDES, skin);
    m.cuboid([-20.0, -44.0, -10.0], [20.0, 4.0, 10.0], &ALL_SIDES, Paint::Solid(body));
    let legs_from = m.vertices.len();
    m.cuboid([-16.0, 4.0, -8.0], [-2.0, 62.0, 8.0], &ALL_SIDES, Paint::Solid(legs));
    let right_from = m.vertices.len();
    m.cuboid([2.0, 4.0, -8.0], [16.0, 62.0, 8.0], &ALL_SIDES, Paint::Solid(legs));
    let arms_from = m.vertices.len();
    m.cuboid([-28.0, -40.0, -6.0], [-20.0, 0.0, 6.0], &ALL_SIDES, skin);
    let arm_right = m.vertices.len();
    m.cuboid([20.0, -40.0, -6.0], [28.0, 0.0, 6.0], &ALL_SIDES, skin);
    let end = m.vertices.len();
    let all = m.faces.len() as u32;
    m.group(&(0..all).collect::<Vec<_>>());

    let base = m.vertices.clone();
    let swing = [0.0, 0.45, 0.0, -0.45, 0.0];
    let lift = [0.0, 0.0, 1.0, 0.0, 1.0];
    let mut frames = Vec::new();
    for (&s, &l) in swing.iter().zip(&lift) {
        let mut v = base.clone();
        // Rotate a limb about a hip or shoulder pivot in the Y/Z plane.
        let swing_part = |v: &mut Vec<[i32; 3]>, range: std::ops::Range<usize>, pivot_y: f64, angle: f64| {
            for p in &mut v[range] {
                let y = p[1] as f64 / 256.0 - pivot_y;
                let z = p[2] as f64 / 256.0;
                let (sa, ca) = (libm::sin(angle), libm::cos(angle));
                p[1] = ((pivot_y + y * ca - z * sa) * 256.0).round() as i32;
                p[2] = ((y * sa + z * ca) * 256.0).round() as i32;
            }
        };
        swing_part(&mut v, legs_from..right_from, 4.0, s);
        swing_part(&mut v, right_from..arms_from, 4.0, -s);
        swing_part(&mut v, arms_from..arm_right, -40.0, -s * 0.8);
        swing_part(&mut v, arm_right..end, -40.0, s * 0.8);
        // A slight bob on the passing frames.
        for p in &mut v {
            p[1] -= (l * 2.0 * 256.0) as i32;
        }
        frames.push(v);
    }
    (m, frames)
}

/// The hang frame of a figure from its standing frame `base`: both arms raised 60 (their
/// vertices, at |X| ≥ 20 and Y −40 or 0, moved up), the hands at Y −100. Returns the frame
/// and the index of a left-arm vertex at −100: the grip vertex (RAEX grip 0) whose Y places
/// the hands on a ledge.
pub fn hang_frame(base: &[[i32; 3]]) -> (Vec<[i32; 3]>, i16) {
    let arm = |p: &[i32; 3]| p[0].abs() >= 20 * 256 && (p[1] == -40 * 256 || p[1] == 0);
    let frame: Vec<[i32; 3]> =
        base.iter().map(|p| if arm(p) { [p[0], p[1] - 60 * 256, p[2]] } else { *p }).collect();
    let grip =
        frame.iter().position(|p| p[0] == -28 * 256 && p[1] == -100 * 256).expect("a raised left hand");
    (frame, grip as i16)
}

/// A flag on a pole: the cloth's free edge waves over eight frames.
pub fn flag() -> (Mesh, Vec<Vec<[i32; 3]>>) {
    let mut m = Mesh::default();
    let pole = m.cuboid(
        [-4.0, -360.0, -4.0],
        [4.0, 0.0, 4.0],
        &[Side::PosX, Side::NegX, Side::PosZ, Side::NegZ],
        Paint::Solid(colour::DARK_WOOD),
    );
    let cloth_from = m.vertices.len();
    let mut cloth = Vec::new();
    let cols = 4;
    for c in 0..cols {
        let x0 = 4.0 + c as f64 * 40.0;
        let x1 = x0 + 40.0;
        let quad = [[x0, -350.0, 0.0], [x1, -350.0, 0.0], [x1, -270.0, 0.0], [x0, -270.0, 0.0]];
        cloth.push(m.polygon(
            &quad,
            [0.0, 0.0, -1.0],
            Paint::Texture { bank: MODEL_BANK, image: img::CLOTH },
        ));
        cloth.push(m.polygon(&quad, [0.0, 0.0, 1.0], Paint::Texture { bank: MODEL_BANK, image: img::CLOTH }));
    }
    m.group(&pole);
    let base = m.vertices.clone();
    let mut frames = Vec::new();
    for f in 0..8 {
        let mut v = base.clone();
        for p in &mut v[cloth_from..] {
            let x = p[0] as f64 / 256.0;
            let phase = f as f64 * std::f64::consts::PI / 4.0 - x / 40.0;
            p[2] = ((x / 160.0) * 24.0 * libm::sin(phase) * 256.0).round() as i32;
        }
        frames.push(v);
    }
    (m, frames)
}
