//! Static integers as compile errors print them: `Val<6>` for the typenum
//! `P6`, `Mode<0>` for a mode index, so that a message names values, not
//! typenum's bit lists (beyond 1024 the typenum type itself is shown).

use typenum::{Cmp, Compare, Equal, Greater, Less, NInt, NonZero, PInt, UInt, Unsigned, Z0};

/// A static integer, as an error message shows it.
pub struct Val<const N: i64>;
/// A mode index, as an error message shows it.
pub struct Mode<const N: usize>;

/// The printable forms of a typenum unsigned up to 1024.
pub trait ShowU {
    /// As a positive value.
    type Pos;
    /// As a negative value.
    type Neg;
    /// As a mode index.
    type Mode;
}
cute_algebra_macros::__show_table!(ShowU, Val, Mode, 1024);

/// [`ShowU`] with a fallback: beyond 1024 the typenum type itself.
pub trait Show {
    /// As a positive value.
    type Pos;
    /// As a negative value.
    type Neg;
    /// As a mode index.
    type Mode;
}
crate::int::assoc_impls! {
    [U: Unsigned, B: typenum::Bit] UInt<U, B> as Show
        => {
            Pos = <Compare<UInt<U, B>, typenum::U1024> as ShowBy<UInt<U, B>>>::Pos,
            Neg = <Compare<UInt<U, B>, typenum::U1024> as ShowBy<UInt<U, B>>>::Neg,
            Mode = <Compare<UInt<U, B>, typenum::U1024> as ShowBy<UInt<U, B>>>::Mode,
        }
        where [
            UInt<U, B>: Cmp<typenum::U1024>,
            Compare<UInt<U, B>, typenum::U1024>: ShowBy<UInt<U, B>>,
        ];
    [] typenum::UTerm as Show => { Pos = Val<0>, Neg = Val<0>, Mode = Mode<0> };
}
/// The branch of [`Show`].
pub trait ShowBy<U> {
    /// As a positive value.
    type Pos;
    /// As a negative value.
    type Neg;
    /// As a mode index.
    type Mode;
}
crate::int::assoc_impls! {
    [U: ShowU] Less as ShowBy<U> => { Pos = U::Pos, Neg = U::Neg, Mode = U::Mode };
    [U: Unsigned + NonZero] Greater as ShowBy<U> => { Pos = PInt<U>, Neg = NInt<U>, Mode = U };
    [U: ShowU] Equal as ShowBy<U> => { Pos = U::Pos, Neg = U::Neg, Mode = U::Mode };
}

/// A static integer's printable form.
pub trait ShowInt {
    /// `Val<n>`.
    type Output;
}
crate::int::output_impls! {
    [U: Unsigned + NonZero + Show] PInt<U> as ShowInt => U::Pos;
    [U: Unsigned + NonZero + Show] NInt<U> as ShowInt => U::Neg;
    [] Z0 as ShowInt => Val<0>;
}
