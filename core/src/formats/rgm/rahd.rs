//! RAHD actor headers ({F§1.5}; {D:formats/RGM.md} "RAHD"; {A}
//! "Placed actor initialization and eligibility" for the model-path rule).
//!
//! Payload: u32 LE count, four fixed bytes (`1B 80 37 00` in every shipped file; the
//! engine reads them separately from the records and they are not checked here), then
//! count × 165-byte records. Offsets in `field` are within one record, which starts at
//! payload offset `8 + 165·i`.

use super::{err, i16_at, i32_at, name_at, span, u16_at, u32_at};
use crate::formats::{ErrorKind, FormatError, bytes};

/// Record size.
pub const RECORD: usize = 165;
/// Bytes before the first record: count + fixed word.
pub const HEADER: usize = 8;
/// Payload offset of the count.
pub const COUNT: usize = 0;
/// Payload offset of the fixed word.
pub const FIXED: usize = 4;
/// The fixed word as shipped files hold it.
pub const FIXED_SHIPPED: [u8; 4] = [0x1B, 0x80, 0x37, 0x00];

internal! {
    /// Field offsets within a record. Unmarked fields are u32 LE.
    mod field {
        /// Overwritten at runtime with a list link.
        pub const FIELD_00: usize = 0x00;
        /// `[u8; 9]` script name, the actor's key.
        pub const SCRIPT_NAME: usize = 0x04;
        /// Width of the script name.
        pub const SCRIPT_NAME_LEN: usize = 9;
        /// u16 instance count.
        pub const INSTANCES: usize = 0x0D;
        /// i32 runtime instance counter.
        pub const INSTANCE_COUNTER: usize = 0x11;
        /// `[u8; 4]` animation speed bytes (0x15 frame limit, 0x16 increment).
        pub const ANIM_SPEED: usize = 0x15;
        /// Byte offset into RANM.
        pub const RANM_OFFSET: usize = 0x19;
        /// Byte offset into RAAT.
        pub const RAAT_OFFSET: usize = 0x1D;
        /// i32 number of RAAN entries.
        pub const RAAN_COUNT: usize = 0x21;
        /// Byte size of the actor's RAAN entries.
        pub const RAAN_SIZE: usize = 0x25;
        /// i32 byte offset into RAAN.
        pub const RAAN_OFFSET: usize = 0x29;
        /// i32 animation control prefix (whole field compared with −1).
        pub const ANIM_CONTROL_PREFIX: usize = 0x2D;
        /// Byte offset into RAGR.
        pub const RAGR_OFFSET: usize = 0x31;
        /// Index into RAFS (vestigial).
        pub const RAFS_INDEX: usize = 0x3D;
        /// Number of script strings.
        pub const NUM_STRINGS: usize = 0x41;
        /// Byte offset into RASB.
        pub const RASB_OFFSET: usize = 0x49;
        /// Byte length of the actor's RASC block.
        pub const SCRIPT_LENGTH: usize = 0x4D;
        /// Byte offset into RASC.
        pub const RASC_OFFSET: usize = 0x51;
        /// Script start, relative to the actor's RASC block.
        pub const SCRIPT_PC: usize = 0x55;
        /// `[u8; 4]`, byte 0x59 = animation buffer swap.
        pub const ANIM_BUFFER_SWAP: usize = 0x59;
        /// Byte offset into RAHK (0 = no hook).
        pub const RAHK_OFFSET: usize = 0x5D;
        /// i32 number of RALC locations.
        pub const RALC_COUNT: usize = 0x61;
        /// Auxiliary.
        pub const FIELD_65: usize = 0x65;
        /// Byte offset into RALC (the engine rounds it down to a 12-byte record).
        pub const RALC_OFFSET: usize = 0x69;
        /// `[u8; 4]` actor flags.
        pub const ACTOR_FLAGS: usize = 0x6D;
        /// Byte offset into RAEX.
        pub const RAEX_OFFSET: usize = 0x71;
        /// Number of script variables.
        pub const NUM_VARIABLES: usize = 0x75;
        /// `[u8; 4]` visibility flags.
        pub const VISIBILITY_FLAGS: usize = 0x79;
        /// Byte offset into RAVA.
        pub const RAVA_OFFSET: usize = 0x7D;
        /// Runtime copy of the RAVA offset.
        pub const RAVA_OFFSET_DUP: usize = 0x81;
        /// i32 animation frame data (compared signed with 2 for the static shortcut).
        pub const ANIM_FRAME_DATA: usize = 0x85;
        /// i32 primary MPSZ index (−1: bounds from the model).
        pub const BOUNDS_PRIMARY: usize = 0x89;
        /// i32 secondary MPSZ index (−1: none).
        pub const BOUNDS_SECONDARY: usize = 0x8D;
        /// i32 tertiary MPSZ index (−1: none).
        pub const BOUNDS_TERTIARY: usize = 0x91;
        /// i16 combat flag.
        pub const COMBAT_FLAG: usize = 0x95;
        /// i16 RAEX stat (−1 disabled).
        pub const RAEX_STAT: usize = 0x97;
        /// i16, always −1.
        pub const RESERVED_99: usize = 0x99;
        /// i16 actor texture set.
        pub const TEXTURE_SET: usize = 0x9B;
        /// i32 byte offset into RAVC (−1 none).
        pub const RAVC_OFFSET: usize = 0x9D;
        /// i32 number of RAVC records.
        pub const RAVC_COUNT: usize = 0xA1;
    }
}

