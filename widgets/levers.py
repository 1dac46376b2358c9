"""Build-time start-up levers for the browser runtime, made in the real pinned Pyodide.

Pyodide's own boot spends most of its time starting CPython and compiling the modules it
imports, not downloading. Three levers cut that, each measured by ``./dev.sh bench``:

- a standard library zip trimmed to the modules calc (and Pyodide's start-up) actually import;
- byte-compiling that zip and the calc wheel for Pyodide's exact Python (sourceless,
  unchecked-hash ``.pyc``, so the bytes do not depend on file times; the standard library at
  -OO). Python no longer compiles on the reader's machine: on the benchmark's busy two cores
  the first widget was live in about half the time, for about 0.65 MB more on a first visit
  (pycs compress worse than sources);
- a memory snapshot of Python with calc imported (``_makeSnapshot``/``makeMemorySnapshot``
  and ``loadPyodide({_loadSnapshot})`` of the pinned Pyodide) on the shipped stdlib and wheel,
  gzip-compressed here and decompressed by the worker, so no host setting is needed. Readers
  use it once it is cached (boot.js), so a first visit never waits for its download.

``widgets/levers.mjs`` does the work under Node; results are cached in ``.cache/levers``
under a key of their inputs, so ``mkdocs serve`` rebuilds stay quick. The compiled files are
byte-for-byte reproducible. The snapshot is not (a few kB of interpreter state depend on time
and entropy), so it is served under the key of its inputs, not of its bytes.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from widgets.cachelock import locked

__all__ = ["Levers", "LeverError", "make_levers"]

WIDGETS_DIR = Path(__file__).resolve().parent
SCRIPT = WIDGETS_DIR / "levers.mjs"
NODE_TIMEOUT_S = 300


class LeverError(Exception):
    """Node is missing or the pinned Pyodide failed to make a lever."""


@dataclass(frozen=True)
class Levers:
    key: str                 # digest of the inputs (wheel, Pyodide version, this code)
    stdlib: bytes            # trimmed standard library, byte-compiled (shipped)
    stdlib_source: bytes     # trimmed standard library, sources (benchmark only)
    wheel: bytes             # calc wheel, byte-compiled (shipped)
    snapshot_gz: bytes       # memory snapshot on ``stdlib`` and ``wheel``, gzip (shipped)
    modules: tuple[str, ...]  # the standard library files kept


def _key(root: Path, wheel: bytes) -> str:
    digest = hashlib.sha256(wheel)
    digest.update((root / "node_modules/pyodide/package.json").read_bytes())
    digest.update(SCRIPT.read_bytes())
    digest.update(Path(__file__).read_bytes())
    return digest.hexdigest()[:16]


def _node(root: Path, *args: str) -> None:
    node = shutil.which("node")
    if node is None:
        raise LeverError("node is required to build the runtime levers: run ./dev.sh setup")
    proc = subprocess.run([node, str(SCRIPT), *args], cwd=root, capture_output=True, text=True,
                          timeout=NODE_TIMEOUT_S)
    if proc.returncode != 0:  # Pyodide prints its minified source first: show Python's traceback
        error = proc.stderr[proc.stderr.find("PythonError"):] if "PythonError" in proc.stderr else proc.stderr[-2000:]
        raise LeverError(f"levers.mjs {args[0]} failed: {error[:2000]}")


def _make(root: Path, wheel: bytes, folder: Path) -> None:
    """Called under the cache's lock (make_levers): one build at a time makes a key's levers."""
    work = folder.with_name(f"{folder.name}.{os.getpid()}.tmp")
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    (work / "calc.whl").write_bytes(wheel)
    _node(root, "compile", str(work / "calc.whl"), str(work))
    _node(root, "snapshot", str(work / "stdlib-trimmed-pyc.zip"), str(work / "calc-pyc.whl"), str(work / "snapshot.bin"))
    (work / "snapshot.bin.gz").write_bytes(gzip.compress((work / "snapshot.bin").read_bytes(), 9, mtime=0))
    (work / "snapshot.bin").unlink()
    shutil.rmtree(folder, ignore_errors=True)
    work.rename(folder)  # complete or absent: a killed build never leaves half a cache


def make_levers(root: Path, wheel: bytes, cache: Path | None = None) -> Levers:
    """The levers for ``wheel`` on the Pyodide installed under ``root``, made once per input."""
    key = _key(root, wheel)
    folder = (cache or root / ".cache" / "levers") / key
    with locked(folder.with_name(f"{key}.lock")):
        if not (folder / "snapshot.bin.gz").exists():
            _make(root, wheel, folder)
    return Levers(key=key, stdlib=(folder / "stdlib-trimmed-pyc.zip").read_bytes(),
                  stdlib_source=(folder / "stdlib-trimmed.zip").read_bytes(),
                  wheel=(folder / "calc-pyc.whl").read_bytes(),
                  snapshot_gz=(folder / "snapshot.bin.gz").read_bytes(),
                  modules=tuple(json.loads((folder / "modules.json").read_text())))
