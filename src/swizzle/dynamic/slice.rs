//! Slicing a swizzled composed layout with `_` (CuTe's `slice_and_offset`
//! for `ComposedLayout<Swizzle, O, L>`, `include/cute/swizzle_layout.hpp`).
//!
//! Fixing some modes fixes some of the swizzle's bits. Where the modes left
//! do not touch both a YYY bit and its ZZZ partner, CuTe folds the swizzle
//! into the strides and the slice is a plain layout plus an offset; else the
//! slice stays swizzled, with the fixed YYY/ZZZ bits moved into its offset.

use alloc::vec::Vec;

use super::composed::{DynComposed, MAX_CHECKED, MaybeComposed};
use crate::dynamic::{CoordTree, DynLayout, IntTree};
use crate::error::LayoutError;

/// `c` with every `_` replaced by `0`: the coordinate of the slice's origin.
fn origin(c: &CoordTree) -> IntTree {
    match c {
        CoordTree::Int(v) => IntTree::Int(*v),
        CoordTree::Underscore => IntTree::Int(0),
        CoordTree::Tuple(v) => IntTree::Tuple(v.iter().map(origin).collect()),
    }
}

/// Whether every fixed coordinate lies inside its mode.
fn in_range(c: &CoordTree, s: &IntTree) -> bool {
    fn size(s: &IntTree) -> i64 {
        match s {
            IntTree::Int(v) => *v,
            IntTree::Tuple(v) => v.iter().map(size).fold(1i64, i64::saturating_mul),
        }
    }
    match (c, s) {
        (CoordTree::Underscore, _) => true,
        (CoordTree::Int(v), s) => *v >= 0 && *v < size(s),
        (CoordTree::Tuple(cs), IntTree::Tuple(ss)) => {
            cs.len() == ss.len() && cs.iter().zip(ss).all(|(c, s)| in_range(c, s))
        }
        (CoordTree::Tuple(_), IntTree::Int(_)) => false,
    }
}

fn all_underscore(c: &CoordTree) -> bool {
    match c {
        CoordTree::Underscore => true,
        CoordTree::Int(_) => false,
        CoordTree::Tuple(v) => v.iter().all(all_underscore),
    }
}

fn flat_layout(modes: &[(i64, i64)]) -> Result<DynLayout, LayoutError> {
    let t = |f: fn(&(i64, i64)) -> IntTree| IntTree::Tuple(modes.iter().map(f).collect());
    DynLayout::new(t(|m| IntTree::Int(m.0)), t(|m| IntTree::Int(m.1)))
}

