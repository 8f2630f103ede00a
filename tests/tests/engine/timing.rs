//! Seed 000, "FPS-derived frame scale" and "Whole nominal ticks", through the public clock.

use stros_core::timing::{Clock, TimingConfig, divisor_step, smooth_divisor, smooth_fps, target_scale};
use stros_tests::run_window;

fn config(normal: i32, min: i32, max: i32, smooth_fps: bool, smooth_divisor: bool) -> TimingConfig {
    TimingConfig {
        normal_frame_rate: normal,
        min_frame_rate: min,
        max_frame_rate: max,
        use_smooth_fps: smooth_fps,
        use_smooth_divisor: smooth_divisor,
    }
}

/// Runs the twelve startup updates at a steady 12 frames per window.
fn past_startup(clock: &mut Clock) -> u32 {
    let mut bios = 0;
    while clock.startup_countdown() > 0 {
        bios = run_window(clock, bios, 12);
    }
    bios
}

#[test]
fn fps_smoothing_rows() {
    // 19 → 17 gives 18, then 17.
    assert_eq!(smooth_fps(19, 17), 18);
    assert_eq!(smooth_fps(18, 17), 17);
    // The acceleration boundary.
    assert_eq!(smooth_fps(10, 14), 11);
    assert_eq!(smooth_fps(10, 15), 13);
    assert_eq!(smooth_fps(14, 10), 13);
    assert_eq!(smooth_fps(15, 10), 12);
    assert_eq!(smooth_fps(12, 12), 12);
}

#[test]
fn smoothed_fps_follows_measurement_19_then_17() {
    let mut clock = Clock::new(TimingConfig::default());
    let mut bios = 0;
    for _ in 0..8 {
        bios = run_window(&mut clock, bios, 19);
    }
    assert_eq!((clock.measured_fps(), clock.smoothed_fps()), (19, 19));
    // The first update of the next window measures the 17-frame window.
    bios = run_window(&mut clock, bios, 17);
    clock.update(bios);
    assert_eq!((clock.measured_fps(), clock.smoothed_fps()), (17, 18));
    clock.update(bios + 1);
    assert_eq!((clock.measured_fps(), clock.smoothed_fps()), (17, 17));
}

#[test]
fn measurement_windows_integer_division_and_remainder() {
    let mut clock = Clock::new(TimingConfig::default());
    for t in [0, 5, 10, 20] {
        clock.update(t);
    }
    // 4 frames by tick 20: one complete window, remainder 2.
    assert_eq!((clock.measured_fps(), clock.frame_count(), clock.tick_remainder()), (4, 0, 2));
    // Two frames reaching tick 60: 2 + 40 = 42 ticks, two windows, 2 frames / 2 = 1.
    clock.update(40);
    clock.update(60);
    assert_eq!((clock.measured_fps(), clock.frame_count(), clock.tick_remainder()), (1, 0, 6));
    // A BIOS count running backwards clamps the accumulated ticks at zero.
    clock.update(10);
    assert_eq!(clock.tick_remainder(), 0);
}

#[test]
fn divisor_table_rows() {
    assert_eq!(divisor_step(0), 0);
    assert_eq!([1, 5].map(divisor_step), [1, 1]);
    assert_eq!([6, 10].map(divisor_step), [5, 5]);
    assert_eq!([11, 20].map(divisor_step), [10, 10]);
    assert_eq!([21, 1000].map(divisor_step), [20, 20]);
    // One unit toward the target first, then the table on what remains.
    assert_eq!(smooth_divisor(256, 257), 257, "exact match after the unit step");
    assert_eq!(smooth_divisor(256, 262), 258, "remaining 5 adds 1");
    assert_eq!(smooth_divisor(256, 263), 262, "remaining 6 adds 5");
    assert_eq!(smooth_divisor(256, 267), 262, "remaining 10 adds 5");
    assert_eq!(smooth_divisor(256, 268), 267, "remaining 11 adds 10");
    assert_eq!(smooth_divisor(256, 277), 267, "remaining 20 adds 10");
    assert_eq!(smooth_divisor(256, 278), 277, "remaining 21 adds 20");
    // Falling targets take effect at once.
    assert_eq!(smooth_divisor(300, 128), 128);
    assert_eq!(smooth_divisor(129, 128), 128);
    assert_eq!(smooth_divisor(200, 200), 200);
}

