//! The native table ({D:engine/SOUP.md} "Call Encoding"): for every SOUP function the core
//! answers, the one place that says which module implements it. The script host's
//! dispatch ([`crate::world`]'s and [`super::call`]) matches the function id here and
//! nothing else; `docs/functions.md` takes its location column from [`Home::module`].

use crate::script::functions::id;

/// Where a native is implemented.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Home {
    /// `actor::natives`: the empty routines (`NullFunction`, `updatePlayerViewAttrib`).
    Empty,
    /// `actor::natives`: animation requests and frame waits.
    Animation,
    /// `actor::natives`: axis rotations, moves and resets.
    Rotation,
    /// `actor::natives`: the waits and the task table.
    Tasks,
    /// `actor::natives`: the attribute table.
    Attributes,
    /// `actor::natives`: global flags, random numbers, the player queries, hooks and scripts.
    Globals,
    /// `actor::natives`: action words, combat entry and the weapon states, jumps.
    Combat,
    /// `actor::natives`: script sounds.
    Sounds,
    /// `actor::natives`: `HideMe`, `ShowMe`.
    Visibility,
    /// `actor::natives::camera`: the camera requests.
    Camera,
    /// `world::family`: family links (`Offset`, `UnOffset`).
    Linking,
    /// `world::align`: the player's alignments and `BounceObject`.
    Alignment,
    /// `world::vitals`: health changes.
    Health,
    /// `world::dialogue`: activation, dialogue lines and the topic menu.
    Dialogue,
    /// `world::requests`: session requests.
    Requests,
    /// `world::shells`: `OpenShell`.
    Shells,
    /// `world::items`: items and potions.
    Items,
    /// `world::nav`: walking, point navigation and the walk maps.
    Navigation,
    /// `world::powerups`: the HUD's power-up slots (`ShowBitmap`, `UnShowBitmap`).
    PowerUps,
}

impl Home {
    /// The module that implements the natives of this home, as a path from the crate root.
    pub const fn module(self) -> &'static str {
        match self {
            Home::Empty => "actor::natives",
            Home::Animation => "actor::natives",
            Home::Rotation => "actor::natives",
            Home::Tasks => "actor::natives",
            Home::Attributes => "actor::natives",
            Home::Globals => "actor::natives",
            Home::Combat => "actor::natives",
            Home::Sounds => "actor::natives",
            Home::Visibility => "actor::natives",
            Home::Camera => "actor::natives::camera",
            Home::Linking => "world::family",
            Home::Alignment => "world::align",
            Home::Health => "world::vitals",
            Home::Dialogue => "world::dialogue",
            Home::Requests => "world::requests",
            Home::Shells => "world::shells",
            Home::Items => "world::items",
            Home::Navigation => "world::nav",
            Home::PowerUps => "world::powerups",
        }
    }

    /// The world's script host runs it (it reaches the world beyond the receiver and the
    /// natives' [`super::Globals`]).
    pub const fn in_world(self) -> bool {
        matches!(
            self,
            Home::Linking
                | Home::Alignment
                | Home::Health
                | Home::Dialogue
                | Home::Requests
                | Home::Shells
                | Home::Items
                | Home::Navigation
                | Home::PowerUps
        )
    }
}

