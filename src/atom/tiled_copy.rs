//! [`TiledCopy`]: CuTe's `make_tiled_copy` and `make_tiled_copy_A/B/C` on
//! typed copy atoms, static thread and value layouts or a typed
//! [`TiledMMA`]. Its thread-value layout, tile and the maps from a
//! thread's values to the tile are associated types; `tidfrg_S/D` (every
//! thread's values at once), `partition_S/D` (one thread's: `tidfrg_S/D`
//! sliced at its index) and `retile_S/D` do only the tensor's own index
//! math.
//!
//! ```
//! use cute_algebra::prelude::*;
//! use cute_algebra::atom::{CopyAtom, SM80_CP_ASYNC_CACHEALWAYS, half_t, make_tiled_copy};
//! use cute_algebra::tensor::make_counting_tensor;
//! let copy = make_tiled_copy(CopyAtom::<SM80_CP_ASYNC_CACHEALWAYS<u128>, half_t>::default(),
//!                            layout![(16, 8) : (8, 1)], layout![(1, 8)]);
//! assert_eq!(copy.get_layoutS_TV().to_string(), "((_8,_16),(_8,_1)):((_128,_1),(_16,_0))");
//! let g = make_counting_tensor(layout![(128, 64) : (64, 1)]);
//! let tid: i32 = 9;
//! assert_eq!(copy.get_slice(tid).partition_S(g).to_string(),
//!            "counting_iter(72) o ((_8,_1),_8,_1):((_1,_0),_1024,_0)");
//! ```

use core::fmt;
use core::marker::PhantomData;

use frunk_core::hlist::{HCons, HNil};
use typenum::P1;

use super::copy::CopyAtomTypes;
use super::tiled_mma::{H2, LayoutTv, TiledMmaTypes, operand};
use crate::algebra::{
    ApplyTiler, BlockProduct, CoalesceBy, Composition, Product, RightInverseLayout,
};
use crate::error::{LayoutError, ok_or_panic};
use crate::int::{Int, IntMul, IntRem, Magnitude, Mod, Prod};
use crate::layout::{Layout, LayoutParts, MakeLayout, Underscore};
use crate::swizzle::UpcastPair;
use crate::tensor::{Shift, Tensor, TensorDivide, TensorSlice, ZippedModes};
use crate::tuple::{IntTuple, ProductEach, Size};

/// CuTe's `TiledCopy<Copy_Atom, LayoutCopy_TV, ShapeTiler_MN>`: the atom
/// repeated so that the threads of `LayoutTv` ((thread, value) -> index
/// into the `TilerMn` tile) move the whole tile.
#[derive(Clone, Copy, Debug, Default)]
pub struct TiledCopy<Atom, LayoutTV, TilerMN> {
    atom: Atom,
    /// The layouts are static: types only.
    layout: PhantomData<(LayoutTV, TilerMN)>,
}

/// The check of `make_tiled_copy` that the tiled copy has whole atoms:
/// its thread count (and value count) is a multiple of the atom's.
#[diagnostic::on_unimplemented(
    message = "make_tiled_copy: TiledCopy uses too few thrs (or vals) for selected CopyAtom: its thread (value) count is not a multiple of the atom's",
    label = "CuTe: \"TiledCopy uses too few thrs for selected CopyAtom\" / \"TiledCopy uses too few vals for selected CopyAtom\""
)]
#[doc(hidden)]
pub trait WholeAtoms {}
impl WholeAtoms for typenum::Z0 {}

/// `size<0>` and `size<1>` of a rank-2 layout.
#[doc(hidden)]
pub trait Sizes2 {
    /// `size<0>`.
    type Thr: Int;
    /// `size<1>`.
    type Val: Int;
}
impl<S0: Size, S1: Size, D> Sizes2 for Layout<H2<S0, S1>, D> {
    type Thr = S0::Size;
    type Val = S1::Size;
}

/// The map from a thread's (thread, value) to the tile, for the source
/// (`ref2trg = right_inverse(ValLayoutRef) ∘ ValLayoutSrc`) or the
/// destination: CuTe's `tile2thrfrg` without the tensor,
/// `coalesce(zip(zipped_divide(LayoutTV, (NumThr, NumVal)) ∘ (ref2trg, _)), (_1,(_1,_1)))`.
type Ref2Trg<A, Trg> = <<<A as CopyAtomTypes>::ValLayoutRef as RightInverseLayout>::Output as Composition<Trg>>::Output;
type AtomTv<A, Tv> =
    <Tv as TensorDivide<H2<<A as CopyAtomTypes>::NumThr, <A as CopyAtomTypes>::NumVal>>>::Zipped;
type TrgTv<A, Tv, Trg> = <AtomTv<A, Tv> as Composition<H2<Ref2Trg<A, Trg>, Underscore>>>::Output;
type ThrVal2Mn<A, Tv, Trg> = <H2<P1, H2<P1, P1>> as CoalesceBy<
    <<TrgTv<A, Tv, Trg> as Zip2>::Output as LayoutParts>::Shape,
    <<TrgTv<A, Tv, Trg> as Zip2>::Output as LayoutParts>::Stride,
