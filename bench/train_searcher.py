"""Fit the searcher model (engine/ai/searcher.py) on logged decisions (bench/decisions.py).

    python3 bench/train_searcher.py DATA.jsonl [DATA.jsonl ...] [--write] [--mlp H]

It needs numpy, which the project does not depend on (the engine reads the weights in
pure Python): run it with a Python that has numpy (here the system's python3).

A conditional logit: a move's chance is exp(w·f) over the legal moves' sum. Fitted by
Newton's method (the log-likelihood is concave; 19 weights) with a small L2 penalty on
the standardized features, on every source but HELD_OUT; the scaling is folded into the
weights. Prints, per source, the mean negative log-likelihood per decision (nats) and the
top-1 agreement, beside the hand-written styles of reading.py (normal: exp(BETA·value);
greedy: its best moves all but GREEDY_SLIP of the time) and a uniform choice. With
`--write`, saves the weights to engine/ai/searcher.json.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.ai import reading, searcher

HELD_OUT = "pimc"  # the arena's opponent, never trained on
L2 = 1e-3
ROUNDS = 30


class Data:
    """Decisions as flat arrays: each legal move a row, grouped by decision."""

    def __init__(self, records: list[dict]) -> None:
        self.sources = np.array([r["src"] for r in records])
        self.rules = np.array([r["rules"] for r in records])
        sizes = np.array([len(r["x"]) for r in records])
        self.starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
        self.sizes = sizes
        self.x = np.array([row for r in records for row in r["x"]], dtype=float)
        self.group = np.repeat(np.arange(len(records)), sizes)
        self.chosen = self.starts + np.array([r["y"] for r in records])

    def subset(self, mask: np.ndarray) -> Data:
        picked = Data.__new__(Data)
        picked.sources, picked.rules = self.sources[mask], self.rules[mask]
        picked.sizes = self.sizes[mask]
        rows = np.concatenate(
            [np.arange(s, s + n) for s, n in zip(self.starts[mask], picked.sizes, strict=True)]
        )
        picked.x = self.x[rows]
        picked.starts = np.concatenate([[0], np.cumsum(picked.sizes)[:-1]])
        picked.group = np.repeat(np.arange(len(picked.sizes)), picked.sizes)
        offsets = self.chosen[mask] - self.starts[mask]
        picked.chosen = picked.starts + offsets
        return picked


def log_chances(data: Data, scores: np.ndarray) -> np.ndarray:
    """Per row, the log of its chance within its decision."""
    top = np.maximum.reduceat(scores, data.starts)[data.group]
    exps = np.exp(scores - top)
    totals = np.add.reduceat(exps, data.starts)[data.group]
    return scores - top - np.log(totals)


def fit(data: Data) -> np.ndarray:
    """Weights on the raw features (standardized inside)."""
    mean, std = data.x.mean(axis=0), data.x.std(axis=0)
    std[std == 0] = 1.0
    z = (data.x - mean) / std
    w = np.zeros(z.shape[1])
    n = len(data.sizes)
    rounds = 0
    for rounds in range(1, ROUNDS + 1):  # noqa: B007 (reported below)
        p = np.exp(log_chances(data, z @ w))
        expected = np.add.reduceat(z * p[:, None], data.starts)  # per decision
        grad = (z[data.chosen].sum(axis=0) - expected.sum(axis=0)) / n - L2 * w
        second = np.einsum("ri,rj->ij", z * p[:, None], z)
        hessian = -(second - expected.T @ expected) / n - L2 * np.eye(len(w))
        step = np.linalg.solve(hessian, grad)
        w = w - step
        if np.abs(step).max() < 1e-7:
            break
    print(f"fitted in {rounds} Newton steps", file=sys.stderr)
    return w / std


def fit_mlp(data: Data, hidden: int, steps: int = 600, seed: int = 0) -> Any:
    """A small MLP (one tanh layer of `hidden` units) on the same loss, by full-batch
    Adam; returns a scoring function of raw features (for the comparison only: the
    engine keeps the linear model unless this is clearly better on held-out data)."""
    mean, std = data.x.mean(axis=0), data.x.std(axis=0)
    std[std == 0] = 1.0
    z = (data.x - mean) / std
    rng = np.random.default_rng(seed)
    params = [
        rng.normal(0, 1 / np.sqrt(z.shape[1]), (z.shape[1], hidden)),
        np.zeros(hidden),
        rng.normal(0, 1 / np.sqrt(hidden), hidden),
    ]
    moments = [np.zeros_like(p) for p in params]
    squares = [np.zeros_like(p) for p in params]
    n = len(data.sizes)
    target = np.zeros(len(z))
    target[data.chosen] = 1.0
    for step in range(1, steps + 1):
        w1, b1, w2 = params
        h = np.tanh(z @ w1 + b1)
        p = np.exp(log_chances(data, h @ w2))
        ds = (p - target) / n
        dh = np.outer(ds, w2) * (1 - h * h)
        grads = [z.T @ dh + L2 * w1, dh.sum(axis=0), h.T @ ds + L2 * w2]
        for i, g in enumerate(grads):
            moments[i] = 0.9 * moments[i] + 0.1 * g
            squares[i] = 0.999 * squares[i] + 0.001 * g * g
            m = moments[i] / (1 - 0.9**step)
            v = squares[i] / (1 - 0.999**step)
            params[i] = params[i] - 0.01 * m / (np.sqrt(v) + 1e-8)
    w1, b1, w2 = params
    return lambda x: np.tanh(((x - mean) / std) @ w1 + b1) @ w2


def figures(data: Data, scores: np.ndarray) -> tuple[float, float]:
    """Mean NLL per decision, and top-1 (a tie at the top shares the credit)."""
    logp = log_chances(data, scores)
    nll = -logp[data.chosen].mean()
    top = np.maximum.reduceat(scores, data.starts)[data.group]
    at_top = scores >= top - 1e-9
    ties = np.add.reduceat(at_top.astype(float), data.starts)
    top1 = (at_top[data.chosen] / ties).mean()
    return float(nll), float(top1)


def baselines(data: Data) -> dict[str, np.ndarray]:
    """Scores (log-chances up to a constant per decision) of the hand-written styles."""
    names = searcher.FEATURES
    value = data.x[:, names.index("value_change")] + data.x[:, names.index("reply_and_follow")]
    best = data.x[:, names.index("greedy_best")]
    ties = np.add.reduceat(best, data.starts)[data.group]
    sizes = data.sizes[data.group]
    slip = reading.GREEDY_SLIP
    greedy = np.where(
        ties == sizes,
        -np.log(sizes),
        np.where(best > 0, np.log((1 - slip) / ties), np.log(slip / np.maximum(sizes - ties, 1))),
    )
    return {"normal": reading.BETA * value, "greedy": greedy, "any": np.zeros(len(value))}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("data", nargs="+", type=Path)
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--mlp", type=int, default=0, help="also fit an MLP of this width")
    args = parser.parse_args()
    records = [json.loads(line) for path in args.data for line in path.open() if line.strip()]
    data = Data(records)
    held = data.sources == HELD_OUT
    # A tenth of the training sources' decisions, by position, checks the fit too.
    check = (np.arange(len(records)) % 10 == 9) & ~held
    train = data.subset(~held & ~check)
    print(f"{len(records)} decisions; training on {len(train.sizes)}", file=sys.stderr)
    weights = fit(train)
    mlp = fit_mlp(train, args.mlp) if args.mlp else None
    lines = []
    header = f"{'decisions':<32} {'n':>7}  {'searcher':>15}  " + "  ".join(
        f"{name:>15}" for name in ("normal", "greedy", "any", *(["mlp"] if args.mlp else []))
    )
    lines.append(header + "   (NLL nats / top-1)")
    groups = [("held out: " + HELD_OUT, held), ("check tenth, training sources", check)]
    groups += [
        (f"  {HELD_OUT}, rules {rules}", held & (data.rules == rules))
        for rules in ("quito", "peer")
    ]
    groups += [
        (f"  check, {src}", check & (data.sources == src))
        for src in sorted(set(data.sources))
        if src != HELD_OUT
    ]
    for label, mask in groups:
        if not mask.any():
            continue
        part = data.subset(mask)
        cells = [figures(part, part.x @ weights)]
        cells += [figures(part, scores) for scores in baselines(part).values()]
        if mlp is not None:
            cells.append(figures(part, mlp(part.x)))
        lines.append(
            f"{label:<32} {len(part.sizes):>7}  "
            + "  ".join(f"{nll:>7.3f} / {top1:>5.1%}" for nll, top1 in cells)
        )
    print("\n".join(lines))
    print("weights:", dict(zip(searcher.FEATURES, np.round(weights, 3).tolist(), strict=True)))
    if args.write:
        searcher.WEIGHTS_FILE.write_text(
            json.dumps(
                {
                    "features": list(searcher.FEATURES),
                    "weights": [round(float(w), 5) for w in weights],
                    "trained_on": len(train.sizes),
                    "held_out": HELD_OUT,
                    "fit": lines,
                },
                indent=1,
            )
            + "\n"
        )
        print(f"wrote {searcher.WEIGHTS_FILE}")


if __name__ == "__main__":
    main()
