//! CuTe's `recast<NewType>(tensor)`: the same memory read as elements of
//! another size, through `upcast`/`downcast` of the layout.
//!
//! CuTe's `recast_layout<Old, New>` takes the ratio of the element sizes
//! `New/Old = num/den` (reduced) and returns `downcast<den>(upcast<num>(L))`;
//! for Rust's primitive types one of the two is 1 (the other is then the
//! identity). The slice is reinterpreted with `bytemuck`, which checks the
//! alignment, so the cast is sound for any [`Element`] (a `Pod` type).
//!
//! ```
//! use cute_algebra::prelude::*;
//! use cute_algebra::tensor::make_tensor;
//! let bytes: Vec<u8> = (0..32).collect();
//! let words: Vec<u32> = bytes.chunks(4).map(|c| u32::from_le_bytes(c.try_into().unwrap())).collect();
//! let t = make_tensor(&words, layout![(2, 4) : (4, 1)]);
//! let h = t.recast::<u16>(); // each u32 is two u16s: the unit-stride mode doubles
//! assert_eq!(h.layout().to_string(), "(_2,_8):(_8,_1)");
//! assert_eq!(h.at(coord![1, 3]), u16::from_le_bytes([22, 23]));
//! ```
//!
//! A swizzled tile recasts as CuTe's does, the swizzle moving with the
//! element size: `Sw<3,3,3>` over `u16`s reads as `Sw<3,2,3>` over `u32`s.
//!
//! ```
//! use cute_algebra::prelude::*;
//! use cute_algebra::swizzle::Swizzle;
//! use cute_algebra::tensor::make_tensor;
//! let smem = vec![0u16; 32 * 64];
//! let tile = composition(Swizzle::<3, 3, 3>, tile_to_shape(layout![(8, 64):(64, 1)], shape![32, 64]));
//! let v = make_tensor(&smem, tile).recast::<u128>(); // 128-bit vectors
//! assert_eq!(v.layout().to_string(), "Sw<3,0,3> o _0 o ((_8,_4),(_8,_1)):((_8,_64),(_1,_0))");
//! ```
//!
//! Four CuTe behaviours are refused with an error instead: a recast
//! layout that does not cover exactly the source's bytes (CuTe rounds:
//! three `u16`s read as two `u32`s reach two bytes past them; see
//! [`crate::steps::recast`]), a negative
//! stride (CuTe's start offset for it does not match the reinterpreted
//! elements: `16:-1` over bytes 15..0 read as `u32`s starts three bytes
//! off), and a start or a runtime stride that is not a whole number of new
//! elements (CuTe assumes it is and reads misaligned memory), and a
//! swizzle whose `2^M` unswizzled elements are fewer than one new element
//! spans (CuTe shrinks the swizzle, and the new elements' parts come out
//! permuted).

use core::ops::{Add, Div, Sub};

use bytemuck::Pod;
use typenum::{Gcd, Logarithm2, Min, NonZero, Unsigned, Z0};

use super::{Tensor, TensorLayout, TensorReach, View, ViewMut, check_reach};
use crate::error::{LayoutError, LayoutText, ok_or_panic};
use crate::layout::Layout;
use crate::steps::recast::{Footprint, recast_covers};
use crate::swizzle::{
    ComposedLayout, DowncastPair, MinMK, SwizzleDown, SwizzleParams, SwizzleUp, Under, UpcastPair,
};

/// An element type a tensor can be recast to or from: plain data (`Pod`)
/// whose size in bytes is `Bytes` (checked against `size_of` at compile
/// time, so a wrong `Bytes` cannot make a cast unsound).
///
/// ```
/// use cute_algebra::tensor::Element;
/// use cute_algebra::typenum::Unsigned;
/// // How many `U`s one `T` holds, for any pair of element types.
/// fn per<T: Element, U: Element>() -> usize { T::Bytes::USIZE / U::Bytes::USIZE }
/// assert_eq!(per::<f64, u16>(), 4);
/// assert_eq!(per::<u32, u8>(), 4);
/// ```
pub trait Element: Pod {
    /// `size_of::<Self>()`, as a typenum unsigned.
    type Bytes: Unsigned + NonZero;
}
macro_rules! element {
    ($($T:ty => $B:ident),*) => {$(
        impl Element for $T {
            type Bytes = typenum::$B;
        }
    )*};
}
element!(u8 => U1, i8 => U1, u16 => U2, i16 => U2, u32 => U4, i32 => U4, f32 => U4,
         u64 => U8, i64 => U8, f64 => U8, u128 => U16, i128 => U16, half::f16 => U2, half::bf16 => U2);

/// `num = New / gcd`, `den = Old / gcd`: CuTe's `trait_ratio` of the sizes.
type Num<O, N> = <N as Div<<N as Gcd<O>>::Output>>::Output;
type Den<O, N> = <O as Div<<N as Gcd<O>>::Output>>::Output;

