//! Writers of the game's file formats, from plain descriptions. Each writer emits through
//! the `field` offset constants of the matching `stros_core::formats` reader, and its tests
//! read the bytes back through that reader (the round trip).

pub mod col;
pub mod fnt;
pub mod gxa;
pub mod model;
pub mod pvo;
pub mod rgm;
pub mod rob;
pub mod rtx;
pub mod sfx;
pub mod soup;
pub mod soupdef;
pub mod texbsi;
pub mod wld;
pub mod worldini;
