//! The scenario reader: replay scenarios and recordings share one text format.
//!
//! A scenario names a world, a start and a list of updates; a frontend's `--record` writes
//! the same format ([`crate::recording`]) (the input and BIOS tick of every update), so a recording replays
//! through `stros-tools replay` or a frontend's `--replay` to the same trace. The format is
//! a small subset of TOML that a `no_std` reader can check in one pass and then walk
//! without allocating:
//!
//! ```toml
//! world = "embedded"            # or a data directory
//! map = "HARBOUR"               # optional; rgm/rob/wld = "FILE" override single files
//! world_index = 1               # or: the WORLD.INI world (0 through 99), instead of map
//! marker = 0                    # or: pos = [x, y, z] (runtime units)
//! heading = 0
//! settle = true                 # startup ground settling (marker starts always settle)
//! bios_start = 0                # BIOS ticks before the first update
//! phase = 0                     # optional starting forward phase and group
//! group = 0
//! health = 100                  # optional: the player's starting health (above 100 is 100)
//!
//! [system]                      # SYSTEM.INI overrides: key, or section.key
//! walk_mode = 1
//!
//! [[update]]
//! bios = 1                      # BIOS ticks elapsed before this update
//! keys = ["up", "a"]            # held actions (KEYS.INI stems), "tab" toggles walk_mode
//! scale = 256                   # optional: force the movement scale
//! repeat = 10                   # optional: this many identical updates
//! ```
//!
//! `#` starts a comment outside strings. Strings take `\"` and `\\` escapes only.

use core::fmt;

use crate::config::SystemConfig;
use crate::input::{Action, Input};

/// Most `[system]` overrides a scenario may carry.
pub const MAX_OVERRIDES: usize = 32;
/// Most repeats of one update entry.
pub const MAX_REPEAT: u32 = 1_000_000;

/// What was wrong with a scenario, and on which line (1-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScenarioError {
    /// 1-based line.
    pub line: usize,
    /// What was wrong.
    pub kind: ScenarioErrorKind,
}

/// The kinds of scenario errors.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScenarioErrorKind {
    /// Not `key = value`, `[system]` or `[[update]]`.
    Syntax,
    /// A key this format does not have in that place.
    UnknownKey,
    /// A value of the wrong type or out of range.
    BadValue,
    /// A `[system]` key SYSTEM.INI's core keys do not include.
    UnknownSystemKey,
    /// Both or neither of `marker` and `pos`.
    PlayerStart,
    /// More overrides than [`MAX_OVERRIDES`].
    TooMany,
    /// A key given twice in one table.
    Duplicate,
}

impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.kind {
            ScenarioErrorKind::Syntax => "expected `key = value`, `[system]` or `[[update]]`",
            ScenarioErrorKind::UnknownKey => "unknown key",
            ScenarioErrorKind::BadValue => "bad value",
            ScenarioErrorKind::UnknownSystemKey => "not a SYSTEM.INI key the core reads",
            ScenarioErrorKind::PlayerStart => "give exactly one of `marker` and `pos`",
            ScenarioErrorKind::TooMany => "too many [system] overrides",
            ScenarioErrorKind::Duplicate => "key given twice",
        };
        write!(f, "scenario line {}: {what}", self.line)
    }
}

/// Where the player starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerStart {
    /// At map marker `index` (positions × 256), always settled.
    Marker {
        /// Marker index.
        index: usize,
    },
    /// At a runtime position.
    Position {
        /// Runtime position.
        pos: [i32; 3],
    },
}

/// One update entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScenarioUpdate {
    /// BIOS ticks elapsed before it.
    pub bios: u32,
    /// The input.
    pub input: Input,
    /// A forced movement scale.
    pub scale: Option<i32>,
    /// How many times it repeats (at least 1).
    pub repeat: u32,
}

impl Default for ScenarioUpdate {
    fn default() -> Self {
        ScenarioUpdate { bios: 1, input: Input::NONE, scale: None, repeat: 1 }
    }
}

