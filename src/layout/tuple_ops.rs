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

impl<N, Sh: GetAt<N>, D: GetAt<N>> GetAt<N> for Layout<Sh, D> {
    type Output = Layout<Sh::Output, D::Output>;
    #[inline(always)]
    fn get_at(self) -> Self::Output {
        let (s, d) = self.into_parts();
        Layout::from_parts(s.get_at(), d.get_at())
    }
}
impl<N, Sh: TakeFirst<S<N>>, D: TakeFirst<S<N>>> TakeFirst<S<N>> for Layout<Sh, D> {
    type Output = Layout<Sh::Output, D::Output>;
    #[inline(always)]
    fn take_first(self) -> Self::Output {
        let (s, d) = self.into_parts();
        Layout::from_parts(s.take_first(), d.take_first())
    }
}
impl<N, Sh: DropFirst<S<N>>, D: DropFirst<S<N>>> DropFirst<S<N>> for Layout<Sh, D> {
    type Output = Layout<Sh::Output, D::Output>;
    #[inline(always)]
    fn drop_first(self) -> Self::Output {
        let (s, d) = self.into_parts();
        Layout::from_parts(s.drop_first(), d.drop_first())
    }
}
impl<Ix, Sh: Select<Ix>, D: Select<Ix>> Select<Ix> for Layout<Sh, D> {
    type Output = Layout<Sh::Output, D::Output>;
    #[inline(always)]
    fn select(self) -> Self::Output {
        let (s, d) = self.into_parts();
        Layout::from_parts(s.select(), d.select())
    }
}
impl<const B: usize, const E: usize, Sh: Group<B, E>, D: Group<B, E>> Group<B, E>
    for Layout<Sh, D>
{
    type Output = Layout<Sh::Output, D::Output>;
    #[inline(always)]
    fn group(self) -> Self::Output {
        let (s, d) = self.into_parts();
        Layout::from_parts(s.group(), d.group())
    }
}
impl<Sh: Flatten, D: Flatten> Flatten for Layout<Sh, D> {
    type Output = Layout<Sh::Output, D::Output>;
    #[inline(always)]
    fn flatten_modes(self) -> Self::Output {
        let (s, d) = self.into_parts();
        Layout::from_parts(s.flatten_modes(), d.flatten_modes())
    }
}
impl<XS, XD, Sh: Append<XS>, D: Append<XD>> Append<Layout<XS, XD>> for Layout<Sh, D> {
    type Output = Layout<Sh::Output, D::Output>;
    #[inline(always)]
    fn append(self, x: Layout<XS, XD>) -> Self::Output {
        let ((s, d), (xs, xd)) = (self.into_parts(), x.into_parts());
        Layout::from_parts(s.append(xs), d.append(xd))
    }
}
impl<XS, XD, Sh: Prepend<XS>, D: Prepend<XD>> Prepend<Layout<XS, XD>> for Layout<Sh, D> {
    type Output = Layout<Sh::Output, D::Output>;
    #[inline(always)]
    fn prepend(self, x: Layout<XS, XD>) -> Self::Output {
        let ((s, d), (xs, xd)) = (self.into_parts(), x.into_parts());
        Layout::from_parts(s.prepend(xs), d.prepend(xd))
    }
}

/// Modes `[B, E)` of a layout (the type of [`Layout::take`]).
pub type Taken<const B: usize, const E: usize, L> =
    <<L as DropFirst<<Idx<B> as ToPeano>::Peano>>::Output as TakeFirst<
        <<Idx<E> as ToPeano>::Peano as PeanoSub<<Idx<B> as ToPeano>::Peano>>::Output,
    >>::Output;

impl<Sh, D> Layout<Sh, D> {
    /// Modes `[B, E)` (CuTe's `take<B, E>(layout)`).
    ///
    /// ```
    /// use cute_algebra::prelude::*;
    /// let l = layout![(2, (3, 4), 5) : (60, (1, 3), 12)];
    /// assert_eq!(l.take::<1, 3>().to_string(), "((_3,_4),_5):((_1,_3),_12)");
    /// ```
    #[inline(always)]
    pub fn take<const B: usize, const E: usize>(self) -> Taken<B, E, Self>
    where
        Idx<B>: ToPeano,
        Idx<E>: ToPeano,
        <Idx<E> as ToPeano>::Peano: PeanoSub<<Idx<B> as ToPeano>::Peano>,
        Self: DropFirst<<Idx<B> as ToPeano>::Peano>,
        <Self as DropFirst<<Idx<B> as ToPeano>::Peano>>::Output:
            TakeFirst<<<Idx<E> as ToPeano>::Peano as PeanoSub<<Idx<B> as ToPeano>::Peano>>::Output>,
    {
        crate::tuple::take::<B, E, Self>(self)
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
