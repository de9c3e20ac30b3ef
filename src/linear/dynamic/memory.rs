//! What Triton computes with linear layouts for memory access: the widest
//! vector a layout allows, a warp's shared-memory bank conflicts from F₂
//! ranks, and a conflict-removing swizzle, returned as CuTe's `Sw<B,M,S>`.

use alloc::string::String;
use alloc::vec::Vec;

use super::{LinearLayout, dims_err, rref};
use crate::dynamic::DynLayout;
use crate::error::LayoutError;
use crate::swizzle::DynSwizzle;

fn rank_of(images: &[u64]) -> u32 {
    // Rows are images here; the rank of a set of vectors is the same read
    // either way.
    let mut m = images.to_vec();
    rref(&mut m, 64);
    m.iter().filter(|r| **r != 0).count() as u32
}

/// The widest vector, in elements, that the bits of input dimension
/// `in_dim` allow where `l` maps inputs to memory offsets in elements (its
/// output dimensions flattened): the first `k` bits of `in_dim` go to
/// offsets `1, 2, .., 2^(k-1)` and no other bit touches those offsets
/// (Triton's `getNumConsecutiveInOut`), capped at 128 bits.
///
/// ```
/// use cute_algebra::linear::{max_vector_width, LinearLayout};
/// let l = LinearLayout::from_bases(
///     &[("register", vec![vec![1], vec![2], vec![64]]), ("lane", vec![vec![4], vec![8], vec![16], vec![32], vec![128]])],
///     &["offset"],
/// ).unwrap();
/// assert_eq!(max_vector_width(&l, "register", 16).unwrap(), 4); // 4 x 16 bits
/// assert_eq!(max_vector_width(&l, "register", 64).unwrap(), 2); // capped at 128 bits
/// ```
pub fn max_vector_width(
    l: &LinearLayout,
    in_dim: &str,
    elem_bits: u32,
) -> Result<u64, LayoutError> {
    let op = "max_vector_width";
    if !(1..=128).contains(&elem_bits) || !elem_bits.is_power_of_two() {
        return Err(dims_err(
            op,
            "the element width must be a power of two from 1 to 128 bits",
        ));
    }
    if l.in_dim_size_log2(in_dim).is_none() {
        return Err(dims_err(
            op,
            "the vector's input dimension is not in the layout",
        ));
    }
    let mut order = Vec::from([in_dim]);
    order.extend(l.in_dim_names().into_iter().filter(|n| *n != in_dim));
    let moved = l.transpose_ins(&order)?.flatten_outs();
    Ok(moved
        .num_consecutive_in_out()
        .min(u64::from(128 / elem_bits)))
}

/// A warp's shared-memory access, counted from F₂ ranks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Wavefronts {
    /// Distinct 4-byte words the access touches.
    pub words: u64,
    /// Distinct banks (of 32) among them.
    pub banks: u64,
    /// Wavefronts the access takes: the most distinct words in one bank.
    pub wavefronts: u64,
    /// The fewest wavefronts an access to this many words can take
    /// (`words / 32`, at least 1).
    pub ideal: u64,
}

/// The bank conflicts of one warp-wide access, where `l` maps every input
/// bit of that access (the lanes and each lane's vector elements) to a
/// shared-memory offset in elements of `elem_bytes` bytes (its outputs
/// flattened).
///
/// The words touched are the image of a linear map `W`, and the banks the
/// image of its low five bits `P W`; every bank in that image holds the
/// same number of words, `2^(rank W - rank P W)`, which is the number of
/// wavefronts.
///
/// ```
/// use cute_algebra::linear::{bank_conflicts, LinearLayout};
/// // 32 lanes down a column of a 32 x 32 row-major fp32 tile: one bank.
/// let col = LinearLayout::strided_1d(32, 32, "lane", "offset").unwrap();
/// assert_eq!(bank_conflicts(&col, 4).unwrap().wavefronts, 32);
/// let row = LinearLayout::identity_1d(32, "lane", "offset").unwrap();
/// assert_eq!(bank_conflicts(&row, 4).unwrap().wavefronts, 1);
/// ```
pub fn bank_conflicts(l: &LinearLayout, elem_bytes: u32) -> Result<Wavefronts, LayoutError> {
    let op = "bank_conflicts";
    if !(1..=16).contains(&elem_bytes) || !elem_bytes.is_power_of_two() {
        return Err(dims_err(
            op,
            "the element size must be 1, 2, 4, 8 or 16 bytes",
        ));
    }
    let e = elem_bytes.trailing_zeros();
    let offsets = l.flat_images();
    // Word index of each input bit; an element wider than a word adds the
    // words inside it as inputs of their own.
    let mut words: Vec<u64> = if e >= 2 {
        offsets.iter().map(|v| v << (e - 2)).collect()
    } else {
        offsets.iter().map(|v| v >> (2 - e)).collect()
    };
    if e > 2 {
        words.extend((0..e - 2).map(|b| 1u64 << b));
    }
    let r = rank_of(&words);
    let banks: Vec<u64> = words.iter().map(|w| w & 31).collect();
    let rb = rank_of(&banks);
    Ok(Wavefronts {
        words: 1 << r,
        banks: 1 << rb,
        wavefronts: 1 << (r - rb),
        ideal: 1 << r.saturating_sub(5),
    })
}

