//! The SOUP script stage in the world (engine summary §1.8; seed 001 "Shipped FLAG2
//! sequence", "Animation tasks", "Ordinary actor update order"): the embedded flags' 61-byte
//! FLAG2 script, a golden trace of two whole cycles, and explicit checks of the cycle order
//! and the task boundaries.

use stros_core::config::SystemConfig;
use stros_core::embedded::MAP;
use stros_core::input::{Bindings, Input};
use stros_core::script::decode::{self, Operand, Reader, Statement};
use stros_core::script::{ScriptEvent, functions};
use stros_host::World;
use stros_tools::world::soupdef::flag;
use stros_tools::world::{scripts, village};

const PUSH_ANIMATION: u16 = functions::id::PUSH_ANIMATION;

fn world() -> Box<World<'static>> {
    stros_tests::entered(0, 0).0
}

fn flags(w: &World<'_>) -> Vec<u16> {
    (0..w.actors().len() as u16)
        .filter(|&id| w.rgm().actor(w.actor(id).unwrap().definition as usize).unwrap().name() == b"FLAG2")
        .collect()
}

#[test]
fn the_embedded_flag_script_is_the_shipped_sequence() {
    let w = world();
    let rgm = w.rgm();
    let flag = rgm.actor_by_name(b"FLAG2").unwrap();
    let code = flag.script();
    assert_eq!((code.len(), flag.script_pc()), (61, 0));
    let mut at = 0;
    for (group, count) in [(1, 25), (10, 1), (1, 3), (10, 2)] {
        let d = decode::statement(code, at).unwrap();
        let Statement::Call(call) = d.statement else { panic!("statement at {at}") };
        assert_eq!((d.op, call.function, call.argc, d.next - at), (0x00, PUSH_ANIMATION, 2, 14));
        let args: Vec<_> = (0..2)
            .map(|k| Reader::new(code, call.arg(k)).operand(decode::Mode::Parameter).unwrap())
            .collect();
        assert_eq!(args, [Operand::Integer(group), Operand::Integer(count)]);
        at = d.next;
    }
    let end = decode::statement(code, at).unwrap();
    assert_eq!((end.statement, end.next), (Statement::End(0), 61));
    assert_eq!(functions::FUNCTIONS[PUSH_ANIMATION as usize].name, "PushAnimation");
    assert_eq!(flags(&w).len(), 3);
}

/// One update of flag `id`: its current group and loop byte after the update, and its
/// script events.
struct Update {
    ticks: i32,
    group: i16,
    pending: i16,
    loops: u8,
    cursor: i16,
    events: Vec<ScriptEvent>,
}

fn run(updates: u32) -> (Box<World<'static>>, Vec<Vec<Update>>) {
    let mut w = world();
    let ids = flags(&w);
    let mut out: Vec<Vec<Update>> = ids.iter().map(|_| Vec::new()).collect();
    for k in 1..=updates {
        let report = w.step(&Input::default(), k * 2).clone();
        assert_eq!(report.script_dropped, 0);
        for (n, &id) in ids.iter().enumerate() {
            let a = w.actor(id).unwrap();
            out[n].push(Update {
                ticks: report.tick.nominal_ticks,
                group: a.anim.current,
                pending: a.anim.pending,
                loops: a.anim.loops,
                cursor: a.anim.cursor,
                events: report.script.iter().filter(|e| e.actor == id).map(|e| e.event).collect(),
            });
        }
    }
    (w, out)
}

fn describe(e: &ScriptEvent) -> String {
    let name = |f: u16| functions::get(f).map_or("?", |f| f.name);
    match e {
        ScriptEvent::Statement { at, op, entry } => {
            format!("{}@{at}:{op:02x}", if *entry { "entry" } else { "main" })
        }
        ScriptEvent::Task { at, function, done } => {
            format!("task@{at}:{}:{}", name(*function), if *done { "done" } else { "active" })
        }
        other => format!("{other:?}"),
    }
}

const UPDATES: u32 = 400;

