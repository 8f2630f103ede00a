//! The key on the pier and the chest in the hut (issue 35): `tests/scenarios/chest.toml`
//! replayed through the frontends' runner — the key taken ({D:config/item-ini.md}
//! "Initialization and acquisition"), a door into the hut and back ({D:engine/SOUP.md}
//! "Session requests: LoadWorld, WonGame, PushPlayer and PopPlayer"), the chest opened with
//! the key ("Removal during acquisition"), the global flags the scripts set kept across
//! both world changes — and saved and loaded ({D:formats/SAVEGAME.md}) at two moments, the
//! game after each load tracing exactly as the game that was never saved.

use std::path::{Path, PathBuf};

use stros_core::session::Recorded;
use stros_host::{FileArgs, Opened, RunArgs, Runner};
use stros_tools::world::{hut, scripts, soupdef, village, worlds};

fn here() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// What one update left: its trace line and what the scripts changed.
#[derive(Clone, Debug, PartialEq)]
struct Seen {
    line: String,
    world: Option<u16>,
    /// Map units.
    pos: [i32; 3],
    /// Owned keys and gold.
    items: (i32, i32),
    /// KeyTaken, ChestOpened.
    flags: (i32, i32),
    activated: Option<u16>,
}

fn seen(r: &Runner<'_>) -> Seen {
    let w = &r.session.world;
    let item = |k: i32| w.items().count(k as u8);
    Seen {
        line: String::new(),
        world: w.world_id(),
        pos: w.selected_player().unwrap().position.map(|c| c >> 8),
        items: (item(scripts::item::KEY), item(scripts::item::GOLD)),
        flags: (
            w.flags().get(soupdef::flag::KEY_TAKEN).unwrap(),
            w.flags().get(soupdef::flag::CHEST_OPENED).unwrap(),
        ),
        activated: None,
    }
}

/// The trace lines the runner wrote to `path` (`--trace`: each written after its update,
/// before a world change it asked for), joined to what each update left.
fn with_trace(mut all: Vec<Seen>, path: &Path) -> Vec<Seen> {
    let text = std::fs::read_to_string(path).unwrap();
    for (s, line) in all.iter_mut().zip(text.lines()) {
        s.line = line.to_string();
        // An event `{"actor":N,"type":"activated",…}`.
        s.activated = line.find(r#","type":"activated""#).map(|end| {
            let start = line[..end].rfind(r#""actor":"#).unwrap() + r#""actor":"#.len();
            line[start..end].parse().unwrap()
        });
    }
    assert_eq!(text.lines().count(), all.len());
    all
}

fn scenario() -> (Opened, Vec<Recorded>) {
    let text = std::fs::read_to_string(here().join("scenarios/chest.toml")).unwrap();
    let opened = stros_tools::replay::open(&text, here()).unwrap();
    let updates = {
        let mut s = opened.session().unwrap();
        std::iter::from_fn(|| s.next_recorded()).collect()
    };
    (opened, updates)
}

/// A live game of `opened`'s files, writing its trace to `trace`.
fn live<'o>(opened: &'o Opened, trace: &Path) -> Runner<'o> {
    let files = FileArgs { trace: Some(trace.to_path_buf()), ..FileArgs::default() };
    let mut r = opened.runner(&files, &RunArgs::default()).unwrap();
    r.session.end_replay();
    r
}

