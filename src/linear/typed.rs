//! Static linear layouts: types whose bases are constants.
//!
//! Each type is a combinator ([`FromCute`], [`Compose`], [`Invert`],
//! [`Product`], or a table declared with
//! [`linear_layout!`](crate::linear_layout)) whose [`LinearTable`] is an
//! associated `const`, computed by the table's `const fn`s from its
//! operands' tables: no type-level arithmetic, so a static linear layout
//! costs its `const` evaluation to compile, and an operation without a
//! result fails that evaluation with a message naming the operation and
//! the condition (a post-monomorphization error, reported by `cargo build`
//! rather than `cargo check`).

use core::fmt;
use core::marker::PhantomData;
use core::ops::Mul;

use super::dim::{DimName, In, Out};
use super::table::LinearTable;
use crate::swizzle::ConstRepr;

/// A linear layout whose bases are known at compile time.
///
/// ```
/// use cute_algebra::linear::StaticLinear;
/// cute_algebra::linear_layout! {
///     /// SM80's 16x8 accumulator (`mma.m16n8k16`'s C) as Triton writes it.
///     struct Acc {
///         register: [(0, 1), (8, 0)],
///         lane: [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)],
///     } -> { dim0: 16, dim1: 8 }
/// }
/// // Register 1 of lane 1 holds element (0, 3).
/// assert_eq!(Acc.apply([1, 1]), [0, 3]);
/// // Which register and lane hold element (9, 5)?
/// assert_eq!(Acc.invert().apply([9, 5]), [3, 6]);
/// ```
pub trait StaticLinear: Copy + Default {
    /// The dimensions and bases.
    const TABLE: LinearTable;

    /// `L(ins)`, one value per input dimension in, one per output
    /// dimension out (Triton's `apply`): the XOR of the constant images of
    /// the inputs' set bits, which is all the code it compiles to. Bits
    /// above a dimension's size are ignored. A wrong number of inputs or
    /// outputs is a compile error.
    #[inline(always)]
    fn apply<const N: usize, const M: usize>(self, ins: [u32; N]) -> [u32; M] {
        const { Self::TABLE.check_arity(N, M) };
        let mut out = [0u32; M];
        // Each output dimension on its own: one statement per input bit
        // `k`, its input dimension, bit and value all constants, `if bit {
        // acc ^= value }`, the terms a kernel author writes from the bases
        // (bits past the layout's are `if false`, and go).
        macro_rules! bits {
            ($o:literal; $($k:literal)*) => {{
                let mut acc = 0u32;
                $(if const { $k < Self::TABLE.total_in_bits() as usize } {
                    let (i, b) = const { Self::TABLE.bit_source($k) };
                    if (ins[i] >> b) & 1 == 1 {
                        acc ^= const { Self::TABLE.values32()[$k][$o] };
                    }
                })*
                acc
            }};
        }
        macro_rules! outs {
            ($($o:literal)*) => {$(
                if const { $o < M } {
                    out[$o] = bits!($o; 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31);
                }
            )*};
        }
        outs!(0 1 2 3 4 5 6 7);
        out
    }

