//! What the CPU replays of the generated kernels share: compiling a kernel
//! body behind a recording prelude with the host C++ compiler, and running
//! it.

use std::process::Command;

/// Compiles the C++ `program` (a recording prelude, a kernel body and a
/// `main`) with the host compiler, runs it with `args`, and returns what it
/// prints. `name` keeps concurrent tests' files apart.
pub fn run_recorder(name: &str, program: &str, args: &[i64]) -> String {
    let tag: Vec<String> = args.iter().map(i64::to_string).collect();
    let dir = std::env::temp_dir().join(format!(
        "cute_{name}_{}_{}",
        std::process::id(),
        tag.join("_")
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let src = dir.join("host.cpp");
    std::fs::write(&src, program).unwrap();
    let exe = dir.join("host");
    let built = Command::new("c++")
        .args(["-std=c++17", "-O1", "-w", "-o"])
        .arg(&exe)
        .arg(&src)
        .output()
        .expect("a host C++ compiler (c++)");
    assert!(
        built.status.success(),
        "the kernel body does not compile on the host:\n{}",
        String::from_utf8_lossy(&built.stderr)
    );
    let run = Command::new(&exe).args(&tag).output().unwrap();
    assert!(run.status.success(), "the recording program failed");
    std::fs::remove_dir_all(&dir).ok();
    String::from_utf8(run.stdout).unwrap()
}
