"""Learn Poker Squares' line values by self-play, and write them out.

    .venv/bin/python tools/pokersquares_training.py [--games N] [--seed S] [--out FILE]

plays N games (default 200,000) for each scoring table with the greedy
player of ``playout.Policy``, exploring at random at first (epsilon-greedy,
epsilon falling from 0.3 to 0 over the run), on decks shuffled by a
generator seeded with S.  After every game, each line still filling after
some card is credited with the points that line finally scored, under the
key its features had then (``line_features``) and the cards then to come;
every 2,000 games the table becomes the mean so far, shrunk toward the
key's mean over all counts of cards to come when it has few games.  Then it
writes ``cardgui/engine/games/pokersquares/line_values_table.py`` (or FILE).
The same N and S always write the same table.  (Monte Carlo epsilon-greedy
learning of hand-abstraction values, after Neller, Messinger and Yang,
EAAI 2016.)

It uses the compiled play-outs' greedy player where they were built (about
ten minutes for the default on one core of the development machine) and the
pure-Python one otherwise (the same table, some ten times slower).  The
training is not part of cardgui: it ships nowhere.
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
    NO_RIVALS,
    line_key,
    with_rivals,
)
from cardgui.engine.games.pokersquares.lines import (  # noqa: E402
    LINE_COUNT,
    PATTERN_SIZE,
    SIDE,
    SINGLE_SUIT,
    SUIT_BITS,
    category,
)
from cardgui.engine.games.pokersquares.playout import (  # noqa: E402
    COMPILED,
    ROW,
    VALUE_SCALE,
    Board,
    Policy,
    cell_values,
    points_by_category,
)
from cardgui.engine.poker import SCORING_TABLES  # noqa: E402

DEFAULT_GAMES = 200_000
DEFAULT_SEED = 2016
FIRST_EPSILON = 0.3
REFRESH_EVERY = 2_000
SHRINK = 20                     # games' weight of the key's all-times mean
TABLE_FILE = REPOSITORY / "cardgui" / "engine" / "games" / "pokersquares" / "line_values_table.py"


def learn(table_name: str, games: int, seed: int, progress: bool = False) -> list[list[int]]:
    """The learned values for one scoring table (see the module): for each
    key, its values by cards to come, in hundredths of a point."""
    points = points_by_category(SCORING_TABLES[table_name])
    totals = [0] * (KEY_COUNT * ROW)
    counts = [0] * (KEY_COUNT * ROW)
    policy = Policy(array("i", bytes(4 * KEY_COUNT * ROW)), points)
    generator = random.Random(seed)
    deck = list(range(52))
    started = time.perf_counter()
    for game in range(games):
        epsilon = FIRST_EPSILON * (1 - game / games)
        generator.shuffle(deck)
        _play_and_credit(deck[:CARDS_IN_GAME], policy, points, epsilon, generator,
                         totals, counts)
        if (game + 1) % REFRESH_EVERY == 0 or game + 1 == games:
            _refresh(policy.values, totals, counts)
            if progress:
                print(f"\r{table_name}: {game + 1}/{games} games, "
                      f"{time.perf_counter() - started:.0f} s", end="", file=sys.stderr)
    if progress:
        print(file=sys.stderr)
    values = policy.values
    return [list(values[key * ROW:(key + 1) * ROW]) for key in range(KEY_COUNT)]


def keys_of(board: Board) -> list[int]:
    """The key of every filling line of ``board``, rivals counted; -1 for a full line."""
    alone = [SUIT_BITS.index(board.suits[line])
             if board.suits[line] in SINGLE_SUIT and PATTERN_SIZE[board.pattern[line]] < SIDE
             else NO_RIVALS for line in range(LINE_COUNT)]
    keys = []
    for line in range(LINE_COUNT):
        pattern = board.pattern[line]
        if PATTERN_SIZE[pattern] == SIDE:
            keys.append(-1)
            continue
        key, rival = line_key(line >= SIDE, pattern, board.ranks[line], board.suits[line],
                              board.suits_unseen, board.ranks_unseen, board.live_ranks)
        if rival != NO_RIVALS:
            key = with_rivals(key, alone.count(rival) - 1)
        keys.append(key)
    return keys


def _play_and_credit(cards: Sequence[int], policy: Policy, points: Sequence[int], epsilon: float,
                     generator: random.Random, totals: list[int], counts: list[int]) -> None:
    board = Board()
    seen: list[tuple[int, int]] = []      # (line, index into the table)
    for code in cards:
        if generator.random() < epsilon:
            cell = generator.choice(board.empty)
        else:
            worths = cell_values(board.cells, code, policy)
            cell = board.empty[worths.index(max(worths))]
        board.see(code)
        board.place(cell, code)
        to_come = board.to_come
        for line, key in enumerate(keys_of(board)):
            if key >= 0:
                seen.append((line, key * ROW + to_come))
    final = [points[category(board.pattern[line], board.ranks[line], board.suits[line])]
             for line in range(LINE_COUNT)]
    for line, index in seen:
        totals[index] += final[line]
        counts[index] += 1


def _refresh(values: array, totals: list[int], counts: list[int]) -> None:
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
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    if not COMPILED:
        print("the compiled play-outs were not built: training in pure Python, "
              "some ten times slower", file=sys.stderr)
    started = time.perf_counter()
    tables = {name: learn(name, args.games, args.seed, progress=True)
              for name in ("american", "english")}
    args.out.write_text(table_source(tables, args.games, args.seed))
    print(f"wrote {args.out} in {time.perf_counter() - started:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
