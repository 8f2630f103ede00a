//! What both frontends do with a world: load it and enter the player (at marker 0, or as a
//! replayed recording says), step it with live input or the recording's, and draw it —
//! the 3D view, the health candle and, when [`Session::debug_overlay`] is set, the debug
//! lines. The frontends only add their window or terminal, their keyboard, their clock and
//! files.
//!
//! Stros draws one frame per update, so the candle's per-rendered-frame animation and its
//! show timer advance in [`Session::step`]; [`Session::draw`] only draws, and may be called
//! any number of times.

use crate::actor::attr;
use core::fmt::Write as _;

use crate::capacity::{Capacity, Desktop};
use crate::config::SystemConfig;
use crate::files::Files;
use crate::input::{Bindings, Input};
use crate::render::hud::{self, Candle, CandleColours};
use crate::render::look::Look;
use crate::render::palette::Palette;
use crate::render::{Framebuffer, world as view};
use crate::scenario::{Origin, PlayerStart, Scenario, Steps};
use crate::world::catalog::{self, Choice, WorldSpec};
use crate::world::{StepReport, World, WorldError};

/// The subtitle and HUD font ({D:engine/subtitles.md}).
pub const FONT_FILE: &str = "FONTS\\REDSEL.FNT";

/// The power-up slots' GXA as SYSTEM.INI ships it (`[system] game_bitmap`).
pub const GAME_BITMAP: &str = "system\\powerup.gxa";

/// `[system] game_bitmap` of the files' SYSTEM.INI, or [`GAME_BITMAP`] when it has none
/// (or no SYSTEM.INI is there: the installed value).
fn game_bitmap<'a>(files: &impl Files<'a>) -> &'a str {
    let text = files.file("SYSTEM.INI").and_then(|b| core::str::from_utf8(b).ok());
    let ini = text.and_then(|t| crate::formats::ini::Ini::new_checked(t).ok());
    ini.and_then(|i| i.get("system", "game_bitmap")).map_or(GAME_BITMAP, |e| e.value)
}

/// Longest status line.
pub const STATUS_CAPACITY: usize = 96;

/// A running game, its tables sized by the build's [`Capacity`] ([`Desktop`] unless the
/// program chooses another).
#[derive(Clone, Debug)]
pub struct Session<'a, C: Capacity = Desktop> {
    /// The world.
    pub world: World<'a, C>,
    /// How the world looks: its texture banks, shade table, light and sky.
    pub look: Look<'a, C>,
    /// The map's palette (its COL), or the built-in one.
    pub palette: Palette,
    /// The sound bank (`MAIN.SFX`), when the files have one.
    pub sounds: Option<crate::formats::sfx::Sfx<'a>>,
    /// The subtitle and HUD font (`FONTS\REDSEL.FNT`), when the files have one.
    pub font: Option<crate::formats::fnt::Fnt<'a>>,
    /// The active item's icons (ITEM.INI's `bitmap_file`) and their colours in the world's
    /// palette, when the files have them.
    pub pickups: Option<(crate::formats::gxa::Gxa<'a>, crate::render::bitmap::Colours)>,
    /// The compass's frames (`SYSTEM\COMPASS2.GXA`), when the files have them. Their colours
    /// are mapped when drawn (kept per atlas they would cost the session 256 bytes each,
    /// which a microcontroller's RAM budget has no room for).
    pub compass: Option<crate::formats::gxa::Gxa<'a>>,
    /// The power-up slots' frames (`[system] game_bitmap`), when the files have them; their
    /// colours mapped when drawn, as the compass's.
    pub power_ups: Option<crate::formats::gxa::Gxa<'a>>,
    /// Where the session started (what a recording of it repeats).
    pub origin: Origin<'a>,
    /// Draw the debug lines: the status line and the console's `object coord` report.
    pub debug_overlay: bool,
    /// The health candle.
    pub candle: Candle,
    /// The palette indices the candle is drawn in.
    pub candle_colours: CandleColours,
    /// The selected player's runtime position when the session started.
    pub start: [i32; 3],
    /// Health and sword state after the previous update, for the candle's show timer.
    last: Option<(u8, bool)>,
    replay: Option<(Steps<'a>, u32)>,
}

/// One update of a recording, as [`Session::step`] takes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Recorded {
    /// The held actions.
    pub input: Input,
    /// The absolute BIOS tick of the update.
    pub bios: u32,
    /// The recorded movement scale, when the recording forces one.
    pub scale: Option<i32>,
}

