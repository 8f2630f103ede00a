//! The HUD health candle (engine summary §1.10, `engine/hud.md`): levels, the frame
//! sequences the docs list, the show timer and the three modes, and its drawing at both
//! screen sizes; the debug lines.

use stros_core::render::hud::{self, Candle, CandleColours};
use stros_core::render::{Framebuffer, HEIGHT, HEIGHT_HIGH, WIDTH, WIDTH_HIGH};

/// The frames of `n` rendered frames at `health`.
fn frames(c: &mut Candle, health: i32, n: usize) -> Vec<u8> {
    (0..n).map(|_| c.advance(health)).collect()
}

#[test]
fn spawning_at_full_health_flickers() {
    let mut c = Candle::new();
    assert_eq!(c.shown_level(), None);
    assert_eq!(frames(&mut c, 100, 6), [1, 2, 3, 4, 0, 1]);
    assert_eq!(c.shown_level(), Some(0));
}

#[test]
fn a_drop_to_half_health_steps_down_one_level_a_frame() {
    let mut c = Candle::new();
    c.advance(100);
    assert_eq!(frames(&mut c, 50, 11), [5, 11, 17, 23, 29, 30, 31, 32, 33, 34, 30]);
    assert_eq!(c.shown_level(), Some(5));
}

#[test]
fn restoring_health_steps_back_up() {
    let mut c = Candle::new();
    frames(&mut c, 50, 3);
    assert_eq!(c.shown_level(), Some(5));
    assert_eq!(frames(&mut c, 100, 8), [29, 23, 17, 11, 5, 0, 1, 2]);
}

#[test]
fn death_snuffs_the_candle_and_healing_relights_it() {
    let mut c = Candle::new();
    frames(&mut c, 50, 4);
    // No stepping through the levels: straight to the snuff-out, which holds its last frame.
    let snuff: Vec<u8> = (66..=80).chain([80, 80]).collect();
    assert_eq!(frames(&mut c, 0, 17), snuff);
    assert_eq!(c.shown_level(), Some(hud::SNUFFED));
    // Snuffed, then health 100: back up through every transition frame.
    assert_eq!(frames(&mut c, 100, 14), [65, 59, 53, 47, 41, 35, 29, 23, 17, 11, 5, 0, 1, 2]);
    // Spawning dead takes the level as already shown, so the count starts at once.
    let mut dead = Candle::new();
    assert_eq!(frames(&mut dead, 0, 3), [67, 68, 69]);
    // Below zero counts as zero, above 100 as 100.
    let mut c = Candle::new();
    assert_eq!(frames(&mut c, 250, 2), [1, 2]);
    assert_eq!(frames(&mut c, -40, 1), [66]);
}

#[test]
fn the_level_table() {
    for (health, level) in [(100, 0), (91, 0), (90, 1), (73, 2), (64, 3), (55, 4), (46, 5), (37, 6), (27, 7)]
    {
        assert_eq!(hud::level(health), level, "health {health}");
    }
    for (health, level) in [(36, 7), (26, 8), (18, 8), (17, 9), (9, 9), (8, 10), (1, 10), (0, 11)] {
        assert_eq!(hud::level(health), level, "health {health}");
    }
}

