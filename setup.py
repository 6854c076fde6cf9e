"""Package list for setuptools (the rest of the metadata is in pyproject.toml).

The art/ folder at the top of the project ships inside the installed package as
game/art, so fonts and icons are found the same way from a wheel and a frozen build.
"""

from setuptools import find_packages, setup

setup(
    packages=find_packages(include=["game", "game.*"]) + ["game.art"],
    package_dir={"game.art": "art"},
)
