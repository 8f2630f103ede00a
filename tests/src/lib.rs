//! Shared helpers of the workspace integration tests.
//!
//! The test files in `tests/tests/` each cover one area: the seed's numeric examples,
//! generated tables, SYSTEM.INI, timing, rendering, and the zero-allocation proof.

pub mod fixtures;

use std::path::Path;

use stros_core::config::SystemConfig;
use stros_core::embedded::MAP;
use stros_core::files::{Embedded, Files, Overlay};
use stros_core::input::Bindings;
use stros_core::scenario::Scenario;
use stros_core::session::{SessionError, Start};
use stros_core::timing::Clock;
use stros_core::world::catalog::{Choice, WorldSpec};
use stros_host::World;

/// Most files a test replaces in the embedded island (a loading test names forty-odd models).
pub const MAX_TEST_FILES: usize = 128;

/// The embedded island's files as a test changes them.
pub type TestFiles = Overlay<'static, Embedded, MAX_TEST_FILES>;

/// The embedded island with `files` (name, bytes) replaced or added, through the core's
/// [`Overlay`]. The bytes and the overlay live as long as the test process (leaked: a
/// world borrows its files, and a test world outlives the helper that built it).
pub fn replaced<N: AsRef<str>>(files: Vec<(N, Vec<u8>)>) -> &'static TestFiles {
    replaced_hiding(files, &[])
}

/// [`replaced`], with the island's files named in `hidden` gone.
pub fn replaced_hiding<N: AsRef<str>>(files: Vec<(N, Vec<u8>)>, hidden: &[&str]) -> &'static TestFiles {
    let mut o = Overlay::new(Embedded);
    for (name, bytes) in files {
        o.replace(name.as_ref(), Box::leak(bytes.into_boxed_slice())).expect("a test replaces few files");
    }
    for name in hidden {
        o.hide(name).expect("a test hides few files");
    }
    Box::leak(Box::new(o))
}

/// The embedded island's water wave, as its WORLD.INI gives it (`world_wave[1]`).
pub fn island_wave() -> stros_core::terrain::Wave {
    let text = std::str::from_utf8(stros_core::embedded::WORLD_INI).unwrap();
    let ini = stros_core::formats::worldini::WorldIni::new_checked(text).unwrap();
    let (amplitude, speed, frequency) = ini.world(1).unwrap().wave.for_terrain();
    stros_core::terrain::Wave { amplitude, speed, frequency }
}

/// The embedded island loaded with the installed SYSTEM.INI and KEYS.INI; nobody entered.
pub fn island() -> Box<World<'static>> {
    Box::new(World::load(&Embedded, MAP, SystemConfig::installed(), Bindings::default()).unwrap())
}

/// The embedded island over `files` (installed SYSTEM.INI, default keys); nobody entered.
pub fn island_in(files: &'static TestFiles) -> Box<World<'static>> {
    Box::new(World::load(files, MAP, SystemConfig::installed(), Bindings::default()).unwrap())
}

/// [`island`] with the player entered at map marker `marker` facing `heading`, and his id.
pub fn entered(marker: usize, heading: i32) -> (Box<World<'static>>, u16) {
    let mut w = island();
    let id = w.enter_marker(&Embedded, marker, heading).unwrap();
    (w, id)
}

/// The embedded island's session (installed SYSTEM.INI, default keys) entered at `marker`.
pub fn session_at(marker: usize) -> Box<stros_host::Session<'static>> {
    Box::new(start(&Embedded, MAP, SystemConfig::installed(), Bindings::default(), marker).unwrap())
}

/// A session of map `map` from `files` with `config` and `bindings`, the player entered at
/// `marker` ([`Session::load`](stros_core::session::Session::load) into
/// [`Session::unloaded`](stros_core::session::Session::unloaded)).
pub fn start<'a>(
    files: &impl Files<'a>,
    map: &str,
    config: SystemConfig,
    bindings: Bindings,
    marker: usize,
) -> Result<stros_host::Session<'a>, SessionError> {
    let mut s = stros_host::Session::unloaded(config, bindings);
    s.load(files, Choice::Map(map), Start::Marker(marker))?;
    Ok(s)
}

