"""The collectives model against the published nccl-tests runs (calc/collectives/measurements.py; every
point cites its page there). Targets of issue 12 on the held-out part: ≥ 1 GiB within ±15 % (bus bandwidth),
1 MiB to 1 GiB within ±30 %, geometric-mean error over ≥ 1 MiB at most 12 %, below 1 MiB within a factor
of 1.6 in time. Points outside their target are listed in calibration.KNOWN_MISSES with the reason; the
tests check that every other point is inside and that the listed ones stay outside (strict), so a change
of the model that moves any point across its target fails here.
"""

from __future__ import annotations

import math
import re

import pytest

from calc.collectives.calibration import (
    KNOWN_MISSES,
    SWEEP_ANOMALIES,
    Checked,
    check,
    checked,
    checked_series,
    one_server_tp_errors,
    summary,
    supported,
    within_target,
)
from calc.collectives.measurements import POINTS, SEALED, SERIES, SPLITS, Point, sources
from calc.registry import run


def _key(p: Point) -> tuple[str, int]:
    return (p.series.label, p.size)


def _id(p: Point) -> str:
    return f"{p.series.label} @ {p.size}"


OPEN = [p for p in POINTS if p.series.split not in SEALED]  # a sealed part is never run before its opening


@pytest.mark.parametrize("point", [p for p in OPEN if _key(p) not in KNOWN_MISSES], ids=_id)
def test_every_point_is_inside_its_target(point: Point) -> None:
    c = check(point)
    assert within_target(c), (point.series.source.url, c.error)


@pytest.mark.parametrize("point", [p for p in OPEN if _key(p) in KNOWN_MISSES and _key(p) not in SWEEP_ANOMALIES],
                         ids=_id)
def test_known_misses_are_still_outside_their_target(point: Point) -> None:
    assert not within_target(check(point)), f"{_id(point)} is now inside: remove it from KNOWN_MISSES"


def test_held_out_geometric_mean_error_from_1_MiB_is_at_most_12_percent_without_the_known_misses() -> None:
    assert summary(supported(checked("held-out"))).geomean_pct <= 12.0
    assert run("accuracy").value("held_out_supported_geomean_pct") == summary(supported(checked("held-out"))).geomean_pct


def test_held_out_geometric_mean_error_with_every_point_is_at_most_12_percent() -> None:
    # This held-out set has been seen (accuracy page): GCP's TCPXO environment and NCCL's tree pipeline were
    # transcribed after its misses were known, so this is a check of the transcription, not a blind one.
    assert summary(checked("held-out")).geomean_pct <= 12.0


def test_held_out_v2_geometric_mean_error_from_1_MiB_is_at_most_12_percent() -> None:
    # MG-Cafe's A3 Mega runs and nccl#1047 (measurements.py), split recorded before the model first ran on them.
    assert summary(checked("held-out v2")).geomean_pct <= 12.0


def _misses(split: str) -> list[tuple[str, int]]:
    from calc.collectives.calibration import scored
    return [(c.point.series.label, c.point.size) for c in scored(checked(split)) if not within_target(c)]


def test_held_out_v2_seen_misses_only_the_tcpxo_allgather_at_1_MiB() -> None:
    # Stated on the accuracy page.
    assert _misses("held-out v2") == [("H100 2x8 AllGather, TCPXO (MG-Cafe, A3 Mega)", 2**20)]


def test_held_out_v3_seen_meets_the_geometric_mean_target_and_misses_efa_only_on_four_p5_servers() -> None:
    # Stated on the accuracy page: the refit of 829c2ca put EFA's efficiency on H100 at 0.86 and v3's EFA runs in
    # their bands; the refit of the model held-out v8 judges (0.92) put four p5 servers' NVLS-tree 1.31x fast at
    # 32 MiB and 1.18x at 1 GiB; with AWS's region tuner they run tree/LL128 at 32 MiB, 1.38x fast, and are in
    # their bands from 64 MiB.
    from calc.collectives.calibration import scored
    v3 = scored(checked("held-out v3"))
    assert summary(v3).geomean_pct <= 12.0
    misses = [(c.point.size, round(c.ratio, 2)) for c in v3 if c.point.series.network == "efa" and not within_target(c)]
    assert misses == [(32 * 2**20, 1.38)]


