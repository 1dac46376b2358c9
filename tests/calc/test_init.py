"""The kernel's public surface: what a topic module or a script may import from ``calc``."""

import importlib
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import calc
from calc import registry
from widgets.build import calculator_index

ROOT = Path(__file__).resolve().parents[2]


def test_the_public_surface_is_pinned() -> None:
    assert sorted(calc.__all__) == sorted([
        "__version__",
        "calculator", "Param", "Bounded", "Int", "Float", "Size", "Choice", "Bool", "Text", "Value",
        "Scalar", "Chart", "Table", "Column", "Output", "Trace", "Outcome",
        "Source", "cite", "exporter",
        "ValidationError", "shorten",
        "Calculator", "Result", "get", "run", "names", "all_calculators", "all_sources", "Export", "exporters",
    ])
    assert all(hasattr(calc, name) for name in calc.__all__)


def test_no_module_outside_the_kernel_imports_a_private_kernel_name() -> None:
    offenders = []
    for path in [*ROOT.glob("calc/*/*.py"), *ROOT.glob("widgets/**/*.py"), *ROOT.glob("bench/*.py")]:
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("from calc.") and " import " in line:
                module, names = line[5:].split(" import ", 1)
                if module.count(".") == 0 and any(n.strip().startswith("_") for n in names.split(",")):
                    offenders.append(f"{path.relative_to(ROOT)}: {line}")
    assert offenders == []


def _index() -> dict[str, str]:
    namespace: dict[str, dict[str, str]] = {}
    exec(calculator_index(), namespace)
    return namespace["MODULES"]


def test_the_index_maps_every_calculator_to_its_dotted_module() -> None:
    index = _index()
    assert sorted(index) == sorted(registry.names())
    for name, module in index.items():
        assert module.startswith("calc.") and module.count(".") >= 2, (name, module)  # in a topic package
        assert registry.get(name).func.__module__ == module


def test_importing_only_the_indexed_module_registers_the_calculator() -> None:
    index = _index()
    code = (
        "import sys, importlib\n"
        "from calc import registry\n"
        f"index = {index!r}\n"
        "for name, module in index.items():\n"
        "    importlib.import_module(module)\n"
        "    assert name in registry._REGISTRY, name\n"
        "assert not registry._DISCOVERED\n"
        "print(len(index))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == str(len(index))


def test_get_imports_only_the_declaring_module_when_an_index_is_present(tmp_path: Path) -> None:
    (tmp_path / "calc").mkdir()
    code = (
        "import sys, calc\n"
        f"calc.__path__.append({str(tmp_path / 'calc')!r})\n"
        "from calc import registry\n"
        "registry.get('ecmp')\n"
        "print(registry._DISCOVERED, sorted({m.split('.')[1] for m in sys.modules if m.count('.') == 2 and m.startswith('calc.')}))\n"
    )
    (tmp_path / "calc" / "_index.py").write_text(calculator_index(), encoding="utf-8")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == "False ['ecmp']"


def test_a_real_wheel_packages_every_subpackage(tmp_path: Path) -> None:
    # Build from a clean copy: setuptools' build/ directory in the checkout could hold stale modules.
    source = tmp_path / "src"
    shutil.copytree(ROOT / "calc", source / "calc", ignore=shutil.ignore_patterns("__pycache__", "_index.py"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, source / name)
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
         "--wheel-dir", str(tmp_path), str(source)],
        check=True, capture_output=True, cwd=tmp_path,
    )
    (wheel,) = tmp_path.glob("aifabric_calc-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = {str(p.relative_to(ROOT)) for p in ROOT.glob("calc/**/*.py")}
    assert expected <= names
    assert not any(n.startswith(("tests/", "widgets/", "bench/")) for n in names)
    packages = {str(p.parent.relative_to(ROOT)) for p in ROOT.glob("calc/*/__init__.py")}
    assert packages == {"calc/collectives", "calc/fabric", "calc/topology", "calc/ecmp", "calc/congestion",
                        "calc/monitoring", "calc/reliability", "calc/inference", "calc/scaleup"}
    importlib.invalidate_caches()
