// The page: two views (Sudoku, exact cover), the Worker that searches,
// the progress line and the Stop button, and the problem in the URL.

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";

// ---------------------------------------------------------------- engine

/// The Worker that runs the engine. Stop terminates it: a search in
/// WebAssembly cannot be interrupted from outside (the Worker's event loop
/// is busy until the call returns), and terminating takes effect at once,
/// wherever the search is; a new Worker is started for the next request.
class Engine {
  constructor() {
    this.nextId = 1;
    this.pending = null;
    this.start();
  }

  start() {
    this.worker = new Worker("worker.js", { type: "module" });
    this.ready = new Promise((resolve, reject) => {
      this.worker.onerror = (event) => reject(new Error(event.message || "the Worker failed to start"));
      this.worker.onmessage = (event) => {
        const message = event.data;
        if (message.type === "ready") {
          resolve(message);
          return;
        }
        const pending = this.pending;
        if (!pending || message.id !== pending.id) return;
        if (message.type === "progress") {
          pending.onProgress(message.data);
        } else {
          this.pending = null;
          if (message.type === "done") pending.resolve({ data: message.data, ms: message.ms });
          else {
            pending.reject({ message: message.message, ms: message.ms });
            // A panic leaves the module unusable: start afresh.
            if (/RuntimeError|unreachable/.test(message.message)) this.restart();
          }
        }
      };
    });
  }

  restart() {
    this.worker.terminate();
    this.start();
  }

  /// Runs `op` with `args`; `onProgress` gets the progress reports.
  async call(op, args, onProgress = () => {}) {
    await this.ready;
    if (this.pending) throw { message: "a search is running: stop it first" };
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending = { id, resolve, reject, onProgress };
      this.worker.postMessage({ id, op, args });
    });
  }

  /// Stops the running search, if any: the promise of its call rejects
  /// with {stopped: true}.
  stop() {
    const pending = this.pending;
    if (!pending) return false;
    this.pending = null;
    this.restart();
    pending.reject({ stopped: true });
    return true;
  }
}

const engine = new Engine();
// For web/tests/bench.py, which times calls in the Worker.
window.dancing = { engine };

// ---------------------------------------------------------------- status

const fmt = (n) => Number(n).toLocaleString("en-US");
/// `n` and its noun, singular for exactly one: "1 solution", "2 nodes".
// A count of any size given as decimal digits (a diagram's), with commas.
const fmtDigits = (digits) => String(digits).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
const plural = (n, noun) => `${fmt(n)} ${noun}${Number(n) === 1 ? "" : "s"}`;
const seconds = (ms) => (ms / 1000).toFixed(ms < 10000 ? 3 : 1) + " s";

let lastProgress = null;
let runStarted = 0;

function showProgress(progress) {
  lastProgress = progress;
  $("progress").textContent =
    `Searching: ${plural(progress.nodes, "node")}, ${plural(progress.solutions, "solution")}, ` +
    `about ${(progress.fraction * 100).toFixed(progress.fraction < 0.01 ? 4 : 2)}% explored ` +
    `(Knuth's estimate), ${seconds(progress.elapsed_ms)}`;
}

function showError(message) {
  const box = $("error");
  box.textContent = message;
  box.hidden = !message;
}

/// Runs one engine call with the status line and the Stop button.
async function run(op, args) {
  showError("");
  lastProgress = null;
  runStarted = performance.now();
  $("progress").textContent = "Searching...";
  $("stop").disabled = false;
  setBusy(true);
  try {
    const answer = await engine.call(op, args, showProgress);
    $("progress").textContent = `Done in ${seconds(answer.ms)}.`;
    return answer;
  } catch (error) {
    if (error && error.stopped) {
      const at = lastProgress
        ? ` after ${plural(lastProgress.nodes, "node")} and ${plural(lastProgress.solutions, "solution")} (${(lastProgress.fraction * 100).toFixed(2)}% explored)`
        : "";
      $("progress").textContent = `Stopped${at}, ${seconds(performance.now() - runStarted)}.`;
    } else {
      $("progress").textContent = "Failed.";
      showError(error && error.message ? error.message : String(error));
    }
    return null;
  } finally {
    $("stop").disabled = true;
    setBusy(false);
  }
}

