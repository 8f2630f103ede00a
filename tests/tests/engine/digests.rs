//! The replay digests `stros-tools replay --digest` and `frontend-mcu` print
//! (`Session::replay_digests`): FNV-1a 64 of the trace's bytes and of the last frame drawn
//! after every eighth update. CI compares the microcontroller builds' lines with the host's.

use std::path::Path;

use stros_core::capacity::Small;
use stros_core::embedded::MAP;
use stros_core::files::Embedded;
use stros_core::input::Bindings;
use stros_core::render::{Framebuffer, HEIGHT, WIDTH};
use stros_core::scenario::Scenario;
use stros_core::trace::Fnv1a64;
use stros_core::{Choice, Start};
use stros_host::Session;

/// FNV-1a 64, written out: the offset basis, then per byte xor and multiply by the prime.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3))
}

fn yard_walk() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/yard_walk.toml")
}

/// The yard walk's replay at the small preset, filled in place as the microcontroller does.
fn small_replay(text: &str) -> Box<stros_core::session::Session<'_, Small>> {
    let scenario = Scenario::parse(text).unwrap();
    let mut s =
        Box::new(stros_core::session::Session::<Small>::unloaded(scenario.config(), Bindings::default()));
    s.load(&Embedded, Choice::Map(MAP), Start::Replay(&scenario)).unwrap();
    s
}

#[test]
fn fnv1a64_gives_the_published_values() {
    // The FNV reference test vectors: "" is the offset basis, "a" and "foobar" these.
    for (text, want) in
        [("", 0xcbf2_9ce4_8422_2325), ("a", 0xaf63_dc4c_8601_ec8c), ("foobar", 0x8594_4171_f739_67e8)]
    {
        let mut h = Fnv1a64::new();
        core::fmt::Write::write_str(&mut h, text).unwrap();
        assert_eq!((h.value(), fnv(text.as_bytes())), (want, want), "{text:?}");
    }
}

#[test]
fn the_trace_digest_hashes_the_printed_trace_and_the_frame_digest_the_last_eighth_frame() {
    let printed = stros_tools::replay::command(&yard_walk()).unwrap();
    let d = stros_tools::replay::digest(&yard_walk()).unwrap();
    // 314 updates: the last drawn is update 312, the last multiple of 8.
    assert_eq!((d.updates, printed.lines().count()), (314, 314));
    assert_eq!(d.trace, fnv(printed.as_bytes()));
    // The golden trace is those bytes too.
    let golden = std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("golden/yard_walk.jsonl")).unwrap();
    assert_eq!(d.trace, fnv(&golden));

    // The frame: replay again at the small preset, filled in place as the microcontroller
    // does, drawing only after update 312 in bands of 7 rows.
    let text = std::fs::read_to_string(yard_walk()).unwrap();
    let mut s = small_replay(&text);
    let (mut pixels, mut depth) = (vec![0u8; WIDTH * HEIGHT], vec![0f32; WIDTH * 7]);
    let mut n = 0;
    while let Some(u) = s.next_recorded() {
        s.step(&u.input, u.bios, u.scale);
        n += 1;
        if n == 312 {
            s.draw_in_bands(&mut Framebuffer::new(&mut pixels, WIDTH, HEIGHT).unwrap(), &mut depth, 7);
        }
    }
    assert_eq!(Some(fnv(&pixels)), d.frame);
    // What frontend-mcu must print (docs/microcontroller.md); a regression net.
    assert_eq!(
        d.to_string(),
        "trace fnv1a64 f797d178fcdfcf92\nframe fnv1a64 ac4b65c2b6e7d0ee",
        "if this changed on purpose, update the figures in docs/microcontroller.md"
    );
}

/// The trace line of a world's latest update.
fn line<C: stros_core::capacity::Capacity>(w: &stros_core::world::World<'_, C>) -> String {
    let mut s = String::new();
    stros_core::trace::trace_line(&mut s, w, w.report()).unwrap();
    s
}

#[test]
fn loading_in_place_gives_the_session_loading_by_value_gives() {
    // The small preset's in-place fill and the desktop preset's by-value replay step alike.
    let text = std::fs::read_to_string(yard_walk()).unwrap();
    let scenario = Scenario::parse(&text).unwrap();
    let mut small =
        Box::new(stros_core::session::Session::<Small>::unloaded(scenario.config(), Bindings::default()));
    small.load(&Embedded, Choice::Map(MAP), Start::Replay(&scenario)).unwrap();
    let mut desktop: Box<Session> = Box::new(
        stros_tests::replay(&Embedded, stros_core::embedded::MAP, &scenario, Bindings::default()).unwrap(),
    );
    assert_eq!(small.world.held(), desktop.world.held());
    // A session reloaded over a used one starts afresh.
    for _ in 0..20 {
        let u = small.next_recorded().unwrap();
        small.step(&u.input, u.bios, u.scale);
    }
    small.load(&Embedded, Choice::Map(MAP), Start::Replay(&scenario)).unwrap();
    while let (Some(a), Some(b)) = (small.next_recorded(), desktop.next_recorded()) {
        small.step(&a.input, a.bios, a.scale);
        desktop.step(&b.input, b.bios, b.scale);
        assert_eq!(line(&small.world), line(&desktop.world));
    }
}

/// `replay_measured` reads the caller's clock just before and just after each update and
/// each frame: with a clock that counts its own readings, every update and frame costs one
/// reading's step (1), the 314 updates and their 39 frames (updates 8, 16, …, 312) are
/// each measured once, and the digests are the unmeasured replay's.
#[test]
fn a_measured_replay_reads_the_clock_around_each_update_and_frame() {
    let text = std::fs::read_to_string(yard_walk()).unwrap();
    let mut s = small_replay(&text);
    let (mut pixels, mut depth) = (vec![0u8; WIDTH * HEIGHT], vec![0f32; WIDTH * 16]);
    let mut fb = Framebuffer::new(&mut pixels, WIDTH, HEIGHT).unwrap();
    let mut ticks = 0u64;
    let mut clock = || {
        ticks += 1;
        ticks
    };
    let (digests, costs) = s.replay_measured(&mut fb, &mut depth, 16, &mut clock);
    assert_eq!(digests, stros_tools::replay::digest(&yard_walk()).unwrap());
    assert_eq!((costs.update.count, costs.update.total, costs.update.max), (314, 314, 1));
    assert_eq!((costs.frame.count, costs.frame.total, costs.frame.max, costs.frame.mean()), (39, 39, 1, 1));
    // Two readings per update and per frame.
    assert_eq!(ticks, 2 * (314 + 39));
}
