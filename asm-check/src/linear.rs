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

/// The hand-written terms: for each listed bit `k` of `x` that is set, XOR
/// its basis into the outputs (`m ^= 8`, ...).
macro_rules! xor_bits {
    ($x:expr; $($k:literal => {$($o:ident ^= $v:literal),*}),* $(,)?) => {
        $(if ($x >> $k) & 1 == 1 {
            $($o ^= $v;)*
        })*
    };
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
hand: {
    let (i, mut o) = (i as u32, 0u32);
    xor_bits!(i; 0 => {o ^= 64}, 1 => {o ^= 144}, 2 => {o ^= 288}, 3 => {o ^= 1}, 4 => {o ^= 2},
        5 => {o ^= 4}, 6 => {o ^= 8}, 7 => {o ^= 16}, 8 => {o ^= 32});
    o as i32
});

// The accumulator's (register, lane) -> (row, column), and back through its
// inverse: each input bit XORs its basis into the outputs.
pair!(lib_linear_acc, hand_linear_acc, (r, l),
lib: {
    let [m, n] = Acc.apply([r as u32, l as u32]);
    (m * 8 + n) as i32
},
hand: {
    let (r, l, mut m, mut n) = (r as u32, l as u32, 0u32, 0u32);
    xor_bits!(r; 0 => {n ^= 1}, 1 => {m ^= 8});
    xor_bits!(l; 2 => {m ^= 1}, 3 => {m ^= 2}, 4 => {m ^= 4});
    xor_bits!(l; 0 => {n ^= 2}, 1 => {n ^= 4});
    (m * 8 + n) as i32
});
pair!(lib_linear_acc_inv, hand_linear_acc_inv, (m, n),
lib: {
    let [r, l] = Acc.invert().apply([m as u32, n as u32]);
    (r * 32 + l) as i32
},
hand: {
    let (m, n, mut r, mut l) = (m as u32, n as u32, 0u32, 0u32);
    xor_bits!(m; 3 => {r ^= 2});
    xor_bits!(n; 0 => {r ^= 1});
    xor_bits!(m; 0 => {l ^= 4}, 1 => {l ^= 8}, 2 => {l ^= 16});
    xor_bits!(n; 1 => {l ^= 1}, 2 => {l ^= 2});
    (r * 32 + l) as i32
});

// A static input folds to the constant: register 1 of lane 1 is (0, 3).
static_pair!(lib_static_linear_acc, hand_static_linear_acc,
lib: {
    let [m, n] = Acc.apply([1, 1]);
    (m * 8 + n) as i32
},
hand: 3);
