//! The operations of [`DynBasisLayout`] that run on its integer encoding
//! (one `b`-bit field per basis mode, see the parent module): coalesce,
//! composition and the divides, with the bound that keeps fields from
//! carrying, and the structure-only operations (slice, modes) that run on
//! leaf indices.

use alloc::vec::Vec;

use super::DynBasisLayout;
use crate::dynamic::coalesce::Modes;
use crate::dynamic::complement::complement_raw_modes;
use crate::dynamic::{DynLayout, TilerRef, Tok};
use crate::error::LayoutError;

/// Field width of the integer encoding for layouts naming `n` modes.
fn field_bits(n: usize) -> u32 {
    60 / n.max(1) as u32
}

/// The four divides: each the plain layout's divide on the integer
/// encoding (`divided`), named in its errors.
macro_rules! basis_divides {
    ($($(#[$doc:meta])* $name:ident;)*) => {$(
        $(#[$doc])*
        pub fn $name<'t>(
            &self,
            t: impl Into<TilerRef<'t>>,
        ) -> Result<DynBasisLayout, LayoutError> {
            self.divided(stringify!($name), t.into(), |l, t| l.$name(t))
        }
    )*};
}

impl DynBasisLayout {
    /// `coalesce(L)`: bases merge only within one mode (`(4,2):(1@0,4@0)`
    /// is `8:1@0`), never across modes.
    ///
    /// ```
    /// use cute_algebra::basis::DynBasisLayout;
    /// let l: DynBasisLayout = "(4,2,3):(1@0,4@0,1@1)".parse().unwrap();
    /// assert_eq!(l.coalesce().unwrap().to_string(), "(8,3):(1@0,1@1)");
    /// ```
    pub fn coalesce(&self) -> Result<DynBasisLayout, LayoutError> {
        self.encoded("coalesce", 1, DynLayout::coalesce)
    }

    /// `composition(L, tiler)`: the basis-strided layout after a plain one
    /// (or a tiler), `R(i) = L(B(i))`.
    ///
    /// ```
    /// use cute_algebra::dynamic::Tiler;
    /// use cute_algebra::basis::DynBasisLayout;
    /// let l: DynBasisLayout = "(4,8):(1@1,1@0)".parse().unwrap();
    /// let b = Tiler::Layout("(4,2,4):(1,8,32)".parse().unwrap());
    /// assert_eq!(l.composition(&b).unwrap().to_string(), "(4,2,4):(1@1,2@0,8@0)");
    /// ```
    pub fn composition<'t>(
        &self,
        t: impl Into<TilerRef<'t>>,
    ) -> Result<DynBasisLayout, LayoutError> {
        let t = t.into();
        self.encoded("composition", tiler_reach(t), |l| l.composition(t))
    }

    basis_divides! {
        /// `logical_divide(L, tiler)`.
        logical_divide;
        /// `zipped_divide(L, tiler)`: `((tiles...), (rests...))`.
        ///
        /// ```
        /// use cute_algebra::dynamic::Tiler;
        /// use cute_algebra::basis::DynBasisLayout;
        /// let id = DynBasisLayout::make_identity_layout(&"(8,2)".parse().unwrap()).unwrap();
        /// let z = id.zipped_divide(&Tiler::from(&"(4,1)".parse().unwrap())).unwrap();
        /// assert_eq!(z.to_string(), "((4,1),(2,2)):((1@0,0),(4@0,1@1))");
        /// ```
        zipped_divide;
        /// `tiled_divide(L, tiler)`: `((tiles...), rest0, rest1, ...)`.
        tiled_divide;
        /// `flat_divide(L, tiler)`: `(tile0, tile1, ..., rest0, rest1, ...)`.
        flat_divide;
    }

    /// A divide `f` on the integer encoding, bounded by the largest stride
    /// the divide composes with (`divide_reach`).
    fn divided<'t>(
        &self,
        op: &'static str,
        t: TilerRef<'t>,
        f: impl FnOnce(&DynLayout, TilerRef<'t>) -> Result<DynLayout, LayoutError>,
    ) -> Result<DynBasisLayout, LayoutError> {
        let r = self.divide_reach(t, op)?;
        self.encoded(op, r, |l| f(l, t))
    }

    /// The refusal for an operation CuTe does not define on basis strides
    /// (`complement`, the products, the inverses, `tile_to_shape`).
    pub fn unsupported(op: &'static str) -> LayoutError {
        LayoutError::BasisStrides {
            op,
            reason: "CuTe defines it only for integer strides",
        }
    }

    /// Apply a structure-only operation (slicing, taking a mode): it runs on
    /// the layout whose strides are the leaf indices, which name the leaves
    /// it keeps.
    pub(super) fn by_leaf_index(
        &self,
        f: impl FnOnce(&DynLayout) -> Result<DynLayout, LayoutError>,
    ) -> Result<DynBasisLayout, LayoutError> {
        let mut k = 0i64;
        let idx = map_strides(&self.scaled, |_| {
            k += 1;
            k - 1
        });
        let out = f(&idx)?;
        let mut modes = Vec::with_capacity(out.flat().len());
        let scaled = map_strides(&out, |i| {
            let i = i as usize;
            modes.push(self.modes[i]);
            self.scaled.flat()[i].1
        });
        Ok(DynBasisLayout { scaled, modes })
    }

    /// Run `f` on the integer encoding (module docs), after checking that
    /// no field can carry: `reach` bounds the factor any stride is
    /// multiplied by.
    fn encoded(
        &self,
        op: &'static str,
        reach: i64,
        f: impl FnOnce(&DynLayout) -> Result<DynLayout, LayoutError>,
    ) -> Result<DynBasisLayout, LayoutError> {
        let bits = field_bits(self.basis_modes());
        let limit = 1i64 << bits;
        for (&(s, k), m) in self.scaled.flat().iter().zip(&self.modes) {
            if m.is_none() {
                continue;
            }
            let k = k.checked_abs().ok_or(LayoutError::Overflow { op })?;
            let worst = s.max(reach.max(1));
            if k.checked_mul(worst).is_none_or(|p| p >= limit) {
                return Err(LayoutError::BasisRange { op, bits });
            }
        }
        let enc = map_strides(&self.scaled, {
            let mut i = 0;
            move |k| {
                let m = self.modes[i];
                i += 1;
                m.map_or(0, |m| k << (bits * u32::from(m)))
            }
        });
        let out = f(&enc)?;
        let mut modes = Vec::with_capacity(out.flat().len());
        let scaled = map_strides(&out, |v| {
            if v == 0 {
                modes.push(None);
                return 0;
            }
            let m = (63 - v.unsigned_abs().leading_zeros()) / bits;
            modes.push(Some(m as u8));
            v >> (bits * m)
        });
        Ok(DynBasisLayout { scaled, modes })
    }

    /// The largest stride a divide composes `self` with: the tiler's, and
    /// those of its complement in `shape(coalesce(self))`, mode by mode as
    /// the divide applies it.
    fn divide_reach(&self, t: TilerRef, op: &'static str) -> Result<i64, LayoutError> {
        match t {
            TilerRef::Underscore => Ok(1),
            TilerRef::Int(n) => self.divide_reach(TilerRef::Layout(&DynLayout::leaf(n, 1)), op),
            TilerRef::Tuple(ts) => {
                crate::dynamic::composition::check_tiler_rank(&self.scaled, ts.len(), op)?;
                let modes = self.modes()?;
                let mut r = 1;
                for (m, t) in modes.iter().zip(ts) {
                    r = r.max(m.divide_reach(t.into(), op)?);
                }
                Ok(r)
            }
            TilerRef::Layout(b) => {
                if b.flat().iter().any(|m| m.0 <= 0) {
                    return Err(LayoutError::ZeroSize { op });
                }
                let c = self.coalesce().map_err(|e| e.in_op(op))?;
                let cot: Vec<i64> = c.scaled.flat().iter().map(|m| m.0).collect();
                let mut sc = Modes::new();
                let (rest, _, _) = complement_raw_modes(b, &cot, &mut sc)?;
                let r = rest.iter().map(|m| m.1.saturating_abs()).max().unwrap_or(1);
                Ok(r.max(tiler_reach(t)))
            }
        }
    }
}

/// The largest `|stride|` in a plain tiler (an integer tile has stride 1).
fn tiler_reach(t: TilerRef) -> i64 {
    match t {
        TilerRef::Underscore | TilerRef::Int(_) => 1,
        TilerRef::Layout(l) => l
            .flat()
            .iter()
            .map(|m| m.1.saturating_abs())
            .max()
            .unwrap_or(1),
        TilerRef::Tuple(ts) => ts.iter().map(|t| tiler_reach(t.into())).max().unwrap_or(1),
    }
}

/// `l` with each stride replaced by `f(stride)`, leaf by leaf in order.
fn map_strides(l: &DynLayout, mut f: impl FnMut(i64) -> i64) -> DynLayout {
    let mut out = DynLayout::blank();
    let mut leaves = l.flat().iter();
    for t in l.tokens().iter() {
        match t {
            Tok::Open => out.open(),
            Tok::Close => out.close(),
            Tok::Leaf => {
                if let Some(&(s, d)) = leaves.next() {
                    out.push_leaf(s, f(d));
                }
            }
        }
    }
    out
}
