"""Reader stories on the 2026 pages: case studies, inference, transport, optics, the scale-up roadmap."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from calc.registry import run
from tests.browser.widget import Widget


def test_case_study_numbers_are_the_engines_without_javascript(browser: Browser, site: str) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(site + "case-studies/")
    article = page.locator("article")
    expect(article).to_contain_text(run("goodput").display("interruptions") + " interruptions in 54 days")
    expect(article).to_contain_text(run("goodput", {"gpu_mtbf_hours": 29491.2}).display("interruptions"))
    assert Widget(page, "goodput").shown("goodput") == run("goodput").display("goodput")
    page.goto(site + "scale-up-roadmap/")
    expect(page.locator("article")).to_contain_text(run("scaleup_roadmap").display("rubin_aggregate_TBps"))
    context.close()


def test_a_reader_scales_the_llama3_failure_rate_to_100k_gpus(page: Page, site: str) -> None:
    page.goto(site + "case-studies/")
    goodput = Widget(page, "goodput").wait_ready()
    goodput.change("GPUs", "100000")
    expected = run("goodput", {"gpus": "100000"})
    assert goodput.shown("interruptions_per_day") == expected.display("interruptions_per_day")
    assert goodput.shown("optimal_interval_min") == expected.display("optimal_interval_min")


def test_a_negative_checkpoint_time_is_refused_beside_its_field(page: Page, site: str) -> None:
    page.goto(site + "case-studies/")
    goodput = Widget(page, "goodput").wait_ready()
    goodput.field("Checkpoint time").fill("-5")
    expect(goodput.error("checkpoint_s")).to_contain_text("between 0 and 86400")


def test_fp8_halves_the_kv_cache_a_reader_moves(page: Page, site: str) -> None:
    page.goto(site + "inference-networking/")
    kv = Widget(page, "kvcache").wait_ready()
    kv.change("Bytes per element", "1")
    expected = run("kvcache", {"bytes_per_element": "1"})
    assert kv.shown("kv_bytes") == expected.display("kv_bytes")
    assert kv.shown("scale_out_ms") == expected.display("scale_out_ms")


def test_a_reader_sees_go_back_n_collapse_at_one_loss_in_a_hundred(page: Page, site: str) -> None:
    page.goto(site + "transport-and-load-balancing/")
    retransmit = Widget(page, "retransmit").wait_ready()
    retransmit.change("Packet loss probability", "0.01")
    expected = run("retransmit", {"loss": "0.01"})
    assert retransmit.shown("gbn_goodput_pct") == expected.display("gbn_goodput_pct")
    assert retransmit.shown("sr_goodput_pct") == expected.display("sr_goodput_pct")


def test_dac_to_the_leaf_removes_the_server_side_optics(page: Page, site: str) -> None:
    page.goto(site + "optics-and-power/")
    optics = Widget(page, "optics").wait_ready()
    optics.change("Server–leaf cables", "dac")
    expected = run("fabric", {"gpus": "8192", "switch_ports": "128", "links_per_optic": "2",
                              "server_media": "dac"})
    assert optics.shown("transceivers") == expected.display("transceivers")
    assert optics.shown("optics_kW") == expected.display("optics_kW")


def test_a_reader_picks_co_packaged_optics_and_gets_broadcoms_power_and_no_switch_modules(
        page: Page, site: str) -> None:
    page.goto(site + "optics-and-power/")
    optics = Widget(page, "optics").wait_ready()
    optics.change("Switch optics", "cpo")
    expect(optics.field("Power per switch transceiver")).to_have_value("5.5")  # the preset fills the field
    expected = run("fabric", {"gpus": "8192", "switch_ports": "128", "links_per_optic": "2",
                              "server_media": "optics", "switch_optics": "cpo"})
    assert optics.shown("transceivers") == expected.display("transceivers")
    assert optics.shown("optics_kW") == expected.display("optics_kW")
    assert optics.shown("link_failures_per_month") == expected.display("link_failures_per_month")


def test_a_reader_turns_sharp_off_and_sees_twice_the_bytes_on_the_network(page: Page, site: str) -> None:
    page.goto(site + "infiniband-or-roce/")
    sharp = Widget(page, "sharp").wait_ready()
    before = sharp.runs()
    sharp.field("In-network reduction (SHARP)").uncheck()
    sharp.wait_for_result(before)
    expected = run("collective", {"system": "dgx_h100", "gpus": "1024", "sharp": "false"})
    assert sharp.shown("scaleout_bytes_per_gpu") == expected.display("scaleout_bytes_per_gpu")
