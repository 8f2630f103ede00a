//! RGM scene writer: builds a file from a plain [`RgmDesc`] through the `field` offsets
//! of `stros_core::formats::rgm`, so the reader and the writer cannot disagree.
//!
//! Sections come out in the shipped order (format notes §1.1) with empty ones kept:
//! RAHD RAFS RAST RASB RAVA RASC RAHK RALC RAEX RAAT RAAN RAGR RANM MPOB MPRP MPSO MPSL
//! MPSF MPMK MPSZ WDNM FLAT END. RAVC (after RANM) is written only when an actor has vertex
//! spheres, as shipped; an actor without them gets RAVC offset −1 and count 0.
//!
//! Layout choices (the shipped files' exact packing is not documented):
//! - per-actor blocks are laid out in actor order: RAAT at 256·i, RAEX at 30·i, RAAN, RAGR
//!   (each list ends with a 0 size word), RASC, RASB/RAST, RALC, RANM at the running end;
//! - RAVA starts with the 4-byte zero sentinel shipped files have;
//! - RAHK, when any actor has a hook, starts with 4 zero bytes, because offset 0 means
//!   "no hook";
//! - FLAT records are emitted in ascending archive order, stable within an archive.
//!
//! The output is a pure function of the description.

use std::fmt;

use stros_core::formats::rgm::{
    Command, SHIPPED_ORDER, command, flat, mpmk, mpob, mpso, mpsz, raan, raex, ragr, rahd, tag,
};

mod placed;
#[cfg(test)]
mod tests;

pub use placed::{MprpDesc, MpsfDesc, MpslDesc};

/// A whole scene.
#[derive(Clone, Debug, PartialEq)]
pub struct RgmDesc {
    /// RAHD actors and their per-actor sections.
    pub actors: Vec<ActorDesc>,
    /// MPOB placed objects.
    pub mpob: Vec<MpobDesc>,
    /// MPSO placed static models.
    pub mpso: Vec<MpsoDesc>,
    /// MPMK markers.
    pub markers: Vec<MarkerDesc>,
    /// MPSZ bounds records.
    pub mpsz: Vec<MpszDesc>,
    /// RAFS payload (shipped: one zero byte).
    pub rafs: Vec<u8>,
    /// The fixed RAHD word after the count.
    pub rahd_fixed: [u8; 4],
    /// MPRP ropes.
    pub mprp: Vec<MprpDesc>,
    /// MPSL map lights.
    pub mpsl: Vec<MpslDesc>,
    /// MPSF placed flats.
    pub mpsf: Vec<MpsfDesc>,
    /// WDNM map payloads (each written after its u32 length).
    pub wdnm: Vec<Vec<u8>>,
    /// FLAT draw-attribute records.
    pub flat: Vec<FlatDesc>,
}

impl Default for RgmDesc {
    fn default() -> Self {
        RgmDesc {
            actors: Vec::new(),
            mpob: Vec::new(),
            mpso: Vec::new(),
            markers: Vec::new(),
            mpsz: Vec::new(),
            rafs: vec![0],
            rahd_fixed: rahd::FIXED_SHIPPED,
            mprp: Vec::new(),
            mpsl: Vec::new(),
            mpsf: Vec::new(),
            wdnm: Vec::new(),
            flat: Vec::new(),
        }
    }
}

/// One actor definition (a RAHD record and what it points at).
#[derive(Clone, Debug, PartialEq)]
pub struct ActorDesc {
    /// Script name (≤ 8 bytes, so a NUL fits in the 9-byte field).
    pub name: Vec<u8>,
    /// Instance count.
    pub instances: u16,
    /// RAAN entries, in frame-table order.
    pub raan: Vec<RaanDesc>,
    /// RAHD anim_control_prefix (−1 with one RAAN entry and frame data < 2 = static model).
    pub anim_control_prefix: i32,
    /// RAHD anim_frame_data.
    pub anim_frame_data: i32,
    /// RAHD anim_speed bytes.
    pub anim_speed: [u8; 4],
    /// RAGR groups, in file order.
    pub groups: Vec<GroupDesc>,
    /// RAAT bytes.
    pub attributes: [u8; 256],
    /// RAEX values.
    pub raex: [i16; 15],
    /// MPSZ indices: primary, secondary, tertiary (−1 none).
    pub bounds: [i32; 3],
    /// RAHD texture set.
    pub texture_set: i16,
    /// RASC bytecode block.
    pub script: Vec<u8>,
    /// Start within the block.
    pub script_pc: u32,
    /// RAVA initial values.
    pub variables: Vec<i32>,
    /// Script strings (RAST, NUL added; RASB offsets).
    pub strings: Vec<Vec<u8>>,
    /// RAHK record bytes (u16 function, u8 argc, argc × 5 bytes); empty = no hook.
    pub hook: Vec<u8>,
    /// RALC location offsets.
    pub locations: Vec<[i32; 3]>,
    /// RANM namespace string (NUL added).
    pub namespace: Vec<u8>,
    /// RAVC vertex-bound spheres: offset, model vertex, radius.
    pub vertex_spheres: Vec<([i8; 3], u16, u32)>,
}

