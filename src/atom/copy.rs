//! Copy atoms as types: CuTe's `Copy_Traits<Op>` ([`CopyTraits`]: the
//! thread layout and the source, destination and reference layouts over
//! bits) for each copy operation, and `Copy_Atom<Op, T>` ([`CopyAtom`]),
//! whose value layouts are those bit layouts read in units of `T`
//! (`recast_layout<uint1_t, T>`). The `ldmatrix`/`stmatrix` layouts are
//! one table ([`copy_atoms!`]), which the runtime path reads too.
//!
//! ```
//! use cute_algebra::atom::{CopyAtom, CopyAtomTypes, SM75_U32x4_LDSM_N, half_t};
//! type A = CopyAtom<SM75_U32x4_LDSM_N, half_t>;
//! assert_eq!(<A as CopyAtomTypes>::ValLayoutDst::default().to_string(),
//!            "(_32,(_2,_4)):(_2,(_1,_64))");
//! assert_eq!(A::default().to_string(), "Copy_Atom<SM75_U32x4_LDSM_N, half_t>");
//! ```

use core::fmt;
use core::marker::PhantomData;

use frunk_core::hlist::{HCons, HNil};
use typenum::{P1, PInt, U1, Z0};

use super::types::ValueType;
use crate::layout::{Layout, LayoutParts};
use crate::tensor::RecastLayout;
use crate::tuple::Size;

/// CuTe's `Copy_Traits<Op>`: `ThrID` and the (thread, bit) -> bit layouts
/// of the source, the destination and the reference (the side whose
/// thread-value layout the tiled copy is written in).
///
/// ```
/// use cute_algebra::atom::{CopyTraits, SM90_U16x8_STSM_T};
/// type T = SM90_U16x8_STSM_T;
/// assert_eq!(<T as CopyTraits>::DstLayout::default().to_string(), "(_32,_128):(_128,_1)");
/// ```
pub trait CopyTraits: Copy + Default + fmt::Display {
    /// `ThrID`.
    type ThrID: Copy + Default + fmt::Display;
    /// `SrcLayout`: (thread, bit) -> bit.
    type SrcLayout: Copy + Default + fmt::Display;
    /// `DstLayout`.
    type DstLayout: Copy + Default + fmt::Display;
    /// `RefLayout`.
    type RefLayout: Copy + Default + fmt::Display;
}

/// One `ldmatrix` row of the runtime path: the op's name without its
/// `SM75_` prefix, and its source and destination bit layouts.
#[cfg(feature = "alloc")]
pub(crate) struct LdsmRow {
    pub(crate) name: &'static str,
    pub(crate) stsm: &'static str,
    /// `[SrcLayout, DstLayout]` of the `ldmatrix`.
    pub(crate) layouts: fn() -> [crate::dynamic::DynLayout; 2],
}

/// The `ldmatrix` table (`copy_traits_sm75.hpp`): each row an `ldmatrix`
/// op (`SM75_*`, reference layout its destination, the registers) and its
/// `stmatrix` twin (`SM90_*`, source and destination swapped, reference its
/// source).
macro_rules! copy_atoms {
    ($($ldsm:ident / $stsm:ident src [$($s:tt)*] dst [$($d:tt)*];)*) => {
        $(
            copy_atoms!(@op $ldsm, concat!("CuTe's `", stringify!($ldsm), "`: `ldmatrix`, shared memory to registers."),
                        [$($s)*], [$($d)*], [$($d)*]);
            copy_atoms!(@op $stsm, concat!("CuTe's `", stringify!($stsm), "`: `stmatrix`, registers to shared memory."),
                        [$($d)*], [$($s)*], [$($d)*]);
        )*
        /// The `ldmatrix` ops, for the runtime path.
        #[cfg(feature = "alloc")]
        pub(crate) const LDSM_TABLE: &[LdsmRow] = &[$(
            LdsmRow {
                name: stringify!($ldsm),
                stsm: stringify!($stsm),
                layouts: || [
                    <$crate::Layout![$($s)*]>::default().to_dyn(),
                    <$crate::Layout![$($d)*]>::default().to_dyn(),
                ],
            },
        )*];
    };
    (@op $name:ident, $doc:expr, [$($s:tt)*], [$($d:tt)*], [$($r:tt)*]) => {
        #[doc = $doc]
        #[allow(non_camel_case_types)]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct $name;
        impl CopyTraits for $name {
            type ThrID = $crate::Layout![32 : 1];
            type SrcLayout = $crate::Layout![$($s)*];
            type DstLayout = $crate::Layout![$($d)*];
            type RefLayout = $crate::Layout![$($r)*];
        }
        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(stringify!($name))
            }
        }
    };
}

