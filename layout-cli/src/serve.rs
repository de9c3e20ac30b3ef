//! `cute-algebra serve`: the layout explorer, a local web page.
//!
//! One page (HTML, JS and CSS written by hand, embedded in the binary so
//! nothing is fetched from anywhere) and one JSON call, `GET /api/eval`,
//! which answers with [`crate::explore`]'s result.
//!
//! Every request is bounded, so no input takes the server down: the
//! expression's length ([`MAX_EXPR_BYTES`]); the table and the picture by
//! the library's own limits (`show`'s and `svg`'s cell counts); the
//! answer's size ([`MAX_ANSWER_BYTES`]); time; and memory. The evaluation
//! runs in a worker process (this binary, started as `cute-algebra __explore`)
//! rather than on a thread, because two of those bounds cannot be kept
//! in-process: a computation past its deadline cannot be stopped on a
//! thread, only abandoned, still burning a core; and a request that asks
//! for more memory than there is (`values(1000000000:1)` allocates 8 GB)
//! aborts the whole process when the allocation fails. A worker past its
//! deadline is killed, and one runs under an address-space limit
//! ([`WORKER_MEMORY`]), so such a request fails alone, with an error that
//! names the limit. At most a few workers run at once.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::{ExitCode, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::{RawQuery, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::sync::Semaphore;

use crate::explore::{Failure, View, explore};

/// Longest expression accepted, in bytes: far beyond any layout typed by
/// hand, and small enough that parsing it is instant.
pub const MAX_EXPR_BYTES: usize = 16 * 1024;

/// Longest query string accepted: the expression, percent-encoded, and
/// the other parameters.
pub const MAX_QUERY_BYTES: usize = 3 * MAX_EXPR_BYTES + 1024;

/// Largest answer sent, in bytes. The largest picture (65536 cells) with
/// its cell data and its table is under 2 MB; a million-cell table about
/// 8 MB.
pub const MAX_ANSWER_BYTES: usize = 32 << 20;

/// A worker's address-space limit.
pub const WORKER_MEMORY: u64 = 1 << 30;

const INDEX_HTML: &str = include_str!("../assets/index.html");
const APP_JS: &str = include_str!("../assets/app.js");
const STYLE_CSS: &str = include_str!("../assets/style.css");

/// The page loads nothing but its own assets and talks only to this server.
const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
    connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'self'; \
    frame-ancestors 'none'";

/// How `serve` runs.
pub struct Config {
    pub addr: SocketAddr,
    /// The most time a request may compute for.
    pub timeout: Duration,
}

struct AppState {
    /// Worker slots: at most this many evaluations run at once.
    slots: Arc<Semaphore>,
    timeout: Duration,
    /// This binary, run as the worker.
    exe: PathBuf,
}

/// Runs the server until the process is stopped.
pub fn run(cfg: Config) -> ExitCode {
    let exe = match std::env::current_exe() {
        Ok(e) => e,
        Err(e) => {
            eprintln!("error: cannot find this program's path to run its workers: {e}");
            return ExitCode::FAILURE;
        }
    };
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(cores.clamp(1, 4))
        .enable_all()
        .build();
    let rt = match rt {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("error: cannot start the server's runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    rt.block_on(async move {
        let listener = match tokio::net::TcpListener::bind(cfg.addr).await {
            Ok(l) => l,
            Err(e) => {
                eprintln!("error: cannot listen on {}: {e}", cfg.addr);
                return ExitCode::FAILURE;
            }
        };
        let addr = listener.local_addr().unwrap_or(cfg.addr);
        if !addr.ip().is_loopback() {
            eprintln!(
                "warning: listening on {}, which other machines can reach",
                addr.ip()
            );
        }
        // The first line of output is the page's address: scripts and tests
        // started with --port 0 read the port from it.
        println!("cute-algebra explorer: http://{addr}/");
        use std::io::Write;
        let _ = std::io::stdout().flush();
        let state = Arc::new(AppState {
            slots: Arc::new(Semaphore::new(cores.max(2))),
            timeout: cfg.timeout,
            exe,
        });
        match axum::serve(listener, router(state)).await {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: the server stopped: {e}");
                ExitCode::FAILURE
            }
        }
    })
}

