//! Links `stros-core` into a `#![no_std]` static library. If anything in the core pulled in
//! `std`, its `panic_impl` would collide with the handler below and the build would fail.
#![no_std]

use core::panic::PanicInfo;

use stros_core::capacity::Small;
use stros_core::config::SystemConfig;
use stros_core::files::Embedded;
use stros_core::formats::model::Model;
use stros_core::formats::rgm::Rgm;
use stros_core::formats::wld::Wld;
use stros_core::input::{Action, Bindings, Input};
use stros_core::math::{Mat3, translate_heading};
use stros_core::render::Framebuffer;
use stros_core::render::look::Look;
use stros_core::render::view::{self, Instance};
use stros_core::tables;
use stros_core::terrain::Decoded;
use stros_core::timing::{Clock, TimingConfig};
use stros_core::units::Angles;
use stros_core::world::World;

#[panic_handler]
fn panic(_: &PanicInfo) -> ! {
    loop {}
}

/// Runs a little of everything and returns a checksum.
#[unsafe(no_mangle)]
pub extern "C" fn stros_probe() -> u32 {
    let config = match SystemConfig::load("[cyrus]\nturn_speed=12\n") {
        Ok(c) => c,
        Err(_) => return 0,
    };
    let mut clock = Clock::new(TimingConfig::from(&config));
    let mut sum = 0u32;
    for b in 0..100 {
        sum = sum.wrapping_add(clock.update(b).frame_scale as u32);
    }
    let m = Mat3::from_orientation(Angles::new(0, 2036, 0));
    let v = m.transform_int([0, 0, 4864]);
    let (x, z) = translate_heading(10_446_802, 10_818_615, 2036, 680);
    sum = sum.wrapping_add(v[0] as u32).wrapping_add(x as u32 ^ z as u32);
    sum = sum.wrapping_add(tables::sin(12).to_bits());
    match Rgm::new_checked(stros_core::embedded::RGM) {
        Ok(rgm) => sum = sum.wrapping_add(rgm.actors().count() as u32),
        Err(_) => return 0,
    }
    // The world update: load the island, enter Cyrus, walk him a little.
    if let Ok(mut world) = World::<Small>::load(&Embedded, "HARBOUR", config, Bindings::default())
        && world.enter_marker(&Embedded, 0, 0).is_ok()
    {
        let walk = Input::with(&[Action::Up, Action::Walk]);
        for b in 0..20 {
            sum = sum.wrapping_add(world.step(&walk, b).tick.frame_scale as u32);
        }
        if let Some(p) = world.selected_player() {
            sum = sum.wrapping_add(p.position[2] as u32);
        }
    }
    // The 3D view, textured, small enough for a microcontroller's stack.
    const SIDE: usize = 48;
    let mut px = [0u8; SIDE * SIDE];
    let mut depth = [0f32; SIDE * SIDE];
    if let Some(mut fb) = Framebuffer::new(&mut px, SIDE, SIDE) {
        let wld = Wld::new_unchecked(stros_core::embedded::WLD);
        let cyrus = Instance {
            model: Model::new_unchecked(stros_core::embedded::CYRUS_3DC),
            frame: 1,
            position: [35000.0, -302.0, 30600.0],
            matrix: Mat3::IDENTITY.m,
            map_lit: false,
            attributes: 0,
        };
        let view = view::follow_view(cyrus.position, 0, 500.0, 200.0);
        let heights = Decoded::new(wld, 0);
        let look: Look<Small> =
            match stros_core::formats::texbsi::Texbsi::new_checked(stros_core::embedded::TEXBSI_302) {
                Ok(bank) => Look::new(Some(&bank), &[], &stros_core::render::Palette::default_world()),
                Err(_) => Look::default(),
            };
        view::draw(&mut fb, &mut depth, &view, Some((&heights, &wld)), [cyrus], &look);
    }
    for &p in px.iter() {
        sum = sum.wrapping_mul(31).wrapping_add(p as u32);
    }
    sum
}
