//! The bodies of the cargo-fuzz targets (`tools/fuzz`), shared with their stable regression
//! test (`tests/tests/fuzz_corpus.rs`), which runs every committed corpus input through
//! the same functions. Each target turns the fuzzer's bytes into what it drives — file
//! mutations, a start, held actions and tick gaps, bytecode, groups, cameras — before the
//! watched region, then runs the core inside [`watched`], where [`NoAlloc`] aborts the
//! process on any allocation. Each returns normally on any input, with a count of the work
//! it reached (updates stepped, pixels drawn, files accepted) so the regression test can
//! tell a seed that reaches the core from one stopped at the door; a panic, an abort or a
//! hang (libFuzzer's `-timeout`) is a finding.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use stros_core::config::SystemConfig;
use stros_core::embedded;
use stros_core::files::{Embedded, Overlay};
use stros_core::formats::model::Model;
use stros_core::formats::rgm::FlatDraw;
use stros_core::formats::rgm::Rgm;
use stros_core::formats::rob::ATTR_CHROMA_KEY;
use stros_core::formats::texbsi::Texbsi;
use stros_core::input::{Action, Bindings, Input};
use stros_core::render::flat::Flat;
use stros_core::render::lights::LocalLight;
use stros_core::render::look::{Light, Look};
use stros_core::render::palette::Palette;
use stros_core::render::view::{self, Instance, View};
use stros_core::render::{Framebuffer, HEIGHT, WIDTH};
use stros_core::scenario::Scenario;
use stros_core::session::Session;
use stros_core::terrain::Decoded;
use stros_core::trace::{Fnv1a64, trace_line};
use stros_core::world::World;

/// The targets' sizes, the exercises' ([`crate::exercise::Fuzzing`]).
pub use crate::exercise::Fuzzing;

thread_local! {
    static ARMED: Cell<bool> = const { Cell::new(false) };
}

/// A global allocator that aborts the process when the current thread allocates inside
/// [`watched`]: install it with `#[global_allocator]` in a fuzz target or test binary.
pub struct NoAlloc;

// SAFETY: every call is forwarded unchanged to the system allocator; the only addition is
// reading a thread-local flag, which allocates nothing (a const-initialised `Cell`).
unsafe impl GlobalAlloc for NoAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if ARMED.with(Cell::get) {
            std::process::abort();
        }
        // SAFETY: forwarded with the caller's layout.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `alloc` above, which is the system allocator's.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, size: usize) -> *mut u8 {
        if ARMED.with(Cell::get) {
            std::process::abort();
        }
        // SAFETY: as `alloc` and `dealloc`.
        unsafe { System.realloc(ptr, layout, size) }
    }
}

/// Runs `f` with allocation forbidden on this thread (under [`NoAlloc`]).
pub fn watched<R>(f: impl FnOnce() -> R) -> R {
    ARMED.with(|a| a.set(true));
    let r = f();
    ARMED.with(|a| a.set(false));
    r
}

/// The fuzzer's bytes read front to back; zeros once they run out.
#[derive(Clone, Debug)]
pub struct Bytes<'a>(&'a [u8]);

impl<'a> Bytes<'a> {
    /// A reader over `data`.
    pub fn new(data: &'a [u8]) -> Self {
        Bytes(data)
    }
    /// The next byte.
    pub fn u8(&mut self) -> u8 {
        let (b, rest) = self.0.split_first().map_or((0, &[][..]), |(b, r)| (*b, r));
        self.0 = rest;
        b
    }
    /// The next two bytes, little-endian.
    pub fn u16(&mut self) -> u16 {
        u16::from_le_bytes([self.u8(), self.u8()])
    }
    /// The next four bytes, little-endian.
    pub fn u32(&mut self) -> u32 {
        u32::from_le_bytes([self.u8(), self.u8(), self.u8(), self.u8()])
    }
    /// A value below `n` (`n` > 0).
    pub fn below(&mut self, n: u32) -> u32 {
        self.u32() % n.max(1)
    }
    /// Whether the bytes ran out.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    /// Up to `n` bytes taken whole.
    pub fn take(&mut self, n: usize) -> &'a [u8] {
        let (head, rest) = self.0.split_at(n.min(self.0.len()));
        self.0 = rest;
        head
    }
}

