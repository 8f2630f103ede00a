//! Ground support ({M}): "Ground-support ranking", "Startup ground settling" ranks,
//! "Support-query misses", "Converting support height to actor position", "Forward slope
//! surface selection", the support-history counter and the surface-state veto.
//!
//! These are the selection rules over the candidates a query found: terrain (sampled by
//! [`crate::terrain`]) and model contacts (from [`super::faces`]) already in world
//! coordinates with integer normals.

use super::SurfaceClass;

/// Rank before any candidate: nothing selected.
pub const NO_RANK: i32 = 65_536;
/// Rank of terrain above the segment's upper end.
pub const TERRAIN_ABOVE_RANK: i32 = 65_535;
/// The returned actor height when no support was found (the original's sentinel value is
/// not documented; Stros uses the most negative runtime coordinate).
pub const NO_SUPPORT_HEIGHT: i32 = i32::MIN;
/// Half-length of the startup settling segment, map units.
pub const SETTLE_REACH: i32 = 500;
/// Search radius of startup settling's candidate query, map units.
pub const SETTLE_RADIUS: i32 = 1000;
/// Centre value of the rank distance rules (half of the 32,768 scale).
pub const RANK_CENTRE: i32 = 16_384;
/// Initial comparison value of the forward slope selection.
pub const SLOPE_START_RANK: i32 = 999_999;
/// Initial model height of the forward slope selection, map units.
pub const SLOPE_START_HEIGHT: i32 = 9_999_999;
/// Support-history counter value after support metadata with mask 0x04.
pub const SUPPORT_HISTORY_RESET: i32 = 12;
/// Support metadata mask that resets the support-history counter.
pub const SUPPORT_HISTORY_MASK: u8 = 0x04;
/// Fallback sphere radius while the support-history counter is zero, map units.
pub const FALLBACK_RADIUS: i32 = 10;
/// Fallback sphere radius while the counter is nonzero.
pub const FALLBACK_RADIUS_RECENT: i32 = 14;

/// A vertical support segment, map units, Y down: from `start` (top) to `end` (bottom).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Segment {
    /// Upper end.
    pub start: i32,
    /// Lower end.
    pub end: i32,
}

impl Segment {
    /// The segment centred on `centre_y` reaching `reach` both ways.
    pub const fn around(centre_y: i32, reach: i32) -> Segment {
        Segment { start: centre_y.wrapping_sub(reach), end: centre_y.wrapping_add(reach) }
    }

    /// The ordinary support segment: integer actor Y plus the positive Y extent, ± R.
    pub const fn ordinary(actor_map_y: i32, positive_y_extent: i32, reach: i32) -> Segment {
        Segment::around(actor_map_y.wrapping_add(positive_y_extent), reach)
    }
}

/// Where a selected support came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// Nothing (a miss).
    None,
    /// The terrain.
    Terrain,
    /// A static face model: the candidate's index in the face list.
    Model(usize),
}

/// A model contact offered to the ranking: world point Y, integer normal, its segment
/// fraction × 32768, the candidate and its collision byte (support metadata), and the face
/// texture word (the surface identity).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ModelSupport {
    /// Candidate index in the face list.
    pub candidate: usize,
    /// Contact height, map units (Y down).
    pub height: i32,
    /// Integer world normal × 256.
    pub normal: [i32; 3],
    /// Segment rank on the 32,768 scale.
    pub rank: i32,
    /// The candidate's collision flag byte.
    pub metadata: u8,
    /// The face's texture word.
    pub texture: u32,
}

/// A terrain sample offered to the ranking.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TerrainSupport {
    /// Sampled height (Y down, map units).
    pub height: f32,
    /// Integer normal × 256.
    pub normal: [i32; 3],
}

impl From<crate::terrain::TerrainSample> for TerrainSupport {
    /// The sample's height and normal.
    fn from(s: crate::terrain::TerrainSample) -> Self {
        TerrainSupport { height: s.height, normal: s.normal }
    }
}

