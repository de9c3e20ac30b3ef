//! CUTLASS's `examples/cute/tutorial/sgemm_1.cu` in Rust, line for line,
//! run on the CPU and checked against a naive GEMM.
//!
//! `gemm_device` is the kernel: every CUDA block is one call, and inside
//! it every "thread" runs its part of each phase in turn, with a phase
//! boundary where the kernel has `__syncthreads()`: all threads copy
//! their part of the A and B tiles into shared memory, then all threads
//! accumulate from shared memory into their registers. Each thread's
//! registers (`tCrC`) live across the phases, as they do on the GPU.
//!
//! CuTe's kernel is a template over the layouts' types; here the body is a
//! macro instantiated with each configuration's layouts, so that every
//! layout stays a static type and every call resolves at compile time as
//! CuTe's does (a generic Rust function would have to spell a bound for
//! each operation it calls).
//!
//! Run with `cargo run --example sgemm_1 -- [M N K [N|T] [T|N]]`; M and N
//! must be multiples of 128 and K of 8, as the tutorial assumes.

use cute_algebra::prelude::*;
use cute_algebra::tensor::{
    axpby, copy, gemm, local_partition, local_partition_step, local_tile_step, make_tensor,
    make_tensor_like, make_tensor_mut,
};

/// `gemm_device(shape_MNK, cta_tiler, A, dA, sA_layout, tA, B, dB,
/// sB_layout, tB, C, dC, sC_layout, tC, alpha, beta)` for the block
/// `(bx, by)`.
macro_rules! gemm_device {
    (
        $shape_mnk:expr, $cta_tiler:expr,
        $a:expr, $d_a:expr, $s_a_layout:expr, $t_a:expr,
        $b:expr, $d_b:expr, $s_b_layout:expr, $t_b:expr,
        $c:expr, $d_c:expr, $s_c_layout:expr, $t_c:expr,
        $alpha:expr, $beta:expr, ($bx:expr, $by:expr)
    ) => {{
        let (shape_mnk, cta_tiler) = ($shape_mnk, $cta_tiler);
        let (s_a_layout, t_a, s_b_layout, t_b, t_c) = ($s_a_layout, $t_a, $s_b_layout, $t_b, $t_c);
        let _ = $s_c_layout;
        let (alpha, beta): (f32, f32) = ($alpha, $beta);
        // Preconditions: the thread layouts have one size, and divide the tile.
        let threads = t_c.size().value() as u32; // blockDim.x
        assert_eq!(t_a.size().value(), t_b.size().value()); // NumThreads
        assert_eq!(t_c.size().value(), t_a.size().value()); // NumThreads

        // Represent the full tensors
        let (m, n, k) = shape_mnk;
        let m_a = make_tensor($a, Layout::new(shape![m, k], $d_a)); // (M,K)
        let m_b = make_tensor($b, Layout::new(shape![n, k], $d_b)); // (N,K)
        let mut m_c = make_tensor_mut($c, Layout::new(shape![m, n], $d_c)); // (M,N)

        // Get the appropriate blocks for this thread block
        let (bx, by): (i32, i32) = ($bx, $by);
        let g_a = local_tile_step(m_a, cta_tiler, coord![bx, by, _], coord![1, _, 1]); // (BLK_M,BLK_K,k)
        let g_b = local_tile_step(m_b, cta_tiler, coord![bx, by, _], coord![_, 1, 1]); // (BLK_N,BLK_K,k)

        // Shared memory buffers
        let mut smem_a = vec![0.0f32; s_a_layout.cosize().value() as usize];
        let mut smem_b = vec![0.0f32; s_b_layout.cosize().value() as usize];

        // Allocate the accumulators of every thread -- same shape/layout as
        // the partitioned data -- and clear them
        let mut t_cr_c: Vec<_> = (0..threads)
            .map(|tid| {
                let g_c = local_tile_step(m_c.reborrow(), cta_tiler, coord![bx, by, _], coord![1, 1, _]); // (BLK_M,BLK_N)
                let t_cg_c = local_partition(g_c, t_c, tid); // (THR_M,THR_N)
                make_tensor_like(&t_cg_c)
            })
            .collect();

        let k_tile_max = local_partition(g_a, t_a, 0u32).layout().get::<2>().size().value();
        for k_tile in 0..k_tile_max {
            // Copy gmem to smem with tA|tB thread-partitioned tensors
            for tid in 0..threads {
                let t_ag_a = local_partition(g_a, t_a, tid); // (THR_M,THR_K,k)
                let mut t_as_a = local_partition(make_tensor_mut(&mut smem_a, s_a_layout), t_a, tid); // (THR_M,THR_K)
                let t_bg_b = local_partition(g_b, t_b, tid); // (THR_N,THR_K,k)
                let mut t_bs_b = local_partition(make_tensor_mut(&mut smem_b, s_b_layout), t_b, tid); // (THR_N,THR_K)
                copy(&t_ag_a.slice(coord![_, _, k_tile]), &mut t_as_a); // A   (THR_M,THR_K) -> (THR_M,THR_K)
                copy(&t_bg_b.slice(coord![_, _, k_tile]), &mut t_bs_b); // B   (THR_N,THR_K) -> (THR_N,THR_K)
            }
            // __syncthreads(): wait for all threads to write to smem

            // Compute gemm on tC thread-partitioned smem
            for tid in 0..threads {
                let t_cs_a = local_partition_step(make_tensor(&smem_a, s_a_layout), t_c, tid, coord![1, _]); // (THR_M,BLK_K)
                let t_cs_b = local_partition_step(make_tensor(&smem_b, s_b_layout), t_c, tid, coord![_, 1]); // (THR_N,BLK_K)
                gemm(&t_cs_a, &t_cs_b, &mut t_cr_c[tid as usize]); // (THR_M,THR_N) += (THR_M,BLK_K) * (THR_N,BLK_K)
            }
            // __syncthreads(): wait for all threads to read from smem
        }

        // Epilogue
        for tid in 0..threads {
            let g_c = local_tile_step(m_c.reborrow(), cta_tiler, coord![bx, by, _], coord![1, 1, _]); // (BLK_M,BLK_N)
            let mut t_cg_c = local_partition(g_c, t_c, tid); // (THR_M,THR_N)
            axpby(alpha, &t_cr_c[tid as usize], beta, &mut t_cg_c);
        }
    }};
}

