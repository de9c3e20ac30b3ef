//! `make_fragment_like`: a compact layout for a register fragment that
//! holds the values of a layout, keeping its mode-0 vector and the order of
//! its other modes.

use crate::int::{Int, IntMul, Prod};
use crate::layout::{CompactOrder, FilterZeros, Layout, LayoutLeftOf, MakeLayout};
use crate::tuple::cons;
use crate::tuple::{AllStatic, Compact, CompactColMajor, IntTuple, LayoutLeft, Size, Unpack};
use frunk_core::hlist::{HCons, HNil};
use typenum::{B0, B1, P1};

/// CuTe's `make_fragment_like(layout)`, by the shape `Self` and stride `D`.
///
/// For a static shape of rank ≥ 2, CuTe computes
/// `tiled_product(make_layout(S0, compact_col_major(filter_zeros(D0, S0))),
/// make_ordered_layout(S[1..], D[1..]))`. That product reduces exactly to:
/// mode 0 keeps its shape with compact strides that skip its stride-0
/// leaves, and the other modes take the ordered compact strides of
/// `make_ordered_layout`, multiplied by `c = size(filter_zeros(D0, S0))`
/// (the complement of mode 0 is the single mode `_:c`, and composing with
/// it scales strides by `c`), grouped as CuTe's `tiled_product` does (`result(_, repeat<R-1>(_))`, see
/// [`Unpack`]: a single rest mode stays a rank-1 tuple). Otherwise the
/// result is `make_layout(shape)`.
#[doc(hidden)]
pub trait FragmentLike<D> {
    /// The fragment's layout.
    type Output;
    /// Builds it.
    fn fragment_like(self, stride: D) -> Self::Output;
}
impl<S: IntTuple + Compact<LayoutLeft, P1>, D> FragmentLike<D> for S
where
    S: FragmentByRank<D>,
{
    type Output = S::Output;
    #[inline(always)]
    fn fragment_like(self, stride: D) -> Self::Output {
        self.fragment_by_rank(stride)
    }
}

/// Rank ≥ 2 static shapes take the ordered form; integers, rank-1 and
/// shapes with a runtime leaf get `make_layout(shape)`.
#[doc(hidden)]
pub trait FragmentByRank<D> {
    /// The fragment's layout.
    type Output;
    /// Builds it.
    fn fragment_by_rank(self, stride: D) -> Self::Output;
}
impl<S: IntTuple + Compact<LayoutLeft, P1> + Int, D> FragmentByRank<D> for S {
    type Output = LayoutLeftOf<S>;
    #[inline(always)]
    fn fragment_by_rank(self, _: D) -> Self::Output {
        self.make_layout()
    }
}
impl<S0, D> FragmentByRank<D> for HCons<S0, HNil>
where
    Self: IntTuple + Compact<LayoutLeft, P1>,
{
    type Output = LayoutLeftOf<Self>;
    #[inline(always)]
    fn fragment_by_rank(self, _: D) -> Self::Output {
        self.make_layout()
    }
}
impl<S0, S1, ST, D> FragmentByRank<D> for HCons<S0, HCons<S1, ST>>
where
    Self: IntTuple + AllStatic,
    <Self as AllStatic>::Is: FragmentByStatic<Self, D>,
{
    type Output = <<Self as AllStatic>::Is as FragmentByStatic<Self, D>>::Output;
    #[inline(always)]
    fn fragment_by_rank(self, stride: D) -> Self::Output {
        <Self as AllStatic>::Is::default().fragment_by_static(self, stride)
    }
}

