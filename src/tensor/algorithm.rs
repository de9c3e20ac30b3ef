//! CuTe's basic algorithms on tensors: `copy`, `copy_if`, `fill`, `clear`, and the
//! owned register fragment `make_fragment_like`.

use super::{Array, Engine, MemoryMut, Read, StaticCosize, Tensor, TensorLayout};

use crate::error::{LayoutError, ok_or_panic};
use crate::layout::{
    CompactOrder, FilterZeros, FragmentLayout, FragmentLike, FragmentOf, Layout, LayoutLike,
    make_layout_like,
};
use crate::tuple::IntTuple;

/// [`copy`] returning an error when the sizes differ or an element is out
/// of range.
pub fn try_copy<S, LS, D, LD>(
    src: &Tensor<S, LS>,
    dst: &mut Tensor<D, LD>,
) -> Result<(), LayoutError>
where
    S: Read<LS::Offset>,
    LS: TensorLayout,
    D: MemoryMut<Value = S::Item>,
    LD: TensorLayout<Offset = isize>,
{
    copy_where("copy", &|_| true, src, dst)
}

/// CuTe's `copy(src, dst)`: `dst(i) = src(i)` for every index `i`, so
/// each tensor's layout decides where its element lives.
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::tensor::{copy, make_tensor, make_tensor_mut};
/// let src: Vec<i32> = (0..6).collect();
/// let mut dst = vec![0; 6];
/// // Transpose a column-major 2x3 into a row-major 2x3.
/// copy(&make_tensor(&src, layout![(2, 3) : (1, 2)]), &mut make_tensor_mut(&mut dst, layout![(2, 3) : (3, 1)]));
/// assert_eq!(dst, [0, 2, 4, 1, 3, 5]);
/// ```
///
/// # Panics
/// Where [`try_copy`] returns an error.
#[track_caller]
pub fn copy<S, LS, D, LD>(src: &Tensor<S, LS>, dst: &mut Tensor<D, LD>)
where
    S: Read<LS::Offset>,
    LS: TensorLayout,
    D: MemoryMut<Value = S::Item>,
    LD: TensorLayout<Offset = isize>,
{
    ok_or_panic(try_copy(src, dst))
}

/// A predicate over 1-D indices, as CuTe's `copy_if` reads it (`pred(i)`):
/// a tensor of `bool` (CuTe's predicate fragment, `make_tensor<bool>`), or
/// a closure of the index.
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::tensor::{Predicate, make_tensor};
/// let mask = [true, false, true];
/// let t = make_tensor(&mask, layout![3 : 1]);
/// assert_eq!(t.pred(1), Ok(false));
/// assert_eq!((|i: usize| i < 2).pred(1), Ok(true));
/// ```
pub trait Predicate {
    /// The predicate at index `i`, or an error outside the tensor's range.
    fn pred(&self, i: usize) -> Result<bool, LayoutError>;
    /// The number of indices it covers, when it is a tensor.
    fn pred_size(&self) -> Option<usize>;
}
impl<E: Read<L::Offset, Item = bool>, L: TensorLayout> Predicate for Tensor<E, L> {
    #[inline(always)]
    fn pred(&self, i: usize) -> Result<bool, LayoutError> {
        self.read_index(i)
    }
    #[inline(always)]
    fn pred_size(&self) -> Option<usize> {
        Some(self.size())
    }
}
impl<F: Fn(usize) -> bool> Predicate for F {
    #[inline(always)]
    fn pred(&self, i: usize) -> Result<bool, LayoutError> {
        Ok(self(i))
    }
    #[inline(always)]
    fn pred_size(&self) -> Option<usize> {
        None
    }
}

/// [`copy_if`] returning an error when the sizes differ or an element is
/// out of range.
pub fn try_copy_if<P, S, LS, D, LD>(
    pred: &P,
    src: &Tensor<S, LS>,
    dst: &mut Tensor<D, LD>,
) -> Result<(), LayoutError>
where
    P: Predicate,
    S: Read<LS::Offset>,
    LS: TensorLayout,
    D: MemoryMut<Value = S::Item>,
    LD: TensorLayout<Offset = isize>,
{
    copy_where("copy_if", pred, src, dst)
}