def test_held_out_v4_seen_meets_the_geometric_mean_target_its_misses_are_four_gpus_a100_and_efa_small() -> None:
    # Stated on the accuracy page: held-out v4 (blind when opened, commit 005b2b8, 19.0 %; seen since).
    from calc.collectives.calibration import scored
    s = summary(scored(checked("held-out v4")))
    assert s.geomean_pct <= 12.0 and s.count == 200
    misses = _misses("held-out v4")
    assert all("1x4 AllReduce" in label or "aks-rdma" in label or (size < 2**20 and "EFA" in label)
               for label, size in misses)


def test_held_out_v3_has_no_miss_from_1_GiB() -> None:
    # Four p5 servers over EFA at 1 GiB were 1.18x fast on NVLS-tree; AWS's region tuner runs ring/LL128 there.
    assert [c for c in checked("held-out v3") if c.band == "large" and not within_target(c)] == []


def test_the_sweep_anomalies_are_listed_and_lie_where_the_rule_applies() -> None:
    assert set(SWEEP_ANOMALIES) <= set(KNOWN_MISSES)
    where = {(s.label, size) for s in SERIES if s.split in ("calibration", "held-out v4", "held-out v5", "held-out v6",
                                                         "held-out v7", "held-out v8")
             for size, _, _ in s.rows}
    assert set(SWEEP_ANOMALIES) <= where


def test_calibration_without_the_fits_outliers_is_within_12_percent_from_1_MiB() -> None:
    from calc.collectives.calibration import FIT_OUTLIERS, scored
    kept = tuple(c for c in scored(checked("calibration")) if c.point.series.label not in FIT_OUTLIERS)
    assert summary(kept).geomean_pct <= 12.0


def test_the_fits_outliers_are_calibration_runs_outside_their_target_at_every_size() -> None:
    from calc.collectives.calibration import FIT_OUTLIERS
    for label in FIT_OUTLIERS:
        run = [c for c in checked("calibration") if c.point.series.label == label]
        assert run and not any(within_target(c) for c in run)


def test_the_data_set_meets_the_issues_breadth() -> None:
    large = [p for p in POINTS if p.size >= 2**16]
    assert len(POINTS) >= 80 and len(large) >= 80
    assert len(sources()) >= 6
    assert {s.system for s in SERIES} >= {"dgx_a100", "dgx_h100", "dgx_b200"}  # three GPU generations
    assert {s.network for s in SERIES if s.gpus > s.gpus_per_node} >= {"infiniband", "roce", "efa"}
    assert any(s.gpus <= s.gpus_per_node for s in SERIES) and any(s.gpus > s.gpus_per_node for s in SERIES)
    assert {s.op for s in SERIES} >= {"allreduce", "allgather", "reducescatter", "alltoall"}
    sweeps = [s for s in SERIES if min(r[0] for r in s.rows) <= 2**16 and max(r[0] for r in s.rows) >= 4 * 2**30]
    assert len(sweeps) >= 2


def test_the_split_is_by_source() -> None:
    by_source: dict[str, set[str]] = {}
    for s in SERIES:
        by_source.setdefault(s.source.key, set()).add(s.split)
    assert all(len(splits) == 1 for splits in by_source.values())
    assert {s.split for s in SERIES} == set(SPLITS)


def test_every_point_cites_a_public_page_and_has_a_published_figure() -> None:
    assert all(p.series.source.url.startswith("https://github.com/") for p in POINTS)
    assert all(p.time_us is not None or p.busbw_GBps is not None for p in POINTS)


def test_a_small_point_published_as_busbw_only_is_judged_by_the_same_time_ratio() -> None:
    # Azure's one-server sweeps print busbw only, down to 1 KiB: model/measured time = measured/model busbw.
    p = next(p for p in POINTS if p.time_us is None and p.size < 2**20)
    from calc.collectives.collective import busbw_factor
    c = check(p)
    assert p.busbw_GBps is not None
    measured_us = p.size / (p.busbw_GBps * 1e3) * busbw_factor(p.series.op, p.series.gpus)
    assert c.ratio == pytest.approx(p.busbw_GBps / c.model_busbw_GBps)
    assert c.ratio == pytest.approx(c.model_time_us / measured_us)


def test_published_busbw_agrees_with_published_time_by_nccl_tests_formula() -> None:
    # nccl-tests PERFORMANCE.md: busbw = S / t x factor; both columns are copied, so they must agree.
    from calc.collectives.collective import busbw_factor
    for p in POINTS:
        if p.time_us and p.busbw_GBps and p.busbw_GBps >= 1.0:
            computed = p.size / (p.time_us * 1e3) * busbw_factor(p.series.op, p.series.gpus)
            assert computed == pytest.approx(p.busbw_GBps, rel=0.02, abs=0.01), _id(p)


