//! The world as the player sees it: the follow camera behind the selected player, and one
//! call that draws the terrain (with its water wave), the static placements and every actor
//! in its current frame through [`super::view`]. Frontends only supply the framebuffer, a
//! depth buffer and the [`Look`] of the world's files.

use super::Framebuffer;
use super::flat::Flat;
use super::lights::LocalLight;
use super::look::Look;
use super::palette::Palette;
use super::view::{self, Instance, View};
use crate::capacity::Capacity;
use crate::collision::statics::StaticPlacement;
use crate::files::Files;
use crate::formats::texbsi::Texbsi;
use crate::formats::worldini::WorldEntry;
use crate::world::World;

/// A static placement draws as an instance of its model, frame 0.
impl<'m> From<&StaticPlacement<'m>> for Instance<'m> {
    fn from(p: &StaticPlacement<'m>) -> Self {
        Instance {
            model: p.model,
            frame: 0,
            position: p.position,
            matrix: p.matrix,
            map_lit: true,
            // Ordinary static-model submission copies the segment's attribute byte
            // ({D:engine/model-lighting.md} "Draw-flag ownership").
            attributes: p.attributes,
        }
    }
}

/// The look of `world`: its terrain bank `TEXBSI.302`, its models' and flats' banks, each
/// read from `files` when present (a missing or damaged bank falls back to flat colours),
/// shaded through `palette`, lit and given its sky by its WORLD.INI entry ([`world_light`],
/// [`world_sky`]). (The water wave is the world's, [`World::wave`].)
pub fn look<'a, C: Capacity>(world: &World<'a, C>, files: &impl Files<'a>, palette: &Palette) -> Look<'a, C> {
    let mut look = Look::new(None, &[], palette);
    look_into(&mut look, world, files, palette);
    look
}

/// [`look`] where `look` is: its tables keep their storage.
pub fn look_into<'a, C: Capacity>(
    look: &mut Look<'a, C>,
    world: &World<'a, C>,
    files: &impl Files<'a>,
    palette: &Palette,
) {
    let bank = |n: u16| -> Option<Texbsi<'a>> {
        Texbsi::new_checked(files.file(&crate::formats::texbsi::bank_file_name(n))?).ok()
    };
    look.rebuild(bank(crate::terrain::TERRAIN_TEXTURE_SET).as_ref(), palette);
    // The banks in first-use order; the missing ones are remembered (a few) so that every
    // face naming one does not look for its file again.
    let (mut missing, mut full) = (heapless::Vec::<u16, 32>::new(), false);
    let mut add = |n: u16| {
        if full || look.has_bank(n) || missing.contains(&n) {
            return;
        }
        match bank(n) {
            Some(t) => full = !look.add_bank(n, &t),
            None => {
                let _ = missing.push(n);
            }
        }
    };
    // The models' banks, then the flats' ({D:formats/RGM.md} "MPSF (Flat Objects)").
    world.each_texture_bank(&mut add);
    world.flats().for_each(|(f, _)| add(f.texture_id()));
    // The environmental effects' ({D:engine/SOUP.md} "Environmental effect animation").
    for t in crate::world::effects::ENGINE_TEXTURES {
        add(crate::formats::rgm::flat::texture_archive(t));
    }
    // The world's WORLD.INI entry lights it and gives it its sky; a world loaded without
    // one (by map name) is lit as the island by day, with the gradient sky.
    let catalog = crate::world::catalog::catalog(files).ok().flatten();
    let entry = world.world_id().and_then(|id| catalog?.world(id));
    look.light = entry.as_ref().map_or_else(super::look::Light::island_day, world_light);
    // `[xngine] sky_disable` turns sky rendering off entirely ({D:engine/sky.md} "Global
    // Engine Toggles"): the sky plane and the sun disc (best guess: the sun is the sky
    // renderer's); the background fill stays.
    let sky_enabled = world.config().sky_disable == 0;
    look.sky = entry.as_ref().filter(|_| sky_enabled).and_then(|e| world_sky(e, files, palette));
    look.background = entry.as_ref().map(|e| palette.nearest(e.fogrgb.map(|c| c.clamp(0, 255) as u8)));
    look.sun = entry.as_ref().filter(|_| sky_enabled).and_then(|e| world_sun(e, files, palette));
    look.ambientfx = entry.as_ref().map_or(128, |e| e.ambientfx);
    // The far plane: the world's `world_back_plane` when nonzero, else SYSTEM.INI's; the
    // fog: `FOG<world ID>.INI`, else `FOG.INI`, else none ({D:engine/fog.md},
    // {D:config/fog-ini.md} "Selection and format").
    let back = entry.as_ref().map_or(0, |e| e.back_plane);
    let back = if back != 0 { back } else { world.config().back_plane };
    // A SYSTEM.INI without the key reads 0; nothing would be drawn (best guess: the
    // installed 3,800 instead).
    look.far = Some(if back > 0 { back } else { 3800 } as f32);
    look.fog = world_fog(world.world_id(), files);
}