/// Where and how a session started: everything a recording's header repeats so that its
/// replay starts the same way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Origin<'a> {
    /// `"embedded"` or a data directory.
    pub world: &'a str,
    /// The map, when not the default.
    pub map: Option<&'a str>,
    /// The WORLD.INI world, when the session chose one by index.
    pub world_index: Option<u16>,
    /// The start.
    pub start: PlayerStart,
    /// The start heading.
    pub heading: i32,
    /// Startup ground settling of a position start.
    pub settle: bool,
    /// A starting forward phase.
    pub phase: Option<u8>,
    /// A starting group.
    pub group: Option<i16>,
    /// A starting health: the session's retained health before the player enters, in place
    /// of the initializer's 100.
    pub health: Option<u8>,
    /// SYSTEM.INI overrides.
    pub system: heapless::Vec<(&'static str, &'a str, i32), MAX_OVERRIDES>,
}

impl Origin<'_> {
    /// The embedded island entered at marker 0 facing heading 0.
    pub fn embedded() -> Origin<'static> {
        Origin {
            world: "embedded",
            map: None,
            world_index: None,
            start: PlayerStart::Marker { index: 0 },
            heading: 0,
            settle: true,
            phase: None,
            group: None,
            health: None,
            system: heapless::Vec::new(),
        }
    }
}

/// A scenario's replacements for single files of its map, as paths relative to the
/// scenario file's own directory.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FileOverrides<'a> {
    /// `rgm`: the map's RGM.
    pub rgm: Option<&'a str>,
    /// `rob`: the map's ROB.
    pub rob: Option<&'a str>,
    /// `wld`: the map's WLD.
    pub wld: Option<&'a str>,
}

impl<'a> FileOverrides<'a> {
    /// Each override with the extension of the file it replaces (`"RGM"`, `"ROB"`, `"WLD"`).
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, &'a str)> {
        [("RGM", self.rgm), ("ROB", self.rob), ("WLD", self.wld)]
            .into_iter()
            .filter_map(|(e, f)| Some((e, f?)))
    }
}

/// A checked scenario over its text.
#[derive(Clone, Debug)]
pub struct Scenario<'a> {
    text: &'a str,
    /// `world`: `"embedded"` or a data directory.
    pub world: &'a str,
    /// `map`, if given.
    pub map: Option<&'a str>,
    /// `world_index`: the WORLD.INI world, if given (instead of `map`).
    pub world_index: Option<u16>,
    /// `rgm`, `rob`, `wld`: the map's files taken from elsewhere.
    pub files: FileOverrides<'a>,
    /// The start.
    pub start: PlayerStart,
    /// `heading`.
    pub heading: i32,
    /// `settle` (always true for a marker start).
    pub settle: bool,
    /// `bios_start`.
    pub bios_start: u32,
    /// `phase`, if given.
    pub phase: Option<u8>,
    /// `group`, if given.
    pub group: Option<i16>,
    /// `health`, if given (a byte; the world clamps it to 100).
    pub health: Option<u8>,
    /// The `[system]` overrides.
    pub system: heapless::Vec<(&'static str, &'a str, i32), MAX_OVERRIDES>,
    /// Updates in all (repeats counted).
    pub total_updates: u64,
}

/// A value of the subset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Value<'a> {
    Int(i64),
    Bool(bool),
    Str(&'a str),
    Array(&'a str),
}

fn strip_comment(line: &str) -> &str {
    let mut in_string = false;
    let mut escaped = false;
    for (i, c) in line.char_indices() {
        match c {
            '\\' if in_string && !escaped => {
                escaped = true;
                continue;
            }
            '"' if !escaped => in_string = !in_string,
            '#' if !in_string => return &line[..i],
            _ => {}
        }
        escaped = false;
    }
    line
}

fn parse_value(v: &str) -> Option<Value<'_>> {
    let v = v.trim();
    if let Some(inner) = v.strip_prefix('"') {
        let inner = inner.strip_suffix('"')?;
        // Only \" and \\ escapes: reject a bare quote inside.
        let mut escaped = false;
        for c in inner.chars() {
            match c {
                '\\' if !escaped => escaped = true,
                '"' if !escaped => return None,
                '"' | '\\' => escaped = false,
                _ if escaped => return None,
                _ => {}
            }
        }
        return (!escaped).then_some(Value::Str(inner));
    }
    if let Some(inner) = v.strip_prefix('[') {
        return inner.strip_suffix(']').map(Value::Array);
    }
    match v {
        "true" => return Some(Value::Bool(true)),
        "false" => return Some(Value::Bool(false)),
        _ => {}
    }
    let digits = v.strip_prefix(['-', '+']).unwrap_or(v);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit() || b == b'_') {
        return None;
    }
    let mut n: i64 = 0;
    for b in digits.bytes().filter(|&b| b != b'_') {
        n = n.checked_mul(10)?.checked_add((b - b'0') as i64)?;
    }
    Some(Value::Int(if v.starts_with('-') { -n } else { n }))
}

