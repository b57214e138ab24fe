"""The bot as a real OS process: latency, CPU and Discord calls per move, and kill -9 recovery.

    python bench/real_process.py                                # all three runs, defaults below
    python bench/real_process.py --only latency --no-picture
    python bench/real_process.py --only crash --kills 6
    python bench/real_process.py --only restart --restart-tables 100 --memory none
    python bench/real_process.py --project /path/to/other/checkout

A thin wrapper over the loopback fake Discord in ../shared/loopback (see its README): the
project's bot.py runs unchanged in its own process, speaking real HTTP and a real
websocket to a fake Discord on 127.0.0.1, and the harness plays games against it.

  latency  `harness.py latency --games G --moves M --seconds S [--no-picture]`:
           G concurrent games against the bot seat, M human moves each, at most S seconds
           of play. Measures click -> interaction reply (p50/p99), the bot process's CPU
           per move, REST requests per move on /channels/ routes (under Discord's global
           limit of ~50/s) and on interaction-token edits, memory, timeouts.
  crash    `harness.py crash --games G --kills K`: kills the bot with SIGKILL K times
           while G games are being played, compares the SQLite state with what each player
           was last shown (lost moves, mismatches), restarts it, and checks that the public
           tables and old buttons are right again a few seconds later.
  restart  `bench/restart.py --tables N --memory 0,200,2000` (this checkout's, with the
           fake Discord of tests/process): N live mid-match tables against the expert,
           kill -9 with 10% of them out of date, restart with every player clicking at
           once; click p50/p99 in steady play and in the first minute, the event loop's
           longest block, seconds until every table shows its saved state, channel
           requests per table and the ones that changed nothing; RSS per live table.

The runs are streamed as they go; at the end a short block repeats the latency SUMMARY
line, the crash report's key figures and the RESTART SUMMARY line. Each run uses the
interpreter running this script (sys.executable: use the project's virtualenv python),
from the project directory, with PROJECT_DIR set to it; its launch_bot.py puts that
directory first on the bot's sys.path, so that checkout's code is what runs even when
another checkout is pip-installed in editable mode in the same virtualenv. The machine
may be shared: compare runs made back to back and prefer the per-move ratios to absolute
times.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HARNESS_REL = Path("..") / "shared" / "loopback" / "harness.py"


def find_harness(project: Path, given: str | None) -> Path:
    if given:
        return Path(given).resolve()
    for base in (project, ROOT):  # beside the measured checkout, else beside this one
        candidate = (base / HARNESS_REL).resolve()
        if candidate.exists():
            return candidate
    sys.exit(
        f"harness.py not found at {project / HARNESS_REL} or {ROOT / HARNESS_REL}; pass --harness"
    )


def code_under_test(project: Path) -> str:
    """Commit of the measured checkout, and where its packages import from when the project
    is first on sys.path (as launch_bot.py does), with this interpreter."""

    def git(*args: str) -> str:
        try:
            return subprocess.run(
                ["git", "-C", str(project), *args], capture_output=True, text=True, timeout=10
            ).stdout.strip()
        except (OSError, subprocess.TimeoutExpired):
            return "?"

    dirty = len(git("status", "--short", "--untracked-files=no").splitlines())
    probe = (
        "import sys; sys.path.insert(0, sys.argv[1]); import engine, cogs, db; "
        "print(' '.join(m.__file__ for m in (engine, cogs, db)))"
    )
    files = subprocess.run(
        [sys.executable, "-c", probe, str(project)],
        capture_output=True,
        text=True,
        cwd="/tmp",
        timeout=60,
    )
    where = files.stdout.strip() or files.stderr.strip().splitlines()[-1:]
    outside = [f for f in files.stdout.split() if not Path(f).resolve().is_relative_to(project)]
    return (
        f"{project} at {git('rev-parse', '--short', 'HEAD') or '?'}"
        f"{f' (+{dirty} modified files)' if dirty else ''}; imports {where}"
        f"{'  WARNING: not from the project: ' + str(outside) if outside else ''}"
    )


def stream(cmd: list[str], project: Path) -> tuple[int, list[str], float]:
    """Run cmd from the project directory, echo its output as it comes, return it too."""
    env = dict(os.environ, PROJECT_DIR=str(project))
    print(f"\n$ cd {project} && PROJECT_DIR={project} {' '.join(cmd)}", flush=True)
    began = time.perf_counter()
    lines: list[str] = []
    with subprocess.Popen(
        cmd,
        cwd=project,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        bufsize=1,
    ) as proc:
        assert proc.stdout is not None
        for line in proc.stdout:
            sys.stdout.write(line)
            sys.stdout.flush()
            lines.append(line.rstrip("\n"))
        code = proc.wait()
    return code, lines, time.perf_counter() - began


def crash_report(lines: list[str]) -> dict | None:
    """The JSON report the crash run prints (json.dumps(indent=1): '{' ... '}' lines)."""
    try:
        start = lines.index("{")
        end = lines.index("}", start)
    except ValueError:
        return None
    try:
        return json.loads("\n".join(lines[start : end + 1]))
    except json.JSONDecodeError:
        return None


def crash_block(report: dict, problems: int) -> list[str]:
    r = report
    restarts = r.get("restart_s") or []
    observed = {k: v for k, v in r.items() if k.endswith("_after_restart")}
    after = "  after restart: not observed (--observe 0)"
    if observed:  # the harness writes only the keys it counted: absent means 0
        when = next(iter(observed)).split("_", 2)[2]  # e.g. "5s_after_restart"
        counts = {
            f"{name}_{verdict}": observed.get(f"{name}_{verdict}_{when}", 0)
            for name in ("table", "hand")
            for verdict in ("ok", "stale")
        }
        after = (
            f"  {when.replace('_', ' ')}: TABLE_STALE={counts['table_stale']} of "
            f"{counts['table_ok'] + counts['table_stale']} public tables; hand_stale="
            f"{counts['hand_stale']} of {counts['hand_ok'] + counts['hand_stale']} open hands"
        )
    out = [
        f"  kills={r.get('kills')} acked_checked={r.get('acked_checked')} "
        f"in_flight_at_kill={r.get('in_flight_at_kill')} moves_acked={r.get('moves_acked')} "
        f"games_finished={r.get('games_finished')}",
        f"  LOST={r.get('lost')} final_lost={r.get('final_lost')} MISMATCH={r.get('mismatch')} "
        f"saved_not_shown={r.get('saved_not_shown')}",
        after,
        f"  old buttons: old_hand_ok={r.get('old_hand_ok')} old_hand_bad={r.get('old_hand_bad')} "
        f"old_card_ok={r.get('old_card_ok')} old_card_bad={r.get('old_card_bad')}; "
        f"score_ok={r.get('score_ok')} score_stale={r.get('score_stale')} (table at kill time)",
        f"  restart_s median {statistics.median(restarts):.2f} max {max(restarts):.2f} "
        f"(n={len(restarts)})"
        if restarts
        else "  restart_s: none",
        f"  timeouts={r.get('timeouts')} anomalies={len(r.get('anomalies') or [])} "
        f"waits_without_push={r.get('waits_without_push')} "
        f"clicks_answered={r.get('clicks_answered')} PROBLEM lines={problems}",
    ]
    if r.get("anomalies"):
        out.append(f"  first anomalies: {r['anomalies'][:3]}")
    return out


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--only", choices=("latency", "crash", "restart"), help="run just one of the three"
    )
    parser.add_argument(
        "--project",
        default=str(ROOT),
        help="checkout to measure (default: %(default)s, this file's project)",
    )
    parser.add_argument("--harness", help=f"harness.py (default: PROJECT/{HARNESS_REL})")
    lat = parser.add_argument_group("latency")
    lat.add_argument("--games", type=int, default=200, help="concurrent games (%(default)s)")
    lat.add_argument("--moves", type=int, default=20, help="human moves per game (%(default)s)")
    lat.add_argument("--seconds", type=float, default=150, help="cap on play (%(default)s)")
    lat.add_argument("--no-picture", action="store_true", help="table picture off first")
    cr = parser.add_argument_group("crash")
    cr.add_argument("--crash-games", type=int, default=20, help="games (%(default)s)")
    cr.add_argument("--kills", type=int, default=10, help="SIGKILLs (%(default)s)")
    cr.add_argument("--seed", type=int, help="kill timing seed (harness default if unset)")
    cr.add_argument(
        "--observe",
        type=float,
        help="seconds with no clicks after each restart (harness default 5)",
    )
    rs = parser.add_argument_group("restart")
    rs.add_argument("--restart-tables", type=int, default=600, help="live tables (%(default)s)")
    rs.add_argument(
        "--memory", default="0,200,2000", help="tables for RSS per table, or none (%(default)s)"
    )
    args = parser.parse_args()

    project = Path(args.project).resolve()
    if not (project / "bot.py").exists():
        sys.exit(f"{project} has no bot.py")
    harness = find_harness(project, args.harness) if args.only != "restart" else None
    print(
        f"python {sys.executable}\nharness {harness}\ncode {code_under_test(project)}", flush=True
    )

    results: list[str] = []
    failed = False
    load = [os.getloadavg()[0]]
    if args.only in (None, "latency"):
        cmd = [
            sys.executable,
            str(harness),
            "latency",
            "--games",
            str(args.games),
            "--moves",
            str(args.moves),
            "--seconds",
            f"{args.seconds:g}",
        ]
        if args.no_picture:
            cmd.append("--no-picture")
        code, lines, wall = stream(cmd, project)
        load.append(os.getloadavg()[0])
        summary = [ln for ln in lines if ln.startswith("SUMMARY ")]
        machine = [ln.strip() for ln in lines if "machine load average" in ln]
        results.append(
            f"latency ({wall:.0f} s, exit {code}, picture {'off' if args.no_picture else 'on'}):"
        )
        results.append("  " + (summary[-1] if summary else "no SUMMARY line"))
        results.extend("  " + ln for ln in machine)
        failed |= code != 0 or not summary
    if args.only in (None, "crash"):
        cmd = [
            sys.executable,
            str(harness),
            "crash",
            "--games",
            str(args.crash_games),
            "--kills",
            str(args.kills),
        ]
        if args.seed is not None:
            cmd += ["--seed", str(args.seed)]
        if args.observe is not None:
            cmd += ["--observe", f"{args.observe:g}"]
        code, lines, wall = stream(cmd, project)
        load.append(os.getloadavg()[0])
        report = crash_report(lines)
        results.append(f"crash ({wall:.0f} s, exit {code}):")
        if report is None:
            results.append("  no JSON report in the output")
            failed = True
        else:
            problems = sum(ln.startswith("PROBLEM ") for ln in lines)
            results.extend(crash_block(report, problems))
        failed |= code != 0

    if args.only in (None, "restart"):
        cmd = [
            sys.executable,
            str(ROOT / "bench" / "restart.py"),
            "--project",
            str(project),
            "--tables",
            str(args.restart_tables),
        ]
        if args.memory == "none":
            cmd += ["--only", "restart"]
        else:
            cmd += ["--memory", args.memory]
        code, lines, wall = stream(cmd, project)
        load.append(os.getloadavg()[0])
        summary = [ln for ln in lines if ln.startswith("RESTART SUMMARY ")]
        results.append(f"restart ({wall:.0f} s, exit {code}):")
        results.append("  " + (summary[-1] if summary else "no RESTART SUMMARY line"))
        failed |= code != 0 or not summary

    print("\n" + "=" * 78)
    print(f"real process, {project}")
    for line in results:
        print(line)
    print(
        f"  1-min load average {' -> '.join(f'{x:.2f}' for x in load)} "
        f"({os.cpu_count()} cores; the machine may be shared)"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
