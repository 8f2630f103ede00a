//! The RAGR animation interpreter ({A} and the {D:engine/animation.md}).
//!
//! An actor keeps a current group, one pending group and a default group. Requests do not
//! queue: each one either replaces the pending group or is refused by its numeric priority
//! ("Ordinary requests and default groups"), a forced request resets and starts at once
//! ("Forced requests"). [`AnimState::advance`] runs one advancement with the shared whole
//! nominal ticks: delays first ("Forward animation delays"), then the exit-marker
//! replacement of type-1/2 groups ("Forward type-one transitions"), then the byte frame
//! countdown with multi-tick frame skipping ("Forward frame countdown"), then commands until
//! a `ShowFrame` is selected, a delay yields, or `EndAnimation` hands over in the same call.
//! `ShowFrame` operands resolve through the instance's frame table ([`set`], "Model and frame
//! selection"); `BreakPoint` sets the movement marker walking reads ("Breakpoints and
//! walking translation"); [`AnimState::restore`] is the "Ordinary collision rollback
//! snapshot"; reverse playback follows "Reverse frame countdown" and "Reverse control
//! commands", `Transition` the "Transition command" and "Action words".
//!
//! Every request, forced request and advancement goes through an [`AnimContext`]: the
//! actor's set, the shared ticks, the update's events, the global `animation_system` switch
//! and the transition inputs the world feeds (the falling byte, the selected player's forward
//! request). Its boundary is the one place that rejects disabled animation and an absent
//! animation state ("Forced requests", last paragraph).
//!
//! Sounds and actor events are emitted as [`AnimEvent`]s into a fixed queue; the core never
//! plays audio. Every advancement is bounded ([`MAX_COMMANDS_PER_ADVANCE`]), so a group that
//! jumps to itself cannot hang the game.

pub mod group;
pub mod set;
pub mod task;

use crate::formats::rgm::Command;
use crate::formats::rgm::ragr::GroupKind;
pub use set::{AnimSet, GroupView, Pose};

/// "No group" in the current, pending and default fields.
pub const NO_GROUP: i16 = -1;
/// Commands one advancement may interpret before it gives up (a self-jumping group).
pub const MAX_COMMANDS_PER_ADVANCE: usize = 1024;
/// Group hand-overs (End → next group) one advancement may make.
pub const MAX_HANDOVERS: usize = 8;
/// Events one update can queue; later ones are dropped and counted.
pub const MAX_EVENTS: usize = 16;

/// What the interpreter asks the world to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnimEvent {
    /// `PlaySound`: effect index and rate offset (× 64 Hz), before surface remapping.
    Sound {
        /// Effect index.
        effect: i16,
        /// Rate offset field.
        rate: i16,
    },
    /// `ActorEvent`: the bit set for the actor-event service.
    Actor {
        /// Event bits.
        mask: i32,
    },
    /// `EndAnimation` stops the sound this animation remembered.
    StopSound,
    /// A positional sound whose variation is a playback-rate offset in Hz, not a `PlaySound`
    /// field (the water and lava transition sounds, {D:engine/player.md}).
    SoundHz {
        /// Effect index.
        effect: i16,
        /// Playback-rate offset, Hz.
        hz: i16,
    },
    /// A script's sound ({D:engine/sound.md} "SOUP functions"): `Sound` (positional, the
    /// volume curve with a volume offset) or `FlatSound` (pan 64, the effect's base volume plus
    /// the volume, clamped 0–127); the rate offset in Hz.
    ScriptSound {
        /// Effect index.
        effect: i16,
        /// Volume offset (`Sound`) or volume (`FlatSound`).
        volume: i32,
        /// Playback-rate offset, Hz.
        hz: i32,
        /// `Sound`, `FlatSound` or a run of `AmbientSound`.
        kind: crate::sound::ScriptSound,
    },
    /// A script's stop: `EndSound(effect)`, `EndMySound(effect)`, `EndMySounds()` or
    /// `StopAllSounds()`.
    EndSounds(SoundStop),
    /// An environmental flat effect (`AddFlatEffect`, zero spread, speed one): its packed
    /// descriptor (low sixteen bits the texture, the rest flags) and its point, runtime
    /// units. The world constructs it in its pool ([`crate::world::effects`]).
    Effect {
        /// Packed descriptor.
        descriptor: u32,
        /// Where, runtime units.
        at: [i32; 3],
    },
}

