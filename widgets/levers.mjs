// Build-time start-up levers, made in the real pinned Pyodide under Node (widgets/levers.py
// runs this; nothing here is shipped). One run does one step:
//
//   node levers.mjs compile WHEEL OUT_DIR
//     Imports calc in Pyodide exactly as the browser worker does (unpackArchive, then each
//     calculator's module; each calculator's defaults and each worked problem are run once), records which standard
//     library modules came from python_stdlib.zip, and writes into OUT_DIR:
//       stdlib-trimmed.zip       those modules only, as sources
//       stdlib-trimmed-pyc.zip   those modules only, byte-compiled (unchecked hash pycs, -OO), stored
//       calc-pyc.whl             the wheel with every module byte-compiled, sources dropped, stored
//       modules.json             the module list
//     Byte-compiling here, in Pyodide's own interpreter, gives pycs for its exact Python version.
//
//   node levers.mjs snapshot STDLIB_ZIP WHEEL OUT_FILE
//     Boots Pyodide on that standard library with _makeSnapshot, unpacks the wheel, imports
//     calc.jsonapi and every calculator module, and writes Pyodide's memory snapshot.
import { readFile, writeFile } from "node:fs/promises";
import { loadPyodide } from "pyodide";

const quiet = { stdout: () => {}, stderr: (line) => process.stderr.write(`${line}\n`) };

const IMPORT_CALC = `
import importlib
import calc.jsonapi
import calc.problems
from calc._index import MODULES
for _module in sorted(set(MODULES.values())):
    importlib.import_module(_module)
`;

const COMPILE = `
import importlib.util, io, json, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
from calc.jsonapi import run_json
from calc._index import MODULES

from calc.problems import all_problems, request_json

for _name in sorted(MODULES):
    run_json(_name, "{}")
    run_json(_name, '{"no_such_field": 1}')  # the error path too
for _problem in all_problems():  # what a worked problem imports (answers, units) is kept too
    request_json(json.dumps({"action": "solution", "problem": _problem.name, "seed": 0}))
    request_json(json.dumps({"action": "check", "problem": _problem.name, "seed": 0, "answer": "1 GB"}))

EPOCH = (1980, 1, 1, 0, 0, 0)
STDLIB = next(p for p in sys.path if p.endswith(".zip"))

def _pyc(source, filename, optimize=0):
    code = compile(source, filename, "exec", dont_inherit=True, optimize=optimize)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))

def _write(entries, compiled):
    # What is shipped (compiled) is stored: HTTP compresses the whole archive better than zip
    # compresses each entry (widgets/wheel.py).
    method = zipfile.ZIP_STORED if compiled else zipfile.ZIP_DEFLATED
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", method) as z:
        for name, data in sorted(entries):
            info = zipfile.ZipInfo(name, EPOCH)
            info.compress_type = method
            info.external_attr = 0o644 << 16
            z.writestr(info, data)
    return out.getvalue()

def _used_stdlib():
    names = set()
    for module in list(sys.modules.values()):
        origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
        if origin.startswith(STDLIB + "/"):
            names.add(origin[len(STDLIB) + 1:])
    return sorted(names)

def _stdlib_zips(names):
    with zipfile.ZipFile(STDLIB) as z:
        sources = [(n, z.read(n)) for n in names]
    plain = _write(sources, False)
    # The standard library supports -OO (no docstrings, no asserts): smaller pycs. calc reads
    # docstrings and asserts invariants, so the wheel keeps both (optimize=0).
    compiled = _write([(n + "c", _pyc(s, f"{STDLIB}/{n}", 2)) for n, s in sources], True)
    return plain, compiled

def _wheel_pyc(path):
    site = next(p for p in sys.path if p.endswith("site-packages"))
    entries = []
    with zipfile.ZipFile(path) as z:
        for name in z.namelist():
            data = z.read(name)
            if name.endswith(".py"):
                entries.append((name + "c", _pyc(data, f"{site}/{name}")))
            elif not name.endswith("/RECORD"):
                entries.append((name, data))
    return _write(entries, True)

_names = _used_stdlib()
_plain, _compiled = _stdlib_zips(_names)
_wheel = _wheel_pyc("/tmp/calc.whl")
`;

async function compileLevers(wheelPath, outDir) {
  const pyodide = await loadPyodide(quiet);
  const wheel = new Uint8Array(await readFile(wheelPath));
  pyodide.unpackArchive(wheel, "wheel");
  pyodide.FS.writeFile("/tmp/calc.whl", wheel);
  pyodide.runPython(IMPORT_CALC);
  pyodide.runPython(COMPILE);
  const get = (name) => pyodide.globals.get(name).toJs();
  await writeFile(`${outDir}/stdlib-trimmed.zip`, get("_plain"));
  await writeFile(`${outDir}/stdlib-trimmed-pyc.zip`, get("_compiled"));
  await writeFile(`${outDir}/calc-pyc.whl`, get("_wheel"));
  await writeFile(`${outDir}/modules.json`, JSON.stringify(pyodide.globals.get("_names").toJs(), null, 1));
}

async function makeSnapshot(stdlibPath, wheelPath, outFile) {
  const pyodide = await loadPyodide({ ...quiet, stdLibURL: stdlibPath, _makeSnapshot: true, env: { PYTHONHASHSEED: "0" } });
  pyodide.unpackArchive(new Uint8Array(await readFile(wheelPath)), "wheel");
  pyodide.runPython(IMPORT_CALC);
  // The same bytes from the same inputs: fixed hash seed (above) and random state (reseeded
  // from the browser's entropy after the snapshot is restored, in boot.js).
  pyodide.runPython("import random; random.seed(0)");
  await writeFile(outFile, pyodide.makeMemorySnapshot());
}

const [step, ...args] = process.argv.slice(2);
if (step === "compile") await compileLevers(...args);
else if (step === "snapshot") await makeSnapshot(...args);
else throw new Error(`unknown step ${step}: compile or snapshot`);
