//! The operands' leaves as values, for the typed runtime path: a coalesced
//! layout's modes as lists ([`ModeLists`]), reading and writing leaves
//! ([`Leaves`]), and the mixing rule's widening of the walk's `i32` results
//! when an operand holds an `i64` ([`AnyI64`], [`WidenIf`]).

use crate::layout::Layout;
use crate::tuple::cons;
use frunk_core::hlist::{HCons, HNil};
use typenum::{B0, B1, Integer, NInt, NonZero, PInt, Unsigned, Z0};

/// A coalesced layout's modes as flat lists: an integral layout is one mode.
///
/// ```
/// use cute_algebra::algebra::ModeLists;
/// use cute_algebra::prelude::*;
/// let (s, d) = layout![8 : 2].mode_lists();
/// assert_eq!((s.to_cute_string(), d.to_cute_string()), ("(_8)".into(), "(_2)".into()));
/// ```
pub trait ModeLists {
    /// The shapes.
    type Shapes;
    /// The strides.
    type Strides;
    /// Splits the layout.
    fn mode_lists(self) -> (Self::Shapes, Self::Strides);
}
impl<S: crate::int::Int, D> ModeLists for Layout<S, D> {
    type Shapes = HCons<S, HNil>;
    type Strides = HCons<D, HNil>;
    #[inline(always)]
    fn mode_lists(self) -> (Self::Shapes, Self::Strides) {
        let (s, d) = self.into_parts();
        (cons(s, HNil), cons(d, HNil))
    }
}
impl<H, T, D> ModeLists for Layout<HCons<H, T>, D> {
    type Shapes = HCons<H, T>;
    type Strides = D;
    #[inline(always)]
    fn mode_lists(self) -> (Self::Shapes, Self::Strides) {
        self.into_parts()
    }
}

/// The leaves of an IntTuple as values: read, and write into a result.
///
/// ```
/// use cute_algebra::algebra::Leaves;
/// use cute_algebra::prelude::*;
/// let n = 5;
/// let mut s = shape![2, (n, 3)];
/// assert_eq!(s.leaf(&mut 1), Some((5, false)));
/// assert_eq!(s.set_leaf(&mut 1, 7), Some(true));
/// assert_eq!(s.to_cute_string(), "(_2,(7,_3))");
/// assert_eq!(s.leaf(&mut 3), None);
/// ```
pub trait Leaves: Sized {
    /// Whether every leaf is static.
    const IS_STATIC: bool;
    /// The same, as a type, for the public functions' dispatch
    /// ([`StaticFlag`](crate::algebra::StaticFlag)).
    type Static: crate::algebra::StaticFlag;
    /// Leaf `*i` (counting down `*i` past the leaves before it), with its static flag.
    fn leaf(&self, i: &mut usize) -> Option<(i64, bool)>;
    /// A value of this type: static leaves are what they are, runtime ones 0.
    fn blank() -> Self;
    /// Sets leaf `*i` to `v` (a static leaf keeps its value): `Some(true)`
    /// when set, `Some(false)` when `*i` is past the end, `None` when `v`
    /// does not fit.
    fn set_leaf(&mut self, i: &mut usize, v: i64) -> Option<bool>;
}
impl Leaves for i32 {
    const IS_STATIC: bool = false;
    type Static = B0;
    fn leaf(&self, i: &mut usize) -> Option<(i64, bool)> {
        take(i).then_some((*self as i64, false))
    }
    fn blank() -> Self {
        0
    }
    fn set_leaf(&mut self, i: &mut usize, v: i64) -> Option<bool> {
        if !take(i) {
            return Some(false);
        }
        *self = i32::try_from(v).ok()?;
        Some(true)
    }
}
impl Leaves for i64 {
    const IS_STATIC: bool = false;
    type Static = B0;
    fn leaf(&self, i: &mut usize) -> Option<(i64, bool)> {
        take(i).then_some((*self, false))
    }
    fn blank() -> Self {
        0
    }
    fn set_leaf(&mut self, i: &mut usize, v: i64) -> Option<bool> {
        if !take(i) {
            return Some(false);
        }
        *self = v;
        Some(true)
    }
}

