//! `crd2idx`: the layout as a function from coordinates to offsets.
//!
//! A coordinate is an integer (split colexicographically over the shape,
//! with the last mode not reduced, as in CuTe), a flat tuple, or a nested
//! coordinate congruent to the shape. Static coordinates into static layouts
//! give static offsets: the result is a typenum type.

use crate::int::{Int, IntAdd, IntDiv, IntMul, IntRem, Mod, Prod, Quot, Sum};
use crate::layout::Layout;
use crate::tuple::IntTuple;
use frunk_core::hlist::{HCons, HNil};
use typenum::Z0;

/// Maps a coordinate (`Self`) through shape `S` and stride `D`.
#[diagnostic::on_unimplemented(
    message = "rank mismatch: the coordinate `{Self}` does not fit the layout's shape `{S}`",
    label = "this coordinate's profile does not match the shape",
    note = "a coordinate is an integer, or a tuple with the same rank as the shape (nested where the shape is nested)"
)]
pub trait Crd2Idx<S, D> {
    /// The offset: static when coordinate, shape and stride all are.
    type Output: Int;
    /// Computes the offset.
    fn crd2idx(self, shape: S, stride: D) -> Self::Output;
}

/// Integer coordinate into an integer mode: `c * d`.
impl<C: Int + IntMul<D>, S: Int, D: Int> Crd2Idx<S, D> for C {
    type Output = Prod<C, D>;
    #[inline(always)]
    fn crd2idx(self, _: S, stride: D) -> Self::Output {
        self.mul(stride)
    }
}

/// Integer coordinate into a tuple mode: split colexicographically.
#[diagnostic::do_not_recommend]
impl<C: Int, S0, ST, D0, DT> Crd2Idx<HCons<S0, ST>, HCons<D0, DT>> for C
where
    HCons<S0, ST>: SplitIndex<C, HCons<D0, DT>>,
{
    type Output = <HCons<S0, ST> as SplitIndex<C, HCons<D0, DT>>>::Output;
    #[inline(always)]
    fn crd2idx(self, shape: HCons<S0, ST>, stride: HCons<D0, DT>) -> Self::Output {
        shape.split_index(self, stride)
    }
}

/// Tuple coordinate into a tuple mode: by mode, summed.
impl Crd2Idx<HNil, HNil> for HNil {
    type Output = Z0;
    #[inline(always)]
    fn crd2idx(self, _: HNil, _: HNil) -> Z0 {
        Z0::new()
    }
}
#[diagnostic::do_not_recommend]
impl<C0, CT, S0, ST, D0, DT> Crd2Idx<HCons<S0, ST>, HCons<D0, DT>> for HCons<C0, CT>
where
    C0: Crd2Idx<S0, D0>,
    CT: Crd2Idx<ST, DT>,
    C0::Output: IntAdd<CT::Output>,
{
    type Output = Sum<C0::Output, CT::Output>;
    #[inline(always)]
    fn crd2idx(self, shape: HCons<S0, ST>, stride: HCons<D0, DT>) -> Self::Output {
        let head = self.head.crd2idx(shape.head, stride.head);
        head.add(self.tail.crd2idx(shape.tail, stride.tail))
    }
}

/// CuTe's `crd2idx_itt`: an integer index over the modes of a tuple
/// shape. Each mode but the last takes `idx % size(mode)` and passes on
/// `idx / size(mode)`; the last mode takes what remains, unreduced.
pub trait SplitIndex<C, D> {
    /// The offset.
    type Output: Int;
    /// Computes the offset.
    fn split_index(self, idx: C, stride: D) -> Self::Output;
}
impl<C: Crd2Idx<S0, D0>, S0, D0> SplitIndex<C, HCons<D0, HNil>> for HCons<S0, HNil> {
    type Output = C::Output;
    #[inline(always)]
    fn split_index(self, idx: C, stride: HCons<D0, HNil>) -> Self::Output {
        idx.crd2idx(self.head, stride.head)
    }
}
impl<C, S0, S1, ST, D0, D1, DT> SplitIndex<C, HCons<D0, HCons<D1, DT>>> for HCons<S0, HCons<S1, ST>>
where
    S0: IntTuple,
    C: IntRem<S0::Size> + IntDiv<S0::Size>,
    Mod<C, S0::Size>: Crd2Idx<S0, D0>,
    HCons<S1, ST>: SplitIndex<Quot<C, S0::Size>, HCons<D1, DT>>,
    <Mod<C, S0::Size> as Crd2Idx<S0, D0>>::Output:
        IntAdd<<HCons<S1, ST> as SplitIndex<Quot<C, S0::Size>, HCons<D1, DT>>>::Output>,
{
    type Output = Sum<
        <Mod<C, S0::Size> as Crd2Idx<S0, D0>>::Output,
        <HCons<S1, ST> as SplitIndex<Quot<C, S0::Size>, HCons<D1, DT>>>::Output,
    >;
    #[inline(always)]
    fn split_index(self, idx: C, stride: HCons<D0, HCons<D1, DT>>) -> Self::Output {
        let n = self.head.size();
        let head = idx.rem(n).crd2idx(self.head, stride.head);
        head.add(self.tail.split_index(idx.div(n), stride.tail))
    }
}

impl<S: IntTuple, D: IntTuple> Layout<S, D> {
    /// The offset of a coordinate (CuTe's `layout(c)`).
    ///
    /// ```
    /// use cute_algebra::prelude::*;
    /// use static_assertions::assert_type_eq_all;
    /// let l = layout![(2, (2, 2)) : (4, (2, 1))];
    /// let i = l.crd2idx(coord![1, (1, 0)]);
    /// assert_eq!(i.value(), 6);
    /// assert_eq!(l.crd2idx(int!(5)).value(), 5);          // colexicographic split
    /// assert_eq!(l.crd2idx(coord![1, 3]).value(), 7);     // flat coordinate
    /// let n: i32 = 3;
    /// assert_eq!(i32::from(l.crd2idx(n)), 6);             // runtime coordinate
    /// ```
    #[inline(always)]
    pub fn crd2idx<C: Crd2Idx<S, D>>(&self, c: C) -> C::Output {
        c.crd2idx(self.shape(), self.stride())
    }
}

/// `crd2idx(c, shape, stride)` as a free function.
///
/// ```
/// use cute_algebra::prelude::*;
/// assert_eq!(crd2idx(coord![1, 2], shape![2, 3], stride![3, 1]).value(), 5);
/// ```
#[inline(always)]
pub fn crd2idx<C: Crd2Idx<S, D>, S, D>(c: C, shape: S, stride: D) -> C::Output {
    c.crd2idx(shape, stride)
}

/// The offset type of coordinate `C` in layout `L`.
pub type OffsetOf<L, C> =
    <C as Crd2Idx<<L as LayoutParts>::Shape, <L as LayoutParts>::Stride>>::Output;

/// Names a layout type's shape and stride.
pub trait LayoutParts {
    /// The shape type.
    type Shape;
    /// The stride type.
    type Stride;
}
impl<S, D> LayoutParts for Layout<S, D> {
    type Shape = S;
    type Stride = D;
}
