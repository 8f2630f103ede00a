//! Saved games (issue 35; {D:formats/SAVEGAME.md}, `docs/save.md`): a game saved through
//! the frontends' runner ([`stros_host::Runner::save`], F5) and loaded into a running game
//! ([`stros_host::Runner::load`], F8) goes on exactly as the unsaved game does; a damaged
//! save leaves the running game as it was.

use std::path::{Path, PathBuf};

use stros_core::formats::save::{Save, TAG_STRS};
use stros_core::session::Recorded;
use stros_host::{FileArgs, Opened, RunArgs, Runner};

fn here() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A scratch directory of this test's own.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("stros-saves-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The scenario's updates, and the opened files.
fn scenario(name: &str) -> (Opened, Vec<Recorded>) {
    let text = std::fs::read_to_string(here().join("scenarios").join(name)).unwrap();
    let opened = stros_tools::replay::open(&text, here()).unwrap();
    let updates = {
        let mut s = opened.session().unwrap();
        std::iter::from_fn(|| s.next_recorded()).collect()
    };
    (opened, updates)
}

/// A live runner of `opened`'s world (the scenario's start, no recorded updates left).
fn live(opened: &Opened) -> Runner<'_> {
    let mut r = opened.runner(&FileArgs::default(), &RunArgs::default()).unwrap();
    r.session.end_replay();
    r
}

fn line(r: &Runner<'_>) -> String {
    stros_tools::replay::trace_line(&r.session.world, r.session.world.report())
}

