//! Writer of ROB archives from a [`RobDesc`], through the field constants of
//! `stros_core::formats::rob`.
//!
//! Segments are written in description order (lookup takes the first name match, so order
//! matters), each as its 80-byte header and payload, then `END `. Output is a pure
//! function of the description.

use stros_core::formats::model::Model;
pub use stros_core::formats::rob::{COLLISION_ACTOR_LIST, COLLISION_EXCLUDED, SegmentKind};
use stros_core::formats::rob::{FOOTER, HEADER_WORD, MAGIC, MAGIC2, field};

/// One segment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SegmentDesc {
    /// Name, at most 8 bytes (NUL padded when shorter).
    pub name: String,
    /// Segment kind (type field).
    pub kind: SegmentKind,
    /// Render mode byte (0x0F; 0 = normal).
    pub render_mode: u8,
    /// Attribute byte (0x10).
    pub attributes: u8,
    /// Collision flags (0x11).
    pub collision_flags: u8,
    /// Face count mod 256 (0x13).
    pub face_count_low: u8,
    /// The unused big-endian word at 0x14 (shipped files mostly store 1).
    pub unused_14: u32,
    /// Bounding box totals.
    pub bbox_total: [u32; 3],
    /// Bounding box positive extents.
    pub bbox_positive: [u32; 3],
    /// Bounding box negative extents.
    pub bbox_negative: [u32; 3],
    /// Payload: a complete 3D file for embedded kinds, `None` for external ones.
    pub model: Option<Vec<u8>>,
}

impl SegmentDesc {
    /// An embedded (type 0) segment for `model` bytes, with the face count byte and
    /// bounding box taken from the model (see [`bbox_of`]); other fields 0, `unused_14` 1.
    ///
    /// # Panics
    /// When `model` is not a valid model.
    pub fn embedded(name: &str, model: Vec<u8>) -> SegmentDesc {
        let m = Model::new_checked(&model).expect("embedded segment needs a valid model");
        let (bbox_total, bbox_positive, bbox_negative) = bbox_of(&m);
        SegmentDesc {
            name: name.to_string(),
            kind: SegmentKind::Embedded,
            render_mode: 0,
            attributes: 0,
            collision_flags: 0,
            face_count_low: m.face_count() as u8,
            unused_14: 1,
            bbox_total,
            bbox_positive,
            bbox_negative,
            model: Some(model),
        }
    }

    /// An external `<name>.3DC` reference (type 512, no data).
    pub fn external(name: &str) -> SegmentDesc {
        SegmentDesc {
            name: name.to_string(),
            kind: SegmentKind::External,
            render_mode: 0,
            attributes: 0,
            collision_flags: 0,
            face_count_low: 0,
            unused_14: 1,
            bbox_total: [0; 3],
            bbox_positive: [0; 3],
            bbox_negative: [0; 3],
            model: None,
        }
    }
}

/// Bounding box of a model's vertices in model units: positive = max(0, largest
/// coordinate), negative = max(0, −smallest), total = positive + negative, per axis. (How
/// the shipped tool computed the box is not documented; this keeps the documented
/// invariant total = positive + negative.)
pub fn bbox_of(m: &Model) -> ([u32; 3], [u32; 3], [u32; 3]) {
    let mut pos = [0u32; 3];
    let mut neg = [0u32; 3];
    for v in m.vertices() {
        for c in 0..3 {
            pos[c] = pos[c].max(v[c].max(0) as u32);
            neg[c] = neg[c].max(v[c].min(0).unsigned_abs());
        }
    }
    ([0, 1, 2].map(|c| pos[c].wrapping_add(neg[c])), pos, neg)
}

/// A whole archive.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct RobDesc {
    /// Segments in stored order.
    pub segments: Vec<SegmentDesc>,
}

fn put32(b: &mut [u8], off: usize, v: u32) {
    b[off..off + 4].copy_from_slice(&v.to_le_bytes());
}

