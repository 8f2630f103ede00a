//! Actors that move with another ({D:engine/SOUP.md} "Actor families and attached
//! transforms", "UnOffset", "Offset, PlayerOffset, PlayerOffsettask and CollidePlayerWeapon"): the
//! two records an actor can have besides its own local pose, and the arithmetic that turns them
//! into the *effective* pose
//! the renderer, the collision candidates, sounds and the player queries read.
//!
//! - An **attached** actor (nonzero `attr_slave`, joined to its master group when the world
//!   loads) keeps its position and angles *local* to its parent; each family refresh composes
//!   them with the parent's effective pose ([`compose`]).
//! - A **linked** actor (`Offset`) keeps a stored offset in its owner's frame on top of its
//!   own local position ([`Link`]); the presentation pass evaluates it ([`Link::evaluate`]).
//!
//! The world builds the family order and runs the refresh ([`crate::world`]); this module
//! holds only what one actor and its parent's pose decide.

use super::{Actor, SupportPose, attr};
use crate::math::{Axis, Mat3, RotationMode, refresh_orientation};
use crate::math::{wrapping_add3, wrapping_sub3};
use crate::units::Angles;

/// An attached actor's family record: its parent and the effective pose the latest family
/// refresh composed (and the one it replaced).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Attached {
    /// The parent (a master actor id).
    pub parent: u16,
    /// Effective position, runtime units.
    pub effective: [i32; 3],
    /// The effective position the latest refresh replaced.
    pub previous: [i32; 3],
    /// Effective angles.
    pub angles: Angles,
    /// The effective angles the latest refresh replaced.
    pub previous_angles: Angles,
    /// Family refreshes so far, held at 2 (support-following waits for two).
    pub generation: u8,
}

/// A linked-position record (`Offset`): the owner, the stored offset in the owner's frame
/// and the cached (evaluated) position with the one it replaced. `UnOffset` clears the owner
/// and keeps the rest.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Link {
    /// The owner; `None` once `UnOffset` detached the actor.
    pub owner: Option<u16>,
    /// The stored offset, runtime units in the owner's frame.
    pub offset: [i32; 3],
    /// The cached position, runtime units.
    pub cached: [i32; 3],
    /// The cached position the latest evaluation replaced.
    pub previous: [i32; 3],
}

/// A parent's published pose: what its children compose with.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pose {
    /// Effective position, runtime units.
    pub position: [i32; 3],
    /// Effective angles.
    pub angles: Angles,
    /// Orientation matrix.
    pub matrix: Mat3,
    /// The angle deltas passed on to the children (the propagated previous-angle fields).
    pub delta: Angles,
}

fn add_angles(a: Angles, b: Angles) -> Angles {
    Angles::new(
        a.pitch as i32 + b.pitch as i32,
        a.heading as i32 + b.heading as i32,
        a.roll as i32 + b.roll as i32,
    )
}

fn sub_angles(a: Angles, b: Angles) -> Angles {
    Angles::new(
        a.pitch as i32 - b.pitch as i32,
        a.heading as i32 - b.heading as i32,
        a.roll as i32 - b.roll as i32,
    )
}

impl Actor {
    /// Whether another actor places this one: a family member (with `attr_slave` set) or
    /// a linked actor whose record names an owner.
    pub fn placed_by_owner(&self) -> bool {
        (self.attached.is_some() && self.attr(attr::SLAVE) != 0)
            || self.link.is_some_and(|l| l.owner.is_some())
    }

    /// Where the actor is, as the world outside it sees it ({D:engine/SOUP.md} "PlayerDistance
    /// and PlayerFacing": the effective receiver position): the attached effective position with
    /// `attr_slave` set and a family record, else a linked record's cached position while it names
    /// an owner, else
    /// the local position.
    pub fn effective_position(&self) -> [i32; 3] {
        match (&self.attached, &self.link) {
            (Some(f), _) if self.attr(attr::SLAVE) != 0 => f.effective,
            (_, Some(l)) if l.owner.is_some() => l.cached,
            _ => self.position,
        }
    }

    /// The angles the world sees: the attached effective angles of a family member, else
    /// the actor's own.
    pub fn effective_angles(&self) -> Angles {
        match &self.attached {
            Some(f) if self.attr(attr::SLAVE) != 0 => f.angles,
            _ => self.angles,
        }
    }

    /// The pose this actor publishes to its family children: its effective pose and matrix,
    /// and as deltas, a root's angle change since its update copied them, a member's
    /// propagated previous-angle fields.
    pub fn published_pose(&self) -> Pose {
        let delta = match self.attached {
            Some(_) => self.previous_angles,
            None => sub_angles(self.angles, self.previous_angles),
        };
        Pose {
            position: self.effective_position(),
            angles: self.effective_angles(),
            matrix: self.matrix,
            delta,
        }
    }

