//! The embedded island's terrain, designed in engine cells and stored in WLD source layout.
//!
//! Engine cell `(i, j)` has vertex heights `-T[index]` (T = the WLD height table) and engine
//! row `j` is WLD source row `256 - j`, so engine rows 1..=255 are the source rows 255..=1.
//! Every feature lies in columns 0..=254 and rows 1..=255, the cells the material lookup
//! accepts.
//!
//! The island, west to east: a rock mountain whose west face is a cliff into the sea
//! (class 1), ordinary grass slopes (class 4) down to a plateau at height index 17 (−240)
//! where the village and marker 0 stand, a steep bank (class 2) from the plateau's north
//! edge down to the northern beach, a grassy hill with its own top, and sand beaches all
//! round, rimmed in the sea by the blend images 5, 6, 7, 30, 31, 32 and 52 in all four
//! rotations.

/// Texture indices of bank 302 the island uses (the low six bits of a Map3 byte).
pub mod tex {
    /// Open water (full coverage, deep water).
    pub const WATER: u8 = 0;
    /// Sand.
    pub const SAND: u8 = 1;
    /// Grass.
    pub const GRASS: u8 = 2;
    /// Meadow grass of the plateau.
    pub const MEADOW: u8 = 3;
    /// Rock.
    pub const ROCK: u8 = 4;
    /// Water rim, a corner of water (mask at a+109).
    pub const RIM_CORNER: u8 = 5;
    /// Water rim, a straight beach edge (ramp along a).
    pub const RIM_EDGE: u8 = 6;
    /// Water rim, a wider corner (mask at a+32).
    pub const RIM_WIDE: u8 = 7;
    /// Dirt path of the village.
    pub const PATH: u8 = 8;
    /// Water rim, half-covered (mask at a+128).
    pub const RIM_HALF: u8 = 30;
    /// Water against rock (dry strip a < 5).
    pub const RIM_ROCK: u8 = 31;
    /// Rock shoal (mask threshold at a+64).
    pub const SHOAL: u8 = 32;
    /// Second straight beach edge (same coverage rule as 6).
    pub const RIM_EDGE2: u8 = 52;
    /// Every index the island uses, for the texture bank.
    pub const ALL: [u8; 13] = [
        WATER, SAND, GRASS, MEADOW, ROCK, RIM_CORNER, RIM_EDGE, RIM_WIDE, PATH, RIM_HALF, RIM_ROCK, SHOAL,
        RIM_EDGE2,
    ];
}

/// Grid side in vertices.
pub const SIDE: usize = 256;

/// The plateau's height index (elevation 240).
pub const PLATEAU_INDEX: u8 = 17;

/// The plateau, engine cells `x0..x1, z0..z1`.
pub const PLATEAU: (i32, i32, i32, i32) = (120, 160, 104, 140);

/// Mountain peak cell.
pub const MOUNTAIN: (i32, i32) = (86, 124);

/// Hilltop cell.
pub const HILL: (i32, i32) = (150, 78);

/// Island centre cell.
pub const CENTRE: (i32, i32) = (128, 124);

/// The terrain in WLD source layout: `height[row * 256 + col]` and `texture[...]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Terrain {
    /// Map1 bytes (height index; bit 7 is a build flag the loader masks off).
    pub height: Vec<u8>,
    /// Map3 bytes (texture index in the low six bits, quarter turns in the top two).
    pub texture: Vec<u8>,
}

impl Terrain {
    /// The source index of engine vertex `(i, j)`, `None` outside rows 1..=255.
    pub fn source_index(i: i32, j: i32) -> Option<usize> {
        if (0..SIDE as i32).contains(&i) && (1..SIDE as i32).contains(&j) {
            Some((SIDE - j as usize) * SIDE + i as usize)
        } else {
            None
        }
    }

    /// The height index of engine vertex `(i, j)` (0 outside).
    pub fn index_at(&self, i: i32, j: i32) -> u8 {
        Terrain::source_index(i, j).map_or(0, |s| self.height[s] & 0x7F)
    }

    /// The texture byte of engine cell `(i, j)` (0 outside).
    pub fn texture_at(&self, i: i32, j: i32) -> u8 {
        Terrain::source_index(i, j).map_or(0, |s| self.texture[s])
    }
}

