//! SURFACE.INI's surface assignments ({E§1.7}, {D:config/surface-ini.md}):
//! `set, index, type` records of the `[surfaces]` section map a texture key to the surface
//! class an actor standing on it stores.
//!
//! The loader keeps the records in file order; a lookup of key `(set << 7) | index` takes
//! the first match, stops at a record whose own key is zero (so `0, 0, …` hides every later
//! record), and answers 0 (`unknown`) without a match. `all` is read by the decimal reader
//! and becomes index 0 — not a wildcard, whatever the shipped comments say.
//!
//! The twelve sound sections (`[unknown]` … `[gloop]`) remap animation `PlaySound` effects
//! by the actor's stored surface ("SURFACE.INI remap" of the {D:engine/sound.md}): each
//! row starts as the identity, `<source> = <target>` records (the `=` optional) overwrite it
//! in file order, sources must be 0–255, targets keep their low 16 bits.

use core::fmt;

/// Most assignment records kept (the shipped file has a few hundred).
pub const MAX_ASSIGNMENTS: usize = 1024;
/// Largest texture set.
pub const MAX_SET: i32 = 511;
/// Largest texture index.
pub const MAX_INDEX: i32 = 127;

/// Surface class codes.
pub mod class {
    /// `unknown`.
    pub const UNKNOWN: u8 = 0;
    /// `water`.
    pub const WATER: u8 = 1;
    /// `deepwater`.
    pub const DEEPWATER: u8 = 2;
    /// `scapewater`.
    pub const SCAPEWATER: u8 = 3;
    /// `scapedeepwater`.
    pub const SCAPEDEEPWATER: u8 = 4;
    /// `lava`.
    pub const LAVA: u8 = 5;
    /// `sand`.
    pub const SAND: u8 = 6;
    /// `wood`.
    pub const WOOD: u8 = 7;
    /// `tile`.
    pub const TILE: u8 = 8;
    /// `scape`.
    pub const SCAPE: u8 = 9;
    /// `rock`.
    pub const ROCK: u8 = 10;
    /// `gloop`.
    pub const GLOOP: u8 = 11;
    /// Names in code order.
    pub const NAMES: [&str; 12] = [
        "unknown",
        "water",
        "deepwater",
        "scapewater",
        "scapedeepwater",
        "lava",
        "sand",
        "wood",
        "tile",
        "scape",
        "rock",
        "gloop",
    ];
}

/// What was wrong with a SURFACE.INI text, and on which line (1-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SurfaceError {
    /// The file has no `[surfaces]` section.
    NoSurfaces,
    /// A record is not `set, index, type`.
    Malformed {
        /// 1-based line.
        line: usize,
    },
    /// A set outside 0..=511 or an index outside 0..=127.
    OutOfRange {
        /// 1-based line.
        line: usize,
    },
    /// A surface name that is not one of the twelve classes.
    UnknownClass {
        /// 1-based line.
        line: usize,
    },
    /// More records than [`MAX_ASSIGNMENTS`].
    TooMany {
        /// 1-based line.
        line: usize,
    },
    /// A sound record that is not `<source> = <target>` with a source in 0–255.
    BadSound {
        /// 1-based line.
        line: usize,
    },
}

impl fmt::Display for SurfaceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SurfaceError::NoSurfaces => write!(f, "SURFACE.INI: no [surfaces] section"),
            SurfaceError::Malformed { line } => write!(f, "SURFACE.INI line {line}: not `set, index, type`"),
            SurfaceError::OutOfRange { line } => {
                write!(f, "SURFACE.INI line {line}: set above 511 or index above 127")
            }
            SurfaceError::UnknownClass { line } => write!(f, "SURFACE.INI line {line}: unknown surface type"),
            SurfaceError::TooMany { line } => {
                write!(f, "SURFACE.INI line {line}: more than {MAX_ASSIGNMENTS} assignments")
            }
            SurfaceError::BadSound { line } => {
                write!(f, "SURFACE.INI line {line}: not `<source 0-255> = <target>`")
            }
        }
    }
}

/// Sound remap rows: one per surface class.
pub const SOUND_ROWS: usize = 12;

/// The surface assignments, in file order, and the sound remap rows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SurfaceTable {
    records: heapless::Vec<(u16, u8), MAX_ASSIGNMENTS>,
    sounds: [[u16; 256]; SOUND_ROWS],
}

impl Default for SurfaceTable {
    fn default() -> Self {
        SurfaceTable::new()
    }
}

