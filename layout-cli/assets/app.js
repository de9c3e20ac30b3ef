// The layout explorer: one or two panes, each an expression sent to
// GET /api/eval and drawn from its JSON answer. The URL's query string
// holds every pane's inputs, so a link reproduces the view.
"use strict";

const DEFAULT_EXPR = "(4,(2,2)):(2,(1,8))";
const SVG_NS = "http://www.w3.org/2000/svg";

// Timings of every render, for the browser test's log and for anyone who
// wants to measure in the console.
window.__explorer = { timings: [], geometry: {} };

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

function describe(c, view) {
  if (view === "tv") {
    const who = c.thread === undefined ? "no thread" : `T${c.thread} V${c.value}`;
    return `tile ${c.coord}, index ${c.offset}, ${who}`;
  }
  let s = `coord ${c.coord}, offset ${c.offset}`;
  if (c.bank !== undefined) s += `, bank ${c.bank}`;
  return s;
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
    this.cells = [];
    this.svg = null;
    this.geo = null;
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
    this.picture.addEventListener("click", () => {
      const actual = this.picture.classList.toggle("actual");
      const g = this.picture.querySelector(".labels");
      if (actual && this.labels && g) {
        g.insertAdjacentHTML("afterbegin", this.labels);
        this.labels = null;
      }
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
    const timing = {
      pane: this.suffix ? "b" : "a",
      expr: s.expr,
      view: s.view,
      cells: data.cells ? data.cells.length : 0,
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
    this.cells = [];
    this.svg = null;
    this.geo = null;
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
    this.table.textContent = data.table ?? data.table_error ?? "";
    const notes = [];
    if (data.svg) {
      // The drawing is the CLI's own SVG document; inline, without its
      // XML declaration.
      // The labels of a large TV picture, too small to read while the
      // picture is fitted to the pane, stay out of the page until it is
      // shown at actual size: tens of thousands of text elements take the
      // browser over a second to insert. (The pane's width is read before
      // the picture is in it, so that reading it lays out nothing large.)
      let svg = data.svg.replace(/^<\?xml[^>]*>\s*/, "");
      const room = this.picture.clientWidth;
      const width = Number(/<svg[^>]* width="([\d.]+)"/.exec(svg)?.[1] || room);
      const tiny = 11 * Math.min(1, room / width) < 6;
      this.picture.classList.toggle("tiny", tiny);
      this.labels = null;
      const open = '<g class="labels">';
      const i = tiny ? svg.indexOf(open) : -1;
      if (i >= 0) {
        const j = svg.indexOf("</g>", i);
        this.labels = svg.slice(i + open.length, j);
        svg = svg.slice(0, i + open.length) + svg.slice(j);
      }
      this.picture.innerHTML = svg;
      this.svg = this.picture.querySelector("svg");
      this.cells = data.cells;
      this.cellView = s.view;
      this.grid = data.grid;
      this.geo = data.geometry;
      window.__explorer.geometry[this.suffix ? "b" : "a"] = this.geo;
      // One outline, moved to the hovered cell.
      this.mark = document.createElementNS(SVG_NS, "rect");
      this.mark.setAttribute("class", "hot");
      this.mark.setAttribute("fill", "none");
      this.mark.setAttribute("visibility", "hidden");
      if (this.svg && this.geo) {
        this.mark.setAttribute("width", this.geo.w);
        this.mark.setAttribute("height", this.geo.h);
        this.mark.setAttribute("stroke-width", Math.max(1.5, this.geo.w * 0.1));
        this.svg.append(this.mark);
      }
    } else if (data.svg_error) {
      notes.push(`picture: ${data.svg_error}`);
    }
    if (!data.table && data.table_error && data.table_error !== data.svg_error) {
      notes.push(`table: ${data.table_error}`);
    }
    this.note.textContent = notes.join("\n");
  }

  // Cells are found by position (large pictures have no element per
  // cell): the pointer in the SVG's coordinates, against the grid.
  onHover(e) {
    const g = this.geo;
    if (!this.svg || !g || !this.grid) return;
    const m = this.svg.getScreenCTM();
    if (!m) return;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    const c = Math.floor((p.x - g.x) / g.w);
    const r = Math.floor((p.y - g.y) / g.h);
    const [rows, cols] = this.grid;
    if (r < 0 || c < 0 || r >= rows || c >= cols) return;
    const cell = this.cells[r * cols + c];
    if (!cell) return;
    this.hover.textContent = describe(cell, this.cellView);
    this.mark.setAttribute("x", g.x + c * g.w);
    this.mark.setAttribute("y", g.y + r * g.h);
    this.mark.setAttribute("visibility", "visible");
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
}

init();
