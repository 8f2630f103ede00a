//! One retail map under construction: its RGM description, the ROB segments its placements
//! name and the actor models its animation tables name; and the [`Library`] of model bytes
//! every map's ROB is cut from.

use std::collections::BTreeMap;

use super::{cast, records};
use crate::world::{archive, village};
use crate::write::rgm::{
    ActorDesc, FlatDesc, MarkerDesc, MpobDesc, MpsoDesc, RgmDesc, WalkNodeDesc, walk_map,
};
use crate::write::rob::{RobDesc, SegmentDesc};

/// Q4.28 one.
const ONE: i32 = 1 << 28;
/// The identity placement matrix.
pub const IDENTITY: [i32; 9] = [ONE, 0, 0, 0, ONE, 0, 0, 0, ONE];

/// Width of an MPSO model name.
pub const MPSO_NAME: usize = 12;

/// First MPOB record id of a map (ids are the record's place after it).
const FIRST_OBJECT_ID: u32 = 1000;
/// First MPSO record id.
const FIRST_STATIC_ID: u32 = 100_000;
/// First MPSF record id.
const FIRST_FLAT_ID: u32 = 200_000;
/// First MPRP record id.
const FIRST_ROPE_ID: u32 = 300_000;

/// Q4.28 rotation about Y, the village's.
pub use crate::world::archive::yaw_matrix;

/// A retail MPSO model name: `<STEM>.3D`, cut to the 12-byte field.
pub fn mpso_model(stem: &str) -> String {
    let mut s = format!("{stem}.3D");
    s.truncate(MPSO_NAME);
    s
}

/// A placed object of [`Scene::object`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Object<'a> {
    /// MPOB object type (1: placed model fallback; 3: a character).
    pub kind: u8,
    /// The definition's name.
    pub script: &'a str,
    /// The 9-byte model name.
    pub model: &'a str,
    /// `is_static`: 1 a static model, else the fallback's frame count.
    pub is_static: u8,
    /// Map units.
    pub position: [i32; 3],
    /// Heading, 2048 a turn.
    pub heading: i32,
}

/// A map being built.
#[derive(Clone, Debug)]
pub struct Scene {
    /// The RGM so far.
    pub rgm: RgmDesc,
    /// ROB segments the map's placements name, in first-use order.
    pub segments: Vec<&'static str>,
}

impl Scene {
    /// A map with the player's definition (and `GREMLIN`'s with `shadow`) and the bounds
    /// record Cyrus's definition names (MPSZ 0, the island's).
    pub fn new(templates: &cast::Templates, shadow: bool) -> Scene {
        let mut actors = vec![templates.player()];
        if shadow {
            actors.push(templates.shadow());
        }
        let mpsz = village::rgm_desc().mpsz;
        Scene { rgm: RgmDesc { actors, mpsz, ..RgmDesc::default() }, segments: Vec::new() }
    }

    /// Adds a definition.
    pub fn define(&mut self, def: ActorDesc) {
        self.rgm.actors.push(def);
    }

    /// Notes that the ROB must hold segment `name`.
    pub fn need(&mut self, name: &'static str) {
        if !self.segments.contains(&name) {
            self.segments.push(name);
        }
    }

    /// Places an object (MPOB).
    pub fn object(&mut self, o: &Object<'_>) {
        let id = FIRST_OBJECT_ID + self.rgm.mpob.len() as u32;
        self.rgm.mpob.push(MpobDesc {
            id,
            object_type: o.kind,
            script_name: o.script.as_bytes().to_vec(),
            model_name: o.model.as_bytes().to_vec(),
            is_static: o.is_static,
            position: o.position,
            angles: [0, (o.heading & 2047) as u32, 0],
            model_id: -1,
            ..MpobDesc::default()
        });
    }

    /// Places ROB static `model` (MPSO, named `<MODEL>.3D`).
    pub fn place(&mut self, model: &'static str, position: [i32; 3], matrix: [i32; 9]) {
        self.need(model);
        let id = FIRST_STATIC_ID + self.rgm.mpso.len() as u32;
        self.rgm.mpso.push(MpsoDesc { id, model_name: mpso_model(model).into_bytes(), position, matrix });
    }

    /// Adds a marker; `usable` sets its aux byte to 1.
    pub fn marker(&mut self, position: [i32; 3], usable: bool) {
        self.rgm.markers.push(MarkerDesc { position, aux: u8::from(usable) });
    }

