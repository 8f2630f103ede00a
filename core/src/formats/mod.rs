//! Zero-copy readers of the game's files.
//!
//! Each reader is a view over borrowed input that validates once (`new_checked`) and then
//! answers field queries without allocating; bad input is a typed error, never a panic.
//! The binary formats (RGM, WLD, 3D/3DC, ROB, COL, TEXBSI, SFX) join [`ini`] here.

pub mod ini;
