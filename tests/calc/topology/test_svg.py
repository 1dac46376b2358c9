"""Tests of calc.topology.svg: the diagram drawn as a string."""

from __future__ import annotations

import re

import pytest

from calc.fabric.sizing import design, emit_yaml
from calc.topology.analyse import analyse
from calc.topology.calculator import ARTICLE_YAML, DEFAULT_YAML
from calc.topology.load import load
from calc.topology.svg import MAX_ROW, ratio_colour, render


def draw(text: str) -> str:
    topo = load(text)
    return render(topo, analyse(topo))


@pytest.mark.parametrize(("ratio", "colour"), [(0.0, "#9e9e9e"), (0.5, "#2e7d32"), (1.0, "#2e7d32"),
                                                (1.5, "#f9a825"), (2.0, "#f9a825"), (4.0, "#ef6c00"),
                                                (4.01, "#c62828")])
def test_links_are_coloured_by_oversubscription_band(ratio: float, colour: str) -> None:
    assert ratio_colour(ratio) == colour


def test_the_articles_dangling_references_are_drawn_as_dashed_ghosts() -> None:
    svg = draw(ARTICLE_YAML)
    for name in ("leaf-02", "leaf-03", "leaf-04", "spine-02"):
        assert f"<title>{name}: referenced but not defined</title>" in svg
    dashed = re.findall(r'<line [^>]*stroke="#c62828" stroke-dasharray="4 3"/>', svg)
    assert len(dashed) == 4  # one dashed line per dangling reference


def test_tiers_are_rows_top_down() -> None:
    svg = draw(DEFAULT_YAML)
    y: dict[str, float] = {}
    for name, top in re.findall(r'<title>([\w-]+)[^<]*</title><rect x="[\d.]+" y="([\d.]+)"', svg):
        y.setdefault(name, float(top))  # first panel (compute) wins
    assert y["spine-01"] < y["rail-1"] < y["gpu-01"]
    assert y["storage-leaf-01"] > y["gpu-01"]  # the storage network is its own panel below


def test_large_tiers_are_elided_and_only_drawn_nodes_are_linked() -> None:
    d = design(32768, 8, 400.0, 1, 64, 1.0, "auto", True)
    svg = draw(emit_yaml(d, 8, 400.0, 64, True))
    assert svg.count("<rect") <= 4 * MAX_ROW + 5
    assert "… 1009 more</text>" in svg  # 1024 leaves, 15 drawn
    assert len(svg) < 200_000


def test_names_are_escaped_and_no_style_sheet_is_needed() -> None:
    svg = draw('topology:\n  leaf:\n    - {name: "<b>&"}\n')
    assert "&lt;b&gt;&amp;" in svg and "<b>" not in svg
    assert "<style" not in svg and "class=" not in svg.replace('class="calc-svg topology-diagram"', "")
