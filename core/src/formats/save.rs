//! Save-game containers (`SAVEGAME.SAV`, per-world `.TSG`; {D:formats/SAVEGAME.md}): tagged
//! chunks — a 4-byte tag and a big-endian payload length — starting with `SVGM` and closed
//! by `END ` (no length). Numeric fields inside the payloads are little-endian.
//!
//! [`Save::new_checked`] walks every chunk to `END ` once, requires `SVGM` first with the
//! version-1.31 272-byte payload, and checks the lengths of the chunks Stros reads: `SVGF`
//! (`4 + 5 × count`), `SVGV` (1,542 bytes), `SVIT` (`22 × records + 4`) and Stros's own
//! `STRS` (UTF-8 text; `docs/save.md`). The chunks the docs do not lay out (`SMOB`, `SMSH`,
//! …) are passed over. Nothing is copied.

use super::chunks::{Chunk, Chunks};
use super::{ErrorKind, Format, FormatError, bytes};

internal! {
    /// Byte offsets and sizes of the layout, shared with the writer.
    mod field {
        /// `SVGM` payload length of version 1.31.
        pub const SVGM_LEN: usize = 272;
        /// SVGM: `[u8; 4]` version text.
        pub const VERSION: usize = 0x00;
        /// SVGM: LE `u32` engine compatibility value.
        pub const COMPAT_A: usize = 0x04;
        /// SVGM: LE `u32` engine compatibility value.
        pub const COMPAT_B: usize = 0x08;
        /// SVGM: `[u8; 128]` slot description, NUL-terminated.
        pub const DESCRIPTION: usize = 0x0C;
        /// SVGM: LE `u32` world id (WORLD.INI).
        pub const WORLD_ID: usize = 0x8C;
        /// SVGM: `[u8; 128]` stored bitmap file name.
        pub const BITMAP: usize = 0x90;
        /// The two text fields' length.
        pub const TEXT_LEN: usize = 128;
        /// `SVGV` payload length of version 1.31.
        pub const SVGV_LEN: usize = 1542;
        /// `SVIT` record length.
        pub const ITEM_LEN: usize = 22;
        /// SVIT record: `u8` visibility.
        pub const ITEM_HIDE: usize = 0x00;
        /// SVIT record: `u8` retained state byte.
        pub const ITEM_STATE: usize = 0x01;
        /// SVIT record: LE `i32` total limit.
        pub const ITEM_TOTAL: usize = 0x02;
        /// SVIT record: LE `i32` player ownership limit.
        pub const ITEM_PLAYER_MAX: usize = 0x06;
        /// SVIT record: LE `i32` owned count.
        pub const ITEM_PLAYER_TOTAL: usize = 0x0A;
    }
}

/// The clock fields of `SVGV` ({D:formats/SAVEGAME.md} "General state and clock"): each a
/// four-byte LE word at the named offset of the payload.
pub mod clock {
    /// Last FPS measurement baseline, BIOS ticks.
    pub const MEASUREMENT_BASELINE: usize = 0x094;
    /// BIOS ticks retained toward the next measurement window.
    pub const MEASUREMENT_REMAINDER: usize = 0x098;
    /// Measured frame rate.
    pub const MEASURED_FPS: usize = 0x09C;
    /// Next movement scale (8 fractional bits).
    pub const NEXT_SCALE: usize = 0x0A0;
    /// Last computed whole nominal-tick increment.
    pub const NOMINAL_INCREMENT: usize = 0x0A4;
    /// Last computed finer-clock increment.
    pub const FINE_INCREMENT: usize = 0x0A8;
    /// Remaining startup invocations.
    pub const WARMUP: usize = 0x0AC;
    /// Last sampled BIOS tick.
    pub const BIOS_SAMPLE: usize = 0x0B4;
    /// Frames counted toward the next measurement.
    pub const MEASUREMENT_FRAMES: usize = 0x0B8;
    /// Smoothed frame rate.
    pub const SMOOTHED_FPS: usize = 0x0C0;
    /// Exposed movement scale.
    pub const FRAME_SCALE: usize = 0x0C4;
    /// Exposed whole nominal-tick increment.
    pub const EXPOSED_NOMINAL_TICKS: usize = 0x0C8;
    /// Nominal-tick accumulator with eight fractional bits.
    pub const NOMINAL_SCALED_TOTAL: usize = 0x0D0;
    /// Exposed finer-clock increment.
    pub const EXPOSED_FINE_TICKS: usize = 0x0D8;
    /// Fine-tick accumulator with five fractional bits.
    pub const FINE_SCALED_TOTAL: usize = 0x0E0;
    /// Minimum FPS setting.
    pub const MIN_FRAME_RATE: usize = 0x0E8;
    /// Maximum FPS setting.
    pub const MAX_FRAME_RATE: usize = 0x0EC;
    /// Smoothed-FPS switch.
    pub const USE_SMOOTH_FPS: usize = 0x0F0;
    /// Movement-scale smoothing switch.
    pub const USE_SMOOTH_DIVISOR: usize = 0x0F4;
    /// Normal frame rate × 256.
    pub const NORMAL_RATE_SCALED: usize = 0x0F8;
}

