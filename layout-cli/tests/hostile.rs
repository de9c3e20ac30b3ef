//! Hostile input through the binary: a bounded `show`, `eval` that survives
//! invalid UTF-8 with one output line per input line, `svg -o` naming the
//! path, and long lines in linear time.

use std::io::Write;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_cute-algebra"))
}

fn run(args: &[&str]) -> Output {
    bin().args(args).output().unwrap()
}

fn run_stdin(args: &[&str], input: &[u8]) -> Output {
    let mut child = bin()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    // Write from another thread: a long input must not block on a full pipe.
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    out
}

fn text(b: &[u8]) -> String {
    String::from_utf8(b.to_vec()).unwrap()
}

#[test]
fn show_refuses_layouts_past_its_limit() {
    for l in [
        "(100000,100000):(1,100000)",
        "(20000,20000)",
        "2147483648:1",
    ] {
        let out = run(&["show", l]);
        assert_eq!(out.status.code(), Some(1), "{l}");
        assert!(out.stdout.is_empty(), "{l}");
        let err = text(&out.stderr);
        assert!(
            err.starts_with("error: print_layout: the layout has ")
                && err.contains("more than the limit of 1048576"),
            "{l}: {err}"
        );
    }
    let ok = run(&["show", "(1024,1024)"]);
    assert_eq!(ok.status.code(), Some(0));
}

#[test]
fn eval_answers_every_line_even_after_invalid_utf8() {
    let out = run_stdin(&["eval"], b"size(4:1)\n\xff\nsize(8:1)\n");
    assert_eq!(
        text(&out.stdout),
        "4\nerror: line 2 is not valid UTF-8 (at byte 0)\n8\n"
    );
    assert_eq!(out.status.code(), Some(1));
    // The bad byte in the middle of a line, CRLF line ends, no final newline.
    let out = run_stdin(
        &["eval", "-"],
        b"size(2:1)\r\nsize(\xc3(4:1))\r\nrank((2,2))",
    );
    assert_eq!(
        text(&out.stdout),
        "2\nerror: line 2 is not valid UTF-8 (at byte 5)\n2\n"
    );
}

#[test]
fn eval_answers_blank_lines_with_empty_lines() {
    let out = run_stdin(&["eval"], b"size(4:1)\n\n  \nsize(8:1)\n");
    assert_eq!(text(&out.stdout), "4\n\n\n8\n");
    assert!(out.status.success());
}

#[test]
fn svg_names_the_path_it_cannot_write() {
    let out = run(&["svg", "4:1", "-o", "/nonexistent/x.svg"]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.starts_with("error: cannot write '/nonexistent/x.svg': "),
        "{err}"
    );
}

#[test]
fn a_long_line_takes_linear_time() {
    // 100,000 ones: a 200 KB line (51 s before the fix).
    let ones = format!("({})", vec!["1"; 100_000].join(","));
    let line = format!("size(tile_to_shape(1:1, {ones}))\n");
    let t = Instant::now();
    let out = run_stdin(&["eval"], line.as_bytes());
    let dt = t.elapsed();
    assert_eq!(text(&out.stdout), "1\n");
    // A debug build of the binary; release takes ~0.1 s for 1 MB.
    assert!(dt < Duration::from_secs(10), "{dt:?}");
}
