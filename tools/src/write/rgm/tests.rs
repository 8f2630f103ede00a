//! Round trips through the core reader.

use super::*;
use stros_core::formats::rgm::{FlatDraw, GroupKind, ModelPath, Rgm, SHIPPED_ORDER};

fn cyrus() -> ActorDesc {
    let mut attributes = [0u8; 256];
    attributes[1] = 0x0D;
    attributes[6] = 40;
    attributes[115] = 40;
    attributes[11] = 1;
    attributes[12] = 8;
    let mut raex = [0i16; 15];
    raex[0] = 101;
    raex[9] = 0; // sphere scale 0 → 256
    raex[14] = -7;
    ActorDesc {
        name: b"CYRUS".to_vec(),
        instances: 1,
        raan: vec![
            RaanDesc { frame_count: 6, model_type: b'c', path: b"3dart\\cyrsa001.3dc".to_vec() },
            RaanDesc { frame_count: 2, model_type: b'c', path: b"3dart\\cyrsb002.3dc".to_vec() },
        ],
        anim_control_prefix: 0,
        anim_frame_data: 9,
        anim_speed: [3, 1, 0, 0],
        groups: vec![
            GroupDesc {
                number: 0,
                anim_id: 2,
                kind: 0,
                commands: vec![
                    Command::ShowFrame { frame: 0 },
                    Command::ShowFrame { frame: 1 },
                    Command::GoToPrevious { target: 0 },
                ],
            },
            GroupDesc {
                number: 20,
                anim_id: 0x0301,
                kind: 1,
                commands: vec![
                    Command::ShowFrame { frame: 2 },
                    Command::BreakPoint { operand: 0 },
                    Command::ShowFrame { frame: 3 },
                    Command::ShowFrame { frame: 4 },
                    Command::GoToFuture { target: 6 },
                    Command::GoToPrevious { target: 0 },
                    Command::ShowFrame { frame: 7 },
                    Command::PlaySound { effect: 12, rate: -2 },
                    Command::EndAnimation { operand: 0 },
                ],
            },
        ],
        attributes,
        raex,
        bounds: [0, 1, -1],
        texture_set: 0,
        script: vec![0x01, 0x02, 0x03, 0x04, 0x05],
        script_pc: 2,
        variables: vec![7, -1],
        strings: vec![b"Hello".to_vec(), b"World".to_vec()],
        hook: vec![0x10, 0x00, 1, 4, 0xAA, 0xBB, 0xCC, 0xDD],
        locations: vec![[256, 0, -512]],
        namespace: b"Cyrus".to_vec(),
        vertex_spheres: Vec::new(),
    }
}

fn flag() -> ActorDesc {
    ActorDesc {
        name: b"FLAG2".to_vec(),
        raan: vec![RaanDesc { frame_count: 4, model_type: b's', path: b"fxart\\FLAG2.3DC".to_vec() }],
        anim_frame_data: 4,
        groups: vec![
            GroupDesc {
                number: 0,
                anim_id: 1,
                kind: 2,
                commands: vec![Command::ShowFrame { frame: 0 }, Command::GoToPrevious { target: 0 }],
            },
            GroupDesc {
                number: 1,
                anim_id: 1,
                kind: 0,
                commands: vec![
                    Command::ShowFrame { frame: 1 },
                    Command::DelayCounter { value: 255 },
                    Command::Transition { mask: 4, start: 0, target: 3 },
                    Command::EndAnimation { operand: 0 },
                ],
            },
            GroupDesc {
                number: 10,
                anim_id: 0,
                kind: 0,
                commands: vec![Command::ShowFrame { frame: 3 }, Command::EndAnimation { operand: 0 }],
            },
        ],
        raex: [0, 0, 0, 0, 0, 0, 0, 0, 0, 128, 0, 0, 0, 0, 0],
        ..ActorDesc::default()
    }
}

