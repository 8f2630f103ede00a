//! The embedded WORLD.INI's worlds by number ({D:formats/WORLD.INI.md} "Worlds"): the
//! island and the fisher's hut, which their doors' scripts name.

/// The island's world in the catalog: index 1, where the retail WORLD.INI has the island
/// by day.
pub const ISLAND: u16 = 1;

/// The fisher's hut at night ([`super::hut`]).
pub const HUT: u16 = 2;
