//! WORLD.INI, the world catalog ({D:config/world-ini.md}): one `[world]` section holding the
//! new-game start, the test-map loop and, for each world index `N`, records named
//! `key[N]` — the scene, terrain, palette, lighting, sky, sun disc, terrain height offset,
//! water waves, PVO node maps and rain of that world.
//!
//! The text goes through the [`ini`](super::ini) reader's rules: names compare without
//! case, the first record of a name wins, `;` starts a comment, a missing or empty value
//! reads as zero and integers are read the `atoi` way ([`parse_int`]). The engine looks a
//! record up by the name it prints (`world_map[17]`), so a record is found only under that
//! exact spelling: the shipped typo `orld_ambientfx[8]` matches nothing, and neither do
//! `world_map[017]` or `world_map[ 17]`.
//!
//! A world exists when the first `world_map[N]` record has a non-empty value and `N` is
//! 0 through [`MAX_WORLD`], the indices `LoadWorld` accepts ({D:engine/SOUP.md} "Session
//! requests: LoadWorld, WonGame, PushPlayer and PopPlayer"). Paths are returned as written
//! (backslashes, any case); resolving them against an install is the host's job
//! ([`base_name`] and [`split_path`] help).
//!
//! [`WorldIni::new_checked`] rejects, naming the 1-based line:
//! - what [`Ini::new_checked`] rejects: a line over [`MAX_LINE`](super::ini::MAX_LINE) bytes
//!   or a `[section` without `]` (the original's fixed line buffer);
//! - a number that does not fit in 32 bits in a record an accessor reads: the first record
//!   of an integer key of the globals, or of a world that exists (for lists, the components
//!   read; for `test_map_order`, those up to its `-2`), which [`Ini::int`] would refuse the
//!   same way. A later duplicate, a key of an index without a world, or a path is never
//!   read as a number, so it is not checked.
//!
//! Every lookup is one pass over the text (no index is built: nothing is allocated), and
//! after the check no accessor fails or panics.

use core::fmt;

use super::ini::{Entry, Ini, IniError, parse_int};

/// Highest world index: `LoadWorld` accepts 0 through 99 ({D:engine/SOUP.md} "Session
/// requests: LoadWorld, WonGame, PushPlayer and PopPlayer").
pub const MAX_WORLD: u16 = 99;

/// Ambient channels of Glide terrain lighting when `world_ambientrgb` is absent
/// ({D:engine/terrain-lighting.md} "World inputs"); [`WorldEntry::ambientrgb`] is `None` then.
pub const DEFAULT_AMBIENT_RGB: [i32; 3] = [128, 128, 128];
/// Directional channels when `world_sunrgb` is absent ({D:engine/terrain-lighting.md}
/// "World inputs").
pub const DEFAULT_SUN_RGB: [i32; 3] = [128, 128, 100];
/// Sun-disc tint when `world_sunimgrgb` is absent ({D:engine/sky.md} "Sun disc").
pub const DEFAULT_SUNIMG_RGB: [i32; 3] = [255, 255, 200];

/// The names of the section and its keys, as the engine prints them (the writer in
/// `stros-tools` emits through these too).
pub mod key {
    /// The one section ({D:config/world-ini.md} "File Structure").
    pub const SECTION: &str = "world";
    /// World index of a new game ({D:config/world-ini.md} "Global Keys").
    pub const START_WORLD: &str = "start_world";
    /// Start marker of a new game.
    pub const START_MARKER: &str = "start_marker";
    /// Seconds between worlds of the test-map loop.
    pub const TEST_MAP_DELAY: &str = "test_map_delay";
    /// The test-map loop's world indices, ended by `-2`.
    pub const TEST_MAP_ORDER: &str = "test_map_order";
    /// Prefix of the numbered node-map keys: `world_node_map1[N]`, `world_node_map2[N]`, …
    /// ({D:config/world-ini.md} "PVO Visibility").
    pub const NODE_MAP: &str = "world_node_map";
    /// Prefix of the numbered rain-sphere keys: `world_rain_sphere1[N]`, …
    /// ({D:config/world-ini.md} "Rain / Weather").
    pub const RAIN_SPHERE: &str = "world_rain_sphere";
    /// Every other per-world key, in the order of the docs' tables ({D:config/world-ini.md}
    /// "Per-World Keys"), which is also the order of [`super::WorldEntry`]'s fields.
    pub const PER_WORLD: [&str; 34] = super::Field::NAMES;
}

