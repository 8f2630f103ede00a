//! Which world to play, and what it is made of ({D:config/world-ini.md}): WORLD.INI's
//! catalog names each world's map (RGM), terrain (WLD, absent for interiors and
//! dungeons), palette, `world_scapeshift` and `world_wave`. Several worlds share one map or
//! one WLD (the island by day, at night and at sunset; the palace exterior on ISLAND.WLD).
//!
//! A world is chosen by its WORLD.INI index ([`Choice::Index`]), by its map's name
//! ([`Choice::Map`]: the first world, by index, whose map is that name; a map no world
//! names, or an install without WORLD.INI, plays as `<MAP>.RGM` on `<MAP>.WLD` with
//! `<MAP>.COL`), or as a new game starts ([`Choice::NewGame`]: `start_world` at
//! `start_marker`).

use super::{Name, WorldError, name_of};
use crate::files::{Files, base_name};
use crate::formats::worldini::{MAX_WORLD, WorldEntry, WorldIni};
use crate::terrain::Wave;

/// The catalog's file: SYSTEM.INI's `world_ini`, as shipped ({D:config/system-ini.md}).
pub const WORLD_INI: &str = "WORLD.INI";

/// A file a world names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Named<'s> {
    /// The map's own, `<MAP>.<EXT>` (a world played by map name without a catalog entry).
    OfMap,
    /// The path WORLD.INI gives (backslashes, any case, relative to the install).
    Path(&'s str),
    /// None: the world has no terrain (or names no palette).
    Absent,
}

/// What one world is built from: a WORLD.INI entry's files and settings, or a map's own
/// files by name.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WorldSpec<'s> {
    /// The WORLD.INI index, when the world comes from the catalog (MPSL lights are selected
    /// by it, {D:formats/RGM.md} "MPSL (Lights)").
    pub id: Option<u16>,
    /// The map: the RGM path WORLD.INI gives, or a bare map name (`HARBOUR`).
    pub map: &'s str,
    /// The terrain (WLD).
    pub terrain: Named<'s>,
    /// The palette (COL).
    pub palette: Named<'s>,
    /// `world_scapeshift`: the height table's offset ({D:formats/WLD.md} "Height Values
    /// (Map 1)").
    pub scapeshift: i16,
    /// `world_wave` ({D:engine/water.md} "Wave parameters and enablement").
    pub wave: Wave,
    /// With `world_skyfx`, the low byte of `world_skyspeed` ({D:engine/sky.md} "Scrolling and
    /// rotation"); `None`: no sky.
    pub sky: Option<u8>,
    /// `world_compass`: the compass's heading offset, 2048 to the circle
    /// ({D:engine/hud.md} "Compass").
    pub compass: i32,
}

impl<'s> WorldSpec<'s> {
    /// Map `map`'s own files: `<MAP>.RGM`, `<MAP>.WLD` (required) and `<MAP>.COL`, no height
    /// offset, still water.
    pub fn of_map(map: &'s str) -> Self {
        WorldSpec {
            id: None,
            map,
            terrain: Named::OfMap,
            palette: Named::OfMap,
            scapeshift: 0,
            wave: Wave::NONE,
            sky: None,
            compass: 0,
        }
    }

    /// World `entry` of the catalog.
    pub fn of_entry(entry: &WorldEntry<'s>) -> Self {
        let (amplitude, speed, frequency) = entry.wave.for_terrain();
        WorldSpec {
            id: Some(entry.id),
            map: entry.map,
            terrain: entry.terrain.map_or(Named::Absent, Named::Path),
            palette: entry.palette.map_or(Named::Absent, Named::Path),
            scapeshift: entry.scapeshift,
            wave: Wave { amplitude, speed, frequency },
            sky: entry.skyfx.map(|_| entry.skyspeed as u8),
            compass: entry.compass,
        }
    }

    /// The map's name: its RGM's file name before the first `.`, upper case (`ISLAND` of
    /// `MAPS\ISLAND.rgm`).
    pub fn map_name(&self) -> Name {
        let file = base_name(self.map);
        name_of(file.split('.').next().unwrap_or(file).as_bytes())
    }

