//! Keyed model textures ({D:formats/ROB.md} "Segment Attributes (0x10)",
//! {D:engine/model-lighting.md} "Texture transparency" and "Draw-flag ownership"): a ROB
//! segment's attribute bit 0x02 reaches the static placements of its model, whose textured
//! faces then leave their texels of palette index 0 undrawn — neither colour nor depth —
//! while without the bit those texels are drawn as any other. The rectangles and depths are
//! derived by hand, as in `render_flats`.

use stros_core::capacity::Small;
use stros_core::collision::statics::Statics;
use stros_core::formats::model::Texture;
use stros_core::formats::rgm::Rgm;
use stros_core::formats::rob::{ATTR_CHROMA_KEY, Rob};
use stros_core::formats::texbsi::Texbsi;
use stros_core::render::look::{Light, Look};
use stros_core::render::view::{self, Instance, View};
use stros_core::render::{Framebuffer, Palette};
use stros_core::terrain::VertexCache;
use stros_tools::write::model::{FaceDesc, ModelDesc, Version, to_bytes as model_bytes};
use stros_tools::write::rgm::{MpsoDesc, RgmDesc, to_bytes as rgm_bytes};
use stros_tools::write::rob::{RobDesc, SegmentDesc, to_bytes as rob_bytes};
use stros_tools::write::texbsi::{ImageDesc, TexbsiDesc, to_bytes as bank_bytes};

/// The texels' bank.
const BANK: u16 = 310;
/// The index of the texture's opaque half.
const OPAQUE: u8 = 77;
/// The back wall's solid colour.
const BACK: u8 = 100;
/// Where the eye stands (looking along +Z), map units, inside a map cell.
const EYE: [i32; 3] = [10_240, 0, 10_240];
/// The front face's and the back wall's distances ahead of the eye, and their half sides.
const FRONT_Z: i32 = 256;
const FRONT_HALF: i32 = 64;
const BACK_Z: i32 = 512;
const BACK_HALF: i32 = 256;

/// Bank 310: image 1, 2 × 2 texels (sides powers of two, read by the masked fetch), and
/// image 2, 6 × 3 (read through `Texels::texel`); each with its left half index 0 and its
/// right half [`OPAQUE`].
fn bank() -> Vec<u8> {
    let halves = |w: usize, h: usize| (0..w * h).map(|i| if i % w < w / 2 { 0 } else { OPAQUE }).collect();
    let small = ImageDesc::still(b"D10001", 2, 2, halves(2, 2));
    let odd = ImageDesc::still(b"D10002", 6, 3, halves(6, 3));
    bank_bytes(&TexbsiDesc { images: vec![small, odd] })
}

/// A square of half side `half` map units in the plane z = 0 facing −Z (the eye), its one
/// face `face`'s corners (−x, −y), (x, −y), (x, y), (−x, y) taking the UV deltas `uv`.
fn square(half: i32, mut face: FaceDesc, uv: [[i16; 2]; 4]) -> Vec<u8> {
    let h = half * 256;
    for (c, [du, dv]) in face.vertices.iter_mut().zip(uv) {
        (c.du, c.dv) = (du, dv);
    }
    model_bytes(&ModelDesc {
        version: Version::V5_0,
        radius: (half as f32 * 1.5 * 256.0) as u32,
        vertices: vec![[-h, -h, 0], [h, -h, 0], [h, h, 0], [-h, h, 0]],
        faces: vec![face],
        face_normals: Some(vec![[0, 0, -256]]),
        ..ModelDesc::default()
    })
}

/// The front square textured with image `image` (`w` × `h` texels) across its whole face:
/// UVs (0, 0), (w, 0), (w, h), (0, h), as deltas in 1/16 texel.
fn front(image: u32, [w, h]: [i16; 2]) -> Vec<u8> {
    let face = FaceDesc::textured(BANK as u32, image, &[0, 1, 2, 3]);
    square(FRONT_HALF, face, [[0, 0], [w * 16, 0], [0, h * 16], [-w * 16, 0]])
}

/// The look: bank 310, full ambient and no sun, so every face is lit at 255 and its shade
/// row is its distance / 1024 (under 0.27 for the front, 0.62 for the back) plus the
/// dither (below 1): row 0 or 1.
fn look() -> Look<'static, Small> {
    let bank: &'static [u8] = Box::leak(bank().into_boxed_slice());
    let mut look = Look::new(None, &[(BANK, Texbsi::new_checked(bank).unwrap())], &Palette::default_world());
    look.light = Light { ambient: 255.0, sun: 0.0, direction: [0.0; 3] };
    look
}

