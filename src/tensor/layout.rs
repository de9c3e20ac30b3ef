//! What a tensor needs of its layout: the offset of each index and
//! coordinate, the reach an engine must hold, slicing with `_`, and, for
//! owned register fragments, a static cosize.

use crate::int::{Int, IntAdd, IntoInt};
use crate::layout::{CosizeOf, Crd2Idx, Layout, SliceLayout, Sliced, Span};
use crate::tuple::{IntTuple, Size};
use frunk_core::hlist::{HCons, HNil};
use typenum::P1;

/// What a tensor needs of its layout: its size and the offset of each
/// index in colexicographic order. Plain layouts implement it here, with
/// `isize` offsets; composed (swizzled) layouts plug in the same way, and
/// basis-strided layouts with coordinate offsets (CuTe's `ArithmeticTuple`),
/// which the identity tensor's engine reads.
#[doc(hidden)]
pub trait TensorLayout: Copy {
    /// What the layout maps a coordinate to: `isize` for integer strides.
    type Offset: Copy;
    /// The number of coordinates (CuTe's `size`).
    fn len(&self) -> usize;
    /// `true` for a layout with no coordinates (never, for CuTe layouts).
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The offset of the `i`-th coordinate, `L(i)`.
    fn offset_at(&self, i: usize) -> Self::Offset;
}

/// The smallest and largest offset over a layout's domain: what a memory
/// engine must hold (checked when a tensor is built on a slice).
#[doc(hidden)]
pub trait TensorReach: TensorLayout<Offset = isize> {
    /// `(smallest, largest)` offset.
    fn reach(&self) -> (isize, isize);
}

/// The layout a tensor over memory of `T`s is built on: the layout
/// itself, or, for a shared-memory layout atom whose swizzle acts on byte
/// addresses (CuTe's `smem_ptr_flag_bits`, the GMMA atoms of
/// [`crate::atom::gmma`]), the same swizzle in units of `T` (CuTe's
/// `as_position_independent_swizzle_layout`), after checking that `T` is
/// the element the atom was made for.
#[diagnostic::on_unimplemented(
    message = "make_tensor: this layout cannot index memory of `{T}` (a shared-memory atom's smem_ptr_flag_bits must equal sizeof_bits<{T}>)",
    label = "expected a layout (plain, swizzled or basis-strided), or a shared-memory layout atom made for `{T}`",
    note = "a GMMA atom's swizzle acts on byte addresses: build it for the tensor's element (`Layout_K_SW128_Atom<f16>` over `[f16]`) so that it applies in units of that element"
)]
#[doc(hidden)]
pub trait IntoTensorLayout<T> {
    /// The layout the tensor gets.
    type Layout: TensorReach;
    /// Converts it.
    fn into_tensor_layout(self) -> Self::Layout;
}
impl<T, L: TensorReach> IntoTensorLayout<T> for L {
    type Layout = L;
    #[inline(always)]
    fn into_tensor_layout(self) -> L {
        self
    }
}

/// The offset of a coordinate `C`: `L(c)`.
#[diagnostic::on_unimplemented(
    message = "tensor indexing: the coordinate `{C}` does not fit the layout `{Self}`",
    label = "a coordinate is an integer, or a tuple with the rank and nesting of the tensor's shape"
)]
#[doc(hidden)]
pub trait TensorLayoutAt<C>: TensorLayout {
    /// Computes the offset.
    fn offset(&self, c: C) -> Self::Offset;
}

/// A tensor coordinate as the user writes it: an integer index of any
/// type [`IntoInt`] accepts (`t.at(i)` with `i: usize` from a loop over
/// `0..t.size()`, or a `u32` thread index), or a tuple (built by `coord!`,
/// whose named leaves have converted already).
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::tensor::make_tensor;
/// let data: Vec<i32> = (0..8).collect();
/// let t = make_tensor(&data, layout![(2, 4) : (4, 1)]);
/// let sum: i32 = (0..t.size()).map(|i| t.at(i)).sum(); // a `usize` index
/// assert_eq!(sum, 28);
/// let (i, j): (u32, u32) = (1, 2);
/// assert_eq!(t.at(coord![i, j]), 6);
/// assert_eq!(t.at(5u32), 6);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a tensor coordinate",
    label = "expected an integer index (`i32`, `i64`, `u32`, `usize`, static) or a tuple `coord![..]`"
)]
pub trait IntoCoord: Copy {
    /// The coordinate in CuTe's integers.
    type Coord;
    /// Converts it.
    fn into_coord(self) -> Self::Coord;
}
/// One impl per integer type (no blanket impl over [`IntoInt`]), so that a
/// type that is none of them fails here, with the message naming it,
/// before the layout's coordinate check.
macro_rules! into_coord {
    ($($T:ty => [$($g:tt)*]),*) => {$(
        impl<$($g)*> IntoCoord for $T
        where
            $T: IntoInt,
        {
            type Coord = <$T as IntoInt>::Int;
            #[inline(always)]
            fn into_coord(self) -> Self::Coord {
                self.into_int()
            }
        }
    )*};
}
crate::int::for_int_kinds!(into_coord);
into_coord!(u32 => [], usize => []);
impl<H: Copy, T: Copy> IntoCoord for HCons<H, T> {
    type Coord = Self;
    #[inline(always)]
    fn into_coord(self) -> Self {
        self
    }
}
impl IntoCoord for HNil {
    type Coord = Self;
    #[inline(always)]
    fn into_coord(self) -> Self {
        self
    }
}

