//! Loading a world as the original loads it (seed 001 "Model and frame selection",
//! "Placed-object frame sources"; newest `formats/RGM.md` "RAAN", "RAGR"): frame tables of
//! any length over any number of models, bad groups dropped for their instance alone,
//! tables that do not fit failing the load by name. Everything goes through `World::load`
//! on the embedded island with extra definitions and placements.

use stros_core::actor::Actor;
use stros_core::anim::Pose;
use stros_core::capacity::{Small, TableKind};
use stros_core::config::SystemConfig;
use stros_core::embedded::{self, MAP};
use stros_core::files::Embedded;
use stros_core::formats::rgm::Command::{
    self, GoToFuture as Fut, GoToPrevious as Prev, ShowFrame, Transition,
};
use stros_core::input::Bindings;
use stros_core::world::{Needs, Overflow, WorldError};
use stros_host::World;
use stros_tests::{TestFiles, entered, replaced};
use stros_tools::write::rgm::{ActorDesc, GroupDesc, MpobDesc, RaanDesc, RgmDesc, to_bytes};

/// The embedded island with some files added or replaced.
/// The island's scene with `actors` defined and `placements` added after its own.
fn scene(actors: Vec<ActorDesc>, placements: Vec<MpobDesc>) -> RgmDesc {
    let mut desc = stros_tools::world::village::rgm_desc();
    desc.actors.extend(actors);
    desc.mpob.extend(placements);
    desc
}

