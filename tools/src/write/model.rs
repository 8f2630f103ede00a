//! Writer of v4.0/v5.0 3D and 3DC models from a [`ModelDesc`], through the field constants
//! of `stros_core::formats::model`.
//!
//! Layout written (the shipped section order): header, face records at 64, vertices, face
//! normals, frame records, later-frame data (per frame: vertices, then packed normals),
//! Section4, normal-index table, vertex normals. Absent optional sections get offset 0.
//! Output is a pure function of the description.

use stros_core::formats::model::{FrameEncoding, field};
pub use stros_core::formats::model::{NO_NORMAL_BITS, Version};

/// One face corner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct FaceVertexDesc {
    /// Vertex index.
    pub index: u32,
    /// U delta in 1/16 pixel.
    pub du: i16,
    /// V delta in 1/16 pixel.
    pub dv: i16,
}

/// One face.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct FaceDesc {
    /// The `tex_hi` byte.
    pub tex_hi: u8,
    /// The raw v4/v5 texture word (see [`texture_word`], [`solid_word`]).
    pub texture: u32,
    /// Corners in order.
    pub vertices: Vec<FaceVertexDesc>,
}

impl FaceDesc {
    /// A solid-colour face (`tex_hi` 0xFF, as shipped), corners without UVs.
    pub fn solid(colour: u8, indices: &[u32]) -> FaceDesc {
        FaceDesc { tex_hi: 0xFF, texture: solid_word(colour), vertices: corners(indices) }
    }
    /// A textured face of `bank`/`image` with `tex_hi` 61, corners without UVs.
    pub fn textured(bank: u32, image: u32, indices: &[u32]) -> FaceDesc {
        FaceDesc { tex_hi: 61, texture: texture_word(bank, image), vertices: corners(indices) }
    }
}

fn corners(indices: &[u32]) -> Vec<FaceVertexDesc> {
    indices.iter().map(|&index| FaceVertexDesc { index, du: 0, dv: 0 }).collect()
}

/// The texture word of a solid colour.
pub fn solid_word(colour: u8) -> u32 {
    0xFFF0_0000 | (colour as u32) << 8
}

/// A texture word that decodes to `bank` (< 1000) and `image` (< 70): the bank's decimal
/// digits at 250, 10000 and 400000 per unit, the image's tens digit at 40 per unit.
///
/// # Panics
/// When `bank` ≥ 1000 or `image` ≥ 70 (not encodable).
pub fn texture_word(bank: u32, image: u32) -> u32 {
    assert!(bank < 1000 && image < 70, "texture {bank}/{image} not encodable");
    let t = 250 * (bank % 10) + 10_000 * (bank / 10 % 10) + 400_000 * (bank / 100);
    ((4_000_000 + t) << 8) | ((image / 10) * 40 + image % 10)
}

/// One later animation frame (frames 1+), stored values in frame 0's encoding.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct FrameDesc {
    /// Per vertex: i8 deltas (type 1), i16 deltas (type 2) or absolute i32 (type 4), as
    /// the file stores them (deltas are subtracted from frame 0 by the reader).
    pub vertices: Vec<[i32; 3]>,
    /// Per face: normal components in 1/256 units, each in −512..=511 (packed 10:10:10).
    pub normals: Vec<[i32; 3]>,
}

/// One Section4 subobject.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct SubobjectDesc {
    /// Centre in model units.
    pub centre: [i32; 3],
    /// Radius in model units.
    pub radius: u32,
    /// Extent factors (written in v5.0 only).
    pub extents: [f32; 3],
    /// Referenced face indices in order (repeats allowed).
    pub faces: Vec<u32>,
}

