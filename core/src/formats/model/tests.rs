use super::*;

fn put(b: &mut [u8], off: usize, v: u32) {
    b[off..off + 4].copy_from_slice(&v.to_le_bytes());
}
fn put16(b: &mut [u8], off: usize, v: u16) {
    b[off..off + 2].copy_from_slice(&v.to_le_bytes());
}

// v5.0 model: 3 vertices, 2 triangles, Section4 with 2 nodes, normal table, vertex normals.
// Layout: header 0..64, faces 64..132 (2×34), vertices 132..168, face normals 168..192,
// frame 192..208, section4 208..(30+12)+(30+6)=286, table 286..310, vnormals 310..346.
const LEN: usize = 346;
fn v5() -> [u8; LEN] {
    let mut b = [0u8; LEN];
    b[0..4].copy_from_slice(b"v5.0");
    put(&mut b, field::VERTEX_COUNT, 3);
    put(&mut b, field::FACE_COUNT, 2);
    put(&mut b, field::RADIUS, 512);
    put(&mut b, field::FRAME_COUNT, 1);
    put(&mut b, field::FRAME_DATA_OFFSET, 192);
    put(&mut b, field::TOTAL_FACE_VERTICES, 6);
    put(&mut b, field::TOTAL_FACE_VERTICES_DUP, 6);
    put(&mut b, field::SECTION4_OFFSET, 208);
    put(&mut b, field::SECTION4_COUNT, 2);
    put(&mut b, field::NORMAL_INDEX_OFFSET, 286);
    put(&mut b, field::VERTEX_NORMAL_OFFSET, 310);
    put(&mut b, field::VERTEX_OFFSET, 132);
    put(&mut b, field::FACE_NORMAL_OFFSET, 168);
    put(&mut b, field::FACE_DATA_OFFSET, 64);
    for f in 0..2usize {
        let o = 64 + 34 * f;
        b[o] = 3;
        b[o + 1] = if f == 0 { 0xFF } else { 61 };
        put(&mut b, o + 2, if f == 0 { 0xFFF0_2A00 } else { ((4_000_000 + 250 * 3) << 8) | 42 });
        for k in 0..3usize {
            let v = o + 10 + 8 * k;
            put(&mut b, v, if f == 0 { k as u32 } else { 2 - k as u32 });
            put16(&mut b, v + 4, 16 * k as u16);
            put16(&mut b, v + 6, (-8i16 * k as i16) as u16);
        }
    }
    for (i, c) in [[0, 0, 0], [256, 0, 0], [0, -256, 512]].iter().enumerate() {
        for (j, x) in c.iter().enumerate() {
            put(&mut b, 132 + 12 * i + 4 * j, *x as u32);
        }
    }
    put(&mut b, 168 + 8, 256);
    put(&mut b, 180 + 4, (-256i32) as u32);
    put(&mut b, 192, 132);
    put(&mut b, 196, 168);
    // node 0: faces 1, 0; node 1: face 1 again.
    put(&mut b, 208, 10);
    put(&mut b, 212, (-20i32) as u32);
    put(&mut b, 216, 30);
    put(&mut b, 220, 700);
    put16(&mut b, 224, 2);
    b[226..230].copy_from_slice(&1.0f32.to_le_bytes());
    b[230..234].copy_from_slice(&0.5f32.to_le_bytes());
    b[234..238].copy_from_slice(&f32::NAN.to_le_bytes());
    put(&mut b, 238, 98);
    put16(&mut b, 242, 4);
    put(&mut b, 244, 64);
    put16(&mut b, 248, 0);
    put16(&mut b, 250 + 16, 1);
    put(&mut b, 280, 98);
    put16(&mut b, 284, 4);
    for k in 0..6usize {
        put(&mut b, 286 + 4 * k, 310 + 12 * (k as u32 % 3));
    }
    for c in 0..3usize {
        put(&mut b, 310 + 4 * c, NO_NORMAL_BITS);
        b[322 + 4 * c..326 + 4 * c].copy_from_slice(&0.25f32.to_le_bytes());
    }
    b
}

