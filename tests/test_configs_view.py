"""The configs view writes the same markup at build time (Python) and in the browser (configs.js)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from calc.registry import run
from widgets.views import configs as view

ROOT = Path(__file__).resolve().parents[1]
CASES = [{}, {"device": "host-03"}, {"example": "add-leaf"}, {"example": "ecn", "device": "spine-01"},
         {"yaml": "topology:\n  leaf:\n    - {name: l1, uplinks: [s9]}\n"}]
SCRIPT = """
const { diffHtml, filesHtml } = await import(process.argv[1]);
const data = JSON.parse(await new Promise((ok) => { let s = ""; process.stdin.on("data", (c) => s += c); process.stdin.on("end", () => ok(s)); }));
process.stdout.write(JSON.stringify(data.map((d) => [diffHtml(d.diff), filesHtml(d)])));
"""


def test_diff_lines_are_marked_added_removed_and_file_headers() -> None:
    html = view.diff_html("--- a/x\n+++ b/x\n@@ -1 +1 @@\n-old\n+new <b>\n")
    assert '<span class="configs-del">-old</span>' in html
    assert '<span class="configs-add">+new &lt;b&gt;</span>' in html
    assert '<span class="configs-file">--- a/x</span>' in html


def test_nothing_is_shown_until_the_problems_are_fixed() -> None:
    data = run("configs", CASES[-1]).to_json()["data"]
    assert view.files_html(data) == '<p class="configs-none">Nothing is rendered until the problems above are fixed.</p>'


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_python_and_javascript_write_the_same() -> None:
    data = [run("configs", case).to_json()["data"] for case in CASES]
    out = subprocess.run(["node", "--input-type=module", "-e", SCRIPT, str(ROOT / "widgets/views/configs.js")],
                         input=json.dumps(data), capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == [[view.diff_html(d["diff"]), view.files_html(d)] for d in data]
