//! The runtime actor record: what the ordinary update, the collision stage and the
//! steppers read and write of one actor.
//!
//! Field names follow the {D:engine/player.md} and animation docs: the *living state* (the motion
//! state that selects idle, hanging, drawing … branches), the *lifecycle selector* `IsDead`
//! reads, the queued, falling and sliding motion bytes, the packed step counters of the
//! steppers, the stored surface and the retained support.

use crate::actor::living;
use crate::anim::AnimState;
use crate::anim::group;
use crate::collision::shape::{Bounds, Shape};
use crate::collision::support::Support;
use crate::math::Mat3;
use crate::units::Angles;

/// RAAT attribute indices the engine core reads ({E§4}, SOUP386.DEF order).
pub mod attr {
    /// `collide`: the collision attribute mask (0x01 body contacts, 0x02 step hazard,
    /// 0x04 ground response and steep test, 0x08 overlap).
    pub const COLLIDE: usize = 1;
    /// `health`.
    pub const HEALTH: usize = 3;
    /// `weight`.
    pub const WEIGHT: usize = 6;
    /// `forward_speed` (the run step, whole units).
    pub const FORWARD_SPEED: usize = 8;
    /// `backward_speed`.
    pub const BACKWARD_SPEED: usize = 9;
    /// `side_speed`.
    pub const SIDE_SPEED: usize = 10;
    /// `step_type`: the startup-distance table.
    pub const STEP_TYPE: usize = 11;
    /// `forward_walk` (the walk step, whole units).
    pub const FORWARD_WALK: usize = 12;
    /// `backward_walk`.
    pub const BACKWARD_WALK: usize = 13;
    /// `combat`: nonzero creates combat state.
    pub const COMBAT: usize = 14;
    /// `turn_speed` (the slope turn helper only).
    pub const TURN_SPEED: usize = 15;
    /// `fight_lunge_speed`.
    pub const FIGHT_LUNGE_SPEED: usize = 16;
    /// `fight_forward_speed`.
    pub const FIGHT_FORWARD_SPEED: usize = 17;
    /// `fight_backward_speed`.
    pub const FIGHT_BACKWARD_SPEED: usize = 18;
    /// `fight_forward_walk`.
    pub const FIGHT_FORWARD_WALK: usize = 19;
    /// `fight_backward_walk`.
    pub const FIGHT_BACKWARD_WALK: usize = 20;
    /// `fight_turn_speed`: the armed turn limit.
    pub const FIGHT_TURN_SPEED: usize = 21;
    /// `fight_turn_accel`: the armed turn increment.
    pub const FIGHT_TURN_ACCEL: usize = 22;
    /// `weapon`: the weapon item the actor carries (zero: none).
    pub const WEAPON: usize = 23;
    /// `player_align`: nonzero carries riders.
    pub const PLAYER_ALIGN: usize = 24;
    /// `master`.
    pub const MASTER: usize = 25;
    /// `slave`: nonzero is left out of overlap responses.
    pub const SLAVE: usize = 26;
    /// `rotation`: the orientation refresh mode.
    pub const ROTATION: usize = 28;
    /// `jump_time`.
    pub const JUMP_TIME: usize = 31;
    /// `jump_height`: the fall-origin offset.
    pub const JUMP_HEIGHT: usize = 32;
    /// `no_slave_rot`: an attached actor keeps its own angles ({D:engine/SOUP.md} "Family
    /// refresh").
    pub const NO_SLAVE_ROT: usize = 33;
    /// `sheath_frame`.
    pub const SHEATH_FRAME: usize = 34;
    /// `draw_frame`.
    pub const DRAW_FRAME: usize = 35;
    /// `stop_y_rotate` … `stop_z_move` (37–42): attribute-controlled axis restoration.
    pub const STOP_Y_ROTATE: usize = 37;
    /// `panic_group`: the ordinary idle default.
    pub const PANIC_GROUP: usize = 44;
    /// `camera_move`, the first of eight camera attributes: `camera_pan_type`, then
    /// `camera_target_offset_x/y/z` and `camera_offset_x/y/z` follow.
    pub const CAMERA_MOVE: usize = 45;
    /// `camera_pan_type`: the pan's interpolation.
    pub const CAMERA_PAN_TYPE: usize = 46;
    /// `no_collide`: nonzero keeps a live actor out of others' candidates.
    pub const NO_COLLIDE: usize = 55;
    /// The first of the nine attack slots a combat record binds (attributes 70–78).
    pub const FIRST_ATTACK: usize = 70;
    /// The first of the four defense slots (attributes 79–82).
    pub const FIRST_DEFENSE: usize = 79;
    /// Attribute 83: the side step of a combat-stance circle, map units (named by its use).
    pub const CIRCLE_STEP: usize = 83;
    /// Attribute 84: the heading turn of a combat-stance circle (named by its use).
    pub const CIRCLE_TURN: usize = 84;
    /// `stick_to_surface`.
    pub const STICK_TO_SURFACE: usize = 89;
    /// `node_idle`: the chance of idling at a walk node.
    pub const NODE_IDLE: usize = 90;
    /// `move_not_walk`: nonzero walks a route with `MoveForward` instead of `WalkForward`.
    pub const MOVE_NOT_WALK: usize = 93;
    /// `node_in_use`: `Wander` sets it.
    pub const NODE_IN_USE: usize = 94;
    /// `stop_at_node`: nonzero ends a route at the destination's node.
    pub const STOP_AT_NODE: usize = 95;
    /// Attribute 97: nonzero makes the actor attackable and hurt only while armed or in the
    /// combat stance ({D:engine/SOUP.md}; named by its use).
    pub const ARMED_ONLY_TARGET: usize = 97;
    /// `attr_bounce_power`: nonzero lets a falling actor's overlap land on this one
    /// ({D:engine/player.md} "Weighted actor overlap response").
    pub const BOUNCE_POWER: usize = 98;
    /// `player_type`: 1 keeps the selected player's jumps out of every water surface.
    pub const PLAYER_TYPE: usize = 105;
    /// `fall_hold`.
    pub const FALL_HOLD: usize = 107;
    /// `fall_damage`.
    pub const FALL_DAMAGE: usize = 108;
    /// Attribute 109: the death-animation group a source actor gives the player it kills
    /// ({D:engine/SOUP.md} "Selected-player death-owning health mode").
    pub const DEATH_GROUP: usize = 109;
    /// `holding_weapon`.
    pub const HOLDING_WEAPON: usize = 110;
    /// `short_mapping`: excluded on the outer border of the actor window.
    pub const SHORT_MAPPING: usize = 113;
    /// `reserved_weight`: restored into `weight` every collision stage.
    pub const RESERVED_WEIGHT: usize = 115;
    /// `no_node_combat`: the alignment's node-combat latch.
    pub const NO_NODE_COMBAT: usize = 116;
    /// `reserved_collide`.
    pub const RESERVED_COLLIDE: usize = 119;
    /// Attribute 120: nonzero leaves the health services without effect ({D:engine/SOUP.md};
    /// named by its use).
    pub const NO_HEALTH_CHANGE: usize = 120;
    /// `non_moving`: tracked by the PVO's secondary table ({D:engine/SOUP.md} "Model
    /// admission and support ownership").
    pub const NON_MOVING: usize = 122;
    /// `mess_group`: the message group, from a counter shared across the map's actors.
    pub const MESS_GROUP: usize = 125;

