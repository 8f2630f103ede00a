//! The island's acting scripts, written in SOUP bytecode ({D:engine/SOUP.md} "Opcode
//! Table", "Operand Encoding", "Call Encoding") through [`crate::write::soup`]: the
//! fisher's walk between the pier and his hut, the wandering villager, the camera pan over
//! the village flag when Cyrus comes near, the doors, the key and the chest, Cyrus's
//! definition script and the flags'. Their disassembly is committed in `docs/scripts`
//! ([`super::listings`]).

use stros_core::script::functions::id;

use super::soupdef::{flag, reference};
use crate::write::soup::{Asm, Cmp, key};

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

/// The fisher's talking gesture groups, `rtxAnim`'s `a`, `b`, `c`: his own set's, which
/// `anim::group` does not name (111 there is Cyrus's armed jump).
pub const TALK_GROUPS: [i16; 3] = [110, 111, 112];

/// Where the camera looks at the fisher from while he talks (`showObjLoc`: to his left,
/// a little above his eyes, in front of him).
pub const TALK_CAMERA: [i32; 3] = [-140, -150, 260];

/// How near (Manhattan, runtime units) Cyrus must come for the villager to call out.
pub const VILLAGER_CALLS: i32 = 600 * 256;

/// The fisher: walk the walk nodes to the pier and stand there facing Cyrus while he is
/// near, offering his prompt every update; activated, he talks (a greeting, a two-topic menu,
/// Cyrus' question and his answer); once Cyrus has gone, rest and walk back to the hut,
/// the same there; again.
///
/// ```text
/// top:   MoveNodeMarker(7, 0)
/// pier:  If PlayerDistance() < 102400 {
///          FacePlayer~(6)
///          If ACTIVATE("fish") = 0 { End pier }
///          <talk>
///          End pier
///        }
///        Wait(24)
///        MoveNodeMarker(8, 0)
/// hut:   … the same …
///        Wait(24)
///        End top
///
/// talk:  lockoutPlayer(1)
///        PlayerFaceTalk(0)
///        showObjLoc(-140, -150, 260)
///        rtxAnim("fs01", 110, 111, 112)
///        menuNew()
///        menuAddItem("t001", 1, 0)
///        menuAddItem("t002", 2, 0)
///        menuProc()
///        If menuSelection() = 1 { RTXp("cy01"); rtxAnim("fs02", 110, 111, 112) }
///        else { RTXp("cy02"); rtxAnim("fs03", 110, 111, 112) }
///        showPlayer()
///        lockoutPlayer(0)
///        Deactivate()
/// ```
pub fn fisher_script() -> Vec<u8> {
    use super::talk;
    let mut a = Asm::new();
    let top = a.label();
    a.here(top);
    for marker in [MARKER_PIER, MARKER_HUT] {
        let (stand, talk_now, rest) = (a.label(), a.label(), a.label());
        a.task(id::MOVE_NODE_MARKER, &[marker, 0]);
        a.here(stand);
        a.if_call(id::PLAYER_DISTANCE, &[], Cmp::Lt, FISHER_NOTICES, rest);
        // A multitask: he keeps turning to Cyrus while his prompt is offered every update.
        a.multitask(id::FACE_PLAYER, &[6]);
        a.if_call(id::ACTIVATE, &[key(talk::PROMPT)], Cmp::Eq, 0, talk_now);
        a.end(stand);
        a.here(talk_now);
        conversation(&mut a);
        a.end(stand);
        a.here(rest);
        a.task(id::WAIT, &[24]);
    }
    a.end(top);
    a.finish()
}

/// The fisher's conversation (see [`fisher_script`]).
fn conversation(a: &mut Asm) {
    use super::talk;
    a.function(id::LOCKOUT_PLAYER, &[1]);
    a.task(id::PLAYER_FACE_TALK, &[0]);
    a.task(id::SHOW_OBJ_LOC, &TALK_CAMERA);
    let [g1, g2, g3] = TALK_GROUPS.map(i32::from);
    a.task(id::RTX_ANIM, &[key(talk::GREETING), g1, g2, g3]);
    a.function(id::MENU_NEW, &[]);
    for (label, value) in [talk::TOPIC_FISHING, talk::TOPIC_HUT] {
        a.function(id::MENU_ADD_ITEM, &[key(label), value, 0]);
    }
    a.task(id::MENU_PROC, &[]);
    let (hut, done) = (a.label(), a.label());
    a.if_call(id::MENU_SELECTION, &[], Cmp::Eq, talk::TOPIC_FISHING.1, hut);
    a.task(id::RTXP, &[key(talk::ASK_FISHING)]);
    a.task(id::RTX_ANIM, &[key(talk::ANSWER_FISHING), g1, g2, g3]);
    a.goto(done);
    a.here(hut);
    a.task(id::RTXP, &[key(talk::ASK_HUT)]);
    a.task(id::RTX_ANIM, &[key(talk::ANSWER_HUT), g1, g2, g3]);
    a.here(done);
    a.task(id::SHOW_PLAYER, &[]);
    a.function(id::LOCKOUT_PLAYER, &[0]);
    a.function(id::DEACTIVATE, &[]);
}

