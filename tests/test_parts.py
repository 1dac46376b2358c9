"""The browser's engine in parts (widgets/parts.py): which archive each file goes to, which topics
each topic needs, and that the parts together are the whole wheel, reproducibly."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

from calc import __version__
from widgets.parts import engine_parts, part_of, topic_needs
from widgets.wheel import build_wheel, rezip

ROOT = Path(__file__).resolve().parents[1]


def names(archive: bytes) -> list[str]:
    return zipfile.ZipFile(io.BytesIO(archive)).namelist()


def test_kernel_topics_and_catalogues_are_parts_of_their_own() -> None:
    assert [part_of(p) for p in ("calc/jsonapi.pyc", "calc/_index.py", "aifabric_calc-1.dist-info/WHEEL",
                                 "calc/fabric/__init__.pyc", "calc/fabric/sizing.pyc", "calc/fabric/zh.pyc",
                                 "calc/zh.pyc", "calc/zh.py")] == \
        ["kernel", "kernel", "kernel", "fabric", "fabric", "zh", "zh", "zh"]


def test_a_topic_needs_what_its_import_statements_name_and_no_more() -> None:
    needs = topic_needs(ROOT / "calc")
    assert needs["monitoring"] == ["monitoring"]
    assert needs["congestion"] == ["congestion", "ecmp"]  # calc.congestion.lab imports calc.ecmp
    assert needs["fabric"] == ["collectives", "ecmp", "fabric"]  # sizing only names calc.topology in comments
    # transitively, and from its subpackages (calc.topology.configs.host imports calc.congestion)
    assert needs["topology"] == ["collectives", "congestion", "ecmp", "fabric", "topology"]


def test_the_parts_are_the_whole_wheel_and_the_same_wheel_gives_the_same_parts() -> None:
    wheel = build_wheel(ROOT / "calc", __version__)
    parts = engine_parts(wheel)
    assert sorted(n for p in parts.values() for n in names(p)) == sorted(names(wheel))
    assert parts == engine_parts(wheel)
    assert "calc/monitoring/alerts.py" in names(parts["monitoring"])
    assert "calc/monitoring/zh.py" in names(parts["zh"])
    assert not [n for n in names(parts["kernel"]) if n.count("/") > 1 and n.startswith("calc/")]


def test_each_part_stores_its_entries_for_http_to_compress() -> None:
    parts = engine_parts(build_wheel(ROOT / "calc", __version__))
    methods = {i.compress_type for p in parts.values() for i in zipfile.ZipFile(io.BytesIO(p)).infolist()}
    assert methods == {zipfile.ZIP_STORED}


def test_rezip_changes_only_how_entries_are_compressed() -> None:
    stored = engine_parts(build_wheel(ROOT / "calc", __version__))["kernel"]
    deflated = rezip(stored, zipfile.ZIP_DEFLATED)
    read = [(i.filename, i.date_time) for i in zipfile.ZipFile(io.BytesIO(deflated)).infolist()]
    assert read == [(i.filename, i.date_time) for i in zipfile.ZipFile(io.BytesIO(stored)).infolist()]
    assert len(deflated) < len(stored)
    assert rezip(deflated, zipfile.ZIP_STORED) == stored
