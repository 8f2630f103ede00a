//! The world side of dialogue ([`crate::dialogue`]): the natives scripts call —
//! `ACTIVATE`, `TorchActivate`, `Deactivate` ({D:engine/hud.md} "Activation prompt"), `RTX`,
//! `RTXp`, `rtxAnim`, `RTXpAnim`, `WaitOnDialog`, `AmbientRtx` ({D:engine/sound.md} "SOUP
//! functions", "Dialogue records"), the topic menu ({D:engine/SOUP.md} "menuNew and
//! menuSelection") and the talk facings — and the stage after the object updates: the
//! dialogue-record update, the RTX cache update and the HUD's item-area decision.

use super::script::WorldHost;
use super::{Event, World};
use crate::actor::Actor;
use crate::actor::attr;
use crate::actor::living;
use crate::anim::group;
use crate::capacity::Capacity;
use crate::dialogue::Talk;
use crate::dialogue::activation::{ItemArea, Offer};
use crate::dialogue::menu::{Proc, Topic};
use crate::formats::rtx;
use crate::input::{Action, Input};
use crate::script::functions::id;
use crate::script::{Host, NativeCall, Receiver};

/// A dialogue task's handler state (the task slot's first scratch word): started, the
/// animation cycle's position (bits 1–2) and the group last requested plus one (high half;
/// 0: none yet).
mod state {
    pub const STARTED: i32 = 1;
    pub const CYCLE_SHIFT: u32 = 1;
    pub const GROUP_SHIFT: u32 = 16;
}

/// Whether `a` draws (state 20, group 91) or sheathes (state 21, group 129) a weapon.
fn drawing_or_sheathing(a: &Actor) -> bool {
    living::is_drawing_or_sheathing(a.living) || matches!(a.anim.current, group::DRAW | group::SHEATH)
}

