//! The world side of the selected player's ledges and jumps ({D:engine/player.md}
//! "Selected-player ledge entry"): [`PlayerScene`] for an actor update — "Ledge scan" over the
//! prepared candidates with "Ledge record classification", "Ledge support below the origin"
//! (whose measure the queued-motion clearance probe shares, over the opposite segment), the
//! grip vertex and the command lag.

use super::queries::Env;
use crate::actor::Actor;
use crate::actor::living;
use crate::capacity::Capacity;
use crate::collision::SurfaceClass;
use crate::collision::ledge::{Found, SECOND_PASS, Scan, fit, pass};
use crate::collision::shape::{Sphere, collision_matrix, prepare};
use crate::collision::statics::vertical_offers;
use crate::player::ledge::{self, Record, Table};
use crate::player::{PlayerScene, PlayerState};
use crate::world::collide::{fall_factor, turn_helper};

/// "No selection" of the support below the origin, runtime units.
pub const NO_SUPPORT_BELOW: i32 = 256_000;

impl<C: Capacity> Env<'_, '_, C> {
    /// "Ledge support below the origin": at integer X/Z the segment from `Y + positive
    /// extent` up to `Y` over the prepared face models ([`Env::vertical_clearance`]).
    pub fn support_below_origin(&self, a: &Actor) -> i32 {
        let o = a.map_position();
        self.vertical_clearance(a, o, o[1].wrapping_add(a.bounds.positive[1]), o[1], a.position[1])
    }

    /// The measure "Ledge support below the origin" and the queued-motion clearance probe of
    /// "Queued and falling vertical motion" ({D:engine/player.md}) share: the vertical
    /// segment from `start` to `end` at integer X/Z of `at` over the prepared face models,
    /// with the sidedness the queries leave enabled (so which end is A matters: a face more
    /// than 4 in front of A is rejected); the least contact Y of classes 2 and 4 (strictly
    /// smaller replaces, from 999,999); a truncated terrain height strictly between `at`'s
    /// Y and that replaces it. `selected × 256 − q8_y`, or 256,000 without a selection.
    pub fn vertical_clearance(&self, a: &Actor, at: [i32; 3], start: i32, end: i32, q8_y: i32) -> i32 {
        let mut best: Option<i32> = None;
        if !self.no_face_models() {
            for s in vertical_offers(self.scene, at, Self::query_radius(a), start, end) {
                if SurfaceClass::from_normal_y(s.normal[1]).supports() && best.is_none_or(|b| s.height < b) {
                    best = Some(s.height);
                }
            }
        }
        // "With terrain enabled" only; water cells sample like dry ones.
        if let Some(t) = self.terrain_sample(at[0], at[2]) {
            let terrain = t.height as i32;
            if terrain > at[1] && terrain < best.unwrap_or(999_999) {
                best = Some(terrain);
            }
        }
        best.map_or(NO_SUPPORT_BELOW, |y| y.wrapping_mul(256).wrapping_sub(q8_y))
    }

    /// "Ledge record classification" of the scan's records for actor `a` (at its current Y).
    fn classify(&self, a: &Actor, scan: &Scan, table: &mut Table) {
        table.clear();
        let y = a.position[1] >> 8;
        let (neg, pos) = (a.bounds.negative[1], a.bounds.positive[1]);
        let pch = self.assets.config.post_collide_height;
        let fine = self.tick.fine_ticks;
        let jump = a.attr(crate::actor::attr::JUMP_HEIGHT) as i32;
        let fall_step = pch
            .wrapping_mul(512)
            .wrapping_sub(256)
            .min(jump.wrapping_mul(fall_factor(0)).wrapping_mul(fine.wrapping_add(2)));
        let reach = (fall_step >> 9).max(14);
        let hand = self.grip.map_or(y.wrapping_sub(1000), |g| y.wrapping_add(g[1] >> 8));
        let airborne = a.falling != 0 || a.queued != 0 || (living::CATCH..=living::DROP).contains(&a.living);
        for f in &scan.found {
            let t = f.point[1] >> 8;
            let mut class = if airborne {
                if a.living == living::HANGING || hand.wrapping_sub(t).wrapping_abs() < reach { 3 } else { 0 }
            } else if (y.wrapping_sub(neg).wrapping_sub(reach)..y.wrapping_sub(neg >> 2)).contains(&t) {
                2
            } else if (y.wrapping_sub(neg >> 2)..y.wrapping_add(pos).wrapping_sub(pch)).contains(&t) {
                1
            } else {
                0
            };
            if scan.undersides.iter().any(|&u| t.wrapping_sub(u).wrapping_abs() < 8) {
                class = 0;
            }
            let mut climbable = false;
            if class != 0 {
                if a.living != living::HANGING
                    && !crate::collision::ledge::within_quarter(a.angles.heading, f.heading)
                {
                    class = 0;
                } else {
                    let (body, head) = self.fits(a, f, t);
                    if !body && class != 3 {
                        class = 0;
                    }
                    climbable = class == 3 && head && body;
                }
            }
            let _ = table.push(Record {
                wall_below: f.wall_below,
                climbable,
                point: f.point,
                model: f.top,
                heading: f.heading,
                support: self.scene.scene.live_model(f.wall).map(|l| l.actor),
                class,
            });
        }
    }

