"""What a result shows on a Chinese page reads in Chinese, for the inputs a reader tries, not only the defaults.

The catalogue tests (test_zh_catalogues.py) check the declared texts; a model also words texts of its own that
appear only for some inputs (a chart line for a textbook system, a bound that is latency, an error at a bound, an
alert threshold other than the default). Each calculator runs, through the worker's API (calc.jsonapi), on its
defaults, on every choice of every choice parameter and on both bounds of every bounded one; each text its result
or its error shows on a Chinese page is checked. Names (hosts, files, published runs, metrics, products, an
algorithm's key: ``Scalar.names``, ``Column.names``) are kept as they are in every language.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from calc import jsonapi
from calc.outputs import Scalar, Table
from calc.params import Choice
from calc.registry import Calculator, all_calculators, get
from tests.support.texts import KEPT, TOKEN, english_words
from tests.support.tried import tried_inputs

HAN = re.compile(r"[\u4e00-\u9fff]")
WORD = re.compile(r"[A-Za-z]{2,}")
QUOTED = re.compile(r"'[^']*'")
NAMES = [c.name for c in all_calculators()]


@functools.cache
def _replies(name: str, lang: str) -> tuple[tuple[str, dict[str, Any]], ...]:
    """(inputs as JSON, the worker's reply) for every input tried (tests.support.tried) in ``lang``."""
    out = []
    for params in tried_inputs(get(name)):
        text = json.dumps(params, default=float)
        out.append((text, json.loads(jsonapi.run_json(name, text, lang))))
    return tuple(out)


def _names(calc: Calculator) -> tuple[set[str], dict[str, set[int]]]:
    """The scalars, and the columns of each table, declared to show names."""
    scalars = {o.name for o in calc.outputs if isinstance(o, Scalar) and o.names}
    columns = {o.name: {i for i, c in enumerate(o.columns) if c.names} for o in calc.outputs if isinstance(o, Table)}
    return scalars, columns


def _texts(calc: Calculator, reply: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """(where, text) for every text a reply shows but its names: word scalars, table cells, chart lines and their
    hover texts, notes, an error's message."""
    if "error" in reply:
        yield "error", reply["error"]["message"]
        return
    result, (scalars, columns) = reply["result"], _names(calc)
    yield from ((f"scalar {k}", v) for k, v in result["display"].items()
                if isinstance(result["outputs"][k], str) and k not in scalars)
    for table, rows in result["tables"].items():
        yield from ((f"table {table}", v) for row in rows for i, v in enumerate(row)
                    if isinstance(v, str) and i not in columns.get(table, set()))
    for chart, traces in result["charts"].items():
        yield from ((f"chart {chart}", s) for trace in traces for s in (trace["name"], *(trace.get("text") or ())))
    yield from (("note", n) for n in result["notes"])


def _shown(name: str) -> list[tuple[str, str, str]]:
    """(inputs, where, text) for every text the Chinese replies show but names."""
    calc = get(name)
    return [(params, where, text) for params, reply in _replies(name, "zh") for where, text in _texts(calc, reply)]


def _identifiers(calc: Calculator) -> frozenset[str]:
    """What a message may name as it is: the parameters and their choices (what the reader types), and the words
    of those choices (a published run's name: "TCPXO (gke-recipes, A3 Mega)")."""
    choices = {c for p in calc.params if isinstance(p, Choice) for c in p.choices}
    return KEPT | {p.name for p in calc.params} | choices | {w for c in choices for w in TOKEN.findall(c)}


@pytest.mark.parametrize("name", NAMES)
def test_every_text_a_result_shows_on_a_chinese_page_has_chinese_words_or_none(name: str) -> None:
    """A text without a Han character passes only if it has no word at all (a number, a ratio, a range, a dash)."""
    english = [(params, where, text) for params, where, text in _shown(name) if not HAN.search(text)
               and WORD.search(text)]
    assert english == []


@pytest.mark.parametrize("name", NAMES)
def test_a_note_or_an_error_on_a_chinese_page_leaves_no_english_words_in_its_sentence(name: str) -> None:
    """A sentence a template translated only in part ('trials 必须不大于 75000 with 16 paths…') has Han characters
    and English words both; identifiers, units and quoted keys are kept."""
    kept = _identifiers(get(name))
    left = [(params, text, english_words(QUOTED.sub(" ", text), kept)) for params, where, text in _shown(name)
            if where in ("note", "error")]
    assert [entry for entry in left if entry[2]] == []


@pytest.mark.parametrize("name", NAMES)
def test_names_read_the_same_in_both_languages(name: str) -> None:
    calc = get(name)
    scalars, columns = _names(calc)
    for (params, en), (_, zh) in zip(_replies(name, "en"), _replies(name, "zh"), strict=True):
        if "error" in en:
            continue
        assert {k: zh["result"]["display"][k] for k in scalars} == {k: en["result"]["display"][k] for k in scalars}
        for table, kept in columns.items():
            picked = [[row[i] for i in sorted(kept)] for row in zh["result"]["tables"][table]]
            assert picked == [[row[i] for i in sorted(kept)] for row in en["result"]["tables"][table]], params


def test_the_inputs_tried_include_every_choice_and_both_bounds() -> None:
    inputs = list(tried_inputs(get("collective")))
    assert {"algorithm": "nvls"} in inputs and {"system": "link"} in inputs
    assert {"gpus": get("collective").param("gpus").minimum} in inputs  # type: ignore[attr-defined]
