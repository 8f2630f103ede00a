//! The actors' animation groups as commands ({D:formats/RGM.md} "RAGR"): Cyrus's walk, run,
//! holds, climbs and the frames they show, the strides and one-shot groups the island's
//! actors are built from.

use stros_core::formats::rgm::Command;

use super::art::sound;
use crate::write::rgm::GroupDesc;

/// Group `number` (an [`stros_core::anim::group`] name where the set's group has one).
pub fn group(number: i16, anim_id: u16, kind: u16, commands: Vec<Command>) -> GroupDesc {
    GroupDesc { number: number as u16, anim_id, kind, commands }
}

pub use Command::{
    BreakPoint as Bp, DelayCounter, EndAnimation as End, GoToFuture as Fut, GoToPrevious as Prev, PlaySound,
    ShowFrame as F, Transition,
};

pub fn show(frame: u32) -> Command {
    F { frame }
}

/// Cyrus's walking group 20 (type 1): frames gated by a BreakPoint, a footstep each stride,
/// a GoToFuture into the exit tail (a last step, then the idle frame) and EndAnimation,
/// which stops the sound the animation still remembers.
pub fn cyrus_walk() -> Vec<Command> {
    let step = PlaySound { effect: sound::STEP_SAND as i16, rate: 0 };
    vec![
        show(1),
        Bp { operand: 0 },
        show(2),
        step,
        show(3),
        Fut { target: 7 },
        Prev { target: 0 },
        show(4),
        step,
        show(0),
        End { operand: 0 },
    ]
}

/// Cyrus's backward walk (type 1): the walk's frames in reverse, gated by a BreakPoint.
pub fn cyrus_walk_back() -> Vec<Command> {
    vec![
        show(4),
        Bp { operand: 0 },
        show(3),
        show(2),
        Fut { target: 6 },
        Prev { target: 0 },
        show(1),
        End { operand: 0 },
    ]
}

/// A type-1 stride over `frames` with an exit tail back to the idle frame.
pub fn stride(frames: &[u32]) -> Vec<Command> {
    let mut c: Vec<Command> = frames.iter().map(|&f| show(f)).collect();
    let n = c.len() as i32;
    c.push(Fut { target: n + 2 });
    c.push(Prev { target: 0 });
    c.push(show(0));
    c.push(End { operand: 0 });
    c
}

/// A looping hold of `frames` (type 0) that a pending group ends at its GoToFuture: what
/// falling, sliding and treading water show.
pub fn hold(frames: &[u32]) -> Vec<Command> {
    let mut c: Vec<Command> = frames.iter().map(|&f| show(f)).collect();
    let n = c.len() as i32;
    c.push(Fut { target: n + 2 });
    c.push(Prev { target: 0 });
    c.push(End { operand: 0 });
    c
}

/// `breaks` break points, then frame 2 held: the command cursor starts `breaks` ahead of
/// the frame-progress byte.
pub fn death_hold(breaks: usize) -> Vec<Command> {
    let mut c = vec![Bp { operand: 0 }; breaks];
    c.extend(hold(&[2]).into_iter().map(|k| match k {
        Fut { target } => Fut { target: target + breaks as i32 },
        Prev { target } => Prev { target: target + breaks as i32 },
        k => k,
    }));
    c
}

/// A one-shot sequence ending the group (landing, hurting).
pub fn once(frames: &[u32]) -> Vec<Command> {
    let mut c: Vec<Command> = frames.iter().map(|&f| show(f)).collect();
    c.push(End { operand: 0 });
    c
}

/// Cyrus's hang frame (after the five of `figure`): arms raised, the grip vertex in it.
pub const HANG_FRAME: u32 = 5;

/// `n` frames for a climb whose tables `real_frame` indexes: `pattern` repeated, then the end.
pub fn climb(n: usize, pattern: &[u32]) -> Vec<Command> {
    once(&pattern.iter().copied().cycle().take(n).collect::<Vec<_>>())
}

/// Cyrus's run (group 18): a stride whose two mask-1 transitions take a pending jump at
/// mid-stride — the cursor goes to the start field less two (the standing frame before the
/// end), so the running jump the accepted bit asks for starts at the group's end.
pub fn cyrus_run() -> Vec<Command> {
    let jump = Transition { mask: 1, start: 10, target: 0 };
    vec![
        show(1),
        show(2),
        jump,
        show(3),
        show(4),
        jump,
        Fut { target: 8 },
        Prev { target: 0 },
        show(0),
        End { operand: 0 },
    ]
}
