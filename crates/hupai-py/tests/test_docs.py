"""The documentation works: every docstring example (Python and Rust-side) runs, the READMEs'
Python examples run as written, the type stubs match the module, help() shows the docs."""

from __future__ import annotations

import doctest
import inspect
import re
import subprocess
import sys

import pytest

import hupai
import hupai._types
from conftest import CRATE, ROOT


def docstrings():
    seen = set()
    for obj in [hupai, hupai._types, *(getattr(hupai, n) for n in hupai.__all__)]:
        yield obj
        for _, member in inspect.getmembers(obj):
            if getattr(member, "__doc__", None) and id(member) not in seen:
                seen.add(id(member))
                yield member


def test_docstring_examples_run() -> None:
    finder = doctest.DocTestFinder(recurse=False)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    examples = 0
    for obj in docstrings():
        try:
            tests = finder.find(obj, name=getattr(obj, "__qualname__", repr(obj)), globs={"hupai": hupai})
        except ValueError:
            continue
        for t in tests:
            examples += len(t.examples)
            runner.run(t)
    assert runner.failures == 0
    assert examples >= 10


def python_blocks(path) -> list:
    """The ```python blocks, dedented (a block inside a list item is indented)."""
    import textwrap

    found = re.findall(r"^( *)```python\n(.*?)^ *```", path.read_text(), flags=re.S | re.M)
    return [textwrap.dedent(body) for _, body in found]


@pytest.mark.parametrize("readme", [ROOT / "README.md", CRATE / "README.md"])
def test_readme_python_examples_run(readme, tmp_path) -> None:
    blocks = python_blocks(readme)
    assert blocks, f"{readme} shows Python"
    for i, block in enumerate(blocks):
        script = tmp_path / f"block{i}.py"
        script.write_text(block)
        run = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, cwd=tmp_path)
        assert run.returncode == 0, (readme, block, run.stderr)


def test_stubs_match_the_module() -> None:
    pytest.importorskip("mypy")
    run = subprocess.run([sys.executable, "-m", "mypy.stubtest", "hupai"], capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


def test_help_shows_the_docs() -> None:
    for obj in (hupai.Engine, hupai.Engine.shanten, hupai.Engine.ukeire, hupai.Hand, hupai.Ukeire):
        text = inspect.getdoc(obj)
        assert text and len(text) > 40, obj
    assert "(rules='chinese'" in str(inspect.signature(hupai.Engine))
    assert "threads=1" in str(inspect.signature(hupai.Engine.shanten))