/// The embedded files a target may mutate: the map's RGM, ROB and WLD and the models, in
/// the embedded world's order.
fn mutable() -> impl Iterator<Item = &'static embedded::EmbeddedFile> + Clone {
    embedded::FILES.iter().filter(|f| [".RGM", ".ROB", ".WLD", ".3DC"].iter().any(|e| f.name.ends_with(e)))
}

/// Up to four files of the island with up to 16 byte writes each, as the input says.
fn mutated_files(input: &mut Bytes<'_>) -> Vec<(&'static str, Vec<u8>)> {
    let mut files: Vec<(&'static str, Vec<u8>)> = Vec::new();
    for _ in 0..input.below(5) {
        let k = input.below(mutable().count() as u32) as usize;
        let Some(&embedded::EmbeddedFile { name, bytes }) = mutable().nth(k) else { break };
        let k = match files.iter().position(|(n, _)| *n == name) {
            Some(k) => k,
            None => {
                files.push((name, bytes.to_vec()));
                files.len() - 1
            }
        };
        let file = &mut files[k].1;
        for _ in 0..input.below(17) {
            let at = input.below(file.len() as u32) as usize;
            file[at] = input.u8();
        }
    }
    files
}

fn overlay<'a>(files: &'a [(&'static str, Vec<u8>)]) -> Overlay<'a, Embedded> {
    let mut o = Overlay::new(Embedded);
    for (name, bytes) in files {
        let _ = o.replace(name, bytes);
    }
    o
}

/// One update's input: the eight movement and action keys held, the walk/run toggle, a BIOS
/// gap of 0–7 ticks and now and then a forced movement scale.
fn update_input(input: &mut Bytes<'_>) -> (Input, u32, Option<i32>) {
    let bits = input.u16();
    let mut held = Input::NONE;
    for (k, a) in Action::ALL.iter().take(8).enumerate() {
        held.set(*a, bits & (1 << k) != 0);
    }
    held.toggle_walk_mode = bits & 0x100 != 0;
    let gap = (bits >> 9) as u32 & 7;
    let scale = (bits & 0x1000 != 0).then(|| input.u16() as i16 as i32);
    (held, gap, scale)
}

/// `step`: the island with mutated RGM, ROB, WLD and model bytes, entered at a marker or an
/// arbitrary position and heading, then up to 300 updates of arbitrary input, run twice:
/// the two traces must be byte-identical.
pub fn step(data: &[u8]) -> usize {
    let mut input = Bytes::new(data);
    let files = mutated_files(&mut input);
    let files = overlay(&files);
    let start = input.u8();
    let (pos, heading) = ([input.u32() as i32, input.u32() as i32, input.u32() as i32], input.u16() as i32);
    let updates: Vec<_> = (0..input.below(301)).map(|_| update_input(&mut input)).collect();
    let mut world: Box<World<'_, Fuzzing>> =
        Box::new(World::unloaded(SystemConfig::installed(), Bindings::default()));
    let mut run = || {
        watched(|| {
            if world.load_in_place(&files, embedded::MAP).is_err() {
                return None;
            }
            let entered = match start % 4 {
                0 => world.enter_at(&files, pos, heading, start & 4 != 0).map(|_| 0),
                m => world.enter_marker(&files, (start / 4) as usize + m as usize - 1, heading).map(|_| 0),
            };
            if entered.is_err() {
                return None;
            }
            let (mut trace, mut bios) = (Fnv1a64::new(), 0u32);
            for &(held, gap, scale) in &updates {
                bios = bios.wrapping_add(gap);
                world.step_with(&held, bios, scale);
                let _ = trace_line(&mut trace, &world, world.report());
            }
            Some(trace.value())
        })
    };
    let first = run();
    assert_eq!(first, run(), "the same input replayed to another trace");
    first.map_or(0, |_| updates.len())
}

/// The byte range of `part` inside `whole` (a sub-slice of it).
fn range_in(whole: &[u8], part: &[u8]) -> Option<std::ops::Range<usize>> {
    let start = (part.as_ptr() as usize).checked_sub(whole.as_ptr() as usize)?;
    (start + part.len() <= whole.len()).then_some(start..start + part.len())
}

/// The island's RGM with one definition's `part` (its script or its RAGR groups)
/// overwritten from the input, and the world stepped 100 updates with arbitrary input and,
/// for `anim`, forced requests of arbitrary groups.
fn overwrite_and_step(
    data: &[u8],
    part: fn(&stros_core::formats::rgm::ActorDef<'_, 'static>) -> &'static [u8],
    force: bool,
) -> usize {
    let mut input = Bytes::new(data);
    let rgm = Rgm::new_checked(embedded::RGM).expect("the embedded RGM is valid");
    let defs: Vec<_> =
        rgm.actors().filter_map(|d| range_in(embedded::RGM, part(&d))).filter(|r| !r.is_empty()).collect();
    let mut bytes = embedded::RGM.to_vec();
    if let Some(r) = defs.get(input.below(defs.len() as u32) as usize) {
        let new = input.take(r.len());
        bytes[r.start..r.start + new.len()].copy_from_slice(new);
    }
    let updates: Vec<_> = (0..100).map(|_| (update_input(&mut input), input.u16(), input.u8())).collect();
    let files = [("HARBOUR.RGM", bytes)];
    let files = overlay(&files);
    let mut world: Box<World<'_, Fuzzing>> =
        Box::new(World::unloaded(SystemConfig::installed(), Bindings::default()));
    watched(|| {
        if world.load_in_place(&files, embedded::MAP).is_err() || world.enter_marker(&files, 0, 0).is_err() {
            return 0;
        }
        let mut bios = 0u32;
        for &((held, gap, scale), group, who) in &updates {
            if force && who & 1 != 0 {
                world.force_group((who >> 1) as u16 % 16, group as i16);
            }
            bios = bios.wrapping_add(gap);
            world.step_with(&held, bios, scale);
        }
        updates.len()
    })
}

/// `script`: arbitrary SOUP bytecode in place of one definition's script, run by the world's
/// script stage (task slots, continuations, natives) for 100 updates.
pub fn script(data: &[u8]) -> usize {
    overwrite_and_step(data, |d| d.script(), false)
}

/// `anim`: arbitrary RAGR group bytes in place of one definition's groups, played by the
/// interpreter for 100 updates with ordinary and forced requests of arbitrary groups.
pub fn anim(data: &[u8]) -> usize {
    overwrite_and_step(data, |d| d.ragr_payload(), true)
}

/// `scenario`: the text (as UTF-8, lossy) through the scenario reader; what it accepts is
/// replayed for up to 20 updates on the embedded island.
pub fn scenario(data: &[u8]) -> usize {
    let text = String::from_utf8_lossy(data);
    let parsed = watched(|| Scenario::parse(&text));
    let Ok(scenario) = parsed else { return 0 };
    let mut session: Box<Session<'_, Fuzzing>> =
        Box::new(Session::unloaded(scenario.config(), Bindings::default()));
    watched(|| {
        if session
            .load(&Embedded, stros_core::Choice::Map(embedded::MAP), stros_core::Start::Replay(&scenario))
            .is_err()
        {
            return 1;
        }
        let mut n = 1;
        while let Some(u) = session.next_recorded().filter(|_| n <= 20) {
            session.step(&u.input, u.bios, u.scale);
            n += 1;
        }
        n
    })
}

/// `render`: mutated models, texture banks and palette, flats and map lights drawn from an
/// arbitrary camera
/// (degenerate and huge coordinates included) at 320×200 or (one run in eight) 640×400,
/// whole or in bands of 64, 25, 7 or 1 rows, over the (mutated) terrain one run in four.
pub fn render(data: &[u8]) -> usize {
    let mut input = Bytes::new(data);
    let files = mutated_files(&mut input);
    // One run in four mutates the banks and palette and builds its own look (the shade
    // table alone is a few milliseconds); the others draw with the island's, built once.
    let banks = (input.u8() & 3 == 0).then(|| {
        let mut banks =
            [embedded::TEXBSI_302.to_vec(), embedded::TEXBSI_310.to_vec(), embedded::COL.to_vec()];
        for _ in 0..input.below(9) {
            let b = &mut banks[input.below(3) as usize];
            let at = input.below(b.len() as u32) as usize;
            b[at] = input.u8();
        }
        banks
    });
    ISLAND_LOOK.with(|_| ());
    let float = |input: &mut Bytes<'_>| match input.u8() % 8 {
        0 => f32::NAN,
        1 => f32::INFINITY,
        2 => -1e30,
        3 => f32::from_bits(input.u32()),
        _ => (input.u32() % 80_000) as f32 - 8_000.0,
    };
    let eye = [float(&mut input), float(&mut input), float(&mut input)];
    let camera = View { eye, heading: input.u16(), pitch: input.u16() as i16 };
    let high = input.u8() & 7 == 0;
    let (w, h) = if high { (WIDTH * 2, HEIGHT * 2) } else { (WIDTH, HEIGHT) };
    // Mostly whole frames: every band re-projects the scene, so bands of one row cost a
    // frame's work per row.
    let band = [h, h, h, 64, 25, 7, 1][input.below(7) as usize];
    // The terrain is most of a frame's work; one run in four draws it.
    let with_terrain = input.u8() & 3 == 0;
    let mut instances = Vec::new();
    for model in mutable().filter(|f| f.name.ends_with(".3DC")) {
        let bytes = files.iter().find(|(n, _)| *n == model.name).map_or(model.bytes, |(_, b)| b.as_slice());
        let position = [float(&mut input), float(&mut input), float(&mut input)];
        instances.push((bytes, input.u32(), position));
    }
    // Flats of the village bank's images (its bushes and flames, and images it lacks) with
    // arbitrary alphas, and map lights of arbitrary colour and radius (issue 33).
    let flats: Vec<Flat> = (0..input.below(6))
        .map(|_| Flat {
            position: [float(&mut input), float(&mut input), float(&mut input)],
            bank: [310, 310, 311, input.u16()][input.below(4) as usize],
            image: input.u8() & 0x7f,
            // Every drawing flag the billboards read (mirrors, depth modes) may be set.
            draw: FlatDraw { flags: input.u16() as u32 & 0x3ff, alpha: input.u16() % 300 },
            // Explicit frames (an effect's) as well as automatic ones, any geometry scale.
            frame: (input.u8() & 1 == 0).then(|| input.u8() as i8 as i32),
            scale: [1.0, 0.5, 90.0 / 256.0, float(&mut input)][input.below(4) as usize],
            brightness: input.u8() as f32,
        })
        .collect();
    let lights: Vec<LocalLight> = (0..input.below(5))
        .map(|_| LocalLight {
            position: [float(&mut input), float(&mut input), float(&mut input)],
            rgb: [input.u16() as i16 as f32, input.u16() as i16 as f32, input.u16() as i16 as f32],
            radius: float(&mut input),
        })
        .collect();
    // Some models prelit, some lights the map's and the rest objects' (issue 33).
    let (prelit, lit_mask, split) = (input.u8() & 1 == 0, input.u8(), input.below(6) as usize);
    // Half the runs draw as a world's look: a back plane, a fog table of arbitrary bytes,
    // a fill colour.
    let world_look = (input.u8() & 1 == 0).then(|| {
        let mut fog = stros_core::render::fog::FogTable::NONE;
        fog.density.iter_mut().for_each(|d| *d = input.u8());
        (float(&mut input), fog, input.u8())
    });
    let (object_lights, map_lights) = lights.split_at(split.min(lights.len()));
    let (mut pixels, mut depth) = (vec![0u8; w * h], vec![0f32; w * band]);
    let wld = files.iter().find(|(n, _)| *n == "HARBOUR.WLD").map_or(embedded::WLD, |(_, b)| b.as_slice());
    watched(|| {
        let wld = stros_core::formats::wld::Wld::new_unchecked(wld);
        let heights = Decoded::new(wld, 0);
        let models = instances.iter().enumerate().filter_map(|(k, &(bytes, frame, position))| {
            let map_lit = lit_mask >> (k % 8) & 1 == 1;
            // Some keyed (ROB attribute 0x02), from the same mask four instances on.
            let keyed = lit_mask >> ((k + 4) % 8) & 1 == 1;
            Some(Instance {
                model: Model::new_checked(bytes).ok()?,
                frame,
                position,
                matrix: IDENTITY,
                map_lit,
                attributes: if keyed { ATTR_CHROMA_KEY } else { 0 },
            })
        });
        let Some(mut fb) = Framebuffer::new(&mut pixels, w, h) else { return };
        let mut draw = |look: &Look<'_, Fuzzing>| {
            let mut top = 0;
            while top < h {
                let rows = top..(top + band).min(h);
                top = rows.end;
                let terrain = with_terrain.then_some((&heights, &wld));
                let placed = view::Placed {
                    models: models.clone(),
                    flats: flats.iter().copied(),
                    lights: map_lights,
                    object_lights,
                    prelit,
                };
                view::draw_scene_rows(&mut fb, &mut depth, rows, &camera, terrain, placed, look);
            }
        };
        let mut drawn = |look: &Look<'_, Fuzzing>| match world_look {
            Some((far, fog, fill)) => {
                let mut look = look.clone();
                (look.far, look.fog, look.background) = (Some(far), fog, Some(fill));
                draw(&look)
            }
            None => draw(look),
        };
        match &banks {
            Some([t302, t310, col]) => drawn(&look_of(t302, t310, col)),
            None => ISLAND_LOOK.with(|look| drawn(look)),
        }
    });
    pixels.iter().filter(|&&p| p != 0).count()
}

