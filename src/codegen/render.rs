//! Rendering: symbolic sums, products and coordinate splits with the
//! simplifications the module docs list.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::{CLayout, CTerm, CTree};
use crate::error::LayoutError;

/// A C expression: its text, its value when it is a literal, and whether
/// the text can take an operator without parentheses.
#[derive(Clone, Debug)]
struct Sym {
    text: String,
    lit: Option<i64>,
    atomic: bool,
}

impl Sym {
    fn lit(v: i64) -> Sym {
        Sym {
            text: if v < 0 {
                format!("({v})")
            } else {
                v.to_string()
            },
            lit: Some(v),
            atomic: true,
        }
    }
    fn var(name: &str) -> Sym {
        Sym {
            text: name.to_string(),
            lit: None,
            atomic: true,
        }
    }
    fn term(t: &CTerm) -> Sym {
        match t {
            CTerm::Lit(v) => Sym::lit(*v),
            CTerm::Param { name, .. } => Sym::var(name),
        }
    }
    fn paren(&self) -> String {
        if self.atomic {
            self.text.clone()
        } else {
            format!("({})", self.text)
        }
    }
    fn wrap(text: String) -> Sym {
        Sym {
            text,
            lit: None,
            atomic: true,
        }
    }
}

/// `log2(v)` when `v` is a positive power of two.
fn pow2(v: i64) -> Option<u32> {
    (v > 0 && v & (v - 1) == 0).then(|| v.trailing_zeros())
}

fn mul(a: &Sym, b: &Sym) -> Sym {
    match (a.lit, b.lit) {
        (Some(0), _) | (_, Some(0)) => Sym::lit(0),
        (Some(x), Some(y)) => x
            .checked_mul(y)
            .map_or_else(|| Sym::wrap(format!("({} * {})", a.text, b.text)), Sym::lit),
        (Some(1), _) => b.clone(),
        (_, Some(1)) => a.clone(),
        _ => Sym {
            text: format!("{} * {}", a.paren(), b.paren()),
            lit: None,
            atomic: false,
        },
    }
}

fn div(x: &Sym, d: &Sym) -> Sym {
    match (x.lit, d.lit) {
        (Some(0), _) | (_, Some(1)) => x.clone(),
        (Some(a), Some(b)) if b != 0 => Sym::lit(a / b),
        (_, Some(b)) if pow2(b).is_some() => {
            Sym::wrap(format!("({} >> {})", x.paren(), b.trailing_zeros()))
        }
        _ => Sym::wrap(format!("({} / {})", x.paren(), d.paren())),
    }
}

fn rem(x: &Sym, d: &Sym) -> Sym {
    match (x.lit, d.lit) {
        (Some(0), _) | (_, Some(1)) => Sym::lit(0),
        (Some(a), Some(b)) if b != 0 => Sym::lit(a % b),
        (_, Some(b)) if pow2(b).is_some() => Sym::wrap(format!("({} & {})", x.paren(), b - 1)),
        _ => Sym::wrap(format!("({} % {})", x.paren(), d.paren())),
    }
}

fn sum(terms: Vec<Sym>) -> Sym {
    let mut constant = 0i64;
    let mut parts: Vec<Sym> = Vec::new();
    for t in terms {
        match t.lit.map(|v| constant.checked_add(v)) {
            Some(Some(c)) => constant = c,
            _ => parts.push(t),
        }
    }
    if constant != 0 {
        parts.push(Sym::lit(constant));
    }
    match parts.len() {
        0 => Sym::lit(0),
        1 => parts.pop().unwrap_or_else(|| Sym::lit(0)),
        _ => {
            let texts: Vec<&str> = parts.iter().map(|p| p.text.as_str()).collect();
            Sym::wrap(format!("({})", texts.join(" + ")))
        }
    }
}