def test_nvl72_busbw_rises_with_size_as_published() -> None:
    # coreweave/nccl-tests#43 (https://github.com/coreweave/nccl-tests/pull/43): one GB200 NVL72 rack,
    # 681 -> 758 -> 839 GB/s from 1 to 4 GiB. The model rises too, but less (its 1 GiB point is a known miss).
    ramp = sorted((check(p) for p in POINTS if p.series.source.key == "coreweave-nccl-tests-43"),
                  key=lambda c: c.point.size)
    models = [c.model_busbw_GBps for c in ramp[:3]]
    assert models == sorted(models)


def test_accuracy_calculator_reports_the_nine_parts_separately() -> None:
    from calc.collectives.calibration import scored
    result = run("accuracy")
    values = result.outcome.values
    prefixes = ("held_out_v8", "held_out_v7", "held_out_v6", "held_out_v5", "held_out_v4", "held_out_v3", "held_out_v2", "held_out",
                "calibration")
    assert sum(int(values[f"{k}_count"]) for k in prefixes) == len(OPEN)
    assert len(result.outcome.tables["held_out_v8"]) == values["held_out_v8_count"]  # the newest blind part
    assert not set(prefixes[1:]) & set(result.outcome.tables)  # the earlier parts and calibration run by run
    assert [row[0] for row in result.outcome.tables["summary"]] == [
        "held-out v8 (blind)", "held-out v7 (seen)", "held-out v6 (seen)", "held-out v5 (seen)", "held-out v4 (seen)", "held-out v3 (seen)",
        "held-out v2 (seen)", "held-out (seen)", "calibration"]
    for split, prefix in (("held-out v8", "held_out_v8"), ("held-out v7", "held_out_v7"), ("held-out v6", "held_out_v6"),
                          ("held-out v5", "held_out_v5"), ("held-out v4", "held_out_v4"),
                          ("held-out v3", "held_out_v3"), ("held-out", "held_out")):
        assert math.isclose(float(values[f"{prefix}_geomean_pct"]), summary(scored(checked(split))).geomean_pct)
    assert (values["held_out_v7_left_out"], values["held_out_v6_left_out"], values["held_out_v5_left_out"],
            values["held_out_v4_left_out"], values["calibration_left_out"]) == (4, 5, 7, 5, 3)


def test_accuracy_calculator_lists_every_run_once_with_its_part() -> None:
    rows = run("accuracy").outcome.tables["runs"]
    assert sorted(row[0] for row in rows) == sorted(s.label for s in SERIES if s.split not in SEALED)
    lambda_b200 = next(row for row in rows if row[0] == "B200 2x8, InfiniBand (dstack/Lambda)")
    assert lambda_b200[1:3] == ("calibration", 16)  # 17 published points, the 512 KiB anomaly left out


def test_every_run_has_its_own_label() -> None:
    # The accuracy tables and KNOWN_MISSES name runs by label.
    assert len({s.label for s in SERIES}) == len(SERIES)


def test_the_model_is_off_either_way_for_held_out_one_server_allreduces_from_16_to_128_MiB() -> None:
    # The pages (scale-up, do-the-math) say TP time inside one domain can be off in either direction: some
    # published single-server sweeps are faster than the model there, some slower. If both errors get the same
    # sign, rewrite the pages.
    low, high = one_server_tp_errors()
    assert low < 0 < high
    values = run("accuracy").outcome.values
    assert (values["one_server_tp_min_pct"], values["one_server_tp_max_pct"]) == (low, high)


def test_a_run_driven_from_one_process_cannot_report_less_than_its_launches() -> None:
    # nccl-tests src/common.cu BenchTime enqueues every iteration without synchronising: with -g 8 one thread
    # launches eight collectives per iteration, and an AllToAll a send and a receive per peer on each GPU.
    from calc.collectives import fitted
    from calc.collectives.calibration import harness_floor_us
    by_label = {s.label: s for s in SERIES}
    assert harness_floor_us(by_label["A100 1x8 AllReduce (superbenchmark)"]) == 8 * fitted.HARNESS_LAUNCH_US
    assert harness_floor_us(by_label["A100 1x8 AllToAll (superbenchmark)"]) == pytest.approx(
        8 * (fitted.HARNESS_LAUNCH_US + 14 * fitted.HARNESS_P2P_US))
    assert harness_floor_us(by_label["H100 1x8 AllReduce (dgxc-benchmarking)"]) == 0.0


