//! Saving and loading a session ({D:formats/SAVEGAME.md}; Stros's own layout in
//! `docs/save.md`).
//!
//! A save is the original's container: `SVGM` (version 1.31, the slot's description, the
//! world id), `SVGF` (the global flags in installed order), `SVGV` (1,542 bytes: the
//! clock's fields at the docs' offsets, the rest zero), `SVIT` (the item records in
//! initialized order, one fewer than there are, and the selected id), then `STRS` and
//! `END `. The object, script, shell, rope and camera records the docs do not lay out
//! (`SMOB`, `SMSH`, …) are not written; instead `STRS` holds the session's own record —
//! where it started and every update's input and BIOS tick since, in the recording format
//! ([`crate::recording`]) — from which a deterministic core rebuilds every object exactly.
//!
//! Loading ([`apply`]) comes after that rebuild: the documented chunks are then restored
//! directly, as the original restores them (flag values and state bytes, the item records'
//! visibility, limits and owned counts and the selection, the clock fields), so an edited `SVGF` or `SVIT` takes effect; a save of
//! Stros's own restores the same values it rebuilt. A save whose world or flag count
//! disagrees with its record is refused before anything is restored.

use crate::capacity::Capacity;
use crate::formats::save::{self, Save, SavedItem, Writer, clock};
use crate::items::ItemRecord;
use crate::session::Session;
use crate::timing::{ClockState, Tick};

/// The compatibility values Stros writes in `SVGM` (the docs do not give the original's;
/// Stros does not check them).
pub const COMPATIBILITY: [u32; 2] = [0, 0];

/// Why a save cannot be restored onto its rebuilt session.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoadError {
    /// The save has no `STRS` record to rebuild from (a save of the original game).
    NoRecord,
    /// `SVGM`'s world is not the one the record ends in.
    World {
        /// The save's world id.
        saved: u32,
        /// The rebuilt session's.
        rebuilt: u32,
    },
    /// `SVGF` holds a different number of flags than the session declares.
    Flags {
        /// Flags saved.
        saved: usize,
        /// Flags declared.
        declared: usize,
    },
    /// `SVIT` holds a different number of records than the session initializes (less one).
    Items {
        /// Records saved.
        saved: usize,
        /// Records the session would save.
        expected: usize,
    },
}

impl core::fmt::Display for LoadError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            LoadError::NoRecord => {
                write!(f, "the save has no Stros record (STRS) to rebuild the session from")
            }
            LoadError::World { saved, rebuilt } => {
                write!(f, "the save names world {saved} but its record ends in world {rebuilt}")
            }
            LoadError::Flags { saved, declared } => {
                write!(f, "the save holds {saved} global flags; the session declares {declared}")
            }
            LoadError::Items { saved, expected } => {
                write!(f, "the save holds {saved} item records; the session has {expected}")
            }
        }
    }
}

/// Writes `session` as a save: `description` for the slot, `record` the session's
/// recording so far (header and updates), into `out`.
pub fn write<C: Capacity>(
    session: &Session<'_, C>,
    description: &[u8],
    record: &str,
    out: &mut dyn FnMut(&[u8]),
) {
    let world = &session.world;
    let mut w = Writer::new(out);
    w.metadata(COMPATIBILITY, description, world.world_id().unwrap_or(0) as u32, b"");
    let flags = world.flags();
    w.flags(flags.len(), |k| flags.get(k as u16).unwrap_or(0), |k| flags.state(k as u16).unwrap_or(0));
    w.chunk(save::TAG_SVGV, &[&clock_words(session)]);
    let items = world.items();
    let saved = items.ids().count().saturating_sub(1);
    let records = items.ids().filter_map(|id| items.record(id)).map(|r| SavedItem {
        hide: r.hide,
        state: 0,
        total: r.total,
        player_max: r.player_max,
        player_total: r.count,
    });
    w.items(saved, records, items.selected().map_or(-1, i32::from));
    w.chunk(save::TAG_STRS, &[record.as_bytes()]);
    w.end();
}

