// The layout explorer: one or two panes, each an expression sent to
// GET /api/eval and drawn from its JSON answer. The URL's query string
// holds every pane's inputs, so a link reproduces the view.
"use strict";

const DEFAULT_EXPR = "(4,(2,2)):(2,(1,8))";
const SVG_NS = "http://www.w3.org/2000/svg";

// Timings of every render, for the browser test's log and for anyone who
// wants to measure in the console.
window.__explorer = { timings: [], picture: {} };

const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));

// The UTF-16 index in `s` of its UTF-8 byte `pos` (errors count bytes).
function byteToIndex(s, pos) {
  let bytes = 0;
  for (let i = 0; i < s.length; ) {
    if (bytes >= pos) return i;
    const cp = s.codePointAt(i);
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    i += cp > 0xffff ? 2 : 1;
  }
  return s.length;
}

// What hovering cell (r, c) of a panel shows: a layout's coordinate,
// offset and bank, or the thread and value a TV layout puts there (in the
// operand's own coordinates for a tiled MMA's or copy's panel).
function describe(p, r, c) {
  const k = r * p.cols + c;
  if (p.kind === "tv") {
    const [a, b] = p.transposed ? [c, r] : [r, c];
    const t = p.thread[k];
    const who = t < 0 ? "no thread" : `T${t} V${p.value[k]}`;
    return `${p.name || "tile"} (${a},${b}), index ${a + p.extent * b}, ${who}`;
  }
  const coord = p.row_coords ? `(${p.row_coords[r]},${p.col_coords[c]})` : p.col_coords[c];
  let s = `coord ${coord}, offset ${p.offset[k]}`;
  if (p.bank) s += `, bank ${p.bank[k]}`;
  return s;
}

// The palette's colours as 32-bit RGBA pixels (in the platform's byte
// order, as an ImageData's Uint32Array view reads them): the browser
// parses each CSS colour by painting it.
function paletteRGBA(palette) {
  const c = document.createElement("canvas");
  c.width = Math.max(1, palette.length);
  c.height = 1;
  const ctx = c.getContext("2d");
  palette.forEach((colour, i) => {
    ctx.fillStyle = colour;
    ctx.fillRect(i, 0, 1, 1);
  });
  return new Uint32Array(ctx.getImageData(0, 0, c.width, 1).data.buffer);
}

// The cells of panel `p` that a view ({x0, y0, x1, y1}, SVG units)
// shows: rows r0..r1 and columns c0..c1 (exclusive).
function cellsInView(p, v) {
  const clip = (x, n) => Math.min(n, Math.max(0, x));
  return {
    r0: clip(Math.floor((v.y0 - p.y) / p.h), p.rows),
    r1: clip(Math.ceil((v.y1 - p.y) / p.h), p.rows),
    c0: clip(Math.floor((v.x0 - p.x) / p.w), p.cols),
    c1: clip(Math.ceil((v.x1 - p.x) / p.w), p.cols),
  };
}

// For each canvas pixel 0..n along one axis: the cell whose square holds
// the pixel's centre, or -1. The canvas starts at SVG unit `from`, a
// pixel is 1 / `scale` units; the grid starts at `at`, its `cells` cells
// are `size` units long.
function cellOfPixel(n, from, scale, at, size, cells) {
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const k = Math.floor((from + (i + 0.5) / scale - at) / size);
    out[i] = k >= 0 && k < cells ? k : -1;
  }
  return out;
}

