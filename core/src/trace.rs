//! The replay trace: one JSON line per update, the same on every machine, that
//! `stros-tools replay` and the frontends' `--trace` write and the golden traces keep.

use core::fmt;

/// Writes `values` as a JSON array.
fn json_array(out: &mut impl fmt::Write, values: &[i32]) -> fmt::Result {
    write!(out, "[")?;
    for (k, v) in values.iter().enumerate() {
        write!(out, "{}{v}", if k == 0 { "" } else { "," })?;
    }
    write!(out, "]")
}

fn json_support(out: &mut impl fmt::Write, s: &crate::collision::support::Support) -> fmt::Result {
    use crate::collision::support::Source;
    let kind = match s.source {
        Source::None => "none",
        Source::Terrain => "terrain",
        Source::Model(_) => "model",
    };
    write!(out, "{{\"kind\":\"{kind}\",\"class\":")?;
    match s.class {
        Some(c) => write!(out, "{}", c as u8)?,
        None => write!(out, "null")?,
    }
    write!(out, ",\"normal\":")?;
    json_array(out, &s.normal)?;
    write!(out, ",\"height\":{}}}", s.height)
}

/// Writes the trace line of the update `report` left in `world`: one JSON object with
/// `update`, `bios`, `scale`, `nominal_ticks`, `fine_ticks`, `measured_fps`,
/// `smoothed_fps`; for the selected player `pos` and `prev` (runtime units), `heading`,
/// `phase`, `group`, `pending`, `cursor`, `marker`, `surface`, `support` and `probe`
/// (`kind`, `class`, `normal`, `height`; null when no forward probe ran), and `blocked`,
/// `falling`, `queued`, `living`, `response` and `health` (the blocked-attempt marker, the
/// falling and queued-motion bytes, the living state, the body-response byte, attribute 3);
/// `camera` (the selected slot, the published position in runtime units and angles); then
/// `events`. No newline.
pub fn trace_line<C: crate::capacity::Capacity>(
    out: &mut impl fmt::Write,
    world: &crate::world::World<'_, C>,
    report: &crate::world::StepReport,
) -> fmt::Result {
    use crate::actor::Direction;
    use crate::anim::{AnimEvent, SoundStop};
    use crate::world::{Event, SoundLevel};
    let t = report.tick;
    write!(
        out,
        "{{\"update\":{},\"bios\":{},\"scale\":{},\"nominal_ticks\":{},\"fine_ticks\":{},\"measured_fps\":{},\"smoothed_fps\":{}",
        report.update,
        report.bios,
        t.frame_scale,
        t.nominal_ticks,
        t.fine_ticks,
        report.measured_fps,
        report.smoothed_fps
    )?;
    if let Some(p) = world.selected_player() {
        write!(out, ",\"pos\":")?;
        json_array(out, &p.position)?;
        write!(out, ",\"prev\":")?;
        json_array(out, &p.previous)?;
        write!(
            out,
            ",\"heading\":{},\"phase\":{},\"group\":{},\"pending\":{},\"cursor\":{},\"marker\":{},\"surface\":{},\"support\":",
            p.angles.heading,
            p.steps.get(Direction::Forward),
            p.anim.current,
            p.anim.pending,
            p.anim.cursor,
            p.anim.marker,
            p.surface
        )?;
        json_support(out, &p.support)?;
        write!(out, ",\"probe\":")?;
        match &report.probe {
            Some(s) => json_support(out, s)?,
            None => write!(out, "null")?,
        }
        write!(
            out,
            ",\"blocked\":{},\"falling\":{},\"queued\":{},\"living\":{},\"response\":{},\"health\":{}",
            p.step_status & 0x80 != 0,
            p.falling,
            p.queued,
            p.living,
            p.body_response,
            p.attr(crate::actor::attr::HEALTH)
        )?;
    }
    let c = world.camera();
    write!(out, ",\"camera\":{{\"slot\":{},\"pos\":", c.index)?;
    json_array(out, &c.position)?;
    write!(out, ",\"angles\":")?;
    json_array(out, &c.angles)?;
    write!(out, "}}")?;
    write!(out, ",\"events\":[")?;
    for (k, e) in report.events.iter().enumerate() {
        write!(out, "{}{{\"actor\":{},", if k == 0 { "" } else { "," }, e.actor)?;
        match e.event {
            Event::Sound(s) => {
                write!(
                    out,
                    "\"type\":\"sound\",\"effect\":{},\"requested\":{},\"rate\":{}",
                    s.effect, s.requested, s.rate
                )?;
                // A script's sound also shows how loud and how fast.
                match (s.remembered, s.level) {
                    (true, _) => {}
                    (false, SoundLevel::Positional(v)) => {
                        write!(out, ",\"volume_offset\":{v},\"hz\":{}", s.offset_hz)?
                    }
                    (false, SoundLevel::Flat(v)) => {
                        write!(out, ",\"flat_volume\":{v},\"hz\":{}", s.offset_hz)?
                    }
                }
                if let Some(restart) = s.ambient {
                    write!(out, ",\"ambient\":{{\"restart\":{restart}}}")?
                }
                write!(out, "}}")?
            }
            Event::Anim(AnimEvent::Sound { effect, rate }) => {
                write!(out, "\"type\":\"sound\",\"effect\":{effect},\"rate\":{rate}}}")?
            }
            Event::Anim(AnimEvent::Actor { mask }) => {
                write!(out, "\"type\":\"actor_event\",\"mask\":{mask}}}")?
            }
            Event::Anim(AnimEvent::StopSound) => write!(out, "\"type\":\"stop_sound\"}}")?,
            Event::Anim(AnimEvent::SoundHz { effect, hz }) => {
                write!(out, "\"type\":\"sound_hz\",\"effect\":{effect},\"hz\":{hz}}}")?
            }
            Event::Anim(AnimEvent::ScriptSound { effect, .. }) => {
                write!(out, "\"type\":\"script_sound\",\"effect\":{effect}}}")?
            }
            Event::Anim(AnimEvent::EndSounds(stop)) => {
                let (what, effect) = match stop {
                    SoundStop::Effect(e) => ("effect", e),
                    SoundStop::MineOf(e) => ("mine_of", e),
                    SoundStop::Mine => ("mine", -1),
                    SoundStop::All => ("all", -1),
                };
                write!(out, "\"type\":\"end_sounds\",\"which\":\"{what}\",\"effect\":{effect}}}")?
            }
            Event::Anim(AnimEvent::Effect { descriptor, at }) => {
                write!(out, "\"type\":\"effect\",\"descriptor\":{descriptor},\"at\":")?;
                json_array(out, &at)?;
                write!(out, "}}")?
            }
            Event::JumpEntry { entry } => write!(out, "\"type\":\"jump_entry\",\"entry\":{entry}}}")?,
            Event::Talk(t) => talk(out, t)?,
            Event::Request(crate::world::SessionRequest::LoadWorld { world, marker, heading }) => write!(
                out,
                "\"type\":\"load_world\",\"world\":{world},\"marker\":{marker},\"heading\":{heading}}}"
            )?,
            Event::Request(crate::world::SessionRequest::WonGame) => write!(out, "\"type\":\"won_game\"}}")?,
            Event::Health { change, health } => {
                write!(out, "\"type\":\"health\",\"change\":{change},\"health\":{health}}}")?
            }
        }
    }
    write!(out, "]}}")
}

