//! WORLD.INI reader tests. The catalog facts (paths, palettes, fog colours, the typos, the
//! missing ids) are the docs' ({D:config/world-ini.md} "World Catalog" and "Notes",
//! {D:engine/sky.md} "Background Fill", {D:engine/terrain-lighting.md}); the other numbers
//! are this file's, and each expected value is derived from the text in a comment.

use super::*;

/// A catalog shaped like the shipped file: CRLF, one `[world]` section, the globals, the
/// commented-out compact test loop and the active one, then worlds in index order with
/// 9, 10 and 16 missing and the two typos of lines 286 and 498.
const SHIPPED: &str = concat!(
    "; WORLD.INI\r\n",
    "[world]\r\n",
    "start_world=0\r\n",
    "start_marker=0\r\n",
    "test_map_delay=1\r\n",
    ";test_map_order=0,1,2,-2\r\n",
    "test_map_order=0,1,2,1,6,1,17,1,-2\r\n",
    "\r\n",
    "world_map[0]=MAPS\\start.rgm\r\n",
    "world_world[0]=MAPS\\hideout.WLD\r\n",
    "world_redbook[0]=7\r\n",
    "world_palette[0]=3DART\\sunset.COL\r\n",
    "world_fogrgb[0]=200,100,100\r\n",
    "world_skyfx[0]=SKY888.BSI\r\n",
    "world_sunimg[0]=SUN001.BSI\r\n",
    "world_sunscale[0]=4000\r\n",
    "world_sun[0]=-1000000,2000000,300000,90\r\n",
    "world_flash_filename[0]=system\\flash.gxa\r\n",
    "\r\n",
    "world_map[1]=MAPS\\ISLAND.rgm\r\n",
    "world_world[1]=MAPS\\ISLAND.WLD\r\n",
    "world_redbook[1]=3\r\n",
    "world_palette[1]=3DART\\island.COL\r\n",
    "world_ambientrgb[1]=64,64,64\r\n",
    "world_sunrgb[1]=255,255,255,2\r\n",
    "world_fogrgb[1]=200,190,250\r\n",
    "world_wave[1]=16,16\r\n",
    "world_scapeshift[1]=70000\r\n",
    "world_skylevel[1]=-3000 ; below the default\r\n",
    "world_node_map1[1]=MAPS\\islan001.noo\r\n",
    "world_node_map2[1]=MAPS\\islan002.noo\r\n",
    "world_node_map3[1]=MAPS\\islan003.noo\r\n",
    "world_node_map4[1]=MAPS\\islan004.noo\r\n",
    "world_node_map5[1]=MAPS\\lighths.noo\r\n",
    "\r\n",
    "world_map[2]=MAPS\\catacomb.rgm\r\n",
    "world_redbook[2]=4\r\n",
    "world_palette[2]=3DART\\catacomb.COL\r\n",
    "\r\n",
    "world_map[6]=MAPS\\necrisle.rgm\r\n",
    "world_world[6]=MAPS\\necrisle.WLD\r\n",
    "world_palette[6]=3DART\\necro.COL\r\n",
    "world_fogrgb[6]=57,49,49\r\n",
    "world_skyfx[6]=SKYNEC.BSI\r\n",
    "world_sky_xrotate[6]=3\r\n",
    "world_sky_yrotate[6]=40\r\n",
    "world_scapeshift[6]=-120\r\n",
    "world_rain_delay[6]=2\r\n",
    "world_rain_drops[6]=200\r\n",
    "world_rain_start[6]=-2000\r\n",
    "world_rain_end[6]=500\r\n",
    "world_rain_sphere1[6]=1000,0,2000,600\r\n",
    "world_rain_sphere2[6]=-500,0,-800,1000\r\n",
    "world_rain_sphere3[6]=3000,-100,0,400\r\n",
    "world_rain_sphere4[6]=0,0,0,350\r\n",
    "\r\n",
    "world_map[8]=MAPS\\drint.rgm\r\n",
    "world_palette[8]=3DART\\observat.COL\r\n",
    "orld_ambientfx[8]=128\r\n",
    "\r\n",
    "world_map[17]=MAPS\\hideint.rgm\r\n",
    "world_world[17]=MAPS\\hideout.WLD\r\n",
    "world_palette[17]=3DART\\hideout.COL\r\n",
    "world_ambientfx[17]=100\r\n",
    "\r\n",
    "world_map[23]=maps\\cartogr.rgm\r\n",
    "world_palette[23]=3DART\\island.COL\r\n",
    "orld_sunangle[23]=256\r\n",
    "world_sunskew[23]=64\r\n",
    "\r\n",
    "world_map[27]=MAPS\\island.rgm\r\n",
    "world_world[27]=MAPS\\ISLand.WLD\r\n",
    "world_palette[27]=3DART\\nightsky.COL\r\n",
    "world_fogrgb[27]=0,0,10\r\n",
    "world_skyfx[27]=SKYNIT.BSI\r\n",
    "world_node_map1[27]=MAPS\\islan001.noo\r\n",
    "world_node_map2[27]=MAPS\\islan002.noo\r\n",
    "world_node_map3[27]=MAPS\\islan003.noo\r\n",
    "world_node_map4[27]=MAPS\\islan004.noo\r\n",
    "world_node_map5[27]=MAPS\\lighths.noo\r\n",
    "\r\n",
    "world_map[28]=MAPS\\ISLAND.rgm\r\n",
    "world_world[28]=MAPS\\ISLAND.WLD\r\n",
    "world_palette[28]=3DART\\sunset.COL\r\n",
    "world_fogrgb[28]=200,100,100\r\n",
    "world_node_map1[28]=MAPS\\islan001.noo\r\n",
    "world_node_map2[28]=MAPS\\islan002.noo\r\n",
    "world_node_map3[28]=MAPS\\islan003.noo\r\n",
    "world_node_map4[28]=MAPS\\islan004.noo\r\n",
    "world_node_map5[28]=MAPS\\lighths.noo\r\n",
    "\r\n",
    "world_map[99]=maps\\brennans.rgm\r\n",
    "world_palette[99]=3DART\\island.COL\r\n",
);

