//! The generated tensor-core GEMM, run on the CPU: its body (the exact
//! CUDA C that NVRTC compiles, `hgemm_body`) is compiled with the host C++
//! compiler behind a prelude that records every `cp.async`, commit, wait,
//! `__syncthreads`, `ldmatrix`, `mma` and store, for every thread of every
//! block of a ragged problem. The records are then replayed with the PTX
//! ISA's semantics of each instruction (which lane's row address feeds
//! which register of `ldmatrix.x4`, which register holds which element of
//! an `m16n8k16` fragment), independently of CuTe's atom tables, and
//! checked:
//! - each committed `cp.async` group is one k-tile: it fills one shared
//!   stage, every element exactly once, from the global element that the
//!   swizzled stage layout puts there, predicated exactly where that element
//!   is outside A or B;
//! - no stage is read while a copy into it may be in flight, and no copy is
//!   issued into a stage before every warp has finished reading it;
//! - every `mma` multiplies rows of A and B with matching k, and every
//!   accumulator sums one element of C over every k exactly once;
//! - every element of C inside `M x N` is stored exactly once, at its
//!   offset, and nothing outside it is.

use std::collections::HashMap;

mod support;

use cute_algebra::dynamic::IntTree;
use cute_cuda::hgemm::{Elem, HgemmConfig, hgemm_body, hgemm_layouts};
use cute_cuda::sgemm_tiled::{BK, BM, BN, THREADS, sgemm_tiled_body, sgemm_tiled_layouts};

/// What both recorders share: CUDA's keywords as nothing, the thread and
/// block indices, shared memory, and offsets in elements.
const HOST_COMMON: &str = r#"
#include <cstdio>
#include <cstdint>
#include <cstdlib>
struct Dim { int x, y, z; };
static Dim threadIdx, blockIdx;
elem_t smem[1 << 17];
static const elem_t *gA, *gB;
static elem_t* gC;
static FILE* out;
#define __device__
#define __forceinline__ inline
#define __global__
#define __launch_bounds__(x)
#define __restrict__
#define __align__(x)
#define __shared__
static long off(const void* p, const void* base) {
  return (long)(((intptr_t)p - (intptr_t)base) / (intptr_t)sizeof(elem_t));
}
static void cp_async_commit() { fprintf(out, "M\n"); }
template <int N> static void cp_async_wait() { fprintf(out, "W %d\n", N); }
static void __syncthreads() { fprintf(out, "S\n"); }
"#;

const HOST_PRELUDE: &str = r#"
static void cp_async_16(unsigned short* dst, const unsigned short* src, bool pred) {
  // The source relative to A; B starts M*K + 32 values after it.
  fprintf(out, "C %ld %ld %d\n", off(dst, smem), off(src, gA), pred ? 1 : 0);
}
static void ldsm_x4(unsigned*, int i0, int i1, int i2, int i3, const unsigned short* p) {
  fprintf(out, "L %ld %d %d %d %d\n", off(p, smem), i0, i1, i2, i3);
}
static void mma(float*, int d0, int d1, int d2, int d3, const unsigned*, int a0, int a1, int a2,
                int a3, const unsigned*, int b0, int b1) {
  fprintf(out, "X %d %d %d %d %d %d %d %d %d %d\n", d0, d1, d2, d3, a0, a1, a2, a3, b0, b1);
}
static void st_pair(unsigned short* p, const float*, int i0, int i1) {
  fprintf(out, "P %ld %d %d\n", off(p, gC), i0, i1);
}
"#;

/// The same recorder for the FP32 SGEMM's helpers.
const SIMT_PRELUDE: &str = r#"
static void cp_async_16(float* dst, const float* src, bool pred) {
  fprintf(out, "C %ld %ld %d\n", off(dst, smem), off(src, gA), pred ? 1 : 0);
}
static void lds4(float*, int i, const float* p) { fprintf(out, "L4 %ld %d\n", off(p, smem), i); }
static void fma(float*, int c, const float*, int i, const float*, int j) {
  fprintf(out, "F %d %d %d\n", c, i, j);
}
static void st4(float* p, const float*, int i) { fprintf(out, "Q %ld %d\n", off(p, gC), i); }
"#;

