//! Dimension names of static linear layouts as marker types, with Triton's
//! names: a static conversion takes its input and output names as types
//! ([`ToLinear::to_linear_as`](super::ToLinear::to_linear_as)), and the
//! layout's table holds them as strings, as Triton's `StringAttr`s.
//!
//! ```
//! use cute_algebra::linear::dim::{DimName, Lane, Offset};
//! assert_eq!((Lane::NAME, Offset::NAME), ("lane", "offset"));
//! ```

/// A dimension name known at compile time.
pub trait DimName: Copy + Default + 'static {
    /// The name, as Triton spells it.
    const NAME: &'static str;
}

macro_rules! dims {
    ($($(#[$doc:meta])* $T:ident = $name:literal;)*) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $T;
        impl DimName for $T {
            const NAME: &'static str = $name;
        }
    )*};
}

dims! {
    /// A thread's registers (Triton's `register`).
    Register = "register";
    /// A warp's lanes (Triton's `lane`).
    Lane = "lane";
    /// A block's warps (Triton's `warp`).
    Warp = "warp";
    /// A cluster's blocks (Triton's `block`).
    Block = "block";
    /// A shared-memory offset (Triton's `offset`).
    Offset = "offset";
    /// A tensor's first dimension (Triton's `dim0`).
    Dim0 = "dim0";
    /// A tensor's second dimension (Triton's `dim1`).
    Dim1 = "dim1";
    /// A tensor's third dimension (Triton's `dim2`).
    Dim2 = "dim2";
    /// A tensor's fourth dimension (Triton's `dim3`).
    Dim3 = "dim3";
    /// A CuTe layout's 1-D index, as the runtime `to_linear` names it.
    In = "in";
    /// A CuTe layout's offset, as the runtime `to_linear` names it.
    Out = "out";
}