/// Files holding `desc` as the map's RGM, plus `models` (name, bytes).
fn files(desc: &RgmDesc, models: Vec<(String, &'static [u8])>) -> &'static TestFiles {
    let mut v = vec![(format!("{MAP}.RGM"), to_bytes(desc))];
    v.extend(models.into_iter().map(|(n, b)| (n, b.to_vec())));
    replaced(v)
}

fn load(files: &'static TestFiles) -> Result<Box<World<'static>>, WorldError> {
    load_with(files, SystemConfig::installed())
}

fn load_with(files: &'static TestFiles, config: SystemConfig) -> Result<Box<World<'static>>, WorldError> {
    World::load(files, MAP, config, Bindings::default()).map(Box::new)
}

fn sf(frame: u32) -> Command {
    ShowFrame { frame }
}

fn group(number: u16, commands: Vec<Command>) -> GroupDesc {
    GroupDesc { number, anim_id: 2, kind: 0, commands }
}

/// A type-`ty` placement of `script` with MPOB `model_name` `model` and `is_static` byte.
fn placed(id: u32, ty: u8, script: &str, model: &str, is_static: u8) -> MpobDesc {
    MpobDesc {
        id,
        object_type: ty,
        script_name: script.as_bytes().to_vec(),
        model_name: model.as_bytes().to_vec(),
        is_static,
        position: [34_000 + 100 * id as i32, 0, 20_000],
        model_id: -1,
        ..MpobDesc::default()
    }
}

/// The actors whose definition is `name`, in creation order.
fn actors_of<'w>(w: &'w World<'static>, name: &[u8]) -> Vec<(u16, &'w Actor)> {
    (0..w.actors().len() as u16)
        .map(|id| (id, w.actor(id).unwrap()))
        .filter(|(_, a)| w.rgm().actor(a.definition as usize).unwrap().name() == name)
        .collect()
}

fn model_name(w: &World<'static>, a: &Actor) -> String {
    w.actor_model(a).map_or_else(|| "-".into(), |m| m.name.to_string())
}

/// `BIG`: 40 RAAN entries of 40 frames each, over the models `BIG00` … `BIG39`.
fn big_actor() -> (ActorDesc, Vec<(String, &'static [u8])>) {
    let raan = (0..40)
        .map(|k| RaanDesc {
            frame_count: 40,
            model_type: b'c',
            path: format!("fxart\\big{k:02}.3dc").into_bytes(),
        })
        .collect();
    let models = (0..40).map(|k| (format!("BIG{k:02}.3DC"), embedded::NPC_3DC)).collect();
    let actor = ActorDesc {
        name: b"BIG".to_vec(),
        raan,
        groups: vec![group(0, vec![sf(1500), Prev { target: 0 }]), group(1, vec![sf(5), Prev { target: 0 }])],
        ..ActorDesc::default()
    };
    (actor, models)
}

#[test]
fn a_frame_table_past_ten_bits_over_forty_models_loads_and_plays_frame_1500() {
    // 40 entries × 40 frames = 1600 frames: more RAAN entries than 32, more models than 8,
    // more frames than 1023, while each entry's own count stays below 1024. Reference 1500
    // is entry 1500 / 40 = 37, frame 1500 − 37 × 40 = 20.
    let (big, models) = big_actor();
    let f = files(&scene(vec![big], vec![placed(50, 1, "BIG", "", 0)]), models);
    let mut w = load(f).unwrap();
    assert!(w.missing_models().is_empty(), "{:?}", w.missing_models());
    let (id, a) = actors_of(&w, b"BIG")[0];
    assert_eq!(w.set_of(a).unwrap().frame_count(), 1600);
    // A type-1 placement requested group 0, whose first command is ShowFrame 1500.
    assert_eq!((a.anim.current, a.anim.pose), (0, Some(Pose { model: 37, frame: 20 })));
    assert_eq!((model_name(&w, a), w.actor_frame(a)), ("BIG37".into(), 20));
    // Group 1: ShowFrame 5 is entry 0, frame 5.
    w.force_group(id, 1);
    let a = w.actor(id).unwrap();
    assert_eq!((a.anim.pose, model_name(&w, a)), (Some(Pose { model: 0, frame: 5 }), "BIG00".into()));
}

/// animation.md "Placed actor initialization and eligibility": the two group-zero requests
/// belong to an MPOB type-1 placement with an animation table. The same definition placed
/// as type 3 gets its table and the new state's default group 0, but nothing requested: no
/// pose until an update selects one.
#[test]
fn only_a_type_1_placement_requests_group_zero_at_load() {
    let (big, models) = big_actor();
    let placements = vec![placed(50, 1, "BIG", "", 0), placed(51, 3, "BIG", "", 0)];
    let w = load(files(&scene(vec![big], placements), models)).unwrap();
    let big = actors_of(&w, b"BIG");
    let (one, three) = (big[0].1, big[1].1);
    assert_eq!((one.anim.current, one.anim.pose), (0, Some(Pose { model: 37, frame: 20 })));
    assert!(w.set_of(three).is_some(), "the type-3 placement has its table");
    assert_eq!((three.anim.default, three.anim.pose), (0, None));
}

#[test]
fn bad_groups_are_dropped_for_their_instance_and_the_others_play() {
    // One five-frame model (frames 0–4). The file loads whole; each bad group is simply
    // not installed, and for a number used twice the last acceptable entry holds the slot.
    let bad = ActorDesc {
        name: b"BAD".to_vec(),
        raan: vec![RaanDesc { frame_count: 5, model_type: b'c', path: b"NPC.3DC".to_vec() }],
        groups: vec![
            group(0, vec![sf(0), Prev { target: 0 }]),
            group(1, vec![sf(1), Prev { target: 0 }]),
            // Repeats 1: replaces the entry above.
            group(1, vec![sf(2), Prev { target: 0 }]),
            // Frame 5 is outside the table.
            group(2, vec![sf(5), Prev { target: 0 }]),
            // Jumps to 5 in a 2-command group.
            group(3, vec![sf(0), Fut { target: 5 }]),
            // A taken mask-4 transition would put the cursor at 9.
            group(4, vec![sf(0), Transition { mask: 4, start: 0, target: 9 }, Prev { target: 0 }]),
            group(5, vec![sf(3), Prev { target: 0 }]),
            group(6, vec![sf(4), Prev { target: 0 }]),
            // Repeats 6 but is itself bad: the good entry above keeps the slot.
            group(6, vec![sf(7), Prev { target: 0 }]),
            // No slot above 177.
            group(178, vec![sf(0), Prev { target: 0 }]),
        ],
        ..ActorDesc::default()
    };
    let f = files(&scene(vec![bad], vec![placed(50, 3, "BAD", "", 0)]), vec![]);
    let mut w = load(f).unwrap();
    let (id, a) = actors_of(&w, b"BAD")[0];
    let set = w.set_of(a).unwrap();
    let present: Vec<i16> = set.groups().map(|g| g.number()).collect();
    assert_eq!(present, [0, 1, 5, 6]);
    assert_eq!(set.group(1).unwrap().command(0), Some(sf(2)));
    assert_eq!(set.group(6).unwrap().command(0), Some(sf(4)));
    // The others play: each shows its own frame.
    for (g, frame) in [(1, 2), (5, 3), (6, 4), (0, 0)] {
        w.force_group(id, g);
        let a = w.actor(id).unwrap();
        assert_eq!((a.anim.current, a.anim.pose), (g, Some(Pose { model: 0, frame })), "group {g}");
    }
    // An absent group falls back to the default, 0.
    w.force_group(id, 5);
    w.force_group(id, 3);
    assert_eq!(w.actor(id).unwrap().anim.current, 0);
}

#[test]
fn each_placement_installs_the_groups_its_own_table_can_show() {
    // One definition without RAAN; its group 1 shows frame 3. A type-1 placement with a
    // four-frame model has it; one with a three-frame table lacks it, and only it.
    let sign = ActorDesc {
        name: b"SIGN".to_vec(),
        groups: vec![group(0, vec![sf(0), Prev { target: 0 }]), group(1, vec![sf(3), Prev { target: 0 }])],
        ..ActorDesc::default()
    };
    let f = files(
        &scene(vec![sign], vec![placed(50, 1, "SIGN", "FLAG", 4), placed(51, 1, "SIGN", "FLAG", 3)]),
        vec![],
    );
    let w = load(f).unwrap();
    let signs = actors_of(&w, b"SIGN");
    let has = |k: usize, g: i16| w.set_of(signs[k].1).unwrap().has(g);
    assert_eq!([has(0, 0), has(0, 1), has(1, 0), has(1, 1)], [true, true, true, false]);
}

#[test]
fn the_island_needs_what_a_loaded_world_holds() {
    // Counted from the files alone, and held by the loaded world with the player entered:
    // the two must agree table by table, on the island and on a scene with more of
    // everything (a RAAN table, a type-1 set, a static model, a placement repeat).
    let (w, _) = entered(0, 0);
    let needs = Needs::of(&Embedded, MAP).unwrap();
    assert_eq!(needs, w.held());
    assert_eq!(
        needs,
        Needs {
            actors: 12,
            placements: 26,
            // The actors' six (the key's among them) and the rope's link and weight.
            models: 9,
            sets: 7,
            frame_models: 7,
            locals: 3,
            banks: 1,
            walk_nodes: 9,
            ropes: 1,
        }
    );
    let more = files(
        &scene(
            vec![huge(7), ActorDesc { name: b"SIGN".to_vec(), ..ActorDesc::default() }],
            vec![
                placed(50, 3, "HUGE", "", 0),
                placed(51, 3, "HUGE", "", 0),
                placed(52, 1, "SIGN", "FLAG", 4),
                placed(53, 1, "SIGN", "NPC", 1),
            ],
        ),
        vec![],
    );
    let mut w = load(more).unwrap();
    w.enter_marker(more, 0, 0).unwrap();
    let needs = Needs::of(more, MAP).unwrap();
    assert_eq!(needs, w.held());
    // Two HUGE actors share one set of 7 entries (7 models m0..m6 are missing, so they add
    // no model); SIGN over FLAG is one more set of 1 entry; SIGN over NPC (is_static 1) is a
    // static model the island already has (9 with the rope's link and weight).
    assert_eq!((needs.actors, needs.sets, needs.frame_models, needs.models), (12 + 4, 7 + 2, 7 + 7 + 1, 9));
}

/// A definition with an `n`-entry RAAN table of models `m0.3dc`… that do not exist.
fn huge(n: usize) -> ActorDesc {
    ActorDesc {
        name: b"HUGE".to_vec(),
        raan: (0..n)
            .map(|k| RaanDesc { frame_count: 1, model_type: b'c', path: format!("m{k}.3dc").into_bytes() })
            .collect(),
        groups: vec![group(0, vec![sf(0)])],
        ..ActorDesc::default()
    }
}

#[test]
fn tables_that_do_not_fit_fail_the_load_by_name_with_needs_and_holds() {
    // The small preset holds 32 frame-table models and the island's sets take 7, so a
    // definition with 25 RAAN entries fits and one with 26 needs 33; the desktop preset
    // loads both.
    let small = |f: &'static TestFiles| -> Result<(), WorldError> {
        let mut w =
            stros_core::world::World::<Small>::load(f, MAP, SystemConfig::installed(), Bindings::default())?;
        w.enter_marker(f, 0, 0).map(|_| ())
    };
    let fits = files(&scene(vec![huge(25)], vec![placed(50, 3, "HUGE", "", 0)]), vec![]);
    assert_eq!(small(fits), Ok(()));
    let over = files(&scene(vec![huge(26)], vec![placed(50, 3, "HUGE", "", 0)]), vec![]);
    let overflow = Overflow { table: TableKind::FrameModels, needs: 33, holds: 32 };
    assert_eq!(small(over), Err(WorldError::Capacity(overflow)));
    assert_eq!(
        WorldError::Capacity(overflow).to_string(),
        "the map needs 33 frame_models and this build holds 32"
    );
    assert!(load(over).is_ok());
    // Each animated definition placed needs a set. The island needs 7, so 1 more fills the
    // small preset's 8 and a second does not fit. The player's set is the last one built
    // (on entry), so the overflow shows there, with the full count all the same.
    let defs = |n: usize| -> RgmDesc {
        let actors = (0..n)
            .map(|k| ActorDesc {
                name: format!("A{k}").into_bytes(),
                raan: vec![RaanDesc { frame_count: 1, model_type: b'c', path: b"NPC.3DC".to_vec() }],
                groups: vec![group(0, vec![sf(0)])],
                ..ActorDesc::default()
            })
            .collect();
        let placements = (0..n).map(|k| placed(50 + k as u32, 3, &format!("A{k}"), "", 0)).collect();
        scene(actors, placements)
    };
    let sets = |n| Needs::of(files(&defs(n), vec![]), MAP).unwrap().sets;
    assert_eq!([sets(0), sets(1), sets(2)], [7, 8, 9]);
    assert_eq!(small(files(&defs(1), vec![])), Ok(()));
    let overflow = Overflow { table: TableKind::Sets, needs: 9, holds: 8 };
    assert_eq!(small(files(&defs(2), vec![])), Err(WorldError::Capacity(overflow)));
    // Too many actors for the small preset: 12 of the island's and 6 more.
    let crowd = files(&scene(vec![], (0..6).map(|k| placed(60 + k, 3, "KEG", "", 0)).collect()), vec![]);
    let overflow = Overflow { table: TableKind::Actors, needs: 18, holds: 16 };
    assert_eq!(small(crowd), Err(WorldError::Capacity(overflow)));
}

#[test]
fn placements_of_one_definition_with_different_models_each_show_their_own() {
    // SIGN has no RAAN: each type-1 placement's model_name supplies its frame table. Two
    // models with the same four-frame count must not share the first one's set; the same
    // model named in another case is the same model, and shares.
    let sign = ActorDesc {
        name: b"SIGN".to_vec(),
        groups: vec![group(0, vec![sf(1), Prev { target: 0 }])],
        ..ActorDesc::default()
    };
    let f = files(
        &scene(
            vec![sign],
            vec![
                placed(50, 1, "SIGN", "FLAG", 4),
                placed(51, 1, "SIGN", "BUOY", 4),
                placed(52, 1, "SIGN", "flag", 4),
            ],
        ),
        vec![],
    );
    let w = load(f).unwrap();
    let signs = actors_of(&w, b"SIGN");
    let shown: Vec<(String, u32)> =
        signs.iter().map(|(_, a)| (model_name(&w, a), w.actor_frame(a))).collect();
    assert_eq!(shown, [("FLAG".into(), 1), ("BUOY".into(), 1), ("FLAG".into(), 1)]);
    assert_ne!(signs[0].1.set, signs[1].1.set);
    assert_eq!(signs[0].1.set, signs[2].1.set);
}

/// An animated definition (one five-frame NPC entry, group 0) with RAAT `attributes`.
fn with_attributes(name: &str, attributes: [u8; 256]) -> ActorDesc {
    ActorDesc {
        name: name.as_bytes().to_vec(),
        raan: vec![RaanDesc { frame_count: 5, model_type: b'c', path: b"NPC.3DC".to_vec() }],
        groups: vec![group(0, vec![sf(0), Prev { target: 0 }])],
        attributes,
        ..ActorDesc::default()
    }
}

fn attrs(set: &[(usize, u8)]) -> [u8; 256] {
    let mut a = [0u8; 256];
    for &(i, v) in set {
        a[i] = v;
    }
    a
}

/// Attributes 31, 32, 35, 34, 25, 26, 115 and 119 of the first actor of `name`.
fn copied(w: &World<'static>, name: &[u8]) -> [u8; 8] {
    let a = actors_of(w, name)[0].1;
    [31, 32, 35, 34, 25, 26, 115, 119].map(|i| a.attributes[i])
}

#[test]
fn the_load_time_attribute_copy_row_by_row() {
    // Newest engine/SOUP.md, "Initial attribute copy and defaults". Columns below: 31
    // jump_time, 32 jump_height, 35 draw_frame, 34 sheath_frame, 25 master, 26 slave, 115
    // reserved_weight, 119 reserved_collide.
    let defs = vec![
        // All defaults: 31/32 from SYSTEM.INI, 35 → 2, 34 → 10, 115 ← 6, 119 ← 1.
        with_attributes("ZERO", attrs(&[(6, 77), (1, 0x05), (25, 1), (26, 1)])),
        // Nonzero values stay; 115 and 119 copy 6 and 1 even when those are 0 or the
        // definition stored something else there.
        with_attributes(
            "SET",
            attrs(&[(31, 5), (32, 200), (35, 7), (34, 3), (1, 0x0D), (115, 99), (119, 99)]),
        ),
        // 31 is read as a signed byte: 0x80 (−128) and 0xFF (−1) take the fallback, 0x7F
        // and 1 stay. 32 only replaces zero.
        with_attributes("NEG", attrs(&[(31, 0x80), (32, 1)])),
        with_attributes("NEG1", attrs(&[(31, 0xFF)])),
        with_attributes("MAX", attrs(&[(31, 0x7F)])),
        with_attributes("ONE", attrs(&[(31, 1)])),
    ];
    let placements = ["ZERO", "SET", "NEG", "NEG1", "MAX", "ONE"]
        .iter()
        .enumerate()
        .map(|(k, n)| placed(50 + k as u32, 3, n, "", 0))
        .collect();
    let f = files(&scene(defs, placements), vec![]);

    // Installed SYSTEM.INI: jump_time 6, jump_height 80, disable_family 0.
    let w = load(f).unwrap();
    assert_eq!(copied(&w, b"ZERO"), [6, 80, 2, 10, 1, 1, 77, 0x05]);
    assert_eq!(copied(&w, b"SET"), [5, 200, 7, 3, 0, 0, 0, 0x0D]);
    assert_eq!(copied(&w, b"NEG")[..2], [6, 1]);
    assert_eq!(copied(&w, b"NEG1")[0], 6);
    assert_eq!(copied(&w, b"MAX")[0], 0x7F);
    assert_eq!(copied(&w, b"ONE")[0], 1);

    // The low byte of the effective settings: 300 → 44, 511 → 255. disable_family 1 clears
    // 25 and 26.
    let config = |v: &[(&'static str, &'static str, i32)]| {
        SystemConfig::installed_with_values(v.iter().copied()).unwrap()
    };
    let w = load_with(
        f,
        config(&[
            ("system", "jump_time", 300),
            ("system", "jump_height", 511),
            ("debug", "disable_family", 1),
        ]),
    )
    .unwrap();
    assert_eq!(copied(&w, b"ZERO"), [44, 255, 2, 10, 0, 0, 77, 0x05]);
    assert_eq!(copied(&w, b"NEG")[..2], [44, 1]);
    assert_eq!(copied(&w, b"SET")[..2], [5, 200]);

    // Settings below 1 use 6 and 80; 1 itself is kept. disable_family must be exactly 1.
    let w = load_with(
        f,
        config(&[("system", "jump_time", 0), ("system", "jump_height", -3), ("debug", "disable_family", 2)]),
    )
    .unwrap();
    assert_eq!(copied(&w, b"ZERO")[..6], [6, 80, 2, 10, 1, 1]);
    let w = load_with(f, config(&[("system", "jump_time", 1), ("system", "jump_height", 1)])).unwrap();
    assert_eq!(copied(&w, b"ZERO")[..2], [1, 1]);
    // A SYSTEM.INI without the keys reads them as 0, so they fall back too.
    let w = load_with(f, SystemConfig::load("[system]\nnormal_frame_rate = 12\n").unwrap()).unwrap();
    assert_eq!(copied(&w, b"ZERO")[..2], [6, 80]);
}

#[test]
fn the_player_gets_the_same_copy() {
    // CYRUS with 31, 32, 35, 34, 115 and 119 zero, weight 64 and collide 0x0D: entering
    // binds his definition through the same copy as a placed actor.
    let mut desc = scene(vec![], vec![]);
    let cyrus = desc.actors.iter_mut().find(|a| a.name == b"CYRUS").unwrap();
    for i in [31, 32, 35, 34, 115, 119] {
        cyrus.attributes[i] = 0;
    }
    cyrus.attributes[6] = 64;
    cyrus.attributes[1] = 0x0D;
    let mut w = load(files(&desc, vec![])).unwrap();
    let id = w.enter_marker(&Embedded, 0, 0).unwrap();
    let a = &w.actor(id).unwrap().attributes;
    assert_eq!([31, 32, 35, 34, 115, 119].map(|i| a[i]), [6, 80, 2, 10, 64, 0x0D]);
}

#[test]
fn message_groups_count_across_definitions_instances_and_the_player() {
    // Attribute 125 takes a counter that starts at 0 when the map opens, in actor creation
    // order. The island's placements, in MPOB order: FLAG2 ×3 (RAAN table) 0, 1, 2; FISHER
    // (RAAN table) 3; BUOY (type-1 fallback building a table) 4; KEG (type-1 static
    // fallback) none; RAFT (RAAN table) 5; VILLAGER (RAAN table) 6; FLAGCAM (no model)
    // none. Then the added ones: STAT (static shortcut) and NONE (no model) none, LAST 7;
    // then CYRUS entering, 8. The actors that take none keep their definition's byte.
    let stat = ActorDesc {
        name: b"STAT".to_vec(),
        raan: vec![RaanDesc { frame_count: 1, model_type: b's', path: b"BARREL.3D".to_vec() }],
        anim_control_prefix: -1,
        anim_frame_data: 0,
        attributes: attrs(&[(125, 9)]),
        ..ActorDesc::default()
    };
    let none = ActorDesc { name: b"NONE".to_vec(), attributes: attrs(&[(125, 8)]), ..ActorDesc::default() };
    let last = with_attributes("LAST", attrs(&[(125, 200)]));
    let f = files(
        &scene(
            vec![stat, none, last],
            vec![placed(50, 3, "STAT", "", 0), placed(51, 3, "NONE", "", 0), placed(52, 3, "LAST", "", 0)],
        ),
        vec![],
    );
    for _ in 0..2 {
        // Loading the map again starts again at 0.
        let mut w = load(f).unwrap();
        let player = w.enter_marker(&Embedded, 0, 0).unwrap();
        let groups: Vec<u8> = w.actors().iter().map(|a| a.attributes[125]).collect();
        // The island's eleven placements (the hut door, the tenth, without a group: 0; the
        // key, the eleventh, the next group, 7), then the test's three, then Cyrus.
        assert_eq!(groups, [0, 1, 2, 3, 4, 0, 5, 6, 0, 0, 7, 9, 8, 8, 9]);
        assert_eq!(player, 14);
    }
}

#[test]
fn inspect_needs_reports_a_map_as_json() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../core/data/world");
    let j = stros_tools::needs::command(&root.join("HARBOUR.RGM")).unwrap();
    assert_eq!(j["map"], "HARBOUR");
    let needs = [
        ("actors", 12),
        ("placements", 26),
        ("models", 9),
        ("sets", 7),
        ("frame_models", 7),
        ("locals", 3),
        ("ropes", 1),
    ];
    for (table, n) in needs {
        assert_eq!(j["needs"][table], n, "{table}");
    }
    assert_eq!(
        (j["small"]["holds"]["frame_models"].as_u64(), j["small"]["fits"].as_bool()),
        (Some(32), Some(true))
    );
    assert_eq!(j["desktop"]["holds"]["actors"], 2048);
    // Not a map: a clear error.
    let e = stros_tools::needs::command(&root.join("HARBOUR.WLD")).unwrap_err();
    assert!(e.contains("--needs takes a map's .RGM file"), "{e}");
}
