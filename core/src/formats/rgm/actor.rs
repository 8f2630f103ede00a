//! One actor: its RAHD record with every offset resolved into the section it points at
//! ({F§1.5}–1.8, §6; {D:formats/RGM.md} "RAHD" … "RAEX").
//!
//! [`ActorDef::check`] (run for every actor by [`Rgm::new_checked`]) proves the references
//! the engine would follow. Where a count is zero the matching offset is not followed by
//! the engine and is not checked here either, except RAAT and RAEX, which every actor has.
//! RAGR is walked for every actor (its structure must be sound whatever the model path).
//! What the groups mean — numbers, ShowFrame references, jump targets — is judged per
//! instance when they are installed over that instance's frame table
//! (`crate::anim::AnimSet`): a type-1 MPOB placement can give the same definition a
//! different table ({A} "Placed-object frame sources"), and a bad group costs only
//! itself.

use super::raan::{self, FrameRef, RaanEntries};
use super::ragr::{self, Group, Groups};
use super::rahd::field;
use super::{ModelPath, MpszRecord, RaexRecord, RahdRecord, Rgm, err, span, tag};
use crate::formats::{ErrorKind, FormatError, bytes};

/// Attribute bytes per actor in RAAT.
pub const ATTRIBUTES: usize = 256;
/// RALC record size (i32 × 3).
pub const LOCATION: usize = 12;
/// Fixed part of a RAHK record: u16 function index + u8 argument count.
pub const HOOK_HEADER: usize = 3;
/// Size of one encoded RAHK argument.
pub const HOOK_ARG: usize = 5;

/// An actor of a checked [`Rgm`].
#[derive(Clone, Copy, Debug)]
pub struct ActorDef<'r, 'a> {
    rgm: &'r Rgm<'a>,
    index: usize,
    header: RahdRecord<'a>,
}

/// The MPSZ bounds an actor's RAHD record selects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MpszBounds<'a> {
    /// Primary record; `None` when the index is negative (bounds from the model).
    pub primary: Option<MpszRecord<'a>>,
    /// Secondary record, if any.
    pub secondary: Option<MpszRecord<'a>>,
    /// Tertiary record, if any.
    pub tertiary: Option<MpszRecord<'a>>,
}

impl<'r, 'a> ActorDef<'r, 'a> {
    pub(crate) fn new(rgm: &'r Rgm<'a>, index: usize, header: RahdRecord<'a>) -> Self {
        ActorDef { rgm, index, header }
    }

