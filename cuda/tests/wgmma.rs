//! The generated SM90 GEMM, run on the CPU: its body (the exact CUDA C that
//! NVRTC compiles, `wgmma_body`) is compiled with the host C++ compiler
//! behind a prelude that records every mbarrier operation, TMA load,
//! `wgmma` and store, for every thread of every block of a ragged problem.
//! The kernel's control flow does not depend on data or timing, so each
//! thread's record is what it does on the GPU.
//!
//! The records are then replayed as the concurrent program they are: the
//! producer and each consumer warpgroup run as separate actors, scheduled
//! in random orders (several seeds), with the PTX ISA's semantics and none
//! of CuTe's tables:
//! - an mbarrier counts arrivals and transaction bytes per phase, and
//!   `try_wait.parity` blocks until the phase of that parity completes;
//! - a TMA load lands its box at some later step, each 128-byte row of
//!   shared memory with the 128-byte swizzle (16-byte chunk `c` of row `r`
//!   at chunk `c ^ (r % 8)`), zeros outside the tensor, then completes its
//!   bytes on the barrier;
//! - a `wgmma` reads A and B through its descriptors (start address,
//!   stride byte offset, 128-byte swizzle, decoded from the 64-bit words)
//!   and accumulates into the registers of the `m64nNk16` D fragment
//!   (row `16·warp + lane/4 + 8·((i/2)%2)`, column `8·(i/4) + 2·(lane%4) +
//!   i%2`); it reads when issued and must still read the same values when
//!   `wgmma.wait_group` retires it, so a stage released or overwritten too
//!   early fails;
//! - every element of C inside `M x N` is stored exactly once, with the
//!   exact product (small integer inputs, so sums are exact), and nothing
//!   outside it is. A deadlock in any order fails.

use std::collections::HashMap;

mod support;

use cute_cuda::hgemm::Elem;
use cute_cuda::wgmma::{WgmmaConfig, accumulator_registers, grid, wgmma_body, wgmma_layouts};

const HOST_PRELUDE: &str = r#"
#include <cstdio>
#include <cstdint>
#include <cstdlib>
struct Dim { int x, y, z; };
static Dim threadIdx, blockIdx, gridDim;
static unsigned char smem_host[1];
static unsigned short* gC;
#define __device__
#define __forceinline__ inline
#define __global__
#define __launch_bounds__(x, y)
#define __cluster_dims__(x, y, z)
#define __restrict__
#define __align__(x)
#define __shared__
#define __grid_constant__
#define smem smem_host
struct TmaDesc { unsigned long long v[16]; };
static unsigned smem_addr(const void*) { return 0; }
static void mbar_init(unsigned bar, unsigned count) { printf("I %u %u\n", bar, count); }
static void fence_barrier_init() {}
static void __syncthreads() { printf("S\n"); }
static void __syncwarp() {}
static void mbar_wait(unsigned bar, unsigned parity) { printf("W %u %u\n", bar, parity); }
static void mbar_expect_tx(unsigned bar, unsigned bytes) { printf("E %u %u\n", bar, bytes); }
static void mbar_arrive(unsigned bar) { printf("A %u -1\n", bar); }
static void mbar_arrive_cluster(unsigned bar, unsigned cta) { printf("A %u %u\n", bar, cta); }
static void tma_load_2d(unsigned dst, const TmaDesc* map, int c0, int c1, unsigned bar) {
  printf("T %u %llu %d %d %u 0\n", dst, map->v[0], c0, c1, bar);
}
static void tma_load_2d_mc(unsigned dst, const TmaDesc* map, int c0, int c1, unsigned bar,
                           unsigned short mask) {
  printf("T %u %llu %d %d %u %u\n", dst, map->v[0], c0, c1, bar, (unsigned)mask);
}
static int cluster_size;
static unsigned cluster_ctarank() { return blockIdx.x % cluster_size; }
static void cluster_sync() { printf("K\n"); }
template <int R> static void setmaxnreg_dec() { printf("R -%d\n", R); }
template <int R> static void setmaxnreg_inc() { printf("R %d\n", R); }
static void acc_zero(float*) { printf("Z\n"); }
static void wgmma_fence(float*) { printf("F\n"); }
static void wgmma_commit() { printf("M\n"); }
template <int N> static void wgmma_wait(float*) { printf("X %d\n", N); }
static void wgmma(float*, unsigned long long da, unsigned long long db) { printf("G %llu %llu\n", da, db); }
static void st_pair(unsigned short* p, const float*, int i0, int i1) {
  printf("P %ld %d %d\n", (long)(p - gC), i0, i1);
}
"#;

