//! ROB model archive reader ({F§4}, {D:formats/ROB.md}).
//!
//! A [`Rob`] is a zero-copy view over an archive: a 20-byte `OARC`/`OARD` header, segments
//! of an 80-byte header plus payload, and the `END ` footer. Embedded segments (types 0
//! and 256) carry a complete 3D file, read with [`crate::formats::model::Model`]; type 512
//! names an external `<name>.3DC` and carries no data. [`Rob::new_checked`] checks the
//! framing, every segment size and every embedded model once.

use super::bytes::{array, slice, u8_at, u16_le, u32_be, u32_le};
use super::model::Model;
use super::{ErrorKind, Format, FormatError};

internal! {
    /// Byte offsets and sizes of every field the reader (and the writer in `stros-tools`) uses.
    mod field {
        /// `OARC` signature.
        pub const MAGIC: usize = 0x00;
        /// Big-endian header word, always 4.
        pub const HEADER_WORD: usize = 0x04;
        /// Little-endian segment count.
        pub const SEGMENT_COUNT: usize = 0x08;
        /// `OARD` signature.
        pub const MAGIC2: usize = 0x0C;
        /// Big-endian payload size: file size − 24.
        pub const PAYLOAD_SIZE: usize = 0x10;
        /// Archive header length.
        pub const HEADER_LEN: usize = 20;
        /// Footer length (`END `).
        pub const FOOTER_LEN: usize = 4;

        /// Segment: total size = data size + 80 (u32 LE).
        pub const SEG_TOTAL_SIZE: usize = 0x00;
        /// Segment: name, 8 bytes, NUL padded.
        pub const SEG_NAME: usize = 0x04;
        /// Segment name length.
        pub const SEG_NAME_LEN: usize = 8;
        /// Segment: type (u16 LE).
        pub const SEG_TYPE: usize = 0x0C;
        /// Segment: low byte of the render flags word (ignored by the engine).
        pub const SEG_FLAGS_LOW: usize = 0x0E;
        /// Segment: render mode (high byte of the flags word).
        pub const SEG_RENDER_MODE: usize = 0x0F;
        /// Segment: attribute byte.
        pub const SEG_ATTRIBUTES: usize = 0x10;
        /// Segment: collision flags.
        pub const SEG_COLLISION: usize = 0x11;
        /// Segment: reserved byte (0).
        pub const SEG_RESERVED_12: usize = 0x12;
        /// Segment: face count mod 256 (build-tool artefact).
        pub const SEG_FACE_COUNT_LOW: usize = 0x13;
        /// Segment: unused big-endian word (usually 1).
        pub const SEG_UNUSED_14: usize = 0x14;
        /// Segment: bounding box totals (u32×3 LE).
        pub const SEG_BBOX_TOTAL: usize = 0x1C;
        /// Segment: bounding box positive extents (u32×3 LE).
        pub const SEG_BBOX_POSITIVE: usize = 0x34;
        /// Segment: bounding box negative extents (u32×3 LE).
        pub const SEG_BBOX_NEGATIVE: usize = 0x40;
        /// Segment: data size (u32 LE).
        pub const SEG_DATA_SIZE: usize = 0x4C;
        /// Segment header length.
        pub const SEG_HEADER_LEN: usize = 80;
    }
}

/// `OARC`.
pub const MAGIC: [u8; 4] = *b"OARC";
/// `OARD`.
pub const MAGIC2: [u8; 4] = *b"OARD";
/// The footer, `END `.
pub const FOOTER: [u8; 4] = *b"END ";
/// The big-endian header word every archive stores.
pub const HEADER_WORD: u32 = 4;

/// Segment type: embedded 3D model.
pub const TYPE_EMBEDDED: u16 = 0;
/// Segment type: embedded 3D model (MENU.ROB).
pub const TYPE_EMBEDDED_MENU: u16 = 256;
/// Segment type: external `<name>.3DC`, no data.
pub const TYPE_EXTERNAL: u16 = 512;

