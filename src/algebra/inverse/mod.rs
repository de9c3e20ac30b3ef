//! `right_inverse` and `left_inverse`, as in CuTe 4.x.
//!
//! Both start from `coalesce(l)` with its modes as `(stride, shape,
//! prefix product)` triples, sorted by stride with CuTe's exchange sort
//! (which is not stable: the order of equal strides follows CuTe).
//!
//! * `right_inverse` follows the chain of strides from 1: a mode whose
//!   stride equals the extent reached so far adds `shape : prefix product`,
//!   and the extent becomes `shape * stride`. The result is coalesced.
//! * `left_inverse` decodes an offset digit by digit: each non-zero stride
//!   `d` adds the mode `d / size : prefix product` (with `size` the product
//!   of the previous such shapes, and `d % size == 0` required), the first
//!   mode taking stride 0; the last sorted mode's shape closes the result.
//!
//! Strides must be static: the modes' order, and so the result's type,
//! would otherwise depend on runtime values (CuTe's `right_inverse`
//! silently drops runtime-stride modes; use
//! `cute_algebra::dynamic::DynLayout`). Runtime shapes are fine and follow
//! CuTe: after a runtime shape the extent is runtime, so `right_inverse`'s
//! chain stops there (the result is shorter than the largest possible one
//! but still a right inverse); `left_inverse` checks at run time the
//! condition that static shapes check at compile time.

mod left;
mod markers;
mod modes;
mod right;

pub use left::*;
pub use markers::*;
pub use modes::*;
pub use right::*;

use super::Coalesce;
use super::StaticFlag;
use super::complement::Outcome;
use super::verdict::Admissible;
use crate::error::LayoutError;
use crate::layout::Layout;
use crate::tuple::{AllStatic, IntTuple};

// ---------------------------------------------------------------------------
// Public API

