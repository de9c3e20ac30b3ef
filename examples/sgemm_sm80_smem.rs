//! The shared-memory GEMM of CUTLASS's
//! `examples/cute/tutorial/sgemm_sm80.cu` (its FP32 `gemm_nt` and
//! `gemm_tn`) in Rust, line for line, run on the CPU and checked against
//! a naive GEMM.
//!
//! `gemm_device` is the kernel body, as in `examples/sgemm_1.rs`: every
//! CUDA block is one call, and every "thread" runs its part of each phase
//! in turn. The tutorial's threads synchronize only at `__syncthreads()`,
//! so running all threads through one `k_block` before the next is one of
//! the orders a GPU may run them in; the pipeline's state (`k_tile_count`,
//! `k_tile_next`, `smem_pipe_read`, `smem_pipe_write`) is the same in every
//! thread and is kept once. Each thread's registers (`tCrA`, `tCrB`, `tCrC`)
//! live across the phases, as they do on the GPU. `cp.async` writes shared
//! memory at once here: the tutorial waits for it (`cp_async_wait`) before
//! any thread reads the pipe it wrote, so the values read are the same.
//!
//! The copies go through the tutorial's `TiledCopy`s: the global-to-shared
//! copies partition with `partition_S/D` of `copyA|B`, and the
//! shared-to-register copies with `make_tiled_copy_A|B` of the MMA,
//! `partition_S` of shared memory and `retile_D` of the MMA's register
//! fragments (`partition_fragment_A|B`). The MMA is `UniversalFMA`, so
//! CuTe's `gemm(mma, A, B, C)` is the fragment GEMM `gemm(A, B, C)`.
//!
//! Run with `cargo run --example sgemm_sm80_smem -- [M N K [N|T] [T|N]]`;
//! M and N must be multiples of 128 and K of 8, as the tutorial assumes.

use cute_algebra::atom::{
    CopyAtom, DefaultCopy, SM80_CP_ASYNC_CACHEALWAYS, UniversalFMA, make_tiled_copy,
    make_tiled_copy_A, make_tiled_copy_B, make_tiled_mma,
};
use cute_algebra::prelude::*;
use cute_algebra::tensor::{
    axpby, clear, copy, gemm, local_tile_step, make_tensor, make_tensor_mut,
};

