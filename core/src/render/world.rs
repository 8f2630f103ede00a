//! The world as the player sees it: the follow camera behind the selected player, and one
//! call that draws the terrain (with its water wave), the static placements and every actor
//! in its current frame through [`super::view`]. Frontends only supply the framebuffer, a
//! depth buffer and the [`Look`] of the world's files.

use super::Framebuffer;
use super::flat::Flat;
use super::look::Look;
use super::palette::Palette;
use super::view::{self, Instance, View};
use crate::capacity::Capacity;
use crate::collision::statics::StaticPlacement;
use crate::files::Files;
use crate::formats::texbsi::Texbsi;
use crate::world::World;

/// A static placement draws as an instance of its model, frame 0.
impl<'m> From<&StaticPlacement<'m>> for Instance<'m> {
    fn from(p: &StaticPlacement<'m>) -> Self {
        Instance { model: p.model, frame: 0, position: p.position, matrix: p.matrix }
    }
}

/// The look of `world`: its terrain bank `TEXBSI.302` and its models' banks, each read from
/// `files` when present (a missing or damaged bank falls back to flat colours), shaded
/// through `palette`, lit by [`super::look::Light::island_day`]. (The water wave is the
/// world's, [`World::wave`].) No sky image: the world's files name none (that takes a
/// WORLD.INI's `world_skyfx`), so the sky is the gradient; set [`Look::sky`] (for instance
/// to [`super::look::Sky::from_files`] of an install's `SKY888.BSI` and `SKY888.COL`) to
/// change it.
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
        let mut name: heapless::String<12> = heapless::String::new();
        core::fmt::write(&mut name, format_args!("TEXBSI.{n:03}")).ok()?;
        Texbsi::new_checked(files.file(&name)?).ok()
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
    look.light = super::look::Light::island_day();
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
    let (width, height) = (fb.width(), fb.height());
    let mut top = 0;
    while band_height > 0 && top < height {
        let rows = top..(top + band_height).min(height);
        let Some(band_depth) = depth.get_mut(..width * rows.len()) else { return };
        // The statics the camera's PVO list selects ([`World::drawn_statics`]).
        let statics = world.drawn_statics().map(Instance::from);
        let flats = world.flats().map(|(f, draw)| Flat {
            position: f.position().map(|c| c as f32),
            bank: f.texture_id(),
            image: f.image_id(),
            draw,
        });
        let actors = world.placed_actors().map(|(_, _, frame, p)| Instance {
            model: p.model,
            frame,
            position: p.position,
            matrix: p.matrix,
        });
        top = rows.end;
        view::draw_scene_rows(
            fb,
            band_depth,
            rows,
            view,
            // A world without terrain draws its statics and actors only: no land, no sea.
            world.has_terrain().then_some((&heights, world.wld())),
            view::Placed { models: statics.chain(actors), flats },
            look,
        );
    }
}
