//! Continuations, the task model and its gates, the natives and disassembly, on the hand
//! built bytecode and test host of the parent module.

use super::*;

#[test]
fn continuations_end_yield_endint_gosub_and_return() {
    // 0: Gosub 11; 5: End 0; 10: Yield(never); 11: local[0] = local[0] + 1; 20: Return
    let code = B::default()
        .b(&[op::GOSUB])
        .u32(11)
        .b(&[op::END])
        .u32(0)
        .b(&[op::YIELD, op::LOCAL, 0, op::LOCAL, 0, 1])
        .num(1)
        .b(&[0, op::RETURN]);
    let mut h = TestHost::default();
    let mut st = fresh(&code.0, 0);
    stage(&mut st, &code.0, &mut h, ON);
    assert_eq!((st.main, st.ret, h.locals[0]), (0, Some(5), 1));
    assert_eq!(h.statements().as_slice(), &[0, 11, 22, 5]);
    // End stored target 0: the next stage restarts at the base.
    stage(&mut st, &code.0, &mut h, ON);
    assert_eq!(h.locals[0], 2);
    // Yield keeps the following cursor; Endint goes back to the base.
    let code = B::default().b(&[op::YIELD, op::ENDINT]);
    let mut st = fresh(&code.0, 0);
    let mut h = TestHost::default();
    stage(&mut st, &code.0, &mut h, ON);
    assert_eq!(st.main, 1);
    stage(&mut st, &code.0, &mut h, ON);
    assert_eq!(st.main, 0);
    // A Return with the null slot ends the invocation and resets main, also from entry.
    let code = B::default().b(&[op::RETURN, op::YIELD, op::YIELD]);
    let mut st = fresh(&code.0, 2);
    assert_eq!((st.main, st.entry), (2, Some(0)));
    let mut h = TestHost::default();
    stage(&mut st, &code.0, &mut h, ON);
    assert_eq!((st.entry, st.main), (Some(0), 0));
    // Goto and End targets outside the script are bad bytecode.
    for opcode in [op::GOTO, op::END, op::GOSUB] {
        let code = B::default().b(&[opcode]).u32(5);
        assert_eq!(stopped(&once(&code.0, &mut TestHost::default())), Some(Fault::Jump(5)));
    }
    // An endless loop without a yield is a runaway, not a hang.
    let code = B::default().b(&[op::GOTO]).u32(0);
    assert_eq!(stopped(&once(&code.0, &mut TestHost::default())), Some(Fault::Runaway));
    // Running off the end is truncation; a stopped script does nothing more.
    let code = B::default().b(&[op::ANCHOR, 1]);
    let mut h = TestHost::default();
    let mut st = once(&code.0, &mut h);
    assert_eq!(stopped(&st), Some(Fault::Truncated));
    let n = h.events.len();
    stage(&mut st, &code.0, &mut h, ON);
    assert_eq!(h.events.len(), n);
}

#[test]
fn script_rv_branches_on_the_return_byte() {
    // ScriptRV 0, Gosub 13 (match: saves rv), ...
    let code = B::default().b(&[op::SCRIPT_RV, 1]).b(&[op::GOSUB]).u32(0).b(&[op::ANCHOR, 5, op::YIELD]);
    let mut h = TestHost::default();
    let st = once(&code.0, &mut h);
    assert_eq!((st.anchor, h.statements().as_slice()), (5, &[0u32, 7, 9][..]));
    // Match with a Gosub body: the return byte is saved, then the Gosub runs.
    let code = B::default().b(&[op::SCRIPT_RV, 0, op::GOSUB]).u32(7).b(&[op::YIELD]);
    let mut h = TestHost::default();
    let mut st = fresh(&code.0, 0);
    st.rv = 0;
    st.ret_rv = 9;
    stage(&mut st, &code.0, &mut h, ON);
    assert_eq!((st.ret_rv, st.ret, h.statements().as_slice()), (0, Some(7), &[0u32, 2, 7][..]));
    // Match with a Return body: the cursor moves on four bytes.
    let code = B::default().b(&[op::SCRIPT_RV, 0, op::RETURN, 0, 0, 0, op::YIELD]);
    let mut h = TestHost::default();
    once(&code.0, &mut h);
    assert_eq!(h.statements().as_slice(), &[0, 6]);
}

