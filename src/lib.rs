//! # cute-algebra
//!
//! NVIDIA CuTe's layout algebra in Rust's type system.
//!
//! A layout is a pair of congruent nested integer tuples, `shape:stride`,
//! such as `(2,(2,2)):(4,(2,1))`: a function from coordinates to offsets.
//! Kernel authors describe how data and threads map to memory with layouts,
//! and tile that data for blocks and threads with an algebra on top of
//! them. This crate makes both a zero-cost dependency:
//!
//! - **Static values resolve at compile time.** Static integers are typenum
//!   types and nested tuples are `frunk_core` HLists, so a fully static
//!   layout is zero-sized and every operation on it resolves during type
//!   checking: its result is a type.
//! - **Runtime values mix in as they do in CuTe.** An `i32` can sit beside
//!   static values: static with static stays static, and anything a runtime
//!   value touches becomes runtime.
//! - **Misuse fails to compile** with a first error line that names the
//!   operation and the broken condition, in CuTe's terms.
//! - **[`dynamic::DynLayout`]** carries the same algebra for layouts shaped
//!   at run time, parsed from CuTe's notation, with named errors where CuTe
//!   would return a silently wrong layout.
//!
//! Results print exactly as CuTe C++ prints them (`_8` static, `8` runtime,
//! no spaces), and the tests compare them with CuTe C++'s own output.
//!
//! ## A first layout
//!
//! ```
//! use cute_algebra::prelude::*;
//!
//! let l = layout![(2, (2, 2)) : (4, (2, 1))];
//! assert_eq!(l.to_string(), "(_2,(_2,_2)):(_4,(_2,_1))");
//! assert_eq!(core::mem::size_of_val(&l), 0); // static: zero-sized
//!
//! // A static coordinate gives a static offset: its type is typenum's 6.
//! let i: cute_algebra::typenum::P6 = l.crd2idx(coord![1, (1, 0)]);
//! assert_eq!(i.value(), 6);
//! assert!(l.offsets().eq([0, 4, 2, 6, 1, 5, 3, 7])); // layout(i) for i in 0..8
//!
//! // Runtime values mix in; a runtime offset is an `i32`.
//! let n: i32 = 3;
//! let r = layout![(2, n) : (1, 2)];
//! assert_eq!(r.to_string(), "(_2,3):(_1,_2)");
//! let j: i32 = 2;
//! assert_eq!(i32::from(r.crd2idx(coord![1, j])), 5);
//! ```
//!
//! In the macros an integer literal is static and an identifier or a
//! `{ expr }` block is a runtime `i32`. `layout![S : D]` builds a layout
//! (`layout![S]` is CuTe's column-major default), and `Layout![S : D]` names
//! its type, so a static layout can sit in a `struct` or a `const`.
//!
//! ## The algebra
//!
//! Every operation has CuTe's name and a result type alias
//! ([`algebra::LogicalDivided`], [`algebra::Composed`], …). The panicking
//! form panics only on runtime values that break a condition, and its `try_`
//! twin returns [`LayoutError`] instead; with static operands a broken
//! condition is a compile error.
//!
//! ```
//! use cute_algebra::prelude::*;
//!
//! let a = layout![(4, 2, 3) : (2, 1, 8)];
//! assert_eq!(logical_divide(a, layout![4 : 2]).to_string(), "((_2,_2),(_2,_3)):((_4,_1),(_2,_8))");
//! assert_eq!(coalesce(layout![(2, 4) : (1, 2)]).to_string(), "_8:_1");
//! assert_eq!(complement(layout![4 : 2], int!(24)).to_string(), "(_2,_3):(_1,_8)");
//! assert_eq!(composition(layout![(6, 2) : (8, 2)], layout![(4, 3) : (3, 1)]).to_string(),
//!            "((_2,_2),_3):((_24,_2),_8)");
//! assert_eq!(right_inverse(layout![(4, 8) : (8, 1)]).to_string(), "(_8,_4):(_4,_1)");
//! assert_eq!(blocked_product(layout![(2, 2) : (1, 2)], layout![(3, 4) : (1, 3)]).to_string(),
//!            "((_2,_3),(_2,_4)):((_1,_4),(_2,_12))");
//!
//! // One block's tile of a runtime (M, N) matrix: the tile stays static,
//! // only the block's offset is runtime.
//! let (m, n, bx, by): (i32, i32, i32, i32) = (256, 512, 1, 3);
//! let tiles = zipped_divide(make_layout(shape![m, n]), shape![128, 64]);
//! let (tile, offset) = tiles.slice_and_offset(coord![_, (bx, by)]);
//! assert_eq!(tile.to_string(), "((_128,_64)):((_1,256))");
//! assert_eq!(offset, 49280);
//!
//! // A runtime value that breaks a condition is an error, never a wrong layout.
//! let six: i32 = 6;
//! assert!(try_logical_divide(layout![(six, 4) : (1, 7)], layout![8 : 1]).is_err());
//! ```
//!
//! Tilers take CuTe's forms: a layout (`layout![4 : 2]`), a shape
//! (`shape![128, 64]`, one mode per layout mode), or a by-mode tile of
//! layouts (`tile![4 : 2, 8 : 1]`, CuTe's `make_tile`). A static operand that
//! breaks a condition does not compile, and the first line says why:
//!
//! ```text
//! error[E0277]: composition: Mode<1> of the right operand straddles the boundary of Mode<0> of the coalesced left operand without filling it
//! ```
//!
//! ## Beyond the algebra
//!
//! - [`swizzle`]: `Swizzle<B, M, S>` and `ComposedLayout`, CuTe's swizzled
//!   shared-memory layouts (`composition(Swizzle::<3, 3, 3>, layout![(8, 64) : (64, 1)])`),
//!   whose index math compiles to the hand-written `o ^ ((o >> 3) & 0x38)`.
//! - [`basis`]: basis strides `E<i>` (`_1@i`) and identity layouts, which map a
//!   coordinate to a coordinate; kernels predicate edge tiles with them.
//! - [`tensor`]: an engine (a borrowed slice, a raw pointer, an owned
//!   register fragment, a counter) composed with a layout, with CuTe's
//!   `local_tile`, `local_partition`, `copy` and the divides.
//! - [`atom`]: CuTe's MMA and copy atoms as types (one table each, shared
//!   with the runtime path), `make_tiled_mma` and `make_tiled_copy(_A/_B/_C)`
//!   with their thread-value layouts as types and zero-cost per-thread
//!   partitions; on runtime layouts ([`atom::dynamic`]) the same, plus
//!   `retile`, the SM90 GMMA atoms and the GMMA shared-memory atoms and
//!   descriptors.
//! - [`codegen`]: a layout's function rendered as C, for generated kernels.
//! - [`linear`]: Triton's linear layouts over F₂ beside CuTe's, with exact
//!   conversions both ways (`to_linear`, `to_cute`), Triton's operations
//!   (`invert_and_compose`, `pseudoinvert`, `*`, …) and what Triton computes
//!   with them: vector widths, bank conflicts, a conflict-removing swizzle.
//!
//! ## Layouts shaped at run time, and the command line
//!
//! [`dynamic::DynLayout`] parses CuTe's notation (its `_N` markers included)
//! and runs the same algebra on values, one method per CuTe function
//! (`a.logical_divide(&b)`, whose tiler is a layout, an integer or a by-mode
//! [`dynamic::Tiler`]); [`eval::eval`] evaluates a
//! whole CuTe expression. The `cute-algebra` command line (crate
//! `layout-cli`) is a thin shell over it: `eval`, `show` (CuTe's
//! `print_layout`) and `svg`.
//!
//! ```
//! use cute_algebra::dynamic::DynLayout;
//! use cute_algebra::eval::eval;
//!
//! let d: DynLayout = "(4,2,3):(2,1,8)".parse().unwrap();
//! assert_eq!(d.size(), Ok(24));
//! let b: DynLayout = "4:2".parse().unwrap();
//! assert_eq!(d.logical_divide(&b).unwrap().to_string(), "((2,2),(2,3)):((4,1),(2,8))");
//! assert_eq!(eval("logical_divide((4,2,3):(2,1,8), 4:2)").unwrap().to_string(),
//!            "((2,2),(2,3)):((4,1),(2,8))");
//! // CuTe returns (2,2):(6,2) here, which is wrong at i = 3.
//! assert!(eval("composition((4,2):(2,1), (2,2):(3,1))").is_err());
//! ```
//!
//! ```text
//! $ cute-algebra eval 'complement(4:2, 24)'
//! (2,3):(1,8)
//! $ cute-algebra show '(4,(2,2)):(2,(1,8))'      # CuTe's print_layout table
//! $ cute-algebra svg '(8,8):(8,1)' -o tile.svg
//! ```
//!
//! ## From CuTe C++
//!
//! | CuTe C++ | cute-algebra |
//! |---|---|
//! | `Int<4>{}`, `_4{}` | `4` inside a macro; `int!(4)` on its own |
//! | `int n` (a runtime value) | `n` inside a macro (an `i32`) |
//! | `make_shape(_2{}, make_shape(_2{}, n))` | `shape![2, (2, n)]` |
//! | `Layout<Shape<_4,_8>, Stride<_8,_1>>` (a type) | `Layout![(4, 8) : (8, 1)]` |
//! | `make_layout(make_shape(m, n))` | `make_layout(shape![m, n])` |
//! | `make_layout(s, LayoutRight{})` | `make_layout_right(s)` |
//! | `make_coord(_, x)` | `coord![_, x]` |
//! | `make_tile(Layout<_4,_2>{}, _8{})` | `tile![4 : 2, 8]` |
//! | `layout(i, j)`, `layout(make_coord(i, j))` | `l.crd2idx(coord![i, j])` |
//! | `layout(_, 1)`, `slice(make_coord(_, 1), layout)` | `l.slice(coord![_, 1])` |
//! | `size(l)`, `cosize(l)`, `rank(l)` | `l.size()`, `l.cosize()`, `l.rank()` |
//! | `size<0>(l)`, `layout<0>(l)` | `l.get::<0>().size()`, `l.get::<0>()` |
//! | `print(l)` | `l.to_string()`, `{}` |
//! | `print_layout(l)` | `l.print_layout()` |
//! | `composition(Swizzle<3,3,3>{}, l)` | `composition(Swizzle::<3, 3, 3>, l)` |
//! | `make_identity_layout(shape)` | `make_identity_layout(shape)` |
//! | `make_counting_tensor(l)` | `tensor::make_counting_tensor(l)` |
//! | `local_tile(t, tiler, coord)` | `tensor::local_tile(t, tiler, coord)` |
//! | `auto bM = Int<128>{};` then `make_shape(bM, bN, bK)` | `let bm = int!(128);` then `shape![bm, bn, bk]` (stays static) |
//! | `local_tile(t, cta_tiler, cta_coord, Step<_1, X, _1>{})` | `tensor::local_tile_step(t, cta_tiler, cta_coord, coord![1, _, 1])` |
//! | `local_partition(t, thr, tid, Step<_1, X>{})` | `tensor::local_partition_step(t, thr, tid, coord![1, _])` |
//! | `make_tensor<float>(layout)` (owning), `make_tensor_like(t)` | `tensor::make_tensor_owned::<f32, _>(layout)`, `tensor::make_tensor_like(&t)` |
//! | `elem_less(coord, shape)` | `tuple::elem_less(coord, shape)` |
//! | `recast<NewT>(tensor)` | `t.recast::<NewT>()` (an error where CuTe's rounded layout would leave the source's bytes, or its shrunk swizzle would permute them) |
//! | `local_partition(make_tensor(make_smem_ptr(p), composition(Swizzle<3,3,3>{}, l)), thr, threadIdx.x)` | `tensor::local_partition(tensor::make_tensor_mut(&mut smem, composition(Swizzle::<3, 3, 3>, l)), thr, tid)` (the runtime offset goes inside the swizzle: `Sw<3,3,3> o tid_offset o kept`) |
//! | `t(i)` with an `unsigned`/`size_t` index, `threadIdx.x` as a thread or block index | `t.at(i)` with `i: usize`; `coord![bx, _]`, `local_partition(t, thr, tid)` with `u32` (a `u32` reads as an `i32`, a `usize` as an `i64`) |
//! | `copy_if(pred, src, dst)` | `tensor::copy_if(&pred, &src, &mut dst)` (`pred` a tensor of `bool`, or a closure of the index) |
//! | `gemm(A, B, C)` (register fragments, `C += A * B`) | `tensor::gemm(&a, &b, &mut c)`, CuTe's five rank forms; `try_gemm` returns shape errors |
//! | `axpby(alpha, x, beta, y)` | `tensor::axpby(alpha, &x, beta, &mut y)` |
//! | `get<1>(coord)` | `c.get::<1>()`, `get::<1, _>(c)` |
//! | `size<1>(t)`, `shape<1>(t)`, `stride<1>(t)` | `t.size_of::<1>()`, `t.shape_of::<1>()`, `t.stride_of::<1>()` (layouts too) |
//! | `print(cosize(l))` (prints `_128`) | `print!("{}", l.cosize().cute())` (`_128`; `.value()` prints `128`) |
//! | `half_t`, `bfloat16_t` | `half::f16`, `half::bf16` (re-exported as `cute_algebra::half`) |
//! | `GMMA::Layout_K_SW128_Atom<half_t>{}` (and `K`/`MN` × `INTER`/`SW32`/`SW64`/`SW128`) | `atom::gmma::Layout_K_SW128_Atom::<f16>::default()` (prints `Sw<3,4,3> o smem_ptr[16b](unset) o …`) |
//! | `as_position_independent_swizzle_layout(atom)` | `atom::gmma::as_position_independent_swizzle_layout(atom)` (`Sw<3,3,3> o _0 o …` for `half_t`) |
//! | `make_tensor(make_smem_ptr(p), atom)` | `tensor::make_tensor_mut(&mut smem, atom)` (the byte swizzle applied in element units) |
//!
//! ## How the crate is built
//!
//! The modules form layers, from the bottom up: each imports only from its
//! own layer and the layers above it in this table, with no cycles. CI
//! (`.ci/layers`) checks the `use` lines against this very table
//! (`docs/layers.md`), and the README prints it too.
//!
#![doc = include_str!("../docs/layers.md")]
//!
//! ### Where a new concept goes
//!
//! A CuTe concept gets one folder, named as CuTe names it, with its typed
//! form (static values as types) and its runtime form (in a `dynamic`
//! submodule) side by side. The atom layer (`mma_atom.hpp`,
//! `copy_atom.hpp`) is the example:
//!
//! 1. `src/atom/`: the atoms' data as one table, the typed atoms and tiled
//!    MMAs/copies as types, and their runtime twins in `src/atom/dynamic/`;
//!    the typed → runtime conversion beside them. The module joins the
//!    concepts row of the layer table (it is built on `tensor`).
//! 2. `src/steps/`: a scalar step that both of its paths share, as a
//!    `const fn` with named conditions.
//! 3. `src/eval/atom.rs`: its calls in the oracle's notation, one
//!    [`eval`] binding with the signature every binding has, added to the
//!    evaluator's list.
//! 4. Its compile errors: a trait bound with `#[diagnostic::on_unimplemented]`
//!    whose first line names the operation and the condition, and a
//!    `ui-tests/` case for each.
//! 5. Its oracle rows copied into `tests/data/`, a generator
//!    `tests/gen_<concept>.py` whose output `.ci/generated-check` compares,
//!    property tests by brute force, typed/runtime agreement tests, and
//!    `asm-check` pairs for its index math.
//! 6. Its pictures in `svg`, and this table and the README's in the same
//!    change.
//!
//! A static operand's condition is a trait bound with a message (the first
//! error line names the operation and the condition); a runtime one is the
//! same step's named condition, returned as a [`LayoutError`]. The table
//! tests `tests/*_steps.rs` check that the type-level walk and the `const
//! fn` steps agree.
//!
//! Code that does one thing for `_1`, another for a static integer ≥ 2, `_0`,
//! a negative static or a runtime value dispatches on the integer's kind
//! (`int::kind::KindOf<X>`), written as a trait on the kind types that the
//! caller projects, or as an impl on `PInt<U>` bounded by its kind. Where a
//! failure on a tuple is a message users read, or where a walk calls the
//! trait on every tuple, the impls are written per integer type constructor
//! instead (`for_int_kinds!`): a blanket impl over every type would be a
//! second candidate for each tuple obligation, which loses the message and
//! costs type-checking time (`benches/RESULTS.md`).
//!
//! ## Features
//!
//! The core is `no_std` and allocates nothing. `alloc` (on by default) adds
//! printing to `String`, [`dynamic`] and [`codegen`]; `std` implies it; `svg`
//! adds the drawings the command line makes.
#![no_std]
// The GPU support of `arch::nvptx` (inline PTX, NVVM intrinsics) is unstable.
#![cfg_attr(target_arch = "nvptx64", feature(asm_experimental_arch, stdarch_nvptx))]
#![deny(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

// Lets the macros name `::cute_algebra` inside this crate's own tests too.
extern crate self as cute_algebra;

pub use frunk_core;
/// The `half` crate, whose `f16` and `bf16` are CuTe's `half_t` and `bfloat16_t` as tensor elements.
pub use half;
pub use typenum;

pub mod algebra;
pub mod arch;
pub mod atom;
pub mod basis;
#[cfg(feature = "alloc")]
pub mod codegen;
#[cfg(feature = "alloc")]
pub mod dynamic;
pub mod error;
#[cfg(feature = "alloc")]
pub mod eval;
pub mod int;
pub mod layout;
pub mod linear;
pub mod prelude;
pub mod steps;
#[cfg(feature = "svg")]
pub mod svg;
pub mod swizzle;
pub mod tensor;
pub mod tuple;

pub use cute_algebra_macros::{
    Coord, Layout, Shape, Stride, coord, int, layout, shape, stride, tile,
};
pub use error::LayoutError;
pub use layout::Layout;
pub use layout::{Offsets, Print1D, PrintLayout};

#[doc(hidden)]
pub mod __private;

/// The README's examples run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
