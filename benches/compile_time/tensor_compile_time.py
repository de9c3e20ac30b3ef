#!/usr/bin/env python3
"""Instructions rustc spends checking N kernel-style tensor functions
(make_tensor, local_tile, local_partition by a runtime thread index, two
`at`s), each with its own static tile and thread layout, against the
cute-algebra checkout at ROOT: (instructions with N functions - with 0) / N,
counted with cachegrind as compile_time.py --instructions counts them.
Point ROOT at two checkouts to compare them.

    python3 benches/compile_time/tensor_compile_time.py ROOT OUTDIR N
"""
import os, sys, subprocess, importlib.util
root, out, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
spec = importlib.util.spec_from_file_location("ct", os.path.join(root, "benches/compile_time/compile_time.py"))
ct = importlib.util.module_from_spec(spec); spec.loader.exec_module(ct)
def crate(n):
    d = os.path.join(out, f"t{n}")
    os.makedirs(os.path.join(d, "src"), exist_ok=True)
    open(os.path.join(d, "Cargo.toml"), "w").write(
        f'[package]\nname = "ct-t{n}"\nversion = "0.0.0"\nedition = "2024"\npublish = false\n\n'
        f'[dependencies]\ncute-algebra = {{ path = "{root}" }}\n\n[workspace]\n')
    body = ["#![allow(clippy::all, dead_code)]", "use cute_algebra::prelude::*;",
            "use cute_algebra::tensor::{local_partition, local_tile, make_tensor};", ""]
    sizes = [2, 4, 8, 16]
    k = 0
    for tm in sizes:
        for tn in sizes:
            for thm in [1, 2]:
                for thn in [1, 2]:
                    for ld in [64, 128]:
                        if k >= n: break
                        body.append(f"pub fn f{k}(data: &[f32], bx: i32, by: i32, tid: i32, i: i32) -> f32 {{")
                        body.append(f"    let a = make_tensor(data, layout![({ld}, 64) : (1, {ld})]);")
                        body.append(f"    let tile = local_tile(a, shape![{tm}, {tn}], coord![bx, by]);")
                        body.append(f"    let part = local_partition(tile, layout![({thm}, {thn}) : (1, {thm})], tid);")
                        body.append(f"    part.at(coord![i, 0]) + part.at(i)")
                        body.append("}")
                        k += 1
    body.append("fn main() {}")
    open(os.path.join(d, "src", "main.rs"), "w").write("\n".join(body) + "\n")
    return d
env = dict(os.environ, CARGO_INCREMENTAL="0", CARGO_TARGET_DIR=os.path.join(out, "target"))
res = {}
for m in [0, n]:
    d = crate(m)
    subprocess.run(["touch", os.path.join(d, "src", "main.rs")])
    _, log = ct.timed_log(["cargo", "check", "-v"], d, env)
    res[m] = ct.instructions(d, env, log)
    print(m, res[m], flush=True)
print(f"per call: {(res[n]-res[0])/n/1e6:.2f} M")