const HOST_MAIN: &str = r#"
int main(int argc, char** argv) {
  long m = atol(argv[1]), n = atol(argv[2]), k = atol(argv[3]);
  int blocks = atoi(argv[4]), nthr = atoi(argv[5]);
  // A and B in one allocation, A first, so that a pointer tells its operand.
  elem_t* ab = (elem_t*)calloc(m * k + n * k + 64, sizeof(elem_t));
  gA = ab;
  gB = ab + m * k + 32;
  gC = (elem_t*)calloc(m * n, sizeof(elem_t));
  out = stdout;
  for (int b = 0; b < blocks; ++b)
    for (int t = 0; t < nthr; ++t) {
      blockIdx = Dim{b, 0, 0};
      threadIdx = Dim{t, 0, 0};
      printf("T %d %d\n", b, t);
      KERNEL(gA, gB, gC);
    }
  return 0;
}
"#;

/// One recorded event of one thread.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Ev {
    Copy {
        dst: i64,
        src: i64,
        pred: bool,
    },
    Commit,
    Wait(i64),
    Sync,
    Ldsm {
        p: i64,
        regs: [usize; 4],
    },
    Mma {
        d: [usize; 4],
        a: [usize; 4],
        b: [usize; 2],
    },
    Store {
        c: i64,
        i0: usize,
        i1: usize,
    },
    Lds4 {
        p: i64,
        r: usize,
    },
    Fma {
        c: usize,
        a: usize,
        b: usize,
    },
    Store4 {
        c: i64,
        i: usize,
    },
}

fn nums(it: &mut std::str::SplitWhitespace<'_>) -> Vec<i64> {
    it.map(|x| x.parse().unwrap_or(-1)).collect()
}

/// Runs the body of `cfg` for `M x N x K` on the host and returns each
/// thread's events, by block index.
fn record(cfg: HgemmConfig, m: i64, n: i64, k: i64) -> HashMap<i64, Vec<Vec<Ev>>> {
    let body = hgemm_body(cfg, m, n, k).unwrap();
    let blocks = hgemm_layouts(cfg, m, n, k).unwrap().blocks().unwrap();
    let name = format!("hgemm_{}x{}x{}x{}", cfg.bm, cfg.bn, cfg.bk, cfg.stages);
    let main = HOST_MAIN.replace("KERNEL", "cute_hgemm");
    run_host(
        &name,
        &format!("typedef unsigned short elem_t;{HOST_COMMON}{HOST_PRELUDE}{body}{main}"),
        [m, n, k, blocks, cfg.threads()],
    )
}

/// Compiles a recording program and parses what it prints.
fn run_host(name: &str, program: &str, args: [i64; 5]) -> HashMap<i64, Vec<Vec<Ev>>> {
    let text = support::run_recorder(name, program, &args);
    let mut blocks: HashMap<i64, Vec<Vec<Ev>>> = HashMap::new();
    let mut cur: Option<i64> = None;
    for line in text.lines() {
        let mut it = line.split_whitespace();
        let tag = it.next().unwrap_or("");
        let v = nums(&mut it);
        let ev = match tag {
            "T" => {
                cur = Some(v[0]);
                blocks.entry(v[0]).or_default().push(Vec::new());
                continue;
            }
            "C" => Ev::Copy {
                dst: v[0],
                src: v[1],
                pred: v[2] == 1,
            },
            "M" => Ev::Commit,
            "W" => Ev::Wait(v[0]),
            "S" => Ev::Sync,
            "L" => Ev::Ldsm {
                p: v[0],
                regs: [v[1], v[2], v[3], v[4]].map(|x| x as usize),
            },
            "X" => Ev::Mma {
                d: [v[0], v[1], v[2], v[3]].map(|x| x as usize),
                a: [v[4], v[5], v[6], v[7]].map(|x| x as usize),
                b: [v[8], v[9]].map(|x| x as usize),
            },
            "P" => Ev::Store {
                c: v[0],
                i0: v[1] as usize,
                i1: v[2] as usize,
            },
            "L4" => Ev::Lds4 {
                p: v[0],
                r: v[1] as usize,
            },
            "F" => Ev::Fma {
                c: v[0] as usize,
                a: v[1] as usize,
                b: v[2] as usize,
            },
            "Q" => Ev::Store4 {
                c: v[0],
                i: v[1] as usize,
            },
            other => panic!("unknown record '{other}'"),
        };
        blocks
            .get_mut(&cur.unwrap())
            .unwrap()
            .last_mut()
            .unwrap()
            .push(ev);
    }
    blocks
}