/// How near (Manhattan, runtime units) Cyrus must come to a door for its prompt.
pub const DOOR_REACH: i32 = 300 * 256;

/// A door: while Cyrus is within [`DOOR_REACH`] it offers its prompt (RTX `label`); activated,
/// it asks the main loop for world `world` at marker `marker` facing `heading`.
///
/// ```text
/// top:  If PlayerDistance() < 76800 {
///         If ACTIVATE(label) != 0 { LoadWorld(world, marker, heading) }
///       }
///       End top
/// ```
pub fn door_script(label: [u8; 4], world: i32, marker: i32, heading: i32) -> Vec<u8> {
    let mut a = Asm::new();
    let (top, away) = (a.label(), a.label());
    a.here(top);
    a.if_call(id::PLAYER_DISTANCE, &[], Cmp::Lt, DOOR_REACH, away);
    a.if_call(id::ACTIVATE, &[key(label)], Cmp::Ne, 0, away);
    a.function(id::LOAD_WORLD, &[world, marker, heading]);
    a.here(away);
    a.end(top);
    a.finish()
}

/// The island's item ids ([`super::items`]).
pub mod item {
    /// The compass (item 0 always is).
    pub const COMPASS: i32 = 0;
    /// The bronze key from the pier.
    pub const KEY: i32 = 2;
    /// Gold pieces.
    pub const GOLD: i32 = 3;
    /// The gold the chest holds.
    pub const CHEST_GOLD: i32 = 20;
}

/// How near (Manhattan, runtime units) Cyrus must come to the key or the chest for its
/// prompt.
pub const PICKUP_REACH: i32 = 200 * 256;

/// The key on the pier: gone for good once taken (its flag is set; entering the island
/// again finds it set); otherwise, while Cyrus is near, it offers its prompt; activated,
/// Cyrus owns it, the key vanishes, Cyrus remarks on it and the key's record ends.
///
/// ```text
///       If TestGlobalFlag(KeyTaken) != 0 { KillMe() }
/// top:  If PlayerDistance() < 51200 {
///         If ACTIVATE("key1") != 0 {
///           AddItem(2, 1); SetGlobalFlag(KeyTaken); HideMe()
///           RTXp("cy03"); Deactivate(); KillMe()
///         }
///       }
///       End top
/// ```
pub fn key_script() -> Vec<u8> {
    use super::talk;
    let mut a = Asm::new();
    let (top, away, present) = (a.label(), a.label(), a.label());
    a.if_call(id::TEST_GLOBAL_FLAG, &[flag::KEY_TAKEN as i32], Cmp::Ne, 0, present);
    a.function(id::KILL_ME, &[]);
    a.end(top);
    a.here(present);
    a.here(top);
    a.if_call(id::PLAYER_DISTANCE, &[], Cmp::Lt, PICKUP_REACH, away);
    a.if_call(id::ACTIVATE, &[key(talk::KEY)], Cmp::Ne, 0, away);
    a.function(id::ADD_ITEM, &[item::KEY, 1]);
    a.function(id::SET_GLOBAL_FLAG, &[flag::KEY_TAKEN as i32]);
    a.function(id::HIDE_ME, &[]);
    a.task(id::RTXP, &[key(talk::KEY_TAKEN)]);
    a.function(id::DEACTIVATE, &[]);
    a.function(id::KILL_ME, &[]);
    a.here(away);
    a.end(top);
    a.finish()
}

/// The chest in the hut: until it is opened, while Cyrus is near, it offers its prompt;
/// activated without the key Cyrus finds it locked; with it, the key is used up, twenty
/// gold pieces are his and the chest's flag is set.
///
/// ```text
/// top:  If TestGlobalFlag(ChestOpened) = 0 {
///         If PlayerDistance() < 51200 {
///           If ACTIVATE("chst") != 0 {
///             If HaveItem(2) = 0 { RTXp("cy04") }
///             else { DropItem(2, 1); AddItem(3, 20); SetGlobalFlag(ChestOpened); RTXp("cy05") }
///             Deactivate()
///           }
///         }
///       }
///       End top
/// ```
pub fn chest_script() -> Vec<u8> {
    use super::talk;
    let mut a = Asm::new();
    let (top, away, locked, said) = (a.label(), a.label(), a.label(), a.label());
    a.here(top);
    a.if_call(id::TEST_GLOBAL_FLAG, &[flag::CHEST_OPENED as i32], Cmp::Eq, 0, away);
    a.if_call(id::PLAYER_DISTANCE, &[], Cmp::Lt, PICKUP_REACH, away);
    a.if_call(id::ACTIVATE, &[key(talk::CHEST)], Cmp::Ne, 0, away);
    a.if_call(id::HAVE_ITEM, &[item::KEY], Cmp::Ne, 0, locked);
    a.function(id::DROP_ITEM, &[item::KEY, 1]);
    a.function(id::ADD_ITEM, &[item::GOLD, item::CHEST_GOLD]);
    a.function(id::SET_GLOBAL_FLAG, &[flag::CHEST_OPENED as i32]);
    a.task(id::RTXP, &[key(talk::CHEST_OPENED)]);
    a.goto(said);
    a.here(locked);
    a.task(id::RTXP, &[key(talk::CHEST_LOCKED)]);
    a.here(said);
    a.function(id::DEACTIVATE, &[]);
    a.here(away);
    a.end(top);
    a.finish()
}

