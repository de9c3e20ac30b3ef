//! Basis strides (CuTe's `ScaledBasis`, `E<i>`): layouts whose value at a
//! coordinate is a coordinate, as identity layouts and TMA descriptors use.
//!
//! A stride leaf [`ScaledBasis<V, M>`] is `V@M`: the integer `V` (static or
//! runtime) on coordinate mode `M`. [`E<I>`] is `_1@I`. A
//! [`BasisLayout<S, D>`] has such leaves (or a static `_0`) in its stride,
//! and [`crd2idx`](BasisLayout::crd2idx) sums them into CuTe's value types:
//! `_0`, a lone `ScaledBasis`, or an [`ArithTuple`].
//!
//! ```
//! use cute_algebra::prelude::*;
//! use cute_algebra::basis::{self, make_identity_layout};
//! let id = make_identity_layout(shape![4, 8]);
//! assert_eq!(id.to_string(), "(_4,_8):(_1@0,_1@1)");
//! let (i, j): (i32, i32) = (2, 3);
//! assert_eq!(id.crd2idx(coord![i, j]).to_string(), "(2,3)");
//! // The macros read basis leaves as `k@i`.
//! let l = layout![(2, 8) : (1@1, 2@0)];
//! assert_eq!(l.to_string(), "(_2,_8):(_1@1,_2@0)");
//! assert_eq!(l.crd2idx(coord![1, 3]).to_string(), "(_6,_1)");
//! // Divides of identity layouts are types, as for plain layouts.
//! let d = basis::logical_divide(id, shape![2, 4]);
//! assert_eq!(d.to_string(), "((_2,_2),(_4,_2)):((_1@0,_2@0),(_1@1,_4@1))");
//! assert_eq!(core::mem::size_of_val(&d), 0);
//! ```
//!
//! # How the algebra runs on bases
//!
//! The operations CuTe defines on basis strides (coalesce, composition after
//! a plain layout, the divides, slicing) are linear in the strides: each
//! result stride is one input stride times an integer, and coalescing tests
//! `d1 == s0 * d0`. Each static basis `k@i` is therefore written as the
//! typenum integer `k * 2^(F*i)`, one `F`-bit field per mode; the plain
//! typed algebra runs on that layout, and each result stride is read back
//! from its field. The operation runs with two field widths (20 and 21
//! bits) and both readings must be the same type: a field that carried into
//! the next would be read differently by the two, so a result outside the
//! exact range is a compile error, never a wrong layout. Basis strides
//! must be static for these operations (the mode of a runtime stride
//! could not be read back); [`DynBasisLayout`] takes
//! runtime ones. CuTe does not define complement, the products or the
//! inverses on bases, and neither does this module.

#[cfg(feature = "alloc")]
pub mod dynamic;
mod encode;
mod ops;
mod value;

#[cfg(feature = "alloc")]
pub use dynamic::{ArithValue, BasisStride, BasisTree, DynBasisLayout, MAX_BASIS_MODES};
pub use encode::{BasisStrides, DecodeStrides, EncodeStrides, SameBasisResult};
pub use ops::*;
pub use value::{ArithTuple, BasisAdd, BasisCrd2Idx, BasisSum, BasisValue};

use core::fmt;
use core::marker::PhantomData;

use frunk_core::hlist::{HCons, HNil};
use typenum::{P1, U0, Unsigned, Z0};

use crate::int::Int;
use crate::tuple::{Cute, IntTuple, Size};

/// CuTe's `ScaledBasis<V, M>`: the stride `V@M`, which moves coordinate
/// mode `M` by `V`. Zero-sized when `V` is static.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ScaledBasis<V, M> {
    value: V,
    mode: PhantomData<M>,
}

/// CuTe's `E<I>`: the unit basis `_1@I`.
pub type E<const I: usize> = ScaledBasis<P1, typenum::U<I>>;

impl<V: Int, M: Unsigned> ScaledBasis<V, M> {
    /// `value@M`.
    #[inline(always)]
    pub const fn new(value: V) -> Self {
        ScaledBasis {
            value,
            mode: PhantomData,
        }
    }

    /// The scale.
    #[inline(always)]
    pub fn value(self) -> V {
        self.value
    }

    /// The mode.
    pub const MODE: usize = M::USIZE;
}

impl<V: Int, M: Unsigned> fmt::Display for ScaledBasis<V, M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.value.fmt_cute(f)?;
        write!(f, "@{}", M::USIZE)
    }
}

/// A basis-strided stride tree: leaves are [`ScaledBasis`] or a static
/// `_0`, tuples are HLists.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a basis stride",
    label = "a basis-strided layout's stride leaves are `ScaledBasis<V, M>` (`E<I>`) or `Z0`",
    note = "a plain nonzero stride beside bases has no meaning: a coordinate plus an integer"
)]
#[doc(hidden)]
pub trait BasisTuple: Copy + fmt::Debug + 'static {
    /// Writes CuTe's print form.
    fn fmt_basis(self, f: &mut fmt::Formatter<'_>) -> fmt::Result;
    /// Writes the elements of a tuple, comma-separated.
    fn fmt_elems(self, _f: &mut fmt::Formatter<'_>, _first: bool) -> fmt::Result {
        Ok(())
    }
    /// The tree for [`DynBasisLayout`].
    #[cfg(feature = "alloc")]
    fn to_basis_tree(self) -> dynamic::BasisTree;
    /// The elements' trees.
    #[cfg(feature = "alloc")]
    fn push_trees(self, _out: &mut alloc::vec::Vec<dynamic::BasisTree>) {}
}

