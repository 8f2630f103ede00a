//! People who talk (issue 34): the fisher's conversation replayed from
//! `tests/scenarios/talk.toml` to a golden of its dialogue (`tests/golden/talk.jsonl`), with
//! what the newest docs fix checked by hand beside it; the subtitle layout against a plain
//! reference; a missing line and a missing file as the docs say the original has them.

use std::path::Path;

use stros_core::capacity::Capacity;
use stros_core::dialogue::activation::ItemArea;
use stros_core::dialogue::subtitle;
use stros_core::dialogue::{Talk, voice};
use stros_core::embedded;
use stros_core::formats::fnt::Fnt;
use stros_core::formats::rtx::Rtx;
use stros_core::scenario::Scenario;
use stros_core::world::{Event, World};
use stros_tools::world::talk;

fn scenario_text() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/talk.toml")).unwrap()
}

/// One update of the conversation.
struct Seen {
    update: u32,
    bios: u32,
    talk: Vec<(u16, Talk)>,
    lockout: u16,
    prompt: Option<String>,
    subtitle: Option<(u16, String)>,
    menu: Option<(usize, usize)>,
    cyrus: [i32; 3],
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn seen<C: Capacity>(w: &World<'_, C>, bios: u32) -> Seen {
    let r = w.report();
    let d = w.dialogue();
    Seen {
        update: r.update,
        bios,
        talk: r
            .events
            .iter()
            .filter_map(|e| match e.event {
                Event::Talk(t) => Some((e.actor, t)),
                _ => None,
            })
            .collect(),
        lockout: w.player_state().lockout,
        prompt: match w.item_area() {
            ItemArea::Prompt(t) => Some(text(t)),
            _ => None,
        },
        subtitle: d.subtitle().map(|l| (l.speaker, text(l.text))),
        menu: d.menu.is_open().then(|| (d.menu.items().len(), d.menu.highlighted)),
        cyrus: w.selected_player().unwrap().position,
    }
}

/// The scenario replayed on `files`, update by update.
fn converse(files: &'static stros_tests::TestFiles) -> Vec<Seen> {
    converse_with(files, |_, input| input)
}

/// [`converse`] with update `k`'s input (the first update is 1) replaced by `input(k, recorded)`.
fn converse_with(
    files: &'static stros_tests::TestFiles,
    input: impl Fn(u32, stros_core::input::Input) -> stros_core::input::Input,
) -> Vec<Seen> {
    let text = scenario_text();
    let s = Scenario::parse(&text).unwrap();
    let mut w = stros_tests::island_in(files);
    w.enter_marker(files, 2, 1570).unwrap();
    let mut bios = s.bios_start;
    let mut out = Vec::new();
    for (k, u) in s.steps().enumerate() {
        bios += u.bios;
        w.step_with(&input(k as u32 + 1, u.input), bios, u.scale);
        out.push(seen(&w, bios));
    }
    out
}

fn golden(seen: &[Seen]) -> String {
    let mut s = String::new();
    for x in seen.iter().filter(|x| x.update >= 460) {
        let talk: Vec<String> =
            x.talk.iter().map(|(a, t)| format!("[{a}, {:?}]", format!("{t:?}"))).collect();
        s.push_str(&format!(
            "{{\"update\":{},\"lockout\":{},\"prompt\":{:?},\"subtitle\":{:?},\"menu\":{:?},\"talk\":[{}]}}\n",
            x.update,
            x.lockout,
            x.prompt,
            x.subtitle,
            x.menu,
            talk.join(", ")
        ));
    }
    s
}

fn first(seen: &[Seen], f: impl Fn(&Talk) -> bool) -> &Seen {
    seen.iter().find(|x| x.talk.iter().any(|(_, t)| f(t))).expect("the event happens")
}

const FISHER: u16 = 3;

#[test]
fn the_fisher_talks_as_the_docs_time_it() {
    let steps = converse(stros_tests::replaced(Vec::<(&str, Vec<u8>)>::new()));
    stros_tests::assert_golden("talk.jsonl", &golden(&steps));
    let at = |u: u32| &steps[u as usize - 1];
    let cyrus = stros_tests::entered(2, 1570).1;

    // Before Activate is pressed (update 472 is the scenario's first with `d`), the fisher
    // stands within 400 × 256 of Cyrus and offers "Old Fisher" every update; the HUD draws
    // it at once (and so consumes it).
    assert_eq!(at(471).prompt.as_deref(), Some("Old Fisher"));
    assert_eq!(at(471).lockout, 0);
    // Update 472: ACTIVATE with the use key held returns 1 ({D:engine/hud.md}
    // "Activation prompt"): the fisher owns the activation, the hold-off (22 ticks) blanks
    // the item area, and his script locks Cyrus out (lockoutPlayer(1)).
    let fired = first(&steps, |t| matches!(t, Talk::Activated { .. }));
    assert_eq!((fired.update, fired.talk[0]), (472, (FISHER, Talk::Activated { label: talk::PROMPT })));
    assert_eq!((at(472).prompt.clone(), at(472).lockout), (None, 1));

    // The greeting: the first inactive record from 1, voiced (its clip starts on handle 0),
    // shown while the clip plays and cleared the update its BIOS length has run out:
    // playing while bios − start < ceil(bytes × 1,193,182 / (65,536 × 11,025)).
    let rtx = Rtx::new_checked(embedded::ENGLISH_RTX).unwrap();
    let clip = rtx.find(talk::GREETING).unwrap().voice.unwrap();
    let length = (clip.pcm.len() as u64 * 1_193_182).div_ceil(65_536 * 11_025) as u32;
    assert_eq!(length, voice::bios_length(&clip));
    let started = first(&steps, |t| matches!(t, Talk::Line { label, .. } if *label == talk::GREETING));
    assert!(started.talk.contains(&(FISHER, Talk::Voice { handle: 0, label: talk::GREETING, volume: 100 })));
    assert!(started.talk.contains(&(FISHER, Talk::Line { record: 1, label: talk::GREETING, voiced: true })));
    let ended = first(&steps, |t| matches!(t, Talk::LineEnd { record: 1 }));
    assert!(ended.bios - started.bios >= length && at(ended.update - 1).bios - started.bios < length);
    // The record's lifetime is the clip's (bytes << 8) / 11,025, the subtitle its label.
    assert_eq!(clip.duration_256(), ((clip.pcm.len() as u64) << 8) as i32 / 11_025);
    assert_eq!(at(started.update).subtitle, Some((FISHER, text(rtx.find(talk::GREETING).unwrap().text))));
    // Cyrus cannot move under the lockout, though the scenario holds keys.
    assert!(steps[471..ended.update as usize].iter().all(|x| x.cyrus == at(471).cyrus));

    // The menu opens with the two topics, the first highlighted; Down moves to the second;
    // the fresh Activate press chooses it: value 2.
    let opened = first(&steps, |t| matches!(t, Talk::Menu { items: 2 }));
    assert_eq!(opened.menu, Some((2, 0)));
    let chosen = first(&steps, |t| matches!(t, Talk::Chosen { .. }));
    assert!(chosen.talk.contains(&(FISHER, Talk::Chosen { index: 1, value: talk::TOPIC_HUT.1 })));
    // RTXp: record 0, spoken by the selected player, in the same update; then the answer.
    assert!(chosen.talk.contains(&(cyrus, Talk::Line { record: 0, label: talk::ASK_HUT, voiced: true })));
    let answer = first(&steps, |t| matches!(t, Talk::Line { label, .. } if *label == talk::ANSWER_HUT));
    assert!(answer.update > chosen.update);
    assert_eq!(at(answer.update).subtitle.as_ref().map(|s| s.0), Some(FISHER));
    // The conversation ends: lockout 0 again, nobody speaking, and the fisher (still near)
    // offers his prompt again.
    let last = steps.last().unwrap();
    assert_eq!((last.lockout, last.subtitle.clone(), last.prompt.as_deref()), (0, None, Some("Old Fisher")));
    assert!(!steps.iter().any(|x| {
        x.talk.iter().any(|(_, t)| matches!(t, Talk::Line { label, .. } if *label == talk::ANSWER_FISHING))
    }));
}

/// The skip input ({D:engine/sound.md} "Dialogue record updates": the walk/run binding's
/// new press under lockout 1 stops every playing sample and clears every record): Shift
/// pressed at update 490, mid-greeting, ends the line that update; held on, it does nothing
/// more; the menu follows as soon as the fisher's gesture ends.
#[test]
fn shift_skips_the_line_being_spoken() {
    use stros_core::input::{Action, Input};
    let files = stros_tests::replaced(Vec::<(&str, Vec<u8>)>::new());
    let plain = converse(files);
    let skipped =
        converse_with(files, |k, i| if (490..495).contains(&k) { Input::with(&[Action::Walk]) } else { i });
    let at = |s: &[Seen], u: u32| s[u as usize - 1].talk.clone();
    assert!(at(&skipped, 490).contains(&(FISHER, Talk::VoiceStop { handle: 0 })));
    assert!(at(&skipped, 490).contains(&(FISHER, Talk::LineEnd { record: 1 })));
    assert_eq!(skipped[489].subtitle, None);
    assert!(plain[489].subtitle.is_some());
    for u in 491..495 {
        assert!(
            at(&skipped, u).iter().all(|(_, t)| !matches!(t, Talk::LineEnd { .. } | Talk::VoiceStop { .. })),
            "{u}: {:?}",
            at(&skipped, u)
        );
    }
    let menu = |s: &[Seen]| first(s, |t| matches!(t, Talk::Menu { .. })).update;
    assert!(menu(&skipped) < menu(&plain), "{} vs {}", menu(&skipped), menu(&plain));
}

/// The docs' failed lookup: `RTX`/`rtxAnim` without its entry retains record zero and so
/// waits on the player's line (none here), creating no line: the greeting is skipped and
/// the menu opens at once. Without any RTX file the prompt finds no entry, which never
/// activates: the conversation never starts.
#[test]
fn a_missing_line_is_skipped_and_a_missing_file_never_activates() {
    let mut entries = talk::rtx_entries();
    entries.retain(|e| e.tag != talk::GREETING);
    let files = stros_tests::replaced(vec![("ENGLISH.RTX", stros_tools::write::rtx::to_bytes(&entries))]);
    let steps = converse(files);
    assert!(!steps.iter().any(|x| {
        x.talk
            .iter()
            .any(|(_, t)| matches!(t, Talk::Line { record: 1, label, .. } if *label == talk::GREETING))
    }));
    let fired = first(&steps, |t| matches!(t, Talk::Activated { .. })).update;
    let opened = first(&steps, |t| matches!(t, Talk::Menu { .. })).update;
    // The turn to face the fisher, the camera cut and the menu: a few updates, not a line.
    assert!(opened - fired < 12, "{fired} → {opened}");

    let none = stros_tests::replaced_hiding(Vec::<(&str, Vec<u8>)>::new(), &["ENGLISH.RTX"]);
    let steps = converse(none);
    assert!(steps.iter().all(|x| x.talk.is_empty() && x.prompt.is_none() && x.lockout == 0));
}

/// A plain reference of the docs' wrap ({D:engine/subtitles.md} "Wrapping", "Position"):
/// split at spaces, each token with its leading space; a token that would bring the line to
/// the width or past starts a new line.
fn reference(font: &Fnt<'_>, text: &[u8], w: i32) -> Vec<(Vec<u8>, i32, i32)> {
    let mut lines: Vec<Vec<u8>> = vec![Vec::new()];
    let mut running = 0;
    let mut tokens: Vec<&[u8]> = Vec::new();
    let mut start = 0;
    for k in 1..=text.len() {
        if k == text.len() || text[k] == b' ' {
            tokens.push(&text[start..k]);
            start = k;
        }
    }
    for t in tokens {
        let width: i32 = t.iter().map(|&b| subtitle::advance(font, b)).sum();
        if t.first() == Some(&b' ') && running + width >= w {
            lines.push(t[1..].to_vec());
            running = width;
        } else {
            lines.last_mut().unwrap().extend_from_slice(t);
            running += width;
        }
    }
    let breaks = lines.len() as i32 - 1;
    let top = 470 - 26 * (breaks.max(1) + 1);
    lines
        .into_iter()
        .enumerate()
        .map(|(k, l)| {
            let width: i32 = l.iter().map(|&b| subtitle::advance(font, b)).sum();
            (l, 320 - width / 2, top + 26 * k as i32)
        })
        .collect()
}

#[test]
fn subtitles_wrap_and_sit_as_the_reference_does() {
    let font = Fnt::new_checked(embedded::REDSEL_FNT).unwrap();
    let rtx = Rtx::new_checked(embedded::ENGLISH_RTX).unwrap();
    let mut rng = stros_tests::Rng(34);
    let mut texts: Vec<Vec<u8>> = rtx.entries().map(|e| e.text.to_vec()).collect();
    for _ in 0..500 {
        let n = rng.range(0, 120) as usize;
        texts.push(
            (0..n).map(|_| if rng.range(0, 5) == 0 { b' ' } else { rng.range(33, 127) as u8 }).collect(),
        );
    }
    let mut wrapped = 0;
    for t in &texts {
        for w in [150, 200, 320, 500] {
            let ours: Vec<_> = subtitle::lines(&font, t, w).map(|(l, x, y)| (l.to_vec(), x, y)).collect();
            assert_eq!(ours, reference(&font, t, w), "{:?} at {w}", text(t));
            wrapped += (ours.len() > 1) as usize;
        }
    }
    assert!(wrapped > 100, "{wrapped} texts wrapped");
    // The fisher's answer about the fishing at the installed width 500, by hand from the
    // island font's advances (glyph width + 1; a space 4 + 1 + the 4-wide `!`): its tokens
    // are 52, 36, 67, 35, 62, 46, 53, 27, 36, 44, 27 and 51 wide; the first eleven run to 485
    // and 485 + 51 = 536 ≥ 500 breaks before " dawn.". One break: a block 26 × 2 high, the
    // first line's top 470 − 52 = 418, the second 444; centred at 320 + trunc(−485 / 2) = 78
    // and 320 + trunc(−42 / 2) = 299.
    let answer = rtx.find(talk::ANSWER_FISHING).unwrap().text;
    let lines: Vec<_> = subtitle::lines(&font, answer, 500).map(|(l, x, y)| (text(l), x, y)).collect();
    assert_eq!(
        lines,
        [
            ("Silver and plenty. The shoals come close to the pier at".to_string(), 78, 418),
            ("dawn.".to_string(), 299, 444)
        ]
    );
    assert_eq!((subtitle::advance(&font, b' '), subtitle::advance(&font, b'!')), (9, 4));
}

/// `If PlayerDistance() < reach { ACTIVATE(label) }`, every update.
fn offering(label: [u8; 4], reach: i32) -> Vec<u8> {
    use stros_core::script::functions::id;
    use stros_tools::write::soup::{Asm, Cmp, key};
    let mut a = Asm::new();
    let after = a.label();
    a.if_call(id::PLAYER_DISTANCE, &[], Cmp::Lt, reach, after);
    a.function(id::ACTIVATE, &[key(label)]);
    a.here(after).end(Asm::START).finish()
}

/// Two objects that offer a prompt when Cyrus is within their reach ({D:engine/hud.md}
/// "Activation prompt"): the prompt is an admitted object's, and while one is pending no
/// other object's offer replaces it. With a reach of 200 map units only the nearer object
/// (100 from Cyrus, the other 300) is admitted: its prompt shows every frame. With a reach
/// of 400 both are admitted and the first to offer each frame — the same one, by update
/// order — holds the prompt; the other's offers are refused.
#[test]
fn the_prompt_is_the_first_admitted_object_s() {
    use stros_tools::write::rgm::ActorDesc;
    // The yard marker (5) is (31200, −240, 27400); Cyrus stands there facing 0.
    let near = [31200 + 100, -240, 27400];
    let far = [31200, -240, 27400 + 300];
    for (reach, expect) in [(200 * 256, vec!["The fishing"]), (400 * 256, vec!["The fishing", "The hut"])] {
        let actors = vec![
            ActorDesc {
                name: b"NEAR".to_vec(),
                script: offering(talk::TOPIC_FISHING.0, reach),
                ..Default::default()
            },
            ActorDesc {
                name: b"FAR".to_vec(),
                script: offering(talk::TOPIC_HUT.0, reach),
                ..Default::default()
            },
        ];
        let placements = vec![
            stros_tests::placement(900, "NEAR", near, false),
            stros_tests::placement(901, "FAR", far, false),
        ];
        let mut w = stros_tests::island_with(5, actors, placements);
        let mut shown = Vec::new();
        for t in 0..20 {
            w.step(&stros_core::input::Input::NONE, 1000 + 2 * t);
            if let ItemArea::Prompt(p) = w.item_area() {
                shown.push(text(p));
            }
        }
        assert_eq!(shown.len(), 20, "a prompt every frame at reach {reach}");
        shown.dedup();
        assert_eq!(shown.len(), 1, "one object holds the prompt: {shown:?}");
        assert!(expect.contains(&shown[0].as_str()), "{shown:?} at reach {reach}");
        if reach == 200 * 256 {
            assert_eq!(shown, ["The fishing"]);
        }
    }
}
