//! Parses a file and reads every field the readers offer, without allocating: the body of
//! the fuzz targets, the mutation test and the no-allocation test.

use stros_core::formats::FormatError;
use stros_core::formats::col::Col;
use stros_core::formats::ini::Ini;
use stros_core::formats::model::Model;
use stros_core::formats::pvo::{Pvo, Selected};
use stros_core::formats::rgm::{FlatDraw, Rgm, flat};
use stros_core::formats::rob::Rob;
use stros_core::formats::sfx::Sfx;
use stros_core::formats::soupdef::SoupDef;
use stros_core::formats::surface::{SurfaceError, SurfaceTable};
use stros_core::formats::texbsi::{Image, Texbsi};
use stros_core::formats::wld::Wld;
use stros_core::formats::worldini::{self, WorldEntry, WorldIni};

/// The sizes the exercises and the fuzz targets ([`crate::fuzz`], above this module) read
/// with: room for the island and what a mutation adds, kept inline so that loading,
/// stepping and drawing run with no allocator at all (the frontends' heap tables,
/// `stros_host::Desktop`, are reserved when a world is made).
pub type Fuzzing = stros_core::capacity::Caps<256, 2048, 256, 128, 4096, 8192, 16, 2048, 64, 32, 16, 8, 256>;

/// Which reader a file goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// RGM scene.
    Rgm,
    /// WLD terrain.
    Wld,
    /// 3D or 3DC model.
    Model,
    /// ROB archive.
    Rob,
    /// COL palette.
    Col,
    /// TEXBSI bank.
    Texbsi,
    /// SFX bank.
    Sfx,
    /// PVO visibility octree.
    Pvo,
    /// INI text.
    Ini,
    /// SURFACE.INI text (its `[surfaces]` table).
    Surface,
    /// SOUP386.DEF text (its flags and property references).
    SoupDef,
    /// WORLD.INI text (the world catalog).
    WorldIni,
    /// A standalone BSI image (a sky).
    Bsi,
    /// FOG.INI (or `FOG<world>.INI`) text: the scene fog table.
    Fog,
    /// RTX dialogue.
    Rtx,
    /// FNT font.
    Fnt,
    /// ITEM.INI text (the item database).
    ItemIni,
    /// GXA bitmap archive.
    Gxa,
    /// Save-game container (`SAVEGAME.SAV`, `.TSG`).
    Save,
}

impl Kind {
    /// Every kind.
    pub const ALL: [Kind; 19] = [
        Kind::Rgm,
        Kind::Wld,
        Kind::Model,
        Kind::Rob,
        Kind::Col,
        Kind::Texbsi,
        Kind::Sfx,
        Kind::Pvo,
        Kind::Ini,
        Kind::Surface,
        Kind::SoupDef,
        Kind::WorldIni,
        Kind::Bsi,
        Kind::Fog,
        Kind::Rtx,
        Kind::Fnt,
        Kind::ItemIni,
        Kind::Gxa,
        Kind::Save,
    ];

    /// The kind of a file by its name (`TEXBSI.302` by its stem, the rest by extension).
    pub fn for_name(name: &str) -> Option<Kind> {
        let upper = name.to_ascii_uppercase();
        let file = upper.rsplit(['/', '\\']).next().unwrap_or(&upper);
        if file.contains("TEXBSI.") {
            return Some(Kind::Texbsi);
        }
        if file == "SURFACE.INI" {
            return Some(Kind::Surface);
        }
        if file == "WORLD.INI" {
            return Some(Kind::WorldIni);
        }
        if file == "ITEM.INI" {
            return Some(Kind::ItemIni);
        }
        if file.starts_with("FOG") && file.ends_with(".INI") {
            return Some(Kind::Fog);
        }
        match file.rsplit('.').next()? {
            "RGM" => Some(Kind::Rgm),
            "WLD" => Some(Kind::Wld),
            "3D" | "3DC" => Some(Kind::Model),
            "ROB" => Some(Kind::Rob),
            "COL" => Some(Kind::Col),
            "SFX" => Some(Kind::Sfx),
            "PVO" => Some(Kind::Pvo),
            "INI" => Some(Kind::Ini),
            "DEF" => Some(Kind::SoupDef),
            "BSI" => Some(Kind::Bsi),
            "RTX" => Some(Kind::Rtx),
            "FNT" => Some(Kind::Fnt),
            "GXA" => Some(Kind::Gxa),
            "SAV" | "TSG" => Some(Kind::Save),
            _ => None,
        }
    }

