//! `cute-algebra serve` over plain HTTP (no browser): the page and its
//! assets, the JSON call, and hostile requests (huge, deeply nested, not
//! UTF-8, not HTTP, too slow, too hungry, many at once), after each of
//! which the server must still answer.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A server on a free port, stopped when dropped.
struct Server {
    child: Child,
    addr: String,
}

impl Server {
    fn start(args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_cute-algebra"))
            .args(["serve", "--port", "0"])
            .args(args)
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let addr = line
            .trim()
            .strip_prefix("cute-algebra explorer: http://")
            .and_then(|a| a.strip_suffix('/'))
            .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
            .to_string();
        assert!(addr.starts_with("127.0.0.1:"), "binds to loopback: {addr}");
        Server { child, addr }
    }

    /// Sends `request` as it is and returns the status and the body
    /// (`None` if the server closed the connection without an answer).
    fn raw(&self, request: &[u8]) -> Option<(u16, String, String)> {
        let mut s = TcpStream::connect(&self.addr).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        // The server may answer and close before it has read everything.
        let _ = s.write_all(request);
        let mut buf = Vec::new();
        let _ = s.read_to_end(&mut buf);
        let text = String::from_utf8_lossy(&buf).into_owned();
        let (head, body) = text.split_once("\r\n\r\n")?;
        let status = head.split(' ').nth(1)?.parse().ok()?;
        Some((status, head.to_string(), body.to_string()))
    }