/// `dst(i) = src(i)` where `pred(i)` holds: [`try_copy`] (always) and
/// [`try_copy_if`], erring in the name of `op`.
fn copy_where<P, S, LS, D, LD>(
    op: &'static str,
    pred: &P,
    src: &Tensor<S, LS>,
    dst: &mut Tensor<D, LD>,
) -> Result<(), LayoutError>
where
    P: Predicate + ?Sized,
    S: Read<LS::Offset>,
    LS: TensorLayout,
    D: MemoryMut<Value = S::Item>,
    LD: TensorLayout<Offset = isize>,
{
    if src.size() != dst.size() || pred.pred_size().is_some_and(|n| n != dst.size()) {
        return Err(LayoutError::BadArgument {
            op,
            msg: match pred.pred_size() {
                Some(_) => "predicate, source and destination differ in size",
                None => "source and destination differ in size",
            },
        });
    }
    for i in 0..dst.size() {
        if pred.pred(i)? {
            *dst.slot_index(i)? = src.read_index(i)?;
        }
    }
    Ok(())
}

/// CuTe's `copy_if(pred, src, dst)`: `dst(i) = src(i)` where `pred(i)`
/// holds; elsewhere `dst` is left alone (and `src(i)` not read: a partial
/// tile at a matrix's edge masks the elements past it). The predicate is
/// a tensor of `bool` (built, as in CuTe, from an identity tensor
/// partitioned like the data and [`elem_less`](crate::tuple::elem_less))
/// or a closure of the index.
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::tensor::{copy_if, fill, local_tile, make_identity_tensor, make_tensor, make_tensor_owned};
/// use cute_algebra::tuple::elem_less;
/// // A 3x5 matrix (stored in a 4x8 buffer), block (0, 1) of 4x4 tiles.
/// let (m, n): (i32, i32) = (3, 5);
/// let data: Vec<i32> = (0..4 * 8).collect();
/// let g_tile = local_tile(make_tensor(&data, layout![(4, 8) : (1, 4)]), shape![4, 4], coord![0, 1]);
/// let c_tile = local_tile(make_identity_tensor(shape![4, 8]), shape![4, 4], coord![0, 1]);
/// let mut pred = make_tensor_owned::<bool, _>(layout![(4, 4) : (1, 4)]);
/// for i in 0..pred.size() {
///     pred[i] = elem_less(c_tile.at(i), shape![m, n]);
/// }
/// let mut frag = make_tensor_owned::<i32, _>(layout![(4, 4) : (1, 4)]);
/// fill(&mut frag, -1);
/// copy_if(&pred, &g_tile, &mut frag);
/// // Only column 4, rows 0..3, lies inside the matrix.
/// assert_eq!(frag.values().collect::<Vec<_>>(),
///            [16, 17, 18, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1]);
/// ```
///
/// # Panics
/// Where [`try_copy_if`] returns an error.
#[track_caller]
pub fn copy_if<P, S, LS, D, LD>(pred: &P, src: &Tensor<S, LS>, dst: &mut Tensor<D, LD>)
where
    P: Predicate,
    S: Read<LS::Offset>,
    LS: TensorLayout,
    D: MemoryMut<Value = S::Item>,
    LD: TensorLayout<Offset = isize>,
{
    ok_or_panic(try_copy_if(pred, src, dst))
}

/// [`fill`] returning an error for an element out of range.
pub fn try_fill<D: MemoryMut, L: TensorLayout<Offset = isize>>(
    dst: &mut Tensor<D, L>,
    v: D::Value,
) -> Result<(), LayoutError>
where
    D::Value: Clone,
{
    for i in 0..dst.size() {
        *dst.slot_index(i)? = v.clone();
    }
    Ok(())
}

/// CuTe's `fill(dst, v)`: every element is `v`.
///
/// # Panics
/// Where [`try_fill`] returns an error.
#[track_caller]
pub fn fill<D: MemoryMut, L: TensorLayout<Offset = isize>>(dst: &mut Tensor<D, L>, v: D::Value)
where
    D::Value: Clone,
{
    ok_or_panic(try_fill(dst, v))
}

