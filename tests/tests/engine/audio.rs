//! Positional sound (newest `engine/sound.md`): the radius and divisor, the distance, the
//! volume curve, the bearing and pan, the playback rate, channel allocation without
//! stealing, remembered animation sounds, the mixer's gain and pan law, and the world's
//! requests with their SURFACE.INI remap.

use stros_core::audio::{
    Mixer, OTHER_START, PLAYER_START, Start, bearing, distance, pan, playback_rate, radius_and_divisor,
    volume,
};
use stros_core::formats::sfx::Sfx;
use stros_tools::write::sfx::{EffectDesc, SfxDesc, to_bytes};

#[test]
fn radius_and_divisor_from_sound_distance() {
    assert_eq!(radius_and_divisor(64), Some((2304, 3640)));
    assert_eq!(radius_and_divisor(4), Some((144, 65_536)));
    assert_eq!(radius_and_divisor(3), None, "floor(R / 128) = 0 divides by zero in the original");
}

#[test]
fn volume_falls_with_distance() {
    let (r, d) = radius_and_divisor(64).unwrap();
    let v: Vec<u8> = [0, 19, 1000, 2286, 2287, 2304, 2305].iter().map(|&x| volume(x, r, d, 0)).collect();
    assert_eq!(v, [127, 126, 72, 1, 0, 0, 0]);
    assert_eq!(volume(1000, r, d, 20), 92, "a per-call offset adds");
    assert_eq!(volume(2305, r, d, 127), 0, "no offset makes a sound beyond R audible");
    assert_eq!(volume(0, r, d, i32::MAX), 0, "the sum wraps before the clamp");
}

#[test]
fn distance_is_three_dimensional_rounded_then_floored() {
    assert_eq!(distance([3 * 256, 4 * 256, 0], [0, 0, 0]), 5);
    // sqrt(511² + 0) = 511 runtime units: under one world unit.
    assert_eq!(distance([511, 0, 0], [0, 0, 0]), 1);
    assert_eq!(distance([255, 0, 0], [0, 0, 0]), 0);
    // Height counts.
    assert_eq!(distance([0, -1000 * 256, 0], [0, 0, 0]), 1000);
}

#[test]
fn bearing_and_pan() {
    assert_eq!([bearing(0, 5), bearing(5, 0), bearing(0, -5), bearing(-5, 0)], [0, 512, 1024, 1536]);
    assert_eq!([bearing(3, 3), bearing(-3, 3), bearing(3, -3), bearing(-3, -3)], [256, 1792, 768, 1280]);
    // A first-octant case through the table: T[floor(512 × 100 / 1000)] = T[51].
    assert_eq!(bearing(100, 1000), stros_core::tables::octant(51) as i32);
    assert_eq!(bearing(1000, 100), 512 - stros_core::tables::octant(51) as i32);
    // Halving keeps the ratio.
    assert_eq!(bearing(100_000, 100_000), 256);
    // Ahead and behind are centred; front-right is to the right; exactly abeam is centred
    // by the `& 511` of the triangle wave.
    assert_eq!(pan(0, 100, 0), 64);
    assert_eq!(pan(0, -100, 0), 64);
    assert_eq!(pan(100, 100, 0), 96);
    assert_eq!(pan(-100, 100, 0), 32);
    assert_eq!(pan(100, 0, 0), 64);
    assert_eq!(pan(100, 1, 0), 127, "just short of abeam: fully right");
    // The yaw turns the frame: a listener whose yaw is 512 hears +X ahead.
    assert_eq!(pan(100, 0, 512), 64);
    assert_eq!(pan(0, 100, 256), 32);
}

#[test]
fn playback_rate_is_clamped() {
    assert_eq!(playback_rate(22_050, 3 * 64), 22_242);
    assert_eq!(playback_rate(600, -200), 512);
    assert_eq!(playback_rate(43_990, 64), 44_000);
    assert_eq!(playback_rate(11_025, -64 * 8), 10_513);
}

fn bank() -> Vec<u8> {
    let loud = vec![255u8; 64];
    let half = vec![192u8; 64];
    to_bytes(&SfxDesc {
        description: b"test".to_vec(),
        effects: vec![EffectDesc::mono8(11_025, loud), EffectDesc::mono8(22_050, half)],
    })
}

