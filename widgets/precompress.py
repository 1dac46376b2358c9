"""Brotli copies (``name.br``) of the large runtime files and the shared page assets, made once
at build time.

The runtime is most of a first visit's bytes (the wasm alone is 9.6 MB, 3.5 MB gzip, 2.9 MB
brotli). A host that serves precompressed siblings (the local server, tests/support/server.py,
like nginx's ``brotli_static``) sends these; a host that compresses on the fly ignores them.
Brotli at quality 11 is slow (tens of seconds for the wasm), so results are cached in
``.cache/brotli`` under the file's hash. Node's zlib makes them: Python's standard library has
no brotli, and Node is already needed at build time (widgets/levers.py).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
from pathlib import Path

from widgets.cachelock import locked

__all__ = ["PRECOMPRESSED", "precompress"]

PRECOMPRESSED = ("assets/pyodide/*/*.wasm", "assets/pyodide/*/*.mjs", "assets/pyodide/*/*.json",
                 # the engine's parts and the trimmed standard library: zips of stored entries
                 "assets/calc/*/*.zip", "assets/calc/*/*.whl",
                 "assets/plotly/*/*.js",
                 # what every page loads (Material's and the widgets' scripts and styles) and the
                 # search index: so the local server's bytes are brotli like the host's
                 "assets/javascripts/*.js", "assets/javascripts/workers/*.js", "assets/stylesheets/*.css",
                 "assets/widgets/*.js", "assets/widgets/*.css", "assets/widgets/*.json", "search/search_index.json")
_NODE = """
const { readFileSync, writeFileSync } = require("node:fs");
const { brotliCompressSync, constants } = require("node:zlib");
for (const [source, target] of JSON.parse(process.argv[1])) {
  const data = readFileSync(source);
  writeFileSync(target, brotliCompressSync(data, { params: {
    [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }));
}
"""


def precompress(site: Path, cache: Path) -> list[Path]:
    """Write ``file.br`` beside each file matching :data:`PRECOMPRESSED`; returns the files."""
    files = sorted({f for pattern in PRECOMPRESSED for f in site.glob(pattern)})
    cache.mkdir(parents=True, exist_ok=True)
    keyed = [(f, cache / (hashlib.sha256(f.read_bytes()).hexdigest()[:24] + ".br")) for f in files]
    suffix = f".{os.getpid()}.tmp"  # per process: a killed build never leaves half a file
    with locked(cache / ".lock"):  # two builds at once: the second uses what the first made
        todo = [(str(f), str(c) + suffix) for f, c in keyed if not c.exists()]
        _compress(todo)
        for _, tmp in todo:
            os.replace(tmp, tmp[: -len(suffix)])
    for f, c in keyed:
        shutil.copyfile(c, f.with_name(f.name + ".br"))
    return files


def shares(todo: list[tuple[str, str]], n: int) -> list[list[tuple[str, str]]]:
    """``todo`` in at most ``n`` shares of about equal bytes (largest file first, each to the lightest share):
    the wasm alone takes half of a cold build's brotli time, so it gets a core to itself."""
    groups: list[list[tuple[str, str]]] = [[] for _ in range(max(1, min(n, len(todo))))]
    load = [0] * len(groups)
    for size, job in sorted(((os.path.getsize(j[0]), j) for j in todo), reverse=True):
        k = load.index(min(load))
        groups[k].append(job)
        load[k] += size
    return [g for g in groups if g]


def _compress(todo: list[tuple[str, str]]) -> None:
    """Brotli ``(source, target)`` pairs with one Node process per core (a cold build: 50 s on one core)."""
    node = shutil.which("node") or "node"
    procs = [subprocess.Popen([node, "-e", _NODE, json.dumps(share)]) for share in shares(todo, os.cpu_count() or 1)]
    try:
        failed = [p.args for p in procs if p.wait(timeout=600) != 0]
    finally:
        for p in procs:
            p.kill()
    if failed:
        raise subprocess.CalledProcessError(1, failed[0])
