//! SURFACE.INI's surface assignments (engine summary §1.7, newest `config/surface-ini.md`):
//! `set, index, type` records of the `[surfaces]` section map a texture key to the surface
//! class an actor standing on it stores.
//!
//! The loader keeps the records in file order; a lookup of key `(set << 7) | index` takes
//! the first match, stops at a record whose own key is zero (so `0, 0, …` hides every later
//! record), and answers 0 (`unknown`) without a match. `all` is read by the decimal reader
//! and becomes index 0 — not a wildcard, whatever the shipped comments say. The sound remap
//! sections are the audio issue's; this reader skips them.

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
        }
    }
}

/// The surface assignments, in file order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SurfaceTable {
    records: heapless::Vec<(u16, u8), MAX_ASSIGNMENTS>,
}

/// The decimal reader's value of a token: optional sign, leading digits, else 0.
fn decimal(token: &str) -> i32 {
    crate::formats::ini::parse_int(token).unwrap_or(i32::MAX)
}

impl SurfaceTable {
    /// An empty table: every lookup answers `unknown`.
    pub const fn new() -> Self {
        SurfaceTable { records: heapless::Vec::new() }
    }

    /// Reads the `[surfaces]` section of `text`.
    pub fn parse(text: &str) -> Result<Self, SurfaceError> {
        let mut table = SurfaceTable::new();
        let mut section_seen = false;
        let mut in_surfaces = false;
        for (i, raw) in text.split('\n').enumerate() {
            let line = i + 1;
            let body = raw.split(';').next().unwrap_or("").trim();
            if let Some(rest) = body.strip_prefix('[') {
                let name = rest.split(']').next().unwrap_or("").trim();
                in_surfaces = name.eq_ignore_ascii_case("surfaces");
                section_seen |= in_surfaces;
                continue;
            }
            if !in_surfaces || body.is_empty() {
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
        Ok(table)
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
