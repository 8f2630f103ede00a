//! A world's light and sky from its WORLD.INI entry ({D:engine/terrain-lighting.md} "World
//! inputs"; {D:engine/sky.md} "Overview", "Glide sky plane").

use stros_core::formats::worldini::WorldIni;
use stros_core::render::Palette;
use stros_core::render::look::Light;
use stros_core::render::world::{world_light, world_sky};

const INI: &str = "[world]\r\n\
world_map[3]=MAPS\\DUSK.RGM\r\n\
world_ambientrgb[3]=10,20,30\r\n\
world_sunrgb[3]=200,180,160,1\r\n\
world_sunangle[3]=256\r\n\
world_sunskew[3]=-64\r\n\
world_skyfx[3]=3DART\\SKYDUSK.BSI\r\n\
world_skylevel[3]=-2000\r\n\
world_map[4]=MAPS\\CELLAR.RGM\r\n";

#[test]
fn an_entry_lights_its_world() {
    let ini = WorldIni::new_checked(INI).unwrap();
    let l = world_light(&ini.world(3).unwrap());
    // The palette renderer shades one channel: the means 20 and 180.
    assert_eq!((l.ambient, l.sun), (20.0, 180.0));
    // sin(256) = sin(45°) and sin(256 + 512) = sin(135°): 0.70711 × 16000 = 11,313.7 → 11,313;
    // sin(−64) = −sin(11.25°) = −0.19509 × 16000 = −3,121.4 → −3,121. Length
    // √(2 × 11,313² + 3,121²) = √265,708,579 = 16,300.56.
    let want = [11_313.0 / 16_300.56, 11_313.0 / 16_300.56, -3_121.0 / 16_300.56];
    for (got, want) in l.direction.iter().zip(want) {
        assert!((got - want).abs() < 1e-5, "{:?}", l.direction);
    }
    // No keys: ambient 128, sun (128, 128, 100) from straight above (angle and skew 0).
    let bare = world_light(&ini.world(4).unwrap());
    assert_eq!(bare, Light::absent());
    assert_eq!((bare.ambient, bare.sun), (128.0, (128.0 + 128.0 + 100.0) / 3.0));
}

/// A 2 × 1 standalone BSI (indices 1, 2) and a COL making them red and blue.
fn sky_files() -> (Vec<u8>, Vec<u8>) {
    let mut rgb = [[0u8; 3]; 256];
    (rgb[1], rgb[2]) = ([250, 0, 0], [0, 0, 250]);
    let col = stros_tools::write::col::to_bytes(&stros_tools::write::col::ColDesc { rgb });
    (stros_tools::write::texbsi::standalone_bsi(2, 1, &[1, 2]), col)
}

#[test]
fn an_entry_names_its_sky_image_and_the_palette_beside_it() {
    let ini = WorldIni::new_checked(INI).unwrap();
    let (bsi, col) = sky_files();
    let files = stros_tests::replaced(vec![("SKYDUSK.BSI", bsi), ("SKYDUSK.COL", col.clone())]);
    let sky = world_sky(&ini.world(3).unwrap(), files, &Palette::default_world()).expect("a sky");
    // world_skylevel −2000; world_skyscale absent: 2000.
    assert_eq!((sky.level, sky.scale), (-2000.0, 2000.0));
    assert_eq!((sky.texels.width(), sky.texels.height()), (2, 1));
    // No world_skyfx: the gradient.
    assert!(world_sky(&ini.world(4).unwrap(), files, &Palette::default_world()).is_none());
    // The COL missing: no sky either.
    let (bsi, _) = sky_files();
    let files = stros_tests::replaced(vec![("SKYDUSK.BSI", bsi)]);
    assert!(world_sky(&ini.world(3).unwrap(), files, &Palette::default_world()).is_none());
}

