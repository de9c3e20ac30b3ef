//! [`TiledMMA`]: CuTe's `make_tiled_mma` on typed atoms and static thread
//! layouts. The tiled MMA is a type; its thread-value layouts
//! (`get_layoutC_TV`, …), its tile size and its thread layout are
//! associated types computed by the typed algebra (CuTe's products,
//! divides, compositions and inverses of `mma_atom.hpp`), so they cost
//! nothing at run time, and `get_slice(tid).partition_C(tensor)` does only
//! the tensor's own index math.
//!
//! ```
//! use cute_algebra::prelude::*;
//! use cute_algebra::atom::{SM80_16x8x16_F16F16F16F16_TN, make_tiled_mma};
//! use cute_algebra::tensor::make_counting_tensor;
//! let mma = make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN, layout![(2, 2, 1)], tile![32, 32, 16]);
//! assert_eq!(mma.tile_size().to_cute_string(), "(_32,_32,_16)");
//! assert_eq!(mma.get_layoutC_TV().to_string(),
//!            "((_4,_8,_2,_2),((_2,_2),(_1,_2))):((_64,_1,_16,_256),((_32,_8),(_0,_512)))");
//! let c = make_counting_tensor(layout![(128, 128) : (1, 128)]);
//! let tc = mma.get_slice(5).partition_C(c); // a runtime thread index
//! assert_eq!(tc.to_string(), "counting_iter(257) o ((_2,_2),_4,_8):((_128,_8),_32,_2048)");
//! ```

use core::fmt;
use core::marker::PhantomData;

use frunk_core::hlist::{HCons, HNil};
use typenum::{NonZero, P1, PInt, Unsigned, Z0};

use super::mma::MmaTraits;
use crate::algebra::{
    ApplyTiler, Complement, Composition, FilteredCosize, Product, RightInverseLayout,
};
use crate::error::{LayoutError, ok_or_panic};
use crate::int::{Int, IntMul, IntRem, Mod, Prod};
use crate::layout::{
    FragmentLike, Layout, LayoutParts, MakeLayout, Underscore, make_fragment_like,
};
use crate::swizzle::ComposedLayout;
use crate::tensor::{
    FlatCoord, Owned, Shift, StaticCosize, Tensor, TensorDivide, TensorSlice, Underscores,
    make_tensor_owned,
};
use crate::tuple::{IntTuple, Size};

/// A pair, as an HList.
pub(crate) type H2<A, B> = HCons<A, HCons<B, HNil>>;
/// A triple, as an HList.
pub(crate) type H3<A, B, C> = HCons<A, H2<B, C>>;

/// CuTe's `TiledMMA<MMA_Atom, AtomLayoutMNK, PermutationMNK>`: an atom
/// repeated over a rank-3 layout of atoms (`Thr`) and a rank-3
/// permutation tile (`Perm`, `_` where the mode is not permuted). Built by
/// [`make_tiled_mma`].
#[derive(Clone, Copy, Debug, Default)]
pub struct TiledMMA<Atom, Thr, Perm> {
    atom: Atom,
    /// The thread layout and the permutation are static: types only.
    layout: PhantomData<(Thr, Perm)>,
}

/// The thread layout of `make_tiled_mma`, padded to rank 3 with `_1:_0`
/// as CuTe pads it.
#[diagnostic::on_unimplemented(
    message = "make_tiled_mma: TiledMMA requires rank-3 AtomLayoutMNK, got `{Self}`",
    label = "a static layout of rank at most 3 (CuTe: \"TiledMMA requires rank-3 AtomLayoutMNK\")"
)]
pub trait PadAtomLayout {
    /// The rank-3 layout.
    type Output: Copy + Default;
}
impl<U: Unsigned + NonZero, D: Int + Default> PadAtomLayout for Layout<PInt<U>, D> {
    type Output = Layout<H3<PInt<U>, P1, P1>, H3<D, Z0, Z0>>;
}
impl<S0: Copy + Default, D0: Copy + Default> PadAtomLayout
    for Layout<HCons<S0, HNil>, HCons<D0, HNil>>
{
    type Output = Layout<H3<S0, P1, P1>, H3<D0, Z0, Z0>>;
}
impl<S0: Copy + Default, S1: Copy + Default, D0: Copy + Default, D1: Copy + Default> PadAtomLayout
    for Layout<H2<S0, S1>, H2<D0, D1>>
{
    type Output = Layout<H3<S0, S1, P1>, H3<D0, D1, Z0>>;
}
impl<S0, S1, S2, D0, D1, D2> PadAtomLayout for Layout<H3<S0, S1, S2>, H3<D0, D1, D2>>
where
    Self: Copy + Default,
{
    type Output = Self;
}

/// The permutation of `make_tiled_mma`, padded to rank 3 with `_`.
#[diagnostic::on_unimplemented(
    message = "make_tiled_mma: TiledMMA requires rank-3 PermutationMNK, got `{Self}`",
    label = "`_` or a tile of at most 3 modes (CuTe: \"TiledMMA requires rank-3 PermutationMNK\")"
)]
pub trait PadPermutation {
    /// The rank-3 tile.
    type Output: Copy + Default;
}
impl PadPermutation for Underscore {
    type Output = H3<Underscore, Underscore, Underscore>;
}
impl<P0: Copy + Default> PadPermutation for HCons<P0, HNil> {
    type Output = H3<P0, Underscore, Underscore>;
}
impl<P0: Copy + Default, P1_: Copy + Default> PadPermutation for H2<P0, P1_> {
    type Output = H3<P0, P1_, Underscore>;
}
impl<P0, P1_, P2> PadPermutation for H3<P0, P1_, P2>
where
    Self: Copy + Default,
{
    type Output = Self;
}