/// Runs `updates` on a fresh game in `dir`, saving to `save` before update `at` (0-based).
fn run(opened: &Opened, updates: &[Recorded], dir: &Path, save: Option<(usize, &Path)>) -> Vec<Seen> {
    let trace = dir.join("unsaved.jsonl");
    let mut r = live(opened, &trace);
    let mut out = Vec::new();
    for (k, u) in updates.iter().enumerate() {
        if let Some((at, path)) = save
            && at == k
        {
            r.save(path).unwrap();
        }
        r.step(*u).unwrap();
        out.push(seen(&r));
    }
    r.finish().unwrap();
    with_trace(out, &trace)
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("stros-chest-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The first update (1-based) at which `f` holds.
fn first(all: &[Seen], f: impl Fn(&Seen) -> bool) -> usize {
    all.iter().position(f).unwrap() + 1
}

#[test]
fn the_key_opens_the_chest_in_the_hut() {
    let (opened, updates) = scenario();
    assert_eq!(updates.len(), 415);
    let dir = scratch("unsaved");
    let all = run(&opened, &updates, &dir, None);

    // The key: Activate is held at update 20. Cyrus walked north from the pier's end (z
    // 14700) and stands at z 14869 (x 32768, his origin 104 up); the key lies at (32790,
    // −40, 14950): Manhattan 22 + 64 + 81 = 167, within the script's 200 (PlayerDistance
    // < 51,200 runtime units), so the key's prompt was offered and fires. Two updates
    // earlier (z 14826) it was 22 + 64 + 124 = 210: no prompt.
    let taken = first(&all, |s| s.activated == Some(10));
    assert_eq!(taken, 20);
    let [kx, ky, kz] = village::KEY_AT;
    let manhattan = |p: [i32; 3]| (p[0] - kx).abs() + (p[1] - ky).abs() + (p[2] - kz).abs();
    assert_eq!((all[19].pos, manhattan(all[19].pos)), ([32768, -104, 14869], 167));
    assert_eq!(manhattan(all[17].pos), 210);
    assert!(
        manhattan(all[19].pos) * 256 < scripts::PICKUP_REACH
            && manhattan(all[17].pos) * 256 > scripts::PICKUP_REACH
    );
    // AddItem(2, 1) in the same update: total 1 − 0 and player_max 1 − 0 leave room for one.
    assert_eq!((all[18].items, all[19].items), ((0, 0), (1, 0)));
    assert_eq!(all[19].flags, (1, 0));

    // The hut door: Activate at update 215, beside the door; the next update is the hut's
    // first, Cyrus at its marker 0 (20000, 0, 20000 − 120), his origin 66 above the floor.
    // (The runner follows the request after the update's trace line: the state after update
    // 215 is the hut's.)
    let inside = first(&all, |s| s.world == Some(worlds::HUT));
    assert_eq!((inside, all[214].activated), (215, Some(9)));
    assert_eq!(all[inside - 1].pos, [hut::AT[0], -66, hut::AT[2] - 120]);
    // The key is still his in the hut (a world change keeps the items and the flags).
    assert_eq!((all[inside - 1].items, all[inside - 1].flags), ((1, 0), (1, 0)));

    // The chest (the hut's actor 1, after its door): Activate at the hut's update 42, Cyrus
    // at z 20094: 46 + 10 + 66 = 122 from the chest (within 200) and 264 + 66 = 330 from
    // the door object at z − 170 (outside its 300, so the door offers nothing first).
    let opened_at = first(&all, |s| s.world == Some(worlds::HUT) && s.activated == Some(1));
    assert_eq!(opened_at - inside, 42);
    assert_eq!(all[opened_at - 1].pos, [hut::AT[0], -66, 20094]);
    // DropItem(2, 1) then AddItem(3, 20): no key, twenty gold; ChestOpened set.
    assert_eq!((all[opened_at - 2].items, all[opened_at - 1].items), ((1, 0), (0, 20)));
    assert_eq!(all[opened_at - 1].flags, (1, 1));

    // Out again: the hut's door (actor 0) at the hut's update 148 sends him to the island's
    // marker 10 facing the sea (LoadWorld(1, 10, 1024)).
    let out = inside + first(&all[inside..], |s| s.world == Some(1));
    assert_eq!((out - inside, all[out - 1].activated), (148, Some(0)));
    assert_eq!(all[out - 1].pos, [34330, -304, 16990]);
    // On the island again the key's script finds KeyTaken set and kills its record in the
    // island's first update: the key does not come back.
    assert!(all[out].line.contains(r#""actor":10,"type":"end_sounds""#), "{}", all[out].line);
    let last = all.last().unwrap();
    assert_eq!((last.world, last.items, last.flags), (Some(1), (0, 20), (1, 1)));

    let trace: String = all.iter().map(|s| format!("{}\n", s.line)).collect();
    stros_tests::assert_golden("chest.jsonl", &trace);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Saved inside the hut before the chest (one world change and the key behind it) and
/// saved back on the island after everything: each save, loaded into a fresh game that
/// then gets the same input, traces as the unsaved game, and the loaded game's items and
/// flags are the unsaved game's.
#[test]
fn a_save_before_the_chest_and_one_after_load_to_the_same_game() {
    let (opened, updates) = scenario();
    let dir = scratch("saves");
    for (name, at) in [("hut.sav", 240), ("island.sav", 400)] {
        let path = dir.join(name);
        let unsaved = run(&opened, &updates, &dir, Some((at, &path)));
        let trace = dir.join("loaded.jsonl");
        let mut r = live(&opened, &trace);
        r.load(&path).unwrap();
        let mut after = Vec::new();
        for u in &updates[at..] {
            r.step(*u).unwrap();
            after.push(seen(&r));
        }
        r.finish().unwrap();
        let after = with_trace(after, &trace);
        assert_eq!(after, unsaved[at..], "{name}");
    }
    // The hut save holds what the docs lay out: world 2, the key owned (the SVIT records of
    // items 0 and 2, the last record — gold — has none) and KeyTaken set.
    let bytes = std::fs::read(dir.join("hut.sav")).unwrap();
    let save = stros_core::formats::save::Save::new_checked(&bytes).unwrap();
    assert_eq!(save.world_id(), 2);
    let items = save.items().unwrap();
    assert_eq!((items.len(), items.record(1).unwrap().player_total, items.selected()), (2, 1, 0));
    assert_eq!(save.flags().unwrap().value(soupdef::flag::KEY_TAKEN as usize), Some(1));
    let _ = std::fs::remove_dir_all(&dir);
}
