//! The item system in a world (issue 35, part): ITEM.INI read as the world loads, a script's
//! `AddItem`/`HaveItem`/`DropItem`/`SelectItem`/`ActiveItem`, the fallback selection writing
//! the player's weapon attribute, and the counts kept through a world change.

use stros_core::actor::{attr, living};
use stros_core::anim::group;
use stros_core::script::functions::id;
use stros_core::world::catalog::{Choice, resolve};

/// Gold starts at 52 (+1 from the start list, as the docs' 53), a key 8 of total 1, a gem
/// 12 needing the key.
const INI: &str = "[items]\r\nstart_item_list = 2\r\nplayer_total[2] = 52\r\ntotal[2] = 500\r\n\
    player_max[2] = 200\r\ntype[1] = 1\r\ntotal[1] = 1\r\nplayer_max[1] = 1\r\ntotal[8] = 1\r\n\
    player_max[8] = 1\r\ntotal[12] = 3\r\nplayer_max[12] = 3\r\nrequired_item_list[12] = 8\r\n";

/// The island's files with `actors` defined in its map, the `placed` ones (id, script)
/// put in the yard, and `ini` as ITEM.INI.
fn yard_files(
    actors: Vec<stros_tools::write::rgm::ActorDesc>,
    placed: &[(u32, &str)],
    ini: &str,
) -> &'static stros_tests::TestFiles {
    let mut desc = stros_tools::world::village::rgm_desc();
    desc.actors.extend(actors);
    for &(id, script) in placed {
        desc.mpob.push(stros_tests::placement(id, script, [31200, -240, 27500], false));
    }
    stros_tests::replaced(vec![
        ("HARBOUR.RGM", stros_tools::write::rgm::to_bytes(&desc)),
        ("ITEM.INI", ini.as_bytes().to_vec()),
    ])
}

#[test]
fn a_script_acquires_drops_and_selects_and_a_world_change_keeps_the_counts() {
    use stros_tools::write::rgm::ActorDesc;
    let script = stros_tests::calls(&[
        (id::ADD_ITEM, &[12, 1]),  // refused: the key is not owned
        (id::ADD_ITEM, &[8, 5]),   // held to total 1
        (id::ADD_ITEM, &[12, 2]),  // two gems now
        (id::DROP_ITEM, &[2, 10]), // 53 − 10 gold
        (id::SELECT_ITEM, &[12]),
    ]);
    let actors = vec![ActorDesc { name: b"GIVER".to_vec(), script, ..Default::default() }];
    let files = yard_files(actors, &[(900, "GIVER")], INI);
    let mut w = stros_tests::island_in(files);
    w.enter_marker(files, 5, 0).unwrap();
    // Opened: gold 52 + 1, the sabre selected by the start list's fallback (item 1 has a
    // record), no start_item_select.
    assert_eq!((w.items().count(2), w.items().selected()), (53, Some(1)));
    w.step(&stros_core::input::Input::NONE, 100);
    let items = w.items();
    assert_eq!([items.count(8), items.count(12), items.count(2)], [1, 2, 43]);
    assert_eq!(items.selected(), Some(12));
    // Into the hut and the counts stay; a fresh load opens ITEM.INI again.
    let (spec, _) = resolve(files, Choice::Index(2)).unwrap();
    w.change_world(files, &spec, 0, 0).unwrap();
    assert_eq!([w.items().count(8), w.items().count(12), w.items().count(2)], [1, 2, 43]);
    let fresh = stros_tests::island_in(files);
    assert_eq!([fresh.items().count(8), fresh.items().count(12), fresh.items().count(2)], [0, 0, 53]);
    // The island's own ITEM.INI: the compass owned and selected, the key and the gold none.
    let island = stros_tests::island();
    assert!(island.items().is_open());
    assert_eq!([island.items().count(0), island.items().count(2), island.items().count(3)], [1, 0, 0]);
    assert_eq!(island.items().selected(), Some(0));
}

