//! Index math as C: a layout's function rendered as a C expression.
//!
//! A kernel generator (CUDA, OpenCL, Metal) chooses and transforms layouts
//! with this crate, then needs each layout's function as source text. This
//! module renders it: [`CLayout`] is a layout whose leaves are literals
//! (static values) or named parameters (runtime values), and
//! [`CLayout::crd2idx`] / [`CLayout::idx2offset`] write `L(c)` over named
//! coordinate variables.
//!
//! The rules, all exact on the layout's domain (every coordinate in range,
//! which is what a kernel indexes):
//! - static values become literals, runtime extents and strides become the
//!   parameter names they were given ([`CLayout::params`] lists them with
//!   their values, ready to become kernel arguments);
//! - an integer coordinate into a tuple mode is split colexicographically
//!   with `/` and `%`, as CuTe does, and a divisor that is a static power of
//!   two becomes a shift or a mask (coordinates are non-negative);
//! - stride-0 leaves and size-1 leaves vanish, `* 1` and `/ 1` are dropped;
//! - a swizzle (`Sw<B,M,S> o O o L`) becomes `(o ^ ((o & YYY) >> S))` over
//!   `o = O + L(c)`;
//! - a layout with basis strides (`k@i`, CuTe's `E<i>` times `k`, as in
//!   identity layouts) maps to a coordinate: one expression per component
//!   ([`CLayout::crd2idx_components`]).
//!
//! ```
//! use cute_algebra::prelude::*;
//! use cute_algebra::codegen::CLayout;
//! let l = CLayout::from_layout(&layout![(8, 8) : (8, 1)], "l");
//! assert_eq!(l.crd2idx(&["i", "j"]), "(i * 8 + j)");
//! assert_eq!(l.idx2offset("t"), "((t & 7) * 8 + (t >> 3))");
//!
//! let m: i32 = 100;                                    // a runtime extent
//! let r = CLayout::from_layout(&layout![(4, m) : (1, 4)], "a");
//! assert_eq!(r.crd2idx(&["i", "j"]), "(i + j * 4)");
//! assert_eq!(r.idx2offset("t"), "((t & 3) + (t >> 2) * 4)");
//! assert_eq!(r.params(), vec![("a_s1".to_string(), 100)]);
//! ```
//!
//! The same rendering serves [`DynLayout`](crate::dynamic::DynLayout) and
//! swizzled layouts:
//!
//! ```
//! use cute_algebra::codegen::CLayout;
//! use cute_algebra::eval::{Value, eval};
//! let Ok(Value::Composed(c)) = eval("composition(Sw<3,3,3>, (8,64):(64,1))") else { panic!() };
//! let l = CLayout::from_composed(&c);
//! assert_eq!(l.crd2idx(&["i", "j"]), "((i * 64 + j) ^ (((i * 64 + j) & 448) >> 3))");
//! ```

mod from;
mod render;

pub use from::{ToCTree, ToCTreeElems};
pub use render::CCoord;

use alloc::string::String;
use alloc::vec::Vec;

use crate::swizzle::DynSwizzle;

/// A leaf value in generated code: a literal, or a named runtime parameter
/// (with the value it had when the layout was rendered).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CTerm {
    /// A static value, written as a literal.
    Lit(i64),
    /// A runtime value, written as its name.
    Param {
        /// The C identifier.
        name: String,
        /// Its value at rendering time (for [`CLayout::params`]).
        value: i64,
    },
}

/// A nested tuple of [`CTerm`]s, congruent with a layout's shape.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CTree {
    /// A leaf.
    Leaf(CTerm),
    /// A basis stride leaf `scale@mode` (CuTe's `E<mode>{} * scale`): the
    /// layout's value is then a coordinate, rendered per component by
    /// [`CLayout::crd2idx_components`]. Only in strides.
    Basis {
        /// The scale.
        scale: CTerm,
        /// The coordinate component it adds to.
        mode: usize,
    },
    /// A tuple of sub-trees.
    Tuple(Vec<CTree>),
}

/// A layout ready to be rendered as C: congruent shape and stride trees of
/// literals and parameters, and an optional swizzle with its offset
/// (CuTe's `ComposedLayout<Swizzle, O, Layout>`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CLayout {
    shape: CTree,
    stride: CTree,
    swizzle: Option<(DynSwizzle, CTerm)>,
}

impl CLayout {
    /// A layout from its shape and stride trees (which must be congruent;
    /// the `from_*` constructors guarantee it).
    pub fn new(shape: CTree, stride: CTree) -> Self {
        CLayout {
            shape,
            stride,
            swizzle: None,
        }
    }

    /// The same layout behind a swizzle: `sw(offset + L(c))`.
    #[must_use]
    pub fn with_swizzle(mut self, sw: DynSwizzle, offset: CTerm) -> Self {
        self.swizzle = Some((sw, offset));
        self
    }

    /// The runtime parameters the rendered expressions name, in leaf order
    /// (shapes, then strides, then a swizzle's offset), with their values.
    pub fn params(&self) -> Vec<(String, i64)> {
        let mut out = Vec::new();
        fn walk(t: &CTree, out: &mut Vec<(String, i64)>) {
            match t {
                CTree::Leaf(CTerm::Param { name, value })
                | CTree::Basis {
                    scale: CTerm::Param { name, value },
                    ..
                } => out.push((name.clone(), *value)),
                CTree::Leaf(CTerm::Lit(_)) | CTree::Basis { .. } => {}
                CTree::Tuple(v) => v.iter().for_each(|c| walk(c, out)),
            }
        }
        walk(&self.shape, &mut out);
        walk(&self.stride, &mut out);
        if let Some((_, CTerm::Param { name, value })) = &self.swizzle {
            out.push((name.clone(), *value));
        }
        out
    }
}
