//! Subtitle layout ({D:engine/subtitles.md} "Glyphs", "Wrapping", "Position"): advances
//! in the font, the wrap points of a line of text, the block's position on the virtual
//! 640×480 screen and each line's centring. Pure arithmetic over an [`Fnt`]; drawing is
//! [`crate::render::text`]'s.

use crate::formats::fnt::Fnt;

/// The virtual screen subtitles and the HUD are laid out on.
pub const SCREEN: [i32; 2] = [640, 480];
/// The centre line x.
pub const CENTRE_X: i32 = 320;
/// The step between subtitle lines (and the block height's unit).
pub const LINE_STEP: i32 = 26;
/// The block's bottom edge.
pub const BOTTOM: i32 = 470;
/// The least wrap width (`[dialog] dialog_max_text_width` is held to at least this).
pub const MIN_WIDTH: i32 = 150;

/// The pen advance of byte `b`: its glyph's width + 1, a space also the width of `!`; a
/// disabled or absent glyph advances 0.
pub fn advance(font: &Fnt<'_>, b: u8) -> i32 {
    let Some(g) = font.glyph(b).filter(|g| g.enabled) else { return 0 };
    let extra = match b {
        b' ' => font.glyph(b'!').filter(|g| g.enabled).map_or(0, |g| g.width as i32),
        _ => 0,
    };
    g.width as i32 + 1 + extra
}

/// The width of `text` in advances.
pub fn width(font: &Fnt<'_>, text: &[u8]) -> i32 {
    text.iter().map(|&b| advance(font, b)).sum()
}

/// Where a line of width `w` starts: `320 + trunc(−w / 2)`.
pub fn centred(w: i32) -> i32 {
    CENTRE_X + (-w) / 2
}

/// The wrap width of `[dialog] dialog_max_text_width`: at least [`MIN_WIDTH`].
pub fn wrap_width(configured: i32) -> i32 {
    configured.max(MIN_WIDTH)
}

/// The line breaks of `text` at width `w`: the byte index of each space a break replaces.
/// Tokens are an optional leading space and the word after it; a token joins the line while
/// `running + token < w`, otherwise its space becomes a break and the running width
/// restarts at the token's width, the dropped space included. A token without a leading
/// space (the text's first) always joins.
pub fn breaks<'t>(font: &'t Fnt<'t>, text: &'t [u8], w: i32) -> impl Iterator<Item = usize> + 't {
    let mut at = 0;
    let mut running = 0;
    core::iter::from_fn(move || {
        while at < text.len() {
            let start = at;
            at += 1;
            while at < text.len() && text[at] != b' ' {
                at += 1;
            }
            let token = width(font, &text[start..at]);
            if text[start] == b' ' && running + token >= w {
                running = token;
                return Some(start);
            }
            running += token;
        }
        None
    })
}

/// The top of the block's first line for `n` breaks: `470 − 26 × (max(n, 1) + 1)` (one
/// line at 418, two at 418 and 444).
pub fn first_top(n: usize) -> i32 {
    let n = n.min(64) as i32;
    BOTTOM - LINE_STEP * (n.max(1) + 1)
}