impl DynComposed {
    /// CuTe's `slice_and_offset(c, Sw o O o L)`: the layout of the modes
    /// marked `_` and the offset of the slice's origin.
    ///
    /// ```
    /// use cute_algebra::eval::{Value, eval};
    /// let Ok(Value::Composed(c)) = eval("composition(Sw<3,1,3>, (8,32):(32,1))") else { panic!() };
    /// let (s, off) = c.slice_and_offset(&"(_,2)".parse().unwrap()).unwrap();
    /// assert_eq!((s.to_string(), off), ("((4,2)):((36,128))".to_string(), 2));
    /// ```
    pub fn slice_and_offset(&self, c: &CoordTree) -> Result<(MaybeComposed, i64), LayoutError> {
        const OP: &str = "slice";
        let sliced = self.layout().slice(c)?;
        let sw = self.swizzle();
        if all_underscore(c) {
            return Ok((
                MaybeComposed::Composed(DynComposed::new(sw, self.offset(), sliced)),
                0,
            ));
        }
        let (b, m, s) = (sw.bits(), sw.base(), sw.shift().unsigned_abs());
        let zy = sw.yyy_msk() | sw.zzz_msk();
        let fixed = self.layout().crd2idx(&origin(c))?;
        let offset_only_zy = self.offset() ^ (fixed & zy);
        let offset_anti_zy = fixed & !zy;
        // The projection onto the YYY and ZZZ bits, as CuTe builds it.
        let only_zy = flat_layout(&[
            (1 << m, 0),
            (1 << b, 1 << m),
            (1 << (s - b), 0),
            (1 << b, 1 << (m + s)),
            (1, 0),
        ])?;
        // Where CuTe's projection or fold does not compose with the kept
        // modes (CuTe's own `static_assert` refuses these), or the fold is too
        // large to check, the slice keeps the swizzle with the whole fixed
        // part as its offset: the slice's function, unfolded.
        if sliced.size()? > MAX_CHECKED {
            return self.unfolded(c, sliced);
        }
        let Ok(projected) = only_zy.composition(&sliced) else {
            return self.unfolded(c, sliced);
        };
        let active = projected.at(projected.size()? - 1)?;
        if b == 0 || active & !sw.apply(active) != 0 {
            // The slice hits a YYY bit and its ZZZ partner: it stays swizzled.
            let kept = MaybeComposed::Composed(DynComposed::new(sw, offset_only_zy, sliced));
            return self.checked(c, kept, offset_anti_zy);
        }
        // Fold the swizzle into strides: each YYY/ZZZ bit becomes a mode of
        // extent 2 whose stride carries the XOR with the fixed bits.
        let low = |x: i64| x & x.wrapping_neg();
        let (z, y) = (low(sw.zzz_msk()), low(sw.yyy_msk()));
        let strides = |z_lower: bool| -> Vec<(i64, i64)> {
            (0..b)
                .map(|i| {
                    let d = if z_lower {
                        if offset_only_zy & (y << i) == 0 {
                            z << i
                        } else {
                            -(z << i)
                        }
                    } else if offset_only_zy & (z << i) == 0 {
                        (y + z) << i
                    } else {
                        (y - z) << i
                    };
                    (2, d)
                })
                .collect()
        };
        let mut modes = alloc::vec![(1i64 << m, 1i64)];
        modes.extend(strides(z < y));
        modes.push((1 << (s - b), 1 << (m + b)));
        modes.extend(strides(z > y));
        modes.push((1, 1 << (m + b + s)));
        let Ok(folded) = flat_layout(&modes)?.composition(&sliced) else {
            return self.unfolded(c, sliced);
        };
        let offset = sw
            .apply(offset_only_zy)
            .checked_add(offset_anti_zy)
            .ok_or(LayoutError::Overflow { op: OP })?;
        self.checked(c, MaybeComposed::Layout(folded), offset)
    }

    /// The slice as `Sw o (O + fixed) o kept`, offset 0: the function
    /// `j -> Sw(O + L(origin) + kept(j))` itself, in a form that needs no
    /// check.
    fn unfolded(
        &self,
        c: &CoordTree,
        kept: DynLayout,
    ) -> Result<(MaybeComposed, i64), LayoutError> {
        let fixed = self.layout().crd2idx(&origin(c))?;
        let offset = self
            .offset()
            .checked_add(fixed)
            .ok_or(LayoutError::Overflow { op: "slice" })?;
        Ok((
            MaybeComposed::Composed(DynComposed::new(self.swizzle(), offset, kept)),
            0,
        ))
    }

    /// CuTe's folding assumes that the kept modes never carry into the
    /// fixed swizzle bits; where that fails its slice is not the layout at
    /// the full coordinate. Checked here over the whole slice.
    fn checked(
        &self,
        c: &CoordTree,
        s: MaybeComposed,
        off: i64,
    ) -> Result<(MaybeComposed, i64), LayoutError> {
        if !in_range(c, &self.layout().shape()) {
            // Beyond the modes CuTe's slice is its own extension of the
            // layout, which we follow: there is no in-domain value to check.
            return Ok((s, off));
        }
        let kept = self.layout().slice(c)?;
        let fixed = self.layout().crd2idx(&origin(c))?;
        for j in 0..kept.size()? {
            let full = self
                .offset()
                .checked_add(fixed)
                .and_then(|x| x.checked_add(kept.at(j).ok()?))
                .ok_or(LayoutError::Overflow { op: "slice" })?;
            if s.at(j)? + off != self.swizzle().apply(full) {
                return Err(LayoutError::BadArgument {
                    op: "slice",
                    msg: "CuTe's folded slice of this swizzled layout is not the layout at the full coordinate (its swizzle pass-through assumes no carry into the swizzled bits)",
                });
            }
        }
        Ok((s, off))
    }
}
