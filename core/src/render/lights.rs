//! Local lights on models ({D:engine/model-lighting.md} "Local-light model selection" and
//! "Local-light vertex contribution"; {D:formats/RGM.md} "MPSL (Lights)"): a map light adds
//! its signed colour to the vertices of the models it reaches, weighted by a falloff of its
//! own, before the channels are clamped.

use crate::formats::rgm::MpslRecord;
use crate::tables::{quantized_rsqrt, quantized_sqrt};

/// One local light.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LocalLight {
    /// Position, map units.
    pub position: [f32; 3],
    /// Signed red, green and blue strengths.
    pub rgb: [f32; 3],
    /// Radius, map units.
    pub radius: f32,
}

fn dot(a: [f32; 3], b: [f32; 3]) -> f32 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

impl LocalLight {
    /// An MPSL record's light: its position, radius and signed RGB as stored.
    pub fn from_mpsl(r: &MpslRecord<'_>) -> Self {
        LocalLight {
            position: r.position().map(|c| c as f32),
            rgb: r.rgb().map(|c| c as f32),
            radius: r.radius() as f32,
        }
    }

    /// An MPOB object light's ({D:engine/model-lighting.md} "Local-light records"): its
    /// position, radius and signed RGB as authored.
    pub fn from_mpob(r: &crate::formats::rgm::MpobRecord<'_>) -> Self {
        LocalLight {
            position: r.position().map(|c| c as f32),
            rgb: r.rgb().map(|c| c as f32),
            radius: r.radius() as f32,
        }
    }

    /// Whether the light reaches a model at `origin` with bound radius `model_radius`:
    /// `|L − O|² − R² ≤ r²`, inclusive (not a sphere-overlap test).
    pub fn selects(&self, origin: [f32; 3], model_radius: f32) -> bool {
        let d = [0, 1, 2].map(|k| self.position[k] - origin[k]);
        dot(d, d) - model_radius * model_radius <= self.radius * self.radius
    }

    /// What the light, at `light` in the model's coordinates, adds to a vertex at `vertex`
    /// with the supplied (not renormalised) normal `normal`: with `V = vertex − light` and
    /// `q = V·V`, `V` normalised by the quantized reciprocal square root; only a negative
    /// `V·N` lights. The weight is `((2r + r²) + r) / 256 ÷ ((2d + q) + d)` (`d` the quantized
    /// square root of `q`; a negative one adds nothing) times `−V·N`, and each signed channel
    /// is multiplied by it. No cutoff at the radius.
    pub fn contribution(&self, light: [f32; 3], vertex: [f32; 3], normal: [f32; 3]) -> [f32; 3] {
        let v = [0, 1, 2].map(|k| vertex[k] - light[k]);
        let q = dot(v, v);
        let k = quantized_rsqrt(q);
        let facing = dot(v.map(|c| c * k), normal);
        // NaN (a non-finite vertex) lights nothing either.
        if facing.is_nan() || facing >= 0.0 {
            return [0.0; 3];
        }
        let d = quantized_sqrt(q);
        let r = self.radius;
        let attenuation = ((2.0 * r + r * r) + r) / 256.0 / ((2.0 * d + q) + d);
        if attenuation.is_nan() || attenuation < 0.0 {
            return [0.0; 3];
        }
        let weight = attenuation * -facing;
        self.rgb.map(|c| c * weight)
    }
}

/// The intensity of a model vertex at `vertex` (model coordinates) with the supplied
/// normal `normal`: the ambient, face-brightness and sun term `base` plus every reaching
/// light's contribution (each light with its position in the model's coordinates), clamped
/// to `0..=255` ({D:engine/model-lighting.md} "Ambient and directional contribution": local
/// lights add before the clamp). A palette renderer shades one channel, so the signed RGB
/// sum adds as its mean.
pub fn vertex_intensity(
    base: f32,
    reaching: &[([f32; 3], &LocalLight)],
    vertex: [f32; 3],
    normal: [f32; 3],
) -> f32 {
    let rgb = reaching.iter().fold([0f32; 3], |sum, (at, l)| {
        let add = l.contribution(*at, vertex, normal);
        [sum[0] + add[0], sum[1] + add[1], sum[2] + add[2]]
    });
    super::look::Light::clamp(base + (rgb[0] + rgb[1] + rgb[2]) / 3.0)
}

/// The most local lights of each kind one model takes (best guess: the docs give no limit;
/// the first that reach it, in the order given).
pub const MODEL_LIGHTS: usize = 16;

