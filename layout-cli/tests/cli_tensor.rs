//! The `cute-algebra` binary on tensors: `eval` of the oracle's plain
//! `tensor` rows, and the thread/value pictures: `svg --tv`, `svg` of a
//! tiled MMA or copy, and a tiled copy's bank conflicts (`--access`).

use std::process::Command;

fn cli(args: &[&str]) -> (bool, String, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_cute-algebra"))
        .args(args)
        .output()
        .unwrap();
    let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
    (o.status.success(), text(o.stdout), text(o.stderr))
}

#[test]
fn eval_prints_tensors_and_values_as_the_oracle() {
    let data = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/data/public-ext.tsv"
    ))
    .unwrap();
    let mut checked = 0;
    for line in data.lines().skip(1) {
        let c: Vec<&str> = line.split('\t').collect();
        if c[1] != "tensor" || c[2].contains("Sw<") || c[2].contains("identity_tensor") {
            continue;
        }
        let values = format!("values({})", c[2]);
        let (ok, out, err) = cli(&["eval", c[2], &values]);
        assert!(ok, "{}: {err}", c[0]);
        let expected = format!(
            "{}\n{}\n",
            c[3].replace("_", "")
                .replace("countingiter", "counting_iter"),
            c[4]
        );
        assert_eq!(out, expected, "{}", c[0]);
        checked += 1;
    }
    assert_eq!(checked, 35);
}

