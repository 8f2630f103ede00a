//! A scenario that replaces one of the embedded map's files, written to a directory, for
//! checking that every replay path resolves a scenario's overrides the same way: against
//! the scenario file's own directory, not the current one.

use std::path::{Path, PathBuf};

use crate::write::wld::{WldDesc, to_bytes};

/// Where the override sits, relative to the scenario file.
pub const WLD_PATH: &str = "terrain/flat.wld";

/// The scenario's text: the yard walk's start on the embedded island, with its WLD
/// replaced by a flat one (every cell height index 40), walking forward for 40 updates.
pub fn text() -> String {
    format!(
        "# The embedded island on flat terrain: `wld` resolves against this file's directory.\n\
         world = \"embedded\"\nwld = \"{WLD_PATH}\"\nmarker = 5\nheading = 1024\n\n\
         [[update]]\nbios = 2\nkeys = [\"up\"]\nrepeat = 40\n"
    )
}

/// Writes `dir/override.toml` and its flat WLD; returns the scenario's path.
pub fn write(dir: &Path) -> std::io::Result<PathBuf> {
    let wld = dir.join(WLD_PATH);
    std::fs::create_dir_all(wld.parent().unwrap_or(dir))?;
    std::fs::write(&wld, to_bytes(&WldDesc::flat(40, 2)))?;
    let path = dir.join("override.toml");
    std::fs::write(&path, text())?;
    Ok(path)
}
