//! `crd2idx`: the layout as a function from coordinates to offsets.
//!
//! A coordinate is an integer (split colexicographically over the shape,
//! with the last mode not reduced, as in CuTe), a flat tuple, or a nested
//! coordinate congruent to the shape. Static coordinates into static layouts
//! give static offsets: the result is a typenum type.

use crate::int::{Int, IntAdd, IntDiv, IntMul, IntRem, Mod, Prod, Quot, Sum};
use crate::layout::{CoalesceX, Layout};
use crate::tuple::{IntTuple, RankOf, SameRank, Size};
use frunk_core::hlist::{HCons, HNil};
use typenum::Z0;

/// Maps a coordinate (`Self`) through shape `S` and stride `D`.
#[diagnostic::on_unimplemented(
    message = "rank mismatch: the coordinate does not have the rank and nesting of the layout's shape",
    label = "this coordinate's profile does not match the layout's shape",
    note = "a coordinate is an integer, or a tuple with the same rank as the shape (nested where the shape is nested)"
)]
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::layout::Crd2Idx;
/// // Any coordinate the shape accepts: a congruent tuple, or a 1-D index.
/// fn offset<C: Crd2Idx<S, D>, S: IntTuple, D: IntTuple>(l: Layout<S, D>, c: C) -> C::Output {
///     c.crd2idx(l.shape(), l.stride())
/// }
/// let l = layout![(2, (2, 2)) : (4, (2, 1))];
/// let j: i32 = 1;
/// assert_eq!(offset(l, coord![1, (j, 0)]).cute_string(), "6");
/// assert_eq!(offset(l, int!(3)).cute_string(), "_6"); // index 3 is (1,(1,0))
/// ```
pub trait Crd2Idx<S, D> {
    /// The offset: static when coordinate, shape and stride all are.
    type Output: Int;
    /// Computes the offset.
    fn crd2idx(self, shape: S, stride: D) -> Self::Output;
}

/// An integer coordinate: the shape decides (an integer mode takes
/// `c * d`, a tuple mode splits `c`). Dispatching through a trait on the
/// shape keeps inference from recursing into shapes it does not know yet.
///
/// One impl per kind of integer, not a blanket `impl<C: Int>`: then a tuple
/// coordinate has a single candidate impl, and rustc reports its failed
/// rank check instead of "no impl".
macro_rules! int_coordinate {
    ($($T:ty => [$($g:tt)*]),*) => {$(
        impl<S: IntCoordInto<$T, D>, D, $($g)*> Crd2Idx<S, D> for $T {
            type Output = S::Output;
            #[inline(always)]
            fn crd2idx(self, shape: S, stride: D) -> Self::Output {
                shape.int_coord_into(self, stride)
            }
        }
    )*};
}
crate::int::for_int_kinds!(int_coordinate);

/// How an integer coordinate `C` maps through the shape `Self` with stride `D`.
#[doc(hidden)]
pub trait IntCoordInto<C, D> {
    /// The offset.
    type Output: Int;
    /// Computes it.
    fn int_coord_into(self, c: C, stride: D) -> Self::Output;
}
impl<C: Int + IntMul<D>, S: Int, D: Int> IntCoordInto<C, D> for S {
    type Output = Prod<C, D>;
    #[inline(always)]
    fn int_coord_into(self, c: C, stride: D) -> Self::Output {
        c.mul_wrapping(stride)
    }
}
/// CuTe's `crd2idx_itt`: each mode but the last takes `c % size(mode)` and
/// passes on `c / size(mode)`; the last mode takes what remains, unreduced.
///
/// The tuple is first coalesced as CuTe's `coalesce_x` does (static modes
/// `s0:d0, s1:s0*d0` merge, static `_1` modes drop, a `_1` last mode keeps
/// its stride): that is the same function on every integer, in or out of
/// the domain (`c % s0 + s0 * ((c / s0) % s1) == c % (s0 * s1)` with C++'s
/// truncating division), and it leaves fewer divisions, so an integer
/// coordinate into `((2,3),4):((2,4),12)` compiles to `2 * c`.
impl<C, S0, ST, D0, DT> IntCoordInto<C, HCons<D0, DT>> for HCons<S0, ST>
where
    Self: CoalesceX<HCons<D0, DT>>,
    <Self as CoalesceX<HCons<D0, DT>>>::Output: IntCoordLayout<C>,
{
    type Output = <<Self as CoalesceX<HCons<D0, DT>>>::Output as IntCoordLayout<C>>::Output;
    #[inline(always)]
    fn int_coord_into(self, c: C, stride: HCons<D0, DT>) -> Self::Output {
        CoalesceX::coalesce_x(self, stride).int_coord_layout(c)
    }
}

/// An integer coordinate into a coalesced layout: one mode takes `c * d`,
/// flat modes split `c` colexicographically.
#[doc(hidden)]
pub trait IntCoordLayout<C> {
    /// The offset.
    type Output: Int;
    /// Computes it.
    fn int_coord_layout(self, c: C) -> Self::Output;
}
impl<C: IntMul<D>, S: Int, D: Int> IntCoordLayout<C> for Layout<S, D> {
    type Output = Prod<C, D>;
    #[inline(always)]
    fn int_coord_layout(self, c: C) -> Self::Output {
        c.mul_wrapping(self.into_parts().1)
    }
}
impl<C, S0, ST: SplitRest<S0, C, D0, DT>, D0, DT> IntCoordLayout<C>
    for Layout<HCons<S0, ST>, HCons<D0, DT>>
{
    type Output = ST::Output;
    #[inline(always)]
    fn int_coord_layout(self, c: C) -> Self::Output {
        let (s, d) = self.into_parts();
        s.tail.split_rest(s.head, c, d.head, d.tail)
    }
}

