"""Every package of the source tree is installed, found rather than listed:
a new game's package needs no line in the packaging."""

import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_the_build_finds_every_package_under_cardgui_and_the_art(tmp_path):
    found = subprocess.run([sys.executable, "setup.py", "--quiet", "egg_info", "--egg-base",
                            str(tmp_path)], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert found.returncode == 0, found.stderr
    sources = [line.strip().removeprefix("./") for line in
               (tmp_path / "cardgui.egg-info" / "SOURCES.txt").read_text().splitlines()]
    listed = {line.strip().replace("/", ".") for line in sources if line.endswith("__init__.py")}
    on_disk = {".".join(init.parent.relative_to(ROOT).parts) + ".__init__.py"
               for init in (ROOT / "cardgui").rglob("__init__.py")}
    assert on_disk <= listed
    assert any(line.startswith("cardgui/resources/cards/") for line in sources)