const HOST_MAIN: &str = r#"
int main(int argc, char** argv) {
  long m = atol(argv[1]), n = atol(argv[2]);
  int blocks = atoi(argv[3]), nthr = atoi(argv[4]);
  cluster_size = atoi(argv[5]);
  gC = (unsigned short*)calloc(m * n, sizeof(unsigned short));
  TmaDesc a{}, b{};
  a.v[0] = 0;
  b.v[0] = 1;
  gridDim = Dim{blocks, 1, 1};
  for (int k = 0; k < blocks; ++k)
    for (int t = 0; t < nthr; ++t) {
      blockIdx = Dim{k, 0, 0};
      threadIdx = Dim{t, 0, 0};
      printf("B %d %d\n", k, t);
      cute_wgmma_gemm(a, b, gC);
    }
  return 0;
}
"#;

/// One recorded operation of one thread.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Ev {
    Init {
        bar: u64,
        count: u64,
    },
    Sync,
    Wait {
        bar: u64,
        parity: u64,
    },
    ExpectTx {
        bar: u64,
        bytes: u64,
    },
    /// On this block's barrier, or (`Some(rank)`) the cluster's block's.
    Arrive {
        bar: u64,
        cta: Option<u64>,
    },
    /// A box of A or B (`b`), multicast to the blocks of `mask` (0: this
    /// block only).
    Tma {
        dst: u64,
        b: bool,
        c0: i64,
        c1: i64,
        bar: u64,
        mask: u64,
    },
    ClusterSync,
    MaxReg(i64),
    Zero,
    Fence,
    Commit,
    WaitGroup(usize),
    Wgmma {
        da: u64,
        db: u64,
    },
    Store {
        c: i64,
        i0: usize,
        i1: usize,
    },
}

/// Every thread's record, by block.
fn record(cfg: WgmmaConfig, m: i64, n: i64, k: i64) -> Vec<Vec<Vec<Ev>>> {
    let body = wgmma_body(cfg, m, n, k).unwrap();
    let blocks = grid(cfg, wgmma_layouts(cfg, m, n, k).unwrap().blocks().unwrap());
    let text = support::run_recorder(
        &format!("wgmma_{}x{}", cfg.bm, cfg.bn),
        &format!("{HOST_PRELUDE}{body}{HOST_MAIN}"),
        &[m, n, blocks, cfg.threads(), cfg.cluster],
    );
    let mut out: Vec<Vec<Vec<Ev>>> = vec![Vec::new(); blocks as usize];
    let mut cur = 0usize;
    for line in text.lines() {
        let mut it = line.split_whitespace();
        let tag = it.next().unwrap_or("");
        let v: Vec<i64> = it.map(|x| x.parse::<i128>().unwrap() as i64).collect();
        let u = |i: usize| v[i] as u64;
        let ev = match tag {
            "B" => {
                cur = v[0] as usize;
                out[cur].push(Vec::new());
                continue;
            }
            "I" => Ev::Init {
                bar: u(0),
                count: u(1),
            },
            "S" => Ev::Sync,
            "W" => Ev::Wait {
                bar: u(0),
                parity: u(1),
            },
            "E" => Ev::ExpectTx {
                bar: u(0),
                bytes: u(1),
            },
            "A" => Ev::Arrive {
                bar: u(0),
                cta: (v[1] >= 0).then(|| u(1)),
            },
            "T" => Ev::Tma {
                dst: u(0),
                b: v[1] == 1,
                c0: v[2],
                c1: v[3],
                bar: u(4),
                mask: u(5),
            },
            "K" => Ev::ClusterSync,
            "R" => Ev::MaxReg(v[0]),
            "Z" => Ev::Zero,
            "F" => Ev::Fence,
            "M" => Ev::Commit,
            "X" => Ev::WaitGroup(v[0] as usize),
            "G" => Ev::Wgmma { da: u(0), db: u(1) },
            "P" => Ev::Store {
                c: v[0],
                i0: v[1] as usize,
                i1: v[2] as usize,
            },
            other => panic!("unknown record '{other}'"),
        };
        out[cur].last_mut().unwrap().push(ev);
    }
    out
}