/// A whole model.
#[derive(Clone, Debug, PartialEq)]
pub struct ModelDesc {
    /// v4.0 or v5.0.
    pub version: Version,
    /// Bounding radius in model units (see [`bounding_radius`]).
    pub radius: u32,
    /// Vertices in model units.
    pub vertices: Vec<[i32; 3]>,
    /// Faces.
    pub faces: Vec<FaceDesc>,
    /// Face normals (1/256); `None` computes them with [`face_normal`].
    pub face_normals: Option<Vec<[i32; 3]>>,
    /// Vertex normal records; empty writes none (offset 0).
    pub vertex_normals: Vec<[f32; 3]>,
    /// Normal-index table as record indices, one per face corner in face order; empty
    /// writes no table (offset 0).
    pub normal_indices: Vec<u32>,
    /// Frame 0's type (0 static `.3D`, 1/2/4 animated, 8 static `.3DC`, flag 0x10).
    pub frame_type: u32,
    /// Frames 1+; must be empty unless the type is 1, 2 or 4.
    pub frames: Vec<FrameDesc>,
    /// Section4 nodes; empty writes none (offset 0).
    pub subobjects: Vec<SubobjectDesc>,
}

impl Default for ModelDesc {
    fn default() -> Self {
        ModelDesc {
            version: Version::V5_0,
            radius: 0,
            vertices: Vec::new(),
            faces: Vec::new(),
            face_normals: None,
            vertex_normals: Vec::new(),
            normal_indices: Vec::new(),
            frame_type: 0,
            frames: Vec::new(),
            subobjects: Vec::new(),
        }
    }
}

/// A face normal in 1/256 units: the cross product (v1 − v0) × (v2 − v0) of the first three
/// corners, scaled to length 256 and rounded; `[0; 3]` for fewer than three corners or a
/// degenerate face.
pub fn face_normal(vertices: &[[i32; 3]], face: &FaceDesc) -> [i32; 3] {
    let p = |k: usize| face.vertices.get(k).and_then(|c| vertices.get(c.index as usize)).copied();
    let (Some(a), Some(b), Some(c)) = (p(0), p(1), p(2)) else { return [0; 3] };
    let d = |x: [i32; 3], y: [i32; 3]| [0, 1, 2].map(|i| y[i] as f64 - x[i] as f64);
    let (u, v) = (d(a, b), d(a, c));
    let n = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
    let len = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
    if len == 0.0 {
        return [0; 3];
    }
    n.map(|x| (x / len * 256.0).round() as i32)
}

/// The largest vertex distance from the origin, rounded up (model units).
pub fn bounding_radius(vertices: &[[i32; 3]]) -> u32 {
    let sq =
        vertices.iter().map(|v| v.iter().map(|&c| (c as f64) * (c as f64)).sum::<f64>()).fold(0.0, f64::max);
    sq.sqrt().ceil() as u32
}

fn put32(b: &mut [u8], off: usize, v: u32) {
    b[off..off + 4].copy_from_slice(&v.to_le_bytes());
}

fn push32(b: &mut Vec<u8>, v: u32) {
    b.extend_from_slice(&v.to_le_bytes());
}

fn pack_normal(n: [i32; 3]) -> u32 {
    for c in n {
        assert!((-512..=511).contains(&c), "packed normal component {c} out of range");
    }
    (n[0] as u32 & 0x3FF) | (n[1] as u32 & 0x3FF) << 10 | (n[2] as u32 & 0x3FF) << 20
}

fn off32(n: usize) -> u32 {
    u32::try_from(n).expect("model larger than 4 GiB")
}

