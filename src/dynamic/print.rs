//! CuTe notation output (`(2,(2,2)):(4,(2,1))`) and CuTe's `print_layout` table.

use alloc::string::String;
use core::fmt::{self, Write};

use super::{CoordTree, DynLayout, IntTree};
use crate::LayoutError;

impl fmt::Display for IntTree {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IntTree::Int(v) => write!(f, "{v}"),
            IntTree::Tuple(v) => {
                f.write_char('(')?;
                for (i, t) in v.iter().enumerate() {
                    if i > 0 {
                        f.write_char(',')?;
                    }
                    write!(f, "{t}")?;
                }
                f.write_char(')')
            }
        }
    }
}

impl fmt::Display for CoordTree {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CoordTree::Int(v) => write!(f, "{v}"),
            CoordTree::Underscore => f.write_char('_'),
            CoordTree::Tuple(v) => {
                f.write_char('(')?;
                for (i, t) in v.iter().enumerate() {
                    if i > 0 {
                        f.write_char(',')?;
                    }
                    write!(f, "{t}")?;
                }
                f.write_char(')')
            }
        }
    }
}

impl fmt::Display for DynLayout {
    /// CuTe notation with plain integers.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.shape(), self.stride())
    }
}

impl DynLayout {
    /// CuTe's `print_layout` for a rank-2 layout: the layout, then a table of
    /// offsets with rows for mode 0 and columns for mode 1. Other ranks get a
    /// 1-D listing `i: offset` instead. Byte-identical to CuTe for rank 2.
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// let l: DynLayout = "(2,3):(3,1)".parse().unwrap();
    /// let expected = "(2,3):(3,1)\n      0   1   2 \n    +---+---+---+\n 0  | 0 | 1 | 2 |\n    +---+---+---+\n 1  | 3 | 4 | 5 |\n    +---+---+---+\n";
    /// assert_eq!(l.print_layout().unwrap(), expected);
    /// ```
    pub fn print_layout(&self) -> Result<String, LayoutError> {
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
        let digits = |v: i64| -> usize {
            let mut s = String::new();
            let _ = write!(s, "{v}");
            s.len()
        };
        let w = digits(self.cosize()?) + 2;
        let inner = w - 2;
        let _ = write!(out, "    ");
        for j in 0..cols {
            let _ = write!(out, "  {j:>inner$} ");
        }
        out.push('\n');
        let sep = |out: &mut String| {
            let _ = write!(out, "    ");
            for _ in 0..cols {
                out.push('+');
                (0..w).for_each(|_| out.push('-'));
            }
            out.push_str("+\n");
        };
        for i in 0..rows {
            sep(&mut out);
            let _ = write!(out, "{i:>2}  ");
            for j in 0..cols {
                let off = super::add(m.at(i)?, n.at(j)?, "print_layout")?;
                let _ = write!(out, "| {off:>inner$} ");
            }
            out.push_str("|\n");
        }
        sep(&mut out);
        Ok(out)
    }
}