/// An mbarrier: expected arrivals, pending arrivals and transaction bytes
/// of the current phase, and the number of completed phases.
#[derive(Clone, Debug)]
struct Mbar {
    count: u64,
    pending: u64,
    tx: i64,
    phases: u64,
}

impl Mbar {
    fn complete_if_done(&mut self) {
        if self.pending == 0 && self.tx == 0 {
            self.phases += 1;
            self.pending = self.count;
        }
    }
}

/// Shared memory, byte-addressed.
struct Smem(Vec<u8>);

impl Smem {
    fn get(&self, addr: u64) -> i64 {
        let a = addr as usize;
        i64::from(i16::from_le_bytes([self.0[a], self.0[a + 1]]))
    }
    fn set(&mut self, addr: u64, v: i64) {
        let a = addr as usize;
        self.0[a..a + 2].copy_from_slice(&(v as i16).to_le_bytes());
    }
}

/// The 128-byte swizzle of a shared-memory byte address: bits 4-6 (the
/// 16-byte chunk) XOR bits 7-9 (the row within 8 rows of 128 bytes).
fn sw128(addr: u64) -> u64 {
    addr ^ (((addr >> 7) & 7) << 4)
}

/// Element `(r, k)` of a K-major operand through a `wgmma` descriptor: the
/// canonical 128-byte-swizzled layout, rows of 128 bytes in groups of 8,
/// groups `SBO` bytes apart.
fn desc_addr(desc: u64, r: u64, k: u64) -> u64 {
    let start = (desc & 0x3fff) << 4;
    let sbo = ((desc >> 32) & 0x3fff) << 4;
    assert_eq!(
        desc >> 62,
        1,
        "the descriptor's layout type is the 128-byte swizzle"
    );
    assert_eq!(
        (desc >> 49) & 7,
        0,
        "base offset 0: the buffers are 1024-byte aligned"
    );
    sw128(start + (r % 8) * 128 + (r / 8) * sbo + 2 * k)
}

/// A small deterministic integer in [-3, 3].
fn val(seed: i64, i: i64) -> i64 {
    let x = (i.wrapping_mul(2654435761).wrapping_add(seed * 97)) >> 3;
    x.rem_euclid(7) - 3
}

