//! MPOB placed objects ({F§1.2}; {D:formats/RGM.md} "MPOB"): u32 LE count,
//! then count × 66-byte records; the payload must be exactly 4 + 66n (§6).

use super::{err, i16_at, i24_at, name_at, span, u24_at, u32_at};
use crate::formats::{ErrorKind, FormatError, bytes};

/// Record size.
pub const RECORD: usize = 66;

internal! {
    /// Field offsets within a record (LE).
    mod field {
        /// u32 record id (not the runtime actor id).
        pub const ID: usize = 0x00;
        /// u8 type: 1 actor with placement-model fallback; 2, 6 non-actor objects.
        pub const TYPE: usize = 0x04;
        /// u8 activation: 0 cell actor, ≠0 persistent list.
        pub const ACTIVATION: usize = 0x05;
        /// `[u8; 9]` script name (RAHD key).
        pub const SCRIPT_NAME: usize = 0x06;
        /// `[u8; 9]` model name.
        pub const MODEL_NAME: usize = 0x0F;
        /// Width of both names.
        pub const NAME_LEN: usize = 9;
        /// u8: type-1 fallback, 1 = static model, else frame-table length.
        pub const IS_STATIC: usize = 0x18;
        /// i16, not read at runtime.
        pub const RESERVED: usize = 0x19;
        /// i24 + pad.
        pub const X: usize = 0x1B;
        /// i24 + pad.
        pub const Y: usize = 0x1F;
        /// u24, no pad (the angles follow at once).
        pub const Z: usize = 0x23;
        /// u32 angle (2048 per turn).
        pub const ANGLE_X: usize = 0x26;
        /// u32 angle.
        pub const ANGLE_Y: usize = 0x2A;
        /// u32 angle.
        pub const ANGLE_Z: usize = 0x2E;
        /// i16 texture word.
        pub const TEXTURE: usize = 0x32;
        /// i16 intensity.
        pub const INTENSITY: usize = 0x34;
        /// i16 radius.
        pub const RADIUS: usize = 0x36;
        /// i16 model id (−1: bounds from vertices).
        pub const MODEL_ID: usize = 0x38;
        /// i16 world id.
        pub const WORLD_ID: usize = 0x3A;
        /// i16 red.
        pub const RED: usize = 0x3C;
        /// i16 green.
        pub const GREEN: usize = 0x3E;
        /// i16 blue.
        pub const BLUE: usize = 0x40;
    }
}

/// The MPOB section.
#[derive(Clone, Copy, Debug, Default)]
pub struct Mpob<'a> {
    records: &'a [u8],
}

impl<'a> Mpob<'a> {
    /// Checks the count against the payload (at file offset `base`). An empty payload
    /// (section absent) reads as no records.
    pub fn new_checked(payload: &'a [u8], base: usize) -> Result<Self, FormatError> {
        Ok(Mpob { records: counted(payload, base, RECORD)? })
    }
    /// Number of records.
    pub fn len(&self) -> usize {
        self.records.len() / RECORD
    }
    /// No records.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Record `i`.
    pub fn get(&self, i: usize) -> Option<MpobRecord<'a>> {
        self.records.as_chunks::<RECORD>().0.get(i).map(|raw| MpobRecord { raw })
    }
    /// All records in file order.
    pub fn iter(&self) -> impl Iterator<Item = MpobRecord<'a>> + use<'a> {
        self.records.as_chunks::<RECORD>().0.iter().map(|raw| MpobRecord { raw })
    }
}

/// The records of a count-prefixed section: `u32 n` then exactly `n × size` bytes.
/// Empty payloads are accepted as no records.
pub(crate) fn counted(payload: &[u8], base: usize, size: usize) -> Result<&[u8], FormatError> {
    counted_with(payload, base, size, 0)
}

