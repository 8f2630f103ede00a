//! Actor collision shapes ({M} and the {D:engine/player.md}): "Upright actor collision
//! spheres", "Horizontal actor collision spheres", "Per-update collision shape preparation" and the
//! collision matrix built from the prepared angle fields.

use crate::tables;

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

/// A collision shape: its ordinary spheres, then one extra stored sphere.
///
/// The spheres follow from the bounds by the seed's rules, so the shape keeps the rule —
/// the first sphere, the step between centres and how many spheres it generates, the
/// upright shape's own last sphere and the extra one — rather than a table of spheres.
/// The original sizes its buffers from the bounds; nothing caps the sphere count here (the
/// actor overlap's first-32 rule is the overlap's own, and the model body query's refusal
/// of shapes over 24 spheres is that query's: [`super::statics::BODY_QUERY_SPHERES`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// Construction rule.
    pub kind: ShapeKind,
    /// The first ordinary sphere.
    pub first: Sphere,
    /// Centre step from one generated sphere to the next (wrapping).
    pub step: [i32; 3],
    /// Ordinary spheres generated from `first` by `step`.
    pub generated: u32,
    /// The upright shape's last ordinary sphere, which has its own centre rule.
    pub last: Option<Sphere>,
    /// The extra stored sphere: the upright support sphere, or a copy of the first sphere
    /// for horizontal shapes; the default shape has none.
    pub extra: Option<Sphere>,
}

/// The ordinary spheres of a [`Shape`], in order.
#[derive(Clone, Debug)]
pub struct Spheres {
    shape: Shape,
    next: u32,
}

impl Iterator for Spheres {
    type Item = Sphere;

    fn next(&mut self) -> Option<Sphere> {
        let k = self.next;
        let s = &self.shape;
        let sphere = if k < s.generated {
            let c = s.first.centre;
            let centre = [0, 1, 2].map(|i| c[i].wrapping_add(s.step[i].wrapping_mul(k as i32)));
            Sphere { centre, radius: s.first.radius }
        } else if k == s.generated {
            s.last?
        } else {
            return None;
        };
        self.next += 1;
        Some(sphere)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = (self.shape.ordinary() as u64).saturating_sub(self.next as u64) as usize;
        (left, Some(left))
    }
}

impl Shape {
    /// How many ordinary spheres the obstacle query uses.
    pub fn ordinary(&self) -> usize {
        self.generated as usize + self.last.is_some() as usize
    }

    /// The ordinary spheres, in order.
    pub fn ordinary_spheres(&self) -> Spheres {
        Spheres { shape: *self, next: 0 }
    }

    /// The extra stored sphere, if the shape has one.
    pub fn extra(&self) -> Option<Sphere> {
        self.extra
    }

    /// The default shape: one sphere of radius 12 at the origin, no extra sphere.
    pub fn default_shape() -> Shape {
        Shape {
            kind: ShapeKind::Default,
            first: Sphere { centre: [0; 3], radius: DEFAULT_RADIUS },
            step: [0; 3],
            generated: 1,
            last: None,
            extra: None,
        }
    }
}

/// One vertex-bound sphere ({D:engine/player.md} "Per-update collision shape preparation",
/// the `RAVC` rebuild): each centre axis is the model vertex (Q8 model units) divided by 256,
/// truncating toward zero, plus the record's signed offset; the radius is the record's.
pub fn vertex_sphere(vertex: [i32; 3], offset: [i8; 3], radius: u32) -> Sphere {
    // The stored radius is a 32-bit word the spheres read as signed.
    Sphere {
        centre: [0, 1, 2].map(|k| (vertex[k] / 256).wrapping_add(offset[k] as i32)),
        radius: radius as i32,
    }
}

/// The spheres of an actor whose definition carries `RAVC` records, rebuilt from the model
/// frame it shows now, one per record in record order.
#[derive(Clone, Debug)]
pub struct VertexSpheres<'m, 'a> {
    records: crate::formats::rgm::misc::Ravc<'a>,
    /// Byte offset of the actor's first record and how many follow.
    start: usize,
    count: usize,
    next: usize,
    /// The model the vertices are read from and its frame (0: the base vertices).
    model: &'m crate::formats::model::Model<'a>,
    frame: u32,
}

impl<'m, 'a> VertexSpheres<'m, 'a> {
    /// `count` records from byte `start` of `records`, bound to `frame` of `model`.
    pub fn new(
        records: crate::formats::rgm::misc::Ravc<'a>,
        (start, count): (usize, usize),
        model: &'m crate::formats::model::Model<'a>,
        frame: u32,
    ) -> Self {
        VertexSpheres { records, start, count, next: 0, model, frame }
    }
}

impl Iterator for VertexSpheres<'_, '_> {
    type Item = Sphere;

