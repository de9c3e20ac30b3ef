//! Token-level tests of the expansions and their error messages.

use proc_macro2::TokenStream;
use quote::quote;

use crate::expand;
use crate::parse::{Form, Kind};

/// Drop the `__private` prefix and spaces so expectations read like the source.
fn short(ts: TokenStream) -> String {
    ts.to_string()
        .replace(":: cute_algebra :: __private :: ", "")
        .replace(' ', "")
}

const P1: &str = "consts::P1";
const P2: &str = "consts::P2";
const P4: &str = "consts::P4";

fn shape_v(ts: TokenStream) -> String {
    short(expand::int_tuple(ts, Form::Value, Kind::Shape).unwrap())
}
fn shape_t(ts: TokenStream) -> String {
    short(expand::int_tuple(ts, Form::Type, Kind::Shape).unwrap())
}
fn err_of(r: syn::Result<TokenStream>) -> String {
    r.expect_err("expected an error").to_string()
}

#[test]
fn top_level_list_is_a_tuple() {
    assert_eq!(shape_t(quote!(4)), format!("HCons<{P4},HNil>"));
    assert_eq!(
        shape_t(quote!((4))),
        format!("HCons<HCons<{P4},HNil>,HNil>"),
        "a parenthesised single element is a rank-1 tuple, not grouping"
    );
    assert_eq!(
        shape_t(quote!(2, (2, 1))),
        format!("HCons<{P2},HCons<HCons<{P2},HCons<{P1},HNil>>,HNil>>")
    );
    assert_eq!(
        shape_t(quote!(4, 2,)),
        shape_t(quote!(4, 2)),
        "trailing comma"
    );
}

#[test]
fn value_form_builds_hcons_structs() {
    assert_eq!(
        shape_v(quote!(2, n)),
        format!("HCons{{head:st::<{P2}>(),tail:HCons{{head:rt(n),tail:HNil}}}}")
    );
    assert_eq!(
        shape_v(quote!({ a + 1 })),
        "HCons{head:rt(a+1),tail:HNil}",
        "a single-expression block loses its braces (unused_braces lint)"
    );
    assert_eq!(
        shape_v(quote!({
            let b = a;
            b
        })),
        "HCons{head:rt({letb=a;b}),tail:HNil}"
    );
}

#[test]
fn negative_and_zero_literals() {
    assert_eq!(shape_t(quote!(-1, 0)), "HCons<consts::N1,HCons<Z0,HNil>>");
    assert_eq!(shape_t(quote!(0x10)), shape_t(quote!(16)));
    assert!(shape_t(quote!(-9223372036854775808)).starts_with("HCons<NInt<"));
}

#[test]
fn type_form_takes_types() {
    assert_eq!(
        shape_t(quote!(2, i32)),
        format!("HCons<{P2},HCons<i32,HNil>>")
    );
    assert_eq!(
        short(expand::int_tuple(quote!(_, 1), Form::Type, Kind::Coord).unwrap()),
        format!("HCons<Underscore,HCons<{P1},HNil>>")
    );
}

#[test]
fn coord_allows_underscore_anywhere() {
    let out = short(expand::int_tuple(quote!((_, 1), _), Form::Value, Kind::Coord).unwrap());
    assert_eq!(
        out,
        format!(
            "HCons{{head:HCons{{head:Underscore,tail:HCons{{head:st::<{P1}>(),tail:HNil}}}},tail:HCons{{head:Underscore,tail:HNil}}}}"
        )
    );
}

#[test]
fn layouts() {
    assert_eq!(
        short(expand::layout(quote!(8 : 2), Form::Value).unwrap()),
        format!("layout_new(st::<consts::P8>(),st::<{P2}>())")
    );
    assert_eq!(
        short(expand::layout(quote!((4, 8)), Form::Value).unwrap()),
        format!(
            "make_layout(HCons{{head:st::<{P4}>(),tail:HCons{{head:st::<consts::P8>(),tail:HNil}}}})"
        )
    );
    assert_eq!(
        short(expand::layout(quote!((2, (2, 2)) : (4, (2, 1))), Form::Type).unwrap()),
        format!(
            "Layout<HCons<{P2},HCons<HCons<{P2},HCons<{P2},HNil>>,HNil>>,HCons<{P4},HCons<HCons<{P2},HCons<{P1},HNil>>,HNil>>>"
        )
    );
    assert_eq!(
        short(expand::layout(quote!((4)), Form::Type).unwrap()),
        format!("LayoutLeft<HCons<{P4},HNil>>")
    );
}

