//! Identity tensors (`make_identity_tensor`) under the tensor operations.
//! Every expected string is the output of CuTe C++ 4.x for the same calls:
//! tests/data/cute/identity_tensor_ops.cpp (its output is quoted beside each
//! check). One deviation, documented on `TensorLayoutAt` for basis layouts:
//! `at(c)` gives the value with the components a stride reaches as runtime
//! integers, so a static coordinate prints `(2,3)` where CuTe prints `(_2,_3)`.
use cute_algebra::prelude::*;
use cute_algebra::tensor::{
    flat_divide, inner_partition, local_partition, local_tile, logical_divide,
    make_identity_tensor, outer_partition, tiled_divide, zipped_divide,
};

fn values<T: std::fmt::Display, I: Iterator<Item = T>>(it: I) -> String {
    it.map(|v| v.to_string()).collect::<Vec<_>>().join(" ")
}

#[test]
fn construction_and_at() {
    let id = make_identity_tensor(shape![4, 8]);
    // id48: ArithTuple(_0,_0) o (_4,_8):(_1@0,_1@1)
    assert_eq!(id.to_string(), "ArithTuple(_0,_0) o (_4,_8):(_1@0,_1@1)");
    let (i, j): (i32, i32) = (2, 3);
    // id48(2,3): (2,3)
    assert_eq!(id.at(coord![i, j]).to_string(), "(2,3)");
    // id48(_2,_3): (_2,_3) in CuTe; the same value with runtime components here.
    assert_eq!(id.at(coord![2, 3]).to_string(), "(2,3)");
    // id48(13): (1,3)
    assert_eq!(id.at(13).to_string(), "(1,3)");
    // id8: ArithTuple(_0) o (_8):(_1@0)
    assert_eq!(
        make_identity_tensor(shape![8]).to_string(),
        "ArithTuple(_0) o (_8):(_1@0)"
    );
    let id3 = make_identity_tensor(shape![2, 3, 4]);
    // id234: ArithTuple(_0,_0,_0) o (_2,_3,_4):(_1@0,_1@1,_1@2)
    assert_eq!(
        id3.to_string(),
        "ArithTuple(_0,_0,_0) o (_2,_3,_4):(_1@0,_1@1,_1@2)"
    );
    // id234(1,2,3): (1,2,3)
    assert_eq!(id3.at(coord![1, 2, 3]).to_string(), "(1,2,3)");
    assert_eq!(core::mem::size_of_val(&id3), 0);
}

#[test]
fn tile_then_partition() {
    let big = make_identity_tensor(shape![8, 64]);
    let tile = local_tile(big, shape![8, 2], coord![0, 24]);
    // tile: ArithTuple(_0,_48) o (_8,_2):(_1@0,_1@1)
    assert_eq!(tile.to_string(), "ArithTuple(_0,_48) o (_8,_2):(_1@0,_1@1)");
    // tile(3,1): (3,49)
    let (i, j): (i32, i32) = (3, 1);
    assert_eq!(tile.at(coord![i, j]).to_string(), "(3,49)");
    let t: i32 = 5;
    let part = local_partition(tile, layout![(4, 2) : (1, 4)], t);
    // part: ArithTuple(1,49) o (_2,_1):(_4@0,_0)
    assert_eq!(part.to_string(), "ArithTuple(1,49) o (_2,_1):(_4@0,_0)");
    // part values: (1,49) (5,49)
    assert_eq!(values(part.values()), "(1,49) (5,49)");
    let (bx, by): (i32, i32) = (1, 5);
    let rt = local_tile(big, shape![4, 8], coord![bx, by]);
    // rt: ArithTuple(4,40) o (_4,_8):(_1@0,_1@1)
    assert_eq!(rt.to_string(), "ArithTuple(4,40) o (_4,_8):(_1@0,_1@1)");
    assert_eq!(
        values(rt.values()),
        "(4,40) (5,40) (6,40) (7,40) (4,41) (5,41) (6,41) (7,41) (4,42) (5,42) (6,42) (7,42) (4,43) (5,43) (6,43) (7,43) (4,44) (5,44) (6,44) (7,44) (4,45) (5,45) (6,45) (7,45) (4,46) (5,46) (6,46) (7,46) (4,47) (5,47) (6,47) (7,47)"
    );
    let op = outer_partition(big, shape![4, 8], coord![1, 3]);
    // outer: ArithTuple(_1,_3) o (_2,_8):(_4@0,_8@1)
    assert_eq!(op.to_string(), "ArithTuple(_1,_3) o (_2,_8):(_4@0,_8@1)");
    assert_eq!(
        values(op.values()),
        "(1,3) (5,3) (1,11) (5,11) (1,19) (5,19) (1,27) (5,27) (1,35) (5,35) (1,43) (5,43) (1,51) (5,51) (1,59) (5,59)"
    );
    let (c0, c1): (i32, i32) = (1, 3);
    // inner: ArithTuple(4,24) o (_4,_8):(_1@0,_1@1)
    assert_eq!(
        inner_partition(big, shape![4, 8], coord![c0, c1]).to_string(),
        "ArithTuple(4,24) o (_4,_8):(_1@0,_1@1)"
    );
}

