"""Entry point: `python bot.py` runs the Cuarenta bot with DISCORD_TOKEN from .env."""

from __future__ import annotations

import os
import sys

from dotenv import load_dotenv

MISSING_TOKEN = (
    "DISCORD_TOKEN is not set. Copy .env.example to .env and put your bot's token in it\n"
    "(Discord Developer Portal → your application → Bot → Reset Token); see README.md."
)


def main() -> int:
    load_dotenv()
    token = os.environ.get("DISCORD_TOKEN", "").strip()
    if not token:
        print(MISSING_TOKEN, file=sys.stderr)
        return 2
    print("The Discord game is not wired up yet.", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
