//! RGM scene files: actors, animation groups, placements, markers, bounds and scripts
//! ({F§1} and §6–7; {D:formats/RGM.md}; {E§1.1}–1.2; {A}
//! "Model and frame selection", "Placed-object frame sources", "Placed actor
//! initialization and eligibility").
//!
//! # Framing
//! A file is a run of sections: a 4-byte tag, a **big-endian** u32 payload length and the
//! payload; the last is `END ` with length 0. The shipped order is [`SHIPPED_ORDER`], but
//! [`Rgm::new_checked`] finds sections by tag. Choices where the notes are silent:
//! - unknown tags are skipped (and listed by [`Rgm::sections`]);
//! - a known tag that appears twice is rejected (which copy would the engine use?);
//! - a missing `END ` is [`ErrorKind::Truncated`]; an `END ` with a nonzero length is
//!   [`ErrorKind::BadSize`]; bytes after `END ` are ignored;
//! - every section is optional: an absent one reads as empty, so an actor that needs it
//!   fails its range checks instead; a count-prefixed section (RAHD, MPOB, MPSO, MPRP,
//!   MPSL, MPSF, MPMK, WDNM) or FLAT whose payload is empty is read as holding no records
//!   (shipped files always store the count, and our writer does too).
//!
//! # What `new_checked` proves
//! After it returns, no accessor can fail or panic: record counts agree with payload sizes
//! (§6: RAHD 8+165n, MPOB/MPSO 4+66n, MPRP 4+80n, MPSL 4+42n, MPSF 4+24n, MPMK 4+13n, FLAT
//! counts, WDNM lengths; MPSZ/RAEX/RAVC tails that are not a whole record are ignored), and
//! every RAHD offset of every actor lies inside its section (see [`actor`]): RAAT +256,
//! RAEX +30, the RAAN walk (NUL-terminated entries), the RAGR walk (size words, entries
//! inside the section), RASC, RASB/RAST, RAVA, RAHK, RALC, RANM, RAVC and the MPSZ
//! indices. It does not judge what the groups mean: a group number above 177, a repeated
//! number, a ShowFrame outside the frame table or a jump outside the group costs only that
//! group, for that instance, when `crate::anim::AnimSet` installs it ({A}
//! "Placed-object frame sources").
//!
//! Record fields are read at the named offsets of each submodule's `field` module, which
//! the `stros-tools` writer uses too. Every section a map places something with has a
//! typed view: MPOB objects, MPSO static models, MPRP ropes, MPSL lights, MPSF flats (with
//! FLAT's per-texture draw attributes) and MPMK markers.

use super::bytes;
use super::{ErrorKind, Format, FormatError};

pub mod actor;
pub mod command;
pub mod flat;
pub mod misc;
pub mod mpmk;
pub mod mpob;
pub mod mprp;
pub mod mpsf;
pub mod mpsl;
pub mod mpso;
pub mod mpsz;
pub mod raan;
pub mod raex;
pub mod ragr;
pub mod rahd;
pub mod walk;

pub use actor::{ActorDef, MpszBounds};
pub use command::Command;
pub use flat::{Flat, FlatAttributes, FlatDraw};
pub use mpmk::{Marker, Mpmk};
pub use mpob::{Mpob, MpobRecord};
pub use mprp::{Mprp, MprpRecord};
pub use mpsf::{Mpsf, MpsfRecord};
pub use mpsl::{Mpsl, MpslRecord};
pub use mpso::{Mpso, MpsoRecord};
pub use mpsz::{Mpsz, MpszRecord};
pub use raan::{FrameRef, RaanEntry};
pub use raex::{Raex, RaexRecord};
pub use ragr::{Group, GroupKind};
pub use rahd::{ModelPath, Rahd, RahdRecord};

