//! The core allocates nothing: a counting global allocator watches this thread while core
//! work runs (INI parsing, 10,000 timing updates, table lookups, matrix transforms, a frame,
//! a 3D view of the island).

use stros_tests::{Counting, allocations_during};

use stros_core::config::SystemConfig;
use stros_core::embedded::MAP;
use stros_core::math::{
    Mat3, RotationMode, direction_from_displacement, refresh_orientation, translate_heading,
};
use stros_core::render::{Framebuffer, HEIGHT, WIDTH};
use stros_core::tables;
use stros_core::timing::{Clock, TimingConfig};
use stros_core::units::Angles;
use stros_core::{Choice, Start};

#[global_allocator]
static ALLOCATOR: Counting = Counting;

const INI: &str =
    "[system]\nnormal_frame_rate=12\nuse_smooth_fps=yes\nstanding_height=-2\n[cyrus]\nturn_speed=12\n";

#[test]
fn parsing_the_whole_embedded_world_allocates_nothing() {
    // The kind lookup (a String) happens outside the watched closure.
    let kinds: Vec<_> = stros_core::embedded::FILES
        .iter()
        .map(|f| (stros_tools::exercise::Kind::for_name(f.name).unwrap(), f.bytes))
        .collect();
    let n = allocations_during(|| {
        for &(kind, bytes) in &kinds {
            std::hint::black_box(stros_tools::exercise::exercise(kind, bytes).unwrap());
        }
    });
    assert_eq!(n, 0, "parsing allocated {n} times");
}

#[test]
fn collision_queries_allocate_nothing() {
    use stros_core::collision::response::{
        BodyContact, collect_primary, faces_movement, horizontal_response, residual_push, separation_distance,
    };
    use stros_core::collision::shape::{Bounds, build, collision_matrix, prepare};
    use stros_core::collision::statics::{Statics, SupportProbe, face_contacts, ground_support, obstacle};
    use stros_core::collision::support::Support;
    use stros_core::embedded;
    use stros_core::formats::{rgm::Rgm, rob::Rob, wld::Wld};
    use stros_core::terrain::Decoded;

    // The static world is built before watching; it is boxed only because it is a large
    // fixed-size value for a test thread's stack.
    let rgm = Rgm::new_checked(embedded::RGM).unwrap();
    let rob = Rob::new_checked(embedded::ROB).unwrap();
    let boxed = Box::new(Statics::<stros_core::capacity::Small>::new(&rgm, &rob).unwrap());
    let statics = &*boxed;
    let t = Decoded::new(Wld::new_checked(embedded::WLD).unwrap(), 0);
    let bounds = Bounds { total: [48, 128, 49], positive: [24, 62, 11], negative: [24, 66, 38] };
    let n = allocations_during(|| {
        let shape = build(&bounds, 0, 50, -2);
        let mut support = Support::default();
        for k in 0..200 {
            let p = prepare([(33_100 + k) * 256, -302 * 256, 33_600 * 256], 0, 512, 0);
            let m = collision_matrix(p.angle_fields);
            let origin = p.origin.map(|c| c as i32);
            ground_support(
                &mut support,
                statics,
                &t,
                SupportProbe { origin, positive_y_extent: 62, query_radius: 98, steep_test: true },
                50,
            );
            let blocked = obstacle(statics, origin, &m, shape.ordinary_spheres(), 98);
            let contacts = || face_contacts(statics, origin, &m, shape.ordinary_spheres(), 98);
            let primary = collect_primary(contacts().map(|c| BodyContact::new(c.point, c.normal)), None);
            let prev = [(33_100 + k - 8) * 256, -302 * 256, 33_600 * 256];
            let cur = [(33_100 + k) * 256, -302 * 256, 33_600 * 256];
            for c in primary.iter().filter(|c| faces_movement(c, 512)) {
                std::hint::black_box(horizontal_response(prev, cur, c.normal, -60_000));
            }
            let normals: heapless::Vec<[i32; 3], 64> = contacts().map(|c| c.normal).collect();
            std::hint::black_box(residual_push(cur, &normals, separation_distance(2048, 0, 16)));
            std::hint::black_box((blocked, support));
        }
    });
    assert_eq!(n, 0, "collision queries allocated {n} times");
}

