//! The 3D world view over the embedded island: the rasterizer's coverage and depth rules,
//! the textures and colours taken from the banks, textured terrain (a known cell's texels
//! where they belong), the water wave, textured models, the light, the sky plane, both
//! screen sizes, what the village looks like from known viewpoints, and that garbage never
//! panics.

use stros_core::collision::statics::Statics;
use stros_core::embedded;
use stros_core::formats::col::Col;
use stros_core::formats::model::{Model, Texture};
use stros_core::formats::rgm::Rgm;
use stros_core::formats::rob::{ATTR_CHROMA_KEY, Rob};
use stros_core::formats::texbsi::Texbsi;
use stros_core::formats::wld::Wld;
use stros_core::math::{Axis, Mat3};
use stros_core::render::look::{self, Light, Sky, Texels};
use stros_core::render::palette::Palette;
use stros_core::render::raster::Raster;
use stros_core::render::raster::{Corner, Paint};
use stros_core::render::view::{self, Instance, View};
use stros_host::Desktop;

/// The frontends' look: its banks on the heap.
type Look<'a> = stros_core::render::look::Look<'a, Desktop>;
use stros_core::render::{Framebuffer, HEIGHT, HEIGHT_HIGH, Shades, WIDTH, WIDTH_HIGH};
use stros_core::terrain::{Decoded, VertexCache, VertexHeights, Wave};
use stros_core::units::Angles;
use stros_tests::Rng;
use stros_tools::world::art::ramp;
use stros_tools::world::{models, terrain::tex};

const W: usize = WIDTH;
const H: usize = HEIGHT;
/// The first house of the village and the viewpoint the issue names.
const HOUSE: [f32; 3] = [33000.0, -240.0, 33600.0];
const HOUSE_VIEW: View = View { eye: [33000.0, -400.0, 32400.0], heading: 0, pitch: 0 };
/// Marker 0, on the plateau: Cyrus's origin is his body centre, 62 above his feet.
const CYRUS_AT: [f32; 3] = [35000.0, -302.0, 30600.0];

struct World {
    wld: Wld<'static>,
    heights: Decoded<'static>,
    look: Look<'static>,
    statics: Statics<'static, stros_core::capacity::Small>,
}

fn palette() -> Palette {
    Palette::from_rgb8(&Col::new_checked(embedded::COL).unwrap().to_rgb_array())
}

/// The embedded island's look as the world renderer builds it (island day light), with
/// still water.
fn island_look() -> Look<'static> {
    let t302 = Texbsi::new_checked(embedded::TEXBSI_302).unwrap();
    let t310 = Texbsi::new_checked(embedded::TEXBSI_310).unwrap();
    let mut look = Look::new(Some(&t302), &[(310, t310)], &palette());
    look.light = Light::island_day();
    look
}

/// [`island_look`] with a change.
fn island_with(change: impl FnOnce(&mut Look<'static>)) -> Look<'static> {
    let mut look = island_look();
    change(&mut look);
    look
}

fn world() -> World {
    let wld = Wld::new_checked(embedded::WLD).unwrap();
    let rgm = Rgm::new_checked(embedded::RGM).unwrap();
    let rob = Rob::new_checked(embedded::ROB).unwrap();
    World {
        wld,
        heights: Decoded::new(wld, 0),
        look: island_look(),
        statics: Statics::new(&rgm, &rob).unwrap(),
    }
}

fn cyrus(frame: u32) -> Instance<'static> {
    Instance {
        model: Model::new_checked(embedded::CYRUS_3DC).unwrap(),
        frame,
        position: CYRUS_AT,
        matrix: Mat3::IDENTITY.m,
        map_lit: false,
        attributes: 0,
    }
}

impl World {
    fn village(&self) -> impl Iterator<Item = Instance<'static>> + '_ {
        self.statics.placements().iter().map(Instance::from)
    }

    fn render<'m>(
        &self,
        view: &View,
        terrain: bool,
        instances: impl IntoIterator<Item = Instance<'m>>,
    ) -> Vec<u8> {
        self.render_with(&self.look, view, terrain, instances)
    }

    fn render_with<'m>(
        &self,
        look: &Look<'_>,
        view: &View,
        terrain: bool,
        instances: impl IntoIterator<Item = Instance<'m>>,
    ) -> Vec<u8> {
        render_sized(W, H, |fb, depth| {
            let t = terrain.then_some((&self.heights, &self.wld));
            view::draw(fb, depth, view, t, instances, look);
        })
    }
}

