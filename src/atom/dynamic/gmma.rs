//! The SM90 GMMA shared-memory layout atoms ([`GmmaSmem`]:
//! `GMMA::Layout_{K,MN}_{INTER,SW32,SW64,SW128}_Atom<T>`, `tile_to_shape` of
//! them) and the descriptor of a canonical tile ([`GmmaDescriptor`],
//! `make_gmma_desc`).

use alloc::format;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use core::fmt;

use super::types::{element_bits, lay};
use crate::dynamic::{DynLayout, IntTree, Tiler};
use crate::error::LayoutError;
use crate::swizzle::DynSwizzle;

pub use crate::atom::gmma::{GmmaDescriptor, GmmaSwizzle};

/// Which dimension is contiguous in shared memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GmmaMajor {
    /// `GMMA::Major::K`.
    K,
    /// `GMMA::Major::MN`.
    MN,
}

/// The runtime path's view of a swizzle mode: its `Swizzle<B,4,3>`.
impl GmmaSwizzle {
    /// `B` of the atom's `Swizzle<B,4,3>`.
    pub(crate) fn b(self) -> u32 {
        match self {
            GmmaSwizzle::Inter => 0,
            GmmaSwizzle::Sw32 => 1,
            GmmaSwizzle::Sw64 => 2,
            GmmaSwizzle::Sw128 => 3,
        }
    }

    /// The swizzle's width in 16-byte units (`W` in `make_gmma_desc`).
    fn width(self) -> i64 {
        1 << self.b()
    }
}

/// A GMMA shared-memory layout: `Sw<B,4,3> o smem_ptr[Tb](unset) o L`, the
/// swizzle acting on byte addresses and `L` in elements of `bits` bits.
///
/// ```
/// use cute_algebra::atom::dynamic::{GmmaMajor, GmmaSmem, GmmaSwizzle};
/// let a = GmmaSmem::atom(GmmaMajor::K, GmmaSwizzle::Sw128, "half_t").unwrap();
/// assert_eq!(a.to_string(), "Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)");
/// let t = a.tile_to_shape(&"(64,128)".parse().unwrap()).unwrap();
/// assert_eq!(t.layout.to_string(), "((8,8),(64,2)):((64,512),(1,4096))");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GmmaSmem {
    /// The swizzle mode.
    pub swizzle: GmmaSwizzle,
    /// `sizeof_bits` of the element.
    pub bits: i64,
    /// The layout in elements.
    pub layout: DynLayout,
}

impl fmt::Display for GmmaSmem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Sw<{},4,3> o smem_ptr[{}b](unset) o {}",
            self.swizzle.b(),
            self.bits,
            self.layout
        )
    }
}

impl GmmaSmem {
    /// `GMMA::Layout_{major}_{swizzle}_Atom<T>`: the bit-level atom
    /// (`8 x 128·2^B` bits) read in units of `T`.
    pub fn atom(
        major: GmmaMajor,
        swizzle: GmmaSwizzle,
        value_type: &str,
    ) -> Result<GmmaSmem, LayoutError> {
        let bits = element_bits(value_type)?;
        let w = 128 * swizzle.width();
        let bit_layout = match major {
            GmmaMajor::MN => lay(&format!("({w},8):(1,{w})"))?,
            GmmaMajor::K => lay(&format!("(8,{w}):({w},1)"))?,
        };
        Ok(GmmaSmem {
            swizzle,
            bits,
            layout: bit_layout.upcast(bits)?,
        })
    }

    /// The atom named as in CuTe: `GMMA::Layout_K_SW128_Atom<half_t>`.
    pub fn parse(name: &str) -> Result<GmmaSmem, LayoutError> {
        let name: String = name.chars().filter(|c| !c.is_whitespace()).collect();
        let unknown = || LayoutError::UnknownAtom {
            name: crate::error::FnName::new(&name),
        };
        let rest = name.strip_prefix("GMMA::Layout_").ok_or_else(unknown)?;
        let (major, rest) = if let Some(r) = rest.strip_prefix("MN_") {
            (GmmaMajor::MN, r)
        } else if let Some(r) = rest.strip_prefix("K_") {
            (GmmaMajor::K, r)
        } else {
            return Err(unknown());
        };
        let (sw, rest) = rest.split_once("_Atom<").ok_or_else(unknown)?;
        let swizzle = match sw {
            "INTER" => GmmaSwizzle::Inter,
            "SW32" => GmmaSwizzle::Sw32,
            "SW64" => GmmaSwizzle::Sw64,
            "SW128" => GmmaSwizzle::Sw128,
            _ => return Err(unknown()),
        };
        let t = rest.strip_suffix('>').ok_or_else(unknown)?;
        GmmaSmem::atom(major, swizzle, t)
    }

    /// `tile_to_shape(atom, shape)`: the swizzle and element width kept.
    pub fn tile_to_shape(&self, shape: &IntTree) -> Result<GmmaSmem, LayoutError> {
        Ok(GmmaSmem {
            layout: self.layout.tile_to_shape(shape, None)?,
            ..self.clone()
        })
    }

    /// `composition(layout, tiler)`: composes the inner layout.
    pub fn composition(&self, t: &Tiler) -> Result<GmmaSmem, LayoutError> {
        Ok(GmmaSmem {
            layout: self.layout.composition(t)?,
            ..self.clone()
        })
    }

    /// The swizzle in element units (`as_position_independent_swizzle_layout`):
    /// `Sw<B,4,3>` on bytes is `Sw<B,4-log2(bytes),3>` on elements.
    pub fn element_swizzle(&self) -> Result<DynSwizzle, LayoutError> {
        let shift = (self.bits / 8).max(1).trailing_zeros();
        DynSwizzle::new(self.swizzle.b(), 4u32.saturating_sub(shift), 3)
    }

