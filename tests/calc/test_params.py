"""Every validation message, exactly: field, rule, value received."""

import pytest

from calc.errors import ValidationError
from calc.params import Bool, Choice, Float, Int, Size, Text

GPUS = Int("gpus", "GPUs", 8, minimum=2, maximum=131072)
BW = Float("bandwidth_GBps", "Bandwidth", 50.0, minimum=0.1, maximum=100000.0)
MSG = Size("message", "Message", 1024, minimum=1, maximum=1024**4)
OP = Choice("op", "Operation", "allreduce", choices=("allreduce", "allgather"))
PFC = Bool("pfc", "PFC", True)
YAML = Text("yaml", "YAML", "", max_length=10)


def message_of(param, raw) -> str:
    with pytest.raises(ValidationError) as info:
        param.coerce(raw)
    assert info.value.field == param.name
    return info.value.message


@pytest.mark.parametrize(
    ("param", "raw", "message"),
    [
        (GPUS, 1, "gpus must be between 2 and 131072: got 1"),
        (GPUS, "1", "gpus must be between 2 and 131072: got 1"),
        (GPUS, 200000, "gpus must be between 2 and 131072: got 200000"),
        (GPUS, "2.5", "gpus must be an integer: got 2.5"),
        (GPUS, "eight", "gpus must be an integer: got 'eight'"),
        (GPUS, True, "gpus must be an integer: got True"),
        (GPUS, None, "gpus must be an integer: got None"),
        (GPUS, "nan", "gpus must be a finite number: got nan"),
        (BW, "inf", "bandwidth_GBps must be a finite number: got inf"),
        (BW, 0, "bandwidth_GBps must be between 0.1 and 100000: got 0"),
        (BW, "fast", "bandwidth_GBps must be a number: got 'fast'"),
        (MSG, "12XB", "message must be a size in bytes such as 4096, 512KiB, 1MiB or 4GB: got '12XB'"),
        (MSG, "2TiB", "message must be between 1 B and 1 TiB: got '2TiB'"),
        (MSG, 0, "message must be between 1 B and 1 TiB: got 0"),
        (MSG, 1.5, "message must be a size in bytes such as 4096, 512KiB, 1MiB or 4GB: got 1.5"),
        (OP, "broadcast", "op must be one of allreduce, allgather: got 'broadcast'"),
        (OP, 3, "op must be one of allreduce, allgather: got 3"),
        (PFC, "maybe", "pfc must be true or false: got 'maybe'"),
        (YAML, 5, "yaml must be text: got 5"),
        (YAML, "x" * 11, "yaml must be at most 10 characters: got 11"),
    ],
)
def test_bad_input_names_field_rule_and_value(param, raw, message: str) -> None:
    assert message_of(param, raw) == message


def test_a_long_list_of_choices_is_counted_not_repeated_in_the_message() -> None:
    many = Choice("run", "Run", "c0", choices=tuple(f"c{i}" for i in range(17)))
    assert message_of(many, "c17") == "run must be one of its 17 choices (the form's list, or describe): got 'c17'"


def test_one_sided_bounds_say_at_least_or_at_most() -> None:
    assert message_of(Int("n", "N", 1, minimum=1), 0) == "n must be at least 1: got 0"
    assert message_of(Float("x", "X", 1.0, maximum=2.0), 3) == "x must be at most 2: got 3"


@pytest.mark.parametrize(("raw", "value"), [("16", 16), (16.0, 16), (" 8 ", 8), ("1e3", 1000), ("+16", 16)])
def test_int_accepts_whole_numbers_in_any_spelling(raw, value: int) -> None:
    assert GPUS.coerce(raw) == value


def test_size_accepts_unit_suffixes() -> None:
    assert MSG.coerce("1MiB") == 1048576
    assert MSG.coerce(4096) == 4096


@pytest.mark.parametrize(("raw", "value"), [("true", True), ("off", False), ("1", True), (False, False)])
def test_bool_accepts_the_usual_spellings(raw, value: bool) -> None:
    assert PFC.coerce(raw) is value


def test_display_round_trips_through_coerce() -> None:
    assert MSG.coerce(MSG.display(1073741824)) == 1073741824
    assert BW.coerce(BW.display(900.0)) == 900.0
    assert PFC.display(True) == "true"


def test_spec_carries_what_the_form_needs() -> None:
    spec = OP.spec()
    assert spec["kind"] == "choice"
    assert spec["choices"] == ["allreduce", "allgather"]
    assert GPUS.spec()["min"] == 2 and GPUS.spec()["max"] == 131072


# One digit rule for every number: ASCII digits only, refused alike by integers, reals and sizes.
@pytest.mark.parametrize("raw", ["1_024", "\uff11\uff10", "\u0661\u0660", "1\u00a0024", "0x10", "1,024"])
def test_one_digit_rule_refuses_other_spellings_everywhere(raw: str) -> None:
    shown = repr(raw)
    assert message_of(GPUS, raw) == f"gpus must be an integer: got {shown}"
    assert message_of(BW, raw) == f"bandwidth_GBps must be a number: got {shown}"
    assert message_of(MSG, raw) == f"message must be a size in bytes such as 4096, 512KiB, 1MiB or 4GB: got {shown}"


def test_long_values_are_shortened_in_messages() -> None:
    assert message_of(OP, "x" * 1000) == ("op must be one of allreduce, allgather: got '" + "x" * 59
                                          + "… (1002 characters)")
    assert message_of(BW, "9" * 400) == "bandwidth_GBps must be a finite number: got " + "9" * 60 + "… (400 characters)"


def test_integers_beyond_the_float_range_are_refused_by_their_bounds() -> None:
    assert message_of(GPUS, 10**400) == "gpus must be a finite number: got an integer of 401 digits"
    assert message_of(MSG, 10**400) == "message must be between 1 B and 1 TiB: got an integer of 401 digits"


def test_text_refuses_half_a_surrogate_pair() -> None:
    assert message_of(Text("name", "Name", ""), "ab\ud800") == (
        "name must be Unicode text: got half a surrogate pair (\\ud800) at character 3")


@pytest.mark.parametrize("raw", [float("nan"), float("inf"), -float("inf")])
def test_non_finite_json_numbers_are_refused(raw: float) -> None:
    assert message_of(BW, raw) == f"bandwidth_GBps must be a finite number: got {raw}"


def test_applies_says_when_a_field_matters_and_travels_in_the_spec() -> None:
    link_only = Float("bandwidth_GBps", "Bandwidth", 1.0, applies=("system", ("link",)))
    assert link_only.applies_to({"system": "link"})
    assert not link_only.applies_to({"system": "dgx_h100"})
    assert link_only.spec()["applies"] == {"param": "system", "values": ["link"]}
    assert Float("x", "X", 1.0).applies_to({}) and Float("x", "X", 1.0).spec()["applies"] is None
