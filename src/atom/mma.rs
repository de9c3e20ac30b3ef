//! MMA atoms as types: each of CuTe's warp-level MMA operations is a unit
//! struct named as CuTe names it, whose [`MmaTraits`] (CuTe's
//! `MMA_Traits<Op>`) are static layouts. The atoms are written once, as
//! data, in the [`mma_atoms!`] table below; the same table gives the
//! runtime path ([`crate::atom::dynamic::MmaAtom`]) its rows, so the two
//! paths cannot disagree on an atom.
//!
//! ```
//! use cute_algebra::atom::{MmaTraits, SM80_16x8x16_F32F16F16F32_TN};
//! type Atom = SM80_16x8x16_F32F16F16F32_TN;
//! assert_eq!(<Atom as MmaTraits>::CLayout::default().to_string(),
//!            "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))");
//! assert_eq!(<Atom as MmaTraits>::NAME, "SM80_16x8x16_F32F16F16F32_TN");
//! ```

use core::fmt;
use core::marker::PhantomData;

use super::gmma::{GmmaMajor, Major, OperandAMajor, RS, SS};
use super::types::ValueType;
use crate::int::Int;
use crate::tuple::IntTuple;

/// CuTe's `MMA_Traits<Op>`: the layouts that say which thread holds which
/// element of the operation's fragments.
///
/// - `ThrID`: atom thread -> thread index within the warp (or warpgroup);
/// - `ALayout`: (thread, value) -> index into the column-major (M,K) tile,
///   and likewise `BLayout` over (N,K) and `CLayout` over (M,N);
/// - `ShapeMNK`: the tile `(M,N,K)` one instruction computes.
///
/// ```
/// use cute_algebra::atom::{MmaTraits, SM70_8x8x4_F32F16F16F32_NT};
/// use cute_algebra::tuple::IntTuple;
/// type T = SM70_8x8x4_F32F16F16F32_NT;
/// assert_eq!(<T as MmaTraits>::ThrID::default().to_string(), "(_4,_2):(_1,_16)");
/// assert_eq!(<T as MmaTraits>::ShapeMNK::default().to_cute_string(), "(_8,_8,_4)");
/// ```
pub trait MmaTraits: Copy + Default + fmt::Display {
    /// CuTe's name of the operation (`SM80_16x8x16_F32F16F16F32_TN`).
    const NAME: &'static str;
    /// `Shape_MNK`.
    type ShapeMNK: IntTuple + Default;
    /// `Shape_MNK`'s M.
    type M: Int + Default;
    /// `Shape_MNK`'s N.
    type N: Int + Default;
    /// `Shape_MNK`'s K.
    type K: Int + Default;
    /// `ThrID`.
    type ThrID: Copy + Default + fmt::Display;
    /// `ALayout`.
    type ALayout: Copy + Default + fmt::Display;
    /// `BLayout`.
    type BLayout: Copy + Default + fmt::Display;
    /// `CLayout`.
    type CLayout: Copy + Default + fmt::Display;
}

/// The one element of a rank-1 tuple: a static integer from the table's
/// literal (`Shape![16]` is the tuple `(_16)`).
#[doc(hidden)]
pub trait Single {
    /// The element.
    type Output;
}
impl<X> Single for frunk_core::hlist::HCons<X, frunk_core::hlist::HNil> {
    type Output = X;
}

/// One table row of the runtime path: an operation's name, `Shape_MNK`
/// and its four layouts converted from the typed ones.
#[cfg(feature = "alloc")]
#[doc(hidden)]
pub struct MmaRow {
    /// CuTe's name of the operation, without template arguments.
    pub name: &'static str,
    /// `Shape_MNK`.
    pub mnk: [i64; 3],
    /// `[ThrID, ALayout, BLayout, CLayout]`.
    pub layouts: fn() -> [crate::dynamic::DynLayout; 4],
}

