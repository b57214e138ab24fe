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