fn shipped() -> WorldIni<'static> {
    WorldIni::new_checked(SHIPPED).unwrap()
}

fn world(text: &str, id: u16) -> WorldEntry<'_> {
    WorldIni::new_checked(text).unwrap().world(id).unwrap()
}

fn ids(w: &WorldIni<'_>) -> heapless::Vec<u16, 100> {
    w.ids().collect()
}

#[test]
fn field_table_matches_key_table() {
    // `Field` indexes `key::PER_WORLD`: a reordering of either would read one key as another.
    for (k, f) in Field::ALL.iter().enumerate() {
        assert_eq!(*f as usize, k);
    }
    assert_eq!(Field::Wave.name(), "world_wave");
    assert_eq!(Field::ScapeShift.name(), "world_scapeshift");
    assert_eq!(Field::RainEnd.name(), "world_rain_end");
}

#[test]
fn globals_and_catalog_ids() {
    let w = shipped();
    assert_eq!((w.start_world(), w.start_marker(), w.test_map_delay()), (0, 0, 1));
    // The worlds written above, ascending; 9, 10 and 16 have no entry.
    assert_eq!(ids(&w), [0, 1, 2, 6, 8, 17, 23, 27, 28, 99]);
    for id in [3, 9, 10, 16, 98] {
        assert!(w.world(id).is_none() && !w.contains(id), "{id}");
    }
}