/// `permutation_mnk<I>()`: a mode of the permutation, or for `_` the
/// atom's extent times the atoms tiled in that mode; and its size,
/// `tile_size<I>`.
#[doc(hidden)]
pub trait PermutationMode<Extent, Atoms> {
    /// The mode's tiler.
    type Tiler: Copy + Default;
    /// `size(tiler)`.
    type Size: Int + Default;
}
impl<E: IntMul<T>, T: Int> PermutationMode<E, T> for Underscore
where
    Prod<E, T>: Int + Default,
{
    type Tiler = Prod<E, T>;
    type Size = Prod<E, T>;
}
impl<U: Unsigned + NonZero, E, T> PermutationMode<E, T> for PInt<U>
where
    PInt<U>: Int + Default,
{
    type Tiler = Self;
    type Size = Self;
}
impl<S: Size, D: Copy + Default, E, T> PermutationMode<E, T> for Layout<S, D>
where
    S: Default,
    S::Size: Default,
{
    type Tiler = Self;
    type Size = S::Size;
}

/// The check of `make_tiled_mma` that the atom divides each mode of the
/// tile: the remainder of `tile_size<I> / size<I>(Shape_MNK)` must be `_0`.
#[diagnostic::on_unimplemented(
    message = "make_tiled_mma: the tile is not a multiple of the atom's Shape_MNK: tile_size<I> % size<I>(Shape_MNK) != 0",
    label = "each mode of the permutation tile must hold whole atoms"
)]
#[doc(hidden)]
pub trait AtomDividesTile {}
impl AtomDividesTile for Z0 {}

/// CuTe's `tiled_product(ThrID, AtomLayoutMNK)` read as the
/// `(ThrV, ThrM, ThrN, ThrK)` layout: the logical product's second mode
/// split into its three modes.
#[doc(hidden)]
pub trait SplitProduct {
    /// `(V, M, N, K)`.
    type Output;
}
impl<VS, VD, RS, RD> SplitProduct for Layout<H2<VS, RS>, H2<VD, RD>> {
    type Output = Layout<HCons<VS, RS>, HCons<VD, RD>>;
}

/// The static parts of a [`TiledMMA`], as types.
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::atom::{SM80_16x8x8_F16F16F16F16_TN, TiledMMA, TiledMmaTypes, make_tiled_mma};
/// fn vmnk<T: TiledMmaTypes>(_: T) -> String { T::ThrLayoutVMNK::default().to_string() }
/// let mma = make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN, layout![(2, 2, 1) : (2, 1, 0)], Underscore);
/// assert_eq!(vmnk(mma), "(_32,_2,_2,_1):(_1,_64,_32,_0)");
/// ```
pub trait TiledMmaTypes: Copy + Default {
    /// The atom.
    type Atom: MmaTraits;
    /// The atoms along M (`size<1>(ThrLayoutVMNK)`).
    type ThrM: Int + Default;
    /// The atoms along N.
    type ThrN: Int + Default;
    /// The atoms along K.
    type ThrK: Int + Default;
    /// `permutation_mnk<0>()`.
    type TilerM: Copy + Default;
    /// `permutation_mnk<1>()`.
    type TilerN: Copy + Default;
    /// `permutation_mnk<2>()`.
    type TilerK: Copy + Default;
    /// `tile_size<0>`.
    type TileM: Int + Default;
    /// `tile_size<1>`.
    type TileN: Int + Default;
    /// `tile_size<2>`.
    type TileK: Int + Default;
    /// `get_thr_layout_vmnk()`: `tiled_product(ThrID, AtomLayoutMNK)`.
    type ThrLayoutVMNK: Copy + Default + fmt::Display;
    /// thread index -> `(ThrV,ThrM,ThrN,ThrK)` index: `composition((size,_1):(_1,_0),
    /// right_inverse(make_layout(vmnk, complement(vmnk))))`.
    type ThrIdx2ThrId: Copy + Default;
}

/// `complement(vmnk)` with CuTe's default cotarget.
type ComplementOf<L> = <L as Complement<<L as FilteredCosize>::Output>>::Output;
/// `make_layout(vmnk, complement(vmnk))`.
type WithComplement<L> = <H2<L, ComplementOf<L>> as MakeLayout>::Output;
/// `(size,_1):(_1,_0)`.
type ThrIdxLayout<N> = Layout<H2<N, P1>, H2<P1, Z0>>;
type Vmnk<A, TS, TD> =
    <<Layout<TS, TD> as ApplyTiler<Product, <A as MmaTraits>::ThrID>>::Output as SplitProduct>::Output;
type SizeOf<L> = <<L as LayoutParts>::Shape as Size>::Size;

impl<A, S0, S1, S2, D0, D1, D2, Q0, Q1, Q2> TiledMmaTypes
    for TiledMMA<A, Layout<H3<S0, S1, S2>, H3<D0, D1, D2>>, H3<Q0, Q1, Q2>>
