//! A tour of cute-algebra: static layouts, runtime values, printing.
//!
//! Run with `cargo run --example tour`.

use cute_algebra::prelude::*;

fn main() {
    // A static layout is a type; it is zero-sized.
    let l = layout![(2, (2, 2)) : (4, (2, 1))];
    println!("layout          {l}");
    println!("size_of         {} bytes", core::mem::size_of_val(&l));
    println!(
        "size / cosize   {} / {}",
        l.size().value(),
        l.cosize().value()
    );

    // crd2idx with an integer, a flat and a nested coordinate.
    println!("l(5)            {}", l.crd2idx(int!(5)).value());
    println!("l(1,3)          {}", l.crd2idx(coord![1, 3]).value());
    println!("l(1,(1,0))      {}", l.crd2idx(coord![1, (1, 0)]).value());

    // CuTe's print_layout table and the 1-D listing.
    print!("{}", l.print_layout());
    print!("{}", l.print_1d());

    // Runtime values mix in: static with static stays static.
    let (m, n): (i32, i32) = (6, 4);
    let r = layout![(m, n) : (1, m)];
    println!("runtime         {r}");
    println!("r(5, 3)         {}", r.crd2idx(coord![5, 3]).value());

    // Constructors.
    println!("LayoutLeft      {}", make_layout(shape![4, (2, 3)]));
    println!("LayoutRight     {}", make_layout_right(shape![4, (2, 3)]));
    println!(
        "ordered         {}",
        make_ordered_layout(shape![2, 2, 2, 2], shape![0, 2, 3, 1])
    );

    // Slicing with `_`.
    let four: i32 = 4;
    let (s, off) = layout![(5, 2, 3) : (1, four, 3)].slice_and_offset(coord![_, 1, _]);
    println!("slice           {s} at offset {}", off.value());
}