/// Writes the model.
///
/// # Panics
/// On a description the format cannot hold: a version other than v4.0/v5.0, a frame value
/// or packed normal out of range for its encoding, later frames with a static type, frame
/// or normal-table lengths that disagree with the vertex, face or corner counts, a subobject
/// referencing a face that does not exist or whose index × 4 exceeds u16.
pub fn to_bytes(desc: &ModelDesc) -> Vec<u8> {
    assert!(!desc.version.is_v2(), "the writer emits v4.0/v5.0 only");
    let mut b = vec![0u8; field::HEADER_LEN];
    b[field::VERSION..field::VERSION + field::VERSION_LEN].copy_from_slice(&desc.version.bytes());

    let face_data = b.len();
    let mut face_offsets = Vec::with_capacity(desc.faces.len());
    let mut corners = 0usize;
    for f in &desc.faces {
        let at = b.len();
        face_offsets.push(off32(at));
        b.resize(at + field::FACE_HEADER_LEN, 0);
        b[at + field::FACE_VERTEX_COUNT] =
            u8::try_from(f.vertices.len()).expect("face with more than 255 corners");
        b[at + field::FACE_TEX_HI] = f.tex_hi;
        put32(&mut b, at + field::FACE_TEXTURE, f.texture);
        put32(&mut b, at + field::FACE_UNUSED, 0);
        for c in &f.vertices {
            let v = b.len();
            b.resize(v + field::FACE_VERTEX_LEN, 0);
            put32(&mut b, v + field::FACE_VERTEX_INDEX, c.index);
            b[v + field::FACE_VERTEX_DU..v + field::FACE_VERTEX_DU + 2].copy_from_slice(&c.du.to_le_bytes());
            b[v + field::FACE_VERTEX_DV..v + field::FACE_VERTEX_DV + 2].copy_from_slice(&c.dv.to_le_bytes());
        }
        corners += f.vertices.len();
    }

    let vertex_off = b.len();
    for v in &desc.vertices {
        v.iter().for_each(|&c| push32(&mut b, c as u32));
    }
    let face_normal_off = b.len();
    let computed;
    let normals = match &desc.face_normals {
        Some(n) => n,
        None => {
            computed = desc.faces.iter().map(|f| face_normal(&desc.vertices, f)).collect::<Vec<_>>();
            &computed
        }
    };
    assert_eq!(normals.len(), desc.faces.len(), "one face normal per face");
    for n in normals {
        n.iter().for_each(|&c| push32(&mut b, c as u32));
    }

    let frame_off = b.len();
    let frame_count = 1 + desc.frames.len();
    b.resize(frame_off + frame_count * field::FRAME_LEN, 0);
    put32(&mut b, frame_off + field::FRAME_VERTEX, off32(vertex_off));
    put32(&mut b, frame_off + field::FRAME_NORMAL, off32(face_normal_off));
    put32(&mut b, frame_off + field::FRAME_TYPE, desc.frame_type);
    let enc = FrameEncoding::from_type(desc.frame_type);
    if !desc.frames.is_empty() {
        assert!(enc.vertex_len().is_some(), "later frames need frame type 1, 2 or 4");
    }
    for (k, f) in desc.frames.iter().enumerate() {
        assert_eq!(f.vertices.len(), desc.vertices.len(), "one frame vertex per vertex");
        assert_eq!(f.normals.len(), desc.faces.len(), "one frame normal per face");
        let rec = frame_off + (k + 1) * field::FRAME_LEN;
        let at = off32(b.len());
        put32(&mut b, rec + field::FRAME_VERTEX, at);
        for v in &f.vertices {
            for &c in v {
                match enc {
                    FrameEncoding::I8Delta => b.push(i8::try_from(c).expect("i8 frame delta") as u8),
                    FrameEncoding::I16Delta { .. } => {
                        b.extend_from_slice(&i16::try_from(c).expect("i16 frame delta").to_le_bytes())
                    }
                    _ => push32(&mut b, c as u32),
                }
            }
        }
        let at = off32(b.len());
        put32(&mut b, rec + field::FRAME_NORMAL, at);
        for &n in &f.normals {
            push32(&mut b, pack_normal(n));
        }
    }

    let section4_off = b.len();
    let node_len = desc.version.node_len().expect("v4/v5 has Section4 nodes");
    for s in &desc.subobjects {
        let at = b.len();
        b.resize(at + node_len, 0);
        for (k, &c) in s.centre.iter().enumerate() {
            put32(&mut b, at + field::NODE_CENTRE + 4 * k, c as u32);
        }
        put32(&mut b, at + field::NODE_RADIUS, s.radius);
        let k = u16::try_from(s.faces.len()).expect("more than 65535 face references");
        b[at + field::NODE_REF_COUNT..at + field::NODE_REF_COUNT + 2].copy_from_slice(&k.to_le_bytes());
        if desc.version == Version::V5_0 {
            for (k, e) in s.extents.iter().enumerate() {
                put32(&mut b, at + field::NODE_EXTENTS + 4 * k, e.to_bits());
            }
        }
        for &f in &s.faces {
            let r = b.len();
            b.resize(r + field::REF_LEN, 0);
            put32(&mut b, r + field::REF_FACE_OFFSET, face_offsets[f as usize]);
            let idx4 = u16::try_from(f * 4).expect("face index × 4 exceeds u16");
            b[r + field::REF_FACE_INDEX..r + field::REF_FACE_INDEX + 2].copy_from_slice(&idx4.to_le_bytes());
        }
    }

    let table_off = b.len();
    let vn_off = table_off + desc.normal_indices.len() * field::NORMAL_INDEX_LEN;
    if !desc.normal_indices.is_empty() {
        assert_eq!(desc.normal_indices.len(), corners, "one normal index per face corner");
        for &i in &desc.normal_indices {
            push32(&mut b, off32(vn_off + i as usize * field::VERTEX_NORMAL_LEN));
        }
    }
    for n in &desc.vertex_normals {
        n.iter().for_each(|c| push32(&mut b, c.to_bits()));
    }

    let header = [
        (field::VERTEX_COUNT, desc.vertices.len()),
        (field::FACE_COUNT, desc.faces.len()),
        (field::RADIUS, desc.radius as usize),
        (field::FRAME_COUNT, frame_count),
        (field::FRAME_DATA_OFFSET, frame_off),
        (field::TOTAL_FACE_VERTICES, corners),
        (field::SECTION4_OFFSET, if desc.subobjects.is_empty() { 0 } else { section4_off }),
        (field::SECTION4_COUNT, desc.subobjects.len()),
        (field::UNUSED_24, 0),
        (field::NORMAL_INDEX_OFFSET, if desc.normal_indices.is_empty() { 0 } else { table_off }),
        (field::VERTEX_NORMAL_OFFSET, if desc.vertex_normals.is_empty() { 0 } else { vn_off }),
        (field::VERTEX_OFFSET, vertex_off),
        (field::FACE_NORMAL_OFFSET, face_normal_off),
        (field::TOTAL_FACE_VERTICES_DUP, corners),
        (field::FACE_DATA_OFFSET, face_data),
    ];
    for (off, v) in header {
        put32(&mut b, off, off32(v));
    }
    b
}