where
    A: MmaTraits,
    S0: Size,
    S1: Size,
    S2: Size,
    S0::Size: Default,
    S1::Size: Default,
    S2::Size: Default,
    Self: Copy + Default,
    Q0: PermutationMode<A::M, S0::Size>,
    Q1: PermutationMode<A::N, S1::Size>,
    Q2: PermutationMode<A::K, S2::Size>,
    Layout<H3<S0, S1, S2>, H3<D0, D1, D2>>: ApplyTiler<Product, A::ThrID>,
    <Layout<H3<S0, S1, S2>, H3<D0, D1, D2>> as ApplyTiler<Product, A::ThrID>>::Output: SplitProduct,
    Vmnk<A, H3<S0, S1, S2>, H3<D0, D1, D2>>: Copy
        + Default
        + fmt::Display
        + FilteredCosize
        + Complement<<Vmnk<A, H3<S0, S1, S2>, H3<D0, D1, D2>> as FilteredCosize>::Output>
        + LayoutParts,
    H2<
        Vmnk<A, H3<S0, S1, S2>, H3<D0, D1, D2>>,
        ComplementOf<Vmnk<A, H3<S0, S1, S2>, H3<D0, D1, D2>>>,
    >: MakeLayout,
    WithComplement<Vmnk<A, H3<S0, S1, S2>, H3<D0, D1, D2>>>: RightInverseLayout,
    <Vmnk<A, H3<S0, S1, S2>, H3<D0, D1, D2>> as LayoutParts>::Shape: Size,
    ThrIdxLayout<SizeOf<Vmnk<A, H3<S0, S1, S2>, H3<D0, D1, D2>>>>: Composition<
        <WithComplement<Vmnk<A, H3<S0, S1, S2>, H3<D0, D1, D2>>> as RightInverseLayout>::Output,
    >,
    <ThrIdxLayout<SizeOf<Vmnk<A, H3<S0, S1, S2>, H3<D0, D1, D2>>>> as Composition<
        <WithComplement<Vmnk<A, H3<S0, S1, S2>, H3<D0, D1, D2>>> as RightInverseLayout>::Output,
    >>::Output: Copy + Default,
{
    type Atom = A;
    type ThrM = S0::Size;
    type ThrN = S1::Size;
    type ThrK = S2::Size;
    type TilerM = Q0::Tiler;
    type TilerN = Q1::Tiler;
    type TilerK = Q2::Tiler;
    type TileM = Q0::Size;
    type TileN = Q1::Size;
    type TileK = Q2::Size;
    type ThrLayoutVMNK = Vmnk<A, H3<S0, S1, S2>, H3<D0, D1, D2>>;
    type ThrIdx2ThrId =
        <ThrIdxLayout<SizeOf<Vmnk<A, H3<S0, S1, S2>, H3<D0, D1, D2>>>> as Composition<
            <WithComplement<Vmnk<A, H3<S0, S1, S2>, H3<D0, D1, D2>>> as RightInverseLayout>::Output,
        >>::Output;
}

/// CuTe's `make_tiled_mma(atom, atom_layout, permutation)`: `atom_layout`
/// a static layout of rank at most 3 (padded with `_1:_0`), `permutation`
/// `_` or a tile of at most 3 modes (padded with `_`), each mode a static
/// integer or a static layout. A tile mode that the atom does not divide
/// does not compile.
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::atom::{SM70_8x8x4_F32F16F16F32_TN, make_tiled_mma};
/// let mma = make_tiled_mma(SM70_8x8x4_F32F16F16F32_TN, layout![(2, 2)], tile![16, 16, 4]);
/// assert_eq!(mma.to_string(),
///            "TiledMMA(MMA_Atom<SM70_8x8x4_F32F16F16F32_TN>, ThrLayoutVMNK: ((_4,_2),_2,_2,_1):((_1,_16),_4,_8,_0), PermutationMNK: <_16, _16, _4>)");
/// ```
#[allow(clippy::type_complexity)]
pub fn make_tiled_mma<A: MmaTraits, L: PadAtomLayout + TiledMmaOf<A, P>, P: PadPermutation>(
    atom: A,
    _atom_layout: L,
    _permutation: P,
) -> TiledMMA<A, L::Output, P::Output> {
    TiledMMA {
        atom,
        layout: PhantomData,
    }
}

/// `make_tiled_mma`'s bounds, on the atom layout: a bound whose self type
/// is the bare (not yet inferred) argument waits until the argument's type
/// is known, where `TiledMMA<A, L::Output, P::Output>: TiledMmaTypes`
/// would match the impl on inference variables and prove its chain of
/// products, complements and inverses on unknowns first (seconds of type
/// checking).
#[doc(hidden)]
pub trait TiledMmaOf<A, P> {}
impl<A: MmaTraits, L: PadAtomLayout, P: PadPermutation> TiledMmaOf<A, P> for L where
    TiledMMA<A, L::Output, P::Output>: TiledMmaTypes + AtomDividesTileMnk
{
}

/// The three remainders `tile_size<I> % size<I>(Shape_MNK)`.
#[doc(hidden)]
pub type TileChecks<T> = H3<
    Mod<<T as TiledMmaTypes>::TileM, <<T as TiledMmaTypes>::Atom as MmaTraits>::M>,
    Mod<<T as TiledMmaTypes>::TileN, <<T as TiledMmaTypes>::Atom as MmaTraits>::N>,
    Mod<<T as TiledMmaTypes>::TileK, <<T as TiledMmaTypes>::Atom as MmaTraits>::K>,
>;
/// Each of the three remainders is `_0`.
#[doc(hidden)]
pub trait AtomDividesTile3 {}
impl<R0: AtomDividesTile, R1: AtomDividesTile, R2: AtomDividesTile> AtomDividesTile3
    for H3<R0, R1, R2>
{
}
/// The atom divides the tile in each of M, N and K.
#[doc(hidden)]
pub trait AtomDividesTileMnk {}
impl<T: TiledMmaTypes> AtomDividesTileMnk for T
where
    T::TileM: IntRem<<T::Atom as MmaTraits>::M>,
    T::TileN: IntRem<<T::Atom as MmaTraits>::N>,
    T::TileK: IntRem<<T::Atom as MmaTraits>::K>,
    TileChecks<T>: AtomDividesTile3,
{
}

