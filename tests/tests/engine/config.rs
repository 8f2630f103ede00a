//! SYSTEM.INI: the reader rules, installed defaults, load-time replacements and errors.

use stros_core::config::SystemConfig;
use stros_core::formats::ini::{Ini, IniError};

#[test]
fn installed_values() {
    let c = SystemConfig::installed();
    assert_eq!((c.turn_speed, c.turn_max_speed), (12, 48));
    assert_eq!((c.standing_height, c.post_collide_height, c.slide_range), (-2, 50, -60000));
    assert_eq!(c.poly_push_units, 16);
    assert_eq!((c.normal_frame_rate, c.min_frame_rate, c.max_frame_rate), (12, 6, 300));
    assert_eq!((c.use_smooth_fps, c.use_smooth_divisor, c.animation_system), (1, 1, 1));
    assert_eq!(c.walk_mode, 0);
    assert_eq!(c.player_fall_dead_time, 144, "12 becomes 12 × 12 nominal ticks at load");
    assert_eq!(SystemConfig::default(), c);
    assert_eq!(c.get("CYRUS", "Turn_Speed"), Some(12));
    assert_eq!(c.get("cyrus", "camera_distance"), Some(200));
    assert_eq!(c.get("camera", "camera_distance"), Some(250));
    assert_eq!(c.get("system", "no_such_key"), None);
}

#[test]
fn missing_keys_read_zero_then_replacements_apply() {
    let c = SystemConfig::load("[system]\n").unwrap();
    assert_eq!(c.turn_speed, 0);
    assert_eq!(c.standing_height, 0);
    assert_eq!(c.normal_frame_rate, 12, "0 → 12");
    assert_eq!(c.sheath_sword_delay, 6, "0 → 6");
    assert_eq!(c.swim_depth, 40, "0 → 40");
    assert_eq!(c.slide_speed, 8, "clamped up to 8");
    assert_eq!(c.player_fall_dead_time, 36, "clamped up to 3, then × 12");
    assert_eq!((c.jump_time, c.jump_height), (6, 80), "below 1 → 6 and 80");
    let c = SystemConfig::load("[system]\njump_time = -4\njump_height = 1\n").unwrap();
    assert_eq!((c.jump_time, c.jump_height), (6, 1), "−4 → 6; 1 is kept");
    assert_eq!(c.use_smooth_fps, 0);
}

#[test]
fn a_full_file_with_switch_words_and_comments() {
    let text = "\
; SYSTEM.INI excerpt
[screen]
candle_mode=1
[system]
normal_frame_rate = 24   ; doubled
use_smooth_fps = no
use_smooth_divisor = ON
standing_height=-3
slide_range=-50000
unknown_key = whatever
[cyrus]
turn_speed=16
turn_max_speed=40
walk_mode=yes
[game]
slide_speed=4
player_fall_dead_time=5
[mystery]
x=1
";
    let c = SystemConfig::load(text).unwrap();
    assert_eq!(c.candle_mode, 1);
    assert_eq!((c.normal_frame_rate, c.use_smooth_fps, c.use_smooth_divisor), (24, 0, 1));
    assert_eq!((c.standing_height, c.slide_range), (-3, -50000));
    assert_eq!((c.turn_speed, c.turn_max_speed, c.walk_mode), (16, 40, 1));
    assert_eq!((c.slide_speed, c.player_fall_dead_time), (8, 60));
}

#[test]
fn overrides_lay_over_the_installed_values() {
    let c =
        SystemConfig::installed_with("[cyrus]\nturn_speed = 7\n[system]\nnormal_frame_rate = 0\n").unwrap();
    assert_eq!(c.turn_speed, 7);
    assert_eq!(c.turn_max_speed, 48, "absent keys keep their installed values");
    assert_eq!(c.normal_frame_rate, 12, "an explicit 0 is still replaced at load");
    assert_eq!(c.player_fall_dead_time, 144);
}

#[test]
fn bad_input_names_the_line() {
    assert_eq!(SystemConfig::load("[system\nx=1\n"), Err(IniError::UnterminatedSection { line: 1 }));
    assert_eq!(
        SystemConfig::load("[system]\nturn=1\nslide_range = -99999999999\n"),
        Err(IniError::NumberOutOfRange { line: 3 })
    );
    let long = format!("[system]\n;{}\n", "x".repeat(400));
    assert_eq!(SystemConfig::load(&long), Err(IniError::LineTooLong { line: 2 }));
    let e = SystemConfig::load("[a]\n[b\n").unwrap_err();
    assert_eq!(e.line(), 2);
    assert_eq!(e.to_string(), "INI line 2: section header without `]`");
    // An out-of-range value under a key the core does not read is not an error.
    assert!(SystemConfig::load("[system]\nbuffer = 99999999999\n").is_ok());
}

#[test]
fn reader_never_panics_on_odd_text() {
    let odd =
        ["", "\n\n", "=", "[]", "[]\n=5", "  [s]  \n k k = v v ", "é=ü\n[ñ]\nä=1", "\r\n\r\n[x]\r\ny=\r\n"];
    for text in odd {
        let ini = Ini::new_checked(text).unwrap();
        for e in ini.entries() {
            let _ = e.int();
        }
        let _ = SystemConfig::load(text);
    }
    assert_eq!(Ini::new_checked("[]\n=5").unwrap().int("", ""), Ok(5));
}
