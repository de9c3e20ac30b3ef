//! TMA's host side against CuTe C++ (`tests/data/cute/tma_host_cases.cpp`,
//! which runs CuTe's own `make_tma_copy` with the driver's encode call
//! replaced by one that prints its arguments): the box map, the
//! descriptor's arguments and the coordinate tensor, case by case.

use cute_algebra::atom::dynamic::{GmmaSmem, TmaGmem, TmaSmem, make_tma_copy};
use cute_algebra::dynamic::{DynLayout, IntTree};

const OUT: &str = include_str!("data/cute/tma_host_cases.out");

/// One `case` block of the reference: its fields by name.
struct Case {
    name: String,
    fields: Vec<(String, String)>,
}

impl Case {
    fn get(&self, key: &str) -> &str {
        &self.fields.iter().find(|(k, _)| k == key).unwrap().1
    }
}

fn cases() -> Vec<Case> {
    let mut out: Vec<Case> = Vec::new();
    for line in OUT.lines() {
        if let Some(name) = line.strip_prefix("case ") {
            out.push(Case {
                name: name.into(),
                fields: Vec::new(),
            });
        } else if let Some(rest) = line.strip_prefix("  ") {
            let (k, v) = rest.split_once(' ').unwrap();
            out.last_mut()
                .unwrap()
                .fields
                .push((k.trim_end_matches(':').into(), v.into()));
        }
    }
    out
}

/// The value type CuTe's case used, by its element width and name.
fn value_type(c: &Case) -> &'static str {
    match (c.get("elem_bits"), c.name.contains("uint8_t")) {
        ("8", _) => "uint8_t",
        ("16", _) => "half_t",
        ("32", _) => "float",
        _ => unreachable!(),
    }
}

/// The shared-memory layout from CuTe's print: a GMMA atom tiled to the
/// tile (`Sw<B,4,3> o smem_ptr[..b](unset) o L`), or a plain layout.
fn smem(c: &Case, vt: &str) -> (Option<GmmaSmem>, Option<DynLayout>) {
    let text = c.get("smem").replace('_', "");
    match text.rsplit_once(" o ") {
        Some((_, layout)) => {
            let major = if c.name.contains("Layout_K_") {
                "K"
            } else {
                "MN"
            };
            let sw = ["SW128", "SW64", "SW32", "INTER"]
                .into_iter()
                .find(|s| c.name.contains(&format!("_{s}_")))
                .unwrap();
            let atom = GmmaSmem::parse(&format!("GMMA::Layout_{major}_{sw}_Atom<{vt}>")).unwrap();
            let tile: DynLayout = layout.parse().unwrap();
            let tile_shape = match tile.shape() {
                IntTree::Tuple(m) => IntTree::Tuple(
                    m.iter()
                        .map(|x| IntTree::Int(x.product().unwrap()))
                        .collect(),
                ),
                s => s,
            };
            let tiled = atom.tile_to_shape(&tile_shape).unwrap();
            assert_eq!(tiled.layout, tile, "{}: the atom tiles as CuTe's", c.name);
            (Some(tiled), None)
        }
        None => (None, Some(text.parse().unwrap())),
    }
}

#[test]
fn make_tma_copy_equals_cutes_host_side() {
    let all = cases();
    assert_eq!(all.len(), 16);
    for c in &all {
        let vt = value_type(c);
        let g = TmaGmem::parse(c.get("gmem"), vt).unwrap();
        let (gmma, plain) = smem(c, vt);
        let s = match (&gmma, &plain) {
            (Some(g), _) => TmaSmem::Gmma(g),
            (_, Some(p)) => TmaSmem::Plain(p),
            _ => unreachable!(),
        };
        let mc: u32 = c.get("multicast").parse().unwrap();
        let tma = make_tma_copy(&g, s, mc).unwrap();
        assert_eq!(tma.encode_string(), c.get("encode"), "{}", c.name);
        assert_eq!(tma.gbasis_string(), c.get("tma_gbasis"), "{}", c.name);
        assert_eq!(tma.tma_tensor_string(), c.get("tma_tensor"), "{}", c.name);
    }
}

#[test]
fn make_tma_copy_names_what_cute_asserts() {
    let err = |g: &str, s: &str, mc: u32| {
        let g = TmaGmem::parse(g, "half_t").unwrap();
        let s: DynLayout = s.parse().unwrap();
        make_tma_copy(&g, TmaSmem::Plain(&s), mc)
            .unwrap_err()
            .to_string()
    };
    // An M-major tile of a K-major tensor: the box's first mode steps M.
    assert!(err("(512,256):(256,_1)", "(64,32):(1,64)", 1).contains("majorness"));
    // A K stride of 4 halfs is 8 bytes, not a multiple of 16.
    assert!(err("(512,4):(4,_1)", "(64,4):(4,1)", 1).contains("multiple of 16"));
    // Three CTAs cannot share a box of 128 rows.
    assert!(err("(512,256):(256,_1)", "(128,64):(64,1)", 3).contains("multicast"));
    assert!(TmaGmem::parse("((2,256),256):((256,512),_1)", "half_t").is_err());
    assert!(TmaGmem::parse("(512,256):(256,_1)", "halff").is_err());
}
