"""A terminal program for any game: its keys, one at a time, and its piles
as lines of text.  A game registered without a terminal program of its own
gets this one.

At a terminal it reads single keystrokes and shows the piles after each;
from a pipe or a file it reads keys to end of input, printing each message
and then the final piles, or with ``--json`` only the final position.
"""

from __future__ import annotations

import json
from typing import IO, Any, Iterable, Mapping

from ..engine.game import Game
from ..engine.keyboard import Request, Response
from ..engine.registry import GameInfo
from . import terminal

IGNORED_KEYS = frozenset("\r\n")


def pile_lines(game: Game[Any]) -> list[str]:
    """One line per pile: its name, its face-up cards, how many lie face down."""
    lines = [f"{game.title}, deal {game.deal_number}"]
    for pile_id in sorted(game.piles):
        pile = game.piles[pile_id]
        hidden = f"[{pile.hidden} face down] " if pile.hidden else ""
        lines.append(f"{pile_id}: {hidden}{' '.join(card.name for card in pile.shown)}".rstrip())
    return lines


def help_lines(info: GameInfo, game: Game[Any]) -> list[str]:
    return [f"{info.title}: the keys"] + ["  " + line
                                          for line in info.keys(game).table.help_lines()]


class AnyGameSession:
    """The game in play and its keys, and whether the player has quit."""

    def __init__(self, info: GameInfo, deal: int | None, options: Mapping[str, Any]) -> None:
        self.info, self.options = info, dict(options)
        self.game = info.new_game(deal, self.options)
        self.keys = info.keys(self.game)
        self.finished = False

    def press(self, key: str) -> Response:
        response = self.keys.press(key)
        if response.request is Request.NEW_GAME:
            self.game = self.info.new_game(None, self.options)
            self.keys = self.info.keys(self.game)
        elif response.request is Request.QUIT:
            self.finished = True
        return response


def main(info: GameInfo, deal: int | None, as_json: bool, options: Mapping[str, Any],
         stdin: IO[str], stdout: IO[str], stderr: IO[str] | None = None) -> int:
    """Play ``info`` in the terminal; returns the exit status, 0."""
    session = AnyGameSession(info, deal, options)
    if terminal.is_terminal(stdin) and not as_json:
        with terminal.cbreak(stdin):
            _play(session, terminal.terminal_keys(stdin), stdout, interactive=True)
    else:
        _play(session, terminal.piped_keys(stdin), stdout if not as_json else None,
              interactive=False)
        if as_json:
            stdout.write(json.dumps(session.game.to_json()) + "\n")
            return 0
    stdout.write("\n".join(pile_lines(session.game)) + "\n")
    return 0


def _play(session: AnyGameSession, keys: Iterable[str], out: IO[str] | None,
          interactive: bool) -> None:
    if out is not None and interactive:
        out.write("\n".join(pile_lines(session.game)) + "\nPress ? for the keys.\n")
    for key in keys:
        if key in IGNORED_KEYS:
            continue
        response = session.press(key)
        if out is not None:
            if response.request is Request.HELP:
                out.write("\n".join(help_lines(session.info, session.game)) + "\n")
            elif response.message:
                out.write(("bell: " if response.bell else "") + response.message + "\n")
            if interactive and response.outcome.changed:
                out.write("\n".join(pile_lines(session.game)) + "\n")
            out.flush()
        if session.finished:
            return