def test_a_point_slower_than_a_larger_size_of_its_run_by_a_quarter_is_a_sweep_anomaly() -> None:
    # The Lambda B200 sweep (dstack): 512 KiB out-of-place 240.71 µs, 1 MiB 115.58 µs.
    from calc.collectives.calibration import sweep_anomalies
    lambda_b200 = next(s for s in SERIES if s.label == "B200 2x8, InfiniBand (dstack/Lambda)")
    assert sweep_anomalies(lambda_b200) == {
        524288: "slower than 1048576 B of the same run (240.7 µs against 115.6 µs)"}


def test_a_sweep_that_only_grows_has_no_anomaly() -> None:
    from dataclasses import replace

    from calc.collectives.calibration import sweep_anomalies
    base = next(s for s in SERIES if s.label == "B200 2x8, InfiniBand (dstack/Lambda)")
    grows = replace(base, rows=((1024, 10.0, None), (2048, 12.4, None), (4096, 12.0, None)))
    assert sweep_anomalies(grows) == {}


def test_held_out_v4_opening_is_recorded_as_first_run() -> None:
    # calibration.OPENINGS: v4's scores when first run (commit 005b2b8, the model of 08fce57). The model has
    # changed since, so the page shows them beside today's, which differ.
    from calc.collectives.calibration import OPENINGS, scored
    o = OPENINGS["held-out v4"]
    assert (o.commit, o.in_target, o.scored, o.geomean_pct) == ("005b2b8", 172, 200, 19.0)
    assert summary(scored(checked("held-out v4"))).in_target != o.in_target


@pytest.mark.parametrize(("split", "record"), [
    ("held-out v5", ("ca6eff9", 162, 227, 30.7)),
    ("held-out v6", ("fcb37b9", 303, 379, 34.1)),
])
def test_a_blind_opening_stays_recorded_after_the_model_changed(split: str, record: tuple[object, ...]) -> None:
    # v5 was opened on the model of ca6eff9 and v6 on that of fcb37b9; 829c2ca changed the model (AllToAll's peers
    # at once, and a refit), so each part's scores today differ from its blind record, which the page shows beside.
    from calc.collectives.calibration import OPENINGS, scored
    o, s = OPENINGS[split], summary(scored(checked(split)))
    assert (o.commit, o.in_target, o.scored, o.geomean_pct) == record
    assert s.count == o.scored and s.in_target != o.in_target


def test_held_out_v5_today_misses_one_h100_point_and_the_geometric_mean_target_only_on_a100() -> None:
    # Stated on the accuracy page (blind on the model of ca6eff9, every H100 and H200 point was in target; since
    # 829c2ca one is out: four GPUs of an H100 server through NVLink SHARP at 2 MiB).
    from calc.collectives.calibration import scored
    v5 = scored(checked("held-out v5"))
    modern = tuple(c for c in v5 if c.point.series.system != "dgx_a100")
    assert [(c.point.series.label, c.point.size) for c in modern if not within_target(c)] == [
        ("H100 1x4 AllReduce (dudeperf3ct)", 2 * 2**20)]
    assert summary(modern).geomean_pct <= 12.0 and summary(v5).geomean_pct > 12.0


def test_the_measured_sharp_run_is_one_and_a_half_to_two_times_slower_than_the_model_from_1_MiB() -> None:
    # Stated on the accuracy, scale-up and InfiniBand-or-RoCE pages: ABCI's two A100 servers with SHARP (CollNet,
    # NCCL 2.8; https://github.com/aistabci/abci-docs), held-out v5.
    run = [c for c in checked("held-out v5") if c.point.series.sharp and c.point.size >= 2**20]
    assert run and all(1.5 <= c.ratio <= 1.95 for c in run)


def _worst_held_out_from_1_GiB_on_h100_and_later(op: str | None = None) -> Checked:
    from calc.collectives.calibration import HELD_OUT_SPLITS, scored
    large = [c for split in HELD_OUT_SPLITS for c in scored(checked(split)) if c.band == "large"
             and c.point.series.system != "dgx_a100" and op in (None, c.point.series.op)]
    return max(large, key=lambda c: abs(c.error))


