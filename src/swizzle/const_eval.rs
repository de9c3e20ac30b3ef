//! Compile-time evaluation of static layouts and slice coordinates.
//!
//! CuTe's swizzle slicing and inverses "work in simple cases" and silently
//! return a wrong function otherwise. For a static layout the check is a
//! brute force over the domain, done here in `const` evaluation, so that a
//! wrong case is a compile error that says what failed.

use frunk_core::hlist::{HCons, HNil};
use typenum::{Integer, NInt, NonZero, PInt, Unsigned, Z0};

use crate::layout::Underscore;

/// The most leaves a compile-time check handles.
pub const MAX_LEAVES: usize = 32;

/// The flattened forms: a count of leaves and two per-leaf arrays, with
/// the form of no leaves (`EMPTY`, every entry at its default) and `concat`
/// (`self`'s leaves followed by `o`'s).
macro_rules! flat_leaves {
    ($(#[$doc:meta])* struct $Name:ident, $vis:vis EMPTY {
        $(#[$adoc:meta])* $a:ident: $A:ty = $a0:expr,
        $(#[$bdoc:meta])* $b:ident: $B:ty = $b0:expr $(,)?
    }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug)]
        pub struct $Name {
            /// The number of leaves.
            pub n: usize,
            $(#[$adoc])*
            pub $a: [$A; MAX_LEAVES],
            $(#[$bdoc])*
            pub $b: [$B; MAX_LEAVES],
        }

        impl $Name {
            /// No leaves.
            $vis const EMPTY: $Name = $Name {
                n: 0,
                $a: [$a0; MAX_LEAVES],
                $b: [$b0; MAX_LEAVES],
            };
            /// `self` followed by `o`.
            $vis const fn concat(self, o: Self) -> Self {
                assert!(
                    self.n + o.n <= MAX_LEAVES,
                    "compile-time layout check: more than 32 leaves"
                );
                let mut r = self;
                let mut k = 0;
                while k < o.n {
                    r.$a[r.n + k] = o.$a[k];
                    r.$b[r.n + k] = o.$b[k];
                    k += 1;
                }
                r.n += o.n;
                r
            }
        }
    };
}

flat_leaves! {
    /// A flattened static layout: its leaves' shapes and strides, colex order.
    struct FlatLayout, pub EMPTY {
        /// The leaves' extents.
        shape: i64 = 1,
        /// The leaves' strides.
        stride: i64 = 0,
    }
}

flat_leaves! {
    /// A flattened slice coordinate: per leaf, fixed to a value or kept (`_`).
    struct FlatCoord, EMPTY {
        /// The fixed value of each leaf (0 where kept).
        value: i64 = 0,
        /// Whether each leaf is kept.
        kept: bool = false,
    }
}

impl FlatLayout {
    /// A layout of one leaf.
    pub const fn leaf(s: i64, d: i64) -> Self {
        let mut l = FlatLayout::EMPTY;
        l.n = 1;
        l.shape[0] = s;
        l.stride[0] = d;
        l
    }
    /// The number of coordinates.
    pub const fn size(&self) -> i64 {
        let mut p = 1;
        let mut k = 0;
        while k < self.n {
            p *= self.shape[k];
            k += 1;
        }
        p
    }
    /// `L(i)`: colexicographic, the last leaf not reduced (as CuTe).
    pub const fn at(&self, mut i: i64) -> i64 {
        let mut r = 0;
        let mut k = 0;
        while k < self.n {
            let c = if k + 1 == self.n {
                i
            } else {
                i % self.shape[k]
            };
            i /= self.shape[k];
            r += c * self.stride[k];
            k += 1;
        }
        r
    }
}

impl FlatCoord {
    /// The full coordinate of the `j`-th coordinate of the kept leaves,
    /// evaluated in `l`: what the sliced layout must give at `j`.
    pub const fn full_at(&self, l: &FlatLayout, mut j: i64) -> i64 {
        let mut r = 0;
        let mut k = 0;
        while k < self.n {
            let c = if self.kept[k] {
                let c = j % l.shape[k];
                j /= l.shape[k];
                c
            } else {
                self.value[k]
            };
            r += c * l.stride[k];
            k += 1;
        }
        r
    }
    /// Whether every fixed leaf lies inside its extent. Outside it, CuTe's
    /// slice follows CuTe's own extension of the layout (coordinates not
    /// reduced), and there is no in-domain value to check it against.
    pub const fn fixed_in_range(&self, l: &FlatLayout) -> bool {
        let mut k = 0;
        while k < self.n {
            if !self.kept[k] && (self.value[k] < 0 || self.value[k] >= l.shape[k]) {
                return false;
            }
            k += 1;
        }
        true
    }
    /// The number of coordinates the kept leaves span.
    pub const fn kept_size(&self, l: &FlatLayout) -> i64 {
        let mut p = 1;
        let mut k = 0;
        while k < self.n {
            if self.kept[k] {
                p *= l.shape[k];
            }
            k += 1;
        }
        p
    }
}

/// A static shape `Self` with a static stride `D`, flattened.
#[diagnostic::on_unimplemented(
    message = "`{Self}` with stride `{D}` is not a static layout",
    label = "this check of CuTe's swizzle algebra needs every shape and stride static"
)]
#[doc(hidden)]
pub trait ConstLayout<D> {
    /// The leaves.
    const FLAT: FlatLayout;
}
impl<U: Unsigned + NonZero, D: Integer> ConstLayout<D> for PInt<U> {
    const FLAT: FlatLayout = FlatLayout::leaf(U::I64, D::I64);
}
impl ConstLayout<HNil> for HNil {
    const FLAT: FlatLayout = FlatLayout::EMPTY;
}
impl<S0: ConstLayout<D0>, ST: ConstLayout<DT>, D0, DT> ConstLayout<HCons<D0, DT>>
    for HCons<S0, ST>
{
    const FLAT: FlatLayout = S0::FLAT.concat(ST::FLAT);
}