/// Declares [`Field`], its list and its key names from one table, so they cannot disagree.
macro_rules! fields {
    ($($field:ident = $name:literal,)*) => {
        /// One per-world key of [`key::PER_WORLD`], by position.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        #[repr(u8)]
        enum Field {
            $($field,)*
        }

        impl Field {
            const ALL: [Field; 34] = [$(Field::$field,)*];
            const NAMES: [&'static str; 34] = [$($name,)*];
        }
    };
}

fields! {
    Map = "world_map",
    World = "world_world",
    Redbook = "world_redbook",
    Palette = "world_palette",
    Shade = "world_shade",
    Haze = "world_haze",
    BackPlane = "world_back_plane",
    Background = "world_background",
    Compass = "world_compass",
    FlashFilename = "world_flash_filename",
    Sun = "world_sun",
    Ambient = "world_ambient",
    AmbientFx = "world_ambientfx",
    AmbientRgb = "world_ambientrgb",
    SunAngle = "world_sunangle",
    SunSkew = "world_sunskew",
    SunRgb = "world_sunrgb",
    FogRgb = "world_fogrgb",
    Sky = "world_sky",
    SkyFx = "world_skyfx",
    SkyScale = "world_skyscale",
    SkyLevel = "world_skylevel",
    SkySpeed = "world_skyspeed",
    SkyXRotate = "world_sky_xrotate",
    SkyYRotate = "world_sky_yrotate",
    SunImg = "world_sunimg",
    SunImgRgb = "world_sunimgrgb",
    SunScale = "world_sunscale",
    ScapeShift = "world_scapeshift",
    Wave = "world_wave",
    RainDelay = "world_rain_delay",
    RainDrops = "world_rain_drops",
    RainStart = "world_rain_start",
    RainEnd = "world_rain_end",
}

impl Field {
    fn name(self) -> &'static str {
        Field::NAMES[self as usize]
    }

    /// How many integers the engine reads from the value (0: a path).
    fn numbers(self) -> usize {
        use Field::*;
        match self {
            Map | World | Palette | FlashFilename | Sky | SkyFx | SunImg => 0,
            Sun | SunRgb => 4,
            AmbientRgb | FogRgb | SunImgRgb | Wave => 3,
            _ => 1,
        }
    }
}

/// What a `[world]` key names, besides its world index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Name {
    Field(Field),
    NodeMap(u16),
    RainSphere(u16),
}

/// The name and world index of `key` when it is spelled exactly as the engine prints one
/// (`world_map[17]`, `world_node_map2[1]`; case aside).
fn parse_key(key: &str) -> Option<(Name, u16)> {
    let (name, rest) = key.split_once('[')?;
    let id = printed_number(rest.strip_suffix(']')?).filter(|&id| id <= MAX_WORLD)?;
    if let Some(&f) = Field::ALL.iter().find(|f| f.name().eq_ignore_ascii_case(name)) {
        return Some((Name::Field(f), id));
    }
    let numbered = |prefix: &str| {
        let head = name.get(..prefix.len()).filter(|h| h.eq_ignore_ascii_case(prefix))?;
        printed_number(&name[head.len()..]).filter(|&n| n >= 1)
    };
    if let Some(n) = numbered(key::NODE_MAP) {
        return Some((Name::NodeMap(n), id));
    }
    numbered(key::RAIN_SPHERE).map(|n| (Name::RainSphere(n), id))
}

/// `digits` as `%d` prints a number that fits in 16 bits: no sign, no space, no leading zero.
fn printed_number(digits: &str) -> Option<u16> {
    let b = digits.as_bytes();
    if b.is_empty() || b.len() > 5 || !b.iter().all(u8::is_ascii_digit) || (b[0] == b'0' && b.len() > 1) {
        return None;
    }
    digits.parse().ok()
}

