//! The command line's conventions: `--help` and `--version` on every
//! command, errors that name the bad flag (exit status 2), and shell
//! completions.

use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cute-algebra"))
        .args(args)
        .output()
        .unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8(b.to_vec()).unwrap()
}

#[test]
fn version_and_help_on_every_command() {
    let version = format!("cute-algebra {}\n", env!("CARGO_PKG_VERSION"));
    assert_eq!(text(&run(&["--version"]).stdout), version);
    for cmd in ["eval", "show", "svg", "serve", "completions"] {
        let o = run(&[cmd, "--version"]);
        assert_eq!(o.status.code(), Some(0), "{cmd}");
        assert!(text(&o.stdout).starts_with("cute-algebra-"), "{cmd}");
        let o = run(&[cmd, "--help"]);
        assert_eq!(o.status.code(), Some(0), "{cmd}");
        assert!(text(&o.stdout).contains("Usage: cute-algebra"), "{cmd}");
    }
    // The evaluator's reference stays one --help away.
    let eval = text(&run(&["eval", "--help"]).stdout);
    for part in ["GRAMMAR", "CALLS:", "make_ordered_layout", "EXAMPLES:"] {
        assert!(eval.contains(part), "{part}");
    }
    assert!(text(&run(&["serve", "--help"]).stdout).contains("/api/eval"));
    // The worker process is internal: neither help nor completions offer it.
    assert!(!text(&run(&["--help"]).stdout).contains("__explore"));
    assert!(!text(&run(&["completions", "bash"]).stdout).contains("__explore"));
}

#[test]
fn errors_name_the_bad_flag() {
    let cases: [(&[&str], &str); 5] = [
        (&["svg", "8:1", "--bogus"], "--bogus"),
        (&["svg", "8:1", "--elem-bytes", "x"], "--elem-bytes"),
        (&["svg", "--tv", "8:1", "--banks"], "--banks"),
        (&["serve", "--port", "70000"], "--port"),
        (&["serve", "--timeout-ms", "0"], "--timeout-ms"),
    ];
    for (args, flag) in cases {
        let o = run(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = text(&o.stderr);
        assert!(
            err.starts_with("error: ") && err.contains(flag),
            "{args:?}: {err}"
        );
    }
    // An expression may start with '-': it is not taken for a flag.
    assert_eq!(text(&run(&["eval", "-1"]).stdout), "-1\n");
}

#[test]
fn shell_completions() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let o = run(&["completions", shell]);
        assert_eq!(o.status.code(), Some(0), "{shell}");
        let script = text(&o.stdout);
        assert!(
            script.contains("cute-algebra") && script.contains("serve"),
            "{shell}"
        );
        assert!(script.contains("elem-bytes"), "{shell}");
    }
    assert_eq!(run(&["completions", "tcsh"]).status.code(), Some(2));
}