#[test]
fn test_map_order_stops_before_minus_two() {
    // The active loop (the `;` line is a comment): 0,1,2,1,6,1,17,1 and then -2.
    let order: heapless::Vec<i32, 16> = shipped().test_map_order().collect();
    assert_eq!(order, [0, 1, 2, 1, 6, 1, 17, 1]);
    let w = WorldIni::new_checked("[world]\ntest_map_order=5,-2,7\n").unwrap();
    assert_eq!(w.test_map_order().collect::<heapless::Vec<i32, 4>>(), [5]);
    // Without a -2 the list runs to its end; an empty component is atoi("") = 0.
    let w = WorldIni::new_checked("[world]\ntest_map_order=3,,4\n").unwrap();
    assert_eq!(w.test_map_order().collect::<heapless::Vec<i32, 4>>(), [3, 0, 4]);
    for text in ["[world]\n", "[world]\ntest_map_order=\n", "[world]\ntest_map_order=-2\n"] {
        assert_eq!(WorldIni::new_checked(text).unwrap().test_map_order().count(), 0, "{text}");
    }
}

#[test]
fn world_0_the_start_exterior() {
    let e = shipped().world(0).unwrap();
    assert_eq!((e.id, e.map, e.terrain), (0, "MAPS\\start.rgm", Some("MAPS\\hideout.WLD")));
    assert_eq!((e.redbook, e.palette), (Some(7), Some("3DART\\sunset.COL")));
    assert_eq!(e.fogrgb, [200, 100, 100]);
    assert_eq!((e.skyfx, e.sunimg, e.sunscale), (Some("SKY888.BSI"), Some("SUN001.BSI"), 4000));
    assert_eq!(e.sun, [-1_000_000, 2_000_000, 300_000, 90]);
    assert_eq!(e.flash_filename, Some("system\\flash.gxa"));
    // Not written: the sky GXA, the sun tint and the lighting colours stay absent.
    assert_eq!((e.sky, e.sunimgrgb, e.ambientrgb, e.sunrgb), (None, None, None, None));
}

#[test]
fn world_17_shares_the_hideout_terrain_with_world_0() {
    let w = shipped();
    let (outside, inside) = (w.world(0).unwrap(), w.world(17).unwrap());
    assert_eq!(inside.map, "MAPS\\hideint.rgm");
    assert_eq!(outside.terrain, inside.terrain);
    assert_eq!(inside.palette, Some("3DART\\hideout.COL"));
    assert_ne!(outside.palette, inside.palette);
    // world_ambientfx[17]=100: 100 in sixteen bits is nonzero, so it stays 100.
    assert_eq!(inside.ambientfx, 100);
}

#[test]
fn island_variants_share_terrain_and_node_maps() {
    let w = shipped();
    let [day, night, sunset] = [1, 27, 28].map(|id| w.world(id).unwrap());
    // 27 spells the terrain `MAPS\ISLand.WLD`: returned as written, the same file by name.
    assert_eq!(night.terrain, Some("MAPS\\ISLand.WLD"));
    for e in [&day, &night, &sunset] {
        assert!(base_name(e.terrain.unwrap()).eq_ignore_ascii_case("island.wld"));
        let maps: heapless::Vec<&str, 8> = e.node_maps().map(base_name).collect();
        assert_eq!(maps, ["islan001.noo", "islan002.noo", "islan003.noo", "islan004.noo", "lighths.noo"]);
    }
    let palettes = [day.palette, night.palette, sunset.palette];
    assert_eq!(palettes, [Some("3DART\\island.COL"), Some("3DART\\nightsky.COL"), Some("3DART\\sunset.COL")]);
    assert_eq!([day.fogrgb, night.fogrgb, sunset.fogrgb], [[200, 190, 250], [0, 0, 10], [200, 100, 100]]);
    // The day entry's lighting (terrain-lighting.md's example): ambient 64s, sun 255s, scale 2.
    assert_eq!((day.ambientrgb, day.sunrgb), (Some([64; 3]), Some([255, 255, 255, 2])));
    // Equal node maps and rain spheres do not make different worlds equal.
    assert_ne!(day, sunset);
    assert_eq!(day, w.world(1).unwrap());
}

