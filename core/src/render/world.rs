//! The world as the player sees it: the follow camera behind the selected player, and one
//! call that draws the terrain, the static placements and every actor in its current frame
//! through [`super::scene`]. Frontends only supply the framebuffer, a depth buffer and the
//! colours of the world's texture banks.

use super::Framebuffer;
use super::scene::{self, Colours, Instance, View};
use crate::formats::model::Texture;
use crate::formats::texbsi::Texbsi;
use crate::world::{Files, World};

/// Most model texture banks looked up for colours.
pub const MAX_BANKS: usize = 8;
/// Height of the follow camera above Cyrus's origin, map units.
pub const FOLLOW_HEIGHT: f32 = 110.0;

/// The texture banks the world's models use, in first-use order (static placements, then
/// actor models), at most [`MAX_BANKS`].
fn model_banks(world: &World<'_>) -> heapless::Vec<u16, MAX_BANKS> {
    let mut banks = heapless::Vec::new();
    let models =
        world.statics().placements().iter().map(|p| p.model).chain(world.models().iter().map(|m| m.model));
    for m in models {
        for f in m.faces() {
            if let Texture::Image { bank, .. } = f.texture()
                && let Ok(b) = u16::try_from(bank)
                && !banks.contains(&b)
            {
                let _ = banks.push(b);
            }
        }
    }
    banks
}

/// The face colours of `world`: its terrain bank `TEXBSI.302` and its models' banks, each
/// read from `files` when present (a missing or damaged bank falls back to flat colours).
pub fn colours<'a>(world: &World<'a>, files: &impl Files<'a>) -> Colours {
    let bank = |n: u16| -> Option<Texbsi<'a>> {
        let mut name: heapless::String<12> = heapless::String::new();
        core::fmt::write(&mut name, format_args!("TEXBSI.{n:03}")).ok()?;
        Texbsi::new_checked(files.file(&name)?).ok()
    };
    let terrain = bank(crate::terrain::TERRAIN_TEXTURE_SET);
    let mut models: heapless::Vec<(u16, Texbsi<'a>), MAX_BANKS> = heapless::Vec::new();
    for n in model_banks(world) {
        if let Some(t) = bank(n) {
            let _ = models.push((n, t));
        }
    }
    Colours::new(terrain.as_ref(), &models)
}

/// The follow camera behind the selected player: `[camera] camera_distance` behind his
/// origin along his heading and [`FOLLOW_HEIGHT`] above it (a level view over the terrain
/// when there is no player).
pub fn follow(world: &World<'_>) -> View {
    match world.selected_player() {
        Some(p) => {
            let target = p.position.map(|c| (c >> 8) as f32);
            scene::follow_view(target, p.angles.heading, world.config().camera_distance as f32, FOLLOW_HEIGHT)
        }
        None => {
            let v = world.view();
            View { eye: [v[0] as f32, v[1] as f32 - FOLLOW_HEIGHT, v[2] as f32], heading: 0, pitch: 0 }
        }
    }
}

/// Draws `world` from `view`: terrain, static placements, then every actor with a model in
/// its current frame. `depth` must hold `width × height` values.
pub fn draw(fb: &mut Framebuffer<'_>, depth: &mut [f32], world: &World<'_>, view: &View, colours: &Colours) {
    let statics = world.statics().placements().iter().map(Instance::from);
    let actors = world.placed_actors().map(|(_, _, frame, p)| Instance {
        model: p.model,
        frame,
        position: p.position,
        matrix: p.matrix,
    });
    scene::draw(fb, depth, view, Some((world.terrain(), world.wld())), statics.chain(actors), colours);
}
