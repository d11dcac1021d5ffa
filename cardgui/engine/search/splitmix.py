"""SplitMix64 (Steele, Lea and Flood, 2014): the random numbers of every
search and play-out that must give the same answers in Python and in C
(the compiled ones include the same lines in C, ``_splitmix.h`` beside
this module, and tests hold the two equal).  Small, fast and exactly repeatable from a seed."""

from __future__ import annotations

_MASK = (1 << 64) - 1


class SplitMix:
    """A SplitMix64 generator; ``state`` is its whole state (a number below
    2^64), to be handed on where the draws continue elsewhere."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next(self) -> int:
        """The next number, below 2^64."""
        self.state = state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        state = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        state = ((state ^ (state >> 27)) * 0x94D049BB133111EB) & _MASK
        return state ^ (state >> 31)

    def below(self, bound: int) -> int:
        """The next number, mod ``bound`` (which must be positive)."""
        return self.next() % bound
