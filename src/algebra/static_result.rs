//! A static call's result is the only value of its type.
//!
//! When every operand is static, type checking has already computed the
//! result: its type is a layout of static leaves, a zero-sized type with a
//! single value. The operations' value-level walks exist for runtime
//! values. A static call that ran them anyway would make rustc resolve
//! every step of the walk again, for the call's own types, when it builds
//! the program (each step a trait method whose impl's where-clauses hold the
//! rest of the walk), which was most of a release build's time.
//!
//! So the public functions hand the walk, as a closure, to a type-level
//! bit ([`StaticFlag`](crate::int::StaticFlag)): `B1` builds the result from its type and never
//! mentions the closure, so rustc never resolves the walk; `B0` runs it.
//! The bit is a type, not a `const`, because rustc resolves the items a
//! function mentions even in a branch that a constant rules out.
//!
//! The bit is the operands' alone (static operands give a static layout or
//! a marker, and the public functions refuse markers at compile time), and
//! it is an associated type that no where-clause asks for: type checking
//! never computes it, only the build of a program that calls the function
//! does, once per call. The result is built by a constructor that bounds
//! already in place provide (composition's layout step and every outcome
//! carry one), so generic code bound by the operation's trait needs no
//! other bound, and type checking proves next to nothing more.

/// An operation trait's `by_type`: the walk runs, unless the impl names the
/// step (`=> Step`) whose `by_type` decides, down to the step that can build
/// the result from its type. `built` maps the step's result to the caller's
/// (a zipped divide regroups the logical one), so that a form built on
/// another step dispatches through it too.
macro_rules! by_type {
    (@run $walk:ident $built:ident) => {{
        let _ = $built;
        $walk()
    }};
    (@run $walk:ident $built:ident $($to:tt)+) => { $($to)+::by_type($walk, $built) };
    ($(#[$m:meta])* $Out:ident $(=> $($to:tt)+)?) => {
        $(#[$m])*
        #[inline(always)]
        fn by_type<Res>(
            walk: impl FnOnce() -> Result<Res, $crate::error::LayoutError>,
            built: impl FnOnce(Self::$Out) -> Res,
        ) -> Result<Res, $crate::error::LayoutError> {
            $crate::algebra::by_type!(@run walk built $($($to)+)?)
        }
    };
}
pub(crate) use by_type;