    /// Not an index: the [`HEALTH`] value at full — the session maximum the selected-player
    /// initializer sets ({D:engine/SOUP.md} "Selected-player additive health"), which
    /// nothing changes, and the health the candle shows at full.
    pub const MAX_HEALTH: i32 = 100;
}

/// Collision attribute bits (attribute 1).
pub mod collide {
    /// Body contacts (living states 0, 15 and 27–32).
    pub const BODY: u8 = 0x01;
    /// The step hazard of the run stepper.
    pub const STEP_HAZARD: u8 = 0x02;
    /// Ground response, the steep test and the surface updater.
    pub const GROUND: u8 = 0x04;
    /// The overlap stage.
    pub const OVERLAP: u8 = 0x08;
}

/// Combat flag bits (the combat record's flags byte).
pub mod combat_flag {
    /// Armed / in combat: set by combat entry and the selected player's draw, cleared by
    /// cleanup and `SheathSword`; the controller's combat predicate.
    pub const ARMED: u8 = 0x04;
}

/// Attack slots a combat record binds (attributes 70–78).
pub const ATTACK_SLOTS: usize = 9;
/// Defense slots a combat record binds (attributes 79–82).
pub const DEFENSE_SLOTS: usize = 4;

/// An actor's combat record ({A} "Dead actor default selection", last paragraphs;
/// {D:config/combat-ini.md} "Actor Move Selection"). The move bindings are kept as
/// COMBAT.INI record indices; those records are not yet loaded (coverage: SOUP.md "Attack
/// executor").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Combat {
    /// The record's combat index (a per-world counter; reinitializing keeps it).
    pub index: u16,
    /// The target actor.
    pub target: Option<u16>,
    /// Action selector (−1: none).
    pub action: i8,
    /// Cooldown, nominal ticks.
    pub cooldown: i32,
    /// Combat flags ([`combat_flag`]).
    pub flags: u8,
    /// Death-animation selection, the dead actor's default group. Starts at 0 — not
    /// attribute 44 — and `SetAttribute` stores a full script integer here.
    pub death_default: i32,
    /// Attack slots: the attack record each nonzero attribute 70–78 selects.
    pub attacks: [Option<u8>; ATTACK_SLOTS],
    /// Defense slots: the nonzero prefix of attributes 79–82 (a zero ends the list).
    pub defenses: [Option<u8>; DEFENSE_SLOTS],
}