fn scene() -> RgmDesc {
    RgmDesc {
        actors: vec![cyrus(), flag()],
        mpob: vec![
            MpobDesc {
                id: 11,
                object_type: 1,
                activation: 0,
                script_name: b"FLAG2".to_vec(),
                model_name: b"FLAG2".to_vec(),
                is_static: 4,
                position: [-3000, -240, 40000],
                angles: [0, 2560, 7],
                texture: -1,
                intensity: 3,
                radius: 4,
                model_id: -1,
                world_id: 2,
                rgb: [10, -20, 30],
            },
            MpobDesc {
                id: 12,
                object_type: 1,
                script_name: b"BARREL".to_vec(),
                model_name: b"BARRELXYZ".to_vec(),
                is_static: 1,
                position: [8_388_607, -8_388_608, 16_777_215],
                model_id: 3,
                ..MpobDesc::default()
            },
        ],
        mpso: vec![
            MpsoDesc {
                id: 1,
                model_name: b"PALMTREE.3D".to_vec(),
                position: [100, -5, 200],
                matrix: [1 << 28, 0, 0, 0, 1 << 28, 0, 0, 0, 1 << 28],
            },
            MpsoDesc {
                id: 2,
                model_name: b"WALL12345678".to_vec(),
                position: [600, 0, 700],
                matrix: [0, 0, -(1 << 28), 0, 1 << 28, 0, 1 << 28, 0, 0],
            },
        ],
        markers: vec![
            MarkerDesc { position: [1000, -240, 2000], aux: 1 },
            MarkerDesc { position: [-1, 2, -3], aux: 0 },
        ],
        mpsz: vec![
            MpszDesc::from_extents([24, 62, 11], [24, 66, 38]),
            MpszDesc {
                flag: 0,
                total: [200, 20, 30],
                centre: [0; 3],
                positive: [100, 10, 15],
                negative: [100, 10, 15],
            },
        ],
        flat: vec![
            FlatDesc { archive: 7, image: 1, flags: 2, alpha: 3 },
            FlatDesc { archive: 2, image: 9, flags: 0, alpha: 255 },
            FlatDesc { archive: 7, image: 4, flags: 5, alpha: 6 },
        ],
        wdnm: vec![walk_map([1, 2, 3], 9, &[WalkNodeDesc { position: [10, -2, 30], routes: vec![(0, 5)] }])],
        mprp: vec![rope()],
        mpsl: lights(),
        mpsf: vec![
            MpsfDesc { id: 4, position: [-1, 2, 0xFF_FFFF], texture_data: 7 << 7 | 4 },
            MpsfDesc { id: 5, position: [-(1 << 23), (1 << 23) - 1, 0], texture_data: 2 << 7 | 9 },
            MpsfDesc { id: 6, position: [0; 3], texture_data: 3 << 7 | 1 },
        ],
        ..RgmDesc::default()
    }
}

fn rope() -> MprpDesc {
    MprpDesc {
        id: 9,
        position: [-100, 2000, -(1 << 23)],
        angle_y: -1,
        rope_type: 1,
        swing: 40,
        speed: 3,
        length: 12,
        static_model: b"ROPEEND".to_vec(),
        rope_model: b"ROPELINK9".to_vec(),
        sounds: [0, 57, 58],
        trailing: [0, 0, 0, 7],
    }
}

fn lights() -> Vec<MpslDesc> {
    let lit = MpslDesc {
        link: 0x42,
        world_id: 2,
        position: [1 << 24, -5, 77],
        radius: 600,
        field_16: -1,
        rgb: [255, -64, 0],
        field_1e: 3,
        active: 1,
        field_20: [1, 2, 3, 4, 5, 6],
        field_26: [7, 8, 9, 10],
    };
    vec![lit, MpslDesc { world_id: 3, ..lit }, MpslDesc { active: 2, ..lit }]
}

