//! The native function table in SOUP386.DEF `[functions]` order ({D:engine/SOUPDEF.md}:
//! index 0 is the synthetic `NullFunction`, authored entries start at 1). Names and parameter
//! counts as the public RGUnity transcription of the installed file lists them (367 entries);
//! a call's function id indexes this table.

/// One declared native: its name and declared parameter count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Function {
    /// The DEF name.
    pub name: &'static str,
    /// Declared parameter count.
    pub params: u8,
}

const fn f(name: &'static str, params: u8) -> Function {
    Function { name, params }
}

/// Entries in the table.
pub const COUNT: usize = 367;

/// Every declared native, by function id.
pub static FUNCTIONS: [Function; COUNT] = [
    f("NullFunction", 0),
    f("sRotate", 4),
    f("sRotateByAxis", 3),
    f("sRotateToAxis", 3),
    f("sMove", 4),
    f("sMoveByAxis", 3),
    f("sMoveAlongAxis", 3),
    f("HeaderHook", 0),
    f("swordAI", 0),
    f("projectileAI", 0),
    f("chargeWeapon", 1),
    f("PlayerMain", 0),
    f("PrintParms", 8),
    f("LogParms", 8),
    f("PrintStringParm", 1),
    f("PrintSingleParm", 1),
    f("SpacePressed", 0),
    f("WaitOnTasks", 0),
    f("updatePlayerViewAttrib", 0),
    f("cameraController", 0),
    f("showObjRot", 8),
    f("showObj", 3),
    f("showObjLoc", 3),
    f("showObjPan", 4),
    f("showObjPanLoc", 4),
    f("lookObj", 1),
    f("showPlayer", 0),
    f("showPlayerPan", 1),
    f("lookCyrus", 1),
    f("showCyrus", 3),
    f("showCyrusLoc", 3),
    f("showCyrusPan", 4),
    f("showCyrusPanLoc", 4),
    f("PlayAnimation", 2),
    f("lockoutPlayer", 1),
    f("menuNew", 0),
    f("menuProc", 0),
    f("menuAddItem", 3),
    f("menuSelection", 0),
    f("RTX", 1),
    f("rtxAnim", 4),
    f("RTXpAnim", 4),
    f("RTXp", 1),
    f("Rotate", 4),
    f("RotateByAxis", 3),
    f("RotateToAxis", 3),
    f("WalkForward", 1),
    f("WalkBackward", 1),
    f("MoveForward", 1),
    f("MoveBackward", 1),
    f("MoveLeft", 1),
    f("MoveRight", 1),
    f("Move", 4),
    f("MoveByAxis", 3),
    f("MoveAlongAxis", 3),
    f("MoveObjectAxis", 3),
    f("MoveToLocation", 2),
    f("WanderToLocation", 2),
    f("MoveToMarker", 2),
    f("SetObjectLocation", 4),
    f("Wait", 1),
    f("DistanceFromStart", 1),
    f("Light", 2),
    f("LightRadius", 1),
    f("LightIntensity", 1),
    f("LightOff", 0),
    f("LightOffset", 3),
    f("LightFlicker", 2),
    f("FlickerLight", 1),
    f("LightFlickerOff", 0),
    f("LightSize", 2),
    f("LightSizeOff", 0),
    f("FxPhase", 7),
    f("FxFlickerOnOff", 1),
    f("FxFlickerDim", 1),
    f("FxLightSize", 2),
    f("Flat", 1),
    f("FlatSetTexture", 2),
    f("FlatOff", 0),
    f("FlatOffset", 3),
    f("FlatLikeStatic", 1),
    f("FlatAnimate", 3),
    f("FlatStop", 0),
    f("SetAttribute", 2),
    f("GetAttribute", 1),
    f("SetGlobalFlag", 1),
    f("TestGlobalFlag", 1),
    f("ResetGlobalFlag", 1),
    f("FacePlayer", 1),
    f("FacePlayerInertia", 1),
    f("FaceAngle", 1),
    f("FacePos", 2),
    f("FaceObject", 1),
    f("Sound", 3),
    f("FlatSound", 3),
    f("AmbientSound", 3),
    f("AmbientRtx", 3),
    f("Jump", 0),
    f("WaitNonMulti", 0),
    f("WaitOnDialog", 0),
    f("HideMe", 0),
    f("ShowMe", 0),
    f("Rnd", 1),
    f("QuickRnd", 1),
    f("MyId", 0),
    f("FaceLocation", 2),
    f("DistanceFromLocation", 1),
    f("LoadWorld", 3),
    f("SetAiType", 1),
    f("SetAiMode", 1),
    f("MyAiType", 0),
    f("MyAiMode", 0),
    f("GotoLocation", 1),
    f("Guard", 3),
    f("Animal", 2),
    f("TrueFunction", 0),
    f("TurnToPos", 2),
    f("AtPos", 3),
    f("TurnToAngle", 1),
    f("MovePos", 3),
    f("SetStartPosition", 3),
    f("GetMyAttr", 1),
    f("SetMyAttr", 2),
    f("GetFramePassed", 0),
    f("SpeedScale", 1),
    f("InKey", 1),
    f("PressKey", 1),
    f("ACTIVATE", 1),
    f("TorchActivate", 1),
    f("Deactivate", 0),
    f("ReleaseAnimation", 0),
    f("HoldAnimation", 0),
    f("PauseAnimation", 1),
    f("SetAction", 1),
    f("ResetAction", 1),
    f("ResetAllAction", 0),
    f("PushAnimation", 2),
    f("PushControlAnimation", 2),
    f("WaitAnimFrame", 2),
    f("WaitPlayerAnimFrame", 0),
    f("KillMyTasks", 0),
    f("ObjectLineUp", 3),
    f("ObjectParallelLineUp", 3),
    f("ObjectPickupLineUp", 3),
    f("LineUp", 3),
    f("WaitLineUp", 1),
    f("MoveAboveMe", 4),
    f("KillMe", 0),
    f("EndSound", 1),
    f("EndMySounds", 0),
    f("EndMySound", 1),
    f("StopAllSounds", 0),
    f("ViewGXA", 3),
    f("AnimateGXA", 4),
    f("PlayerOffset", 3),
    f("PlayerOffsettask", 3),
    f("Offset", 3),
    f("UnOffset", 0),
    f("BounceObject", 3),
    f("OffsetLocation", 4),
    f("DistanceToLocation", 1),
    f("ShowBitmap", 2),
    f("UnShowBitmap", 1),
    f("ReplenishHealth", 0),
    f("InRectangle", 4),
    f("InCircle", 3),
    f("ScriptParticles", 8),
    f("LightTorch", 0),
    f("UnlightTorch", 0),
    f("LoadStatic", 1),
    f("UnLoadStatic", 0),
    f("PointAt", 0),
    f("beginCombat", 0),
    f("endCombat", 0),
    f("isFighting", 0),
    f("isDead", 0),
    f("adjustHealth", 2),
    f("setHealth", 1),
    f("health", 0),
    f("adjustStrength", 1),
    f("setStrength", 1),
    f("strength", 0),
    f("adjustArmor", 1),
    f("setArmor", 1),
    f("armor", 0),
    f("shoot", 7),
    f("shootPlayer", 4),
    f("resurrect", 0),
    f("EnableObject", 0),
    f("DisableObject", 0),
    f("EnableTasks", 0),
    f("DisableTasks", 0),
    f("EnableScript", 0),
    f("DisableScript", 0),
    f("EnableHook", 0),
    f("DisableHook", 0),
    f("EnableCombat", 0),
    f("DisableCombat", 0),
    f("SetRotation", 3),
    f("SetPosition", 3),
    f("ResetRotation", 3),
    f("ResetPosition", 3),
    f("ReloadRotation", 0),
    f("ReloadPosition", 0),
    f("SetLocation", 1),
    f("AttachMe", 1),
    f("DetachMe", 0),
    f("DetachSlaves", 0),
    f("KillSlaves", 0),
    f("HideSlaves", 0),
    f("ShowSlaves", 0),
    f("EnableSlaves", 0),
    f("DisableSlaves", 0),
    f("IsSlave", 0),
    f("IsMaster", 0),
    f("FixSlaveAngle", 2),
    f("PlayerMoved", 0),
    f("PlayerTurned", 0),
    f("PlayerTurnedDirection", 0),
    f("PlayerMovementSpeed", 0),
    f("GetMovementSpeed", 0),
    f("PlayerHealth", 0),
    f("PlayerStatus", 0),
    f("PlayerCollide", 0),
    f("PlayerStand", 0),
    f("PlayerArmed", 0),
    f("PlayerHanging", 0),
    f("PlayerInSight", 0),
    f("PlayerDistance", 0),
    f("AcuratePlayerDistance", 0),
    f("PlayerFacing", 2),
    f("PlayerArcTan", 0),
    f("PlayerArc", 2),
    f("PlayerLooking", 1),
    f("PlayerTilt", 3),
    f("PlayerTiltRevx", 3),
    f("PlayerSnap", 3),
    f("PlayerLineUp", 3),
    f("PlayerParallelLineUp", 3),
    f("PlayerPickupLineUp", 3),
    f("MovePlayerAboveMe", 4),
    f("PushPlayer", 1),
    f("PopPlayer", 0),
    f("PlayerFaceObj", 0),
    f("PlayerOnScape", 0),
    f("PlayerCollideStatic", 0),
    f("WonGame", 0),
    f("MainloopExit", 1),
    f("PlayerFaceTalk", 1),
    f("PlayerForceTalk", 1),
    f("CollidePlayerWeapon", 4),
    f("ZapPlayer", 1),
    f("ZapPlayerNoKill", 1),
    f("ZapObject", 1),
    f("ZapObjectNoKill", 1),
    f("SendMessage", 1),
    f("ReceiveMessage", 0),
    f("IsMessageWaiting", 0),
    f("GetMessageSender", 0),
    f("GetMessageSenderId", 0),
    f("ReplySender", 1),
    f("DeleteMessage", 0),
    f("SendBroadcast", 1),
    f("ReceiveBroadcast", 0),
    f("DeleteBroadcast", 0),
    f("IsBroadcastWaiting", 0),
    f("GetBroadcastSender", 0),
    f("GetBroadcastSenderId", 0),
    f("ReplyBroadcastSender", 1),
    f("ResetGroupSync", 0),
    f("ResetUserSync", 0),
    f("SyncWithGroup", 1),
    f("SyncWithUser", 1),
    f("ChangeGroup", 1),
    f("ChangeUser", 1),
    f("PipeMyGroup", 0),
    f("PipeGroup", 1),
    f("PipeUser", 1),
    f("PipeMasters", 0),
    f("PipeSlaves", 0),
    f("PipeAroundMe", 1),
    f("PipeAroundPos", 4),
    f("PipeHidden", 0),
    f("MoveNodeMarker", 2),
    f("MoveNodeLocation", 2),
    f("MoveNodePosition", 4),
    f("AtNodeMarker", 2),
    f("AtNodeLocation", 2),
    f("AtNodePosition", 4),
    f("Wander", 2),
    f("DisableNodeMaps", 0),
    f("EnableNodeMaps", 0),
    f("MoveMarker", 2),
    f("MoveLocation", 2),
    f("MovePosition", 4),
    f("DrawSword", 0),
    f("SheathSword", 0),
    f("CheckPlayerWeapon", 0),
    f("DisplayHandModel", 4),
    f("DisplayHandItem", 4),
    f("DisplayHiltModel", 4),
    f("DisplayHiltItem", 4),
    f("HandItem", 1),
    f("HaveItem", 1),
    f("RemoveItem", 1),
    f("ItemUsed", 1),
    f("PushItem", 2),
    f("PopItem", 1),
    f("AddItem", 2),
    f("SubItem", 2),
    f("DropItem", 2),
    f("UseItem", 1),
    f("ShowItem", 4),
    f("ShowItemNoRtx", 3),
    f("ActiveItem", 0),
    f("PushAllItems", 1),
    f("PopAllItems", 0),
    f("DropAllItems", 0),
    f("SelectItem", 1),
    f("IsOnEdge", 0),
    f("IsHoldingWeapon", 0),
    f("IsSheathingSword", 0),
    f("IsDrawingSword", 0),
    f("IsDrawingOrSheathing", 0),
    f("IsCarryingWeapon", 0),
    f("IsCombatCapable", 0),
    f("IsShellScript", 0),
    f("IsWithinView", 0),
    f("IsWithinMap", 0),
    f("IsInAir", 0),
    f("IsLightingOrUnlighting", 0),
    f("IsUnlightingTorch", 0),
    f("IsLightingTorch", 0),
    f("IsInLava", 0),
    f("IsInDeepWater", 0),
    f("IsInWater", 0),
    f("IsBouncing", 0),
    f("OpenShell", 1),
    f("CountAiShells", 1),
    f("FindAiShell", 1),
    f("AddFlatEffect", 6),
    f("AddLightEffect", 8),
    f("GolemSteam", 0),
    f("DragonBreath", 0),
    f("DragonBreathTask", 0),
    f("QueueMovie", 1),
    f("TestTask", 1),
    f("XResetCamera", 0),
    f("SetPotion", 2),
    f("GetPotion", 1),
    f("AddLog", 1),
    f("Spare0Parm0", 0),
    f("Spare1Parm0", 0),
    f("Spare0Parm1", 1),
    f("Spare1Parm1", 1),
    f("Spare0Parm2", 2),
    f("Spare1Parm2", 2),
    f("Spare0Parm3", 3),
    f("Spare1Parm3", 3),
    f("Spare0Parm4", 4),
    f("Spare1Parm4", 4),
    f("Spare0Parm5", 5),
    f("Spare1Parm5", 5),
    f("Spare0Parm6", 6),
    f("Spare1Parm6", 6),
    f("Spare0Parm7", 7),
    f("Spare1Parm7", 8),
];

