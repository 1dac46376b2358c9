"""Exact balls-into-bins results against brute-force enumeration and closed forms."""

from __future__ import annotations

import itertools
from fractions import Fraction
from math import factorial

import pytest

from calc.ecmp.analytic import (
    count_max_at_most,
    expected_max_load,
    expected_paths_used,
    link_load_pmf,
    max_load_pmf,
    p_no_collision,
)

SMALL = [(1, 1), (2, 2), (3, 3), (4, 3), (5, 4), (4, 6), (6, 2), (3, 8)]


def _enumerate(m: int, u: int) -> dict[int, Fraction]:
    """Every one of the u^m assignments, counted: distribution of the maximum load."""
    counts: dict[int, int] = {}
    for assignment in itertools.product(range(u), repeat=m):
        top = max(assignment.count(p) for p in range(u))
        counts[top] = counts.get(top, 0) + 1
    return {k: Fraction(c, u**m) for k, c in counts.items()}


@pytest.mark.parametrize(("m", "u"), SMALL)
def test_max_load_distribution_is_exact(m: int, u: int) -> None:
    assert dict(max_load_pmf(m, u)) == {k: p for k, p in _enumerate(m, u).items()}


@pytest.mark.parametrize(("m", "u"), SMALL)
def test_no_collision_and_paths_used_by_enumeration(m: int, u: int) -> None:
    assignments = list(itertools.product(range(u), repeat=m))
    distinct = [len(set(a)) for a in assignments]
    assert p_no_collision(m, u) == Fraction(sum(d == m for d in distinct), u**m)
    assert expected_paths_used(m, u) == Fraction(sum(distinct), u**m)


def test_birthday_closed_form() -> None:
    assert p_no_collision(16, 16) == Fraction(factorial(16), 16**16)
    assert p_no_collision(17, 16) == 0


def test_expected_max_load_six_on_six() -> None:
    assert expected_max_load(6, 6) == sum(k * p for k, p in _enumerate(6, 6).items())


def test_count_with_no_limit_is_every_assignment() -> None:
    assert count_max_at_most(7, 5, 7) == 5**7
    assert count_max_at_most(7, 5, 1) == 0


def test_link_load_is_binomial() -> None:
    pmf = link_load_pmf(4, 2)
    assert pmf == pytest.approx((1 / 16, 4 / 16, 6 / 16, 4 / 16, 1 / 16), rel=1e-15)