#[test]
fn the_show_timer() {
    let mut c = Candle::new();
    assert_eq!(c.timer(), 0);
    // Mode 0 shows the candle only while the timer runs; 1 and 2 always; 2 with the number.
    assert!(!c.visible(0, 0) && c.visible(1, 0) && c.visible(2, 0));
    assert!(!c.shows_number(1, 0) && c.shows_number(2, 0));
    // Lockout hides it in every mode.
    assert!(!c.visible(1, 3) && !c.visible(2, 1) && !c.shows_number(2, 1));
    c.health_changed();
    assert_eq!(c.timer(), hud::SHOW_TICKS);
    assert!(c.visible(0, 0) && !c.visible(0, 1));
    // After drawing, the frame's ticks come off, stopping at 0.
    c.decay(10, 0);
    assert_eq!(c.timer(), 15);
    c.decay(0, 0);
    assert_eq!(c.timer(), 15);
    // Nothing decays while lockout hides the candle.
    c.decay(10, 1);
    assert_eq!(c.timer(), 15);
    c.decay(40, 0);
    assert_eq!(c.timer(), 0);
    assert!(!c.visible(0, 0));
    c.decay(5, 0);
    assert_eq!(c.timer(), 0);
    // The sword drawn holds it at 50, which never decays, and a health change then leaves it.
    c.sword_drawn(0);
    assert_eq!(c.timer(), hud::HOLD_TICKS);
    c.decay(30, 0);
    c.health_changed();
    assert_eq!(c.timer(), hud::HOLD_TICKS);
    // Drawing or sheathing sets 25 whatever it was.
    c.weapon_toggled();
    assert_eq!(c.timer(), 25);
    // The sword drawn under lockout does not hold it.
    c.sword_drawn(1);
    assert_eq!(c.timer(), 25);
    // The inventory holds it at 50 and clears it on closing.
    c.inventory(true);
    assert_eq!(c.timer(), 50);
    c.inventory(false);
    assert_eq!(c.timer(), 0);
    // The timer does not touch the animation.
    let mut a = Candle::new();
    let mut b = Candle::new();
    b.inventory(true);
    assert_eq!(frames(&mut a, 70, 9), frames(&mut b, 70, 9));
}

/// Pixels of `colour` in the top-left `w / 8 × h / 4` of a `w × h` frame.
fn corner_pixels(px: &[u8], w: usize, h: usize, colour: u8) -> usize {
    (0..h / 4).flat_map(|y| (0..w / 8).map(move |x| (x, y))).filter(|&(x, y)| px[y * w + x] == colour).count()
}

fn draw(frame: u8, w: usize, h: usize) -> Vec<u8> {
    let mut px = vec![200u8; w * h];
    let mut fb = Framebuffer::new(&mut px, w, h).unwrap();
    hud::draw_candle(&mut fb, frame, &CandleColours::default());
    px
}

#[test]
fn the_candle_shape_follows_the_frame() {
    let c = CandleColours::default();
    // Distinct colours in the built-in palette, none of them the background.
    let all = [c.wax, c.shadow, c.brass, c.wick, c.flame, c.core, c.smoke];
    assert!(all.iter().all(|&k| k != 200));
    for (w, h) in [(WIDTH, HEIGHT), (WIDTH_HIGH, HEIGHT_HIGH)] {
        let wax = |frame| corner_pixels(&draw(frame, w, h), w, h, c.wax);
        let flame = |frame| corner_pixels(&draw(frame, w, h), w, h, c.flame);
        // The wax shortens level by level; a transition frame sits between two levels.
        let levels: Vec<usize> = (0..11).map(|l| wax(6 * l)).collect();
        assert!(levels.windows(2).all(|p| p[0] > p[1]), "{w}×{h}: {levels:?}");
        assert!(wax(5) < levels[0] && wax(5) > levels[1], "{w}×{h}");
        // The flicker frames all burn, with different flames.
        assert!((0..5).all(|f| flame(f) > 0));
        assert_ne!(draw(1, w, h), draw(2, w, h));
        // Snuffed: a stub, no flame, smoke that thins away by the last frame.
        assert!(wax(66) < levels[10] && flame(66) == 0);
        let smoke = |frame| corner_pixels(&draw(frame, w, h), w, h, c.smoke);
        assert!(smoke(66) > 0 && smoke(80) == 0);
        // Frames past the last draw the last; nothing outside the candle's corner is touched.
        assert_eq!(draw(200, w, h), draw(80, w, h));
        let px = draw(0, w, h);
        assert!(px.iter().enumerate().all(|(i, &p)| p == 200 || (i % w < w / 8 && i / w < h / 4)));
    }
    // The high resolution candle is about four times the pixels.
    let (small, large) = (
        corner_pixels(&draw(0, WIDTH, HEIGHT), WIDTH, HEIGHT, c.wax),
        corner_pixels(&draw(0, WIDTH_HIGH, HEIGHT_HIGH), WIDTH_HIGH, HEIGHT_HIGH, c.wax),
    );
    assert!(large > 3 * small && large < 5 * small, "{small} vs {large}");
    // Tiny framebuffers do not panic.
    for (w, h) in [(1, 1), (3, 2), (640, 1)] {
        let mut px = vec![0u8; w * h];
        let mut fb = Framebuffer::new(&mut px, w, h).unwrap();
        for f in [0, 5, 66, 80, 255] {
            hud::draw_candle(&mut fb, f, &c);
        }
    }
}

