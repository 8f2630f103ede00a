//! Placed flats on screen ({D:engine/model-lighting.md} "Placed flat drawing" and "Flat
//! image dimensions"; {D:formats/RGM.md} "MPSF (Flat Objects)"), drawn through the renderer
//! production uses, with the rectangles and depths derived by hand.

use stros_core::capacity::Small;
use stros_core::formats::rgm::FlatDraw;
use stros_core::formats::texbsi::Texbsi;
use stros_core::render::flat::Flat;
use stros_core::render::look::{Light, Look};
use stros_core::render::raster::DITHER;
use stros_core::render::view::{self, View};
use stros_core::render::{Framebuffer, Palette};
use stros_core::terrain::VertexCache;
use stros_core::world::effects;
use stros_tools::write::texbsi::{ImageDesc, TexbsiDesc, to_bytes};

const OPAQUE: u8 = 77;

/// Bank 310 with image 5: 16 × 8 texels at texture scale 512 (twice), its left half
/// transparent (index 0) and its right half index 77; and image 6, 8 × 8 of index 78 at
/// the default scale.
fn bank() -> &'static [u8] {
    let half: Vec<u8> = (0..16 * 8).map(|i| if i % 16 < 8 { 0 } else { OPAQUE }).collect();
    let mut five = ImageDesc::still(b"D10005", 16, 8, half);
    five.tex_scale = 512;
    let six = ImageDesc::still(b"D10006", 8, 8, vec![OPAQUE + 1; 64]);
    Box::leak(to_bytes(&TexbsiDesc { images: vec![five, six] }).into_boxed_slice())
}

/// The look (a small build's tables: a desktop look is too large for a test's stack).
fn look() -> Look<'static, Small> {
    let bank = Texbsi::new_checked(bank()).unwrap();
    let mut look = Look::new(None, &[(310, bank)], &Palette::default_world());
    // Full ambient, no sun: every flat is lit at 255, shade row distance / 1024.
    look.light = Light { ambient: 255.0, sun: 0.0, direction: [0.0; 3] };
    look
}

fn flat(position: [f32; 3], image: u8, alpha: u16) -> Flat {
    Flat::placed(position, 310, image, FlatDraw { flags: 1, alpha })
}

