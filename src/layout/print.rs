//! Printing in CuTe's exact format: `Display` for layouts, the
//! `print_layout` table for rank-2 layouts, and the 1-D listing.

use crate::int::{Int, IntAdd};
use crate::layout::Span;
use crate::layout::{Crd2Idx, Layout};
use crate::tuple::cons;
use crate::tuple::{Cute, IntTuple, Size};
use core::fmt;
use frunk_core::hlist::{HCons, HNil};
use typenum::P1;

/// `shape:stride`, as CuTe's `print`: `(_2,(_2,_2)):(_4,(_2,_1))`.
impl<S: IntTuple, D: IntTuple> fmt::Display for Layout<S, D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", Cute(self.shape()), Cute(self.stride()))
    }
}

/// The offsets of a layout in coordinate order (the 1-D listing of CuTe's
/// docs), as `i64`s (which hold the offsets of `i32` and `i64` layouts).
pub struct Offsets<S, D> {
    layout: Layout<S, D>,
    next: i64,
    end: i64,
}
impl<S: IntTuple, D: IntTuple> Iterator for Offsets<S, D>
where
    i64: Crd2Idx<S, D>,
{
    type Item = i64;
    fn next(&mut self) -> Option<i64> {
        (self.next < self.end).then(|| {
            self.next += 1;
            self.layout.crd2idx(self.next - 1).wide()
        })
    }
}

impl<S: Size, D: IntTuple> Layout<S, D>
where
    i64: Crd2Idx<S, D>,
{
    /// The offsets `l(0), l(1), …, l(size-1)` in coordinate order.
    ///
    /// ```
    /// use cute_algebra::prelude::*;
    /// let l = layout![(2, (2, 2)) : (4, (2, 1))];
    /// assert!(l.offsets().eq([0, 4, 2, 6, 1, 5, 3, 7]));
    /// ```
    pub fn offsets(&self) -> Offsets<S, D> {
        Offsets {
            layout: *self,
            next: 0,
            end: self.size().wide(),
        }
    }

    /// The 1-D listing: the layout, then its offsets separated by spaces.
    ///
    /// ```
    /// use cute_algebra::prelude::*;
    /// let l = layout![(2, (2, 2)) : (4, (2, 1))];
    /// assert_eq!(l.print_1d().to_string(), "(_2,(_2,_2)):(_4,(_2,_1))\n0 4 2 6 1 5 3 7\n");
    /// ```
    pub fn print_1d(&self) -> Print1D<S, D> {
        Print1D(*self)
    }
}

/// Display adapter for [`Layout::print_1d`].
pub struct Print1D<S, D>(Layout<S, D>);
impl<S: Size, D: IntTuple> fmt::Display for Print1D<S, D>
where
    i64: Crd2Idx<S, D>,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.0)?;
        for (i, o) in self.0.offsets().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{o}")?;
        }
        writeln!(f)
    }
}

/// `Display` for an enum whose variants each hold one printable value:
/// each prints as the value it holds.
#[cfg(feature = "alloc")]
macro_rules! display_variants {
    ($E:ident: $($V:ident),+) => {
        impl core::fmt::Display for $E {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                match self {
                    $($E::$V(x) => write!(f, "{x}"),)+
                }
            }
        }
    };
}
#[cfg(feature = "alloc")]
pub(crate) use display_variants;

/// `print_layout` and its table need the same of a rank-2 layout: its
/// offsets at `i32` coordinates, and its span plus one.
macro_rules! printable_rank2 {
    ([$($target:tt)*] { $($body:tt)* }) => {
        impl<S0: Size, S1: Size, D0: IntTuple, D1: IntTuple> $($target)*
        where
            Rank2<S0, S1>: IntTuple,
            Rank2<D0, D1>: IntTuple,
            Rank2<i32, i32>: Crd2Idx<Rank2<S0, S1>, Rank2<D0, D1>>,
            Rank2<S0, S1>: Span<Rank2<D0, D1>>,
            <Rank2<S0, S1> as Span<Rank2<D0, D1>>>::Output: IntAdd<P1>,
        {
            $($body)*
        }
    };
}

/// Display adapter for [`Layout::print_layout`].
pub struct PrintLayout<S, D>(Layout<S, D>);

type Rank2<S0, S1> = HCons<S0, HCons<S1, HNil>>;

printable_rank2! {
    [Layout<Rank2<S0, S1>, Rank2<D0, D1>>] {
        /// CuTe's `print_layout` table for a rank-2 layout, byte for byte.
        ///
        /// ```
        /// use cute_algebra::prelude::*;
        /// let t = layout![(2, 3) : (3, 1)].print_layout().to_string();
        /// assert_eq!(t, "(_2,_3):(_3,_1)\n      0   1   2 \n    +---+---+---+\n 0  | 0 | 1 | 2 |\n    +---+---+---+\n 1  | 3 | 4 | 5 |\n    +---+---+---+\n");
        /// ```
        pub fn print_layout(&self) -> PrintLayout<Rank2<S0, S1>, Rank2<D0, D1>> {
            PrintLayout(*self)
        }
    }
}

printable_rank2! {
    [fmt::Display for PrintLayout<Rank2<S0, S1>, Rank2<D0, D1>>] {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            let l = self.0;
            let (rows, cols) = (
                l.shape().head.size().wide(),
                l.shape().tail.head.size().wide(),
            );
            let at = |i: i64, j: i64| {
                let c = HCons {
                    head: i as i32,
                    tail: cons(j as i32, HNil),
                };
                l.crd2idx(c).wide()
            };
            writeln!(f, "{l}")?;
            let cosize = l.cosize().wide();
            write_table(f, rows, cols, cosize, &at)
        }
    }
}

/// CuTe's `print_layout` table body, shared by the typed layouts and
/// `DynLayout`; the caller writes the header line. `at(i, j)` is the offset
/// and the cell width is the number of digits of `cosize` plus 2, as in CuTe.
pub(crate) fn write_table(
    f: &mut dyn fmt::Write,
    rows: i64,
    cols: i64,
    cosize: i64,
    at: &dyn Fn(i64, i64) -> i64,
) -> fmt::Result {
    let mut digits = 1;
    let mut n = cosize;
    while n >= 10 {
        n /= 10;
        digits += 1;
    }
    let w = digits + 2;
    let sep = |f: &mut dyn fmt::Write| -> fmt::Result {
        f.write_str("    ")?;
        for _ in 0..cols {
            f.write_str("+")?;
            for _ in 0..w {
                f.write_str("-")?;
            }
        }
        f.write_str("+\n")
    };
    f.write_str("    ")?;
    for j in 0..cols {
        write!(f, "  {j:>width$} ", width = w - 2)?;
    }
    f.write_str("\n")?;
    for i in 0..rows {
        sep(f)?;
        write!(f, "{i:>2}  ")?;
        for j in 0..cols {
            write!(f, "| {:>width$} ", at(i, j), width = w - 2)?;
        }
        f.write_str("|\n")?;
    }
    sep(f)
}
