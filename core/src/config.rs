//! SYSTEM.INI as the engine core sees it ({E§1.5}, {D:config/system-ini.md}).
//!
//! Every key the core reads, with the section it lives in and the value the installed game
//! ships. Loading follows the original: a key missing from the file reads as 0, and then the
//! load-time replacements apply (`normal_frame_rate` 0 → 12, `sheath_sword_delay` 0 → 6,
//! `swim_depth` 0 → 40, `slide_speed` at least 8, `player_fall_dead_time` at least 3 and
//! then × 12 into nominal ticks, `jump_time` and `jump_height` below 1 → 6 and 80).
//! [`SystemConfig::installed`] is what loading the installed file gives;
//! [`SystemConfig::installed_with`] lays a partial file (a test scenario, a user's
//! overrides) over the installed values instead of over zeros.
//!
//! Unknown keys and sections are ignored; only malformed text is an error.

use crate::formats::ini::{Ini, IniError};

macro_rules! system_config {
    ($( $(#[$doc:meta])* $field:ident : [$section:literal] $key:literal = $installed:expr; )*) => {
        /// The typed SYSTEM.INI values the core uses, after the load-time replacements.
        ///
        /// Switches stay integers, as in the original (`yes` reads 1; nothing is
        /// normalised to a boolean).
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct SystemConfig {
            $( $(#[$doc])* #[doc = concat!("`[", $section, "] ", $key, "`, installed `", stringify!($installed), "`.")] pub $field: i32, )*
        }

        impl SystemConfig {
            /// The installed file's raw values, before load-time replacements.
            const INSTALLED_RAW: SystemConfig = SystemConfig { $( $field: $installed, )* };

            /// What an empty file reads as, before load-time replacements.
            const ZEROED: SystemConfig = SystemConfig { $( $field: { let _ = $installed; 0 }, )* };

            /// Every key the core reads, as `(section, key)`.
            pub const KEYS: &'static [(&'static str, &'static str)] = &[ $( ($section, $key), )* ];

            fn read_raw(ini: &Ini<'_>, base: &SystemConfig) -> Result<SystemConfig, IniError> {
                Ok(SystemConfig {
                    $( $field: ini.int_if_present($section, $key)?.unwrap_or(base.$field), )*
                })
            }

            /// The value of `[section] key` (case-insensitive), if the core uses that key.
            pub fn get(&self, section: &str, key: &str) -> Option<i32> {
                $( if section.eq_ignore_ascii_case($section) && key.eq_ignore_ascii_case($key) {
                    return Some(self.$field);
                } )*
                None
            }

            fn set_raw(&mut self, section: &str, key: &str, value: i32) -> bool {
                $( if section.eq_ignore_ascii_case($section) && key.eq_ignore_ascii_case($key) {
                    self.$field = value;
                    return true;
                } )*
                false
            }
        }
    };
}

system_config! {
    /// Sphere-stack height cut; half-length of the forward slope segment.
    post_collide_height: ["system"] "post_collide_height" = 50;
    /// The hanging variant of `post_collide_height`.
    hpost_collide_height: ["system"] "hpost_collide_height" = 50;
    /// Map units added to a support height (× 256 in runtime units).
    standing_height: ["system"] "standing_height" = -2;
    /// Wall-slide dot-product threshold.
    slide_range: ["system"] "slide_range" = -60000;
    /// Nominal frame rate; the frame scale is `normal_frame_rate * 256 / fps`.
    normal_frame_rate: ["system"] "normal_frame_rate" = 12;
    /// Lower clamp of the FPS used for the frame scale.
    min_frame_rate: ["system"] "min_frame_rate" = 6;
    /// Upper clamp of the FPS used for the frame scale.
    max_frame_rate: ["system"] "max_frame_rate" = 300;
    /// Nonzero: the frame scale follows the smoothed FPS.
    use_smooth_fps: ["system"] "use_smooth_fps" = 1;
    /// Nonzero: the frame scale approaches its target through the divisor table.
    use_smooth_divisor: ["system"] "use_smooth_divisor" = 1;
    /// Gate of the walking-animation check in forward-walking startup.
    animation_system: ["system"] "animation_system" = 1;
    /// Gate of the script task system.
    task_system: ["system"] "task_system" = 1;
    /// Floating-point physics switch.
    floating_point_physics: ["system"] "floating_point_physics" = 1;
    /// Sphere object scale.
    sphere_object_scale: ["system"] "sphere_object_scale" = 256;
    /// Jump time an actor's zero or negative `jump_time` attribute takes at load (below 1
    /// reads as 6).
    jump_time: ["system"] "jump_time" = 6;
    /// Jump height an actor's zero `jump_height` attribute takes at load (below 1 reads as
    /// 80).
    jump_height: ["system"] "jump_height" = 80;
    /// Sound distance setting.
    sound_distance: ["system"] "sound_distance" = 64;
    /// Master volume.
    volume: ["system"] "volume" = 255;
    /// Active-object pool size setting.
    max_active_objects: ["system"] "max_active_objects" = 32;
    /// The scene's near clipping distance ({D:engine/fog.md} "Clipping distances"; the
    /// rasterizer keeps its own near plane).
    front_plane: ["xngine"] "front_plane" = 7;
    /// The scene's far clipping distance, unless the world's `world_back_plane` replaces it.
    back_plane: ["xngine"] "back_plane" = 3800;
    /// Nonzero: the sky plane is not drawn ({D:engine/sky.md} "Global Engine Toggles").
    sky_disable: ["xngine"] "sky_disable" = 0;
    /// Zero: the sky does not scroll.
    sky_move: ["xngine"] "sky_move" = 1;
    /// Nonzero: the map's dynamic objects load (among them the MPOB object lights).
    objects_load: ["system"] "objects_load" = 1;
    /// Nonzero: the map's ropes are built (`crate::world::ropes`).
    ropes_load: ["system"] "ropes_load" = 1;
    /// Environmental effect pool capacity (`crate::world::effects`).
    max_effects: ["system"] "max_effects" = 32;
    /// Nonzero: no environmental effect pool.
    disable_effects: ["system"] "disable_effects" = 0;
    /// Ground-turn increment per input update.
    turn_speed: ["cyrus"] "turn_speed" = 12;
    /// Ground-turn accumulator limit.
    turn_max_speed: ["cyrus"] "turn_max_speed" = 48;
    /// Minimum residual static-contact separation.
    poly_push_units: ["cyrus"] "poly_push_units" = 16;
    /// Walk/run choice when `key_a` is not held (0: run).
    walk_mode: ["cyrus"] "walk_mode" = 0;
    /// Tap latch window.
    tap_time: ["cyrus"] "tap_time" = 12;
    /// Sheath delay (0 reads as 6).
    sheath_sword_delay: ["cyrus"] "sheath_sword_delay" = 6;
    /// Automatic defence.
    auto_defend: ["cyrus"] "auto_defend" = 1;
    /// Automatic ledge grab.
    auto_grab: ["cyrus"] "auto_grab" = 0;
    /// Mouse turning.
    mouse_turn: ["cyrus"] "mouse_turn" = 0;
    /// Joystick dead zone.
    joy_tolerance: ["cyrus"] "joy_tolerance" = 60;
    /// Player camera distance.
    cyrus_camera_distance: ["cyrus"] "camera_distance" = 200;
    /// Post smoothing minimum.
    smooth_post_min: ["cyrus"] "smooth_post_min" = 2;
    /// Post smoothing maximum.
    smooth_post_max: ["cyrus"] "smooth_post_max" = 10;
    /// Post smoothing divisor.
    smooth_post_divisor: ["cyrus"] "smooth_post_divisor" = 2;
    /// Slope slide speed (at least 8).
    slide_speed: ["game"] "slide_speed" = 36;
    /// Fall height that bounces.
    fall_bounce_height: ["game"] "fall_bounce_height" = 100;
    /// Fall height that hurts.
    fall_hurt_height: ["game"] "fall_hurt_height" = 300;
    /// Fall height that kills.
    fall_death_height: ["game"] "fall_death_height" = 568;
    /// Damage of a hurting fall.
    fall_hurt_zap: ["game"] "fall_hurt_zap" = 10;
    /// Slide height that hurts.
    slide_hurt_height: ["game"] "slide_hurt_height" = 1024;
    /// Damage of a hurting slide.
    slide_hurt_zap: ["game"] "slide_hurt_zap" = 10;
    /// Swimming depth (0 reads as 40).
    swim_depth: ["game"] "swim_depth" = 40;
    /// Rope attach angle.
    rope_attach_angle: ["game"] "rope_attach_angle" = 512;
    /// Rope jump addition.
    rope_jump_add: ["game"] "rope_jump_add" = 18;
    /// Pickup text override time.
    rtx_pickup_override_time: ["game"] "rtx_pickup_override_time" = 24;
    /// Subtitle slots, the dialogue records (`crate::dialogue`; at least 16).
    dialog_max_dialog_lines: ["dialog"] "dialog_max_dialog_lines" = 20;
    /// Topic-menu items (the original allocates at least 300).
    dialog_max_menu_items: ["dialog"] "dialog_max_menu_items" = 20;
    /// Subtitle wrap width on the 640-wide screen (at least 150).
    dialog_max_text_width: ["dialog"] "dialog_max_text_width" = 500;
    /// Nonzero: subtitles are drawn (their timing is the same either way).
    dialog_print_text: ["dialog"] "dialog_print_text" = 1;
    /// 1: voiced lines play and last as long as their clip.
    dialog_use_speech: ["dialog"] "dialog_use_speech" = 1;
    /// Farthest a script `RTX` speaker may be, map units.
    dialog_max_distance: ["dialog"] "dialog_max_distance" = 1600;
    /// BIOS ticks between topic-menu moves while a direction is held (0 reads as 1).
    menu_traverse_delay: ["dialog"] "menu_traverse_delay" = 4;
    /// Topic menu left edge on the 640×480 screen.
    menu_start_x: ["dialog"] "menu_start_x" = 35;
    /// Topic menu top edge.
    menu_start_y: ["dialog"] "menu_start_y" = 25;
    /// The first value of the `font_sel` pair (NPC subtitles, the highlighted topic, HUD
    /// text): the glyph colour scale over 255.
    font_sel: ["3dfx"] "font_sel" = 255;
    /// The first value of the `font_norm` pair (Cyrus' subtitles, the other topics).
    font_norm: ["3dfx"] "font_norm" = 125;
    /// The first value of the `font_used` pair (topics already chosen).
    font_used: ["3dfx"] "font_used" = 125;
    /// Active item and prompt text left edge.
    pickup_xco: ["system"] "pickup_xco" = 12;
    /// Prompt text top edge.
    pickup_text_yco: ["system"] "pickup_text_yco" = 436;
    /// Active item icon top edge.
    pickup_yco: ["system"] "pickup_yco" = 386;
    /// Compass top-left X ({D:engine/hud.md} "Compass").
    compass_xco: ["system"] "compass_xco" = 546;
    /// Compass top-left Y.
    compass_yco: ["system"] "compass_yco" = 396;
    /// Power-up slot 1 X ({D:engine/hud.md} "Power-up slots").
    game_xco1: ["system"] "game_xco1" = 576;
    /// Power-up slot 1 Y.
    game_yco1: ["system"] "game_yco1" = 6;
    /// Power-up slot 2 X.
    game_xco2: ["system"] "game_xco2" = 576;
    /// Power-up slot 2 Y.
    game_yco2: ["system"] "game_yco2" = 96;
    /// Fall death delay; loaded as nominal ticks (at least 3, then × 12).
    player_fall_dead_time: ["game"] "player_fall_dead_time" = 12;
    /// Death delay.
    player_dead_time: ["game"] "player_dead_time" = 3;
    /// Line-up distance (map units): `PlayerLineUp` approaches from farther than this.
    lineup_distance: ["game"] "lineup_distance" = 128;
    /// HUD candle mode (0 timer, 1 always, 2 always with number).
    candle_mode: ["screen"] "candle_mode" = 2;
    /// Release build switch.
    final_version: ["debug"] "final_version" = 1;
    /// Excludes slave actors from the update.
    disable_slaves: ["debug"] "disable_slaves" = 0;
    /// Excludes master-and-slave actors from the update.
    disable_master_slaves: ["debug"] "disable_master_slaves" = 0;
    /// Clears actor family links when exactly 1.
    disable_family: ["debug"] "disable_family" = 0;
    /// Follow-camera distance.
    camera_distance: ["camera"] "camera_distance" = 250;
    /// Follow-camera minimum distance.
    camera_min_distance: ["camera"] "camera_min_distance" = 120;
    /// Camera target offset X (runtime units).
    target_offset_x: ["camera"] "target_offset_x" = -6000;
    /// Camera target offset Y (runtime units).
    target_offset_y: ["camera"] "target_offset_y" = -14000;
    /// Camera target offset Z (runtime units).
    target_offset_z: ["camera"] "target_offset_z" = 0;
    /// Camera position offset X (runtime units).
    offset_pos_x: ["camera"] "offset_pos_x" = 0;
    /// Camera position offset Y (runtime units).
    offset_pos_y: ["camera"] "offset_pos_y" = -14000;
    /// Camera position offset Z (runtime units).
    offset_pos_z: ["camera"] "offset_pos_z" = 0;
    /// Camera obstacle model-radius cutoff, map units.
    obstacle_size: ["camera"] "obstacle_size" = 20;
    /// Camera collision sphere radius.
    camera_size: ["camera"] "camera_size" = 10;
    /// Camera collision sphere radius over the scape.
    camera_scape_size: ["camera"] "camera_scape_size" = 5;
    /// Camera angle offset (pitch).
    offset_angle_x: ["camera"] "offset_angle_x" = 0;
    /// Camera angle offset (yaw).
    offset_angle_y: ["camera"] "offset_angle_y" = 0;
    /// Camera angle offset (roll).
    offset_angle_z: ["camera"] "offset_angle_z" = 0;
    /// Camera right position limit.
    camera_right_pos: ["camera"] "camera_right_pos" = 5000;
    /// Camera left position limit.
    camera_left_pos: ["camera"] "camera_left_pos" = 5000;
    /// Combat camera angle offset (pitch).
    combat_angle_x: ["camera"] "camera_combat_angle_offset_x" = 134;
    /// Combat camera angle offset (yaw).
    combat_angle_y: ["camera"] "camera_combat_angle_offset_y" = 245;
    /// Combat camera angle offset (roll).
    combat_angle_z: ["camera"] "camera_combat_angle_offset_z" = 0;
    /// Combat camera distance.
    combat_distance: ["camera"] "camera_combat_distance" = 260;
    /// Combat camera maximum movement (0 keeps `max_vel`).
    combat_max_vel: ["camera"] "camera_combat_max_vel" = 0;
    /// Hanging camera angle offset (pitch).
    hang_angle_x: ["camera"] "camera_hang_angle_offset_x" = 256;
    /// Hanging camera angle offset (yaw).
    hang_angle_y: ["camera"] "camera_hang_angle_offset_y" = 0;
    /// Hanging camera angle offset (roll).
    hang_angle_z: ["camera"] "camera_hang_angle_offset_z" = 0;
    /// Hanging camera distance.
    hang_distance: ["camera"] "camera_hang_distance" = 250;
    /// Hanging camera maximum movement (0 keeps `max_vel`).
    hang_max_vel: ["camera"] "camera_hang_max_vel" = 0;
    /// Rope camera maximum movement.
    rope_max_vel: ["camera"] "camera_rope_max_vel" = 18000;
    /// Rope camera angle offset (pitch).
    rope_angle_x: ["camera"] "camera_rope_angle_offset_x" = 96;
    /// Rope camera angle offset (yaw).
    rope_angle_y: ["camera"] "camera_rope_angle_offset_y" = 128;
    /// Rope camera angle offset (roll).
    rope_angle_z: ["camera"] "camera_rope_angle_offset_z" = 0;
    /// Rope camera distance.
    rope_distance: ["camera"] "camera_rope_distance" = 300;
    /// Rope-above camera angle offset (pitch).
    rope_above_angle_x: ["camera"] "camera_rope_above_angle_offset_x" = 96;
    /// Rope-above camera angle offset (yaw).
    rope_above_angle_y: ["camera"] "camera_rope_above_angle_offset_y" = 128;
    /// Rope-above camera angle offset (roll).
    rope_above_angle_z: ["camera"] "camera_rope_above_angle_offset_z" = 0;
    /// Rope-above camera distance.
    rope_above_distance: ["camera"] "camera_rope_above_distance" = 300;
    /// Rope-above camera maximum movement (0 keeps `max_vel`).
    rope_above_max_vel: ["camera"] "camera_rope_above_max_vel" = 0;
    /// Rope-above camera aim X.
    rope_above_aim_x: ["camera"] "camera_rope_above_aim_x" = -512;
    /// Rope-above camera aim Y.
    rope_above_aim_y: ["camera"] "camera_rope_above_aim_y" = 0;
    /// Rope-above camera aim Z.
    rope_above_aim_z: ["camera"] "camera_rope_above_aim_z" = 0;
    /// Rope-below camera angle offset (pitch).
    rope_below_angle_x: ["camera"] "camera_rope_below_angle_offset_x" = 96;
    /// Rope-below camera angle offset (yaw).
    rope_below_angle_y: ["camera"] "camera_rope_below_angle_offset_y" = 128;
    /// Rope-below camera angle offset (roll).
    rope_below_angle_z: ["camera"] "camera_rope_below_angle_offset_z" = 0;
    /// Rope-below camera distance.
    rope_below_distance: ["camera"] "camera_rope_below_distance" = 300;
    /// Rope-below camera maximum movement (0 keeps `max_vel`).
    rope_below_max_vel: ["camera"] "camera_rope_below_max_vel" = 0;
    /// Rope-below camera aim X.
    rope_below_aim_x: ["camera"] "camera_rope_below_aim_x" = 512;
    /// Rope-below camera aim Y.
    rope_below_aim_y: ["camera"] "camera_rope_below_aim_y" = 0;
    /// Rope-below camera aim Z.
    rope_below_aim_z: ["camera"] "camera_rope_below_aim_z" = 0;
    /// Debug camera angle offset read 1 (all three land in pitch).
    debug_angle_x: ["camera"] "camera_debug_angle_offset_x" = 128;
    /// Debug camera angle offset read 2.
    debug_angle_y: ["camera"] "camera_debug_angle_offset_y" = 256;
    /// Debug camera angle offset read 3 (the value pitch keeps).
    debug_angle_z: ["camera"] "camera_debug_angle_offset_z" = 0;
    /// Debug camera distance.
    debug_distance: ["camera"] "camera_debug_distance" = 300;
    /// Debug camera maximum movement (0 keeps `max_vel`).
    debug_max_vel: ["camera"] "camera_debug_max_vel" = 0;
    /// Camera maximum movement per update, runtime units.
    max_vel: ["camera"] "max_vel" = 8000;
    /// Camera vertical movement limit (stored negated).
    max_y_vel: ["camera"] "max_y_vel" = 5000;
    /// Camera movement budget increment.
    max_acc: ["camera"] "max_acc" = 5000;
    /// Camera fudge factor (stored shifted left eight; not in the installed file).
    fudge_factor: ["camera"] "fudge_factor" = 0;
}

/// Replacement for a zero `normal_frame_rate`.
pub const DEFAULT_NORMAL_FRAME_RATE: i32 = 12;
/// Replacement for a zero `sheath_sword_delay`.
pub const DEFAULT_SHEATH_SWORD_DELAY: i32 = 6;
/// Replacement for a zero `swim_depth`.
pub const DEFAULT_SWIM_DEPTH: i32 = 40;
/// Replacement for a `jump_time` below 1 ({D:engine/SOUP.md}, "Initial attribute copy
/// and defaults").
pub const DEFAULT_JUMP_TIME: i32 = 6;
/// Replacement for a `jump_height` below 1 (same section).
pub const DEFAULT_JUMP_HEIGHT: i32 = 80;
/// Lower bound of `slide_speed`.
pub const MIN_SLIDE_SPEED: i32 = 8;
/// Lower bound of `player_fall_dead_time` before it becomes ticks.
pub const MIN_PLAYER_FALL_DEAD_TIME: i32 = 3;
/// Nominal ticks per unit of `player_fall_dead_time`.
pub const PLAYER_FALL_DEAD_TICKS_PER_UNIT: i32 = 12;

impl SystemConfig {
    /// The installed file's values as written in it, before the load-time replacements
    /// (what a generator writes into a SYSTEM.INI).
    pub const fn installed_raw() -> SystemConfig {
        SystemConfig::INSTALLED_RAW
    }

    /// What loading the installed SYSTEM.INI gives.
    pub fn installed() -> SystemConfig {
        SystemConfig::INSTALLED_RAW.with_load_replacements()
    }

    /// Loads a SYSTEM.INI as the original does: missing keys read 0.
    pub fn load(text: &str) -> Result<SystemConfig, IniError> {
        let ini = Ini::new_checked(text)?;
        Ok(SystemConfig::read_raw(&ini, &SystemConfig::ZEROED)?.with_load_replacements())
    }

    /// Lays `text` over the installed values: keys it lacks keep their installed value.
    pub fn installed_with(text: &str) -> Result<SystemConfig, IniError> {
        let ini = Ini::new_checked(text)?;
        Ok(SystemConfig::read_raw(&ini, &SystemConfig::INSTALLED_RAW)?.with_load_replacements())
    }

    /// The installed values with `overrides` (`(section, key, value)`, raw file values)
    /// laid over them, then the load-time replacements — what a SYSTEM.INI holding the
    /// installed file plus those records would load as. Returns the first override whose key
    /// the core does not use as the error.
    pub fn installed_with_values<'k>(
        overrides: impl IntoIterator<Item = (&'k str, &'k str, i32)>,
    ) -> Result<SystemConfig, (&'k str, &'k str)> {
        let mut raw = SystemConfig::INSTALLED_RAW;
        for (section, key, value) in overrides {
            if !raw.set_raw(section, key, value) {
                return Err((section, key));
            }
        }
        Ok(raw.with_load_replacements())
    }

    /// The section of `key` (the first one in [`SystemConfig::KEYS`] order).
    pub fn section_of(key: &str) -> Option<&'static str> {
        SystemConfig::KEYS.iter().find(|(_, k)| k.eq_ignore_ascii_case(key)).map(|(s, _)| *s)
    }

    fn with_load_replacements(mut self) -> SystemConfig {
        if self.normal_frame_rate == 0 {
            self.normal_frame_rate = DEFAULT_NORMAL_FRAME_RATE;
        }
        if self.sheath_sword_delay == 0 {
            self.sheath_sword_delay = DEFAULT_SHEATH_SWORD_DELAY;
        }
        if self.swim_depth == 0 {
            self.swim_depth = DEFAULT_SWIM_DEPTH;
        }
        if self.jump_time < 1 {
            self.jump_time = DEFAULT_JUMP_TIME;
        }
        if self.jump_height < 1 {
            self.jump_height = DEFAULT_JUMP_HEIGHT;
        }
        self.slide_speed = self.slide_speed.max(MIN_SLIDE_SPEED);
        self.player_fall_dead_time = self
            .player_fall_dead_time
            .max(MIN_PLAYER_FALL_DEAD_TIME)
            .wrapping_mul(PLAYER_FALL_DEAD_TICKS_PER_UNIT);
        self
    }
}

impl Default for SystemConfig {
    fn default() -> Self {
        SystemConfig::installed()
    }
}
