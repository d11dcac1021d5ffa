"""Learn the line values of ``line_values`` by self-play, and write them out.

    python -m cardgui.engine.games.pokersquares.training [--games N] [--seed S]

plays N games (default 200,000) for each scoring table with the greedy player
of ``playout.Judge``, exploring at random at first (epsilon-greedy, epsilon
falling from 0.3 to 0 over the run), on shuffled decks from a generator
seeded with S.  After every game, each line still filling at some moment is
credited with the points that line finally scored; every 2,000 games the
table becomes the mean so far, shrunk toward the line's mean over all times
when it has few games.  Then it writes ``line_values_table.py`` beside this
module.  The same N and S always write the same table.  (Monte Carlo
epsilon-greedy learning of hand-abstraction values, after Neller, Messinger
and Yang, EAAI 2016.)
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from pathlib import Path

from ...poker import SCORING_TABLES
from .line_features import CARDS_IN_GAME, KEY_COUNT, line_key
from .lines import LINE_COUNT, PATTERN_SIZE, SIDE, category
from .playout import Board, Judge, points_by_category

DEFAULT_GAMES = 200_000
DEFAULT_SEED = 2016
FIRST_EPSILON = 0.3
REFRESH_EVERY = 2_000
SHRINK = 20                     # games' weight of the line's all-times mean
TABLE_FILE = Path(__file__).with_name("line_values_table.py")


def learn(table_name: str, games: int, seed: int) -> list[list[float]]:
    """The learned values for one scoring table (see the module)."""
    points = points_by_category(SCORING_TABLES[table_name])
    totals = [[0.0] * (CARDS_IN_GAME + 1) for _ in range(KEY_COUNT)]
    counts = [[0] * (CARDS_IN_GAME + 1) for _ in range(KEY_COUNT)]
    values = [[0.0] * (CARDS_IN_GAME + 1) for _ in range(KEY_COUNT)]
    judge = Judge(values, points)
    generator = random.Random(seed)
    deck = list(range(52))
    for game in range(games):
        epsilon = FIRST_EPSILON * (1 - game / games)
        generator.shuffle(deck)
        _play_and_credit(deck[:CARDS_IN_GAME], judge, points, epsilon, generator,
                         totals, counts)
        if (game + 1) % REFRESH_EVERY == 0 or game + 1 == games:
            _refresh(values, totals, counts)
    return values


def _play_and_credit(cards: Sequence[int], judge: Judge, points: Sequence[int], epsilon: float,
                     generator: random.Random, totals: list[list[float]],
                     counts: list[list[int]]) -> None:
    board = Board()
    seen: list[tuple[int, int, int]] = []      # (line, key, cards to come)
    for code in cards:
        board.see(code)
        if generator.random() < epsilon:
            cell = generator.choice(board.empty)
        else:
            cell = judge.best_cell(board, code)
        board.place(cell, code)
        for line in range(LINE_COUNT):
            pattern = board.pattern[line]
            if PATTERN_SIZE[pattern] < SIDE:
                seen.append((line, line_key(pattern, board.ranks[line], board.suits[line],
                                            board.suits_unseen, board.ranks_unseen,
                                            board.live_ranks), board.to_come))
    final = [points[category(board.pattern[line], board.ranks[line], board.suits[line])]
             for line in range(LINE_COUNT)]
    for line, key, to_come in seen:
        totals[key][to_come] += final[line]
        counts[key][to_come] += 1


def _refresh(values: list[list[float]], totals: list[list[float]],
             counts: list[list[int]]) -> None:
    for key in range(KEY_COUNT):
        played = sum(counts[key])
        if not played:
            continue
        overall = sum(totals[key]) / played
        for to_come in range(CARDS_IN_GAME + 1):
            values[key][to_come] = ((totals[key][to_come] + SHRINK * overall)
                                    / (counts[key][to_come] + SHRINK))


def table_source(tables: dict[str, list[list[float]]], games: int, seed: int) -> str:
    """The text of ``line_values_table.py`` for the learned ``tables``."""
    lines = [f'"""Line values learned by ``training`` ({games:,} games a table, seed {seed}).',
             "",
             "Generated: do not edit; run "
             "``python -m cardgui.engine.games.pokersquares.training``.",
             "Rows are line keys (``line_features.line_key``), columns the cards still to come.",
             '"""',
             "",
             "from __future__ import annotations",
             "",
             f"_ZERO = (0.0,) * {CARDS_IN_GAME + 1}",
             ""]
    for name, values in tables.items():
        rows = {key: row for key, row in enumerate(values) if any(row)}
        lines.append(f"_{name.upper()}_ROWS: dict[int, tuple[float, ...]] = {{")
        for key, row in rows.items():
            numbers = ", ".join(f"{value:.2f}" for value in row)
            lines.append(f"    {key}: ({numbers}),")
        lines.append("}")
        lines.append(f"{name.upper()}_VALUES: tuple[tuple[float, ...], ...] = tuple(")
        lines.append(f"    _{name.upper()}_ROWS.get(key, _ZERO) for key in range({KEY_COUNT}))")
        lines.append("")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Learn Poker Squares line values by self-play.")
    parser.add_argument("--games", type=int, default=DEFAULT_GAMES)
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--out", type=Path, default=TABLE_FILE)
    args = parser.parse_args(argv)
    tables = {name: learn(name, args.games, args.seed) for name in ("american", "english")}
    args.out.write_text(table_source(tables, args.games, args.seed))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