fn start(owner: u16, effect: i16, first_channel: usize) -> Start {
    Start { owner, effect, requested: effect, rate_offset: 0, volume: 127, pan: 64, first_channel }
}

#[test]
fn channels_are_taken_in_order_and_never_stolen() {
    let bytes = bank();
    let sfx = Sfx::new_checked(&bytes).unwrap();
    let mut m = Mixer::new(256);
    // Other sounds start at channel 6, the player's at 0.
    assert_eq!(m.start(&sfx, start(3, 0, OTHER_START)), Some(6));
    assert_eq!(m.start(&sfx, start(7, 1, PLAYER_START)), Some(0));
    for k in 7..16 {
        assert_eq!(m.start(&sfx, start(3, 0, OTHER_START)), Some(k));
    }
    assert_eq!(m.start(&sfx, start(3, 0, OTHER_START)), None, "all of 6..16 busy: dropped");
    assert_eq!(m.start(&sfx, start(7, 0, PLAYER_START)), Some(1), "the player's start index is 0");
    assert_eq!(m.playing(), 12);
    // Effects outside the bank start nothing.
    assert_eq!(m.start(&sfx, start(3, 2, PLAYER_START)), None);
    assert_eq!(m.start(&sfx, start(3, -1, PLAYER_START)), None);
    // The master volume scales the start volume: (v × master) >> 8.
    let mut m = Mixer::new(255);
    let k = m.start(&sfx, start(3, 0, 0)).unwrap();
    assert_eq!(m.channels[k].volume, 126);
    assert_eq!(m.channels[k].rate, 11_025);
}

#[test]
fn end_animation_stops_only_the_remembered_sound() {
    let bytes = bank();
    let sfx = Sfx::new_checked(&bytes).unwrap();
    let mut m = Mixer::new(256);
    let a = m.play_animation_sound(&sfx, start(5, 0, OTHER_START)).unwrap();
    // A second PlaySound replaces the remembered handle without stopping the first.
    let b = m.play_animation_sound(&sfx, start(5, 1, OTHER_START)).unwrap();
    m.stop_animation_sound(5);
    assert!(m.channels[a].active && !m.channels[b].active);
    // Nothing remembered any more: a second stop does nothing.
    m.stop_animation_sound(5);
    assert!(m.channels[a].active);
}

#[test]
fn the_mixer_follows_the_gain_and_pan_law() {
    let bytes = bank();
    let sfx = Sfx::new_checked(&bytes).unwrap();
    let mix = |volume: u8, pan: u8| {
        let mut m = Mixer::new(256);
        m.start(&sfx, Start { volume, pan, ..start(1, 0, 0) }).unwrap();
        let mut out = [0i16; 8];
        m.mix(&sfx, 11_025, &mut out);
        (out[0], out[1])
    };
    // Sample 255 is +127 × 256 = 32512; at volume 127 the 8-bit law scales by 128/128.
    assert_eq!(mix(127, 64), (32_512, 32_512));
    // Volume 63: floor(32512 × 64 / 128) = 16256 at the centre.
    assert_eq!(mix(63, 64), (16_256, 16_256));
    assert_eq!(mix(0, 64), (0, 0), "volume 0 plays silently");
    // Pan 0: the left keeps the centre level (T[127] = 128), the right fades (T[0] = 0).
    assert_eq!(mix(127, 0), (32_512, 0));
    // Pan 32: right T[32] = 64 halves, left T[95] = 128.
    assert_eq!(mix(127, 32), (32_512, 16_256));
    // A channel plays its frames at its rate and then goes idle.
    let mut m = Mixer::new(256);
    m.start(&sfx, start(1, 1, 0)).unwrap();
    let mut out = [0i16; 64];
    m.mix(&sfx, 44_100, &mut out); // 32 frames at half the source rate: 16 source frames
    assert_eq!(m.playing(), 1);
    let mut out = vec![0i16; 2 * 200];
    m.mix(&sfx, 44_100, &mut out);
    assert_eq!(m.playing(), 0);
    assert_eq!(out[2 * 150], 0, "silent after the end");
    assert_eq!(out[0], 64 * 256, "192 is +64 × 256");
}