/// The items of an array body, split on commas outside strings.
fn array_items(body: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(body);
    core::iter::from_fn(move || {
        let s = rest?;
        let mut in_string = false;
        let mut escaped = false;
        for (i, c) in s.char_indices() {
            match c {
                '\\' if in_string && !escaped => {
                    escaped = true;
                    continue;
                }
                '"' if !escaped => in_string = !in_string,
                ',' if !in_string => {
                    rest = Some(&s[i + 1..]);
                    return Some(s[..i].trim());
                }
                _ => {}
            }
            escaped = false;
        }
        rest = None;
        Some(s.trim())
    })
    .filter(|s| !s.is_empty())
}

fn int_in(v: Value<'_>, lo: i64, hi: i64) -> Option<i64> {
    match v {
        Value::Int(n) if (lo..=hi).contains(&n) => Some(n),
        _ => None,
    }
}

/// Parses a `keys` array into an input.
fn keys(v: Value<'_>) -> Option<Input> {
    let Value::Array(body) = v else { return None };
    let mut input = Input::NONE;
    for item in array_items(body) {
        let Some(Value::Str(name)) = parse_value(item) else { return None };
        if name.eq_ignore_ascii_case("tab") {
            input.toggle_walk_mode = true;
        } else {
            input.set(Action::from_name(name)?, true);
        }
    }
    Some(input)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Table {
    Top,
    System,
    ScenarioUpdate,
}

/// One meaningful line: a table header or a key and value.
enum Line<'a> {
    Header(Table),
    Pair(&'a str, Value<'a>),
}

fn classify(raw: &str) -> Result<Option<Line<'_>>, ScenarioErrorKind> {
    let body = strip_comment(raw.strip_suffix('\r').unwrap_or(raw)).trim();
    if body.is_empty() {
        return Ok(None);
    }
    if body == "[[update]]" {
        return Ok(Some(Line::Header(Table::ScenarioUpdate)));
    }
    if body == "[system]" {
        return Ok(Some(Line::Header(Table::System)));
    }
    let (key, value) = body.split_once('=').ok_or(ScenarioErrorKind::Syntax)?;
    let key = key.trim();
    if key.is_empty() || !key.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'.') {
        return Err(ScenarioErrorKind::Syntax);
    }
    let value = parse_value(value).ok_or(ScenarioErrorKind::BadValue)?;
    Ok(Some(Line::Pair(key, value)))
}

/// Applies one `[[update]]` key.
fn update_key(u: &mut ScenarioUpdate, key: &str, v: Value<'_>) -> Result<(), ScenarioErrorKind> {
    let bad = ScenarioErrorKind::BadValue;
    match key {
        "bios" => u.bios = int_in(v, 0, u32::MAX as i64).ok_or(bad)? as u32,
        "keys" => {
            let toggle = u.input.toggle_walk_mode;
            u.input = keys(v).ok_or(bad)?;
            u.input.toggle_walk_mode |= toggle;
        }
        "scale" => u.scale = Some(int_in(v, i32::MIN as i64, i32::MAX as i64).ok_or(bad)? as i32),
        "repeat" => u.repeat = int_in(v, 1, MAX_REPEAT as i64).ok_or(bad)? as u32,
        _ => return Err(ScenarioErrorKind::UnknownKey),
    }
    Ok(())
}