/// `downcast<den>(upcast<num>(L))` for elements of `O` bytes read as `N`
/// bytes.
#[diagnostic::on_unimplemented(
    message = "recast: the layout `{Self}` cannot be recast from {O}-byte to {N}-byte elements",
    label = "CuTe's upcast<N> needs each static stride to divide or be a multiple of N",
    note = "recast reads each mode in units of the new element: a unit-stride mode shrinks (upcast) or widens (downcast)"
)]
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::tensor::RecastLayout;
/// use cute_algebra::typenum::{U2, U4};
/// // 4-byte elements read as 2-byte ones: the unit-stride mode doubles, the other stride too.
/// let l = RecastLayout::<U4, U2>::try_recast_layout(layout![(2, 4) : (4, 1)]).unwrap();
/// assert_eq!(l.to_string(), "(_2,_8):(_8,_1)");
/// let back = RecastLayout::<U2, U4>::try_recast_layout(l).unwrap();
/// assert_eq!(back.to_string(), "(_2,_4):(_4,_1)");
/// ```
pub trait RecastLayout<O, N> {
    /// The recast layout.
    type Output;
    /// Computes it; a runtime stride that is not a whole number of new
    /// elements is an error.
    fn try_recast_layout(self) -> Result<Self::Output, LayoutError>;
}
impl<O, N, S, D> RecastLayout<O, N> for Layout<S, D>
where
    N: Gcd<O> + Div<<N as Gcd<O>>::Output>,
    O: Div<<N as Gcd<O>>::Output>,
    S: UpcastPair<D, Num<O, N>>,
    S::S: DowncastPair<S::D, Den<O, N>>,
{
    type Output = Layout<
        <S::S as DowncastPair<S::D, Den<O, N>>>::S,
        <S::S as DowncastPair<S::D, Den<O, N>>>::D,
    >;
    #[inline(always)]
    fn try_recast_layout(self) -> Result<Self::Output, LayoutError> {
        let (s, d) = self.into_parts();
        let (s, d) = s.try_up(d)?;
        let (s, d) = s.down(d);
        Ok(Layout::from_parts(s, d))
    }
}

/// `log2` of a typenum unsigned.
type Lg<U> = <U as Logarithm2>::Output;
/// The swizzle of a recast `Sw o _0 o L`: CuTe's `upcast<num>` then
/// `downcast<den>` of the swizzle's parameters.
type SwizzleRecast<A, O, N> = SwizzleDown<SwizzleUp<A, Lg<Num<O, N>>>, Lg<Den<O, N>>>;

/// A swizzled layout read as other elements: the swizzle moves by the
/// size ratio as the layout does (`Sw<3,3,3>` over `u16`s is `Sw<3,2,3>`
/// over `u32`s, `Sw<3,4,3>` over bytes). Where a new element would span
/// more than the `2^M` consecutive elements the swizzle keeps together,
/// its parts would land in different places: CuTe then shrinks the
/// swizzle, which changes which element is where; here it is an error.
impl<O, N, A, L> RecastLayout<O, N> for ComposedLayout<A, Z0, L>
where
    A: SwizzleParams,
    L: RecastLayout<O, N> + Copy,
    N: Gcd<O> + Div<<N as Gcd<O>>::Output>,
    O: Div<<N as Gcd<O>>::Output>,
    Num<O, N>: Logarithm2,
    Lg<Num<O, N>>: Unsigned,
    Den<O, N>: Logarithm2,
    A::Base: Min<Lg<Num<O, N>>>,
    Lg<Num<O, N>>: Sub<MinMK<A, Lg<Num<O, N>>>>,
    A::Bits: Min<Under<A, Lg<Num<O, N>>>>,
    A::Bits: Sub<<A::Bits as Min<Under<A, Lg<Num<O, N>>>>>::Output>,
    A::Base: Sub<MinMK<A, Lg<Num<O, N>>>>,
    SwizzleUp<A, Lg<Num<O, N>>>: SwizzleParams,
    <SwizzleUp<A, Lg<Num<O, N>>> as SwizzleParams>::Base: Add<Lg<Den<O, N>>>,
    SwizzleRecast<A, O, N>: SwizzleParams,
{
    type Output = ComposedLayout<SwizzleRecast<A, O, N>, Z0, L::Output>;
    #[inline(always)]
    fn try_recast_layout(self) -> Result<Self::Output, LayoutError> {
        if A::RUNTIME.bits() > 0 && A::Base::U32 < Lg::<Num<O, N>>::U32 {
            return Err(bad(
                "the swizzle keeps 2^M elements together, fewer than one new element spans (Sw<B,M,S> needs M >= log2 of the size ratio)",
            ));
        }
        Ok(ComposedLayout::new(
            Default::default(),
            Z0,
            self.layout().try_recast_layout()?,
        ))
    }
}