/// The model a placement's name asks for: the name up to its first NUL or `.`, spaces
/// trimmed. Retail MPOB and MPSO names keep the model file's suffix cut to the field
/// (`BT_ROP4.3` of `BT_ROP4.3D`); the model is looked up by its stem
/// ({D:formats/RGM.md} "MPSO (Static Objects)", "MPOB (Object Instances)").
pub fn model_stem(name: &[u8]) -> &[u8] {
    let end = name.iter().position(|&b| b == 0 || b == b'.').unwrap_or(name.len());
    let name = &name[..end];
    let start = name.iter().position(|&b| b != b' ').unwrap_or(name.len());
    let stop = name.iter().rposition(|&b| b != b' ').map_or(start, |p| p + 1);
    &name[start..stop]
}

/// Size of a section header: tag + big-endian length.
pub const SECTION_HEADER: usize = 8;

/// Section tags.
pub mod tag {
    /// Actor headers.
    pub const RAHD: [u8; 4] = *b"RAHD";
    /// Vestigial fsphere data (1 byte in shipped files).
    pub const RAFS: [u8; 4] = *b"RAFS";
    /// Script string literals.
    pub const RAST: [u8; 4] = *b"RAST";
    /// Script string offsets into RAST.
    pub const RASB: [u8; 4] = *b"RASB";
    /// Script variable initial values.
    pub const RAVA: [u8; 4] = *b"RAVA";
    /// Script bytecode.
    pub const RASC: [u8; 4] = *b"RASC";
    /// Native hook records.
    pub const RAHK: [u8; 4] = *b"RAHK";
    /// Location offsets.
    pub const RALC: [u8; 4] = *b"RALC";
    /// Actor extra data.
    pub const RAEX: [u8; 4] = *b"RAEX";
    /// Actor attribute bytes.
    pub const RAAT: [u8; 4] = *b"RAAT";
    /// Animation model references.
    pub const RAAN: [u8; 4] = *b"RAAN";
    /// Animation groups.
    pub const RAGR: [u8; 4] = *b"RAGR";
    /// Object namespace strings.
    pub const RANM: [u8; 4] = *b"RANM";
    /// Vertex collision spheres (only in some maps; omitted, not empty, when unused).
    pub const RAVC: [u8; 4] = *b"RAVC";
    /// Placed objects.
    pub const MPOB: [u8; 4] = *b"MPOB";
    /// Ropes.
    pub const MPRP: [u8; 4] = *b"MPRP";
    /// Placed static models.
    pub const MPSO: [u8; 4] = *b"MPSO";
    /// Lights.
    pub const MPSL: [u8; 4] = *b"MPSL";
    /// Flat sprites.
    pub const MPSF: [u8; 4] = *b"MPSF";
    /// Markers.
    pub const MPMK: [u8; 4] = *b"MPMK";
    /// Actor bounds.
    pub const MPSZ: [u8; 4] = *b"MPSZ";
    /// Walk-node maps.
    pub const WDNM: [u8; 4] = *b"WDNM";
    /// Sprite draw attributes.
    pub const FLAT: [u8; 4] = *b"FLAT";
    /// End of file.
    pub const END: [u8; 4] = *b"END ";
}

/// The known sections in shipped order (RAVC, when present, sits after RANM), `END `
/// excluded. The index of a tag here is its slot in [`Rgm`].
pub const SHIPPED_ORDER: [[u8; 4]; 23] = [
    tag::RAHD,
    tag::RAFS,
    tag::RAST,
    tag::RASB,
    tag::RAVA,
    tag::RASC,
    tag::RAHK,
    tag::RALC,
    tag::RAEX,
    tag::RAAT,
    tag::RAAN,
    tag::RAGR,
    tag::RANM,
    tag::RAVC,
    tag::MPOB,
    tag::MPRP,
    tag::MPSO,
    tag::MPSL,
    tag::MPSF,
    tag::MPMK,
    tag::MPSZ,
    tag::WDNM,
    tag::FLAT,
];

const KNOWN: usize = SHIPPED_ORDER.len();

fn slot(t: [u8; 4]) -> Option<usize> {
    SHIPPED_ORDER.iter().position(|&k| k == t)
}

/// An RGM error at byte `offset`.
pub(crate) const fn err(kind: ErrorKind, offset: usize) -> FormatError {
    FormatError::new(Format::Rgm, kind, offset)
}