impl<'a, C: Capacity> WorldHost<'_, '_, '_, 'a, C> {
    /// The dialogue natives called on `receiver`; `None` for other functions.
    pub(super) fn dialogue(&mut self, receiver: u16, call: &mut NativeCall<'_>) -> Option<i32> {
        let label = rtx::label_of(call.arg(0));
        Some(match call.function {
            id::ACTIVATE | id::TORCH_ACTIVATE => {
                self.activate(receiver, label, call.function == id::TORCH_ACTIVATE)
            }
            id::DEACTIVATE => {
                self.env.systems.dialogue.activation.deactivate(receiver);
                0
            }
            id::RTX => self.rtx(receiver, receiver, false, call).0,
            id::RTXP => self.rtxp(call),
            id::RTX_ANIM => self.rtx_anim(receiver, call),
            id::RTXP_ANIM => self.rtx_anim(self.env.player_id?, call),
            id::WAIT_ON_DIALOG => self.env.systems.dialogue.any_active() as i32,
            id::AMBIENT_RTX => self.ambient_rtx(receiver, call),
            id::MENU_NEW => {
                self.env.systems.dialogue.menu.new_menu();
                0
            }
            id::MENU_ADD_ITEM => {
                let text = self.env.systems.dialogue.entry(label).map_or(&[][..], |e| e.text);
                self.env.systems.dialogue.menu.add(Topic {
                    label,
                    text,
                    value: call.arg(1),
                    used: call.arg(2),
                });
                0
            }
            id::MENU_PROC => self.menu_proc(receiver),
            id::MENU_SELECTION => self.env.systems.dialogue.menu.selection(),
            id::PLAYER_FACE_TALK => {
                // A best guess (the docs do not describe it): the selected player turns to face
                // the speaker as `PlayerFaceObj` turns him.
                let mut face =
                    NativeCall { function: id::PLAYER_FACE_OBJ, tasks: None, ..NativeCall::initial(0, &[]) };
                (face.elapsed, face.initial, face.scratch) = (call.elapsed, call.initial, call.scratch);
                let r = self.alignment(receiver, &mut face);
                call.scratch = face.scratch;
                r.unwrap_or(0)
            }
            id::PLAYER_FORCE_TALK => {
                // A best guess: the selected player faces the speaker at once.
                let to = self.record_of(receiver)?.position;
                let player = self.actor_mut(self.env.player_id?)?;
                player.angles.heading = crate::actor::align::heading_to(player.position, to) as u16 & 2047;
                0
            }
            _ => return None,
        })
        .inspect(|_| self.sync_talk())
    }

    /// Copies what the controller tests of the dialogue system into the player state.
    fn sync_talk(&mut self) {
        let talk = &mut self.env.systems.player.talk;
        (talk.menu, talk.waiting) = self.env.systems.dialogue.words();
    }

    /// `Activate(label)` / `TorchActivate(label)` from `receiver`.
    fn activate(&mut self, receiver: u16, label: [u8; 4], torch_call: bool) -> i32 {
        let Some(p) = self.env.player_id.and_then(|p| self.record_of(p)) else { return 0 };
        let Some(r) = self.record_of(receiver) else { return 0 };
        let offer = Offer {
            lockout: self.env.systems.player.lockout,
            menu_open: self.env.systems.dialogue.menu.is_open(),
            sword_drawn: p.weapon_drawn,
            gremlin: p.attr(attr::PLAYER_TYPE) == 1,
            // `attr_special_activate`'s index is not given: no receiver is special.
            special: false,
            receiver_busy: r.rope || living::is_ledge(r.living),
            player_armed: p.holds_weapon() || drawing_or_sheathing(p),
            lineup: self.env.systems.player.lineup,
            torch: p.torch,
            torch_call,
            use_held: self.input.held(Action::Act),
        };
        let text = self.env.systems.dialogue.entry(label).map(|e| e.text);
        let fired = self.env.systems.dialogue.activation.offer(receiver, text, &offer);
        if fired == 1 {
            self.env.systems.dialogue.emit(receiver, Talk::Activated { label });
        }
        fired
    }

    /// The `RTX` task steps for `speaker` on behalf of the scripted `actor` (whose distance
    /// from the selected player gates it): the line's record (`scratch[1]`, −1 for none) is
    /// created at the first zero-elapsed invocation; later ones query it. Returns the
    /// task's result and whether this invocation created the line.
    fn rtx(
        &mut self,
        actor: u16,
        speaker: u16,
        player_record: bool,
        call: &mut NativeCall<'_>,
    ) -> (i32, bool) {
        if self.env.systems.shared.sound.reset {
            return (0, false);
        }
        let label = rtx::label_of(call.arg(0));
        let started = call.scratch[0] & state::STARTED != 0;
        let record = usize::try_from(call.scratch[1]).ok().filter(|_| started);
        if !player_record {
            let at = self.record_of(actor).map_or([0; 3], Actor::effective_position);
            let p = self.env.player_id.and_then(|p| self.record_of(p)).map_or([0; 3], |p| p.position);
            let d = crate::math::rounded_distance(crate::math::wrapping_sub3(p, at)) >> 8;
            if d > self.env.assets.config.dialog_max_distance {
                let line = record.and_then(|r| self.env.systems.dialogue.lines.get(r).copied());
                if let Some(h) = line.and_then(|l| l.sample.handle()) {
                    self.env.systems.dialogue.silence(actor, h);
                }
                return (0, false);
            }
        }
        let mut created = false;
        if call.elapsed == 0 && !started {
            let speech = self.env.assets.config.dialog_use_speech == 1;
            let r = match self.env.systems.dialogue.load(speaker, label, self.env.systems.report.bios, speech)
            {
                Ok(k) => {
                    let r = self.env.systems.dialogue.create(speaker, k, player_record);
                    created = r.is_some();
                    r.map_or(-1, |r| r as i32)
                }
                // A failed lookup waits on the player's line.
                Err(_) => 0,
            };
            call.scratch = [call.scratch[0] | state::STARTED, r];
        }
        let r = usize::try_from(call.scratch[1]).ok();
        (self.env.systems.dialogue.active(r) as i32, created)
    }

    /// `RTXp(label)`: record 0, the selected player speaking, no distance gate.
    fn rtxp(&mut self, call: &mut NativeCall<'_>) -> i32 {
        let Some(p) = self.env.player_id else { return 0 };
        self.rtx(p, p, true, call).0
    }

    /// `rtxAnim(label, a, b, c)` on `animated` (the receiver; `RTXpAnim`: the player): the
    /// `RTX` steps, cycling groups `b`, `c`, `a` while the line is active.
    fn rtx_anim(&mut self, animated: u16, call: &mut NativeCall<'_>) -> i32 {
        let player_anim = call.function == id::RTXP_ANIM;
        let (r, created) = self.rtx(animated, animated, false, call);
        let groups = [call.arg(2), call.arg(3), call.arg(1)];
        let mut cycle = ((call.scratch[0] >> state::CYCLE_SHIFT) & 3) as usize;
        // Stored plus one: a fresh slot's 0 is no group requested yet.
        let mut last = ((call.scratch[0] >> state::GROUP_SHIFT) as i16).wrapping_sub(1);
        if created {
            (cycle, last) = (0, groups[0] as i16);
            self.request_talk(animated, last);
        }
        let current = self.record_of(animated).map_or(last, |a| a.anim.current);
        if current != last && r != 0 {
            cycle = (cycle + 1) % 3;
            last = groups[cycle] as i16;
            self.request_talk(animated, last);
        }
        let current = self.record_of(animated).map_or(last, |a| a.anim.current);
        call.scratch[0] = (call.scratch[0] & state::STARTED)
            | ((cycle as i32) << state::CYCLE_SHIFT)
            | ((last.wrapping_add(1) as u16 as i32) << state::GROUP_SHIFT);
        let running = r != 0 || current == last;
        if !player_anim {
            match running {
                true => self.env.systems.dialogue.menu.pending = false,
                false => self.env.systems.dialogue.menu.delay = 0,
            }
        }
        running as i32
    }

    /// An ordinary request for `group` (speed modifier 0) on `who`, its loop countdown one.
    fn request_talk(&mut self, who: u16, group: i16) {
        let mut play = NativeCall::initial(id::PLAY_ANIMATION, &[group as i32, 0]);
        let receiver = if who == self.me { Receiver::Me } else { Receiver::Actor(who) };
        self.native(receiver, &mut play);
        if let Some(a) = self.actor_mut(who) {
            a.anim.loops = 1;
        }
    }

    /// `AmbientRtx(label, volume offset, _)` from `receiver`: the clip starts on the first
    /// run at its header volume and pan 64; each run follows the receiver's distance and
    /// bearing from the listener, stops it (and ends) when out of hearing or killed, and
    /// ends once it has finished. No line, no subtitle.
    fn ambient_rtx(&mut self, receiver: u16, call: &mut NativeCall<'_>) -> i32 {
        let label = rtx::label_of(call.arg(0));
        if call.scratch[0] & state::STARTED == 0 {
            let entry = self.env.systems.dialogue.entry(label);
            let Some(voice) = entry.and_then(|e| e.voice) else { return 0 };
            let Some(h) = self.env.systems.dialogue.voices.start(
                rtx::fold(label),
                &voice,
                self.env.systems.report.bios,
            ) else {
                return 0;
            };
            self.env.systems.dialogue.emit(
                receiver,
                Talk::Voice { handle: h, label: rtx::fold(label), volume: voice.volume.min(127) },
            );
            call.scratch = [state::STARTED, h as i32];
        }
        let h = call.scratch[1] as u8;
        let Some(a) = self.record_of(receiver) else { return 0 };
        let (at, killed) = (a.effective_position(), a.killed);
        let level = crate::sound::radius_and_divisor(self.env.assets.config.sound_distance).map(
            |(radius, divisor)| {
                let l = self.env.systems.camera.position;
                let v = crate::sound::volume(crate::sound::distance(at, l), radius, divisor, call.arg(1));
                (
                    v,
                    crate::sound::pan(
                        at[0].wrapping_sub(l[0]),
                        at[2].wrapping_sub(l[2]),
                        self.env.systems.view_yaw,
                    ),
                )
            },
        );
        let (volume, pan) = level.unwrap_or((0, 64));
        if volume == 0 || killed {
            self.env.systems.dialogue.voices.stop(h);
            self.env.systems.dialogue.emit(receiver, Talk::VoiceStop { handle: h });
            return 0;
        }
        if !self.env.systems.dialogue.voices.playing(h, self.env.systems.report.bios) {
            return 0;
        }
        if self.env.systems.dialogue.voices.set_level(h, volume, pan) {
            self.env.systems.dialogue.emit(receiver, Talk::VoiceLevel { handle: h, volume, pan });
        }
        1
    }

    /// `menuProc()`: opens the menu and runs it until a choice is accepted.
    fn menu_proc(&mut self, receiver: u16) -> i32 {
        let (up, down, d) =
            (self.input.held(Action::Up), self.input.held(Action::Down), self.input.held(Action::Act));
        let delay = self.env.assets.config.menu_traverse_delay.max(1) as u32;
        match self.env.systems.dialogue.menu.proc(self.env.systems.report.bios, up, down, d, delay) {
            Proc::Opened => {
                let items = self.env.systems.dialogue.menu.items().len() as u8;
                self.env.systems.dialogue.emit(receiver, Talk::Menu { items });
                1
            }
            Proc::Open => 1,
            Proc::Chosen(index, value) => {
                self.env.systems.dialogue.emit(receiver, Talk::Chosen { index: index as u8, value });
                0
            }
            Proc::Empty => 0,
        }
    }
}