#[test]
fn an_interior_without_terrain() {
    let e = shipped().world(2).unwrap();
    assert_eq!((e.map, e.terrain, e.palette), ("MAPS\\catacomb.rgm", None, Some("3DART\\catacomb.COL")));
    assert_eq!(e.redbook, Some(4));
    // Nothing else written: zeros, `None`s, black fog ({D:engine/sky.md} "Background
    // Fill"), a missing ambientfx as 0 stored, replaced by 128, no node maps or rain.
    assert_eq!((e.sky, e.skyfx, e.sunimg, e.flash_filename), (None, None, None, None));
    assert_eq!((e.shade, e.haze, e.back_plane, e.background, e.compass), (0, 0, 0, 0, 0));
    assert_eq!((e.fogrgb, e.sun, e.scapeshift, e.wave), ([0; 3], [0; 4], 0, Wave::default()));
    assert_eq!(e.ambientfx, 128);
    assert_eq!((e.node_maps().count(), e.rain_spheres().count()), (0, 0));
    assert_eq!((e.node_map(1), e.rain_sphere(1)), (None, None));
}

#[test]
fn typo_keys_match_nothing() {
    let w = shipped();
    // `orld_ambientfx[8]=128` is no `world_ambientfx[8]`: the field keeps its default, a
    // missing value 0, which the zero-to-128 rule makes 128 — the typo's own value, so the
    // variant below writes 77 to tell the two apart.
    assert_eq!(w.world(8).unwrap().ambientfx, 128);
    let e = world("[world]\nworld_map[8]=MAPS\\drint.rgm\norld_ambientfx[8]=77\n", 8);
    assert_eq!(e.ambientfx, 128);
    // `orld_sunangle[23]=256` leaves the sun angle 0; the next line's skew is read.
    let e = w.world(23).unwrap();
    assert_eq!((e.sunangle, e.sunskew), (0, 64));
    // A typo in the map key means no world at all.
    let w = WorldIni::new_checked("[world]\norld_map[4]=MAPS\\caverns.rgm\n").unwrap();
    assert_eq!((w.ids().count(), w.world(4)), (0, None));
}

#[test]
fn first_occurrence_wins() {
    let text = "[world]\nworld_map[3]=MAPS\\PALACE.rgm\nworld_shade[3]=5\nworld_map[3]=MAPS\\other.rgm\n\
                world_shade[3]=9\nstart_world=3\nstart_world=4\nWORLD_SHADE[3]=11\n";
    let w = WorldIni::new_checked(text).unwrap();
    let e = w.world(3).unwrap();
    assert_eq!((e.map, e.shade, w.start_world()), ("MAPS\\PALACE.rgm", 5, 3));
    // An empty first record still wins: world 5 does not exist, its later map is not read,
    // and an empty first palette hides the second.
    let w = WorldIni::new_checked(
        "[world]\nworld_map[5]=\nworld_map[5]=MAPS\\x.rgm\nworld_map[7]=m\nworld_palette[7]=\nworld_palette[7]=p\n",
    )
    .unwrap();
    assert_eq!((w.contains(5), w.world(7).unwrap().palette), (false, None));
}

#[test]
fn names_compare_without_case() {
    let text = "[WORLD]\nWORLD_MAP[2]=MAPS\\catacomb.rgm\nWorld_Palette[2]=3DART\\catacomb.COL\n\
                World_Node_Map1[2]=a.noo\nWORLD_RAIN_SPHERE1[2]=1,2,3,4\nSTART_MARKER=6\n";
    let w = WorldIni::new_checked(text).unwrap();
    let e = w.world(2).unwrap();
    assert_eq!(
        (e.map, e.palette, e.node_map(1)),
        ("MAPS\\catacomb.rgm", Some("3DART\\catacomb.COL"), Some("a.noo"))
    );
    assert_eq!((e.rain_sphere(1), w.start_marker()), (Some([1, 2, 3, 4]), 6));
}

