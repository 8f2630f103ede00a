//! Health changes: the generic health-with-death admission, "Nonplayer health mutation" and
//! a nonplayer's death at zero, and the selected player's death-owning health service
//! ({D:engine/SOUP.md} "Selected-player death-owning health mode").

use crate::actor::combat;
use crate::actor::{Actor, attr};
use crate::anim::AnimEvent;
use crate::anim::group;
use crate::capacity::Capacity;
use crate::world::queries::Env;

/// The current and pending groups that suppress the damage reaction: the hurt and fatal
/// landings and the reaction's own four.
const REACTION_GROUPS: [i16; 6] = [
    group::HURT,
    group::FATAL,
    group::DAMAGE_ARMED_A,
    group::DAMAGE_ARMED_B,
    group::DAMAGE_A,
    group::DAMAGE_B,
];

/// The generic health-with-death admission ({D:engine/SOUP.md} "Health native routing"): no
/// change with attribute 120 (invulnerable), nor with attribute 97 unless holding a weapon
/// or in combat. An admitted selected player forwards to his death-owning health with no
/// source ([`death_owning_health`]); any other receiver takes "Nonplayer health mutation"
/// ({D:engine/player.md}): attribute 3 plus the change, clamped to 0…255, and at zero the
/// death dispatch.
pub(crate) fn change_health<C: Capacity>(a: &mut Actor, env: &mut Env<'_, '_, C>, change: i32) {
    if a.attr(attr::NO_HEALTH_CHANGE) != 0 || (a.attr(attr::ARMED_ONLY_TARGET) != 0 && !a.in_combat_stance())
    {
        return;
    }
    if env.is_player {
        death_owning_health(a, env, change, None);
        return;
    }
    let h = (a.attr(attr::HEALTH) as i32).wrapping_add(change).clamp(0, 255);
    a.attributes[attr::HEALTH] = h as u8;
    env.health = Some(env.health.unwrap_or(0).wrapping_add(change));
    if h == 0 && !a.is_dead() {
        nonplayer_death(a, env);
    }
}

/// The generic additive-health admission ({D:engine/SOUP.md} "Health native routing"): the
/// same attribute gates as [`change_health`]; an admitted selected player takes his additive
/// health ([`additive_health`]). Best guess: the docs do not say what an admitted nonplayer's
/// additive change is beyond "changing nonplayer health"; Stros takes "Nonplayer health
/// mutation"'s arithmetic without its death dispatch, the one thing the name sets apart.
pub(crate) fn additive_admission<C: Capacity>(a: &mut Actor, env: &mut Env<'_, '_, C>, change: i32) {
    if a.attr(attr::NO_HEALTH_CHANGE) != 0 || (a.attr(attr::ARMED_ONLY_TARGET) != 0 && !a.in_combat_stance())
    {
        return;
    }
    if env.is_player {
        additive_health(a, env, change);
        return;
    }
    let h = (a.attr(attr::HEALTH) as i32).wrapping_add(change).clamp(0, 255);
    a.attributes[attr::HEALTH] = h as u8;
    env.health = Some(env.health.unwrap_or(0).wrapping_add(change));
}

/// "Selected-player additive health": nothing while hit inhibition is set; otherwise the
/// wrapping sum clamped to 0 … 100, and a negative change takes the damage reaction even at
/// zero — this service never kills. The new health is the session's retained health
/// ({D:engine/menu.md} "Selection and actions"). (Its HUD feedback timer and displayed health are the
/// HUD's; its taunt is dropped, as in [`death_owning_health`].)
pub(crate) fn additive_health<C: Capacity>(a: &mut Actor, env: &mut Env<'_, '_, C>, change: i32) {
    if env.systems.player.death.hit_inhibition {
        return;
    }
    let h = (a.attr(attr::HEALTH) as i32).wrapping_add(change).clamp(0, attr::MAX_HEALTH);
    a.attributes[attr::HEALTH] = h as u8;
    env.systems.retained.health = h as u8;
    env.health = Some(env.health.unwrap_or(0).wrapping_add(change));
    if change < 0 {
        damage_reaction(a, env);
    }
}

