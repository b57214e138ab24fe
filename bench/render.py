"""How fast the table picture renders, and how big its PNG is.

    python bench/render.py                  # 300 random tables, seed 1
    python bench/render.py --tables 1000 --seed 7 --save /tmp/tables

Prints, for random tables of 0..12 cards (random scores, labels, stock and caption):
- render time p50/p99/max, uncached (draw + palette + PNG), target p99 ≤ 15 ms, wall
  clock and this thread's CPU time;
- PNG size min/median/max in bytes;
- the time of a cached lookup (an equal table seen before), p50/p99;
- the time to draw the 40 emoji faces (done once, at start-up, for missing emojis).
The first table (fonts and card sprites loading) is timed apart as "cold", then
`table.warm_up()` (what the bot runs at start-up) before the timed renders.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.cards import full_deck
from render import faces, table
from render.table import TablePicture

NAMES = ["Ana", "Bea", "Carlos", "Dolores", "José Muñoz", "Maximiliano", "Lu", "Quito Crew"]


def random_picture(rng: random.Random) -> TablePicture:
    deck = full_deck()
    players = rng.choice((2, 4))
    if players == 2:
        sides = tuple(rng.sample(NAMES, 2))
    else:
        four = rng.sample(NAMES, 4)
        sides = (f"{four[0]} & {four[1]}", f"{four[2]} & {four[3]}")
    return TablePicture(
        cards=tuple(rng.sample(deck, rng.randint(0, 12))),
        sides=sides,
        points=(rng.randrange(0, 40, 2), rng.randrange(0, 40, 2)),
        chicas=(rng.randint(0, 2), rng.randint(0, 2)),
        stock=rng.randrange(0, 40, 5),
        turn=rng.choice((0, 1, None)),
        caption=rng.choice(("", "Ana dejó el 7♥", "Bea: caída, +2", "limpia!")),
    )


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--save", type=Path, help="write the first few PNGs in this folder")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    pictures = [random_picture(rng) for _ in range(args.tables)]

    start = time.perf_counter()
    table.render_table_png_uncached(pictures[0])
    cold = time.perf_counter() - start
    start = time.perf_counter()
    table.warm_up()
    warm_up = time.perf_counter() - start

    times, cpu, sizes = [], [], []
    for picture in pictures:
        start, start_cpu = time.perf_counter(), time.thread_time()
        png = table.render_table_png_uncached(picture)
        times.append(time.perf_counter() - start)
        cpu.append(time.thread_time() - start_cpu)
        sizes.append(len(png))
        table.render_table_png(picture)  # fills the cache for the lookups below
    if args.save:
        args.save.mkdir(parents=True, exist_ok=True)
        for i, picture in enumerate(pictures[:8]):
            (args.save / f"table_{i}_{len(picture.cards)}cards.png").write_bytes(
                table.render_table_png(picture)
            )

    lookups = []
    for picture in pictures[-table.CACHE_SIZE :]:  # the ones still in the LRU cache
        equal = TablePicture(
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

    faces._face.cache_clear()
    faces.card_face_png.cache_clear()
    start = time.perf_counter()
    for card in full_deck():
        faces.card_face_png(card)
    faces_time = time.perf_counter() - start

    ms = 1000.0
    print(f"tables: {len(pictures)} random, 0..12 cards (seed {args.seed})")
    print(
        f"cold first render: {cold * ms:.1f} ms; warm_up(): {warm_up * ms:.0f} ms (40 card sprites)"
    )
    print(
        f"render (uncached): p50 {percentile(times, 0.5) * ms:.2f} ms, "
        f"p99 {percentile(times, 0.99) * ms:.2f} ms, max {max(times) * ms:.2f} ms "
        f"(target p99 <= 15 ms)"
    )
    print(
        f"  CPU time of the same: p50 {percentile(cpu, 0.5) * ms:.2f} ms, "
        f"p99 {percentile(cpu, 0.99) * ms:.2f} ms (wall time suffers when the cores are shared)"
    )
    print(
        f"PNG size: min {min(sizes)} B, median {int(statistics.median(sizes))} B, "
        f"max {max(sizes)} B ({table.WIDTH}x{table.HEIGHT})"
    )
    print(
        f"cached lookup: p50 {percentile(lookups, 0.5) * 1e6:.1f} us, "
        f"p99 {percentile(lookups, 0.99) * 1e6:.1f} us"
    )
    print(f"40 emoji faces: {faces_time * ms:.0f} ms in all, once at start-up")
    return 0


if __name__ == "__main__":
    sys.exit(main())