/// Function ids the engine core gives a real implementation (the rest report "not implemented").
pub mod id {
    /// `PrintSingleParm`.
    pub const PRINT_SINGLE_PARM: u16 = 15;
    /// `chargeWeapon`.
    pub const CHARGE_WEAPON: u16 = 10;
    /// `PushPlayer`.
    pub const PUSH_PLAYER: u16 = 241;
    /// `PopPlayer`.
    pub const POP_PLAYER: u16 = 242;
    /// `WonGame`.
    pub const WON_GAME: u16 = 246;
    /// `HandItem`.
    pub const HAND_ITEM: u16 = 302;
    /// `ShowItem`.
    pub const SHOW_ITEM: u16 = 312;
    /// `ShowItemNoRtx`.
    pub const SHOW_ITEM_NO_RTX: u16 = 313;
    /// `DropAllItems`.
    pub const DROP_ALL_ITEMS: u16 = 317;
    /// `SetPotion`.
    pub const SET_POTION: u16 = 348;
    /// `GetPotion`.
    pub const GET_POTION: u16 = 349;
    /// `WaitOnTasks`.
    pub const WAIT_ON_TASKS: u16 = 17;
    /// `cameraController`.
    pub const CAMERA_CONTROLLER: u16 = 19;
    /// `showObjRot`.
    pub const SHOW_OBJ_ROT: u16 = 20;
    /// `showObj`.
    pub const SHOW_OBJ: u16 = 21;
    /// `showObjLoc`.
    pub const SHOW_OBJ_LOC: u16 = 22;
    /// `showObjPan`.
    pub const SHOW_OBJ_PAN: u16 = 23;
    /// `showObjPanLoc`.
    pub const SHOW_OBJ_PAN_LOC: u16 = 24;
    /// `lookObj`.
    pub const LOOK_OBJ: u16 = 25;
    /// `showPlayer`.
    pub const SHOW_PLAYER: u16 = 26;
    /// `showPlayerPan`.
    pub const SHOW_PLAYER_PAN: u16 = 27;
    /// `showCyrus`.
    pub const SHOW_CYRUS: u16 = 29;
    /// `showCyrusLoc`.
    pub const SHOW_CYRUS_LOC: u16 = 30;
    /// `showCyrusPan`.
    pub const SHOW_CYRUS_PAN: u16 = 31;
    /// `showCyrusPanLoc`.
    pub const SHOW_CYRUS_PAN_LOC: u16 = 32;
    /// `ResetRotation`.
    pub const RESET_ROTATION: u16 = 200;
    /// `ResetPosition`.
    pub const RESET_POSITION: u16 = 201;
    /// `ReloadRotation`.
    pub const RELOAD_ROTATION: u16 = 202;
    /// `MovePlayerAboveMe`.
    pub const MOVE_PLAYER_ABOVE_ME: u16 = 240;
    /// `XResetCamera`.
    pub const X_RESET_CAMERA: u16 = 347;
    /// `PlayAnimation`.
    pub const PLAY_ANIMATION: u16 = 33;
    /// `FacePlayerInertia(duration)`.
    pub const FACE_PLAYER_INERTIA: u16 = 89;
    /// `KillMe()`.
    pub const KILL_ME: u16 = 147;
    /// `PlayerOffset(x, y, z)`.
    pub const PLAYER_OFFSET: u16 = 154;
    /// `PlayerOffsettask(x, y, z)`.
    pub const PLAYER_OFFSET_TASK: u16 = 155;
    /// `Offset(x, y, z)`.
    pub const OFFSET: u16 = 156;
    /// `UnOffset()`.
    pub const UN_OFFSET: u16 = 157;
    /// `BounceObject(power, speed, steer)`.
    pub const BOUNCE_OBJECT: u16 = 158;
    /// `ObjectLineUp(angle, x, z)`.
    pub const OBJECT_LINE_UP: u16 = 141;
    /// `ObjectParallelLineUp(angle, x, z)`.
    pub const OBJECT_PARALLEL_LINE_UP: u16 = 142;
    /// `ObjectPickupLineUp(angle, x, z)`.
    pub const OBJECT_PICKUP_LINE_UP: u16 = 143;
    /// `PlayerLineUp(angle, x, z)`.
    pub const PLAYER_LINE_UP: u16 = 237;
    /// `PlayerParallelLineUp(angle, x, z)`.
    pub const PLAYER_PARALLEL_LINE_UP: u16 = 238;
    /// `PlayerPickupLineUp(angle, x, z)`.
    pub const PLAYER_PICKUP_LINE_UP: u16 = 239;
    /// `PlayerFaceObj()`.
    pub const PLAYER_FACE_OBJ: u16 = 243;
    /// `lockoutPlayer(value)`.
    pub const LOCKOUT_PLAYER: u16 = 34;
    /// `menuNew()`.
    pub const MENU_NEW: u16 = 35;
    /// `menuProc()`.
    pub const MENU_PROC: u16 = 36;
    /// `menuAddItem(label, value, used)`.
    pub const MENU_ADD_ITEM: u16 = 37;
    /// `menuSelection()`.
    pub const MENU_SELECTION: u16 = 38;
    /// `RTX(label)`.
    pub const RTX: u16 = 39;
    /// `rtxAnim(label, a, b, c)`.
    pub const RTX_ANIM: u16 = 40;
    /// `RTXpAnim(label, a, b, c)`.
    pub const RTXP_ANIM: u16 = 41;
    /// `RTXp(label)`.
    pub const RTXP: u16 = 42;
    /// `AmbientRtx(label, volume offset, unused)`.
    pub const AMBIENT_RTX: u16 = 96;
    /// `WaitOnDialog()`.
    pub const WAIT_ON_DIALOG: u16 = 99;
    /// `LoadWorld(world, marker, heading)`.
    pub const LOAD_WORLD: u16 = 107;
    /// `HaveItem(item)`.
    pub const HAVE_ITEM: u16 = 303;
    /// `AddItem(item, quantity)`.
    pub const ADD_ITEM: u16 = 308;
    /// `DropItem(item, quantity)`.
    pub const DROP_ITEM: u16 = 310;
    /// `ActiveItem()`.
    pub const ACTIVE_ITEM: u16 = 314;
    /// `SelectItem(item)`.
    pub const SELECT_ITEM: u16 = 318;
    /// `OpenShell(name)`.
    pub const OPEN_SHELL: u16 = 337;
    /// `ACTIVATE(label)`.
    pub const ACTIVATE: u16 = 127;
    /// `TorchActivate(label)`.
    pub const TORCH_ACTIVATE: u16 = 128;
    /// `Deactivate()`.
    pub const DEACTIVATE: u16 = 129;
    /// `PlayerFaceTalk(unused)`.
    pub const PLAYER_FACE_TALK: u16 = 248;
    /// `PlayerForceTalk(unused)`.
    pub const PLAYER_FORCE_TALK: u16 = 249;

