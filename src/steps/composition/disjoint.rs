//! Shah's disjointness at the value level: a leaf's footprint in a mode
//! ([`footprint_step`]), a mode's record kept apart from the walk and read
//! after it ([`ModeFootprint`]), and the sign check after the last leaf
//! ([`leaf_signs`], [`sign_mix`]). The type-level pass is
//! `algebra::composition::walk::disjoint`.

use super::CompositionCondition;
#[allow(unused_imports)] // the docs' links
use super::CompositionStep;

/// Shah's disjointness within a mode of shape `c` of `A` (not the last): a
/// leaf's footprint `top` ([`CompositionStep::top`]) adds to the sum `used`
/// of those before it, which must stay below `c`, or two leaves' offsets
/// overlap (`first_leaf` is the first leaf that landed in the mode). Returns
/// the new sum.
///
/// ```
/// use cute_algebra::steps::composition::{CompositionCondition, footprint_step};
/// assert_eq!(footprint_step(0, 3, 6, 0), Ok(3));
/// assert_eq!(footprint_step(3, 3, 6, 0), Err(CompositionCondition::Disjointness { first_leaf: 0 }));
/// ```
#[inline]
pub const fn footprint_step(
    used: i64,
    top: i64,
    c: i64,
    first_leaf: usize,
) -> Result<i64, CompositionCondition> {
    match used.checked_add(top) {
        Some(sum) if sum >= c => Err(CompositionCondition::Disjointness { first_leaf }),
        Some(sum) => Ok(sum),
        None => Err(CompositionCondition::Overflow),
    }
}

/// Shah's disjointness for one mode of `A` (not the last), as a pass apart
/// from the walk: the leaves' footprints ([`CompositionStep::top`]) added
/// up in leaf order with [`footprint_step`], and the first overlap kept
/// until the verdict is read ([`ModeFootprint::verdict`]). The walk's own
/// conditions come first, so a composition is refused for disjointness
/// only when every step passed; then the overlap in the lowest mode is
/// the one reported (as the type-level pass does).
///
/// ```
/// use cute_algebra::steps::composition::{CompositionCondition, ModeFootprint};
/// let mut m = ModeFootprint::default();
/// m.land(2, 4, 0); // leaf 0 reaches offset 2 of a mode of 4
/// m.land(1, 4, 1); // leaf 1 adds 1: 3 < 4
/// assert_eq!(m.verdict(), Ok(()));
/// m.land(1, 4, 2); // leaf 2 reaches 4: it overlaps leaf 0
/// m.land(0, 4, 3); // later leaves change nothing
/// assert_eq!(m.verdict(), Err((CompositionCondition::Disjointness { first_leaf: 0 }, 2)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ModeFootprint {
    /// The sum of the footprints so far.
    used: i64,
    /// The first leaf that landed here ([`ModeFootprint::NONE`] before any).
    first: usize,
    /// The leaf whose footprint took the sum to the mode's shape or past
    /// it ([`ModeFootprint::NONE`] while they fit).
    overlap: usize,
}

impl Default for ModeFootprint {
    #[inline]
    fn default() -> Self {
        ModeFootprint {
            used: 0,
            first: Self::NONE,
            overlap: Self::NONE,
        }
    }
}

impl ModeFootprint {
    /// No leaf (a sentinel rather than `Option`, which would make the
    /// record a third larger on `DynLayout`'s hot path).
    const NONE: usize = usize::MAX;

    /// Leaf `leaf` lands in this mode (of shape `c`) with footprint `top`.
    /// A sum past `i64` is past `c` too: an overlap.
    #[inline]
    pub fn land(&mut self, top: i64, c: i64, leaf: usize) {
        if self.overlap != Self::NONE {
            return;
        }
        if self.first == Self::NONE {
            self.first = leaf;
        }
        match footprint_step(self.used, top, c, self.first) {
            Ok(sum) => self.used = sum,
            Err(_) => self.overlap = leaf,
        }
    }

    /// The mode's verdict: where two leaves overlap, the condition and the
    /// later leaf.
    #[inline]
    pub const fn verdict(&self) -> Result<(), (CompositionCondition, usize)> {
        if self.overlap == Self::NONE {
            Ok(())
        } else {
            Err((
                CompositionCondition::Disjointness {
                    first_leaf: self.first,
                },
                self.overlap,
            ))
        }
    }
}

/// The sign flags a leaf `shape:stride` sets: `(positive, negative)` for a
/// leaf of more than one element (one element reads only offset 0).
#[inline]
pub const fn leaf_signs(shape: i64, stride: i64) -> (bool, bool) {
    (shape != 1 && stride > 0, shape != 1 && stride < 0)
}

/// Shah's disjointness after the last leaf: leaves of both signs
/// ([`leaf_signs`]) with one of them below `A`'s last mode overlap.
///
/// ```
/// use cute_algebra::steps::composition::{CompositionCondition, sign_mix};
/// assert_eq!(sign_mix(true, true, true), Err(CompositionCondition::Disjointness { first_leaf: 0 }));
/// assert_eq!(sign_mix(true, true, false), Ok(()));
/// ```
#[inline]
pub const fn sign_mix(
    positive: bool,
    negative: bool,
    below_last: bool,
) -> Result<(), CompositionCondition> {
    if positive && negative && below_last {
        Err(CompositionCondition::Disjointness { first_leaf: 0 })
    } else {
        Ok(())
    }
}
