"""What pyproject.toml cannot say: every package under cardgui/ is found
(a new game's package needs no line here), the card art's package
cardgui.resources included."""

from setuptools import find_packages, setup

setup(packages=find_packages(include=["cardgui", "cardgui.*"]))
