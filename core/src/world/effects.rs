//! The environmental effect pool ({D:engine/SOUP.md} "Environmental effect animation",
//! "Environmental effect frame submission"): the short animated billboards — splashes,
//! lava spurts, sand puffs, a dying player's bubbles — that the engine creates where an
//! actor enters water or sand, lands, or dies, each living until its texture's last frame
//! has played.
//!
//! The world loop submits the live effects after the models are placed and before the
//! object updates, the updates create new ones, and their lifetimes advance after the
//! updates; an effect submitted in a loop is drawn in that loop's frame even when its
//! lifetime ends in the same loop.

use crate::capacity::{Capacity, Table};
use crate::files::Files;
use crate::formats::rgm::flat::{texture_archive, texture_image};
use crate::formats::texbsi::Texbsi;

/// Packed-descriptor flag (upper sixteen bits): the ordinary path draws at scale 90/256.
pub const SMALL: u32 = 0x1_0000;
/// Packed-descriptor flag: the alternate path (explicit frame, half scale, alpha 140, no
/// depth write), and the effect rises `nominal_ticks + 2` whole map units per submission.
pub const RISING: u32 = 0x2_0000;

/// The textures of the effects the engine itself creates (the low sixteen bits of every
/// descriptor in player.md "Water and lava transition effects", SOUP.md "Selected death
/// effect admission" and animation.md "Actor events"): what the world resolves when it
/// loads, as the original has them loaded when it constructs one.
pub const ENGINE_TEXTURES: [u16; 5] = [0x2500, 0x2580, 0x2700, 0x2480, 0xb081];

/// What construction reads of an effect's texture: its first frame's height and its frame
/// count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EffectImage {
    /// Height of one frame, texels.
    pub height: u16,
    /// Frames.
    pub frames: u16,
}

/// The image `texture` names in `files` (`TEXBSI.###` by its archive), `None` when the
/// archive or the image is missing or damaged.
pub fn resolve<'a>(files: &impl Files<'a>, texture: u16) -> Option<EffectImage> {
    let (archive, image) = (texture_archive(texture), texture_image(texture));
    let bank = Texbsi::new_checked(files.file(&crate::formats::texbsi::bank_file_name(archive))?).ok()?;
    let image = bank.image(image as u16)?;
    Some(EffectImage {
        height: image.height().min(u16::MAX as usize) as u16,
        frames: image.frames().min(u16::MAX as usize) as u16,
    })
}

/// One slot of the pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Effect {
    /// In use.
    pub active: bool,
    /// The descriptor's upper sixteen bits.
    pub flags: u16,
    /// The descriptor's lower sixteen bits: the texture identity.
    pub texture: u16,
    /// Whole map units (the constructed runtime point shifted right by eight).
    pub position: [i32; 3],
    /// The current frame; `-1` holds it.
    pub frame: i32,
    /// The frame it started from, which chooses the direction of play.
    pub reference: i32,
    /// The last frame: the texture's frame count minus one.
    pub target: i32,
    /// Frames per nominal tick.
    pub speed: i32,
    /// The frame the latest submission handed over, when it submitted this slot's effect
    /// (its flags, texture and position have not changed since): it is drawn even if its
    /// lifetime has ended since.
    pub submitted: Option<i32>,
}

/// One effect as the latest submission handed it to the frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Submitted {
    /// The descriptor's upper sixteen bits.
    pub flags: u16,
    /// The texture identity.
    pub texture: u16,
    /// Whole map units.
    pub position: [i32; 3],
    /// The retained frame at submission (the alternate path draws it).
    pub frame: i32,
}

/// A world's effect pool, its slots sized by the build ([`Capacity::Effects`]).
#[derive(Clone, Debug, Default)]
pub struct EffectPool<C: Capacity> {
    slots: C::Effects<Effect>,
    free: usize,
    /// The engine textures' images, in [`ENGINE_TEXTURES`] order.
    images: [Option<EffectImage>; ENGINE_TEXTURES.len()],
}

impl<C: Capacity> EffectPool<C> {
    /// The pool a world opens with: `max_effects` slots (negative reads as zero; at most
    /// what the build holds), every one free; a zero capacity or a nonzero `disable_effects`
    /// leaves it disabled. `images` are the [`ENGINE_TEXTURES`]' images.
    pub fn open(max_effects: i32, disable_effects: i32, images: [Option<EffectImage>; 5]) -> Self {
        let mut pool = EffectPool::default();
        pool.reopen(max_effects, disable_effects, images);
        pool
    }