function setBusy(busy) {
  for (const id of ["sudoku-solve", "sudoku-unique", "sudoku-count", "sudoku-generate", "sudoku-random", "cover-run", "cover-random"]) {
    $(id).disabled = busy;
  }
}

$("stop").addEventListener("click", () => engine.stop());

// ---------------------------------------------------------------- views

function showView(view) {
  for (const name of ["sudoku", "cover"]) {
    $(`view-${name}`).hidden = name !== view;
    $(`tab-${name}`).classList.toggle("active", name === view);
  }
  currentView = view;
}
let currentView = "sudoku";
for (const tab of document.querySelectorAll(".tab")) {
  tab.addEventListener("click", () => showView(tab.dataset.view));
}

// ---------------------------------------------------------------- sudoku

function sudokuArgs(extra = {}) {
  return {
    text: $("sudoku-text").value,
    name: $("sudoku-text").dataset.name || "puzzle",
    box: $("sudoku-box").value.trim(),
    variant: $("sudoku-variant").value.trim() === "classic" ? "" : $("sudoku-variant").value.trim(),
    ...extra,
  };
}

/// The symbol of digit `d` in puzzle `view`.
function symbol(view, d) {
  if (!d) return "";
  return view.symbols ? view.symbols[d - 1] : String(d);
}