impl Combat {
    /// A record with combat index `index` set up from `attributes`: target absent, action
    /// −1, cooldown 0, flags clear, death selection 0, and the move bindings.
    pub fn new(index: u16, attributes: &[u8; 256]) -> Combat {
        let attacks = core::array::from_fn(|k| match attributes[attr::FIRST_ATTACK + k] {
            0 => None,
            m => Some(m),
        });
        let mut defenses = [None; DEFENSE_SLOTS];
        for (slot, &m) in defenses.iter_mut().zip(&attributes[attr::FIRST_DEFENSE..][..DEFENSE_SLOTS]) {
            if m == 0 {
                break;
            }
            *slot = Some(m);
        }
        Combat { index, target: None, action: -1, cooldown: 0, flags: 0, death_default: 0, attacks, defenses }
    }
}

/// Body-response marks (the packed body-response byte).
pub mod response {
    /// A projected wall contact with the heading adjustment.
    pub const ADJUSTED: u8 = 0x01;
    /// A projected contact without adjustment, or a horizontal rollback.
    pub const SLID_OR_RESTORED: u8 = 0x02;
    /// Overlap separation.
    pub const OVERLAP: u8 = 0x04;
    /// Residual separation (the seed's "residual-separation result").
    pub const RESIDUAL: u8 = 0x10;
    /// A forward segment hit.
    pub const FORWARD_HIT: u8 = 0x08;
    /// The overlap pass's landing branch was taken (admitted or not).
    pub const OVERLAP_LANDING: u8 = 0x80;
    /// The collision-transition byte's one mark: a collision rollback restored the actor.
    ///
    /// Bit numbering: {D:engine/SOUP.md} reads these records by bit index ("body-response
    /// bit 2 (a contact with another actor)" is [`OVERLAP`] 0x04; "bits 1 or 3" is 0x0a),
    /// and its navigation tests "the collision-transition byte's bit 0", while
    /// {D:engine/player.md}'s writers "mark collision transition bit 1". The mask `0x01e2`
    /// over the packed word (body byte, then transition byte) also reads transition
    /// value 0x01. Read index-wise, player.md's writer would set a bit no reader tests; so
    /// its "bit 1" is the value 1, and every writer and reader here uses 0x01.
    pub const TRANSITION_RESTORED: u8 = 0x01;
    /// The body-response marks that make point navigation drop its route ("bits 1 or 3"
    /// of {D:engine/SOUP.md} "Point-navigation command state", read as indices):
    /// [`SLID_OR_RESTORED`] and [`FORWARD_HIT`].
    pub const ROUTE_BLOCKED: u8 = SLID_OR_RESTORED | FORWARD_HIT;
}

