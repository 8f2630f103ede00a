//! Which model an actor shows and where it is presented, read from the world's model tables
//! alone — apart from the actor table, so that a script handler holding its actor mutably
//! (the location camera's pose update) can still place every live model.

use super::live::{LiveModel, Others};
use super::{SetEntry, WorldModel, placed_model};
use crate::actor::{Actor, ActorModel, attr};
use crate::capacity::Table;
use crate::collision::candidates::within_distance;
use crate::collision::shape::{ActorSpheres, VertexSpheres};
use crate::collision::statics::PlacedModel;
use crate::formats::wld::Wld;

/// The actors, looked up by id.
pub(crate) trait ActorTable {
    /// Actor `id`.
    fn actor(&self, id: u16) -> Option<&Actor>;
    /// How many ids there are.
    fn count(&self) -> usize;
}

impl ActorTable for [Actor] {
    fn actor(&self, id: u16) -> Option<&Actor> {
        self.get(id as usize)
    }
    fn count(&self) -> usize {
        self.len()
    }
}

/// The actor table while actor `me` runs its update: `me` held apart, the others.
pub(super) struct Running<'w, 'o> {
    pub me: u16,
    pub actor: &'w Actor,
    pub others: &'w Others<'o>,
}

impl ActorTable for Running<'_, '_> {
    fn actor(&self, id: u16) -> Option<&Actor> {
        if id == self.me { Some(self.actor) } else { self.others.get(id as usize) }
    }
    fn count(&self) -> usize {
        self.others.len()
    }
}

/// Where the one gather of an ordinary actor's update is made ([`super::World::live_models`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Near {
    /// The gather's integer map origin.
    pub origin: [i32; 3],
    /// Its query radius.
    pub query_radius: i32,
}

/// The tables a model and its presentation come from.
#[derive(Clone, Copy)]
pub(crate) struct ModelTables<'w, 'a> {
    /// The actor definitions (their `RAVC` records).
    pub rgm: &'w crate::formats::rgm::Rgm<'a>,
    pub models: &'w [WorldModel<'a>],
    pub sets: &'w [SetEntry<'a>],
    pub frame_models: &'w [u16],
    pub wld: &'w Wld<'a>,
    /// `[game] swim_depth`.
    pub swim_depth: i32,
    /// The designated player pair and which of them is selected.
    pub players: [Option<u16>; 2],
    pub selected: usize,
    /// The selected player's death-progress word and hit inhibition.
    pub death: (i32, bool),
}

impl<'w, 'a> ModelTables<'w, 'a> {
    /// The world model of frame-table entry `k` of `entry`'s table.
    pub fn frame_model(&self, entry: &SetEntry<'a>, k: usize) -> Option<&'w WorldModel<'a>> {
        let at = (entry.models.start as usize).checked_add(k).filter(|&i| i < entry.models.end as usize)?;
        let m = *self.frame_models.get(at)?;
        self.models.get(m as usize)
    }

    /// The world model actor `a` currently shows (the static model, or its pose's model).
    pub fn actor_model(&self, a: &Actor) -> Option<&'w WorldModel<'a>> {
        let index = match a.model {
            ActorModel::Static { model, .. } => Some(model),
            ActorModel::Animated => {
                let entry = self.sets.get(a.set? as usize)?;
                return self.frame_model(entry, a.anim.pose.map_or(0, |p| p.model as usize));
            }
            ActorModel::None => None,
        };
        self.models.get(index? as usize)
    }

    /// The spheres collision queries place for actor `a` ({D:engine/player.md} "Per-update
    /// collision shape preparation"): with `RAVC` records in its definition, one sphere per
    /// record bound to the model frame it shows — the pose's frame with an animated model
    /// source, otherwise the base model — and its built shape's ordinary spheres otherwise.
    /// Without a model to bind to, the built shape (best guess; the docs do not say).
    pub fn spheres(&self, a: &Actor) -> ActorSpheres<'w, 'a> {
        let built = ActorSpheres::Built(a.shape.ordinary_spheres());
        let Some(span) = self.rgm.actor(a.definition as usize).and_then(|d| d.vertex_span()) else {
            return built;
        };
        let frame = match a.model {
            ActorModel::Animated => a.anim.pose.map_or(0, |p| p.frame as u32),
            _ => 0,
        };
        match self.actor_model(a) {
            Some(m) => ActorSpheres::Vertex(VertexSpheres::new(self.rgm.ravc(), span, &m.model, frame)),
            None => built,
        }
    }

    /// The first sphere's radius of [`ModelTables::spheres`] (the response distances that
    /// read "the first sphere"), the built shape's when there are none.
    pub fn first_radius(&self, a: &Actor) -> i32 {
        self.spheres(a).next().map_or(a.shape.first.radius, |s| s.radius)
    }