#[test]
fn ten_thousand_advances_of_every_embedded_group_allocate_nothing() {
    use stros_core::anim::{AnimContext, AnimSet, AnimState, Events};
    let rgm = stros_core::formats::rgm::Rgm::new_checked(stros_core::embedded::RGM).unwrap();
    let sets: Vec<AnimSet<'_>> = rgm.actors().filter_map(|a| AnimSet::from_actor(&a)).collect();
    let mut advanced = 0u32;
    let n = allocations_during(|| {
        for set in &sets {
            for g in set.groups() {
                let (mut a, mut ev) = (AnimState::default(), Events::default());
                a.force(&mut AnimContext::new(set, 1, &mut ev), g.number(), 0);
                for k in 0..10_000 {
                    ev.queue.clear();
                    a.advance(&mut AnimContext::new(set, k % 3, &mut ev));
                    advanced += 1;
                }
            }
        }
    });
    assert!(advanced >= 70_000, "every group advanced: {advanced}");
    assert_eq!(n, 0, "animation allocated {n} times");
}

#[test]
fn the_counter_sees_allocations() {
    let n = allocations_during(|| drop(std::hint::black_box(vec![1u8; 64])));
    assert_eq!(n, 1, "the counting allocator must notice a Vec");
}

#[test]
fn core_work_allocates_nothing() {
    let mut pixels = vec![0u8; WIDTH * HEIGHT];
    let n = allocations_during(|| {
        let config = SystemConfig::load(INI).unwrap();
        let overlaid = SystemConfig::installed_with(INI).unwrap();
        std::hint::black_box((config, overlaid));

        let mut clock = Clock::new(TimingConfig::from(&config));
        let mut sum = 0i64;
        for u in 0..10_000u32 {
            let t = clock.update(u * 3 / 2);
            sum += t.nominal_ticks as i64 + t.frame_scale as i64;
        }
        let saved = clock.save();
        clock.restore(&saved, 20_000);
        std::hint::black_box(sum);

        let mut acc = 0f32;
        for n in 0..tables::ROTATION_ENTRIES {
            acc += tables::rotation_sample(n).unwrap();
        }
        for i in 0..tables::OCTANT_ENTRIES {
            acc += tables::octant(i) as f32;
        }
        std::hint::black_box(acc);

        let mut m = Mat3::from_orientation(Angles::new(0, 100, 0));
        let mut prev = Angles::new(0, 100, 0);
        for k in 0..1000 {
            let cur = Angles::new(k, 100 + k * 3, -k);
            refresh_orientation(&mut m, cur, prev, RotationMode::Incremental);
            prev = cur;
            std::hint::black_box(m.transform_int([k, -k, 4864]));
            std::hint::black_box(translate_heading(10_446_802, 10_818_615, k, 680));
            std::hint::black_box(direction_from_displacement(k * 37 - 9000, 4000 - k * 11));
        }

        let mut fb = Framebuffer::new(&mut pixels, WIDTH, HEIGHT).unwrap();
        stros_core::render::hud::draw(&mut fb, "FPS 12  scale 256  ticks 1");
        std::hint::black_box(stros_core::render::hud::status_line(&clock));
    });
    assert_eq!(n, 0, "core allocated {n} times");
}

/// Counts what a trace line would write, without keeping it.
struct Sink(usize);

impl std::fmt::Write for Sink {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.0 += s.len();
        Ok(())
    }
}

