"""The hardware catalogue: per-direction and bidirectional figures, never mixed; every entry cited."""

from __future__ import annotations

import pytest

from calc.collectives.hardware import HOST, NETWORK, SCALE_UP, SYSTEMS, UALINK_1_0, nic_GBps_per_dir


def test_nvlink5_is_900_GBps_per_direction_and_1800_both_ways_per_gpu() -> None:
    # https://www.nvidia.com/en-us/data-center/nvlink/: 18 links, 1.8 TB/s total per GPU
    nvlink5 = SCALE_UP["nvlink5"]
    assert (nvlink5.links_per_gpu, nvlink5.link_GBps_bidir) == (18, 100.0)
    assert (nvlink5.gpu_GBps_per_dir, nvlink5.gpu_GBps_bidir) == (900.0, 1800.0)


def test_no_nvlink_link_carries_1_8_TBps() -> None:
    assert max(link.link_GBps_bidir for link in SCALE_UP.values()) == 100.0


@pytest.mark.parametrize(("key", "per_dir"), [("nvlink3", 300.0), ("nvlink4", 450.0), ("nvlink5", 900.0)])
def test_nvlink_per_gpu_bandwidth_per_direction(key: str, per_dir: float) -> None:
    assert SCALE_UP[key].gpu_GBps_per_dir == per_dir


def test_nvlink5_against_a_400G_nic_is_18x_per_direction_not_36x() -> None:
    ratio = SCALE_UP["nvlink5"].gpu_GBps_per_dir / NETWORK["eth_400"].GBps_per_dir
    assert ratio == 18.0
    assert SCALE_UP["nvlink5"].gpu_GBps_bidir / NETWORK["eth_400"].GBps_per_dir == 36.0  # the mixed-unit error


def test_nic_line_rate_in_gbps_is_one_eighth_in_GBps() -> None:
    assert nic_GBps_per_dir(400.0) == 50.0
    assert NETWORK["ib_xdr"].GBps_per_dir == 100.0


def test_pcie_gen5_x16_is_about_63_GBps_per_direction() -> None:
    # PCI-SIG: 32 GT/s per lane, 128b/130b encoding
    assert HOST["pcie5"].GBps_per_dir_x16 == pytest.approx(63.015, rel=1e-4)


def test_ualink_x4_link_is_100_GBps_per_direction_and_pods_reach_1024() -> None:
    # https://ualinkconsortium.org/specifications/ (200G 1.0)
    assert UALINK_1_0.link_GBps_per_dir(4) == 100.0
    assert UALINK_1_0.max_accelerators == 1024


def test_every_system_has_its_domain_size_and_one_400G_or_200G_nic_per_gpu() -> None:
    assert {k: s.gpus_per_domain for k, s in SYSTEMS.items()} == {
        "dgx_a100": 8, "dgx_h100": 8, "hgx_h200": 8, "dgx_b200": 8, "gb200_nvl72": 72}
    assert SYSTEMS["dgx_a100"].scaleout_GBps == 25.0
    assert SYSTEMS["gb200_nvl72"].scaleout_GBps == 50.0


def test_every_entry_is_cited() -> None:
    urls = [e.source.url for e in SCALE_UP.values()] + [e.source.url for e in NETWORK.values()]
    urls += [e.source.url for e in HOST.values()]
    assert all(url.startswith("https://") for url in urls)
    assert all(s.sources for s in SYSTEMS.values())


def test_every_network_names_its_source_and_a_published_achievable_fraction() -> None:
    # nccl-tests#290 (InfiniBand 46-48 of 50 GB/s), nccl-tests#267 (RoCE CX-7 48-49 GB/s), nccl#235 (EFA 80 of
    # 100 Gb/s); TCPXO publishes no fraction (0: fitted only).
    from calc.collectives.hardware import NETWORKS
    assert {k: n.published_fraction for k, n in NETWORKS.items()} == {
        "infiniband": 0.94, "roce": 0.97, "efa": 0.80, "tcpxo": 0.0}
    assert all(n.source.url.startswith("https://") for n in NETWORKS.values())


def test_roce_step_latency_is_infinibands_plus_three_ethernet_switch_hops() -> None:
    from calc.collectives import fitted
    from calc.collectives.hardware import SWITCHES
    extra = 3 * (SWITCHES["spectrum4"].latency_ns - SWITCHES["quantum2"].latency_ns) / 1000
    assert fitted.step_us("roce") == fitted.NETWORK_STEP_US["infiniband"] + extra