/// The frame and depth buffer of `flats` seen from the origin looking along +Z, 320 × 200.
fn draw(flats: &[Flat]) -> (Vec<u8>, Vec<f32>) {
    let (mut px, mut depth) = (vec![0u8; 320 * 200], vec![0f32; 320 * 200]);
    let mut fb = Framebuffer::new(&mut px, 320, 200).unwrap();
    let view = View { eye: [0.0; 3], heading: 0, pitch: 0 };
    let no_terrain: Option<(&VertexCache<'_>, &_)> = None;
    let placed = view::Placed {
        models: [],
        flats: flats.iter().copied(),
        lights: &[],
        object_lights: &[],
        prelit: false,
    };
    view::draw_scene_rows(&mut fb, &mut depth, 0..200, &view, no_terrain, placed, &look());
    (px, depth)
}

/// The pixels of `px` that `look().shades` makes of index `index` at rows 0 or 1 (the
/// shade rows a flat 256 units away can take: 256 / 1024 plus a dither below 1).
fn is_lit(look: &Look<'_, Small>, p: u8, index: u8) -> bool {
    p == look.shades.shade(0, index) || p == look.shades.shade(1, index)
}

#[test]
fn a_flat_covers_its_scaled_image_on_screen_at_its_depth() {
    let (px, depth) = draw(&[flat([0.0, 0.0, 256.0], 5, 255)]);
    let (bare, _) = draw(&[]);
    let look = look();
    // 16 × 8 texels at scale 2: 32 × 16 map units, half extents 16 and 8. The focal lengths
    // at 320 × 200 shown 4:3 are 320 × 0.5 / 0.788 = 203.05 px across and × (4 · 200) /
    // (3 · 320) = 169.20 px down, the centre (160, 100); at depth 256 the half extents are
    // 16 × 203.05 / 256 = 12.69 and 8 × 169.20 / 256 = 5.29 px. Pixel centres x + ½ inside
    // 160 ± 12.69 are columns 147..=172, inside 100 ± 5.29 rows 95..=104. The left half of the image (u < 8, centres left of x = 160) is index 0:
    // transparent. So columns 160..=172 of rows 94..=105 are drawn, at depth 1/256.
    for y in 0..200 {
        for x in 0..320 {
            let (p, d) = (px[y * 320 + x], depth[y * 320 + x]);
            if (160..=172).contains(&x) && (95..=104).contains(&y) {
                assert!(is_lit(&look, p, OPAQUE), "({x}, {y}) is {p}");
                assert_eq!(d, 1.0 / 256.0, "({x}, {y})");
            } else {
                assert_eq!(p, bare[y * 320 + x], "({x}, {y}) is untouched");
                assert_eq!(d, 0.0, "({x}, {y}): a transparent texel writes no depth");
            }
        }
    }
}

#[test]
fn flats_hide_each_other_by_depth_and_show_through_the_key() {
    // Image 6 (8 × 8 map units at scale 1) 128 units behind image 5's quad, centred on its
    // boundary column: 4 × 203.05 / 384 = 2.12 px each side of x = 160 → columns 158..=161,
    // rows 98..=101 (100 ± 4 × 169.20 / 384 = 100 ± 1.76). Columns 158 and 159 lie behind the transparent half and
    // show image 6 (index 78); columns 160 and 161 lie behind the opaque half, which is
    // nearer and wins whatever the drawing order.
    for order in [[0, 1], [1, 0]] {
        let both = [flat([0.0, 0.0, 256.0], 5, 255), flat([0.0, 0.0, 384.0], 6, 255)];
        let (px, depth) = draw(&[both[order[0]], both[order[1]]]);
        let look = look();
        for y in 98..=101 {
            for x in 158..=159 {
                assert!(is_lit(&look, px[y * 320 + x], OPAQUE + 1), "({x}, {y})");
                assert_eq!(depth[y * 320 + x], 1.0 / 384.0);
            }
            for x in 160..=161 {
                assert!(is_lit(&look, px[y * 320 + x], OPAQUE), "({x}, {y})");
                assert_eq!(depth[y * 320 + x], 1.0 / 256.0);
            }
        }
        assert_eq!(px[97 * 320 + 158], draw(&[]).0[97 * 320 + 158], "row 97 is outside image 6");
    }
}

#[test]
fn a_blending_flat_covers_half_of_each_dither_block() {
    // Alpha input 128: coverage 128 / 255 = 0.502; the ordered-dither thresholds (b + ½) / 16
    // below it are those of b = 0..=7, half of every 4 × 4 block. Image 6 at depth 64 spans
    // 4 × 203.05 / 64 = 12.69 px each side across and 4 × 169.20 / 64 = 10.58 px up and
    // down: columns 148..=171, rows 90..=110, so the 4 × 4 blocks from (148, 92) through
    // (168, 104) lie wholly inside it.
    let (px, _) = draw(&[flat([0.0, 0.0, 64.0], 6, 128)]);
    let (bare, _) = draw(&[]);
    for by in (92..108).step_by(4) {
        for bx in (148..168).step_by(4) {
            let drawn = (by..by + 4)
                .flat_map(|y| (bx..bx + 4).map(move |x| y * 320 + x))
                .filter(|&i| px[i] != bare[i])
                .count();
            assert_eq!(drawn, 8, "block at ({bx}, {by})");
        }
    }
}

/// {D:engine/texture-animation.md}: the fisher's torch flame (bank 310, image 21: four frames
/// 110 ms apart, which is (110 × 182 + 5000) / 10000 = 2 BIOS ticks) is bound each frame
/// it is drawn; drawn once per update at BIOS ticks 0, 1, 2, …, it shows frame 0 at ticks
/// 0–1 (the first request selects 0, deadline 2), 1 at 2–3, 2 at 4–5, 3 at 6–7 and 0
/// again at 8.
#[test]
fn the_torch_flame_advances_every_two_ticks_while_drawn() {
    use stros_core::input::Input;
    let mut session = stros_tests::session_at(8);
    let flame = stros_tools::world::art::flat_img::FLAME;
    assert_eq!(session.look.bank_timeline(310, flame).unwrap().frame, None, "not drawn yet");
    let (mut px, mut depth) = (vec![0u8; 320 * 200], vec![0f32; 320 * 200]);
    let mut shown = Vec::new();
    for tick in 0..10u32 {
        session.step(&Input::NONE, tick, None);
        assert_eq!(session.world.report().bios, tick);
        session.draw(&mut Framebuffer::new(&mut px, 320, 200).unwrap(), &mut depth);
        shown.push(session.look.bank_timeline(310, flame).unwrap().frame.unwrap());
    }
    assert_eq!(shown, [0, 0, 1, 1, 2, 2, 3, 3, 0, 0]);
    // A frame drawn again at the same tick keeps its frame.
    session.draw(&mut Framebuffer::new(&mut px, 320, 200).unwrap(), &mut depth);
    assert_eq!(
        session.look.bank_timeline(310, flame).unwrap(),
        stros_core::render::look::Timeline { frame: Some(0), deadline: 10 }
    );
}

/// The open water (terrain image 0: four frames 220 ms = (220 × 182 + 5000) / 10000 = 4
/// ticks apart), drawn once per update from over the sea looking at the island (the bench's
/// view): a frame every four ticks, the first request selecting frame 0.
#[test]
fn the_sea_moves_every_four_ticks() {
    use stros_core::input::Input;
    let mut session = stros_tests::session_at(0);
    let (mut px, mut depth) = (vec![0u8; 320 * 200], vec![0f32; 320 * 200]);
    let sea = View { eye: [30_000.0, -600.0, 12_000.0], heading: 0, pitch: 40 };
    let mut water = Vec::new();
    for tick in 0..10u32 {
        session.step(&Input::NONE, tick, None);
        let mut fb = Framebuffer::new(&mut px, 320, 200).unwrap();
        stros_core::render::world::draw(&mut fb, &mut depth, &session.world, &sea, &session.look);
        water.push(session.look.terrain_timeline(0).unwrap().frame.unwrap());
    }
    assert_eq!(water, [0, 0, 0, 0, 1, 1, 1, 1, 2, 2]);
}

/// Image 5 as an effect's texture: archive 310 above the seven-bit image, 310 × 128 + 5.
const IMAGE_5: u16 = 39_685;

#[test]
fn a_rising_effect_draws_its_frame_at_half_size_without_writing_depth() {
    // {D:engine/SOUP.md} "Environmental effect frame submission": flag 0x20000 takes the
    // alternate path — the retained frame, geometry scale ½, alpha 140, drawing flags 0x201
    // (0x200: no depth write), the world's ambientfx as brightness — whatever the map's
    // FLAT attributes say.
    let e = effects::Submitted { flags: 2, texture: IMAGE_5, position: [0, 0, 256], frame: 0 };
    let f = Flat::effect(&e, FlatDraw { flags: 0x41, alpha: 9 }, 128.0);
    assert_eq!((f.bank, f.image, f.draw), (310, 5, FlatDraw { flags: 0x201, alpha: 140 }));
    assert_eq!((f.frame, f.scale, f.brightness), (Some(0), 0.5, 128.0));
    let (px, depth) = draw(&[f]);
    let (bare, _) = draw(&[]);
    let look = look();
    // 16 × 8 texels × texture scale 2 × ½ = 16 × 8 map units, half extents 8 and 4: at
    // depth 256, 8 × 203.05 / 256 = 6.35 and 3.17 px about (160, 100). Columns 154..=165,
    // rows 97..=102; the opaque right half is columns 160..=165. Alpha 140: a pixel is drawn
    // where its dither threshold (b + ½) / 16 is below 140 / 255 = 0.549, b ≤ 8.
    for y in 0..200 {
        for x in 0..320 {
            let p = px[y * 320 + x];
            let inside = (160..=165).contains(&x) && (97..=102).contains(&y);
            if inside && DITHER[y & 3][x & 3] <= 8 {
                assert!(is_lit(&look, p, OPAQUE), "({x}, {y}) is {p}");
            } else {
                assert_eq!(p, bare[y * 320 + x], "({x}, {y}) is untouched");
            }
            assert_eq!(depth[y * 320 + x], 0.0, "({x}, {y}): no depth is written");
        }
    }
    // A frame the image lacks (image 5 has one) draws nothing.
    let (px, _) = draw(&[Flat { frame: Some(1), ..f }]);
    assert_eq!(px, bare);
}

#[test]
fn an_ordinary_effect_takes_the_map_s_flat_attributes_and_the_small_scale() {
    // Without flag 0x20000: automatic frames, brightness 255, the FLAT record's flags and
    // alpha; flag 0x10000 selects the caller scale 90, geometry 90 / 256.
    let e = effects::Submitted { flags: 1, texture: IMAGE_5, position: [0, 0, 256], frame: 3 };
    let f = Flat::effect(&e, FlatDraw { flags: 1, alpha: 255 }, 128.0);
    assert_eq!(
        (f.draw, f.frame, f.scale, f.brightness),
        (FlatDraw { flags: 1, alpha: 255 }, None, 90.0 / 256.0, 255.0)
    );
    let f = Flat::effect(&effects::Submitted { flags: 0, ..e }, FlatDraw { flags: 1, alpha: 255 }, 128.0);
    assert_eq!(f.scale, 1.0);
}

#[test]
fn drawing_flag_0x20_mirrors_a_flat_left_to_right() {
    // The half extents of a_flat_covers_its_scaled_image_on_screen_at_its_depth with the X
    // one negated: the image's opaque right half now shows on the left, columns 147..=159
    // (centres inside 160 − 12.69 .. 160), rows 95..=104.
    let (px, _) = draw(&[Flat::placed([0.0, 0.0, 256.0], 310, 5, FlatDraw { flags: 0x21, alpha: 255 })]);
    let (bare, _) = draw(&[]);
    let look = look();
    for y in 90..110 {
        for x in 140..180 {
            let p = px[y * 320 + x];
            if (147..=159).contains(&x) && (95..=104).contains(&y) {
                assert!(is_lit(&look, p, OPAQUE), "({x}, {y}) is {p}");
            } else {
                assert_eq!(p, bare[y * 320 + x], "({x}, {y})");
            }
        }
    }
}
