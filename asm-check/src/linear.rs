//! Static linear layouts: `apply` is the XOR of the constant images of the
//! input's set bits, as a kernel author writes it from the bases by hand.
//! The bases are computed in `const` evaluation, so nothing of the table
//! is left at run time.

use cute_algebra::linear::{StaticLinear, ToLinear};
use cute_algebra::prelude::*;
use cute_algebra::swizzle::Swizzle;

cute_algebra::linear_layout! {
    /// SM80's 16x8 accumulator of `mma.m16n8k16`, in Triton's bases.
    struct Acc {
        register: [(0, 1), (8, 0)],
        lane: [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)],
    } -> { dim0: 16, dim1: 8 }
}

/// `x`'s bit `k` picks `img`: the hand-written term of one basis.
macro_rules! xor_bits {
    ($x:expr; $($k:literal => $img:literal),* $(,)?) => {{
        let x = $x;
        let mut r = 0u32;
        $(if (x >> $k) & 1 == 1 {
            r ^= $img;
        })*
        r
    }};
}

// The 128-byte-swizzled 8 x 64 tile Sw<3,4,3> o (8,64):(64,1) as a linear
// layout: index bits 0-2 go to rows (64, 128, 256, swizzled into 64, 144,
// 288), bits 3-8 to columns (1 .. 32).
pair!(lib_linear_sw343, hand_linear_sw343, (i),
lib: {
    let [v] = composition(Swizzle::<3, 4, 3>, layout![(8, 64) : (64, 1)])
        .to_linear()
        .apply([i as u32]);
    v as i32
},
hand: xor_bits!(i as u32 & 511; 0 => 64, 1 => 144, 2 => 288, 3 => 1, 4 => 2, 5 => 4, 6 => 8, 7 => 16, 8 => 32) as i32);

// The accumulator's (register, lane) -> (row, column), and back through its
// inverse: each output dimension the XOR of its own bases.
pair!(lib_linear_acc, hand_linear_acc, (r, l),
lib: {
    let [m, n] = Acc.apply([r as u32, l as u32]);
    (m * 8 + n) as i32
},
hand: {
    let (r, l) = (r as u32 & 3, l as u32 & 31);
    let m = xor_bits!(r; 1 => 8) ^ xor_bits!(l; 2 => 1, 3 => 2, 4 => 4);
    let n = xor_bits!(r; 0 => 1) ^ xor_bits!(l; 0 => 2, 1 => 4);
    (m * 8 + n) as i32
});
pair!(lib_linear_acc_inv, hand_linear_acc_inv, (m, n),
lib: {
    let [r, l] = Acc.invert().apply([m as u32, n as u32]);
    (r * 32 + l) as i32
},
hand: {
    let (m, n) = (m as u32 & 15, n as u32 & 7);
    let r = xor_bits!(n; 0 => 1) ^ xor_bits!(m; 3 => 2);
    let l = xor_bits!(n; 1 => 1, 2 => 2) ^ xor_bits!(m; 0 => 4, 1 => 8, 2 => 16);
    (r * 32 + l) as i32
});

// A static input folds to the constant: register 1 of lane 1 is (0, 3).
static_pair!(lib_static_linear_acc, hand_static_linear_acc,
lib: {
    let [m, n] = Acc.apply([1, 1]);
    (m * 8 + n) as i32
},
hand: 3);
