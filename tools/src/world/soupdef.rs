//! The island's SOUP386.DEF ({D:formats/SOUP386.DEF.md}): its global flags, the core's
//! natives as its functions and the properties the core implements as its references, so
//! the scripts ([`super::scripts`]) and the file agree on every id.

/// The island's global flags in SOUP386.DEF order (flag id = position): the ones its
/// scripts use, with their types and initial values.
pub mod flag {
    use stros_core::formats::soupdef::FlagKind;

    /// Set by Cyrus's definition script, which the player never runs (his controller is his
    /// script stage): it stays 0 unless something runs that script.
    pub const CYRUS_SCRIPT_RAN: u16 = 0;
    /// A NUMBER with a nonzero authored value (the shipped file's `TimeOfDay` is 1 too), the
    /// value Cyrus's script would copy.
    pub const TIME_OF_DAY: u16 = 1;
    /// Set when Cyrus takes the key from the pier: the key's script then removes it whenever
    /// the island is entered again.
    pub const KEY_TAKEN: u16 = 2;
    /// Set when the hut's chest is opened.
    pub const CHEST_OPENED: u16 = 3;
    /// (type, name, initial value) by flag id.
    pub const ALL: [(FlagKind, &str, i32); 4] = [
        (FlagKind::Bool, "CyrusScriptRan", 0),
        (FlagKind::Number, "TimeOfDay", 1),
        (FlagKind::Bool, "KeyTaken", 0),
        (FlagKind::Bool, "ChestOpened", 0),
    ];
}

/// The island's SOUP386.DEF: the core's native table as `[functions]` (so function ids in
/// the scripts and the file agree), the properties the core implements as `[refs]`
/// (reference id = position in [`stros_core::actor::props::Property::ALL`]), no equates,
/// and the island's flags.
pub fn soup_def() -> crate::write::soupdef::SoupDefDesc {
    use stros_core::actor::props::Property;
    use stros_core::script::functions::FUNCTIONS;
    crate::write::soupdef::SoupDefDesc {
        comment: vec![
            "Stros embedded world: script definitions for HARBOUR".into(),
            "the function keyword is parsed and discarded by the runtime; every entry says function".into(),
        ],
        functions: FUNCTIONS[1..].iter().map(|f| ("function".into(), f.name.into(), f.params)).collect(),
        refs: Property::ALL.iter().map(|p| p.name().into()).collect(),
        flags: flag::ALL.iter().map(|&(kind, name, value)| (kind, name.into(), value)).collect(),
    }
}

/// The `[refs]` id of property `p` in [`soup_def`].
pub fn reference(p: stros_core::actor::props::Property) -> u16 {
    stros_core::actor::props::Property::ALL.iter().position(|&q| q == p).unwrap_or(0) as u16
}
