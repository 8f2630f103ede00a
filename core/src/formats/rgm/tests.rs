//! Hand-built scenes: every field, every error path.

use super::command::Command;
use super::*;

/// A byte builder over a stack buffer (no alloc in the core's tests).
struct Buf<const N: usize> {
    b: [u8; N],
    n: usize,
}

impl<const N: usize> Buf<N> {
    fn new() -> Self {
        Buf { b: [0; N], n: 0 }
    }
    fn put(&mut self, d: &[u8]) -> &mut Self {
        self.b[self.n..self.n + d.len()].copy_from_slice(d);
        self.n += d.len();
        self
    }
    fn u16(&mut self, v: u16) -> &mut Self {
        self.put(&v.to_le_bytes())
    }
    fn u32(&mut self, v: u32) -> &mut Self {
        self.put(&v.to_le_bytes())
    }
    fn section(&mut self, t: &[u8; 4], payload: &[u8]) -> &mut Self {
        self.put(t).put(&(payload.len() as u32).to_be_bytes()).put(payload)
    }
    fn bytes(&self) -> &[u8] {
        &self.b[..self.n]
    }
    fn set(&mut self, at: usize, d: &[u8]) {
        self.b[at..at + d.len()].copy_from_slice(d);
    }
}

fn cmd(c: Command) -> [u8; 3] {
    c.to_bytes().unwrap()
}

/// One actor "CYRUS": RAAN a 3-frame 'c' entry and a 2-frame 's' entry; RAGR groups 0 and
/// 20; MPSZ two records; scripts, variables, a hook, a location.
struct Scene {
    rahd: Buf<256>,
    raat: [u8; 256],
    raex: [u8; 30],
    raan: Buf<64>,
    ragr: Buf<128>,
    mpsz: [u8; 98],
}

fn scene() -> Scene {
    let mut rahd = Buf::new();
    rahd.u32(1).put(&rahd::FIXED_SHIPPED);
    let mut rec = [0u8; rahd::RECORD];
    let mut w = |f: usize, d: &[u8]| rec[f..f + d.len()].copy_from_slice(d);
    w(rahd::field::SCRIPT_NAME, b"CYRUS\0\0\0\0");
    w(rahd::field::INSTANCES, &1u16.to_le_bytes());
    w(rahd::field::RAAN_COUNT, &2i32.to_le_bytes());
    w(rahd::field::RAAN_SIZE, &44u32.to_le_bytes());
    w(rahd::field::ANIM_CONTROL_PREFIX, &7i32.to_le_bytes());
    w(rahd::field::ANIM_FRAME_DATA, &5i32.to_le_bytes());
    w(rahd::field::BOUNDS_PRIMARY, &0i32.to_le_bytes());
    w(rahd::field::BOUNDS_SECONDARY, &1i32.to_le_bytes());
    w(rahd::field::BOUNDS_TERTIARY, &(-1i32).to_le_bytes());
    w(rahd::field::TEXTURE_SET, &33i16.to_le_bytes());
    w(rahd::field::RAVC_OFFSET, &(-1i32).to_le_bytes());
    w(rahd::field::SCRIPT_LENGTH, &4u32.to_le_bytes());
    w(rahd::field::RASC_OFFSET, &2u32.to_le_bytes());
    w(rahd::field::SCRIPT_PC, &1u32.to_le_bytes());
    w(rahd::field::NUM_VARIABLES, &1u32.to_le_bytes());
    w(rahd::field::RAVA_OFFSET, &4u32.to_le_bytes());
    w(rahd::field::NUM_STRINGS, &1u32.to_le_bytes());
    w(rahd::field::RAHK_OFFSET, &1u32.to_le_bytes());
    w(rahd::field::RALC_COUNT, &1i32.to_le_bytes());
    w(rahd::field::RALC_OFFSET, &13u32.to_le_bytes()); // rounds down to 12
    w(rahd::field::ANIM_SPEED, &[9, 1, 0, 0]);
    rahd.put(&rec);

    let mut raat = [0u8; 256];
    raat[1] = 0x0D;
    raat[44] = 0;
    raat[255] = 0xEE;
    let mut raex = [0u8; 30];
    raex[raex::field::SPHERE_SCALE..][..2].copy_from_slice(&(-5i16).to_le_bytes());
    raex[raex::field::GRIP0..][..2].copy_from_slice(&(-2i16).to_le_bytes());
    raex[raex::field::RANGE_MAX..][..2].copy_from_slice(&300i16.to_le_bytes());

    let mut raan = Buf::new();
    raan.u32(0xDEAD).put(&[3, b'c']).put(b"3dart\\cyrsa001.3dc\0");
    raan.u32(0).put(&[2, b'S']).put(b"fx/Boot.3d\0");

    let mut ragr = Buf::new();
    // Group 0, type 0: ShowFrame 0, ShowFrame 4, GoToPrevious → 0.
    ragr.u16(8 + 9).u16(0).u16(0x0102).u16(0).u16(3);
    ragr.put(&cmd(Command::ShowFrame { frame: 0 }))
        .put(&cmd(Command::ShowFrame { frame: 4 }))
        .put(&cmd(Command::GoToPrevious { target: 0 }));
    // Group 20, type 1: the walk shape.
    let walk = [
        Command::ShowFrame { frame: 1 },
        Command::BreakPoint { operand: 0 },
        Command::ShowFrame { frame: 2 },
        Command::GoToFuture { target: 5 },
        Command::GoToPrevious { target: 0 },
        Command::PlaySound { effect: -3, rate: 2 },
        Command::EndAnimation { operand: 0 },
    ];
    ragr.u16(8 + 3 * walk.len() as u16).u16(20).u16(1).u16(1).u16(walk.len() as u16);
    for c in walk {
        ragr.put(&cmd(c));
    }
    ragr.u16(0);

    let mut mpsz = [0u8; 98];
    let vals: [i32; 12] = [48, 128, 49, 0, 0, 0, 24, 62, 11, 24, 66, 38];
    for (k, v) in vals.iter().enumerate() {
        mpsz[1 + 4 * k..][..4].copy_from_slice(&v.to_le_bytes());
    }
    mpsz[49] = 0;
    mpsz[49 + mpsz::field::TOTAL..][..4].copy_from_slice(&100i32.to_le_bytes());
    Scene { rahd, raat, raex, raan, ragr, mpsz }
}

