"""ECMP problems: fixed seeds against the closed forms (birthday problem, occupancy)."""

from __future__ import annotations

import math

import pytest

from calc.problems import get_problem


def test_no_collision_seed_1_is_the_birthday_product() -> None:
    i = get_problem("ecmp-no-collision").make(1)
    assert i.values == {"flows": 16, "paths": 64}
    assert i.worked.answer == pytest.approx(100 * math.perm(64, 16) / 64**16)
    assert get_problem("ecmp-no-collision").check(1, "0.129").correct  # a fraction is a share too


def test_paths_used_seed_2_is_the_occupancy_mean() -> None:
    i = get_problem("ecmp-paths-used").make(2)
    assert i.values == {"flows": 4, "paths": 16}
    assert i.worked.answer == pytest.approx(16 * (1 - (15 / 16) ** 4))


def test_busiest_path_seed_1_exceeds_the_mean() -> None:
    i = get_problem("ecmp-busiest-path").make(1)
    assert i.values == {"flows": 8, "paths": 16}
    assert i.worked.answer == pytest.approx(2.062916487455368)  # exact balls-into-bins E[max], calc.ecmp.analytic
    assert get_problem("ecmp-busiest-path").check(1, "0.5").hint == "Not m ÷ u: the maximum of the loads is larger than their mean."
