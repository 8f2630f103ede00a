//! Collision and ground support ({M}). This module grows with the model queries and
//! body responses; so far it holds the surface classes every contact is sorted into, the
//! actor shapes ([`shape`]) and the static candidate selection ([`candidates`]).

pub mod admission;
pub mod candidates;
pub mod faces;
pub mod ledge;
pub mod response;
pub mod shape;
pub mod statics;
pub mod support;

/// "Surface classification": the class of a contact from the signed Y component of its
/// normal × 256 (Y points down, so ordinary ground has a negative Y).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum SurfaceClass {
    /// Y greater than 160: the underside of something.
    Underside = 8,
    /// Y below −160: ordinary ground.
    Ground = 4,
    /// Y from −160 through −42: steep ground.
    Steep = 2,
    /// Y from −41 through 160: a side surface (a wall).
    Side = 1,
}

/// Upper bound (exclusive) of the ordinary-ground normal Y.
pub const GROUND_MAX_NY: i32 = -160;
/// Upper bound (inclusive) of the steep-ground normal Y.
pub const STEEP_MAX_NY: i32 = -42;
/// Upper bound (inclusive) of the side-surface normal Y.
pub const SIDE_MAX_NY: i32 = 160;

impl SurfaceClass {
    /// The class of an integer normal Y (× 256).
    pub const fn from_normal_y(ny: i32) -> SurfaceClass {
        if ny < GROUND_MAX_NY {
            SurfaceClass::Ground
        } else if ny <= STEEP_MAX_NY {
            SurfaceClass::Steep
        } else if ny <= SIDE_MAX_NY {
            SurfaceClass::Side
        } else {
            SurfaceClass::Underside
        }
    }

    /// Whether ground selection accepts this class (2 and 4).
    pub const fn supports(self) -> bool {
        matches!(self, SurfaceClass::Ground | SurfaceClass::Steep)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thresholds() {
        assert_eq!(SurfaceClass::from_normal_y(-256), SurfaceClass::Ground);
        assert_eq!(SurfaceClass::from_normal_y(-161), SurfaceClass::Ground);
        assert_eq!(SurfaceClass::from_normal_y(-160), SurfaceClass::Steep);
        assert_eq!(SurfaceClass::from_normal_y(-42), SurfaceClass::Steep);
        assert_eq!(SurfaceClass::from_normal_y(-41), SurfaceClass::Side);
        assert_eq!(SurfaceClass::from_normal_y(160), SurfaceClass::Side);
        assert_eq!(SurfaceClass::from_normal_y(161), SurfaceClass::Underside);
        assert!(SurfaceClass::Steep.supports() && SurfaceClass::Ground.supports());
        assert!(!SurfaceClass::Side.supports() && !SurfaceClass::Underside.supports());
    }
}
