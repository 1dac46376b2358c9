"""The screenshot command's page list (bench/screenshots.py): reviewers get every page in both languages."""

from __future__ import annotations

from pathlib import Path

from bench.screenshots import pages


def _site(tmp_path: Path, paths: list[str]) -> Path:
    for p in paths:
        (tmp_path / p).mkdir(parents=True, exist_ok=True)
        (tmp_path / p / "index.html").write_text("<html></html>")
    return tmp_path


def test_the_chinese_pages_and_embeds_follow_the_english_ones(tmp_path: Path) -> None:
    site = _site(tmp_path, ["zh/scale-up", "zh", "embed/collective", "zh/embed/collective"])
    listed = pages(site)
    assert "zh/scale-up/" in listed and "zh/" in listed
    assert listed[-2:] == ["embed/collective/", "zh/embed/collective/"]
    assert listed.index("scale-up/") < listed.index("zh/scale-up/") < listed.index("embed/collective/")


def test_a_chinese_page_that_was_not_built_is_not_listed(tmp_path: Path) -> None:
    site = _site(tmp_path, ["embed/collective"])
    assert [p for p in pages(site) if p.startswith("zh/")] == []
