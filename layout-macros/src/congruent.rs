//! Shape/stride congruence, checked while expanding `layout!` so a mismatch
//! is reported at the stride the user wrote rather than as a trait error.

use syn::{Error, Result};

use crate::parse::Node;

/// Check at expansion time that a stride has the shape's nesting, the way
/// CuTe's `Layout` constructor `static_assert`s `congruent(shape, stride)`.
pub fn check_congruent(shape: &Node, stride: &Node) -> Result<()> {
    match (shape, stride) {
        (Node::Tuple { elems: s, .. }, Node::Tuple { elems: d, span }) => {
            if s.len() != d.len() {
                return Err(Error::new(
                    *span,
                    format!(
                        "stride is not congruent with the shape: the shape tuple has {} modes, this stride tuple has {}",
                        s.len(),
                        d.len()
                    ),
                ));
            }
            s.iter().zip(d).try_for_each(|(s, d)| check_congruent(s, d))
        }
        (Node::Tuple { elems, .. }, leaf) => Err(Error::new(
            leaf.span(),
            format!(
                "stride is not congruent with the shape: the shape has a {}-mode tuple here, the stride an integer",
                elems.len()
            ),
        )),
        (_, Node::Tuple { span, .. }) => Err(Error::new(
            *span,
            "stride is not congruent with the shape: the shape has an integer here, the stride a tuple",
        )),
        _ => Ok(()),
    }
}
