//! Every prefix and 10,000 random mutations of every embedded file go through its reader and
//! every accessor (and the same of a written PVO, which the embedded world lacks): errors
//! are fine, panics and hangs are not. Mutated SOUP386.DEF flag sections are rejected at a
//! line start or read whole.

use stros_core::embedded;
use stros_tests::{Rng, mutate};
use stros_tools::exercise::{Kind, exercise};

#[test]
fn every_prefix_is_rejected_or_read_safely() {
    for f in embedded::FILES {
        let kind = Kind::for_name(f.name).unwrap();
        let mut accepted = 0;
        for len in 0..f.bytes.len() {
            accepted += exercise(kind, &f.bytes[..len]).is_ok() as usize;
        }
        // A truncated binary file is never mistaken for a whole one; a text file cut at a
        // line end is a whole (shorter) file, so text prefixes need only read safely. A GXA
        // may end without its `END ` marker (the BBMP length quirk clamps that chunk to the
        // file: {D:formats/GXA.md} "Section length quirk"): its last four prefixes read whole.
        if kind == Kind::Gxa {
            let whole: Vec<usize> =
                (0..f.bytes.len()).filter(|&n| exercise(kind, &f.bytes[..n]).is_ok()).collect();
            assert_eq!(whole, (f.bytes.len() - 4..f.bytes.len()).collect::<Vec<_>>(), "{}", f.name);
        } else if !kind.is_text() {
            assert_eq!(accepted, 0, "{}: {accepted} prefixes accepted", f.name);
        }
    }
}

#[test]
fn random_mutations_never_panic() {
    let mut buf = Vec::new();
    for (k, f) in embedded::FILES.iter().enumerate() {
        let kind = Kind::for_name(f.name).unwrap();
        let mut rng = Rng(0xF00D_0000 + k as u64);
        let mut rejected = 0;
        for _ in 0..10_000 {
            mutate(&mut rng, f.bytes, &mut buf);
            rejected += exercise(kind, &buf).is_err() as usize;
        }
        assert!(rejected > 0, "{}: no mutation was rejected, so the check is too lax", f.name);
    }
}

/// PVO is not among the embedded files: the writer's sample octree (every record shape,
/// a shared node, a placeholder child, a patch) gets the same treatment.
#[test]
fn pvo_prefixes_and_mutations_are_rejected_or_read_safely() {
    let bytes = stros_tools::write::pvo::to_bytes(&stros_tools::write::pvo::sample());
    assert!(exercise(Kind::Pvo, &bytes).is_ok());
    for len in 0..bytes.len() {
        assert!(exercise(Kind::Pvo, &bytes[..len]).is_err(), "a {len}-byte prefix was accepted");
    }
    let (mut rng, mut buf) = (Rng(0xF00D_0500), Vec::new());
    let mut rejected = 0;
    for _ in 0..10_000 {
        mutate(&mut rng, &bytes, &mut buf);
        rejected += exercise(Kind::Pvo, &buf).is_err() as usize;
    }
    assert!(rejected > 0 && rejected < 10_000, "{rejected} of 10,000 mutations rejected");
}

#[test]
fn mutated_scenes_animate_without_panics() {
    use stros_core::anim::{AnimContext, AnimSet, AnimState, Events};
    use stros_core::formats::rgm::Rgm;
    let mut rng = Rng(0xA41A_0001);
    let mut buf = Vec::new();
    let mut animated = 0;
    for _ in 0..3_000 {
        // Mutations that still parse are animated; the rest are rejected by the reader.
        mutate(&mut rng, embedded::RGM, &mut buf);
        let Ok(rgm) = Rgm::new_checked(&buf) else { continue };
        for actor in rgm.actors() {
            let Some(set) = AnimSet::from_actor(&actor) else { continue };
            for g in set.groups() {
                let (mut a, mut ev) = (AnimState::default(), Events::default());
                a.force(&mut AnimContext::new(&set, 1, &mut ev), g.number(), rng.range(0, 255) as u8);
                for k in 0..100 {
                    ev.queue.clear();
                    a.advance(&mut AnimContext::new(&set, k % 4, &mut ev));
                }
                animated += 1;
            }
        }
    }
    assert!(animated > 1_000, "mutated groups animated: {animated}");
}

#[test]
fn mutated_soup386_def_flags_are_rejected_or_read_whole() {
    use stros_core::actor::props::References;
    use stros_core::formats::soupdef::{DefSection, SoupDef};
    use stros_core::script::Flags;
    // The embedded file's [refs] and [flags], and a [flags] section with every type, both
    // boolean words, signs, hexadecimal and comments: the lines a mutation can break.
    let def = embedded::SOUP386_DEF;
    let tail = &def[def.windows(6).position(|w| w == b"[refs]").unwrap()..];
    let mut text = tail.to_vec();
    text.extend_from_slice(
        b"BOOL Have_Amulet false ; item\r\nFLIPFLOP CTDoor1 TRUE\r\nCOUNTER Steps +3\r\n\
          NUMBER OB_TelH 12\r\nNUMBER Neg -2147483648\r\nNUMBER Hex 0x7fffffff\r\n",
    );
    let mut rng = Rng(0x50F0_DEF0);
    let mut buf = Vec::new();
    let (mut rejected, mut accepted) = (0, 0);
    for _ in 0..10_000 {
        mutate(&mut rng, &text, &mut buf);
        match SoupDef::new_checked(&buf) {
            Err(e) => {
                // The error names a line start inside the text.
                assert!(e.offset < buf.len() && (e.offset == 0 || buf[e.offset - 1] == b'\n'), "{e}");
                rejected += 1;
            }
            Ok(d) => {
                // Accepted: every content line of [flags] is a flag (none skipped).
                let lines = d.lines().filter(|l| l.section == Some(DefSection::Flags)).count();
                assert_eq!(d.flag_count(), lines);
                let flags = Flags::from_def(&d).unwrap();
                assert_eq!(flags.len(), lines);
                let _ = References::from_def(&d).unwrap();
                accepted += 1;
            }
        }
    }
    assert!(rejected > 1_000 && accepted > 1_000, "{rejected} rejected, {accepted} accepted");
}

#[test]
fn mutated_scenes_load_into_a_world_and_step_without_panics() {
    // The RGM check no longer judges group meaning, so bad groups reach World::load, which
    // installs per instance; whatever loads must enter and step safely. What the tables hold
    // after a successful entry is what `Needs` counts from the files alone.
    use stros_core::config::SystemConfig;
    use stros_core::files::{Embedded, Overlay};
    use stros_core::input::{Bindings, Input};
    use stros_core::world::Needs;
    use stros_host::World;
    let mut rng = Rng(0xA41A_0002);
    let mut buf = Vec::new();
    let (mut stepped, mut counted) = (0, 0);
    for _ in 0..800 {
        mutate(&mut rng, embedded::RGM, &mut buf);
        let files: Overlay<'_, Embedded> = Overlay::new(Embedded).with("HARBOUR.RGM", &buf).unwrap();
        let Ok(w) = World::load(&files, embedded::MAP, SystemConfig::installed(), Bindings::default()) else {
            continue;
        };
        let mut w = Box::new(w);
        if w.enter_marker(&files, 0, 0).is_ok() {
            assert_eq!(Needs::of(&files, embedded::MAP).unwrap(), w.held());
            counted += 1;
        }
        for b in 0..10 {
            w.step(&Input::NONE, b);
        }
        stepped += 1;
    }
    assert!(stepped > 80 && counted > 40, "mutated scenes stepped: {stepped}, counted: {counted}");
}