#[test]
fn int_macro() {
    assert_eq!(
        short(expand::int(quote!(24)).unwrap()),
        "st::<consts::P24>()"
    );
    assert_eq!(
        short(expand::int(quote!(-1)).unwrap()),
        "st::<consts::N1>()"
    );
    assert!(err_of(expand::int(quote!(n))).contains("runtime value"));
    assert!(err_of(expand::int(quote!((1)))).contains("single integer literal"));
    assert!(err_of(expand::int(quote!(1 2))).contains("unexpected `2`"));
    assert!(err_of(expand::int(quote!())).contains("expected an integer literal"));
}

#[test]
fn tiles() {
    assert_eq!(
        short(expand::tile(quote!(4, _, (2, 2) : (1, 4))).unwrap()),
        format!(
            "HCons{{head:st::<{P4}>(),tail:HCons{{head:Underscore,tail:HCons{{head:layout_new(HCons{{head:st::<{P2}>(),tail:HCons{{head:st::<{P2}>(),tail:HNil}}}},HCons{{head:st::<{P1}>(),tail:HCons{{head:st::<{P4}>(),tail:HNil}}}}),tail:HNil}}}}}}"
        )
    );
    let out = short(expand::tile(quote!(3:4, (2,4):(1,8))).unwrap());
    assert!(out.starts_with("HCons{head:layout_new(st::<consts::P3>(),st::<"));
    assert!(err_of(expand::tile(quote!())).contains("at least one mode"));
    assert!(err_of(expand::tile(quote!((2, _)))).contains("`_` is not allowed in a shape"));
    assert!(err_of(expand::tile(quote!(2 3))).contains("expected `,` between tile modes"));
}

#[test]
fn error_float() {
    assert_eq!(
        err_of(expand::int_tuple(quote!(2.5), Form::Value, Kind::Shape)),
        "expected an integer, found a float literal `2.5`"
    );
    assert_eq!(
        err_of(expand::layout(quote!(4 : -2.5), Form::Value)),
        "expected an integer, found a float literal `-2.5`"
    );
}

#[test]
fn error_string_and_other_literals() {
    assert_eq!(
        err_of(expand::int_tuple(quote!(2, "a"), Form::Value, Kind::Shape)),
        "expected an integer, found a string literal `\"a\"`"
    );
    assert_eq!(
        err_of(expand::int_tuple(quote!('c'), Form::Value, Kind::Shape)),
        "expected an integer, found a character literal `'c'`"
    );
    assert_eq!(
        err_of(expand::int_tuple(quote!(true), Form::Value, Kind::Shape)),
        "expected an integer, found a boolean literal `true`"
    );
}

#[test]
fn error_missing_colon() {
    assert_eq!(
        err_of(expand::layout(quote!((2, 2)(1, 2)), Form::Value)),
        "expected `:` between shape and stride"
    );
}

#[test]
fn error_empty_tuples() {
    let msg = "a shape tuple needs at least one mode";
    assert_eq!(
        err_of(expand::int_tuple(quote!(()), Form::Value, Kind::Shape)),
        msg
    );
    assert_eq!(
        err_of(expand::int_tuple(quote!(), Form::Value, Kind::Shape)),
        msg
    );
    assert_eq!(err_of(expand::layout(quote!(() : ()), Form::Value)), msg);
    assert_eq!(
        err_of(expand::int_tuple(quote!(2, ()), Form::Type, Kind::Stride)),
        "a stride tuple needs at least one mode"
    );
}