fn mpob_record() -> [u8; 66] {
    let mut r = [0u8; 66];
    r[mpob::field::ID..][..4].copy_from_slice(&77u32.to_le_bytes());
    r[mpob::field::TYPE] = 1;
    r[mpob::field::ACTIVATION] = 2;
    r[mpob::field::SCRIPT_NAME..][..5].copy_from_slice(b"FLAG2");
    r[mpob::field::MODEL_NAME..][..9].copy_from_slice(b"FLAGMODEL"); // no NUL
    r[mpob::field::IS_STATIC] = 4;
    r[mpob::field::X..][..4].copy_from_slice(&[0xFF, 0xFF, 0xFF, 0xAA]); // −1, pad
    r[mpob::field::Y..][..4].copy_from_slice(&[0x00, 0x00, 0x80, 0xAA]); // −2^23
    r[mpob::field::Z..][..3].copy_from_slice(&[0xFF, 0xFF, 0xFF]); // u24
    r[mpob::field::ANGLE_Y..][..4].copy_from_slice(&2049u32.to_le_bytes());
    r[mpob::field::TEXTURE..][..2].copy_from_slice(&(-9i16).to_le_bytes());
    r[mpob::field::MODEL_ID..][..2].copy_from_slice(&(-1i16).to_le_bytes());
    r[mpob::field::BLUE..][..2].copy_from_slice(&255i16.to_le_bytes());
    r
}

fn mpso_record() -> [u8; 66] {
    let mut r = [0u8; 66];
    r[mpso::field::ID..][..4].copy_from_slice(&5u32.to_le_bytes());
    r[mpso::field::MODEL_NAME..][..12].copy_from_slice(b"PALMTREE.3D\0");
    r[mpso::field::X..][..3].copy_from_slice(&[0x00, 0x10, 0x00]);
    r[mpso::field::Y..][..3].copy_from_slice(&[0xFE, 0xFF, 0xFF]);
    r[mpso::field::Z..][..3].copy_from_slice(&[0x00, 0x00, 0x80]);
    let m: [i32; 9] = [1 << 28, 0, 0, 0, 0, -(1 << 27), 0, 1 << 28, 0];
    for (k, v) in m.iter().enumerate() {
        r[mpso::field::MATRIX + 4 * k..][..4].copy_from_slice(&v.to_le_bytes());
    }
    r
}

