//! CuTe's thread-local `gemm(A, B, C)` (`C += A * B` on register
//! fragments) and `axpby(alpha, x, beta, y)`, with CPU semantics: the
//! arithmetic CuTe's default `UniversalFMA` atom does, one element at a
//! time.
//!
//! CuTe's `gemm` dispatches on the ranks of its operands:
//! 1. `(V) x (V) => (V)`: the element-wise product;
//! 2. `(M) x (N) => (M,N)`: the outer product (3 with `K = 1`);
//! 3. `(M,K) x (N,K) => (M,N)`: the matrix product (5 with `V = 1`);
//! 4. `(V,M) x (V,N) => (V,M,N)`: the batched outer product;
//! 5. `(V,M,K) x (V,N,K) => (V,M,N)`: the batched matrix product.
//!
//! All five are 5 with some modes of size 1: `C(v,m,n) += Σ_k A(v,m,k) *
//! B(v,n,k)`, `k` outermost (so each element's sum is in CuTe's order).
//! A top-level mode may be nested (`(V,M)` with `V = (2,2)`): an element
//! of a mode is its colexicographic index, as in CuTe.
//!
//! Each product is computed in `C`'s element type: `A` and `B` convert to
//! it first (`f16` inputs into an `f32` accumulator, as a tensor core's
//! `f16 x f16 + f32` does), then `c = a * b + c`.

use core::ops::{Add, Mul};

use super::{MemoryMut, Read, Tensor, TensorLayout};
use crate::error::{LayoutError, ok_or_panic};
use crate::int::Int;
use crate::layout::Layout;
use crate::tuple::{IntTuple, Size};
use frunk_core::hlist::{HCons, HNil};

/// The sizes of a shape's top-level modes (an integer shape is one mode).
#[doc(hidden)]
pub trait ModeSizes: IntTuple {
    /// Writes the sizes of the first `out.len()` modes (as many as there are).
    fn mode_sizes(self, out: &mut [usize]);
}
impl<I: Int> ModeSizes for I {
    #[inline(always)]
    fn mode_sizes(self, out: &mut [usize]) {
        if let Some(o) = out.first_mut() {
            *o = self.wide() as usize;
        }
    }
}
impl ModeSizes for HNil {
    #[inline(always)]
    fn mode_sizes(self, _: &mut [usize]) {}
}
impl<H: Size, T: ModeSizes> ModeSizes for HCons<H, T>
where
    Self: IntTuple,
{
    #[inline(always)]
    fn mode_sizes(self, out: &mut [usize]) {
        if let Some((o, rest)) = out.split_first_mut() {
            *o = self.head.size().wide() as usize;
            self.tail.mode_sizes(rest);
        }
    }
}

/// A tensor layout whose top-level modes [`gemm`] reads: its rank and the
/// sizes of its first three modes.
#[doc(hidden)]
pub trait GemmLayout: TensorLayout {
    /// The rank and the sizes of modes 0, 1, 2 (1 past the rank).
    fn modes(&self) -> (usize, [usize; 3]);
}
impl<S: ModeSizes, D: IntTuple> GemmLayout for Layout<S, D>
where
    Self: TensorLayout,
{
    #[inline(always)]
    fn modes(&self) -> (usize, [usize; 3]) {
        let mut m = [1; 3];
        self.shape().mode_sizes(&mut m);
        (S::RANK, m)
    }
}

