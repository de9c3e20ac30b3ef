//! [`DynComposed`]: a swizzle, an offset and a [`DynLayout`], the runtime
//! twin of [`ComposedLayout`](crate::swizzle::ComposedLayout).
//!
//! Most operations act on the inner layout and keep the swizzle and the
//! offset (`include/cute/layout_composed.hpp`); `upcast`/`downcast` scale
//! the swizzle too, and `right_inverse` moves it to the other side
//! (`swizzle_layout.hpp`).

use alloc::vec::Vec;
use core::fmt;

use crate::dynamic::{DynLayout, IntTree, TilerRef};
use crate::error::LayoutError;
use crate::swizzle::DynSwizzle;

/// `A o O o B`: the function `c -> A(O + B(c))` with a swizzle `A`.
///
/// ```
/// use cute_algebra::dynamic::DynLayout;
/// use cute_algebra::swizzle::DynComposed;
/// use cute_algebra::swizzle::DynSwizzle;
/// let sw = DynSwizzle::new(3, 4, 3).unwrap();
/// let c = DynComposed::new(sw, 0, "(8,64):(64,1)".parse().unwrap());
/// assert_eq!(c.to_string(), "Sw<3,4,3> o 0 o (8,64):(64,1)");
/// assert_eq!(c.at(7 + 8 * 3), Ok(499));                  // (7,3): 451 swizzled
/// assert_eq!(c.crd2idx(&"(7,3)".parse().unwrap()), Ok(499));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DynComposed {
    swizzle: DynSwizzle,
    offset: i64,
    layout: DynLayout,
}

/// The result of an operation that may drop an identity swizzle: CuTe's
/// `composition(Swizzle<0,M,S>, _0, L)` is the plain layout `L`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum MaybeComposed {
    /// A plain layout.
    Layout(DynLayout),
    /// A swizzled composed layout.
    Composed(DynComposed),
}

crate::layout::print::display_variants!(MaybeComposed: Layout, Composed);

impl DynComposed {
    /// `swizzle o offset o layout` (CuTe's three-argument `composition`).
    pub fn new(swizzle: DynSwizzle, offset: i64, layout: DynLayout) -> Self {
        DynComposed {
            swizzle,
            offset,
            layout,
        }
    }

    /// CuTe's `composition(Swizzle, Int<0>, L)`: the plain layout for a
    /// swizzle of zero bits, the composed layout otherwise.
    pub fn compose(swizzle: DynSwizzle, offset: i64, layout: DynLayout) -> MaybeComposed {
        if swizzle.bits() == 0 && offset == 0 {
            MaybeComposed::Layout(layout)
        } else {
            MaybeComposed::Composed(DynComposed::new(swizzle, offset, layout))
        }
    }

    /// The swizzle (CuTe's `layout_a()`).
    pub fn swizzle(&self) -> DynSwizzle {
        self.swizzle
    }
    /// The offset added before the swizzle.
    pub fn offset(&self) -> i64 {
        self.offset
    }
    /// The inner layout (CuTe's `layout_b()`).
    pub fn layout(&self) -> &DynLayout {
        &self.layout
    }

    fn with(&self, layout: DynLayout) -> DynComposed {
        DynComposed::new(self.swizzle, self.offset, layout)
    }

    fn swizzled(&self, o: i64) -> Result<i64, LayoutError> {
        let o = o
            .checked_add(self.offset)
            .ok_or(LayoutError::Overflow { op: "crd2idx" })?;
        Ok(self.swizzle.apply(o))
    }