/// The state a support query leaves: selection, and the fields a miss retains.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Support {
    /// Source of the selection ([`Source::None`] after a miss).
    pub source: Source,
    /// Stored classification (steep may be stored as ground; see [`select_ordinary`]).
    pub class: Option<SurfaceClass>,
    /// Selected surface height, map units, truncated toward zero.
    pub height: i32,
    /// Contact normal (retained through a miss).
    pub normal: [i32; 3],
    /// Texture identity (retained through a miss).
    pub texture: u32,
    /// Support metadata: the candidate's collision byte, 0 for terrain (retained through a miss).
    pub metadata: u8,
    /// The winning rank.
    pub rank: i32,
}

impl Default for Support {
    fn default() -> Self {
        Support {
            source: Source::None,
            class: None,
            height: 0,
            normal: [0; 3],
            texture: 0,
            metadata: 0,
            rank: NO_RANK,
        }
    }
}

impl Support {
    /// Whether a support was selected.
    pub fn found(&self) -> bool {
        self.source != Source::None
    }

    /// "Support-query misses": clear the selection, keep normal, texture and metadata.
    pub fn miss(&mut self) {
        self.source = Source::None;
        self.class = None;
        self.rank = NO_RANK;
    }
}

/// The stored class of a model support: steep (2) is stored as ground (4) when the steep
/// test (collision-attribute bit 2) is off; the normal itself is unchanged.
fn stored_class(class: SurfaceClass, steep_test: bool) -> SurfaceClass {
    if class == SurfaceClass::Steep && !steep_test { SurfaceClass::Ground } else { class }
}

/// The first supporting (class 2 or 4) contact with the smallest `|16384 − rank|`, the
/// earlier of equals kept — the rule settling and the forward slope check share.
/// `start` is the comparison value a contact must beat.
fn closest_to_centre(contacts: impl IntoIterator<Item = ModelSupport>, start: i32) -> Option<ModelSupport> {
    let mut best = start;
    let mut chosen = None;
    for c in contacts {
        if !SurfaceClass::from_normal_y(c.normal[1]).supports() {
            continue;
        }
        let rank = RANK_CENTRE.wrapping_sub(c.rank).wrapping_abs();
        if rank < best {
            best = rank;
            chosen = Some(c);
        }
    }
    chosen
}

/// The terrain's rank in an ordinary segment: `None` below the lower end, 65,535 above the
/// upper end, else `(truncate(2²⁴ / 2R) × (truncate(Y) − start)) >> 8`.
pub fn terrain_rank(seg: Segment, terrain_y: f32) -> Option<i32> {
    let y = terrain_y as i32;
    if y > seg.end {
        None
    } else if y < seg.start {
        Some(TERRAIN_ABOVE_RANK)
    } else {
        let reach2 = seg.end.wrapping_sub(seg.start).max(1);
        Some(((16_777_216 / reach2).wrapping_mul(y.wrapping_sub(seg.start))) >> 8)
    }
}

/// "Ground-support ranking" of an ordinary query, updating `state` in place (a miss keeps
/// its retained fields). Terrain competes first, then model contacts of class 2 or 4 in
/// candidate and contact order; a rank less than *or equal to* the current one replaces it.
/// With collision-attribute bit 2 clear, a steep model contact is stored as ground.
pub fn select_ordinary(
    state: &mut Support,
    seg: Segment,
    terrain: Option<TerrainSupport>,
    contacts: impl IntoIterator<Item = ModelSupport>,
    steep_test: bool,
) {
    select_ordinary_noting(state, seg, terrain, contacts, steep_test, &mut |_| {});
}