thread_local! {
    /// The island's look, for the render runs that do not mutate it.
    static ISLAND_LOOK: Look<'static, Fuzzing> = look_of(embedded::TEXBSI_302, embedded::TEXBSI_310, embedded::COL);
}

/// The look of terrain bank `t302`, model bank 310 `t310` and palette `col` (the built-in
/// palette when it does not parse), in the island's daylight.
fn look_of<'a>(t302: &'a [u8], t310: &'a [u8], col: &[u8]) -> Look<'a, Fuzzing> {
    let palette = stros_core::formats::col::Col::new_checked(col)
        .map_or_else(|_| Palette::default_world(), |c| Palette::from_rgb8(&c.to_rgb_array()));
    let terrain = Texbsi::new_checked(t302).ok();
    let models: [(u16, Texbsi<'a>); 1] = [(310, Texbsi::new_unchecked(t310))];
    let mut look = Look::new(terrain.as_ref(), &models, &palette);
    look.light = Light::island_day();
    look
}

const IDENTITY: [[f32; 3]; 3] = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];

/// `wld`, fast: writes inside the island's WLD layout — header words, and bytes of the
/// four planes at grid cells — on a copy kept between runs and restored after each, sometimes
/// a truncation; then the check, the header, sections and footer, and every per-vertex
/// accessor and terrain sample at the written cells and their neighbours. An execution costs
/// the reader's work on what changed, not a 263 KB copy and a whole-map scan.
pub fn wld(data: &[u8]) -> usize {
    use stros_core::formats::wld::{Plane, Wld, source_offset};
    thread_local! {
        static COPY: std::cell::RefCell<Vec<u8>> = std::cell::RefCell::new(embedded::WLD.to_vec());
    }
    const PLANES: [Plane; 4] = [Plane::Height, Plane::Map2, Plane::Texture, Plane::Map4];
    let mut input = Bytes::new(data);
    let (mut writes, mut cells) = ([(0usize, 0u8); 64], [(0i32, 0i32); 16]);
    let (mut n, mut m) = (0, 0);
    while n < writes.len() - 3 && !input.is_empty() {
        let kind = input.u8();
        if kind & 7 == 0 {
            // A header word (296 of them), written whole.
            let at = 4 * input.below(296) as usize;
            for (k, b) in input.u32().to_le_bytes().into_iter().enumerate() {
                writes[n] = (at + k, b);
                n += 1;
            }
        } else {
            let (col, row) = (input.u8() as usize, input.u8() as usize);
            let Some(at) = source_offset(PLANES[(kind >> 3) as usize & 3], col, row) else { continue };
            writes[n] = (at, input.u8());
            n += 1;
            if m < cells.len() {
                cells[m] = (col as i32, 256 - row as i32);
                m += 1;
            }
        }
    }
    let cut = (input.u8() == 0xFF).then(|| input.below(embedded::WLD.len() as u32) as usize);
    COPY.with(|copy| {
        let mut copy = copy.borrow_mut();
        for &(at, b) in &writes[..n] {
            copy[at] = b;
        }
        let bytes = &copy[..cut.unwrap_or(copy.len())];
        let read = watched(|| {
            let checked = Wld::new_checked(bytes).is_ok();
            let w = Wld::new_unchecked(bytes);
            let mut sum = (0..296).filter_map(|i| w.header_word(i)).fold(0u32, u32::wrapping_add);
            for s in (0..4).filter_map(|i| w.section(i)) {
                sum = sum.wrapping_add(s.map_size() as u32 + s.texbsi_file() as u32 + s.unknown0() as u32);
            }
            sum = sum.wrapping_add(w.footer().map_or(0, |f| f.len() as u32));
            let decoded = Decoded::new(w, 0);
            for &(x, j) in &cells[..m] {
                for (dx, dj) in [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1), (1, 1)] {
                    let (x, j) = (x + dx, j + dj);
                    sum = sum
                        .wrapping_add(w.vertex_height(x, j, 0).unwrap_or(0) as u32)
                        .wrapping_add(w.texture_index(x, j).unwrap_or(0) as u32)
                        .wrapping_add(w.texture_rotation(x, j).unwrap_or(0) as u32)
                        .wrapping_add(w.height_index(x, j).unwrap_or(0) as u32)
                        .wrapping_add(w.is_water_corner(x, j) as u32);
                    let (mx, mz) = (x.wrapping_mul(256), j.wrapping_mul(256));
                    let s = stros_core::terrain::sample(&decoded, mx, mz);
                    sum = sum.wrapping_add(std::hint::black_box(s).height as u32);
                    sum = sum.wrapping_add(stros_core::terrain::material(&w, mx, mz) as u32);
                }
            }
            std::hint::black_box(sum);
            checked
        });
        for &(at, _) in &writes[..n] {
            copy[at] = embedded::WLD[at];
        }
        read as usize
    })
}