/// Assembles the whole file; `tweak` may edit a section's payload before framing.
fn build(s: &Scene, out: &mut Buf<3072>) {
    let mut mpob = Buf::<80>::new();
    mpob.u32(1).put(&mpob_record());
    let mut mpso = Buf::<80>::new();
    mpso.u32(1).put(&mpso_record());
    let mut mpmk = Buf::<40>::new();
    mpmk.u32(2).put(&[1, 0, 0, 0, 0xF0, 0xFF, 0xFF, 0, 3, 0, 0, 0]).put(&[0; 12]).put(&[1, 0]);
    let flat = [0u8; 1024];
    out.section(&tag::RAHD, s.rahd.bytes())
        .section(&tag::RAFS, &[0])
        .section(&tag::RAST, b"hello\0")
        .section(&tag::RASB, &[0, 0, 0, 0])
        .section(&tag::RAVA, &[0, 0, 0, 0, 0xFE, 0xFF, 0xFF, 0xFF])
        .section(&tag::RASC, &[0, 0, 0x10, 0x11, 0x12, 0x13])
        .section(&tag::RAHK, &[0, 0x2A, 0, 1, 9, 1, 2, 3, 4])
        .section(
            &tag::RALC,
            &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 2, 0, 0, 0],
        )
        .section(b"ZZZZ", b"unknown tags are skipped")
        .section(&tag::RAEX, &s.raex)
        .section(&tag::RAAT, &s.raat)
        .section(&tag::RAAN, s.raan.bytes())
        .section(&tag::RAGR, s.ragr.bytes())
        .section(&tag::RANM, b"cyrus\0")
        .section(&tag::MPOB, mpob.bytes())
        .section(&tag::MPRP, &[0; 4])
        .section(&tag::MPSO, mpso.bytes())
        .section(&tag::MPSL, &[0; 4])
        .section(&tag::MPSF, &[0; 4])
        .section(&tag::MPMK, mpmk.bytes())
        .section(&tag::MPSZ, &s.mpsz)
        .section(&tag::WDNM, &[0; 4])
        .section(&tag::FLAT, &flat)
        .section(&tag::END, &[]);
}

fn file() -> Buf<3072> {
    let mut out = Buf::new();
    build(&scene(), &mut out);
    out
}

#[test]
fn framing_and_sections() {
    let f = file();
    let rgm = Rgm::new_checked(f.bytes()).unwrap();
    assert_eq!(rgm.end(), f.n);
    let mut tags = rgm.sections().map(|s| s.tag);
    assert_eq!(tags.next(), Some(tag::RAHD));
    assert_eq!(rgm.sections().count(), 23);
    assert!(rgm.sections().any(|s| &s.tag == b"ZZZZ"));
    let rafs = rgm.section(tag::RAFS).unwrap();
    assert_eq!(rafs.payload, &[0]);
    assert_eq!(&f.bytes()[rafs.offset..rafs.offset + 4], b"RAFS");
    assert_eq!(rafs.payload_offset(), rafs.offset + 8);
    assert!(rgm.section(tag::RAVC).is_none());
    assert_eq!(rgm.rast(), b"hello\0");
    assert_eq!(rgm.rafs(), &[0]);
    assert!(rgm.mprp().is_empty() && rgm.mpsl().is_empty() && rgm.mpsf().is_empty());
    assert!(rgm.wdnm().is_empty());
    assert_eq!(rgm.flat().count(0), 0);
}

#[test]
fn rahd_fields_and_model_path() {
    let f = file();
    let rgm = Rgm::new_checked(f.bytes()).unwrap();
    assert_eq!(rgm.rahd().len(), 1);
    assert_eq!(rgm.rahd().fixed(), [0x1B, 0x80, 0x37, 0x00]);
    let a = rgm.actor_by_name(b"cyrus").unwrap();
    let h = a.header();
    assert_eq!(a.name(), b"CYRUS");
    assert_eq!(h.instances(), 1);
    assert_eq!(h.raan_count(), 2);
    assert_eq!(h.raan_size(), 44);
    assert_eq!(h.anim_control_prefix(), 7);
    assert_eq!(h.anim_frame_data(), 5);
    assert_eq!(h.texture_set(), 33);
    assert_eq!(h.anim_speed(), [9, 1, 0, 0]);
    assert_eq!(h.ravc_offset(), -1);
    assert_eq!(a.model_path(), ModelPath::AnimationTable);
    assert_eq!(ModelPath::classify(0, -1, 0), ModelPath::None);
    assert_eq!(ModelPath::classify(1, -1, 1), ModelPath::Static);
    assert_eq!(ModelPath::classify(1, -1, -7), ModelPath::Static, "anim_frame_data compares signed");
    assert_eq!(ModelPath::classify(1, -1, 2), ModelPath::AnimationTable);
    assert_eq!(ModelPath::classify(1, 0xFF, 0), ModelPath::AnimationTable, "whole i32, not the low byte");
    assert_eq!(ModelPath::classify(2, -1, 0), ModelPath::AnimationTable);
    assert_eq!(ModelPath::Static.name(), "static");
}