#[test]
fn round_trip_every_field() {
    let desc = scene();
    let bytes = to_bytes(&desc);
    assert_eq!(bytes, to_bytes(&desc), "deterministic");
    let rgm = Rgm::new_checked(&bytes).unwrap();

    let order: Vec<[u8; 4]> = rgm.sections().map(|s| s.tag).collect();
    let expect: Vec<[u8; 4]> = SHIPPED_ORDER.iter().copied().filter(|t| *t != tag::RAVC).collect();
    assert_eq!(order, expect);
    assert_eq!(rgm.rafs(), &[0]);
    assert_eq!(rgm.rahd().fixed(), rahd::FIXED_SHIPPED);
    assert_eq!(&rgm.rava()[..4], &[0; 4], "RAVA sentinel");

    assert_eq!(rgm.rahd().len(), desc.actors.len());
    for (i, d) in desc.actors.iter().enumerate() {
        let a = rgm.actor(i).unwrap();
        assert_eq!(a.name(), &d.name[..]);
        let h = a.header();
        assert_eq!(h.instances(), d.instances);
        assert_eq!(h.anim_control_prefix(), d.anim_control_prefix);
        assert_eq!(h.anim_frame_data(), d.anim_frame_data);
        assert_eq!(h.anim_speed(), d.anim_speed);
        assert_eq!(h.texture_set(), d.texture_set);
        assert_eq!([h.bounds_primary(), h.bounds_secondary(), h.bounds_tertiary()], d.bounds);
        assert_eq!(a.model_path(), ModelPath::AnimationTable);
        assert_eq!(a.attributes(), &d.attributes);
        assert_eq!(a.extra().unwrap().values(), d.raex);
        let entries: Vec<_> = a.raan_entries().collect();
        assert_eq!(entries.len(), d.raan.len());
        for (e, de) in entries.iter().zip(&d.raan) {
            assert_eq!((e.frame_count, e.model_type, e.path), (de.frame_count, de.model_type, &de.path[..]));
        }
        assert_eq!(a.frame_table_len(), d.raan.iter().map(|e| e.frame_count as u32).sum::<u32>());
        let groups: Vec<_> = a.groups().collect();
        assert_eq!(groups.len(), d.groups.len());
        for (g, dg) in groups.iter().zip(&d.groups) {
            assert_eq!((g.number(), g.anim_id(), g.type_word()), (dg.number, dg.anim_id, dg.kind));
            assert_eq!(g.commands().collect::<Vec<_>>(), dg.commands);
            assert_eq!(a.group(dg.number), Some(*g));
        }
        assert_eq!(a.script(), &d.script[..]);
        assert_eq!(a.script_pc(), d.script_pc);
        let vars: Vec<i32> = (0..d.variables.len()).map(|k| a.variable(k).unwrap()).collect();
        assert_eq!(vars, d.variables);
        let strings: Vec<&[u8]> = (0..d.strings.len()).map(|k| a.string(k).unwrap()).collect();
        assert_eq!(strings, d.strings.iter().map(|s| &s[..]).collect::<Vec<_>>());
        assert_eq!(a.hook().unwrap_or(&[]), &d.hook[..]);
        assert_eq!(a.locations().collect::<Vec<_>>(), d.locations);
        assert_eq!(a.namespace(), &d.namespace[..]);
    }
    let cy = rgm.actor_by_name(b"cyrus").unwrap();
    let walk = cy.group(20).unwrap();
    assert_eq!((walk.kind(), walk.countdown_reload(), walk.len()), (GroupKind::MustComplete, 1, 9));
    assert_eq!(cy.frame(7).unwrap().entry.model_name::<8>().unwrap().as_slice(), b"CYRSB002");
    let b = cy.bounds();
    assert_eq!(b.primary.unwrap().total(), [48, 128, 49]);
    assert_eq!(b.secondary.unwrap().positive(), [100, 10, 15]);
    assert!(b.tertiary.is_none());
    let fl = rgm.actor(1).unwrap();
    assert_eq!(fl.extra().unwrap().sphere_scale(), 128);
    assert_eq!(cy.extra().unwrap().sphere_scale(), 256);
    assert_eq!(fl.hook(), None);
    assert_eq!(fl.group(1).unwrap().command(1).unwrap().delay_byte(), Some(255));

    assert_eq!(rgm.mpob().len(), desc.mpob.len());
    for (o, d) in rgm.mpob().iter().zip(&desc.mpob) {
        assert_eq!(
            (o.id(), o.object_type(), o.activation(), o.is_static()),
            (d.id, d.object_type, d.activation, d.is_static)
        );
        assert_eq!((o.script_name(), o.model_name()), (&d.script_name[..], &d.model_name[..]));
        assert_eq!((o.position(), o.angles()), (d.position, d.angles));
        assert_eq!(
            (o.texture(), o.intensity(), o.radius(), o.model_id(), o.world_id()),
            (d.texture, d.intensity, d.radius, d.model_id, d.world_id)
        );
        assert_eq!(o.rgb(), d.rgb);
    }
    assert_eq!(rgm.mpso().len(), desc.mpso.len());
    for (s, d) in rgm.mpso().iter().zip(&desc.mpso) {
        assert_eq!(
            (s.id(), s.model_name(), s.position(), s.matrix_raw()),
            (d.id, &d.model_name[..], d.position, d.matrix)
        );
    }
    assert_eq!(rgm.mpso().get(1).unwrap().matrix()[0], [0.0, 0.0, -1.0]);
    let markers: Vec<_> =
        rgm.mpmk().iter().map(|m| MarkerDesc { position: m.position, aux: m.aux }).collect();
    assert_eq!(markers, desc.markers);
    assert!(rgm.mpmk().get(0).unwrap().usable() && !rgm.mpmk().get(1).unwrap().usable());
    let sizes: Vec<_> = rgm
        .mpsz()
        .iter()
        .map(|z| MpszDesc {
            flag: z.flag(),
            total: z.total(),
            centre: z.centre(),
            positive: z.positive(),
            negative: z.negative(),
        })
        .collect();
    assert_eq!(sizes, desc.mpsz);
    let flat = rgm.flat();
    assert_eq!((flat.count(2), flat.count(7)), (1, 2));
    assert_eq!(flat.records(7), &[[1, 2, 3], [4, 5, 6]]);
    assert_eq!(flat.records(2), &[[9, 0, 255]]);
    let maps: Vec<_> = rgm.wdnm().walk_maps().collect();
    assert_eq!((maps.len(), maps[0].position(), maps[0].radius()), (1, [1, 2, 3], 9));
    let node = maps[0].nodes().next().unwrap();
    assert_eq!(
        ([node.x(), node.z()], node.y(), node.routes().collect::<Vec<_>>()),
        ([10, 30], -2, vec![(0, 5)])
    );
    placed_round_trip(&rgm, &desc);
}

