"""The Simplified Chinese message catalogues beside each topic's declarations (calc/<topic>/zh.py).

Each catalogue maps the exact English text of a declaration to Chinese. Every value holds Han
characters: a product or algorithm name keeps its English name and gains a Chinese gloss
("AllReduce (全归约)"), so an untranslated entry cannot pass for a translated one. Templates
keep their ``{placeholders}``, so a problem statement formats the same draws in either language.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterator
from types import ModuleType

import pytest

from calc.outputs import Chart, Scalar, Table
from calc.params import Choice
from calc.problems import all_problems
from calc.registry import all_calculators

HAN = re.compile(r"[\u4e00-\u9fff]")
PLACEHOLDER = re.compile(r"\{\w*\}")


def _topic(module: str) -> str:
    return module.split(".")[1]


def _topics() -> list[str]:
    declared = {_topic(c.func.__module__) for c in all_calculators() if c.func.__module__.count(".") >= 2}
    declared |= {_topic(p.solve.__module__) for p in all_problems() if p.solve.__module__.count(".") >= 2}
    return sorted(declared)


def _catalogue(topic: str) -> ModuleType:
    return importlib.import_module(f"calc.{topic}.zh")


def _calculator_texts(topic: str) -> Iterator[str]:
    """What the form, the results and the CLI show for every calculator of ``topic``."""
    for calc in all_calculators():
        if calc.func.__module__.count(".") < 2 or _topic(calc.func.__module__) != topic:
            continue
        yield from (calc.title, calc.summary)
        for p in calc.params:
            yield from (p.label, p.help)
            if isinstance(p, Choice):
                yield from p.labels.values()
        for out in calc.outputs:
            if isinstance(out, Scalar):
                yield from (out.label, out.description)
            elif isinstance(out, Chart):
                yield from (out.title, out.x_label, out.y_label, out.description)
            elif isinstance(out, Table):
                yield from (out.title, out.description, *(c.label for c in out.columns))


def _problem_texts(topic: str) -> Iterator[str]:
    for p in all_problems():
        if p.solve.__module__.count(".") >= 2 and _topic(p.solve.__module__) == topic:
            yield from (p.title, p.statement, *(h.text for h in p.hints))


TOPICS = _topics()


def test_every_topic_with_declarations_has_a_catalogue() -> None:
    assert {"collectives", "congestion", "ecmp", "fabric", "monitoring", "topology"} <= set(TOPICS)
    for topic in TOPICS:
        assert _catalogue(topic).__all__ == ["MESSAGES"]


@pytest.mark.parametrize("topic", TOPICS)
def test_catalogue_maps_nonempty_text_to_chinese(topic: str) -> None:
    messages = _catalogue(topic).MESSAGES
    assert isinstance(messages, dict) and messages
    for english, chinese in messages.items():
        assert isinstance(english, str) and english.strip(), (topic, english)
        assert isinstance(chinese, str) and chinese.strip(), (topic, english)
        assert HAN.search(chinese), (topic, english, chinese)


@pytest.mark.parametrize("topic", TOPICS)
def test_translations_keep_the_placeholders(topic: str) -> None:
    for english, chinese in _catalogue(topic).MESSAGES.items():
        assert sorted(PLACEHOLDER.findall(chinese)) == sorted(PLACEHOLDER.findall(english)), english


@pytest.mark.parametrize("topic", TOPICS)
def test_every_declared_text_has_a_translation(topic: str) -> None:
    messages = _catalogue(topic).MESSAGES
    declared = {t for t in (*_calculator_texts(topic), *_problem_texts(topic)) if t.strip()}
    assert sorted(declared - set(messages)) == []


def test_a_translated_statement_formats_like_the_english_one() -> None:
    from calc.problems import get_problem

    problem = get_problem("leaf-down-ports")
    chinese = _catalogue("fabric").MESSAGES[problem.statement]
    assert chinese.format(ports=64, ratio="2:1") == (
        "一台叶交换机有 64 个端口，均为网卡速率。收敛比 (下行:上行) 最多 2:1 时，最多可以有多少个端口面向服务器?"
    )