/// The MMA atom table: named layouts first (type aliases, shared by
/// several atoms), then one row per group of operations that share their
/// layouts. A layout is a named one or `[shape : stride]` in `Layout!`'s
/// notation. Each operation becomes a unit struct implementing
/// [`MmaTraits`], and a row of `MMA_TABLE` for the runtime path.
macro_rules! mma_atoms {
    (
        layouts { $($(#[$ldoc:meta])* $L:ident = [$($lt:tt)*];)* }
        atoms { $($(#[$adoc:meta])* [$($name:ident),+] ($m:literal, $n:literal, $k:literal)
                  thr $thr:tt a $a:tt b $b:tt c $c:tt;)* }
    ) => {
        $(
            $(#[$ldoc])*
            #[allow(non_camel_case_types)]
            pub type $L = $crate::Layout![$($lt)*];
        )*
        $(
            mma_atoms!(@group {$(#[$adoc])*} [$($name),+] ($m, $n, $k) $thr $a $b $c);
        )*
        /// Every operation of the table, for the runtime path.
        #[cfg(feature = "alloc")]
        pub(crate) const MMA_TABLE: &[MmaRow] = &[$($(
            MmaRow {
                name: stringify!($name),
                mnk: [$m, $n, $k],
                layouts: || [
                    <mma_atoms!(@ty $thr)>::default().to_dyn(),
                    <mma_atoms!(@ty $a)>::default().to_dyn(),
                    <mma_atoms!(@ty $b)>::default().to_dyn(),
                    <mma_atoms!(@ty $c)>::default().to_dyn(),
                ],
            },
        )+)*];
    };
    (@ty $L:ident) => { $L };
    (@ty [$($t:tt)*]) => { $crate::Layout![$($t)*] };
    (@group $docs:tt [$($name:ident),+] $mnk:tt $thr:tt $a:tt $b:tt $c:tt) => {
        $(mma_atoms!(@atom $docs $name $mnk $thr $a $b $c);)+
    };
    (@atom {$(#[$adoc:meta])*} $name:ident ($m:literal, $n:literal, $k:literal) $thr:tt $a:tt $b:tt $c:tt) => {
        #[doc = concat!("CuTe's `", stringify!($name), "`: `Shape_MNK` (", stringify!($m), ",",
                        stringify!($n), ",", stringify!($k), ").")]
        $(#[$adoc])*
        #[allow(non_camel_case_types)]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct $name;
        impl MmaTraits for $name {
            const NAME: &'static str = stringify!($name);
            type ShapeMNK = $crate::Shape![$m, $n, $k];
            type M = <$crate::Shape![$m] as Single>::Output;
            type N = <$crate::Shape![$n] as Single>::Output;
            type K = <$crate::Shape![$k] as Single>::Output;
            type ThrID = mma_atoms!(@ty $thr);
            type ALayout = mma_atoms!(@ty $a);
            type BLayout = mma_atoms!(@ty $b);
            type CLayout = mma_atoms!(@ty $c);
        }
        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(concat!("MMA_Atom<", stringify!($name), ">"))
            }
        }
    };
}

mma_atoms! {
    layouts {
        /// SM70's quad-pair thread layout (`mma_traits_sm70.hpp`).
        SM70_QuadPair = [(4, 2) : (1, 16)];
        /// SM70: an 8x4 operand read row-major (`T` for A, `N` for B).
        SM70_8x4_Row = [(8, 4) : (1, 8)];
        /// SM70: an 8x4 operand read column-major.
        SM70_8x4_Col = [((4, 2), 4) : ((8, 4), 1)];
        /// SM70: the 8x8 accumulator of 16-bit values.
        SM70_8x8_16b = [(8, 8) : (1, 8)];
        /// SM70: the 8x8 accumulator of 32-bit values.
        SM70_8x8_32b = [((2, 2, 2), (2, 2, 2)) : ((1, 16, 4), (8, 2, 32))];
        /// SM80 (and SM75): an 8x4 operand, one value per thread.
        SM80_8x4 = [((4, 8), 1) : ((8, 1), 0)];
        /// SM80: an 8x8 operand, row-major.
        SM80_8x8_Row = [((4, 8), 2) : ((16, 1), 8)];
        /// SM80: an 8x16 operand, row-major.
        SM80_8x16_Row = [((4, 8), 4) : ((32, 1), 8)];
        /// SM80: a 16x8 operand (and the 16x8 accumulator), row-major.
        SM80_16x8_Row = [((4, 8), (2, 2)) : ((32, 1), (16, 8))];
        /// One warp: 32 threads in order.
        Warp32 = [32 : 1];
    }
    atoms {
        [SM70_8x8x4_F16F16F16F16_TN] (8, 8, 4) thr SM70_QuadPair a SM70_8x4_Row b SM70_8x4_Row c SM70_8x8_16b;
        [SM70_8x8x4_F16F16F16F16_NT] (8, 8, 4) thr SM70_QuadPair a SM70_8x4_Col b SM70_8x4_Col c SM70_8x8_16b;
        [SM70_8x8x4_F16F16F16F16_NN] (8, 8, 4) thr SM70_QuadPair a SM70_8x4_Col b SM70_8x4_Row c SM70_8x8_16b;
        [SM70_8x8x4_F16F16F16F16_TT] (8, 8, 4) thr SM70_QuadPair a SM70_8x4_Row b SM70_8x4_Col c SM70_8x8_16b;
        [SM70_8x8x4_F32F16F16F32_TN] (8, 8, 4) thr SM70_QuadPair a SM70_8x4_Row b SM70_8x4_Row c SM70_8x8_32b;
        [SM70_8x8x4_F32F16F16F32_NT] (8, 8, 4) thr SM70_QuadPair a SM70_8x4_Col b SM70_8x4_Col c SM70_8x8_32b;
        [SM70_8x8x4_F32F16F16F32_NN] (8, 8, 4) thr SM70_QuadPair a SM70_8x4_Col b SM70_8x4_Row c SM70_8x8_32b;
        [SM70_8x8x4_F32F16F16F32_TT] (8, 8, 4) thr SM70_QuadPair a SM70_8x4_Row b SM70_8x4_Col c SM70_8x8_32b;
        /// `SM75_16x8x8_F16F16F16F16_TN` is not in CUTLASS 4.7.0's headers
        /// (cuBLASDx's CuTe extension defines it, with the F32-accumulator
        /// atom's layouts); the oracle uses it.
        [SM75_16x8x8_F32F16F16F32_TN, SM75_16x8x8_F16F16F16F16_TN] (16, 8, 8)
            thr Warp32 a SM80_16x8_Row b SM80_8x8_Row c SM80_16x8_Row;
        [SM75_8x8x16_S32S8S8S32_TN] (8, 8, 16) thr Warp32 a SM80_8x16_Row b SM80_8x16_Row c SM80_8x8_Row;
        [SM80_16x8x8_F16F16F16F16_TN, SM80_16x8x8_F32F16F16F32_TN, SM80_16x8x8_F32BF16BF16F32_TN] (16, 8, 8)
            thr Warp32 a SM80_16x8_Row b SM80_8x8_Row c SM80_16x8_Row;
        [SM80_16x8x16_F16F16F16F16_TN, SM80_16x8x16_F32F16F16F32_TN, SM80_16x8x16_F32BF16BF16F32_TN] (16, 8, 16)
            thr Warp32 a [((4, 8), (2, 2, 2)) : ((32, 1), (16, 8, 128))] b [((4, 8), (2, 2)) : ((16, 1), (8, 64))]
            c SM80_16x8_Row;
        [SM80_16x8x4_F32TF32TF32F32_TN] (16, 8, 4) thr Warp32 a [((4, 8), 2) : ((16, 1), 8)] b SM80_8x4 c SM80_16x8_Row;
        [SM80_16x8x8_F32TF32TF32F32_TN] (16, 8, 8)
            thr Warp32 a [((4, 8), (2, 2)) : ((16, 1), (8, 64))] b [((4, 8), 2) : ((8, 1), 32)] c SM80_16x8_Row;
        [SM80_8x8x4_F64F64F64F64_TN] (8, 8, 4) thr Warp32 a SM80_8x4 b SM80_8x4 c SM80_8x8_Row;
        /// CuTe's 8-bit integer MMAs: signed or unsigned operands, with or
        /// without `_SATURATE`, share their layouts.
        [SM80_8x8x16_S32S8S8S32_TN, SM80_8x8x16_S32S8S8S32_TN_SATURATE, SM80_8x8x16_S32S8U8S32_TN, SM80_8x8x16_S32S8U8S32_TN_SATURATE, SM80_8x8x16_S32U8S8S32_TN, SM80_8x8x16_S32U8S8S32_TN_SATURATE, SM80_8x8x16_S32U8U8S32_TN, SM80_8x8x16_S32U8U8S32_TN_SATURATE] (8, 8, 16) thr Warp32 a SM80_8x16_Row b SM80_8x16_Row c SM80_8x8_Row;
        [SM80_16x8x16_S32S8S8S32_TN, SM80_16x8x16_S32S8S8S32_TN_SATURATE, SM80_16x8x16_S32S8U8S32_TN, SM80_16x8x16_S32S8U8S32_TN_SATURATE, SM80_16x8x16_S32U8S8S32_TN, SM80_16x8x16_S32U8S8S32_TN_SATURATE, SM80_16x8x16_S32U8U8S32_TN, SM80_16x8x16_S32U8U8S32_TN_SATURATE] (16, 8, 16)
            thr Warp32 a [((4, 8), (4, 2)) : ((64, 1), (16, 8))] b SM80_8x16_Row c SM80_16x8_Row;
        [SM80_16x8x32_S32S8S8S32_TN, SM80_16x8x32_S32S8S8S32_TN_SATURATE, SM80_16x8x32_S32S8U8S32_TN, SM80_16x8x32_S32S8U8S32_TN_SATURATE, SM80_16x8x32_S32U8S8S32_TN, SM80_16x8x32_S32U8S8S32_TN_SATURATE, SM80_16x8x32_S32U8U8S32_TN, SM80_16x8x32_S32U8U8S32_TN_SATURATE] (16, 8, 32)
            thr Warp32 a [((4, 8), (4, 2, 2)) : ((64, 1), (16, 8, 256))] b [((4, 8), (4, 2)) : ((32, 1), (8, 128))]
            c SM80_16x8_Row;
    }
}

/// CuTe's `UniversalFMA<D, A, B, C>`: one thread computes one `d = a * b + c`
/// (the SIMT atom), with every layout `(1,1):(0,0)`.
///
/// ```
/// use cute_algebra::atom::{MmaTraits, UniversalFMA};
/// type F = UniversalFMA<f32>;
/// assert_eq!(F::default().to_string(), "MMA_Atom<UniversalFMA<float,float,float,float>>");
/// assert_eq!(<F as MmaTraits>::CLayout::default().to_string(), "(_1,_1):(_0,_0)");
/// ```
#[derive(Debug)]
pub struct UniversalFMA<D, A = D, B = A, C = D>(PhantomData<(D, A, B, C)>);

impl<D, A, B, C> Clone for UniversalFMA<D, A, B, C> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<D, A, B, C> Copy for UniversalFMA<D, A, B, C> {}
impl<D, A, B, C> Default for UniversalFMA<D, A, B, C> {
    fn default() -> Self {
        UniversalFMA(PhantomData)
    }
}

impl<D: ValueType, A: ValueType, B: ValueType, C: ValueType> fmt::Display
    for UniversalFMA<D, A, B, C>
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "MMA_Atom<UniversalFMA<{},{},{},{}>>",
            D::NAME,
            A::NAME,
            B::NAME,
            C::NAME
        )
    }
}

impl<D: ValueType, A: ValueType, B: ValueType, C: ValueType> MmaTraits
    for UniversalFMA<D, A, B, C>
{
    const NAME: &'static str = "UniversalFMA";
    type ShapeMNK = crate::Shape![1, 1, 1];
    type M = typenum::P1;
    type N = typenum::P1;
    type K = typenum::P1;
    type ThrID = crate::Layout![1 : 0];
    type ALayout = crate::Layout![(1, 1) : (0, 0)];
    type BLayout = crate::Layout![(1, 1) : (0, 0)];
    type CLayout = crate::Layout![(1, 1) : (0, 0)];
}

/// An SM90 GMMA operation as a type: `F` is its family (one of the
/// `MMA_64xNxK_…` markers below, which fixes the element types, K and where
/// A comes from), `N` its N (a typenum integer among those CuTe defines),
/// `A` and `B` the operands' [`Major`]s. CuTe's names are aliases of it:
/// `SM90_64x96x16_F32BF16BF16_SS<Major::K, Major::MN>`, and, for the
/// K-major-only types, `SM90_64x8x32_F32E4M3E4M3_RS_TN`. One generic
/// `MmaTraits` impl per family computes B and C from N, so the hundreds of
/// names cost nothing until one is used.
///
/// ```
/// use cute_algebra::atom::gmma::Major;
/// use cute_algebra::atom::{MmaTraits, SM90_64x96x16_F32BF16BF16_SS, SM90_64x8x32_F32E4M3E4M3_RS_TN};
/// type G = SM90_64x96x16_F32BF16BF16_SS<Major::K, Major::MN>;
/// assert_eq!(G::default().to_string(), "MMA_Atom<SM90_64x96x16_F32BF16BF16_SS<K,MN>>");
/// assert_eq!(<G as MmaTraits>::BLayout::default().to_string(), "(_128,(_96,_16)):(_0,(_1,_96))");
/// assert_eq!(<G as MmaTraits>::CLayout::default().to_string(),
///            "((_4,_8,_4),(_2,_2,_12)):((_128,_1,_16),(_64,_8,_512))");
/// type R = SM90_64x8x32_F32E4M3E4M3_RS_TN;
/// assert_eq!(<R as MmaTraits>::ALayout::default().to_string(),
///            "((_4,_8,_4),(_4,_2,_2)):((_256,_1,_16),(_64,_8,_1024))");
/// ```
pub struct GmmaAtom<F, N, A = Major::K, B = Major::K>(PhantomData<(F, N, A, B)>);

impl<F, N, A, B> Clone for GmmaAtom<F, N, A, B> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<F, N, A, B> Copy for GmmaAtom<F, N, A, B> {}
impl<F, N, A, B> Default for GmmaAtom<F, N, A, B> {
    fn default() -> Self {
        GmmaAtom(PhantomData)
    }
}
impl<F: GmmaFamily, N: GmmaN<F>, A: GmmaMajor, B: GmmaMajor> fmt::Debug for GmmaAtom<F, N, A, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
impl<F: GmmaFamily, N: GmmaN<F>, A: GmmaMajor, B: GmmaMajor> fmt::Display for GmmaAtom<F, N, A, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if F::MAJORS {
            write!(f, "MMA_Atom<{}<{},{}>>", N::NAME, A::NAME, B::NAME)
        } else {
            write!(f, "MMA_Atom<{}>", N::NAME)
        }
    }
}

/// A GMMA family: the operations that differ only in N.
pub trait GmmaFamily {
    /// [`SS`] or [`RS`]: where A comes from.
    type Source;
    /// Whether the operations take `<MajorA, MajorB>` (the 16-bit types);
    /// the others are K-major only (`_TN`).
    const MAJORS: bool;
}

/// An N that CuTe defines for the GMMA family `F`, with the operation's
/// name and `N / 8` (the accumulator's count of 8-column blocks).
#[diagnostic::on_unimplemented(
    message = "MMA_Atom: CuTe defines no GMMA of this family with N = `{Self}`",
    label = "N must be a multiple of 8 from 8 to 256"
)]
pub trait GmmaN<F>: Int + Default {
    /// CuTe's name of the operation (`SM90_64x96x16_F32BF16BF16_SS`).
    const NAME: &'static str;
    /// `N / 8`.
    type N8: Int + Default;
}