#[test]
fn blocking_tasks_yield_and_complete_at_the_next_pass() {
    // Task 3(2); Multitask 3(5); Task 3(0); Yield
    let code = B::default()
        .call(op::TASK, 3, &[2])
        .call(op::MULTITASK, 3, &[5])
        .call(op::TASK, 3, &[0])
        .b(&[op::YIELD]);
    let mut h = TestHost::default();
    let mut st = fresh(&code.0, 0);
    // Update 1: the initial call (elapsed 0), a slot, and the stage yields.
    stage(&mut st, &code.0, &mut h, ON);
    assert_eq!(st.main, 9);
    assert_eq!(st.tasks.slots().len(), 1);
    assert_eq!(h.log.as_slice(), &[(3, [2, 0], 0, true)]);
    // Update 2: the pass (counter 1 → elapsed 1) keeps it; main stays blocked.
    stage(&mut st, &code.0, &mut h, StageInput { frame_scale: 256, ..ON });
    assert_eq!(h.log.last(), Some(&(3, [2, 0], 1, false)));
    assert_eq!((st.main, st.tasks.slots()[0].counter), (9, 2));
    // Update 3 at scale 512: elapsed (2 × 512) >> 8 = 4 ≥ 2, done; main continues in the
    // same stage: the multitask runs and does not block, the blocking task with an
    // immediate "done" still allocates a slot and yields.
    stage(&mut st, &code.0, &mut h, StageInput { frame_scale: 512, ..ON });
    assert!(h.events.contains(&ScriptEvent::Task { at: 1, function: 3, done: true }));
    assert_eq!(h.log.len(), 5);
    assert_eq!(h.log[3], (3, [5, 0], 0, true));
    assert_eq!(h.log[4], (3, [0, 0], 0, true));
    assert_eq!(st.main, 27);
    let slots: heapless::Vec<(u32, bool), 6> = st.tasks.slots().iter().map(|s| (s.at, s.blocking)).collect();
    assert_eq!(slots.as_slice(), &[(10, false), (19, true)]);
    // Update 4: the pass in allocation order; the done blocking slot drops; main yields.
    stage(&mut st, &code.0, &mut h, ON);
    assert_eq!(h.log[5].0, 3);
    assert_eq!(st.tasks.slots().len(), 1);
    assert_eq!(st.main, 28);
}

#[test]
fn task_controls_and_gates() {
    // 0: Multitask 3(100); 9: Task 3(100); 18: TaskPause 9... run with control bits.
    let code = B::default()
        .call(op::MULTITASK, 3, &[100])
        .b(&[op::TASK_PAUSE])
        .u32(0)
        .b(&[op::TASK_RESUME])
        .u32(0)
        .b(&[op::TASK_PAUSE])
        .u32(0)
        .b(&[op::YIELD, op::TASK_STOP])
        .u32(0)
        .b(&[op::YIELD]);
    let mut h = TestHost::default();
    let mut st = fresh(&code.0, 0);
    stage(&mut st, &code.0, &mut h, ON);
    assert!(st.tasks.slots()[0].paused);
    // A paused slot is skipped by the pass (no invocation); TaskStop then removes it.
    stage(&mut st, &code.0, &mut h, ON);
    assert_eq!(h.log.len(), 1);
    assert!(st.tasks.slots().is_empty(), "TaskStop removed the labelled slot");

    // Gates: bit 0x01 suppresses the main stage, 0x02 the hook; task_system off runs the
    // hook only; 0x04 runs main without the pass even with a blocking slot.
    let hook = [1u8, 0, 2, op::NUMERIC, 3, 0, 0, 0, op::LOCAL, 0, 0, 0, 0];
    let code = B::default().call(op::TASK, 3, &[100]).b(&[op::ANCHOR, 1, op::YIELD]);
    let mut h = TestHost { hook: Some(&hook), locals: [4, 0, 0, 0], ..TestHost::default() };
    let mut st = fresh(&code.0, 0);
    stage(&mut st, &code.0, &mut h, StageInput { task_system: false, ..ON });
    assert_eq!((h.log.as_slice(), st.main), (&[(1, [3, 4], 0, true)][..], 0));
    h.control = control::NO_HOOK | control::NO_MAIN;
    stage(&mut st, &code.0, &mut h, ON);
    assert_eq!((h.log.len(), st.main), (1, 0));
    h.control = 0;
    stage(&mut st, &code.0, &mut h, ON);
    assert_eq!((h.log.len(), st.main), (3, 9), "hook, then the task");
    // With an unpaused slot the hook waits; the pass keeps the slot; main is blocked.
    stage(&mut st, &code.0, &mut h, ON);
    assert_eq!((h.log.len(), st.anchor), (4, 0));
    // 0x04: no pass, main runs past the blocking slot.
    h.control = control::NO_TASK_PASS;
    stage(&mut st, &code.0, &mut h, ON);
    assert_eq!((h.log.len(), st.anchor, st.main), (4, 1, 12));
}

