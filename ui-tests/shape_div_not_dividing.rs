// CuTe's shape_div(a, b) needs a % b == 0 or b % a == 0; 6 and 4 divide
// neither way.
use cute_algebra::int::IntShapeDiv;
use cute_algebra::typenum::{P4, P6};

fn main() {
    let _ = P6::new().shape_div(P4::new());
}