    /// The kind's name for messages.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Rgm => "RGM",
            Kind::Wld => "WLD",
            Kind::Model => "3D",
            Kind::Rob => "ROB",
            Kind::Col => "COL",
            Kind::Texbsi => "TEXBSI",
            Kind::Sfx => "SFX",
            Kind::Pvo => "PVO",
            Kind::Ini => "INI",
            Kind::Surface => "SURFACE.INI",
            Kind::SoupDef => "SOUP386.DEF",
            Kind::WorldIni => "WORLD.INI",
            Kind::Bsi => "BSI",
            Kind::Fog => "FOG.INI",
            Kind::Rtx => "RTX",
            Kind::Fnt => "FNT",
            Kind::ItemIni => "ITEM.INI",
            Kind::Gxa => "GXA",
            Kind::Save => "SAV",
        }
    }

    /// Whether files of this kind are text, whose prefixes may be whole files too.
    pub fn is_text(self) -> bool {
        matches!(self, Kind::Ini | Kind::Surface | Kind::SoupDef | Kind::WorldIni | Kind::Fog | Kind::ItemIni)
    }
}

/// An error from [`exercise`]: a format error, or INI text that is not UTF-8 or malformed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExerciseError {
    /// A binary reader refused the file.
    Format(FormatError),
    /// The INI reader refused the text (line number).
    Ini(usize),
}

/// Parses `data` as `kind` and reads every field; returns a checksum of what it read.
pub fn exercise(kind: Kind, data: &[u8]) -> Result<u64, ExerciseError> {
    let mut sum = Sum(0);
    match kind {
        Kind::Rgm => rgm(&mut sum, data).map_err(ExerciseError::Format)?,
        Kind::Wld => wld(&mut sum, data).map_err(ExerciseError::Format)?,
        Kind::Model => model(&mut sum, &Model::new_checked(data).map_err(ExerciseError::Format)?),
        Kind::Rob => rob(&mut sum, data).map_err(ExerciseError::Format)?,
        Kind::Col => {
            let c = Col::new_checked(data).map_err(ExerciseError::Format)?;
            for i in 0..=255u8 {
                sum.add_all(&c.rgb(i));
                sum.add_all(&c.world_rgb(i));
            }
        }
        Kind::Texbsi => texbsi(&mut sum, data).map_err(ExerciseError::Format)?,
        Kind::Bsi => image(&mut sum, &Image::standalone(data).map_err(ExerciseError::Format)?),
        Kind::Sfx => sfx(&mut sum, data).map_err(ExerciseError::Format)?,
        Kind::Pvo => pvo(&mut sum, data).map_err(ExerciseError::Format)?,
        Kind::Rtx => rtx(&mut sum, data).map_err(ExerciseError::Format)?,
        Kind::Fnt => fnt(&mut sum, data).map_err(ExerciseError::Format)?,
        Kind::Gxa => gxa(&mut sum, data).map_err(ExerciseError::Format)?,
        Kind::Save => save(&mut sum, data).map_err(ExerciseError::Format)?,
        Kind::ItemIni => {
            let text = core::str::from_utf8(data).map_err(|_| ExerciseError::Ini(0))?;
            let ini =
                stros_core::items::ItemIni::new_checked(text).map_err(|e| ExerciseError::Ini(e.line()))?;
            items(&mut sum, ini);
        }
        Kind::Ini => {
            let text = core::str::from_utf8(data).map_err(|_| ExerciseError::Ini(0))?;
            let ini = Ini::new_checked(text).map_err(|e| ExerciseError::Ini(e.line()))?;
            for e in ini.entries() {
                sum.add(e.line as u64);
                sum.add(e.int().unwrap_or(0) as u64);
            }
        }
        Kind::Surface => {
            let text = core::str::from_utf8(data).map_err(|_| ExerciseError::Ini(0))?;
            let t = SurfaceTable::parse(text).map_err(|e| ExerciseError::Ini(surface_line(e)))?;
            for set in [0u16, 302, 310, 511] {
                for index in 0..128u8 {
                    sum.add(t.lookup(set, index) as u64);
                }
            }
            for surface in 0..14u8 {
                for effect in -1..257i16 {
                    sum.add(t.remap_sound(surface, effect) as u64);
                }
            }
        }
        Kind::WorldIni => {
            let text = core::str::from_utf8(data).map_err(|_| ExerciseError::Ini(0))?;
            world_ini(&mut sum, &WorldIni::new_checked(text).map_err(|e| ExerciseError::Ini(e.line()))?);
        }
        Kind::Fog => {
            let text = core::str::from_utf8(data).map_err(|_| ExerciseError::Ini(0))?;
            let table = stros_core::render::fog::FogTable::parse(text);
            sum.add_all(&table.density);
            for depth in [1.0f32, 256.0, 1000.0, 3000.0, 1e6] {
                sum.add(table.density_at(1.0 / depth) as u64);
            }
        }
        Kind::SoupDef => {
            let def = SoupDef::new_checked(data).map_err(ExerciseError::Format)?;
            for f in def.flags() {
                sum.add(f.kind as u64);
                sum.bytes(f.name);
                sum.add(f.value as u64);
            }
            for r in def.refs() {
                sum.bytes(r);
            }
            for l in def.lines() {
                sum.add(l.offset as u64);
                sum.add(l.section.map_or(9, |s| s as u64));
            }
        }
    }
    Ok(sum.0)
}

