//! Object properties: the `Object.name` operands of opcodes 0x0F, 0x10 and 0x14 (
//! {D:engine/SOUPPROPS.md}; {D:engine/SOUP.md} "Reference Name Encoding", "Local pose
//! properties", "Current animation property", "Torch counter property"; {D:engine/animation.md}
//! "Frame waits").
//!
//! An operand carries a 16-bit reference id; the id indexes SOUP386.DEF's `[refs]` names, and
//! a name selects an engine descriptor (field offset and width) case-insensitively. The core
//! implements the descriptors whose actor state Stros keeps and whose meaning the docs give:
//!
//! | name | width | Stros state | read / write |
//! |---|---|---|---|
//! | `pos.vx` `pos.vy` `pos.vz` | 4 | [`Actor::position`] (Q8 local position) | whole 32 bits |
//! | `angle.vx` `angle.vy` `angle.vz` | 4 | [`Actor::angles`] pitch, heading, roll | see below |
//! | `anim.current` | 2 (anim record) | [`AnimState::current`] | signed 16 bits |
//! | `anim.frame` | 2 (anim record) | [`AnimState::cursor`], the command cursor | signed 16 bits |
//! | `anim.real_frame` | 1 (anim record) | [`AnimState::real_frame`] | unsigned byte |
//! | `torch_timer` | 1 | [`Actor::torch`] | unsigned byte |
//! | `fall_flag` | 1 | [`Actor::falling`] | unsigned byte |
//! | `extra_flag` | 1 | [`Actor::living`] (the living state) | unsigned byte |
//! | `under_surface` | 1 | [`Actor::surface`] (the stored surface code) | unsigned byte |
//! | `origin` | 4 | [`Actor::fall_origin`] (retained fall origin Y) | whole 32 bits |
//! | `ov.vx` `ov.vy` `ov.vz` | 4 | [`Actor::ov`] (script `Jump`'s heading copy) | whole 32 bits |
//!
//! Widths follow the descriptor table. A read widens a one-byte field unsigned (as
//! `torch_timer`'s is documented) and a two-byte field signed (as `anim.current`'s is); a
//! write keeps the field's low bits ("Writes retain only the low eight bits"). A write changes
//! only its field: no matrix is rebuilt, no animation requested, nothing relocated ("Local
//! pose properties"); the next actor processing does the usual work. The `anim.*` fields sit
//! in the animation record: without one (an actor with no animation set) a read is 0
//! ("Current animation property") and a write is dropped.
//!
//! Angles: the original keeps each as a 32-bit field and does not normalize a written
//! value; Stros's engine keeps angles modulo 2048 ([`Angles`]). So a write stores the angle
//! modulo 2048 for the engine and the written 32-bit value beside it
//! ([`Actor::written_angles`]), and a read answers the written value while the engine's
//! angle is still that value modulo 2048 (nothing has turned the actor since), else the
//! engine's angle. What stays different: an engine write of the very same angle modulo 2048
//! after a script's unnormalized write reads back unnormalized here.
//!
//! Descriptors SOUPPROPS lists that the core does not implement, and why:
//! - the actor's own identity and links (`address`, `next`, `list`, `parent`, `linked`,
//!   `grid`, `name`, `extra`, `object_data`, `data`, `header`, `size`, `location`, `rope`,
//!   `node_map`, `under_object`, `sphere_object`, `fsphere_heap`, `combat`, `light`, `flat`,
//!   `anim`, `anim_list`, `attribute`, `anim.address`, `size.address`): pointers, with no
//!   script integer meaning;
//! - `id`: Stros numbers actors by creation order and does not keep the runtime identifier
//!   ("Runtime object identifiers": pool capacity, a counter that skips for pooled records);
//! - script and task internals (`script_*`, `local_index`, `string_index`, `task*`,
//!   `disable_script`, `anchor`, `hook_data`, `message_index`, `broadcast_index`,
//!   `runtime_local*`): held by [`crate::script::ScriptState`] and the world's tables, not the
//!   actor, and the docs give no property semantics for them;
//! - state Stros does not keep: `slave_pos`, `last_slave_pos`, `start_pos`, `start_angle`,
//!   `slave_angle`, `last_slave_angle`, `last_valid_*`, `move`, `hand_*`, `grip[*]`,
//!   `scabbard[*]` (RAEX words the loader does not copy into the actor), `rope_*`,
//!   `ai_*`, `node`, `dnode`, `fdnode`, `hide`, `dead`, `invisible`, `active`,
//!   `yangle_change`, `fspheres`, `panic_group`, `anim.sound_handle`, `anim.max_group`,
//!   `anim.pos.*`, `anim.angle.*`, `anim.last_angle.*`, `size.*`;
//! - names whose meaning the docs do not give, though Stros may hold something similar:
//!   `last_pos`, `last_angle`, `ftype`, `sflags`, `static_data`, `loaded_matrix`,
//!   `slide_flag`, `jump_flag`, `extra_time`, `action_flag`, `action`, `action_time`,
//!   `arms_time`, `jump_time`, `jump_height`, `origin_time`, `origin_accum`,
//!   `last_direction`, `move_counter`, `last_collide`, `last_collide_count`,
//!   `surface_time`, `weapon_drawn` (kept as a flag, not a byte), `frame`, `handle`,
//!   `last_frame`, `last_handle`, `anim.next`, `anim.next_speed`, `anim.speed`,
//!   `anim.speed_count`, `anim.stop_flag`, `anim.halt_flag`, `anim.hold_flag`,
//!   `anim.rep_count`, `anim.rewind_flag`, `anim.loop_count`.
//!
//! Such a reference reads 0, writes nothing, and is reported as a
//! [`crate::script::ScriptEvent::Property`].
//!
//! [`AnimState::current`]: crate::anim::AnimState::current
//! [`AnimState::cursor`]: crate::anim::AnimState::cursor
//! [`AnimState::real_frame`]: crate::anim::AnimState::real_frame
//! [`Angles`]: crate::units::Angles

