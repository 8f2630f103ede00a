//! Where a world's bytes come from: the embedded island, a user's install, or either with
//! some files replaced. Everything above `formats` reads files only through [`Files`].

/// A set of game files, looked up by the game's names (`HARBOUR.RGM`, `CYRUS.3DC`, …),
/// case-insensitively as DOS did, or by the paths WORLD.INI gives (`MAPS\ISLAND.rgm`,
/// `3DART\sunset.COL`: backslashes, any case, relative to the install). A set without
/// folders (the embedded island, an [`Overlay`]'s replacements) finds a path by its
/// [`base_name`].
pub trait Files<'a> {
    /// The bytes of file `name` (or path), if present.
    fn file(&self, name: &str) -> Option<&'a [u8]>;
}

/// The file name of `path`: after its last `\` or `/`.
pub fn base_name(path: &str) -> &str {
    path.rsplit(['\\', '/']).next().unwrap_or(path)
}

impl<'a, F: Files<'a> + ?Sized> Files<'a> for &F {
    fn file(&self, name: &str) -> Option<&'a [u8]> {
        (**self).file(name)
    }
}

/// The embedded default island.
#[cfg(feature = "embedded-world")]
#[derive(Clone, Copy, Debug, Default)]
pub struct Embedded;

#[cfg(feature = "embedded-world")]
impl<'a> Files<'a> for Embedded {
    fn file(&self, name: &str) -> Option<&'a [u8]> {
        crate::embedded::file(base_name(name))
    }
}

/// Most files an [`Overlay`] replaces unless its user chooses: a scenario replaces at most
/// a map's three files.
pub const MAX_REPLACED: usize = 16;

/// Longest file name an [`Overlay`] keeps: DOS 8.3 names fit with room to spare.
pub const MAX_NAME: usize = 16;

/// Why a file could not be put into an [`Overlay`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OverlayError {
    /// The name is longer than [`MAX_NAME`] bytes.
    NameTooLong,
    /// The overlay's capacity of different files is used up.
    Full,
}

impl core::fmt::Display for OverlayError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            OverlayError::NameTooLong => write!(f, "file name longer than {MAX_NAME} bytes"),
            OverlayError::Full => write!(f, "too many files replaced"),
        }
    }
}

/// A set of files with some of them replaced: the embedded island with a test's own
/// map, or an install with a scenario's overrides. The replacement bytes are borrowed, so
/// the overlay needs no allocator; `N` is how many files it can replace.
#[derive(Clone, Debug)]
pub struct Overlay<'a, F, const N: usize = MAX_REPLACED> {
    base: F,
    /// Each replaced name with its bytes; `None` hides the base's file.
    replaced: heapless::Vec<(heapless::String<MAX_NAME>, Option<&'a [u8]>), N>,
}

impl<'a, F: Files<'a>, const N: usize> Overlay<'a, F, N> {
    /// `base` with nothing replaced yet.
    pub fn new(base: F) -> Self {
        Overlay { base, replaced: heapless::Vec::new() }
    }

    /// Serves `bytes` as file `name` from now on; replacing a name again keeps the last.
    pub fn replace(&mut self, name: &str, bytes: &'a [u8]) -> Result<(), OverlayError> {
        self.set(name, Some(bytes))
    }

    /// Hides file `name` of the base: the overlay has no such file.
    pub fn hide(&mut self, name: &str) -> Result<(), OverlayError> {
        self.set(name, None)
    }

    fn set(&mut self, name: &str, bytes: Option<&'a [u8]>) -> Result<(), OverlayError> {
        let mut key = heapless::String::new();
        for c in base_name(name).chars() {
            key.push(c.to_ascii_uppercase()).map_err(|_| OverlayError::NameTooLong)?;
        }
        if let Some(slot) = self.replaced.iter_mut().find(|(n, _)| *n == key) {
            slot.1 = bytes;
            return Ok(());
        }
        self.replaced.push((key, bytes)).map_err(|_| OverlayError::Full)
    }

    /// Builder form of [`Overlay::replace`].
    pub fn with(mut self, name: &str, bytes: &'a [u8]) -> Result<Self, OverlayError> {
        self.replace(name, bytes)?;
        Ok(self)
    }

    /// The files underneath.
    pub fn base(&self) -> &F {
        &self.base
    }
}

impl<'a, F: Files<'a>, const N: usize> Files<'a> for Overlay<'a, F, N> {
    fn file(&self, name: &str) -> Option<&'a [u8]> {
        let file = base_name(name);
        self.replaced
            .iter()
            .find(|(n, _)| n.len() == file.len() && n.as_bytes().eq_ignore_ascii_case(file.as_bytes()))
            .map_or_else(|| self.base.file(name), |&(_, bytes)| bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Two;
    impl Files<'static> for Two {
        fn file(&self, name: &str) -> Option<&'static [u8]> {
            if name.eq_ignore_ascii_case("A.RGM") {
                Some(b"base a")
            } else if name.eq_ignore_ascii_case("B.ROB") {
                Some(b"base b")
            } else {
                None
            }
        }
    }

    #[test]
    fn replaced_names_win_case_insensitively_and_the_rest_fall_through() {
        let o: Overlay<'_, Two> =
            Overlay::new(Two).with("a.rgm", b"new a").unwrap().with("C.WLD", b"new c").unwrap();
        assert_eq!(o.file("A.RGM"), Some(&b"new a"[..]));
        assert_eq!(o.file("a.Rgm"), Some(&b"new a"[..]));
        assert_eq!(o.file("B.ROB"), Some(&b"base b"[..]));
        assert_eq!(o.file("c.wld"), Some(&b"new c"[..]));
        assert_eq!(o.file("D"), None);
        let o = o.with("b.rob", b"").unwrap();
        assert_eq!(o.file("B.ROB"), Some(&b""[..]));
        // A prefix of a replaced name is not that name.
        assert_eq!(o.file("A.RG"), None);
        // A catalog path finds the replacement by its file name.
        assert_eq!(o.file("MAPS\\a.rgm"), Some(&b"new a"[..]));
        assert_eq!(o.file("maps/C.wld"), Some(&b"new c"[..]));
    }

    #[test]
    fn replacing_again_keeps_the_last_and_the_table_is_bounded() {
        let mut o: Overlay<'_, Two> = Overlay::new(Two);
        o.replace("A.RGM", b"1").unwrap();
        o.replace("a.rgm", b"2").unwrap();
        assert_eq!(o.file("A.RGM"), Some(&b"2"[..]));
        o.hide("B.ROB").unwrap();
        assert_eq!(o.file("B.ROB"), None);
        assert_eq!(o.replace("SEVENTEEN_CHARS.X", b""), Err(OverlayError::NameTooLong));
        let names = ["F0", "F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8", "F9", "FA", "FB", "FC", "FD"];
        for n in names {
            o.replace(n, b"").unwrap();
        }
        assert_eq!(o.replace("ONE.MORE", b""), Err(OverlayError::Full));
        // Re-replacing a present name still works when full.
        assert_eq!(o.replace("f0", b"x"), Ok(()));
    }
}