    /// Position in RAHD.
    pub fn index(&self) -> usize {
        self.index
    }
    /// The RAHD record.
    pub fn header(&self) -> RahdRecord<'a> {
        self.header
    }
    /// Script name (the actor's key).
    pub fn name(&self) -> &'a [u8] {
        self.header.script_name()
    }
    /// How the loader builds the model.
    pub fn model_path(&self) -> ModelPath {
        self.header.model_path()
    }

    fn at(&self, f: usize) -> usize {
        self.header.offset() + f
    }

    /// The 256 attribute bytes (RAAT at RAHD's offset).
    pub fn attributes(&self) -> &'a [u8; ATTRIBUTES] {
        const ZERO: [u8; ATTRIBUTES] = [0; ATTRIBUTES];
        let raat = self.rgm.payload(tag::RAAT);
        raat.get(self.header.raat_offset() as usize..).and_then(|r| r.first_chunk()).unwrap_or(&ZERO)
    }
    /// Attribute byte `i`.
    pub fn attribute(&self, i: u8) -> u8 {
        self.attributes()[i as usize]
    }

    /// The RAEX record at RAHD's offset.
    pub fn extra(&self) -> Option<RaexRecord<'a>> {
        self.rgm.raex().at(self.header.raex_offset() as usize)
    }

    fn raan_count(&self) -> usize {
        usize::try_from(self.header.raan_count()).unwrap_or(0)
    }

    /// The actor's RAAN entries (`raan_count` of them).
    pub fn raan_entries(&self) -> RaanEntries<'a> {
        let start = usize::try_from(self.header.raan_offset()).unwrap_or(usize::MAX);
        RaanEntries::new(self.rgm.payload(tag::RAAN), start, self.raan_count())
    }
    /// Length of the concatenated frame table (sum of the entries' frame counts, saturating).
    /// On the [`ModelPath::Static`] path the engine builds no table from it.
    pub fn frame_table_len(&self) -> u32 {
        self.raan_entries().fold(0u32, |n, e| n.saturating_add(e.frame_count as u32))
    }
    /// Frame-table index `i` resolved to its entry and model frame.
    pub fn frame(&self, i: u32) -> Option<FrameRef<'a>> {
        raan::resolve(self.raan_entries(), i)
    }

    /// The whole RAGR payload (group offsets are relative to it).
    pub fn ragr_payload(&self) -> &'a [u8] {
        self.rgm.payload(tag::RAGR)
    }
    /// The actor's animation groups in file order.
    pub fn groups(&self) -> Groups<'a> {
        Groups::new(self.rgm.payload(tag::RAGR), self.header.ragr_offset() as usize)
    }
    /// The first entry numbered `n`, in file order. (An instance installs the *last*
    /// acceptable one: `crate::anim::AnimSet`.)
    pub fn group(&self, n: u16) -> Option<Group<'a>> {
        self.groups().find(|g| g.number() == n)
    }

    /// The actor's RASC bytecode block (`script_length` bytes at RAHD's RASC offset).
    pub fn script(&self) -> &'a [u8] {
        let h = self.header;
        bytes::slice(self.rgm.rasc(), h.rasc_offset() as usize, h.script_length() as usize).unwrap_or(&[])
    }
    /// The script's start, relative to [`ActorDef::script`].
    pub fn script_pc(&self) -> u32 {
        self.header.script_pc()
    }
    /// The RAVA bytes of the actor's `num_variables` initial values.
    pub fn variables(&self) -> &'a [u8] {
        let n = (self.header.num_variables() as usize).saturating_mul(4);
        bytes::slice(self.rgm.rava(), self.header.rava_offset() as usize, n).unwrap_or(&[])
    }
    /// Initial value of variable `i`.
    pub fn variable(&self, i: usize) -> Option<i32> {
        bytes::i32_le(self.variables(), i.checked_mul(4)?)
    }
    /// The RASB string offsets (u32 each) of the actor's `num_strings` strings.
    pub fn string_offsets(&self) -> &'a [u8] {
        let n = (self.header.num_strings() as usize).saturating_mul(4);
        bytes::slice(self.rgm.rasb(), self.header.rasb_offset() as usize, n).unwrap_or(&[])
    }
    /// Script string `i`: RAST bytes from its offset up to the NUL (or section end).
    pub fn string(&self, i: usize) -> Option<&'a [u8]> {
        let off = bytes::u32_le(self.string_offsets(), i.checked_mul(4)?)? as usize;
        self.rgm.rast().get(off..).map(bytes::name)
    }
    /// The RAHK record (function index, argument count, 5-byte arguments), or `None` when
    /// the offset is 0.
    pub fn hook(&self) -> Option<&'a [u8]> {
        let off = self.header.rahk_offset() as usize;
        if off == 0 {
            return None;
        }
        let rahk = self.rgm.rahk();
        let argc = bytes::u8_at(rahk, off.checked_add(2)?)? as usize;
        bytes::slice(rahk, off, HOOK_HEADER + HOOK_ARG * argc)
    }
    /// The RANM namespace string, up to its NUL.
    pub fn namespace(&self) -> &'a [u8] {
        self.rgm.ranm().get(self.header.ranm_offset() as usize..).map(bytes::name).unwrap_or(&[])
    }
    fn ralc_start(&self) -> usize {
        // The engine rebases as `ralc + (offset / 12) * 12`: it rounds down to a record.
        self.header.ralc_offset() as usize / LOCATION * LOCATION
    }
    /// The RALC location offsets (x, y, z), `ralc_count` of them. The engine adds them to
    /// the home position with wrapping arithmetic; location 0 is the home itself.
    pub fn locations(&self) -> impl Iterator<Item = [i32; 3]> + 'a {
        let n = usize::try_from(self.header.ralc_count()).unwrap_or(0);
        let recs =
            bytes::slice(self.rgm.ralc(), self.ralc_start(), n.saturating_mul(LOCATION)).unwrap_or(&[]);
        recs.as_chunks::<LOCATION>().0.iter().map(|r| {
            core::array::from_fn(|k| i32::from_le_bytes([r[4 * k], r[4 * k + 1], r[4 * k + 2], r[4 * k + 3]]))
        })
    }
    /// Where the actor's RAVC records are: byte offset into the section and count, `None`
    /// without records (a negative count or offset is none).
    pub fn vertex_span(&self) -> Option<(usize, usize)> {
        let n = usize::try_from(self.header.ravc_count()).ok().filter(|&n| n > 0)?;
        Some((usize::try_from(self.header.ravc_offset()).ok()?, n))
    }
    /// The actor's RAVC spheres.
    pub fn vertex_spheres(&self) -> impl Iterator<Item = super::misc::VertexSphere> + 'a {
        let ravc = self.rgm.ravc();
        let n = usize::try_from(self.header.ravc_count()).unwrap_or(0);
        let start = usize::try_from(self.header.ravc_offset()).unwrap_or(0);
        (0..n).map_while(move |k| ravc.at(start + k * super::misc::RAVC_RECORD))
    }
    /// The MPSZ records the three indices select (negative = none).
    pub fn bounds(&self) -> MpszBounds<'a> {
        let mpsz = self.rgm.mpsz();
        let pick = |i: i32| usize::try_from(i).ok().and_then(|i| mpsz.get(i));
        MpszBounds {
            primary: pick(self.header.bounds_primary()),
            secondary: pick(self.header.bounds_secondary()),
            tertiary: pick(self.header.bounds_tertiary()),
        }
    }

    /// Checks every reference of the record (see the module docs).
    pub fn check(&self) -> Result<(), FormatError> {
        let h = self.header;
        let rgm = self.rgm;
        let fits = |t: [u8; 4], off: usize, len: usize, f: usize| -> Result<(), FormatError> {
            let end = off.checked_add(len).ok_or(err(ErrorKind::OutOfRange, self.at(f)))?;
            if end > rgm.payload(t).len() {
                return Err(err(ErrorKind::OutOfRange, self.at(f)));
            }
            Ok(())
        };
        fits(tag::RAAT, h.raat_offset() as usize, ATTRIBUTES, field::RAAT_OFFSET)?;
        fits(tag::RAEX, h.raex_offset() as usize, super::raex::RECORD, field::RAEX_OFFSET)?;

        // RAAN: the frame table.
        let count = usize::try_from(h.raan_count())
            .map_err(|_| err(ErrorKind::Invalid("negative raan_count"), self.at(field::RAAN_COUNT)))?;
        if count > 0 {
            let start = usize::try_from(h.raan_offset())
                .map_err(|_| err(ErrorKind::OutOfRange, self.at(field::RAAN_OFFSET)))?;
            if start > rgm.payload(tag::RAAN).len() {
                return Err(err(ErrorKind::OutOfRange, self.at(field::RAAN_OFFSET)));
            }
            let base = rgm.payload_offset(tag::RAAN);
            raan::check(rgm.payload(tag::RAAN), start, count, base)?;
        }

        // RAGR: the structure only.
        let ragr_at = self.at(field::RAGR_OFFSET);
        if h.ragr_offset() as usize > rgm.payload(tag::RAGR).len() {
            return Err(err(ErrorKind::OutOfRange, ragr_at));
        }
        let base = rgm.payload_offset(tag::RAGR);
        ragr::check(rgm.payload(tag::RAGR), h.ragr_offset() as usize, base)?;

        // Scripts.
        if h.script_length() > 0 {
            fits(tag::RASC, h.rasc_offset() as usize, h.script_length() as usize, field::RASC_OFFSET)?;
            if h.script_pc() >= h.script_length() {
                return Err(err(ErrorKind::OutOfRange, self.at(field::SCRIPT_PC)));
            }
        }
        if h.num_strings() > 0 {
            let n = span(h.num_strings() as usize, 4, 0, self.at(field::NUM_STRINGS))?;
            fits(tag::RASB, h.rasb_offset() as usize, n, field::RASB_OFFSET)?;
            let rast = rgm.rast().len();
            let offs = self.string_offsets();
            for k in 0..h.num_strings() as usize {
                let off = bytes::u32_le(offs, 4 * k).unwrap_or(u32::MAX) as usize;
                if off >= rast {
                    let at = rgm.payload_offset(tag::RASB) + h.rasb_offset() as usize + 4 * k;
                    return Err(err(ErrorKind::OutOfRange, at));
                }
            }
        }
        if h.num_variables() > 0 {
            let n = span(h.num_variables() as usize, 4, 0, self.at(field::NUM_VARIABLES))?;
            fits(tag::RAVA, h.rava_offset() as usize, n, field::RAVA_OFFSET)?;
        }
        if h.rahk_offset() != 0 {
            let off = h.rahk_offset() as usize;
            fits(tag::RAHK, off, HOOK_HEADER, field::RAHK_OFFSET)?;
            let argc = bytes::u8_at(rgm.rahk(), off + 2).unwrap_or(0) as usize;
            fits(tag::RAHK, off, HOOK_HEADER + HOOK_ARG * argc, field::RAHK_OFFSET)?;
        }
        let ralc = usize::try_from(h.ralc_count())
            .map_err(|_| err(ErrorKind::Invalid("negative ralc_count"), self.at(field::RALC_COUNT)))?;
        if ralc > 0 {
            let n = span(ralc, LOCATION, 0, self.at(field::RALC_COUNT))?;
            fits(tag::RALC, self.ralc_start(), n, field::RALC_OFFSET)?;
        }
        fits(tag::RANM, h.ranm_offset() as usize, 0, field::RANM_OFFSET)?;
        let ravc = usize::try_from(h.ravc_count())
            .map_err(|_| err(ErrorKind::Invalid("negative ravc_count"), self.at(field::RAVC_COUNT)))?;
        if ravc > 0 {
            let off = usize::try_from(h.ravc_offset())
                .map_err(|_| err(ErrorKind::OutOfRange, self.at(field::RAVC_OFFSET)))?;
            let n = span(ravc, super::misc::RAVC_RECORD, 0, self.at(field::RAVC_COUNT))?;
            fits(tag::RAVC, off, n, field::RAVC_OFFSET)?;
        }

        // MPSZ indices: negative means none; anything else must name a record.
        let mpsz = rgm.mpsz().len();
        for (f, i) in [
            (field::BOUNDS_PRIMARY, h.bounds_primary()),
            (field::BOUNDS_SECONDARY, h.bounds_secondary()),
            (field::BOUNDS_TERTIARY, h.bounds_tertiary()),
        ] {
            if usize::try_from(i).is_ok_and(|i| i >= mpsz) {
                return Err(err(ErrorKind::OutOfRange, self.at(f)));
            }
        }
        Ok(())
    }
}
