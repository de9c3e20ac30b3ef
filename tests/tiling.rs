//! Divide and product examples (CuTe 4.7's results) and the tile-per-block workflow: a runtime `(M, N)` matrix
//! divided by a static `(BM, BN)` tile, then one block's tile sliced out.

use cute_algebra::eval::eval;
use cute_algebra::prelude::*;

#[test]
fn cute_examples() {
    let (m, n): (i32, i32) = (256, 512);
    let a = make_layout(shape![m, n]);
    assert_eq!(
        logical_divide(a, shape![128, 64]).to_string(),
        "((_128,2),(_64,8)):((_1,_128),(256,16384))"
    );
    assert_eq!(
        tiled_divide(a, shape![128, 64]).to_string(),
        "((_128,_64),2,8):((_1,256),_128,16384)"
    );
    let block = layout![(32, 8) : (1, 32)];
    let tiler = layout![(4, 1) : (1, 0)];
    assert_eq!(
        logical_product(block, tiler).to_string(),
        "((_32,_8),(_4,_1)):((_1,_32),(_256,_0))"
    );
    assert_eq!(
        raked_product(block, tiler).to_string(),
        "((_4,_32),(_1,_8)):((_256,_1),(_0,_32))"
    );
    assert_eq!(
        logical_divide(layout![(4, 2, 3) : (2, 1, 8)], layout![4 : 2]).to_string(),
        "((_2,_2),(_2,_3)):((_4,_1),(_2,_8))"
    );
    assert_eq!(
        zipped_divide(
            layout![(9, (4, 8)) : (59, (13, 1))],
            tile![3:3, (2,4):(1,8)]
        )
        .to_string(),
        "((_3,(_2,_4)),(_3,(_2,_2))):((_177,(_13,_2)),(_59,(_26,_1)))"
    );
}

#[test]
fn tile_per_block_workflow() {
    let (m, n): (i32, i32) = (256, 512);
    let (bx, by): (i32, i32) = (1, 3);
    let tiles = zipped_divide(make_layout(shape![m, n]), shape![128, 64]);
    assert_eq!(
        tiles.to_string(),
        "((_128,_64),(2,8)):((_1,256),(_128,16384))"
    );
    let (tile, offset) = tiles.slice_and_offset(coord![_, (bx, by)]);
    // The tile's shape stays static; its stride along N is the runtime M.
    assert_eq!(tile.to_string(), "((_128,_64)):((_1,256))");
    assert_eq!(offset, 49280);
    assert_eq!(
        eval("crd2idx(zipped_divide((256,512):(1,256), (128,64)), (0,(1,3)))")
            .unwrap()
            .to_string(),
        "49280"
    );
    // With a static matrix, everything is static: the tile is a type.
    let s = zipped_divide(layout![(256, 512) : (1, 256)], shape![128, 64]);
    let t: Layout![((128, 64)) : ((1, 256))] = s.slice(coord![_, (1, 3)]);
    assert_eq!(t.to_string(), "((_128,_64)):((_1,_256))");
    assert_eq!(core::mem::size_of_val(&s), 0);
}

/// `max_common_vector(a, b) = N` means: for every `n < N`, the index of
/// offset `n` in `b` is also mapped to `n` by `a` (CuTe's post-condition),
/// and `max_common_layout` has that size and maps into `b`'s domain. Each
/// expected `N` is also computed by brute force (the longest such run).
macro_rules! common_cases {
    ($($a:expr, $b:expr => $n:literal;)*) => {$(
        let (a, b) = ($a, $b);
        let v = max_common_vector(a, b).value();
        assert_eq!(v, $n, "{a} {b}");
        // Reference by brute force: the longest run n = 0, 1, … of offsets
        // that b reaches at an index where a gives the same offset.
        let size = a.size().value();
        let run = (0..)
            .take_while(|&n| (0..size).any(|i| b.crd2idx(i).value() == n && a.crd2idx(i).value() == n))
            .count() as i32;
        assert_eq!(v, run, "{a} {b}: brute force");
        let c = max_common_layout(a, b);
        assert_eq!(c.size().value(), v, "{a} {b}");
        for n in 0..v {
            let i = c.crd2idx(n).value();
            assert_eq!(b.crd2idx(i).value(), n, "{a} {b} n={n}");
            assert_eq!(a.crd2idx(i).value(), n, "{a} {b} n={n}");
        }
    )*};
}

#[test]
fn max_common_vector_and_layout() {
    common_cases! {
        layout![(4, 8) : (1, 4)], layout![(4, 8) : (1, 4)] => 32;
        layout![(4, 8) : (1, 4)], layout![(4, 8) : (1, 8)] => 4;
        layout![(4, 8) : (1, 4)], layout![(4, 8) : (8, 1)] => 1;
        layout![(8, 8) : (8, 1)], layout![(8, 8) : (8, 1)] => 64;
        layout![(2, 4, 8) : (1, 2, 16)], layout![(8, 8) : (1, 8)] => 8;
        layout![(2, 4, 8) : (1, 2, 8)], layout![(8, 8) : (1, 8)] => 64;
        layout![(4, 4) : (1, 4)], layout![((2, 2), 4) : ((1, 2), 4)] => 16;
    }
}

#[test]
fn ceil_div_is_the_rest_mode_of_logical_divide() {
    let (m, n): (i32, i32) = (1000, 500);
    assert_eq!(
        ceil_div(shape![m, n], shape![128, 64]).to_cute_string(),
        "(8,8)"
    );
    // A layout tile: the rest mode of logical_divide over the target.
    let grid = ceil_div(int!(24), layout![4 : 2]);
    let rest = logical_divide(layout![24 : 1], layout![4 : 2]).get::<1>();
    assert_eq!(grid.to_cute_string(), rest.shape().to_cute_string());
}

/// Cases where the typed and runtime paths once disagreed: CuTe's `zip`
/// lets its first operand decide the grouping, and CuTe 4.x sorts strides
/// with an unstable exchange sort. Both paths must give CuTe's answer.
#[test]
fn typed_and_runtime_agree_on_former_divergences() {
    use cute_algebra::eval::eval;
    let strip = |s: String| s.replace('_', "");
    let cases = [
        (
            strip(blocked_product(layout![((4, 4)) : ((1, 4))], layout![16 : 2]).to_string()),
            "blocked_product(((4,4)):((1,4)), 16:2)",
        ),
        (
            strip(raked_product(layout![((4, 4)) : ((1, 4))], layout![16 : 2]).to_string()),
            "raked_product(((4,4)):((1,4)), 16:2)",
        ),
        (
            strip(right_inverse(layout![(3, 5, 2) : (2, 2, 1)]).to_string()),
            "right_inverse((3,5,2):(2,2,1))",
        ),
        (
            strip(tile_to_shape(layout![4 : 1], shape![(8)]).to_string()),
            "tile_to_shape(4:1, (8))",
        ),
    ];
    for (typed, expr) in cases {
        assert_eq!(typed, eval(expr).unwrap().to_string(), "{expr}");
    }
}
