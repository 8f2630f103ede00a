//! RTX dialogue files (`ENGLISH.RTX`; {D:formats/RTX.md}): tagged chunks of text or voiced
//! clips, an index of 12-byte entries pointing at their payloads, and a 12-byte `RNAV`
//! footer naming the index.
//!
//! Chunk sizes are big-endian, everything else little-endian. [`Rtx::new_checked`] checks
//! the footer, the index and every entry once — its chunk header sits 8 bytes before the
//! payload with the same tag and size, the payload's kind and subtype are known, its text
//! fits, and a voiced entry's 27-byte audio header (the SFX effect header's layout) names a
//! known sample layout, a nonzero rate and exactly the bytes that follow — so lookups and
//! playback never meet a bad entry. The index order (descending offsets in the shipped file)
//! is not required.

use super::sfx::SoundKind;
use super::{ErrorKind, Format, FormatError, bytes};

internal! {
    /// Byte offsets and sizes of the RTX layout, shared with the writer in `stros-tools`.
    mod field {
        /// Footer length, at the end of the file.
        pub const FOOTER_LEN: usize = 12;
        /// Footer: `RNAV` tag (offset from the footer's start).
        pub const FOOTER_TAG: usize = 0;
        /// Footer: LE `u32` absolute offset of the index.
        pub const FOOTER_INDEX_OFFSET: usize = 4;
        /// Footer: LE `u32` number of index entries.
        pub const FOOTER_INDEX_COUNT: usize = 8;
        /// Index entry length.
        pub const INDEX_LEN: usize = 12;
        /// Index entry: 4-byte tag.
        pub const INDEX_TAG: usize = 0;
        /// Index entry: LE `u32` absolute payload offset.
        pub const INDEX_OFFSET: usize = 4;
        /// Index entry: LE `u32` payload size.
        pub const INDEX_SIZE: usize = 8;
        /// Chunk header length (tag, BE `u32` payload size), just before the payload.
        pub const CHUNK_HEADER_LEN: usize = 8;
        /// Payload: `u8` kind (always 0).
        pub const KIND: usize = 0;
        /// Payload: `u8` subtype (0 text, 1 voiced).
        pub const SUBTYPE: usize = 1;
        /// Payload: LE `u16` text (or label) length.
        pub const STRING_LEN: usize = 2;
        /// Payload: LE `u16` reserved word.
        pub const RESERVED: usize = 4;
        /// Payload: the text bytes.
        pub const TEXT: usize = 6;
        /// The audio header after a voiced entry's label: the SFX effect header
        /// ([`super::super::sfx::field`]'s `EFFECT_*` offsets), 27 bytes.
        pub const AUDIO_HEADER_LEN: usize = 27;
    }
}

/// The footer tag.
pub const TAG_RNAV: [u8; 4] = *b"RNAV";
/// Subtype of a text-only entry.
pub const SUBTYPE_TEXT: u8 = 0;
/// Subtype of a voiced entry.
pub const SUBTYPE_VOICE: u8 = 1;

const fn err(kind: ErrorKind, offset: usize) -> FormatError {
    FormatError::new(Format::Rtx, kind, offset)
}

/// A four-byte RTX label as the lookup compares it: ASCII uppercase folded to lowercase
/// ({D:engine/sound.md}: "File lookup lowercases ASCII uppercase letters").
pub fn fold(label: [u8; 4]) -> [u8; 4] {
    label.map(|b| b.to_ascii_lowercase())
}

/// The label packed in a script's dialogue-key operand: its least significant byte is the
/// first character ({D:engine/SOUP.md} "Parameter Type Overrides").
pub fn label_of(key: i32) -> [u8; 4] {
    key.to_le_bytes()
}

/// A view over an RTX file.
#[derive(Clone, Copy, Debug)]
pub struct Rtx<'a> {
    data: &'a [u8],
    index: usize,
    count: usize,
}

/// One entry: its tag and what its payload holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry<'a> {
    /// The tag as stored.
    pub tag: [u8; 4],
    /// The text (a voiced entry's label is its subtitle text).
    pub text: &'a [u8],
    /// The clip of a voiced entry.
    pub voice: Option<Voice<'a>>,
}

/// A voiced entry's clip.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Voice<'a> {
    /// The sample layout of the type word.
    pub kind: SoundKind,
    /// Sample rate, Hz (never 0).
    pub rate: u32,
    /// The header's volume byte (100 in the shipped file).
    pub volume: u8,
    /// The PCM bytes.
    pub pcm: &'a [u8],
}

impl Voice<'_> {
    /// The clip's length in 1/256 second ({D:engine/sound.md}: "Dialogue lifetime"):
    /// `(bytes << 8) / (channels × rate × bytes per sample)`, truncated, held to `i32`.
    pub fn duration_256(&self) -> i32 {
        let per_second = self.kind.channels() as u64 * self.rate as u64 * self.kind.bytes_per_sample() as u64;
        (((self.pcm.len() as u64) << 8) / per_second.max(1)).min(i32::MAX as u64) as i32
    }
}

