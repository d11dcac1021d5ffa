"""A game's options: what the player may set, and what each starts as."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option of a game (FreeCell's automatic safe plays, Poker Squares'
    scoring).

    ``choices`` empty means an on/off option; otherwise (label, value) pairs.
    ``now`` says whether a change applies to the game in play or only to the
    next ones.  ``terminal_default``, when not None, is where the terminal
    program starts instead of ``default`` (FreeCell's terminal plays nothing
    up by itself unless asked, so that solutions replay as written).
    """

    name: str
    label: str
    default: Any
    choices: tuple[tuple[str, Any], ...] = ()
    now: bool = True
    terminal_default: Any = None

    @property
    def is_switch(self) -> bool:
        """True for an on/off option."""
        return not self.choices

    def accepts(self, value: Any) -> bool:
        """True if ``value`` is one this option can take."""
        if self.is_switch:
            return isinstance(value, bool)
        return any(value == choice for _, choice in self.choices)


def usable_options(specs: tuple[OptionSpec, ...], stored: Mapping[str, Any]) -> dict[str, Any]:
    """The options a new game starts with: each spec's stored value if it is
    one the option can take, else its default; stored names no spec knows are
    dropped."""
    return {spec.name: stored[spec.name] if spec.name in stored and spec.accepts(stored[spec.name])
            else spec.default for spec in specs}
