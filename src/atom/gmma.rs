//! The SM90 GMMA shared-memory layout atoms as typed layouts:
//! `GMMA::Layout_{K,MN}_{INTER,SW32,SW64,SW128}_Atom<T>`, carrying the
//! byte meaning of their swizzle.
//!
//! CuTe writes each atom for bits and `upcast`s it to the element:
//! `Layout_K_SW128_Atom<half_t>` is `Sw<3,4,3> o smem_ptr[16b](unset) o
//! (_8,_64):(_64,_1)`. The swizzle `Sw<3,4,3>` acts on *byte* addresses
//! (the `smem_ptr_flag_bits<16>` says so): on `half_t` element offsets it
//! is `Sw<3,3,3>`. Copying the printed form into an element-offset layout
//! gives a different function (a 2-way bank conflict on every row), and
//! nothing warns. Here the flag is a type, [`SmemPtrFlagBits`], so:
//! - the atoms print as CuTe prints them, and `tile_to_shape` keeps the
//!   flag (`Sw<3,4,3> o smem_ptr[16b](unset) o ((_8,_16),(_64,_1)):…`);
//! - [`as_position_independent_swizzle_layout`] gives the element-offset
//!   form (`Sw<3,3,3> o _0 o (_8,_64):(_64,_1)`), as CuTe's does;
//! - `make_tensor`/`make_tensor_mut` over a flagged layout apply the
//!   swizzle in element units (CuTe's `make_tensor(make_smem_ptr(p),
//!   atom)`), and refuse, at compile time, elements of another size than
//!   the atom was made for.
//!
//! ```
//! use cute_algebra::prelude::*;
//! use cute_algebra::atom::gmma::{Layout_K_SW128_Atom, as_position_independent_swizzle_layout};
//! use cute_algebra::half::f16;
//! use cute_algebra::tensor::make_tensor;
//! let atom = Layout_K_SW128_Atom::<f16>::default();
//! assert_eq!(atom.to_string(), "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)");
//! let elems = as_position_independent_swizzle_layout(atom);
//! assert_eq!(elems.to_string(), "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)");
//! // A tensor over the atom: row 1 swaps its 8-element chunks pairwise.
//! let smem: Vec<f16> = (0..512).map(|i| f16::from_f32(i as f32)).collect();
//! let t = make_tensor(&smem, atom);
//! assert_eq!(t.at(coord![1, 0]).to_f32(), 72.0);
//! assert_eq!(t.at(coord![1, 8]).to_f32(), 64.0);
//! ```
#![allow(non_camel_case_types)]

use core::fmt;
use core::marker::PhantomData;

use typenum::{B1, IsGreaterOrEqual, P1, P8, PInt, Prod, Quot, U0, U1, U2, U3, U4, U8};
use typenum::{U16, U32, U64, U128, Unsigned};

use crate::layout::Layout;
use crate::swizzle::{ComposedLayout, Swizzle, SwizzleParams, SwizzleTn};
use crate::tensor::{Element, IntoTensorLayout, TensorReach};
use frunk_core::hlist::{HCons, HNil};

/// CuTe's `GMMA::Major`: which mode of an operand is contiguous in shared
/// memory, a template argument of the 16-bit GMMA atoms
/// (`SM90_64x64x16_F16F16F16_SS<GMMA::Major::K, GMMA::Major::MN>`).
#[allow(non_snake_case)]
pub mod Major {
    /// `GMMA::Major::K`: K is the contiguous mode.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub struct K;
    /// `GMMA::Major::MN`: M (for A) or N (for B) is the contiguous mode.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub struct MN;
}

/// A [`Major`] type: its name as CuTe prints the template argument.
pub trait GmmaMajor: Copy + Default {
    /// `K` or `MN`.
    const NAME: &'static str;
}
impl GmmaMajor for Major::K {
    const NAME: &'static str = "K";
}
impl GmmaMajor for Major::MN {
    const NAME: &'static str = "MN";
}

