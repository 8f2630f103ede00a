//! Static collision candidates ({M}): "Static collision list order", "Model-distance
//! candidate test" and "Static candidate list separation".

/// Map units per placement cell.
pub const PLACEMENT_CELL: i32 = 512;
/// Cells per side of the spatial window (the four corners are omitted).
pub const WINDOW_CELLS: i32 = 18;
/// Half the window, map units.
pub const WINDOW_HALF: i32 = 4608;
/// Window start used when the centre is near the upper map edge.
pub const WINDOW_UPPER_START: i32 = 56_319;
/// Largest map coordinate.
pub const MAP_MAX: i32 = 65_535;
/// Capacity of each candidate list.
pub const MAX_CANDIDATES: usize = 64;
/// Search radius of a query without a model, map units.
pub const DEFAULT_SEARCH_RADIUS: i32 = 200;
/// ROB collision flag: excluded from collision.
pub const FLAG_EXCLUDED: u8 = 0x02;
/// ROB collision flag: goes to the actor-style list.
pub const FLAG_ACTOR_STYLE: u8 = 0x01;

/// The first window cell along one axis: start coordinate 0 below 4,608, 56,319 when the
/// centre plus 4,608 passes 65,535, else the centre minus 4,608; divided by 512.
pub const fn window_start_cell(centre: i32) -> i32 {
    let start = if centre < WINDOW_HALF {
        0
    } else if centre.saturating_add(WINDOW_HALF) > MAP_MAX {
        WINDOW_UPPER_START
    } else {
        centre - WINDOW_HALF
    };
    start / PLACEMENT_CELL
}

/// The window's cells in visiting order: increasing X within increasing Z rows, 18 × 18
/// without the four corners (320 cells).
pub fn window_cells(centre_x: i32, centre_z: i32) -> impl Iterator<Item = (i32, i32)> {
    let (x0, z0) = (window_start_cell(centre_x), window_start_cell(centre_z));
    let last = WINDOW_CELLS - 1;
    (0..WINDOW_CELLS).flat_map(move |dz| {
        (0..WINDOW_CELLS)
            .filter(move |&dx| !((dx == 0 || dx == last) && (dz == 0 || dz == last)))
            .map(move |dx| (x0 + dx, z0 + dz))
    })
}

/// Whether a window cell is on its outer border (where actors with attribute 113 are left out).
pub fn is_window_border(centre_x: i32, centre_z: i32, cell: (i32, i32)) -> bool {
    let (x0, z0) = (window_start_cell(centre_x), window_start_cell(centre_z));
    let last = WINDOW_CELLS - 1;
    cell.0 == x0 || cell.0 == x0 + last || cell.1 == z0 || cell.1 == z0 + last
}

/// Cells per map side (65,536 map units of 512).
pub const MAP_CELLS: usize = 128;

/// A cell list's first entry of each occupied cell, sorted by cell index
/// (`cz × 128 + cx`): the original's per-cell list heads without a 16,384-entry grid, so a
/// table's cost follows what it holds. Sorting by index is the window's visiting order.
#[derive(Clone, Debug, Default)]
pub struct CellHeads<S> {
    heads: S,
}

/// No entry (an empty list).
pub const NO_HEAD: u16 = u16::MAX;

impl<S: crate::capacity::Table<(u16, u16)>> CellHeads<S> {
    /// Every cell emptied, where the table is.
    pub fn clear(&mut self) {
        self.heads.clear();
    }

