//! Layout constructors: LayoutLeft (column-major), LayoutRight
//! (row-major) and layouts built from other layouts' modes.

use crate::layout::Layout;
use crate::tuple::cons;
use crate::tuple::{Compact, CompactColMajor, CompactRowMajor, IntTuple, LayoutLeft, LayoutRight};
use frunk_core::hlist::{HCons, HNil};
use typenum::P1;

/// The LayoutLeft (column-major compact) layout type of shape `S`.
pub type LayoutLeftOf<S> = Layout<S, CompactColMajor<S>>;
/// The LayoutRight (row-major compact) layout type of shape `S`.
pub type LayoutRightOf<S> = Layout<S, CompactRowMajor<S>>;

/// What `make_layout` accepts: a shape (giving LayoutLeft), or a tuple of
/// layouts (giving one layout whose modes are theirs).
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::layout::MakeLayout;
/// // A shape gives the column-major layout; a tuple of layouts, their modes side by side.
/// fn build<X: MakeLayout>(x: X) -> X::Output { x.make_layout() }
/// assert_eq!(build(shape![4, (2, 3)]).to_string(), "(_4,(_2,_3)):(_1,(_4,_8))");
/// assert_eq!(build(hlist![layout![4 : 2], layout![8 : 16]]).to_string(), "(_4,_8):(_2,_16)");
/// ```
pub trait MakeLayout {
    /// The layout built.
    type Output;
    /// Builds it.
    fn make_layout(self) -> Self::Output;
}
impl<S: IntTuple + Compact<LayoutLeft, P1>> MakeLayout for S {
    type Output = LayoutLeftOf<S>;
    #[inline(always)]
    fn make_layout(self) -> Self::Output {
        Layout::from_parts(self, self.compact(P1::new()).0)
    }
}
impl<S0, D0, T> MakeLayout for HCons<Layout<S0, D0>, T>
where
    Self: LayoutModes,
{
    type Output = Layout<<Self as LayoutModes>::Shapes, <Self as LayoutModes>::Strides>;
    #[inline(always)]
    fn make_layout(self) -> Self::Output {
        let (shapes, strides) = self.modes();
        Layout::from_parts(shapes, strides)
    }
}

/// A tuple of layouts, split into the tuple of their shapes and strides.
#[doc(hidden)]
pub trait LayoutModes {
    /// The shapes.
    type Shapes;
    /// The strides.
    type Strides;
    /// Splits.
    fn modes(self) -> (Self::Shapes, Self::Strides);
}
impl LayoutModes for HNil {
    type Shapes = HNil;
    type Strides = HNil;
    #[inline(always)]
    fn modes(self) -> (HNil, HNil) {
        (HNil, HNil)
    }
}
impl<S0, D0, T: LayoutModes> LayoutModes for HCons<Layout<S0, D0>, T> {
    type Shapes = HCons<S0, T::Shapes>;
    type Strides = HCons<D0, T::Strides>;
    #[inline(always)]
    fn modes(self) -> (Self::Shapes, Self::Strides) {
        let (shapes, strides) = self.tail.modes();
        let Layout { shape, stride } = self.head;
        (cons(shape, shapes), cons(stride, strides))
    }
}

/// CuTe's `make_layout`: from a shape, the LayoutLeft (column-major
/// compact) layout, where a static `_1` mode gets stride `_0`; from a tuple
/// of layouts, the layout whose modes are those layouts.
///
/// ```
/// use cute_algebra::prelude::*;
/// assert_eq!(make_layout(shape![2, (1, 4)]).to_string(), "(_2,(_1,_4)):(_1,(_0,_2))");
/// let n = 3;
/// assert_eq!(make_layout(shape![n, 4]).to_string(), "(3,_4):(_1,3)");
/// let l = make_layout(hlist![layout![4 : 2], layout![(2, 3) : (1, 8)]]);
/// assert_eq!(l.to_string(), "(_4,(_2,_3)):(_2,(_1,_8))");
/// ```
#[inline(always)]
pub fn make_layout<X: MakeLayout>(x: X) -> X::Output {
    x.make_layout()
}

/// CuTe's `make_layout(shape, LayoutRight{})`: row-major compact.
///
/// ```
/// use cute_algebra::prelude::*;
/// assert_eq!(make_layout_right(shape![2, (3, 4)]).to_string(), "(_2,(_3,_4)):(_12,(_4,_1))");
/// ```
#[inline(always)]
pub fn make_layout_right<S: IntTuple + Compact<LayoutRight, P1>>(shape: S) -> LayoutRightOf<S> {
    Layout::from_parts(shape, shape.compact(P1::new()).0)
}
