//! The compile-time check that a slice (plus its offset) is the layout at
//! the full coordinate, by evaluating both in `const` over the slice.

use crate::int::StaticInt;
use crate::layout::Layout;
use crate::swizzle::DynSwizzle;
use crate::swizzle::composed::ComposedLayout;
use crate::swizzle::const_eval::{ConstCoord, ConstLayout, FlatCoord, FlatLayout};
use crate::swizzle::func::SwizzleParams;

/// A static layout or swizzled layout as a function evaluable in `const`.
#[doc(hidden)]
pub trait ConstRepr {
    /// `(swizzle, offset, layout)`: the value at `i` is `sw(offset + layout(i))`.
    const REPR: (DynSwizzle, i64, FlatLayout);
}
impl<S: ConstLayout<D>, D> ConstRepr for Layout<S, D> {
    const REPR: (DynSwizzle, i64, FlatLayout) = (DynSwizzle::new_unchecked(0, 0, 0), 0, S::FLAT);
}
impl<Sw: SwizzleParams, O: StaticInt, S: ConstLayout<D>, D> ConstRepr
    for ComposedLayout<Sw, O, Layout<S, D>>
{
    const REPR: (DynSwizzle, i64, FlatLayout) = (Sw::RUNTIME, O::I64, S::FLAT);
}

/// The brute-force check that a slice `R` (plus offset `Off`) of the
/// composed layout `L` at coordinate `C` is `L` at the full coordinate
/// (where the fixed coordinates lie inside their modes: beyond them CuTe's
/// result is its own extension of the layout, which we follow).
pub struct SliceCheck<L, C, R, Off>(core::marker::PhantomData<(L, C, R, Off)>);
impl<
    Sw: SwizzleParams,
    O: StaticInt,
    S: ConstLayout<D>,
    D,
    C: ConstCoord<S>,
    R: ConstRepr,
    Off: StaticInt,
> SliceCheck<ComposedLayout<Sw, O, Layout<S, D>>, C, R, Off>
{
    /// Fails to evaluate (a compile error) where CuTe's slice is wrong.
    pub const OK: () = {
        let l = S::FLAT;
        let c: FlatCoord = C::FLAT;
        let (rsw, roff, rl) = R::REPR;
        let n = if c.fixed_in_range(&l) {
            c.kept_size(&l)
        } else {
            0
        };
        let mut j = 0;
        while j < n {
            let want = Sw::RUNTIME.apply(O::I64 + c.full_at(&l, j));
            let got = rsw.apply(roff + rl.at(j)) + Off::I64;
            assert!(
                want == got,
                "slice of a swizzled layout: CuTe's folded slice is not the layout at the full coordinate here (its swizzle pass-through assumes no carry into the swizzled bits)"
            );
            j += 1;
        }
    };
}
