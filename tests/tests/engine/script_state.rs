//! Script state through `World::step` (newest `engine/SOUP.md` "Global Flags", "Object Name
//! Encoding", "Reference Name Encoding", "Local pose properties", "Current animation property", "Torch counter
//! property"; `engine/SOUPPROPS.md`; `engine/SOUPDEF.md`): the island's flags from its
//! SOUP386.DEF, flag natives and object properties run by hand-built bytecode in the
//! embedded world, loading errors, the fallback without a DEF, and `PushAnimation` on an
//! actor without an animation set.

use stros_core::actor::props::Property;
use stros_core::anim::NO_GROUP;
use stros_core::config::SystemConfig;
use stros_core::embedded::MAP;
use stros_core::files::Embedded;
use stros_core::formats::soupdef::FlagKind;
use stros_core::formats::{ErrorKind, Format, FormatError};
use stros_core::input::{Bindings, Input};
use stros_core::script::functions::id;
use stros_core::script::{SHIPPED_FLAGS, ScriptEvent};
use stros_core::world::WorldError;
use stros_host::World;
use stros_tests::fixtures::pause;
use stros_tests::{TestFiles, replaced, replaced_hiding};
use stros_tools::world::soupdef::{flag, reference};
use stros_tools::world::village;
use stros_tools::write::rgm::RgmDesc;
use stros_tools::write::soup::{Asm, Cmp, Object, Operator, Place, Value};
use stros_tools::write::soupdef::{SoupDefDesc, to_bytes as def_bytes};

/// The embedded files with the scene and SOUP386.DEF replaced (`None`: no DEF at all).
fn load(files: &TestFiles) -> Result<Box<World<'static>>, WorldError> {
    World::load(files, MAP, SystemConfig::installed(), Bindings::default()).map(Box::new)
}

/// The island with one flag placement (the first, in the update list at marker 0) and
/// `edit` applied to its scene, and `def` as SOUP386.DEF (`None`: the embedded one),
/// entered at marker 0.
fn island(
    edit: impl FnOnce(&mut RgmDesc),
    def: Option<Vec<u8>>,
) -> (Box<World<'static>>, &'static TestFiles) {
    let mut desc = village::rgm_desc();
    let first = desc.mpob.iter().position(|m| m.script_name == b"FLAG2").unwrap();
    let mut k = 0;
    desc.mpob.retain(|m| {
        k += 1;
        m.script_name != b"FLAG2" || k - 1 == first
    });
    edit(&mut desc);
    let rgm = ("HARBOUR.RGM", stros_tools::write::rgm::to_bytes(&desc));
    let files = replaced(match def {
        Some(def) => vec![rgm, ("SOUP386.DEF", def)],
        None => vec![rgm],
    });
    let mut w = load(files).unwrap();
    w.enter_marker(files, 0, 0).unwrap();
    (w, files)
}

fn actor_named(w: &World<'_>, name: &[u8]) -> u16 {
    (0..w.actors().len() as u16)
        .find(|&id| w.rgm().actor(w.actor(id).unwrap().definition as usize).unwrap().name() == name)
        .unwrap()
}

/// The script events of actor `who` in the latest update.
fn events(w: &World<'_>, who: u16) -> Vec<ScriptEvent> {
    w.report().script.iter().filter(|t| t.actor == who).map(|t| t.event).collect()
}

const ME: Object = Object::Me;
const PLAYER: Object = Object::Player;
/// Named objects: string 0 of the running script's table, string 1.
const FIRST_NAME: Object = Object::Named(0);
const SECOND_NAME: Object = Object::Named(1);

/// `Object.property`, read or written.
fn prop(o: Object, p: Property) -> Place {
    Place::Property(o, reference(p))
}

/// `local[k]`.
fn local(k: u8) -> Place {
    Place::Local(k)
}