/// The local lights one model instance takes, carried into its coordinates
/// ({D:engine/model-lighting.md} "Local-light model selection"): the map lights when it
/// is prelit, and the object lights.
#[derive(Clone, Debug, Default)]
pub struct ModelLights<'l> {
    /// World entry baked the map lights into its colours ("World prelighting": the
    /// world has map lights and the instance takes them).
    prelit: bool,
    map: heapless::Vec<([f32; 3], &'l LocalLight), MODEL_LIGHTS>,
    object: heapless::Vec<([f32; 3], &'l LocalLight), MODEL_LIGHTS>,
}

impl<'l> ModelLights<'l> {
    /// The lights that select a model at `origin` with bound `radius` and rotation
    /// `matrix`: of the map lights when it is prelit (`map` is `Some`), and of `object`.
    pub fn select(
        map: Option<&'l [LocalLight]>,
        object: &'l [LocalLight],
        origin: [f32; 3],
        radius: f32,
        matrix: &[[f32; 3]; 3],
    ) -> Self {
        let reaching = |lights: &'l [LocalLight]| {
            lights
                .iter()
                .filter(|l| l.selects(origin, radius))
                .map(|l| (world_to_model(l.position, origin, matrix), l))
                .take(MODEL_LIGHTS)
                .collect()
        };
        ModelLights { prelit: map.is_some(), map: reaching(map.unwrap_or(&[])), object: reaching(object) }
    }

    /// The intensity of a vertex at `vertex` (model coordinates) of a face lit `lit`
    /// (ambient, brightness and sun, unclamped), with the face's supplied normal when it
    /// has one. A prelit model's retained colour is the map lights' sum clamped and rounded
    /// to an integer, ties to even ({D:engine/model-lighting.md} "Retained instance
    /// colors"; one channel here, the mean of the RGB); the object lights then add to it
    /// and the sum is clamped again. Only faces with supplied normals take local lights.
    pub fn intensity(&self, lit: f32, vertex: [f32; 3], normal: Option<[f32; 3]>) -> f32 {
        let mut i = match normal {
            Some(n) if !self.map.is_empty() => vertex_intensity(lit, &self.map, vertex, n),
            _ => super::look::Light::clamp(lit),
        };
        if self.prelit {
            i = crate::math::round_ties_even(i);
        }
        match normal {
            Some(n) if !self.object.is_empty() => vertex_intensity(i, &self.object, vertex, n),
            _ => i,
        }
    }
}

