//! `cute_rs_hgemm`'s body on the host: every thread of every block runs
//! [`hgemm_thread`] with a recorder for [`GemmOps`], whose registers are
//! names, not values. The records are then replayed a block at a time with
//! the PTX ISA's semantics, independently of CuTe's atom tables: which
//! lane's row address feeds which register of `ldmatrix.x4`, which register
//! holds which element of an `m16n8k16` fragment, `cp.async` zero fill and
//! its groups, and the barrier. The replay computes C from A and B (small
//! integers, so every sum is exact in `f32` and `f16`) and compares it with
//! the plain product at every element.
//!
//! Copies land either when issued (a copy into a stage another warp still
//! reads would corrupt its operands) or only when waited for (a stage read
//! before its wait would give stale values): the kernel must be right both
//! ways.

use std::cell::{Cell, RefCell};

use super::*;

/// One recorded instruction of one thread. Register names index the
/// thread's values; `NONE` is a register never written.
#[derive(Clone, Debug)]
enum Op {
    Cp {
        smem: i32,
        src: usize,
        pred: bool,
    },
    Commit,
    Wait(u32),
    Sync,
    Ldsm {
        smem: i32,
        out: [u32; 4],
    },
    Mma {
        c: [u32; 4],
        a: [u32; 4],
        b: [u32; 2],
        d: [u32; 4],
    },
    Store {
        dst: usize,
        lo: u32,
        hi: u32,
    },
}

const NONE: u32 = u32::MAX;
/// The accumulator holding zero.
const ZERO: u32 = 0;

struct Recorder {
    ops: RefCell<Vec<Op>>,
    next: Cell<u32>,
}

impl Recorder {
    fn new() -> Self {
        Recorder {
            ops: RefCell::new(Vec::new()),
            next: Cell::new(1),
        }
    }
    fn fresh(&self) -> u32 {
        let r = self.next.get();
        self.next.set(r + 1);
        r
    }
    fn push(&self, op: Op) {
        self.ops.borrow_mut().push(op);
    }
}

impl GemmOps for Recorder {
    type Reg = u32;
    type Acc = u32;
    fn zero(&self) -> u32 {
        ZERO
    }
    fn zero_reg(&self) -> u32 {
        NONE
    }
    unsafe fn cp_async(&self, smem: i32, src: *const u16, pred: bool) {
        self.push(Op::Cp {
            smem,
            src: src as usize,
            pred,
        });
    }
    fn commit(&self) {
        self.push(Op::Commit);
    }
    fn wait<const N: u32>(&self) {
        self.push(Op::Wait(N));
    }
    fn sync(&self) {
        self.push(Op::Sync);
    }
    unsafe fn ldsm_x4(&self, smem: i32) -> [u32; 4] {
        let out = [self.fresh(), self.fresh(), self.fresh(), self.fresh()];
        self.push(Op::Ldsm { smem, out });
        out
    }
    fn mma(&self, c: [u32; 4], a: [u32; 4], b: [u32; 2]) -> [u32; 4] {
        let d = [self.fresh(), self.fresh(), self.fresh(), self.fresh()];
        self.push(Op::Mma { c, a, b, d });
        d
    }
    unsafe fn store_pair(&self, dst: *mut u16, lo: u32, hi: u32) {
        self.push(Op::Store {
            dst: dst as usize,
            lo,
            hi,
        });
    }
}

/// `f16` bits of a small integer (exact: `|v| <= 2048`).
fn f16_of(v: i32) -> u16 {
    if v == 0 {
        return 0;
    }
    let (s, a) = (u16::from(v < 0) << 15, v.unsigned_abs());
    let e = 31 - a.leading_zeros(); // a = 1.f * 2^e
    assert!(a < 2048, "{v} is not exact in f16");
    let mant = ((a << (10 - e)) & 0x3ff) as u16;
    s | ((e as u16 + 15) << 10) | mant
}

/// The value of `f16` bits (normal numbers, zero, and NaN for the rest).
fn f16_value(b: u16) -> f32 {
    let (s, e, f) = (b >> 15, (b >> 10) & 31, f32::from(b & 0x3ff));
    let v = match e {
        0 => f / 1024.0 * 2f32.powi(-14),
        31 => f32::NAN,
        _ => (1.0 + f / 1024.0) * 2f32.powi(i32::from(e) - 15),
    };
    if s == 1 { -v } else { v }
}

/// When a `cp.async` writes shared memory.
#[derive(Clone, Copy, Debug)]
enum Landing {
    /// At once, as if the copy raced ahead of every other warp.
    Issue,
    /// Only when a `cp.async.wait_group` of its thread waits for it.
    Wait,
}