#[test]
fn the_entry_continuation_and_its_blocking_gate() {
    // Entry at 0: Task 3(2); Endint. Main at 10: Anchor 7; End 10.
    let code = B::default().call(op::TASK, 3, &[2]).b(&[op::ENDINT, op::ANCHOR, 7, op::END]).u32(10);
    let mut h = TestHost::default();
    let mut st = fresh(&code.0, 10);
    stage(&mut st, &code.0, &mut h, ON);
    // Entry ran the task and yielded; the pass kept the slot (elapsed 1 < 2), which blocks
    // the main body this update.
    assert_eq!((st.entry, st.main, st.anchor), (Some(9), 10, 0));
    // Next: the slot (address 1 ≤ entry 9) gates the entry; the pass completes it; main runs.
    stage(&mut st, &code.0, &mut h, ON);
    assert_eq!((st.entry, st.anchor, st.main), (Some(9), 7, 10));
    assert!(h.events.iter().any(|e| matches!(e, ScriptEvent::Statement { at: 10, entry: false, .. })));
    // Next: entry runs Endint, back to its base.
    stage(&mut st, &code.0, &mut h, ON);
    assert_eq!(st.entry, Some(0));
}

#[test]
fn slots_are_six_and_a_call_already_in_a_slot_is_not_rerun() {
    let mut b = B::default();
    for k in 0..7 {
        b = b.call(op::MULTITASK, 3, &[100 + k]);
    }
    let code = b.b(&[op::GOTO]).u32(0);
    let mut h = TestHost::default();
    let mut st = fresh(&code.0, 0);
    stage(&mut st, &code.0, &mut h, StageInput { task_system: true, frame_scale: 256 });
    // The loop goes round until the runaway bound, but each call ran once and only six fit.
    assert_eq!(st.tasks.slots().len(), 6);
    // The six slotted calls ran once; the seventh, never slotted, ran on every round.
    for k in 0..6 {
        assert_eq!(h.log.iter().filter(|l| l.1[0] == 100 + k).count(), 1);
    }
    assert!(h.log.iter().filter(|l| l.1[0] == 106).count() > 1);
    assert!(h.events.contains(&ScriptEvent::SlotsFull { at: 55 }));
    assert_eq!(stopped(&st), Some(Fault::Runaway));
}

#[test]
fn object_calls_and_selectors() {
    // Player.Task 3(1) (receiver owns the slot, caller continues); local[0] = Named(0).1(2,3);
    // Camera.1() is skipped.
    let code = B::default()
        .b(&[op::OBJ_TASK, 1, 0, 0])
        .u16(3)
        .b(&[1])
        .num(1)
        .b(&[op::LOCAL, 0, op::OBJ_FUNCTION, 4, 0])
        .u16(1)
        .b(&[2])
        .num(2)
        .num(3)
        .b(&[0, op::OBJ_FUNCTION, 2, 0, 2])
        .u16(1)
        .b(&[0, op::YIELD]);
    let mut h = TestHost::default();
    let st = once(&code.0, &mut h);
    assert_eq!(st.error, None);
    assert_eq!(st.tasks.slots().len(), 0);
    assert_eq!(h.other_state.tasks.slots().len(), 1);
    assert_eq!(h.other_state.tasks.slots()[0].at, 4);
    assert_eq!(h.locals[0], 32);
    assert!(h.events.iter().any(|e| matches!(e, ScriptEvent::NoObject { .. })));
    // Locals in an object call's arguments are the receiver's.
    let code = B::default().b(&[op::OBJ_FUNCTION, 1, 0, 2]).u16(1).b(&[1, op::LOCAL, 1, 0, 0, 0, op::YIELD]);
    let mut h = TestHost { other_locals: [0, 66, 0, 0], ..TestHost::default() };
    once(&code.0, &mut h);
    assert_eq!(h.log[0].1, [66, 0]);
    // A local holding a string index names an object.
    let code = B::default().b(&[op::OBJ_FUNCTION, 10, 2, 2]).u16(1).b(&[1]).num(8).b(&[op::YIELD]);
    let mut h = TestHost::default();
    once(&code.0, &mut h);
    assert_eq!(h.log.len(), 1);
}

