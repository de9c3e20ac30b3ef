//! Building a [`CLayout`] from this crate's layouts: runtime layouts give
//! literals only; typed layouts give literals for static values and named
//! parameters for runtime ones.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use frunk_core::hlist::{HCons, HNil};

use super::{CLayout, CTerm, CTree};
use crate::dynamic::{DynLayout, IntTree};
use crate::int::Int;
use crate::layout::Layout;
use crate::swizzle::DynComposed;
use crate::swizzle::{ComposedLayout, SwizzleParams};
use crate::tuple::IntTuple;

fn lit_tree(t: &IntTree) -> CTree {
    match t {
        IntTree::Int(v) => CTree::Leaf(CTerm::Lit(*v)),
        IntTree::Tuple(v) => CTree::Tuple(v.iter().map(lit_tree).collect()),
    }
}

/// An IntTuple (typenum or runtime leaves) as a [`CTree`]: static leaves
/// become literals, runtime leaves the parameters `{prefix}{k}` (leaves
/// counted in order).
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::codegen::{CLayout, ToCTree};
/// // Static leaves become literals, runtime leaves the parameters `n0`, `n1`, ….
/// let n: i32 = 6;
/// let l = CLayout::new(shape![4, n].to_c_tree("n", &mut 0), stride![1, 4].to_c_tree("d", &mut 0));
/// assert_eq!(l.crd2idx(&["i", "j"]), "(i + j * 4)");
/// assert_eq!(l.params(), vec![("n1".to_string(), 6)]);
/// ```
pub trait ToCTree: Copy {
    /// The tree; `next` counts the runtime leaves named so far.
    fn to_c_tree(self, prefix: &str, next: &mut usize) -> CTree;
}

/// The elements of an HList tuple as [`CTree`]s.
#[doc(hidden)]
pub trait ToCTreeElems: Copy {
    /// Appends the elements' trees to `out`.
    fn push_c_elems(self, prefix: &str, next: &mut usize, out: &mut Vec<CTree>);
}

impl<T: Int> ToCTree for T {
    fn to_c_tree(self, prefix: &str, next: &mut usize) -> CTree {
        let k = *next;
        *next += 1;
        CTree::Leaf(if T::IS_STATIC {
            CTerm::Lit(self.wide())
        } else {
            CTerm::Param {
                name: format!("{prefix}{k}"),
                value: self.wide(),
            }
        })
    }
}

impl ToCTree for HNil {
    fn to_c_tree(self, _: &str, _: &mut usize) -> CTree {
        CTree::Tuple(Vec::new())
    }
}

impl<H: ToCTree, T: ToCTreeElems> ToCTree for HCons<H, T> {
    fn to_c_tree(self, prefix: &str, next: &mut usize) -> CTree {
        let mut v = Vec::new();
        self.push_c_elems(prefix, next, &mut v);
        CTree::Tuple(v)
    }
}

impl ToCTreeElems for HNil {
    fn push_c_elems(self, _: &str, _: &mut usize, _: &mut Vec<CTree>) {}
}

impl<H: ToCTree, T: ToCTreeElems> ToCTreeElems for HCons<H, T> {
    fn push_c_elems(self, prefix: &str, next: &mut usize, out: &mut Vec<CTree>) {
        out.push(self.head.to_c_tree(prefix, next));
        self.tail.push_c_elems(prefix, next, out);
    }
}

impl CLayout {
    /// A runtime-structured layout: every value is a literal.
    ///
    /// ```
    /// use cute_algebra::codegen::CLayout;
    /// let l = CLayout::from_dyn(&"(4,(2,2)):(2,(1,8))".parse().unwrap());
    /// assert_eq!(l.crd2idx(&["i", "j"]), "(i * 2 + (j & 1) + (j >> 1) * 8)");
    /// ```
    pub fn from_dyn(l: &DynLayout) -> CLayout {
        CLayout::new(lit_tree(&l.shape()), lit_tree(&l.stride()))
    }

    /// A swizzled runtime layout `Sw o O o L`.
    pub fn from_composed(c: &DynComposed) -> CLayout {
        CLayout::from_dyn(c.layout()).with_swizzle(c.swizzle(), CTerm::Lit(c.offset()))
    }

    /// A typed layout: static values become literals, the runtime shape
    /// leaves the parameters `{prefix}_s{k}` and the runtime stride leaves
    /// `{prefix}_d{k}` (`k` counts the leaves in order).
    pub fn from_layout<S: IntTuple + ToCTree, D: IntTuple + ToCTree>(
        l: &Layout<S, D>,
        prefix: &str,
    ) -> CLayout {
        let name = |what: &str| -> String { format!("{prefix}_{what}") };
        CLayout::new(
            l.shape().to_c_tree(&name("s"), &mut 0),
            l.stride().to_c_tree(&name("d"), &mut 0),
        )
    }

    /// A typed swizzled layout `Sw o O o L`; a runtime offset becomes the
    /// parameter `{prefix}_o`.
    ///
    /// ```
    /// use cute_algebra::prelude::*;
    /// use cute_algebra::codegen::CLayout;
    /// use cute_algebra::swizzle::Swizzle;
    /// let c = composition(Swizzle::<2, 0, -2>, layout![(4, 4) : (4, 1)]);
    /// let l = CLayout::from_composed_layout(&c, "s");
    /// assert_eq!(l.crd2idx(&["i", "j"]), "((i * 4 + j) ^ (((i * 4 + j) & 3) << 2))");
    /// ```
    pub fn from_composed_layout<
        A: SwizzleParams,
        O: Int,
        S: IntTuple + ToCTree,
        D: IntTuple + ToCTree,
    >(
        c: &ComposedLayout<A, O, Layout<S, D>>,
        prefix: &str,
    ) -> CLayout {
        let o = c.offset().wide();
        let offset = if O::IS_STATIC {
            CTerm::Lit(o)
        } else {
            CTerm::Param {
                name: format!("{prefix}_o"),
                value: o,
            }
        };
        CLayout::from_layout(&c.layout(), prefix).with_swizzle(A::RUNTIME, offset)
    }
}