#[test]
fn actor_sections() {
    let f = file();
    let rgm = Rgm::new_checked(f.bytes()).unwrap();
    let a = rgm.actor(0).unwrap();
    assert_eq!(a.attribute(1), 0x0D);
    assert_eq!(a.attributes()[255], 0xEE);
    let x = a.extra().unwrap();
    assert_eq!(x.sphere_scale_raw(), -5);
    assert_eq!(x.sphere_scale(), 256);
    assert_eq!(x.grip(), [-2, 0]);
    assert_eq!(x.ranges(), [0, 0, 300]);
    assert_eq!(x.values()[14], 300);
    assert_eq!(a.script(), &[0x10, 0x11, 0x12, 0x13]);
    assert_eq!(a.script_pc(), 1);
    assert_eq!(a.variable(0), Some(-2));
    assert_eq!(a.variable(1), None);
    assert_eq!(a.string(0), Some(&b"hello"[..]));
    assert_eq!(a.hook(), Some(&[0x2A, 0, 1, 9, 1, 2, 3, 4][..]));
    assert_eq!(a.namespace(), b"cyrus");
    let mut loc = a.locations();
    assert_eq!((loc.next(), loc.next()), (Some([1, -1, 2]), None));
    assert_eq!(a.vertex_spheres().count(), 0);
    let b = a.bounds();
    let p = b.primary.unwrap();
    assert_eq!((p.flag(), p.total(), p.centre()), (0, [48, 128, 49], [0, 0, 0]));
    assert_eq!((p.positive(), p.negative()), ([24, 62, 11], [24, 66, 38]));
    assert_eq!(b.secondary.unwrap().total(), [100, 0, 0]);
    assert!(b.tertiary.is_none());
}

#[test]
fn raan_frame_table() {
    let f = file();
    let rgm = Rgm::new_checked(f.bytes()).unwrap();
    let a = rgm.actor(0).unwrap();
    let mut e = a.raan_entries();
    let first = e.next().unwrap();
    assert_eq!((first.unused, first.frame_count, first.model_type, first.kind()), (0xDEAD, 3, b'c', b'c'));
    assert_eq!(first.path, b"3dart\\cyrsa001.3dc");
    assert_eq!(first.stem(), b"cyrsa001");
    assert_eq!(first.model_name::<8>().unwrap().as_slice(), b"CYRSA001");
    assert!(first.model_name::<7>().is_none());
    assert!(first.is_model(b"CYRSA001"));
    let second = e.next().unwrap();
    assert_eq!((second.kind(), second.stem()), (b's', &b"Boot"[..]));
    assert!(e.next().is_none());
    assert_eq!(a.frame_table_len(), 5);
    let r = a.frame(4).unwrap();
    assert_eq!((r.entry_index, r.frame, r.entry.stem()), (1, 1, &b"Boot"[..]));
    assert_eq!(a.frame(2).unwrap().frame, 2);
    assert!(a.frame(5).is_none());
}

