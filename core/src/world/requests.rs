//! Session requests ({D:engine/SOUP.md} "Session requests: LoadWorld, WonGame, PushPlayer
//! and PopPlayer"): `LoadWorld(world, marker, heading)` returns zero and records its three
//! integers; the main loop acts on them after the current script step. The world reports
//! the request ([`super::StepReport::request`]) and the session that owns the files loads
//! the next world in place ([`World::change_world`]). `WonGame` is reported the same way
//! (the session's owner ends the game). `PushPlayer` and `PopPlayer` set flags the world
//! consumes at the end of an update that does not leave the loop: the swap between the
//! `CYRUS` and `GREMLIN` player records ([`World::swap_players`]).

use super::catalog::WorldSpec;
use super::script::WorldHost;
use super::{World, WorldError};
use crate::capacity::Capacity;
use crate::files::Files;
use crate::script::NativeCall;
use crate::script::functions::id;

/// A request the main loop acts on after the update.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SessionRequest {
    /// `WonGame`: the world loop ends and the ending starts.
    WonGame,
    /// `LoadWorld(world, marker, heading)`.
    LoadWorld {
        /// The WORLD.INI index (0 through 99 names an entry, else loading fails).
        world: i32,
        /// The destination's start marker.
        marker: i32,
        /// The starting heading (masked to 0 through 2047 when used).
        heading: i32,
    },
}

impl<'a, C: Capacity> WorldHost<'_, '_, '_, 'a, C> {
    /// `LoadWorld`, `WonGame`, `PushPlayer`, `PopPlayer` from `receiver`, each returning 0;
    /// `None` for other functions. A later `LoadWorld` or `WonGame` in the same update
    /// replaces an earlier one (the original keeps one set of words).
    pub(super) fn requests(&mut self, receiver: u16, call: &NativeCall<'_>) -> Option<i32> {
        let request = match call.function {
            id::LOAD_WORLD => {
                SessionRequest::LoadWorld { world: call.arg(0), marker: call.arg(1), heading: call.arg(2) }
            }
            id::WON_GAME => SessionRequest::WonGame,
            id::PUSH_PLAYER | id::POP_PLAYER => {
                self.env.systems.player.swap_requests[(call.function == id::POP_PLAYER) as usize] = true;
                return Some(0);
            }
            _ => return None,
        };
        self.env.systems.report.request = Some((receiver, request));
        Some(0)
    }
}

impl<'a, C: Capacity> World<'a, C> {
    /// The swap requests consumed at the end of an update that did not leave the loop (no
    /// death outcome, no session request), push first, then pop; each flag clears whether or
    /// not it acts. `PushPlayer` acts only with the swap state clear and a `GREMLIN` record:
    /// GREMLIN becomes the selected player and takes CYRUS's transfer; `PopPlayer` only with
    /// it set: CYRUS again, taking GREMLIN's transfer, then two ordinary requests for group
    /// 0. (The selected index is the swap state; the step re-asserts the exclusion of the
    /// other every update.)
    pub(super) fn swap_players(&mut self) {
        if self.systems.report.outcome.is_some() || self.systems.report.request.is_some() {
            return;
        }
        let [push, pop] = core::mem::take(&mut self.systems.player.swap_requests);
        if let (true, 0, [Some(cyrus), Some(gremlin)]) = (push, self.tables.selected, self.tables.players) {
            self.tables.selected = 1;
            self.transfer(cyrus, gremlin);
        }
        if let (true, 1, [Some(cyrus), Some(gremlin)]) = (pop, self.tables.selected, self.tables.players) {
            self.tables.selected = 0;
            self.transfer(gremlin, cyrus);
            self.ordinary_request(cyrus, 0);
            self.ordinary_request(cyrus, 0);
        }
    }

    /// An ordinary animation group request for `group` on actor `id` (modifier 0, the
    /// current shared ticks).
    fn ordinary_request(&mut self, id: u16, group: i16) {
        let Some(mut a) = self.tables.actors.get(id as usize).cloned() else { return };
        let Some(set) = a.set.and_then(|s| self.assets.sets.get(s as usize)) else { return };
        let mut events = crate::anim::Events::default();
        a.anim.request(&mut self.anim_context(&set.set, &mut events), group, 0);
        self.tables.actors[id as usize] = a;
    }

    /// The player transfer from `from` to `to`: the position, the angles (also the
    /// creation and previous angles), the falling, sliding, queued and living bytes, and the
    /// health attribute; the new role re-registered in its map cell. The docs' other words
    /// (the triples at 0xFB and 0x108, the words at +0x08, +0x0C and +0x1CD copied, at +0x25
    /// and +0xC7 zeroed) have no counterparts named in Stros's record: a best guess leaves
    /// them, with the previous position following the position.
    fn transfer(&mut self, from: u16, to: u16) {
        let Some(f) = self.tables.actors.get(from as usize).cloned() else { return };
        let Some(t) = self.tables.actors.get_mut(to as usize) else { return };
        (t.position, t.previous) = (f.position, f.position);
        t.set_orientation(f.angles);
        (t.home_angles, t.previous_angles) = (t.angles, t.angles);
        (t.falling, t.sliding, t.queued, t.living) = (f.falling, f.sliding, f.queued, f.living);
        t.attributes[crate::actor::attr::HEALTH] = f.attributes[crate::actor::attr::HEALTH];
        self.tables.cells.invalidate();
    }

    /// Acts on a `LoadWorld`: world `spec` loaded in place of this one (no second world on
    /// the stack) with the session's state kept — the global flags, which the session
    /// initializer sets up and a world change leaves alone, and the item counts and
    /// selection ({D:engine/hud.md} "Inventory ownership"), and what the session retains
    /// outside the world (the player's health and the power-up slots, `world::retained`) — and the player
    /// entered at `marker` facing `heading & 2047`, his health the retained one. Returns
    /// the player's id.
    pub fn change_world(
        &mut self,
        files: &impl Files<'a>,
        spec: &WorldSpec<'_>,
        marker: usize,
        heading: i32,
    ) -> Result<u16, WorldError> {
        let flags = self.systems.flags.clone();
        // A best guess the docs leave open: the activation hold-off (22 ticks after a door
        // fired) carries over, so a use key still held on arrival does not fire the next
        // world's door at once.
        let hold_off = self.systems.dialogue.activation.hold_off;
        // The items are the session's too: kept, not opened again from ITEM.INI.
        let items = core::mem::take(&mut self.systems.items);
        let retained = self.systems.retained;
        self.load_world_in_place(files, spec)?;
        (self.systems.flags, self.systems.items, self.systems.retained) = (flags, items, retained);
        // The power-up slots keep their frames; a new frame takes slot 1 first again.
        self.systems.retained.power_ups.world_loaded();
        self.systems.dialogue.activation.hold_off = hold_off;
        self.enter_marker(files, marker, heading & 2047)
    }
}