#[cfg(test)]
mod tests {
    use super::*;
    use stros_core::formats::model::{FaceVertex, Model, Texture, is_no_normal};

    fn quad_model(version: Version) -> ModelDesc {
        let vertices = vec![[0, 0, 0], [256, 0, 0], [256, 0, 256], [0, 0, 256], [0, -512, 0]];
        let mut faces = vec![
            FaceDesc::solid(0x2A, &[0, 1, 2, 3]),
            FaceDesc::textured(123, 17, &[0, 1, 4]),
            FaceDesc::textured(7, 3, &[1, 2, 4]),
        ];
        faces[1].vertices[1].du = 320;
        faces[1].vertices[2].dv = -160;
        faces[1].vertices[2].du = i16::MIN;
        ModelDesc {
            version,
            radius: bounding_radius(&vertices),
            vertices,
            faces,
            vertex_normals: vec![[0.0, -1.0, 0.0], [f32::from_bits(NO_NORMAL_BITS); 3], [0.5, 0.5, 0.0]],
            normal_indices: vec![0, 0, 1, 1, 2, 2, 2, 0, 1, 2],
            subobjects: vec![
                SubobjectDesc {
                    centre: [128, 0, 128],
                    radius: 200,
                    extents: [1.0, 0.5, 2.0],
                    faces: vec![0, 1],
                },
                SubobjectDesc { centre: [0, -256, 0], radius: 300, extents: [1.0; 3], faces: vec![1] },
            ],
            ..ModelDesc::default()
        }
    }