/// `gemm_device(shape_MNK, cta_tiler, A, dA, sA_layout, copy_a, s2r_atom_a,
/// B, dB, sB_layout, copy_b, s2r_atom_b, C, dC, sC_layout, mma, alpha,
/// beta)` launched over the blocks of `grid` (`dimGrid`), one after another.
macro_rules! gemm_device {
    (
        grid $grid:expr;
        $shape_mnk:expr, $cta_tiler:expr,
        $a:expr, $d_a:expr, $s_a_layout:expr, $copy_a:expr, $s2r_atom_a:expr,
        $b:expr, $d_b:expr, $s_b_layout:expr, $copy_b:expr, $s2r_atom_b:expr,
        $c:expr, $d_c:expr, $s_c_layout:expr, $mma:expr,
        $alpha:expr, $beta:expr
    ) => {{
        let grid: (i32, i32) = $grid; // dimGrid
        for bx in 0..grid.0 {
            for by in 0..grid.1 {
                let (shape_mnk, cta_tiler) = ($shape_mnk, $cta_tiler);
                let (s_a_layout, copy_a, s2r_atom_a) = ($s_a_layout, $copy_a, $s2r_atom_a);
                let (s_b_layout, copy_b, s2r_atom_b) = ($s_b_layout, $copy_b, $s2r_atom_b);
                let (s_c_layout, mma) = ($s_c_layout, $mma);
                let (alpha, beta): (f32, f32) = ($alpha, $beta);
                let threads = mma.size().value(); // blockDim.x

                // Preconditions
                assert_eq!(copy_a.layout_tv().size_of::<0>().value(), threads); // NumThreads
                assert_eq!(copy_b.layout_tv().size_of::<0>().value(), threads); // NumThreads
                assert_eq!(s_a_layout.size_of::<0>().value(), cta_tiler.get::<0>().value()); // BLK_M
                assert_eq!(s_c_layout.size_of::<0>().value(), cta_tiler.get::<0>().value()); // BLK_M
                assert_eq!(s_b_layout.size_of::<0>().value(), cta_tiler.get::<1>().value()); // BLK_N
                assert_eq!(s_c_layout.size_of::<1>().value(), cta_tiler.get::<1>().value()); // BLK_N
                assert_eq!(s_a_layout.size_of::<1>().value(), cta_tiler.get::<2>().value()); // BLK_K
                assert_eq!(s_b_layout.size_of::<1>().value(), cta_tiler.get::<2>().value()); // BLK_K

                //
                // Full and Tiled Tensors
                //

                // Represent the full tensors
                let (m, n, k) = shape_mnk;
                let m_a = make_tensor($a, Layout::new(shape![m, k], $d_a)); // (M,K)
                let m_b = make_tensor($b, Layout::new(shape![n, k], $d_b)); // (N,K)
                let mut m_c = make_tensor_mut(&mut *$c, Layout::new(shape![m, n], $d_c)); // (M,N)

                // Get the appropriate blocks for this thread block
                                let g_a = local_tile_step(m_a, cta_tiler, coord![bx, by, _], coord![1, _, 1]); // (BLK_M,BLK_K,k)
                let g_b = local_tile_step(m_b, cta_tiler, coord![bx, by, _], coord![_, 1, 1]); // (BLK_N,BLK_K,k)
                macro_rules! g_c {
                    () => {
                        local_tile_step(m_c.reborrow(), cta_tiler, coord![bx, by, _], coord![1, 1, _]) // (BLK_M,BLK_N)
                    };
                }

                // Shared memory buffers
                let mut smem_a = vec![0.0f32; s_a_layout.cosize().value() as usize];
                let mut smem_b = vec![0.0f32; s_b_layout.cosize().value() as usize];
                // Tensor sA = make_tensor(make_smem_ptr(smem.A.begin()), sA_layout); // (BLK_M,BLK_K,PIPE)
                // Tensor sB = make_tensor(make_smem_ptr(smem.B.begin()), sB_layout); // (BLK_N,BLK_K,PIPE)

                //
                // Partition the copying of A and B tiles across the threads
                //

                // ThrCopy thr_copy_a = copy_a.get_slice(threadIdx.x);
                // Tensor tAgA = thr_copy_a.partition_S(gA);  // (CPY,CPY_M,CPY_K,k)
                // Tensor tAsA = thr_copy_a.partition_D(sA);  // (CPY,CPY_M,CPY_K,PIPE)
                // and the same for B: one thread's copy of the k-tile `k_tile` into
                // the pipe `pipe`, `copy(copy_a, tAgA(_,_,_,k_tile), tAsA(_,_,_,pipe))`.
                let g2s = |tid: i32, k_tile: i32, pipe: i32, smem_a: &mut [f32], smem_b: &mut [f32]| {
                    let thr_copy_a = copy_a.get_slice(tid);
                    let t_ag_a = thr_copy_a.partition_S(g_a); // (CPY,CPY_M,CPY_K,k)
                    let t_as_a = thr_copy_a.partition_D(make_tensor_mut(smem_a, s_a_layout)); // (CPY,CPY_M,CPY_K,PIPE)
                    let thr_copy_b = copy_b.get_slice(tid);
                    let t_bg_b = thr_copy_b.partition_S(g_b); // (CPY,CPY_N,CPY_K,k)
                    let t_bs_b = thr_copy_b.partition_D(make_tensor_mut(smem_b, s_b_layout)); // (CPY,CPY_N,CPY_K,PIPE)
                    assert_eq!(t_ag_a.size_of::<1>().value(), t_as_a.size_of::<1>().value()); // CPY_M
                    assert_eq!(t_ag_a.size_of::<2>().value(), t_as_a.size_of::<2>().value()); // CPY_K
                    assert_eq!(t_bg_b.size_of::<1>().value(), t_bs_b.size_of::<1>().value()); // CPY_N
                    assert_eq!(t_bg_b.size_of::<2>().value(), t_bs_b.size_of::<2>().value()); // CPY_K
                    copy(&t_ag_a.slice(coord![_, _, _, k_tile]), &mut t_as_a.slice(coord![_, _, _, pipe]));
                    copy(&t_bg_b.slice(coord![_, _, _, k_tile]), &mut t_bs_b.slice(coord![_, _, _, pipe]));
                };

                //
                // PREFETCH
                //

                let k_pipe_max = s_a_layout.size_of::<2>().value(); // K_PIPE_MAX = size<3>(tAsA)

                // Total count of tiles
                let mut k_tile_count = g_a.size_of::<2>().value(); // size<3>(tAgA)
                // Current tile index in gmem to read from
                let mut k_tile_next = 0;

                // Start async loads for all pipes but the last
                for k_pipe in 0..k_pipe_max - 1 {
                    for tid in 0..threads {
                        g2s(tid, k_tile_next, k_pipe, &mut smem_a, &mut smem_b);
                    }
                    // cp_async_fence();
                    k_tile_count -= 1;
                    if k_tile_count > 0 {
                        k_tile_next += 1;
                    }
                }

                //
                // Define A/B partitioning and C accumulators
                //

                // Allocate registers for pipelining, and the accumulators -- same
                // size as the projected data -- for every thread
                let mut t_cr_a: Vec<_> = (0..threads)
                    .map(|tid| {
                        let thr_mma = mma.get_slice(tid);
                        thr_mma.partition_fragment_A::<f32, _, _>(make_tensor(&smem_a, s_a_layout).slice(coord![_, _, 0])) // (MMA,MMA_M,MMA_K)
                    })
                    .collect();
                let mut t_cr_b: Vec<_> = (0..threads)
                    .map(|tid| {
                        let thr_mma = mma.get_slice(tid);
                        thr_mma.partition_fragment_B::<f32, _, _>(make_tensor(&smem_b, s_b_layout).slice(coord![_, _, 0])) // (MMA,MMA_N,MMA_K)
                    })
                    .collect();
                let mut t_cr_c: Vec<_> = (0..threads)
                    .map(|tid| {
                        let thr_mma = mma.get_slice(tid);
                        let t_cg_c = thr_mma.partition_C(g_c!()); // (MMA,MMA_M,MMA_N)
                        assert_eq!(t_cg_c.size_of::<1>().value(), t_cr_a[tid as usize].size_of::<1>().value()); // MMA_M
                        assert_eq!(t_cg_c.size_of::<2>().value(), t_cr_b[tid as usize].size_of::<1>().value()); // MMA_N
                        let t_cg_c_shape = t_cg_c.layout().shape();
                        // thr_mma.make_fragment_C(tCgC): partition_fragment_C(gC) is the same fragment
                        let mut t_cr_c = thr_mma.partition_fragment_C::<f32, _, _>(g_c!()); // (MMA,MMA_M,MMA_N)
                        assert_eq!(t_cr_c.layout().shape(), t_cg_c_shape); // (MMA,MMA_M,MMA_N)
                        // Clear the accumulators
                        clear(&mut t_cr_c.view_mut());
                        t_cr_c
                    })
                    .collect();

                //
                // Copy Atom retiling
                //

                let s2r_copy_a = make_tiled_copy_A(s2r_atom_a, mma);
                let s2r_copy_b = make_tiled_copy_B(s2r_atom_b, mma);
                // ThrCopy s2r_thr_copy_a = s2r_copy_a.get_slice(threadIdx.x);
                // Tensor tXsA = s2r_thr_copy_a.partition_S(sA);  // (CPY,MMA_M,MMA_K,PIPE)
                // Tensor tXrA = s2r_thr_copy_a.retile_D(tCrA);   // (CPY,MMA_M,MMA_K)
                // and the same for B: one thread's copy of the k-block `k_block` of
                // the pipe `pipe` into its registers, `copy(s2r_atom_a,
                // tXsA_p(_,_,k_block), tXrA(_,_,k_block))` with `tXsA_p = tXsA(_,_,_,pipe)`.
                macro_rules! s2r {
                    ($tid:expr, $pipe:expr, $k_block:expr) => {{
                        let (tid, pipe, k_block): (i32, i32, i32) = ($tid, $pipe, $k_block);
                        let s2r_thr_copy_a = s2r_copy_a.get_slice(tid);
                        let t_xs_a = s2r_thr_copy_a.partition_S(make_tensor(&smem_a, s_a_layout)); // (CPY,MMA_M,MMA_K,PIPE)
                        let t_xr_a = s2r_thr_copy_a.retile_D(t_cr_a[tid as usize].view_mut()); // (CPY,MMA_M,MMA_K)
                        let s2r_thr_copy_b = s2r_copy_b.get_slice(tid);
                        let t_xs_b = s2r_thr_copy_b.partition_S(make_tensor(&smem_b, s_b_layout)); // (CPY,MMA_N,MMA_K,PIPE)
                        let t_xr_b = s2r_thr_copy_b.retile_D(t_cr_b[tid as usize].view_mut()); // (CPY,MMA_N,MMA_K)
                        let t_xs_a_p = t_xs_a.slice(coord![_, _, _, pipe]);
                        let t_xs_b_p = t_xs_b.slice(coord![_, _, _, pipe]);
                        copy(&t_xs_a_p.slice(coord![_, _, k_block]), &mut t_xr_a.slice(coord![_, _, k_block]));
                        copy(&t_xs_b_p.slice(coord![_, _, k_block]), &mut t_xr_b.slice(coord![_, _, k_block]));
                    }};
                }

                // Current pipe index in smem to read from
                let mut smem_pipe_read = 0;
                // Current pipe index in smem to write to
                let mut smem_pipe_write = k_pipe_max - 1;

                // Pipe slice: the pipe `tXsA_p = tXsA(_,_,_,smem_pipe_read)` reads from
                let mut pipe_p = smem_pipe_read;

                // Size of the register pipeline
                let k_block_max = t_cr_a[0].size_of::<2>().value(); // K_BLOCK_MAX = size<2>(tCrA)

                // PREFETCH register pipeline
                if k_block_max > 1 {
                    // cp_async_wait<K_PIPE_MAX-2>(); __syncthreads();
                    // Prefetch the first rmem from the first k-tile
                    for tid in 0..threads {
                        s2r!(tid, pipe_p, 0);
                    }
                }

                //
                // PIPELINED MAIN LOOP
                //

                while k_tile_count > -(k_pipe_max - 1) {
                    for k_block in 0..k_block_max {
                        if k_block == k_block_max - 1 {
                            // Slice the smem_pipe_read smem
                            pipe_p = smem_pipe_read;
                            // Commit the smem for smem_pipe_read:
                            // cp_async_wait<K_PIPE_MAX-2>(); __syncthreads();
                        }
                        for tid in 0..threads {
                            // Load A, B shmem->regs for k_block+1
                            let k_block_next = (k_block + 1) % k_block_max;
                            s2r!(tid, pipe_p, k_block_next);
                            // Copy gmem to smem before computing gemm on each k-pipe
                            if k_block == 0 {
                                g2s(tid, k_tile_next, smem_pipe_write, &mut smem_a, &mut smem_b);
                                // cp_async_fence();
                            }
                            // Thread-level register gemm for k_block:
                            // gemm(mma, tCrA(_,_,k_block), tCrB(_,_,k_block), tCrC);
                            let t = tid as usize;
                            gemm(
                                &t_cr_a[t].view().slice(coord![_, _, k_block]),
                                &t_cr_b[t].view().slice(coord![_, _, k_block]),
                                &mut t_cr_c[t].view_mut(),
                            );
                        }
                        if k_block == 0 {
                            // Advance the gmem tile
                            k_tile_count -= 1;
                            if k_tile_count > 0 {
                                k_tile_next += 1;
                            }
                            // Advance the smem pipe
                            smem_pipe_write = smem_pipe_read;
                            smem_pipe_read = if smem_pipe_read == k_pipe_max - 1 { 0 } else { smem_pipe_read + 1 };
                        }
                    }
                }

                //
                // Epilogue
                //

                for tid in 0..threads {
                    let thr_mma = mma.get_slice(tid);
                    let mut t_cg_c = thr_mma.partition_C(g_c!()); // (MMA,MMA_M,MMA_N)
                    axpby(alpha, &t_cr_c[tid as usize].view(), beta, &mut t_cg_c);
                }
            }
        }
    }};
}