#[test]
fn natives_not_implemented_report_and_continue() {
    let code = B::default()
        .call(op::FUNCTION, 4, &[1])
        .call(op::FUNCTION, functions::id::SET_ATTRIBUTE, &[6, 300])
        .b(&[op::YIELD]);
    let mut h = TestHost::default();
    let st = once(&code.0, &mut h);
    assert_eq!(st.error, None);
    assert!(h.events.contains(&ScriptEvent::NotImplemented { function: 4 }));
    // SetAttribute(6) copies the low byte to 115 as well.
    assert_eq!((h.actor.attributes[6], h.actor.attributes[115]), (44, 44));
}

#[test]
fn the_core_natives() {
    use functions::id;
    let mut rng = Rng::default();
    // state = 1 * 1103515245 + 12345 → (state >> 16) & 32767.
    assert_eq!(rng.draw(), 16838);
    // Rnd(10): masked by 15, then modulo 10.
    assert_eq!(Rng::default().bounded(10), 6); // 16838 & 15 = 6, below 10
    assert_eq!(Rng::default().bounded(20_000), 16838);
    let mut h = TestHost::default();
    h.actor.attributes[1] = 9;
    h.actor.position = [100, -50, 25];
    h.actor.angles.heading = 100;
    let call = |h: &mut TestHost<'_>, function: u16, args: &[i32], elapsed: i32| {
        let mut c = NativeCall {
            function,
            args: [0; 8],
            argc: args.len() as u8,
            elapsed,
            initial: false,
            scratch: [0; 2],
            tasks: None,
        };
        c.args[..args.len()].copy_from_slice(args);
        h.native(Receiver::Me, &mut c)
    };
    assert_eq!(call(&mut h, id::GET_ATTRIBUTE, &[1], 0), Some(9));
    assert_eq!(call(&mut h, id::GET_MY_ATTR, &[256], 0), Some(0));
    call(&mut h, id::SET_ATTRIBUTE, &[1, 0x1ff], 0);
    assert_eq!((h.actor.attributes[1], h.actor.attributes[119]), (0xff, 0xff));
    call(&mut h, id::SET_MY_ATTR, &[6, 7], 0);
    assert_eq!((h.actor.attributes[6], h.actor.attributes[115]), (7, 0));
    // Attribute 44: SetAttribute stores the full value as the combat record's death default
    // only when dead, releasing the walk nodes; SetMyAttr stores the byte only with the
    // object-update exclusion set.
    h.actor.combat = Some(crate::actor::Combat::new(0, &[0; 256]));
    (h.actor.nav.current, h.actor.nav.next) = (3, 4);
    call(&mut h, id::SET_ATTRIBUTE, &[44, 300], 0);
    let death = |h: &TestHost| h.actor.combat.map(|c| c.death_default);
    assert_eq!(
        (h.actor.attributes[44], death(&h), (h.actor.nav.current, h.actor.nav.next)),
        (44, Some(0), (3, 4))
    );
    h.actor.lifecycle = 8;
    call(&mut h, id::SET_ATTRIBUTE, &[44, 300], 0);
    assert_eq!((death(&h), (h.actor.nav.current, h.actor.nav.next)), (Some(300), (-1, -1)));
    call(&mut h, id::SET_MY_ATTR, &[44, 301], 0);
    assert_eq!(death(&h), Some(300), "no object-update exclusion");
    h.actor.object_update_exclusion = 1;
    call(&mut h, id::SET_MY_ATTR, &[44, 301], 0);
    assert_eq!((h.actor.attributes[44], death(&h)), (45, Some(45)));
    h.actor.object_update_exclusion = 0;
    // Wait(d): active while elapsed < d - 1.
    assert_eq!(call(&mut h, id::WAIT, &[5], 3), Some(1));
    assert_eq!(call(&mut h, id::WAIT, &[5], 4), Some(0));
    // PlayerDistance: |dx| + |dy| + |dz| to the player at the origin.
    assert_eq!(call(&mut h, id::PLAYER_DISTANCE, &[], 0), Some(175));
    // PlayerFacing(offset, tolerance) against the player's heading 0.
    assert_eq!(call(&mut h, id::PLAYER_FACING, &[-100, 0], 0), Some(1));
    assert_eq!(call(&mut h, id::PLAYER_FACING, &[0, 99], 0), Some(0));
    assert_eq!(call(&mut h, id::PLAYER_FACING, &[1948, 0], 0), Some(1));
    // Script and hook switches.
    call(&mut h, id::DISABLE_SCRIPT, &[], 0);
    call(&mut h, id::DISABLE_HOOK, &[], 0);
    assert_eq!(h.actor.script_control, 3);
    call(&mut h, id::ENABLE_SCRIPT, &[], 0);
    assert_eq!(h.actor.script_control, 2);
    // Flags ("Global Flags"): the fallback table's flag 12 is a BOOL at 0. Set toggles it to
    // 1 and latches (returns 0); a second set finds it latched and keeps 1; Reset clears only
    // the latch (returns 0); Test answers the latch.
    assert_eq!(call(&mut h, id::SET_GLOBAL_FLAG, &[12], 0), Some(0));
    assert_eq!((h.flags.get(12), call(&mut h, id::TEST_GLOBAL_FLAG, &[12], 0)), (Some(1), Some(1)));
    call(&mut h, id::SET_GLOBAL_FLAG, &[12], 0);
    assert_eq!(h.flags.get(12), Some(1));
    assert_eq!(call(&mut h, id::RESET_GLOBAL_FLAG, &[12], 0), Some(0));
    assert_eq!((h.flags.get(12), call(&mut h, id::TEST_GLOBAL_FLAG, &[12], 0)), (Some(1), Some(0)));
    // A declared COUNTER at 2: each set decrements and latches; at 0 it stays.
    let mut typed = Flags::empty();
    typed.declare(crate::formats::soupdef::FlagKind::Counter, 2).unwrap();
    h.flags = typed;
    for want in [1, 0, 0] {
        call(&mut h, id::SET_GLOBAL_FLAG, &[0], 0);
        assert_eq!((h.flags.get(0), h.flags.latch(0)), (Some(want), true));
    }
    // Ids outside the declared flags (or outside 16 bits) do nothing and test 0; the whole
    // argument is the id (65536 is not flag 0).
    for bad in [1, -1, 65_536] {
        assert_eq!(call(&mut h, id::RESET_GLOBAL_FLAG, &[bad], 0), Some(0));
        assert_eq!(call(&mut h, id::TEST_GLOBAL_FLAG, &[bad], 0), Some(0));
    }
    assert!(h.flags.latch(0));
    assert_eq!(call(&mut h, 366, &[], 0), None, "Spare1Parm7 answers nothing");
    assert_eq!(functions::get(id::PUSH_ANIMATION).map(|f| (f.name, f.params)), Some(("PushAnimation", 2)));
    assert_eq!(functions::FUNCTIONS.len(), 367);
}