/// The records of the `[world]` section, in file order.
fn records<'a>(ini: Ini<'a>) -> impl Iterator<Item = Entry<'a>> {
    ini.entries().filter(|e| e.section.eq_ignore_ascii_case(key::SECTION))
}

/// A value through the integer rules; overflow (refused by the check) reads as 0.
fn int(value: &str) -> i32 {
    parse_int(value).unwrap_or(0)
}

/// The first `N` comma-separated integers of `value`; a missing component is 0.
fn list<const N: usize>(value: &str) -> [i32; N] {
    let mut out = [0; N];
    for (slot, part) in out.iter_mut().zip(value.split(',')) {
        *slot = int(part);
    }
    out
}

/// A path or name: `None` when empty.
fn text(value: &str) -> Option<&str> {
    (!value.is_empty()).then_some(value)
}

/// `world_ambientfx` as world entry publishes it: kept in sixteen bits, a stored zero
/// replaced by 128, then read as signed ({D:engine/SOUP.md} "Environmental effect frame
/// submission").
pub fn ambientfx_word(value: i32) -> i16 {
    let stored = value as u16;
    // The zero-to-128 substitution: a missing key (0) and 65536 both become 128.
    (if stored == 0 { 128 } else { stored }) as i16
}

/// `world_scapeshift` as terrain setup takes it: the low signed 16-bit word
/// ({D:formats/WLD.md} "Height Values (Map 1)").
pub fn scapeshift_word(value: i32) -> i16 {
    value as i16
}

/// A validated view over WORLD.INI text.
#[derive(Clone, Copy, Debug)]
pub struct WorldIni<'a> {
    ini: Ini<'a>,
    /// Bit `N` set: world `N` exists (its first `world_map[N]` is non-empty).
    present: u128,
}

impl<'a> WorldIni<'a> {
    /// Wraps `text` without checking it. Accessors never panic; a number out of 32-bit range
    /// reads as 0.
    pub fn new_unchecked(text: &'a str) -> Self {
        let ini = Ini::new_unchecked(text);
        let (mut seen, mut present) = (0u128, 0u128);
        for r in records(ini) {
            if let Some((Name::Field(Field::Map), id)) = parse_key(r.key) {
                let bit = 1u128 << id;
                if seen & bit == 0 && !r.value.is_empty() {
                    present |= bit;
                }
                seen |= bit;
            }
        }
        WorldIni { ini, present }
    }

    /// Wraps `text` after checking it (the module docs say what is rejected and why).
    pub fn new_checked(text: &'a str) -> Result<Self, IniError> {
        Ini::new_checked(text)?;
        let w = Self::new_unchecked(text);
        for r in records(w.ini) {
            if !w.numbers_fit(&r) && w.is_first(&r) {
                return Err(IniError::NumberOutOfRange { line: r.line });
            }
        }
        Ok(w)
    }

    /// Whether every integer the accessors would read from record `r` fits in 32 bits.
    fn numbers_fit(&self, r: &Entry<'_>) -> bool {
        let global = |k: &str| r.key.eq_ignore_ascii_case(k);
        if global(key::START_WORLD) || global(key::START_MARKER) || global(key::TEST_MAP_DELAY) {
            return parse_int(r.value).is_some();
        }
        if global(key::TEST_MAP_ORDER) {
            let mut parts = Numbers::of(r.value);
            return parts.all(|n| n.is_some());
        }
        let count = match parse_key(r.key) {
            Some((name, id)) if self.contains(id) => match name {
                Name::Field(f) => f.numbers(),
                Name::NodeMap(_) => 0,
                Name::RainSphere(_) => 4,
            },
            _ => 0,
        };
        match count {
            0 => true,
            1 => parse_int(r.value).is_some(),
            n => r.value.split(',').take(n).all(|p| parse_int(p).is_some()),
        }
    }

    /// Whether `r` is the first `[world]` record of its key (the one lookups find).
    fn is_first(&self, r: &Entry<'_>) -> bool {
        records(self.ini).take_while(|e| e.line < r.line).all(|e| !e.key.eq_ignore_ascii_case(r.key))
    }

