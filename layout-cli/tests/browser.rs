//! The layout explorer in a real browser: headless Chromium, driven through
//! ChromeDriver (WebDriver) by `fantoccini`, against `cute-algebra serve`
//! on a free port. It types expressions and checks the DOM: the printed
//! result, the picture's cell count, a cell's hover text, an error and the
//! position it names, the side-by-side view, that the URL reproduces the
//! view, and the pictures of tiled MMAs (hover text against the library's
//! TV layouts) and of large layouts painted on a canvas. It logs how long
//! each large picture took to be on screen, and keeps screenshots.
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

/// Moves the mouse onto the centre of grid cell (`r`, `c`) of panel
/// `panel` of pane `p`'s picture, computed from the page's geometry, and
/// returns the hover text.
async fn hover_at(c: &Client, p: &str, panel: usize, r: i64, col: i64) -> Res<String> {
    let at = c
        .execute(
            "const [p, k, r, c] = arguments;
             const pane = document.querySelector('#pane-' + p);
             const svg = pane.querySelector('svg');
             const g = window.__explorer.picture[p].panels[k];
             const centre = new DOMPoint(g.x + (c + 0.5) * g.w, g.y + (r + 0.5) * g.h);
             let pt = centre.matrixTransform(svg.getScreenCTM());
             // Scroll the cell into the middle of the view, then find it again.
             window.scrollBy(0, pt.y - window.innerHeight / 2);
             const box = pane.querySelector('.picture');
             box.scrollTop += pt.y - box.getBoundingClientRect().top - box.clientHeight / 2;
             pt = centre.matrixTransform(svg.getScreenCTM());
             return [Math.round(pt.x), Math.round(pt.y)];",
            vec![json!(p), json!(panel), json!(r), json!(col)],
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

/// A 128 x 32 x 32 tiled MMA: 256 threads of the SM80 16x8x16 atom.
const MMA_128: &str =
    "make_tiled_mma(MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>, (4,2,1), (128,32,32))";

/// The first (thread, value), threads first, that operand `op` of the
/// tiled MMA `mma` puts at tile index `i`: by brute force over the
/// library's `get_layout{op}_TV`, as the picture should show it.
fn first_owner(mma: &str, op: &str, i: i64) -> (i64, i64) {
    use cute_algebra::eval::{Value, eval};
    let Ok(Value::Layout(tv)) = eval(&format!("get_layout{op}_TV({mma})")) else {
        panic!("no TV layout for {op} of {mma}");
    };
    let threads = tv.mode(0).and_then(|m| m.size()).unwrap();
    let values = tv.size().unwrap() / threads;
    (0..threads)
        .flat_map(|t| (0..values).map(move |v| (t, v)))
        .find(|&(t, v)| tv.at(t + threads * v).unwrap() == i)
        .expect("a thread holds the cell")
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

    // A tiled MMA: C, A and B, each cell a thread and a value, as the
    // library's TV layouts say. Small: the SVG itself, one rectangle per
    // cell (C's 32 x 16 first, row by row, then A's 32 x 8, then B's).
    let mma = "make_tiled_mma(MMA_Atom<SM80_16x8x8_F16F16F16F16_TN>, (2,2,1))";
    c.find(Locator::Css("#pane-a .view"))
        .await?
        .select_by_value("layout")
        .await?;
    type_expr(c, "a", mma).await?;
    assert!(text(c, "#pane-a .result").await?.starts_with("TiledMMA("));
    assert_eq!(
        count(c, "#pane-a .picture svg rect[data-cell]").await?,
        32 * 16 + 32 * 8 + 16 * 8
    );
    // C's (m, n) = (9, 3): cell 9 * 16 + 3.
    let (t, v) = first_owner(mma, "C", 9 + 32 * 3);
    assert_eq!(
        hover(c, "a", 9 * 16 + 3).await?,
        format!("C (9,3), index {}, T{t} V{v}", 9 + 32 * 3)
    );
    // B is drawn K down, N across: its cell (r, c) is B's (n, k) = (c, r).
    let (t, v) = first_owner(mma, "B", 5 + 16 * 6);
    assert_eq!(
        hover(c, "a", 512 + 256 + 6 * 16 + 5).await?,
        format!("B (5,6), index {}, T{t} V{v}", 5 + 16 * 6)
    );

    // Large pictures have no element per cell: the SVG is the frame, the
    // cells are painted on a canvas under it, and hovering finds the cell
    // by position. Row 3, column 232 of a row-major 256 x 256 is offset
    // 1000.
    c.goto(&format!("{base}?expr={}", encode("(256,256):(256,1)")))
        .await?;
    rendered(c, "a", "(256,256):(256,1)").await?;
    assert_eq!(count(c, "#pane-a .picture svg rect[data-cell]").await?, 0);
    assert_eq!(count(c, "#pane-a .picture .stage canvas").await?, 1);
    assert_eq!(
        hover_at(c, "a", 0, 3, 232).await?,
        "coord (3,232), offset 1000"
    );
    // The 128 x 32 x 32 tiled MMA, on a canvas too: C, A and B cells.
    c.goto(&format!("{base}?expr={}", encode(MMA_128))).await?;
    rendered(c, "a", MMA_128).await?;
    assert_eq!(count(c, "#pane-a .picture .stage canvas").await?, 1);
    for (panel, op, (r, col), (a, b), extent) in [
        (0, "C", (100, 17), (100, 17), 128),
        (1, "A", (77, 20), (77, 20), 128),
        (2, "B", (25, 30), (30, 25), 32),
    ] {
        let i = a + extent * b;
        let (t, v) = first_owner(MMA_128, op, i);
        assert_eq!(
            hover_at(c, "a", panel, r, col).await?,
            format!("{op} ({a},{b}), index {i}, T{t} V{v}")
        );
    }

    // How long the largest pictures take to be on screen: a first load to
    // warm up, then three, each read from that page's own timing log.
    say("explorer timings, ms from the request to the picture on screen (and the table after it):");
    say(&format!(
        "{:<18} {:<6} {:>6} {:>6} {:>7} {:>6} {:>6} {:>7} {:>7} {:>6} {:>10} {:>6}",
        "expr",
        "view",
        "cells",
        "KiB",
        "server",
        "fetch",
        "parse",
        "render",
        "canvas",
        "paint",
        "on screen",
        "table"
    ));
    let big = [
        ("(256,256):(256,1)", "layout", 65536),
        ("(256,256):(1,256)", "banks", 65536),
        ("(128,128):(1,128)", "tv", 16384),
        (MMA_128, "layout", 128 * 32 * 2 + 32 * 32),
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
            assert_eq!(t["canvas"], true);
            if run == 0 {
                continue;
            }
            let ms = |k: &str| t[k].as_f64().unwrap_or(f64::NAN);
            say(&format!(
                "{:<18} {:<6} {:>6} {:>6.0} {:>7.0} {:>6.0} {:>6.0} {:>7.0} {:>7.0} {:>6.0} {:>10.0} {:>6.0}",
                expr.get(..18).unwrap_or(expr),
                view,
                ms("cells"),
                ms("bytes") / 1024.0,
                ms("serverMs"),
                ms("fetchMs"),
                ms("parseMs"),
                ms("layoutMs"),
                t["phases"]["canvas"].as_f64().unwrap_or(f64::NAN),
                ms("paintMs"),
                ms("totalMs"),
                ms("tableMs")
            ));
        }
    }
    let mma_shot = c.screenshot().await?;

    // The canvas holds what is in sight, painted as it comes into sight:
    // scrolled to the bottom of the tiled MMA, C's last rows are painted,
    // and hovering finds the cells there.
    let (t, v) = first_owner(MMA_128, "C", 127 + 128 * 31);
    assert_eq!(
        hover_at(c, "a", 0, 127, 31).await?,
        format!("C (127,31), index {}, T{t} V{v}", 127 + 128 * 31)
    );
    // The largest TV picture, fitted to the pane: too small for labels;
    // at actual size (a click) painted again, labelled.
    c.goto(&format!(
        "{base}?expr={}&view=tv",
        encode("(128,128):(1,128)")
    ))
    .await?;
    rendered(c, "a", "(128,128):(1,128)").await?;
    let painted = "const d = document.querySelector('#pane-a .stage canvas').dataset; return [Number(d.scale), Number(d.labels)];";
    let fitted = c.execute(painted, vec![]).await?;
    assert_eq!(fitted[1], 0, "{fitted}");
    c.find(Locator::Css("#pane-a .picture"))
        .await?
        .click()
        .await?;
    let actual = c.execute(painted, vec![]).await?;
    assert!(
        actual[0].as_f64() > fitted[0].as_f64(),
        "{fitted} -> {actual}"
    );
    assert!(actual[1].as_u64() > Some(0), "{actual}");
    assert_eq!(
        hover_at(c, "a", 0, 2, 1).await?,
        "tile (2,1), index 130, T2 V1"
    );

    let shot = Path::new(env!("CARGO_TARGET_TMPDIR")).join("explorer.png");
    std::fs::write(&shot, screenshot)?;
    let shot_mma = Path::new(env!("CARGO_TARGET_TMPDIR")).join("explorer-mma.png");
    std::fs::write(&shot_mma, mma_shot)?;
    say(&format!(
        "screenshots of the side-by-side bank view and of the 128 x 32 x 32 tiled MMA: {}, {}",
        shot.display(),
        shot_mma.display()
    ));
    Ok(())
}