#[test]
fn rising_scale_climbs_through_the_divisor_table() {
    let mut clock = Clock::new(config(12, 6, 300, false, true));
    let mut bios = past_startup(&mut clock);
    // 24 frames per window: target 12 * 256 / 24 = 128, taken at once (falling).
    for _ in 0..3 {
        bios = run_window(&mut clock, bios, 24);
    }
    assert_eq!(clock.tick().frame_scale, 128);
    // A 12-frame window; its measurement arrives with the next window's first update.
    bios = run_window(&mut clock, bios, 12);
    assert_eq!(clock.tick().frame_scale, 128);
    let mut seen = Vec::new();
    for i in 0..12 {
        clock.update(bios + i * 18 / 12);
        seen.push(clock.tick().frame_scale);
    }
    // Target 256: one unit, then +20 while 21 or more remain, +1 for the last one.
    assert_eq!(&seen[..8], &[149, 170, 191, 212, 233, 254, 256, 256]);
    assert_eq!(target_scale(config(12, 6, 300, false, true), 12), 256);
}

#[test]
fn target_scale_clamps_fps() {
    let c = config(12, 6, 300, true, true);
    assert_eq!(target_scale(c, 12), 256);
    assert_eq!(target_scale(c, 24), 128);
    assert_eq!(target_scale(c, 2), 512, "clamped to min_frame_rate 6");
    assert_eq!(target_scale(c, 1000), 10, "clamped to max_frame_rate 300");
}

#[test]
fn scale_128_gives_a_nominal_tick_every_second_update() {
    // normal 6 at a clamped 12 FPS: scale 6 * 256 / 12 = 128 whatever is measured.
    let mut clock = Clock::new(config(6, 12, 12, true, false));
    let mut bios = 0;
    for _ in 0..12 {
        let t = clock.update(bios);
        assert_eq!((t.frame_scale, t.nominal_ticks, t.fine_ticks), (256, 1, 8), "startup countdown");
        bios += 1;
    }
    let ticks: Vec<_> = (0..8).map(|i| clock.update(bios + i)).collect();
    assert!(ticks.iter().all(|t| t.frame_scale == 128));
    // The accumulator carried 12 × 128 = 6 whole ticks through the countdown, so it
    // resumes at a zero fraction.
    assert_eq!(ticks.iter().map(|t| t.nominal_ticks).collect::<Vec<_>>(), [0, 1, 0, 1, 0, 1, 0, 1]);
    assert_eq!(ticks.iter().map(|t| t.fine_ticks).collect::<Vec<_>>(), [4; 8]);
}

#[test]
fn fractional_scales_carry_between_updates() {
    // normal 5 at 12 FPS: 5 * 256 / 12 = 106; ticks come when the sum crosses 256.
    let mut clock = Clock::new(config(5, 12, 12, false, false));
    for b in 0..12 {
        clock.update(b);
    }
    let ticks: Vec<_> = (12..24).map(|b| clock.update(b).nominal_ticks).collect();
    // Accumulator after startup: 12 × 106 = 1272 = 4 × 256 + 248; then 354 (tick, 98), 204,
    // 310 (tick, 54), 160, 266 (tick, 10), 116, 222, 328 (tick, 72), 178, 284 (tick, 28), 134, 240.
    assert_eq!(ticks, [1, 0, 1, 0, 1, 0, 0, 1, 0, 1, 0, 0]);
    assert_eq!(clock.tick().frame_scale, 106, "movement scale stays nonzero on zero-tick updates");
}

#[test]
fn zero_bios_tick_updates_still_count_frames() {
    let mut clock = Clock::new(TimingConfig::default());
    for _ in 0..5 {
        let t = clock.update(0);
        assert_eq!(t.nominal_ticks, 1);
    }
    assert_eq!((clock.frame_count(), clock.tick_remainder(), clock.measured_fps()), (5, 0, 12));
}

#[test]
fn reset_does_not_seed_the_baseline() {
    let mut clock = Clock::new(TimingConfig::default());
    // The first sample measures from BIOS tick 0: 5000 ticks, 277 windows, 1 frame → 0 FPS.
    let t = clock.update(5000);
    assert_eq!(clock.measured_fps(), 0);
    assert_eq!(clock.tick_remainder(), 5000 % 18);
    assert_eq!((t.frame_scale, t.nominal_ticks, t.fine_ticks), (256, 1, 8));
    // Measured (not smoothed) FPS drives the scale during the countdown: clamped to 6.
    assert_eq!(clock.next_scale(), 512);
}