    fn next(&mut self) -> Option<Sphere> {
        if self.next >= self.count {
            return None;
        }
        let off = self.next.checked_mul(crate::formats::rgm::misc::RAVC_RECORD)?.checked_add(self.start)?;
        let r = self.records.at(off)?;
        self.next += 1;
        // A vertex the frame does not have reads as the origin (best guess: the original
        // reads past its vertex array; the docs do not say).
        let v = self.model.frame_vertex(self.frame, r.vertex as u32).unwrap_or([0; 3]);
        Some(vertex_sphere(v, r.offset, r.radius))
    }
}

/// The spheres a collision query places for an actor: its built shape's ordinary spheres, or
/// the vertex-bound ones that replace them.
#[derive(Clone, Debug)]
pub enum ActorSpheres<'m, 'a> {
    /// The shape built from the bounds.
    Built(Spheres),
    /// The `RAVC` rebuild.
    Vertex(VertexSpheres<'m, 'a>),
}

impl Iterator for ActorSpheres<'_, '_> {
    type Item = Sphere;

    fn next(&mut self) -> Option<Sphere> {
        match self {
            ActorSpheres::Built(s) => s.next(),
            ActorSpheres::Vertex(v) => v.next(),
        }
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
    let spacing = (radius / 2).wrapping_mul(3);
    let mut available = b.total[1].wrapping_sub(pch);
    if available < 0 {
        available = pch;
    }
    let count = (available / spacing.max(1)).max(2) as usize;
    let scaled = radius.wrapping_mul(scale) >> 8;
    // The support sphere's centre subtracts the *runtime-scaled* standing height
    // (`standing_height << 8`) from a map-unit value: a faithful unit mix-up of the
    // original, which puts Cyrus's support sphere at local Y 548.
    let support_y =
        b.positive[1].wrapping_sub(scaled).wrapping_sub(standing_height.wrapping_shl(8)).wrapping_sub(2);
    Shape {
        kind: ShapeKind::Upright,
        // All but the last start at radius minus the negative Y extent, a spacing apart.
        first: Sphere { centre: [0, radius.wrapping_sub(b.negative[1]), 0], radius: scaled },
        step: [0, spacing, 0],
        generated: count as u32 - 1,
        last: Some(Sphere {
            centre: [0, b.positive[1].wrapping_sub(pch).wrapping_sub(scaled), 0],
            radius: scaled,
        }),
        extra: Some(Sphere { centre: [0, support_y, 0], radius: scaled }),
    }
}

/// The X- and Z-dominant rows of spheres.
fn horizontal(b: &Bounds, kind: ShapeKind, scale: i32, pch: i32) -> Shape {
    let (dominant, other) = match kind {
        ShapeKind::XDominant => (0, b.total[1].max(b.total[2])),
        _ => (2, b.total[0].max(b.total[1])),
    };
    let mut radius = (other / 2).max(MIN_RADIUS);
    let y = if pch < radius.wrapping_mul(2) {
        radius = radius.wrapping_sub(pch / 2).max(MIN_RADIUS);
        radius.wrapping_sub(b.negative[1])
    } else {
        -pch
    };
    let spacing = radius.wrapping_mul(3) >> 1;
    let count = (b.total[dominant] / spacing.max(1)).max(1);
    let stored = radius.wrapping_mul(scale) >> 8;
    let start = radius.wrapping_sub(b.negative[dominant]);
    // X-dominant shapes advance an accumulator the original never applies to the stored
    // centres: every sphere sits at the first X.
    let (centre, step) = match kind {
        ShapeKind::XDominant => ([start, y, 0], [0; 3]),
        _ => ([0, y, start], [0, 0, spacing]),
    };
    let first = Sphere { centre, radius: stored };
    Shape { kind, first, step, generated: count as u32, last: None, extra: Some(first) }
}

/// A shape prepared for this update: the origin in map units (runtime `>> 8`, stored as
/// f32) and the angle fields `(-angle) & 2047` as integers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PreparedShape {
    /// Origin, map units.
    pub origin: [f32; 3],
    /// `(-pitch) & 2047`, `(-heading) & 2047`, `(-roll) & 2047`.
    pub angle_fields: [i32; 3],
}

/// "Per-update collision shape preparation" of the position and angles.
pub fn prepare(runtime_position: [i32; 3], pitch: u16, heading: u16, roll: u16) -> PreparedShape {
    PreparedShape {
        origin: runtime_position.map(|c| (c >> 8) as f32),
        angle_fields: [-(pitch as i32) & 2047, -(heading as i32) & 2047, -(roll as i32) & 2047],
    }
}

/// The two working records' sphere counts: the first keeps the ordinary count; for upright
/// bounds the second also includes the support sphere.
pub fn working_counts(shape: &Shape) -> (usize, usize) {
    match shape.kind {
        ShapeKind::Upright => (shape.ordinary(), shape.ordinary() + 1),
        _ => (shape.ordinary(), shape.ordinary()),
    }
}

/// The collision matrix rebuilt from the prepared angle fields (rows as the {D:engine/player.md}
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