/// The selected player's death-owning health service ({D:engine/SOUP.md} "Selected-player
/// death-owning health mode"), `source` the source actor's attribute 109 (`None` without a
/// source). Hit inhibition rejects it. A negative change first resets his action and detaches
/// his rope; health becomes the wrapping sum clamped to 0 … 100. At zero, unless death is
/// suppressed, he dies ([`player_death`]); otherwise the override, hit inhibition and
/// death progress clear and a negative change takes the damage reaction ([`damage_reaction`]).
/// The new health is the session's retained health ({D:engine/menu.md} "Selection and
/// actions").
///
/// The HUD feedback timer it also writes is the HUD's, which the core does not keep (the
/// session's candle follows attribute 3). Taunt requests
/// need COMBAT.INI's taunt lists, which the core does not load: they are dropped.
pub(crate) fn death_owning_health<C: Capacity>(
    a: &mut Actor,
    env: &mut Env<'_, '_, C>,
    change: i32,
    source: Option<u8>,
) {
    if env.systems.player.death.hit_inhibition {
        return;
    }
    if change < 0 {
        // Best guess: the docs name an "action reset" without saying which action; Stros
        // resets the combat action selector, the one the death branches reset too.
        if let Some(c) = a.combat.as_mut() {
            c.action = -1;
        }
        // Stros has no rope motion: detaching is dropping the association.
        a.rope = false;
    }
    let h = (a.attr(attr::HEALTH) as i32).wrapping_add(change).clamp(0, attr::MAX_HEALTH);
    a.attributes[attr::HEALTH] = h as u8;
    env.systems.retained.health = h as u8;
    env.health = Some(env.health.unwrap_or(0).wrapping_add(change));
    if h == 0 && !env.systems.player.death.suppressed {
        player_death(a, env, source);
        return;
    }
    env.systems.player.death_override = None;
    env.systems.player.death.hit_inhibition = false;
    env.systems.player.death.progress = 0;
    if change < 0 {
        damage_reaction(a, env);
    }
}

/// The death branch of the death-owning service: hit inhibition on, progress cleared, his
/// position captured, death notification (selector 8, nothing else). An existing override
/// stays; else the source's nonzero attribute 109 becomes it; else deep water (stored
/// surface 2 or 4) sets death mode 2, attribute 105 at 1 chooses no animation, falling or
/// landing groups 114, 116, 130 and 131 give override 74, and otherwise he force-starts 134
/// unarmed, or armed the 122/121 pair with its death default 124/123 and the walk nodes
/// released ([`combat::death_pair`]).
fn player_death<C: Capacity>(a: &mut Actor, env: &mut Env<'_, '_, C>, source: Option<u8>) {
    let death = &mut env.systems.player.death;
    death.hit_inhibition = true;
    death.progress = 0;
    death.position = a.position;
    a.lifecycle = crate::actor::default::LIFECYCLE_DEAD;
    if env.systems.player.death_override.is_some() {
        return;
    }
    if let Some(g) = source.filter(|&g| g != 0) {
        env.systems.player.death_override = Some(g as i16);
        return;
    }
    if matches!(a.surface, 2 | 4) {
        env.systems.player.death.mode = 2;
    }
    if a.attr(attr::PLAYER_TYPE) == 1 {
        return;
    }
    if a.falling != 0 || group::is_landing(a.anim.current) {
        env.systems.player.death_override = Some(group::FATAL);
    } else if !a.holds_weapon() {
        env.force(a, group::DEATH);
    } else {
        let me = env.me;
        let (mut cx, mut walk) = env.anim_and_walk(a);
        combat::death_pair(a, me, Some(&mut walk), &mut cx);
        a.steps.packed |= cx.move_bits;
    }
}

/// The damage reaction ({D:engine/SOUP.md} "Selected-player additive health"): nothing while
/// the current or pending group is a hurt, fatal or reaction group; otherwise the shared
/// random generator's parity picks 133 (even) or 132 unarmed, 118 or 117 holding a weapon.
/// Then the action follow-up — hanging, the selected player lets go ([`hang_release`]) — and
/// the motion follow-up, which destroys a rope attachment.
///
/// Best guess: the docs say the reaction's animation "starts" without saying whether the
/// request is forced; Stros makes an ordinary request, so a higher-priority group is kept.
///
/// [`hang_release`]: crate::player::ledge::hang_release
fn damage_reaction<C: Capacity>(a: &mut Actor, env: &mut Env<'_, '_, C>) {
    if REACTION_GROUPS.contains(&a.anim.current) || REACTION_GROUPS.contains(&a.anim.pending) {
        return;
    }
    let even = env.systems.rng.draw() & 1 == 0;
    let g = match (a.holds_weapon(), even) {
        (false, true) => group::DAMAGE_B,
        (false, false) => group::DAMAGE_A,
        (true, true) => group::DAMAGE_ARMED_B,
        (true, false) => group::DAMAGE_ARMED_A,
    };
    env.request(a, g);
    if env.is_player {
        crate::player::ledge::hang_release(a, env);
    }
    a.rope = false;
}