    /// Every occupied cell with its head, by cell index.
    pub fn iter(&self) -> core::slice::Iter<'_, (u16, u16)> {
        self.heads.iter()
    }

    /// The head of `cell`'s list, [`NO_HEAD`] when it is empty.
    pub fn get(&self, cell: u16) -> u16 {
        match self.heads.binary_search_by_key(&cell, |&(c, _)| c) {
            Ok(k) => self.heads[k].1,
            Err(_) => NO_HEAD,
        }
    }

    /// Makes `head` the head of `cell` ([`NO_HEAD`] empties it); `false` when a newly
    /// occupied cell does not fit.
    pub fn set(&mut self, cell: u16, head: u16) -> bool {
        match (self.heads.binary_search_by_key(&cell, |&(c, _)| c), head) {
            (Ok(k), NO_HEAD) => {
                self.heads.remove(k);
            }
            (Ok(k), _) => self.heads[k].1 = head,
            (Err(_), NO_HEAD) => {}
            (Err(k), _) => {
                if self.heads.push((cell, head)).is_err() {
                    return false;
                }
                self.heads[k..].rotate_right(1);
            }
        }
        true
    }

    /// The occupied cells of the window around map `(centre_x, centre_z)` in visiting
    /// order ([`window_cells`]), each as its `(cx, cz)` and its list's head: per window
    /// row, a binary search to the row's first cell and a walk to its last.
    pub fn window(&self, centre_x: i32, centre_z: i32) -> impl Iterator<Item = ((i32, i32), u16)> + '_ {
        self.window_within(centre_x, centre_z, [i32::MIN, i32::MAX], [i32::MIN, i32::MAX])
    }

    /// [`CellHeads::window`] less the cells outside the inclusive cell ranges `xs` and `zs`:
    /// the rest in the same order, the rows outside `zs` not searched at all.
    pub fn window_within(
        &self,
        centre_x: i32,
        centre_z: i32,
        xs: [i32; 2],
        zs: [i32; 2],
    ) -> impl Iterator<Item = ((i32, i32), u16)> + '_ {
        let (x0, z0) = (window_start_cell(centre_x), window_start_cell(centre_z));
        let last = WINDOW_CELLS - 1;
        let heads: &[(u16, u16)] = &self.heads;
        let (first_dx, last_dx) = (xs[0].saturating_sub(x0).max(0), xs[1].saturating_sub(x0).min(last));
        let (first_dz, last_dz) = (zs[0].saturating_sub(z0).max(0), zs[1].saturating_sub(z0).min(last));
        (first_dz..=last_dz).flat_map(move |dz| {
            let cz = z0 + dz;
            let row = cz * MAP_CELLS as i32 + x0;
            let from = heads.partition_point(|&(c, _)| (c as i32) < row + first_dx);
            heads[from..].iter().take_while(move |&&(c, _)| c as i32 <= row + last_dx).filter_map(
                move |&(c, h)| {
                    let dx = c as i32 - row;
                    let corner = (dx == 0 || dx == last) && (dz == 0 || dz == last);
                    (!corner).then_some(((x0 + dx, cz), h))
                },
            )
        })
    }
}

/// The placement cell of a nonnegative map position: `x / 512`, `z / 512`.
pub const fn placement_cell(x: i32, z: i32) -> (i32, i32) {
    (x / PLACEMENT_CELL, z / PLACEMENT_CELL)
}

/// The query radius: twice the querying actor's model radius (truncated), or 200.
pub fn search_radius(model_radius: Option<f32>) -> i32 {
    model_radius.map_or(DEFAULT_SEARCH_RADIUS, |r| (2.0 * r) as i32)
}

/// Map units added to a cull by the model-distance test's reach: far beyond the rounding of
/// its f32 differences and sums, so what a cull leaves out the test would refuse.
pub const DISTANCE_SLACK: f64 = 16.0;

/// How far from a query origin along one axis a model of radius `model_radius` can stand
/// and still pass [`within_distance`] for `query_radius`, with [`DISTANCE_SLACK`].
pub fn distance_reach(query_radius: i32, model_radius: f32) -> f64 {
    query_radius as f64 + model_radius as f64 + DISTANCE_SLACK
}

/// The cells, along one axis, that can hold a model within `reach` (map units) of a point
/// of `span` (inclusive): a cell `c` spans `[512 c, 512 c + 512)`, so the cells below the
/// first end at or before `span[0] − reach`, and those past the last start beyond
/// `span[1] + reach`. The reach is taken up to the next integer above it, which can only
/// add a cell.
pub fn cells_within(span: [i32; 2], reach: f64) -> [i32; 2] {
    let reach = reach.clamp(0.0, i32::MAX as f64) as i64 + 1;
    let cell = |v: i64| v.div_euclid(PLACEMENT_CELL as i64).clamp(i32::MIN as i64, i32::MAX as i64) as i32;
    [cell(span[0] as i64 - reach), cell(span[1] as i64 + reach)]
}