/// The operand markers: which of `D = A * B + C` a partition is for.
pub mod operand {
    /// A, (M,K).
    #[derive(Clone, Copy, Debug, Default)]
    pub struct A;
    /// B, (N,K).
    #[derive(Clone, Copy, Debug, Default)]
    pub struct B;
    /// C, (M,N).
    #[derive(Clone, Copy, Debug, Default)]
    pub struct C;
}

/// How an operand reads a tiled MMA: the modes of `(M,N,K)` it spans, its
/// atom layout, and the thread modes that tile it.
#[doc(hidden)]
pub trait OperandOf<T: TiledMmaTypes> {
    /// `make_tile(permutation_mnk<i>(), permutation_mnk<j>())`.
    type PermTile: Copy + Default;
    /// `make_tile(make_layout(size<i>(Shape_MNK)), make_layout(size<j>(Shape_MNK)))`.
    type AtomTile: Copy + Default;
    /// `make_tile(AtomLayoutX_TV, _)`.
    type AtomTv: Copy + Default;
    /// `make_tile(_, make_tile(make_layout(size<i>(vmnk)), make_layout(size<j>(vmnk))))`.
    type ThrTile: Copy + Default;
    /// The reference tile of `get_layoutX_TV`: `make_layout(tile_size<i>, tile_size<j>)`.
    type RefLayout: Copy + Default;
    /// `(ThrV,(ThrM,ThrK)) -> (ThrV,(ThrM,ThrN,ThrK))` for A and B (`_` for C).
    type Spread: Copy + Default;
    /// The thread's `(v,(i,j))` from its `(v,m,n,k)`.
    type Coord<V: Copy, M: Copy, N: Copy, K: Copy>: Copy;
    /// Picks it.
    fn coord<V: Copy, M: Copy, N: Copy, K: Copy>(
        c: HCons<V, H3<M, N, K>>,
    ) -> Self::Coord<V, M, N, K>;
}

type MakeL<N> = <N as MakeLayout>::Output;

macro_rules! operand_of {
    ($Op:ident, $Tv:ident, $Ti:ident, $Tj:ident, $Ri:ident, $Rj:ident, $Hi:ident, $Hj:ident,
     $Spread:ty, |$v:ident, $m:ident, $n:ident, $k:ident| ($ci:ident, $cj:ident): ($CI:ident, $CJ:ident), $Ei:ident, $Ej:ident) => {
        impl<T: TiledMmaTypes> OperandOf<T> for operand::$Op
        where
            <T::Atom as MmaTraits>::$Ei: MakeLayout,
            <T::Atom as MmaTraits>::$Ej: MakeLayout,
            MakeL<<T::Atom as MmaTraits>::$Ei>: Copy + Default,
            MakeL<<T::Atom as MmaTraits>::$Ej>: Copy + Default,
            T::$Hi: MakeLayout,
            T::$Hj: MakeLayout,
            MakeL<T::$Hi>: Copy + Default,
            MakeL<T::$Hj>: Copy + Default,
            H2<T::$Ri, T::$Rj>: MakeLayout,
            MakeL<H2<T::$Ri, T::$Rj>>: Copy + Default,
            $Spread: Copy + Default,
        {
            type PermTile = H2<T::$Ti, T::$Tj>;
            type AtomTile =
                H2<MakeL<<T::Atom as MmaTraits>::$Ei>, MakeL<<T::Atom as MmaTraits>::$Ej>>;
            type AtomTv = H2<<T::Atom as MmaTraits>::$Tv, Underscore>;
            type ThrTile = H2<Underscore, H2<MakeL<T::$Hi>, MakeL<T::$Hj>>>;
            type RefLayout = MakeL<H2<T::$Ri, T::$Rj>>;
            type Spread = $Spread;
            type Coord<V: Copy, M: Copy, N: Copy, K: Copy> = H2<V, H2<$CI, $CJ>>;
            #[inline(always)]
            fn coord<V: Copy, M: Copy, N: Copy, K: Copy>(
                c: HCons<V, H3<M, N, K>>,
            ) -> H2<V, H2<$CI, $CJ>> {
                let $v = c.head;
                let $m = c.tail.head;
                let $n = c.tail.tail.head;
                let $k = c.tail.tail.tail.head;
                let _ = (&$m, &$n, &$k);
                crate::tuple::cons(
                    $v,
                    crate::tuple::cons(
                        crate::tuple::cons($ci, crate::tuple::cons($cj, HNil)),
                        HNil,
                    ),
                )
            }
        }
    };
}

/// A's and B's thread modes spread over the other operand's threads:
/// `make_tile(_, make_tile(make_layout((ThrM,ThrN), stride), _))`.
type SpreadTile<M, N, DM, DN> =
    H2<H2<Underscore, H2<Layout<H2<M, N>, H2<DM, DN>>, Underscore>>, Underscore>;

operand_of!(A, ALayout, TilerM, TilerK, TileM, TileK, ThrM, ThrK,
    SpreadTile<T::ThrM, T::ThrN, P1, Z0>, |v, m, n, k| (m, k): (M, K), M, K);
operand_of!(B, BLayout, TilerN, TilerK, TileN, TileK, ThrN, ThrK,
    SpreadTile<T::ThrM, T::ThrN, Z0, P1>, |v, m, n, k| (n, k): (N, K), N, K);
operand_of!(C, CLayout, TilerM, TilerN, TileM, TileN, ThrM, ThrN,
    Underscore, |v, m, n, k| (m, n): (M, N), M, N);