/// A dialogue event's fields (after the actor).
fn talk(out: &mut impl fmt::Write, t: crate::dialogue::Talk) -> fmt::Result {
    use crate::dialogue::Talk;
    match t {
        Talk::Line { record, label, voiced } => {
            write!(out, "\"type\":\"line\",\"record\":{record},\"label\":")?;
            json_label(out, label)?;
            write!(out, ",\"voiced\":{voiced}}}")
        }
        Talk::LineEnd { record } => write!(out, "\"type\":\"line_end\",\"record\":{record}}}"),
        Talk::Voice { handle, label, volume } => {
            write!(out, "\"type\":\"voice\",\"handle\":{handle},\"label\":")?;
            json_label(out, label)?;
            write!(out, ",\"volume\":{volume}}}")
        }
        Talk::VoiceLevel { handle, volume, pan } => {
            write!(out, "\"type\":\"voice_level\",\"handle\":{handle},\"volume\":{volume},\"pan\":{pan}}}")
        }
        Talk::VoiceStop { handle } => write!(out, "\"type\":\"voice_stop\",\"handle\":{handle}}}"),
        Talk::Activated { label } => {
            write!(out, "\"type\":\"activated\",\"label\":")?;
            json_label(out, label)?;
            write!(out, "}}")
        }
        Talk::Menu { items } => write!(out, "\"type\":\"menu\",\"items\":{items}}}"),
        Talk::Chosen { index, value } => {
            write!(out, "\"type\":\"chosen\",\"index\":{index},\"value\":{value}}}")
        }
    }
}

/// A four-byte RTX label as a JSON string (bytes outside printable ASCII, quotes and
/// backslashes escaped).
fn json_label(out: &mut impl fmt::Write, label: [u8; 4]) -> fmt::Result {
    out.write_char('"')?;
    for b in label {
        match b {
            b'"' | b'\\' => write!(out, "\\{}", b as char)?,
            0x20..=0x7E => out.write_char(b as char)?,
            _ => write!(out, "\\u{b:04x}")?,
        }
    }
    out.write_char('"')
}

/// The 64-bit FNV-1a hash, fed bytes or formatted text: the replay digests that
/// `stros-tools replay --digest` and `frontend-mcu` print, so a machine without room for a
/// trace can still show it ran the same one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fnv1a64(u64);

impl Fnv1a64 {
    /// The FNV-1a 64-bit offset basis.
    pub const OFFSET_BASIS: u64 = 0xcbf2_9ce4_8422_2325;
    /// The FNV-1a 64-bit prime.
    pub const PRIME: u64 = 0x0000_0100_0000_01b3;

    /// The hash of nothing yet.
    pub const fn new() -> Self {
        Fnv1a64(Self::OFFSET_BASIS)
    }

    /// Feeds `bytes`.
    pub fn update(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ b as u64).wrapping_mul(Self::PRIME);
        }
    }

    /// The hash so far.
    pub const fn value(&self) -> u64 {
        self.0
    }
}

impl Default for Fnv1a64 {
    fn default() -> Self {
        Fnv1a64::new()
    }
}

impl fmt::Write for Fnv1a64 {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.update(s.as_bytes());
        Ok(())
    }
}