/// A target's body: the fuzzer's bytes in, the work reached out.
pub type Target = fn(&[u8]) -> usize;

/// A reader target (`rgm`, `model`, …): the reader and every accessor on whatever it
/// accepts ([`crate::exercise::exercise`]).
pub fn reader(kind: crate::exercise::Kind, data: &[u8]) -> usize {
    watched(|| crate::exercise::exercise(kind, data).is_ok()) as usize
}

/// Every target by name (as `tools/fuzz` names its binaries and `tools/fuzz/seeds` its
/// seed corpora), for the regression test.
pub const TARGETS: [(&str, Target); 22] = {
    use crate::exercise::Kind;
    [
        ("step", step),
        ("script", script),
        ("anim", anim),
        ("scenario", scenario),
        ("render", render),
        ("wld", wld),
        ("rgm", |d| reader(Kind::Rgm, d)),
        ("model", |d| reader(Kind::Model, d)),
        ("rob", |d| reader(Kind::Rob, d)),
        ("col", |d| reader(Kind::Col, d)),
        ("texbsi", |d| reader(Kind::Texbsi, d)),
        ("sfx", |d| reader(Kind::Sfx, d)),
        ("pvo", |d| reader(Kind::Pvo, d)),
        ("ini", |d| reader(Kind::Ini, d)),
        ("worldini", |d| reader(Kind::WorldIni, d)),
        ("bsi", |d| reader(Kind::Bsi, d)),
        ("fog", |d| reader(Kind::Fog, d)),
        ("rtx", |d| reader(Kind::Rtx, d)),
        ("fnt", |d| reader(Kind::Fnt, d)),
        ("gxa", |d| reader(Kind::Gxa, d)),
        ("save", |d| reader(Kind::Save, d)),
        ("items", |d| reader(Kind::ItemIni, d)),
    ]
};