    /// The scene's file: the path given, or `<MAP>.RGM`.
    pub fn rgm(&self) -> FileRef<'s> {
        if self.map.contains('.') { FileRef::Path(self.map) } else { FileRef::Name(self.own(".RGM")) }
    }

    /// The terrain's file, `None` for a world without terrain.
    pub fn wld(&self) -> Option<FileRef<'s>> {
        self.file(self.terrain, ".WLD")
    }

    /// The palette's file, `None` when the world names none.
    pub fn col(&self) -> Option<FileRef<'s>> {
        self.file(self.palette, ".COL")
    }

    /// The models' archive: the map's file name with its extension replaced by `ROB`
    /// ({D:formats/ROB.md} "Runtime archive selection"), found in the art folder.
    pub fn rob(&self) -> Name {
        self.own(".ROB")
    }

    fn file(&self, named: Named<'s>, ext: &str) -> Option<FileRef<'s>> {
        match named {
            Named::OfMap => Some(FileRef::Name(self.own(ext))),
            Named::Path(p) => Some(FileRef::Path(p)),
            Named::Absent => None,
        }
    }

    /// `<MAP><ext>`.
    pub fn own(&self, ext: &str) -> Name {
        let mut n = self.map_name();
        let _ = n.push_str(ext);
        n
    }
}

/// A file to read: a path as WORLD.INI gives it, or a name the loader made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileRef<'s> {
    /// A catalog path.
    Path(&'s str),
    /// A file name.
    Name(Name),
}

impl FileRef<'_> {
    /// What to ask the files for.
    pub fn as_str(&self) -> &str {
        match self {
            FileRef::Path(p) => p,
            FileRef::Name(n) => n,
        }
    }

    /// The file's name for errors: after the last folder, upper case.
    pub fn name(&self) -> Name {
        name_of(base_name(self.as_str()).as_bytes())
    }

    /// The file's bytes from `files`, or the error naming it.
    pub fn read<'a>(&self, files: &impl Files<'a>) -> Result<&'a [u8], WorldError> {
        files.file(self.as_str()).ok_or_else(|| WorldError::Missing(self.name()))
    }
}

/// How a world is chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice<'s> {
    /// By its WORLD.INI index (`--world N`, a scenario's `world_index`, `LoadWorld`).
    Index(u16),
    /// By its map's name (`--map NAME`).
    Map(&'s str),
    /// As a new game starts: WORLD.INI's `start_world` at `start_marker`.
    NewGame,
}

/// The world `choice` names in `files`, with the marker a new game starts at. An index
/// must be 0 through 99 and name a catalog entry ({D:engine/SOUP.md} "Session requests:
/// LoadWorld, WonGame, PushPlayer and PopPlayer"); a damaged WORLD.INI fails whatever the
/// choice.
pub fn resolve<'s, 'a: 's>(
    files: &impl Files<'a>,
    choice: Choice<'s>,
) -> Result<(WorldSpec<'s>, Option<i32>), WorldError> {
    let catalog = catalog(files)?;
    match (choice, catalog) {
        (Choice::Map(map), None) => Ok((WorldSpec::of_map(map), None)),
        (Choice::Map(map), Some(ini)) => {
            let name = name_of(map.as_bytes());
            let spec = ini
                .ids()
                .filter_map(|id| ini.world(id))
                .map(|e| WorldSpec::of_entry(&e))
                .find(|s| s.map_name() == name);
            Ok((spec.unwrap_or_else(|| WorldSpec::of_map(map)), None))
        }
        (_, None) => Err(WorldError::NoCatalog),
        (Choice::Index(id), Some(ini)) => Ok((WorldSpec::of_entry(&entry(&ini, id as i32)?), None)),
        (Choice::NewGame, Some(ini)) => {
            let world = entry(&ini, ini.start_world())?;
            Ok((WorldSpec::of_entry(&world), Some(ini.start_marker())))
        }
    }
}

/// The catalog of `files`, `None` without WORLD.INI.
pub fn catalog<'a>(files: &impl Files<'a>) -> Result<Option<WorldIni<'a>>, WorldError> {
    let Some(bytes) = files.file(WORLD_INI) else { return Ok(None) };
    let text = core::str::from_utf8(bytes).map_err(|e| WorldError::CatalogText(e.valid_up_to()))?;
    WorldIni::new_checked(text).map(Some).map_err(WorldError::Catalog)
}

/// Catalog entry `id`: 0 through 99, with a `world_map`.
fn entry<'a>(ini: &WorldIni<'a>, id: i32) -> Result<WorldEntry<'a>, WorldError> {
    u16::try_from(id)
        .ok()
        .filter(|&i| i <= MAX_WORLD)
        .and_then(|i| ini.world(i))
        .ok_or(WorldError::NoWorld(id))
}