#[test]
fn the_island_is_lit_and_skied_by_its_own_entry() {
    // The embedded WORLD.INI gives world 1 ISLAND's day light: ambient 64, sun 255, angle
    // 256, skew 512 — the light the island was drawn with before it had the keys.
    let s = stros_tests::session_at(0);
    assert_eq!(s.world.world_id(), Some(1), "the catalog entry is found by its map");
    assert_eq!(s.look.light, Light::island_day());
    // world_skyfx[1] = SKYDAY.BSI beside SKYDAY.COL; no world_skylevel or world_skyscale:
    // −3500 and 2000.
    // world_fogrgb[1] = 200, 216, 236: the sky ramp's lightest entry, index 16.
    assert_eq!(s.look.background, Some(s.palette.nearest([200, 216, 236])));
    assert_eq!(s.look.background, Some(16));
    // world_sunimg[1] = SUN.BSI (64 × 64, scale 256) at world_sunscale 8000, the island's
    // sun angle 256 and skew 512: half size 64 × 0.5 × 1 × 80 = 2,560; offset
    // −(11,313, 11,313, 16,000).
    let sun = s.look.sun.as_ref().expect("the sun disc");
    assert_eq!((sun.offset, sun.half), ([-11_313.0, -11_313.0, -16_000.0], [2560.0, 2560.0]));
    let sky = s.look.sky.as_ref().expect("the day sky");
    assert_eq!((sky.level, sky.scale, sky.texels.width()), (-3500.0, 2000.0, 128));
}

/// {D:engine/model-lighting.md} "Local-light model selection": the island's two map lights
/// by the fisher's hut (world 1, active) light its front wall. Seen at night — the
/// island's WORLD.INI with no ambient and no sun — the wall by the light at x = 34,310 is
/// brighter than without the lights, and the picture far from them is the same.
#[test]
fn map_lights_light_the_walls_they_reach() {
    use stros_core::render::Framebuffer;
    let night = stros_tools::world::build::world_ini(stros_core::embedded::MAP);
    let night = String::from_utf8(night)
        .unwrap()
        .replace("world_ambientrgb[1]=64,64,64", "world_ambientrgb[1]=0,0,0");
    let night = night.replace("world_sunrgb[1]=255,255,255,2", "world_sunrgb[1]=0,0,0,0");
    assert!(night.contains("world_ambientrgb[1]=0,0,0") && night.contains("world_sunrgb[1]=0,0,0,0"));
    let frame = |lights: bool| {
        let mut desc = stros_tools::world::village::rgm_desc();
        if !lights {
            desc.mpsl.clear();
        }
        let files = stros_tests::replaced(vec![
            ("WORLD.INI".to_string(), night.clone().into_bytes()),
            (format!("{}.RGM", stros_core::embedded::MAP), stros_tools::write::rgm::to_bytes(&desc)),
        ]);
        let config = stros_core::config::SystemConfig::installed();
        let mut s = Box::new(
            stros_tests::start(files, stros_core::embedded::MAP, config, Default::default(), 8).unwrap(),
        );
        s.step(&stros_core::input::Input::NONE, 1000, None);
        assert_eq!(s.world.lights().count(), if lights { 2 } else { 0 });
        let (mut px, mut depth) = (vec![0u8; 320 * 200], vec![0f32; 320 * 200]);
        s.draw(&mut Framebuffer::new(&mut px, 320, 200).unwrap(), &mut depth);
        let camera = stros_core::render::world::follow(&s.world);
        let rgb = |x: usize, y: usize| {
            let c = s.palette.rgb[px[y * 320 + x] as usize];
            c[0] as u32 + c[1] as u32 + c[2] as u32
        };
        // The wall 60 units left of and 60 below the left light.
        let p = stros_core::render::view::project(&camera, 320, 200, [34_250.0, -340.0, 17_100.0]).unwrap();
        (rgb(p[0] as usize, p[1] as usize), rgb(5, 5))
    };
    let (lit, sky_lit) = frame(true);
    let (dark, sky_dark) = frame(false);
    assert!(lit > dark, "the lit wall is brighter: {lit} against {dark}");
    assert_eq!(sky_lit, sky_dark);
}

