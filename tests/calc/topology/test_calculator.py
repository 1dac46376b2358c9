"""Tests of calc.topology.calculator: the declaration, its examples and what it gives the view."""

from __future__ import annotations

import pytest

from calc.errors import ValidationError
from calc.registry import run
from calc.topology.calculator import ARTICLE_YAML
from tests.calc.topology.test_analyse import TWO_TIER


def test_the_calculator_reports_everything() -> None:
    values = run("topology", {"yaml": TWO_TIER, "src": "h1", "dst": "h3"}).outcome.values
    assert values == {"valid": True, "issues": 0, "servers": 4, "gpus": 32, "switches": 4, "links": 11,
                      "transceivers": 22, "max_oversubscription": 4.0, "bisection_Gbps": 600.0, "hops": 3,
                      "paths": 4, "worst_blast": 2, "worst_switch": "s1"}


def test_the_calculator_refuses_an_unknown_server_name() -> None:
    with pytest.raises(ValidationError) as info:
        run("topology", {"yaml": TWO_TIER, "src": "h9"})
    assert info.value.message == "src must name a server in the topology: got 'h9'"


def test_the_calculator_gives_the_svg_and_issues_to_the_view() -> None:
    data = run("topology", {"yaml": ARTICLE_YAML}).outcome.data
    assert data["svg"].startswith("<svg")
    assert data["issues"][0] == {"line": 5, "object": "spine-01", "rule": "unknown-reference",
                                 "message": "spine-01 (line 3) lists leaf-02 as a peer, which is not defined"}


@pytest.mark.parametrize(("example", "valid"), [("article", False), ("pod", True), ("su", True)])
def test_examples_fill_the_editor(example: str, valid: bool) -> None:
    assert run("topology", {"example": example}).outcome.values["valid"] is valid


def test_the_scalable_unit_example_is_one_superpod_su() -> None:
    # 32 servers x 8 GPUs, 8 rail leaves, 4 spines (see test_fabric's DGX SuperPOD table).
    values = run("topology", {"example": "su"}).outcome.values
    assert (values["gpus"], values["switches"], values["links"]) == (256, 12, 512)
