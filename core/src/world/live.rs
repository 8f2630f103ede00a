//! The collision scene of one actor update ({M}, "Live and transient collision
//! candidates", "Ordinary candidate lifetime"): the static placements, then the live
//! actors' models, separated into the face-model and actor-style lists once per update and
//! reused by every later query of that update.

use crate::capacity::Capacity;
use crate::collision::candidates::{Candidate, Candidates, MAX_CANDIDATES, within_distance};
use crate::collision::statics::{PlacedModel, Scene, Statics};

/// A live actor as a collision candidate.
#[derive(Clone, Copy, Debug)]
pub struct LiveModel<'a> {
    /// The actor.
    pub actor: u16,
    /// Its current model where it stands.
    pub placed: PlacedModel<'a>,
    /// It uses the static model path: a face model; otherwise an actor-style candidate.
    pub face: bool,
}

/// The static world plus the live actors' models, candidate indices numbering the static
/// placements first and the live models after them.
#[derive(Clone, Debug)]
pub struct LiveScene<'s, 'a, C: Capacity> {
    /// The static placements.
    pub statics: &'s Statics<'a, C>,
    /// The live actors admitted as candidates (already past their own gates), in a table
    /// the caller fills in place ([`crate::world::World`] builds it per actor update).
    pub live: &'s [LiveModel<'a>],
}

impl<'a, C: Capacity> LiveScene<'_, 'a, C> {
    /// The live model behind candidate index `index`, if it is one.
    pub fn live_model(&self, index: usize) -> Option<&LiveModel<'a>> {
        index.checked_sub(self.statics.placements().len()).and_then(|k| self.live.get(k))
    }

    /// Candidates visiting static placements first, then live actors, each list keeping
    /// its 64-entry limit across both phases. A full face list ends only the static scan; a
    /// full destination list skips a live actor; when both are full the traversal ends.
    pub fn gather(&self, origin: [i32; 3], query_radius: i32, excluded_actor: Option<u16>) -> Candidates {
        let mut c = Candidates::new();
        self.gather_into(origin, query_radius, excluded_actor, &mut c);
        c
    }

    /// [`LiveScene::gather`] into `c` (two kilobytes an actor update keeps where they are).
    pub fn gather_into(
        &self,
        origin: [i32; 3],
        query_radius: i32,
        excluded_actor: Option<u16>,
        c: &mut Candidates,
    ) {
        self.statics.candidates_into(origin, query_radius, c);
        let base = self.statics.placements().len();
        for (k, live) in self.live.iter().enumerate() {
            if Some(live.actor) == excluded_actor
                || !within_distance(origin, query_radius, live.placed.position, live.placed.radius)
            {
                continue;
            }
            if c.faces.len() == MAX_CANDIDATES && c.actor_style.len() == MAX_CANDIDATES {
                break;
            }
            let cand = Candidate { placement: base + k, flags: live.placed.flags };
            let _ = if live.face { c.faces.push(cand) } else { c.actor_style.push(cand) };
        }
    }
}

impl<'a, C: Capacity> Scene<'a> for LiveScene<'_, 'a, C> {
    type Lists<'s>
        = Candidates
    where
        Self: 's;
    fn candidates(&self, origin: [i32; 3], query_radius: i32) -> Candidates {
        self.gather(origin, query_radius, None)
    }

    fn model(&self, index: usize) -> Option<PlacedModel<'a>> {
        self.statics.placed(index).or_else(|| self.live_model(index).map(|l| l.placed))
    }
}

/// Candidate lists prepared once for an actor update: every query of the update reads
/// these lists whatever its origin ("Movement and script changes do not rerun spatial
/// admission between these stages").
#[derive(Clone, Debug)]
pub struct Prepared<'s, S> {
    /// The scene the indices refer to.
    pub scene: &'s S,
    /// The retained lists.
    pub lists: &'s Candidates,
}

impl<'a, S: Scene<'a>> Scene<'a> for Prepared<'_, S> {
    type Lists<'s>
        = &'s Candidates
    where
        Self: 's;
    fn candidates(&self, _origin: [i32; 3], _query_radius: i32) -> &Candidates {
        self.lists
    }

    fn model(&self, index: usize) -> Option<PlacedModel<'a>> {
        self.scene.model(index)
    }
}