/// How the loader builds an actor's model ({A}; exported as `model_load_path`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ModelPath {
    /// `raan_count == 0`: no model from RAHD (a type-1 MPOB may still supply one).
    None,
    /// `raan_count == 1`, the whole i32 prefix is −1 and signed `anim_frame_data < 2`:
    /// the static-model shortcut; no frame table, no RAGR groups.
    Static,
    /// Everything else: the concatenated RAAN frame table and the RAGR groups.
    AnimationTable,
}

impl ModelPath {
    /// The rule, from the three RAHD fields it reads.
    pub const fn classify(raan_count: i32, anim_control_prefix: i32, anim_frame_data: i32) -> Self {
        if raan_count == 0 {
            ModelPath::None
        } else if raan_count == 1 && anim_control_prefix == -1 && anim_frame_data < 2 {
            ModelPath::Static
        } else {
            ModelPath::AnimationTable
        }
    }

    /// The exported name: `none`, `static` or `animation_table`.
    pub const fn name(self) -> &'static str {
        match self {
            ModelPath::None => "none",
            ModelPath::Static => "static",
            ModelPath::AnimationTable => "animation_table",
        }
    }
}

/// The RAHD section.
#[derive(Clone, Copy, Debug, Default)]
pub struct Rahd<'a> {
    records: &'a [u8],
    fixed: [u8; 4],
    base: usize,
}

impl<'a> Rahd<'a> {
    /// Checks that `payload` (at file offset `base`) is 8 + 165·count bytes. An empty
    /// payload (section absent) reads as no actors.
    pub fn new_checked(payload: &'a [u8], base: usize) -> Result<Self, FormatError> {
        if payload.is_empty() {
            return Ok(Rahd { records: &[], fixed: [0; 4], base });
        }
        let count = bytes::u32_le(payload, COUNT).ok_or(err(ErrorKind::Truncated, base))? as usize;
        let fixed = bytes::array(payload, FIXED).ok_or(err(ErrorKind::Truncated, base + FIXED))?;
        if payload.len() != span(count, RECORD, HEADER, base)? {
            return Err(err(ErrorKind::BadSize, base));
        }
        Ok(Rahd { records: &payload[HEADER..], fixed, base })
    }

    /// Number of actors.
    pub fn len(&self) -> usize {
        self.records.len() / RECORD
    }

    /// No actors.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The fixed word after the count.
    pub fn fixed(&self) -> [u8; 4] {
        self.fixed
    }

    /// Record `i`.
    pub fn get(&self, i: usize) -> Option<RahdRecord<'a>> {
        let (chunks, _) = self.records.as_chunks::<RECORD>();
        let offset = self.base + HEADER + i.checked_mul(RECORD)?;
        chunks.get(i).map(|raw| RahdRecord { raw, offset })
    }

    /// All records.
    pub fn iter(&self) -> impl Iterator<Item = RahdRecord<'a>> + 'a {
        let base = self.base + HEADER;
        let (chunks, _) = self.records.as_chunks::<RECORD>();
        chunks.iter().enumerate().map(move |(i, raw)| RahdRecord { raw, offset: base + i * RECORD })
    }
}

/// One 165-byte actor header. Offset fields are returned as stored: [`super::ActorDef`]
/// resolves (and [`super::Rgm::new_checked`] checks) them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RahdRecord<'a> {
    raw: &'a [u8; RECORD],
    offset: usize,
}

