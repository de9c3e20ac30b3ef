//! [`TiledMma`]: CuTe's `TiledMMA` (`make_tiled_mma`), its thread-value
//! layouts, and `ThrMMA`'s per-thread partitions of runtime tensors. Every
//! function is the composition of divides, compositions and inverses that
//! `mma_atom.hpp` writes.

use alloc::vec;
use alloc::vec::Vec;
use core::fmt;

use super::MmaAtom;
use super::partition::{AnyTensor, underscores};
use crate::dynamic::{CoordTree, DynLayout, IntTree, Tiler};
use crate::error::LayoutError;

/// Which operand of `D = A * B + C`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operand {
    /// A, (M,K).
    A,
    /// B, (N,K).
    B,
    /// C, (M,N).
    C,
}

impl Operand {
    /// The MNK modes the operand spans, and the `ThrLayoutVMNK` modes that
    /// tile its threads.
    fn modes(self) -> ([usize; 2], [usize; 2]) {
        match self {
            Operand::A => ([0, 2], [1, 3]),
            Operand::B => ([1, 2], [2, 3]),
            Operand::C => ([0, 1], [1, 2]),
        }
    }
}

/// `TiledMMA<MMA_Atom, AtomLayoutMNK, PermutationMNK>`.
///
/// ```
/// use cute_algebra::atom::dynamic::{MmaAtom, Operand, TiledMma};
/// let tm = TiledMma::new(MmaAtom::parse("SM80_16x8x8_F16F16F16F16_TN").unwrap(),
///                        &"(2,2,1)".parse().unwrap(), None).unwrap();
/// assert_eq!(tm.tile_shape().unwrap(), [32, 16, 8]);
/// assert_eq!(tm.layout_tv(Operand::C).unwrap().size().unwrap(), 32 * 16);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TiledMma {
    /// The atom.
    pub atom: MmaAtom,
    /// `AtomLayoutMNK`, padded to rank 3 with `1:0`.
    pub thr_layout_mnk: DynLayout,
    /// `PermutationMNK`, padded to rank 3 with `_`.
    pub permutation: [Tiler; 3],
    thr_vmnk: DynLayout,
}

impl fmt::Display for TiledMma {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "TiledMMA({}, ThrLayoutVMNK: {}, PermutationMNK: {})",
            self.atom,
            self.thr_vmnk,
            Tiler::Tuple(self.permutation.to_vec())
        )
    }
}

/// `make_layout(n)`: `n:1`, or `1:0`.
fn make_layout(n: i64) -> Result<DynLayout, LayoutError> {
    DynLayout::int_tile(n)
}

/// `size(tiler)`.
fn tiler_size(t: &Tiler) -> Result<i64, LayoutError> {
    Ok(match t {
        Tiler::Int(n) => *n,
        Tiler::Layout(l) => l.size()?,
        Tiler::Tuple(v) => v.iter().try_fold(1i64, |p, t| {
            tiler_size(t).and_then(|s| p.checked_mul(s).ok_or(LayoutError::Overflow { op: "size" }))
        })?,
        Tiler::Underscore => {
            return Err(LayoutError::BadArgument {
                op: "make_tiled_mma",
                msg: "'_' has no size",
            });
        }
    })
}

/// CuTe's `tiled_product(a, b)` for a layout `b`: `(a, b0', b1', ...)`.
pub(crate) fn tiled_product(a: &DynLayout, b: &DynLayout) -> Result<DynLayout, LayoutError> {
    let p = a.logical_product(&Tiler::Layout(b.clone()))?;
    let rest = p.mode(1)?;
    let mut modes = vec![p.mode(0)?];
    if b.is_integral() {
        modes.push(rest);
    } else {
        for i in 0..rest.rank() {
            modes.push(rest.mode(i)?);
        }
    }
    Ok(DynLayout::concat(&modes))
}

/// Leaves of `t` replaced, in order, by `leaves`.
fn with_leaves(t: &IntTree, leaves: &mut impl Iterator<Item = i64>) -> IntTree {
    match t {
        IntTree::Int(_) => IntTree::Int(leaves.next().unwrap_or(0)),
        IntTree::Tuple(v) => IntTree::Tuple(v.iter().map(|x| with_leaves(x, leaves)).collect()),
    }
}