/// A thread's replay state.
struct Thread {
    ops: Vec<Op>,
    pc: usize,
    /// Register values: `f16` pairs as bits, accumulators as `f32` bits.
    vals: Vec<Option<u32>>,
    groups: Vec<Vec<(i32, usize, bool)>>,
    open: Vec<(i32, usize, bool)>,
}

struct Block<'a> {
    smem: Vec<u16>,
    ab: &'a [u16],
    ab_base: usize,
    c: &'a mut [Option<f32>],
    c_base: usize,
    landing: Landing,
}

impl Block<'_> {
    fn land(&mut self, (smem, src, pred): (i32, usize, bool)) {
        assert!(
            smem % 8 == 0 && smem >= 0,
            "cp.async to a misaligned or negative offset {smem}"
        );
        let dst = &mut self.smem[smem as usize..smem as usize + 8];
        if pred {
            assert!(
                src >= self.ab_base && (src - self.ab_base).is_multiple_of(16),
                "cp.async from {src:#x}"
            );
            let o = (src - self.ab_base) / 2;
            dst.copy_from_slice(&self.ab[o..o + 8]);
        } else {
            dst.fill(0);
        }
    }

    fn get(t: &Thread, r: u32) -> u32 {
        if r == ZERO {
            return 0f32.to_bits();
        }
        t.vals
            .get(r as usize)
            .copied()
            .flatten()
            .expect("a register read before it is written")
    }

    /// Runs thread `t`'s instructions up to its next warp-wide one, barrier
    /// or end.
    fn run_local(&mut self, t: &mut Thread) {
        while let Some(op) = t.ops.get(t.pc).cloned() {
            match op {
                Op::Cp { smem, src, pred } => match self.landing {
                    Landing::Issue => self.land((smem, src, pred)),
                    Landing::Wait => t.open.push((smem, src, pred)),
                },
                Op::Commit => t.groups.push(std::mem::take(&mut t.open)),
                Op::Wait(n) => {
                    while t.groups.len() > n as usize {
                        for cp in t.groups.remove(0) {
                            self.land(cp);
                        }
                    }
                }
                Op::Store { dst, lo, hi } => {
                    assert!(
                        dst >= self.c_base && (dst - self.c_base).is_multiple_of(4),
                        "store to {dst:#x}"
                    );
                    let o = (dst - self.c_base) / 2;
                    for (i, r) in [(o, lo), (o + 1, hi)] {
                        assert!(self.c[i].is_none(), "C element {i} stored twice");
                        self.c[i] = Some(f32::from_bits(Self::get(t, r)));
                    }
                }
                Op::Sync | Op::Ldsm { .. } | Op::Mma { .. } => return,
            }
            t.pc += 1;
        }
    }

    /// The warp's lanes all at the same warp-wide instruction: runs it.
    fn run_warp(&mut self, w: &mut [Thread]) {
        match w[0].ops[w[0].pc] {
            Op::Ldsm { .. } => {
                let rows: Vec<i32> = w
                    .iter()
                    .map(|t| match t.ops[t.pc] {
                        Op::Ldsm { smem, .. } => smem,
                        _ => panic!("lanes diverge at an ldmatrix"),
                    })
                    .collect();
                for (l, t) in w.iter_mut().enumerate() {
                    let Op::Ldsm { out, .. } = t.ops[t.pc] else {
                        unreachable!()
                    };
                    for (j, r) in out.iter().enumerate() {
                        // Register j: matrix j, row l / 4, columns 2 (l % 4) + {0, 1}.
                        let row = rows[8 * j + l / 4];
                        assert!(row % 8 == 0, "ldmatrix row at a misaligned offset {row}");
                        let at = (row + 2 * (l as i32 % 4)) as usize;
                        let v = u32::from(self.smem[at]) | u32::from(self.smem[at + 1]) << 16;
                        set(t, *r, v);
                    }
                }
            }
            Op::Mma { .. } => {
                let mut a = [[0f32; 16]; 16]; // (m, k)
                let mut b = [[0f32; 8]; 16]; // (k, n)
                let mut c = [[0f32; 8]; 16]; // (m, n)
                let half = |v: u32, h: u32| f16_value((v >> (16 * h)) as u16);
                for (l, t) in w.iter().enumerate() {
                    let Op::Mma {
                        a: ra,
                        b: rb,
                        c: rc,
                        ..
                    } = t.ops[t.pc]
                    else {
                        panic!("lanes diverge at an mma")
                    };
                    let (g, q) = (l / 4, 2 * (l % 4));
                    for h in 0..2 {
                        // a0: (g, q), a1: (g+8, q), a2: (g, q+8), a3: (g+8, q+8).
                        for (i, (dm, dk)) in
                            [(0, 0), (8, 0), (0, 8), (8, 8)].into_iter().enumerate()
                        {
                            a[g + dm][q + dk + h] = half(Self::get(t, ra[i]), h as u32);
                        }
                        // b0: (k = q, n = g), b1: (q + 8, g).
                        for (i, dk) in [0, 8].into_iter().enumerate() {
                            b[q + dk + h][g] = half(Self::get(t, rb[i]), h as u32);
                        }
                        // c0, c1: (g, q + {0,1}); c2, c3: (g + 8, q + {0,1}).
                        c[g][q + h] = f32::from_bits(Self::get(t, rc[h]));
                        c[g + 8][q + h] = f32::from_bits(Self::get(t, rc[2 + h]));
                    }
                }
                for (l, t) in w.iter_mut().enumerate() {
                    let Op::Mma { d, .. } = t.ops[t.pc] else {
                        unreachable!()
                    };
                    let (g, q) = (l / 4, 2 * (l % 4));
                    let dot = |i: usize, j: usize| {
                        c[i][j] + (0..16).map(|p| a[i][p] * b[p][j]).sum::<f32>()
                    };
                    for (r, (i, j)) in
                        d.iter()
                            .zip([(g, q), (g, q + 1), (g + 8, q), (g + 8, q + 1)])
                    {
                        set(t, *r, dot(i, j).to_bits());
                    }
                }
            }
            _ => unreachable!(),
        }
        for t in w.iter_mut() {
            t.pc += 1;
        }
    }

    /// Replays the block's threads to the end: each warp up to the next
    /// barrier in turn, then the barrier.
    fn run(&mut self, threads: &mut [Thread]) {
        loop {
            for w in threads.chunks_mut(32) {
                loop {
                    for t in w.iter_mut() {
                        self.run_local(t);
                    }
                    let at = |t: &Thread| t.ops.get(t.pc).map(std::mem::discriminant);
                    let first = at(&w[0]);
                    assert!(w.iter().all(|t| at(t) == first), "a warp's lanes diverge");
                    match w[0].ops.get(w[0].pc) {
                        Some(Op::Ldsm { .. } | Op::Mma { .. }) => self.run_warp(w),
                        _ => break,
                    }
                }
            }
            let done = threads.iter().filter(|t| t.pc == t.ops.len()).count();
            if done == threads.len() {
                break;
            }
            assert_eq!(done, 0, "some threads end while others wait at a barrier");
            for t in threads.iter_mut() {
                t.pc += 1; // past __syncthreads
            }
        }
        for t in threads.iter() {
            assert!(
                t.open.is_empty() && t.groups.is_empty(),
                "a cp.async never waited for"
            );
        }
    }
}