macro_rules! getters {
    ($($(#[$m:meta])* $name:ident: $ty:ident @ $f:ident;)*) => {
        $( $(#[$m])* pub fn $name(&self) -> $ty { getters!(@read $ty, self.raw, field::$f) } )*
    };
    (@read u32, $r:expr, $f:expr) => { u32_at($r, $f) };
    (@read i32, $r:expr, $f:expr) => { i32_at($r, $f) };
    (@read u16, $r:expr, $f:expr) => { u16_at($r, $f) };
    (@read i16, $r:expr, $f:expr) => { i16_at($r, $f) };
}

impl<'a> RahdRecord<'a> {
    /// The raw 165 bytes.
    pub fn raw(&self) -> &'a [u8; RECORD] {
        self.raw
    }
    /// File offset of the record.
    pub fn offset(&self) -> usize {
        self.offset
    }
    /// Script name up to its NUL (the actor's key).
    pub fn script_name(&self) -> &'a [u8] {
        name_at::<{ field::SCRIPT_NAME_LEN }>(self.raw, field::SCRIPT_NAME)
    }
    /// `[u8; 4]` at 0x15: frame limit, frame increment, two more bytes.
    pub fn anim_speed(&self) -> [u8; 4] {
        bytes::array(self.raw, field::ANIM_SPEED).unwrap_or_default()
    }
    /// `[u8; 4]` at 0x59 (byte 0 = animation buffer swap).
    pub fn anim_buffer_swap(&self) -> [u8; 4] {
        bytes::array(self.raw, field::ANIM_BUFFER_SWAP).unwrap_or_default()
    }
    /// `[u8; 4]` at 0x6D.
    pub fn actor_flags(&self) -> [u8; 4] {
        bytes::array(self.raw, field::ACTOR_FLAGS).unwrap_or_default()
    }
    /// `[u8; 4]` at 0x79.
    pub fn visibility_flags(&self) -> [u8; 4] {
        bytes::array(self.raw, field::VISIBILITY_FLAGS).unwrap_or_default()
    }
    /// The model path rule applied to this record.
    pub fn model_path(&self) -> ModelPath {
        ModelPath::classify(self.raan_count(), self.anim_control_prefix(), self.anim_frame_data())
    }

    getters! {
        /// Word at 0x00 (a runtime link; meaningless in the file).
        field_00: u32 @ FIELD_00;
        /// Instance count.
        instances: u16 @ INSTANCES;
        /// Runtime instance counter.
        instance_counter: i32 @ INSTANCE_COUNTER;
        /// Byte offset into RANM.
        ranm_offset: u32 @ RANM_OFFSET;
        /// Byte offset into RAAT.
        raat_offset: u32 @ RAAT_OFFSET;
        /// Number of RAAN entries.
        raan_count: i32 @ RAAN_COUNT;
        /// Byte size of the RAAN entries.
        raan_size: u32 @ RAAN_SIZE;
        /// Byte offset into RAAN.
        raan_offset: i32 @ RAAN_OFFSET;
        /// Animation control prefix (low byte goes to the animation record +0x12).
        anim_control_prefix: i32 @ ANIM_CONTROL_PREFIX;
        /// Byte offset into RAGR.
        ragr_offset: u32 @ RAGR_OFFSET;
        /// Index into RAFS.
        rafs_index: u32 @ RAFS_INDEX;
        /// Number of script strings (u32 RASB entries).
        num_strings: u32 @ NUM_STRINGS;
        /// Byte offset into RASB.
        rasb_offset: u32 @ RASB_OFFSET;
        /// Byte length of the RASC block.
        script_length: u32 @ SCRIPT_LENGTH;
        /// Byte offset into RASC.
        rasc_offset: u32 @ RASC_OFFSET;
        /// Script start relative to the RASC block.
        script_pc: u32 @ SCRIPT_PC;
        /// Byte offset into RAHK (0 = none).
        rahk_offset: u32 @ RAHK_OFFSET;
        /// Number of RALC locations.
        ralc_count: i32 @ RALC_COUNT;
        /// Auxiliary word at 0x65.
        field_65: u32 @ FIELD_65;
        /// Byte offset into RALC.
        ralc_offset: u32 @ RALC_OFFSET;
        /// Byte offset into RAEX.
        raex_offset: u32 @ RAEX_OFFSET;
        /// Number of script variables.
        num_variables: u32 @ NUM_VARIABLES;
        /// Byte offset into RAVA.
        rava_offset: u32 @ RAVA_OFFSET;
        /// Runtime copy of the RAVA offset.
        rava_offset_dup: u32 @ RAVA_OFFSET_DUP;
        /// Animation frame data (signed).
        anim_frame_data: i32 @ ANIM_FRAME_DATA;
        /// Primary MPSZ index (−1: bounds from the model).
        bounds_primary: i32 @ BOUNDS_PRIMARY;
        /// Secondary MPSZ index (−1: none).
        bounds_secondary: i32 @ BOUNDS_SECONDARY;
        /// Tertiary MPSZ index (−1: none).
        bounds_tertiary: i32 @ BOUNDS_TERTIARY;
        /// Combat flag.
        combat_flag: i16 @ COMBAT_FLAG;
        /// RAEX stat (−1 disabled).
        raex_stat: i16 @ RAEX_STAT;
        /// Reserved (−1 in shipped files).
        reserved_99: i16 @ RESERVED_99;
        /// Actor texture set.
        texture_set: i16 @ TEXTURE_SET;
        /// Byte offset into RAVC (−1 none).
        ravc_offset: i32 @ RAVC_OFFSET;
        /// Number of RAVC records.
        ravc_count: i32 @ RAVC_COUNT;
    }
}