/// The ropes, lights and flats read back field by field equal their descriptions.
fn placed_round_trip(rgm: &Rgm<'_>, desc: &RgmDesc) {
    let ropes: Vec<_> = rgm
        .mprp()
        .iter()
        .map(|r| MprpDesc {
            id: r.id(),
            position: r.position(),
            angle_y: r.angle_y(),
            rope_type: r.rope_type(),
            swing: r.swing(),
            speed: r.speed(),
            length: r.length(),
            static_model: r.static_model().to_vec(),
            rope_model: r.rope_model().to_vec(),
            sounds: r.sounds(),
            trailing: r.trailing(),
        })
        .collect();
    assert_eq!(ropes, desc.mprp);
    let lights: Vec<_> = rgm
        .mpsl()
        .iter()
        .map(|l| MpslDesc {
            link: l.link(),
            world_id: l.world_id(),
            position: l.position(),
            radius: l.radius(),
            field_16: l.field_16(),
            rgb: l.rgb(),
            field_1e: l.field_1e(),
            active: l.active(),
            field_20: l.field_20(),
            field_26: l.field_26(),
        })
        .collect();
    assert_eq!(lights, desc.mpsl);
    let flats: Vec<_> = rgm
        .mpsf()
        .iter()
        .map(|f| MpsfDesc { id: f.id(), position: f.position(), texture_data: f.texture_data() })
        .collect();
    assert_eq!(flats, desc.mpsf);
    assert!(rgm.mpsf().iter().all(|f| (f.reserved(), f.reserved_16()) == (0, 0)));
    assert!(rgm.mprp().iter().all(|r| r.reserved() == 0));
}