/// Which channels a script's stop ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SoundStop {
    /// Every channel whose requested effect is this one, whoever owns it.
    Effect(i16),
    /// The actor's own channels with this requested effect.
    MineOf(i16),
    /// The actor's own channels.
    Mine,
    /// All sixteen.
    All,
}

/// The events of one update, and how many did not fit.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Events {
    /// Queued events in order.
    pub queue: heapless::Vec<AnimEvent, MAX_EVENTS>,
    /// Events dropped because the queue was full.
    pub dropped: u32,
}

impl Events {
    /// Queues `e`, or counts it dropped when the queue is full.
    pub fn push(&mut self, e: AnimEvent) {
        if self.queue.push(e).is_err() {
            self.dropped += 1;
        }
    }
}

/// The move-counter bits (`move_counter`, the packed step counters) a taken mask-8
/// `Transition` sets: the forward counter saturated.
pub const TRANSITION_MOVE_BITS: u8 = 0x30;

/// The context of the animation calls of one actor at one moment of an update: what the
/// original's request and advance routines read from globals and from the actor record
/// besides the animation state itself.
///
/// Its boundary ([`AnimState::request`], [`AnimState::force`], [`AnimState::advance`])
/// rejects globally disabled animation and an absent animation state, the static-model
/// shortcut included (it has no set) — {A} "Forced requests", last paragraph;
/// {D:engine/cheats.md} `animation`: with the system off "all animation management
/// early-returns" and actors keep their frame.
#[derive(Debug)]
pub struct AnimContext<'c, 's> {
    /// The actor's animation set; `None`: no animation state.
    pub set: Option<&'c AnimSet<'s>>,
    /// The shared whole nominal ticks of the update.
    pub ticks: i32,
    /// The update's events.
    pub events: &'c mut Events,
    /// `[system] animation_system` is nonzero. The docs say some checks of the switch want
    /// exactly 1 and others any nonzero value without saying which; Stros reads the request
    /// and advance boundaries as "nonzero" (the docs describe the off state as zero), and
    /// the walking wait as `== 1` ({M}).
    pub enabled: bool,
    /// The actor's falling byte (`fall_flag`, `+0x1b2`), which `Transition` mask 4 reads.
    pub falling: u8,
    /// For the selected player while the forward binding (`key_up`) is held: the group a
    /// taken mask-8 `Transition` forces — 31 holding a weapon, 30 with a burning torch, else
    /// 18 ("Transition command"). Taken by the first mask-8 transition of this context, so a
    /// group whose fallback leads back into the same transition cannot recurse.
    pub forward: Option<i16>,
    /// Bits a taken mask-8 transition set in the actor's move counter
    /// ([`TRANSITION_MOVE_BITS`]); the caller folds them into the actor's step counters.
    pub move_bits: u8,
}

impl<'c, 's> AnimContext<'c, 's> {
    /// A context with animation enabled and no transition inputs.
    pub fn new(set: &'c AnimSet<'s>, ticks: i32, events: &'c mut Events) -> Self {
        AnimContext { set: Some(set), ticks, events, enabled: true, falling: 0, forward: None, move_bits: 0 }
    }

    /// The set, when the boundary admits the call.
    fn admitted(&self) -> Option<&'c AnimSet<'s>> {
        self.set.filter(|_| self.enabled)
    }
}

/// Why an advancement stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The boundary rejected the call: animation is disabled, or there is no animation state.
    Rejected,
    /// A frame is selected (or kept).
    Frame,
    /// A delay yields; the previous pose stays.
    Delayed,
    /// No current group could be started (no pending group and no default).
    Idle,
    /// The command bound was hit: the group loops without selecting a frame.
    Runaway,
}

