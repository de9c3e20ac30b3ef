//! The cases of `tests/data/cute/tma_host_cases.out` (CuTe's own
//! `make_tma_copy` on the host), shared by the test against CuTe
//! (`tests/atom_tma.rs`) and the descriptor check on the GPU
//! (`cute-gpu --tma-check`), which include this file by path.

use cute_algebra::atom::dynamic::{GmmaSmem, TmaCopy, TmaGmem, TmaSmem, make_tma_copy};
use cute_algebra::dynamic::{DynLayout, IntTree};

pub const OUT: &str = include_str!("../data/cute/tma_host_cases.out");

/// One `case` block of the reference: its name and fields by name.
pub struct Case {
    pub name: String,
    pub fields: Vec<(String, String)>,
}

impl Case {
    pub fn get(&self, key: &str) -> &str {
        &self.fields.iter().find(|(k, _)| k == key).unwrap().1
    }

    /// CuTe's value type for the case, by its element width.
    pub fn value_type(&self) -> &'static str {
        match self.get("elem_bits") {
            "8" => "uint8_t",
            "16" => "half_t",
            "32" => "float",
            w => panic!("no case type of {w} bits"),
        }
    }

    /// The crate's `make_tma_copy` on the case's inputs: the global layout
    /// as CuTe printed it, and the shared-memory layout (a GMMA atom tiled
    /// to the tile, `Sw<B,4,3> o smem_ptr[..b](unset) o L`, checked to tile
    /// as CuTe's did; or a plain layout).
    pub fn make_tma_copy(&self) -> TmaCopy {
        let vt = self.value_type();
        let g = TmaGmem::parse(self.get("gmem"), vt).unwrap();
        let text = self.get("smem").replace('_', "");
        let mc: u32 = self.get("multicast").parse().unwrap();
        match text.rsplit_once(" o ") {
            Some((_, layout)) => {
                let major = if self.name.contains("Layout_K_") {
                    "K"
                } else {
                    "MN"
                };
                let sw = ["SW128", "SW64", "SW32", "INTER"]
                    .into_iter()
                    .find(|s| self.name.contains(&format!("_{s}_")))
                    .unwrap();
                let atom =
                    GmmaSmem::parse(&format!("GMMA::Layout_{major}_{sw}_Atom<{vt}>")).unwrap();
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
                assert_eq!(
                    tiled.layout, tile,
                    "{}: the atom tiles as CuTe's",
                    self.name
                );
                make_tma_copy(&g, TmaSmem::Gmma(&tiled), mc).unwrap()
            }
            None => make_tma_copy(&g, TmaSmem::Plain(&text.parse().unwrap()), mc).unwrap(),
        }
    }
}

pub fn cases() -> Vec<Case> {
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