#[test]
fn the_health_number_sits_below_the_candle() {
    use stros_core::render::palette::HUD_TEXT;
    for (w, h) in [(WIDTH, HEIGHT), (WIDTH_HIGH, HEIGHT_HIGH)] {
        let mut px = vec![200u8; w * h];
        let mut fb = Framebuffer::new(&mut px, w, h).unwrap();
        hud::draw_health(&mut fb, 100);
        // Centred on x = 12 + 25 − 5 = 32, top at y = 8 + 98 = 106 of the virtual 640×480.
        let ink: Vec<(usize, usize)> =
            (0..w * h).filter(|&i| px[i] == HUD_TEXT).map(|i| (i % w, i / w)).collect();
        assert!(ink.len() > 20, "{w}×{h}: {} pixels", ink.len());
        let cx = ink.iter().map(|p| p.0).sum::<usize>() as f64 / ink.len() as f64;
        let top = ink.iter().map(|p| p.1).min().unwrap();
        let (want_x, want_top) = (32.0 * w as f64 / 640.0, 106 * h / 480);
        assert!((cx - want_x).abs() < 2.5, "{w}×{h}: centred at {cx}, want {want_x}");
        assert!((want_top..want_top + 3).contains(&top), "{w}×{h}: top {top}, want {want_top}");
    }
}

#[test]
fn the_object_coord_lines() {
    let start = [8_960_000, -77_312, 7_833_600];
    assert_eq!(
        hud::object_coord("start", start).as_str(),
        "start 8960000 -77312 7833600  map 35000 -302 30600"
    );
    // Map units are the runtime position shifted right eight bits (flooring negatives).
    assert_eq!(hud::object_coord("now", [255, -1, -257]).as_str(), "now 255 -1 -257  map 0 -1 -2");
}

/// The power-up slots ({D:engine/hud.md} "Power-up slots"): a script's `ShowBitmap(0, 1)`
/// then `ShowBitmap(1, 0)` put the shield (frame 1, 54 × 61) in slot 1 at (576, 6) and the
/// gauntlet (frame 0, 39 × 61) in slot 2 at (576, 96) of the 640 × 480 screen — at
/// 640 × 400 rows scale by 400/480, so slot 1 covers rows 5 … 55 and slot 2 rows 80 … 130;
/// a lockout other than 0 hides them; a world change keeps both.
#[test]
fn power_up_slots_show_their_frames_and_survive_a_world_change() {
    use stros_core::input::Input;
    use stros_core::script::functions::id;
    use stros_core::world::catalog::{Choice, resolve};
    use stros_tools::write::gxa::{FrameDesc, GxaDesc, gxa};
    let solid = |w: u16, index: u8| FrameDesc {
        size: [w, 61],
        offset: [0, 0],
        rle: false,
        pixels: vec![index; w as usize * 61],
    };
    let bitmap =
        GxaDesc { title: b"powerup".to_vec(), palette: None, frames: vec![solid(39, 88), solid(54, 77)] };
    let script = stros_tests::calls(&[(id::SHOW_BITMAP, &[0, 1]), (id::SHOW_BITMAP, &[1, 0])]);
    let mut desc = stros_tools::world::village::rgm_desc();
    desc.actors.push(stros_tools::write::rgm::ActorDesc {
        name: b"SHOWER".to_vec(),
        script,
        ..Default::default()
    });
    desc.mpob.push(stros_tests::placement(900, "SHOWER", [31200, -240, 27500], false));
    let files = stros_tests::replaced(vec![
        ("HARBOUR.RGM", stros_tools::write::rgm::to_bytes(&desc)),
        ("POWERUP.GXA", gxa(&bitmap)),
    ]);
    let config = stros_core::config::SystemConfig::installed();
    let mut s = stros_tests::start(files, stros_core::embedded::MAP, config, Default::default(), 5).unwrap();
    let draw = |s: &stros_host::Session<'_>| {
        let (w, h) = (WIDTH_HIGH, HEIGHT_HIGH);
        let mut px = vec![0u8; w * h];
        s.draw(&mut Framebuffer::new(&mut px, w, h).unwrap(), &mut vec![0f32; w * h]);
        move |x: usize, y: usize| px[y * w + x]
    };
    let before = draw(&s);
    assert_ne!((before(600, 30), before(590, 110)), (77, 88));
    s.step(&Input::NONE, 2, None);
    let slots = s.world.power_ups().slots().map(|s| s.map(|s| (s.id, s.frame)));
    assert_eq!(slots, [Some((0, 1)), Some((1, 0))]);
    let px = draw(&s);
    // Inside each frame; just right of slot 2's narrower frame is the world again.
    assert_eq!([px(577, 6), px(629, 55), px(600, 30)], [77; 3]);
    assert_eq!([px(577, 81), px(614, 130), px(590, 110)], [88; 3]);
    assert_ne!(px(620, 110), 88);
    // Lockout other than 0 hides both (the retained word, as `LockoutPlayer(2)` leaves it).
    s.world.player_state_mut().lockout = 2;
    let locked = draw(&s);
    assert_ne!((locked(600, 30), locked(590, 110)), (77, 88));
    s.world.player_state_mut().lockout = 0;
    // Into the hut: the slots are the session's.
    let (spec, _) = resolve(files, Choice::Index(2)).unwrap();
    s.world.change_world(files, &spec, 0, 0).unwrap();
    assert_eq!(s.world.power_ups().slots().map(|s| s.map(|s| (s.id, s.frame))), slots);
    // A fresh world starts with both empty.
    assert_eq!(stros_tests::island_in(files).power_ups().slots(), [None, None]);
}