/// One actor's animation receiver ("the animation state").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnimState {
    /// Current group, or [`NO_GROUP`].
    pub current: i16,
    /// Pending group, or [`NO_GROUP`].
    pub pending: i16,
    /// Default group (new actors start with 0).
    pub default: i16,
    /// Signed command cursor.
    pub cursor: i16,
    /// Byte frame countdown.
    pub countdown: u8,
    /// Countdown reload of the current group (low header byte plus the request modifier).
    pub reload: u8,
    /// Countdown the pending group will start with.
    pub pending_reload: u8,
    /// Playback direction the pending group will start with (the request's reverse
    /// argument).
    pub pending_reverse: bool,
    /// Finite loop countdown (set by `PushAnimation`).
    pub loops: u8,
    /// `DelayCounter` byte (255 waits indefinitely).
    pub delay: u8,
    /// `LoopControl`'s own counter.
    pub loop_control: u8,
    /// Exit processing active.
    pub exit: bool,
    /// The movement-suppression marker (`BreakPoint`).
    pub marker: bool,
    /// Reverse playback.
    pub reverse: bool,
    /// Frame progress byte (`WaitAnimFrame`), wrapping.
    pub real_frame: u8,
    /// The selected pose.
    pub pose: Option<Pose>,
    /// A sound is remembered by this animation.
    pub sound: bool,
    /// The actor's action words (`SetAction`), read and cleared by `Transition`.
    pub actions: ActionWords,
    /// Byte `+0x0a` of the animation record, set by a taken mask-8 transition.
    pub transition_flag: bool,
    /// The retained rotation delta record (opcodes 6 and 7), for the actor update to apply.
    pub rotate_delta: [i16; 3],
    /// The retained translation delta record (opcodes 8 and 9).
    pub translate_delta: [i16; 3],
}

/// An actor's pending and accepted action words and their byte timer ({D},
/// "Action words").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ActionWords {
    /// Pending word (`SetAction` fills it).
    pub pending: u32,
    /// Accepted word.
    pub accepted: u32,
    /// Byte timer.
    pub timer: u8,
}

/// Timer value above which pending actions are accepted.
pub const ACTION_ACCEPT_TICKS: u8 = 36;

/// What `SetAction` did ({D:engine/animation.md}, "Action words").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetAction {
    /// Nothing: a mask other than 1 or 2, or its bit already in a word.
    Ignored,
    /// Landing, queued or falling motion: the low two bits of both words cleared.
    Cleared,
    /// Group 18 or 30 before its exit with the step held: both low pending bits set, the
    /// timer cleared.
    Pending,
    /// Any other admitted state: the handler invokes script `Jump`.
    Jump,
}

impl ActionWords {
    /// The per-update action step, after the script stage and before ordinary movement: the
    /// timer gains the nominal ticks (byte wrap); above 36 the pending word is accepted.
    /// Queued motion, or a current group other than 18 and 30, clears the low two bits of
    /// both words. Then accepted bit 0 — else bit 1 — clears the low two bits of both words
    /// and asks the ordinary jump entry for action entry 8 (else 9), which is returned.
    pub fn update(&mut self, ticks: i32, current_group: i16, queued: bool) -> Option<u8> {
        self.timer = self.timer.wrapping_add(ticks as u8);
        if self.timer > ACTION_ACCEPT_TICKS {
            self.accepted |= self.pending;
            self.pending = 0;
            self.timer = 0;
        }
        if queued || (current_group != 18 && current_group != 30) {
            self.clear_low();
        }
        let entry = if self.accepted & 1 != 0 {
            8
        } else if self.accepted & 2 != 0 {
            9
        } else {
            return None;
        };
        self.clear_low();
        Some(entry)
    }

    fn clear_low(&mut self) {
        self.pending &= !3;
        self.accepted &= !3;
    }