/// The line a SURFACE.INI error names (0 for a missing section).
pub fn surface_line(e: SurfaceError) -> usize {
    match e {
        SurfaceError::NoSurfaces => 0,
        SurfaceError::Malformed { line }
        | SurfaceError::OutOfRange { line }
        | SurfaceError::UnknownClass { line }
        | SurfaceError::TooMany { line }
        | SurfaceError::BadSound { line } => line,
    }
}

struct Sum(u64);

impl Sum {
    fn add(&mut self, v: u64) {
        self.0 = self.0.rotate_left(5) ^ v;
    }
    fn add_all<T: Copy + Into<i64>>(&mut self, vs: &[T]) {
        for &v in vs {
            self.add(v.into() as u64);
        }
    }
    fn bytes(&mut self, b: &[u8]) {
        self.add(b.len() as u64);
        for &c in b.iter().take(64) {
            self.add(c as u64);
        }
    }
}

/// Highest node-map and rain-sphere number read by number (the sequences are read whole).
const MAX_NUMBERED: u16 = 16;

/// The globals, and every accessor of every world index 0–100 (100 is never a world).
fn world_ini(sum: &mut Sum, w: &WorldIni<'_>) {
    sum.add_all(&[w.start_world(), w.start_marker(), w.test_map_delay()]);
    w.test_map_order().for_each(|n| sum.add(n as u64));
    w.ids().for_each(|id| sum.add(id as u64));
    for id in 0..=worldini::MAX_WORLD + 1 {
        sum.add(w.contains(id) as u64);
        if let Some(e) = w.world(id) {
            world_entry(sum, &e);
        }
    }
}

fn world_entry(sum: &mut Sum, e: &WorldEntry<'_>) {
    let paths = [Some(e.map), e.terrain, e.palette, e.flash_filename, e.sky, e.skyfx, e.sunimg];
    for p in paths.into_iter().chain(e.node_maps().map(Some)) {
        let p = p.unwrap_or("");
        sum.bytes(worldini::base_name(p).as_bytes());
        worldini::split_path(p).for_each(|c| sum.add(c.len() as u64));
    }
    sum.add_all(&[
        e.id as i32,
        e.redbook.unwrap_or(-1),
        e.shade,
        e.haze,
        e.back_plane,
        e.background,
        e.compass,
    ]);
    sum.add_all(&[e.ambient, e.ambientfx.into(), e.sunangle, e.sunskew, e.scapeshift.into()]);
    sum.add_all(&[e.skyscale, e.skylevel, e.skyspeed, e.sky_xrotate, e.sky_yrotate, e.sunscale]);
    sum.add_all(&[e.rain_delay, e.rain_drops, e.rain_start, e.rain_end]);
    sum.add_all(&e.sun);
    sum.add_all(&e.fogrgb);
    for rgb in [e.ambientrgb, e.sunimgrgb] {
        sum.add_all(&rgb.unwrap_or([-1; 3]));
    }
    sum.add_all(&e.sunrgb.unwrap_or([-1; 4]));
    let (amplitude, speed, frequency) = e.wave.for_terrain();
    sum.add_all(&[e.wave.amplitude, e.wave.speed, e.wave.frequency, speed, frequency]);
    sum.add(amplitude.to_bits() as u64);
    for n in 0..=MAX_NUMBERED {
        sum.bytes(e.node_map(n).unwrap_or("").as_bytes());
        sum.add_all(&e.rain_sphere(n).unwrap_or([0; 4]));
    }
    e.rain_spheres().for_each(|s| sum.add_all(&s));
}

