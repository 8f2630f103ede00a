//! The embedded island: the committed files are exactly what `stros-tools gen-world` writes,
//! they parse through the same readers as a real install, what the generator meant is what
//! the readers see, and the world has every feature issue 3 asks for.

use stros_core::embedded;
use stros_core::formats::model::{Model, Texture, Version};
use stros_core::formats::rgm::{Command, ModelPath, Rgm};
use stros_core::formats::rob::{COLLISION_ACTOR_LIST, COLLISION_EXCLUDED, Rob};
use stros_core::formats::wld::Wld;
use stros_tools::exercise::{Kind, exercise};
use stros_tools::world::{archive, build, groups, village};

#[test]
fn committed_files_are_what_the_generator_writes() {
    let generated = build::files();
    assert_eq!(generated.len(), embedded::FILES.len());
    for (g, e) in generated.iter().zip(embedded::FILES) {
        assert_eq!(g.name, e.name);
        assert!(g.bytes == e.bytes, "{} is stale: run `cargo run -p stros-tools -- gen-world`", e.name);
    }
    assert!(build::files() == generated, "the generator is deterministic");
}

#[test]
fn every_embedded_file_parses_completely() {
    for f in embedded::FILES {
        let kind = Kind::for_name(f.name).unwrap();
        assert!(exercise(kind, f.bytes).is_ok(), "{}", f.name);
    }
    assert_eq!(embedded::file("harbour.rgm"), Some(embedded::RGM));
}

#[test]
fn terrain_round_trips() {
    let desc = build::wld_desc();
    let w = Wld::new_checked(embedded::WLD).unwrap();
    for row in 0..256 {
        for col in 0..256 {
            let s = row * 256 + col;
            assert_eq!(w.source_height(col, row), Some(desc.height[s]));
            assert_eq!(w.source_texture(col, row), Some(desc.texture[s]));
        }
    }
    // Engine row j is source row 256 − j.
    assert_eq!(w.height_byte(130, 120), Some(desc.height[(256 - 120) * 256 + 130]));
    assert_eq!(w.height_index(130, 120), Some(17), "the plateau");
    assert!(w.flagged_heights() > 0, "build-flag bits are present and masked");
    for image in [5usize, 6, 7, 30, 31, 32, 52] {
        assert!(w.texture_counts()[image] > 0, "blend image {image}");
    }
    assert_eq!(w.rotation_counts().iter().filter(|&&c| c > 0).count(), 4);
}

#[test]
fn scene_round_trips() {
    let desc = village::rgm_desc();
    let r = Rgm::new_checked(embedded::RGM).unwrap();
    assert_eq!(r.actors().count(), desc.actors.len());
    for (a, d) in r.actors().zip(&desc.actors) {
        assert_eq!(a.name(), &d.name[..]);
        assert_eq!(&a.attributes()[..], &d.attributes[..]);
        assert_eq!(a.script(), &d.script[..]);
        assert_eq!(a.groups().count(), d.groups.len());
        for (g, gd) in a.groups().zip(&d.groups) {
            assert_eq!((g.number(), g.anim_id(), g.type_word()), (gd.number, gd.anim_id, gd.kind));
            assert_eq!(g.commands().collect::<Vec<_>>(), gd.commands);
        }
        let raan: Vec<_> = a.raan_entries().map(|e| e.stem().to_vec()).collect();
        let want: Vec<_> = d.raan.iter().map(|e| e.path.strip_suffix(b".3DC").unwrap().to_vec()).collect();
        assert_eq!(raan, want);
    }
    assert_eq!(r.mpob().len(), desc.mpob.len());
    for (m, d) in r.mpob().iter().zip(&desc.mpob) {
        assert_eq!(
            (m.id(), m.object_type(), m.activation(), m.is_static()),
            (d.id, d.object_type, d.activation, d.is_static)
        );
        assert_eq!((m.script_name(), m.model_name()), (&d.script_name[..], &d.model_name[..]));
        assert_eq!(m.position(), d.position);
        assert_eq!(m.angles(), d.angles);
    }
    for (m, d) in r.mpso().iter().zip(&desc.mpso) {
        assert_eq!(m.model_name(), &d.model_name[..]);
        assert_eq!((m.position(), m.matrix_raw()), (d.position, d.matrix));
    }
    let markers: Vec<_> = r.mpmk().iter().map(|k| (k.position, k.usable())).collect();
    let want: Vec<_> = desc.markers.iter().map(|k| (k.position, k.aux == 1)).collect();
    assert_eq!(markers, want);
    let z = r.mpsz().get(0).unwrap();
    assert_eq!((z.total(), z.positive(), z.negative()), ([48, 128, 49], [24, 62, 11], [24, 66, 38]));
}