/// The home of native `function`; `None`: the core does not answer it.
pub const fn home(function: u16) -> Option<Home> {
    Some(match function {
        id::NULL | id::UPDATE_PLAYER_VIEW_ATTRIB => Home::Empty,
        id::PLAY_ANIMATION | id::PUSH_ANIMATION | id::WAIT_ANIM_FRAME | id::WAIT_PLAYER_ANIM_FRAME => {
            Home::Animation
        }
        id::MOVE_ALONG_AXIS
        | id::MOVE_BY_AXIS
        | id::MOVE_OBJECT_AXIS
        | id::RELOAD_ROTATION
        | id::RESET_POSITION
        | id::RESET_ROTATION
        | id::ROTATE_BY_AXIS
        | id::ROTATE_TO_AXIS
        | id::S_MOVE_BY_AXIS
        | id::S_ROTATE_BY_AXIS
        | id::S_ROTATE_TO_AXIS => Home::Rotation,
        id::KILL_MY_TASKS | id::WAIT | id::WAIT_NON_MULTI | id::WAIT_ON_TASKS => Home::Tasks,
        id::GET_ATTRIBUTE | id::GET_MY_ATTR | id::SET_ATTRIBUTE | id::SET_MY_ATTR => Home::Attributes,
        id::ACURATE_PLAYER_DISTANCE
        | id::AT_NODE_MARKER
        | id::DISABLE_HOOK
        | id::DISABLE_SCRIPT
        | id::ENABLE_HOOK
        | id::ENABLE_SCRIPT
        | id::GET_FRAME_PASSED
        | id::PLAYER_ARC
        | id::PLAYER_ARC_TAN
        | id::PLAYER_COLLIDE
        | id::PLAYER_COLLIDE_STATIC
        | id::PLAYER_DISTANCE
        | id::PLAYER_FACING
        | id::PLAYER_HANGING
        | id::PLAYER_LOOKING
        | id::PLAYER_MOVEMENT_SPEED
        | id::PLAYER_ON_SCAPE
        | id::PLAYER_STAND
        | id::PLAYER_STATUS
        | id::PLAYER_TURNED
        | id::PLAYER_TURNED_DIRECTION
        | id::QUICK_RND
        | id::RESET_GLOBAL_FLAG
        | id::RND
        | id::SET_GLOBAL_FLAG
        | id::TEST_GLOBAL_FLAG => Home::Globals,
        id::BEGIN_COMBAT
        | id::DRAW_SWORD
        | id::END_COMBAT
        | id::IN_RECTANGLE
        | id::IS_DEAD
        | id::IS_DRAWING_SWORD
        | id::IS_HOLDING_WEAPON
        | id::IS_IN_DEEP_WATER
        | id::IS_SHEATHING_SWORD
        | id::JUMP
        | id::RESET_ACTION
        | id::RESET_ALL_ACTION
        | id::SET_ACTION
        | id::SHEATH_SWORD => Home::Combat,
        id::AMBIENT_SOUND
        | id::END_MY_SOUND
        | id::END_MY_SOUNDS
        | id::END_SOUND
        | id::FLAT_SOUND
        | id::SOUND
        | id::STOP_ALL_SOUNDS => Home::Sounds,
        id::HIDE_ME | id::SHOW_ME => Home::Visibility,
        id::CAMERA_CONTROLLER
        | id::LOOK_OBJ
        | id::MOVE_PLAYER_ABOVE_ME
        | id::SHOW_CYRUS
        | id::SHOW_CYRUS_LOC
        | id::SHOW_CYRUS_PAN
        | id::SHOW_CYRUS_PAN_LOC
        | id::SHOW_OBJ
        | id::SHOW_OBJ_LOC
        | id::SHOW_OBJ_PAN
        | id::SHOW_OBJ_PAN_LOC
        | id::SHOW_OBJ_ROT
        | id::SHOW_PLAYER
        | id::SHOW_PLAYER_PAN
        | id::X_RESET_CAMERA => Home::Camera,
        _ => return world_home(function),
    })
}

/// [`home`] of the natives the world's script host runs ([`Home::in_world`]).
const fn world_home(function: u16) -> Option<Home> {
    Some(match function {
        id::OFFSET | id::UN_OFFSET => Home::Linking,
        id::LOCKOUT_PLAYER
        | id::BOUNCE_OBJECT
        | id::PLAYER_FACE_OBJ
        | id::PLAYER_LINE_UP
        | id::PLAYER_PICKUP_LINE_UP
        | id::PLAYER_PARALLEL_LINE_UP
        | id::OBJECT_PICKUP_LINE_UP
        | id::OBJECT_PARALLEL_LINE_UP => Home::Alignment,
        id::SET_HEALTH | id::ADJUST_HEALTH | id::REPLENISH_HEALTH => Home::Health,
        id::SHOW_BITMAP | id::UN_SHOW_BITMAP => Home::PowerUps,
        id::ACTIVATE
        | id::TORCH_ACTIVATE
        | id::DEACTIVATE
        | id::RTX
        | id::RTXP
        | id::RTX_ANIM
        | id::RTXP_ANIM
        | id::WAIT_ON_DIALOG
        | id::AMBIENT_RTX
        | id::MENU_NEW
        | id::MENU_ADD_ITEM
        | id::MENU_PROC
        | id::MENU_SELECTION
        | id::PLAYER_FACE_TALK
        | id::PLAYER_FORCE_TALK => Home::Dialogue,
        id::LOAD_WORLD | id::WON_GAME | id::PUSH_PLAYER | id::POP_PLAYER => Home::Requests,
        id::OPEN_SHELL => Home::Shells,
        id::ADD_ITEM
        | id::HAVE_ITEM
        | id::DROP_ITEM
        | id::SELECT_ITEM
        | id::ACTIVE_ITEM
        | id::DROP_ALL_ITEMS
        | id::SHOW_ITEM
        | id::SHOW_ITEM_NO_RTX
        | id::CHARGE_WEAPON
        | id::SET_POTION
        | id::GET_POTION
        | id::HAND_ITEM => Home::Items,
        id::AT_NODE_POSITION
        | id::DISABLE_NODE_MAPS
        | id::ENABLE_NODE_MAPS
        | id::KILL_ME
        | id::WALK_FORWARD
        | id::WALK_BACKWARD
        | id::MOVE_FORWARD
        | id::MOVE_BACKWARD
        | id::MOVE_LEFT
        | id::MOVE_RIGHT
        | id::PLAYER_OFFSET
        | id::PLAYER_OFFSET_TASK
        | id::FACE_PLAYER_INERTIA
        | id::DISTANCE_TO_LOCATION
        | id::PLAYER_IN_SIGHT
        | id::MOVE_TO_LOCATION
        | id::WANDER_TO_LOCATION
        | id::FACE_PLAYER
        | id::MOVE_NODE_MARKER
        | id::MOVE_NODE_LOCATION
        | id::MOVE_NODE_POSITION
        | id::AT_NODE_LOCATION
        | id::WANDER
        | id::MOVE_MARKER
        | id::MOVE_LOCATION
        | id::MOVE_POSITION => Home::Navigation,
        _ => return None,
    })
}
