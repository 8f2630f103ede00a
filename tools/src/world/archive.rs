//! The village's models as the writers take them: a model description from a mesh, the
//! actor models (`<NAME>.3DC`, {D:formats/3D.md}) with their frames, and the ROB archive of
//! the village's statics ({D:formats/ROB.md}) with external entries for the actors.

use super::mesh::{Mesh, Paint};
use super::models;
use crate::write::model::{FaceDesc, FaceVertexDesc, FrameDesc, ModelDesc, SubobjectDesc, Version};
use crate::write::rob::{COLLISION_ACTOR_LIST, COLLISION_EXCLUDED, RobDesc, SegmentDesc};

/// Frame-2 encoding of later frames: i16 deltas subtracted from frame 0, in model units.
const FRAMES_I16_DELTA: u32 = 2;
/// Frame encoding of later frames: absolute i32 positions.
const FRAMES_ABSOLUTE: u32 = 4;
/// Frame encoding of later frames: i8 deltas in whole map units.
const FRAMES_I8_DELTA: u32 = 1;
/// A single static frame.
pub const FRAME_STATIC: u32 = 8;

/// Face normals of a mesh with some vertex positions, × 256.
fn normals_for(mesh: &Mesh, positions: &[[i32; 3]]) -> Vec<[i32; 3]> {
    mesh.faces
        .iter()
        .map(|f| {
            let desc = face_desc(f);
            let n = crate::write::model::face_normal(positions, &desc);
            // Keep the authored orientation: the writer's cross product follows the winding,
            // which the mesh builder already made agree with the intended normal.
            let want = Mesh::stored_normal(f);
            if n == [0; 3] { want } else { n }
        })
        .collect()
}

fn face_desc(f: &super::mesh::Face) -> FaceDesc {
    let mut desc = match f.paint {
        Paint::Solid(c) => FaceDesc::solid(c, &f.vertices),
        Paint::Texture { bank, image } => FaceDesc::textured(bank as u32, image as u32, &f.vertices),
    };
    // UVs accumulate from zero in 1/16 texel (quarter texels × 4): store each corner's step
    // from the previous one.
    let mut prev = [0i32; 2];
    for (v, uv) in desc.vertices.iter_mut().zip(&f.uv) {
        let cur = [uv[0] * 4, uv[1] * 4];
        *v = FaceVertexDesc { index: v.index, du: (cur[0] - prev[0]) as i16, dv: (cur[1] - prev[1]) as i16 };
        prev = cur;
    }
    desc
}

/// A model description from a mesh; `frames` are the later frames' vertex positions.
pub fn model_desc(mesh: &Mesh, version: Version, frame_type: u32, frames: &[Vec<[i32; 3]>]) -> ModelDesc {
    let faces: Vec<FaceDesc> = mesh.faces.iter().map(face_desc).collect();
    let subobjects = mesh
        .groups
        .iter()
        .map(|g| {
            let (centre, radius, extents) = mesh.group_bounds(g);
            SubobjectDesc { centre, radius, extents, faces: g.faces.clone() }
        })
        .collect();
    let base = &mesh.vertices;
    let later = frames
        .iter()
        .skip(1)
        .map(|pos| {
            let vertices = match frame_type {
                FRAMES_ABSOLUTE => pos.clone(),
                FRAMES_I8_DELTA => {
                    pos.iter().zip(base).map(|(p, b)| [0, 1, 2].map(|k| (b[k] - p[k]) / 256)).collect()
                }
                _ => pos.iter().zip(base).map(|(p, b)| [0, 1, 2].map(|k| b[k] - p[k])).collect(),
            };
            FrameDesc { vertices, normals: normals_for(mesh, pos) }
        })
        .collect();
    ModelDesc {
        version,
        radius: mesh.radius(),
        vertices: mesh.vertices.clone(),
        faces,
        face_normals: Some(mesh.faces.iter().map(Mesh::stored_normal).collect()),
        frame_type: if frames.len() > 1 { frame_type } else { FRAME_STATIC },
        frames: later,
        subobjects,
        ..ModelDesc::default()
    }
}

