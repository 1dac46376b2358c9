"""One spelling across pages and calculator labels: Oxford (-ize, -our, -yse), as the identifiers use."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BRITISH_ISE = re.compile(r"\b\w*(?:utili|optimi|synchroni|organi|summari|minimi|normali|recogni|standardi|"
                         r"characteri|prioriti|maximi|categori|seriali|initiali|visuali)s(?:e|ed|es|ing|ation|ations)\b",
                         re.IGNORECASE)


def test_pages_and_engine_use_ize_spellings() -> None:
    files = [*ROOT.joinpath("docs").rglob("*.md"), *ROOT.joinpath("docs").rglob("*.yml"), *ROOT.joinpath("calc").rglob("*.py")]
    found = [f"{p.relative_to(ROOT)}: {m.group(0)}" for p in files for m in BRITISH_ISE.finditer(p.read_text())]
    assert found == []
