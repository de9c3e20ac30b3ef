//! The printed form of a [`DynBasisLayout`], CuTe's with the `_` static
//! markers dropped (`(4,8):(1@0,1@1)`), and its parser, which also takes
//! the markers.

use core::fmt;

use super::{BasisStride, BasisTree, DynBasisLayout, MAX_BASIS_MODES};
use crate::dynamic::MAX_DEPTH;
use crate::dynamic::parse::{Cursor, perr};
use crate::error::LayoutError;

impl fmt::Display for DynBasisLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.shape(), self.stride())
    }
}

impl core::str::FromStr for DynBasisLayout {
    type Err = LayoutError;
    /// ```
    /// use cute_algebra::basis::DynBasisLayout;
    /// let l: DynBasisLayout = "(_4,_8):(_1@0,_1@1)".parse().unwrap();
    /// assert_eq!(l.to_string(), "(4,8):(1@0,1@1)");
    /// ```
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut c = Cursor::new(s);
        let shape = c.int_tree()?;
        c.expect(b':', "expected ':' and a stride")?;
        let stride = c.basis_tree(0)?;
        let l = DynBasisLayout::new(shape, &stride)?;
        c.finish(l)
    }
}

impl Cursor<'_> {
    /// A stride tree whose leaves may be bases: `INT ('@' INT)?`, nested.
    pub(crate) fn basis_tree(&mut self, depth: usize) -> Result<BasisTree, LayoutError> {
        if depth > MAX_DEPTH {
            return Err(LayoutError::TooDeep { limit: MAX_DEPTH });
        }
        if self.eat(b'(') {
            return self
                .list_rest(b')', "expected ',' or ')'", |c| c.basis_tree(depth + 1))
                .map(BasisTree::Tuple);
        }
        let start = self.pos;
        let scale = self.int()?;
        if self.peek_at(0) != Some(b'@') {
            return Ok(BasisTree::Leaf(BasisStride::Int(scale)));
        }
        self.pos += 1;
        let mode = self.int()?;
        let mode = u8::try_from(mode)
            .ok()
            .filter(|m| usize::from(*m) < MAX_BASIS_MODES)
            .ok_or(perr(start, "a basis mode must be 0..=15"))?;
        Ok(BasisTree::Leaf(BasisStride::Basis { scale, mode }))
    }
}