fn router(state: Arc<AppState>) -> Router {
    Router::new()
        .route(
            "/",
            get(|| async { asset("text/html; charset=utf-8", INDEX_HTML) }),
        )
        .route(
            "/app.js",
            get(|| async { asset("text/javascript; charset=utf-8", APP_JS) }),
        )
        .route(
            "/style.css",
            get(|| async { asset("text/css; charset=utf-8", STYLE_CSS) }),
        )
        .route("/api/eval", get(api_eval))
        .fallback(|| async { (StatusCode::NOT_FOUND, "not found\n") })
        .with_state(state)
}

fn asset(content_type: &'static str, body: &'static str) -> Response {
    let mut r = body.into_response();
    let h = r.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CSP),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    r
}

fn json(status: StatusCode, body: Vec<u8>) -> Response {
    let mut r = (status, body).into_response();
    let h = r.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    r
}

fn failure(status: StatusCode, error: String) -> Response {
    let body = serde_json::to_vec(&Failure::new(error)).unwrap_or_else(|_| {
        br#"{"ok":false,"error":"error: cannot encode the error","pos":null}"#.to_vec()
    });
    json(status, body)
}

async fn api_eval(State(st): State<Arc<AppState>>, RawQuery(q): RawQuery) -> Response {
    let q = q.unwrap_or_default();
    // Checked here, so that a bad request is answered without a worker.
    if let Err(e) = parse_query(&q) {
        return failure(StatusCode::BAD_REQUEST, format!("error: {e}"));
    }
    let limit_ms = st.timeout.as_millis();
    let deadline = tokio::time::Instant::now() + st.timeout;
    let Ok(Ok(_slot)) = tokio::time::timeout_at(deadline, st.slots.clone().acquire_owned()).await
    else {
        return failure(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "error: the server is busy: no evaluation slot came free within the limit of {limit_ms} ms"
            ),
        );
    };
    let start = Instant::now();
    let out = match run_worker(&st, &q, deadline).await {
        Ok(out) => out,
        Err(e) => return failure(StatusCode::SERVICE_UNAVAILABLE, format!("error: {e}")),
    };
    let ms = start.elapsed().as_secs_f64() * 1e3;
    let status = if out.starts_with(br#"{"ok":true"#) {
        StatusCode::OK
    } else {
        StatusCode::UNPROCESSABLE_ENTITY
    };
    let mut r = json(status, out);
    if let Ok(v) = HeaderValue::from_str(&format!("compute;dur={ms:.1}")) {
        r.headers_mut().insert("server-timing", v);
    }
    r
}

/// Runs one worker on `query` and returns its answer (JSON), or the error
/// that says which bound it hit. The worker is killed at `deadline`.
async fn run_worker(
    st: &AppState,
    query: &str,
    deadline: tokio::time::Instant,
) -> Result<Vec<u8>, String> {
    let mut child = tokio::process::Command::new(&st.exe)
        .arg(WORKER_COMMAND)
        .arg((st.timeout.as_secs() + 1).to_string())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .map_err(|e| format!("internal error: cannot start a worker: {e}"))?;
    let (Some(mut stdin), Some(stdout), Some(stderr)) =
        (child.stdin.take(), child.stdout.take(), child.stderr.take())
    else {
        return Err("internal error: the worker has no pipes".into());
    };
    let talk = async {
        // The worker reads all its input before it writes anything.
        stdin.write_all(query.as_bytes()).await?;
        drop(stdin);
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let limit = MAX_ANSWER_BYTES as u64 + 1;
        let (mut stdout, mut stderr) = (stdout.take(limit), stderr.take(4096));
        tokio::try_join!(stdout.read_to_end(&mut out), stderr.read_to_end(&mut err))?;
        if out.len() > MAX_ANSWER_BYTES {
            return Ok((out, err, None));
        }
        let status = child.wait().await?;
        Ok::<_, std::io::Error>((out, err, Some(status)))
    };
    let (out, err, status) = match tokio::time::timeout_at(deadline, talk).await {
        Ok(Ok(r)) => r,
        Ok(Err(e)) => return Err(format!("internal error: cannot talk to the worker: {e}")),
        Err(_) => {
            let _ = child.kill().await;
            return Err(format!(
                "the evaluation took longer than the limit of {} ms, and was stopped",
                st.timeout.as_millis()
            ));
        }
    };
    let Some(status) = status else {
        let _ = child.kill().await;
        return Err(format!(
            "the answer is larger than the limit of {} MiB",
            MAX_ANSWER_BYTES >> 20
        ));
    };
    if status.success() {
        return Ok(out);
    }
    let err = String::from_utf8_lossy(&err);
    if err.contains("memory allocation of") {
        Err(format!(
            "the evaluation needs more memory than the limit of {} MiB",
            WORKER_MEMORY >> 20
        ))
    } else {
        Err(format!(
            "internal error: the evaluation failed ({status}): {}",
            err.trim()
        ))
    }
}

