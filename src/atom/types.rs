//! Element types by CuTe's names, as types: what a typed `Copy_Atom<Op, T>`
//! or `UniversalFMA<T>` is instantiated with. Rust's own numbers stand for
//! CuTe's (`f32` is `float`); the types Rust lacks (`half_t`, `bfloat16_t`,
//! `tfloat32_t`, the FP8 types) are markers of their width.
//!
//! ```
//! use cute_algebra::atom::{ValueType, half_t};
//! assert_eq!(<half_t as ValueType>::NAME, "half_t");
//! assert_eq!(<f64 as ValueType>::BITS, 64);
//! ```

use typenum::Unsigned;

/// An element type: CuTe's name for it and `sizeof_bits<T>`.
pub trait ValueType: Copy + Default + 'static {
    /// CuTe's spelling (`float`, `half_t`, `uint128_t`).
    const NAME: &'static str;
    /// `sizeof_bits<T>` as a type.
    type Bits: Unsigned + typenum::NonZero + Default + Copy;
    /// `sizeof_bits<T>`.
    const BITS: u32 = <Self::Bits as Unsigned>::U32;
}

macro_rules! value_types {
    ($($(#[$doc:meta])* $T:ty => $name:literal, $Bits:ident;)*) => {$(
        $(#[$doc])*
        impl ValueType for $T {
            const NAME: &'static str = $name;
            type Bits = typenum::$Bits;
        }
    )*};
}

macro_rules! markers {
    ($($(#[$doc:meta])* $name:ident;)*) => {$(
        $(#[$doc])*
        #[allow(non_camel_case_types)]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct $name;
    )*};
}

markers! {
    /// CuTe's `half_t`: IEEE binary16 (a 16-bit marker; the layouts only need its width).
    half_t;
    /// CuTe's `bfloat16_t`.
    bfloat16_t;
    /// CuTe's `tfloat32_t` (stored in 32 bits).
    tfloat32_t;
    /// CuTe's `float_e4m3_t` (FP8).
    float_e4m3_t;
    /// CuTe's `float_e5m2_t` (FP8).
    float_e5m2_t;
}

value_types! {
    u8 => "uint8_t", U8;
    i8 => "int8_t", U8;
    u16 => "uint16_t", U16;
    i16 => "int16_t", U16;
    u32 => "uint32_t", U32;
    i32 => "int32_t", U32;
    f32 => "float", U32;
    u64 => "uint64_t", U64;
    i64 => "int64_t", U64;
    f64 => "double", U64;
    u128 => "uint128_t", U128;
    half_t => "half_t", U16;
    bfloat16_t => "bfloat16_t", U16;
    tfloat32_t => "tfloat32_t", U32;
    float_e4m3_t => "float_e4m3_t", U8;
    float_e5m2_t => "float_e5m2_t", U8;
}