/// Segment attribute bit 0: point filtering instead of bilinear in the Glide renderer
/// ({D:formats/ROB.md} "Segment Attributes (0x10)"); the palette path point-samples every
/// texel and leaves it alone.
pub const ATTR_POINT_FILTER: u8 = 0x01;
/// Segment attribute bit 1: a model face's texels of the chroma key, palette index 0, are
/// not drawn ({D:formats/ROB.md} "Segment Attributes (0x10)", {D:engine/model-lighting.md}
/// "Texture transparency"); with it clear they are drawn like any other. (The archive
/// loader's texture pre-loading reads the same bit.)
pub const ATTR_CHROMA_KEY: u8 = 0x02;
/// Segment attribute bit 6: a special object (shop and inventory items), model metadata.
pub const ATTR_SPECIAL: u8 = 0x40;

/// Collision flag: the placement is excluded from collision.
pub const COLLISION_EXCLUDED: u8 = 0x02;
/// Collision flag: actor-style list (one sphere of model radius).
pub const COLLISION_ACTOR_LIST: u8 = 0x01;

/// RobSegment kind from its type field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SegmentKind {
    /// Type 0: embedded 3D.
    Embedded,
    /// Type 256: embedded 3D (MENU.ROB).
    EmbeddedMenu,
    /// Type 512: external `<name>.3DC`.
    External,
    /// Any other value: kept, never parsed.
    Other(u16),
}

impl SegmentKind {
    /// Classifies a type field.
    pub fn from_raw(t: u16) -> SegmentKind {
        match t {
            TYPE_EMBEDDED => SegmentKind::Embedded,
            TYPE_EMBEDDED_MENU => SegmentKind::EmbeddedMenu,
            TYPE_EXTERNAL => SegmentKind::External,
            t => SegmentKind::Other(t),
        }
    }
    /// The stored type value.
    pub fn raw(self) -> u16 {
        match self {
            SegmentKind::Embedded => TYPE_EMBEDDED,
            SegmentKind::EmbeddedMenu => TYPE_EMBEDDED_MENU,
            SegmentKind::External => TYPE_EXTERNAL,
            SegmentKind::Other(t) => t,
        }
    }
    /// True for the kinds whose payload is a 3D file.
    pub fn is_embedded(self) -> bool {
        matches!(self, SegmentKind::Embedded | SegmentKind::EmbeddedMenu)
    }
}

/// Which collision list a placement of this segment goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CollisionClass {
    /// Flag 0x02: no collision (checked first).
    Excluded,
    /// Flag 0x01: the actor-style list.
    ActorList,
    /// Otherwise: the face-model list (Section4).
    FaceList,
}

impl CollisionClass {
    /// Classifies a collision flag byte (0x02 wins over 0x01; other bits mean nothing known).
    pub fn from_flags(f: u8) -> CollisionClass {
        if f & COLLISION_EXCLUDED != 0 {
            CollisionClass::Excluded
        } else if f & COLLISION_ACTOR_LIST != 0 {
            CollisionClass::ActorList
        } else {
            CollisionClass::FaceList
        }
    }
}

fn err(kind: ErrorKind, offset: usize) -> FormatError {
    FormatError::new(Format::Rob, kind, offset)
}

/// A view over a ROB archive.
#[derive(Clone, Copy, Debug)]
pub struct Rob<'a> {
    data: &'a [u8],
}

impl<'a> Rob<'a> {
    /// Wraps `data` without checking it; iteration stops at the first segment that does not
    /// fit.
    pub const fn new_unchecked(data: &'a [u8]) -> Self {
        Rob { data }
    }

    /// Wraps `data` after [`Rob::check`].
    pub fn new_checked(data: &'a [u8]) -> Result<Self, FormatError> {
        let r = Rob { data };
        r.check()?;
        Ok(r)
    }