#[test]
fn only_the_printed_spelling_of_an_index_matches() {
    // The engine prints `world_map[1]`; a leading zero, a space, a sign or a trailing
    // character is another key. So is a record outside `[world]`, and one before any section.
    let text = "world_map[3]=x\n[world]\nworld_map[01]=a\nworld_map[ 2]=b\nworld_map[+4]=c\nworld_map[5]x=d\n\
                world_map[6]]=e\nworld_node_map01[7]=f\nworld_map[7]=g\nworld_node_map0[7]=h\n[other]\nworld_map[8]=i\n";
    let w = WorldIni::new_checked(text).unwrap();
    assert_eq!(ids(&w), [7]);
    assert_eq!(w.world(7).unwrap().node_maps().count(), 0);
}

#[test]
fn missing_and_empty_values_read_zero() {
    let text = "[world]\nstart_world=\nworld_map[4]=MAPS\\caverns.rgm\nworld_shade[4]=\nworld_sun[4]=\n\
                world_ambientfx[4]=\nworld_redbook[4]=\nworld_fogrgb[4]=\nworld_ambientrgb[4]=\nworld_world[4]=\n\
                world_skylevel[4]=abc\nworld_haze[4]=12abc\n";
    let w = WorldIni::new_checked(text).unwrap();
    let e = w.world(4).unwrap();
    assert_eq!((w.start_world(), w.start_marker(), w.test_map_delay()), (0, 0, 0));
    assert_eq!((e.shade, e.sun, e.fogrgb), (0, [0; 4], [0; 3]));
    // Empty is read like missing: redbook and the colour lists stay `None`, the path too,
    // and an empty ambientfx is a stored zero, so 128.
    assert_eq!((e.redbook, e.ambientrgb, e.terrain, e.ambientfx), (None, None, None, 128));
    // atoi: "abc" is 0, "12abc" is 12.
    assert_eq!((e.skylevel, e.haze), (0, 12));
    // No `[world]` section at all: every global is 0 and there is no world.
    let w = WorldIni::new_checked("; nothing\n").unwrap();
    assert_eq!((w.start_world(), w.ids().count()), (0, 0));
}

#[test]
fn partial_lists_fill_with_zero() {
    let w = shipped();
    // world_wave[1]=16,16: amplitude 16, speed 16, the frequency missing, so 0.
    let wave = w.world(1).unwrap().wave;
    assert_eq!(wave, Wave { amplitude: 16, speed: 16, frequency: 0 });
    assert_eq!(wave.for_terrain(), (16.0, 16, 0));
    // Extra components are not read; a one-component sun is (7, 0, 0, 0).
    let e = world("[world]\nworld_map[1]=m\nworld_fogrgb[1]=1,2,3,4,5\nworld_sun[1]=7\n", 1);
    assert_eq!((e.fogrgb, e.sun), ([1, 2, 3], [7, 0, 0, 0]));
}

#[test]
fn wave_for_terrain_goes_through_floats() {
    // Amplitude -3 → -3.0; speed 16777217 = 2^24 + 1 has no f32, rounds to even 2^24 =
    // 16777216 and truncates to that; frequency 7 stays 7.
    let e = world("[world]\nworld_map[1]=m\nworld_wave[1]=-3,16777217,7\n", 1);
    assert_eq!(e.wave.for_terrain(), (-3.0, 16_777_216, 7));
    // 2147483647 rounds up to the float 2^31, out of range: the integer indefinite (the
    // stated guess). -2147483648 is exactly a float and converts back unchanged.
    let e = world("[world]\nworld_map[1]=m\nworld_wave[1]=1,2147483647,-2147483648\n", 1);
    assert_eq!(e.wave.for_terrain(), (1.0, i32::MIN, i32::MIN));
    assert_eq!(truncate(2_147_483_520.0), 2_147_483_520); // the largest float below 2^31
    assert_eq!(truncate(-7.9), -7);
}

#[test]
fn scapeshift_keeps_its_low_signed_word() {
    let w = shipped();
    // 70000 = 0x11170: the low word 0x1170 = 4464 (70000 - 65536).
    assert_eq!(w.world(1).unwrap().scapeshift, 4464);
    assert_eq!(w.world(6).unwrap().scapeshift, -120);
    // 32768 = 0x8000 reads as -32768; 65535 as -1; -65536 = 0xFFFF0000 as 0.
    for (value, word) in [(32768, -32768), (65535, -1), (-65536, 0), (0, 0)] {
        assert_eq!(scapeshift_word(value), word, "{value}");
    }
}

