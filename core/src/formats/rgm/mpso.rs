//! MPSO placed static models ({F§1.3}; {D:formats/RGM.md} "MPSO"): u32 LE
//! count, then count × 66-byte records; the payload must be exactly 4 + 66n (§6).
//!
//! The matrix is nine Q4.28 i32 values, **row-major** in the {D} (older versions
//! transposed it, §7): row 0 is `[m0 m1 m2]`; it maps local column vectors to world
//! before the position is added.

use super::mpob::counted;
use super::{i24_at, i32_at, name_at, u24_at, u32_at};
use crate::formats::FormatError;

/// Record size.
pub const RECORD: usize = 66;
/// Q4.28: the matrix entries' scale.
pub const MATRIX_ONE: f32 = (1u32 << 28) as f32;

internal! {
    /// Field offsets within a record (LE).
    mod field {
        /// u32 id.
        pub const ID: usize = 0x00;
        /// `[u8; 12]` model name.
        pub const MODEL_NAME: usize = 0x04;
        /// Width of the model name.
        pub const NAME_LEN: usize = 12;
        /// i24 + pad.
        pub const X: usize = 0x10;
        /// i24 + pad.
        pub const Y: usize = 0x14;
        /// u24 + pad.
        pub const Z: usize = 0x18;
        /// i32 × 9, Q4.28, row-major.
        pub const MATRIX: usize = 0x1C;
        /// Two zero bytes.
        pub const UNUSED: usize = 0x40;
    }
}

/// The MPSO section.
#[derive(Clone, Copy, Debug, Default)]
pub struct Mpso<'a> {
    records: &'a [u8],
}

impl<'a> Mpso<'a> {
    /// Checks the count against the payload (at file offset `base`). An empty payload
    /// (section absent) reads as no records.
    pub fn new_checked(payload: &'a [u8], base: usize) -> Result<Self, FormatError> {
        Ok(Mpso { records: counted(payload, base, RECORD)? })
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
    pub fn get(&self, i: usize) -> Option<MpsoRecord<'a>> {
        self.records.as_chunks::<RECORD>().0.get(i).map(|raw| MpsoRecord { raw })
    }
    /// All records in file order.
    pub fn iter(&self) -> impl Iterator<Item = MpsoRecord<'a>> + use<'a> {
        self.records.as_chunks::<RECORD>().0.iter().map(|raw| MpsoRecord { raw })
    }
}

/// One MPSO record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MpsoRecord<'a> {
    raw: &'a [u8; RECORD],
}

impl<'a> MpsoRecord<'a> {
    /// The raw bytes.
    pub fn raw(&self) -> &'a [u8; RECORD] {
        self.raw
    }
    /// Id.
    pub fn id(&self) -> u32 {
        u32_at(self.raw, field::ID)
    }
    /// Model name up to its NUL (12 bytes wide; matching against 8-byte ROB names is the
    /// caller's business, §1.3).
    pub fn model_name(&self) -> &'a [u8] {
        name_at::<{ field::NAME_LEN }>(self.raw, field::MODEL_NAME)
    }
    /// Position: signed X and Y, unsigned Z, map units.
    pub fn position(&self) -> [i32; 3] {
        [i24_at(self.raw, field::X), i24_at(self.raw, field::Y), u24_at(self.raw, field::Z) as i32]
    }
    /// The nine raw Q4.28 entries, row-major.
    pub fn matrix_raw(&self) -> [i32; 9] {
        core::array::from_fn(|k| i32_at(self.raw, field::MATRIX + 4 * k))
    }
    /// The matrix as float rows, each entry ÷ 2^28 (as the loader converts it in place,
    /// without transposing or normalising).
    pub fn matrix(&self) -> [[f32; 3]; 3] {
        let m = self.matrix_raw();
        core::array::from_fn(|r| core::array::from_fn(|c| m[3 * r + c] as f32 / MATRIX_ONE))
    }
    /// The two trailing bytes (0 in shipped files).
    pub fn unused(&self) -> [u8; 2] {
        [self.raw[field::UNUSED], self.raw[field::UNUSED + 1]]
    }
}
