"""``cardgui text pokersquares``: Poker Squares in a terminal, on the shared engine.

It reads words separated by spaces or lines: a cell (``a1`` to ``e5``: column
letter, then row digit) places the next card there; ``u`` undoes, ``y``
redoes, ``g`` starts a new deal, ``?`` lists the commands and ``x`` stops
(``undo``, ``redo``, ``new``, ``help``, ``quit`` and ``exit`` work too).  A
word that is refused is reported and skipped; nothing changes.

At a terminal it redraws the grid after each line typed, with each row's and
column's hand and points and the running total.  From a pipe or file it reads
to end of input, reports each refused word (``bell: ...``) and prints the
final grid; with ``--json`` it prints only the final state as one JSON object
(``grid[row][column]``, rows top to bottom) and reports refusals on stderr.
"""

from __future__ import annotations

import json
import sys
from typing import IO, Any, Callable, Mapping

from ..engine.deals import random_deal_number
from ..engine.games.pokersquares.game import PokerSquares
from ..engine.games.pokersquares.keys import PokerSquaresKeys
from ..engine.games.pokersquares.position import parse_cell
from ..engine.keyboard import Request, Response
from ..engine.moves import IllegalMove
from ..engine.registry import GameInfo
from . import terminal
from .pokersquares_screen import grid_lines, help_lines

COMMAND_WORDS = {"undo": "U", "redo": "Y", "new": "G", "help": "?", "quit": "X", "exit": "X"}
COMMAND_ACTIONS = frozenset({"undo", "redo", "new_game", "help", "quit"})
HELP_ACTIONS = COMMAND_ACTIONS | {"column"}


class PokerSquaresSession:
    """One terminal session: the game in play, its keys, and what to say next."""

    def __init__(self, deal: int | None, scoring: str,
                 new_deal: Callable[[], int] = random_deal_number) -> None:
        self._new_deal = new_deal
        self.scoring = scoring
        self.keys = PokerSquaresKeys(PokerSquares(deal if deal is not None else new_deal(),
                                                  scoring))
        self.message = f"Deal {self.game.deal_number}. Type a cell (a1 to e5), or ? for help."
        self.finished = False

    @property
    def game(self) -> PokerSquares:
        return self.keys.game

    def enter(self, word: str) -> Response:
        """One word: a cell or a command.  A request for a new game or to stop
        is carried out here."""
        key = COMMAND_WORDS.get(word.lower(), word)
        binding = self.keys.table.lookup(key) if len(key) == 1 else None
        if binding is not None and binding.action in COMMAND_ACTIONS:
            response = self.keys.press(key)
        else:
            try:
                parse_cell(word)
            except IllegalMove as refusal:
                response = Response(message=str(refusal), bell=True)
            else:
                self.keys.press(word[0])
                response = self.keys.press(word[1])
        if response.request is Request.NEW_GAME:
            self.keys = PokerSquaresKeys(PokerSquares(self._new_deal(), self.scoring))
            self.message = f"New game: deal {self.game.deal_number}."
        elif response.request is Request.QUIT:
            self.finished = True
            self.message = "Goodbye."
        else:
            self.message = response.message
        return response


def run_interactive(session: PokerSquaresSession, stdin: IO[str], stdout: IO[str]) -> None:
    """Play at a terminal, a line at a time, until ``x`` or end of input."""
    def draw(lines: list[str], said: list[str]) -> None:
        stdout.write(terminal.CLEAR_SCREEN + "\n".join(lines + [""] + said) + "\n> ")
        stdout.flush()

    colour = terminal.uses_colour(stdout)
    draw(grid_lines(session.game, colour), [session.message])
    for line in iter(stdin.readline, ""):
        said: list[str] = []
        shown_help = False
        for word in line.split():
            response = session.enter(word)
            if response.bell:
                stdout.write(terminal.BELL)
            shown_help = shown_help or response.request is Request.HELP
            if session.message:
                said.append(session.message)
            if session.finished:
                stdout.write("\n")
                return
        screen = grid_lines(session.game, colour)
        if shown_help:
            screen = help_lines(session.keys.table, HELP_ACTIONS) + [""] + screen
        draw(screen, said)
    stdout.write("\n")


def run_piped(session: PokerSquaresSession, stdin: IO[str], stdout: IO[str],
              as_json: bool, stderr: IO[str]) -> None:
    """Read words to end of input (or ``x``); report refusals and print the
    final grid, or with ``as_json`` only the final state as JSON."""
    for word in terminal.words(stdin):
        response = session.enter(word)
        if response.bell:
            (stderr if as_json else stdout).write(f"bell: {response.message}\n")
        elif response.request is Request.HELP and not as_json:
            stdout.write("\n".join(help_lines(session.keys.table, HELP_ACTIONS)) + "\n")
        elif response.request is Request.NEW_GAME and not as_json:
            stdout.write(session.message + "\n")
        if session.finished:
            break
    if as_json:
        stdout.write(json.dumps(session.game.to_json()) + "\n")
        return
    stdout.write("\n".join(grid_lines(session.game)) + "\n")


def main(info: GameInfo | None, deal: int | None, as_json: bool, options: Mapping[str, Any],
         stdin: IO[str], stdout: IO[str], stderr: IO[str] | None = None) -> int:
    """Run the terminal front end with ``options`` (``scoring``, American when
    not given); returns the exit status (0: refused words are part of play,
    not errors).  ``stderr`` (default ``sys.stderr``) gets the refusals in
    ``--json`` mode, so stdout holds only the JSON."""
    session = PokerSquaresSession(deal, str(options.get("scoring", "american")))
    if terminal.is_terminal(stdin) and not as_json:
        run_interactive(session, stdin, stdout)
    else:
        run_piped(session, stdin, stdout, as_json, stderr or sys.stderr)
    return 0