/// `thrfrg_X(layout)`: `Self` (a tensor's layout: plain, swizzled or an
/// identity layout) divided into `((ThrV,(ThrI,ThrJ)),(FrgV,(RestI,RestJ,…)))`
/// for operand `O` of the tiled MMA `T`.
#[doc(hidden)]
pub trait ThrFrg<T: TiledMmaTypes, O: OperandOf<T>>: Sized {
    /// The divided layout.
    type Output;
    /// Its shape.
    type Shape;
    /// Divides, checking runtime values.
    fn try_thrfrg(self) -> Result<Self::Output, LayoutError>;
}
type Step1<L, T, O> = <L as TensorDivide<<O as OperandOf<T>>::PermTile>>::Logical;
type Step2<L, T, O> = <Step1<L, T, O> as TensorDivide<<O as OperandOf<T>>::AtomTile>>::Zipped;
type Step3<L, T, O> = <Step2<L, T, O> as Composition<<O as OperandOf<T>>::AtomTv>>::Output;
impl<T: TiledMmaTypes, O: OperandOf<T>, L> ThrFrg<T, O> for L
where
    L: TensorDivide<O::PermTile>,
    Step1<L, T, O>: TensorDivide<O::AtomTile>,
    Step2<L, T, O>: Composition<O::AtomTv>,
    Step3<L, T, O>: TensorDivide<O::ThrTile>,
{
    type Output = <Step3<L, T, O> as TensorDivide<O::ThrTile>>::Zipped;
    type Shape = <Step3<L, T, O> as TensorDivide<O::ThrTile>>::ZippedShape;
    #[inline(always)]
    fn try_thrfrg(self) -> Result<Self::Output, LayoutError> {
        self.try_logical_divide(O::PermTile::default())?
            .try_zipped_divide(O::AtomTile::default())?
            .try_compose(O::AtomTv::default())?
            .try_zipped_divide(O::ThrTile::default())
    }
}

/// `get_layoutX_TV()`'s type: `thrfrg_X(ref)`, spread over the other
/// operand's threads (A, B), composed with the thread index map.
#[doc(hidden)]
pub trait LayoutTv<O> {
    /// (thread index, value) -> index into the operand's tile.
    type Output: Copy + Default + fmt::Display;
}
type TvStep<T, O> = <<O as OperandOf<T>>::RefLayout as ThrFrg<T, O>>::Output;
type TvSpread<T, O> = <TvStep<T, O> as Composition<<O as OperandOf<T>>::Spread>>::Output;
impl<T: TiledMmaTypes, O: OperandOf<T>> LayoutTv<O> for T
where
    O::RefLayout: ThrFrg<T, O>,
    TvStep<T, O>: Composition<O::Spread>,
    TvSpread<T, O>: Composition<H2<T::ThrIdx2ThrId, Underscore>>,
    <TvSpread<T, O> as Composition<H2<T::ThrIdx2ThrId, Underscore>>>::Output:
        Copy + Default + fmt::Display,
{
    type Output = <TvSpread<T, O> as Composition<H2<T::ThrIdx2ThrId, Underscore>>>::Output;
}

/// The `_`s of a partition's kept modes: `(_, repeat<rank<1,1>>(_))` of a
/// `thrfrg` shape `((…),(FrgV,(RestI,RestJ,…)))`.
#[doc(hidden)]
pub trait RestUnderscores {
    /// The coordinate.
    type Output: Copy + Default;
}
impl<X, F, R: Underscores> RestUnderscores for H2<X, H2<F, R>>
where
    R::Output: Default,
{
    type Output = H2<Underscore, R::Output>;
}

/// The type of `get_layoutX_TV()`.
pub type LayoutTvOf<T, O> = <T as LayoutTv<O>>::Output;
/// The coordinate that `partition_X` slices `thrfrg_X` with, for thread index `I`.
pub type PartitionCoord<T, O, L, I> = H2<
    <O as OperandOf<T>>::Coord<FlatC<T, I, 0>, FlatC<T, I, 1>, FlatC<T, I, 2>, FlatC<T, I, 3>>,
    <<L as ThrFrg<T, O>>::Shape as RestUnderscores>::Output,
>;
/// The thread's coordinate in mode `N` of `ThrLayoutVMNK`.
pub type FlatC<T, I, const N: usize> = <VmnkCoord<T, I> as Nth<N>>::Output;
type VmnkCoord<T, I> = <<<T as TiledMmaTypes>::ThrLayoutVMNK as LayoutParts>::Shape as FlatCoord<
    <<T as TiledMmaTypes>::ThrLayoutVMNK as LayoutParts>::Stride,
    I,
>>::Output;

/// Element `N` of a four-element HList.
#[doc(hidden)]
pub trait Nth<const N: usize> {
    /// The element.
    type Output: Copy;
}
impl<A: Copy, B, C, D> Nth<0> for HCons<A, H3<B, C, D>> {
    type Output = A;
}
impl<A, B: Copy, C, D> Nth<1> for HCons<A, H3<B, C, D>> {
    type Output = B;
}
impl<A, B, C: Copy, D> Nth<2> for HCons<A, H3<B, C, D>> {
    type Output = C;
}
impl<A, B, C, D: Copy> Nth<3> for HCons<A, H3<B, C, D>> {
    type Output = D;
}

/// The tensor `partition_X` returns.
pub type Partitioned<T, O, E, L, I> = Tensor<
    <E as Shift<
        <<L as ThrFrg<T, O>>::Output as TensorSlice<PartitionCoord<T, O, L, I>>>::Offset,
    >>::Output,
    <<L as ThrFrg<T, O>>::Output as TensorSlice<PartitionCoord<T, O, L, I>>>::Output,