    /// The underlying INI view (every record, with line numbers).
    pub fn ini(&self) -> Ini<'a> {
        self.ini
    }

    fn global(&self, name: &str) -> i32 {
        self.ini.get(key::SECTION, name).map_or(0, |e| int(e.value))
    }

    /// `start_world`: the world a new game loads ({D:config/world-ini.md} "Global Keys";
    /// {D:engine/startup.md} "World loading screen"). 0 when missing or empty.
    pub fn start_world(&self) -> i32 {
        self.global(key::START_WORLD)
    }

    /// `start_marker`: the marker a new game starts at. 0 when missing or empty.
    pub fn start_marker(&self) -> i32 {
        self.global(key::START_MARKER)
    }

    /// `test_map_delay`: seconds between worlds of the test-map loop. 0 when missing or empty.
    pub fn test_map_delay(&self) -> i32 {
        self.global(key::TEST_MAP_DELAY)
    }

    /// `test_map_order`: the comma list of world indices, ending before the `-2` that
    /// terminates it (or at the end of the value). Empty when the key is missing or empty.
    pub fn test_map_order(&self) -> impl Iterator<Item = i32> + 'a {
        let value = self.ini.get(key::SECTION, key::TEST_MAP_ORDER).map_or("", |e| e.value);
        Numbers::of(value).map(|n| n.unwrap_or(0))
    }

    /// Whether world `id` exists: `id` is at most [`MAX_WORLD`] and its first `world_map`
    /// record is non-empty.
    pub fn contains(&self, id: u16) -> bool {
        id <= MAX_WORLD && self.present & (1u128 << id) != 0
    }

    /// World `id`'s entry, or `None` when it does not exist ([`WorldIni::contains`]).
    pub fn world(&self, id: u16) -> Option<WorldEntry<'a>> {
        self.contains(id).then(|| WorldEntry::read(self.ini, id))
    }

    /// Every world index with an entry, ascending (IDs 9, 10 and 16 are missing from the
    /// shipped file: {D:config/world-ini.md} "World Catalog").
    pub fn ids(&self) -> Ids {
        Ids { mask: self.present }
    }
}

/// The world indices of a [`WorldIni`], ascending.
#[derive(Clone, Debug)]
pub struct Ids {
    mask: u128,
}

impl Iterator for Ids {
    type Item = u16;

    fn next(&mut self) -> Option<u16> {
        if self.mask == 0 {
            return None;
        }
        let id = self.mask.trailing_zeros() as u16;
        self.mask &= self.mask - 1;
        Some(id)
    }
}

/// The integers of a `test_map_order` value up to (not including) `-2`; `None` for a number
/// out of 32-bit range. Nothing for an empty value.
#[derive(Clone, Debug)]
struct Numbers<'a> {
    parts: Option<core::str::Split<'a, char>>,
}

impl<'a> Numbers<'a> {
    fn of(value: &'a str) -> Self {
        Numbers { parts: (!value.is_empty()).then(|| value.split(',')) }
    }
}

impl Iterator for Numbers<'_> {
    type Item = Option<i32>;

    fn next(&mut self) -> Option<Option<i32>> {
        let n = parse_int(self.parts.as_mut()?.next()?);
        if n == Some(-2) {
            self.parts = None;
            return None;
        }
        Some(n)
    }
}

/// `world_wave`: amplitude, speed and spatial frequency ({D:config/world-ini.md} "Water";
/// {D:engine/water.md} "Wave parameters and enablement"), as the integers written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wave {
    /// Vertical displacement scale; zero disables the displacement.
    pub amplitude: i32,
    /// Phase advance per BIOS timer tick.
    pub speed: i32,
    /// Multiplier of the squared grid distance.
    pub frequency: i32,
}

impl Wave {
    /// What terrain setup works with: the world loader converts the three integers to
    /// floats; the amplitude stays a float, speed and frequency are truncated toward zero
    /// ({D:engine/water.md} "Wave parameters and enablement"). A value above 2^24 loses its
    /// low bits to the float on the way.
    pub fn for_terrain(&self) -> (f32, i32, i32) {
        (self.amplitude as f32, truncate(self.speed as f32), truncate(self.frequency as f32))
    }
}