#[test]
fn cyrus_and_the_placed_actors_are_as_specified() {
    let r = Rgm::new_checked(embedded::RGM).unwrap();
    let cyrus = r.actor_by_name(b"CYRUS").unwrap();
    assert_eq!(cyrus.model_path(), ModelPath::AnimationTable);
    assert_eq!(cyrus.extra().unwrap().sphere_scale(), 256, "RAEX 0x12 = 0 selects 256");
    assert_eq!((cyrus.attribute(44), cyrus.attribute(12), cyrus.attribute(11)), (0, 8, 1));
    assert_eq!(cyrus.attribute(1), 0x0D);
    let walk = cyrus.group(20).unwrap();
    assert_eq!(walk.kind(), stros_core::formats::rgm::ragr::GroupKind::MustComplete);
    let cmds: Vec<_> = walk.commands().collect();
    assert_eq!(cmds, groups::cyrus_walk());
    assert!(cmds.contains(&Command::BreakPoint { operand: 0 }));
    assert!(matches!(cmds[3], Command::PlaySound { .. }), "a footstep each stride");
    assert!(matches!(cmds[5], Command::GoToFuture { target: 7 }));
    assert!(matches!(cmds[8], Command::PlaySound { .. }), "and one in the exit tail");
    assert!(matches!(cmds[10], Command::EndAnimation { .. }));
    assert!(cyrus.group(0).is_some() && cyrus.group(18).is_some());

    let flags: Vec<_> = r.mpob().iter().filter(|m| m.script_name() == b"FLAG2").collect();
    assert_eq!(flags.len(), 3);
    assert!(flags.iter().all(|m| m.object_type() == 1 && m.activation() == 0));
    let flag = r.actor_by_name(b"FLAG2").unwrap();
    assert!(flag.attributes().iter().all(|&b| b == 0));
    assert_eq!([0, 1, 10].map(|g| flag.group(g).is_some()), [true; 3]);
    assert_eq!(flag.script().len(), 61);
    assert_eq!(&flag.script()[56..], &[5, 0, 0, 0, 0]);

    let buoy = r.actor_by_name(b"BUOY").unwrap();
    assert_eq!(buoy.model_path(), ModelPath::None, "frames come from the MPOB model_name");
    let buoy_mpob = r.mpob().iter().find(|m| m.script_name() == b"BUOY").unwrap();
    assert_eq!((buoy_mpob.object_type(), buoy_mpob.fallback_frames()), (1, Some(4)));
    let keg = r.mpob().iter().find(|m| m.script_name() == b"KEG").unwrap();
    assert_eq!(keg.is_static(), 1);
    let npc = r.actor_by_name(b"FISHER").unwrap();
    assert!(npc.group(0).unwrap().commands().any(|c| matches!(c, Command::DelayCounter { .. })));
    assert!(npc.group(20).is_some());
    let raft = r.actor_by_name(b"RAFT").unwrap();
    assert_eq!(raft.attribute(24), 1);

    let markers: Vec<_> = r.mpmk().iter().collect();
    assert!(markers[0].usable() && !markers[1].usable());
    assert!(markers[2..].iter().all(|m| m.usable()));
}

#[test]
fn village_models_exercise_the_collision_paths() {
    let rob = Rob::new_checked(embedded::ROB).unwrap();
    let seg = |n: &[u8]| rob.find(n).unwrap();
    assert_eq!(seg(b"BARREL").collision_flags(), COLLISION_ACTOR_LIST);
    assert_eq!(seg(b"PLANT").collision_flags(), COLLISION_EXCLUDED);
    assert!(seg(b"CYRUS").model().is_err(), "actors are external .3DC entries");

    let house = seg(b"HOUSE").model().unwrap();
    assert_eq!(house.version(), Some(Version::V5_0));
    let mut listed = vec![0u32; house.face_count() as usize];
    for s in house.runtime_subobjects() {
        assert!(s.extents().is_some());
        for f in s.face_indices() {
            listed[f as usize] += 1;
        }
    }
    assert!(listed.contains(&2), "a face in two subobject lists");
    assert!(listed.contains(&0), "a face in none");
    let kinds: Vec<_> = house.faces().map(|f| matches!(f.texture(), Texture::Solid { .. })).collect();
    assert!(kinds.contains(&true) && kinds.contains(&false), "textured beside solid-colour faces");

    let bridge = seg(b"BRIDGE").model().unwrap();
    let ny: Vec<i32> = (0..bridge.face_count()).map(|i| bridge.face_normal(i).unwrap()[1]).collect();
    assert!(ny.iter().any(|&y| y > 160), "an underside face (class 8)");
    assert!(ny.iter().any(|&y| y < -160), "a deck to stand on (class 4)");

    let crate4 = seg(b"CRATE4").model().unwrap();
    assert_eq!(crate4.version(), Some(Version::V4_0));
    assert!(crate4.subobjects().count() > 0);
    assert_eq!(crate4.runtime_subobjects().count(), 0, "the runtime ignores v4.0 Section4");
}

