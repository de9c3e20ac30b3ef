//! TMA, host side: what CuTe's `make_tma_copy(SM90_TMA_LOAD{}, gmem,
//! smem_layout, cta_tile, multicast)` computes before it calls the driver's
//! `cuTensorMapEncodeTiled`: the TMA box (the part of the shared-memory tile
//! that one instruction moves, as a map from box coordinates to global
//! modes, `tma_gbasis`), the global extents and byte strides the
//! descriptor holds, the box extents, the swizzle mode, and the strides of
//! the coordinate tensor the kernel slices (`get_tma_tensor`).
//!
//! The steps are CuTe's `construct_tma_gbasis` and `make_tma_copy_desc`
//! (`atom/copy_traits_sm90_tma.hpp`) on the runtime algebra: invert the
//! shared-memory layout to find its contiguous run, compose it with the
//! tile's identity map into global modes, keep the modes that step by one
//! element of a global mode, merge what the global strides allow (a box
//! extent stays at most 256), and append the global modes the box does not
//! reach with extent 1.
//!
//! Where CuTe would assert at run time (a shared-memory tile whose
//! contiguous run is not a global mode's, a byte stride that is not a
//! multiple of 16, a box extent over 256), the error names the condition.
//!
//! ```
//! use cute_algebra::atom::dynamic::{GmmaSmem, TmaGmem, TmaSmem, make_tma_copy};
//! let g = TmaGmem::parse("(512,256):(256,_1)", "half_t").unwrap(); // K-major A
//! let s = GmmaSmem::parse("GMMA::Layout_K_SW128_Atom<half_t>").unwrap()
//!     .tile_to_shape(&"(128,64)".parse().unwrap()).unwrap();
//! let tma = make_tma_copy(&g, TmaSmem::Gmma(&s), 1).unwrap();
//! assert_eq!(tma.gbasis_string(), "(_64,_128):(_1@1,_1@0)");
//! assert_eq!((tma.global_dim.clone(), tma.global_stride_bytes.clone()), (vec![256, 512], vec![512]));
//! assert_eq!((tma.box_dim.clone(), tma.swizzle), (vec![64, 128], 3)); // CU_TENSOR_MAP_SWIZZLE_128B
//! assert_eq!(tma.tma_tensor_string(), "ArithTuple(_0,_0) o (512,256):(_1@1,_1@0)");
//! ```

use alloc::string::String;
use alloc::vec::Vec;
use alloc::{format, vec};

use super::gmma::GmmaSmem;
use super::types::element_bits;
use crate::basis::{BasisStride, DynBasisLayout};
use crate::dynamic::{DynLayout, IntTree, Tiler};
use crate::error::LayoutError;

/// One mode of a global tensor, with CuTe's static/runtime kinds: they
/// decide which modes CuTe may merge (only statically equal strides).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GmemMode {
    /// The extent.
    pub shape: i64,
    /// The stride, in elements.
    pub stride: i64,
    /// Whether the extent is static (`_1` is skipped, `1` is not).
    pub static_shape: bool,
    /// Whether the stride is static.
    pub static_stride: bool,
}

impl GmemMode {
    /// Whether the mode can move a TMA coordinate: CuTe skips a mode of
    /// static extent 1 or static stride 0 (a runtime 1 or 0 still counts).
    fn steps(&self) -> bool {
        !((self.static_shape && self.shape == 1) || (self.static_stride && self.stride == 0))
    }
}

/// The global tensor a TMA reads: flat modes and the element type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TmaGmem {
    /// The modes, in order.
    pub modes: Vec<GmemMode>,
    /// CuTe's element type name.
    pub value_type: String,
    /// `sizeof_bits` of the element.
    pub bits: i64,
}

fn bad(msg: &'static str) -> LayoutError {
    LayoutError::BadArgument {
        op: "make_tma_copy",
        msg,
    }
}

