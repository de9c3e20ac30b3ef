use cute_algebra::atom::*;
use cute_algebra::eval::eval;
use cute_algebra::prelude::*;
use cute_algebra::tensor::make_counting_tensor;

fn strip(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = String::new();
    for i in 0..b.len() {
        let next_num = b
            .get(i + 1)
            .is_some_and(|n| n.is_ascii_digit() || *n == b'-');
        let prev_ok = i == 0 || !b[i - 1].is_ascii_alphanumeric();
        if !(b[i] == b'_' && next_num && prev_ok) {
            out.push(b[i] as char);
        }
    }
    out
}

#[test]
fn scratch() {
    let mma = make_tiled_mma(
        SM80_16x8x16_F16F16F16F16_TN,
        layout![(2, 2, 1)],
        tile![32, 32, 16],
    );
    let m = "make_tiled_mma(MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, (2,2,1), (32,32,16))";
    for (typed, expr) in [
        (mma.to_string(), m.to_string()),
        (
            mma.get_layoutC_TV().to_string(),
            format!("get_layoutC_TV({m})"),
        ),
        (
            mma.get_layoutA_TV().to_string(),
            format!("get_layoutA_TV({m})"),
        ),
        (
            mma.get_layoutB_TV().to_string(),
            format!("get_layoutB_TV({m})"),
        ),
        (
            mma.get_slice(5)
                .partition_C(make_counting_tensor(layout![(128, 128) : (1, 128)]))
                .to_string(),
            format!("partition_C({m}, 5, tensor((128,128):(1,128)))"),
        ),
        (
            mma.get_slice(37)
                .partition_A(make_counting_tensor(layout![(128, 64) : (64, 1)]))
                .to_string(),
            format!("partition_A({m}, 37, tensor((128,64):(64,1)))"),
        ),
    ] {
        println!(
            "{typed}\n{}\n",
            eval(&expr)
                .map(|v| v.to_string())
                .unwrap_or_else(|e| e.to_string())
        );
    }
}