/// The majors allowed for operand A of a GMMA that reads A from
/// `Source` ([`SS`]: shared memory, either major; [`RS`]: registers, K
/// only, as CuTe's `static_assert` in the `_RS` operations requires).
#[diagnostic::on_unimplemented(
    message = "MMA_Atom: Register source operand A must have K major layout.",
    label = "`{Self}` is not `GMMA::Major::K`, and this GMMA reads A from registers"
)]
pub trait OperandAMajor<Source>: GmmaMajor {}
impl OperandAMajor<SS> for Major::K {}
impl OperandAMajor<SS> for Major::MN {}
impl OperandAMajor<RS> for Major::K {}

/// A GMMA whose operands A and B both come from shared memory (`_SS`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SS;
/// A GMMA whose operand A comes from registers (`_RS`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RS;

/// CuTe's `smem_ptr_flag_bits<Bits>`: the offset slot of a composed
/// layout whose swizzle acts on the byte addresses of shared memory
/// holding `Bits`-bit elements (`Bits` a typenum unsigned). It prints as
/// CuTe prints it: `smem_ptr[16b](unset)`.
///
/// ```
/// use cute_algebra::atom::gmma::SmemPtrFlagBits;
/// use cute_algebra::typenum::U16;
/// assert_eq!(SmemPtrFlagBits::<U16>::default().to_string(), "smem_ptr[16b](unset)");
/// ```
pub struct SmemPtrFlagBits<Bits>(PhantomData<Bits>);

impl<Bits> Clone for SmemPtrFlagBits<Bits> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<Bits> Copy for SmemPtrFlagBits<Bits> {}
impl<Bits> Default for SmemPtrFlagBits<Bits> {
    fn default() -> Self {
        SmemPtrFlagBits(PhantomData)
    }
}
impl<Bits: Unsigned> fmt::Debug for SmemPtrFlagBits<Bits> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
impl<Bits: Unsigned> fmt::Display for SmemPtrFlagBits<Bits> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "smem_ptr[{}b](unset)", Bits::USIZE)
    }
}
impl<Bits> PartialEq for SmemPtrFlagBits<Bits> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}
impl<Bits> Eq for SmemPtrFlagBits<Bits> {}

/// CuTe's print form of a flagged composed layout: `Sw<3,4,3> o
/// smem_ptr[16b](unset) o (_8,_64):(_64,_1)`.
impl<A: fmt::Display + Copy, Bits: Unsigned, B: fmt::Display + Copy> fmt::Display
    for ComposedLayout<A, SmemPtrFlagBits<Bits>, B>
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} o {} o {}",
            self.swizzle(),
            self.offset(),
            self.layout()
        )
    }
}

/// The flag of `T`-sized elements: `smem_ptr_flag_bits<sizeof_bits<T>>`.
pub type FlagOf<T> = SmemPtrFlagBits<Prod<<T as Element>::Bytes, U8>>;
/// `W / sizeof(T)` elements of `T` in `W` bytes, static.
type Elems<W, T> = PInt<Quot<W, <T as Element>::Bytes>>;
/// A K-major atom: 8 rows of `W` bytes, `(_8, W/sizeof(T)):(W/sizeof(T), _1)`.
type KAtom<Sw, W, T> = ComposedLayout<
    Sw,
    FlagOf<T>,
    Layout<HCons<P8, HCons<Elems<W, T>, HNil>>, HCons<Elems<W, T>, HCons<P1, HNil>>>,
>;
/// An MN-major atom: `(W/sizeof(T), _8):(_1, W/sizeof(T))`.
type MnAtom<Sw, W, T> = ComposedLayout<
    Sw,
    FlagOf<T>,
    Layout<HCons<Elems<W, T>, HCons<P8, HNil>>, HCons<P1, HCons<Elems<W, T>, HNil>>>,
>;

