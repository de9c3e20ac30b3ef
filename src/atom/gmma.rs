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
//!   the atom was made for;
//! - [`make_gmma_desc`] gives the descriptor GMMA reads such a tile
//!   through, as a constant of the layout's type: CuTe's conditions on a
//!   canonical GMMA layout (`static_assert`s there) are trait bounds here,
//!   each failing with CuTe's message, and the fields (leading and stride
//!   byte offsets, swizzle mode) are computed in `const` from the static
//!   strides, so a descriptor costs no run time and no layout algebra
//!   beyond the `uint128_t` recast and one `logical_divide` of the type.
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

use typenum::{B1, Integer, IsGreaterOrEqual, P1, P8, PInt, Prod, Quot, U0, U1, U2, U3, U4, U8};
use typenum::{U16, U32, U64, U128, Unsigned};

use super::tiled_copy::Sizes2;
use crate::int::{IntRem, Magnitude, Mod};
use crate::layout::Layout;
use crate::swizzle::UpcastPair;
use crate::swizzle::{ComposedLayout, Swizzle, SwizzleParams, SwizzleTn};
use crate::tensor::{Element, IntoTensorLayout, TensorDivide, TensorReach};
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

/// The four GMMA swizzle modes (CuTe's `GMMA::LayoutType`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GmmaSwizzle {
    /// No swizzle: 16-byte rows interleaved in 8x8 cores.
    Inter,
    /// 32-byte swizzle.
    Sw32,
    /// 64-byte swizzle.
    Sw64,
    /// 128-byte swizzle.
    Sw128,
}

impl GmmaSwizzle {
    /// The descriptor's `layout_type` code.
    const fn code(self) -> u64 {
        match self {
            GmmaSwizzle::Inter => 0,
            GmmaSwizzle::Sw128 => 1,
            GmmaSwizzle::Sw64 => 2,
            GmmaSwizzle::Sw32 => 3,
        }
    }

    const fn name(self) -> &'static str {
        match self {
            GmmaSwizzle::Inter => "INTERLEAVE",
            GmmaSwizzle::Sw32 => "B32",
            GmmaSwizzle::Sw64 => "B64",
            GmmaSwizzle::Sw128 => "B128",
        }
    }
}

/// CuTe's `GmmaDescriptor`: the 64-bit word GMMA reads a shared-memory
/// operand through, for a tile at address 0. The typed
/// [`make_gmma_desc`] and the runtime `GmmaSmem::make_gmma_desc` both
/// return it, so the two print alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GmmaDescriptor {
    /// Start address in 16-byte units.
    pub start_addr: u64,
    /// Leading dimension byte offset, in 16-byte units.
    pub leading_off: u64,
    /// Stride dimension byte offset, in 16-byte units.
    pub stride_off: u64,
    /// Base offset (0: the tile is aligned).
    pub base_offset: u64,
    /// The swizzle mode.
    pub layout_type: GmmaSwizzle,
}

impl GmmaDescriptor {
    /// The descriptor of a tile at address 0 with these byte offsets (in
    /// 16-byte units), each cut to its 14-bit field as CuTe's bitfield
    /// assignment cuts it.
    pub(crate) const fn at_zero(
        leading_off: i64,
        stride_off: i64,
        layout_type: GmmaSwizzle,
    ) -> Self {
        GmmaDescriptor {
            start_addr: 0,
            leading_off: (leading_off as u64) & 0x3fff,
            stride_off: (stride_off as u64) & 0x3fff,
            base_offset: 0,
            layout_type,
        }
    }

    /// The descriptor's 64-bit word.
    pub const fn word(&self) -> u64 {
        self.start_addr
            | (self.leading_off << 16)
            | (self.stride_off << 32)
            | (self.base_offset << 49)
            | (self.layout_type.code() << 62)
    }
}

impl fmt::Display for GmmaDescriptor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "GmmaDescriptor(0x{:016x}: start_addr={}, leading_off={}, stride_off={}, base_offset={}, layout_type={})",
            self.word(),
            self.start_addr,
            self.leading_off,
            self.stride_off,
            self.base_offset,
            self.layout_type.name()
        )
    }
}