/// The scene fog table of world `id`: `FOG<id>.INI`, else `FOG.INI`, else none.
pub fn world_fog<'a>(id: Option<u16>, files: &impl Files<'a>) -> super::fog::FogTable {
    let mut name: heapless::String<12> = heapless::String::new();
    let own = id.and_then(|id| {
        core::fmt::write(&mut name, format_args!("FOG{id}.INI")).ok()?;
        files.file(&name)
    });
    own.or_else(|| files.file("FOG.INI")).map_or(super::fog::FogTable::NONE, |b| {
        super::fog::FogTable::parse(core::str::from_utf8(b).unwrap_or(""))
    })
}

/// The light of a WORLD.INI entry ({D:engine/terrain-lighting.md} "World inputs"):
/// `world_ambientrgb` (128, 128, 128 when absent), the first three of `world_sunrgb` (128,
/// 128, 100 when absent), `world_sunangle` and `world_sunskew`; channels clamped to a byte.
pub fn world_light(e: &WorldEntry<'_>) -> super::look::Light {
    use crate::formats::worldini::{DEFAULT_AMBIENT_RGB, DEFAULT_SUN_RGB};
    let byte = |v: i32| v.clamp(0, 255) as u8;
    let ambient = e.ambientrgb.unwrap_or(DEFAULT_AMBIENT_RGB).map(byte);
    let sun = e.sunrgb.map_or(DEFAULT_SUN_RGB, |s| [s[0], s[1], s[2]]).map(byte);
    super::look::Light::from_world(ambient, sun, e.sunangle, e.sunskew)
}

/// The sun disc of a WORLD.INI entry ({D:engine/sky.md} "Sun disc"): `world_sunimg` (a
/// standalone BSI), tinted `world_sunimgrgb` (255, 255, 200 when absent), placed by
/// `world_sunangle` and `world_sunskew`, sized by `world_sunscale`. `None` without an image
/// name or when the file is missing or damaged.
pub fn world_sun<'a>(
    e: &WorldEntry<'_>,
    files: &impl Files<'a>,
    palette: &Palette,
) -> Option<super::look::Sun<'a>> {
    let image = crate::formats::texbsi::Image::standalone(files.file(e.sunimg?)?).ok()?;
    let rgb =
        e.sunimgrgb.unwrap_or(crate::formats::worldini::DEFAULT_SUNIMG_RGB).map(|c| c.clamp(0, 255) as u8);
    super::look::Sun::new(&image, rgb, palette, [e.sunangle, e.sunskew, e.sunscale])
}

/// The sky plane of a WORLD.INI entry ({D:engine/sky.md} "Overview", "Glide sky plane"): the
/// `world_skyfx` BSI image and the COL of the same name beside it, at `world_skylevel` and
/// `world_skyscale`. `None` (the gradient) without `world_skyfx` or when either file is
/// missing or damaged.
pub fn world_sky<'a>(
    e: &WorldEntry<'_>,
    files: &impl Files<'a>,
    palette: &Palette,
) -> Option<super::look::Sky<'a>> {
    let bsi = e.skyfx?;
    // The COL beside it: the same path with its extension replaced.
    let stem = bsi.rsplit_once('.').filter(|(_, ext)| !ext.contains(['\\', '/'])).map_or(bsi, |(s, _)| s);
    let mut col: heapless::String<80> = heapless::String::new();
    core::fmt::write(&mut col, format_args!("{stem}.COL")).ok()?;
    super::look::Sky::from_files(files.file(bsi)?, files.file(&col)?, palette, e.skylevel, e.skyscale).ok()
}

/// The camera's render pose ({D:engine/SOUP.md} "Camera marks and the render camera
/// step", "Frame view angles and screen shake"): the eye at the render position (whole map
/// units), looking along the frame's view angles (the published ones shaken; the yaw grows the other way
/// from an actor's heading; a positive pitch looks down).
pub fn follow<C: Capacity>(world: &World<'_, C>) -> View {
    let c = world.camera();
    let pitch = (c.view_angles[0] << 21) >> 21;
    View {
        eye: c.render_position,
        heading: (c.view_angles[1].wrapping_neg() & 2047) as u16,
        pitch: pitch as i16,
    }
}

/// Draws `world` from `view`: terrain as [`World::vertex_cache`] has it (the world's water
/// wave at the BIOS tick of the latest update, around its camera cell), static placements,
/// then every actor with a model in its current frame.
/// `depth` must hold `width × height` values.
pub fn draw<C: Capacity>(
    fb: &mut Framebuffer<'_>,
    depth: &mut [f32],
    world: &World<'_, C>,
    view: &View,
    look: &Look<'_, C>,
) {
    let height = fb.height();
    draw_in_bands(fb, depth, height, world, view, look);
}

