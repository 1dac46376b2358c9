"""Tests of calc.topology.configs.words: the rendered files' comments and descriptions in Chinese."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from calc import i18n
from calc.topology.configs.calculator import EMULATED_YAML, render, render_files
from calc.topology.configs.words import HOST_NICS, NIC_LINK, TEXTS, words


def test_every_text_the_files_word_has_a_chinese_entry_in_the_topology_catalogue() -> None:
    assert [t for t in TEXTS if i18n.lookup(t, "zh", "topology") is None] == []


def test_a_text_is_filled_in_and_kept_on_one_line() -> None:
    say = words("zh")
    assert say(NIC_LINK, nic="nic0", speed="400", leaf="leaf-01", port="Ethernet0") == (
        "nic0：400 Gb/s，连接 leaf-01 Ethernet0")
    assert words("en")(NIC_LINK, nic="nic0", speed="400", leaf="leaf\n-01", port="Ethernet0") == (
        "nic0: 400 Gb/s to leaf -01 Ethernet0")  # a line break can never end the comment early


def test_english_is_the_declared_text() -> None:
    assert words("en")(HOST_NICS) == HOST_NICS


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_host_script_is_valid_shell(tmp_path: Path, lang: str) -> None:
    done = render(EMULATED_YAML)
    assert done.plan is not None
    scripts = {p: t for p, t in render_files(done.plan, lang).items() if p.startswith("hosts/")}
    for path, text in scripts.items():
        target = tmp_path / path.replace("/", "_")
        target.write_text(text, encoding="utf-8")
        checked = subprocess.run(["sh", "-n", str(target)], capture_output=True, text=True, timeout=30)
        assert (path, checked.returncode, checked.stderr) == (path, 0, "")
    assert len(scripts) == 8
