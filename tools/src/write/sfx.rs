//! SFX sound bank writer: `FXHD`, `FXDT` and `END ` in the layout of
//! `stros_core::formats::sfx`.

use stros_core::formats::sfx::{TAG_END, TAG_FXDT, TAG_FXHD, field};

/// One effect to write.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EffectDesc {
    /// Type word: 0 8-bit mono, 1 16-bit mono, 2 8-bit stereo, 3 16-bit stereo.
    pub type_id: u32,
    /// Bit-depth word: 0 for 8-bit, 1 for 16-bit.
    pub bit_depth: u32,
    /// Sample rate in Hz (must not be 0 for the reader to accept it).
    pub rate: u32,
    /// Base volume, 0–127 (the shipped bank uses 64).
    pub base_volume: u8,
    /// Loop flag: 0 once, 0xFF forever, else a loop count.
    pub loop_flag: u8,
    /// Loop start in bytes (the shipped bank uses 0).
    pub loop_start: u32,
    /// Loop end (the shipped bank uses 0xFFFFFFFF).
    pub loop_end: u32,
    /// The PCM bytes.
    pub pcm: Vec<u8>,
}

impl EffectDesc {
    /// An 8-bit mono effect with the shipped defaults (volume 64, play once, loop block
    /// 0..0xFFFFFFFF).
    pub fn mono8(rate: u32, pcm: Vec<u8>) -> Self {
        EffectDesc {
            type_id: 0,
            bit_depth: 0,
            rate,
            base_volume: 64,
            loop_flag: 0,
            loop_start: 0,
            loop_end: 0xFFFF_FFFF,
            pcm,
        }
    }
}

/// A sound bank to write.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SfxDesc {
    /// Description field; at most 32 bytes, NUL-padded on write.
    pub description: Vec<u8>,
    /// The effects in index order; the count is written from their number.
    pub effects: Vec<EffectDesc>,
}

/// The SFX file for `desc`.
///
/// # Panics
/// If the description is longer than 32 bytes or the effects do not fit the 32-bit
/// size words.
pub fn to_bytes(desc: &SfxDesc) -> Vec<u8> {
    assert!(desc.description.len() <= field::DESCRIPTION_LEN, "SFX description longer than 32 bytes");
    let fxdt_len: usize = desc.effects.iter().map(|e| field::EFFECT_HEADER_LEN + e.pcm.len()).sum();
    let fxdt_size = u32::try_from(fxdt_len).expect("FXDT larger than 4 GiB");
    let count = u32::try_from(desc.effects.len()).expect("too many effects");

    let mut out = vec![0u8; field::EFFECTS + fxdt_len + field::END_LEN];
    put(&mut out, field::FXHD_TAG, &TAG_FXHD);
    put(&mut out, field::FXHD_SIZE, &(field::FXHD_PAYLOAD_LEN as u32).to_be_bytes());
    put(&mut out, field::DESCRIPTION, &desc.description);
    put(&mut out, field::COUNT, &count.to_le_bytes());
    put(&mut out, field::FXDT_TAG, &TAG_FXDT);
    put(&mut out, field::FXDT_SIZE, &fxdt_size.to_be_bytes());
    let mut off = field::EFFECTS;
    for e in &desc.effects {
        let len = u32::try_from(e.pcm.len()).expect("PCM larger than 4 GiB");
        put(&mut out, off + field::EFFECT_TYPE, &e.type_id.to_le_bytes());
        put(&mut out, off + field::EFFECT_BIT_DEPTH, &e.bit_depth.to_le_bytes());
        put(&mut out, off + field::EFFECT_RATE, &e.rate.to_le_bytes());
        out[off + field::EFFECT_VOLUME] = e.base_volume;
        out[off + field::EFFECT_LOOP] = e.loop_flag;
        put(&mut out, off + field::EFFECT_LOOP_START, &e.loop_start.to_le_bytes());
        put(&mut out, off + field::EFFECT_LOOP_END, &e.loop_end.to_le_bytes());
        put(&mut out, off + field::EFFECT_DATA_LEN, &len.to_le_bytes());
        out[off + field::EFFECT_PAD] = 0;
        off += field::EFFECT_HEADER_LEN;
        put(&mut out, off, &e.pcm);
        off += e.pcm.len();
    }
    put(&mut out, off, &TAG_END);
    out
}

fn put(out: &mut [u8], off: usize, bytes: &[u8]) {
    out[off..off + bytes.len()].copy_from_slice(bytes);
}

#[cfg(test)]
mod tests {
    use super::*;
    use stros_core::formats::sfx::{Sfx, SoundKind};

    #[test]
    fn round_trip() {
        let desc = SfxDesc {
            description: b"SoupFX test bank".to_vec(),
            effects: vec![
                EffectDesc::mono8(11025, vec![0x80, 0x90, 0x70]),
                EffectDesc {
                    type_id: 1,
                    bit_depth: 1,
                    rate: 22050,
                    base_volume: 100,
                    loop_flag: 0xFF,
                    loop_start: 2,
                    loop_end: 6,
                    pcm: vec![1, 0, 0xFF, 0x7F],
                },
                EffectDesc {
                    type_id: 3,
                    bit_depth: 1,
                    rate: 22050,
                    base_volume: 0,
                    loop_flag: 0xE1,
                    loop_start: 0,
                    loop_end: 0xFFFF_FFFF,
                    pcm: (0..16).collect(),
                },
                EffectDesc::mono8(11025, vec![]),
            ],
        };
        let bytes = to_bytes(&desc);
        let sfx = Sfx::new_checked(&bytes).unwrap();
        assert_eq!(sfx.description(), desc.description.as_slice());
        assert_eq!(sfx.count() as usize, desc.effects.len());
        assert_eq!(sfx.effects().count(), desc.effects.len());
        for (i, (e, d)) in sfx.effects().zip(&desc.effects).enumerate() {
            assert_eq!(e.index(), i);
            assert_eq!(e.type_id(), d.type_id);
            assert_eq!(e.kind(), SoundKind::from_type(d.type_id).unwrap());
            assert_eq!(e.bit_depth(), d.bit_depth);
            assert_eq!(e.rate(), d.rate);
            assert_eq!(e.base_volume(), d.base_volume);
            assert_eq!(e.loop_flag(), d.loop_flag);
            assert_eq!(e.loop_start(), d.loop_start);
            assert_eq!(e.loop_end(), d.loop_end);
            assert_eq!(e.data_len() as usize, d.pcm.len());
            assert_eq!(e.pcm(), d.pcm.as_slice());
        }
        assert_eq!(to_bytes(&desc), bytes);
    }

    #[test]
    fn empty_bank_round_trips() {
        let desc = SfxDesc { description: vec![], effects: vec![] };
        let bytes = to_bytes(&desc);
        let sfx = Sfx::new_checked(&bytes).unwrap();
        assert_eq!(sfx.count(), 0);
        assert_eq!(sfx.description(), b"");
    }
}