>>::Output;

/// `zip` of a rank-2 layout of rank-2 modes: `((a0,a1),(b0,b1))` ->
/// `((a0,b0),(a1,b1))`.
#[doc(hidden)]
pub trait Zip2 {
    /// The zipped layout.
    type Output: LayoutParts;
}
impl<A0, A1, B0, B1, DA0, DA1, DB0, DB1> Zip2
    for Layout<H2<H2<A0, A1>, H2<B0, B1>>, H2<H2<DA0, DA1>, H2<DB0, DB1>>>
{
    type Output = Layout<H2<H2<A0, B0>, H2<A1, B1>>, H2<H2<DA0, DB0>, H2<DA1, DB1>>>;
}

/// `thrval2mn` for the layouts `Tv` and the target layout `Trg` of atom `A`.
#[doc(hidden)]
pub trait ThrVal2MnOf<A, Trg> {
    /// ((thread, value)) -> index into the tile.
    type Output: Copy + Default;
}
impl<A: CopyAtomTypes, Tv, Trg> ThrVal2MnOf<A, Trg> for Tv
where
    A::ValLayoutRef: RightInverseLayout,
    <A::ValLayoutRef as RightInverseLayout>::Output: Composition<Trg>,
    Tv: TensorDivide<H2<A::NumThr, A::NumVal>>,
    AtomTv<A, Tv>: Composition<H2<Ref2Trg<A, Trg>, Underscore>>,
    TrgTv<A, Tv, Trg>: Zip2,
    H2<P1, H2<P1, P1>>: CoalesceBy<
            <<TrgTv<A, Tv, Trg> as Zip2>::Output as LayoutParts>::Shape,
            <<TrgTv<A, Tv, Trg> as Zip2>::Output as LayoutParts>::Stride,
        >,
    ThrVal2Mn<A, Tv, Trg>: Copy + Default,
{
    type Output = ThrVal2Mn<A, Tv, Trg>;
}

/// The static parts of a [`TiledCopy`], as types.
pub trait TiledCopyTypes: Copy + Default {
    /// The copy atom.
    type Atom: CopyAtomTypes;
    /// `TiledLayout_TV`.
    type LayoutTV: Copy + Default + fmt::Display;
    /// `Tiler_MN`: the tile's shape.
    type TilerMN: IntTuple + Default;
    /// (thread, value) -> index into the tile, for the source.
    type ThrVal2MnS: Copy + Default;
    /// The same for the destination.
    type ThrVal2MnD: Copy + Default;
}
impl<A: CopyAtomTypes, Tv, Tiler> TiledCopyTypes for TiledCopy<A, Tv, Tiler>
where
    Self: Copy + Default,
    Tv: Copy + Default + fmt::Display,
    Tiler: IntTuple + Default,
    Tv: ThrVal2MnOf<A, <A as CopyAtomTypes>::ValLayoutSrc>
        + ThrVal2MnOf<A, <A as CopyAtomTypes>::ValLayoutDst>,
{
    type Atom = A;
    type LayoutTV = Tv;
    type TilerMN = Tiler;
    type ThrVal2MnS = <Tv as ThrVal2MnOf<A, A::ValLayoutSrc>>::Output;
    type ThrVal2MnD = <Tv as ThrVal2MnOf<A, A::ValLayoutDst>>::Output;
}

/// The remainders of the tiled copy's thread and value counts by the atom's.
#[doc(hidden)]
pub type CountChecks<A, Tv> = H2<
    Mod<<Tv as Sizes2>::Thr, <A as CopyAtomTypes>::NumThr>,
    Mod<<Tv as Sizes2>::Val, <A as CopyAtomTypes>::NumVal>,
>;
/// Both remainders are `_0`.
#[doc(hidden)]
pub trait WholeAtoms2 {}
impl<R0: WholeAtoms, R1: WholeAtoms> WholeAtoms2 for H2<R0, R1> {}
/// The tiled copy has whole atoms in its threads and values.
#[doc(hidden)]
pub trait AtomsFit<A> {}
impl<A: CopyAtomTypes, Tv: Sizes2> AtomsFit<A> for Tv
where
    Tv::Thr: IntRem<A::NumThr>,
    Tv::Val: IntRem<A::NumVal>,
    CountChecks<A, Tv>: WholeAtoms2,
{
}

/// `make_tiled_copy_impl(atom, layout_tv, tiler)`, with CuTe's checks.
fn make_tiled_copy_impl<A: CopyAtomTypes, Tv, Tiler>(atom: A) -> TiledCopy<A, Tv, Tiler>
where
    Tv: AtomsFit<A>,
{
    TiledCopy {
        atom,
        layout: PhantomData,
    }
}