/// CuTe's `GMMA::Layout_K_INTER_Atom<T>`: `Sw<0,4,3> o smem_ptr o (_8, 16B)`.
pub type Layout_K_INTER_Atom<T> = KAtom<Swizzle<0, 4, 3>, U16, T>;
/// CuTe's `GMMA::Layout_K_SW32_Atom<T>`: `Sw<1,4,3> o smem_ptr o (_8, 32B)`.
pub type Layout_K_SW32_Atom<T> = KAtom<Swizzle<1, 4, 3>, U32, T>;
/// CuTe's `GMMA::Layout_K_SW64_Atom<T>`: `Sw<2,4,3> o smem_ptr o (_8, 64B)`.
pub type Layout_K_SW64_Atom<T> = KAtom<Swizzle<2, 4, 3>, U64, T>;
/// CuTe's `GMMA::Layout_K_SW128_Atom<T>`: `Sw<3,4,3> o smem_ptr o (_8, 128B)`.
pub type Layout_K_SW128_Atom<T> = KAtom<Swizzle<3, 4, 3>, U128, T>;
/// CuTe's `GMMA::Layout_MN_INTER_Atom<T>`: `Sw<0,4,3> o smem_ptr o (16B, _8)`.
pub type Layout_MN_INTER_Atom<T> = MnAtom<Swizzle<0, 4, 3>, U16, T>;
/// CuTe's `GMMA::Layout_MN_SW32_Atom<T>`: `Sw<1,4,3> o smem_ptr o (32B, _8)`.
pub type Layout_MN_SW32_Atom<T> = MnAtom<Swizzle<1, 4, 3>, U32, T>;
/// CuTe's `GMMA::Layout_MN_SW64_Atom<T>`: `Sw<2,4,3> o smem_ptr o (64B, _8)`.
pub type Layout_MN_SW64_Atom<T> = MnAtom<Swizzle<2, 4, 3>, U64, T>;
/// CuTe's `GMMA::Layout_MN_SW128_Atom<T>`: `Sw<3,4,3> o smem_ptr o (128B, _8)`.
pub type Layout_MN_SW128_Atom<T> = MnAtom<Swizzle<3, 4, 3>, U128, T>;

/// `log2(Bits / 8)`: how many low address bits one element spans.
#[diagnostic::on_unimplemented(
    message = "smem_ptr_flag_bits: `{Self}` bits is not the size of a shared-memory element",
    label = "the flag's bits must be 8, 16, 32, 64 or 128 (a whole, power-of-two number of bytes)"
)]
#[doc(hidden)]
pub trait ElemBytesLog2 {
    /// `log2(Bits / 8)`, a typenum unsigned.
    type Log2: Unsigned;
}
crate::int::output_impls! {
    type Log2;
    [] U8 as ElemBytesLog2 => U0;
    [] U16 as ElemBytesLog2 => U1;
    [] U32 as ElemBytesLog2 => U2;
    [] U64 as ElemBytesLog2 => U3;
    [] U128 as ElemBytesLog2 => U4;
}

/// The swizzle's unit of `2^M` bytes holds a whole element (`M >= log2
/// sizeof(T)`), so that the swizzle can be written on element offsets.
#[diagnostic::on_unimplemented(
    message = "as_position_independent_swizzle_layout: the swizzle's 2^M-byte unit is smaller than one element",
    label = "CuTe's recast of the swizzle to element units needs M >= log2(sizeof(T))"
)]
#[doc(hidden)]
pub trait UnitHoldsElement<K> {}
impl<M: IsGreaterOrEqual<K, Output = B1>, K> UnitHoldsElement<K> for M {}

/// The element-offset swizzle of a byte swizzle `Sw` over `Bits`-bit
/// elements: `Swizzle<B, M - log2(sizeof(T)), S>`.
pub type ElemSwizzle<Sw, Bits> = SwizzleTn<
    <Sw as SwizzleParams>::Bits,
    <<Sw as SwizzleParams>::Base as core::ops::Sub<<Bits as ElemBytesLog2>::Log2>>::Output,
    <Sw as SwizzleParams>::Shift,