    /// The bytes viewed.
    pub fn as_bytes(&self) -> &'a [u8] {
        self.data
    }

    /// Stored segment count.
    pub fn segment_count(&self) -> u32 {
        u32_le(self.data, field::SEGMENT_COUNT).unwrap_or(0)
    }

    /// The big-endian payload size field.
    pub fn payload_size(&self) -> u32 {
        u32_be(self.data, field::PAYLOAD_SIZE).unwrap_or(0)
    }

    /// Segments in stored order.
    pub fn segments(&self) -> Segments<'a> {
        Segments { data: self.data, off: field::HEADER_LEN, remaining: self.segment_count() }
    }

    /// The first segment named `name` in stored order (ASCII case-insensitive; the stored
    /// name ends at its first NUL).
    pub fn find(&self, name: &[u8]) -> Option<RobSegment<'a>> {
        self.segments().find(|s| s.name().eq_ignore_ascii_case(name))
    }

    /// Checks the framing, each segment and each embedded model.
    pub fn check(&self) -> Result<(), FormatError> {
        let d = self.data;
        let len = d.len();
        if len < field::HEADER_LEN + field::FOOTER_LEN {
            return Err(err(ErrorKind::Truncated, len));
        }
        if array::<4>(d, field::MAGIC) != Some(MAGIC) {
            return Err(err(ErrorKind::BadMagic, field::MAGIC));
        }
        if u32_be(d, field::HEADER_WORD) != Some(HEADER_WORD) {
            return Err(err(ErrorKind::BadMagic, field::HEADER_WORD));
        }
        if array::<4>(d, field::MAGIC2) != Some(MAGIC2) {
            return Err(err(ErrorKind::BadMagic, field::MAGIC2));
        }
        let body = len - field::HEADER_LEN - field::FOOTER_LEN;
        if self.payload_size() as usize != len - 24 {
            return Err(err(ErrorKind::BadSize, field::PAYLOAD_SIZE));
        }
        let count = self.segment_count() as usize;
        if count.checked_mul(field::SEG_HEADER_LEN).is_none_or(|n| n > body) {
            return Err(err(ErrorKind::TooMany, field::SEGMENT_COUNT));
        }
        let end = len - field::FOOTER_LEN;
        let mut off = field::HEADER_LEN;
        for _ in 0..count {
            if off + field::SEG_HEADER_LEN > end {
                return Err(err(ErrorKind::Truncated, off));
            }
            let total = u32_le(d, off + field::SEG_TOTAL_SIZE).unwrap_or(0) as usize;
            let size = u32_le(d, off + field::SEG_DATA_SIZE).unwrap_or(0) as usize;
            if total != size.wrapping_add(field::SEG_HEADER_LEN) {
                return Err(err(ErrorKind::BadSize, off + field::SEG_TOTAL_SIZE));
            }
            let data_off = off + field::SEG_HEADER_LEN;
            if size > end - data_off {
                return Err(err(ErrorKind::Truncated, off + field::SEG_DATA_SIZE));
            }
            let kind = SegmentKind::from_raw(u16_le(d, off + field::SEG_TYPE).unwrap_or(0));
            if kind == SegmentKind::External && size != 0 {
                return Err(err(
                    ErrorKind::Invalid("external segment carries data"),
                    off + field::SEG_DATA_SIZE,
                ));
            }
            if kind.is_embedded() {
                Model::new_checked(&d[data_off..data_off + size]).map_err(|e| shift(e, data_off))?;
            }
            off = data_off + size;
        }
        if off != end {
            return Err(err(ErrorKind::BadSize, off));
        }
        if array::<4>(d, end) != Some(FOOTER) {
            return Err(err(ErrorKind::BadMagic, end));
        }
        Ok(())
    }
}

/// A model error inside a segment, with its offset moved to the archive's.
fn shift(e: FormatError, by: usize) -> FormatError {
    FormatError::new(e.format, e.kind, e.offset.saturating_add(by))
}

/// One segment.
#[derive(Clone, Copy, Debug)]
pub struct RobSegment<'a> {
    header: &'a [u8],
    payload: &'a [u8],
    offset: usize,
}

impl<'a> RobSegment<'a> {
    fn byte(&self, off: usize) -> u8 {
        u8_at(self.header, off).unwrap_or(0)
    }
    fn triple(&self, off: usize) -> [u32; 3] {
        let r = |k: usize| u32_le(self.header, off + 4 * k).unwrap_or(0);
        [r(0), r(1), r(2)]
    }

