"""What pyproject.toml cannot say: every package under cardgui/ is found
(a new game's package needs no line here), and the art in resources/
installs as the package cardgui.resources."""

from setuptools import find_packages, setup

setup(packages=[*find_packages(include=["cardgui", "cardgui.*"]), "cardgui.resources"])
