"""Problems for the troubleshooting-ECMP page, answered by :mod:`calc.ecmp.analytic` (exact
balls-into-bins results for flows hashed uniformly onto equal-cost paths)."""

from __future__ import annotations

from calc.ecmp.analytic import expected_max_load, expected_paths_used, p_no_collision
from calc.problems import Hint, Pick, Step, Worked, problem
from calc.units import format_number as num

__all__ = ["ecmp_no_collision", "ecmp_paths_used", "ecmp_busiest_path"]

DRAWS = (Pick("flows", (4, 8, 16, 32)), Pick("paths", (8, 16, 32, 64)))


@problem(name="ecmp-no-collision", page="troubleshooting-ecmp", title="The birthday problem on uplinks",
         statement="{flows} elephant flows are hashed onto {paths} equal-cost uplinks by an ideal hash. "
                   "What is the probability that no two flows share an uplink?",
         draws=DRAWS, unit="%",
         hints=(Hint("Flow i avoids the i−1 uplinks already taken with probability (u−i+1)/u; multiply."),
                Hint("It is the birthday problem: u(u−1)…(u−m+1) ÷ u^m.")))
def ecmp_no_collision(*, flows: int, paths: int) -> Worked:
    p = float(p_no_collision(flows, paths)) * 100
    return Worked(p, (Step("P = u(u−1)…(u−m+1) ÷ u^m", f"{paths}·{paths - 1}…{paths - flows + 1} ÷ {paths}^{flows}",
                           f"{num(p)} %"),))


@problem(name="ecmp-paths-used", page="troubleshooting-ecmp", title="How many uplinks carry traffic",
         statement="{flows} flows are hashed onto {paths} equal-cost uplinks by an ideal hash. How many "
                   "uplinks carry at least one flow, on average?",
         draws=DRAWS, unit="", tolerance=0.005,
         hints=(Hint("An uplink stays empty with probability (1 − 1/u)^m."),
                Hint("E[used] = u × (1 − (1 − 1/u)^m).")))
def ecmp_paths_used(*, flows: int, paths: int) -> Worked:
    used = float(expected_paths_used(flows, paths))
    return Worked(used, (Step("E[used] = u (1 − (1 − 1/u)^m)", f"{paths} × (1 − (1 − 1/{paths})^{flows})", num(used)),))


@problem(name="ecmp-busiest-path", page="troubleshooting-ecmp", title="The busiest uplink", level="design",
         statement="{flows} equal flows are hashed onto {paths} equal-cost uplinks by an ideal hash. How many "
                   "flows does the busiest uplink carry, on average? (Each flow on it gets that share of its rate.)",
         draws=DRAWS, unit="", tolerance=0.01,
         hints=(Hint("Not m ÷ u: the maximum of the loads is larger than their mean."),
                Hint("E[max] = Σ_k P(max > k); the ECMP calculator on this page prints it exactly.")))
def ecmp_busiest_path(*, flows: int, paths: int) -> Worked:
    expected = float(expected_max_load(flows, paths))
    return Worked(expected, (
        Step("mean load = m ÷ u", f"{flows} ÷ {paths}", num(flows / paths)),
        Step("E[max load] = Σ_k P(max > k), exact balls into bins", f"m = {flows}, u = {paths}", num(expected)),
    ))
