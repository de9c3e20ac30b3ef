//! The driver the tutorial GEMM examples share: CUTLASS's `main` for
//! `sgemm_*.cu` (the CLI, random A and B, C = -1) and the check of the
//! result against a naive GEMM in `f64`.

/// The arguments of the tutorial's `gemm_nt` and `gemm_tn(m, n, k, alpha,
/// A, ldA, B, ldB, beta, C, ldC)`: column-major operands with their
/// leading dimensions.
pub struct Gemm<'a> {
    pub m: i32,
    pub n: i32,
    pub k: i32,
    pub alpha: f32,
    pub a: &'a [f32],
    pub ld_a: i32,
    pub b: &'a [f32],
    pub ld_b: i32,
    pub beta: f32,
    pub c: &'a mut [f32],
    pub ld_c: i32,
}

/// The fields in the tutorial's argument order, `(m, n, k, alpha, A, ldA,
/// B, ldB, beta, C, ldC)`.
type Parts<'a> = (
    i32,
    i32,
    i32,
    f32,
    &'a [f32],
    i32,
    &'a [f32],
    i32,
    f32,
    &'a mut [f32],
    i32,
);

impl<'a> Gemm<'a> {
    /// The arguments, in the tutorial's order.
    pub fn parts(self) -> Parts<'a> {
        let Gemm {
            m,
            n,
            k,
            alpha,
            a,
            ld_a,
            b,
            ld_b,
            beta,
            c,
            ld_c,
        } = self;
        (m, n, k, alpha, a, ld_a, b, ld_b, beta, c, ld_c)
    }
}

/// `C = alpha * A^transA * B^transB + beta * C` in `f64`, column-major, as
/// the reference (`g.c` is C before the GEMM).
fn naive(trans_a: char, trans_b: char, g: &Gemm<'_>) -> Vec<f64> {
    let Gemm {
        m,
        n,
        k,
        alpha,
        a,
        ld_a,
        b,
        ld_b,
        beta,
        ref c,
        ..
    } = *g;
    let at = |i: i32, l: i32| {
        if trans_a == 'N' {
            a[(i + l * ld_a) as usize]
        } else {
            a[(l + i * ld_a) as usize]
        }
    };
    let bt = |j: i32, l: i32| {
        if trans_b == 'T' {
            b[(j + l * ld_b) as usize]
        } else {
            b[(l + j * ld_b) as usize]
        }
    };
    let mut out = vec![0.0f64; (m * n) as usize];
    for j in 0..n {
        for i in 0..m {
            let s: f64 = (0..k).map(|l| at(i, l) as f64 * bt(j, l) as f64).sum();
            out[(i + j * m) as usize] =
                alpha as f64 * s + beta as f64 * c[(i + j * m) as usize] as f64;
        }
    }
    out
}

/// Parses `[M N K [N|T] [T|N]]`, runs `gemm_nt` (NT) or `gemm_tn` (TN), as
/// the tutorial's `gemm` dispatches, and checks the result against
/// [`naive`]; panics (a non-zero exit) when an element is out of bounds.
pub fn run(name: &str, gemm_nt: fn(Gemm<'_>), gemm_tn: fn(Gemm<'_>)) {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let num = |i: usize, d: i32| args.get(i).and_then(|s| s.parse().ok()).unwrap_or(d);
    let (m, n, k) = (num(0, 256), num(1, 256), num(2, 64));
    let ch = |i: usize, d: char| args.get(i).and_then(|s| s.chars().next()).unwrap_or(d);
    let (trans_a, trans_b) = (ch(3, 'N'), ch(4, 'T'));
    assert!(
        m > 0 && n > 0 && k > 0 && m % 128 == 0 && n % 128 == 0 && k % 8 == 0,
        "M, N multiples of 128, K of 8"
    );
    println!("M = {m}\nN = {n}\nK = {k}\nC = A^{trans_a} B^{trans_b}");

    // Uniform in [-1, 1], from a fixed seed.
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut rand = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0
    };
    let h_a: Vec<f32> = (0..m * k).map(|_| rand() as f32).collect();
    let h_b: Vec<f32> = (0..n * k).map(|_| rand() as f32).collect();
    let h_c: Vec<f32> = vec![-1.0; (m * n) as usize];
    let (alpha, beta) = (1.0f32, 0.0f32);

    let ld_a = if trans_a == 'N' { m } else { k };
    let ld_b = if trans_b == 'N' { k } else { n };
    let ld_c = m;
    let mut d_c = h_c.clone();
    let gemm = match (trans_a, trans_b) {
        ('N', 'T') => gemm_nt,
        ('T', 'N') => gemm_tn,
        _ => panic!("Not implemented: only NT and TN, as the tutorial"),
    };
    let args = Gemm {
        m,
        n,
        k,
        alpha,
        a: &h_a,
        ld_a,
        b: &h_b,
        ld_b,
        beta,
        c: &mut d_c,
        ld_c,
    };
    let want = naive(trans_a, trans_b, &args);
    gemm(args);
    // Each element sums k products of values in [-1, 1] in f32, in an
    // order other than the reference's: within k * 2^-23 of the f64 sum.
    let bound = k as f64 * f32::EPSILON as f64;
    let worst = d_c
        .iter()
        .zip(&want)
        .map(|(&g, &w)| (g as f64 - w).abs())
        .fold(0.0, f64::max);
    println!("max |C - C_ref| = {worst:.3e} (bound {bound:.3e})");
    assert!(worst <= bound, "{name} differs from the naive GEMM");
    println!("CUTE_GEMM on the CPU: every element within the bound");
}