/// The rest of both FP32 setups: the 16x16x1 `UniversalFMA` TiledMMA, the
/// shared-to-register atom, and the launch over `dimGrid`.
macro_rules! launch_fp32 {
    (
        $m:expr, $n:expr, $k:expr, $cta_tiler:expr,
        $a:expr, $d_a:expr, $s_a:expr, $copy_a:expr,
        $b:expr, $d_b:expr, $s_b:expr, $copy_b:expr,
        $c:expr, $d_c:expr, $s_c:expr, $alpha:expr, $beta:expr
    ) => {{
        // TiledMMA mmaC = make_tiled_mma(UniversalFMA<TC,TA,TB>{}, Layout<Shape<_16,_16,_1>>{}); // 16x16x1 TiledMMA
        let mma_c = make_tiled_mma(UniversalFMA::<f32, f32, f32>::default(), layout![(16, 16, 1)], Underscore);
        // Copy_Atom<AutoVectorizingCopy, TA>: its layouts are DefaultCopy's
        // (one thread, one value); the two differ only in assumed alignment.
        let s2r_atom = CopyAtom::<DefaultCopy, f32>::default();
        let (m, n): (i32, i32) = ($m, $n);
        let dim_grid = ((m + 127) / 128, (n + 127) / 128); // (ceil_div(M, bM), ceil_div(N, bN))
        gemm_device! {
            grid dim_grid;
            (m, n, $k), $cta_tiler,
            $a, $d_a, $s_a, $copy_a, s2r_atom, $b, $d_b, $s_b, $copy_b, s2r_atom,
            $c, $d_c, $s_c, mma_c, $alpha, $beta
        }
    }};
}