>;

impl<A, Thr, Perm> TiledMMA<A, Thr, Perm>
where
    Self: TiledMmaTypes,
{
    /// The atom.
    pub fn atom(&self) -> A
    where
        A: Copy,
    {
        self.atom
    }

    /// `get_thr_layout_vmnk()`.
    #[allow(non_snake_case)]
    pub fn get_thr_layout_vmnk(&self) -> <Self as TiledMmaTypes>::ThrLayoutVMNK {
        Default::default()
    }

    /// `tile_size_mnk`: `(tile_size<0>, tile_size<1>, tile_size<2>)`.
    #[allow(clippy::type_complexity)]
    pub fn tile_size(
        &self,
    ) -> H3<
        <Self as TiledMmaTypes>::TileM,
        <Self as TiledMmaTypes>::TileN,
        <Self as TiledMmaTypes>::TileK,
    > {
        Default::default()
    }

    /// `size(tiled_mma)`: the number of threads.
    pub fn size(
        &self,
    ) -> <<<Self as TiledMmaTypes>::ThrLayoutVMNK as LayoutParts>::Shape as Size>::Size
    where
        <Self as TiledMmaTypes>::ThrLayoutVMNK: LayoutParts,
        <<Self as TiledMmaTypes>::ThrLayoutVMNK as LayoutParts>::Shape: Size + Default,
    {
        <<<Self as TiledMmaTypes>::ThrLayoutVMNK as LayoutParts>::Shape>::default().size()
    }

    /// `get_layoutA_TV()`: (thread index, value) -> index into the (M,K) tile.
    #[allow(non_snake_case)]
    pub fn get_layoutA_TV(&self) -> LayoutTvOf<Self, operand::A>
    where
        Self: LayoutTv<operand::A>,
    {
        Default::default()
    }
    /// `get_layoutB_TV()`: (thread index, value) -> index into the (N,K) tile.
    #[allow(non_snake_case)]
    pub fn get_layoutB_TV(&self) -> LayoutTvOf<Self, operand::B>
    where
        Self: LayoutTv<operand::B>,
    {
        Default::default()
    }
    /// `get_layoutC_TV()`: (thread index, value) -> index into the (M,N) tile.
    #[allow(non_snake_case)]
    pub fn get_layoutC_TV(&self) -> LayoutTvOf<Self, operand::C>
    where
        Self: LayoutTv<operand::C>,
    {
        Default::default()
    }

    /// `thrfrg_X(layout)` for the operand marker `O` ([`operand::A`], …):
    /// `((ThrV,(ThrI,ThrJ)),(FrgV,(RestI,RestJ)))`.
    pub fn try_thrfrg<O: OperandOf<Self>, L: ThrFrg<Self, O>>(
        &self,
        l: L,
    ) -> Result<L::Output, LayoutError> {
        l.try_thrfrg()
    }
    /// [`TiledMMA::try_thrfrg`], panicking on a runtime value that breaks a
    /// divide.
    #[track_caller]
    pub fn thrfrg<O: OperandOf<Self>, L: ThrFrg<Self, O>>(&self, l: L) -> L::Output {
        ok_or_panic(l.try_thrfrg())
    }
    /// `thrfrg_A(layout)`.
    #[allow(non_snake_case)]
    #[track_caller]
    pub fn thrfrg_A<L: ThrFrg<Self, operand::A>>(&self, l: L) -> L::Output
    where
        operand::A: OperandOf<Self>,
    {
        self.thrfrg::<operand::A, L>(l)
    }
    /// `thrfrg_B(layout)`.
    #[allow(non_snake_case)]
    #[track_caller]
    pub fn thrfrg_B<L: ThrFrg<Self, operand::B>>(&self, l: L) -> L::Output
    where
        operand::B: OperandOf<Self>,
    {
        self.thrfrg::<operand::B, L>(l)
    }
    /// `thrfrg_C(layout)`.
    #[allow(non_snake_case)]
    #[track_caller]
    pub fn thrfrg_C<L: ThrFrg<Self, operand::C>>(&self, l: L) -> L::Output
    where
        operand::C: OperandOf<Self>,
    {
        self.thrfrg::<operand::C, L>(l)
    }

    /// `get_slice(thr_idx)` (= `get_thread_slice`): thread `thr_idx`'s view,
    /// a [`ThrMMA`]. A static index gives static partitions.
    pub fn get_slice<I: Int>(&self, thr_idx: I) -> ThrMMA<Self, I> {
        ThrMMA {
            tiled: *self,
            thr_idx,
        }
    }
}

/// A tile mode printed as CuTe prints it: an integer, a layout or `_`.
#[doc(hidden)]
pub trait TileModeDisplay: Copy {
    /// Writes it.
    fn fmt_mode(self, f: &mut fmt::Formatter<'_>) -> fmt::Result;
}
impl TileModeDisplay for Underscore {
    fn fmt_mode(self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("_")
    }
}
impl<U: Unsigned + NonZero> TileModeDisplay for PInt<U>
where
    PInt<U>: IntTuple,
{
    fn fmt_mode(self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.fmt_cute(f)
    }
}
impl<S: Copy, D: Copy> TileModeDisplay for Layout<S, D>
where
    Layout<S, D>: fmt::Display,
{
    fn fmt_mode(self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self, f)
    }
}

