//! Assembly check (zero cost), run by `.ci/asm-check`.
//!
//! For each layout `K` there are two `#[inline(never)]` exported functions:
//! `lib_K` computes `l.crd2idx(c)` through the library, `hand_K` computes the
//! same expression written out by hand (C++-style truncating `/` and `%` on
//! `i32`, the semantics CuTe and this crate use). `.ci/asm-check` builds this
//! crate with `--emit asm` and requires the instruction sequences of each pair
//! to be identical. `lib_static_K` uses a static coordinate and must compile
//! to a constant; `hand_static_K` is that constant.
//!
//! Each pair lives in a `pair!` block so that a new layout is one entry.
#![no_std]
#![allow(
    missing_docs,
    clippy::identity_op,
    clippy::erasing_op,
    clippy::neg_multiply,
    clippy::precedence
)]

use cute_algebra::prelude::*;
use cute_algebra::swizzle::Swizzle;

mod atom;
mod tensor;

/// Defines `lib_K` (library) and `hand_K` (by hand) with the same signature.
macro_rules! pair {
    ($lib:ident, $hand:ident, ($($a:ident),*), lib: $l:expr, hand: $h:expr) => {
        #[inline(never)]
        #[unsafe(no_mangle)]
        pub extern "C" fn $lib($($a: i32),*) -> i32 {
            $l
        }
        #[inline(never)]
        #[unsafe(no_mangle)]
        pub extern "C" fn $hand($($a: i32),*) -> i32 {
            $h
        }
    };
}

// 1. Row-major (2,4):(4,1), flat coordinate.
pair!(lib_rm24, hand_rm24, (i, j),
    lib: layout![(2, 4) : (4, 1)].crd2idx(coord![i, j]).value(),
    hand: i * 4 + j * 1);

// 2. Column-major (8,8):(1,8), flat coordinate.
pair!(lib_cm88, hand_cm88, (i, j),
    lib: layout![(8, 8) : (1, 8)].crd2idx(coord![i, j]).value(),
    hand: i * 1 + j * 8);

// 3. Column-major (8,8):(1,8), integer coordinate split colexicographically.
pair!(lib_cm88_int, hand_cm88_int, (i),
    lib: layout![(8, 8) : (1, 8)].crd2idx(i).value(),
    hand: (i % 8) * 1 + (i / 8) * 8);

// 4. Nested ((2,4),(3,5)):((3,6),(1,24)), integer coordinates into tuple modes.
pair!(lib_nest2, hand_nest2, (i, j),
    lib: layout![((2, 4), (3, 5)) : ((3, 6), (1, 24))].crd2idx(coord![i, j]).value(),
    hand: ((i % 2) * 3 + (i / 2) * 6) + ((j % 3) * 1 + (j / 3) * 24));

// 5. Same nested layout, hierarchical coordinate.
pair!(lib_nest2_h, hand_nest2_h, (a, b, c, d),
    lib: layout![((2, 4), (3, 5)) : ((3, 6), (1, 24))].crd2idx(coord![(a, b), (c, d)]).value(),
    hand: (a * 3 + b * 6) + (c * 1 + d * 24));

// 6. Negative stride (4,8):(-1,4).
pair!(lib_neg, hand_neg, (i, j),
    lib: layout![(4, 8) : (-1, 4)].crd2idx(coord![i, j]).value(),
    hand: i * -1 + j * 4);

// 7. Stride 0 (broadcast) (4,8):(0,1): the static zero absorbs `i`.
pair!(lib_zero, hand_zero, (i, j),
    lib: layout![(4, 8) : (0, 1)].crd2idx(coord![i, j]).value(),
    hand: i * 0 + j * 1);

// 8. Divided layout, tile mode. CuTe: zipped_divide((128,128):(1,128), (32,8))
//    = ((32,8),(4,16)):((1,128),(32,1024)); its tile mode is (32,8):(1,128).
pair!(lib_div_tile, hand_div_tile, (i, j),
    lib: zipped_divide(layout![(128, 128) : (1, 128)], shape![32, 8]).get::<0>().crd2idx(coord![i, j]).value(),
    hand: i * 1 + j * 128);

