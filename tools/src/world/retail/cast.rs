//! The actor definitions of the retail maps, all copied from the embedded island's: Cyrus
//! (and `GREMLIN`, the second player actor, a copy under that name), townsfolk with the
//! fisher's groups and frames, flags with the flag's, buoys with the buoy's, and props —
//! definitions without an animation table whose type-1 placements name a static model.

use crate::write::soup::Asm;

use crate::world::{scripts, village};
use crate::write::rgm::{ActorDesc, RaanDesc};

/// The player's definition.
pub const PLAYER: &str = "CYRUS";
/// The second designated player actor's definition (the docs' public counts include it).
pub const SHADOW: &str = "GREMLIN";

/// The townsfolk's frame sources, `fxart/<NAME>.3DC`: the village figure in four outfits.
pub const NPC_MODELS: [&str; 4] = ["NPC01", "NPC02", "NPC03", "NPC04"];
/// The flags' frame source.
pub const FLAG_MODEL: &str = "FLAG";
/// The buoys' frame source.
pub const BUOY_MODEL: &str = "BUOY";

/// Frames of the village figure (standing and a four-frame stride).
const FIGURE_FRAMES: u8 = 5;
/// Frames of the waving flag.
const FLAG_FRAMES: u8 = 8;
/// Frames of the bobbing buoy.
const BUOY_FRAMES: u8 = 4;

/// Name prefixes of townsfolk definitions (with a number, at most eight bytes).
const NPC_KINDS: [&str; 6] = ["GUARD", "CITIZ", "MERCH", "SAILR", "MONK", "THIEF"];

/// A type-1 prop: the model its placements name (`NAME.3D`) and its definitions' prefix.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Prop {
    /// The model's stem: a loose `fxart/<STEM>.3D` or a ROB segment.
    pub stem: &'static str,
    /// Whether the model is a ROB segment (else a loose `.3D` file).
    pub in_rob: bool,
    /// Definition name prefix.
    pub prefix: &'static str,
}

/// The props, in the order definitions take them.
pub const PROPS: [Prop; 9] = [
    Prop { stem: "BT_ROP4", in_rob: false, prefix: "ROPE" },
    Prop { stem: "BARREL", in_rob: true, prefix: "BARL" },
    Prop { stem: "CRATE4", in_rob: true, prefix: "CRAT" },
    Prop { stem: "LANTERN", in_rob: false, prefix: "LAMP" },
    Prop { stem: "CHEST", in_rob: false, prefix: "CHST" },
    Prop { stem: "SACK", in_rob: false, prefix: "SACK" },
    Prop { stem: "TABLE", in_rob: false, prefix: "TABL" },
    Prop { stem: "STOOL", in_rob: false, prefix: "STOL" },
    Prop { stem: "BT_POT2", in_rob: false, prefix: "POT" },
];

/// Width of an MPOB model name.
pub const MPOB_NAME: usize = 9;

/// A retail MPOB model name: `<STEM>.3D` cut to the 9-byte field (`BT_ROP4.3`).
pub fn mpob_model(stem: &str) -> String {
    let mut s = format!("{stem}.3D");
    s.truncate(MPOB_NAME);
    s
}

/// A RAAN path in the shipped form: `3dart\<stem>.3dc`, lower case.
pub fn raan_path(stem: &str) -> Vec<u8> {
    format!("3dart\\{}.3dc", stem.to_ascii_lowercase()).into_bytes()
}

/// `End 0`: a script that does nothing, every update, at the least cost.
pub fn idle_script() -> Vec<u8> {
    Asm::new().end(Asm::START).finish()
}

/// The island's definitions the retail ones are copied from.
pub struct Templates {
    cyrus: ActorDesc,
    fisher: ActorDesc,
    flag: ActorDesc,
    buoy: ActorDesc,
}

impl Templates {
    /// The embedded island's CYRUS, FISHER, FLAG2 and BUOY.
    pub fn new() -> Templates {
        let island = village::rgm_desc();
        let take = |name: &[u8]| {
            island.actors.iter().find(|a| a.name == name).cloned().expect("the island defines it")
        };
        Templates {
            cyrus: take(b"CYRUS"),
            fisher: take(b"FISHER"),
            flag: take(b"FLAG2"),
            buoy: take(b"BUOY"),
        }
    }

    /// Cyrus, as the island defines him.
    pub fn player(&self) -> ActorDesc {
        self.cyrus.clone()
    }

    /// `GREMLIN`: Cyrus's definition under that name.
    pub fn shadow(&self) -> ActorDesc {
        ActorDesc { name: SHADOW.as_bytes().to_vec(), ..self.cyrus.clone() }
    }

    /// Townsfolk definition `k` of a map: the fisher's groups, attributes and bounds over
    /// `3dart\npc0N.3dc`; every third has a second frame source (another outfit, its
    /// frames after the first's, which no group shows). One in ten wanders; the others
    /// stand, their script an `End`.
    pub fn npc(&self, k: usize) -> ActorDesc {
        let name = format!("{}{:03}", NPC_KINDS[k % NPC_KINDS.len()], k / NPC_KINDS.len() + 1);
        let model = NPC_MODELS[k % NPC_MODELS.len()];
        let mut raan =
            vec![RaanDesc { frame_count: FIGURE_FRAMES, model_type: b'c', path: raan_path(model) }];
        if k.is_multiple_of(3) {
            let other = NPC_MODELS[(k + 1) % NPC_MODELS.len()];
            raan.push(RaanDesc { frame_count: FIGURE_FRAMES, model_type: b'c', path: raan_path(other) });
        }
        let script = if k % 10 == 9 { scripts::villager_script() } else { idle_script() };
        ActorDesc { name: name.into_bytes(), raan, script, ..self.fisher.clone() }
    }

    /// The frame source of townsfolk definition `k` (what its placements name).
    pub fn npc_model(k: usize) -> &'static str {
        NPC_MODELS[k % NPC_MODELS.len()]
    }

    /// Flag definition `k`: the village flag's groups and script over `3dart\flag.3dc`.
    pub fn flag(&self, k: usize) -> ActorDesc {
        ActorDesc {
            name: format!("FLAG{:03}", k + 1).into_bytes(),
            raan: vec![RaanDesc { frame_count: FLAG_FRAMES, model_type: b'c', path: raan_path(FLAG_MODEL) }],
            ..self.flag.clone()
        }
    }

    /// Buoy definition `k`: the village buoy's bobbing group over `3dart\buoy.3dc`, no script.
    pub fn buoy(&self, k: usize) -> ActorDesc {
        ActorDesc {
            name: format!("BUOY{:03}", k + 1).into_bytes(),
            raan: vec![RaanDesc { frame_count: BUOY_FRAMES, model_type: b'c', path: raan_path(BUOY_MODEL) }],
            ..self.buoy.clone()
        }
    }
}

impl Default for Templates {
    fn default() -> Self {
        Templates::new()
    }
}

/// Prop definition `k`: no animation table and no script (the cheapest actor there is);
/// its placements name the model of [`prop_kind`]`(k)`.
pub fn prop(k: usize) -> ActorDesc {
    let kind = prop_kind(k);
    ActorDesc {
        name: format!("{}{:03}", kind.prefix, k / PROPS.len() + 1).into_bytes(),
        ..ActorDesc::default()
    }
}

/// The prop model of prop definition `k`.
pub fn prop_kind(k: usize) -> Prop {
    PROPS[k % PROPS.len()]
}
