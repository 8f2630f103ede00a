//! Loading a map into a [`World`]: the RGM, ROB and WLD, the models its actors and
//! placements name, the animation sets, the placed actors with their shapes.

use super::catalog::{self, Choice, FileRef, WorldSpec};
use super::{
    Cells, FrameSource, NO_MODEL, Name, SetEntry, Shared, StepReport, World, WorldError, WorldModel,
    attributes, full, name_of, script,
};
use crate::actor::{Actor, ActorModel};
use crate::anim::AnimSet;
use crate::anim::group;
use crate::capacity::{Capacity, Table, TableKind};
use crate::collision::shape::{self, Bounds};
use crate::collision::statics::Statics;
use crate::config::SystemConfig;
use crate::files::Files;
use crate::formats::model::Model;
use crate::formats::rgm::{self, ModelPath, Rgm};
use crate::formats::rob::Rob;
use crate::formats::rtx::Rtx;

/// The dialogue file (`[system] rtx_filename` as installed).
pub const RTX_FILE: &str = "ENGLISH.RTX";
use crate::formats::surface::SurfaceTable;
use crate::formats::wld::Wld;
use crate::input::Bindings;
use crate::player::PlayerState;
use crate::terrain::Decoded;
use crate::timing::{Clock, TimingConfig};
use crate::units::Angles;

/// The map-unit stem of a RAAN path: after the last `\`, `/` or `:`, before the first `.`.
fn stem(path: &[u8]) -> &[u8] {
    let start = path.iter().rposition(|&b| matches!(b, b'\\' | b'/' | b':')).map_or(0, |p| p + 1);
    let name = &path[start..];
    let end = name.iter().position(|&b| b == b'.' || b == 0).unwrap_or(name.len());
    let name = &name[..end];
    let trim = name.iter().rposition(|&b| b != b' ').map_or(0, |p| p + 1);
    &name[..trim]
}

impl<'a, C: Capacity> World<'a, C> {
    /// Loads the world of map `map` ([`Choice::Map`]: the first WORLD.INI world whose map it
    /// is, or `<map>.RGM` on `<map>.WLD` without one) from `files`, with `config` and the
    /// KEYS.INI `bindings`, and places its actors ([`World::load_world`]).
    pub fn load(
        files: &impl Files<'a>,
        map: &str,
        config: SystemConfig,
        bindings: Bindings,
    ) -> Result<Self, WorldError> {
        let mut world = World::unloaded(config, bindings);
        world.load_in_place(files, map)?;
        Ok(world)
    }

    /// Loads world `spec` (its RGM, the ROB of the map's name, its WLD when it has terrain,
    /// the actor models, and `SURFACE.INI` and `SOUP386.DEF` when present) from `files`, with
    /// `config` and the KEYS.INI `bindings`, and places its actors. The player enters
    /// separately ([`World::enter_marker`] or [`World::enter_at`]). A table too small for
    /// the map fails the load with [`WorldError::Capacity`]: the table, what the map needs
    /// ([`super::Needs`]) and what the build holds.
    pub fn load_world(
        files: &impl Files<'a>,
        spec: &WorldSpec<'_>,
        config: SystemConfig,
        bindings: Bindings,
    ) -> Result<Self, WorldError> {
        let mut world = World::unloaded(config, bindings);
        world.load_world_in_place(files, spec)?;
        Ok(world)
    }