impl TmaGmem {
    /// A global layout in CuTe's notation, `_` marking static values:
    /// `(512,256):(256,_1)`. Nested modes are refused (CuTe flattens them
    /// into one TMA mode through a recurrence this crate does not build).
    pub fn parse(layout: &str, value_type: &str) -> Result<TmaGmem, LayoutError> {
        let bits = element_bits(value_type)?;
        let text: String = layout.chars().filter(|c| !c.is_whitespace()).collect();
        let (shape, stride) = text
            .split_once("):(")
            .map(|(a, b)| (a.trim_start_matches('('), b.trim_end_matches(')')))
            .or_else(|| text.split_once(':'))
            .ok_or(bad("the global layout is not `shape:stride`"))?;
        if shape.contains('(') || stride.contains('(') {
            return Err(bad("a nested global layout is not supported; flatten it"));
        }
        let leaf = |s: &str| -> Result<(i64, bool), LayoutError> {
            let (v, st) = match s.strip_prefix('_') {
                Some(v) => (v, true),
                None => (s, false),
            };
            v.parse::<i64>()
                .map(|v| (v, st))
                .map_err(|_| bad("a global extent or stride is not an integer"))
        };
        let shapes: Vec<_> = shape.split(',').map(leaf).collect::<Result<_, _>>()?;
        let strides: Vec<_> = stride.split(',').map(leaf).collect::<Result<_, _>>()?;
        if shapes.len() != strides.len() || shapes.is_empty() || shapes.len() > 5 {
            return Err(bad(
                "the global shape and stride must have the same rank, 1 to 5",
            ));
        }
        if shapes.iter().any(|&(s, _)| s < 1) {
            return Err(bad("a global extent is below 1"));
        }
        let modes = shapes
            .iter()
            .zip(&strides)
            .map(
                |(&(shape, static_shape), &(stride, static_stride))| GmemMode {
                    shape,
                    stride,
                    static_shape,
                    static_stride,
                },
            )
            .collect();
        Ok(TmaGmem {
            modes,
            value_type: value_type.into(),
            bits,
        })
    }
}

/// The shared-memory tile a TMA writes: a plain layout (no swizzle) or a
/// GMMA shared-memory atom tiled to the CTA tile (its byte-level swizzle is
/// the TMA's swizzle mode).
#[derive(Clone, Copy, Debug)]
pub enum TmaSmem<'a> {
    /// A plain layout, in elements.
    Plain(&'a DynLayout),
    /// A GMMA atom tiled to the tile.
    Gmma(&'a GmmaSmem),
}

/// What `make_tma_copy` computes on the host: the arguments of
/// `cuTensorMapEncodeTiled` and the TMA coordinate tensor's strides.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TmaCopy {
    /// `CUtensorMapDataType` of the element (CuTe's `to_CUtensorMapDataType`).
    pub format: u32,
    /// The box as a map from box coordinates to global modes: each TMA
    /// mode's extent and the global modes it steps (one, or several that
    /// the strides let merge).
    pub gbasis: Vec<(i64, Vec<(i64, u8)>)>,
    /// `globalDim`: each TMA mode's extent in the global tensor.
    pub global_dim: Vec<u64>,
    /// `globalStrides`: each TMA mode's stride in bytes, after the first.
    pub global_stride_bytes: Vec<u64>,
    /// `boxDim`.
    pub box_dim: Vec<u32>,
    /// `elementStrides` (CuTe: always 1).
    pub element_strides: Vec<u32>,
    /// `CUtensorMapSwizzle`: 0 none, 1 32B, 2 64B, 3 128B.
    pub swizzle: u32,
    /// The coordinate tensor's stride per global mode: `None` for `_0`
    /// (a mode the TMA does not step), else `(scale, tma mode, static)`.
    pub tma_stride: Vec<Option<(i64, u8, bool)>>,
    /// The global modes, for printing the coordinate tensor.
    gmem: Vec<GmemMode>,
}

/// CuTe's `TMA::to_CUtensorMapDataType<T>`.
fn tensor_map_format(value_type: &str) -> Result<u32, LayoutError> {
    Ok(match value_type {
        "int8_t" | "uint8_t" | "float_e4m3_t" | "float_e5m2_t" => 0,
        "int16_t" | "uint16_t" => 1,
        "uint32_t" => 2,
        "int32_t" | "int" => 3,
        "uint64_t" => 4,
        "int64_t" => 5,
        "half_t" => 6,
        "float" => 7,
        "double" => 8,
        "bfloat16_t" => 9,
        "tfloat32_t" => 11,
        _ => return Err(bad("the element type has no TMA data type")),
    })
}