impl Default for ActorDesc {
    fn default() -> Self {
        ActorDesc {
            name: Vec::new(),
            instances: 1,
            raan: Vec::new(),
            anim_control_prefix: 0,
            anim_frame_data: 0,
            anim_speed: [0; 4],
            groups: Vec::new(),
            attributes: [0; 256],
            raex: [0; 15],
            bounds: [-1; 3],
            texture_set: 0,
            script: Vec::new(),
            script_pc: 0,
            variables: Vec::new(),
            strings: Vec::new(),
            hook: Vec::new(),
            locations: Vec::new(),
            namespace: Vec::new(),
            vertex_spheres: Vec::new(),
        }
    }
}

/// One RAAN entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RaanDesc {
    /// Frames contributed to the table.
    pub frame_count: u8,
    /// `b'c'` or `b's'`.
    pub model_type: u8,
    /// Path, e.g. `3dart\cyrsa001.3dc` (no NUL).
    pub path: Vec<u8>,
}

/// One RAGR group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupDesc {
    /// Group number (≤ 177).
    pub number: u16,
    /// anim_id word (low byte = countdown reload).
    pub anim_id: u16,
    /// Type word (low byte: 0 interruptible, 1 must complete, 2 no panic revert).
    pub kind: u16,
    /// Commands.
    pub commands: Vec<Command>,
}

/// One MPOB record.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MpobDesc {
    /// Record id.
    pub id: u32,
    /// Object type.
    pub object_type: u8,
    /// Activation byte.
    pub activation: u8,
    /// Script name (≤ 9 bytes).
    pub script_name: Vec<u8>,
    /// Model name (≤ 9 bytes).
    pub model_name: Vec<u8>,
    /// is_static byte.
    pub is_static: u8,
    /// X, Y (i24) and Z (u24).
    pub position: [i32; 3],
    /// Angle words.
    pub angles: [u32; 3],
    /// Texture word.
    pub texture: i16,
    /// Intensity.
    pub intensity: i16,
    /// Radius.
    pub radius: i16,
    /// Model id.
    pub model_id: i16,
    /// World id.
    pub world_id: i16,
    /// Red, green, blue.
    pub rgb: [i16; 3],
}

/// One MPSO record.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MpsoDesc {
    /// Id.
    pub id: u32,
    /// Model name (≤ 12 bytes).
    pub model_name: Vec<u8>,
    /// X, Y (i24) and Z (u24).
    pub position: [i32; 3],
    /// Q4.28 matrix, row-major.
    pub matrix: [i32; 9],
}

/// One MPMK marker.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MarkerDesc {
    /// Position (i24 each).
    pub position: [i32; 3],
    /// Aux byte (1 = usable).
    pub aux: u8,
}

/// One MPSZ record.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MpszDesc {
    /// Flag byte (0 in files).
    pub flag: u8,
    /// Totals.
    pub total: [i32; 3],
    /// Centre.
    pub centre: [i32; 3],
    /// Positive extents.
    pub positive: [i32; 3],
    /// Negative extent magnitudes.
    pub negative: [i32; 3],
}

impl MpszDesc {
    /// A record from its extents, totals = positive + negative, centre 0.
    pub fn from_extents(positive: [i32; 3], negative: [i32; 3]) -> Self {
        let total = std::array::from_fn(|k| positive[k] + negative[k]);
        MpszDesc { flag: 0, total, centre: [0; 3], positive, negative }
    }
}