#[test]
fn slices() {
    let big = make_identity_tensor(shape![8, 64]);
    let five: i32 = 5;
    // slice: ArithTuple(_0,5) o (_8):(_1@0)
    assert_eq!(
        big.slice(coord![_, five]).to_string(),
        "ArithTuple(_0,5) o (_8):(_1@0)"
    );
    let three: i32 = 3;
    let s2 = big.slice(coord![three, _]);
    // slice2: ArithTuple(3,_0) o (_64):(_1@1)
    assert_eq!(s2.to_string(), "ArithTuple(3,_0) o (_64):(_1@1)");
    let expect: Vec<String> = (0..64).map(|j| format!("(3,{j})")).collect();
    // slice2 values: (3,0) (3,1) ... (3,63)
    assert_eq!(values(s2.values()), expect.join(" "));
}

#[test]
fn compose_and_divides() {
    let id = make_identity_tensor(shape![4, 8]);
    let comp = id.compose(layout![(2, 2) : (8, 1)]);
    // compose: ArithTuple(_0,_0) o (_2,_2):(_2@1,_1@0)
    assert_eq!(comp.to_string(), "ArithTuple(_0,_0) o (_2,_2):(_2@1,_1@0)");
    // compose values: (0,0) (0,2) (1,0) (1,2)
    assert_eq!(values(comp.values()), "(0,0) (0,2) (1,0) (1,2)");
    // logical_divide: ArithTuple(_0,_0) o ((_2,_2),(_4,_2)):((_1@0,_2@0),(_1@1,_4@1))
    assert_eq!(
        logical_divide(id, shape![2, 4]).to_string(),
        "ArithTuple(_0,_0) o ((_2,_2),(_4,_2)):((_1@0,_2@0),(_1@1,_4@1))"
    );
    // zipped_divide: ArithTuple(_0,_0) o ((_2,_4),(_2,_2)):((_1@0,_1@1),(_2@0,_4@1))
    assert_eq!(
        zipped_divide(id, shape![2, 4]).to_string(),
        "ArithTuple(_0,_0) o ((_2,_4),(_2,_2)):((_1@0,_1@1),(_2@0,_4@1))"
    );
    // tiled_divide: ArithTuple(_0,_0) o ((_2,_4),_2,_2):((_1@0,_1@1),_2@0,_4@1)
    assert_eq!(
        tiled_divide(id, shape![2, 4]).to_string(),
        "ArithTuple(_0,_0) o ((_2,_4),_2,_2):((_1@0,_1@1),_2@0,_4@1)"
    );
    // flat_divide: ArithTuple(_0,_0) o (_2,_4,_2,_2):(_1@0,_1@1,_2@0,_4@1)
    assert_eq!(
        flat_divide(id, shape![2, 4]).to_string(),
        "ArithTuple(_0,_0) o (_2,_4,_2,_2):(_1@0,_1@1,_2@0,_4@1)"
    );
}

#[test]
fn runtime_extent() {
    let (m, n): (i32, i32) = (100, 60);
    let dynid = make_identity_tensor(shape![m, n]);
    // dyn: ArithTuple(_0,_0) o (100,60):(_1@0,_1@1)
    assert_eq!(
        dynid.to_string(),
        "ArithTuple(_0,_0) o (100,60):(_1@0,_1@1)"
    );
    let (bx, by): (i32, i32) = (6, 7);
    let dt = local_tile(dynid, shape![16, 8], coord![bx, by]);
    // dyn tile: ArithTuple(96,56) o (_16,_8):(_1@0,_1@1)
    assert_eq!(dt.to_string(), "ArithTuple(96,56) o (_16,_8):(_1@0,_1@1)");
    // dyn tile(15,7): (111,63)
    let (i, j): (i32, i32) = (15, 7);
    assert_eq!(dt.at(coord![i, j]).to_string(), "(111,63)");
}