    /// The value at a 1-D index: `A(O + B(i))`.
    pub fn at(&self, i: i64) -> Result<i64, LayoutError> {
        self.swizzled(self.layout.at(i)?)
    }
    /// The value at a coordinate: `A(O + B(c))`.
    pub fn crd2idx(&self, c: &IntTree) -> Result<i64, LayoutError> {
        self.swizzled(self.layout.crd2idx(c)?)
    }
    /// The value at every index `0..size`.
    pub fn values(&self) -> Result<Vec<i64>, LayoutError> {
        (0..crate::dynamic::values_bound(self.size()?)?)
            .map(|i| self.at(i))
            .collect()
    }
    /// The domain size: the inner layout's.
    pub fn size(&self) -> Result<i64, LayoutError> {
        self.layout.size()
    }
    /// The codomain size: the inner layout's (as CuTe's `cosize`).
    pub fn cosize(&self) -> Result<i64, LayoutError> {
        self.layout.cosize()
    }
    /// The shape of the inner layout.
    pub fn shape(&self) -> IntTree {
        self.layout.shape()
    }

    /// `composition(A o O o B, t)` is `A o O o composition(B, t)`.
    pub fn composition<'t>(&self, t: impl Into<TilerRef<'t>>) -> Result<DynComposed, LayoutError> {
        Ok(self.with(self.layout.composition(t)?))
    }
    /// `logical_divide` of the inner layout.
    pub fn logical_divide<'t>(
        &self,
        t: impl Into<TilerRef<'t>>,
    ) -> Result<DynComposed, LayoutError> {
        Ok(self.with(self.layout.logical_divide(t)?))
    }
    /// `zipped_divide` of the inner layout.
    pub fn zipped_divide<'t>(
        &self,
        t: impl Into<TilerRef<'t>>,
    ) -> Result<DynComposed, LayoutError> {
        Ok(self.with(self.layout.zipped_divide(t)?))
    }
    /// `tiled_divide` of the inner layout.
    pub fn tiled_divide<'t>(&self, t: impl Into<TilerRef<'t>>) -> Result<DynComposed, LayoutError> {
        Ok(self.with(self.layout.tiled_divide(t)?))
    }
    /// `flat_divide` of the inner layout.
    pub fn flat_divide<'t>(&self, t: impl Into<TilerRef<'t>>) -> Result<DynComposed, LayoutError> {
        Ok(self.with(self.layout.flat_divide(t)?))
    }
    /// `tile_to_shape` of the inner layout.
    pub fn tile_to_shape(
        &self,
        target: &IntTree,
        order: Option<&IntTree>,
    ) -> Result<DynComposed, LayoutError> {
        Ok(self.with(self.layout.tile_to_shape(target, order)?))
    }

    /// `upcast<N>`: the swizzle's base drops by `log2 N` (bits are lost when
    /// it would go below zero), the offset and the layout are upcast.
    ///
    /// ```
    /// use cute_algebra::eval::eval_line;
    /// assert_eq!(eval_line("upcast(composition(Sw<3,0,-3>, (8,16):(1,16)), 2)"), "Sw<2,0,-3> o 0 o (4,16):(1,8)");
    /// ```
    pub fn upcast(&self, n: i64) -> Result<DynComposed, LayoutError> {
        let k = log2_exact(n, "upcast")?;
        let sw = self.swizzle;
        let new_m = sw.base() as i64 - k as i64;
        let sw = if new_m >= 0 {
            DynSwizzle::new(sw.bits(), new_m as u32, sw.shift())?
        } else {
            DynSwizzle::new((sw.bits() as i64 + new_m).max(0) as u32, 0, sw.shift())?
        };
        let offset = self.offset / n;
        Ok(DynComposed::new(sw, offset, self.layout.upcast(n)?))
    }

    /// `downcast<N>`: the swizzle's base grows by `log2 N`, the offset and
    /// the layout are downcast.
    pub fn downcast(&self, n: i64) -> Result<DynComposed, LayoutError> {
        let k = log2_exact(n, "downcast")?;
        let sw = self.swizzle;
        let sw = DynSwizzle::new(sw.bits(), sw.base() + k, sw.shift())?;
        let offset = self
            .offset
            .checked_mul(n)
            .ok_or(LayoutError::Overflow { op: "downcast" })?;
        Ok(DynComposed::new(sw, offset, self.layout.downcast(n)?))
    }

    /// CuTe's `right_inverse` of `Sw o 0 o L`: `composition(right_inverse(L), Sw)`,
    /// which moves the swizzle through `R = right_inverse(L)` as the swizzle
    /// with source bits `R(yyy_msk)` and target bits `R(zzz_msk)`.
    ///
    /// CuTe's own comment says this "works in simple cases"; where the
    /// moved masks are no swizzle (CuTe's static_assert) or the result is
    /// not a right inverse (`C(R(i)) == i`, checked over the domain), this
    /// is an error.
    ///
    /// ```
    /// use cute_algebra::eval::eval_line;
    /// assert_eq!(eval_line("right_inverse(composition(Sw<3,3,3>, (8,64):(64,1)))"), "Sw<3,0,-6> o 0 o (64,8):(8,1)");
    /// // CuTe returns Sw<1,2,1> o _0 o (_4,_8):(_8,_1) here, which is no right inverse:
    /// // the swizzle's bits lie outside the layout's image.
    /// assert!(eval_line("right_inverse(composition(Sw<1,4,1>, (8,4):(4,1)))").starts_with("error: right_inverse"));
    /// ```
    pub fn right_inverse(&self) -> Result<MaybeComposed, LayoutError> {
        let inv = self.pass_through("right_inverse", self.layout.right_inverse()?)?;
        self.checked_inverse("right_inverse", inv, true)
    }

    /// CuTe's `left_inverse` of `Sw o 0 o L`: `composition(left_inverse(L), Sw)`,
    /// checked as [`right_inverse`](Self::right_inverse) is (`R(C(i)) == i`).
    ///
    /// ```
    /// use cute_algebra::eval::eval_line;
    /// assert_eq!(eval_line("left_inverse(composition(Sw<3,3,3>, (8,64):(64,1)))"), "Sw<3,0,-6> o 0 o (64,8):(8,1)");
    /// ```
    pub fn left_inverse(&self) -> Result<MaybeComposed, LayoutError> {
        let inv = self.pass_through("left_inverse", self.layout.left_inverse()?)?;
        self.checked_inverse("left_inverse", inv, false)
    }

    /// `inv`, checked by the defining property over its domain: `C(R(i))
    /// == i` for a right inverse, `R(C(i)) == i` for a left one.
    fn checked_inverse(
        &self,
        op: &'static str,
        inv: MaybeComposed,
        right: bool,
    ) -> Result<MaybeComposed, LayoutError> {
        let n = checked_walk(op, if right { inv.size()? } else { self.size()? })?;
        for i in 0..n {
            let back = if right {
                self.at(inv.at(i)?)?
            } else {
                inv.at(self.at(i)?)?
            };
            if back != i {
                return Err(not_inverse(op));
            }
        }
        Ok(inv)
    }

    /// `composition(inv, Sw)` moved to `Sw' o inv` (CuTe's
    /// `composition(Layout, Swizzle)`), for an offset of zero.
    fn pass_through(&self, op: &'static str, inv: DynLayout) -> Result<MaybeComposed, LayoutError> {
        if self.offset != 0 {
            return Err(LayoutError::BadArgument {
                op,
                msg: "a swizzled layout with a non-zero offset has no inverse here",
            });
        }
        let (y, z) = (
            inv.at(self.swizzle.yyy_msk())?,
            inv.at(self.swizzle.zzz_msk())?,
        );
        let sw = DynSwizzle::from_masks(y, z).ok_or(LayoutError::BadArgument {
            op,
            msg: "the swizzle's bits do not map to a swizzle through the inverse layout",
        })?;
        Ok(DynComposed::compose(sw, 0, inv))
    }

    /// `coalesce` of the inner layout (by profile with `Some`).
    pub fn coalesce(&self, profile: Option<&IntTree>) -> Result<DynComposed, LayoutError> {
        Ok(self.with(match profile {
            None => self.layout.coalesce()?,
            Some(p) => self.layout.coalesce_by(p)?,
        }))
    }

    /// `filter` of the inner layout (by profile with `Some`).
    pub fn filter(&self, profile: Option<&IntTree>) -> Result<DynComposed, LayoutError> {
        Ok(self.with(match profile {
            None => self.layout.filter()?,
            Some(p) => self.layout.filter_by(p)?,
        }))
    }
}

