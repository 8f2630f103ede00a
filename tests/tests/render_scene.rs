//! The 3D world view over the embedded island: the rasterizer's coverage and depth rules,
//! the colours taken from the texture banks, what the village looks like from known
//! viewpoints, and that garbage never panics.

use stros_core::collision::statics::Statics;
use stros_core::embedded;
use stros_core::formats::model::{Model, Texture};
use stros_core::formats::rgm::Rgm;
use stros_core::formats::rob::Rob;
use stros_core::formats::texbsi::Texbsi;
use stros_core::formats::wld::Wld;
use stros_core::math::{Axis, Mat3};
use stros_core::render::raster::Raster;
use stros_core::render::scene::{self, Colours, Instance, View};
use stros_core::render::{Framebuffer, HEIGHT, WIDTH};
use stros_core::terrain::{Decoded, VertexHeights};
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
    colours: Colours,
    statics: Statics<'static, 64>,
}

fn world() -> World {
    let wld = Wld::new_checked(embedded::WLD).unwrap();
    let rgm = Rgm::new_checked(embedded::RGM).unwrap();
    let rob = Rob::new_checked(embedded::ROB).unwrap();
    let t302 = Texbsi::new_checked(embedded::TEXBSI_302).unwrap();
    let t310 = Texbsi::new_checked(embedded::TEXBSI_310).unwrap();
    World {
        wld,
        heights: Decoded::new(wld, 0),
        colours: Colours::new(Some(&t302), &[(310, t310)]),
        statics: Statics::new(&rgm, &rob).unwrap(),
    }
}

fn cyrus(frame: u32) -> Instance<'static> {
    Instance {
        model: Model::new_checked(embedded::CYRUS_3DC).unwrap(),
        frame,
        position: CYRUS_AT,
        matrix: Mat3::IDENTITY.m,
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
        let mut px = vec![0u8; W * H];
        let mut depth = vec![0f32; W * H];
        let mut fb = Framebuffer::new(&mut px, W, H).unwrap();
        let t = terrain.then_some((&self.heights, &self.wld));
        scene::draw(&mut fb, &mut depth, view, t, instances, &self.colours);
        px
    }
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
    let mut r = Raster::new(&mut fb, &mut depth, w as f32).unwrap();
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

// --- Colours ---

#[test]
fn colours_come_from_the_texture_banks() {
    let w = world();
    let c = &w.colours;
    for (image, want) in [
        (tex::WATER, ramp::WATER),
        (tex::SAND, ramp::SAND),
        (tex::GRASS, ramp::GRASS),
        (tex::MEADOW, ramp::MEADOW),
        (tex::ROCK, ramp::ROCK),
    ] {
        assert_eq!(ramp_of(c.terrain(image)), want, "terrain image {image}");
    }
    // Plaster is speckled at shades 1..=3, so its mean is shade 2.
    let image = |image| Texture::Image { bank: 310, image };
    assert_eq!(c.face(image(models::img::PLASTER as u32)), ramp::PLASTER + 2);
    assert_eq!(ramp_of(c.face(image(models::img::TILES as u32))), ramp::TILES);
    assert_eq!(ramp_of(c.face(image(models::img::STONE as u32))), ramp::STONE);
    assert_eq!(c.face(Texture::Solid { colour: 114 }), 114);
    // Missing banks and images fall back.
    assert_eq!(c.face(Texture::Image { bank: 311, image: 0 }), scene::FALLBACK_MODEL);
    assert_eq!(c.face(image(99)), scene::FALLBACK_MODEL);
    assert_eq!(c.face(image(u32::MAX)), scene::FALLBACK_MODEL);
    let none = Colours::default();
    assert_eq!(none.face(image(0)), scene::FALLBACK_MODEL);
    assert_eq!(
        (none.terrain(0), none.terrain(2), none.terrain(255)),
        (scene::FALLBACK_WATER, scene::FALLBACK_LAND, scene::FALLBACK_LAND)
    );
}

// --- The island ---