    /// Where actor `a`'s current model `m` is presented ({D:engine/SOUP.md} "Current model
    /// presentation"): its logical position, and with collision mask 0x04 the water
    /// displacement of its model Y — surfaces 1, 5 and 11 sink it 64; surface 2 sinks it by a
    /// quarter of full coverage (64), 3 and 4 by a quarter of the blend coverage at the model
    /// X/Z (a partial coverage doubled, at most 256) — then the swim groups 141–143 add
    /// `[game] swim_depth`. Drawing and the collision candidates both read it; the logical
    /// position is unchanged. The selected player's surfaces 5 and 11 add his death-progress
    /// word too; hit-inhibited, his surfaces 2–4 give logical Y + 64 + progress and stop there.
    pub fn presented(&self, id: u16, a: &Actor, m: &WorldModel<'a>) -> PlacedModel<'a> {
        let mut p = placed_model(a, m);
        // Family refresh and the linked calculation place attached and linked actors; both
        // return before the water displacement.
        if a.collide() & crate::actor::collide::GROUND == 0 || a.placed_by_owner() {
            return p;
        }
        let selected = self.players[self.selected] == Some(id);
        let (progress, hit_inhibition) = if selected { self.death } else { (0, false) };
        let sink = match a.surface {
            5 | 11 => 64i32.wrapping_add(progress),
            2..=4 if hit_inhibition => {
                p.position[1] = ((a.position[1] >> 8).wrapping_add(64).wrapping_add(progress)) as f32;
                return p;
            }
            1 | 2 => 64,
            3 | 4 => {
                let (x, z) = (p.position[0] as i32, p.position[2] as i32);
                let byte = crate::terrain::material(self.wld, x, z);
                let c = if byte < 0 { 0 } else { crate::terrain::blend_coverage(byte as u8, x, z) };
                let c = if c == 0 || c == 256 { c } else { (c * 2).min(256) };
                c >> 2
            }
            _ => return p,
        };
        p.position[1] = ((a.position[1] >> 8).wrapping_add(sink)) as f32;
        if matches!(a.surface, 2..=4) && (141..=143).contains(&a.anim.current) {
            p.position[1] += self.swim_depth as f32;
        }
        p
    }

    /// The gates of a live candidate other than its model: not `me`, not the unselected
    /// member of the player pair, a clear animation-update exclusion and a zero attribute 55.
    fn live_gate(&self, me: u16, id: u16, a: &Actor) -> bool {
        id != me
            && Some(id) != self.players[1 - self.selected]
            && a.shown()
            && a.anim_update_exclusion == 0
            && a.attr(attr::NO_COLLIDE) == 0
    }

    /// Actor `id` as a live collision candidate of `me`'s gather ("Live and transient
    /// collision candidates"): through the gates, with a model, and with `near` within the
    /// model-distance test of the gather's origin and radius.
    pub fn live(&self, me: u16, id: u16, a: &Actor, near: Option<Near>) -> Option<LiveModel<'a>> {
        if !self.live_gate(me, id, a) {
            return None;
        }
        let placed = self.presented(id, a, self.actor_model(a)?);
        if let Some(Near { origin, query_radius }) = near
            && !within_distance(origin, query_radius, placed.position, placed.radius)
        {
            return None;
        }
        Some(LiveModel { actor: id, placed, face: matches!(a.model, ActorModel::Static { .. }) })
    }

    /// Every actor of `actors` that passes [`Self::live`] for `me` (`u16::MAX`: no one
    /// excluded) without a distance test, into `live`, in actor order. (Filled where the table
    /// is: a desktop build's table is too large to pass by value every update.)
    pub fn live_all(
        &self,
        actors: &(impl ActorTable + ?Sized),
        me: u16,
        live: &mut impl Table<LiveModel<'a>>,
    ) {
        live.clear();
        for id in 0..actors.count() as u16 {
            if let Some(l) = actors.actor(id).and_then(|a| self.live(me, id, a, None)) {
                // At most one per actor, so the table has room.
                let _ = live.push(l);
            }
        }
    }
}

impl<'a, C: crate::capacity::Capacity> super::World<'a, C> {
    /// The spheres actor `id`'s collision queries place now, actor-local, in order: its
    /// `RAVC` records bound to the model frame it shows, or its built shape's ordinary
    /// spheres ({D:engine/player.md} "Per-update collision shape preparation"); none for no
    /// actor.
    pub fn collision_spheres(&self, id: u16) -> impl Iterator<Item = crate::collision::shape::Sphere> + '_ {
        let tables =
            self.assets.model_tables(self.tables.players, self.tables.selected, &self.systems.player.death);
        self.tables.actors.get(id as usize).map(|a| tables.spheres(a)).into_iter().flatten()
    }
}