/// Where a shared-memory offset lies: operand (false: A), stage, and the
/// tile coordinate the swizzled stage layout puts there.
type SmemMap = HashMap<i64, (bool, i64, i64, i64)>;

fn smem_map(cfg: HgemmConfig, m: i64, n: i64, k: i64) -> (SmemMap, i64) {
    let l = hgemm_layouts(cfg, m, n, k).unwrap();
    let a_size = l.a.smem.layout().cosize().unwrap();
    let mut map = HashMap::new();
    for (is_b, op, rows, base) in [(false, &l.a, cfg.bm, 0), (true, &l.b, cfg.bn, a_size)] {
        for s in 0..cfg.stages {
            for r in 0..rows {
                for c in 0..cfg.bk {
                    let o = op
                        .smem
                        .crd2idx(&IntTree::Tuple(vec![
                            IntTree::Int(r),
                            IntTree::Int(c),
                            IntTree::Int(s),
                        ]))
                        .unwrap();
                    assert!(
                        map.insert(base + o, (is_b, s, r, c)).is_none(),
                        "the stages overlap"
                    );
                }
            }
        }
    }
    (map, a_size)
}

/// An accumulator (thread, index): the element of C it holds and the k's
/// summed into it.
type Accumulated = ((i64, i64), Vec<i64>);