#[test]
fn placed_things_read_as_the_engine_uses_them() {
    let bytes = to_bytes(&scene());
    let rgm = Rgm::new_checked(&bytes).unwrap();
    // The rope's heading −1 is yaw 2047.
    assert_eq!(rgm.mprp().get(0).unwrap().yaw(), 2047);
    // World 2 keeps light 0 only: light 1 is world 3, light 2 has active byte 2.
    let lights = rgm.mpsl();
    let picked = |w| lights.selected(w).collect::<Vec<_>>();
    assert_eq!((picked(2), picked(3)), (vec![lights.get(0).unwrap()], vec![lights.get(1).unwrap()]));
    assert!(picked(4).is_empty());
    assert!(!rgm.mpsl().get(2).unwrap().selected_for(2));
    // The scene's FLAT: archive 7 lists images 1 (flags 2, alpha 3) and 4 (5, 6);
    // archive 2 image 9 (0, 255). Flat 0 shows 7/4: flags 1 | 5 = 5, alpha 6 + 1 = 7.
    // Flat 1 shows 2/9: flags 1 | 0 = 1, alpha 255 + 1 = 256. Flat 2 shows 3/1, which
    // FLAT does not list: flags 1, alpha 255.
    let flat = rgm.flat();
    let draws: Vec<_> = rgm.mpsf().iter().map(|f| (f.texture_id(), f.image_id(), f.draw(&flat))).collect();
    assert_eq!(
        draws,
        [
            (7, 4, FlatDraw { flags: 5, alpha: 7 }),
            (2, 9, FlatDraw { flags: 1, alpha: 256 }),
            (3, 1, FlatDraw { flags: 1, alpha: 255 }),
        ]
    );
}

#[test]
fn placed_records_land_at_the_documented_offsets() {
    // Spot checks against {D:formats/RGM.md}'s tables, with literal offsets.
    let f = MpsfDesc { id: 1, position: [-1, 0, 0x80_0000], texture_data: 0x1234 }.to_record().unwrap();
    assert_eq!(
        (&f[0x08..0x0B], &f[0x10..0x13], &f[0x14..0x16]),
        (&[0xFF; 3][..], &[0, 0, 0x80][..], &[0x34, 0x12][..])
    );
    let l = lights()[0].to_record();
    assert_eq!((l[0x04], &l[0x08..0x0C], l[0x1E], l[0x1F]), (2, &(1i32 << 24).to_le_bytes()[..], 3, 1));
    assert_eq!((&l[0x18..0x1A], &l[0x26..0x2A]), (&255i16.to_le_bytes()[..], &[7, 8, 9, 10][..]));
    let r = rope().to_record().unwrap();
    assert_eq!((&r[0x0D..0x10], &r[0x10..0x14]), (&[0, 0, 0x80][..], &[0xFF; 4][..]));
    assert_eq!(
        (&r[0x20..0x22], &r[0x22..0x2A], &r[0x2B..0x34]),
        (&[12, 0][..], &b"ROPEEND\0"[..], &b"ROPELINK9"[..])
    );
    assert_eq!((&r[0x38..0x3C], &r[0x4C..0x50]), (&[57, 0, 0, 0][..], &[7, 0, 0, 0][..]));
}

