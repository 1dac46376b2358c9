// Runs calculator cases inside the real pinned Pyodide (from node_modules) under Node.
// usage: node run_cases.mjs WHEEL CASES.json [PROBLEMS.json]  ->  prints {replies: [{reply, ms}, ...],
// problems: [reply, ...]} as JSON; PROBLEMS.json holds calc.problems requests.
import { readFile } from "node:fs/promises";
import { loadPyodide } from "pyodide";

const [wheelPath, casesPath, problemsPath] = process.argv.slice(2);
const t0 = performance.now();
const pyodide = await loadPyodide();
const bootMs = performance.now() - t0;
pyodide.unpackArchive(new Uint8Array(await readFile(wheelPath)), "wheel");
const api = pyodide.pyimport("calc.jsonapi");
const cases = JSON.parse(await readFile(casesPath, "utf8"));
const replies = [];
for (const [name, params] of cases) {
  const start = performance.now();
  const reply = JSON.parse(api.run_json(name, JSON.stringify(params)));
  replies.push({ reply, ms: performance.now() - start });
}
const problems = [];
if (problemsPath) {
  const requestJson = pyodide.pyimport("calc.problems").request_json;
  for (const request of JSON.parse(await readFile(problemsPath, "utf8"))) problems.push(JSON.parse(requestJson(JSON.stringify(request))));
}
process.stdout.write(JSON.stringify({ pyodide: pyodide.version, python: pyodide.runPython("import sys; sys.version"), bootMs, replies, problems }));