use super::Actor;
use crate::formats::soupdef::SoupDef;
use crate::units::wrap_angle;

/// A property the core implements.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Property {
    /// `pos.vx`.
    PosX,
    /// `pos.vy`.
    PosY,
    /// `pos.vz`.
    PosZ,
    /// `angle.vx` (pitch).
    AngleX,
    /// `angle.vy` (heading).
    AngleY,
    /// `angle.vz` (roll).
    AngleZ,
    /// `anim.current`.
    AnimCurrent,
    /// `anim.frame`.
    AnimFrame,
    /// `anim.real_frame`.
    AnimRealFrame,
    /// `torch_timer`.
    TorchTimer,
    /// `fall_flag`.
    FallFlag,
    /// `extra_flag`.
    ExtraFlag,
    /// `under_surface`.
    UnderSurface,
    /// `origin`.
    Origin,
    /// `ov.vx`.
    OvX,
    /// `ov.vy` (script `Jump` writes the heading there).
    OvY,
    /// `ov.vz`.
    OvZ,
}

/// An angle property's read: the script's written 32-bit value while the engine's angle is
/// still that value modulo 2048, else the engine's angle.
fn written_or(written: i32, angle: u16) -> i32 {
    if wrap_angle(written) == angle { written } else { angle as i32 }
}

impl Property {
    /// Every implemented property.
    pub const ALL: [Property; 17] = [
        Property::PosX,
        Property::PosY,
        Property::PosZ,
        Property::AngleX,
        Property::AngleY,
        Property::AngleZ,
        Property::AnimCurrent,
        Property::AnimFrame,
        Property::AnimRealFrame,
        Property::TorchTimer,
        Property::FallFlag,
        Property::ExtraFlag,
        Property::UnderSurface,
        Property::Origin,
        Property::OvX,
        Property::OvY,
        Property::OvZ,
    ];