/// One FLAT draw-attribute record.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FlatDesc {
    /// Texture archive (0..512).
    pub archive: u16,
    /// Image id.
    pub image: u8,
    /// Drawing flags.
    pub flags: u8,
    /// Alpha byte.
    pub alpha: u8,
}

/// Why a description cannot be written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RgmWriteError {
    /// A fixed-width name is longer than its field allows.
    NameTooLong {
        /// Which field.
        what: &'static str,
        /// The name.
        name: Vec<u8>,
    },
    /// A command operand does not fit its bit field.
    Unencodable {
        /// Actor index.
        actor: usize,
        /// Group number.
        group: u16,
        /// Command index.
        index: usize,
    },
    /// A value is outside what the format can hold (the text says which).
    OutOfRange(&'static str),
}

impl fmt::Display for RgmWriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RgmWriteError::NameTooLong { what, name } => {
                write!(f, "RGM writer: {what} {:?} too long", String::from_utf8_lossy(name))
            }
            RgmWriteError::Unencodable { actor, group, index } => {
                write!(f, "RGM writer: actor {actor} group {group} command {index} does not encode")
            }
            RgmWriteError::OutOfRange(what) => write!(f, "RGM writer: {what} out of range"),
        }
    }
}

impl std::error::Error for RgmWriteError {}

/// One walk node of [`walk_map`]: its packed position (map units) and routes
/// `(target node, cost)`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WalkNodeDesc {
    /// X, Y, Z, map units (X/Z unsigned, Y signed).
    pub position: [i32; 3],
    /// Routes in authored order.
    pub routes: Vec<(u16, u16)>,
}

/// A WDNM map payload ({D:formats/RGM.md} "WalkMap Record", after its length word): the
/// node count twice, the map position and radius, then each node with its length word.
pub fn walk_map(position: [i32; 3], radius: u32, nodes: &[WalkNodeDesc]) -> Vec<u8> {
    let mut m = Vec::new();
    m.extend_from_slice(&(nodes.len() as u32).to_le_bytes());
    m.extend_from_slice(&(nodes.len() as u32).to_le_bytes());
    for c in position {
        m.extend_from_slice(&c.to_le_bytes()[..3]);
        m.push(0);
    }
    m.extend_from_slice(&radius.to_le_bytes());
    for n in nodes {
        m.extend_from_slice(&(8 + 4 * n.routes.len() as u32).to_le_bytes());
        m.extend_from_slice(&(n.position[0] as u16).to_le_bytes());
        m.extend_from_slice(&(n.position[1] as i16).to_le_bytes());
        m.extend_from_slice(&(n.position[2] as u16).to_le_bytes());
        m.extend_from_slice(&[0, n.routes.len() as u8]);
        for (t, c) in &n.routes {
            m.extend_from_slice(&t.to_le_bytes());
            m.extend_from_slice(&c.to_le_bytes());
        }
    }
    m
}

/// Writes the scene. Panics when the description cannot be written; see
/// [`try_to_bytes`] for the error instead.
pub fn to_bytes(desc: &RgmDesc) -> Vec<u8> {
    try_to_bytes(desc).unwrap_or_else(|e| panic!("{e}"))
}

fn set(rec: &mut [u8], off: usize, bytes: &[u8]) {
    rec[off..off + bytes.len()].copy_from_slice(bytes);
}

fn name_field(
    rec: &mut [u8],
    off: usize,
    width: usize,
    name: &[u8],
    what: &'static str,
) -> Result<(), RgmWriteError> {
    if name.len() > width {
        return Err(RgmWriteError::NameTooLong { what, name: name.to_vec() });
    }
    set(rec, off, name);
    Ok(())
}

fn u32_len(n: usize, what: &'static str) -> Result<u32, RgmWriteError> {
    u32::try_from(n).map_err(|_| RgmWriteError::OutOfRange(what))
}

/// i24 + pad (or u24 when `unsigned`) at `off`.
fn coord(
    rec: &mut [u8],
    off: usize,
    v: i32,
    unsigned: bool,
    what: &'static str,
) -> Result<(), RgmWriteError> {
    let ok = if unsigned { (0..1 << 24).contains(&v) } else { (-(1 << 23)..1 << 23).contains(&v) };
    if !ok {
        return Err(RgmWriteError::OutOfRange(what));
    }
    set(rec, off, &v.to_le_bytes()[..3]);
    Ok(())
}

