//! "Model admission and support ownership" ({D:engine/SOUP.md}): with the map's PVO file
//! ([`crate::formats::pvo`]) the camera's selected-object list decides which non-moving
//! actors are presented and which animated actors publish their models this update. An
//! animated actor whose support admission rejects has no current model record
//! ([`Actor::culled`]): it is neither drawn nor a collision candidate, while its update goes
//! on. A non-moving actor the list does not select is turned away earlier, by the PVO actor
//! predicate, and keeps whatever record it had ({D:engine/SOUP.md} "Current model
//! presentation").

use super::World;
use crate::actor::{Actor, ActorModel, attr};
use crate::capacity::{Capacity, Table};
use crate::collision::statics::StaticPlacement;
use crate::formats::pvo::Selected;

impl<'a, C: Capacity> World<'a, C> {
    /// The secondary table of a map with a PVO: the actors with `attr_non_moving` set, in
    /// the cell-coordinate traversal ([`super::Cells::coordinate_order`]; distinct from the
    /// family traversal). Secondary id `k` is the PVO id MPSO count + `k`.
    pub(super) fn build_secondary(&mut self) {
        self.tables.secondary.clear();
        if self.assets.pvo.is_none() {
            return;
        }
        for id in self.tables.cells.coordinate_order() {
            if let Some(a) = self.tables.actors.get_mut(id as usize).filter(|a| a.attr(attr::NON_MOVING) != 0)
            {
                // Stros's choice where the docs are silent: before its first presentation an
                // actor has no current record, so one the list never selects keeps none.
                a.culled = true;
                let _ = self.tables.secondary.push(id);
            }
        }
    }

    /// Which static placements are drawn ({D:formats/pvo/format.md} "MLST Section — Master
    /// Polygon Index Table"): those whose MPSO index the camera's selected list holds; all of
    /// them without a PVO or with an empty list, as for the actors.
    fn select_statics(&mut self, selected: Option<Selected<'_>>) {
        self.systems.hidden_statics.clear();
        let Some(selected) = selected.filter(|s| !s.is_empty()) else { return };
        let placements = self.assets.statics.placements();
        for _ in placements {
            // One flag per placement: the tables have the same capacity.
            let _ = self.systems.hidden_statics.push(true);
        }
        // Placements keep MPSO order (unmatched records left out), so an id is found by
        // bisection.
        for id in selected.ids() {
            if let Ok(k) = placements.binary_search_by_key(&id, |p| p.mpso)
                && let Some(h) = self.systems.hidden_statics.get_mut(k)
            {
                *h = false;
            }
        }
    }

    /// The static placements the renderer draws: with a PVO, those the camera's selected
    /// list held at the latest update; otherwise all, in placement order.
    pub fn drawn_statics(&self) -> impl Iterator<Item = &StaticPlacement<'a>> + '_ {
        let hidden = &self.systems.hidden_statics;
        let placements = self.assets.statics.placements().iter().enumerate();
        placements.filter(move |(k, _)| !hidden.get(*k).copied().unwrap_or(false)).map(|(_, p)| p)
    }

    /// The PVO id of actor `id`, when it is in the secondary table.
    fn secondary_id(&self, id: u16) -> Option<u16> {
        let k = self.tables.secondary.iter().position(|&s| s == id)?;
        Some((self.assets.rgm.mpso().len() + k) as u16)
    }

    /// Model admission of every actor against the selected list at the camera (its
    /// position truncated toward zero to map units). No PVO or an empty list admits
    /// everything. Otherwise an actor with `attr_non_moving` set is presented only when its
    /// secondary id is selected, and one that is not keeps its prior record — presented
    /// still if it was, absent if it was not; an animated actor is rejected (its record
    /// cleared) when its retained support is a static placement whose MPSO id is not
    /// selected, or a non-moving actor whose secondary id is not.
    pub(super) fn admit_models(&mut self) {
        let selected = self.assets.pvo.map(|pvo| pvo.select(self.systems.view.map(|c| c / 256)));
        self.select_statics(selected);
        // Without a PVO nothing is ever rejected (and no actor record need be touched).
        let Some(selected) = selected else { return };
        for id in 0..self.tables.actors.len() {
            let a: &Actor = &self.tables.actors[id];
            let visible = |pvo_id: Option<u16>| pvo_id.is_some_and(|k| selected.contains(k));
            let culled = if selected.is_empty() {
                false
            } else if a.attr(attr::NON_MOVING) != 0 {
                // The PVO actor predicate runs before presentation would clear the record:
                // a rejected actor keeps the one it had.
                a.culled && !visible(self.secondary_id(id as u16))
            } else if a.model == ActorModel::Animated {
                match (a.support_static, a.support_owner) {
                    (Some(s), _) => !selected.contains(s),
                    (None, Some(o))
                        if self
                            .tables
                            .actors
                            .get(o as usize)
                            .is_some_and(|s| s.attr(attr::NON_MOVING) != 0) =>
                    {
                        !visible(self.secondary_id(o))
                    }
                    _ => false,
                }
            } else {
                false
            };
            self.tables.actors[id].culled = culled;
        }
    }
}