#[test]
fn the_island_flags_come_from_its_soup386_def() {
    let mut w: Box<World> =
        Box::new(World::load(&Embedded, MAP, SystemConfig::installed(), Bindings::default()).unwrap());
    // The generated file declares the island's four flags with their types and authored
    // values; initializing clears every latch.
    let f = w.flags();
    assert_eq!(f.len(), flag::ALL.len());
    assert_eq!(
        (f.kind(flag::CYRUS_SCRIPT_RAN), f.get(flag::CYRUS_SCRIPT_RAN), f.latch(flag::CYRUS_SCRIPT_RAN)),
        (Some(FlagKind::Bool), Some(0), false)
    );
    assert_eq!(
        (f.kind(flag::TIME_OF_DAY), f.get(flag::TIME_OF_DAY), f.latch(flag::TIME_OF_DAY)),
        (Some(FlagKind::Number), Some(1), false)
    );
    assert_eq!(
        (f.kind(flag::KEY_TAKEN), f.kind(flag::CHEST_OPENED)),
        (Some(FlagKind::Bool), Some(FlagKind::Bool))
    );
    assert_eq!(f.get(4), None);
    // Nothing on the island touches them (only the player's definition script would).
    w.enter_marker(&Embedded, 0, 0).unwrap();
    for k in 1..=50 {
        w.step(&Input::default(), k * 2);
    }
    assert_eq!(
        (w.flags().get(0), w.flags().get(1), w.flags().latch(0), w.flags().latch(1)),
        (Some(0), Some(1), false, false)
    );
}

#[test]
fn flag_natives_and_the_flag_operand_in_a_running_script() {
    // One flag of each kind, with authored values: BOOL 0, FLIPFLOP 1, COUNTER 2, NUMBER 7.
    let def = SoupDefDesc {
        flags: vec![
            (FlagKind::Bool, "B".into(), 0),
            (FlagKind::FlipFlop, "F".into(), 1),
            (FlagKind::Counter, "C".into(), 2),
            (FlagKind::Number, "N".into(), 7),
        ],
        ..SoupDefDesc::default()
    };
    // Each flag set twice; flag 3 assigned 40 by the Flag operand; then the latches read
    // into locals 0–3 and ResetGlobalFlag(0); local 4 = TestGlobalFlag(0) after the reset.
    let mut a = Asm::new();
    for f in 0..4 {
        a.function_alt(id::SET_GLOBAL_FLAG, &[f]).function_alt(id::SET_GLOBAL_FLAG, &[f]);
    }
    a.assign(Place::Flag(3), Value::Num(40), &[]);
    for f in 0..4u8 {
        a.assign(local(f), Value::Call(id::TEST_GLOBAL_FLAG, &[Value::Alt(f as i32)]), &[]);
    }
    a.function_alt(id::RESET_GLOBAL_FLAG, &[0]);
    a.assign(local(4), Value::Call(id::TEST_GLOBAL_FLAG, &[Value::Alt(0)]), &[]);
    let code = pause(&mut a).finish();
    let (mut w, _) = island(
        |d| {
            let flag = d.actors.iter_mut().find(|a| a.name == b"FLAG2").unwrap();
            flag.script = code.clone();
            flag.variables = vec![0; 5];
        },
        Some(def_bytes(&def)),
    );
    let me = actor_named(&w, b"FLAG2");
    w.step(&Input::default(), 2);
    assert!(!events(&w, me).iter().any(|e| matches!(e, ScriptEvent::Error(_))), "{:?}", events(&w, me));
    let f = w.flags();
    // BOOL 0: the first set toggles to 1 and latches; the second finds the latch and keeps 1;
    // the reset clears the latch, not the value.
    assert_eq!((f.get(0), f.latch(0)), (Some(1), false));
    // FLIPFLOP 1: toggled twice, back to 1; no latch.
    assert_eq!((f.get(1), f.latch(1)), (Some(1), false));
    // COUNTER 2: 2 → 1 → 0, latched.
    assert_eq!((f.get(2), f.latch(2)), (Some(0), true));
    // NUMBER 7: latched, value untouched by the sets; the Flag operand assigned 40.
    assert_eq!((f.get(3), f.latch(3)), (Some(40), true));
    assert_eq!(w.locals(me), [1, 0, 1, 1, 0]);
}