/// The inverses, each with its `try_` twin: the layout's own
/// `try_*_layout`, its verdict checked, and unwrapped by the panicking form.
macro_rules! inverse_fns {
    ($($(#[$doc:meta])* $name:ident: $Tr:ident => $Res:ident, $method:ident;
       $(#[$try_doc:meta])* $try_name:ident;)*) => {$(
        $(#[$doc])*
        #[inline(always)]
        #[track_caller]
        pub fn $name<L: $Tr>(l: L) -> $Res<L>
        where
            $Res<L>: Outcome<Verdict: Admissible>,
        {
            crate::error::ok_or_panic($try_name(l))
        }

        $(#[$try_doc])*
        #[inline(always)]
        pub fn $try_name<L: $Tr>(l: L) -> Result<$Res<L>, LayoutError>
        where
            $Res<L>: Outcome<Verdict: Admissible>,
        {
            <L::Static as StaticFlag>::pick(|| l.$method(), || Ok(<$Res<L>>::blank()))
        }
    )*};
}

inverse_fns! {
    /// CuTe's `right_inverse(layout)`: the largest (in CuTe's sense) `R` with
    /// `layout(R(i)) == i` for every `i < size(R)`.
    ///
    /// The layout's strides must be static (a runtime stride does not compile:
    /// the result's structure would depend on its value). After a runtime
    /// shape the chain of strides stops, as in CuTe.
    ///
    /// ```
    /// use cute_algebra::prelude::*;
    /// assert_eq!(right_inverse(layout![(4, 8) : (8, 1)]).to_string(), "(_8,_4):(_4,_1)");
    /// assert_eq!(right_inverse(layout![(2, 4, 6) : (4, 1, 8)]).to_string(), "(_4,_2,_6):(_2,_1,_8)");
    /// assert_eq!(right_inverse(layout![(4, 2) : (1, 5)]).to_string(), "_4:_1");
    /// let n: i32 = 4;
    /// assert_eq!(right_inverse(layout![(n, 2) : (1, 4)]).to_string(), "4:_1");
    /// ```
    ///
    /// # Panics
    /// When a runtime extent is below 1, or the size overflows its type, as
    /// `DynLayout` refuses such a layout; [`try_right_inverse`] returns the error.
    right_inverse: RightInverseLayout => RightInverse, try_right_inverse_layout;
    /// [`right_inverse`] without the panic: a runtime extent below 1 gives
    /// [`LayoutError::ZeroSize`], a size beyond its type [`LayoutError::Overflow`].
    ///
    /// ```
    /// use cute_algebra::prelude::*;
    /// let (ok, neg): (i32, i32) = (4, -2);
    /// assert_eq!(try_right_inverse(layout![(ok, 2) : (1, 4)]).unwrap().to_string(), "4:_1");
    /// assert!(try_right_inverse(layout![(8, neg) : (1, 8)]).is_err());
    /// ```
    try_right_inverse;

    /// CuTe's `left_inverse(layout)`: an `R` with `layout(R(layout(i))) ==
    /// layout(i)` for every `i < size(layout)`.
    ///
    /// The layout's strides must be static, each non-zero stride (in
    /// increasing order) must be a multiple of the size gathered below it
    /// (CuTe's "Left inverse divisibility condition"), and the modes with
    /// non-zero strides must not overlap (where CuTe's result would be wrong).
    /// Where the overlap depends on a runtime shape, it is decided at run time:
    /// a mode of runtime extent 1 inside the previous one is skipped (it is no
    /// part of the layout's function), as `DynLayout` does.
    ///
    /// # Panics
    /// When runtime shapes make the modes overlap; [`try_left_inverse`]
    /// returns the error instead.
    ///
    /// ```
    /// use cute_algebra::prelude::*;
    /// assert_eq!(left_inverse(layout![(4, 8) : (8, 1)]).to_string(), "(_8,_4):(_4,_1)");
    /// assert_eq!(left_inverse(layout![4 : 2]).to_string(), "(_2,_4):(_0,_1)");
    /// assert_eq!(left_inverse(layout![(2, (2, 3)) : (3, (1, 6))]).to_string(), "(_3,_2,_3):(_2,_1,_4)");
    /// let n: i32 = 4;
    /// assert_eq!(left_inverse(layout![(n, 2) : (1, 4)]).to_string(), "(_4,_2):(_1,4)");
    /// let m: i32 = 1; // CuTe C++: (_4,1):(_1,_8), no left inverse
    /// assert_eq!(left_inverse(layout![(8, m) : (1, 4)]).to_string(), "_8:_1");
    /// ```
    left_inverse: LeftInverseLayout => LeftInverse, try_left_inverse_layout;
    /// [`left_inverse`] without the panic: runtime shapes that make the modes
    /// overlap give [`LayoutError::NotInjective`].
    ///
    /// ```
    /// use cute_algebra::prelude::*;
    /// let (ok, overlap): (i32, i32) = (4, 8);
    /// assert_eq!(try_left_inverse(layout![(ok, 2) : (1, 4)]).unwrap().to_string(), "(_4,_2):(_1,4)");
    /// assert!(try_left_inverse(layout![(overlap, 2) : (1, 4)]).is_err());
    /// ```
    try_left_inverse;
}

/// The result type of [`right_inverse`].
///
/// ```
/// use cute_algebra::algebra::RightInverse;
/// use cute_algebra::prelude::*;
/// use static_assertions::assert_type_eq_all;
/// assert_type_eq_all!(RightInverse<Layout![(4, 8) : (8, 1)]>, Layout![(8, 4) : (4, 1)]);
/// ```
pub type RightInverse<L> = <L as RightInverseLayout>::Output;

/// The result type of [`left_inverse`].
///
/// ```
/// use cute_algebra::algebra::LeftInverse;
/// use cute_algebra::prelude::*;
/// use static_assertions::assert_type_eq_all;
/// assert_type_eq_all!(LeftInverse<Layout![4 : 2]>, Layout![(2, 4) : (0, 1)]);
/// ```
pub type LeftInverse<L> = <L as LeftInverseLayout>::Output;

/// A static layout's inverse: its coalesced modes, the strides checked
/// static, handed to the inverse's walk (`Start`). The right and left
/// inverses differ in the walk and the runtime check.
macro_rules! inverse_layout {
    ($Tr:ident, $Start:ident { $($body:tt)* }) => {
        impl<S: IntTuple + Coalesce<D>, D: IntTuple> $Tr for Layout<S, D>
        where
            S::Static: super::SizeFits<S>,
            S::Output: InverseModes,
            <S::Output as InverseModes>::Strides: AllStatic,
            StaticStrides<S::Output>: $Start<S::Output>,
        {
            type Output = <StaticStrides<S::Output> as $Start<S::Output>>::Output;
            type Static = <S::Static as StaticFlag>::And<D::Static>;
            $($body)*
        }
    };
}

/// [`right_inverse`] as a trait on the layout. `Output` is the result, or
/// [`RightInverseRuntimeStride`], whose [`Outcome::Verdict`]
/// `Fail<RightInverseRuntimeStride>` is not `Admissible`.
///
/// ```
/// use cute_algebra::algebra::RightInverseLayout;
/// use cute_algebra::prelude::*;
/// assert_eq!(layout![(8, 4) : (4, 1)].right_inverse_layout().to_string(), "(_4,_8):(_8,_1)");
/// ```
pub trait RightInverseLayout: crate::int::sealed::Operand {
    /// The right inverse, or a marker.
    type Output;
    /// `B1` when the layout is static: the public functions then build
    /// the result from its type ([`StaticFlag`](crate::algebra::StaticFlag)).
    #[doc(hidden)]
    type Static: StaticFlag;
    /// Computes it, without the runtime checks.
    fn right_inverse_layout(self) -> Self::Output;
    /// Computes it, checking that every runtime extent is at least 1 and
    /// that the size fits its type.
    fn try_right_inverse_layout(self) -> Result<Self::Output, LayoutError>;
}
inverse_layout! {
    RightInverseLayout, RightInverseStart {
        #[inline(always)]
        fn right_inverse_layout(self) -> Self::Output {
            <StaticStrides<S::Output> as RightInverseStart<S::Output>>::start(
                self.shape().coalesce(self.stride()),
            )
        }
        #[inline(always)]
        fn try_right_inverse_layout(self) -> Result<Self::Output, LayoutError> {
            super::check_shape(self.shape(), "right_inverse")?;
            Ok(self.right_inverse_layout())
        }
    }
}

/// [`left_inverse`] as a trait on the layout. `Output` is the result, or a
/// marker naming the broken condition, whose [`Outcome::Verdict`]
/// `Fail<marker>` is not `Admissible`.
///
/// ```
/// use cute_algebra::algebra::LeftInverseLayout;
/// use cute_algebra::prelude::*;
/// let r = layout![(4, 2) : (1, 5)].try_left_inverse_layout().unwrap();
/// assert_eq!(r.to_string(), "(_5,_2):(_1,_4)");
/// ```
pub trait LeftInverseLayout: crate::int::sealed::Operand {
    /// The left inverse, or a marker.
    type Output;
    /// `B1` when the layout is static: the public functions then build
    /// the result from its type ([`StaticFlag`](crate::algebra::StaticFlag)).
    #[doc(hidden)]
    type Static: StaticFlag;
    /// Computes it, checking runtime values.
    fn try_left_inverse_layout(self) -> Result<Self::Output, LayoutError>;
}
inverse_layout! {
    LeftInverseLayout, LeftInverseStart {
        #[inline(always)]
        fn try_left_inverse_layout(self) -> Result<Self::Output, LayoutError> {
            super::check_shape(self.shape(), "left_inverse")?;
            <StaticStrides<S::Output> as LeftInverseStart<S::Output>>::start(
                self.shape().coalesce(self.stride()),
            )
        }
    }
}

/// `B1` when the coalesced layout `L` has static strides only.
type StaticStrides<L> = <<L as InverseModes>::Strides as AllStatic>::Is;
