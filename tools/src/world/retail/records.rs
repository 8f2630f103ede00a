//! The raw records of the sections `RgmDesc` still takes as bytes: MPSF flats, MPSL lights
//! and MPRP ropes, each built by one function that writes the fields at the offsets of
//! {D:formats/RGM.md} ("MPSF (Flat Objects)", "MPSL (Lights)", "MPRP (Rope Chains)"). Typed
//! descriptions are coming on another branch; these three functions are what to swap then.

/// MPSF record size.
pub const FLAT_LEN: usize = 24;
/// MPSL record size.
pub const LIGHT_LEN: usize = 42;
/// MPRP record size.
pub const ROPE_LEN: usize = 80;

/// The link model the shipped ropes use.
pub const ROPE_LINK: &str = "ROPELINK";

/// Writes `v` as i24 (its low three bytes) at `at`; the pad byte after it stays zero.
fn coord24(r: &mut [u8], at: usize, v: i32) {
    r[at..at + 3].copy_from_slice(&v.to_le_bytes()[..3]);
}

fn put(r: &mut [u8], at: usize, bytes: &[u8]) {
    r[at..at + bytes.len()].copy_from_slice(bytes);
}

/// An MPSF flat: record `id`, centred at `position` (map units, X/Y i24, Z u24) showing
/// image `image` of texture bank `bank` (`texture_data = bank << 7 | image`).
pub fn flat(id: u32, position: [i32; 3], bank: u16, image: u8) -> [u8; FLAT_LEN] {
    let mut r = [0u8; FLAT_LEN];
    put(&mut r, 0x00, &id.to_le_bytes());
    // 0x04: reserved, not read at runtime.
    coord24(&mut r, 0x08, position[0]);
    coord24(&mut r, 0x0C, position[1]);
    coord24(&mut r, 0x10, position[2]);
    let texture = bank << 7 | u16::from(image & 0x7F);
    put(&mut r, 0x14, &texture.to_le_bytes());
    r
}

/// An MPSL light of world `world_id` at `position` with `radius` and signed `rgb`
/// strengths; `active` 1 lets the loader select it, anything else leaves it out. The link
/// word at 0x00 is zero in a file (the loader replaces it).
pub fn light(world_id: u32, position: [i32; 3], radius: i16, rgb: [i16; 3], active: bool) -> [u8; LIGHT_LEN] {
    let mut r = [0u8; LIGHT_LEN];
    put(&mut r, 0x04, &world_id.to_le_bytes());
    for (k, c) in position.iter().enumerate() {
        put(&mut r, 0x08 + 4 * k, &c.to_le_bytes());
    }
    put(&mut r, 0x14, &radius.to_le_bytes());
    for (k, c) in rgb.iter().enumerate() {
        put(&mut r, 0x18 + 2 * k, &c.to_le_bytes());
    }
    r[0x1F] = u8::from(active);
    r
}

/// What an MPRP rope is: where it hangs from, how it swings and what it is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rope<'a> {
    /// Record id.
    pub id: u32,
    /// Base (top) position, map units.
    pub position: [i32; 3],
    /// Heading, 2048 per turn.
    pub heading: i32,
    /// Swing amplitude parameter.
    pub swing: i32,
    /// Swing speed parameter.
    pub speed: i32,
    /// Links below the base.
    pub links: i16,
    /// The link model (`ROPELINK`).
    pub link_model: &'a str,
    /// The optional model hung below the last link.
    pub end_model: Option<&'a str>,
}

/// Copies `name` into a 9-byte name field at `at` (at most 8 bytes, so a NUL follows).
fn name9(r: &mut [u8], at: usize, name: &str) {
    let b = name.as_bytes();
    let n = b.len().min(8);
    r[at..at + n].copy_from_slice(&b[..n]);
}

/// An MPRP rope record; its swing sounds and the four trailing words are zero, as in every
/// shipped record's trailing words.
pub fn rope(rope: &Rope<'_>) -> [u8; ROPE_LEN] {
    let mut r = [0u8; ROPE_LEN];
    put(&mut r, 0x00, &rope.id.to_le_bytes());
    coord24(&mut r, 0x05, rope.position[0]);
    coord24(&mut r, 0x09, rope.position[1]);
    coord24(&mut r, 0x0D, rope.position[2]);
    put(&mut r, 0x10, &rope.heading.to_le_bytes());
    // 0x14: type 0, the plain hanging rope.
    put(&mut r, 0x18, &rope.swing.to_le_bytes());
    put(&mut r, 0x1C, &rope.speed.to_le_bytes());
    put(&mut r, 0x20, &rope.links.to_le_bytes());
    if let Some(end) = rope.end_model {
        name9(&mut r, 0x22, end);
    }
    name9(&mut r, 0x2B, rope.link_model);
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    fn i24(r: &[u8], at: usize) -> i32 {
        i32::from_le_bytes([r[at], r[at + 1], r[at + 2], if r[at + 2] & 0x80 != 0 { 0xFF } else { 0 }])
    }

    #[test]
    fn fields_sit_at_the_documented_offsets() {
        let f = flat(7, [1000, -50, 30000], 310, 4);
        assert_eq!(u32::from_le_bytes(f[0..4].try_into().unwrap()), 7);
        assert_eq!((i24(&f, 8), i24(&f, 12), i24(&f, 16)), (1000, -50, 30000));
        assert_eq!(u16::from_le_bytes([f[0x14], f[0x15]]), 310 << 7 | 4);

        let l = light(27, [1, -2, 3], 400, [90, -10, 20], true);
        assert_eq!(u32::from_le_bytes(l[4..8].try_into().unwrap()), 27);
        assert_eq!(i32::from_le_bytes(l[0x0C..0x10].try_into().unwrap()), -2);
        assert_eq!(i16::from_le_bytes([l[0x14], l[0x15]]), 400);
        assert_eq!(i16::from_le_bytes([l[0x1A], l[0x1B]]), -10);
        assert_eq!(l[0x1F], 1);
        assert_eq!(light(1, [0; 3], 1, [0; 3], false)[0x1F], 0);

        let r = rope(&Rope {
            id: 3,
            position: [500, -400, 600],
            heading: 512,
            swing: 10,
            speed: 4,
            links: 12,
            link_model: ROPE_LINK,
            end_model: Some("LANTERN"),
        });
        assert_eq!((i24(&r, 5), i24(&r, 9), i24(&r, 13)), (500, -400, 600));
        assert_eq!(i16::from_le_bytes([r[0x20], r[0x21]]), 12);
        assert_eq!(&r[0x2B..0x33], b"ROPELINK");
        assert_eq!(r[0x33], 0);
        assert_eq!(&r[0x22..0x29], b"LANTERN");
    }
}
