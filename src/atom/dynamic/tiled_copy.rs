//! [`TiledCopy`]: CuTe's `TiledCopy` (`make_tiled_copy`,
//! `make_tiled_copy_A/B/C`), its thread-value layouts, and `ThrCopy`'s
//! partitions and retiling, as `copy_atom.hpp` composes them.

use alloc::vec;
use alloc::vec::Vec;
use core::fmt;

use super::CopyAtom;
use super::partition::{AnyTensor, underscores};
use super::tiled_mma::{Operand, TiledMma};
use crate::dynamic::{CoordTree, DynLayout, IntTree, Tiler};
use crate::error::LayoutError;

/// `TiledCopy<Copy_Atom, LayoutCopy_TV, Tiler_MN>`.
///
/// ```
/// use cute_algebra::atom::dynamic::{CopyAtom, TiledCopy};
/// let atom = CopyAtom::parse("UniversalCopy<uint32_t>", "uint8_t").unwrap();
/// let tc = TiledCopy::new(atom, &"(8,16):(16,1)".parse().unwrap(), &"(1,4)".parse().unwrap()).unwrap();
/// assert_eq!(tc.tiler_mn, vec![8, 64]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TiledCopy {
    /// The atom.
    pub atom: CopyAtom,
    /// `TiledLayout_TV`: (thread, value) -> coordinate in the tile.
    pub layout_tv: DynLayout,
    /// `Tiler_MN`: the tile's shape.
    pub tiler_mn: Vec<i64>,
}

impl fmt::Display for TiledCopy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "TiledCopy({}, Tiler_MN: {}, TiledLayout_TV: {})",
            self.atom,
            self.tiler_shape(),
            self.layout_tv
        )
    }
}

impl TiledCopy {
    /// `make_tiled_copy(atom, thr_layout, val_layout)`: the raked product of
    /// the thread and value layouts, inverted into a (thread, value) layout.
    pub fn new(atom: CopyAtom, thr: &DynLayout, val: &DynLayout) -> Result<TiledCopy, LayoutError> {
        let layout_mn = thr.raked_product(val)?;
        let tv_shape = IntTree::Tuple(vec![IntTree::Int(thr.size()?), IntTree::Int(val.size()?)]);
        let layout_tv = layout_mn
            .right_inverse()?
            .composition(&Tiler::Layout(DynLayout::make_layout_left(&tv_shape)?))?;
        let tiler_mn = (0..layout_mn.rank())
            .map(|i| layout_mn.mode(i).and_then(|m| m.size()))
            .collect::<Result<_, _>>()?;
        TiledCopy::from_parts(atom, layout_tv, tiler_mn)
    }

    /// `make_tiled_copy_A/B/C(atom, mma)`: the MMA's thread-value layout of
    /// that operand, over its tile.
    pub fn for_mma(atom: CopyAtom, mma: &TiledMma, op: Operand) -> Result<TiledCopy, LayoutError> {
        let [m, n, k] = mma.tile_shape()?;
        let tiler = match op {
            Operand::A => vec![m, k],
            Operand::B => vec![n, k],
            Operand::C => vec![m, n],
        };
        TiledCopy::from_parts(atom, mma.layout_tv(op)?, tiler)
    }

    /// `make_tiled_copy_impl`, with the static checks of `TiledCopy`.
    pub fn from_parts(
        atom: CopyAtom,
        layout_tv: DynLayout,
        tiler_mn: Vec<i64>,
    ) -> Result<TiledCopy, LayoutError> {
        const OP: &str = "make_tiled_copy";
        let (thr, val) = (layout_tv.mode(0)?.size()?, layout_tv.mode(1)?.size()?);
        if thr % atom.num_thr() != 0 {
            return Err(LayoutError::AtomCondition {
                op: OP,
                condition: "TiledCopy uses too few thrs for selected CopyAtom",
            });
        }
        if val % atom.num_val() != 0 {
            return Err(LayoutError::AtomCondition {
                op: OP,
                condition: "TiledCopy uses too few vals for selected CopyAtom",
            });
        }
        Ok(TiledCopy {
            atom,
            layout_tv,
            tiler_mn,
        })
    }