/// The most elements a swizzled result's element-by-element check walks
/// (the inverses' defining property, a folded slice's values): about 10 ms.
/// A swizzle acts on a few bits, but whether CuTe's pass-through of a
/// swizzle across a layout is exact depends on carries between the layout's
/// values, so the check is a walk; beyond this size an inverse is an error
/// ([`LayoutError::CheckTooLarge`]) and a slice keeps the swizzle unfolded.
pub const MAX_CHECKED: i64 = 1 << 16;

/// `size`, if a check may walk that many elements.
pub(crate) fn checked_walk(op: &'static str, size: i64) -> Result<i64, LayoutError> {
    if size > MAX_CHECKED {
        return Err(LayoutError::CheckTooLarge {
            op,
            size,
            limit: MAX_CHECKED,
        });
    }
    Ok(size)
}

fn not_inverse(op: &'static str) -> LayoutError {
    LayoutError::BadArgument {
        op,
        msg: "CuTe's swizzle pass-through does not give an inverse here",
    }
}

impl MaybeComposed {
    /// The domain size.
    pub fn size(&self) -> Result<i64, LayoutError> {
        match self {
            MaybeComposed::Layout(l) => l.size(),
            MaybeComposed::Composed(c) => c.size(),
        }
    }
    /// The value at a 1-D index.
    pub fn at(&self, i: i64) -> Result<i64, LayoutError> {
        match self {
            MaybeComposed::Layout(l) => l.at(i),
            MaybeComposed::Composed(c) => c.at(i),
        }
    }
}