#[test]
fn ten_thousand_world_steps_allocate_nothing() {
    use stros_core::files::Embedded;
    use stros_core::input::{Action, Input};
    use stros_host::Session;

    let mut pixels = vec![0u8; WIDTH * HEIGHT];
    let mut depth = vec![0f32; WIDTH * HEIGHT];
    let mut sink = Sink(0);
    let mut moved = 0;
    // The frontends' session: its tables are reserved on the heap when it is made.
    let mut session = Session::unloaded(SystemConfig::installed(), stros_core::input::Bindings::default());
    let n = allocations_during(|| {
        // Loading and entering into it allocate nothing either.
        session.load(&Embedded, Choice::Map(MAP), Start::Marker(0)).unwrap();
        let start = session.world.selected_player().unwrap().position;
        let inputs = [
            Input::with(&[Action::Up]),
            Input::with(&[Action::Up, Action::Left]),
            Input::with(&[Action::Up, Action::Walk]),
            Input::with(&[Action::Right]),
            Input::with(&[Action::Down, Action::Walk]),
            Input::NONE,
        ];
        for k in 0..10_000u32 {
            let input = inputs[(k / 97) as usize % inputs.len()];
            session.step(&input, k + k / 3, None);
            stros_core::trace::trace_line(&mut sink, &session.world, session.world.report()).unwrap();
            if k % 1000 == 0 {
                session.draw(&mut Framebuffer::new(&mut pixels, WIDTH, HEIGHT).unwrap(), &mut depth);
            }
        }
        moved = (session.world.selected_player().unwrap().position[0] - start[0]).abs();
    });
    assert_eq!(n, 0, "10,000 world steps allocated {n} times");
    assert!(sink.0 > 10_000 * 200, "every step wrote its trace line");
    assert!(moved > 0, "the player walked");
}

#[test]
fn drawing_the_3d_world_allocates_nothing() {
    use stros_core::collision::statics::Statics;
    use stros_core::embedded;
    use stros_core::formats::{model::Model, rgm::Rgm, rob::Rob, texbsi::Texbsi, wld::Wld};
    use stros_core::render::look::{Look, Texels};
    use stros_core::render::palette::Palette;
    use stros_core::render::view::{self, Instance};
    use stros_core::terrain::{Decoded, VertexCache};

    let wld = Wld::new_checked(embedded::WLD).unwrap();
    let statics = Statics::<stros_core::capacity::Small>::new(
        &Rgm::new_checked(embedded::RGM).unwrap(),
        &Rob::new_checked(embedded::ROB).unwrap(),
    )
    .unwrap();
    let mut px = vec![0u8; WIDTH * HEIGHT];
    let mut depth = vec![0f32; WIDTH * HEIGHT];
    // The frontends' look: its bank table is reserved on the heap when it is made.
    let mut look: Look<'_, stros_host::Desktop> = Look::new(None, &[], &Palette::default_world());
    let n = allocations_during(|| {
        // Building the look (texel views, the shade table) into it and drawing textured.
        look.rebuild(Some(&Texbsi::new_unchecked(embedded::TEXBSI_302)), &Palette::default_world());
        assert!(look.add_bank(310, &Texbsi::new_unchecked(embedded::TEXBSI_310)));
        // A sky image too, so the sky plane's path runs.
        static SKY: [u8; 4] = [3, 7, 9, 11];
        look.sky = Some(stros_core::render::look::Sky::new(
            Texels::new(&SKY, 2, 2, false).unwrap(),
            &[[100, 150, 200]; 256],
            &Palette::default_world(),
            0,
            0,
        ));
        let cyrus = Instance {
            model: Model::new_unchecked(embedded::CYRUS_3DC),
            frame: 2,
            position: [35000.0, -302.0, 30600.0],
            matrix: Mat3::IDENTITY.m,
            map_lit: false,
            attributes: 0,
        };
        let mut view = view::follow_view(cyrus.position, 100, 500.0, 200.0);
        view.pitch = -20;
        let instances = statics.placements().iter().map(Instance::from).chain([cyrus]);
        let mut fb = Framebuffer::new(&mut px, WIDTH, HEIGHT).unwrap();
        let heights = VertexCache::new(Decoded::new(wld, 0), stros_tests::island_wave(), 1234, (136, 119));
        view::draw(&mut fb, &mut depth, &view, Some((&heights, &wld)), instances, &look);
    });
    assert_eq!(n, 0, "drawing allocated {n} times");
    assert!(px.iter().any(|&p| p != px[0]), "something was drawn");
}

