"""The service worker's manifest (widgets/offline.py): what is cached, under which version."""

from __future__ import annotations

import json
from pathlib import Path

from widgets.offline import manifest, write_service_worker

CONFIG = {"pyodide": "../pyodide/1.0/", "plotly": "../plotly/2.0/plotly.js", "wheel": "../calc/k/calc.whl",
          "stdlib": "../calc/k/python_stdlib.zip", "snapshot": "../calc/k/snapshot.bin.gz"}
FILES = ["index.html", "404.html", "calculators/index.html", "sitemap.xml", "sitemap.xml.gz",
         "assets/widgets/runtime.js", "assets/widgets/config.json", "assets/javascripts/bundle.js",
         "assets/javascripts/bundle.js.map", "assets/javascripts/lunr/wordcut.js",
         "assets/pyodide/1.0/pyodide.mjs", "assets/pyodide/1.0/pyodide.mjs.br", "assets/pyodide/1.0/pyodide.asm.mjs",
         "assets/pyodide/1.0/pyodide.asm.wasm", "assets/pyodide/1.0/pyodide-lock.json",
         "assets/pyodide/1.0/python_stdlib.zip", "assets/plotly/2.0/plotly.js", "assets/calc/k/calc.whl",
         "assets/calc/k/python_stdlib.zip", "assets/calc/k/snapshot.bin.gz"]


def site(tmp_path: Path) -> Path:
    for name in FILES:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(name)
    return tmp_path


def test_pages_are_listed_at_their_address_and_runtime_files_apart(tmp_path: Path) -> None:
    _, shell, runtime = manifest(site(tmp_path), CONFIG)
    assert sorted(shell) == ["./", "404.html", "assets/javascripts/bundle.js", "assets/widgets/config.json",
                             "assets/widgets/runtime.js", "calculators/", "sitemap.xml"]
    assert sorted(runtime) == ["assets/calc/k/calc.whl", "assets/calc/k/python_stdlib.zip",
                               "assets/calc/k/snapshot.bin.gz", "assets/plotly/2.0/plotly.js",
                               "assets/pyodide/1.0/pyodide-lock.json", "assets/pyodide/1.0/pyodide.asm.mjs",
                               "assets/pyodide/1.0/pyodide.asm.wasm", "assets/pyodide/1.0/pyodide.mjs"]


def test_any_changed_file_gives_a_new_version_and_the_same_files_the_same_one(tmp_path: Path) -> None:
    folder = site(tmp_path)
    first = manifest(folder, CONFIG)[0]
    assert manifest(folder, CONFIG)[0] == first
    (folder / "assets/calc/k/snapshot.bin.gz").write_text("another snapshot")
    assert manifest(folder, CONFIG)[0] != first


def test_the_written_worker_carries_the_manifest(tmp_path: Path) -> None:
    folder = site(tmp_path)
    version = write_service_worker(folder, CONFIG)
    source = (folder / "sw.js").read_text()
    assert f'const VERSION = "{version}";' in source
    assert "@@" not in source
    shell = json.loads(source.split("const SHELL = ", 1)[1].split(";\n", 1)[0])
    assert shell == manifest(folder, CONFIG)[1]


def test_every_part_of_the_engine_is_cached_so_every_page_works_offline(tmp_path: Path) -> None:
    parts = {"fabric": "../calc/k/calc-fabric.zip", "zh": "../calc/k/calc-zh.zip"}
    for path in parts.values():
        (tmp_path / "assets/widgets" / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "assets/widgets" / path).resolve().write_text(path)
    _, _, runtime = manifest(site(tmp_path), {**CONFIG, "parts": parts})
    assert {"assets/calc/k/calc-fabric.zip", "assets/calc/k/calc-zh.zip", "assets/calc/k/calc.whl"} <= set(runtime)


def test_the_lock_file_is_not_cached_when_the_worker_gives_pyodide_its_header(tmp_path: Path) -> None:
    _, _, runtime = manifest(site(tmp_path), {**CONFIG, "lock": {"info": {}, "packages": {}}})
    assert "assets/pyodide/1.0/pyodide-lock.json" not in runtime
    assert "assets/pyodide/1.0/pyodide.asm.wasm" in runtime
