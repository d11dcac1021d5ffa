"""What pyproject.toml cannot say: every package under cardgui/ is found
(a new game's package needs no line here), the card art's package
cardgui.resources included.  The packages are at the top of the checkout
(``package_dir`` says so outright): an editable install then puts the
checkout on the module path as a plain .pth line, where it would otherwise
install an import hook whose own imports (pathlib, urllib, ...) every start
of the program paid for."""

from setuptools import find_packages, setup

setup(packages=find_packages(include=["cardgui", "cardgui.*"]), package_dir={"": "."})
