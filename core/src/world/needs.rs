//! What a map needs of every table a build sizes ([`crate::capacity`]): counted from the
//! files without building anything, so a build too small for the map can still say by how
//! much, and `stros-tools inspect --needs` can report it.
//!
//! The counts follow the loader's own decisions (the load module's `request` and
//! `set_names`, the static placements' [`placement_model`]); the integration tests check
//! them against the table lengths of a loaded world.

use super::load::{Request, request, set_names};
use super::{Files, Name, WorldError, name_of};
use crate::capacity::{Table, TableKind};
use crate::collision::statics::placement_model;
use crate::formats::model::{Model, Texture};
use crate::formats::rgm::Rgm;
use crate::formats::rob::{Rob, RobSegment};
use crate::world::entry::{PLAYER, SHADOW};

/// A map's count of every sized table, the player pair entered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Needs {
    /// Placed actors (MPOB records with a definition) and the player pair.
    pub actors: usize,
    /// Static placements whose ROB segment has a model.
    pub placements: usize,
    /// Distinct models found (ROB segment, `.3DC` or `.3D` file).
    pub models: usize,
    /// Distinct animation sets (a definition over one frame source).
    pub sets: usize,
    /// Frame-table entries of those sets.
    pub frame_models: usize,
    /// Script local variables of the placed actors.
    pub locals: usize,
    /// Distinct texture banks the placements' and models' faces name.
    pub banks: usize,
    /// Walk-map nodes (or maps, when there are more maps than nodes).
    pub walk_nodes: usize,
    /// Ropes (MPRP records; none when `[system] ropes_load` is off, but counted here).
    pub ropes: usize,
}

impl Needs {
    /// The count of `table`.
    pub fn get(&self, table: TableKind) -> usize {
        match table {
            TableKind::Actors => self.actors,
            TableKind::Placements => self.placements,
            TableKind::Models => self.models,
            TableKind::Sets => self.sets,
            TableKind::FrameModels => self.frame_models,
            TableKind::Locals => self.locals,
            TableKind::Banks => self.banks,
            TableKind::WalkNodes => self.walk_nodes,
            TableKind::Ropes => self.ropes,
            // The pool's size is the configuration's, held to the build's: no map needs it.
            TableKind::Effects | TableKind::Lines | TableKind::Topics | TableKind::Items => 0,
        }
    }

    /// What map `map` of `files` needs. Fails as loading would on a missing or damaged
    /// RGM or ROB. Distinct names are counted by comparing each with those before it, so
    /// nothing is stored: quadratic in the names, which is fine for a load error or a tool.
    pub fn of<'a>(files: &impl Files<'a>, map: &str) -> Result<Needs, WorldError> {
        let file = |ext: &str| -> Result<&'a [u8], WorldError> {
            let n = map_file(map, ext);
            files.file(&n).ok_or(WorldError::Missing(n))
        };
        let rgm =
            Rgm::new_checked(file(".RGM")?).map_err(|e| WorldError::Format(map_file(map, ".RGM"), e))?;
        let rob =
            Rob::new_checked(file(".ROB")?).map_err(|e| WorldError::Format(map_file(map, ".ROB"), e))?;
        // A rope is built when its link model is found.
        let ropes = rgm
            .mprp()
            .iter()
            .filter(|r| {
                matches!(find_model(files, &rob, r.rope_model(), &name_of(r.rope_model())), Some(Some(_)))
            })
            .count();
        let mut needs = Needs { placements: placements(&rgm, &rob).count(), ropes, ..Needs::default() };
        let walk = rgm.wdnm();
        let nodes = walk.walk_maps().map(|m| m.node_count() as usize).fold(0usize, usize::saturating_add);
        needs.walk_nodes = nodes.max(walk.len());
        for record in rgm.mpob().iter() {
            if let Some(def) = rgm.actor_by_name(record.script_name()) {
                needs.actors += 1;
                needs.locals = needs.locals.saturating_add(def.header().num_variables() as usize);
            }
        }
        needs.actors += [PLAYER, SHADOW].iter().filter(|n| rgm.actor_by_name(n).is_some()).count();
        let sets = || set_requests(&rgm);
        for (k, (definition, placement)) in sets().enumerate() {
            if sets().take(k).any(|(d, p)| d == definition && same_source(p, placement)) {
                continue;
            }
            let Some(def) = rgm.actor(definition as usize) else { continue };
            needs.sets += 1;
            needs.frame_models += set_names(&def, placement).count();
        }
        let names = || model_names(&rgm).filter(|n| !name_of(n).is_empty());
        let mut banks: heapless::Vec<u16, 256> = heapless::Vec::new();
        for (model, _) in placements(&rgm, &rob) {
            note_banks(&model, &mut banks, &mut needs.banks);
        }
        for (k, name) in names().enumerate() {
            let key = name_of(name);
            if names().take(k).any(|n| name_of(n) == key) {
                continue;
            }
            if let Some(model) = find_model(files, &rob, name, &key) {
                needs.models += 1;
                if let Some(m) = model {
                    note_banks(&m, &mut banks, &mut needs.banks);
                }
            }
        }
        Ok(needs)
    }
}

