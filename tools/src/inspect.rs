//! `stros-tools inspect`: any supported file as JSON.

use stros_core::formats::col::Col;
use stros_core::formats::model::{Model, Texture};
use stros_core::formats::pvo::{Pvo, field};
use stros_core::formats::rgm::Rgm;
use stros_core::formats::rob::Rob;
use stros_core::formats::sfx::Sfx;
use stros_core::formats::texbsi::Texbsi;
use stros_core::formats::wld::Wld;
use stros_core::formats::worldini::{WorldEntry, WorldIni};

use crate::exercise::{ExerciseError, Kind, exercise};
use serde_json::{Map, Value};

/// The JSON description of `data` read as `kind`.
pub fn inspect(kind: Kind, data: &[u8]) -> Result<Value, ExerciseError> {
    // Validate and walk everything first, so a file that inspects is a file that parses.
    exercise(kind, data)?;
    let f = ExerciseError::Format;
    Ok(match kind {
        Kind::Rgm => rgm(&Rgm::new_checked(data).map_err(f)?),
        Kind::Wld => wld(&Wld::new_checked(data).map_err(f)?),
        Kind::Model => model(&Model::new_checked(data).map_err(f)?),
        Kind::Rob => rob(&Rob::new_checked(data).map_err(f)?),
        Kind::Col => {
            let c = Col::new_checked(data).map_err(f)?;
            object()
                .with("format", "COL")
                .with("colours", (0..=255u8).map(|i| Value::from(c.rgb(i))).collect::<Vec<_>>())
        }
        Kind::Texbsi => {
            let t = Texbsi::new_checked(data).map_err(f)?;
            let images = t
                .images()
                .map(|i| {
                    object()
                        .with("name", bytes_str(i.name()))
                        .with("index", i.index())
                        .with("width", i.width())
                        .with("height", i.height())
                        .with("frames", i.frames())
                        .with("animated", i.is_animated())
                        .with("frame_delay_ticks", i.frame_delay_ticks())
                        .with("scale_q8", i.scale_q8())
                })
                .collect::<Vec<_>>();
            object().with("format", "TEXBSI").with("images", images)
        }
        Kind::Bsi => {
            let i = stros_core::formats::texbsi::Image::standalone(data).map_err(f)?;
            object()
                .with("format", "BSI")
                .with("width", i.width())
                .with("height", i.height())
                .with("frames", i.frames())
                .with("animated", i.is_animated())
                .with("scale_q8", i.scale_q8())
        }
        Kind::Sfx => {
            let s = Sfx::new_checked(data).map_err(f)?;
            let effects = s
                .effects()
                .map(|e| {
                    object()
                        .with("index", e.index())
                        .with("kind", format!("{:?}", e.kind()))
                        .with("rate", e.rate())
                        .with("frames", e.frames())
                        .with("base_volume", e.base_volume())
                        .with("loop", e.loop_flag())
                })
                .collect::<Vec<_>>();
            object()
                .with("format", "SFX")
                .with("description", bytes_str(s.description()))
                .with("effects", effects)
        }
        Kind::Pvo => pvo(&Pvo::new_checked(data).map_err(f)?, data),
        Kind::Rtx => rtx(&stros_core::formats::rtx::Rtx::new_checked(data).map_err(f)?),
        Kind::Fnt => fnt(&stros_core::formats::fnt::Fnt::new_checked(data).map_err(f)?),
        Kind::Gxa => gxa(&stros_core::formats::gxa::Gxa::new_checked(data).map_err(f)?),
        Kind::Save => save(&stros_core::formats::save::Save::new_checked(data).map_err(f)?),
        Kind::ItemIni => {
            let text = std::str::from_utf8(data).map_err(|_| ExerciseError::Ini(0))?;
            let ini =
                stros_core::items::ItemIni::new_checked(text).map_err(|e| ExerciseError::Ini(e.line()))?;
            let mut items = stros_core::items::Items::<stros_core::capacity::Desktop>::default();
            items.open(Some(ini));
            let owned = (0..=255u8)
                .filter(|&k| items.has_record(k))
                .map(|k| vec![k as i32, items.count(k)])
                .collect::<Vec<_>>();
            object().with("format", "ITEM.INI").with("records", owned).with("selected", items.selected())
        }
        Kind::Ini => {
            let text = std::str::from_utf8(data).map_err(|_| ExerciseError::Ini(0))?;
            let ini =
                stros_core::formats::ini::Ini::new_checked(text).map_err(|e| ExerciseError::Ini(e.line()))?;
            let entries = ini
                .entries()
                .map(|e| {
                    object()
                        .with("section", e.section)
                        .with("key", e.key)
                        .with("value", e.value)
                        .with("line", e.line)
                })
                .collect::<Vec<_>>();
            object().with("format", "INI").with("entries", entries)
        }
        Kind::Surface => {
            let text = std::str::from_utf8(data).map_err(|_| ExerciseError::Ini(0))?;
            let table = stros_core::formats::surface::SurfaceTable::parse(text)
                .map_err(|e| ExerciseError::Ini(crate::exercise::surface_line(e)))?;
            let names = stros_core::formats::surface::class::NAMES;
            let assignments = text
                .lines()
                .skip_while(|l| !l.trim().eq_ignore_ascii_case("[surfaces]"))
                .skip(1)
                .take_while(|l| !l.trim_start().starts_with('['))
                .filter_map(|l| {
                    let mut p = l.split(';').next()?.split(',').map(str::trim);
                    let set: u16 = p.next()?.parse().ok()?;
                    let index: u8 = p.next()?.parse().unwrap_or(0);
                    let surface = table.lookup(set, index);
                    Some(
                        object()
                            .with("set", set)
                            .with("index", index)
                            .with("surface", names.get(surface as usize).copied().unwrap_or("unknown")),
                    )
                })
                .collect::<Vec<_>>();
            object().with("format", "SURFACE.INI").with("assignments", assignments)
        }
        Kind::Fog => {
            let text = std::str::from_utf8(data).map_err(|_| ExerciseError::Ini(0))?;
            let table = stros_core::render::fog::FogTable::parse(text);
            object().with("format", "FOG.INI").with("density", table.density.to_vec())
        }
        Kind::WorldIni => {
            let text = std::str::from_utf8(data).map_err(|_| ExerciseError::Ini(0))?;
            world_ini(&WorldIni::new_checked(text).map_err(|e| ExerciseError::Ini(e.line()))?)
        }
        Kind::SoupDef => {
            let def = stros_core::formats::soupdef::SoupDef::new_checked(data).map_err(f)?;
            let flags = def
                .flags()
                .enumerate()
                .map(|(i, d)| {
                    object()
                        .with("index", i)
                        .with("type", d.kind.name())
                        .with("name", bytes_str(d.name))
                        .with("value", d.value)
                })
                .collect::<Vec<_>>();
            let refs = def.refs().map(bytes_str).collect::<Vec<_>>();
            object().with("format", "SOUP386.DEF").with("flags", flags).with("refs", refs)
        }
    })
}

