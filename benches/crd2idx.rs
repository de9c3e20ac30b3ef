//! crd2idx / idx2crd throughput. Each iteration maps
//! every coordinate of a layout once; criterion reports elements/s (one
//! element = one crd2idx or idx2crd), and the README table converts to ns/op.
//!
//! Run: `cargo bench --bench crd2idx -- --warm-up-time 1 --measurement-time 2`
#![allow(clippy::identity_op)] // hand-written versions keep `k / 1` to mirror the stride

use core::hint::black_box;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use cute_algebra::prelude::*;

fn static_layouts(c: &mut Criterion) {
    let mut g = c.benchmark_group("static");

    // (8,8):(1,8), flat coordinates.
    g.throughput(Throughput::Elements(64));
    g.bench_function("cm88/lib", |b| {
        let l = layout![(8, 8) : (1, 8)];
        b.iter(|| {
            let mut s = 0i32;
            for j in 0..black_box(8i32) {
                for i in 0..black_box(8i32) {
                    s = s.wrapping_add(black_box(l.crd2idx(coord![i, j]).value()));
                }
            }
            s
        })
    });
    g.bench_function("cm88/hand", |b| {
        b.iter(|| {
            let mut s = 0i32;
            for j in 0..black_box(8i32) {
                for i in 0..black_box(8i32) {
                    s = s.wrapping_add(black_box(i + j * 8));
                }
            }
            s
        })
    });

    // ((2,4),(3,5)):((3,6),(1,24)), integer coordinate per nested mode.
    g.throughput(Throughput::Elements(8 * 15));
    g.bench_function("nest2/lib", |b| {
        let l = layout![((2, 4), (3, 5)) : ((3, 6), (1, 24))];
        b.iter(|| {
            let mut s = 0i32;
            for j in 0..black_box(15i32) {
                for i in 0..black_box(8i32) {
                    s = s.wrapping_add(black_box(l.crd2idx(coord![i, j]).value()));
                }
            }
            s
        })
    });
    g.bench_function("nest2/hand", |b| {
        b.iter(|| {
            let mut s = 0i32;
            for j in 0..black_box(15i32) {
                for i in 0..black_box(8i32) {
                    let o = ((i % 2) * 3 + (i / 2) * 6) + ((j % 3) + (j / 3) * 24);
                    s = s.wrapping_add(black_box(o));
                }
            }
            s
        })
    });

    // (2,((2,3),4)):(1,((2,4),12)): the asm-check's known gap.
    g.throughput(Throughput::Elements(2 * 24));
    g.bench_function("nest3/lib", |b| {
        let l = layout![(2, ((2, 3), 4)) : (1, ((2, 4), 12))];
        b.iter(|| {
            let mut s = 0i32;
            for j in 0..black_box(24i32) {
                for i in 0..black_box(2i32) {
                    s = s.wrapping_add(black_box(l.crd2idx(coord![i, j]).value()));
                }
            }
            s
        })
    });
    g.bench_function("nest3/hand", |b| {
        b.iter(|| {
            let mut s = 0i32;
            for j in 0..black_box(24i32) {
                for i in 0..black_box(2i32) {
                    let o = i + (((j % 6) % 2) * 2 + ((j % 6) / 2) * 4 + (j / 6) * 12);
                    s = s.wrapping_add(black_box(o));
                }
            }
            s
        })
    });
    g.finish();
}

fn runtime_layouts(c: &mut Criterion) {
    let mut g = c.benchmark_group("runtime");
    let (m, n) = (black_box(32i32), black_box(32i32));
    g.throughput(Throughput::Elements((m * n) as u64));

    // (m,n):(1,ld) crd2idx, runtime shape and stride.
    g.bench_function("crd2idx_mn_ld/lib", |b| {
        let ld = black_box(40i32);
        let l = layout![(m, n) : (1, ld)];
        b.iter(|| {
            let mut s = 0i32;
            for j in 0..n {
                for i in 0..m {
                    s = s.wrapping_add(black_box(l.crd2idx(coord![i, j]).value()));
                }
            }
            s
        })
    });
    g.bench_function("crd2idx_mn_ld/hand", |b| {
        let ld = black_box(40i32);
        b.iter(|| {
            let mut s = 0i32;
            for j in 0..n {
                for i in 0..m {
                    s = s.wrapping_add(black_box(i + j * ld));
                }
            }
            s
        })
    });

    // (m,n):(1,m) crd2idx of an integer coordinate: `% m`, `/ m` at runtime.
    g.bench_function("crd2idx_int/lib", |b| {
        let l = layout![(m, n) : (1, m)];
        b.iter(|| {
            let mut s = 0i32;
            for k in 0..m * n {
                s = s.wrapping_add(black_box(l.crd2idx(k).value()));
            }
            s
        })
    });
    g.bench_function("crd2idx_int/hand", |b| {
        b.iter(|| {
            let mut s = 0i32;
            for k in 0..m * n {
                s = s.wrapping_add(black_box((k % m) + (k / m) * m));
            }
            s
        })
    });

    // (m,n):(n,1) idx2crd: `(k / d) % s` per mode.
    g.bench_function("idx2crd/lib", |b| {
        let l = layout![(m, n) : (n, 1)];
        b.iter(|| {
            let mut s = 0i32;
            for k in 0..m * n {
                let c = l.idx2crd(k);
                s = s.wrapping_add(black_box(c.head.value() ^ (c.tail.head.value() << 8)));
            }
            s
        })
    });
    g.bench_function("idx2crd/hand", |b| {
        b.iter(|| {
            let mut s = 0i32;
            for k in 0..m * n {
                let (r, c) = ((k / n) % m, (k / 1) % n);
                s = s.wrapping_add(black_box(r ^ (c << 8)));
            }
            s
        })
    });
    g.finish();
}

criterion_group!(benches, static_layouts, runtime_layouts);
criterion_main!(benches);