fn rgm(sum: &mut Sum, data: &[u8]) -> Result<(), FormatError> {
    let r = Rgm::new_checked(data)?;
    for s in r.sections() {
        sum.bytes(&s.tag);
        sum.add(s.payload.len() as u64);
    }
    for a in r.actors() {
        sum.bytes(a.name());
        sum.add(a.model_path() as u64);
        sum.bytes(a.attributes());
        if let Some(x) = a.extra() {
            sum.add(x.sphere_scale() as u64);
        }
        for e in a.raan_entries() {
            sum.bytes(e.stem());
            sum.add(e.kind() as u64);
        }
        for i in 0..a.frame_table_len().min(1024) {
            sum.add(a.frame(i).is_some() as u64);
        }
        for g in a.groups() {
            sum.add(g.number() as u64);
            sum.add(g.countdown_reload() as u64);
            sum.add(g.type_word() as u64);
            for c in g.commands() {
                sum.add(c.opcode() as u64);
                sum.add(c.jump_target().unwrap_or(0) as u64);
            }
        }
        sum.bytes(a.script());
        sum.add(a.script_pc() as u64);
        for i in 0..8 {
            sum.add(a.variable(i).unwrap_or(0) as u64);
            sum.bytes(a.string(i).unwrap_or(&[]));
        }
        for l in a.locations().take(64) {
            sum.add_all(&l);
        }
        for v in a.vertex_spheres().take(64) {
            sum.add(v.radius as u64);
        }
    }
    for m in r.mpob().iter() {
        sum.add(m.id() as u64);
        sum.bytes(m.script_name());
        sum.bytes(m.model_name());
        sum.add_all(&m.position());
        sum.add(m.fallback_frames().unwrap_or(0) as u64);
    }
    for m in r.mpso().iter() {
        sum.bytes(m.model_name());
        sum.add_all(&m.position());
        sum.add_all(&m.matrix_raw());
        for row in m.matrix() {
            for v in row {
                sum.add(v.to_bits() as u64);
            }
        }
    }
    for k in r.mpmk().iter() {
        sum.add_all(&k.position);
        sum.add(k.usable() as u64);
    }
    for z in r.mpsz().iter() {
        sum.add(z.flag() as u64);
        sum.add_all(&z.total());
        sum.add_all(&z.positive());
        sum.add_all(&z.negative());
    }
    for s in [r.rasc(), r.rast(), r.rasb(), r.rava(), r.rahk(), r.ranm(), r.ralc(), r.rafs()] {
        sum.bytes(s);
    }
    placed(sum, &r);
    Ok(())
}