    /// The element offset at every index: `swizzle(L(i))`.
    pub fn values(&self) -> Result<Vec<i64>, LayoutError> {
        let sw = self.element_swizzle()?;
        Ok(self
            .layout
            .values()?
            .into_iter()
            .map(|x| sw.apply(x))
            .collect())
    }

    /// `make_gmma_desc<major>(make_tensor(smem_ptr at 0, layout))`: CuTe's
    /// conditions checked at run time, each error naming the one broken
    /// (the typed `atom::gmma::make_gmma_desc` refuses at compile time).
    ///
    /// ```
    /// use cute_algebra::atom::dynamic::{GmmaMajor, GmmaSmem};
    /// let t = GmmaSmem::parse("GMMA::Layout_K_SW32_Atom<int8_t>").unwrap()
    ///     .tile_to_shape(&"(16,32)".parse().unwrap()).unwrap();
    /// // Expected value printed by CuTe C++ (tests/data/public-atoms.tsv, p0220).
    /// assert_eq!(t.make_gmma_desc(GmmaMajor::K).unwrap().to_string(),
    ///     "GmmaDescriptor(0xc000001000010000: start_addr=0, leading_off=1, stride_off=16, base_offset=0, layout_type=B32)");
    /// ```
    pub fn make_gmma_desc(&self, major: GmmaMajor) -> Result<GmmaDescriptor, LayoutError> {
        GmmaDescriptor::new(self, major)
    }
}

fn not_canonical(condition: &'static str) -> LayoutError {
    LayoutError::AtomCondition {
        op: "make_gmma_desc",
        condition,
    }
}

/// The strides of a canonical layout `((a0,a1),(b0,b1))`, checked to have
/// that profile.
fn canonical_strides(l: &DynLayout, condition: &'static str) -> Result<[[i64; 2]; 2], LayoutError> {
    let mut out = [[0; 2]; 2];
    if l.rank() != 2 {
        return Err(not_canonical(condition));
    }
    for (i, row) in out.iter_mut().enumerate() {
        let m = l.mode(i)?;
        if m.rank() != 2 || m.is_integral() || m.depth() != 1 {
            return Err(not_canonical(condition));
        }
        for (j, d) in row.iter_mut().enumerate() {
            *d = m.mode(j)?.flat()[0].1;
        }
    }
    Ok(out)
}

impl GmmaDescriptor {
    /// The descriptor of `smem`, checked canonical for `major` as CuTe
    /// checks it (in units of `uint128_t`).
    pub fn new(smem: &GmmaSmem, major: GmmaMajor) -> Result<GmmaDescriptor, LayoutError> {
        if smem.layout.rank() != 2 || smem.layout.is_integral() {
            return Err(not_canonical(
                "GMMA Descriptors can only be constructed on rank-2 tensors.",
            ));
        }
        let u128 = smem.layout.upcast(128 / smem.bits)?;
        let sw = smem.swizzle;
        let w = sw.width();
        let inter = sw == GmmaSwizzle::Inter;
        let (size0, size1) = (u128.mode(0)?.size()?, u128.mode(1)?.size()?);
        let tile = |a: i64, b: i64| -> Result<Tiler, LayoutError> {
            Ok(Tiler::Tuple(vec![
                Tiler::Layout(DynLayout::new(IntTree::Int(a), IntTree::Int(1))?),
                Tiler::Layout(DynLayout::new(IntTree::Int(b), IntTree::Int(1))?),
            ]))
        };
        let (lbo, sbo) = match major {
            GmmaMajor::MN => {
                const K_SIZE: &str = "Not a canonical GMMA_MN Layout: Expected K-size 256/sizeof_bits<T> for dense or (128|512)/sizeof_bits<T> for sparse.";
                if ![256, 128, 512].iter().any(|n| size1 * smem.bits == *n) {
                    return Err(not_canonical(K_SIZE));
                }
                const STRIDE: &str = "Not a canonical GMMA_MN Layout: Expected stride failure.";
                let c = u128.logical_divide(&tile(w, 8)?)?;
                let d = canonical_strides(
                    &c,
                    "Not a canonical GMMA_MN Layout: Expected profile failure.",
                )?;
                if (!inter && d[0][0] != 1) || d[1][0] != w {
                    return Err(not_canonical(STRIDE));
                }
                if inter {
                    (d[1][1], d[0][1])
                } else {
                    (d[0][1], d[1][1])
                }
            }
            GmmaMajor::K => {
                if size0 % 8 != 0 {
                    return Err(not_canonical(
                        "Not a canonical GMMA_K Layout: Expected MN-size multiple of 8.",
                    ));
                }
                if size1 != 2 && size1 != 4 {
                    return Err(not_canonical(
                        "Not a canonical GMMA_K Layout: Expected K-size 2 for dense or 4 for sparse (in units of uint128_t).",
                    ));
                }
                let c = u128.logical_divide(&tile(8, 2)?)?;
                let d = canonical_strides(
                    &c,
                    "Not a canonical GMMA_K Layout: Expected profile failure.",
                )?;
                if d[0][0] != w || (!inter && d[1][0] != 1) {
                    return Err(not_canonical(
                        "Not a canonical GMMA_K Layout: Expected stride failure.",
                    ));
                }
                (d[1][0], d[0][1])
            }
        };
        Ok(GmmaDescriptor::at_zero(lbo, sbo, sw))
    }
}
