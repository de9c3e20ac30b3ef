//! [`ComposedLayout`]: CuTe's `ComposedLayout<A, O, B>`, the function
//! `c -> A(O + B(c))`, here with a swizzle for `A`.

use core::fmt;

use super::func::{SwizzleApply, SwizzleParams, Swizzled};
use crate::int::{Int, IntAdd, Sum};
use crate::layout::{Crd2Idx, Layout};
use crate::tuple::{IntTuple, Size};

/// `A ∘ O ∘ B`: a layout `B`, then an offset `O`, then a swizzle `A`.
///
/// Built with [`composition`](crate::algebra::composition::composition)
/// from a swizzle and a layout. A static composed layout is zero-sized and
/// prints as CuTe does:
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::swizzle::Swizzle;
/// let c = composition(Swizzle::<3, 4, 3>, layout![(8, 64):(64, 1)]);
/// assert_eq!(c.to_string(), "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)");
/// assert_eq!(core::mem::size_of_val(&c), 0);
/// let (i, j) = (5i32, 17i32);
/// let o = i * 64 + j;
/// assert_eq!(c.crd2idx(coord![i, j]), o ^ ((o & 0x380) >> 3));
/// // A static coordinate gives a static offset: 7*64 + 3 = 451, swizzled to 499.
/// let s: cute_algebra::typenum::P499 = c.crd2idx(coord![7, 3]);
/// assert_eq!(s.value(), 451 ^ ((451 & 0x380) >> 3));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ComposedLayout<A, O, B> {
    swizzle: A,
    offset: O,
    layout: B,
}

impl<A, O, B> crate::int::sealed::Operand for ComposedLayout<A, O, B> {}

impl<A, O, B> ComposedLayout<A, O, B> {
    /// `A ∘ O ∘ B` from its parts (CuTe's three-argument `composition`).
    #[inline(always)]
    pub const fn new(swizzle: A, offset: O, layout: B) -> Self {
        ComposedLayout {
            swizzle,
            offset,
            layout,
        }
    }
}

impl<A: Copy, O: Copy, B: Copy> ComposedLayout<A, O, B> {
    /// The outer function `A` (CuTe's `layout_a()`).
    #[inline(always)]
    pub fn swizzle(&self) -> A {
        self.swizzle
    }
    /// The offset `O` added before the swizzle.
    #[inline(always)]
    pub fn offset(&self) -> O {
        self.offset
    }
    /// The inner layout `B` (CuTe's `layout_b()`).
    #[inline(always)]
    pub fn layout(&self) -> B {
        self.layout
    }
}

impl<A: SwizzleParams, O: Int, S: IntTuple, D: IntTuple> ComposedLayout<A, O, Layout<S, D>> {
    /// `A(O + B(c))` for a coordinate `c` of the inner layout: runtime in,
    /// runtime out; static in, static out.
    #[inline(always)]
    pub fn crd2idx<C>(&self, c: C) -> ComposedOffset<A, O, C, S, D>
    where
        C: Crd2Idx<S, D>,
        O: IntAdd<C::Output>,
        A: SwizzleApply<Sum<O, C::Output>>,
    {
        self.swizzle
            .apply_to(self.offset.add_wrapping(self.layout.crd2idx(c)))
    }

    /// The shape of the inner layout.
    #[inline(always)]
    pub fn shape(&self) -> S {
        self.layout.shape()
    }
    /// The size of the domain: the inner layout's size.
    #[inline(always)]
    pub fn size(&self) -> S::Size
    where
        S: Size,
    {
        self.layout.size()
    }
    /// The rank of the inner layout.
    #[inline(always)]
    pub fn rank(&self) -> usize {
        self.layout.rank()
    }
}

/// The offset type of coordinate `C` in `ComposedLayout<A, O, Layout<S, D>>`.
pub type ComposedOffset<A, O, C, S, D> = Swizzled<A, Sum<O, <C as Crd2Idx<S, D>>::Output>>;

impl<A: fmt::Display, O: Int, B: fmt::Display> fmt::Display for ComposedLayout<A, O, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} o ", self.swizzle)?;
        self.offset.fmt_cute(f)?;
        write!(f, " o {}", self.layout)
    }
}
