//! `stros-tools inspect` as a user runs it: JSON for every embedded file, and for a
//! truncated copy one line naming the file, format and offset, with exit code 2.

use std::path::PathBuf;
use std::process::Command;

fn world() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../core/data/world")
}

fn inspect(path: &std::path::Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_stros-tools")).arg("inspect").arg(path).output().unwrap()
}

#[test]
fn inspects_every_embedded_file_and_rejects_truncated_copies() {
    let scratch = std::env::temp_dir().join(format!("stros-inspect-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let mut names: Vec<_> = std::fs::read_dir(world()).unwrap().map(|e| e.unwrap().path()).collect();
    names.sort();
    assert_eq!(names.len(), 29);
    for path in names {
        let out = inspect(&path);
        assert!(out.status.success(), "{}: {}", path.display(), String::from_utf8_lossy(&out.stderr));
        let json = String::from_utf8(out.stdout).unwrap();
        assert!(json.starts_with('{') && json.contains("\"format\""), "{}", path.display());
        // A line over 255 bytes is what the INI reader refuses: put one before `before`, and
        // the copy fails at line `line`.
        let long_line = |before: &str, long: &str, line: &str| {
            let text =
                std::fs::read_to_string(&path).unwrap().replacen(before, &format!("{long}{before}"), 1);
            let bad = scratch.join(path.file_name().unwrap());
            std::fs::write(&bad, text).unwrap();
            let out = inspect(&bad);
            assert_eq!(out.status.code(), Some(2), "{}", bad.display());
            let err = String::from_utf8(out.stderr).unwrap();
            assert!(err.contains(&*bad.to_string_lossy()) && err.contains(line), "{err}");
        };
        if path.file_name().is_some_and(|n| n == "WORLD.INI") {
            // The catalog (line 5 here).
            long_line("world_map[1]", &format!("world_sky[1]={}\r\n", "A".repeat(300)), "line 5");
            continue;
        }
        if path.file_name().is_some_and(|n| n == "ITEM.INI") {
            // The item database (line 3 here).
            long_line("bitmap_file", &format!("name[9]={}\n", "A".repeat(300)), "line 3");
            continue;
        }
        if path.file_name().is_some_and(|n| n == "FOG.INI") {
            // The fog table: the reader passes over lines it cannot read (as a table of
            // zeros fills in), so there is no damaged copy to refuse; its densities print.
            let v: serde_json::Value = serde_json::from_str(&json).unwrap();
            assert_eq!(
                (v["density"][32].as_u64(), v["density"][48].as_u64()),
                (Some(0), Some(255)),
                "{json}"
            );
            continue;
        }
        if path.extension().is_some_and(|e| e == "INI") {
            // Text: a damaged record, not a cut, is what must fail (a cut at a line end is
            // a shorter valid file).
            let text = std::fs::read_to_string(&path).unwrap().replacen("deepwater", "deepmud", 1);
            let bad = scratch.join(path.file_name().unwrap());
            std::fs::write(&bad, text).unwrap();
            let out = inspect(&bad);
            assert_eq!(out.status.code(), Some(2), "{}", bad.display());
            let err = String::from_utf8(out.stderr).unwrap();
            assert!(err.contains(&*bad.to_string_lossy()) && err.contains("line 3"), "{err}");
            continue;
        }
        if path.extension().is_some_and(|e| e == "DEF") {
            // The same for SOUP386.DEF: a flag value that is no number names its line's byte.
            let text = std::fs::read_to_string(&path).unwrap();
            let at = text.find("NUMBER TimeOfDay 1").unwrap();
            let bad = scratch.join(path.file_name().unwrap());
            std::fs::write(&bad, text.replacen("NUMBER TimeOfDay 1", "NUMBER TimeOfDay one", 1)).unwrap();
            let out = inspect(&bad);
            assert_eq!(out.status.code(), Some(2), "{}", bad.display());
            let err = String::from_utf8(out.stderr).unwrap();
            let want = format!("DEF: flag value is not a number, true or false at byte {at}");
            assert!(err.contains(&*bad.to_string_lossy()) && err.contains(&want), "{err}");
            continue;
        }

        let bytes = std::fs::read(&path).unwrap();
        let cut = scratch.join(path.file_name().unwrap());
        std::fs::write(&cut, &bytes[..bytes.len() * 2 / 3]).unwrap();
        let out = inspect(&cut);
        assert_eq!(out.status.code(), Some(2), "{}", cut.display());
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(&*cut.to_string_lossy()) && err.contains("at byte "), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    let rgm = String::from_utf8(inspect(&world().join("HARBOUR.RGM")).stdout).unwrap();
    assert!(rgm.contains("\"GoToFuture { target: 6 }\"") && rgm.contains("\"usable\": false"));
    // Each actor's script as disassembly: Cyrus's marks (never run: the player's controller
    // is his script stage), the flags' four PushAnimation tasks and End 0.
    let value: serde_json::Value = serde_json::from_str(&rgm).unwrap();
    let scripts = scripts(&value);
    let cyrus =
        ["    0: flag[0] = flag[1]", "    7: SetGlobalFlag(1)", "   16: Me.ref[9] = 9", "   27: End 0"];
    assert!(scripts.iter().any(|s| *s == cyrus), "{scripts:?}");
    let flag = [
        "    0: Task PushAnimation(1, 25)",
        "   14: Task PushAnimation(10, 1)",
        "   28: Task PushAnimation(1, 3)",
        "   42: Task PushAnimation(10, 2)",
        "   56: End 0",
    ];
    assert!(scripts.iter().any(|s| flag.iter().all(|l| s.contains(&l.to_string()))), "{scripts:?}");
    std::fs::remove_dir_all(&scratch).unwrap();
}

/// Every `"script"` array of strings anywhere in `v`.
fn scripts(v: &serde_json::Value) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    match v {
        serde_json::Value::Object(m) => {
            for (k, x) in m {
                if let (true, Some(a)) = (k == "script", x.as_array()) {
                    found.push(a.iter().filter_map(|l| l.as_str().map(str::to_string)).collect());
                }
                found.extend(scripts(x));
            }
        }
        serde_json::Value::Array(a) => a.iter().for_each(|x| found.extend(scripts(x))),
        _ => {}
    }
    found
}

#[test]
fn unknown_and_missing_files_exit_2() {
    let out =
        Command::new(env!("CARGO_BIN_EXE_stros-tools")).args(["inspect", "nothing.txt"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = Command::new(env!("CARGO_BIN_EXE_stros-tools"))
        .args(["inspect", "/nonexistent/X.RGM"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn inspects_a_pvo_and_rejects_a_truncated_copy() {
    use stros_tools::write::pvo::{sample, to_bytes};
    let scratch = std::env::temp_dir().join(format!("stros-inspect-pvo-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let bytes = to_bytes(&sample());
    let path = scratch.join("ISLAND.PVO");
    std::fs::write(&path, &bytes).unwrap();
    let out = inspect(&path);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["format"], "PVO");
    assert_eq!(json["depth"], 10);
    assert_eq!((&json["nodes"], &json["leaf_nodes"]), (&4.into(), &3.into()));
    assert_eq!(json["ids"], 7);
    assert_eq!(json["cell_size"], 2048);
    assert_eq!(json["center"], serde_json::json!([1000, -200, 3000]));
    assert_eq!(json["selected_at_center"], 5);

    let cut = scratch.join("CUT.PVO");
    std::fs::write(&cut, &bytes[..bytes.len() * 2 / 3]).unwrap();
    let out = inspect(&cut);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains(&*cut.to_string_lossy()) && err.contains("PVO: ") && err.contains("at byte "),
        "{err}"
    );
    std::fs::remove_dir_all(&scratch).unwrap();
}

#[test]
fn inspects_a_world_ini_and_names_the_line_of_a_damaged_copy() {
    use stros_tools::write::worldini::{WorldDesc, WorldIniDesc, to_bytes};
    let scratch = std::env::temp_dir().join(format!("stros-inspect-world-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let desc = WorldIniDesc {
        start_world: 1,
        start_marker: 3,
        test_map_order: vec![0, 1],
        worlds: vec![
            WorldDesc::new(1, "MAPS\\ISLAND.rgm")
                .set("world_world", "MAPS\\ISLAND.WLD")
                .set("world_palette", "3DART\\island.COL")
                .set("world_scapeshift", -120)
                .set_list("world_wave", &[16, 16])
                .node_maps(&["MAPS\\islan001.noo"]),
            WorldDesc::new(2, "MAPS\\catacomb.rgm"),
        ],
        ..Default::default()
    };
    let bytes = to_bytes(&desc);
    let path = scratch.join("WORLD.INI");
    std::fs::write(&path, &bytes).unwrap();
    let out = inspect(&path);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["format"], "WORLD.INI");
    assert_eq!((&json["start_world"], &json["start_marker"]), (&1.into(), &3.into()));
    assert_eq!(json["test_map_order"], serde_json::json!([0, 1]));
    let island = &json["worlds"][0];
    assert_eq!((&island["id"], &island["map"]), (&1.into(), &"MAPS\\ISLAND.rgm".into()));
    assert_eq!(
        (&island["terrain"], &island["palette"]),
        (&"MAPS\\ISLAND.WLD".into(), &"3DART\\island.COL".into())
    );
    // 16,16: the frequency missing, so 0; ambientfx missing, so 0 stored, so 128.
    assert_eq!(island["wave"], serde_json::json!([16, 16, 0]));
    assert_eq!((&island["scapeshift"], &island["ambientfx"]), (&(-120).into(), &128.into()));
    assert_eq!(island["node_maps"], serde_json::json!(["MAPS\\islan001.noo"]));
    assert_eq!(json["worlds"][1]["terrain"], serde_json::Value::Null);

    // Line 5 made 300 bytes long: one line naming the file and line 5, exit code 2.
    let text = String::from_utf8(bytes).unwrap();
    let mut lines: Vec<String> = text.split("\r\n").map(str::to_string).collect();
    assert!(lines[4].is_empty() && lines[5].starts_with("world_map[1]="));
    lines[4] = ";".repeat(300);
    let bad = scratch.join("damaged").join("WORLD.INI");
    std::fs::create_dir_all(bad.parent().unwrap()).unwrap();
    std::fs::write(&bad, lines.join("\r\n")).unwrap();
    let out = inspect(&bad);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains(&*bad.to_string_lossy()) && err.contains("line 5"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    std::fs::remove_dir_all(&scratch).unwrap();
}

/// Each actor definition names its loader path as the docs export it (`model_load_path`:
/// `none`, `static` or `animation_table`; animation.md "Placed actor initialization"):
/// CYRUS has 1 RAAN entry of many frames (an animation table), BUOY none (its frames come
/// from the MPOB model name).
#[test]
fn rgm_actors_name_their_model_load_path() {
    let out = inspect(&world().join("HARBOUR.RGM"));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let mut paths = std::collections::BTreeMap::new();
    fn walk(v: &serde_json::Value, out: &mut std::collections::BTreeMap<String, String>) {
        match v {
            serde_json::Value::Object(m) => {
                if let (Some(n), Some(p)) = (m.get("name"), m.get("model_load_path")) {
                    out.insert(n.as_str().unwrap_or("").to_string(), p.as_str().unwrap().to_string());
                }
                m.values().for_each(|x| walk(x, out));
            }
            serde_json::Value::Array(a) => a.iter().for_each(|x| walk(x, out)),
            _ => {}
        }
    }
    walk(&json, &mut paths);
    assert_eq!(paths.get("CYRUS").map(String::as_str), Some("animation_table"), "{paths:?}");
    assert_eq!(paths.get("BUOY").map(String::as_str), Some("none"), "{paths:?}");
}