/// CuTe's `make_fragment_like(layout)` for a static layout of rank > 1:
/// mode 0 compact column-major (its stride-0 leaves kept at stride 0), the
/// other modes compact in the order of their strides, as one
/// `tiled_product`.
pub(crate) fn make_fragment_like(l: &DynLayout) -> Result<DynLayout, LayoutError> {
    if l.rank() <= 1 || l.is_integral() {
        return DynLayout::make_layout_left(&l.shape());
    }
    let m0 = l.mode(0)?;
    let mut cur = 1i64;
    let s0: Vec<i64> = m0
        .flat()
        .iter()
        .map(|&(s, d)| {
            if s == 1 || d == 0 {
                0
            } else {
                let r = cur;
                cur *= s;
                r
            }
        })
        .collect();
    let m0 = DynLayout::new(m0.shape(), with_leaves(&m0.shape(), &mut s0.into_iter()))?;
    // compact_order: each leaf starts after the leaves of strictly smaller
    // stride.
    let rest: Vec<DynLayout> = (1..l.rank()).map(|i| l.mode(i)).collect::<Result<_, _>>()?;
    let rest = DynLayout::concat(&rest);
    let leaves = rest.flat();
    let strides: Vec<i64> = leaves
        .iter()
        .map(|&(s, o)| {
            if s == 1 {
                0
            } else {
                leaves
                    .iter()
                    .filter(|&&(_, oj)| oj < o)
                    .map(|&(sj, _)| sj)
                    .product()
            }
        })
        .collect();
    let rest = DynLayout::new(
        rest.shape(),
        with_leaves(&rest.shape(), &mut strides.into_iter()),
    )?;
    tiled_product(&m0, &rest)
}

/// An integer layout that `make_fragment_like` reads as it reads a
/// basis-strided one: only whether mode 0's strides are zero matters, and
/// the other modes must have zero strides, since CuTe cannot order a basis
/// against an integer.
fn order_proxy(b: &crate::basis::DynBasisLayout) -> Result<DynLayout, LayoutError> {
    use crate::basis::BasisStride;
    let shape = b.shape();
    let n0 = shape.mode(0).map_or(1, |m| m.leaves().len());
    let mut strides = Vec::new();
    for (k, (_, d)) in b.leaves().enumerate() {
        let zero = matches!(d, BasisStride::Int(0) | BasisStride::Basis { scale: 0, .. });
        if k >= n0 && !zero {
            return Err(LayoutError::AtomCondition {
                op: "make_fragment_like",
                condition: "the modes' basis strides have no order (CuTe: no operator< between an integer and a basis)",
            });
        }
        strides.push(i64::from(!zero));
    }
    DynLayout::new(shape.clone(), with_leaves(&shape, &mut strides.into_iter()))
}

impl TiledMma {
    /// `make_tiled_mma(atom, thr_layout, permutations)`: `thr_layout` of
    /// rank at most 3 (padded with `1:0`), `perm` a by-mode tiler of rank at
    /// most 3 (padded with `_`).
    pub fn new(
        atom: MmaAtom,
        thr: &DynLayout,
        perm: Option<&Tiler>,
    ) -> Result<TiledMma, LayoutError> {
        const OP: &str = "make_tiled_mma";
        let mut thr = if thr.is_integral() {
            DynLayout::concat(core::slice::from_ref(thr))
        } else {
            thr.clone()
        };
        if thr.rank() > 3 {
            return Err(LayoutError::AtomCondition {
                op: OP,
                condition: "TiledMMA requires rank-3 AtomLayoutMNK",
            });
        }
        while thr.rank() < 3 {
            thr = thr.append(&make_layout(1)?)?;
        }
        let mut permutation = [Tiler::Underscore, Tiler::Underscore, Tiler::Underscore];
        match perm {
            None | Some(Tiler::Underscore) => {}
            Some(Tiler::Tuple(v)) if v.len() <= 3 => {
                for (p, t) in permutation.iter_mut().zip(v) {
                    *p = t.clone();
                }
            }
            Some(_) => {
                return Err(LayoutError::AtomCondition {
                    op: OP,
                    condition: "TiledMMA requires rank-3 PermutationMNK",
                });
            }
        }
        let thr_vmnk = tiled_product(&atom.thr_id, &thr)?;
        Ok(TiledMma {
            atom,
            thr_layout_mnk: thr,
            permutation,
            thr_vmnk,
        })
    }

    /// `get_thr_layout_vmnk()`: `tiled_product(ThrID, AtomLayoutMNK)`.
    pub fn thr_layout_vmnk(&self) -> &DynLayout {
        &self.thr_vmnk
    }

    /// The number of threads, `size(ThrLayoutVMNK)`.
    pub fn size(&self) -> Result<i64, LayoutError> {
        self.thr_vmnk.size()
    }

    /// `permutation_mnk<I>()`: the permutation, or for `_` the atom's extent
    /// times the threads tiled in that mode.
    pub fn permutation_mnk(&self, i: usize) -> Result<Tiler, LayoutError> {
        Ok(match &self.permutation[i] {
            Tiler::Underscore => {
                let n = self.thr_vmnk.mode(i + 1)?.size()?;
                Tiler::Int(
                    self.atom.shape_mnk[i]
                        .checked_mul(n)
                        .ok_or(LayoutError::Overflow {
                            op: "make_tiled_mma",
                        })?,
                )
            }
            t => t.clone(),
        })
    }