    /// `Tiler_MN` as a shape.
    pub fn tiler_shape(&self) -> IntTree {
        IntTree::Tuple(self.tiler_mn.iter().map(|&v| IntTree::Int(v)).collect())
    }

    fn tiler(&self) -> Tiler {
        Tiler::Tuple(self.tiler_mn.iter().map(|&v| Tiler::Int(v)).collect())
    }

    /// (src or dst thread, value) -> (ref thread, value):
    /// `right_inverse(AtomLayoutRef).compose(AtomLayoutSrc/Dst)`.
    fn ref2trg(&self, src: bool) -> Result<DynLayout, LayoutError> {
        let trg = if src {
            &self.atom.val_src
        } else {
            &self.atom.val_dst
        };
        self.atom
            .val_ref
            .right_inverse()?
            .composition(&Tiler::Layout(trg.clone()))
    }

    /// `tile2thrfrg(tensor, ref2trg)`: a tensor of shape
    /// `((TileM,TileN),(RestM,RestN,...))` to `(Thr,FrgV,(RestM,RestN,...))`.
    fn tile2thrfrg(&self, t: &AnyTensor, ref2trg: &DynLayout) -> Result<AnyTensor, LayoutError> {
        // ((atom_tid,atom_val),(rest_tid,rest_val)) -> (m,n)
        let atom_tv = self.layout_tv.zipped_divide(&Tiler::Tuple(vec![
            Tiler::Int(self.atom.num_thr()),
            Tiler::Int(self.atom.num_val()),
        ]))?;
        // ((trg_tid,trg_val),(rest_tid,rest_val)) -> (m,n)
        let trg = atom_tv.composition(&Tiler::Tuple(vec![
            Tiler::Layout(ref2trg.clone()),
            Tiler::Underscore,
        ]))?;
        // zip: ((trg_tid,rest_tid),(trg_val,rest_val)), each side coalesced.
        let (a, b) = (trg.mode(0)?, trg.mode(1)?);
        let zipped = DynLayout::concat(&[
            DynLayout::concat(&[a.mode(0)?, b.mode(0)?]),
            DynLayout::concat(&[a.mode(1)?, b.mode(1)?]),
        ]);
        let profile = IntTree::Tuple(vec![
            IntTree::Int(1),
            IntTree::Tuple(vec![IntTree::Int(1), IntTree::Int(1)]),
        ]);
        let thrval2mn = zipped.coalesce_by(&profile)?;
        let tv = t.composition(&Tiler::Tuple(vec![
            Tiler::Layout(thrval2mn),
            Tiler::Underscore,
        ]))?;
        tv.slice(&CoordTree::Tuple(vec![
            CoordTree::Tuple(vec![CoordTree::Underscore, CoordTree::Underscore]),
            CoordTree::Underscore,
        ]))
    }

    fn tidfrg(&self, t: &AnyTensor, src: bool) -> Result<AnyTensor, LayoutError> {
        if t.shape().rank() < self.tiler_mn.len() {
            return Err(LayoutError::AtomCondition {
                op: if src { "tidfrg_S" } else { "tidfrg_D" },
                condition: "Rank of tensor to be partitioned too small.",
            });
        }
        let z = t.zipped_divide(&self.tiler())?;
        self.tile2thrfrg(&z, &self.ref2trg(src)?)
    }

    /// `tidfrg_S(tensor)`: `(Thr,(FrgV,FrgX),(RestM,RestN,...))`.
    pub fn tidfrg_s(&self, t: &AnyTensor) -> Result<AnyTensor, LayoutError> {
        self.tidfrg(t, true)
    }

