//! COL palette writer: the 776-byte layout of `stros_core::formats::col`.

use stros_core::formats::col::{MAGIC, field};

/// A palette to write.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ColDesc {
    /// The 256 entries, `[r, g, b]`, eight bits per channel as stored in the file.
    pub rgb: [[u8; 3]; 256],
}

impl Default for ColDesc {
    fn default() -> Self {
        ColDesc { rgb: [[0; 3]; 256] }
    }
}

/// The COL file for `desc`.
pub fn to_bytes(desc: &ColDesc) -> Vec<u8> {
    let mut out = vec![0u8; field::FILE_LEN];
    out[field::FILE_SIZE..field::FILE_SIZE + 4].copy_from_slice(&(field::FILE_LEN as u32).to_le_bytes());
    out[field::MAGIC..field::MAGIC + 4].copy_from_slice(&MAGIC.to_le_bytes());
    for (i, e) in desc.rgb.iter().enumerate() {
        let o = field::PALETTE + i * field::ENTRY_LEN;
        out[o..o + field::ENTRY_LEN].copy_from_slice(e);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use stros_core::formats::col::Col;

    #[test]
    fn round_trip() {
        let mut desc = ColDesc::default();
        for (i, e) in desc.rgb.iter_mut().enumerate() {
            *e = [i as u8, (i * 3) as u8, 255 - i as u8];
        }
        let bytes = to_bytes(&desc);
        assert_eq!(bytes.len(), 776);
        let col = Col::new_checked(&bytes).unwrap();
        for i in 0..=255u8 {
            assert_eq!(col.rgb(i), desc.rgb[i as usize]);
        }
        assert_eq!(col.to_rgb_array(), desc.rgb);
        assert_eq!(to_bytes(&desc), bytes);
    }
}
