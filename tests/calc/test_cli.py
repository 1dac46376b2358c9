import json
import subprocess
import sys

from calc.cli import main
from calc.registry import get


def test_list_prints_each_calculator_with_its_summary(capsys) -> None:
    from calc.registry import all_calculators

    assert main(["list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == [c.name for c in all_calculators()]
    collective = next(line for line in lines if line.startswith("collective "))
    assert collective.endswith(get("collective").summary)


def test_describe_shows_units_defaults_bounds_and_help(capsys) -> None:
    assert main(["describe", "collective"]) == 0
    out = capsys.readouterr().out
    assert "--gpus  GPUs (default 8; 2 to 131072)" in out
    assert "--message [B]  Message size (default 1GiB; 1 B to 1 TiB)" in out
    assert "busbw_GBps [GB/s]  Bus bandwidth" in out


def test_run_json_maps_every_scalar_output(capsys) -> None:
    assert main(["run", "collective", "--gpus", "16", "--message", "1MiB", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    scalars = {o.name for o in get("collective").outputs if o.kind == "scalar"}
    assert set(data["outputs"]) == scalars and {"time_us", "algbw_GBps", "busbw_GBps"} <= scalars
    assert data["inputs"]["message"] == 1048576


def test_run_accepts_equals_and_dashes(capsys) -> None:
    assert main(["run", "collective", "--gpus=4", "--latency-us=2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["inputs"]["latency_us"] == 2.0


def test_bad_input_exits_2_with_the_message_on_stderr() -> None:
    proc = subprocess.run([sys.executable, "-m", "calc", "run", "collective", "--gpus", "1"],
                          capture_output=True, text=True)
    assert proc.returncode == 2
    assert proc.stderr == "error: gpus must be between 2 and 131072: got 1\n"
    assert proc.stdout == ""


def test_missing_value_is_reported(capsys) -> None:
    assert main(["run", "collective", "--gpus"]) == 2
    assert capsys.readouterr().err == "error: gpus needs a value: got nothing\n"


def test_unknown_command_prints_usage(capsys) -> None:
    assert main(["frobnicate"]) == 2
    assert capsys.readouterr().err.startswith("usage: python -m calc list")


def test_unknown_export_is_reported(capsys) -> None:
    assert main(["export", "nope"]) == 2
    assert capsys.readouterr().err.startswith("error: unknown export 'nope'; known: ")
