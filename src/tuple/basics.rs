//! The core trait: rank, depth, size, flatten and CuTe printing.

use crate::int::{Int, IntMul, Prod};
use crate::tuple::cons;
use core::fmt;
use frunk_core::hlist::{HCons, HNil};
use typenum::P1;

/// An integer or a nested tuple of integers (CuTe's IntTuple). Sealed: an
/// [`Int`](crate::int::Int), `HNil` or an `HCons` of them.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an IntTuple",
    label = "expected an integer or a nested tuple of integers (`shape![..]`)"
)]
///
/// ```
/// use cute_algebra::prelude::*;
/// // Generic over integers and nested tuples, static or runtime; `.size()`
/// // is the `Size` trait's, which a bare `IntTuple` bound does not prove.
/// fn describe<T: IntTuple + Size>(t: T) -> String {
///     let (r, d) = (t.rank(), t.depth());
///     format!("{} rank {r} depth {d} size {}", t.to_cute_string(), t.size().cute_string())
/// }
/// let n: i32 = 3;
/// assert_eq!(describe(shape![2, (n, 4)]), "(_2,(3,_4)) rank 2 depth 2 size 24");
/// assert_eq!(describe(int!(8)), "_8 rank 1 depth 0 size _8");
/// ```
pub trait IntTuple: Copy + fmt::Debug + 'static + crate::int::sealed::IntTuple {
    /// Number of top-level modes; an integer has rank 1.
    const RANK: usize;
    /// Nesting depth: 0 for an integer, 1 for a flat tuple.
    const DEPTH: usize;
    /// `true` for an integer.
    const IS_INT: bool;
    /// `true` when every leaf is static.
    const IS_STATIC: bool;
    /// The same, as a type, for the public functions' dispatch
    /// ([`StaticFlag`](crate::int::StaticFlag)).
    #[doc(hidden)]
    type Static: crate::int::StaticFlag;

    /// The smallest leaf (`i64::MAX` for the empty tuple): the runtime
    /// paths check extents with it, as `DynLayout` checks its own.
    fn min_leaf(self) -> i64;
    /// Writes CuTe's print form: `(_2,(_3,4))`.
    fn fmt_cute(self, f: &mut fmt::Formatter<'_>) -> fmt::Result;

    /// Rank, as a method.
    fn rank(self) -> usize {
        Self::RANK
    }
    /// Depth, as a method.
    fn depth(self) -> usize {
        Self::DEPTH
    }
    /// CuTe's print form as a `String`.
    #[cfg(feature = "alloc")]
    fn to_cute_string(self) -> alloc::string::String {
        alloc::format!("{}", Cute(self))
    }
    /// A `Display` of CuTe's print form: `_128` for a static integer, `128`
    /// for a runtime one, `(_2,(_3,4))` for a tuple. A static integer is a
    /// typenum type, on which this crate cannot implement `Display` (the
    /// orphan rule), so `println!("{}", l.cosize())` does not compile;
    /// `l.cosize().cute()` prints as CuTe's `print(cosize(l))` does, with
    /// no allocation (`no_std` too). [`Int::value`] prints the bare number.
    ///
    /// ```
    /// use cute_algebra::prelude::*;
    /// let l = layout![(8, 16) : (16, 1)];
    /// assert_eq!(format!("{}", l.cosize().cute()), "_128");
    /// assert_eq!(format!("{}", l.cosize().value()), "128");
    /// let n: i32 = 16;
    /// assert_eq!(format!("{}", layout![(8, n) : (n, 1)].cosize().cute()), "128");
    /// assert_eq!(format!("{}", shape![2, (3, n)].cute()), "(_2,(_3,16))");
    /// ```
    fn cute(self) -> Cute<Self> {
        Cute(self)
    }
}

/// A tuple: `HNil` or `HCons` of IntTuples.
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::tuple::Tuple;
/// use core::fmt;
/// // A tuple's elements without the outer parentheses; an integer is not a `Tuple`.
/// struct Elems<T>(T);
/// impl<T: Tuple> fmt::Display for Elems<T> {
///     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { self.0.fmt_elems(f, true) }
/// }
/// assert_eq!(Elems(shape![2, (3, 4)]).to_string(), "_2,(_3,_4)");
/// ```
pub trait Tuple: IntTuple {
    /// Writes the elements separated by commas, without parentheses.
    fn fmt_elems(self, f: &mut fmt::Formatter<'_>, first: bool) -> fmt::Result;
}

/// Displays an IntTuple (or anything else with a CuTe print form) in CuTe's format.
pub struct Cute<T>(pub T);
impl<T: IntTuple> fmt::Display for Cute<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt_cute(f)
    }
}