// 9. The whole divided layout ((32,8),(4,16)):((1,128),(32,1024)), integer
//    coordinate per mode: (thread-in-tile, tile index).
pair!(lib_div, hand_div, (i, j),
    lib: zipped_divide(layout![(128, 128) : (1, 128)], shape![32, 8]).crd2idx(coord![i, j]).value(),
    hand: ((i % 32) * 1 + (i / 32) * 128) + ((j % 4) * 32 + (j / 4) * 1024));

// 10. Three levels of nesting (2,((2,3),4)):(1,((2,4),12)), integer coordinate
//     into the nested mode.
pair!(lib_nest3, hand_nest3, (i, j),
    lib: layout![(2, ((2, 3), 4)) : (1, ((2, 4), 12))].crd2idx(coord![i, j]).value(),
    hand: i * 1 + (((j % 6) % 2) * 2 + ((j % 6) / 2) * 4 + (j / 6) * 12));

// 11. Same, hierarchical coordinate.
pair!(lib_nest3_h, hand_nest3_h, (i, a, b, c),
    lib: layout![(2, ((2, 3), 4)) : (1, ((2, 4), 12))].crd2idx(coord![i, ((a, b), c)]).value(),
    hand: i * 1 + ((a * 2 + b * 4) + c * 12));

// 12. Rank 1: 8:2.
pair!(lib_r1, hand_r1, (i),
    lib: layout![8 : 2].crd2idx(i).value(),
    hand: i * 2);

// 13. Rank 4: (2,3,4,5):(60,20,5,1).
pair!(lib_r4, hand_r4, (i, j, k, l),
    lib: layout![(2, 3, 4, 5) : (60, 20, 5, 1)].crd2idx(coord![i, j, k, l]).value(),
    hand: i * 60 + (j * 20 + (k * 5 + l * 1)));

// 14. Runtime shape, static stride (n,4):(4,1), integer coordinate: `% n`, `/ n`.
pair!(lib_rt_shape, hand_rt_shape, (n, i),
    lib: layout![(n, 4) : (4, 1)].crd2idx(i).value(),
    hand: (i % n) * 4 + (i / n) * 1);

// 15. Runtime shape, static stride (n,4):(4,1), flat coordinate: the shape is unused.
pair!(lib_rt_shape2, hand_rt_shape2, (n, i, j),
    lib: { let _ = n; layout![(n, 4) : (4, 1)].crd2idx(coord![i, j]).value() },
    hand: { let _ = n; i * 4 + j * 1 });

// 16. Runtime leading dimension (m,n):(1,ld).
pair!(lib_rt_ld, hand_rt_ld, (m, n, ld, i, j),
    lib: layout![(m, n) : (1, ld)].crd2idx(coord![i, j]).value(),
    hand: { let _ = (m, n); i * 1 + j * ld });

// 17. idx2crd on a static compact layout (4,8):(8,1), packed into one i32.
pair!(lib_idx2crd, hand_idx2crd, (i),
lib: {
    let c = layout![(4, 8) : (8, 1)].idx2crd(i);
    c.head.value() * 1000 + c.tail.head.value()
},
hand: {
    let (r, c) = ((i / 8) % 4, (i / 1) % 8);
    r * 1000 + c
});

/// Static coordinates: `lib_static_K` must fold to `hand_static_K`'s constant.
macro_rules! static_pair {
    ($lib:ident, $hand:ident, lib: $l:expr, hand: $h:expr) => {
        #[inline(never)]
        #[unsafe(no_mangle)]
        pub extern "C" fn $lib() -> i32 {
            $l
        }
        #[inline(never)]
        #[unsafe(no_mangle)]
        pub extern "C" fn $hand() -> i32 {
            $h
        }
    };
}

static_pair!(lib_static_rm24, hand_static_rm24,
    lib: layout![(2, 4) : (4, 1)].crd2idx(coord![1, 3]).value(), hand: 7);