/// Float to integer, toward zero. Where the docs are silent: a value of 2^31 or more (an
/// integer within 128 of `i32::MAX`, rounded up by the float) gives what an x87 or SSE
/// truncation gives out of range, the "integer indefinite" `i32::MIN`, not Rust's
/// saturation.
fn truncate(v: f32) -> i32 {
    if v >= 2_147_483_648.0 { i32::MIN } else { v as i32 }
}

/// One world's records ({D:config/world-ini.md} "Per-World Keys"), read with each key's
/// type: a missing or empty integer is 0, a missing list component is 0, a missing or empty
/// path is `None`. Field names follow the keys without their `world_` prefix, except
/// `terrain` (`world_world`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WorldEntry<'a> {
    /// The world index `N`.
    pub id: u16,
    /// `world_map`: the RGM scene (never empty).
    pub map: &'a str,
    /// `world_world`: the WLD terrain; only outdoor worlds have one.
    pub terrain: Option<&'a str>,
    /// `world_redbook`: CD track. `None` when missing or empty, which the music rules treat
    /// like `-1`, keeping the current track ({D:engine/music.md} "Track selection").
    pub redbook: Option<i32>,
    /// `world_palette`: the COL palette.
    pub palette: Option<&'a str>,
    /// `world_shade`: shade table index.
    pub shade: i32,
    /// `world_haze`: software haze table index.
    pub haze: i32,
    /// `world_back_plane`: far distance; zero keeps SYSTEM.INI's ({D:engine/fog.md}
    /// "Clipping distances").
    pub back_plane: i32,
    /// `world_background`: legacy background fill mode (the Glide build does not read it).
    pub background: i32,
    /// `world_compass`: compass heading offset.
    pub compass: i32,
    /// `world_flash_filename`: the GXA of the loading screen.
    pub flash_filename: Option<&'a str>,
    /// `world_sun`: x, y, z and intensity.
    pub sun: [i32; 4],
    /// `world_ambient`: global ambient level.
    pub ambient: i32,
    /// `world_ambientfx` as world entry publishes it ([`ambientfx_word`]): 128 when missing.
    pub ambientfx: i16,
    /// `world_ambientrgb`: r, g, b; `None` when missing or empty ([`DEFAULT_AMBIENT_RGB`]).
    pub ambientrgb: Option<[i32; 3]>,
    /// `world_sunangle`: horizontal rotation of the sun direction.
    pub sunangle: i32,
    /// `world_sunskew`: vertical tilt of the sun direction.
    pub sunskew: i32,
    /// `world_sunrgb`: r, g, b and scale; `None` when missing or empty ([`DEFAULT_SUN_RGB`]).
    pub sunrgb: Option<[i32; 4]>,
    /// `world_fogrgb`: fog and background-clear colour; black when omitted ({D:engine/sky.md}
    /// "Background Fill").
    pub fogrgb: [i32; 3],
    /// `world_sky`: the GXA sky (not loaded by the Glide sky).
    pub sky: Option<&'a str>,
    /// `world_skyfx`: the BSI sky layer.
    pub skyfx: Option<&'a str>,
    /// `world_skyscale`: sky texture half-span.
    pub skyscale: i32,
    /// `world_skylevel`: sky plane height.
    pub skylevel: i32,
    /// `world_skyspeed`: sky scroll speed.
    pub skyspeed: i32,
    /// `world_sky_xrotate`: sky rotation rate around X.
    pub sky_xrotate: i32,
    /// `world_sky_yrotate`: sky rotation rate around Y.
    pub sky_yrotate: i32,
    /// `world_sunimg`: the sun disc's BSI; `None` suppresses the disc.
    pub sunimg: Option<&'a str>,
    /// `world_sunimgrgb`: sun disc tint; `None` when missing or empty ([`DEFAULT_SUNIMG_RGB`]).
    pub sunimgrgb: Option<[i32; 3]>,
    /// `world_sunscale`: sun disc size scale.
    pub sunscale: i32,
    /// `world_scapeshift` as terrain setup takes it ([`scapeshift_word`]).
    pub scapeshift: i16,
    /// `world_wave`.
    pub wave: Wave,
    /// `world_rain_delay`: frames between rain drop spawns.
    pub rain_delay: i32,
    /// `world_rain_drops`: most rain drops at once.
    pub rain_drops: i32,
    /// `world_rain_start`: height where drops start.
    pub rain_start: i32,
    /// `world_rain_end`: height where drops end.
    pub rain_end: i32,
    /// The numbered node maps and rain spheres, read when asked for.
    lists: Lists<'a>,
}

