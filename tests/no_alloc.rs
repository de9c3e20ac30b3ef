//! `DynLayout` operations allocate nothing on layouts of up to
//! `LEAVES_INLINE` (6) leaves: a counting global allocator
//! measures each call on the cases of `benches/cases.txt` and on realistic
//! tilers, products, inverses and coordinate maps.
//!
//! The counter is per thread, so the test harness's own threads do not
//! disturb it. Operands are built before counting; only the call is counted.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use cute_algebra::dynamic::{DynLayout, IntTree, LEAVES_INLINE, Tiler};

thread_local! {
    static ALLOCS: Cell<usize> = const { Cell::new(0) };
}

/// The system allocator, counting allocations and reallocations of this thread.
struct Counting;

// SAFETY: every call is forwarded to `System` unchanged; the counter is a
// const-initialized thread-local `Cell` without destructor, so touching it
// never allocates or re-enters the allocator.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        ALLOCS.with(|c| c.set(c.get() + 1));
        unsafe { System.alloc(l) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        unsafe { System.dealloc(p, l) }
    }
    unsafe fn alloc_zeroed(&self, l: Layout) -> *mut u8 {
        ALLOCS.with(|c| c.set(c.get() + 1));
        unsafe { System.alloc_zeroed(l) }
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, n: usize) -> *mut u8 {
        ALLOCS.with(|c| c.set(c.get() + 1));
        unsafe { System.realloc(p, l, n) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Allocations made by `f` on this thread, and its result.
fn count<T>(f: impl FnOnce() -> T) -> (usize, T) {
    let before = ALLOCS.with(Cell::get);
    let r = std::hint::black_box(f());
    (ALLOCS.with(Cell::get) - before, r)
}

fn l(s: &str) -> DynLayout {
    s.parse().unwrap()
}

fn t(s: &str) -> IntTree {
    s.parse().unwrap()
}

fn tiler(parts: &[&str]) -> Tiler {
    Tiler::Tuple(parts.iter().map(|p| Tiler::Layout(l(p))).collect())
}

/// A tiler of `benches/cases.txt`: a shape `(32,16)` or `<3:3,(2,4):(1,8)>`.
fn case_tiler(s: &str) -> Tiler {
    match s.strip_prefix('<').and_then(|s| s.strip_suffix('>')) {
        Some(inner) => {
            let (mut parts, mut depth, mut at) = (Vec::new(), 0, 0);
            for (k, ch) in inner.char_indices() {
                match ch {
                    '(' => depth += 1,
                    ')' => depth -= 1,
                    ',' if depth == 0 => {
                        parts.push(&inner[at..k]);
                        at = k + 1;
                    }
                    _ => {}
                }
            }
            parts.push(&inner[at..]);
            tiler(&parts)
        }
        None => Tiler::from(&t(s)),
    }
}

/// `what` allocates nothing and succeeds (so a failing path cannot pass).
#[track_caller]
fn no_alloc<T, E: std::fmt::Debug>(what: &str, f: impl FnOnce() -> Result<T, E>) -> T {
    let (n, r) = count(f);
    assert_eq!(n, 0, "{what}: {n} allocations");
    r.unwrap_or_else(|e| panic!("{what}: {e:?}"))
}

#[test]
fn the_counter_counts() {
    let (n, v) = count(|| vec![1u8; 3]);
    assert_eq!((n, v.len()), (1, 3));
    // A layout over the inline capacity moves to the heap: that is counted.
    let big = l("(2,2,2,2,2,2,2):(1,4,16,64,256,1024,4096)");
    assert!(big.flat().len() > LEAVES_INLINE);
    let (n, _) = count(|| big.coalesce());
    assert!(n > 0);
}

#[test]
fn bench_cases_allocate_nothing() {
    let mut seen = 0;
    for line in include_str!("../benches/cases.txt").lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let c: Vec<&str> = line.split('\t').collect();
        let a = l(c[1]);
        assert!(a.flat().len() <= LEAVES_INLINE, "{line}");
        match c[0] {
            "composition" => {
                let b = l(c[2]);
                no_alloc(line, || a.composition(&b));
            }
            "logical_divide" => {
                let b = l(c[2]);
                no_alloc(line, || a.logical_divide(&b));
            }
            "complement" => {
                let m = t(c[2]);
                no_alloc(line, || a.complement_to(&m));
            }
            "right_inverse" => drop(no_alloc(line, || a.right_inverse())),
            "left_inverse" => drop(no_alloc(line, || a.left_inverse())),
            "zipped_divide" => {
                let tl = case_tiler(c[2]);
                no_alloc(line, || a.zipped_divide(&tl));
            }
            op => panic!("unknown op {op} in cases.txt"),
        }
        seen += 1;
    }
    assert!(seen >= 36, "{seen} cases");
}

#[test]
fn algebra_allocates_nothing() {
    let a = l("(4,2,3):(2,1,8)");
    let b = l("4:2");
    let m = l("((4,2),(8,4)):((2,1),(8,64))");
    no_alloc("coalesce", || m.coalesce());
    let f = l("(2,(1,6)):(0,(6,2))");
    no_alloc("filter", || f.filter());
    no_alloc("complement", || a.complement());
    no_alloc("complement_to", || b.complement_to(&IntTree::Int(24)));
    let (c, d) = (l("(6,2):(8,2)"), l("(4,3):(3,1)"));
    no_alloc("composition", || c.composition(&d));
    let ct = tiler(&["3:4", "8:2"]);
    let e = l("(12,(4,8)):(59,(13,1))");
    no_alloc("composition by mode", || e.composition(&ct));
    let (r, li, lz) = (
        l("(4,8):(8,1)"),
        l("(2,(2,3)):(3,(1,6))"),
        l("(4,2,3):(1,0,4)"),
    );
    no_alloc("right_inverse", || r.right_inverse());
    no_alloc("right_inverse nested", || m.right_inverse());
    no_alloc("left_inverse", || li.left_inverse());
    no_alloc("left_inverse with 0", || lz.left_inverse());
}

#[test]
fn divides_allocate_nothing() {
    let a = l("(9,(4,8)):(59,(13,1))");
    let tl = tiler(&["3:3", "(2,4):(1,8)"]);
    let mn = l("(128,64):(1,128)");
    let shape_tile = Tiler::from(&t("(32,16)"));
    for (name, x, tl) in [("A", &a, &tl), ("(m,n)", &mn, &shape_tile)] {
        no_alloc(name, || x.logical_divide(tl));
        no_alloc(name, || x.zipped_divide(tl));
        no_alloc(name, || x.tiled_divide(tl));
        no_alloc(name, || x.flat_divide(tl));
    }
    let (x, y) = (l("(4,2,3):(2,1,8)"), l("4:2"));
    no_alloc("logical_divide", || x.logical_divide(&y));
    no_alloc("logical_divide by int", || {
        mn.logical_divide(&Tiler::Int(8))
    });
    no_alloc("logical_divide by an integer argument", || {
        mn.logical_divide(8)
    });
}

#[test]
fn products_allocate_nothing() {
    let a = l("(2,5):(5,1)");
    let tl = tiler(&["3:1", "4:1"]);
    let b = l("(3,4):(1,3)");
    let (x, y) = (l("(2,2):(4,1)"), l("6:1"));
    no_alloc("logical_product", || x.logical_product(&y));
    no_alloc("logical_product by mode", || a.logical_product(&tl));
    no_alloc("zipped_product", || a.zipped_product(&tl));
    no_alloc("tiled_product", || a.tiled_product(&tl));
    no_alloc("flat_product", || a.flat_product(&tl));
    no_alloc("blocked_product", || a.blocked_product(&b));
    no_alloc("raked_product", || a.raked_product(&b));
}

#[test]
fn coordinates_allocate_nothing() {
    let a = l("(2,(2,2)):(4,(2,1))");
    let c = t("(1,(1,0))");
    let flat = t("(1,3)");
    assert_eq!(no_alloc("crd2idx", || a.crd2idx(&c)), 6);
    assert_eq!(no_alloc("crd2idx int in a mode", || a.crd2idx(&flat)), 7);
    assert_eq!(no_alloc("at", || a.at(5)), 5);
    let b = l("(2,(2,2)):(1,(2,4))");
    let mut out = [0i64; LEAVES_INLINE];
    let n = no_alloc("idx2crd_into", || b.idx2crd_into(5, &mut out));
    // The tree form gives the same leaves (it allocates the tree).
    assert_eq!(out[..n], b.idx2crd(5).unwrap().leaves());
    assert_eq!(out[..n], [1, 0, 1]);
    let mut short = [0i64; 2];
    assert!(b.idx2crd_into(5, &mut short).is_err());
}
