//! The item system in a world (issue 35, part): ITEM.INI read as the world loads, a script's
//! `AddItem`/`HaveItem`/`DropItem`/`SelectItem`/`ActiveItem`, the fallback selection writing
//! the player's weapon attribute, and the counts kept through a world change.

use stros_core::script::decode::op;
use stros_core::script::functions::id;
use stros_core::world::catalog::{Choice, resolve};

/// Gold starts at 52 (+1 from the start list, as the docs' 53), a key 8 of total 1, a gem
/// 12 needing the key.
const INI: &str = "[items]\r\nstart_item_list = 2\r\nplayer_total[2] = 52\r\ntotal[2] = 500\r\n\
    player_max[2] = 200\r\ntype[1] = 1\r\ntotal[1] = 1\r\nplayer_max[1] = 1\r\ntotal[8] = 1\r\n\
    player_max[8] = 1\r\ntotal[12] = 3\r\nplayer_max[12] = 3\r\nrequired_item_list[12] = 8\r\n";

/// A script: each call as a statement, then `End` at its end for good.
fn calls(list: &[(u16, &[i32])]) -> Vec<u8> {
    let mut s = Vec::new();
    for (function, args) in list {
        s.push(op::FUNCTION);
        s.extend_from_slice(&function.to_le_bytes());
        s.push(args.len() as u8);
        for a in *args {
            s.push(op::NUMERIC);
            s.extend_from_slice(&a.to_le_bytes());
        }
    }
    let end = s.len() as u32;
    s.push(op::END);
    s.extend_from_slice(&end.to_le_bytes());
    s
}

#[test]
fn a_script_acquires_drops_and_selects_and_a_world_change_keeps_the_counts() {
    use stros_tools::write::rgm::ActorDesc;
    let script = calls(&[
        (id::ADD_ITEM, &[12, 1]),  // refused: the key is not owned
        (id::ADD_ITEM, &[8, 5]),   // held to total 1
        (id::ADD_ITEM, &[12, 2]),  // two gems now
        (id::DROP_ITEM, &[2, 10]), // 53 − 10 gold
        (id::SELECT_ITEM, &[12]),
    ]);
    let actors = vec![ActorDesc { name: b"GIVER".to_vec(), script, ..Default::default() }];
    let mut desc = stros_tools::world::village::rgm_desc();
    desc.actors.extend(actors);
    desc.mpob.push(stros_tests::placement(900, "GIVER", [31200, -240, 27500], false));
    let files = stros_tests::replaced(vec![
        ("HARBOUR.RGM", stros_tools::write::rgm::to_bytes(&desc)),
        ("ITEM.INI", INI.as_bytes().to_vec()),
    ]);
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
    // The island alone has no ITEM.INI: the system is closed and every query reads 0.
    assert!(!stros_tests::island().items().is_open());
}