#[test]
fn object_properties_read_and_write_the_actor_record() {
    let mut a = Asm::new();
    a.assign(local(0), Value::Read(prop(ME, Property::PosX)), &[]);
    a.assign(local(1), Value::Read(prop(ME, Property::AngleY)), &[]);
    // Me.pos.vy = Me.pos.vy + 256
    a.assign(
        prop(ME, Property::PosY),
        Value::Read(prop(ME, Property::PosY)),
        &[(Operator::Add, Value::Num(256))],
    );
    // Me.angle.vy = 2049
    a.assign(prop(ME, Property::AngleY), Value::Num(2049), &[]);
    // Me.torch_timer = 0x1FE; local[2] = Me.torch_timer; Me.torch_timer++ twice
    a.assign(prop(ME, Property::TorchTimer), Value::Num(0x1FE), &[]);
    a.assign(local(2), Value::Read(prop(ME, Property::TorchTimer)), &[]);
    a.increment(ME, reference(Property::TorchTimer)).increment(ME, reference(Property::TorchTimer));
    a.assign(local(3), Value::Read(prop(ME, Property::AnimCurrent)), &[]);
    // Player.origin = -5; local[4] = Player.pos.vx
    a.assign(prop(PLAYER, Property::Origin), Value::Num(-5), &[]);
    a.assign(local(4), Value::Read(prop(PLAYER, Property::PosX)), &[]);
    // local[5] = FISHER.pos.vz; FISHER.torch_timer = 300
    a.assign(local(5), Value::Read(prop(FIRST_NAME, Property::PosZ)), &[]);
    a.assign(prop(FIRST_NAME, Property::TorchTimer), Value::Num(300), &[]);
    // local[6] = KEG.anim.current; KEG.anim.current = 5
    a.assign(local(6), Value::Read(prop(SECOND_NAME, Property::AnimCurrent)), &[]);
    a.assign(prop(SECOND_NAME, Property::AnimCurrent), Value::Num(5), &[]);
    // local[7] = Me.ref[17] (past the island's [refs])
    a.assign(local(7), Value::Read(Place::Property(ME, 17)), &[]);
    let code = pause(&mut a).finish();
    let (mut w, _) = island(
        |d| {
            for a in d.actors.iter_mut() {
                match a.name.as_slice() {
                    b"FLAG2" => {
                        a.script = code.clone();
                        a.variables = vec![0; 8];
                        a.strings = vec![b"fisher".to_vec(), b"Keg".to_vec()];
                    }
                    b"FISHER" | b"KEG" => a.namespace = a.name.clone(),
                    _ => {}
                }
            }
        },
        None,
    );
    let (me, player, fisher, keg) = (
        actor_named(&w, b"FLAG2"),
        w.selected_player_id().unwrap(),
        actor_named(&w, b"FISHER"),
        actor_named(&w, b"KEG"),
    );
    let placed = w.rgm().mpob().iter().next().unwrap().position();
    let fisher_z = w.actor(fisher).unwrap().position[2];
    assert_eq!(w.actor(keg).unwrap().anim.current, NO_GROUP, "the keg has no animation set");
    w.step(&Input::default(), 2);
    let ev = events(&w, me);
    assert!(!ev.iter().any(|e| matches!(e, ScriptEvent::Error(_))), "{ev:?}");
    let (a, l) = (w.actor(me).unwrap(), w.locals(me));
    // pos.vx: the runtime (Q8) X of the first flag's placement, 35200 × 256.
    assert_eq!((placed[0], l[0]), (35200, 9_011_200));
    // angle.vy: its placed heading 0; the write of 2049 keeps 2049 mod 2048 = 1.
    assert_eq!((l[1], a.angles.heading), (0, 1));
    // pos.vy + 256: one map unit up, nothing else moved it (the flag does not collide).
    assert_eq!(a.position[1], placed[1] * 256 + 256);
    // torch_timer: 0x1FE keeps its low byte, 254; two increments: 255, then 256 → 0.
    assert_eq!((l[2], a.torch), (254, 0));
    // anim.current: the placed flag shows group 0 (placement requests group 0).
    assert_eq!((l[3], a.anim.current), (0, 0));
    // The player's fall origin took -5; his X read whole.
    let p = w.actor(player).unwrap();
    assert_eq!((p.fall_origin, l[4]), (-5, p.position[0]));
    // The fisher, named through the string table (case folded): Z 15200 × 256; torch 300 → 44.
    assert_eq!((l[5], fisher_z), (3_891_200, 3_891_200));
    assert_eq!(w.actor(fisher).unwrap().torch, 44);
    // The keg has no animation record: anim.current reads 0, though its field holds -1, and
    // the write is dropped.
    assert_eq!((l[6], w.actor(keg).unwrap().anim.current), (0, NO_GROUP));
    // Reference 17 names nothing (the island names 17: 0–13, then ov.vx, ov.vy, ov.vz): reads 0, reported; every other access was implemented.
    assert_eq!(l[7], 0);
    let unknown: Vec<_> = ev.iter().filter(|e| matches!(e, ScriptEvent::Property { .. })).collect();
    assert_eq!(unknown, [&ScriptEvent::Property { reference: 17 }]);
}

