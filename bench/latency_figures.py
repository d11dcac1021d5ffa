"""Figures for the latency benchmark: percentiles, a distribution-free
interval for a median, a bootstrap interval for a difference, and the
table's lines (milliseconds)."""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Sequence

FRAME_MS = 1000 / 60        # the goal: a difference under one frame
SEED = 223                  # the bootstrap's seed: the same data, the same interval


def percentile(values: Sequence[float], fraction: float) -> float:
    from drag_inprocess import percentile as nearest_rank
    return nearest_rank(list(values), fraction)


def median_interval(values: Sequence[float], z: float = 1.96) -> tuple[float, float]:
    """A distribution-free 95% interval for the median: the order statistics
    of ranks n/2 -/+ z·√n/2 (the binomial's normal approximation)."""
    ordered = sorted(values)
    n = len(ordered)
    half = z * math.sqrt(n) / 2
    return (ordered[max(0, math.floor(n / 2 - half) - 1)],
            ordered[min(n - 1, math.ceil(n / 2 + half))])


def bootstrap_difference(base: Sequence[float], other: Sequence[float],
                         statistic: Callable[[Sequence[float]], float],
                         rounds: int = 2000, seed: int = SEED) -> tuple[float, float]:
    """A 95% percentile-bootstrap interval for statistic(other) - statistic(base),
    each series resampled on its own (seeded: the same data, the same interval)."""
    chance = random.Random(seed)
    differences = sorted(statistic(chance.choices(other, k=len(other)))
                         - statistic(chance.choices(base, k=len(base))) for _ in range(rounds))
    return differences[int(0.025 * rounds)], differences[int(0.975 * rounds) - 1]


def p90(values: Sequence[float]) -> float:
    return percentile(values, 0.9)


def row(label: str, values: Sequence[float]) -> str:
    """One line of the table: median [95% CI], p90, p99, max (milliseconds)."""
    if not values:
        return f"  {label:36} no key changed the table"
    low, high = median_interval(values)
    middle = f"{statistics.median(values):6.2f} [{low:.2f}, {high:.2f}]"
    return (f"  {label:36} {middle:>22} {p90(values):7.2f} {percentile(values, 0.99):7.2f} "
            f"{max(values):7.2f}")


def difference_row(label: str, base: Sequence[float], other: Sequence[float]) -> str:
    """The line other - base: the medians' and the p90s' differences with
    their intervals, and whether the goal is met."""
    if not base or not other:
        return f"  {label:36} -"
    low, high = bootstrap_difference(base, other, statistics.median)
    p90_low, p90_high = bootstrap_difference(base, other, p90)
    middle = f"{statistics.median(other) - statistics.median(base):+6.2f} [{low:+.2f}, {high:+.2f}]"
    return (f"  {label:36} {middle:>22} {p90(other) - p90(base):+7.2f} "
            f"[{p90_low:+.2f}, {p90_high:+.2f}]  goal < {FRAME_MS:.1f}: "
            f"{'met' if high < FRAME_MS else 'NOT met'}")