/// The compass ({D:engine/hud.md} "Compass"): with `SYSTEM\COMPASS2.GXA` (here 32 solid
/// 73 × 65 frames, frame k in index 100 + k) and item 0 owned, nothing until the display
/// flag is on; then the frame for his heading,
/// `((−(heading + world_compass)) mod 2048) >> 6`, at (546, 396) of the 640 × 480 screen —
/// rows 330 … 384 at 640 × 400. Lockout 1 hides it, lockout 2 does not; the flag outlives a
/// world change.
#[test]
fn the_compass_shows_the_heading_while_its_flag_is_on() {
    use stros_core::world::catalog::{Choice, resolve};
    use stros_tools::write::gxa::{FrameDesc, GxaDesc, gxa};
    let frames = (0..32u8)
        .map(|k| FrameDesc { size: [73, 65], offset: [0, 0], rle: false, pixels: vec![100 + k; 73 * 65] })
        .collect();
    let bitmap = GxaDesc { title: b"compass".to_vec(), palette: None, frames };
    let files = stros_tests::replaced(vec![("COMPASS2.GXA", gxa(&bitmap))]);
    let config = stros_core::config::SystemConfig::installed();
    let mut s = stros_tests::start(files, stros_core::embedded::MAP, config, Default::default(), 5).unwrap();
    let at = |s: &stros_host::Session<'_>, x: usize, y: usize| {
        let (w, h) = (WIDTH_HIGH, HEIGHT_HIGH);
        let mut px = vec![0u8; w * h];
        s.draw(&mut Framebuffer::new(&mut px, w, h).unwrap(), &mut vec![0f32; w * h]);
        px[y * w + x]
    };
    assert_eq!(s.world.items().count(0), 1);
    let heading = s.world.selected_player().unwrap().angles.heading as i32;
    let want = 100 + ((-(heading + s.world.world_compass())).rem_euclid(2048) / 64) as u8;
    let off = [at(&s, 547, 331), at(&s, 560, 350), at(&s, 618, 383)];
    assert_ne!(off, [want; 3]);
    s.world.set_compass_display(true);
    assert_eq!([at(&s, 547, 331), at(&s, 560, 350), at(&s, 618, 383)], [want; 3]);
    assert_ne!(at(&s, 620, 350), want);
    s.world.player_state_mut().lockout = 1;
    assert_ne!(at(&s, 560, 350), want);
    s.world.player_state_mut().lockout = 2;
    assert_eq!(at(&s, 560, 350), want);
    let (spec, _) = resolve(files, Choice::Index(2)).unwrap();
    s.world.change_world(files, &spec, 0, 0).unwrap();
    assert!(s.world.compass_display());
    assert!(!stros_tests::island_in(files).compass_display());
}