/// Shell scripts ({D:engine/SOUP.md} "World shell-script preparation", "Shell script
/// execution"): the map's `COMMON` and map-named (`HARBOUR`) definitions become records
/// (`DEBUG` too only with `[debug] final_version` 0), prepended, so the newest — the map's —
/// runs first, before the ordinary updates; `COMMON` adds a gold piece every update, the
/// map's script adds ten once and kills itself, and is dropped after that run.
#[test]
fn shell_scripts_run_before_the_actors_newest_first_until_killed() {
    use stros_tools::write::rgm::ActorDesc;
    let def = |name: &str, script| ActorDesc { name: name.as_bytes().to_vec(), script, ..Default::default() };
    let actors = vec![
        def("COMMON", stros_tests::calls_then(&[(id::ADD_ITEM, &[2, 1])], true)),
        def("HARBOUR", stros_tests::calls(&[(id::ADD_ITEM, &[2, 10]), (id::KILL_ME, &[])])),
        def("DEBUG", stros_tests::calls_then(&[(id::ADD_ITEM, &[2, 100])], true)),
    ];
    let files = yard_files(actors, &[], INI);
    let mut w = stros_tests::island_in(files);
    let cyrus = w.enter_marker(files, 5, 0).unwrap();
    // The island's eleven placements are actors 0–10; COMMON is 11, HARBOUR 12 (prepended);
    // the player comes after them.
    assert_eq!((w.shells(), cyrus), (&[12u16, 11][..], 13));
    w.step(&stros_core::input::Input::NONE, 100);
    // 53 + 10 (HARBOUR, first) + 1 (COMMON).
    assert_eq!((w.items().count(2), w.shells()), (64, &[11u16][..]));
    // Shell context: the weapon predicates see no ordinary animation state. A record has no
    // animation set, and its attributes — 110, `holding_weapon`, among them — are zeroed for
    // each run, so a record drawing or holding a weapon by its state bytes is neither.
    let r = w.actor_mut(11).unwrap();
    (r.attributes[attr::HOLDING_WEAPON], r.living, r.weapon_drawn) = (1, living::DRAWING, true);
    r.anim.current = group::DRAW;
    w.step(&stros_core::input::Input::NONE, 102);
    assert_eq!(w.items().count(2), 65);
    let r = w.actor(11).unwrap();
    assert_eq!((r.set, r.attr(attr::HOLDING_WEAPON)), (None, 0));
    assert!(!r.holds_weapon() && !r.is_drawing() && !r.is_sheathing());
    // With final_version 0 the DEBUG record comes first and runs last.
    let mut config = stros_core::config::SystemConfig::installed();
    config.final_version = 0;
    let mut w = stros_host::World::load(files, "HARBOUR", config, Default::default()).unwrap();
    w.enter_marker(files, 5, 0).unwrap();
    assert_eq!(w.shells(), [13, 12, 11]);
}

/// `OpenShell(name)`: the record is made after the update that asked (it first runs in the
/// next), prepended; the name is the calling script's string, compared without case.
#[test]
fn open_shell_makes_a_record_that_runs_from_the_next_update() {
    use stros_core::script::decode::CallKind;
    use stros_tools::write::rgm::ActorDesc;
    use stros_tools::write::soup::{Asm, Value};
    let open = Asm::new().call(CallKind::Function, id::OPEN_SHELL, &[Value::Str(0)]).end_here().finish();
    let common = ActorDesc {
        name: b"COMMON".to_vec(),
        script: open,
        strings: vec![b"helper".to_vec()],
        ..Default::default()
    };
    let helper = ActorDesc {
        name: b"HELPER".to_vec(),
        script: stros_tests::calls_then(&[(id::ADD_ITEM, &[2, 5])], true),
        ..Default::default()
    };
    let files = yard_files(vec![common, helper], &[], INI);
    let mut w = stros_tests::island_in(files);
    let cyrus = w.enter_marker(files, 5, 0).unwrap();
    // COMMON is actor 11 (after the island's eleven placements), Cyrus 12.
    assert_eq!((w.shells(), cyrus), (&[11u16][..], 12));
    w.step(&stros_core::input::Input::NONE, 100);
    // HELPER opened after update 1 as actor 13 (after Cyrus), first in the list; no gold yet.
    assert_eq!((w.shells(), w.items().count(2)), (&[13u16, 11][..], 53));
    w.step(&stros_core::input::Input::NONE, 102);
    assert_eq!(w.items().count(2), 58);
}