/// Replays one configuration on `M x N x K` and checks everything the
/// module docs list.
fn check(cfg: HgemmConfig, m: i64, n: i64, k: i64) {
    let blocks = record(cfg, m, n, k);
    let (smem, _) = smem_map(cfg, m, n, k);
    let k_tiles = (k + cfg.bk - 1) / cfg.bk;
    let mut stored: HashMap<i64, usize> = HashMap::new();
    let layouts = hgemm_layouts(cfg, m, n, k).unwrap();
    let mut tiles = std::collections::HashSet::new();
    for (&pid, threads) in &blocks {
        let (bx, by) = layouts.block_tile(pid).unwrap();
        assert!(tiles.insert((bx, by)), "two blocks on tile ({bx},{by})");
        assert_eq!(threads.len() as i64, cfg.threads());
        let ldsm_tile = replay_copies(threads, &smem, k_tiles, 8, |b, s_in, g| {
            let (_, _, r_in, c_in) = s_in;
            let (rows, bt, br) = if b { (n, by, cfg.bn) } else { (m, bx, cfg.bm) };
            let (r, c) = (bt * br + r_in, g * cfg.bk + c_in);
            (
                r < rows && c < k,
                r * k + c + if b { m * k + 32 } else { 0 },
            )
        });
        // Warps: ldmatrix.x4 and mma.m16n8k16 with the PTX ISA's fragments.
        // A register holds two (row, k) elements; an accumulator a C element
        // and the k's summed into it.
        let nwarps = cfg.threads() / 32;
        let mut acc: HashMap<(usize, usize), Accumulated> = HashMap::new();
        for w in 0..nwarps as usize {
            let lanes: Vec<&Vec<Ev>> = (0..32).map(|l| &threads[w * 32 + l]).collect();
            let mut regs: HashMap<(usize, bool, usize), [(i64, i64); 2]> = HashMap::new();
            let mut li = 0usize;
            for (i, e0) in lanes[0].iter().enumerate() {
                match e0 {
                    Ev::Ldsm { .. } => {
                        let g = ldsm_tile[li];
                        li += 1;
                        let addr: Vec<(i64, [usize; 4])> = lanes
                            .iter()
                            .map(|t| match t[i] {
                                Ev::Ldsm { p, regs } => (p, regs),
                                _ => unreachable!(),
                            })
                            .collect();
                        for (lane, &(_, lregs)) in addr.iter().enumerate() {
                            for (j, &reg) in lregs.iter().enumerate() {
                                // Matrix j's row lane/4, columns 2(lane%4), +1.
                                let row_addr = addr[8 * j + lane / 4].0;
                                let el = |x: i64| {
                                    let (b, _, r_in, c_in) = smem[&(row_addr + x)];
                                    let br = if b { cfg.bn } else { cfg.bm };
                                    let bt = if b { by } else { bx };
                                    (b, (bt * br + r_in, g * cfg.bk + c_in))
                                };
                                let q = 2 * (lane % 4) as i64;
                                let ((b, e0), (_, e1)) = (el(q), el(q + 1));
                                regs.insert((lane, b, reg), [e0, e1]);
                            }
                        }
                    }
                    Ev::Mma { .. } => {
                        // A (16x16) and B (16x8) as (row, k) per element.
                        let mut a_el = HashMap::new();
                        let mut b_el = HashMap::new();
                        for (lane, t) in lanes.iter().enumerate() {
                            let Ev::Mma { a, b, .. } = t[i] else {
                                unreachable!()
                            };
                            let (gr, q) = ((lane / 4) as i64, 2 * (lane % 4) as i64);
                            for (j, &ra) in a.iter().enumerate() {
                                let (row, kk) = (gr + 8 * (j as i64 % 2), q + 8 * (j as i64 / 2));
                                let v = regs[&(lane, false, ra)];
                                a_el.insert((row, kk), v[0]);
                                a_el.insert((row, kk + 1), v[1]);
                            }
                            for (j, &rb) in b.iter().enumerate() {
                                let kk = q + 8 * j as i64;
                                let v = regs[&(lane, true, rb)];
                                b_el.insert((kk, gr), v[0]);
                                b_el.insert((kk + 1, gr), v[1]);
                            }
                        }
                        let kbase = a_el[&(0, 0)].1;
                        let row_a: Vec<i64> = (0..16).map(|r| a_el[&(r, 0)].0).collect();
                        let col_b: Vec<i64> = (0..8).map(|c| b_el[&(0, c)].0).collect();
                        // Each row of A and column of B is one row of the
                        // operand, at the same 16 consecutive k.
                        for (r, kk) in (0..16).flat_map(|r| (0..16).map(move |kk| (r, kk))) {
                            assert_eq!(
                                a_el[&(r, kk)],
                                (row_a[r as usize], kbase + kk),
                                "A fragment"
                            );
                            if r < 8 {
                                assert_eq!(
                                    b_el[&(kk, r)],
                                    (col_b[r as usize], kbase + kk),
                                    "B fragment"
                                );
                            }
                        }
                        for (lane, t) in lanes.iter().enumerate() {
                            let Ev::Mma { d, .. } = t[i] else {
                                unreachable!()
                            };
                            let (gr, q) = (lane / 4, 2 * (lane % 4));
                            for (j, &dj) in d.iter().enumerate() {
                                let (r, c) = (gr + 8 * (j / 2), q + j % 2);
                                let mn = (row_a[r], col_b[c]);
                                let entry =
                                    acc.entry((w * 32 + lane, dj)).or_insert((mn, Vec::new()));
                                assert_eq!(entry.0, mn, "an accumulator mixes two elements of C");
                                entry.1.extend(kbase..kbase + 16);
                            }
                        }
                    }
                    _ => {}
                }
            }
            for (lane, t) in lanes.iter().enumerate() {
                for e in t.iter() {
                    if let Ev::Store { c, i0, i1 } = *e {
                        let thr = w * 32 + lane;
                        let ((m0, n0), ks) = &acc[&(thr, i0)];
                        let ((m1, n1), _) = &acc[&(thr, i1)];
                        assert_eq!((*m1, *n1), (*m0, n0 + 1), "a stored pair is not adjacent");
                        assert!(*m0 < m && *n0 + 1 < n, "a store outside C");
                        assert_eq!(c, m0 * n + n0, "the offset of C({m0},{n0})");
                        let mut ks = ks.clone();
                        ks.sort_unstable();
                        assert!(
                            ks.iter().copied().eq(0..k_tiles * cfg.bk),
                            "C({m0},{n0}) does not sum every k exactly once"
                        );
                        *stored.entry(c).or_default() += 1;
                        *stored.entry(c + 1).or_default() += 1;
                    }
                }
            }
        }
    }
    let grid = ((m + cfg.bm - 1) / cfg.bm) * ((n + cfg.bn - 1) / cfg.bn);
    assert_eq!(tiles.len() as i64, grid, "every tile has a block");
    assert_eq!(stored.len() as i64, m * n, "every element of C is stored");
    assert!(
        stored.values().all(|&x| x == 1),
        "an element of C stored twice"
    );
}

