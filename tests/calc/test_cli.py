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


# --- hostile input: one message, exit 2, never a traceback ---------------------------------------

def _error_of(capsys, args: list[str]) -> str:
    assert main(args) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    return captured.err


def test_a_repeated_flag_is_refused(capsys) -> None:
    assert _error_of(capsys, ["run", "collective", "--gpus", "8", "--gpus=16"]) == (
        "error: gpus must be given once: got '8' and '16'\n")


def test_a_yaml_file_is_read_as_utf8_with_or_without_a_byte_order_mark(tmp_path, capsys) -> None:
    for name, data in [("plain.yaml", "topology:\n  name: é\n".encode()),
                       ("bom.yaml", "\ufefftopology:\n  name: é\n".encode()),
                       ("utf16.yaml", "topology:\n  name: é\n".encode("utf-16"))]:
        (tmp_path / name).write_bytes(data)
        assert main(["run", "topology", "--yaml", str(tmp_path / name), "--json"]) == 0
        assert json.loads(capsys.readouterr().out)["data"]["name"] == "é"


def test_a_file_that_is_not_utf8_is_refused(tmp_path, capsys) -> None:
    path = tmp_path / "latin1.yaml"
    path.write_bytes("topology:\n  name: \xe9\n".encode("latin-1"))
    assert _error_of(capsys, ["run", "topology", "--yaml", str(path)]) == (
        f"error: yaml must be a UTF-8 file (or UTF-16 or UTF-32 with a byte-order mark): got {str(path)!r}, "
        "whose byte 19 is not utf-8\n")


def test_reading_a_device_stops_at_the_parameters_limit(capsys) -> None:
    assert _error_of(capsys, ["run", "topology", "--yaml", "/dev/zero"]) == (
        "error: yaml must be a file of at most 5000000 characters: got '/dev/zero', larger\n")


def test_a_missing_file_is_named(capsys) -> None:
    assert _error_of(capsys, ["run", "topology", "--yaml", "/nonexistent/t.yaml"]) == (
        "error: yaml must be a readable file: got '/nonexistent/t.yaml' (No such file or directory)\n")


def test_a_yaml_billion_laughs_exits_2_quickly(tmp_path, capsys) -> None:
    path = tmp_path / "laughs.yaml"
    path.write_text("topology:\n leaf:\n - name: l-000001..l-099999\n   uplinks: [s-000001..s-099999]\n")
    assert _error_of(capsys, ["run", "topology", "--yaml", str(path)]) == (
        "error: yaml must describe at most 200000 names, ranges expanded: got 299997 by line 4\n")


def test_a_reader_that_stops_early_gets_no_traceback() -> None:
    # ``python -m calc list | head -1``: the pipe closes before the output ends (``true`` reads nothing).
    proc = subprocess.run(f"{sys.executable} -m calc describe collective | true", shell=True,
                          capture_output=True, text=True, check=True)
    assert proc.stderr == ""
