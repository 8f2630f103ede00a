//! `stros-tools inspect --needs FILE.RGM`: what a map needs of every table a build sizes
//! ([`stros_core::world::Needs`]), beside what the desktop and small presets hold; and
//! `stros-tools inspect --needs DIR`: every map of an install.

use std::path::Path;

use serde_json::{Map, Value, json};
use stros_core::capacity::{Capacity, Desktop, Small, TableKind};
use stros_core::files::Overlay;
use stros_core::world::Needs;
use stros_host::install::Install;

/// What the map in the RGM at `path` needs, as JSON: `map`, `needs`, and the two presets'
/// `holds` with the tables each is short of. The ROB and models come from the RGM's
/// directory, or from the install above it when that directory is called MAPS.
pub fn command(path: &Path) -> Result<Value, String> {
    if path.is_dir() {
        return install(path);
    }
    let shown = path.display();
    let name = path.file_name().map(|n| n.to_string_lossy().to_ascii_uppercase()).unwrap_or_default();
    let Some(map) = name.strip_suffix(".RGM").filter(|m| !m.is_empty() && m.len() <= 8) else {
        return Err(format!("{shown}: --needs takes a map's .RGM file"));
    };
    let rgm = std::fs::read(path).map_err(|e| format!("{shown}: {e}"))?;
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let root = match dir.file_name() {
        Some(n) if n.eq_ignore_ascii_case("maps") => dir.parent().unwrap_or(dir),
        _ => dir,
    };
    let install = Install::open(root).map_err(|e| e.to_string())?;
    let files =
        Overlay::<_, 1>::new(&install).with(&name, &rgm).map_err(|_| format!("{shown}: name too long"))?;
    let needs = Needs::of(&files, map).map_err(|e| format!("{shown}: {e}"))?;
    Ok(json!({
        "map": map,
        "needs": tables(|t| needs.get(t)),
        "placed": placed(&rgm),
        "desktop": preset::<Desktop>(&needs),
        "small": preset::<Small>(&needs),
    }))
}

/// Every map (`*.RGM`) of the install at `root`, each as [`command`] reports one, and
/// `desktop_fits`: whether the desktop preset holds them all.
fn install(root: &Path) -> Result<Value, String> {
    let install = Install::open(root).map_err(|e| e.to_string())?;
    let mut maps = Vec::new();
    for name in install.names() {
        let Some(map) = name.strip_suffix(".RGM") else { continue };
        let needs = Needs::of(&&install, map).map_err(|e| format!("{}: {e}", root.display()))?;
        maps.push(json!({
            "map": map,
            "needs": tables(|t| needs.get(t)),
            "placed": placed(install.bytes(name).unwrap_or(&[])),
            "desktop": preset::<Desktop>(&needs),
        }));
    }
    let fits = maps.iter().all(|m| m["desktop"]["fits"] == true);
    Ok(json!({ "install": root.display().to_string(), "maps": maps, "desktop_fits": fits }))
}

/// What the map places that no sized table holds (the world reads them through the RGM's
/// views): objects, statics, flats, lights, ropes, markers.
fn placed(rgm: &[u8]) -> Value {
    let Ok(r) = stros_core::formats::rgm::Rgm::new_checked(rgm) else { return Value::Null };
    json!({
        "objects": r.mpob().len(),
        "statics": r.mpso().len(),
        "flats": r.mpsf().len(),
        "lights": r.mpsl().len(),
        "ropes": r.mprp().len(),
        "markers": r.mpmk().len(),
    })
}

fn tables(count: impl Fn(TableKind) -> usize) -> Value {
    Value::Object(
        TableKind::ALL.iter().map(|&t| (t.name().to_string(), json!(count(t)))).collect::<Map<_, _>>(),
    )
}

fn preset<C: Capacity>(needs: &Needs) -> Value {
    let short: Vec<&str> =
        TableKind::ALL.iter().filter(|&&t| needs.get(t) > C::holds(t)).map(|t| t.name()).collect();
    json!({ "holds": tables(C::holds), "fits": short.is_empty(), "short_of": short })
}