#[test]
fn svg_tv_draws_threads_and_values() {
    let tv = "((32,4),(2,2)):((2,128),(1,64))";
    let (ok, svg, err) = cli(&["svg", "--tv", tv, "--tile", "64,8"]);
    assert!(ok, "{err}");
    assert!(svg.starts_with("<?xml") && svg.trim_end().ends_with("</svg>"));
    // 512 cells, each labelled with its thread and value.
    assert_eq!(svg.matches("<rect x=").count(), 512);
    assert!(svg.contains(">T127</text>") && svg.contains(">V3</text>"));
    // Thread 32 = (0,1) starts at index 128: row 0, column 2 of a 64-row
    // tile, whose cell (46 x 30 units, after a margin of 30) is labelled
    // at its centre.
    assert!(svg.contains(r#"<rect x="122" y="30" width="46" height="30""#));
    assert!(svg.contains(r#"<text x="145" y="39">T32</text><text x="145" y="51.6">V0</text>"#));
    // An index outside the tile is an error, as is a malformed --tile.
    let (ok, _, err) = cli(&["svg", "--tv", tv, "--tile", "8,8"]);
    assert!(!ok && err.contains("outside the tile"), "{err}");
    let (ok, _, err) = cli(&["svg", "--tv", tv, "--tile", "8"]);
    assert!(!ok && err.contains("--tile takes M,N"), "{err}");
}

const MMA: &str = "make_tiled_mma(MMA_Atom<SM80_16x8x8_F16F16F16F16_TN>, (2,2,1))";
const LDSM_A: &str = "make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>, make_tiled_mma(MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, (2,2,1)))";
const CP_ASYNC: &str =
    "make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>, (8,8):(8,1), (1,8))";

#[test]
fn svg_draws_tiled_mmas_and_copies_by_thread() {
    // A 32 x 16 x 8 tile: C, A and B, every cell a thread and a value.
    let (ok, svg, err) = cli(&["svg", MMA]);
    assert!(ok, "{err}");
    assert!(svg.starts_with("<?xml") && svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches("<rect x=").count(), 32 * 16 + 32 * 8 + 16 * 8);
    // Each cell labelled: T#, then V#.
    assert_eq!(
        svg.matches("</text><text").count(),
        32 * 16 + 32 * 8 + 16 * 8
    );
    // C at (K + 2) cells of 20 from the origin: thread 0, value 0, in
    // CuTe's first colour.
    assert!(
        svg.contains(r#"<rect x="200" y="200" width="20" height="20" fill="rgb(175,175,255)"/>"#)
    );
    assert!(svg.contains("<title>TiledMMA(MMA_Atom&lt;SM80_16x8x8_F16F16F16F16_TN&gt;"));
    let (ok, svg, err) = cli(&["svg", CP_ASYNC]);
    assert!(ok, "{err}");
    assert_eq!(svg.matches("<rect x=").count(), 2 * 8 * 64);
    // The bank view is a layout's.
    let (ok, _, err) = cli(&["svg", MMA, "--banks"]);
    assert!(
        !ok && err.contains("--banks colours a layout by bank"),
        "{err}"
    );
    let (ok, _, err) = cli(&["show", MMA]);
    assert!(!ok && err.contains("is not a layout"), "{err}");
}

/// The footer line of a bank view.
fn conflicts(args: &[&str]) -> String {
    let (ok, svg, err) = cli(args);
    assert!(ok, "{args:?}: {err}");
    let line = svg.lines().find(|l| l.contains("wavefront")).unwrap();
    line[line.find("worst").unwrap()..line.find("</text>").unwrap()].to_string()
}

#[test]
fn a_tiled_copy_is_a_bank_view_access() {
    // A copy's access is its destination's TV layout with the atom's
    // values per instruction (16 bytes: 8 halves), or its source's.
    let swizzled = "composition(Sw<3,3,3>, (8,64):(64,1))";
    let d_tv = format!("get_layoutD_TV({CP_ASYNC})");
    let by_copy = conflicts(&["svg", swizzled, "--banks", "--access", CP_ASYNC]);
    let by_tv = conflicts(&["svg", swizzled, "--banks", "--access", &d_tv, "--vec", "8"]);
    assert_eq!(by_copy, by_tv);
    assert!(
        by_copy.ends_with("4 wavefronts where 4 would do: 1-way bank conflict"),
        "{by_copy}"
    );
    // ldmatrix reads its source: a 32 x 16 tile of A, row-major.
    let smem = "(32,16):(16,1)";
    let s_tv = format!("get_layoutS_TV({LDSM_A})");
    let by_copy = conflicts(&["svg", smem, "--banks", "--access", LDSM_A, "--source"]);
    let by_tv = conflicts(&["svg", smem, "--banks", "--access", &s_tv, "--vec", "8"]);
    assert_eq!(by_copy, by_tv);
    // A layout that is not the copy's tile.
    let (ok, _, err) = cli(&["svg", "(64,8):(8,1)", "--banks", "--access", CP_ASYNC]);
    assert!(
        !ok && err.contains("is not the drawn layout's shape"),
        "{err}"
    );
    // --source needs --access.
    let (ok, _, err) = cli(&["svg", smem, "--banks", "--source"]);
    assert!(!ok && err.contains("--access"), "{err}");
}

/// The atom layer's misuse fails with the call and the condition named
/// (the same errors as the library's, tests/error_names.rs).
#[test]
fn atom_misuse_is_named() {
    let cases = [
        (
            "tiler_mn(make_tiled_copy(Copy_Atom<SM75_U32x4_LDSM_N, half_t>, (16,1):(1,0), (1,8)))",
            "make_tiled_copy: TiledCopy uses too few thrs for selected CopyAtom",
        ),
        (
            "partition_B(make_tiled_mma(MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>, (2,2,1)), 0, tensor((16,12):(1,16)))",
            "partition_B: the TiledMMA's tile (tile_size) does not divide the tensor's shape",
        ),
        (
            "thr_id(MMA_Atom<SM80_16x8x16_F32F16F16F99_TN>)",
            "unknown atom or element type",
        ),
    ];
    for (expr, want) in cases {
        // `eval` prints an expression's error in place of its value.
        let (ok, out, _) = cli(&["eval", expr]);
        assert!(!ok, "{expr} gave {out}");
        assert!(out.contains(want), "{expr}: {out}");
    }
}