/// `p` is index `index` at shade row 0 or 1.
fn is_lit(look: &Look<'_, Small>, p: u8, index: u8) -> bool {
    p == look.shades.shade(0, index) || p == look.shades.shade(1, index)
}

/// The frame and depth buffer of `instances` seen from [`EYE`] along +Z, 320 × 200.
fn draw(look: &Look<'_, Small>, instances: &[Instance<'_>]) -> (Vec<u8>, Vec<f32>) {
    let (mut px, mut depth) = (vec![0u8; 320 * 200], vec![0f32; 320 * 200]);
    let mut fb = Framebuffer::new(&mut px, 320, 200).unwrap();
    let view = View { eye: EYE.map(|c| c as f32), heading: 0, pitch: 0 };
    let no_terrain: Option<(&VertexCache<'_>, &_)> = None;
    view::draw(&mut fb, &mut depth, &view, no_terrain, instances.iter().copied(), look);
    (px, depth)
}

/// The placements of a ROB of the front square (segment `FRONT`, attribute byte
/// `attributes`) textured with `image`, and the back wall (`BACK`, attribute 0), placed by
/// an RGM's MPSO records (front first), as world loading places statics.
fn placed(image: u32, size: [i16; 2], attributes: u8) -> (Vec<u8>, Vec<u8>) {
    let mut front = SegmentDesc::embedded("FRONT", front(image, size));
    front.attributes = attributes;
    let back =
        SegmentDesc::embedded("BACK", square(BACK_HALF, FaceDesc::solid(BACK, &[0, 1, 2, 3]), [[0; 2]; 4]));
    let rob = rob_bytes(&RobDesc { segments: vec![front, back] });
    let identity = [1 << 28, 0, 0, 0, 1 << 28, 0, 0, 0, 1 << 28];
    let at = |z: i32| [EYE[0], EYE[1], EYE[2] + z];
    let mpso = vec![
        MpsoDesc { id: 0, model_name: b"FRONT".to_vec(), position: at(FRONT_Z), matrix: identity },
        MpsoDesc { id: 1, model_name: b"BACK".to_vec(), position: at(BACK_Z), matrix: identity },
    ];
    (rob, rgm_bytes(&RgmDesc { mpso, ..RgmDesc::default() }))
}

/// The front square covers columns 109..=210 and rows 58..=141: the focal lengths at
/// 320 × 200 shown 4:3 are 320 × 0.5 / 0.788 = 203.05 px across and × (4 · 200) /
/// (3 · 320) = 169.20 px down about (160, 100), so its half side 64 at depth 256 spans
/// 160 ± 50.76 (edges 109.25 and 210.75 in 1/16 px) and 100 ± 42.30 (57.69 and 142.31);
/// the pixel centres x + ½, y + ½ inside are those. Its left half (u below half the width,
/// centres left of x = 160: columns 109..=159, 51 of them) shows the texture's index 0 and
/// its right half (columns 160..=210, 51) index 77. The back wall, 512 ahead with half
/// side 256, covers columns 59..=261 and rows 16..=184, all of that, at depth 1/512.
#[test]
fn a_keyed_segment_s_texels_of_index_0_show_what_lies_behind() {
    let look = look();
    let (cols, rows) = (109..=210usize, 58..=141usize);
    let keyed_cols = 109..=159usize;
    // The shades differ, so a pixel drawn from the wrong one shows.
    for (a, b) in [(0, BACK), (0, OPAQUE), (OPAQUE, BACK)] {
        for (ra, rb) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
            assert_ne!(look.shades.shade(ra, a), look.shades.shade(rb, b), "{a} row {ra}, {b} row {rb}");
        }
    }
    // Both fetches of the span painter: the 2 × 2 image's masked one, the 6 × 3's general one.
    let texels = |image| look.face_texels(Texture::Image { bank: BANK as i32, image }).unwrap();
    assert!(texels(1).raw_data().is_some() && !texels(2).width().is_power_of_two());
    for (image, size) in [(1, [2, 2]), (2, [6, 3])] {
        let frame = |attributes: u8| {
            let (rob, rgm) = placed(image, size, attributes);
            let (rob, rgm) = (Rob::new_checked(&rob).unwrap(), Rgm::new_checked(&rgm).unwrap());
            let statics = Statics::<Small>::new(&rgm, &rob).unwrap();
            let instances: Vec<Instance> = statics.placements().iter().map(Instance::from).collect();
            assert_eq!(instances.len(), 2);
            assert_eq!(
                instances.iter().map(|i| (i.attributes, i.chroma_keyed())).collect::<Vec<_>>(),
                [(attributes, attributes & ATTR_CHROMA_KEY != 0), (0, false)],
                "the segments' attribute bytes reach their placements' draw flags"
            );
            (draw(&look, &instances), draw(&look, &instances[1..]))
        };
        let ((keyed, keyed_depth), (bare, bare_depth)) = frame(ATTR_CHROMA_KEY);
        let ((plain, plain_depth), _) = frame(0);
        let (mut shown_through, mut zero_drawn) = (0, 0);
        for y in 0..200 {
            for x in 0..320 {
                let i = y * 320 + x;
                let inside = cols.contains(&x) && rows.contains(&y);
                if inside && !keyed_cols.contains(&x) {
                    // The opaque half: drawn the same either way, at the front's depth.
                    assert!(is_lit(&look, keyed[i], OPAQUE), "image {image} ({x}, {y}) keyed {}", keyed[i]);
                    assert_eq!(
                        (keyed[i], keyed_depth[i]),
                        (plain[i], plain_depth[i]),
                        "image {image} ({x}, {y})"
                    );
                    assert_eq!(keyed_depth[i], 1.0 / FRONT_Z as f32);
                } else if inside {
                    // Keyed: the back wall shows, at its depth, as without the front.
                    assert_eq!(
                        (keyed[i], keyed_depth[i]),
                        (bare[i], bare_depth[i]),
                        "image {image} ({x}, {y})"
                    );
                    assert_eq!(keyed_depth[i], 1.0 / BACK_Z as f32);
                    assert!(is_lit(&look, keyed[i], BACK), "image {image} ({x}, {y})");
                    shown_through += 1;
                    // Unkeyed: index 0 drawn, shaded like any texel, at the front's depth.
                    assert!(is_lit(&look, plain[i], 0), "image {image} ({x}, {y}) plain {}", plain[i]);
                    assert_eq!(plain_depth[i], 1.0 / FRONT_Z as f32);
                    zero_drawn += 1;
                } else {
                    // Outside the front square nothing differs.
                    assert_eq!((keyed[i], plain[i]), (bare[i], bare[i]), "image {image} ({x}, {y})");
                    assert_eq!((keyed_depth[i], plain_depth[i]), (bare_depth[i], bare_depth[i]));
                }
            }
        }
        // 51 columns × 84 rows.
        assert_eq!((shown_through, zero_drawn), (4284, 4284), "image {image}");
    }
}