    /// File offset of the segment header.
    pub fn offset(&self) -> usize {
        self.offset
    }
    /// Total size field (data size + 80).
    pub fn total_size(&self) -> u32 {
        u32_le(self.header, field::SEG_TOTAL_SIZE).unwrap_or(0)
    }
    /// The 8 name bytes as stored.
    pub fn name_raw(&self) -> [u8; 8] {
        array(self.header, field::SEG_NAME).unwrap_or([0; 8])
    }
    /// The name up to its first NUL.
    pub fn name(&self) -> &'a [u8] {
        super::bytes::name(slice(self.header, field::SEG_NAME, field::SEG_NAME_LEN).unwrap_or(&[]))
    }
    /// The raw type field.
    pub fn kind_raw(&self) -> u16 {
        u16_le(self.header, field::SEG_TYPE).unwrap_or(0)
    }
    /// The segment kind.
    pub fn kind(&self) -> SegmentKind {
        SegmentKind::from_raw(self.kind_raw())
    }
    /// The render mode byte as stored (0x0F).
    pub fn render_mode_raw(&self) -> u8 {
        self.byte(field::SEG_RENDER_MODE)
    }
    /// The render mode the engine uses: 0 becomes 0xFF (normal).
    pub fn render_mode(&self) -> u8 {
        match self.render_mode_raw() {
            0 => 0xFF,
            m => m,
        }
    }
    /// Attribute byte ([`ATTR_CHROMA_KEY`] colour key and pre-load, [`ATTR_SPECIAL`],
    /// [`ATTR_POINT_FILTER`]).
    pub fn attributes(&self) -> u8 {
        self.byte(field::SEG_ATTRIBUTES)
    }
    /// Collision flag byte.
    pub fn collision_flags(&self) -> u8 {
        self.byte(field::SEG_COLLISION)
    }
    /// The collision list this segment's placements use.
    pub fn collision(&self) -> CollisionClass {
        CollisionClass::from_flags(self.collision_flags())
    }
    /// Face count mod 256 (build-tool artefact).
    pub fn face_count_low(&self) -> u8 {
        self.byte(field::SEG_FACE_COUNT_LOW)
    }
    /// The unused big-endian word at 0x14.
    pub fn unused_14(&self) -> u32 {
        u32_be(self.header, field::SEG_UNUSED_14).unwrap_or(0)
    }
    /// Bounding box totals.
    pub fn bbox_total(&self) -> [u32; 3] {
        self.triple(field::SEG_BBOX_TOTAL)
    }
    /// Bounding box positive extents.
    pub fn bbox_positive(&self) -> [u32; 3] {
        self.triple(field::SEG_BBOX_POSITIVE)
    }
    /// Bounding box negative extents.
    pub fn bbox_negative(&self) -> [u32; 3] {
        self.triple(field::SEG_BBOX_NEGATIVE)
    }
    /// Data size field.
    pub fn data_size(&self) -> u32 {
        u32_le(self.header, field::SEG_DATA_SIZE).unwrap_or(0)
    }
    /// The payload bytes (empty for external segments).
    pub fn data(&self) -> &'a [u8] {
        self.payload
    }
    /// The embedded model, checked; error offsets are archive offsets. External and unknown
    /// segments give [`ErrorKind::Invalid`].
    pub fn model(&self) -> Result<Model<'a>, FormatError> {
        if !self.kind().is_embedded() {
            return Err(err(
                ErrorKind::Invalid("segment has no embedded model"),
                self.offset + field::SEG_TYPE,
            ));
        }
        let at = self.offset + field::SEG_HEADER_LEN;
        Model::new_checked(self.payload).map_err(|e| shift(e, at))
    }
}

/// Iterator over segments in stored order; bounded by the stored count and the data.
#[derive(Clone, Debug)]
pub struct Segments<'a> {
    data: &'a [u8],
    off: usize,
    remaining: u32,
}