/// The ropes, lights and flats, and FLAT looked up for every texture a map draws as a
/// flat (each MPSF record and each type-3 MPOB placement).
fn placed(sum: &mut Sum, r: &Rgm<'_>) {
    let attrs = r.flat();
    for (archive, a) in attrs.iter() {
        sum.add_all(&[archive as i64, a.image.into(), a.flags.into(), a.alpha_input().into()]);
    }
    // Only archives with records: `records` sums the counts before it, so every archive
    // would cost 512² reads per input.
    for a in (0..flat::ARCHIVES).filter(|&a| attrs.count(a) > 0).chain([flat::ARCHIVES, usize::MAX]) {
        sum.add(attrs.records(a).len() as u64);
        sum.add(attrs.lookup(a, 0).is_some() as u64);
    }
    let draw = |sum: &mut Sum, texture: u16| {
        let d = FlatDraw::for_texture(&attrs, texture);
        sum.add_all(&[d.flags as i64, d.alpha.into()]);
        sum.add(attrs.attributes(texture).map_or(0, |a| a.flags as u64 + 1));
    };
    for f in r.mpsf().iter() {
        sum.add_all(&[f.id() as i64, f.reserved().into(), f.reserved_16().into()]);
        sum.add_all(&f.position());
        sum.add_all(&[f.texture_data(), f.texture_id(), f.image_id().into()]);
        let d = f.draw(&attrs);
        sum.add_all(&[d.flags as i64, d.alpha.into()]);
        draw(sum, f.texture_data());
    }
    for m in r.mpob().iter().filter(|m| m.object_type() == 3) {
        draw(sum, m.texture_data());
    }
    let lights = r.mpsl();
    for l in lights.iter() {
        sum.add_all(&[l.link() as i64, l.world_id().into(), l.active().into(), l.field_1e().into()]);
        sum.add_all(&l.position());
        sum.add_all(&[l.radius(), l.field_16()]);
        sum.add_all(&l.rgb());
        sum.add_all(&l.field_20());
        sum.add_all(&l.field_26());
        sum.add(l.selected_for(l.world_id()) as u64);
    }
    for world in 0..4 {
        sum.add(lights.selected(world).count() as u64);
    }
    for p in r.mprp().iter() {
        sum.add_all(&[p.id() as i64, p.reserved().into(), p.angle_y().into(), p.yaw().into()]);
        sum.add_all(&p.position());
        sum.add_all(&[p.rope_type(), p.swing(), p.speed(), p.length().into()]);
        sum.bytes(p.static_model());
        sum.bytes(p.rope_model());
        sum.add_all(&p.sounds());
        sum.add_all(&p.trailing());
    }
}

fn wld(sum: &mut Sum, data: &[u8]) -> Result<(), FormatError> {
    let w = Wld::new_checked(data)?;
    sum.add_all(&w.texture_counts().map(|c| c as i64));
    sum.add_all(&w.rotation_counts().map(|c| c as i64));
    sum.add(w.flagged_heights() as u64);
    sum.add(w.textures_used());
    // Every accessor on a diagonal and the border, including outside coordinates.
    for k in -2..258 {
        for (x, j) in [(k, k), (k, 255 - k), (0, k), (k, 1)] {
            sum.add(w.height_index(x, j).unwrap_or(0) as u64);
            sum.add(w.vertex_height(x, j, 0).unwrap_or(0) as u64);
            sum.add(w.texture_byte(x, j).unwrap_or(0) as u64);
            sum.add(w.is_water_corner(x, j) as u64);
        }
    }
    Ok(())
}

fn model(sum: &mut Sum, m: &Model<'_>) {
    sum.add(m.vertex_count() as u64);
    sum.add(m.radius() as u64);
    for v in m.vertices().take(4096) {
        sum.add_all(&v);
    }
    for f in m.faces().take(4096) {
        sum.add(f.texture_raw() as u64);
        sum.add(f.index() as u64);
        for c in f.vertices() {
            sum.add(c.index as u64);
            sum.add(c.u as u64);
        }
        sum.add_all(&m.face_normal(f.index()).unwrap_or([0; 3]));
        for fr in 1..m.frame_count().min(64) {
            sum.add_all(&m.frame_face_normal(fr, f.index()).unwrap_or([0; 3]));
        }
    }
    for i in 0..m.vertex_count().min(4096) {
        for fr in 0..m.frame_count().min(64) {
            sum.add_all(&m.frame_vertex(fr, i).unwrap_or([0; 3]));
        }
        if let Some(n) = m.vertex_normal(i) {
            sum.add(n[0].to_bits() as u64);
        }
    }
    for k in 0..m.normal_index_count().min(4096) {
        sum.add(m.normal_index(k).unwrap_or(0) as u64);
    }
    for s in m.subobjects().take(4096) {
        sum.add_all(&s.centre());
        sum.add(s.radius() as u64);
        if let Some(e) = s.extents() {
            sum.add(e[0].to_bits() as u64);
        }
        for r in s.face_refs() {
            sum.add(r.index as u64);
        }
        for i in s.face_indices() {
            sum.add(i as u64);
        }
    }
    sum.add(m.runtime_subobjects().count() as u64);
}

