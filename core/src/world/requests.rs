//! Session requests ({D:engine/SOUP.md} "Session requests: LoadWorld, WonGame, PushPlayer
//! and PopPlayer"): `LoadWorld(world, marker, heading)` returns zero and records its three
//! integers; the main loop acts on them after the current script step. The world reports
//! the request ([`super::StepReport::request`]) and the session that owns the files loads
//! the next world in place ([`World::change_world`]).

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
    /// `LoadWorld` from `receiver`; `None` for other functions. A later request in the same
    /// update replaces an earlier one (the original keeps one set of words).
    pub(super) fn requests(&mut self, receiver: u16, call: &NativeCall<'_>) -> Option<i32> {
        if call.function != id::LOAD_WORLD {
            return None;
        }
        let request =
            SessionRequest::LoadWorld { world: call.arg(0), marker: call.arg(1), heading: call.arg(2) };
        self.report.request = Some((receiver, request));
        Some(0)
    }
}

impl<'a, C: Capacity> World<'a, C> {
    /// Acts on a `LoadWorld`: world `spec` loaded in place of this one (no second world on
    /// the stack) with the session's state kept — the global flags, which the session
    /// initializer sets up and a world change leaves alone, and the item counts and
    /// selection ({D:engine/hud.md} "Inventory ownership") — and the player entered at
    /// `marker` facing `heading & 2047`. Returns the player's id.
    pub fn change_world(
        &mut self,
        files: &impl Files<'a>,
        spec: &WorldSpec<'_>,
        marker: usize,
        heading: i32,
    ) -> Result<u16, WorldError> {
        let flags = self.scripts.flags.clone();
        // A best guess the docs leave open: the activation hold-off (22 ticks after a door
        // fired) carries over, so a use key still held on arrival does not fire the next
        // world's door at once.
        let hold_off = self.dialogue.activation.hold_off;
        // The items are the session's too: kept, not opened again from ITEM.INI.
        let items = core::mem::take(&mut self.items);
        self.load_world_in_place(files, spec)?;
        (self.scripts.flags, self.items) = (flags, items);
        self.dialogue.activation.hold_off = hold_off;
        self.enter_marker(files, marker, heading & 2047)
    }
}
