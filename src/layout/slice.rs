//! Slicing with `_`: `slice` keeps the modes marked `_`, `dice` keeps the
//! others, and `slice_and_offset` also gives the offset of the fixed part.
//!
//! As in CuTe, a nested coordinate's kept modes are spliced into the parent:
//! `(2,(2,2)):(4,(2,1))` sliced by `(_,(1,_))` is `(_2,_2):(_4,_1)`.

use crate::int::Int;
use crate::layout::{Crd2Idx, Layout};
use crate::tuple::cons;
use crate::tuple::{Concat, IntTuple};
use frunk_core::hlist::{HCons, HNil};

/// CuTe's `_`: a slice coordinate that keeps its whole mode.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Underscore;

impl crate::int::sealed::Operand for Underscore {}

/// `_` fixes nothing, so a coordinate of `_`s and static integers is static.
impl crate::tuple::AllStatic for Underscore {
    type Is = typenum::B1;
}

crate::int::zero_impls! {
    /// In `crd2idx`, `_` stands for coordinate 0 (the start of its mode).
    [S: IntTuple, D: IntTuple] Underscore as Crd2Idx<S, D>::crd2idx(S, D);
}

/// What one coordinate element keeps of its mode `T`, as a list to splice.
/// `KEEP_UNDERSCORE` selects slice (keep `_`) or dice (keep the rest).
///
/// Profiles that do not match give some list here: [`SliceLayout`] checks
/// the coordinate's rank and nesting first (as [`Crd2Idx`] does, since a
/// slice coordinate is also a coordinate), so a mismatch is one error.
#[doc(hidden)]
pub trait SliceMode<T, const KEEP_UNDERSCORE: bool> {
    /// The kept modes.
    type Output;
    /// Collects them.
    fn slice_mode(self, t: T) -> Self::Output;
}
impl<T> SliceMode<T, true> for Underscore {
    type Output = HCons<T, HNil>;
    #[inline(always)]
    fn slice_mode(self, t: T) -> Self::Output {
        cons(t, HNil)
    }
}
impl<T> SliceMode<T, false> for Underscore {
    type Output = HNil;
    #[inline(always)]
    fn slice_mode(self, _: T) -> HNil {
        HNil
    }
}
impl<C: Int, T: IntTuple> SliceMode<T, true> for C {
    type Output = HNil;
    #[inline(always)]
    fn slice_mode(self, _: T) -> HNil {
        HNil
    }
}
impl<C: Int, T: IntTuple> SliceMode<T, false> for C {
    type Output = HCons<T, HNil>;
    #[inline(always)]
    fn slice_mode(self, t: T) -> Self::Output {
        cons(t, HNil)
    }
}
impl<T, const K: bool> SliceMode<T, K> for HNil {
    type Output = HNil;
    #[inline(always)]
    fn slice_mode(self, _: T) -> HNil {
        HNil
    }
}
impl<const K: bool, C0, CT, T0, TT> SliceMode<HCons<T0, TT>, K> for HCons<C0, CT>
where
    C0: SliceMode<T0, K>,
    CT: SliceMode<TT, K>,
    C0::Output: Concat<CT::Output>,
{
    type Output = <C0::Output as Concat<CT::Output>>::Output;
    #[inline(always)]
    fn slice_mode(self, t: HCons<T0, TT>) -> Self::Output {
        self.head
            .slice_mode(t.head)
            .concat(self.tail.slice_mode(t.tail))
    }
}
impl<const K: bool, C0, CT> SliceMode<HNil, K> for HCons<C0, CT> {
    type Output = HNil;
    #[inline(always)]
    fn slice_mode(self, _: HNil) -> HNil {
        HNil
    }
}
impl<const K: bool, C0, CT, T: Int> SliceMode<T, K> for HCons<C0, CT> {
    type Output = HNil;
    #[inline(always)]
    fn slice_mode(self, _: T) -> HNil {
        HNil
    }
}