def test_the_largest_error_from_1_GiB_on_h100_and_later_is_one_servers_all_to_all() -> None:
    # Stated on the scale-up page: held-out v6's one-server H100 AllToAll (k8s-in-action), whose measured bus
    # bandwidth is less than half another one-server H100 AllToAll's (held-out v4).
    worst = _worst_held_out_from_1_GiB_on_h100_and_later()
    assert worst.point.series.label == "H100 1x8 AllToAll (k8s-in-action)"


def test_the_largest_allreduce_error_from_1_GiB_on_h100_and_later_is_one_nvl72_rack_inside_its_band() -> None:
    # Stated on the scale-up page, with accuracy.held_out_all_hopper_allreduce_max_large_pct: every held-out
    # AllReduce point from 1 GiB on H100 and later is in its band since the model runs AWS's region tuner.
    worst = _worst_held_out_from_1_GiB_on_h100_and_later("allreduce")
    assert worst.point.series.label == "GB200 NVL72, one rack (coreweave#43)" and within_target(worst)
    assert float(run("accuracy").value("held_out_all_hopper_allreduce_max_large_pct")) == 100 * abs(worst.error)


def test_held_out_v6_allreduce_on_h100_and_later_misses_two_points_and_all_to_all_misses_a_third() -> None:
    # Stated on the accuracy page (blind, on the model of fcb37b9: the same two AllReduce misses, and 24 of 57
    # AllToAll points in target; since 829c2ca, 35; since the per-peer channels of the model v8 judges, 46).
    from calc.collectives.calibration import scored
    v6 = [c for c in scored(checked("held-out v6")) if c.point.series.system != "dgx_a100"]
    allreduce = tuple(c for c in v6 if c.point.series.op == "allreduce")
    alltoall = tuple(c for c in v6 if c.point.series.op == "alltoall")
    assert (sum(not within_target(c) for c in allreduce), len(allreduce)) == (2, 63)
    assert summary(allreduce).geomean_pct <= 12.0
    assert (sum(within_target(c) for c in alltoall), len(alltoall)) == (46, 57)


@pytest.mark.parametrize(("split", "keys", "runs"), [("held-out v8", "V8_SOURCES", 4), ("held-out v7", "V7_SOURCES", 8),
                                                  ("held-out v6", "V6_SOURCES", 16)])
def test_every_run_of_a_part_whose_sources_are_all_held_out_is_a_valid_calculator_input_from_its_sources(
        split: str, keys: str, runs: int) -> None:
    # Validation only (each part was tested so while sealed, measurements.SEALED): nothing here runs the model.
    from calc.collectives import measurements
    from calc.registry import get
    part = [s for s in SERIES if s.split == split]
    assert len(part) == runs and len({s.source.url.split("/blob/")[0] for s in part}) == len(getattr(measurements, keys))
    for s in part:
        get("collective").validate({**s.params, "message": s.rows[0][0]})


def test_held_out_v9_has_no_run_and_cites_none_of_the_sources_its_collection_left_out() -> None:
    # measurements' docstring: v9's collection found no run that enters by its rule (V9_LEFT_OUT says why each
    # find is left out), so the part has no run, is not a split and judges nothing.
    from calc.collectives.measurements import SPLITS, V9_LEFT_OUT, V9_SOURCES
    urls = {s.source.url for s in SERIES}
    threads = {"aws/aws-ofi-nccl#65": "github.com/aws/aws-ofi-nccl/issues/65"}
    repositories = [k for k in V9_LEFT_OUT if "/" in k and " " not in k and "#" not in k]
    assert V9_SOURCES == () and "held-out v9" not in SPLITS and repositories
    assert not [u for u in urls if any(f"github.com/{r}/" in u for r in repositories)
                or any(t in u for t in threads.values())]


def test_held_out_v10_has_no_run_and_cites_none_of_the_pages_its_collection_left_out() -> None:
    # measurements' docstring: v10's rule takes stored web pages, not GitHub; its collection found no run that
    # enters (V10_LEFT_OUT says why each find is left out), so the part has no run, is not a split, judges nothing.
    from calc.collectives.measurements import SPLITS, V10_LEFT_OUT, V10_SOURCES
    urls = {s.source.url for s in SERIES}
    pages = [k for k in V10_LEFT_OUT if " " not in k]
    assert V10_SOURCES == () and "held-out v10" not in SPLITS and len(pages) == 9
    assert not [u for u in urls if any(page in u for page in pages)]
    assert all("github.com" in u for u in urls)  # every run cited before v10 is on GitHub: v10's pages are new