#[test]
fn every_prefix_is_an_error() {
    let bytes = to_bytes(&scene());
    for n in 0..bytes.len() {
        assert!(Rgm::new_checked(&bytes[..n]).is_err(), "prefix {n}");
    }
}

#[test]
fn empty_scene() {
    let bytes = to_bytes(&RgmDesc::default());
    let rgm = Rgm::new_checked(&bytes).unwrap();
    assert_eq!(rgm.sections().count(), SHIPPED_ORDER.len() - 1);
    assert_eq!(rgm.flat().raw().len(), 1024);
    assert!(rgm.rahd().is_empty());
}

#[test]
fn bad_descriptions() {
    let mut d = scene();
    d.actors[0].groups[0].commands.push(Command::ShowFrame { frame: 1 << 20 });
    assert_eq!(try_to_bytes(&d), Err(RgmWriteError::Unencodable { actor: 0, group: 0, index: 3 }));
    let mut d = scene();
    d.actors[1].name = b"ABCDEFGHI".to_vec();
    assert!(matches!(try_to_bytes(&d), Err(RgmWriteError::NameTooLong { .. })));
    let mut d = scene();
    d.mpob[0].position[2] = -1;
    assert!(matches!(try_to_bytes(&d), Err(RgmWriteError::OutOfRange(_))));
    let mut d = scene();
    d.mpsf[0].position[2] = -1; // Z is u24
    assert_eq!(try_to_bytes(&d), Err(RgmWriteError::OutOfRange("MPSF z")));
    let mut d = scene();
    d.mprp[0].position[2] = 1 << 23; // Z is i24
    assert_eq!(try_to_bytes(&d), Err(RgmWriteError::OutOfRange("MPRP z")));
    let mut d = scene();
    d.mprp[0].rope_model = b"ROPELINK10".to_vec();
    assert!(matches!(try_to_bytes(&d), Err(RgmWriteError::NameTooLong { what: "MPRP rope model", .. })));
    // The writer does not validate semantics, and neither does the reader: a repeated
    // group number loads, and the instance installs the later entry (group 20's walk).
    let mut d = scene();
    d.actors[0].groups[1].number = 0;
    let bytes = to_bytes(&d);
    let rgm = Rgm::new_checked(&bytes).unwrap();
    let set = stros_core::anim::AnimSet::from_actor(&rgm.actor(0).unwrap()).unwrap();
    assert_eq!(set.group(0).unwrap().command(1), Some(Command::BreakPoint { operand: 0 }));
    assert!(!set.has(20));
}

/// Reads everything an engine would read; must not panic on any accepted input.
fn touch(rgm: &Rgm<'_>) -> usize {
    let mut n = rgm.sections().count();
    for a in rgm.actors() {
        n += a.attributes().len() + a.extra().map_or(0, |x| x.values().len());
        n += a.raan_entries().map(|e| e.stem().len()).sum::<usize>();
        n += (0..a.frame_table_len() + 2).filter_map(|i| a.frame(i)).count();
        n += a.groups().map(|g| g.commands().count()).sum::<usize>();
        n += a.script().len() + a.variables().len() + a.string_offsets().len() + a.namespace().len();
        n += a.hook().map_or(0, <[u8]>::len) + a.locations().count() + a.vertex_spheres().count();
        let b = a.bounds();
        n += [b.primary, b.secondary, b.tertiary].iter().flatten().count();
        n += (0..4).filter_map(|k| a.string(k)).count();
    }
    n += rgm.mpob().iter().count() + rgm.mpso().iter().count() + rgm.mpmk().iter().count();
    n += rgm.mpsz().iter().count() + rgm.wdnm().maps().count() + rgm.flat().records(511).len();
    n += rgm.mprp().iter().map(|r| r.rope_model().len() + r.yaw() as usize).sum::<usize>();
    n += rgm.mpsl().selected(2).count() + rgm.flat().iter().count();
    n += rgm.mpsf().iter().map(|f| f.draw(&rgm.flat()).alpha as usize).sum::<usize>();
    n
}

