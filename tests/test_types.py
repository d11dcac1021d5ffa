"""Types as a gate: mypy, as pyproject.toml configures it, passes on the whole
package, and ``mypy --strict`` on the engine, so a type error fails the tests."""

import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("arguments", [[], ["--strict", "cardgui/engine"]],
                         ids=["cardgui", "strict engine"])
def test_mypy_finds_no_type_error(arguments):
    result = subprocess.run([sys.executable, "-m", "mypy", *arguments], cwd=ROOT,
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