#[test]
fn ambientfx_is_a_sixteen_bit_word_with_zero_as_128() {
    // 65536 keeps the low word 0, so 128; 40000 = 0x9C40 reads as 40000 - 65536 = -25536;
    // -5 = 0xFFFB stays -5; 128 and 1 are kept.
    for (value, word) in [(0, 128), (65536, 128), (40000, -25536), (-5, -5), (128, 128), (1, 1)] {
        assert_eq!(ambientfx_word(value), word, "{value}");
    }
    let e = world("[world]\nworld_map[3]=m\nworld_ambientfx[3]=65535\n", 3);
    assert_eq!(e.ambientfx, -1);
}

#[test]
fn node_maps_in_sequence() {
    let e = shipped().world(1).unwrap();
    assert_eq!(e.node_map(1), Some("MAPS\\islan001.noo"));
    assert_eq!(e.node_map(5), Some("MAPS\\lighths.noo"));
    assert_eq!((e.node_map(0), e.node_map(6)), (None, None));
    assert_eq!(e.node_maps().count(), 5);
    // A gap ends the sequence, though a later number can still be asked for; an empty
    // value is a gap; the world index must match.
    let text = "[world]\nworld_map[1]=m\nworld_node_map1[1]=a\nworld_node_map2[1]=\nworld_node_map3[1]=c\n\
                world_node_map2[2]=x\n";
    let e = world(text, 1);
    assert_eq!(e.node_maps().collect::<heapless::Vec<&str, 4>>(), ["a"]);
    assert_eq!((e.node_map(2), e.node_map(3)), (None, Some("c")));
}

#[test]
fn rain_spheres_of_necrisle() {
    let e = shipped().world(6).unwrap();
    assert_eq!((e.rain_delay, e.rain_drops, e.rain_start, e.rain_end), (2, 200, -2000, 500));
    let spheres: heapless::Vec<[i32; 4], 8> = e.rain_spheres().collect();
    assert_eq!(spheres, [[1000, 0, 2000, 600], [-500, 0, -800, 1000], [3000, -100, 0, 400], [0, 0, 0, 350]]);
    // Sphere 2 is the largest (1000), as the docs' note says of the shipped one.
    assert_eq!(e.rain_sphere(2).map(|s| s[3]), Some(1000));
    assert_eq!((e.rain_sphere(5), e.sky_xrotate, e.sky_yrotate), (None, 3, 40));
    // A short sphere is zero-filled.
    let e = world("[world]\nworld_map[6]=m\nworld_rain_sphere1[6]=5,6\n", 6);
    assert_eq!(e.rain_sphere(1), Some([5, 6, 0, 0]));
}

#[test]
fn comments_and_spaces_around_values() {
    // world_skylevel[1]=-3000 ; comment — the comment is cut and the value trimmed.
    assert_eq!(shipped().world(1).unwrap().skylevel, -3000);
    let e = world("[world]\n  world_map[1] =  MAPS\\a b.rgm  ; x\nworld_sun[1]= 1 , -2 ,3, 4\n", 1);
    assert_eq!((e.map, e.sun), ("MAPS\\a b.rgm", [1, -2, 3, 4]));
}

#[test]
fn world_100_and_above_are_refused() {
    let text = "[world]\nworld_map[99]=a\nworld_map[100]=b\nworld_map[65535]=c\nworld_map[70000]=d\n";
    let w = WorldIni::new_checked(text).unwrap();
    assert_eq!(ids(&w), [99]);
    assert!(w.world(99).is_some());
    for id in [100, 127, 128, 65535] {
        assert!(w.world(id).is_none() && !w.contains(id), "{id}");
    }
}