/// `pos = [x, y, z]`: three 32-bit integers.
fn position(v: Value<'_>) -> Option<[i32; 3]> {
    let Value::Array(body) = v else { return None };
    let mut p = [0i32; 3];
    let mut n = 0;
    for item in array_items(body) {
        *p.get_mut(n)? = int_in(parse_value(item)?, i32::MIN as i64, i32::MAX as i64)? as i32;
        n += 1;
    }
    (n == 3).then_some(p)
}

/// A `[system]` override: `key` (or `section.key`) one of SYSTEM.INI's core keys, its value
/// an integer or a boolean.
fn system_override<'a>(
    key: &'a str,
    v: Value<'_>,
) -> Result<(&'static str, &'a str, i32), ScenarioErrorKind> {
    let unknown = ScenarioErrorKind::UnknownSystemKey;
    let (section, k) = match key.split_once('.') {
        Some((sec, k)) => (sec, k),
        None => (SystemConfig::section_of(key).ok_or(unknown)?, key),
    };
    let section = SystemConfig::KEYS
        .iter()
        .find(|(sec, kk)| sec.eq_ignore_ascii_case(section) && kk.eq_ignore_ascii_case(k))
        .map(|(sec, _)| *sec)
        .ok_or(unknown)?;
    let value = int_in(v, i32::MIN as i64, i32::MAX as i64)
        .or(match v {
            Value::Bool(b) => Some(b as i64),
            _ => None,
        })
        .ok_or(ScenarioErrorKind::BadValue)? as i32;
    Ok((section, k, value))
}

