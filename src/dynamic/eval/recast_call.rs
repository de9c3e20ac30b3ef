//! `recast(T, old_bits, new_bits)`: CuTe's `recast<NewType>(tensor)` on a
//! counting tensor, the element sizes given in bits (the evaluator has no
//! element types). As CuTe's `recast_layout`, the layout becomes
//! `downcast<den>(upcast<num>(L))` for the reduced ratio `new/old =
//! num/den`, and the start is counted in new elements. As the typed
//! `Tensor::recast`, a start that is not a whole number of new elements or
//! a negative stride is an error (CuTe reads misaligned memory there).
//!
//! ```
//! use cute_algebra::dynamic::eval::eval_line;
//! assert_eq!(eval_line("recast(tensor((4,8):(8,1)), 8, 32)"), "counting_iter(0) o (4,2):(2,1)");
//! assert_eq!(eval_line("recast(tensor((2,4):(4,1)), 32, 16)"), "counting_iter(0) o (2,8):(8,1)");
//! ```

use super::{Value, arity, bad};
use crate::LayoutError;
use crate::dynamic::tensor::DynTensor;

const OP: &str = "recast";

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// `recast` of a counting tensor from `old`-bit to `new`-bit elements.
pub(crate) fn recast(t: &DynTensor, old: i64, new: i64) -> Result<DynTensor, LayoutError> {
    if old <= 0 || new <= 0 {
        return Err(bad(OP, "element sizes in bits must be positive"));
    }
    if t.layout.flat().iter().any(|&(s, d)| s > 1 && d < 0) {
        return Err(bad(
            OP,
            "a negative stride cannot be recast (CuTe's start offset for it does not match the reinterpreted elements)",
        ));
    }
    let g = gcd(new, old);
    let (num, den) = (new / g, old / g);
    let mut layout = t.layout.clone();
    if num > 1 {
        layout = layout.upcast(num)?;
    }
    if den > 1 {
        layout = layout.downcast(den)?;
    }
    let bits = t
        .start
        .checked_mul(old)
        .ok_or(LayoutError::Overflow { op: OP })?;
    if bits % new != 0 {
        return Err(bad(
            OP,
            "the tensor's start is not a whole number of new elements",
        ));
    }
    Ok(DynTensor {
        start: bits / new,
        layout,
    })
}

/// The eval call `recast(T, old_bits, new_bits)`, or `None` for others.
pub(super) fn call(name: &str, args: &[Value]) -> Option<Result<Value, LayoutError>> {
    if name != OP {
        return None;
    }
    Some(arity(OP, args, 3, 3).and_then(|()| match args {
        [Value::Tensor(t), Value::Int(old), Value::Int(new)] => {
            recast(t, *old, *new).map(Value::Tensor)
        }
        _ => Err(bad(
            OP,
            "expected a counting tensor and two element sizes in bits",
        )),
    }))
}
