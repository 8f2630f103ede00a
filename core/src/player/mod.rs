//! The player ({M}): "Ground-turn arithmetic", the selected player's controller
//! ([`controller`]), his jumps ([`jump`]), ledges ([`ledge`]) and armed input ([`armed`]),
//! and what they ask of the world ([`PlayerScene`]).

pub mod armed;
pub mod controller;
pub mod death;
pub mod jump;
pub mod ledge;

use crate::actor::motion::scaled;
use crate::actor::{Actor, Surroundings};

/// Independent left and right turn accumulators.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Turn {
    /// Left accumulator.
    pub left: i32,
    /// Right accumulator.
    pub right: i32,
}

/// One accumulator step: a held direction adds `turn_speed` while below `turn_max_speed`
/// (no clamp, so an increment that does not divide the limit overshoots it); a released one
/// resets to zero.
pub fn accumulate(accumulator: i32, held: bool, turn_speed: i32, turn_max_speed: i32) -> i32 {
    if !held {
        0
    } else if accumulator < turn_max_speed {
        accumulator.wrapping_add(turn_speed)
    } else {
        accumulator
    }
}

impl Turn {
    /// One input update of "Ground-turn arithmetic": each accumulator steps ([`accumulate`])
    /// by `increment` while below `limit` — `turn_speed` and `turn_max_speed` for ordinary
    /// turning, the fight-turn attributes in combat — and each is scaled by the frame scale
    /// `>> 8` on its own ([`scaled`]). Returns the net turn: the scaled left amount minus the
    /// scaled right one (apply it with [`turned`]).
    pub fn step(&mut self, left: bool, right: bool, increment: i32, limit: i32, scale: i32) -> i32 {
        self.left = accumulate(self.left, left, increment, limit);
        self.right = accumulate(self.right, right, increment, limit);
        scaled(self.left, scale).wrapping_sub(scaled(self.right, scale))
    }
}

/// The heading after a net turn: the scaled left amount added, the scaled right amount
/// subtracted, wrapped to 2048.
pub const fn turned(heading: u16, net: i32) -> u16 {
    ((heading as i32).wrapping_add(net) & 2047) as u16
}

/// The player's controller state that outlives an update.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayerState {
    /// `PushPlayer` and `PopPlayer` requested, consumed at the end of a world-loop
    /// iteration that does not leave the loop ({D:engine/SOUP.md} "Session requests:
    /// LoadWorld, WonGame, PushPlayer and PopPlayer").
    pub swap_requests: [bool; 2],
    /// The next and previous item keys as the last update saw them, and a press waiting for
    /// an item-path update to cycle the selection (`true`: next).
    pub item_keys: ([bool; 2], Option<bool>),
    /// The ground-turn accumulators.
    pub turn: Turn,
    /// `[cyrus] walk_mode`, toggled by Tab.
    pub walk_mode: i32,
    /// The conditional preliminary countdown ("Controller initialization and preliminary
    /// state"), whole nominal ticks: it counts down only while queued and falling motion are
    /// both zero, and while nonzero his jumps refuse. A backward jump sets it to 6.
    pub conditional: u32,
    /// The two unconditional preliminary countdowns ([`PlayerState::unconditional_tick`]).
    /// No documented writer sets them: the player initializer clears them and nothing else
    /// in the docs gives them a value, so in Stros they stay zero unless a test sets them.
    pub unconditional: [u32; 2],
    /// The ledge state ([`ledge::Ledge`]).
    pub ledge: ledge::Ledge,
    /// The controller's pending action flag: a fatal landing on steep support raises it, and
    /// each controller call with sliding clear then takes action 74 (the death override and
    /// health −255); nothing clears it ("Controller initialization and preliminary state").
    pub pending_action: bool,
    /// The retained death-animation override group ({D:engine/SOUP.md} "Selected-player
    /// death animation override"): an identity, `None` for zero. A fatal landing or a long
    /// slide stores 74 before the health change; the death controller assigns one when the
    /// death left it zero.
    pub death_override: Option<i16>,
    /// The death state ([`death::Death`]): hit inhibition, the death-progress word and mode,
    /// the falling-death counter.
    pub death: death::Death,
    /// Sound-maintenance inhibition ({D:engine/sound.md}): while set the periodic sound
    /// reset's accumulator does not advance. The controller samples it; the player
    /// initializer clears it.
    pub sound_inhibition: bool,
    /// The tap latches and the armed handler's state ([`armed::Armed`]).
    pub armed: armed::Armed,
    /// The ordinary idle counter ("Idle animation requests"): the clock measurement adds one
    /// per 18 BIOS ticks; the controller resets it while the current group is not 0.
    pub idle: i32,
    /// The retained `LockoutPlayer` word (its low 16 bits; {D:engine/hud.md} "Shared
    /// rules"): while nonzero the controller returns before its keyboard movement dispatch
    /// and the HUD hides the candle.
    pub lockout: u16,
    /// The shared line-up result: what the last `PlayerLineUp` returned ({D:engine/hud.md}
    /// "Activation prompt": an activation needs it zero); standalone initialization clears it.
    pub lineup: i32,
    /// What the controller reads of the dialogue system.
    pub talk: Talk,
    /// The contact lists his update fills ([`crate::actor::contacts::ContactLists`]).
    pub contacts: crate::actor::contacts::ContactLists,
}