/// The per-actor sections, accumulated.
#[derive(Default)]
struct Blobs {
    rast: Vec<u8>,
    rasb: Vec<u8>,
    rava: Vec<u8>,
    rasc: Vec<u8>,
    rahk: Vec<u8>,
    ralc: Vec<u8>,
    raex: Vec<u8>,
    raat: Vec<u8>,
    raan: Vec<u8>,
    ragr: Vec<u8>,
    ranm: Vec<u8>,
    ravc: Vec<u8>,
}

fn actor_record(i: usize, a: &ActorDesc, b: &mut Blobs) -> Result<[u8; rahd::RECORD], RgmWriteError> {
    use rahd::field as f;
    let mut rec = [0u8; rahd::RECORD];
    if a.name.len() >= f::SCRIPT_NAME_LEN {
        return Err(RgmWriteError::NameTooLong { what: "actor name", name: a.name.clone() });
    }
    name_field(&mut rec, f::SCRIPT_NAME, f::SCRIPT_NAME_LEN, &a.name, "actor name")?;
    set(&mut rec, f::INSTANCES, &a.instances.to_le_bytes());
    set(&mut rec, f::ANIM_SPEED, &a.anim_speed);

    set(&mut rec, f::RAAT_OFFSET, &u32_len(b.raat.len(), "RAAT")?.to_le_bytes());
    b.raat.extend_from_slice(&a.attributes);
    set(&mut rec, f::RAEX_OFFSET, &u32_len(b.raex.len(), "RAEX")?.to_le_bytes());
    let mut ex = [0u8; raex::RECORD];
    for (k, v) in a.raex.iter().enumerate() {
        set(&mut ex, 2 * k, &v.to_le_bytes());
    }
    b.raex.extend_from_slice(&ex);

    let raan_start = b.raan.len();
    for e in &a.raan {
        let mut head = [0u8; raan::field::PATH];
        head[raan::field::FRAME_COUNT] = e.frame_count;
        head[raan::field::MODEL_TYPE] = e.model_type;
        if e.path.contains(&0) {
            return Err(RgmWriteError::OutOfRange("NUL inside a RAAN path"));
        }
        b.raan.extend_from_slice(&head);
        b.raan.extend_from_slice(&e.path);
        b.raan.push(0);
    }
    let count = i32::try_from(a.raan.len()).map_err(|_| RgmWriteError::OutOfRange("raan_count"))?;
    set(&mut rec, f::RAAN_COUNT, &count.to_le_bytes());
    set(&mut rec, f::RAAN_SIZE, &u32_len(b.raan.len() - raan_start, "RAAN size")?.to_le_bytes());
    set(&mut rec, f::RAAN_OFFSET, &u32_len(raan_start, "RAAN offset")?.to_le_bytes());
    set(&mut rec, f::ANIM_CONTROL_PREFIX, &a.anim_control_prefix.to_le_bytes());
    set(&mut rec, f::ANIM_FRAME_DATA, &a.anim_frame_data.to_le_bytes());

    set(&mut rec, f::RAGR_OFFSET, &u32_len(b.ragr.len(), "RAGR offset")?.to_le_bytes());
    for g in &a.groups {
        let n = g.commands.len();
        let size = ragr::FIXED_SIZE + command::SIZE * n;
        let size = u16::try_from(size).map_err(|_| RgmWriteError::OutOfRange("RAGR group size"))?;
        let mut head = [0u8; ragr::field::COMMANDS];
        set(&mut head, ragr::field::SIZE, &size.to_le_bytes());
        set(&mut head, ragr::field::GROUP, &g.number.to_le_bytes());
        set(&mut head, ragr::field::ANIM_ID, &g.anim_id.to_le_bytes());
        set(&mut head, ragr::field::TYPE, &g.kind.to_le_bytes());
        set(&mut head, ragr::field::FRAMES, &(n as u16).to_le_bytes());
        b.ragr.extend_from_slice(&head);
        for (index, c) in g.commands.iter().enumerate() {
            let w = c.to_bytes().ok_or(RgmWriteError::Unencodable { actor: i, group: g.number, index })?;
            b.ragr.extend_from_slice(&w);
        }
    }
    b.ragr.extend_from_slice(&0u16.to_le_bytes());

    set(&mut rec, f::SCRIPT_LENGTH, &u32_len(a.script.len(), "script")?.to_le_bytes());
    set(&mut rec, f::RASC_OFFSET, &u32_len(b.rasc.len(), "RASC")?.to_le_bytes());
    set(&mut rec, f::SCRIPT_PC, &a.script_pc.to_le_bytes());
    b.rasc.extend_from_slice(&a.script);

    set(&mut rec, f::NUM_STRINGS, &u32_len(a.strings.len(), "strings")?.to_le_bytes());
    set(&mut rec, f::RASB_OFFSET, &u32_len(b.rasb.len(), "RASB")?.to_le_bytes());
    for s in &a.strings {
        b.rasb.extend_from_slice(&u32_len(b.rast.len(), "RAST")?.to_le_bytes());
        b.rast.extend_from_slice(s);
        b.rast.push(0);
    }

    set(&mut rec, f::NUM_VARIABLES, &u32_len(a.variables.len(), "variables")?.to_le_bytes());
    let rava = u32_len(b.rava.len(), "RAVA")?;
    set(&mut rec, f::RAVA_OFFSET, &rava.to_le_bytes());
    set(&mut rec, f::RAVA_OFFSET_DUP, &rava.to_le_bytes());
    for v in &a.variables {
        b.rava.extend_from_slice(&v.to_le_bytes());
    }

    if !a.hook.is_empty() {
        if b.rahk.is_empty() {
            b.rahk.extend_from_slice(&[0; 4]);
        }
        set(&mut rec, f::RAHK_OFFSET, &u32_len(b.rahk.len(), "RAHK")?.to_le_bytes());
        b.rahk.extend_from_slice(&a.hook);
    }

    let ralc = i32::try_from(a.locations.len()).map_err(|_| RgmWriteError::OutOfRange("ralc_count"))?;
    set(&mut rec, f::RALC_COUNT, &ralc.to_le_bytes());
    set(&mut rec, f::RALC_OFFSET, &u32_len(b.ralc.len(), "RALC")?.to_le_bytes());
    for l in &a.locations {
        for v in l {
            b.ralc.extend_from_slice(&v.to_le_bytes());
        }
    }

    set(&mut rec, f::RANM_OFFSET, &u32_len(b.ranm.len(), "RANM")?.to_le_bytes());
    b.ranm.extend_from_slice(&a.namespace);
    b.ranm.push(0);

    set(&mut rec, f::BOUNDS_PRIMARY, &a.bounds[0].to_le_bytes());
    set(&mut rec, f::BOUNDS_SECONDARY, &a.bounds[1].to_le_bytes());
    set(&mut rec, f::BOUNDS_TERTIARY, &a.bounds[2].to_le_bytes());
    set(&mut rec, f::RAEX_STAT, &(-1i16).to_le_bytes());
    set(&mut rec, f::RESERVED_99, &(-1i16).to_le_bytes());
    set(&mut rec, f::TEXTURE_SET, &a.texture_set.to_le_bytes());
    if a.vertex_spheres.is_empty() {
        set(&mut rec, f::RAVC_OFFSET, &(-1i32).to_le_bytes());
        set(&mut rec, f::RAVC_COUNT, &0i32.to_le_bytes());
    } else {
        let n = i32::try_from(a.vertex_spheres.len()).map_err(|_| RgmWriteError::OutOfRange("ravc_count"))?;
        set(&mut rec, f::RAVC_OFFSET, &u32_len(b.ravc.len(), "RAVC")?.to_le_bytes());
        set(&mut rec, f::RAVC_COUNT, &n.to_le_bytes());
        for &(offset, vertex, radius) in &a.vertex_spheres {
            b.ravc.extend(offset.map(|o| o as u8));
            b.ravc.extend_from_slice(&vertex.to_le_bytes());
            b.ravc.extend_from_slice(&radius.to_le_bytes());
        }
    }
    Ok(rec)
}