    fn get(&self, target: &str) -> (u16, String, String) {
        let req = format!("GET {target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
        self.raw(req.as_bytes())
            .unwrap_or_else(|| panic!("no answer to GET {target}"))
    }

    /// The server still works: a small layout evaluates.
    fn assert_alive(&self) {
        let (status, _, body) = self.get("/api/eval?expr=size(6:1)");
        assert_eq!(status, 200, "{body}");
        assert!(body.contains(r#""result":"6""#), "{body}");
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Percent-encodes everything but letters and digits.
fn enc(s: &str) -> String {
    s.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

#[test]
fn serves_the_page_and_its_assets() {
    let srv = Server::start(&[]);
    let (status, head, body) = srv.get("/");
    assert_eq!(status, 200);
    assert!(body.contains(r#"<script src="/app.js""#), "{body}");
    let head = head.to_ascii_lowercase();
    assert!(head.contains("content-security-policy: default-src 'none'"));
    assert!(head.contains("content-type: text/html"));
    let (status, head, body) = srv.get("/app.js");
    assert_eq!(status, 200);
    assert!(head.to_ascii_lowercase().contains("text/javascript"));
    assert!(body.contains("/api/eval?"));
    assert_eq!(srv.get("/style.css").0, 200);
    assert_eq!(srv.get("/nothing-here").0, 404);
}

#[test]
fn the_api_answers_with_the_cli_wording() {
    let srv = Server::start(&[]);
    let (status, _, body) = srv.get(&format!(
        "/api/eval?expr={}",
        enc("logical_divide((4,2,3):(2,1,8), 4:2)")
    ));
    assert_eq!(status, 200);
    let v: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(v["result"], "((2,2),(2,3)):((4,1),(2,8))");
    // The cells, as arrays: 4 rows of 6, cell (0,0) at coordinate
    // ((0,0),(0,0)), cell (1,0) at ((1,0),(0,0)), offset 4.
    let p = &v["picture"]["panels"][0];
    assert_eq!(p["offset"].as_array().unwrap().len(), 24);
    assert_eq!((&p["rows"], &p["cols"]), (&4.into(), &6.into()));
    assert_eq!(
        (&p["row_coords"][0], &p["col_coords"][0]),
        (&"(0,0)".into(), &"(0,0)".into())
    );
    assert_eq!(
        (&p["row_coords"][1], &p["offset"][6]),
        (&"(1,0)".into(), &4.into())
    );
    let (status, _, body) = srv.get(&format!("/api/eval?expr={}", enc("coalesce((2,4):(1,2)")));
    assert_eq!(status, 422);
    let v: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(
        v["error"],
        "error: parse error at byte 20: expected ',' or ')'"
    );
    assert_eq!(v["pos"], 20);
    let (status, _, body) = srv.get("/api/eval?expr=8&view=sideways");
    assert_eq!(status, 400);
    assert!(body.contains("view takes layout, banks or tv"), "{body}");
    let (status, _, body) = srv.get("/api/eval?view=tv");
    assert_eq!(status, 400);
    assert!(body.contains("the query needs expr=EXPRESSION"), "{body}");
}

#[test]
fn oversized_and_nested_and_non_utf8_requests_are_refused() {
    let srv = Server::start(&[]);
    // One byte over the expression limit: a clear error.
    let (status, _, body) = srv.get(&format!("/api/eval?expr={}", "1".repeat(16 * 1024 + 1)));
    assert_eq!(status, 400);
    assert!(
        body.contains("the expression is 16385 bytes, more than the limit of 16384"),
        "{body}"
    );
    // A megabyte of URL: refused by HTTP's own limits or ours, or the
    // connection closed; the server lives on either way.
    let huge = format!("/api/eval?expr={}", "%28".repeat(350_000));
    let req = format!("GET {huge} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    if let Some((status, _, _)) = srv.raw(req.as_bytes()) {
        assert!((400..500).contains(&status), "{status}");
    }
    srv.assert_alive();
    // 8000 levels of parentheses (within the length limit): the library's
    // depth limit, as an error.
    let deep = format!("{}1{}", "(".repeat(8000), ")".repeat(8000));
    let (status, _, body) = srv.get(&format!("/api/eval?expr={}", enc(&deep)));
    assert_eq!(status, 422, "{body}");
    assert!(body.contains("error: "), "{body}");
    let deep = format!("{}1:1", "composition(".repeat(1300));
    let (status, _, body) = srv.get(&format!("/api/eval?expr={}", enc(&deep)));
    assert_eq!(status, 422, "{body}");
    srv.assert_alive();
    // Not UTF-8 once decoded: named, with the byte.
    let (status, _, body) = srv.get("/api/eval?expr=size(%FF%FE)");
    assert_eq!(status, 400);
    assert!(
        body.contains("the value of 'expr' is not valid UTF-8 (at byte 5)"),
        "{body}"
    );
    // Not UTF-8, nor a valid request target, on the wire.
    let answer =
        srv.raw(b"GET /api/eval?expr=\xff\xfe HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    if let Some((status, _, _)) = answer {
        assert_eq!(status, 400);
    }
    // Not HTTP at all.
    let _ = srv.raw(b"\x00\x01\x02 hello \xff\r\n\r\n");
    let _ = srv.raw(b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999\r\n\r\n");
    srv.assert_alive();
}

#[test]
fn slow_and_hungry_evaluations_are_stopped() {
    let srv = Server::start(&["--timeout-ms", "1500"]);
    // A billion (thread, value) pairs to place: CPU only, stopped at the
    // deadline.
    let t = Instant::now();
    let (status, _, body) = srv.get(&format!(
        "/api/eval?expr={}&view=tv&tile=1,1",
        enc("(1000000000,1):(0,0)")
    ));
    let dt = t.elapsed();
    assert_eq!(status, 503, "{body}");
    assert!(
        body.contains("the evaluation took longer than the limit of 1500 ms, and was stopped"),
        "{body}"
    );
    assert!(dt < Duration::from_secs(10), "{dt:?}");
    srv.assert_alive();
    // Eight gigabytes of values: the library refuses the list by name
    // (`values` is bounded), so the worker answers at once; its memory
    // limit stays behind that as a second line.
    let (status, _, body) = srv.get(&format!("/api/eval?expr={}", enc("values(1000000000:1)")));
    assert_eq!(status, 422, "{body}");
    assert!(
        body.contains("values: the layout has 1000000000 elements, more than the limit of 1048576"),
        "{body}"
    );
    srv.assert_alive();
}

#[test]
fn many_concurrent_requests_all_get_an_answer() {
    let srv = Server::start(&[]);
    let exprs = [
        "(4,(2,2)):(2,(1,8))",
        "coalesce((2,4):(1,2)",
        "(64,64):(64,1)",
        "composition(Sw<3,3,3>, (8,64):(64,1))",
    ];
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..48)
            .map(|i| {
                let (srv, e) = (&srv, exprs[i % exprs.len()]);
                s.spawn(move || srv.get(&format!("/api/eval?expr={}", enc(e))))
            })
            .collect();
        let mut answered = 0;
        for h in handles {
            let (status, _, body) = h.join().unwrap();
            // Answered, refused for a bad expression, or told the server
            // is busy: never left without an answer.
            match status {
                200 | 422 => answered += 1,
                503 => assert!(body.contains("the server is busy"), "{body}"),
                other => panic!("status {other}: {body}"),
            }
        }
        assert!(answered > 0);
    });
    srv.assert_alive();
}
