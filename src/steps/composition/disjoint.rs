//! Shah's disjointness at the value level: a leaf's footprint in a mode
//! ([`footprint_step`]), a mode's record ([`ModeFootprint`]), the overlap
//! to report, read after the walk ([`Overlaps`]), and the sign check after
//! the last leaf ([`leaf_signs`], [`sign_mix`]). The type-level pass is
//! `algebra::composition::walk::disjoint`.

use super::CompositionCondition;
#[allow(unused_imports)] // the docs' links
use super::CompositionStep;
use crate::error::LayoutError;

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

/// One mode of `A` (not the last) in Shah's disjointness: the sum of the
/// leaves' footprints ([`CompositionStep::top`]) added up in leaf order
/// with [`footprint_step`], and the first leaf there.
///
/// ```
/// use cute_algebra::steps::composition::{CompositionCondition, ModeFootprint};
/// let mut m = ModeFootprint::default();
/// assert_eq!(m.land(2, 4, 0), Ok(())); // leaf 0 reaches offset 2 of a mode of 4
/// assert_eq!(m.land(1, 4, 1), Ok(())); // leaf 1 adds 1: 3 < 4
/// // Leaf 2 adds 1 more and reaches 4: it overlaps leaf 0.
/// assert_eq!(m.land(1, 4, 2), Err(CompositionCondition::Disjointness { first_leaf: 0 }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ModeFootprint {
    /// The sum of the footprints so far.
    used: i64,
    /// The first leaf that landed here ([`ModeFootprint::NONE`] before any).
    first: usize,
}

impl Default for ModeFootprint {
    #[inline]
    fn default() -> Self {
        ModeFootprint {
            used: 0,
            first: Self::NONE,
        }
    }
}

impl ModeFootprint {
    /// No leaf yet (a sentinel rather than `Option`, which would make the
    /// record half again as large on `DynLayout`'s hot path).
    const NONE: usize = usize::MAX;

    /// Leaf `leaf` lands in this mode (of shape `c`) with footprint `top`:
    /// an error if it overlaps a leaf before it. The sum is then left as it
    /// was; only the first overlap in a mode is reported ([`Overlaps`]).
    #[inline]
    pub fn land(&mut self, top: i64, c: i64, leaf: usize) -> Result<(), CompositionCondition> {
        if self.first == Self::NONE {
            self.first = leaf;
        }
        self.used = footprint_step(self.used, top, c, self.first)?;
        Ok(())
    }
}

/// The overlap a composition reports, once the walk is done and its own
/// conditions passed: the first one met in the lowest mode of `A` (as the
/// type-level pass does). The walk lands every leaf and notes each
/// failure here rather than stopping at it.
///
/// ```
/// use cute_algebra::steps::composition::{CompositionCondition, Overlaps};
/// let mut o = Overlaps::default();
/// let x = CompositionCondition::Disjointness { first_leaf: 0 };
/// o.note(x, 3, 1); // in mode 3, leaf 1 overlaps leaf 0
/// o.note(CompositionCondition::Disjointness { first_leaf: 1 }, 1, 2);
/// o.note(x, 1, 4); // mode 1 again: its first overlap stays
/// assert_eq!(
///     o.verdict(),
///     Err((CompositionCondition::Disjointness { first_leaf: 1 }, 1, 2))
/// );
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Overlaps {
    /// The condition, its mode and its leaf.
    first: Option<(CompositionCondition, usize, usize)>,
}

impl Overlaps {
    /// Leaf `leaf` overlapped in mode `mode` ([`ModeFootprint::land`]).
    /// Out of line: the walk's hot path only tests for the error.
    #[cold]
    pub fn note(&mut self, x: CompositionCondition, mode: usize, leaf: usize) {
        if self.first.is_none_or(|(_, m, _)| mode < m) {
            self.first = Some((x, mode, leaf));
        }
    }

    /// The overlap to report, with its mode and leaf.
    #[inline]
    pub const fn verdict(&self) -> Result<(), (CompositionCondition, usize, usize)> {
        match self.first {
            Some(f) => Err(f),
            None => Ok(()),
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

/// Shah's disjointness over a whole composition, as both runtime paths keep
/// it (`DynLayout`'s and the typed replay's): a [`ModeFootprint`] for each
/// tracked mode of `A` (modes `lo .. lo + used.len()`: the typed path,
/// which does not allocate, tracks a window of modes per run), the
/// [`Overlaps`], the leaves' sign flags and the leaf count.
pub(crate) struct Disjointness<'a> {
    lo: usize,
    used: &'a mut [ModeFootprint],
    overlaps: Overlaps,
    pos: bool,
    neg: bool,
    below_last: bool,
    leaf: usize,
}

impl<'a> Disjointness<'a> {
    /// Nothing landed yet in modes `lo ..`, one per slot of `used` (each
    /// [`ModeFootprint::default`]).
    #[inline]
    pub(crate) fn new(lo: usize, used: &'a mut [ModeFootprint]) -> Self {
        Disjointness {
            lo,
            used,
            overlaps: Overlaps::default(),
            pos: false,
            neg: false,
            below_last: false,
            leaf: 0,
        }
    }

    /// The next leaf of `B`: its index.
    #[inline]
    pub(crate) fn next_leaf(&mut self) -> usize {
        self.leaf += 1;
        self.leaf - 1
    }

    /// A leaf `shape:stride` that walks `A`'s modes: its sign flags
    /// ([`leaf_signs`]).
    #[inline]
    pub(crate) fn signs(&mut self, shape: i64, stride: i64) {
        let (pos, neg) = leaf_signs(shape, stride);
        self.pos |= pos;
        self.neg |= neg;
    }

    /// Leaf `leaf` lands in mode `m` (not the last) of shape `c` with
    /// footprint `top`; an overlap is noted, not returned.
    #[inline]
    pub(crate) fn land(&mut self, m: usize, top: i64, c: i64, leaf: usize) {
        self.below_last = true;
        if let Some(slot) = m.checked_sub(self.lo).and_then(|k| self.used.get_mut(k))
            && let Err(x) = slot.land(top, c, leaf)
        {
            self.overlaps.note(x, m, leaf);
        }
    }

    /// The overlap to report ([`Overlaps::verdict`]).
    #[inline]
    pub(crate) fn overlap(&self) -> Result<(), (CompositionCondition, usize, usize)> {
        self.overlaps.verdict()
    }

    /// The check after the last leaf ([`sign_mix`]), as `op`'s error.
    #[inline]
    pub(crate) fn finish(&self, op: &'static str) -> Result<(), LayoutError> {
        let last = self.leaf.saturating_sub(1);
        sign_mix(self.pos, self.neg, self.below_last).map_err(|x| x.at(op, 0, last))
    }
}