/// The elevation (map units, up) the design asks for at engine vertex `(i, j)`.
fn design_elevation(i: i32, j: i32) -> i32 {
    let (px0, px1, pz0, pz1) = PLATEAU;
    let d = |a: (i32, i32)| (((i - a.0).pow(2) + (j - a.1).pow(2)) as f64).sqrt();
    let coast = island_radius(i, j);
    let r = d(CENTRE);
    if r >= coast {
        return 0;
    }
    // Beaches: a gentle rise over the outer eight cells.
    let inland = coast - r;
    let mut e = (inland * 30.0).min(240.0);
    // The mountain: 2400 at the peak, falling 90 per cell on its east and south sides.
    let m = d(MOUNTAIN);
    e = e.max(2400.0 - m * 90.0);
    // The hill: a rounded top of 900.
    let h = d(HILL);
    e = e.max(900.0 - h * h * 2.2);
    // The plateau is flat at 240, with a steep bank (800 in one cell) on its north edge.
    if i >= px0 && i < px1 && j >= pz0 && j < pz1 {
        e = 240.0;
    }
    if i >= px0 && i < px1 && j >= pz1 && j < pz1 + 3 {
        e = 1040.0;
    }
    e as i32
}

/// Distance from the centre to the coast along the direction of `(i, j)`: a lobed island.
fn island_radius(i: i32, j: i32) -> f64 {
    let a = libm::atan2((j - CENTRE.1) as f64, (i - CENTRE.0) as f64);
    58.0 + 6.0 * libm::sin(3.0 * a) + 3.0 * libm::cos(5.0 * a + 1.0)
}

/// The nearest height index for an elevation (the table is nondecreasing).
fn index_for(elevation: i32, table: &[i32; 128]) -> u8 {
    let mut best = 0;
    for (k, &t) in table.iter().enumerate() {
        if (t - elevation).abs() < (table[best] - elevation).abs() {
            best = k;
        }
    }
    best as u8
}

/// Builds the island.
pub fn build(table: &[i32; 128]) -> Terrain {
    let mut t = Terrain { height: vec![0; SIDE * SIDE], texture: vec![0; SIDE * SIDE] };
    for j in 1..SIDE as i32 {
        for i in 0..SIDE as i32 {
            let s = Terrain::source_index(i, j).expect("inside");
            t.height[s] = index_for(design_elevation(i, j), table);
        }
    }
    // The plateau uses index 17 exactly (16 and 18 give the same height, 240).
    let (px0, px1, pz0, pz1) = PLATEAU;
    for j in pz0..pz1 {
        for i in px0..px1 {
            let s = Terrain::source_index(i, j).expect("inside");
            t.height[s] = PLATEAU_INDEX;
        }
    }
    // The mountain's west face: a cliff straight into the sea.
    for j in 100..150 {
        for i in 60..76 {
            let s = Terrain::source_index(i, j).expect("inside");
            let face = 75 - i;
            t.height[s] = if face == 0 {
                100
            } else if face < 4 {
                0
            } else {
                t.height[s]
            };
        }
    }
    // A few bytes with the build flag set (bit 7): the loader masks it away.
    for k in 0..8 {
        let s = Terrain::source_index(140 + k, 120).expect("inside");
        t.height[s] |= 0x80;
    }
    paint(&mut t);
    t
}

/// Textures: land by height and slope, the sea rim by the direction to land.
fn paint(t: &mut Terrain) {
    let (px0, px1, pz0, pz1) = PLATEAU;
    let land = |t: &Terrain, i: i32, j: i32| t.index_at(i, j) > 0;
    let mut texture = vec![0u8; SIDE * SIDE];
    for j in 1..SIDE as i32 {
        for i in 0..SIDE as i32 {
            let s = Terrain::source_index(i, j).expect("inside");
            if i == SIDE as i32 - 1 {
                // Column 255 is outside the valid material cells: plain sea.
                continue;
            }
            let here = t.index_at(i, j);
            let rise = (t.index_at(i + 1, j) as i32 - here as i32).abs()
                + (t.index_at(i, j + 1) as i32 - here as i32).abs();
            let id = if here == 0 {
                rim(t, i, j, &land)
            } else if i >= px0 && i < px1 && j >= pz0 && j < pz1 {
                if (i - (px0 + px1) / 2).abs() <= 1 || (j - (pz0 + pz1) / 2).abs() <= 1 {
                    tex::PATH
                } else {
                    tex::MEADOW
                }
            } else if here <= 6 {
                tex::SAND
            } else if rise > 12 || here > 70 {
                tex::ROCK
            } else {
                tex::GRASS
            };
            texture[s] = id;
        }
    }
    t.texture = texture;
}