    /// The descriptor name (SOUPPROPS).
    pub const fn name(self) -> &'static str {
        match self {
            Property::PosX => "pos.vx",
            Property::PosY => "pos.vy",
            Property::PosZ => "pos.vz",
            Property::AngleX => "angle.vx",
            Property::AngleY => "angle.vy",
            Property::AngleZ => "angle.vz",
            Property::AnimCurrent => "anim.current",
            Property::AnimFrame => "anim.frame",
            Property::AnimRealFrame => "anim.real_frame",
            Property::TorchTimer => "torch_timer",
            Property::FallFlag => "fall_flag",
            Property::ExtraFlag => "extra_flag",
            Property::UnderSurface => "under_surface",
            Property::Origin => "origin",
            Property::OvX => "ov.vx",
            Property::OvY => "ov.vy",
            Property::OvZ => "ov.vz",
        }
    }

    /// The descriptor's field width in bytes (SOUPPROPS).
    pub const fn width(self) -> u8 {
        match self {
            Property::AnimCurrent | Property::AnimFrame => 2,
            Property::AnimRealFrame
            | Property::TorchTimer
            | Property::FallFlag
            | Property::ExtraFlag
            | Property::UnderSurface => 1,
            _ => 4,
        }
    }

    /// Whether the field sits in the animation record (the `anim.*` descriptors).
    pub const fn in_animation(self) -> bool {
        matches!(self, Property::AnimCurrent | Property::AnimFrame | Property::AnimRealFrame)
    }

    /// The property a `[refs]` name selects (ASCII case-insensitive).
    pub fn from_name(name: &[u8]) -> Option<Property> {
        Property::ALL.into_iter().find(|p| name.eq_ignore_ascii_case(p.name().as_bytes()))
    }

    /// Reads the property of `a`; `animated`: `a` has an animation record.
    pub fn read(self, a: &Actor, animated: bool) -> i32 {
        if self.in_animation() && !animated {
            return 0;
        }
        match self {
            Property::PosX => a.position[0],
            Property::PosY => a.position[1],
            Property::PosZ => a.position[2],
            Property::AngleX => written_or(a.written_angles[0], a.angles.pitch),
            Property::AngleY => written_or(a.written_angles[1], a.angles.heading),
            Property::AngleZ => written_or(a.written_angles[2], a.angles.roll),
            Property::AnimCurrent => a.anim.current as i32,
            Property::AnimFrame => a.anim.cursor as i32,
            Property::AnimRealFrame => a.anim.real_frame as i32,
            Property::TorchTimer => a.torch as i32,
            Property::FallFlag => a.falling as i32,
            Property::ExtraFlag => a.living as i32,
            Property::UnderSurface => a.surface as i32,
            Property::Origin => a.fall_origin,
            Property::OvX => a.ov[0],
            Property::OvY => a.ov[1],
            Property::OvZ => a.ov[2],
        }
    }

    /// Writes `value` into the property of `a`, narrowed to the field's width; nothing
    /// else changes. `animated`: `a` has an animation record.
    pub fn write(self, a: &mut Actor, animated: bool, value: i32) {
        if self.in_animation() && !animated {
            return;
        }
        let (byte, word) = (value as u8, value as i16);
        match self {
            Property::PosX => a.position[0] = value,
            Property::PosY => a.position[1] = value,
            Property::PosZ => a.position[2] = value,
            // Modulo 2048 for the engine, the written value beside it (the module docs).
            Property::AngleX => (a.angles.pitch, a.written_angles[0]) = (wrap_angle(value), value),
            Property::AngleY => (a.angles.heading, a.written_angles[1]) = (wrap_angle(value), value),
            Property::AngleZ => (a.angles.roll, a.written_angles[2]) = (wrap_angle(value), value),
            Property::AnimCurrent => a.anim.current = word,
            Property::AnimFrame => a.anim.cursor = word,
            Property::AnimRealFrame => a.anim.real_frame = byte,
            Property::TorchTimer => a.torch = byte,
            Property::FallFlag => a.falling = byte,
            Property::ExtraFlag => a.living = byte,
            Property::UnderSurface => a.surface = byte,
            Property::Origin => a.fall_origin = value,
            Property::OvX => a.ov[0] = value,
            Property::OvY => a.ov[1] = value,
            Property::OvZ => a.ov[2] = value,
        }
    }
}

/// Most `[refs]` lines naming an implemented property a world keeps (each name once makes
/// 17; a file repeating them more than this fails to load).
pub const MAX_REFERENCES: usize = 64;

/// More `[refs]` lines name implemented properties than [`MAX_REFERENCES`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooManyReferences;

/// The reference ids of SOUP386.DEF's `[refs]` that name an implemented property.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct References {
    entries: heapless::Vec<(u16, Property), MAX_REFERENCES>,
}