/// [`select_ordinary`], calling `note` with the candidate index of each model contact as it
/// becomes the best one (the selected player's first contact list takes them,
/// {D:engine/player.md} "Player contact lists").
pub fn select_ordinary_noting(
    state: &mut Support,
    seg: Segment,
    terrain: Option<TerrainSupport>,
    contacts: impl IntoIterator<Item = ModelSupport>,
    steep_test: bool,
    note: &mut dyn FnMut(usize),
) {
    let mut best = NO_RANK;
    let mut chosen: Option<Support> = None;
    if let Some(t) = terrain
        && let Some(rank) = terrain_rank(seg, t.height)
        && rank <= best
    {
        best = rank;
        chosen = Some(Support {
            source: Source::Terrain,
            class: Some(SurfaceClass::from_normal_y(t.normal[1])),
            height: t.height as i32,
            normal: t.normal,
            texture: 0,
            metadata: 0,
            rank,
        });
    }
    for c in contacts {
        let class = SurfaceClass::from_normal_y(c.normal[1]);
        if !class.supports() || c.rank > best {
            continue;
        }
        best = c.rank;
        note(c.candidate);
        let stored = stored_class(class, steep_test);
        chosen = Some(Support {
            source: Source::Model(c.candidate),
            class: Some(stored),
            height: c.height,
            normal: c.normal,
            texture: c.texture,
            metadata: c.metadata,
            rank: c.rank,
        });
    }
    match chosen {
        Some(s) => *state = s,
        None => state.miss(),
    }
}

/// "Startup ground settling" selection over the ±500 segment: terrain (height truncated)
/// only strictly between the ends, ranked `|16384 − ((|h − start| × 8388) >> 8)|`; model
/// contacts of class 2 or 4 ranked `|16384 − rank|`; only a strictly smaller rank replaces
/// (the earlier of equals is kept, unlike ordinary selection). Returns the selected height.
pub fn select_settling(
    seg: Segment,
    terrain: Option<f32>,
    contacts: impl IntoIterator<Item = ModelSupport>,
) -> Option<i32> {
    let mut best = NO_RANK;
    let mut height = None;
    if let Some(h) = terrain {
        let h = h as i32;
        if h > seg.start && h < seg.end {
            best = RANK_CENTRE
                .wrapping_sub((h.wrapping_sub(seg.start).wrapping_abs().wrapping_mul(8388)) >> 8)
                .wrapping_abs();
            height = Some(h);
        }
    }
    closest_to_centre(contacts, best).map(|c| c.height).or(height)
}

/// "Converting support height to actor position": `(trunc(h) − positive Y extent) × 256 +
/// standing_height × 256`, runtime units.
pub const fn actor_y_from_support(height: i32, positive_y_extent: i32, standing_height: i32) -> i32 {
    height.wrapping_sub(positive_y_extent).wrapping_mul(256).wrapping_add(standing_height.wrapping_mul(256))
}

/// The outcome of the forward steep-surface check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SlopeVerdict {
    /// No surface was selected, or it is not steep: the walk may go on.
    Allow,
    /// The selected surface is steep ground (class 2): the walk is refused.
    Reject,
}

/// "Forward slope surface selection" on the segment of half-length `post_collide_height`
/// around the integer actor Y plus positive Y extent: the selected surface's normal.
///
/// Model contacts of class 2 or 4 compete by `|16384 − rank|` from 999,999, strictly smaller
/// replacing (the first of equals stays); the model height starts at 9,999,999. Terrain no
/// lower than the lower end then wins when `|trunc(h − centre)|` is strictly less than
/// `|model_height − centre|`, replacing normal and height.
pub fn slope_surface(
    centre: i32,
    reach: i32,
    terrain: Option<TerrainSupport>,
    contacts: impl IntoIterator<Item = ModelSupport>,
) -> Option<[i32; 3]> {
    let lower_end = centre.wrapping_add(reach);
    let model = closest_to_centre(contacts, SLOPE_START_RANK);
    let model_height = model.map_or(SLOPE_START_HEIGHT, |c| c.height);
    let mut normal = model.map(|c| c.normal);
    if let Some(t) = terrain
        && t.height <= lower_end as f32
    {
        let diff = ((t.height - centre as f32) as i32).wrapping_abs();
        if diff < model_height.wrapping_sub(centre).wrapping_abs() {
            normal = Some(t.normal);
        }
    }
    normal
}

/// The forward steep-surface check's verdict on the surface [`slope_surface`] selected: one
/// of class 2 (steep) refuses the walk; none, or any other class, allows it.
pub fn slope_verdict(selected_normal: Option<[i32; 3]>) -> SlopeVerdict {
    match selected_normal {
        Some(n) if SurfaceClass::from_normal_y(n[1]) == SurfaceClass::Steep => SlopeVerdict::Reject,
        _ => SlopeVerdict::Allow,
    }
}