#[test]
fn corrupted_bytes_never_panic() {
    let bytes = to_bytes(&scene());
    let mut accepted = 0;
    for i in 0..bytes.len() {
        for v in [0x00, 0x01, 0x7F, 0x80, 0xFF] {
            let mut b = bytes.clone();
            b[i] = v;
            if let Ok(rgm) = Rgm::new_checked(&b) {
                accepted += 1;
                touch(&rgm);
            }
        }
    }
    assert!(accepted > 0);
}

#[test]
fn inspect_prints_the_placed_things() {
    let bytes = to_bytes(&scene());
    let v = crate::inspect::inspect(crate::exercise::Kind::Rgm, &bytes).unwrap();
    // Flat 0: archive 7 image 4 = 7·128 + 4 = 900, drawn with flags 1 | 5 and alpha 6 + 1.
    let f = &v["flats"][0];
    assert_eq!((&f["texture_data"], &f["texture_id"], &f["image_id"]), (&900.into(), &7.into(), &4.into()));
    assert_eq!((&f["draw_flags"], &f["draw_alpha"]), (&5.into(), &7.into()));
    let l = &v["lights"][1];
    assert_eq!(
        (&l["world_id"], &l["active"], &l["rgb"]),
        (&3.into(), &1.into(), &serde_json::json!([255, -64, 0]))
    );
    let r = &v["ropes"][0];
    assert_eq!((&r["yaw"], &r["rope_model"], &r["length"]), (&2047.into(), &"ROPELINK9".into(), &12.into()));
    assert_eq!(v["flat_attributes"].as_array().map(Vec::len), Some(3));
    assert_eq!(v["flat_attributes"][0]["archive"], 2, "ascending archive order");
}

#[test]
fn the_fuzz_body_reads_every_placed_byte() {
    // Flipping any byte of a rope, light or flat record changes what `exercise` (the rgm
    // fuzz target's body) read, except the bytes no accessor covers: the position pads
    // and the static model's bytes after its NUL ("ROPEEND\0" leaves 0x2A).
    let bytes = to_bytes(&scene());
    let rgm = Rgm::new_checked(&bytes).unwrap();
    let sum = |b: &[u8]| crate::exercise::exercise(crate::exercise::Kind::Rgm, b).unwrap();
    let base = sum(&bytes);
    let sections = [
        (tag::MPRP, stros_core::formats::rgm::mprp::RECORD, &[0x08, 0x0C, 0x2A][..]),
        (tag::MPSL, stros_core::formats::rgm::mpsl::RECORD, &[][..]),
        (tag::MPSF, stros_core::formats::rgm::mpsf::RECORD, &[0x0B, 0x0F, 0x13][..]),
    ];
    for (t, size, unread) in sections {
        let start = rgm.payload_offset(t) + 4;
        for k in (0..rgm.payload(t).len() - 4).filter(|k| !unread.contains(&(k % size))) {
            let mut b = bytes.clone();
            b[start + k] ^= 0x41;
            assert_ne!(sum(&b), base, "{} byte {k}", String::from_utf8_lossy(&t));
        }
    }
}

