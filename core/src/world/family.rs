//! Actor families over the world's actors ({D:engine/SOUP.md} "Actor families and attached
//! transforms", "Family refresh"): which actors join which master when the map loads, and
//! the refresh that composes every member's effective pose before the actors update. The
//! one-actor arithmetic is [`crate::actor::family`].

use super::World;
use crate::actor::attr;
use crate::actor::family::{self, Attached};
use crate::capacity::{Capacity, Table};
use crate::script::NativeCall;
use crate::script::functions::id;

impl<'a, C: Capacity> World<'a, C> {
    /// Family initialization: for each master identity 1–255, the first actor of the
    /// registry traversal ([`super::Cells::registry_order`]) with that `attr_master` and no
    /// `attr_slave` is the root (other such roots stay independent). Each member's children
    /// are the actors whose `attr_slave` is its master identity — child masters first, then
    /// the rest, each group in reverse encounter order (the original prepends). Every actor
    /// joins one family once. Then, children before their parents' coordinates become local,
    /// each takes its local pose from its parent's original one ([`family::attach`]).
    ///
    /// [`World::families`] keeps the members in an order where every parent precedes its
    /// children (breadth-first from each root), the order the refresh needs.
    pub(super) fn init_families(&mut self) {
        let mut traversal = C::Work::<u16>::default();
        self.tables.cells.registry_order(&mut traversal);
        self.tables.families.clear();
        for a in self.tables.actors.iter_mut() {
            a.attached = None;
        }
        for identity in 1..=255u8 {
            let root = traversal.iter().copied().find(|&id| {
                self.tables
                    .actors
                    .get(id as usize)
                    .is_some_and(|a| a.attr(attr::MASTER) == identity && a.attr(attr::SLAVE) == 0)
            });
            let Some(root) = root else { continue };
            if self.tables.families.push(root).is_err() {
                break;
            }
            let mut k = self.tables.families.len() - 1;
            while k < self.tables.families.len() {
                self.claim_children(self.tables.families[k], &traversal);
                k += 1;
            }
        }
        for k in (0..self.tables.families.len()).rev() {
            let id = self.tables.families[k] as usize;
            let Some(parent) = self.tables.actors[id].attached.map(|f| f.parent as usize) else { continue };
            let (pose, no_slave_rot) = {
                let p = &self.tables.actors[parent];
                (p.published_pose(), p.attr(attr::NO_SLAVE_ROT))
            };
            family::attach(&mut self.tables.actors[id], parent as u16, &pose, no_slave_rot);
        }
    }

    /// Claims `parent`'s unclaimed children (child masters, then the others, each in reverse
    /// traversal order) and queues them in [`World::families`]. A claimed child is marked by
    /// a family record at its world pose until [`family::attach`] makes it local.
    fn claim_children(&mut self, parent: u16, traversal: &[u16]) {
        let identity = self.tables.actors[parent as usize].attr(attr::MASTER);
        if identity == 0 {
            return;
        }
        for masters in [true, false] {
            for &id in traversal.iter().rev() {
                let Some(a) = self.tables.actors.get_mut(id as usize) else { continue };
                let candidate = a.attr(attr::SLAVE) == identity && (a.attr(attr::MASTER) != 0) == masters;
                if id == parent || !candidate || a.attached.is_some() || self.tables.families.is_full() {
                    continue;
                }
                a.attached = Some(Attached {
                    parent,
                    effective: a.position,
                    previous: a.position,
                    angles: a.angles,
                    previous_angles: a.angles,
                    generation: 0,
                });
                let _ = self.tables.families.push(id);
            }
        }
    }

    /// "Family refresh" of every family, parents before children, then each linked actor's
    /// cached position from its owner's effective pose (the original evaluates those as it
    /// presents each listed actor; Stros does it for every linked actor here, after the
    /// families, so an owner's pose is current).
    pub(super) fn refresh_families(&mut self) {
        for k in 0..self.tables.families.len() {
            let id = self.tables.families[k] as usize;
            let Some(parent) = self.tables.actors[id].attached.map(|f| f.parent as usize) else { continue };
            let pose = self.tables.actors[parent].published_pose();
            family::compose(&mut self.tables.actors[id], &pose);
        }
        for id in 0..self.tables.actors.len() {
            let Some(owner) = self.tables.actors[id].link.and_then(|l| l.owner) else { continue };
            let Some(pose) = self.tables.actors.get(owner as usize).map(|o| o.published_pose()) else {
                continue;
            };
            let a = &mut self.tables.actors[id];
            let local = a.position;
            if let Some(l) = a.link.as_mut() {
                l.previous = l.cached;
                l.cached = l.evaluate(&pose, local);
            }
        }
    }
}

impl<'a, C: Capacity> super::script::WorldHost<'_, '_, '_, 'a, C> {
    /// The pose actor `id` publishes (the running actor included).
    pub(super) fn pose_of(&self, id: u16) -> Option<family::Pose> {
        self.record_of(id).map(|a| a.published_pose())
    }

    /// `Offset` and `UnOffset` called on actor `receiver`; `None` for other functions.
    ///
    /// `Offset(x, y, z)` links the running actor to the receiver ([`family::offset`]),
    /// detaching it from another owner first; the original raises a runtime error for a
    /// caller with `attr_slave` set, and Stros refuses the call (no change) instead, as it
    /// does a call on the caller itself. `UnOffset()` detaches the receiver
    /// ([`family::unoffset`]). Both return zero.
    pub(super) fn linking(&mut self, receiver: u16, call: &NativeCall<'_>) -> Option<i32> {
        match call.function {
            id::OFFSET => {
                let by = [call.arg(0), call.arg(1), call.arg(2)];
                if receiver == self.me || self.actor.attr(attr::SLAVE) != 0 {
                    return Some(0);
                }
                let old = self.actor.link.and_then(|l| l.owner).filter(|&o| o != receiver);
                if let Some(pose) = old.and_then(|o| self.pose_of(o)) {
                    family::unoffset(self.actor, &pose);
                }
                if let Some(pose) = self.pose_of(receiver) {
                    family::offset(self.actor, receiver, &pose, by);
                }
            }
            id::UN_OFFSET => {
                let linked = self.record_of(receiver)?.link.and_then(|l| l.owner);
                if let Some(pose) = linked.and_then(|o| self.pose_of(o))
                    && let Some(a) = self.actor_mut(receiver)
                {
                    family::unoffset(a, &pose);
                }
            }
            _ => return None,
        }
        Some(0)
    }
}
