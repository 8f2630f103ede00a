//! SFX sound banks (`MAIN.SFX`; {F§5}, {D:formats/SFX.md}): an `FXHD`
//! header (description and effect count), an `FXDT` section of 27-byte effect headers each
//! followed by its PCM, and an `END ` tag.
//!
//! Section size words are big-endian, everything else little-endian. Effects have no
//! offset table: the game numbers them by their position, so the reader walks them in
//! order. [`Sfx::new_checked`] rejects a zero sample rate (the engine divides by it for the
//! duration), PCM running past the section, an odd byte count for 16-bit sound, and a count
//! that disagrees with the records. Bytes after `END ` are ignored.

use super::{ErrorKind, Format, FormatError, bytes};

internal! {
    /// Byte offsets and sizes of the SFX layout, shared with the writer in `stros-tools`.
    mod field {
        /// `FXHD` tag.
        pub const FXHD_TAG: usize = 0;
        /// BE `u32` size of the FXHD payload (description and count), [`FXHD_PAYLOAD_LEN`].
        pub const FXHD_SIZE: usize = 4;
        /// `[u8; 32]` description, NUL-padded.
        pub const DESCRIPTION: usize = 8;
        /// Width of the description.
        pub const DESCRIPTION_LEN: usize = 32;
        /// LE `u32` effect count.
        pub const COUNT: usize = 40;
        /// The FXHD payload length the size word must hold.
        pub const FXHD_PAYLOAD_LEN: usize = 36;
        /// `FXDT` tag.
        pub const FXDT_TAG: usize = 44;
        /// BE `u32` size of the FXDT payload (all effect records).
        pub const FXDT_SIZE: usize = 48;
        /// First effect record; the `END ` tag follows the FXDT payload.
        pub const EFFECTS: usize = 52;
        /// Length of the `END ` tag.
        pub const END_LEN: usize = 4;

        /// Effect header: LE `u32` type (see [`super::SoundKind`]).
        pub const EFFECT_TYPE: usize = 0;
        /// Effect header: LE `u32` bit depth (0 = 8-bit, 1 = 16-bit).
        pub const EFFECT_BIT_DEPTH: usize = 4;
        /// Effect header: LE `u32` sample rate in Hz.
        pub const EFFECT_RATE: usize = 8;
        /// Effect header: `u8` base volume (0–127).
        pub const EFFECT_VOLUME: usize = 12;
        /// Effect header: `u8` loop flag (0 once, 0xFF forever, else a loop count).
        pub const EFFECT_LOOP: usize = 13;
        /// Effect header: LE `u32` loop start, bytes into the PCM.
        pub const EFFECT_LOOP_START: usize = 14;
        /// Effect header: LE `u32` loop end.
        pub const EFFECT_LOOP_END: usize = 18;
        /// Effect header: LE `u32` PCM byte count.
        pub const EFFECT_DATA_LEN: usize = 22;
        /// Effect header: `u8` padding.
        pub const EFFECT_PAD: usize = 26;
        /// Effect header length; the PCM follows.
        pub const EFFECT_HEADER_LEN: usize = 27;
    }
}

/// The FXHD section tag.
pub const TAG_FXHD: [u8; 4] = *b"FXHD";
/// The FXDT section tag.
pub const TAG_FXDT: [u8; 4] = *b"FXDT";
/// The closing tag.
pub const TAG_END: [u8; 4] = *b"END ";

const fn err(kind: ErrorKind, offset: usize) -> FormatError {
    FormatError::new(Format::Sfx, kind, offset)
}

/// The sample layout named by an effect's type word.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SoundKind {
    /// Type 0: unsigned 8-bit mono.
    Mono8,
    /// Type 1: signed 16-bit LE mono.
    Mono16,
    /// Type 2: unsigned 8-bit stereo (documented, unused by the shipped bank).
    Stereo8,
    /// Type 3: signed 16-bit LE stereo.
    Stereo16,
}

impl SoundKind {
    /// The kind for a type word, `None` for an unknown one.
    pub const fn from_type(t: u32) -> Option<Self> {
        match t {
            0 => Some(SoundKind::Mono8),
            1 => Some(SoundKind::Mono16),
            2 => Some(SoundKind::Stereo8),
            3 => Some(SoundKind::Stereo16),
            _ => None,
        }
    }

    /// The type word.
    pub const fn type_id(self) -> u32 {
        match self {
            SoundKind::Mono8 => 0,
            SoundKind::Mono16 => 1,
            SoundKind::Stereo8 => 2,
            SoundKind::Stereo16 => 3,
        }
    }

