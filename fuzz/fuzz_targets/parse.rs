//! Any text through the parser and `eval`: no panic, one output line, and
//! every result (an `eval` value, a parsed layout, shape or coordinate)
//! prints and reads back to itself. The properties live in
//! `tests/support/hostile.rs`, shared with the proptest `tests/hostile_props.rs`.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../tests/support/hostile.rs"]
mod hostile;

fuzz_target!(|data: &[u8]| {
    // The CLI turns a line that is not UTF-8 into an error line before eval.
    if let Ok(text) = std::str::from_utf8(data)
        && let Err(e) = hostile::check_text(text)
    {
        panic!("{e}");
    }
});