fn set(t: &mut Thread, r: u32, v: u32) {
    let r = r as usize;
    if t.vals.len() <= r {
        t.vals.resize(r + 1, None);
    }
    t.vals[r] = Some(v);
}

/// Runs the kernel on `M x N x K` and compares C with the product.
fn hgemm_on_host(m: i32, n: i32, k: i32, landing: Landing) {
    let (mu, nu, ku) = (m as usize, n as usize, k as usize);
    // A then B in one allocation (16-byte aligned), so that a copy's source
    // address says which operand it reads.
    let val = |i: usize, s: usize| ((i * 7 + s) % 5) as i32 - 2;
    let b_at = mu * ku + 64;
    let mut words = vec![0u128; (b_at + nu * ku).div_ceil(8)];
    // SAFETY: u128 is 8 u16s.
    let ab: &mut [u16] =
        unsafe { std::slice::from_raw_parts_mut(words.as_mut_ptr().cast(), words.len() * 8) };
    for (i, x) in ab[..mu * ku].iter_mut().enumerate() {
        *x = f16_of(val(i, 1));
    }
    for (i, x) in ab[b_at..b_at + nu * ku].iter_mut().enumerate() {
        *x = f16_of(val(i, 3));
    }
    let ab: &[u16] = ab;
    let mut c_words = vec![0u32; (mu * nu).div_ceil(2)];
    let c_ptr: *mut u16 = c_words.as_mut_ptr().cast();
    let mut c: Vec<Option<f32>> = vec![None; mu * nu];
    let (pa, pb) = (ab.as_ptr(), ab[b_at..].as_ptr());
    for pid in 0..hgemm_blocks(m, n) {
        let mut threads: Vec<Thread> = (0..HGEMM_THREADS)
            .map(|tid| {
                let rec = Recorder::new();
                // SAFETY: the recorder reads and writes no memory; the
                // pointers are only compared and offset.
                unsafe { hgemm_thread(&rec, pa, pb, c_ptr, m, n, k, tid, pid) };
                Thread {
                    ops: rec.ops.into_inner(),
                    pc: 0,
                    vals: Vec::new(),
                    groups: Vec::new(),
                    open: Vec::new(),
                }
            })
            .collect();
        let mut blk = Block {
            // Poison: NaN in f16, so that a read of an unwritten element shows.
            smem: vec![0x7e00; (HGEMM_SMEM_BYTES / 2) as usize],
            ab,
            ab_base: pa as usize,
            c: &mut c,
            c_base: c_ptr as usize,
            landing,
        };
        blk.run(&mut threads);
    }
    let mut bad = 0;
    for i in 0..mu {
        for j in 0..nu {
            let want: i32 = (0..ku)
                .map(|p| val(i * ku + p, 1) * val(j * ku + p, 3))
                .sum();
            if c[i * nu + j] != Some(want as f32) {
                if bad < 5 {
                    eprintln!("C({i},{j}) = {:?}, want {want}", c[i * nu + j]);
                }
                bad += 1;
            }
        }
    }
    assert_eq!(
        bad, 0,
        "hgemm {m}x{n}x{k} ({landing:?}): {bad} wrong elements of C"
    );
}

