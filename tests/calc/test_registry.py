import json
import math

import pytest

from calc import registry
from calc.errors import ValidationError
from calc.outputs import Outcome, Scalar
from calc.params import Choice, Float, Int
from calc.registry import Calculator, all_calculators, get, run


def _toy(**kwargs: object) -> Calculator:
    def func(*, n: int, preset: str, x: float) -> Outcome:
        return Outcome(values={"y": n * x})

    return Calculator(
        "toy", "Toy", "A toy.",
        (Int("n", "N", 2, minimum=1, maximum=10),
         Choice("preset", "Preset", "a", choices=("a", "b", "custom"), fills={"a": {"x": 1.0}, "b": {"x": 2.0}}),
         Float("x", "X", 1.0, minimum=0.0, maximum=100.0)),
        (Scalar("y", "Y"),), func)


def test_unknown_parameter_is_named_with_the_known_ones() -> None:
    with pytest.raises(ValidationError) as info:
        _toy().validate({"m": 1})
    assert info.value.message == "unknown parameter 'm' for toy; known: n, preset, x"
    assert info.value.field == "m"


def test_missing_required_parameter_is_named() -> None:
    def func(*, n: int) -> Outcome:
        return Outcome(values={})

    calc = Calculator("req", "R", "R.", (Int("n", "N", None, minimum=1, maximum=2),), (), func)
    with pytest.raises(ValidationError) as info:
        calc.validate({})
    assert info.value.message == "missing parameter 'n' for req"


def test_preset_fills_parameters_not_given_explicitly() -> None:
    assert _toy().validate({"preset": "b"})["x"] == 2.0
    assert _toy().validate({"preset": "b", "x": "5"})["x"] == 5.0
    assert _toy().validate({"preset": "custom", "x": "5"})["x"] == 5.0


def test_declaration_must_match_the_function_signature() -> None:
    def func(*, other: int) -> Outcome:
        return Outcome(values={})

    with pytest.raises(TypeError, match="parameters"):
        Calculator("bad", "B", "B.", (Int("n", "N", 1, minimum=1, maximum=2),), (), func)


def test_non_finite_output_is_a_model_bug_not_a_validation_error() -> None:
    def func(*, n: int) -> Outcome:
        return Outcome(values={"y": math.inf})

    calc = Calculator("inf", "I", "I.", (Int("n", "N", 1, minimum=1, maximum=2),), (Scalar("y", "Y"),), func)
    with pytest.raises(ArithmeticError, match="output y is inf"):
        calc.run({})


def _sizes(**values: int) -> registry.Result:
    calc = Calculator("sizes", "Sizes", "Sizes.", (), tuple(Scalar(name, name, "B") for name in values),
                      lambda: Outcome(values=values))
    return registry.Result(calc, {}, calc.func())


def test_sizes_of_one_result_read_in_binary_units_when_all_are_exact() -> None:
    result = _sizes(total=1408 * 2**20, up=1152 * 2**20, small=100)
    assert [result.display(n) for n in ("total", "up", "small")] == ["1408 MiB", "1152 MiB", "100 B"]


def test_one_size_that_is_not_exact_puts_every_size_of_the_result_in_decimal_units() -> None:
    result = _sizes(total=2_058_290_000, up=1792 * 2**20, out=179_000_000)
    assert [result.display(n) for n in ("total", "up", "out")] == ["2.058 GB", "1.879 GB", "179 MB"]


def test_a_collectives_bytes_add_up_in_one_unit() -> None:
    # Hierarchical AllReduce of 1 GiB on 24 H100s: 1792 MiB over NVLink is exact, the network's share is not.
    result = run("collective", {"gpus": 24, "message": "1GiB", "algorithm": "hierarchical", "system": "dgx_h100"})
    shown = [result.display(n) for n in ("bytes_per_gpu", "scaleup_bytes_per_gpu", "scaleout_bytes_per_gpu")]
    assert shown == ["2.058 GB", "1.879 GB", "179 MB"]


def test_unknown_calculator_lists_the_known_ones() -> None:
    with pytest.raises(ValidationError) as info:
        get("nope")
    assert info.value.message.startswith("unknown calculator 'nope'; known: ")
    assert "collective" in info.value.message


def test_every_module_is_discovered() -> None:
    assert "collective" in registry.names()


@pytest.mark.parametrize("calc", all_calculators(), ids=lambda c: c.name)
def test_every_calculator_runs_on_its_defaults_with_finite_json(calc: Calculator) -> None:
    result = run(calc.name)
    text = json.dumps(result.to_json(), allow_nan=False)
    scalars = [o.name for o in calc.outputs if isinstance(o, Scalar)]
    assert set(json.loads(text)["outputs"]) == set(scalars)


@pytest.mark.parametrize("calc", all_calculators(), ids=lambda c: c.name)
def test_every_calculator_declares_help_units_and_a_source(calc: Calculator) -> None:
    assert calc.sources, f"{calc.name} cites no source"
    for p in calc.params:
        assert p.label and p.help, f"{calc.name}.{p.name} lacks a label or help"