#[test]
fn ragr_groups() {
    let f = file();
    let rgm = Rgm::new_checked(f.bytes()).unwrap();
    let a = rgm.actor(0).unwrap();
    assert_eq!(a.groups().count(), 2);
    let g0 = a.group(0).unwrap();
    assert_eq!(
        (g0.anim_id(), g0.countdown_reload(), g0.kind(), g0.len()),
        (0x0102, 2, GroupKind::Interruptible, 3)
    );
    assert_eq!(g0.command(2), Some(Command::GoToPrevious { target: 0 }));
    assert_eq!(g0.command(3), None);
    let g20 = a.group(20).unwrap();
    assert_eq!(g20.kind(), GroupKind::MustComplete);
    assert_eq!(g20.commands().count(), 7);
    assert_eq!(g20.command(5), Some(Command::PlaySound { effect: -3, rate: 2 }));
    assert_eq!(g20.word(0), Some(0x10));
    assert!(a.group(1).is_none());
    // Over the 5-frame RAAN table both groups install; over a 4-frame placement table
    // group 0's ShowFrame 4 is outside it, so that instance lacks group 0 alone.
    let set = crate::anim::AnimSet::from_actor(&a).unwrap();
    assert_eq!((set.has(0), set.has(20), set.frame_count()), (true, true, 5));
    let set = crate::anim::AnimSet::with_placement_model(&a, 4);
    assert_eq!((set.has(0), set.has(20), set.frame_count()), (false, true, 4));
    assert_eq!(GroupKind::from_byte(7), GroupKind::Other(7));
    assert_eq!(GroupKind::Other(7).byte(), 7);
}

#[test]
fn placements() {
    let f = file();
    let rgm = Rgm::new_checked(f.bytes()).unwrap();
    let o = rgm.mpob().get(0).unwrap();
    assert_eq!((o.id(), o.object_type(), o.activation(), o.is_static()), (77, 1, 2, 4));
    assert_eq!((o.script_name(), o.model_name()), (&b"FLAG2"[..], &b"FLAGMODEL"[..]));
    assert_eq!(o.fallback_frames(), Some(4));
    assert_eq!(o.position(), [-1, -(1 << 23), 0xFF_FFFF]);
    assert_eq!(o.angles(), [0, 2049, 0]);
    assert_eq!((o.texture(), o.model_id(), o.rgb()), (-9, -1, [0, 0, 255]));
    // −9 as a 16-bit word is 0xFFF7: archive 511, image 0x77.
    assert_eq!(o.texture_data(), 0xFFF7);
    assert_eq!((o.intensity(), o.radius(), o.world_id(), o.reserved()), (0, 0, 0, 0));
    let s = rgm.mpso().get(0).unwrap();
    assert_eq!((s.id(), s.model_name()), (5, &b"PALMTREE.3D"[..]));
    assert_eq!(s.position(), [0x1000, -2, 0x80_0000]);
    assert_eq!(s.matrix_raw()[5], -(1 << 27));
    assert_eq!(s.matrix(), [[1.0, 0.0, 0.0], [0.0, 0.0, -0.5], [0.0, 1.0, 0.0]]);
    assert_eq!(s.unused(), [0, 0]);
    let mk = rgm.mpmk();
    assert_eq!(mk.len(), 2);
    let m0 = mk.get(0).unwrap();
    assert_eq!((m0.position, m0.usable()), ([1, -16, 3], true));
    assert!(!mk.get(1).unwrap().usable());
    assert_eq!(rgm.mpsz().len(), 2);
}

fn check(f: &[u8]) -> Result<Rgm<'_>, FormatError> {
    Rgm::new_checked(f)
}

fn kind(r: Result<Rgm<'_>, FormatError>) -> ErrorKind {
    r.unwrap_err().kind
}

#[test]
fn framing_errors() {
    let f = file();
    let d = f.bytes();
    // Missing END.
    assert_eq!(check(&d[..d.len() - 8]).unwrap_err(), err(ErrorKind::Truncated, d.len() - 8));
    // Overrunning length.
    let mut b = Buf::<32>::new();
    b.put(b"RAFS").put(&100u32.to_be_bytes()).put(&[0; 4]);
    assert_eq!(check(b.bytes()).unwrap_err(), err(ErrorKind::Truncated, 4));
    // END with a length.
    let mut b = Buf::<32>::new();
    b.put(b"END ").put(&1u32.to_be_bytes()).put(&[0]);
    assert_eq!(kind(check(b.bytes())), ErrorKind::BadSize);
    // Repeated known section.
    let mut b = Buf::<32>::new();
    b.section(b"RAFS", &[0]).section(b"RAFS", &[0]).section(b"END ", &[]);
    assert!(matches!(kind(check(b.bytes())), ErrorKind::Invalid(_)));
    // Minimal file, and trailing bytes after END.
    let mut b = Buf::<32>::new();
    b.section(b"END ", &[]).put(b"junk");
    assert_eq!(check(b.bytes()).unwrap().end(), 8);
    assert_eq!(kind(check(&[])), ErrorKind::Truncated);
}