static_pair!(lib_static_cm88, hand_static_cm88,
    lib: layout![(8, 8) : (1, 8)].crd2idx(coord![5, 6]).value(), hand: 53);
static_pair!(lib_static_nest2, hand_static_nest2,
    lib: layout![((2, 4), (3, 5)) : ((3, 6), (1, 24))].crd2idx(coord![5, 7]).value(),
    hand: 3 + 2 * 6 + 1 + 2 * 24);
static_pair!(lib_static_neg, hand_static_neg,
    lib: layout![(4, 8) : (-1, 4)].crd2idx(coord![3, 2]).value(), hand: 5);
static_pair!(lib_static_zero, hand_static_zero,
    lib: layout![(4, 8) : (0, 1)].crd2idx(coord![3, 5]).value(), hand: 5);
static_pair!(lib_static_div, hand_static_div,
    lib: layout![((32, 8), (4, 16)) : ((1, 128), (32, 1024))].crd2idx(coord![37, 9]).value(),
    hand: 5 + 1 * 128 + 1 * 32 + 2 * 1024);
static_pair!(lib_static_nest3, hand_static_nest3,
    lib: layout![(2, ((2, 3), 4)) : (1, ((2, 4), 12))].crd2idx(coord![1, 17]).value(),
    hand: 1 + (1 * 2 + 2 * 4) + 2 * 12);
static_pair!(lib_static_r1, hand_static_r1,
    lib: layout![8 : 2].crd2idx(int!(5)).value(), hand: 10);
static_pair!(lib_static_r4, hand_static_r4,
    lib: layout![(2, 3, 4, 5) : (60, 20, 5, 1)].crd2idx(coord![1, 2, 3, 4]).value(),
    hand: 60 + 40 + 15 + 4);
static_pair!(lib_static_int, hand_static_int,
    lib: layout![(2, (2, 2)) : (4, (2, 1))].crd2idx(int!(5)).value(), hand: 5);

// Swizzled shared-memory tiles: `composition(Swizzle, layout)`
// with runtime coordinates is the layout's index math plus `and`, shift and
// `xor`, as a kernel author writes it by hand.
pair!(lib_sw343, hand_sw343, (i, j),
lib: composition(Swizzle::<3, 4, 3>, layout![(8, 64) : (64, 1)]).crd2idx(coord![i, j]),
hand: {
    let o = i * 64 + j;
    o ^ ((o >> 3) & 0x70)
});
pair!(lib_sw233, hand_sw233, (i, j),
lib: composition(Swizzle::<2, 3, 3>, layout![(64, 32) : (1, 64)]).crd2idx(coord![i, j]),
hand: {
    let o = i + j * 64;
    o ^ ((o >> 3) & 0x18)
});
static_pair!(lib_static_sw343, hand_static_sw343,
    lib: composition(Swizzle::<3, 4, 3>, layout![(8, 64) : (64, 1)]).crd2idx(coord![7, 3]).value(),
    hand: 499);

// Basis strides: an identity layout's value is the coordinate
// itself, so reading both components costs only the hand-written math.
pair!(lib_id88, hand_id88, (i, j),
    lib: {
        let c = cute_algebra::basis::make_identity_layout(shape![8, 8]).crd2idx(coord![i, j]);
        c.0.head * 1000 + c.0.tail.head
    },
    hand: i * 1000 + j);

// Predication at a tensor's edge: the tile-(bx, by) element (i, j) of an
// identity layout zipped-divided by (4, 8) is in bounds of an (m, n) tensor.
pair!(lib_id_pred, hand_id_pred, (i, j, bx, by, m, n),
lib: {
    let id = cute_algebra::basis::make_identity_layout(shape![64, 64]);
    let tiles = cute_algebra::basis::zipped_divide(id, shape![4, 8]);
    let c = tiles.crd2idx(coord![(i, j), (bx, by)]);
    (c.0.head < m) as i32 & (c.0.tail.head < n) as i32
},
hand: {
    let (r, c) = (i + bx * 4, j + by * 8);
    (r < m) as i32 & (c < n) as i32
});

// Static linear layouts (after the macros they use).
mod linear;
