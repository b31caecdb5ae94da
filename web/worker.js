// The search runs here, off the page's thread, so that the page never
// freezes. One request at a time: {id, op, args}. Answers:
// {id, type: "progress", data} while it runs (at most every 0.1 s),
// then {id, type: "done", data, ms} or {id, type: "error", message, ms};
// `ms` is the call's time by this Worker's own clock (performance.now()).
//
// Stop: the page terminates this Worker (see README.md in this folder).
import init, * as engine from "./dancing_web.js";

const ready = init().then(() => {
  postMessage({ type: "ready", version: engine.engine_version(), generators: JSON.parse(engine.generators()) });
});

const operations = {
  sudoku_read: (a) => engine.sudoku_read(a.text, a.name, a.box, a.variant),
  sudoku_solve: (a) => engine.sudoku_solve(a.text, a.name, a.box, a.variant, a.limit),
  sudoku_count: (a, progress) => engine.sudoku_count(a.text, a.name, a.box, a.variant, a.list, a.maxNodes, a.timeMs, progress),
  sudoku_generate: (a) => JSON.stringify(engine.sudoku_generate(a.box, a.variant, a.seed)),
  cover_text: (a, progress) => engine.cover_text(a.text, a.name, a.list, a.maxNodes, a.timeMs, a.branching, progress),
  cover_generated: (a, progress) =>
    engine.cover_generated(a.generator, a.argument, a.option, a.list, a.maxNodes, a.timeMs, a.branching, progress),
  random_text: (a) => engine.random_text(a.text, a.name, a.seed),
  random_generated: (a) => engine.random_generated(a.generator, a.argument, a.option, a.seed),
  random_grid: (a) => engine.random_grid(a.box, a.variant, a.seed),
};

onmessage = async (event) => {
  const { id, op, args } = event.data;
  await ready;
  const progress = (text) => postMessage({ id, type: "progress", data: JSON.parse(text) });
  const started = performance.now();
  try {
    const answer = operations[op](args, progress);
    postMessage({ id, type: "done", data: JSON.parse(answer), ms: performance.now() - started });
  } catch (error) {
    postMessage({ id, type: "error", message: String(error), ms: performance.now() - started });
  }
};
