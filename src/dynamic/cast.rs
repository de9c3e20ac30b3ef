//! `upcast` and `downcast` of a [`DynLayout`]: CuTe's reinterpretation of a
//! layout of `T` as a layout of elements `N` times wider (or narrower).
//!
//! Every integer of a `DynLayout` stands for a static one here, as in the
//! oracle: a stride is divided with CuTe's static rule
//! (`ceil_div(shape, ceil_div(N, |d|)) : signum(d) * ceil_div(|d|, N)`),
//! and the divisibility CuTe asserts (`d % N == 0 || N % d == 0`) is an error.

use alloc::vec::Vec;

use super::{DynLayout, IntTree};
use crate::error::LayoutError;
use crate::steps::rules::checked_ceil_div;

/// Rebuilds a shape/stride pair leaf by leaf.
fn map_leaves(
    s: &IntTree,
    d: &IntTree,
    f: &mut dyn FnMut(i64, i64) -> Result<(i64, i64), LayoutError>,
) -> Result<(IntTree, IntTree), LayoutError> {
    match (s, d) {
        (IntTree::Int(s), IntTree::Int(d)) => {
            let (s, d) = f(*s, *d)?;
            Ok((IntTree::Int(s), IntTree::Int(d)))
        }
        (IntTree::Tuple(ss), IntTree::Tuple(ds)) if ss.len() == ds.len() => {
            let (mut os, mut od) = (Vec::with_capacity(ss.len()), Vec::with_capacity(ss.len()));
            for (s, d) in ss.iter().zip(ds) {
                let (s, d) = map_leaves(s, d, f)?;
                os.push(s);
                od.push(d);
            }
            Ok((IntTree::Tuple(os), IntTree::Tuple(od)))
        }
        _ => Err(LayoutError::NotCongruent { op: "cast" }),
    }
}

fn positive(n: i64, op: &'static str) -> Result<(), LayoutError> {
    if n <= 0 {
        return Err(LayoutError::BadArgument {
            op,
            msg: "the factor N must be positive",
        });
    }
    Ok(())
}

impl DynLayout {
    /// CuTe's `upcast<N>(L)`: a stride-`±1`-like mode shrinks by `N`, every
    /// other stride is divided by `N`; stride-0 modes stay.
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// let l: DynLayout = "(2,8):(1,2)".parse().unwrap();
    /// assert_eq!(l.upcast(4).unwrap().to_string(), "(1,4):(1,1)");
    /// assert!("4:3".parse::<DynLayout>().unwrap().upcast(2).is_err());
    /// ```
    pub fn upcast(&self, n: i64) -> Result<DynLayout, LayoutError> {
        const OP: &str = "upcast";
        positive(n, OP)?;
        let (s, d) = map_leaves(&self.shape(), &self.stride(), &mut |s, d| {
            if d == 0 {
                return Ok((s, d));
            }
            let a = d.checked_abs().ok_or(LayoutError::Overflow { op: OP })?;
            if a % n != 0 && n % a != 0 {
                return Err(LayoutError::StrideDivisibility {
                    op: OP,
                    mode: 0,
                    stride: d,
                    shape: n,
                });
            }
            let per = checked_ceil_div(n, a).ok_or(LayoutError::Overflow { op: OP })?;
            let s = checked_ceil_div(s, per).ok_or(LayoutError::Overflow { op: OP })?;
            let d = d.signum() * checked_ceil_div(a, n).ok_or(LayoutError::Overflow { op: OP })?;
            Ok((s, d))
        })?;
        DynLayout::new(s, d)
    }

    /// CuTe's `downcast<N>(L)`: a stride-`±1` mode grows by `N`, every other
    /// stride is multiplied by `N`. CuTe requires a stride-1 mode
    /// ("Downcast requires adjacent elements").
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// let l: DynLayout = "(8,16):(16,1)".parse().unwrap();
    /// assert_eq!(l.downcast(2).unwrap().to_string(), "(8,32):(32,1)");
    /// assert!("4:2".parse::<DynLayout>().unwrap().downcast(2).is_err());
    /// ```
    pub fn downcast(&self, n: i64) -> Result<DynLayout, LayoutError> {
        const OP: &str = "downcast";
        positive(n, OP)?;
        if !self.flat().iter().any(|&(_, d)| d == 1) {
            return Err(LayoutError::BadArgument {
                op: OP,
                msg: "downcast requires adjacent elements (a stride-1 mode)",
            });
        }
        let (s, d) = map_leaves(&self.shape(), &self.stride(), &mut |s, d| {
            let of = LayoutError::Overflow { op: OP };
            Ok(if d == 1 || d == -1 {
                (s.checked_mul(n).ok_or(of)?, d)
            } else {
                (s, d.checked_mul(n).ok_or(of)?)
            })
        })?;
        DynLayout::new(s, d)
    }
}
