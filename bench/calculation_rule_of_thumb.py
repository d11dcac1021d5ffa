"""Calculation: how often the advisor's rule of thumb wins alone, over random
hands (not part of the tests).

    python bench/calculation_rule_of_thumb.py [--hands N] [--seed S] [--pure]

The advisor compares its placements by playing imagined orders of the cards
to come with a rule of thumb (``policy.quick_choice``); how well its
play-outs tell placements apart rests on that rule.  This plays N hands
(default 40,000) from the opening position, each an order of the 48 cards
drawn by ``playouts.draw_future`` from seed S (the same hands on every
machine), by the rule alone, with the compiled play-outs (or, given
``--pure``, the pure-Python ones: the same games, some hundred times
slower).  It prints the wins with their 95% Wilson interval and the mean
score.  Budget-free and deterministic: the load changes the seconds, never
the figures.
"""

from __future__ import annotations

import argparse
import statistics
import time

from intervals import format_rate

from cardgui.engine.games.calculation.deck import shuffled_hand
from cardgui.engine.games.calculation.playouts import COMPILED, draw_future, totals
from cardgui.engine.games.calculation.ranks import FULL, WON_SCORE, rank_counts

OPENING = (((), (), (), ()), (1, 1, 1, 1))       # no waste, the four starters up


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=40_000)
    parser.add_argument("--seed", type=int, default=77)
    parser.add_argument("--pure", action="store_true", help="the pure-Python play-outs")
    args = parser.parse_args()
    if args.hands < 1:
        parser.error("--hands must be positive")
    if not 0 <= args.seed < 1 << 64:
        parser.error("--seed must be from 0 to 2^64 - 1")
    if not args.pure and not COMPILED:
        parser.error("the compiled play-outs were not built: give --pure")
    to_come = rank_counts(card.rank for card in shuffled_hand(1))
    assert sum(to_come) == WON_SCORE - 4 and max(to_come) <= 4 and to_come[FULL] == 4
    state, scores = args.seed, []
    started = time.process_time()
    for _ in range(args.hands):
        state, future = draw_future(to_come, state)
        # a won play-out totals its score plus the bonus of 1: 53
        scores.append(totals([OPENING], [future], to_come, 1, compiled=not args.pure)[0])
    seconds = time.process_time() - started
    wins = sum(score > WON_SCORE for score in scores)
    mean = statistics.fmean(min(score, WON_SCORE) for score in scores)
    print(f"Calculation's rule of thumb alone ({'pure Python' if args.pure else 'compiled'}), "
          f"{args.hands} random hands from seed {args.seed}: won {format_rate(wins, args.hands)}; "
          f"mean score {mean:.2f} of {WON_SCORE}; {seconds:.1f} processor s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