/// The runtime path (`dynamic::eval`) prints the typed results above with
/// the `_` markers dropped (the same CuTe outputs).
#[test]
fn runtime_path_prints_the_same() {
    use cute_algebra::eval::eval_line;
    for (expr, cute) in [
        (
            "identity_tensor((4,8))",
            "ArithTuple(_0,_0) o (_4,_8):(_1@0,_1@1)",
        ),
        ("identity_tensor((8))", "ArithTuple(_0) o (_8):(_1@0)"),
        ("crd2idx(identity_tensor((4,8)), (2,3))", "(2,3)"),
        ("crd2idx(identity_tensor((4,8)), 13)", "(1,3)"),
        ("crd2idx(identity_tensor((2,3,4)), (1,2,3))", "(1,2,3)"),
        (
            "local_tile(identity_tensor((8,64)), (8,2), (0,24))",
            "ArithTuple(_0,_48) o (_8,_2):(_1@0,_1@1)",
        ),
        (
            "local_partition(local_tile(identity_tensor((8,64)), (8,2), (0,24)), (4,2):(1,4), 5)",
            "ArithTuple(1,49) o (_2,_1):(_4@0,_0)",
        ),
        (
            "local_tile(identity_tensor((8,64)), (4,8), (1,5))",
            "ArithTuple(4,40) o (_4,_8):(_1@0,_1@1)",
        ),
        (
            "outer_partition(identity_tensor((8,64)), (4,8), (1,3))",
            "ArithTuple(_1,_3) o (_2,_8):(_4@0,_8@1)",
        ),
        (
            "inner_partition(identity_tensor((8,64)), (4,8), (1,3))",
            "ArithTuple(4,24) o (_4,_8):(_1@0,_1@1)",
        ),
        (
            "slice(identity_tensor((8,64)), (_,5))",
            "ArithTuple(_0,5) o (_8):(_1@0)",
        ),
        (
            "slice(identity_tensor((8,64)), (3,_))",
            "ArithTuple(3,_0) o (_64):(_1@1)",
        ),
        (
            "composition(identity_tensor((4,8)), (2,2):(8,1))",
            "ArithTuple(_0,_0) o (_2,_2):(_2@1,_1@0)",
        ),
        (
            "values(composition(identity_tensor((4,8)), (2,2):(8,1)))",
            "(0,0) (0,2) (1,0) (1,2)",
        ),
        (
            "logical_divide(identity_tensor((4,8)), (2,4))",
            "ArithTuple(_0,_0) o ((_2,_2),(_4,_2)):((_1@0,_2@0),(_1@1,_4@1))",
        ),
        (
            "zipped_divide(identity_tensor((4,8)), (2,4))",
            "ArithTuple(_0,_0) o ((_2,_4),(_2,_2)):((_1@0,_1@1),(_2@0,_4@1))",
        ),
        (
            "tiled_divide(identity_tensor((4,8)), (2,4))",
            "ArithTuple(_0,_0) o ((_2,_4),_2,_2):((_1@0,_1@1),_2@0,_4@1)",
        ),
        (
            "flat_divide(identity_tensor((4,8)), (2,4))",
            "ArithTuple(_0,_0) o (_2,_4,_2,_2):(_1@0,_1@1,_2@0,_4@1)",
        ),
        (
            "identity_tensor((100,60))",
            "ArithTuple(_0,_0) o (100,60):(_1@0,_1@1)",
        ),
        (
            "local_tile(identity_tensor((100,60)), (16,8), (6,7))",
            "ArithTuple(96,56) o (_16,_8):(_1@0,_1@1)",
        ),
        (
            "crd2idx(local_tile(identity_tensor((100,60)), (16,8), (6,7)), (15,7))",
            "(111,63)",
        ),
    ] {
        let stripped: String = {
            let b = cute.as_bytes();
            (0..b.len())
                .filter(|&i| {
                    !(b[i] == b'_'
                        && b.get(i + 1)
                            .is_some_and(|n| n.is_ascii_digit() || *n == b'-'))
                })
                .map(|i| b[i] as char)
                .collect()
        };
        assert_eq!(eval_line(expr), stripped, "{expr}");
    }
}

/// Bad input on the runtime path is an error, never a panic.
#[test]
fn runtime_refusals() {
    use cute_algebra::eval::eval_line;
    for expr in [
        "identity_tensor((0,4))",
        "identity_tensor(((2,2),4))",
        "identity_tensor((4,4):(1,4))",
        "local_tile(identity_tensor((8,8)), (0,2), (0,0))",
        "local_partition(identity_tensor((8,8)), (2,2):(0,0), 3)",
        "crd2idx(identity_tensor((4,4)), (1,2,3))",
        "slice(identity_tensor((4,4)), (1,2,3))",
        "local_tile(identity_tensor((8,8)), (2,2,2), (0,0))",
        "complement(identity_tensor((8,8)))",
        "recast(identity_tensor((8,8)), 8, 32)",
    ] {
        assert!(
            eval_line(expr).starts_with("error: "),
            "{expr}: {}",
            eval_line(expr)
        );
    }
}

#[test]
fn layout_tilers() {
    let id = make_identity_tensor(shape![8, 8]);
    let z = zipped_divide(id, tile![2:4, 4:2]);
    // zipped_divide by layouts: ArithTuple(_0,_0) o ((_2,_4),(_4,_2)):((_4@0,_2@1),(_1@0,_1@1))
    assert_eq!(
        z.to_string(),
        "ArithTuple(_0,_0) o ((_2,_4),(_4,_2)):((_4@0,_2@1),(_1@0,_1@1))"
    );
    // zipped_divide by layouts values: (1,0) (5,0) (1,2) (5,2) (1,4) (5,4) (1,6) (5,6)
    let (i, j): (i32, i32) = (1, 0);
    assert_eq!(
        values(z.slice(coord![_, (i, j)]).values()),
        "(1,0) (5,0) (1,2) (5,2) (1,4) (5,4) (1,6) (5,6)"
    );
    // logical_divide by 4:2: ArithTuple(_0,_0) o (_4,(_2,_8)):(_2@0,(_1@0,_1@1))
    assert_eq!(
        logical_divide(id, layout![4 : 2]).to_string(),
        "ArithTuple(_0,_0) o (_4,(_2,_8)):(_2@0,(_1@0,_1@1))"
    );
}