// Field reads inside fixed-size records. The record views hold `&[u8; SIZE]` and every
// `field` offset lies inside SIZE, so the `unwrap_or` fallbacks are never taken; they keep
// the reads panic-free without a proof the compiler cannot see.
pub(crate) fn u16_at(r: &[u8], off: usize) -> u16 {
    bytes::u16_le(r, off).unwrap_or(0)
}
pub(crate) fn i16_at(r: &[u8], off: usize) -> i16 {
    bytes::i16_le(r, off).unwrap_or(0)
}
pub(crate) fn u32_at(r: &[u8], off: usize) -> u32 {
    bytes::u32_le(r, off).unwrap_or(0)
}
pub(crate) fn i32_at(r: &[u8], off: usize) -> i32 {
    bytes::i32_le(r, off).unwrap_or(0)
}
pub(crate) fn i24_at(r: &[u8], off: usize) -> i32 {
    bytes::i24_le(r, off).unwrap_or(0)
}
pub(crate) fn u24_at(r: &[u8], off: usize) -> u32 {
    bytes::u24_le(r, off).unwrap_or(0)
}
pub(crate) const fn i8_byte(b: u8) -> i8 {
    b as i8
}
pub(crate) fn name_at<const N: usize>(r: &[u8], off: usize) -> &[u8] {
    bytes::slice(r, off, N).map(bytes::name).unwrap_or(&[])
}

/// `count × size + extra` with overflow reported as [`ErrorKind::TooMany`] at `at`.
pub(crate) fn span(count: usize, size: usize, extra: usize, at: usize) -> Result<usize, FormatError> {
    count.checked_mul(size).and_then(|n| n.checked_add(extra)).ok_or(err(ErrorKind::TooMany, at))
}

/// ASCII case-insensitive equality of two names (no allocation). The engine's name
/// comparisons are case-blind on the ASCII letters; other bytes compare exactly.
pub fn name_eq(a: &[u8], b: &[u8]) -> bool {
    a.eq_ignore_ascii_case(b)
}

/// One framed section.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RgmSection<'a> {
    /// The 4-byte tag.
    pub tag: [u8; 4],
    /// File offset of the section header.
    pub offset: usize,
    /// The payload.
    pub payload: &'a [u8],
}

impl RgmSection<'_> {
    /// File offset of the first payload byte.
    pub fn payload_offset(&self) -> usize {
        self.offset + SECTION_HEADER
    }
}

/// Iterator over every section before `END ` (unknown tags included), in file order.
#[derive(Clone, Debug)]
pub struct Sections<'a> {
    data: &'a [u8],
    pos: usize,
}

impl<'a> Iterator for Sections<'a> {
    type Item = RgmSection<'a>;

    fn next(&mut self) -> Option<RgmSection<'a>> {
        // Only built over framing that `new_checked` accepted; on anything odd it stops.
        let tag: [u8; 4] = bytes::array(self.data, self.pos)?;
        if tag == tag::END {
            return None;
        }
        let len = bytes::u32_be(self.data, self.pos + 4)? as usize;
        let payload = bytes::slice(self.data, self.pos + SECTION_HEADER, len)?;
        let s = RgmSection { tag, offset: self.pos, payload };
        self.pos = self.pos + SECTION_HEADER + len;
        Some(s)
    }
}

/// A validated RGM scene.
#[derive(Clone, Copy, Debug)]
pub struct Rgm<'a> {
    data: &'a [u8],
    /// Payload of each known section (empty when absent), indexed like [`SHIPPED_ORDER`].
    payloads: [&'a [u8]; KNOWN],
    /// File offset of each known payload (`usize::MAX` when absent).
    offsets: [usize; KNOWN],
    /// File offset just past the `END ` header.
    end: usize,
}

impl<'a> Rgm<'a> {
    /// A scene without sections: no actors, placements or markers (an unloaded world's).
    pub const fn empty() -> Self {
        Rgm { data: &[], payloads: [&[]; KNOWN], offsets: [usize::MAX; KNOWN], end: 0 }
    }