impl<'a> WorldEntry<'a> {
    /// World `id`'s records, in one pass over the text: the first record of each key wins.
    fn read(ini: Ini<'a>, id: u16) -> Self {
        let mut e = WorldEntry {
            id,
            map: "",
            terrain: None,
            redbook: None,
            palette: None,
            shade: 0,
            haze: 0,
            back_plane: 0,
            background: 0,
            compass: 0,
            flash_filename: None,
            sun: [0; 4],
            ambient: 0,
            ambientfx: ambientfx_word(0),
            ambientrgb: None,
            sunangle: 0,
            sunskew: 0,
            sunrgb: None,
            fogrgb: [0; 3],
            sky: None,
            skyfx: None,
            skyscale: 0,
            skylevel: 0,
            skyspeed: 0,
            sky_xrotate: 0,
            sky_yrotate: 0,
            sunimg: None,
            sunimgrgb: None,
            sunscale: 0,
            scapeshift: 0,
            wave: Wave::default(),
            rain_delay: 0,
            rain_drops: 0,
            rain_start: 0,
            rain_end: 0,
            lists: Lists { ini, id },
        };
        let mut seen = 0u64;
        for r in records(ini) {
            if let Some((Name::Field(f), rid)) = parse_key(r.key)
                && rid == id
                && seen & (1 << f as u8) == 0
            {
                seen |= 1 << f as u8;
                e.set(f, r.value);
            }
        }
        e
    }

    fn set(&mut self, f: Field, v: &'a str) {
        match f {
            Field::Map => self.map = v,
            Field::World => self.terrain = text(v),
            Field::Redbook => self.redbook = text(v).map(int),
            Field::Palette => self.palette = text(v),
            Field::Shade => self.shade = int(v),
            Field::Haze => self.haze = int(v),
            Field::BackPlane => self.back_plane = int(v),
            Field::Background => self.background = int(v),
            Field::Compass => self.compass = int(v),
            Field::FlashFilename => self.flash_filename = text(v),
            Field::Sun => self.sun = list(v),
            Field::Ambient => self.ambient = int(v),
            Field::AmbientFx => self.ambientfx = ambientfx_word(int(v)),
            Field::AmbientRgb => self.ambientrgb = text(v).map(list),
            Field::SunAngle => self.sunangle = int(v),
            Field::SunSkew => self.sunskew = int(v),
            Field::SunRgb => self.sunrgb = text(v).map(list),
            Field::FogRgb => self.fogrgb = list(v),
            Field::Sky => self.sky = text(v),
            Field::SkyFx => self.skyfx = text(v),
            Field::SkyScale => self.skyscale = int(v),
            Field::SkyLevel => self.skylevel = int(v),
            Field::SkySpeed => self.skyspeed = int(v),
            Field::SkyXRotate => self.sky_xrotate = int(v),
            Field::SkyYRotate => self.sky_yrotate = int(v),
            Field::SunImg => self.sunimg = text(v),
            Field::SunImgRgb => self.sunimgrgb = text(v).map(list),
            Field::SunScale => self.sunscale = int(v),
            Field::ScapeShift => self.scapeshift = scapeshift_word(int(v)),
            Field::Wave => {
                let [amplitude, speed, frequency] = list(v);
                self.wave = Wave { amplitude, speed, frequency };
            }
            Field::RainDelay => self.rain_delay = int(v),
            Field::RainDrops => self.rain_drops = int(v),
            Field::RainStart => self.rain_start = int(v),
            Field::RainEnd => self.rain_end = int(v),
        }
    }