#[test]
fn disassembly_reads_back() {
    let mut code = B::default();
    for (g, n) in [(1, 25), (10, 1)] {
        code = code.call(op::TASK, functions::id::PUSH_ANIMATION, &[g, n]);
    }
    let code = code.b(&[op::LOCAL, 0]).num(1).b(&[1, op::FLAG, 3, 0, 0]).b(&[op::END]).u32(0);
    let mut out: heapless::String<512> = heapless::String::new();
    crate::script::disasm::disassemble(&mut out, &code.0, 0, &|_| None).unwrap();
    assert_eq!(
        out.as_str(),
        "    0: Task PushAnimation(1, 25)\n   14: Task PushAnimation(10, 1)\n   28: local[0] = 1 + flag[3]\n   40: End 0\n"
    );
}

#[test]
fn s_rotate_by_axis_interpolates_by_elapsed_and_snaps_at_the_end() {
    use functions::id;
    let mut h = TestHost::default();
    h.actor.angles.heading = 100;
    // The scratch word carries the origin from call to call, as the task slot keeps it.
    let mut scratch = [0; 2];
    let mut call = |h: &mut TestHost<'_>, args: &[i32], elapsed: i32| {
        let mut c = NativeCall {
            function: id::S_ROTATE_BY_AXIS,
            args: [0; 8],
            argc: args.len() as u8,
            elapsed,
            initial: elapsed == 0,
            scratch,
            tasks: None,
        };
        c.args[..args.len()].copy_from_slice(args);
        let r = h.native(Receiver::Me, &mut c);
        scratch = c.scratch;
        r
    };
    // Heading 100, delta 300 over 10: elapsed 0 stores origin 100 and writes 100 + 0.
    assert_eq!(call(&mut h, &[1, 300, 10], 0), Some(1));
    assert_eq!(h.actor.angles.heading, 100);
    // Elapsed 4: ((300 << 8) / 10 = 7680) × 4 = 30720, >> 8 = 120 → 220.
    h.actor.angles.heading = 5; // the origin, not the current angle, is the base
    assert_eq!(call(&mut h, &[1, 300, 10], 4), Some(1));
    assert_eq!(h.actor.angles.heading, 220);
    // Elapsed 9 = duration − 1: snaps to 100 + 300 and completes.
    assert_eq!(call(&mut h, &[1, 300, 10], 9), Some(0));
    assert_eq!(h.actor.angles.heading, 400);
    // A negative delta: the offset of |delta| negated, (400 − 120) & 2047 = 280; then the end.
    assert_eq!(call(&mut h, &[1, -300, 10], 0), Some(1));
    assert_eq!(call(&mut h, &[1, -300, 10], 4), Some(1));
    assert_eq!(h.actor.angles.heading, 280);
    assert_eq!(call(&mut h, &[1, -300, 10], 12), Some(0));
    assert_eq!(h.actor.angles.heading, 100);
    // Axis 0 is the pitch, wrapping below zero: (0 − 300) & 2047 = 1748.
    assert_eq!(call(&mut h, &[0, -300, 1], 0), Some(0));
    assert_eq!((h.actor.angles.pitch, h.actor.angles.heading), (1748, 100));
    // Axis 3 selects no angle and completes on the duration; duration 0 completes unchanged.
    assert_eq!(call(&mut h, &[3, 50, 2], 0), Some(1));
    assert_eq!(call(&mut h, &[3, 50, 2], 1), Some(0));
    assert_eq!(call(&mut h, &[1, 50, 0], 0), Some(0));
    assert_eq!((h.actor.angles.pitch, h.actor.angles.heading, h.actor.angles.roll), (1748, 100, 0));
}