    /// Bytes per sample of one channel.
    pub const fn bytes_per_sample(self) -> u32 {
        match self {
            SoundKind::Mono8 | SoundKind::Stereo8 => 1,
            SoundKind::Mono16 | SoundKind::Stereo16 => 2,
        }
    }

    /// Channel count.
    pub const fn channels(self) -> u32 {
        match self {
            SoundKind::Mono8 | SoundKind::Mono16 => 1,
            SoundKind::Stereo8 | SoundKind::Stereo16 => 2,
        }
    }
}

/// A view over an SFX bank.
#[derive(Clone, Copy, Debug)]
pub struct Sfx<'a> {
    data: &'a [u8],
}

impl<'a> Sfx<'a> {
    /// Wraps `data` without checking it. Accessors never panic on bad data; the effect
    /// iterator stops at the first record it cannot read.
    pub const fn new_unchecked(data: &'a [u8]) -> Self {
        Sfx { data }
    }

    /// The bank's bytes.
    pub const fn bytes(&self) -> &'a [u8] {
        self.data
    }

    /// Checks both sections, every effect record, the count and the `END ` tag.
    pub fn check(&self) -> Result<(), FormatError> {
        let d = self.data;
        let tag = bytes::array::<4>(d, field::FXHD_TAG).ok_or(err(ErrorKind::Truncated, field::FXHD_TAG))?;
        if tag != TAG_FXHD {
            return Err(err(ErrorKind::BadMagic, field::FXHD_TAG));
        }
        let size = bytes::u32_be(d, field::FXHD_SIZE).ok_or(err(ErrorKind::Truncated, field::FXHD_SIZE))?;
        if size as usize != field::FXHD_PAYLOAD_LEN {
            return Err(err(ErrorKind::BadSize, field::FXHD_SIZE));
        }
        let count = bytes::u32_le(d, field::COUNT).ok_or(err(ErrorKind::Truncated, field::COUNT))?;
        let tag = bytes::array::<4>(d, field::FXDT_TAG).ok_or(err(ErrorKind::Truncated, field::FXDT_TAG))?;
        if tag != TAG_FXDT {
            return Err(err(ErrorKind::BadMagic, field::FXDT_TAG));
        }
        let end = self.fxdt_end().ok_or(err(ErrorKind::Truncated, field::FXDT_SIZE))?;
        if end > d.len() {
            return Err(err(ErrorKind::Truncated, field::FXDT_SIZE));
        }
        let tag = bytes::array::<4>(d, end).ok_or(err(ErrorKind::Truncated, end))?;
        if tag != TAG_END {
            return Err(err(ErrorKind::BadMagic, end));
        }
        // Every record is at least a header long, so this walk ends within the section.
        let mut off = field::EFFECTS;
        let mut n: u32 = 0;
        while off < end {
            let e = parse_effect(d, off, end, n as usize)?;
            off = e.end();
            n = n.checked_add(1).ok_or(err(ErrorKind::TooMany, field::COUNT))?;
        }
        if n != count {
            return Err(err(ErrorKind::BadSize, field::COUNT));
        }
        Ok(())
    }

    /// Wraps `data` after [`check`](Self::check).
    pub fn new_checked(data: &'a [u8]) -> Result<Self, FormatError> {
        let s = Sfx::new_unchecked(data);
        s.check()?;
        Ok(s)
    }

    /// The underlying bytes.
    pub const fn as_bytes(&self) -> &'a [u8] {
        self.data
    }

    /// The description up to its first NUL (the tool's name string).
    pub fn description(&self) -> &'a [u8] {
        bytes::name(bytes::slice(self.data, field::DESCRIPTION, field::DESCRIPTION_LEN).unwrap_or(&[]))
    }

    /// The effect count from FXHD.
    pub fn count(&self) -> u32 {
        bytes::u32_le(self.data, field::COUNT).unwrap_or(0)
    }

    /// Every effect in index order.
    pub fn effects(&self) -> Effects<'a> {
        let end = self.fxdt_end().map_or(0, |e| e.min(self.data.len()));
        Effects { data: self.data, off: field::EFFECTS, end, index: 0, count: self.count() as usize }
    }

    /// Effect `index` (walks the records before it).
    pub fn effect(&self, index: usize) -> Option<Effect<'a>> {
        self.effects().nth(index)
    }

    /// Offset one past the FXDT payload (where `END ` sits).
    fn fxdt_end(&self) -> Option<usize> {
        let size = bytes::u32_be(self.data, field::FXDT_SIZE)?;
        field::EFFECTS.checked_add(size as usize)
    }
}

