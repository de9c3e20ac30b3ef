//! `Layout<S, D>`: a shape and a stride, a function from coordinates to offsets.

pub(crate) mod bw_coalesce;
mod crd2idx;
mod fragment;
mod idx2crd;
mod make;
mod ordered;
pub(crate) mod print;
mod slice;
mod tuple_ops;

pub use bw_coalesce::CoalesceX;
pub use crd2idx::*;
pub use fragment::*;
pub use idx2crd::*;
pub use make::*;
pub use ordered::*;
pub use print::{Offsets, Print1D, PrintLayout};
pub use slice::*;
pub use tuple_ops::Taken;

use crate::int::{Int, IntAbs, IntAdd, IntMul, IntSub, Prod, Sum};
use crate::tuple::{Congruent, GetAt, Idx, IntTuple, Size, ToPeano};
use frunk_core::hlist::{HCons, HNil};
use typenum::P1;

/// The `shape()` and `stride()` getters of a layout type with fields
/// `shape: S` and `stride: D` (plain and basis-strided layouts).
macro_rules! shape_stride_getters {
    () => {
        /// The shape.
        #[inline(always)]
        pub fn shape(&self) -> S {
            self.shape
        }
        /// The stride.
        #[inline(always)]
        pub fn stride(&self) -> D {
            self.stride
        }
    };
}
pub(crate) use shape_stride_getters;

/// A CuTe layout: a shape and a congruent stride.
///
/// A fully static layout is zero-sized, so it costs nothing to pass around:
///
/// ```
/// use cute_algebra::prelude::*;
/// let l = layout![(2, (2, 2)) : (4, (2, 1))];
/// assert_eq!(core::mem::size_of_val(&l), 0);
/// assert_eq!(l.to_string(), "(_2,(_2,_2)):(_4,(_2,_1))");
/// assert_eq!(l.crd2idx(coord![1, (0, 1)]).value(), 5);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Layout<S, D> {
    shape: S,
    stride: D,
}

impl<S, D> crate::int::sealed::Operand for Layout<S, D> {}

impl<S: IntTuple, D: IntTuple> Layout<S, D> {
    /// A layout from a shape and a congruent stride; a non-congruent pair
    /// does not compile.
    ///
    /// ```
    /// use cute_algebra::prelude::*;
    /// let l = Layout::new(shape![4, 8], stride![8, 1]);
    /// assert_eq!(l.to_string(), "(_4,_8):(_8,_1)");
    /// ```
    #[inline(always)]
    pub fn new(shape: S, stride: D) -> Self
    where
        S: Congruent<D>,
    {
        Layout { shape, stride }
    }

    shape_stride_getters!();
    /// Number of top-level modes.
    #[inline(always)]
    pub fn rank(&self) -> usize {
        S::RANK
    }
    /// Nesting depth of the shape.
    #[inline(always)]
    pub fn depth(&self) -> usize {
        S::DEPTH
    }
    /// The size of the domain: the product of the shape.
    ///
    /// # Panics
    /// When runtime extents make the size overflow `i32` ("size: integer
    /// overflow", in release builds too); [`Layout::try_size`] returns the
    /// error instead.
    #[inline(always)]
    #[track_caller]
    pub fn size(&self) -> S::Size
    where
        S: Size,
    {
        crate::error::ok_or_panic(self.try_size())
    }
    /// [`Layout::size`] without the panic.
    ///
    /// ```
    /// use cute_algebra::prelude::*;
    /// let n: i32 = i32::MAX;
    /// assert!(layout![(4, n) : (6, 2)].try_size().is_err());
    /// assert_eq!(layout![(4, 8) : (1, 4)].try_size().unwrap().value(), 32);
    /// ```
    #[inline(always)]
    pub fn try_size(&self) -> Result<S::Size, crate::error::LayoutError>
    where
        S: Size,
    {
        self.shape
            .size_checked()
            .ok_or(crate::error::LayoutError::Overflow { op: "size" })
    }
    /// `true` when shape and stride are fully static.
    pub const IS_STATIC: bool = S::IS_STATIC && D::IS_STATIC;