// Paints the part `view` ({x0, y0, x1, y1}, SVG units) of a picture on
// `canvas`, `scale` canvas pixels to a unit, as the SVG's cell elements
// would draw it: the squares, each panel's grid lines where they are wide
// enough to see, and the labels (a TV cell's T# and V#, a layout cell's
// offset) where they are at least 4 pixels high. The canvas holds only
// what is in sight, so the work is bounded by the screen, not by the
// picture. Returns the number of labels painted.
function paint(canvas, pic, scale, view) {
  const ctx = canvas.getContext("2d");
  const shown = pic.panels.map((p) => cellsInView(p, view));
  const cells = shown.reduce((n, v) => n + (v.r1 - v.r0) * (v.c1 - v.c0), 0);
  // A fillRect takes software rendering about a microsecond, writing a
  // pixel a hundredth of that: many small cells are written pixel by
  // pixel, fewer large ones filled.
  if (cells * 100 > canvas.width * canvas.height) {
    const img = ctx.createImageData(canvas.width, canvas.height);
    const px = new Uint32Array(img.data.buffer);
    const rgba = paletteRGBA(pic.palette);
    for (const p of pic.panels) {
      const col = cellOfPixel(canvas.width, view.x0, scale, p.x, p.w, p.cols);
      const row = cellOfPixel(canvas.height, view.y0, scale, p.y, p.h, p.rows);
      for (let y = 0; y < canvas.height; y++) {
        if (row[y] < 0) continue;
        const base = row[y] * p.cols;
        for (let x = 0, at = y * canvas.width; x < canvas.width; x++, at++) {
          if (col[x] >= 0) px[at] = rgba[p.fill[base + col[x]]];
        }
      }
    }
    ctx.putImageData(img, 0, 0);
    ctx.setTransform(scale, 0, 0, scale, -view.x0 * scale, -view.y0 * scale);
  } else {
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    ctx.setTransform(scale, 0, 0, scale, -view.x0 * scale, -view.y0 * scale);
    pic.panels.forEach((p, i) => {
      const v = shown[i];
      for (let r = v.r0; r < v.r1; r++) {
        for (let c = v.c0; c < v.c1; c++) {
          ctx.fillStyle = pic.palette[p.fill[r * p.cols + c]];
          ctx.fillRect(p.x + c * p.w, p.y + r * p.h, p.w, p.h);
        }
      }
    });
  }
  pic.panels.forEach((p, i) => {
    const v = shown[i];
    if (p.stroke_width * scale < 0.25 || v.r0 === v.r1 || v.c0 === v.c1) return;
    ctx.beginPath();
    const [x0, x1] = [p.x + v.c0 * p.w, p.x + v.c1 * p.w];
    const [y0, y1] = [p.y + v.r0 * p.h, p.y + v.r1 * p.h];
    for (let r = v.r0; r <= v.r1; r++) {
      ctx.moveTo(x0, p.y + r * p.h);
      ctx.lineTo(x1, p.y + r * p.h);
    }
    for (let c = v.c0; c <= v.c1; c++) {
      ctx.moveTo(p.x + c * p.w, y0);
      ctx.lineTo(p.x + c * p.w, y1);
    }
    ctx.strokeStyle = p.stroke;
    ctx.lineWidth = p.stroke_width;
    ctx.stroke();
  });
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillStyle = "black";
  let labels = 0;
  pic.panels.forEach((p, i) => {
    if (!p.labels || p.font * scale < 4) return;
    const v = shown[i];
    ctx.font = `${p.font}px monospace`;
    for (let r = v.r0; r < v.r1; r++) {
      for (let c = v.c0; c < v.c1; c++) {
        const k = r * p.cols + c;
        const x = p.x + (c + 0.5) * p.w;
        const y = p.y + r * p.h;
        if (p.kind === "tv") {
          if (p.thread[k] < 0) continue;
          ctx.fillText("T" + p.thread[k], x, y + p.label_y[0] * p.h);
          ctx.fillText("V" + p.value[k], x, y + p.label_y[1] * p.h);
          labels += 2;
        } else {
          ctx.fillText(String(p.offset[k]), x, y + 0.5 * p.h);
          labels += 1;
        }
      }
    }
  });
  return labels;
}