#[test]
fn the_walk_reports_remapped_footsteps() {
    use stros_core::input::{Action, Input};
    use stros_core::world::Event;
    // Walking up the yard's ramp (planks: wood) the sand footstep (effect 0) becomes the
    // wood step (1) through the embedded SURFACE.INI; on the meadow (scape) it stays 0.
    let (mut w, _) = stros_tests::entered(5, 1024);
    let mut steps = Vec::new();
    let mut mixer = Mixer::new(255);
    let sfx = Sfx::new_checked(stros_core::embedded::SFX).unwrap();
    for b in 0..120 {
        let view = w.view();
        let r = w.step(&Input::with(&[Action::Up, Action::Walk]), b * 2).clone();
        // Sounds are heard from the camera as it was before the update's actors moved.
        assert_eq!(r.listener.position.map(|c| c >> 8), view);
        for e in &r.events {
            if let Event::Sound(s) = e.event {
                assert!(s.player);
                steps.push((s.requested, s.effect, w.actor(e.actor).unwrap().surface));
            }
        }
        let before = mixer.playing();
        mixer.play_report(&sfx, &r, w.config().sound_distance);
        if r.events.iter().any(|e| matches!(e.event, Event::Sound(_))) {
            assert!(mixer.playing() > before, "a footstep started");
            assert!(mixer.channels[0].active, "the player's own sound takes channel 0 first");
        }
        let mut out = [0i16; 512];
        mixer.mix(&sfx, 22_050, &mut out);
    }
    assert!(
        steps.iter().any(|&(req, eff, surface)| (req, eff, surface) == (0, 1, 7)),
        "a wood step: {steps:?}"
    );
    assert!(steps.iter().any(|&(req, eff, surface)| (req, eff, surface) == (0, 0, 9)), "a meadow step");
    assert!(steps.iter().all(|&(req, _, _)| req == 0));
}

#[test]
fn script_sounds_start_flat_or_positional_and_stop_by_effect_owner_or_all() {
    // "SOUP functions": FlatSound plays at pan 64 and the effect's base volume plus its volume
    // (the bank's effects have base 64: 64 + 10 = 74), Sound by the curve with its offset; a
    // script's sound is not the animation's remembered one, so EndAnimation leaves it;
    // EndMySound/EndMySounds end the owner's, EndSound any owner's of that effect,
    // StopAllSounds everything.
    use stros_core::anim::SoundStop;
    use stros_core::world::{Event, SoundLevel, SoundRequest, StepReport, WorldEvent};
    let bytes = bank();
    let sfx = Sfx::new_checked(&bytes).unwrap();
    let request = |effect, level| SoundRequest {
        effect,
        requested: effect,
        rate: 0,
        offset_hz: 100,
        level,
        remembered: false,
        emitter: [0; 3],
        player: false,
        ambient: None,
    };
    let mut report = StepReport::default();
    let push = |r: &mut StepReport, actor, event| r.events.push(WorldEvent { actor, event }).unwrap();
    push(&mut report, 3, Event::Sound(request(0, SoundLevel::Flat(10))));
    push(&mut report, 3, Event::Sound(request(1, SoundLevel::Positional(0))));
    push(&mut report, 4, Event::Sound(request(1, SoundLevel::Positional(0))));
    let mut m = Mixer::new(256);
    m.play_report(&sfx, &report, 0);
    let (flat, mine, theirs) = (m.channels[6], m.channels[7], m.channels[8]);
    assert!(flat.active && mine.active && theirs.active);
    assert_eq!((flat.volume, flat.pan, flat.rate), (64 + 10, 64, 11_025 + 100));
    m.stop_animation_sound(3);
    assert_eq!(m.playing(), 3, "not the animation's sound");
    m.stop(3, SoundStop::MineOf(1));
    assert!(!m.channels[7].active && m.channels[8].active && m.channels[6].active);
    m.stop(9, SoundStop::Effect(1));
    assert!(!m.channels[8].active, "EndSound ends any owner's");
    m.stop(4, SoundStop::Mine);
    assert!(m.channels[6].active, "actor 4 owns none of it");
    m.stop(0, SoundStop::All);
    assert_eq!(m.playing(), 0);
}