/// Writes the archive.
///
/// # Panics
/// When a name is longer than 8 bytes or sizes exceed 4 GiB.
pub fn to_bytes(desc: &RobDesc) -> Vec<u8> {
    let mut b = vec![0u8; field::HEADER_LEN];
    b[field::MAGIC..field::MAGIC + 4].copy_from_slice(&MAGIC);
    b[field::HEADER_WORD..field::HEADER_WORD + 4].copy_from_slice(&HEADER_WORD.to_be_bytes());
    put32(&mut b, field::SEGMENT_COUNT, u32::try_from(desc.segments.len()).expect("segment count"));
    b[field::MAGIC2..field::MAGIC2 + 4].copy_from_slice(&MAGIC2);
    for s in &desc.segments {
        let at = b.len();
        let data: &[u8] = s.model.as_deref().unwrap_or(&[]);
        let size = u32::try_from(data.len()).expect("segment larger than 4 GiB");
        b.resize(at + field::SEG_HEADER_LEN, 0);
        put32(&mut b, at + field::SEG_TOTAL_SIZE, size + field::SEG_HEADER_LEN as u32);
        let name = s.name.as_bytes();
        assert!(name.len() <= field::SEG_NAME_LEN, "segment name {:?} longer than 8 bytes", s.name);
        b[at + field::SEG_NAME..at + field::SEG_NAME + name.len()].copy_from_slice(name);
        b[at + field::SEG_TYPE..at + field::SEG_TYPE + 2].copy_from_slice(&s.kind.raw().to_le_bytes());
        b[at + field::SEG_FLAGS_LOW] = 0;
        b[at + field::SEG_RENDER_MODE] = s.render_mode;
        b[at + field::SEG_ATTRIBUTES] = s.attributes;
        b[at + field::SEG_COLLISION] = s.collision_flags;
        b[at + field::SEG_RESERVED_12] = 0;
        b[at + field::SEG_FACE_COUNT_LOW] = s.face_count_low;
        b[at + field::SEG_UNUSED_14..at + field::SEG_UNUSED_14 + 4]
            .copy_from_slice(&s.unused_14.to_be_bytes());
        for k in 0..3 {
            put32(&mut b, at + field::SEG_BBOX_TOTAL + 4 * k, s.bbox_total[k]);
            put32(&mut b, at + field::SEG_BBOX_POSITIVE + 4 * k, s.bbox_positive[k]);
            put32(&mut b, at + field::SEG_BBOX_NEGATIVE + 4 * k, s.bbox_negative[k]);
        }
        put32(&mut b, at + field::SEG_DATA_SIZE, size);
        b.extend_from_slice(data);
    }
    b.extend_from_slice(&FOOTER);
    let payload = u32::try_from(b.len() - 24).expect("archive larger than 4 GiB");
    b[field::PAYLOAD_SIZE..field::PAYLOAD_SIZE + 4].copy_from_slice(&payload.to_be_bytes());
    b
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::write::model::{self as wm, FaceDesc, ModelDesc, SubobjectDesc, Version};
    use stros_core::formats::rob::{CollisionClass, Rob};

    fn small_model(colour: u8) -> Vec<u8> {
        wm::to_bytes(&ModelDesc {
            version: Version::V5_0,
            radius: 300,
            vertices: vec![[-100, 0, 0], [200, 0, 0], [0, -50, 70]],
            faces: vec![FaceDesc::solid(colour, &[0, 1, 2])],
            subobjects: vec![SubobjectDesc {
                centre: [0; 3],
                radius: 300,
                extents: [1.0; 3],
                faces: vec![0],
            }],
            ..ModelDesc::default()
        })
    }

    fn desc() -> RobDesc {
        let mut barrel = SegmentDesc::embedded("BARREL", small_model(1));
        barrel.collision_flags = COLLISION_ACTOR_LIST;
        let mut plant = SegmentDesc::embedded("PLANT000", small_model(2));
        plant.collision_flags = COLLISION_EXCLUDED;
        plant.kind = SegmentKind::EmbeddedMenu;
        plant.render_mode = 0x8C;
        plant.attributes = 0x40;
        let mut dup = SegmentDesc::embedded("barrel", small_model(3));
        dup.unused_14 = 9;
        RobDesc { segments: vec![barrel, SegmentDesc::external("CYRSA001"), plant, dup] }
    }

    #[test]
    fn round_trip() {
        let d = desc();
        let bytes = to_bytes(&d);
        assert_eq!(bytes, to_bytes(&d.clone()));
        let r = Rob::new_checked(&bytes).unwrap();
        assert_eq!(r.segment_count() as usize, d.segments.len());
        assert_eq!(r.segments().count(), d.segments.len());
        for (s, sd) in r.segments().zip(&d.segments) {
            assert_eq!(s.name(), sd.name.as_bytes());
            assert_eq!(s.kind(), sd.kind);
            assert_eq!(
                (s.render_mode_raw(), s.attributes(), s.collision_flags()),
                (sd.render_mode, sd.attributes, sd.collision_flags)
            );
            assert_eq!((s.face_count_low(), s.unused_14()), (sd.face_count_low, sd.unused_14));
            assert_eq!(
                (s.bbox_total(), s.bbox_positive(), s.bbox_negative()),
                (sd.bbox_total, sd.bbox_positive, sd.bbox_negative)
            );
            assert_eq!(s.data(), sd.model.as_deref().unwrap_or(&[]));
            assert_eq!(s.data_size() as usize + 80, s.total_size() as usize);
            assert_eq!(s.model().is_ok(), sd.model.is_some());
        }
        let barrel = r.find(b"Barrel").unwrap();
        assert_eq!(barrel.offset(), 20, "first match in stored order");
        assert_eq!(barrel.collision(), CollisionClass::ActorList);
        assert_eq!(barrel.bbox_positive(), [200, 0, 70]);
        assert_eq!(barrel.bbox_negative(), [100, 50, 0]);
        assert_eq!(barrel.bbox_total(), [300, 50, 70]);
        assert_eq!(barrel.face_count_low(), 1);
        let m = barrel.model().unwrap();
        assert_eq!(m.runtime_subobjects().count(), 1);
        let plant = r.find(b"plant000").unwrap();
        assert_eq!((plant.collision(), plant.render_mode()), (CollisionClass::Excluded, 0x8C));
        assert_eq!(r.find(b"CYRSA001").unwrap().kind(), SegmentKind::External);
    }

    #[test]
    fn every_prefix_is_rejected() {
        let bytes = to_bytes(&desc());
        for n in 0..bytes.len() {
            assert!(Rob::new_checked(&bytes[..n]).is_err(), "prefix {n}");
        }
        assert!(Rob::new_checked(&to_bytes(&RobDesc::default())).is_ok());
    }
}