/// `size` of a shape tree, as an expression.
fn size(s: &CTree) -> Sym {
    match s {
        CTree::Leaf(t) | CTree::Basis { scale: t, .. } => Sym::term(t),
        CTree::Tuple(v) => v.iter().fold(Sym::lit(1), |acc, c| mul(&acc, &size(c))),
    }
}

/// A coordinate: one variable (an integer coordinate) or a tuple of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CCoord {
    /// An integer coordinate, held in the named variable (or expression).
    Var(String),
    /// A tuple coordinate, congruent with the mode it indexes.
    Tuple(Vec<CCoord>),
}

impl CCoord {
    /// A flat coordinate: one variable per top-level mode.
    pub fn flat(names: &[&str]) -> CCoord {
        CCoord::Tuple(
            names
                .iter()
                .map(|n| CCoord::Var((*n).to_string()))
                .collect(),
        )
    }
}

/// Pushes `c * stride` for every leaf of the mode `(shape, stride)` at the
/// integer coordinate `c`, split colexicographically (the last sub-mode is
/// not reduced, as in CuTe). Static size-1 leaves add nothing and, since
/// `/ 1` and `% 1` fold away, split nothing.
/// A term of the result: `(None, x)` adds to the offset, `(Some(k), x)` to
/// component `k` of a coordinate result (a basis stride `x@k`).
type Term = (Option<usize>, Sym);

fn int_into(c: &Sym, shape: &CTree, stride: &CTree, out: &mut Vec<Term>) {
    match (shape, stride) {
        // A static size-1 leaf: its coordinate is 0 on the domain.
        (CTree::Leaf(CTerm::Lit(1)), _) => {}
        (CTree::Leaf(_), CTree::Leaf(d)) => out.push((None, mul(c, &Sym::term(d)))),
        (CTree::Leaf(_), CTree::Basis { scale, mode }) => {
            out.push((Some(*mode), mul(c, &Sym::term(scale))));
        }
        (CTree::Tuple(s), CTree::Tuple(d)) => {
            let n = s.len();
            let mut rest = c.clone();
            for (k, (sk, dk)) in s.iter().zip(d).enumerate() {
                if k + 1 == n {
                    int_into(&rest, sk, dk, out);
                } else {
                    let ext = size(sk);
                    int_into(&rem(&rest, &ext), sk, dk, out);
                    rest = div(&rest, &ext);
                }
            }
        }
        // Congruence is guaranteed by every constructor.
        _ => {}
    }
}

fn crd_into(
    c: &CCoord,
    shape: &CTree,
    stride: &CTree,
    out: &mut Vec<Term>,
) -> Result<(), LayoutError> {
    match (c, shape, stride) {
        (CCoord::Var(v), s, d) => {
            int_into(&Sym::var(v), s, d, out);
            Ok(())
        }
        (CCoord::Tuple(cs), CTree::Tuple(s), CTree::Tuple(d)) if cs.len() == s.len() => {
            for ((ck, sk), dk) in cs.iter().zip(s).zip(d) {
                crd_into(ck, sk, dk, out)?;
            }
            Ok(())
        }
        (CCoord::Tuple(cs), s, _) => Err(LayoutError::RankMismatch {
            op: "crd2idx",
            expected: match s {
                CTree::Tuple(v) => v.len(),
                CTree::Leaf(_) | CTree::Basis { .. } => 1,
            },
            found: cs.len(),
        }),
    }
}

const BASIS_NEEDS_COMPONENTS: LayoutError = LayoutError::BadArgument {
    op: "crd2idx",
    msg: "a layout with basis strides (k@i) maps to a coordinate: render it with crd2idx_components",
};