impl<'a, C: Capacity> World<'a, C> {
    /// The dialogue stage after the object updates ({D:engine/sound.md}: "Dialogue-record
    /// updates run after ordinary and code-object updates. Periodic RTX cache updates run
    /// after the dialogue-record stage"), then the HUD's item-area decision for the frame,
    /// the item keys and the item overlay's selection repair.
    /// The next/previous item keys ({D:engine/hud.md} "Selection"): each press steps the
    /// selection once, on an update that takes the item path (a press while a prompt shows
    /// waits for one); while the selected player's sword is drawn or attribute 110
    /// (`holding_weapon`) is set, cycling is off and a waiting press is dropped.
    fn cycle_items(&mut self, input: &Input) {
        let held = [input.held(Action::Next), input.held(Action::Prev)];
        let (last, pending) = &mut self.systems.player.item_keys;
        for (k, &now) in held.iter().enumerate() {
            if now && !last[k] {
                *pending = Some(k == 0);
            }
        }
        *last = held;
        let armed =
            self.selected_player().is_some_and(|p| p.weapon_drawn || p.attr(attr::HOLDING_WEAPON) != 0);
        if armed {
            self.systems.player.item_keys.1 = None;
        } else if self.systems.item_area == ItemArea::Item
            && let Some(forward) = self.systems.player.item_keys.1.take()
        {
            self.systems.items.cycle(forward);
        }
    }