/// A slice coordinate `Self` of a static shape `S`, flattened to its leaves:
/// an integer for a nested mode is split colexicographically.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a static slice coordinate of the shape `{S}`",
    label = "slicing a swizzled layout needs static integers and `_`"
)]
#[doc(hidden)]
pub trait ConstCoord<S> {
    /// The leaves.
    const FLAT: FlatCoord;
}
impl<S: ConstLayout<S>> ConstCoord<S> for Underscore {
    const FLAT: FlatCoord = {
        let mut c = FlatCoord::EMPTY;
        c.n = S::FLAT.n;
        let mut k = 0;
        while k < c.n {
            c.kept[k] = true;
            k += 1;
        }
        c
    };
}
const fn split(shape: FlatLayout, mut v: i64) -> FlatCoord {
    let mut c = FlatCoord::EMPTY;
    c.n = shape.n;
    let mut k = 0;
    while k < c.n {
        c.value[k] = if k + 1 == c.n { v } else { v % shape.shape[k] };
        v /= shape.shape[k];
        k += 1;
    }
    c
}
impl<S: ConstLayout<S>> ConstCoord<S> for Z0 {
    const FLAT: FlatCoord = split(S::FLAT, 0);
}
impl<S: ConstLayout<S>, U: Unsigned + NonZero> ConstCoord<S> for PInt<U> {
    const FLAT: FlatCoord = split(S::FLAT, U::I64);
}
impl<S: ConstLayout<S>, U: Unsigned + NonZero> ConstCoord<S> for NInt<U> {
    const FLAT: FlatCoord = split(S::FLAT, -U::I64);
}
impl ConstCoord<HNil> for HNil {
    const FLAT: FlatCoord = FlatCoord::EMPTY;
}
impl<C0: ConstCoord<S0>, CT: ConstCoord<ST>, S0, ST> ConstCoord<HCons<S0, ST>> for HCons<C0, CT> {
    const FLAT: FlatCoord = C0::FLAT.concat(CT::FLAT);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::int::Int;
    use crate::{Layout, Shape, Stride};

    type S = Shape![2, (2, 2)];
    type D = Stride![4, (2, 1)];

    #[test]
    fn flat_layout_is_the_layout_as_a_function() {
        let l = <S as ConstLayout<D>>::FLAT;
        let t = Layout::<S, D>::default();
        for i in 0..8 {
            assert_eq!(l.at(i), t.crd2idx(i as i32).wide());
        }
        assert_eq!(l.size(), 8);
    }

    #[test]
    fn a_coordinate_fixes_its_leaves() {
        type C = crate::Coord![_, 3];
        let c = <C as ConstCoord<S>>::FLAT;
        let l = <S as ConstLayout<D>>::FLAT;
        assert_eq!(c.kept_size(&l), 2);
        // (1, 3) -> (1, (1, 1)) -> 4 + 2 + 1
        assert_eq!(c.full_at(&l, 1), 7);
    }
}