/// Adds the texture banks `model`'s faces name to `banks` (first use order, no repeats),
/// counting each new one in `count`, and going on counting when `banks` is full (repeats
/// past that point count again).
pub(crate) fn note_banks<T: Table<u16>>(model: &Model<'_>, banks: &mut T, count: &mut usize) {
    each_bank(model, |b| {
        if !banks.contains(&b) {
            *count += 1;
            let _ = banks.push(b);
        }
    });
}

/// Calls `f` with the bank of every textured face of `model`, in face order.
pub(crate) fn each_bank(model: &Model<'_>, mut f: impl FnMut(u16)) {
    for face in model.faces() {
        if let Texture::Image { bank, .. } = face.texture()
            && let Ok(b) = u16::try_from(bank)
        {
            f(b);
        }
    }
}

fn map_file(map: &str, ext: &str) -> Name {
    let mut n = Name::new();
    let _ = n.push_str(map);
    let _ = n.push_str(ext);
    n
}

/// The static placements that get a model.
fn placements<'r, 'a>(
    rgm: &'r Rgm<'a>,
    rob: &'r Rob<'a>,
) -> impl Iterator<Item = (Model<'a>, RobSegment<'a>)> + 'r {
    rgm.mpso().iter().filter_map(move |m| placement_model(&m, rob))
}

fn same_source(a: Option<(u8, &[u8])>, b: Option<(u8, &[u8])>) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some((fa, na)), Some((fb, nb))) => fa == fb && name_of(na) == name_of(nb),
        _ => false,
    }
}

/// Every set the loader builds a table for, in load order (repeats included): the placed
/// actors' set requests, then the player pair's. A RAAN-table request builds one only on
/// the animation-table path.
fn set_requests<'r, 'a>(rgm: &'r Rgm<'a>) -> impl Iterator<Item = (u16, Option<(u8, &'a [u8])>)> + 'r {
    let placed = rgm.mpob().iter().filter_map(move |record| {
        let def = rgm.actor_by_name(record.script_name())?;
        match request(&def, &record) {
            Request::Set(placement) => Some((def.index() as u16, placement)),
            _ => None,
        }
    });
    let players =
        [PLAYER, SHADOW].into_iter().filter_map(move |n| Some((rgm.actor_by_name(n)?.index() as u16, None)));
    placed.chain(players).filter(move |&(d, placement)| {
        placement.is_some()
            || rgm
                .actor(d as usize)
                .is_some_and(|def| def.model_path() == crate::formats::rgm::ModelPath::AnimationTable)
    })
}

/// Every model name the loader looks up, repeats included.
fn model_names<'r, 'a>(rgm: &'r Rgm<'a>) -> impl Iterator<Item = &'a [u8]> + 'r {
    let statics = rgm.mpob().iter().filter_map(move |record| {
        let def = rgm.actor_by_name(record.script_name())?;
        match request(&def, &record) {
            Request::Model(name) => Some(name),
            _ => None,
        }
    });
    let tables = set_requests(rgm).flat_map(move |(d, placement)| {
        rgm.actor(d as usize).into_iter().flat_map(move |def| set_names(&def, placement))
    });
    // The ropes' link and end models, after the actors' ([`World::build_ropes`]).
    let ropes = rgm.mprp().iter().flat_map(|r| [r.rope_model(), r.static_model()]);
    statics.chain(tables).chain(ropes)
}

/// The model `name` resolves to as the loader finds it: a ROB segment with a model, else a
/// `.3DC` or `.3D` file (a damaged file counts, without a model: the load stops on it).
fn find_model<'a>(
    files: &impl Files<'a>,
    rob: &Rob<'a>,
    name: &[u8],
    key: &Name,
) -> Option<Option<Model<'a>>> {
    if let Some(m) = rob.find(name).and_then(|s| s.model().ok()) {
        return Some(Some(m));
    }
    for ext in [".3DC", ".3D"] {
        let mut file = Name::new();
        let _ = file.push_str(key);
        let _ = file.push_str(ext);
        if let Some(bytes) = files.file(&file) {
            return Some(crate::formats::model::Model::new_checked(bytes).ok());
        }
    }
    None
}
