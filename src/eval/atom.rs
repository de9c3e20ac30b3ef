//! The evaluator's calls on atoms, in the oracle's notation: MMA and copy
//! atoms (`MMA_Atom<Op>`, `Copy_Atom<Op, T>`, a bare copy op), tiled MMAs
//! and copies, their partitions of tensors, and the GMMA shared-memory
//! atoms and descriptors.
//!
//! ```
//! use cute_algebra::eval::eval_line;
//! assert_eq!(eval_line("thr_id(MMA_Atom<SM90_64x64x16_F16F16F16_RS<K,K>>)"), "128:1");
//! assert_eq!(eval_line("layout_dst(Copy_Atom<SM75_U16x2_LDSM_T, half_t>)"),
//!            "((4,8),(1,2)):((16,1),(1,8))");
//! assert_eq!(eval_line("tiler_mn(make_tiled_copy(Copy_Atom<UniversalCopy<uint32_t>, uint8_t>, (8,16):(16,1), (1,4)))"),
//!            "(8,64)");
//! assert_eq!(eval_line("partition_C(make_tiled_mma(MMA_Atom<SM80_16x8x16_S32S8S8S32_TN>, (2,1,1)), 48, tensor((64,16):(1,64)))"),
//!            "counting_iter(20) o ((2,2),2,2):((64,8),32,512)");
//! assert_eq!(eval_line("GMMA::Layout_K_SW64_Atom<uint8_t>"), "Sw<2,4,3> o smem_ptr[8b](unset) o (8,64):(64,1)");
//! ```

use alloc::boxed::Box;

use super::{Value, as_layout, as_tiler, as_tree, bad, coord_tiler};
use crate::atom::dynamic::{
    AnyTensor, CopyAtom, CopyOp, GmmaMajor, GmmaSmem, MmaAtom, Operand, TiledCopy, TiledMma,
    TmaGmem, TmaSmem,
};
use crate::dynamic::{CoordTree, DynLayout, IntTree, Tiler};
use crate::error::LayoutError;

/// The value of a bare type name: `MMA_Atom<Op>`, `Copy_Atom<Op, T>`,
/// `GMMA::Layout_K_SW128_Atom<T>`, or a copy or MMA operation.
pub(super) fn type_value(name: &str) -> Result<Value, LayoutError> {
    if let Some(op) = name
        .strip_prefix("MMA_Atom<")
        .and_then(|r| r.strip_suffix('>'))
    {
        return Ok(Value::MmaAtom(Box::new(MmaAtom::parse(op)?)));
    }
    if let Some(args) = name
        .strip_prefix("Copy_Atom<")
        .and_then(|r| r.strip_suffix('>'))
    {
        let comma =
            last_top_level_comma(args).ok_or(bad("Copy_Atom", "expected Copy_Atom<Op, T>"))?;
        return Ok(Value::CopyAtom(Box::new(CopyAtom::parse(
            &args[..comma],
            &args[comma + 1..],
        )?)));
    }
    if name.starts_with("GMMA::") {
        return Ok(Value::GmmaSmem(Box::new(GmmaSmem::parse(name)?)));
    }
    match CopyOp::parse(name) {
        Ok(op) => Ok(Value::CopyOp(Box::new(op))),
        Err(_) => MmaAtom::parse(name).map(|a| Value::MmaAtom(Box::new(a))),
    }
}

/// The comma that separates `Op` from `T` in `Op, T` (outside `<...>`).
fn last_top_level_comma(s: &str) -> Option<usize> {
    let mut depth = 0i32;
    let mut last = None;
    for (i, b) in s.bytes().enumerate() {
        match b {
            b'<' => depth += 1,
            b'>' => depth -= 1,
            b',' if depth == 0 => last = Some(i),
            _ => {}
        }
    }
    last
}

fn operand(name: &str, prefix: &str) -> Option<Operand> {
    match name.strip_prefix(prefix)? {
        "A" => Some(Operand::A),
        "B" => Some(Operand::B),
        "C" => Some(Operand::C),
        _ => None,
    }
}

fn tensor_arg(v: &Value, op: &'static str) -> Result<AnyTensor, LayoutError> {
    Ok(match v {
        Value::Tensor(t) => AnyTensor::Counting(t.clone()),
        Value::ComposedTensor(t) => AnyTensor::Swizzled(t.clone()),
        Value::IdentityTensor(t) => AnyTensor::Identity(t.clone()),
        v => AnyTensor::of_layout(as_layout(v, op)?),
    })
}

fn tensor_value(t: AnyTensor) -> Value {
    match t {
        AnyTensor::Counting(t) => Value::Tensor(t),
        AnyTensor::Swizzled(t) => Value::ComposedTensor(t),
        AnyTensor::Identity(t) => Value::IdentityTensor(t),
    }
}