impl<A: MmaTraits, Thr, Perm> fmt::Display for TiledMMA<A, Thr, Perm>
where
    Self: TiledMmaTypes,
    <Self as TiledMmaTypes>::TilerM: TileModeDisplay,
    <Self as TiledMmaTypes>::TilerN: TileModeDisplay,
    <Self as TiledMmaTypes>::TilerK: TileModeDisplay,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "TiledMMA({}, ThrLayoutVMNK: {}, PermutationMNK: <",
            self.atom,
            <Self as TiledMmaTypes>::ThrLayoutVMNK::default(),
        )?;
        <Self as TiledMmaTypes>::TilerM::default().fmt_mode(f)?;
        f.write_str(", ")?;
        <Self as TiledMmaTypes>::TilerN::default().fmt_mode(f)?;
        f.write_str(", ")?;
        <Self as TiledMmaTypes>::TilerK::default().fmt_mode(f)?;
        f.write_str(">)")
    }
}

/// CuTe's `ThrMMA`: one thread's view of a [`TiledMMA`], from
/// [`TiledMMA::get_slice`].
#[derive(Clone, Copy, Debug)]
pub struct ThrMMA<T, I> {
    tiled: T,
    thr_idx: I,
}

/// A tensor layout of rank at least 2: what `partition_A/B/C` divide into
/// an operand's two modes.
#[diagnostic::on_unimplemented(
    message = "partition_A/B/C: the tensor to partition has rank below 2, an MMA operand is (M,K), (N,K) or (M,N)",
    label = "CuTe: thrfrg_A/B/C static_assert(rank(tensor) >= 2)"
)]
#[doc(hidden)]
pub trait OperandRank {}
impl<S0, S1, ST, D> OperandRank for Layout<HCons<S0, HCons<S1, ST>>, D> {}
impl<Sw, Off, L: OperandRank> OperandRank for ComposedLayout<Sw, Off, L> {}
impl<S0, S1, ST, D> OperandRank for crate::basis::BasisLayout<HCons<S0, HCons<S1, ST>>, D> {}

impl<T: TiledMmaTypes, I: Int> ThrMMA<T, I> {
    /// The thread index.
    pub fn thr_idx(&self) -> I {
        self.thr_idx
    }

    /// The tiled MMA this thread belongs to.
    pub fn tiled_mma(&self) -> T {
        self.tiled
    }

    /// `partition_X(tensor)` for the operand marker `O`, returning the error
    /// of a runtime value that breaks a divide.
    pub fn try_partition<O, E, L>(
        &self,
        t: Tensor<E, L>,
    ) -> Result<MmaPartitioned<Self, O, E, L>, LayoutError>
    where
        Self: MmaPartition<O, E, L>,
    {
        self.partition_parts(t)
    }
}

/// A four-element coordinate as `HCons<V, (M, N, K)>`.
#[doc(hidden)]
#[allow(clippy::type_complexity)]
pub trait Into4: Nth<0> + Nth<1> + Nth<2> + Nth<3> {
    /// Itself.
    fn into4(
        self,
    ) -> HCons<
        <Self as Nth<0>>::Output,
        H3<<Self as Nth<1>>::Output, <Self as Nth<2>>::Output, <Self as Nth<3>>::Output>,
    >;
}
impl<A: Copy, B: Copy, C: Copy, D: Copy> Into4 for HCons<A, H3<B, C, D>> {
    fn into4(self) -> Self {
        self
    }
}

/// `partition_X(tensor)` for the operand marker `O` of a tensor with engine
/// `E` and layout `L`, proven once in this impl: the partition methods
/// carry this one bound instead of the chain of divides, compositions and
/// slices, so a caller (and its borrow check) proves one predicate and
/// normalizes one projection per call.
#[doc(hidden)]
pub trait MmaPartition<O, E, L> {
    /// The partition's engine.
    type Engine;
    /// The partition's layout.
    type Layout;
    /// Partitions, returning the error of a runtime value that breaks a divide.
    fn partition_parts(
        &self,
        t: Tensor<E, L>,
    ) -> Result<Tensor<Self::Engine, Self::Layout>, LayoutError>;
}
impl<T: TiledMmaTypes, I: Int, O, E, L> MmaPartition<O, E, L> for ThrMMA<T, I>
where
    O: OperandOf<T>,
    L: ThrFrg<T, O> + Copy,
    <L as ThrFrg<T, O>>::Shape: RestUnderscores,
    T::ThrLayoutVMNK: LayoutParts,
    <T::ThrLayoutVMNK as LayoutParts>::Shape:
        FlatCoord<<T::ThrLayoutVMNK as LayoutParts>::Stride, I> + Default,
    <T::ThrLayoutVMNK as LayoutParts>::Stride: Default,
    VmnkCoord<T, I>: Into4,
    <L as ThrFrg<T, O>>::Output: TensorSlice<PartitionCoord<T, O, L, I>>,
    E: Shift<<<L as ThrFrg<T, O>>::Output as TensorSlice<PartitionCoord<T, O, L, I>>>::Offset>,
{
    type Engine = <E as Shift<
        <<L as ThrFrg<T, O>>::Output as TensorSlice<PartitionCoord<T, O, L, I>>>::Offset,
    >>::Output;
    type Layout = <<L as ThrFrg<T, O>>::Output as TensorSlice<PartitionCoord<T, O, L, I>>>::Output;
    #[inline(always)]
    fn partition_parts(
        &self,
        t: Tensor<E, L>,
    ) -> Result<Tensor<Self::Engine, Self::Layout>, LayoutError> {
        let (engine, layout) = t.into_parts();
        let thr = layout.try_thrfrg()?;
        let c = <<T::ThrLayoutVMNK as LayoutParts>::Shape>::default()
            .flat_coord(Default::default(), self.thr_idx)
            .ok_or(LayoutError::DivisionByZero { op: "get_slice" })?;
        let coord = crate::tuple::cons(
            O::coord(c.into4()),
            crate::tuple::cons(Default::default(), HNil),
        );
        Ok(Tensor::from_parts(engine, thr).slice(coord))
    }
}