/// The metadata chunk's tag.
pub const TAG_SVGM: [u8; 4] = *b"SVGM";
/// The global flags' tag.
pub const TAG_SVGF: [u8; 4] = *b"SVGF";
/// The general state and clock's tag.
pub const TAG_SVGV: [u8; 4] = *b"SVGV";
/// The inventory's tag.
pub const TAG_SVIT: [u8; 4] = *b"SVIT";
/// Stros's own chunk: the session record the object state is rebuilt from (`docs/save.md`).
pub const TAG_STRS: [u8; 4] = *b"STRS";
/// The end marker (no length field).
pub use super::chunks::TAG_END;
/// The version text Stros reads and writes.
pub const VERSION: [u8; 4] = *b"1.31";

const fn err(kind: ErrorKind, offset: usize) -> FormatError {
    FormatError::new(Format::Save, kind, offset)
}

/// A view over a save container.
#[derive(Clone, Copy, Debug)]
pub struct Save<'a> {
    data: &'a [u8],
    svgm: &'a [u8],
    flags: Option<&'a [u8]>,
    clock: Option<&'a [u8]>,
    items: Option<&'a [u8]>,
    stros: Option<&'a str>,
}

/// The `SVGF` chunk: flag values and state bytes in installed order.
#[derive(Clone, Copy, Debug)]
pub struct SavedFlags<'a>(&'a [u8]);

/// One `SVIT` record.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SavedItem {
    /// Visibility.
    pub hide: u8,
    /// The retained state byte.
    pub state: u8,
    /// The total limit.
    pub total: i32,
    /// The player's ownership limit.
    pub player_max: i32,
    /// The owned count.
    pub player_total: i32,
}

/// The `SVIT` chunk: records in initialized item order, then the selected id.
#[derive(Clone, Copy, Debug)]
pub struct SavedItems<'a>(&'a [u8]);