/// The designated player's support-history counter.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SupportHistory(pub i32);

impl SupportHistory {
    /// The per-update decrement by the nominal ticks, saturating at zero.
    pub fn tick(&mut self, nominal_ticks: i32) {
        self.0 = self.0.saturating_sub(nominal_ticks).max(0);
    }

    /// After a designated-player support query (a miss included, probes included): metadata
    /// with mask 0x04 resets the counter to 12.
    pub fn after_query(&mut self, support: &Support) {
        if support.metadata & SUPPORT_HISTORY_MASK != 0 {
            self.0 = SUPPORT_HISTORY_RESET;
        }
    }

    /// The fallback sphere's radius: 10 at zero, 14 otherwise.
    pub fn fallback_radius(&self) -> i32 {
        if self.0 == 0 { FALLBACK_RADIUS } else { FALLBACK_RADIUS_RECENT }
    }
}

/// "Selected-player fallback support": the first contact whose class is not side (1),
/// underside included; the actor's Y stays as it is. Steep is stored as ground with
/// collision-attribute bit 2 clear.
pub fn select_fallback(
    state: &mut Support,
    contacts: impl IntoIterator<Item = ModelSupport>,
    steep_test: bool,
) {
    for c in contacts {
        let class = SurfaceClass::from_normal_y(c.normal[1]);
        if class == SurfaceClass::Side {
            continue;
        }
        let stored = stored_class(class, steep_test);
        *state = Support {
            source: Source::Model(c.candidate),
            class: Some(stored),
            height: state.height,
            normal: c.normal,
            texture: c.texture,
            metadata: c.metadata,
            rank: c.rank,
        };
        return;
    }
    state.miss();
}

/// The surface states that set the shared veto (lava 5 and gloop 11).
pub const fn surface_veto(surface: u8) -> bool {
    matches!(surface, 5 | 11)
}

/// How the surface updater is invoked ("Surface-query state retention").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SurfaceMode {
    /// An excluded query: returns 0, changes nothing.
    Excluded,
    /// An admitted query that only reports the resolved surface.
    Report,
    /// The ordinary assignment path: stores the surface and sets the veto from it.
    Assign,
}

/// The actor surface and the shared veto, the two results the updater may assign besides
/// its return value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SurfaceState {
    /// The actor's stored surface.
    pub surface: u8,
    /// The shared surface veto.
    pub veto: bool,
}

/// The surface updater. Model supports resolve through the face's texture assignment
/// (`model_surface`), terrain through the actor's integer map X/Z (`terrain_surface`),
/// anything else (a miss included) to 0. Only [`SurfaceMode::Assign`] stores the surface and
/// sets the veto (1 for surfaces 5 and 11, else 0).
pub fn update_surface(
    mode: SurfaceMode,
    support: &Support,
    state: &mut SurfaceState,
    terrain_surface: impl FnOnce() -> u8,
    model_surface: impl FnOnce(u32) -> u8,
) -> u8 {
    if mode == SurfaceMode::Excluded {
        return 0;
    }
    let resolved = match support.source {
        Source::Model(_) => model_surface(support.texture),
        Source::Terrain => terrain_surface(),
        Source::None => 0,
    };
    if mode == SurfaceMode::Assign {
        state.surface = resolved;
        state.veto = surface_veto(resolved);
    }
    resolved
}

/// "Forward ground-support admission", its verdict on the support the probe's query left
/// and the shared veto read after it: the attempt fails when support is absent, when the
/// veto is set, or when the steep test (collision bit 2) is on and the support is class 2.
/// (The caller stands the actor at the probe for the query and restores all three
/// coordinates after it; the query's other effects stay.)
pub fn forward_ground_admits(support: &Support, veto: bool, steep_test: bool) -> bool {
    if !support.found() || veto {
        return false;
    }
    !(steep_test && support.class == Some(SurfaceClass::Steep))
}
