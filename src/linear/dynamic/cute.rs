//! The bridge between CuTe's layouts and linear layouts, both ways.
//!
//! A CuTe layout with power-of-two extents maps an index `i` to
//! `sum_k stride_k * coord_k`, and each coordinate is a bit field of `i`, so
//! the layout is the *sum* of the images `stride_k << b` of `i`'s set bits.
//! It is linear over F₂ exactly when that sum is always the XOR, which holds
//! exactly when the images have pairwise disjoint bits (`a + b = (a ^ b) +
//! 2 (a & b)`). A swizzle is itself F₂-linear and its own inverse, so
//! `Sw ∘ L` is linear exactly when `L` is.

use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use super::{InDim, LinearLayout, MAX_BITS, dims_err, log2_of};
use crate::basis::{BasisStride, DynBasisLayout};
use crate::dynamic::{DynLayout, IntTree};
use crate::error::LayoutError;
use crate::swizzle::{DynComposed, DynSwizzle, MaybeComposed};

/// The images of the input bits of these leaves (`stride << b` for each bit
/// `b` of each power-of-two extent), in index order.
fn leaf_images(op: &'static str, leaves: &[(i64, i64)]) -> Result<Vec<u64>, LayoutError> {
    let mut out = Vec::new();
    for &(shape, stride) in leaves {
        let k = log2_of(op, "shape extent", shape)?;
        if stride < 0 {
            return Err(LayoutError::NegativeStrideUnsupported {
                op,
                mode: out.len(),
                reason: "a linear layout's values are non-negative bit patterns",
            });
        }
        for b in 0..k {
            let img = (stride as u64)
                .checked_shl(b)
                .filter(|v| v >> MAX_BITS == 0);
            out.push(img.ok_or(dims_err(op, "an image is wider than 32 bits"))?);
        }
    }
    if out.len() > MAX_BITS as usize {
        return Err(dims_err(op, "more than 32 input bits in all"));
    }
    Ok(out)
}

/// The first pair of images that share a bit, as the error that names them.
fn check_disjoint(op: &'static str, images: &[u64]) -> Result<(), LayoutError> {
    let mut seen = 0u64;
    for (j, &v) in images.iter().enumerate() {
        if seen & v != 0 {
            let i = images[..j].iter().position(|&u| u & v != 0).unwrap_or(0);
            return Err(LayoutError::NotLinear {
                op,
                bit_a: i as u32,
                image_a: images[i] as i64,
                bit_b: j as u32,
                image_b: v as i64,
            });
        }
        seen |= v;
    }
    Ok(())
}

fn bit_len(x: u64) -> u32 {
    64 - x.leading_zeros()
}

fn one_out(images: &[u64], ins: &[(String, u32)], out: &str) -> LinearLayout {
    let k = bit_len(images.iter().fold(0, |a, v| a | v));
    LinearLayout::from_flat(images, ins, &[(String::from(out), k)])
}

/// A CuTe layout as a linear layout from its 1-D index (input dimension
/// `in`) to its offset (output `out`, the smallest power of two above every
/// value), or [`LayoutError::NotLinear`] naming two input bits whose images
/// share bits.
///
/// ```
/// use cute_algebra::dynamic::DynLayout;
/// use cute_algebra::linear::to_linear;
/// let l: DynLayout = "4:5".parse().unwrap(); // images 5 and 10: disjoint
/// let ll = to_linear(&l).unwrap();
/// assert_eq!(ll.apply(&[("in", 3)]).unwrap(), vec![15]);
/// ```
pub fn to_linear(l: &DynLayout) -> Result<LinearLayout, LayoutError> {
    let images = leaf_images("to_linear", l.flat())?;
    check_disjoint("to_linear", &images)?;
    Ok(one_out(
        &images,
        &[(String::from("in"), images.len() as u32)],
        "out",
    ))
}

/// A CuTe layout as a linear layout with one input dimension per top-level
/// mode (named `in_names`, in order) and the offset as output `out`.
pub fn to_linear_modes(
    l: &DynLayout,
    in_names: &[&str],
    out: &str,
) -> Result<LinearLayout, LayoutError> {
    let op = "to_linear";
    if in_names.len() != l.rank() {
        return Err(LayoutError::RankMismatch {
            op,
            expected: l.rank(),
            found: in_names.len(),
        });
    }
    let mut images = Vec::new();
    let mut ins = Vec::new();
    for (i, name) in in_names.iter().enumerate() {
        let m = leaf_images(op, l.mode(i)?.flat())?;
        ins.push((String::from(*name), m.len() as u32));
        images.extend(m);
    }
    check_disjoint(op, &images)?;
    let ll = one_out(&images, &ins, out);
    ll.check(op)?;
    Ok(ll)
}