impl<T: Int> IntTuple for T {
    const RANK: usize = 1;
    const DEPTH: usize = 0;
    const IS_INT: bool = true;
    const IS_STATIC: bool = T::IS_STATIC;
    type Static = T::Static;
    #[inline(always)]
    fn min_leaf(self) -> i64 {
        self.wide()
    }
    fn fmt_cute(self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Int::fmt_cute(self, f)
    }
}

// The seals, beside the tuple types they admit (`int::sealed`).
impl crate::int::sealed::IntTuple for HNil {}
impl<H, T> crate::int::sealed::IntTuple for HCons<H, T> {}
impl crate::int::sealed::Operand for HNil {}
impl<H, T> crate::int::sealed::Operand for HCons<H, T> {}

impl IntTuple for HNil {
    const RANK: usize = 0;
    const DEPTH: usize = 1;
    const IS_INT: bool = false;
    const IS_STATIC: bool = true;
    type Static = typenum::B1;
    #[inline(always)]
    fn min_leaf(self) -> i64 {
        i64::MAX
    }
    fn fmt_cute(self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("()")
    }
}
impl Tuple for HNil {
    fn fmt_elems(self, _: &mut fmt::Formatter<'_>, _: bool) -> fmt::Result {
        Ok(())
    }
}

impl<H: IntTuple, T: Tuple> IntTuple for HCons<H, T> {
    const RANK: usize = 1 + T::RANK;
    const DEPTH: usize = {
        let (h, t) = (1 + H::DEPTH, T::DEPTH);
        if h > t { h } else { t }
    };
    const IS_INT: bool = false;
    const IS_STATIC: bool = H::IS_STATIC && T::IS_STATIC;
    type Static = <H::Static as crate::int::StaticFlag>::And<T::Static>;
    #[inline(always)]
    fn min_leaf(self) -> i64 {
        let (h, t) = (self.head.min_leaf(), self.tail.min_leaf());
        if h < t { h } else { t }
    }
    fn fmt_cute(self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("(")?;
        self.fmt_elems(f, true)?;
        f.write_str(")")
    }
}
impl<H: IntTuple, T: Tuple> Tuple for HCons<H, T> {
    fn fmt_elems(self, f: &mut fmt::Formatter<'_>, first: bool) -> fmt::Result {
        if !first {
            f.write_str(",")?;
        }
        self.head.fmt_cute(f)?;
        self.tail.fmt_elems(f, false)
    }
}

/// The product of an IntTuple's leaves (CuTe's `size`/`product`), apart
/// from [`IntTuple`] so that proving a tuple an IntTuple (a stride, say)
/// does not multiply its leaves: for a static tuple that product is a
/// typenum computation, bit by bit. Bound by it only where the product is
/// used; in the prelude, so `.size()` resolves on any tuple.
///
/// ```
/// use cute_algebra::prelude::*;
/// fn elems<T: Size>(t: T) -> i64 { t.size().wide() }
/// assert_eq!(elems(shape![2, (3, 4)]), 24);
/// assert_eq!(<Shape![2, (3, 4)] as Size>::Size::new().value(), 24);
/// ```
pub trait Size: IntTuple {
    /// The product of all leaves.
    type Size: Int;
    /// The product of all leaves (CuTe's `size`/`product`). A runtime
    /// product that does not fit in `i32` panics, naming the operands.
    fn size(self) -> Self::Size;
    /// The product of all leaves, or `None` where a runtime product does
    /// not fit in `i32`.
    fn size_checked(self) -> Option<Self::Size>;
}
impl<T: Int> Size for T {
    type Size = T;
    #[inline(always)]
    fn size(self) -> T {
        self
    }
    #[inline(always)]
    fn size_checked(self) -> Option<T> {
        Some(self)
    }
}
impl Size for HNil {
    type Size = P1;
    #[inline(always)]
    fn size(self) -> P1 {
        P1::new()
    }
    #[inline(always)]
    fn size_checked(self) -> Option<P1> {
        Some(P1::new())
    }
}
impl<H: Size, T: Size + Tuple> Size for HCons<H, T>
where
    H::Size: IntMul<T::Size>,
{
    type Size = Prod<H::Size, T::Size>;
    #[inline(always)]
    #[track_caller]
    fn size(self) -> Self::Size {
        self.head.size().mul(self.tail.size())
    }
    #[inline(always)]
    fn size_checked(self) -> Option<Self::Size> {
        self.head
            .size_checked()?
            .mul_checked(self.tail.size_checked()?)
    }
}