/// The `SVGV` payload: the clock's fields at the docs' offsets, the configuration's rates
/// and switches, the rest zero.
fn clock_words<C: Capacity>(session: &Session<'_, C>) -> [u8; save::field::SVGV_LEN] {
    let c = session.world.clock();
    let (s, config) = (c.state(), c.config());
    let mut p = [0u8; save::field::SVGV_LEN];
    let words = [
        (clock::MEASUREMENT_BASELINE, s.baseline),
        (clock::MEASUREMENT_REMAINDER, s.tick_remainder as u32),
        (clock::MEASURED_FPS, s.measured_fps as u32),
        (clock::NEXT_SCALE, s.next_scale as u32),
        (clock::WARMUP, s.startup_countdown as u32),
        (clock::BIOS_SAMPLE, s.last_sample),
        (clock::MEASUREMENT_FRAMES, s.frame_count as u32),
        (clock::SMOOTHED_FPS, s.smoothed_fps as u32),
        (clock::FRAME_SCALE, s.exposed.frame_scale as u32),
        (clock::EXPOSED_NOMINAL_TICKS, s.exposed.nominal_ticks as u32),
        (clock::NOMINAL_SCALED_TOTAL, s.nominal_accumulator as u32),
        (clock::EXPOSED_FINE_TICKS, s.exposed.fine_ticks as u32),
        (clock::FINE_SCALED_TOTAL, s.fine_accumulator as u32),
        (clock::MIN_FRAME_RATE, config.min_frame_rate as u32),
        (clock::MAX_FRAME_RATE, config.max_frame_rate as u32),
        (clock::USE_SMOOTH_FPS, config.use_smooth_fps as u32),
        (clock::USE_SMOOTH_DIVISOR, config.use_smooth_divisor as u32),
        (clock::NORMAL_RATE_SCALED, (config.normal_frame_rate as u32).wrapping_mul(256)),
    ];
    for (at, v) in words {
        p[at..at + 4].copy_from_slice(&v.to_le_bytes());
    }
    p
}

/// Restores `save`'s documented chunks onto `session`, which its `STRS` record has just
/// rebuilt (see the module text). Everything is checked before anything is written: an
/// error leaves the session as the rebuild left it.
pub fn apply<C: Capacity>(session: &mut Session<'_, C>, save: &Save<'_>) -> Result<(), LoadError> {
    let world = &mut session.world;
    let rebuilt = world.world_id().unwrap_or(0) as u32;
    if save.world_id() != rebuilt {
        return Err(LoadError::World { saved: save.world_id(), rebuilt });
    }
    let declared = world.flags().len();
    if let Some(f) = save.flags().filter(|f| f.len() != declared) {
        return Err(LoadError::Flags { saved: f.len(), declared });
    }
    let expected = world.items().ids().count().saturating_sub(1);
    if let Some(i) = save.items().filter(|i| i.len() != expected) {
        return Err(LoadError::Items { saved: i.len(), expected });
    }
    if let Some(f) = save.flags() {
        for k in 0..f.len() {
            let id = k as u16;
            world.flags_mut().restore(id, f.value(k).unwrap_or(0), f.state(k).unwrap_or(0));
        }
    }
    if let Some(saved) = save.items() {
        let ids: heapless::Vec<u8, 256> = world.items().ids().take(saved.len()).collect();
        let items = world.items_mut();
        for (k, id) in ids.into_iter().enumerate() {
            if let Some(r) = saved.record(k) {
                let record = ItemRecord {
                    count: r.player_total,
                    total: r.total,
                    player_max: r.player_max,
                    hide: r.hide,
                };
                items.restore_record(id, record);
            }
        }
        items.restore_selection(saved.selected());
    }
    if save.clock(clock::NEXT_SCALE).is_some() {
        let w = |at| save.clock(at).unwrap_or(0);
        let state = ClockState {
            baseline: w(clock::MEASUREMENT_BASELINE),
            tick_remainder: w(clock::MEASUREMENT_REMAINDER) as i32,
            measured_fps: w(clock::MEASURED_FPS) as i32,
            next_scale: w(clock::NEXT_SCALE) as i32,
            startup_countdown: w(clock::WARMUP) as u8,
            last_sample: w(clock::BIOS_SAMPLE),
            frame_count: w(clock::MEASUREMENT_FRAMES) as i32,
            smoothed_fps: w(clock::SMOOTHED_FPS) as i32,
            exposed: Tick {
                frame_scale: w(clock::FRAME_SCALE) as i32,
                nominal_ticks: w(clock::EXPOSED_NOMINAL_TICKS) as i32,
                fine_ticks: w(clock::EXPOSED_FINE_TICKS) as i32,
            },
            nominal_accumulator: w(clock::NOMINAL_SCALED_TOTAL) as i32,
            fine_accumulator: w(clock::FINE_SCALED_TOTAL) as i32,
        };
        world.clock_mut().set_state(&state);
    }
    Ok(())
}

/// The save's `STRS` record, the text a session is rebuilt from.
pub fn record<'s>(save: &Save<'s>) -> Result<&'s str, LoadError> {
    save.stros().ok_or(LoadError::NoRecord)
}