impl<'a> Scenario<'a> {
    /// Checks `text` and reads its header.
    pub fn parse(text: &'a str) -> Result<Self, ScenarioError> {
        let mut s = Scenario {
            text,
            world: "embedded",
            map: None,
            world_index: None,
            files: FileOverrides::default(),
            start: PlayerStart::Marker { index: 0 },
            heading: 0,
            settle: false,
            bios_start: 0,
            phase: None,
            group: None,
            health: None,
            system: heapless::Vec::new(),
            total_updates: 0,
        };
        let mut marker = None;
        let mut pos = None;
        let mut table = Table::Top;
        let mut seen: u32 = 0;
        let mut update: Option<ScenarioUpdate> = None;
        let mut last_line = 0;
        for (i, raw) in text.split('\n').enumerate() {
            let line = i + 1;
            last_line = line;
            let err = |kind| ScenarioError { line, kind };
            let Some(l) = classify(raw).map_err(err)? else { continue };
            let (key, v) = match l {
                Line::Header(t) => {
                    if let Some(u) = update.take() {
                        s.total_updates = s.total_updates.saturating_add(u.repeat as u64);
                    }
                    if t == Table::ScenarioUpdate {
                        update = Some(ScenarioUpdate::default());
                    } else if t == Table::System && table == Table::System {
                        return Err(err(ScenarioErrorKind::Duplicate));
                    }
                    table = t;
                    seen = 0;
                    continue;
                }
                Line::Pair(k, v) => (k, v),
            };
            let bad = ScenarioErrorKind::BadValue;
            match table {
                Table::Top => {
                    const KEYS: [&str; 14] = [
                        "world",
                        "map",
                        "world_index",
                        "rgm",
                        "rob",
                        "wld",
                        "marker",
                        "pos",
                        "heading",
                        "settle",
                        "bios_start",
                        "phase",
                        "group",
                        "health",
                    ];
                    let k = KEYS.iter().position(|&x| x == key).ok_or(err(ScenarioErrorKind::UnknownKey))?;
                    if seen & (1 << k) != 0 {
                        return Err(err(ScenarioErrorKind::Duplicate));
                    }
                    seen |= 1 << k;
                    let string = |v| match v {
                        Value::Str(x) if !x.is_empty() => Ok(x),
                        _ => Err(err(bad)),
                    };
                    match key {
                        "world" => s.world = string(v)?,
                        "map" if s.world_index.is_none() => s.map = Some(string(v)?),
                        // A world by index and a map by name: one or the other.
                        "map" => return Err(err(bad)),
                        "world_index" if s.map.is_none() => {
                            s.world_index = Some(
                                int_in(v, 0, crate::formats::worldini::MAX_WORLD as i64).ok_or(err(bad))?
                                    as u16,
                            )
                        }
                        "world_index" => return Err(err(bad)),
                        "rgm" => s.files.rgm = Some(string(v)?),
                        "rob" => s.files.rob = Some(string(v)?),
                        "wld" => s.files.wld = Some(string(v)?),
                        "marker" => marker = Some(int_in(v, 0, 65_535).ok_or(err(bad))? as usize),
                        "pos" => pos = Some(position(v).ok_or(err(bad))?),
                        "heading" => {
                            s.heading = int_in(v, i32::MIN as i64, i32::MAX as i64).ok_or(err(bad))? as i32
                        }
                        "settle" => {
                            let Value::Bool(b) = v else { return Err(err(bad)) };
                            s.settle = b;
                        }
                        "bios_start" => s.bios_start = int_in(v, 0, u32::MAX as i64).ok_or(err(bad))? as u32,
                        "phase" => s.phase = Some(int_in(v, 0, 3).ok_or(err(bad))? as u8),
                        "health" => s.health = Some(int_in(v, 0, u8::MAX as i64).ok_or(err(bad))? as u8),
                        _ => s.group = Some(int_in(v, 0, 177).ok_or(err(bad))? as i16),
                    }
                }
                Table::System => {
                    let o = system_override(key, v).map_err(err)?;
                    s.system.push(o).map_err(|_| err(ScenarioErrorKind::TooMany))?;
                }
                Table::ScenarioUpdate => {
                    let k = ["bios", "keys", "scale", "repeat"].iter().position(|&x| x == key).unwrap_or(0);
                    if seen & (1 << k) != 0 && ["bios", "keys", "scale", "repeat"].contains(&key) {
                        return Err(err(ScenarioErrorKind::Duplicate));
                    }
                    seen |= 1 << k;
                    if let Some(u) = update.as_mut() {
                        update_key(u, key, v).map_err(err)?;
                    }
                }
            }
        }
        if let Some(u) = update.take() {
            s.total_updates = s.total_updates.saturating_add(u.repeat as u64);
        }
        s.start = match (marker, pos) {
            (Some(index), None) => PlayerStart::Marker { index },
            (None, Some(pos)) => PlayerStart::Position { pos },
            _ => return Err(ScenarioError { line: last_line.max(1), kind: ScenarioErrorKind::PlayerStart }),
        };
        if matches!(s.start, PlayerStart::Marker { .. }) {
            s.settle = true;
        }
        Ok(s)
    }

    /// Where the scenario starts, as a recording's header repeats it.
    pub fn origin(&self) -> Origin<'a> {
        Origin {
            world: self.world,
            map: self.map,
            world_index: self.world_index,
            start: self.start,
            heading: self.heading,
            settle: self.settle,
            phase: self.phase,
            group: self.group,
            health: self.health,
            system: self.system.clone(),
        }
    }

    /// The configuration: the installed SYSTEM.INI with the `[system]` overrides.
    pub fn config(&self) -> SystemConfig {
        // Every override was checked against the core's keys while parsing.
        SystemConfig::installed_with_values(self.system.iter().map(|&(s, k, v)| (s, k, v)))
            .unwrap_or_else(|_| SystemConfig::installed())
    }

    /// The update entries in order (each with its repeat count).
    pub fn updates(&self) -> Updates<'a> {
        Updates { lines: self.text.split('\n'), current: None, done: false }
    }

    /// Every update, repeats expanded (each with `repeat` 1).
    pub fn steps(&self) -> Steps<'a> {
        Steps { updates: self.updates(), current: None, left: 0 }
    }
}

/// The update entries of a scenario ([`Scenario::updates`]).
#[derive(Clone, Debug)]
pub struct Updates<'a> {
    lines: core::str::Split<'a, char>,
    current: Option<ScenarioUpdate>,
    done: bool,
}