    /// A world without a map, with `config` and `bindings`: no terrain, placements or
    /// actors. What [`World::load_in_place`] fills.
    // Not inlined: built straight into the caller's place (a session's field), not
    // through a temporary in the caller's frame.
    #[inline(never)]
    pub fn unloaded(config: SystemConfig, bindings: Bindings) -> Self {
        World {
            assets: super::Assets {
                map: Name::new(),
                world_id: None,
                compass: 0,
                rgm: Rgm::empty(),
                rob: Rob::new_unchecked(&[]),
                wld: Wld::new_unchecked(&[]),
                terrain: Decoded::new(Wld::new_unchecked(&[]), 0),
                statics: Statics::default(),
                models: Default::default(),
                sets: Default::default(),
                frame_models: Default::default(),
                // "Opening an actor-definition map resets this shared counter to zero."
                mess_groups: attributes::MessGroups::default(),
                config,
                bindings,
                surfaces: SurfaceTable::new(),
                pvo: None,
                refs: Default::default(),
                missing: heapless::Vec::new(),
            },
            tables: super::ActorTables {
                actors: Default::default(),
                memos: Default::default(),
                crowd: Default::default(),
                lists: Default::default(),
                cells: Cells::default(),
                players: [None, None],
                selected: 0,
                families: Default::default(),
                secondary: Default::default(),
                scripts: script::ScriptTables::default(),
            },
            systems: super::Systems {
                clock: Clock::new(TimingConfig::from(&config)),
                shared: Shared::default(),
                player: PlayerState::new(config.walk_mode),
                view: [0; 3],
                view_yaw: 0,
                camera: crate::camera::Camera::new(&config),
                walk: Default::default(),
                hidden_statics: Default::default(),
                wave: crate::terrain::Wave::NONE,
                sky: None,
                effects: super::effects::EffectPool::default(),
                ropes: C::Ropes::<super::ropes::Rope<'_>>::default(),
                dialogue: crate::dialogue::Dialogue::default(),
                shells: super::script::Shells::default(),
                items: crate::items::Items::default(),
                item_area: crate::dialogue::activation::ItemArea::Item,
                report: StepReport::default(),
                flags: Default::default(),
                retained: super::retained::Retained::new(),
                rng: Default::default(),
                combat_index: 0,
                script_exclusion: None,
            },
        }
    }

    /// [`World::load`] into this world, replacing all it held but its configuration and
    /// bindings: the same world without a second one on the stack (a microcontroller has
    /// room for one). After an error the world holds part of the map; load again or drop
    /// it.
    pub fn load_in_place(&mut self, files: &impl Files<'a>, map: &str) -> Result<(), WorldError> {
        let (spec, _) = catalog::resolve(files, Choice::Map(map))?;
        self.load_world_in_place(files, &spec)
    }

    /// [`World::load_world`] into this world, as [`World::load_in_place`].
    // Not inlined: the loader's temporaries stay out of the caller's frame (see
    // [`crate::session::Session::replay_in_place`]).
    #[inline(never)]
    pub fn load_world_in_place(
        &mut self,
        files: &impl Files<'a>,
        spec: &WorldSpec<'_>,
    ) -> Result<(), WorldError> {
        const { assert!(C::FITS, "a Caps size is beyond what the world's indices address") };
        self.reset();
        self.fill(files, spec).map_err(|e| with_needs(e, files, &spec.map_name()))
    }

