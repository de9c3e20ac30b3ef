//! [`CopyOp`] (`Copy_Traits<Op>`: its thread layout and bit layouts) and
//! [`CopyAtom`] (`Copy_Atom<Op, T>`: the bit layouts read in units of `T`).

use alloc::format;
use alloc::string::String;
use core::fmt;

use super::types::{bits_to_values, element_bits, lay};
use super::unknown;
use crate::atom::copy::LDSM_TABLE;
use crate::dynamic::DynLayout;
use crate::error::LayoutError;

/// `Copy_Traits<Op>`: `ThrID` and the source, destination and reference
/// layouts, (thread, bit) -> bit.
///
/// ```
/// use cute_algebra::atom::dynamic::CopyOp;
/// let op = CopyOp::parse("SM75_U32x4_LDSM_N").unwrap();
/// assert_eq!(op.dst_bits.to_string(), "(32,(32,4)):(32,(1,1024))");
/// assert_eq!(CopyOp::parse("UniversalCopy<uint32_t>").unwrap().src_bits.to_string(), "(1,32):(0,1)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CopyOp {
    /// The operation's name, as written.
    pub name: String,
    /// `ThrID`.
    pub thr_id: DynLayout,
    /// `SrcLayout`.
    pub src_bits: DynLayout,
    /// `DstLayout`.
    pub dst_bits: DynLayout,
    /// `RefLayout`.
    pub ref_bits: DynLayout,
}

impl fmt::Display for CopyOp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

impl CopyOp {
    /// The copy operation named `name` (`UniversalCopy<uint64_t>`,
    /// `DefaultCopy`, `SM75_U32x4_LDSM_N`, `SM90_U16x8_STSM_T`,
    /// `SM80_CP_ASYNC_CACHEALWAYS<uint128_t>`), or [`LayoutError::UnknownAtom`].
    pub fn parse(name: &str) -> Result<CopyOp, LayoutError> {
        let name = super::compact(name);
        // Every op's reference layout is its source, except ldmatrix's,
        // which is its destination (the registers, as for stmatrix).
        let op = |thr: &str,
                  s: DynLayout,
                  d: DynLayout,
                  ref_is_dst: bool|
         -> Result<CopyOp, LayoutError> {
            Ok(CopyOp {
                name: name.clone(),
                thr_id: lay(thr)?,
                ref_bits: if ref_is_dst { d.clone() } else { s.clone() },
                src_bits: s,
                dst_bits: d,
            })
        };
        let one = |thr: &str, s: DynLayout, d: DynLayout| op(thr, s, d, false);
        // DefaultCopy is AutoVectorizingCopyWithAssumedAlignment<8>: one
        // thread, one value of any width.
        if name == "DefaultCopy" {
            let l = lay("(1,1):(0,0)")?;
            return one("1:0", l.clone(), l);
        }
        // UniversalCopy<S[,D]> and the cp.async ops move one S-wide value
        // per thread.
        for prefix in [
            "UniversalCopy<",
            "SM80_CP_ASYNC_CACHEALWAYS<",
            "SM80_CP_ASYNC_CACHEGLOBAL<",
            "SM80_CP_ASYNC_CACHEALWAYS_ZFILL<",
            "SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<",
        ] {
            if let Some(args) = name.strip_prefix(prefix).and_then(|r| r.strip_suffix('>')) {
                let (s, d) = args.split_once(',').unwrap_or((args, args));
                let (s, d) = (element_bits(s)?, element_bits(d)?);
                return one(
                    "1:0",
                    lay(&format!("(1,{s}):(0,1)"))?,
                    lay(&format!("(1,{d}):(0,1)"))?,
                );
            }
        }
        // The `ldmatrix` table of the typed atoms; `stmatrix` is the same
        // pair swapped.
        for row in LDSM_TABLE {
            if name == row.name {
                let [src, dst] = (row.layouts)();
                return op("32:1", src, dst, true);
            }
            if name == row.stsm {
                let [src, dst] = (row.layouts)();
                return op("32:1", dst, src, false);
            }
        }
        Err(unknown(&name))
    }
}

/// `Copy_Atom<Op, T>`: a copy operation on values of type `T`.
///
/// ```
/// use cute_algebra::atom::dynamic::CopyAtom;
/// let a = CopyAtom::parse("SM75_U16x2_LDSM_T", "half_t").unwrap();
/// assert_eq!(a.val_dst.to_string(), "((4,8),(1,2)):((16,1),(1,8))");
/// assert_eq!(a.num_val(), 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CopyAtom {
    /// The operation.
    pub op: CopyOp,
    /// The element type's name.
    pub value_type: String,
    /// `sizeof_bits<T>`.
    pub bits: i64,
    /// `ValLayoutSrc`: `recast_layout<uint1_t, T>(SrcLayout)`.
    pub val_src: DynLayout,
    /// `ValLayoutDst`.
    pub val_dst: DynLayout,
    /// `ValLayoutRef`.
    pub val_ref: DynLayout,
}

impl fmt::Display for CopyAtom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Copy_Atom<{}, {}>", self.op, self.value_type)
    }
}

impl CopyAtom {
    /// `Copy_Atom<op, value_type>`. Errors: an unknown op or type, or a type
    /// the op cannot move (its layouts must keep one row per thread).
    pub fn parse(op: &str, value_type: &str) -> Result<CopyAtom, LayoutError> {
        CopyAtom::new(CopyOp::parse(op)?, value_type)
    }

    /// `Copy_Atom<op, value_type>` for a parsed op.
    pub fn new(op: CopyOp, value_type: &str) -> Result<CopyAtom, LayoutError> {
        let value_type: String = value_type.chars().filter(|c| !c.is_whitespace()).collect();
        let bits = element_bits(&value_type)?;
        // CuTe's checks, in its order: each layout, read in units of T,
        // keeps one row per atom thread (a recast that cannot be taken
        // fails too).
        let thr = op.thr_id.size()?;
        let read = |bits_layout: &DynLayout, condition: &'static str| {
            let cant = LayoutError::AtomCondition {
                op: "Copy_Atom",
                condition,
            };
            let l = bits_to_values(bits_layout, bits).map_err(|_| cant)?;
            if l.mode(0).and_then(|m| m.size()).map_err(|_| cant)? != thr {
                return Err(cant);
            }
            Ok(l)
        };
        let val_src = read(
            &op.src_bits,
            "CopyOperation is not valid for Src of ValType.",
        )?;
        let val_dst = read(
            &op.dst_bits,
            "CopyOperation is not valid for Dst of ValType.",
        )?;
        let val_ref = read(
            &op.ref_bits,
            "CopyOperation is not valid for Ref of ValType.",
        )?;
        Ok(CopyAtom {
            op,
            value_type,
            bits,
            val_src,
            val_dst,
            val_ref,
        })
    }

    /// `AtomNumThr`: `size<0>(ValLayoutRef)`.
    pub fn num_thr(&self) -> i64 {
        self.val_ref.mode(0).and_then(|m| m.size()).unwrap_or(1)
    }

    /// `AtomNumVal`: `size<1>(ValLayoutRef)`.
    pub fn num_val(&self) -> i64 {
        self.val_ref.mode(1).and_then(|m| m.size()).unwrap_or(1)
    }
}