/// The rgm fuzz seeds with ropes, lights and flats (`tools/fuzz/seeds/rgm/placed-*`).
fn placed_seeds() -> [(&'static str, RgmDesc); 3] {
    let lava = MpobDesc {
        id: 30,
        object_type: 3,
        script_name: b"LAVABUB1".to_vec(),
        texture: (5 << 7 | 2) as i16,
        ..MpobDesc::default()
    };
    let flats = [(5, 2, 8, 0), (5, 2, 1, 9), (5, 3, 0, 255), (511, 127, 0x80, 1), (0, 0, 0x40, 200)];
    let mut worlds = Vec::new();
    for (k, (world_id, active)) in [(0, 1), (1, 1), (1, 0), (1, 2), (2, 1), (3, 1)].into_iter().enumerate() {
        let rgb = [k as i16 * 40, -(k as i16), 100];
        worlds.push(MpslDesc {
            world_id,
            active,
            position: [k as i32 * 1000, -50, 7],
            radius: 256,
            rgb,
            ..lights()[0]
        });
    }
    let small = RgmDesc {
        mpob: vec![lava],
        mprp: vec![rope(), MprpDesc { id: 10, static_model: Vec::new(), length: 0, ..rope() }],
        mpsl: worlds,
        mpsf: [5 << 7 | 2, 5 << 7 | 3, 0xFFFF, 0, 6 << 7 | 1]
            .into_iter()
            .enumerate()
            .map(|(k, texture_data)| MpsfDesc {
                id: k as u32,
                position: [k as i32, -(k as i32), 9],
                texture_data,
            })
            .collect(),
        flat: flats.map(|(archive, image, flags, alpha)| FlatDesc { archive, image, flags, alpha }).to_vec(),
        ..RgmDesc::default()
    };
    let extreme = RgmDesc {
        mprp: vec![MprpDesc {
            position: [-(1 << 23), (1 << 23) - 1, -1],
            angle_y: i32::MIN,
            length: i16::MIN,
            sounds: [i32::MAX, -1, 0],
            trailing: [i32::MIN; 4],
            ..rope()
        }],
        mpsl: vec![MpslDesc {
            world_id: u32::MAX,
            position: [i32::MIN, i32::MAX, 0],
            active: 1,
            ..lights()[0]
        }],
        mpsf: vec![MpsfDesc {
            id: u32::MAX,
            position: [-(1 << 23), (1 << 23) - 1, (1 << 24) - 1],
            texture_data: 0xFF80,
        }],
        flat: (0..40).map(|a| FlatDesc { archive: a * 12, image: 0, flags: a as u8, alpha: 255 }).collect(),
        ..RgmDesc::default()
    };
    [("placed-00", scene()), ("placed-01", small), ("placed-02", extreme)]
}

#[test]
fn placed_fuzz_seeds_are_current() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/seeds/rgm");
    for (name, desc) in placed_seeds() {
        let bytes = to_bytes(&desc);
        let rgm = Rgm::new_checked(&bytes).unwrap();
        assert!(!rgm.mprp().is_empty() && !rgm.mpsl().is_empty() && !rgm.mpsf().is_empty(), "{name}");
        assert!(rgm.flat().iter().next().is_some(), "{name}");
        let path = dir.join(name);
        if std::env::var_os("STROS_BLESS").is_some() {
            std::fs::write(&path, &bytes).unwrap();
        }
        let committed = std::fs::read(&path)
            .unwrap_or_else(|e| panic!("{}: {e} (STROS_BLESS=1 writes it)", path.display()));
        assert!(committed == bytes, "{name} is stale (STROS_BLESS=1 rewrites it)");
    }
}

#[test]
fn vertex_spheres_round_trip_after_ranm() {
    let mut desc = scene();
    desc.actors[1].vertex_spheres = vec![([-3, 2, 127], 5, 40), ([0, -128, 1], 65_535, u32::MAX)];
    let bytes = to_bytes(&desc);
    let rgm = Rgm::new_checked(&bytes).unwrap();
    let order: Vec<[u8; 4]> = rgm.sections().map(|s| s.tag).collect();
    assert_eq!(order, SHIPPED_ORDER, "RAVC in its shipped place");
    // Two 9-byte records; the first actor has none (offset −1, count 0).
    assert_eq!(rgm.ravc().len(), 2);
    assert_eq!(rgm.actor(0).unwrap().vertex_span(), None);
    let golem = rgm.actor(1).unwrap();
    assert_eq!(golem.vertex_span(), Some((0, 2)));
    let got: Vec<_> = golem.vertex_spheres().map(|v| (v.offset, v.vertex, v.radius)).collect();
    assert_eq!(got, desc.actors[1].vertex_spheres);
}