    /// Every field of `m` equals `d`.
    fn same(m: &Model, d: &ModelDesc) {
        assert_eq!(m.version(), Some(d.version));
        assert_eq!(m.radius(), d.radius);
        assert_eq!(m.vertices().collect::<Vec<_>>(), d.vertices);
        assert_eq!(m.faces().count(), d.faces.len());
        for (i, (f, fd)) in m.faces().zip(&d.faces).enumerate() {
            assert_eq!(f.index() as usize, i);
            assert_eq!((f.tex_hi(), f.texture_raw(), f.unused()), (fd.tex_hi, fd.texture, 0));
            let got: Vec<_> = f
                .vertices()
                .map(|v: FaceVertex| FaceVertexDesc { index: v.index, du: v.du, dv: v.dv })
                .collect();
            assert_eq!(got, fd.vertices);
            let normal = d.face_normals.as_ref().map_or_else(|| face_normal(&d.vertices, fd), |n| n[i]);
            assert_eq!(m.face_normal(i as u32), Some(normal));
        }
        for (i, n) in d.vertex_normals.iter().enumerate() {
            let got = m.vertex_normal(i as u32).unwrap();
            assert_eq!(got.map(f32::to_bits), n.map(f32::to_bits));
        }
        assert_eq!(
            (0..m.normal_index_count()).map(|k| m.normal_index(k).unwrap()).collect::<Vec<_>>(),
            d.normal_indices
        );
        assert_eq!(m.frame_count() as usize, 1 + d.frames.len());
        assert_eq!(m.frame(0).unwrap().kind, d.frame_type);
        let subs: Vec<_> = m.subobjects().collect();
        assert_eq!(subs.len(), d.subobjects.len());
        for (s, sd) in subs.iter().zip(&d.subobjects) {
            assert_eq!((s.centre(), s.radius()), (sd.centre, sd.radius));
            assert_eq!(s.face_indices().collect::<Vec<_>>(), sd.faces);
            for r in s.face_refs() {
                assert_eq!(
                    m.face_at(r.face_offset, r.index).unwrap().offset(),
                    m.face(r.index).unwrap().offset()
                );
            }
            assert_eq!(s.extents(), (d.version == Version::V5_0).then_some(sd.extents));
        }
    }

    #[test]
    fn v5_round_trip_with_section4() {
        let d = quad_model(Version::V5_0);
        let bytes = to_bytes(&d);
        let m = Model::new_checked(&bytes).unwrap();
        same(&m, &d);
        // Face 1 sits in both subobjects; face 2 in none.
        assert_eq!(m.runtime_subobjects().flat_map(|s| s.face_indices()).collect::<Vec<_>>(), vec![0, 1, 1]);
        let f0 = m.face(0).unwrap();
        assert_eq!(f0.texture(), Texture::Solid { colour: 0x2A });
        assert_eq!(m.face(1).unwrap().texture(), Texture::Image { bank: 123, image: 17 });
        assert_eq!(m.face(2).unwrap().texture(), Texture::Image { bank: 7, image: 3 });
        let uv: Vec<_> = m.face(1).unwrap().vertices().map(|v| (v.u, v.v)).collect();
        assert_eq!(uv, vec![(0, 0), (320, 0), (320 - 32768, -160)]);
        assert!(is_no_normal(m.vertex_normal(1).unwrap()));
        assert_eq!(m.face_normal(0), Some([0, -256, 0]));
        assert_eq!(d.radius, 512);
    }