/// `raked_product(thr, val)`.
type LayoutMn<T, V> = <T as BlockProduct<V, true>>::Output;
/// `right_inverse(layout_mn).with_shape(size(thr), size(val))`.
type CopyTv<T, V> = <<LayoutMn<T, V> as RightInverseLayout>::Output as Composition<
    <H2<
        <<T as LayoutParts>::Shape as Size>::Size,
        <<V as LayoutParts>::Shape as Size>::Size,
    > as MakeLayout>::Output,
>>::Output;
/// `product_each(shape(layout_mn))`.
type CopyTiler<T, V> = <<LayoutMn<T, V> as LayoutParts>::Shape as ProductEach>::Output;

/// CuTe's `make_tiled_copy(copy_atom, thr_layout, val_layout)`: the threads
/// of `thr_layout` ((m,n) -> thread index) each move the values of
/// `val_layout` ((m,n) -> value index), raked over the tile. A thread or
/// value count that is not a multiple of the atom's does not compile.
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::atom::{CopyAtom, SM75_U32x4_LDSM_N, make_tiled_copy};
/// let copy = make_tiled_copy(CopyAtom::<SM75_U32x4_LDSM_N, u16>::default(), layout![(32, 1)], layout![(1, 8)]);
/// assert_eq!(copy.tiler_mn().to_cute_string(), "(_32,_8)");
/// ```
#[allow(clippy::type_complexity)]
pub fn make_tiled_copy<A, TS, TD, VS, VD>(
    atom: A,
    _thr_layout: Layout<TS, TD>,
    _val_layout: Layout<VS, VD>,
) -> TiledCopy<A, CopyTv<Layout<TS, TD>, Layout<VS, VD>>, CopyTiler<Layout<TS, TD>, Layout<VS, VD>>>
where
    A: CopyAtomTypes,
    TS: Size,
    VS: Size,
    Layout<TS, TD>: BlockProduct<Layout<VS, VD>, true>,
    LayoutMn<Layout<TS, TD>, Layout<VS, VD>>: RightInverseLayout + LayoutParts,
    <LayoutMn<Layout<TS, TD>, Layout<VS, VD>> as LayoutParts>::Shape: ProductEach,
    H2<TS::Size, VS::Size>: MakeLayout,
    <LayoutMn<Layout<TS, TD>, Layout<VS, VD>> as RightInverseLayout>::Output:
        Composition<<H2<TS::Size, VS::Size> as MakeLayout>::Output>,
    CopyTv<Layout<TS, TD>, Layout<VS, VD>>: AtomsFit<A>,
{
    make_tiled_copy_impl(atom)
}

/// The tile of `make_tiled_copy_A/B/C`: two of `tile_size<0,1,2>`.
type MmaTile<T, O> = <O as MmaTileOf<T>>::Output;
/// `make_shape(tile_size<i>, tile_size<j>)` for an operand.
#[doc(hidden)]
pub trait MmaTileOf<T: TiledMmaTypes> {
    /// The shape.
    type Output;
}
impl<T: TiledMmaTypes> MmaTileOf<T> for operand::A {
    type Output = H2<T::TileM, T::TileK>;
}
impl<T: TiledMmaTypes> MmaTileOf<T> for operand::B {
    type Output = H2<T::TileN, T::TileK>;
}
impl<T: TiledMmaTypes> MmaTileOf<T> for operand::C {
    type Output = H2<T::TileM, T::TileN>;
}