/// The first argument that makes this binary the worker.
pub const WORKER_COMMAND: &str = "__explore";

/// The worker: reads a query string (already checked by the server) from
/// stdin and writes the answer's JSON to stdout, under the memory limit
/// and a CPU-time limit of `cpu_secs` (which stops it even if the server
/// that started it is gone).
pub fn worker(cpu_secs: u64) -> ExitCode {
    #[cfg(unix)]
    {
        use rustix::process::{Resource, Rlimit, setrlimit};
        let limit = |n| Rlimit {
            current: Some(n),
            maximum: Some(n),
        };
        let set = setrlimit(Resource::As, limit(WORKER_MEMORY))
            .and_then(|()| setrlimit(Resource::Cpu, limit(cpu_secs)));
        if let Err(e) = set {
            eprintln!("error: cannot limit the worker's resources: {e}");
            return ExitCode::FAILURE;
        }
    }
    let mut query = String::new();
    use std::io::{Read, Write};
    if let Err(e) = std::io::stdin()
        .take(MAX_QUERY_BYTES as u64)
        .read_to_string(&mut query)
    {
        eprintln!("error: cannot read the query: {e}");
        return ExitCode::FAILURE;
    }
    let body = match parse_query(&query) {
        Err(e) => serde_json::to_vec(&Failure::new(format!("error: {e}"))),
        Ok(req) => match explore(&req.expr, req.view) {
            Ok(a) => serde_json::to_vec(&a),
            Err(f) => serde_json::to_vec(&f),
        },
    };
    let written = body
        .map_err(|e| e.to_string())
        .and_then(|b| std::io::stdout().write_all(&b).map_err(|e| e.to_string()));
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: cannot write the answer: {e}");
            ExitCode::FAILURE
        }
    }
}

/// An `/api/eval` request.
#[derive(Debug, PartialEq, Eq)]
pub struct Request {
    pub expr: String,
    pub view: View,
}

/// Reads `expr`, `view` (`layout`, `banks` or `tv`), `elem` (bytes per
/// element, for banks) and `tile` (`M,N`, for tv) from a query string.
/// Errors name the parameter and what is wrong with it.
pub fn parse_query(q: &str) -> Result<Request, String> {
    if q.len() > MAX_QUERY_BYTES {
        return Err(format!(
            "the query is {} bytes, more than the limit of {MAX_QUERY_BYTES}",
            q.len()
        ));
    }
    let (mut expr, mut view, mut elem, mut tile) = (None, None, None, None);
    for pair in q.split('&').filter(|p| !p.is_empty()) {
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        let k = decode(k)
            .map_err(|at| format!("a parameter name is not valid UTF-8 (at byte {at})"))?;
        let v = decode(v)
            .map_err(|at| format!("the value of '{k}' is not valid UTF-8 (at byte {at})"))?;
        let slot = match k.as_str() {
            "expr" => &mut expr,
            "view" => &mut view,
            "elem" => &mut elem,
            "tile" => &mut tile,
            other => {
                let shown: String = other.chars().take(40).collect();
                return Err(format!(
                    "unknown parameter '{shown}' (expected expr, view, elem, tile)"
                ));
            }
        };
        if slot.replace(v).is_some() {
            return Err(format!("the parameter '{k}' is given twice"));
        }
    }
    let expr = expr.ok_or("the query needs expr=EXPRESSION")?;
    if expr.len() > MAX_EXPR_BYTES {
        return Err(format!(
            "the expression is {} bytes, more than the limit of {MAX_EXPR_BYTES}",
            expr.len()
        ));
    }
    let elem_bytes = match elem.as_deref() {
        None | Some("") => 2,
        Some(s) => match s.parse::<i64>() {
            Ok(n) if (1..=1024).contains(&n) => n,
            _ => return Err("elem takes the element size in bytes, 1 to 1024".into()),
        },
    };
    let tile = match tile.as_deref() {
        None | Some("") => None,
        Some(s) => Some(crate::tv::parse_tile(s).map_err(|_| "tile takes M,N (two integers)")?),
    };
    let view = match view.as_deref() {
        None | Some("") | Some("layout") => View::Layout,
        Some("banks") => View::Banks { elem_bytes },
        Some("tv") => View::Tv { tile },
        Some(_) => return Err("view takes layout, banks or tv".into()),
    };
    Ok(Request { expr, view })
}

