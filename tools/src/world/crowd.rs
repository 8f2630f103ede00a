//! A crowd for `bench step --actors N`: the island's scene with N more walkers, each a copy
//! of the fisher (his model, walk and idle groups and attributes) whose script walks and
//! turns for ever, placed in rings around the plateau by the village (marker 0), inside the
//! regional update window of a camera there.

use crate::write::rgm::{ActorDesc, MpobDesc, RgmDesc, to_bytes};
use crate::write::soup::Asm;
use stros_core::script::functions::id;

use super::village::{PLATEAU_Y, rgm_desc};

/// The walkers' script name.
pub const WALKER: &str = "WALKER";
/// Where the rings are centred: marker 0, the plateau by the village.
pub const CENTRE: [i32; 3] = [35000, PLATEAU_Y, 30600];
/// The walk group the script pushes (the fisher's, Cyrus's walk: the continuation after
/// input release moves an actor whose current group it is).
pub const WALK_GROUP: i32 = stros_core::anim::group::WALK as i32;

/// `Task PushAnimation(20, 4); Task sRotateByAxis(1, 341, 12); End 0`: four strides of the
/// walk, a sixth of a turn to the left over twelve nominal ticks, again.
pub fn walker_script() -> Vec<u8> {
    let mut a = Asm::new();
    a.task(id::PUSH_ANIMATION, &[WALK_GROUP, 4]);
    a.task(id::S_ROTATE_BY_AXIS, &[1, 341, 12]);
    a.end(Asm::START).finish()
}

/// Where walker `k` stands and faces: rings of twelve, 450 units out and 250 more each,
/// each facing along its ring.
pub fn walker_place(k: usize) -> ([i32; 3], u32) {
    let ring = k / 12;
    let angle = (k % 12) as f64 / 12.0 * core::f64::consts::TAU + ring as f64 * 0.26;
    let radius = 450.0 + 250.0 * ring as f64;
    let (x, z) = (CENTRE[0] + (radius * angle.cos()) as i32, CENTRE[2] + (radius * angle.sin()) as i32);
    // Heading 0 faces +Z and 512 faces −X: the tangent of a counter-clockwise ring.
    let tangent = ((angle / core::f64::consts::TAU * 2048.0) as i64).rem_euclid(2048) as u32;
    ([x, CENTRE[1], z], (2048 - tangent) % 2048)
}

/// The RAHD index of the walkers' definition: after the island's own.
pub fn walker_definition() -> u16 {
    rgm_desc().actors.len() as u16
}

/// The island's RGM with `n` walkers added.
pub fn crowd_rgm(n: usize) -> Vec<u8> {
    to_bytes(&crowd_rgm_desc(n))
}

/// The description of [`crowd_rgm`]: the walkers' definition (when `n > 0`) last.
pub fn crowd_rgm_desc(n: usize) -> RgmDesc {
    let mut desc = rgm_desc();
    let fisher = desc.actors.iter().find(|a| a.name == b"FISHER").cloned().unwrap_or_default();
    if n > 0 {
        desc.actors.push(ActorDesc {
            name: WALKER.as_bytes().to_vec(),
            instances: n as u16,
            script: walker_script(),
            ..fisher
        });
    }
    for k in 0..n {
        let (position, yaw) = walker_place(k);
        desc.mpob.push(MpobDesc {
            id: 1000 + k as u32,
            object_type: 3,
            script_name: WALKER.as_bytes().to_vec(),
            model_name: b"NPC".to_vec(),
            position,
            angles: [0, yaw, 0],
            model_id: -1,
            ..MpobDesc::default()
        });
    }
    desc
}