/// The tensor `partition_X` returns, through [`MmaPartition`].
pub type MmaPartitioned<P, O, E, L> =
    Tensor<<P as MmaPartition<O, E, L>>::Engine, <P as MmaPartition<O, E, L>>::Layout>;

macro_rules! partitions {
    ($($(#[$doc:meta])* $name:ident, $try_name:ident, $Op:ident;)*) => {$(
        impl<T: TiledMmaTypes, I: Int> ThrMMA<T, I> {
            $(#[$doc])*
            #[allow(non_snake_case)]
            #[track_caller]
            pub fn $name<E, L>(&self, t: Tensor<E, L>) -> MmaPartitioned<Self, operand::$Op, E, L>
            where
                L: OperandRank,
                Self: MmaPartition<operand::$Op, E, L>,
            {
                ok_or_panic(self.partition_parts(t))
            }
            #[doc = concat!("[`ThrMMA::", stringify!($name), "`] returning the error of a runtime value that breaks a divide.")]
            #[allow(non_snake_case)]
            pub fn $try_name<E, L>(&self, t: Tensor<E, L>) -> Result<MmaPartitioned<Self, operand::$Op, E, L>, LayoutError>
            where
                L: OperandRank,
                Self: MmaPartition<operand::$Op, E, L>,
            {
                self.partition_parts(t)
            }
        }
    )*};
}

partitions! {
    /// `partition_A(tensor)`: this thread's `(FrgV,RestM,RestK)` of an (M,K) tensor.
    partition_A, try_partition_A, A;
    /// `partition_B(tensor)`: this thread's `(FrgV,RestN,RestK)` of an (N,K) tensor.
    partition_B, try_partition_B, B;
    /// `partition_C(tensor)`: this thread's `(FrgV,RestM,RestN)` of an (M,N) tensor.
    partition_C, try_partition_C, C;
}

/// The register fragment of an operand's partition: CuTe's
/// `make_fragment_C` (a compact column-major layout of the partition's
/// shape) for C, `make_fragment_like` (mode 0 compact, the other modes in
/// the order of their strides) for A and B.
#[doc(hidden)]
pub trait OperandFragment<P> {
    /// The fragment's layout.
    type Output: StaticCosize;
    /// Builds it.
    fn fragment(p: P) -> Self::Output;
}
impl<S: IntTuple + MakeLayout, D> OperandFragment<Layout<S, D>> for operand::C
where
    MakeL<S>: StaticCosize,
{
    type Output = MakeL<S>;
    #[inline(always)]
    fn fragment(p: Layout<S, D>) -> MakeL<S> {
        p.into_parts().0.make_layout()
    }
}
macro_rules! like_fragment {
    ($($Op:ident),*) => {$(
        impl<S: IntTuple + FragmentLike<D>, D: IntTuple> OperandFragment<Layout<S, D>> for operand::$Op
        where
            S::Output: StaticCosize,
        {
            type Output = S::Output;
            #[inline(always)]
            fn fragment(p: Layout<S, D>) -> S::Output {
                make_fragment_like(p)
            }
        }
    )*};
}
like_fragment!(A, B);
/// A partition of swizzled memory: the fragment of its inner layout (the
/// registers hold values, not addresses, so the swizzle does not apply).
impl<Op, Sw, Off, S, D> OperandFragment<ComposedLayout<Sw, Off, Layout<S, D>>> for Op
where
    Op: OperandFragment<Layout<S, D>>,
    Layout<S, D>: Copy,
    Sw: Copy,
    Off: Copy,
{
    type Output = Op::Output;
    #[inline(always)]
    fn fragment(p: ComposedLayout<Sw, Off, Layout<S, D>>) -> Op::Output {
        Op::fragment(p.layout())
    }
}

/// The owned fragment `partition_fragment_X` returns, of values `V`.
pub type FragmentOf<P, O, E, L, V> =
    Owned<V, <O as OperandFragment<<P as MmaPartition<O, E, L>>::Layout>>::Output>;

macro_rules! fragments {
    ($($(#[$doc:meta])* $name:ident, $Op:ident;)*) => {$(
        impl<T: TiledMmaTypes, I: Int> ThrMMA<T, I> {
            $(#[$doc])*
            #[allow(non_snake_case, clippy::type_complexity)]
            #[track_caller]
            pub fn $name<V: Default, E, L>(&self, t: Tensor<E, L>) -> FragmentOf<Self, operand::$Op, E, L, V>
            where
                L: OperandRank,
                Self: MmaPartition<operand::$Op, E, L>,
                operand::$Op: OperandFragment<<Self as MmaPartition<operand::$Op, E, L>>::Layout>,
            {
                let p = ok_or_panic(self.partition_parts(t));
                make_tensor_owned(<operand::$Op as OperandFragment<_>>::fragment(p.into_parts().1))
            }
        }
    )*};
}

fragments! {
    /// `partition_fragment_A(tensor)`: registers for this thread's A
    /// partition (`make_fragment_like` of it), of values `V`.
    partition_fragment_A, A;
    /// `partition_fragment_B(tensor)`: registers for this thread's B partition.
    partition_fragment_B, B;
    /// `partition_fragment_C(tensor)`: the accumulators of this thread's C
    /// partition, compact column-major.
    partition_fragment_C, C;
}