/// `B1` when one of the four operand lists has an `i64` leaf.
pub trait AnyI64 {
    /// `B1` or `B0`.
    type Output;
}
impl<A: HasI64, B: HasI64, C: HasI64, D: HasI64> AnyI64 for (A, B, C, D)
where
    A::Output: core::ops::BitOr<B::Output>,
    C::Output: core::ops::BitOr<D::Output>,
    typenum::Or<A::Output, B::Output>: core::ops::BitOr<typenum::Or<C::Output, D::Output>>,
{
    type Output = typenum::Or<typenum::Or<A::Output, B::Output>, typenum::Or<C::Output, D::Output>>;
}

/// `B1` when an IntTuple has an `i64` leaf.
pub trait HasI64 {
    /// `B1` or `B0`.
    type Output: typenum::Bit;
}
crate::int::output_impls! {
    [] i64 as HasI64 => B1;
    [] HNil as HasI64 => B0;
    [H: HasI64, T: HasI64] HCons<H, T> as HasI64
        => typenum::Or<H::Output, T::Output>
        where [
            H::Output: core::ops::BitOr<T::Output>,
            typenum::Or<H::Output, T::Output>: typenum::Bit,
        ];
}
/// The composition's result with its runtime `i32` leaves made `i64` when
/// `F` is `B1` (an operand has an `i64` leaf): the mixing rule, applied
/// once to the walk's result types.
pub trait WidenIf<F> {
    /// The widened tuple.
    type Output;
}
crate::int::output_impls! {
    [F] HNil as WidenIf<F> => HNil;
    [F, H: WidenIf<F>, T: WidenIf<F>] HCons<H, T> as WidenIf<F> => HCons<H::Output, T::Output>;
    [] i32 as WidenIf<B0> => i32;
    [] i32 as WidenIf<B1> => i64;
}
macro_rules! widen_keep {
    ($([$($g:tt)*] $T:ty),*) => {$(
        impl<F, $($g)*> WidenIf<F> for $T {
            type Output = $T;
        }
    )*};
}
widen_keep!([] i64, [] Z0, [U: Unsigned + NonZero] PInt<U>, [U: Unsigned + NonZero] NInt<U>);
macro_rules! no_i64 {
    ($([$($g:tt)*] $T:ty),*) => {$(
        impl<$($g)*> HasI64 for $T {
            type Output = B0;
        }
    )*};
}
no_i64!([] i32, [] Z0, [U: Unsigned + NonZero] PInt<U>, [U: Unsigned + NonZero] NInt<U>);

macro_rules! static_leaves {
    ($([$($g:tt)*] $T:ty),*) => {$(
        impl<$($g)*> Leaves for $T {
            const IS_STATIC: bool = true;
            type Static = B1;
            fn leaf(&self, i: &mut usize) -> Option<(i64, bool)> {
                take(i).then_some((<$T as Integer>::I64, true))
            }
            fn blank() -> Self {
                <$T>::new()
            }
            fn set_leaf(&mut self, i: &mut usize, v: i64) -> Option<bool> {
                debug_assert!(*i != 0 || v == <$T as Integer>::I64, "static leaf set to {v}");
                Some(take(i))
            }
        }
    )*};
}
static_leaves!(
    [U: Unsigned + NonZero] PInt<U>,
    [U: Unsigned + NonZero] NInt<U>,
    [] Z0
);
impl Leaves for HNil {
    const IS_STATIC: bool = true;
    type Static = B1;
    fn leaf(&self, _: &mut usize) -> Option<(i64, bool)> {
        None
    }
    fn blank() -> Self {
        HNil
    }
    fn set_leaf(&mut self, _: &mut usize, _: i64) -> Option<bool> {
        Some(false)
    }
}
impl<H: Leaves, T: Leaves> Leaves for HCons<H, T> {
    const IS_STATIC: bool = H::IS_STATIC && T::IS_STATIC;
    type Static = <H::Static as crate::algebra::StaticFlag>::And<T::Static>;
    fn leaf(&self, i: &mut usize) -> Option<(i64, bool)> {
        self.head.leaf(i).or_else(|| self.tail.leaf(i))
    }
    fn blank() -> Self {
        cons(H::blank(), T::blank())
    }
    fn set_leaf(&mut self, i: &mut usize, v: i64) -> Option<bool> {
        if self.head.set_leaf(i, v)? {
            return Some(true);
        }
        self.tail.set_leaf(i, v)
    }
}

/// `true` when the countdown `*i` has reached this leaf, else one leaf less to go.
fn take(i: &mut usize) -> bool {
    if *i == 0 {
        return true;
    }
    *i -= 1;
    false
}