/// The copies and reads of one block: uniform control flow; each commit
/// group `g < k_tiles` fills one stage of each operand with k-tile `g`,
/// every element once, in chunks of `chunk` values that `next` steps
/// through (the next element of a chunk in the stage's coordinates);
/// `expect(b, where, g)` gives a chunk's predicate and source; no stage is
/// read before the group that last wrote it is complete and visible, and no
/// copy goes into a stage read since the last barrier. Returns the k-tile
/// each read of thread 0 (all threads read alike) sees.
fn replay_copies(
    threads: &[Vec<Ev>],
    smem: &SmemMap,
    k_tiles: i64,
    chunk: i64,
    expect: impl Fn(bool, (bool, i64, i64, i64), i64) -> (bool, i64),
) -> Vec<i64> {
    // Uniform control flow: every thread has the same kinds of events (the
    // epilogue's stores are predicated per element).
    let kinds = |t: &Vec<Ev>| -> Vec<std::mem::Discriminant<Ev>> {
        t.iter()
            .filter(|e| !matches!(e, Ev::Store { .. } | Ev::Store4 { .. }))
            .map(std::mem::discriminant)
            .collect()
    };
    let k0 = kinds(&threads[0]);
    assert!(
        threads.iter().all(|t| kinds(t) == k0),
        "divergent control flow"
    );
    let read_addr = |e: &Ev| match *e {
        Ev::Ldsm { p, .. } | Ev::Lds4 { p, .. } => Some(p),
        _ => None,
    };
    let mut cover: HashMap<i64, HashMap<i64, usize>> = HashMap::new();
    let mut group_stage: HashMap<(i64, bool), i64> = HashMap::new();
    let stage_size = |g: &HashMap<i64, usize>| g.len() as i64;
    for t in threads {
        let mut g = 0i64;
        for e in t {
            match *e {
                Ev::Commit => g += 1,
                Ev::Copy { dst, src, pred } => {
                    assert!(g < k_tiles, "a copy in group {g}, past the last k-tile");
                    let at = *smem.get(&dst).expect("a copy outside the stages");
                    let (b, s, _, _) = at;
                    for e in 0..chunk {
                        let el = smem.get(&(dst + e)).expect("a chunk outside the stages");
                        assert_eq!((el.0, el.1), (b, s), "a chunk spans stages");
                        *cover.entry(g).or_default().entry(dst + e).or_default() += 1;
                    }
                    let next = smem[&(dst + 1)];
                    assert!(
                        (next.2 == at.2 && next.3 == at.3 + 1)
                            || (next.2 == at.2 + 1 && next.3 == at.3),
                        "a 16-byte chunk is not consecutive values of the tile"
                    );
                    assert_eq!(
                        *group_stage.entry((g, b)).or_insert(s),
                        s,
                        "a group spans stages"
                    );
                    let (want_pred, want_src) = expect(b, at, g);
                    assert_eq!(pred, want_pred, "the predicate of {at:?} in k-tile {g}");
                    if pred {
                        assert_eq!(src, want_src, "the source of {at:?} in k-tile {g}");
                    }
                }
                _ => {}
            }
        }
    }
    let full = cover.get(&0).map_or(0, stage_size);
    for g in 0..k_tiles {
        let c = &cover[&g];
        assert_eq!(
            stage_size(c),
            full,
            "k-tile {g} fills a whole stage of A and of B"
        );
        assert!(
            c.values().all(|&x| x == 1),
            "k-tile {g}: an element copied twice"
        );
    }
    let (mut committed, mut complete, mut visible) = (0i64, 0i64, 0i64);
    let mut last_group_into: HashMap<(bool, i64), i64> = HashMap::new();
    let mut read_since_sync: Vec<(bool, i64)> = Vec::new();
    let mut pending: Vec<(bool, i64)> = Vec::new();
    let mut tiles = Vec::new();
    for e in &threads[0] {
        match *e {
            Ev::Copy { dst, .. } => {
                let (b, s) = (smem[&dst].0, smem[&dst].1);
                assert!(
                    !read_since_sync.contains(&(b, s)),
                    "a copy into stage {s} before every warp has read it"
                );
                pending.push((b, s));
            }
            Ev::Commit => {
                for p in pending.drain(..) {
                    last_group_into.insert(p, committed);
                }
                committed += 1;
            }
            Ev::Wait(nw) => complete = complete.max(committed - nw),
            Ev::Sync => {
                visible = complete;
                read_since_sync.clear();
            }
            ref r => {
                if let Some(p) = read_addr(r) {
                    let (b, s) = (smem[&p].0, smem[&p].1);
                    let g = *last_group_into
                        .get(&(b, s))
                        .expect("a read of a stage never written");
                    assert!(
                        g < visible,
                        "a read of stage {s} (k-tile {g}) before it is complete and visible"
                    );
                    read_since_sync.push((b, s));
                    tiles.push(g);
                }
            }
        }
    }
    tiles
}