#[test]
fn error_trailing_garbage() {
    assert_eq!(
        err_of(expand::int_tuple(quote!(2 3), Form::Value, Kind::Shape)),
        "expected `,` between shape modes, found `3`"
    );
    assert_eq!(
        err_of(expand::layout(quote!(2 : 1 x), Form::Value)),
        "unexpected `x` after the layout"
    );
    assert_eq!(
        err_of(expand::layout(quote!(2 : 1, 3), Form::Value)),
        "unexpected `,` after the layout"
    );
    assert_eq!(
        err_of(expand::int_tuple(quote!(2, +), Form::Value, Kind::Shape)),
        "expected an integer, a runtime value (`n` or `{ expr }`), or a parenthesised tuple, found `+`"
    );
}

#[test]
fn error_underscore_outside_coords() {
    assert!(
        err_of(expand::int_tuple(quote!(_), Form::Value, Kind::Shape))
            .starts_with("`_` is not allowed in a shape")
    );
    assert!(
        err_of(expand::layout(quote!(2 : _), Form::Value))
            .starts_with("`_` is not allowed in a stride")
    );
}

#[test]
fn error_suffix_and_overflow() {
    assert_eq!(
        err_of(expand::int_tuple(quote!(8i32), Form::Value, Kind::Shape)),
        "integer suffix `i32` is not allowed: a literal is a static (typenum) integer; write `8`"
    );
    assert_eq!(
        err_of(expand::int_tuple(
            quote!(9223372036854775808),
            Form::Value,
            Kind::Shape
        )),
        "integer `9223372036854775808` does not fit in i64"
    );
    assert_eq!(
        err_of(expand::int_tuple(
            quote!(-9223372036854775809),
            Form::Value,
            Kind::Shape
        )),
        "integer `-9223372036854775809` does not fit in i64"
    );
    assert_eq!(
        err_of(expand::int_tuple(quote!(-x), Form::Value, Kind::Shape)),
        "expected an integer after `-`, found `x`"
    );
}

#[test]
fn error_not_congruent() {
    assert_eq!(
        err_of(expand::layout(quote!((2, 2) : (1, 2, 4)), Form::Value)),
        "stride is not congruent with the shape: the shape tuple has 2 modes, this stride tuple has 3"
    );
    assert!(err_of(expand::layout(quote!((2, 2) : 1), Form::Type)).contains("2-mode tuple here"));
    assert!(err_of(expand::layout(quote!(2 : (1)), Form::Value)).contains("an integer here"));
}

#[test]
fn error_type_form_block() {
    assert_eq!(
        err_of(expand::int_tuple(quote!({ n }), Form::Type, Kind::Shape)),
        "a runtime value in a type form is written as its type, e.g. `i32`"
    );
}

/// The (start, end) columns of an error's span on a one-line input.
fn error_columns(
    src: &str,
    result: impl FnOnce(TokenStream) -> syn::Result<TokenStream>,
) -> (usize, usize) {
    let err = result(src.parse().unwrap()).unwrap_err();
    (err.span().start().column, err.span().end().column)
}

#[test]
fn errors_point_at_the_bad_token() {
    let shape = |ts| expand::int_tuple(ts, Form::Value, Kind::Shape);
    let layout = |ts| expand::layout(ts, Form::Value);
    //                       0123456789
    assert_eq!(error_columns("2, (2.5, 2)", shape), (4, 7));
    assert_eq!(error_columns("2, \"a\"", shape), (3, 6));
    assert_eq!(error_columns("(2, 2) (1, 2)", layout), (7, 13));
    assert_eq!(error_columns("() : ()", layout), (0, 2));
    assert_eq!(error_columns("2, 3 4", shape), (5, 6));
    assert_eq!(error_columns("(2, 2) : (1, 2, 4)", layout), (9, 18));
    assert_eq!(error_columns("8i32", shape), (0, 4));
}

#[test]
fn invisible_groups_from_macro_rules() {
    use proc_macro2::{Delimiter, Group};
    let none = |ts: TokenStream| Group::new(Delimiter::None, ts);
    let (lit, expr) = (none(quote!(-1)), none(quote!(n + 1)));
    assert_eq!(
        shape_v(quote!(#lit, #expr)),
        "HCons{head:st::<consts::N1>(),tail:HCons{head:rt(n+1),tail:HNil}}"
    );
    let ty = none(quote!(Vec<i32>));
    assert_eq!(shape_t(quote!(#ty)), "HCons<Vec<i32>,HNil>");
}