    /// `SetAction(mask)`: only masks 1 and 2 whose bit neither word holds. A current group 65
    /// through 74, queued or falling motion clears the low two bits of both words (sliding is
    /// not tested). Otherwise, with `step_hold` (attribute 11 zero or the forward step counter
    /// at 3), a current group 18 or 30 before its exit marker sets both low pending bits and
    /// clears the timer; every other state is script `Jump`'s.
    pub fn set_action(
        &mut self,
        mask: i32,
        anim: &AnimState,
        queued: bool,
        falling: bool,
        step_hold: bool,
    ) -> SetAction {
        let Ok(bit @ (1 | 2)) = u32::try_from(mask) else { return SetAction::Ignored };
        if (self.pending | self.accepted) & bit != 0 {
            return SetAction::Ignored;
        }
        if (65..=74).contains(&anim.current) || queued || falling {
            self.clear_low();
            return SetAction::Cleared;
        }
        // The handler's later tests of groups 67–70 sit behind the 65–74 rejection.
        if step_hold && matches!(anim.current, group::RUN | group::RUN_TORCH) && !anim.exit {
            self.pending |= 3;
            self.timer = 0;
            SetAction::Pending
        } else {
            SetAction::Jump
        }
    }

    /// `ResetAction(mask)`: the mask's bits cleared in both words; the timer kept.
    pub fn reset(&mut self, mask: u32) {
        self.pending &= !mask;
        self.accepted &= !mask;
    }
}

impl Default for AnimState {
    fn default() -> Self {
        AnimState {
            current: NO_GROUP,
            pending: NO_GROUP,
            default: 0,
            cursor: 0,
            countdown: 0,
            reload: 0,
            pending_reload: 0,
            pending_reverse: false,
            loops: 0,
            delay: 0,
            loop_control: 0,
            exit: false,
            marker: false,
            reverse: false,
            real_frame: 0,
            pose: None,
            sound: false,
            actions: ActionWords::default(),
            transition_flag: false,
            rotate_delta: [0; 3],
            translate_delta: [0; 3],
        }
    }
}

impl AnimState {
    /// "Ordinary requests and default groups": an ordinary request for `group` with a speed
    /// `modifier` and forward playback.
    pub fn request(&mut self, cx: &mut AnimContext<'_, '_>, group: i16, modifier: u8) {
        self.request_with(cx, group, modifier, false);
    }

    /// An ordinary request carrying the request routine's reverse argument. Every caller the
    /// docs name passes zero ("Non-forced requests use reverse zero"); the value travels with
    /// the pending request and becomes the playback direction when that group is selected.
    /// The docs do not say where a reversed group's cursor starts, so it starts at command 0
    /// as every selection does — where reverse traversal ends it at once ("Reverse frame
    /// countdown"). Then an immediate advancement with the shared ticks when no group is
    /// current.
    pub fn request_with(&mut self, cx: &mut AnimContext<'_, '_>, group: i16, modifier: u8, reverse: bool) {
        let Some(set) = cx.admitted() else { return };
        if self.current != NO_GROUP && self.current == self.default {
            if group == self.default {
                return;
            }
            // Another group clears the current default so the request can start at once.
            self.current = NO_GROUP;
        }
        let accept = self.current == NO_GROUP
            || self.pending == NO_GROUP
            || self.pending <= group
            || self.pending == self.current;
        if accept {
            self.set_pending(set, group, modifier, reverse);
        }
        if self.current == NO_GROUP {
            self.advance(cx);
        }
    }

    /// "Forced requests": for the current group before its exit marker, only the pending
    /// request clears; otherwise the current group clears, the pending one is replaced and
    /// the playback state (direction included) resets, and advancement runs at once with the
    /// shared ticks.
    pub fn force(&mut self, cx: &mut AnimContext<'_, '_>, group: i16, modifier: u8) {
        let Some(set) = cx.admitted() else { return };
        if self.current != NO_GROUP && self.current == group && !self.exit {
            self.pending = NO_GROUP;
            return;
        }
        self.current = NO_GROUP;
        if !self.set_pending(set, group, modifier, false) {
            return;
        }
        self.reset_playback();
        self.advance(cx);
    }

    /// Makes `group` pending — or the default when the actor lacks it — with the countdown
    /// its low header byte plus `modifier` (byte wrapping) and the direction `reverse`;
    /// clears the pending request and returns false when neither exists.
    fn set_pending(&mut self, set: &AnimSet<'_>, group: i16, modifier: u8, reverse: bool) -> bool {
        let chosen = [group, self.default].into_iter().find_map(|g| set.group(g).map(|v| (g, v.reload())));
        match chosen {
            Some((g, reload)) => {
                self.pending = g;
                self.pending_reload = reload.wrapping_add(modifier);
                self.pending_reverse = reverse;
                true
            }
            None => {
                self.pending = NO_GROUP;
                false
            }
        }
    }