/// The lazy branch on "the shape is static" (`Self` is `B1` or `B0`).
#[doc(hidden)]
pub trait FragmentByStatic<S, D> {
    /// The fragment's layout.
    type Output;
    /// Builds it.
    fn fragment_by_static(self, shape: S, stride: D) -> Self::Output;
}
impl<S: IntTuple + Compact<LayoutLeft, P1>, D> FragmentByStatic<S, D> for B0 {
    type Output = LayoutLeftOf<S>;
    #[inline(always)]
    fn fragment_by_static(self, shape: S, _: D) -> Self::Output {
        shape.make_layout()
    }
}
impl<S0, SR, D0, DR> FragmentByStatic<HCons<S0, SR>, HCons<D0, DR>> for B1
where
    S0: IntTuple + FilterZeros<D0>,
    Vector<S0, D0>: Compact<LayoutLeft, P1> + Size,
    SR: CompactOrder<DR> + Copy + Unpack,
    SR::Stride: ScaleLeaves<<Vector<S0, D0> as Size>::Size>,
    <SR::Stride as ScaleLeaves<<Vector<S0, D0> as Size>::Size>>::Output: Unpack,
{
    type Output = Layout<
        HCons<S0, SR::Modes>,
        HCons<
            CompactColMajor<Vector<S0, D0>>,
            <<SR::Stride as ScaleLeaves<<Vector<S0, D0> as Size>::Size>>::Output as Unpack>::Modes,
        >,
    >;
    #[inline(always)]
    fn fragment_by_static(self, shape: HCons<S0, SR>, stride: HCons<D0, DR>) -> Self::Output {
        let vector = shape.head.filter_zeros(stride.head);
        let (d0, _) = vector.compact(P1::new());
        let rest = shape
            .tail
            .compact_order(stride.tail)
            .scale_leaves(vector.size());
        Layout::from_parts(
            cons(shape.head, shape.tail.unpack()),
            cons(d0, rest.unpack()),
        )
    }
}

/// Mode 0 with its stride-0 leaves made `_1`: the fragment's vector.
type Vector<S0, D0> = <S0 as FilterZeros<D0>>::Output;

/// Multiplies every leaf of `Self` by `C`.
#[doc(hidden)]
pub trait ScaleLeaves<C> {
    /// The scaled tuple.
    type Output;
    /// Scales.
    fn scale_leaves(self, c: C) -> Self::Output;
}
impl<T: Int, C: Int + IntMul<T>> ScaleLeaves<C> for T {
    type Output = Prod<C, T>;
    #[inline(always)]
    fn scale_leaves(self, c: C) -> Self::Output {
        c.mul(self)
    }
}
impl<C> ScaleLeaves<C> for HNil {
    type Output = HNil;
    #[inline(always)]
    fn scale_leaves(self, _: C) -> HNil {
        HNil
    }
}
impl<H: ScaleLeaves<C>, T: ScaleLeaves<C>, C: Copy> ScaleLeaves<C> for HCons<H, T> {
    type Output = HCons<H::Output, T::Output>;
    #[inline(always)]
    fn scale_leaves(self, c: C) -> Self::Output {
        cons(self.head.scale_leaves(c), self.tail.scale_leaves(c))
    }
}

/// The result type of [`make_fragment_like`].
pub type FragmentOf<L> = <L as FragmentLayout>::Output;

/// [`FragmentLike`] seen from the layout, for the [`FragmentOf`] alias.
#[doc(hidden)]
pub trait FragmentLayout {
    /// The fragment's layout.
    type Output;
}
impl<S: FragmentLike<D>, D> FragmentLayout for Layout<S, D> {
    type Output = S::Output;
}

/// CuTe's `make_fragment_like(layout)`: a compact layout with the same
/// shape, for a register fragment. Mode 0 stays column-major and its
/// stride-0 (broadcast) leaves stay stride 0; the other modes keep the
/// stride order of the input. A shape with a runtime value gives
/// `make_layout(shape)`, as in CuTe.
///
/// ```
/// use cute_algebra::prelude::*;
/// let l = layout![(4, 2, 3) : (1, 12, 4)];
/// assert_eq!(make_fragment_like(l).to_string(), "(_4,_2,_3):(_1,_12,_4)");
/// // A broadcast (stride-0) leaf in mode 0 stays stride 0.
/// // At rank 2, CuTe keeps mode 1 as a rank-1 tuple.
/// let l = layout![((2, 4), 3) : ((0, 1), 8)];
/// assert_eq!(make_fragment_like(l).to_string(), "((_2,_4),(_3)):((_0,_1),(_4))");
/// let n: i32 = 3;
/// assert_eq!(make_fragment_like(layout![(4, n) : (3, 1)]).to_string(), "(_4,3):(_1,_4)");
/// ```
#[inline(always)]
pub fn make_fragment_like<S: IntTuple + FragmentLike<D>, D: IntTuple>(
    l: Layout<S, D>,
) -> S::Output {
    l.shape().fragment_like(l.stride())
}
