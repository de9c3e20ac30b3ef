//! The integer encoding of static basis strides (module docs of
//! [`crate::basis`]): `k@i` is `k * 2^(F*i)`, and back.

use core::ops::{Mul, Shl, Shr};

use frunk_core::hlist::{HCons, HNil};
use typenum::{
    Add1, B1, Cmp, Compare, Equal, Greater, Less, NInt, NonZero, PInt, Prod, Shleft, Shright, U0,
    U1, Unsigned, Z0,
};

use super::{BasisTuple, ScaledBasis};

/// The stride tree `Self` with each basis `k@i` as the integer `k * 2^(F*i)`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a basis stride tree",
    label = "basis stride leaves are `ScaledBasis<V, M>` with a static `V`, or `Z0`"
)]
#[doc(hidden)]
pub trait EncodeStrides<F> {
    /// The encoded stride tree.
    type Output: Default;
}
crate::int::output_impls! {
    [F] Z0 as EncodeStrides<F> => Z0;
    [F, V: StaticScale<M, F>, M] ScaledBasis<V, M> as EncodeStrides<F> => V::Output;
}

/// A static scale `V` on mode `M`, as the integer `V * 2^(F*M)`.
#[diagnostic::on_unimplemented(
    message = "basis strides must be static for this operation, but a scale is the runtime `{Self}`",
    label = "the typed algebra on basis strides reads each result stride's mode from its static value",
    note = "use `cute_algebra::basis::DynBasisLayout` for runtime basis scales"
)]
pub trait StaticScale<M, F> {
    /// The encoded integer.
    type Output: Default;
}
macro_rules! static_scale {
    ($($T:ident),*) => {$(
        impl<U, M, F> StaticScale<M, F> for $T<U>
        where
            U: Unsigned + NonZero,
            $T<U>: Mul<PInt<Shleft<U1, Prod<M, F>>>>,
            M: Mul<F>,
            U1: Shl<Prod<M, F>>,
            Shleft<U1, Prod<M, F>>: Unsigned + NonZero,
            <$T<U> as Mul<PInt<Shleft<U1, Prod<M, F>>>>>::Output: Default,
        {
            type Output = <$T<U> as Mul<PInt<Shleft<U1, Prod<M, F>>>>>::Output;
        }
    )*};
}
static_scale!(PInt, NInt);

crate::int::output_impls! {
    [F] HNil as EncodeStrides<F> => HNil;
    [F, H: EncodeStrides<F>, T: EncodeStrides<F>] HCons<H, T> as EncodeStrides<F>
        => HCons<H::Output, T::Output>
        where [HCons<H::Output, T::Output>: Default];
}

/// The encoded result strides `Self` read back as bases.
#[diagnostic::on_unimplemented(
    message = "a basis stride became a runtime value (`{Self}`), whose mode cannot be known statically",
    label = "the typed algebra on basis strides needs static results",
    note = "use `cute_algebra::basis::DynBasisLayout` for runtime basis scales"
)]
#[doc(hidden)]
pub trait DecodeStrides<F> {
    /// The basis stride tree.
    type Output: BasisTuple + Default;
}
crate::int::output_impls! {
    [F] Z0 as DecodeStrides<F> => Z0;
    [F, U: Unsigned + NonZero + DecodeMag<F>] PInt<U> as DecodeStrides<F>
        => ScaledBasis<PInt<U::Scale>, U::Mode>
        where [ScaledBasis<PInt<U::Scale>, U::Mode>: BasisTuple + Default];
    [F, U: Unsigned + NonZero + DecodeMag<F>] NInt<U> as DecodeStrides<F>
        => ScaledBasis<NInt<U::Scale>, U::Mode>
        where [ScaledBasis<NInt<U::Scale>, U::Mode>: BasisTuple + Default];
    [F] HNil as DecodeStrides<F> => HNil;
    [F, H: DecodeStrides<F>, T: DecodeStrides<F>] HCons<H, T> as DecodeStrides<F>
        => HCons<H::Output, T::Output>
        where [HCons<H::Output, T::Output>: BasisTuple + Default];
}

/// A magnitude's field (`Mode`) and the value in it (`Scale`).
pub trait DecodeMag<F> {
    /// The field index.
    type Mode: Unsigned;
    /// The value.
    type Scale: Unsigned + NonZero;
}
impl<F, U> DecodeMag<F> for U
where
    U1: Shl<F>,
    U: Cmp<Shleft<U1, F>>,
    Compare<U, Shleft<U1, F>>: DecodeBranch<U, F>,
{
    type Mode = <Compare<U, Shleft<U1, F>> as DecodeBranch<U, F>>::Mode;
    type Scale = <Compare<U, Shleft<U1, F>> as DecodeBranch<U, F>>::Scale;
}

/// One step of [`DecodeMag`], chosen by comparing with `2^F`.
pub trait DecodeBranch<U, F> {
    /// The field index.
    type Mode: Unsigned;
    /// The value.
    type Scale: Unsigned + NonZero;
}
impl<U: Unsigned + NonZero, F> DecodeBranch<U, F> for Less {
    type Mode = U0;
    type Scale = U;
}
macro_rules! higher_field {
    ($Ord:ty) => {
        impl<U: Shr<F>, F> DecodeBranch<U, F> for $Ord
        where
            Shright<U, F>: DecodeMag<F>,
            <Shright<U, F> as DecodeMag<F>>::Mode: core::ops::Add<B1>,
            Add1<<Shright<U, F> as DecodeMag<F>>::Mode>: Unsigned,
        {
            type Mode = Add1<<Shright<U, F> as DecodeMag<F>>::Mode>;
            type Scale = <Shright<U, F> as DecodeMag<F>>::Scale;
        }
    };
}
higher_field!(Equal);
higher_field!(Greater);

/// Both field widths read the same result: no field carried.
#[diagnostic::on_unimplemented(
    message = "a basis stride's scale times an extent leaves the range the typed path computes exactly",
    label = "the result's basis scales are too large for the typed path",
    note = "use `cute_algebra::basis::DynBasisLayout`, which checks its range at run time"
)]
#[doc(hidden)]
pub trait SameBasisResult<T> {}
impl<T> SameBasisResult<T> for T {}

/// Marker for the basis stride trees this module accepts.
#[doc(hidden)]
pub trait BasisStrides: BasisTuple {}
impl<T: BasisTuple> BasisStrides for T {}
