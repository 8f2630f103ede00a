//! `stros-tools bench`: speed measurements (never timed tests).

use std::time::Instant;

use stros_core::collision::faces::{QuerySphere, sphere_touches};
use stros_core::formats::model::Model;
use stros_core::formats::rob::Rob;

/// A deterministic stream of query spheres around a model (xorshift).
struct Queries(u64);

impl Queries {
    fn next(&mut self, radius: f32) -> QuerySphere {
        let mut r = || {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % 20_001) as f32 / 10_000.0 - 1.0
        };
        let centre = [r() * radius, r() * radius, r() * radius];
        QuerySphere { centre, radius: 10.0 + (r() + 1.0) * 20.0 }
    }
}

/// The model's faces as a parry TriMesh (fans of each polygon), map units.
fn trimesh(m: &Model<'_>) -> Option<parry3d::shape::TriMesh> {
    use parry3d::math::Vector;
    let vertices: Vec<Vector> = m
        .vertices()
        .map(|v| Vector::new(v[0] as f32 / 256.0, v[1] as f32 / 256.0, v[2] as f32 / 256.0))
        .collect();
    let mut indices = Vec::new();
    for f in m.faces() {
        let c: Vec<u32> = f.vertices().map(|v| v.index).collect();
        for k in 1..c.len().saturating_sub(1) {
            indices.push([c[0], c[k], c[k + 1]]);
        }
    }
    parry3d::shape::TriMesh::new(vertices, indices).ok()
}

