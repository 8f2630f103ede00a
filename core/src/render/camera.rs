//! Camera space: a [`View`] (eye, heading, pitch) and the basis that carries world points
//! into the camera's axes (X right, Y down, Z forward, the eye at the origin), shared by
//! the terrain, the models and the sky.

use crate::tables;

/// `[f(a), f(b), f(c)]`: `array::map` for the three corners and three axes of the hot
/// paths, always inlined (the library's `map` goes through a call that is not).
#[inline(always)]
pub(super) fn map3<T, U>([a, b, c]: [T; 3], mut f: impl FnMut(T) -> U) -> [U; 3] {
    [f(a), f(b), f(c)]
}

/// A viewpoint.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct View {
    /// Eye position, map units (Y down).
    pub eye: [f32; 3],
    /// Heading, 2048 units a turn: 0 looks along +Z, 512 along −X.
    pub heading: u16,
    /// Pitch, 2048 units a turn: positive looks down.
    pub pitch: i16,
}

impl View {
    /// Camera coordinates of a world point: X right, Y down, Z forward, eye at the origin.
    pub fn to_camera(&self, world: [f32; 3]) -> [f32; 3] {
        Basis::new(self).camera(world)
    }

    /// The unit vector the view looks along.
    pub fn forward(&self) -> [f32; 3] {
        Basis::new(self).rows[2]
    }
}

/// The horizontal unit vector of a heading: `(sin(−h), 0, cos(−h))` from the shared table.
pub fn heading_vector(heading: i32) -> [f32; 3] {
    [tables::sin(heading.wrapping_neg()), 0.0, tables::cos(heading.wrapping_neg())]
}

/// The view's axes and eye, for transforming many points.
#[derive(Clone, Copy, Debug)]
pub(super) struct Basis {
    pub(super) eye: [f32; 3],
    /// Right, down and forward, in world coordinates.
    pub(super) rows: [[f32; 3]; 3],
}

pub(super) fn dot(a: [f32; 3], b: [f32; 3]) -> f32 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

pub(super) fn length(a: [f32; 3]) -> f32 {
    libm::sqrtf(dot(a, a))
}

impl Basis {
    pub(super) fn new(view: &View) -> Basis {
        let h = view.heading as i32;
        let f = heading_vector(h);
        // Screen right is the forward vector of heading h − 512.
        let right = heading_vector(h - 512);
        let (sp, cp) = (tables::sin(view.pitch as i32), tables::cos(view.pitch as i32));
        let forward = [f[0] * cp, sp, f[2] * cp];
        let down = [-f[0] * sp, cp, -f[2] * sp];
        Basis { eye: view.eye, rows: [right, down, forward] }
    }

    pub(super) fn rotate(&self, v: [f32; 3]) -> [f32; 3] {
        map3(self.rows, |r| dot(r, v))
    }

    #[inline(always)]
    pub(super) fn camera(&self, p: [f32; 3]) -> [f32; 3] {
        self.rotate([p[0] - self.eye[0], p[1] - self.eye[1], p[2] - self.eye[2]])
    }
}

/// `v` scaled to unit length; zero (or NaN) stays as it is.
pub(super) fn unit(v: [f32; 3]) -> [f32; 3] {
    let l = length(v);
    if l > 0.0 { map3(v, |c| c / l) } else { v }
}