    #[test]
    fn v4_round_trip_with_18_byte_nodes() {
        let mut d = quad_model(Version::V4_0);
        d.face_normals = Some(vec![[1, 2, 3], [4, 5, 6], [7, 8, 9]]);
        let bytes = to_bytes(&d);
        let m = Model::new_checked(&bytes).unwrap();
        same(&m, &d);
        assert_eq!(m.subobjects().nth(1).unwrap().offset() - m.section4_offset() as usize, 18 + 2 * 6);
        assert!(m.runtime_subobjects().next().is_none());
    }

    fn animated(frame_type: u32, frames: Vec<FrameDesc>) -> ModelDesc {
        let mut d = quad_model(Version::V4_0);
        d.normal_indices.clear();
        d.subobjects.clear();
        d.vertex_normals = vec![[0.0, 1.0, 0.0]; 5];
        d.frame_type = frame_type;
        d.frames = frames;
        d
    }

    #[test]
    fn animated_3dc_round_trips() {
        let n = vec![[0, -256, 0], [511, -512, 3], [-1, 0, 1]];
        let deltas =
            |k: i32| FrameDesc { vertices: (0..5).map(|i| [i * k, -k, 100]).collect(), normals: n.clone() };
        // Frame type and the decoded component from (frame 0 component, stored value).
        type Decode = fn(i32, i32) -> i32;
        let cases: [(u32, Decode); 4] =
            [(2, |b, d| b - d), (0x12, |b, d| b - d * 256), (1, |b, d| b - d * 256), (4, |_, d| d)];
        for (t, want) in cases {
            let d = animated(t, vec![deltas(3), deltas(-7)]);
            let bytes = to_bytes(&d);
            let m = Model::new_checked(&bytes).unwrap();
            same(&m, &d);
            for (f, fd) in d.frames.iter().enumerate() {
                let f = f as u32 + 1;
                for (i, v) in fd.vertices.iter().enumerate() {
                    let base = d.vertices[i];
                    let got = m.frame_vertex(f, i as u32).unwrap();
                    assert_eq!(got, [0, 1, 2].map(|c| want(base[c], v[c])), "type {t} frame {f}");
                }
                for (i, nn) in fd.normals.iter().enumerate() {
                    assert_eq!(m.frame_face_normal(f, i as u32), Some(*nn));
                }
            }
            assert_eq!(m.frame_vertex(3, 0), None);
        }
        let d = animated(8, Vec::new());
        let bytes = to_bytes(&d);
        let m = Model::new_checked(&bytes).unwrap();
        same(&m, &d);
        assert_eq!(m.frame_encoding(), FrameEncoding::SingleStatic);
        assert_eq!(m.normal_index_offset(), 0);
        assert_eq!(m.vertex_normal(4), Some([0.0, 1.0, 0.0]));
    }

    #[test]
    fn every_prefix_is_rejected() {
        let bytes = to_bytes(&quad_model(Version::V5_0));
        for n in 0..bytes.len() {
            assert!(Model::new_checked(&bytes[..n]).is_err(), "prefix {n}");
        }
        let bytes = to_bytes(&animated(
            2,
            vec![FrameDesc { vertices: vec![[1, 2, 3]; 5], normals: vec![[0; 3]; 3] }],
        ));
        for n in 0..bytes.len() {
            assert!(Model::new_checked(&bytes[..n]).is_err(), "prefix {n}");
        }
    }

    #[test]
    fn output_is_deterministic_and_aligned_with_the_fields() {
        let d = quad_model(Version::V5_0);
        assert_eq!(to_bytes(&d), to_bytes(&d.clone()));
        let b = to_bytes(&d);
        assert_eq!(&b[..4], b"v5.0");
        assert_eq!(u32::from_le_bytes(b[field::FACE_DATA_OFFSET..][..4].try_into().unwrap()), 64);
    }
}