impl BasisTuple for Z0 {
    fn fmt_basis(self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("_0")
    }
    #[cfg(feature = "alloc")]
    fn to_basis_tree(self) -> dynamic::BasisTree {
        dynamic::BasisTree::Leaf(dynamic::BasisStride::Int(0))
    }
}

impl<V: Int, M: Unsigned + Copy + fmt::Debug + 'static> BasisTuple for ScaledBasis<V, M> {
    fn fmt_basis(self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
    #[cfg(feature = "alloc")]
    fn to_basis_tree(self) -> dynamic::BasisTree {
        dynamic::BasisTree::Leaf(dynamic::BasisStride::Basis {
            scale: self.value.wide(),
            mode: M::U8,
        })
    }
}

impl BasisTuple for HNil {
    fn fmt_basis(self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("()")
    }
    #[cfg(feature = "alloc")]
    fn to_basis_tree(self) -> dynamic::BasisTree {
        dynamic::BasisTree::Tuple(alloc::vec::Vec::new())
    }
}

impl<H: BasisTuple, T: BasisTuple> BasisTuple for HCons<H, T> {
    fn fmt_basis(self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("(")?;
        self.fmt_elems(f, true)?;
        f.write_str(")")
    }
    fn fmt_elems(self, f: &mut fmt::Formatter<'_>, first: bool) -> fmt::Result {
        if !first {
            f.write_str(",")?;
        }
        self.head.fmt_basis(f)?;
        self.tail.fmt_elems(f, false)
    }
    #[cfg(feature = "alloc")]
    fn to_basis_tree(self) -> dynamic::BasisTree {
        let mut v = alloc::vec::Vec::new();
        self.push_trees(&mut v);
        dynamic::BasisTree::Tuple(v)
    }
    #[cfg(feature = "alloc")]
    fn push_trees(self, out: &mut alloc::vec::Vec<dynamic::BasisTree>) {
        out.push(self.head.to_basis_tree());
        self.tail.push_trees(out);
    }
}

/// A layout whose strides are bases: CuTe's `Layout<S, D>` with
/// `ScaledBasis` leaves in `D`. Zero-sized when fully static.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BasisLayout<S, D> {
    shape: S,
    stride: D,
}

impl<S, D> crate::int::sealed::Operand for BasisLayout<S, D> {}

impl<S: IntTuple, D: BasisTuple> BasisLayout<S, D> {
    /// `shape:stride`. Shape and stride must be congruent (checked by the
    /// operations that walk them).
    #[inline(always)]
    pub const fn new(shape: S, stride: D) -> Self {
        BasisLayout { shape, stride }
    }

    crate::layout::shape_stride_getters!();

    /// The number of coordinates (CuTe's `size`).
    #[inline(always)]
    pub fn size(&self) -> S::Size
    where
        S: Size,
    {
        self.shape.size()
    }

    /// The same layout as a [`DynBasisLayout`], or the error its
    /// construction gives (a basis mode beyond the runtime form's range).
    #[cfg(feature = "alloc")]
    pub fn try_to_dyn(&self) -> Result<DynBasisLayout, crate::error::LayoutError>
    where
        S: crate::dynamic::ToIntTree,
    {
        DynBasisLayout::new(self.shape.to_int_tree(), &self.stride.to_basis_tree())
    }

    /// [`BasisLayout::try_to_dyn`], panicking on its error.
    #[cfg(feature = "alloc")]
    #[track_caller]
    pub fn to_dyn(&self) -> DynBasisLayout
    where
        S: crate::dynamic::ToIntTree,
    {
        crate::error::ok_or_panic(self.try_to_dyn())
    }
}

impl<S: IntTuple, D: BasisTuple> fmt::Display for BasisLayout<S, D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:", Cute(self.shape))?;
        self.stride.fmt_basis(f)
    }
}

/// The identity strides of a shape's top-level modes: `(_1@0, _1@1, ...)`
/// from mode `M` on.
#[doc(hidden)]
pub trait IdentityStrides<M> {
    /// The strides.
    type Output: BasisTuple + Default;
}
crate::int::output_impls! {
    [M] HNil as IdentityStrides<M> => HNil;
    [M, H: Int, T] HCons<H, T> as IdentityStrides<M>
        => HCons<ScaledBasis<P1, M>, <T as IdentityStrides<typenum::Add1<M>>>::Output>
        where [
            M: Unsigned + core::ops::Add<typenum::B1> + Copy + fmt::Debug + Default + 'static,
            T: IdentityStrides<typenum::Add1<M>>,
            HCons<ScaledBasis<P1, M>, <T as IdentityStrides<typenum::Add1<M>>>::Output>: BasisTuple + Default,
        ];
}

/// The layout type of `make_identity_layout(S)`.
pub type IdentityLayout<S> = BasisLayout<S, <S as IdentityStrides<U0>>::Output>;

/// CuTe's `make_identity_layout(shape)`: `shape:(_1@0,_1@1,...)`, whose value
/// at a coordinate is the coordinate. Each top-level mode must be an integer
/// (CuTe gives nested modes nested bases `E<i,j>`, which this crate does not
/// model).
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::basis::make_identity_layout;
/// assert_eq!(make_identity_layout(shape![4, 8, 8]).to_string(), "(_4,_8,_8):(_1@0,_1@1,_1@2)");
/// let m: i32 = 100;
/// assert_eq!(make_identity_layout(shape![m, 8]).to_string(), "(100,_8):(_1@0,_1@1)");
/// ```
#[inline(always)]
pub fn make_identity_layout<S: IntTuple + IdentityStrides<U0>>(shape: S) -> IdentityLayout<S> {
    BasisLayout::new(shape, Default::default())
}
