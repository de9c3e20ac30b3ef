// Unbalanced parentheses are rejected by rustc's lexer, before the macro runs.
use cute_algebra::prelude::*;

fn main() {
    let _ = layout![(2, (2, 2) : (4, (2, 1))];
}
