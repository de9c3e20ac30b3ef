//! `right_inverse` and `left_inverse` of a swizzled [`ComposedLayout`]
//! (`include/cute/swizzle_layout.hpp`): for `Sw o _0 o L`, CuTe computes
//! `composition(inverse(L), Sw)`, which moves the swizzle to the other side
//! as `make_swizzle<R(yyy_msk), R(zzz_msk)>() o R`.
//!
//! ```
//! use cute_algebra::prelude::*;
//! use cute_algebra::swizzle::Swizzle;
//! let c = composition(Swizzle::<3, 3, 3>, layout![(8, 64):(64, 1)]);
//! assert_eq!(right_inverse(c).to_string(), "Sw<3,0,-6> o _0 o (_64,_8):(_8,_1)");
//! assert_eq!(left_inverse(c).to_string(), "Sw<3,0,-6> o _0 o (_64,_8):(_8,_1)");
//! ```
//!
//! CuTe's own comment says this "works in simple cases". Where the moved
//! swizzle does not give an inverse (checked over the whole domain at
//! compile time), the call does not compile:
//!
//! ```compile_fail,E0080
//! use cute_algebra::prelude::*;
//! use cute_algebra::swizzle::Swizzle;
//! // CuTe: Sw<1,2,1> o _0 o (_4,_8):(_8,_1), which is no right inverse.
//! let _ = right_inverse(composition(Swizzle::<1, 4, 1>, layout![(8, 4):(4, 1)]));
//! ```

use core::ops::{Add, BitOr, Sub};

use typenum::{B0, B1, IsEqual, Min, U0, UInt, UTerm, Unsigned, Z0};

use super::composed::ComposedLayout;
use super::const_eval::ConstLayout;
use super::func::{SwizzleParams, SwizzleTn};
use super::slice::{ConstRepr, NonNegStatic, SwizzleGeometry};
use crate::algebra::Outcome;
use crate::algebra::verdict::Admissible;
use crate::algebra::{
    Composed, Composition, LeftInverse, LeftInverseLayout, RightInverse, RightInverseLayout,
};
use crate::error::LayoutError;
use crate::error::ok_or_panic;
use crate::int::ToStatic;
use crate::layout::{Crd2Idx, Layout, LayoutParts, OffsetOf};

/// A swizzled inverse is built only after its inner layout's verdict held.
impl<A: Default, O: Default, B: Outcome> Outcome for ComposedLayout<A, O, B> {
    type Verdict = crate::algebra::verdict::Admitted;
    #[inline(always)]
    fn blank() -> Self {
        ComposedLayout::new(A::default(), O::default(), B::blank())
    }
}

/// The population count and the number of trailing zeros of a typenum
/// unsigned (zero counts as `0` trailing zeros: CuTe's `32 % 32`).
#[doc(hidden)]
pub trait BitInfo {
    /// The number of set bits.
    type Pop: Unsigned;
    /// The number of trailing zero bits.
    type Tz: Unsigned;
}
crate::int::assoc_impls! {
    [] UTerm as BitInfo => { Pop = U0, Tz = U0 };
    [U: BitInfo] UInt<U, B1> as BitInfo
        => { Pop = <U::Pop as Add<B1>>::Output, Tz = U0 }
        where [U::Pop: Add<B1>, <U::Pop as Add<B1>>::Output: Unsigned];
    [U: BitInfo] UInt<U, B0> as BitInfo
        => { Pop = U::Pop, Tz = <U::Tz as Add<B1>>::Output }
        where [U::Tz: Add<B1>, <U::Tz as Add<B1>>::Output: Unsigned];
}

/// The two masks have as many bits (CuTe's `make_swizzle`: "Number of bits
/// in Y and Z don't match").
#[diagnostic::on_unimplemented(
    message = "swizzled inverse: the inverse layout maps the swizzle's YYY and ZZZ bits to masks of different sizes, so they are no swizzle",
    label = "CuTe's make_swizzle: \"Number of bits in Y and Z don't match\"",
    note = "CuTe's swizzle pass-through \"works in simple cases\"; `DynComposed` reports this at run time"
)]
#[doc(hidden)]
pub trait SwizzleBitCountsMatch {}
impl SwizzleBitCountsMatch for B1 {}