    /// Adds a flat showing `image` of the village texture bank.
    pub fn flat(&mut self, position: [i32; 3], image: u8) {
        let id = FIRST_FLAT_ID + self.rgm.mpsf.len() as u32;
        let bank = crate::world::models::MODEL_BANK;
        self.rgm.mpsf.push(records::flat(id, position, bank, image));
        if !self.rgm.flat.iter().any(|f| f.archive == bank && f.image == image) {
            // Flats draw with their base flags; the attribute record keeps them opaque.
            self.rgm.flat.push(FlatDesc { archive: bank, image, flags: 0, alpha: 255 });
        }
    }

    /// Adds a light record.
    pub fn light(&mut self, record: crate::write::rgm::MpslDesc) {
        self.rgm.mpsl.push(record);
    }

    /// Adds a rope hanging from `position`: `links` links of [`records::ROPE_LINK`], with
    /// a lantern at the end when `lantern` is set.
    pub fn rope(&mut self, position: [i32; 3], heading: i32, links: i16, lantern: bool) {
        let id = FIRST_ROPE_ID + self.rgm.mprp.len() as u32;
        self.rgm.mprp.push(records::rope(&records::Rope {
            id,
            position,
            heading,
            swing: 8,
            speed: 3,
            links,
            link_model: records::ROPE_LINK,
            end_model: lantern.then_some("LANTERN"),
        }));
    }

    /// Adds a walk map through `points` (map units), each joined to the ones `links` pairs
    /// name, both ways, at their distance's cost.
    pub fn walk(&mut self, points: &[[i32; 3]], links: &[(u16, u16)], radius: u32) {
        let nodes: Vec<WalkNodeDesc> = points
            .iter()
            .enumerate()
            .map(|(k, &position)| {
                let routes = links
                    .iter()
                    .filter_map(|&(a, b)| match k as u16 {
                        x if x == a => Some(b),
                        x if x == b => Some(a),
                        _ => None,
                    })
                    .map(|t| (t, cost(position, points[t as usize])))
                    .collect();
                WalkNodeDesc { position, routes }
            })
            .collect();
        self.rgm.wdnm.push(walk_map(points[0], radius, &nodes));
    }

    /// The RGM, every definition's instance count set to the placements naming it (the
    /// player pair's stay 1).
    pub fn finish(mut self) -> (RgmDesc, Vec<&'static str>) {
        for a in &mut self.rgm.actors {
            let n = self.rgm.mpob.iter().filter(|o| o.script_name == a.name).count();
            a.instances = n.clamp(1, u16::MAX as usize) as u16;
        }
        (self.rgm, self.segments)
    }
}

/// A route's cost: the nodes' horizontal distance.
fn cost(a: [i32; 3], b: [i32; 3]) -> u16 {
    let (dx, dz) = ((a[0] - b[0]) as f64, (a[2] - b[2]) as f64);
    (dx * dx + dz * dz).sqrt().round().clamp(1.0, u16::MAX as f64) as u16
}

/// The model bytes every ROB is cut from, built once: each static as an embedded segment.
pub struct Library {
    segments: BTreeMap<&'static str, SegmentDesc>,
}

impl Library {
    /// Builds every static of [`super::models::statics`].
    pub fn new() -> Library {
        let segments = super::models::statics()
            .into_iter()
            .map(|s| {
                let desc = archive::model_desc(&s.mesh, s.version, 0, &[]);
                let mut seg = SegmentDesc::embedded(s.name, crate::write::model::to_bytes(&desc));
                seg.collision_flags = s.collision;
                (s.name, seg)
            })
            .collect();
        Library { segments }
    }

    /// Whether `name` is a static of the library.
    pub fn has(&self, name: &str) -> bool {
        self.segments.contains_key(name)
    }

    /// The ROB of a map whose placements name `statics` and whose animation tables name
    /// `actors` (`.3DC` files: external entries, as the village's ROB has them).
    ///
    /// # Panics
    /// When a static is not in the library.
    pub fn rob(&self, statics: &[&str], actors: &[String]) -> RobDesc {
        let mut segments: Vec<SegmentDesc> = statics
            .iter()
            .map(|n| self.segments.get(n).cloned().unwrap_or_else(|| panic!("no static {n}")))
            .collect();
        segments.extend(actors.iter().map(|a| SegmentDesc::external(a)));
        RobDesc { segments }
    }
}

impl Default for Library {
    fn default() -> Self {
        Library::new()
    }
}

/// The `.3DC` stems the animation tables of `rgm` name, in first-use order.
pub fn actor_models(rgm: &RgmDesc) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for e in rgm.actors.iter().flat_map(|a| &a.raan) {
        let path = String::from_utf8_lossy(&e.path).to_string();
        let file = path.rsplit(['\\', '/']).next().unwrap_or(&path);
        let stem = file.split('.').next().unwrap_or(file).to_ascii_uppercase();
        if !out.contains(&stem) {
            out.push(stem);
        }
    }
    out
}
