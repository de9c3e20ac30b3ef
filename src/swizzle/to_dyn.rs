//! A typed composed layout as a runtime [`DynComposed`]: `try_to_dyn` and
//! `to_dyn`, as every typed form has (`Layout`, `BasisLayout`).

use super::DynComposed;
use super::composed::ComposedLayout;
use super::func::SwizzleParams;
use crate::dynamic::ToIntTree;
use crate::error::LayoutError;
use crate::int::Int;
use crate::layout::Layout;
use crate::tuple::IntTuple;

impl<A: SwizzleParams, O: Int, S: IntTuple + ToIntTree, D: IntTuple + ToIntTree>
    ComposedLayout<A, O, Layout<S, D>>
{
    /// The same composed layout with runtime structure (static markers
    /// dropped), or the error [`Layout::try_to_dyn`] gives.
    ///
    /// ```
    /// use cute_algebra::prelude::*;
    /// use cute_algebra::swizzle::Swizzle;
    /// let c = composition(Swizzle::<2, 3, 3>, layout![(8, 32):(32, 1)]);
    /// let d = c.try_to_dyn().unwrap();
    /// assert_eq!(d.to_string(), "Sw<2,3,3> o 0 o (8,32):(32,1)");
    /// assert_eq!(d.at(77), Ok(c.crd2idx(77i32).wide()));
    /// ```
    pub fn try_to_dyn(&self) -> Result<DynComposed, LayoutError> {
        Ok(DynComposed::new(
            A::RUNTIME,
            self.offset().wide(),
            self.layout().try_to_dyn()?,
        ))
    }

    /// [`ComposedLayout::try_to_dyn`], panicking on its error.
    #[track_caller]
    pub fn to_dyn(&self) -> DynComposed {
        crate::error::ok_or_panic(self.try_to_dyn())
    }
}