#[test]
fn v5_fields() {
    let b = v5();
    let m = Model::new_checked(&b).unwrap();
    assert_eq!(m.version(), Some(Version::V5_0));
    assert_eq!((m.vertex_count(), m.face_count(), m.radius()), (3, 2, 512));
    assert_eq!(m.vertex(2), Some([0, -256, 512]));
    assert_eq!(m.vertex(3), None);
    assert_eq!(m.vertices().count(), 3);
    assert_eq!(m.face_normal(0), Some([0, 0, 256]));
    assert_eq!(m.face_normal(1), Some([0, -256, 0]));
    let f0 = m.face(0).unwrap();
    assert_eq!((f0.vertex_count(), f0.tex_hi(), f0.offset(), f0.record_len()), (3, 0xFF, 64, 34));
    assert_eq!(f0.texture(), Texture::Solid { colour: 0x2A });
    let f1 = m.face(1).unwrap();
    assert_eq!(f1.texture(), Texture::Image { bank: 3, image: 2 + 10 });
    let mut vs = f1.vertices();
    assert_eq!(vs.next(), Some(FaceVertex { index: 2, du: 0, dv: 0, u: 0, v: 0 }));
    assert_eq!(vs.next(), Some(FaceVertex { index: 1, du: 16, dv: -8, u: 16, v: -8 }));
    assert_eq!(vs.next().map(|v| (v.u, v.v)), Some((48, -24)));
    assert_eq!(vs.next(), None);
    assert!(m.face(2).is_none());
    assert_eq!(
        m.frame(0),
        Some(FrameRecord { vertex_offset: 132, normal_offset: 168, reserved: 0, kind: 0 })
    );
    assert_eq!(m.frame_encoding(), FrameEncoding::Static);
    assert_eq!(m.frame_vertex(0, 1), Some([256, 0, 0]));
    assert_eq!(m.frame_vertex(1, 1), None);
    assert_eq!(m.normal_index_count(), 6);
    assert_eq!(m.normal_index(4), Some(1));
    assert_eq!(m.normal_index(6), None);
    assert!(is_no_normal(m.vertex_normal(0).unwrap()));
    assert_eq!(m.vertex_normal(1), Some([0.25; 3]));
    let subs = m.subobjects();
    assert_eq!(subs.clone().count(), 2);
    let mut it = m.runtime_subobjects();
    let s0 = it.next().unwrap();
    assert_eq!((s0.centre(), s0.radius(), s0.ref_count()), ([10, -20, 30], 700, 2));
    let e = s0.extents().unwrap();
    assert_eq!((e[0], e[1]), (1.0, 0.5));
    assert!(e[2].is_nan(), "non-finite extents are exposed as read");
    let mut idx = s0.face_indices();
    assert_eq!((idx.next(), idx.next(), idx.next()), (Some(1), Some(0), None));
    let r = s0.face_refs().next().unwrap();
    assert_eq!(m.face_at(r.face_offset, r.index).unwrap().texture_raw(), m.face(1).unwrap().texture_raw());
    let s1 = it.next().unwrap();
    assert_eq!(s1.offset(), 250);
    assert_eq!(s1.face_indices().next(), Some(1));
    assert!(it.next().is_none());
}

fn expect(b: &[u8], kind: ErrorKind, offset: usize) {
    assert_eq!(Model::new_checked(b).unwrap_err(), FormatError::new(Format::Model, kind, offset));
}