impl<'a> Save<'a> {
    /// Walks the chunks to `END ` and checks the ones Stros reads (see the module text).
    pub fn new_checked(data: &'a [u8]) -> Result<Self, FormatError> {
        let mut s = Save { data, svgm: &[], flags: None, clock: None, items: None, stros: None };
        for c in Chunks::new(data, Format::Save) {
            let Chunk { tag, at, body, payload } = c?;
            let len = payload.len();
            let bad_size = err(ErrorKind::BadSize, at + 4);
            match tag {
                _ if at == 0 && tag != TAG_SVGM => return Err(err(ErrorKind::BadMagic, 0)),
                TAG_SVGM if at != 0 => return Err(err(ErrorKind::Invalid("a second SVGM chunk"), at)),
                TAG_SVGM if len != field::SVGM_LEN => return Err(bad_size),
                TAG_SVGM if payload[..4] != VERSION => return Err(err(ErrorKind::BadMagic, body)),
                TAG_SVGM => s.svgm = payload,
                TAG_SVGF => {
                    let count = bytes::u32_le(payload, 0).ok_or(bad_size)? as usize;
                    if count.checked_mul(5).and_then(|n| n.checked_add(4)) != Some(len) {
                        return Err(bad_size);
                    }
                    s.flags = Some(payload);
                }
                TAG_SVGV if len != field::SVGV_LEN => return Err(bad_size),
                TAG_SVGV => s.clock = Some(payload),
                TAG_SVIT if len < 4 || !(len - 4).is_multiple_of(field::ITEM_LEN) => return Err(bad_size),
                TAG_SVIT => s.items = Some(payload),
                TAG_STRS => {
                    let text = core::str::from_utf8(payload)
                        .map_err(|e| err(ErrorKind::Invalid("STRS is not UTF-8"), body + e.valid_up_to()))?;
                    s.stros = Some(text);
                }
                _ => {}
            }
        }
        Ok(s)
    }

    /// The whole container.
    pub const fn bytes(&self) -> &'a [u8] {
        self.data
    }

    /// The two engine compatibility values.
    pub fn compatibility(&self) -> [u32; 2] {
        [field::COMPAT_A, field::COMPAT_B].map(|o| bytes::u32_le(self.svgm, o).unwrap_or(0))
    }

    /// The slot's description, up to its first NUL.
    pub fn description(&self) -> &'a [u8] {
        text(self.svgm, field::DESCRIPTION)
    }

    /// The world the save was made in (a WORLD.INI id).
    pub fn world_id(&self) -> u32 {
        bytes::u32_le(self.svgm, field::WORLD_ID).unwrap_or(0)
    }

    /// The stored bitmap file name, up to its first NUL.
    pub fn bitmap(&self) -> &'a [u8] {
        text(self.svgm, field::BITMAP)
    }

    /// The global flags, when the save has them.
    pub const fn flags(&self) -> Option<SavedFlags<'a>> {
        match self.flags {
            Some(p) => Some(SavedFlags(p)),
            None => None,
        }
    }

    /// Clock word `offset` of `SVGV` ([`clock`]), when the save has the chunk.
    pub fn clock(&self, offset: usize) -> Option<u32> {
        bytes::u32_le(self.clock?, offset)
    }

    /// The inventory, when the save has it.
    pub const fn items(&self) -> Option<SavedItems<'a>> {
        match self.items {
            Some(p) => Some(SavedItems(p)),
            None => None,
        }
    }

    /// Stros's session record (`STRS`), when the save has one.
    pub const fn stros(&self) -> Option<&'a str> {
        self.stros
    }

    /// Every chunk but `END `, in file order: tag and payload.
    pub fn chunks(&self) -> impl Iterator<Item = ([u8; 4], &'a [u8])> + 'a {
        Chunks::new(self.data, Format::Save).map_while(Result::ok).map(|c| (c.tag, c.payload))
    }
}

fn text(payload: &[u8], at: usize) -> &[u8] {
    let t = bytes::slice(payload, at, field::TEXT_LEN).unwrap_or(&[]);
    &t[..t.iter().position(|&b| b == 0).unwrap_or(t.len())]
}

impl SavedFlags<'_> {
    /// Flags saved.
    pub fn len(&self) -> usize {
        bytes::u32_le(self.0, 0).unwrap_or(0) as usize
    }
    /// Whether none are.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Flag `k`'s value.
    pub fn value(&self, k: usize) -> Option<i32> {
        (k < self.len()).then(|| bytes::i32_le(self.0, 4 + 4 * k)).flatten()
    }
    /// Flag `k`'s kind and latch byte.
    pub fn state(&self, k: usize) -> Option<u8> {
        (k < self.len()).then(|| bytes::u8_at(self.0, 4 + 4 * self.len() + k)).flatten()
    }
}

