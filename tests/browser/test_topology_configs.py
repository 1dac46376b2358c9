"""Reader stories for configuration as code (Topology as code): click a switch to read its files,
download every file as a zip, and read the diff of a demonstrated change."""

from __future__ import annotations

import io
import zipfile
from urllib.parse import urljoin

from playwright.sync_api import Page, expect

from calc.exporters import exporters, zip_files
from tests.browser.widget import Widget

PAGE = "topology-as-code/"


def test_selecting_a_switch_in_the_diagram_shows_its_frr_and_sonic_files(page: Page, site: str) -> None:
    page.goto(site + PAGE)
    w = Widget(page, "configs").wait_ready()
    expect(w.root.locator(".configs-frr")).to_contain_text("hostname leaf-01")
    before = w.runs()
    w.root.get_by_role("button", name="Show the configuration of spine-02").click()
    w.wait_for_result(before)
    expect(w.root.locator(".configs-frr")).to_contain_text("hostname spine-02")
    expect(w.root.locator(".configs-frr")).to_contain_text("neighbor Ethernet24 interface peer-group FABRIC")
    expect(w.root.locator(".configs-sonic")).to_contain_text('"hostname": "spine-02"')
    expect(w.root.locator("g.configs-selected")).to_have_attribute("data-node", "spine-02")


def test_selecting_a_host_shows_its_roce_settings(page: Page, site: str) -> None:
    page.goto(site + PAGE)
    w = Widget(page, "configs").wait_ready()
    before = w.runs()
    w.root.get_by_role("button", name="Show the configuration of host-03").click()
    w.wait_for_result(before)
    expect(w.root.locator(".configs-host")).to_contain_text("mlnx_qos -i nic0 --trust dscp --pfc 0,0,0,1,0,0,0,0")


def test_download_all_saves_a_zip_of_every_file(page: Page, site: str) -> None:
    page.goto(site + PAGE)
    w = Widget(page, "configs").wait_ready()
    with page.expect_download() as info:
        w.root.get_by_role("button", name="Download all files (zip)").click()
    download = info.value
    assert download.suggested_filename == "emulated-fabric.zip"
    names = zipfile.ZipFile(io.BytesIO(open(download.path(), "rb").read())).namelist()
    assert len(names) == 20 and "emulated-fabric/leaf-04/frr.conf" in names
    expect(w.root.locator(".configs-download-status")).to_contain_text("zip of 6 switches and 8 hosts")


def test_the_added_leaf_diff_is_on_the_page_and_the_ecn_change_replaces_it(page: Page, site: str) -> None:
    page.goto(site + PAGE)
    change = Widget(page, "change")
    diff = change.root.locator(".configs-diff")
    expect(diff.locator(".configs-add", has_text="+ neighbor Ethernet32 interface peer-group FABRIC")).to_have_count(2)
    change.wait_ready()
    change.change("Start from", "ecn")
    expect(diff.locator(".configs-add", has_text='"green_max_threshold": "300000"')).to_have_count(6)
    expect(diff).not_to_contain_text("frr.conf")


def test_the_example_fabrics_files_are_a_plain_download_too(page: Page, site: str) -> None:
    page.goto(site + PAGE)
    link = page.get_by_role("link", name="configs.zip")
    reply = page.request.get(urljoin(page.url, link.get_attribute("href") or ""))
    assert reply.ok
    files = exporters()["configs"].func()
    assert isinstance(files, dict)
    assert reply.body() == zip_files(files, "configs")


def test_a_keyboard_reader_picks_a_switch_with_enter_and_keeps_the_focus_on_it(page: Page, site: str) -> None:
    page.goto(site + PAGE)
    w = Widget(page, "configs").wait_ready()
    spine = w.root.get_by_role("button", name="Show the configuration of spine-02")
    spine.focus()
    before = w.runs()
    page.keyboard.press("Enter")
    w.wait_for_result(before)
    expect(w.root.locator(".configs-frr")).to_contain_text("hostname spine-02")
    expect(spine).to_be_focused()