    /// `L(x)` with the input dimensions concatenated into one integer (the
    /// first the least significant bits) and the output dimensions
    /// concatenated likewise: `x`'s set bits pick constant images to XOR.
    #[inline(always)]
    fn apply_flat(self, x: u32) -> u32 {
        let mut r = 0;
        macro_rules! bits {
            ($($k:literal)*) => {$(
                if const { $k < Self::TABLE.total_in_bits() as usize } && (x >> $k) & 1 == 1 {
                    r ^= const { Self::TABLE.image($k) as u32 };
                }
            )*};
        }
        bits!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31);
        r
    }

    /// `outer ∘ self`: `self`, then `outer` (Triton's `compose`), as a
    /// static layout. `self`'s output dimensions must be `outer`'s input
    /// dimensions, each no larger, or it does not compile.
    #[inline(always)]
    fn compose<O: StaticLinear>(self, outer: O) -> Compose<Self, O> {
        let _ = outer;
        checked()
    }

    /// The inverse (Triton's `invert`), as a static layout: from this
    /// layout's output dimensions back to its input dimensions. A layout
    /// that is not invertible does not compile.
    ///
    /// ```compile_fail,E0080
    /// use cute_algebra::prelude::*;
    /// use cute_algebra::linear::{StaticLinear, ToLinear};
    /// // (2,2):(0,1): bit 0 is broadcast, so the layout is not injective.
    /// let _ = layout![(2, 2):(0, 1)].to_linear().invert();
    /// ```
    #[inline(always)]
    fn invert(self) -> Invert<Self> {
        checked()
    }

    /// The same layout at run time.
    ///
    /// ```
    /// use cute_algebra::prelude::*;
    /// use cute_algebra::linear::{StaticLinear, ToLinear, to_linear};
    /// let l = layout![(4, 8):(8, 1)];
    /// assert_eq!(l.to_linear().to_dyn(), to_linear(&l.to_dyn()).unwrap());
    /// ```
    #[cfg(feature = "alloc")]
    #[inline(always)]
    fn to_dyn(self) -> super::dynamic::LinearLayout {
        super::dynamic::LinearLayout::from_table(&Self::TABLE)
    }
}

/// A static layout of type `L`, its table evaluated: where the operation
/// has no result, this is where the compile error points.
#[doc(hidden)]
#[inline(always)]
pub fn checked<L: StaticLinear>() -> L {
    let _: LinearTable = L::TABLE;
    L::default()
}

/// The conversion of a static CuTe layout, or a static swizzled layout
/// `Sw o _0 o L`, to a static linear layout (CuTe's layout is linear over
/// F₂ exactly when the images of its input bits share no bits).
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::linear::dim::{Dim0, Offset};
/// use cute_algebra::linear::{StaticLinear, ToLinear};
/// use cute_algebra::swizzle::Swizzle;
/// let smem = composition(Swizzle::<3, 4, 3>, layout![(8, 64):(64, 1)]);
/// let ll = smem.to_linear_as::<Offset, Dim0>();
/// for i in 0..512 {
///     assert_eq!(ll.apply([i]), [smem.crd2idx(i as i32) as u32]);
/// }
/// ```
pub trait ToLinear: ConstRepr + Copy {
    /// A linear layout from the 1-D index (`in`) to the offset (`out`), as
    /// the runtime [`to_linear`](super::to_linear) names them.
    #[inline(always)]
    fn to_linear(self) -> FromCute<Self, In, Out> {
        checked()
    }
    /// A linear layout from the 1-D index to the offset, named `I` and `O`.
    #[inline(always)]
    fn to_linear_as<I: DimName, O: DimName>(self) -> FromCute<Self, I, O> {
        checked()
    }
}
impl<L: ConstRepr + Copy> ToLinear for L {}

/// Zero-sized combinators: `Copy`, `Default`, `Debug` (the type's name),
/// the product `*` with any static layout, and (with `alloc`) the print in
/// Triton's notation.
macro_rules! combinators {
    ($($(#[$doc:meta])* $T:ident<$($P:ident),*>;)*) => {$(
        $(#[$doc])*
        pub struct $T<$($P),*>(PhantomData<fn() -> ($($P,)*)>);
        impl<$($P),*> Clone for $T<$($P),*> {
            #[inline(always)]
            fn clone(&self) -> Self {
                *self
            }
        }
        impl<$($P),*> Copy for $T<$($P),*> {}
        impl<$($P),*> Default for $T<$($P),*> {
            #[inline(always)]
            fn default() -> Self {
                $T(PhantomData)
            }
        }
        impl<$($P),*> fmt::Debug for $T<$($P),*> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(core::any::type_name::<Self>())
            }
        }
        impl<$($P,)* R: StaticLinear> Mul<R> for $T<$($P),*>
        where
            Self: StaticLinear,
        {
            type Output = Product<Self, R>;
            #[inline(always)]
            fn mul(self, _: R) -> Product<Self, R> {
                checked()
            }
        }
        #[cfg(feature = "alloc")]
        impl<$($P),*> fmt::Display for $T<$($P),*>
        where
            Self: StaticLinear,
        {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(&self.to_dyn(), f)
            }
        }
    )*};
}

