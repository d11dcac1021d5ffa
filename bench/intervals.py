"""Confidence intervals for the benchmarks: a mean's (normal approximation)
and a rate's (Wilson score interval), both at 95%."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

Z95 = 1.96


def mean_interval(values: Sequence[float]) -> tuple[float, float]:
    """(mean, half-width of its 95% interval: 1.96 sd / sqrt(n))."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.inf
    return mean, Z95 * statistics.stdev(values) / math.sqrt(len(values))


def ratio_interval(ratios: Sequence[float]) -> tuple[float, float, float]:
    """(geometric mean of ``ratios``, low, high): its 95% interval, from the
    mean of the logarithms (``mean_interval``); a single ratio has no bounds
    (0 and infinity)."""
    mean, half = mean_interval([math.log(ratio) for ratio in ratios])
    return math.exp(mean), math.exp(mean - half), math.exp(mean + half)


def wilson_interval(successes: int, trials: int) -> tuple[float, float, float]:
    """(rate, low, high): the Wilson score interval at 95%."""
    if trials == 0:
        return math.nan, 0.0, 1.0
    rate = successes / trials
    denominator = 1 + Z95 ** 2 / trials
    centre = (rate + Z95 ** 2 / (2 * trials)) / denominator
    spread = (Z95 * math.sqrt(rate * (1 - rate) / trials + Z95 ** 2 / (4 * trials ** 2))
              / denominator)
    return rate, max(0.0, centre - spread), min(1.0, centre + spread)


def format_mean(values: Sequence[float]) -> str:
    mean, half = mean_interval(values)
    return f"{mean:7.2f} ± {half:5.2f}"


def format_rate(successes: int, trials: int) -> str:
    rate, low, high = wilson_interval(successes, trials)
    return f"{successes:5d}/{trials:<5d} {rate:6.1%} [{low:6.1%}, {high:6.1%}]"


def census(verdicts: Sequence[str], seconds: Sequence[float]) -> str:
    """A solver's census as the issue's table gives it: the unknown deals'
    share with its interval, the winnable and impossible counts, and the
    processor seconds a deal (``verdicts``: "winnable", "impossible" or
    "unknown", one a deal; ``seconds`` likewise)."""
    unknown = sum(verdict == "unknown" for verdict in verdicts)
    won = sum(verdict == "winnable" for verdict in verdicts)
    lost = sum(verdict == "impossible" for verdict in verdicts)
    return (f"{' '.join(format_rate(unknown, len(verdicts)).split())} (winnable {won}, "
            f"impossible {lost}); processor s a deal {' '.join(format_mean(seconds).split())}")