/// The dialogue words the controller tests ({D:engine/player.md} "Ordinary controller
/// dispatch"; {D:engine/sound.md}: maintenance inhibition).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Talk {
    /// The dialogue-state word (`DialogBegin` / `DialogEnd`).
    pub dialogue: i32,
    /// The topic-menu-state word.
    pub menu: i32,
    /// `WaitOnDialog` would wait: a dialogue record is active.
    pub waiting: bool,
}

impl PlayerState {
    /// The state the player initializer leaves: countdowns and ledge state cleared.
    pub fn new(walk_mode: i32) -> PlayerState {
        PlayerState { walk_mode, ..PlayerState::default() }
    }

    /// The player initializer's resets ({D:engine/player.md} "Controller initialization and
    /// preliminary state", {D:engine/SOUP.md} "Selected-player death controller", "World-loop
    /// death exit ordering"): hit inhibition, the death-animation override, the pending
    /// action flag, the preliminary countdowns, sound-maintenance inhibition, the death mode
    /// and progress and the falling-death counter. The turn accumulators, walk mode, idle
    /// counter and lockout word are not the initializer's.
    pub fn initialize(&mut self) {
        self.death_override = None;
        self.pending_action = false;
        self.conditional = 0;
        self.unconditional = [0; 2];
        self.ledge.inhibition = 0;
        self.sound_inhibition = false;
        self.death = death::Death::default();
        self.lineup = 0;
    }

    /// The two unconditional preliminary countdowns of one controller call
    /// ({D:engine/player.md} "Controller initialization and preliminary state"): unsigned,
    /// in whole nominal ticks, each nonzero one less this call's ticks, saturating at zero,
    /// whatever the queued, falling and sliding bytes hold. (A negative tick count, which
    /// the clock never produces, subtracts nothing.)
    pub fn unconditional_tick(&mut self, ticks: i32) {
        let step = ticks.max(0) as u32;
        for c in self.unconditional.iter_mut() {
            *c = c.saturating_sub(step);
        }
    }
}

/// What the selected player's controller, jumps and ledges ask of the world beyond the
/// steppers' [`Surroundings`]: his retained state, forced requests, the animation switch and
/// the ledge geometry. The world update implements it for the selected player's updates.
pub trait PlayerScene: Surroundings {
    /// The selected player's retained controller state.
    fn state(&mut self) -> &mut PlayerState;
    /// Forced request for `group` with modifier 0.
    fn force(&mut self, a: &mut Actor, group: i16);
    /// `[system] animation_system` is nonzero.
    fn animation(&self) -> bool;
    /// This update's whole nominal ticks.
    fn ticks(&self) -> i32;
    /// A draw of the shared random generator (15 bits).
    fn random(&mut self) -> i32;
    /// A health change through his death-owning health service ([`death`]), `source`
    /// the attribute 109 of the source actor, `None` without one.
    fn death_health(&mut self, a: &mut Actor, change: i32, source: Option<u8>);
    /// The death controller's environmental effects for death `mode` at `progress`
    /// ({D:engine/SOUP.md} "Selected death effect admission").
    fn death_effects(&mut self, a: &Actor, mode: i32, progress: i32);
    /// "Ledge scan" with "Ledge record classification" at the actor's position moved by the
    /// runtime offset `shift` (the hanging sidestep's test), the table of records.
    fn ledge_scan(&mut self, a: &Actor, shift: Option<[i32; 3]>) -> ledge::Table;
    /// "Ledge support below the origin": `selected × 256 − Y`, or 256,000 without one.
    fn support_below(&self, a: &Actor) -> i32;
    /// The grip-0 vertex of the first `ShowFrame` of the actor's group 7, Q8 (`None` without).
    fn grip(&self, a: &Actor) -> Option<[i32; 3]>;
    /// The climb's `lag`: `max(0, cursor − commands / 2) × 256` of the current group, 0 while
    /// animation is disabled.
    fn command_lag(&self, a: &Actor) -> i32;
    /// The slope response's turn helper toward `heading`: 0 when facing it (or snapped to it),
    /// else the signed difference before the turn step.
    fn turn_toward(&mut self, a: &mut Actor, heading: i32) -> i32;
}