/// An IntTuple's leaves as a flat tuple, an integer's as a rank-1 tuple;
/// apart from [`IntTuple`] for the reason [`Size`] is. [`Flatten`] is
/// CuTe's `flatten`, which keeps an integer an integer.
///
/// ```
/// use cute_algebra::prelude::*;
/// fn leaves<T: Flat>(t: T) -> T::Flat { t.flatten() }
/// assert_eq!(leaves(shape![2, (3, 4)]).to_cute_string(), "(_2,_3,_4)");
/// assert_eq!(leaves(int!(8)).to_cute_string(), "(_8)");
/// ```
pub trait Flat: IntTuple {
    /// The leaves, as a flat tuple.
    type Flat;
    /// The leaves as a flat tuple (CuTe's `flatten`; an integer becomes a rank-1 tuple).
    fn flatten(self) -> Self::Flat;
}
impl<T: Int> Flat for T {
    type Flat = HCons<T, HNil>;
    #[inline(always)]
    fn flatten(self) -> Self::Flat {
        cons(self, HNil)
    }
}
impl Flat for HNil {
    type Flat = HNil;
    #[inline(always)]
    fn flatten(self) -> HNil {
        HNil
    }
}
impl<H: Flat, T: Flat + Tuple> Flat for HCons<H, T>
where
    H::Flat: Concat<T::Flat>,
{
    type Flat = <H::Flat as Concat<T::Flat>>::Output;
    #[inline(always)]
    fn flatten(self) -> Self::Flat {
        self.head.flatten().concat(self.tail.flatten())
    }
}

/// List concatenation of two tuples (used by `flatten` and `append`).
#[doc(hidden)]
pub trait Concat<Other> {
    /// `Self` followed by `Other`.
    type Output;
    /// Concatenates.
    fn concat(self, other: Other) -> Self::Output;
}
impl<O> Concat<O> for HNil {
    type Output = O;
    #[inline(always)]
    fn concat(self, other: O) -> O {
        other
    }
}
impl<H, T: Concat<O>, O> Concat<O> for HCons<H, T> {
    type Output = HCons<H, T::Output>;
    #[inline(always)]
    fn concat(self, other: O) -> Self::Output {
        cons(self.head, self.tail.concat(other))
    }
}

/// The size of an IntTuple, as a free function (CuTe's `size`).
///
/// ```
/// use cute_algebra::prelude::*;
/// assert_eq!(size(shape![2, (3, 4)]).value(), 24);
/// ```
#[inline(always)]
pub fn size<T: Size>(t: T) -> T::Size {
    t.size()
}

/// CuTe's `product`: the same as [`size`] for an IntTuple.
#[inline(always)]
pub fn product<T: Size>(t: T) -> T::Size {
    t.size()
}

/// CuTe's `flatten`: a tuple's leaves as a flat tuple; an integer stays
/// itself; a layout flattens shape and stride alike.
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::tuple::Flatten;
/// fn flat<T: Flatten>(t: T) -> T::Output { t.flatten_modes() }
/// assert_eq!(flat(shape![2, (3, (4, 5))]).to_cute_string(), "(_2,_3,_4,_5)");
/// assert_eq!(flat(layout![(2, (2, 2)) : (4, (2, 1))]).to_string(), "(_2,_2,_2):(_4,_2,_1)");
/// ```
pub trait Flatten {
    /// The flattened value.
    type Output;
    /// Flattens.
    fn flatten_modes(self) -> Self::Output;
}
impl<T: crate::int::Int> Flatten for T {
    type Output = T;
    #[inline(always)]
    fn flatten_modes(self) -> T {
        self
    }
}
crate::tuple::nil_to_nil!(Flatten::flatten_modes);
impl<H, T> Flatten for HCons<H, T>
where
    Self: Flat,
{
    type Output = <Self as Flat>::Flat;
    #[inline(always)]
    fn flatten_modes(self) -> Self::Output {
        Flat::flatten(self)
    }
}

/// CuTe's `flatten`: the leaves of a tuple as a flat tuple (an integer
/// stays an integer, as in CuTe).
///
/// ```
/// use cute_algebra::prelude::*;
/// assert_eq!(flatten(shape![2, (3, (4, 5))]).to_cute_string(), "(_2,_3,_4,_5)");
/// assert_eq!(flatten(int!(8)).to_cute_string(), "_8");
/// ```
#[inline(always)]
pub fn flatten<T: Flatten>(t: T) -> T::Output {
    t.flatten_modes()
}