/// Each line of `text` at width `w`: its bytes (the break's space dropped), its left x and
/// its top y.
pub fn lines<'t>(
    font: &'t Fnt<'t>,
    text: &'t [u8],
    w: i32,
) -> impl Iterator<Item = (&'t [u8], i32, i32)> + 't {
    let top = first_top(breaks(font, text, w).count());
    let mut cuts = breaks(font, text, w);
    let mut from = Some(0);
    let mut k = 0;
    core::iter::from_fn(move || {
        let start = from?;
        let (line, next) = match cuts.next() {
            Some(cut) => (&text[start..cut], Some(cut + 1)),
            None => (&text[start..], None),
        };
        from = next;
        let y = top + LINE_STEP * k;
        k += 1;
        Some((line, centred(width(font, line)), y))
    })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A test font: every glyph from ' ' to 'z' enabled and 1 pixel high, `W` 9 wide, `!`
    /// 3 wide, the space 5 wide, every other glyph 7 wide (pixels all index 1); `~` is
    /// disabled. (REDSEL's space advances 11 = 5 + 1 + 5: its `!` is 5 wide.)
    pub(crate) fn font() -> ([u8; 2048], usize) {
        use crate::formats::fnt::field;
        let mut d = [0u8; 2048];
        let mut n = 0;
        let mut put = |bytes: &[u8]| {
            d[n..n + bytes.len()].copy_from_slice(bytes);
            n += bytes.len();
        };
        let mut header = [0u8; field::FNHD_LEN];
        header[field::LINE_HEIGHT..field::LINE_HEIGHT + 2].copy_from_slice(&26u16.to_le_bytes());
        header[field::CHARACTER_COUNT..field::CHARACTER_COUNT + 2].copy_from_slice(&95u16.to_le_bytes());
        put(b"FNHD");
        put(&(field::FNHD_LEN as u32).to_be_bytes());
        put(&header);
        let width = |code: u8| -> u16 {
            match code {
                b'W' => 9,
                b'!' => 3,
                b' ' => 5,
                _ => 7,
            }
        };
        let glyphs: usize = (32u8..=126).map(|c| 10 + width(c) as usize).sum();
        put(b"FBMP");
        put(&(glyphs as u32).to_be_bytes());
        for code in 32u8..=126 {
            let w = width(code);
            put(&((code != b'~') as u16).to_le_bytes());
            put(&[0, 0, 2, 0]);
            put(&w.to_le_bytes());
            put(&1u16.to_le_bytes());
            put(&[1; 9][..w as usize]);
        }
        put(b"END ");
        (d, n)
    }

    #[test]
    fn advances_follow_the_glyph_rules() {
        let (d, n) = font();
        let f = Fnt::new_checked(&d[..n]).unwrap();
        // 'a': 7 + 1; ' ': 5 + 1 + 3 (the width of '!'); '~' disabled: 0.
        assert_eq!((advance(&f, b'a'), advance(&f, b' '), advance(&f, b'~')), (8, 9, 0));
        assert_eq!(width(&f, b"ab c"), 8 + 8 + 9 + 8);
        // 320 + trunc(−33 / 2) = 320 − 16.
        assert_eq!(centred(33), 304);
        assert_eq!(wrap_width(100), 150);
    }

    /// "aaaa bbbb cccc dddd" at width 150 — tokens "aaaa" 32, " bbbb" 41, " cccc" 41,
    /// " dddd" 41: 32 + 41 = 73, + 41 = 114, 114 + 41 = 155 ≥ 150 breaks at the third
    /// space (byte 14); "dddd" alone (32 wide) is the second line.
    #[test]
    fn wrapping_breaks_where_the_running_width_reaches_the_limit() {
        let (d, n) = font();
        let f = Fnt::new_checked(&d[..n]).unwrap();
        let text = b"aaaa bbbb cccc dddd";
        let b: heapless::Vec<usize, 4> = breaks(&f, text, 150).collect();
        assert_eq!(b, [14]);
        // One break: the block is 26 × 2 high, the first line at 470 − 52 = 418.
        let l: heapless::Vec<_, 4> = lines(&f, text, 150).collect();
        assert_eq!(l.len(), 2);
        // Line 1 "aaaa bbbb cccc" is 32 + 41 + 41 = 114 wide: x = 320 − 57 = 263.
        assert_eq!((l[0].0, l[0].1, l[0].2), (&b"aaaa bbbb cccc"[..], 263, 418));
        // Line 2 "dddd" is 32 wide: x = 304, y = 444.
        assert_eq!((l[1].0, l[1].1, l[1].2), (&b"dddd"[..], 304, 444));
        // Exactly at the limit also breaks (strict `<`): width 114 + 41 = 155 = w.
        assert_eq!(breaks(&f, text, 155).collect::<heapless::Vec<_, 4>>(), [14]);
        assert_eq!(breaks(&f, text, 156).count(), 0);
        // After a break the running width restarts at the token with its space (41):
        // at 80, 32 + 41 < 80; 73 + 41 breaks (byte 9), 41 + 41 breaks (14).
        assert_eq!(breaks(&f, text, 80).collect::<heapless::Vec<_, 4>>(), [9, 14]);
        // Two breaks: 26 × 3 = 78, first top 392.
        assert_eq!(first_top(2), 392);
        assert_eq!(first_top(0), 418);
    }
}
