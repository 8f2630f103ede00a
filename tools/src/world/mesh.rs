//! A small mesh builder for the embedded world's models.
//!
//! Geometry is authored in map units (Y down, as in the game: negative Y is up) and stored
//! in model units (1/256 map unit). Faces carry their outward normal; the builder orders
//! each face's vertices so the winding agrees with the normal it was asked for, because
//! collision sidedness reads the stored normal (seed 000, "Sphere contact with model faces").
//! Collision subobjects group faces; a face may sit in several groups or in none.

/// Model units per map unit.
pub const UNITS: f64 = 256.0;

/// How a face is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paint {
    /// A solid palette colour.
    Solid(u8),
    /// Texture bank and image.
    Texture {
        /// TEXBSI bank.
        bank: u16,
        /// Image within the bank.
        image: u8,
    },
}

/// One polygon.
#[derive(Clone, Debug, PartialEq)]
pub struct Face {
    /// Vertex indices, wound to agree with `normal`.
    pub vertices: Vec<u32>,
    /// Unit normal (Y down).
    pub normal: [f64; 3],
    /// Paint.
    pub paint: Paint,
    /// Texture coordinates per vertex, in texels.
    pub uv: Vec<[i32; 2]>,
}

/// A collision subobject: the faces it lists, in order.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Group {
    /// Face indices (repeats and omissions allowed).
    pub faces: Vec<u32>,
}

/// A mesh under construction.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Mesh {
    /// Vertices in model units.
    pub vertices: Vec<[i32; 3]>,
    /// Faces.
    pub faces: Vec<Face>,
    /// Collision subobjects.
    pub groups: Vec<Group>,
}

fn dot(a: [f64; 3], b: [f64; 3]) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}
fn unit(a: [f64; 3]) -> [f64; 3] {
    let l = dot(a, a).sqrt();
    if l == 0.0 { [0.0, -1.0, 0.0] } else { [a[0] / l, a[1] / l, a[2] / l] }
}

impl Mesh {
    /// Adds a vertex given in map units; returns its index (shared when it already exists).
    pub fn vertex(&mut self, p: [f64; 3]) -> u32 {
        let v = [(p[0] * UNITS).round() as i32, (p[1] * UNITS).round() as i32, (p[2] * UNITS).round() as i32];
        if let Some(k) = self.vertices.iter().position(|&w| w == v) {
            return k as u32;
        }
        self.vertices.push(v);
        (self.vertices.len() - 1) as u32
    }

    /// Adds a planar polygon (map units) facing `toward` (any vector on its front side);
    /// returns the face index.
    pub fn polygon(&mut self, corners: &[[f64; 3]], toward: [f64; 3], paint: Paint) -> u32 {
        let mut pts: Vec<[f64; 3]> = corners.to_vec();
        let mut n = [0.0; 3];
        for k in 0..pts.len() {
            let a = pts[k];
            let b = pts[(k + 1) % pts.len()];
            n[0] += (a[1] - b[1]) * (a[2] + b[2]);
            n[1] += (a[2] - b[2]) * (a[0] + b[0]);
            n[2] += (a[0] - b[0]) * (a[1] + b[1]);
        }
        // Newell's normal follows the winding; flip the winding when it faces away.
        if dot(n, toward) < 0.0 {
            pts.reverse();
            n = [-n[0], -n[1], -n[2]];
        }
        let normal = unit(n);
        let uv = uv_for(&pts, normal);
        let vertices = pts.iter().map(|&p| self.vertex(p)).collect();
        self.faces.push(Face { vertices, normal, paint, uv });
        (self.faces.len() - 1) as u32
    }

