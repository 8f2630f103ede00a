//! The world as the camera sees it ([`CameraScene`]): the bound actor's pose, the obstacle
//! candidates ({D:engine/SOUP.md} "Camera collision candidate radius" and
//! "Camera collision candidate eligibility"), the camera body's contacts and the terrain —
//! over the whole actor table, or mid-script over the running actor and the others.

use super::live::LiveScene;
use super::models::ActorTable;
use crate::camera::Camera;
use crate::camera::pose::{self, CameraScene};
use crate::capacity::Capacity;
use crate::collision::candidates::{Candidate, Candidates, MAX_CANDIDATES, within_distance};
use crate::collision::shape::Sphere;
use crate::collision::statics::{IDENTITY, face_contacts, segment_contacts};
use crate::terrain::VertexCache;

/// What one camera update reads of the world: the actors, the selected player, the live
/// models, the terrain and the frame scale (the camera itself stays borrowable apart).
pub(super) struct View<'w, 'a, C: Capacity, T: ActorTable + ?Sized = [crate::actor::Actor]> {
    pub actors: &'w T,
    pub player: Option<u16>,
    pub scene: LiveScene<'w, 'a, C>,
    pub heights: &'w VertexCache<'a>,
    pub frame_scale: i32,
}

impl<C: Capacity, T: ActorTable + ?Sized> View<'_, '_, C, T> {
    /// The obstacle candidates: static placements, then live actors' face models, each
    /// with a radius strictly above `cutoff` whose centre is within the model radius plus the
    /// segment's added radius of `from`, up to 64.
    fn candidates(&self, from: [i32; 3], to: [i32; 3], cutoff: i32, excluded: Option<u16>) -> Candidates {
        // The added radius: twice the integer root of the wrapped sum of wrapped squares.
        let d = crate::math::wrapping_sub3(to, from);
        let sum = d.iter().fold(0i32, |s, &c| s.wrapping_add(c.wrapping_mul(c).wrapping_abs()));
        let added = 2 * (sum as u32).isqrt() as i32;
        let mut c = Candidates::new();
        let statics = self.scene.statics.placements();
        for (k, p) in statics.iter().enumerate() {
            if p.radius > cutoff as f32 && within_distance(from, added, p.position, p.radius) {
                if c.faces.is_full() {
                    break;
                }
                let _ = c.faces.push(Candidate { placement: k, flags: p.flags });
            }
        }
        for (k, l) in self.scene.live.iter().enumerate() {
            let p = &l.placed;
            if !l.face || Some(l.actor) == excluded || p.radius <= cutoff as f32 {
                continue;
            }
            if within_distance(from, added, p.position, p.radius) {
                if c.faces.len() == MAX_CANDIDATES {
                    break;
                }
                let _ = c.faces.push(Candidate { placement: statics.len() + k, flags: p.flags });
            }
        }
        c
    }
}

impl<C: Capacity, T: ActorTable + ?Sized> CameraScene for View<'_, '_, C, T> {
    fn bound(&self, actor: Option<u16>) -> Option<([i32; 3], [i32; 3])> {
        // Where the actor is seen: an attached or linked actor's effective pose.
        let a = self.actors.actor(actor.or(self.player)?)?;
        let angles = a.effective_angles();
        Some((a.effective_position(), [angles.pitch as i32, angles.heading as i32, angles.roll as i32]))
    }

    fn obstacle(
        &self,
        from: [i32; 3],
        to: [i32; 3],
        cutoff: i32,
        excluded: Option<u16>,
        hit: &mut dyn FnMut([i32; 3], i32),
    ) {
        let excluded = excluded.or(self.player);
        let lists = self.candidates(from, to, cutoff, excluded);
        let (a, b) = (from.map(|c| c as f32), to.map(|c| c as f32));
        for w in segment_contacts(&self.scene, &lists, a, b, false) {
            hit(w.point, w.fraction);
        }
    }

    fn body_normals(&self, at: [i32; 3], radius: f32, normal: &mut dyn FnMut([i32; 3])) {
        let sphere = Sphere { centre: [0; 3], radius: radius as i32 };
        let query = radius as i32 + 1;
        for w in face_contacts(&self.scene, at, &IDENTITY, core::iter::once(sphere), query) {
            normal(w.normal);
        }
    }

    fn terrain_height(&self, x: i32, z: i32) -> Option<f32> {
        crate::terrain::camera_height(self.heights, x, z)
    }

    fn frame_scale(&self) -> i32 {
        self.frame_scale
    }
}

/// A location camera's one pose update with its record selected, then flag 0x01 cleared
/// ({D:engine/SOUP.md} "Location camera request").
pub(super) fn location_pose(camera: &mut Camera, view: &impl CameraScene) {
    pose::update(camera, view, true);
    camera.selected_mut().flags &= !crate::camera::flag::UNLIMITED;
}