/// A swizzled layout `Sw<B,M,S> o 0 o L` as a linear layout (`in` to
/// `out`): each image of `L` swizzled. A nonzero offset makes the function
/// affine (`f(0) != 0`), not linear.
///
/// ```
/// use cute_algebra::linear::to_linear_composed;
/// use cute_algebra::swizzle::{DynComposed, DynSwizzle};
/// let c = DynComposed::new(DynSwizzle::new(1, 0, 1).unwrap(), 0, "4:1".parse().unwrap());
/// assert_eq!(to_linear_composed(&c).unwrap().bases()[0].1, &[vec![1], vec![3]]);
/// ```
pub fn to_linear_composed(c: &DynComposed) -> Result<LinearLayout, LayoutError> {
    let op = "to_linear";
    if c.offset() != 0 {
        return Err(LayoutError::BadArgument {
            op,
            msg: "a nonzero offset makes the swizzled layout affine, not linear (its value at 0 is not 0)",
        });
    }
    let inner = leaf_images(op, c.layout().flat())?;
    check_disjoint(op, &inner)?;
    let sw = c.swizzle();
    let images: Vec<u64> = inner.iter().map(|&v| sw.apply(v as i64) as u64).collect();
    if images.iter().any(|v| v >> MAX_BITS != 0) {
        return Err(dims_err(op, "an image is wider than 32 bits"));
    }
    Ok(one_out(
        &images,
        &[(String::from("in"), images.len() as u32)],
        "out",
    ))
}

/// A basis-strided layout (`k@i` strides, CuTe's `E<i>`) as a linear layout
/// from its 1-D index (`in`) to one output dimension per basis mode, named
/// `out_names` (each the smallest power of two above its values).
///
/// ```
/// use cute_algebra::basis::DynBasisLayout;
/// use cute_algebra::linear::to_linear_basis;
/// let id = DynBasisLayout::make_identity_layout(&"(4,2)".parse().unwrap()).unwrap();
/// let ll = to_linear_basis(&id, &["dim0", "dim1"]).unwrap();
/// assert_eq!(ll.out_dims(), vec![("dim0", 4), ("dim1", 2)]);
/// assert_eq!(ll.apply(&[("in", 5)]).unwrap(), vec![1, 1]);
/// ```
pub fn to_linear_basis(
    b: &DynBasisLayout,
    out_names: &[&str],
) -> Result<LinearLayout, LayoutError> {
    let op = "to_linear";
    let n = b.basis_modes();
    if out_names.len() != n {
        return Err(LayoutError::RankMismatch {
            op,
            expected: n,
            found: out_names.len(),
        });
    }
    let mut per_mode: Vec<Vec<u64>> = vec![Vec::new(); n];
    let mut modes = Vec::new();
    for (shape, stride) in b.leaves() {
        let (scale, mode) = match stride {
            BasisStride::Int(v) => (v, None),
            BasisStride::Basis { scale, mode } => (scale, Some(usize::from(mode))),
        };
        for img in leaf_images(op, &[(shape, scale)])? {
            modes.push(mode.filter(|_| img != 0));
            for (m, col) in per_mode.iter_mut().enumerate() {
                col.push(if Some(m) == mode { img } else { 0 });
            }
        }
    }
    for col in &per_mode {
        check_disjoint(op, col)?;
    }
    let k = modes.len() as u32;
    let outs: Vec<(String, u32)> = out_names
        .iter()
        .zip(&per_mode)
        .map(|(nm, col)| (String::from(*nm), bit_len(col.iter().fold(0, |a, v| a | v))))
        .collect();
    let ll = LinearLayout {
        ins: vec![InDim {
            name: String::from("in"),
            bases: (0..k as usize)
                .map(|i| per_mode.iter().map(|c| c[i]).collect())
                .collect(),
        }],
        outs,
    };
    ll.check(op)?;
    Ok(ll)
}

/// A TV layout `(thread, value) -> index in an M x N tile` (column-major,
/// `m + M n`) as Triton's distributed layout: inputs `register` (the value
/// mode), `lane` (thread bits below 32) and `warp` (the rest), outputs
/// `dim0 = m` (size M) and `dim1 = n` (size N).
///
/// ```
/// use cute_algebra::dynamic::DynLayout;
/// use cute_algebra::linear::to_linear_tv;
/// // SM80 16x8 accumulator (C) of mma.m16n8k16: CuTe's SM80_16x8_Row.
/// let c: DynLayout = "((4,8),(2,2)):((32,1),(16,8))".parse().unwrap();
/// let ll = to_linear_tv(&c, 16, 8).unwrap();
/// assert_eq!(ll.apply(&[("register", 1), ("lane", 1), ("warp", 0)]).unwrap(), vec![0, 3]);
/// assert!(ll.is_invertible());
/// ```
pub fn to_linear_tv(tv: &DynLayout, m: i64, n: i64) -> Result<LinearLayout, LayoutError> {
    let op = "to_linear_tv";
    if tv.rank() != 2 {
        return Err(LayoutError::RankMismatch {
            op,
            expected: 2,
            found: tv.rank(),
        });
    }
    let km = log2_of(op, "tile extent M", m)?;
    let kn = log2_of(op, "tile extent N", n)?;
    let threads = leaf_images(op, tv.mode(0)?.flat())?;
    let values = leaf_images(op, tv.mode(1)?.flat())?;
    let all: Vec<u64> = threads.iter().chain(&values).copied().collect();
    check_disjoint(op, &all)?;
    if all.iter().any(|v| v >> (km + kn) != 0) {
        return Err(dims_err(
            op,
            "the TV layout reaches an index outside the M x N tile",
        ));
    }
    let split = |v: u64| vec![v & ((1 << km) - 1), v >> km];
    let lanes = threads.len().min(5);
    let ll = LinearLayout {
        ins: vec![
            InDim {
                name: String::from("register"),
                bases: values.iter().map(|&v| split(v)).collect(),
            },
            InDim {
                name: String::from("lane"),
                bases: threads[..lanes].iter().map(|&v| split(v)).collect(),
            },
            InDim {
                name: String::from("warp"),
                bases: threads[lanes..].iter().map(|&v| split(v)).collect(),
            },
        ],
        outs: vec![(String::from("dim0"), km), (String::from("dim1"), kn)],
    };
    ll.check(op)?;
    Ok(ll)
}

