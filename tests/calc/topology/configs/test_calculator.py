"""Tests of calc.topology.configs.calculator: the calculator, its errors and the CLI exporter."""

from __future__ import annotations

import base64
import io
import zipfile
from pathlib import Path

import pytest

from calc.cli import main
from calc.errors import ValidationError
from calc.registry import run
from calc.topology.configs.calculator import EMULATED_YAML


def test_the_default_shows_the_first_leafs_files() -> None:
    result = run("configs")
    values = result.outcome.values
    assert (values["valid"], values["switches"], values["hosts"]) == (True, 6, 8)
    assert result.outcome.data["device"] == "leaf-01"
    assert result.outcome.data["frr"].startswith("! leaf-01: leaf of network compute")
    assert 'data-node="spine-02"' in result.outcome.data["svg"]


def test_a_server_shows_its_roce_script() -> None:
    host = run("configs", {"device": "host-03"}).outcome.data["host"]
    assert "mlnx_qos -i nic0 --trust dscp --pfc 0,0,0,1,0,0,0,0" in host
    assert "ip address replace 10.128.0.10/29 dev nic0" in host


def test_the_bundle_is_a_zip_of_every_file() -> None:
    data = run("configs", {"bundle": True}).outcome.data["zip"]
    names = zipfile.ZipFile(io.BytesIO(base64.b64decode(data))).namelist()
    assert len(names) == 6 * 2 + 8
    assert "emulated-fabric/spine-01/config_db.json" in names


def test_a_topology_with_problems_renders_nothing() -> None:
    result = run("configs", {"yaml": EMULATED_YAML.replace("kmax_KB: 200", "kmax_KB: 900")})
    assert (result.value("valid"), result.value("issues"), result.outcome.data["frr"]) == (False, 1, "")


def test_an_unknown_device_is_a_field_error() -> None:
    with pytest.raises(ValidationError, match="device must name a switch or server of the topology: got 'nope'"):
        run("configs", {"device": "nope"})


def test_a_before_file_with_problems_cannot_be_compared() -> None:
    with pytest.raises(ValidationError, match="before must be a topology that passes the checks"):
        run("configs", {"before": "topology:\n  leaf:\n    - {name: l1, uplinks: [s9]}\n"})


def test_cli_export_writes_every_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "fabric.yaml"
    source.write_text(EMULATED_YAML)
    assert main(["export", "configs", "--yaml", str(source), "--out", str(tmp_path / "out")]) == 0
    assert capsys.readouterr().out == f"wrote 20 files to {tmp_path / 'out'}\n"
    assert (tmp_path / "out" / "leaf-03" / "frr.conf").read_text().startswith("! leaf-03:")


def test_cli_export_without_out_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["export", "configs"]) == 2
    assert capsys.readouterr().err == "error: export configs writes 20 files: give --out DIR\n"


def test_cli_export_of_a_broken_file_names_the_first_problem(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "bad.yaml"
    source.write_text(EMULATED_YAML.replace("kmax_KB: 200", "kmax_KB: 900"))
    assert main(["export", "configs", "--yaml", str(source), "--out", str(tmp_path)]) == 2
    assert capsys.readouterr().err.startswith("error: yaml has 1 problem(s); first, line 21: ECN Kmax 900 KB")


def test_cli_export_in_chinese_words_comments_in_chinese_and_keeps_every_command(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "fabric.yaml"
    source.write_text(EMULATED_YAML)
    for lang in ("en", "zh"):
        assert main(["export", "configs", "--yaml", str(source), "--out", str(tmp_path / lang), "--lang", lang]) == 0
    assert capsys.readouterr().out.splitlines()[1] == f"已写出 20 个文件到 {tmp_path / 'zh'}"
    host = [(tmp_path / lang / "hosts" / "host-03.sh").read_text(encoding="utf-8").splitlines() for lang in ("en", "zh")]
    commands = [[line for line in lines if not line.startswith("#")] for lines in host]
    assert commands[0] == commands[1]
    assert host[1][1] == "# host-03：与拓扑 emulated-fabric 的网络相匹配的 RoCE 设置。"
    sonic = [(tmp_path / lang / "spine-01" / "config_db.json").read_bytes() for lang in ("en", "zh")]
    assert sonic[0] == sonic[1]


def test_the_calculator_on_a_chinese_page_shows_and_zips_chinese_comments() -> None:
    from calc import i18n
    from calc.registry import get

    data = i18n.localize(get("configs"), "zh").run({"bundle": True}).outcome.data
    assert data["frr"].startswith("! leaf-01：网络 compute 中的 leaf，由拓扑 emulated-fabric 生成")
    archive = zipfile.ZipFile(io.BytesIO(base64.b64decode(data["zip"])))
    assert archive.read("emulated-fabric/hosts/host-01.sh").decode().splitlines()[3] == (
        "# 网卡名称只是占位符：请把 nicN 对应到连接所示叶交换机的那个端口。")
    assert run("configs").outcome.data["frr"].startswith("! leaf-01: leaf of network compute")  # English unchanged


def test_cli_export_of_a_broken_file_names_the_first_problem_in_chinese(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "bad.yaml"
    source.write_text(EMULATED_YAML.replace("kmax_KB: 200", "kmax_KB: 900"))
    assert main(["export", "configs", "--yaml", str(source), "--out", str(tmp_path), "--lang", "zh"]) == 2
    assert capsys.readouterr().err.startswith("错误： yaml 有 1 个问题；第一个在第 21 行：")