/// [`start`] of world `spec`.
pub fn start_world<'a>(
    files: &impl Files<'a>,
    spec: &WorldSpec<'_>,
    config: SystemConfig,
    bindings: Bindings,
    marker: usize,
) -> Result<stros_host::Session<'a>, SessionError> {
    let mut s = stros_host::Session::unloaded(config, bindings);
    s.load(files, spec, Start::Marker(marker))?;
    Ok(s)
}

/// A replay of `scenario` from `files` with `bindings` (its world, else `map`).
pub fn replay<'a>(
    files: &impl Files<'a>,
    map: &str,
    scenario: &Scenario<'a>,
    bindings: Bindings,
) -> Result<stros_host::Session<'a>, SessionError> {
    let mut s = stros_host::Session::unloaded(scenario.config(), bindings);
    s.load(files, Choice::Map(map), Start::Replay(scenario))?;
    Ok(s)
}

/// A PVO whose one leaf, covering the whole map, selects `ids` (MPSO indices and secondary
/// ids) in that order.
pub fn pvo_selecting(ids: Vec<u16>) -> Vec<u8> {
    use stros_tools::write::pvo::{NodeDesc, PvoDesc, to_bytes};
    to_bytes(&PvoDesc {
        cell_size: 1 << 15,
        center: [1 << 15, 0, 1 << 15],
        nodes: vec![NodeDesc { leaf: Some(0), ..NodeDesc::default() }],
        leaves: vec![vec![(ids.len() as u16, 0)]],
        mlst: ids,
        ..PvoDesc::default()
    })
}

/// Compares `actual` with the golden file `name` under `tests/golden/`; with `STROS_BLESS`
/// set it writes `actual` there first. A mismatch names the first differing line.
pub fn assert_golden(name: &str, actual: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("golden").join(name);
    if std::env::var_os("STROS_BLESS").is_some() {
        std::fs::write(&path, actual).unwrap();
    }
    let golden = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (STROS_BLESS=1 writes it)", path.display()));
    for (k, (a, g)) in actual.lines().zip(golden.lines()).enumerate() {
        assert_eq!(a, g, "{name}: line {} differs", k + 1);
    }
    assert_eq!(actual.lines().count(), golden.lines().count(), "{name}: line count");
    assert_eq!(actual, golden, "{name}: line endings");
}

/// Runs `frames` updates spread evenly over one 18-tick BIOS window starting at `start`,
/// returning the BIOS tick where the next window starts.
pub fn run_window(clock: &mut Clock, start: u32, frames: u32) -> u32 {
    for i in 0..frames {
        clock.update(start + i * 18 / frames);
    }
    start + 18
}

/// A small deterministic generator (xorshift64*) for property tests.
#[derive(Clone, Debug)]
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A value in `lo..=hi`.
    pub fn range(&mut self, lo: i32, hi: i32) -> i32 {
        let span = (hi as i64 - lo as i64 + 1) as u64;
        (lo as i64 + (self.next_u64() % span) as i64) as i32
    }
}

/// Mutates a copy of `data` into `out`: one to eight byte changes, bit flips, extreme
/// bytes, extreme 32-bit fields, a truncation or an inserted run (the mutation tests' helper).
pub fn mutate(rng: &mut Rng, data: &[u8], out: &mut Vec<u8>) {
    out.clear();
    out.extend_from_slice(data);
    for _ in 0..1 + rng.range(0, 7) {
        let at = rng.range(0, out.len() as i32 - 1) as usize;
        match rng.range(0, 5) {
            0 => out[at] = rng.range(0, 255) as u8,
            1 => out[at] ^= 1 << rng.range(0, 7),
            2 => out[at] = [0x00, 0xFF, 0x7F, 0x80][rng.range(0, 3) as usize],
            3 => {
                // A 32-bit field set to an extreme: counts, offsets, sizes.
                let v = [0u32, 1, 0x7FFF_FFFF, 0xFFFF_FFFF, 0x8000_0000][rng.range(0, 4) as usize];
                for (k, b) in v.to_le_bytes().iter().enumerate() {
                    if let Some(slot) = out.get_mut(at + k) {
                        *slot = *b;
                    }
                }
            }
            4 => out.truncate(at.max(1)),
            _ => {
                let n = rng.range(1, 16) as usize;
                out.splice(at..at, std::iter::repeat_n(rng.range(0, 255) as u8, n));
            }
        }
    }
}

