//! The operations' names as types. A divide or product carries the name of
//! the function the user called (`Divide<zipped_divide>`), so that the
//! first line of a compile error inside it names that function: the
//! `on_unimplemented` messages print it with `{N}`.
#![allow(non_camel_case_types)]

macro_rules! names {
    ($($n:ident),*) => {$(
        #[doc = concat!("The name `", stringify!($n), "`.")]
        #[derive(Clone, Copy, Debug, Default)]
        pub struct $n {}
    )*};
}
names!(
    logical_divide,
    zipped_divide,
    tiled_divide,
    flat_divide,
    logical_product,
    zipped_product,
    tiled_product,
    flat_product,
    blocked_product,
    raked_product
);