/// The problem `(V, M, N, K)` of a gemm on operands of these ranks and
/// sizes, checked as CuTe's dispatch asserts it.
fn gemm_problem(
    (ra, a): (usize, [usize; 3]),
    (rb, b): (usize, [usize; 3]),
    (rc, c): (usize, [usize; 3]),
) -> Result<[usize; 4], LayoutError> {
    let bad = |msg| Err(LayoutError::BadArgument { op: "gemm", msg });
    // (V, M, N, K) and the C shape (V, M, N) each form requires.
    let (p, want_c) = match (ra, rb, rc) {
        (1, 1, 1) => {
            if a[0] != b[0] {
                return bad("(V) x (V) => (V) needs size(A) == size(B)");
            }
            ([a[0], 1, 1, 1], [a[0], 1, 1])
        }
        (1, 1, 2) => ([1, a[0], b[0], 1], [a[0], b[0], 1]),
        (2, 2, 2) => {
            if a[1] != b[1] {
                return bad("(M,K) x (N,K) => (M,N) needs size<1>(A) == size<1>(B) (AK == BK)");
            }
            ([1, a[0], b[0], a[1]], [a[0], b[0], 1])
        }
        (2, 2, 3) => {
            if a[0] != b[0] {
                return bad("(V,M) x (V,N) => (V,M,N) needs size<0>(A) == size<0>(B)");
            }
            ([a[0], a[1], b[1], 1], [a[0], a[1], b[1]])
        }
        (3, 3, 3) => {
            if a[0] != b[0] {
                return bad("(V,M,K) x (V,N,K) => (V,M,N) needs size<0>(A) == size<0>(B)");
            }
            if a[2] != b[2] {
                return bad(
                    "(V,M,K) x (V,N,K) => (V,M,N) needs size<2>(A) == size<2>(B) (AK == BK)",
                );
            }
            ([a[0], a[1], b[1], a[2]], [a[0], a[1], b[1]])
        }
        _ => {
            return bad(
                "the ranks of (A, B, C) must be one of CuTe's forms: (1,1,1) (V)x(V)=>(V), \
                 (1,1,2) (M)x(N)=>(M,N), (2,2,2) (M,K)x(N,K)=>(M,N), \
                 (2,2,3) (V,M)x(V,N)=>(V,M,N), (3,3,3) (V,M,K)x(V,N,K)=>(V,M,N)",
            );
        }
    };
    if c != want_c {
        return bad("C's modes must be the (M,N) (or (V,M,N)) of A and B (AM == CM, BN == CN)");
    }
    Ok(p)
}

/// [`gemm`] returning an error when the shapes do not form one of CuTe's
/// five dispatch forms, or an element is out of range.
pub fn try_gemm<EA, LA, EB, LB, EC, LC>(
    a: &Tensor<EA, LA>,
    b: &Tensor<EB, LB>,
    c: &mut Tensor<EC, LC>,
) -> Result<(), LayoutError>
where
    EA: Read<LA::Offset>,
    LA: GemmLayout,
    EB: Read<LB::Offset>,
    LB: GemmLayout,
    EC: MemoryMut,
    LC: GemmLayout<Offset = isize>,
    EA::Item: Into<EC::Value>,
    EB::Item: Into<EC::Value>,
    EC::Value: Copy + Add<Output = EC::Value> + Mul<Output = EC::Value>,
{
    let [v, m, n, k] = gemm_problem(a.layout.modes(), b.layout.modes(), c.layout.modes())?;
    for kk in 0..k {
        for nn in 0..n {
            for mm in 0..m {
                for vv in 0..v {
                    let x: EC::Value = a.read_index(vv + v * (mm + m * kk))?.into();
                    let y: EC::Value = b.read_index(vv + v * (nn + n * kk))?.into();
                    let acc = c.slot_index(vv + v * (mm + m * nn))?;
                    *acc = x * y + *acc;
                }
            }
        }
    }
    Ok(())
}