/// Like [`counted`], with `per` extra bytes per record after the records (MPMK's aux).
pub(crate) fn counted_with(
    payload: &[u8],
    base: usize,
    size: usize,
    per: usize,
) -> Result<&[u8], FormatError> {
    if payload.is_empty() {
        return Ok(&[]);
    }
    let n = bytes::u32_le(payload, 0).ok_or(err(ErrorKind::Truncated, base))? as usize;
    if payload.len() != span(n, size + per, 4, base)? {
        return Err(err(ErrorKind::BadSize, base));
    }
    Ok(&payload[4..4 + n * size])
}

/// One MPOB record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MpobRecord<'a> {
    raw: &'a [u8; RECORD],
}

impl<'a> MpobRecord<'a> {
    /// The raw bytes.
    pub fn raw(&self) -> &'a [u8; RECORD] {
        self.raw
    }
    /// Record id.
    pub fn id(&self) -> u32 {
        u32_at(self.raw, field::ID)
    }
    /// Object type.
    pub fn object_type(&self) -> u8 {
        self.raw[field::TYPE]
    }
    /// Activation byte.
    pub fn activation(&self) -> u8 {
        self.raw[field::ACTIVATION]
    }
    /// Script name up to its NUL.
    pub fn script_name(&self) -> &'a [u8] {
        name_at::<{ field::NAME_LEN }>(self.raw, field::SCRIPT_NAME)
    }
    /// Model name up to its NUL.
    pub fn model_name(&self) -> &'a [u8] {
        name_at::<{ field::NAME_LEN }>(self.raw, field::MODEL_NAME)
    }
    /// The is_static byte.
    pub fn is_static(&self) -> u8 {
        self.raw[field::IS_STATIC]
    }
    /// The placement-model fallback's frame source ({A} "Placed-object frame
    /// sources"; used only for type 1, when RAHD gave no table and no static model and the
    /// model name is not empty): `None` = is_static 1, the static model path; `Some(n)` = an
    /// n-entry frame table of this model's frames 0..n (0 allocates an empty table).
    pub fn fallback_frames(&self) -> Option<u8> {
        match self.is_static() {
            1 => None,
            n => Some(n),
        }
    }
    /// Reserved i16 at 0x19.
    pub fn reserved(&self) -> i16 {
        i16_at(self.raw, field::RESERVED)
    }
    /// Position: signed X and Y, unsigned Z, in map units.
    pub fn position(&self) -> [i32; 3] {
        [i24_at(self.raw, field::X), i24_at(self.raw, field::Y), u24_at(self.raw, field::Z) as i32]
    }
    /// The three angle words as stored (reduce with `& 2047`).
    pub fn angles(&self) -> [u32; 3] {
        [u32_at(self.raw, field::ANGLE_X), u32_at(self.raw, field::ANGLE_Y), u32_at(self.raw, field::ANGLE_Z)]
    }
    /// Texture word.
    pub fn texture(&self) -> i16 {
        i16_at(self.raw, field::TEXTURE)
    }
    /// The texture word unsigned, as a packed archive and image reference
    /// ([`super::Flat::attributes`]): map loading gives every type-3 placement a flat
    /// sprite showing this texture ({D:engine/SOUP.md} "KillMe and Resurrect").
    pub fn texture_data(&self) -> u16 {
        self.texture() as u16
    }
    /// Intensity.
    pub fn intensity(&self) -> i16 {
        i16_at(self.raw, field::INTENSITY)
    }
    /// Radius.
    pub fn radius(&self) -> i16 {
        i16_at(self.raw, field::RADIUS)
    }
    /// Model id.
    pub fn model_id(&self) -> i16 {
        i16_at(self.raw, field::MODEL_ID)
    }
    /// World id.
    pub fn world_id(&self) -> i16 {
        i16_at(self.raw, field::WORLD_ID)
    }
    /// Red, green, blue.
    pub fn rgb(&self) -> [i16; 3] {
        [i16_at(self.raw, field::RED), i16_at(self.raw, field::GREEN), i16_at(self.raw, field::BLUE)]
    }
}
