//! How the zipped, tiled and flat divides and products regroup the modes
//! of a logical divide or product (CuTe's `tile_unzip`, `zip2_by` and the
//! `result(_, repeat<R>(_))` slices).

use super::Leaves;
use crate::layout::{IntoParts, Layout, Underscore};
use crate::tuple::cons;
use crate::tuple::{Concat, Unpack};
use frunk_core::hlist::{HCons, HNil};

#[doc(hidden)]
/// CuTe's `zip2_by(t, guide)`: `Self` is a tuple whose modes are pairs
/// `(tile, rest)` where the guide (a tiler) has modes; the result gathers
/// the tiles and then the rests, and modes beyond the guide join the rests.
/// A guide that is not a tuple (a layout, an integer or `_`) leaves its
/// pair as it is.
pub trait Zip2By<G> {
    /// The gathered tiles (leaves, so that a static result builds from its
    /// type).
    type First: Leaves;
    /// The gathered rests, then the unguided modes.
    type Second: Leaves;
    /// Regroups.
    fn zip2_by(self) -> (Self::First, Self::Second);
}
/// A guide mode that is not a tuple: `Self` is the pair `(tile, rest)`.
macro_rules! pair_guide {
    ($($G:ty => [$($g:tt)*]),*) => {$(
        impl<A: Leaves, B: Leaves, $($g)*> Zip2By<$G> for HCons<A, HCons<B, HNil>> {
            type First = A;
            type Second = B;
            #[inline(always)]
            fn zip2_by(self) -> (A, B) {
                (self.head, self.tail.head)
            }
        }
    )*};
}
pair_guide!(Layout<TS, TD> => [TS, TD], Underscore => [], I => [I: crate::int::Int]);
/// The guide has no more modes: the rest of `Self` joins the rests.
impl<X: Leaves> Zip2By<HNil> for X {
    type First = HNil;
    type Second = X;
    #[inline(always)]
    fn zip2_by(self) -> (HNil, X) {
        (HNil, self)
    }
}
/// The guide has more modes than `Self`: they are dropped here, and
/// [`super::TilerModesFit`] reports them, as one error.
impl<G0, GT> Zip2By<HCons<G0, GT>> for HNil {
    type First = HNil;
    type Second = HNil;
    #[inline(always)]
    fn zip2_by(self) -> (HNil, HNil) {
        (HNil, HNil)
    }
}
/// A tuple guide: regroup mode by mode.
impl<X0, XT, G0, GT> Zip2By<HCons<G0, GT>> for HCons<X0, XT>
where
    X0: Zip2By<G0>,
    XT: Zip2By<GT>,
{
    type First = HCons<X0::First, XT::First>;
    type Second = HCons<X0::Second, XT::Second>;
    #[inline(always)]
    fn zip2_by(self) -> (Self::First, Self::Second) {
        let (a, b) = self.head.zip2_by();
        let (at, bt) = self.tail.zip2_by();
        (HCons { head: a, tail: at }, HCons { head: b, tail: bt })
    }
}

#[doc(hidden)]
/// CuTe's `tile_unzip(layout, tiler)`: [`Zip2By`] on shape and stride.
pub type TileUnzipped<S, D, G> = Layout<
    HCons<<S as Zip2By<G>>::First, HCons<<S as Zip2By<G>>::Second, HNil>>,
    HCons<<D as Zip2By<G>>::First, HCons<<D as Zip2By<G>>::Second, HNil>>,
>;

/// Regroups a divided or multiplied layout by the tiler `G`.
#[inline(always)]
pub(crate) fn tile_unzip<S: Zip2By<G>, D: Zip2By<G>, G>(l: Layout<S, D>) -> TileUnzipped<S, D, G> {
    let (s, d) = l.into_parts();
    let (s0, s1) = s.zip2_by();
    let (d0, d1) = d.zip2_by();
    Layout::from_parts(cons(s0, cons(s1, HNil)), cons(d0, cons(d1, HNil)))
}

#[doc(hidden)]
/// The modes of a rank-2 tuple `(first, second)` after CuTe's
/// `result(_, repeat<R1>(_))` (`FLAT = false`, the tiled form) or
/// `result(repeat<R0>(_), repeat<R1>(_))` (`FLAT = true`).
pub trait Unpacked<const FLAT: bool> {
    /// The regrouped modes.
    type Output;
    /// Regroups.
    fn unpacked(self) -> Self::Output;
}
impl<A, B: Unpack> Unpacked<false> for HCons<A, HCons<B, HNil>>
where
    HCons<A, HNil>: Concat<B::Modes>,
{
    type Output = <HCons<A, HNil> as Concat<B::Modes>>::Output;
    #[inline(always)]
    fn unpacked(self) -> Self::Output {
        cons(self.head, HNil).concat(self.tail.head.unpack())
    }
}
impl<A: Unpack, B: Unpack> Unpacked<true> for HCons<A, HCons<B, HNil>>
where
    A::Modes: Concat<B::Modes>,
{
    type Output = <A::Modes as Concat<B::Modes>>::Output;
    #[inline(always)]
    fn unpacked(self) -> Self::Output {
        self.head.unpack().concat(self.tail.head.unpack())
    }
}

#[doc(hidden)]
/// The tiled (`FLAT = false`) or flat (`FLAT = true`) regrouping of a
/// zipped layout.
pub type UnpackedLayout<S, D, const FLAT: bool> =
    Layout<<S as Unpacked<FLAT>>::Output, <D as Unpacked<FLAT>>::Output>;

/// Applies [`Unpacked`] to shape and stride.
#[inline(always)]
pub(crate) fn unpack_layout<L: IntoParts, const FLAT: bool>(
    l: L,
) -> UnpackedLayout<L::Shape, L::Stride, FLAT>
where
    L::Shape: Unpacked<FLAT>,
    L::Stride: Unpacked<FLAT>,
{
    let (s, d) = l.parts();
    Layout::from_parts(s.unpacked(), d.unpacked())
}