#[test]
fn actor_models_animate() {
    let cyrus = Model::new_checked(embedded::CYRUS_3DC).unwrap();
    assert_eq!(cyrus.frame_count(), 6, "the five of the walk and the hang frame");
    let moved = (0..cyrus.vertex_count()).any(|i| cyrus.frame_vertex(0, i) != cyrus.frame_vertex(2, i));
    assert!(moved, "walk frames move vertices");
    for (bytes, frames) in
        [(embedded::NPC_3DC, 5), (embedded::FLAG_3DC, 8), (embedded::BUOY_3DC, 4), (embedded::RAFT_3DC, 1)]
    {
        assert_eq!(Model::new_checked(bytes).unwrap().frame_count(), frames);
    }
}

#[test]
fn palette_textures_sounds_and_models_round_trip() {
    use stros_core::formats::{col::Col, sfx::Sfx, texbsi::Texbsi};

    let col = Col::new_checked(embedded::COL).unwrap();
    assert_eq!(col.to_rgb_array(), build::col_desc().rgb);

    for (bytes, desc) in
        [(embedded::TEXBSI_302, build::terrain_bank()), (embedded::TEXBSI_310, build::model_bank())]
    {
        let t = Texbsi::new_checked(bytes).unwrap();
        assert_eq!(t.len(), desc.images.len());
        for (img, d) in t.images().zip(&desc.images) {
            assert_eq!(img.name(), &d.name[..]);
            assert_eq!(
                (img.width(), img.height(), img.frames()),
                (d.width as usize, d.height as usize, d.frames.len())
            );
            // Every frame, row by row (an animated image's rows are stored by offset).
            for (f, frame) in d.frames.iter().enumerate() {
                let rows: Vec<u8> = (0..img.height()).flat_map(|y| img.row(f, y).unwrap().to_vec()).collect();
                assert_eq!(&rows, frame, "{:?} frame {f}", d.name);
            }
        }
    }

    let sfx = Sfx::new_checked(embedded::SFX).unwrap();
    let desc = build::sfx_desc();
    assert_eq!(sfx.effects().count(), desc.effects.len());
    for (e, d) in sfx.effects().zip(&desc.effects) {
        assert_eq!((e.rate(), e.pcm()), (d.rate, &d.pcm[..]));
    }

    let rob = Rob::new_checked(embedded::ROB).unwrap();
    let desc = archive::rob_desc();
    assert_eq!(rob.segments().count(), desc.segments.len());
    for (s, d) in rob.segments().zip(&desc.segments) {
        assert_eq!((s.name(), s.kind(), s.collision_flags()), (d.name.as_bytes(), d.kind, d.collision_flags));
        if let Some(bytes) = &d.model {
            assert_eq!(s.data(), &bytes[..]);
        }
    }

    let models = embedded::FILES.iter().filter(|f| f.name.ends_with(".3DC"));
    assert_eq!(models.clone().count(), archive::actor_models().len());
    for ((name, desc), file) in archive::actor_models().iter().zip(models) {
        assert_eq!(file.name, format!("{name}.3DC"));
        let m = Model::new_checked(file.bytes).unwrap();
        assert_eq!(m.vertices().collect::<Vec<_>>(), desc.vertices);
        assert_eq!(m.face_count() as usize, desc.faces.len());
        for (f, fd) in m.faces().zip(&desc.faces) {
            assert_eq!(f.texture_raw(), fd.texture);
            assert_eq!(
                f.vertices().map(|v| v.index).collect::<Vec<_>>(),
                fd.vertices.iter().map(|v| v.index).collect::<Vec<_>>()
            );
        }
        assert_eq!(m.frame_count() as usize, 1 + desc.frames.len());
        let subs: Vec<Vec<u32>> = m.subobjects().map(|s| s.face_indices().collect()).collect();
        assert_eq!(subs, desc.subobjects.iter().map(|s| s.faces.clone()).collect::<Vec<_>>());
    }
}

#[test]
fn the_island_leaves_the_load_time_attribute_copies_to_loading() {
    // The living definitions store weight 64 and collide 0x0D but no jump time or height
    // and no reserved copies (31, 32, 115, 119 zero): loading supplies them (newest
    // engine/SOUP.md "Initial attribute copy and defaults"), so a stale copy in the file
    // cannot hide a missing one.

    use stros_core::files::Embedded;

    let rgm = Rgm::new_checked(embedded::RGM).unwrap();
    for name in [&b"CYRUS"[..], b"FISHER"] {
        let raat = rgm.actor_by_name(name).unwrap().attributes();
        assert_eq!([1, 6, 31, 32, 115, 119].map(|i| raat[i]), [0x0D, 64, 0, 0, 0, 0]);
    }
    let mut w = stros_tests::island();
    let fisher =
        w.actors().iter().find(|a| rgm.actor(a.definition as usize).unwrap().name() == b"FISHER").unwrap();
    // Installed jump_time 6 and jump_height 80; 115 ← 6 (64), 119 ← 1 (0x0D).
    assert_eq!([31, 32, 115, 119].map(|i| fisher.attributes[i]), [6, 80, 64, 0x0D]);
    let id = w.enter_marker(&Embedded, 0, 0).unwrap();
    assert_eq!([31, 32, 115, 119].map(|i| w.actor(id).unwrap().attributes[i]), [6, 80, 64, 0x0D]);
}
