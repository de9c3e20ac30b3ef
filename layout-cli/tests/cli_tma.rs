//! `cute-algebra eval 'make_tma_copy<T>(SM90_TMA_LOAD, gmem, smem[, multicast])'`
//! against CuTe's own `make_tma_copy` on the host: every case of
//! `tests/data/cute/tma_host_cases.out` (written by
//! `tests/data/cute/tma_host_cases.cpp`), its `encode:` (box and swizzle
//! mode among the descriptor's arguments), `tma_gbasis` and `tma_tensor`
//! lines exactly as CuTe printed them; and the named errors for bad input.

use std::process::Command;

/// `cute-algebra eval EXPR`: its output, or (failing) its error message,
/// which `eval` prints in place of the value.
fn eval(expr: &str) -> Result<String, String> {
    let o = Command::new(env!("CARGO_BIN_EXE_cute-algebra"))
        .args(["eval", expr])
        .output()
        .unwrap();
    let text = String::from_utf8(o.stdout).unwrap();
    if o.status.success() {
        Ok(text)
    } else {
        Err(text)
    }
}

/// One case of the reference file: its name and `key value` fields.
fn cases() -> Vec<(String, Vec<(String, String)>)> {
    let out = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/data/cute/tma_host_cases.out"
    ))
    .unwrap();
    let mut cases: Vec<(String, Vec<(String, String)>)> = Vec::new();
    for line in out.lines() {
        if let Some(name) = line.strip_prefix("case ") {
            cases.push((name.into(), Vec::new()));
        } else if let Some(rest) = line.strip_prefix("  ") {
            let (k, v) = rest.split_once(' ').unwrap();
            cases.last_mut().unwrap().1.push((k.into(), v.into()));
        }
    }
    cases
}

#[test]
fn make_tma_copy_prints_what_cute_prints() {
    let mut checked = 0;
    for (name, fields) in cases() {
        let get = |k: &str| fields.iter().find(|(f, _)| f == k).unwrap().1.as_str();
        let vt = match get("elem_bits") {
            "8" => "uint8_t",
            "16" => "half_t",
            "32" => "float",
            w => panic!("{name}: no case type of {w} bits"),
        };
        // A GMMA atom tiled to the case's tile (as the CuTe program built
        // it), or the plain layout the case printed.
        let smem = match name.split_once("Layout_") {
            Some((_, rest)) => {
                let (atom, rest) = rest.split_once(" to ").unwrap();
                let tile = &rest[..rest.find(')').unwrap() + 1];
                format!("tile_to_shape(GMMA::Layout_{atom}<{vt}>, {tile})")
            }
            None => get("smem").to_string(),
        };
        let expr = format!(
            "make_tma_copy<{vt}>(SM90_TMA_LOAD, {}, {smem}, {})",
            get("gmem"),
            get("multicast")
        );
        let out = eval(&expr).unwrap_or_else(|e| panic!("{name}: {expr}: {e}"));
        let expected = format!(
            "encode: {}\ntma_gbasis {}\ntma_tensor {}\n",
            get("encode:"),
            get("tma_gbasis"),
            get("tma_tensor")
        );
        assert_eq!(out, expected, "{name}: {expr}");
        checked += 1;
    }
    assert_eq!(checked, 16);
}

#[test]
fn make_tma_copy_names_what_is_wrong() {
    let cases = [
        (
            "make_tma_copy<half_t>(SM90_TMA_LOAD, (512,256):(256,_1), (_64,_32):(_32,_1), 0)",
            "make_tma_copy: the multicast count must be an integer from 1",
        ),
        (
            "make_tma_copy<half_t>(SM90_TMA_STORE, (512,256):(256,_1), (_64,_32):(_32,_1))",
            "make_tma_copy: expected make_tma_copy<T>(SM90_TMA_LOAD, gmem layout, smem layout[, multicast])",
        ),
        (
            "make_tma_copy<half_t>(SM90_TMA_LOAD, (512,256):(256,_1), tile_to_shape(GMMA::Layout_K_SW128_Atom<float>, (128,32)))",
            "make_tma_copy: the shared-memory atom's element width differs from the global tensor's",
        ),
        (
            "make_tma_copy<half_t>(SM90_TMA_LOAD, ((512,2),256):((256,1),_1), (_64,_32):(_32,_1))",
            "make_tma_copy: a nested global layout is not supported; flatten it",
        ),
    ];
    for (expr, want) in cases {
        let err = eval(expr).expect_err(expr);
        assert!(err.contains(want), "{expr}: {err}");
    }
}