/// The identity remap row.
const IDENTITY: [u16; 256] = {
    let mut row = [0u16; 256];
    let mut k = 0;
    while k < 256 {
        row[k] = k as u16;
        k += 1;
    }
    row
};

/// A token's leading decimal digits, which must exist.
fn digits(token: &str) -> Option<i64> {
    let t = token.trim();
    let d: &str = &t[..t.bytes().take_while(u8::is_ascii_digit).count()];
    if d.is_empty() {
        return None;
    }
    d.bytes()
        .try_fold(0i64, |n, b| n.checked_mul(10)?.checked_add((b - b'0') as i64))
        .filter(|&n| n <= i32::MAX as i64)
}

/// The decimal reader's value of a token: optional sign, leading digits, else 0.
fn decimal(token: &str) -> i32 {
    crate::formats::ini::parse_int(token).unwrap_or(i32::MAX)
}

impl SurfaceTable {
    /// An empty table: every lookup answers `unknown`, every sound row is the identity.
    pub const fn new() -> Self {
        SurfaceTable { records: heapless::Vec::new(), sounds: [IDENTITY; SOUND_ROWS] }
    }

    /// Reads the `[surfaces]` section of `text`.
    pub fn parse(text: &str) -> Result<Self, SurfaceError> {
        let mut table = SurfaceTable::new();
        table.parse_into(text)?;
        Ok(table)
    }

    /// Empties the table where it is: [`SurfaceTable::new`]'s contents.
    pub fn clear(&mut self) {
        self.records.clear();
        self.sounds = [IDENTITY; SOUND_ROWS];
    }

    /// [`SurfaceTable::parse`] into this table, emptied first and filled where it is (the
    /// table is 10 KiB: a small machine's loader keeps it off its stack).
    pub fn parse_into(&mut self, text: &str) -> Result<(), SurfaceError> {
        self.clear();
        let table = self;
        let mut section_seen = false;
        let mut in_surfaces = false;
        let mut sound_row: Option<usize> = None;
        for (i, raw) in text.split('\n').enumerate() {
            let line = i + 1;
            let body = raw.split(';').next().unwrap_or("").trim();
            if let Some(rest) = body.strip_prefix('[') {
                let name = rest.split(']').next().unwrap_or("").trim();
                in_surfaces = name.eq_ignore_ascii_case("surfaces");
                section_seen |= in_surfaces;
                sound_row = class::NAMES.iter().position(|n| n.eq_ignore_ascii_case(name));
                continue;
            }
            if body.is_empty() {
                continue;
            }
            if let Some(row) = sound_row {
                // `<source> = <target>`, the equals sign optional.
                let bad = SurfaceError::BadSound { line };
                let (source, target) = match body.split_once('=') {
                    Some((a, b)) => (a, b),
                    None => body.split_once(char::is_whitespace).ok_or(bad)?,
                };
                let source = digits(source).filter(|&n| n <= 255).ok_or(bad)?;
                let target = digits(target.split_whitespace().next().unwrap_or("")).ok_or(bad)?;
                table.sounds[row][source as usize] = target as u16;
                continue;
            }
            if !in_surfaces {
                continue;
            }
            let mut parts = body.split(',').map(str::trim);
            let (Some(set), Some(index), Some(kind)) = (parts.next(), parts.next(), parts.next()) else {
                return Err(SurfaceError::Malformed { line });
            };
            let (set, index) = (decimal(set), decimal(index));
            if !(0..=MAX_SET).contains(&set) || !(0..=MAX_INDEX).contains(&index) {
                return Err(SurfaceError::OutOfRange { line });
            }
            let code = class::NAMES
                .iter()
                .position(|n| n.eq_ignore_ascii_case(kind))
                .ok_or(SurfaceError::UnknownClass { line })?;
            table
                .records
                .push((((set as u16) << 7) | index as u16, code as u8))
                .map_err(|_| SurfaceError::TooMany { line })?;
        }
        if !section_seen {
            return Err(SurfaceError::NoSurfaces);
        }
        Ok(())
    }

    /// The surface of texture `set`, `index`: the first record with that key; a record whose
    /// key is zero ends the search; no match is 0.
    pub fn lookup(&self, set: u16, index: u8) -> u8 {
        let key = ((set as u32) << 7 | index as u32) & 0xFFFF;
        for &(k, surface) in &self.records {
            if k == 0 {
                break;
            }
            if k as u32 == key {
                return surface;
            }
        }
        class::UNKNOWN
    }