/// [`draw`] as horizontal bands of `band_height` rows (the last may be shorter), each drawn
/// with the same `depth`, which needs only `width × band_height` values: the picture equals
/// the whole-frame one ([`view::draw_rows`]). A zero `band_height` draws nothing.
pub fn draw_in_bands<C: Capacity>(
    fb: &mut Framebuffer<'_>,
    depth: &mut [f32],
    band_height: usize,
    world: &World<'_, C>,
    view: &View,
    look: &Look<'_, C>,
) {
    let heights = world.vertex_cache();
    // Texture frames follow the BIOS tick of the latest update, as the water wave does.
    look.set_clock(world.report().bios);
    look.set_sky_scroll(world.sky_scroll());
    let (lights, object_lights) = view_lights(world, view);
    // World entry bakes the map lights when the world has some and static placements.
    let prelit = world.lights().next().is_some() && !world.statics().placements().is_empty();
    let (width, height) = (fb.width(), fb.height());
    let mut top = 0;
    while band_height > 0 && top < height {
        let rows = top..(top + band_height).min(height);
        let Some(band_depth) = depth.get_mut(..width * rows.len()) else { return };
        // The statics the camera's PVO list selects ([`World::drawn_statics`]).
        let statics = world.drawn_statics().map(Instance::from);
        // The map's flats, then the effects the pool submitted, in its list order
        // ({D:engine/SOUP.md} "Environmental effect frame submission").
        // Their FLAT attributes are looked up only for those within the draw distance (the
        // bound test draw_flat repeats; the lookup walks the archive counts).
        let flat = world.rgm().flat();
        let flats = world.rgm().mpsf().iter().filter_map(|f| {
            let position = f.position().map(|c| c as f32);
            let image = look.flat_image(f.texture_id(), f.image_id())?;
            let radius = super::flat::bound_radius(image.width, image.height, image.scale_q8, 1.0);
            let d = [0, 1, 2].map(|k| position[k] - view.eye[k]);
            // A unit more than draw_flat allows: its camera-space length may round differently.
            let far = super::terrain::FAR + radius + 1.0;
            (d[0] * d[0] + d[1] * d[1] + d[2] * d[2] <= far * far)
                .then(|| Flat::placed(position, f.texture_id(), f.image_id(), f.draw(&flat)))
        });
        let effects = world
            .effects()
            .submitted()
            .map(|e| Flat::effect(&e, world.flat_draw(e.texture), look.ambientfx as f32));
        let actors = world.placed_actors().map(|(id, m, frame, p)| Instance {
            model: p.model,
            frame,
            position: p.position,
            matrix: p.matrix,
            map_lit: world.prelit_actor(id),
            // The segment attribute byte of the model it shows ({D:engine/model-lighting.md}
            // "Draw-flag ownership"; best guess for an animated actor, whose flags the docs
            // take once from its first group's name).
            attributes: m.attributes,
        });
        // The ropes' links as the map render lists placed them ({D:engine/SOUP.md} "Rope
        // construction and swing").
        let ropes = world.rope_links().map(|l| Instance {
            model: l.model,
            frame: 0,
            position: l.position,
            matrix: l.matrix,
            // Ropes move: world entry bakes no colours for them.
            map_lit: false,
            // A new render instance's zero draw flags ({D:engine/model-lighting.md}
            // "Draw-flag ownership"; best guess: the docs give the links no others).
            attributes: 0,
        });
        top = rows.end;
        view::draw_scene_rows(
            fb,
            band_depth,
            rows,
            view,
            // A world without terrain draws its statics and actors only: no land, no sea.
            world.has_terrain().then_some((&heights, world.wld())),
            view::Placed {
                models: statics.chain(actors).chain(ropes),
                flats: flats.chain(effects),
                lights: &lights,
                object_lights: &object_lights,
                prelit,
            },
            look,
        );
    }
}

/// The most map lights one frame takes (best guess: the docs select lights per model from
/// spatial cells, with no limit given; here the first in file order that can reach a drawn
/// model).
pub const VIEW_LIGHTS: usize = 64;

/// The most object lights one frame takes (best guess, as [`VIEW_LIGHTS`]; the shipped
/// maps place few: kept small for a microcontroller's stack).
pub const VIEW_OBJECT_LIGHTS: usize = 16;

/// The world's selected map lights ([`World::lights`]) and its admitted object lights
/// with a positive radius ([`World::object_lights`]) that can reach a model the frame
/// draws: within the terrain's draw distance, plus the light's radius and a model's reach
/// (2,048 map units, best guess), of the eye.
fn view_lights<C: Capacity>(
    world: &World<'_, C>,
    view: &View,
) -> (heapless::Vec<LocalLight, VIEW_LIGHTS>, heapless::Vec<LocalLight, VIEW_OBJECT_LIGHTS>) {
    let reach = super::terrain::FAR + 2048.0;
    let near = |l: &LocalLight| {
        let d = [0, 1, 2].map(|k| l.position[k] - view.eye[k]);
        let limit = reach + l.radius.abs();
        d[0] * d[0] + d[1] * d[1] + d[2] * d[2] <= limit * limit
    };
    // Object lights with a positive radius only ("Local-light records").
    (
        world.lights().map(|r| LocalLight::from_mpsl(&r)).filter(near).take(VIEW_LIGHTS).collect(),
        world
            .object_lights()
            .map(|r| LocalLight::from_mpob(&r))
            .filter(|l| l.radius > 0.0 && near(l))
            .take(VIEW_OBJECT_LIGHTS)
            .collect(),
    )
}