/// An RTX file: each entry's tag and text, and a voiced one's clip.
fn rtx(r: &stros_core::formats::rtx::Rtx<'_>) -> Value {
    let entries = r
        .entries()
        .map(|e| {
            let o = object().with("tag", bytes_str(&e.tag)).with("text", bytes_str(e.text));
            match e.voice {
                Some(v) => o
                    .with("kind", format!("{:?}", v.kind))
                    .with("rate", v.rate)
                    .with("volume", v.volume)
                    .with("bytes", v.pcm.len())
                    .with("duration_256", v.duration_256()),
                None => o,
            }
        })
        .collect::<Vec<_>>();
    object().with("format", "RTX").with("entries", entries)
}

/// An FNT font: its line height and each glyph's offsets, size and advance.
fn gxa(g: &stros_core::formats::gxa::Gxa<'_>) -> Value {
    let frames = (0..g.len())
        .filter_map(|k| g.frame(k))
        .map(|f| {
            object()
                .with("size", vec![f.width, f.height])
                .with("offset", vec![f.offset[0], f.offset[1]])
                .with("compression", format!("{:?}", f.compression))
                .with("stored", f.data.len())
        })
        .collect::<Vec<_>>();
    object()
        .with("format", "GXA")
        .with("title", bytes_str(g.title()))
        .with("palette", g.palette().is_some())
        .with("frames", frames)
}

fn save(s: &stros_core::formats::save::Save<'_>) -> Value {
    let chunks = s
        .chunks()
        .map(|(tag, p)| object().with("tag", bytes_str(&tag)).with("length", p.len()))
        .collect::<Vec<_>>();
    let flags = s.flags().map(|f| (0..f.len()).map(|k| f.value(k).unwrap_or(0)).collect::<Vec<_>>());
    let items = s.items().map(|i| {
        (0..i.len())
            .filter_map(|k| i.record(k))
            .map(|r| vec![r.total, r.player_max, r.player_total])
            .collect::<Vec<_>>()
    });
    object()
        .with("format", "SAV")
        .with("description", bytes_str(s.description()))
        .with("world", s.world_id())
        .with("chunks", chunks)
        .with("flags", flags)
        .with("items", items)
        .with("selected", s.items().map(|i| i.selected()))
        .with("record_lines", s.stros().map(|t| t.lines().count()))
}