#[test]
fn the_ini_errors_name_their_line() {
    // Line 3 holds 256 bytes: one more than the longest line.
    let mut text = heapless::String::<400>::new();
    text.push_str("[world]\nworld_map[1]=m\n").unwrap();
    let start = text.len();
    text.push_str("world_palette[1]=").unwrap();
    while text.len() - start < 256 {
        text.push('x').unwrap();
    }
    text.push_str("\n").unwrap();
    assert_eq!(text.lines().nth(2).unwrap().len(), 256);
    assert_eq!(WorldIni::new_checked(&text).unwrap_err(), IniError::LineTooLong { line: 3 });
    // 255 bytes is fine.
    assert!(WorldIni::new_checked(&text[..text.len() - 2]).is_ok());
    assert_eq!(
        WorldIni::new_checked("[world]\nworld_map[1]=m\n\n[broken\n").unwrap_err(),
        IniError::UnterminatedSection { line: 4 }
    );
}

#[test]
fn numbers_out_of_range_are_refused_where_read() {
    let err = |text| WorldIni::new_checked(text).unwrap_err();
    // 4294967296 = 2^32. A per-world integer of an existing world, on line 3.
    let t = format_text(&["[world]", "world_map[1]=m", "world_shade[1]=4294967296"]);
    assert_eq!(err(&t), IniError::NumberOutOfRange { line: 3 });
    // The third component of a list (line 2), and a global (line 2).
    let t = format_text(&["world_map[1]=m", "world_fogrgb[1]=1,2,-4294967296"]);
    assert_eq!(err(&t), IniError::NumberOutOfRange { line: 3 });
    assert_eq!(err("[world]\nstart_marker=99999999999\n"), IniError::NumberOutOfRange { line: 2 });
    assert_eq!(err("[world]\ntest_map_order=1,99999999999,-2\n"), IniError::NumberOutOfRange { line: 2 });
    let t = format_text(&["world_map[6]=m", "world_rain_sphere3[6]=1,2,3,9999999999"]);
    assert_eq!(err(&t), IniError::NumberOutOfRange { line: 3 });
    // Not read, so not refused: a later duplicate, a world without a map, a path, a
    // component past those read, test_map_order after its -2, a key outside `[world]`.
    for unread in [
        format_text(&["world_map[1]=m", "world_shade[1]=1", "world_shade[1]=4294967296"]),
        format_text(&["world_shade[9]=4294967296"]),
        format_text(&["world_map[1]=4294967296"]),
        format_text(&["world_map[1]=m", "world_fogrgb[1]=1,2,3,4294967296"]),
        format_text(&["test_map_order=1,-2,4294967296"]),
        format_text(&["[other]", "start_world=4294967296"]),
    ] {
        assert!(WorldIni::new_checked(&unread).is_ok(), "{unread}");
    }
    // Unchecked, such a number reads as 0.
    let w = WorldIni::new_unchecked(
        "[world]\nstart_world=4294967296\nworld_map[1]=m\nworld_shade[1]=4294967296\n",
    );
    assert_eq!((w.start_world(), w.world(1).unwrap().shade), (0, 0));
}

/// `[world]` and `lines`, each ended by a newline.
fn format_text(lines: &[&str]) -> heapless::String<512> {
    let mut s = heapless::String::new();
    if !lines[0].starts_with('[') {
        s.push_str("[world]\n").unwrap();
    }
    for l in lines {
        s.push_str(l).unwrap();
        s.push('\n').unwrap();
    }
    s
}

#[test]
fn paths_split_at_either_slash() {
    assert_eq!(base_name("MAPS\\hideout.WLD"), "hideout.WLD");
    assert_eq!(base_name("maps/sub\\ISLAND.rgm"), "ISLAND.rgm");
    assert_eq!(base_name("SUN001.BSI"), "SUN001.BSI");
    assert_eq!(base_name("MAPS\\"), "");
    let parts: heapless::Vec<&str, 4> = split_path("\\3DART\\\\sunset.COL").collect();
    assert_eq!(parts, ["3DART", "sunset.COL"]);
}
