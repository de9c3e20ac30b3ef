//! The layout explorer in a real browser: headless Chromium, driven through
//! ChromeDriver (WebDriver) by `fantoccini`, against `cute-algebra serve`
//! on a free port. It types expressions and checks the DOM: the printed
//! result, the picture's cell count, a cell's hover text, an error and the
//! position it names, the side-by-side view, and that the URL reproduces
//! the view. It logs how long each picture took to be on screen, and keeps
//! a screenshot.
//!
//! Chromium comes from `scripts/setup-browser.sh`. With
//! `CUTE_BROWSER_TEST=1` (as CI runs it) a missing Chromium is a failure;
//! without it, the test says that it did not run and passes.

use std::error::Error;
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::actions::{InputSource, MouseActions, PointerAction};
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::json;

type Res<T = ()> = Result<T, Box<dyn Error>>;

/// Chromium's flags on a machine without network (each background service
/// otherwise tries to reach out, and fails, many times over).
const CHROMIUM_FLAGS: [&str; 8] = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
];

/// A child process killed when dropped.
struct Proc(Child);

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn which(name: &str) -> Option<PathBuf> {
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|d| d.join(name))
        .find(|p| p.is_file())
}

/// Written past the test harness's capture, so that a plain `cargo test`
/// shows it.
fn say(msg: &str) {
    let _ = writeln!(std::io::stderr(), "{msg}");
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port on 127.0.0.1")
}

#[test]
fn the_explorer_in_headless_chromium() {
    let required = std::env::var("CUTE_BROWSER_TEST").is_ok_and(|v| v == "1");
    let (chromium, driver) = (which("chromium"), which("chromedriver"));
    let (Some(chromium), Some(driver)) = (chromium, driver) else {
        let why = "chromium and chromedriver are not both on PATH (scripts/setup-browser.sh installs them)";
        assert!(!required, "CUTE_BROWSER_TEST=1, but {why}");
        say(&format!(
            "browser test DID NOT RUN: {why}; CUTE_BROWSER_TEST=1 makes this a failure"
        ));
        return;
    };
    if !required {
        say(
            "browser test DID NOT RUN: set CUTE_BROWSER_TEST=1 to run it (CI does; it takes Chromium a few seconds)",
        );
        return;
    }
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    if let Err(e) = rt.block_on(run(&chromium, &driver)) {
        panic!("browser test failed: {e}");
    }
}

async fn run(chromium: &Path, driver: &Path) -> Res {
    // The server, on a free port it prints.
    let mut server = Command::new(env!("CARGO_BIN_EXE_cute-algebra"))
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .spawn()?;
    let mut line = String::new();
    BufReader::new(server.stdout.take().ok_or("no server stdout")?).read_line(&mut line)?;
    let _server = Proc(server);
    let base = line
        .trim()
        .strip_prefix("cute-algebra explorer: ")
        .ok_or_else(|| format!("unexpected first line {line:?}"))?
        .to_string();

    let port = free_port();
    let _driver = Proc(
        Command::new(driver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()?,
    );
    let t = Instant::now();
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        if t.elapsed() > Duration::from_secs(20) {
            return Err("chromedriver did not start listening in 20 s".into());
        }
        std::thread::sleep(Duration::from_millis(50));
    }

    let profile = std::env::temp_dir().join(format!(
        "cute-algebra-chromium-{}-{}",
        std::process::id(),
        t.elapsed().as_nanos()
    ));
    let mut args: Vec<String> = CHROMIUM_FLAGS.iter().map(|s| s.to_string()).collect();
    args.push(format!("--user-data-dir={}", profile.display()));
    args.push("--window-size=1400,1000".into());
    let mut caps = serde_json::Map::new();
    caps.insert("browserName".into(), json!("chrome"));
    caps.insert(
        "goog:chromeOptions".into(),
        json!({ "binary": chromium, "args": args }),
    );
    let client = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(caps)
        .connect(&format!("http://127.0.0.1:{port}"))
        .await?;
    let result = checks(&client, &base).await;
    let _ = client.close().await;
    let _ = std::fs::remove_dir_all(&profile);
    result
}