/// What [`Session::replay_digests`] saw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Digests {
    /// FNV-1a 64 of the trace: every update's [`crate::trace::trace_line`] and a newline,
    /// the bytes `stros-tools replay` prints.
    pub trace: u64,
    /// FNV-1a 64 of the last drawn frame's palette indices; `None` when no update was drawn.
    pub frame: Option<u64>,
    /// Updates replayed.
    pub updates: u32,
}

impl core::fmt::Display for Digests {
    /// `trace fnv1a64 <16 hex digits>` and, when a frame was drawn, a second line
    /// `frame fnv1a64 <16 hex digits>`.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "trace fnv1a64 {:016x}", self.trace)?;
        if let Some(frame) = self.frame {
            write!(f, "\nframe fnv1a64 {frame:016x}")?;
        }
        Ok(())
    }
}

/// The count, sum and largest of one measured cost ([`Session::replay_measured`]), in
/// whatever units the caller's clock counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cost {
    /// Measurements taken.
    pub count: u32,
    /// Their sum.
    pub total: u64,
    /// The largest.
    pub max: u64,
}

impl Cost {
    fn add(&mut self, value: u64) {
        self.count += 1;
        self.total = self.total.saturating_add(value);
        self.max = self.max.max(value);
    }

    /// The mean, rounded down (0 without measurements).
    pub fn mean(&self) -> u64 {
        self.total.checked_div(self.count as u64).unwrap_or(0)
    }
}

/// What one replay's updates and frames cost ([`Session::replay_measured`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Costs {
    /// Each [`Session::step`].
    pub update: Cost,
    /// Each [`Session::draw_in_bands`].
    pub frame: Cost,
}

/// [`Session::replay_digests`] draws after every this many updates.
pub const DIGEST_DRAW_EVERY: u32 = 8;

/// Why a session could not start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SessionError {
    /// The world failed to load.
    World(WorldError),
}

impl core::fmt::Display for SessionError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            SessionError::World(e) => write!(f, "{e}"),
        }
    }
}

/// What a session plays ([`Session::load`]): a world the catalog resolves, or one already
/// resolved.
#[derive(Clone, Copy, Debug)]
pub enum Play<'p> {
    /// The world `choice` names in the files' WORLD.INI ([`catalog::resolve`]): by index,
    /// by its map's name, or as a new game starts.
    Catalog(Choice<'p>),
    /// World `spec`, as resolved.
    World(&'p WorldSpec<'p>),
}

impl<'p> From<Choice<'p>> for Play<'p> {
    fn from(choice: Choice<'p>) -> Self {
        Play::Catalog(choice)
    }
}

impl<'p> From<&'p WorldSpec<'p>> for Play<'p> {
    fn from(spec: &'p WorldSpec<'p>) -> Self {
        Play::World(spec)
    }
}

/// Where a loaded session starts its player ([`Session::load`]).
#[derive(Clone, Copy, Debug)]
pub enum Start<'s, 'a> {
    /// At marker `n`, facing heading 0, settled.
    Marker(usize),
    /// As the recording or scenario says (its marker or position, heading, starting group
    /// and phase, and its configuration), replaying its updates; its `world_index`, else its
    /// `map`, replaces the world asked for.
    Replay(&'s Scenario<'a>),
}

