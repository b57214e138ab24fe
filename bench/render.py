"""How much CPU the table picture costs, and how big its PNG is.

    python bench/render.py                  # 1000 random tables, 10 games, seed 1
    python bench/render.py --tables 300 --games 20 --seed 7 --save /tmp/tables
    python bench/render.py --rev HEAD~1     # the same, with render/table.py as of that commit

All times are CPU time of this process (`time.process_time`, not wall time), per picture
drawn afresh (not found in the PNG cache), p50/p99, and split in two parts: `_render`
(drawing, under the drawing lock) and `_encode` (what is left to make the PNG: palette
mapping and zlib, or zlib alone). Printed:
- random tables of 0..12 cards (random scores, labels, stock and caption), with the
  pieces the renderer keeps between pictures for given scores/labels/stock (if it has
  such) forgotten before each one: the worst case, every picture new in every way;
- games: `--games` 2-player matches played at random by the engine side by side, one
  picture after every move that changes what the picture shows, as the bot draws them
  (its labels per game, its points, chicas, stock, turn and the card just dropped): the
  cost per move;
- a few fixed tables of 0, 5, 12 and 20 cards, worst case as above, and their PNG sizes;
- wall time, PNG sizes, a cached lookup (an equal table seen before), the 40 emoji faces.
The first table (fonts and card sprites loading) is timed apart as "cold", then
`table.warm_up()` before the timed renders. `--rev` loads render/table.py from git
(`git show REV:render/table.py`) beside the current render package, for a before/after.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import Game, Rules  # noqa: E402
from engine.cards import full_deck  # noqa: E402
from render import faces  # noqa: E402

NAMES = ["Ana", "Bea", "Carlos", "Dolores", "José Muñoz", "Maximiliano", "Lu", "Quito Crew"]
FIXED_COUNTS = (0, 5, 12, 20)


def load_table(rev: str | None) -> ModuleType:
    """render.table, or render/table.py as of `rev` loaded as a module of the render package."""
    if rev is None:
        from render import table

        return table
    source = subprocess.run(
        ["git", "show", f"{rev}:render/table.py"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    path = Path(tempfile.mkdtemp()) / "table_at_rev.py"
    path.write_text(source)
    spec = importlib.util.spec_from_file_location("render._table_at_rev", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def random_picture(table: ModuleType, rng: random.Random, max_cards: int = 12):
    deck = full_deck()
    players = rng.choice((2, 4))
    if players == 2:
        sides = tuple(rng.sample(NAMES, 2))
    else:
        four = rng.sample(NAMES, 4)
        sides = (f"{four[0]} & {four[1]}", f"{four[2]} & {four[3]}")
    return table.TablePicture(
        cards=tuple(rng.sample(deck, rng.randint(0, max_cards))),
        sides=sides,
        points=(rng.randrange(0, 40, 2), rng.randrange(0, 40, 2)),
        chicas=(rng.randint(0, 2), rng.randint(0, 2)),
        stock=rng.randrange(0, 40, 5),
        turn=rng.choice((0, 1, None)),
        caption=rng.choice(("", "Ana dejó el 7♥", "Bea: caída, +2", "limpia!")),
    )


def fixed_picture(table: ModuleType, count: int):
    """The tables the tests and the look-at-it check use: `count` cards, fixed scores."""
    return table.TablePicture(
        cards=tuple(random.Random(count).sample(full_deck(), count)),
        sides=("Ana & Luis", "Bea & Carlos"),
        points=(26, 14),
        chicas=(1, 0),
        stock=20,
        turn=0,
        caption="Ana dejó el 7♥",
    )


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def forget_kept_pieces(table: ModuleType) -> None:
    """Forget what the renderer keeps for given scores/labels/stock (not the fonts, text
    or cards), so that the next picture pays for all of it."""
    for name in ("_header_band", "_footer_band"):
        cached = getattr(table, name, None)
        if cached is not None:
            cached.cache_clear()


def time_pictures(
    table: ModuleType, pictures: list, *, repeat: int = 1, forget: bool = False
) -> dict[str, list[float]]:
    """CPU (process) and wall time of each picture drawn afresh, and of its two parts."""
    out: dict[str, list[float]] = {"cpu": [], "wall": [], "draw": [], "encode": [], "size": []}
    for _ in range(repeat):
        for picture in pictures:
            if forget:
                forget_kept_pieces(table)
            start, start_cpu = time.perf_counter(), time.process_time()
            with table.DRAW_LOCK:
                drawn = table._render(picture)
            middle = time.process_time()
            png = table._encode(drawn)
            end_cpu = time.process_time()
            out["wall"].append(time.perf_counter() - start)
            out["cpu"].append(end_cpu - start_cpu)
            out["draw"].append(middle - start_cpu)
            out["encode"].append(end_cpu - middle)
            out["size"].append(len(png))
    return out


def dropped(table: ModuleType, card: object) -> dict[str, object]:
    """The dropped card to mark, for a renderer that marks it (older ones do not)."""
    return {"dropped": card} if "dropped" in table.TablePicture.__dataclass_fields__ else {}


def game_pictures(table: ModuleType, games: int, seed: int) -> list:
    """The pictures the bot draws for `games` random 2-player matches played side by side,
    one move of each in turn: a picture after each move that changes what it shows."""
    rng = random.Random(seed)
    matches = [Game.new(2, Rules.preset("quito"), seed=seed * 1000 + g) for g in range(games)]
    labels = [(f"Jugador {g}", f"Rival {g}") for g in range(games)]
    last: list = [None] * games
    pictures = []
    while any(m.winner is None for m in matches):
        for g, match in enumerate(matches):
            if match.winner is not None:
                continue
            match.play(rng.choice(match.legal_moves()))
            final = match.chica_history[-1] if match.winner is not None else None
            picture = table.TablePicture(
                cards=tuple(match.table),
                sides=labels[g],
                points=final or match.scores,
                chicas=match.chicas,
                stock=len(match.stock),
                turn=None if match.winner is not None else match.to_play % 2,
                **dropped(table, match.last_played),
            )
            if picture != last[g]:
                pictures.append(picture)
                last[g] = picture
    return pictures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rev", help="bench render/table.py as of this git revision")
    parser.add_argument("--save", type=Path, help="write the first few PNGs in this folder")
    args = parser.parse_args()
    table = load_table(args.rev)
    rng = random.Random(args.seed)
    pictures = [random_picture(table, rng) for _ in range(args.tables)]
    played = game_pictures(table, args.games, args.seed)

    start = time.process_time()
    table.render_table_png_uncached(pictures[0])
    cold = time.process_time() - start
    start = time.process_time()
    table.warm_up()
    warm_up = time.process_time() - start

    worst = time_pictures(table, pictures, forget=True)
    games = time_pictures(table, played)
    for picture in pictures:
        table.render_table_png(picture)  # fills the cache for the lookups below
    if args.save:
        args.save.mkdir(parents=True, exist_ok=True)
        for i, picture in enumerate(pictures[:8]):
            (args.save / f"table_{i}_{len(picture.cards)}cards.png").write_bytes(
                table.render_table_png(picture)
            )

    lookups = []
    for picture in pictures[-table.CACHE_SIZE :]:  # the ones still in the LRU cache
        equal = table.TablePicture(
            picture.cards,
            picture.sides,
            picture.points,
            picture.chicas,
            picture.stock,
            picture.turn,
            picture.caption,
        )  # equal content, another object: what the Discord layer would build
        start = time.perf_counter()
        table.render_table_png(equal)
        lookups.append(time.perf_counter() - start)

    faces.card_face_png.cache_clear()
    start = time.process_time()
    for card in full_deck():
        faces.card_face_png(card)
    faces_time = time.process_time() - start

    ms = 1000.0

    def spread(values: list[float]) -> str:
        return (
            f"p50 {percentile(values, 0.5) * ms:.2f} ms, p99 {percentile(values, 0.99) * ms:.2f} ms"
        )

    def report(title: str, times: dict[str, list[float]]) -> None:
        sizes = times["size"]
        cpu = times["cpu"]
        print(f"{title}: CPU per picture {spread(cpu)}, max {max(cpu) * ms:.2f} ms")
        print(f"  draw (_render): {spread(times['draw'])}")
        print(f"  encode (_encode): {spread(times['encode'])}")
        print(f"  wall time of the same: {spread(times['wall'])}")
        print(
            f"  PNG size: min {min(sizes)} B, median {int(statistics.median(sizes))} B, "
            f"max {max(sizes)} B ({table.WIDTH}x{table.HEIGHT})"
        )

    print(f"renderer: render/table.py {'at ' + args.rev if args.rev else '(working tree)'}")
    print(f"cold first picture: {cold * ms:.1f} ms CPU; warm_up(): {warm_up * ms:.0f} ms CPU")
    report(
        f"{len(pictures)} random tables, 0..12 cards, kept pieces forgotten (seed {args.seed})",
        worst,
    )
    report(f"{args.games} random games, {len(played)} pictures, one per move", games)
    for count in FIXED_COUNTS:
        fixed = time_pictures(table, [fixed_picture(table, count)], repeat=200, forget=True)
        print(
            f"fixed table, {count:2d} cards: CPU {spread(fixed['cpu'])}, PNG {fixed['size'][0]} B"
        )
    print(
        f"cached lookup: p50 {percentile(lookups, 0.5) * 1e6:.1f} us, "
        f"p99 {percentile(lookups, 0.99) * 1e6:.1f} us"
    )
    print(f"40 emoji faces: {faces_time * ms:.0f} ms CPU in all, once at start-up")
    return 0


if __name__ == "__main__":
    sys.exit(main())