#[test]
fn without_soup386_def_the_flags_are_369_zero_bools_and_properties_mean_nothing() {
    let mut a = Asm::new();
    a.assign(local(0), Value::Read(prop(ME, Property::PosX)), &[]);
    let code = pause(a.function_alt(id::SET_GLOBAL_FLAG, &[368])).finish();
    let mut desc = village::rgm_desc();
    let flag = desc.actors.iter_mut().find(|a| a.name == b"FLAG2").unwrap();
    flag.script = code;
    // Without a SOUP386.DEF the shipped flags apply.
    let files =
        replaced_hiding(vec![("HARBOUR.RGM", stros_tools::write::rgm::to_bytes(&desc))], &["SOUP386.DEF"]);
    let mut w = load(files).unwrap();
    w.enter_marker(files, 0, 0).unwrap();
    assert_eq!(w.flags().len(), SHIPPED_FLAGS);
    assert_eq!(
        (w.flags().kind(368), w.flags().get(368), w.flags().get(369)),
        (Some(FlagKind::Bool), Some(0), None)
    );
    let me = actor_named(&w, b"FLAG2");
    w.step(&Input::default(), 2);
    // The property reference has no name without [refs]: reported, read as 0.
    assert!(events(&w, me).contains(&ScriptEvent::Property { reference: reference(Property::PosX) }));
    assert_eq!(w.locals(me), [0]);
    // Flag 368, a BOOL at 0, set: toggled to 1 and latched.
    assert_eq!((w.flags().get(368), w.flags().latch(368)), (Some(1), true));
}

#[test]
fn a_bad_or_oversized_soup386_def_fails_the_load() {
    let bad = b"[flags]\r\nBOOL A 0\r\nBOOL B maybe\r\n";
    let e = load(replaced(vec![("SOUP386.DEF", bad.to_vec())])).err().unwrap();
    let want = FormatError::new(
        Format::SoupDef,
        ErrorKind::Invalid("flag value is not a number, true or false"),
        19,
    );
    assert_eq!(e, WorldError::Format("SOUP386.DEF".try_into().unwrap(), want));
    assert_eq!(e.to_string(), "SOUP386.DEF: DEF: flag value is not a number, true or false at byte 19");
    // 512 flags load; 513 do not, with a capacity error that says so.
    let many = |n: usize| {
        let flags = (0..n).map(|k| (FlagKind::Number, format!("F{k}"), k as i32)).collect();
        def_bytes(&SoupDefDesc { flags, ..SoupDefDesc::default() })
    };
    let w = load(replaced(vec![("SOUP386.DEF", many(512))])).unwrap();
    assert_eq!((w.flags().len(), w.flags().get(511)), (512, Some(511)));
    let e = load(replaced(vec![("SOUP386.DEF", many(513))])).err().unwrap();
    assert_eq!(e.to_string(), "too many global flags (SOUP386.DEF declares more than 512)");
}

