//! "Ordinary collision stage" ({A}) and the responses it runs ({M} and the
//! {D:engine/player.md}): the forward obstacle wrapper, the overlap stage, ground
//! prevalidation, the primary support query, the ground response selected by collision bit
//! 0x04 (support height, slope response, falling and landing), the stable position, the
//! body contacts of bit 0x01, the water rollback, support-following and axis restoration.
//! Also the pre-script directional stage of queued and falling motion.

mod body;
mod fall;
mod ground;
mod health;
mod obstacle;
mod overlap;
mod queued;
pub(in crate::world) mod recovery;

use crate::actor::living;
use crate::anim::group;
use crate::capacity::Capacity;
use crate::world::live::Others;
use body::body_response;
use fall::motion_transition;
pub(crate) use fall::{jump_entry, pre_script};
pub(crate) use ground::turn_helper;
use ground::{ground_response, prevalidate};
pub(crate) use health::{
    additive_admission, additive_health, change_health, death_effects, death_owning_health,
};
use obstacle::obstacle_wrapper;
pub(crate) use queued::fall_factor;

use crate::actor::combat;
use crate::actor::{Actor, ActorModel, attr, collide};
use crate::world::queries::{Env, Ground};

/// What the update keeps from before the script stage for a late rollback ("Ordinary
/// collision rollback snapshot").
#[derive(Clone, Copy, Debug)]
pub(crate) struct Snapshot {
    /// The animation receiver.
    pub anim: crate::anim::AnimState,
    /// The packed step counters (the directional movement flags).
    pub steps: u8,
}

/// What the overlap stage does to another actor: applied after the update, since the
/// update holds the others only to read them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Push {
    /// The other actor.
    pub actor: u16,
    /// Its X/Z displacement, runtime units.
    pub displacement: [i32; 2],
    /// Body-response bits it gains.
    pub mark: u8,
    /// A group requested on it (modifier 0).
    pub request: Option<i16>,
    /// The overlap contact identifier stored on it (the updating actor), when one is.
    pub contact: Option<u16>,
}

/// The overlap stage's effects on other actors: at most one per actor-style candidate, and
/// that list holds at most 64, so this never fills.
pub(crate) type Pushes = heapless::Vec<Push, { crate::collision::candidates::MAX_CANDIDATES }>;

/// The dispatch of collision bit 0x04 by living state ({A} "Ordinary collision stage"):
/// states 10–19 run the ledge transition once ("Per-update ledge dispatch"; it changes nothing
/// for an actor other than the selected player), then a finished climb (18) clears the
/// pending group while the climb group is current, else forces the default and ends the
/// state; states 20 and 21 run weapon-draw admission with its cleanup branch instead of the
/// ordinary response; every other state takes the ordinary motion and ground response. (In
/// states 20 and 21 the admission's own gates refuse — state 20 is `IsDrawingSword`, 21
/// `IsSheathingSword` — so what shows is that the ground response does not run until the
/// drawing pass ends the transition.)
fn ground_dispatch<C: Capacity>(
    a: &mut Actor,
    env: &mut Env<'_, '_, C>,
    ground: &Ground,
    sliding_surface: bool,
    reach: i32,
) {
    match a.living {
        living::TURN_HIGH..=living::ENTERING => {
            if env.is_player {
                crate::player::ledge::transition(a, env);
            }
            if a.living == living::FINISHED {
                if matches!(a.anim.current, group::CLIMB_HIGH | group::CLIMB_LOW) {
                    a.anim.pending = crate::anim::NO_GROUP;
                } else {
                    let d = a.anim.default;
                    env.force(a, d);
                    a.living = living::NONE;
                }
            }
        }
        // `BounceObject`'s entry and rise: the lifecycle handler reports the update handled.
        living::BOUNCE_ENTRY | living::BOUNCE_RISING => {}
        living::DRAWING | living::SHEATHING => {
            let is_player = env.is_player;
            let mut cx = env.anim(a);
            combat::weapon_draw_admission(a, is_player, &mut cx);
            a.steps.packed |= cx.move_bits;
        }
        _ => ground_response(a, env, ground, sliding_surface, reach),
    }
}

