//! The recording writer: a frontend's `--record` output, in the scenario format
//! ([`crate::scenario`]), so that a recording replays like any scenario.

use core::fmt;

use crate::input::{Action, Input};
use crate::scenario::{MAX_REPEAT, Origin, PlayerStart, ScenarioUpdate};

/// Writes a recording: the header once, then one `[[update]]` entry per update, merging
/// identical consecutive updates into `repeat`.
#[derive(Clone, Debug, Default)]
pub struct Recorder {
    pending: Option<ScenarioUpdate>,
}

impl Recorder {
    /// The header of a recording: where and how the session started, and the BIOS tick of
    /// its first update.
    pub fn header(out: &mut impl fmt::Write, origin: &Origin<'_>, bios_start: u32) -> fmt::Result {
        writeln!(out, "# A Stros recording: replay with `stros-tools replay FILE` or `--replay FILE`.")?;
        write_string(out, "world", origin.world)?;
        match (origin.world_index, origin.map) {
            (Some(index), _) => writeln!(out, "world_index = {index}")?,
            (None, Some(map)) => write_string(out, "map", map)?,
            (None, None) => {}
        }
        match origin.start {
            PlayerStart::Marker { index } => writeln!(out, "marker = {index}")?,
            PlayerStart::Position { pos } => {
                writeln!(out, "pos = [{}, {}, {}]\nsettle = {}", pos[0], pos[1], pos[2], origin.settle)?
            }
        }
        writeln!(out, "heading = {}\nbios_start = {bios_start}", origin.heading)?;
        if let Some(p) = origin.phase {
            writeln!(out, "phase = {p}")?;
        }
        if let Some(g) = origin.group {
            writeln!(out, "group = {g}")?;
        }
        if let Some(h) = origin.health {
            writeln!(out, "health = {h}")?;
        }
        if !origin.system.is_empty() {
            writeln!(out, "\n[system]")?;
            for (section, key, value) in &origin.system {
                writeln!(out, "{section}.{key} = {value}")?;
            }
        }
        Ok(())
    }

    /// Records one update; identical consecutive updates are merged.
    pub fn record(&mut self, out: &mut impl fmt::Write, bios: u32, input: Input) -> fmt::Result {
        let u = ScenarioUpdate { bios, input, scale: None, repeat: 1 };
        match &mut self.pending {
            Some(p)
                if p.bios == u.bios
                    && p.input == u.input
                    && p.repeat < MAX_REPEAT
                    && !input.toggle_walk_mode =>
            {
                p.repeat += 1;
                Ok(())
            }
            _ => {
                let previous = self.pending.replace(u);
                previous.map_or(Ok(()), |p| write_update(out, &p))
            }
        }
    }

    /// Writes what is still pending.
    pub fn finish(&mut self, out: &mut impl fmt::Write) -> fmt::Result {
        self.pending.take().map_or(Ok(()), |p| write_update(out, &p))
    }
}

fn write_string(out: &mut impl fmt::Write, key: &str, value: &str) -> fmt::Result {
    write!(out, "{key} = \"")?;
    for c in value.chars() {
        if c == '"' || c == '\\' {
            write!(out, "\\")?;
        }
        write!(out, "{c}")?;
    }
    writeln!(out, "\"")
}

fn write_update(out: &mut impl fmt::Write, u: &ScenarioUpdate) -> fmt::Result {
    write!(out, "\n[[update]]\nbios = {}\nkeys = [", u.bios)?;
    let mut first = true;
    for a in Action::ALL.into_iter().filter(|&a| u.input.held(a)) {
        write!(out, "{}\"{}\"", if first { "" } else { ", " }, a.name())?;
        first = false;
    }
    if u.input.toggle_walk_mode {
        write!(out, "{}\"tab\"", if first { "" } else { ", " })?;
    }
    writeln!(out, "]")?;
    if let Some(s) = u.scale {
        writeln!(out, "scale = {s}")?;
    }
    if u.repeat > 1 {
        writeln!(out, "repeat = {}", u.repeat)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::Scenario;

    #[test]
    fn a_recording_reads_back() {
        let mut out: heapless::String<512> = heapless::String::new();
        Recorder::header(&mut out, &Origin::embedded(), 5).unwrap();
        let mut r = Recorder::default();
        let up = Input::with(&[Action::Up]);
        for (bios, input) in [(1, up), (1, up), (2, up), (1, Input::NONE)] {
            r.record(&mut out, bios, input).unwrap();
        }
        r.finish(&mut out).unwrap();
        let s = Scenario::parse(&out).unwrap();
        assert_eq!(s.bios_start, 5);
        let steps: heapless::Vec<(u32, Input), 8> = s.steps().map(|u| (u.bios, u.input)).collect();
        assert_eq!(&steps[..], &[(1, up), (1, up), (2, up), (1, Input::NONE)]);
    }
}
