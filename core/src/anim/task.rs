//! Animation tasks the scripts run ({A}, "Animation tasks"; {D}, "Frame waits").

use super::{AnimContext, AnimState};

/// A task handler's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TaskStatus {
    /// Keep the task.
    Active,
    /// The task is finished (applied by the next task pass).
    Done,
}

/// The per-slot state of a `PushAnimation(group, count)` task.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PushAnimation {
    /// The started phase: the group became current and the loop count was set.
    pub started: bool,
}

impl PushAnimation {
    /// One invocation with the (re-evaluated) operands.
    ///
    /// The current group, read as a signed 16-bit value, is compared with the whole 32-bit
    /// `group`. Not started: a current group sets the byte loop count (`count`'s low eight
    /// bits) and starts; otherwise an ordinary request (modifier 0) is made and the task
    /// stays active — even if that request started the group. Started: done once the
    /// current group differs; `count` is not read again.
    pub fn invoke(
        &mut self,
        anim: &mut AnimState,
        cx: &mut AnimContext<'_, '_>,
        group: i32,
        count: i32,
    ) -> TaskStatus {
        let current = anim.current as i32;
        if !self.started {
            if current == group {
                anim.loops = count as u8;
                self.started = true;
            } else {
                anim.request(cx, group as i16, 0);
            }
            TaskStatus::Active
        } else if current != group {
            TaskStatus::Done
        } else {
            TaskStatus::Active
        }
    }
}

/// `WaitAnimFrame(group, frame)`: done when neither the current nor the pending group is
/// `group`; waits while only the pending one is; with `group` current, done once the
/// frame-progress byte reaches `frame` (compared as full integers).
pub fn wait_anim_frame(anim: &AnimState, group: i32, frame: i32) -> TaskStatus {
    wait_frame(anim.current, anim.pending, anim.real_frame, group, frame)
}

/// The test of [`wait_anim_frame`] on an animation's current and pending groups and its
/// frame-progress byte (`WaitPlayerAnimFrame` reads the selected player's).
pub fn wait_frame(current: i16, pending: i16, real_frame: u8, group: i32, frame: i32) -> TaskStatus {
    if current as i32 == group {
        if real_frame as i32 >= frame { TaskStatus::Done } else { TaskStatus::Active }
    } else if pending as i32 == group {
        TaskStatus::Active
    } else {
        TaskStatus::Done
    }
}
