//! Each operation's per-mode step, written once as `const fn`s over `i64`.
//!
//! A step returns `Result<Step, Condition>`: the values the walk goes on
//! with, or the admissibility condition (in CuTe's terms) that fails. The
//! runtime paths (the typed layouts' runtime values and
//! [`DynLayout`](crate::dynamic::DynLayout)) call these steps, and the
//! type-level walks mirror them branch by branch, with the same names; a
//! table test per operation (`tests/*_steps.rs`) checks that the two agree.
//! The scalar rules they use (`ceil_div`, `shape_div`, ...) are in
//! [`rules`].
//!
//! The steps (and the rules they use) are `#[inline]`: `DynLayout`'s loops
//! call them from another codegen unit, where a plain call made
//! composition about 40% slower on `benches/dynamic.rs`.

pub mod complement;
pub mod composition;
pub mod inverse;
pub mod recast;
pub mod rules;