/// World loading keeps every segment's attribute byte with its model ({D:engine/model-lighting.md}
/// "Draw-flag ownership"): the island's archive with its segments' bytes set to 0, 0x02 and
/// 0x42 in turn loads models and static placements carrying their own segment's byte, and
/// the statics draw with it.
#[test]
fn world_loading_keeps_each_segment_s_attribute_byte() {
    use stros_core::formats::rgm::model_stem;
    use stros_core::formats::rob::ATTR_SPECIAL;
    let pattern = [0, ATTR_CHROMA_KEY, ATTR_CHROMA_KEY | ATTR_SPECIAL];
    let mut desc = stros_tools::world::archive::rob_desc();
    for (k, s) in desc.segments.iter_mut().enumerate() {
        s.attributes = pattern[k % pattern.len()];
    }
    let expected = |name: &[u8]| {
        desc.segments
            .iter()
            .find(|s| s.name.as_bytes().eq_ignore_ascii_case(name))
            .map_or(0, |s| s.attributes)
    };
    let files = stros_tests::replaced(vec![("HARBOUR.ROB", rob_bytes(&desc))]);
    let w = stros_tests::island_in(files);
    assert!(!w.models().is_empty());
    for m in w.models() {
        assert_eq!(m.attributes, expected(m.name.as_bytes()), "model {}", m.name);
    }
    let placements = w.statics().placements();
    for p in placements {
        let name = model_stem(w.rgm().mpso().get(p.mpso as usize).unwrap().model_name()).to_vec();
        assert_eq!(p.attributes, expected(&name), "placement {}", String::from_utf8_lossy(&name));
        assert_eq!(Instance::from(p).attributes, p.attributes);
    }
    // Each of the three bytes reaches some placement.
    for a in pattern {
        assert!(placements.iter().any(|p| p.attributes == a), "{a:#04x}");
    }
}