    /// Checks the framing alone and records where each known section is. Accessors on the
    /// result never panic, but an actor's offsets may then point anywhere; prefer
    /// [`Rgm::new_checked`].
    pub fn new_framed(data: &'a [u8]) -> Result<Self, FormatError> {
        let mut payloads: [&'a [u8]; KNOWN] = [&[]; KNOWN];
        let mut offsets = [usize::MAX; KNOWN];
        let mut pos = 0usize;
        // Each pass consumes at least the 8-byte header, so this ends within len/8 steps.
        loop {
            let tag: [u8; 4] = bytes::array(data, pos).ok_or(err(ErrorKind::Truncated, pos))?;
            let len = bytes::u32_be(data, pos + 4).ok_or(err(ErrorKind::Truncated, pos))? as usize;
            if tag == tag::END {
                if len != 0 {
                    return Err(err(ErrorKind::BadSize, pos + 4));
                }
                return Ok(Rgm { data, payloads, offsets, end: pos + SECTION_HEADER });
            }
            let start = pos + SECTION_HEADER;
            let payload = bytes::slice(data, start, len).ok_or(err(ErrorKind::Truncated, pos + 4))?;
            if let Some(i) = slot(tag) {
                if offsets[i] != usize::MAX {
                    return Err(err(ErrorKind::Invalid("RGM section repeated"), pos));
                }
                payloads[i] = payload;
                offsets[i] = start;
            }
            pos = start + len;
        }
    }

    /// Checks framing, every section's record counts and every actor's references (see
    /// the module docs).
    pub fn new_checked(data: &'a [u8]) -> Result<Self, FormatError> {
        let rgm = Self::new_framed(data)?;
        let base = |t| rgm.payload_offset(t);
        Rahd::new_checked(rgm.payload(tag::RAHD), base(tag::RAHD))?;
        Mpob::new_checked(rgm.payload(tag::MPOB), base(tag::MPOB))?;
        Mpso::new_checked(rgm.payload(tag::MPSO), base(tag::MPSO))?;
        Mpmk::new_checked(rgm.payload(tag::MPMK), base(tag::MPMK))?;
        Mprp::new_checked(rgm.payload(tag::MPRP), base(tag::MPRP))?;
        Mpsl::new_checked(rgm.payload(tag::MPSL), base(tag::MPSL))?;
        Mpsf::new_checked(rgm.payload(tag::MPSF), base(tag::MPSF))?;
        Flat::new_checked(rgm.payload(tag::FLAT), base(tag::FLAT))?;
        misc::Wdnm::new_checked(rgm.payload(tag::WDNM), base(tag::WDNM))?;
        for a in rgm.actors() {
            a.check()?;
        }
        Ok(rgm)
    }

    /// The whole buffer.
    pub fn data(&self) -> &'a [u8] {
        self.data
    }

    /// Offset just past the `END ` header (anything after it is ignored).
    pub fn end(&self) -> usize {
        self.end
    }

