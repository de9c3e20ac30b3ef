//! `ceil_div(target, tiler)`: how many tiles cover a target shape, the
//! grid size of a kernel launch (`dim3 grid(size(ceil_div(M, BM)), …)`).

use super::Complement;
use crate::error::LayoutError;
use crate::int::IntCeilDiv;
use crate::layout::{IntoParts, Layout, LayoutParts};
use crate::tuple::cons;
use frunk_core::hlist::{HCons, HNil};

/// The number of tiles `Self` needed to cover the target `T`.
#[diagnostic::on_unimplemented(
    message = "ceil_div: the tiler does not fit the target shape: it must be an integer, a layout, or a tuple of those with at most the target's rank",
    label = "CuTe's ceil_div(target, tiler) divides the target mode by mode, rounding up"
)]
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::algebra::CeilDivBy;
/// // The grid of 128x64 tiles over any problem shape, static or runtime.
/// type Tile = Shape![128, 64];
/// fn grid<X>(mn: X) -> <Tile as CeilDivBy<X>>::Output where Tile: CeilDivBy<X> {
///     ceil_div(mn, Tile::default())
/// }
/// let (m, n): (i32, i32) = (1000, 500);
/// assert_eq!(grid(shape![m, n]).to_cute_string(), "(8,8)");
/// assert_eq!(grid(shape![256, 512]).to_cute_string(), "(_2,_8)");
/// ```
pub trait CeilDivBy<T>: crate::int::sealed::Operand {
    /// The grid shape.
    type Output;
    /// Computes it, checking runtime values.
    fn try_ceil_div_by(self, target: T) -> Result<Self::Output, LayoutError>;
}
/// An integer tile of an integer target: `(t + n - 1) / n`.
macro_rules! int_tile {
    ($($T:ty => [$($g:tt)*]),*) => {$(
        impl<X: IntCeilDiv<$T>, $($g)*> CeilDivBy<X> for $T
        where
            $T: crate::int::Int,
        {
            type Output = X::Output;
            #[inline(always)]
            fn try_ceil_div_by(self, target: X) -> Result<X::Output, LayoutError> {
                if crate::int::Int::wide(self) <= 0 {
                    return Err(LayoutError::DivisionByZero { op: "ceil_div" });
                }
                Ok(target.ceil_div(self))
            }
        }
    )*};
}
crate::int::for_int_kinds!(int_tile);
/// A layout tile: CuTe's `shape(complement(tiler, shape(target)))`, the
/// rest mode of `logical_divide`.
impl<TS, TD, X> CeilDivBy<X> for Layout<TS, TD>
where
    Self: Complement<X>,
    <Self as Complement<X>>::Output: IntoParts,
{
    type Output = <<Self as Complement<X>>::Output as LayoutParts>::Shape;
    #[inline(always)]
    fn try_ceil_div_by(self, target: X) -> Result<Self::Output, LayoutError> {
        Ok(self.try_complement_to(target)?.parts().0)
    }
}
/// A tuple of tiles, mode by mode; target modes beyond it stay (CuTe pads
/// the tiler with `1`s).
impl<X> CeilDivBy<X> for HNil {
    type Output = X;
    #[inline(always)]
    fn try_ceil_div_by(self, target: X) -> Result<X, LayoutError> {
        Ok(target)
    }
}
impl<T0: CeilDivBy<X0>, TT: CeilDivBy<XT>, X0, XT> CeilDivBy<HCons<X0, XT>> for HCons<T0, TT> {
    type Output = HCons<T0::Output, TT::Output>;
    #[inline(always)]
    fn try_ceil_div_by(self, target: HCons<X0, XT>) -> Result<Self::Output, LayoutError> {
        Ok(cons(
            self.head.try_ceil_div_by(target.head)?,
            self.tail.try_ceil_div_by(target.tail)?,
        ))
    }
}

/// CuTe's `ceil_div(target, tiler)`: the shape of the grid of tiles that
/// covers `target`. Integers divide rounding up; a layout tile gives the
/// rest mode of `logical_divide`; a tuple works mode by mode.
///
/// # Panics
/// On a runtime tile size of zero or less; [`try_ceil_div`] returns the
/// error.
///
/// ```
/// use cute_algebra::prelude::*;
/// let (m, n): (i32, i32) = (1000, 500);
/// assert_eq!(ceil_div(shape![m, n], shape![128, 64]).to_cute_string(), "(8,8)");
/// assert_eq!(ceil_div(shape![256, 512], shape![128, 64]).to_cute_string(), "(_2,_8)");
/// assert_eq!(ceil_div(int!(24), layout![4 : 2]).to_cute_string(), "(_2,_3)");
/// ```
#[inline]
#[track_caller]
pub fn ceil_div<X, T: CeilDivBy<X>>(target: X, tiler: T) -> T::Output {
    crate::error::ok_or_panic(tiler.try_ceil_div_by(target))
}

/// [`ceil_div`], returning a runtime tile size of zero or less as an error.
///
/// ```
/// use cute_algebra::prelude::*;
/// let bm: i32 = 0;
/// assert!(try_ceil_div(shape![256, 512], shape![bm, 64]).is_err());
/// ```
#[inline]
pub fn try_ceil_div<X, T: CeilDivBy<X>>(target: X, tiler: T) -> Result<T::Output, LayoutError> {
    tiler.try_ceil_div_by(target)
}
