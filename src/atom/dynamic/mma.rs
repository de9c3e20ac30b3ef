//! [`MmaAtom`]: an MMA atom's traits (`MMA_Traits<Op>`) as data: `ThrID`,
//! `Shape_MNK` and the A/B/C thread-value layouts, from the typed atoms'
//! table (`crate::atom`'s `mma_atoms!`) for the SM70-SM80 warp MMAs and
//! from the GMMA rules (which depend on N and on the element widths) for
//! SM90.

use alloc::format;
use alloc::string::String;
use core::fmt;

use super::types::{element_bits, lay};
use super::unknown;
use crate::atom::mma::MMA_TABLE;
use crate::dynamic::DynLayout;
use crate::error::LayoutError;

/// `MMA_Atom<Op>`: the traits of one MMA instruction.
///
/// ```
/// use cute_algebra::atom::dynamic::MmaAtom;
/// let a = MmaAtom::parse("SM90_64x96x16_F32BF16BF16_SS<K,MN>").unwrap();
/// assert_eq!(a.shape_mnk, [64, 96, 16]);
/// assert_eq!(a.layout_b.to_string(), "(128,(96,16)):(0,(1,96))");
/// assert!(MmaAtom::parse("SM90_64x96x16_F32BF16BF16_RS<MN,K>").is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MmaAtom {
    /// The operation's name, as written.
    pub name: String,
    /// `Shape_MNK`.
    pub shape_mnk: [i64; 3],
    /// `ThrID`: atom thread -> thread index.
    pub thr_id: DynLayout,
    /// `ALayout`: (thread, value) -> index into the (M,K) tile.
    pub layout_a: DynLayout,
    /// `BLayout`: (thread, value) -> index into the (N,K) tile.
    pub layout_b: DynLayout,
    /// `CLayout`: (thread, value) -> index into the (M,N) tile.
    pub layout_c: DynLayout,
    /// Whether A's fragments are registers (false: GMMA reads A from shared
    /// memory through a descriptor).
    pub a_in_registers: bool,
    /// Whether B's fragments are registers.
    pub b_in_registers: bool,
}

impl fmt::Display for MmaAtom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "MMA_Atom<{}>", self.name)
    }
}

impl MmaAtom {
    /// The atom for CuTe's operation `name` (`SM80_16x8x16_F32F16F16F32_TN`,
    /// `SM90_64x128x16_F32F16F16_SS<K,MN>`, `SM90_64x64x32_F32E4M3E4M3_RS_TN<>`,
    /// `UniversalFMA<float>`), or [`LayoutError::UnknownAtom`].
    pub fn parse(name: &str) -> Result<MmaAtom, LayoutError> {
        let name = super::compact(name);
        if let Some(args) = name
            .strip_prefix("UniversalFMA<")
            .and_then(|r| r.strip_suffix('>'))
        {
            let n = args.split(',').count();
            if !(1..=4).contains(&n) {
                return Err(unknown(&name));
            }
            for t in args.split(',') {
                element_bits(t)?;
            }
            let one = lay("(1,1):(0,0)")?;
            return Ok(MmaAtom {
                name: name.clone(),
                shape_mnk: [1, 1, 1],
                thr_id: lay("1:0")?,
                layout_a: one.clone(),
                layout_b: one.clone(),
                layout_c: one,
                a_in_registers: true,
                b_in_registers: true,
            });
        }
        if name.starts_with("SM90_") {
            return gmma(&name);
        }
        let e = MMA_TABLE
            .iter()
            .find(|e| e.name == name)
            .ok_or_else(|| unknown(&name))?;
        let [thr_id, layout_a, layout_b, layout_c] = (e.layouts)();
        Ok(MmaAtom {
            name,
            shape_mnk: e.mnk,
            thr_id,
            layout_a,
            layout_b,
            layout_c,
            a_in_registers: true,
            b_in_registers: true,
        })
    }
}

/// The width in bits of a GMMA type token, and the token's length.
fn gmma_token(s: &str) -> Option<(i64, usize)> {
    const TOKENS: &[(&str, i64)] = &[
        ("TF32", 32),
        ("BF16", 16),
        ("E4M3", 8),
        ("E5M2", 8),
        ("F16", 16),
        ("F32", 32),
        ("S32", 32),
        ("S8", 8),
        ("U8", 8),
    ];
    TOKENS
        .iter()
        .find(|(t, _)| s.starts_with(t))
        .map(|&(t, b)| (b, t.len()))
}

/// `SM90_64xNxK_<D><A><B>_{SS,RS}` followed by `<MajorA,MajorB>` (16-bit
/// inputs) or `_TN` / `_TN<>` (the K-major-only types).
fn gmma(name: &str) -> Result<MmaAtom, LayoutError> {
    let bad = || unknown(name);
    let rest = name.strip_prefix("SM90_64x").ok_or_else(bad)?;
    let (n, rest) = rest.split_once('x').ok_or_else(bad)?;
    let (k, rest) = rest.split_once('_').ok_or_else(bad)?;
    let n: i64 = n.parse().map_err(|_| bad())?;
    let k: i64 = k.parse().map_err(|_| bad())?;
    let (_, l0) = gmma_token(rest).ok_or_else(bad)?;
    let (a_bits, l1) = gmma_token(&rest[l0..]).ok_or_else(bad)?;
    let (b_bits, l2) = gmma_token(&rest[l0 + l1..]).ok_or_else(bad)?;
    let rest = &rest[l0 + l1 + l2..];
    let (rs, rest) = if let Some(r) = rest.strip_prefix("_SS") {
        (false, r)
    } else if let Some(r) = rest.strip_prefix("_RS") {
        (true, r)
    } else {
        return Err(bad());
    };
    let (major_a, _major_b) = match rest {
        "_TN" | "_TN<>" => ("K", "K"),
        _ if a_bits == 16 => {
            let args = rest
                .strip_prefix('<')
                .and_then(|r| r.strip_suffix('>'))
                .ok_or_else(bad)?;
            let (ma, mb) = args.split_once(',').ok_or_else(bad)?;
            let major = |m: &str| match m.strip_prefix("GMMA::Major::").unwrap_or(m) {
                "K" => Ok("K"),
                "MN" => Ok("MN"),
                _ => Err(bad()),
            };
            (major(ma)?, major(mb)?)
        }
        _ => return Err(bad()),
    };
    // One GMMA reads 256 bits of K per row; N runs over multiples of 8.
    if a_bits != b_bits || k * a_bits != 256 || n % 8 != 0 || !(8..=256).contains(&n) {
        return Err(bad());
    }
    if rs && major_a != "K" {
        return Err(LayoutError::AtomCondition {
            op: "MMA_Atom",
            condition: "Register source operand A must have K major layout.",
        });
    }
    let layout_a = if rs {
        lay(match a_bits {
            32 => "((4,8,4),(2,2)):((64,1,16),(8,256))",
            16 => "((4,8,4),(2,2,2)):((128,1,16),(64,8,512))",
            _ => "((4,8,4),(4,2,2)):((256,1,16),(64,8,1024))",
        })?
    } else {
        lay(&format!("(128,(64,{k})):(0,(1,64))"))?
    };
    Ok(MmaAtom {
        name: String::from(name),
        shape_mnk: [64, n, k],
        thr_id: lay("128:1")?,
        layout_a,
        layout_b: lay(&format!("(128,({n},{k})):(0,(1,{n}))"))?,
        layout_c: lay(&format!(
            "((4,8,4),(2,2,{})):((128,1,16),(64,8,512))",
            n / 8
        ))?,
        a_in_registers: rs,
        b_in_registers: false,
    })
}