#[test]
fn every_prefix_fails_cleanly() {
    let f = file();
    let d = f.bytes();
    for n in 0..d.len() {
        assert!(check(&d[..n]).is_err(), "prefix {n}");
    }
}

#[test]
fn count_errors() {
    let f = file();
    let d = f.bytes();
    let rahd = check(d).unwrap().payload_offset(tag::RAHD);
    let mut g = Buf::<3072>::new();
    g.put(d);
    g.set(rahd, &2u32.to_le_bytes());
    assert_eq!(check(g.bytes()).unwrap_err(), err(ErrorKind::BadSize, rahd));
    g.set(rahd, &u32::MAX.to_le_bytes());
    assert!(check(g.bytes()).is_err());
    let mpob = check(d).unwrap().payload_offset(tag::MPOB);
    let mut g = Buf::<3072>::new();
    g.put(d);
    g.set(mpob, &0u32.to_le_bytes());
    assert_eq!(check(g.bytes()).unwrap_err(), err(ErrorKind::BadSize, mpob));
    let mpmk = check(d).unwrap().payload_offset(tag::MPMK);
    let mut g = Buf::<3072>::new();
    g.put(d);
    g.set(mpmk, &1u32.to_le_bytes());
    assert_eq!(check(g.bytes()).unwrap_err(), err(ErrorKind::BadSize, mpmk));
    // The placed-thing sections hold count 0 and no records: a count of 1 is refused
    // where the section's payload starts.
    for t in [tag::MPRP, tag::MPSL, tag::MPSF] {
        let at = check(d).unwrap().payload_offset(t);
        let mut g = Buf::<3072>::new();
        g.put(d);
        g.set(at, &1u32.to_le_bytes());
        assert_eq!(check(g.bytes()).unwrap_err(), err(ErrorKind::BadSize, at));
    }
    let flat = check(d).unwrap().payload_offset(tag::FLAT);
    let mut g = Buf::<3072>::new();
    g.put(d);
    g.set(flat, &1u16.to_le_bytes());
    assert_eq!(check(g.bytes()).unwrap_err(), err(ErrorKind::BadSize, flat));
}

/// Rebuilds the file with `edit` applied to the scene; returns the error.
fn with(edit: impl FnOnce(&mut Scene)) -> FormatError {
    let mut s = scene();
    edit(&mut s);
    let mut out = Buf::new();
    build(&s, &mut out);
    Rgm::new_checked(out.bytes()).map(|_| ()).unwrap_err()
}

fn rec_field(s: &mut Scene, f: usize, d: &[u8]) {
    s.rahd.set(rahd::HEADER + f, d);
}

#[test]
fn rahd_offset_errors() {
    let oob = |f: usize, v: &[u8]| with(|s| rec_field(s, f, v)).kind;
    assert_eq!(oob(rahd::field::RAAT_OFFSET, &1u32.to_le_bytes()), ErrorKind::OutOfRange);
    assert_eq!(oob(rahd::field::RAEX_OFFSET, &1u32.to_le_bytes()), ErrorKind::OutOfRange);
    assert_eq!(oob(rahd::field::RAGR_OFFSET, &1000u32.to_le_bytes()), ErrorKind::OutOfRange);
    assert_eq!(oob(rahd::field::RAAN_OFFSET, &(-1i32).to_le_bytes()), ErrorKind::OutOfRange);
    assert_eq!(oob(rahd::field::SCRIPT_LENGTH, &5u32.to_le_bytes()), ErrorKind::OutOfRange);
    assert_eq!(oob(rahd::field::SCRIPT_PC, &4u32.to_le_bytes()), ErrorKind::OutOfRange);
    assert_eq!(oob(rahd::field::NUM_VARIABLES, &2u32.to_le_bytes()), ErrorKind::OutOfRange);
    assert_eq!(oob(rahd::field::NUM_VARIABLES, &u32::MAX.to_le_bytes()), ErrorKind::OutOfRange);
    assert_eq!(oob(rahd::field::NUM_STRINGS, &2u32.to_le_bytes()), ErrorKind::OutOfRange);
    assert_eq!(oob(rahd::field::RAHK_OFFSET, &3u32.to_le_bytes()), ErrorKind::OutOfRange);
    assert_eq!(oob(rahd::field::RALC_COUNT, &2i32.to_le_bytes()), ErrorKind::OutOfRange);
    assert!(matches!(oob(rahd::field::RALC_COUNT, &(-1i32).to_le_bytes()), ErrorKind::Invalid(_)));
    assert!(matches!(oob(rahd::field::RAAN_COUNT, &(-1i32).to_le_bytes()), ErrorKind::Invalid(_)));
    assert_eq!(oob(rahd::field::RANM_OFFSET, &7u32.to_le_bytes()), ErrorKind::OutOfRange);
    assert_eq!(oob(rahd::field::RAVC_COUNT, &1i32.to_le_bytes()), ErrorKind::OutOfRange);
    assert_eq!(oob(rahd::field::BOUNDS_TERTIARY, &2i32.to_le_bytes()), ErrorKind::OutOfRange);
    let e = with(|s| rec_field(s, rahd::field::BOUNDS_PRIMARY, &5i32.to_le_bytes()));
    assert_eq!(e.offset, 8 + rahd::HEADER + rahd::field::BOUNDS_PRIMARY);
}