/// CuTe's `make_tma_copy(SM90_TMA_LOAD{}, gmem, smem, product_each(shape(smem)),
/// multicast)` on the host: the box, the descriptor's arguments, and the
/// coordinate tensor. `multicast` CTAs share each box (CuTe splits the box's
/// last modes among them).
pub fn make_tma_copy(
    gmem: &TmaGmem,
    smem: TmaSmem<'_>,
    multicast: u32,
) -> Result<TmaCopy, LayoutError> {
    let (slayout, swizzle) = match smem {
        TmaSmem::Plain(l) => (l, 0),
        TmaSmem::Gmma(g) => {
            if g.bits != gmem.bits {
                return Err(bad(
                    "the shared-memory atom's element width differs from the global tensor's",
                ));
            }
            (&g.layout, g.swizzle.b())
        }
    };
    if multicast == 0 {
        return Err(bad("the multicast count is 0"));
    }
    // smem idx -> smem coord -> gmem coordinate: the CTA tile's identity
    // map (product_each of the smem shape) after the smem layout's inverse.
    let tile: Vec<i64> = match slayout.shape() {
        IntTree::Tuple(modes) => modes.iter().map(|m| m.leaves().iter().product()).collect(),
        IntTree::Int(v) => vec![v],
    };
    if tile.len() > gmem.modes.len() {
        return Err(bad(
            "the shared-memory tile has more modes than the global tensor",
        ));
    }
    let tile_shape = IntTree::Tuple(tile.iter().map(|&v| IntTree::Int(v)).collect());
    let inv = slayout.right_inverse()?;
    let full = DynBasisLayout::make_identity_layout(&tile_shape)?
        .composition(&Tiler::Layout(inv))?
        .coalesce()?;
    // Keep the modes that step one element of a global mode.
    let mut sidx2gmode: Vec<(i64, u8)> = Vec::new();
    for (s, d) in full.leaves() {
        match d {
            BasisStride::Basis { scale: 1, mode } if s > 1 => sidx2gmode.push((s, mode)),
            _ if s == 1 => {}
            _ => break,
        }
    }
    if sidx2gmode.is_empty() {
        return Err(bad(
            "no common vectorization of the tile and the global tensor: the tile's contiguous run is not a global mode's",
        ));
    }
    // Their global strides, merged where CuTe's coalesce_256 may: both
    // strides static, contiguous, and the merged extent at most 256.
    let gm = |mode: u8| gmem.modes[mode as usize];
    let mut tma: Vec<(i64, Vec<(i64, u8)>)> = Vec::new();
    let mut last: Option<(i64, i64, bool)> = None; // extent, stride, static
    for &(s, mode) in &sidx2gmode {
        let m = gm(mode);
        let (d, st) = (m.stride, m.static_stride);
        match (last, tma.last_mut()) {
            (Some((ls, ld, lst)), Some(group))
                if lst && st && ls.checked_mul(ld) == Some(d) && ls * s <= 256 =>
            {
                group.0 *= s;
                group.1.push((s, mode));
                last = Some((ls * s, ld, lst));
            }
            _ => {
                tma.push((s, vec![(s, mode)]));
                last = Some((s, d, st));
            }
        }
    }
    // Append the global modes the box does not step, with extent 1.
    for (i, m) in gmem.modes.iter().enumerate() {
        let used = tma
            .iter()
            .any(|(_, g)| g.iter().any(|&(_, e)| e as usize == i));
        if m.steps() && !used {
            tma.push((1, vec![(1, i as u8)]));
        }
    }
    // At most 5 TMA modes: the trailing ones group into the fifth.
    if tma.len() > 5 {
        let rest: Vec<_> = tma.drain(4..).collect();
        let extent = rest.iter().map(|(s, _)| s).product();
        tma.push((extent, rest.into_iter().flat_map(|(_, g)| g).collect()));
    }
    // The descriptor's global extents and strides (in elements, then bytes).
    let mut global_dim = vec![1u64; tma.len()];
    let mut global_stride = vec![0u64; tma.len()];
    for (i, (_, group)) in tma.iter().enumerate() {
        if let [(_, e)] = group[..] {
            global_dim[i] = gm(e).shape as u64;
            global_stride[i] = gm(e).stride as u64;
        } else {
            for &(_, e) in group {
                let (shape_j, stride_j) = (gm(e).shape as u64, gm(e).stride as u64);
                let old = global_stride[i];
                global_stride[i] = gcd(old, stride_j);
                // CuTe's recurrence: (s_i - 1) * (d_i / g) + (s_j - 1) * (d_j / g) + 1.
                global_dim[i] = match (
                    old.checked_div(global_stride[i]),
                    stride_j.checked_div(global_stride[i]),
                ) {
                    (Some(a), Some(b)) => (global_dim[i] - 1)
                        .checked_mul(a)
                        .zip((shape_j - 1).checked_mul(b))
                        .and_then(|(x, y)| x.checked_add(y)?.checked_add(1))
                        .ok_or(LayoutError::Overflow {
                            op: "make_tma_copy",
                        })?,
                    _ => shape_j,
                };
            }
        }
    }
    if global_stride[0] != 1 {
        return Err(bad(
            "the majorness of the shared-memory tile does not match the global tensor's (the box's first mode must have global stride 1)",
        ));
    }
    if gmem.modes.iter().any(|m| m.stride < 0) {
        return Err(bad("a global stride is negative"));
    }
    let bytes = |s: u64| s.saturating_mul(gmem.bits as u64) / 8;
    let global_stride_bytes: Vec<u64> = global_stride[1..].iter().map(|&s| bytes(s)).collect();
    if global_stride_bytes
        .iter()
        .any(|&s| s % 16 != 0 || s >= 1 << 40)
    {
        return Err(bad(
            "a global byte stride is not a multiple of 16 below 2^40",
        ));
    }
    if global_dim.iter().any(|&d| d > 1 << 32) {
        return Err(bad("a global extent is above 2^32"));
    }
    // The box: each TMA mode's extent, the last ones split among the
    // multicast CTAs.
    let mut box_dim: Vec<u32> = tma.iter().map(|&(s, _)| s as u32).collect();
    let mut mc = multicast;
    let mut i = box_dim.len();
    while mc > 1 {
        if i == 0 {
            return Err(bad("the multicast count exceeds the box"));
        }
        i -= 1;
        let b = box_dim[i];
        if !b.is_multiple_of(mc) && !mc.is_multiple_of(b) {
            return Err(bad(
                "the multicast count and the box's extent do not divide one another",
            ));
        }
        let next = mc.div_ceil(b);
        box_dim[i] = b.div_ceil(mc);
        mc = next;
    }
    if box_dim.iter().any(|&b| b > 256) {
        return Err(bad("a box extent is above 256"));
    }
    // The coordinate tensor: global mode i steps TMA mode j.
    let tma_stride = gmem
        .modes
        .iter()
        .enumerate()
        .map(|(i, m)| {
            if !m.steps() {
                return None;
            }
            let j = tma
                .iter()
                .position(|(_, g)| g.iter().any(|&(_, e)| e as usize == i))?;
            Some(if j == 0 {
                (m.stride, 0u8, m.static_stride)
            } else if tma[j].1.len() == 1 {
                (1, j as u8, true)
            } else {
                let per = (global_stride[j] * gmem.bits as u64 / 8).max(16) as i64;
                (
                    (m.stride.saturating_mul(gmem.bits) / per + 7) / 8,
                    j as u8,
                    false,
                )
            })
        })
        .collect();
    Ok(TmaCopy {
        format: tensor_map_format(&gmem.value_type)?,
        gbasis: tma,
        element_strides: vec![1; global_dim.len()],
        global_dim,
        global_stride_bytes,
        box_dim,
        swizzle,
        tma_stride,
        gmem: gmem.modes.clone(),
    })
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// A tuple in CuTe's print form: `(a,b)`, or `a` alone.
fn tuple(items: &[String]) -> String {
    if items.len() == 1 {
        items[0].clone()
    } else {
        format!("({})", items.join(","))
    }
}

impl TmaCopy {
    /// The box map as CuTe prints its `TmaGmemBasis` (fully static).
    pub fn gbasis_string(&self) -> String {
        let mode = |(s, g): &(i64, Vec<(i64, u8)>)| -> (String, String) {
            if let [(_, e)] = g[..] {
                (format!("_{s}"), format!("_1@{e}"))
            } else {
                (
                    tuple(&g.iter().map(|(s, _)| format!("_{s}")).collect::<Vec<_>>()),
                    tuple(&g.iter().map(|(_, e)| format!("_1@{e}")).collect::<Vec<_>>()),
                )
            }
        };
        // A rank-1 box prints as a tuple too: CuTe groups the box's modes.
        let (s, d): (Vec<_>, Vec<_>) = self.gbasis.iter().map(mode).unzip();
        format!("({}):({})", s.join(","), d.join(","))
    }

    /// The coordinate tensor as CuTe prints `get_tma_tensor(shape)`.
    pub fn tma_tensor_string(&self) -> String {
        let kind = |v: i64, st: bool| if st { format!("_{v}") } else { format!("{v}") };
        let start: Vec<String> = self.gbasis.iter().map(|_| "_0".into()).collect();
        let shape: Vec<String> = self
            .gmem
            .iter()
            .map(|m| kind(m.shape, m.static_shape))
            .collect();
        let stride: Vec<String> = self
            .tma_stride
            .iter()
            .map(|s| match *s {
                None => "_0".into(),
                Some((scale, j, st)) => format!("{}@{j}", kind(scale, st)),
            })
            .collect();
        format!(
            "ArithTuple({}) o {}:{}",
            start.join(","),
            tuple(&shape),
            tuple(&stride)
        )
    }

    /// The arguments of `cuTensorMapEncodeTiled`, one line.
    pub fn encode_string(&self) -> String {
        let list =
            |v: &mut dyn Iterator<Item = u64>| -> String { v.map(|x| format!(" {x}")).collect() };
        format!(
            "format {} rank {} dims{} | byte strides{} | box{} | elem strides{} | swizzle {}",
            self.format,
            self.global_dim.len(),
            list(&mut self.global_dim.iter().copied()),
            list(&mut self.global_stride_bytes.iter().copied()),
            list(&mut self.box_dim.iter().map(|&x| x as u64)),
            list(&mut self.element_strides.iter().map(|&x| x as u64)),
            self.swizzle
        )
    }
}