    /// Every section before `END `, unknown ones included.
    pub fn sections(&self) -> Sections<'a> {
        Sections { data: self.data, pos: 0 }
    }

    /// A known section, or `None` when absent or the tag is not one of [`SHIPPED_ORDER`].
    pub fn section(&self, t: [u8; 4]) -> Option<RgmSection<'a>> {
        let i = slot(t)?;
        let off = self.offsets[i];
        (off != usize::MAX).then(|| RgmSection {
            tag: t,
            offset: off - SECTION_HEADER,
            payload: self.payloads[i],
        })
    }

    /// A known section's payload, empty when absent.
    pub fn payload(&self, t: [u8; 4]) -> &'a [u8] {
        slot(t).map(|i| self.payloads[i]).unwrap_or(&[])
    }

    /// File offset of a known section's payload (the end of the file when absent, so that
    /// errors about a missing section point somewhere sensible).
    pub fn payload_offset(&self, t: [u8; 4]) -> usize {
        match slot(t).map(|i| self.offsets[i]) {
            Some(off) if off != usize::MAX => off,
            _ => self.data.len(),
        }
    }

    /// RAHD actor headers.
    pub fn rahd(&self) -> Rahd<'a> {
        Rahd::new_checked(self.payload(tag::RAHD), self.payload_offset(tag::RAHD)).unwrap_or_default()
    }

    /// The actors, in RAHD order.
    pub fn actors(&self) -> impl Iterator<Item = ActorDef<'_, 'a>> + '_ {
        (0..self.rahd().len()).filter_map(move |i| self.actor(i))
    }

    /// Actor `i` in RAHD order.
    pub fn actor(&self, i: usize) -> Option<ActorDef<'_, 'a>> {
        Some(ActorDef::new(self, i, self.rahd().get(i)?))
    }

    /// The first actor whose RAHD script name equals `name` (ASCII case-insensitive).
    pub fn actor_by_name(&self, name: &[u8]) -> Option<ActorDef<'_, 'a>> {
        self.actors().find(|a| name_eq(a.name(), name))
    }

    /// RAEX extra-data records.
    pub fn raex(&self) -> Raex<'a> {
        Raex::new(self.payload(tag::RAEX))
    }

    /// MPOB placed objects.
    pub fn mpob(&self) -> Mpob<'a> {
        Mpob::new_checked(self.payload(tag::MPOB), 0).unwrap_or_default()
    }

    /// MPSO placed static models.
    pub fn mpso(&self) -> Mpso<'a> {
        Mpso::new_checked(self.payload(tag::MPSO), 0).unwrap_or_default()
    }

    /// MPMK markers.
    pub fn mpmk(&self) -> Mpmk<'a> {
        Mpmk::new_checked(self.payload(tag::MPMK), 0).unwrap_or_default()
    }

    /// MPSZ bounds records.
    pub fn mpsz(&self) -> Mpsz<'a> {
        Mpsz::new(self.payload(tag::MPSZ))
    }

    /// RAVC vertex spheres.
    pub fn ravc(&self) -> misc::Ravc<'a> {
        misc::Ravc::new(self.payload(tag::RAVC))
    }

    /// MPRP rope chains.
    pub fn mprp(&self) -> Mprp<'a> {
        Mprp::new_checked(self.payload(tag::MPRP), 0).unwrap_or_default()
    }

    /// MPSL map lights (every world's; [`Mpsl::selected`] picks one world's).
    pub fn mpsl(&self) -> Mpsl<'a> {
        Mpsl::new_checked(self.payload(tag::MPSL), 0).unwrap_or_default()
    }

    /// MPSF placed flats.
    pub fn mpsf(&self) -> Mpsf<'a> {
        Mpsf::new_checked(self.payload(tag::MPSF), 0).unwrap_or_default()
    }

    /// FLAT texture draw attributes.
    pub fn flat(&self) -> Flat<'a> {
        Flat::new_checked(self.payload(tag::FLAT), 0).unwrap_or_default()
    }

    /// WDNM walk-node maps.
    pub fn wdnm(&self) -> misc::Wdnm<'a> {
        misc::Wdnm::new_checked(self.payload(tag::WDNM), 0).unwrap_or_default()
    }

    /// RASC script bytecode (all actors).
    pub fn rasc(&self) -> &'a [u8] {
        self.payload(tag::RASC)
    }
    /// RAST string literals (all actors).
    pub fn rast(&self) -> &'a [u8] {
        self.payload(tag::RAST)
    }
    /// RASB string offsets (all actors).
    pub fn rasb(&self) -> &'a [u8] {
        self.payload(tag::RASB)
    }
    /// RAVA variable initial values (all actors; i32 LE, leading 0).
    pub fn rava(&self) -> &'a [u8] {
        self.payload(tag::RAVA)
    }
    /// RAHK native hook records (all actors).
    pub fn rahk(&self) -> &'a [u8] {
        self.payload(tag::RAHK)
    }
    /// RANM namespace strings (all actors).
    pub fn ranm(&self) -> &'a [u8] {
        self.payload(tag::RANM)
    }
    /// RALC location offsets (all actors; i32 × 3 records).
    pub fn ralc(&self) -> &'a [u8] {
        self.payload(tag::RALC)
    }
    /// RAFS (vestigial; the engine loads it only above 10 bytes).
    pub fn rafs(&self) -> &'a [u8] {
        self.payload(tag::RAFS)
    }
}

#[cfg(test)]
mod tests;