/// Reads and checks the effect record at `off`, which must end by `end` (≤ `d.len()`).
fn parse_effect(d: &[u8], off: usize, end: usize, index: usize) -> Result<Effect<'_>, FormatError> {
    let pcm_off = off.checked_add(field::EFFECT_HEADER_LEN).ok_or(err(ErrorKind::BadSize, off))?;
    if pcm_off > end {
        return Err(err(ErrorKind::BadSize, off));
    }
    let header = bytes::slice(d, off, field::EFFECT_HEADER_LEN).ok_or(err(ErrorKind::Truncated, off))?;
    let get = |f: usize| bytes::u32_le(header, f).unwrap_or(0);
    let kind = SoundKind::from_type(get(field::EFFECT_TYPE))
        .ok_or(err(ErrorKind::Invalid("unknown sound type"), off + field::EFFECT_TYPE))?;
    if get(field::EFFECT_RATE) == 0 {
        return Err(err(ErrorKind::Invalid("sample rate 0"), off + field::EFFECT_RATE));
    }
    let len = get(field::EFFECT_DATA_LEN) as usize;
    let len_at = off + field::EFFECT_DATA_LEN;
    match pcm_off.checked_add(len) {
        Some(e) if e <= end => {}
        _ => return Err(err(ErrorKind::BadSize, len_at)),
    }
    if kind.bytes_per_sample() == 2 && !len.is_multiple_of(2) {
        return Err(err(ErrorKind::BadSize, len_at));
    }
    let pcm = bytes::slice(d, pcm_off, len).ok_or(err(ErrorKind::Truncated, pcm_off))?;
    Ok(Effect { index, offset: off, header, pcm })
}

/// One effect: its 27-byte header and its PCM.
#[derive(Clone, Copy, Debug)]
pub struct Effect<'a> {
    index: usize,
    offset: usize,
    header: &'a [u8],
    pcm: &'a [u8],
}

impl<'a> Effect<'a> {
    fn u32_field(&self, f: usize) -> u32 {
        bytes::u32_le(self.header, f).unwrap_or(0)
    }

    fn end(&self) -> usize {
        self.offset + field::EFFECT_HEADER_LEN + self.pcm.len()
    }

    /// The effect's 0-based index (how the game names it).
    pub const fn index(&self) -> usize {
        self.index
    }

    /// Byte offset of its header in the file.
    pub const fn offset(&self) -> usize {
        self.offset
    }

    /// The raw type word.
    pub fn type_id(&self) -> u32 {
        self.u32_field(field::EFFECT_TYPE)
    }

    /// The sample layout (validated, so always known for a checked record).
    pub fn kind(&self) -> SoundKind {
        SoundKind::from_type(self.type_id()).unwrap_or(SoundKind::Mono8)
    }

    /// The raw bit-depth word (0 = 8-bit, 1 = 16-bit). The reader trusts the type word
    /// for the sample size; this is kept for inspection.
    pub fn bit_depth(&self) -> u32 {
        self.u32_field(field::EFFECT_BIT_DEPTH)
    }

    /// Sample rate in Hz (never 0 in a checked record).
    pub fn rate(&self) -> u32 {
        self.u32_field(field::EFFECT_RATE)
    }

    /// Base volume, Miles 0–127 scale.
    pub fn base_volume(&self) -> u8 {
        bytes::u8_at(self.header, field::EFFECT_VOLUME).unwrap_or(0)
    }

    /// Loop flag: 0 plays once, 0xFF loops until stopped, anything else is a loop count.
    pub fn loop_flag(&self) -> u8 {
        bytes::u8_at(self.header, field::EFFECT_LOOP).unwrap_or(0)
    }

    /// Loop start, bytes into the PCM.
    pub fn loop_start(&self) -> u32 {
        self.u32_field(field::EFFECT_LOOP_START)
    }

    /// Loop end (0xFFFFFFFF in every shipped effect).
    pub fn loop_end(&self) -> u32 {
        self.u32_field(field::EFFECT_LOOP_END)
    }

    /// The header's PCM byte count (equals `pcm().len()`).
    pub fn data_len(&self) -> u32 {
        self.u32_field(field::EFFECT_DATA_LEN)
    }

    /// The padding byte after the header.
    pub fn pad(&self) -> u8 {
        bytes::u8_at(self.header, field::EFFECT_PAD).unwrap_or(0)
    }

