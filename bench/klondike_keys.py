"""Keystrokes per second through the Klondike engine (not part of the tests).

    python bench/klondike_keys.py [--keys N]

Plays a fixed, seeded stream of the book's keys (deals, plays, card names,
stack moves, M, W, undo and redo) through ``KlondikeKeys`` and prints the
rate, with the time per key and how many keys were refused.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from cardgui.engine.games.klondike.game import Klondike
from cardgui.engine.games.klondike.keys import KlondikeKeys

KEYS = list("+++PPP!@#$%^&MW") + ["8S", "10H", "QD", "AC", "3.", "U", "Y"]


def stream(count: int, seed: int = 1) -> list[str]:
    rng = random.Random(seed)
    keys: list[str] = []
    while len(keys) < count:
        keys.extend(rng.choice(KEYS))
    return keys[:count]


def one_run(keys: list[str]) -> tuple[float, int]:
    session = KlondikeKeys(Klondike(617))
    refused = 0
    start = time.perf_counter()
    for key in keys:
        refused += session.press(key).bell
    return time.perf_counter() - start, refused


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=50_000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    keys = stream(args.keys)
    times, refused = zip(*(one_run(keys) for _ in range(args.runs)))
    median = statistics.median(times)
    print(f"keys per run:        {args.keys}")
    print(f"refused (the bell):  {refused[0]}")
    print(f"median time:         {median:.3f} s over {args.runs} runs")
    print(f"keystrokes / second: {args.keys / median:,.0f}")
    print(f"time per keystroke:  {median / args.keys * 1e6:.1f} us")
    print("The book's program in Berkeley Logo: no figure here (not installed); "
          "a person types about 5 keys a second.")


if __name__ == "__main__":
    main()