    /// `DistanceToLocation(location)`.
    pub const DISTANCE_TO_LOCATION: u16 = 160;
    /// `PlayerStand()`.
    pub const PLAYER_STAND: u16 = 224;
    /// `PlayerCollide()`.
    pub const PLAYER_COLLIDE: u16 = 223;
    /// `PlayerCollideStatic()`.
    pub const PLAYER_COLLIDE_STATIC: u16 = 245;
    /// `PlayerArc(offset, tolerance)`.
    pub const PLAYER_ARC: u16 = 232;
    /// `PlayerHanging()`.
    pub const PLAYER_HANGING: u16 = 226;
    /// `PlayerInSight()`.
    pub const PLAYER_IN_SIGHT: u16 = 227;
    /// `WalkForward(duration)`.
    pub const WALK_FORWARD: u16 = 46;
    /// `WalkBackward(duration)`.
    pub const WALK_BACKWARD: u16 = 47;
    /// `MoveForward(duration)`.
    pub const MOVE_FORWARD: u16 = 48;
    /// `MoveBackward(duration)`.
    pub const MOVE_BACKWARD: u16 = 49;
    /// `MoveLeft(duration)`.
    pub const MOVE_LEFT: u16 = 50;
    /// `MoveRight(duration)`.
    pub const MOVE_RIGHT: u16 = 51;
    /// `MoveToLocation(location, duration)`.
    pub const MOVE_TO_LOCATION: u16 = 56;
    /// `WanderToLocation(location, duration)`.
    pub const WANDER_TO_LOCATION: u16 = 57;
    /// `InRectangle(x1, z1, x2, z2)`.
    pub const IN_RECTANGLE: u16 = 164;
    /// `FacePlayer(duration)`.
    pub const FACE_PLAYER: u16 = 88;
    /// `MoveNodeMarker(marker, tolerance)`.
    pub const MOVE_NODE_MARKER: u16 = 283;
    /// `MoveNodeLocation(location, tolerance)`.
    pub const MOVE_NODE_LOCATION: u16 = 284;
    /// `MoveNodePosition(x, y, z, tolerance)`.
    pub const MOVE_NODE_POSITION: u16 = 285;
    /// `AtNodeLocation(location, distance)`.
    pub const AT_NODE_LOCATION: u16 = 287;
    /// `AtNodePosition(x, y, z, distance)`.
    pub const AT_NODE_POSITION: u16 = 288;
    /// `DisableNodeMaps()`.
    pub const DISABLE_NODE_MAPS: u16 = 290;
    /// `EnableNodeMaps()`.
    pub const ENABLE_NODE_MAPS: u16 = 291;
    /// `Wander(radius, tolerance)`.
    pub const WANDER: u16 = 289;
    /// `MoveMarker(marker, tolerance)`.
    pub const MOVE_MARKER: u16 = 292;
    /// `MoveLocation(location, tolerance)`.
    pub const MOVE_LOCATION: u16 = 293;
    /// `MovePosition(x, y, z, tolerance)`.
    pub const MOVE_POSITION: u16 = 294;
    /// `Wait`.
    pub const WAIT: u16 = 60;
    /// `SetAttribute`.
    pub const SET_ATTRIBUTE: u16 = 83;
    /// `GetAttribute`.
    pub const GET_ATTRIBUTE: u16 = 84;
    /// `SetGlobalFlag`.
    pub const SET_GLOBAL_FLAG: u16 = 85;
    /// `TestGlobalFlag`.
    pub const TEST_GLOBAL_FLAG: u16 = 86;
    /// `ResetGlobalFlag`.
    pub const RESET_GLOBAL_FLAG: u16 = 87;
    /// `Sound`.
    pub const SOUND: u16 = 93;
    /// `FlatSound`.
    pub const FLAT_SOUND: u16 = 94;
    /// `AmbientSound`.
    pub const AMBIENT_SOUND: u16 = 95;
    /// `Jump`.
    pub const JUMP: u16 = 97;
    /// `HideMe`.
    pub const HIDE_ME: u16 = 100;
    /// `ShowMe`.
    pub const SHOW_ME: u16 = 101;
    /// `EndSound`.
    pub const END_SOUND: u16 = 148;
    /// `EndMySounds`.
    pub const END_MY_SOUNDS: u16 = 149;
    /// `EndMySound`.
    pub const END_MY_SOUND: u16 = 150;
    /// `StopAllSounds`.
    pub const STOP_ALL_SOUNDS: u16 = 151;
    /// `WaitNonMulti`.
    pub const WAIT_NON_MULTI: u16 = 98;
    /// `Rnd`.
    pub const RND: u16 = 102;
    /// `QuickRnd`.
    pub const QUICK_RND: u16 = 103;
    /// `SetMyAttr`.
    pub const SET_MY_ATTR: u16 = 122;
    /// `GetMyAttr`.
    pub const GET_MY_ATTR: u16 = 121;
    /// `GetFramePassed`.
    pub const GET_FRAME_PASSED: u16 = 123;
    /// `sRotateByAxis`.
    pub const S_ROTATE_BY_AXIS: u16 = 2;
    /// `sRotateToAxis`.
    pub const S_ROTATE_TO_AXIS: u16 = 3;
    /// `sMoveByAxis`.
    pub const S_MOVE_BY_AXIS: u16 = 5;
    /// `RotateByAxis`.
    pub const ROTATE_BY_AXIS: u16 = 44;
    /// `RotateToAxis`.
    pub const ROTATE_TO_AXIS: u16 = 45;
    /// `MoveByAxis`.
    pub const MOVE_BY_AXIS: u16 = 53;
    /// `MoveAlongAxis`.
    pub const MOVE_ALONG_AXIS: u16 = 54;
    /// `MoveObjectAxis`.
    pub const MOVE_OBJECT_AXIS: u16 = 55;
    /// `PushAnimation`.
    pub const PUSH_ANIMATION: u16 = 136;
    /// `WaitAnimFrame`.
    pub const WAIT_ANIM_FRAME: u16 = 138;
    /// `WaitPlayerAnimFrame`.
    pub const WAIT_PLAYER_ANIM_FRAME: u16 = 139;
    /// `KillMyTasks`.
    pub const KILL_MY_TASKS: u16 = 140;
    /// `EnableScript`.
    pub const ENABLE_SCRIPT: u16 = 192;
    /// `DisableScript`.
    pub const DISABLE_SCRIPT: u16 = 193;
    /// `EnableHook`.
    pub const ENABLE_HOOK: u16 = 194;
    /// `DisableHook`.
    pub const DISABLE_HOOK: u16 = 195;
    /// `PlayerDistance`.
    pub const PLAYER_DISTANCE: u16 = 228;
    /// `PlayerTurned`.
    pub const PLAYER_TURNED: u16 = 217;
    /// `PlayerTurnedDirection`.
    pub const PLAYER_TURNED_DIRECTION: u16 = 218;
    /// `PlayerMovementSpeed`.
    pub const PLAYER_MOVEMENT_SPEED: u16 = 219;
    /// `PlayerStatus`.
    pub const PLAYER_STATUS: u16 = 222;
    /// `PlayerOnScape`.
    pub const PLAYER_ON_SCAPE: u16 = 244;
    /// `AcuratePlayerDistance`.
    pub const ACURATE_PLAYER_DISTANCE: u16 = 229;
    /// `AtNodeMarker`.
    pub const AT_NODE_MARKER: u16 = 286;
    /// `PlayerArcTan`.
    pub const PLAYER_ARC_TAN: u16 = 231;
    /// `PlayerLooking`.
    pub const PLAYER_LOOKING: u16 = 233;
    /// `PlayerFacing`.
    pub const PLAYER_FACING: u16 = 230;
    /// `SetAction`.
    pub const SET_ACTION: u16 = 133;
    /// `ResetAction`.
    pub const RESET_ACTION: u16 = 134;
    /// `ResetAllAction`.
    pub const RESET_ALL_ACTION: u16 = 135;
    /// `beginCombat`.
    pub const BEGIN_COMBAT: u16 = 172;
    /// `endCombat`.
    pub const END_COMBAT: u16 = 173;
    /// `isDead`.
    pub const IS_DEAD: u16 = 175;
    /// `adjustHealth(change, mode)`.
    pub const ADJUST_HEALTH: u16 = 176;
    /// `setHealth(value)`.
    pub const SET_HEALTH: u16 = 177;
    /// `ReplenishHealth()`.
    pub const REPLENISH_HEALTH: u16 = 163;
    /// `ShowBitmap(id, frame)`.
    pub const SHOW_BITMAP: u16 = 161;
    /// `UnShowBitmap(id)`.
    pub const UN_SHOW_BITMAP: u16 = 162;
    /// `IsInDeepWater()`.
    pub const IS_IN_DEEP_WATER: u16 = 334;
    /// `DrawSword`.
    pub const DRAW_SWORD: u16 = 295;
    /// `SheathSword`.
    pub const SHEATH_SWORD: u16 = 296;
    /// `IsHoldingWeapon`.
    pub const IS_HOLDING_WEAPON: u16 = 320;
    /// `IsSheathingSword`.
    pub const IS_SHEATHING_SWORD: u16 = 321;
    /// `IsDrawingSword`.
    pub const IS_DRAWING_SWORD: u16 = 322;
    /// `NullFunction` (index 0): no parameter-count byte, returns 0.
    pub const NULL: u16 = 0;
    /// `PlayerMain()`: the player's per-update hook, answered by the native controller.
    pub const PLAYER_MAIN: u16 = 11;
    /// `updatePlayerViewAttrib()`.
    pub const UPDATE_PLAYER_VIEW_ATTRIB: u16 = 18;
}

/// The entry for function id `id`, if the table has one.
pub fn get(id: u16) -> Option<&'static Function> {
    FUNCTIONS.get(id as usize)
}