/// Checks what each thread of one block does before and outside the
/// pipeline, and returns the block's barriers and its actors: the
/// producer (thread 0) and each consumer warpgroup (its first thread, whose
/// arrivals are the warpgroup's; the others issue the same collectives).
fn actors_of(cfg: WgmmaConfig, threads: &[Vec<Ev>]) -> (HashMap<u64, Mbar>, Vec<Vec<Ev>>) {
    let wg = 128usize;
    let consumers = cfg.consumers() as usize;
    // Thread 0 alone initializes the barriers, before a __syncthreads
    // (and, in a cluster, a cluster sync) that every thread passes; then
    // the producer warpgroup gives up registers and the consumers take
    // them.
    let mut bars: HashMap<u64, Mbar> = HashMap::new();
    for (t, evs) in threads.iter().enumerate() {
        let sync = evs
            .iter()
            .position(|e| *e == Ev::Sync)
            .expect("a __syncthreads");
        for e in &evs[..sync] {
            let Ev::Init { bar, count } = *e else {
                panic!("thread {t}: {e:?} before the sync")
            };
            assert_eq!(t, 0, "only thread 0 initializes barriers");
            bars.insert(
                bar,
                Mbar {
                    count,
                    pending: count,
                    tx: 0,
                    phases: 0,
                },
            );
        }
        let mut after = sync + 1;
        if cfg.cluster > 1 {
            assert_eq!(
                evs.get(after),
                Some(&Ev::ClusterSync),
                "thread {t} syncs the cluster"
            );
            assert_eq!(
                evs.last(),
                Some(&Ev::ClusterSync),
                "thread {t} ends with a cluster sync"
            );
            after += 1;
        }
        let want = if t < wg { -40 } else { 232 };
        assert_eq!(
            evs.get(after),
            Some(&Ev::MaxReg(want)),
            "thread {t}'s setmaxnreg"
        );
    }
    // Collectives are warpgroup-uniform.
    let collective = |evs: &[Ev]| -> Vec<Ev> {
        evs.iter()
            .filter(|e| !matches!(e, Ev::Store { .. } | Ev::Arrive { .. }))
            .cloned()
            .collect()
    };
    for g in 0..consumers {
        let lead = collective(&threads[wg * (g + 1)]);
        for (t, evs) in threads.iter().enumerate().skip(wg * (g + 1)).take(wg) {
            assert_eq!(
                collective(evs),
                lead,
                "thread {t} leaves its warpgroup's collectives"
            );
            if t % wg != 0 {
                assert!(
                    !evs.iter().any(|e| matches!(e, Ev::Arrive { .. })),
                    "thread {t} arrives"
                );
            }
        }
    }
    for (t, evs) in threads.iter().enumerate().skip(1).take(wg - 1) {
        assert!(
            evs.iter()
                .all(|e| matches!(e, Ev::Sync | Ev::ClusterSync | Ev::MaxReg(_))),
            "producer thread {t} does nothing but sync and give up registers"
        );
    }
    let mut actors = vec![threads[0].clone()];
    actors.extend((0..consumers).map(|g| threads[wg * (g + 1)].clone()));
    (bars, actors)
}

/// The values a `wgmma` reads through its descriptors: A's 64 x 16 and
/// B's `rows_b` x 16, row by row.
type Read = (Vec<i64>, Vec<i64>);

fn read(smem: &Smem, rows_b: u64, da: u64, db: u64) -> Read {
    let a = (0..64 * 16)
        .map(|i| smem.get(desc_addr(da, i / 16, i % 16)))
        .collect();
    let b = (0..rows_b * 16)
        .map(|i| smem.get(desc_addr(db, i / 16, i % 16)))
        .collect();
    (a, b)
}

/// One thread's accumulators through its own program: zeroed, updated by
/// the wgmmas each of its warpgroup's waits retired (in the registers of
/// the D fragment of its lane), and stored. Returns its stores.
fn thread_stores(t: usize, evs: &[Ev], retired: &[Vec<Read>], acc_of: &[i64]) -> Vec<(i64, i64)> {
    let (w, l) = (t / 32, t % 32);
    let mut acc = vec![0i64; acc_of.len()];
    let mut waits = 0;
    let mut stores = Vec::new();
    for e in evs {
        match *e {
            Ev::Zero => acc.iter_mut().for_each(|x| *x = 0),
            Ev::WaitGroup(_) => {
                for (ra, rb) in &retired[waits] {
                    for (i, &reg) in acc_of.iter().enumerate() {
                        let row = 16 * w + l / 4 + 8 * ((i / 2) % 2);
                        let col = 8 * (i / 4) + 2 * (l % 4) + i % 2;
                        let dot: i64 = (0..16)
                            .map(|kk| ra[row * 16 + kk] * rb[col * 16 + kk])
                            .sum();
                        acc[reg as usize] += dot;
                    }
                }
                waits += 1;
            }
            Ev::Store { c, i0, i1 } => {
                stores.push((c, acc[i0]));
                stores.push((c + 1, acc[i1]));
            }
            _ => {}
        }
    }
    stores
}