def test_held_out_v6_allreduce_misses_on_h100_and_later_are_the_h200_roce_runs_two_points() -> None:
    # Stated on the accuracy page: 64 KiB (0.62 of the time) and 16 MiB (1.61 times the bus bandwidth, NVLS-tree).
    from calc.collectives.calibration import scored
    misses = [c for c in scored(checked("held-out v6")) if not within_target(c) and c.point.series.op == "allreduce"
              and c.point.series.system != "dgx_a100"]
    assert [(c.point.series.label, c.point.size, round(c.ratio, 2), c.algorithm) for c in misses] == [
        ("H200 2x8 AllReduce, RoCE (spc-x-host-configuration)", 65536, 0.62, "tree"),
        ("H200 2x8 AllReduce, RoCE (spc-x-host-configuration)", 16 * 2**20, 1.61, "nvls_tree")]


def test_held_out_v6_a100_misses_old_nccl_mid_sizes_and_few_points_of_2023() -> None:
    # Stated on the accuracy page: ABCI (NCCL 2.8.4) up to 4.6x fast between 1 and 32 MiB; the three 2023 runs miss
    # one to five points each.
    from calc.collectives.calibration import scored
    a100 = [c for c in scored(checked("held-out v6")) if c.point.series.system == "dgx_a100"]
    abci_mid = [c.ratio for c in a100 if "abci2.0benchmark" in c.point.series.label and c.band == "mid"
                and not within_target(c)]
    assert round(max(abci_mid), 1) == 4.6 and all(2**20 <= c.point.size <= 32 * 2**20 for c in a100
                                                  if "abci2.0benchmark" in c.point.series.label and c.band == "mid"
                                                  and not within_target(c))
    recent = ("aws-hpc-tutorials", "JingchaoZhang.github.io", "Azure ML")
    misses = {r: sum(not within_target(c) for c in a100 if r in c.point.series.label) for r in recent}
    assert misses == {"aws-hpc-tutorials": 1, "JingchaoZhang.github.io": 2, "Azure ML": 5}


def test_a_sealed_part_is_refused_and_left_out_of_every_run(monkeypatch: pytest.MonkeyPatch) -> None:
    # measurements.SEALED: a part is never run before its opening commit (held-out v5, v6 and v7 were sealed so).
    from calc.collectives import calibration
    monkeypatch.setattr(calibration, "SEALED", ("held-out v6", *SEALED))  # and whatever is sealed today
    with pytest.raises(ValueError, match="held-out v6 is sealed: open it in its own commit"):
        calibration.checked("held-out v6")
    assert not any(c.point.series.split == "held-out v6" for c in calibration.checked())


def test_held_out_v8_opening_is_todays_model_on_it() -> None:
    # v8 was opened in the commit after 486484e on the model of 6e4fc41, unchanged since: until the model changes,
    # the record and today's scores are the same (a change of the model must fail here, to be stated on the page).
    from calc.collectives.calibration import OPENINGS, scored
    o, s = OPENINGS["held-out v8"], summary(scored(checked("held-out v8")))
    assert (o.in_target, o.scored, o.geomean_pct) == (s.in_target, s.count, round(s.geomean_pct, 1))
    assert (o.max_large_pct, o.max_mid_pct) == (round(s.max_large_pct, 1), round(s.max_mid_pct, 1))
    assert (o.small_min_ratio, o.small_max_ratio) == (round(s.small_min_ratio, 2), round(s.small_max_ratio, 2))


def _runs_of(split: str, op: str, network: str) -> list[dict[int, float]]:
    return [{size: t for size, t, _ in s.rows if t is not None} for s in SERIES
            if s.split == split and s.op == op and s.network == network]


def test_held_out_v8_a3_mega_allgathers_take_twice_the_time_of_the_earlier_ones_to_256_MiB() -> None:
    # Stated on the accuracy page (data, not the model): saltysoup/a3-bootcamp-ce and kkuchima/gke-recipes against
    # the dstack, MG-Cafe and cluster-toolkit A3 Mega AllGathers (measurements.py): more than twice the time at 8 MiB,
    # 5.4-6.1 ms at 1 GiB like them.
    earlier = [r for split in ("calibration", "held-out v2") for r in _runs_of(split, "allgather", "tcpxo")]
    v8 = _runs_of("held-out v8", "allgather", "tcpxo")
    assert len(earlier) == 3 and len(v8) == 2
    before = [r[8 * 2**20] for r in earlier if 8 * 2**20 in r]
    assert min(r[8 * 2**20] for r in v8) > 2 * max(before)
    assert all(5400 < r[2**30] < 6100 for r in v8 + [r for r in earlier if 2**30 in r])