/// "Selected death effect admission": the death controller's environmental effects for
/// death mode 1 or 2, after the progress word gained this call's ticks (`progress`). Mode 1
/// emits its first image (`0xb081`), then twice draws `Rnd(progress / 6 + 1)`, a zero
/// emitting `0x22480` the first time and `0x2580` the second, and past progress 12 a final
/// `0x32480`. Mode 2 draws one raw value and emits only when it ANDed with `progress + 1` is
/// zero: `0x2500` before progress 12, `0x12500` from 12, then sound 71 (70 from 12) with a
/// playback-rate offset of `Rnd(64) − 32` Hz. Other modes emit nothing.
///
/// Best guess: the docs keep mode 1's two draws "ordered and independent" without saying
/// whether the first emission's own position draws come before the second draw; Stros
/// emits each image as soon as its draw admits it.
pub(crate) fn death_effects<C: Capacity>(a: &Actor, env: &mut Env<'_, '_, C>, mode: i32, progress: i32) {
    match mode {
        1 => {
            death_effect(a, env, 0xb081, true);
            for descriptor in [0x22480, 0x2580] {
                if env.systems.rng.bounded(progress / 6 + 1) == 0 {
                    death_effect(a, env, descriptor, false);
                }
            }
            if progress > crate::player::death::PROGRESS_LIMIT {
                death_effect(a, env, 0x32480, false);
            }
        }
        2 => {
            if env.systems.rng.draw() & progress.wrapping_add(1) != 0 {
                return;
            }
            let late = progress >= crate::player::death::PROGRESS_LIMIT;
            death_effect(a, env, if late { 0x12500 } else { 0x2500 }, false);
            let hz = env.systems.rng.bounded(64) - 32;
            env.events.push(AnimEvent::SoundHz { effect: if late { 70 } else { 71 }, hz: hz as i16 });
        }
        _ => {}
    }
}

/// One death-controller image: the actor's logical X/Z moved 2048 toward the camera (the
/// bearing from the camera, as the transition effects take it), then X and Z each moved by
/// `Rnd(32) × 256 − 4096` for the `wide` first image of mode 1, else `Rnd(8) × 256 − 1024`;
/// Y the logical Y plus the positive Y bounds extent × 256 plus 1536.
fn death_effect<C: Capacity>(a: &Actor, env: &mut Env<'_, '_, C>, descriptor: u32, wide: bool) {
    let bearing = crate::math::direction_from_displacement(
        a.position[0].wrapping_sub(env.systems.view[0]),
        a.position[2].wrapping_sub(env.systems.view[2]),
    ) as i32;
    let index = (bearing - 1024) & 2047;
    let moved = |c: i32, f: f32| (c as f32 + 2048.0 * f) as i32;
    let (bound, base) = if wide { (32, 4096) } else { (8, 1024) };
    let mut jitter = || env.systems.rng.bounded(bound).wrapping_mul(256).wrapping_sub(base);
    let x = moved(a.position[0], crate::tables::sin(index)).wrapping_add(jitter());
    let z = moved(a.position[2], crate::tables::cos(index)).wrapping_add(jitter());
    let y = a.position[1].wrapping_add(a.bounds.positive[1].wrapping_mul(256)).wrapping_add(1536);
    env.events.push(AnimEvent::Effect { descriptor, at: [x, y, z] });
}

/// A nonplayer's death animation and notification at zero health. Unarmed, group 74 is
/// forced while falling or in landing groups 114, 116, 130 or 131, else 134. Armed
/// (`IsHoldingWeapon`), the docs give "separate combat animation and state services": Stros
/// takes the armed branch of the death-owning service and the contact death dispatch —
/// the 122/121 pair with its stored death default 124/123, the walk nodes released
/// ([`combat::death_pair`]). Either way death notification sets selector 8.
///
/// Of the seed's callers of the pairs only this one and the selected player's death-owning
/// service are reachable: the combat death service and the contact dispatch follow weapon
/// hits, not yet (coverage: SOUP.md "Combat death service").
pub(super) fn nonplayer_death<C: Capacity>(a: &mut Actor, env: &mut Env<'_, '_, C>) {
    if a.holds_weapon() {
        let me = env.me;
        let (mut cx, mut walk) = env.anim_and_walk(a);
        combat::death_pair(a, me, Some(&mut walk), &mut cx);
        a.steps.packed |= cx.move_bits;
    } else {
        let unarmed_fatal = a.falling != 0 || group::is_landing(a.anim.current);
        env.force(a, if unarmed_fatal { group::FATAL } else { group::DEATH });
    }
    a.lifecycle = crate::actor::default::LIFECYCLE_DEAD;
}