    pub(super) fn dialogue_stage(&mut self, input: &Input, bios: u32, ticks: i32) {
        let speech = self.assets.config.dialog_use_speech == 1;
        let lockout = self.systems.player.lockout;
        if !self.systems.dialogue.skip(input.held(Action::Walk), lockout, bios) {
            let pass = self.systems.dialogue.update(ticks, speech, bios);
            if let Some(line) = pass.refreshed.and_then(|r| self.systems.dialogue.lines.get(r).copied()) {
                self.refresh_voice(line.speaker, line.sample.handle());
            }
        }
        let voices = self.systems.dialogue.voices;
        self.systems.dialogue.cache.update(&voices, bios, ticks);
        let p = self.selected_player();
        let suppressed = self.systems.dialogue.menu.is_open()
            || p.is_some_and(|p| p.rope || living::is_ledge(p.living) || p.in_deep_water());
        let item_key = input.held(Action::Next) || input.held(Action::Prev);
        let override_time = self.assets.config.rtx_pickup_override_time;
        self.systems.item_area =
            self.systems.dialogue.activation.frame(lockout, ticks, suppressed, (item_key, override_time));
        self.cycle_items(input);
        // The item overlay repairs an exhausted selection ({D:engine/hud.md} "Selection").
        self.systems.items.repair_selection();
        let talk = &mut self.systems.player.talk;
        (talk.menu, talk.waiting) = self.systems.dialogue.words();
        self.drain_talk();
    }

    /// A presented line's clip takes the volume of its speaker's distance (curve offset 0);
    /// its pan stays.
    fn refresh_voice(&mut self, speaker: u16, handle: Option<u8>) {
        let (Some(h), Some(a)) = (handle, self.tables.actors.get(speaker as usize)) else { return };
        let Some((radius, divisor)) = crate::sound::radius_and_divisor(self.assets.config.sound_distance)
        else {
            return;
        };
        let v = crate::sound::volume(
            crate::sound::distance(a.effective_position(), self.systems.view),
            radius,
            divisor,
            0,
        );
        let pan = self.systems.dialogue.voices.get(h).map_or(64, |p| p.pan);
        if self.systems.dialogue.voices.set_level(h, v, pan) {
            self.systems.dialogue.emit(speaker, Talk::VoiceLevel { handle: h, volume: v, pan });
        }
    }

    /// Moves the dialogue events of the update under way into the report.
    pub(super) fn drain_talk(&mut self) {
        let events = core::mem::take(&mut self.systems.dialogue.events);
        for (actor, talk) in events {
            self.push_event(actor, Event::Talk(talk));
        }
        self.systems.report.dropped += core::mem::take(&mut self.systems.dialogue.dropped);
    }

    /// The dialogue state (`crate::dialogue::Dialogue`).
    pub fn dialogue(&self) -> &crate::dialogue::Dialogue<'a, C> {
        &self.systems.dialogue
    }

    /// What the HUD's item area shows this frame: the prompt text, the item or nothing.
    pub fn item_area(&self) -> ItemArea<'a> {
        self.systems.item_area
    }
}