fn mpob_record(o: &MpobDesc) -> Result<[u8; mpob::RECORD], RgmWriteError> {
    use mpob::field as f;
    let mut r = [0u8; mpob::RECORD];
    set(&mut r, f::ID, &o.id.to_le_bytes());
    r[f::TYPE] = o.object_type;
    r[f::ACTIVATION] = o.activation;
    name_field(&mut r, f::SCRIPT_NAME, f::NAME_LEN, &o.script_name, "MPOB script name")?;
    name_field(&mut r, f::MODEL_NAME, f::NAME_LEN, &o.model_name, "MPOB model name")?;
    r[f::IS_STATIC] = o.is_static;
    coord(&mut r, f::X, o.position[0], false, "MPOB x")?;
    coord(&mut r, f::Y, o.position[1], false, "MPOB y")?;
    coord(&mut r, f::Z, o.position[2], true, "MPOB z")?;
    set(&mut r, f::ANGLE_X, &o.angles[0].to_le_bytes());
    set(&mut r, f::ANGLE_Y, &o.angles[1].to_le_bytes());
    set(&mut r, f::ANGLE_Z, &o.angles[2].to_le_bytes());
    set(&mut r, f::TEXTURE, &o.texture.to_le_bytes());
    set(&mut r, f::INTENSITY, &o.intensity.to_le_bytes());
    set(&mut r, f::RADIUS, &o.radius.to_le_bytes());
    set(&mut r, f::MODEL_ID, &o.model_id.to_le_bytes());
    set(&mut r, f::WORLD_ID, &o.world_id.to_le_bytes());
    set(&mut r, f::RED, &o.rgb[0].to_le_bytes());
    set(&mut r, f::GREEN, &o.rgb[1].to_le_bytes());
    set(&mut r, f::BLUE, &o.rgb[2].to_le_bytes());
    Ok(r)
}

