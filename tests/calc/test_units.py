import pytest

from calc.units import format_bytes, format_number, format_size, format_value, is_binary_exact, parse_size


@pytest.mark.parametrize(
    ("text", "expected"),
    [("4096", 4096), ("1MiB", 1048576), ("4GB", 4_000_000_000), ("512KiB", 524288), ("4 GB", 4_000_000_000),
     ("1.5KiB", 1536), ("0.5GiB", 536870912), ("1e3", 1000), ("2kB", 2000), ("16GiB", 17179869184)],
)
def test_parse_size_accepts_plain_decimal_and_binary_sizes(text: str, expected: int) -> None:
    assert parse_size(text) == expected


@pytest.mark.parametrize("text", ["", "abc", "12XB", "1.5", "-1", "1 MiB B", "nan", "1mib2", "1m"])
def test_parse_size_refuses_what_is_not_a_whole_number_of_bytes(text: str) -> None:
    assert parse_size(text) is None


def test_format_size_uses_the_largest_exact_binary_unit() -> None:
    assert [format_size(n) for n in (1, 1000, 1024, 1536, 1048576, 17179869184)] == [
        "1 B", "1000 B", "1 KiB", "1536 B", "1 MiB", "16 GiB"]


@pytest.mark.parametrize(
    ("value", "text"),
    [(0.0, "0"), (2101.83, "2,102"), (894.005, "894"), (49.8539, "49.85"), (0.012345, "0.01235"),
     (1.0, "1"), (12345678, "12,345,678"), (3.2e-6, "3.200e-06"), (True, "yes")],
)
def test_format_number_gives_four_significant_figures(value: float, text: str) -> None:
    assert format_number(value) == text


def test_format_value_joins_number_and_unit() -> None:
    assert format_value(12.5, "µs") == "12.5 µs"
    assert format_value(0.5, "%") == "0.5 %"
    assert format_value("ring", "") == "ring"
    assert format_value(2048, "B") == "2 KiB"


@pytest.mark.parametrize(("size", "shown"), [(1024**3, "1 GiB"), (7_875_000_000, "7.875 GB"), (86_992, "86,992 B"),
                                             (2_500_000, "2.5 MB"), (0, "0 B")])
def test_byte_outputs_read_as_binary_when_exact_and_decimal_otherwise(size: int, shown: str) -> None:
    assert format_value(size, "B") == shown


@pytest.mark.parametrize(("size", "exact"), [(1792 * 2**20, True), (512, True), (1000, True), (0, True),
                                             (1536, False), (179_000_000, False)])
def test_a_size_is_binary_exact_when_a_binary_unit_writes_it_whole_or_it_is_under_1_kib(size: int, exact: bool) -> None:
    assert is_binary_exact(size) is exact


def test_a_size_can_be_asked_for_in_decimal_units_even_when_binary_ones_fit() -> None:
    assert format_bytes(1792 * 2**20, binary=False) == "1.879 GB"
    assert format_value(5376 * 1024, "B", binary=False) == "5.505 MB"


def test_one_counted_thing_is_singular() -> None:
    assert format_value(1, "sub-flows") == "1 sub-flow"
    assert format_value(2, "sub-flows") == "2 sub-flows"
    assert format_value(1, "µs") == "1 µs" and format_value(1, "GB/s") == "1 GB/s"