    /// Everything but the configuration and bindings as [`World::unloaded`] has it, the
    /// tables emptied where they are.
    fn reset(&mut self) {
        (self.assets.map, self.assets.world_id, self.assets.compass) = (Name::new(), None, 0);
        (self.assets.rgm, self.assets.rob, self.assets.wld) =
            (Rgm::empty(), Rob::new_unchecked(&[]), Wld::new_unchecked(&[]));
        self.assets.terrain = Decoded::none();
        self.systems.wave = crate::terrain::Wave::NONE;
        self.assets.statics.clear();
        self.assets.models.clear();
        self.assets.sets.clear();
        self.assets.frame_models.clear();
        self.assets.mess_groups = attributes::MessGroups::default();
        self.tables.actors.clear();
        self.tables.memos.clear();
        self.tables.cells.clear();
        (self.tables.players, self.tables.selected) = ([None, None], 0);
        self.systems.player = PlayerState::new(self.assets.config.walk_mode);
        self.systems.clock = Clock::new(TimingConfig::from(&self.assets.config));
        self.assets.surfaces.clear();
        self.systems.shared = Shared::default();
        (self.systems.view, self.systems.view_yaw) = ([0; 3], 0);
        self.systems.camera = crate::camera::Camera::new(&self.assets.config);
        self.systems.walk.clear();
        self.tables.families.clear();
        self.assets.pvo = None;
        self.tables.secondary.clear();
        self.systems.hidden_statics.clear();
        self.systems.sky = None;
        self.systems.effects.reopen(0, 0, [None; 5]);
        self.systems.ropes.clear();
        self.systems.report = StepReport::default();
        // World teardown clears every dialogue record and stops the clips; nothing said
        // survives into the next world ({D:engine/sound.md}).
        self.systems.dialogue.reopen(None, self.assets.config.dialog_max_dialog_lines);
        self.systems.item_area = crate::dialogue::activation::ItemArea::Item;
        self.assets.missing.clear();
        self.tables.scripts.states.clear();
        self.tables.scripts.locals.clear();
        self.systems.shells = super::script::Shells::default();
        (self.systems.combat_index, self.systems.script_exclusion) = (0, None);
        // A load is a session start unless `change_world` puts the session's state back:
        // the session initializer's retained state ({D:engine/menu.md} "Selection and
        // actions").
        self.systems.retained = super::retained::Retained::new();
    }

    fn fill(&mut self, files: &impl Files<'a>, spec: &WorldSpec<'_>) -> Result<(), WorldError> {
        let rgm_file = spec.rgm();
        let rgm =
            Rgm::new_checked(rgm_file.read(files)?).map_err(|e| WorldError::Format(rgm_file.name(), e))?;
        let rob_file = FileRef::Name(spec.rob());
        let rob =
            Rob::new_checked(rob_file.read(files)?).map_err(|e| WorldError::Format(rob_file.name(), e))?;
        // No WLD: an interior or a dungeon, without terrain ({D:config/world-ini.md}).
        let wld = match spec.wld() {
            Some(f) => Some(Wld::new_checked(f.read(files)?).map_err(|e| WorldError::Format(f.name(), e))?),
            None => None,
        };
        // The PVO visibility octree is optional (most maps have none).
        let pvo_file = FileRef::Name(spec.own(".PVO"));
        let pvo = match pvo_file.read(files) {
            Ok(bytes) => Some(
                crate::formats::pvo::Pvo::new_checked(bytes)
                    .map_err(|e| WorldError::Format(pvo_file.name(), e))?,
            ),
            Err(_) => None,
        };
        // Reset already left the empty table a missing file means.
        if let Some(bytes) = files.file("SURFACE.INI") {
            let text = core::str::from_utf8(bytes).unwrap_or("");
            self.assets.surfaces.parse_into(text).map_err(WorldError::Surface)?;
        }
        (self.systems.flags, self.assets.refs) = script::definitions(files)?;
        self.systems.rng = crate::script::Rng::default();
        // The dialogue file ({D:config/system-ini.md} `rtx_filename`, installed
        // `ENGLISH.RTX`); without one, lines and prompts find nothing.
        let rtx = match files.file(RTX_FILE) {
            Some(bytes) => Some(
                Rtx::new_checked(bytes).map_err(|e| WorldError::Format(name_of(RTX_FILE.as_bytes()), e))?,
            ),
            None => None,
        };
        self.systems.dialogue.reopen(rtx, self.assets.config.dialog_max_dialog_lines);
        // The item database (`[system] item_ini`, installed `ITEM.INI`); the system opens
        // with the world loaded as a session starts (a world change keeps it).
        let items = match files.file(crate::items::ITEM_FILE) {
            Some(bytes) => {
                let text = core::str::from_utf8(bytes).map_err(|_| WorldError::Items(0))?;
                Some(
                    crate::items::ItemIni::new_checked(text)
                        .map_err(|e| WorldError::Items(e.line().max(1)))?,
                )
            }
            None => None,
        };
        self.systems.items.open(items);
        // The sky opens with the world and takes one draw of the shared random stream for its
        // scroll direction ({D:engine/sky.md} "Initial scroll direction").
        self.systems.sky =
            spec.sky.map(|speed| super::sky::SkyMotion::new((self.systems.rng.draw() & 2047) as u16, speed));
        // World initialization replaces the effect pool ({D:engine/SOUP.md} "Environmental
        // effect animation"); the engine's own effect textures are resolved now.
        let images = super::effects::ENGINE_TEXTURES.map(|t| super::effects::resolve(files, t));
        self.systems.effects.reopen(
            self.assets.config.max_effects,
            self.assets.config.disable_effects,
            images,
        );
        self.assets.statics.fill(&rgm, &rob).map_err(|_| full::<C>(TableKind::Placements))?;
        self.systems.walk.load(&rgm)?;
        // Memos name placements of these statics and samples of this map.
        self.tables.memos.clear();
        (self.assets.map, self.assets.world_id, self.systems.wave) = (spec.map_name(), spec.id, spec.wave);
        self.assets.compass = spec.compass;
        (self.assets.rgm, self.assets.rob) = (rgm, rob);
        // `world_scapeshift` offsets the height table (its low signed word).
        self.assets.terrain = wld.map_or_else(Decoded::none, |w| Decoded::new(w, spec.scapeshift as i32));
        self.assets.wld = *self.assets.terrain.wld();
        self.assets.pvo = pvo;
        self.place_actors(files)?;
        // After the map objects, before the player records.
        self.prepare_shells()?;
        // After the actors, so that their models keep their places in the model table.
        self.build_ropes(files)
    }
    /// The walk maps as the navigation queries take them.
    pub(super) fn walk(&mut self) -> crate::actor::walk::WalkMaps<'_, 'a> {
        self.systems.walk.parts().0
    }