/// The other item natives ({D:engine/SOUP.md} "DropAllItems", "ShowItem and ShowItemNoRtx",
/// "chargeWeapon", "Potion counters and combat strength and armor"; {D:engine/attachment.md}
/// "Held-item assignment"), in one update of a yard object's script over this file's
/// ITEM.INI plus the sabre (1) and the charged weapon (75).
#[test]
fn drop_all_show_charge_potions_and_the_held_item() {
    use stros_tools::write::rgm::ActorDesc;
    let ini = format!("{INI}total[75] = 1\r\nplayer_max[75] = 1\r\ntype[75] = 1\r\n");
    let script = stros_tests::calls(&[
        (id::ADD_ITEM, &[8, 1]),
        (id::CHARGE_WEAPON, &[1]), // 75 added, selected, attribute 23 = 75; 1 emptied
        (id::SET_POTION, &[2, -7]), // stored
        (id::SET_POTION, &[99, 5]), // past the table: not stored
        (id::HAND_ITEM, &[8]),     // the receiver holds item 8
        (id::HAND_ITEM, &[9]),     // no record: refused, 8 stays
        (id::SHOW_ITEM_NO_RTX, &[12, 5, 6]),
        (id::SHOW_ITEM, &[2, 0x1234, 7, 8]), // the no-text flag stays set
    ]);
    let actors = vec![ActorDesc { name: b"GIVER".to_vec(), script, ..Default::default() }];
    let files = yard_files(actors, &[(900, "GIVER")], &ini);
    let mut w = stros_tests::island_in(files);
    w.enter_marker(files, 5, 0).unwrap();
    // The sabre came with the start list's fallback (item 1 has a record): count 0 (its
    // player_total), selected; the charge empties it and selects 75.
    assert_eq!(w.items().selected(), Some(1));
    w.step(&stros_core::input::Input::NONE, 100);
    let giver = w.actors().iter().position(|a| a.held_item != 0).unwrap();
    let (items, a) = (w.items(), &w.actors()[giver]);
    assert_eq!((items.count(75), items.count(1), items.selected()), (1, 0, Some(75)));
    assert_eq!((a.attributes[23], a.held_item), (75, 8));
    assert_eq!((items.potions[2], items.potions.iter().filter(|&&p| p != 0).count()), (-7, 1));
    let show = items.show.unwrap();
    assert_eq!((show.item, show.words, show.no_text), (2, [7, 8], true));
    // DropAllItems: every owned id dropped by its count (gold 53, the key 1, 75 1), then
    // nothing selected.
    let before = [w.items().count(2), w.items().count(8), w.items().count(75)];
    assert_eq!(before, [53, 1, 1]);
    let mut w2 = {
        let script = stros_tests::calls(&[(id::DROP_ALL_ITEMS, &[])]);
        let taker = ActorDesc { name: b"TAKER".to_vec(), script, ..Default::default() };
        let files = yard_files(vec![taker], &[(901, "TAKER")], INI);
        let mut w = stros_tests::island_in(files);
        w.enter_marker(files, 5, 0).unwrap();
        w
    };
    assert_eq!((w2.items().count(2), w2.items().selected()), (53, Some(1)));
    w2.step(&stros_core::input::Input::NONE, 100);
    assert_eq!((w2.items().count(2), w2.items().selected()), (0, None));
}

/// The item keys ({D:engine/hud.md} "Selection"): each press of `next_key` steps the
/// selection to the next owned, visible item in id order, wrapping; `prev_key` the other
/// way; a key held over several updates is one press; with the sword drawn nothing cycles.
/// On the island: the compass (0) owned from the start, a script gives the key (2) and five
/// gold (3); ids without a record or without a count are skipped.
#[test]
fn the_item_keys_cycle_the_selection() {
    use stros_core::input::{Action, Input};
    use stros_tools::write::rgm::ActorDesc;
    let script = stros_tests::calls(&[(id::ADD_ITEM, &[2, 1]), (id::ADD_ITEM, &[3, 5])]);
    let mut w = stros_tests::island_with(
        5,
        vec![ActorDesc { name: b"GIVER".to_vec(), script, ..Default::default() }],
        vec![stros_tests::placement(900, "GIVER", [31200, -240, 27500], false)],
    );
    let mut t = 100;
    let mut step = |w: &mut stros_host::World<'static>, held: &[Action]| {
        t += 2;
        w.step(&Input::with(held), t);
        w.items().selected()
    };
    assert_eq!(step(&mut w, &[]), Some(0));
    assert_eq!((w.items().count(2), w.items().count(3)), (1, 5));
    // Next, held three updates: one step, 0 → 2.
    assert_eq!(
        [step(&mut w, &[Action::Next]), step(&mut w, &[Action::Next]), step(&mut w, &[Action::Next])],
        [Some(2); 3]
    );
    assert_eq!(step(&mut w, &[]), Some(2));
    assert_eq!(step(&mut w, &[Action::Next]), Some(3));
    step(&mut w, &[]);
    // Past the last owned item it wraps to the compass.
    assert_eq!(step(&mut w, &[Action::Next]), Some(0));
    step(&mut w, &[]);
    // Prev from the compass wraps backwards to the gold.
    assert_eq!(step(&mut w, &[Action::Prev]), Some(3));
    step(&mut w, &[]);
    // With the sword drawn, a press does nothing.
    w.selected_player_mut().unwrap().weapon_drawn = true;
    assert_eq!(step(&mut w, &[Action::Next]), Some(3));
}