    fn clear_deltas(&mut self) {
        self.rotate_delta = [0; 3];
        self.translate_delta = [0; 3];
    }

    fn reset_playback(&mut self) {
        self.cursor = 0;
        self.reverse = false;
        self.delay = 0;
        self.loop_control = 0;
        self.exit = false;
        self.marker = false;
        self.loops = 0;
        self.clear_deltas();
    }

    /// Selects the pending group: cursor 0, countdown and direction from the request,
    /// markers, delays and loops reset, frame progress 0; the remembered sound is forgotten,
    /// not stopped.
    fn start_pending(&mut self) {
        self.current = self.pending;
        self.pending = NO_GROUP;
        self.reset_playback();
        self.reverse = self.pending_reverse;
        self.countdown = self.pending_reload;
        self.reload = self.pending_reload;
        self.real_frame = 0;
        self.sound = false;
    }

    /// One advancement with the context's shared whole nominal ticks.
    pub fn advance(&mut self, cx: &mut AnimContext<'_, '_>) -> Outcome {
        let Some(set) = cx.admitted() else { return Outcome::Rejected };
        let ticks = cx.ticks;
        for _ in 0..MAX_HANDOVERS {
            if self.current == NO_GROUP {
                // Neither current nor pending: the default, modifier zero.
                if self.pending == NO_GROUP && !self.set_pending(set, self.default, 0, false) {
                    return Outcome::Idle;
                }
                self.start_pending();
            }
            let Some(group) = set.group(self.current) else {
                self.current = NO_GROUP;
                continue;
            };
            // Delays come first: an indefinite or unexpired delay yields.
            if self.delay != 0 {
                if self.delay == u8::MAX {
                    return Outcome::Delayed;
                }
                let left = (self.delay as i32).wrapping_sub(ticks);
                if left > 0 {
                    self.delay = left as u8;
                    return Outcome::Delayed;
                }
                self.delay = 0;
            }
            // A set exit marker lets a pending group replace a type-1/2 group before its
            // countdown; a pending default waits for EndAnimation instead.
            if self.exit && self.pending != NO_GROUP && set.has(self.pending) {
                let replace = match group.kind() {
                    GroupKind::MustComplete | GroupKind::NoPanicRevert => self.pending != self.default,
                    _ => true,
                };
                if replace {
                    self.start_pending();
                    continue;
                }
            }
            let step: i16 = if self.reverse { -1 } else { 1 };
            let mut skips = 0;
            if ticks > 0 {
                if self.countdown == 0 {
                    self.cursor = self.cursor.wrapping_add(step);
                    self.countdown = self.reload;
                    self.real_frame = self.real_frame.wrapping_add(if self.reverse { u8::MAX } else { 1 });
                    self.marker = false;
                    skips = ticks - 1;
                }
                self.countdown = self.countdown.wrapping_sub(1);
            }
            match self.interpret(set, &group, skips, cx) {
                Step::Frame => return Outcome::Frame,
                Step::Delayed => return Outcome::Delayed,
                Step::Runaway => return Outcome::Runaway,
                Step::Force(g) => {
                    // A taken mask 8: byte +0x0a set, the group forced through the shared
                    // routine, bits 0x30 of the move counter set; the update ends.
                    self.transition_flag = true;
                    cx.move_bits |= TRANSITION_MOVE_BITS;
                    self.force(cx, g, 0);
                    return Outcome::Frame;
                }
                Step::End => {
                    // EndAnimation: clear the group, stop its sound, advance again with the
                    // same ticks so the pending group or the default starts now.
                    if self.sound {
                        cx.events.push(AnimEvent::StopSound);
                        self.sound = false;
                    }
                    self.current = NO_GROUP;
                }
            }
        }
        Outcome::Runaway
    }

