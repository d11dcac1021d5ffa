"""A terminal program for any game: its keys, one at a time, and its piles
as lines of text.  A game registered without a terminal program of its own
gets this one."""

from __future__ import annotations

from typing import Any

from ..engine.game import Game
from ..engine.registry import find_game
from ..engine.terminal_plan import TerminalSpec


def pile_lines(game: Game[Any], colour: bool = False) -> list[str]:
    """One line per pile: its name, its face-up cards, how many lie face down."""
    lines = [f"{game.title}, deal {game.deal_number}"]
    for pile_id in sorted(game.piles):
        pile = game.piles[pile_id]
        hidden = f"[{pile.hidden} face down] " if pile.hidden else ""
        lines.append(f"{pile_id}: {hidden}{' '.join(card.name for card in pile.shown)}".rstrip())
    return lines


def help_pages(game: Game[Any]) -> list[list[str]]:
    """The game's keys, as its key table lists them."""
    table = find_game(game.game_id).keys(game).table
    return [[f"{game.title}: the keys"] + ["  " + line for line in table.help_lines()]]


TERMINAL = TerminalSpec(pile_lines, help_pages)