/// CuTe's `clear(dst)`: every element is the default (zero).
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::tensor::{clear, fill, make_tensor_mut};
/// let mut data = [7u8; 8];
/// let mut t = make_tensor_mut(&mut data, layout![(2, 4) : (1, 2)]);
/// fill(&mut t, 9);
/// clear(&mut t.reborrow().slice(coord![_, 1])); // column 1
/// assert_eq!(data, [9, 9, 0, 0, 9, 9, 9, 9]);
/// ```
///
/// # Panics
/// Where [`try_fill`] returns an error.
#[track_caller]
pub fn clear<D: MemoryMut, L: TensorLayout<Offset = isize>>(dst: &mut Tensor<D, L>)
where
    D::Value: Clone + Default,
{
    ok_or_panic(try_fill(dst, D::Value::default()))
}

/// The owned fragment type of [`make_fragment_like`] for a tensor with
/// engine `E` and layout `S:D`.
pub type Fragment<E, S, D> = Tensor<
    Array<<E as Engine>::Value, <FragmentOf<Layout<S, D>> as StaticCosize>::Len>,
    FragmentOf<Layout<S, D>>,
>;

/// CuTe's `make_fragment_like(tensor)`: an owned, register-style tensor of
/// the same shape (and value type), with the compact layout of
/// [`crate::layout::make_fragment_like`]. Its array length is that
/// layout's cosize, a compile-time constant, so the layout must be static.
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::tensor::{copy, make_fragment_like, make_tensor};
/// let data: Vec<f32> = (0..64).map(|x| x as f32).collect();
/// let t = make_tensor(&data, layout![(4, 2) : (16, 1)]);
/// let mut frag = make_fragment_like(&t);
/// assert_eq!(frag.to_string(), "array[8] o (_4,(_2)):(_1,(_4))");
/// copy(&t, &mut frag);
/// assert_eq!(frag.at(coord![3, 1]), 49.0);
/// ```
pub fn make_fragment_like<E: Engine, S: IntTuple + FragmentLike<D>, D: IntTuple>(
    t: &Tensor<E, Layout<S, D>>,
) -> Fragment<E, S, D>
where
    E::Value: Default,
    Layout<S, D>: FragmentLayout<Output = S::Output>,
    S::Output: StaticCosize,
{
    Tensor::from_parts(
        Array::default(),
        crate::layout::make_fragment_like(t.layout()),
    )
}

/// The owned tensor of [`make_tensor_owned`]: an array of the layout's
/// (static) cosize, with the layout.
pub type Owned<T, L> = Tensor<Array<T, <L as StaticCosize>::Len>, L>;

/// CuTe's owning `make_tensor<T>(layout)`: a register-style tensor of
/// `T`s, default-initialised, whose array holds the layout's cosize
/// (a compile-time constant: the layout must be static).
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::tensor::make_tensor_owned;
/// let mut acc = make_tensor_owned::<f32, _>(layout![(2, 4) : (4, 1)]);
/// assert_eq!(acc.to_string(), "array[8] o (_2,_4):(_4,_1)");
/// *acc.at_mut(coord![1, 2]) = 3.0;
/// assert_eq!(acc.at(coord![1, 2]), 3.0);
/// assert_eq!(acc.at(coord![0, 0]), 0.0);
/// ```
pub fn make_tensor_owned<T: Default, L: StaticCosize>(layout: L) -> Owned<T, L> {
    Tensor::from_parts(Array::default(), layout)
}

/// CuTe's `make_tensor_like(tensor)`: an owned tensor of the same shape
/// and value type, whose layout is compact with the same stride order
/// ([`make_layout_like`](crate::layout::make_layout_like)).
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::tensor::{make_tensor, make_tensor_like};
/// let data: Vec<f32> = (0..64).map(|x| x as f32).collect();
/// let t = make_tensor(&data, layout![(4, 2) : (16, 1)]);
/// let like = make_tensor_like(&t);
/// assert_eq!(like.layout(), make_layout_like(t.layout()));
/// assert_eq!(like.to_string(), format!("array[8] o {}", make_layout_like(t.layout())));
/// ```
pub fn make_tensor_like<E: Engine, S, D>(
    t: &Tensor<E, Layout<S, D>>,
) -> Owned<E::Value, LayoutLike<S, D>>
where
    E::Value: Default,
    S: IntTuple + FilterZeros<D>,
    D: IntTuple,
    S::Output: CompactOrder<D> + Copy,
    LayoutLike<S, D>: StaticCosize,
{
    make_tensor_owned(make_layout_like(t.layout()))
}