fn mpso_record(o: &MpsoDesc) -> Result<[u8; mpso::RECORD], RgmWriteError> {
    use mpso::field as f;
    let mut r = [0u8; mpso::RECORD];
    set(&mut r, f::ID, &o.id.to_le_bytes());
    name_field(&mut r, f::MODEL_NAME, f::NAME_LEN, &o.model_name, "MPSO model name")?;
    coord(&mut r, f::X, o.position[0], false, "MPSO x")?;
    coord(&mut r, f::Y, o.position[1], false, "MPSO y")?;
    coord(&mut r, f::Z, o.position[2], true, "MPSO z")?;
    for (k, v) in o.matrix.iter().enumerate() {
        set(&mut r, f::MATRIX + 4 * k, &v.to_le_bytes());
    }
    Ok(r)
}

fn mpsz_record(z: &MpszDesc) -> [u8; mpsz::RECORD] {
    use mpsz::field as f;
    let mut r = [0u8; mpsz::RECORD];
    r[f::FLAG] = z.flag;
    for (off, vals) in
        [(f::TOTAL, z.total), (f::CENTRE, z.centre), (f::POSITIVE, z.positive), (f::NEGATIVE, z.negative)]
    {
        for (k, v) in vals.iter().enumerate() {
            set(&mut r, off + 4 * k, &v.to_le_bytes());
        }
    }
    r
}

/// FLAT: the per-archive counts, then the records in ascending archive order (stable
/// within an archive, so the authored first record of an image stays the one looked up).
fn flat_payload(records: &[FlatDesc]) -> Result<Vec<u8>, RgmWriteError> {
    use flat::field as f;
    let mut out = vec![0u8; f::RECORDS];
    let mut by_archive = records.to_vec();
    if by_archive.iter().any(|r| r.archive as usize >= flat::ARCHIVES) {
        return Err(RgmWriteError::OutOfRange("FLAT archive"));
    }
    by_archive.sort_by_key(|r| r.archive);
    for r in &by_archive {
        let at = f::COUNTS + 2 * r.archive as usize;
        let n = u16::from_le_bytes([out[at], out[at + 1]]);
        let n = n.checked_add(1).ok_or(RgmWriteError::OutOfRange("FLAT count"))?;
        set(&mut out, at, &n.to_le_bytes());
    }
    for r in &by_archive {
        let mut rec = [0u8; flat::RECORD];
        rec[f::IMAGE] = r.image;
        rec[f::FLAGS] = r.flags;
        rec[f::ALPHA] = r.alpha;
        out.extend_from_slice(&rec);
    }
    Ok(out)
}

fn counted<const N: usize>(records: &[[u8; N]], what: &'static str) -> Result<Vec<u8>, RgmWriteError> {
    let mut out = u32_len(records.len(), what)?.to_le_bytes().to_vec();
    for r in records {
        out.extend_from_slice(r);
    }
    Ok(out)
}

