//! # Stros core
//!
//! A bit-exact, allocation-free reimplementation of the engine core of *The Elder Scrolls
//! Adventures: Redguard* (1998, DOS). `#![no_std]`, no `alloc`, no `unsafe`: it runs on a
//! microcontroller as well as behind the desktop frontends.
//!
//! ## How data flows
//!
//! ```text
//!  bytes ──► formats (zero-copy views: ini, later rgm/wld/model/rob/col/sfx)
//!              │
//!              ▼
//!            world (terrain, placements, actors)          ◄── config (SYSTEM.INI)
//!              │
//!              ▼
//!   World::step: timing ─► anim ─► player ─► collision ─► script
//!              │
//!              ▼
//!   render (into a framebuffer the frontend owns) · sound events · trace
//! ```
//!
//! Modules are named after the engine systems the specification names, so a reader who
//! knows the seed section finds its home:
//!
//! | module | seed sections |
//! |---|---|
//! | [`units`] | "Coordinate and heading units" |
//! | [`tables`] | the shared rotation table, the first-octant table |
//! | [`math`] | "Upright actor orientation", "Incremental orientation refresh", "Heading-based translation", "Direction recovered from displacement", the integer matrix transform |
//! | [`formats::ini`] | the SYSTEM.INI reader rules |
//! | [`config`] | SYSTEM.INI keys, installed defaults and load-time replacements |
//! | [`terrain`] | "Terrain support sampling", "Terrain material lookup", "Terrain material blend coverage" |
//! | [`collision`] | shapes, candidates, admissions, face contacts, ground support, body responses, the static world |
//! | [`input`] | KEYS.INI bindings, held actions, the walk/run choice |
//! | [`player`] | "Ground-turn arithmetic", the forward-walking startup amounts |
//! | [`actor`] | "Ordinary actor eligibility", "Supporting actor motion" |
//! | [`anim`] | the RAGR interpreter, requests, defaults, combat-side rules, animation tasks |
//! | [`timing`] | "FPS-derived frame scale", "Whole nominal ticks" |
//! | [`render`] | the indexed framebuffer, palette, HUD, the 3D scene (terrain, models, actors) and its rasterizer |
//! | `embedded` | the default island's files (feature `embedded-world`) |
//! | [`demo`] | the running skeleton the frontends drive until the world update lands |
//!
//! Nothing here reads a clock, randomness or the environment: the frontends hand in BIOS
//! ticks and input, so the same inputs give the same trace on every machine.
#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod actor;
pub mod anim;
pub mod collision;
pub mod config;
#[cfg(feature = "embedded-world")]
pub mod embedded;
pub mod formats;
pub mod input;
pub mod math;
pub mod player;
pub mod render;
pub mod replay;
pub mod session;
pub mod tables;
pub mod terrain;
pub mod timing;
pub mod units;
pub mod world;
