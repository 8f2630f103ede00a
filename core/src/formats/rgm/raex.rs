//! RAEX actor extra data ({F§1.5}; {D:formats/RGM.md} "RAEX"): 30-byte
//! records of 15 i16 LE values, addressed by RAHD's byte offset. Records = len / 30; a
//! tail that is not a whole record is ignored (§6).

use super::{i16_at, u16_at};

/// Record size.
pub const RECORD: usize = 30;

internal! {
    /// Field offsets (all i16 except the u16 texture set).
    mod field {
        /// Drawn-weapon attachment vertex 0.
        pub const GRIP0: usize = 0x00;
        /// Drawn-weapon attachment vertex 1.
        pub const GRIP1: usize = 0x02;
        /// Stowed-weapon attachment vertex 0.
        pub const SCABBARD0: usize = 0x04;
        /// Stowed-weapon attachment vertex 1.
        pub const SCABBARD1: usize = 0x06;
        /// Matches RAHD anim_frame_data.
        pub const ANIM_FRAME_REF: usize = 0x08;
        /// u16 actor texture set (0 = the models' own).
        pub const TEXTURE_SET: usize = 0x0A;
        /// Combat contact vertex.
        pub const CONTACT_VERTEX: usize = 0x0C;
        /// Combat contact radius.
        pub const CONTACT_RADIUS: usize = 0x0E;
        /// First taunt animation id.
        pub const TAUNT_ID: usize = 0x10;
        /// Signed Q8 collision-sphere radius scale (≤0 selects 256).
        pub const SPHERE_SCALE: usize = 0x12;
        /// Source of RAHD raex_stat.
        pub const FIELD_14: usize = 0x14;
        /// Set on some combat actors.
        pub const FIELD_16: usize = 0x16;
        /// Combat minimum range (×256).
        pub const RANGE_MIN: usize = 0x18;
        /// Combat ideal range (×256).
        pub const RANGE_IDEAL: usize = 0x1A;
        /// Combat maximum range (×256).
        pub const RANGE_MAX: usize = 0x1C;
    }
}

/// The RAEX section.
#[derive(Clone, Copy, Debug, Default)]
pub struct Raex<'a> {
    data: &'a [u8],
}

impl<'a> Raex<'a> {
    /// Any length is valid.
    pub fn new(payload: &'a [u8]) -> Self {
        Raex { data: payload }
    }
    /// Whole records (len / 30).
    pub fn len(&self) -> usize {
        self.data.len() / RECORD
    }
    /// No whole record.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Record `i`.
    pub fn get(&self, i: usize) -> Option<RaexRecord<'a>> {
        self.at(i.checked_mul(RECORD)?)
    }
    /// The 30 bytes at byte offset `off` (how RAHD addresses them; need not be aligned).
    pub fn at(&self, off: usize) -> Option<RaexRecord<'a>> {
        self.data.get(off..)?.first_chunk::<RECORD>().map(|raw| RaexRecord { raw })
    }
}

/// One RAEX record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RaexRecord<'a> {
    raw: &'a [u8; RECORD],
}

impl<'a> RaexRecord<'a> {
    /// The raw bytes.
    pub fn raw(&self) -> &'a [u8; RECORD] {
        self.raw
    }
    /// All 15 values in order.
    pub fn values(&self) -> [i16; 15] {
        core::array::from_fn(|k| i16_at(self.raw, 2 * k))
    }
    /// Value `k` (0..15).
    pub fn value(&self, k: usize) -> i16 {
        i16_at(self.raw, 2 * k)
    }
    /// Grip vertices.
    pub fn grip(&self) -> [i16; 2] {
        [i16_at(self.raw, field::GRIP0), i16_at(self.raw, field::GRIP1)]
    }
    /// Scabbard vertices.
    pub fn scabbard(&self) -> [i16; 2] {
        [i16_at(self.raw, field::SCABBARD0), i16_at(self.raw, field::SCABBARD1)]
    }
    /// Animation frame reference.
    pub fn anim_frame_ref(&self) -> i16 {
        i16_at(self.raw, field::ANIM_FRAME_REF)
    }
    /// Actor texture set.
    pub fn texture_set(&self) -> u16 {
        u16_at(self.raw, field::TEXTURE_SET)
    }
    /// Combat contact vertex.
    pub fn contact_vertex(&self) -> i16 {
        i16_at(self.raw, field::CONTACT_VERTEX)
    }
    /// Combat contact radius.
    pub fn contact_radius(&self) -> i16 {
        i16_at(self.raw, field::CONTACT_RADIUS)
    }
    /// Taunt id.
    pub fn taunt_id(&self) -> i16 {
        i16_at(self.raw, field::TAUNT_ID)
    }
    /// The stored sphere-radius scale, signed.
    pub fn sphere_scale_raw(&self) -> i16 {
        i16_at(self.raw, field::SPHERE_SCALE)
    }
    /// The scale the sphere builder uses: the stored value, or 256 when it is ≤ 0.
    pub fn sphere_scale(&self) -> i32 {
        match self.sphere_scale_raw() {
            s if s <= 0 => 256,
            s => s as i32,
        }
    }
    /// Combat ranges (min, ideal, max), unscaled.
    pub fn ranges(&self) -> [i16; 3] {
        [
            i16_at(self.raw, field::RANGE_MIN),
            i16_at(self.raw, field::RANGE_IDEAL),
            i16_at(self.raw, field::RANGE_MAX),
        ]
    }
}