#[test]
fn golden_trace_of_two_flag_cycles() {
    let (_, traces) = run(UPDATES);
    let mut trace = String::new();
    for (k, u) in traces[0].iter().enumerate() {
        let events: Vec<_> = u.events.iter().map(describe).collect();
        trace += &format!(
            "{:3} t={} group={} pending={} loops={} {}\n",
            k + 1,
            u.ticks,
            u.group,
            u.pending,
            u.loops,
            events.join(" ")
        );
    }
    stros_tests::assert_golden("flag2_trace.txt", &trace);
}

#[test]
fn the_flags_run_their_cycle_with_the_seed_task_boundaries() {
    let (w, traces) = run(UPDATES);
    // Flags outside the regional update list do not run (nearby-cell membership, seed 001);
    // flag 0 is in the list at marker 0.
    assert!(traces[0].iter().any(|u| !u.events.is_empty()));
    for (n, updates) in traces.iter().enumerate() {
        if updates.iter().all(|u| u.events.is_empty()) {
            assert!(updates.iter().all(|u| u.group == 0), "flag {n} stays in its placed group");
            continue;
        }
        // Statements the main body ran, in order, with the update they ran in.
        let mut ran = Vec::new();
        for (k, u) in updates.iter().enumerate() {
            for e in &u.events {
                assert!(
                    matches!(e, ScriptEvent::Statement { entry: false, .. } | ScriptEvent::Task { .. }),
                    "flag {n} update {}: {e:?}",
                    k + 1
                );
                if let ScriptEvent::Statement { at, .. } = e {
                    ran.push((k, *at));
                }
            }
        }
        let order: Vec<u32> = ran.iter().map(|r| r.1).collect();
        assert!(order.len() >= 10, "flag {n}: two whole cycles in {UPDATES} updates: {order:?}");
        assert_eq!(order[..10], [0, 14, 28, 42, 56, 0, 14, 28, 42, 56], "flag {n}");
        let requested = [1i16, 10, 1, 10];
        let counts = [25u8, 1, 3, 2];
        for (j, &(k, at)) in ran.iter().enumerate() {
            let u = &updates[k];
            if at == 56 {
                // End 0 returns: the next statement runs at 0 in the next update, not this one.
                if let Some(&(next, start)) = ran.get(j + 1) {
                    assert_eq!((next, start), (k + 1, 0), "flag {n}: restart after End");
                }
                continue;
            }
            let t = (at / 14) as usize;
            // The task's first invocation requests the group; from a current default the
            // request starts it at once, but the loop count is not set yet.
            assert_eq!(u.group, requested[t], "flag {n} update {}", k + 1);
            // A task boundary: a later PushAnimation runs in the same stage as the task pass
            // that saw the previous group end.
            if at != 0 {
                let done = u.events.iter().position(|e| matches!(e, ScriptEvent::Task { done: true, .. }));
                let stmt = u.events.iter().position(|e| matches!(e, ScriptEvent::Statement { .. }));
                assert!(done.is_some() && done < stmt, "flag {n} update {}: {:?}", k + 1, u.events);
            }
            // The next pass finds the group current: the loop count is set, the task starts.
            let next = &updates[k + 1];
            assert_eq!(
                (next.group, next.loops),
                (requested[t], counts[t]),
                "flag {n} update {}: started with the count",
                k + 2
            );
            assert!(
                next.events.iter().any(|e| matches!(e, ScriptEvent::Task { done: false, .. })),
                "flag {n} update {}",
                k + 2
            );
            // It stays active while its group is current; the update whose pass sees the
            // group changed completes it (checked above for the next statement).
            let end = ran.get(j + 1).map_or(updates.len(), |r| r.0);
            for (i, later) in updates.iter().enumerate().take(end).skip(k + 1) {
                assert_eq!(later.group, requested[t], "flag {n} update {}", i + 1);
            }
        }
        let state = w.script_state(flags(&w)[n]).unwrap();
        assert_eq!(state.error, None);
        assert!(state.tasks.slots().len() <= 1);
    }
}