/// The simulation's state for one cluster.
struct Cluster {
    /// Barriers by (block, address).
    bars: HashMap<(usize, u64), Mbar>,
    /// Per block: producer, then consumer warpgroups.
    actors: Vec<Vec<Ev>>,
    pc: Vec<usize>,
    per: usize,
    smem: Vec<Smem>,
}

impl Cluster {
    /// A block is running while one of its actors has work left; nothing
    /// may land in or arrive on a block that has stopped.
    fn running(&self, c: usize) -> bool {
        (c * self.per..(c + 1) * self.per).any(|a| self.pc[a] < self.actors[a].len())
    }

    fn runnable(&self, a: usize) -> bool {
        let at = |b: usize| self.actors[b].get(self.pc[b]);
        match at(a) {
            None => false,
            Some(Ev::Wait { bar, parity }) => {
                self.bars[&(a / self.per, *bar)].phases % 2 != *parity
            }
            // The cluster sync ends the kernel: every actor gets there.
            Some(Ev::ClusterSync) => {
                (0..self.actors.len()).all(|b| matches!(at(b), Some(Ev::ClusterSync) | None))
            }
            Some(_) => true,
        }
    }

    fn complete_tx(&mut self, c: usize, bar: u64, bytes: i64) {
        let b = self.bars.get_mut(&(c, bar)).unwrap();
        b.tx -= bytes;
        b.complete_if_done();
    }
}