/// The swizzle of a GMMA layout: CuTe's `layout_type` accepts exactly
/// `Swizzle<B,4,3>` with `0 <= B <= 3`.
#[diagnostic::on_unimplemented(
    message = "make_gmma_desc: Unsupported layout swizzle: `{Self}` is not Swizzle<B,4,3> with 0 <= B <= 3",
    label = "CuTe's layout_type: static_assert(M == 4 && 0 <= B && B <= 3 && S == 3)"
)]
#[doc(hidden)]
pub trait GmmaLayoutType {
    /// The swizzle mode.
    const LAYOUT_TYPE: GmmaSwizzle;
    /// `W`: the swizzle's width in `uint128_t`s, static.
    type W;
    /// `B1` for `INTERLEAVE` (whose canonical form leaves one stride free).
    type Inter;
}
macro_rules! layout_types {
    ($($b:literal => $T:ident, $W:ident, $Inter:ident;)*) => {$(
        impl GmmaLayoutType for Swizzle<$b, 4, 3> {
            const LAYOUT_TYPE: GmmaSwizzle = GmmaSwizzle::$T;
            type W = typenum::$W;
            type Inter = typenum::$Inter;
        }
    )*};
}
layout_types! {
    0 => Inter, P1, B1;
    1 => Sw32, P2, B0;
    2 => Sw64, P4, B0;
    3 => Sw128, P8, B0;
}