#[test]
fn hgemm_ragged_copies_land_at_issue() {
    // Two block rows and columns, both ragged; 3 k-tiles, the last ragged.
    hgemm_on_host(200, 300, 136, Landing::Issue);
}

#[test]
fn hgemm_ragged_copies_land_at_wait() {
    // 5 k-tiles: the pipeline wraps around its 4 stages.
    hgemm_on_host(130, 258, 264, Landing::Wait);
}

#[test]
fn hgemm_one_k_tile() {
    hgemm_on_host(64, 40, 40, Landing::Wait);
    hgemm_on_host(128, 256, 64, Landing::Issue);
}

#[test]
fn hgemm_replay_catches_a_missing_wait() {
    // The replay itself can fail: a kernel that read a stage without
    // waiting for its copies would see poisoned shared memory.
    let rec = Recorder::new();
    // SAFETY: the recorder touches no memory.
    unsafe { rec.cp_async(0, std::ptr::null(), false) };
    rec.commit();
    let mut t = Thread {
        ops: rec.ops.into_inner(),
        pc: 0,
        vals: Vec::new(),
        groups: Vec::new(),
        open: Vec::new(),
    };
    let mut c = Vec::new();
    let mut blk = Block {
        smem: vec![0x7e00; 8],
        ab: &[],
        ab_base: 0,
        c: &mut c,
        c_base: 0,
        landing: Landing::Wait,
    };
    blk.run_local(&mut t);
    assert!(
        f16_value(blk.smem[0]).is_nan(),
        "a copy landed before its wait"
    );
    assert_eq!(
        (f16_value(f16_of(-3)), f16_value(f16_of(1056))),
        (-3.0, 1056.0)
    );
}

#[test]
fn smem_swizzle_is_the_swizzle_of_the_sum() {
    // Sw<3,3,3> by its definition: bits 6..9 of the offset xor-ed into
    // bits 3..6.
    let sw = |o: i32| o ^ ((o >> 3) & 0x38);
    for inner in 0..4096 {
        for outer in [0, 8, 16, 48, 64, 512, 1024, 8192, 3 * 16384, 16 + 8192] {
            assert_eq!(
                smem_swizzle(inner, outer),
                sw(inner + outer),
                "{inner} + {outer}"
            );
        }
    }
}

#[test]
fn hgemm_static_stage_layouts() {
    // The kernel takes the stage layouts from their types; the same as
    // tile_to_shape computes them.
    for (got, want) in [
        (
            static_value(|| tile_to_shape(layout![(8, 64) : (64, 1)], shape![128, 64, 4]))
                .to_string(),
            tile_to_shape(layout![(8, 64) : (64, 1)], shape![128, 64, 4]).to_string(),
        ),
        (
            static_value(|| tile_to_shape(layout![(8, 64) : (64, 1)], shape![256, 64, 4]))
                .to_string(),
            tile_to_shape(layout![(8, 64) : (64, 1)], shape![256, 64, 4]).to_string(),
        ),
    ] {
        assert_eq!(got, want);
    }
}

#[test]
#[should_panic(expected = "extents outside")]
fn hgemm_extents_checked() {
    require_gemm_extents(64, 64, 12);
}
