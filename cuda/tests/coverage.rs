//! CPU tests of the kernels: the layouts behind each kernel cover every
//! element of the matrix exactly once at the right place (also for sizes the
//! tiles do not divide), and the sources name only rendered index math.

use cute_cuda::reference::{copy_coverage, transpose_coverage};
use cute_cuda::{TransposeKind, copy_kernel, transpose_kernel};

#[test]
fn copy_layouts_cover_every_element_once() {
    for (m, n) in [(128, 8), (256, 64), (100, 13), (130, 9), (4, 1)] {
        let (hits, consistent) = copy_coverage(m, n).unwrap();
        assert!(consistent, "{m}x{n}: an offset is not its row and column");
        assert!(hits.iter().all(|&h| h == 1), "{m}x{n}: {hits:?}");
    }
}

#[test]
fn transpose_layouts_cover_every_element_once() {
    for (m, n) in [(32, 32), (64, 96), (33, 31), (100, 7)] {
        let (hits, consistent) = transpose_coverage(m, n).unwrap();
        assert!(consistent, "{m}x{n}");
        assert!(hits.iter().all(|&h| h == 1), "{m}x{n}");
    }
}

#[test]
fn sources_use_the_rendered_layouts() {
    let k = copy_kernel(256, 64).unwrap();
    // The access layout's TV mode ((32,8),4):((4,M),1) and the block mode
    // (128, 8M): the runtime M and 8M are kernel arguments.
    assert!(
        k.source
            .contains("((t & 31) * 4 + (t >> 5) * g_d1 + v + bm * 128 + bn * g_d4)"),
        "{}",
        k.source
    );
    assert_eq!(k.args[..2], [("M".to_string(), 256), ("N".to_string(), 64)]);
    assert!(
        k.args.contains(&("g_d1".to_string(), 256)) && k.args.contains(&("g_d4".to_string(), 2048))
    );
    let s = transpose_kernel(TransposeKind::Swizzled, 64, 64).unwrap();
    assert!(s.source.contains("^ ((("), "{}", s.source);
    let p = transpose_kernel(TransposeKind::Padded, 64, 64).unwrap();
    assert!(p.source.contains("tile[(i + j * 33)]"), "{}", p.source);
}

#[test]
fn the_runner_says_no_cuda_device_without_one() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_cute-gpu"))
        .args(["--m", "64", "--n", "64"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    if out.status.code() == Some(2) {
        assert!(err.starts_with("no CUDA device"), "{err}");
    } else {
        // A machine with a GPU: the run must pass.
        assert!(out.status.success(), "{err}");
    }
}

#[test]
fn sgemm_layouts_compute_a_times_b_transposed() {
    let (m, n, k) = (256i64, 128i64, 16i64);
    let a: Vec<f32> = (0..m * k).map(|x| ((x * 7) % 13) as f32 - 6.0).collect();
    let b: Vec<f32> = (0..n * k).map(|x| ((x * 5) % 11) as f32 - 5.0).collect();
    let c = cute_cuda::reference::sgemm_emulated(m, n, k, &a, &b).unwrap();
    for i in 0..m {
        for j in 0..n {
            let want: f32 = (0..k)
                .map(|p| a[(i + p * m) as usize] * b[(j + p * n) as usize])
                .sum();
            assert_eq!(c[(i + j * m) as usize], want, "C({i},{j})");
        }
    }
    let src = cute_cuda::sgemm_kernel(m, n, k).unwrap().source;
    assert!(src.contains("acc[i][j] += a[i] * b[j]"), "{src}");
    assert!(cute_cuda::sgemm_kernel(100, 128, 8).is_err());
}