/// Polls `js` (an expression) until it is true.
async fn wait_for(c: &Client, js: &str) -> Res {
    let t = Instant::now();
    loop {
        if c.execute(&format!("return !!({js});"), vec![]).await? == json!(true) {
            return Ok(());
        }
        if t.elapsed() > Duration::from_secs(30) {
            return Err(format!("timed out waiting for {js}").into());
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
}

/// Waits until pane `p` ("a" or "b") has rendered `expr`.
async fn rendered(c: &Client, p: &str, expr: &str) -> Res {
    let e = serde_json::to_string(expr)?;
    wait_for(
        c,
        &format!(
            "document.querySelector('#pane-{p}').dataset.state === 'done' && document.querySelector('#pane-{p}').dataset.rendered === {e}"
        ),
    )
    .await
}

async fn text(c: &Client, css: &str) -> Res<String> {
    Ok(c.find(Locator::Css(css)).await?.text().await?)
}

async fn count(c: &Client, css: &str) -> Res<u64> {
    let v = c
        .execute(
            "return document.querySelectorAll(arguments[0]).length;",
            vec![json!(css)],
        )
        .await?;
    v.as_u64().ok_or_else(|| "not a count".into())
}

/// Types `expr` into pane `p`'s box, as a person would.
async fn type_expr(c: &Client, p: &str, expr: &str) -> Res {
    let input = c.find(Locator::Css(&format!("#pane-{p} .expr"))).await?;
    input.clear().await?;
    input.send_keys(expr).await?;
    rendered(c, p, expr).await
}

/// Moves the mouse onto cell `k` of pane `p` and returns the hover text.
async fn hover(c: &Client, p: &str, k: usize) -> Res<String> {
    let cell = c
        .find(Locator::Css(&format!("#pane-{p} rect[data-cell=\"{k}\"]")))
        .await?;
    let actions = MouseActions::new("mouse".into()).then(PointerAction::MoveToElement {
        element: cell,
        duration: None,
        x: 0.0,
        y: 0.0,
    });
    c.perform_actions(actions).await?;
    text(c, &format!("#pane-{p} .hover")).await
}

/// Percent-encodes a query value's punctuation.
fn encode(s: &str) -> String {
    s.replace('(', "%28")
        .replace(')', "%29")
        .replace(',', "%2C")
        .replace(':', "%3A")
        .replace('<', "%3C")
        .replace('>', "%3E")
        .replace(' ', "%20")
}

/// Moves the mouse onto the centre of grid cell (`r`, `c`) of pane `p`,
/// computed from the page's geometry, and returns the hover text.
async fn hover_at(c: &Client, p: &str, r: u32, col: u32) -> Res<String> {
    let at = c
        .execute(
            "const [p, r, c] = arguments;
             const pane = document.querySelector('#pane-' + p);
             const svg = pane.querySelector('svg');
             svg.scrollIntoView();
             const g = window.__explorer.geometry[p];
             const pt = new DOMPoint(g.x + (c + 0.5) * g.w, g.y + (r + 0.5) * g.h)
               .matrixTransform(svg.getScreenCTM());
             return [Math.round(pt.x), Math.round(pt.y)];",
            vec![json!(p), json!(r), json!(col)],
        )
        .await?;
    let xy = |i: usize| at[i].as_f64().ok_or("no position");
    let actions = MouseActions::new("mouse".into()).then(PointerAction::MoveTo {
        duration: None,
        x: xy(0)?,
        y: xy(1)?,
    });
    c.perform_actions(actions).await?;
    text(c, &format!("#pane-{p} .hover")).await
}

async fn checks(c: &Client, base: &str) -> Res {
    // A link with an expression opens on it.
    c.goto(&format!("{base}?expr={}", encode("(4,(2,2)):(2,(1,8))")))
        .await?;
    rendered(c, "a", "(4,(2,2)):(2,(1,8))").await?;
    assert_eq!(text(c, "#pane-a .result").await?, "(4,(2,2)):(2,(1,8))");
    assert_eq!(count(c, "#pane-a .picture svg rect[data-cell]").await?, 16);
    assert!(
        text(c, "#pane-a .table")
            .await?
            .contains(" 0  |  0 |  1 |  8 |  9 |"),
        "the print_layout table"
    );
    // Row 1, column 3: coordinate (1,(1,1)), offset 2 + 1 + 8.
    assert_eq!(hover(c, "a", 7).await?, "coord (1,(1,1)), offset 11");

    // Typing a new expression.
    type_expr(c, "a", "logical_divide((4,2,3):(2,1,8), 4:2)").await?;
    assert_eq!(
        text(c, "#pane-a .result").await?,
        "((2,2),(2,3)):((4,1),(2,8))"
    );
    assert_eq!(count(c, "#pane-a .picture svg rect[data-cell]").await?, 24);

    // Errors: the CLI's words, and the byte they name marked.
    type_expr(c, "a", "coalesce((2,4):(1,2)").await?;
    assert_eq!(
        text(c, "#pane-a .error-text").await?,
        "error: parse error at byte 20: expected ',' or ')'"
    );
    assert_eq!(count(c, "#pane-a .error-where mark.end").await?, 1);
    assert_eq!(count(c, "#pane-a .picture svg").await?, 0);
    type_expr(c, "a", "size(frob(4:1))").await?;
    assert_eq!(
        text(c, "#pane-a .error-text").await?,
        "error: unknown function 'frob' at byte 5"
    );
    assert_eq!(text(c, "#pane-a .error-where mark").await?, "f");
    let url = c.current_url().await?;
    assert_eq!(url.query(), Some("expr=size%28frob%284%3A1%29%29"));

    // Side by side: the bank view of a swizzled tile against the plain one.
    type_expr(c, "a", "composition(Sw<3,3,3>, (8,64):(64,1))").await?;
    c.find(Locator::Css("#pane-a .view"))
        .await?
        .select_by_value("banks")
        .await?;
    wait_for(
        c,
        "document.querySelector('#pane-a svg') && document.querySelector('#pane-a svg').textContent.includes('1-way bank conflict')",
    )
    .await?;
    c.find(Locator::Id("compare")).await?.click().await?;
    type_expr(c, "b", "(8,64):(64,1)").await?;
    c.find(Locator::Css("#pane-b .view"))
        .await?
        .select_by_value("banks")
        .await?;
    wait_for(
        c,
        "document.querySelector('#pane-b svg') && document.querySelector('#pane-b svg').textContent.includes('8-way bank conflict')",
    )
    .await?;
    assert_eq!(count(c, "#pane-b .picture svg rect[data-cell]").await?, 512);
    // Row 1 of the plain tile is offset 64: bank (64 * 2 / 4) mod 32 = 0;
    // swizzled, offset 72, bank 4.
    assert_eq!(hover(c, "b", 64).await?, "coord (1,0), offset 64, bank 0");
    assert_eq!(hover(c, "a", 64).await?, "coord (1,0), offset 72, bank 4");
    let screenshot = c.screenshot().await?;

    // The URL reproduces the view: both panes, both pictures.
    let url = c.current_url().await?;
    let q = url.query().unwrap_or_default().to_string();
    assert!(
        q.contains("view=banks") && q.contains("expr2=") && q.contains("view2=banks"),
        "{q}"
    );
    c.goto("about:blank").await?;
    c.goto(url.as_str()).await?;
    rendered(c, "b", "(8,64):(64,1)").await?;
    rendered(c, "a", "composition(Sw<3,3,3>, (8,64):(64,1))").await?;
    assert_eq!(
        text(c, "#pane-a .result").await?,
        "Sw<3,3,3> o 0 o (8,64):(64,1)"
    );
    assert_eq!(count(c, "#pane-b .picture svg rect[data-cell]").await?, 512);

    // A TV layout: threads and values per cell.
    c.goto(&format!(
        "{base}?expr={}&view=tv&tile=64,8",
        encode("((32,4),(2,2)):((2,128),(1,64))")
    ))
    .await?;
    rendered(c, "a", "((32,4),(2,2)):((2,128),(1,64))").await?;
    assert_eq!(count(c, "#pane-a .picture svg rect[data-cell]").await?, 512);
    assert_eq!(hover(c, "a", 2).await?, "tile (0,2), index 128, T32 V0");

    // A large picture has no element per cell: hovering finds the cell by
    // position. Row 3, column 232 of a row-major 256 x 256 is offset 1000.
    c.goto(&format!("{base}?expr={}", encode("(256,256):(256,1)")))
        .await?;
    rendered(c, "a", "(256,256):(256,1)").await?;
    assert_eq!(count(c, "#pane-a .picture svg rect[data-cell]").await?, 0);
    assert_eq!(
        hover_at(c, "a", 3, 232).await?,
        "coord (3,232), offset 1000"
    );

    // How long the largest pictures take to be on screen: a first load to
    // warm up, then three, each read from that page's own timing log.
    say("explorer timings, ms from the request to the picture on screen:");
    say(&format!(
        "{:<18} {:<6} {:>6} {:>6} {:>7} {:>6} {:>6} {:>7} {:>6} {:>10}",
        "expr", "view", "cells", "KiB", "server", "fetch", "parse", "layout", "paint", "on screen"
    ));
    let big = [
        ("(256,256):(256,1)", "layout", 65536),
        ("(256,256):(1,256)", "banks", 65536),
        ("(128,128):(1,128)", "tv", 16384),
    ];
    for (expr, view, cells) in big {
        for run in 0..4 {
            c.goto(&format!("{base}?expr={}&view={view}", encode(expr)))
                .await?;
            rendered(c, "a", expr).await?;
            let t = c
                .execute("return window.__explorer.timings.at(-1);", vec![])
                .await?;
            assert_eq!(t["cells"], cells);
            // Drawn as one path per colour, a square per cell.
            let squares = c
                .execute(
                    "return [...document.querySelectorAll('#pane-a svg path')].map((p) => p.getAttribute('d').split('M').length - 1).reduce((a, b) => a + b, 0);",
                    vec![],
                )
                .await?;
            assert_eq!(squares, cells);
            if run == 0 {
                continue;
            }
            let ms = |k: &str| t[k].as_f64().unwrap_or(f64::NAN);
            say(&format!(
                "{:<18} {:<6} {:>6} {:>6.0} {:>7.0} {:>6.0} {:>6.0} {:>7.0} {:>6.0} {:>10.0}",
                expr,
                view,
                ms("cells"),
                ms("bytes") / 1024.0,
                ms("serverMs"),
                ms("fetchMs"),
                ms("parseMs"),
                ms("layoutMs"),
                ms("paintMs"),
                ms("totalMs")
            ));
        }
    }

    // The last page is the largest TV picture: fitted to the pane, its
    // labels are left out; at actual size (a click) they are drawn.
    assert_eq!(count(c, "#pane-a .labels text").await?, 0);
    c.find(Locator::Css("#pane-a .picture"))
        .await?
        .click()
        .await?;
    assert_eq!(count(c, "#pane-a .labels text").await?, 2 * 16384);

    let shot = Path::new(env!("CARGO_TARGET_TMPDIR")).join("explorer.png");
    std::fs::write(&shot, screenshot)?;
    say(&format!(
        "screenshot of the side-by-side bank view: {}",
        shot.display()
    ));
    Ok(())
}
