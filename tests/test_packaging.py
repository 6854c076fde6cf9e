"""Packaging hygiene (issue 10, item 15): no stale modules in a wheel, SPDX licence metadata
and classifiers, one version, and a frozen build without OpenSSL."""

from __future__ import annotations

import runpy
import tomllib
from pathlib import Path

from game import __version__

ROOT = Path(__file__).resolve().parents[1]


def test_a_module_deleted_from_game_does_not_ship_from_an_old_build(tmp_path):
    """setuptools keeps build/lib between builds; the project's build_py empties the package
    there first, so only the modules that exist now are copied into the wheel."""
    from setuptools.dist import Distribution

    setup_globals = runpy.run_path(str(ROOT / "setup.py"), run_name="not-main")
    command_class = setup_globals["CleanBuildPy"]
    stale = tmp_path / "game" / "deleted_long_ago.py"
    stale.parent.mkdir(parents=True)
    stale.write_text("X = 1\n")
    dist = Distribution({"name": "five-realms", "packages": ["game", "game.core"],
                         "package_dir": {"": str(ROOT)}, "script_name": "setup.py"})
    command = command_class(dist)
    command.build_lib = str(tmp_path)
    command.ensure_finalized()
    command.run()
    assert not stale.exists()
    assert (tmp_path / "game" / "__init__.py").exists() and (tmp_path / "game" / "core" / "game.py").exists()


def test_metadata_licence_is_spdx_with_classifiers_and_one_version():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    meta = project["project"]
    assert meta["license"] == "MIT" and meta["license-files"] == ["LICENSE"]
    assert not any(c.startswith("License ::") for c in meta["classifiers"])  # SPDX replaces them
    assert "Topic :: Games/Entertainment :: Board Games" in meta["classifiers"]
    assert "version" in meta["dynamic"] and "version" not in meta
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "game.__version__"}
    assert __version__.count(".") == 2


def test_the_frozen_build_leaves_out_openssl():
    """The one-folder build bundled libssl/libcrypto that an offline game never uses."""
    spec = (ROOT / "build" / "five-realms.spec").read_text()
    assert '"ssl", "_ssl", "_hashlib"' in spec
    assert 'OPENSSL = ("libssl", "libcrypto")' in spec and "a.binaries = [b for b in a.binaries" in spec


def test_the_builds_ship_every_rule_book_but_not_the_developers_notes():
    """The rules book reads each system's rules.md at run time; game/ai/EXPERIMENTS.md is a
    notebook for whoever works on the search, not something a player needs."""
    from fnmatch import fnmatch

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = project["tool"]["setuptools"]["package-data"]["*"]
    notes = list(ROOT.glob("game/**/*.md"))
    assert ROOT / "game" / "ai" / "EXPERIMENTS.md" in notes
    assert len([md for md in notes if md.name == "rules.md"]) == 5
    for md in notes:
        assert any(fnmatch(md.name, p) for p in patterns) == (md.name == "rules.md"), md.name
    spec = (ROOT / "build" / "five-realms.spec").read_text()
    assert 'name == "rules.md"' in spec and '".md"' not in spec
