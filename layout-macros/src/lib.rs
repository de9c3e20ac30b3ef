//! Macros for `cute-algebra`. Use them through `cute_algebra::prelude`.