def test_held_out_v8_blind_misses_besides_tcpxo_are_five_points_of_an_a100_and_an_h200_run() -> None:
    # Stated on the accuracy page: A100 LL128 at 4-16 MiB (0.60-0.66), H200 RoCE LL at 64-128 KiB (1.61-1.64).
    from calc.collectives.calibration import scored
    misses = [(c.point.series.system, c.point.size, round(c.ratio, 2)) for c in scored(checked("held-out v8"))
              if not within_target(c) and c.point.series.network != "tcpxo"]
    assert misses == [("hgx_h200", 65536, 1.64), ("hgx_h200", 131072, 1.61), ("dgx_a100", 4 * 2**20, 0.66),
                      ("dgx_a100", 8 * 2**20, 0.63), ("dgx_a100", 16 * 2**20, 0.6)]


def test_held_out_v7_is_seen_since_the_per_peer_channels() -> None:
    # Stated on the accuracy page: v7 was opened on the model of 829c2ca (OPENINGS); its AllToAll misses led to the
    # per-peer channels of the model v8 judges, so today's scores are seen ones, and differ from the record.
    from calc.collectives.calibration import OPENINGS, scored
    o, s = OPENINGS["held-out v7"], summary(scored(checked("held-out v7")))
    assert (o.in_target, o.scored, o.geomean_pct) == (202, 224, 14.6)
    assert (s.in_target, s.count, round(s.geomean_pct, 1)) == (203, 224, 13.9)


def _v7(op: str) -> tuple[Checked, ...]:
    from calc.collectives.calibration import scored
    return tuple(c for c in scored(checked("held-out v7")) if c.point.series.op == op)


def test_held_out_v7_blind_b200_allreduce_is_in_target_everywhere() -> None:
    # Stated on the accuracy page: one and two B200 servers (cluster-quality), 8 B to 16 GiB, every point.
    b200 = tuple(c for c in _v7("allreduce") if c.point.series.system == "dgx_b200")
    assert len(b200) == 64 and all(within_target(c) for c in b200) and summary(b200).geomean_pct <= 12.0


def test_held_out_v7_all_to_all_since_the_per_peer_channels_misses_only_4_MiB() -> None:
    # Stated on the accuracy page: blind, 24 of 28 in target, 1.3-1.84x fast at 2-32 MiB; on NCCL's per-peer
    # channels (seen), 27 of 28, 1.53x fast at 4 MiB, where the run is slower than at 8 MiB.
    alltoall = _v7("alltoall")
    misses = [(c.point.size, round(c.ratio, 2)) for c in alltoall if not within_target(c)]
    assert (len(alltoall) - len(misses), len(alltoall), misses) == (27, 28, [(4 * 2**20, 1.53)])


def test_held_out_v7_blind_allgather_misses_from_2_GiB_are_two_b200_servers_at_1_2_to_1_3_times() -> None:
    # Stated on the accuracy page: the run levels off at 308 GB/s, the model at 389.
    large = [c for c in _v7("allgather") if c.band == "large" and not within_target(c)]
    assert {c.point.series.label for c in large} == {"B200 2x8 AllGather, InfiniBand (cluster-quality)"}
    assert all(1.15 < c.ratio < 1.27 for c in large)


def test_the_constants_table_shows_efa_on_h100_pinned_loosely_and_nvlink_tightly() -> None:
    # Stated on the accuracy page: EFA's fraction on H100 fits within 1 % from about half to all of the line rate;
    # NVLink's efficiency, NVLS's scale, the latency scale and the -g launch floor within 8 %.
    rows = {(str(r[0]), str(r[1])): tuple(float(v) for v in r[2:]) for r in run("accuracy").outcome.tables["constants"]}
    _, low, high = rows[("NETWORK_EFFICIENCY", "efa")]
    assert low < 0.55 and high > 0.99
    for name in ("NVLINK_EFFICIENCY", "NVLS_SCALE", "LATENCY_SCALE", "HARNESS_LAUNCH_US"):
        value, low, high = rows[(name, "")]
        assert value / 1.08 <= low <= high <= value * 1.08, name


