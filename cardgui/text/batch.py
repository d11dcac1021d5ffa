"""Running one job per deal over a range of deals, on every core.

``cardgui solve --deals A-B`` and ``cardgui demo --deals A-B`` print a line a
deal, in deal order, as the results come in; at a terminal a progress line
on stderr says how far it has got; at the end a summary.  Ctrl+C stops the
workers at once and prints the summary of the deals done so far.
"""

from __future__ import annotations

import math
import os
import re
import signal
import statistics
import time
from collections import deque
from dataclasses import dataclass
from multiprocessing.pool import AsyncResult
from typing import IO, Any, Callable, Sequence

from ..processes import batch_context

_RANGE = re.compile(r"([0-9]+)-([0-9]+)")


def parse_range(text: str, highest: int) -> range:
    """The deals ``A-B`` names (both included), plain ASCII digits.

    Raises:
        ValueError: saying what is wrong.
    """
    match = _RANGE.fullmatch(text)
    if not match:
        raise ValueError(f"{text!r} is not a range of deals: write A-B, like 1-1000")
    first, last = int(match.group(1)), int(match.group(2))
    if not 1 <= first <= last <= highest:
        raise ValueError(f"deals {text} are not a range from 1 to {highest}, first to last")
    return range(first, last + 1)


def workers() -> int:
    """How many worker processes: one a core."""
    return max(1, os.cpu_count() or 1)


MOST_A_CHUNK = 16
"""The most deals handed to a worker at once: a deal solved in a millisecond
would otherwise cost more to send and take back than to solve."""


def chunk_size(deals: int, count: int) -> int:
    """How many deals to hand a worker at once: enough to make sending them
    cheap, few enough that every worker has about eight chunks to do (so the
    last ones finish together and the progress line moves)."""
    return max(1, min(MOST_A_CHUNK, deals // (8 * count)))


def _run_chunk(job: Callable[[int], Any], numbers: Sequence[int]) -> list[Any]:
    """A worker's task: ``job`` for each deal of a chunk, in order."""
    return [job(number) for number in numbers]


def _ignore_ctrl_c() -> None:
    """A worker leaves Ctrl+C to the parent, which stops it: a terminal sends
    the signal to every process of the command, and a worker interrupted
    mid-deal would print a traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_range(deals: range, job: Callable[[int], Any], line: Callable[[Any], str],
              summary: Callable[[list[Any], float], list[str]], out: IO[str],
              err: IO[str]) -> int:
    """Run ``job(deal)`` for each deal on every core; print ``line(result)`` for
    each in deal order, then ``summary(results, seconds)``.  Returns 0, or 130
    after Ctrl+C (the summary then covers the deals done).  ``job`` is
    pickled for the workers, a few deals at a time."""
    results: list[Any] = []
    started = time.monotonic()
    progress = err.isatty() if hasattr(err, "isatty") else False
    context = batch_context()
    count = workers()
    pool = context.Pool(count, initializer=_ignore_ctrl_c)
    size = chunk_size(len(deals), count)
    # Only a few chunks are handed out ahead: Pool.imap would queue the whole
    # range at once, and terminating a pool whose queue is still being filled
    # can hang for good.
    waiting: deque[AsyncResult[list[Any]]] = deque()
    chunks = (deals[at:at + size] for at in range(0, len(deals), size))
    status = 0
    try:
        while True:
            while len(waiting) < 2 * count:
                chunk = next(chunks, None)
                if chunk is None:
                    break
                waiting.append(pool.apply_async(_run_chunk, (job, chunk)))
            if not waiting:
                break
            for result in waiting.popleft().get():
                results.append(result)
                if progress:
                    err.write("\r\x1b[K")
                out.write(line(result) + "\n")
            out.flush()
            if progress:
                elapsed = time.monotonic() - started
                err.write(f"{len(results)}/{len(deals)} deals, {elapsed:.0f} s")
                err.flush()
        pool.close()
    except KeyboardInterrupt:
        pool.terminate()
        status = 130
        out.write("Stopped.\n")
    except BaseException:
        pool.terminate()
        raise
    finally:
        pool.join()
        if progress:
            err.write("\r\x1b[K")
    for text in summary(results, time.monotonic() - started):
        out.write(text + "\n")
    return status


@dataclass(frozen=True, slots=True)
class Estimate:
    """A mean or a share with its 95% confidence interval."""

    value: float
    low: float
    high: float

    def percent(self) -> str:
        return f"{self.value:.1%} (95% CI {self.low:.1%} to {self.high:.1%})"

    def plain(self, digits: int = 1) -> str:
        return f"{self.value:.{digits}f} (95% CI {self.low:.{digits}f} to {self.high:.{digits}f})"


def share(hits: int, total: int) -> Estimate:
    """``hits`` of ``total`` with its Wilson 95% interval."""
    if total == 0:
        return Estimate(0.0, 0.0, 0.0)
    z = 1.959964
    rate = hits / total
    centre = (rate + z * z / (2 * total)) / (1 + z * z / total)
    margin = z * math.sqrt(rate * (1 - rate) / total + z * z / (4 * total * total)) \
        / (1 + z * z / total)
    return Estimate(rate, max(0.0, centre - margin), min(1.0, centre + margin))


def mean(values: Sequence[float]) -> Estimate:
    """The mean of ``values`` with its 95% interval (normal approximation)."""
    if not values:
        return Estimate(0.0, 0.0, 0.0)
    average = statistics.fmean(values)
    if len(values) < 2:
        return Estimate(average, average, average)
    margin = 1.959964 * statistics.stdev(values) / math.sqrt(len(values))
    return Estimate(average, average - margin, average + margin)


def median(values: Sequence[float]) -> float:
    return statistics.median(values) if values else 0.0