    fn interpret<'s>(
        &mut self,
        set: &AnimSet<'s>,
        group: &GroupView<'s>,
        mut skips: i32,
        cx: &mut AnimContext<'_, '_>,
    ) -> Step {
        let mut group = *group;
        let reverse = self.reverse;
        let step: i16 = if reverse { -1 } else { 1 };
        for _ in 0..MAX_COMMANDS_PER_ADVANCE {
            if reverse {
                // Each reverse iteration clears both markers and the deltas before the
                // boundary test.
                self.exit = false;
                self.marker = false;
                self.clear_deltas();
                if self.cursor < 1 {
                    return Step::End;
                }
            }
            // A cursor outside the group (a group with no EndAnimation running off its end)
            // ends it; the original would read past the table.
            let Some(cmd) = usize::try_from(self.cursor).ok().and_then(|c| group.command(c)) else {
                return Step::End;
            };
            let next = self.cursor.wrapping_add(step);
            match cmd {
                Command::ShowFrame { frame } => {
                    if skips > 0 {
                        skips -= 1;
                        self.cursor = next;
                        self.real_frame = self.real_frame.wrapping_add(if reverse { u8::MAX } else { 1 });
                        self.marker = false;
                        continue;
                    }
                    self.pose = set.pose(frame).or(self.pose);
                    return Step::Frame;
                }
                Command::EndAnimation { .. } => return Step::End,
                Command::GoToPrevious { .. } | Command::GoToFuture { .. } | Command::LoopControl { .. } => {
                    self.jump(cmd, next, reverse, group.kind())
                }
                Command::PlaySound { effect, rate } => {
                    cx.events.push(AnimEvent::Sound { effect, rate });
                    self.sound = true;
                    self.cursor = next;
                }
                Command::BreakPoint { .. } => {
                    self.marker = true;
                    self.cursor = next;
                }
                Command::ActorEvent { mask } => {
                    cx.events.push(AnimEvent::Actor { mask });
                    self.cursor = next;
                }
                Command::DelayCounter { value } => {
                    self.cursor = next;
                    let byte = value as u8;
                    if byte != 0 {
                        self.delay = byte;
                        return Step::Delayed;
                    }
                }
                Command::Transition { .. } => {
                    if let Some(step) = self.transition(cx, cmd, next, reverse) {
                        return step;
                    }
                }
                // Opcodes 6–10 occur in no shipped map ({E§1.2}). Forward, they
                // fill the delta records (XYZ forms scaled × 256 and × 8) or jump into another
                // group; reverse steps over them without their forward effect.
                Command::SetRotationXyz { .. }
                | Command::SetPositionXyz { .. }
                | Command::SetRotationAxis { .. }
                | Command::SetPositionAxis { .. } => {
                    if !reverse {
                        self.set_delta(cmd);
                    }
                    self.cursor = next;
                }
                Command::ChangeAnimGroup { group: to, frame } => match set.group(to) {
                    Some(other) if !reverse => {
                        // Carry on in the other group within this advance's command budget.
                        self.current = to;
                        self.cursor = frame;
                        self.reload = other.reload();
                        group = other;
                    }
                    _ => self.cursor = next,
                },
                // `ConditionalDelay` is documented only as a direction-dependent delay with
                // its own state; no shipped map uses it. Stepped over.
                Command::ConditionalDelay { .. } => self.cursor = next,
            }
        }
        Step::Runaway
    }

    /// The jump opcodes (`GoToPrevious`, `GoToFuture`, `LoopControl`): where the cursor goes
    /// next, forward or in reverse, by the loop counters and the exit marker.
    fn jump(&mut self, cmd: Command, next: i16, reverse: bool, kind: GroupKind) {
        match cmd {
            Command::GoToPrevious { target } => {
                if reverse {
                    // Reverse: no count steps back; a count decrements, 0 → cursor + 1.
                    if self.loops == 0 {
                        self.cursor = next;
                    } else {
                        self.loops -= 1;
                        self.cursor =
                            if self.loops == 0 { self.cursor.wrapping_add(1) } else { target as i16 };
                    }
                } else if self.loops != 0 {
                    self.loops -= 1;
                    if self.loops == 0 {
                        self.cursor = next;
                    } else {
                        self.cursor = target as i16;
                        self.marker = false;
                    }
                } else {
                    self.cursor = target as i16;
                    self.marker = false;
                }
            }
            Command::GoToFuture { target } => {
                if reverse {
                    self.cursor = if self.loops != 0 { self.cursor.wrapping_add(1) } else { next };
                } else if self.loops != 0 {
                    self.cursor = next;
                } else if (self.pending != NO_GROUP && self.pending != self.current) || self.exit {
                    // The type-two exception ({D:engine/animation.md} "Forward type-two
                    // groups"): a pending default does not take the exit.
                    if kind == GroupKind::NoPanicRevert && self.pending == self.default {
                        self.cursor = next;
                    } else {
                        self.cursor = target as i16;
                        self.exit = true;
                        self.marker = false;
                        self.clear_deltas();
                    }
                } else {
                    self.cursor = next;
                }
            }
            Command::LoopControl { target } => {
                if reverse {
                    self.cursor = next;
                } else {
                    self.loop_control = self.loop_control.wrapping_sub(1);
                    self.cursor = if self.loop_control > 0 { target as i16 } else { next };
                }
            }
            _ => {}
        }
    }

    /// `Transition` (forward only): a taken mask moves the cursor and sets the exit marker,
    /// mask 8 forces the mask-8 group and ends the update ([`Step::Force`]).
    fn transition(
        &mut self,
        cx: &mut AnimContext<'_, '_>,
        cmd: Command,
        next: i16,
        reverse: bool,
    ) -> Option<Step> {
        let Command::Transition { mask, start, target } = cmd else {
            return None;
        };
        if reverse {
            self.cursor = next;
            return None;
        }
        match mask {
            1 | 2 if self.actions.pending & 3 != 0 => {
                let clear = if mask == 1 { 2 } else { 1 };
                self.actions.pending &= !clear;
                self.actions.accepted &= !clear;
                self.actions.accepted |= self.actions.pending;
                self.cursor = (start as i16).wrapping_sub(2);
                self.exit = true;
                self.clear_deltas();
            }
            4 if cx.falling != 0 => {
                self.cursor = target as i16;
                self.exit = true;
                self.marker = false;
                self.clear_deltas();
            }
            8 => match cx.forward.take() {
                Some(g) => return Some(Step::Force(g)),
                None => self.cursor = next,
            },
            _ => self.cursor = next,
        }
        None
    }

    /// Opcodes 6–9, forward: fill the delta records (the XYZ forms scaled × 256 and × 8).
    fn set_delta(&mut self, cmd: Command) {
        match cmd {
            Command::SetRotationXyz { x, y, z } => {
                self.rotate_delta = [x, y, z].map(|v| (v as i16).wrapping_mul(256))
            }
            Command::SetPositionXyz { x, y, z } => {
                self.translate_delta = [x, y, z].map(|v| (v as i16).wrapping_mul(8))
            }
            Command::SetRotationAxis { axis, value } => {
                if let Some(d) = self.rotate_delta.get_mut(axis as usize) {
                    *d = value as i16;
                }
            }
            Command::SetPositionAxis { axis, value } => {
                if let Some(d) = self.translate_delta.get_mut(axis as usize) {
                    *d = value as i16;
                }
            }
            _ => {}
        }
    }

    /// "Placed actor initialization and eligibility": a new animation state (default group 0) and the two
    /// ordinary requests for group 0 with modifier zero, using the shared ticks.
    pub fn placed(cx: &mut AnimContext<'_, '_>) -> AnimState {
        let mut a = AnimState::default();
        a.request(cx, 0, 0);
        a.request(cx, 0, 0);
        a
    }

    /// "Ordinary collision rollback snapshot" restore: the animation receiver's state
    /// comes back; the default selection, stored apart, does not, and neither do the
    /// action words, which are the actor's own ({D:engine/animation.md}, "Action
    /// words") and already carry the action update that ran after the snapshot.
    pub fn restore(&mut self, snapshot: &AnimState) {
        let default = self.default;
        let actions = self.actions;
        *self = *snapshot;
        self.default = default;
        self.actions = actions;
    }
}

enum Step {
    Frame,
    Delayed,
    End,
    Runaway,
    /// A taken mask-8 transition: force this group and end the update.
    Force(i16),
}