/// A sea cell's texture byte: open water far out, a blend image with the rotation facing
/// the nearest land next to the coast.
fn rim(t: &Terrain, i: i32, j: i32, land: &impl Fn(&Terrain, i32, i32) -> bool) -> u8 {
    let n = [(0, 1), (1, 0), (0, -1), (-1, 0)];
    let side = n.iter().position(|&(dx, dz)| land(t, i + dx, j + dz));
    let diag = [(1, 1), (1, -1), (-1, -1), (-1, 1)].iter().position(|&(dx, dz)| land(t, i + dx, j + dz));
    let near = |r: i32| (-r..=r).any(|dz| (-r..=r).any(|dx| land(t, i + dx, j + dz)));
    let rocky = i < 80;
    match (side, diag) {
        (Some(rot), _) => {
            let image = if rocky {
                tex::RIM_ROCK
            } else if (i + j) % 2 == 0 {
                tex::RIM_EDGE
            } else {
                tex::RIM_EDGE2
            };
            image | (rot as u8) << 6
        }
        (None, Some(rot)) => (if rocky { tex::SHOAL } else { tex::RIM_CORNER }) | (rot as u8) << 6,
        _ if near(2) => {
            (if (i * 7 + j) % 3 == 0 { tex::RIM_HALF } else { tex::RIM_WIDE }) | (((i + j) & 3) as u8) << 6
        }
        _ if (i * 13 + j * 7) % 17 == 0 => tex::RIM_HALF | (((i ^ j) & 3) as u8) << 6,
        _ => tex::WATER,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The seed's surface classes from the integer normal Y (× 256, nearest even).
    fn class(ny: i32) -> u8 {
        match ny {
            i32::MIN..=-161 => 4,
            -160..=-42 => 2,
            -41..=160 => 1,
            _ => 8,
        }
    }

    /// Normal Y × 256 of both triangles of engine cell (i, j), from the plane of its corners
    /// (256i, −T, 256j) etc., straightforwardly in f64.
    fn cell_classes(t: &Terrain, table: &[i32; 128], i: i32, j: i32) -> [u8; 2] {
        let y = |a: i32, b: i32| -(table[t.index_at(a, b) as usize] as f64);
        let p = |a: i32, b: i32| [256.0 * a as f64, y(a, b), 256.0 * b as f64];
        let tri = |a: [f64; 3], b: [f64; 3], c: [f64; 3]| {
            let u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
            let v = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
            let n = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
            let l = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
            // Orient the normal upward (negative Y) as ground normals are.
            let ny = -(n[1] / l).abs();
            class(libm::roundeven(ny * 256.0) as i32)
        };
        let (c1, c2, c3, c4) = (p(i, j), p(i + 1, j), p(i, j - 1), p(i + 1, j - 1));
        [tri(c1, c2, c4), tri(c1, c3, c4)]
    }

    fn table() -> [i32; 128] {
        stros_core::formats::wld::HEIGHT_TABLE
    }

    #[test]
    fn every_surface_class_is_present() {
        let table = table();
        let t = build(&table);
        let mut counts = [0usize; 9];
        for j in 2..255 {
            for i in 0..254 {
                for c in cell_classes(&t, &table, i, j) {
                    counts[c as usize] += 1;
                }
            }
        }
        assert!(counts[4] > 10_000, "ordinary ground: {counts:?}");
        assert!(counts[2] > 50, "steep banks: {counts:?}");
        assert!(counts[1] > 50, "cliffs: {counts:?}");
    }

    #[test]
    fn blend_images_in_all_four_rotations() {
        let t = build(&table());
        for image in [5u8, 6, 7, 30, 31, 32, 52] {
            for rot in 0..4u8 {
                let byte = image | rot << 6;
                assert!(t.texture.contains(&byte), "image {image} rotation {rot} missing");
            }
        }
    }

    #[test]
    fn features_stay_inside_the_valid_cells() {
        let t = build(&table());
        for row in 0..SIDE {
            for col in 0..SIDE {
                let s = row * SIDE + col;
                // Engine column 255 and source row 0 (engine row 256) are outside the valid
                // material cells: keep them plain sea.
                if col == 255 || row == 0 {
                    assert_eq!((t.height[s], t.texture[s]), (0, 0), "source ({col}, {row})");
                }
            }
        }
        assert_eq!(t.index_at(130, 120), PLATEAU_INDEX);
        assert!(t.height.iter().any(|&h| h & 0x80 != 0), "build-flag bytes present");
    }

    #[test]
    fn deterministic() {
        assert_eq!(build(&table()), build(&table()));
    }
}
