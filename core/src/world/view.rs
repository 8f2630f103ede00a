//! The world as the camera sees it ([`CameraScene`]): the bound actor's pose, the obstacle
//! candidates ({D:engine/SOUP.md} "Camera collision candidate radius" and
//! "Camera collision candidate eligibility"), the camera body's contacts and the terrain —
//! over the whole actor table, or mid-script over the running actor and the others.

use super::live::{Crowd, LiveModel, LiveScene};
use super::models::{ActorTable, ModelTables, Near};
use crate::camera::Camera;
use crate::camera::pose::{self, CameraScene};
use crate::capacity::{Capacity, Table};
use crate::collision::candidates::{Candidate, Candidates, MAX_CANDIDATES, within_distance};
use crate::collision::shape::Sphere;
use crate::collision::statics::{IDENTITY, face_contacts, segment_contacts};
use crate::terrain::VertexCache;

/// What one camera update reads of the world: the actors, the selected player, the live
/// models, the terrain and the frame scale (the camera itself stays borrowable apart).
pub(super) struct View<'w, 'a, C: Capacity, T: ActorTable + ?Sized = [crate::actor::Actor]> {
    pub actors: &'w T,
    pub player: Option<u16>,
    /// The static placements and, without `crowd`, every live model.
    pub scene: LiveScene<'w, 'a, C>,
    /// During a step: the crowd columns, the model tables and the actor whose model is left
    /// out, from which each query gathers only the live models near it ([`View::near`]).
    pub crowd: Option<(&'w Crowd<C>, ModelTables<'w, 'a>, u16)>,
    pub heights: &'w VertexCache<'a>,
    pub frame_scale: i32,
}

impl<'a, C: Capacity, T: ActorTable + ?Sized> View<'_, 'a, C, T> {
    /// Runs `f` with the scene a query at `origin` with `query_radius` reads: the view's own,
    /// or with the crowd, one holding the live models the model-distance test admits there
    /// (the same candidates, since every query tests that distance; indices into the
    /// shorter table).
    fn near<R>(&self, origin: [i32; 3], query_radius: i32, f: impl FnOnce(&LiveScene<'_, 'a, C>) -> R) -> R {
        let Some((crowd, tables, me)) = self.crowd else { return f(&self.scene) };
        let mut live = C::Work::<LiveModel<'a>>::default();
        let near = Some(Near { origin, query_radius });
        crowd.near([origin[0], origin[2]], query_radius, self.actors.count(), |id| {
            if let Some(l) = self.actors.actor(id as u16).and_then(|a| tables.live(me, id as u16, a, near)) {
                // At most one per actor, so the table has room.
                let _ = live.push(l);
            }
        });
        debug_assert!(
            (0..self.actors.count() as u16)
                .filter(|&id| self.actors.actor(id).and_then(|a| tables.live(me, id, a, near)).is_some())
                .eq(live.iter().map(|l| l.actor)),
            "the crowd cull left out an actor a camera query admits"
        );
        f(&LiveScene { statics: self.scene.statics, live: &live, transients: self.scene.transients })
    }
}

/// The radius a camera segment from `from` to `to` adds to each model's: twice the integer
/// root of the wrapped sum of wrapped squares.
fn added_radius(from: [i32; 3], to: [i32; 3]) -> i32 {
    let d = crate::math::wrapping_sub3(to, from);
    let sum = d.iter().fold(0i32, |s, &c| s.wrapping_add(c.wrapping_mul(c).wrapping_abs()));
    2 * (sum as u32).isqrt() as i32
}

impl<'a, C: Capacity> LiveScene<'_, 'a, C> {
    /// The camera's obstacle candidates: static placements, then live actors' face models,
    /// each with a radius strictly above `cutoff` whose centre is within the model radius
    /// plus `added` of `from`, up to 64.
    fn camera_candidates(
        &self,
        from: [i32; 3],
        added: i32,
        cutoff: i32,
        excluded: Option<u16>,
    ) -> Candidates {
        let mut c = Candidates::new();
        let statics = self.statics.placements();
        let mut admit = |k: usize| {
            let p = &statics[k];
            if p.radius > cutoff as f32 && within_distance(from, added, p.position, p.radius) {
                if c.faces.is_full() {
                    return false;
                }
                let _ = c.faces.push(Candidate { placement: k, flags: p.flags });
            }
            true
        };
        // In placement order: only those the distance test can admit, when the statics'
        // cells give them, else every one.
        let mut near = heapless::Vec::<u16, 256>::new();
        if self.statics.reachable_in_order(from, added, &mut near) {
            let _ = near.iter().all(|&k| admit(k as usize));
        } else {
            let _ = (0..statics.len()).all(&mut admit);
        }
        #[cfg(debug_assertions)]
        {
            let whole = statics.iter().enumerate().filter(|(_, p)| p.radius > cutoff as f32);
            let whole = whole
                .filter(|(_, p)| within_distance(from, added, p.position, p.radius))
                .take(MAX_CANDIDATES);
            debug_assert!(
                whole.map(|(k, _)| k).eq(c.faces.iter().map(|f| f.placement)),
                "the camera's static cull"
            );
        }
        for (k, l) in self.live.iter().enumerate() {
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
        let added = added_radius(from, to);
        self.near(from, added, |scene| {
            let lists = scene.camera_candidates(from, added, cutoff, excluded);
            let (a, b) = (from.map(|c| c as f32), to.map(|c| c as f32));
            for w in segment_contacts(scene, &lists, a, b, false) {
                hit(w.point, w.fraction);
            }
        });
    }

    fn body_normals(&self, at: [i32; 3], radius: f32, normal: &mut dyn FnMut([i32; 3])) {
        let sphere = Sphere { centre: [0; 3], radius: radius as i32 };
        let query = radius as i32 + 1;
        self.near(at, query, |scene| {
            for w in face_contacts(scene, at, &IDENTITY, core::iter::once(sphere), query) {
                normal(w.normal);
            }
        });
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