#[test]
fn startup_countdown_exposes_unit_values_then_the_calculated_ones() {
    let mut clock = Clock::new(config(12, 6, 300, true, true));
    let mut bios = 0;
    let mut exposed = Vec::new();
    for _ in 0..3 {
        for i in 0..6 {
            exposed.push(clock.update(bios + i * 3));
        }
        bios += 18;
    }
    assert!(exposed[..12].iter().all(|t| (t.frame_scale, t.nominal_ticks, t.fine_ticks) == (256, 1, 8)));
    // Underneath: the first window measures 7 (its six frames plus the update at tick 18),
    // and during the countdown the measured FPS sets the scale directly: 12 * 256 / 7 = 438.
    // Update 12 measures 6; smoothed FPS has reached 6 (12 → 9 → 8 → 7 … → 6), target 512;
    // divisor smoothing from 438: one unit to 439, 73 remain, +20 → 459.
    assert_eq!(exposed[12].frame_scale, 459);
    assert_eq!(clock.measured_fps(), 6);
    assert_eq!(clock.smoothed_fps(), 6);
}

#[test]
fn world_loop_entry_restarts_only_the_countdown() {
    let mut clock = Clock::new(config(6, 12, 12, false, false));
    for b in 0..20 {
        clock.update(b);
    }
    let before = (clock.measured_fps(), clock.next_scale());
    clock.restart_countdown();
    let t = clock.update(20);
    assert_eq!((t.frame_scale, t.nominal_ticks, t.fine_ticks), (256, 1, 8));
    assert_eq!((clock.measured_fps(), clock.next_scale()), before);
    for b in 21..32 {
        clock.update(b);
    }
    assert_eq!(clock.startup_countdown(), 0);
    assert_eq!(clock.update(32).frame_scale, 128);
}

#[test]
fn save_restore_excludes_suspended_time() {
    let mut clock = Clock::new(TimingConfig::default());
    let mut bios = 0;
    for _ in 0..4 {
        bios = run_window(&mut clock, bios, 12);
    }
    clock.update(bios);
    clock.update(bios + 5);
    let saved = clock.save();
    let (frames, remainder, measured) = (clock.frame_count(), clock.tick_remainder(), clock.measured_fps());

    // A blocking load of 1000 BIOS ticks with no updates, then restore.
    clock.restore(&saved, bios + 1005);
    clock.update(bios + 1006);
    assert_eq!(clock.frame_count(), frames + 1);
    assert_eq!(clock.tick_remainder(), remainder + 1, "only the tick after restore counts");
    assert_eq!(clock.measured_fps(), measured);

    // Without the save/restore pair the same gap would have been measured.
    let mut unsaved = Clock::new(TimingConfig::default());
    let mut b = 0;
    for _ in 0..4 {
        b = run_window(&mut unsaved, b, 12);
    }
    unsaved.update(b);
    unsaved.update(b + 5);
    unsaved.update(b + 1006);
    assert_eq!(unsaved.measured_fps(), 0);
}

#[test]
fn book_menu_restores_exactly_the_saved_fields() {
    let mut clock = Clock::new(config(12, 6, 300, true, false));
    let mut bios = 0;
    for _ in 0..4 {
        bios = run_window(&mut clock, bios, 12);
    }
    clock.update(bios);
    let saved = clock.save();
    let (frames, measured, next) = (clock.frame_count(), clock.measured_fps(), clock.next_scale());

    // The menu waits for each changed BIOS tick and advances the clock: 3 FPS measured.
    for t in 1..=54 {
        if t % 6 == 0 {
            clock.update(bios + t);
        }
    }
    assert_ne!(clock.measured_fps(), measured);
    let (menu_remainder, menu_smoothed) = (clock.tick_remainder(), clock.smoothed_fps());
    clock.restore(&saved, bios + 60);
    assert_eq!((clock.frame_count(), clock.measured_fps(), clock.next_scale()), (frames, measured, next));
    assert_eq!(clock.tick_remainder(), menu_remainder, "the remainder keeps its menu value");
    assert_eq!(clock.smoothed_fps(), menu_smoothed, "smoothed FPS keeps its menu value");
    // The relative baseline was zero: the next update sees only the tick after restore.
    clock.update(bios + 61);
    assert_eq!(clock.tick_remainder(), (menu_remainder + 1) % 18);
}
