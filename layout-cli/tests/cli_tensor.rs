//! The `cute-algebra` binary on tensors: `eval` of the oracle's plain
//! `tensor` rows, and `svg --tv`.

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
    // Thread 32 = (0,1) starts at index 128: row 0, column 2 of a 64-row tile.
    assert!(svg.contains(r#"<rect x="122.0" y="30.0""#));
    // An index outside the tile is an error, as is a malformed --tile.
    let (ok, _, err) = cli(&["svg", "--tv", tv, "--tile", "8,8"]);
    assert!(!ok && err.contains("outside the tile"), "{err}");
    let (ok, _, err) = cli(&["svg", "--tv", tv, "--tile", "8"]);
    assert!(!ok && err.contains("--tile takes M,N"), "{err}");
}