#[test]
fn v5_errors() {
    let good = v5();
    for n in 0..LEN {
        assert!(Model::new_checked(&good[..n]).is_err(), "prefix {n}");
    }
    let mut b = good;
    b[3] = b'1';
    expect(&b, ErrorKind::BadMagic, 0);
    let mut b = good;
    put(&mut b, 64 + 10 + 8, 3);
    expect(&b, ErrorKind::OutOfRange, 64 + 18);
    let mut b = good;
    b[64] = 0;
    expect(&b, ErrorKind::Invalid("face without vertices"), 64);
    let mut b = good;
    b[64] = 255;
    expect(&b, ErrorKind::Truncated, 64);
    let mut b = good;
    put(&mut b, field::VERTEX_COUNT, u32::MAX);
    expect(&b, ErrorKind::TooMany, field::VERTEX_COUNT);
    let mut b = good;
    put(&mut b, field::FACE_COUNT, 0x4000_0000);
    expect(&b, ErrorKind::TooMany, field::FACE_COUNT);
    let mut b = good;
    put(&mut b, field::TOTAL_FACE_VERTICES, 5);
    expect(&b, ErrorKind::BadSize, field::TOTAL_FACE_VERTICES);
    let mut b = good;
    put(&mut b, field::SECTION4_COUNT, u32::MAX);
    expect(&b, ErrorKind::TooMany, field::SECTION4_COUNT);
    let mut b = good;
    put16(&mut b, 248, 2); // index not a multiple of 4
    expect(&b, ErrorKind::OutOfRange, 244 + field::REF_FACE_INDEX);
    let mut b = good;
    put16(&mut b, 248, 8); // face 2 of 2
    expect(&b, ErrorKind::OutOfRange, 244 + field::REF_FACE_INDEX);
    let mut b = good;
    put(&mut b, 244, 98); // offset of face 1, index of face 0
    expect(&b, ErrorKind::Invalid("face reference offset disagrees with its index"), 244);
    let mut b = good;
    put16(&mut b, 224, 0xFFFF);
    expect(&b, ErrorKind::Truncated, 238);
    let mut b = good;
    put(&mut b, 286, 311);
    expect(&b, ErrorKind::Invalid("normal index not on a record boundary"), 286);
    let mut b = good;
    put(&mut b, 286, 12);
    expect(&b, ErrorKind::OutOfRange, 286);
    let mut b = good;
    put(&mut b, 286, 310 + 36);
    expect(&b, ErrorKind::OutOfRange, 286);
    let mut b = good;
    put(&mut b, field::FACE_NORMAL_OFFSET, u32::MAX);
    expect(&b, ErrorKind::OutOfRange, field::FACE_NORMAL_OFFSET);
    let mut b = good;
    put(&mut b, field::FRAME_COUNT, u32::MAX);
    expect(&b, ErrorKind::TooMany, field::FRAME_COUNT);
    let mut b = good;
    put(&mut b, field::FRAME_COUNT, 2); // the second record is Section4 bytes, type 0
    expect(&b, ErrorKind::Invalid("later frames with a frame type that has no encoding"), 192 + 12);
    // Unchecked views of garbage never panic.
    let junk = [0xFFu8; 80];
    let m = Model::new_unchecked(&junk);
    assert!(m.faces().next().is_none() && m.subobjects().next().is_none() && m.vertex(0).is_none());
    let mut b = good;
    b[64] = 200;
    let m = Model::new_unchecked(&b);
    assert_eq!(m.faces().count(), 0);
    assert_eq!(m.frame_vertex(5, 0), None);
}

#[test]
fn v4_section4_is_not_kept_at_run_time() {
    // v4.0: 1 vertex, 1 one-corner face, an 18-byte node referencing it.
    let mut b = [0u8; 64 + 18 + 12 + 12 + 18 + 6];
    b[0..4].copy_from_slice(b"v4.0");
    put(&mut b, field::VERTEX_COUNT, 1);
    put(&mut b, field::FACE_COUNT, 1);
    put(&mut b, field::TOTAL_FACE_VERTICES, 1);
    put(&mut b, field::FACE_DATA_OFFSET, 64);
    put(&mut b, field::VERTEX_OFFSET, 82);
    put(&mut b, field::FACE_NORMAL_OFFSET, 94);
    put(&mut b, field::SECTION4_OFFSET, 106);
    put(&mut b, field::SECTION4_COUNT, 1);
    b[64] = 1;
    put(&mut b, 106 + 12, 99);
    put16(&mut b, 106 + 16, 1);
    put(&mut b, 124, 64);
    let m = Model::new_checked(&b).unwrap();
    let s = m.subobjects().next().unwrap();
    assert_eq!((s.radius(), s.extents(), s.face_indices().next()), (99, None, Some(0)));
    assert!(m.runtime_subobjects().next().is_none());
}

