//! Mutated actor scripts never panic, hang or allocate: 10,000 random mutations of every
//! embedded script each run 200 updates (animation advance and default request, then the
//! script stage with the core's natives, as the ordinary update orders them); and mutated
//! scripts inside the embedded map run through `World::step`.

use stros_core::actor::Actor;
use stros_core::actor::solo::Solo;
use stros_core::anim::{AnimContext, AnimSet, AnimState, Events};
use stros_core::config::SystemConfig;
use stros_core::embedded;
use stros_core::files::{Embedded, Overlay};
use stros_core::formats::rgm::Rgm;
use stros_core::input::{Bindings, Input};
use stros_core::script::{Flags, Rng as ScriptRng, ScriptEvent, ScriptRef, ScriptState, StageInput, stage};
use stros_host::World;
use stros_tests::{Counting, Rng, mutate, watched};

#[global_allocator]
static ALLOCATOR: Counting = Counting;

const MUTATIONS: usize = 10_000;
const UPDATES: usize = 200;

#[test]
fn ten_thousand_mutations_of_every_embedded_script() {
    let rgm = Rgm::new_checked(embedded::RGM).unwrap();
    let mut scripts = 0;
    for def in rgm.actors() {
        let code = def.script();
        if code.is_empty() {
            continue;
        }
        scripts += 1;
        let set = AnimSet::from_actor(&def);
        let mut rng = Rng(0x5C41_9700 + def.index() as u64);
        let mut buf = Vec::with_capacity(code.len() + 64);
        let (mut stopped, mut ran) = (0, 0u64);
        for _ in 0..MUTATIONS {
            mutate(&mut rng, code, &mut buf);
            let pc = rng.range(0, buf.len() as i32 - 1) as u32 * (rng.range(0, 3) == 0) as u32;
            let ((errors, statements), allocations) = watched(|| run_alone(&def, set.as_ref(), &buf, pc));
            assert_eq!(allocations, 0, "{}: a mutated script allocated", String::from_utf8_lossy(def.name()));
            stopped += errors;
            ran += statements;
        }
        // The mutations reach both outcomes: scripts that stop on bad bytecode, and ones that run.
        assert!(stopped > MUTATIONS / 10 && stopped < MUTATIONS, "{stopped} of {MUTATIONS} stopped");
        assert!(ran > (MUTATIONS / 2) as u64, "{ran} statements ran");
    }
    assert!(scripts > 0);
}

/// 200 updates of one actor running `code` from `script_pc`; (stopped?, statements run).
fn run_alone(
    def: &stros_core::formats::rgm::ActorDef<'_, '_>,
    set: Option<&AnimSet<'_>>,
    code: &[u8],
    pc: u32,
) -> (usize, u64) {
    let mut actor = Actor::new(def.index() as u16, *def.attributes());
    let mut events = Events::default();
    if let Some(set) = set {
        actor.anim = AnimState::placed(&mut AnimContext::new(set, 1, &mut events));
    }
    let mut state = ScriptState::new(ScriptRef::default(), code.len() as u32, pc);
    let mut locals = [0i32; 4];
    let (mut flags, mut rng) = (Flags::default(), ScriptRng::default());
    let mut statements = 0;
    for k in 0..UPDATES {
        let ticks = [1, 1, 0, 2, 1][k % 5];
        let mut events = Events::default();
        if let Some(set) = set {
            actor.anim.advance(&mut AnimContext::new(set, ticks, &mut events));
            let default = actor.anim.default;
            actor.anim.request(&mut AnimContext::new(set, ticks, &mut events), default, 0);
        }
        let mut host = Solo {
            actor: &mut actor,
            set,
            hook: def.hook(),
            locals: &mut locals,
            flags: &mut flags,
            rng: &mut rng,
            ticks,
            events: &mut events,
            trace: heapless::Vec::new(),
            dropped: 0,
        };
        stage(
            &mut state,
            code,
            &mut host,
            StageInput { task_system: true, frame_scale: 256 + 64 * (k as i32 % 3) },
        );
        statements += host.trace.iter().filter(|e| matches!(e, ScriptEvent::Statement { .. })).count() as u64;
    }
    (state.error.is_some() as usize, statements)
}

/// The embedded files with the map's RGM replaced.
#[test]
fn mutated_scripts_in_the_world_never_panic_or_allocate() {
    let rgm = Rgm::new_checked(embedded::RGM).unwrap();
    let flag = rgm.actor_by_name(b"FLAG2").unwrap();
    // The flags' RASC block inside the file.
    let start = flag.script().as_ptr() as usize - embedded::RGM.as_ptr() as usize;
    let len = flag.script().len();
    let mut rng = Rng(0x5C41_9701);
    let mut errors = 0;
    for _ in 0..100 {
        let mut bytes = embedded::RGM.to_vec();
        let mut script = Vec::new();
        // Length-preserving mutations, so the map stays loadable.
        while script.len() != len {
            mutate(&mut rng, &embedded::RGM[start..start + len], &mut script);
        }
        bytes[start..start + len].copy_from_slice(&script);
        let files: Overlay<'_, Embedded> = Overlay::new(Embedded).with("HARBOUR.RGM", &bytes).unwrap();
        let mut w: Box<World> = Box::new(
            World::load(&files, embedded::MAP, SystemConfig::installed(), Bindings::default()).unwrap(),
        );
        w.enter_marker(&files, 0, 0).unwrap();
        let (e, allocations) = watched(|| {
            let mut e = 0;
            for k in 1..=UPDATES as u32 {
                let r = w.step(&Input::default(), k * 2);
                e += r.script.iter().filter(|t| matches!(t.event, ScriptEvent::Error(_))).count();
            }
            e
        });
        assert_eq!(allocations, 0);
        errors += e;
    }
    assert!(errors > 0, "some mutations are bad bytecode");
}
