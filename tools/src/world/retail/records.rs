//! The retail maps' flats, lights and ropes as the RGM writer's typed descriptions
//! ({D:formats/RGM.md} "MPSF (Flat Objects)", "MPSL (Lights)", "MPRP (Rope Chains)"), which
//! write through the core's field tables.

use crate::write::rgm::{MprpDesc, MpsfDesc, MpslDesc};
use stros_core::formats::rgm::{flat as flat_section, mpsl};

/// The link model the shipped ropes use.
pub const ROPE_LINK: &str = "ROPELINK";

/// An MPSF flat: record `id`, centred at `position` (map units) showing image `image` of
/// texture bank `bank`.
pub fn flat(id: u32, position: [i32; 3], bank: u16, image: u8) -> MpsfDesc {
    let texture_data = bank << flat_section::IMAGE_BITS | u16::from(image) & flat_section::IMAGE_MASK;
    MpsfDesc { id, position, texture_data }
}

/// An MPSL light of world `world_id` at `position` with `radius` and signed `rgb`
/// strengths; `active` lets the loader select it. The link word is zero in a file (the
/// loader replaces it).
pub fn light(world_id: u32, position: [i32; 3], radius: i16, rgb: [i16; 3], active: bool) -> MpslDesc {
    let active = if active { mpsl::ACTIVE } else { 0 };
    MpslDesc { world_id, position, radius, rgb, active, ..MpslDesc::default() }
}

/// What an MPRP rope is: where it hangs from, how it swings and what it is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rope<'a> {
    /// Record id.
    pub id: u32,
    /// Base (top) position, map units.
    pub position: [i32; 3],
    /// Heading, 2048 per turn.
    pub heading: i32,
    /// Swing amplitude parameter.
    pub swing: i32,
    /// Swing speed parameter.
    pub speed: i32,
    /// Links below the base.
    pub links: i16,
    /// The link model (`ROPELINK`).
    pub link_model: &'a str,
    /// The optional model hung below the last link.
    pub end_model: Option<&'a str>,
}

/// An MPRP rope of type 0 (the plain hanging rope), without swing sounds; the four
/// trailing words are zero, as in every shipped record.
pub fn rope(rope: &Rope<'_>) -> MprpDesc {
    MprpDesc {
        id: rope.id,
        position: rope.position,
        angle_y: rope.heading,
        swing: rope.swing,
        speed: rope.speed,
        length: rope.links,
        static_model: rope.end_model.unwrap_or("").as_bytes().to_vec(),
        rope_model: rope.link_model.as_bytes().to_vec(),
        ..MprpDesc::default()
    }
}