impl References {
    /// From `[refs]` names in file order (the reference id of a name is its position; a
    /// 16-bit id reaches the first 65,536).
    pub fn from_names<'n>(names: impl Iterator<Item = &'n [u8]>) -> Result<Self, TooManyReferences> {
        let mut r = References::default();
        for (id, name) in (0..=u16::MAX).zip(names) {
            if let Some(p) = Property::from_name(name) {
                r.entries.push((id, p)).map_err(|_| TooManyReferences)?;
            }
        }
        Ok(r)
    }

    /// From a parsed SOUP386.DEF.
    pub fn from_def(def: &SoupDef<'_>) -> Result<Self, TooManyReferences> {
        References::from_names(def.refs())
    }

    /// The property reference `id` selects, if the core implements it.
    pub fn property(&self, id: u16) -> Option<Property> {
        self.entries.iter().find(|e| e.0 == id).map(|e| e.1)
    }

    /// The reference id that selects `p`, if any (the first).
    pub fn id_of(&self, p: Property) -> Option<u16> {
        self.entries.iter().find(|e| e.1 == p).map(|e| e.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::anim::NO_GROUP;

    #[test]
    fn names_select_descriptors_case_insensitively() {
        let names: [&[u8]; 6] =
            [b"hide", b"POS.VY", b"anim.current", b"anim.next", b"Torch_Timer", b"pos.vy"];
        let r = References::from_names(names.into_iter()).unwrap();
        let got: heapless::Vec<Option<Property>, 8> = (0..7).map(|id| r.property(id)).collect();
        assert_eq!(
            got.as_slice(),
            [
                None,
                Some(Property::PosY),
                Some(Property::AnimCurrent),
                None,
                Some(Property::TorchTimer),
                Some(Property::PosY),
                None
            ]
        );
        assert_eq!(r.id_of(Property::PosY), Some(1));
        let many = core::iter::repeat_n(&b"origin"[..], MAX_REFERENCES + 1);
        assert_eq!(References::from_names(many), Err(TooManyReferences));
    }

    #[test]
    fn widths_and_conversions() {
        let mut a = Actor::new(0, [0; 256]);
        // Whole 32-bit fields: every bit kept.
        Property::PosY.write(&mut a, true, -123_456_789);
        Property::Origin.write(&mut a, true, i32::MIN);
        assert_eq!((a.position[1], Property::PosY.read(&a, true)), (-123_456_789, -123_456_789));
        assert_eq!(Property::Origin.read(&a, false), i32::MIN);
        // `ov.vy` is a whole 32-bit word too (SOUPPROPS 0x16c, width 4), named in any case.
        Property::from_name(b"OV.VY").unwrap().write(&mut a, false, -70_000);
        assert_eq!(
            (a.ov, Property::OvY.read(&a, false), Property::OvY.width()),
            ([0, -70_000, 0], -70_000, 4)
        );
        // Bytes keep the low eight bits and read back unsigned: 0x1FE → 0xFE = 254.
        for p in [Property::TorchTimer, Property::FallFlag, Property::ExtraFlag, Property::UnderSurface] {
            p.write(&mut a, false, 0x1FE);
            assert_eq!(p.read(&a, false), 254, "{}", p.name());
        }
        assert_eq!((a.torch, a.falling, a.living, a.surface), (254, 254, 254, 254));
        // Angles ({D:engine/SOUP.md} "Local pose properties"): the 32-bit field keeps what
        // was written — 2049 and −1 read back as written — while the engine turns by them
        // modulo 2048 (heading 1, pitch 2047). Once the engine has turned him (heading 5),
        // the field reads the engine's angle.
        Property::AngleY.write(&mut a, true, 2049);
        Property::AngleX.write(&mut a, true, -1);
        assert_eq!((a.angles.heading, a.angles.pitch, a.angles.roll), (1, 2047, 0));
        assert_eq!((Property::AngleY.read(&a, true), Property::AngleX.read(&a, true)), (2049, -1));
        a.angles.heading = 5;
        assert_eq!(Property::AngleY.read(&a, true), 5);
        assert_eq!(Property::AngleZ.read(&a, true), 0);
        // The animation record: signed words, an unsigned byte.
        Property::AnimCurrent.write(&mut a, true, 0x1_FFFF);
        Property::AnimFrame.write(&mut a, true, 0x8000);
        Property::AnimRealFrame.write(&mut a, true, -1);
        assert_eq!((a.anim.current, a.anim.cursor, a.anim.real_frame), (-1, i16::MIN, 255));
        assert_eq!(
            [Property::AnimCurrent, Property::AnimFrame, Property::AnimRealFrame].map(|p| p.read(&a, true)),
            [-1, -32768, 255]
        );
        // Without an animation record: reads 0, writes dropped.
        a.anim.current = 5;
        Property::AnimCurrent.write(&mut a, false, 9);
        assert_eq!((a.anim.current, Property::AnimCurrent.read(&a, false)), (5, 0));
        a.anim.current = NO_GROUP;
        assert_eq!(Property::AnimCurrent.read(&a, true), -1, "no current group reads -1");
    }
}