/// A global allocator that counts allocations made on the current thread while watched:
/// a test binary installs it with `#[global_allocator] static A: Counting = Counting;` and
/// measures code with [`allocations_during`] or [`watched`].
pub struct Counting;

thread_local! {
    static WATCHING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    static COUNT: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

fn count_if_watching() {
    if WATCHING.with(std::cell::Cell::get) {
        COUNT.with(|c| c.set(c.get() + 1));
    }
}

// SAFETY: every call forwards to the system allocator unchanged; counting touches only
// thread-local cells, which never allocate.
unsafe impl std::alloc::GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
        count_if_watching();
        unsafe { std::alloc::System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: std::alloc::Layout) {
        unsafe { std::alloc::System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: std::alloc::Layout, new_size: usize) -> *mut u8 {
        count_if_watching();
        unsafe { std::alloc::System.realloc(ptr, layout, new_size) }
    }
}

/// Runs `f` and returns its result with the allocations it made on this thread (counted
/// only when the binary installs [`Counting`] as its global allocator).
pub fn watched<T>(f: impl FnOnce() -> T) -> (T, u64) {
    COUNT.with(|c| c.set(0));
    WATCHING.with(|w| w.set(true));
    let out = f();
    WATCHING.with(|w| w.set(false));
    (out, COUNT.with(std::cell::Cell::get))
}

/// The allocations `f` makes on this thread (see [`watched`]).
pub fn allocations_during(f: impl FnOnce()) -> u64 {
    watched(f).1
}

/// The island with `actors` defined and `placements` added after its own, loaded, Cyrus
/// entered at `marker` facing 0.
pub fn island_with(
    marker: usize,
    actors: Vec<stros_tools::write::rgm::ActorDesc>,
    placements: Vec<stros_tools::write::rgm::MpobDesc>,
) -> Box<World<'static>> {
    let mut desc = stros_tools::world::village::rgm_desc();
    desc.actors.extend(actors);
    desc.mpob.extend(placements);
    let files = replaced(vec![(format!("{MAP}.RGM"), stros_tools::write::rgm::to_bytes(&desc))]);
    let mut w = Box::new(World::load(files, MAP, SystemConfig::installed(), Bindings::default()).unwrap());
    w.enter_marker(files, marker, 0).unwrap();
    w
}

/// A placement (MPOB `id`) of definition `script` at map `position`: an NPC (type 3, the
/// `NPC` model) when `npc`, else a modelless type-1 object.
pub fn placement(id: u32, script: &str, position: [i32; 3], npc: bool) -> stros_tools::write::rgm::MpobDesc {
    stros_tools::write::rgm::MpobDesc {
        id,
        object_type: if npc { 3 } else { 1 },
        script_name: script.as_bytes().to_vec(),
        model_name: if npc { b"NPC".to_vec() } else { Vec::new() },
        position,
        model_id: -1,
        ..Default::default()
    }
}

/// A script of one call of `function` with `args` (`kind` a task or a function, `Numeric`
/// operands), then `End` at its own end for good.
pub fn one_call(kind: stros_core::script::decode::CallKind, function: u16, args: &[i32]) -> Vec<u8> {
    use stros_tools::write::soup::{Asm, Value};
    let args: Vec<Value<'_>> = args.iter().map(|&n| Value::Num(n)).collect();
    Asm::new().call(kind, function, &args).end_here().finish()
}

/// A script of function-call statements (`Numeric` operands), then `End` at its own end: it
/// runs once and stays there.
pub fn calls(list: &[(u16, &[i32])]) -> Vec<u8> {
    calls_then(list, false)
}

/// [`calls`], ending with `End 0` if `again` (the calls run every update).
pub fn calls_then(list: &[(u16, &[i32])], again: bool) -> Vec<u8> {
    use stros_tools::write::soup::Asm;
    let mut a = Asm::new();
    for (function, args) in list {
        a.function(*function, args);
    }
    if again { a.end(Asm::START) } else { a.end_here() }.finish()
}