/// The packed step counters: two bits per direction (left, right, forward/walk, backward,
/// from the least significant), and the per-update called flags.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StepCounters {
    /// The packed counters.
    pub packed: u8,
    /// Directions whose stepper was called this update (bit per [`Direction`]).
    pub called: u8,
}

/// A stepper direction, as its counter's position in [`StepCounters::packed`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Direction {
    /// Strafing left.
    Left = 0,
    /// Strafing right.
    Right = 1,
    /// Forward, walking or running (the seed's "startup phase").
    Forward = 2,
    /// Backward.
    Backward = 3,
}

impl StepCounters {
    /// The two-bit counter of `d`.
    pub const fn get(&self, d: Direction) -> u8 {
        (self.packed >> (2 * d as u8)) & 3
    }

    /// Sets the counter of `d` (low two bits of `value`).
    pub fn set(&mut self, d: Direction, value: u8) {
        let shift = 2 * d as u8;
        self.packed = (self.packed & !(3 << shift)) | ((value & 3) << shift);
    }

    /// Marks `d` called this update.
    pub fn mark_called(&mut self, d: Direction) {
        self.called |= 1 << d as u8;
    }

    /// Whether `d` was called this update.
    pub const fn was_called(&self, d: Direction) -> bool {
        self.called & (1 << d as u8) != 0
    }

    /// "Ending a walking update": counters of directions not called this update clear;
    /// called ones keep theirs. The called flags reset for the next update.
    pub fn end_update(&mut self) {
        for d in [Direction::Left, Direction::Right, Direction::Forward, Direction::Backward] {
            if !self.was_called(d) {
                self.set(d, 0);
            }
        }
        self.called = 0;
    }
}

/// How the loader built an actor's model ("Placed-object frame sources", "Ordinary actor
/// collision-shape initialization").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ActorModel {
    /// No model.
    None,
    /// The static model path: a world model drawn and collided as a face model.
    Static {
        /// Index in the world's model table.
        model: u16,
        /// The ROB segment's collision byte (0 when no segment matched).
        flags: u8,
    },
    /// An animation frame table: the pose selects the model and frame.
    Animated,
}