/// Slicing of a whole layout: the coordinate must fit the shape (checked
/// once, by [`Crd2Idx`], which names both ranks on a mismatch); then it
/// picks from shape and stride alike.
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::layout::{SliceLayout, Sliced};
/// type S = Shape![4, 8];
/// type D = Stride![8, 1];
/// // `K = true` keeps the modes marked `_` (slice); `false` keeps the others (dice).
/// fn keep<C: SliceLayout<S, D, true>>(c: C) -> Sliced<C, S, D, true> {
///     layout![(4, 8) : (8, 1)].slice(c)
/// }
/// assert_eq!(keep(coord![2, _]).to_string(), "(_8):(_1)");
/// assert_eq!(keep(coord![_, 3]).to_string(), "(_4):(_8)");
/// ```
pub trait SliceLayout<S, D, const K: bool>:
    Crd2Idx<S, D> + SliceMode<S, K> + SliceMode<D, K> + Copy
{
}
impl<C, S, D, const K: bool> SliceLayout<S, D, K> for C where
    C: Crd2Idx<S, D> + SliceMode<S, K> + SliceMode<D, K> + Copy
{
}

/// The layout a coordinate `C` keeps of layout `L`.
pub type Sliced<C, S, D, const K: bool> =
    Layout<<C as SliceMode<S, K>>::Output, <C as SliceMode<D, K>>::Output>;

impl<S: IntTuple, D: IntTuple> Layout<S, D> {
    /// CuTe's `slice(c, layout)`: the sub-layout of the modes marked `_`.
    ///
    /// ```
    /// use cute_algebra::prelude::*;
    /// let l = layout![(2, (2, 2)) : (4, (2, 1))];
    /// assert_eq!(l.slice(coord![_, (1, _)]).to_string(), "(_2,_2):(_4,_1)");
    /// ```
    #[inline(always)]
    pub fn slice<C: SliceLayout<S, D, true>>(&self, c: C) -> Sliced<C, S, D, true> {
        Layout::from_parts(c.slice_mode(self.shape()), c.slice_mode(self.stride()))
    }

    /// CuTe's `dice(c, layout)`: the sub-layout of the modes not marked `_`.
    ///
    /// ```
    /// use cute_algebra::prelude::*;
    /// let l = layout![(2, (2, 2)) : (4, (2, 1))];
    /// assert_eq!(l.dice(coord![_, (1, _)]).to_string(), "(_2):(_2)");
    /// ```
    #[inline(always)]
    pub fn dice<C: SliceLayout<S, D, false>>(&self, c: C) -> Sliced<C, S, D, false> {
        Layout::from_parts(c.slice_mode(self.shape()), c.slice_mode(self.stride()))
    }

    /// CuTe's `slice_and_offset(c, layout)`: the slice, and the offset of
    /// the fixed coordinates (each `_` counts as 0).
    ///
    /// ```
    /// use cute_algebra::prelude::*;
    /// let four: i32 = 4;
    /// let l = layout![(5, 2, 3) : (1, four, 3)];
    /// let (s, off) = l.slice_and_offset(coord![_, 1, _]);
    /// assert_eq!(s.to_string(), "(_5,_3):(_1,_3)");
    /// assert_eq!(off.value(), 4);
    /// ```
    #[inline(always)]
    #[allow(clippy::type_complexity)]
    pub fn slice_and_offset<C>(&self, c: C) -> (Sliced<C, S, D, true>, <C as Crd2Idx<S, D>>::Output)
    where
        C: SliceLayout<S, D, true>,
    {
        (self.slice(c), self.crd2idx(c))
    }
}

/// `slice(layout, c)` as a free function.
///
/// ```
/// use cute_algebra::prelude::*;
/// assert_eq!(slice(layout![(4, 8)], coord![2, _]).to_string(), "(_8):(_4)");
/// ```
#[inline(always)]
pub fn slice<S: IntTuple, D: IntTuple, C>(l: Layout<S, D>, c: C) -> Sliced<C, S, D, true>
where
    C: SliceLayout<S, D, true>,
{
    l.slice(c)
}

/// `dice(layout, c)` as a free function.
#[inline(always)]
pub fn dice<S: IntTuple, D: IntTuple, C>(l: Layout<S, D>, c: C) -> Sliced<C, S, D, false>
where
    C: SliceLayout<S, D, false>,
{
    l.dice(c)
}