fn fnt(font: &stros_core::formats::fnt::Fnt<'_>) -> Value {
    let glyphs = (0..=255u8)
        .filter_map(|c| font.glyph(c).map(|g| (c, g)))
        .map(|(c, g)| {
            object()
                .with("code", c)
                .with("enabled", g.enabled)
                .with("offset", vec![g.left as i64, g.top as i64])
                .with("size", vec![g.width, g.height])
                .with("advance", stros_core::dialogue::subtitle::advance(font, c))
        })
        .collect::<Vec<_>>();
    object()
        .with("format", "FNT")
        .with("line_height", font.line_height())
        .with("palette", font.palette().is_some())
        .with("glyphs", glyphs)
}

/// An actor's script as readable disassembly, one line per statement (empty when the
/// actor has none).
fn disassembly(a: &stros_core::formats::rgm::ActorDef<'_, '_>) -> Vec<String> {
    let mut text = String::new();
    let strings = |i: u32| a.string(i as usize);
    let _ = stros_core::script::disasm::disassemble(&mut text, a.script(), a.script_pc(), &strings);
    text.lines().map(str::to_string).collect()
}

fn rgm(r: &Rgm<'_>) -> Value {
    let sections = r
        .sections()
        .map(|s| {
            object().with("tag", bytes_str(&s.tag)).with("offset", s.offset).with("length", s.payload.len())
        })
        .collect::<Vec<_>>();
    let actors = r
        .actors()
        .map(|a| {
            let groups = a
                .groups()
                .map(|g| {
                    object()
                        .with("group", g.number())
                        .with("anim_id", g.anim_id())
                        .with("type", g.type_word())
                        .with(
                            "commands",
                            g.commands().map(|c| Value::from(format!("{c:?}"))).collect::<Vec<_>>(),
                        )
                })
                .collect::<Vec<_>>();
            let attributes = Value::Object(
                a.attributes()
                    .iter()
                    .enumerate()
                    .filter(|(_, v)| **v != 0)
                    .map(|(i, &v)| (i.to_string(), Value::from(v)))
                    .collect(),
            );
            object()
                .with("name", bytes_str(a.name()))
                .with("model_load_path", a.model_path().name())
                .with(
                    "raan",
                    a.raan_entries()
                        .map(|e| {
                            object()
                                .with("path", bytes_str(e.path))
                                .with("frames", e.frame_count)
                                .with("type", bytes_str(&[e.model_type]))
                        })
                        .collect::<Vec<_>>(),
                )
                .with("frame_table", a.frame_table_len())
                .with("attributes", attributes)
                .with("sphere_scale", a.extra().map(|x| x.sphere_scale()))
                .with("script_bytes", a.script().len())
                .with("script_pc", a.script_pc())
                .with("script", disassembly(&a))
                .with("groups", groups)
        })
        .collect::<Vec<_>>();
    let placements = r
        .mpob()
        .iter()
        .map(|m| {
            object()
                .with("id", m.id())
                .with("type", m.object_type())
                .with("activation", m.activation())
                .with("script", bytes_str(m.script_name()))
                .with("model", bytes_str(m.model_name()))
                .with("is_static", m.is_static())
                .with("position", m.position())
                .with("angles", m.angles())
                .with("texture_data", m.texture_data())
        })
        .collect::<Vec<_>>();
    let statics = r
        .mpso()
        .iter()
        .map(|m| {
            object()
                .with("id", m.id())
                .with("model", bytes_str(m.model_name()))
                .with("position", m.position())
                .with("matrix", m.matrix_raw())
        })
        .collect::<Vec<_>>();
    let markers = r
        .mpmk()
        .iter()
        .map(|k| object().with("position", k.position).with("aux", k.aux).with("usable", k.usable()))
        .collect::<Vec<_>>();
    let bounds = r
        .mpsz()
        .iter()
        .map(|z| {
            object().with("total", z.total()).with("positive", z.positive()).with("negative", z.negative())
        })
        .collect::<Vec<_>>();
    let summary = object()
        .with("format", "RGM")
        .with("sections", sections)
        .with("actors", actors)
        .with("placements", placements)
        .with("statics", statics)
        .with("markers", markers)
        .with("bounds", bounds);
    placed(r, summary)
}