/// A view tensor of `T`s with layout `L` recast to `U`.
pub type Recasted<'a, L, T, U> = Tensor<View<'a, U>, Recast<L, T, U>>;
/// A writable view tensor of `T`s with layout `L` recast to `U`.
pub type RecastedMut<'a, L, T, U> = Tensor<ViewMut<'a, U>, Recast<L, T, U>>;

/// The layout of a `T` tensor with layout `L` recast to `U`.
pub type Recast<L, T, U> =
    <L as RecastLayout<<T as Element>::Bytes, <U as Element>::Bytes>>::Output;

const fn sizes_match<T: Element>() -> bool {
    core::mem::size_of::<T>() == <T::Bytes as Unsigned>::USIZE
}

fn bad(msg: &'static str) -> LayoutError {
    LayoutError::BadArgument { op: "recast", msg }
}

/// The new layout and its start (in `U`s) for a view of `T`s starting at
/// `start` with layout `l`.
fn recast_parts<T: Element, U: Element, L>(
    l: L,
    start: isize,
) -> Result<(Recast<L, T, U>, isize), LayoutError>
where
    L: TensorReach + RecastLayout<T::Bytes, U::Bytes>,
    Recast<L, T, U>: TensorReach + core::fmt::Display,
{
    const {
        assert!(
            sizes_match::<T>() && sizes_match::<U>(),
            "Element::Bytes must be size_of"
        );
    }
    if l.reach().0 < 0 {
        return Err(bad(
            "a negative stride cannot be recast (CuTe's start offset for it does not match the reinterpreted elements)",
        ));
    }
    let (t, u) = (size_of::<T>() as isize, size_of::<U>() as isize);
    let bytes = start
        .checked_mul(t)
        .ok_or(LayoutError::Overflow { op: "recast" })?;
    if bytes % u != 0 {
        return Err(bad(
            "the view's start is not a whole number of new elements",
        ));
    }
    let r = l.try_recast_layout()?;
    let footprint = |len: usize, last: isize, bytes: isize| Footprint {
        size: len as i64,
        last: last as i64,
        bits: 8 * bytes as i64,
    };
    recast_covers(
        footprint(l.len(), l.reach().1, t),
        footprint(r.len(), r.reach().1, u),
    )
    .map_err(|m| m.error(LayoutText::of(&r)))?;
    Ok((r, bytes / u))
}

/// The new view's slice: `data` as `U`s, its length rounded down to whole
/// elements; an error where `data` is not aligned for `U`.
fn cast<T: Pod, U: Pod>(data: &[T]) -> Result<&[U], LayoutError> {
    let b: &[u8] = bytemuck::cast_slice(data);
    let b = &b[..b.len() - b.len() % size_of::<U>()];
    bytemuck::try_cast_slice(b)
        .map_err(|_| bad("the slice is not aligned for the new element type"))
}
fn cast_mut<T: Pod, U: Pod>(data: &mut [T]) -> Result<&mut [U], LayoutError> {
    let b: &mut [u8] = bytemuck::cast_slice_mut(data);
    let n = b.len() - b.len() % size_of::<U>();
    bytemuck::try_cast_slice_mut(&mut b[..n])
        .map_err(|_| bad("the slice is not aligned for the new element type"))
}

/// `recast` of a read-only and of a writable view: the same steps over
/// the view's slice, taken out (`$data`) and cast (`$cast`) as the view
/// allows.
macro_rules! recast_views {
    ($($(#[$doc:meta])* $View:ident => $Res:ident, $data:ident, $cast:ident;)*) => {$(
        impl<'a, T: Element, L: TensorReach> Tensor<$View<'a, T>, L> {
            $(#[$doc])*
            pub fn try_recast<U: Element>(self) -> Result<$Res<'a, L, T, U>, LayoutError>
            where
                L: RecastLayout<T::Bytes, U::Bytes>,
                Recast<L, T, U>: TensorReach + core::fmt::Display,
            {
                let (engine, layout) = self.into_parts();
                let (layout, start) = recast_parts::<T, U, L>(layout, engine.start())?;
                let data = $cast::<T, U>(engine.$data())?;
                check_reach(&layout, start, data.len(), "recast")?;
                Ok(Tensor::from_parts($View::new(data, start), layout))
            }
            /// [`Tensor::try_recast`], panicking on its errors.
            #[track_caller]
            pub fn recast<U: Element>(self) -> $Res<'a, L, T, U>
            where
                L: RecastLayout<T::Bytes, U::Bytes>,
                Recast<L, T, U>: TensorReach + core::fmt::Display,
            {
                ok_or_panic(self.try_recast())
            }
        }
    )*};
}

recast_views! {
    /// CuTe's `recast<U>(tensor)`: the same bytes as `U`s, the layout
    /// `downcast<den>(upcast<num>(L))` for the size ratio `num/den`. An
    /// error where CuTe would read misaligned or out of the slice.
    View => Recasted, data, cast;
    /// CuTe's `recast<U>(tensor)` of a writable view (see the read-only
    /// form).
    ViewMut => RecastedMut, into_data, cast_mut;
}