/// A thrfrg/tidfrg result: a layout's partition is printed as a layout.
fn layout_or_tensor(t: AnyTensor, layout_in: bool) -> Value {
    match t {
        AnyTensor::Counting(t) if layout_in => Value::Layout(t.layout),
        t => tensor_value(t),
    }
}

fn ints(v: &[i64]) -> Value {
    Value::Tuple(CoordTree::Tuple(
        v.iter().map(|&x| CoordTree::Int(x)).collect(),
    ))
}

fn int_tree(t: &IntTree) -> Value {
    fn go(t: &IntTree) -> CoordTree {
        match t {
            IntTree::Int(v) => CoordTree::Int(*v),
            IntTree::Tuple(v) => CoordTree::Tuple(v.iter().map(go).collect()),
        }
    }
    Value::Tuple(go(t))
}

fn thr_index(v: &Value, op: &'static str) -> Result<i64, LayoutError> {
    match v {
        Value::Int(i) if *i >= 0 => Ok(*i),
        _ => Err(bad(op, "expected a thread index (an integer >= 0)")),
    }
}

/// The permutation argument: a shape `(32,32,16)`, a tiler `<32, L, _>`.
fn perm_arg(v: &Value) -> Result<Tiler, LayoutError> {
    match v {
        Value::Tuple(t) => Ok(coord_tiler(t)),
        v => as_tiler(v.clone()),
    }
}

/// The atom calls; `None` when the call is not one of them.
pub(super) fn call(
    name: &str,
    args: &[Value],
    texts: &[&str],
) -> Option<Result<Value, LayoutError>> {
    if let Some(r) = make_tiled_copy_for(name, args) {
        return Some(r);
    }
    if let Some(value_type) = tma_value_type(name) {
        return Some(make_tma_copy(value_type, args, texts));
    }
    let first = args.first()?;
    let r = match (name, first) {
        ("thr_id", Value::MmaAtom(a)) => Ok(Value::Layout(a.thr_id.clone())),
        ("thr_id", Value::CopyAtom(a)) => Ok(Value::Layout(a.op.thr_id.clone())),
        ("thr_id", Value::CopyOp(o)) => Ok(Value::Layout(o.thr_id.clone())),
        ("shape_mnk", Value::MmaAtom(a)) => Ok(ints(&a.shape_mnk)),
        ("layoutA_TV", Value::MmaAtom(a)) => Ok(Value::Layout(a.layout_a.clone())),
        ("layoutB_TV", Value::MmaAtom(a)) => Ok(Value::Layout(a.layout_b.clone())),
        ("layoutC_TV", Value::MmaAtom(a)) => Ok(Value::Layout(a.layout_c.clone())),
        ("layout_src", Value::CopyAtom(a)) => Ok(Value::Layout(a.val_src.clone())),
        ("layout_dst", Value::CopyAtom(a)) => Ok(Value::Layout(a.val_dst.clone())),
        ("layout_ref", Value::CopyAtom(a)) => Ok(Value::Layout(a.val_ref.clone())),
        ("layout_src_bits", Value::CopyOp(o)) => Ok(Value::Layout(o.src_bits.clone())),
        ("layout_dst_bits", Value::CopyOp(o)) => Ok(Value::Layout(o.dst_bits.clone())),
        ("layout_ref_bits", Value::CopyOp(o)) => Ok(Value::Layout(o.ref_bits.clone())),
        ("make_tiled_mma", Value::MmaAtom(a)) => make_tiled_mma(a, args),
        ("make_tiled_copy", Value::CopyAtom(a)) => make_tiled_copy(a, args),
        ("tile_to_shape", Value::GmmaSmem(g)) => match args {
            [_, s] => as_tree(s, "tile_to_shape")
                .and_then(|s| g.tile_to_shape(&s))
                .map(|g| Value::GmmaSmem(Box::new(g))),
            _ => Err(bad("tile_to_shape", "expected a GMMA atom and a shape")),
        },
        ("composition", Value::GmmaSmem(g)) => match args {
            [_, t] => as_tiler(t.clone())
                .and_then(|t| g.composition(&t))
                .map(|g| Value::GmmaSmem(Box::new(g))),
            _ => Err(bad("composition", "expected a GMMA layout and a tiler")),
        },
        ("values", Value::GmmaSmem(g)) => g
            .values()
            .map(|v| Value::List(v.into_iter().map(Value::Int).collect())),
        ("make_gmma_desc<K>" | "make_gmma_desc<GMMA::Major::K>", Value::GmmaSmem(g)) => {
            g.make_gmma_desc(GmmaMajor::K).map(Value::GmmaDesc)
        }
        ("make_gmma_desc<MN>" | "make_gmma_desc<GMMA::Major::MN>", Value::GmmaSmem(g)) => {
            g.make_gmma_desc(GmmaMajor::MN).map(Value::GmmaDesc)
        }
        (_, Value::TiledMma(tm)) => return tiled_mma_call(name, tm, &args[1..]),
        (_, Value::TiledCopy(tc)) => return tiled_copy_call(name, tc, &args[1..]),
        (
            _,
            Value::MmaAtom(_)
            | Value::CopyAtom(_)
            | Value::CopyOp(_)
            | Value::GmmaSmem(_)
            | Value::GmmaDesc(_),
        ) => Err(bad(
            "eval",
            "unknown function, or wrong arguments, for an atom",
        )),
        _ => return None,
    };
    Some(r)
}