impl SavedItems<'_> {
    /// Records saved (one fewer than initialization creates).
    pub fn len(&self) -> usize {
        (self.0.len() - 4) / field::ITEM_LEN
    }
    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Record `k`.
    pub fn record(&self, k: usize) -> Option<SavedItem> {
        let r = bytes::slice(self.0, k.checked_mul(field::ITEM_LEN)?, field::ITEM_LEN)?;
        Some(SavedItem {
            hide: r[field::ITEM_HIDE],
            state: r[field::ITEM_STATE],
            total: bytes::i32_le(r, field::ITEM_TOTAL)?,
            player_max: bytes::i32_le(r, field::ITEM_PLAYER_MAX)?,
            player_total: bytes::i32_le(r, field::ITEM_PLAYER_TOTAL)?,
        })
        .filter(|_| k < self.len())
    }
    /// The selected item's full id (-1: none).
    pub fn selected(&self) -> i32 {
        bytes::i32_le(self.0, self.0.len() - 4).unwrap_or(-1)
    }
}

/// Writes a save container chunk by chunk into `out` (what [`Save::new_checked`] reads).
pub struct Writer<'w> {
    out: &'w mut dyn FnMut(&[u8]),
}

impl<'w> Writer<'w> {
    /// A writer handing its bytes to `out`.
    pub fn new(out: &'w mut dyn FnMut(&[u8])) -> Self {
        Writer { out }
    }

    /// A chunk `tag` whose payload is the concatenation of `parts`.
    pub fn chunk(&mut self, tag: [u8; 4], parts: &[&[u8]]) {
        let len: usize = parts.iter().map(|p| p.len()).sum();
        (self.out)(&tag);
        (self.out)(&(len as u32).to_be_bytes());
        for p in parts {
            (self.out)(p);
        }
    }

    /// The `SVGM` chunk: version 1.31, compatibility values, `description` and `bitmap`
    /// (each cut to 127 bytes and NUL-terminated), `world`.
    pub fn metadata(&mut self, compatibility: [u32; 2], description: &[u8], world: u32, bitmap: &[u8]) {
        let mut p = [0u8; field::SVGM_LEN];
        p[..4].copy_from_slice(&VERSION);
        p[field::COMPAT_A..][..4].copy_from_slice(&compatibility[0].to_le_bytes());
        p[field::COMPAT_B..][..4].copy_from_slice(&compatibility[1].to_le_bytes());
        for (at, t) in [(field::DESCRIPTION, description), (field::BITMAP, bitmap)] {
            let n = t.len().min(field::TEXT_LEN - 1);
            p[at..at + n].copy_from_slice(&t[..n]);
        }
        p[field::WORLD_ID..][..4].copy_from_slice(&world.to_le_bytes());
        self.chunk(TAG_SVGM, &[&p]);
    }

    /// The `SVGF` chunk of `count` flags, `value(k)` and `state(k)` each.
    pub fn flags(&mut self, count: usize, value: impl Fn(usize) -> i32, state: impl Fn(usize) -> u8) {
        (self.out)(&TAG_SVGF);
        (self.out)(&((4 + 5 * count) as u32).to_be_bytes());
        (self.out)(&(count as u32).to_le_bytes());
        for k in 0..count {
            (self.out)(&value(k).to_le_bytes());
        }
        for k in 0..count {
            (self.out)(&[state(k)]);
        }
    }

    /// The `SVIT` chunk: `count` records from `records` (defaults past their end) and the
    /// selected id (-1 for none).
    pub fn items(&mut self, count: usize, records: impl Iterator<Item = SavedItem>, selected: i32) {
        (self.out)(&TAG_SVIT);
        (self.out)(&((field::ITEM_LEN * count + 4) as u32).to_be_bytes());
        for r in records.chain(core::iter::repeat(SavedItem::default())).take(count) {
            let mut b = [0u8; field::ITEM_LEN];
            (b[field::ITEM_HIDE], b[field::ITEM_STATE]) = (r.hide, r.state);
            b[field::ITEM_TOTAL..][..4].copy_from_slice(&r.total.to_le_bytes());
            b[field::ITEM_PLAYER_MAX..][..4].copy_from_slice(&r.player_max.to_le_bytes());
            b[field::ITEM_PLAYER_TOTAL..][..4].copy_from_slice(&r.player_total.to_le_bytes());
            (self.out)(&b);
        }
        (self.out)(&selected.to_le_bytes());
    }

