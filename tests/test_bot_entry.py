"""`python bot.py` without a token says what to do and exits non-zero; the bot fixes its
malloc's mmap threshold."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import bot

ROOT = Path(__file__).resolve().parents[1]


def test_without_a_token_the_bot_explains_and_exits(tmp_path):
    env = dict(os.environ, DISCORD_TOKEN="")  # set and empty: a local .env can't fill it in
    done = subprocess.run(
        [sys.executable, str(ROOT / "bot.py")],
        cwd=tmp_path,  # no .env here
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0
    assert "DISCORD_TOKEN is not set" in done.stderr and ".env" in done.stderr
    assert len(done.stderr.strip().splitlines()) <= 2


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's mallopt")
def test_the_bot_fixes_mallocs_mmap_threshold_on_linux():
    assert bot.fix_mmap_threshold()  # glibc's mallopt says 1 on success


def test_backup_onto_the_live_database_itself_says_so_and_exits_non_zero(
    tmp_path, monkeypatch, capsys
):
    import sqlite3

    live = tmp_path / "bot.sqlite3"
    sqlite3.connect(live).close()
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("DATABASE_PATH", str(live))
    monkeypatch.setattr(bot, "load_dotenv", lambda: None)
    assert bot.main(["backup", str(live)]) != 0
    said = capsys.readouterr()
    assert "the database itself" in said.err and "backed up" not in said.out