/// Writes the scene, or says why it cannot.
pub fn try_to_bytes(desc: &RgmDesc) -> Result<Vec<u8>, RgmWriteError> {
    let mut b = Blobs { rava: vec![0; 4], ..Blobs::default() };
    let mut rahd_payload = u32_len(desc.actors.len(), "actor count")?.to_le_bytes().to_vec();
    rahd_payload.extend_from_slice(&desc.rahd_fixed);
    for (i, a) in desc.actors.iter().enumerate() {
        rahd_payload.extend_from_slice(&actor_record(i, a, &mut b)?);
    }

    let mpob_recs = desc.mpob.iter().map(mpob_record).collect::<Result<Vec<_>, _>>()?;
    let mpso_recs = desc.mpso.iter().map(mpso_record).collect::<Result<Vec<_>, _>>()?;
    let mprp_recs = desc.mprp.iter().map(MprpDesc::to_record).collect::<Result<Vec<_>, _>>()?;
    let mpsl_recs: Vec<_> = desc.mpsl.iter().map(MpslDesc::to_record).collect();
    let mpsf_recs = desc.mpsf.iter().map(MpsfDesc::to_record).collect::<Result<Vec<_>, _>>()?;
    let mut mpmk_payload = u32_len(desc.markers.len(), "marker count")?.to_le_bytes().to_vec();
    for m in &desc.markers {
        let mut r = [0u8; mpmk::RECORD];
        for (k, off) in [mpmk::field::X, mpmk::field::Y, mpmk::field::Z].into_iter().enumerate() {
            coord(&mut r, off, m.position[k], false, "marker position")?;
        }
        mpmk_payload.extend_from_slice(&r);
    }
    mpmk_payload.extend(desc.markers.iter().map(|m| m.aux));
    let mpsz_payload: Vec<u8> = desc.mpsz.iter().flat_map(mpsz_record).collect();

    let mut wdnm = u32_len(desc.wdnm.len(), "WDNM count")?.to_le_bytes().to_vec();
    for m in &desc.wdnm {
        wdnm.extend_from_slice(&u32_len(m.len(), "WDNM map")?.to_le_bytes());
        wdnm.extend_from_slice(m);
    }

    let flat = flat_payload(&desc.flat)?;

    let payload = |t: [u8; 4]| -> Result<Option<Vec<u8>>, RgmWriteError> {
        Ok(Some(match t {
            tag::RAHD => rahd_payload.clone(),
            tag::RAFS => desc.rafs.clone(),
            tag::RAST => b.rast.clone(),
            tag::RASB => b.rasb.clone(),
            tag::RAVA => b.rava.clone(),
            tag::RASC => b.rasc.clone(),
            tag::RAHK => b.rahk.clone(),
            tag::RALC => b.ralc.clone(),
            tag::RAEX => b.raex.clone(),
            tag::RAAT => b.raat.clone(),
            tag::RAAN => b.raan.clone(),
            tag::RAGR => b.ragr.clone(),
            tag::RANM => b.ranm.clone(),
            tag::MPOB => counted(&mpob_recs, "MPOB count")?,
            tag::MPRP => counted(&mprp_recs, "MPRP count")?,
            tag::MPSO => counted(&mpso_recs, "MPSO count")?,
            tag::MPSL => counted(&mpsl_recs, "MPSL count")?,
            tag::MPSF => counted(&mpsf_recs, "MPSF count")?,
            tag::MPMK => mpmk_payload.clone(),
            tag::MPSZ => mpsz_payload.clone(),
            tag::WDNM => wdnm.clone(),
            tag::FLAT => flat.clone(),
            // RAVC: omitted when unused, as shipped.
            tag::RAVC if !b.ravc.is_empty() => b.ravc.clone(),
            _ => return Ok(None),
        }))
    };

    let mut out = Vec::new();
    for t in SHIPPED_ORDER {
        if let Some(p) = payload(t)? {
            out.extend_from_slice(&t);
            out.extend_from_slice(&u32_len(p.len(), "section length")?.to_be_bytes());
            out.extend_from_slice(&p);
        }
    }
    out.extend_from_slice(&tag::END);
    out.extend_from_slice(&0u32.to_be_bytes());
    Ok(out)
}
