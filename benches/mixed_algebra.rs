//! The typed algebra on mixed layouts (static structure, runtime values):
//! what a kernel generator pays at run time when its sizes come from the
//! problem. The same operations on `DynLayout` are in `benches/dynamic.rs`.
//!
//! Run: `cargo bench --bench mixed_algebra -- --warm-up-time 1 --measurement-time 2`

use core::hint::black_box;
use criterion::{Criterion, criterion_group, criterion_main};
use cute_algebra::prelude::*;

fn mixed(c: &mut Criterion) {
    let mut g = c.benchmark_group("mixed");
    g.bench_function("composition/(m,n):(1,m) o (128,64):(1,m)", |b| {
        b.iter(|| {
            let (m, n) = (black_box(256i32), black_box(512i32));
            try_composition(layout![(m, n) : (1, m)], layout![(128, 64) : (1, m)])
                .map(|r| r.size().value())
        })
    });
    g.bench_function("logical_divide/(m,n) by (128,64)", |b| {
        b.iter(|| {
            let (m, n) = (black_box(256i32), black_box(512i32));
            try_logical_divide(make_layout(shape![m, n]), shape![128, 64]).map(|r| r.size().value())
        })
    });
    g.bench_function("zipped_divide+slice/(m,n) by (128,64), tile (bx,by)", |b| {
        b.iter(|| {
            let (m, n) = (black_box(256i32), black_box(512i32));
            let (bx, by) = (black_box(1i32), black_box(3i32));
            let tiles = zipped_divide(make_layout(shape![m, n]), shape![128, 64]);
            tiles.slice_and_offset(coord![_, (bx, by)]).1
        })
    });
    g.bench_function("logical_product/(a,b):(1,a) x 4:1", |b| {
        b.iter(|| {
            let (x, y) = (black_box(32i32), black_box(8i32));
            try_logical_product(layout![(x, y) : (1, 32)], layout![4 : 1])
                .map(|r| r.cosize().value())
        })
    });
    g.bench_function("complement/(m):(2) to 4096", |b| {
        b.iter(|| {
            let m = black_box(64i32);
            try_complement(layout![m : 2], black_box(4096i32)).map(|r| r.size().value())
        })
    });
    g.finish();
}

criterion_group!(benches, mixed);
criterion_main!(benches);