/// One input dimension's bits as CuTe modes (shape, stride): runs of bits
/// whose images double (or stay 0) merge into one `extent:stride` mode; no
/// bits is the mode `1:0`.
fn modes_of(images: &[u64]) -> (IntTree, IntTree) {
    let mut leaves: Vec<(i64, i64)> = Vec::new();
    let mut prev: Option<u64> = None;
    for &v in images {
        match (leaves.last_mut(), prev) {
            (Some(last), Some(p)) if v == 2 * p => last.0 *= 2,
            _ => leaves.push((2, v as i64)),
        }
        prev = Some(v);
    }
    match leaves.as_slice() {
        [] => (IntTree::Int(1), IntTree::Int(0)),
        [(e, d)] => (IntTree::Int(*e), IntTree::Int(*d)),
        many => (
            IntTree::Tuple(many.iter().map(|l| IntTree::Int(l.0)).collect()),
            IntTree::Tuple(many.iter().map(|l| IntTree::Int(l.1)).collect()),
        ),
    }
}

fn layout_of(ll: &LinearLayout, images: &[u64]) -> Result<DynLayout, LayoutError> {
    let mut shapes = Vec::new();
    let mut strides = Vec::new();
    let mut at = 0;
    for d in &ll.ins {
        let k = d.bases.len();
        let (shape, stride) = modes_of(&images[at..at + k]);
        at += k;
        shapes.push(shape);
        strides.push(stride);
    }
    if shapes.len() == 1 {
        DynLayout::new(shapes.remove(0), strides.remove(0))
    } else {
        DynLayout::new(IntTree::Tuple(shapes), IntTree::Tuple(strides))
    }
}

/// A linear layout as a CuTe layout with the same function from the
/// flattened input (a CuTe 1-D index, one mode per input dimension) to the
/// flattened output (the output dimensions concatenated, the first the
/// least significant): `shape:stride` when the images have pairwise disjoint
/// bits, else `Sw<B,M,S> o 0 o shape:stride` for the first swizzle (fewest
/// bits first) that makes them so, else [`LayoutError::NoCuteForm`].
///
/// ```
/// use cute_algebra::dynamic::DynLayout;
/// use cute_algebra::linear::{to_cute, to_linear_composed, LinearLayout};
/// use cute_algebra::swizzle::{DynComposed, DynSwizzle};
/// let c = DynComposed::new(DynSwizzle::new(3, 4, 3).unwrap(), 0, "(8,64):(64,1)".parse().unwrap());
/// let back = to_cute(&to_linear_composed(&c).unwrap()).unwrap();
/// // On 512 elements the swizzle's top bit (bit 9) never acts, so the
/// // swizzle with fewest bits that has this function is Sw<2,4,3>.
/// assert_eq!(back.to_string(), "Sw<2,4,3> o 0 o (8,64):(64,1)");
/// // in = 3 -> 1 ^ 1 = 0: no CuTe layout adds to 0 from two nonzero images.
/// let l = LinearLayout::new(&[("in", vec![vec![1], vec![1]])], &[("out", 2)], false).unwrap();
/// assert!(to_cute(&l).is_err());
/// ```
pub fn to_cute(ll: &LinearLayout) -> Result<MaybeComposed, LayoutError> {
    let op = "to_cute";
    let images = ll.flat_images();
    if check_disjoint(op, &images).is_ok() {
        return Ok(MaybeComposed::Layout(layout_of(ll, &images)?));
    }
    let n = ll.total_out_bits() as u32;
    for b in 1..=n {
        for m in 0..=n {
            for s in b..=n {
                if b + m + s > n {
                    continue;
                }
                for s in [s as i32, -(s as i32)] {
                    let Ok(sw) = DynSwizzle::new(b, m, s) else {
                        continue;
                    };
                    let g: Vec<u64> = images.iter().map(|&v| sw.apply(v as i64) as u64).collect();
                    if check_disjoint(op, &g).is_ok() {
                        let inner = layout_of(ll, &g)?;
                        return Ok(MaybeComposed::Composed(DynComposed::new(sw, 0, inner)));
                    }
                }
            }
        }
    }
    Err(LayoutError::NoCuteForm {
        op,
        reason: "the images of two input bits share bits under every swizzle that fits the output",
    })
}