    /// The surface of a v4/v5 model face's texture word: solid colours resolve to key 0 and
    /// therefore to 0; images to their bank and image.
    pub fn model_surface(&self, texture_word: u32) -> u8 {
        match crate::formats::model::Texture::from_v4(texture_word) {
            crate::formats::model::Texture::Image { bank, image } if (0..=MAX_SET).contains(&bank) => {
                self.lookup(bank as u16, (image & 0x7F) as u8)
            }
            _ => class::UNKNOWN,
        }
    }

    /// The effect animation `PlaySound` plays for `effect` on `surface`: surface 0 bypasses
    /// the table, rows 1–11 remap sources 0–255; code 12 (past the table, undefined in the
    /// original), larger codes and sources outside 0–255 keep the effect.
    pub fn remap_sound(&self, surface: u8, effect: i16) -> i16 {
        match (surface, u8::try_from(effect)) {
            (1..=11, Ok(source)) => self.sounds[surface as usize][source as usize] as i16,
            _ => effect,
        }
    }

    /// Number of records.
    pub fn len(&self) -> usize {
        self.records.len()
    }

    /// Whether there are no records.
    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_match_wins_and_all_is_index_zero() {
        let t = SurfaceTable::parse(
            "; comment\n[surfaces]\n302, 1, sand\n302, 1, rock\n302, all, water\n310, 5, WOOD\n[sand]\n4 = 108\n",
        )
        .unwrap();
        assert_eq!(t.len(), 4);
        assert_eq!(t.lookup(302, 1), class::SAND, "first record of a key wins");
        assert_eq!(t.lookup(302, 0), class::WATER, "`all` reads as index 0");
        assert_eq!(t.lookup(302, 2), class::UNKNOWN);
        assert_eq!(t.lookup(310, 5), class::WOOD);
    }

    #[test]
    fn sound_rows_remap_by_surface() {
        let t = SurfaceTable::parse(
            "[surfaces]\n302, 1, sand\n[sand]\n4 = 108\n4 = 109 ; later wins\n[wood]\n4 89\n[unknown]\n4 = 7\n[water]\n5 = 70000\n",
        )
        .unwrap();
        assert_eq!(t.remap_sound(class::SAND, 4), 109);
        assert_eq!(t.remap_sound(class::WOOD, 4), 89);
        assert_eq!(t.remap_sound(class::UNKNOWN, 4), 4, "surface 0 bypasses even [unknown]");
        assert_eq!(t.remap_sound(class::WATER, 5), 70000u32 as u16 as i16, "targets keep 16 bits");
        assert_eq!(t.remap_sound(class::ROCK, 4), 4, "identity rows");
        assert_eq!(t.remap_sound(12, 4), 4);
        assert_eq!(t.remap_sound(class::SAND, -3), -3);
        assert_eq!(t.remap_sound(class::SAND, 300), 300);
        assert_eq!(
            SurfaceTable::parse("[surfaces]\n[sand]\n256 = 1\n"),
            Err(SurfaceError::BadSound { line: 3 })
        );
        assert_eq!(
            SurfaceTable::parse("[surfaces]\n[sand]\nx = 1\n"),
            Err(SurfaceError::BadSound { line: 3 })
        );
    }

    #[test]
    fn a_zero_key_ends_the_search() {
        let t = SurfaceTable::parse("[surfaces]\n0, 0, lava\n302, 1, sand\n").unwrap();
        assert_eq!(t.lookup(302, 1), class::UNKNOWN);
    }

    #[test]
    fn errors_name_the_line() {
        assert_eq!(SurfaceTable::parse("[water]\n1=2\n"), Err(SurfaceError::NoSurfaces));
        assert_eq!(SurfaceTable::parse("[surfaces]\n302, 1\n"), Err(SurfaceError::Malformed { line: 2 }));
        assert_eq!(
            SurfaceTable::parse("[surfaces]\n512, 1, sand\n"),
            Err(SurfaceError::OutOfRange { line: 2 })
        );
        assert_eq!(
            SurfaceTable::parse("[surfaces]\n302, 128, sand\n"),
            Err(SurfaceError::OutOfRange { line: 2 })
        );
        assert_eq!(
            SurfaceTable::parse("[surfaces]\n\n302, 1, mud\n"),
            Err(SurfaceError::UnknownClass { line: 3 })
        );
    }
}