fn render_sized(w: usize, h: usize, draw: impl FnOnce(&mut Framebuffer<'_>, &mut [f32])) -> Vec<u8> {
    let mut px = vec![0u8; w * h];
    let mut depth = vec![0f32; w * h];
    let mut fb = Framebuffer::new(&mut px, w, h).unwrap();
    draw(&mut fb, &mut depth);
    px
}

fn distinct(pixels: impl IntoIterator<Item = u8>) -> usize {
    let mut seen = [false; 256];
    for p in pixels {
        seen[p as usize] = true;
    }
    seen.iter().filter(|&&s| s).count()
}

fn ramp_of(index: u8) -> u8 {
    index & 0xF0
}

fn at(px: &[u8], p: [f32; 2]) -> u8 {
    assert!((0.0..W as f32).contains(&p[0]) && (0.0..H as f32).contains(&p[1]), "{p:?} is off screen");
    let (x, y) = (p[0] as usize, p[1] as usize);
    px[y * W + x]
}

fn ramp_count(px: &[u8], ramp: u8) -> usize {
    px.iter().filter(|&&p| ramp_of(p) == ramp).count()
}

// --- The rasterizer ---

fn raster_run(w: usize, h: usize, draw: impl FnOnce(&mut Raster<'_, '_>)) -> Vec<u8> {
    let mut px = vec![0u8; w * h];
    let mut depth = vec![0f32; w * h];
    let mut fb = Framebuffer::new(&mut px, w, h).unwrap();
    let mut r = Raster::new(&mut fb, &mut depth, [w as f32; 2]).unwrap();
    draw(&mut r);
    px
}

#[test]
fn a_triangle_covers_the_pixel_centres_inside_it_by_the_top_left_rule() {
    // Legs of 8: the centres (x + ½, y + ½) with x + y ≤ 6 are inside; those on the
    // hypotenuse (x + y = 7) lie on a right edge and stay out; the top and left edges are in.
    let px =
        raster_run(16, 16, |r| r.screen_triangle([[0.0, 0.0, 1.0], [8.0, 0.0, 1.0], [0.0, 8.0, 1.0]], 9));
    for y in 0..16 {
        for x in 0..16 {
            assert_eq!(px[y * 16 + x] == 9, x + y <= 6, "pixel ({x}, {y})");
        }
    }
    assert_eq!(px.iter().filter(|&&p| p == 9).count(), 28);
    // The same triangle wound the other way covers the same pixels.
    let other =
        raster_run(16, 16, |r| r.screen_triangle([[0.0, 0.0, 1.0], [0.0, 8.0, 1.0], [8.0, 0.0, 1.0]], 9));
    assert_eq!(px, other);
    // A rectangle 5.5 wide and 3 high from (1.25, 2): centres x + ½ in (1.25, 6.75) → x 1..=6,
    // y + ½ in [2, 5) → y 2..=4 (the top edge is in, the bottom edge out): 18 pixels.
    let px = raster_run(16, 16, |r| {
        r.screen_triangle([[1.25, 2.0, 1.0], [6.75, 2.0, 1.0], [6.75, 5.0, 1.0]], 3);
        r.screen_triangle([[1.25, 2.0, 1.0], [6.75, 5.0, 1.0], [1.25, 5.0, 1.0]], 3);
    });
    let covered: Vec<(usize, usize)> = (0..256).filter(|&i| px[i] == 3).map(|i| (i % 16, i / 16)).collect();
    assert_eq!(covered.len(), 18);
    assert!(covered.iter().all(|&(x, y)| (1..=6).contains(&x) && (2..=4).contains(&y)));
}

#[test]
fn triangles_sharing_edges_cover_each_pixel_once_and_leave_no_cracks() {
    let mut rng = Rng(0x5eed_0001);
    for _ in 0..200 {
        // A fan of triangles around a random centre, closing a random convex polygon.
        let centre = [rng.range(200, 440) as f32 / 10.0 + 0.03, rng.range(200, 440) as f32 / 10.0 + 0.07];
        // Four to nine corners at uneven angles summing to one turn, each step under half a
        // turn, so the fan is a simple star-shaped polygon.
        let n = rng.range(4, 9) as usize;
        let steps: Vec<f32> = (0..n).map(|_| 0.6 + rng.range(0, 80) as f32 / 100.0).collect();
        let total: f32 = steps.iter().sum();
        let mut angle = 0.0f32;
        let mut corners = Vec::new();
        for step in &steps {
            angle += std::f32::consts::TAU * step / total;
            let r = rng.range(30, 200) as f32 / 10.0;
            corners.push([centre[0] + r * angle.cos(), centre[1] + r * angle.sin()]);
        }
        let tri = |k: usize| {
            let (a, b) = (corners[k], corners[(k + 1) % corners.len()]);
            [[centre[0], centre[1], 1.0], [a[0], a[1], 1.0], [b[0], b[1], 1.0]]
        };
        // Every triangle alone, and all of them into one buffer.
        let mut coverage = vec![0u32; 64 * 64];
        for k in 0..corners.len() {
            let px = raster_run(64, 64, |r| r.screen_triangle(tri(k), 1));
            for (c, p) in coverage.iter_mut().zip(&px) {
                *c += *p as u32;
            }
        }
        assert!(coverage.iter().all(|&c| c <= 1), "a pixel drawn twice");
        // Every pixel centre clearly inside a fan triangle is covered: no cracks along the
        // shared edges. "Clearly": farther than the corners' snap to 1/16 pixel can move an
        // edge.
        for k in 0..corners.len() {
            let [a, b, c] = tri(k);
            let side = |p: [f32; 3], q: [f32; 3], x: f32, y: f32| {
                let (dx, dy) = (q[0] - p[0], q[1] - p[1]);
                (dx * (y - p[1]) - dy * (x - p[0])) / (dx * dx + dy * dy).sqrt()
            };
            for y in 0..64 {
                for x in 0..64 {
                    let (fx, fy) = (x as f32 + 0.5, y as f32 + 0.5);
                    let s = [side(a, b, fx, fy), side(b, c, fx, fy), side(c, a, fx, fy)];
                    let inside = s.iter().all(|&d| d > 0.05) || s.iter().all(|&d| d < -0.05);
                    if inside {
                        assert_eq!(coverage[y * 64 + x], 1, "crack at ({x}, {y})");
                    }
                }
            }
        }
    }
}

#[test]
fn the_nearer_face_wins_whatever_the_drawing_order() {
    // Two overlapping camera-space quads: the near one (z 100) over the far one (z 200).
    let quad = |z: f32, x0: f32, colour: u8| {
        move |r: &mut Raster<'_, '_>| {
            let (a, b, c, d) = ([x0, -20.0, z], [x0 + 40.0, -20.0, z], [x0 + 40.0, 20.0, z], [x0, 20.0, z]);
            r.triangle([a, b, c], colour);
            r.triangle([a, c, d], colour);
        }
    };
    let near_first = raster_run(64, 64, |r| {
        quad(100.0, -30.0, 1)(r);
        quad(200.0, -20.0, 2)(r);
    });
    let far_first = raster_run(64, 64, |r| {
        quad(200.0, -20.0, 2)(r);
        quad(100.0, -30.0, 1)(r);
    });
    assert_eq!(near_first, far_first);
    // Focal 64, centre 32: the near quad spans x 12.8..38.4 and y 19.2..44.8, the far one
    // 25.6..38.4 by 25.6..38.4, wholly behind it.
    let row = &near_first[32 * 64..33 * 64];
    assert!(row[13..38].iter().all(|&p| p == 1), "{row:?}");
    assert_eq!((row[12], row[38]), (0, 0));
    assert_eq!(near_first.iter().filter(|&&p| p == 2).count(), 0, "the far quad is wholly hidden");
    // Two faces crossing at x = 0, z = 200 (screen column 32): each wins where it is nearer.
    let crossing = raster_run(64, 64, |r| {
        r.triangle([[-40.0, -10.0, 100.0], [40.0, -10.0, 300.0], [40.0, 10.0, 300.0]], 1);
        r.triangle([[-40.0, -10.0, 100.0], [40.0, 10.0, 300.0], [-40.0, 10.0, 100.0]], 1);
        r.triangle([[-40.0, -10.0, 300.0], [40.0, -10.0, 100.0], [40.0, 10.0, 100.0]], 2);
        r.triangle([[-40.0, -10.0, 300.0], [40.0, 10.0, 100.0], [-40.0, 10.0, 300.0]], 2);
    });
    let row = &crossing[32 * 64..33 * 64];
    // Columns 26 and 38 see both faces: face 1 at z 162 and 261, face 2 the other way round.
    assert_eq!((row[20], row[26], row[31], row[33], row[38], row[44]), (1, 1, 1, 2, 2, 2), "{row:?}");
}

// --- Textures and colours ---

#[test]
fn the_look_keeps_the_banks_images_and_colours() {
    let w = world();
    let l = &w.look;
    for (image, want) in [
        (tex::WATER, ramp::WATER),
        (tex::SAND, ramp::SAND),
        (tex::GRASS, ramp::GRASS),
        (tex::MEADOW, ramp::MEADOW),
        (tex::ROCK, ramp::ROCK),
    ] {
        assert_eq!(ramp_of(l.terrain_colour(image)), want, "terrain image {image}");
        let t = l.terrain_texels(image).expect("the bank has the image");
        assert_eq!((t.width(), t.height()), (64, 64));
    }
    // The texels are the bank's pixels, wrapping.
    let bank = Texbsi::new_checked(embedded::TEXBSI_302).unwrap();
    let grass = bank.image(tex::GRASS as u16).unwrap();
    let t = l.terrain_texels(tex::GRASS).unwrap();
    for (x, y) in [(0, 0), (5, 9), (63, 63), (17, 40)] {
        assert_eq!(t.texel(x, y), grass.pixel(0, x as usize, y as usize).unwrap());
        assert_eq!(t.texel(x - 64, y + 128), t.texel(x, y));
    }
    // Plaster is speckled at shades 1..=3, so its mean is shade 2.
    let image = |image| Texture::Image { bank: 310, image };
    assert_eq!(l.face_colour(image(models::img::PLASTER as u32)), ramp::PLASTER + 2);
    assert!(l.face_texels(image(models::img::PLASTER as u32)).is_some());
    assert_eq!(ramp_of(l.face_colour(image(models::img::TILES as u32))), ramp::TILES);
    assert_eq!(ramp_of(l.face_colour(image(models::img::STONE as u32))), ramp::STONE);
    assert_eq!(l.face_colour(Texture::Solid { colour: 114 }), 114);
    assert!(l.face_texels(Texture::Solid { colour: 114 }).is_none());
    // Missing banks and images fall back, without texels.
    assert_eq!(l.face_colour(Texture::Image { bank: 311, image: 0 }), look::FALLBACK_MODEL);
    assert_eq!(l.face_colour(image(99)), look::FALLBACK_MODEL);
    assert_eq!(l.face_colour(image(u32::MAX)), look::FALLBACK_MODEL);
    assert!(l.face_texels(image(99)).is_none() && l.terrain_texels(63).is_none());
    let none: Look = Look::default();
    assert_eq!(none.face_colour(image(0)), look::FALLBACK_MODEL);
    assert_eq!(
        (none.terrain_colour(0), none.terrain_colour(2), none.terrain_colour(255)),
        (look::FALLBACK_WATER, look::FALLBACK_LAND, look::FALLBACK_LAND)
    );
    // Drawing flat hides every image.
    let flat = island_with(|l| l.flat = true);
    assert!(flat.terrain_texels(tex::GRASS).is_none() && flat.face_texels(image(0)).is_none());
}

// --- The island ---

/// From high in the east, looking west over the village to the mountain and the sea.
const ISLAND_VIEW: View = View { eye: [40000.0, -1400.0, 31000.0], heading: 512, pitch: 60 };
/// The horizon of [`ISLAND_VIEW`] at 320×200 shown 4:3: vertical focal 320 × 0.5 / 0.788
/// × (4 · 200) / (3 · 320) ≈ 169.21, pitch 60/2048 of a turn → 100 − 169.21 tan(10.55°)
/// ≈ 68.5.
const ISLAND_HORIZON: usize = 68;

#[test]
fn the_island_shows_sky_above_the_horizon_and_land_and_sea_below() {
    let w = world();
    let px = w.render(&ISLAND_VIEW, true, w.village());
    for y in 0..ISLAND_HORIZON {
        for x in 0..W {
            let p = px[y * W + x];
            // Only the mountain's peak rises above the horizon.
            assert!(ramp_of(p) == ramp::SKY || ramp_of(p) == ramp::ROCK, "({x}, {y}) = {p}");
        }
    }
    assert!(px[..W].iter().all(|&p| ramp_of(p) == ramp::SKY));
    // The sky darkens upward: row 0 is further down its ramp than the row above the horizon.
    let shade = |y: usize| {
        let sky: Vec<u32> = px[y * W..(y + 1) * W]
            .iter()
            .filter(|&&p| ramp_of(p) == ramp::SKY)
            .map(|&p| (p & 15) as u32)
            .collect();
        sky.iter().sum::<u32>() as f64 / sky.len() as f64
    };
    let (top, low) = (shade(0), shade(ISLAND_HORIZON - 2));
    assert!(top > low + 4.0, "shade {top} at the top, {low} above the horizon");
    let below = &px[(ISLAND_HORIZON + 1) * W..];
    assert_eq!(ramp_count(below, ramp::SKY), 0);
    for (ramp, least, what) in [
        (ramp::WATER, 2_000, "sea"),
        (ramp::GRASS, 4_000, "grass slopes"),
        (ramp::MEADOW, 15_000, "the plateau's meadow"),
        (ramp::SAND, 5_000, "the village path"),
        (ramp::ROCK, 100, "the mountain's rock"),
    ] {
        let n = ramp_count(below, ramp);
        assert!(n >= least, "{what}: {n} pixels");
    }
    // Without the terrain, below the horizon is all far sea, and the sky is the same sky.
    let bare = w.render(&ISLAND_VIEW, false, std::iter::empty());
    assert!(bare[(ISLAND_HORIZON + 1) * W..].iter().all(|&p| p == view::far_sea(&w.look)));
    assert_eq!(ramp_of(view::far_sea(&w.look)), ramp::WATER);
    for (i, (&p, &b)) in px.iter().zip(&bare).enumerate().take(ISLAND_HORIZON * W) {
        assert!(p == b || ramp_of(p) == ramp::ROCK, "pixel {i}");
    }
}

#[test]
fn textured_terrain_has_far_more_detail_than_flat_terrain() {
    let w = world();
    let flat = island_with(|l| l.flat = true);
    let textured = w.render(&ISLAND_VIEW, true, std::iter::empty());
    let plain = w.render_with(&flat, &ISLAND_VIEW, true, std::iter::empty());
    // The plateau's meadow in the lower middle of the screen.
    let region = |px: &[u8]| -> Vec<u8> {
        (120..200).flat_map(|y| (100..220).map(move |x| (x, y))).map(|(x, y)| px[y * W + x]).collect()
    };
    let (t, f) = (region(&textured), region(&plain));
    assert!(t.iter().all(|&p| ramp_of(p) == ramp::MEADOW || ramp_of(p) == ramp::SAND));
    let (dt, df) = (distinct(t.iter().copied()), distinct(f.iter().copied()));
    assert!(dt >= 8 && df <= 4 && dt > 2 * df, "textured {dt} distinct indices, flat {df}");
    // Neighbouring pixels differ often in the texture's speckle (more than 2½ times as
    // often); flat, only where the dither mixes two shade rows.
    let changes = |px: &[u8]| px.windows(2).filter(|p| p[0] != p[1]).count();
    assert!(2 * changes(&t) > 5 * changes(&f), "{} vs {}", changes(&t), changes(&f));
}

/// Whether a terrain image has both water and land texels, so its turn shows.
fn is_rim(bank: &Texbsi<'_>, image: u8) -> bool {
    let Some(img) = bank.image(image as u16) else { return false };
    let water =
        (0..64).flat_map(|y| img.row(0, y).unwrap().iter()).filter(|&&p| ramp_of(p) == ramp::WATER).count();
    water > 200 && water < 64 * 64 - 200
}

#[test]
fn a_cell_seen_from_straight_above_shows_its_turned_image() {
    let w = world();
    // Unlit and unshaded: only the fog's fraction of a row and the dither can darken a
    // texel, by at most one row of the shade table.
    let look = island_with(|l| l.light = Light { ambient: 255.0, sun: 0.0, direction: [0.0; 3] });
    let bank = Texbsi::new_checked(embedded::TEXBSI_302).unwrap();
    // Flat sea cells (all neighbours at height 0) with each rotation.
    let mut checked = [0usize; 4];
    for j in 4..250 {
        for i in 2..250 {
            let byte = w.wld.texture_byte(i, j).unwrap();
            let (image, rotation) = (byte & 0x3F, byte >> 6);
            if checked[rotation as usize] >= 2 || !is_rim(&bank, image) {
                continue;
            }
            let flat = (i - 1..=i + 2).all(|x| (j - 2..=j + 1).all(|z| w.heights.vertex_y(x, z) == 0.0));
            if !flat {
                continue;
            }
            checked[rotation as usize] += 1;
            let img = bank.image(image as u16).unwrap();
            // 200 above the middle of the cell, looking straight down: screen right is +X,
            // screen down is −Z.
            let (cx, cz) = (i as f32 * 256.0 + 128.0, j as f32 * 256.0 - 128.0);
            let view = View { eye: [cx, -200.0, cz], heading: 0, pitch: 512 };
            let px = w.render_with(&look, &view, true, std::iter::empty());
            let [fx, fy] = view::focal_lengths(W, H);
            let (mut same, mut turned_differs, mut sampled) = (0, 0, 0);
            for y in (0..H).step_by(3) {
                for x in (0..W).step_by(3) {
                    let (s, t) = ((x as f32 + 0.5 - 160.0) / fx, (y as f32 + 0.5 - 100.0) / fy);
                    let (px_x, px_z) = (cx + s * 200.0, cz - t * 200.0);
                    // The cell's own (s, t): s along +X from corner (i, j), t along −Z.
                    let (cs, ct) = ((px_x - i as f32 * 256.0) / 256.0, (j as f32 * 256.0 - px_z) / 256.0);
                    if !(0.02..0.98).contains(&cs) || !(0.02..0.98).contains(&ct) {
                        continue;
                    }
                    // The mask's turn (terrain::mask_coordinates), onto texels 1/256..254/256.
                    let texel = |rotation: u8| {
                        let (a, b) = match rotation {
                            0 => (cs, ct),
                            1 => (1.0 - ct, cs),
                            2 => (1.0 - cs, 1.0 - ct),
                            _ => (ct, 1.0 - cs),
                        };
                        let (u, v) = (64.0 * (1.0 + 253.0 * a) / 256.0, 64.0 * (1.0 + 253.0 * b) / 256.0);
                        // Well inside a texel, or skip the sample.
                        let inside = |c: f32| (0.15..0.85).contains(&(c - c.floor()));
                        (inside(u) && inside(v)).then(|| img.pixel(0, u as usize, v as usize).unwrap())
                    };
                    let (Some(want), Some(other)) = (texel(rotation), texel((rotation + 1) & 3)) else {
                        continue;
                    };
                    sampled += 1;
                    let got = px[y * W + x];
                    assert!(
                        got == look.shades.shade(0, want) || got == look.shades.shade(1, want),
                        "cell ({i}, {j}) image {image} turn {rotation}: pixel ({x}, {y}) = {got}, texel {want}"
                    );
                    same += 1;
                    turned_differs += (ramp_of(want) != ramp_of(other)) as usize;
                }
            }
            assert!(sampled > 500, "cell ({i}, {j}): {sampled} samples");
            // The check can fail: another turn of the image puts water where sand is.
            assert!(turned_differs > sampled / 10, "cell ({i}, {j}): {turned_differs} of {same}");
        }
    }
    assert_eq!(checked, [2; 4], "flat rim cells found for each turn");
}

#[test]
fn the_light_falls_from_the_sun_and_shades_steep_faces() {
    let w = world();
    // Flat ground under the island day light is lit 64 + 0.5 × 255 ≈ 191.5: about 16 rows
    // down, 64 × (1 − 192.5 / 256).
    let flat = look::shade_level(Light::island_day().intensity([0.0, -1.0, 0.0], 0.0), 0.0);
    assert!((flat - 15.875).abs() < 0.01, "{flat}");
    // A box of solid faces with brightness byte 0, so the sun alone shades them: the light
    // travels toward +X, +Y (down) and +Z, so −Z faces take 0.707 of it, −X faces 0.5 and
    // +X and +Z faces none.
    use stros_tools::write::model::{FaceDesc, ModelDesc, Version, bounding_radius, to_bytes};
    let c = 100 * 256;
    let vertices: Vec<[i32; 3]> = (0..8)
        .map(|k| {
            [
                if k & 1 == 0 { -c } else { c },
                if k & 2 == 0 { -c } else { c },
                if k & 4 == 0 { -c } else { c },
            ]
        })
        .collect();
    let sides: [([u32; 4], [i32; 3]); 6] = [
        ([1, 3, 7, 5], [256, 0, 0]),
        ([0, 4, 6, 2], [-256, 0, 0]),
        ([2, 6, 7, 3], [0, 256, 0]),
        ([0, 1, 5, 4], [0, -256, 0]),
        ([4, 5, 7, 6], [0, 0, 256]),
        ([0, 2, 3, 1], [0, 0, -256]),
    ];
    let colour = ramp::PLASTER + 1;
    let faces = sides.iter().map(|(q, _)| FaceDesc { tex_hi: 0, ..FaceDesc::solid(colour, q) }).collect();
    let desc = ModelDesc {
        version: Version::V4_0,
        radius: bounding_radius(&vertices),
        vertices,
        faces,
        face_normals: Some(sides.iter().map(|s| s.1).collect()),
        ..ModelDesc::default()
    };
    let bytes = to_bytes(&desc);
    let cube = Instance {
        model: Model::new_checked(&bytes).unwrap(),
        frame: 0,
        position: [0.0, -2000.0, 0.0],
        matrix: Mat3::IDENTITY.m,
        map_lit: false,
        attributes: 0,
    };
    let face_at = |view: &View, p: [f32; 3]| {
        let px = w.render(view, false, [cube]);
        at(&px, view::project(view, W, H, p).unwrap())
    };
    // From the south-west (−X, −Z) corner: the −Z face brighter than the −X face.
    let sw = View { eye: [-400.0, -2000.0, -400.0], heading: 1792, pitch: 0 };
    let (south, west) = (face_at(&sw, [30.0, -2000.0, -100.0]), face_at(&sw, [-100.0, -2000.0, 30.0]));
    // From the north-east: both faces in the shade, ambient only (64 → 48 rows, darker).
    let ne = View { eye: [400.0, -2000.0, 400.0], heading: 768, pitch: 0 };
    let (north, east) = (face_at(&ne, [-30.0, -2000.0, 100.0]), face_at(&ne, [100.0, -2000.0, -30.0]));
    for p in [south, west, north, east] {
        assert_eq!(ramp_of(p), ramp::PLASTER);
    }
    assert!(south < west && west < north && north == east, "S {south} W {west} N {north} E {east}");
    // A brightness byte of 244 (tex_hi 61, every shipped textured face) saturates the light:
    // the village's walls are all as bright as their texels, whichever way they face.
    assert_eq!(view::face_brightness(Some(Version::V4_0), 61), 244.0);
}

#[test]
fn the_house_shows_plaster_walls_a_tiled_roof_and_a_wooden_lintel() {
    let w = world();
    let px = w.render(&HOUSE_VIEW, true, w.village());
    let p = |dx: f32, dy: f32, dz: f32| {
        view::project(&HOUSE_VIEW, W, H, [HOUSE[0] + dx, HOUSE[1] + dy, HOUSE[2] + dz]).unwrap()
    };
    // The front wall (z −200 in the model) beside the doorway, left and right.
    assert_eq!(ramp_of(at(&px, p(-120.0, -150.0, -200.0))), ramp::PLASTER);
    assert_eq!(ramp_of(at(&px, p(120.0, -150.0, -200.0))), ramp::PLASTER);
    // The front slope of the roof, between the eaves (y −300, z −224) and the apex (−440, 0).
    assert_eq!(ramp_of(at(&px, p(0.0, -370.0, -112.0))), ramp::TILES);
    // The lintel above the doorway is solid dark wood.
    assert_eq!(ramp_of(at(&px, p(0.0, -245.0, -200.0))), ramp_of(models::colour::DARK_WOOD));
    // Through the doorway: the inside of the back wall, plaster again.
    assert_eq!(ramp_of(at(&px, p(0.0, -120.0, -200.0))), ramp::PLASTER);
    let plaster = ramp_count(&px, ramp::PLASTER);
    let tiles = ramp_count(&px, ramp::TILES);
    assert!(plaster > 3_000 && tiles > 600, "plaster {plaster}, tiles {tiles}");
    // Sky above, the plateau's meadow below the house.
    assert_eq!(ramp_of(at(&px, [160.0, 2.0])), ramp::SKY);
    assert_eq!(ramp_of(at(&px, [160.0, 190.0])), ramp::MEADOW);
    // Without the village there is no plaster at all.
    let bare = w.render(&HOUSE_VIEW, true, std::iter::empty());
    assert_eq!(ramp_count(&bare, ramp::PLASTER), 0);
    assert_eq!(ramp_of(at(&bare, p(-120.0, -150.0, -200.0))), ramp::GRASS, "the steep bank behind");
}

#[test]
fn the_house_walls_show_the_plaster_texture() {
    let w = world();
    let flat = island_with(|l| l.flat = true);
    let p = |dx: f32, dy: f32| {
        view::project(&HOUSE_VIEW, W, H, [HOUSE[0] + dx, HOUSE[1] + dy, HOUSE[2] - 200.0]).unwrap()
    };
    // The front wall left of the doorway, inside its edges.
    let (a, b) = (p(-180.0, -280.0), p(-60.0, -20.0));
    let wall = |px: &[u8]| -> Vec<u8> {
        (a[1] as usize + 1..b[1] as usize)
            .flat_map(|y| (a[0] as usize + 1..b[0] as usize).map(move |x| (x, y)))
            .map(|(x, y)| px[y * W + x])
            .collect()
    };
    let textured = wall(&w.render(&HOUSE_VIEW, true, w.village()));
    let plain = wall(&w.render_with(&flat, &HOUSE_VIEW, true, w.village()));
    assert!(textured.len() > 400, "{} wall pixels", textured.len());
    assert!(textured.iter().chain(&plain).all(|&p| ramp_of(p) == ramp::PLASTER));
    // The plaster image speckles shades 1..=3 of its ramp; the flat wall is its mean shade.
    let (dt, df) = (distinct(textured.iter().copied()), distinct(plain.iter().copied()));
    assert!(dt >= 3 && df <= 2, "textured {dt} distinct, flat {df}");
    let changes = |px: &[u8]| px.windows(2).filter(|p| p[0] != p[1]).count();
    assert!(changes(&textured) > textured.len() / 3, "{} changes", changes(&textured));
}

#[test]
fn back_faces_are_culled() {
    let w = world();
    let house = w.statics.placements()[0];
    assert_eq!(house.position, HOUSE);
    // From inside, looking out of the door: the lintel has only an outward face, culled
    // from behind, so the sky shows above the doorway; without culling it would be wood.
    let inside = View { eye: [HOUSE[0], -380.0, HOUSE[2] + 150.0], heading: 1024, pitch: 0 };
    let px = w.render(&inside, false, [Instance::from(&house)]);
    let lintel = view::project(&inside, W, H, [HOUSE[0], HOUSE[1] - 245.0, HOUSE[2] - 200.0]).unwrap();
    assert_eq!(ramp_of(at(&px, lintel)), ramp::SKY);
    let wall = view::project(&inside, W, H, [HOUSE[0] - 60.0, HOUSE[1] - 150.0, HOUSE[2] - 184.0]).unwrap();
    assert_eq!(ramp_of(at(&px, wall)), ramp::PLASTER, "the front wall's inner face");
}

#[test]
fn the_follow_camera_shows_cyrus_in_the_lower_middle() {
    let w = world();
    for heading in [0u16, 512, 1300] {
        let view = view::follow_view(CYRUS_AT, heading, 500.0, 200.0);
        let turned = Instance {
            matrix: Mat3::from_orientation(Angles { heading, ..Angles::default() }).m,
            ..cyrus(0)
        };
        let px = w.render(&view, true, w.village().chain([turned]));
        let tunic = ramp_of(models::colour::TUNIC);
        let mut n = 0;
        let (mut sx, mut sy) = (0, 0);
        for (i, &p) in px.iter().enumerate() {
            if ramp_of(p) == tunic {
                n += 1;
                sx += i % W;
                sy += i / W;
            }
        }
        assert!(n > 200, "heading {heading}: {n} tunic pixels");
        let (cx, cy) = (sx / n, sy / n);
        assert!((150..170).contains(&cx) && (110..150).contains(&cy), "heading {heading}: ({cx}, {cy})");
    }
}

#[test]
fn animation_frames_move_the_limbs() {
    let w = world();
    let view = view::follow_view(CYRUS_AT, 0, 300.0, 100.0);
    let stand = w.render(&view, false, [cyrus(0)]);
    let stride = w.render(&view, false, [cyrus(2)]);
    assert_ne!(stand, stride);
    // A frame the model lacks draws frame 0.
    assert_eq!(w.render(&view, false, [cyrus(9999)]), stand);
}

#[test]
fn looking_down_the_terrain_has_no_cracks() {
    let w = world();
    let far_sea = view::far_sea(&w.look);
    for view in [
        // Straight down from high over the plateau's edge and the mountain.
        View { eye: [33000.0, -3000.0, 26000.0], heading: 0, pitch: 512 },
        View { eye: [22000.0, -5000.0, 31700.0], heading: 300, pitch: 512 },
        // Just above the ground, steeply down: the near plane cuts the cells under the eye.
        View { eye: [34000.0, -250.0, 31000.0], heading: 700, pitch: 400 },
        View { eye: [34000.0, -260.0, 31000.0], heading: 100, pitch: 200 },
    ] {
        // Every pixel is terrain: neither the far sea behind it nor the sky shows through.
        let px = w.render(&view, true, std::iter::empty());
        let holes = px.iter().filter(|&&p| p == far_sea || ramp_of(p) == ramp::SKY).count();
        assert_eq!(holes, 0, "{view:?}");
    }
}

#[test]
fn drawing_is_deterministic_and_order_independent() {
    let w = world();
    let view = view::follow_view(CYRUS_AT, 200, 900.0, 400.0);
    let mut list: Vec<Instance> = w.village().chain([cyrus(3)]).collect();
    let a = w.render(&view, true, list.iter().copied());
    assert_eq!(a, w.render(&view, true, list.iter().copied()));
    list.reverse();
    assert_eq!(a, w.render(&view, true, list.iter().copied()));
}

// --- Water ---

/// The pier by marker 2, seen from behind and above Cyrus facing the sea.
const PIER: [f32; 3] = [32400.0, -264.0, 16600.0];

fn waves(w: &World, bios: u32, view: &View) -> Vec<u8> {
    let cell = |c: f32| (c / 256.0).round_ties_even() as i32;
    let heights =
        VertexCache::new(w.heights, stros_tests::island_wave(), bios, (cell(view.eye[0]), cell(view.eye[2])));
    render_sized(W, H, |fb, depth| {
        view::draw(fb, depth, view, Some((&heights, &w.wld)), w.village(), &w.look)
    })
}

#[test]
fn the_water_moves_with_the_bios_clock_and_nothing_else_does() {
    let w = world();
    let sea = view::follow_view(PIER, 1024, 250.0, 110.0);
    let (a, b) = (waves(&w, 100, &sea), waves(&w, 140, &sea));
    let changed: Vec<usize> = (0..W * H).filter(|&i| a[i] != b[i]).collect();
    assert!(changed.len() > 1_000, "{} pixels changed", changed.len());
    // Only the sea and the rim images (water over sand or rock) change...
    let wet = |p: u8| matches!(ramp_of(p), r if r == ramp::WATER || r == ramp::SAND || r == ramp::ROCK);
    for &i in &changed {
        assert!(wet(a[i]) && wet(b[i]), "pixel ({}, {}): {} → {}", i % W, i / W, a[i], b[i]);
    }
    // ...and mostly the sea itself.
    let water = changed.iter().filter(|&&i| ramp_of(a[i]) == ramp::WATER).count();
    assert!(water * 2 > changed.len(), "{water} of {} in the water ramp", changed.len());
    // The same tick draws the same frame; still water does not move.
    assert_eq!(a, waves(&w, 100, &sea));
    // Over land, far from the sea, nothing changes at all.
    let land = View { eye: [33000.0, -3000.0, 26000.0], heading: 0, pitch: 512 };
    assert_eq!(waves(&w, 100, &land), waves(&w, 140, &land));
    // Without the wave the heights are the decoded map's.
    let still =
        VertexCache::new(w.heights, Wave { amplitude: 0.0, ..stros_tests::island_wave() }, 7, (126, 65));
    assert_eq!(still.vertex_y(126, 60), w.heights.vertex_y(126, 60));
}

// --- Screen sizes ---

#[test]
fn both_screen_sizes_show_the_same_picture() {
    let w = world();
    let small = w.render(&ISLAND_VIEW, true, w.village());
    let large = render_sized(WIDTH_HIGH, HEIGHT_HIGH, |fb, depth| {
        view::draw(fb, depth, &ISLAND_VIEW, Some((&w.heights, &w.wld)), w.village(), &w.look)
    });
    assert_eq!(large.len(), 640 * 400);
    // The same share of each ramp, within a percent.
    for ramp in [ramp::SKY, ramp::WATER, ramp::GRASS, ramp::MEADOW, ramp::SAND, ramp::PLASTER] {
        let (s, l) = (
            ramp_count(&small, ramp) as f64 / small.len() as f64,
            ramp_count(&large, ramp) as f64 / large.len() as f64,
        );
        assert!((s - l).abs() < 0.01 && (s > 0.0) == (l > 0.0), "ramp {ramp}: {s:.4} vs {l:.4}");
    }
    // A point of the house lands at twice the coordinates.
    let house = [HOUSE[0], HOUSE[1] - 150.0, HOUSE[2] - 200.0];
    let (p, q) = (
        view::project(&ISLAND_VIEW, W, H, house).unwrap(),
        view::project(&ISLAND_VIEW, 640, 400, house).unwrap(),
    );
    assert!((q[0] - 2.0 * p[0]).abs() < 1e-3 && (q[1] - 2.0 * p[1]).abs() < 1e-3, "{p:?} {q:?}");
    // The horizon too, at 200 − 338.41 tan(10.55°) ≈ 137.0 (the vertical focal twice the
    // small frame's): sky above row 136, none below 138.
    assert!(large[..136 * 640].iter().all(|&p| matches!(ramp_of(p), r if r == ramp::SKY || r == ramp::ROCK)));
    assert_eq!(ramp_count(&large[138 * 640..], ramp::SKY), 0);
}

// --- The sky plane ---

#[test]
fn a_sky_image_is_drawn_on_its_plane_and_fades_into_the_haze() {
    let w = world();
    // A checkerboard of two sky colours, 8 texels a square, mapped to the flag and tile
    // ramps of the world palette.
    let checker: &'static [u8] =
        Vec::leak((0..64 * 64).map(|k| if ((k % 64) / 8 + (k / 64) / 8) % 2 == 0 { 1 } else { 2 }).collect());
    let mut sky_rgb = [[0u8; 3]; 256];
    sky_rgb[1] = [244, 204, 56];
    sky_rgb[2] = [196, 104, 64];
    let sky = Sky::new(Texels::new(checker, 64, 64, false).unwrap(), &sky_rgb, &palette(), 0, 0);
    assert_eq!((sky.level, sky.scale), (Sky::DEFAULT_LEVEL, Sky::DEFAULT_SCALE));
    assert_eq!((ramp_of(sky.remap[1]), ramp_of(sky.remap[2])), (240, 208));
    let look = island_with(|l| l.sky = Some(sky));
    // Looking up a little from the shore: the plane overhead, the haze at the horizon.
    let up = View { eye: [30000.0, -300.0, 20000.0], heading: 0, pitch: -100 };
    let px = w.render_with(&look, &up, false, std::iter::empty());
    let plain = w.render_with(&w.look, &up, false, std::iter::empty());
    let top = &px[..40 * W];
    let (flag, tiles) = (ramp_count(top, 240), ramp_count(top, 208));
    assert!(flag > 2_000 && tiles > 2_000, "flag {flag}, tiles {tiles}");
    assert!(top.iter().all(|&p| matches!(ramp_of(p), 240 | 208 | 16)));
    // Near the horizon the fog has turned it mostly into the gradient's haze: the plane,
    // tilted down ahead ("Plane tilt"), is there some 40,000 units away, where the sky
    // fog's weight is above 0.9 — most dither thresholds lie below it.
    let horizon = view::project(&up, W, H, [30000.0, -300.0, 80000.0]).unwrap()[1] as usize;
    let rows = (horizon - 3) * W..horizon * W;
    let hazed = px[rows.clone()].iter().zip(&plain[rows.clone()]).filter(|(a, b)| a == b).count();
    assert!(hazed * 4 >= rows.len() * 3, "{hazed} of {} pixels are haze", rows.len());
    // The far sea below the horizon is untouched.
    assert_eq!(&px[(horizon + 2) * W..], &plain[(horizon + 2) * W..]);
    // The image follows the camera at 0.009 texels per map unit: 8 texels (one square)
    // after 8 / 0.009 units of X, plus the plane's own parallax.
    let moved = View { eye: [30500.0, -300.0, 20000.0], ..up };
    assert_ne!(w.render_with(&look, &moved, false, std::iter::empty())[..40 * W], px[..40 * W]);
}

// --- Garbage ---

fn mutate(rng: &mut Rng, data: &[u8]) -> Vec<u8> {
    let mut out = data.to_vec();
    for _ in 0..1 + rng.range(0, 7) {
        let at = rng.range(0, out.len() as i32 - 1) as usize;
        match rng.range(0, 4) {
            0 => out[at] = rng.range(0, 255) as u8,
            1 => out[at] ^= 1 << rng.range(0, 7),
            2 => {
                let v =
                    [0u32, 1, 0x7FFF_FFFF, 0xFFFF_FFFF, 0x8000_0000, 0x7F80_0000][rng.range(0, 5) as usize];
                for (k, b) in v.to_le_bytes().iter().enumerate() {
                    if let Some(slot) = out.get_mut(at + k) {
                        *slot = *b;
                    }
                }
            }
            3 => out.truncate(at.max(1)),
            _ => out.insert(at, rng.range(0, 255) as u8),
        }
    }
    out
}

fn wild(rng: &mut Rng) -> f32 {
    match rng.range(0, 9) {
        0 => f32::NAN,
        1 => f32::INFINITY,
        2 => f32::NEG_INFINITY,
        3 => f32::MAX,
        4 => -1e30,
        5 => 0.0,
        _ => rng.range(-40_000, 70_000) as f32 + rng.range(0, 99) as f32 / 100.0,
    }
}

/// Heights that are anything at all.
struct WildHeights(u64);

impl VertexHeights for WildHeights {
    fn vertex_y(&self, i: i32, j: i32) -> f32 {
        let h = (self.0 ^ (i as u64).wrapping_mul(0x9E37) ^ (j as u64).wrapping_mul(0x85EB))
            .wrapping_mul(0x2545_F491);
        match h % 7 {
            0 => f32::NAN,
            1 => f32::INFINITY,
            2 => -1e30,
            _ => -(((h >> 20) % 4000) as f32),
        }
    }
}

#[test]
fn garbage_never_panics() {
    let w = world();
    let sources: Vec<&[u8]> =
        vec![embedded::CYRUS_3DC, embedded::NPC_3DC, embedded::FLAG_3DC, embedded::RAFT_3DC];
    let mut rng = Rng(0xBAD_5CE9E);
    let mut drawn = 0;
    for round in 0..300 {
        let blobs: Vec<Vec<u8>> =
            (0..3).map(|k| mutate(&mut rng, sources[(round + k) % sources.len()])).collect();
        let instances: Vec<Instance> = blobs
            .iter()
            .map(|b| Instance {
                model: Model::new_unchecked(b),
                frame: [0, 1, 3, u32::MAX][rng.range(0, 3) as usize],
                position: if rng.range(0, 3) == 0 {
                    [wild(&mut rng), wild(&mut rng), wild(&mut rng)]
                } else {
                    [
                        CYRUS_AT[0] + rng.range(-300, 300) as f32,
                        CYRUS_AT[1],
                        CYRUS_AT[2] + rng.range(0, 600) as f32,
                    ]
                },
                matrix: if rng.range(0, 3) == 0 {
                    [[wild(&mut rng), 0.0, 1.0], [0.0, wild(&mut rng), 0.0], [1.0, 0.0, wild(&mut rng)]]
                } else {
                    Mat3::rotation(Axis::Y, rng.range(0, 2047)).m
                },
                map_lit: false,
                // Odd rounds keyed (without a draw from the generator, so the rounds stay).
                attributes: if round % 2 == 1 { ATTR_CHROMA_KEY } else { 0 },
            })
            .collect();
        let view = if rng.range(0, 3) == 0 {
            View {
                eye: [wild(&mut rng), wild(&mut rng), wild(&mut rng)],
                heading: rng.range(0, 65535) as u16,
                pitch: rng.range(-32768, 32767) as i16,
            }
        } else {
            View {
                eye: [CYRUS_AT[0], -400.0, CYRUS_AT[2] - 300.0],
                heading: rng.range(0, 200) as u16,
                pitch: rng.range(0, 100) as i16,
            }
        };
        // Now and then banks with damage: unchecked views over mutated bytes. They are leaked
        // (a few megabytes over the test) because a look's lifetime is invariant (its banks
        // sit in the build's table type) and the undamaged case borrows the world's 'static
        // look.
        let banks = (rng.range(0, 2) == 0).then(|| {
            let leak = |v: Vec<u8>| -> &'static [u8] { v.leak() };
            (leak(mutate(&mut rng, embedded::TEXBSI_302)), leak(mutate(&mut rng, embedded::TEXBSI_310)))
        });
        let damaged = banks.map(|(t302, t310)| {
            let mut l = Look::new(
                Some(&Texbsi::new_unchecked(t302)),
                &[(310, Texbsi::new_unchecked(t310)), (0, Texbsi::new_unchecked(&t310[..t310.len() / 2]))],
                &palette(),
            );
            l.light =
                Light { ambient: wild(&mut rng), sun: wild(&mut rng), direction: [wild(&mut rng), 1.0, 0.0] };
            l
        });
        let look = damaged.as_ref().unwrap_or(&w.look);
        let (fw, fh) = [(W, H), (1, 1), (3, 200), (640, 400)][rng.range(0, 3) as usize];
        let mut px = vec![0u8; fw * fh];
        let short = rng.range(0, 9) == 0;
        let mut depth = vec![0f32; if short { fw * fh - 1 } else { fw * fh }];
        let mut fb = Framebuffer::new(&mut px, fw, fh).unwrap();
        match rng.range(0, 2) {
            0 => view::draw(
                &mut fb,
                &mut depth,
                &view,
                Some((&w.heights, &w.wld)),
                instances.iter().copied(),
                look,
            ),
            1 => {
                let short_wld = Wld::new_unchecked(&embedded::WLD[..rng.range(0, 200_000) as usize]);
                view::draw(
                    &mut fb,
                    &mut depth,
                    &view,
                    Some((&WildHeights(rng.next_u64()), &short_wld)),
                    instances.iter().copied(),
                    look,
                )
            }
            _ => view::draw::<Decoded, Desktop>(
                &mut fb,
                &mut depth,
                &view,
                None,
                instances.iter().copied(),
                look,
            ),
        }
        drawn += px.iter().any(|&p| p != 0) as usize;
        if short {
            assert!(px.iter().all(|&p| p == 0), "a short depth buffer draws nothing");
        }
    }
    assert!(drawn > 200, "most garbage frames still draw the sky: {drawn}");
    // Garbage straight into the rasterizer, with texels over garbage bytes.
    let shades = Shades::default();
    let junk: Vec<u8> = (0..300).map(|_| rng.range(0, 255) as u8).collect();
    for _ in 0..2000 {
        let tri = [0, 1, 2].map(|_| [wild(&mut rng) / 100.0, wild(&mut rng) / 100.0, wild(&mut rng) / 100.0]);
        let (tw, th) = (rng.range(1, 40) as usize, rng.range(1, 40) as usize);
        let texels = Texels::new(&junk, tw, th, rng.range(0, 1) == 0).unwrap();
        let corners =
            tri.map(|at| Corner { at, uv: [wild(&mut rng), wild(&mut rng)], shade: wild(&mut rng) });
        let _ = raster_run(7, 5, |r| {
            r.triangle(tri, 1);
            r.screen_triangle(tri, 2);
            for keyed in [false, true] {
                r.shaded_triangle(corners, Paint::Textured { texels: &texels, shades: &shades, keyed });
            }
            r.shaded_triangle(corners, Paint::Shaded { colour: 77, shades: &shades });
        });
    }
}