impl DynComposed {
    /// CuTe's `print_layout` of a rank-2 composed layout: the layout, then
    /// the table of its (swizzled) offsets; other ranks get the listing
    /// `i: offset`.
    ///
    /// ```
    /// use cute_algebra::eval::{Value, eval};
    /// let Ok(Value::Composed(c)) = eval("composition(Sw<1,0,1>, (2,2):(2,1))") else { panic!() };
    /// let expected = "Sw<1,0,1> o 0 o (2,2):(2,1)\n      0   1 \n    +---+---+\n 0  | 0 | 1 |\n    +---+---+\n 1  | 3 | 2 |\n    +---+---+\n";
    /// assert_eq!(c.print_layout().unwrap(), expected);
    /// ```
    pub fn print_layout(&self) -> Result<alloc::string::String, LayoutError> {
        use core::fmt::Write;
        let mut out = alloc::string::String::new();
        let _ = writeln!(out, "{self}");
        let l = &self.layout;
        if l.rank() != 2 {
            for i in 0..self.size()? {
                let _ = writeln!(out, "{i:>4}: {}", self.at(i)?);
            }
            return Ok(out);
        }
        let (rows, cols) = (l.mode(0)?.size()?, l.mode(1)?.size()?);
        let mut grid = Vec::with_capacity((rows * cols) as usize);
        for i in 0..rows {
            for j in 0..cols {
                grid.push(self.at(i + rows * j)?);
            }
        }
        let at = |i: i64, j: i64| grid[(i * cols + j) as usize];
        let _ = crate::layout::print::write_table(&mut out, rows, cols, self.cosize()?, &at);
        Ok(out)
    }
}

/// `log2 n` for a power of two (CuTe: "N must be a power of two").
fn log2_exact(n: i64, op: &'static str) -> Result<u32, LayoutError> {
    if n <= 0 || n.count_ones() != 1 {
        return Err(LayoutError::BadArgument {
            op,
            msg: "N must be a power of two for a swizzled layout",
        });
    }
    Ok(n.trailing_zeros())
}

impl fmt::Display for DynComposed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} o {} o {}", self.swizzle, self.offset, self.layout)
    }
}