    /// The loaded model called `name` (case-insensitive), loading it on first use: a ROB
    /// segment with a model, else `<name>.3DC`, else `<name>.3D`.
    pub(super) fn model_named(
        &mut self,
        files: &impl Files<'a>,
        name: &[u8],
    ) -> Result<Option<u16>, WorldError> {
        let key = name_of(name);
        if key.is_empty() {
            return Ok(None);
        }
        if let Some(i) = self.assets.models.iter().position(|m| m.name == key) {
            return Ok(Some(i as u16));
        }
        let segment = self.assets.rob.find(name);
        let (flags, attributes) = segment.map_or((0, 0), |s| (s.collision_flags(), s.attributes()));
        let model = match segment.and_then(|s| s.model().ok()) {
            Some(m) => Some(m),
            None => {
                let mut found = None;
                for ext in [".3DC", ".3D"] {
                    let mut file = Name::new();
                    let _ = file.push_str(&key);
                    let _ = file.push_str(ext);
                    if let Some(bytes) = files.file(&file) {
                        found = Some(Model::new_checked(bytes).map_err(|e| WorldError::Format(file, e))?);
                        break;
                    }
                }
                found
            }
        };
        let Some(model) = model else {
            // Nothing to draw or collide with; the frontend says which file was missing.
            if !self.assets.missing.contains(&key) {
                let _ = self.assets.missing.push(key);
            }
            return Ok(None);
        };
        self.assets
            .models
            .push(WorldModel { name: key, model, flags, attributes })
            .map_err(|_| full::<C>(TableKind::Models))?;
        Ok(Some(self.assets.models.len() as u16 - 1))
    }