/// The ropes, lights and flats (each flat with the draw inputs FLAT gives its texture) and
/// FLAT's records, added to `summary`.
fn placed(r: &Rgm<'_>, summary: Value) -> Value {
    let attrs = r.flat();
    let flats = r
        .mpsf()
        .iter()
        .map(|f| {
            let draw = f.draw(&attrs);
            object()
                .with("id", f.id())
                .with("position", f.position())
                .with("texture_data", f.texture_data())
                .with("texture_id", f.texture_id())
                .with("image_id", f.image_id())
                .with("draw_flags", draw.flags)
                .with("draw_alpha", draw.alpha)
        })
        .collect::<Vec<_>>();
    let lights = r
        .mpsl()
        .iter()
        .map(|l| {
            object()
                .with("link", l.link())
                .with("world_id", l.world_id())
                .with("position", l.position())
                .with("radius", l.radius())
                .with("field_16", l.field_16())
                .with("rgb", l.rgb())
                .with("field_1e", l.field_1e())
                .with("active", l.active())
                .with("field_20", l.field_20())
                .with("field_26", l.field_26())
        })
        .collect::<Vec<_>>();
    let ropes = r
        .mprp()
        .iter()
        .map(|p| {
            object()
                .with("id", p.id())
                .with("position", p.position())
                .with("angle_y", p.angle_y())
                .with("yaw", p.yaw())
                .with("type", p.rope_type())
                .with("swing", p.swing())
                .with("speed", p.speed())
                .with("length", p.length())
                .with("static_model", bytes_str(p.static_model()))
                .with("rope_model", bytes_str(p.rope_model()))
                .with("sounds", p.sounds())
                .with("trailing", p.trailing())
        })
        .collect::<Vec<_>>();
    let attributes = attrs
        .iter()
        .map(|(archive, a)| {
            object()
                .with("archive", archive)
                .with("image", a.image)
                .with("flags", a.flags)
                .with("alpha", a.alpha)
        })
        .collect::<Vec<_>>();
    summary
        .with("ropes", ropes)
        .with("lights", lights)
        .with("flats", flats)
        .with("flat_attributes", attributes)
}

fn wld(w: &Wld<'_>) -> Value {
    let textures = Value::Object(
        w.texture_counts()
            .iter()
            .enumerate()
            .filter(|(_, c)| **c > 0)
            .map(|(i, &c)| (i.to_string(), Value::from(c)))
            .collect(),
    );
    let mut water = 0u32;
    for j in 0..256 {
        for x in 0..256 {
            water += w.is_water_corner(x, j) as u32;
        }
    }
    object()
        .with("format", "WLD")
        .with("height_index_range", w.height_index_range().map(|(a, b)| Value::from(vec![a, b])))
        .with("flagged_heights", w.flagged_heights())
        .with("texture_counts", textures)
        .with("rotation_counts", w.rotation_counts())
        .with("water_vertices", water)
}

fn model(m: &Model<'_>) -> Value {
    let (mut solid, mut textured) = (0u32, 0u32);
    for f in m.faces() {
        match f.texture() {
            Texture::Solid { .. } => solid += 1,
            _ => textured += 1,
        }
    }
    let subobjects = m
        .subobjects()
        .map(|s| {
            object()
                .with("centre", s.centre())
                .with("radius", s.radius())
                .with("extents", s.extents().map(Value::from))
                .with("faces", s.face_indices().collect::<Vec<_>>())
        })
        .collect::<Vec<_>>();
    object()
        .with("format", "3D")
        .with("version", m.version().map(|v| String::from_utf8_lossy(&v.bytes()).into_owned()))
        .with("vertices", m.vertex_count())
        .with("faces", m.face_count())
        .with("solid_faces", solid)
        .with("textured_faces", textured)
        .with("radius", m.radius())
        .with("frames", m.frame_count())
        .with("frame_encoding", format!("{:?}", m.frame_encoding()))
        .with("subobjects", subobjects)
        .with("runtime_subobjects", m.runtime_subobjects().count())
}

fn rob(r: &Rob<'_>) -> Value {
    let segments = r
        .segments()
        .map(|s| {
            object()
                .with("name", bytes_str(s.name()))
                .with("kind", format!("{:?}", s.kind()))
                .with("collision_flags", s.collision_flags())
                .with("render_mode", s.render_mode())
                .with("model", s.model().ok().map(|m| model(&m)))
        })
        .collect::<Vec<_>>();
    object().with("format", "ROB").with("segments", segments)
}