/// The split of an integer coordinate, decided by the remaining modes
/// `Self` after mode `S0`: none left (`HNil`) or more (`HCons`).
#[doc(hidden)]
pub trait SplitRest<S0, C, D0, DT> {
    /// The offset.
    type Output: Int;
    /// Computes it.
    fn split_rest(self, s0: S0, c: C, d0: D0, dt: DT) -> Self::Output;
}
impl<S0, C: Crd2Idx<S0, D0>, D0> SplitRest<S0, C, D0, HNil> for HNil {
    type Output = C::Output;
    #[inline(always)]
    fn split_rest(self, s0: S0, c: C, d0: D0, _: HNil) -> C::Output {
        c.crd2idx(s0, d0)
    }
}
impl<S0, C, D0, S1, ST, DT> SplitRest<S0, C, D0, DT> for HCons<S1, ST>
where
    S0: Size,
    C: IntRem<S0::Size> + IntDiv<S0::Size>,
    Mod<C, S0::Size>: Crd2Idx<S0, D0>,
    Quot<C, S0::Size>: Crd2Idx<HCons<S1, ST>, DT>,
    <Mod<C, S0::Size> as Crd2Idx<S0, D0>>::Output:
        IntAdd<<Quot<C, S0::Size> as Crd2Idx<HCons<S1, ST>, DT>>::Output>,
{
    type Output = Sum<
        <Mod<C, S0::Size> as Crd2Idx<S0, D0>>::Output,
        <Quot<C, S0::Size> as Crd2Idx<HCons<S1, ST>, DT>>::Output,
    >;
    #[inline(always)]
    fn split_rest(self, s0: S0, c: C, d0: D0, dt: DT) -> Self::Output {
        let n = s0.size();
        let head = c.rem(n).crd2idx(s0, d0);
        head.add_wrapping(c.div(n).crd2idx(self, dt))
    }
}

/// A tuple coordinate: its rank must be the rank of the shape (mode) it
/// indexes, then the modes are mapped and summed. The rank check is the
/// only bound that can fail, so a mismatch is one error that names both
/// ranks; the walk below it accepts any lengths.
impl<C0, CT, S, D> Crd2Idx<S, D> for HCons<C0, CT>
where
    Self: RankOf + Crd2IdxModes<S, D>,
    S: RankOf,
    <Self as RankOf>::Rank: SameRank<S::Rank>,
{
    type Output = <Self as Crd2IdxModes<S, D>>::Output;
    #[inline(always)]
    fn crd2idx(self, shape: S, stride: D) -> Self::Output {
        self.crd2idx_modes(shape, stride)
    }
}
crate::int::zero_impls! {
    /// The empty coordinate of the empty shape.
    [] HNil as Crd2Idx<HNil, HNil>::crd2idx(HNil, HNil);
}

/// The by-mode sum behind a tuple coordinate. Lengths that differ give
/// `_0` here: [`Crd2Idx`] has already reported them.
#[doc(hidden)]
pub trait Crd2IdxModes<S, D> {
    /// The offset.
    type Output: Int;
    /// Computes it.
    fn crd2idx_modes(self, shape: S, stride: D) -> Self::Output;
}
crate::int::zero_impls! {
    [S, D] HNil as Crd2IdxModes<S, D>::crd2idx_modes(S, D);
}
impl<C0, CT, S0, ST, D0, DT> Crd2IdxModes<HCons<S0, ST>, HCons<D0, DT>> for HCons<C0, CT>
where
    C0: Crd2Idx<S0, D0>,
    CT: Crd2IdxModes<ST, DT>,
    C0::Output: IntAdd<CT::Output>,
{
    type Output = Sum<C0::Output, CT::Output>;
    #[inline(always)]
    fn crd2idx_modes(self, shape: HCons<S0, ST>, stride: HCons<D0, DT>) -> Self::Output {
        let head = self.head.crd2idx(shape.head, stride.head);
        head.add_wrapping(self.tail.crd2idx_modes(shape.tail, stride.tail))
    }
}
crate::int::zero_impls! {
    [C0, CT] HCons<C0, CT> as Crd2IdxModes<HNil, HNil>::crd2idx_modes(HNil, HNil);
}
/// A tuple coordinate against an integer mode (one impl per kind of
/// integer, so that a tuple mode has a single candidate).
macro_rules! tuple_against_int {
    ($($T:ty => [$($g:tt)*]),*) => {$(
        impl<C0, CT, D, $($g)*> Crd2IdxModes<$T, D> for HCons<C0, CT> {
            type Output = Z0;
            #[inline(always)]
            fn crd2idx_modes(self, _: $T, _: D) -> Z0 {
                Z0::new()
            }
        }
    )*};
}
crate::int::for_int_kinds!(tuple_against_int);

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
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::layout::LayoutParts;
/// use static_assertions::assert_type_eq_all;
/// // A layout type's shape and stride types, e.g. for a generic bound.
/// type Smem = Layout![(8, 4) : (4, 1)];
/// assert_type_eq_all!(<Smem as LayoutParts>::Shape, Shape![8, 4]);
/// assert_eq!(<Smem as LayoutParts>::Stride::default().to_cute_string(), "(_4,_1)");
/// ```
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

/// A layout's parts by value, for results named through [`LayoutParts`].
#[doc(hidden)]
pub trait IntoParts: LayoutParts {
    /// Shape and stride.
    fn parts(self) -> (Self::Shape, Self::Stride);
}
impl<S, D> IntoParts for Layout<S, D> {
    #[inline(always)]
    fn parts(self) -> (S, D) {
        self.into_parts()
    }
}