/// The villager: `Wander(500 × 256, 0)` for as long as it moves; when Cyrus is near at the
/// start of a wander she calls out (`AmbientRtx`, a multitask as the docs class it: the
/// voice alone, no subtitle, while she walks on).
///
/// ```text
/// top:  If PlayerDistance() < 153600 { AmbientRtx~("vl01", 0, 0) }
///       Wander(128000, 0)
///       End top
/// ```
pub fn villager_script() -> Vec<u8> {
    let mut a = Asm::new();
    let (top, walk) = (a.label(), a.label());
    a.here(top);
    a.if_call(id::PLAYER_DISTANCE, &[], Cmp::Lt, VILLAGER_CALLS, walk);
    a.multitask(id::AMBIENT_RTX, &[key(super::talk::CALL), 0, 0]);
    a.here(walk);
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
    let mut a = Asm::new();
    let (wait, near, done) = (a.label(), a.label(), a.label());
    a.here(wait);
    a.if_call(id::PLAYER_DISTANCE, &[], Cmp::Ge, PAN_TRIGGER, near);
    a.end(wait);
    a.here(near);
    a.task(id::SHOW_OBJ_LOC, &[0, -200, -400]);
    a.task(id::WAIT, &[24]);
    a.task(id::SHOW_PLAYER_PAN, &[24]);
    a.here(done);
    a.end(done);
    a.finish()
}

/// Cyrus's definition script: `CyrusScriptRan = TimeOfDay; SetGlobalFlag(TimeOfDay);
/// Me.torch_timer = 9; End 0`. Each statement leaves a mark (the flag's value, the other
/// flag's latch, the torch counter), so a test can see that the player never ran it.
pub fn cyrus_script() -> Vec<u8> {
    use crate::write::soup::{Object, Place, Value};
    use stros_core::actor::props::Property;
    let mut a = Asm::new();
    a.assign(Place::Flag(flag::CYRUS_SCRIPT_RAN), Value::Read(Place::Flag(flag::TIME_OF_DAY)), &[]);
    a.function_alt(id::SET_GLOBAL_FLAG, &[flag::TIME_OF_DAY as i32]);
    a.assign(Place::Property(Object::Me, reference(Property::TorchTimer)), Value::Num(9), &[]);
    a.end(Asm::START).finish()
}

/// The 61-byte FLAG2-style script: four blocking PushAnimation tasks, then End 0. Groups 1
/// (the run-once wave) and 10 (the flap) are the flag's own (`village`'s flag), which
/// `anim::group` does not name. `PushAnimation` is index 136 of SOUP386.DEF's function list
/// in the public RGUnity transcription of the installed file (index 0 the synthetic
/// `NullFunction`); the id is the core's native table's, so script and interpreter agree.
pub fn flag_script() -> Vec<u8> {
    let mut a = Asm::new();
    for (g, n) in [(1, 25), (10, 1), (1, 3), (10, 2)] {
        a.task(id::PUSH_ANIMATION, &[g, n]);
    }
    a.end(Asm::START).finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use stros_core::script::disasm;

    /// The scripts decode whole, statement by statement, and name the functions meant.
    #[test]
    fn the_scripts_decode() {
        for (script, names) in [
            (
                fisher_script(),
                &[
                    "MoveNodeMarker",
                    "PlayerDistance",
                    "ACTIVATE",
                    "FacePlayer",
                    "rtxAnim",
                    "menuProc",
                    "menuSelection",
                    "RTXp",
                    "lockoutPlayer",
                    "Deactivate",
                    "Wait",
                ][..],
            ),
            (villager_script(), &["PlayerDistance", "AmbientRtx", "Wander"][..]),
            (
                key_script(),
                &["TestGlobalFlag", "ACTIVATE", "AddItem", "SetGlobalFlag", "HideMe", "RTXp", "KillMe"][..],
            ),
            (
                chest_script(),
                &["TestGlobalFlag", "ACTIVATE", "HaveItem", "DropItem", "AddItem", "RTXp", "Deactivate"][..],
            ),
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