impl CLayout {
    /// `L(c)` of a layout with basis strides (`E<i>`, CuTe's
    /// `ScaledBasis`): one expression per component of the coordinate it
    /// returns, components `0..n` with `n` one past the highest basis mode.
    /// Plain strides other than 0 have no component to go to and are an
    /// error, as is a swizzle.
    ///
    /// ```
    /// use cute_algebra::codegen::{CCoord, CLayout, CTerm, CTree};
    /// // make_identity_layout((4,8)) = (4,8):(1@0,1@1)
    /// let leaf = |v| CTree::Leaf(CTerm::Lit(v));
    /// let e = |k| CTree::Basis { scale: CTerm::Lit(1), mode: k };
    /// let id = CLayout::new(CTree::Tuple(vec![leaf(4), leaf(8)]), CTree::Tuple(vec![e(0), e(1)]));
    /// assert_eq!(id.crd2idx_components(&CCoord::Var("t".into())).unwrap(), ["(t & 3)", "(t >> 2)"]);
    /// ```
    pub fn crd2idx_components(&self, c: &CCoord) -> Result<Vec<String>, LayoutError> {
        if self.swizzle.is_some() {
            return Err(LayoutError::BadArgument {
                op: "crd2idx",
                msg: "a swizzle applies to an offset, not to a coordinate",
            });
        }
        let mut all = Vec::new();
        crd_into(c, &self.shape, &self.stride, &mut all)?;
        let n = all
            .iter()
            .filter_map(|(m, _)| m.map(|k| k + 1))
            .max()
            .unwrap_or(0);
        let mut parts: Vec<Vec<Sym>> = (0..n).map(|_| Vec::new()).collect();
        for (mode, t) in all {
            match mode {
                Some(k) => parts[k].push(t),
                None if t.lit == Some(0) => {}
                None => {
                    return Err(LayoutError::BadArgument {
                        op: "crd2idx",
                        msg: "a non-zero integer stride beside basis strides has no component",
                    });
                }
            }
        }
        Ok(parts.into_iter().map(|p| sum(p).text).collect())
    }

    fn render(&self, c: &CCoord) -> Result<String, LayoutError> {
        let mut all = Vec::new();
        crd_into(c, &self.shape, &self.stride, &mut all)?;
        let mut terms = Vec::new();
        for (mode, t) in all {
            match mode {
                None => terms.push(t),
                Some(_) => return Err(BASIS_NEEDS_COMPONENTS),
            }
        }
        let o = match &self.swizzle {
            None => sum(terms),
            Some((sw, off)) => {
                terms.insert(0, Sym::term(off));
                let o = sum(terms);
                if sw.bits() == 0 {
                    o
                } else {
                    let s = sw.shift();
                    let (op, by) = if s > 0 { (">>", s) } else { ("<<", -s) };
                    let p = o.paren();
                    Sym::wrap(format!("({p} ^ (({p} & {}) {op} {by}))", sw.yyy_msk()))
                }
            }
        };
        Ok(o.text)
    }

    /// `L(c)` for a coordinate given as a tree of variable names: an
    /// integer coordinate into a tuple mode is split colexicographically.
    pub fn crd2idx_coord(&self, c: &CCoord) -> Result<String, LayoutError> {
        self.render(c)
    }

    /// `L(c)` for a flat coordinate: one variable per top-level mode
    /// (each an integer coordinate into its mode).
    ///
    /// # Panics
    /// If `names.len()` is not the layout's rank; [`Self::try_crd2idx`]
    /// returns the error instead.
    #[track_caller]
    pub fn crd2idx(&self, names: &[&str]) -> String {
        crate::error::ok_or_panic(self.try_crd2idx(names))
    }

    /// [`Self::crd2idx`], or a `RankMismatch` error.
    pub fn try_crd2idx(&self, names: &[&str]) -> Result<String, LayoutError> {
        match (&self.shape, names) {
            (CTree::Leaf(_), [one]) => self.render(&CCoord::Var((*one).to_string())),
            _ => self.render(&CCoord::flat(names)),
        }
    }

    /// `L(i)` for a 1-D index `i` (CuTe's colexicographic order).
    pub fn idx2offset(&self, index: &str) -> String {
        // A single integer coordinate always matches.
        self.render(&CCoord::Var(index.to_string()))
            .unwrap_or_default()
    }
}