    /// The end marker.
    pub fn end(&mut self) {
        (self.out)(&TAG_END);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(f: impl FnOnce(&mut Writer<'_>)) -> heapless::Vec<u8, 4096> {
        let mut v = heapless::Vec::new();
        let mut out = |b: &[u8]| v.extend_from_slice(b).unwrap();
        f(&mut Writer::new(&mut out));
        v
    }

    fn sample() -> heapless::Vec<u8, 4096> {
        written(|w| {
            w.metadata([7, 9], b"By the pier", 2, b"SAVE0.BMP");
            w.flags(3, |k| [5, -1, 0][k], |k| [0x10, 0, 0x21][k]);
            w.chunk(TAG_SVGV, &[&[0u8; field::SVGV_LEN]]);
            w.chunk(*b"SMOB", &[b"passed over"]);
            let items = [SavedItem { hide: 1, state: 0, total: 5, player_max: 3, player_total: 2 }];
            w.items(items.len(), items.into_iter(), 4);
            w.chunk(TAG_STRS, &[b"marker = 1\n"]);
            w.end();
        })
    }

    /// Written and read back: every field as written; SVGF's length is 4 + 5 × 3 = 19,
    /// SVIT's 22 + 4 = 26.
    #[test]
    fn round_trip() {
        let d = sample();
        let s = Save::new_checked(&d).unwrap();
        assert_eq!(
            (s.compatibility(), s.description(), s.world_id(), s.bitmap()),
            ([7, 9], &b"By the pier"[..], 2, &b"SAVE0.BMP"[..])
        );
        let f = s.flags().unwrap();
        assert_eq!(
            (f.len(), f.value(0), f.value(1), f.state(2), f.value(3)),
            (3, Some(5), Some(-1), Some(0x21), None)
        );
        let svgf = s.chunks().find(|c| c.0 == TAG_SVGF).unwrap().1;
        assert_eq!(svgf.len(), 19);
        let i = s.items().unwrap();
        assert_eq!((i.len(), i.selected(), i.record(1)), (1, 4, None));
        assert_eq!(i.record(0).unwrap().player_total, 2);
        assert_eq!(s.chunks().find(|c| c.0 == TAG_SVIT).unwrap().1.len(), 26);
        assert_eq!(s.stros(), Some("marker = 1\n"));
        assert_eq!(s.chunks().count(), 6);
        assert_eq!(s.clock(clock::NEXT_SCALE), Some(0));
    }

    /// Every cut of the sample fails with an error (never a panic); bad lengths and tags
    /// are named.
    #[test]
    fn damaged() {
        let d = sample();
        for n in 0..d.len() {
            assert!(Save::new_checked(&d[..n]).is_err(), "cut at {n}");
        }
        let mut bad = d.clone();
        bad[0] = b'X';
        assert_eq!(Save::new_checked(&bad).unwrap_err().kind, ErrorKind::BadMagic);
        let mut bad = d.clone();
        bad[8..12].copy_from_slice(b"1.30");
        assert_eq!(Save::new_checked(&bad).unwrap_err().kind, ErrorKind::BadMagic);
        // SVGF claims 4 flags: 4 + 20 ≠ 19.
        let mut bad = d.clone();
        let f = 8 + field::SVGM_LEN + 8;
        bad[f] = 4;
        assert_eq!(
            Save::new_checked(&bad).unwrap_err(),
            FormatError::new(Format::Save, ErrorKind::BadSize, f - 4)
        );
    }
}
