//! The chunk walk FNT, GXA and the save container share: a 4-byte tag, a big-endian `u32`
//! payload length, the payload, and so on until the `END ` tag, which has no length.
//!
//! Each chunk takes at least its 8-byte header, so a walk ends within the data.

use super::{ErrorKind, Format, FormatError, bytes};

/// Tag, length: the bytes before a chunk's payload.
pub const HEADER_LEN: usize = 8;
/// The end marker (no length field follows it).
pub const TAG_END: [u8; 4] = *b"END ";

/// One chunk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chunk<'a> {
    /// Its tag.
    pub tag: [u8; 4],
    /// The offset of its header in the file (its length field is at `at + 4`).
    pub at: usize,
    /// The offset of its payload in the file.
    pub body: usize,
    /// The payload.
    pub payload: &'a [u8],
}

/// The chunks of a file, in order; an error (a cut header, a payload past the end) ends
/// the walk.
#[derive(Clone, Debug)]
pub struct Chunks<'a> {
    data: &'a [u8],
    format: Format,
    /// A tag whose length may overstate the data ([`Chunks::clamping`]).
    clamped: Option<[u8; 4]>,
    off: usize,
    done: bool,
}

impl<'a> Chunks<'a> {
    /// The chunks of `data`, a file of `format` (the errors name it).
    pub const fn new(data: &'a [u8], format: Format) -> Self {
        Chunks { data, format, clamped: None, off: 0, done: false }
    }

    /// Chunks tagged `tag` may claim more than the data holds: their payload is what is
    /// there, and when nothing follows one the walk ends there, without `END ` (GXA's
    /// `BBMP`, {D:formats/GXA.md}).
    pub const fn clamping(mut self, tag: [u8; 4]) -> Self {
        self.clamped = Some(tag);
        self
    }

    /// Where the walk stands: after the last chunk read (at `END ` once it is over).
    pub const fn offset(&self) -> usize {
        self.off
    }

    fn fail(&mut self, kind: ErrorKind, at: usize) -> Option<Result<Chunk<'a>, FormatError>> {
        self.done = true;
        Some(Err(FormatError::new(self.format, kind, at)))
    }
}

impl<'a> Iterator for Chunks<'a> {
    type Item = Result<Chunk<'a>, FormatError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let (data, at) = (self.data, self.off);
        let Some(tag) = bytes::array::<4>(data, at) else { return self.fail(ErrorKind::Truncated, at) };
        if tag == TAG_END {
            self.done = true;
            return None;
        }
        let Some(len) = bytes::u32_be(data, at + 4) else { return self.fail(ErrorKind::Truncated, at + 4) };
        let body = at + HEADER_LEN;
        let clamped = self.clamped == Some(tag);
        let len = if clamped { (len as usize).min(data.len().saturating_sub(body)) } else { len as usize };
        let Some(payload) = bytes::slice(data, body, len) else {
            return self.fail(ErrorKind::BadSize, at + 4);
        };
        self.off = body + len;
        self.done = clamped && bytes::array::<4>(data, self.off).is_none();
        Some(Ok(Chunk { tag, at, body, payload }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chunk(out: &mut [u8], at: usize, tag: &[u8; 4], len: u32) -> usize {
        out[at..at + 4].copy_from_slice(tag);
        out[at + 4..at + 8].copy_from_slice(&len.to_be_bytes());
        at + HEADER_LEN + len as usize
    }

    /// Two chunks and `END `; a cut header, a cut length and a payload past the end are
    /// the errors at their offsets, and the walk stops after one.
    #[test]
    fn chunks_walk_to_end_and_stop_at_the_first_error() {
        let mut d = [0u8; 32];
        let mut at = chunk(&mut d, 0, b"ONE ", 2);
        at = chunk(&mut d, at, b"TWO ", 4);
        d[at..at + 4].copy_from_slice(&TAG_END);
        let file = &d[..at + 4];
        let mut walk = Chunks::new(file, Format::Gxa);
        let got: heapless::Vec<_, 4> =
            (&mut walk).map(|c| c.map(|c| (c.tag, c.at, c.body, c.payload.len()))).collect();
        assert_eq!(got[..], [Ok((*b"ONE ", 0, 8, 2)), Ok((*b"TWO ", 10, 18, 4))]);
        assert_eq!(walk.offset(), 22, "at END");
        let errors = |data: &[u8]| {
            Chunks::new(data, Format::Fnt).filter_map(Result::err).collect::<heapless::Vec<_, 4>>()
        };
        assert_eq!(errors(&file[..22])[..], [FormatError::new(Format::Fnt, ErrorKind::Truncated, 22)]);
        assert_eq!(errors(&file[..14])[..], [FormatError::new(Format::Fnt, ErrorKind::Truncated, 14)]);
        assert_eq!(errors(&file[..20])[..], [FormatError::new(Format::Fnt, ErrorKind::BadSize, 14)]);
        assert_eq!(Chunks::new(&file[..20], Format::Fnt).count(), 2, "one chunk, then the error");
    }

    /// A clamped tag's payload is what the data holds, and the walk may end after it.
    #[test]
    fn a_clamped_chunk_may_overstate_its_length() {
        let mut d = [0u8; 16];
        chunk(&mut d, 0, b"BBMP", 1000);
        let walk: heapless::Vec<_, 2> = Chunks::new(&d, Format::Gxa).clamping(*b"BBMP").collect();
        assert_eq!(walk[..], [Ok(Chunk { tag: *b"BBMP", at: 0, body: 8, payload: &d[8..] })]);
        let unclamped: heapless::Vec<_, 2> = Chunks::new(&d, Format::Gxa).collect();
        assert_eq!(unclamped[..], [Err(FormatError::new(Format::Gxa, ErrorKind::BadSize, 4))]);
    }
}