#[test]
fn the_player_keeps_his_controller_and_runs_no_script() {
    // Cyrus's definition has a script (the generator's `cyrus_script`) whose statements each
    // leave a mark: CyrusScriptRan = TimeOfDay (authored 1), SetGlobalFlag(TimeOfDay) (a
    // NUMBER: latches), Me.torch_timer = 9.
    let mut w = world();
    let player = w.selected_player_id().unwrap();
    let rgm = *w.rgm();
    let def = rgm.actor(w.actor(player).unwrap().definition as usize).unwrap();
    assert_eq!((def.name(), def.script()), (&b"CYRUS"[..], &scripts::cyrus_script()[..]));
    let mut flag_events = 0;
    for k in 1..=20 {
        let r = w.step(&Input::default(), k * 2);
        assert!(r.script.iter().all(|e| e.actor != player), "update {k}: {:?}", r.script);
        flag_events += r.script.len();
    }
    // The flags ran their scripts meanwhile; the player ran none: no state, no marks.
    assert!(flag_events > 0);
    assert!(!w.script_state(player).unwrap().present);
    assert_eq!(w.flags().get(flag::CYRUS_SCRIPT_RAN), Some(0));
    assert!(!w.flags().latch(flag::TIME_OF_DAY));
    assert_eq!(w.actor(player).unwrap().torch, 0);
}

#[test]
fn the_players_script_marks_would_show_if_it_ran() {
    // The same bytes as the first flag's script instead: after one update the marks are
    // there, so the test above can fail.
    let mut desc = village::rgm_desc();
    let flag = desc.actors.iter_mut().find(|a| a.name == b"FLAG2").unwrap();
    flag.script = scripts::cyrus_script();
    let files = stros_tests::replaced(vec![("HARBOUR.RGM", stros_tools::write::rgm::to_bytes(&desc))]);
    let mut w = Box::new(World::load(files, MAP, SystemConfig::installed(), Bindings::default()).unwrap());
    w.enter_marker(files, 0, 0).unwrap();
    let first = flags(&w)[0];
    w.step(&Input::default(), 2);
    assert_eq!(w.flags().get(flag::CYRUS_SCRIPT_RAN), Some(1));
    assert!(w.flags().latch(flag::TIME_OF_DAY));
    assert_eq!(w.actor(first).unwrap().torch, 9);
}

#[test]
fn each_flag_phase_lasts_the_ticks_its_loop_count_gives_by_hand() {
    // Derived from seed 001 ("Animation tasks", "Forward frame countdown") and the
    // generator's FLAG2 groups, both reload 1 (so every nominal tick after a group's first
    // steps one ShowFrame; skipped frames count, control commands do not): group 1 is
    // `[F0 … F7, Prev 0, End]`, group 10 `[F4, F5, F6, F7, Sound, Prev 0, End]`.
    //
    // The task sets the loop count n in the update whose task pass first finds the group
    // current, with the cursor then at c. From there the cursor reaches the last frame
    // (7 − c ticks in group 1), the next tick arrives at GoToPrevious: count n → n − 1,
    // jumping back to F0 while it stays nonzero (one tick, F0 shown); every later pass is
    // eight ticks. The n-th arrival reaches zero, steps on to EndAnimation and the next group
    // starts in that same tick. So group 1 ends 8n − c ticks after the count was set, and
    // group 10 (four frames a pass) 4n − c: 200 − c for (1, 25), 4 − c for (10, 1), 24 − c
    // for (1, 3) and 8 − c for (10, 2).
    let (_, traces) = run(UPDATES);
    let u = &traces[0];
    let mut phases = 0;
    let mut k = 0;
    while k + 1 < u.len() {
        let set = u[k].group != -1
            && u[k].loops != 0
            && (k == 0 || u[k - 1].loops == 0 || u[k - 1].group != u[k].group);
        if !set {
            k += 1;
            continue;
        }
        let (group, n, c) = (u[k].group, u[k].loops as i32, u[k].cursor as i32);
        let per_pass = if group == 1 { 8 } else { 4 };
        let need = per_pass * n - c;
        let Some(end) = (k + 1..u.len()).find(|&j| u[j].group != group) else { break };
        let before: i32 = u[k + 1..end].iter().map(|x| x.ticks).sum();
        let through: i32 = before + u[end].ticks;
        assert!(
            before < need && need <= through,
            "group {group} ×{n} from cursor {c} at update {}: ended at update {} after {through} ticks, {need} by hand",
            k + 1,
            end + 1
        );
        phases += 1;
        k = end;
    }
    assert!(phases >= 8, "two whole cycles of four phases: {phases}");
}