#[test]
fn the_island_shows_sky_above_the_horizon_and_land_and_sea_below() {
    let w = world();
    // From high in the east, looking west over the village to the mountain and the sea.
    let view = View { eye: [40000.0, -1400.0, 31000.0], heading: 512, pitch: 60 };
    let px = w.render(&view, true, w.village());
    // The horizon: focal 256, pitch 60/2048 of a turn → 100 − 256 tan(10.55°) ≈ 52.3.
    for y in 0..52 {
        for x in 0..W {
            let p = px[y * W + x];
            // Only the mountain's peak rises above the horizon.
            assert!(ramp_of(p) == ramp::SKY || ramp_of(p) == ramp::ROCK, "({x}, {y}) = {p}");
        }
    }
    assert!(px[..W].iter().all(|&p| ramp_of(p) == ramp::SKY));
    // The sky darkens upward: row 0 is further down its ramp than the row above the horizon.
    assert!(px[0] > px[50 * W]);
    let below = &px[53 * W..];
    assert_eq!(ramp_count(below, ramp::SKY), 0);
    for (ramp, least, what) in [
        (ramp::WATER, 3_000, "sea"),
        (ramp::GRASS, 5_000, "grass slopes"),
        (ramp::MEADOW, 15_000, "the plateau's meadow"),
        (ramp::SAND, 5_000, "the village path"),
        (ramp::ROCK, 100, "the mountain's rock"),
    ] {
        let n = ramp_count(below, ramp);
        assert!(n >= least, "{what}: {n} pixels");
    }
    // Without the terrain, below the horizon is all far sea, and the sky is the same sky.
    let bare = w.render(&view, false, std::iter::empty());
    assert!(bare[53 * W..].iter().all(|&p| ramp_of(p) == ramp::WATER));
    for (i, (&p, &b)) in px.iter().zip(&bare).enumerate().take(52 * W) {
        assert!(p == b || ramp_of(p) == ramp::ROCK, "pixel {i}");
    }
}