/// The masks are one swizzle's (CuTe's `make_swizzle`: "Something went
/// wrong.").
#[diagnostic::on_unimplemented(
    message = "swizzled inverse: the inverse layout maps the swizzle's YYY and ZZZ bits to masks that are not a swizzle's (not contiguous, or overlapping)",
    label = "CuTe's make_swizzle: \"Something went wrong.\"",
    note = "CuTe's swizzle pass-through \"works in simple cases\"; `DynComposed` reports this at run time"
)]
#[doc(hidden)]
pub trait SwizzleMasksContiguous {}
impl SwizzleMasksContiguous for B1 {}

/// CuTe's `make_swizzle<Y, Z>()` on `(Y, Z)` (typenum unsigned masks): the
/// swizzle that XORs the bits `Y` into the bits `Z`.
#[doc(hidden)]
pub trait MakeSwizzle {
    /// `SwizzleTn<popcount, min(tz(Y), tz(Z)), tz(Y) - tz(Z)>`.
    type Output: SwizzleParams;
}
type TzDiff<Y, Z> = <<<Y as BitInfo>::Tz as ToStatic>::Output as Sub<
    <<Z as BitInfo>::Tz as ToStatic>::Output,
>>::Output;
type Made<Y, Z> = SwizzleTn<
    <Y as BitInfo>::Pop,
    <<Y as BitInfo>::Tz as Min<<Z as BitInfo>::Tz>>::Output,
    TzDiff<Y, Z>,
>;
impl<Y: BitInfo, Z: BitInfo> MakeSwizzle for (Y, Z)
where
    Y::Pop: IsEqual<Z::Pop>,
    <Y::Pop as IsEqual<Z::Pop>>::Output: SwizzleBitCountsMatch,
    Y::Tz: Min<Z::Tz> + ToStatic,
    Z::Tz: ToStatic,
    <Y::Tz as ToStatic>::Output: Sub<<Z::Tz as ToStatic>::Output>,
    Made<Y, Z>: SwizzleGeometry,
    Y: BitOr<Z>,
    <Y as BitOr<Z>>::Output: IsEqual<<Made<Y, Z> as SwizzleGeometry>::Zy>,
    <<Y as BitOr<Z>>::Output as IsEqual<<Made<Y, Z> as SwizzleGeometry>::Zy>>::Output:
        SwizzleMasksContiguous,
{
    type Output = Made<Y, Z>;
}

/// `R(mask)` for an inverse layout `R`, unsigned.
type Image<R, M> = <OffsetOf<R, <M as ToStatic>::Output> as NonNegStatic>::U;
/// The swizzle moved through an inverse layout `R`.
type MovedSwizzle<Sw, R> = <(
    Image<R, <Sw as SwizzleParams>::Yyy>,
    Image<R, <Sw as SwizzleGeometry>::Zzz>,
) as MakeSwizzle>::Output;
/// The swizzled inverse: `make_swizzle<R(yyy), R(zzz)>() o R`.
pub type SwizzledInverse<Sw, R> = Composed<MovedSwizzle<Sw, R>, R>;

/// The brute-force checks that CuTe's pass-through gave an inverse.
pub struct InverseCheck<C, R>(core::marker::PhantomData<(C, R)>);
impl<Sw: SwizzleParams, S: ConstLayout<D>, D, R: ConstRepr>
    InverseCheck<ComposedLayout<Sw, Z0, Layout<S, D>>, R>
{
    /// `C(R(i)) == i` for every `i < size(R)`.
    pub const RIGHT: () = {
        let (rsw, roff, rl) = R::REPR;
        let l = S::FLAT;
        let mut i = 0;
        while i < rl.size() {
            let r = rsw.apply(roff + rl.at(i));
            assert!(
                Sw::RUNTIME.apply(l.at(r)) == i,
                "right_inverse of a swizzled layout: CuTe's swizzle pass-through does not give a right inverse here (C(R(i)) != i)"
            );
            i += 1;
        }
    };
    /// `R(C(i)) == i` for every `i < size(C)`.
    pub const LEFT: () = {
        let (rsw, roff, rl) = R::REPR;
        let l = S::FLAT;
        let mut i = 0;
        while i < l.size() {
            let c = Sw::RUNTIME.apply(l.at(i));
            assert!(
                rsw.apply(roff + rl.at(c)) == i,
                "left_inverse of a swizzled layout: CuTe's swizzle pass-through does not give a left inverse here (R(C(i)) != i)"
            );
            i += 1;
        }
    };
}

