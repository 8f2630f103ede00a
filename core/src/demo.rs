//! The running skeleton both frontends drive until `World::step` exists: the shared clock,
//! a walking viewpoint over [`DemoHills`] and the HUD. It keeps the frontends thin and
//! exercises the real timing and movement arithmetic on every frame.

use crate::config::SystemConfig;
use crate::math::translate_heading;
use crate::player::Turn;
use crate::render::terrain::{self, Camera, DEMO_CENTRE, DemoHills, Heightfield};
use crate::render::{Framebuffer, hud};
use crate::timing::{Clock, Tick, TimingConfig};
use crate::units::{Angles, map_to_runtime, runtime_to_map};

/// Held directions for one update.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DemoInput {
    /// Move forward.
    pub forward: bool,
    /// Move backward.
    pub back: bool,
    /// Turn left (heading increases).
    pub left: bool,
    /// Turn right (heading decreases).
    pub right: bool,
}

/// Forward speed of the viewpoint per nominal update, runtime units.
const WALK_PER_UPDATE: i32 = 48 * 256;
/// Eye height above the ground, map units.
const EYE_HEIGHT: i32 = 220;

/// The skeleton: clock, viewpoint, turn accumulators.
#[derive(Clone, Debug)]
pub struct Demo {
    clock: Clock,
    config: SystemConfig,
    field: DemoHills,
    x: i32,
    z: i32,
    heading: u16,
    turn: Turn,
}

impl Demo {
    /// Starts south of the island centre, looking north across it.
    pub fn new(config: SystemConfig) -> Demo {
        Demo {
            clock: Clock::new(TimingConfig::from(&config)),
            config,
            field: DemoHills,
            x: map_to_runtime(DEMO_CENTRE - 1500),
            z: map_to_runtime(DEMO_CENTRE - 19500),
            heading: 40,
            turn: Turn::default(),
        }
    }

    /// One update at BIOS tick `bios_now`.
    pub fn step(&mut self, input: DemoInput, bios_now: u32) -> Tick {
        let tick = self.clock.update(bios_now);
        let scale = tick.frame_scale;
        self.heading = self.turn.update(self.heading, input.left, input.right, scale, &self.config);

        let dir = input.forward as i32 - input.back as i32;
        if dir != 0 {
            let distance = (dir * WALK_PER_UPDATE * scale) >> 8;
            let (x, z) = translate_heading(self.x, self.z, self.heading as i32, distance);
            self.x = x;
            self.z = z;
        }
        tick
    }

    /// Runs `frames` updates with no input, one BIOS tick apart from tick 0: the repeatable
    /// off-screen run both frontends use for screenshots and dumps.
    pub fn run_offscreen(&mut self, frames: u32) {
        for tick in 0..frames {
            self.step(DemoInput::default(), tick);
        }
    }

    /// The viewpoint.
    pub fn camera(&self) -> Camera {
        let (mx, mz) = (runtime_to_map(self.x), runtime_to_map(self.z));
        Camera {
            x: mx,
            elevation: self.field.elevation(mx, mz).max(0) + EYE_HEIGHT,
            z: mz,
            angles: Angles { pitch: 0, heading: self.heading, roll: 0 },
        }
    }

    /// The clock.
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// The HUD text of the latest update.
    pub fn status_line(&self) -> heapless::String<{ hud::STATUS_CAPACITY }> {
        hud::status_line(&self.clock)
    }

    /// Draws terrain (and the HUD with the `embedded-graphics` feature).
    pub fn draw(&self, fb: &mut Framebuffer<'_>) {
        terrain::draw(fb, &self.field, &self.camera());
        #[cfg(feature = "embedded-graphics")]
        hud::draw(fb, &self.status_line());
    }
}