    /// The fit test of record `f` with top `t`: the actor's spheres at the wall point plus
    /// 4096 at the record heading, Y `(t − pos − standing_height) × 256`, and the head sphere
    /// of radius `pch >> 1` centred `pos − (pch >> 1)` below that.
    fn fits(&self, a: &Actor, f: &Found, t: i32) -> (bool, bool) {
        let standing = self.assets.config.standing_height;
        let mut at = ledge::offset(f.point, 4096, f.heading as i32);
        at[1] = t.wrapping_sub(a.bounds.positive[1]).wrapping_sub(standing).wrapping_mul(256);
        let placed = prepare(at, a.angles.pitch, a.angles.heading, a.angles.roll);
        let m = collision_matrix(placed.angle_fields);
        let origin = placed.origin.map(|c| c as i32);
        let half = self.assets.config.post_collide_height >> 1;
        let head = Sphere { centre: [0, a.bounds.positive[1].wrapping_sub(half), 0], radius: half };
        fit(self.scene, self.scene.lists, origin, m, self.tables.spheres(a), head)
    }
}

impl<C: Capacity> PlayerScene for Env<'_, '_, C> {
    fn state(&mut self) -> &mut PlayerState {
        &mut self.systems.player
    }
    fn force(&mut self, a: &mut Actor, group: i16) {
        Env::force(self, a, group)
    }
    fn animation(&self) -> bool {
        self.assets.config.animation_system != 0
    }
    fn ticks(&self) -> i32 {
        self.tick.nominal_ticks
    }
    fn random(&mut self) -> i32 {
        self.systems.rng.draw()
    }
    fn death_health(&mut self, a: &mut Actor, change: i32, source: Option<u8>) {
        crate::world::collide::death_owning_health(a, self, change, source)
    }
    fn death_effects(&mut self, a: &Actor, mode: i32, progress: i32) {
        crate::world::collide::death_effects(a, self, mode, progress)
    }
    fn ledge_scan(&mut self, a: &Actor, shift: Option<[i32; 3]>) -> Table {
        let mut table = Table::new();
        if a.action_transition != 0 || a.holds_weapon() || self.no_face_models() {
            return table;
        }
        let s = shift.unwrap_or([0; 3]);
        let at = [0, 1, 2].map(|k| a.position[k].wrapping_add(s[k]));
        let mut scan = Scan::default();
        for p in [0, SECOND_PASS] {
            pass(self.scene, self.scene.lists, at, &a.matrix, a.angles.heading, p, &mut scan);
            self.classify(a, &scan, &mut table);
            if ledge::result(&table) != 0 {
                break;
            }
        }
        table
    }
    fn support_below(&self, a: &Actor) -> i32 {
        self.support_below_origin(a)
    }
    fn grip(&self, _a: &Actor) -> Option<[i32; 3]> {
        self.grip
    }
    fn command_lag(&self, a: &Actor) -> i32 {
        if self.assets.config.animation_system == 0 {
            return 0;
        }
        let count = self.set.and_then(|s| s.group(a.anim.current)).map_or(0, |g| g.len() as i32);
        (a.anim.cursor as i32 - count / 2).max(0) * 256
    }
    fn turn_toward(&mut self, a: &mut Actor, heading: i32) -> i32 {
        turn_helper(a, self, heading)
    }
}