/// The FP32 SGEMM (NT: A (M,K) and B (N,K) M- and N-major, C column-major)
/// replayed the same way: copies and hazards as above; each 128-bit
/// shared-memory load fills 4 consecutive registers with 4 consecutive rows
/// of one k; every FMA multiplies A and B at the same k; every accumulator
/// sums one element of C over every k once; every element of C is stored
/// once, 4 consecutive rows at a time, at its offset.
fn check_simt(m: i64, n: i64, k: i64, stages: i64) {
    let l = sgemm_tiled_layouts(m, n, k, stages).unwrap();
    let blocks_n = l.c.blocks().unwrap();
    let body = sgemm_tiled_body(m, n, k, stages).unwrap();
    let main = HOST_MAIN.replace("KERNEL", "cute_sgemm_tiled");
    let blocks = run_host(
        &format!("sgemm_{stages}"),
        &format!("typedef float elem_t;{HOST_COMMON}{SIMT_PRELUDE}{body}{main}"),
        [m, n, k, blocks_n, THREADS],
    );
    let a_size = l.a.smem.cosize().unwrap();
    let mut smem: SmemMap = HashMap::new();
    for (b, op, base) in [(false, &l.a, 0), (true, &l.b, a_size)] {
        for st in 0..stages {
            for r in 0..if b { BN } else { BM } {
                for c in 0..BK {
                    let o = op
                        .smem
                        .crd2idx(&IntTree::Tuple(vec![
                            IntTree::Int(r),
                            IntTree::Int(c),
                            IntTree::Int(st),
                        ]))
                        .unwrap();
                    assert!(
                        smem.insert(base + o, (b, st, r, c)).is_none(),
                        "the stages overlap"
                    );
                }
            }
        }
    }
    let k_tiles = (k + BK - 1) / BK;
    let mut stored: HashMap<i64, usize> = HashMap::new();
    for (&pid, threads) in &blocks {
        let (bx, by) = l.c.block_tile(pid).unwrap();
        let reads = replay_copies(threads, &smem, k_tiles, 4, |b, (_, _, r_in, c_in), g| {
            let (rows, bt, br) = if b { (n, by, BN) } else { (m, bx, BM) };
            let (r, c) = (bt * br + r_in, g * BK + c_in);
            (
                r < rows && c < k,
                r + c * rows + if b { m * k + 32 } else { 0 },
            )
        });
        for t in threads {
            // Registers: (row of A or B, k); accumulators: C element, k's.
            let mut regs: HashMap<(bool, usize), (i64, i64)> = HashMap::new();
            let mut acc: HashMap<usize, Accumulated> = HashMap::new();
            let mut ri = 0;
            for e in t {
                match *e {
                    Ev::Lds4 { p, r } => {
                        let g = reads[ri];
                        ri += 1;
                        for v in 0..4 {
                            let (b, _, r_in, c_in) = smem[&(p + v)];
                            let (bt, br) = if b { (by, BN) } else { (bx, BM) };
                            regs.insert((b, r + v as usize), (bt * br + r_in, g * BK + c_in));
                        }
                        let (first, last) = (smem[&p], smem[&(p + 3)]);
                        assert_eq!(
                            (last.2, last.3),
                            (first.2 + 3, first.3),
                            "a 128-bit load is not 4 rows of one k"
                        );
                    }
                    Ev::Fma { c, a, b } => {
                        let (ra, ka) = regs[&(false, a)];
                        let (rb, kb) = regs[&(true, b)];
                        assert_eq!(ka, kb, "an FMA of A and B at different k");
                        let entry = acc.entry(c).or_insert(((ra, rb), Vec::new()));
                        assert_eq!(entry.0, (ra, rb), "an accumulator mixes two elements of C");
                        entry.1.push(ka);
                    }
                    Ev::Store4 { c, i } => {
                        let ((m0, n0), _) = acc[&i];
                        assert!(m0 + 3 < m && n0 < n, "a store outside C");
                        assert_eq!(c, m0 + n0 * m, "the offset of C({m0},{n0})");
                        for v in 0..4 {
                            let ((mv, nv), ks) = &acc[&(i + v)];
                            assert_eq!(
                                (*mv, *nv),
                                (m0 + v as i64, n0),
                                "a stored quad is not 4 rows"
                            );
                            let mut ks = ks.clone();
                            ks.sort_unstable();
                            assert!(
                                ks.iter().copied().eq(0..k_tiles * BK),
                                "C({mv},{nv}) does not sum every k exactly once"
                            );
                            *stored.entry(c + v as i64).or_default() += 1;
                        }
                    }
                    _ => {}
                }
            }
        }
    }
    assert_eq!(stored.len() as i64, m * n, "every element of C is stored");
    assert!(
        stored.values().all(|&x| x == 1),
        "an element of C stored twice"
    );
}