/// Slicing a tensor's layout with `_`: the kept layout and the offset of
/// the fixed coordinates.
#[diagnostic::on_unimplemented(
    message = "tensor slice: the coordinate `{C}` does not fit the layout `{Self}`",
    label = "a slice coordinate has the tensor's rank and nesting, with `_` where a mode is kept"
)]
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::tensor::TensorSlice;
/// // The kept modes, and the offset the engine moves by (an `isize`).
/// let l = layout![(4, 8) : (1, 16)];
/// let (column, off) = TensorSlice::slice_and_offset(&l, coord![_, 2]);
/// assert_eq!((column.to_string(), off), ("(_4):(_1)".to_string(), 32));
/// ```
pub trait TensorSlice<C> {
    /// The kept layout.
    type Output;
    /// The offset type (the layout's [`TensorLayout::Offset`]).
    type Offset;
    /// The kept layout and the offset of the fixed part.
    fn slice_and_offset(&self, c: C) -> (Self::Output, Self::Offset);
}

/// The offset type by which slicing `L` with `C` moves the engine.
pub type SliceOffset<L, C> = <L as TensorSlice<C>>::Offset;

/// `Σ min(0, (s-1)d)` and `Σ max(0, (s-1)d)` over the leaves: the reach of
/// a layout with shape `Self` and stride `D`.
#[doc(hidden)]
pub trait Reach<D> {
    /// `(smallest, largest)` offset.
    fn reach(self, stride: D) -> (isize, isize);
}
impl<S: Int, D: Int> Reach<D> for S {
    #[inline(always)]
    fn reach(self, d: D) -> (isize, isize) {
        let e = (self.wide() as isize - 1) * d.wide() as isize;
        (e.min(0), e.max(0))
    }
}
impl Reach<HNil> for HNil {
    #[inline(always)]
    fn reach(self, _: HNil) -> (isize, isize) {
        (0, 0)
    }
}
impl<S0: Reach<D0>, ST: Reach<DT>, D0, DT> Reach<HCons<D0, DT>> for HCons<S0, ST> {
    #[inline(always)]
    fn reach(self, d: HCons<D0, DT>) -> (isize, isize) {
        let (a, b) = self.head.reach(d.head);
        let (c, e) = self.tail.reach(d.tail);
        (a + c, b + e)
    }
}

/// The items of [`TensorLayout`] for a layout with `size()` and an integer
/// `crd2idx`: index `i` is the coordinate `i`, its offset a pointer offset.
macro_rules! linear_offsets {
    () => {
        type Offset = isize;
        #[inline(always)]
        fn len(&self) -> usize {
            self.size().wide() as usize
        }
        #[inline(always)]
        fn offset_at(&self, i: usize) -> isize {
            self.crd2idx(i as i32).wide() as isize
        }
    };
}
pub(crate) use linear_offsets;

impl<S: Size, D: IntTuple> TensorLayout for Layout<S, D>
where
    i32: Crd2Idx<S, D>,
{
    linear_offsets!();
}
impl<S: Size + Reach<D>, D: IntTuple> TensorReach for Layout<S, D>
where
    i32: Crd2Idx<S, D>,
{
    #[inline(always)]
    fn reach(&self) -> (isize, isize) {
        self.shape().reach(self.stride())
    }
}
impl<S: Size, D: IntTuple, C: Crd2Idx<S, D>> TensorLayoutAt<C> for Layout<S, D>
where
    i32: Crd2Idx<S, D>,
{
    #[inline(always)]
    fn offset(&self, c: C) -> isize {
        self.crd2idx(c).wide() as isize
    }
}
impl<S: IntTuple, D: IntTuple, C: SliceLayout<S, D, true>> TensorSlice<C> for Layout<S, D> {
    type Output = Sliced<C, S, D, true>;
    type Offset = isize;
    #[inline(always)]
    fn slice_and_offset(&self, c: C) -> (Self::Output, isize) {
        let (l, off) = Layout::slice_and_offset(self, c);
        (l, off.wide() as isize)
    }
}

/// A static, positive integer as a `generic-array` length.
#[diagnostic::on_unimplemented(
    message = "make_fragment_like: the fragment's cosize `{Self}` is not a static integer",
    label = "an owned register fragment needs its length at compile time",
    note = "the tensor's shape must be static (its strides may be runtime), as CuTe's register fragments need"
)]
#[doc(hidden)]
pub trait StaticLen {
    /// The length, a typenum unsigned.
    type Len: generic_array::ArrayLength;
}
impl<U: generic_array::ArrayLength + typenum::NonZero> StaticLen for typenum::PInt<U> {
    type Len = U;
}

/// The static cosize of a layout as a `generic-array` length: the owned
/// fragment's element count, known at compile time.
#[doc(hidden)]
pub trait StaticCosize {
    /// The length, a typenum unsigned.
    type Len: generic_array::ArrayLength;
}
impl<S: IntTuple + Span<D>, D: IntTuple> StaticCosize for Layout<S, D>
where
    S::Output: IntAdd<P1>,
    CosizeOf<S, D>: StaticLen,
{
    type Len = <CosizeOf<S, D> as StaticLen>::Len;
}