fn make_tiled_mma(a: &MmaAtom, args: &[Value]) -> Result<Value, LayoutError> {
    const OP: &str = "make_tiled_mma";
    let thr = match args.get(1) {
        Some(v) => as_layout(v, OP)?,
        None => DynLayout::make_layout_left(&"(1,1,1)".parse()?)?,
    };
    let perm = args.get(2).map(perm_arg).transpose()?;
    super::arity(OP, args, 1, 3)?;
    TiledMma::new(a.clone(), &thr, perm.as_ref()).map(|t| Value::TiledMma(Box::new(t)))
}

fn make_tiled_copy(a: &CopyAtom, args: &[Value]) -> Result<Value, LayoutError> {
    const OP: &str = "make_tiled_copy";
    super::arity(OP, args, 1, 3)?;
    let one = DynLayout::make_layout_left(&IntTree::Int(1))?;
    let thr = args
        .get(1)
        .map(|v| as_layout(v, OP))
        .transpose()?
        .unwrap_or_else(|| one.clone());
    let val = args
        .get(2)
        .map(|v| as_layout(v, OP))
        .transpose()?
        .unwrap_or(one);
    TiledCopy::new(a.clone(), &thr, &val).map(|t| Value::TiledCopy(Box::new(t)))
}

fn tiled_mma_call(name: &str, tm: &TiledMma, rest: &[Value]) -> Option<Result<Value, LayoutError>> {
    let r = (|| -> Option<Result<Value, LayoutError>> {
        if let Some(op) = name
            .strip_suffix("_TV")
            .and_then(|n| operand(n, "get_layout"))
        {
            return Some(tm.layout_tv(op).map(Value::Layout));
        }
        if let Some(op) = operand(name, "thrfrg_") {
            return Some(match rest {
                [v] => tensor_arg(v, "thrfrg")
                    .and_then(|t| tm.thrfrg(op, &t))
                    .map(|t| {
                        layout_or_tensor(
                            t,
                            matches!(v, Value::Layout(_) | Value::Int(_) | Value::Tuple(_)),
                        )
                    }),
                _ => Err(bad("thrfrg", "expected a tiled MMA and a layout")),
            });
        }
        if let Some(op) = operand(name, "partition_shape_") {
            return Some(match rest {
                [s] => as_tree(s, "partition_shape")
                    .and_then(|s| tm.partition_shape(op, &s))
                    .map(|s| int_tree(&s)),
                _ => Err(bad("partition_shape", "expected a tiled MMA and a shape")),
            });
        }
        if let Some(op) = operand(name, "partition_fragment_") {
            return Some(match rest {
                [i, t] => thr_index(i, "partition_fragment")
                    .and_then(|i| Ok((i, tensor_arg(t, "partition_fragment")?)))
                    .and_then(|(i, t)| tm.partition_fragment(op, i, &t))
                    .map(Value::Layout),
                _ => Err(bad(
                    "partition_fragment",
                    "expected a tiled MMA, a thread index and a tensor",
                )),
            });
        }
        if let Some(op) = operand(name, "partition_") {
            return Some(match rest {
                [i, t] => thr_index(i, "partition")
                    .and_then(|i| Ok((i, tensor_arg(t, "partition")?)))
                    .and_then(|(i, t)| tm.partition(op, i, &t))
                    .map(tensor_value),
                _ => Err(bad(
                    "partition",
                    "expected a tiled MMA, a thread index and a tensor",
                )),
            });
        }
        match (name, rest) {
            ("thr_layout_vmnk", []) => Some(Ok(Value::Layout(tm.thr_layout_vmnk().clone()))),
            ("tile_size" | "tile_shape", []) => Some(tm.tile_shape().map(|s| ints(&s))),
            ("size", []) => Some(tm.size().map(Value::Int)),
            _ => None,
        }
    })();
    Some(r.unwrap_or_else(|| {
        Err(bad(
            "eval",
            "unknown function, or wrong arguments, for a tiled MMA",
        ))
    }))
}