    /// The support pose a rider follows ({D:engine/animation.md} "Supporting actor motion"):
    /// an attached support's current and previous effective pose (`None` before its second
    /// family refresh), a linked one's cached positions with its own angles, else its local
    /// pose.
    pub fn support_pose(&self) -> Option<SupportPose> {
        if let Some(f) = self.attached.filter(|_| self.attr(attr::SLAVE) != 0) {
            return (f.generation >= 2).then_some(SupportPose {
                position: f.effective,
                entry_position: f.previous,
                angles: f.angles,
                previous_angles: f.previous_angles,
            });
        }
        let (position, entry_position) = match self.link {
            Some(l) if l.owner.is_some() => (l.cached, l.previous),
            _ => (self.position, self.previous),
        };
        Some(SupportPose {
            position,
            entry_position,
            angles: self.angles,
            previous_angles: self.previous_angles,
        })
    }
}

/// Family initialization of one attached actor ("Actor families …", steps 1–4): its
/// displacement from the parent's saved original position taken through the transpose of
/// the parent's matrix ("Integer matrix arithmetic") becomes its local position; with the *parent's* `attr_no_slave_rot`
/// zero its angles become relative to the parent's saved angles. The effective record
/// starts at the world pose it had.
pub fn attach(child: &mut Actor, parent_id: u16, parent: &Pose, parent_no_slave_rot: u8) {
    let world = child.position;
    let world_angles = child.angles;
    child.position = parent.matrix.transform_int_transposed(wrapping_sub3(world, parent.position));
    if parent_no_slave_rot == 0 {
        child.angles = sub_angles(child.angles, parent.angles);
    }
    child.previous = child.position;
    child.previous_angles = child.angles;
    child.attached = Some(Attached {
        parent: parent_id,
        effective: world,
        previous: world,
        angles: world_angles,
        previous_angles: world_angles,
        generation: 0,
    });
}

/// "Family refresh" of one attached actor from its parent's published pose: the effective
/// position is the parent's plus the parent matrix times the local position. With the
/// child's own `attr_no_slave_rot` zero the matrix is the parent's turned by the negative
/// local yaw, pitch and roll ("Matrix axis updates") and the effective angles add the
/// parent's; the previous-angle fields become the propagated deltas ("Angle snapshots and
/// script ordering"). Otherwise the child's
/// matrix turns by its local angle changes and its effective angles are its local ones.
/// Returns the pose the child publishes to its own children.
pub fn compose(child: &mut Actor, parent: &Pose) -> Pose {
    let Some(mut f) = child.attached else { return child.published_pose() };
    f.previous = f.effective;
    f.previous_angles = f.angles;
    f.effective = wrapping_add3(parent.position, parent.matrix.transform_int(child.position));
    f.generation = f.generation.saturating_add(1).min(2);
    if child.attr(attr::NO_SLAVE_ROT) == 0 {
        let mut m = parent.matrix;
        let local = child.angles;
        m.rotate(Axis::Y, -(local.heading as i32));
        m.rotate(Axis::X, -(local.pitch as i32));
        m.rotate(Axis::Z, -(local.roll as i32));
        child.matrix = m;
        f.angles = add_angles(parent.angles, local);
        child.previous_angles = add_angles(sub_angles(local, child.previous_angles), parent.delta);
    } else {
        refresh_orientation(
            &mut child.matrix,
            child.angles,
            child.previous_angles,
            RotationMode::Incremental,
        );
        f.angles = child.angles;
    }
    child.attached = Some(f);
    Pose { position: f.effective, angles: f.angles, matrix: child.matrix, delta: child.previous_angles }
}

impl Link {
    /// The linked position: the owner's effective position, plus the stored offset turned by
    /// the owner's matrix (nearest-even), plus the actor's local position, all wrapping.
    pub fn evaluate(&self, owner: &Pose, local: [i32; 3]) -> [i32; 3] {
        wrapping_add3(wrapping_add3(owner.position, owner.matrix.transform_int(self.offset)), local)
    }
}

/// `UnOffset`: a linked actor's evaluated position becomes its local one and the owner is
/// cleared (the record, offset and cache stay). Nothing without a record or an owner.
pub fn unoffset(a: &mut Actor, owner: &Pose) {
    let Some(l) = a.link.as_mut().filter(|l| l.owner.is_some()) else { return };
    let at = l.evaluate(owner, a.position);
    l.cached = at;
    l.owner = None;
    a.position = at;
}