    /// [`EffectPool::open`] in place: the previous pool is torn down, its storage kept.
    pub fn reopen(&mut self, max_effects: i32, disable_effects: i32, images: [Option<EffectImage>; 5]) {
        let held = <C::Effects<Effect> as Table<Effect>>::CAPACITY;
        let capacity = if disable_effects != 0 { 0 } else { (max_effects.max(0) as usize).min(held) };
        self.slots.clear();
        for _ in 0..capacity {
            let _ = self.slots.push(Effect::default());
        }
        (self.free, self.images) = (capacity, images);
    }

    /// Whether the pool takes effects.
    pub fn enabled(&self) -> bool {
        !self.slots.is_empty()
    }

    /// Free slots.
    pub fn free(&self) -> usize {
        self.free
    }

    /// The slots in the retained list order.
    pub fn slots(&self) -> &[Effect] {
        &self.slots
    }

    fn image(&self, texture: u16) -> Option<EffectImage> {
        let k = ENGINE_TEXTURES.iter().position(|&t| t == texture)?;
        self.images[k]
    }

    /// The type-one constructor with zero spread: `descriptor` split into flags and texture,
    /// `at` in runtime units. It takes the first free slot from the head of the list; the
    /// effect starts at frame 0 toward the texture's last frame, half its height above `at`
    /// (Y down: `height × 128` subtracted, wrapping), published in whole map units (each
    /// coordinate shifted right by eight). Returns the slot, or `None` when the pool is
    /// disabled or full, or the texture is not loaded (best guess: the docs do not say what
    /// a missing texture does; nothing is created).
    pub fn construct(&mut self, descriptor: u32, at: [i32; 3], speed: i32) -> Option<usize> {
        let texture = descriptor as u16;
        let image = self.image(texture)?;
        let k = self.slots.iter().position(|e| !e.active)?;
        let y = at[1].wrapping_sub(i32::from(image.height).wrapping_mul(128));
        self.slots[k] = Effect {
            active: true,
            flags: (descriptor >> 16) as u16,
            texture,
            position: [at[0] >> 8, y >> 8, at[2] >> 8],
            frame: 0,
            reference: 0,
            target: i32::from(image.frames) - 1,
            speed,
            submitted: None,
        };
        self.free -= 1;
        Some(k)
    }

    /// Frees slot `k`: an active slot becomes free; a free one stays so.
    pub fn release(&mut self, k: usize) {
        if let Some(e) = self.slots.get_mut(k)
            && e.active
        {
            e.active = false;
            self.free = (self.free + 1).min(self.slots.len());
        }
    }

    /// The frame submission, once a loop after the models are placed: only when a slot is
    /// active, every active effect in list order — a [`RISING`] one first rises
    /// `nominal_ticks + 2` (wrapping) — is handed to the frame with a nonzero texture. What
    /// was handed over before is withdrawn (the frame is rebuilt).
    pub fn submit(&mut self, nominal_ticks: i32) {
        let any = self.free < self.slots.len();
        for e in self.slots.iter_mut() {
            e.submitted = None;
            if !any || !e.active {
                continue;
            }
            if u32::from(e.flags) << 16 & RISING != 0 {
                e.position[1] = e.position[1].wrapping_sub(nominal_ticks.wrapping_add(2));
            }
            // A positive signed descriptor admits the draw: the identity is zero-extended.
            if e.texture != 0 {
                e.submitted = Some(e.frame);
            }
        }
    }

    /// The lifetime update, once a loop after the object updates: an effect with a nonzero
    /// texture whose frame is not held (`-1`) and whose reference is not its target plays
    /// `nominal_ticks × speed` frames (wrapping) toward the target, up when its reference
    /// is below it and down when above, and is freed once past it.
    pub fn update(&mut self, nominal_ticks: i32) {
        for k in 0..self.slots.len() {
            let e = &mut self.slots[k];
            if !e.active || e.texture == 0 || e.frame == -1 || e.reference == e.target {
                continue;
            }
            let step = nominal_ticks.wrapping_mul(e.speed);
            let expired = if e.reference < e.target {
                e.frame = e.frame.wrapping_add(step);
                e.frame > e.target
            } else {
                e.frame = e.frame.wrapping_sub(step);
                e.frame < e.target
            };
            if expired {
                self.release(k);
            }
        }
    }

