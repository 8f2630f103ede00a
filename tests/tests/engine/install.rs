//! `--data DIR` on the install layout `stros-tools gen-install` writes from the embedded
//! island (map ISLAND, the GOG directories, names in mixed case): it plays, reads its
//! SYSTEM.INI and KEYS.INI, enters at `--marker`, records and replays; every damaged variant
//! fails with one line naming the file.

use std::path::{Path, PathBuf};

use stros_core::input::{Action, Input};
use stros_host::outputs::Outputs;
use stros_host::{FileArgs, Opened};

fn install(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("stros-install-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    stros_tools::world::install::write(&dir).unwrap();
    dir
}

fn data(dir: &Path) -> FileArgs {
    FileArgs { data: Some(dir.to_path_buf()), ..FileArgs::default() }
}

fn opened(args: &FileArgs) -> Opened {
    Opened::open("test", args).unwrap()
}

/// The one line opening `args` fails with, if it fails.
fn open_error(args: &FileArgs) -> Option<String> {
    match Opened::open("test", args) {
        Err(e) => Some(e.to_string()),
        Ok(o) => o.session().err().map(|e| e.to_string()),
    }
}

#[test]
fn the_install_plays() {
    let dir = install("plays");
    let o = opened(&data(&dir));
    let mut s = o.session().unwrap();
    assert_eq!(s.world.map(), "ISLAND");
    // The palette came from fxart/island.col, the sounds from sound/MAIN.SFX.
    let col = stros_core::formats::col::Col::new_checked(stros_core::embedded::COL).unwrap();
    assert_eq!(s.palette, stros_core::render::Palette::from_rgb8(&col.to_rgb_array()));
    assert!(s.sounds.is_some());
    let p = s.world.selected_player().unwrap().position;
    assert_eq!((p[0] >> 8, p[2] >> 8), (35_000, 30_600));
    for b in 0..30 {
        s.step(&Input::with(&[Action::Up]), b, None);
    }
    assert_ne!(s.world.selected_player().unwrap().position, p, "Cyrus ran");
    // --marker 5.
    let o = opened(&FileArgs { marker: Some(5), ..data(&dir) });
    let s = o.session().unwrap();
    let p = s.world.selected_player().unwrap().position;
    assert_eq!((p[0] >> 8, p[2] >> 8), (31_200, 27_400));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_install_s_ini_files_are_read() {
    let dir = install("ini");
    let sys =
        std::fs::read_to_string(dir.join("SYSTEM.INI")).unwrap().replace("walk_mode = 0", "walk_mode = 1");
    std::fs::write(dir.join("SYSTEM.INI"), sys).unwrap();
    let keys =
        std::fs::read_to_string(dir.join("KEYS.INI")).unwrap().replace("key_up[0] = 17", "key_up[0] = 19");
    std::fs::write(dir.join("KEYS.INI"), keys).unwrap();
    let o = opened(&data(&dir));
    let s = o.session().unwrap();
    assert_eq!(s.world.config().walk_mode, 1);
    assert_eq!(s.world.player_state().walk_mode, 1);
    assert_eq!(s.world.bindings().codes[0], [19, 138]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_recording_of_an_install_replays() {
    let dir = install("rec");
    let rec = dir.join("walk.toml");
    let trace = dir.join("walk.jsonl");
    let o = opened(&data(&dir));
    let mut s = o.session().unwrap();
    let mut out = Outputs::new(Some(rec.clone()), Some(trace.clone()));
    for b in 0..60u32 {
        let input = if b < 40 { Input::with(&[Action::Up, Action::Left]) } else { Input::NONE };
        s.step(&input, b, None);
        out.after_step(&s, &input, b).unwrap();
    }
    out.finish(&s).unwrap();
    let text = std::fs::read_to_string(&rec).unwrap();
    assert!(text.contains(&format!("world = \"{}\"", dir.display())), "{text}");
    // The install's catalog world replays by its index.
    assert!(text.contains("world_index = 1"), "{text}");
    let replayed = stros_tools::replay::command(&rec).unwrap();
    assert_eq!(replayed, std::fs::read_to_string(&trace).unwrap());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn damaged_installs_fail_with_one_line_naming_the_file() {
    let cut = |bytes: &[u8], keep: usize| bytes[..keep.min(bytes.len())].to_vec();
    type Damage = fn(&Path);
    let cases: [(&str, Damage, &str); 9] = [
        ("truncated scene", |d| std::fs::write(d.join("maps/ISLAND.RGM"), b"RAHD").unwrap(), "ISLAND.RGM"),
        (
            "no scene",
            |d| std::fs::remove_file(d.join("maps/ISLAND.RGM")).unwrap(),
            "world 1's map MAPS\\ISLAND.RGM is not in the install",
        ),
        (
            "no terrain",
            |d| std::fs::remove_file(d.join("maps/ISLAND.WLD")).unwrap(),
            "world 1's terrain MAPS\\ISLAND.WLD is not",
        ),
        ("no archive", |d| std::fs::remove_file(d.join("fxart/ISLAND.ROB")).unwrap(), "no ISLAND.ROB"),
        (
            "no palette",
            |d| std::fs::remove_file(d.join("fxart/island.col")).unwrap(),
            "world 1's palette 3DART\\ISLAND.COL is not",
        ),
        ("short palette", |d| std::fs::write(d.join("fxart/island.col"), [0u8; 100]).unwrap(), "island.col"),
        ("bad SYSTEM.INI", |d| std::fs::write(d.join("SYSTEM.INI"), "[system\n").unwrap(), "SYSTEM.INI"),
        (
            "bad surface.ini",
            |d| std::fs::write(d.join("surface.ini"), "[surfaces]\n1,2\n").unwrap(),
            "surface.ini",
        ),
        ("bad model", |d| std::fs::write(d.join("fxart/CYRUS.3DC"), b"v4.0").unwrap(), "CYRUS.3DC"),
    ];
    for (what, damage, named) in cases {
        let dir = install("bad");
        damage(&dir);
        let err = open_error(&data(&dir)).unwrap_or_else(|| panic!("{what}: opened"));
        assert!(err.contains(named) && !err.contains('\n'), "{what}: {err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
    // A truncated texture bank and sound bank are damage too; a missing one is not.
    for (file, keep) in [("fxart/TEXBSI.302", 5000), ("sound/MAIN.SFX", 500)] {
        let dir = install("bank");
        let bytes = std::fs::read(dir.join(file)).unwrap();
        std::fs::write(dir.join(file), cut(&bytes, keep)).unwrap();
        let err = open_error(&data(&dir)).unwrap_or_else(|| panic!("{file}: opened"));
        assert!(err.contains(file.rsplit('/').next().unwrap()), "{err}");
        std::fs::remove_file(dir.join(file)).unwrap();
        assert!(open_error(&data(&dir)).is_none(), "a missing {file} only warns");
        std::fs::remove_dir_all(&dir).unwrap();
    }
    // Not a directory.
    assert!(open_error(&data(Path::new("/nonexistent/stros"))).unwrap().contains("not a directory"));
}

#[test]
fn symbolic_link_loops_are_walked_once() {
    let dir = install("links");
    let plain = stros_host::install::Install::open(&dir).unwrap().names().len();
    // A link back to the root and a second link to a folder: nothing new, and the walk ends.
    std::os::unix::fs::symlink(&dir, dir.join("maps/loop")).unwrap();
    std::os::unix::fs::symlink(dir.join("fxart"), dir.join("again")).unwrap();
    let linked = stros_host::install::Install::open(&dir).unwrap();
    assert_eq!(linked.names().len(), plain);
    assert!(opened(&data(&dir)).session().is_ok());
    // A folder holding only a link to itself: an empty install, not an endless walk.
    let lone = dir.join("lone");
    std::fs::create_dir(&lone).unwrap();
    std::os::unix::fs::symlink(&lone, lone.join("self")).unwrap();
    assert!(stros_host::install::Install::open(&lone).unwrap().names().is_empty());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Every file under `dir`, by its `/` path from `dir`'s parent (as a browser gives a picked
/// folder's files: the folder's name first).
fn picked(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let path = e.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            let relative = path.strip_prefix(dir.parent().unwrap()).unwrap();
            let name = relative.iter().map(|c| c.to_string_lossy()).collect::<Vec<_>>().join("/");
            out.push((name, std::fs::read(&path).unwrap()));
        }
    }
    out
}

/// The web frontend's install: the same files read into memory (a picked folder, its
/// name first, beside a stray file outside it) play as `--data` of the folder does — the
/// root is the folder that holds WORLD.INI, so `MAPS\ISLAND.rgm` and the GOG folders
/// resolve; the same start, palette and sounds, and the same steps.
#[test]
fn an_install_in_memory_plays_as_the_folder_does() {
    let dir = install("memory");
    let mut files = picked(&dir);
    let top = dir.file_name().unwrap().to_string_lossy().to_string();
    assert!(files.iter().all(|(p, _)| p.starts_with(&format!("{top}/"))));
    assert!(files.iter().any(|(p, _)| p == &format!("{top}/WORLD.INI")));
    files.push(("notes.txt".into(), b"not the game's".to_vec()));
    let memory = stros_host::install::Install::from_memory("the chosen files", files).unwrap();
    assert_eq!(memory.root(), Path::new("the chosen files"));
    assert!(memory.path("MAPS\\ISLAND.rgm").is_some(), "a catalog path from the root");
    assert!(memory.path("3DART\\island.col").is_some(), "the art folder's twin (fxart/)");
    assert!(memory.path("NOTES.TXT").is_some(), "a file outside the root, by its name");
    let memory = Opened::of_install(memory).unwrap();
    let folder = opened(&data(&dir));
    let (mut a, mut b) = (memory.session().unwrap(), folder.session().unwrap());
    assert_eq!(a.world.map(), "ISLAND");
    assert_eq!((&a.palette, a.sounds.is_some()), (&b.palette, b.sounds.is_some()));
    for t in 0..30 {
        a.step(&Input::with(&[Action::Up]), t, None);
        b.step(&Input::with(&[Action::Up]), t, None);
        assert_eq!(a.world.selected_player().unwrap().position, b.world.selected_player().unwrap().position);
    }
    // The same files loose (dropped without their folders): a catalog path finds its file
    // by name, as in the core's own sets without folders.
    let loose: Vec<_> =
        picked(&dir).into_iter().map(|(p, b)| (p.rsplit('/').next().unwrap().to_string(), b)).collect();
    let loose =
        Opened::of_install(stros_host::install::Install::from_memory("loose", loose).unwrap()).unwrap();
    let (mut c, mut d) = (loose.session().unwrap(), folder.session().unwrap());
    assert_eq!((c.world.map(), &c.palette), ("ISLAND", &d.palette));
    for t in 0..30 {
        c.step(&Input::with(&[Action::Up]), t, None);
        d.step(&Input::with(&[Action::Up]), t, None);
    }
    assert_eq!(c.world.selected_player().unwrap().position, d.world.selected_player().unwrap().position);
    // A damaged file in memory is the line `--data` gives, naming it by its picked path.
    let mut broken = picked(&dir);
    for (path, bytes) in &mut broken {
        if path.ends_with("MAIN.SFX") {
            bytes.truncate(10);
        }
    }
    let e = stros_host::install::Install::from_memory("the chosen files", broken)
        .and_then(Opened::of_install)
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("MAIN.SFX"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}