    /// The PCM: unsigned 8-bit or signed 16-bit LE samples, channels interleaved.
    pub const fn pcm(&self) -> &'a [u8] {
        self.pcm
    }

    /// Number of sample frames (one sample per channel each).
    pub fn frames(&self) -> usize {
        let k = self.kind();
        self.pcm.len() / (k.bytes_per_sample() * k.channels()) as usize
    }
}

/// Iterator over the effects of an [`Sfx`], in index order.
#[derive(Clone, Debug)]
pub struct Effects<'a> {
    data: &'a [u8],
    off: usize,
    end: usize,
    index: usize,
    count: usize,
}

impl<'a> Iterator for Effects<'a> {
    type Item = Effect<'a>;

    fn next(&mut self) -> Option<Effect<'a>> {
        if self.index >= self.count || self.off >= self.end {
            return None;
        }
        match parse_effect(self.data, self.off, self.end, self.index) {
            Ok(e) => {
                self.off = e.end();
                self.index += 1;
                Some(e)
            }
            Err(_) => {
                self.off = self.end;
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Two effects: 8-bit mono with 3 bytes, 16-bit stereo with 4 bytes.
    const LEN: usize = field::EFFECTS + 2 * field::EFFECT_HEADER_LEN + 3 + 4 + field::END_LEN;

    /// The header fields of one test effect record.
    struct Fields {
        ty: u32,
        depth: u32,
        rate: u32,
        vol: u8,
        lp: u8,
    }

    fn put_effect(
        d: &mut [u8],
        off: usize,
        Fields { ty, depth, rate, vol, lp }: Fields,
        pcm: &[u8],
    ) -> usize {
        d[off..off + 4].copy_from_slice(&ty.to_le_bytes());
        d[off + 4..off + 8].copy_from_slice(&depth.to_le_bytes());
        d[off + 8..off + 12].copy_from_slice(&rate.to_le_bytes());
        d[off + 12] = vol;
        d[off + 13] = lp;
        d[off + 14..off + 18].copy_from_slice(&5u32.to_le_bytes());
        d[off + 18..off + 22].copy_from_slice(&0xFFFF_FFFFu32.to_le_bytes());
        d[off + 22..off + 26].copy_from_slice(&(pcm.len() as u32).to_le_bytes());
        d[off + 26] = 0;
        d[off + 27..off + 27 + pcm.len()].copy_from_slice(pcm);
        off + 27 + pcm.len()
    }

    fn sample() -> [u8; LEN] {
        let mut d = [0u8; LEN];
        d[0..4].copy_from_slice(b"FXHD");
        d[4..8].copy_from_slice(&36u32.to_be_bytes());
        d[8..14].copy_from_slice(b"SoupFX");
        d[40..44].copy_from_slice(&2u32.to_le_bytes());
        d[44..48].copy_from_slice(b"FXDT");
        let fxdt = (2 * 27 + 3 + 4) as u32;
        d[48..52].copy_from_slice(&fxdt.to_be_bytes());
        let o = put_effect(&mut d, 52, Fields { ty: 0, depth: 0, rate: 11025, vol: 64, lp: 0 }, &[1, 2, 3]);
        let o =
            put_effect(&mut d, o, Fields { ty: 3, depth: 1, rate: 22050, vol: 100, lp: 0xFF }, &[4, 5, 6, 7]);
        d[o..o + 4].copy_from_slice(b"END ");
        d
    }

    #[test]
    fn reads_header_and_effects() {
        let d = sample();
        let s = Sfx::new_checked(&d).unwrap();
        assert_eq!(s.description(), b"SoupFX");
        assert_eq!(s.count(), 2);
        assert_eq!(s.effects().count(), 2);
        let a = s.effect(0).unwrap();
        assert_eq!((a.index(), a.offset()), (0, 52));
        assert_eq!(a.type_id(), 0);
        assert_eq!(a.kind(), SoundKind::Mono8);
        assert_eq!(a.bit_depth(), 0);
        assert_eq!(a.rate(), 11025);
        assert_eq!(a.base_volume(), 64);
        assert_eq!(a.loop_flag(), 0);
        assert_eq!(a.loop_start(), 5);
        assert_eq!(a.loop_end(), 0xFFFF_FFFF);
        assert_eq!(a.data_len(), 3);
        assert_eq!(a.pad(), 0);
        assert_eq!(a.pcm(), &[1, 2, 3]);
        assert_eq!(a.frames(), 3);
        let b = s.effect(1).unwrap();
        assert_eq!(b.offset(), 52 + 27 + 3);
        assert_eq!(b.kind(), SoundKind::Stereo16);
        assert_eq!(b.bit_depth(), 1);
        assert_eq!(b.rate(), 22050);
        assert_eq!(b.base_volume(), 100);
        assert_eq!(b.loop_flag(), 0xFF);
        assert_eq!(b.pcm(), &[4, 5, 6, 7]);
        assert_eq!(b.frames(), 1);
        assert!(s.effect(2).is_none());
    }

    #[test]
    fn sound_kinds() {
        for t in 0..4 {
            let k = SoundKind::from_type(t).unwrap();
            assert_eq!(k.type_id(), t);
        }
        assert_eq!(SoundKind::from_type(4), None);
        assert_eq!(SoundKind::Mono16.bytes_per_sample(), 2);
        assert_eq!(SoundKind::Stereo8.channels(), 2);
    }

    #[test]
    fn every_prefix_is_rejected() {
        let d = sample();
        for n in 0..d.len() {
            let e = Sfx::new_checked(&d[..n]).unwrap_err();
            assert_eq!(e.kind, ErrorKind::Truncated, "prefix {n}");
            // Unchecked views of the same prefix never panic.
            let s = Sfx::new_unchecked(&d[..n]);
            let _ = s.effects().count();
            let _ = s.description();
        }
    }

    #[test]
    fn trailing_bytes_after_end_are_ignored() {
        let mut long = [0u8; LEN + 3];
        long[..LEN].copy_from_slice(&sample());
        assert!(Sfx::new_checked(&long).is_ok());
    }

    fn check(d: &[u8]) -> FormatError {
        Sfx::new_checked(d).unwrap_err()
    }

    #[test]
    fn error_paths() {
        let second = 52 + 27 + 3;
        let mut d = sample();
        d[0] = b'X';
        assert_eq!(check(&d), err(ErrorKind::BadMagic, 0));
        let mut d = sample();
        d[7] = 40;
        assert_eq!(check(&d), err(ErrorKind::BadSize, 4));
        let mut d = sample();
        d[44] = b'X';
        assert_eq!(check(&d), err(ErrorKind::BadMagic, 44));
        let mut d = sample();
        d[LEN - 1] = b'X';
        assert_eq!(check(&d), err(ErrorKind::BadMagic, LEN - 4));
        // FXDT size reaching past the file.
        let mut d = sample();
        d[48..52].copy_from_slice(&u32::MAX.to_be_bytes());
        assert_eq!(check(&d), err(ErrorKind::Truncated, 48));
        // Count disagrees with the records.
        let mut d = sample();
        d[40] = 3;
        assert_eq!(check(&d), err(ErrorKind::BadSize, 40));
        let mut d = sample();
        d[40] = 1;
        assert_eq!(check(&d), err(ErrorKind::BadSize, 40));
        // Unknown type; rate 0.
        let mut d = sample();
        d[52] = 9;
        assert_eq!(check(&d), err(ErrorKind::Invalid("unknown sound type"), 52));
        let mut d = sample();
        d[second + 8..second + 12].copy_from_slice(&0u32.to_le_bytes());
        assert_eq!(check(&d), err(ErrorKind::Invalid("sample rate 0"), second + 8));
        // PCM past the section, including an overflowing length.
        let mut d = sample();
        d[second + 22] = 5;
        assert_eq!(check(&d), err(ErrorKind::BadSize, second + 22));
        let mut d = sample();
        d[second + 22..second + 26].copy_from_slice(&u32::MAX.to_le_bytes());
        assert_eq!(check(&d), err(ErrorKind::BadSize, second + 22));
        // Odd 16-bit length: make the first effect 16-bit mono with 3 bytes.
        let mut d = sample();
        d[52] = 1;
        assert_eq!(check(&d), err(ErrorKind::BadSize, 52 + 22));
        // A section that ends inside a record header.
        let mut d = sample();
        let short = (27 + 3 + 10) as u32;
        d[48..52].copy_from_slice(&short.to_be_bytes());
        d[52 + short as usize..52 + short as usize + 4].copy_from_slice(b"END ");
        assert_eq!(check(&d), err(ErrorKind::BadSize, second));
    }

    #[test]
    fn unchecked_iterator_stops_at_a_bad_record_and_at_count() {
        let mut d = sample();
        d[second_off() + 8..second_off() + 12].copy_from_slice(&0u32.to_le_bytes());
        let s = Sfx::new_unchecked(&d);
        assert_eq!(s.effects().count(), 1);
        let mut d = sample();
        d[40] = 1;
        assert_eq!(Sfx::new_unchecked(&d).effects().count(), 1);
    }

    fn second_off() -> usize {
        52 + 27 + 3
    }
}