    /// `tidfrg_D(tensor)`.
    pub fn tidfrg_d(&self, t: &AnyTensor) -> Result<AnyTensor, LayoutError> {
        self.tidfrg(t, false)
    }

    /// `get_layoutS_TV()` (`src`) or `get_layoutD_TV()`: (thread index,
    /// value) -> index into the tile.
    pub fn layout_tv_of(&self, src: bool) -> Result<DynLayout, LayoutError> {
        let shape = IntTree::Tuple(vec![self.tiler_shape(), IntTree::Int(1)]);
        let r = AnyTensor::of_layout(DynLayout::make_layout_left(&shape)?);
        let t = self.tile2thrfrg(&r, &self.ref2trg(src)?)?;
        let t = t.slice(&CoordTree::Tuple(vec![
            CoordTree::Underscore,
            CoordTree::Underscore,
            CoordTree::Int(0),
        ]))?;
        match t {
            AnyTensor::Counting(t) => Ok(t.layout),
            _ => Err(LayoutError::BadArgument {
                op: "get_layoutS_TV",
                msg: "a layout's partition is a layout",
            }),
        }
    }

    /// `get_slice(thr_idx).partition_S(tensor)` (`src`) or `partition_D`.
    pub fn partition(
        &self,
        thr_idx: i64,
        t: &AnyTensor,
        src: bool,
    ) -> Result<AnyTensor, LayoutError> {
        let r = t.shape().rank();
        let modes: Vec<usize> = (0..self.tiler_mn.len()).collect();
        super::partition::tile_divides(
            if src { "partition_S" } else { "partition_D" },
            "the TiledCopy's tile (tiler_mn) does not divide the tensor's shape",
            &t.shape(),
            &modes,
            &self.tiler_mn,
        )?;
        let thr = self.tidfrg(t, src)?;
        thr.slice(&CoordTree::Tuple(vec![
            CoordTree::Int(thr_idx),
            CoordTree::Underscore,
            underscores(r),
        ]))
    }

    /// `retile_S(tensor)` = `retile_D(tensor)`: a thread's fragment
    /// regrouped as `((atom_vals,rest_vals),RestM,RestN,...)`.
    pub fn retile(&self, t: &AnyTensor) -> Result<AnyTensor, LayoutError> {
        let shape = t.shape();
        let r = shape.rank();
        let v = shape
            .mode(0)
            .and_then(IntTree::product)
            .ok_or(LayoutError::Overflow { op: "retile" })?;
        let nthr = self.layout_tv.mode(0)?.size()?;
        // (m,n) -> v_idx: the shape and order of the V inside TiledLayout_TV.
        let frg_mn = self
            .layout_tv
            .right_inverse()?
            .composition(&Tiler::Layout(DynLayout::make_layout_left(
                &self.tiler_shape(),
            )?))?
            .upcast(
                nthr.checked_mul(v)
                    .ok_or(LayoutError::Overflow { op: "retile" })?,
            )?;
        // (atom_vals,rest_vals) -> (v,m,n)
        let frg_v = DynLayout::int_tile(v)?
            .logical_product(&Tiler::Layout(frg_mn.right_inverse()?))?
            .zipped_divide(&Tiler::Layout(DynLayout::int_tile(self.atom.num_val())?))?;
        let mut tile = vec![Tiler::Int(v)];
        for i in 0..frg_mn.rank() {
            tile.push(Tiler::Int(frg_mn.mode(i)?.size()?));
        }
        let z = t.zipped_divide(&Tiler::Tuple(tile))?;
        let vt = z.composition(&Tiler::Tuple(vec![Tiler::Layout(frg_v), Tiler::Underscore]))?;
        let mut rest = vec![CoordTree::Int(0)];
        rest.extend(core::iter::repeat_n(
            CoordTree::Underscore,
            r.saturating_sub(1),
        ));
        vt.slice(&CoordTree::Tuple(vec![
            CoordTree::Underscore,
            CoordTree::Tuple(rest),
        ]))
    }
}