/// Percent-decodes a query component (`+` is a space, as forms send it).
/// A `%` not followed by two hex digits stands for itself. Errors with the
/// offset of the first byte that is not UTF-8 in the decoded text.
fn decode(s: &str) -> Result<String, usize> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = |c: u8| (c as char).to_digit(16);
        match b[i] {
            b'%' => {
                match (
                    b.get(i + 1).and_then(|&c| hex(c)),
                    b.get(i + 2).and_then(|&c| hex(c)),
                ) {
                    (Some(h), Some(l)) => {
                        out.push((h * 16 + l) as u8);
                        i += 3;
                        continue;
                    }
                    _ => out.push(b'%'),
                }
            }
            b'+' => out.push(b' '),
            c => out.push(c),
        }
        i += 1;
    }
    String::from_utf8(out).map_err(|e| e.utf8_error().valid_up_to())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_percent_and_plus() {
        assert_eq!(decode("(4%2C8)%3A(1%2C4)").unwrap(), "(4,8):(1,4)");
        assert_eq!(decode("a+b%20c").unwrap(), "a b c");
        assert_eq!(decode("50%").unwrap(), "50%");
        assert_eq!(decode("%zz%4").unwrap(), "%zz%4");
        assert_eq!(decode("ab%FF"), Err(2));
        assert_eq!(decode("%C3%A9").unwrap(), "é");
    }

    #[test]
    fn queries_name_the_bad_parameter() {
        let r = parse_query("expr=8%3A2&view=banks&elem=4").unwrap();
        assert_eq!(r.expr, "8:2");
        assert_eq!(r.view, View::Banks { elem_bytes: 4 });
        let r = parse_query("view=tv&tile=64%2C8&expr=x").unwrap();
        assert_eq!(
            r.view,
            View::Tv {
                tile: Some((64, 8))
            }
        );
        assert!(parse_query("").unwrap_err().contains("needs expr"));
        assert!(
            parse_query("expr=1&expr=2")
                .unwrap_err()
                .contains("'expr' is given twice")
        );
        assert!(
            parse_query("expr=1&bogus=2")
                .unwrap_err()
                .contains("unknown parameter 'bogus'")
        );
        assert!(
            parse_query("expr=1&view=x")
                .unwrap_err()
                .contains("view takes")
        );
        assert!(
            parse_query("expr=1&elem=0")
                .unwrap_err()
                .contains("elem takes")
        );
        assert!(
            parse_query("expr=1&view=tv&tile=8")
                .unwrap_err()
                .contains("tile takes M,N")
        );
        assert!(
            parse_query("expr=%FF")
                .unwrap_err()
                .contains("'expr' is not valid UTF-8 (at byte 0)")
        );
        let long = format!("expr={}", "1".repeat(MAX_EXPR_BYTES + 1));
        assert!(
            parse_query(&long)
                .unwrap_err()
                .contains("more than the limit of 16384")
        );
    }
}
