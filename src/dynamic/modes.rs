//! A `DynLayout` as a tuple of modes: CuTe's `get`, `take`, `select`,
//! `flatten`, `group`, `append` and `prepend` on a layout. An integral
//! layout is rank 1, its own mode 0, as in CuTe. Where CuTe has a
//! static_assert (an index out of range, an empty `take`), these return a
//! [`LayoutError`] naming the operation.

use alloc::vec::Vec;

use super::{DynLayout, Span};
use crate::error::LayoutError;

impl DynLayout {
    /// The top-level modes as spans.
    fn mode_spans(&self) -> Vec<Span> {
        self.kids(self.whole()).collect()
    }

    /// A tuple of the given modes of `self`.
    fn tuple_of(&self, spans: &[Span]) -> DynLayout {
        let mut l = DynLayout::blank();
        l.open();
        spans.iter().for_each(|&sp| l.push_span(self, sp));
        l.close();
        l
    }

    fn range_check(
        &self,
        op: &'static str,
        b: usize,
        e: usize,
        empty_ok: bool,
    ) -> Result<(), LayoutError> {
        if e > self.rank() || b > e || (b == e && !empty_ok) {
            return Err(LayoutError::BadArgument {
                op,
                msg: if b >= e {
                    "the mode range [B, E) is empty or reversed (CuTe: \"empty range error\")"
                } else {
                    "the mode range [B, E) goes past the layout's rank (CuTe: \"range out of bounds\")"
                },
            });
        }
        Ok(())
    }

    /// Mode `i` (CuTe's `get<I>(layout)`).
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// let l: DynLayout = "(2,(3,4)):(12,(1,3))".parse().unwrap();
    /// assert_eq!(l.get(1).unwrap().to_string(), "(3,4):(1,3)");
    /// assert!(l.get(2).unwrap_err().to_string().starts_with("get: "));
    /// ```
    pub fn get(&self, i: usize) -> Result<DynLayout, LayoutError> {
        self.mode(i).map_err(|e| e.in_op("get"))
    }

    /// Modes `[b, e)` as a tuple (CuTe's `take<B, E>(layout)`); the range
    /// must be non-empty, as in CuTe.
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// let l: DynLayout = "(2,3,4):(1,2,6)".parse().unwrap();
    /// assert_eq!(l.take(1, 3).unwrap().to_string(), "(3,4):(2,6)");
    /// ```
    pub fn take(&self, b: usize, e: usize) -> Result<DynLayout, LayoutError> {
        self.range_check("take", b, e, false)?;
        Ok(self.tuple_of(&self.mode_spans()[b..e]))
    }

    /// The modes at `idx`, in that order (CuTe's `select<I...>(layout)`).
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// let l: DynLayout = "(2,3,4):(1,2,6)".parse().unwrap();
    /// assert_eq!(l.select(&[2, 0]).unwrap().to_string(), "(4,2):(6,1)");
    /// ```
    pub fn select(&self, idx: &[usize]) -> Result<DynLayout, LayoutError> {
        let spans = self.mode_spans();
        let picked = idx
            .iter()
            .map(|&i| spans.get(i).copied())
            .collect::<Option<Vec<_>>>()
            .ok_or(LayoutError::BadArgument {
                op: "select",
                msg: "a mode index is not below the layout's rank",
            })?;
        Ok(self.tuple_of(&picked))
    }

    /// Depth at most 1 (CuTe's `flatten(layout)`): the leaves as a flat
    /// tuple; an integral layout stays itself.
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// let l: DynLayout = "(2,(3,4)):(12,(1,3))".parse().unwrap();
    /// assert_eq!(l.flatten().to_string(), "(2,3,4):(12,1,3)");
    /// ```
    pub fn flatten(&self) -> DynLayout {
        if self.is_integral() {
            return self.clone();
        }
        let mut l = DynLayout::blank();
        l.push_tuple(self.flat());
        l
    }

    /// Modes `[b, e)` grouped into one mode (CuTe's `group<B, E>(layout)`).
    /// CuTe allows `b == e`, which inserts an empty mode `()`; a `DynLayout`
    /// has no empty mode, so that is refused.
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// let l: DynLayout = "(2,3,4):(1,2,6)".parse().unwrap();
    /// assert_eq!(l.group(0, 2).unwrap().to_string(), "((2,3),4):((1,2),6)");
    /// ```
    pub fn group(&self, b: usize, e: usize) -> Result<DynLayout, LayoutError> {
        self.range_check("group", b, e, false)?;
        let spans = self.mode_spans();
        let mut l = DynLayout::blank();
        l.open();
        spans[..b].iter().for_each(|&sp| l.push_span(self, sp));
        l.push_layout(&self.tuple_of(&spans[b..e]));
        spans[e..].iter().for_each(|&sp| l.push_span(self, sp));
        l.close();
        Ok(l)
    }

    /// `x` as a new last mode (CuTe's `append(layout, x)`).
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// let l: DynLayout = "8:2".parse().unwrap();
    /// let x: DynLayout = "3:16".parse().unwrap();
    /// assert_eq!(l.append(&x).unwrap().to_string(), "(8,3):(2,16)");
    /// ```
    pub fn append(&self, x: &DynLayout) -> Result<DynLayout, LayoutError> {
        let mut l = DynLayout::blank();
        l.open();
        self.mode_spans()
            .into_iter()
            .for_each(|sp| l.push_span(self, sp));
        l.push_layout(x);
        l.close();
        l.fits("append")
    }

    /// `x` as a new first mode (CuTe's `prepend(layout, x)`).
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// let l: DynLayout = "8:2".parse().unwrap();
    /// let x: DynLayout = "3:16".parse().unwrap();
    /// assert_eq!(l.prepend(&x).unwrap().to_string(), "(3,8):(16,2)");
    /// ```
    pub fn prepend(&self, x: &DynLayout) -> Result<DynLayout, LayoutError> {
        let mut l = DynLayout::blank();
        l.open();
        l.push_layout(x);
        self.mode_spans()
            .into_iter()
            .for_each(|sp| l.push_span(self, sp));
        l.close();
        l.fits("prepend")
    }
}