/// One runtime actor.
#[derive(Clone, Debug)]
pub struct Actor {
    /// RAHD index of the actor's definition.
    pub definition: u16,
    /// MPOB record index, `None` for the player's standalone actors.
    pub placement: Option<u16>,
    /// The runtime attribute table (a copy of RAAT the scripts may change).
    pub attributes: [u8; 256],
    /// Runtime position, eight fractional bits.
    pub position: [i32; 3],
    /// Position at update entry (the "previous position" of the responses).
    pub previous: [i32; 3],
    /// Current angles.
    pub angles: Angles,
    /// Angles copied at the start of the ordinary update.
    pub previous_angles: Angles,
    /// The actor matrix (presentation and probe transforms).
    pub matrix: Mat3,
    /// MPSZ bounds.
    pub bounds: Bounds,
    /// MPSZ centre offset (the fallback support sphere's centre).
    pub centre: [i32; 3],
    /// The collision shape.
    pub shape: Shape,
    /// How the model was built.
    pub model: ActorModel,
    /// Radius of the actor's current model, map units (`None` without one).
    pub model_radius: Option<f32>,
    /// Index of the actor's animation set in the world, when it animates.
    pub set: Option<u16>,
    /// The animation receiver.
    pub anim: AnimState,
    /// Living (motion) state: 0 ordinary, 15 hanging, 20/21 drawing/sheathing, …
    pub living: u8,
    /// Lifecycle selector (`IsDead` reads 8; combat is 6).
    pub lifecycle: u8,
    /// Queued motion byte (jumps before they fall).
    pub queued: u8,
    /// Falling byte.
    pub falling: u8,
    /// Sliding byte.
    pub sliding: u8,
    /// Accumulated sliding distance, runtime units.
    pub slide_distance: i32,
    /// Attached to a rope.
    pub rope: bool,
    /// Torch-burning counter.
    pub torch: u8,
    /// The held-item field `HandItem` stores ({D:engine/attachment.md} "Held-item
    /// assignment"; 0: none).
    pub held_item: u8,
    /// Weapon-drawn flag.
    pub weapon_drawn: bool,
    /// The combat record, when animation-table setup created one (attribute 14 nonzero).
    pub combat: Option<Combat>,
    /// Motion-direction byte (2 run, 6 walk, 3/7 backward, 4/5 strafes).
    pub motion_direction: u8,
    /// The packed step counters — also the "directional movement flags" that directional
    /// displacement and sliding mark (0x30 saturates the forward counter, 0xc0 the
    /// backward one) and collision rollback clears.
    pub steps: StepCounters,
    /// Step-status byte: 0x80 a blocked forward attempt (transient), 0x20/0x40 strafes.
    pub step_status: u8,
    /// Companion step-status byte: 0x01 a blocked backward attempt.
    pub step_status_back: u8,
    /// Stored surface state (SURFACE.INI code).
    pub surface: u8,
    /// The retained support of the latest primary query.
    pub support: Support,
    /// The actor that supports this one, if any (the rider transform's owner).
    pub support_owner: Option<u16>,
    /// The static placement that supports this one, if any: its MPSO record index.
    pub support_static: Option<u16>,
    /// No current model record, so neither drawn nor a collision candidate: rejected by
    /// this update's model admission (a PVO's selected list), or a non-moving actor the
    /// list turned away that had no record to keep.
    pub culled: bool,
    /// The stable ordinary position, when valid.
    pub stable: Option<[i32; 3]>,
    /// Navigation over the walk maps ([`crate::actor::walk::Nav`]).
    pub nav: crate::actor::walk::Nav,
    /// The family record of an attached actor (its position and angles are then local to
    /// its parent, [`crate::actor::family`]).
    pub attached: Option<crate::actor::family::Attached>,
    /// The linked-position record `Offset` creates.
    pub link: Option<crate::actor::family::Link>,
    /// The position the actor was created at (the stored home: location 0, `Wander`'s
    /// centre, `ResetPosition`).
    pub home: [i32; 3],
    /// The angles the actor was created with (`ResetRotation`).
    pub home_angles: Angles,
    /// Fall origin Y, runtime units.
    pub fall_origin: i32,
    /// The `ov` vector (SOUPPROPS `ov.vx`/`ov.vy`/`ov.vz`): script `Jump` from groups 19, 23
    /// and 31 copies the heading into its Y word ({D:engine/player.md} "Script Jump").
    pub ov: [i32; 3],
    /// The 32-bit values scripts last wrote to `angle.vx`/`vy`/`vz` ({D:engine/SOUP.md}
    /// "Local pose properties": the field keeps a written value unnormalized), beside the
    /// angles the engine uses modulo 2048 ([`crate::actor::props`] says how they are read).
    pub written_angles: [i32; 3],
    /// Byte fall timer.
    pub fall_timer: u8,
    /// The retained integer motion vector. The docs name only clearings of it (the first two
    /// words by `BounceObject`, {D:engine/SOUP.md} "BounceObject"; the whole vector by the
    /// motion transition, {D:engine/player.md} "Forward obstacle wrapper and motion
    /// transition", which does not yet clear it: coverage: player.md "Forward obstacle wrapper
    /// and motion transition") and no writer or reader, so it stays
    /// zero in play; it is kept so those clearings are exact once one is documented.
    pub motion_vector: [i32; 3],
    /// The runtime jump selector: nonzero makes every jump start queued motion 24 with group
    /// 85, and a support miss with a selector within 3 of 24 jumps ({D:engine/player.md}
    /// "Jump selector at a support miss"). Landing clears it; the docs name no other writer.
    pub jump_selector: i32,
    /// The action-transition counter a ledge drop sets to 6 ({D:engine/SOUP.md}
    /// "Selected-player additive health"): while nonzero the ledge scan finds nothing.
    pub action_transition: u8,
    /// The water-rollback record (nonplayers).
    pub water_record: [i32; 3],
    /// The packed body-response byte of this update.
    pub body_response: u8,
    /// Contacts the latest primary body response counted.
    pub body_contacts: u8,
    /// Byte collision-response age.
    pub response_age: u8,
    /// Collision transition marks ([`response::TRANSITION_RESTORED`]).
    pub transition: u8,
    /// The overlap contact identifier ({D:engine/player.md} "Weighted actor overlap
    /// response"): the actor the latest overlap pass touched. The docs store the other
    /// actor's runtime identifier (zero for a static placement, and the script wrapper
    /// clears it to zero with the response record); Stros keeps no runtime identifiers, so
    /// it holds the other actor's id, `None` for zero.
    pub overlap_contact: Option<u16>,
    /// Runtime object-update exclusion.
    pub object_update_exclusion: u8,
    /// The hidden flag (`HideMe`): no current presentation record, so the actor is neither
    /// drawn nor a collision candidate; its scripts and animation go on.
    pub hidden: bool,
    /// The killed flag (`KillMe`): the ordinary update skips the actor.
    pub killed: bool,
    /// Runtime animation-update exclusion.
    pub anim_update_exclusion: u8,
    /// Script-control bits ([`crate::script::control`]: 0x01 main stage off, 0x02 hook
    /// off, 0x04 no task pass, 0x08 excludes the update body).
    pub script_control: u8,
}

