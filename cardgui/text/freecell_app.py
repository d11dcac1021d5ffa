"""``cardgui text freecell``: FreeCell in a terminal, moves in standard notation.

Moves are read whitespace-separated, as FreeCell Pro and ``fc-solve -snx``
write them (``58 3a bh 27v4``); ``u`` undoes, ``y`` redoes, ``?`` shows the
help and ``q`` stops.  An illegal move, or a word that is not a move, is
reported and skipped; nothing changes.  Cards go up to the foundations only
when played there, unless ``autoplay`` is on.

At a terminal the board is shown after every move, and refusals are shown
under it.  From a pipe or file the moves are read to end of input, refusals
go to ``stderr``, and then the final board is printed, or with ``as_json``
only the final state as one JSON object.
"""

from __future__ import annotations

import json
import sys
from typing import IO, Any, Mapping

from ..engine.deals import random_deal_number
from ..engine.games.freecell.game import FreeCell
from ..engine.games.freecell.notation import play_standard
from ..engine.moves import IllegalMove
from ..engine.registry import GameInfo
from . import terminal
from .freecell_screen import HELP_LINES, board_lines, status_line

# Windows 7 FreeCell's deals; the only unsolvable one below 32000 is 11982.
RANDOM_DEAL_HIGHEST = 1_000_000
UNDO, REDO, HELP, QUIT = "u", "y", "?", "q"


class FreeCellSession:
    """A game driven by words: moves in standard notation and a few commands."""

    def __init__(self, game: FreeCell) -> None:
        self.game = game
        self.finished = False

    def take(self, word: str) -> tuple[bool, str]:
        """Carry out one word; (whether it was accepted, what to tell the player)."""
        command = word.lower()
        try:
            if command == QUIT:
                self.finished = True
                return True, "Goodbye."
            if command == HELP:
                return True, "\n".join(HELP_LINES)
            if command == UNDO:
                return True, self.game.undo().message
            if command == REDO:
                return True, self.game.redo().message
            return True, play_standard(self.game, word)
        except (IllegalMove, ValueError) as refusal:
            return False, str(refusal)


def run_interactive(session: FreeCellSession, stdin: IO[str], stdout: IO[str]) -> None:
    """Show the board, then after every word the board again and what happened."""
    colour = terminal.uses_colour(stdout)

    def show(message: str) -> None:
        stdout.write("\n".join(board_lines(session.game, colour)) + "\n\n"
                     + message + "\n")
        stdout.flush()

    show(f"{status_line(session.game)}\nType ? for help.")
    for word in terminal.words(stdin, prompt=stdout):
        accepted, message = session.take(word)
        if session.finished:
            stdout.write(message + "\n")
            return
        if not accepted:
            message = f"Skipped {word!r}: {message}"
            stdout.write(terminal.BELL)
        show(message + "\n" + status_line(session.game) if message else
             status_line(session.game))
    stdout.write("\n")


def run_piped(session: FreeCellSession, stdin: IO[str], stdout: IO[str],
              stderr: IO[str], as_json: bool) -> None:
    """Read every word to end of input (or ``q``); report refusals on
    ``stderr``; then print the final board, or only the final state as JSON."""
    for number, word in enumerate(terminal.words(stdin), 1):
        accepted, message = session.take(word)
        if not accepted:
            stderr.write(f"cardgui text freecell: skipped word {number}, {word!r}: {message}\n")
        elif word == HELP and not as_json:
            stdout.write(message + "\n")
        if session.finished:
            break
    if as_json:
        stdout.write(json.dumps(session.game.to_json()) + "\n")
    else:
        stdout.write("\n".join(board_lines(session.game)) + "\n\n"
                     + status_line(session.game) + "\n")


def main(info: GameInfo | None, deal: int | None, as_json: bool, options: Mapping[str, Any],
         stdin: IO[str], stdout: IO[str], stderr: IO[str] | None = None) -> int:
    """Run the terminal front end on deal ``deal`` (a random one from 1 to
    1,000,000 when None) with ``options`` (``autoplay``, off when not given);
    returns the exit status, 0."""
    game = FreeCell(deal if deal is not None else random_deal_number(RANDOM_DEAL_HIGHEST),
                    autoplay=bool(options.get("autoplay", False)))
    session = FreeCellSession(game)
    if terminal.is_terminal(stdin) and not as_json:
        run_interactive(session, stdin, stdout)
    else:
        run_piped(session, stdin, stdout, stderr or sys.stderr, as_json)
    return 0