/// The header's depth and counts as written (read at the reader's offsets), the root cell,
/// the MLST size and how many ids the root's centre selects.
fn pvo(p: &Pvo<'_>, data: &[u8]) -> Value {
    let header = |k: usize| {
        let at = field::SECTION_HEADER_LEN + k;
        data.get(at..at + 4).map_or(0, |b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    };
    object()
        .with("format", "PVO")
        .with("depth", header(field::DEPTH))
        .with("nodes", header(field::TOTAL_NODES))
        .with("leaf_nodes", header(field::LEAF_NODES))
        .with("ids", p.id_count())
        .with("cell_size", p.cell_size())
        .with("center", p.center())
        .with("selected_at_center", p.select(p.center()).ids().count())
}

/// The catalog: the globals and every world with every key as read (absent paths and
/// colours as `null`).
fn world_ini(w: &WorldIni<'_>) -> Value {
    object()
        .with("format", "WORLD.INI")
        .with("start_world", w.start_world())
        .with("start_marker", w.start_marker())
        .with("test_map_delay", w.test_map_delay())
        .with("test_map_order", w.test_map_order().collect::<Vec<_>>())
        .with("worlds", w.ids().filter_map(|id| w.world(id)).map(|e| world_entry(&e)).collect::<Vec<_>>())
}

fn world_entry(e: &WorldEntry<'_>) -> Value {
    let (amplitude, speed, frequency) = e.wave.for_terrain();
    object()
        .with("id", e.id)
        .with("map", e.map)
        .with("terrain", e.terrain)
        .with("palette", e.palette)
        .with("scapeshift", e.scapeshift)
        .with("wave", [e.wave.amplitude, e.wave.speed, e.wave.frequency])
        .with(
            "wave_for_terrain",
            object().with("amplitude", amplitude).with("speed", speed).with("frequency", frequency),
        )
        .with("redbook", e.redbook)
        .with("shade", e.shade)
        .with("haze", e.haze)
        .with("back_plane", e.back_plane)
        .with("background", e.background)
        .with("compass", e.compass)
        .with("flash_filename", e.flash_filename)
        .with("sun", e.sun)
        .with("ambient", e.ambient)
        .with("ambientfx", e.ambientfx)
        .with("ambientrgb", e.ambientrgb.map(Value::from))
        .with("sunangle", e.sunangle)
        .with("sunskew", e.sunskew)
        .with("sunrgb", e.sunrgb.map(Value::from))
        .with("fogrgb", e.fogrgb)
        .with("sky", e.sky)
        .with("skyfx", e.skyfx)
        .with("skyscale", e.skyscale)
        .with("skylevel", e.skylevel)
        .with("skyspeed", e.skyspeed)
        .with("sky_xrotate", e.sky_xrotate)
        .with("sky_yrotate", e.sky_yrotate)
        .with("sunimg", e.sunimg)
        .with("sunimgrgb", e.sunimgrgb.map(Value::from))
        .with("sunscale", e.sunscale)
        .with("node_maps", e.node_maps().collect::<Vec<_>>())
        .with("rain_delay", e.rain_delay)
        .with("rain_drops", e.rain_drops)
        .with("rain_start", e.rain_start)
        .with("rain_end", e.rain_end)
        .with("rain_spheres", e.rain_spheres().map(Value::from).collect::<Vec<_>>())
}

/// An empty JSON object, to fill with [`With::with`].
fn object() -> Value {
    Value::Object(Map::new())
}

/// Builder-style filling of a JSON object.
trait With {
    /// The object with `key` set to `value` (a non-object is left as it is).
    fn with(self, key: &str, value: impl Into<Value>) -> Value;
}

impl With for Value {
    fn with(mut self, key: &str, value: impl Into<Value>) -> Value {
        if let Value::Object(m) = &mut self {
            m.insert(key.to_string(), value.into());
        }
        self
    }
}

/// Bytes as a string, with non-ASCII bytes escaped as `\xNN` so names survive any content.
pub fn bytes_str(b: &[u8]) -> Value {
    let mut s = String::new();
    for &c in b {
        if (0x20..0x7f).contains(&c) {
            s.push(c as char);
        } else {
            s.push_str(&format!("\\x{c:02x}"));
        }
    }
    Value::String(s)
}