/// The GMMA table: the Ns CuTe defines (the same for every family here),
/// then one row per family: its marker, its name's tail after N, K, where
/// A comes from, whether it takes majors, and `ALayout`.
macro_rules! gmma_atoms {
    (
        ns $ns:tt;
        families { $($(#[$fdoc:meta])* $fam:ident $tail:literal ($k:literal) $src:ident $majors:ident
                     a $a:tt;)* }
    ) => {
        $(gmma_atoms!(@family {$(#[$fdoc])*} $fam $tail $k $src $majors $a $ns);)*
        /// Every GMMA operation of the typed table, family by family, for
        /// checking it against the runtime rules.
        #[cfg(feature = "alloc")]
        #[doc(hidden)]
        pub const GMMA_TABLE: &[&[MmaRow]] = &[$(<$fam as GmmaRows>::ROWS),*];
    };
    (@family {$(#[$fdoc:meta])*} $fam:ident $tail:literal $k:literal $src:ident $majors:ident $a:tt [$($n:literal),*]) => {
        #[doc = concat!("The GMMA family `SM90_64xN", $tail, "` (CuTe's `MMA_64xN", $tail, "`).")]
        $(#[$fdoc])*
        #[allow(non_camel_case_types)]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct $fam;
        impl GmmaFamily for $fam {
            type Source = $src;
            const MAJORS: bool = gmma_atoms!(@majors $majors);
        }
        impl<N, N8, A, B> MmaTraits for GmmaAtom<$fam, N, A, B>
        where
            N: GmmaN<$fam, N8 = N8>,
            N8: Int + Default,
            A: OperandAMajor<$src>,
            B: GmmaMajor,
            $crate::Shape![64, N, $k]: IntTuple + Default,
            $crate::Layout![(128, (N, $k)) : (0, (1, N))]: Copy + Default + fmt::Display,
            $crate::Layout![((4, 8, 4), (2, 2, N8)) : ((128, 1, 16), (64, 8, 512))]:
                Copy + Default + fmt::Display,
        {
            const NAME: &'static str = N::NAME;
            type ShapeMNK = $crate::Shape![64, N, $k];
            type M = typenum::P64;
            type N = N;
            type K = <$crate::Shape![$k] as Single>::Output;
            type ThrID = $crate::Layout![128 : 1];
            type ALayout = $crate::Layout! $a;
            type BLayout = $crate::Layout![(128, (N, $k)) : (0, (1, N))];
            type CLayout = $crate::Layout![((4, 8, 4), (2, 2, N8)) : ((128, 1, 16), (64, 8, 512))];
        }
        cute_algebra_macros::for_each_n!(gmma_atoms, "SM90_64x", $tail, [$($n),*], 8, { @n $fam $k $majors });
    };
    (@majors majors) => { true };
    (@majors tn) => { false };
    ({ @n $fam:ident $k:literal $majors:ident } $([$name:ident $n:literal $N:ty, $N8:ty])*) => {
        $(
            impl GmmaN<$fam> for $N {
                const NAME: &'static str = stringify!($name);
                type N8 = $N8;
            }
            gmma_atoms!(@alias $majors $name $fam $N);
        )*
        #[cfg(feature = "alloc")]
        impl GmmaRows for $fam {
            const ROWS: &'static [MmaRow] = &[$(
                MmaRow {
                    name: stringify!($name),
                    mnk: [64, $n, $k],
                    layouts: gmma_layouts::<GmmaAtom<$fam, $N>>,
                },
            )*];
        }
    };
    (@alias majors $name:ident $fam:ident $N:ty) => {
        #[doc = concat!("CuTe's `", stringify!($name), "<tnspA, tnspB>`: a [`GmmaAtom`].")]
        #[allow(non_camel_case_types)]
        pub type $name<A, B> = GmmaAtom<$fam, $N, A, B>;
    };
    (@alias tn $name:ident $fam:ident $N:ty) => {
        #[doc = concat!("CuTe's `", stringify!($name), "`: a [`GmmaAtom`].")]
        #[allow(non_camel_case_types)]
        pub type $name = GmmaAtom<$fam, $N>;
    };
}

/// A family's rows of [`GMMA_TABLE`].
#[cfg(feature = "alloc")]
trait GmmaRows {
    const ROWS: &'static [MmaRow];
}

/// `[ThrID, ALayout, BLayout, CLayout]` of a typed atom, as runtime
/// layouts read back from their prints (one generic function for every
/// family, instead of `to_dyn`'s bounds on each layout type).
#[cfg(feature = "alloc")]
fn gmma_layouts<T: MmaTraits>() -> [crate::dynamic::DynLayout; 4] {
    use alloc::string::ToString;
    fn read(print: &str) -> crate::dynamic::DynLayout {
        print
            .parse()
            .expect("a static layout prints in CuTe's notation")
    }
    [
        read(&T::ThrID::default().to_string()),
        read(&T::ALayout::default().to_string()),
        read(&T::BLayout::default().to_string()),
        read(&T::CLayout::default().to_string()),
    ]
}

gmma_atoms! {
    ns [8, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128,
        136, 144, 152, 160, 168, 176, 184, 192, 200, 208, 216, 224, 232, 240, 248, 256];
    families {
        /// The 16-bit types: A and B K- or MN-major; from registers, A is K-major
        /// (CuTe's `ALayout_64x16`); from shared memory, `ABLayout<64, 16>`.
        MMA_64xNx16_F16F16F16_SS "x16_F16F16F16_SS" (16) SS majors a [(128, (64, 16)) : (0, (1, 64))];
        MMA_64xNx16_F16F16F16_RS "x16_F16F16F16_RS" (16) RS majors a [((4, 8, 4), (2, 2, 2)) : ((128, 1, 16), (64, 8, 512))];
        MMA_64xNx16_F32F16F16_SS "x16_F32F16F16_SS" (16) SS majors a [(128, (64, 16)) : (0, (1, 64))];
        MMA_64xNx16_F32F16F16_RS "x16_F32F16F16_RS" (16) RS majors a [((4, 8, 4), (2, 2, 2)) : ((128, 1, 16), (64, 8, 512))];
        MMA_64xNx16_F32BF16BF16_SS "x16_F32BF16BF16_SS" (16) SS majors a [(128, (64, 16)) : (0, (1, 64))];
        MMA_64xNx16_F32BF16BF16_RS "x16_F32BF16BF16_RS" (16) RS majors a [((4, 8, 4), (2, 2, 2)) : ((128, 1, 16), (64, 8, 512))];
        /// TF32, K-major only: A from registers is CuTe's `ALayout_64x8`.
        MMA_64xNx8_F32TF32TF32_SS_TN "x8_F32TF32TF32_SS_TN" (8) SS tn a [(128, (64, 8)) : (0, (1, 64))];
        MMA_64xNx8_F32TF32TF32_RS_TN "x8_F32TF32TF32_RS_TN" (8) RS tn a [((4, 8, 4), (2, 2)) : ((64, 1, 16), (8, 256))];
        /// The 8-bit floats, K-major only: A from registers is CuTe's `ALayout_64x32`.
        MMA_64xNx32_F16E4M3E4M3_SS_TN "x32_F16E4M3E4M3_SS_TN" (32) SS tn a [(128, (64, 32)) : (0, (1, 64))];
        MMA_64xNx32_F16E4M3E4M3_RS_TN "x32_F16E4M3E4M3_RS_TN" (32) RS tn a [((4, 8, 4), (4, 2, 2)) : ((256, 1, 16), (64, 8, 1024))];
        MMA_64xNx32_F16E4M3E5M2_SS_TN "x32_F16E4M3E5M2_SS_TN" (32) SS tn a [(128, (64, 32)) : (0, (1, 64))];
        MMA_64xNx32_F16E4M3E5M2_RS_TN "x32_F16E4M3E5M2_RS_TN" (32) RS tn a [((4, 8, 4), (4, 2, 2)) : ((256, 1, 16), (64, 8, 1024))];
        MMA_64xNx32_F16E5M2E4M3_SS_TN "x32_F16E5M2E4M3_SS_TN" (32) SS tn a [(128, (64, 32)) : (0, (1, 64))];
        MMA_64xNx32_F16E5M2E4M3_RS_TN "x32_F16E5M2E4M3_RS_TN" (32) RS tn a [((4, 8, 4), (4, 2, 2)) : ((256, 1, 16), (64, 8, 1024))];
        MMA_64xNx32_F16E5M2E5M2_SS_TN "x32_F16E5M2E5M2_SS_TN" (32) SS tn a [(128, (64, 32)) : (0, (1, 64))];
        MMA_64xNx32_F16E5M2E5M2_RS_TN "x32_F16E5M2E5M2_RS_TN" (32) RS tn a [((4, 8, 4), (4, 2, 2)) : ((256, 1, 16), (64, 8, 1024))];
        MMA_64xNx32_F32E4M3E4M3_SS_TN "x32_F32E4M3E4M3_SS_TN" (32) SS tn a [(128, (64, 32)) : (0, (1, 64))];
        MMA_64xNx32_F32E4M3E4M3_RS_TN "x32_F32E4M3E4M3_RS_TN" (32) RS tn a [((4, 8, 4), (4, 2, 2)) : ((256, 1, 16), (64, 8, 1024))];
        MMA_64xNx32_F32E4M3E5M2_SS_TN "x32_F32E4M3E5M2_SS_TN" (32) SS tn a [(128, (64, 32)) : (0, (1, 64))];
        MMA_64xNx32_F32E4M3E5M2_RS_TN "x32_F32E4M3E5M2_RS_TN" (32) RS tn a [((4, 8, 4), (4, 2, 2)) : ((256, 1, 16), (64, 8, 1024))];
        MMA_64xNx32_F32E5M2E4M3_SS_TN "x32_F32E5M2E4M3_SS_TN" (32) SS tn a [(128, (64, 32)) : (0, (1, 64))];
        MMA_64xNx32_F32E5M2E4M3_RS_TN "x32_F32E5M2E4M3_RS_TN" (32) RS tn a [((4, 8, 4), (4, 2, 2)) : ((256, 1, 16), (64, 8, 1024))];
        MMA_64xNx32_F32E5M2E5M2_SS_TN "x32_F32E5M2E5M2_SS_TN" (32) SS tn a [(128, (64, 32)) : (0, (1, 64))];
        MMA_64xNx32_F32E5M2E5M2_RS_TN "x32_F32E5M2E5M2_RS_TN" (32) RS tn a [((4, 8, 4), (4, 2, 2)) : ((256, 1, 16), (64, 8, 1024))];
    }
}
