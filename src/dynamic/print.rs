//! CuTe notation output (`(2,(2,2)):(4,(2,1))`) and CuTe's `print_layout` table.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::{self, Write};

use super::{CoordTree, DynLayout, IntTree, Tok};
use crate::error::LayoutError;

/// `open a sep b … close`: every runtime tuple prints through here.
pub(crate) fn write_seq<T: fmt::Display>(
    f: &mut fmt::Formatter<'_>,
    [open, sep, close]: [&str; 3],
    elems: &[T],
) -> fmt::Result {
    f.write_str(open)?;
    for (i, t) in elems.iter().enumerate() {
        if i > 0 {
            f.write_str(sep)?;
        }
        write!(f, "{t}")?;
    }
    f.write_str(close)
}

/// `(a,b,…)` with no spaces, CuTe's tuple form.
pub(crate) fn write_tuple<T: fmt::Display>(f: &mut fmt::Formatter<'_>, elems: &[T]) -> fmt::Result {
    write_seq(f, ["(", ",", ")"], elems)
}

impl fmt::Display for IntTree {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IntTree::Int(v) => write!(f, "{v}"),
            IntTree::Tuple(v) => write_tuple(f, v),
        }
    }
}

impl fmt::Display for CoordTree {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CoordTree::Int(v) => write!(f, "{v}"),
            CoordTree::Underscore => f.write_char('_'),
            CoordTree::Tuple(v) => write_tuple(f, v),
        }
    }
}

impl DynLayout {
    /// The shape (`stride == false`) or the stride in CuTe's tuple form.
    fn write_part(&self, f: &mut fmt::Formatter<'_>, stride: bool) -> fmt::Result {
        let mut after_item = false;
        let mut leaves = self.flat().iter();
        for t in self.tokens().iter() {
            if after_item && t != Tok::Close {
                f.write_char(',')?;
            }
            match t {
                Tok::Open => f.write_char('(')?,
                Tok::Close => f.write_char(')')?,
                Tok::Leaf => {
                    let &(s, d) = leaves.next().ok_or(fmt::Error)?;
                    write!(f, "{}", if stride { d } else { s })?;
                }
            }
            after_item = t != Tok::Open;
        }
        Ok(())
    }
}

impl fmt::Display for DynLayout {
    /// CuTe notation with plain integers.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_part(f, false)?;
        f.write_char(':')?;
        self.write_part(f, true)
    }
}

impl fmt::Debug for DynLayout {
    /// `DynLayout(shape:stride)`.
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// let l: DynLayout = "(2,(3,4)):(1,(2,6))".parse().unwrap();
    /// assert_eq!(format!("{l:?}"), "DynLayout((2,(3,4)):(1,(2,6)))");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "DynLayout({self})")
    }
}

/// Most elements [`DynLayout::print_layout`] prints (a table of 1024 x 1024
/// cells is about 5 MB of text); larger layouts are an error, not an
/// allocation that can exhaust memory.
pub const MAX_PRINT_CELLS: i64 = 1 << 20;

/// Most values a `values()` list holds, on every runtime form (layouts,
/// swizzled and basis-strided layouts, tensors): the same bound as
/// [`MAX_PRINT_CELLS`], so that a huge domain is a named error
/// ([`LayoutError::TooLarge`]) instead of an allocation that aborts the
/// process.
pub const MAX_VALUES: i64 = MAX_PRINT_CELLS;

/// `size` if a `values()` list of that many elements is allowed.
pub(crate) fn values_bound(size: i64) -> Result<i64, LayoutError> {
    if size > MAX_VALUES {
        return Err(LayoutError::TooLarge {
            op: "values",
            size,
            limit: MAX_VALUES,
        });
    }
    Ok(size)
}

impl DynLayout {
    /// The offset at every 1-D index `0..size`, CuTe's `layout(i)` for each
    /// `i`; more than [`MAX_VALUES`] elements is an error.
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// let l: DynLayout = "(2,2):(2,1)".parse().unwrap();
    /// assert_eq!(l.values().unwrap(), [0, 2, 1, 3]);
    /// let huge: DynLayout = "(2,4294967296):(1,2)".parse().unwrap();
    /// assert_eq!(huge.values().unwrap_err().to_string(),
    ///            "values: the layout has 8589934592 elements, more than the limit of 1048576");
    /// ```
    pub fn values(&self) -> Result<Vec<i64>, LayoutError> {
        (0..values_bound(self.size()?)?)
            .map(|i| self.at(i))
            .collect()
    }

    /// CuTe's `print_layout` for a rank-2 layout: the layout, then a table of
    /// offsets with rows for mode 0 and columns for mode 1. Other ranks get a
    /// 1-D listing `i: offset` instead. Byte-identical to CuTe for rank 2.
    ///
    /// Errors ([`LayoutError::TooLarge`]) for more than [`MAX_PRINT_CELLS`] elements.
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// let l: DynLayout = "(2,3):(3,1)".parse().unwrap();
    /// let expected = "(2,3):(3,1)\n      0   1   2 \n    +---+---+---+\n 0  | 0 | 1 | 2 |\n    +---+---+---+\n 1  | 3 | 4 | 5 |\n    +---+---+---+\n";
    /// assert_eq!(l.print_layout().unwrap(), expected);
    /// ```
    pub fn print_layout(&self) -> Result<String, LayoutError> {
        let size = self.size()?;
        if size > MAX_PRINT_CELLS {
            return Err(LayoutError::TooLarge {
                op: "print_layout",
                size,
                limit: MAX_PRINT_CELLS,
            });
        }
        let mut out = String::new();
        let _ = writeln!(out, "{self}");
        if self.rank() != 2 {
            for i in 0..self.size()? {
                let _ = writeln!(out, "{i:>4}: {}", self.at(i)?);
            }
            return Ok(out);
        }
        let m = self.mode(0)?;
        let n = self.mode(1)?;
        let (rows, cols) = (m.size()?, n.size()?);
        let mut grid = Vec::with_capacity((rows * cols) as usize);
        for i in 0..rows {
            for j in 0..cols {
                grid.push(super::add(m.at(i)?, n.at(j)?, "print_layout")?);
            }
        }
        let at = |i: i64, j: i64| grid[(i * cols + j) as usize];
        let _ = crate::layout::print::write_table(&mut out, rows, cols, self.cosize()?, &at);
        Ok(out)
    }
}