/// `AmbientSound`'s runs in the mixer ({D:engine/sound.md} "SOUP functions"): the first run
/// starts the sound and remembers its channel; later runs set that channel's volume and pan
/// instead of starting another; a restart (the task's first run again) forgets it, so the
/// next sound takes a new channel while the old one plays on; once the sound has ended,
/// the next run starts it again.
#[test]
fn ambient_sounds_keep_one_channel_per_task() {
    let bytes = bank();
    let sfx = Sfx::new_checked(&bytes).unwrap();
    let mut m = Mixer::new(256);
    m.keep_ambient(&sfx, start(7, 1, 6), true);
    assert_eq!(m.playing(), 1);
    let ch = m.channels.iter().position(|c| c.active).unwrap();
    m.keep_ambient(&sfx, Start { volume: 40, pan: 20, ..start(7, 1, 6) }, false);
    assert_eq!((m.playing(), m.channels[ch].volume, m.channels[ch].pan), (1, 40, 20));
    m.keep_ambient(&sfx, start(7, 1, 6), true);
    assert_eq!(m.playing(), 2, "the restart's sound takes a channel of its own");
    m.channels.iter_mut().for_each(|c| c.active = false);
    m.keep_ambient(&sfx, start(7, 1, 6), false);
    assert_eq!(m.playing(), 1, "an ended sound starts again");
}

/// The yard walk's sound as `--audio-out` writes it ([`stros_host::wav`]), and the report
/// of the update that started its first sound.
fn yard_walk_wav() -> (Vec<u8>, stros_core::world::StepReport, u32, u32, stros_core::config::SystemConfig) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/yard_walk.toml");
    let opened = stros_host::Opened::scenario(&path).unwrap();
    let out = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("yard-{:?}.wav", std::thread::current().id()));
    let files = stros_host::FileArgs { audio_out: Some(out.clone()), ..Default::default() };
    let mut runner =
        stros_host::Runner::new(opened.session().unwrap(), &files, &stros_host::RunArgs::default());
    let (mut first, mut start_bios, mut report) = (None, 0, None);
    while let Some(u) = runner.session.next_recorded() {
        let bios0 = *first.get_or_insert(u.bios);
        runner.step(u).unwrap();
        let r = runner.session.world.report();
        if report.is_none() && r.events.iter().any(|e| matches!(e.event, stros_core::world::Event::Sound(_)))
        {
            (start_bios, report) = (u.bios - bios0, Some(r.clone()));
        }
    }
    runner.finish().unwrap();
    let config = *runner.session.world.config();
    (std::fs::read(&out).unwrap(), report.unwrap(), start_bios, first.unwrap(), config)
}

