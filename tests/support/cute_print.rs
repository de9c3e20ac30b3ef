//! CuTe's printed form without its static markers, as the runtime path
//! prints it; shared by the tests that compare runtime results with CuTe
//! C++'s output (included by path).

/// CuTe's static print with `_N` markers dropped: `(_2,_-1)` -> `(2,-1)`;
/// an `_` inside a name (`SM80_16x8x16`) stays.
pub fn strip_static(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    for (i, &c) in b.iter().enumerate() {
        let next_is_num = b
            .get(i + 1)
            .is_some_and(|n| n.is_ascii_digit() || *n == b'-');
        let prev_ok = i == 0 || !b[i - 1].is_ascii_alphanumeric();
        if !(c == b'_' && next_is_num && prev_ok) {
            out.push(c as char);
        }
    }
    out
}