copy_atoms! {
    SM75_U32x1_LDSM_N / SM90_U32x1_STSM_N src [((8, 4), 128) : ((128, 0), 1)] dst [(32, 32) : (32, 1)];
    SM75_U32x2_LDSM_N / SM90_U32x2_STSM_N src [((16, 2), 128) : ((128, 0), 1)] dst [(32, (32, 2)) : (32, (1, 1024))];
    SM75_U32x4_LDSM_N / SM90_U32x4_STSM_N src [(32, 128) : (128, 1)] dst [(32, (32, 4)) : (32, (1, 1024))];
    SM75_U16x2_LDSM_T / SM90_U16x2_STSM_T src [((8, 4), 128) : ((128, 0), 1)]
        dst [((4, 8), (16, 2)) : ((256, 16), (1, 128))];
    SM75_U16x4_LDSM_T / SM90_U16x4_STSM_T src [((16, 2), 128) : ((128, 0), 1)]
        dst [((4, 8), (16, 2, 2)) : ((256, 16), (1, 128, 1024))];
    SM75_U16x8_LDSM_T / SM90_U16x8_STSM_T src [(32, 128) : (128, 1)]
        dst [((4, 8), (16, 2, 4)) : ((256, 16), (1, 128, 1024))];
}

/// One thread moving one `S`-wide value to one `D`-wide value.
type OneValue<B> = Layout<HCons<P1, HCons<PInt<B>, HNil>>, HCons<Z0, HCons<P1, HNil>>>;

/// Copy ops that move one value per thread, generic over the value type.
macro_rules! one_value_ops {
    ($($(#[$doc:meta])* $name:ident => $cute:literal;)*) => {$(
        $(#[$doc])*
        #[derive(Debug)]
        #[allow(non_camel_case_types)]
        pub struct $name<S, D = S>(PhantomData<(S, D)>);
        impl<S, D> Clone for $name<S, D> {
            fn clone(&self) -> Self {
                *self
            }
        }
        impl<S, D> Copy for $name<S, D> {}
        impl<S, D> Default for $name<S, D> {
            fn default() -> Self {
                $name(PhantomData)
            }
        }
        impl<S: ValueType, D: ValueType> fmt::Display for $name<S, D> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                if S::NAME == D::NAME {
                    write!(f, concat!($cute, "<{}>"), S::NAME)
                } else {
                    write!(f, concat!($cute, "<{},{}>"), S::NAME, D::NAME)
                }
            }
        }
        impl<S: ValueType, D: ValueType> CopyTraits for $name<S, D>
        where
            OneValue<S::Bits>: Copy + Default + fmt::Display,
            OneValue<D::Bits>: Copy + Default + fmt::Display,
        {
            type ThrID = crate::Layout![1 : 0];
            type SrcLayout = OneValue<S::Bits>;
            type DstLayout = OneValue<D::Bits>;
            type RefLayout = OneValue<S::Bits>;
        }
    )*};
}

one_value_ops! {
    /// CuTe's `UniversalCopy<S, D>`: one thread copies one `S` to one `D`.
    ///
    /// ```
    /// use cute_algebra::atom::{CopyTraits, UniversalCopy};
    /// assert_eq!(<UniversalCopy<u32> as CopyTraits>::SrcLayout::default().to_string(), "(_1,_32):(_0,_1)");
    /// ```
    UniversalCopy => "UniversalCopy";
    /// CuTe's `SM80_CP_ASYNC_CACHEALWAYS<S, D>`: `cp.async.ca`, global to
    /// shared memory, one `S` per thread (4, 8 or 16 bytes).
    SM80_CP_ASYNC_CACHEALWAYS => "SM80_CP_ASYNC_CACHEALWAYS";
    /// CuTe's `SM80_CP_ASYNC_CACHEGLOBAL<S, D>`: `cp.async.cg` (16 bytes,
    /// bypassing L1).
    SM80_CP_ASYNC_CACHEGLOBAL => "SM80_CP_ASYNC_CACHEGLOBAL";
    /// CuTe's `SM80_CP_ASYNC_CACHEALWAYS_ZFILL<S, D>`: `cp.async.ca` that
    /// writes zeros where its predicate is false; the same layouts as
    /// [`SM80_CP_ASYNC_CACHEALWAYS`] (the predicate is a runtime value, not
    /// part of the traits' layouts).
    ///
    /// ```
    /// use cute_algebra::atom::{CopyTraits, SM80_CP_ASYNC_CACHEALWAYS_ZFILL};
    /// type Z = SM80_CP_ASYNC_CACHEALWAYS_ZFILL<u128>;
    /// assert_eq!(<Z as CopyTraits>::SrcLayout::default().to_string(), "(_1,_128):(_0,_1)");
    /// assert_eq!(Z::default().to_string(), "SM80_CP_ASYNC_CACHEALWAYS_ZFILL<uint128_t>");
    /// ```
    SM80_CP_ASYNC_CACHEALWAYS_ZFILL => "SM80_CP_ASYNC_CACHEALWAYS_ZFILL";
    /// CuTe's `SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<S, D>`: `cp.async.cg` with
    /// zero fill, the layouts of [`SM80_CP_ASYNC_CACHEGLOBAL`].
    SM80_CP_ASYNC_CACHEGLOBAL_ZFILL => "SM80_CP_ASYNC_CACHEGLOBAL_ZFILL";
}