/// `world − origin` carried into a model's coordinates by the transpose of its rotation
/// `matrix` (rows local → world).
pub fn world_to_model(world: [f32; 3], origin: [f32; 3], matrix: &[[f32; 3]; 3]) -> [f32; 3] {
    let d = [0, 1, 2].map(|k| world[k] - origin[k]);
    [0, 1, 2].map(|c| matrix[0][c] * d[0] + matrix[1][c] * d[1] + matrix[2][c] * d[2])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_light_on_one_vertex() {
        let l = LocalLight { position: [0.0; 3], rgb: [100.0, 50.0, 0.0], radius: 64.0 };
        // V = (16, 0, 0): q = 256 = 2⁸, rsqrt entry 0 with exponent ⌊(254 − 8) / 2⌋ = 123,
        // 2⁻⁴, so V becomes (1, 0, 0); against N = (−1, 0, 0) that is −1: lit. d = √256 = 16
        // (entry 0, exponent 4). Numerator ((128 + 4096) + 64) / 256 = 16.75; denominator
        // (32 + 256) + 16 = 304; weight 16.75 / 304 × 1.
        let w = 16.75f32 / 304.0;
        assert_eq!(l.contribution([0.0; 3], [16.0, 0.0, 0.0], [-1.0, 0.0, 0.0]), [100.0 * w, 50.0 * w, 0.0]);
        // Beyond the radius still lights: V = (128, 0, 0), q = 2¹⁴, d = 128,
        // (256 + 16,384) + 128 = 16,768.
        let w = 16.75f32 / 16_768.0;
        assert_eq!(l.contribution([0.0; 3], [128.0, 0.0, 0.0], [-1.0, 0.0, 0.0]), [100.0 * w, 50.0 * w, 0.0]);
        // Facing away, or on the light: nothing.
        assert_eq!(l.contribution([0.0; 3], [16.0, 0.0, 0.0], [1.0, 0.0, 0.0]), [0.0; 3]);
        assert_eq!(l.contribution([0.0; 3], [0.0; 3], [-1.0, 0.0, 0.0]), [0.0; 3]);
        // A half-length normal halves the weight (its magnitude is kept).
        let w = 16.75f32 / 304.0 * 0.5;
        assert_eq!(l.contribution([0.0; 3], [16.0, 0.0, 0.0], [-0.5, 0.0, 0.0]), [100.0 * w, 50.0 * w, 0.0]);
    }

    #[test]
    fn a_vertex_of_a_square_under_a_light() {
        // The light 32 in front of the centre of a square 32 on a side facing it (normal
        // (0, 0, −1)): corner (16, 16, 0) is V = (16, 16, 32) from it, q = 1,536 = 1.5 × 2¹⁰.
        // √ entry 64 (0.5 × 128): √1.5 = 1.2247 → 28/128, exponent 5: d = 32 × 1.21875 = 39.
        // 1/√ entry 64: 1/√1.5 = 0.8165 = 1.63299 × 2⁻¹ → 81/128, exponent ⌊(253 − 10)/2⌋
        // − 127 = −6: k = 1.6328125 / 64; V_z k = 0.81640625. Radius 64: 16.75 over
        // (78 + 1,536) + 39 = 1,653, times 0.81640625, times 3,000 per channel = 24.818.
        let l = LocalLight { position: [0.0, 0.0, -32.0], rgb: [3000.0; 3], radius: 64.0 };
        let reaching = [([0.0, 0.0, -32.0], &l)];
        let got = vertex_intensity(100.0, &reaching, [16.0, 16.0, 0.0], [0.0, 0.0, -1.0]);
        let want = 100.0 + 3000.0 * (16.75f32 / 1653.0 * 0.81640625);
        assert!((got - want).abs() < 1e-4 && (got - 124.818).abs() < 1e-3, "{got}");
        // Clamped after the lights: a base of 250 stops at 255; a negative light at 0.
        assert_eq!(vertex_intensity(250.0, &reaching, [16.0, 16.0, 0.0], [0.0, 0.0, -1.0]), 255.0);
        let dark = LocalLight { rgb: [-30_000.0; 3], ..l };
        assert_eq!(
            vertex_intensity(100.0, &[([0.0, 0.0, -32.0], &dark)], [16.0, 16.0, 0.0], [0.0, 0.0, -1.0]),
            0.0
        );
    }

    #[test]
    fn selection_subtracts_the_model_radius_squared() {
        let l = LocalLight { position: [0.0; 3], rgb: [1.0; 3], radius: 30.0 };
        // |L − O|² = 50² = 2500; 2500 − 40² = 900 = 30²: selected (inclusive), though the
        // spheres (50 apart, radii 30 + 40 = 70) would overlap anyway; at 51, 2601 − 1600 =
        // 1001 > 900: not, though 51 < 70.
        assert!(l.selects([50.0, 0.0, 0.0], 40.0));
        assert!(!l.selects([51.0, 0.0, 0.0], 40.0));
    }

    #[test]
    fn a_prelit_vertex_rounds_its_map_lights_before_the_object_lights() {
        // The square's corner of a_vertex_of_a_square_under_a_light: one light adds 24.818.
        // Prelit: 100 + 24.818 = 124.818 retained as 125 (nearest); a second, object light
        // of the same strength then adds 24.818 again: 149.818, clamped, not rounded.
        let l = LocalLight { position: [0.0, 0.0, -32.0], rgb: [3000.0; 3], radius: 64.0 };
        let one = [l];
        let identity = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
        let (corner, n) = ([16.0, 16.0, 0.0], Some([0.0, 0.0, -1.0]));
        let add = 3000.0 * (16.75f32 / 1653.0 * 0.81640625);
        let prelit = ModelLights::select(Some(&one), &[], [0.0; 3], 32.0, &identity);
        assert_eq!(prelit.intensity(100.0, corner, n), 125.0);
        let both = ModelLights::select(Some(&one), &one, [0.0; 3], 32.0, &identity);
        assert_eq!(both.intensity(100.0, corner, n), 125.0 + add);
        // Not prelit: the map light is not taken; the object light adds unrounded.
        let object = ModelLights::select(None, &one, [0.0; 3], 32.0, &identity);
        assert_eq!(object.intensity(100.0, corner, n), 100.0 + add);
        // A prelit world's face without a supplied normal takes no light, still rounded:
        // 100.5 → 100 (ties to even).
        assert_eq!(prelit.intensity(100.5, corner, None), 100.0);
        assert_eq!(object.intensity(100.5, corner, None), 100.5);
    }
}
