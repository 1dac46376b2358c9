"""Reader story on "Scale-up": the MoE widget shows why a large NVLink domain matters for expert parallelism."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from calc.registry import run
from tests.browser.widget import Widget

PAGE = "scale-up/"
DEFAULTS = {"system": "gb200_nvl72", "gpus_per_domain": "8"}


def test_moving_the_experts_into_one_nvl72_domain_takes_the_dispatch_off_the_network(page: Page, site: str) -> None:
    page.goto(site + PAGE)
    moe = Widget(page, "moe").wait_ready()
    assert moe.shown("dispatch_us") == run("moe", DEFAULTS).display("dispatch_us")
    moe.change("GPUs per scale-up domain", "64")
    inside = run("moe", {**DEFAULTS, "gpus_per_domain": "64"})
    assert moe.shown("dispatch_us") == inside.display("dispatch_us")
    assert moe.shown("scaleout_bytes_per_gpu") == inside.display("scaleout_bytes_per_gpu")
    expect(moe.root).to_contain_text("V2 B200 EP 8, NVLink")