#[test]
fn ten_thousand_world_updates_with_scripts_running_allocate_nothing() {
    use stros_core::files::Embedded;
    use stros_core::input::{Bindings, Input};
    use stros_core::script::ScriptEvent;
    use stros_host::World;

    let mut world: Box<World> = Box::new(
        World::load(&Embedded, stros_core::embedded::MAP, SystemConfig::installed(), Bindings::default())
            .unwrap(),
    );
    world.enter_marker(&Embedded, 0, 0).unwrap();
    let (mut statements, mut passes, mut dropped) = (0u64, 0u64, 0u32);
    let n = allocations_during(|| {
        for k in 1..=10_000u32 {
            let r = world.step(&Input::NONE, k * 2);
            for e in r.script.iter() {
                match e.event {
                    ScriptEvent::Statement { .. } => statements += 1,
                    ScriptEvent::Task { .. } => passes += 1,
                    _ => {}
                }
            }
            dropped += r.script_dropped;
        }
    });
    assert_eq!(n, 0, "10,000 updates with scripts allocated {n} times");
    // The flags' FLAG2 cycle (five statements in about 181 updates) ran all along.
    assert!(statements > 250 && passes > 9_000, "{statements} statements, {passes} task passes");
    assert_eq!(dropped, 0);
}

#[test]
fn jumps_climbs_hangs_and_swims_allocate_nothing() {
    // The issue-17 scenarios, opened and their updates read first (the host allocates), then
    // stepped and traced under the counter. Each must reach what it is there for.
    use stros_host::Opened;
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let mut sink = Sink(0);
    let mut reached = Vec::new();
    for name in
        ["standing_jump", "running_jump", "low_climb", "high_climb", "high_ledge", "release_fall", "swim"]
    {
        let opened = Opened::scenario(&dir.join(format!("{name}.toml"))).unwrap();
        let mut session = opened.session().unwrap();
        let mut updates = Vec::new();
        while let Some(u) = session.next_recorded() {
            updates.push(u);
        }
        let (mut queued, mut living, mut swam) = (false, 0u8, false);
        let n = allocations_during(|| {
            for u in &updates {
                session.step(&u.input, u.bios, u.scale);
                stros_core::trace::trace_line(&mut sink, &session.world, session.world.report()).unwrap();
                let a = session.world.selected_player().unwrap();
                queued |= a.queued != 0;
                living = living.max(a.living);
                swam |= a.anim.current == 142;
            }
        });
        assert_eq!(n, 0, "{name}: {n} allocations");
        reached.push((name, queued, living, swam));
    }
    assert_eq!(
        reached,
        [
            ("standing_jump", true, 0, false),
            ("running_jump", true, 0, false),
            // The highest living state an update leaves: 13 and 11 climbing, 15 hanging.
            ("low_climb", false, 13, false),
            ("high_climb", false, 11, false),
            ("high_ledge", true, 15, false),
            ("release_fall", true, 15, false),
            ("swim", false, 0, true),
        ]
    );
}

/// Saving and restoring allocate nothing in the core: a session written as a save into a
/// fixed buffer (its record a fixed text), the container read back and its documented chunks
/// restored over the session.
#[test]
fn writing_reading_and_applying_a_save_allocate_nothing() {
    use stros_core::files::Embedded;
    use stros_core::formats::save::Save;
    use stros_host::Session;

    let mut session = Session::unloaded(SystemConfig::installed(), stros_core::input::Bindings::default());
    session.load(&Embedded, Choice::Map(MAP), Start::Marker(0)).unwrap();
    let mut buffer = vec![0u8; 8192];
    let mut len = 0;
    let record = "world = \"embedded\"\nmarker = 0\n";
    let n = allocations_during(|| {
        for k in 0..50u32 {
            session.step(&stros_core::input::Input::NONE, k, None);
        }
        let mut out = |b: &[u8]| {
            buffer[len..len + b.len()].copy_from_slice(b);
            len += b.len();
        };
        stros_core::save::write(&session, b"no allocation", record, &mut out);
        let save = Save::new_checked(&buffer[..len]).unwrap();
        assert_eq!(save.stros(), Some(record));
        stros_core::save::apply(&mut session, &save).unwrap();
    });
    assert_eq!(n, 0, "saving and restoring allocated {n} times");
    // SVGM 280 + SVGF (8 + 4 + 5 × 4 flags) + SVGV 1,550 + SVIT (8 + 2 × 22 + 4) + STRS
    // (8 + the record) + END 4.
    assert_eq!(len, 280 + 32 + 1550 + 56 + 8 + record.len() + 4);
}