#[test]
fn the_house_shows_plaster_walls_a_tiled_roof_and_a_wooden_lintel() {
    let w = world();
    let px = w.render(&HOUSE_VIEW, true, w.village());
    let p = |dx: f32, dy: f32, dz: f32| {
        scene::project(&HOUSE_VIEW, W, H, [HOUSE[0] + dx, HOUSE[1] + dy, HOUSE[2] + dz]).unwrap()
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
    // The wall is lit from the south-facing sun side, the roof is its own colour.
    let plaster = ramp_count(&px, ramp::PLASTER);
    let tiles = ramp_count(&px, ramp::TILES);
    assert!(plaster > 5_000 && tiles > 1_000, "plaster {plaster}, tiles {tiles}");
    // Sky above, the plateau's meadow below the house.
    assert_eq!(ramp_of(at(&px, [160.0, 2.0])), ramp::SKY);
    assert_eq!(ramp_of(at(&px, [160.0, 190.0])), ramp::MEADOW);
    // Without the village there is no plaster at all.
    let bare = w.render(&HOUSE_VIEW, true, std::iter::empty());
    assert_eq!(ramp_count(&bare, ramp::PLASTER), 0);
    assert_eq!(ramp_of(at(&bare, p(-120.0, -150.0, -200.0))), ramp::GRASS, "the steep bank behind");
}

#[test]
fn back_faces_are_culled_and_the_sun_side_is_brighter() {
    let w = world();
    let house = w.statics.placements()[0];
    assert_eq!(house.position, HOUSE);
    // From the south-east, looking north-west at the house: its front (−Z) and east (+X)
    // walls, both plaster, lit differently by the sun in the south-east.
    let view = View { eye: [33700.0, -420.0, 32900.0], heading: 256, pitch: 20 };
    let px = w.render(&view, false, [Instance::from(&house)]);
    let p = |dx: f32, dz: f32| {
        scene::project(&view, W, H, [HOUSE[0] + dx, HOUSE[1] - 150.0, HOUSE[2] + dz]).unwrap()
    };
    let (front, east) = (at(&px, p(-100.0, -200.0)), at(&px, p(200.0, 100.0)));
    assert_eq!((ramp_of(front), ramp_of(east)), (ramp::PLASTER, ramp::PLASTER));
    assert!(front < east, "the front wall faces the sun more squarely: {front} vs {east}");
    // From inside, looking out of the door: the lintel has only an outward face, culled
    // from behind, so the sky shows above the doorway; without culling it would be wood.
    let inside = View { eye: [HOUSE[0], -380.0, HOUSE[2] + 150.0], heading: 1024, pitch: 0 };
    let px = w.render(&inside, false, [Instance::from(&house)]);
    let lintel = scene::project(&inside, W, H, [HOUSE[0], HOUSE[1] - 245.0, HOUSE[2] - 200.0]).unwrap();
    assert_eq!(ramp_of(at(&px, lintel)), ramp::SKY);
    let wall = scene::project(&inside, W, H, [HOUSE[0] - 60.0, HOUSE[1] - 150.0, HOUSE[2] - 184.0]).unwrap();
    assert_eq!(ramp_of(at(&px, wall)), ramp::PLASTER, "the front wall's inner face");
}

#[test]
fn the_follow_camera_shows_cyrus_in_the_lower_middle() {
    let w = world();
    for heading in [0u16, 512, 1300] {
        let view = scene::follow_view(CYRUS_AT, heading, 500.0, 200.0);
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
        assert!(n > 300, "heading {heading}: {n} tunic pixels");
        let (cx, cy) = (sx / n, sy / n);
        assert!((150..170).contains(&cx) && (110..150).contains(&cy), "heading {heading}: ({cx}, {cy})");
    }
}

#[test]
fn animation_frames_move_the_limbs() {
    let w = world();
    let view = scene::follow_view(CYRUS_AT, 0, 300.0, 100.0);
    let stand = w.render(&view, false, [cyrus(0)]);
    let stride = w.render(&view, false, [cyrus(2)]);
    assert_ne!(stand, stride);
    // A frame the model lacks draws frame 0.
    assert_eq!(w.render(&view, false, [cyrus(9999)]), stand);
}

#[test]
fn looking_down_the_terrain_has_no_cracks() {
    let w = world();
    let far_sea = scene::shade(w.colours.terrain(0), -scene::SUN[1], scene::FAR);
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
    let view = scene::follow_view(CYRUS_AT, 200, 900.0, 400.0);
    let mut list: Vec<Instance> = w.village().chain([cyrus(3)]).collect();
    let a = w.render(&view, true, list.iter().copied());
    assert_eq!(a, w.render(&view, true, list.iter().copied()));
    list.reverse();
    assert_eq!(a, w.render(&view, true, list.iter().copied()));
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
        let (fw, fh) = [(W, H), (1, 1), (3, 200), (640, 400)][rng.range(0, 3) as usize];
        let mut px = vec![0u8; fw * fh];
        let short = rng.range(0, 9) == 0;
        let mut depth = vec![0f32; if short { fw * fh - 1 } else { fw * fh }];
        let mut fb = Framebuffer::new(&mut px, fw, fh).unwrap();
        match rng.range(0, 2) {
            0 => scene::draw(
                &mut fb,
                &mut depth,
                &view,
                Some((&w.heights, &w.wld)),
                instances.iter().copied(),
                &w.colours,
            ),
            1 => {
                let short_wld = Wld::new_unchecked(&embedded::WLD[..rng.range(0, 200_000) as usize]);
                scene::draw(
                    &mut fb,
                    &mut depth,
                    &view,
                    Some((&WildHeights(rng.next_u64()), &short_wld)),
                    instances.iter().copied(),
                    &w.colours,
                )
            }
            _ => scene::draw::<Decoded>(
                &mut fb,
                &mut depth,
                &view,
                None,
                instances.iter().copied(),
                &w.colours,
            ),
        }
        drawn += px.iter().any(|&p| p != 0) as usize;
        if short {
            assert!(px.iter().all(|&p| p == 0), "a short depth buffer draws nothing");
        }
    }
    assert!(drawn > 200, "most garbage frames still draw the sky: {drawn}");
    // Garbage straight into the rasterizer.
    for _ in 0..2000 {
        let tri = [0, 1, 2].map(|_| [wild(&mut rng) / 100.0, wild(&mut rng) / 100.0, wild(&mut rng) / 100.0]);
        let _ = raster_run(7, 5, |r| {
            r.triangle(tri, 1);
            r.screen_triangle(tri, 2);
        });
    }
}