class Pane {
  constructor(suffix) {
    const node = document.getElementById("pane-template").content.firstElementChild.cloneNode(true);
    this.root = node;
    this.suffix = suffix;
    node.id = suffix ? "pane-b" : "pane-a";
    const q = (sel) => node.querySelector(sel);
    this.expr = q(".expr");
    this.view = q(".view");
    this.elem = q(".elem");
    this.tile = q(".tile");
    this.result = q(".result");
    this.status = q(".status");
    this.errorBox = q(".error");
    this.errorText = q(".error-text");
    this.errorWhere = q(".error-where");
    this.hover = q(".hover");
    this.picture = q(".picture");
    this.note = q(".note");
    this.table = q(".table");
    this.seq = 0;
    this.pic = null;
    this.svg = null;
    this.canvas = null;
    this.timer = 0;

    q(".controls").addEventListener("submit", (e) => {
      e.preventDefault();
      this.run();
    });
    this.expr.addEventListener("input", () => this.schedule());
    for (const el of [this.view, this.elem, this.tile]) {
      el.addEventListener("change", () => this.run());
    }
    this.tile.addEventListener("input", () => this.schedule());
    this.picture.addEventListener("mousemove", (e) => this.onHover(e));
    this.picture.addEventListener("scroll", () => this.scrolled());
    this.picture.addEventListener("click", () => {
      this.picture.classList.toggle("actual");
      this.fitCanvas();
    });
  }

  load(params) {
    const get = (k) => params.get(k + this.suffix);
    this.expr.value = get("expr") ?? "";
    const view = get("view");
    this.view.value = ["layout", "banks", "tv"].includes(view) ? view : "layout";
    if (get("elem")) this.elem.value = get("elem");
    if (get("tile")) this.tile.value = get("tile");
  }

  save(params) {
    const s = this.state();
    params.set("expr" + this.suffix, s.expr);
    if (s.view !== "layout") params.set("view" + this.suffix, s.view);
    if (s.view === "banks" && s.elem !== "2") params.set("elem" + this.suffix, s.elem);
    if (s.view === "tv" && s.tile) params.set("tile" + this.suffix, s.tile);
  }

  state() {
    return {
      expr: this.expr.value,
      view: this.view.value,
      elem: this.elem.value.trim(),
      tile: this.tile.value.trim(),
    };
  }

