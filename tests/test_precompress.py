"""widgets/precompress.py: brotli copies made by Node, one process per core, the same bytes as one process."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from widgets.precompress import precompress, shares


def files(folder: Path, sizes: dict[str, int]) -> list[tuple[str, str]]:
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for name, size in sizes.items():
        (folder / name).write_bytes(os.urandom(size // 2) + b"a" * (size - size // 2))
        out.append((str(folder / name), str(folder / f"{name}.br")))
    return out


def test_the_largest_file_gets_a_share_of_its_own_and_the_rest_are_balanced(tmp_path: Path) -> None:
    todo = files(tmp_path, {"wasm": 9000, "a": 3000, "b": 2500, "c": 2000, "d": 1500})
    assert [[Path(s).name for s, _ in g] for g in shares(todo, 2)] == [["wasm"], ["a", "b", "c", "d"]]
    assert [[Path(s).name for s, _ in g] for g in shares(todo, 3)] == [["wasm"], ["a", "d"], ["b", "c"]]


def test_there_are_never_more_shares_than_files_and_every_file_is_in_one(tmp_path: Path) -> None:
    todo = files(tmp_path, {"a": 10, "b": 20})
    groups = shares(todo, 8)
    assert len(groups) == 2 and sorted(j for g in groups for j in g) == sorted(todo)
    assert shares([], 4) == []


def test_the_brotli_copies_decompress_to_the_files(tmp_path: Path) -> None:
    site = tmp_path / "site"
    for name in ("a.js", "b.js", "c.css"):
        target = site / ("assets/widgets" if name.endswith(".js") else "assets/stylesheets") / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(f"/* {name} */ " + "const x = 1;\n" * 2000)
    made = precompress(site, tmp_path / "cache")
    assert [p.name for p in made] == ["c.css", "a.js", "b.js"]
    for path in made:
        out = subprocess.run(["node", "-e", "process.stdout.write(require('node:zlib').brotliDecompressSync("
                              "require('node:fs').readFileSync(process.argv[1])))", f"{path}.br"],
                             capture_output=True, check=True).stdout
        assert out == path.read_bytes()
    assert len(list((tmp_path / "cache").glob("*.br"))) == 3  # cached under their hashes for the next build
