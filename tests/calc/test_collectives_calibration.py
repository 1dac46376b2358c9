"""Calibration: the model against published nccl-tests measurements (cases and citations in
calc/collectives_calibration.py, one place for the tests and the accuracy page).

Large messages: bus bandwidth within ±15 % of each measurement. Small messages: time within a
factor of 2. The measured figures are copied from the cited pages and never adjusted; known
misses are kept, marked, and tested to stay documented rather than silently dropped.
"""

from __future__ import annotations

import pytest

from calc.collectives_calibration import CASES, KNOWN_MISSES, Case, error
from calc.registry import run

IN_BAND = [c for c in CASES if c.in_band]


@pytest.mark.parametrize("case", [c for c in IN_BAND if c.kind == "busbw"], ids=lambda c: c.name)
def test_large_message_busbw_within_15_percent_of_published(case: Case) -> None:
    assert abs(error(case)) <= 0.15, case.source.url


@pytest.mark.parametrize("case", [c for c in IN_BAND if c.kind == "time"], ids=lambda c: c.name)
def test_small_message_time_within_factor_2_of_published(case: Case) -> None:
    assert 0.5 <= 1 + error(case) <= 2.0, case.source.url


def test_every_case_cites_a_published_page() -> None:
    assert all(c.source.url.startswith("https://github.com/") for c in CASES)


def test_cases_span_every_system_and_more_than_one_node() -> None:
    systems = {c.params["system"] for c in IN_BAND}
    assert systems == {"dgx_a100", "dgx_h100", "hgx_h200", "dgx_b200", "gb200_nvl72"}
    assert any(int(str(c.params["gpus"])) > 8 and c.params["system"] != "gb200_nvl72" for c in IN_BAND)


@pytest.mark.parametrize("case", KNOWN_MISSES, ids=lambda c: c.name)
def test_known_misses_are_explained_and_really_miss(case: Case) -> None:
    assert case.note
    assert abs(error(case)) > 0.15 if case.kind == "busbw" else not 0.5 <= 1 + error(case) <= 2.0


def test_accuracy_calculator_reports_every_case() -> None:
    result = run("accuracy")
    assert len(result.outcome.tables["cases"]) == len(CASES)
    assert result.value("in_band") == len(IN_BAND)
