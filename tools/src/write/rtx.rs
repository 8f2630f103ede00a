//! RTX dialogue writer: chunks of text or voiced entries, the index and the `RNAV` footer
//! in the layout of `stros_core::formats::rtx`.

use stros_core::formats::rtx::{SUBTYPE_TEXT, SUBTYPE_VOICE, TAG_RNAV, field};
use stros_core::formats::sfx::field as sfx;

/// A voiced entry's clip.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VoiceDesc {
    /// Type word: 0 8-bit mono, 1 16-bit mono.
    pub type_id: u32,
    /// Sample rate, Hz.
    pub rate: u32,
    /// The header's volume byte (100 in the shipped file).
    pub volume: u8,
    /// The PCM.
    pub pcm: Vec<u8>,
}

/// One entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntryDesc {
    /// The 4-byte tag (the shipped file's are lower case).
    pub tag: [u8; 4],
    /// The text (a voiced entry's label).
    pub text: Vec<u8>,
    /// The clip of a voiced entry.
    pub voice: Option<VoiceDesc>,
}

/// The RTX file of `entries`: their chunks in order, then the index in descending payload
/// offsets (as the shipped file orders it), then the footer.
///
/// # Panics
/// If a text is longer than 65,535 bytes or the file passes 4 GiB.
pub fn to_bytes(entries: &[EntryDesc]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut index = Vec::new();
    for e in entries {
        let n = u16::try_from(e.text.len()).expect("RTX text longer than 65,535 bytes");
        let mut payload = vec![0u8; field::TEXT];
        payload[field::SUBTYPE] = if e.voice.is_some() { SUBTYPE_VOICE } else { SUBTYPE_TEXT };
        payload[field::STRING_LEN..field::STRING_LEN + 2].copy_from_slice(&n.to_le_bytes());
        payload.extend_from_slice(&e.text);
        if let Some(v) = &e.voice {
            let mut h = [0u8; field::AUDIO_HEADER_LEN];
            let len = u32::try_from(v.pcm.len()).expect("clip larger than 4 GiB");
            h[sfx::EFFECT_TYPE..sfx::EFFECT_TYPE + 4].copy_from_slice(&v.type_id.to_le_bytes());
            h[sfx::EFFECT_BIT_DEPTH..sfx::EFFECT_BIT_DEPTH + 4].copy_from_slice(&v.type_id.to_le_bytes());
            h[sfx::EFFECT_RATE..sfx::EFFECT_RATE + 4].copy_from_slice(&v.rate.to_le_bytes());
            h[sfx::EFFECT_VOLUME] = v.volume;
            h[sfx::EFFECT_LOOP_END..sfx::EFFECT_LOOP_END + 4].copy_from_slice(&u32::MAX.to_le_bytes());
            h[sfx::EFFECT_DATA_LEN..sfx::EFFECT_DATA_LEN + 4].copy_from_slice(&len.to_le_bytes());
            payload.extend_from_slice(&h);
            payload.extend_from_slice(&v.pcm);
        }
        let size = u32::try_from(payload.len()).expect("entry larger than 4 GiB");
        out.extend_from_slice(&e.tag);
        out.extend_from_slice(&size.to_be_bytes());
        index.push((e.tag, u32::try_from(out.len()).expect("RTX larger than 4 GiB"), size));
        out.extend_from_slice(&payload);
    }
    let index_offset = u32::try_from(out.len()).expect("RTX larger than 4 GiB");
    index.sort_by_key(|e| std::cmp::Reverse(e.1));
    for (tag, off, size) in &index {
        out.extend_from_slice(tag);
        out.extend_from_slice(&off.to_le_bytes());
        out.extend_from_slice(&size.to_le_bytes());
    }
    out.extend_from_slice(&TAG_RNAV);
    out.extend_from_slice(&index_offset.to_le_bytes());
    out.extend_from_slice(&(index.len() as u32).to_le_bytes());
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use stros_core::formats::rtx::Rtx;
    use stros_core::formats::sfx::SoundKind;

    #[test]
    fn entries_round_trip() {
        let bytes = to_bytes(&[
            EntryDesc { tag: *b"#bon", text: b"Good day".to_vec(), voice: None },
            EntryDesc {
                tag: *b"fs01",
                text: b"Fish!".to_vec(),
                voice: Some(VoiceDesc { type_id: 0, rate: 11_025, volume: 100, pcm: vec![128; 11_025] }),
            },
        ]);
        let r = Rtx::new_checked(&bytes).unwrap();
        assert_eq!(r.len(), 2);
        assert_eq!(r.find(*b"#BON").unwrap().text, b"Good day");
        let v = r.find(*b"FS01").unwrap().voice.unwrap();
        assert_eq!(
            (v.kind, v.rate, v.volume, v.pcm.len(), v.duration_256()),
            (SoundKind::Mono8, 11_025, 100, 11_025, 256)
        );
    }
}