#[test]
fn frames_decode_by_type() {
    // v4.0 3DC: 1 vertex, 1 face, 4 frames; frame 0 type given per case.
    // header 64, face 64..82, vertex 82..94, normal 94..106, frames 106..170, data 170..
    let mut b = [0u8; 170 + 12 + 4 + 12 + 4 + 12 + 4];
    b[0..4].copy_from_slice(b"v4.0");
    put(&mut b, field::VERTEX_COUNT, 1);
    put(&mut b, field::FACE_COUNT, 1);
    put(&mut b, field::TOTAL_FACE_VERTICES, 1);
    put(&mut b, field::FACE_DATA_OFFSET, 64);
    put(&mut b, field::VERTEX_OFFSET, 82);
    put(&mut b, field::FACE_NORMAL_OFFSET, 94);
    put(&mut b, field::FRAME_COUNT, 4);
    put(&mut b, field::FRAME_DATA_OFFSET, 106);
    b[64] = 1;
    put(&mut b, 82, 1000);
    put(&mut b, 86, (-1000i32) as u32);
    put(&mut b, 90, 0);
    for f in 1..4usize {
        put(&mut b, 106 + 16 * f, 170 + 16 * (f as u32 - 1));
        put(&mut b, 106 + 16 * f + 4, 170 + 16 * (f as u32 - 1) + 12);
    }
    // Frame 1 data as i32 / i16 / i8 depending on the type.
    put(&mut b, 170, 0x0000_0102); // i16: 258, 0 ; i8: 2, 1, 0 ; i32: 258
    put(&mut b, 174, 0xFFFF_FFFF);
    put(&mut b, 178, 7);
    put(&mut b, 182, 0x3FF | (5 << 10) | (0x200 << 20) | (3 << 30));
    let mut case = |t: u32, want: Option<[i32; 3]>| {
        put(&mut b, 106 + 12, t);
        let m = Model::new_checked(&b).unwrap();
        assert_eq!(m.frame_vertex(1, 0), want, "type {t}");
        assert_eq!(m.frame_vertex(0, 0), Some([1000, -1000, 0]));
        if want.is_some() {
            assert_eq!(m.frame_face_normal(1, 0), Some([-1, 5, -512]));
        }
    };
    case(4, Some([258, -1, 7]));
    case(2, Some([1000 - 258, -1000, 1]));
    case(0x12, Some([1000 - 258 * 256, -1000, 256]));
    case(1, Some([1000 - 512, -1000 - 256, 0]));
    put(&mut b, 106 + 12, 2);
    let m = Model::new_checked(&b).unwrap();
    assert_eq!(m.frame_vertex_map(1, 0), Some([(1000.0 - 258.0) / 256.0, -1000.0 / 256.0, 1.0 / 256.0]));
    assert_eq!(m.frame_vertex(4, 0), None);
    put(&mut b, 106 + 12, 8);
    expect(&b, ErrorKind::Invalid("later frames with a frame type that has no encoding"), 106 + 12);
    put(&mut b, field::FRAME_COUNT, 1);
    let m = Model::new_checked(&b).unwrap();
    assert_eq!(m.frame_encoding(), FrameEncoding::SingleStatic);
    put(&mut b, field::FRAME_COUNT, 4);
    put(&mut b, 106 + 12, 4);
    put(&mut b, 106 + 48, 210); // frame 3 vertices past the end
    expect(&b, ErrorKind::OutOfRange, 106 + 48);
}

#[test]
fn v2_faces_use_byte_offsets() {
    // v2.7: 2 vertices at 112, faces at 64 (one 2-corner face, 24 bytes), 24 bytes of vertices.
    let mut b = [0u8; 136];
    b[0..4].copy_from_slice(b"v2.7");
    put(&mut b, field::VERTEX_COUNT, 2);
    put(&mut b, field::FACE_COUNT, 1);
    put(&mut b, field::FACE_DATA_OFFSET, 64);
    put(&mut b, field::VERTEX_OFFSET, 112);
    put(&mut b, field::TOTAL_FACE_VERTICES, 0xDEAD); // a normal offset in v2: ignored
    b[64] = 2;
    put16(&mut b, 66, (5 << 7) | 9);
    put(&mut b, 72 + 8, 12);
    put(&mut b, 124, 77);
    let m = Model::new_checked(&b).unwrap();
    assert_eq!(m.version(), Some(Version::V2_7));
    let f = m.face(0).unwrap();
    assert_eq!(f.record_len(), 24);
    assert_eq!(f.texture(), Texture::Image { bank: 5, image: 9 });
    assert_eq!(f.vertices().map(|v| v.index).nth(1), Some(1));
    assert_eq!(m.vertex(1), Some([77, 0, 0]));
    assert_eq!(m.face_normal(0), None);
    assert!(m.subobjects().next().is_none());
    put(&mut b, 72 + 8, 13);
    expect(&b, ErrorKind::Invalid("vertex offset not a multiple of 12"), 80);
    put(&mut b, 72 + 8, 24);
    expect(&b, ErrorKind::OutOfRange, 80);
    assert_eq!(Texture::from_v2(0x00C3), Texture::Solid { colour: 0xC3 });
}

#[test]
fn texture_words() {
    assert_eq!(Texture::from_v4(0xFFF0_1234), Texture::Solid { colour: 0x12 });
    // a = 3, b = 20, c = 100: bank 123.
    let t = 250 * 3 + 1000 * 20 + 4000 * 100;
    assert_eq!(
        Texture::from_v4(((4_000_000 + t) << 8) | 47),
        Texture::Image { bank: 3 + 20 + 100, image: 7 + 10 }
    );
    assert_eq!(unpack_normal(0xC000_0000), [0, 0, 0]);
    assert_eq!(unpack_normal(0x1FF), [511, 0, 0]);
}