/// Through the hut door and back (tests/scenarios/door.toml), saved at update 36 — inside
/// the hut, one world change behind — and loaded into a fresh game: the 36 updates after
/// the load (including the second door, back to the island) trace byte for byte as the
/// unsaved game's do.
#[test]
fn a_loaded_game_goes_on_as_the_unsaved_game() {
    let (opened, updates) = scenario("door.toml");
    assert_eq!(updates.len(), 72);
    let dir = scratch("door");
    let path = stros_host::saves::slot_path(&dir, 0);
    let mut first = live(&opened);
    let mut after = Vec::new();
    for (k, u) in updates.iter().enumerate() {
        if k == 36 {
            first.save(&path).unwrap();
        }
        first.step(*u).unwrap();
        if k >= 36 {
            after.push(line(&first));
        }
    }
    // The slot directory's layout: SAVEGAME.000/SAVEGAME.SAV.
    assert!(dir.join("SAVEGAME.000").join("SAVEGAME.SAV").is_file());
    let bytes = std::fs::read(&path).unwrap();
    let save = Save::new_checked(&bytes).unwrap();
    // Saved inside the hut: world 2 (the door's LoadWorld(2, 0, 0) at update 21).
    assert_eq!(save.world_id(), 2);
    assert!(save.stros().unwrap().starts_with("# A Stros recording"));

    let mut second = live(&opened);
    second.load(&path).unwrap();
    assert_eq!(second.session.world.world_id(), Some(2));
    let mut again = Vec::new();
    for u in &updates[36..] {
        second.step(*u).unwrap();
        again.push(line(&second));
    }
    assert_eq!(again.len(), 36);
    assert_eq!(again, after);
    // The load reached the island again (the second door at update 52).
    assert_eq!(second.session.world.world_id(), Some(1));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every cut of a save, a flipped byte in its record, and a record naming other files are
/// refused with one error, and the running game is untouched: the same world, the same
/// player position, the same next trace line.
#[test]
fn a_damaged_save_never_loads_half() {
    let (opened, updates) = scenario("door.toml");
    let dir = scratch("damaged");
    let path = dir.join("SAVEGAME.SAV");
    let mut r = live(&opened);
    for u in &updates[..30] {
        r.step(*u).unwrap();
    }
    r.save(&path).unwrap();
    let good = std::fs::read(&path).unwrap();
    for u in &updates[30..40] {
        r.step(*u).unwrap();
    }
    let before = (r.session.world.world_id(), r.session.world.selected_player().unwrap().position);
    let bad = dir.join("BAD.SAV");
    let mut damaged: Vec<Vec<u8>> = (0..good.len()).step_by(97).map(|n| good[..n].to_vec()).collect();
    // The record's world renamed: a save of other files.
    let strs = good.windows(4).position(|w| w == TAG_STRS).unwrap();
    let mut other = good.clone();
    let at = strs + 8 + other[strs + 8..].windows(10).position(|w| w == b"\"embedded\"").unwrap();
    other[at + 1..at + 9].copy_from_slice(b"EMBEDDED");
    damaged.push(other);
    // The record's first update made unreadable.
    let mut garbled = good.clone();
    let u = strs + 8 + garbled[strs + 8..].windows(8).position(|w| w == b"[[update").unwrap();
    garbled[u + 2] = b'?';
    damaged.push(garbled);
    for d in &damaged {
        std::fs::write(&bad, d).unwrap();
        let e = r.load(&bad).unwrap_err().to_string();
        assert!(e.contains("BAD.SAV"), "{e}");
        assert!(!e.contains('\n'), "one line: {e}");
        let now = (r.session.world.world_id(), r.session.world.selected_player().unwrap().position);
        assert_eq!(now, before);
    }
    // And the game goes on: the next update traces as a game that never tried.
    let mut twin = live(&opened);
    for u in &updates[..40] {
        twin.step(*u).unwrap();
    }
    r.step(updates[40]).unwrap();
    twin.step(updates[40]).unwrap();
    assert_eq!(line(&r), line(&twin));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The documented chunks are restored over the rebuilt game, as the original restores
/// them: a save whose SVGF says flag 0 is 41 loads with flag 0 at 41, whatever the record
/// rebuilt, and an SVIT record's limits and count replace the item's; a save naming another
/// world than its record ends in is refused.
#[test]
fn the_documented_chunks_are_restored_directly() {
    let (opened, updates) = scenario("door.toml");
    let dir = scratch("chunks");
    let path = dir.join("SAVEGAME.SAV");
    let mut r = live(&opened);
    for u in &updates[..10] {
        r.step(*u).unwrap();
    }
    r.save(&path).unwrap();
    let mut bytes = std::fs::read(&path).unwrap();
    let save = Save::new_checked(&bytes).unwrap();
    let flags = save.flags().unwrap();
    assert_eq!(flags.len(), r.session.world.flags().len());
    assert_eq!(flags.value(0), r.session.world.flags().get(0));
    // SVGF's first value: after SVGM (8 + 272) and SVGF's header (8) and count (4).
    let v = 8 + 272 + 8 + 4;
    bytes[v..v + 4].copy_from_slice(&41i32.to_le_bytes());
    // SVIT's second record (the key, item 2; the compass is the first, the gold — the last
    // record — has none): total at +2 and player_max at +6 made 5, the count at +10 made 3.
    let svit = bytes.windows(4).position(|w| w == b"SVIT").unwrap() + 8 + 22;
    for (at, v) in [(2, 5i32), (6, 5), (10, 3)] {
        bytes[svit + at..svit + at + 4].copy_from_slice(&v.to_le_bytes());
    }
    std::fs::write(&path, &bytes).unwrap();
    let mut l = live(&opened);
    l.load(&path).unwrap();
    assert_eq!(l.session.world.flags().get(0), Some(41));
    use stros_core::items::Field;
    let items = l.session.world.items();
    assert_eq!((items.field(Field::Total, 2), items.field(Field::PlayerMax, 2), items.count(2)), (5, 5, 3));
    // SVGM's world id (at 8 + 0x8C) made 5: refused, the game as it was.
    bytes[8 + 0x8C] = 5;
    std::fs::write(&path, &bytes).unwrap();
    let e = l.load(&path).unwrap_err().to_string();
    assert!(e.contains("names world 5 but its record ends in world 1"), "{e}");
    assert_eq!(l.session.world.flags().get(0), Some(41));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--record` of a loaded game: the file starts with the save's record, so it replays from
/// the session's start — `stros-tools replay` traces it as it traces the scenario itself.
#[test]
fn the_recording_of_a_loaded_game_replays_from_the_start() {
    let (opened, updates) = scenario("door.toml");
    let dir = scratch("record");
    let path = dir.join("SAVEGAME.SAV");
    let mut unsaved = live(&opened);
    for u in &updates[..30] {
        unsaved.step(*u).unwrap();
    }
    unsaved.save(&path).unwrap();
    let record = dir.join("after-load.toml");
    let files = FileArgs { record: Some(record.clone()), ..FileArgs::default() };
    let mut r = opened.runner(&files, &RunArgs::default()).unwrap();
    r.session.end_replay();
    r.load(&path).unwrap();
    for u in &updates[30..] {
        r.step(*u).unwrap();
    }
    r.finish().unwrap();
    let text = std::fs::read_to_string(&record).unwrap();
    let replayed = stros_tools::replay::run(&text, &dir).unwrap();
    let scenario = std::fs::read_to_string(here().join("scenarios/door.toml")).unwrap();
    let whole = stros_tools::replay::run(&scenario, here()).unwrap();
    assert_eq!(replayed.lines().count(), 72);
    assert_eq!(replayed, whole);
    let _ = std::fs::remove_dir_all(&dir);
}