    /// Mode `I` as a layout.
    ///
    /// ```
    /// use cute_algebra::prelude::*;
    /// let l = layout![(2, (3, 4)) : (12, (1, 3))];
    /// assert_eq!(l.get::<1>().to_string(), "(_3,_4):(_1,_3)");
    /// ```
    #[inline(always)]
    #[allow(clippy::type_complexity)]
    pub fn get<const I: usize>(
        &self,
    ) -> Layout<
        <S as GetAt<<Idx<I> as ToPeano>::Peano>>::Output,
        <D as GetAt<<Idx<I> as ToPeano>::Peano>>::Output,
    >
    where
        Idx<I>: ToPeano,
        S: GetAt<<Idx<I> as ToPeano>::Peano>,
        D: GetAt<<Idx<I> as ToPeano>::Peano>,
    {
        Layout {
            shape: self.shape.get_at(),
            stride: self.stride.get_at(),
        }
    }
}

/// The mode index `I` as the Peano type the walks use.
type ModeIx<const I: usize> = <Idx<I> as ToPeano>::Peano;
/// The shape of mode `I` of shape `S`.
pub type ModeShape<const I: usize, S> = <S as GetAt<ModeIx<I>>>::Output;

impl<S: IntTuple, D: IntTuple> Layout<S, D> {
    /// CuTe's `size<I>(layout)`: the size of mode `I` (static where the
    /// mode's shape is).
    ///
    /// ```
    /// use cute_algebra::prelude::*;
    /// let n: i32 = 5;
    /// let l = layout![(2, (3, 4), n) : (12, (1, 3), 24)];
    /// assert_eq!(l.size_of::<1>().cute_string(), "_12");
    /// assert_eq!(l.size_of::<2>().cute_string(), "5");
    /// ```
    #[inline(always)]
    #[track_caller]
    pub fn size_of<const I: usize>(&self) -> <ModeShape<I, S> as Size>::Size
    where
        Idx<I>: ToPeano,
        S: GetAt<ModeIx<I>>,
        ModeShape<I, S>: Size,
    {
        self.shape.get_at().size()
    }
    /// CuTe's `shape<I>(layout)`: the shape of mode `I`.
    ///
    /// ```
    /// use cute_algebra::prelude::*;
    /// let l = layout![(2, (3, 4)) : (12, (1, 3))];
    /// assert_eq!(l.shape_of::<1>().to_cute_string(), "(_3,_4)");
    /// ```
    #[inline(always)]
    pub fn shape_of<const I: usize>(&self) -> ModeShape<I, S>
    where
        Idx<I>: ToPeano,
        S: GetAt<ModeIx<I>>,
    {
        self.shape.get_at()
    }
    /// CuTe's `stride<I>(layout)`: the stride of mode `I`.
    ///
    /// ```
    /// use cute_algebra::prelude::*;
    /// let l = layout![(2, (3, 4)) : (12, (1, 3))];
    /// assert_eq!(l.stride_of::<0>().cute_string(), "_12");
    /// assert_eq!(l.stride_of::<1>().to_cute_string(), "(_1,_3)");
    /// ```
    #[inline(always)]
    pub fn stride_of<const I: usize>(&self) -> <D as GetAt<ModeIx<I>>>::Output
    where
        Idx<I>: ToPeano,
        D: GetAt<ModeIx<I>>,
    {
        self.stride.get_at()
    }
}

impl<S, D> Layout<S, D> {
    /// Builds a layout without the congruence bound; for the crate's own
    /// operations, whose results are congruent by construction.
    #[inline(always)]
    pub(crate) const fn from_parts(shape: S, stride: D) -> Self {
        Layout { shape, stride }
    }

    /// The shape and stride, without the IntTuple bounds of the getters.
    #[inline(always)]
    pub(crate) fn into_parts(self) -> (S, D) {
        (self.shape, self.stride)
    }
}