#[test]
fn sgemm_ragged_three_stages() {
    check_simt(132, 260, 37, 3);
}

#[test]
fn sgemm_two_stages() {
    check_simt(256, 128, 24, 2);
}

fn cfg(s: &str, elem: Elem) -> HgemmConfig {
    HgemmConfig::parse(s, elem).expect("bMxbNxbKxSTAGESxWMxWN")
}

#[test]
fn four_warps_ragged_fp16() {
    // Neither M, N nor K is a multiple of its tile: edges on every side.
    check(cfg("128x128x32x3x2x2", Elem::F16), 136, 264, 80);
}

#[test]
fn eight_warps_deep_k_bf16() {
    check(cfg("128x256x64x3x2x4", Elem::Bf16), 130, 258, 200);
}

#[test]
fn four_stages_tall_warps() {
    check(cfg("256x128x32x4x4x2", Elem::F16), 264, 136, 168);
}

#[test]
fn bad_sizes_are_named_errors() {
    let c = cfg("128x128x32x3x2x2", Elem::F16);
    for (m, n, k) in [(128, 128, 20), (128, 127, 64), (0, 128, 64)] {
        let e = hgemm_body(c, m, n, k).unwrap_err().to_string();
        assert!(e.contains("hgemm"), "{e}");
    }
    let e = hgemm_body(cfg("128x128x48x3x2x2", Elem::F16), 128, 128, 64).unwrap_err();
    assert!(e.to_string().contains("bK"), "{e}");
}

#[test]
fn block_order_covers_every_tile_once() {
    for (c, s) in [
        ("128x256x64x3x2x4", 8000),
        ("128x128x32x3x2x2", 4096),
        ("128x256x32x4x2x4", 8192),
    ] {
        let l = hgemm_layouts(cfg(c, Elem::F16), s, s, s).unwrap();
        let (gx, gy) = ((s + l.cfg.bm - 1) / l.cfg.bm, (s + l.cfg.bn - 1) / l.cfg.bn);
        let mut seen = std::collections::HashSet::new();
        for pid in 0..l.blocks().unwrap() {
            let (x, y) = l.block_tile(pid).unwrap();
            assert!(
                x < gx && y < gy && seen.insert((x, y)),
                "{c} at {s}: block {pid}"
            );
        }
        assert_eq!(seen.len() as i64, gx * gy);
    }
}
