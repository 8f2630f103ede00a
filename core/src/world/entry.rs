//! The player's entry into a world ({M}): "Marker-based world entry", "Initial player
//! animation setup" and "Startup ground settling".

use super::{Files, World, WorldError};
use crate::actor::{Actor, ActorModel};
use crate::anim::Events;
use crate::capacity::{Capacity, Table, TableKind};
use crate::collision::statics::settle;
use crate::units::Angles;

/// The player definition's script name.
pub const PLAYER: &[u8] = b"CYRUS";
/// The second designated player actor's definition, created when the map has one.
pub const SHADOW: &[u8] = b"GREMLIN";

impl<'a, C: Capacity> World<'a, C> {
    /// "Marker-based world entry": marker `index`'s position × 256, the requested heading
    /// wrapped to 2048 (the marker's aux byte does not supply one), the map's `CYRUS`
    /// definition; then startup ground settling.
    pub fn enter_marker(
        &mut self,
        files: &impl Files<'a>,
        index: usize,
        heading: i32,
    ) -> Result<u16, WorldError> {
        let marker = self.assets.rgm.mpmk().get(index).ok_or(WorldError::NoMarker(index))?;
        let position = marker.position.map(|c| c.wrapping_mul(256));
        self.enter_at(files, position, heading, true)
    }

    /// Enters the player at runtime `position` with `heading`, settling him on the ground
    /// when `settle_on_ground` is set. Returns the player's actor id.
    ///
    /// The standalone `CYRUS` (and `GREMLIN`, when the map defines one) run the same
    /// initializer; `CYRUS` stays selected. Each goes to the front of the persistent list,
    /// after the map's placed actors. Both take the session's retained health.
    pub fn enter_at(
        &mut self,
        files: &impl Files<'a>,
        position: [i32; 3],
        heading: i32,
        settle_on_ground: bool,
    ) -> Result<u16, WorldError> {
        let map = self.assets.map.clone();
        let needs = |e| super::load::with_needs(e, files, &map);
        let cyrus = self
            .create_player(files, PLAYER, position, heading)
            .map_err(needs)?
            .ok_or(WorldError::NoPlayer)?;
        let shadow = self.create_player(files, SHADOW, position, heading).map_err(needs)?;
        self.tables.players = [Some(cyrus), shadow];
        // {D:engine/menu.md} "Selection and actions": world entry gives both records the
        // session's retained health.
        let health = self.systems.retained.health;
        for id in [Some(cyrus), shadow].into_iter().flatten() {
            self.tables.actors[id as usize].attributes[crate::actor::attr::HEALTH] = health;
        }
        self.tables.selected = 0;
        // The camera follows the new player first: settling reads the terrain as the first
        // frame will draw it around him (the vertex cache centres on the camera).
        self.camera_setup();
        if settle_on_ground {
            self.settle_player();
        }
        self.systems.shared = super::Shared::default();
        self.systems.player.turn = crate::player::Turn::default();
        self.camera_setup();
        self.tables.cells.invalidate();
        Ok(cyrus)
    }

    /// "Initial player animation setup": a cleared actor (default group 0, surface 0) at
    /// `position` with pitch and roll zero and the heading wrapped; its definition bound
    /// (its own attribute copy with the load-time defaults, {D:engine/SOUP.md} "Initial
    /// attribute copy and defaults", and on the animation-table path the next message
    /// group of the counter the map's actors drew from) and animation groups built with two
    /// ordinary requests for group 0, then a forced request for the default group, all with
    /// modifier zero and the existing shared ticks.
    fn create_player(
        &mut self,
        files: &impl Files<'a>,
        name: &[u8],
        position: [i32; 3],
        heading: i32,
    ) -> Result<Option<u16>, WorldError> {
        let rgm = self.assets.rgm;
        let Some(def) = rgm.actor_by_name(name) else { return Ok(None) };
        // The player initializer's resets precede the actor's model and script setup.
        self.systems.player.initialize();
        let definition = def.index() as u16;
        let mut a = Actor::new(definition, super::attributes::initial(def.attributes(), &self.assets.config));
        a.position = position;
        a.home = position;
        a.previous = position;
        a.set_orientation(Angles::new(0, heading, 0));
        (a.previous_angles, a.home_angles) = (a.angles, a.angles);
        a.water_record = position;
        a.set = self.set_for(files, definition, None)?;
        if a.set.is_some() {
            a.model = ActorModel::Animated;
            self.assets.mess_groups.assign(&mut a.attributes);
        }
        self.init_shape(&mut a, &def, -1);
        let mut events = Events::default();
        if let Some(entry) = a.set.and_then(|s| self.assets.sets.get(s as usize)) {
            let mut cx = self.anim_context(&entry.set, &mut events);
            a.anim.request(&mut cx, 0, 0);
            a.anim.request(&mut cx, 0, 0);
            let default = a.anim.default;
            a.anim.force(&mut cx, default, 0);
            a.setup_combat(&mut self.systems.combat_index);
        }
        a.model_radius = self.actor_model(&a).map(|m| m.radius());
        let id = self.tables.actors.len() as u16;
        self.tables.actors.push(a).map_err(|_| super::full::<C>(TableKind::Actors))?;
        self.tables.scripts.add_none()?;
        self.tables.cells.insert_persistent(id);
        Ok(Some(id))
    }

    /// "Startup ground settling" of the selected player: the ±500 segment over candidates
    /// within 1000 map units (static placements and live face models, excluding the actor's
    /// own model) and the terrain as [`World::vertex_cache`] has it; Y moves to the selected
    /// support, X and Z never do.
    pub fn settle_player(&mut self) {
        let Some(id) = self.selected_player_id() else { return };
        let Some(a) = self.tables.actors.get(id as usize) else { return };
        // Static placements and the live actors' face models (a deck competes too).
        let mut live = C::Work::default();
        self.live_models(id, None, &mut live);
        let scene = super::live::LiveScene { statics: &self.assets.statics, live: &live, transients: &[] };
        let heights = self.vertex_cache();
        let y =
            settle(&scene, &heights, a.position, a.bounds.positive[1], self.assets.config.standing_height);
        if let (Some(y), Some(a)) = (y, self.tables.actors.get_mut(id as usize)) {
            a.position[1] = y;
            a.previous[1] = y;
            a.water_record = a.position;
        }
    }
}
