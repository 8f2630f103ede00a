//! The island's rope ({D:engine/SOUP.md} "Rope construction and swing", "Rope amplitude
//! updates", "Rope update order"; {D:formats/RGM.md} "MPRP (Rope Chains)") in the world
//! loop, with its swing and placement derived by hand.

use stros_core::input::Input;
use stros_core::math::Mat3;
use stros_core::units::Angles;
use stros_tests::entered;
use stros_tools::world::village::{PLATEAU_Y, ROPE_AT};

#[test]
fn the_island_rope_swings_from_its_beam() {
    let (mut w, _) = entered(9, 0);
    // One MPRP record: six ROPELINK links and the ROPEWGT weight, type 0x20 (swinging from
    // the start: amplitude = swing = 60), speed 199, base 220 above the ground.
    assert_eq!(w.ropes().len(), 1);
    let r = w.ropes()[0];
    assert_eq!((r.links, r.kind, r.maximum, r.amplitude, r.speed), (6, 0x30, 60, 60, 199));
    assert_eq!(r.base, [ROPE_AT[0], PLATEAU_Y - 220, ROPE_AT[2]]);
    // The link model is 16 tall (y −8..8): 16 × 256 in Q8.
    assert_eq!(r.link_length, 4096);
    assert_eq!(r.heading, 512);
    // Before any update the rope hangs straight: link i 16 i below the base, the weight
    // where a seventh link would be.
    let at_rest: Vec<[f32; 3]> = w.rope_links().map(|l| l.position).collect();
    let base = r.base.map(|c| c as f32);
    let straight: Vec<[f32; 3]> = (0..7).map(|i| [base[0], base[1] + 16.0 * i as f32, base[2]]).collect();
    assert_eq!(at_rest, straight);

    // Update 1 (start-up: frame scale 256). The placement shows (60, 0); the amplitude
    // service sees a step sum of 0 after 0 — both zero, a crossing, but no push and no
    // motion: the amplitude stays. The swing then advances the phase by 199 × 64 × 256 >> 8
    // = 12,736 and takes step sine[12,736 >> 8 = 49] × 60 >> 9 = 9,814 × 60 / 512 =
    // 1,150.08 → 1,150.
    w.step(&Input::NONE, 0);
    assert_eq!(w.report().tick.frame_scale, 256);
    let r = w.ropes()[0];
    assert_eq!((r.phase, r.step, r.amplitude, r.placed), (12_736, 1_150, 60, (60, 0)));
    // Update 2 places what update 1 swung: link 0 pitched by 60 >> 8 = 0, link i ≥ 1 by
    // (i − 1) × 1,150 >> 8: 0, 4, 8, 13, 17 and the weight 22. The sum 5 × 1,150 = 5,750
    // after 0 is no crossing; the swing byte reads 0 (the sum grew).
    w.step(&Input::NONE, 1);
    let r = w.ropes()[0];
    assert_eq!((r.placed, r.previous_sum, r.direction), ((60, 1_150), 5_750, 0));
    let pitches = [0, 0, 4, 8, 13, 17, 22];
    let mut at = base.map(|c| c * 256.0);
    for (i, (link, pitch)) in w.rope_links().zip(pitches).enumerate() {
        let m = Mat3::from_orientation(Angles { pitch, heading: 512, roll: 0 });
        assert_eq!(link.matrix, m.m, "link {i}");
        assert_eq!(link.position, at.map(|c| c / 256.0), "link {i}");
        // The next link hangs one link length along this one's local Y.
        at = [0, 1, 2].map(|k| at[k] + m.m[k][1] * 4096.0);
    }
}
