//! `cute-algebra serve`: the layout explorer, a local web page.
//!
//! One page (HTML, JS and CSS written by hand, embedded in the binary so
//! nothing is fetched from anywhere) and one JSON call, `GET /api/eval`,
//! which answers with [`crate::explore`]'s result.
//!
//! Every request is bounded, so no input takes the server down: the
//! expression's length ([`MAX_EXPR_BYTES`]); the table and the picture by
//! the library's own limits (`show`'s and `svg`'s cell counts); and time,
//! since evaluation runs on the blocking pool under a deadline. A request
//! past its deadline is answered at once with an error; the computation
//! cannot be interrupted, so it finishes in the background, holding one
//! of a few evaluation slots, which bounds how much CPU runaway requests
//! take. A panic in a computation is answered as an internal error and
//! leaves the server running.

use std::net::SocketAddr;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::{RawQuery, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use tokio::sync::Semaphore;

use crate::explore::{Failure, View, explore};

/// Longest expression accepted, in bytes: far beyond any layout typed by
/// hand, and small enough that parsing it is instant.
pub const MAX_EXPR_BYTES: usize = 16 * 1024;

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
    /// Evaluation slots: at most this many computations run at once.
    slots: Arc<Semaphore>,
    timeout: Duration,
}

/// Runs the server until the process is stopped.
pub fn run(cfg: Config) -> ExitCode {
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    let slots = cores.max(2);
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(cores.clamp(1, 4))
        // Only the evaluation slots use the blocking pool.
        .max_blocking_threads(slots)
        // The evaluator recurses (to the library's depth limit); give its
        // threads the main thread's stack rather than tokio's 2 MiB.
        .thread_stack_size(8 << 20)
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
            slots: Arc::new(Semaphore::new(slots)),
            timeout: cfg.timeout,
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

fn json(status: StatusCode, body: String) -> Response {
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
    let body = serde_json::to_string(&Failure::new(error))
        .unwrap_or_else(|_| r#"{"ok":false,"error":"error: cannot encode the error"}"#.into());
    json(status, body)
}

async fn api_eval(State(st): State<Arc<AppState>>, RawQuery(q): RawQuery) -> Response {
    let req = match parse_query(q.as_deref().unwrap_or("")) {
        Ok(r) => r,
        Err(e) => return failure(StatusCode::BAD_REQUEST, format!("error: {e}")),
    };
    let limit_ms = st.timeout.as_millis();
    let deadline = tokio::time::Instant::now() + st.timeout;
    let Ok(Ok(slot)) = tokio::time::timeout_at(deadline, st.slots.clone().acquire_owned()).await
    else {
        return failure(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "error: the server is busy: no evaluation slot came free within the limit of {limit_ms} ms"
            ),
        );
    };
    let work = tokio::task::spawn_blocking(move || {
        // The slot is held until the computation ends, even one whose
        // request has timed out.
        let _slot = slot;
        let start = Instant::now();
        let (status, body) = match explore(&req.expr, req.view) {
            Ok(a) => (StatusCode::OK, serde_json::to_string(&a)),
            Err(f) => (StatusCode::UNPROCESSABLE_ENTITY, serde_json::to_string(&f)),
        };
        let ms = start.elapsed().as_secs_f64() * 1e3;
        (status, body.map_err(|e| e.to_string()), ms)
    });
    match tokio::time::timeout_at(deadline, work).await {
        Err(_) => failure(
            StatusCode::SERVICE_UNAVAILABLE,
            format!("error: the evaluation took longer than the limit of {limit_ms} ms"),
        ),
        Ok(Err(_)) => failure(
            StatusCode::INTERNAL_SERVER_ERROR,
            "error: internal error: the evaluation failed unexpectedly".into(),
        ),
        Ok(Ok((_, Err(e), _))) => failure(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("error: internal error: cannot encode the answer: {e}"),
        ),
        Ok(Ok((status, Ok(body), ms))) => {
            let mut r = json(status, body);
            if let Ok(v) = HeaderValue::from_str(&format!("compute;dur={ms:.1}")) {
                r.headers_mut().insert("server-timing", v);
            }
            r
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
