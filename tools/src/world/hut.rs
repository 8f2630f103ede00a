//! The fisher's hut at night: a second world of the embedded catalog (WORLD.INI world
//! [`super::worlds::HUT`], map [`MAP`]), an interior as the original's are — no terrain, no sky, the
//! frame filled with `world_fogrgb` — lit only by its own map lights (MPSL records for
//! this world; {D:formats/RGM.md} "MPSL (Lights)") through a warm palette of its own.
//!
//! `stros --world 2` plays it. Doors between it and the island are later work.

use super::archive::{self, FRAME_STATIC};
use super::mesh::Mesh;
use super::{art, models, village, worlds};
use crate::write::model::Version;
use crate::write::rgm::{FlatDesc, MarkerDesc, MpobDesc, MpsfDesc, MpslDesc, MpsoDesc, RgmDesc};
use crate::write::rob::{COLLISION_ACTOR_LIST, RobDesc, SegmentDesc};

/// The interior's map name: `HUTINT.RGM`, `HUTINT.ROB`, `HUTINT.COL`.
pub const MAP: &str = "HUTINT";

/// Where the hut stands in the interior's map space (its floor at Y 0).
pub const AT: [i32; 3] = [20_000, 0, 20_000];

/// The chest: against the back wall, between the barrel and the table, its lock toward the
/// door.
pub const CHEST_AT: [i32; 3] = [AT[0] - 10, 0, AT[2] + 140];

/// The lamp over the table: its flame's centre, map units.
pub const LAMP: [i32; 3] = [AT[0] + 110, -150, AT[2] + 120];

/// The `tex_hi` byte of the hut's faces: brightness (66 × 4) & 255 = 8.
pub const NIGHT_TEX_HI: u8 = 66;

/// The statics: the hut (the island's house model, seen from inside), a table and a barrel.
fn statics() -> Vec<(&'static str, Mesh, u8)> {
    vec![
        ("HOUSE", models::house(), 0),
        ("TABLE", table(), 0),
        ("BARREL", models::barrel(), COLLISION_ACTOR_LIST),
    ]
}

/// A table 120 × 80 on four legs, its top 70 high.
fn table() -> Mesh {
    use super::mesh::{ALL_SIDES, Paint};
    let mut m = Mesh::default();
    let wood = Paint::Texture { bank: models::MODEL_BANK, image: models::img::PLANKS };
    let mut faces = m.cuboid([-60.0, -76.0, -40.0], [60.0, -70.0, 40.0], &ALL_SIDES, wood);
    for (x, z) in [(-54.0, -34.0), (48.0, -34.0), (-54.0, 28.0), (48.0, 28.0)] {
        faces.extend(m.cuboid([x, -70.0, z], [x + 6.0, 0.0, z + 6.0], &ALL_SIDES, wood));
    }
    m.group(&faces);
    m
}

/// The ROB: the interior's statics, then the actor models as external entries.
pub fn rob_desc() -> RobDesc {
    let mut segments: Vec<SegmentDesc> = statics()
        .into_iter()
        .map(|(name, mesh, collision)| {
            let mut desc = archive::model_desc(&mesh, Version::V5_0, FRAME_STATIC, &[]);
            // Faces add their brightness byte, (tex_hi × 4) & 255, to the ambient
            // ({D:engine/model-lighting.md} "Ambient and directional contribution"): the
            // island's 61 makes 244, daylight; the hut's 66 makes 8, so the lamps show.
            for face in &mut desc.faces {
                face.tex_hi = NIGHT_TEX_HI;
            }
            let bytes = crate::write::model::to_bytes(&desc);
            let mut seg = SegmentDesc::embedded(name, bytes);
            seg.collision_flags = collision;
            seg
        })
        .collect();
    segments.extend(archive::actor_models().into_iter().map(|(name, _)| SegmentDesc::external(name)));
    RobDesc { segments }
}

/// The RGM: the island's actor definitions (Cyrus enters from them) with nothing placed
/// but the statics, one marker by the door, a torch flame over the table and its light,
/// and a dim blue light in the far corner.
pub fn rgm_desc() -> RgmDesc {
    let island = village::rgm_desc();
    let [x, y, z] = AT;
    let mpso = [("HOUSE", 0, 0, 0), ("TABLE", 110, 0, 120), ("BARREL", -130, 0, 120)]
        .into_iter()
        .enumerate()
        .map(|(k, (name, dx, dy, dz))| MpsoDesc {
            id: 100 + k as u32,
            model_name: name.as_bytes().to_vec(),
            position: [x + dx, y + dy, z + dz],
            matrix: archive::yaw_matrix(0),
        })
        .collect();
    let light = |position: [i32; 3], radius: i16, rgb: [i16; 3]| MpslDesc {
        link: 0,
        world_id: worlds::HUT as u32,
        position,
        radius,
        field_16: 0,
        rgb,
        field_1e: 0,
        active: 1,
        field_20: [0; 6],
        field_26: [0; 4],
    };
    RgmDesc {
        actors: island.actors,
        mpsz: island.mpsz,
        rafs: island.rafs,
        rahd_fixed: island.rahd_fixed,
        mpso,
        // Inside the door (the −Z wall), facing in.
        markers: vec![MarkerDesc { position: [x, y, z - 120], aux: 1 }],
        // The door out, by the marker: activated, back to the island beside the door; the
        // chest against the back wall.
        mpob: vec![
            MpobDesc {
                id: 1,
                object_type: 1,
                script_name: b"HUTEXIT".to_vec(),
                position: [x, y, z - 170],
                model_id: -1,
                ..MpobDesc::default()
            },
            MpobDesc {
                id: 2,
                object_type: 1,
                script_name: b"CHEST".to_vec(),
                model_name: b"CHEST".to_vec(),
                position: CHEST_AT,
                model_id: -1,
                ..MpobDesc::default()
            },
        ],
        mpsf: vec![MpsfDesc {
            id: 950,
            position: LAMP,
            texture_data: (models::MODEL_BANK << 7) | art::flat_img::FLAME as u16,
        }],
        flat: vec![FlatDesc {
            archive: models::MODEL_BANK,
            image: art::flat_img::FLAME,
            flags: 0,
            alpha: 199,
        }],
        mpsl: vec![
            light([LAMP[0], LAMP[1] + 20, LAMP[2]], 300, [30_000, 21_000, 9_000]),
            light([x - 120, -120, z + 100], 240, [6_000, 8_000, 16_000]),
        ],
        ..RgmDesc::default()
    }
}

/// The palette: the island's, warmed by lamplight (red kept, green × 7/8, blue × 5/8; COL's
/// six-bit steps kept).
pub fn col_desc() -> crate::write::col::ColDesc {
    let rgb =
        art::palette().map(|[r, g, b]| [r, ((g as u32 * 7 / 8) as u8) & !3, ((b as u32 * 5 / 8) as u8) & !3]);
    crate::write::col::ColDesc { rgb }
}

/// The interior's WORLD.INI entry: its map and palette, no terrain or sky; night — a dim
/// blue ambient, no sun — with the frame filled near-black.
pub fn world_desc() -> crate::write::worldini::WorldDesc {
    crate::write::worldini::WorldDesc::new(worlds::HUT, &format!("MAPS\\{MAP}.RGM"))
        .set("world_palette", format!("3DART\\{MAP}.COL"))
        .set_list("world_ambientrgb", &[20, 22, 34])
        .set_list("world_sunrgb", &[0, 0, 0, 0])
        .set_list("world_fogrgb", &[6, 6, 12])
}