/// CuTe's `DefaultCopy`: one thread, one value of any width.
///
/// ```
/// use cute_algebra::atom::{CopyTraits, DefaultCopy};
/// assert_eq!(<DefaultCopy as CopyTraits>::SrcLayout::default().to_string(), "(_1,_1):(_0,_0)");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DefaultCopy;
impl fmt::Display for DefaultCopy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("DefaultCopy")
    }
}
impl CopyTraits for DefaultCopy {
    type ThrID = crate::Layout![1 : 0];
    type SrcLayout = crate::Layout![(1, 1) : (0, 0)];
    type DstLayout = crate::Layout![(1, 1) : (0, 0)];
    type RefLayout = crate::Layout![(1, 1) : (0, 0)];
}

/// CuTe's `Copy_Atom<Op, T>`: the operation `Op` moving values of type `T`.
#[derive(Debug)]
pub struct CopyAtom<Op, T>(PhantomData<(Op, T)>);
impl<Op, T> Clone for CopyAtom<Op, T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<Op, T> Copy for CopyAtom<Op, T> {}
impl<Op, T> Default for CopyAtom<Op, T> {
    fn default() -> Self {
        CopyAtom(PhantomData)
    }
}
impl<Op: CopyTraits, T: ValueType> fmt::Display for CopyAtom<Op, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Copy_Atom<{}, {}>", Op::default(), T::NAME)
    }
}

/// `recast_layout<uint1_t, T>` of a bit layout: the layout in units of `T`.
type Vals<L, T> = <L as RecastLayout<U1, <T as ValueType>::Bits>>::Output;

/// The check of `Copy_Atom<Op, T>` that each layout, read in units of `T`,
/// keeps one row per atom thread: `size<0>` of the value layout must equal
/// `size(ThrID)`.
#[diagnostic::on_unimplemented(
    message = "Copy_Atom: CopyOperation is not valid for this ValType: a layout read in units of the value type no longer has one row per atom thread",
    label = "CuTe: \"CopyOperation is not valid for Src of ValType.\" (the op moves whole registers: its layouts need values no wider than its bits per thread)"
)]
#[doc(hidden)]
pub trait RowsPerThread<N> {}
impl<N> RowsPerThread<N> for N {}

/// `size<0>` of a layout.
#[doc(hidden)]
pub trait Rows {
    /// The size.
    type Output;
}
impl<S0: Size, ST, D> Rows for Layout<HCons<S0, ST>, D> {
    type Output = S0::Size;
}
/// `size<1>` of a layout.
#[doc(hidden)]
pub trait Cols {
    /// The size.
    type Output;
}
impl<S0, S1: Size, ST, D> Cols for Layout<HCons<S0, HCons<S1, ST>>, D> {
    type Output = S1::Size;
}

/// The value layouts of a [`CopyAtom`], as types.
pub trait CopyAtomTypes: Copy + Default + fmt::Display {
    /// The operation.
    type Op: CopyTraits;
    /// `ValLayoutSrc`: (thread, value) -> value.
    type ValLayoutSrc: Copy + Default + fmt::Display;
    /// `ValLayoutDst`.
    type ValLayoutDst: Copy + Default + fmt::Display;
    /// `ValLayoutRef`.
    type ValLayoutRef: Copy + Default + fmt::Display;
    /// `AtomNumThr`: `size<0>(ValLayoutRef)`.
    type NumThr: crate::int::Int + Default;
    /// `AtomNumVal`: `size<1>(ValLayoutRef)`.
    type NumVal: crate::int::Int + Default;
}
impl<Op: CopyTraits, T: ValueType> CopyAtomTypes for CopyAtom<Op, T>
where
    Op::ThrID: LayoutParts,
    <Op::ThrID as LayoutParts>::Shape: Size,
    Op::SrcLayout: RecastLayout<U1, T::Bits>,
    Op::DstLayout: RecastLayout<U1, T::Bits>,
    Op::RefLayout: RecastLayout<U1, T::Bits>,
    Vals<Op::SrcLayout, T>: Copy + Default + fmt::Display + Rows,
    Vals<Op::DstLayout, T>: Copy + Default + fmt::Display + Rows,
    Vals<Op::RefLayout, T>: Copy + Default + fmt::Display + Rows + Cols,
    <Vals<Op::SrcLayout, T> as Rows>::Output:
        RowsPerThread<<<Op::ThrID as LayoutParts>::Shape as Size>::Size>,
    <Vals<Op::DstLayout, T> as Rows>::Output:
        RowsPerThread<<<Op::ThrID as LayoutParts>::Shape as Size>::Size>,
    <Vals<Op::RefLayout, T> as Rows>::Output: crate::int::Int + Default,
    <Vals<Op::RefLayout, T> as Cols>::Output: crate::int::Int + Default,
{
    type Op = Op;
    type ValLayoutSrc = Vals<Op::SrcLayout, T>;
    type ValLayoutDst = Vals<Op::DstLayout, T>;
    type ValLayoutRef = Vals<Op::RefLayout, T>;
    type NumThr = <Vals<Op::RefLayout, T> as Rows>::Output;
    type NumVal = <Vals<Op::RefLayout, T> as Cols>::Output;
}