/// Draws `view` (a puzzle) with `solution` (cells, or null) as an SVG:
/// givens in black, found digits in blue, boxes or jigsaw regions with
/// thick lines (and tinted), killer cages dashed with their sums.
function drawSudoku(view, solution) {
  const n = view.size;
  const cell = n > 16 ? 26 : n > 9 ? 34 : 44;
  const pad = 4;
  const size = n * cell + 2 * pad;
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${size} ${size}`);
  svg.setAttribute("width", size);
  svg.setAttribute("height", size);
  svg.setAttribute("class", "sudoku");
  const add = (tag, attrs, text) => {
    const el = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    if (text !== undefined) el.textContent = text;
    svg.appendChild(el);
    return el;
  };
  const region = (r, c) =>
    view.regions ? view.regions[r * n + c] : Math.floor(r / view.box_rows) * (n / view.box_cols) + Math.floor(c / view.box_cols);
  const tints = ["#fff7e0", "#e8f4ff", "#eefbe8", "#fbeef8", "#f0eefe", "#e9fbf8", "#fdf0e6", "#f2f2f2", "#fffbe6"];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const fill = view.regions ? tints[region(r, c) % tints.length] : "white";
      add("rect", { x: pad + c * cell, y: pad + r * cell, width: cell, height: cell, fill, stroke: "#c9ced6", "stroke-width": 1 });
    }
  }
  // Region (box) borders: thick where the neighbour is in another region.
  const thick = { stroke: "#1b1f24", "stroke-width": 2.5, "stroke-linecap": "square" };
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const x = pad + c * cell, y = pad + r * cell;
      if (c + 1 < n && region(r, c) !== region(r, c + 1)) add("line", { x1: x + cell, y1: y, x2: x + cell, y2: y + cell, ...thick });
      if (r + 1 < n && region(r, c) !== region(r + 1, c)) add("line", { x1: x, y1: y + cell, x2: x + cell, y2: y + cell, ...thick });
    }
  }
  add("rect", { x: pad, y: pad, width: n * cell, height: n * cell, fill: "none", ...thick });
  // Killer cages: a dashed outline inside the cells, the sum in the corner.
  const cageOf = new Map();
  view.cages.forEach((cage, k) => cage.cells.forEach((i) => cageOf.set(i, k)));
  const inset = 4;
  const dashed = { stroke: "#7a4fb5", "stroke-width": 1.2, "stroke-dasharray": "3 2" };
  view.cages.forEach((cage, k) => {
    for (const i of cage.cells) {
      const r = Math.floor(i / n), c = i % n;
      const x = pad + c * cell, y = pad + r * cell;
      const same = (rr, cc) => rr >= 0 && cc >= 0 && rr < n && cc < n && cageOf.get(rr * n + cc) === k;
      const x0 = x + (same(r, c - 1) ? 0 : inset), x1 = x + cell - (same(r, c + 1) ? 0 : inset);
      const y0 = y + (same(r - 1, c) ? 0 : inset), y1 = y + cell - (same(r + 1, c) ? 0 : inset);
      if (!same(r - 1, c)) add("line", { x1: x0, y1: y0, x2: x1, y2: y0, ...dashed });
      if (!same(r + 1, c)) add("line", { x1: x0, y1: y1, x2: x1, y2: y1, ...dashed });
      if (!same(r, c - 1)) add("line", { x1: x0, y1: y0, x2: x0, y2: y1, ...dashed });
      if (!same(r, c + 1)) add("line", { x1: x1, y1: y0, x2: x1, y2: y1, ...dashed });
    }
    const first = Math.min(...cage.cells);
    add("text", { x: pad + (first % n) * cell + inset + 1, y: pad + Math.floor(first / n) * cell + inset + 9, "font-size": 9, fill: "#7a4fb5", "font-family": "sans-serif" }, String(cage.sum));
  });
  // Digits: givens bold black, found digits blue.
  const font = Math.round(cell * 0.55);
  for (let i = 0; i < n * n; i++) {
    const given = view.givens[i];
    const digit = given || (solution ? solution[i] : 0);
    if (!digit) continue;
    add("text", {
      x: pad + (i % n) * cell + cell / 2,
      y: pad + Math.floor(i / n) * cell + cell / 2 + font * 0.36,
      "text-anchor": "middle", "font-size": font, "font-family": "system-ui, sans-serif",
      "font-weight": given ? 700 : 400, fill: given ? "#1b1f24" : "#1f6fd1",
      class: given ? "given" : "found",
    }, symbol(view, digit));
  }
  const board = $("sudoku-board");
  board.replaceChildren(svg);
}

/// The digits of a solved grid as one line, in reading order.
function solutionLine(view, cells) {
  return view.symbols ? cells.map((d) => symbol(view, d)).join("") : cells.join(" ");
}

async function sudokuSolve(limit) {
  setUrl();
  const answer = await run("sudoku_solve", sudokuArgs({ limit }));
  if (!answer) return;
  const solved = answer.data;
  drawSudoku(solved.puzzle, solved.solution);
  const text = $("sudoku-answer");
  if (!solved.solution) {
    text.textContent = "No solution.";
  } else {
    const verdict = limit >= 2 ? (solved.solutions === 1 ? "The solution is unique." : "More than one solution: this is one.") : "Solution:";
    text.textContent = `${verdict} ${solutionLine(solved.puzzle, solved.solution)}`;
  }
  $("progress").textContent += ` ${plural(solved.nodes, "node")} (${solved.puzzle.size}x${solved.puzzle.size}, ${solved.puzzle.variant}).`;
}

async function sudokuCount() {
  setUrl();
  const counted = await run("sudoku_count", sudokuArgs({ list: 0, maxNodes: 0, timeMs: 0 }));
  if (!counted) return;
  const c = counted.data;
  let first = null;
  if (c.solutions > 0) {
    // The first solution, to draw: a search that stops at it.
    const solved = await engine.call("sudoku_solve", sudokuArgs({ limit: 1 })).catch(() => null);
    first = solved && solved.data.solution;
  }
  drawSudoku(c.puzzle, first);
  $("sudoku-answer").textContent =
    `${plural(c.solutions, "solution")} (${c.stop}), ${plural(c.nodes, "node")}.` +
    (first ? ` The first: ${solutionLine(c.puzzle, first)}` : "");
}

async function sudokuGenerate() {
  const seed = Number($("sudoku-seed").value) || 1;
  const answer = await run("sudoku_generate", { box: $("sudoku-box").value.trim(), variant: sudokuArgs().variant, seed });
  if (!answer) return;
  $("sudoku-text").value = answer.data;
  delete $("sudoku-text").dataset.name;
  const view = await engine.call("sudoku_read", sudokuArgs());
  drawSudoku(view.data, null);
  $("sudoku-answer").textContent = "";
  setUrl();
}

async function sudokuShow() {
  try {
    const view = await engine.call("sudoku_read", sudokuArgs());
    drawSudoku(view.data, null);
    showError("");
  } catch (error) {
    if (error && error.message) showError(error.message);
  }
}

$("sudoku-solve").addEventListener("click", () => sudokuSolve(1));
$("sudoku-unique").addEventListener("click", () => sudokuSolve(2));
$("sudoku-count").addEventListener("click", sudokuCount);
$("sudoku-generate").addEventListener("click", sudokuGenerate);
$("sudoku-file").addEventListener("change", async (event) => {
  const file = event.target.files[0];
  if (!file) return;
  $("sudoku-text").value = await file.text();
  $("sudoku-text").dataset.name = file.name;
  sudokuShow();
});
$("sudoku-text").addEventListener("input", () => delete $("sudoku-text").dataset.name);

// ---------------------------------------------------------------- exact cover

const PIECE_COLORS = ["#e6194b", "#3cb44b", "#ffe119", "#4363d8", "#f58231", "#911eb4", "#46f0f0", "#f032e6",
  "#bcf60c", "#fabebe", "#008080", "#e6beff", "#9a6324", "#fffac8", "#800000", "#aaffc3", "#808000", "#ffd8b1", "#000075", "#808080"];

function drawQueens(drawing) {
  const n = drawing.n, cell = Math.max(14, Math.min(32, Math.floor(320 / n)));
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("width", n * cell);
  svg.setAttribute("height", n * cell);
  svg.setAttribute("class", "queens");
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const rect = document.createElementNS(SVG, "rect");
      Object.entries({ x: c * cell, y: r * cell, width: cell, height: cell, fill: (r + c) % 2 ? "#b58863" : "#f0d9b5" })
        .forEach(([k, v]) => rect.setAttribute(k, v));
      svg.appendChild(rect);
    }
    const queen = document.createElementNS(SVG, "text");
    Object.entries({ x: drawing.columns[r] * cell + cell / 2, y: r * cell + cell * 0.78, "text-anchor": "middle", "font-size": cell * 0.8, fill: "#111" })
      .forEach(([k, v]) => queen.setAttribute(k, v));
    queen.textContent = "\u265B";
    svg.appendChild(queen);
  }
  return svg;
}

function drawPieces(drawing) {
  const { width, height, cells, labels } = drawing;
  const cell = Math.max(12, Math.min(30, Math.floor(480 / Math.max(width, height))));
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("width", width * cell + 2);
  svg.setAttribute("height", height * cell + 2);
  svg.setAttribute("class", "pieces");
  const at = (x, y) => (x < 0 || y < 0 || x >= width || y >= height ? -2 : cells[y * width + x]);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const piece = at(x, y);
      if (piece < 0) continue;
      const rect = document.createElementNS(SVG, "rect");
      Object.entries({ x: 1 + x * cell, y: 1 + y * cell, width: cell, height: cell, fill: PIECE_COLORS[piece % PIECE_COLORS.length], stroke: "rgba(0,0,0,.12)" })
        .forEach(([k, v]) => rect.setAttribute(k, v));
      const title = document.createElementNS(SVG, "title");
      title.textContent = labels[piece];
      rect.appendChild(title);
      svg.appendChild(rect);
    }
  }
  // Outlines between different pieces.
  const line = (x1, y1, x2, y2) => {
    const l = document.createElementNS(SVG, "line");
    Object.entries({ x1: 1 + x1 * cell, y1: 1 + y1 * cell, x2: 1 + x2 * cell, y2: 1 + y2 * cell, stroke: "#222", "stroke-width": 2, "stroke-linecap": "square" })
      .forEach(([k, v]) => l.setAttribute(k, v));
    svg.appendChild(l);
  };
  for (let y = 0; y <= height; y++) {
    for (let x = 0; x <= width; x++) {
      if (x < width && at(x, y) !== at(x, y - 1) && (at(x, y) >= 0 || at(x, y - 1) >= 0)) line(x, y, x + 1, y);
      if (y < height && at(x, y) !== at(x - 1, y) && (at(x, y) >= 0 || at(x - 1, y) >= 0)) line(x, y, x, y + 1);
    }
  }
  return svg;
}

/// Which search ran, as the engine names it (the report's `search`), in
/// the page's words.
const SEARCHES = {
  links: "dancing links, fewest options",
  "cells-mrv": "dancing cells, fewest options",
  "cells-wtd": "dancing cells, weighted (SSXCC-WTD0)",
  "cells-frb": "dancing cells, failure rate (SSXCC-FRB0)",
};

function searchName(search) {
  return SEARCHES[search] || search;
}

function statsTable(report, ms) {
  const rows = [
    ["Solutions", fmt(report.solutions) + (report.complete ? "" : " (so far)")],
    ["Nodes", fmt(report.nodes)],
    ["Updates", fmt(report.updates)],
    // Dancing cells purify no colored entries (dlx solve leaves the figure out).
    ["Cleansings", report.search && report.search !== "links" ? "(not on dancing cells)" : fmt(report.cleansings)],
    ["Deepest level", fmt(report.max_depth)],
    ["Ended", report.stop],
    ...(report.search ? [["Search", searchName(report.search)]] : []),
    ["Explored (Knuth's estimate)", (report.explored * 100).toFixed(2) + "%"],
    ["Time (search)", seconds(report.elapsed_ms)],
    ["Time (in the Worker)", seconds(ms)],
  ];
  const table = document.createElement("table");
  table.className = "stats";
  for (const [name, value] of rows) {
    const tr = table.insertRow();
    const th = document.createElement("th");
    th.textContent = name;
    tr.appendChild(th);
    tr.insertCell().textContent = value;
  }
  return table;
}

function profileChart(profile) {
  const box = document.createElement("div");
  if (profile.length === 0) return box;
  const title = document.createElement("h3");
  title.textContent = "Nodes per level";
  box.appendChild(title);
  const grid = document.createElement("div");
  grid.className = "profile";
  const top = Math.max(...profile);
  profile.forEach((count, level) => {
    const label = document.createElement("span");
    label.textContent = level;
    const bar = document.createElement("span");
    bar.className = "bar";
    bar.style.width = `${Math.max(1, (100 * count) / top)}%`;
    const value = document.createElement("span");
    value.textContent = fmt(count);
    grid.append(label, bar, value);
  });
  box.appendChild(grid);
  return box;
}

function coverSource() {
  return document.querySelector('input[name="cover-source"]:checked').value;
}

function coverMode() {
  return document.querySelector('input[name="cover-mode"]:checked').value;
}

function showCoverSource() {
  const gen = coverSource() === "gen";
  $("cover-text-box").hidden = gen;
  $("cover-gen-box").hidden = !gen;
}

async function coverRun() {
  setUrl();
  const list = coverMode() === "list" ? Math.max(1, Number($("cover-k").value) || 1) : 0;
  const maxNodes = Number($("cover-nodes").value.replace(/[,_ ]/g, "")) || 0;
  const timeMs = (Number($("cover-time").value) || 0) * 1000;
  const common = { list, maxNodes, timeMs, branching: $("cover-branching").value };
  $("cover-problem").textContent = "";
  $("cover-stats").replaceChildren();
  $("cover-solutions").replaceChildren();
  const answer = coverSource() === "gen"
    ? await run("cover_generated", { generator: $("cover-gen").value, argument: $("cover-arg").value, option: $("cover-opt").checked, ...common })
    : await run("cover_text", { text: $("cover-text").value, name: $("cover-text").dataset.name || "input", ...common });
  if (!answer) return;
  const report = answer.data;
  const p = report.problem;
  $("cover-problem").textContent =
    (p.description ? p.description + ". " : "") +
    `${fmt(p.primary)} primary and ${fmt(p.secondary)} secondary ${Number(p.secondary) === 1 ? "item" : "items"}, ${plural(p.options, "option")}` +
    (p.colors ? ", with colors" : "") + (p.bounds ? ", with bounds" : "") + "." +
    (p.warnings.length ? "\n" + p.warnings.join("\n") : "");
  const summary = document.createElement("p");
  summary.className = "answer";
  summary.id = "cover-count";
  summary.textContent = report.complete
    ? `${plural(report.solutions, "solution")}.`
    : `${plural(report.solutions, "solution")} found before the search ended (${report.stop}).`;
  const searched = document.createElement("p");
  searched.id = "cover-search";
  searched.textContent = `Search: ${searchName(report.search)}, ${plural(report.nodes, "node")}.`;
  $("cover-stats").replaceChildren(summary, searched, statsTable(report, answer.ms), profileChart(report.profile));
  const box = document.createElement("div");
  box.className = "solutions";
  report.shown.forEach((shown, k) => box.appendChild(solutionBox(shown, `Solution ${k + 1}`)));
  $("cover-solutions").replaceChildren(box);
}

/// One solution as the page shows it: its drawing, if any, and its options.
function solutionBox(shown, title) {
  const div = document.createElement("div");
  div.className = "solution";
  const h = document.createElement("h3");
  h.textContent = title;
  div.appendChild(h);
  const d = shown.drawing;
  if (d && d.kind === "queens") div.appendChild(drawQueens(d));
  else if (d && d.kind === "pieces") div.appendChild(drawPieces(d));
  else if (d && d.kind === "text") {
    const pre = document.createElement("pre");
    pre.textContent = d.text;
    div.appendChild(pre);
  }
  const ol = document.createElement("ul");
  ol.className = "options";
  for (const option of shown.options) {
    const li = document.createElement("li");
    li.textContent = option;
    ol.appendChild(li);
  }
  if (!d || shown.options.length <= 16) div.appendChild(ol);
  return div;
}

/// "Random solution": one solution drawn exactly uniformly from the
/// diagram of all solutions (dlx zdd --sample 1 --seed S), within the
/// engine's node limit for the page.
async function coverRandom() {
  setUrl();
  const seed = Math.max(0, Math.floor(Number($("cover-seed").value) || 0));
  const source = coverSource() === "gen"
    ? { generator: $("cover-gen").value, argument: $("cover-arg").value, option: $("cover-opt").checked }
    : { text: $("cover-text").value, name: $("cover-text").dataset.name || "input" };
  $("cover-problem").textContent = "";
  $("cover-stats").replaceChildren();
  $("cover-solutions").replaceChildren();
  const answer = await run(coverSource() === "gen" ? "random_generated" : "random_text", { ...source, seed });
  if (!answer) return;
  const drawn = answer.data;
  const summary = document.createElement("p");
  summary.className = "answer";
  summary.id = "cover-count";
  summary.textContent = drawn.solution
    ? `One of ${fmtDigits(drawn.count)} solution${drawn.count === "1" ? "" : "s"}, drawn uniformly (seed ${drawn.seed}; a diagram of ${plural(drawn.nodes, "node")}).`
    : "No solution.";
  $("cover-stats").replaceChildren(summary);
  if (drawn.solution) {
    const box = document.createElement("div");
    box.className = "solutions";
    box.appendChild(solutionBox(drawn.solution, "Random solution"));
    $("cover-solutions").replaceChildren(box);
  }
}

/// "Random grid": a complete grid of the current box shape drawn exactly
/// uniformly (only up to 4x4: the engine refuses larger sizes).
async function sudokuRandom() {
  const seed = Math.max(0, Math.floor(Number($("sudoku-seed").value) || 0));
  const answer = await run("random_grid", { box: $("sudoku-box").value.trim() || "2x2", variant: sudokuArgs().variant, seed });
  if (!answer) return;
  const drawn = answer.data;
  $("sudoku-text").value = drawn.line;
  delete $("sudoku-text").dataset.name;
  drawSudoku(drawn.puzzle, drawn.grid);
  $("sudoku-answer").textContent =
    `A uniformly random grid, one of ${fmtDigits(drawn.count)} (seed ${drawn.seed}): ${drawn.line}`;
  setUrl();
}
$("sudoku-random").addEventListener("click", sudokuRandom);
$("cover-random").addEventListener("click", coverRandom);

let generatorList = [];
function showGeneratorOption() {
  const entry = generatorList.find((g) => g[0] === $("cover-gen").value);
  const flag = entry ? entry[2] : "";
  $("cover-opt-label").hidden = !flag;
  $("cover-opt-name").textContent = flag;
}

document.querySelectorAll('input[name="cover-source"]').forEach((r) => r.addEventListener("change", showCoverSource));
$("cover-gen").addEventListener("change", () => {
  const entry = generatorList.find((g) => g[0] === $("cover-gen").value);
  if (entry) $("cover-arg").value = entry[1];
  $("cover-opt").checked = false;
  showGeneratorOption();
});
$("cover-run").addEventListener("click", coverRun);
$("cover-file").addEventListener("change", async (event) => {
  const file = event.target.files[0];
  if (!file) return;
  $("cover-text").value = await file.text();
  $("cover-text").dataset.name = file.name;
});
$("cover-text").addEventListener("input", () => delete $("cover-text").dataset.name);

// ---------------------------------------------------------------- URL

/// The current problem as a query string, so that a link reproduces it:
/// ?sudoku=CELLS[&box=RxC][&variant=V], or ?dlx=TEXT, or
/// ?gen=NAME&arg=ARGUMENT[&opt=1]; [&list=K] lists instead of counting,
/// [&branching=wtd|frb] branches by a learning rule.
function setUrl() {
  const params = new URLSearchParams();
  if (currentView === "sudoku") {
    const text = $("sudoku-text").value.trim();
    if (text.includes("\n")) params.set("sudoku", text + "\n");
    else params.set("sudoku", text);
    if ($("sudoku-box").value.trim()) params.set("box", $("sudoku-box").value.trim());
    if ($("sudoku-variant").value.trim()) params.set("variant", $("sudoku-variant").value.trim());
  } else if (coverSource() === "gen") {
    params.set("gen", $("cover-gen").value);
    params.set("arg", $("cover-arg").value);
    if ($("cover-opt").checked) params.set("opt", "1");
  } else {
    params.set("dlx", $("cover-text").value);
  }
  if (currentView === "cover" && coverMode() === "list") params.set("list", $("cover-k").value);
  if (currentView === "cover" && $("cover-branching").value !== "mrv") params.set("branching", $("cover-branching").value);
  const url = `${location.pathname}?${params}`;
  history.replaceState(null, "", url);
  $("permalink").href = url;
}

async function fromUrl() {
  const params = new URLSearchParams(location.search);
  if (params.has("sudoku")) {
    showView("sudoku");
    $("sudoku-text").value = params.get("sudoku");
    $("sudoku-box").value = params.get("box") || "";
    $("sudoku-variant").value = params.get("variant") || "";
    await sudokuSolve(2);
  } else if (params.has("dlx") || params.has("gen")) {
    showView("cover");
    if (params.has("gen")) {
      document.querySelector('input[name="cover-source"][value="gen"]').checked = true;
      $("cover-gen").value = params.get("gen");
      $("cover-arg").value = params.get("arg") || "";
      $("cover-opt").checked = params.get("opt") === "1";
      showGeneratorOption();
    } else {
      $("cover-text").value = params.get("dlx");
    }
    if (params.has("list")) {
      document.querySelector('input[name="cover-mode"][value="list"]').checked = true;
      $("cover-k").value = params.get("list");
    }
    if (params.has("branching")) $("cover-branching").value = params.get("branching");
    showCoverSource();
    await coverRun();
  } else if (params.get("view") === "cover") {
    showView("cover");
  }
}

// ---------------------------------------------------------------- start

const EXAMPLE_SUDOKU = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const EXAMPLE_DLX = "| Knuth's example with colors (DLX2)\np q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n";

async function main() {
  showView("sudoku");
  $("sudoku-text").value = EXAMPLE_SUDOKU;
  $("cover-text").value = EXAMPLE_DLX;
  showCoverSource();
  let ready;
  try {
    ready = await engine.ready;
  } catch (error) {
    showError(`The engine did not load: ${error.message}`);
    return;
  }
  $("engine-version").textContent = ready.version;
  generatorList = ready.generators;
  for (const [name] of generatorList) {
    const option = document.createElement("option");
    option.value = option.textContent = name;
    $("cover-gen").appendChild(option);
  }
  $("cover-arg").value = generatorList[0][1];
  showGeneratorOption();
  if (location.search) await fromUrl();
  else await sudokuShow();
  document.body.dataset.ready = "1";
}

main();