/// Setup params for an NT GEMM: m-major smem sA, n-major smem sB,
/// m-major 128-bit `cp.async` copies and a 16x16 FMA MMA.
fn gemm_nt(args: Gemm<'_>) {
    let (m, n, k, alpha, a, ld_a, b, ld_b, beta, c, ld_c) = args.parts();
    // Define NT strides (mixed)
    let d_a = stride![1, ld_a]; // (dM, dK)
    let d_b = stride![1, ld_b]; // (dN, dK)
    let d_c = stride![1, ld_c]; // (dM, dN)

    // Define CTA tile sizes (static)
    let (bm, bn, bk) = (int!(128), int!(128), int!(8));
    let cta_tiler = shape![bm, bn, bk]; // (BLK_M, BLK_N, BLK_K)
    let bp = int!(3); // Pipeline

    // Define the smem layouts (static)
    let s_a = make_layout(shape![bm, bk, bp]); // (m,k,p) -> smem_idx; m-major
    let s_b = make_layout(shape![bn, bk, bp]); // (n,k,p) -> smem_idx; n-major
    let s_c = make_layout(shape![bm, bn]); // (m,n) -> smem_idx; m-major

    // Define the thread layouts (static)
    let g2s_atom = CopyAtom::<SM80_CP_ASYNC_CACHEALWAYS<u128>, f32>::default();
    let copy_a = make_tiled_copy(g2s_atom, layout![(32, 8)], layout![(4, 1)]); // Thr 32x8, Val 4x1: m-major
    let copy_b = make_tiled_copy(g2s_atom, layout![(32, 8)], layout![(4, 1)]); // Thr 32x8, Val 4x1: n-major

    launch_fp32!(
        m, n, k, cta_tiler, a, d_a, s_a, copy_a, b, d_b, s_b, copy_b, c, d_c, s_c, alpha, beta
    );
}

