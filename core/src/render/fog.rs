//! Scene fog and the far clipping distance ({D:engine/fog.md} "Clipping distances", "Fog
//! lookup", "Integer precision and framebuffer dithering"; {D:config/fog-ini.md}): FOG.INI's
//! 64 density bytes, looked up by each pixel's reciprocal depth the way the Glide table fog
//! encodes it, blend the scene toward `world_fogrgb`; nothing is drawn beyond the back plane.
//!
//! A palette framebuffer cannot blend: a pixel takes the fog colour where the blend weight
//! `(density + 1) / 256` exceeds its ordered-dither threshold (best guess, as the sky's fog
//! and the flats' alpha).

/// Entries of a fog table.
pub const ENTRIES: usize = 64;

/// A FOG.INI density table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FogTable {
    /// Density bytes by table index.
    pub density: [u8; ENTRIES],
}

impl FogTable {
    /// No FOG.INI: every entry zero (no fog).
    pub const NONE: FogTable = FogTable { density: [0; ENTRIES] };

    /// FOG.INI's text ({D:config/fog-ini.md} "Selection and format"): `index, value` records
    /// in a zero-filled table, each value filling its index up to the next record's index (the
    /// last through entry 63), a record without a value only ending the one before it;
    /// `;` starts a comment. Lines that do not read as records are passed over (best guess:
    /// the docs do not say), as are indices past 63; values keep their low byte.
    pub fn parse(text: &str) -> FogTable {
        let mut density = [0u8; ENTRIES];
        let mut open: Option<(usize, u8)> = None;
        let fill = |from: (usize, u8), to: usize, density: &mut [u8; ENTRIES]| {
            for d in density.iter_mut().take(to.min(ENTRIES)).skip(from.0) {
                *d = from.1;
            }
        };
        for line in text.lines() {
            let line = line.split(';').next().unwrap_or("").trim();
            let mut fields = line.split(',').map(str::trim);
            let Some(Ok(index)) = fields.next().filter(|f| !f.is_empty()).map(str::parse::<usize>) else {
                continue;
            };
            if index >= ENTRIES {
                continue;
            }
            let value = fields.next().and_then(|v| v.parse::<i64>().ok());
            if let Some(prev) = open.take() {
                fill(prev, index, &mut density);
            }
            open = value.map(|v| (index, v as u8));
        }
        if let Some(prev) = open {
            fill(prev, ENTRIES, &mut density);
        }
        FogTable { density }
    }

    /// Whether any entry fogs.
    pub fn is_active(&self) -> bool {
        self.density.iter().any(|&d| d != 0)
    }

    /// The density at reciprocal depth `w` ({D:engine/fog.md} "Integer precision"): the
    /// entry the 16-bit encoding of `w` selects, plus the hardware's interpolation toward the
    /// next one — its delta byte `4 × (next − this)` modulo 256 (zero after the last) times
    /// the encoding's fraction bits, over 1,024, rounded down. Held at 255.
    pub fn density_at(&self, w: f32) -> u8 {
        let enc = encoding(w) as usize;
        let (i, fraction) = (enc >> 10, (enc >> 2) & 255);
        let this = self.density[i.min(ENTRIES - 1)];
        let delta = match self.density.get(i + 1) {
            Some(&next) => (next.wrapping_sub(this) as u32).wrapping_mul(4) & 255,
            None => 0,
        };
        (this as u32 + delta * fraction as u32 / 1024).min(255) as u8
    }
}

/// The Glide table fog's 16-bit encoding of a positive reciprocal depth `w`: the accumulator
/// `t = trunc(w × 2³²)`; at or above 2³² it encodes 0, below 65,536 it encodes 65,535;
/// otherwise, with `e` its leading zero bits, `min(65535, ((e << 12) | ((!t >> (19 − e)) &
/// 4095)) + 1)`. Not a positive number: 65,535 (as far as can be).
pub fn encoding(w: f32) -> u16 {
    // × 2³² is exact in single precision (a power of two), and the cast truncates: no
    // double-precision arithmetic, which a microcontroller without an FPU pays dearly for.
    let t = w * 4_294_967_296.0;
    if t.is_nan() || t < 65_536.0 {
        return 65_535;
    }
    if t >= 4_294_967_296.0 {
        return 0;
    }
    let t = t as u32;
    let e = t.leading_zeros();
    (((e << 12) | ((!t >> (19 - e)) & 4095)) + 1).min(65_535) as u16
}

/// The blend weight of `density`: `(density + 1) / 256`.
pub fn weight(density: u8) -> f32 {
    (density as f32 + 1.0) / 256.0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The installed fallback FOG.INI's 18 records ({D:config/fog-ini.md} "Shipped values").
    pub(crate) const SHIPPED: &str = "; fog\n0,0\n33,1\n34,2\n35,4\n36,6\n37,8\n38,10\n39,12\n40,14\n\
        41,16\n42,18\n43,22\n44,38\n45,76\n46,136\n47,196 ; 46 is the final value for 3800\n48,255\n63\n";

    #[test]
    fn the_shipped_table_fills_its_runs() {
        let t = FogTable::parse(SHIPPED);
        assert!(t.density[..=32].iter().all(|&d| d == 0));
        assert_eq!(t.density[33..=48], [1, 2, 4, 6, 8, 10, 12, 14, 16, 18, 22, 38, 76, 136, 196, 255]);
        assert!(t.density[48..=62].iter().all(|&d| d == 255));
        assert_eq!(t.density[63], 0);
        assert!(!FogTable::parse("").is_active() && !FogTable::parse("nonsense\n99,3\n").is_active());
    }

    #[test]
    fn densities_at_the_documented_depths() {
        // {D:engine/fog.md}'s table: depth 256 → index 32 (0), 512 → 36 (6), 1,024 → 40
        // (14), 2,048 → 44 (38), 4,096 → 48 (255). Each depth a power of two encodes to an
        // exact index (fraction 0): 1/256 is t = 2²⁴, e = 7, (7 << 12 | 4095) + 1 = 32,768.
        let t = FogTable::parse(SHIPPED);
        assert_eq!(encoding(1.0 / 256.0), 32_768);
        for (depth, want) in [(256.0, 0), (512.0, 6), (1024.0, 14), (2048.0, 38), (4096.0, 255)] {
            assert_eq!(t.density_at(1.0 / depth), want, "depth {depth}");
        }
        // Between 2,048 and 4,096: 1/3,000 as a single is 3.3333333e-4, t = 1,431,655 =
        // 0x15D867 (e = 11), encoding (45,056 | ((!t >> 8) & 4095)) + 1: !t >> 8 = 0xFFEA27,
        // & 4095 = 0xA27 = 2,599, so 47,656: index 46 (136), fraction (47,656 >> 2) & 255 =
        // 138; the delta byte 4 × (196 − 136) = 240, 240 × 138 / 1,024 = 32.3 → 136 + 32 = 168.
        assert_eq!(encoding(1.0 / 3000.0), 47_656);
        assert_eq!(t.density_at(1.0 / 3000.0), 168);
        // Nothing drawn, or nearer than 1/65,536 of a unit: as far as can be, or no fog.
        assert_eq!(encoding(0.0), 65_535);
        assert_eq!(encoding(2.0), 0);
    }
}