/// Setup params for an NT GEMM: m-major smem sA, n-major smem sB, and
/// mn-major threads tA|tB.
fn gemm_nt(args: Gemm<'_>) {
    let (m, n, k, alpha, a, ld_a, b, ld_b, beta, c, ld_c) = args.parts();
    // Define NT strides (mixed)
    let d_a = stride![1, ld_a]; // (dM, dK)
    let d_b = stride![1, ld_b]; // (dN, dK)
    let d_c = stride![1, ld_c]; // (dM, dN)

    // Define CTA tile sizes (static)
    let (bm, bn, bk) = (int!(128), int!(128), int!(8));
    let cta_tiler = shape![bm, bn, bk]; // (BLK_M, BLK_N, BLK_K)

    // Define the smem layouts (static)
    let s_a = make_layout(shape![bm, bk]); // (m,k) -> smem_idx; m-major
    let s_b = make_layout(shape![bn, bk]); // (n,k) -> smem_idx; n-major
    let s_c = make_layout(shape![bm, bn]); // (m,n) -> smem_idx; m-major

    // Define the thread layouts (static)
    let t_a = make_layout(shape![32, 8]); // (m,k) -> thr_idx
    let t_b = make_layout(shape![32, 8]); // (n,k) -> thr_idx
    let t_c = make_layout(shape![16, 16]); // (m,n) -> thr_idx

    let (grid_m, grid_n) = ((m + 127) / 128, (n + 127) / 128);
    for bx in 0..grid_m {
        for by in 0..grid_n {
            gemm_device!(
                (m, n, k),
                cta_tiler,
                a,
                d_a,
                s_a,
                t_a,
                b,
                d_b,
                s_b,
                t_b,
                &mut *c,
                d_c,
                s_c,
                t_c,
                alpha,
                beta,
                (bx, by)
            );
        }
    }
}

/// Setup params for a TN GEMM: k-major smem sA and sB, and k-major
/// threads tA|tB.
fn gemm_tn(args: Gemm<'_>) {
    let (m, n, k, alpha, a, ld_a, b, ld_b, beta, c, ld_c) = args.parts();
    // Define TN strides (mixed)
    let d_a = stride![ld_a, 1]; // (dM, dK)
    let d_b = stride![ld_b, 1]; // (dN, dK)
    let d_c = stride![1, ld_c]; // (dM, dN)

    // Define CTA tile sizes (static)
    let (bm, bn, bk) = (int!(128), int!(128), int!(8));
    let cta_tiler = shape![bm, bn, bk]; // (BLK_M, BLK_N, BLK_K)

    // Define the smem layouts (static)
    let s_a = make_layout_right(shape![bm, bk]); // (m,k) -> smem_idx; k-major
    let s_b = make_layout_right(shape![bn, bk]); // (n,k) -> smem_idx; k-major
    let s_c = make_layout(shape![bm, bn]); // (m,n) -> smem_idx; m-major

    // Define the thread layouts (static)
    let t_a = make_layout_right(shape![32, 8]); // (m,k) -> thr_idx; k-major
    let t_b = make_layout_right(shape![32, 8]); // (n,k) -> thr_idx; k-major
    let t_c = make_layout(shape![16, 16]); // (m,n) -> thr_idx; m-major

    let (grid_m, grid_n) = ((m + 127) / 128, (n + 127) / 128);
    for bx in 0..grid_m {
        for by in 0..grid_n {
            gemm_device!(
                (m, n, k),
                cta_tiler,
                a,
                d_a,
                s_a,
                t_a,
                b,
                d_b,
                s_b,
                t_b,
                &mut *c,
                d_c,
                s_c,
                t_c,
                alpha,
                beta,
                (bx, by)
            );
        }
    }
}

#[path = "support/naive_gemm.rs"]
mod naive_gemm;
use naive_gemm::Gemm;

fn main() {
    naive_gemm::run("sgemm_1", gemm_nt, gemm_tn);
}
