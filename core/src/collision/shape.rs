//! Actor collision shapes (seed 000 and the newest player docs): "Upright actor collision
//! spheres", the horizontal shapes, "Per-update collision shape preparation" and the
//! collision matrix built from the prepared angle fields.

use crate::tables;

/// Most spheres a shape stores, the extra support sphere included. The original sizes its
/// buffers from the bounds; Stros caps them so a hostile MPSZ record cannot grow a shape
/// without bound (no shipped bounds come near).
pub const MAX_SPHERES: usize = 32;

/// Minimum unscaled sphere radius, map units.
pub const MIN_RADIUS: i32 = 4;
/// Radius of the default shape of an actor without bounds or a static model.
pub const DEFAULT_RADIUS: i32 = 12;
/// RAEX radius scale used when the stored one is nonpositive.
pub const UNIT_SCALE: i32 = 256;

/// MPSZ-style bounds, map units.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Bounds {
    /// Totals per axis.
    pub total: [i32; 3],
    /// Positive extents (Y: down to the feet).
    pub positive: [i32; 3],
    /// Negative extents as magnitudes (Y: up to the head).
    pub negative: [i32; 3],
}

/// One sphere, centre in actor-local map units.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sphere {
    /// Local centre.
    pub centre: [i32; 3],
    /// Radius.
    pub radius: i32,
}

/// Which construction rule a shape used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShapeKind {
    /// A vertical stack (ties included).
    Upright,
    /// X strictly the largest total.
    XDominant,
    /// Z strictly the largest total.
    ZDominant,
    /// No bounds: one radius-12 sphere.
    Default,
}

/// A collision shape: the ordinary spheres, then one extra stored sphere.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shape {
    /// Construction rule.
    pub kind: ShapeKind,
    /// Ordinary spheres followed by the extra one (the upright support sphere, or a copy of
    /// the first sphere for horizontal shapes).
    pub spheres: heapless::Vec<Sphere, MAX_SPHERES>,
    /// How many of `spheres` the ordinary obstacle query uses.
    pub ordinary: usize,
}

impl Shape {
    /// The ordinary spheres.
    pub fn ordinary_spheres(&self) -> &[Sphere] {
        &self.spheres[..self.ordinary.min(self.spheres.len())]
    }

    /// The extra stored sphere, if the shape has one.
    pub fn extra(&self) -> Option<&Sphere> {
        self.spheres.get(self.ordinary)
    }

    /// The default shape: one sphere of radius 12 at the origin, no extra sphere.
    pub fn default_shape() -> Shape {
        let mut spheres = heapless::Vec::new();
        let _ = spheres.push(Sphere { centre: [0; 3], radius: DEFAULT_RADIUS });
        Shape { kind: ShapeKind::Default, spheres, ordinary: 1 }
    }
}

/// The radius scale from RAEX 0x12: nonpositive values select 256.
pub const fn radius_scale(raex_scale: i16) -> i32 {
    if raex_scale <= 0 { UNIT_SCALE } else { raex_scale as i32 }
}

/// Builds the collision shape of `bounds` (the sphere builder of actor initialisation).
///
/// `post_collide_height` and `standing_height` are the SYSTEM.INI values in map units.
pub fn build(bounds: &Bounds, raex_scale: i16, post_collide_height: i32, standing_height: i32) -> Shape {
    let [tx, ty, tz] = bounds.total;
    let scale = radius_scale(raex_scale);
    if tx > ty && tx > tz {
        horizontal(bounds, ShapeKind::XDominant, scale, post_collide_height)
    } else if tz > tx && tz > ty {
        horizontal(bounds, ShapeKind::ZDominant, scale, post_collide_height)
    } else {
        upright(bounds, scale, post_collide_height, standing_height)
    }
}