impl<'a> Iterator for Segments<'a> {
    type Item = RobSegment<'a>;
    fn next(&mut self) -> Option<RobSegment<'a>> {
        if self.remaining == 0 {
            return None;
        }
        self.remaining -= 1;
        let parse = || {
            let header = slice(self.data, self.off, field::SEG_HEADER_LEN)?;
            let size = u32_le(header, field::SEG_DATA_SIZE)? as usize;
            let payload = slice(self.data, self.off + field::SEG_HEADER_LEN, size)?;
            Some(RobSegment { header, payload, offset: self.off })
        };
        let s = parse();
        match s {
            Some(s) => self.off += field::SEG_HEADER_LEN + s.payload.len(),
            None => self.remaining = 0,
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::model::Version;

    fn put(b: &mut [u8], off: usize, v: u32) {
        b[off..off + 4].copy_from_slice(&v.to_le_bytes());
    }

    // Minimal valid model: v5.0 header, nothing else (64 bytes).
    fn model(b: &mut [u8]) {
        b[..4].copy_from_slice(b"v5.0");
        put(b, 0x3C, 64);
    }

    // Three segments: BARREL (embedded, flags 1), cyrsa001 (external), PLANT000 (embedded,
    // flags 2), then END.
    const LEN: usize = 20 + (80 + 64) + 80 + (80 + 64) + 4;
    fn rob() -> [u8; LEN] {
        let mut b = [0u8; LEN];
        b[0..4].copy_from_slice(b"OARC");
        b[4..8].copy_from_slice(&4u32.to_be_bytes());
        put(&mut b, 8, 3);
        b[12..16].copy_from_slice(b"OARD");
        b[16..20].copy_from_slice(&((LEN - 24) as u32).to_be_bytes());
        let mut off = 20;
        for (name, t, flags, size) in
            [(*b"BARREL\0\0", 0u16, 1u8, 64u32), (*b"cyrsa001", 512, 0, 0), (*b"PLANT000", 256, 2, 64)]
        {
            put(&mut b, off, size + 80);
            b[off + 4..off + 12].copy_from_slice(&name);
            b[off + 12..off + 14].copy_from_slice(&t.to_le_bytes());
            b[off + field::SEG_RENDER_MODE] = if t == 0 { 0 } else { 0x8C };
            b[off + field::SEG_ATTRIBUTES] = 0x40;
            b[off + field::SEG_COLLISION] = flags;
            b[off + field::SEG_FACE_COUNT_LOW] = 7;
            b[off + 0x14..off + 0x18].copy_from_slice(&1u32.to_be_bytes());
            for k in 0..3 {
                put(&mut b, off + 0x1C + 4 * k, 10 + k as u32);
                put(&mut b, off + 0x34 + 4 * k, 6 + k as u32);
                put(&mut b, off + 0x40 + 4 * k, 4);
            }
            put(&mut b, off + 0x4C, size);
            off += 80;
            if size > 0 {
                model(&mut b[off..off + 64]);
                off += 64;
            }
        }
        b[off..off + 4].copy_from_slice(b"END ");
        b
    }

    #[test]
    fn fields() {
        let b = rob();
        let r = Rob::new_checked(&b).unwrap();
        assert_eq!(r.segment_count(), 3);
        assert_eq!(r.payload_size() as usize, LEN - 24);
        let mut it = r.segments();
        let s = it.next().unwrap();
        assert_eq!((s.name(), s.name_raw(), s.offset()), (&b"BARREL"[..], *b"BARREL\0\0", 20));
        assert_eq!(
            (s.kind(), s.kind_raw(), s.total_size(), s.data_size()),
            (SegmentKind::Embedded, 0, 144, 64)
        );
        assert_eq!((s.render_mode_raw(), s.render_mode(), s.attributes()), (0, 0xFF, 0x40));
        assert_eq!((s.collision_flags(), s.collision()), (1, CollisionClass::ActorList));
        assert_eq!((s.face_count_low(), s.unused_14()), (7, 1));
        assert_eq!((s.bbox_total(), s.bbox_positive(), s.bbox_negative()), ([10, 11, 12], [6, 7, 8], [4; 3]));
        assert_eq!(s.model().unwrap().version(), Some(Version::V5_0));
        let e = it.next().unwrap();
        assert_eq!((e.kind(), e.data().len(), e.render_mode()), (SegmentKind::External, 0, 0x8C));
        assert_eq!(e.model().unwrap_err().kind, ErrorKind::Invalid("segment has no embedded model"));
        let p = it.next().unwrap();
        assert_eq!((p.kind(), p.collision()), (SegmentKind::EmbeddedMenu, CollisionClass::Excluded));
        assert!(it.next().is_none());
        assert_eq!(r.find(b"CYRSA001").unwrap().offset(), 164);
        assert_eq!(r.find(b"barrel").unwrap().offset(), 20);
        assert!(r.find(b"BARREL\0").is_none());
        assert!(r.find(b"NOPE").is_none());
        assert_eq!(CollisionClass::from_flags(3), CollisionClass::Excluded);
        assert_eq!(CollisionClass::from_flags(4), CollisionClass::FaceList);
    }

    #[test]
    fn first_match_wins() {
        let mut b = rob();
        b[244 + 4..244 + 12].copy_from_slice(b"barrel\0\0");
        let r = Rob::new_checked(&b).unwrap();
        assert_eq!(r.find(b"Barrel").unwrap().offset(), 20);
    }

    fn expect(b: &[u8], kind: ErrorKind, offset: usize) {
        assert_eq!(Rob::new_checked(b).unwrap_err(), FormatError::new(Format::Rob, kind, offset));
    }

    #[test]
    fn errors() {
        let good = rob();
        for n in 0..LEN {
            assert!(Rob::new_checked(&good[..n]).is_err(), "prefix {n}");
        }
        let mut b = good;
        b[0] = b'X';
        expect(&b, ErrorKind::BadMagic, 0);
        let mut b = good;
        b[7] = 5;
        expect(&b, ErrorKind::BadMagic, 4);
        let mut b = good;
        b[12] = b'X';
        expect(&b, ErrorKind::BadMagic, 12);
        let mut b = good;
        b[19] ^= 1;
        expect(&b, ErrorKind::BadSize, 16);
        let mut b = good;
        put(&mut b, 8, u32::MAX);
        expect(&b, ErrorKind::TooMany, 8);
        let mut b = good;
        put(&mut b, 8, 2);
        expect(&b, ErrorKind::BadSize, 244);
        let mut b = good;
        put(&mut b, 8, 4);
        expect(&b, ErrorKind::Truncated, 388);
        let mut b = good;
        put(&mut b, 20, 145);
        expect(&b, ErrorKind::BadSize, 20);
        let mut b = good;
        put(&mut b, 20, 80 + 1000);
        put(&mut b, 20 + 0x4C, 1000);
        expect(&b, ErrorKind::Truncated, 20 + 0x4C);
        let mut b = good;
        put(&mut b, 20, u32::MAX);
        put(&mut b, 20 + 0x4C, u32::MAX - 80);
        expect(&b, ErrorKind::Truncated, 20 + 0x4C);
        let mut b = good;
        b[LEN - 1] = 0;
        expect(&b, ErrorKind::BadMagic, LEN - 4);
        let mut b = good;
        b[100] = b'x'; // BARREL's model version
        assert_eq!(
            Rob::new_checked(&b).unwrap_err(),
            FormatError::new(Format::Model, ErrorKind::BadMagic, 100)
        );
        let mut b = good;
        b[164 + 13] = 0; // external becomes embedded without data
        assert_eq!(Rob::new_checked(&b).unwrap_err().kind, ErrorKind::Truncated);
        let mut b = good;
        b[20 + 13] = 7; // unknown type: kept, not parsed
        b[100] = b'x';
        let r = Rob::new_checked(&b).unwrap();
        assert_eq!(r.segments().next().unwrap().kind(), SegmentKind::Other(0x700));
        // Unchecked views of junk never panic.
        let junk = [0xFFu8; 100];
        assert_eq!(Rob::new_unchecked(&junk).segments().count(), 0);
        assert!(Rob::new_unchecked(&[]).find(b"X").is_none());
    }
}
