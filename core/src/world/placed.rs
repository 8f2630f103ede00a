//! What a map places besides actors and static models: its flats (MPSF, with the FLAT
//! section's draw attributes), its lights (MPSL, those the world selects) and its ropes
//! (MPRP) ({D:formats/RGM.md} "MPSF (Flat Objects)", "FLAT", "MPSL (Lights)", "MPRP (Rope
//! Chains)"). They are read through the RGM's bounds-checked views, as the loader keeps
//! them; drawing them and swinging the ropes is the renderer's and the rope system's work,
//! still to come, but nothing a map places is dropped.

use super::World;
use crate::capacity::Capacity;
use crate::formats::rgm::flat::FlatDraw;
use crate::formats::rgm::{MprpRecord, MpsfRecord, MpslRecord};

impl<'a, C: Capacity> World<'a, C> {
    /// Every MPSF flat in file order, with its draw inputs (base flags 1 and alpha input
    /// 255, or its FLAT record's flags ORed in and `alpha + 1`).
    pub fn flats(&self) -> impl Iterator<Item = (MpsfRecord<'a>, FlatDraw)> + '_ {
        let flat = self.assets.rgm.flat();
        self.assets.rgm.mpsf().iter().map(move |f| (f, f.draw(&flat)))
    }

    /// What a billboard showing `texture` (archive above the seven-bit image) submits from
    /// the map's FLAT attributes ({D:formats/RGM.md} "FLAT"): the first matching record's
    /// flags and alpha, or the defaults.
    pub fn flat_draw(&self, texture: u16) -> FlatDraw {
        FlatDraw::for_texture(&self.assets.rgm.flat(), texture)
    }

    /// The MPSL lights the loader selects: `active` 1 and the `world_id` of the WORLD.INI
    /// entry the world was loaded as. A world loaded by map name, without a catalog entry,
    /// selects none.
    pub fn lights(&self) -> impl Iterator<Item = MpslRecord<'a>> + '_ {
        let id = self.assets.world_id.map(u32::from);
        self.assets.rgm.mpsl().iter().filter(move |l| id.is_some_and(|id| l.selected_for(id)))
    }

    /// The MPOB object lights (object kind 6) the loader admits ({D:engine/model-lighting.md}
    /// "Local-light records"): with `[system] objects_load` set, those whose signed world ID
    /// is the WORLD.INI entry the world was loaded as (a world loaded by map name admits
    /// none), whatever their activation byte, in file order.
    pub fn object_lights(&self) -> impl Iterator<Item = crate::formats::rgm::MpobRecord<'a>> + '_ {
        let id = self.assets.world_id.filter(|_| self.assets.config.objects_load != 0).map(i32::from);
        self.assets
            .rgm
            .mpob()
            .iter()
            .filter(move |r| r.object_type() == OBJECT_LIGHT && id == Some(i32::from(r.world_id())))
    }

    /// Whether actor `id` takes the map lights as a prelit model ({D:engine/actor-prelighting.md}):
    /// `attr_non_moving` (122) is set and it shows a static model (not an animation table).
    pub fn prelit_actor(&self, id: u16) -> bool {
        self.tables.actors.get(id as usize).is_some_and(|a| {
            a.attr(crate::actor::attr::NON_MOVING) != 0
                && matches!(a.model, crate::actor::ActorModel::Static { .. })
        })
    }

    /// Every MPRP rope in file order.
    pub fn rope_records(&self) -> impl Iterator<Item = MprpRecord<'a>> + '_ {
        self.assets.rgm.mprp().iter()
    }
}

/// The MPOB object kind of a runtime local light.
pub const OBJECT_LIGHT: u8 = 6;