>;
/// The result of [`as_position_independent_swizzle_layout`].
pub type PositionIndependent<Sw, Bits, L> = ComposedLayout<ElemSwizzle<Sw, Bits>, typenum::Z0, L>;

/// CuTe's `as_position_independent_swizzle_layout(layout)`: a flagged
/// (byte-swizzled) composed layout as the same function on element
/// offsets, `Sw<B, M - log2(sizeof(T)), S> o _0 o L`. This is what a
/// tensor over the layout indexes with (`make_tensor` applies it).
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::atom::gmma::{Layout_K_SW32_Atom, Layout_MN_SW64_Atom, as_position_independent_swizzle_layout};
/// use cute_algebra::half::f16;
/// let l = as_position_independent_swizzle_layout(Layout_MN_SW64_Atom::<f16>::default());
/// assert_eq!(l.to_string(), "Sw<2,3,3> o _0 o (_32,_8):(_1,_32)");
/// let l = as_position_independent_swizzle_layout(Layout_K_SW32_Atom::<f32>::default());
/// assert_eq!(l.to_string(), "Sw<1,2,3> o _0 o (_8,_8):(_8,_1)");
/// // Tiled to a CTA's tile, the flag stays until the conversion.
/// let tile = tile_to_shape(Layout_K_SW32_Atom::<f32>::default(), shape![16, 8]);
/// assert_eq!(as_position_independent_swizzle_layout(tile).to_string(),
///            "Sw<1,2,3> o _0 o ((_8,_2),(_8,_1)):((_8,_64),(_1,_0))");
/// ```
#[inline(always)]
pub fn as_position_independent_swizzle_layout<Sw, Bits, L>(
    layout: ComposedLayout<Sw, SmemPtrFlagBits<Bits>, L>,
) -> PositionIndependent<Sw, Bits, L>
where
    Sw: SwizzleParams,
    Bits: ElemBytesLog2,
    Sw::Base: UnitHoldsElement<Bits::Log2> + core::ops::Sub<Bits::Log2>,
    L: Copy,
{
    ComposedLayout::new(SwizzleTn::default(), typenum::Z0::new(), layout.layout())
}

/// `sizeof_bits<T> == Bits`: a flagged layout atom made for `Bits`-bit
/// elements is used with `T`s of that size.
#[diagnostic::on_unimplemented(
    message = "make_tensor: `{Self}` is not the element this shared-memory layout atom was made for",
    label = "the layout's smem_ptr_flag_bits must equal sizeof_bits of the tensor's element",
    note = "build the atom for the tensor's element type (e.g. `Layout_K_SW128_Atom<f16>` over `[f16]`): its byte swizzle is then applied in units of that element"
)]
#[doc(hidden)]
pub trait ElementIsFlagBits<Bits> {}
impl<T: Element, Bits> ElementIsFlagBits<Bits> for T
where
    T::Bytes: core::ops::Mul<U8>,
    Prod<T::Bytes, U8>: typenum::Same<Bits, Output = Bits>,
{
}

/// A tensor over memory of `T`s on a flagged layout indexes through the
/// element-offset form of its swizzle.
impl<T, Sw, Bits, L> IntoTensorLayout<T> for ComposedLayout<Sw, SmemPtrFlagBits<Bits>, L>
where
    T: ElementIsFlagBits<Bits>,
    Sw: SwizzleParams,
    Bits: ElemBytesLog2,
    Sw::Base: UnitHoldsElement<Bits::Log2> + core::ops::Sub<Bits::Log2>,
    L: Copy,
    PositionIndependent<Sw, Bits, L>: TensorReach,
{
    type Layout = PositionIndependent<Sw, Bits, L>;
    #[inline(always)]
    fn into_tensor_layout(self) -> Self::Layout {
        as_position_independent_swizzle_layout(self)
    }
}
