//! `filter`: drop static stride-0 and size-1 modes, then coalesce.

use super::Coalesce;
use crate::layout::Layout;
use crate::tuple::IntTuple;

pub use crate::layout::FilterZeros;

/// CuTe's `filter(layout)`: `coalesce(filter_zeros(layout))`. The result has
/// no static size-1 or stride-0 mode, unless it is `_1:_0`.
///
/// ```
/// use cute_algebra::prelude::*;
/// assert_eq!(filter(layout![(2, (1, 6)) : (0, (6, 2))]).to_string(), "_6:_2");
/// assert_eq!(filter(layout![(4, 3) : (0, 0)]).to_string(), "_1:_0");
/// ```
#[inline(always)]
pub fn filter<S, D>(l: Layout<S, D>) -> Filtered<Layout<S, D>>
where
    S: IntTuple + FilterZeros<D>,
    S::Output: Coalesce<D>,
    D: IntTuple,
{
    let (s, d) = (l.shape(), l.stride());
    s.filter_zeros(d).coalesce(d)
}

/// [`filter`] with only the [`FilterLayout`] bound, for other operations.
#[inline(always)]
pub(crate) fn filter_any<S: IntTuple, D: IntTuple>(l: Layout<S, D>) -> Filtered<Layout<S, D>>
where
    Layout<S, D>: FilterLayout,
{
    <Layout<S, D> as FilterLayout>::filter_layout(l)
}

/// The result type of [`filter`].
pub type Filtered<L> = <L as FilterLayout>::Output;

/// [`filter`] seen from the layout, for the [`Filtered`] alias.
///
/// Sealed, as every operation trait is: a user names it in bounds, and
/// only the crate's operand types implement it.
///
/// ```compile_fail,E0277
/// struct Mine;
/// impl cute_algebra::algebra::FilterLayout for Mine {
///     type Output = Mine;
///     fn filter_layout(self) -> Mine { self }
/// }
/// ```
pub trait FilterLayout: crate::int::sealed::Operand {
    /// The filtered layout.
    type Output;
    /// Computes it.
    fn filter_layout(self) -> Self::Output;
}
impl<S: IntTuple + FilterZeros<D>, D: IntTuple> FilterLayout for Layout<S, D>
where
    S::Output: Coalesce<D>,
{
    type Output = <S::Output as Coalesce<D>>::Output;
    #[inline(always)]
    fn filter_layout(self) -> Self::Output {
        filter(self)
    }
}
