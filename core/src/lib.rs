//! # Stros core
//!
//! A bit-exact, allocation-free reimplementation of the engine core of *The Elder Scrolls
//! Adventures: Redguard* (1998, DOS). `#![no_std]`, no `alloc`, no `unsafe`: it runs on a
//! microcontroller as well as behind the desktop frontends.
//!
//! ## How data flows
//!
//! ```text
//!  bytes ──► formats (zero-copy views: ini, rgm, wld, model, rob, col, texbsi, sfx, surface)
//!              │
//!              ▼
//!            world (terrain, placements, actors)          ◄── config (SYSTEM.INI), input (KEYS.INI)
//!              │
//!              ▼
//!   World::step: timing ─► lists ─► per actor: anim ─► player controller / SOUP script ─► collision
//!              │
//!              ▼
//!   render (into a framebuffer the frontend owns) · audio (events to sounds) · trace
//! ```
//!
//! Modules are named after the engine systems the specification names, so a reader who
//! knows the seed section finds its home. They form layers, listed here bottom to top: a
//! module uses only modules on its own layer or below (`.ci/module-graph.py` checks it).
//! Names in plain code (`actor`, `collision`, ...) are the engine's internals: the
//! workspace's island generator and tests reach them with the feature `internals`, a
//! program does not (their state is the [`World`]'s and the [`Session`]'s to keep).
//!
//! | layer | module | seed sections |
//! |---|---|---|
//! | bytes | [`files`] | where bytes come from: the embedded island, an install, an [`files::Overlay`] |
//! | bytes | [`formats`] | zero-copy views of the game's files; [`formats::ini`]: the SYSTEM.INI reader rules |
//! | bytes | `embedded` | the default island's files (feature `embedded-world`) |
//! | numerics | `units` | "Coordinate and heading units" |
//! | numerics | `tables` | the shared rotation table, the first-octant table |
//! | numerics | `math` | "Upright actor orientation", "Incremental orientation refresh", "Heading-based translation", "Direction recovered from displacement", the integer matrix transform |
//! | numerics | [`config`] | SYSTEM.INI keys, installed defaults and load-time replacements |
//! | numerics | `sound` | "Radius and divisor", "Distance", "Volume curve" of positional sound |
//! | numerics | [`timing`] | "FPS-derived frame scale", "Whole nominal ticks" |
//! | numerics | [`input`] | KEYS.INI bindings, held actions, the walk/run choice |
//! | numerics | [`capacity`] | the tables' sizes, the build's choice: [`capacity::Desktop`], [`capacity::Small`], any [`capacity::Caps`] |
//! | numerics | [`scenario`], [`recording`] | the replay scenario reader and the recording writer (one text format) |
//! | terrain | `terrain` | "Terrain support sampling", "Terrain material lookup", "Terrain material blend coverage" |
//! | collision | `collision` | shapes, candidates, admissions, face contacts, ground support, body responses, the static world; `collision::ledge`: the "Ledge scan" passes and the fit test |
//! | anim | `anim` | the RAGR interpreter, requests, animation tasks |
//! | anim | `dialogue` | RTX lookup and its cache, dialogue records and their update, subtitle slots, wrapping and position, speech timing, the topic menu, the activation prompt |
//! | anim | [`items`] | ITEM.INI's records, owned counts and selection: initialization, acquisition, removal, the selection fallback and queries |
//! | anim | `camera` | the original camera: "Camera record initialization" and its installed settings, "Player camera slot selection", `camera::pose`: "Camera pose stage order" (candidate, obstacle segment, distance-height correction, contact-normal response, movement limiting, terrain clamp, publication, orientation), "Camera marks and the render camera step", screen shake |
//! | script | `script` | the SOUP VM: bytecode decoding, continuations, the six task slots, the script stage's order and gates, disassembly ("Shipped FLAG2 sequence") |
//! | actor | `actor` | the actor record, "Ordinary actor eligibility", "Supporting actor motion"; `actor::default`: default-group selection; `actor::combat`: combat entry, weapons, death pairs; `actor::motion`: the `MoveForward`/`WalkForward`/backward steppers, "Forward-walking startup", "Ending a walking update", "Continuation after input release", "Directional ordinary displacement"; `actor::jump`: "Ordinary jump entry", "Script Jump"; `actor::walk`: the walk maps, "Nearest free walk node", "Walk-route search and next-hop selection"; `actor::nav`: point navigation and coordinate walking; `actor::natives`, `actor::props`: the SOUP natives and object properties on actors |
//! | player | `player` | "Ground-turn arithmetic", `player::controller`: "Ordinary controller dispatch", "Ground-turn eligibility and animation", "Controller under queued, falling and sliding motion"; `player::jump`: "Jump-key arbitration", "Jump window", the selected player's jump gates; `player::ledge`: "Selected-player ledge entry" (edge service, ledge transition, climb tables, hang pose, hanging sidestep, release, climb request); `player::death`: "Selected-player death admission state", "Selected-player death controller", "World-loop death exit ordering" |
//! | world | [`world`] | "Placed actor initialization and eligibility" (`world::cells`), "Marker-based world entry", "Startup ground settling", "Initial player animation setup" (`world::entry`), "Timing boundary", "Ordinary actor update order", "Ordinary collision stage" and its responses ("Queued motion arbitration", "Queued and falling vertical motion", "Jump selector at a support miss", "Ledge record classification", "Ledge support below the origin", "Water and lava transition effects"), "Current model presentation" (water); `world::effects`: "Environmental effect animation" and "Environmental effect frame submission" (the effect pool); `world::ropes`: "Rope construction and swing", "Rope amplitude updates", "Rope update order" |
//! | output | [`render`] | the indexed framebuffer, palette and shade table, the 3D scene (textured terrain with its water wave, textured models, actors, placed flats and effects, map lights, the sky and sun), its perspective-correct rasterizer, the view from the camera's render pose, the HUD health candle |
//! | output | [`trace`] | the replay trace line |
//! | output | [`audio`] | positional sound: distance, volume curve, pan, playback rate, the 16 channels, the mixer |
//! | session | [`session`] | what a frontend runs: a world, its colours and palette, live or replayed input |
//! | session | [`save`] | a session saved in the original's container ({D:formats/SAVEGAME.md}) and restored |
//!
//! Nothing here reads a clock, randomness or the environment: the frontends hand in BIOS
//! ticks and input, so the same inputs give the same trace on every machine.
//!
//! ## The front door
//!
//! The types a program needs are here at the root: load the embedded island into a
//! [`Session`], step it with the BIOS clock and the keys held, draw it into a
//! [`Framebuffer`] of the program's own.
//!
//! ```
//! # // Unoptimised (as doctests build), the session's moves are stack copies: a roomy stack.
//! # std::thread::Builder::new().stack_size(256 << 20).spawn(|| {
//! use stros_core::{Bindings, Choice, Embedded, Fnv1a64, Framebuffer, Input, Session, Start, SystemConfig};
//!
//! // A session is large (its tables are fixed-size, about 12 MB at the desktop's
//! // capacity): it lives on the heap here; a microcontroller keeps a [`Small`] one.
//! let mut session: Box<Session> = Box::new(Session::unloaded(SystemConfig::installed(), Bindings::default()));
//! session.load(&Embedded, Choice::Map("HARBOUR"), Start::Marker(0))?;
//! // Thirty updates, one BIOS tick (18.2065 Hz) apart, no key held.
//! for bios in 0..30 {
//!     session.step(&Input::NONE, bios, None);
//! }
//! let (mut pixels, mut depth) = (vec![0u8; 320 * 200], vec![0f32; 320 * 200]);
//! session.draw(&mut Framebuffer::new(&mut pixels, 320, 200).unwrap(), &mut depth);
//! let mut digest = Fnv1a64::new();
//! digest.update(&pixels);
//! println!("{:016x}", digest.value());
//! // The same on every machine: nothing in the core reads a clock or randomness. (The
//! // `embedded-graphics` feature adds the HUD's text to the picture.)
//! let expected = if cfg!(feature = "embedded-graphics") { 0x0f73_2631_3766_5e8b } else { 0xab25_a117_83ee_ae6b };
//! assert_eq!(digest.value(), expected);
//! # Ok::<(), stros_core::SessionError>(())
//! # }).unwrap().join().unwrap().unwrap();
//! ```
#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