/// The right and left inverses of `Sw o _0 o L` need the same bounds on
/// the inverse of `L`: the swizzle moves through it onto its image.
macro_rules! swizzled_inverse {
    ($(#[$doc:meta])* $Trait:ident, $Inv:ident { $($body:tt)* }) => {
        $(#[$doc])*
        impl<Sw, S, D> $Trait for ComposedLayout<Sw, Z0, Layout<S, D>>
        where
            Sw: SwizzleGeometry,
            S: ConstLayout<D> + Copy,
            D: Copy,
            Layout<S, D>: $Trait,
            $Inv<Layout<S, D>>: Outcome<Verdict: Admissible> + LayoutParts,
            Sw::Yyy: ToStatic,
            Sw::Zzz: ToStatic,
            <Sw::Yyy as ToStatic>::Output: Crd2Idx<
                    <$Inv<Layout<S, D>> as LayoutParts>::Shape,
                    <$Inv<Layout<S, D>> as LayoutParts>::Stride,
                >,
            <Sw::Zzz as ToStatic>::Output: Crd2Idx<
                    <$Inv<Layout<S, D>> as LayoutParts>::Shape,
                    <$Inv<Layout<S, D>> as LayoutParts>::Stride,
                >,
            OffsetOf<$Inv<Layout<S, D>>, <Sw::Yyy as ToStatic>::Output>: NonNegStatic,
            OffsetOf<$Inv<Layout<S, D>>, <Sw::Zzz as ToStatic>::Output>: NonNegStatic,
            (
                Image<$Inv<Layout<S, D>>, Sw::Yyy>,
                Image<$Inv<Layout<S, D>>, Sw::Zzz>,
            ): MakeSwizzle,
            MovedSwizzle<Sw, $Inv<Layout<S, D>>>: Composition<$Inv<Layout<S, D>>>,
            SwizzledInverse<Sw, $Inv<Layout<S, D>>>: ConstRepr,
        {
            type Output = SwizzledInverse<Sw, $Inv<Layout<S, D>>>;
            /// The swizzled inverse runs its own check after type checking
            /// (`InverseCheck`), so it is always computed.
            type Static = typenum::B0;
            $($body)*
        }
    };
}

swizzled_inverse! {
    /// CuTe's `right_inverse(Sw o _0 o L)`: `composition(right_inverse(L), Sw)`.
    RightInverseLayout, RightInverse {
        #[inline(always)]
        fn right_inverse_layout(self) -> Self::Output {
            #[allow(clippy::let_unit_value)]
            let () = InverseCheck::<Self, Self::Output>::RIGHT;
            let sw = MovedSwizzle::<Sw, RightInverse<Layout<S, D>>>::default();
            ok_or_panic(sw.try_compose(self.layout().right_inverse_layout()))
        }
        /// A static layout has no runtime extent to check.
        #[inline(always)]
        fn try_right_inverse_layout(self) -> Result<Self::Output, crate::error::LayoutError> {
            Ok(self.right_inverse_layout())
        }
    }
}

swizzled_inverse! {
    /// CuTe's `left_inverse(Sw o _0 o L)`: `composition(left_inverse(L), Sw)`.
    LeftInverseLayout, LeftInverse {
        #[inline(always)]
        fn try_left_inverse_layout(self) -> Result<Self::Output, LayoutError> {
            #[allow(clippy::let_unit_value)]
            let () = InverseCheck::<Self, Self::Output>::LEFT;
            let sw = MovedSwizzle::<Sw, LeftInverse<Layout<S, D>>>::default();
            sw.try_compose(self.layout().try_left_inverse_layout()?)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use static_assertions::assert_type_eq_all;
    use typenum::{N3, P1, P5, U1, U2, U3, U4, U8, U24, U192};

    #[test]
    fn make_swizzle_reads_the_masks() {
        // CuTe's own examples: make_swizzle<0b1000, 0b0100>() is Swizzle<1,2,1>,
        // make_swizzle<0b11000000, 0b00000110>() is Swizzle<2,1,5>.
        assert_type_eq_all!(<(U8, U4) as MakeSwizzle>::Output, SwizzleTn<U1, U2, P1>);
        assert_type_eq_all!(<(U192, typenum::U6) as MakeSwizzle>::Output, SwizzleTn<U2, U1, P5>);
        assert_type_eq_all!(<(U3, U24) as MakeSwizzle>::Output, SwizzleTn<U2, typenum::U0, N3>);
    }
}