/// CuTe's `static_assert`s of `make_gmma_desc`, one trait per condition,
/// each failing with CuTe's message. `$Free` is the stride check that
/// `INTERLEAVE` skips (`Inter = B1`: any stride; otherwise `_1` only).
macro_rules! gmma_conditions {
    ($($(#[$doc:meta])* $Trait:ident $(<$P:ident>)? = $msg:literal;)*) => {$(
        $(#[$doc])*
        #[diagnostic::on_unimplemented(message = $msg, label = "CuTe: make_gmma_desc static_assert")]
        #[doc(hidden)]
        pub trait $Trait $(<$P>)? {}
    )*};
}
gmma_conditions! {
    /// `rank(layout) == 2`.
    GmmaRank2 = "GMMA Descriptors can only be constructed on rank-2 tensors.";
    /// `size<1>(u128) * sizeof_bits<T>` is 256 (dense), 128 or 512 (sparse).
    GmmaMnKSize = "Not a canonical GMMA_MN Layout: Expected K-size 256/sizeof_bits<T> for dense or (128|512)/sizeof_bits<T> for sparse.";
    /// A leaf of the MN canonical layout `((W,n),(8,k))`.
    GmmaMnProfile = "Not a canonical GMMA_MN Layout: Expected profile failure.";
    /// A stride of the MN canonical layout: `stride<1,0> == W`, and
    /// `stride<0,0> == 1` unless `INTERLEAVE`.
    GmmaMnStride<Expected> = "Not a canonical GMMA_MN Layout: Expected stride failure.";
    /// `size<0>(u128) % 8 == 0`.
    GmmaKMnSize = "Not a canonical GMMA_K Layout: Expected MN-size multiple of 8.";
    /// `size<1>(u128)` is 2 (dense) or 4 (sparse).
    GmmaKSize = "Not a canonical GMMA_K Layout: Expected K-size 2 for dense or 4 for sparse (in units of uint128_t).";
    /// A leaf of the K canonical layout `((8,m),(2,1))`.
    GmmaKProfile = "Not a canonical GMMA_K Layout: Expected profile failure.";
    /// A stride of the K canonical layout: `stride<0,0> == W`, and
    /// `stride<1,0> == 1` unless `INTERLEAVE`.
    GmmaKStride<Expected> = "Not a canonical GMMA_K Layout: Expected stride failure.";
}
impl<A, B> GmmaRank2 for HCons<A, HCons<B, HNil>> {}
impl GmmaMnKSize for U128 {}
impl GmmaMnKSize for typenum::U256 {}
impl GmmaMnKSize for typenum::U512 {}
impl GmmaKMnSize for typenum::Z0 {}
impl GmmaKSize for typenum::P2 {}
impl GmmaKSize for typenum::P4 {}
/// The stride a condition expects: `Exactly<D>` only `D`; `AnyIf<B1>` (an
/// `INTERLEAVE` layout's free stride) any, `AnyIf<B0>` only `_1`.
#[doc(hidden)]
pub struct Exactly<D>(PhantomData<D>);
#[doc(hidden)]
pub struct AnyIf<Inter>(PhantomData<Inter>);
macro_rules! gmma_leaf_impls {
    ($($Profile:ident, $Stride:ident;)*) => {$(
        impl<U: Unsigned + typenum::NonZero> $Profile for PInt<U> {}
        impl<D> $Stride<Exactly<D>> for D {}
        impl<D> $Stride<AnyIf<B1>> for D {}
        impl $Stride<AnyIf<typenum::B0>> for P1 {}
    )*};
}
gmma_leaf_impls! {
    GmmaMnProfile, GmmaMnStride;
    GmmaKProfile, GmmaKStride;
}

macro_rules! canonical_2x2 {
    ($($Trait:ident, $Profile:ident, $msg:literal;)*) => {$(
        /// The static strides of a canonical layout `((s00,s01),(s10,s11))`
        /// with leaves only (CuTe's `congruent(canonical, ((_1,_1),(_1,_1)))`).
        #[diagnostic::on_unimplemented(message = $msg, label = "CuTe: make_gmma_desc static_assert")]
        #[doc(hidden)]
        pub trait $Trait {
            /// `stride<0,0>`.
            type D00;
            /// `stride<0,1>`.
            type D01;
            /// `stride<1,0>`.
            type D10;
            /// `stride<1,1>`.
            type D11;
        }
        impl<S00, S01, S10, S11, D00, D01, D10, D11> $Trait
            for Layout<H2<H2<S00, S01>, H2<S10, S11>>, H2<H2<D00, D01>, H2<D10, D11>>>
        where
            S00: $Profile,
            S01: $Profile,
            S10: $Profile,
            S11: $Profile,
        {
            type D00 = D00;
            type D01 = D01;
            type D10 = D10;
            type D11 = D11;
        }
    )*};
}
type H2<A, B> = HCons<A, HCons<B, HNil>>;
canonical_2x2! {
    MnCanonical2x2, GmmaMnProfile, "Not a canonical GMMA_MN Layout: Expected profile failure.";
    KCanonical2x2, GmmaKProfile, "Not a canonical GMMA_K Layout: Expected profile failure.";
}

/// `128 / sizeof_bits<T>`: the elements of one `uint128_t`.
type PerU128<Bits> = Quot<U128, Bits>;
/// `layout(recast<uint128_t>(tensor))` of a flagged layout `Layout<S, D>`.
type U128Layout<S, D, Bits> =
    Layout<<S as UpcastPair<D, PerU128<Bits>>>::S, <S as UpcastPair<D, PerU128<Bits>>>::D>;
/// `size<0>` and `size<1>` of the `uint128_t` layout.
type Size0<S, D, Bits> = <U128Layout<S, D, Bits> as Sizes2>::Thr;
type Size1<S, D, Bits> = <U128Layout<S, D, Bits> as Sizes2>::Val;
/// CuTe's `canonical_layout`: `logical_divide(u128, Tile<Layout<A,_1>,Layout<B,_1>>)`.
type CanonicalOf<S, D, Bits, A, B> =
    <U128Layout<S, D, Bits> as TensorDivide<H2<Layout<A, P1>, Layout<B, P1>>>>::Logical;
/// The MN tile `(W, 8)` and the K tile `(8, 2)`.
type MnCanonical<Sw, S, D, Bits> = CanonicalOf<S, D, Bits, <Sw as GmmaLayoutType>::W, P8>;
type KCanonical<S, D, Bits> = CanonicalOf<S, D, Bits, P8, typenum::P2>;

/// The descriptor of a flagged static layout for `Major`
/// (`Major::K` or `Major::MN`), computed from its type: CuTe's
/// `make_gmma_desc<Major>` conditions are trait bounds, each failing with
/// CuTe's message, and the fields a `const`.
pub trait GmmaDescOf<Major> {
    /// The descriptor.
    const DESC: GmmaDescriptor;
}

impl<Sw, Bits, S, D> GmmaDescOf<Major::MN>
    for ComposedLayout<Sw, SmemPtrFlagBits<Bits>, Layout<S, D>>
where
    Sw: GmmaLayoutType,
    S: GmmaRank2 + UpcastPair<D, PerU128<Bits>>,
    U128: core::ops::Div<Bits>,
    U128Layout<S, D, Bits>: Sizes2 + TensorDivide<H2<Layout<Sw::W, P1>, Layout<P8, P1>>>,
    Size1<S, D, Bits>: Magnitude,
    <Size1<S, D, Bits> as Magnitude>::Output: core::ops::Mul<Bits>,
    Prod<<Size1<S, D, Bits> as Magnitude>::Output, Bits>: GmmaMnKSize,
    MnCanonical<Sw, S, D, Bits>: MnCanonical2x2,
    <MnCanonical<Sw, S, D, Bits> as MnCanonical2x2>::D00: GmmaMnStride<AnyIf<Sw::Inter>>,
    <MnCanonical<Sw, S, D, Bits> as MnCanonical2x2>::D10: GmmaMnStride<Exactly<Sw::W>>,
    <MnCanonical<Sw, S, D, Bits> as MnCanonical2x2>::D01: Integer,
    <MnCanonical<Sw, S, D, Bits> as MnCanonical2x2>::D11: Integer,
{
    const DESC: GmmaDescriptor = {
        let d01 = <<MnCanonical<Sw, S, D, Bits> as MnCanonical2x2>::D01 as Integer>::I64;
        let d11 = <<MnCanonical<Sw, S, D, Bits> as MnCanonical2x2>::D11 as Integer>::I64;
        // INTERLEAVE swaps which stride is the leading one.
        let (lbo, sbo) = match Sw::LAYOUT_TYPE {
            GmmaSwizzle::Inter => (d11, d01),
            _ => (d01, d11),
        };
        GmmaDescriptor::at_zero(lbo, sbo, Sw::LAYOUT_TYPE)
    };
}

impl<Sw, Bits, S, D> GmmaDescOf<Major::K>
    for ComposedLayout<Sw, SmemPtrFlagBits<Bits>, Layout<S, D>>
where
    Sw: GmmaLayoutType,
    S: GmmaRank2 + UpcastPair<D, PerU128<Bits>>,
    U128: core::ops::Div<Bits>,
    U128Layout<S, D, Bits>: Sizes2 + TensorDivide<H2<Layout<P8, P1>, Layout<typenum::P2, P1>>>,
    Size0<S, D, Bits>: IntRem<P8>,
    Mod<Size0<S, D, Bits>, P8>: GmmaKMnSize,
    Size1<S, D, Bits>: GmmaKSize,
    KCanonical<S, D, Bits>: KCanonical2x2,
    <KCanonical<S, D, Bits> as KCanonical2x2>::D00: GmmaKStride<Exactly<Sw::W>>,
    <KCanonical<S, D, Bits> as KCanonical2x2>::D10: GmmaKStride<AnyIf<Sw::Inter>> + Integer,
    <KCanonical<S, D, Bits> as KCanonical2x2>::D01: Integer,
{
    const DESC: GmmaDescriptor = GmmaDescriptor::at_zero(
        <<KCanonical<S, D, Bits> as KCanonical2x2>::D10 as Integer>::I64,
        <<KCanonical<S, D, Bits> as KCanonical2x2>::D01 as Integer>::I64,
        Sw::LAYOUT_TYPE,
    );
}

/// CuTe's `make_gmma_desc<Major>(tensor)` for a tensor at shared-memory
/// address 0 over the flagged static layout `layout` (a GMMA atom, tiled
/// or composed): the descriptor GMMA reads the operand through. The
/// layout must be one of CuTe's canonical forms for `Major`: with `T`
/// elements per `uint128_t` and `W` the swizzle's width in `uint128_t`s,
/// `((8,m),(T,2)):((W·T,SBO),(1,T))` for K (`INTERLEAVE`:
/// `((8,m),(T,2)):((T,SBO),(1,LBO))`) and `((T,W,m),(8,k)):((1,T,LBO),(W·T,SBO))`
/// for MN. Each of CuTe's conditions is a trait bound here, so a layout
/// that breaks one does not compile, and the error's first line is CuTe's
/// message. The result is a constant ([`GmmaDescOf::DESC`]).
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::atom::gmma::{Layout_K_SW32_Atom, Layout_MN_SW128_Atom, Major, make_gmma_desc};
/// use cute_algebra::half::f16;
/// // Expected values printed by CuTe C++ (tests/data/public-atoms.tsv, p0220 and p0099).
/// let k = tile_to_shape(Layout_K_SW32_Atom::<i8>::default(), shape![16, 32]);
/// assert_eq!(make_gmma_desc::<Major::K>(k).to_string(),
///     "GmmaDescriptor(0xc000001000010000: start_addr=0, leading_off=1, stride_off=16, base_offset=0, layout_type=B32)");
/// let mn = tile_to_shape(Layout_MN_SW128_Atom::<f16>::default(), shape![64, 16]);
/// let desc = make_gmma_desc::<Major::MN>(mn);
/// assert_eq!((desc.leading_off, desc.stride_off), (0, 64));
/// assert_eq!(desc.word(), 0x4000004000000000);
/// ```
#[inline(always)]
pub fn make_gmma_desc<M: GmmaMajor>(layout: impl GmmaDescOf<M>) -> GmmaDescriptor {
    desc_of(&layout)
}
#[inline(always)]
const fn desc_of<M, L: GmmaDescOf<M>>(_: &L) -> GmmaDescriptor {
    L::DESC
}