impl Actor {
    /// A cleared actor of definition `definition` ("Ordinary cell and persistent actor
    /// allocation clears the actor record before common initialization"): its sliding,
    /// falling, queued-motion, body-response and transition bytes start at zero
    /// ({D:engine/SOUP.md} "Initial ordinary motion state").
    pub fn new(definition: u16, attributes: [u8; 256]) -> Actor {
        Actor {
            definition,
            placement: None,
            attributes,
            position: [0; 3],
            previous: [0; 3],
            angles: Angles::default(),
            previous_angles: Angles::default(),
            matrix: Mat3::IDENTITY,
            bounds: Bounds::default(),
            centre: [0; 3],
            shape: Shape::default_shape(),
            model: ActorModel::None,
            model_radius: None,
            set: None,
            anim: AnimState::default(),
            living: living::NONE,
            lifecycle: 0,
            queued: 0,
            falling: 0,
            sliding: 0,
            slide_distance: 0,
            rope: false,
            torch: 0,
            held_item: 0,
            weapon_drawn: false,
            combat: None,
            nav: crate::actor::walk::Nav::default(),
            attached: None,
            link: None,
            home: [0; 3],
            home_angles: Angles::new(0, 0, 0),
            motion_direction: 0,
            steps: StepCounters::default(),
            step_status: 0,
            step_status_back: 0,
            surface: 0,
            support: Support::default(),
            support_owner: None,
            support_static: None,
            culled: false,
            stable: None,
            fall_origin: 0,
            ov: [0; 3],
            written_angles: [0; 3],
            fall_timer: 0,
            motion_vector: [0; 3],
            jump_selector: 0,
            action_transition: 0,
            water_record: [0; 3],
            body_response: 0,
            body_contacts: 0,
            response_age: 0,
            transition: 0,
            overlap_contact: None,
            object_update_exclusion: 0,
            killed: false,
            hidden: false,
            anim_update_exclusion: 0,
            script_control: 0,
        }
    }

    /// Whether the actor has a current model record this update: not hidden (`HideMe`,
    /// `KillMe`) and not rejected by model admission.
    pub fn shown(&self) -> bool {
        !self.hidden && !self.culled
    }

    /// Attribute byte `i`.
    pub fn attr(&self, i: usize) -> u8 {
        self.attributes[i]
    }

    /// The collision attribute mask.
    pub fn collide(&self) -> u8 {
        self.attributes[attr::COLLIDE]
    }

    /// Integer map position (runtime `>> 8`, arithmetic).
    pub fn map_position(&self) -> [i32; 3] {
        self.position.map(|c| c >> 8)
    }

    /// In deep water: stored surface 2 or 4 (SOUP `IsInDeepWater`).
    pub fn in_deep_water(&self) -> bool {
        matches!(self.surface, 2 | 4)
    }