/// The distance along one axis from the nearest point of `span` (inclusive) to cell `c`'s
/// span, 0 where they meet: a model in the cell is at least this far from every point of
/// `span`, more when it is past the cell's upper end.
pub fn cell_distance(span: [i32; 2], cell: i32) -> f64 {
    let lo = cell as f64 * PLACEMENT_CELL as f64;
    (lo - span[1] as f64).max(span[0] as f64 - (lo + PLACEMENT_CELL as f64)).max(0.0)
}

/// The distance along one axis from the nearest point of `span` (inclusive) to `v`.
pub fn span_distance(span: [i32; 2], v: f32) -> f64 {
    (span[0] as f64 - v as f64).max(v as f64 - span[1] as f64).max(0.0)
}

/// "Model-distance candidate test": the squared distance from the integer map origin to the
/// placement, against the square of the summed radii. Differences, the squared sum and the
/// combined radius are stored as f32 first; equality passes.
pub fn within_distance(
    origin: [i32; 3],
    query_radius: i32,
    model_position: [f32; 3],
    model_radius: f32,
) -> bool {
    let d = [0, 1, 2].map(|k| (model_position[k] as f64 - origin[k] as f32 as f64) as f32 as f64);
    let sq = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]) as f32;
    let combined = (query_radius as f32 as f64 + model_radius as f64) as f32 as f64;
    sq as f64 <= combined * combined
}

/// One static candidate: its index among the placements and its ROB collision byte.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// Index of the placement.
    pub placement: usize,
    /// The collision flag byte, kept as support metadata.
    pub flags: u8,
}

/// The two candidate lists of a static scan.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Candidates {
    /// Flag-0x01 placements (one sphere of model radius).
    pub actor_style: heapless::Vec<Candidate, MAX_CANDIDATES>,
    /// Face-model placements (Section4 face lists): what ground support reads.
    pub faces: heapless::Vec<Candidate, MAX_CANDIDATES>,
    /// Whether a full face list ended the scan early.
    pub truncated: bool,
}

impl Candidates {
    /// Empty lists. (Unlike the derived `Default`, this writes nothing into the lists'
    /// storage: an actor update makes a pair for every gather.)
    pub const fn new() -> Candidates {
        Candidates { actor_style: heapless::Vec::new(), faces: heapless::Vec::new(), truncated: false }
    }
}

/// "Static candidate list separation" over placements in window order, each with its flag
/// byte and whether it passed the distance test.
///
/// Flag 0x02 excludes a placement first. Flag 0x01 goes to the actor-style list; a full
/// actor-style list skips further ones and the scan goes on. Any other admitted placement
/// goes to the face list; meeting one more when the face list is full ends the whole scan,
/// later actor-style placements included.
pub fn separate(placements: impl IntoIterator<Item = (usize, u8, bool)>) -> Candidates {
    let mut c = Candidates::new();
    separate_into(&mut c, placements);
    c
}

/// [`separate`] into `c`, emptied first: the lists are two kilobytes, and an actor
/// update fills the ones it keeps where they stay.
pub fn separate_into(c: &mut Candidates, placements: impl IntoIterator<Item = (usize, u8, bool)>) {
    c.actor_style.clear();
    c.faces.clear();
    c.truncated = false;
    for (placement, flags, near) in placements {
        if flags & FLAG_EXCLUDED != 0 || !near {
            continue;
        }
        let cand = Candidate { placement, flags };
        if flags & FLAG_ACTOR_STYLE != 0 {
            let _ = c.actor_style.push(cand);
        } else if c.faces.push(cand).is_err() {
            c.truncated = true;
            break;
        }
    }
}