#[test]
fn the_axis_task_ids_name_their_functions() {
    use functions::id;
    for (k, name) in [
        (id::S_ROTATE_TO_AXIS, "sRotateToAxis"),
        (id::S_MOVE_BY_AXIS, "sMoveByAxis"),
        (id::ROTATE_BY_AXIS, "RotateByAxis"),
        (id::ROTATE_TO_AXIS, "RotateToAxis"),
        (id::MOVE_BY_AXIS, "MoveByAxis"),
        (id::MOVE_OBJECT_AXIS, "MoveObjectAxis"),
        (id::MOVE_ALONG_AXIS, "MoveAlongAxis"),
        (id::JUMP, "Jump"),
    ] {
        assert_eq!(
            functions::get(k).map(|f| (f.name, f.params)),
            Some((name, if k == id::JUMP { 0 } else { 3 }))
        );
    }
    for (k, name, params) in [
        (id::CAMERA_CONTROLLER, "cameraController", 0),
        (id::SHOW_OBJ_ROT, "showObjRot", 8),
        (id::SHOW_OBJ, "showObj", 3),
        (id::SHOW_OBJ_LOC, "showObjLoc", 3),
        (id::LOOK_OBJ, "lookObj", 1),
        (id::SHOW_PLAYER, "showPlayer", 0),
        (id::SHOW_PLAYER_PAN, "showPlayerPan", 1),
        (id::SHOW_CYRUS, "showCyrus", 3),
        (id::SHOW_CYRUS_LOC, "showCyrusLoc", 3),
        (id::AMBIENT_SOUND, "AmbientSound", 3),
        (id::WALK_FORWARD, "WalkForward", 1),
        (id::WALK_BACKWARD, "WalkBackward", 1),
        (id::MOVE_FORWARD, "MoveForward", 1),
        (id::MOVE_BACKWARD, "MoveBackward", 1),
        (id::MOVE_LEFT, "MoveLeft", 1),
        (id::MOVE_RIGHT, "MoveRight", 1),
        (id::SHOW_OBJ_PAN, "showObjPan", 4),
        (id::SHOW_OBJ_PAN_LOC, "showObjPanLoc", 4),
        (id::SHOW_CYRUS_PAN, "showCyrusPan", 4),
        (id::SHOW_CYRUS_PAN_LOC, "showCyrusPanLoc", 4),
        (id::RESET_ROTATION, "ResetRotation", 3),
        (id::RESET_POSITION, "ResetPosition", 3),
        (id::RELOAD_ROTATION, "ReloadRotation", 0),
        (id::MOVE_PLAYER_ABOVE_ME, "MovePlayerAboveMe", 4),
        (id::X_RESET_CAMERA, "XResetCamera", 0),
        (id::FACE_PLAYER_INERTIA, "FacePlayerInertia", 1),
        (id::DISTANCE_TO_LOCATION, "DistanceToLocation", 1),
        (id::KILL_ME, "KillMe", 0),
        (id::PLAYER_OFFSET, "PlayerOffset", 3),
        (id::PLAYER_OFFSET_TASK, "PlayerOffsettask", 3),
        (id::PLAYER_IN_SIGHT, "PlayerInSight", 0),
        (id::PLAYER_STAND, "PlayerStand", 0),
        (id::PLAYER_COLLIDE, "PlayerCollide", 0),
        (id::PLAYER_COLLIDE_STATIC, "PlayerCollideStatic", 0),
        (id::PLAYER_HANGING, "PlayerHanging", 0),
        (id::PLAYER_MAIN, "PlayerMain", 0),
        (id::UPDATE_PLAYER_VIEW_ATTRIB, "updatePlayerViewAttrib", 0),
        (id::PLAYER_ARC, "PlayerArc", 2),
        (id::MOVE_TO_LOCATION, "MoveToLocation", 2),
        (id::FACE_PLAYER, "FacePlayer", 1),
        (id::MOVE_NODE_MARKER, "MoveNodeMarker", 2),
        (id::MOVE_NODE_LOCATION, "MoveNodeLocation", 2),
        (id::MOVE_NODE_POSITION, "MoveNodePosition", 4),
        (id::AT_NODE_LOCATION, "AtNodeLocation", 2),
        (id::WANDER, "Wander", 2),
        (id::AT_NODE_POSITION, "AtNodePosition", 4),
        (id::DISABLE_NODE_MAPS, "DisableNodeMaps", 0),
        (id::ENABLE_NODE_MAPS, "EnableNodeMaps", 0),
        (id::MOVE_MARKER, "MoveMarker", 2),
        (id::MOVE_LOCATION, "MoveLocation", 2),
        (id::MOVE_POSITION, "MovePosition", 4),
    ] {
        assert_eq!(functions::get(k).map(|f| (f.name, f.params)), Some((name, params)));
    }
}

#[test]
fn rotate_by_axis_runs_as_a_task_through_the_host() {
    // The host hands RotateByAxis its slot's two scratch words: heading 100, delta 300 over
    // 10 at the test host's scale 256 turns 30 a call (see actor::axis for the arithmetic).
    use functions::id;
    let mut h = TestHost::default();
    h.actor.angles.heading = 100;
    let mut scratch = [0; 2];
    for k in 0..3 {
        let mut c = NativeCall {
            function: id::ROTATE_BY_AXIS,
            args: [1, 300, 10, 0, 0, 0, 0, 0],
            argc: 3,
            elapsed: k,
            initial: k == 0,
            scratch,
            tasks: None,
        };
        assert_eq!(h.native(Receiver::Me, &mut c), Some(1));
        scratch = c.scratch;
    }
    assert_eq!(h.actor.angles.heading, 190);
    assert_eq!(scratch, [400 << 8, 190 << 8]);
}
