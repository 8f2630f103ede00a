//! Descriptions of the ropes, lights and flats a map places, written through the core's
//! `mprp`, `mpsl` and `mpsf` field tables.

use stros_core::formats::rgm::{mprp, mpsf, mpsl};

use super::{RgmWriteError, coord, name_field, set};

/// One MPSF placed flat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MpsfDesc {
    /// Id.
    pub id: u32,
    /// X, Y (i24) and Z (u24), map units.
    pub position: [i32; 3],
    /// Packed texture: archive id << 7 | image id.
    pub texture_data: u16,
}

impl MpsfDesc {
    /// The 24-byte record (the two fields not read at runtime are zero).
    pub fn to_record(&self) -> Result<[u8; mpsf::RECORD], RgmWriteError> {
        use mpsf::field as f;
        let mut r = [0u8; mpsf::RECORD];
        set(&mut r, f::ID, &self.id.to_le_bytes());
        coord(&mut r, f::X, self.position[0], false, "MPSF x")?;
        coord(&mut r, f::Y, self.position[1], false, "MPSF y")?;
        coord(&mut r, f::Z, self.position[2], true, "MPSF z")?;
        set(&mut r, f::TEXTURE_DATA, &self.texture_data.to_le_bytes());
        Ok(r)
    }
}

/// One MPSL map light.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MpslDesc {
    /// Link word as stored (the engine overwrites it once loaded).
    pub link: u32,
    /// WORLD.INI entry.
    pub world_id: u32,
    /// X, Y, Z, engine coordinates (full i32).
    pub position: [i32; 3],
    /// Radius.
    pub radius: i16,
    /// Auxiliary i16 at 0x16.
    pub field_16: i16,
    /// Red, green, blue strengths.
    pub rgb: [i16; 3],
    /// Auxiliary byte at 0x1E.
    pub field_1e: u8,
    /// 1 = selectable.
    pub active: u8,
    /// Auxiliary bytes at 0x20.
    pub field_20: [u8; mpsl::field::FIELD_20_LEN],
    /// Auxiliary bytes at 0x26.
    pub field_26: [u8; mpsl::field::FIELD_26_LEN],
}

impl MpslDesc {
    /// The 42-byte record (every field is representable, so this cannot fail).
    pub fn to_record(&self) -> [u8; mpsl::RECORD] {
        use mpsl::field as f;
        let mut r = [0u8; mpsl::RECORD];
        set(&mut r, f::LINK, &self.link.to_le_bytes());
        set(&mut r, f::WORLD_ID, &self.world_id.to_le_bytes());
        for (off, v) in [(f::X, self.position[0]), (f::Y, self.position[1]), (f::Z, self.position[2])] {
            set(&mut r, off, &v.to_le_bytes());
        }
        set(&mut r, f::RADIUS, &self.radius.to_le_bytes());
        set(&mut r, f::FIELD_16, &self.field_16.to_le_bytes());
        for (k, v) in self.rgb.iter().enumerate() {
            set(&mut r, f::RGB + 2 * k, &v.to_le_bytes());
        }
        r[f::FIELD_1E] = self.field_1e;
        r[f::ACTIVE] = self.active;
        set(&mut r, f::FIELD_20, &self.field_20);
        set(&mut r, f::FIELD_26, &self.field_26);
        r
    }
}

/// One MPRP rope.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MprpDesc {
    /// Id.
    pub id: u32,
    /// X, Y, Z (all i24), map units.
    pub position: [i32; 3],
    /// Heading word (2048 per turn).
    pub angle_y: i32,
    /// Rope type.
    pub rope_type: i32,
    /// Swing.
    pub swing: i32,
    /// Speed.
    pub speed: i32,
    /// Number of links.
    pub length: i16,
    /// Terminal model (≤ 9 bytes; empty = none).
    pub static_model: Vec<u8>,
    /// Link model (≤ 9 bytes).
    pub rope_model: Vec<u8>,
    /// Swing sounds, slow to fast (0 = none).
    pub sounds: [i32; 3],
    /// The four trailing words.
    pub trailing: [i32; 4],
}

impl MprpDesc {
    /// The 80-byte record (the byte not read at runtime is zero).
    pub fn to_record(&self) -> Result<[u8; mprp::RECORD], RgmWriteError> {
        use mprp::field as f;
        let mut r = [0u8; mprp::RECORD];
        set(&mut r, f::ID, &self.id.to_le_bytes());
        coord(&mut r, f::X, self.position[0], false, "MPRP x")?;
        coord(&mut r, f::Y, self.position[1], false, "MPRP y")?;
        coord(&mut r, f::Z, self.position[2], false, "MPRP z")?;
        for (off, v) in [
            (f::ANGLE_Y, self.angle_y),
            (f::TYPE, self.rope_type),
            (f::SWING, self.swing),
            (f::SPEED, self.speed),
        ] {
            set(&mut r, off, &v.to_le_bytes());
        }
        set(&mut r, f::LENGTH, &self.length.to_le_bytes());
        name_field(&mut r, f::STATIC_MODEL, f::NAME_LEN, &self.static_model, "MPRP static model")?;
        name_field(&mut r, f::ROPE_MODEL, f::NAME_LEN, &self.rope_model, "MPRP rope model")?;
        for (k, v) in self.sounds.iter().enumerate() {
            set(&mut r, f::SOUNDS + 4 * k, &v.to_le_bytes());
        }
        for (k, v) in self.trailing.iter().enumerate() {
            set(&mut r, f::TRAILING + 4 * k, &v.to_le_bytes());
        }
        Ok(r)
    }
}