impl<'a> Rtx<'a> {
    /// Checks the footer, the index and every entry.
    pub fn new_checked(data: &'a [u8]) -> Result<Self, FormatError> {
        let foot = data.len().checked_sub(field::FOOTER_LEN).ok_or(err(ErrorKind::Truncated, 0))?;
        if bytes::array::<4>(data, foot + field::FOOTER_TAG) != Some(TAG_RNAV) {
            return Err(err(ErrorKind::BadMagic, foot));
        }
        let index = bytes::u32_le(data, foot + field::FOOTER_INDEX_OFFSET).unwrap_or(0) as usize;
        let count = bytes::u32_le(data, foot + field::FOOTER_INDEX_COUNT).unwrap_or(0) as usize;
        let len = count.checked_mul(field::INDEX_LEN).ok_or(err(ErrorKind::TooMany, foot + 8))?;
        match index.checked_add(len) {
            Some(end) if end <= foot => {}
            _ => return Err(err(ErrorKind::OutOfRange, foot + field::FOOTER_INDEX_OFFSET)),
        }
        let rtx = Rtx { data, index, count };
        for k in 0..count {
            rtx.parse(k)?;
        }
        Ok(rtx)
    }

    /// The number of entries.
    pub const fn len(&self) -> usize {
        self.count
    }

    /// No entries.
    pub const fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// Entry `k` in index order.
    pub fn entry(&self, k: usize) -> Option<Entry<'a>> {
        self.parse(k).ok()
    }

    /// The entry whose tag equals `label` folded to lowercase ({D:engine/sound.md} "RTX
    /// lookup"), the first in index order.
    pub fn find(&self, label: [u8; 4]) -> Option<Entry<'a>> {
        let key = fold(label);
        (0..self.count).find_map(|k| {
            let at = self.index + k * field::INDEX_LEN;
            (bytes::array::<4>(self.data, at) == Some(key)).then(|| self.entry(k)).flatten()
        })
    }

    /// Every entry in index order.
    pub fn entries(&self) -> impl Iterator<Item = Entry<'a>> + '_ {
        (0..self.count).filter_map(|k| self.entry(k))
    }

    /// Reads and checks entry `k`.
    fn parse(&self, k: usize) -> Result<Entry<'a>, FormatError> {
        let d = self.data;
        let at = self.index + k * field::INDEX_LEN;
        let tag = bytes::array::<4>(d, at).ok_or(err(ErrorKind::Truncated, at))?;
        let off = bytes::u32_le(d, at + field::INDEX_OFFSET).unwrap_or(0) as usize;
        let size = bytes::u32_le(d, at + field::INDEX_SIZE).unwrap_or(0) as usize;
        let header = off.checked_sub(field::CHUNK_HEADER_LEN).ok_or(err(ErrorKind::OutOfRange, at + 4))?;
        let payload =
            bytes::slice(d, off, size).ok_or(err(ErrorKind::OutOfRange, at + field::INDEX_OFFSET))?;
        if bytes::array::<4>(d, header) != Some(tag) {
            return Err(err(ErrorKind::BadMagic, header));
        }
        if bytes::u32_be(d, header + 4) != Some(size as u32) {
            return Err(err(ErrorKind::BadSize, header + 4));
        }
        let subtype = bytes::u8_at(payload, field::SUBTYPE).ok_or(err(ErrorKind::Truncated, off))?;
        if bytes::u8_at(payload, field::KIND) != Some(0) || subtype > SUBTYPE_VOICE {
            return Err(err(ErrorKind::Invalid("unknown entry kind"), off));
        }
        let n = bytes::u16_le(payload, field::STRING_LEN).ok_or(err(ErrorKind::Truncated, off))? as usize;
        let text =
            bytes::slice(payload, field::TEXT, n).ok_or(err(ErrorKind::BadSize, off + field::STRING_LEN))?;
        let rest = field::TEXT + n;
        if subtype == SUBTYPE_TEXT {
            if size != rest {
                return Err(err(ErrorKind::BadSize, header + 4));
            }
            return Ok(Entry { tag, text, voice: None });
        }
        let voice = parse_voice(payload, rest).map_err(|f| err(f.kind, off + f.offset))?;
        Ok(Entry { tag, text, voice: Some(voice) })
    }
}