combinators! {
    /// The static CuTe layout `L` as a linear layout from `I` to `O`
    /// ([`ToLinear`]).
    FromCute<L, I, O>;
    /// `B ∘ A`: `A`, then `B` ([`StaticLinear::compose`]).
    Compose<A, B>;
    /// The inverse of `A` ([`StaticLinear::invert`]).
    Invert<A>;
    /// Triton's `A * B`: `A` on the low bits, `B` on the bits above.
    ///
    /// ```
    /// use cute_algebra::prelude::*;
    /// use cute_algebra::linear::{StaticLinear, ToLinear};
    /// // identity1D(4) * zeros1D(2): L(x) = x % 4 on [0, 8).
    /// let l = layout![4:1].to_linear() * layout![2:0].to_linear();
    /// assert_eq!(l.apply([7]), [3]);
    /// ```
    Product<A, B>;
}

impl<L: ConstRepr, I: DimName, O: DimName> StaticLinear for FromCute<L, I, O> {
    const TABLE: LinearTable = {
        let (sw, offset, flat) = L::REPR;
        LinearTable::from_cute(sw, offset, flat, I::NAME, O::NAME)
    };
}
impl<A: StaticLinear, B: StaticLinear> StaticLinear for Compose<A, B> {
    const TABLE: LinearTable = A::TABLE.compose(&B::TABLE);
}
impl<A: StaticLinear> StaticLinear for Invert<A> {
    const TABLE: LinearTable = A::TABLE.invert();
}
impl<A: StaticLinear, B: StaticLinear> StaticLinear for Product<A, B> {
    const TABLE: LinearTable = A::TABLE.mul(&B::TABLE);
}

/// What [`linear_layout!`](crate::linear_layout) gives a declared table
/// besides its bases: `*` with any static layout, and its print.
#[doc(hidden)]
#[macro_export]
macro_rules! __linear_table_ops {
    ($T:ident) => {
        impl<R: $crate::linear::StaticLinear> ::core::ops::Mul<R> for $T {
            type Output = $crate::linear::Product<$T, R>;
            #[inline(always)]
            fn mul(self, _: R) -> Self::Output {
                $crate::linear::__checked()
            }
        }
        const _: () = {
            // Evaluated here, so that a wrong table fails `cargo check`.
            let _ = <$T as $crate::linear::StaticLinear>::TABLE;
        };
    };
}

/// Declares a static linear layout from its bases, as Triton's
/// `LinearLayout({{in, bases}...}, {{out, size}...})`: each input dimension
/// with one image per bit (one value per output dimension), each output
/// dimension with its size. The type is zero-sized; a wrong table (a value
/// not below its dimension's size, a size not a power of two) fails to
/// compile with a message naming it.
///
/// ```
/// use cute_algebra::linear::StaticLinear;
/// cute_algebra::linear_layout! {
///     /// Four registers, two lanes, over a 4 x 2 tile.
///     pub struct Tile {
///         register: [(1, 0), (2, 0)],
///         lane: [(0, 1)],
///     } -> { dim0: 4, dim1: 2 }
/// }
/// assert_eq!(Tile.apply([3, 1]), [3, 1]);
/// assert!(Tile::TABLE.is_invertible());
/// ```
///
/// ```compile_fail,E0080
/// cute_algebra::linear_layout! {
///     struct Bad { lane: [(4,)] } -> { dim0: 4 }
/// }
/// ```
#[macro_export]
macro_rules! linear_layout {
    ($(#[$m:meta])* $vis:vis struct $Name:ident {
        $($in:ident : [$(($($v:expr),* $(,)?)),* $(,)?]),* $(,)?
    } -> { $($out:ident : $size:expr),* $(,)? }) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        $vis struct $Name;
        impl $crate::linear::StaticLinear for $Name {
            const TABLE: $crate::linear::LinearTable = $crate::linear::LinearTable::new(
                &[$((stringify!($in), &[$(&[$($v),*]),*])),*],
                &[$((stringify!($out), $size)),*],
            );
        }
        $crate::__linear_table_ops!($Name);
    };
}