/// Declares a module of the engine's internals: public with the `internals` feature (the
/// workspace's island generator and its tests reach into the systems and the field offsets),
/// crate-private otherwise, so a program's view of the crate is the front door, the readers
/// and what a frontend drives. Without the feature, what only those callers use is unused
/// here (and their re-exports unread), hence the allowances on that side alone.
macro_rules! internal {
    ($(#[$attr:meta])* mod $name:ident;) => {
        $(#[$attr])*
        #[cfg(feature = "internals")]
        pub mod $name;
        $(#[$attr])*
        #[cfg(not(feature = "internals"))]
        #[allow(dead_code, unused_imports)]
        pub(crate) mod $name;
    };
    ($(#[$attr:meta])* mod $name:ident { $($body:tt)* }) => {
        $(#[$attr])*
        #[cfg(feature = "internals")]
        pub mod $name { $($body)* }
        $(#[$attr])*
        #[cfg(not(feature = "internals"))]
        #[allow(dead_code, unused_imports)]
        pub(crate) mod $name { $($body)* }
    };
}

internal! { mod actor; }
internal! { mod anim; }
pub mod audio;
internal! { mod camera; }
pub mod capacity;
internal! { mod collision; }
pub mod config;
internal! { mod dialogue; }
#[cfg(feature = "embedded-world")]
pub mod embedded;
pub mod files;
pub mod formats;
pub mod input;
pub mod items;
internal! { mod math; }
internal! { mod player; }
pub mod recording;
pub mod render;
pub mod save;
pub mod scenario;
internal! { mod script; }
pub mod session;
internal! { mod sound; }
internal! { mod tables; }
internal! { mod terrain; }
pub mod timing;
pub mod trace;
internal! { mod units; }
pub mod world;

#[cfg(test)]
mod test_support;

pub use capacity::{Capacity, Desktop, Small};
pub use config::SystemConfig;
#[cfg(feature = "embedded-world")]
pub use files::Embedded;
pub use files::Files;
pub use input::{Action, Bindings, Input};
pub use render::Framebuffer;
pub use scenario::Scenario;
pub use session::{Play, Session, SessionError, Start};
pub use trace::Fnv1a64;
pub use world::catalog::{Choice, WorldSpec};
pub use world::{StepReport, World, WorldError};