/// Replays one cluster's blocks under the schedule of `seed`; returns the
/// stores `(offset into C, value)`.
fn replay_cluster(
    cfg: WgmmaConfig,
    (m, n, k): (i64, i64, i64),
    blocks: &[Vec<Vec<Ev>>],
    boxes: [(u64, u64); 2],
    acc_of: &[i64],
    seed: u64,
) -> Vec<(i64, i64)> {
    let wg = 128usize;
    let consumers = cfg.consumers() as usize;
    let mut cl = Cluster {
        bars: HashMap::new(),
        actors: Vec::new(),
        pc: Vec::new(),
        per: 1 + consumers,
        smem: (0..blocks.len())
            .map(|_| Smem(vec![0; cfg.smem_bytes() as usize]))
            .collect(),
    };
    for (c, threads) in blocks.iter().enumerate() {
        let (b, a) = actors_of(cfg, threads);
        cl.bars
            .extend(b.into_iter().map(|(addr, mb)| ((c, addr), mb)));
        cl.actors.extend(a);
    }
    cl.pc = cl
        .actors
        .iter()
        .map(|evs| evs.iter().position(|e| matches!(e, Ev::MaxReg(_))).unwrap() + 1)
        .collect();
    // In-flight TMA loads, with the block that issued each.
    let mut tmas: Vec<(usize, Ev)> = Vec::new();
    // Per consumer warpgroup of the cluster: committed groups of issued
    // reads, the open group, and per `wgmma.wait_group` in program order
    // the wgmmas it retired.
    let nc = blocks.len() * consumers;
    let mut groups: Vec<Vec<Vec<(Read, u64, u64)>>> = vec![Vec::new(); nc];
    let mut open: Vec<Vec<(Read, u64, u64)>> = vec![Vec::new(); nc];
    let mut retired: Vec<Vec<Vec<Read>>> = vec![Vec::new(); nc];
    let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = |bound: usize| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        (rng % bound as u64) as usize
    };
    let rows_b = cfg.bn as u64;
    loop {
        let runnable: Vec<usize> = (0..cl.actors.len()).filter(|&a| cl.runnable(a)).collect();
        if runnable.is_empty() && tmas.is_empty() {
            let stuck: Vec<_> = (0..cl.actors.len())
                .filter(|&a| cl.pc[a] < cl.actors[a].len())
                .collect();
            assert!(stuck.is_empty(), "deadlock: actors {stuck:?} wait forever");
            break;
        }
        let pick = next(runnable.len() + tmas.len());
        if pick >= runnable.len() {
            // A TMA load lands in each block of its mask: its box, swizzled,
            // zeros outside the tensor; then its bytes complete there.
            let (from, ev) = tmas.swap_remove(pick - runnable.len());
            let Ev::Tma {
                dst,
                b: is_b,
                c0,
                c1,
                bar,
                mask,
            } = ev
            else {
                unreachable!()
            };
            let (rows, seed) = if is_b { (n, 2) } else { (m, 1) };
            let (inner, outer) = boxes[usize::from(is_b)];
            assert_eq!(inner * 2, 128, "a box row is one 128-byte swizzle row");
            assert!(mask >> blocks.len() == 0, "a multicast outside the cluster");
            let targets: Vec<usize> = if mask == 0 {
                vec![from]
            } else {
                (0..blocks.len()).filter(|&c| mask >> c & 1 == 1).collect()
            };
            for c in targets {
                assert!(cl.running(c), "a TMA lands in block {c}, which has stopped");
                for j in 0..outer {
                    for i in 0..inner {
                        let (r, col) = (c1 + j as i64, c0 + i as i64);
                        let v = if r < rows && col < k {
                            val(seed, r * k + col)
                        } else {
                            0
                        };
                        cl.smem[c].set(sw128(dst + j * 128 + 2 * i), v);
                    }
                }
                cl.complete_tx(c, bar, (inner * outer * 2) as i64);
            }
            continue;
        }
        let a = runnable[pick];
        let ev = cl.actors[a][cl.pc[a]].clone();
        cl.pc[a] += 1;
        let cta = a / cl.per;
        // The consumer warpgroup's index in the cluster (unused for a
        // producer).
        let g = (cta * consumers + a % cl.per).wrapping_sub(1);
        match ev {
            Ev::Wait { .. } | Ev::Fence | Ev::Zero | Ev::Store { .. } | Ev::ClusterSync => {}
            Ev::ExpectTx { bar, bytes } => {
                let b = cl.bars.get_mut(&(cta, bar)).unwrap();
                b.tx += bytes as i64;
                b.pending -= 1;
                b.complete_if_done();
            }
            Ev::Arrive { bar, cta: to } => {
                let to = to.map_or(cta, |r| r as usize);
                assert!(to < blocks.len(), "an arrival outside the cluster");
                assert!(
                    to == cta || cl.running(to),
                    "an arrival on block {to}, which has stopped"
                );
                let b = cl.bars.get_mut(&(to, bar)).unwrap();
                assert!(b.pending > 0, "an arrival on a completed phase");
                b.pending -= 1;
                b.complete_if_done();
            }
            Ev::Tma { dst, .. } => {
                assert_eq!(dst % 1024, 0, "a TMA box starts on the swizzle's period");
                tmas.push((cta, ev));
            }
            Ev::Wgmma { da, db } => open[g].push((read(&cl.smem[cta], rows_b, da, db), da, db)),
            Ev::Commit => groups[g].push(std::mem::take(&mut open[g])),
            Ev::WaitGroup(keep) => {
                let mut done = Vec::new();
                while groups[g].len() > keep {
                    for (r, da, db) in groups[g].remove(0) {
                        assert_eq!(
                            r,
                            read(&cl.smem[cta], rows_b, da, db),
                            "a stage changed while a wgmma read it"
                        );
                        done.push(r);
                    }
                }
                retired[g].push(done);
            }
            other => panic!("actor {a}: unexpected {other:?} in the main loop"),
        }
    }
    assert!(
        open.iter().all(Vec::is_empty) && groups.iter().all(Vec::is_empty),
        "unretired wgmmas"
    );
    let mut stores = Vec::new();
    for (c, threads) in blocks.iter().enumerate() {
        for g in 0..consumers {
            for t in 0..wg {
                let evs = &threads[wg * (g + 1) + t];
                stores.extend(thread_stores(t, evs, &retired[c * consumers + g], acc_of));
            }
        }
    }
    stores
}

