//! A layout as a tuple of modes (CuTe's `get`, `take`, `select`, `flatten`,
//! `group`, `append`, `prepend` on a `Layout`): each applies the tuple
//! operation to the shape and to the stride alike, so the result is again a
//! layout. The free functions of [`crate::tuple`] take layouts through these
//! impls, as CuTe overloads them; the methods here are the same calls.
//!
//! An integer-shaped layout is rank 1, as in CuTe: `get::<0>(8:2)` is
//! `_8:_2`, and `append(8:2, 3:16)` is `(_8,_3):(_2,_16)`.

use super::Layout;
use crate::tuple::{
    Append, DropFirst, Flatten, GetAt, Group, Idx, PeanoSub, Prepend, S, Select, TakeFirst, ToPeano,
};

/// A tuple operation on a layout: the same operation on its shape and on
/// its stride. `[generics] Trait::method`; the binary ones take a layout,
/// its shape going to the shape and its stride to the stride.
macro_rules! on_both_parts {
    ($([$($g:tt)*] $Tr:ident$(<$($P:ty),*>)?::$m:ident;)*) => {$(
        impl<$($g)* Sh: $Tr$(<$($P),*>)?, D: $Tr$(<$($P),*>)?> $Tr$(<$($P),*>)? for Layout<Sh, D> {
            type Output = Layout<Sh::Output, D::Output>;
            #[inline(always)]
            fn $m(self) -> Self::Output {
                let (s, d) = self.into_parts();
                Layout::from_parts(s.$m(), d.$m())
            }
        }
    )*};
    (binary $($Tr:ident::$m:ident;)*) => {$(
        impl<XS, XD, Sh: $Tr<XS>, D: $Tr<XD>> $Tr<Layout<XS, XD>> for Layout<Sh, D> {
            type Output = Layout<Sh::Output, D::Output>;
            #[inline(always)]
            fn $m(self, x: Layout<XS, XD>) -> Self::Output {
                let ((s, d), (xs, xd)) = (self.into_parts(), x.into_parts());
                Layout::from_parts(s.$m(xs), d.$m(xd))
            }
        }
    )*};
}
on_both_parts! {
    [N,] GetAt<N>::get_at;
    [N,] TakeFirst<S<N>>::take_first;
    [N,] DropFirst<S<N>>::drop_first;
    [Ix,] Select<Ix>::select;
    [const B: usize, const E: usize,] Group<B, E>::group;
    [] Flatten::flatten_modes;
}
on_both_parts! {
    binary
    Append::append;
    Prepend::prepend;
}

/// Modes `[B, E)` of a layout (the type of [`Layout::take`]).
pub type Taken<const B: usize, const E: usize, L> =
    <<L as DropFirst<<Idx<B> as ToPeano>::Peano>>::Output as TakeFirst<
        <<Idx<E> as ToPeano>::Peano as PeanoSub<<Idx<B> as ToPeano>::Peano>>::Output,
    >>::Output;

impl<Sh, D> Layout<Sh, D> {
    crate::tuple::with_take_bounds! {
        Self,
        [
            /// Modes `[B, E)` (CuTe's `take<B, E>(layout)`).
            ///
            /// ```
            /// use cute_algebra::prelude::*;
            /// let l = layout![(2, (3, 4), 5) : (60, (1, 3), 12)];
            /// assert_eq!(l.take::<1, 3>().to_string(), "((_3,_4),_5):((_1,_3),_12)");
            /// ```
            #[inline(always)]
            pub fn take<const B: usize, const E: usize>(self) -> Taken<B, E, Self>
        ] {
            crate::tuple::take::<B, E, Self>(self)
        }
    }

    /// The modes listed in `Ix`, an HList of [`Idx`] (CuTe's `select<I...>`).
    ///
    /// ```
    /// use cute_algebra::prelude::*;
    /// use cute_algebra::tuple::Idx;
    /// let l = layout![(2, (3, 4), 5) : (60, (1, 3), 12)];
    /// assert_eq!(l.select::<HList![Idx<2>, Idx<0>]>().to_string(), "(_5,_2):(_12,_60)");
    /// ```
    #[inline(always)]
    pub fn select<Ix>(self) -> <Self as Select<Ix>>::Output
    where
        Self: Select<Ix>,
    {
        Select::select(self)
    }

    /// Modes `[B, E)` grouped into one mode (CuTe's `group<B, E>`).
    ///
    /// ```
    /// use cute_algebra::prelude::*;
    /// let l = layout![(2, (3, 4), 5) : (60, (1, 3), 12)];
    /// assert_eq!(l.group::<0, 2>().to_string(), "((_2,(_3,_4)),_5):((_60,(_1,_3)),_12)");
    /// ```
    #[inline(always)]
    pub fn group<const B: usize, const E: usize>(self) -> <Self as Group<B, E>>::Output
    where
        Self: Group<B, E>,
    {
        Group::group(self)
    }

    /// Depth at most 1 (CuTe's `flatten(layout)`).
    ///
    /// ```
    /// use cute_algebra::prelude::*;
    /// let l = layout![(2, (3, 4), 5) : (60, (1, 3), 12)];
    /// assert_eq!(l.flatten().to_string(), "(_2,_3,_4,_5):(_60,_1,_3,_12)");
    /// ```
    #[inline(always)]
    pub fn flatten(self) -> <Self as Flatten>::Output
    where
        Self: Flatten,
    {
        self.flatten_modes()
    }

    /// `x` as a new last mode (CuTe's `append(layout, x)`).
    ///
    /// ```
    /// use cute_algebra::prelude::*;
    /// let l = layout![(2, 3) : (1, 2)];
    /// assert_eq!(l.append(layout![(4, 5) : (6, 24)]).to_string(), "(_2,_3,(_4,_5)):(_1,_2,(_6,_24))");
    /// ```
    #[inline(always)]
    pub fn append<X>(self, x: X) -> <Self as Append<X>>::Output
    where
        Self: Append<X>,
    {
        Append::append(self, x)
    }

    /// `x` as a new first mode (CuTe's `prepend(layout, x)`).
    ///
    /// ```
    /// use cute_algebra::prelude::*;
    /// assert_eq!(layout![8 : 2].prepend(layout![3 : 16]).to_string(), "(_3,_8):(_16,_2)");
    /// ```
    #[inline(always)]
    pub fn prepend<X>(self, x: X) -> <Self as Prepend<X>>::Output
    where
        Self: Prepend<X>,
    {
        Prepend::prepend(self, x)
    }
}
