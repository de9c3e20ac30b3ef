// Unbalanced parentheses are rejected by rustc's lexer, before the macro runs.
use cute_algebra_macros::layout;

fn main() {
    let _ = layout![(2, (2, 2) : (4, (2, 1))];
}