/// The span of a layout with shape `Self` and stride `D`:
/// `Σ (s - 1) * |d|` over leaves, so that `cosize = span + 1`. A trait on
/// the shape, so that inference never recurses into an unknown shape.
#[doc(hidden)]
pub trait Span<D> {
    /// `Σ (s - 1) * |d|`.
    type Output: Int;
    /// Computes the span; a runtime overflow panics.
    fn span(self, stride: D) -> Self::Output;
    /// Computes the span, or `None` where a runtime value overflows `i32`.
    fn span_checked(self, stride: D) -> Option<Self::Output>;
}
impl<S: Int + IntSub<P1>, D: Int + IntAbs> Span<D> for S
where
    <S as IntSub<P1>>::Output: IntMul<<D as IntAbs>::Output>,
{
    type Output = Prod<<S as IntSub<P1>>::Output, <D as IntAbs>::Output>;
    #[inline(always)]
    #[track_caller]
    fn span(self, stride: D) -> Self::Output {
        self.sub(P1::new()).mul(stride.abs())
    }
    #[inline(always)]
    fn span_checked(self, stride: D) -> Option<Self::Output> {
        self.sub_checked(P1::new())?
            .mul_checked(stride.abs_checked()?)
    }
}
impl Span<HNil> for HNil {
    type Output = typenum::Z0;
    #[inline(always)]
    fn span(self, _: HNil) -> typenum::Z0 {
        typenum::Z0::new()
    }
    #[inline(always)]
    fn span_checked(self, _: HNil) -> Option<typenum::Z0> {
        Some(typenum::Z0::new())
    }
}
impl<S0: Span<D0>, ST: Span<DT>, D0, DT> Span<HCons<D0, DT>> for HCons<S0, ST>
where
    S0::Output: IntAdd<ST::Output>,
{
    type Output = Sum<S0::Output, ST::Output>;
    #[inline(always)]
    #[track_caller]
    fn span(self, stride: HCons<D0, DT>) -> Self::Output {
        self.head.span(stride.head).add(self.tail.span(stride.tail))
    }
    #[inline(always)]
    fn span_checked(self, stride: HCons<D0, DT>) -> Option<Self::Output> {
        self.head
            .span_checked(stride.head)?
            .add_checked(self.tail.span_checked(stride.tail)?)
    }
}

/// The cosize type of a layout with shape `S` and stride `D`.
pub type CosizeOf<S, D> = Sum<<S as Span<D>>::Output, P1>;

impl<S: IntTuple + Span<D>, D: IntTuple> Layout<S, D>
where
    S::Output: IntAdd<P1>,
{
    /// One past the largest offset: `1 + Σ (s - 1) * |d|` (CuTe's `cosize`).
    ///
    /// ```
    /// use cute_algebra::prelude::*;
    /// assert_eq!(layout![(2, 3) : (3, 1)].cosize().value(), 6);
    /// assert_eq!(layout![(2, 2) : (-1, 4)].cosize().value(), 6);
    /// ```
    ///
    /// # Panics
    /// When runtime values make it overflow `i32` ("cosize: integer
    /// overflow", in release builds too); [`Layout::try_cosize`] returns the
    /// error instead.
    #[inline(always)]
    #[track_caller]
    pub fn cosize(&self) -> CosizeOf<S, D> {
        crate::error::ok_or_panic(self.try_cosize())
    }
    /// [`Layout::cosize`] without the panic.
    ///
    /// ```
    /// use cute_algebra::prelude::*;
    /// let n: i32 = 1 << 30;
    /// assert!(layout![(4, n) : (n, 1)].try_cosize().is_err());
    /// assert_eq!(layout![(2, 3) : (3, 1)].try_cosize().unwrap().value(), 6);
    /// ```
    #[inline(always)]
    pub fn try_cosize(&self) -> Result<CosizeOf<S, D>, crate::error::LayoutError> {
        self.shape
            .span_checked(self.stride)
            .and_then(|s| s.add_checked(P1::new()))
            .ok_or(crate::error::LayoutError::Overflow { op: "cosize" })
    }
    /// CuTe's `coshape`. With integer strides CuTe's coshape is the single
    /// integer `cosize` (it takes `|stride|`), so this returns that value.
    #[inline(always)]
    pub fn coshape(&self) -> CosizeOf<S, D> {
        self.cosize()
    }
}

/// `cosize(l)` as a free function.
///
/// ```
/// use cute_algebra::prelude::*;
/// assert_eq!(cosize(layout![4 : -1]).value(), 4);
/// ```
#[inline(always)]
pub fn cosize<S: IntTuple + Span<D>, D: IntTuple>(l: Layout<S, D>) -> CosizeOf<S, D>
where
    S::Output: IntAdd<P1>,
{
    l.cosize()
}

impl<S: crate::tuple::ToRuntime, D: crate::tuple::ToRuntime> Layout<S, D> {
    /// The same layout with every value runtime (`i32`): what CuTe gives
    /// for the same values written as plain `int`s.
    ///
    /// ```
    /// use cute_algebra::prelude::*;
    /// assert_eq!(layout![(2, (2, 2)) : (4, (2, 1))].to_runtime().to_string(), "(2,(2,2)):(4,(2,1))");
    /// ```
    pub fn to_runtime(self) -> Layout<S::Output, D::Output> {
        Layout::from_parts(self.shape.to_runtime(), self.stride.to_runtime())
    }
}
