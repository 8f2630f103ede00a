//! A first terrain view: a heightfield drawn column by column, front to back, with a
//! per-column horizon so each pixel is written once. Shading comes from the palette ramps:
//! slope light toward the sun, darker with distance.
//!
//! [`DemoHills`] is a generated island for the skeleton; the WLD terrain replaces it.

use super::palette::{Ramp, ramps};
use super::{Framebuffer, MAX_WIDTH};
use crate::math::translate_heading;
use crate::tables;
use crate::units::{Angles, QUARTER_TURN};

/// What a heightfield says about one point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Material {
    /// Sea; drawn at elevation 0.
    Water,
    /// Beach.
    Sand,
    /// Grass.
    Grass,
    /// Rock.
    Rock,
}

impl Material {
    /// The shading ramp of this material.
    pub fn ramp(self) -> Ramp {
        match self {
            Material::Water => ramps::WATER,
            Material::Sand => ramps::SAND,
            Material::Grass => ramps::GRASS,
            Material::Rock => ramps::ROCK,
        }
    }
}

/// A terrain the view can draw. Elevation is up-positive map units (the original's Y axis
/// points down; a terrain height of −680 is elevation 680).
pub trait Heightfield {
    /// Ground elevation at map `(x, z)`.
    fn elevation(&self, x: i32, z: i32) -> i32;
    /// Surface material at map `(x, z)`.
    fn material(&self, x: i32, z: i32) -> Material;
}

/// A generated island: a dome with table-sine ridges, sea all around.
#[derive(Clone, Copy, Debug, Default)]
pub struct DemoHills;

/// Centre of the demo island in map units.
pub const DEMO_CENTRE: i32 = 32768;

impl Heightfield for DemoHills {
    fn elevation(&self, x: i32, z: i32) -> i32 {
        let dx = (x - DEMO_CENTRE) as i64;
        let dz = (z - DEMO_CENTRE) as i64;
        let r2 = (dx * dx + dz * dz) >> 16;
        let dome = 2000 - (r2 * 2000 / 4096) as i32;
        let ridges = (tables::sin(x / 3) * 420.0 + tables::cos(z / 3 + x / 5) * 360.0) as i32
            + (tables::sin((x + z) / 2) * 90.0) as i32;
        dome + ridges - 200
    }

    fn material(&self, x: i32, z: i32) -> Material {
        let e = self.elevation(x, z);
        let slope = (self.elevation(x + 256, z) - e).abs() + (self.elevation(x, z + 256) - e).abs();
        match e {
            i32::MIN..=0 => Material::Water,
            1..=90 => Material::Sand,
            _ if slope > 160 || e > 1900 => Material::Rock,
            _ => Material::Grass,
        }
    }
}

/// A viewpoint: map-unit position (elevation up-positive) and orientation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Camera {
    /// Map X.
    pub x: i32,
    /// Elevation of the eye.
    pub elevation: i32,
    /// Map Z.
    pub z: i32,
    /// Heading (0 looks along +Z), pitch unused so far.
    pub angles: Angles,
}

/// Nearest and farthest sample distances, map units.
const NEAR: f32 = 64.0;
const FAR: f32 = 24_000.0;
/// Each sample steps this much farther than the last (relative).
const STEP_GROWTH: f32 = 1.012;
/// Distance over which shading darkens one ramp step.
const FOG_PER_SHADE: f32 = 1_800.0;

/// Draws sky and terrain into `fb` from `camera`.
pub fn draw(fb: &mut Framebuffer<'_>, field: &impl Heightfield, camera: &Camera) {
    let w = fb.width();
    let h = fb.height();
    let horizon = (h as i32 * 2) / 5;

    for y in 0..h {
        let t = ((y as i32 * 15) / horizon.max(1)).clamp(0, 15);
        fb.hspan(y, 0, w, ramps::SKY.shade(15 - t));
    }

    let heading = camera.angles.heading as i32;
    let fwd = direction(heading);
    let right = direction(heading - QUARTER_TURN);
    let focal = w as f32 * 0.9;
    let mut columns = [0i32; MAX_WIDTH];
    let columns = &mut columns[..w];
    columns.fill(h as i32);

    for (col, bottom) in columns.iter_mut().enumerate() {
        let t = (col as f32 - w as f32 / 2.0) / focal;
        let ray = (fwd.0 + right.0 * t, fwd.1 + right.1 * t);
        let mut dist = NEAR;
        while dist < FAR && *bottom > 0 {
            let px = camera.x + (ray.0 * dist) as i32;
            let pz = camera.z + (ray.1 * dist) as i32;
            let material = field.material(px, pz);
            let elev = if material == Material::Water { 0 } else { field.elevation(px, pz) };
            let sy = horizon + ((camera.elevation - elev) as f32 * focal / dist) as i32;
            if sy < *bottom {
                let shade = shade(field, px, pz, elev, material, dist);
                fb.vspan(col, sy.max(0) as usize, *bottom as usize, material.ramp().shade(shade));
                *bottom = sy.max(0);
            }
            dist *= STEP_GROWTH;
        }
    }
}

/// The horizontal unit vector of a heading, as [`translate_heading`] moves along it.
fn direction(heading: i32) -> (f32, f32) {
    let (x, z) = translate_heading(0, 0, heading, 1 << 16);
    (x as f32 / 65536.0, z as f32 / 65536.0)
}

fn shade(field: &impl Heightfield, x: i32, z: i32, elev: i32, material: Material, dist: f32) -> i32 {
    let fog = (dist / FOG_PER_SHADE) as i32;
    let light = if material == Material::Water {
        3 + (((x >> 6) ^ (z >> 7)) & 1)
    } else {
        let gx = field.elevation(x + 128, z) - elev;
        let gz = field.elevation(x, z + 128) - elev;
        (5 + (gx + gz) / 24).clamp(0, 10)
    };
    light + fog
}