    /// `tile_size<I>(mma)`.
    pub fn tile_size(&self, i: usize) -> Result<i64, LayoutError> {
        tiler_size(&self.permutation_mnk(i)?)
    }

    /// `tile_shape(mma)`.
    pub fn tile_shape(&self) -> Result<[i64; 3], LayoutError> {
        Ok([self.tile_size(0)?, self.tile_size(1)?, self.tile_size(2)?])
    }

    /// `thrfrg_A/B/C(tensor)`: from (M,K) (or (N,K), (M,N)) to
    /// `((ThrV,(ThrM,ThrK)),(FrgV,(RestM,RestK)))`.
    pub fn thrfrg(&self, op: Operand, t: &AnyTensor) -> Result<AnyTensor, LayoutError> {
        if t.shape().rank() < 2 {
            return Err(LayoutError::RankMismatch {
                op: "thrfrg",
                expected: 2,
                found: t.shape().rank(),
            });
        }
        let ([i0, i1], [j0, j1]) = op.modes();
        let atom_tv = match op {
            Operand::A => &self.atom.layout_a,
            Operand::B => &self.atom.layout_b,
            Operand::C => &self.atom.layout_c,
        };
        let mnk = self.atom.shape_mnk;
        let t = t.logical_divide(&Tiler::Tuple(vec![
            self.permutation_mnk(i0)?,
            self.permutation_mnk(i1)?,
        ]))?;
        let t = t.zipped_divide(&Tiler::Tuple(vec![
            Tiler::Layout(make_layout(mnk[i0])?),
            Tiler::Layout(make_layout(mnk[i1])?),
        ]))?;
        let t = t.composition(&Tiler::Tuple(vec![
            Tiler::Layout(atom_tv.clone()),
            Tiler::Underscore,
        ]))?;
        t.zipped_divide(&Tiler::Tuple(vec![
            Tiler::Underscore,
            Tiler::Tuple(vec![
                Tiler::Layout(make_layout(self.thr_vmnk.mode(j0)?.size()?)?),
                Tiler::Layout(make_layout(self.thr_vmnk.mode(j1)?.size()?)?),
            ]),
        ]))
    }

    /// `thrfrg_A/B/C` of a layout.
    pub fn thrfrg_layout(&self, op: Operand, l: &DynLayout) -> Result<DynLayout, LayoutError> {
        match self.thrfrg(op, &AnyTensor::of_layout(l.clone()))? {
            AnyTensor::Counting(t) => Ok(t.layout),
            _ => Err(LayoutError::BadArgument {
                op: "thrfrg",
                msg: "a layout's partition is a layout",
            }),
        }
    }

    /// `get_layoutA/B/C_TV()`: (thread index, value) -> index into the
    /// operand's tile.
    pub fn layout_tv(&self, op: Operand) -> Result<DynLayout, LayoutError> {
        let ([i0, i1], _) = op.modes();
        let shape = IntTree::Tuple(vec![
            IntTree::Int(self.tile_size(i0)?),
            IntTree::Int(self.tile_size(i1)?),
        ]);
        let mut tv = self.thrfrg_layout(op, &DynLayout::make_layout_left(&shape)?)?;
        // (ThrV,(ThrM,ThrK)) -> (ThrV,(ThrM,ThrN,ThrK)) for A and B: the
        // threads of the other mode see the same values.
        let (s1, s2) = (
            self.thr_vmnk.mode(1)?.size()?,
            self.thr_vmnk.mode(2)?.size()?,
        );
        let spread = |d1: i64, d2: i64| -> Result<Tiler, LayoutError> {
            let l = DynLayout::new(
                IntTree::Tuple(vec![IntTree::Int(s1), IntTree::Int(s2)]),
                IntTree::Tuple(vec![IntTree::Int(d1), IntTree::Int(d2)]),
            )?;
            Ok(Tiler::Tuple(vec![
                Tiler::Tuple(vec![
                    Tiler::Underscore,
                    Tiler::Tuple(vec![Tiler::Layout(l), Tiler::Underscore]),
                ]),
                Tiler::Underscore,
            ]))
        };
        match op {
            Operand::A => tv = tv.composition(&spread(1, 0)?)?,
            Operand::B => tv = tv.composition(&spread(0, 1)?)?,
            Operand::C => {}
        }
        // thr_idx -> (ThrV,ThrM,ThrN,ThrK)
        let full = DynLayout::concat(&[self.thr_vmnk.clone(), self.thr_vmnk.complement()?]);
        let thridx_2_thrid = DynLayout::new(
            IntTree::Tuple(vec![IntTree::Int(self.size()?), IntTree::Int(1)]),
            IntTree::Tuple(vec![IntTree::Int(1), IntTree::Int(0)]),
        )?
        .composition(&Tiler::Layout(full.right_inverse()?))?;
        tv.composition(&Tiler::Tuple(vec![
            Tiler::Layout(thridx_2_thrid),
            Tiler::Underscore,
        ]))
    }