/// CuTe's `gemm(A, B, C)`: `C += A * B` over register fragments, in one
/// of CuTe's five forms, chosen by the ranks: `(V) x (V) => (V)`,
/// `(M) x (N) => (M,N)`, `(M,K) x (N,K) => (M,N)`,
/// `(V,M) x (V,N) => (V,M,N)` and `(V,M,K) x (V,N,K) => (V,M,N)`; each is
/// `C(v,m,n) += Σ_k A(v,m,k) * B(v,n,k)`, `k` outermost. The products are
/// computed in `C`'s element type (`f16` inputs into `f32`).
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::tensor::{gemm, make_tensor, make_tensor_owned};
/// // (M,K) x (N,K) => (M,N): A is 2x3, B is 2x3 (N,K), C += A * B^T.
/// let a = [1.0f32, 4.0, 2.0, 5.0, 3.0, 6.0]; // column-major (2,3)
/// let b = [1.0f32, 0.0, 0.0, 1.0, 1.0, 1.0]; // column-major (2,3)
/// let mut c = make_tensor_owned::<f32, _>(layout![(2, 2) : (1, 2)]);
/// gemm(&make_tensor(&a, layout![(2, 3) : (1, 2)]), &make_tensor(&b, layout![(2, 3) : (1, 2)]), &mut c);
/// assert_eq!([c.at(coord![0, 0]), c.at(coord![1, 0]), c.at(coord![0, 1]), c.at(coord![1, 1])],
///            [4.0, 10.0, 5.0, 11.0]);
/// ```
///
/// # Panics
/// Where [`try_gemm`] returns an error.
#[track_caller]
pub fn gemm<EA, LA, EB, LB, EC, LC>(a: &Tensor<EA, LA>, b: &Tensor<EB, LB>, c: &mut Tensor<EC, LC>)
where
    EA: Read<LA::Offset>,
    LA: GemmLayout,
    EB: Read<LB::Offset>,
    LB: GemmLayout,
    EC: MemoryMut,
    LC: GemmLayout<Offset = isize>,
    EA::Item: Into<EC::Value>,
    EB::Item: Into<EC::Value>,
    EC::Value: Copy + Add<Output = EC::Value> + Mul<Output = EC::Value>,
{
    ok_or_panic(try_gemm(a, b, c))
}

/// [`axpby`] returning an error when the sizes differ or an element is
/// out of range.
pub fn try_axpby<T, EX, LX, EY, LY>(
    alpha: T,
    x: &Tensor<EX, LX>,
    beta: T,
    y: &mut Tensor<EY, LY>,
) -> Result<(), LayoutError>
where
    T: Copy + Add<Output = T> + Mul<Output = T> + PartialEq + Default,
    EX: Read<LX::Offset>,
    LX: TensorLayout,
    EX::Item: Into<T>,
    EY: MemoryMut<Value = T>,
    LY: TensorLayout<Offset = isize>,
{
    if x.size() != y.size() {
        return Err(LayoutError::BadArgument {
            op: "axpby",
            msg: "x and y differ in size",
        });
    }
    // CuTe does not read y when beta is zero (a NaN in y stays out).
    let beta_zero = beta == T::default();
    for i in 0..x.size() {
        let ax = alpha * x.read_index(i)?.into();
        let yi = y.slot_index(i)?;
        *yi = if beta_zero { ax } else { ax + beta * *yi };
    }
    Ok(())
}

/// CuTe's `axpby(alpha, x, beta, y)`: `y(i) = alpha * x(i) + beta * y(i)`
/// for every index (`alpha * x(i)` when `beta` is zero, not reading `y`).
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::tensor::{axpby, make_tensor, make_tensor_mut};
/// let x = [1.0f32, 2.0, 3.0, 4.0];
/// let mut y = [10.0f32, 20.0, 30.0, 40.0];
/// axpby(2.0, &make_tensor(&x, layout![4 : 1]), 0.5, &mut make_tensor_mut(&mut y, layout![4 : 1]));
/// assert_eq!(y, [7.0, 14.0, 21.0, 28.0]);
/// let mut z = [f32::NAN; 4];
/// axpby(2.0, &make_tensor(&x, layout![4 : 1]), 0.0, &mut make_tensor_mut(&mut z, layout![4 : 1]));
/// assert_eq!(z, [2.0, 4.0, 6.0, 8.0]); // beta == 0: y is not read
/// ```
///
/// # Panics
/// Where [`try_axpby`] returns an error.
#[track_caller]
pub fn axpby<T, EX, LX, EY, LY>(alpha: T, x: &Tensor<EX, LX>, beta: T, y: &mut Tensor<EY, LY>)
where
    T: Copy + Add<Output = T> + Mul<Output = T> + PartialEq + Default,
    EX: Read<LX::Offset>,
    LX: TensorLayout,
    EX::Item: Into<T>,
    EY: MemoryMut<Value = T>,
    LY: TensorLayout<Offset = isize>,
{
    ok_or_panic(try_axpby(alpha, x, beta, y))
}
