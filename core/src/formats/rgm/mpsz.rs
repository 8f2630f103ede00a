//! MPSZ actor bounds ({F§1.4}; {D:formats/RGM.md} "MPSZ"): no count;
//! len / 49 records, a tail that is not a whole record ignored (§6). The **flag byte comes
//! first** (older docs put it last, which shifts every field, §7), then i32 totals,
//! centre, positive extents and negative extent magnitudes.

use super::i32_at;

/// Record size.
pub const RECORD: usize = 49;

internal! {
    /// Field offsets within a record.
    mod field {
        /// u8 flag (0 in files; the runtime stores the dominant axis here).
        pub const FLAG: usize = 0x00;
        /// i32 × 3 totals (= positive + negative).
        pub const TOTAL: usize = 0x01;
        /// i32 × 3 centre (0 in shipped files).
        pub const CENTRE: usize = 0x0D;
        /// i32 × 3 positive extents.
        pub const POSITIVE: usize = 0x19;
        /// i32 × 3 negative extents (magnitudes).
        pub const NEGATIVE: usize = 0x25;
    }
}

/// The MPSZ section.
#[derive(Clone, Copy, Debug, Default)]
pub struct Mpsz<'a> {
    data: &'a [u8],
}

impl<'a> Mpsz<'a> {
    /// Any length is valid.
    pub fn new(payload: &'a [u8]) -> Self {
        Mpsz { data: payload }
    }
    /// Whole records.
    pub fn len(&self) -> usize {
        self.data.len() / RECORD
    }
    /// No whole record.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Record `i`.
    pub fn get(&self, i: usize) -> Option<MpszRecord<'a>> {
        self.data.as_chunks::<RECORD>().0.get(i).map(|raw| MpszRecord { raw })
    }
    /// All records.
    pub fn iter(&self) -> impl Iterator<Item = MpszRecord<'a>> + 'a {
        self.data.as_chunks::<RECORD>().0.iter().map(|raw| MpszRecord { raw })
    }
}

/// One MPSZ record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MpszRecord<'a> {
    raw: &'a [u8; RECORD],
}

impl<'a> MpszRecord<'a> {
    fn triple(&self, off: usize) -> [i32; 3] {
        core::array::from_fn(|k| i32_at(self.raw, off + 4 * k))
    }
    /// The raw bytes.
    pub fn raw(&self) -> &'a [u8; RECORD] {
        self.raw
    }
    /// Flag byte.
    pub fn flag(&self) -> u8 {
        self.raw[field::FLAG]
    }
    /// Totals x, y, z.
    pub fn total(&self) -> [i32; 3] {
        self.triple(field::TOTAL)
    }
    /// Centre x, y, z.
    pub fn centre(&self) -> [i32; 3] {
        self.triple(field::CENTRE)
    }
    /// Positive extents x, y, z (y: origin down to the feet).
    pub fn positive(&self) -> [i32; 3] {
        self.triple(field::POSITIVE)
    }
    /// Negative extent magnitudes x, y, z.
    pub fn negative(&self) -> [i32; 3] {
        self.triple(field::NEGATIVE)
    }
}
