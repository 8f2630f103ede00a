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
        let flat = self.rgm.flat();
        self.rgm.mpsf().iter().map(move |f| (f, f.draw(&flat)))
    }

    /// What a billboard showing `texture` (archive above the seven-bit image) submits from
    /// the map's FLAT attributes ({D:formats/RGM.md} "FLAT"): the first matching record's
    /// flags and alpha, or the defaults.
    pub fn flat_draw(&self, texture: u16) -> FlatDraw {
        FlatDraw::for_texture(&self.rgm.flat(), texture)
    }

    /// The MPSL lights the loader selects: `active` 1 and the `world_id` of the WORLD.INI
    /// entry the world was loaded as. A world loaded by map name, without a catalog entry,
    /// selects none.
    pub fn lights(&self) -> impl Iterator<Item = MpslRecord<'a>> + '_ {
        let id = self.world_id.map(u32::from);
        self.rgm.mpsl().iter().filter(move |l| id.is_some_and(|id| l.selected_for(id)))
    }

    /// Every MPRP rope in file order.
    pub fn rope_records(&self) -> impl Iterator<Item = MprpRecord<'a>> + '_ {
        self.rgm.mprp().iter()
    }
}