    /// `world_node_map<n>[N]`: the `n`th PVO node map (1-based; {D:config/world-ini.md} "PVO
    /// Visibility"), or `None` when missing or empty.
    pub fn node_map(&self, n: u16) -> Option<&'a str> {
        self.lists.numbered(Name::NodeMap(n))
    }

    /// The node maps `n` = 1, 2, … while present (a gap ends them).
    pub fn node_maps(&self) -> NodeMaps<'a> {
        NodeMaps { lists: self.lists, n: 1 }
    }

    /// `world_rain_sphere<n>[N]`: the `n`th rain zone (1-based) as x, y, z and radius
    /// ({D:config/world-ini.md} "Rain / Weather"), or `None` when missing or empty.
    pub fn rain_sphere(&self, n: u16) -> Option<[i32; 4]> {
        self.lists.numbered(Name::RainSphere(n)).map(list)
    }

    /// The rain spheres `n` = 1, 2, … while present (a gap ends them).
    pub fn rain_spheres(&self) -> RainSpheres<'a> {
        RainSpheres { lists: self.lists, n: 1 }
    }
}

/// Where a world's numbered keys are looked up. Two are equal when they read the same node
/// maps and rain spheres.
#[derive(Clone, Copy)]
struct Lists<'a> {
    ini: Ini<'a>,
    id: u16,
}

impl<'a> Lists<'a> {
    /// The value of the first record named `name` for this world, when non-empty.
    fn numbered(&self, name: Name) -> Option<&'a str> {
        let first = records(self.ini).find(|r| parse_key(r.key) == Some((name, self.id)))?;
        text(first.value)
    }

    /// The value numbered `*n` and the step to the next number; `*n` becomes 0 (the end)
    /// at the first gap. Bounded: each number found is a distinct line of the text.
    fn next_in_sequence(&self, n: &mut u16, name: fn(u16) -> Name) -> Option<&'a str> {
        if *n == 0 {
            return None;
        }
        let found = self.numbered(name(*n));
        *n = if found.is_some() { n.checked_add(1).unwrap_or(0) } else { 0 };
        found
    }
}

impl PartialEq for Lists<'_> {
    fn eq(&self, other: &Self) -> bool {
        let (a, b) = (NodeMaps { lists: *self, n: 1 }, NodeMaps { lists: *other, n: 1 });
        let (c, d) = (RainSpheres { lists: *self, n: 1 }, RainSpheres { lists: *other, n: 1 });
        a.eq(b) && c.eq(d)
    }
}

impl Eq for Lists<'_> {}

impl fmt::Debug for Lists<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Lists")
            .field("node_maps", &NodeMaps { lists: *self, n: 1 })
            .field("rain_spheres", &RainSpheres { lists: *self, n: 1 })
            .finish()
    }
}

/// A world's node maps in sequence ([`WorldEntry::node_maps`]).
#[derive(Clone)]
pub struct NodeMaps<'a> {
    lists: Lists<'a>,
    /// The next sequence number; 0 once a gap was met.
    n: u16,
}

impl<'a> Iterator for NodeMaps<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        self.lists.next_in_sequence(&mut self.n, Name::NodeMap)
    }
}

impl fmt::Debug for NodeMaps<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.clone()).finish()
    }
}

/// A world's rain spheres in sequence ([`WorldEntry::rain_spheres`]).
#[derive(Clone)]
pub struct RainSpheres<'a> {
    lists: Lists<'a>,
    /// The next sequence number; 0 once a gap was met.
    n: u16,
}

impl Iterator for RainSpheres<'_> {
    type Item = [i32; 4];

    fn next(&mut self) -> Option<[i32; 4]> {
        self.lists.next_in_sequence(&mut self.n, Name::RainSphere).map(list)
    }
}

impl fmt::Debug for RainSpheres<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.clone()).finish()
    }
}

/// The file name of a path as written: what follows the last `\` or `/`.
pub use crate::files::base_name;

/// The components of a path as written, split at `\` and `/`, empty ones skipped.
pub fn split_path(path: &str) -> impl Iterator<Item = &str> {
    path.split(['\\', '/']).filter(|c| !c.is_empty())
}

#[cfg(test)]
mod tests;