fn rob(sum: &mut Sum, data: &[u8]) -> Result<(), FormatError> {
    let r = Rob::new_checked(data)?;
    for s in r.segments() {
        sum.bytes(s.name());
        sum.add(s.kind_raw() as u64);
        sum.add(s.collision_flags() as u64);
        sum.add(s.render_mode() as u64);
        sum.add(s.bbox_total()[0] as u64);
        if let Ok(m) = s.model() {
            model(sum, &m);
        }
    }
    Ok(())
}

fn texbsi(sum: &mut Sum, data: &[u8]) -> Result<(), FormatError> {
    let t = Texbsi::new_checked(data)?;
    for img in t.images() {
        image(sum, &img);
    }
    Ok(())
}

/// Every field of one image, a bank's or a standalone BSI's.
fn image(sum: &mut Sum, img: &Image<'_>) {
    sum.bytes(img.name());
    sum.add(img.index().unwrap_or(0) as u64);
    sum.add((img.width() * img.height() * img.frames()) as u64);
    sum.add(img.frame_delay_ticks() as u64);
    sum.add(img.scale_q8() as u64);
    for f in 0..img.frames().min(64) {
        for y in 0..img.height().min(512) {
            sum.bytes(img.row(f, y).unwrap_or(&[]));
        }
        sum.add(img.pixel(f, img.width() / 2, img.height() / 2).unwrap_or(0) as u64);
    }
    sum.add_all(&img.cmap_rgb(7).unwrap_or([0; 3]));
}

fn sfx(sum: &mut Sum, data: &[u8]) -> Result<(), FormatError> {
    let s = Sfx::new_checked(data)?;
    sum.bytes(s.description());
    for e in s.effects() {
        sum.add(e.type_id() as u64);
        sum.add(e.rate() as u64);
        sum.add(e.frames() as u64);
        sum.bytes(e.pcm());
    }
    Ok(())
}

fn pvo(sum: &mut Sum, data: &[u8]) -> Result<(), FormatError> {
    let p = Pvo::new_checked(data)?;
    sum.add(p.cell_size() as u64);
    sum.add_all(&p.center());
    sum.add(p.id_count() as u64);
    // The centre; along each octant's diagonal the first levels' centres, the root's corner
    // (inside: the extent itself) and one past it (outside); the coordinate extremes.
    let (c, h) = (p.center().map(i64::from), p.cell_size() as i64);
    let at = |d: [i64; 3]| [0, 1, 2].map(|k| (c[k] + d[k]).clamp(i32::MIN.into(), i32::MAX.into()) as i32);
    selected(sum, p.select(at([0; 3])));
    for octant in 0..8u8 {
        let sign = [4u8, 2, 1].map(|bit| if octant & bit != 0 { 1 } else { -1 });
        for d in [h / 4, h / 2, 3 * h / 4, h, h + 1] {
            selected(sum, p.select(at(sign.map(|s| s * d))));
        }
    }
    for point in [[0; 3], [i32::MIN; 3], [i32::MAX; 3], [i32::MIN, 0, i32::MAX]] {
        selected(sum, p.select(point));
    }
    Ok(())
}

/// Every id of a PVO lookup, and whether it holds its first id and an unlikely one.
fn selected(sum: &mut Sum, s: Selected<'_>) {
    sum.add(s.is_empty() as u64);
    let mut first = None;
    for id in s.ids() {
        sum.add(id as u64);
        first.get_or_insert(id);
    }
    sum.add(s.contains(first.unwrap_or(0)) as u64);
    sum.add(s.contains(u16::MAX) as u64);
}

/// The item system opened over `ini`: each of the first 32 ids with a record acquired,
/// queried, dropped and selected.
fn items(sum: &mut Sum, ini: stros_core::items::ItemIni<'_>) {
    let mut items = stros_core::items::Items::<Fuzzing>::default();
    items.open(Some(ini));
    // A fixed array: the fuzz targets run this with allocation aborting.
    let (mut ids, mut n) = ([0u8; 32], 0);
    for k in (0..=255u8).filter(|&k| items.has_record(k)) {
        if n < ids.len() {
            (ids[n], n) = (k, n + 1);
        }
    }
    for &id in &ids[..n] {
        items.acquire(id, 3, &mut |w| sum.add(w as u64));
        sum.add(items.count(id) as u64);
        items.drop(id, 1);
        items.select(id);
        sum.add(items.selected().map_or(0, u64::from));
    }
}