    /// An axis-aligned box from `min` to `max` (map units) with the listed sides; returns
    /// the face indices in the order +X, −X, +Y (bottom), −Y (top), +Z, −Z of those present.
    pub fn cuboid(&mut self, min: [f64; 3], max: [f64; 3], sides: &[Side], paint: Paint) -> Vec<u32> {
        let [x0, y0, z0] = min;
        let [x1, y1, z1] = max;
        let mut out = Vec::new();
        for side in sides {
            let (quad, toward) = match side {
                Side::PosX => ([[x1, y0, z0], [x1, y1, z0], [x1, y1, z1], [x1, y0, z1]], [1.0, 0.0, 0.0]),
                Side::NegX => ([[x0, y0, z0], [x0, y1, z0], [x0, y1, z1], [x0, y0, z1]], [-1.0, 0.0, 0.0]),
                Side::Bottom => ([[x0, y1, z0], [x1, y1, z0], [x1, y1, z1], [x0, y1, z1]], [0.0, 1.0, 0.0]),
                Side::Top => ([[x0, y0, z0], [x1, y0, z0], [x1, y0, z1], [x0, y0, z1]], [0.0, -1.0, 0.0]),
                Side::PosZ => ([[x0, y0, z1], [x1, y0, z1], [x1, y1, z1], [x0, y1, z1]], [0.0, 0.0, 1.0]),
                Side::NegZ => ([[x0, y0, z0], [x1, y0, z0], [x1, y1, z0], [x0, y1, z0]], [0.0, 0.0, -1.0]),
            };
            out.push(self.polygon(&quad, toward, paint));
        }
        out
    }

    /// Starts a new collision group holding `faces`.
    pub fn group(&mut self, faces: &[u32]) {
        self.groups.push(Group { faces: faces.to_vec() });
    }

    /// The radius around the origin enclosing every vertex, model units.
    pub fn radius(&self) -> u32 {
        self.vertices
            .iter()
            .map(|v| {
                ((v[0] as f64).powi(2) + (v[1] as f64).powi(2) + (v[2] as f64).powi(2)).sqrt().ceil() as u32
            })
            .max()
            .unwrap_or(0)
    }

    /// Centre, radius and extent factors of a group's bounding ellipsoid (model units):
    /// semi-axes `R × e` that enclose the faces' bounding box, with `R` the largest semi-axis.
    pub fn group_bounds(&self, g: &Group) -> ([i32; 3], u32, [f32; 3]) {
        let mut lo = [f64::MAX; 3];
        let mut hi = [f64::MIN; 3];
        for &f in &g.faces {
            for &v in &self.faces[f as usize].vertices {
                for k in 0..3 {
                    let c = self.vertices[v as usize][k] as f64;
                    lo[k] = lo[k].min(c);
                    hi[k] = hi[k].max(c);
                }
            }
        }
        if g.faces.is_empty() {
            return ([0; 3], 0, [1.0; 3]);
        }
        let centre = [0, 1, 2].map(|k| ((lo[k] + hi[k]) / 2.0).round() as i32);
        // A flat group still gets some thickness so the ellipsoid is not degenerate.
        let half = [0, 1, 2].map(|k| ((hi[k] - lo[k]) / 2.0).max(8.0 * UNITS));
        let semi = half.map(|h| h * 3f64.sqrt());
        let r = semi.iter().cloned().fold(0.0, f64::max);
        (centre, r.ceil() as u32, semi.map(|s| (s / r) as f32))
    }

    /// Integer face normal as stored in files (× 256).
    pub fn stored_normal(face: &Face) -> [i32; 3] {
        face.normal.map(|c| (c * 256.0).round() as i32)
    }
}

/// A side of [`Mesh::cuboid`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// Facing +X.
    PosX,
    /// Facing −X.
    NegX,
    /// Facing down (+Y).
    Bottom,
    /// Facing up (−Y).
    Top,
    /// Facing +Z.
    PosZ,
    /// Facing −Z.
    NegZ,
}

/// Every side of a box.
pub const ALL_SIDES: [Side; 6] = [Side::PosX, Side::NegX, Side::Bottom, Side::Top, Side::PosZ, Side::NegZ];

/// Planar texture coordinates in quarter texels: project onto the face's dominant plane at one
/// texel per model unit (finer would shimmer under the renderer's point sampling).
fn uv_for(pts: &[[f64; 3]], n: [f64; 3]) -> Vec<[i32; 2]> {
    let (a, b) = if n[1].abs() >= n[0].abs() && n[1].abs() >= n[2].abs() {
        (0, 2)
    } else if n[0].abs() >= n[2].abs() {
        (2, 1)
    } else {
        (0, 1)
    };
    pts.iter().map(|p| [(p[a] * 4.0).round() as i32, (p[b] * 4.0).round() as i32]).collect()
}