def test_no_published_run_repeats_another_at_two_sizes_from_1_MiB() -> None:
    # A copied table is not a second source (held-out v5 dropped one, v8 left one out: V8_LEFT_OUT). Two honest
    # runs can match one figure by chance, not time and bus bandwidth at two sizes.
    from itertools import combinations
    rows = {s.label: {size: (t, bw) for size, t, bw in s.rows if size >= 2**20} for s in SERIES}
    repeats = [(a, b) for a, b in combinations(rows, 2)
               if sum(1 for size, row in rows[a].items() if rows[b].get(size) == row) >= 2]
    assert repeats == []


# A factor a reason quotes, with the words after it: "0.62x" (bare), "1.3-2.2x fast", "0.51x the time", "1.8x slow",
# "1.5-1.9x slower than" (the measured run is slower); in "1.36x and 1.39x fast" the first takes the second's words.
# Below 1 MiB a factor is the model's time over the measured, from 1 MiB the model's bus bandwidth over the measured:
# Checked.ratio in both, as the accuracy page reads them.
FACTOR = re.compile(r"(\d+(?:\.\d+)?)(?:-(\d+(?:\.\d+)?))?x\b( and (?=\d))?(?: (fast|slower|slow|the (?:measured )?time))?")
ROUNDING = 0.04  # a quoted factor is rounded to two digits: 1.4 stands for 1.35-1.45


def _factors(reason: str) -> list[tuple[float, float, str]]:
    """(low, high, words) of each factor a reason quotes; a factor joined to the next by "and" takes its words."""
    found = FACTOR.findall(reason)
    words = [w for *_, w in found]
    for i in reversed(range(len(found) - 1)):
        if found[i][2] and not words[i]:
            words[i] = words[i + 1]
    return [(float(lo), float(hi or lo), w) for (lo, hi, _, _), w in zip(found, words)]


def _reads_as(words: str, band: str, ratio: float) -> bool:
    """Whether a factor's words fit the point: 'fast' and 'slower' (the run) say the model's bus bandwidth is higher
    from 1 MiB, 'slow' the model's time longer below it, 'the time' a ratio of times, a bare factor bus bandwidth."""
    small = band == "small"
    return {"fast": not small and ratio > 1, "slower": not small and ratio > 1, "slow": small and ratio > 1,
            "": not small}.get(words, small)


@pytest.mark.parametrize("point", [p for p in OPEN if _key(p) in KNOWN_MISSES and _key(p) not in SWEEP_ANOMALIES],
                         ids=_id)
def test_a_misses_reason_quotes_the_factor_the_model_gives_it_in_the_right_measure(point: Point) -> None:
    """The reason a reader sees beside a miss (accuracy_run) stays true when the model changes: the point's factor is
    inside one of the factors or ranges its reason quotes, and that factor's words fit the point's size and
    direction (a model 1.64 times fast at 1.5 MiB is not "1.7x slow"). A reason in words only ("three to twelve
    times") is not checked here."""
    c = check(point)
    factors = _factors(KNOWN_MISSES[_key(point)])
    assert not factors or any(lo * (1 - ROUNDING) <= c.ratio <= hi * (1 + ROUNDING) and _reads_as(w, c.band, c.ratio)
                              for lo, hi, w in factors), (
        f"{_id(point)}: the model gives {c.ratio:.3f} ({c.band}); the reason says {KNOWN_MISSES[_key(point)]!r}")


def test_a_factor_joined_by_and_takes_the_words_of_the_next() -> None:
    assert _factors("1.36x and 1.39x fast, 0.62x, 0.5-0.6x the time") == [
        (1.36, 1.36, "fast"), (1.39, 1.39, "fast"), (0.62, 0.62, ""), (0.5, 0.6, "the time")]


def test_the_published_two_server_runs_show_no_step_where_nccl_leaves_ll_for_ll128() -> None:
    # Stated on the accuracy page ("LL128 start-up across servers"): the model's time steps up where NCCL switches
    # from LL to LL128 across servers; two published two-server AllReduce sweeps have no such step, so the model
    # is slow on their first LL128 point, 256 KiB (time ratios, model/measured).
    def ratios(label: str) -> list[tuple[int, str, float]]:
        series = next(s for s in SERIES if s.label == label)
        return [(c.point.size, c.protocol, round(c.ratio, 2)) for c in checked_series(series)
                if c.point.size in (128 * 1024, 256 * 1024)]
    assert ratios("H100 2x8, InfiniBand (dstack/Nebius)") == [(131072, "LL", 0.95), (262144, "LL128", 1.35)]
    assert ratios("H200 2x8 AllReduce, RoCE (spc-x-host-configuration)") == [(131072, "LL", 0.54),
                                                                            (262144, "LL128", 1.16)]