impl<'a, C: Capacity> Session<'a, C> {
    /// A session without a map, with `config` and `bindings` ([`World::unloaded`], the
    /// built-in palette): what [`Session::load`] fills.
    // Not inlined: a caller that keeps the session on its stack (a microcontroller's) would
    // otherwise hold this call's temporaries in its own frame for as long as it runs.
    #[inline(never)]
    pub fn unloaded(config: SystemConfig, bindings: Bindings) -> Self {
        let palette = Palette::default_world();
        Session {
            world: World::unloaded(config, bindings),
            look: Look::default(),
            candle_colours: CandleColours::new(&palette),
            palette,
            sounds: None,
            font: None,
            pickups: None,
            power_ups: None,
            compass: None,
            origin: Origin::embedded(),
            debug_overlay: false,
            candle: Candle::new(),
            start: [0; 3],
            last: None,
            replay: None,
        }
    }

    /// World `play` from `files` loaded into this session (its configuration and bindings,
    /// or a replay's configuration), replacing what it held — one session's memory, not two
    /// (what a microcontroller has room for) — and the player entered as `start` says.
    pub fn load<'p>(
        &mut self,
        files: &impl Files<'a>,
        play: impl Into<Play<'p>>,
        start: Start<'_, 'a>,
    ) -> Result<(), SessionError> {
        match (start, play.into()) {
            (Start::Marker(marker), Play::World(spec)) => self.start_world_in_place(files, spec, marker),
            (Start::Marker(marker), Play::Catalog(choice)) => {
                let (spec, _) = catalog::resolve(files, choice).map_err(SessionError::World)?;
                self.start_world_in_place(files, &spec, marker)
            }
            (Start::Replay(scenario), play) => self.replay_in_place(files, play, scenario),
        }
    }

    /// World `spec` loaded, the player entered at marker `marker` facing heading 0 and
    /// settled.
    fn start_world_in_place(
        &mut self,
        files: &impl Files<'a>,
        spec: &WorldSpec<'_>,
        marker: usize,
    ) -> Result<(), SessionError> {
        // Heading 0, no starting group or phase; a catalog world replays by its index.
        let origin = Origin {
            start: PlayerStart::Marker { index: marker },
            world_index: spec.id,
            ..Origin::embedded()
        };
        self.load_and_enter(files, spec, &origin)?;
        self.around(files, spec, origin);
        Ok(())
    }

    /// A replay of `scenario` (its configuration), replaying its updates. The scenario's
    /// `world_index` chooses the world ([`Choice::Index`]), else its `map`
    /// ([`Choice::Map`]), else `play`.
    // Not inlined: a caller that keeps the session on its stack (a microcontroller's) would
    // otherwise hold this call's temporaries in its own frame for as long as it runs.
    #[inline(never)]
    fn replay_in_place(
        &mut self,
        files: &impl Files<'a>,
        play: Play<'_>,
        scenario: &Scenario<'a>,
    ) -> Result<(), SessionError> {
        let chosen = match (scenario.world_index, scenario.map, play) {
            (Some(index), _, _) => Play::Catalog(Choice::Index(index)),
            (None, Some(map), _) => Play::Catalog(Choice::Map(map)),
            (None, None, play) => play,
        };
        let resolved;
        let spec = match chosen {
            Play::Catalog(choice) => {
                resolved = catalog::resolve(files, choice).map_err(SessionError::World)?.0;
                &resolved
            }
            Play::World(spec) => spec,
        };
        self.world.set_config(scenario.config());
        let origin = scenario.origin();
        self.load_and_enter(files, spec, &origin)?;
        self.around(files, spec, origin);
        self.replay = Some((scenario.steps(), scenario.bios_start));
        Ok(())
    }

    /// World `spec` loaded into this session's world and the player entered as `origin`
    /// starts him: at its marker, or at its position (settled as it says), with its starting
    /// health (the retained health entry gives him), group and forward phase.
    // Not inlined, as [`Session::replay_in_place`].
    #[inline(never)]
    fn load_and_enter(
        &mut self,
        files: &impl Files<'a>,
        spec: &WorldSpec<'_>,
        origin: &Origin<'a>,
    ) -> Result<(), SessionError> {
        self.world.load_world_in_place(files, spec).map_err(SessionError::World)?;
        let world = &mut self.world;
        if let Some(h) = origin.health {
            world.set_retained_health(h);
        }
        match origin.start {
            PlayerStart::Marker { index } => world.enter_marker(files, index, origin.heading),
            PlayerStart::Position { pos } => world.enter_at(files, pos, origin.heading, origin.settle),
        }
        .map_err(SessionError::World)?;
        if let Some(id) = world.selected_player_id() {
            if let Some(g) = origin.group {
                world.force_group(id, g);
            }
            if let (Some(p), Some(a)) = (origin.phase, world.actor_mut(id)) {
                a.steps.set(crate::actor::Direction::Forward, p);
            }
        }
        Ok(())
    }

    /// Best guess for what follows the player's death. After world-loop outcome 5000 the
    /// original's dispatcher offers to load the last saved game, or opens the book menu
    /// ({D:engine/SOUP.md} "Death completion dispatch"); Stros has no book menu, and a
    /// save's loading is the frontend's (F8), so a player expects the game to start again:
    /// the world the session started
    /// in is loaded again from `files` and the player entered where the session started
    /// him (the player initializer clears his death). A replay keeps its place in the
    /// recording, so a recorded death restarts the same way when it is replayed; the debug
    /// overlay stays as it was.
    pub fn restart(&mut self, files: &impl Files<'a>) -> Result<(), SessionError> {
        let origin = self.origin.clone();
        let mut map = crate::world::Name::new();
        let _ = map.push_str(origin.map.unwrap_or(self.world.map()));
        let choice = match origin.world_index {
            Some(index) => Choice::Index(index),
            None => Choice::Map(&map),
        };
        let (spec, _) = catalog::resolve(files, choice).map_err(SessionError::World)?;
        self.load_and_enter(files, &spec, &origin)?;
        let (debug, replay) = (self.debug_overlay, self.replay.take());
        self.around(files, &spec, origin);
        (self.debug_overlay, self.replay) = (debug, replay);
        Ok(())
    }

    /// Everything around the loaded world `spec`: its palette (the world's COL, or the
    /// built-in one), sounds, look and candle, and the player's starting position.
    // Not inlined, as [`Session::replay_in_place`].
    #[inline(never)]
    fn around(&mut self, files: &impl Files<'a>, spec: &WorldSpec<'_>, origin: Origin<'a>) {
        self.dress(files, spec);
        self.start = self.world.selected_player().map_or([0; 3], |p| p.position);
        self.origin = origin;
        (self.debug_overlay, self.candle, self.last, self.replay) = (false, Candle::new(), None, None);
    }

    /// What the loaded world `spec` is drawn and heard with: its palette (the world's COL,
    /// or the built-in one), sounds, font, look and candle colours.
    fn dress(&mut self, files: &impl Files<'a>, spec: &WorldSpec<'_>) {
        self.palette = spec
            .col()
            .and_then(|col| files.file(col.as_str()))
            .and_then(|b| crate::formats::col::Col::new_checked(b).ok())
            .map_or_else(Palette::default_world, |c| Palette::from_rgb8(&c.to_rgb_array()));
        self.sounds = files.file("MAIN.SFX").and_then(|b| crate::formats::sfx::Sfx::new_checked(b).ok());
        self.font = files.file(FONT_FILE).and_then(|b| crate::formats::fnt::Fnt::new_checked(b).ok());
        let pickups = self.world.items().bitmap_file().and_then(|name| files.file(name));
        self.pickups = pickups.and_then(|b| crate::formats::gxa::Gxa::new_checked(b).ok()).map(|g| {
            let colours = crate::render::bitmap::Colours::new(g.palette(), &self.palette);
            (g, colours)
        });
        let gxa = |b: Option<&'a [u8]>| b.and_then(|b| crate::formats::gxa::Gxa::new_checked(b).ok());
        self.power_ups = gxa(files.file(game_bitmap(files)));
        self.compass = gxa(files.file(crate::render::compass::FILE));
        view::look_into(&mut self.look, &self.world, files, &self.palette);
        self.candle_colours = CandleColours::new(&self.palette);
    }

    /// Acts on the session request the last update reported ({D:engine/SOUP.md} "Session
    /// requests: LoadWorld, WonGame, PushPlayer and PopPlayer"): `LoadWorld` loads the world
    /// of that WORLD.INI index in place of this one, the global flags kept, and enters the
    /// player at its marker and heading ([`World::change_world`]); the session's start,
    /// candle, recording and overlay go on. Whether a world was loaded. An index that names
    /// no world, or a world that does not load, is the error the original ends with.
    // Not inlined, as [`Session::replay_in_place`].
    #[inline(never)]
    pub fn follow_request(&mut self, files: &impl Files<'a>) -> Result<bool, SessionError> {
        use crate::world::SessionRequest;
        let Some((_, SessionRequest::LoadWorld { world, marker, heading })) = self.world.report().request
        else {
            return Ok(false);
        };
        let index = u16::try_from(world).unwrap_or(u16::MAX);
        let (spec, _) = catalog::resolve(files, Choice::Index(index)).map_err(SessionError::World)?;
        let marker = usize::try_from(marker).unwrap_or(usize::MAX);
        self.world.change_world(files, &spec, marker, heading).map_err(SessionError::World)?;
        self.dress(files, &spec);
        Ok(true)
    }

    /// Whether this session replays a recording.
    pub fn is_replay(&self) -> bool {
        self.replay.is_some()
    }

    /// Ends the replay where it stands: the session goes on live (a loaded save, rebuilt
    /// from its record, continues from the keyboard). The BIOS tick of the last replayed
    /// update, `None` for a live session.
    pub fn end_replay(&mut self) -> Option<u32> {
        self.replay.take().map(|(_, bios)| bios)
    }

    /// The next recorded update; `None` when the recording is over (or this is a live
    /// session).
    pub fn next_recorded(&mut self) -> Option<Recorded> {
        let (steps, bios) = self.replay.as_mut()?;
        let u = steps.next()?;
        *bios = bios.wrapping_add(u.bios);
        Some(Recorded { input: u.input, bios: *bios, scale: u.scale })
    }

    /// Replays every recorded update, hashing the trace, and after every
    /// [`DIGEST_DRAW_EVERY`]th update draws the frame into `fb` in bands of `band_height`
    /// rows ([`Session::draw_in_bands`]; `depth` holds `width × band_height` values) and
    /// hashes its pixels: the digests a small machine prints instead of the trace.
    pub fn replay_digests(
        &mut self,
        fb: &mut Framebuffer<'_>,
        depth: &mut [f32],
        band_height: usize,
    ) -> Digests {
        self.replay_measured(fb, depth, band_height, &mut || 0).0
    }

    /// [`Session::replay_digests`], reading the caller's clock `now` around each update
    /// and each frame (the hashing left out): what they cost, in the clock's units. The
    /// core reads no clock of its own; a microcontroller passes its cycle counter.
    pub fn replay_measured(
        &mut self,
        fb: &mut Framebuffer<'_>,
        depth: &mut [f32],
        band_height: usize,
        now: &mut dyn FnMut() -> u64,
    ) -> (Digests, Costs) {
        use crate::trace::Fnv1a64;
        let (mut trace, mut frame, mut updates) = (Fnv1a64::new(), None, 0);
        let mut costs = Costs::default();
        while let Some(u) = self.next_recorded() {
            let start = now();
            self.step(&u.input, u.bios, u.scale);
            costs.update.add(now().wrapping_sub(start));
            updates += 1;
            let _ = crate::trace::trace_line(&mut trace, &self.world, self.world.report());
            trace.update(b"\n");
            if updates % DIGEST_DRAW_EVERY == 0 {
                let start = now();
                self.draw_in_bands(fb, depth, band_height);
                costs.frame.add(now().wrapping_sub(start));
                let mut pixels = Fnv1a64::new();
                pixels.update(fb.pixels());
                frame = Some(pixels.value());
            }
        }
        (Digests { trace: trace.value(), frame, updates }, costs)
    }

    /// One update, and the candle's frame for it: its show timer follows the player's
    /// health and sword (and the retained `LockoutPlayer` word), the candle advances one
    /// frame, and a running timer loses the update's nominal ticks.
    // Not inlined: a caller that keeps the session on its stack (a microcontroller's) would
    // otherwise hold this call's temporaries in its own frame for as long as it runs.
    #[inline(never)]
    pub fn step(&mut self, input: &Input, bios: u32, scale: Option<i32>) -> &StepReport {
        self.world.step_with(input, bios, scale);
        let player = self.world.selected_player().map(|p| (p.attr(attr::HEALTH), p.weapon_drawn));
        if let (Some((health, sword)), Some((was_health, was_sword))) = (player, self.last) {
            if health != was_health {
                self.candle.health_changed();
            }
            if sword != was_sword {
                self.candle.weapon_toggled();
            }
        }
        let lockout = self.world.player_state().lockout;
        if let Some((_, true)) = player {
            self.candle.sword_drawn(lockout);
        }
        self.last = player.or(self.last);
        self.candle.advance(self.health());
        self.candle.decay(self.world.report().tick.nominal_ticks, lockout);
        self.world.report()
    }

    /// The selected player's health (attribute 3), 0 without a player.
    pub fn health(&self) -> i32 {
        self.world.selected_player().map_or(0, |p| p.attr(attr::HEALTH) as i32)
    }

    /// Draws the world from the follow camera, then the HUD: the health candle as
    /// `[screen] candle_mode` says (its number in mode 2 and the debug lines need the
    /// `embedded-graphics` feature). `depth` holds `width × height` values.
    pub fn draw(&self, fb: &mut Framebuffer<'_>, depth: &mut [f32]) {
        let height = fb.height();
        self.draw_in_bands(fb, depth, height);
    }

    /// [`Session::draw`] with the world drawn in horizontal bands of `band_height` rows
    /// ([`view::draw_in_bands`]): `depth` needs only `width × band_height` values, and the
    /// picture is the same.
    // Not inlined: a caller that keeps the session on its stack (a microcontroller's) would
    // otherwise hold this call's temporaries in its own frame for as long as it runs.
    #[inline(never)]
    pub fn draw_in_bands(&self, fb: &mut Framebuffer<'_>, depth: &mut [f32], band_height: usize) {
        let camera = view::follow(&self.world);
        view::draw_in_bands(fb, depth, band_height, &self.world, &camera, &self.look);
        self.draw_compass(fb);
        let mode = self.world.config().candle_mode;
        let lockout = self.world.player_state().lockout;
        if self.candle.visible(mode, lockout) {
            // Before the first update the candle shows its level's first frame.
            let frame = match (self.candle.shown_level(), hud::level(self.health())) {
                (Some(_), _) => self.candle.frame(),
                (None, hud::SNUFFED) => hud::SNUFF_FRAME,
                (None, level) => 6 * level,
            };
            hud::draw_candle(fb, frame, &self.candle_colours);
            #[cfg(feature = "embedded-graphics")]
            if self.candle.shows_number(mode, lockout) {
                hud::draw_health(fb, self.health());
            }
        }
        self.draw_power_ups(fb);
        self.draw_item(fb);
        self.draw_talk(fb);
        #[cfg(feature = "embedded-graphics")]
        if self.debug_overlay {
            let now = self.world.selected_player().map_or([0; 3], |p| p.position);
            let (status, start, now) =
                (self.status_line(), hud::object_coord("start", self.start), hud::object_coord("now", now));
            let [camera, player] = self.pose_lines();
            // To the right of the candle.
            let x = (fb.width() * 72 / 640) as i32;
            hud::draw_lines(fb, &[&status, &start, &now, &camera, &player], [x, 2]);
        }
    }

    /// The compass ({D:engine/hud.md} "Compass", "Draw order": first over the scene): its
    /// frame for the player's heading and the world's `world_compass` at (`compass_xco`,
    /// `compass_yco`) plus the frame's offsets, when [`crate::render::compass::shown`].
    fn draw_compass(&self, fb: &mut Framebuffer<'_>) {
        use crate::render::compass;
        let (Some(gxa), Some(p)) = (&self.compass, self.world.selected_player()) else { return };
        let lockout = self.world.player_state().lockout;
        let owned = self.world.items().count(0) > 0;
        if !compass::shown(lockout, p.attr(attr::PLAYER_TYPE), owned, self.world.compass_display()) {
            return;
        }
        let k = compass::frame(p.angles.heading as i32, self.world.world_compass());
        if let Some(frame) = gxa.frame(k as usize) {
            let c = self.world.config();
            let colours = crate::render::bitmap::Colours::new(gxa.palette(), &self.palette);
            crate::render::bitmap::draw(fb, &frame, &colours, [c.compass_xco, c.compass_yco], true);
        }
    }

    /// The power-up slots ({D:engine/hud.md} "Power-up slots", "Draw order"): while lockout
    /// is exactly 0, slot 1's frame of `game_bitmap` at (`game_xco1`, `game_yco1`), then
    /// slot 2's at (`game_xco2`, `game_yco2`), each by its anchor alone.
    fn draw_power_ups(&self, fb: &mut Framebuffer<'_>) {
        let Some(gxa) = &self.power_ups else { return };
        let slots = self.world.power_ups().slots();
        if self.world.player_state().lockout != 0 || slots == [None, None] {
            return;
        }
        let colours = crate::render::bitmap::Colours::new(gxa.palette(), &self.palette);
        let c = self.world.config();
        let anchors = [[c.game_xco1, c.game_yco1], [c.game_xco2, c.game_yco2]];
        for (slot, at) in slots.into_iter().zip(anchors) {
            if let Some(frame) = slot.and_then(|s| gxa.frame(s.frame as usize)) {
                crate::render::bitmap::draw(fb, &frame, &colours, at, false);
            }
        }
    }

    /// The active item ({D:engine/hud.md} "Active item", "Count", "Visibility"): when the
    /// item area shows the item and the player is not a gremlin, the selected item's frame
    /// `bitmap[x]` at (`pickup_xco`, `pickup_yco`) and, above 1, its count in `font_sel`
    /// with its top-left at (icon x + width − 32, icon y + 8).
    fn draw_item(&self, fb: &mut Framebuffer<'_>) {
        use crate::dialogue::activation::ItemArea;
        let items = self.world.items();
        let (Some((gxa, colours)), Some(id)) = (&self.pickups, items.selected()) else { return };
        let gremlin = self.world.selected_player().is_some_and(|p| p.attr(attr::PLAYER_TYPE) == 1);
        if self.world.item_area() != ItemArea::Item || gremlin {
            return;
        }
        let c = self.world.config();
        let frame = items.bitmap(id).and_then(|k| u8::try_from(k).ok());
        let Some(frame) = frame.and_then(|k| gxa.frame(k as usize)) else { return };
        let at = [c.pickup_xco, c.pickup_yco];
        crate::render::bitmap::draw(fb, &frame, colours, at, true);
        let count = items.count(id);
        if let (Some(font), true) = (self.font, count > 1) {
            let mut digits = heapless::String::<12>::new();
            let _ = write!(digits, "{count}");
            let ink = crate::render::text::Ink::new(&font, &self.palette, c.font_sel, true);
            let x = at[0] + frame.offset[0] as i32 + frame.width as i32 - 32;
            let y = at[1] + frame.offset[1] as i32 + 8;
            crate::render::text::line(fb, &font, &ink, digits.as_bytes(), [x, y]);
        }
    }

    /// The activation prompt ({D:engine/hud.md} "Prompt text"), then the subtitle
    /// ({D:engine/subtitles.md}) and the topic menu, in the REDSEL font: NPC lines, the
    /// prompt and the highlighted topic in the `font_sel` colours, Cyrus' lines and the
    /// other topics in `font_norm`'s, chosen topics in `font_used`'s. Where the menu sits
    /// (`[dialog] menu_start_x`, `menu_start_y`, a line-height step) is a best guess: the
    /// docs do not describe its drawing.
    fn draw_talk(&self, fb: &mut Framebuffer<'_>) {
        use crate::dialogue::activation::ItemArea;
        use crate::render::text::{self, Ink};
        let Some(font) = self.font else { return };
        let c = self.world.config();
        let ink = |a: i32| Ink::new(&font, &self.palette, a, true);
        if let ItemArea::Prompt(t) = self.world.item_area() {
            text::line(fb, &font, &ink(c.font_sel), t, [c.pickup_xco, c.pickup_text_yco]);
        }
        let talk = self.world.dialogue();
        if let Some(line) = talk.subtitle().filter(|_| c.dialog_print_text != 0) {
            let cyrus = self.world.selected_player_id() == Some(line.speaker);
            let style = if cyrus { c.font_norm } else { c.font_sel };
            text::subtitle(fb, &font, &ink(style), line.text, c.dialog_max_text_width);
        }
        if talk.menu.is_open() {
            let (sel, norm, used) = (ink(c.font_sel), ink(c.font_norm), ink(c.font_used));
            for (k, t) in talk.menu.items().iter().enumerate() {
                let style = match (k == talk.menu.highlighted, t.used != 0) {
                    (true, _) => &sel,
                    (false, true) => &used,
                    (false, false) => &norm,
                };
                let y = c.menu_start_y + font.line_height() * k as i32;
                text::line(fb, &font, style, t.text, [c.menu_start_x, y]);
            }
        }
    }

    /// The debug overlay's pose lines ({D:engine/SOUP.md} "Follow camera observation"):
    /// `World (x, y, z)-(pitch, yaw, roll)`, the published camera pose, and `Player (…)`, the
    /// selected player's, in whole map units and 2048-unit angles.
    pub fn pose_lines(&self) -> [heapless::String<STATUS_CAPACITY>; 2] {
        let line = |label: &str, p: [i32; 3], a: [i32; 3]| {
            let mut s = heapless::String::new();
            let p = p.map(|c| c >> 8);
            let _ = write!(s, "{label} ({}, {}, {})-({}, {}, {})", p[0], p[1], p[2], a[0], a[1], a[2]);
            s
        };
        let c = self.world.camera();
        let (p, a) = self.world.selected_player().map_or(([0; 3], [0; 3]), |p| {
            (p.position, [p.angles.pitch as i32, p.angles.heading as i32, p.angles.roll as i32])
        });
        [line("World", c.position, c.angles), line("Player", p, a)]
    }

    /// `FPS 12  scale 256  ticks 1  run` — the clock and the walk/run mode.
    pub fn status_line(&self) -> heapless::String<STATUS_CAPACITY> {
        let mut s = heapless::String::new();
        let c = self.world.clock();
        let t = c.tick();
        let mode = if self.world.player_state().walk_mode == 0 { "run" } else { "walk" };
        let _ =
            write!(s, "FPS {}  scale {}  ticks {}  {mode}", c.measured_fps(), t.frame_scale, t.nominal_ticks);
        s
    }
}