fn check(cfg: WgmmaConfig, m: i64, n: i64, k: i64, seeds: u64) {
    let l = wgmma_layouts(cfg, m, n, k).unwrap();
    let acc_of = accumulator_registers(&l.c.frag).unwrap();
    let bx = |b: &[u32]| (u64::from(b[0]), u64::from(b[1]));
    let boxes = [bx(&l.a.tma.box_dim), bx(&l.b.tma.box_dim)];
    let blocks = record(cfg, m, n, k);
    let mut want = vec![0i64; (m * n) as usize];
    for i in 0..m {
        for j in 0..n {
            want[(i * n + j) as usize] =
                (0..k).map(|p| val(1, i * k + p) * val(2, j * k + p)).sum();
        }
    }
    for seed in 0..seeds {
        let mut seen = vec![0u32; (m * n) as usize];
        for (b, cluster) in blocks.chunks(cfg.cluster as usize).enumerate() {
            assert_eq!(
                cluster.len() as i64,
                cfg.cluster,
                "the grid is whole clusters"
            );
            let stores =
                replay_cluster(cfg, (m, n, k), cluster, boxes, &acc_of, seed + 7 * b as u64);
            for (c, v) in stores {
                assert!((0..m * n).contains(&c), "a store outside C at {c}");
                assert_eq!(
                    v,
                    want[c as usize],
                    "C[{}][{}] (block {b}, seed {seed})",
                    c / n,
                    c % n
                );
                seen[c as usize] += 1;
            }
        }
        let wrong: Vec<usize> = (0..seen.len()).filter(|&i| seen[i] != 1).collect();
        assert!(
            wrong.is_empty(),
            "{} elements of C not stored exactly once",
            wrong.len()
        );
    }
}

fn cfg(bm: i64, bn: i64, stages: i64, elem: Elem) -> WgmmaConfig {
    WgmmaConfig {
        bm,
        bn,
        bk: 64,
        stages,
        elem,
        blocks: 0,
        cluster: 1,
    }
}

#[test]
fn two_consumers_n64_ragged() {
    // Neither M, N nor K is a multiple of its tile; more k-tiles than
    // stages, so every stage is reused.
    check(cfg(128, 64, 3, Elem::F16), 200, 100, 328, 3);
}

#[test]
fn two_consumers_n256_bf16() {
    check(cfg(128, 256, 4, Elem::Bf16), 130, 260, 200, 2);
}

#[test]
fn one_consumer_two_stages() {
    check(cfg(64, 128, 2, Elem::F16), 70, 130, 136, 3);
}

#[test]
fn persistent_blocks_run_several_tiles() {
    // 3 blocks for 2 x 3 tiles of 64 x 128, 3 stages over 3 k-tiles: the
    // ring's stage and phase carry over from tile to tile.
    let c = WgmmaConfig {
        blocks: 3,
        ..cfg(64, 128, 3, Elem::F16)
    };
    check(c, 100, 300, 136, 3);
}

#[test]
fn clusters_of_two_multicast_b() {
    // 2 x 2 tiles in clusters of 2 along M, ragged: each block loads half
    // of B's tile and multicasts it to both.
    let c = WgmmaConfig {
        cluster: 2,
        ..cfg(128, 64, 3, Elem::F16)
    };
    check(c, 200, 100, 328, 3);
}

#[test]
fn clusters_padded_past_m() {
    // 3 tile rows: the second cluster's second block runs past M, loads
    // zeros and its half of B, and stores nothing.
    let c = WgmmaConfig {
        cluster: 2,
        ..cfg(64, 128, 2, Elem::Bf16)
    };
    check(c, 150, 130, 200, 3);
}