  schedule() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.run(), 150);
  }

  async run() {
    clearTimeout(this.timer);
    const seq = ++this.seq;
    const s = this.state();
    this.root.dataset.view = s.view;
    updateUrl();
    if (!s.expr.trim()) {
      this.clear();
      this.root.dataset.state = "done";
      this.root.dataset.rendered = "";
      return;
    }
    const params = new URLSearchParams({ expr: s.expr, view: s.view });
    if (s.view === "banks") params.set("elem", s.elem);
    if (s.view === "tv" && s.tile) params.set("tile", s.tile);
    this.root.dataset.state = "loading";
    const t0 = performance.now();
    let data, bytes = 0, serverMs = null, t1 = t0;
    try {
      const r = await fetch("/api/eval?" + params.toString());
      const text = await r.text();
      t1 = performance.now();
      bytes = text.length;
      const m = /dur=([\d.]+)/.exec(r.headers.get("server-timing") || "");
      if (m) serverMs = Number(m[1]);
      data = JSON.parse(text);
    } catch (e) {
      data = { ok: false, error: `error: no answer from the server (${e.message})`, pos: null };
    }
    if (seq !== this.seq) return;
    const t2 = performance.now();
    this.render(data, s);
    // Reading layout forces style and layout now; the two frames after it
    // are the paint (the first frame callback runs before paint).
    void this.root.offsetHeight;
    const t3 = performance.now();
    await frame();
    await frame();
    if (seq !== this.seq) return;
    const t4 = performance.now();
    // The print_layout table after the picture: a 256 x 256 layout's is a
    // megabyte of text, which takes the browser longer to lay out than the
    // picture takes to paint.
    if (data.ok) this.table.textContent = data.table ?? data.table_error ?? "";
    void this.root.offsetHeight;
    await frame();
    if (seq !== this.seq) return;
    const t5 = performance.now();
    const timing = {
      pane: this.suffix ? "b" : "a",
      expr: s.expr,
      view: s.view,
      cells: data.picture ? data.picture.panels.reduce((n, p) => n + p.rows * p.cols, 0) : 0,
      canvas: !!(data.picture && data.picture.canvas),
      phases: this.phases,
      tableMs: Math.round(t5 - t4),
      bytes,
      serverMs,
      fetchMs: Math.round(t1 - t0),
      parseMs: Math.round(t2 - t1),
      layoutMs: Math.round(t3 - t2),
      paintMs: Math.round(t4 - t3),
      totalMs: Math.round(t4 - t0),
    };
    window.__explorer.timings.push(timing);
    const parts = [];
    if (timing.cells) parts.push(`${timing.cells} cells`);
    parts.push(`${(bytes / 1024).toFixed(0)} KiB`);
    if (serverMs !== null) parts.push(`server ${serverMs.toFixed(0)} ms`);
    parts.push(`on screen in ${timing.totalMs} ms`);
    if (data.table) parts.push(`table ${timing.tableMs} ms later`);
    this.status.textContent = parts.join(" · ");
    this.root.dataset.rendered = s.expr;
    this.root.dataset.state = "done";
  }

  clear() {
    this.result.textContent = "";
    this.errorBox.hidden = true;
    this.picture.replaceChildren();
    this.note.textContent = "";
    this.table.textContent = "";
    this.status.textContent = "";
    this.pic = null;
    this.svg = null;
    this.canvas = null;
  }

  render(data, s) {
    this.clear();
    this.hover.textContent = "hover a cell for its coordinate and offset";
    if (!data.ok) {
      this.errorBox.hidden = false;
      this.errorText.textContent = data.error;
      this.errorWhere.replaceChildren();
      if (typeof data.pos === "number") {
        const i = byteToIndex(s.expr, data.pos);
        const mark = document.createElement("mark");
        if (i < s.expr.length) {
          const end = i + (s.expr.codePointAt(i) > 0xffff ? 2 : 1);
          mark.textContent = s.expr.slice(i, end);
          this.errorWhere.append(s.expr.slice(0, i), mark, s.expr.slice(end));
        } else {
          mark.className = "end";
          mark.textContent = " ";
          this.errorWhere.append(s.expr, mark);
        }
        mark.title = `byte ${data.pos}`;
      }
      return;
    }
    this.result.textContent = data.result;
    // How long the picture's parts take: the SVG into the page and laid
    // out, and the canvas painted (both within the timing's layoutMs).
    this.phases = {};
    let t = performance.now();
    const notes = [];
    if (data.svg) {
      // The drawing is the CLI's own SVG document, inline, without its XML
      // declaration; for a large picture, its frame (no cells, no
      // background) over a canvas that the cells are painted on.
      const svg = data.svg.replace(/^<\?xml[^>]*>\s*/, "");
      const stage = document.createElement("div");
      stage.className = "stage";
      this.pic = data.picture;
      if (this.pic.canvas) {
        this.canvas = document.createElement("canvas");
        stage.append(this.canvas);
      }
      stage.insertAdjacentHTML("beforeend", svg);
      this.picture.append(stage);
      this.svg = stage.querySelector("svg");
      window.__explorer.picture[this.suffix ? "b" : "a"] = this.pic;
      void this.root.offsetHeight;
      this.phases.svg = performance.now() - t;
      t = performance.now();
      this.fitCanvas();
      this.phases.canvas = performance.now() - t;
      // One outline, moved to the hovered cell.
      this.mark = document.createElementNS(SVG_NS, "rect");
      this.mark.setAttribute("class", "hot");
      this.mark.setAttribute("fill", "none");
      this.mark.setAttribute("visibility", "hidden");
      if (this.svg) this.svg.append(this.mark);
    } else if (data.svg_error) {
      notes.push(`picture: ${data.svg_error}`);
    }
    if (!data.table && data.table_error && data.table_error !== data.svg_error) {
      notes.push(`table: ${data.table_error}`);
    }
    this.note.textContent = notes.join("\n");
  }

  // The canvas over the part of the SVG's box that is in sight (inside
  // the picture's scrolled box and the window), painted at the SVG's
  // displayed size in device pixels.
  fitCanvas() {
    if (!this.canvas || !this.svg) return;
    const vb = this.svg.viewBox.baseVal;
    const box = this.svg.getBoundingClientRect();
    const pane = this.picture.getBoundingClientRect();
    const left = Math.max(box.left, pane.left, 0);
    const top = Math.max(box.top, pane.top, 0);
    const right = Math.min(box.right, pane.right, window.innerWidth);
    const bottom = Math.min(box.bottom, pane.bottom, window.innerHeight);
    const [w, h] = [Math.max(0, right - left), Math.max(0, bottom - top)];
    const dpr = window.devicePixelRatio || 1;
    const units = vb.width / box.width;
    Object.assign(this.canvas.style, {
      left: `${left - box.left}px`,
      top: `${top - box.top}px`,
      width: `${w}px`,
      height: `${h}px`,
    });
    this.canvas.width = Math.max(1, Math.round(w * dpr));
    this.canvas.height = Math.max(1, Math.round(h * dpr));
    const view = {
      x0: (left - box.left) * units,
      y0: (top - box.top) * units,
      x1: (right - box.left) * units,
      y1: (bottom - box.top) * units,
    };
    const scale = dpr / units;
    const labels = paint(this.canvas, this.pic, scale, view);
    // For tests and the curious: what the last paint drew.
    this.canvas.dataset.scale = scale.toFixed(3);
    this.canvas.dataset.labels = labels;
  }

  // Paints what scrolling brings into sight, once a frame.
  scrolled() {
    if (this.paintPending || !this.canvas) return;
    this.paintPending = true;
    requestAnimationFrame(() => {
      this.paintPending = false;
      this.fitCanvas();
    });
  }

  // Cells are found by position (large pictures have no element per
  // cell): the pointer in the SVG's coordinates, against each panel.
  onHover(e) {
    if (!this.svg || !this.pic) return;
    const m = this.svg.getScreenCTM();
    if (!m) return;
    const pt = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    for (const p of this.pic.panels) {
      const c = Math.floor((pt.x - p.x) / p.w);
      const r = Math.floor((pt.y - p.y) / p.h);
      if (r < 0 || c < 0 || r >= p.rows || c >= p.cols) continue;
      this.hover.textContent = describe(p, r, c);
      this.mark.setAttribute("x", p.x + c * p.w);
      this.mark.setAttribute("y", p.y + r * p.h);
      this.mark.setAttribute("width", p.w);
      this.mark.setAttribute("height", p.h);
      this.mark.setAttribute("stroke-width", Math.max(1.5, p.w * 0.1));
      this.mark.setAttribute("visibility", "visible");
      return;
    }
  }
}