/// Support-following, attribute-controlled axis restoration and the water-record refresh:
/// what every actor's update does after collision handling.
fn after_collision<C: Capacity>(a: &mut Actor, env: &mut Env<'_, '_, C>, actors: &Others<'_>, me: u16) {
    // Support-following: the rider moves with its supporting actor.
    super::rider::support_following(a, env, actors, me);
    // Attribute-controlled axis restoration (37–39 rotations, 40–42 moves); actors with
    // `attr_slave` set bypass all six ("Ordinary axis locks").
    let slave = a.attr(attr::SLAVE) != 0;
    let stop = |k: usize| !slave && a.attr(attr::STOP_Y_ROTATE + k) != 0;
    let (sy, sx, sz, mx, my, mz) = (stop(0), stop(1), stop(2), stop(3), stop(4), stop(5));
    if sy {
        a.angles.heading = a.previous_angles.heading;
    }
    if sx {
        a.angles.pitch = a.previous_angles.pitch;
    }
    if sz {
        a.angles.roll = a.previous_angles.roll;
    }
    for (k, on) in [mx, my, mz].into_iter().enumerate() {
        if on {
            a.position[k] = a.previous[k];
        }
    }
    if !(1..=4).contains(&a.surface) || a.falling != 0 {
        a.water_record = a.position;
    }
}

/// "Ordinary collision stage" of one actor update. Returns the displacements the overlap
/// stage gave other actors.
pub(crate) fn stage<C: Capacity>(
    a: &mut Actor,
    env: &mut Env<'_, '_, C>,
    snapshot: &Snapshot,
    actors: &Others<'_>,
    me: u16,
) -> Pushes {
    let mut pushes = Pushes::new();
    // An attached actor's coordinates are local to its parent: family refresh places it,
    // and Stros runs no ground or body response on them (the docs leave it open).
    let mask = if a.attached.is_some() { 0 } else { a.collide() };
    match a.model {
        _ if a.attached.is_some() => {}
        ActorModel::None => {}
        ActorModel::Static { .. } => {
            // "Ground stage by model kind": a static model runs it only with attribute 108
            // set and 107 clear, whatever its collision mask.
            if a.attr(attr::FALL_DAMAGE) != 0 && a.attr(attr::FALL_HOLD) == 0 {
                let reach = env.support_reach(a);
                let ground = env.support_query(a, a.position, reach);
                ground_dispatch(a, env, &ground, false, reach);
            }
        }
        ActorModel::Animated if mask != 0 => {
            // The nonplayer path skips the wrapper in the ledge states; the hanging selected
            // player runs it as the state-fifteen bounds response.
            let ledge = living::is_ledge(a.living) && !(env.is_player && a.living == living::HANGING);
            if !ledge && !env.alternate_mode() {
                obstacle_wrapper(a, env);
            }
            if mask & collide::OVERLAP != 0 {
                overlap::overlap(a, env, actors, &mut pushes);
            }
            let (rollback, sliding_surface) = prevalidate(a, env);
            if rollback {
                a.position = a.previous;
                a.steps.packed = 0;
                motion_transition(a, env);
            }
            let reach = env.support_reach(a);
            let ground = env.support_query(a, a.position, reach);
            if mask & collide::GROUND != 0 {
                ground_dispatch(a, env, &ground, sliding_surface, reach);
                // "Stable ordinary position".
                if a.queued == 0 && a.falling == 0 && a.sliding == 0 {
                    a.stable = Some(a.position);
                }
            }
            if mask & collide::BODY != 0
                && (matches!(a.living, living::NONE | living::HANGING)
                    || living::is_landing_or_bounce(a.living))
            {
                body_response(a, env);
            }
            if a.sliding != 0 && a.body_contacts != 0 {
                a.sliding = 0;
            }
            a.attributes[attr::WEIGHT] = a.attr(attr::RESERVED_WEIGHT);
            if recovery::wanted(a, env.systems.shared.veto) {
                recovery::recover(a, env, snapshot, reach);
            }
            // "Ordinary water rollback" (nonplayers standing in water without falling).
            if !env.is_player && a.falling == 0 && a.queued == 0 && (1..=4).contains(&a.surface) {
                a.position = a.water_record;
                a.attributes[attr::WEIGHT] = 0;
                a.steps.packed = snapshot.steps;
                a.anim.restore(&snapshot.anim);
                a.transition |= crate::actor::response::TRANSITION_RESTORED;
            }
        }
        ActorModel::Animated => {}
    }
    after_collision(a, env, actors, me);
    pushes
}
