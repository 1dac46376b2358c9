"""The engine in the real pinned Pyodide (Node) agrees with CPython to 1e-12 relative.

It runs as the site's worker runs it: on the standard library trimmed to what calc imports
(a first visit), and from the memory snapshot made at build time (a return visit); both are
made by widgets/levers.py exactly as the build makes them. A module missing from the trimmed
zip fails every case that needs it."""

from __future__ import annotations

import json
import math
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from calc import __version__
from calc.jsonapi import run_json
from calc.problems import all_problems, request_json
from tests.pyodide.cases import cases, zh_cases
from widgets.build import calculator_index
from widgets.levers import make_levers
from widgets.parts import KERNEL_PART, engine_parts, part_file
from widgets.wheel import build_wheel, wheel_name

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.pyodide


@pytest.fixture(scope="module", params=["trimmed stdlib", "trimmed stdlib + snapshot"])
def pyodide_run(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    assert shutil.which("node"), "node is required for the Pyodide tests"
    folder = tmp_path_factory.mktemp("pyodide")
    wheel = folder / wheel_name(__version__)
    # The wheel as the site ships it: with its generated calculator index, byte-compiled, in parts.
    levers = make_levers(ROOT, build_wheel(ROOT / "calc", __version__, {"calc/_index.py": calculator_index().encode()}))
    # In parts, as the site ships it (widgets/parts.py): the kernel as the wheel, every other part beside it.
    parts = engine_parts(levers.wheel)
    wheel.write_bytes(parts.pop(KERNEL_PART))
    for name, data in parts.items():
        (folder / part_file(name)).write_bytes(data)
    (folder / "stdlib.zip").write_bytes(levers.stdlib)
    (folder / "snapshot.bin.gz").write_bytes(levers.snapshot_gz)
    (folder / "cases.json").write_text(json.dumps([*cases(), *zh_cases()]))
    (folder / "problems.json").write_text(json.dumps(problem_requests()))
    levers_args = ["--stdlib", str(folder / "stdlib.zip"), "--parts", ",".join(str(folder / part_file(n)) for n in parts)]
    if "snapshot" in request.param:
        levers_args += ["--snapshot", str(folder / "snapshot.bin.gz")]
    proc = subprocess.run(["node", str(ROOT / "tests/pyodide/run_cases.mjs"), str(wheel), str(folder / "cases.json"),
                           str(folder / "problems.json"), *levers_args],
                          capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return dict(json.loads(proc.stdout))


def problem_requests() -> list[dict[str, Any]]:
    """Every problem's numbers, answer and working for a few seeds, and a check of a wrong answer,
    in English and in Chinese."""
    found: list[dict[str, Any]] = []
    for p in all_problems():
        found += [{"action": "solution", "problem": p.name, "seed": s} for s in (0, 1, 99, 2**31 - 1)]
        found.append({"action": "check", "problem": p.name, "seed": 5, "answer": "1 GB"})
        found += [{"action": "solution", "problem": p.name, "seed": 99, "lang": "zh"},  # words from the catalogues
                  {"action": "check", "problem": p.name, "seed": 5, "answer": "1 GB", "lang": "zh"}]
    return found


def close(a: Any, b: Any, path: str = "") -> list[str]:
    """Differences between two JSON values; floats within 1e-12 relative."""
    if isinstance(a, float) or isinstance(b, float):
        ok = isinstance(a, (int, float)) and isinstance(b, (int, float)) and math.isclose(a, b, rel_tol=1e-12, abs_tol=1e-300)
        return [] if ok else [f"{path}: {a!r} != {b!r}"]
    if isinstance(a, dict) and isinstance(b, dict):
        if a.keys() != b.keys():
            return [f"{path}: keys {sorted(a)} != {sorted(b)}"]
        return [d for k in a for d in close(a[k], b[k], f"{path}.{k}")]
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return [f"{path}: length {len(a)} != {len(b)}"]
        return [d for i, (x, y) in enumerate(zip(a, b)) for d in close(x, y, f"{path}[{i}]")]
    return [] if a == b else [f"{path}: {a!r} != {b!r}"]


def test_pyodide_is_the_pinned_version_with_python_3_14(pyodide_run: dict[str, Any]) -> None:
    pinned = json.loads((ROOT / "package.json").read_text())["dependencies"]["pyodide"]
    assert pyodide_run["pyodide"] == pinned
    assert pyodide_run["python"].startswith("3.14")


def test_python_runs_on_the_trimmed_standard_library(pyodide_run: dict[str, Any]) -> None:
    levers = make_levers(ROOT, build_wheel(ROOT / "calc", __version__, {"calc/_index.py": calculator_index().encode()}))
    assert pyodide_run["stdlib"] == list(levers.modules)
    assert "json/__init__.py" in pyodide_run["stdlib"] and "email/__init__.py" not in pyodide_run["stdlib"]


def test_every_case_agrees_with_cpython(pyodide_run: dict[str, Any]) -> None:
    differences = []
    for (name, params), got in zip(cases(), pyodide_run["replies"]):  # the Chinese cases follow
        expected = json.loads(run_json(name, json.dumps(params)))
        differences += [f"{name} {params}: {d}" for d in close(expected, got["reply"])]
    assert differences == []


def test_every_chinese_case_agrees_with_cpython_in_chinese(pyodide_run: dict[str, Any]) -> None:
    """The same numbers and the same Chinese words: the catalogues ship in the wheel and are found there."""
    differences = []
    for (name, params, lang), got in zip(zh_cases(), pyodide_run["replies"][len(cases()):], strict=True):
        expected = json.loads(run_json(name, json.dumps(params), lang))
        differences += [f"{name} {params}: {d}" for d in close(expected, got["reply"])]
        if "error" in expected:
            assert re.search(r"[\u4e00-\u9fff]", expected["error"]["message"]), expected  # not English left over
    assert differences == []


def test_the_shared_cases_cover_every_calculator(pyodide_run: dict[str, Any]) -> None:
    from calc.registry import names

    assert {name for name, _ in cases()} == set(names())


def test_every_problem_draws_the_same_numbers_and_answers_in_pyodide(pyodide_run: dict[str, Any]) -> None:
    """random.Random seeded with a string is the same generator in CPython and Pyodide."""
    requests = problem_requests()
    assert len(pyodide_run["problems"]) == len(requests)
    for request, reply in zip(requests, pyodide_run["problems"], strict=True):
        assert close(reply, json.loads(request_json(json.dumps(request)))) == [], request