/// The layout from `reg`'s `register` and `lane` bits to the offsets of
/// `sw ∘ base`, where `reg` maps to `(dim0, dim1)` and `base` maps the
/// column-major index `dim0 + M dim1` to an offset.
fn store_map(
    reg: &LinearLayout,
    base_images: &[u64],
    sw: DynSwizzle,
) -> Result<LinearLayout, LayoutError> {
    let flat = reg.flatten_outs();
    let images: Vec<u64> = flat
        .flat_images()
        .iter()
        .map(|&v| {
            let off = (0..64).filter(|b| (v >> b) & 1 == 1).fold(0u64, |acc, b| {
                acc ^ base_images.get(b).copied().unwrap_or(0)
            });
            sw.apply(off as i64) as u64
        })
        .collect();
    let k = 64 - images.iter().fold(0u64, |a, v| a | v).leading_zeros();
    let ll = LinearLayout::from_flat(&images, &reg.in_shape(), &[(String::from("offset"), k)]);
    ll.check("swizzle_search")?;
    Ok(ll)
}

/// The cost of storing or loading `reg` through `sw ∘ base`: instructions
/// (registers / vector width) times wavefronts per instruction, the vector
/// width and the wavefronts.
fn cost(
    reg: &LinearLayout,
    base_images: &[u64],
    sw: DynSwizzle,
    elem_bytes: u32,
) -> Result<(u64, u64, u64), LayoutError> {
    let s = store_map(reg, base_images, sw)?;
    let vec = max_vector_width(&s, "register", elem_bytes * 8)?;
    let kv = vec.trailing_zeros() as usize;
    // One instruction: the first kv register bits and every lane bit.
    let regs = s.basis_count("register");
    let access = s.sublayout(&["register", "lane"], &["offset"])?;
    let access = access.truncate_in("register", kv);
    let w = bank_conflicts(&access, elem_bytes)?;
    let instructions = 1u64 << (regs - kv);
    Ok((instructions * w.wavefronts, vec, w.wavefronts))
}

impl LinearLayout {
    fn basis_count(&self, name: &str) -> usize {
        self.in_dim_size_log2(name).unwrap_or(0) as usize
    }

    /// This layout with input dimension `name` cut to its first `k` bits.
    fn truncate_in(&self, name: &str, k: usize) -> LinearLayout {
        let mut l = self.clone();
        if let Some(i) = l.in_index(name) {
            l.ins[i].bases.truncate(k);
        }
        l
    }
}

/// A swizzle search in the manner of Triton's `GenericSwizzling`: among
/// `Sw<B,M,S>` (B and S from 0, M from the vector width up, within the
/// tile's bits), the one that makes storing and loading each register
/// layout of `regs` through `Sw ∘ base` cheapest (instructions times
/// wavefronts, summed), fewest swizzle bits first on a tie. Each register
/// layout maps `register`, `lane` (and `warp`) to `(dim0, dim1)`; `base`
/// maps the tile's column-major index to shared-memory offsets.
///
/// Returns the swizzle and its total cost, with the cost of no swizzle
/// (`Sw<0,0,0>`) for comparison.
///
/// ```
/// use cute_algebra::dynamic::DynLayout;
/// use cute_algebra::linear::{swizzle_search, to_linear_tv};
/// // Each lane reads a column of 8 fp16 of a 32 x 8 column; a warp reads
/// // four 8 x 8 blocks of a row-major 32 x 64 tile: bank conflicts unless
/// // swizzled.
/// let reg = to_linear_tv(&"((8,4),8):((1,512),64)".parse().unwrap(), 32, 64).unwrap();
/// let base: DynLayout = "(32,64):(64,1)".parse().unwrap();
/// let (sw, cost, plain) = swizzle_search(&[&reg], &base, 2).unwrap();
/// assert!(cost < plain, "{sw}: {cost} vs {plain}");
/// ```
pub fn swizzle_search(
    regs: &[&LinearLayout],
    base: &DynLayout,
    elem_bytes: u32,
) -> Result<(DynSwizzle, u64, u64), LayoutError> {
    let op = "swizzle_search";
    let base_ll = super::to_linear(base)?;
    let base_images = base_ll.flat_images();
    for r in regs {
        if r.out_dim_names() != ["dim0", "dim1"] {
            return Err(dims_err(
                op,
                "each register layout must map to (dim0, dim1)",
            ));
        }
        if r.in_dim_size_log2("register").is_none() || r.in_dim_size_log2("lane").is_none() {
            return Err(dims_err(
                op,
                "each register layout must have register and lane inputs",
            ));
        }
        if r.total_out_bits() != base_images.len() {
            return Err(dims_err(
                op,
                "the register layouts' tile must be the base layout's size",
            ));
        }
    }
    let total = |sw: DynSwizzle| -> Result<(u64, u64), LayoutError> {
        let mut sum = 0;
        let mut vec = u64::MAX;
        for r in regs {
            let (c, v, _) = cost(r, &base_images, sw, elem_bytes)?;
            sum += c;
            vec = vec.min(v);
        }
        Ok((sum, vec))
    };
    let none = DynSwizzle::new(0, 0, 0)?;
    let (plain, plain_vec) = total(none)?;
    let n = bits_of(base_images.iter().fold(0, |a, v| a | v));
    let mut best = (none, plain);
    let min_m = plain_vec.trailing_zeros();
    for b in 1..=n {
        for m in min_m..=n {
            for s in b..=n {
                if b + m + s > n {
                    continue;
                }
                let sw = DynSwizzle::new(b, m, s as i32)?;
                let (c, _) = total(sw)?;
                if c < best.1 {
                    best = (sw, c);
                }
            }
        }
    }
    Ok((best.0, best.1, plain))
}

fn bits_of(x: u64) -> u32 {
    64 - x.leading_zeros()
}
