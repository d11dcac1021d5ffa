"""Learn Poker Squares' line values by self-play, and write them out.

    .venv/bin/python tools/pokersquares_training.py [--games N] [--seed S] [--out FILE]
        [--scoring american|english|both] [--replace]

plays N games (default 200,000) for each scoring table with the greedy
player of ``playout.Policy``, exploring at random at first (epsilon-greedy,
epsilon falling from 0.3 to 0 over the run), on decks shuffled by a
generator seeded with S.  After every game, each line still filling after
some card is credited with the points that line finally scored, under the
key its features had then (``line_features``) and the cards then to come
(``playout.self_play``); every 20,000 games the credits so far, the older
weighing less (``FORGET``), become the table: their mean, shrunk toward the
key's mean over all counts of cards to come when it has few games.  Then it
writes ``cardgui/engine/games/pokersquares/line_values_table.py`` (or FILE);
it refuses to write over a file that exists (the shipped table above all)
unless given ``--replace``.
The same N and S always write the same table.  (Monte Carlo epsilon-greedy
learning of hand-abstraction values, after Neller, Messinger and Yang,
EAAI 2016.)

Longer is not better here: 2,000,000 games played worse than 200,000
(greedy alone, deals 1-2,000: 121.8 +- 1.4 against 122.9 +- 1.4; the
30,000-game table before them 120.6 +- 1.4), and so did less exploring
(epsilon from 0.1: 121.3); without forgetting, 123.0.

It self-plays compiled where that was built (about a minute a table on one
core of the development machine) and in pure Python otherwise (the same
table, some hundred times slower).  ``--scoring`` learns one table only (for
trying features; the advisor needs both).  The training is not part of
cardgui: it ships nowhere.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from array import array
from collections.abc import Sequence
from pathlib import Path

TOOLS = Path(__file__).resolve().parent
REPOSITORY = TOOLS.parent
sys.path[:0] = [str(REPOSITORY)]

from cardgui.engine.games.pokersquares.line_features import (  # noqa: E402
    CARDS_IN_GAME,
    KEY_COUNT,
)
from cardgui.engine.games.pokersquares.playout import (  # noqa: E402
    COMPILED,
    ROW,
    VALUE_SCALE,
    Policy,
    points_by_category,
    self_play,
)
from cardgui.engine.poker import SCORING_TABLES  # noqa: E402

DEFAULT_GAMES = 200_000
DEFAULT_SEED = 2016
FIRST_EPSILON = 0.3
GREEDY = 255                    # an exploring choice that leaves the card to the greedy player
REFRESH_EVERY = 20_000
FORGET = 0.9                    # what a batch's games weigh in the next refresh
SHRINK = 20                     # games' weight of the key's all-times mean
TABLE_FILE = REPOSITORY / "cardgui" / "engine" / "games" / "pokersquares" / "line_values_table.py"


def learn(table_name: str, games: int, seed: int, progress: bool = False) -> list[list[int]]:
    """The learned values for one scoring table (see the module): for each
    key, its values by cards to come, in hundredths of a point."""
    points = points_by_category(SCORING_TABLES[table_name])
    policy = Policy(array("i", bytes(4 * KEY_COUNT * ROW)), points)
    totals = [0.0] * (KEY_COUNT * ROW)
    counts = [0.0] * (KEY_COUNT * ROW)
    generator = random.Random(seed)
    deck = list(range(52))
    started = time.perf_counter()
    played = 0
    while played < games:
        batch = min(REFRESH_EVERY, games - played)
        decks = bytearray()
        explore = bytearray()
        for game in range(played, played + batch):
            epsilon = FIRST_EPSILON * (1 - game / games)
            generator.shuffle(deck)
            decks += bytes(deck[:CARDS_IN_GAME])
            explore += bytes(generator.randrange(CARDS_IN_GAME - card)
                             if generator.random() < epsilon else GREEDY
                             for card in range(CARDS_IN_GAME))
        batch_totals = array("q", bytes(8 * KEY_COUNT * ROW))
        batch_counts = array("q", bytes(8 * KEY_COUNT * ROW))
        self_play(bytes(decks), bytes(explore), policy, batch_totals, batch_counts)
        played += batch
        _refresh(policy.values, totals, counts, batch_totals, batch_counts)
        if progress:
            print(f"\r{table_name}: {played}/{games} games, "
                  f"{time.perf_counter() - started:.0f} s", end="", file=sys.stderr)
    if progress:
        print(file=sys.stderr)
    values = policy.values
    return [list(values[key * ROW:(key + 1) * ROW]) for key in range(KEY_COUNT)]


def _refresh(values: array, totals: list[float], counts: list[float],
             batch_totals: array, batch_counts: array) -> None:
    """Fold a batch's credits into the running sums, older games weighing
    ``FORGET`` less a batch (the player they judged was weaker), and make
    the table their means, shrunk toward the key's mean over every count of
    cards to come where the key was seldom met."""
    for index, count in enumerate(batch_counts):
        if count or counts[index]:
            totals[index] = totals[index] * FORGET + batch_totals[index]
            counts[index] = counts[index] * FORGET + count
    for key in range(KEY_COUNT):
        start = key * ROW
        played = sum(counts[start:start + ROW])
        if not played:
            continue
        overall = sum(totals[start:start + ROW]) / played
        for index in range(start, start + ROW):
            values[index] = round(VALUE_SCALE * (totals[index] + SHRINK * overall)
                                  / (counts[index] + SHRINK))


def table_source(tables: dict[str, list[list[int]]], games: int, seed: int) -> str:
    """The text of ``line_values_table.py`` for the learned ``tables``."""
    lines = [f'"""Line values learned by tools/pokersquares_training.py ({games:,} games a table,',
             f"seed {seed}), in hundredths of a point.",
             "",
             "Generated: do not edit; run ``tools/pokersquares_training.py``.  Keys are",
             "``line_features`` keys (those never met are left out: they are worth 0);",
             "each row holds a key's values by the cards still to come, 0 to 25.",
             '"""',
             "",
             "from __future__ import annotations",
             ""]
    for name, values in tables.items():
        lines.append(f"{name.upper()}_ROWS: dict[int, tuple[int, ...]] = {{")
        for key, row in enumerate(values):
            if any(row):
                lines.append(f"    {key}: ({', '.join(str(value) for value in row)}),")
        lines.append("}")
        lines.append("")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Learn Poker Squares line values by self-play.")
    parser.add_argument("--games", type=int, default=DEFAULT_GAMES)
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--out", type=Path, default=TABLE_FILE)
    parser.add_argument("--scoring", choices=["american", "english", "both"], default="both")
    parser.add_argument("--replace", action="store_true",
                        help="write over FILE (the shipped table by default) if it exists")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.scoring != "both" and args.out.resolve() == TABLE_FILE:
        parser.error("the advisor's table holds both scorings: --scoring needs --out")
    if args.out.exists() and not args.replace:
        parser.error(f"{args.out} exists: --replace writes over it (the shipped table is "
                     "only retrained on purpose)")
    if not COMPILED:
        print("the compiled self-play was not built: training in pure Python, "
              "some hundred times slower", file=sys.stderr)
    started = time.perf_counter()
    names = ["american", "english"] if args.scoring == "both" else [args.scoring]
    tables = {name: learn(name, args.games, args.seed, progress=True) for name in names}
    args.out.write_text(table_source(tables, args.games, args.seed))
    print(f"wrote {args.out} in {time.perf_counter() - started:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
