//! End-to-end tests of the `cute-algebra` binary on swizzles.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn run(args: &[&str], input: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cute-algebra"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input.unwrap_or("").as_bytes()).unwrap();
    drop(stdin);
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

/// `_8` -> `8`, as the CLI prints runtime values.
fn strip_static(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = String::new();
    for (i, &c) in b.iter().enumerate() {
        if !(c == b'_'
            && b.get(i + 1)
                .is_some_and(|n| n.is_ascii_digit() || *n == b'-'))
        {
            out.push(c as char);
        }
    }
    out
}

#[test]
fn eval_prints_every_swizzle_row() {
    let data = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/data/public-ext.tsv"
    ))
    .unwrap();
    let rows: Vec<Vec<&str>> = data
        .lines()
        .skip(1)
        .map(|l| l.split('\t').collect())
        .filter(|r: &Vec<&str>| r[1] == "swizzle")
        .collect();
    assert_eq!(rows.len(), 60);
    let input: String = rows.iter().map(|r| format!("{}\n", r[2])).collect();
    let out = run(&["eval"], Some(&input));
    let lines: Vec<String> = stdout(&out).lines().map(String::from).collect();
    assert_eq!(lines.len(), 60);
    for (r, got) in rows.iter().zip(&lines) {
        // CuTe's right_inverse is wrong on these two (tests/swizzle_oracle.rs).
        if ["p0016", "p0094"].contains(&r[0]) {
            assert!(got.starts_with("error: right_inverse"), "{}: {got}", r[0]);
        } else {
            assert_eq!(*got, strip_static(r[3]), "{}", r[0]);
        }
    }
}

#[test]
fn show_and_svg_draw_composed_layouts() {
    let out = run(&["show", "composition(Sw<1,0,1>, (2,2):(2,1))"], None);
    assert_eq!(
        stdout(&out),
        "Sw<1,0,1> o 0 o (2,2):(2,1)\n      0   1 \n    +---+---+\n 0  | 0 | 1 |\n    +---+---+\n 1  | 3 | 2 |\n    +---+---+\n"
    );
    let plain = stdout(&run(&["svg", "(8,64):(64,1)", "--banks"], None));
    let swizzled = stdout(&run(
        &["svg", "composition(Sw<3,3,3>, (8,64):(64,1))", "--banks"],
        None,
    ));
    assert!(
        plain.contains("8 wavefronts where 1 would do: 8-way bank conflict"),
        "{plain}"
    );
    assert!(swizzled.contains("1 wavefront where 1 would do: 1-way bank conflict"));
    assert!(swizzled.contains("<title>Sw&lt;3,3,3&gt; o 0 o (8,64):(64,1)</title>"));
    assert!(!swizzled.contains("Sw<"), "unescaped < in the SVG");
    // fp32: a row of 32 elements is 128 bytes, one full cycle of the banks.
    let fp32 = stdout(&run(
        &["svg", "(8,32):(32,1)", "--banks", "--elem-bytes", "4"],
        None,
    ));
    assert!(
        fp32.contains("4-byte elements); worst warp instruction (warp 0, values 0..1): 8 wavefronts where 1 would do: 8-way"),
        "{fp32}"
    );
    // A warp's access from a TV layout: 16-byte row reads of a 128 x 64
    // fp16 tile (thread t reads row t, 8 values a time). Row-major, the 8
    // threads of a phase hit the same banks; swizzled, they do not.
    let access = ["--banks", "--access", "(32,64):(1,128)", "--vec", "8"];
    let rows = stdout(&run(
        &[&["svg", "(128,64):(64,1)"][..], &access].concat(),
        None,
    ));
    assert!(
        rows.contains("32 wavefronts where 4 would do: 8-way bank conflict"),
        "{rows}"
    );
    let sw = stdout(&run(
        &[
            &[
                "svg",
                "tile_to_shape(composition(Sw<3,3,3>, (8,64):(64,1)), (128,64))",
            ][..],
            &access,
        ]
        .concat(),
        None,
    ));
    assert!(
        sw.contains("4 wavefronts where 4 would do: 1-way bank conflict"),
        "{sw}"
    );
    let bad = run(&["svg", "8:1", "--banks", "--elem-bytes", "0"], None);
    assert_eq!(bad.status.code(), Some(2));
}
