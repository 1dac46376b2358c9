// Runs calculator cases inside the real pinned Pyodide (from node_modules) under Node.
// usage: node run_cases.mjs WHEEL CASES.json [PROBLEMS.json] [--stdlib STDLIB.zip] [--snapshot SNAPSHOT.bin.gz]
//                            [--parts PART.zip,PART.zip...] [--timed SNIPPET.py]
//   -> prints {pyodide, python, stdlib (its modules), bootMs, replies: [{reply, ms}, ...], problems: [reply, ...],
//              timed: [ms, ...]}
// A case is [name, params] or [name, params, lang]. PROBLEMS.json holds calc.problems requests. With --stdlib, Pyodide starts on that standard
// library (the site's trimmed one); with --snapshot, from that memory snapshot, as the site's
// worker does on a return visit; with --parts, WHEEL is the site's kernel and each part (a topic,
// a catalogue language: widgets/parts.py) is unpacked beside it, as the site's worker does. With --timed, the
// snippet's timed() runs 21 times after the cases (bench/collectives.py: a chart's sweep, which no calculator is).
import { readFile } from "node:fs/promises";
import { gunzipSync } from "node:zlib";
import { loadPyodide } from "pyodide";

const args = process.argv.slice(2);
const flag = (name) => { const i = args.indexOf(name); return i < 0 ? undefined : args.splice(i, 2)[1]; };
const stdlibPath = flag("--stdlib");
const snapshotPath = flag("--snapshot");
const partPaths = (flag("--parts") ?? "").split(",").filter(Boolean);
const timedPath = flag("--timed");
const [wheelPath, casesPath, problemsPath] = args;
const options = {};
if (stdlibPath) options.stdLibURL = stdlibPath;
if (snapshotPath) options._loadSnapshot = gunzipSync(await readFile(snapshotPath));
const t0 = performance.now();
const pyodide = await loadPyodide(options);
const bootMs = performance.now() - t0;
pyodide.unpackArchive(new Uint8Array(await readFile(wheelPath)), "wheel");
const sitePackages = pyodide.runPython("import calc; calc.__path__[0].rsplit('/', 1)[0]");
for (const part of partPaths) pyodide.unpackArchive(new Uint8Array(await readFile(part)), "zip", { extractDir: sitePackages });
const api = pyodide.pyimport("calc.jsonapi");
const cases = JSON.parse(await readFile(casesPath, "utf8"));
const replies = [];
for (const [name, params, lang = "en"] of cases) {
  const start = performance.now();
  const reply = JSON.parse(api.run_json(name, JSON.stringify(params), lang));
  replies.push({ reply, ms: performance.now() - start });
}
const problems = [];
if (problemsPath) {
  const requestJson = pyodide.pyimport("calc.problems").request_json;
  for (const request of JSON.parse(await readFile(problemsPath, "utf8"))) problems.push(JSON.parse(requestJson(JSON.stringify(request))));
}
const timed = [];
if (timedPath) {
  const run = pyodide.runPython(`${await readFile(timedPath, "utf8")}\ntimed`);
  for (let i = 0; i < 21; i++) { const start = performance.now(); run(); timed.push(performance.now() - start); }
}
const version = pyodide.runPython("import sys; sys.version");
const stdlib = pyodide.runPython(`import sys, zipfile
sorted(n.removesuffix("c") for n in zipfile.ZipFile(next(p for p in sys.path if p.endswith(".zip"))).namelist()
       if n.endswith((".py", ".pyc")))`).toJs();
process.stdout.write(JSON.stringify({ pyodide: pyodide.version, python: version, stdlib, bootMs, replies, problems, timed }));