#[test]
fn raan_errors() {
    // More entries than the section holds: the walk runs off the end.
    assert_eq!(
        with(|s| rec_field(s, rahd::field::RAAN_COUNT, &3i32.to_le_bytes())).kind,
        ErrorKind::Truncated
    );
    // A path without its NUL.
    let e = with(|s| {
        let n = s.raan.n;
        s.raan.set(n - 1, b"x");
    });
    assert_eq!(e.kind, ErrorKind::Truncated);
}

/// Builds the scene with `edit` applied and runs `f` on the checked file.
fn accepted<R>(edit: impl FnOnce(&mut Scene), f: impl FnOnce(&Rgm<'_>) -> R) -> R {
    let mut s = scene();
    edit(&mut s);
    let mut out = Buf::new();
    build(&s, &mut out);
    f(&Rgm::new_checked(out.bytes()).unwrap())
}

#[test]
fn a_frame_table_has_no_length_limit() {
    // Five 255-frame entries: 1275 frames, more than ten bits can count. The runtime
    // patches a model and a frame *within* it, so only each entry's own count is bounded.
    // Reference 1274 is entry 4 (1274 − 4 × 255 = 254), frame 254.
    accepted(
        |s| {
            s.raan = Buf::new();
            for _ in 0..5 {
                s.raan.u32(0).put(&[255, b'c', b'a', 0]);
            }
            rec_field(s, rahd::field::RAAN_COUNT, &5i32.to_le_bytes());
        },
        |rgm| {
            let a = rgm.actor(0).unwrap();
            assert_eq!(a.frame_table_len(), 1275);
            let r = a.frame(1274).unwrap();
            assert_eq!((r.entry_index, r.frame), (4, 254));
            assert!(a.frame(1275).is_none());
        },
    );
}

fn ragr_group(s: &mut Scene, number: u16, commands: &[Command]) {
    s.ragr = Buf::new();
    s.ragr.u16(8 + 3 * commands.len() as u16).u16(number).u16(0).u16(0).u16(commands.len() as u16);
    for c in commands {
        s.ragr.put(&cmd(*c));
    }
    s.ragr.u16(0);
}

#[test]
fn ragr_errors() {
    // Bad size word.
    let e = with(|s| s.ragr.set(0, &(8u16 + 10).to_le_bytes()));
    assert_eq!(e.kind, ErrorKind::BadSize);
    let e = with(|s| {
        s.ragr = Buf::new();
        s.ragr.u16(4).put(&[0; 4]).u16(0);
    });
    assert_eq!(e.kind, ErrorKind::BadSize);
    // Commands past the section.
    let e = with(|s| {
        s.ragr = Buf::new();
        s.ragr.u16(8 + 30).u16(0).u16(0).u16(0).u16(10).put(&[0; 3]);
    });
    assert_eq!(e.kind, ErrorKind::Truncated);
    // What a group means is not the file's business: a number above 177, a repeated
    // number, a jump outside the group and a ShowFrame outside the table all load.
    let show = |frame| Command::ShowFrame { frame };
    for (number, commands) in [
        (178, &[show(0)][..]),
        (0, &[show(0), Command::GoToFuture { target: 3 }]),
        (0, &[show(0), Command::GoToPrevious { target: -1 }]),
        (0, &[show(0), show(5)]),
    ] {
        accepted(
            |s| ragr_group(s, number, commands),
            |rgm| assert_eq!(rgm.actor(0).unwrap().groups().count(), 1),
        );
    }
    accepted(
        |s| {
            ragr_group(s, 3, &[show(0)]);
            s.ragr.n -= 2;
            s.ragr.u16(11).u16(3).u16(0).u16(0).u16(1).put(&cmd(show(1))).u16(0);
        },
        |rgm| {
            let a = rgm.actor(0).unwrap();
            assert_eq!(a.groups().count(), 2);
            // The file view finds the first; the instance installs the last.
            assert_eq!(a.group(3).unwrap().command(0), Some(show(0)));
            let set = crate::anim::AnimSet::from_actor(&a).unwrap();
            assert_eq!(set.group(3).unwrap().command(0), Some(show(1)));
        },
    );
}

#[test]
fn groups_an_instance_refuses() {
    use crate::anim::set::{Rejection, check_group};
    let show = |frame| Command::ShowFrame { frame };
    // Judges the one group `commands` numbered `number` over a `frames`-frame table.
    let judge = |number: u16, commands: &[Command], frames: u32| {
        accepted(
            |s| ragr_group(s, number, commands),
            |rgm| check_group(&rgm.actor(0).unwrap().groups().next().unwrap(), frames),
        )
    };
    // Group above 177 (177 itself is fine).
    assert_eq!(judge(178, &[show(0)], 5), Err(Rejection::Number(178)));
    assert_eq!(judge(177, &[show(0)], 5), Ok(()));
    // Jump targets: n is allowed (the group's end), n + 1 and negatives are not.
    let ok = |c: Command| judge(0, &[show(0), c], 5);
    assert_eq!(ok(Command::GoToFuture { target: 2 }), Ok(()));
    assert_eq!(ok(Command::GoToFuture { target: 3 }), Err(Rejection::Target { index: 1 }));
    assert_eq!(ok(Command::GoToPrevious { target: -1 }), Err(Rejection::Target { index: 1 }));
    assert_eq!(ok(Command::LoopControl { target: 3 }), Err(Rejection::Target { index: 1 }));
    // Transitions: mask 1 and 2 put the cursor at start − 2, mask 4 at the target; mask 8
    // never moves it.
    assert_eq!(ok(Command::Transition { mask: 1, start: 4, target: 60 }), Ok(()));
    assert_eq!(ok(Command::Transition { mask: 2, start: 1, target: 0 }), Err(Rejection::Target { index: 1 }));
    assert_eq!(ok(Command::Transition { mask: 4, start: 0, target: 3 }), Err(Rejection::Target { index: 1 }));
    assert_eq!(ok(Command::Transition { mask: 8, start: -60, target: -60 }), Ok(()));
    // ShowFrame against the instance's table: 4 is inside a 5-frame table, 5 is not.
    assert_eq!(ok(show(4)), Ok(()));
    assert_eq!(ok(show(5)), Err(Rejection::Frame { index: 1 }));
    assert_eq!(judge(0, &[show(9)], 10), Ok(()));
    assert_eq!(judge(0, &[show(9)], 9), Err(Rejection::Frame { index: 0 }));
}

#[test]
fn ravc_spheres() {
    let mut s = scene();
    rec_field(&mut s, rahd::field::RAVC_OFFSET, &0i32.to_le_bytes());
    rec_field(&mut s, rahd::field::RAVC_COUNT, &1i32.to_le_bytes());
    let mut out = Buf::<3072>::new();
    build(&s, &mut out);
    // Without RAVC the count points nowhere.
    assert_eq!(Rgm::new_checked(out.bytes()).unwrap_err().kind, ErrorKind::OutOfRange);
    out.n -= 8; // drop END, add RAVC (order does not matter to the reader), END again
    out.section(&tag::RAVC, &[0xFF, 2, 0x80, 7, 0, 0x10, 0, 0, 0, 0xAA]).section(&tag::END, &[]);
    let rgm = Rgm::new_checked(out.bytes()).unwrap();
    assert_eq!(rgm.ravc().len(), 1, "tail byte ignored");
    let v = rgm.actor(0).unwrap().vertex_spheres().next().unwrap();
    assert_eq!((v.offset, v.vertex, v.radius), ([-1, 2, -128], 7, 16));
}
