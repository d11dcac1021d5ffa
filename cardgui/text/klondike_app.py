"""``cardgui text klondike``: the book's program in a terminal, on the shared engine.

At a terminal it reads single keystrokes and redraws the board after each.
From a pipe or file it reads keystrokes until end of input, printing each
message and then the final board, or with ``--json`` only the final state.
"""

from __future__ import annotations

import json
from typing import IO, Any, Callable, Iterable, Mapping

from ..engine.deals import random_deal_number
from ..engine.games.klondike.game import Klondike
from ..engine.games.klondike.keys import KlondikeKeys
from ..engine.keyboard import Request, Response
from ..engine.registry import GameInfo
from . import terminal
from .klondike_screen import board_lines, help_lines

IGNORED_KEYS = frozenset("\r\n")


class KlondikeSession:
    """One terminal session: the game in play, its keys, and what to say next."""

    def __init__(self, deal: int | None, new_deal: Callable[[], int] = random_deal_number) -> None:
        self._new_deal = new_deal
        self.keys = KlondikeKeys(Klondike(deal if deal is not None else new_deal()))
        self.message = f"Deal {self.game.deal_number}. Press ? for the commands."
        self.finished = False

    @property
    def game(self) -> Klondike:
        return self.keys.game

    def press(self, key: str) -> Response:
        """One keystroke; a request for a new game or to quit is carried out here."""
        if key.startswith(terminal.ESCAPE):
            response = Response(message="Arrow and function keys do nothing here; "
                                        "press ? for the commands.", bell=True)
        else:
            response = self.keys.press(key)
        if response.request is Request.NEW_GAME:
            self.keys = KlondikeKeys(Klondike(self._new_deal()))
            self.message = f"New game: deal {self.game.deal_number}."
        elif response.request is Request.QUIT:
            self.finished = True
            self.message = "Goodbye."
        else:
            self.message = response.message or self.state_message()
        return response

    def state_message(self) -> str:
        if self.game.is_won:
            return "You win!  G for a new game, X to exit."
        if self.game.is_stuck:
            return "No card can move again.  U to undo, G for a new game."
        return ""


def run_interactive(session: KlondikeSession, stdin: IO[str], stdout: IO[str]) -> None:
    """Play at a terminal until X or end of input."""
    colour = terminal.uses_colour(stdout)

    def draw(lines: Iterable[str]) -> None:
        stdout.write(terminal.CLEAR_SCREEN + "\n".join(lines) + "\n")
        stdout.flush()

    def draw_board() -> None:
        draw(board_lines(session.game, colour)
             + ["", session.message, "> " + session.keys.pending])

    with terminal.cbreak(stdin):
        draw_board()
        keys = terminal.terminal_keys(stdin)
        for key in keys:
            if key in IGNORED_KEYS:
                continue
            response = session.press(key)
            if response.bell:
                stdout.write(terminal.BELL)
            if response.request is Request.HELP:
                draw(help_lines(session.keys.table) + ["", "Type any key to continue."])
                if next(keys, None) is None:
                    break
            if session.finished:
                break
            draw_board()
    stdout.write("\n")


def run_piped(session: KlondikeSession, stdin: IO[str], stdout: IO[str], as_json: bool,
              stderr: IO[str] | None = None) -> None:
    """Read keystrokes to end of input (or X); print the messages and the final
    board, or with ``as_json`` only the final state as one JSON object on
    ``stdout`` (refused keys are then reported on ``stderr``)."""
    for key in terminal.piped_keys(stdin):
        if key in IGNORED_KEYS:
            continue
        response = session.press(key)
        if as_json:
            if response.bell and stderr is not None:
                stderr.write(f"bell: {session.message}\n")
        else:
            if response.request is Request.HELP:
                stdout.write("\n".join(help_lines(session.keys.table)) + "\n")
            elif response.request is Request.REDISPLAY:
                stdout.write("\n".join(board_lines(session.game)) + "\n")
            elif session.message:
                stdout.write(("bell: " if response.bell else "") + session.message + "\n")
        if session.finished:
            break
    if as_json:
        stdout.write(json.dumps(session.game.to_json()) + "\n")
    else:
        stdout.write("\n".join(board_lines(session.game)) + "\n")
        final = session.state_message()
        if final:
            stdout.write(final + "\n")


def main(info: GameInfo | None, deal: int | None, as_json: bool, options: Mapping[str, Any],
         stdin: IO[str], stdout: IO[str], stderr: IO[str] | None = None) -> int:
    """Run the terminal front end; returns the exit status.  Klondike has no
    options."""
    session = KlondikeSession(deal)
    if terminal.is_terminal(stdin) and not as_json:
        run_interactive(session, stdin, stdout)
    else:
        run_piped(session, stdin, stdout, as_json, stderr)
    return 0