/// `Offset(x, y, z)` run by `a` on `owner` (`owner_id`): the stored offset is `a`'s local
/// position less the owner's effective position plus the arguments, taken through the
/// transpose of the owner's matrix; `a`'s local position becomes zero and its linked
/// position is evaluated. Already linked to this owner: no change. (The caller detaches
/// from another owner first, [`unoffset`].)
pub fn offset(a: &mut Actor, owner_id: u16, owner: &Pose, by: [i32; 3]) {
    if a.link.is_some_and(|l| l.owner == Some(owner_id)) {
        return;
    }
    let relative = wrapping_add3(wrapping_sub3(a.position, owner.position), by);
    let l = a.link.get_or_insert_with(Link::default);
    l.owner = Some(owner_id);
    l.offset = owner.matrix.transform_int_transposed(relative);
    a.position = [0; 3];
    l.previous = l.cached;
    l.cached = l.evaluate(owner, a.position);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn actor_at(position: [i32; 3], heading: u16) -> Actor {
        let mut a = Actor::new(0, [0; 256]);
        a.position = position;
        a.set_orientation(Angles { pitch: 0, heading, roll: 0 });
        a
    }

    /// A parent at (1000, 0, 0) facing 512 (a quarter turn) and a child at (1000, 0, 600):
    /// the displacement (0, 0, 600) through the transpose of the parent's matrix — rows
    /// `(c, 0, s)`, `(0, 1, 0)`, `(−s, 0, c)` with `s = sin(−512) = −1`, `c ≈ 0` — is
    /// `(−s·600, 0, c·600) = (600, 0, 0)`; its heading 700 becomes 700 − 512 = 188. A
    /// refresh with the parent unmoved puts it back at (1000, 0, 600), heading 700; the
    /// parent turned to 1024 carries it to (1000 − 600, 0, 0) = (400, 0, 0), heading 1212.
    #[test]
    fn attach_and_compose_by_hand() {
        let parent = actor_at([1000, 0, 0], 512);
        let mut child = actor_at([1000, 0, 600], 700);
        attach(&mut child, 3, &parent.published_pose(), 0);
        assert_eq!(child.position, [600, 0, 0]);
        assert_eq!(child.angles.heading, 188);
        child.attributes[attr::SLAVE] = 1;
        assert_eq!(child.effective_position(), [1000, 0, 600], "before the first refresh");
        let out = compose(&mut child, &parent.published_pose());
        assert_eq!(out.position, [1000, 0, 600]);
        assert_eq!(child.effective_angles().heading, 700);
        let turned = actor_at([1000, 0, 0], 1024);
        compose(&mut child, &turned.published_pose());
        assert_eq!(child.effective_position(), [400, 0, 0]);
        assert_eq!(child.effective_angles().heading, 1212);
        let f = child.attached.unwrap();
        assert_eq!((f.previous, f.generation), ([1000, 0, 600], 2));
        // The composed matrix is the parent's turned by −188: the rebuilt one of the
        // effective heading up to the composition's own f32 rounding (last place).
        let rebuilt = Mat3::from_orientation(Angles { pitch: 0, heading: 1212, roll: 0 });
        for (r, row) in child.matrix.m.iter().enumerate() {
            for (c, v) in row.iter().enumerate() {
                assert!((v - rebuilt.m[r][c]).abs() < 1e-6, "{r},{c}: {v} vs {}", rebuilt.m[r][c]);
            }
        }
        assert_ne!(child.matrix, rebuilt, "composition rounds differently from a rebuild");
    }

    /// With the child's `attr_no_slave_rot` set, the position still follows the parent but
    /// the angles stay its own: a parent turning to 1024 moves it, its heading stays 188
    /// (relative to the parent's 512 at attach time; the parent's attribute decided that).
    #[test]
    fn no_slave_rot_keeps_the_childs_angles() {
        let parent = actor_at([1000, 0, 0], 512);
        let mut child = actor_at([1000, 0, 600], 700);
        attach(&mut child, 3, &parent.published_pose(), 0);
        child.attributes[attr::SLAVE] = 1;
        child.attributes[attr::NO_SLAVE_ROT] = 1;
        let before = child.matrix;
        compose(&mut child, &actor_at([1000, 0, 0], 1024).published_pose());
        assert_eq!(child.effective_position(), [400, 0, 0]);
        assert_eq!(child.effective_angles().heading, 188);
        assert_eq!(child.matrix, before, "no local angle change: the matrix is untouched");
    }

    /// `Offset(0, 100, 0)` by an actor at (500, 0, 0) on an owner at (0, 0, 0) facing 0:
    /// the stored offset is (500, 100, 0), the local position zero, the linked position
    /// (500, 100, 0). The owner moving to (0, 0, 1000) and facing 1024 (a half turn) gives
    /// (−500, 100, 1000); `UnOffset` makes that the local position and clears the owner; a
    /// second `Offset` on the same owner while linked changes nothing.
    #[test]
    fn offset_then_unoffset_by_hand() {
        let owner = actor_at([0, 0, 0], 0);
        let mut a = actor_at([500, 0, 0], 0);
        offset(&mut a, 1, &owner.published_pose(), [0, 100, 0]);
        assert_eq!((a.position, a.effective_position()), ([0; 3], [500, 100, 0]));
        let l = a.link.unwrap();
        assert_eq!((l.owner, l.offset), (Some(1), [500, 100, 0]));
        offset(&mut a, 1, &owner.published_pose(), [9, 9, 9]);
        assert_eq!(a.link.unwrap().offset, [500, 100, 0], "already linked to this owner");
        let moved = actor_at([0, 0, 1000], 1024);
        unoffset(&mut a, &moved.published_pose());
        assert_eq!(a.position, [-500, 100, 1000]);
        assert_eq!(a.link.unwrap().owner, None);
        assert_eq!(a.effective_position(), a.position);
    }
}