/// The audio header at `h` in `payload` and the PCM after it, which must end the payload.
fn parse_voice(payload: &[u8], h: usize) -> Result<Voice<'_>, FormatError> {
    use super::sfx::field as sfx;
    let header = bytes::slice(payload, h, field::AUDIO_HEADER_LEN).ok_or(err(ErrorKind::Truncated, h))?;
    let get = |f: usize| bytes::u32_le(header, f).unwrap_or(0);
    let kind = SoundKind::from_type(get(sfx::EFFECT_TYPE))
        .ok_or(err(ErrorKind::Invalid("unknown sound type"), h + sfx::EFFECT_TYPE))?;
    let rate = get(sfx::EFFECT_RATE);
    if rate == 0 {
        return Err(err(ErrorKind::Invalid("sample rate 0"), h + sfx::EFFECT_RATE));
    }
    let len = get(sfx::EFFECT_DATA_LEN) as usize;
    let start = h + field::AUDIO_HEADER_LEN;
    if start.checked_add(len) != Some(payload.len()) {
        return Err(err(ErrorKind::BadSize, h + sfx::EFFECT_DATA_LEN));
    }
    let volume = bytes::u8_at(header, sfx::EFFECT_VOLUME).unwrap_or(0);
    Ok(Voice { kind, rate, volume, pcm: &payload[start..] })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A two-entry file: `#bon` text "Hi", `abcd` voiced "Yes" with 4 bytes of 8-bit PCM at
    /// 11,025 Hz.
    pub(crate) fn sample() -> [u8; 114] {
        let mut d = [0u8; 114];
        // Entry 1 at 0: header 8 + payload 6 + 2.
        d[0..4].copy_from_slice(b"#bon");
        d[4..8].copy_from_slice(&8u32.to_be_bytes());
        d[10..12].copy_from_slice(&2u16.to_le_bytes());
        d[14..16].copy_from_slice(b"Hi");
        // Entry 2 at 16: header 8 + payload 6 + 3 + 27 + 4 = 40.
        d[16..20].copy_from_slice(b"abcd");
        d[20..24].copy_from_slice(&40u32.to_be_bytes());
        d[25] = 1;
        d[26..28].copy_from_slice(&3u16.to_le_bytes());
        d[30..33].copy_from_slice(b"Yes");
        d[41..45].copy_from_slice(&11_025u32.to_le_bytes());
        d[45] = 100;
        d[55..59].copy_from_slice(&4u32.to_le_bytes());
        d[60..64].copy_from_slice(&[128, 200, 56, 128]);
        // Index at 64.
        d[64..68].copy_from_slice(b"abcd");
        d[68..72].copy_from_slice(&24u32.to_le_bytes());
        d[72..76].copy_from_slice(&40u32.to_le_bytes());
        d[76..80].copy_from_slice(b"#bon");
        d[80..84].copy_from_slice(&8u32.to_le_bytes());
        d[84..88].copy_from_slice(&8u32.to_le_bytes());
        // 88..102 unused, footer at 102.
        d[102..106].copy_from_slice(b"RNAV");
        d[106..110].copy_from_slice(&64u32.to_le_bytes());
        d[110..114].copy_from_slice(&2u32.to_le_bytes());
        d
    }

    #[test]
    fn entries_read_and_fold() {
        let d = sample();
        let r = Rtx::new_checked(&d).unwrap();
        assert_eq!(r.len(), 2);
        let t = r.find(*b"#BON").unwrap();
        assert_eq!((t.text, t.voice), (&b"Hi"[..], None));
        let v = r.find(*b"ABCD").unwrap().voice.unwrap();
        assert_eq!(
            (v.kind, v.rate, v.volume, v.pcm),
            (SoundKind::Mono8, 11_025, 100, &[128, 200, 56, 128][..])
        );
        // (4 << 8) / 11,025 = 0 (truncated).
        assert_eq!(v.duration_256(), 0);
        assert!(r.find(*b"none").is_none());
        assert_eq!(label_of(i32::from_le_bytes(*b"abcd")), *b"abcd");
    }

    #[test]
    fn bad_files_are_refused() {
        let d = sample();
        for cut in 0..d.len() {
            assert!(Rtx::new_checked(&d[..cut]).is_err(), "cut at {cut}");
        }
        let mut bad = d;
        bad[20] = 1; // the chunk size disagrees with the index
        assert_eq!(Rtx::new_checked(&bad).unwrap_err().kind, ErrorKind::BadSize);
        let mut bad = d;
        bad[55] = 5; // the audio length overruns the payload
        assert_eq!(Rtx::new_checked(&bad).unwrap_err().kind, ErrorKind::BadSize);
        let mut bad = d;
        bad[110] = 200; // the index runs into the footer
        assert_eq!(Rtx::new_checked(&bad).unwrap_err().kind, ErrorKind::OutOfRange);
    }

    #[test]
    fn a_clip_lasts_its_bytes_over_its_rate() {
        // 22,050 bytes of 16-bit mono at 11,025 Hz is one second: (22,050 << 8) / 22,050 = 256.
        let pcm = [0u8; 22_050];
        let v = Voice { kind: SoundKind::Mono16, rate: 11_025, volume: 100, pcm: &pcm };
        assert_eq!(v.duration_256(), 256);
        // 8-bit at 22,050: 11,025 bytes is half a second, 128.
        let v = Voice { kind: SoundKind::Mono8, rate: 22_050, pcm: &pcm[..11_025], ..v };
        assert_eq!(v.duration_256(), 128);
    }
}