    /// Either directional-state byte has either of its low two bits set. The directional-state
    /// bytes are the low bytes of the action words the animation state keeps (
    /// {D:engine/animation.md}, "Action words").
    pub fn directional_low_bits(&self) -> bool {
        (self.anim.actions.pending | self.anim.actions.accepted) & 0x03 != 0
    }

    /// Queued, falling or sliding motion, or a rope: the steppers refuse.
    pub fn in_special_motion(&self) -> bool {
        self.rope || self.sliding != 0 || self.falling != 0 || self.queued != 0
    }

    /// The combat stance of the steppers: holding a weapon or, with a combat record, combat
    /// flag 0x04 ({D:engine/player.md} "Ordinary controller dispatch": no record, no
    /// flag).
    pub fn in_combat_stance(&self) -> bool {
        self.holds_weapon() || self.combat_flags() & combat_flag::ARMED != 0
    }

    /// The combat record's flags; 0 without a record.
    pub fn combat_flags(&self) -> u8 {
        self.combat.as_ref().map_or(0, |c| c.flags)
    }

    /// Sets combat flags (nothing without a combat record).
    pub fn set_combat_flags(&mut self, bits: u8) {
        if let Some(c) = self.combat.as_mut() {
            c.flags |= bits;
        }
    }

    /// Clears combat flags (nothing without a combat record).
    pub fn clear_combat_flags(&mut self, bits: u8) {
        if let Some(c) = self.combat.as_mut() {
            c.flags &= !bits;
        }
    }

    /// Animation-table setup's combat part ({A} "Dead actor default selection"): the
    /// association cleared, then with attribute 14 nonzero a record set up from the
    /// attributes — a new one taking `next_index` (which advances), an existing one keeping
    /// its index.
    pub fn setup_combat(&mut self, next_index: &mut u16) {
        let existing = self.combat.take().map(|c| c.index);
        if self.attributes[attr::COMBAT] == 0 {
            return;
        }
        let index = existing.unwrap_or_else(|| {
            let i = *next_index;
            *next_index = next_index.wrapping_add(1);
            i
        });
        self.combat = Some(Combat::new(index, &self.attributes));
    }

    /// `IsDead`: lifecycle selector 8. (The selected player's death override belongs to the
    /// player death service, not yet (coverage: SOUP.md "Combat death service").)
    pub fn is_dead(&self) -> bool {
        self.lifecycle == crate::actor::default::LIFECYCLE_DEAD
    }

    /// `IsSheathingSword`: an animation state, and living state 21 or current group 129.
    /// (The item-system gate always passes: the original always loads the item system. The
    /// shell gate is the animation-state one: a shell record has no animation set.)
    pub fn is_sheathing(&self) -> bool {
        self.set.is_some() && (self.living == living::SHEATHING || self.anim.current == group::SHEATH)
    }

    /// `IsDrawingSword`: an animation state, and living state 20 or current group 91.
    pub fn is_drawing(&self) -> bool {
        self.set.is_some() && (self.living == living::DRAWING || self.anim.current == group::DRAW)
    }

    /// `IsHoldingWeapon` ({A} "Living actor default selection"): attribute 110 before
    /// any gate; otherwise an animation state, a combat record, the drawn flag, and not
    /// sheathing.
    pub fn holds_weapon(&self) -> bool {
        self.attributes[attr::HOLDING_WEAPON] != 0
            || (self.set.is_some() && self.combat.is_some() && self.weapon_drawn && !self.is_sheathing())
    }

    /// The group a taken mask-8 `Transition` forces for the selected player holding the
    /// forward binding: 31 holding a weapon, 30 with a burning torch, else 18.
    pub fn forward_group(&self) -> i16 {
        if self.holds_weapon() {
            31
        } else if self.torch != 0 {
            30
        } else {
            18
        }
    }

    /// Assigns an orientation: the angles wrapped and the matrix rebuilt from identity
    /// ("Upright actor orientation").
    pub fn set_orientation(&mut self, angles: Angles) {
        self.angles = angles;
        self.matrix = Mat3::from_orientation(angles);
    }
}