    /// `get_flat_coord(thr_idx)` of `ThrLayoutVMNK`: each mode's 1-D
    /// coordinate of the thread.
    fn thr_coord(&self, idx: i64) -> Result<[i64; 4], LayoutError> {
        let mut out = [0i64; 4];
        for (k, o) in out.iter_mut().enumerate() {
            let m = self.thr_vmnk.mode(k)?;
            let (mut c, mut w) = (0i64, 1i64);
            for &(s, d) in m.flat() {
                let leaf = if s == 1 {
                    0
                } else if d == 0 {
                    return Err(LayoutError::DivisionByZero { op: "get_slice" });
                } else {
                    (idx / d) % s
                };
                c += leaf * w;
                w *= s;
            }
            *o = c;
        }
        Ok(out)
    }

    /// `get_slice(thr_idx).partition_A/B/C(tensor)`.
    pub fn partition(
        &self,
        op: Operand,
        thr_idx: i64,
        t: &AnyTensor,
    ) -> Result<AnyTensor, LayoutError> {
        let name = match op {
            Operand::A => "partition_A",
            Operand::B => "partition_B",
            Operand::C => "partition_C",
        };
        let ([m0, m1], _) = op.modes();
        super::partition::tile_divides(
            name,
            "the TiledMMA's tile (tile_size) does not divide the tensor's shape",
            &t.shape(),
            &[0, 1],
            &[self.tile_size(m0)?, self.tile_size(m1)?],
        )?;
        let thr = self.thrfrg(op, t)?;
        let c = self.thr_coord(thr_idx)?;
        let (_, [j0, j1]) = op.modes();
        let rest = thr
            .shape()
            .mode(1)
            .and_then(|m| m.mode(1))
            .map_or(1, IntTree::rank);
        let coord = CoordTree::Tuple(vec![
            CoordTree::Tuple(vec![
                CoordTree::Int(c[0]),
                CoordTree::Tuple(vec![CoordTree::Int(c[j0]), CoordTree::Int(c[j1])]),
            ]),
            CoordTree::Tuple(vec![CoordTree::Underscore, underscores(rest)]),
        ]);
        thr.slice(&coord)
    }

    /// `partition_shape_A/B/C(mma, shape)`.
    pub fn partition_shape(&self, op: Operand, shape: &IntTree) -> Result<IntTree, LayoutError> {
        let dummy = DynLayout::make_layout_left(shape)?;
        let r = dummy.rank();
        let t = self.thrfrg_layout(op, &dummy)?;
        let coord = CoordTree::Tuple(vec![
            CoordTree::Int(0),
            CoordTree::Tuple(vec![CoordTree::Underscore, underscores(r)]),
        ]);
        Ok(t.slice(&coord)?.shape())
    }

    /// The layout of `get_slice(thr_idx).partition_fragment_A/B/C(tensor)`:
    /// C's fragment is compact column-major; A's and B's follow
    /// `make_fragment_like` of the partition.
    pub fn partition_fragment(
        &self,
        op: Operand,
        thr_idx: i64,
        t: &AnyTensor,
    ) -> Result<DynLayout, LayoutError> {
        let p = self.partition(op, thr_idx, t)?;
        let in_registers = match op {
            Operand::A => self.atom.a_in_registers,
            Operand::B => self.atom.b_in_registers,
            Operand::C => true,
        };
        if op == Operand::C {
            return DynLayout::make_layout_left(&p.shape());
        }
        if !in_registers {
            // A GMMA operand read from shared memory has a descriptor
            // fragment, which CuTe builds only from a shared-memory tensor
            // of the operand's value type: its first check fails on these
            // tensors.
            return Err(LayoutError::AtomCondition {
                op: "partition_fragment",
                condition: if op == Operand::A {
                    "Expecting ValTypeA type"
                } else {
                    "Expecting ValTypeB type"
                },
            });
        }
        match &p {
            AnyTensor::Identity(t) => make_fragment_like(&order_proxy(&t.layout)?),
            AnyTensor::Counting(t) => make_fragment_like(&t.layout),
            AnyTensor::Swizzled(t) => make_fragment_like(t.layout.layout()),
        }
    }
}