/// {D:engine/sky.md} "Glide sky plane" and "Sky fog": a sky image of one index, the plane
/// 100 units above the eye, looked at steeply upward (pitch −400). The top row's centre
/// ray: t = (0.5 − 100) / 169.205 = −0.5880 (the vertical focal of 320 × 200 shown 4:3);
/// forward (0, −0.9415, 0.3369) and down (0, 0.3369, 0.9415) at that pitch give a ray Y of
/// −0.9415 − 0.5880 × 0.3369 = −1.1396 and a forward run of 0.3369 − 0.5880 × 0.9415 =
/// −0.2167, so the plane (−100 relative, tilted by tan(24 units) = 0.0738: "Plane tilt") is
/// 100 / (1.1396 − 0.0738 × 0.2167) = 89.0 along it. The fog coordinate
/// 4e + 8(1 − 2^e / d) with e = 6 is 24 + 8 × (1 − 64 / 89.0) = 26.2, at most 32: no fog. The pixel is the image's
/// index through the sky's palette remap.
#[test]
fn a_sky_row_shows_the_image_colour_unfogged() {
    use stros_core::capacity::Small;
    use stros_core::render::Framebuffer;
    use stros_core::render::look::{Look, Sky, Texels};
    use stros_core::render::view::{self, View};
    let data = vec![5u8; 4 * 4];
    let texels = Texels::new(&data, 4, 4, false).unwrap();
    let mut rgb = [[0u8; 3]; 256];
    rgb[5] = [40, 80, 200];
    let palette = Palette::default_world();
    let mut look: Look<'_, Small> = Look::new(None, &[], &palette);
    look.sky = Some(Sky::new(texels, &rgb, &palette, -100, 0));
    let remapped = look.sky.as_ref().unwrap().remap[5];
    assert_eq!(remapped, palette.nearest([40, 80, 200]));
    let (mut px, mut depth) = (vec![0u8; 320 * 200], vec![0f32; 320 * 200]);
    let mut fb = Framebuffer::new(&mut px, 320, 200).unwrap();
    let eye = View { eye: [0.0; 3], heading: 0, pitch: -400 };
    let none: Option<(&stros_core::terrain::VertexCache<'_>, &_)> = None;
    view::draw(&mut fb, &mut depth, &eye, none, [], &look);
    assert_eq!(stros_core::render::view::sky_fog(89.0), 0.0);
    assert!((0..320).all(|x| px[x] == remapped), "the whole top row");
}

/// {D:engine/sky.md} "Plane tilt": the plane dips 24 units (sin 0.0735646, cos 0.9972907,
/// the shared table's samples; tan 0.0737643) toward the camera's horizontal forward.
/// Looking level along +Z from the origin at a plane 100 above, row 58's rays have
/// t = (58.5 − 100) / 169.205 = −0.245265 (the vertical focal of 320 × 200 shown 4:3):
/// untilted they meet it 100 / 0.245265 = 407.72 ahead; tilted, 100 / (0.245265 +
/// 0.0737643) = 313.45. Its unrotated point lies (cos − 1) / cos × 313.45 = −0.8539 back
/// along +Z: z 314.30. With the texture scale 65,000 (a texel per map unit) v = −z:
/// untilted −407.72 (row 104 of 256), tilted −314.30 (row 197). Column 160 (dither
/// threshold 3.5 / 16 on row 58; the fog weight at 313.45 is 12.7 / 256) is not hazed. The image's rows 0–127 are index 5, rows 128–255 index 6: the tilted plane shows
/// index 6.
#[test]
fn the_sky_plane_is_tilted_toward_the_view() {
    use stros_core::capacity::Small;
    use stros_core::render::Framebuffer;
    use stros_core::render::look::{Look, Sky, Texels};
    use stros_core::render::view::{self, View};
    let data: Vec<u8> = (0..256 * 256).map(|i| if i / 256 < 128 { 5 } else { 6 }).collect();
    let texels = Texels::new(&data, 256, 256, false).unwrap();
    let mut rgb = [[0u8; 3]; 256];
    (rgb[5], rgb[6]) = ([200, 40, 40], [40, 200, 40]);
    let palette = Palette::default_world();
    let mut look: Look<'_, Small> = Look::new(None, &[], &palette);
    look.sky = Some(Sky::new(texels, &rgb, &palette, -100, 65_000));
    let six = look.sky.as_ref().unwrap().remap[6];
    assert_ne!(six, look.sky.as_ref().unwrap().remap[5]);
    let (mut px, mut depth) = (vec![0u8; 320 * 200], vec![0f32; 320 * 200]);
    let mut fb = Framebuffer::new(&mut px, 320, 200).unwrap();
    let none: Option<(&stros_core::terrain::VertexCache<'_>, &_)> = None;
    view::draw(&mut fb, &mut depth, &View { eye: [0.0; 3], heading: 0, pitch: 0 }, none, [], &look);
    let (s, c) = (stros_core::tables::sin(24), stros_core::tables::cos(24));
    assert!((s - 0.0735646).abs() < 1e-6 && (c - 0.9972907).abs() < 1e-6, "{s} {c}");
    assert_eq!(px[58 * 320 + 160], six);
}

/// {D:engine/sky.md} "Initial scroll direction" and "Scrolling and rotation": the island's
/// sky opens with the first draw of its shared stream, state 1 → 1 × 1,103,515,245 + 12,345 =
/// 1,103,527,590, (that >> 16) & 32767 = 16,838, whose low eleven bits are 16,838 − 16,384 =
/// 454; `world_skyspeed` 24 is 1.5 texels a tick. Updates at BIOS ticks 10 and 13 move it
/// 3 × 1.5 = 4.5 texels along (sin 454, cos 454).
#[test]
fn the_island_sky_drifts_from_its_random_direction() {
    let mut s = stros_tests::session_at(0);
    let sky = *s.world.sky().unwrap();
    assert_eq!((sky.direction, sky.speed, sky.scroll), (454, 24, [0.0; 2]));
    s.step(&stros_core::input::Input::NONE, 10, None);
    assert_eq!(s.world.sky_scroll(), [0.0; 2], "the first frame starts the count");
    s.step(&stros_core::input::Input::NONE, 13, None);
    let (sin, cos) = (stros_core::tables::sin(454), stros_core::tables::cos(454));
    assert_eq!(s.world.sky_scroll(), [4.5 * sin, 4.5 * cos]);
    // 454 / 2048 of a turn is 79.80°: sine 0.9842, cosine 0.1770.
    assert!((sin - 0.9842).abs() < 1e-3 && (cos - 0.1770).abs() < 1e-3, "{sin} {cos}");
}

/// {D:engine/sky.md} "Background Fill": a world without terrain or sky (an interior) is
/// cleared to its fill colour everywhere nothing is drawn, above and below the horizon.
#[test]
fn an_interior_is_cleared_to_its_fill_colour() {
    use stros_core::capacity::Small;
    use stros_core::render::Framebuffer;
    use stros_core::render::look::Look;
    use stros_core::render::view::{self, View};
    let palette = Palette::default_world();
    let mut look: Look<'_, Small> = Look::new(None, &[], &palette);
    look.background = Some(7);
    let (mut px, mut depth) = (vec![0u8; 320 * 200], vec![0f32; 320 * 200]);
    let mut fb = Framebuffer::new(&mut px, 320, 200).unwrap();
    let none: Option<(&stros_core::terrain::VertexCache<'_>, &_)> = None;
    view::draw(&mut fb, &mut depth, &View { eye: [0.0; 3], heading: 0, pitch: 0 }, none, [], &look);
    assert!(px.iter().all(|&p| p == 7));
}

/// {D:engine/sky.md} "Sun disc": the offset and size from the world's keys, and the sprite on
/// screen.
#[test]
fn the_sun_disc() {
    use stros_core::capacity::Small;
    use stros_core::formats::texbsi::Image;
    use stros_core::render::Framebuffer;
    use stros_core::render::look::{Look, Sun, Texels};
    use stros_core::render::view::{self, View};
    let palette = Palette::default_world();
    // A 16 × 8 image at texture scale 256, angle 256, skew 512, world_sunscale 400:
    // offset −(trunc(16000 sin 256) = 11,313, trunc(16000 cos 256) = 11,313,
    // trunc(16000 sin 512) = 16,000); half size 16 × 0.5 × 1 × 4 = 32 by 16.
    let bsi = stros_tools::write::texbsi::standalone_bsi(16, 8, &[255; 128]);
    let image = Image::standalone(&bsi).unwrap();
    let sun = Sun::new(&image, [255, 255, 200], &palette, [256, 512, 400]).unwrap();
    assert_eq!(sun.offset, [-11_313.0, -11_313.0, -16_000.0]);
    assert_eq!(sun.half, [32.0, 16.0]);
    assert_eq!(sun.tint, palette.nearest([255, 255, 200]));
    // Straight ahead 1,000 units, 100 by 50 half: at 320 × 200 shown 4:3 (focal 203.05
    // across, 169.20 down) the square spans 160 ± 20.3 and 100 ± 8.46 px: columns 139..180
    // and rows 91..108 (the corners' coordinates truncated). Fully opaque: every pixel there is the tint.
    let data = [255u8; 16];
    let mut look: Look<'_, Small> = Look::new(None, &[], &palette);
    look.background = Some(7);
    look.sun = Some(Sun {
        texels: Texels::new(&data, 4, 4, false).unwrap(),
        tint: 200,
        offset: [0.0, 0.0, 1000.0],
        half: [100.0, 50.0],
    });
    let (mut px, mut depth) = (vec![0u8; 320 * 200], vec![0f32; 320 * 200]);
    let mut fb = Framebuffer::new(&mut px, 320, 200).unwrap();
    let none: Option<(&stros_core::terrain::VertexCache<'_>, &_)> = None;
    view::draw(&mut fb, &mut depth, &View { eye: [0.0; 3], heading: 0, pitch: 0 }, none, [], &look);
    for y in 0..200 {
        for x in 0..320 {
            let inside = (139..180).contains(&x) && (91..108).contains(&y);
            assert_eq!(px[y * 320 + x], if inside { 200 } else { 7 }, "({x}, {y})");
        }
    }
}

/// {D:engine/model-lighting.md} "Local-light records": the MPOB records of object kind 6
/// whose signed world ID is the world's are its object lights (with `objects_load`), in
/// file order, whatever their activation byte.
#[test]
fn object_lights_are_the_kind_6_records_of_the_world() {
    let light = |id: u32, world_id: i16, radius: i16| stros_tools::write::rgm::MpobDesc {
        id,
        object_type: 6,
        activation: 0,
        position: [34_400, -400, 17_000],
        radius,
        world_id,
        rgb: [4000, 3000, 2000],
        model_id: -1,
        ..Default::default()
    };
    let placed = vec![light(700, 1, 300), light(701, 2, 300), light(702, 1, 0)];
    let w = stros_tests::island_with(8, vec![], placed.clone());
    let ids: Vec<u32> = w.object_lights().map(|r| r.id()).collect();
    assert_eq!(ids, [700, 702]);
    // objects_load off: none.
    let mut desc = stros_tools::world::village::rgm_desc();
    desc.mpob.extend(placed);
    let files = stros_tests::replaced(vec![(
        format!("{}.RGM", stros_core::embedded::MAP),
        stros_tools::write::rgm::to_bytes(&desc),
    )]);
    let config = stros_core::config::SystemConfig::installed_with("[system]\nobjects_load = 0\n").unwrap();
    let w = stros_host::World::load(files, stros_core::embedded::MAP, config, Default::default()).unwrap();
    assert_eq!(w.object_lights().count(), 0);
}

/// {D:engine/model-lighting.md} "World prelighting", {D:engine/actor-prelighting.md}: the
/// map lights reach only the prelit models (static placements, non-moving actors with a
/// static model); object lights reach every model. Cyrus's model under a strong light in
/// front of him, with no ambient and no sun, through the production draw.
#[test]
fn map_lights_reach_prelit_models_and_object_lights_every_model() {
    use stros_core::formats::model::Model;
    use stros_core::render::lights::LocalLight;
    use stros_core::render::look::{Light, Look};
    use stros_core::render::view::{self, Instance, Placed};
    use stros_core::render::{Framebuffer, Palette};
    let bank = stros_core::formats::texbsi::Texbsi::new_checked(stros_core::embedded::TEXBSI_310).unwrap();
    let mut look: Look<'_, stros_core::capacity::Small> =
        Look::new(None, &[(310, bank)], &Palette::default_world());
    look.light = Light { ambient: 0.0, sun: 0.0, direction: [0.0; 3] };
    let at = [0.0, 0.0, 300.0];
    let lamp = [LocalLight { position: [0.0, -40.0, 200.0], rgb: [20_000.0; 3], radius: 200.0 }];
    let view = view::View { eye: [0.0, -40.0, 0.0], heading: 0, pitch: 0 };
    let frame = |map_lit: bool, lights: &[LocalLight], object_lights: &[LocalLight]| {
        let cyrus = Instance {
            model: Model::new_checked(stros_core::embedded::CYRUS_3DC).unwrap(),
            frame: 0,
            position: at,
            matrix: stros_core::math::Mat3::IDENTITY.m,
            map_lit,
            attributes: 0,
        };
        let (mut px, mut depth) = (vec![0u8; 320 * 200], vec![0f32; 320 * 200]);
        let placed = Placed { models: [cyrus], flats: [], lights, object_lights, prelit: true };
        let mut fb = Framebuffer::new(&mut px, 320, 200).unwrap();
        let no_terrain: Option<(&stros_core::terrain::VertexCache<'_>, &_)> = None;
        view::draw_scene_rows(&mut fb, &mut depth, 0..200, &view, no_terrain, placed, &look);
        px
    };
    let dark = frame(false, &[], &[]);
    // A moving actor does not take the map light; a prelit one does; any takes an object
    // light.
    assert_eq!(frame(false, &lamp, &[]), dark);
    assert_ne!(frame(true, &lamp, &[]), dark);
    assert_ne!(frame(false, &[], &lamp), dark);
}

/// {D:engine/sky.md} "Global Engine Toggles": `[xngine] sky_disable` 1 leaves the island
/// without its sky plane and sun (the fill stays); `sky_move` 0 freezes the scroll.
#[test]
fn the_xngine_toggles_hide_and_freeze_the_sky() {
    let session = |ini: &str| {
        let config = stros_core::config::SystemConfig::installed_with(ini).unwrap();
        Box::new(
            stros_tests::start(
                &stros_core::files::Embedded,
                stros_core::embedded::MAP,
                config,
                Default::default(),
                0,
            )
            .unwrap(),
        )
    };
    let s = session("[xngine]\nsky_disable = 1\n");
    assert!(s.look.sky.is_none() && s.look.sun.is_none());
    assert!(s.look.background.is_some());
    let mut s = session("[xngine]\nsky_move = 0\n");
    assert!(s.look.sky.is_some());
    for bios in [10, 13, 20] {
        s.step(&stros_core::input::Input::NONE, bios, None);
    }
    assert_eq!(s.world.sky_scroll(), [0.0; 2]);
    // Installed (sky_move 1): it moves.
    let mut s = session("");
    for bios in [10, 13] {
        s.step(&stros_core::input::Input::NONE, bios, None);
    }
    assert_ne!(s.world.sky_scroll(), [0.0; 2]);
}

/// {D:engine/fog.md} "Clipping distances" and "Fog lookup", {D:config/fog-ini.md}: a world's
/// look clips at SYSTEM.INI's back plane (3,800) and fogs by the island's FOG.INI toward
/// its fill colour. A wall facing the eye 2,048 units ahead (density 38, weight
/// 39 / 256 = 0.152) takes the fill on the two dither cells of sixteen whose thresholds
/// (0.5 and 1.5 over 16) lie below it; the same wall 3,900 ahead, past the back plane, is
/// not drawn at all (the fill shows).
#[test]
fn a_world_s_look_fogs_to_its_back_plane() {
    use stros_core::render::look::Look;
    use stros_core::render::raster::DITHER;
    use stros_core::render::view::{self, Instance, Placed, View};
    use stros_core::render::{Framebuffer, Palette};
    use stros_tools::write::model::{FaceDesc, ModelDesc, Version, to_bytes};
    let s = stros_tests::session_at(0);
    assert_eq!((s.look.far, s.look.fog.density[44], s.look.fog.density[48]), (Some(3800.0), 38, 255));
    let fill = s.look.background.unwrap();
    // A wall 4,000 square facing −Z (the eye), solid colour 100.
    let wall = ModelDesc {
        version: Version::V5_0,
        radius: 2900 * 256,
        vertices: vec![
            [-2000 * 256, -2000 * 256, 0],
            [2000 * 256, -2000 * 256, 0],
            [2000 * 256, 2000 * 256, 0],
            [-2000 * 256, 2000 * 256, 0],
        ],
        faces: vec![FaceDesc::solid(100, &[0, 1, 2, 3])],
        face_normals: Some(vec![[0, 0, -256]]),
        ..ModelDesc::default()
    };
    let bytes = to_bytes(&wall);
    let frame = |z: f32| {
        let mut look: Look<'_, stros_core::capacity::Small> = Look::new(None, &[], &Palette::default_world());
        (look.far, look.fog, look.background) = (s.look.far, s.look.fog, Some(fill));
        let model = stros_core::formats::model::Model::new_checked(&bytes).unwrap();
        let wall = Instance {
            model,
            frame: 0,
            position: [0.0, 0.0, z],
            matrix: stros_core::math::Mat3::IDENTITY.m,
            map_lit: false,
            attributes: 0,
        };
        let (mut px, mut depth) = (vec![0u8; 320 * 200], vec![0f32; 320 * 200]);
        let placed = Placed { models: [wall], flats: [], lights: &[], object_lights: &[], prelit: false };
        let no_terrain: Option<(&stros_core::terrain::VertexCache<'_>, &_)> = None;
        let eye = View { eye: [0.0; 3], heading: 0, pitch: 0 };
        view::draw_scene_rows(
            &mut Framebuffer::new(&mut px, 320, 200).unwrap(),
            &mut depth,
            0..200,
            &eye,
            no_terrain,
            placed,
            &look,
        );
        px
    };
    let near = frame(2048.0);
    for y in 0..200 {
        for x in 0..320 {
            let fogged = near[y * 320 + x] == fill;
            assert_eq!(fogged, DITHER[y & 3][x & 3] <= 1, "({x}, {y})");
        }
    }
    assert!(frame(3900.0).iter().all(|&p| p == fill));
}