fn tiled_copy_call(
    name: &str,
    tc: &TiledCopy,
    rest: &[Value],
) -> Option<Result<Value, LayoutError>> {
    let src = |n: &str| n.ends_with('S');
    let r = match (name, rest) {
        ("get_layoutS_TV" | "get_layoutD_TV", []) => {
            tc.layout_tv_of(name == "get_layoutS_TV").map(Value::Layout)
        }
        ("tiler_mn", []) => Ok(int_tree(&tc.tiler_shape())),
        ("tidfrg_S" | "tidfrg_D", [v]) => tensor_arg(v, "tidfrg").and_then(|t| {
            let r = if src(name) {
                tc.tidfrg_s(&t)
            } else {
                tc.tidfrg_d(&t)
            };
            r.map(|t| {
                layout_or_tensor(
                    t,
                    matches!(v, Value::Layout(_) | Value::Int(_) | Value::Tuple(_)),
                )
            })
        }),
        ("partition_S" | "partition_D", [i, t]) => thr_index(i, "partition")
            .and_then(|i| Ok((i, tensor_arg(t, "partition")?)))
            .and_then(|(i, t)| tc.partition(i, &t, src(name)))
            .map(tensor_value),
        ("retile_S" | "retile_D", [t]) => tensor_arg(t, "retile")
            .and_then(|t| tc.retile(&t))
            .map(tensor_value),
        _ => Err(bad(
            "eval",
            "unknown function, or wrong arguments, for a tiled copy",
        )),
    };
    Some(r)
}

/// `make_tiled_copy_A/B/C(copy_atom, tiled_mma)`: asked before the tiled
/// MMA calls, since its first argument is the copy atom.
pub(super) fn make_tiled_copy_for(
    name: &str,
    args: &[Value],
) -> Option<Result<Value, LayoutError>> {
    let op = operand(name, "make_tiled_copy_")?;
    Some(match args {
        [Value::CopyAtom(a), Value::TiledMma(tm)] => {
            TiledCopy::for_mma((**a).clone(), tm, op).map(|t| Value::TiledCopy(Box::new(t)))
        }
        _ => Err(bad(
            "make_tiled_copy_A",
            "expected a copy atom and a tiled MMA",
        )),
    })
}

/// The element type `T` of `make_tma_copy<T>`, or `None` for another call.
fn tma_value_type(name: &str) -> Option<&str> {
    name.strip_prefix("make_tma_copy<")?.strip_suffix('>')
}

/// Whether the call takes a bare name: `make_tma_copy<T>`'s operation
/// (`SM90_TMA_LOAD`) is one.
pub(super) fn takes_names(name: &str) -> bool {
    tma_value_type(name).is_some()
}

/// `make_tma_copy<T>(SM90_TMA_LOAD, gmem, smem[, multicast])`: CuTe's
/// `make_tma_copy(SM90_TMA_LOAD{}, gmem_tensor, smem_layout, cta_tile,
/// cluster_size)` with the tile the whole shared-memory layout (the global
/// tensor's element type `T` written as the call's template argument, as
/// the tensor carries it in CuTe). `gmem` is read from its text, so that its
/// `_N` markers stay static in the coordinate tensor; `smem` is a GMMA atom
/// tiled to the tile (`tile_to_shape(GMMA::Layout_K_SW128_Atom<T>, ...)`) or
/// a plain layout.
fn make_tma_copy(value_type: &str, args: &[Value], texts: &[&str]) -> Result<Value, LayoutError> {
    const OP: &str = "make_tma_copy";
    const USAGE: &str =
        "expected make_tma_copy<T>(SM90_TMA_LOAD, gmem layout, smem layout[, multicast])";
    let (gmem, smem, multicast) = match (args, texts) {
        ([Value::Name { name, .. }, _, smem, rest @ ..], [_, gmem, ..])
            if name == "SM90_TMA_LOAD" && rest.len() <= 1 =>
        {
            (*gmem, smem, rest.first())
        }
        _ => return Err(bad(OP, USAGE)),
    };
    let multicast = match multicast {
        None => 1,
        Some(Value::Int(m)) => u32::try_from(*m)
            .ok()
            .filter(|&m| m >= 1)
            .ok_or(bad(OP, "the multicast count must be an integer from 1"))?,
        Some(_) => return Err(bad(OP, "the multicast count must be an integer from 1")),
    };
    let gmem = TmaGmem::parse(gmem, value_type)?;
    let smem = match smem {
        Value::GmmaSmem(g) => TmaSmem::Gmma(g),
        Value::Layout(l) => TmaSmem::Plain(l),
        _ => {
            return Err(bad(
                OP,
                "the shared-memory layout must be a layout or a tiled GMMA atom",
            ));
        }
    };
    crate::atom::dynamic::make_tma_copy(&gmem, smem, multicast).map(|t| Value::TmaCopy(Box::new(t)))
}
