"""Every package of the source tree is installed: pyproject lists them by hand
(the card art maps in from ``resources/``), so a new package must be added."""

import pathlib
import tomllib

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_pyproject_lists_every_package_under_cardgui():
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())
                 ["tool"]["setuptools"]["packages"])
    found = {".".join(init.parent.relative_to(ROOT).parts)
             for init in (ROOT / "cardgui").rglob("__init__.py")}
    assert found - listed == set()
