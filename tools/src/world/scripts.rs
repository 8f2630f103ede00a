//! The island's acting scripts, written in SOUP bytecode ({D:engine/SOUP.md} "Opcode
//! Table", "Operand Encoding", "Call Encoding") by a small assembler with labels: the
//! fisher's walk between the pier and his hut, the wandering villager, and the camera pan
//! over the village flag when Cyrus comes near.

use stros_core::script::decode::op;
use stros_core::script::functions::id;

/// Marker at the pier's landward end (the fisher's route starts here).
pub const MARKER_PIER: i32 = 7;
/// Marker before the fisher's hut door.
pub const MARKER_HUT: i32 = 8;
/// How near (Manhattan, runtime units) Cyrus must come for the fisher to look at him.
pub const FISHER_NOTICES: i32 = 400 * 256;
/// How near (Manhattan, runtime units, from the yard's camera actor) Cyrus must come for
/// the pan.
pub const PAN_TRIGGER: i32 = 1800 * 256;
/// `Wander`'s radius around the villager's home, runtime units.
pub const WANDER_RADIUS: i32 = 500 * 256;

/// Comparison bytes of a condition.
const LESS: u8 = 2;
const GREATER_EQUAL: u8 = 5;

/// Bytecode with forward labels patched at the end.
#[derive(Default)]
struct Asm {
    code: Vec<u8>,
    labels: Vec<Option<u32>>,
    fixups: Vec<(usize, usize)>,
}

impl Asm {
    fn label(&mut self) -> usize {
        self.labels.push(None);
        self.labels.len() - 1
    }
    fn here(&mut self, l: usize) {
        self.labels[l] = Some(self.code.len() as u32);
    }
    fn target(&mut self, l: usize) {
        self.fixups.push((self.code.len(), l));
        self.code.extend_from_slice(&[0; 4]);
    }
    fn call(&mut self, opcode: u8, function: u16, args: &[i32]) {
        self.code.push(opcode);
        self.code.extend_from_slice(&function.to_le_bytes());
        self.code.push(args.len() as u8);
        for a in args {
            self.code.push(op::NUMERIC);
            self.code.extend_from_slice(&a.to_le_bytes());
        }
    }
    /// A blocking task.
    fn task(&mut self, function: u16, args: &[i32]) {
        self.call(op::TASK, function, args);
    }
    /// `If function() <cmp> value` else go to `otherwise`.
    fn if_call(&mut self, function: u16, cmp: u8, value: i32, otherwise: usize) {
        self.code.push(op::IF);
        self.call(op::FUNCTION, function, &[]);
        self.code.push(cmp);
        self.code.push(op::NUMERIC);
        self.code.extend_from_slice(&value.to_le_bytes());
        self.code.push(0);
        self.target(otherwise);
    }
    /// `End label`: the script continues there next update.
    fn end(&mut self, l: usize) {
        self.code.push(op::END);
        self.target(l);
    }
    fn finish(mut self) -> Vec<u8> {
        for (at, l) in self.fixups {
            let t = self.labels[l].expect("every label placed");
            self.code[at..at + 4].copy_from_slice(&t.to_le_bytes());
        }
        self.code
    }
}

/// The fisher: walk the walk nodes to the pier, look at Cyrus if he is near, rest; walk
/// back to the hut, the same; again.
///
/// ```text
/// top:  MoveNodeMarker(7, 0)
///       If PlayerDistance() < 102400 { FacePlayer(6) }
///       Wait(24)
///       MoveNodeMarker(8, 0)
///       If PlayerDistance() < 102400 { FacePlayer(6) }
///       Wait(24)
///       End top
/// ```
pub fn fisher_script() -> Vec<u8> {
    let mut a = Asm::default();
    let top = a.label();
    a.here(top);
    for marker in [MARKER_PIER, MARKER_HUT] {
        let rest = a.label();
        a.task(id::MOVE_NODE_MARKER, &[marker, 0]);
        a.if_call(id::PLAYER_DISTANCE, LESS, FISHER_NOTICES, rest);
        a.task(id::FACE_PLAYER, &[6]);
        a.here(rest);
        a.task(id::WAIT, &[24]);
    }
    a.end(top);
    a.finish()
}

/// The villager: `Wander(500 × 256, 0)` for as long as it moves, every update.
pub fn villager_script() -> Vec<u8> {
    let mut a = Asm::default();
    let top = a.label();
    a.here(top);
    a.task(id::WANDER, &[WANDER_RADIUS, 0]);
    a.end(top);
    a.finish()
}

/// The yard camera: when Cyrus comes within [`PAN_TRIGGER`] of the yard's north-east corner,
/// the camera cuts to 400 units south-west of it and 200 up (`showObjLoc`; the actor faces
/// north-east),
/// looking across it towards the village flags (the actor's camera target offset lifts the
/// look 150 units), holds two seconds, and pans back behind Cyrus over two seconds
/// (`showPlayerPan`); then the script stays at its end for good.
///
/// ```text
/// wait: If PlayerDistance() >= 460800 { End wait }
///       showObjLoc(0, -200, -400)
///       Wait(24)
///       showPlayerPan(24)
/// done: End done
/// ```
pub fn flag_camera_script() -> Vec<u8> {
    let mut a = Asm::default();
    let (wait, near, done) = (a.label(), a.label(), a.label());
    a.here(wait);
    a.if_call(id::PLAYER_DISTANCE, GREATER_EQUAL, PAN_TRIGGER, near);
    a.end(wait);
    a.here(near);
    a.task(id::SHOW_OBJ_LOC, &[0, -200, -400]);
    a.task(id::WAIT, &[24]);
    a.task(id::SHOW_PLAYER_PAN, &[24]);
    a.here(done);
    a.end(done);
    a.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use stros_core::script::disasm;

    /// The scripts decode whole, statement by statement, and name the functions meant.
    #[test]
    fn the_scripts_decode() {
        for (script, names) in [
            (fisher_script(), &["MoveNodeMarker", "PlayerDistance", "FacePlayer", "Wait"][..]),
            (villager_script(), &["Wander"][..]),
            (flag_camera_script(), &["PlayerDistance", "showObjLoc", "showPlayerPan"][..]),
        ] {
            let mut text = String::new();
            disasm::disassemble(&mut text, &script, 0, &|_| None).unwrap();
            assert!(!text.contains(": <"), "a statement does not decode:\n{text}");
            for n in names {
                assert!(text.contains(n), "{n} in\n{text}");
            }
        }
    }
}