    /// The animation set of `definition` over its RAAN table (`placement` `None`) or over
    /// `placement = (frames, model name)` (the type-1 MPOB fallback), built on first use and
    /// shared by every instance with the same definition and frame source. `None` when the
    /// definition has no animation table and no placement model is given.
    pub(super) fn set_for(
        &mut self,
        files: &impl Files<'a>,
        definition: u16,
        placement: Option<(u8, &'a [u8])>,
    ) -> Result<Option<u16>, WorldError> {
        let source = match placement {
            Some((frames, name)) => FrameSource::Placement { model: name_of(name), frames },
            None => FrameSource::Raan,
        };
        if let Some(i) =
            self.assets.sets.iter().position(|s| s.definition == definition && s.source == source)
        {
            return Ok(Some(i as u16));
        }
        let rgm = self.assets.rgm;
        let Some(def) = rgm.actor(definition as usize) else { return Ok(None) };
        let set = match placement {
            Some((count, _)) => AnimSet::with_placement_model(&def, count),
            None => match AnimSet::from_actor(&def) {
                Some(set) => set,
                None => return Ok(None),
            },
        };
        if self.assets.sets.is_full() {
            return Err(full::<C>(TableKind::Sets));
        }
        let first = self.assets.frame_models.len();
        for name in set_names(&def, placement) {
            let m = self.model_named(files, name)?.unwrap_or(NO_MODEL);
            self.assets.frame_models.push(m).map_err(|_| full::<C>(TableKind::FrameModels))?;
        }
        // Caps::FITS keeps the frame-model table under 65,535, so both ends fit.
        let models = first as u16..self.assets.frame_models.len() as u16;
        let reach = self.assets.frame_models[first..]
            .iter()
            .filter_map(|&m| self.assets.models.get(m as usize))
            .fold(0.0f32, |r, m| r.max(m.radius()));
        self.assets
            .sets
            .push(SetEntry { definition, source, set, models, reach })
            .map_err(|_| full::<C>(TableKind::Sets))?;
        Ok(Some(self.assets.sets.len() as u16 - 1))
    }

    /// The world model of frame-table entry `k` of `entry`'s table.
    pub fn frame_model(&self, entry: &SetEntry<'a>, k: usize) -> Option<&WorldModel<'a>> {
        self.tables().frame_model(entry, k)
    }

    /// The grip-0 vertex of the first `ShowFrame` of actor `a`'s group 7, model units (Q8), the
    /// hands of the hang pose ({D:engine/player.md} "Ledge hang pose"; {D:engine/attachment.md}
    /// "Actor model-point conversion"): RAEX grip 0 in that frame of its model. `None` without
    /// the group, a frame in it, or the vertex.
    pub(super) fn grip_vertex(&self, a: &Actor) -> Option<[i32; 3]> {
        let entry = self.assets.sets.get(a.set? as usize)?;
        let g = entry.set.group(group::HANG)?;
        let frame = (0..g.len()).find_map(|i| match g.command(i)? {
            crate::formats::rgm::Command::ShowFrame { frame } => Some(frame),
            _ => None,
        })?;
        let pose = entry.set.pose(frame)?;
        let model = self.frame_model(entry, pose.model as usize)?;
        let grip = self.assets.rgm.actor(a.definition as usize)?.extra()?.grip()[0];
        model.model.frame_vertex(pose.frame as u32, u32::try_from(grip).ok()?)
    }

    /// Bounds and shape from the definition ("Ordinary actor collision-shape
    /// initialization"): the primary MPSZ record for an animation table, or for a static
    /// model with an MPOB `model_id` other than −1; bounds from the model's vertices for a
    /// static model with `model_id` −1; otherwise the default radius-12 sphere.
    pub(super) fn init_shape(&self, a: &mut Actor, def: &rgm::ActorDef<'_, 'a>, model_id: i16) {
        let path = def.model_path();
        let raex_scale = def.extra().map_or(0, |x| x.sphere_scale_raw());
        let primary = def.bounds().primary;
        let from_record = match path {
            ModelPath::AnimationTable => primary,
            ModelPath::Static if model_id != -1 => primary,
            _ => None,
        };
        let pch = self.assets.config.post_collide_height;
        let standing = self.assets.config.standing_height;
        if let Some(r) = from_record {
            a.bounds = Bounds { total: r.total(), positive: r.positive(), negative: r.negative() };
            a.centre = r.centre();
            a.shape = shape::build(&a.bounds, raex_scale, pch, standing);
        } else if let (ModelPath::Static, -1, ActorModel::Static { model, .. }) = (path, model_id, a.model)
            && let Some(m) = self.assets.models.get(model as usize)
        {
            a.bounds = vertex_bounds(&m.model, self.assets.config.sphere_object_scale);
            a.shape = shape::build(&a.bounds, raex_scale, pch, standing);
        } else {
            a.bounds = Bounds { total: [24; 3], positive: [12; 3], negative: [12; 3] };
            a.shape = shape::Shape::default_shape();
        }
    }

    /// "Placed actor initialization and eligibility": every MPOB record whose script names
    /// an actor definition becomes an actor, in record order; activation 0 puts it at the
    /// front of its map cell, anything else at the front of the persistent list. Each gets
    /// its own attribute copy with the load-time defaults ([`attributes::initial`]); the
    /// animation-table path and the type-1 fallback that builds a table take the next
    /// message group.
    fn place_actors(&mut self, files: &impl Files<'a>) -> Result<(), WorldError> {
        let rgm = self.assets.rgm;
        for (k, record) in rgm.mpob().iter().enumerate() {
            let Some(def) = rgm.actor_by_name(record.script_name()) else { continue };
            let definition = def.index() as u16;
            let mut a = Actor::new(definition, attributes::initial(def.attributes(), &self.assets.config));
            a.placement = Some(k as u16);
            let p = record.position();
            a.position = p.map(|c| c.wrapping_mul(256));
            a.previous = a.position;
            let [ax, ay, az] = record.angles();
            a.set_orientation(Angles::new(ax as i32, ay as i32, az as i32));
            a.previous_angles = a.angles;
            a.water_record = a.position;
            (a.home, a.home_angles) = (a.position, a.angles);
            // "Navigation map validation": the nearest node of any map (no Y extent added,
            // reservations unread) becomes the actor's map and current node.
            if let Some((map, node)) = self.walk().nearest(a.position.map(|c| c >> 8)) {
                (a.nav.map, a.nav.current) = (Some(map), node);
            }
            match request(&def, &record) {
                Request::Set(placement) => {
                    a.set = self.set_for(files, definition, placement)?;
                    self.assets.mess_groups.assign(&mut a.attributes);
                }
                Request::Model(name) => {
                    if let Some(m) = self.model_named(files, name)? {
                        a.model =
                            ActorModel::Static { model: m, flags: self.assets.models[m as usize].flags };
                    }
                }
                Request::Nothing => {}
            }
            // The shape follows the definition's own path, so running it after a type-1
            // fallback (only a `ModelPath::None` definition takes one) gives the default
            // shape, as before the fallback.
            self.init_shape(&mut a, &def, record.model_id());
            if a.set.is_some() {
                a.model = ActorModel::Animated;
            }
            a.model_radius = self.actor_model(&a).map(|m| m.radius());
            // "Placed actor initialization and eligibility": group setup's two group-zero
            // requests are made for an MPOB type-1 placement only; any other keeps the new
            // state's default group 0 with nothing requested.
            if let Some(set) = a.set.and_then(|s| self.assets.sets.get(s as usize)) {
                if record.object_type() == 1 {
                    let mut events = crate::anim::Events::default();
                    let mut cx = self.anim_context(&set.set, &mut events);
                    a.anim = crate::anim::AnimState::placed(&mut cx);
                }
                a.setup_combat(&mut self.systems.combat_index);
            }
            // Instances of one definition take successive RAVA slices.
            let instance = self.tables.actors.iter().filter(|x| x.definition == definition).count();
            let id = self.tables.actors.len() as u16;
            self.tables.actors.push(a).map_err(|_| full::<C>(TableKind::Actors))?;
            self.tables.scripts.add(&rgm, &def, instance)?;
            if record.activation() == 0 {
                self.tables.cells.insert_cell(id, p[0], p[2]);
            } else {
                self.tables.cells.insert_persistent(id);
            }
        }
        self.init_families();
        self.build_secondary();
        Ok(())
    }
}

/// `error` with what map `map` of `files` needs of its table, when it is a capacity error.
pub(super) fn with_needs<'a>(error: WorldError, files: &impl Files<'a>, map: &str) -> WorldError {
    match error {
        WorldError::Capacity(mut o) => {
            o.needs = super::Needs::of(files, map).map_or(o.holds + 1, |n| n.get(o.table).max(o.holds + 1));
            WorldError::Capacity(o)
        }
        e => e,
    }
}

/// What a placed actor asks the loader for ({A}, "Placed-object frame sources").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Request<'a> {
    /// The animation set of its definition over the RAAN table (`None`) or over a type-1
    /// placement's model (frames, model name).
    Set(Option<(u8, &'a [u8])>),
    /// A static model by name.
    Model(&'a [u8]),
    /// Nothing: no model.
    Nothing,
}

/// The definition's own model path first; then, when it gave neither a table nor a static
/// model, the type-1 placement-model fallback.
pub(super) fn request<'a>(def: &rgm::ActorDef<'_, 'a>, record: &rgm::MpobRecord<'a>) -> Request<'a> {
    match def.model_path() {
        ModelPath::AnimationTable => Request::Set(None),
        ModelPath::Static => Request::Model(def.raan_entries().next().map_or(&[][..], |e| stem(e.path))),
        ModelPath::None => {
            // By its stem, as the statics' names: a retail name keeps `.3` of its suffix.
            let name = rgm::model_stem(record.model_name());
            if record.object_type() != 1 || name.is_empty() {
                return Request::Nothing;
            }
            match record.fallback_frames() {
                None => Request::Model(name),
                Some(n) => Request::Set(Some((n, name))),
            }
        }
    }
}

/// The model names a new animation set's frame table asks for, in entry order: the
/// placement's model, or each RAAN entry's stem.
pub(super) fn set_names<'a>(
    def: &rgm::ActorDef<'_, 'a>,
    placement: Option<(u8, &'a [u8])>,
) -> impl Iterator<Item = &'a [u8]> + use<'a> {
    let raan = placement.is_none().then(|| def.raan_entries().map(|e| stem(e.path)));
    placement.map(|(_, name)| name).into_iter().chain(raan.into_iter().flatten())
}

/// Bounds from a static model's vertices: extents grow in stored order by nearest-even
/// components, negatives become magnitudes, X/Z scaled by `sphere_object_scale >> 8`
/// (nonpositive: 256), totals the sums, centre zero.
fn vertex_bounds(model: &Model<'_>, sphere_object_scale: i32) -> Bounds {
    let mut pos = [0i32; 3];
    let mut neg = [0i32; 3];
    for v in model.vertices() {
        for k in 0..3 {
            let c = crate::math::round_ties_even(v[k] as f32 / 256.0) as i32;
            pos[k] = pos[k].max(c);
            neg[k] = neg[k].min(c);
        }
    }
    let scale = if sphere_object_scale <= 0 { 256 } else { sphere_object_scale };
    let mut b = Bounds { total: [0; 3], positive: pos, negative: neg.map(|c| c.wrapping_neg()) };
    for k in [0, 2] {
        b.positive[k] = b.positive[k].wrapping_mul(scale) >> 8;
        b.negative[k] = b.negative[k].wrapping_mul(scale) >> 8;
    }
    b.total = [0, 1, 2].map(|k| b.positive[k].wrapping_add(b.negative[k]));
    b
}
