//! Byte offsets and sizes of every field the reader (and the writer in `stros-tools`) uses.

/// Version string (4 bytes; only these 4 are compared).
pub const VERSION: usize = 0x00;
/// Length of the version string.
pub const VERSION_LEN: usize = 4;
/// Vertex count.
pub const VERTEX_COUNT: usize = 0x04;
/// Face count.
pub const FACE_COUNT: usize = 0x08;
/// Bounding radius in model units (1/256 map units).
pub const RADIUS: usize = 0x0C;
/// Frame count.
pub const FRAME_COUNT: usize = 0x10;
/// Offset of the frame records.
pub const FRAME_DATA_OFFSET: usize = 0x14;
/// Sum of all face vertex counts (v4/v5); the entry count of the normal-index table.
pub const TOTAL_FACE_VERTICES: usize = 0x18;
/// Offset of Section4 (0 when absent).
pub const SECTION4_OFFSET: usize = 0x1C;
/// Number of Section4 nodes.
pub const SECTION4_COUNT: usize = 0x20;
/// Unused word.
pub const UNUSED_24: usize = 0x24;
/// Offset of the normal-index table (0 when absent).
pub const NORMAL_INDEX_OFFSET: usize = 0x28;
/// Offset of the vertex normals (0 when absent).
pub const VERTEX_NORMAL_OFFSET: usize = 0x2C;
/// Offset of the vertex coordinates.
pub const VERTEX_OFFSET: usize = 0x30;
/// Offset of the face normals.
pub const FACE_NORMAL_OFFSET: usize = 0x34;
/// Copy of [`TOTAL_FACE_VERTICES`] (v4/v5).
pub const TOTAL_FACE_VERTICES_DUP: usize = 0x38;
/// Offset of the face records (64 in v4/v5).
pub const FACE_DATA_OFFSET: usize = 0x3C;
/// Header length.
pub const HEADER_LEN: usize = 64;

/// Face record: vertex count N (u8).
pub const FACE_VERTEX_COUNT: usize = 0;
/// Face record: `tex_hi` byte (v4/v5), the separate `u1` byte (v2).
pub const FACE_TEX_HI: usize = 1;
/// Face record: texture word (u32 in v4/v5, u16 in v2).
pub const FACE_TEXTURE: usize = 2;
/// Face record v4/v5: unused u32 (0).
pub const FACE_UNUSED: usize = 6;
/// Face record v4/v5: fixed part before the N vertex entries.
pub const FACE_HEADER_LEN: usize = 10;
/// Face record v2: unused u32 (0).
pub const V2_FACE_UNUSED: usize = 4;
/// Face record v2: fixed part before the N vertex entries.
pub const V2_FACE_HEADER_LEN: usize = 8;
/// Face vertex entry: vertex index (u32; a byte offset in v2).
pub const FACE_VERTEX_INDEX: usize = 0;
/// Face vertex entry: U delta (i16, 1/16 pixel).
pub const FACE_VERTEX_DU: usize = 4;
/// Face vertex entry: V delta (i16, 1/16 pixel).
pub const FACE_VERTEX_DV: usize = 6;
/// Face vertex entry length.
pub const FACE_VERTEX_LEN: usize = 8;

/// Vertex record (i32×3).
pub const VERTEX_LEN: usize = 12;
/// Face normal record (i32×3, 1/256).
pub const FACE_NORMAL_LEN: usize = 12;
/// Vertex normal record (f32×3).
pub const VERTEX_NORMAL_LEN: usize = 12;
/// Normal-index table entry (u32 file offset of a vertex normal record).
pub const NORMAL_INDEX_LEN: usize = 4;

/// Frame record: offset of the frame's vertex data.
pub const FRAME_VERTEX: usize = 0x00;
/// Frame record: offset of the frame's face normal data.
pub const FRAME_NORMAL: usize = 0x04;
/// Frame record: reserved word (0).
pub const FRAME_RESERVED: usize = 0x08;
/// Frame record: frame type (meaningful in frame 0 only).
pub const FRAME_TYPE: usize = 0x0C;
/// Frame record length.
pub const FRAME_LEN: usize = 16;
/// Later-frame vertex length, encoding 1 (i8×3).
pub const FRAME_I8_VERTEX_LEN: usize = 3;
/// Later-frame vertex length, encoding 2 (i16×3).
pub const FRAME_I16_VERTEX_LEN: usize = 6;
/// Later-frame vertex length, encoding 4 (i32×3).
pub const FRAME_I32_VERTEX_LEN: usize = 12;
/// Later-frame packed 10:10:10 face normal length.
pub const FRAME_PACKED_NORMAL_LEN: usize = 4;

/// Section4 node: centre (i32×3).
pub const NODE_CENTRE: usize = 0x00;
/// Section4 node: radius (u32).
pub const NODE_RADIUS: usize = 0x0C;
/// Section4 node: face-reference count k (u16).
pub const NODE_REF_COUNT: usize = 0x10;
/// Section4 node: three f32 extent factors (v5.0 only).
pub const NODE_EXTENTS: usize = 0x12;
/// Section4 node header length in v4.0.
pub const NODE_V4_LEN: usize = 18;
/// Section4 node header length in v5.0.
pub const NODE_V5_LEN: usize = 30;
/// Face reference: file offset of the face record (u32).
pub const REF_FACE_OFFSET: usize = 0;
/// Face reference: face index × 4 (u16).
pub const REF_FACE_INDEX: usize = 4;
/// Face reference length.
pub const REF_LEN: usize = 6;