#[test]
fn the_yard_walks_sound_is_written_by_the_bios_clock() {
    let (wav, report, ticks, _, config) = yard_walk_wav();
    // The same replay, the same bytes; a 44,100 Hz 16-bit stereo WAV.
    assert_eq!(wav, yard_walk_wav().0);
    assert_eq!((&wav[0..4], &wav[8..16]), (&b"RIFF"[..], &b"WAVEfmt "[..]));
    assert_eq!(u32::from_le_bytes(wav[24..28].try_into().unwrap()), 44_100);
    let samples: Vec<i16> = wav[44..].chunks_exact(2).map(|b| i16::from_le_bytes([b[0], b[1]])).collect();
    // The first update is at BIOS tick 2 and the last at 628 (the golden trace), 626 apart;
    // one second (18 ticks) of tail follows: (626 + 18) × 44,100 × 65,536 / 1,193,182 =
    // 1,559,903.4 frames, floored.
    assert_eq!(samples.len() / 2, 1_559_903);
    let mut fnv = stros_core::trace::Fnv1a64::new();
    fnv.update(&wav);
    assert_eq!(format!("{:016x}", fnv.value()), "279d9a1b2ea14132", "the golden digest");

    // The first sound: Cyrus's first footstep. Before it nothing plays, so the file holds
    // its samples alone from the frame of its update's tick on, by the mixer's rules
    // ({D:engine/sound.md}): 8-bit PCM `(b − 128) × 256` scaled by `(v + 1) / 128`, then by
    // the pan law's `2p` (p < 63, else 128) for each side, each division floored.
    let stros_core::world::Event::Sound(s) = report.events[0].event else { panic!("a sound first") };
    let l = report.listener;
    let d = [0, 1, 2].map(|k| (s.emitter[k] - l.position[k]) as f64);
    let dist = ((d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt() as f32).round_ties_even() as i32 >> 8;
    let r = config.sound_distance * 36;
    let divisor = 65_536 / (r / 128);
    let v = (127 - ((dist * divisor) >> 16).clamp(0, 127)).clamp(0, 127);
    let v = (v * config.volume) >> 8;
    let p = pan(s.emitter[0] - l.position[0], s.emitter[2] - l.position[2], l.yaw) as i32;
    let gain = |p: i32| if p < 63 { 2 * p } else { 128 };
    let bank = Sfx::new_checked(stros_core::embedded::SFX).unwrap();
    let effect = bank.effect(s.effect as usize).unwrap();
    assert_eq!(effect.kind().bytes_per_sample(), 1, "the footstep is 8-bit");
    let step = ((effect.rate() as i64 + s.offset_hz as i64).clamp(512, 44_000) << 16) / 44_100;
    let at = (ticks as u64 * 44_100 * 65_536 / 1_193_182) as usize;
    assert!(samples[..at * 2].iter().all(|&x| x == 0), "silence before the first sound");
    for k in 0..256 {
        let b = effect.pcm()[((k as i64 * step) >> 16) as usize] as i32;
        let scaled = ((b - 128) * 256 * (v + 1)).div_euclid(128);
        let (left, right) = ((scaled * gain(127 - p)).div_euclid(128), (scaled * gain(p)).div_euclid(128));
        assert_eq!(
            (samples[(at + k) * 2] as i32, samples[(at + k) * 2 + 1] as i32),
            (left, right),
            "frame {k}"
        );
    }
}

#[test]
fn sound_maintenance_resets_after_1400_ticks_unless_inhibited() {
    // {D:engine/sound.md}: sound maintenance adds each update's nominal ticks while its
    // inhibition is clear and resets past 1400 (the report's `sound_reset`, the accumulator
    // back to 0). The player's controller samples the inhibition: with the menu-state word
    // and `WaitOnDialog` zero (Stros keeps neither) it clears it when the lockout word is
    // zero, and the lockout return keeps it otherwise. Inhibited by a lockout, 800 updates of
    // two ticks never reset; released, the first update past 1400 accumulated ticks does.
    use stros_core::input::Input;
    let (mut w, _) = stros_tests::entered(0, 0);
    w.player_state_mut().sound_inhibition = true;
    w.player_state_mut().lockout = 1;
    for k in 0..800u32 {
        assert!(!w.step(&Input::NONE, 2 * k).sound_reset);
    }
    assert!(w.player_state().sound_inhibition, "the lockout keeps it");
    assert_eq!(w.shared().sound.accumulator, 0);
    w.player_state_mut().lockout = 0;
    // The first update still runs maintenance inhibited (the controller clears the flag after
    // it); from the second on the ticks count.
    let mut sum = 0;
    for k in 800..2000u32 {
        let r = w.step(&Input::NONE, 2 * k);
        let first = k == 800;
        if !first {
            sum += r.tick.nominal_ticks;
        }
        assert_eq!(r.sound_reset, sum > 1400, "update {k}, {sum} ticks");
        if r.sound_reset {
            assert_eq!(w.shared().sound.accumulator, 0);
            assert!(!w.player_state().sound_inhibition);
            return;
        }
    }
    panic!("no reset");
}

/// {D:engine/sound.md}: the periodic sound reset stops every channel before the update's
/// sounds start. Two channels playing; a report with `sound_reset` and one new request
/// leaves exactly that request playing, on the first free channel of its range (6).
#[test]
fn a_sound_reset_stops_every_channel_before_the_updates_sounds() {
    use stros_core::world::{Event, SoundLevel, SoundRequest, StepReport, WorldEvent};
    let bytes = bank();
    let sfx = Sfx::new_checked(&bytes).unwrap();
    let mut m = Mixer::new(256);
    m.start(&sfx, start(3, 0, PLAYER_START));
    m.start(&sfx, start(4, 0, OTHER_START));
    assert_eq!(m.playing(), 2);
    let request = SoundRequest {
        effect: 1,
        requested: 1,
        rate: 0,
        offset_hz: 0,
        level: SoundLevel::Flat(0),
        remembered: false,
        emitter: [0; 3],
        player: false,
        ambient: None,
    };
    let mut report = StepReport { sound_reset: true, ..StepReport::default() };
    report.events.push(WorldEvent { actor: 5, event: Event::Sound(request) }).unwrap();
    m.play_report(&sfx, &report, 0);
    assert_eq!(m.playing(), 1);
    assert!(m.channels[6].active && m.channels[6].owner == 5);
}