/// Every RTX entry: tag, text, the clip's fields and PCM, and a lookup of each tag.
fn rtx(sum: &mut Sum, data: &[u8]) -> Result<(), FormatError> {
    let r = stros_core::formats::rtx::Rtx::new_checked(data)?;
    for e in r.entries() {
        sum.bytes(&e.tag);
        sum.bytes(e.text);
        if let Some(v) = e.voice {
            sum.add(v.kind.type_id() as u64);
            sum.add(v.rate as u64);
            sum.add(v.volume as u64);
            sum.add(v.duration_256() as u64);
            sum.bytes(v.pcm);
        }
        sum.add(r.find(e.tag).is_some() as u64);
    }
    Ok(())
}

/// Every FNT glyph, the palette and the line height, and a subtitle laid out in the font.
/// Frames up to this many pixels are decoded (into the stack: fuzzing allocates nothing).
const GXA_DECODED: usize = 1 << 16;

fn gxa(sum: &mut Sum, data: &[u8]) -> Result<(), FormatError> {
    let g = stros_core::formats::gxa::Gxa::new_checked(data)?;
    sum.bytes(g.title());
    sum.bytes(g.palette().unwrap_or(&[]));
    let mut pixels = [0u8; GXA_DECODED];
    for k in 0..g.len() {
        let Some(f) = g.frame(k) else { continue };
        sum.add_all(&[f.width as i64, f.height as i64, f.offset[0] as i64, f.offset[1] as i64]);
        if f.pixels() <= GXA_DECODED {
            f.decode(&mut pixels)?;
            sum.bytes(&pixels[..f.pixels()]);
        }
    }
    Ok(())
}

fn save(sum: &mut Sum, data: &[u8]) -> Result<(), FormatError> {
    use stros_core::formats::save::clock;
    let s = stros_core::formats::save::Save::new_checked(data)?;
    sum.add_all(&[s.compatibility()[0] as i64, s.compatibility()[1] as i64, s.world_id() as i64]);
    sum.bytes(s.description());
    sum.bytes(s.bitmap());
    if let Some(f) = s.flags() {
        for k in 0..f.len() {
            sum.add_all(&[f.value(k).unwrap_or(0) as i64, f.state(k).unwrap_or(0) as i64]);
        }
    }
    if let Some(i) = s.items() {
        for r in (0..i.len()).filter_map(|k| i.record(k)) {
            sum.add_all(&[
                r.hide as i64,
                r.state as i64,
                r.total as i64,
                r.player_max as i64,
                r.player_total as i64,
            ]);
        }
        sum.add(i.selected() as u64);
    }
    for at in [clock::MEASUREMENT_BASELINE, clock::NEXT_SCALE, clock::NORMAL_RATE_SCALED] {
        sum.add(s.clock(at).unwrap_or(0) as u64);
    }
    sum.bytes(s.stros().unwrap_or("").as_bytes());
    for (tag, payload) in s.chunks() {
        sum.bytes(&tag);
        sum.add(payload.len() as u64);
    }
    Ok(())
}

fn fnt(sum: &mut Sum, data: &[u8]) -> Result<(), FormatError> {
    use stros_core::dialogue::subtitle;
    let f = stros_core::formats::fnt::Fnt::new_checked(data)?;
    sum.add(f.line_height() as u64);
    sum.bytes(f.palette().unwrap_or(&[]));
    for code in 0..=255u8 {
        if let Some(g) = f.glyph(code) {
            sum.add_all(&[g.enabled as i64, g.left as i64, g.top as i64, g.width as i64, g.height as i64]);
            sum.bytes(g.pixels);
        }
    }
    for (line, x, y) in subtitle::lines(&f, b"The quick brown fox jumps over the lazy dog by the pier.", 150)
    {
        sum.bytes(line);
        sum.add_all(&[x as i64, y as i64]);
    }
    Ok(())
}