    /// What the latest submission handed the frame, in list order.
    pub fn submitted(&self) -> impl Iterator<Item = Submitted> + '_ {
        self.slots.iter().filter_map(|e| {
            let frame = e.submitted?;
            Some(Submitted { flags: e.flags, texture: e.texture, position: e.position, frame })
        })
    }
}

impl<C: Capacity> super::World<'_, C> {
    /// The world's environmental effect pool.
    pub fn effects(&self) -> &EffectPool<C> {
        &self.systems.effects
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPLASH: EffectImage = EffectImage { height: 16, frames: 4 };

    type Pool = EffectPool<crate::capacity::Desktop>;

    fn pool(capacity: i32) -> Pool {
        Pool::open(capacity, 0, [Some(SPLASH), None, None, None, None])
    }

    #[test]
    fn capacity_follows_max_effects_and_disable_effects() {
        assert_eq!(pool(32).slots().len(), 32);
        assert_eq!(pool(-5).slots().len(), 0);
        assert!(!pool(0).enabled());
        assert_eq!(pool(1000).slots().len(), 256);
        assert!(!Pool::open(32, 1, [Some(SPLASH); 5]).enabled());
    }

    #[test]
    fn construction_takes_the_first_free_slot_half_a_texture_up() {
        let mut p = pool(2);
        // Y: 0x10000 − 16 × 128 = 63,488 → whole units 248; X −256 → −1 (arithmetic shift).
        assert_eq!(p.construct(0x2_2500, [-256, 0x1_0000, 0x0fff], 1), Some(0));
        let e = p.slots()[0];
        assert_eq!((e.flags, e.texture, e.position), (2, 0x2500, [-1, 248, 15]));
        assert_eq!((e.frame, e.reference, e.target, e.speed), (0, 0, 3, 1));
        assert_eq!(p.construct(0x2500, [0; 3], 1), Some(1));
        // Full, then an unloaded texture: nothing.
        assert_eq!(p.construct(0x2500, [0; 3], 1), None);
        p.release(0);
        p.release(0);
        assert_eq!(p.free(), 1);
        assert_eq!(p.construct(0x2580, [0; 3], 1), None);
        assert_eq!(p.construct(0x2500, [0; 3], 1), Some(0));
    }

    #[test]
    fn an_effect_lives_through_its_last_frame() {
        // Four frames at speed one, two nominal ticks a loop: frames 2, 4 (> 3: freed).
        let mut p = pool(1);
        p.construct(0x2500, [0; 3], 1);
        p.update(2);
        assert_eq!((p.slots()[0].active, p.slots()[0].frame), (true, 2));
        // One tick: frame 3 equals the target and lives.
        p.update(1);
        assert_eq!((p.slots()[0].active, p.slots()[0].frame), (true, 3));
        p.submit(1);
        p.update(1);
        assert!(!p.slots()[0].active);
        // Submitted before it expired, it is still drawn this loop.
        assert_eq!(p.submitted().count(), 1);
        p.submit(1);
        assert_eq!(p.submitted().count(), 0);
    }

    #[test]
    fn a_single_frame_effect_never_expires() {
        // Target 0 equals the reference: the updater leaves it alone.
        let mut p = Pool::open(1, 0, [Some(EffectImage { height: 8, frames: 1 }), None, None, None, None]);
        p.construct(0x2500, [0; 3], 1);
        p.update(100);
        assert!(p.slots()[0].active);
    }

    #[test]
    fn a_rising_effect_climbs_at_each_submission() {
        // Flag 0x20000 (upper half 2): Y falls by nominal ticks + 2 per submission.
        let mut p = pool(1);
        p.construct(RISING | 0x2500, [0, 0x1_0000, 0], 1);
        p.submit(3);
        assert_eq!(p.slots()[0].position[1], 248 - 5);
        assert_eq!(p.submitted().next().map(|s| (s.position[1], s.frame)), Some((243, 0)));
    }
}