/// A static ROB segment.
struct Static {
    name: &'static str,
    mesh: Mesh,
    version: Version,
    collision: u8,
}

fn statics() -> Vec<Static> {
    let s = |name, mesh, collision| Static { name, mesh, version: Version::V5_0, collision };
    vec![
        s("HOUSE", models::house(), 0),
        s("STAIRS", models::stairs(), 0),
        s("RAMP", models::ramp(), 0),
        s("BRIDGE", models::bridge(), 0),
        s("PIER", models::pier(), 0),
        s("LEDGES", models::ledge_course(), 0),
        s("BARREL", models::barrel(), COLLISION_ACTOR_LIST),
        s("PLANT", models::plant(), COLLISION_EXCLUDED),
        s("ROPEFRAM", models::rope_frame(), 0),
        s("ROPELINK", models::rope_link(), COLLISION_EXCLUDED),
        s("ROPEWGT", models::rope_weight(), COLLISION_EXCLUDED),
        Static { name: "CRATE4", mesh: models::crate_box(), version: Version::V4_0, collision: 0 },
    ]
}

/// The actor models written as `<NAME>.3DC`, with their frames.
pub fn actor_models() -> Vec<(&'static str, ModelDesc)> {
    let (cyrus, mut cyrus_frames) = models::figure(models::colour::TUNIC, models::colour::TROUSERS);
    cyrus_frames.push(models::hang_frame(&cyrus_frames[0]).0);
    let (npc, npc_frames) = models::figure(models::colour::ROBE, models::colour::ROBE);
    let (flag, flag_frames) = models::flag();
    let raft = models::raft();
    // The buoy bobs in whole map units: i8 deltas.
    let buoy = models::barrel();
    let buoy_frames: Vec<Vec<[i32; 3]>> = [0, 3, 6, 3]
        .iter()
        .map(|&d| buoy.vertices.iter().map(|v| [v[0], v[1] + d * 256, v[2]]).collect())
        .collect();
    vec![
        ("CYRUS", model_desc(&cyrus, Version::V4_0, FRAMES_I16_DELTA, &cyrus_frames)),
        ("NPC", model_desc(&npc, Version::V4_0, FRAMES_ABSOLUTE, &npc_frames)),
        ("FLAG", model_desc(&flag, Version::V4_0, FRAMES_I16_DELTA, &flag_frames)),
        ("BUOY", model_desc(&buoy, Version::V4_0, FRAMES_I8_DELTA, &buoy_frames)),
        ("RAFT", model_desc(&raft, Version::V4_0, FRAME_STATIC, &[])),
        ("KEY", model_desc(&models::key(), Version::V4_0, FRAME_STATIC, &[])),
        ("CHEST", model_desc(&models::chest(), Version::V4_0, FRAME_STATIC, &[])),
    ]
}

/// The ROB archive: the village's static models, then external entries for the actors.
pub fn rob_desc() -> RobDesc {
    let mut segments = Vec::new();
    for s in statics() {
        let bytes = crate::write::model::to_bytes(&model_desc(&s.mesh, s.version, FRAME_STATIC, &[]));
        let mut seg = SegmentDesc::embedded(s.name, bytes);
        seg.collision_flags = s.collision;
        segments.push(seg);
    }
    for (name, _) in actor_models() {
        segments.push(SegmentDesc::external(name));
    }
    RobDesc { segments }
}

/// Q4.28 rotation about Y by `angle` (2048 units a turn), row-major.
pub fn yaw_matrix(angle: i32) -> [i32; 9] {
    let a = angle as f64 * std::f64::consts::PI / 1024.0;
    let one = (1i64 << 28) as f64;
    let (s, c) = ((libm::sin(a) * one).round() as i32, (libm::cos(a) * one).round() as i32);
    [c, 0, s, 0, 1 << 28, 0, -s, 0, c]
}
