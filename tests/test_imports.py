"""The import contracts of pyproject.toml hold: the layers (cogs over tables over db,
render and i18n over engine; nothing imports bot.py) and no import cycle between any
modules or packages, late imports inside functions included. `.ci/run` runs
`lint-imports` too; this test keeps the shape checked by a bare `pytest` as well."""

from __future__ import annotations

import os
from pathlib import Path

from importlinter.cli import lint_imports

ROOT = Path(__file__).resolve().parents[1]


def test_the_import_contracts_hold(capsys):
    here = Path.cwd()
    os.chdir(ROOT)  # the root packages are imported from the project's folder
    try:
        kept = lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True)
    finally:
        os.chdir(here)
    assert kept == 0, capsys.readouterr().out