macro_rules! tiled_copy_for {
    ($($(#[$doc:meta])* $name:ident, $Op:ident;)*) => {$(
        $(#[$doc])*
        #[allow(non_snake_case, clippy::type_complexity)]
        pub fn $name<A: CopyAtomTypes, T: TiledMmaTypes + LayoutTv<operand::$Op>>(
            atom: A,
            _mma: T,
        ) -> TiledCopy<A, <T as LayoutTv<operand::$Op>>::Output, MmaTile<T, operand::$Op>>
        where
            <T as LayoutTv<operand::$Op>>::Output: AtomsFit<A>,
        {
            make_tiled_copy_impl(atom)
        }
    )*};
}

tiled_copy_for! {
    /// CuTe's `make_tiled_copy_A(copy_atom, tiled_mma)`: the copy whose
    /// destination thread-value layout is the MMA's A layout, over its
    /// (M,K) tile: each thread loads exactly the A values its MMA reads.
    ///
    /// ```
    /// use cute_algebra::prelude::*;
    /// use cute_algebra::atom::*;
    /// let mma = make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN, layout![(2, 2, 1)], tile![32, 32, 16]);
    /// let copy = make_tiled_copy_A(CopyAtom::<SM75_U32x4_LDSM_N, half_t>::default(), mma);
    /// assert!(copy.get_layoutD_TV().offsets().eq(mma.get_layoutA_TV().offsets()));
    /// ```
    make_tiled_copy_A, A;
    /// CuTe's `make_tiled_copy_B(copy_atom, tiled_mma)`: over the MMA's (N,K) tile.
    make_tiled_copy_B, B;
    /// CuTe's `make_tiled_copy_C(copy_atom, tiled_mma)`: over the MMA's (M,N) tile.
    make_tiled_copy_C, C;
}

/// `zipped_divide(tensor, Tiler_MN)`.
type Tiled<T, L> = <L as TensorDivide<<T as TiledCopyTypes>::TilerMN>>::Zipped;
/// `zipped_divide(tensor, Tiler_MN) ∘ (thrval2mn, _)`: `((thr,val),(RestM,RestN,…))`.
type TidFrg<T, L, M> = <Tiled<T, L> as Composition<H2<M, Underscore>>>::Output;
/// The coordinate `partition_S/D` slices it with: `((thr_idx,_),(_,…))`.
type CopyCoord<T, L, I> = H2<
    H2<I, Underscore>,
    <<L as TensorDivide<<T as TiledCopyTypes>::TilerMN>>::ZippedShape as ZippedModes>::Rest,
>;
/// The tensor `partition_S/D` returns.
pub type CopyPartitioned<T, E, L, M, I> = Tensor<
    <E as Shift<<TidFrg<T, L, M> as TensorSlice<CopyCoord<T, L, I>>>::Offset>>::Output,
    <TidFrg<T, L, M> as TensorSlice<CopyCoord<T, L, I>>>::Output,
>;

impl<A, Tv, Tiler> TiledCopy<A, Tv, Tiler>
where
    Self: TiledCopyTypes,
{
    /// The atom.
    pub fn atom(&self) -> A
    where
        A: Copy,
    {
        self.atom
    }
    /// `TiledLayout_TV`.
    pub fn layout_tv(&self) -> <Self as TiledCopyTypes>::LayoutTV {
        Default::default()
    }
    /// `Tiler_MN`.
    pub fn tiler_mn(&self) -> <Self as TiledCopyTypes>::TilerMN {
        Default::default()
    }
    /// `get_layoutS_TV()`: (thread index, value) -> index into the tile, for the source.
    #[allow(non_snake_case)]
    pub fn get_layoutS_TV(
        &self,
    ) -> <<<Self as TiledCopyTypes>::TilerMN as MakeLayout>::Output as Composition<
        <Self as TiledCopyTypes>::ThrVal2MnS,
    >>::Output
    where
        <Self as TiledCopyTypes>::TilerMN: MakeLayout,
        <<Self as TiledCopyTypes>::TilerMN as MakeLayout>::Output:
            Composition<<Self as TiledCopyTypes>::ThrVal2MnS>,
        <<<Self as TiledCopyTypes>::TilerMN as MakeLayout>::Output as Composition<
            <Self as TiledCopyTypes>::ThrVal2MnS,
        >>::Output: Default,
    {
        Default::default()
    }
    /// `get_layoutD_TV()`: the same for the destination.
    #[allow(non_snake_case)]
    pub fn get_layoutD_TV(
        &self,
    ) -> <<<Self as TiledCopyTypes>::TilerMN as MakeLayout>::Output as Composition<
        <Self as TiledCopyTypes>::ThrVal2MnD,
    >>::Output
    where
        <Self as TiledCopyTypes>::TilerMN: MakeLayout,
        <<Self as TiledCopyTypes>::TilerMN as MakeLayout>::Output:
            Composition<<Self as TiledCopyTypes>::ThrVal2MnD>,
        <<<Self as TiledCopyTypes>::TilerMN as MakeLayout>::Output as Composition<
            <Self as TiledCopyTypes>::ThrVal2MnD,
        >>::Output: Default,
    {
        Default::default()
    }
    /// `get_slice(thr_idx)` (= `get_thread_slice`): thread `thr_idx`'s view,
    /// a [`ThrCopy`].
    pub fn get_slice<I: Int>(&self, thr_idx: I) -> ThrCopy<Self, I> {
        ThrCopy {
            tiled: *self,
            thr_idx,
        }
    }
}

impl<A: fmt::Display, Tv, Tiler> fmt::Display for TiledCopy<A, Tv, Tiler>
where
    Self: TiledCopyTypes,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TiledCopy({}, Tiler_MN: ", self.atom)?;
        <Self as TiledCopyTypes>::TilerMN::default().fmt_cute(f)?;
        write!(
            f,
            ", TiledLayout_TV: {})",
            <Self as TiledCopyTypes>::LayoutTV::default()
        )
    }
}

/// CuTe's `ThrCopy`: one thread's view of a [`TiledCopy`].
#[derive(Clone, Copy, Debug)]
pub struct ThrCopy<T, I> {
    tiled: T,
    thr_idx: I,
}

impl<T: TiledCopyTypes, I: Int> ThrCopy<T, I> {
    /// The tiled copy this thread belongs to.
    pub fn tiled_copy(&self) -> T {
        self.tiled
    }

    /// `partition_S` (`M` = [`TiledCopyTypes::ThrVal2MnS`]) or `partition_D`,
    /// returning the error of a runtime value that breaks a divide.
    #[allow(clippy::type_complexity)]
    pub fn try_partition<M: Copy + Default, E, L>(
        &self,
        t: Tensor<E, L>,
    ) -> Result<CopyPartitioned<T, E, L, M, I>, LayoutError>
    where
        L: TensorDivide<T::TilerMN>,
        L::ZippedShape: ZippedModes,
        <L::ZippedShape as ZippedModes>::Rest: Default,
        Tiled<T, L>: Composition<H2<M, Underscore>>,
        TidFrg<T, L, M>: TensorSlice<CopyCoord<T, L, I>>,
        E: Shift<<TidFrg<T, L, M> as TensorSlice<CopyCoord<T, L, I>>>::Offset>,
    {
        let (engine, layout) = t.into_parts();
        let tv = layout
            .try_zipped_divide(T::TilerMN::default())?
            .try_compose(cons2(M::default(), Underscore))?;
        let coord = cons2(cons2(self.thr_idx, Underscore), Default::default());
        Ok(Tensor::from_parts(engine, tv).slice(coord))
    }
}

/// `(a, b)`.
#[inline(always)]
fn cons2<A, B>(a: A, b: B) -> H2<A, B> {
    HCons {
        head: a,
        tail: HCons {
            head: b,
            tail: HNil,
        },
    }
}

macro_rules! copy_partitions {
    ($($(#[$doc:meta])* $name:ident, $try_name:ident, $M:ident;)*) => {$(
        impl<T: TiledCopyTypes, I: Int> ThrCopy<T, I> {
            $(#[$doc])*
            #[allow(non_snake_case, clippy::type_complexity)]
            #[track_caller]
            pub fn $name<E, L>(&self, t: Tensor<E, L>) -> CopyPartitioned<T, E, L, T::$M, I>
            where
                L: TensorDivide<T::TilerMN>,
                L::ZippedShape: ZippedModes,
                <L::ZippedShape as ZippedModes>::Rest: Default,
                Tiled<T, L>: Composition<H2<T::$M, Underscore>>,
                TidFrg<T, L, T::$M>: TensorSlice<CopyCoord<T, L, I>>,
                E: Shift<<TidFrg<T, L, T::$M> as TensorSlice<CopyCoord<T, L, I>>>::Offset>,
            {
                ok_or_panic(self.try_partition::<T::$M, E, L>(t))
            }
            #[doc = concat!("[`ThrCopy::", stringify!($name), "`] returning the error of a runtime value that breaks a divide.")]
            #[allow(non_snake_case, clippy::type_complexity)]
            pub fn $try_name<E, L>(&self, t: Tensor<E, L>) -> Result<CopyPartitioned<T, E, L, T::$M, I>, LayoutError>
            where
                L: TensorDivide<T::TilerMN>,
                L::ZippedShape: ZippedModes,
                <L::ZippedShape as ZippedModes>::Rest: Default,
                Tiled<T, L>: Composition<H2<T::$M, Underscore>>,
                TidFrg<T, L, T::$M>: TensorSlice<CopyCoord<T, L, I>>,
                E: Shift<<TidFrg<T, L, T::$M> as TensorSlice<CopyCoord<T, L, I>>>::Offset>,
            {
                self.try_partition::<T::$M, E, L>(t)
            }
        }
    )*};
}

copy_partitions! {
    /// `partition_S(tensor)`: this thread's `(CopyV,RestM,RestN)` of the source.
    partition_S, try_partition_S, ThrVal2MnS;
    /// `partition_D(tensor)`: this thread's `(CopyV,RestM,RestN)` of the destination.
    partition_D, try_partition_D, ThrVal2MnD;
}

/// The coordinate `tile2thrfrg` unfolds its result with, `((_,_),_)`:
/// `((thr,val),rest)` becomes `(thr,val,rest)`.
type UnfoldCoord = H2<H2<Underscore, Underscore>, Underscore>;
/// The layout `tidfrg_S/D` return: `(Thr,(FrgV,FrgX),(RestM,RestN,…))`.
pub type TidFrgLayout<T, L, M> = <TidFrg<T, L, M> as TensorSlice<UnfoldCoord>>::Output;

impl<A, Tv, Tiler> TiledCopy<A, Tv, Tiler>
where
    Self: TiledCopyTypes,
{
    /// CuTe's `tidfrg_S` (`M` = [`TiledCopyTypes::ThrVal2MnS`]) or
    /// `tidfrg_D`: `tile2thrfrg(zipped_divide(layout, Tiler_MN), ref2trg)`,
    /// returning the error of a runtime value that breaks a divide. The
    /// thread-value map is the one `partition_S/D` slice, so the two agree
    /// by construction: `partition_S` is `tidfrg_S` at one thread.
    #[allow(clippy::type_complexity)]
    pub fn try_tidfrg<M: Copy + Default, L>(
        &self,
        layout: L,
    ) -> Result<TidFrgLayout<Self, L, M>, LayoutError>
    where
        L: TensorDivide<<Self as TiledCopyTypes>::TilerMN>,
        Tiled<Self, L>: Composition<H2<M, Underscore>>,
        TidFrg<Self, L, M>: TensorSlice<UnfoldCoord>,
    {
        let tv = layout
            .try_zipped_divide(Default::default())?
            .try_compose(cons2(M::default(), Underscore))?;
        // All modes kept: the offset is 0.
        Ok(tv
            .slice_and_offset(cons2(cons2(Underscore, Underscore), Underscore))
            .0)
    }
}

macro_rules! copy_tidfrgs {
    ($($(#[$doc:meta])* $name:ident, $try_name:ident, $M:ident;)*) => {$(
        impl<A, Tv, Tiler> TiledCopy<A, Tv, Tiler>
        where
            Self: TiledCopyTypes,
        {
            $(#[$doc])*
            #[allow(non_snake_case, clippy::type_complexity)]
            #[track_caller]
            pub fn $name<L>(&self, layout: L) -> TidFrgLayout<Self, L, <Self as TiledCopyTypes>::$M>
            where
                L: TensorDivide<<Self as TiledCopyTypes>::TilerMN>,
                Tiled<Self, L>: Composition<H2<<Self as TiledCopyTypes>::$M, Underscore>>,
                TidFrg<Self, L, <Self as TiledCopyTypes>::$M>: TensorSlice<UnfoldCoord>,
            {
                ok_or_panic(self.try_tidfrg::<<Self as TiledCopyTypes>::$M, L>(layout))
            }
            #[doc = concat!("[`TiledCopy::", stringify!($name), "`] returning the error of a runtime value that breaks a divide.")]
            #[allow(non_snake_case, clippy::type_complexity)]
            pub fn $try_name<L>(&self, layout: L) -> Result<TidFrgLayout<Self, L, <Self as TiledCopyTypes>::$M>, LayoutError>
            where
                L: TensorDivide<<Self as TiledCopyTypes>::TilerMN>,
                Tiled<Self, L>: Composition<H2<<Self as TiledCopyTypes>::$M, Underscore>>,
                TidFrg<Self, L, <Self as TiledCopyTypes>::$M>: TensorSlice<UnfoldCoord>,
            {
                self.try_tidfrg::<<Self as TiledCopyTypes>::$M, L>(layout)
            }
        }
    )*};
}

copy_tidfrgs! {
    /// CuTe's `tidfrg_S(layout)`: every thread's source values at once,
    /// `(Thr,(FrgV,FrgX),(RestM,RestN,…))`, the layout (or a tensor's
    /// layout) cut into the tiled copy's tiles and each tile into
    /// (thread, value) by the atom's source layout.
    ///
    /// ```
    /// use cute_algebra::prelude::*;
    /// use cute_algebra::atom::{CopyAtom, UniversalCopy, half_t, make_tiled_copy};
    /// let copy = make_tiled_copy(CopyAtom::<UniversalCopy<u64>, half_t>::default(),
    ///                            layout![(64, 2) : (2, 1)], layout![(4, 1)]);
    /// // Expected value printed by CuTe C++ (tests/data/public-atoms.tsv, p0004).
    /// assert_eq!(copy.tidfrg_S(layout![(512, 2) : (1, 512)]).to_string(),
    ///            "((_2,_64),(_4,_1),(_2,_1)):((_512,_4),(_1,_0),(_256,_0))");
    /// ```
    tidfrg_S, try_tidfrg_S, ThrVal2MnS;
    /// CuTe's `tidfrg_D(layout)`: the same for the destination, by the
    /// atom's destination layout.
    tidfrg_D, try_tidfrg_D, ThrVal2MnD;
}

/// `TiledNumThr * V`, unsigned: the factor `retile` upcasts
/// `right_inverse(TiledLayout_TV)` by, `V` being the fragment's `size<0>`.
type RetileFactor<T, V> =
    <Prod<<<T as TiledCopyTypes>::LayoutTV as Sizes2>::Thr, V> as Magnitude>::Output;
/// `right_inverse(TiledLayout_TV).with_shape(shape(Tiler_MN))`: (m,n) -> (thr,val).
type TileToTv<T> =
    <<<T as TiledCopyTypes>::LayoutTV as RightInverseLayout>::Output as Composition<
        <<T as TiledCopyTypes>::TilerMN as MakeLayout>::Output,
    >>::Output;
/// `upcast<TiledNumThr * V>` of its shape, and of its stride below.
type FrgMnShape<T, V> = <<TileToTv<T> as LayoutParts>::Shape as UpcastPair<
    <TileToTv<T> as LayoutParts>::Stride,
    RetileFactor<T, V>,
>>::S;
type FrgMnStride<T, V> = <<TileToTv<T> as LayoutParts>::Shape as UpcastPair<
    <TileToTv<T> as LayoutParts>::Stride,
    RetileFactor<T, V>,
>>::D;
/// `frg_layout_mn`: (m,n) -> v, the shape and order of a thread's `V`
/// values inside `TiledLayout_TV`.
type FrgMn<T, V> = Layout<FrgMnShape<T, V>, FrgMnStride<T, V>>;
/// `logical_product(make_layout(V), right_inverse(frg_layout_mn))`.
type FrgVProduct<T, V> = <<FrgMn<T, V> as RightInverseLayout>::Output as ApplyTiler<
    Product,
    <V as MakeLayout>::Output,
>>::Output;
/// `frg_layout_v`: `zipped_divide(…, make_layout(AtomNumVal))`,
/// (atom_vals,rest_vals) -> (v,m,n).
type FrgV<T, V> = <FrgVProduct<T, V> as TensorDivide<
    <<<T as TiledCopyTypes>::Atom as CopyAtomTypes>::NumVal as MakeLayout>::Output,
>>::Zipped;
/// `prepend(product_each(shape(frg_layout_mn)), V)`: the tile `retile` cuts
/// the fragment into.
type RetileTile<T, V> = HCons<V, <<FrgMn<T, V> as LayoutParts>::Shape as ProductEach>::Output>;

/// The static layouts of `TiledCopy::retile` for a fragment of `V = size<0>`
/// values: computed from the tiled copy's types alone, so that only the
/// fragment's own divide and composition remain.
#[doc(hidden)]
pub trait RetileLayouts<T> {
    /// `prepend(product_each(shape(frg_layout_mn)), V)`.
    type Tile: Copy + Default;
    /// `frg_layout_v`.
    type FrgV: Copy + Default;
}
impl<T: TiledCopyTypes, V: Int + Default> RetileLayouts<T> for V
where
    <T::LayoutTV as Sizes2>::Thr: IntMul<V>,
    Prod<<T::LayoutTV as Sizes2>::Thr, V>: Magnitude,
    T::LayoutTV: Sizes2 + RightInverseLayout,
    T::TilerMN: MakeLayout,
    <T::LayoutTV as RightInverseLayout>::Output: Composition<<T::TilerMN as MakeLayout>::Output>,
    TileToTv<T>: LayoutParts,
    <TileToTv<T> as LayoutParts>::Shape:
        UpcastPair<<TileToTv<T> as LayoutParts>::Stride, RetileFactor<T, V>>,
    FrgMn<T, V>: RightInverseLayout + LayoutParts,
    <FrgMn<T, V> as LayoutParts>::Shape: ProductEach,
    V: MakeLayout,
    <FrgMn<T, V> as RightInverseLayout>::Output: ApplyTiler<Product, <V as MakeLayout>::Output>,
    <T::Atom as CopyAtomTypes>::NumVal: MakeLayout,
    FrgVProduct<T, V>: TensorDivide<<<T::Atom as CopyAtomTypes>::NumVal as MakeLayout>::Output>,
    FrgV<T, V>: Copy + Default,
    RetileTile<T, V>: Copy + Default,
{
    type Tile = RetileTile<T, V>;
    type FrgV = FrgV<T, V>;
}

/// `size<0>(layout)`: the values of the fragment `retile` regroups.
#[doc(hidden)]
pub trait Mode0Size {
    /// Its size.
    type Output;
}
impl<S0: Size, ST, D> Mode0Size for Layout<HCons<S0, ST>, D> {
    type Output = S0::Size;
}

/// `append<R>(Int<0>{}, _)`: the rest coordinate `retile` slices with,
/// `_0` on the size-1 mode its tile's `V` left, `_` on the others.
#[doc(hidden)]
pub trait ZeroHead: Copy {
    /// `(_0, _, …)`.
    type Output: Copy + Default;
}
impl<T: Copy + Default + frunk_core::hlist::HList> ZeroHead for HCons<Underscore, T> {
    type Output = HCons<typenum::Z0, T>;
}

/// The tile-mode layout of `TiledCopy::retile`, before the slice:
/// `zipped_divide(layout, tile).compose(frg_layout_v, _)`.
type RetileTv<T, L> =
    <<L as TensorDivide<<V0<L> as RetileLayouts<T>>::Tile>>::Zipped as Composition<
        H2<<V0<L> as RetileLayouts<T>>::FrgV, Underscore>,
    >>::Output;
/// `size<0>` of the fragment.
type V0<L> = <L as Mode0Size>::Output;
/// The slice coordinate `(_, append<R>(Int<0>{}, _))`.
type RetileCoord<T, L> = H2<
    Underscore,
    <<<L as TensorDivide<<V0<L> as RetileLayouts<T>>::Tile>>::ZippedShape as ZippedModes>::Rest as ZeroHead>::Output,
>;

/// The fragment layouts [`ThrCopy::retile_S`] and [`ThrCopy::retile_D`]
/// take: static `size<0>`, dividing by the retile tile and composing with
/// `frg_layout_v`.
pub trait Retile<T>: Sized {
    /// The layout before the slice.
    type Tv: TensorSlice<Self::Coord>;
    /// The slice coordinate.
    type Coord: Copy + Default;
    /// `zipped_divide(layout, tile).compose(frg_layout_v, _)`.
    fn try_retile_tv(self) -> Result<Self::Tv, LayoutError>;
}
impl<T: TiledCopyTypes, L> Retile<T> for L
where
    L: Mode0Size + TensorDivide<<V0<L> as RetileLayouts<T>>::Tile>,
    V0<L>: RetileLayouts<T>,
    L::ZippedShape: ZippedModes,
    <L::ZippedShape as ZippedModes>::Rest: ZeroHead,
    L::Zipped: Composition<H2<<V0<L> as RetileLayouts<T>>::FrgV, Underscore>>,
    RetileTv<T, L>: TensorSlice<RetileCoord<T, L>>,
{
    type Tv = RetileTv<T, L>;
    type Coord = RetileCoord<T, L>;
    fn try_retile_tv(self) -> Result<Self::Tv, LayoutError> {
        self.try_zipped_divide(Default::default())?
            .try_compose(cons2(Default::default(), Underscore))
    }
}

/// The tensor `retile_S`/`retile_D` return: the fragment's engine over
/// `((atom_vals,rest_vals),RestM,RestN,…)`.
pub type Retiled<T, E, L> = Tensor<
    <E as Shift<<<L as Retile<T>>::Tv as TensorSlice<<L as Retile<T>>::Coord>>::Offset>>::Output,
    <<L as Retile<T>>::Tv as TensorSlice<<L as Retile<T>>::Coord>>::Output,
>;

impl<T: TiledCopyTypes, I: Int> ThrCopy<T, I> {
    /// CuTe's `TiledCopy::retile(tensor)`, which `retile_S` and `retile_D`
    /// share: they assume the atom's source and destination layouts are
    /// its reference layout, so the same thread's values serve both sides.
    #[allow(clippy::type_complexity)]
    pub fn try_retile<E, L: Retile<T>>(
        &self,
        t: Tensor<E, L>,
    ) -> Result<Retiled<T, E, L>, LayoutError>
    where
        E: Shift<<L::Tv as TensorSlice<L::Coord>>::Offset>,
    {
        let (engine, layout) = t.into_parts();
        let tv = layout.try_retile_tv()?;
        Ok(Tensor::from_parts(engine, tv).slice(L::Coord::default()))
    }
}

macro_rules! copy_retiles {
    ($($(#[$doc:meta])* $name:ident, $try_name:ident;)*) => {$(
        impl<T: TiledCopyTypes, I: Int> ThrCopy<T, I> {
            $(#[$doc])*
            #[allow(non_snake_case, clippy::type_complexity)]
            #[track_caller]
            pub fn $name<E, L: Retile<T>>(&self, t: Tensor<E, L>) -> Retiled<T, E, L>
            where
                E: Shift<<L::Tv as TensorSlice<L::Coord>>::Offset>,
            {
                ok_or_panic(self.try_retile(t))
            }
            #[doc = concat!("[`ThrCopy::", stringify!($name), "`] returning the error of a runtime value that breaks the divide.")]
            #[allow(non_snake_case, clippy::type_complexity)]
            pub fn $try_name<E, L: Retile<T>>(&self, t: Tensor<E, L>) -> Result<Retiled<T, E, L>, LayoutError>
            where
                E: Shift<<L::Tv as TensorSlice<L::Coord>>::Offset>,
            {
                self.try_retile(t)
            }
        }
    )*};
}

copy_retiles! {
    /// `retile_S(tensor)`: a thread's fragment `(V,M,N,…)` (a
    /// `partition_fragment_*` of the MMA the copy was made for) seen as
    /// the copy's source, `((atom_vals,rest_vals),RestM,RestN,…)`: the same
    /// registers, grouped by the copy atom's values.
    retile_S, try_retile_S;
    /// `retile_D(tensor)`: the same view as the copy's destination, for
    /// loading a fragment the MMA then reads (`copy(s2r, tXsA, retile_D(tXrA))`).
    ///
    /// ```
    /// use cute_algebra::prelude::*;
    /// use cute_algebra::atom::*;
    /// use cute_algebra::tensor::make_counting_tensor;
    /// let mma = make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN, layout![(2, 2, 1)], Underscore);
    /// let s2r = make_tiled_copy_A(CopyAtom::<SM75_U32x4_LDSM_N, half_t>::default(), mma);
    /// let tid: i32 = 5;
    /// // Expected values printed by CuTe C++ (tests/data/cute/atom_cases.out).
    /// // The thread's A registers: (MMA_V, MMA_M, MMA_K).
    /// let frag = mma.get_slice(tid).partition_fragment_A::<f32, _, _>(
    ///     make_counting_tensor(layout![(32, 16) : (16, 1)]));
    /// assert_eq!(frag.layout().to_string(), "((_2,_2,_2),_1,_1):((_1,_2,_4),_0,_0)");
    /// // As LDSM's destination: the atom's 8 values, then the rest.
    /// let regs = make_counting_tensor(frag.layout());
    /// assert_eq!(s2r.get_slice(tid).retile_D(regs).to_string(),
    ///            "counting_iter(0) o ((_8,_1),_1,_1):((_1,_0),_0,_0)");
    /// ```
    retile_D, try_retile_D;
}