/// Sphere-vs-model queries on the embedded village: Stros's face traversal against parry3d's
/// sphere-vs-TriMesh test on the same faces, alternating in ten batches, each timed by its
/// median batch. Prints throughput, ratio and verdict agreement.
pub fn collision(rob_bytes: &[u8], queries_per_model: usize) -> Result<String, String> {
    use parry3d::math::Pose;
    use parry3d::query::intersection_test;
    use parry3d::shape::Ball;

    let rob = Rob::new_checked(rob_bytes).map_err(|e| e.to_string())?;
    let models: Vec<(String, Model<'_>)> = rob
        .segments()
        .filter_map(|s| Some((String::from_utf8_lossy(s.name()).into_owned(), s.model().ok()?)))
        .filter(|(_, m)| m.runtime_subobjects().count() > 0)
        .collect();
    let mut out = String::new();
    let (mut t_core, mut t_parry, mut total, mut agree) = (0.0f64, 0.0f64, 0usize, 0usize);
    for (name, m) in &models {
        let Some(mesh) = trimesh(m) else { continue };
        let radius = m.radius() as f32 / 256.0;
        let mut q = Queries(0x9e37_79b9_7f4a_7c15);
        let spheres: Vec<QuerySphere> = (0..queries_per_model).map(|_| q.next(radius)).collect();
        // black_box: neither side may lift work on its model out of the loop of queries.
        let core_query = |s: &QuerySphere| sphere_touches(std::hint::black_box(m), [*s], false);
        let parry_query = |s: &QuerySphere| {
            let pose =
                Pose::from_translation(parry3d::math::Vector::new(s.centre[0], s.centre[1], s.centre[2]));
            intersection_test(&pose, &Ball::new(s.radius), &Pose::IDENTITY, std::hint::black_box(&mesh))
                .is_ok_and(|i| i.intersecting)
        };
        // The two alternate batch by batch, so a stall of the machine hits both alike.
        let (mut core_hits, mut parry_hits) = (Vec::new(), Vec::new());
        let (mut core_times, mut parry_times) = (Vec::new(), Vec::new());
        for batch in spheres.chunks(spheres.len().div_ceil(BATCHES).max(1)) {
            let start = Instant::now();
            core_hits.extend(batch.iter().map(core_query));
            core_times.push(start.elapsed().as_secs_f64() / batch.len() as f64);
            let start = Instant::now();
            parry_hits.extend(batch.iter().map(parry_query));
            parry_times.push(start.elapsed().as_secs_f64() / batch.len() as f64);
        }
        let median = |mut t: Vec<f64>| {
            t.sort_by(f64::total_cmp);
            t[t.len() / 2] * queries_per_model as f64
        };
        let (core_s, parry_s) = (median(core_times), median(parry_times));
        let same = core_hits.iter().zip(&parry_hits).filter(|(a, b)| a == b).count();
        out.push_str(&format!(
            "{name:8} faces {:4}  stros {:9.0} q/s  parry3d {:9.0} q/s  agree {:5.1}%\n",
            m.face_count(),
            queries_per_model as f64 / core_s,
            queries_per_model as f64 / parry_s,
            100.0 * same as f64 / queries_per_model as f64
        ));
        t_core += core_s;
        t_parry += parry_s;
        total += queries_per_model;
        agree += same;
    }
    out.push_str(&format!(
        "all       stros {:.0} q/s, parry3d {:.0} q/s, ratio stros/parry3d {:.2}, verdicts agree {:.1}% of {total}\n",
        total as f64 / t_core,
        total as f64 / t_parry,
        t_parry / t_core,
        100.0 * agree as f64 / total.max(1) as f64
    ));
    out.push_str("(verdicts differ by design: Stros tests only the faces its Section4 lists name, as the original does,\n and parry3d may count a sphere wholly inside a closed mesh as intersecting)\n");
    Ok(out)
}

/// `World::step` on the embedded island: the player walks in a circle on the beach by the
/// pier (marker 2, where the fisher, the buoy, the raft and two flags are in the regional
/// list) while every listed actor updates. Steps per second, microseconds per step, actors
/// updated per step and `size_of::<World>()`.
pub fn step(steps: usize) -> Result<String, String> {
    use stros_core::config::SystemConfig;
    use stros_core::files::Embedded;
    use stros_core::input::{Action, Bindings, Input};
    use stros_host::World;

    let map = stros_core::embedded::MAP;
    let mut world: Box<World> = Box::new(
        World::load(&Embedded, map, SystemConfig::installed(), Bindings::default())
            .map_err(|e| e.to_string())?,
    );
    world.enter_marker(&Embedded, 2, 0).map_err(|e| e.to_string())?;
    let input = Input::with(&[Action::Up, Action::Walk, Action::Left]);
    let mut updated = 0u64;
    let start = Instant::now();
    for k in 0..steps {
        updated += world.step(&input, k as u32).updated as u64;
    }
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    let p = world.selected_player().map(|a| a.position.map(|c| c >> 8)).unwrap_or_default();
    Ok(format!(
        "world step: {steps} steps in {:.3} s: {:.0} steps/s, {:.2} µs/step, {:.1} actors updated per step\n\
         size_of::<World>() = {} bytes; the player ended at map {:?}\n",
        secs,
        steps as f64 / secs,
        secs * 1e6 / steps.max(1) as f64,
        updated as f64 / steps.max(1) as f64,
        std::mem::size_of::<World<'static>>(),
        p
    ))
}

/// Where `bench render` looks from.
pub enum Spot {
    /// The follow camera behind the player entered at this marker.
    Marker(usize),
    /// A fixed view.
    View(&'static str, stros_core::render::view::View),
}

impl Spot {
    /// The spot's name in the bench's table.
    pub fn name(&self) -> String {
        match self {
            Spot::Marker(m) => format!("marker {m}"),
            Spot::View(name, _) => name.to_string(),
        }
    }
}

/// The spots `bench render` draws: the follow camera behind the player entered at markers 0
/// (the plateau), 2 (the pier), 3 (the hill) and 5 (the yard), and a view over the sea
/// toward the island.
pub fn render_spots() -> [Spot; 5] {
    use stros_core::render::view::View;
    [
        Spot::Marker(0),
        Spot::Marker(2),
        Spot::Marker(3),
        Spot::Marker(5),
        Spot::View("over the sea", View { eye: [30000.0, -600.0, 12000.0], heading: 0, pitch: 40 }),
    ]
}

/// The embedded island's session as `bench render` draws it at `spot`: entered at the
/// spot's marker (0 for a fixed view) and stepped four updates without input.
pub fn spot_session(spot: &Spot) -> Result<Box<stros_host::Session<'static>>, String> {
    use stros_core::config::SystemConfig;
    use stros_core::files::Embedded;
    use stros_core::input::{Bindings, Input};
    use stros_host::Session;

    let marker = match spot {
        Spot::Marker(m) => *m,
        Spot::View(..) => 0,
    };
    let map = stros_core::embedded::MAP;
    let mut session: Box<Session> =
        Box::new(Session::unloaded(SystemConfig::installed(), Bindings::default()));
    let start = stros_core::Start::Marker(marker);
    session.load(&Embedded, stros_core::Choice::Map(map), start).map_err(|e| e.to_string())?;
    for b in 0..4 {
        session.step(&Input::NONE, b, None);
    }
    Ok(session)
}

/// One frame of `spot` into `pixels` (`w × h`, with `depth` as long): `Session::draw` for a
/// marker, the 3D view alone for a fixed view.
pub fn draw_spot(
    session: &stros_host::Session<'_>,
    spot: &Spot,
    pixels: &mut [u8],
    depth: &mut [f32],
    (w, h): (usize, usize),
) -> Result<(), String> {
    use stros_core::render::{Framebuffer, world as view};
    let mut fb = Framebuffer::new(pixels, w, h).ok_or("framebuffer")?;
    match spot {
        Spot::Marker(_) => session.draw(&mut fb, depth),
        Spot::View(_, v) => view::draw(&mut fb, depth, &session.world, v, &session.look),
    }
    Ok(())
}

/// Batches a bench's frames are timed in.
const BATCHES: usize = 10;

/// Drawing the embedded island at each of [`render_spots`], at 320×200 and 640×400.
/// Frames per second of `Session::draw` (the 3D view and the HUD) from the median of ten
/// batches of the frames, one thread, whatever the build profile is (run it with
/// `--release`).
pub fn render(frames: usize) -> Result<String, String> {
    use stros_core::render::{HEIGHT, HEIGHT_HIGH, WIDTH, WIDTH_HIGH};

    let mut out = String::new();
    let mut totals = [(0usize, 0.0f64); 2];
    for spot in &render_spots() {
        let session = spot_session(spot)?;
        let mut line = format!("{:13}", spot.name());
        for (k, (w, h)) in [(WIDTH, HEIGHT), (WIDTH_HIGH, HEIGHT_HIGH)].into_iter().enumerate() {
            let mut pixels = vec![0u8; w * h];
            let mut depth = vec![0f32; w * h];
            // The median of ten batches: a shared or virtual machine's stalls land in a few
            // batches and do not move it.
            let batch = frames.div_ceil(BATCHES).max(1);
            let mut times = Vec::with_capacity(BATCHES);
            for _ in 0..BATCHES {
                let start = Instant::now();
                for _ in 0..batch {
                    draw_spot(&session, spot, &mut pixels, &mut depth, (w, h))?;
                }
                times.push(start.elapsed().as_secs_f64());
            }
            std::hint::black_box(&pixels);
            times.sort_by(f64::total_cmp);
            let secs = (times[BATCHES / 2] / batch as f64 * frames as f64).max(1e-9);
            line.push_str(&format!(
                "  {w}×{h} {:7.1} fps ({:6.2} ms)",
                frames as f64 / secs,
                secs * 1e3 / frames as f64
            ));
            totals[k].0 += frames;
            totals[k].1 += secs;
        }
        out.push_str(&line);
        out.push('\n');
    }
    out.push_str(&format!(
        "all spots     320×200 {:7.1} fps, 640×400 {:7.1} fps ({frames} frames a spot and size, one thread)\n",
        totals[0].0 as f64 / totals[0].1,
        totals[1].0 as f64 / totals[1].1
    ));
    Ok(out)
}

/// A crowd: for each `n` of `counts`, the island with `n` walkers added
/// ([`crate::world::crowd`]) loads through the ordinary loader, Cyrus enters at marker 0
/// and stands while everyone updates for `steps` updates. Updates per second and
/// microseconds per update (median of ten batches), actors updated per update, the cost
/// of each added actor against the island alone, and how many walkers moved.
pub fn crowd(counts: &[usize], steps: usize) -> Result<String, String> {
    use stros_core::config::SystemConfig;
    use stros_core::files::{Embedded, Overlay};
    use stros_core::input::{Bindings, Input};
    use stros_host::World;

    let mut out = format!(
        "crowd: marker 0, {steps} updates each; size_of::<World>() = {} bytes\n",
        std::mem::size_of::<World<'static>>()
    );
    out.push_str("  walkers   updates/s   µs/update   updated/update   µs per walker   walkers moved\n");
    let mut alone = None;
    for &n in counts {
        let rgm = crate::world::crowd::crowd_rgm(n);
        let scene = format!("{}.RGM", stros_core::embedded::MAP);
        let files = Overlay::<_, 1>::new(Embedded).with(&scene, &rgm).map_err(|e| format!("{e:?}"))?;
        let mut world: Box<World> = Box::new(
            World::load(&files, stros_core::embedded::MAP, SystemConfig::installed(), Bindings::default())
                .map_err(|e| format!("{n} walkers: {e}"))?,
        );
        world.enter_marker(&files, 0, 0).map_err(|e| e.to_string())?;
        let walker = crate::world::crowd::walker_definition();
        let walkers = |w: &World| -> Vec<[i32; 3]> {
            w.actors().iter().filter(|a| a.definition == walker).map(|a| a.position).collect()
        };
        let start_positions = walkers(&world);
        let batch = steps.div_ceil(BATCHES).max(1);
        let (mut times, mut updated, mut tick) = (Vec::new(), 0u64, 0u32);
        for _ in 0..BATCHES {
            let start = Instant::now();
            for _ in 0..batch {
                updated += world.step(&Input::NONE, tick).updated as u64;
                tick += 1;
            }
            times.push(start.elapsed().as_secs_f64() / batch as f64);
        }
        times.sort_by(f64::total_cmp);
        let per = times[BATCHES / 2].max(1e-12);
        let moved = walkers(&world).iter().zip(&start_positions).filter(|(a, b)| a != b).count();
        if n == 0 {
            alone = Some(per);
        }
        let extra = match alone {
            Some(base) if n > 0 => format!("{:13.3}", (per - base) * 1e6 / n as f64),
            _ => format!("{:>13}", "-"),
        };
        out.push_str(&format!(
            "  {n:7}   {:9.0}   {:9.2}   {:14.1}   {extra}   {moved:5} of {}\n",
            1.0 / per,
            per * 1e6,
            updated as f64 / (batch * BATCHES) as f64,
            start_positions.len()
        ));
    }
    Ok(out)
}

/// The install's world `world` opened at `marker` (`None`: its default).
fn open_install(
    dir: &std::path::Path,
    world: u16,
    marker: Option<usize>,
) -> Result<stros_host::Opened, String> {
    let args = stros_host::FileArgs {
        data: Some(dir.to_path_buf()),
        world: Some(world),
        marker,
        ..stros_host::FileArgs::default()
    };
    stros_host::Opened::open("stros-tools", &args).map_err(|e| e.to_string())
}

/// `World::step` per second of session `session` (median of ten batches of `steps`
/// updates, Cyrus running in a circle) and the actors updated per step.
fn time_steps(session: &mut stros_host::Session<'_>, steps: usize) -> (f64, f64) {
    use stros_core::input::{Action, Input};
    let input = Input::with(&[Action::Up, Action::Walk, Action::Left]);
    let batch = steps.div_ceil(BATCHES).max(1);
    let (mut times, mut updated, mut tick) = (Vec::new(), 0u64, 0u32);
    for _ in 0..BATCHES {
        let start = Instant::now();
        for _ in 0..batch {
            updated += session.step(&input, tick, None).updated as u64;
            tick += 1;
        }
        times.push(start.elapsed().as_secs_f64() / batch as f64);
    }
    times.sort_by(f64::total_cmp);
    (times[BATCHES / 2].max(1e-12), updated as f64 / (batch * BATCHES) as f64)
}

/// Frames per second of `Session::draw` of `session` at `w × h` (median of ten batches of
/// `frames`).
fn time_frames(
    session: &stros_host::Session<'_>,
    frames: usize,
    (w, h): (usize, usize),
) -> Result<f64, String> {
    let (mut pixels, mut depth) = (vec![0u8; w * h], vec![0f32; w * h]);
    let batch = frames.div_ceil(BATCHES).max(1);
    let mut times = Vec::with_capacity(BATCHES);
    for _ in 0..BATCHES {
        let start = Instant::now();
        for _ in 0..batch {
            let mut fb = stros_core::render::Framebuffer::new(&mut pixels, w, h).ok_or("framebuffer")?;
            session.draw(&mut fb, &mut depth);
        }
        times.push(start.elapsed().as_secs_f64() / batch as f64);
    }
    times.sort_by(f64::total_cmp);
    Ok(1.0 / times[BATCHES / 2].max(1e-12))
}

/// `bench step --data DIR`: the install's world stepped from marker 0 ([`time_steps`]),
/// beside the island's figures.
pub fn install_step(dir: &std::path::Path, world: u16, steps: usize) -> Result<String, String> {
    let opened = open_install(dir, world, Some(0))?;
    let mut session = opened.session().map_err(|e| e.to_string())?;
    let (per, updated) = time_steps(&mut session, steps);
    Ok(format!(
        "install world {world} (map {}, {} actors, {} static placements), marker 0: {:.0} steps/s, {:.2} µs/step, \
         {updated:.1} actors updated per step\n",
        session.world.map(),
        session.world.actors().len(),
        session.world.statics().placements().len(),
        1.0 / per,
        per * 1e6
    ))
}

/// `bench render --data DIR`: the install's world drawn from the follow camera at every
/// marker of its map (entered there, four updates), 320×200 and 640×400, beside the
/// island's spots; the slowest marker and the mean over all of them.
pub fn install_render(dir: &std::path::Path, world: u16, frames: usize) -> Result<String, String> {
    use stros_core::render::{HEIGHT, HEIGHT_HIGH, WIDTH, WIDTH_HIGH};
    let markers = {
        let opened = open_install(dir, world, None)?;
        let session = opened.session().map_err(|e| e.to_string())?;
        session.world.rgm().mpmk().len()
    };
    let mut out = format!("install world {world}: {markers} markers\n");
    let (mut slowest, mut totals) = ([f64::INFINITY; 2], [0.0f64; 2]);
    for marker in 0..markers {
        let opened = open_install(dir, world, Some(marker))?;
        let mut session = opened.session().map_err(|e| format!("marker {marker}: {e}"))?;
        for b in 0..4 {
            session.step(&stros_core::input::Input::NONE, b, None);
        }
        let mut line = format!("marker {marker:<6}");
        for (k, size) in [(WIDTH, HEIGHT), (WIDTH_HIGH, HEIGHT_HIGH)].into_iter().enumerate() {
            let fps = time_frames(&session, frames, size)?;
            slowest[k] = slowest[k].min(fps);
            totals[k] += 1.0 / fps;
            line.push_str(&format!("  {}×{} {fps:7.1} fps", size.0, size.1));
        }
        out.push_str(&line);
        out.push('\n');
    }
    let n = markers.max(1) as f64;
    out.push_str(&format!(
        "install world {world}: slowest marker 320×200 {:.1} fps, 640×400 {:.1} fps; all markers 320×200 {:.1} fps, \
         640×400 {:.1} fps ({frames} frames a marker and size, one thread)\n",
        slowest[0],
        slowest[1],
        n / totals[0],
        n / totals[1]
    ));
    Ok(out)
}

/// One world of an install (`--data DIR --world N`, by default the install's island, world
/// 1): how long the world takes to load and enter, its size (actors, placements, models),
/// `World::step` per second with Cyrus running in a circle from marker 0 (actors updated
/// per step) and `Session::draw` per second from the follow camera at 320×200 and 640×400,
/// each the median of ten batches.
pub fn install(dir: &std::path::Path, world: u16, steps: usize, frames: usize) -> Result<String, String> {
    use stros_core::render::{HEIGHT, HEIGHT_HIGH, WIDTH, WIDTH_HIGH};

    let opened = open_install(dir, world, None)?;
    let start = Instant::now();
    let mut session = opened.session().map_err(|e| e.to_string())?;
    let load = start.elapsed().as_secs_f64();
    let w = &session.world;
    let mut out = format!(
        "world {world} (map {}): loaded and entered in {:.1} ms; {} actors, {} static placements, {} models, {} sets\n",
        w.map(),
        load * 1e3,
        w.actors().len(),
        w.statics().placements().len(),
        w.models().len(),
        w.sets().len()
    );
    let (per, updated) = time_steps(&mut session, steps);
    out.push_str(&format!(
        "step: {:.0} steps/s, {:.2} µs/step, {updated:.1} actors updated per step\n",
        1.0 / per,
        per * 1e6
    ));
    out.push_str("draw:");
    for size in [(WIDTH, HEIGHT), (WIDTH_HIGH, HEIGHT_HIGH)] {
        out.push_str(&format!("  {}×{} {:.1} fps", size.0, size.1, time_frames(&session, frames, size)?));
    }
    out.push('\n');
    Ok(out)
}