const panes = [];
const compare = () => document.getElementById("compare");

function updateUrl() {
  const params = new URLSearchParams();
  panes[0].save(params);
  if (compare().checked) panes[1].save(params);
  const url = "?" + params.toString();
  history.replaceState(null, "", url);
  document.getElementById("permalink").href = url;
}

function setCompare(on) {
  compare().checked = on;
  panes[1].root.hidden = !on;
  panes[0].fitCanvas();
  if (on && !panes[1].expr.value) panes[1].expr.value = panes[0].expr.value;
  if (on) panes[1].run();
  updateUrl();
}

function init() {
  const main = document.getElementById("panes");
  panes.push(new Pane(""), new Pane("2"));
  for (const p of panes) main.append(p.root);
  const params = new URLSearchParams(location.search);
  panes[0].load(params);
  panes[1].load(params);
  if (!params.has("expr")) panes[0].expr.value = DEFAULT_EXPR;
  const both = params.has("expr2");
  compare().checked = both;
  panes[1].root.hidden = !both;
  compare().addEventListener("change", () => setCompare(compare().checked));
  for (const b of document.querySelectorAll("#examples button")) {
    b.addEventListener("click", () => {
      const p = panes[0];
      p.expr.value = b.dataset.expr;
      p.view.value = b.dataset.view || "layout";
      p.tile.value = b.dataset.tile || "";
      p.run();
    });
  }
  panes[0].run();
  if (both) panes[1].run();
  // A canvas is painted for its picture's size on the page.
  let resized = 0;
  window.addEventListener("resize", () => {
    clearTimeout(resized);
    resized = setTimeout(() => panes.forEach((p) => p.fitCanvas()), 100);
  });
  window.addEventListener("scroll", () => panes.forEach((p) => p.scrolled()), { passive: true });
}

init();
