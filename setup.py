"""Package list for setuptools (the rest of the metadata is in pyproject.toml).

The art/ folder at the top of the project ships inside the installed package as
game/art, so fonts and icons are found the same way from a wheel and a frozen build.

setuptools keeps its build/lib folder from one build to the next, so a module deleted
from game/ would still ship in the next wheel: ``CleanBuildPy`` empties the package's
folder there before every build.
"""

import shutil
from pathlib import Path

from setuptools import find_packages, setup
from setuptools.command.build_py import build_py

PACKAGES = find_packages(include=["game", "game.*"]) + ["game.art"]
TOP_LEVEL = "game"


class CleanBuildPy(build_py):
    """build_py that first removes what an earlier build left of the package."""

    def run(self) -> None:
        stale = Path(self.build_lib) / TOP_LEVEL
        if stale.is_dir():
            shutil.rmtree(stale)
        super().run()


if __name__ == "__main__":  # setuptools runs this file as __main__; tests import the command
    setup(
        packages=PACKAGES,
        package_dir={"game.art": "art"},
        cmdclass={"build_py": CleanBuildPy},
    )