/// Setup params for a TN GEMM: padded m-major (and n-major) smem,
/// k-major 32-bit `cp.async` copies and a 16x16 FMA MMA.
fn gemm_tn(args: Gemm<'_>) {
    let (m, n, k, alpha, a, ld_a, b, ld_b, beta, c, ld_c) = args.parts();
    // Define TN strides (mixed)
    let d_a = stride![ld_a, 1]; // (dM, dK)
    let d_b = stride![ld_b, 1]; // (dN, dK)
    let d_c = stride![1, ld_c]; // (dM, dN)

    // Define CTA tile sizes (static)
    let (bm, bn, bk) = (int!(128), int!(128), int!(8));
    let cta_tiler = shape![bm, bn, bk]; // (BLK_M, BLK_N, BLK_K)
    let bp = int!(3); // Pipeline

    // Define the smem layouts (static)
    let s_a_atom = layout![(128, 8) : (1, 129)]; // (m,k) -> smem_idx; padded m-major: stride bM+1
    let _s_b_atom = layout![(128, 8) : (1, 129)]; // (n,k) -> smem_idx; padded n-major: stride bN+1
    let s_a = tile_to_shape(s_a_atom, shape![bm, bk, bp]);
    let s_b = tile_to_shape(s_a_atom, shape![bn, bk, bp]);
    let s_c = make_layout(shape![bm, bn]); // (m,n) -> smem_idx

    // Define the thread layouts (static)
    let g2s_atom = CopyAtom::<SM80_CP_ASYNC_CACHEALWAYS<f32>, f32>::default();
    let copy_a = make_tiled_copy(g2s_atom, layout![(32, 8) : (8, 1)], layout![(1, 1)]); // Thr 32x8 k-major, Val 1x1
    let copy_b = make_tiled_copy(g2s_atom, layout![(32, 8) : (8, 1)], layout![(1, 1)]); // Thr 32x8 k-major, Val 1x1

    launch_fp32!(
        m, n, k, cta_tiler, a, d_a, s_a, copy_a, b, d_b, s_b, copy_b, c, d_c, s_c, alpha, beta
    );
}

#[path = "support/naive_gemm.rs"]
mod naive_gemm;
use naive_gemm::Gemm;

fn main() {
    naive_gemm::run("sgemm_sm80_smem", gemm_nt, gemm_tn);
}