/// "Upright actor collision spheres".
fn upright(b: &Bounds, scale: i32, pch: i32, standing_height: i32) -> Shape {
    let radius = (b.total[0].max(b.total[2]) / 2).max(MIN_RADIUS);
    let spacing = 3 * (radius / 2);
    let mut available = b.total[1].wrapping_sub(pch);
    if available < 0 {
        available = pch;
    }
    let count = (available / spacing.max(1)).max(2) as usize;
    let scaled = radius.wrapping_mul(scale) >> 8;
    let mut spheres = heapless::Vec::new();
    let ordinary = count.min(MAX_SPHERES - 1);
    let mut y = radius - b.negative[1];
    for _ in 0..ordinary - 1 {
        let _ = spheres.push(Sphere { centre: [0, y, 0], radius: scaled });
        y = y.wrapping_add(spacing);
    }
    let _ = spheres.push(Sphere { centre: [0, b.positive[1] - pch - scaled, 0], radius: scaled });
    // The support sphere's centre subtracts the *runtime-scaled* standing height
    // (`standing_height << 8`) from a map-unit value: a faithful unit mix-up of the
    // original, which puts Cyrus's support sphere at local Y 548.
    let support_y = b.positive[1] - scaled - standing_height.wrapping_shl(8) - 2;
    let _ = spheres.push(Sphere { centre: [0, support_y, 0], radius: scaled });
    Shape { kind: ShapeKind::Upright, spheres, ordinary }
}

/// The X- and Z-dominant rows of spheres.
fn horizontal(b: &Bounds, kind: ShapeKind, scale: i32, pch: i32) -> Shape {
    let (dominant, other) = match kind {
        ShapeKind::XDominant => (0, b.total[1].max(b.total[2])),
        _ => (2, b.total[0].max(b.total[1])),
    };
    let mut radius = (other / 2).max(MIN_RADIUS);
    let y = if pch < 2 * radius {
        radius = (radius - pch / 2).max(MIN_RADIUS);
        radius - b.negative[1]
    } else {
        -pch
    };
    let spacing = (3 * radius) >> 1;
    let count = ((b.total[dominant] / spacing.max(1)).max(1) as usize).min(MAX_SPHERES - 1);
    let stored = radius.wrapping_mul(scale) >> 8;
    let mut spheres = heapless::Vec::new();
    let start = radius - b.negative[dominant];
    for k in 0..count as i32 {
        // X-dominant shapes advance an accumulator the original never applies to the
        // stored centres: every sphere sits at the first X.
        let centre = match kind {
            ShapeKind::XDominant => [start, y, 0],
            _ => [0, y, start.wrapping_add(k.wrapping_mul(spacing))],
        };
        let _ = spheres.push(Sphere { centre, radius: stored });
    }
    let first = spheres[0];
    let _ = spheres.push(first);
    Shape { kind, spheres, ordinary: count }
}

/// A shape prepared for this update: the origin in map units (runtime `>> 8`, stored as
/// f32) and the angle fields `(-angle) & 2047` as integers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placement {
    /// Origin, map units.
    pub origin: [f32; 3],
    /// `(-pitch) & 2047`, `(-heading) & 2047`, `(-roll) & 2047`.
    pub angle_fields: [i32; 3],
}

/// "Per-update collision shape preparation" of the position and angles.
pub fn prepare(runtime_position: [i32; 3], pitch: u16, heading: u16, roll: u16) -> Placement {
    Placement {
        origin: runtime_position.map(|c| (c >> 8) as f32),
        angle_fields: [-(pitch as i32) & 2047, -(heading as i32) & 2047, -(roll as i32) & 2047],
    }
}

/// The two working records' sphere counts: the first keeps the ordinary count; for upright
/// bounds the second also includes the support sphere.
pub fn working_counts(shape: &Shape) -> (usize, usize) {
    match shape.kind {
        ShapeKind::Upright => (shape.ordinary, shape.ordinary + 1),
        _ => (shape.ordinary, shape.ordinary),
    }
}

/// The collision matrix rebuilt from the prepared angle fields (rows as the newest player
/// docs give them; each component stored as f32). An upright actor's local forward maps to
/// `(-sy, 0, cy)`, unlike the presentation matrix's `(sy, 0, cy)`.
pub fn collision_matrix(angle_fields: [i32; 3]) -> [[f32; 3]; 3] {
    let [p, y, r] = angle_fields;
    let (sp, cp) = (tables::sin(p) as f64, tables::cos(p) as f64);
    let (sy, cy) = (tables::sin(y) as f64, tables::cos(y) as f64);
    let (sr, cr) = (tables::sin(r) as f64, tables::cos(r) as f64);
    [
        [(sp * sr * sy + cr * cy) as f32, (-sr * cp) as f32, (sr * sp * cy - sy * cr) as f32],
        [(sr * cy - sp * sy * cr) as f32, (cr * cp) as f32, (-sr * sy - cr * sp * cy) as f32],
        [(cp * sy) as f32, sp as f32, (cp * cy) as f32],
    ]
}