#[test]
fn push_animation_on_an_actor_without_an_animation_set_completes_and_its_script_goes_on() {
    // The keg (a static model, no animation set) runs: entry at 0 counts its updates in
    // local 0 and, at the third, would stop the task labelled M; main at M pushes group 0,
    // then sets its anchor and disables its script. Without an animation state no group can
    // become current, so the task completes like the frame waits do for an absent
    // association (the docs are silent for PushAnimation; see actor::natives).
    //   0: local[0] = local[0] + 1
    //  11: If local[0] = 3 … else 31
    //  26: TaskStop M
    //  31: Endint
    //  32 (M): Task PushAnimation(0, 1)
    //  46: Anchor 7; DisableScript(); Yield
    const M: u32 = 32;
    let mut a = Asm::new();
    let (endint, m) = (a.label(), a.label());
    a.assign(local(0), Value::Read(local(0)), &[(Operator::Add, Value::Num(1))]);
    a.if_(Value::Read(local(0)), Cmp::Eq, Value::Num(3), endint).task_stop(m);
    a.here(endint).endint();
    assert_eq!(a.offset(), M);
    a.here(m).task(id::PUSH_ANIMATION, &[0, 1]).anchor(7);
    let code = pause(&mut a).finish();
    let (mut w, _) = island(
        |d| {
            let keg = d.actors.iter_mut().find(|a| a.name == b"KEG").unwrap();
            keg.script = code.clone();
            keg.script_pc = M;
            keg.variables = vec![0];
        },
        None,
    );
    let keg = actor_named(&w, b"KEG");
    assert!(w.set_of(w.actor(keg).unwrap()).is_none());
    let before = w.actor(keg).unwrap().anim;
    let task = |done| ScriptEvent::Task { at: M + 1, function: id::PUSH_ANIMATION, done };
    // Update 1: the call runs once (the request is rejected: no animation state), its slot is
    // allocated and the main body yields.
    w.step(&Input::default(), 2);
    let s = w.script_state(keg).unwrap();
    assert_eq!((s.tasks.slots().len(), s.tasks.slots()[0].scratch, s.main, s.anchor), (1, [0; 2], M + 14, 0));
    assert!(!events(&w, keg).iter().any(|e| matches!(e, ScriptEvent::Task { .. })));
    // Update 2: the existing-task pass invokes it exactly once and it completes; the main
    // body, no longer blocked, runs on in the same stage: Anchor 7, DisableScript, Yield.
    w.step(&Input::default(), 4);
    let ev = events(&w, keg);
    assert_eq!(
        ev.iter().filter(|e| matches!(e, ScriptEvent::Task { .. })).collect::<Vec<_>>(),
        [&task(true)]
    );
    let s = w.script_state(keg).unwrap();
    assert_eq!((s.tasks.slots().len(), s.anchor, s.error), (0, 7, None));
    // Update 3: nothing is left to invoke.
    w.step(&Input::default(), 6);
    assert!(!events(&w, keg).iter().any(|e| matches!(e, ScriptEvent::Task { .. })));
    // The keg's animation state was never touched. Its action words live beside it and
    // their timer counts every update's ticks ("Action words": every actor's update, after
    // its script stage) — three updates of one tick.
    let after = w.actor(keg).unwrap().anim;
    assert_eq!(after.actions.timer, 3);
    assert_eq!(stros_core::anim::AnimState { actions: before.actions, ..after }, before);
}

/// Named objects resolve in runtime-identifier order ({D:engine/SOUP.md} "Object Name
/// Encoding", "Runtime object identifiers"): `CYRUS` has identifier 1 and the map's ordinary
/// actors the pool capacity plus three and up, so with the FISHER's namespace also `CYRUS`,
/// `"cyrus".pos.vx` reads the player's X, not the fisher's (which comes first in actor
/// order). `GREMLIN` also has identifier 1, which adds no second entry, so `"gremlin"`
/// resolves to nothing and its property reads 0 (his X is the marker's, nonzero).
#[test]
fn named_objects_resolve_in_runtime_identifier_order() {
    let mut a = Asm::new();
    a.assign(local(0), Value::Read(prop(FIRST_NAME, Property::PosX)), &[]);
    a.assign(local(1), Value::Read(prop(SECOND_NAME, Property::PosX)), &[]);
    let code = pause(&mut a).finish();
    let (mut w, _) = island(
        |d| {
            let cyrus = d.actors.iter().find(|a| a.name == b"CYRUS").unwrap().clone();
            d.actors.push(stros_tools::write::rgm::ActorDesc {
                name: b"GREMLIN".to_vec(),
                namespace: b"GREMLIN".to_vec(),
                ..cyrus
            });
            for a in d.actors.iter_mut() {
                match a.name.as_slice() {
                    b"FLAG2" => {
                        a.script = code.clone();
                        a.variables = vec![0; 2];
                        a.strings = vec![b"cyrus".to_vec(), b"gremlin".to_vec()];
                    }
                    b"FISHER" | b"CYRUS" => a.namespace = b"CYRUS".to_vec(),
                    _ => {}
                }
            }
        },
        None,
    );
    let (me, player, fisher, gremlin) = (
        actor_named(&w, b"FLAG2"),
        w.selected_player_id().unwrap(),
        actor_named(&w, b"FISHER"),
        actor_named(&w, b"GREMLIN"),
    );
    assert!(fisher < player, "the fisher comes first in actor order");
    w.step(&Input::default(), 2);
    assert!(!events(&w, me).iter().any(|e| matches!(e, ScriptEvent::Error(_))), "{:?}", events(&w, me));
    let (x, fisher_x) = (w.actor(player).unwrap().position[0], w.actor(fisher).unwrap().position[0]);
    assert_ne!(x, fisher_x);
    assert_ne!(w.actor(gremlin).unwrap().position[0], 0);
    assert_eq!(w.locals(me), [x, 0]);
}
