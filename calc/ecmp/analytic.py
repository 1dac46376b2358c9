"""Exact balls-into-bins results for m flows hashed uniformly onto u equal paths.

The reference model of ECMP with an ideal hash: each of m (sub-)flows picks one
of u paths independently and uniformly. All results are exact rationals:

* P(no two flows share a path) = u (u-1) ... (u-m+1) / u^m (the birthday problem).
* E[paths used] = u (1 - (1 - 1/u)^m).
* P(max load <= k) = a_m(k) / u^m, where a_m(k) = m! [x^m] (sum_{j<=k} x^j/j!)^u
  counts the assignments with no path above k flows. a_n(k) follows from
  J. C. P. Miller's recurrence for powers of a power series,
  a_n = (1/n) sum_{j=1}^{min(n,k)} ((u+1)j - n) C(n,j) a_{n-j}, in exact integers
  (floating point cancels catastrophically here). E[max load] = sum_k P(max > k).

E[max load] sums P(max > k) from k = ceil(m/u) (below it the probability is 1)
until the exact tail falls under 1e-24; the union bound u·P(Bin(m, 1/u) > k)
shows what is left is smaller than that, so the float value is exact.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

__all__ = [
    "p_no_collision", "expected_paths_used", "count_max_at_most", "p_max_at_most",
    "max_load_pmf", "expected_max_load", "link_load_pmf", "TAIL",
]

TAIL = Fraction(1, 10**24)


def p_no_collision(m: int, u: int) -> Fraction:
    """Probability that m flows on u paths all take different paths."""
    p = Fraction(1)
    for i in range(m):
        p *= Fraction(u - i, u)
        if p == 0:
            break
    return p


def expected_paths_used(m: int, u: int) -> Fraction:
    """Expected number of distinct paths the m flows occupy."""
    return u * (1 - Fraction(u - 1, u) ** m)


@lru_cache(maxsize=4096)
def count_max_at_most(m: int, u: int, k: int) -> int:
    """Assignments of m labelled flows to u paths with at most k flows on every path."""
    if k >= m:
        return int(u**m)
    a = [1] + [0] * m
    for n in range(1, m + 1):
        total = 0
        binom = 1
        for j in range(1, min(n, k) + 1):
            binom = binom * (n - j + 1) // j
            total += ((u + 1) * j - n) * binom * a[n - j]
        a[n] = total // n
    return a[m]


def p_max_at_most(m: int, u: int, k: int) -> Fraction:
    return Fraction(count_max_at_most(m, u, k), u**m)


@lru_cache(maxsize=256)
def max_load_pmf(m: int, u: int) -> tuple[tuple[int, Fraction], ...]:
    """(k, P(max load = k)) for every k with a non-negligible probability (tail < 1e-24 dropped)."""
    if m == 0:
        return ((0, Fraction(1)),)
    k = -(-m // u)
    previous = Fraction(0)
    pmf: list[tuple[int, Fraction]] = []
    while True:
        cdf = p_max_at_most(m, u, k)
        pmf.append((k, cdf - previous))
        if 1 - cdf < TAIL:
            return tuple(pmf)
        previous = cdf
        k += 1


def expected_max_load(m: int, u: int) -> Fraction:
    """E[max load] = sum_k k P(max = k) over the exact distribution."""
    return sum((k * p for k, p in max_load_pmf(m, u)), Fraction(0))


def link_load_pmf(m: int, u: int) -> tuple[float, ...]:
    """P(one given path carries j flows) = Binomial(m, 1/u), for j = 0..m."""
    p = 1.0 / u
    out = []
    coefficient = 1
    for j in range(m + 1):
        out.append(coefficient * p**j * (1 - p) ** (m - j))
        coefficient = coefficient * (m - j) // (j + 1)
    return tuple(out)
