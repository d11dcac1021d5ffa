"""A worker for ``pokersquares_against.py`` (not part of the tests): plays
Poker Squares deals by the advisor of whichever tree it imports ``cardgui``
from, one deal a request.

Each line on stdin is ``DEAL SCORING SECONDS_PER_CARD``; for each it writes
one line of JSON: the score, the final grid (rows of card names), and the
processor and clock seconds the advisor spent on the deal.  It ends at the
end of its input.
"""

from __future__ import annotations

import json
import sys
import time

from cardgui.engine.games.pokersquares import advisor


def main() -> int:
    for line in sys.stdin:
        deal, scoring, seconds = line.split()
        started, clock = time.process_time(), time.perf_counter()
        result = advisor.play_deal(int(deal), scoring, float(seconds))
        print(json.dumps({"deal": int(deal), "score": result.score,
                          "grid": [list(row) for row in result.grid],
                          "processor": time.process_time() - started,
                          "clock": time.perf_counter() - clock,
                          "advisor": advisor.__file__}), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