impl Iterator for Updates<'_> {
    type Item = ScenarioUpdate;

    fn next(&mut self) -> Option<ScenarioUpdate> {
        if self.done {
            return None;
        }
        for raw in self.lines.by_ref() {
            match classify(raw) {
                Ok(Some(Line::Header(t))) => {
                    let finished = self.current.take();
                    if t == Table::ScenarioUpdate {
                        self.current = Some(ScenarioUpdate::default());
                    }
                    if finished.is_some() {
                        return finished;
                    }
                }
                Ok(Some(Line::Pair(k, v))) => {
                    if let Some(u) = self.current.as_mut() {
                        let _ = update_key(u, k, v);
                    }
                }
                _ => {}
            }
        }
        self.done = true;
        self.current.take()
    }
}

/// The updates of a scenario with repeats expanded ([`Scenario::steps`]).
#[derive(Clone, Debug)]
pub struct Steps<'a> {
    updates: Updates<'a>,
    current: Option<ScenarioUpdate>,
    left: u32,
}

impl Iterator for Steps<'_> {
    type Item = ScenarioUpdate;

    fn next(&mut self) -> Option<ScenarioUpdate> {
        while self.left == 0 {
            let u = self.updates.next()?;
            self.left = u.repeat;
            self.current = Some(ScenarioUpdate { repeat: 1, ..u });
        }
        self.left -= 1;
        self.current
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "# a walk\nworld = \"embedded\"\nmarker = 2\nheading = 1024\n\n[system]\nwalk_mode = 1\ncamera.camera_distance = 300\n\n[[update]]\nbios = 2\nkeys = [\"up\", \"a\"]\nrepeat = 3\n\n[[update]]\nkeys = [\"tab\"] # toggle\nscale = 256\n";

    #[test]
    fn reads_header_system_and_updates() {
        let s = Scenario::parse(TEXT).unwrap();
        assert_eq!(
            (s.world, s.start, s.heading, s.settle),
            ("embedded", PlayerStart::Marker { index: 2 }, 1024, true)
        );
        assert_eq!(s.total_updates, 4);
        let c = s.config();
        assert_eq!((c.walk_mode, c.camera_distance, c.cyrus_camera_distance), (1, 300, 200));
        let u: heapless::Vec<ScenarioUpdate, 8> = s.updates().collect();
        assert_eq!(u.len(), 2);
        assert_eq!((u[0].bios, u[0].repeat, u[0].input), (2, 3, Input::with(&[Action::Up, Action::Walk])));
        assert_eq!((u[1].bios, u[1].scale, u[1].input.toggle_walk_mode), (1, Some(256), true));
        assert_eq!(s.steps().count(), 4);
    }

    #[test]
    fn errors_name_the_line() {
        let e = |t: &str| Scenario::parse(t).unwrap_err();
        assert_eq!(
            e("marker = 0\nfoo = 1\n"),
            ScenarioError { line: 2, kind: ScenarioErrorKind::UnknownKey }
        );
        assert_eq!(e("marker = \"x\"\n").kind, ScenarioErrorKind::BadValue);
        assert_eq!(e("heading = 3\n").kind, ScenarioErrorKind::PlayerStart);
        assert_eq!(e("marker = 0\npos = [1, 2, 3]\n").kind, ScenarioErrorKind::PlayerStart);
        assert_eq!(e("marker = 0\n[system]\nno_such = 1\n").kind, ScenarioErrorKind::UnknownSystemKey);
        assert_eq!(e("marker = 0\n[[update]]\nkeys = [\"jump\"]\n").kind, ScenarioErrorKind::BadValue);
        assert_eq!(e("marker = 0\n[[update]]\nrepeat = 0\n").kind, ScenarioErrorKind::BadValue);
        assert_eq!(e("marker = 0\nmarker = 1\n").kind, ScenarioErrorKind::Duplicate);
        assert_eq!(e("marker 0\n").kind, ScenarioErrorKind::Syntax);
        assert_eq!(e("pos = [1, 2]\n").kind, ScenarioErrorKind::BadValue);
        assert_eq!(e("world = \"a\"b\"\nmarker = 0\n").kind, ScenarioErrorKind::BadValue);
    }
}
